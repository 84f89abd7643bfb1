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
calibrated scale (:func:`_calibrated_drop`); ``chances`` keeps every legal action's
chance, for the choices a key moment shows.  The grade (:func:`grade`) uses the drop
``best - after``: within :data:`Z_NOISE` standard errors, or under 5 pp, it counts as
best; otherwise inaccuracy (≥ 5 pp), mistake (≥ 10 pp), blunder (≥ 20 pp).

A player's accuracy (:func:`summary`) follows lichess's published method (lila
``AccuracyPercent``): each decision's accuracy falls exponentially with the drop in
percentage points (:func:`decision_accuracy`), and the player's is the mean of a
volatility-weighted mean and a harmonic mean of those (:func:`volatility_weights`), so
one blunder weighs far more than in a plain mean; the mean drop per decision
(``mean_loss``) is given beside it.  :func:`key_moments` picks each player's largest
drops; :func:`contexts` rebuilds what each decision was about (the turn, the land
announced, the card scried) for the words.

Pure: no discord import, no I/O; every simulation is seeded from the match's seed and
the decision's index, so one match always gives one analysis.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from bot.engine import BingoOptions, BingoState
from bot.engine.bingo import ABANDON, RESIGN, TIMEOUT

from .estimator import chance, compare_actions, mean_se
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
#: Every grade, best first.  There is no "good" (a real drop under 5 points): at the
#: worlds the bot can afford such a drop cannot be told from the noise, so it was
#: almost never given (docs/analysis.md "Grades"); a drop under 5 points counts as best.
GRADES = ("best", "inaccuracy", "mistake", "blunder")
#: Bumped when the method changes, so stored analyses of an older method are redone
#: (2: calibrated chances, :func:`bot.ai.estimator.calibrate`; 3: every action's chance
#: kept, no "good" grade).
VERSION = 3
#: lichess's fit of a move's accuracy (0..100) to its drop in win percentage points
#: (lila ``AccuracyPercent.fromWinPercents``): ``A * exp(-K * drop) + B``, plus
#: :data:`ACCURACY_BONUS`, clamped to 0..100.
ACCURACY_A, ACCURACY_K, ACCURACY_B = 103.1668100711649, 0.04354415386753951, -3.166924740191411
#: lichess's "uncertainty bonus (due to imperfect analysis)", added to every move's.
ACCURACY_BONUS = 1.0
#: The three largest drops of each player are its key moments.
KEY_MOMENTS = 3
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
    #: Every legal action's chance (0..1), by action string.
    chances: dict[str, float] = field(default_factory=dict)

    @property
    def drop(self) -> float:
        """Win chance lost against the best action (0..1; 0 when within the noise)."""
        return 0.0 if self.grade == "best" else max(0.0, self.best - self.after)

    @property
    def accuracy(self) -> float:
        """This decision's accuracy, 0..100 (:func:`decision_accuracy` of :attr:`drop`)."""
        return decision_accuracy(self.drop)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DecisionAnalysis:
        return cls(**data)


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """A player's ``accuracy`` (0..100, :func:`summary`; ``None`` with no graded
    decision), ``mean_loss`` (the mean drop per graded decision, in percentage points;
    ``None`` likewise) and how many decisions got each grade (``counts``, by
    :data:`GRADES` order)."""

    accuracy: float | None
    mean_loss: float | None
    counts: dict[str, int]


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """One point of :func:`win_curve`: after decision ``index`` (0-based, into the
    match's decisions), the first player's ``chance`` (0..1), that decision's ``grade``
    and the ``player`` who made it."""

    index: int
    chance: float
    grade: str
    player: int


@dataclass(frozen=True, slots=True)
class DecisionContext:
    """What decision ``index`` of a match was about, from the state just before it: the
    deciding ``player`` (``None`` once the match is over), the ``turn`` (0 during the
    mulligans, RULES §2), the engine's ``decision`` name, the ``legal`` actions, the
    ``active`` player, the ``pending_land`` announced in a counter window (RULES §1.5)
    and the ``scry_card`` the player was looking at (a Vancouver scry, RULES §2).
    Public to the reader of a finished match: the match is over."""

    index: int
    player: int | None
    turn: int
    decision: str
    legal: tuple[str, ...]
    active: int
    pending_land: int | None
    scry_card: int | None


