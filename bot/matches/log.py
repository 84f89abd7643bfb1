"""A match's public log: the public events of its last changes, stored with the match.

The log is a pure function of the engine's events: each committed change appends its
events as the public sees them (:func:`bot.matches.views.events_for` with viewer
``None``: cards private to a player are left out), and only the newest :data:`LOG_KEEP`
are kept. The store appends them in the same write as the change
(:class:`bot.storage.match_store.DatabaseMatchStore`) and the runtime keeps the live
copy (``Match.log``) the same way, so what is stored never depends on how it is shown:
lines of text are rendered from the events only when a board is drawn
(``cogs.bingo._render.log_lines``, which skips events that have no line). Matches stored
before events were kept hold lines of text instead; they are shown as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.engine.events import Event

from .views import events_for

#: Public events kept in a match's log (the board shows the newest few lines; a few
#: events, such as a counter window let pass, have no line).
LOG_KEEP = 24


def extend_log(log: Sequence[Any], events: Iterable[Event]) -> list[Any]:
    """``log`` (public events as their JSON, or text lines of an old match) followed by
    ``events`` (a change's engine events) as the public sees them, as their JSON
    (:meth:`bot.engine.events.Event.to_json`), the newest :data:`LOG_KEEP` kept. A new
    list; neither argument is changed."""
    public = [event.to_json() for event in events_for(list(events), None)]
    return [*log, *public][-LOG_KEEP:]
