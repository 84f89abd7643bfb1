"""Your-turn reminders' timers (bot/matches/reminders.py) on a fake clock: when one is
due, that it goes once per waiting decision, that the member's own interaction cancels
it, that a restart sends a due one once and never twice, and the forfeit warning."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from bot.engine import BingoState
from bot.engine.actions import Decision
from bot.matches import DecisionApplied, Match, MatchRuntime, MemoryMatchStore, Seat, Timing
from bot.matches.reminders import FORFEIT, REMINDER, SEEN, Reminder, Reminders, reminder_for

from .conftest import ALICE, BOB, BOT, RandomPolicy, Recorder

TIMING = Timing(turn_seconds=100, counter_seconds=40, choice_seconds=60, agent_pause=0)
START = 1_000_000.0


async def settle() -> None:
    """Let the reminders' background work (tidying, claims) run."""
    for _ in range(5):
        await asyncio.sleep(0)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


class FakeTimers:
    """The scheduler's two calls, run by hand: :meth:`run_due` runs what is due."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.jobs: dict[Hashable, tuple[float, Callable[[], Awaitable[object]]]] = {}

    def schedule(self, key: Hashable, when: float, callback) -> None:
        self.jobs[key] = (when, callback)

    def cancel(self, key: Hashable) -> bool:
        return self.jobs.pop(key, None) is not None

    async def run_due(self) -> int:
        due = [(k, job) for k, job in self.jobs.items() if job[0] <= self.clock.now]
        for key, (_, callback) in due:
            del self.jobs[key]
            await callback()
        return len(due)


class MemoryReminderStore:
    """The store's rules in memory (bot/storage/reminders.py is tested on SQLite and
    PostgreSQL in tests/storage/test_reminders.py)."""

    def __init__(self) -> None:
        self.on: set[int] = set()
        self.marks: dict[tuple[int, int], dict[str, Any]] = {}

    async def reminders_on(self, user_id: int) -> bool:
        return user_id in self.on

    async def claim_reminder(self, match_id, user_id, version, kind, now) -> bool:
        mark = self.marks.get((match_id, user_id))
        if mark is not None and mark["version"] >= version:
            return False
        self.marks[match_id, user_id] = {"version": version, "kind": kind, "post": None}
        return True

    async def reminder_posted(self, match_id, user_id, version, channel_id, message_id) -> None:
        mark = self.marks.get((match_id, user_id))
        if mark is not None and mark["version"] == version:
            mark["post"] = (channel_id, message_id)

    async def reminder_posts(self, match_id):
        return [
            (user, mark["version"], *mark["post"])
            for (match, user), mark in sorted(self.marks.items())
            if match == match_id and mark["post"] is not None
        ]

    async def forget_reminders(self, match_id) -> None:
        for key in [k for k in self.marks if k[0] == match_id]:
            del self.marks[key]


class World:
    """A runtime on the fake clock, one match, and a :class:`Reminders` over them (a new
    one after :meth:`restart`, over the same stores, as a new process would be)."""

    def __init__(self, *, thread: bool = False, seats: tuple[Seat, Seat] | None = None) -> None:
        self.clock = Clock()
        self.store = MemoryReminderStore()
        self.matches = MemoryMatchStore()
        self.sent: list[Reminder] = []
        self.tidied: list[tuple[int, int]] = []
        self.thread = thread
        self.runtime = MatchRuntime(self.matches, timing=TIMING, clock=self.clock)
        self.recorder = Recorder()
        self.runtime.subscribe(self.recorder)
        state, _ = BingoState.new(3)
        self.match = Match(1, seats or (Seat.human(ALICE), Seat.human(BOB)), state)
        self.match.deadline = self.runtime.deadline_for(state)
        self.matches.insert(1, state, self.match.deadline)
        self.reminders = self._reminders()

    def _reminders(self) -> Reminders:
        self.timers = FakeTimers(self.clock)
        reminders = Reminders(
            self.store, self.timers, TIMING, current=self.runtime.current,
            lookup=self.runtime.lookup, send=self._send, tidy=self._tidy, clock=self.clock,
            monotonic=self.clock,
        )  # fmt: skip
        self.runtime.subscribe(reminders.on_event)
        return reminders

    async def _send(self, match: Match, reminder: Reminder):
        self.sent.append(reminder)
        return (500, 600 + len(self.sent)) if self.thread else None

    async def _tidy(self, channel_id: int, message_id: int) -> None:
        self.tidied.append((channel_id, message_id))

    async def start(self) -> None:
        await self.runtime.start(self.match, [])

    async def restart(self) -> None:
        """A new process: this one's timers are gone; the stores are kept."""
        await self.reminders.close()
        self.reminders = self._reminders()
        await self.reminders.restore([self.match])

    def decider(self) -> int:
        player = self.match.state.current_player()
        assert player is not None
        return self.match.seats[player].user_id

    async def decide(self) -> None:
        """The player to decide takes a legal decision (the first)."""
        state = self.match.state
        action = state.legal_actions()[0]
        result = await self.runtime.act(1, self.decider(), state.version, action)
        assert result.applied, result

    async def wait(self, seconds: float) -> int:
        self.clock.now += seconds
        return await self.timers.run_due()


