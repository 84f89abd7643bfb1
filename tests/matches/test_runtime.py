"""The match runtime: one path for every change, compare-and-set commits, events,
deadlines through the scheduler, agents deciding like humans."""

from __future__ import annotations

import asyncio
import time
from dataclasses import FrozenInstanceError

import pytest

from bot.engine.events import End, event_from_json
from bot.engine.outcome import Reason, Result
from bot.matches import (
    ActStatus,
    Cause,
    DecisionApplied,
    MatchFinished,
    MatchStarted,
    SearchPolicy,
    Seat,
)

from .conftest import ALICE, BOB, BOT, RandomPolicy, make_runtime, new_match


def whose(match) -> int:
    return match.user_ids[match.state.current_player()]


async def test_a_human_decision_is_committed_then_emitted() -> None:
    """act() applies to a copy, stores it, then emits DecisionApplied with the seat."""
    runtime, store, rec = make_runtime()
    match, setup = new_match(runtime, store)
    await runtime.start(match, setup)
    [started] = rec.of(MatchStarted)
    assert (started.match_id, started.version, started.events) == (match.id, 0, tuple(setup))
    before = match.state
    user, action = whose(match), match.state.legal_actions()[0]
    result = await runtime.act(match.id, user, before.version, action)
    assert result.status is ActStatus.APPLIED
    assert before.version == 0 and match.state is not before  # the old state untouched
    assert store.matches[match.id].version == match.state.version == 1
    [event] = rec.of(DecisionApplied)
    assert (event.by, event.cause, event.action, event.version) == (
        match.user_ids.index(user),
        Cause.DECISION,
        action,
        1,
    )
    assert event.match_id == match.id and event.view.version == 1
    with pytest.raises(FrozenInstanceError):  # a snapshot: listeners cannot change it
        event.view.turn = 99  # type: ignore[misc]
    await runtime.close()


async def test_a_stale_version_is_not_current() -> None:
    """A button from an older version changes nothing."""
    runtime, store, rec = make_runtime()
    match, setup = new_match(runtime, store)
    await runtime.start(match, setup)
    user = whose(match)
    result = await runtime.act(match.id, user, 7, match.state.legal_actions()[0])
    assert result.status is ActStatus.NOT_CURRENT
    assert store.saves == 0 and not rec.of(DecisionApplied)
    await runtime.close()


async def test_only_the_seat_to_decide_may_act() -> None:
    """The other player gets NOT_CURRENT, a stranger NOT_YOURS."""
    runtime, store, _ = make_runtime()
    match, setup = new_match(runtime, store)
    await runtime.start(match, setup)
    other = match.user_ids[1 - match.state.current_player()]
    action = match.state.legal_actions()[0]
    assert (await runtime.act(match.id, other, 0, action)).status is ActStatus.NOT_CURRENT
    assert (await runtime.act(match.id, 5555, 0, action)).status is ActStatus.NOT_YOURS
    assert (await runtime.act(404, ALICE, 0, action)).status is ActStatus.OVER
    await runtime.close()


async def test_an_illegal_action_is_not_current() -> None:
    """An action that is not legal now is refused without a commit."""
    runtime, store, _ = make_runtime()
    match, setup = new_match(runtime, store)
    await runtime.start(match, setup)
    result = await runtime.act(match.id, whose(match), 0, "place:9")
    assert result.status is ActStatus.NOT_CURRENT and store.saves == 0
    await runtime.close()


async def test_losing_the_compare_and_set_is_not_current() -> None:
    """When storage moved on (another writer), the decision is refused and the match
    is dropped from memory; nothing is emitted."""
    runtime, store, rec = make_runtime()
    match, setup = new_match(runtime, store)
    await runtime.start(match, setup)
    store.matches[match.id].version = 1  # someone else committed version 1
    result = await runtime.act(match.id, whose(match), 0, match.state.legal_actions()[0])
    assert result.status is ActStatus.NOT_CURRENT
    assert match.state.version == 0 and runtime.get(match.id) is None
    assert not rec.of(DecisionApplied) and ("match", match.id) not in runtime.scheduler
    await runtime.close()


