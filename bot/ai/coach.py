"""The mulligan coach, as numbers: win chances of a BingoMagic opening hand by seeded
simulation, land-drop figures of a Magic hand, and the verdicts drawn from them.

**Win chances** (:func:`estimate_keep`, :func:`estimate_mulligan`). Each simulated
match deals the other player a random opening hand from the cards not in the kept hand,
lets it mulligan as the ``medium`` player would (Vancouver, RULES §2: one card fewer per
mulligan, then a scry 1 when below the starting size), and plays the match out with the
``medium`` heuristic in both seats (RULES §1) with :func:`bot.ai.estimator.finish`; a
draw counts half.  The rate and its Wilson interval are then made calibrated chances by
:func:`bot.ai.estimator.calibrate`, as the match analysis does, so a percentage means the
same in both (docs/analysis.md "Calibration").

**Verdicts on a kept practice hand** (:func:`land_advice` for Magic decks,
:func:`bingo_advice` for the BingoMagic deck, :func:`is_bingomagic`), and on the hand of
the day (:attr:`LandAdvice.verdict`, :attr:`BingoAdvice.verdict`, a
:class:`bot.engine.daily.Verdict`): which choice is right, by the figures. The cogs only
word them (``cogs/mulligan``).

Pure (no discord import, no I/O): all chance comes from the ``random.Random`` passed in
or seeded from the deal (:func:`coach_seed`).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

from bot.engine import BingoOptions, BingoState, MulliganRule, odds
from bot.engine.cards import COPIES, KINDS, NAMES
from bot.engine.daily import UNRATED, Verdict
from bot.engine.practice import PracticeDeck, PracticeState

from .estimator import calibrate, finish
from .heuristics import View, medium_action

HAND_SIZE = 5  # RULES §1.2.2


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float, float]:
    """The rate ``successes / trials`` and its Wilson score interval (95 % for the
    default ``z``): ``(p, low, high)``, all in [0, 1].  ``trials`` 0 gives (0, 0, 1)."""
    if trials <= 0:
        return 0.0, 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def calibrated(score: float, games: int) -> tuple[float, float, float]:
    """The calibrated chance to win after ``games`` simulated matches that scored
    ``score`` in all (draws half) and its interval: :func:`wilson` ``(p, low, high)``,
    each mapped by :func:`bot.ai.estimator.calibrate` over ``games`` playouts (a strictly
    increasing map, so the interval still holds ``p``), all in (0, 1)."""
    p, low, high = wilson(score, games)
    return calibrate(p, games), calibrate(low, games), calibrate(high, games)


def _declare(hand: list[int], starting: int, me: int, rng: random.Random) -> str:
    legal = ["keep", "mulligan"] if sum(hand) else ["keep"]
    view = View("declare", legal, me, hand, 0, [0] * KINDS, [0] * KINDS,
                [0] * KINDS, [0] * KINDS, None, starting)  # fmt: skip
    return medium_action(view, rng)


def _scry(hand: list[int], library: list[int], starting: int, me: int, rng: random.Random) -> None:
    """Vancouver scry 1 (RULES §2) with the medium choice; the top card is ``library[-1]``."""
    if not library or sum(hand) >= HAND_SIZE:
        return
    view = View("scry", ["scry_top", "scry_bottom"], me, hand, 0, [0] * KINDS, [0] * KINDS,
                [0] * KINDS, [0] * KINDS, None, starting, library[-1])  # fmt: skip
    if medium_action(view, rng) == "scry_bottom":
        library.insert(0, library.pop())


def _deal(library: list[int], size: int) -> list[int]:
    hand = [0] * KINDS
    for _ in range(size):
        hand[library.pop()] += 1
    return hand


def _play(
    hand: list[int],
    rng: random.Random,
    starting: int | None,
    options: BingoOptions,
    mulligan_first: bool,
    size: int | None = None,
) -> float:
    """One simulated match from player 0's opening; its score for player 0.
    ``size``: the mulligan's new hand size (default one fewer than ``hand``)."""
    start = rng.randrange(2) if starting is None else starting
    library = [k for k in range(KINDS) for _ in range(COPIES)]
    if mulligan_first:  # the whole library is shuffled and a hand one smaller drawn
        rng.shuffle(library)
        mine = _deal(library, max(0, sum(hand) - 1) if size is None else size)
        while _declare(mine, start, 0, rng) == "mulligan":
            size = sum(mine) - 1
            library = [k for k in range(KINDS) for _ in range(COPIES)]
            rng.shuffle(library)
            mine = _deal(library, size)
    else:
        mine = list(hand)
        for k in range(KINDS):
            for _ in range(hand[k]):
                library.remove(k)
    pool = library[:]  # cards not in my hand
    rng.shuffle(pool)
    theirs = _deal(pool, HAND_SIZE)
    while _declare(theirs, start, 1, rng) == "mulligan":
        size = sum(theirs) - 1
        pool.extend(k for k in range(KINDS) for _ in range(theirs[k]))
        rng.shuffle(pool)
        theirs = _deal(pool, size)
    for player in (start, 1 - start):
        _scry(mine if player == 0 else theirs, pool, start, player, rng)
    data = {
        "options": options.to_json(), "seed": rng.getrandbits(48), "chance_count": 0,
        "library": pool, "hands": [mine, theirs],
        "territories": [[0] * KINDS, [0] * KINDS], "discards": [[0] * KINDS, [0] * KINDS],
        "rolls": [], "starting": start, "mulligans": None, "active": start, "turn": 1,
        "step": "main", "pending_land": None, "passes_in_row": 0, "timeouts_in_row": [0, 0],
        "result": None, "history": [],
    }  # fmt: skip
    return finish(BingoState.from_json(data), 0, rng)  # the one estimator (estimator.py)


