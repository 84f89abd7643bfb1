"""What each audience may see of a match: the renderers' only input.

* :func:`public_view`: what a spectator (the public board) sees. No hand contents, no
  library order, no scry card, no legal actions.
* :func:`player_view`: what one player sees: ``BingoState.observation(player)`` plus
  what their prompt needs (:func:`player_view` documents the extra keys).
* :func:`events_for`: engine events (:mod:`bot.engine.events`) with the cards private to
  someone else redacted.

All three are pure and return fresh JSON-ready values, so renderers (embeds today,
other languages or images later) never read ``state.hands`` or the mulligan internals,
and the engine's leak-freedom checks cover what is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import BingoState
from bot.engine.events import Event
from bot.engine.mulligan import MulliganRule

#: Keys of ``BingoState.observation`` that are the same for every observer.
PUBLIC_KEYS = (
    "phase",
    "decision",
    "current_player",
    "hand_sizes",
    "territories",
    "discards",
    "library_size",
    "turn",
    "active",
    "starting",
    "rolls",
    "pending_land",
    "passes_in_row",
    "mulligans",
    "result",
)


def _table(state: BingoState) -> dict[str, Any]:
    """Public facts that are not in the observation: version, options, timeouts."""
    return {
        "version": state.version,
        "options": state.options.to_json(),
        "timeouts_in_row": list(state.timeouts_in_row),
    }


def public_view(state: BingoState) -> dict[str, Any]:
    """What everyone may see (the public board).

    Shape: the :data:`PUBLIC_KEYS` of ``BingoState.observation`` (``hand_sizes`` but no
    ``hand``; ``library_size`` but no order; ``mulligans`` as counts), plus
    ``viewer: None``, ``version`` (int), ``options`` (``BingoOptions.to_json()``) and
    ``timeouts_in_row`` (two ints, RULES §1.8).
    """
    observation = state.observation(0)
    view: dict[str, Any] = {key: observation[key] for key in PUBLIC_KEYS}
    view["viewer"] = None
    view.update(_table(state))
    return view


def player_view(state: BingoState, player: int) -> dict[str, Any]:
    """What ``player`` (0 or 1) may see: their hand and decision, and the public table.

    Shape: ``BingoState.observation(player)`` (``hand``, ``legal_actions``,
    ``scry_card`` …), plus ``viewer`` (= ``player``), ``version``, ``options``,
    ``timeouts_in_row``, and ``prompt``: ``None`` unless ``player`` decides a mulligan
    step now, else a dict with ``next_hand_size`` (cards after one more mulligan, or
    ``None`` if a mulligan is not legal; RULES §2), ``bottom_left`` (London cards still
    to put on the bottom) and ``aside_now`` (Partial Paris cards set aside so far).
    """
    view = state.observation(player)
    view["viewer"] = player
    view.update(_table(state))
    view["prompt"] = None
    mull = state.mulligans
    if mull is not None and not mull.done and state.current_player() == player:
        can = "mulligan" in view["legal_actions"]
        view["prompt"] = {
            "rule": MulliganRule(mull.options.rule).value,
            "next_hand_size": mull.next_hand_size(state, player) if can else None,
            "bottom_left": mull.bottom_left[player],
            "aside_now": mull.aside_now[player],
        }
    return view


def events_for(events: Sequence[Event], viewer: int | None) -> list[Event]:
    """``events`` as ``viewer`` (a player index, or ``None`` for the public) may see
    them: :meth:`~bot.engine.events.Event.for_viewer` of each (an event private to
    another player has its private fields, the cards, set to ``None``). Never changes
    ``events``."""
    return [event.for_viewer(viewer) for event in events]
