"""Puzzles mined from analysed BingoMagic matches (docs/puzzles.md).

A decision the match analysis (:mod:`bot.ai.analysis`) graded a **mistake** or a
**blunder** becomes a puzzle when its best move is *clearly* better than every other
move: for each other legal action *a*, the lower bound of the 95 % confidence interval
of the paired difference ``chance(best) - chance(a)`` is at least :data:`GAP` (15 points
of win chance).  The task is then: find the best move.

The chances are estimated exactly as the analysis does, from the deciding player's
information set only (:func:`bot.ai.estimator.determinize`: the other hand and the
library dealt at random from the cards that player could not see), each sampled world
played out after *every* legal action with the same random stream (common random
numbers), by :func:`bot.ai.estimator.finish`, and the playouts' means made calibrated
chances (:func:`bot.ai.estimator.calibrate`; an action that ends the match in every
world keeps its exact result).  The worlds are drawn afresh (seeded by the match's seed
and the decision's index, with a key of its own), so the puzzle's best move is chosen
and checked on other samples than the analysis graded with.

The interval (:func:`gap_bound`): the paired differences of the two actions' playouts
give a mean and a standard error; on the calibrated scale the difference is
``chance(best) - chance(a)`` and the standard error is scaled by the same factor (the
calibration's secant, as :func:`bot.ai.analysis._calibrated_drop` does for a grade), so
the test "at least 15 points at 95 %" is ``gap - 1.96 * se >= 0.15``.  A decision whose
answer is still open after one batch of ``worlds`` (the bound below 15 points, the
interval's top above) gets another batch, up to :data:`MAX_BATCHES`.

Pure: no discord import, no I/O, no global random; one match always gives the same
puzzles.  :func:`selfplay` plays the bot against itself (seeded), for the puzzles the bot
ships (``python -m benchmarks.puzzles --write``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import BingoOptions, BingoState

from . import choose_action
from .analysis import choice_at
from .estimator import chance, compare_actions, mean_se

#: The least gap in win chance (0..1) between the best move and every other move, at
#: the lower end of its 95 % interval, for a decision to be a puzzle.
GAP = 0.15
#: Standard errors of the 95 % interval (two-sided), as the analysis's noise.
Z = 1.96
#: Sampled worlds per batch in the bot (each played after every legal action).
DEFAULT_WORLDS = 64
#: Batches at most per decision (:func:`mine_decision`).
MAX_BATCHES = 4
#: The analysis grades that are mined.
CANDIDATE_GRADES = ("mistake", "blunder")
#: Bumped when the method changes (a stored puzzle keeps the version that made it).
VERSION = 1


@dataclass(frozen=True, slots=True)
class MinedPuzzle:
    """A puzzle: decision ``index`` (0-based, into the match's decisions) of ``player``
    (seat 0 or 1), the engine's ``decision`` name, the ``chosen`` action (what was played
    in the match) and the ``best`` action (the answer).

    ``chances``: every legal action's estimated chance that ``player`` wins (0..1), in
    the order of ``legal_actions``; ``rival``: the other action whose interval came
    closest to :data:`GAP` (in practice the second best); ``gap``: ``chances[best] -
    chances[rival]``; ``noise``: the standard error of that paired difference;
    ``low``, ``high``: its 95 % interval (``low >= GAP``); ``worlds``: simulations per
    action."""

    index: int
    player: int
    decision: str
    chosen: str
    best: str
    rival: str
    chances: dict[str, float] = field(hash=False)
    gap: float
    noise: float
    worlds: int

    @property
    def low(self) -> float:
        """The lower end of the gap's 95 % interval."""
        return self.gap - Z * self.noise

    @property
    def high(self) -> float:
        """The upper end of the gap's 95 % interval."""
        return self.gap + Z * self.noise

    @property
    def confidence(self) -> float:
        """How sure the simulation is that the gap is at least :data:`GAP` (0..1): the
        normal approximation ``Φ((gap - GAP) / noise)`` (1 when ``noise`` is 0)."""
        if self.noise <= 0:
            return 1.0 if self.gap >= GAP else 0.0
        return 0.5 * (1.0 + math.erf((self.gap - GAP) / (self.noise * math.sqrt(2.0))))

    @property
    def actions(self) -> list[str]:
        """The legal actions, in the panels' order (one button each)."""
        return list(self.chances)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "player": self.player,
            "decision": self.decision,
            "chosen": self.chosen,
            "best": self.best,
            "rival": self.rival,
            "chances": [[a, c] for a, c in self.chances.items()],
            "gap": self.gap,
            "noise": self.noise,
            "worlds": self.worlds,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MinedPuzzle:
        """From :meth:`to_json` (raises ``KeyError``/``ValueError`` for another shape)."""
        return cls(
            index=int(data["index"]),
            player=int(data["player"]),
            decision=str(data["decision"]),
            chosen=str(data["chosen"]),
            best=str(data["best"]),
            rival=str(data["rival"]),
            chances={str(a): float(c) for a, c in data["chances"]},
            gap=float(data["gap"]),
            noise=float(data["noise"]),
            worlds=int(data["worlds"]),
        )