def grade(drop: float, noise: float) -> str:
    """The grade of a decision that lost ``drop`` (0..1) of win chance against the best
    action found, with ``noise`` the standard error of that difference: ``best`` when
    ``drop <= Z_NOISE * noise`` (the simulation cannot tell them apart), ``drop <= 0``
    or the drop is under the first threshold (5 pp), else by :data:`THRESHOLDS`."""
    if drop <= 0 or drop <= Z_NOISE * noise:
        return "best"
    for name, threshold in THRESHOLDS:
        if drop >= threshold - 1e-12:
            return name
    return "best"


def decision_accuracy(drop: float) -> float:
    """A decision's accuracy, 0..100, from its ``drop`` in win chance (0..1): lichess's
    ``103.1668 * exp(-0.04354 * d) - 3.1669 + 1`` with ``d`` the drop in percentage
    points, clamped to 0..100 (so 100 for no drop, about 81 for 5 points, 65 for 10,
    41 for 20, 10 for 50, 0 from about 89)."""
    if drop <= 0:
        return 100.0
    raw = ACCURACY_A * math.exp(-ACCURACY_K * 100.0 * drop) + ACCURACY_B + ACCURACY_BONUS
    return min(100.0, max(0.0, raw))


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


class Choice(NamedTuple):
    """A decision of a stored match (:func:`choice_at`): the position before it
    (``state``, its ``options``), the ``player`` who decided and the action ``chosen``."""

    state: BingoState
    options: BingoOptions
    player: int
    chosen: str


def choice_at(
    seed: int, options: dict[str, Any] | None, history: list[list[Any]], index: int
) -> Choice | None:
    """Decision ``index`` of a stored match (``seed``, ``options`` as
    :meth:`BingoOptions.to_json` or ``None``, ``history``) with the position before it;
    ``None`` when it was no choice (a time-out, a resignation, an abandon) or not the
    decision of the player to move.  Raises ``ValueError`` for an index outside the
    history and :class:`bot.engine.IllegalActionError` when the history does not fit the
    match."""
    if not 0 <= index < len(history):
        raise ValueError(f"decision {index} is outside 0..{len(history) - 1}")
    opts = _options(options)
    state = BingoState.replay(seed, opts, history[:index])
    player, chosen = history[index]
    if chosen in _NOT_CHOICES or state.current_player() != player:
        return None
    return Choice(state, opts, player, chosen)


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
    found = choice_at(seed, options, history, index)
    if found is None:
        return None
    state, opts, player, chosen = found
    legal = state.legal_actions()
    if len(legal) < 2:
        return None
    rng = random.Random(f"analysis:{VERSION}:{seed}:{index}")
    obs = state.observation(player)
    reference = medium_action(View.from_observation(obs), random.Random(0))
    samples: dict[str, list[float]] = {a: [] for a in legal}
    over = dict.fromkeys(legal, True)  # the action ended the match in every world so far
    for _batch in range(MAX_BATCHES):
        compare_actions(state, player, rng, worlds, opts, samples, over)
        chances = {a: chance(v, over[a]) for a, v in samples.items()}
        top = max(legal, key=lambda a: (chances[a], a == chosen))
        diffs = [b - c for b, c in zip(samples[top], samples[chosen], strict=True)]
        raw_drop, raw_noise = mean_se(diffs)
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
        chances={a: chances[a] for a in legal},
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


