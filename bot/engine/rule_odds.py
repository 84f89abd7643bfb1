"""Exact land-drop figures of keeping a hand or mulliganing it, under every mulligan rule
of RULES §2: Paris, Vancouver, London, Partial Paris and the early rule (1994).

The figure is :mod:`bot.engine.odds`'s: the chance of making every land drop through
turn ``turns`` (:func:`~bot.engine.odds.land_drops_for_hand`), exact (hypergeometric
weights, :class:`~fractions.Fraction` values), never sampled.  A deck is ``deck_size``
cards of which ``lands`` are lands; hands start at ``hand_size`` cards.

**Keeping** (:func:`keep_figure`) the hand in view (``cards`` cards, ``hand_lands``
lands) draws from the rest of the deck, with what the rule does after a keep:

* London puts ``bottom`` cards on the bottom (the mulligans that count); the policy's
  bottoming (:meth:`~bot.engine.odds.LondonPolicy.bottom`) chooses them.
* Vancouver gives a hand smaller than ``hand_size`` a scry 1, made as the figure
  prefers (:func:`land_drops_after_scry`: a land stays on top, a spell goes to the
  bottom).
* Partial Paris shuffles the set-aside cards back into the library, so the draws come
  from every card not in the hand, as for Paris and the 1994 rule.

**Mulliganing** (:func:`mulligan_figure`) follows the coach's standard policy
afterwards: the keep thresholds of :class:`~bot.engine.odds.LondonPolicy` by kept size
(7 cards: keep 2-5 lands; 6 or 5 cards: 2-4 lands, i.e. at least 2 lands and 2 spells,
or 1 spell at 5; 4 cards or fewer: always keep), and a hand of 0 cards must be kept:

* London: :func:`bot.engine.odds.mulligan_instead`.
* Paris and Vancouver: the hand is shuffled back and a hand one card smaller drawn
  (as large after a free first mulligan, CR 103.5c), until the policy keeps; Vancouver
  then scries as above.
* Partial Paris: cards of the hand are set aside (``set_aside``, or the policy's choice:
  :func:`partial_paris_aside`, the set-aside with the best figure) and one fewer drawn
  (as many when free) from a library without them or any card set aside before; after
  the keep they all return to it.
* The 1994 rule: a hand of all lands or of no lands may be shuffled back once for a new
  full hand, which is then kept.

Pure: no I/O, no discord, no random.  Every function raises :class:`ValueError` on
impossible sizes, as :mod:`bot.engine.odds` does, and :func:`mulligan_figure` also when
the rule allows no mulligan of the hand in view.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

from .mulligan import MulliganRule
from .odds import DEFAULT_POLICY, LondonPolicy, land_distribution, land_drops_for_hand
from .odds import mulligan_instead as london_instead

__all__ = [
    "Aside",
    "early_1994_allows",
    "keep_figure",
    "land_drops_after_scry",
    "mulligan_figure",
    "mulligan_size",
    "partial_paris_aside",
]

ZERO = Fraction(0)


# -- keeping -----------------------------------------------------------------------------


def land_drops_after_scry(
    library_size: int,
    library_lands: int,
    hand_lands: int,
    turns: int = 4,
    on_the_play: bool = True,
) -> Fraction:
    """P(every land drop through ``turns``) for a kept hand that scries 1 first
    (Vancouver, RULES §2): the top card of the uniformly shuffled library is seen; a
    land stays on top, a spell goes to the bottom.  That choice is the figure's best
    (a known land first never draws fewer lands than the cards beneath it, a spell
    first never more), so the figure is the chance of a player who scries well.

    When the library holds a single card, or too few to supply the draws without the
    bottomed one (``library_size - 1`` below the draws by ``turns``), the card stays on
    top whatever it is (the plain :func:`~bot.engine.odds.land_drops_for_hand`).
    Arguments and errors as :func:`~bot.engine.odds.land_drops_for_hand`.
    """
    plain = land_drops_for_hand(library_size, library_lands, hand_lands, turns, on_the_play)
    draws = turns - 1 if on_the_play else turns
    if library_size - 1 < draws or library_size < 2:
        return plain
    total = ZERO
    if library_lands:  # a land on top stays there
        kept = land_drops_for_hand(
            library_size, library_lands, hand_lands, turns, on_the_play, top=True
        )
        total += Fraction(library_lands, library_size) * kept
    spells = library_size - library_lands
    if spells:  # a spell goes under the rest, which is drawn from instead
        rest = land_drops_for_hand(library_size - 1, library_lands, hand_lands, turns, on_the_play)
        total += Fraction(spells, library_size) * rest
    return total


def _after_keep(
    rule: MulliganRule,
    deck_size: int,
    lands: int,
    hand_size: int,
    cards: int,
    hand_lands: int,
    turns: int,
    on_the_play: bool,
) -> Fraction:
    """The figure of a kept ``cards``-card hand drawing from every other card of the
    deck (no card bottomed), with Vancouver's scry for a hand below ``hand_size``."""
    library, library_lands = deck_size - cards, lands - hand_lands
    if rule is MulliganRule.VANCOUVER and cards < hand_size:
        return land_drops_after_scry(library, library_lands, hand_lands, turns, on_the_play)
    return land_drops_for_hand(library, library_lands, hand_lands, turns, on_the_play)


