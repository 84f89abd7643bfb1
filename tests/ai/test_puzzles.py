"""Puzzles mined from analysed matches (bot/ai/puzzles.py, docs/puzzles.md): the 15-point
gap at 95 %, drawn from the deciding player's information set only."""

from __future__ import annotations

import random

import pytest

from bot.ai import analysis, puzzles
from bot.ai.heuristics import need
from bot.ai.puzzles import GAP, MinedPuzzle, Z, gap_bound, is_puzzle, mine_position
from bot.engine import BingoOptions, BingoState

from .analysis_helpers import first_planted

WORLDS = 24  # enough for the planted blunder's interval to clear 15 points


def test_the_rule_is_the_lower_end_of_the_95_percent_interval() -> None:
    assert Z == 1.96 and GAP == 0.15
    assert is_puzzle(0.40, 0.05)  # 0.40 - 0.098 = 0.302
    assert is_puzzle(0.15, 0.0)  # exactly 15 points, no doubt
    assert not is_puzzle(0.149, 0.0)
    assert is_puzzle(0.25, 0.05)  # 0.25 - 0.098 = 0.152
    assert not is_puzzle(0.25, 0.052)  # 0.25 - 0.102 = 0.148: a clear gap, not a sure one
    assert not is_puzzle(0.9, 0.4)  # large but too noisy


def test_the_gap_is_measured_on_paired_samples() -> None:
    """Common random numbers: the same worlds' scores are compared, so a move that wins
    in every world where the other wins, and more, has a small noise however noisy each
    move's own mean is."""
    rng = random.Random(3)
    other = [float(rng.random() < 0.5) for _ in range(64)]
    best = [1.0 if o == 1.0 or i % 3 == 0 else 0.0 for i, o in enumerate(other)]
    gap, noise = gap_bound(best, other, False, False)
    assert 0.15 < gap < 0.5
    # the paired noise is below each move's own standard error (0.5 / sqrt(64) at most)
    shuffled = other[:]
    random.Random(4).shuffle(shuffled)
    _, unpaired_noise = gap_bound(best, shuffled, False, False)
    assert noise < unpaired_noise
    with pytest.raises(ValueError):
        gap_bound(best, other[:-1], False, False)


def test_a_move_that_ends_the_match_keeps_its_exact_result() -> None:
    """A land that wins at once scores 1 in every world: its chance is 1, not drawn
    toward ½ by the calibration, and the gap to a move that wins half the time is 50
    points less the other's calibration."""
    half = [1.0, 0.0] * 32
    gap, noise = gap_bound([1.0] * 64, half, True, False)
    assert gap == pytest.approx(1.0 - puzzles.chance(half, False))
    assert gap >= 0.5 and noise > 0
    tie, tie_noise = gap_bound([1.0] * 64, [1.0] * 64, True, True)
    assert tie == 0.0 and tie_noise == 0.0 and not is_puzzle(tie, tie_noise)


def test_the_planted_blunder_is_a_puzzle_whose_answer_is_the_winning_land() -> None:
    """Passing with the land that wins at once in hand, the other hand too small to
    counter (analysis_helpers): every other move is at least 15 points worse at 95 %."""
    seed, history, planted = first_planted()
    found = puzzles.mine_decision(seed, None, history, planted, WORLDS)
    assert found is not None
    assert found.chosen == "pass" and found.best.startswith("place:")
    state = BingoState.replay(seed, BingoOptions(), history[:planted])
    after = list(state.territories[found.player])
    after[int(found.best[6:])] += 1
    assert need(after) == 0  # the answer wins at once
    assert found.chances[found.best] == 1.0
    assert found.low >= GAP and found.low == pytest.approx(found.gap - Z * found.noise)
    assert found.rival != found.best and found.rival in found.chances
    assert found.actions == state.legal_actions()  # one button per legal action, in order
    for action, chance in found.chances.items():
        if action != found.best:
            assert found.chances[found.best] - chance >= found.gap - 1e-9
    assert found.confidence > 0.975
    assert MinedPuzzle.from_json(found.to_json()) == found


def test_mining_is_seeded() -> None:
    seed, history, planted = first_planted()
    first = puzzles.mine_decision(seed, None, history, planted, 8)
    assert first == puzzles.mine_decision(seed, None, history, planted, 8)