def volatility_weights(decisions: Sequence[DecisionAnalysis]) -> list[float]:
    """One weight per decision of ``decisions`` (all graded decisions of a match, in
    order), as lichess weighs moves (lila ``AccuracyPercent.gameAccuracy``): the
    positions are 50 % then the first player's chance after each decision
    (:func:`win_curve`, in percentage points); a window of ``w = n // 10`` positions,
    at least 2 and at most 8, slides over them (the first window is used ``w - 2``
    extra times, so there are ``n`` windows), and each decision's weight is the
    population standard deviation of its window, clamped to 0.5..12: a decision taken
    while the chances swing counts more."""
    chances = [50.0] + [100.0 * p.chance for p in win_curve(decisions)]
    size = min(max(len(decisions) // 10, 2), 8)
    windows = [chances[:size]] * (min(size, len(chances)) - 2)
    windows += [chances[i : i + size] for i in range(max(1, len(chances) - size + 1))]
    return [min(12.0, max(0.5, _population_sd(w))) for w in windows[: len(decisions)]]


def _population_sd(values: Sequence[float]) -> float:
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def summary(decisions: Iterable[DecisionAnalysis], player: int) -> PlayerSummary:
    """Player ``player``'s accuracy, mean loss and grade counts over ``decisions`` (all
    graded decisions of the match, in order: the weights need both players').

    Accuracy: the mean of the volatility-weighted mean (:func:`volatility_weights`)
    and the harmonic mean (each term at least 1) of the player's
    :func:`decision_accuracy`, as lichess's game accuracy; 100 = every decision best."""
    every = list(decisions)
    weights = volatility_weights(every)
    mine = [(d, w) for d, w in zip(every, weights, strict=True) if d.player == player]
    counts = {g: sum(1 for d, _ in mine if d.grade == g) for g in GRADES}
    if not mine:
        return PlayerSummary(None, None, counts)
    scores = [d.accuracy for d, _ in mine]
    weighted = sum(a * w for a, (_, w) in zip(scores, mine, strict=True)) / sum(w for _, w in mine)
    harmonic = len(scores) / sum(1.0 / max(1.0, a) for a in scores)
    mean_loss = 100.0 * sum(d.drop for d, _ in mine) / len(mine)
    return PlayerSummary((weighted + harmonic) / 2.0, mean_loss, counts)


def key_moments(
    decisions: Iterable[DecisionAnalysis], player: int, count: int = KEY_MOMENTS
) -> list[DecisionAnalysis]:
    """Player ``player``'s ``count`` decisions that lost the most win chance (a drop
    above 0: an inaccuracy or worse; the earlier first on a tie), in match order.
    Fewer when the player made fewer such decisions."""
    lost = [d for d in decisions if d.player == player and d.drop > 0]
    largest = sorted(lost, key=lambda d: (-d.drop, d.index))[:count]
    return sorted(largest, key=lambda d: d.index)


def win_curve(decisions: Iterable[DecisionAnalysis]) -> list[CurvePoint]:
    """Player 0's estimated win chance after each graded decision, the chance read from
    the deciding player's side (``after``, or ``1 - after`` for player 1's decisions)."""
    return [
        CurvePoint(d.index, d.after if d.player == 0 else 1.0 - d.after, d.grade, d.player)
        for d in decisions
    ]


def contexts(
    seed: int, options: dict[str, Any] | None, history: list[list[Any]]
) -> list[DecisionContext]:
    """What each decision of ``history`` was about (:class:`DecisionContext`), one per
    decision up to a resignation or an abandon (included), from one replay of the
    match.  Raises :class:`bot.engine.IllegalActionError` when the history does not
    fit the match."""
    state, _ = BingoState.new(seed, _options(options))
    found = []
    for index, (player, action) in enumerate(history):
        found.append(_context(state, index))
        if action == TIMEOUT:  # RULES §1.8
            state.apply_timeout()
        elif action in _NOT_CHOICES or state.result is not None:
            break
        else:
            state.apply_fast(action, player)
    return found


def context_at(
    seed: int, options: dict[str, Any] | None, history: list[list[Any]], index: int
) -> DecisionContext:
    """:func:`contexts` of decision ``index`` alone (a replay up to it).  Raises
    ``ValueError`` for an index outside the history and
    :class:`bot.engine.IllegalActionError` when the history does not fit the match."""
    if not 0 <= index < len(history):
        raise ValueError(f"decision {index} is outside 0..{len(history) - 1}")
    return _context(BingoState.replay(seed, _options(options), history[:index]), index)


def _context(state: BingoState, index: int) -> DecisionContext:
    current = state.current_player()
    decision = str.__str__(state.decision())
    scry = None
    if decision == "scry" and current is not None and state.mulligans is not None:
        scry = state.mulligans.scry_card(state, current)
    return DecisionContext(
        index=index,
        player=current,
        turn=state.turn,
        decision=decision,
        legal=tuple(state.legal_actions()),
        active=state.active,
        pending_land=state.pending_land,
        scry_card=scry,
    )