def gap_bound(
    best: Sequence[float], other: Sequence[float], best_over: bool, other_over: bool
) -> tuple[float, float]:
    """``(gap, noise)``: the calibrated ``chance(best) - chance(other)`` and the standard
    error of the paired playouts' difference on the same scale (the raw standard error
    times the calibration's secant ``gap / raw gap``; unscaled when the raw gap is not
    above 0).  ``best`` and ``other``: the two actions' playout scores in the same worlds
    (equal lengths, at least 1).  Raises ``ValueError`` for unequal lengths."""
    if len(best) != len(other) or not best:
        raise ValueError("paired samples need equal, non-zero lengths")
    raw_gap, raw_noise = mean_se([b - o for b, o in zip(best, other, strict=True)])
    gap = chance(best, best_over) - chance(other, other_over)
    scale = gap / raw_gap if raw_gap > 0 else 1.0
    return gap, raw_noise * scale


def is_puzzle(gap: float, noise: float) -> bool:
    """The rule: the gap's 95 % interval lies at or above :data:`GAP`."""
    return gap - Z * noise >= GAP - 1e-12


def _undecided(gap: float, noise: float) -> bool:
    """More worlds could still make it a puzzle: the bound is below :data:`GAP`, the
    interval's top above it."""
    return gap - Z * noise < GAP <= gap + Z * noise


@dataclass(frozen=True, slots=True)
class Estimate:
    """Every legal action's chance for the deciding player (``chances``, 0..1, in the
    order of ``legal_actions``; ``decision``: the engine's decision name), the ``best``
    action, its closest ``rival`` (the other action whose interval's lower end is the
    lowest), the ``gap`` between them, its standard error ``noise`` and the ``worlds``
    per action (:func:`estimate`)."""

    decision: str
    chances: dict[str, float] = field(hash=False)
    best: str
    rival: str
    gap: float
    noise: float
    worlds: int


def estimate(
    state: BingoState,
    player: int,
    chosen: str,
    key: str,
    options: BingoOptions,
    worlds: int = DEFAULT_WORLDS,
) -> Estimate | None:
    """Every legal action of ``player``'s decision in ``state`` (not changed) played
    out in the same sampled worlds (see the module docstring), in batches of ``worlds``
    until the rule is decided (:func:`_undecided`) or :data:`MAX_BATCHES`; ``None`` with
    fewer than two legal actions.  A tie for best goes to an action other than
    ``chosen`` (the move played), then to the first in order.  Only
    ``state.observation(player)`` and the shape of ``state`` are read
    (:func:`bot.ai.estimator.determinize`), never its hidden cards; ``key`` seeds every
    simulation.  Raises ``ValueError`` when ``player`` does not decide now or as
    :func:`~bot.ai.estimator.determinize`."""
    if state.current_player() != player:
        raise ValueError(f"player {player} does not decide now")
    legal = state.legal_actions()
    if len(legal) < 2:
        return None
    rng = random.Random(key)
    decision = str(state.observation(player)["decision"])
    samples: dict[str, list[float]] = {a: [] for a in legal}
    over = dict.fromkeys(legal, True)
    for _batch in range(MAX_BATCHES):
        compare_actions(state, player, rng, worlds, options, samples, over)
        chances = {a: chance(samples[a], over[a]) for a in legal}
        best = max(legal, key=lambda a: (chances[a], a != chosen))
        bounds = {
            a: gap_bound(samples[best], samples[a], over[best], over[a]) for a in legal if a != best
        }
        rival = min(bounds, key=lambda a: (bounds[a][0] - Z * bounds[a][1], a))
        gap, noise = bounds[rival]
        if best == chosen or not _undecided(gap, noise):
            break
    return Estimate(decision, chances, best, rival, gap, noise, len(samples[best]))


