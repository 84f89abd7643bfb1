"""Move-by-move analysis of a finished BingoMagic match (docs/analysis.md).

For every decision of both players where more than one action was legal (mulligan
declarations and scries included; a forced decision, a time-out, a resignation are not
graded), :func:`analyse_decision` estimates the deciding player's chance to win after
each legal action, from that player's information set only: the match is rebuilt from
its seed and decisions up to that point, and each of ``worlds`` sampled worlds
(:func:`bot.ai.estimator.determinize`: the other hand and the library dealt at random
from the cards the player could not see) is played out after *every* legal action with
the same random stream (common random numbers) by :func:`bot.ai.estimator.finish`, the
one estimator the mulligan coach also uses.

Figures per decision (:class:`DecisionAnalysis`): ``before`` (the chance after the
action the ``medium`` heuristic would take: the position's worth for a good player),
``after`` (the action chosen) and ``best`` (the best action found), each the mean over
``worlds`` simulations made a calibrated chance by :func:`bot.ai.estimator.calibrate`
(an action that ends the match keeps its exact result), and ``noise``, the standard
error of the paired difference between the chosen and the best action, on the same
calibrated scale (:func:`_calibrated_drop`).  The grade (:func:`grade`) uses the drop
``best - after``: within :data:`Z_NOISE` standard errors it counts as best; otherwise
good (< 5 pp), inaccuracy (≥ 5 pp), mistake (≥ 10 pp), blunder (≥ 20 pp).

A player's accuracy (:func:`summary`) is 100 minus the mean drop in percentage points
over their graded decisions (a drop within the noise counts 0): 100 = always best.

Pure: no discord import, no I/O; every simulation is seeded from the match's seed and
the decision's index, so one match always gives one analysis.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from bot.engine import BingoOptions, BingoState
from bot.engine.bingo import ABANDON, RESIGN, TIMEOUT

from .estimator import calibrate, determinize, finish
from .heuristics import View, medium_action

#: Sampled worlds per decision in the bot (each played after every legal action).
DEFAULT_WORLDS = 40
#: Batches of ``worlds`` at most per decision: a decision whose grade is still open after
#: one batch (a drop that may or may not reach 5 points) gets more, up to this many: at
#: 40 worlds only drops of about 10 points or more stand out of the noise, at 320 about 5
MAX_BATCHES = 8
#: Standard errors within which two actions count as equally good (95 %, two-sided).
Z_NOISE = 1.96
#: Grade thresholds: the smallest drop in win chance (0..1) for each grade, worst first.
THRESHOLDS = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
#: Every grade, best first.
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
#: Bumped when the method changes, so stored analyses of an older method are redone
#: (2: calibrated chances, :func:`bot.ai.estimator.calibrate`).
VERSION = 2
#: Verbs that are no choice among legal actions.
_NOT_CHOICES = (TIMEOUT, RESIGN, ABANDON)


@dataclass(frozen=True, slots=True)
class DecisionAnalysis:
    """One graded decision: ``index`` into the match's decisions (0-based), the deciding
    ``player``, the engine's ``decision`` name (``main``, ``counter``, ``declare``,
    ``scry`` …), the ``chosen`` action and ``best_action``; win chances 0..1 of
    ``before``, ``after`` (chosen) and ``best``; ``noise`` (the standard error of
    ``best - after`` on the paired samples), ``worlds`` simulations per action (one to
    :data:`MAX_BATCHES` batches), and the ``grade`` (one of :data:`GRADES`)."""

    index: int
    player: int
    decision: str
    chosen: str
    best_action: str
    before: float
    after: float
    best: float
    noise: float
    worlds: int
    grade: str

    @property
    def drop(self) -> float:
        """Win chance lost against the best action (0..1; 0 when within the noise)."""
        return 0.0 if self.grade == "best" else max(0.0, self.best - self.after)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DecisionAnalysis:
        return cls(**data)


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """A player's ``accuracy`` (0..100, see the module docstring; ``None`` with no
    graded decision) and how many decisions got each grade (``counts``, by
    :data:`GRADES` order)."""

    accuracy: float | None
    counts: dict[str, int]


def grade(drop: float, noise: float) -> str:
    """The grade of a decision that lost ``drop`` (0..1) of win chance against the best
    action found, with ``noise`` the standard error of that difference: ``best`` when
    ``drop <= Z_NOISE * noise`` (the simulation cannot tell them apart) or ``drop <= 0``,
    else by :data:`THRESHOLDS` (``good`` below 5 pp)."""
    if drop <= 0 or drop <= Z_NOISE * noise:
        return "best"
    for name, threshold in THRESHOLDS:
        if drop >= threshold - 1e-12:
            return name
    return "good"


def _options(options: dict[str, Any] | None) -> BingoOptions:
    return BingoOptions.from_json(options) if options else BingoOptions()


def decision_points(
    seed: int, options: dict[str, Any] | None, history: list[list[Any]]
) -> list[int]:
    """Indices of the decisions of ``history`` to grade: a choice among two or more
    legal actions (not a forced one, a time-out, a resignation or an abandon)."""
    opts = _options(options)
    state, _ = BingoState.new(seed, opts)
    points = []
    for index, (player, action) in enumerate(history):
        if action == TIMEOUT:  # RULES §1.8: the match goes on without a choice
            state.apply_timeout()
            continue
        if action in _NOT_CHOICES:  # a resignation or an abandon ends the match
            break
        if len(state.legal_actions()) > 1:
            points.append(index)
        state.apply_fast(action, player)
    return points


def _undecided(drop: float, noise: float) -> bool:
    """Whether more simulations could change the grade's side of the noise: the drop
    may be real (above the noise) and may reach the first threshold (5 points)."""
    low, high = drop - Z_NOISE * noise, drop + Z_NOISE * noise
    return low <= 0 < high and high >= THRESHOLDS[-1][1]


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.5
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def _chance(mean: float, worlds: int, over: bool) -> float:
    """The calibrated chance of an action whose ``worlds`` playouts scored ``mean``;
    ``over``: the action ended the match in every world, so ``mean`` is its result."""
    return mean if over else calibrate(mean, worlds)


def _calibrated_drop(
    best: float, after: float, raw_drop: float, raw_noise: float
) -> tuple[float, float]:
    """The drop ``best - after`` of two calibrated chances, and the standard error
    ``raw_noise`` of the playouts' paired difference ``raw_drop`` scaled by the same
    factor (the calibration's secant ``(best - after) / raw_drop``; 1 when ``raw_drop``
    is not above 0, a tie graded best), so that drop / noise, and with it the "within
    the noise" test, is the playouts' own."""
    drop = best - after
    scale = drop / raw_drop if raw_drop > 0 else 1.0
    return drop, raw_noise * scale