def keep_figure(
    rule: MulliganRule,
    deck_size: int,
    lands: int,
    hand_size: int,
    cards: int,
    hand_lands: int,
    *,
    bottom: int = 0,
    turns: int = 4,
    on_the_play: bool = True,
    policy: LondonPolicy = DEFAULT_POLICY,
) -> Fraction:
    """P(every land drop through ``turns``) when keeping the hand in view: ``cards``
    cards, ``hand_lands`` of them lands, drawn from a deck of ``deck_size`` cards with
    ``lands`` lands.  ``bottom``: London, the cards to put on the bottom now (the
    mulligans that count, CR 103.5c), chosen by ``policy``; they lie under the library
    and are never drawn in time.  Vancouver: a hand below ``hand_size`` scries 1
    (:func:`land_drops_after_scry`).  Returns a Fraction in [0, 1]; raises ValueError on
    impossible sizes."""
    if not 0 <= hand_lands <= min(cards, lands) or cards > deck_size:
        raise ValueError(f"not a hand of this deck: {cards} cards, {hand_lands} lands")
    if rule is MulliganRule.LONDON and bottom:
        bottom = min(bottom, cards)
        choice = policy.bottom(cards, hand_lands, bottom)
        kept_lands = hand_lands - choice.bottom_lands
        return land_drops_for_hand(
            deck_size - cards, lands - hand_lands, kept_lands, turns, on_the_play
        )
    return _after_keep(rule, deck_size, lands, hand_size, cards, hand_lands, turns, on_the_play)


# -- mulliganing -------------------------------------------------------------------------


def mulligan_size(
    rule: MulliganRule, hand_size: int, cards: int, taken: int, free_first: bool
) -> int:
    """The cards a mulligan of a ``cards``-card hand gives, ``taken`` mulligans in
    (as :meth:`~bot.engine.mulligan.MulliganPhase.next_hand_size`): a full hand under
    the 1994 rule; under London ``hand_size`` less the mulligans that count after it;
    otherwise one card fewer; a free first mulligan (CR 103.5c) costs no card."""
    if rule is MulliganRule.EARLY_1994:
        return hand_size
    free = 1 if free_first and taken == 0 else 0
    if rule is MulliganRule.LONDON:
        counted = taken - 1 if free_first and taken else taken
        return max(0, hand_size - counted - 1 + free)
    return max(0, cards - 1 + free)


def early_1994_allows(cards: int, hand_lands: int, used: bool) -> bool:
    """Whether the 1994 rule allows a mulligan of the hand in view: once per game, for
    a hand of all lands or of no lands (RULES §2)."""
    return not used and cards > 0 and hand_lands in (0, cards)