def test_a_reminder_is_due_at_half_the_decisions_timer() -> None:
    runtime = MatchRuntime(MemoryMatchStore(), timing=TIMING, clock=lambda: START)
    state, _ = BingoState.new(3)
    match = Match(1, (Seat.human(ALICE), Seat.human(BOB)), state)
    match.deadline = runtime.deadline_for(state)
    assert state.decision() == Decision.DECLARE
    reminder = reminder_for(match, TIMING)
    assert reminder is not None and reminder.kind == REMINDER
    assert reminder.at == START + 30 and reminder.deadline == START + 60
    assert reminder.user_id == match.seats[state.current_player()].user_id
    match.timing = Timing(choice_seconds=10)  # the match's own timers come first
    match.deadline = START + 10
    assert reminder_for(match, TIMING).at == START + 5
    match.deadline = None
    assert reminder_for(match, TIMING) is None


def _to_main_step(state: BingoState) -> None:
    while state.decision() != Decision.MAIN:
        state.apply_timeout()


def test_the_decision_whose_time_out_would_forfeit_gets_the_warning() -> None:
    """RULES §1.8: three main steps timed out in a row forfeit; the third one waiting
    gets the warning instead of the plain reminder, at the same moment."""
    state, _ = BingoState.new(3)
    _to_main_step(state)
    match = Match(1, (Seat.human(ALICE), Seat.human(BOB)), state, deadline=START + 100)
    player = state.current_player()
    seen = []
    for timeouts in range(state.options.max_timeouts):
        state.timeouts_in_row[player] = timeouts
        reminder = reminder_for(match, TIMING)
        seen.append(reminder.kind)
        assert reminder.at == START + 50
    assert seen == [REMINDER] * (state.options.max_timeouts - 1) + [FORFEIT]


def test_quick_counter_windows_and_the_bots_decisions_get_none() -> None:
    state, _ = BingoState.new(3)
    match = Match(1, (Seat.agent(BOT, RandomPolicy()), Seat.agent(BOT, RandomPolicy())), state)
    match.deadline = START + 60
    assert reminder_for(match, TIMING) is None
    state, _ = BingoState.new(3)
    _to_main_step(state)
    while state.decision() != Decision.COUNTER:  # place a land the opponent may counter
        legal = state.legal_actions()
        places = [a for a in legal if a.startswith("place")]
        state.apply(places[0] if places and state.decision() == Decision.MAIN else legal[0])
    counterer = state.current_player()
    match = Match(1, (Seat.human(ALICE), Seat.human(BOB)), state, deadline=START + 40)
    assert reminder_for(match, TIMING).at == START + 20
    quick = [False, False]
    quick[counterer] = True
    match.quick_counter = (quick[0], quick[1])
    assert reminder_for(match, TIMING) is None