async def test_the_store_ahead_by_this_process_own_commit_is_not_another_process() -> None:
    """While a commit awaits the store, the store already holds the new version and the
    live copy does not: :meth:`Match.moved_on_elsewhere` does not take that for another
    process's change (the delivery would hand this process's panels over to nobody and
    delete them), and does once the store is ahead of the commit too."""
    runtime, store, rec = make_runtime()
    match, setup = new_match(runtime, store)
    await runtime.start(match, setup)
    written, release = asyncio.Event(), asyncio.Event()
    save = store.save

    async def slow_save(*args, **kwargs):
        saved = await save(*args, **kwargs)
        written.set()
        await release.wait()  # the write is done; the commit has not returned yet
        return saved

    store.save = slow_save  # type: ignore[method-assign]
    acting = asyncio.ensure_future(
        runtime.act(match.id, whose(match), 0, match.state.legal_actions()[0])
    )
    await written.wait()
    assert store.matches[match.id].version == 1 and match.state.version == 0
    assert match.committing == 1
    assert not match.moved_on_elsewhere(1)
    assert match.moved_on_elsewhere(2)
    release.set()
    assert (await acting).applied
    assert match.committing is None and match.state.version == 1
    assert not match.moved_on_elsewhere(1) and match.moved_on_elsewhere(2)
    await runtime.close()


async def test_a_storage_failure_leaves_the_match_as_it_was() -> None:
    """If the store raises, the live state and its deadline do not change."""
    runtime, store, rec = make_runtime()
    match, setup = new_match(runtime, store)
    await runtime.start(match, setup)
    state, deadline = match.state, match.deadline
    store.fail_next = True
    with pytest.raises(RuntimeError):
        await runtime.act(match.id, whose(match), 0, state.legal_actions()[0])
    assert match.state is state and match.deadline == deadline
    assert not rec.of(DecisionApplied)
    result = await runtime.act(match.id, whose(match), 0, state.legal_actions()[0])
    assert result.applied
    await runtime.close()


async def test_a_deadline_times_out_through_the_scheduler() -> None:
    """The pending decision's deadline fires a TIMEOUT change (RULES §1.8)."""
    runtime, store, rec = make_runtime(choice_seconds=0.01)
    match, setup = new_match(runtime, store)
    await runtime.start(match, setup)
    assert ("match", match.id) in runtime.scheduler
    [event] = await rec.wait_for(DecisionApplied)
    assert event.cause is Cause.TIMEOUT and event.action == "timeout"
    assert match.state.history[0][1] == "timeout"
    await runtime.close()


async def test_a_decision_rearms_the_deadline_for_the_new_version() -> None:
    """After a decision the deadline belongs to the new pending decision."""
    runtime, store, _ = make_runtime()
    match, setup = new_match(runtime, store)
    await runtime.start(match, setup)
    first = match.deadline
    await asyncio.sleep(0.01)
    await runtime.act(match.id, whose(match), 0, match.state.legal_actions()[0])
    assert match.deadline is not None and first is not None and match.deadline > first
    assert store.matches[match.id].deadline == match.deadline
    await runtime.close()


async def test_resign_finishes_with_a_win_for_the_other_seat() -> None:
    """resign() commits the result, emits DecisionApplied then MatchFinished, and
    forgets the match and its timers."""
    runtime, store, rec = make_runtime()
    match, setup = new_match(runtime, store)
    await runtime.start(match, setup)
    result = await runtime.resign(match.id, BOB)
    assert result.applied
    [finished] = rec.of(MatchFinished)
    assert isinstance(rec.events[-2], DecisionApplied) and rec.events[-1] is finished
    r = finished.result
    assert (r.outcome, r.winner_id, r.loser_id, r.reason) == ("win", ALICE, BOB, "resign")
    assert store.matches[match.id].result == r and store.matches[match.id].deadline is None
    assert runtime.get(match.id) is None and runtime.scheduler.keys() == []
    assert (finished.match_id, finished.version) == (match.id, match.state.version)
    assert finished.view.result == match.state.result
    assert runtime.lookup(match.id) is match  # its listeners still find the final match
    assert (await runtime.resign(match.id, BOB)).status is ActStatus.OVER


async def test_abandon_ends_with_no_result() -> None:
    """abandon() (the table is gone) ends the match with no winner and no draw."""
    runtime, store, rec = make_runtime()
    match, setup = new_match(runtime, store)
    await runtime.start(match, setup)
    assert (await runtime.abandon(match.id)).applied
    r = rec.of(MatchFinished)[0].result
    assert (r.outcome, r.winner_id, r.reason) == ("no_result", None, "no_result")
    assert match.state.result.to_json() == {"winner": None, "reason": "no_result", "loser": None}