@dataclass(frozen=True, slots=True)
class Aside:
    """The cards a Partial Paris mulligan sets aside: ``lands`` lands and ``spells``
    other cards (at least one card in all)."""

    lands: int
    spells: int

    @property
    def cards(self) -> int:
        return self.lands + self.spells


def _paris_chain(
    rule: MulliganRule,
    deck_size: int,
    lands: int,
    hand_size: int,
    size: int,
    turns: int,
    on_the_play: bool,
    policy: LondonPolicy,
) -> Fraction:
    """A Paris or Vancouver mulligan to ``size`` cards, then the policy's keeps and
    further mulligans (one card fewer each), a hand of 0 cards kept."""
    total, reach = ZERO, Fraction(1)
    while reach:
        again = ZERO
        for drawn_lands, p in enumerate(land_distribution(deck_size, lands, size)):
            if not p:
                continue
            if size == 0 or policy.keeps(size, drawn_lands, hand_size - size):
                figure = _after_keep(
                    rule, deck_size, lands, hand_size, size, drawn_lands, turns, on_the_play
                )
                total += reach * p * figure
            else:
                again += p
        reach *= again
        size -= 1
    return total


def _fresh_hand(
    deck_size: int, lands: int, hand_size: int, turns: int, on_the_play: bool
) -> Fraction:
    """A new full hand, kept whatever it holds (the 1994 mulligan, once per game)."""
    total = ZERO
    for drawn_lands, p in enumerate(land_distribution(deck_size, lands, hand_size)):
        if p:
            total += p * land_drops_for_hand(
                deck_size - hand_size, lands - drawn_lands, drawn_lands, turns, on_the_play
            )
    return total


#: A Partial Paris state: (hand size, lands in hand, lands set aside, spells set aside,
#: whether a mulligan was taken: only the first can be free).
_State = tuple[int, int, int, int, bool]


