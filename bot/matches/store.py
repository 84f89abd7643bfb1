"""The one thing the runtime asks of storage: commit a new state if nobody else did.

The cog passes an adapter over :class:`bot.storage.Database`; tests use
:class:`MemoryMatchStore`. No database driver here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.engine import BingoState
from bot.engine.events import Event

from .events import FinalResult


class MatchStore(Protocol):
    """Compare-and-set commits of match states."""

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
        """Store ``new_state`` (and its ``deadline``, Unix seconds or ``None``) only if the
        stored match is active and still at ``expected_version``; when ``result`` is
        given, finish it (and record stats) in the same transaction. ``events`` are the
        change's engine events (an adapter may derive a log from them). ``wake``: when
        the match at the new version next needs a process (Unix seconds, ``None``:
        never; see :meth:`Claims.set_wake`), stored in the same write.

        Returns ``True`` if this call committed, ``False`` (nothing changed) if the
        match moved on, finished or does not exist. Raises on storage failure (the
        runtime then leaves the match exactly as it was).
        """
        ...


@dataclass
class StoredMatch:
    """What :class:`MemoryMatchStore` keeps of one match."""

    state: dict[str, Any]
    version: int
    deadline: float | None = None
    result: FinalResult | None = None
    wake: float | None = None
    log: list[Event] = field(default_factory=list)


class MemoryMatchStore:
    """A :class:`MatchStore` in a dict (tests, benchmarks, the AI's self-play).

    ``fail_next``: make the next ``save`` raise ``RuntimeError`` (a storage failure).
    """

    def __init__(self) -> None:
        self.matches: dict[int, StoredMatch] = {}
        self.saves = 0
        self.fail_next = False

    def insert(self, match_id: int, state: BingoState, deadline: float | None = None) -> None:
        """Store a new active match (what the cog does when a challenge is accepted)."""
        self.matches[match_id] = StoredMatch(state.to_json(), state.version, deadline)

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
        if self.fail_next:
            self.fail_next = False
            raise RuntimeError("storage failure (injected)")
        stored = self.matches.get(match_id)
        if stored is None or stored.result is not None or stored.version != expected_version:
            return False
        stored.state = new_state.to_json()
        stored.version = new_state.version
        stored.deadline = None if result is not None else deadline
        stored.result = result
        stored.wake = wake
        stored.log.extend(events)
        self.saves += 1
        return True


class Claims(Protocol):
    """Which process handles a match's timed work (several processes on one database;
    ``bot.storage.leases.Leases``). Without one, a runtime handles its own timers alone."""

    async def claim(self, match_id: int, version: int, now: float) -> float | None:
        """Claim the timed work of match ``match_id`` at ``version`` (``now``: Unix
        seconds). Returns a token for :meth:`release`, or ``None`` when the match is not
        active at ``version`` or another process holds it."""
        ...

    async def release(self, match_id: int, token: float) -> None:
        """Give back the claim that returned ``token``."""
        ...

    async def set_wake(self, match_id: int, version: int, wake_at: float | None) -> None:
        """Record when the match at ``version`` next needs a process (Unix seconds; at
        once for an agent's move; ``None`` once over)."""
        ...

    async def due(self, due: float, now: float, limit: int = 100) -> list[tuple[int, int]]:
        """``(match_id, version)`` of active matches of any process due at or before
        ``due`` and unclaimed at ``now``; a match whose process is still starting it
        (no wake time recorded yet) is left to that process for a lease's time."""
        ...
