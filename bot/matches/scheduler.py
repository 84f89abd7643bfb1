"""One scheduler for every timed job of the bot: match deadlines, challenge expiry and
the agents' moves.

A job is a coroutine function run once at a Unix time, keyed by any hashable id
(``("match", 12)``, ``("challenge", 7)``, ``("agent", 12)``). Scheduling a key that is
already scheduled replaces the old job, so "re-arm" is one call. No discord import.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Hashable

log = logging.getLogger(__name__)

Job = Callable[[], Awaitable[object]]


class Scheduler:
    """Run ``callback()`` at ``when`` (Unix seconds), at most one job per key.

    ``clock`` returns the current Unix time in seconds (``time.time`` by default; tests
    may pass their own). A job whose time has passed runs at once (e.g. a deadline that
    expired while the bot was down). A job's exception is logged, never raised.
    """

    def __init__(self, *, clock: Callable[[], float] = time.time, name: str = "scheduler") -> None:
        self._clock = clock
        self._name = name
        self._tasks: dict[Hashable, asyncio.Task[None]] = {}

    def schedule(self, key: Hashable, when: float, callback: Job) -> None:
        """Run ``callback()`` at Unix time ``when``, replacing any job under ``key``.

        Must be called from the running event loop.
        """
        self.cancel(key)
        task = asyncio.get_running_loop().create_task(
            self._run(key, when, callback), name=f"{self._name}:{key!r}"
        )
        self._tasks[key] = task

    def cancel(self, key: Hashable) -> bool:
        """Cancel the job under ``key`` (sleeping or running). Returns whether there was
        one. A job cancelling its own key is only forgotten, not interrupted."""
        task = self._tasks.pop(key, None)
        if task is None:
            return False
        if task is not asyncio.current_task():
            task.cancel()
        return True

    def __contains__(self, key: Hashable) -> bool:
        return key in self._tasks

    def keys(self) -> list[Hashable]:
        """The keys of the jobs not yet finished."""
        return list(self._tasks)

    async def close(self) -> None:
        """Cancel every job and wait for them to end (their stored deadlines survive
        elsewhere, e.g. in the database, for the next start)."""
        tasks = list(self._tasks.values())
        self._tasks.clear()
        current = asyncio.current_task()
        for task in tasks:
            if task is not current:
                task.cancel()
        for task in tasks:
            if task is not current:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _run(self, key: Hashable, when: float, callback: Job) -> None:
        delay = when - self._clock()
        if delay > 0:
            await asyncio.sleep(delay)
        try:
            await callback()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Scheduled job %r failed", key)
        finally:
            if self._tasks.get(key) is asyncio.current_task():
                del self._tasks[key]