class _PartialParis:
    """The Partial Paris chain of one deck: at each mulligan the set-aside with the best
    figure, the policy's keeps (a hand of 0 cards kept).  The choices are searched in
    floating point (fast); the figure of the chosen ones is then computed exactly, so it
    is exact whatever rounding did to a near tie."""

    def __init__(
        self,
        deck_size: int,
        lands: int,
        hand_size: int,
        free_first: bool,
        turns: int,
        on_the_play: bool,
        policy: LondonPolicy,
    ) -> None:
        self.deck_size, self.lands, self.hand_size = deck_size, lands, hand_size
        self.free_first, self.turns, self.on_the_play = free_first, turns, on_the_play
        self.policy = policy
        self.kept = cache(self._kept)
        self.draws = cache(self._draws)
        self.float_draws = cache(self._float_draws)
        self.value = cache(self._value)
        self.choice = cache(self._choice)
        self.exact = cache(self._exact)

    def _kept(self, size: int, in_hand: int) -> Fraction:
        """A kept hand: the set-aside cards are back in the library (RULES §2)."""
        return land_drops_for_hand(
            self.deck_size - size, self.lands - in_hand, in_hand, self.turns, self.on_the_play
        )

    def keeps(self, size: int, in_hand: int) -> bool:
        return size == 0 or self.policy.keeps(size, in_hand, max(0, self.hand_size - size))

    def _draws(
        self, state: _State, out_lands: int, out_spells: int
    ) -> list[tuple[Fraction, _State]]:
        """Set ``out_lands`` lands and ``out_spells`` spells aside and draw one fewer (as
        many when free) from the library without the hand and every set-aside card:
        ``(p, state after)``.  Raises ValueError when the library is too small."""
        size, in_hand, pile_lands, pile_spells, taken = state
        draw = out_lands + out_spells - (0 if self.free_first and not taken else 1)
        library = self.deck_size - size - pile_lands - pile_spells
        library_lands = self.lands - in_hand - pile_lands
        left, kept_lands = size - out_lands - out_spells, in_hand - out_lands
        piles = (pile_lands + out_lands, pile_spells + out_spells)
        return [
            (p, (left + draw, kept_lands + drawn, *piles, True))
            for drawn, p in enumerate(land_distribution(library, library_lands, draw))
            if p
        ]

    def _float_draws(
        self, state: _State, out_lands: int, out_spells: int
    ) -> list[tuple[float, _State]]:
        """:meth:`draws` in floating point, for the search (no Fraction arithmetic)."""
        size, in_hand, pile_lands, pile_spells, taken = state
        draw = out_lands + out_spells - (0 if self.free_first and not taken else 1)
        library = self.deck_size - size - pile_lands - pile_spells
        library_lands = self.lands - in_hand - pile_lands
        if not 0 <= draw <= library:
            raise ValueError(f"{draw} draws from a library of {library} cards")
        left, kept_lands = size - out_lands - out_spells, in_hand - out_lands
        piles = (pile_lands + out_lands, pile_spells + out_spells)
        total = comb(library, draw)
        weights = [
            (comb(library_lands, drawn) * comb(library - library_lands, draw - drawn), drawn)
            for drawn in range(draw + 1)
        ]
        return [
            (weight / total, (left + draw, kept_lands + drawn, *piles, True))
            for weight, drawn in weights
            if weight
        ]

    def _value(self, state: _State) -> float:
        if self.keeps(state[0], state[1]):
            return float(self.kept(state[0], state[1]))
        return self.mulligan_value(state, *self.choice(state))

    def mulligan_value(self, state: _State, out_lands: int, out_spells: int) -> float:
        value, total = self.value, 0.0
        for p, after in self.float_draws(state, out_lands, out_spells):
            total += p * value(after)
        return total

    def _choice(self, state: _State) -> tuple[int, int]:
        """``(lands, spells)`` to set aside: the best figure among setting aside some
        of the hand's spells or some of its lands (ties, within rounding: fewer cards,
        spells first).  Raises ValueError when the library allows none."""
        size, in_hand = state[0], state[1]
        options = sorted(
            [(0, n) for n in range(1, size - in_hand + 1)]
            + [(n, 0) for n in range(1, in_hand + 1)],
            key=lambda option: (sum(option), option[0]),
        )
        best: tuple[int, int] | None = None
        top = -1.0
        for option in options:
            try:
                value = self.mulligan_value(state, *option)
            except ValueError:  # more draws than the library holds
                continue
            if value > top + 1e-12:
                best, top = option, value
        if best is None:
            raise ValueError("no Partial Paris mulligan the library can supply")
        return best

    def _exact(self, state: _State) -> Fraction:
        if self.keeps(state[0], state[1]):
            return self.kept(state[0], state[1])
        return self.mulligan(state, *self.choice(state))

    def mulligan(self, state: _State, out_lands: int, out_spells: int) -> Fraction:
        """The exact figure of setting those cards aside, then the chosen mulligans."""
        total = ZERO
        for p, after in self.draws(state, out_lands, out_spells):
            total += p * self.exact(after)
        return total

    def best(self, state: _State) -> tuple[Aside, Fraction]:
        out_lands, out_spells = self.choice(state)
        return Aside(out_lands, out_spells), self.mulligan(state, out_lands, out_spells)


