"""Several bot processes on one database: who handles a match's timed work, and when.

Every process may apply any decision (a compare-and-set on the match's version decides
between two of them), but a deadline, or the bot's own move in a match against it, must
be handled by one process only, and by another one if that process dies. Migration 8
gives each match:

- ``wake_at`` (Unix seconds): when the match next needs the bot itself, its deadline, or
  at once when the bot's seat is to decide; valid for ``wake_version`` (the version it
  was computed for). A row whose ``wake_version`` is not its ``version`` (a process died
  between a commit and :meth:`Leases.set_wake`, or the row predates migration 8) counts
  as due, so nothing is ever forgotten; a row never given a wake time, only once it began
  a lease's time ago (until then, the process that created it is starting it).
- ``lease_owner`` / ``lease_until``: the process handling that work and until when. A
  process claims a match with one conditional UPDATE (:meth:`Leases.claim`: rowcount 1 =
  claimed) and releases it when done; a lease left by a dead process runs out after
  :data:`bot.limits.MATCH_LEASE_SECONDS`.

The SQL is portable (SQLite and PostgreSQL: no dialect-specific clause): a claim is a
compare-and-set, so neither ``FOR UPDATE SKIP LOCKED`` nor a transaction is needed.
Challenges need no lease: closing one is already a compare-and-set on its status
(``Database.close_challenge``); :meth:`Leases.due_challenges` only finds them.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot import limits
from bot.storage import sql
from bot.storage.base import encode_json

if TYPE_CHECKING:
    from bot.storage.backend import Backend
    from bot.storage.database import Database

# Claim match ? for owner ? until ? if it is active at version ? and nobody holds an
# unexpired lease on it (or this owner does: its own jobs may overlap). Parameters:
# owner, until, match_id, version, now, owner.
CLAIM_MATCH = """
UPDATE matches SET lease_owner = ?, lease_until = ?
WHERE id = ? AND status = 'active' AND version = ?
  AND (lease_until IS NULL OR lease_until < ? OR lease_owner = ?)
"""

# Give the lease back, unless a later claim (another ``until``) took it meanwhile.
# Parameters: match_id, owner, until.
RELEASE_MATCH = """
UPDATE matches SET lease_owner = NULL, lease_until = NULL
WHERE id = ? AND lease_owner = ? AND lease_until = ?
"""

# Parameters: wake_at, wake_version, match_id, version.
SET_MATCH_WAKE = """
UPDATE matches SET wake_at = ?, wake_version = ?
WHERE id = ? AND version = ?
"""

# Active matches whose wake time has come (or is unknown for their version) and that no
# live lease covers, soonest first. A row never given a wake time is a match its process
# is still starting (MatchRuntime.start records the first): it counts as due only once it
# began a lease's time ago, as a lease its creator took. Parameters: due (wake at or
# before), begun (started at or before), now, limit.
SELECT_DUE_MATCHES = """
SELECT id, version FROM matches
WHERE status = 'active'
  AND (wake_at <= ? OR wake_version <> version
       OR (wake_version IS NULL AND started_at <= ?))
  AND (lease_until IS NULL OR lease_until < ?)
ORDER BY wake_at
LIMIT ?
"""

# Parameters: match_id.
SELECT_MATCH_VERSION = "SELECT version, status FROM matches WHERE id = ?"


# Pending challenges past their expiry. Parameters: due (expired at or before), limit.
SELECT_DUE_CHALLENGES = """
SELECT id FROM challenges
WHERE status = 'pending' AND expires_at <= ?
ORDER BY expires_at
LIMIT ?
"""


def process_name() -> str:
    """A name for this process, unique across hosts and restarts:
    ``host:pid:random`` (what ``lease_owner`` holds)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class Leases:
    """Leases and wake times of matches over a :class:`bot.storage.Database` (any
    dialect). ``owner``: this process's name (default :func:`process_name`);
    ``lease_seconds``: how long a claim holds before another process may take over.

    Implements :class:`bot.matches.Claims` (the runtime's side).
    """

    def __init__(
        self,
        db: Database,
        *,
        owner: str | None = None,
        lease_seconds: float = limits.MATCH_LEASE_SECONDS,
    ) -> None:
        self.db = db
        self.backend: Backend = db.backend
        self.owner = owner or process_name()
        self.lease_seconds = lease_seconds

    # -- plumbing: the storage seam (bot.storage.backend) --------------------------------

    async def _execute(self, statement: str, params: Sequence[Any]) -> int:
        return await self.backend.execute(statement, params)

    async def _fetchall(self, statement: str, params: Sequence[Any]) -> list[Any]:
        return await self.backend.fetchall(statement, params)

    # -- matches -----------------------------------------------------------------------

    async def claim(self, match_id: int, version: int, now: float) -> float | None:
        """Claim match ``match_id``'s timed work at ``version`` until ``now +
        lease_seconds`` (Unix seconds). Returns that time (the token to
        :meth:`release` with), or ``None`` when the match is not active at ``version``
        or another process holds a live lease on it."""
        until = now + self.lease_seconds
        params = (self.owner, until, match_id, version, now, self.owner)
        return until if await self._execute(CLAIM_MATCH, params) == 1 else None

    async def release(self, match_id: int, token: float) -> None:
        """Give back the lease :meth:`claim` returned ``token`` for (a no-op if a later
        claim replaced it)."""
        await self._execute(RELEASE_MATCH, (match_id, self.owner, token))

    async def set_wake(self, match_id: int, version: int, wake_at: float | None) -> None:
        """Record when match ``match_id`` at ``version`` next needs the bot (``None``:
        never, it is over); a no-op if the match moved on meanwhile."""
        await self._execute(SET_MATCH_WAKE, (wake_at, version, match_id, version))

    async def due(self, due: float, now: float, limit: int = 100) -> list[tuple[int, int]]:
        """``(match_id, version)`` of up to ``limit`` active matches of any guild whose
        wake time is at or before ``due`` (or unknown for their version) and that no
        live lease covers at ``now``, soonest first (all Unix seconds). A match never
        given a wake time is due only once it began ``lease_seconds`` before ``now``:
        until then its process is starting it (``MatchRuntime.start``), and a copy
        loaded elsewhere meanwhile would play beside the one it starts."""
        begun = now - self.lease_seconds
        rows = await self._fetchall(SELECT_DUE_MATCHES, (due, begun, now, limit))
        return [(int(row[0]), int(row[1])) for row in rows]

    async def version_of(self, match_id: int) -> int | None:
        """The stored version of match ``match_id`` if it is active, else ``None`` (one
        indexed read: how a process checks its cached copy)."""
        rows = await self._fetchall(SELECT_MATCH_VERSION, (match_id,))
        if not rows or rows[0][1] != "active":
            return None
        return int(rows[0][0])

    async def save_ui(self, match_id: int, ui: dict[str, Any], version: int) -> bool:
        """Store the match's ``ui`` JSON only if it is still at ``version`` (the state
        its writer delivered); returns whether it did. A process whose copy is behind
        another's commit writes nothing (that commit's process shows the match)."""
        params = (encode_json(ui), match_id, version)
        return await self._execute(sql.SAVE_MATCH_UI_IF_VERSION, params) > 0

    # -- challenges --------------------------------------------------------------------

    async def due_challenges(self, due: float, limit: int = 100) -> list[int]:
        """Ids of up to ``limit`` pending challenges of any guild that expired at or
        before ``due`` (Unix seconds), oldest expiry first."""
        rows = await self._fetchall(SELECT_DUE_CHALLENGES, (due, limit))
        return [int(row[0]) for row in rows]