def analyse_decision(
    seed: int,
    options: dict[str, Any] | None,
    history: list[list[Any]],
    index: int,
    worlds: int = DEFAULT_WORLDS,
) -> DecisionAnalysis | None:
    """Grade decision ``index`` of a match (see the module docstring); ``None`` when it
    is not graded (forced, a time-out, a resignation).  ``seed``, ``options`` (a
    :meth:`BingoOptions.to_json` dict or ``None``) and ``history`` are the stored match.
    CPU-bound: ``worlds`` × legal actions playouts, or up to :data:`MAX_BATCHES` times
    that while the grade is undecided (:func:`_undecided`).  Raises ``ValueError`` for an index
    outside the history and :class:`bot.engine.IllegalActionError` when the history
    does not fit the match."""
    if not 0 <= index < len(history):
        raise ValueError(f"decision {index} is outside 0..{len(history) - 1}")
    opts = _options(options)
    state = BingoState.replay(seed, opts, history[:index])
    player, chosen = history[index]
    legal = state.legal_actions()
    if chosen in _NOT_CHOICES or len(legal) < 2 or state.current_player() != player:
        return None
    rng = random.Random(f"analysis:{VERSION}:{seed}:{index}")
    obs = state.observation(player)
    reference = medium_action(View.from_observation(obs), random.Random(0))
    samples: dict[str, list[float]] = {a: [] for a in legal}
    over = dict.fromkeys(legal, True)  # the action ended the match in every world so far
    for _batch in range(MAX_BATCHES):
        for _ in range(worlds):
            world = determinize(state, player, rng, opts)
            stream = rng.getrandbits(48)
            for action in legal:
                copy = world.clone()
                copy.apply_fast(action)
                over[action] = over[action] and copy.result is not None
                samples[action].append(finish(copy, player, random.Random(stream)))
        n = len(samples[chosen])
        chances = {a: _chance(sum(v) / n, n, over[a]) for a, v in samples.items()}
        top = max(legal, key=lambda a: (chances[a], a == chosen))
        diffs = [b - c for b, c in zip(samples[top], samples[chosen], strict=True)]
        raw_drop, raw_noise = _mean_se(diffs)
        drop, noise = _calibrated_drop(chances[top], chances[chosen], raw_drop, raw_noise)
        tied = raw_drop <= 0  # the playouts cannot tell them apart (or top is chosen)
        if tied or not _undecided(drop, noise):
            break
    return DecisionAnalysis(
        index=index,
        player=player,
        decision=obs["decision"],
        chosen=chosen,
        best_action=top,
        before=chances[reference],
        after=chances[chosen],
        best=chances[top],
        noise=noise,
        worlds=len(samples[chosen]),
        grade="best" if tied else grade(drop, noise),
    )


def analyse(
    seed: int,
    options: dict[str, Any] | None,
    history: list[list[Any]],
    worlds: int = DEFAULT_WORLDS,
) -> list[DecisionAnalysis]:
    """Every graded decision of a match, in order (one process; the bot spreads
    :func:`analyse_decision` over its AI pool instead)."""
    out = []
    for index in decision_points(seed, options, history):
        found = analyse_decision(seed, options, history, index, worlds)
        if found is not None:
            out.append(found)
    return out


def summary(decisions: Iterable[DecisionAnalysis], player: int) -> PlayerSummary:
    """Player ``player``'s accuracy and grade counts over ``decisions``."""
    mine = [d for d in decisions if d.player == player]
    counts = {g: sum(1 for d in mine if d.grade == g) for g in GRADES}
    if not mine:
        return PlayerSummary(None, counts)
    accuracy = 100.0 - 100.0 * sum(d.drop for d in mine) / len(mine)
    return PlayerSummary(accuracy, counts)


def win_curve(decisions: Iterable[DecisionAnalysis]) -> list[tuple[int, float, str]]:
    """Player 0's estimated win chance after each graded decision: ``(index, chance,
    grade)``, the chance read from the deciding player's side (``after``, or
    ``1 - after`` for player 1's decisions)."""
    return [(d.index, d.after if d.player == 0 else 1.0 - d.after, d.grade) for d in decisions]
