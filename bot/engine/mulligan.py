"""The mulligan procedure of RULES §2, for any number of players and any deck.

One :class:`MulliganPhase` runs the opening-hand decisions on a :class:`CardTable`.
BingoMagic matches (two players, shared library) and mulligan practice (one player, a
Magic deck) both use it, so every rule behaves the same everywhere.

Actions (strings, so that they fit in a Discord ``custom_id`` and in JSON):

========================  ====================================================
``keep``                  keep this hand (London: then bottom N cards)
``mulligan``              take a mulligan (Partial Paris: then set cards aside)
``bottom:K``              London: put one card of kind ``K`` on the bottom
``aside:K``               Partial Paris: set one card of kind ``K`` aside
``aside_done``            Partial Paris: finish setting aside (at least one card)
``scry_top``              Vancouver scry 1: leave the top card where it is
``scry_bottom``           Vancouver scry 1: put the top card on the bottom
========================  ====================================================

``K`` is a kind index (for BingoMagic, a WUBRG position).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Literal

from .actions import KIND_ACTIONS, PARSED, Decision, Verb
from .events import Aside, AsideReturned, Bottom, Declare, Event, Mulligan, Scry, ScrySkipped
from .table import CardTable, IllegalActionError


class MulliganRule(StrEnum):
    """The mulligan rules Magic has used (RULES §2 table)."""

    PARIS = "paris"
    VANCOUVER = "vancouver"
    LONDON = "london"
    PARTIAL_PARIS = "partial_paris"
    EARLY_1994 = "early_1994"

    @property
    def title(self) -> str:  # type: ignore[override]  # shadows str.title on purpose
        """A human name: ``"Partial Paris"``, ``"1994"`` …"""
        return RULE_TITLES[self]


# The rules and verbs, bound once: an enum member read through its class costs a
# metaclass look-up each time, and the phase asks for them on every decision.
_VANCOUVER, _LONDON = MulliganRule.VANCOUVER, MulliganRule.LONDON
_PARTIAL_PARIS, _EARLY_1994 = MulliganRule.PARTIAL_PARIS, MulliganRule.EARLY_1994

RULE_TITLES = {
    MulliganRule.PARIS: "Paris (1997)",
    MulliganRule.VANCOUVER: "Vancouver (2015)",
    MulliganRule.LONDON: "London (2019)",
    MulliganRule.PARTIAL_PARIS: "Partial Paris",
    MulliganRule.EARLY_1994: "Early rule (1994)",
}

KEEP = Verb.KEEP.value
MULLIGAN = Verb.MULLIGAN.value
ASIDE_DONE = Verb.ASIDE_DONE.value
SCRY_TOP = Verb.SCRY_TOP.value
SCRY_BOTTOM = Verb.SCRY_BOTTOM.value
BOTTOM_ACTIONS = KIND_ACTIONS[Verb.BOTTOM]
_BOTTOM_VERB, _ASIDE_VERB = Verb.BOTTOM, Verb.ASIDE
ASIDE_ACTIONS = KIND_ACTIONS[Verb.ASIDE]

DECLARE, BOTTOM, ASIDE, SCRY = Decision.DECLARE, Decision.BOTTOM, Decision.ASIDE, Decision.SCRY
#: The phase's step once it is over (no decision pending).
DONE: Final = "done"

# The declarations of seats 0 and 1, built once: events are frozen values, so one
# instance serves every game (the exact path of ``benchmarks.playouts``).
_DECLARED = {
    (player, choice, auto): Declare(player=player, choice=choice, auto=auto)
    for player in (0, 1)
    for choice in (KEEP, MULLIGAN)
    for auto in (False, True)
}


@dataclass(frozen=True, slots=True)
class MulliganOptions:
    """How mulligans work in one game.

    ``hand_size``: starting hand size in cards (5 for BingoMagic, 7 for Magic).
    ``free_first``: CR 103.5c, the first mulligan does not count.
    ``sequential``: pre-2009, each player mulligans until keeping before the next declares.
    """

    rule: MulliganRule = MulliganRule.VANCOUVER
    free_first: bool = False
    sequential: bool = False
    hand_size: int = 7

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule.value,
            "free_first": self.free_first,
            "sequential": self.sequential,
            "hand_size": self.hand_size,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MulliganOptions:
        return cls(
            rule=MulliganRule(data["rule"]),
            free_first=bool(data["free_first"]),
            sequential=bool(data["sequential"]),
            hand_size=int(data["hand_size"]),
        )


class MulliganPhase:
    """The state of the opening-hand decisions (RULES §2).

    ``order`` is the turn order, starting player first.  ``is_land[k]`` tells whether
    kind ``k`` is a land (only the 1994 rule looks at it).  Call :meth:`start` once after
    the opening hands are dealt; then :meth:`current` names who decides and :meth:`legal`
    what they may do, until :attr:`done`.
    """

    __slots__ = (
        "options", "order", "is_land", "taken", "kept", "declared", "step", "queue",
        "pending", "bottom_left", "aside", "aside_now", "early_used", "scry_queue",
    )  # fmt: skip

    def __init__(self, options: MulliganOptions, order: list[int], is_land: list[bool]) -> None:
        players = len(order)
        self.options = options
        self.order = list(order)
        self.is_land = list(is_land)
        self.taken = [0] * players
        self.kept = [False] * players
        self.declared: list[str | None] = [None] * players
        self.step: Decision | Literal["done"] = DECLARE
        self.queue: list[int] = []
        self.pending: list[int] = []
        self.bottom_left = [0] * players
        self.aside = [[0] * len(is_land) for _ in range(players)]
        self.aside_now = [0] * players
        self.early_used = [False] * players
        self.scry_queue: list[int] = []

    # -- questions -------------------------------------------------------------------

    @property
    def done(self) -> bool:
        """True once every player has kept and every scry is made."""
        return self.step == DONE

    def current(self) -> int | None:
        """The player who must decide now, or ``None`` when the phase is over."""
        step = self.step
        if step == DONE:
            return None
        if step == SCRY:
            return self.scry_queue[0]
        return self.queue[0]

    def effective_mulligans(self, player: int) -> int:
        """Mulligans that count toward hand size (a free first one does not)."""
        taken = self.taken[player]
        return taken - 1 if self.options.free_first and taken else taken

    def next_hand_size(self, table: CardTable, player: int) -> int:
        """How many cards ``player`` would keep after one more mulligan."""
        opts = self.options
        rule = opts.rule
        if rule is _EARLY_1994:
            return opts.hand_size
        free = opts.free_first and self.taken[player] == 0
        if rule is _LONDON:
            return max(0, opts.hand_size - self.effective_mulligans(player) - (0 if free else 1))
        return max(0, sum(table.hands[player]) - (0 if free else 1))

    def can_mulligan(self, table: CardTable, player: int) -> bool:
        """Whether ``mulligan`` is legal for ``player`` now (RULES §2: size 0 must keep)."""
        hand = table.hands[player]
        rule = self.options.rule
        if rule is _EARLY_1994:
            if self.early_used[player] or not sum(hand):
                return False
            lands = sum(n for k, n in enumerate(hand) if self.is_land[k])
            return lands == 0 or lands == sum(hand)
        if rule is _LONDON:
            return self.effective_mulligans(player) < self.options.hand_size
        return sum(hand) > 0

    def legal(self, table: CardTable) -> list[str]:
        """The legal actions of the current player; ``[]`` when the phase is over."""
        step = self.step
        if step == DECLARE:  # current(), inlined
            player = self.queue[0]
            return [KEEP, MULLIGAN] if self.can_mulligan(table, player) else [KEEP]
        if step == DONE:
            return []
        if step == SCRY:
            return [SCRY_TOP, SCRY_BOTTOM]
        player = self.queue[0]
        hand = table.hands[player]
        if step == BOTTOM:
            return [BOTTOM_ACTIONS[k] for k, n in enumerate(hand) if n]
        actions = [ASIDE_ACTIONS[k] for k, n in enumerate(hand) if n]  # the ASIDE step
        return actions + [ASIDE_DONE] if self.aside_now[player] else actions

    def scry_card(self, table: CardTable, player: int) -> int | None:
        """The top card that ``player`` is looking at while scrying, else ``None``."""
        if self.step == SCRY and self.scry_queue[0] == player and table.library:
            return table.library[-1]
        return None

    # -- changes ---------------------------------------------------------------------

    def start(self, table: CardTable, events: list[Event] | None) -> None:
        """Begin the first round of declarations (after the opening hands are dealt)."""
        self._new_round(table, events)

    def apply(self, table: CardTable, action: str, events: list[Event] | None) -> None:
        """Apply ``action`` for :meth:`current`.  Raises :class:`IllegalActionError`.

        ``events``: a list to append the events to, or ``None`` to build none.
        """
        if action not in self.legal(table):
            raise IllegalActionError(f"{action!r} is not legal in the mulligan step {self.step}")
        self.apply_legal(table, action, events)

    def apply_legal(self, table: CardTable, action: str, events: list[Event] | None) -> None:
        """:meth:`apply` for an ``action`` known to be in :meth:`legal` (no check)."""
        player = self.current()
        assert player is not None
        hand = table.hands[player]
        verb, kind = PARSED[action]
        if action == KEEP:
            self._declare(player, KEEP, events)
            self._kept(table, player, events)
        elif action == MULLIGAN:
            self._declare(player, MULLIGAN, events)
            if self.options.rule is _PARTIAL_PARIS:
                self.step = ASIDE
                self.aside_now[player] = 0
            else:
                self._mulligan_declared(table, player, events)
        elif verb is _BOTTOM_VERB:
            assert kind is not None
            hand[kind] -= 1
            table.put_on_bottom(kind)
            self.bottom_left[player] -= 1
            if events is not None:
                events.append(Bottom(player=player, card=kind, private=player))
            if not self.bottom_left[player]:
                self.step = DECLARE
                self._advance(table, events)
        elif verb is _ASIDE_VERB:
            assert kind is not None
            hand[kind] -= 1
            self.aside[player][kind] += 1
            self.aside_now[player] += 1
        elif action == ASIDE_DONE:
            if events is not None:
                events.append(Aside(player=player, count=self.aside_now[player]))
            self.step = DECLARE
            self._mulligan_declared(table, player, events)
        else:
            self._scry(table, player, action == SCRY_BOTTOM, events)

    def _declare(
        self, player: int, choice: str, events: list[Event] | None, auto: bool = False
    ) -> None:
        self.declared[player] = choice
        if events is None:
            return
        declared = _DECLARED.get((player, choice, auto))
        if declared is None:  # a seat or choice the table does not hold
            declared = Declare(player=player, choice=choice, auto=auto)
        events.append(declared)

    def _mulligan_declared(self, table: CardTable, player: int, events: list[Event] | None) -> None:
        if self.options.sequential:
            self._take(table, player, events)
            self._settle(table, events)
        else:
            self.pending.append(player)
            self._advance(table, events)

    def _advance(self, table: CardTable, events: list[Event] | None) -> None:
        """The current declarer is finished; move on to the next one or the next round."""
        if self.options.sequential:
            if self.kept[self.queue[0]]:
                self.queue.pop(0)
            if not self.queue:
                self._finish(table, events)
                return
        else:
            self.queue.pop(0)
            if not self.queue:
                for player in self.pending:
                    self._take(table, player, events)
                self.pending = []
                self._new_round(table, events)
                return
        self._settle(table, events)

    def _new_round(self, table: CardTable, events: list[Event] | None) -> None:
        self.queue = [p for p in self.order if not self.kept[p]]
        self.declared = [None] * len(self.order)
        if not self.queue:
            self._finish(table, events)
        else:
            self._settle(table, events)

    def _settle(self, table: CardTable, events: list[Event] | None) -> None:
        """Apply forced keeps: a player whose hand size has reached 0 must keep (§2)."""
        self.step = DECLARE
        player = self.queue[0]
        if self.options.rule is not _EARLY_1994 and not self.can_mulligan(table, player):
            self._declare(player, KEEP, events, auto=True)
            self._kept(table, player, events)

    def _kept(self, table: CardTable, player: int, events: list[Event] | None) -> None:
        """``player`` keeps: London bottoms N cards (automatically when it is the whole
        hand), every other rule moves straight on to the next declarer."""
        self.kept[player] = True
        hand = table.hands[player]
        bottom = min(self.effective_mulligans(player), sum(hand))
        if self.options.rule is not _LONDON or not bottom:
            self._advance(table, events)
            return
        self.step = BOTTOM
        self.bottom_left[player] = bottom
        if bottom == sum(hand):
            for kind in range(len(hand)):
                while hand[kind]:
                    self.apply(table, BOTTOM_ACTIONS[kind], events)

    def _take(self, table: CardTable, player: int, events: list[Event] | None) -> None:
        """Carry out one declared mulligan for ``player`` (RULES §2 table, 'a mulligan')."""
        opts = self.options
        rule = opts.rule
        hand = table.hands[player]
        free = opts.free_first and self.taken[player] == 0
        if rule is _PARTIAL_PARIS:
            self.taken[player] += 1
            table.draw_many(player, self.aside_now[player] - (0 if free else 1), None)
            self.aside_now[player] = 0
        else:
            size = sum(hand)
            table.hands[player] = [0] * len(hand)
            table.shuffle_into_library(hand)
            if rule is _EARLY_1994:
                self.early_used[player] = True
                draw = opts.hand_size
            else:
                self.taken[player] += 1
                draw = opts.hand_size if rule is _LONDON else size - (0 if free else 1)
            table.draw_many(player, max(0, draw), None)
        if events is None:
            return
        new_hand = list(table.hands[player])
        events.append(
            Mulligan(
                player=player,
                number=self.taken[player] or int(self.early_used[player]),
                hand_size=sum(new_hand),
                cards=tuple(new_hand),
                private=player,
            )
        )

    def _finish(self, table: CardTable, events: list[Event] | None) -> None:
        """Everyone kept: return set-aside cards (Partial Paris), then Vancouver scries."""
        rule = self.options.rule
        if rule is _PARTIAL_PARIS:
            for player in self.order:
                count = sum(self.aside[player])
                if count:
                    table.shuffle_into_library(self.aside[player])
                    self.aside[player] = [0] * len(self.aside[player])
                    if events is not None:
                        events.append(AsideReturned(player=player, count=count))
        if rule is _VANCOUVER:
            self.scry_queue = [
                p for p in self.order if sum(table.hands[p]) < self.options.hand_size
            ]
            self.step = SCRY
            self._next_scry(table, events)
        else:
            self.step = DONE

    def _next_scry(self, table: CardTable, events: list[Event] | None) -> None:
        while self.scry_queue and table.peek(events) is None:
            player = self.scry_queue.pop(0)
            if events is not None:
                events.append(ScrySkipped(player=player))
        if not self.scry_queue:
            self.step = DONE

    def _scry(
        self, table: CardTable, player: int, bottom: bool, events: list[Event] | None
    ) -> None:
        card = table.library[-1]
        if bottom:
            table.put_on_bottom(table.library.pop())
        if events is not None:
            events.append(
                Scry(player=player, choice="bottom" if bottom else "top", card=card, private=player)
            )
        self.scry_queue.pop(0)
        self._next_scry(table, events)

    # -- serialization ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_json` restores an equal phase."""
        data = {name: getattr(self, name) for name in self.__slots__ if name != "options"}
        data["options"] = self.options.to_json()
        return _deep_copy(data)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MulliganPhase:
        phase = cls.__new__(cls)
        for name in cls.__slots__:
            value = data[name]
            setattr(phase, name, _deep_copy(value) if name != "options" else None)
        phase.options = MulliganOptions.from_json(data["options"])
        return phase

    def clone(self) -> MulliganPhase:
        """An independent copy (cheap: a few short lists)."""
        phase = MulliganPhase.__new__(MulliganPhase)
        phase.options = self.options
        phase.order = self.order
        phase.is_land = self.is_land
        phase.taken = self.taken[:]
        phase.kept = self.kept[:]
        phase.declared = self.declared[:]
        phase.step = self.step
        phase.queue = self.queue[:]
        phase.pending = self.pending[:]
        phase.bottom_left = self.bottom_left[:]
        phase.aside = [a[:] for a in self.aside]
        phase.aside_now = self.aside_now[:]
        phase.early_used = self.early_used[:]
        phase.scry_queue = self.scry_queue[:]
        return phase


def _deep_copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_deep_copy(v) for v in value]
    return value
