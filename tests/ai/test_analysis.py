"""The match analysis (bot/ai/analysis.py, docs/analysis.md)."""

from __future__ import annotations

import random

import pytest

from bot.ai import analysis
from bot.ai.analysis import DecisionAnalysis, analyse, decision_points, grade, summary
from bot.ai.estimator import determinize
from bot.engine import BingoOptions, BingoState

from .analysis_helpers import first_planted

WORLDS = 8  # small: the tests check the method, not its precision


def test_grades_follow_the_thresholds_and_the_noise() -> None:
    assert grade(0.0, 0.0) == "best"
    assert grade(0.03, 0.0) == "good"
    assert grade(0.05, 0.0) == "inaccuracy"
    assert grade(0.12, 0.01) == "mistake"
    assert grade(0.25, 0.01) == "blunder"
    # within 1.96 standard errors: the simulation cannot tell them apart
    assert grade(0.25, 0.13) == "best"
    assert grade(0.25, 0.12) == "blunder"


def test_every_non_forced_decision_of_both_players_is_graded() -> None:
    seed, history, _ = first_planted()
    found = analyse(seed, None, history, WORLDS)
    points = decision_points(seed, None, history)
    assert [d.index for d in found] == points
    state, _ = BingoState.new(seed)
    for index, (player, action) in enumerate(history):
        legal = state.legal_actions()
        assert (index in points) == (len(legal) > 1)
        state.apply(action, player)
    assert {d.player for d in found} == {0, 1}
    assert {d.decision for d in found} >= {"declare", "main"}
    assert all(d.grade in analysis.GRADES for d in found)
    for player in (0, 1):
        mine = summary(found, player)
        assert sum(mine.counts.values()) == sum(1 for d in found if d.player == player)
        assert mine.accuracy is not None and 0 <= mine.accuracy <= 100


def test_passing_with_a_winning_land_in_hand_is_a_blunder() -> None:
    seed, history, planted = first_planted()
    found = analysis.analyse_decision(seed, None, history, planted, WORLDS)
    assert found is not None
    assert found.chosen == "pass" and found.best_action.startswith("place:")
    assert found.best == 1.0
    assert found.grade == "blunder"
    assert summary([found], found.player).counts["blunder"] == 1


def test_an_analysis_is_seeded_and_round_trips_through_json() -> None:
    seed, history, planted = first_planted()
    first = analysis.analyse_decision(seed, None, history, planted - 1, WORLDS)
    again = analysis.analyse_decision(seed, None, history, planted - 1, WORLDS)
    assert first == again
    if first is not None:
        assert DecisionAnalysis.from_json(first.to_json()) == first


def test_forced_and_out_of_range_decisions() -> None:
    seed, history, _ = first_planted()
    forced = [i for i in range(len(history)) if i not in decision_points(seed, None, history)]
    assert forced
    assert analysis.analyse_decision(seed, None, history, forced[0], WORLDS) is None
    with pytest.raises(ValueError):
        analysis.analyse_decision(seed, None, history, len(history), WORLDS)


def test_a_sampled_world_keeps_what_the_player_sees_and_resamples_the_rest() -> None:
    """The estimate never reads hidden cards: the other hand is redealt from the unseen."""
    seed, history, planted = first_planted()
    state = BingoState.replay(seed, BingoOptions(), history[:planted])
    player = state.current_player()
    assert player is not None
    other = 1 - player
    seen = set()
    for n in range(30):
        world = determinize(state, player, random.Random(n), BingoOptions())
        assert world.hands[player] == state.hands[player]
        assert world.territories == state.territories
        assert world.discards == state.discards
        assert sum(world.hands[other]) == sum(state.hands[other])
        assert world.card_count() == 60
        seen.add((tuple(world.hands[other]), tuple(world.library)))
    assert len(seen) > 1


def test_a_mulligan_world_keeps_the_scry_card_on_top() -> None:
    for seed in range(200):
        state, _ = BingoState.new(seed)
        while state.result is None and state.phase != "play":
            player = state.current_player()
            assert player is not None
            obs = state.observation(player)
            if obs["scry_card"] is not None:
                world = determinize(state, player, random.Random(1), BingoOptions())
                assert world.library[-1] == obs["scry_card"]
                assert world.hands[player] == state.hands[player]
                assert world.card_count() == 60
                return
            legal = state.legal_actions()
            state.apply("mulligan" if "mulligan" in legal else legal[0], player)
    pytest.fail("no seed reached a scry")


def test_decisions_after_a_timeout_are_still_graded() -> None:
    seed, history, planted = first_planted()
    state = BingoState.replay(seed, BingoOptions(), history[:planted])
    state.apply_timeout()  # the player ran out of time instead of passing
    rng = random.Random(3)
    while state.result is None:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    points = decision_points(seed, None, state.history)
    assert planted not in points
    assert any(i > planted for i in points)
    later = next(i for i in points if i > planted)
    assert analysis.analyse_decision(seed, None, state.history, later, WORLDS) is not None
