"""What each audience may see of a match: the renderers' only input.

* :func:`public_view`: what a spectator (the public board) sees, a :class:`PublicView`.
  No hand contents, no library order, no scry card, no legal actions.
* :func:`player_view`: what one player sees, a :class:`PlayerView`: the public view plus
  their own hand, their legal actions, the card they scry and their mulligan prompt.
* :func:`events_for`: engine events (:mod:`bot.engine.events`) with the cards private to
  someone else redacted.

The views are frozen dataclasses built from ``BingoState.observation`` (the engine's
JSON-ready dict, which the AI reads as it is, for speed): a renderer reads typed fields,
so a misspelt one fails type checking, not a match. All three functions are pure and
return fresh values, so renderers (embeds today, other languages or images later) never
read ``state.hands`` or the mulligan internals, and the engine's leak-freedom checks
cover what is shown. Land counts are count vectors, one entry per kind (WUBRG).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.engine import BingoOptions, BingoState
from bot.engine.actions import Decision
from bot.engine.events import Event
from bot.engine.mulligan import MulliganRule
from bot.engine.outcome import Result

#: Lands per kind (WUBRG): a hand, a territory, a discard pile.
Lands = tuple[int, ...]
#: One value per player (seat 0, seat 1).
Pair = tuple[int, int]


#: A view class (:class:`PublicView` or :class:`PlayerView`).
V = TypeVar("V", bound="PublicView")


def _pair(values: Sequence[Any]) -> tuple[Any, Any]:
    return values[0], values[1]


def _lands(grid: Sequence[Sequence[int]]) -> tuple[Lands, Lands]:
    return tuple(grid[0]), tuple(grid[1])


@dataclass(frozen=True, slots=True)
class Mulligans:
    """The mulligan phase as everyone sees it (RULES §2), per player: ``taken``
    mulligans, whether they ``kept``, what they ``declared`` (``"keep"``,
    ``"mulligan"`` or ``None`` while undeclared) and how many cards they hold
    ``set_aside`` (Partial Paris)."""

    taken: Pair
    kept: tuple[bool, bool]
    declared: tuple[str | None, str | None]
    set_aside: Pair

    @classmethod
    def of(cls, data: dict[str, Any] | None) -> Mulligans | None:
        """From the ``mulligans`` of ``BingoState.observation`` (``None``: none)."""
        if data is None:
            return None
        return cls(
            taken=_pair(data["taken"]),
            kept=_pair(data["kept"]),
            declared=_pair(data["declared"]),
            set_aside=_pair(data["set_aside"]),
        )


@dataclass(frozen=True, slots=True)
class Prompt:
    """What a player deciding a mulligan step is told (RULES §2): the table's ``rule``;
    ``next_hand_size``, the cards after one more mulligan (``None`` when a mulligan is
    not legal now); ``bottom_left``, London cards still to put on the bottom;
    ``aside_now``, Partial Paris cards set aside so far."""

    rule: MulliganRule
    next_hand_size: int | None
    bottom_left: int
    aside_now: int


@dataclass(frozen=True, slots=True)
class PublicView:
    """What everyone may see of a match at one ``version`` (the public board).

    ``options``: the table rules. ``phase``: ``"mulligan"``, ``"play"`` or ``"over"``.
    ``decision``: the pending decision (``Decision.OVER`` once over);
    ``current_player``: who makes it (``None`` once over). ``turn``: 0 during the
    mulligans, then 1, 2, …; ``active``: whose turn it is; ``starting``: who started
    (the die, ``rolls``: each roll's pair, ties included). ``pending_land``: the land on
    the stack in a counter window (RULES §1.5), else ``None``. ``passes_in_row`` and
    ``timeouts_in_row`` (per player): the §1.8 counters. ``hand_sizes``,
    ``territories``, ``discards``: per player; ``library_size``: cards left.
    ``mulligans``: :class:`Mulligans` (``None`` in a match without them). ``result``:
    how it ended, else ``None``.
    """

    version: int
    options: BingoOptions
    phase: str
    decision: Decision
    current_player: int | None
    turn: int
    active: int
    starting: int
    rolls: tuple[Pair, ...]
    pending_land: int | None
    passes_in_row: int
    timeouts_in_row: Pair
    hand_sizes: Pair
    territories: tuple[Lands, Lands]
    discards: tuple[Lands, Lands]
    library_size: int
    mulligans: Mulligans | None
    result: Result | None

    @property
    def viewer(self) -> int | None:
        """Who sees this view: ``None``, the public (see :attr:`PlayerView.viewer`)."""
        return None


@dataclass(frozen=True, slots=True)
class PlayerView(PublicView):
    """What ``player`` (0 or 1) may see: the public view, and their own ``hand`` (a
    count vector), ``legal_actions`` (action strings, empty unless they decide now),
    ``scry_card`` (the kind they are scrying, else ``None``) and ``prompt`` (a
    :class:`Prompt` while they decide a mulligan step, else ``None``)."""

    player: int
    hand: Lands
    legal_actions: tuple[str, ...]
    scry_card: int | None
    prompt: Prompt | None

    @property
    def viewer(self) -> int:
        """Who sees this view: :attr:`player`."""
        return self.player


def _view(cls: type[V], state: BingoState, observation: dict[str, Any], **own: Any) -> V:
    """A ``cls`` view of ``state`` from one of its observations; ``own``: the fields
    ``cls`` adds to :class:`PublicView`."""
    return cls(
        version=state.version,
        options=state.options,
        phase=observation["phase"],
        decision=Decision(observation["decision"]),
        current_player=observation["current_player"],
        turn=observation["turn"],
        active=observation["active"],
        starting=observation["starting"],
        rolls=tuple(_pair(roll) for roll in observation["rolls"]),
        pending_land=observation["pending_land"],
        passes_in_row=observation["passes_in_row"],
        timeouts_in_row=_pair(state.timeouts_in_row),
        hand_sizes=_pair(observation["hand_sizes"]),
        territories=_lands(observation["territories"]),
        discards=_lands(observation["discards"]),
        library_size=observation["library_size"],
        mulligans=Mulligans.of(observation["mulligans"]),
        result=state.result,
        **own,
    )


def public_view(state: BingoState) -> PublicView:
    """What everyone may see (the public board): a :class:`PublicView` of ``state``."""
    return _view(PublicView, state, state.observation(0))


def player_view(state: BingoState, player: int) -> PlayerView:
    """What ``player`` (0 or 1) may see: their hand and decision, and the public table
    (a :class:`PlayerView` of ``state``)."""
    observation = state.observation(player)
    legal = tuple(observation["legal_actions"])
    prompt = None
    mull = state.mulligans
    if mull is not None and not mull.done and state.current_player() == player:
        prompt = Prompt(
            rule=MulliganRule(mull.options.rule),
            next_hand_size=mull.next_hand_size(state, player) if "mulligan" in legal else None,
            bottom_left=mull.bottom_left[player],
            aside_now=mull.aside_now[player],
        )
    return _view(
        PlayerView,
        state,
        observation,
        player=player,
        hand=tuple(observation["hand"]),
        legal_actions=legal,
        scry_card=observation["scry_card"],
        prompt=prompt,
    )


def events_for(events: Sequence[Event], viewer: int | None) -> list[Event]:
    """``events`` as ``viewer`` (a player index, or ``None`` for the public) may see
    them: :meth:`~bot.engine.events.Event.for_viewer` of each (an event private to
    another player has its private fields, the cards, set to ``None``). Never changes
    ``events``."""
    return [event.for_viewer(viewer) for event in events]
