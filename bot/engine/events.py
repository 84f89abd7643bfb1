"""What happened in a match: the engine's events, one frozen dataclass per kind.

``BingoState.apply`` (and ``new``, ``apply_timeout``, ``resign``, ``abandon``) returns a
list of :class:`Event`; ``PracticeState`` does the same. Each event knows who may see it:
:attr:`Event.private` is the seat that may see its private part (``None``: all of it is
public) and :attr:`Event.PRIVATE_FIELDS` names that part (the cards of a ``deal``, a
``draw``, a London ``bottom``, a mulligan's new hand, a scry). :meth:`Event.for_viewer`
returns the event as one viewer may see it, so no renderer ever decides privacy.

JSON: :meth:`Event.to_json` and :func:`event_from_json` keep the shape every stored
match already holds (the public board log in a match's ``ui`` column, replays):
``{"type": "draw", "player": 0, "card": 3, "private": 0}``: ``type`` first, then the
fields in declaration order, then ``private``; a redacted private field, ``private``
when ``None`` and a ``declare``'s ``auto`` when false are left out. Tuples become lists,
enums their string values. ``tests/engine/test_stored_matches.py`` replays recorded
matches and checks their stored event JSON round-trips byte for byte;
``tests/engine/test_events.py`` checks redaction and round trips for every viewer.

=====================  =====================================================  ========
``type``               fields                                                 private
=====================  =====================================================  ========
``deal``               player, cards (hand count vector)                      cards
``roll``               rolls (d6 pairs, ties included), starting (RULES §1.2)
``declare``            player, choice (``keep``/``mulligan``), auto (§2)
``mulligan``           player, number, hand_size, cards (the new hand)        cards
``bottom``             player, card (London)                                  card
``aside``              player, count (Partial Paris)
``aside_returned``     player, count
``scry``               player, choice (``top``/``bottom``), card (Vancouver)  card
``scry_skipped``       player
``turn``               player, turn (§1.3.1)
``draw``               player, card                                           card
``no_draw``            player
``reshuffle``          size (§1.7)
``announce``           player, land (§1.3.2)
``allow``              player
``counter``            player, land, discarded (Island and kind, §1.5)
``resolve``            player, land (§1.3.4)
``discard``            player, land (Swamp, §1.4)
``destroy``            player, target, land (Mountain, §1.4)
``take``               player, source, land (Forest, §1.4)
``no_effect``          player, land (a Swamp/Mountain/Forest with no target)
``pass``               player
``timeout``            player, decision (§1.8)
``resign``             player
``abandon``            (stopped from outside)
``end``                winner, reason, loser (§1.6, §1.8), note (when given)
=====================  =====================================================  ========
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from .actions import Decision
from .outcome import Reason


def _omitted(default: Any = None) -> Any:
    """A field left out of the JSON while it holds ``default``."""
    return field(default=default, metadata={"omit": True})


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """One thing that happened in a match. Subclasses name their ``TYPE`` (the JSON
    ``type``) and, if they hold hidden cards, their :attr:`PRIVATE_FIELDS`.

    ``private``: the seat that may see :attr:`PRIVATE_FIELDS` (``None``: everyone may).
    """

    TYPE: ClassVar[str] = ""
    #: Fields shown only to :attr:`private` (``None`` in the copy others see).
    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ()
    private: int | None = _omitted()

    @property
    def type(self) -> str:
        """The JSON ``type`` string (``"draw"``)."""
        return self.TYPE

    def visible_to(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, or ``None`` for the public) sees the private part."""
        return self.private is None or self.private == viewer

    def for_viewer(self, viewer: int | None) -> Event:
        """This event as ``viewer`` (a seat, or ``None`` for the public) may see it: the
        :attr:`PRIVATE_FIELDS` set to ``None`` unless the event is the viewer's own (or
        has no private part). Never changes ``self``."""
        if self.visible_to(viewer) or not self.PRIVATE_FIELDS:
            return self
        return dataclasses.replace(self, **dict.fromkeys(self.PRIVATE_FIELDS))

    def to_json(self) -> dict[str, Any]:
        """The JSON-ready dict stored matches hold (see the module docstring)."""
        data: dict[str, Any] = {"type": self.TYPE}
        for name, omit, default in _spec(type(self)):
            value = getattr(self, name)
            if omit and value == default:
                continue
            data[name] = _to_json(value)
        return data


_SPECS: dict[type[Event], tuple[tuple[str, bool, Any], ...]] = {}


def _spec(cls: type[Event]) -> tuple[tuple[str, bool, Any], ...]:
    """``(name, omitted while default, default)`` per JSON field of ``cls``: the fields
    in declaration order, then ``private``; private fields are left out while ``None``
    (redacted). Built once per class."""
    spec = _SPECS.get(cls)
    if spec is None:
        every = dataclasses.fields(cls)
        ordered = [f for f in every if f.name != "private"] + [
            f for f in every if f.name == "private"
        ]
        spec = _SPECS[cls] = tuple(
            (f.name, bool(f.metadata.get("omit")) or f.name in cls.PRIVATE_FIELDS, f.default)
            for f in ordered
        )
    return spec


def event_from_json(data: dict[str, Any]) -> Event:
    """Inverse of :meth:`Event.to_json`: ``{"type": "draw", …}`` → :class:`Draw`.

    Raises ``KeyError`` for an unknown ``type``, ``TypeError`` for unknown or missing
    fields, ``ValueError`` for a bad enum value (``reason``, ``decision``)."""
    cls = EVENT_TYPES[data["type"]]
    kwargs = {k: _from_json(v) for k, v in data.items() if k != "type"}
    if cls is End:
        kwargs["reason"] = Reason(kwargs["reason"])
    elif cls is Timeout:
        kwargs["decision"] = Decision(kwargs["decision"])
    return cls(**kwargs)


