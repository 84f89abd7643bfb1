"""Replays, JSON round trips and clones of whole matches."""

from __future__ import annotations

import json
import random

import pytest

from bot.engine import BingoOptions, BingoState, IllegalActionError, MulliganRule

from .playout import playout

OPTION_SETS = [
    BingoOptions(),
    BingoOptions(mulligan_rule=MulliganRule.LONDON, free_first=True),
    BingoOptions(mulligan_rule=MulliganRule.PARTIAL_PARIS, sequential=True),
    BingoOptions(mulligan_rule=MulliganRule.PARIS, forest_any_pile=True),
]


def match(index: int, stop_after: int | None = None, timeouts: float = 0.1) -> BingoState:
    """A random match (finished, or stopped after ``stop_after`` decisions)."""
    options = OPTION_SETS[index % len(OPTION_SETS)]
    return playout(
        1000 + index, options, random.Random(index), timeouts=timeouts, stop_after=stop_after
    )


@pytest.mark.parametrize("index", range(8))
def test_replay_of_a_finished_match_equals_the_state(index):
    """Replaying seed, options and history rebuilds the finished match exactly."""
    state = match(index)
    assert state.is_over
    replayed = BingoState.replay(state.seed, state.options, state.history)
    assert replayed.to_json() == state.to_json()


@pytest.mark.parametrize("stop_after", [0, 1, 3, 7, 15, 40])
def test_replay_mid_match_equals_the_state(stop_after):
    """Replaying part of a match (mulligans, counter windows, effects) matches it."""
    state = match(stop_after, stop_after=stop_after, timeouts=0.2)
    replayed = BingoState.replay(state.seed, state.options, state.history)
    assert replayed.to_json() == state.to_json()
    assert replayed.legal_actions() == state.legal_actions()


def test_replay_includes_resignations():
    """A resignation in the history is replayed."""
    state = match(2, stop_after=12)
    state.resign(1)
    replayed = BingoState.replay(state.seed, state.options, state.history)
    assert replayed.result == state.result
    assert replayed.to_json() == state.to_json()


def test_replay_rejects_a_history_that_does_not_fit():
    """A history with an illegal action raises IllegalActionError."""
    state, _ = BingoState.new(5)
    with pytest.raises(IllegalActionError):
        BingoState.replay(5, None, [[state.starting, "pass"]])


def test_replay_rejects_an_out_of_turn_timeout():
    """A time-out recorded for the player not deciding raises."""
    state, _ = BingoState.new(5)
    with pytest.raises(IllegalActionError):
        BingoState.replay(5, None, [[1 - state.starting, "timeout"]])


@pytest.mark.parametrize("stop_after", [0, 2, 5, 20, None])
def test_json_round_trip_is_lossless(stop_after):
    """to_json → json text → from_json → to_json gives the same dict."""
    state = match(3 + (stop_after or 0), stop_after=stop_after)
    data = json.loads(json.dumps(state.to_json()))
    restored = BingoState.from_json(data)
    assert restored.to_json() == state.to_json()
    assert restored.dumps() == state.dumps()


def test_json_round_trip_keeps_playing_the_same():
    """A restored state continues exactly like the original."""
    state = match(4, stop_after=10)
    restored = BingoState.from_json(json.loads(state.dumps()))
    rng_a, rng_b = random.Random(9), random.Random(9)
    while not state.is_over:
        state.apply(rng_a.choice(state.legal_actions()))
        restored.apply(rng_b.choice(restored.legal_actions()))
    assert restored.to_json() == state.to_json()


def test_dumps_is_compact_json():
    """``dumps`` is JSON without spaces after separators."""
    text = match(1, stop_after=4).dumps()
    assert ", " not in text and ": " not in text
    assert json.loads(text)["seed"] == 1001


def test_clone_equals_the_original():
    """A clone has the same serialized state."""
    state = match(5, stop_after=9)
    assert state.clone().to_json() == state.to_json()


def test_acting_on_a_clone_leaves_the_original_unchanged():
    """Playing a clone to the end does not change the original."""
    state = match(6, stop_after=9)
    before = state.to_json()
    copy = state.clone()
    rng = random.Random(1)
    while not copy.is_over:
        copy.apply(rng.choice(copy.legal_actions()))
    assert state.to_json() == before
    assert copy.to_json() != before


def test_acting_on_the_original_leaves_a_clone_unchanged():
    """Playing the original does not change an earlier clone."""
    state = match(7, stop_after=9)
    copy = state.clone()
    snapshot = copy.to_json()
    rng = random.Random(2)
    for _ in range(20):
        if state.is_over:
            break
        if rng.random() < 0.2:
            state.apply_timeout()
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert copy.to_json() == snapshot


def test_clone_in_mulligan_phase_is_independent():
    """A clone taken during the mulligans has its own mulligan phase."""
    state, _ = BingoState.new(3, BingoOptions(mulligan_rule=MulliganRule.PARTIAL_PARIS))
    copy = state.clone()
    before = state.to_json()
    copy.apply("mulligan")
    copy.apply(copy.legal_actions()[0])
    assert state.to_json() == before