def estimate_keep(
    hand: list[int],
    rng: random.Random,
    games: int = 200,
    *,
    starting: bool | None = None,
    options: BingoOptions | None = None,
) -> tuple[float, float, float]:
    """Chance of winning a BingoMagic match after keeping ``hand`` (RULES §1, §2).

    ``hand``: a WUBRG count vector of at most 5 cards.  ``games``: simulated matches.
    ``starting``: ``True`` on the play, ``False`` on the draw, ``None`` a coin flip.
    Returns ``(p, low, high)``: the calibrated chance to win and its interval
    (:func:`calibrated`: the 95 % Wilson interval of the simulated win rate, draws half,
    calibrated).  Raises ``ValueError`` for a hand that is not 5 kinds of 0..12 cards, at
    most 5 in all.
    """
    _check(hand)
    first = None if starting is None else (0 if starting else 1)
    opts = options or BingoOptions()
    score = sum(_play(hand, rng, first, opts, False) for _ in range(games))
    return calibrated(score, games)


def estimate_mulligan(
    hand: list[int],
    rng: random.Random,
    games: int = 200,
    *,
    starting: bool | None = None,
    options: BingoOptions | None = None,
    size: int | None = None,
) -> tuple[float, float, float]:
    """Chance of winning after mulliganing ``hand`` instead (Paris/Vancouver: a new hand
    one card smaller, then the medium player's further mulligans and scry; RULES §2).
    ``size``: the new hand's size when it is not one fewer (a free first mulligan,
    CR 103.5c, gives ``sum(hand)``); 0..5.  Otherwise the same arguments, result and
    errors as :func:`estimate_keep`."""
    _check(hand)
    if size is not None and not 0 <= size <= HAND_SIZE:
        raise ValueError(f"not a BingoMagic hand size: {size!r}")
    first = None if starting is None else (0 if starting else 1)
    opts = options or BingoOptions()
    score = sum(_play(hand, rng, first, opts, True, size) for _ in range(games))
    return calibrated(score, games)


def _check(hand: list[int]) -> None:
    if len(hand) != KINDS or any(not 0 <= n <= COPIES for n in hand) or sum(hand) > HAND_SIZE:
        raise ValueError(f"not a BingoMagic opening hand: {hand!r}")


