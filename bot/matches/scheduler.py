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

    A job waits as a timer of the event loop (``loop.call_later``) and becomes a task only
    when it is due: most jobs are replaced before then (a match's deadline is re-armed at
    every decision), and cancelling a timer costs next to nothing.
    """

    def __init__(self, *, clock: Callable[[], float] = time.time, name: str = "scheduler") -> None:
        self._clock = clock
        self._name = name
        #: key -> its timer while it waits, then its task while it runs
        self._jobs: dict[Hashable, asyncio.TimerHandle | asyncio.Task[None]] = {}

    def schedule(self, key: Hashable, when: float, callback: Job) -> None:
        """Run ``callback()`` at Unix time ``when``, replacing any job under ``key``.

        Must be called from the running event loop.
        """
        self.cancel(key)
        loop = asyncio.get_running_loop()
        delay = max(0.0, when - self._clock())
        self._jobs[key] = loop.call_later(delay, self._start, key, callback)

    def _start(self, key: Hashable, callback: Job) -> None:
        """The job under ``key`` is due: run it in a task of its own."""
        task = asyncio.get_running_loop().create_task(
            self._run(key, callback), name=f"{self._name}:{key!r}"
        )
        self._jobs[key] = task

    def cancel(self, key: Hashable) -> bool:
        """Cancel the job under ``key`` (waiting or running). Returns whether there was
        one. A job cancelling its own key is only forgotten, not interrupted."""
        job = self._jobs.pop(key, None)
        if job is None:
            return False
        if job is not asyncio.current_task():
            job.cancel()
        return True

    def __contains__(self, key: Hashable) -> bool:
        return key in self._jobs

    def keys(self) -> list[Hashable]:
        """The keys of the jobs not yet finished."""
        return list(self._jobs)

    async def close(self) -> None:
        """Cancel every job and wait for the running ones to end (their stored deadlines
        survive elsewhere, e.g. in the database, for the next start)."""
        jobs = list(self._jobs.values())
        self._jobs.clear()
        current = asyncio.current_task()
        tasks = []
        for job in jobs:
            if job is not current:
                job.cancel()
                if isinstance(job, asyncio.Task):
                    tasks.append(job)
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _run(self, key: Hashable, callback: Job) -> None:
        try:
            await callback()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Scheduled job %r failed", key)
        finally:
            if self._jobs.get(key) is asyncio.current_task():
                del self._jobs[key]
