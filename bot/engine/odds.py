"""Exact opening-hand odds for a Magic deck of lands and spells (London mulligan).

Source: issue "default London policy".  Everything here is exact: probabilities are
:class:`fractions.Fraction` values in ``[0, 1]`` computed with hypergeometric weights,
never sampled.  The module is pure (no I/O, no discord, no global random).

A deck has ``deck_size`` cards of which ``lands`` are lands; the rest are "spells".  An
opening hand is ``hand_size`` cards (7 in Magic).  Under the London mulligan (the current
rule, :attr:`MulliganRule.LONDON <bot.engine.mulligan.MulliganRule.LONDON>`) every attempt
shuffles the whole deck and draws a full ``hand_size`` cards; on keeping, the player puts
``N`` of them on the bottom of the library, ``N`` = mulligans taken so far (with
``free_first`` the first mulligan does not count: ``N = mulligans - 1``).  Bottomed cards
are never drawn in the first turns.

Public API
==========

``land_distribution``        P(k lands among ``hand_size`` cards), k = 0..hand_size
``KeepPolicy``               the protocol of a keep/mulligan + bottoming policy
``LondonPolicy``             the default policy of the issue (see its docstring)
``KeepChoice``               a policy's "keep, and bottom these" answer
``kept_distribution``        joint P(kept size, kept lands) following a policy
``kept_size_distribution``   P(kept size) following a policy
``land_drops_for_hand``      P(every land drop through turn T) for one kept hand
``land_drops_for_deck``      the same for a whole deck, mulligans included
``mulligan_instead``         the figure of mulliganing now instead of keeping
``keep_agrees``              whether a keep's figure is at least the alternative's
``deck_report``              land distribution + kept sizes + land drops, in one bundle
``drawable_turns``           the last turn whose draws a library of a given size can supply

Land drops: a land is played each turn when one is in hand, so turn ``t``'s drop is made
when (lands in the kept hand) + (lands drawn by turn ``t``) >= ``t``.  Cards drawn by turn
``t``: ``t - 1`` on the play (no draw on turn 1), ``t`` on the draw.  "Every land drop
through turn T" requires this for every ``t`` in ``1..T``.  The draws come from the top of
the library, which after the final shuffle is a uniformly random order of the
``deck_size - hand_size`` cards not among the last ``hand_size`` drawn; the bottomed
cards sit beneath them.  This is exact as long as the draws needed by turn ``T`` do not
reach the bottomed cards; otherwise a :class:`ValueError` is raised.

Errors: every function raises :class:`ValueError` on impossible sizes (negative counts,
more lands than cards, a hand larger than the deck, fewer library cards than the draws
needed, ``turns < 1``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Protocol

__all__ = [
    "DeckReport",
    "KeepChoice",
    "KeepPolicy",
    "LandDropOdds",
    "LondonPolicy",
    "deck_report",
    "drawable_turns",
    "keep_agrees",
    "kept_distribution",
    "kept_size_distribution",
    "land_distribution",
    "land_drops_for_deck",
    "land_drops_for_hand",
    "mulligan_instead",
    "percent",
]

ONE = Fraction(1)
ZERO = Fraction(0)


def percent(probability: Fraction) -> float:
    """``probability`` (a Fraction in [0, 1]) as a float percentage in [0, 100]."""
    return float(probability * 100)


# -- validation ------------------------------------------------------------------------


def _check_deck(deck_size: int, lands: int, hand_size: int) -> None:
    if deck_size < 0:
        raise ValueError(f"deck_size must be >= 0, got {deck_size}")
    if not 0 <= lands <= deck_size:
        raise ValueError(f"lands must be in 0..deck_size={deck_size}, got {lands}")
    if not 0 <= hand_size <= deck_size:
        raise ValueError(f"hand_size must be in 0..deck_size={deck_size}, got {hand_size}")


def _draws_by(turn: int, on_the_play: bool) -> int:
    """Cards drawn by turn ``turn`` (turn 1 has no draw on the play)."""
    return turn - 1 if on_the_play else turn


def drawable_turns(library_size: int, on_the_play: bool) -> int:
    """The last turn through which a library of ``library_size`` cards supplies every
    draw: ``library_size + 1`` on the play (no draw on turn 1), ``library_size`` on the
    draw.  0 means not even turn 1 (an empty library, on the draw).  Land-drop figures
    exist for turns ``1..drawable_turns``; from the next turn the library is empty
    (drawing from it would lose the game, CR 704.5b).

    Raises ValueError on a negative ``library_size``.
    """
    if library_size < 0:
        raise ValueError(f"library_size must be >= 0, got {library_size}")
    return library_size + 1 if on_the_play else library_size


# -- 1. land distribution ----------------------------------------------------------------


def land_distribution(deck_size: int, lands: int, hand_size: int) -> list[Fraction]:
    """P(k lands in a ``hand_size``-card hand from the deck), as a list indexed by k.

    Shape: ``hand_size + 1`` Fractions (k = 0..hand_size) summing to exactly 1; entries
    with k > lands or hand_size - k > spells are 0 (hypergeometric distribution).
    Raises ValueError on impossible sizes.
    """
    _check_deck(deck_size, lands, hand_size)
    total = comb(deck_size, hand_size)
    spells = deck_size - lands
    return [
        Fraction(comb(lands, k) * comb(spells, hand_size - k), total) for k in range(hand_size + 1)
    ]


# -- 2. policies -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KeepChoice:
    """A policy's decision to keep: how many lands and spells go to the bottom.

    ``bottom_lands + bottom_spells`` must equal the number of cards to bottom, and each
    must fit in the drawn hand; the odds functions raise ValueError otherwise.
    """

    bottom_lands: int = 0
    bottom_spells: int = 0


class KeepPolicy(Protocol):
    """A keep/mulligan policy for the London mulligan, over lands and spells only.

    ``decide(drawn, drawn_lands, to_bottom)`` sees the ``drawn`` cards just drawn (a full
    hand), ``drawn_lands`` of them lands, and ``to_bottom`` = cards to bottom on keeping
    (``0 <= to_bottom < drawn``).  It returns a :class:`KeepChoice` to keep, or ``None``
    to mulligan.  It is never asked when the rules force a keep (see
    :func:`kept_distribution`).  Implementations must be deterministic and pure.
    """

    def decide(self, drawn: int, drawn_lands: int, to_bottom: int) -> KeepChoice | None: ...


@dataclass(frozen=True, slots=True)
class LondonPolicy:
    """The default keep/bottom policy (source: issue "default London policy").

    For 7-card hands, by ``N`` = cards to bottom (kept size ``7 - N``):

    ======  ============================================================  ==============
    kept    bottoming (spells/lands = counts among the 7 cards drawn)    keep when kept
                                                                          lands are
    ======  ============================================================  ==============
    7       nothing                                                       2-5
    6       a spell if more than 2 spells, else a land                    2-4
    5       2 spells if > 3 spells; 1 land + 1 spell if exactly 3;        2-4
            else 2 lands
    4       3 spells if > 3 spells; 1 land + 2 spells if exactly 3;       always
            2 lands + 1 spell if exactly 2; else 3 lands
    ======  ============================================================  ==============

    Interpretations (documented choices):

    * "more than 2 spells remain" (6-card row) is read on the 7 cards drawn, before
      bottoming: a spell goes to the bottom when the 7 hold 3 or more spells.
    * The keep test uses the land count AFTER bottoming.
    * The rows are one rule: bottom spells while more than ``floor`` spells remain
      (``floor`` = 2 when bottoming 1 or 2 cards, 1 when bottoming 3 or more), the rest
      lands; so ``spells_bottomed = min(N, max(0, spells - floor))``.  If the hand holds
      too few lands for the rest, spells make up the difference (bottoming is capped at
      what the hand holds; this never happens for 7-card hands with N <= 3).
    * ``free_first``: the rows are chosen by ``N`` (cards to bottom), i.e. by kept size,
      so a free first mulligan that keeps 7 uses the 7-card row again (2-5 lands).
    * Other hand sizes ``H``: rows are chosen by ``N`` (kept size ``H - N``) with land
      bounds relative to the kept size ``s``: keep when kept lands >= 2 and kept spells
      >= 2 (N = 0, 1), >= 1 (N = 2); always keep when N >= 3.  For H = 7 these are
      exactly the 2-5 / 2-4 / 2-4 / always bounds above.
    """

    def spell_floor(self, to_bottom: int) -> int:
        """Spells the bottoming tries to keep: 2 when bottoming 0-2 cards, else 1."""
        return 2 if to_bottom <= 2 else 1

    def bottom(self, drawn: int, drawn_lands: int, to_bottom: int) -> KeepChoice:
        """Which cards go to the bottom (see the class docstring), capped by the hand."""
        spells = drawn - drawn_lands
        bottom_spells = min(to_bottom, max(0, spells - self.spell_floor(to_bottom)))
        bottom_lands = min(drawn_lands, to_bottom - bottom_spells)
        return KeepChoice(bottom_lands, to_bottom - bottom_lands)

    def keeps(self, kept_size: int, kept_lands: int, to_bottom: int) -> bool:
        """Whether a hand of ``kept_size`` cards with ``kept_lands`` lands (after
        bottoming ``to_bottom``) is kept."""
        if to_bottom >= 3:
            return True
        min_spells = 1 if to_bottom == 2 else 2
        return 2 <= kept_lands <= kept_size - min_spells

    def decide(self, drawn: int, drawn_lands: int, to_bottom: int) -> KeepChoice | None:
        """:class:`KeepPolicy` entry point: bottom, then keep or mulligan (``None``)."""
        choice = self.bottom(drawn, drawn_lands, to_bottom)
        kept_lands = drawn_lands - choice.bottom_lands
        return choice if self.keeps(drawn - to_bottom, kept_lands, to_bottom) else None


DEFAULT_POLICY = LondonPolicy()


# -- 3. mulligan chain ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Final:
    """One way the mulligans end: attempt index, lands among the last 7 drawn, kept hand."""

    attempt: int
    drawn_lands: int
    kept_size: int
    kept_lands: int


def _to_bottom(attempt: int, free_first: bool) -> int:
    """Mulligans that count (CR 103.5c) after ``attempt`` mulligans."""
    return attempt - 1 if free_first and attempt else attempt


def _decide(
    policy: KeepPolicy, hand_size: int, drawn_lands: int, to_bottom: int
) -> tuple[int, int] | None:
    """(kept size, kept lands) if this hand is kept, else None; forced keeps included."""
    if to_bottom >= hand_size:  # MulliganPhase: no mulligan once N reaches the hand size
        return 0, 0
    choice = policy.decide(hand_size, drawn_lands, to_bottom)
    if choice is None:
        return None
    lands_out, spells_out = choice.bottom_lands, choice.bottom_spells
    if (
        lands_out + spells_out != to_bottom
        or not 0 <= lands_out <= drawn_lands
        or not 0 <= spells_out <= hand_size - drawn_lands
    ):
        raise ValueError(
            f"policy bottomed {choice} from {drawn_lands} lands / {hand_size} cards, "
            f"but must bottom exactly {to_bottom}"
        )
    return hand_size - to_bottom, drawn_lands - lands_out


def _finals(
    deck_size: int,
    lands: int,
    hand_size: int,
    policy: KeepPolicy,
    free_first: bool,
    first_attempt: int = 0,
) -> tuple[dict[_Final, Fraction], list[int]]:
    """Every way the mulligans end from ``first_attempt`` on, with its probability, and
    the kept sizes of every attempt the policy was consulted on (reached with P > 0)."""
    _check_deck(deck_size, lands, hand_size)
    dist = land_distribution(deck_size, lands, hand_size)
    finals: dict[_Final, Fraction] = {}
    sizes: list[int] = []
    reach = ONE
    attempt = first_attempt
    while reach:
        to_bottom = _to_bottom(attempt, free_first)
        sizes.append(max(0, hand_size - to_bottom))
        mulligan = ZERO
        for drawn_lands, p in enumerate(dist):
            if not p:
                continue
            kept = _decide(policy, hand_size, drawn_lands, to_bottom)
            if kept is None:
                mulligan += p
            else:
                key = _Final(attempt, drawn_lands, *kept)
                finals[key] = finals.get(key, ZERO) + reach * p
        reach *= mulligan
        attempt += 1
    return finals, sizes


def kept_distribution(
    deck_size: int,
    lands: int,
    hand_size: int = 7,
    policy: KeepPolicy = DEFAULT_POLICY,
    free_first: bool = False,
) -> dict[tuple[int, int], Fraction]:
    """Joint P(kept size, kept lands) when mulliganing (London) by ``policy``.

    Shape: ``{(kept_size, kept_lands): probability}`` with only positive entries, summing
    to exactly 1; kept lands are counted after bottoming.  The policy is consulted while
    it may mulligan; once the cards to bottom reach ``hand_size`` the keep is forced and
    the whole hand is bottomed (size 0), as in :class:`~bot.engine.mulligan.MulliganPhase`.
    Raises ValueError on impossible sizes or a policy bottoming the wrong cards.
    """
    finals, _ = _finals(deck_size, lands, hand_size, policy, free_first)
    joint: dict[tuple[int, int], Fraction] = {}
    for final, p in finals.items():
        key = (final.kept_size, final.kept_lands)
        joint[key] = joint.get(key, ZERO) + p
    return dict(sorted(joint.items(), key=lambda item: (-item[0][0], item[0][1])))


def kept_size_distribution(
    deck_size: int,
    lands: int,
    hand_size: int = 7,
    policy: KeepPolicy = DEFAULT_POLICY,
    free_first: bool = False,
) -> dict[int, Fraction]:
    """P(kept hand size) when mulliganing (London) by ``policy``.

    Shape: ``{kept_size: probability}``, largest size first, summing to exactly 1.  Keys
    are the kept sizes of every attempt that is reached with positive probability (so a
    size may map to 0, e.g. ``{7: 0, 6: 0, 5: 0, 4: 1}`` for a deck of only lands); with
    ``free_first`` the first two attempts both keep ``hand_size`` cards and share a key.
    Raises ValueError on impossible sizes.
    """
    finals, sizes = _finals(deck_size, lands, hand_size, policy, free_first)
    result = {size: ZERO for size in sizes}
    for final, p in finals.items():
        result[final.kept_size] += p
    return result


# -- 4. land drops -------------------------------------------------------------------------


def land_drops_for_hand(
    library_size: int,
    library_lands: int,
    hand_lands: int,
    turns: int = 4,
    on_the_play: bool = True,
    *,
    top: bool | None = None,
) -> Fraction:
    """P(making every land drop on turns 1..``turns``) for a kept hand.

    ``hand_lands``: lands in the kept hand (after bottoming).  ``library_size`` /
    ``library_lands``: the cards the draws come from, uniformly shuffled (the bottomed
    cards and the hand excluded).  Turn ``t``'s drop is made when ``hand_lands`` + lands
    drawn by turn ``t`` >= ``t``; draws by turn ``t`` are ``t - 1`` on the play, ``t`` on
    the draw.  ``top``: the top card is known (a Vancouver scry left it there): ``True``
    a land, ``False`` not; it is one of the ``library_size`` cards (and of the
    ``library_lands`` when a land), the rest lie uniformly shuffled beneath it.
    Returns a Fraction in [0, 1].  Raises ValueError on negative counts,
    ``library_lands > library_size``, ``turns < 1``, a library smaller than the draws,
    or a known ``top`` the library cannot hold (a land with no land in it, a spell with
    only lands).
    """
    if turns < 1:
        raise ValueError(f"turns must be >= 1, got {turns}")
    if hand_lands < 0:
        raise ValueError(f"hand_lands must be >= 0, got {hand_lands}")
    if not 0 <= library_lands <= library_size:
        raise ValueError(
            f"library_lands must be in 0..library_size={library_size}, got {library_lands}"
        )
    draws = _draws_by(turns, on_the_play)
    if draws > library_size:
        raise ValueError(f"{draws} draws needed but the library holds {library_size} cards")
    if top is not None and not (library_lands if top else library_size - library_lands):
        raise ValueError(f"a known top card ({'land' if top else 'spell'}) not in the library")
    # states[j] = P(j lands drawn so far, every drop made so far), after `drawn` draws.
    states = {0: ONE}
    drawn = 0
    for turn in range(1, turns + 1):
        while drawn < _draws_by(turn, on_the_play):
            nxt: dict[int, Fraction] = {}
            left = library_size - drawn
            for j, p in states.items():
                if drawn == 0 and top is not None:  # the known top card
                    land = ONE if top else ZERO
                else:
                    land = Fraction(library_lands - j, left)
                if land:
                    nxt[j + 1] = nxt.get(j + 1, ZERO) + p * land
                if land != 1:
                    nxt[j] = nxt.get(j, ZERO) + p * (1 - land)
            states = nxt
            drawn += 1
        states = {j: p for j, p in states.items() if hand_lands + j >= turn}
    return sum(states.values(), ZERO)


@dataclass(frozen=True, slots=True)
class LandDropOdds:
    """P(every land drop through the given turn) on the play, on the draw, and their
    mean (``average``: a coin flip for who starts).  Fractions in [0, 1]."""

    on_the_play: Fraction
    on_the_draw: Fraction
    average: Fraction

    def as_percent(self) -> tuple[float, float, float]:
        """(play, draw, average) as float percentages in [0, 100]."""
        return percent(self.on_the_play), percent(self.on_the_draw), percent(self.average)


def _expected_drops(
    finals: dict[_Final, Fraction],
    deck_size: int,
    lands: int,
    hand_size: int,
    turns: int,
    on_the_play: bool,
) -> Fraction:
    library = deck_size - hand_size
    total = ZERO
    for final, p in finals.items():
        total += p * land_drops_for_hand(
            library, lands - final.drawn_lands, final.kept_lands, turns, on_the_play
        )
    return total


def land_drops_for_deck(
    deck_size: int,
    lands: int,
    hand_size: int = 7,
    turns: int = 4,
    policy: KeepPolicy = DEFAULT_POLICY,
    free_first: bool = False,
) -> LandDropOdds:
    """P(every land drop through turn ``turns``) for the deck, mulligans included.

    Follows ``policy`` from the first hand; each final hand draws from the
    ``deck_size - hand_size`` cards not among the last ``hand_size`` drawn, holding
    ``lands - lands_drawn`` lands (bottomed cards are beneath and never drawn in time).
    Returns a :class:`LandDropOdds` of Fractions in [0, 1].  Raises ValueError on
    impossible sizes, ``turns < 1``, or a library too small for the draws on the draw.
    """
    finals, _ = _finals(deck_size, lands, hand_size, policy, free_first)
    play = _expected_drops(finals, deck_size, lands, hand_size, turns, True)
    draw = _expected_drops(finals, deck_size, lands, hand_size, turns, False)
    return LandDropOdds(play, draw, (play + draw) / 2)


def mulligan_instead(
    deck_size: int,
    lands: int,
    mulligans_taken: int,
    hand_size: int = 7,
    turns: int = 4,
    on_the_play: bool = True,
    policy: KeepPolicy = DEFAULT_POLICY,
    free_first: bool = False,
) -> Fraction:
    """P(every land drop through ``turns``) if the player mulligans now instead of keeping.

    ``mulligans_taken``: mulligans already taken (a free first one included) before the
    hand now in view.  The hand is shuffled back, so the figure does not depend on it: the
    player draws a fresh hand as mulligan number ``mulligans_taken + 1`` and follows
    ``policy`` thereafter.  Compare it with :func:`land_drops_for_hand` for the hand in
    view (library ``deck_size - hand_size`` cards, ``lands - lands_in_view`` lands).
    Returns a Fraction in [0, 1].  Raises ValueError on impossible sizes, a negative
    ``mulligans_taken``, or when the rules forbid another mulligan (the mulligans that
    count have reached ``hand_size``).
    """
    _check_deck(deck_size, lands, hand_size)
    if mulligans_taken < 0:
        raise ValueError(f"mulligans_taken must be >= 0, got {mulligans_taken}")
    if _to_bottom(mulligans_taken, free_first) >= hand_size:
        raise ValueError(f"no mulligan is allowed after {mulligans_taken} mulligans")
    finals, _ = _finals(
        deck_size, lands, hand_size, policy, free_first, first_attempt=mulligans_taken + 1
    )
    return _expected_drops(finals, deck_size, lands, hand_size, turns, on_the_play)


def keep_agrees(keep_figure: Fraction, mulligan_figure: Fraction) -> bool:
    """True ("agreed") when the keep's figure is at least the mulligan alternative's."""
    return keep_figure >= mulligan_figure


# -- 5. report --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeckReport:
    """The odds tables of one deck (source: issue "default London policy").

    ``land_distribution``: P(k lands in the first hand), k = 0..hand_size.
    ``kept_sizes``: P(kept size), see :func:`kept_size_distribution`.
    ``land_drops``: P(every land drop through ``drop_turns``), see
    :func:`land_drops_for_deck`; None when ``drop_turns`` is 0.
    ``drop_turns``: ``turns``, or fewer when the library (``deck_size - hand_size``
    cards) runs out first: the last turn whose draws it supplies on the draw (see
    :func:`drawable_turns`).  ``empty_turn``: the first turn on the draw whose draw
    finds the library empty (one turn later on the play) when that is within
    ``turns``, else None.
    All Fractions in [0, 1]; :meth:`as_text` formats percentages with 2 decimals.
    """

    deck_size: int
    lands: int
    hand_size: int
    turns: int
    free_first: bool
    land_distribution: tuple[Fraction, ...]
    kept_sizes: dict[int, Fraction]
    land_drops: LandDropOdds | None
    drop_turns: int = 0
    empty_turn: int | None = None

    def as_text(self) -> str:
        """A plain-text table of the report, percentages with 2 decimals."""
        free = ", free first mulligan" if self.free_first else ""
        lines = [f"{self.deck_size} cards, {self.lands} lands, {self.hand_size}-card hands{free}"]
        lines.append("lands in the first hand:")
        for k, p in enumerate(self.land_distribution):
            lines.append(f"  {k:>2}: {percent(p):6.2f}%")
        lines.append("kept hand size (default London policy):")
        for size, p in self.kept_sizes.items():
            lines.append(f"  {size:>2}: {percent(p):6.2f}%")
        if self.land_drops is not None:
            play, draw, average = self.land_drops.as_percent()
            lines.append(
                f"every land drop through turn {self.drop_turns}: play {play:.2f}%, "
                f"draw {draw:.2f}%, average {average:.2f}%"
            )
        if self.empty_turn is not None:
            lines.append(
                f"the library is empty from turn {self.empty_turn} on the draw "
                f"(turn {self.empty_turn + 1} on the play)"
            )
        return "\n".join(lines)


def deck_report(
    deck_size: int,
    lands: int,
    hand_size: int = 7,
    turns: int = 4,
    free_first: bool = False,
) -> DeckReport:
    """Bundle :func:`land_distribution`, :func:`kept_size_distribution` and
    :func:`land_drops_for_deck` for the default :class:`LondonPolicy`.

    A library too small for ``turns`` is no error: the land drops are given through
    the last turn it supplies (``drop_turns``, on the draw) and ``empty_turn`` says
    from when it is empty (see :class:`DeckReport`).

    Raises ValueError on impossible sizes or ``turns < 1``.
    """
    if turns < 1:
        raise ValueError(f"turns must be >= 1, got {turns}")
    _check_deck(deck_size, lands, hand_size)
    drop_turns = min(turns, drawable_turns(deck_size - hand_size, on_the_play=False))
    empty_turn = drop_turns + 1 if drop_turns < turns else None
    drops = (
        land_drops_for_deck(deck_size, lands, hand_size, drop_turns, free_first=free_first)
        if drop_turns
        else None
    )
    return DeckReport(
        deck_size=deck_size,
        lands=lands,
        hand_size=hand_size,
        turns=turns,
        free_first=free_first,
        land_distribution=tuple(land_distribution(deck_size, lands, hand_size)),
        kept_sizes=kept_size_distribution(deck_size, lands, hand_size, free_first=free_first),
        land_drops=drops,
        drop_turns=drop_turns,
        empty_turn=empty_turn,
    )