# -- the land-drop coach (Magic decks) ---------------------------------------------------

#: The land-drop coach's horizon: every land drop through this turn.
COACH_TURNS = 4


@dataclass(frozen=True, slots=True)
class LandAdvice:
    """The land-drop coach on a kept hand of ``cards`` cards: ``keep``, the exact
    chance of making every land drop through turn ``turns`` (:data:`COACH_TURNS`, or
    the last turn the library supplies when it runs out sooner; ``turns`` 0 and
    ``keep`` ``None``: nothing to draw, on the draw), and ``instead``, the chance after
    mulliganing instead and following the default London policy (``None``: no opinion,
    under another rule, with a shorter horizon, or with no mulligan left).

    What decides the verdict, for the words: ``lands``, the lands in the kept hand;
    ``spells``, its other cards as ``(kind, copies)`` in kind order; ``mulligan_to``, the
    hand size a mulligan instead leads to (the kept size again after a free first
    mulligan, CR 103.5c; ``None`` when ``instead`` is).  Under London a mulligan shuffles
    the whole hand away, so these spells are what it certainly gives up, with a card of
    hand size unless the mulligan is free (RULES §2)."""

    cards: int
    turns: int
    keep: Fraction | None
    instead: Fraction | None = None
    lands: int = 0
    spells: tuple[tuple[int, int], ...] = ()
    mulligan_to: int | None = None

    @property
    def runs_out(self) -> bool:
        """Whether the library runs out before turn :data:`COACH_TURNS`."""
        return 0 < self.turns < COACH_TURNS

    @property
    def agreed(self) -> bool | None:
        """Whether keeping was right (its figure at least the mulligan's); ``None``:
        not rated."""
        if self.keep is None or self.instead is None:
            return None
        return odds.keep_agrees(self.keep, self.instead)

    @property
    def comparison(self) -> str | None:
        """One of :data:`COMPARISONS` by the exact figures (``"tie"`` when equal), or
        ``None``: not rated."""
        if self.keep is None or self.instead is None:
            return None
        if self.keep == self.instead:
            return "tie"
        return "keep-better" if self.keep > self.instead else "mulligan-better"

    @property
    def verdict(self) -> Verdict:
        """Both decisions judged: each is sound when its figure is at least the other's
        (both on a tie); :data:`~bot.engine.daily.UNRATED` with no opinion."""
        if self.keep is None or self.instead is None:
            return UNRATED
        return Verdict(self.keep >= self.instead, self.instead >= self.keep)


def land_advice(state: PracticeState) -> LandAdvice:
    """The land-drop coach on ``state``'s kept hand: figures from the hand and the cards
    above the bottomed ones (:meth:`PracticeState.drawable_library`), compared under
    London with mulliganing instead after ``state.mulligans_taken`` mulligans
    (:func:`bot.engine.odds.mulligan_instead`)."""
    opts, deck = state.options, state.deck
    cards = sum(state.hand)
    size, lands = state.drawable_library()
    in_hand = state.hand_lands()
    spells = tuple((k, n) for k, n in enumerate(state.hand) if n and not deck.is_land[k])
    turns = min(COACH_TURNS, odds.drawable_turns(size, opts.on_the_play))
    if turns < 1:  # a deck no bigger than its hand: nothing to draw on the draw
        return LandAdvice(cards, 0, None, lands=in_hand, spells=spells)
    keep = odds.land_drops_for_hand(size, lands, in_hand, turns, opts.on_the_play)
    if opts.rule is not MulliganRule.LONDON or turns < COACH_TURNS:
        return LandAdvice(cards, turns, keep, lands=in_hand, spells=spells)
    try:
        instead = odds.mulligan_instead(
            deck.size,
            deck.lands,
            state.mulligans_taken,
            hand_size=deck.hand_size,
            turns=COACH_TURNS,
            on_the_play=opts.on_the_play,
            free_first=opts.free_first,
        )
    except ValueError:
        return LandAdvice(cards, turns, keep, lands=in_hand, spells=spells)
    # The mulligans that count after one more (CR 103.5c: a free first one does not).
    counted = state.mulligans_taken + 1 - (1 if opts.free_first else 0)
    return LandAdvice(
        cards, turns, keep, instead,
        lands=in_hand, spells=spells, mulligan_to=deck.hand_size - counted,
    )  # fmt: skip