async def test_a_moderator_ends_a_match_with_their_words_stored_in_the_result() -> None:
    """abandon(MODERATOR, note): no result, the reason ``moderator`` stored for stats,
    and the moderator's words kept as typed in the stored state's result and in the
    ``end`` event, so they outlive a restart; a reason that is not a stop from outside
    is refused."""
    runtime, store, rec = make_runtime()
    match, setup = new_match(runtime, store)
    await runtime.start(match, setup)
    with pytest.raises(ValueError):
        await runtime.abandon(match.id, Reason.RESIGN)
    words = "Testing *the* tools @everyone"
    assert (await runtime.abandon(match.id, Reason.MODERATOR, words)).applied
    [finished] = rec.of(MatchFinished)
    r = finished.result
    assert (r.outcome, r.winner_id, r.loser_id, r.reason) == ("no_result", None, None, "moderator")
    stored = store.matches[match.id].state["result"]
    assert stored == {"winner": None, "reason": "moderator", "loser": None, "note": words}
    assert Result.from_json(stored) == match.state.result
    assert finished.view.result is not None and finished.view.result.note == words
    [end] = [e for e in rec.of(DecisionApplied)[-1].events if isinstance(e, End)]
    assert end.note == words and event_from_json(end.to_json()) == end


async def test_a_failing_listener_does_not_stop_the_match(caplog) -> None:
    """A listener's exception is logged; the others still hear the event."""
    runtime, store, rec = make_runtime()

    def broken(event) -> None:
        raise RuntimeError("listener down")

    runtime._listeners.insert(0, broken)
    match, setup = new_match(runtime, store)
    await runtime.start(match, setup)
    assert (await runtime.act(match.id, whose(match), 0, match.state.legal_actions()[0])).applied
    assert rec.of(DecisionApplied) and "listener down" in caplog.text
    await runtime.close()


async def test_two_agents_play_a_whole_match() -> None:
    """Agents decide through the same path until the match ends; each is asked only
    with its own observation, and always plays a legal action."""
    runtime, store, rec = make_runtime()
    policies = (RandomPolicy(seed=1), RandomPolicy(seed=2))
    seats = (Seat.agent(BOT, policies[0]), Seat.agent(BOT + 1, policies[1]))
    match, setup = new_match(runtime, store, seats, seed=5)
    await runtime.start(match, setup)
    [finished] = await rec.wait_for(MatchFinished, timeout=30)
    assert finished.result.outcome in ("win", "draw")
    decisions = rec.of(DecisionApplied)
    assert all(e.cause is Cause.DECISION for e in decisions)
    assert len(decisions) == match.state.version == store.matches[match.id].version
    for seat, policy in enumerate(policies):
        assert policy.asked and all(o["player"] == seat for o in policy.asked)
        assert all(o["legal_actions"] for o in policy.asked)


async def test_a_human_plays_an_agent() -> None:
    """Between the human's decisions the agent seat moves by itself; the human can't
    act for the agent's seat."""
    runtime, store, rec = make_runtime()
    policy = RandomPolicy()
    match, setup = new_match(runtime, store, (Seat.human(ALICE), Seat.agent(BOT, policy)))
    assert match.viewers() == [0] and match.seat_of(BOT) is None
    await runtime.start(match, setup)
    for _ in range(40):
        await asyncio.sleep(0)
        if match.state.is_over:
            break
        if match.state.current_player() == 0:
            version = match.state.version
            assert (
                await runtime.act(
                    match.id,
                    ALICE,
                    version,
                    "pass"
                    if "pass" in match.state.legal_actions()
                    else match.state.legal_actions()[0],
                )
            ).applied  # noqa: E501
        else:
            await rec.wait_for(DecisionApplied, len(rec.of(DecisionApplied)) + 1)
    assert policy.asked
    agent_moves = [e for e in rec.of(DecisionApplied) if e.by == 1]
    assert agent_moves and all(e.cause is Cause.DECISION for e in agent_moves)
    await runtime.close()


async def test_restore_takes_a_pending_agent_decision_again() -> None:
    """After a restart, an agent that was to decide decides."""
    runtime, store, rec = make_runtime()
    policy = RandomPolicy()
    match, _ = new_match(runtime, store, (Seat.agent(BOT, policy), Seat.human(BOB)))
    agent_first = match.state.current_player() == 0
    runtime.restore(match)
    assert not rec.of(MatchStarted)
    if agent_first:
        [event] = await rec.wait_for(DecisionApplied)
        assert event.by == 0
    else:
        assert ("agent", match.id) not in runtime.scheduler
    await runtime.close()


