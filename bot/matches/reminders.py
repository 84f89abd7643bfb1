"""Your-turn reminders, with no Discord in them: when a waiting decision of a member who
turned reminders on (``/bingo reminders``) gets one reminder, and that it never gets two.

**When.** A decision of a human seat that waits gets at most one reminder, due when it
has waited :data:`FRACTION` of its timer (RULES §1.8: ``BINGO_TURN_SECONDS``,
``BINGO_COUNTER_SECONDS``, ``BINGO_CHOICE_SECONDS``, the match's own timers), i.e. at
``deadline - FRACTION * seconds`` (:func:`reminder_for`). When the time-out of that
decision would forfeit the match (a main step of a seat that already timed out on
``max_timeouts - 1`` turns in a row: RULES §1.8, "three turns in a row"), that one
message is the *forfeit warning* (:data:`FORFEIT`) instead of the plain reminder
(:data:`REMINDER`), at the same moment. A quick counter window (it resolves by itself)
and an agent's decision get none.

**Not while the member is there.** Any interaction of that member in that match while
the decision waits (a click that takes no decision, ``/bingo hand``, "Show my hand")
cancels its reminder (:meth:`Reminders.seen`); their own decision moves the match on,
and the next decision starts afresh, with its own reminder.

**Exactly once, across restarts and processes.** The reminder is *claimed* in the store
before it is sent (:meth:`ReminderStore.claim_reminder`: one row per match and member,
moved to a newer version only, a compare-and-set), and so is a cancellation. A reminder
that fell due while the bot was down fires at the next start (:meth:`Reminders.restore`
arms every restored match; a time that passed runs at once) if the decision still waits
and nothing was claimed for it; one claimed but not sent (the process died between the
two) is never sent: at most once, never twice.

The cog gives the two things it knows how to do (``send``: deliver a reminder, by DM or
in the match's thread when the member's DMs are closed; ``tidy``: delete a reminder
once its decision is taken) and reads nothing else of Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.engine.actions import Decision

from .events import MatchEvent, MatchFinished
from .match import Match, Timing

log = logging.getLogger(__name__)

#: The share of its timer a decision has waited when its reminder falls due.
FRACTION = 0.5
#: Kinds of a claim: a plain reminder, the forfeit warning, and a reminder cancelled by
#: the member's own interaction (stored so a restart does not send it).
REMINDER, FORFEIT, SEEN = "reminder", "forfeit", "seen"
#: Seconds a process trusts what it last read of a member's preference.
PREF_TRUST_SECONDS = 30.0


@dataclass(frozen=True, slots=True)
class Reminder:
    """The reminder of one waiting decision: match, version, seat and its member, when it
    falls due and when the decision times out (Unix seconds), and its ``kind``
    (:data:`REMINDER` or :data:`FORFEIT`)."""

    match_id: int
    version: int
    seat: int
    user_id: int
    at: float
    deadline: float
    kind: str


def reminder_for(match: Match[Any], timing: Timing) -> Reminder | None:
    """The reminder the decision pending in ``match`` gets (module docstring), or
    ``None``: the match is over, has no deadline, an agent decides, or it is a quick
    counter window. ``timing``: the runtime's, used when the match has none of its own."""
    state = match.state
    player = state.current_player()
    if player is None or match.deadline is None or match.seats[player].is_agent:
        return None
    if match.in_quick_window():
        return None
    decision = state.decision()
    seconds = (match.timing or timing).seconds_for(decision)
    if not seconds or seconds <= 0:
        return None
    last = state.timeouts_in_row[player] + 1 >= state.options.max_timeouts
    kind = FORFEIT if decision == Decision.MAIN and last else REMINDER
    return Reminder(
        match.id,
        state.version,
        player,
        match.seats[player].user_id,
        match.deadline - FRACTION * seconds,
        match.deadline,
        kind,
    )


class ReminderStore(Protocol):
    """Where the preference and the claims live (:class:`bot.storage.reminders.ReminderStore`)."""

    async def reminders_on(self, user_id: int) -> bool: ...

    async def claim_reminder(
        self, match_id: int, user_id: int, version: int, kind: str, now: float
    ) -> bool: ...

    async def reminder_posted(
        self, match_id: int, user_id: int, version: int, channel_id: int, message_id: int
    ) -> None: ...

    async def reminder_posts(self, match_id: int) -> list[tuple[int, int, int, int]]: ...

    async def forget_reminders(self, match_id: int) -> None: ...