# -- the win-chance coach (the BingoMagic deck, RULES §4) ---------------------------------

#: Simulated matches per figure (the keep, then the mulligan instead): both together
#: took 0.95 s p50 (1.33 s max) at ~400 matches/s, and 1.45 s p50 (2.19 s max) at ~290
#: matches/s with the 2-core machine loaded about 2.3x (``python -m benchmarks.coach``):
#: about 2 s at most, for intervals about ±7 points wide.
COACH_GAMES = 200


@dataclass(frozen=True, slots=True)
class WinEstimate:
    """A calibrated chance to win ``p`` (draws count half) and its interval
    ``low``..``high`` (:func:`calibrated`: the 95 % Wilson interval, calibrated), all in
    [0, 1], over ``games`` simulated matches."""

    p: float
    low: float
    high: float
    games: int


def is_bingomagic(deck: PracticeDeck) -> bool:
    """Whether ``deck`` is the BingoMagic library: 12 of each of the five basic lands
    in engine order, 5-card hands (RULES §1.1, §1.2.2), whatever its title."""
    return (
        deck.names == NAMES
        and deck.counts == (COPIES,) * KINDS
        and all(deck.is_land)
        and deck.hand_size == 5
        and not deck.commander
    )


def difference(keep: WinEstimate, alternative: WinEstimate) -> tuple[float, float, float]:
    """``keep.p - alternative.p`` and its 95 % interval ``(d, low, high)``, in [-1, 1],
    from the two Wilson intervals by Newcombe's hybrid score method (Newcombe 1998,
    "Interval estimation for the difference between independent proportions", method
    10).  RULES §4: the verdict follows this interval."""
    d = keep.p - alternative.p
    low = d - math.hypot(keep.p - keep.low, alternative.high - alternative.p)
    high = d + math.hypot(keep.high - keep.p, alternative.p - alternative.low)
    return d, max(-1.0, low), min(1.0, high)


def keep_agrees(keep: WinEstimate, alternative: WinEstimate) -> bool:
    """RULES §4: a keep is agreed unless the alternative is better beyond the
    simulation's uncertainty, i.e. the whole interval of the difference
    (:func:`difference`) lies below 0.  A difference the figures cannot tell from 0
    gives the player the benefit."""
    return difference(keep, alternative)[2] >= 0


#: The coach's comparisons of a keep with a mulligan instead, as the cogs word them
#: (``mulligan-coach-<comparison>``): better, too close to tell apart (simulation), exactly
#: as good (exact figures), worse.
COMPARISONS = ("keep-better", "too-close", "tie", "mulligan-better")


def coach_seed(state: PracticeState, branch: str) -> str:
    """The simulation's seed for ``branch`` (``"keep"`` or ``"mulligan"``): the deal's
    seed, the kept hand and the play/draw, so one deal always gives one figure."""
    hand = ",".join(map(str, state.hand))
    return f"bingo-coach:{state.seed}:{hand}:{state.options.on_the_play}:{branch}"


def mulligan_size(state: PracticeState) -> int | None:
    """Cards a mulligan instead would have given: one fewer than the kept hand, or as
    many for a free first mulligan (CR 103.5c); ``None`` when the hand is empty (no
    mulligan is possible)."""
    kept = sum(state.hand)
    if kept == 0:
        return None
    if state.options.free_first and state.mulligans_taken == 0:
        return kept
    return kept - 1


