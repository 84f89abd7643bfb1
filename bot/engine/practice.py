"""Mulligan practice: one player, one deck, the RULES §2 procedure of every match.

A :class:`PracticeDeck` is a list of distinct card names with counts and land flags.
:class:`PracticeState` deals an opening hand from it and runs the very same
:class:`~bot.engine.mulligan.MulliganPhase` that BingoMagic matches use, with a single
player.  Once the hand is kept, :meth:`PracticeState.next_draws` tells the next cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import COPIES, KINDS, NAMES
from .events import Deal, Event
from .mulligan import MulliganOptions, MulliganPhase, MulliganRule
from .table import CardTable, IllegalActionError


@dataclass(frozen=True, slots=True)
class PracticeDeck:
    """A deck for practice.

    ``names[k]``, ``counts[k]`` and ``is_land[k]`` describe card kind ``k``; the
    library holds ``sum(counts)`` cards.  ``commander`` names stay out of the library
    (Commander decks).  ``hand_size`` is the starting hand size in cards.
    ``unchecked`` are the names (of ``names``) whose card type could not be checked yet
    (Scryfall unreachable): they count as non-lands until :meth:`rechecked` says more.
    """

    title: str
    names: tuple[str, ...]
    counts: tuple[int, ...]
    is_land: tuple[bool, ...]
    hand_size: int = 7
    commander: tuple[str, ...] = ()
    unchecked: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not (len(self.names) == len(self.counts) == len(self.is_land)):
            raise ValueError("names, counts and is_land must have the same length")
        if any(n < 0 for n in self.counts) or self.size < self.hand_size:
            raise ValueError(f"a deck needs at least {self.hand_size} cards")

    @property
    def size(self) -> int:
        """Cards in the library (the commander excluded)."""
        return sum(self.counts)

    @property
    def lands(self) -> int:
        """Lands in the library."""
        return sum(n for n, land in zip(self.counts, self.is_land, strict=True) if land)

    @property
    def unchecked_cards(self) -> int:
        """Cards of the library whose type is not checked yet (sum of their counts)."""
        waiting = {name.casefold() for name in self.unchecked}
        return sum(n for name, n in zip(self.names, self.counts, strict=True)
                   if name.casefold() in waiting)  # fmt: skip

    @classmethod
    def from_entries(
        cls,
        title: str,
        entries: list[tuple[int, str]],
        lands: set[str] | frozenset[str],
        hand_size: int = 7,
        commander: tuple[str, ...] = (),
        unchecked: tuple[str, ...] = (),
    ) -> PracticeDeck:
        """Build from ``(count, name)`` entries (repeated names are added together);
        a name is a land when it is in ``lands`` (compared case-insensitively).
        ``unchecked``: the names not checked yet (kept only if they are in the deck)."""
        totals: dict[str, int] = {}
        for count, name in entries:
            totals[name] = totals.get(name, 0) + count
        folded = {name.casefold() for name in lands}
        names = tuple(totals)
        waiting = {name.casefold() for name in unchecked}
        return cls(
            title=title,
            names=names,
            counts=tuple(totals[n] for n in names),
            is_land=tuple(n.casefold() in folded for n in names),
            hand_size=hand_size,
            commander=commander,
            unchecked=tuple(n for n in names if n.casefold() in waiting),
        )

    def rechecked(
        self, lands: set[str] | frozenset[str], unchecked: tuple[str, ...] | list[str]
    ) -> PracticeDeck:
        """This deck after a new look-up of its :attr:`unchecked` names: those in
        ``lands`` become lands, those in ``unchecked`` stay unchecked, the others are
        checked non-lands (names compared case-insensitively)."""
        folded = {name.casefold() for name in lands}
        waiting = {name.casefold() for name in unchecked}
        return PracticeDeck(
            title=self.title,
            names=self.names,
            counts=self.counts,
            is_land=tuple(land or name.casefold() in folded
                          for name, land in zip(self.names, self.is_land, strict=True)),
            hand_size=self.hand_size,
            commander=self.commander,
            unchecked=tuple(n for n in self.unchecked if n.casefold() in waiting),
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "names": list(self.names),
            "counts": list(self.counts),
            "is_land": list(self.is_land),
            "hand_size": self.hand_size,
            "commander": list(self.commander),
            **({"unchecked": list(self.unchecked)} if self.unchecked else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PracticeDeck:
        return cls(
            title=data["title"],
            names=tuple(data["names"]),
            counts=tuple(data["counts"]),
            is_land=tuple(data["is_land"]),
            hand_size=int(data["hand_size"]),
            commander=tuple(data["commander"]),
            unchecked=tuple(data.get("unchecked", ())),  # absent before it existed
        )


def _generic(title: str, size: int, lands: int, commander: tuple[str, ...] = ()) -> PracticeDeck:
    return PracticeDeck(
        title=title,
        names=("Land", "Spell"),
        counts=(lands, size - lands),
        is_land=(True, False),
        commander=commander,
    )


#: The preset decks of ``/mulligan practice`` (issue: 60/24, 40/17, 99+1/36, BingoMagic).
PRESETS: dict[str, PracticeDeck] = {
    "constructed": _generic("Constructed (60 cards, 24 lands)", 60, 24),
    "limited": _generic("Limited (40 cards, 17 lands)", 40, 17),
    "commander": _generic("Commander (99 + commander, 36 lands)", 99, 36, ("Commander",)),
    "bingomagic": PracticeDeck(
        title="BingoMagic (60 basic lands)",
        names=NAMES,
        counts=(COPIES,) * KINDS,
        is_land=(True,) * KINDS,
        hand_size=5,
    ),
}


@dataclass(frozen=True, slots=True)
class PracticeOptions:
    """``rule`` (London by default), ``free_first`` (CR 103.5c; the Commander preset
    turns it on), and ``on_the_play`` (versus on the draw, for the odds)."""

    rule: MulliganRule = MulliganRule.LONDON
    free_first: bool = False
    on_the_play: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule.value,
            "free_first": self.free_first,
            "on_the_play": self.on_the_play,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PracticeOptions:
        return cls(MulliganRule(data["rule"]), bool(data["free_first"]), bool(data["on_the_play"]))


def dealable(deck: PracticeDeck, options: PracticeOptions) -> bool:
    """Whether ``deck`` may be dealt under ``options``: not the 1994 rule with a deck of
    only lands, such as BingoMagic's (RULES §2: the 1994 mulligan is for Magic decks)."""
    return not (options.rule is MulliganRule.EARLY_1994 and all(deck.is_land))


