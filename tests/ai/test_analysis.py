"""The match analysis (bot/ai/analysis.py, docs/analysis.md)."""

from __future__ import annotations

import random

import pytest

from bot.ai import analysis
from bot.ai.analysis import (
    DecisionAnalysis,
    analyse,
    contexts,
    decision_accuracy,
    decision_points,
    grade,
    key_moments,
    summary,
    volatility_weights,
)
from bot.ai.estimator import determinize
from bot.engine import BingoOptions, BingoState

from .analysis_helpers import first_planted

WORLDS = 8  # small: the tests check the method, not its precision


def test_grades_follow_the_thresholds_and_the_noise() -> None:
    assert grade(0.0, 0.0) == "best"
    assert grade(0.03, 0.0) == "best"  # under 5 points: no mark (there is no "good")
    assert "good" not in analysis.GRADES
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


def _decision(index: int, player: int, grade_: str, best: float, after: float) -> DecisionAnalysis:
    return DecisionAnalysis(
        index=index, player=player, decision="main", chosen="pass", best_action="place:0",
        before=best, after=after, best=best, noise=0.0, worlds=40, grade=grade_,
        chances={"pass": after, "place:0": best},
    )  # fmt: skip


def test_a_decisions_accuracy_is_lichess_formula_of_its_drop() -> None:
    """103.1668 * exp(-0.04354 * d) - 3.1669 + 1, clamped (d in percentage points)."""
    assert decision_accuracy(0.0) == 100.0
    assert decision_accuracy(0.05) == pytest.approx(80.9, abs=0.1)
    assert decision_accuracy(0.10) == pytest.approx(64.6, abs=0.1)
    assert decision_accuracy(0.20) == pytest.approx(41.0, abs=0.1)
    assert decision_accuracy(0.50) == pytest.approx(9.5, abs=0.1)
    assert decision_accuracy(0.80) == pytest.approx(1.0, abs=0.01)
    assert decision_accuracy(0.90) == decision_accuracy(1.0) == 0.0
    assert _decision(0, 0, "best", 0.6, 0.58).accuracy == 100.0  # within the grade: no loss


def test_two_blunders_cannot_read_as_ninety() -> None:
    """13 decisions, 3 mistakes and 2 blunders: the old "100 minus the mean drop" said
    91.5; the accuracy now reads far lower, and the mean loss is given beside it."""
    drops = [0.12, 0.13, 0.11, 0.30, 0.45] + [0.0] * 8
    grades = ["mistake"] * 3 + ["blunder"] * 2 + ["best"] * 8
    found = []
    for i, (drop, g) in enumerate(zip(drops, grades, strict=True)):
        found.append(_decision(2 * i, 0, g, 0.6, 0.6 - drop))
        found.append(_decision(2 * i + 1, 1, "best", 0.4 + drop, 0.4 + drop))
    alice = summary(found, 0)
    assert alice.counts == {"best": 8, "inaccuracy": 0, "mistake": 3, "blunder": 2}
    assert alice.mean_loss == pytest.approx(100 * sum(drops) / 13)
    assert 100 - alice.mean_loss > 90  # what the old accuracy said
    assert alice.accuracy is not None and alice.accuracy < 70
    clean = summary(found, 1)
    assert clean.accuracy == pytest.approx(100.0) and clean.mean_loss == 0.0


def test_volatility_weights_follow_lichess_windows() -> None:
    """One weight per decision, each the population standard deviation (percentage
    points) of a window of positions, clamped to 0.5..12."""
    flat = [_decision(i, i % 2, "best", 0.5, 0.5) for i in range(12)]
    assert volatility_weights(flat) == [0.5] * 12
    swing = [_decision(i, 0, "best", 0.5, 0.9 if i % 2 else 0.1) for i in range(30)]
    weights = volatility_weights(swing)
    assert len(weights) == 30 and max(weights) == 12.0
    assert volatility_weights([]) == []
    first = [_decision(0, 0, "best", 0.5, 0.6), _decision(1, 1, "best", 0.4, 0.4)]
    assert volatility_weights(first) == pytest.approx([5.0, 0.5])


def test_key_moments_are_each_players_three_largest_drops_in_match_order() -> None:
    found = [
        _decision(1, 0, "mistake", 0.6, 0.48),
        _decision(2, 1, "blunder", 0.7, 0.3),
        _decision(3, 0, "inaccuracy", 0.5, 0.44),
        _decision(5, 0, "blunder", 0.5, 0.1),
        _decision(7, 0, "best", 0.5, 0.5),
        _decision(9, 0, "mistake", 0.4, 0.25),
    ]
    assert [d.index for d in key_moments(found, 0)] == [1, 5, 9]
    assert [d.index for d in key_moments(found, 1)] == [2]
    assert key_moments([_decision(0, 0, "best", 0.5, 0.49)], 0) == []


def test_contexts_say_what_each_decision_was_about() -> None:
    """The turn, the player, the legal actions, the land of a counter window and the
    card of a scry, rebuilt from the seed and the decisions."""
    seed, history, _ = first_planted()
    found = contexts(seed, None, history)
    assert len(found) == len(history)
    state, _ = BingoState.new(seed)
    for context, (player, action) in zip(found, history, strict=True):
        assert context.player == state.current_player() == player
        assert context.turn == state.turn
        assert context.legal == tuple(state.legal_actions())
        assert context.pending_land == state.pending_land
        if context.decision == "counter":
            assert context.pending_land is not None
        state.apply(action, player)
    assert found[0].turn == 0 and found[-1].turn > 1


def test_every_legal_actions_chance_is_kept() -> None:
    seed, history, planted = first_planted()
    found = analysis.analyse_decision(seed, None, history, planted, WORLDS)
    assert found is not None
    state = BingoState.replay(seed, BingoOptions(), history[:planted])
    assert set(found.chances) == set(state.legal_actions())
    assert found.chances[found.chosen] == found.after
    assert found.chances[found.best_action] == found.best == max(found.chances.values())