def estimate(
    state: PracticeState, games: int = COACH_GAMES
) -> tuple[WinEstimate, WinEstimate | None]:
    """Win estimates for keeping ``state.hand`` and for a mulligan instead (``None``
    when none is possible), each over ``games`` simulated matches, seeded from the
    deal.  CPU-bound: about ``games / 1800`` seconds (two figures, about 3,700 matches/s
    on one core: ``python -m benchmarks.sims``).

    The kept hand is simulated as the opening of a match on the play or the draw as
    the practice says; cards put on the bottom count as unknown (RULES §4).  Raises
    ``ValueError`` for a deck that is not :func:`is_bingomagic`.
    """
    if not is_bingomagic(state.deck):
        raise ValueError("the win-chance coach is for the BingoMagic deck only")
    hand, play = list(state.hand), state.options.on_the_play
    keep = estimate_keep(hand, random.Random(coach_seed(state, "keep")), games, starting=play)
    size = mulligan_size(state)
    if size is None:
        return WinEstimate(*keep, games), None
    instead = estimate_mulligan(
        hand, random.Random(coach_seed(state, "mulligan")), games, starting=play, size=size
    )
    return WinEstimate(*keep, games), WinEstimate(*instead, games)


@dataclass(frozen=True, slots=True)
class BingoAdvice:
    """The win-chance coach on a kept BingoMagic hand of ``cards`` cards, on the play
    or the draw: ``keep`` and ``instead`` (a mulligan to ``size`` cards; both ``None``
    when no mulligan was possible), each over ``games`` simulated matches."""

    cards: int
    on_the_play: bool
    games: int
    keep: WinEstimate
    instead: WinEstimate | None = None
    size: int | None = None

    @property
    def agreed(self) -> bool | None:
        """Whether keeping was right (:func:`keep_agrees`); ``None``: not rated."""
        return None if self.instead is None else keep_agrees(self.keep, self.instead)

    @property
    def comparison(self) -> str | None:
        """One of :data:`COMPARISONS` by the interval of the difference
        (:func:`difference`): ``"keep-better"`` wholly above 0, ``"mulligan-better"``
        wholly below, ``"too-close"`` otherwise; ``None``: not rated."""
        if self.instead is None:
            return None
        _, low, high = difference(self.keep, self.instead)
        if low > 0:
            return "keep-better"
        return "mulligan-better" if high < 0 else "too-close"

    @property
    def verdict(self) -> Verdict:
        """Both decisions judged: each is sound unless the other is better beyond the
        simulation's uncertainty (:func:`keep_agrees`, RULES §4); so keep-better,
        too-close and mulligan-better give ``(True, False)``, ``(True, True)`` and
        ``(False, True)``. :data:`~bot.engine.daily.UNRATED` when not rated."""
        if self.instead is None:
            return UNRATED
        return Verdict(keep_agrees(self.keep, self.instead), keep_agrees(self.instead, self.keep))


def bingo_advice(state: PracticeState, games: int = COACH_GAMES) -> BingoAdvice:
    """:func:`estimate` on ``state``'s kept hand, as a :class:`BingoAdvice`.  CPU-bound
    (run it off the event loop).  Raises ``ValueError`` as :func:`estimate`."""
    keep, instead = estimate(state, games)
    size = None if instead is None else mulligan_size(state)
    play = state.options.on_the_play
    return BingoAdvice(sum(state.hand), play, games, keep, instead, size)


def coach_advice(state: PracticeState, games: int = COACH_GAMES) -> LandAdvice | BingoAdvice:
    """The coach on ``state``'s kept hand: :func:`bingo_advice` for the BingoMagic deck
    (CPU-bound), :func:`land_advice` for any other."""
    return bingo_advice(state, games) if is_bingomagic(state.deck) else land_advice(state)


def kept_now(opening: PracticeState) -> PracticeState | None:
    """``opening`` kept as dealt (a copy), or ``None`` if keeping leaves a step (the
    coach judges the hand of the day kept as dealt, against a mulligan)."""
    kept = PracticeState.from_json(opening.to_json())
    kept.apply("keep")
    return kept if kept.is_over else None