class PracticeState(CardTable):
    """One practice deal: the opening-hand decisions of a single player (player 0).

    OpenSpiel-shaped like :class:`~bot.engine.bingo.BingoState`: :meth:`current_player`,
    :meth:`legal_actions`, :meth:`apply` (returns events), :attr:`is_over`.
    """

    def __init__(self) -> None:  # use new() or from_json()
        self.deck = PRESETS["constructed"]
        self.options = PracticeOptions()
        self.kinds = 0
        self.seed = 0
        self.chance_count = 0
        self.library: list[int] = []
        self.hands: list[list[int]] = [[]]
        self.mulligans: MulliganPhase = MulliganPhase(MulliganOptions(), [0], [])
        self.history: list[str] = []

    @classmethod
    def new(
        cls, seed: int, deck: PracticeDeck, options: PracticeOptions | None = None
    ) -> tuple[PracticeState, list[Event]]:
        """Shuffle ``deck`` from ``seed``, deal an opening hand, open the mulligans.

        Raises:
            ValueError: the 1994 rule with a deck of only lands (RULES §2: the 1994
                mulligan is for Magic decks, as :class:`~bot.engine.options.BingoOptions`
                refuses it for BingoMagic).
        """
        options = options or PracticeOptions()
        if not dealable(deck, options):
            raise ValueError("the 1994 mulligan is for Magic decks, not a deck of only lands")
        state = cls()
        state.deck = deck
        state.options = options
        state.kinds = len(deck.names)
        state.seed = seed
        state.library = [k for k, n in enumerate(deck.counts) for _ in range(n)]
        state.rng().shuffle(state.library)
        state.hands = [[0] * state.kinds]
        state.draw_many(0, deck.hand_size, [])
        events: list[Event] = [Deal(player=0, cards=tuple(state.hands[0]))]
        mull_options = MulliganOptions(
            rule=state.options.rule,
            free_first=state.options.free_first,
            hand_size=deck.hand_size,
        )
        state.mulligans = MulliganPhase(mull_options, [0], list(deck.is_land))
        state.mulligans.start(state, events)
        return state, events

    # -- questions ---------------------------------------------------------------------

    @property
    def hand(self) -> list[int]:
        """The player's hand as a count vector over the deck's kinds."""
        return self.hands[0]

    @property
    def is_over(self) -> bool:
        """True once the hand is kept (and any scry is made)."""
        return self.mulligans.done

    @property
    def version(self) -> int:
        return len(self.history)

    @property
    def mulligans_taken(self) -> int:
        return self.mulligans.taken[0]

    def decision(self) -> str:
        """``declare``, ``bottom``, ``aside``, ``scry`` or ``over``."""
        return "over" if self.is_over else self.mulligans.step

    def current_player(self) -> int | None:
        return None if self.is_over else 0

    def legal_actions(self) -> list[str]:
        return self.mulligans.legal(self)

    def next_hand_size(self) -> int:
        """How many cards the next mulligan would give (RULES §2)."""
        return self.mulligans.next_hand_size(self, 0)

    def scry_card(self) -> int | None:
        return self.mulligans.scry_card(self, 0)

    def bottom_count(self) -> int:
        """Cards still to put on the bottom (London), 0 otherwise."""
        return self.mulligans.bottom_left[0] if self.mulligans.step == "bottom" else 0

    def next_draws(self, count: int = 3) -> list[int]:
        """The kinds of the next ``count`` cards of the library, top first."""
        return self.library[-1 : -count - 1 : -1]

    def hand_lands(self) -> int:
        return sum(n for k, n in enumerate(self.hand) if self.deck.is_land[k])

    def cards_on_bottom(self) -> int:
        """Cards this deal put on the bottom of the library (London bottom, scry).

        London always deals ``hand_size`` cards, so once the hand is kept every card
        missing from it went to the bottom, whether the player chose it or the whole
        hand went automatically (a forced keep of 0 cards, RULES §2).
        """
        london = 0
        if self.options.rule is MulliganRule.LONDON and self.mulligans.kept[0]:
            london = self.deck.hand_size - sum(self.hand)
        return london + sum(1 for a in self.history if a == "scry_bottom")

    def drawable_library(self) -> tuple[int, int]:
        """``(cards, lands)`` of the library above the cards put on the bottom: what the
        next draws come from."""
        rest = self.library[self.cards_on_bottom() :]
        return len(rest), sum(1 for k in rest if self.deck.is_land[k])

    # -- changes -----------------------------------------------------------------------

    def apply(self, action: str) -> list[Event]:
        """Apply one legal action; raises :class:`IllegalActionError` otherwise."""
        if self.is_over:
            raise IllegalActionError("the hand is already kept")
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action!r} is not legal now")
        events: list[Event] = []
        self.history.append(action)
        self.mulligans.apply(self, action, events)
        return events

    # -- copies and JSON ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": self.deck.to_json(),
            "options": self.options.to_json(),
            "seed": self.seed,
            "chance_count": self.chance_count,
            "library": self.library[:],
            "hand": self.hands[0][:],
            "mulligans": self.mulligans.to_json(),
            "history": self.history[:],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PracticeState:
        state = cls()
        state.deck = PracticeDeck.from_json(data["deck"])
        state.options = PracticeOptions.from_json(data["options"])
        state.kinds = len(state.deck.names)
        state.seed = int(data["seed"])
        state.chance_count = int(data["chance_count"])
        state.library = list(data["library"])
        state.hands = [list(data["hand"])]
        state.mulligans = MulliganPhase.from_json(data["mulligans"])
        state.history = list(data["history"])
        return state
