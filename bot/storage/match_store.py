"""The match runtime's store over :class:`bot.storage.Database`.

:class:`DatabaseMatchStore` implements :class:`bot.matches.MatchStore`: every commit is
a compare-and-set on the stored version (:meth:`Database.save_match_cas`), and the
commit that ends a match also finishes it and records its result in the same
transaction (:meth:`Database.finish_match_cas`: members' stats, or the member's record
against the bot, or nothing for a no-result).

**The ``ui`` column.** The owner of the matches (the cog) keeps display names, the
public log and message ids in the match's ``ui`` JSON and derives the log from each
change's events. It plugs in two callbacks:

- ``ui_for(match_id, new_state, events) -> dict | None``: called inside the commit,
  under the match's lock, before anything is written. Return the *new* ``ui`` (a fresh
  dict; do not mutate the live one, the commit may still lose the race) or ``None`` to
  keep the stored ``ui``. ``runtime.get(match_id).context`` is still the live match's
  context there (even for the change that ends it).
- ``on_saved(match_id, ui)``: called right after a successful commit with the ``ui``
  written (or ``None`` if kept), still under the match's lock and before any event
  is emitted: the place to make it the live ``ui``.

Wiring: the bot builds the store and the runtime (``BingoBot.setup_hook``); the cog
that owns the matches sets both hooks when it loads::

    store = DatabaseMatchStore(db)
    runtime = MatchRuntime(store, scheduler=..., timing=...)
    store.ui_for, store.on_saved = service.next_ui, service.ui_saved

The store never imports discord; it imports no database driver itself either (it talks
to :class:`Database` only).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.engine import BingoState
from bot.engine.events import Event
from bot.matches.events import FinalResult
from bot.storage.database import Database

#: ``ui_for(match_id, new_state, events)``: the ``ui`` JSON to store with this commit, or
#: ``None`` to keep the stored one.
UiFor = Callable[[int, BingoState, Sequence[Event]], dict[str, Any] | None]
#: ``on_saved(match_id, ui)``: a commit succeeded, storing ``ui`` (``None``: unchanged).
OnSaved = Callable[[int, dict[str, Any] | None], None]


class DatabaseMatchStore:
    """A :class:`bot.matches.MatchStore` over ``db`` (see the module docstring).

    ``ui_for`` / ``on_saved``: the owner's hooks for the ``ui`` column (both optional,
    and attributes the owner may set later; without ``ui_for`` the stored ``ui`` is never
    touched by commits).
    """

    def __init__(
        self,
        db: Database,
        *,
        ui_for: UiFor | None = None,
        on_saved: OnSaved | None = None,
    ) -> None:
        self.db = db
        self.ui_for = ui_for
        self.on_saved = on_saved

    async def save(
        self,
        match_id: int,
        expected_version: int,
        new_state: BingoState,
        *,
        deadline: float | None,
        events: Sequence[Event],
        result: FinalResult | None,
        wake: float | None = None,
    ) -> bool:
        """Commit ``new_state`` if match ``match_id`` is active at ``expected_version``,
        with its ``wake`` time (``bot.storage.leases``) in the same UPDATE; with
        ``result``, finish it and record the result atomically (see
        :meth:`Database.finish_match_cas` for who it counts for).

        Returns whether this call committed. Raises what the database driver raises
        (``sqlite3.Error`` or ``asyncpg.PostgresError``; nothing was stored then) and
        ``ValueError`` for a result that does not fit the match's players.
        """
        ui = self.ui_for(match_id, new_state, events) if self.ui_for is not None else None
        state = new_state.to_json()
        decisions = new_state.history
        if result is None:
            committed = await self.db.save_match_cas(
                match_id,
                expected_version,
                state=state,
                decisions=decisions,
                version=new_state.version,
                deadline=deadline,
                ui=ui,
                wake=wake,
            )
        else:
            committed = await self.db.finish_match_cas(
                match_id,
                expected_version,
                state=state,
                decisions=decisions,
                version=new_state.version,
                outcome=result.outcome,
                winner_id=result.winner_id,
                loser_id=result.loser_id,
                reason=str(result.reason),
                turns=result.turns,
                ended_at=result.ended_at,
                ui=ui,
            )
        if committed and self.on_saved is not None:
            self.on_saved(match_id, ui)
        return committed
