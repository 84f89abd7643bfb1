"""Where the bot's search runs: one executor for every agent of the process.

:class:`AIPool` is a ``concurrent.futures.Executor`` (so it goes wherever
``loop.run_in_executor`` takes one, e.g. :class:`~bot.matches.seats.SearchPolicy`) that
owns the real pool: ``workers`` processes (a ``ProcessPoolExecutor``, started from a
clean interpreter with the ``forkserver`` method where there is one, else ``spawn``, never
``fork`` of the multi-threaded bot), or, with ``workers == 0``, two threads of this
process. The pool is created on first use, and created again if a worker died (the
pool is then "broken": the decision that was running fails, and the runtime plays its
fallback for that one decision). No discord import, no database.

Wiring, in the cog (settings from :mod:`bot.config`)::

    pool = AIPool(settings.ai_workers, budget=settings.ai_budget_seconds)
    seat = Seat.agent(bot.user.id, pool.policy("hard"))
    ...
    await pool.close()  # on unload / bot close
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .seats import ChooseFn, SearchPolicy

log = logging.getLogger(__name__)

#: Threads searching when ``workers == 0``.
THREAD_WORKERS = 2


def _start_method() -> str:
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else "spawn"


class AIPool(Executor):
    """The executor of the bot's search (see the module docstring).

    ``workers``: processes (``>= 1``), or ``0`` for threads. ``budget``: seconds of
    search per hard decision, given to every :meth:`policy` (``None``: the AI's own
    default). Raises ``ValueError`` for a negative ``workers``.
    """

    def __init__(self, workers: int, *, budget: float | None = None) -> None:
        if workers < 0:
            raise ValueError(f"workers must be 0 or more, got {workers}")
        self.workers = workers
        self.budget = budget
        self._pool: Executor | None = None
        self._closed = False
        self._lock = threading.Lock()
        #: Pools created so far (1 after first use; more if workers died).
        self.generation = 0

    @property
    def uses_processes(self) -> bool:
        return self.workers > 0

    def _make(self) -> Executor:
        self.generation += 1
        if self.workers == 0:
            return ThreadPoolExecutor(THREAD_WORKERS, thread_name_prefix="ai-search")
        context = multiprocessing.get_context(_start_method())
        return ProcessPoolExecutor(self.workers, mp_context=context)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Run ``fn(*args, **kwargs)`` in the pool (creating it if needed, or again if a
        worker died). With processes, ``fn`` and its arguments must pickle (a
        module-level function such as ``bot.ai.choose_action`` does).

        Raises ``RuntimeError`` after :meth:`shutdown`.
        """
        with self._lock:
            if self._closed:
                raise RuntimeError("the AI pool is shut down")
            if self._pool is None:
                self._pool = self._make()
            try:
                return self._pool.submit(fn, *args, **kwargs)
            except BrokenProcessPool:
                log.warning("An AI worker died; starting a new pool")
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = self._make()
                return self._pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the pool (if it was ever started); further submits raise."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=cancel_futures)

    async def close(self) -> None:
        """:meth:`shutdown`, cancelling queued searches and waiting for the running
        ones off the event loop (a search ends within its budget)."""
        await asyncio.to_thread(self.shutdown, True, cancel_futures=True)

    def policy(
        self, level: str, *, seed: int | None = None, choose: ChooseFn | None = None
    ) -> SearchPolicy:
        """A :class:`SearchPolicy` at ``level`` searching in this pool with its budget.
        Raises ``ValueError`` for an unknown level."""
        return SearchPolicy(level, seed=seed, executor=self, budget=self.budget, choose=choose)
