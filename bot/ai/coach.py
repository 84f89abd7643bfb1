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
from dataclasses import dataclass, replace
from fractions import Fraction

from bot.engine import Action, BingoOptions, BingoState, MulliganRule, Verb, odds, rule_odds
from bot.engine.cards import COPIES, KINDS, NAMES
from bot.engine.daily import UNRATED, Verdict
from bot.engine.practice import PracticeDeck, PracticeState
from bot.engine.rule_odds import Aside

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

#: Why a land-drop figure has no verdict (:attr:`LandAdvice.unrated`): the library runs
#: out before turn :data:`COACH_TURNS`; the rule allows no mulligan of the hand (an
#: empty hand, London's last one taken); the 1994 rule's conditions are not met (a hand
#: of both lands and spells, or its one mulligan taken).
UNRATED_REASONS = ("library", "no-mulligan", "1994")


@dataclass(frozen=True, slots=True)
class LandAdvice:
    """The land-drop coach on a hand of ``cards`` cards, kept or mulliganed: ``keep``,
    the exact chance of making every land drop through turn ``turns``
    (:data:`COACH_TURNS`, or the last turn the library supplies when it runs out
    sooner; ``turns`` 0 and ``keep`` ``None``: nothing to draw, on the draw) when
    keeping it, and ``instead``, the chance when mulliganing it and then following the
    standard policy under the deal's rule (:mod:`bot.engine.rule_odds`; ``None``: no
    opinion, for the reason ``unrated`` gives, one of :data:`UNRATED_REASONS`).

    What decides the verdict, for the words: ``lands``, the hand's lands; ``spells``,
    its other cards as ``(kind, copies)`` in kind order; ``mulligan_to``, the hand size
    the mulligan leads to (``None`` when ``instead`` is).  Under every rule but Partial
    Paris the mulligan shuffles the whole hand away, so these spells are what it
    certainly gives up (``aside`` ``None``).  A Partial Paris mulligan sets only
    ``aside`` (a :class:`~bot.engine.rule_odds.Aside` count of lands and spells) aside;
    ``aside_cards`` names them by kind when they are known (the player's own choice, or
    every spell of the hand), and is empty when the policy's choice among like cards is
    only counted.  What keeping involves: ``bottom``, London cards still to put on the
    bottom (a mulligan judged before its keep), by the policy's bottoming; ``scry``, the
    Vancouver scry 1 of a hand below the starting size, counted as the figure prefers
    (:func:`bot.engine.rule_odds.land_drops_after_scry`)."""

    cards: int
    turns: int
    keep: Fraction | None
    instead: Fraction | None = None
    lands: int = 0
    spells: tuple[tuple[int, int], ...] = ()
    mulligan_to: int | None = None
    aside: Aside | None = None
    aside_cards: tuple[tuple[int, int], ...] = ()
    unrated: str | None = None
    bottom: int = 0
    scry: bool = False

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


def _spells(state: PracticeState) -> tuple[tuple[int, int], ...]:
    deck = state.deck
    return tuple((k, n) for k, n in enumerate(state.hand) if n and not deck.is_land[k])


def _pile(state: PracticeState, actions: list[str]) -> tuple[Aside, tuple[tuple[int, int], ...]]:
    """The cards ``actions`` set aside (Partial Paris): counted, and by kind."""
    counts = [0] * len(state.deck.names)
    for text in actions:
        action = Action.parse(text)
        if action.verb is Verb.ASIDE and action.kind is not None:
            counts[action.kind] += 1
    lands = sum(n for k, n in enumerate(counts) if state.deck.is_land[k])
    named = tuple((k, n) for k, n in enumerate(counts) if n)
    return Aside(lands, sum(counts) - lands), named


def _judge(
    state: PracticeState,
    keep: Fraction,
    turns: int,
    pile: Aside,
    set_aside: tuple[tuple[int, int], ...] | None = None,
) -> LandAdvice:
    """The advice on the hand in view of ``state`` at its declaration (keep or
    mulligan), ``keep`` its figure: the figure of a mulligan instead under the deal's
    rule, with the cards it gives up.  ``pile``: Partial Paris, the cards set aside
    before; ``set_aside``: the cards the mulligan set aside (default: the policy's)."""
    opts, deck = state.options, state.deck
    rule, cards, lands = opts.rule, sum(state.hand), state.hand_lands()
    spells = _spells(state)
    taken = state.mulligans_taken
    bottom = state.mulligans.effective_mulligans(0) if rule is MulliganRule.LONDON else 0
    scry = rule is MulliganRule.VANCOUVER and cards < deck.hand_size
    base = LandAdvice(
        cards, turns, keep, lands=lands, spells=spells, bottom=min(bottom, cards), scry=scry
    )
    if turns < COACH_TURNS:
        return replace(base, unrated="library")
    early_used = state.mulligans.early_used[0]
    if rule is MulliganRule.EARLY_1994 and not rule_odds.early_1994_allows(
        cards, lands, early_used
    ):
        return replace(base, unrated="1994")
    aside: Aside | None = None
    named: tuple[tuple[int, int], ...] = ()
    try:
        if rule is MulliganRule.PARTIAL_PARIS and cards and set_aside is None:
            aside, instead = rule_odds.partial_paris_aside(
                deck.size, deck.lands, deck.hand_size, cards, lands, taken=taken,
                free_first=opts.free_first, turns=COACH_TURNS, on_the_play=opts.on_the_play,
                pile=pile,
            )  # fmt: skip
            named = spells if aside == Aside(0, cards - lands) else ()
        else:
            if rule is MulliganRule.PARTIAL_PARIS and set_aside is not None:
                set_lands = sum(n for k, n in set_aside if deck.is_land[k])
                aside = Aside(set_lands, sum(n for _, n in set_aside) - set_lands)
                named = set_aside
            instead = rule_odds.mulligan_figure(
                rule, deck.size, deck.lands, deck.hand_size, cards, lands, taken=taken,
                free_first=opts.free_first, turns=COACH_TURNS, on_the_play=opts.on_the_play,
                pile=pile, set_aside=aside, early_used=early_used,
            )  # fmt: skip
    except ValueError:  # no mulligan allowed (or a library too small for its draws)
        return replace(base, unrated="no-mulligan")
    size = rule_odds.mulligan_size(rule, deck.hand_size, cards, taken, opts.free_first)
    return replace(base, instead=instead, mulligan_to=size, aside=aside, aside_cards=named)


