"""Quick counter windows in the runtime: a seat's choice, kept in the
match, sets the length of its counter windows; the same whatever it holds, and their
time-out is no timed-out turn (RULES §1.8)."""

from __future__ import annotations

import time

import pytest

from bot.engine import BingoState
from bot.engine.actions import Decision
from bot.matches import Cause, DecisionApplied, Match, Seat, Timing

from .conftest import ALICE, BOB, make_runtime

#: Deals where alice (seat 0) starts and places a Plains first, opening bob's counter
#: window with an Island in hand (2) or none (3).
WITH_ISLAND, WITHOUT_ISLAND = 2, 3


def test_only_a_quick_seats_counter_window_is_shortened() -> None:
    timing = Timing(turn_seconds=100, counter_seconds=40, choice_seconds=60,
                    quick_counter_seconds=5)  # fmt: skip
    assert timing.seconds_for(Decision.COUNTER, quick=True) == 5
    assert timing.seconds_for(Decision.COUNTER) == 40
    assert timing.seconds_for(Decision.MAIN, quick=True) == 100
    assert timing.seconds_for(Decision.SCRY, quick=True) == 60


async def _window(seed: int) -> tuple[Match, float, float, list]:
    """Play ``seed`` to bob's quick counter window; returns the match, its window's
    length (deadline minus the commit's clock), and then lets it run out."""
    now: list[float] = []

    def clock() -> float:
        now.append(time.time())
        return now[-1]

    runtime, store, rec = make_runtime(
        turn_seconds=600, counter_seconds=600, choice_seconds=600, quick_counter_seconds=0.05
    )
    runtime.clock = clock
    state, _ = BingoState.new(seed)
    match = Match(1, (Seat.human(ALICE), Seat.human(BOB)), state, quick_counter=(False, True))
    match.deadline = runtime.deadline_for(state, match.quick_counter)
    store.insert(1, state, match.deadline)
    await runtime.start(match, [])
    while match.state.decision() != Decision.MAIN:
        player = match.state.current_player()
        await runtime.act(1, match.user_ids[player], match.state.version, "keep")
    await runtime.act(1, ALICE, match.state.version, "place:0")
    assert match.state.decision() == Decision.COUNTER and match.in_quick_window()
    window = match.deadline - now[-1]
    hand = list(match.state.hands[1])
    [timeout] = [e for e in await rec.wait_for(DecisionApplied, 4) if e.cause is Cause.TIMEOUT]
    await runtime.close()
    return match, window, timeout.by, hand


async def test_a_quick_window_lasts_the_same_and_resolves_with_or_without_an_island() -> None:
    holding, empty = await _window(WITH_ISLAND), await _window(WITHOUT_ISLAND)
    assert holding[3][1] > 0 and empty[3][1] == 0  # Islands in bob's hand
    assert holding[1] == pytest.approx(0.05) and empty[1] == pytest.approx(0.05)  # the same window
    for match, _, by, _ in (holding, empty):
        assert by == 1  # bob's window ran out
        assert match.state.territories[0][0] == 1  # alice's Plains resolved
        assert match.state.timeouts_in_row == [0, 0]  # no timed-out turn counted
        assert match.state.decision() == Decision.MAIN and match.state.current_player() == 1