async def test_one_reminder_at_half_the_timer_for_a_member_who_turned_them_on() -> None:
    w = World()
    w.store.on.update({ALICE, BOB})
    await w.start()
    decider = w.decider()
    assert await w.wait(29) == 0 and w.sent == []
    assert await w.wait(1) == 1
    assert [(r.user_id, r.version, r.kind) for r in w.sent] == [(decider, 0, REMINDER)]
    assert await w.wait(20) == 0, "at most one per waiting decision"
    await w.reminders.fire(w.sent[0])
    assert len(w.sent) == 1, "a second try of the same decision is refused by its claim"


async def test_a_member_with_reminders_off_gets_none() -> None:
    w = World()
    await w.start()
    assert await w.wait(30) == 1
    assert w.sent == [] and w.store.marks == {}


async def test_each_new_decision_gets_its_own_reminder() -> None:
    w = World()
    w.store.on.update({ALICE, BOB})
    await w.start()
    await w.wait(10)
    await w.decide()  # before its reminder: none for that decision
    await w.recorder.wait_for(DecisionApplied)
    assert w.sent == []
    version = w.match.state.version
    assert await w.wait(29) == 0
    assert await w.wait(1) == 1
    assert [(r.version, r.user_id) for r in w.sent] == [(version, w.decider())]


async def test_the_members_own_interaction_cancels_the_reminder_even_after_a_restart() -> None:
    w = World()
    w.store.on.update({ALICE, BOB})
    await w.start()
    other = BOB if w.decider() == ALICE else ALICE
    await w.wait(5)
    version = w.match.state.version
    assert not w.reminders.seen(w.match, other, version), "the other player's changes nothing"
    assert not w.reminders.seen(w.match, w.decider(), version - 1), "an older version's"
    assert 1 in w.reminders.armed
    assert w.reminders.seen(w.match, w.decider(), version)
    assert 1 not in w.reminders.armed
    await settle()
    assert w.store.marks[1, w.decider()]["kind"] == SEEN
    assert await w.wait(30) == 0 and w.sent == []
    await w.restart()
    await w.wait(1)
    assert w.sent == [], "the cancellation was stored"


async def test_a_reminder_due_while_the_bot_was_down_goes_once_after_the_restart() -> None:
    w = World()
    w.store.on.update({ALICE, BOB})
    await w.start()
    await w.reminders.close()  # the process stops before the reminder is due
    w.clock.now += 45
    await w.restart()
    assert await w.timers.run_due() == 1, "due at once"
    assert len(w.sent) == 1
    await w.restart()  # and once more: already sent, never twice
    await w.timers.run_due()
    assert len(w.sent) == 1


async def test_no_reminder_once_the_decision_is_taken_in_another_process() -> None:
    """The reminder fires in this process but the store moved on (another process's
    click): the store's word counts, nothing is sent."""
    w = World()
    w.store.on.update({ALICE, BOB})
    await w.start()
    reminder = w.reminders.armed[1]
    await w.decide()
    w.clock.now += 30
    assert not await w.reminders.fire(reminder)
    assert w.sent == []


async def test_a_thread_reminder_goes_once_its_decision_is_taken_and_all_at_the_end() -> None:
    w = World(thread=True)
    w.store.on.update({ALICE, BOB})
    await w.start()
    await w.wait(30)
    assert len(w.sent) == 1 and await w.store.reminder_posts(1)
    await w.decide()
    await w.recorder.wait_for(DecisionApplied)
    await settle()
    assert w.tidied == [(500, 601)]
    result = await w.runtime.resign(1, ALICE)
    assert result.applied
    await settle()
    assert w.store.marks == {} and w.timers.jobs == {}
