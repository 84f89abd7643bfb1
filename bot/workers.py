"""Work kept off the event loop: one executor for a kind of CPU-bound job.

:class:`WorkerPool` is a ``concurrent.futures.Executor`` (so it goes wherever
``loop.run_in_executor`` takes one) that owns the real pool: ``workers`` processes (a
``ProcessPoolExecutor``, started from a clean interpreter with the ``forkserver`` method
where there is one, else ``spawn``, never ``fork`` of the multi-threaded bot), or, with
``workers == 0``, ``threads`` threads of this process. The pool is created on first use,
and created again if a worker died (the pool is then "broken": the job that was running
fails, and its caller falls back). No discord import, no database.

The bot keeps two: the AI's search (:class:`bot.matches.AIPool`) and the board
pictures (``BINGO_RENDER_WORKERS``). A process of its own keeps Pillow's work from
holding the event loop's GIL, which is what the acknowledgement latency of every click
waits on.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger(__name__)

#: Seconds between two looks of a worker process at whether its parent is still there.
PARENT_WATCH_SECONDS = 0.5


def start_method() -> str:
    """``"forkserver"`` where the platform has it, else ``"spawn"`` (never ``"fork"``)."""
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else "spawn"


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, killed and not yet reaped, does
    not)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except FileNotFoundError:
        return False
    except OSError:  # no /proc here: ask the kernel whether the pid exists
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            pass
        return True


def _start_worker(preload: tuple[str, ...], owner: int, nice: int) -> None:
    """In each worker process: lower its priority by ``nice`` (``os.nice``), import
    ``preload`` (so the first job does not pay for it), and leave as soon as process
    ``owner`` (the bot) is gone. A bot killed with
    SIGKILL runs no shutdown code, and a ``ProcessPoolExecutor`` worker would otherwise
    wait for jobs forever, holding the bot's standard streams open (with ``forkserver``
    its parent is the fork server, which in turn waits for its children)."""
    if nice > 0:
        os.nice(nice)
    for name in preload:
        importlib.import_module(name)

    def watch() -> None:
        while _alive(owner):
            time.sleep(PARENT_WATCH_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="owner-watch", daemon=True).start()


class WorkerPool(Executor):
    """An executor of ``workers`` processes (``>= 1``) or, with ``0``, ``threads``
    threads, created on first use and again after a worker died. ``name`` names the
    threads and the log lines; each worker process runs ``nice`` steps below the bot's
    priority (``os.nice``: work that may wait, such as pictures, never takes the CPU
    from the event loop), imports the modules named in ``preload`` when it starts, and
    exits when the bot's process is gone. Raises
    ``ValueError`` for a negative ``workers`` or ``threads < 1``."""

    def __init__(
        self,
        workers: int,
        *,
        threads: int = 1,
        name: str = "worker",
        preload: tuple[str, ...] = (),
        nice: int = 0,
    ) -> None:
        if workers < 0 or threads < 1:
            raise ValueError(f"workers must be 0 or more and threads 1 or more, got {workers}")
        self.workers = workers
        self.threads = threads
        self.name = name
        self.preload = preload
        self.nice = nice
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
            return ThreadPoolExecutor(self.threads, thread_name_prefix=self.name)
        context = multiprocessing.get_context(start_method())
        return ProcessPoolExecutor(
            self.workers,
            mp_context=context,
            initializer=_start_worker,
            initargs=(self.preload, os.getpid(), self.nice),
        )

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Run ``fn(*args, **kwargs)`` in the pool (creating it if needed, or again if a
        worker died). With processes, ``fn`` and its arguments must pickle (a
        module-level function does).

        Raises ``RuntimeError`` after :meth:`shutdown`.
        """
        with self._lock:
            if self._closed:
                raise RuntimeError(f"the {self.name} pool is shut down")
            if self._pool is None:
                self._pool = self._make()
            try:
                return self._pool.submit(fn, *args, **kwargs)
            except BrokenProcessPool:
                log.warning("A %s worker died; starting a new pool", self.name)
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
        """:meth:`shutdown`, cancelling queued jobs and waiting for the running ones off
        the event loop."""
        await asyncio.to_thread(self.shutdown, True, cancel_futures=True)