def test_a_mistake_is_a_puzzle_exactly_when_its_gap_clears_15_points_at_95_percent() -> None:
    """Of the planted match's mistakes and blunders, those whose best move is not clearly
    better than every other are no puzzles; each one mined has the interval's lower end
    at 15 points or more, each one left out below (or the move played was the best)."""
    seed, history, planted = first_planted()
    graded = [d.to_json() for d in analysis.analyse(seed, None, history, 8)]
    kept, left = [], []
    for index in puzzles.candidates(graded):
        state = BingoState.replay(seed, BingoOptions(), history[:index])
        player, chosen = history[index]
        key = puzzles.puzzle_key(seed, index)
        found = puzzles.estimate(state, player, chosen, key, BingoOptions(), 8)
        assert found is not None
        mined = puzzles.mine_decision(seed, None, history, index, 8)
        clear = found.best != chosen and is_puzzle(found.gap, found.noise)
        assert (mined is not None) == clear
        (kept if clear else left).append((found, chosen))
    assert kept and left  # both kinds occur in this match
    assert all(f.gap - Z * f.noise >= GAP for f, _ in kept)
    assert all(f.gap - Z * f.noise < GAP or f.best == chosen for f, chosen in left)


def test_no_puzzle_when_the_move_played_was_the_best() -> None:
    seed, history, planted = first_planted()
    state = BingoState.replay(seed, BingoOptions(), history[:planted])
    player = state.current_player()
    assert player is not None
    best = puzzles.mine_decision(seed, None, history, planted, WORLDS)
    assert best is not None
    again = mine_position(
        state, player, best.best, puzzles.puzzle_key(seed, planted), BingoOptions(), planted, WORLDS
    )
    assert again is None


def test_the_puzzle_is_drawn_from_the_deciding_players_view_only() -> None:
    """Two positions that the player to move sees alike (the same observation) but whose
    hidden cards differ (another card in the other hand, the library in another order)
    give the same puzzle: the estimate never reads what the player could not see."""
    seed, history, planted = first_planted()
    state = BingoState.replay(seed, BingoOptions(), history[:planted])
    player = state.current_player()
    assert player is not None
    data = state.to_json()
    other = data["hands"][1 - player]
    held = next(k for k in range(5) if other[k])
    swap = next(i for i, k in enumerate(data["library"]) if k != held)
    other[held] -= 1
    other[data["library"][swap]] += 1
    data["library"][swap] = held
    data["library"].reverse()
    hidden = BingoState.from_json(data)
    assert hidden.observation(player) == state.observation(player)
    assert hidden.hands[1 - player] != state.hands[1 - player]
    key = puzzles.puzzle_key(seed, planted)
    one = mine_position(state, player, "pass", key, BingoOptions(), planted, WORLDS)
    two = mine_position(hidden, player, "pass", key, BingoOptions(), planted, WORLDS)
    assert one is not None and one == two


def test_only_mistakes_and_blunders_are_candidates() -> None:
    decisions = [
        {"index": 1, "grade": "best"},
        {"index": 4, "grade": "mistake"},
        {"index": 6, "grade": "inaccuracy"},
        {"index": 9, "grade": "blunder"},
        {"index": 12, "grade": "good"},
    ]
    assert puzzles.candidates(decisions) == [4, 9]


def test_forced_decisions_and_time_outs_are_no_puzzles() -> None:
    seed, history, _ = first_planted()
    forced = [
        i for i in range(len(history)) if i not in analysis.decision_points(seed, None, history)
    ]
    assert forced and puzzles.mine_decision(seed, None, history, forced[0], 8) is None
    with pytest.raises(ValueError):
        puzzles.mine_decision(seed, None, history, len(history), 8)
    timed_out = [*history[:3], [history[3][0], "timeout"]]
    assert puzzles.mine_decision(seed, None, timed_out, 3, 8) is None


def test_selfplay_is_seeded_and_plays_to_the_end() -> None:
    one = puzzles.selfplay(5, ("medium", "easy"))
    assert one == puzzles.selfplay(5, ("medium", "easy"))
    state = BingoState.replay(5, BingoOptions(), one)
    assert state.result is not None
    with pytest.raises(ValueError):
        puzzles.selfplay(5, ("medium", "expert"))
