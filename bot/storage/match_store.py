"""The match runtime's store over :class:`bot.storage.Database`.

:class:`DatabaseMatchStore` implements :class:`bot.matches.MatchStore`: every commit is
a compare-and-set on the stored version (:meth:`Database.save_match_cas`), and the
commit that ends a match also finishes it and records its result in the same
transaction (:meth:`Database.finish_match_cas`: members' stats, or the member's record
against the bot, or nothing for a no-result).

**The public log.** Each commit appends its change's public events to the match's
``log`` column in the same write (:func:`bot.matches.log.extend_log`: the events as the
public sees them, the newest kept): what is stored is a function of the engine's events
alone, never of how they are shown. The ``ui`` column (message ids and other display
bookkeeping) is not touched by commits: only the delivery writes it.

Wiring: the bot builds the store and the runtime (``BingoBot.setup_hook``)::

    store = DatabaseMatchStore(db)
    runtime = MatchRuntime(store, scheduler=..., timing=...)

The store never imports discord; it imports no database driver itself either (it talks
to :class:`Database` only).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import BingoState
from bot.engine.events import Event
from bot.matches.events import FinalResult
from bot.matches.log import extend_log
from bot.storage.database import Database


class DatabaseMatchStore:
    """A :class:`bot.matches.MatchStore` over ``db`` (see the module docstring)."""

    def __init__(self, db: Database) -> None:
        self.db = db

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
        with its ``wake`` time (``bot.storage.leases``) and its public log grown by
        ``events`` (:func:`bot.matches.log.extend_log`) in the same transaction; with
        ``result``, finish it and record the result atomically (see
        :meth:`Database.finish_match_cas` for who it counts for).

        Returns whether this call committed. Raises what the database driver raises
        (``sqlite3.Error`` or ``asyncpg.PostgresError``; nothing was stored then) and
        ``ValueError`` for a result that does not fit the match's players.
        """
        state = new_state.to_json()
        decisions = new_state.history
        changed = list(events)

        def log(stored: list[Any]) -> list[Any]:
            return extend_log(stored, changed)

        if result is None:
            return await self.db.save_match_cas(
                match_id,
                expected_version,
                state=state,
                decisions=decisions,
                version=new_state.version,
                deadline=deadline,
                log=log,
                wake=wake,
            )
        return await self.db.finish_match_cas(
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
            log=log,
        )