def mine_position(
    state: BingoState,
    player: int,
    chosen: str,
    key: str,
    options: BingoOptions,
    index: int = 0,
    worlds: int = DEFAULT_WORLDS,
) -> MinedPuzzle | None:
    """The puzzle of ``player``'s decision in ``state`` (not changed), or ``None`` when
    the best move is not clearly better than every other (:func:`is_puzzle` of the
    :func:`estimate`) or is the ``chosen`` action (the move played).  ``index`` is
    recorded in the puzzle; the rest as :func:`estimate` (the same key and observation
    give the same puzzle).  CPU-bound: ``worlds`` × legal actions playouts per batch, up
    to :data:`MAX_BATCHES` batches."""
    found = estimate(state, player, chosen, key, options, worlds)
    if found is None or found.best == chosen or not is_puzzle(found.gap, found.noise):
        return None
    return MinedPuzzle(
        index=index,
        player=player,
        decision=found.decision,
        chosen=chosen,
        best=found.best,
        rival=found.rival,
        chances=found.chances,
        gap=found.gap,
        noise=found.noise,
        worlds=found.worlds,
    )


def puzzle_key(seed: int, index: int) -> str:
    """The simulations' seed of decision ``index`` of the match of seed ``seed``."""
    return f"puzzle:{VERSION}:{seed}:{index}"


def mine_decision(
    seed: int,
    options: dict[str, Any] | None,
    history: list[list[Any]],
    index: int,
    worlds: int = DEFAULT_WORLDS,
) -> MinedPuzzle | None:
    """The puzzle of decision ``index`` of a stored match (``seed``, ``options`` as
    :meth:`BingoOptions.to_json` or ``None``, ``history``), or ``None`` (no clear best
    move, a forced decision, a time-out, a resignation).  One job of the bot's AI pool
    (:func:`mine_position` on the position before the decision).  Raises ``ValueError``
    for an index outside the history and :class:`bot.engine.IllegalActionError` when
    the history does not fit the match."""
    found = choice_at(seed, options, history, index)
    if found is None:
        return None
    state, opts, player, chosen = found
    return mine_position(state, player, chosen, puzzle_key(seed, index), opts, index, worlds)


def candidates(decisions: Iterable[Mapping[str, Any]]) -> list[int]:
    """The indices of a stored analysis's decisions (dicts of
    :meth:`bot.ai.analysis.DecisionAnalysis.to_json`) graded a mistake or a blunder, in
    order: the decisions :func:`mine_decision` is run on."""
    return [int(d["index"]) for d in decisions if d.get("grade") in CANDIDATE_GRADES]


def selfplay(seed: int, levels: tuple[str, str] = ("medium", "easy")) -> list[list[Any]]:
    """A match of seed ``seed`` between the bot's ``levels`` (seat 0's, seat 1's; not
    ``hard``, whose search is timed), played to its end: its decisions ``[[player,
    action], ...]``.  Seeded: the same seed and levels give the same match.  Raises
    ``ValueError`` for an unknown level."""
    state, _ = BingoState.new(seed)
    rngs = [random.Random(f"selfplay:{seed}:{p}") for p in (0, 1)]
    while state.result is None:
        player = state.current_player()
        assert player is not None
        action = choose_action(state.observation(player), levels[player], rngs[player], budget=None)
        state.apply(action, player)
    return [list(step) for step in state.history]


__all__ = [
    "CANDIDATE_GRADES",
    "DEFAULT_WORLDS",
    "Estimate",
    "GAP",
    "MAX_BATCHES",
    "VERSION",
    "Z",
    "MinedPuzzle",
    "candidates",
    "chance",
    "estimate",
    "gap_bound",
    "is_puzzle",
    "mine_decision",
    "mine_position",
    "puzzle_key",
    "selfplay",
]