def land_advice(state: PracticeState) -> LandAdvice:
    """The land-drop coach on ``state``'s kept hand, against a mulligan instead of the
    keep under the deal's rule (:func:`bot.engine.rule_odds.mulligan_figure`, after
    ``state.mulligans_taken`` mulligans).

    The keep's figure draws from the library above the cards put on the bottom: London's
    as the player chose them (:meth:`PracticeState.drawable_library`); under Vancouver
    from the library as it was at the keep, with the scry 1 counted as the figure
    prefers (:func:`~bot.engine.rule_odds.land_drops_after_scry`), so the top card's
    luck does not change the verdict; under the other rules the set-aside cards are back
    in the library."""
    opts, deck = state.options, state.deck
    cards, in_hand = sum(state.hand), state.hand_lands()
    if opts.rule is MulliganRule.LONDON:
        size, lands = state.drawable_library()
    else:  # every card not in hand (a scry's bottomed card too: counted as at the keep)
        size, lands = deck.size - cards, deck.lands - in_hand
    turns = min(COACH_TURNS, odds.drawable_turns(size, opts.on_the_play))
    if turns < 1:  # a library of no card: nothing to draw on the draw
        return LandAdvice(cards, 0, None, lands=in_hand, spells=_spells(state), unrated="library")
    if opts.rule is MulliganRule.LONDON:
        keep = odds.land_drops_for_hand(size, lands, in_hand, turns, opts.on_the_play)
    else:
        keep = rule_odds.keep_figure(
            opts.rule, deck.size, deck.lands, deck.hand_size, cards, in_hand,
            turns=turns, on_the_play=opts.on_the_play,
        )  # fmt: skip
    # At the keep's declaration the hand was this one (London: before the bottom, which
    # the figure above already counts), with every earlier set-aside card still aside.
    pile, _ = _pile(state, state.history)
    advice = _judge(state, keep, turns, pile)
    return replace(advice, bottom=0) if opts.rule is MulliganRule.LONDON else advice


def last_mulligan(state: PracticeState) -> tuple[PracticeState, list[str]] | None:
    """The deal as it was when its last mulligan was declared (replayed from its seed
    and decisions: the hand it shuffled away is in no other state), and the actions
    that carried that mulligan out (Partial Paris: the cards set aside); ``None`` when
    no mulligan was taken or the last one is still being set aside."""
    history = state.history
    marks = [i for i, action in enumerate(history) if action == "mulligan"]
    if not marks:
        return None
    at = marks[-1]
    carried = history[at + 1 :]
    if state.options.rule is MulliganRule.PARTIAL_PARIS:
        if "aside_done" not in carried:
            return None
        carried = carried[: carried.index("aside_done")]
    before, _ = PracticeState.new(state.seed, state.deck, state.options)
    for action in history[:at]:
        before.apply(action)
    return before, carried


def mulligan_advice(state: PracticeState) -> LandAdvice | None:
    """The land-drop coach on the last mulligan of ``state`` (:func:`last_mulligan`),
    judged when it was declared: ``keep``, the figure of keeping that hand instead
    (London: with the policy's bottoming of the cards it would have put on the bottom,
    :attr:`LandAdvice.bottom`; Vancouver: with its scry), and ``instead``, the figure
    of the mulligan taken (Partial Paris: with the cards the player set aside), then the
    standard policy.  ``None`` with no mulligan to judge (see :func:`last_mulligan`);
    an :attr:`~LandAdvice.unrated` advice when the library is too small for the figure."""
    found = last_mulligan(state)
    if found is None:
        return None
    before, carried = found
    opts, deck = before.options, before.deck
    cards, in_hand = sum(before.hand), before.hand_lands()
    turns = min(COACH_TURNS, odds.drawable_turns(deck.size - cards, opts.on_the_play))
    if turns < 1:
        return None
    bottom = before.mulligans.effective_mulligans(0) if opts.rule is MulliganRule.LONDON else 0
    keep = rule_odds.keep_figure(
        opts.rule, deck.size, deck.lands, deck.hand_size, cards, in_hand,
        bottom=bottom, turns=turns, on_the_play=opts.on_the_play,
    )  # fmt: skip
    pile, _ = _pile(before, before.history)
    set_aside = _pile(before, carried)[1] if opts.rule is MulliganRule.PARTIAL_PARIS else None
    return _judge(before, keep, turns, pile, set_aside)


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