def partial_paris_aside(
    deck_size: int,
    lands: int,
    hand_size: int,
    cards: int,
    hand_lands: int,
    *,
    taken: int,
    free_first: bool = False,
    turns: int = 4,
    on_the_play: bool = True,
    pile: Aside = Aside(0, 0),
    policy: LondonPolicy = DEFAULT_POLICY,
) -> tuple[Aside, Fraction]:
    """The standard policy's Partial Paris mulligan of the hand in view (``cards``
    cards, ``hand_lands`` lands, ``taken`` mulligans before it, ``pile`` set aside by
    them): the cards to set aside whose mulligan has the best figure, among some of
    its spells or some of its lands (on the presets, and 60-card decks of 16 or 30
    lands, a mix of both never scored better), every later mulligan
    choosing the same way and the policy's thresholds deciding the keeps (ties: fewer
    cards set aside, spells first).  Returns that :class:`Aside` and
    the figure (as :func:`mulligan_figure` gives it).  Raises ValueError for an empty
    hand (no mulligan is allowed), impossible counts, or a library too small for the
    draws."""
    _check_partial(deck_size, lands, cards, hand_lands, pile)
    chain = _PartialParis(deck_size, lands, hand_size, free_first, turns, on_the_play, policy)
    return chain.best((cards, hand_lands, pile.lands, pile.spells, taken > 0))


def _check_partial(deck_size: int, lands: int, cards: int, hand_lands: int, pile: Aside) -> None:
    if cards < 1 or not 0 <= hand_lands <= cards:
        raise ValueError(f"no Partial Paris mulligan of {cards} cards, {hand_lands} lands")
    if pile.lands + hand_lands > lands or cards + pile.cards > deck_size:
        raise ValueError(f"not a hand and set-aside cards of this deck: {cards}, {pile}")


def mulligan_figure(
    rule: MulliganRule,
    deck_size: int,
    lands: int,
    hand_size: int,
    cards: int,
    hand_lands: int,
    *,
    taken: int,
    free_first: bool = False,
    turns: int = 4,
    on_the_play: bool = True,
    pile: Aside = Aside(0, 0),
    set_aside: Aside | None = None,
    early_used: bool = False,
    policy: LondonPolicy = DEFAULT_POLICY,
) -> Fraction:
    """P(every land drop through ``turns``) when mulliganing the hand in view (``cards``
    cards, ``hand_lands`` lands; ``taken`` mulligans before it) under ``rule`` and then
    following the standard policy (see the module docstring).

    ``pile``: Partial Paris, the cards set aside by earlier mulligans (out of the
    library until the keep).  ``set_aside``: Partial Paris, the cards this mulligan
    sets aside (default: :func:`partial_paris_aside`).  ``early_used``: the 1994
    mulligan was taken already.  Returns a Fraction in [0, 1].  Raises ValueError on
    impossible sizes, a library too small for the draws, or when ``rule`` allows no
    mulligan of this hand (an empty hand; London's counted mulligans at ``hand_size``;
    the 1994 rule's conditions, :func:`early_1994_allows`)."""
    if not 0 <= hand_lands <= min(cards, lands) or cards > deck_size or taken < 0:
        raise ValueError(f"not a hand of this deck: {cards} cards, {hand_lands} lands")
    if rule is MulliganRule.LONDON:
        return london_instead(
            deck_size, lands, taken, hand_size, turns, on_the_play, policy, free_first
        )
    if rule is MulliganRule.EARLY_1994:
        if not early_1994_allows(cards, hand_lands, early_used):
            raise ValueError("the 1994 rule allows no mulligan of this hand")
        return _fresh_hand(deck_size, lands, hand_size, turns, on_the_play)
    if cards == 0:
        raise ValueError("a hand of 0 cards must be kept")
    if rule is MulliganRule.PARTIAL_PARIS:
        _check_partial(deck_size, lands, cards, hand_lands, pile)
        chain = _PartialParis(deck_size, lands, hand_size, free_first, turns, on_the_play, policy)
        state = (cards, hand_lands, pile.lands, pile.spells, taken > 0)
        if set_aside is None:
            return chain.best(state)[1]
        spells = cards - hand_lands
        if not (set_aside.cards and set_aside.lands <= hand_lands and set_aside.spells <= spells):
            raise ValueError(f"cannot set aside {set_aside} from {cards} cards, {hand_lands} lands")
        return chain.mulligan(state, set_aside.lands, set_aside.spells)
    size = mulligan_size(rule, hand_size, cards, taken, free_first)
    return _paris_chain(rule, deck_size, lands, hand_size, size, turns, on_the_play, policy)