class Timers(Protocol):
    """What :class:`Reminders` uses of :class:`bot.matches.Scheduler`."""

    def schedule(
        self, key: Hashable, when: float, callback: Callable[[], Awaitable[object]]
    ) -> None: ...

    def cancel(self, key: Hashable) -> bool: ...


#: ``send(match, reminder)``: deliver it; returns ``(channel_id, message_id)`` of the
#: message to delete once its decision is taken, or ``None`` (nothing to delete).
Send = Callable[[Match[Any], Reminder], Awaitable[tuple[int, int] | None]]
#: ``tidy(channel_id, message_id)``: delete a post ``send`` returned.
Tidy = Callable[[int, int], Awaitable[object]]
#: ``current(match_id)``: the match as stored now (``MatchRuntime.current``), or ``None``.
Current = Callable[[int], Awaitable[Match[Any] | None]]
#: ``lookup(match_id)``: the live copy this process holds (``MatchRuntime.lookup``).
Lookup = Callable[[int], Match[Any] | None]


def reminder_key(match_id: int) -> tuple[str, int]:
    """The scheduler key of match ``match_id``'s reminder (one decision waits at a time)."""
    return ("reminder", match_id)


class Reminders:
    """Arms, cancels and fires the reminders of one process's matches.

    ``store``: :class:`ReminderStore`. ``timers``: the bot's scheduler. ``timing``: the
    runtime's timers (for matches with none of their own). ``current``, ``lookup``: the
    runtime's. ``send``, ``tidy``: the cog's delivery. ``clock``: Unix seconds.
    Hand :meth:`on_event` to ``MatchRuntime.subscribe``.
    """

    def __init__(
        self,
        store: ReminderStore,
        timers: Timers,
        timing: Timing,
        *,
        current: Current,
        lookup: Lookup,
        send: Send,
        tidy: Tidy,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.timers = timers
        self.timing = timing
        self.current = current
        self.lookup = lookup
        self.send = send
        self.tidy = tidy
        self.clock = clock
        self.monotonic = monotonic
        #: match id -> the reminder armed for it (the pending decision's).
        self.armed: dict[int, Reminder] = {}
        #: match id -> reminders not deleted yet: ``(user_id, version, channel, message)``.
        self.posts: dict[int, list[tuple[int, int, int, int]]] = {}
        #: user id -> (reminders on, ``monotonic()`` when read).
        self._prefs: dict[int, tuple[bool, float]] = {}
        #: Tidying and forgetting, run beside the runtime's listeners (never awaited by them).
        self._background: set[asyncio.Task[None]] = set()

    # -- the member's preference -------------------------------------------------------

    async def enabled(self, user_id: int) -> bool:
        """Whether ``user_id`` turned reminders on: read from the store at most once every
        :data:`PREF_TRUST_SECONDS` (another process may change it meanwhile)."""
        now = self.monotonic()
        known = self._prefs.get(user_id)
        if known is not None and now - known[1] < PREF_TRUST_SECONDS:
            return known[0]
        on = await self.store.reminders_on(user_id)
        self._prefs[user_id] = (on, now)
        return on

    def remember(self, user_id: int, on: bool) -> None:
        """The member set their preference in this process: trust it at once."""
        self._prefs[user_id] = (on, self.monotonic())

    # -- arming ------------------------------------------------------------------------

    def arm(self, match: Match[Any]) -> Reminder | None:
        """Arm the reminder of ``match``'s pending decision (replacing the one before);
        returns it, or ``None`` when the decision gets none. The member's preference is
        read when it falls due, not here: arming costs no request."""
        key = reminder_key(match.id)
        reminder = reminder_for(match, self.timing)
        if reminder is None:
            self.armed.pop(match.id, None)
            self.timers.cancel(key)
            return None
        if self.armed.get(match.id) == reminder:
            return reminder
        self.armed[match.id] = reminder

        async def fire() -> None:
            await self.fire(reminder)

        self.timers.schedule(key, reminder.at, fire)
        return reminder

    def disarm(self, match_id: int) -> None:
        """Cancel match ``match_id``'s reminder (it ended, or this process let it go)."""
        self.armed.pop(match_id, None)
        self.timers.cancel(reminder_key(match_id))

    async def restore(self, matches: list[Match[Any]]) -> int:
        """At start-up: arm the reminder of every restored match (one due while the bot
        was down fires at once; the claim keeps it from going twice) and delete the
        reminders of decisions already taken. Returns how many were armed."""
        armed = 0
        for match in matches:
            try:
                posts = await self.store.reminder_posts(match.id)
            except Exception:
                log.exception("Could not read the reminders of match %s", match.id)
                posts = []
            if posts:
                self.posts[match.id] = posts
                await self._tidy(match.id, match.state.version)
            armed += self.arm(match) is not None
        return armed

    # -- the runtime's events ----------------------------------------------------------

    def on_event(self, event: MatchEvent) -> None:
        """After every commit: arm the next decision's reminder; in the background,
        delete the reminders of decisions now taken and, once a match is over, forget
        its reminders. Never waits for a request (a runtime listener must be quick)."""
        if isinstance(event, MatchFinished):
            self.disarm(event.match_id)
            self._spawn(self._finished(event.match_id))
            return
        match = self.lookup(event.match_id)
        if match is not None and match.state.version == event.version:
            self.arm(match)
        if self.posts.get(event.match_id):
            self._spawn(self._tidy(event.match_id, event.version))

    async def _finished(self, match_id: int) -> None:
        await self._tidy(match_id, None)
        try:
            await self.store.forget_reminders(match_id)
        except Exception:
            log.exception("Could not forget the reminders of match %s", match_id)

    def _spawn(self, work: Awaitable[None]) -> None:
        async def run() -> None:
            await work

        task = asyncio.get_running_loop().create_task(run(), name="reminders")
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def close(self) -> None:
        """Cancel every armed reminder and the background work (claims survive in the
        store; :meth:`restore` arms the reminders again at the next start)."""
        for match_id in list(self.armed):
            self.disarm(match_id)
        tasks = list(self._background)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def seen(self, match: Match[Any], user_id: int, version: int) -> bool:
        """``user_id`` interacted in ``match`` while it was at ``version``: if the
        decision waiting there is theirs, it gets no reminder. Cancelled here at once,
        and claimed as :data:`SEEN` in the store in the background when they have
        reminders on (so another process or a restart does not send it either). A click
        that took the decision moved the match on: nothing to cancel then. Returns
        whether the decision was theirs."""
        state = match.state
        player = state.current_player()
        if state.version != version or player is None:
            return False
        if match.seats[player].user_id != user_id or match.seats[player].is_agent:
            return False
        armed = self.armed.get(match.id)
        if armed is not None and armed.version == version:
            self.disarm(match.id)
        self._spawn(self._claim_seen(match.id, user_id, version))
        return True

    async def _claim_seen(self, match_id: int, user_id: int, version: int) -> None:
        try:
            if await self.enabled(user_id):
                await self.store.claim_reminder(match_id, user_id, version, SEEN, self.clock())
        except Exception:
            log.exception("Could not store that match %s's reminder was not needed", match_id)

    # -- firing ------------------------------------------------------------------------

    async def fire(self, reminder: Reminder) -> bool:
        """Send ``reminder`` if its decision still waits (the store's word: another
        process may have moved the match on), its member has reminders on, and nothing
        was claimed for that decision yet. Returns whether it was sent."""
        if self.armed.get(reminder.match_id) == reminder:
            del self.armed[reminder.match_id]
        if not await self.enabled(reminder.user_id):
            return False
        match = await self.current(reminder.match_id)
        if match is None:
            return False
        state = match.state
        if state.version != reminder.version or state.current_player() != reminder.seat:
            return False
        if match.deadline is not None and match.deadline <= self.clock():
            return False  # its time-out is due: too late to remind
        claimed = await self.store.claim_reminder(
            reminder.match_id, reminder.user_id, reminder.version, reminder.kind, self.clock()
        )
        if not claimed:
            return False
        post = await self.send(match, reminder)
        if post is not None:
            channel_id, message_id = post
            entry = (reminder.user_id, reminder.version, channel_id, message_id)
            self.posts.setdefault(reminder.match_id, []).append(entry)
            await self.store.reminder_posted(
                reminder.match_id, reminder.user_id, reminder.version, channel_id, message_id
            )
        return True

    async def _tidy(self, match_id: int, version: int | None) -> None:
        """Delete the reminders of match ``match_id`` older than ``version``
        (``None``: all of them)."""
        posts = self.posts.get(match_id)
        if not posts:
            return
        kept = []
        for entry in posts:
            if version is not None and entry[1] >= version:
                kept.append(entry)
                continue
            try:
                await self.tidy(entry[2], entry[3])
            except Exception:
                log.exception("Could not delete a reminder of match %s", match_id)
        if kept:
            self.posts[match_id] = kept
        else:
            self.posts.pop(match_id, None)