# -- the events, in the order a match produces them ------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal(Event):
    """A hand was dealt (RULES §1.2): ``cards`` is its count vector."""

    TYPE = "deal"
    PRIVATE_FIELDS = ("cards",)
    player: int
    cards: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Roll(Event):
    """The d6 rolls for the start, ties included, and who starts (RULES §1.2)."""

    TYPE = "roll"
    rolls: tuple[tuple[int, ...], ...]  # pairs
    starting: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Declare(Event):
    """A mulligan declaration (RULES §2): ``choice`` is ``keep`` or ``mulligan``;
    ``auto``: an empty hand kept without a decision."""

    TYPE = "declare"
    player: int
    choice: str
    auto: bool = _omitted(False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Mulligan(Event):
    """A mulligan was taken (RULES §2): its ``number``, the new ``hand_size`` and hand."""

    TYPE = "mulligan"
    PRIVATE_FIELDS = ("cards",)
    player: int
    number: int
    hand_size: int
    cards: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Bottom(Event):
    """London mulligan: a card of kind ``card`` went to the bottom (RULES §2)."""

    TYPE = "bottom"
    PRIVATE_FIELDS = ("card",)
    player: int
    card: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Aside(Event):
    """Partial Paris: ``count`` cards set aside (RULES §2)."""

    TYPE = "aside"
    player: int
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AsideReturned(Event):
    """Partial Paris: the ``count`` cards set aside were shuffled back (RULES §2)."""

    TYPE = "aside_returned"
    player: int
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Scry(Event):
    """Vancouver scry 1 (RULES §2): ``choice`` ``top`` or ``bottom``, the ``card`` seen."""

    TYPE = "scry"
    PRIVATE_FIELDS = ("card",)
    player: int
    choice: str
    card: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ScrySkipped(Event):
    """A scry with no library to look at (RULES §2)."""

    TYPE = "scry_skipped"
    player: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Turn(Event):
    """``player``'s turn ``turn`` begins (RULES §1.3.1)."""

    TYPE = "turn"
    player: int
    turn: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Draw(Event):
    """``player`` drew a card of kind ``card``."""

    TYPE = "draw"
    PRIVATE_FIELDS = ("card",)
    player: int
    card: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class NoDraw(Event):
    """Nothing to draw: library and discard piles are empty (RULES §1.7)."""

    TYPE = "no_draw"
    player: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Reshuffle(Event):
    """The discard piles became a new library of ``size`` cards (RULES §1.7)."""

    TYPE = "reshuffle"
    size: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Announce(Event):
    """The active player announced a land of kind ``land`` (RULES §1.3.2)."""

    TYPE = "announce"
    player: int
    land: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Allow(Event):
    """The opponent let the announced land resolve (RULES §1.3.3)."""

    TYPE = "allow"
    player: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Counter(Event):
    """``player`` countered ``land`` discarding an Island and a card (RULES §1.5)."""

    TYPE = "counter"
    player: int
    land: int
    discarded: tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class Resolve(Event):
    """The land ``land`` entered ``player``'s territory (RULES §1.3.4)."""

    TYPE = "resolve"
    player: int
    land: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Discard(Event):
    """Swamp: ``player`` discarded a card of kind ``land`` (RULES §1.4)."""

    TYPE = "discard"
    player: int
    land: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Destroy(Event):
    """Mountain: ``player`` destroyed ``target``'s land of kind ``land`` (RULES §1.4)."""

    TYPE = "destroy"
    player: int
    target: int
    land: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Take(Event):
    """Forest: ``player`` took a ``land`` from ``source``'s discard pile (RULES §1.4)."""

    TYPE = "take"
    player: int
    source: int
    land: int


@dataclass(frozen=True, slots=True, kw_only=True)
class NoEffect(Event):
    """A Swamp, Mountain or Forest resolved with nothing to target (RULES §1.4)."""

    TYPE = "no_effect"
    player: int
    land: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Pass(Event):
    """``player`` passed (RULES §1.3.2)."""

    TYPE = "pass"
    player: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Timeout(Event):
    """``player``'s ``decision`` ran out of time (RULES §1.8)."""

    TYPE = "timeout"
    player: int
    decision: Decision


@dataclass(frozen=True, slots=True, kw_only=True)
class Resign(Event):
    """``player`` resigned (RULES §1.8)."""

    TYPE = "resign"
    player: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Abandon(Event):
    """The match was stopped from outside (no result)."""

    TYPE = "abandon"


@dataclass(frozen=True, slots=True, kw_only=True)
class End(Event):
    """The match ended: ``winner`` and ``loser`` seats (``None`` for a draw or no
    result) and the :class:`~bot.engine.outcome.Reason` (RULES §1.6, §1.8). ``note``:
    the words given with an end from outside (a moderator's reason,
    :attr:`~bot.engine.outcome.Result.note`); left out of the JSON while ``None``."""

    TYPE = "end"
    winner: int | None
    reason: Reason
    loser: int | None
    note: str | None = _omitted()


#: ``type`` string → event class.
EVENT_TYPES: dict[str, type[Event]] = {
    cls.TYPE: cls
    for cls in (
        Deal, Roll, Declare, Mulligan, Bottom, Aside, AsideReturned, Scry, ScrySkipped, Turn,
        Draw, NoDraw, Reshuffle, Announce, Allow, Counter, Resolve, Discard, Destroy, Take,
        NoEffect, Pass, Timeout, Resign, Abandon, End,
    )
}  # fmt: skip