async def test_the_agent_pause_is_the_same_with_one_legal_action() -> None:
    """Every agent decision takes at least the pause, including forced ones (a counter
    window without an Island offers only "allow"), and the policy is asked each time."""
    pause = 0.05
    runtime, store, rec = make_runtime(agent_pause=pause)
    policies = (RandomPolicy(seed=3), RandomPolicy(seed=4))
    seats = (Seat.agent(BOT, policies[0]), Seat.agent(BOT + 1, policies[1]))
    match, setup = new_match(runtime, store, seats, seed=11)
    stamps: list[tuple[float, int]] = []
    runtime.subscribe(lambda e: stamps.append((time.monotonic(), len(policies[0].asked))))
    await runtime.start(match, setup)
    await rec.wait_for(DecisionApplied, 12, timeout=30)
    await runtime.close()
    gaps = [b[0] - a[0] for a, b in zip(stamps, stamps[1:], strict=False)]
    assert min(gaps[:11]) >= pause * 0.9
    forced = [o for p in policies for o in p.asked if len(o["legal_actions"]) == 1]
    asked = len(policies[0].asked) + len(policies[1].asked)
    assert asked >= 12 and forced  # one-action decisions went through the policy too


async def test_a_failing_agent_falls_back_to_a_legal_action(caplog) -> None:
    """A policy that raises or answers an illegal action does not stall the match."""

    class Broken:
        level = "easy"

        def __init__(self) -> None:
            self.calls = 0

        async def decide(self, observation) -> str:
            self.calls += 1
            if self.calls % 2:
                raise RuntimeError("search crashed")
            return "place:99"

    runtime, store, rec = make_runtime()
    seats = (Seat.agent(BOT, Broken()), Seat.agent(BOT + 1, Broken()))
    match, setup = new_match(runtime, store, seats)
    await runtime.start(match, setup)
    await rec.wait_for(DecisionApplied, 3)
    assert "search crashed" in caplog.text and "illegal 'place:99'" in caplog.text
    await runtime.close()


async def test_search_policy_runs_choose_off_the_loop() -> None:
    """SearchPolicy calls choose(observation, level, rng, budget=, iterations=) in a
    worker thread, with a fresh generator per decision."""
    import threading

    seen: list[tuple] = []

    def choose(observation, level, rng, *, budget=None, iterations=None) -> str:
        seen.append((threading.current_thread() is threading.main_thread(), level, budget,
                     iterations, rng.random()))  # fmt: skip
        return observation["legal_actions"][-1]

    policy = SearchPolicy("hard", seed=3, budget=0.25, iterations=50, choose=choose)
    observation = {"legal_actions": ["keep", "mulligan"]}
    assert await policy.decide(observation) == "mulligan"
    await policy.decide(observation)
    (main1, level, budget, iterations, r1), (_, _, _, _, r2) = seen
    assert not main1 and (level, budget, iterations) == ("hard", 0.25, 50) and r1 != r2
    with pytest.raises(ValueError):
        SearchPolicy("grandmaster")


async def test_search_policy_leaves_the_ai_defaults_alone() -> None:
    """Without budget/iterations, choose() is called without them (its defaults hold)."""
    seen: list[dict] = []

    def choose(observation, level, rng, **limits) -> str:
        seen.append(limits)
        return observation["legal_actions"][0]

    await SearchPolicy("easy", choose=choose).decide({"legal_actions": ["keep"]})
    assert seen == [{}]


async def test_the_real_ai_plays_a_match_through_the_runtime() -> None:
    """bot.ai.choose_action at easy and medium, in the default thread pool, finishes a
    match through the runtime."""
    runtime, store, rec = make_runtime()
    seats = (
        Seat.agent(BOT, SearchPolicy("easy", seed=1)),
        Seat.agent(BOT + 1, SearchPolicy("medium", seed=2)),
    )
    match, setup = new_match(runtime, store, seats, seed=8)
    await runtime.start(match, setup)
    [finished] = await rec.wait_for(MatchFinished, timeout=60)
    assert finished.result.levels == ("easy", "medium")
    assert store.matches[match.id].result == finished.result
