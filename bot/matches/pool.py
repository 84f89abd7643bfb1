"""Where the bot's search runs: one executor for every agent of the process.

:class:`AIPool` is a ``concurrent.futures.Executor`` (so it goes wherever
``loop.run_in_executor`` takes one, e.g. :class:`~bot.matches.seats.SearchPolicy`) that
owns the real pool: ``workers`` processes (a ``ProcessPoolExecutor``, started from a
clean interpreter with the ``forkserver`` method where there is one, else ``spawn``, never
``fork`` of the multi-threaded bot), or, with ``workers == 0``, two threads of this
process: a :class:`bot.workers.WorkerPool`. The pool is created on first use, and
created again if a worker died (the pool is then "broken": the decision that was running
fails, and the runtime plays its fallback for that one decision). No discord import, no
database.

Wiring, in the cog (settings from :mod:`bot.config`)::

    pool = AIPool(settings.ai_workers, budget=settings.ai_budget_seconds)
    seat = Seat.agent(bot.user.id, pool.policy("hard"))
    ...
    await pool.close()  # on unload / bot close
"""

from __future__ import annotations

from bot.workers import WorkerPool

from .seats import ChooseFn, SearchPolicy

#: Threads searching when ``workers == 0``.
THREAD_WORKERS = 2


class AIPool(WorkerPool):
    """The executor of the bot's search (see the module docstring).

    ``workers``: processes (``>= 1``), or ``0`` for threads. ``budget``: seconds of
    search per hard decision, given to every :meth:`policy` (``None``: the AI's own
    default). Raises ``ValueError`` for a negative ``workers``.
    """

    def __init__(self, workers: int, *, budget: float | None = None) -> None:
        super().__init__(workers, threads=THREAD_WORKERS, name="ai-search")
        self.budget = budget

    def policy(
        self, level: str, *, seed: int | None = None, choose: ChooseFn | None = None
    ) -> SearchPolicy:
        """A :class:`SearchPolicy` at ``level`` searching in this pool with its budget.
        Raises ``ValueError`` for an unknown level."""
        return SearchPolicy(level, seed=seed, executor=self, budget=self.budget, choose=choose)
