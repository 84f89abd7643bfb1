"""Work kept off the event loop: one executor for a kind of CPU-bound job.

:class:`WorkerPool` is a ``concurrent.futures.Executor`` (so it goes wherever
``loop.run_in_executor`` takes one) that owns the real pool: ``workers`` processes (a
``ProcessPoolExecutor``, started from a clean interpreter with the ``forkserver`` method
where there is one, else ``spawn``, never ``fork`` of the multi-threaded bot), or, with
``workers == 0``, ``threads`` threads of this process. The pool is created on first use,
and created again if a worker died (the pool is then "broken": the job that was running
fails, and its caller falls back). No discord import, no database.

:class:`LoopWorkers` is the same for jobs that are many and short, submitted from the
event loop: each worker process has a socket pair whose other end the event loop
watches (``loop.add_reader``), so a job costs a write and a read on the loop's thread. A
``ProcessPoolExecutor`` passes each job through two threads of its own (a feeder that
pickles it, a manager that waits for the result), which wake and take the GIL for every
job.

The bot keeps two: the AI's search (:class:`bot.matches.AIPool`, a :class:`WorkerPool`)
and the board pictures (``BINGO_RENDER_WORKERS``, a :class:`LoopWorkers`: a picture for
about every other click, and each replay step's, ahead of the boards: :func:`run_first`).
A process of its own keeps Pillow's work from holding the event loop's GIL, which is what
the acknowledgement latency of every click waits on.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import importlib
import logging
import multiprocessing
import os
import pickle
import socket
import struct
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

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


#: A frame's header: the length of the pickle that follows (bytes, big-endian).
_HEADER = struct.Struct("!Q")


def _read_exactly(sock: socket.socket, size: int) -> bytes:
    """``size`` bytes from blocking ``sock``. Raises ``EOFError`` at its end."""
    chunks, left = [], size
    while left:
        chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            raise EOFError("the pool closed its end")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _serve(sock: socket.socket, preload: tuple[str, ...], owner: int, nice: int) -> None:
    """A :class:`LoopWorkers` process: :func:`_start_worker`, then answer each job read
    from ``sock`` (a frame: :data:`_HEADER`, then a pickled ``(fn, args)``) with a frame
    of a pickled ``(True, result)`` or ``(False, exception)``, until the pool closes its
    end."""
    _start_worker(preload, owner, nice)
    sock.setblocking(True)
    while True:
        try:
            (size,) = _HEADER.unpack(_read_exactly(sock, _HEADER.size))
            fn, args = pickle.loads(_read_exactly(sock, size))
        except (EOFError, OSError):
            return
        try:
            reply: tuple[bool, Any] = (True, fn(*args))
        except BaseException as exc:  # the caller's to handle, as an executor's
            reply = (False, exc)
        try:
            answer = pickle.dumps(reply, pickle.HIGHEST_PROTOCOL)
        except Exception as exc:
            answer = pickle.dumps((False, RuntimeError(f"cannot return the result: {exc!r}")))
        try:
            sock.sendall(_HEADER.pack(len(answer)) + answer)
        except OSError:
            return


@dataclass(eq=False)
class _Worker:
    """One process of a :class:`LoopWorkers`, its end of the socket pair, its jobs
    written and not yet answered (oldest first: a worker answers in order), what is left
    to write and what was read of the next answer."""

    process: Any  # multiprocessing.process.BaseProcess
    sock: socket.socket
    jobs: collections.deque[Future[Any]] = field(default_factory=collections.deque)
    unsent: bytearray = field(default_factory=bytearray)
    received: bytearray = field(default_factory=bytearray)
    fd: int = field(init=False)

    def __post_init__(self) -> None:
        self.fd = self.sock.fileno()


class LoopWorkers(Executor):
    """An executor of ``workers`` processes (``>= 1``) answered on the event loop.

    Each worker has one end of a socket pair (``socket.socketpair``) and the event loop
    the other, non-blocking: jobs are written to it, and answers read by a callback of
    the loop (``loop.add_reader``). A worker runs one job at a time and holds at most
    :attr:`DEPTH` (the next waits in its socket, so it starts without waiting for the
    event loop); the others wait in submission order. ``name``, ``preload`` and ``nice``
    are :class:`WorkerPool`'s. Workers start on first use (or :meth:`start`), and again
    after one died: the jobs it held fail with ``BrokenProcessPool``, and the next ones go
    to a new process.

    :meth:`submit` must be called on the thread of a running event loop (as
    ``loop.run_in_executor`` does), every submit of a pool on the same loop; the returned
    ``concurrent.futures.Future`` is resolved on that thread.

    Raises ``ValueError`` for ``workers < 1``.
    """

    #: Jobs a worker holds at once: the one it runs and the next.
    DEPTH = 2

    def __init__(
        self, workers: int, *, name: str = "worker", preload: tuple[str, ...] = (), nice: int = 0
    ) -> None:
        if workers < 1:
            raise ValueError(f"workers must be 1 or more, got {workers}")
        self.workers = workers
        self.name = name
        self.preload = preload
        self.nice = nice
        self._loop: asyncio.AbstractEventLoop | None = None
        self._live: list[_Worker] = []
        self._waiting: collections.deque[tuple[Future[Any], bytes]] = collections.deque()
        self._closed = False
        #: Worker processes started so far (``workers`` after first use; more if some died).
        self.started = 0

    def start(self) -> None:
        """Start every worker now (on the event loop's thread), rather than on first use:
        the first start of a pool takes about a second."""
        self._bind()
        while len(self._live) < self.workers:
            self._live.append(self._spawn())

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Run ``fn(*args, **kwargs)`` in a worker; ``fn`` and its arguments must pickle
        (a module-level function does; ``kwargs`` are passed through
        ``functools.partial``).

        Raises:
            RuntimeError: after :meth:`shutdown`, or with no running event loop here.
            pickle.PicklingError, AttributeError or TypeError (what ``pickle.dumps``
                raises): ``fn`` or its arguments do not pickle.
        """
        return self._queue(fn, args, kwargs, first=False)

    def submit_first(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        """:meth:`submit`, but ahead of every job still waiting: for a job someone is
        waiting on (a replay's picture) in a pool whose other jobs may wait (boards, paced
        anyway). It still waits for the jobs the workers hold (at most :attr:`DEPTH`
        each). Raises what :meth:`submit` raises."""
        return self._queue(fn, args, {}, first=True)

    def _queue(
        self, fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], *, first: bool
    ) -> Future[Any]:
        if self._closed:
            raise RuntimeError(f"the {self.name} pool is shut down")
        self._bind()
        if kwargs:
            fn = functools.partial(fn, **kwargs)
        payload = pickle.dumps((fn, args), pickle.HIGHEST_PROTOCOL)
        job: Future[Any] = Future()
        waiting = (job, _HEADER.pack(len(payload)) + payload)
        if first:
            self._waiting.appendleft(waiting)
        else:
            self._waiting.append(waiting)
        self._dispatch()
        return job

    def _bind(self) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is None:
            self._loop = loop
        elif self._loop is not loop:
            raise RuntimeError(f"the {self.name} pool belongs to another event loop")

    def _spawn(self) -> _Worker:
        assert self._loop is not None
        context = multiprocessing.get_context(start_method())
        ours, theirs = socket.socketpair()
        # every concrete context has Process; typeshed's BaseContext does not say so
        process = context.Process(  # type: ignore[attr-defined]
            target=_serve,
            args=(theirs, self.preload, os.getpid(), self.nice),
            name=f"{self.name}-{self.started + 1}",
            daemon=True,
        )
        try:
            process.start()
        finally:
            theirs.close()
        ours.setblocking(False)
        self.started += 1
        worker = _Worker(process, ours)
        self._loop.add_reader(worker.fd, self._readable, worker)
        return worker

    def _dispatch(self) -> None:
        """Hand waiting jobs to the least busy worker while one holds fewer than
        :attr:`DEPTH`, starting workers up to :attr:`workers`."""
        while self._waiting:
            if len(self._live) < self.workers:
                self._live.append(self._spawn())
            worker = min(self._live, key=lambda live: len(live.jobs))
            if len(worker.jobs) >= self.DEPTH:
                return
            job, frame = self._waiting.popleft()
            if not job.set_running_or_notify_cancel():  # cancelled while it waited
                continue
            worker.jobs.append(job)
            worker.unsent += frame
            self._write(worker)

    def _write(self, worker: _Worker) -> None:
        """Write what ``worker``'s socket takes of its jobs; the rest when the loop says
        it can take more."""
        assert self._loop is not None
        try:
            sent = worker.sock.send(worker.unsent)
        except BlockingIOError:
            sent = 0
        except OSError as exc:
            self._died(worker, exc)
            return
        del worker.unsent[:sent]
        if worker.unsent:
            self._loop.add_writer(worker.fd, self._write, worker)
        else:
            self._loop.remove_writer(worker.fd)

    def _readable(self, worker: _Worker) -> None:
        """The event loop saw ``worker``'s socket readable: answers, or its end."""
        try:
            chunk = worker.sock.recv(1 << 20)
        except BlockingIOError:
            return
        except OSError as exc:
            self._died(worker, exc)
            return
        if not chunk:
            self._died(worker, EOFError("the worker closed its end"))
            return
        received = worker.received
        received += chunk
        while len(received) >= _HEADER.size:
            (size,) = _HEADER.unpack_from(received)
            end = _HEADER.size + size
            if len(received) < end:
                break
            answer = bytes(memoryview(received)[_HEADER.size : end])
            del received[:end]
            job = worker.jobs.popleft()
            try:
                ok, value = pickle.loads(answer)
            except Exception as exc:  # an answer that does not unpickle here
                job.set_exception(exc)
            else:
                if ok:
                    job.set_result(value)
                else:
                    job.set_exception(value)
        if self._closed and not worker.jobs:
            self._retire(worker)
        else:
            self._dispatch()

    def _died(self, worker: _Worker, error: BaseException) -> None:
        """``worker``'s socket failed or ended: its jobs fail, a new process takes the
        next ones."""
        log.warning("A %s worker died; the next job starts a new one", self.name)
        self._retire(worker)
        while worker.jobs:
            broken = BrokenProcessPool(f"a {self.name} worker died: {error!r}")
            worker.jobs.popleft().set_exception(broken)
        if not self._closed:
            self._dispatch()

    def _retire(self, worker: _Worker) -> None:
        """Stop watching ``worker`` and close its socket: it leaves when it reads the
        end."""
        if worker in self._live:
            self._live.remove(worker)
        if self._loop is not None and worker.sock.fileno() != -1:  # not closed yet
            self._loop.remove_reader(worker.fd)
            self._loop.remove_writer(worker.fd)
        worker.sock.close()
        worker.process.join(timeout=0)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop taking jobs; each worker leaves once the jobs it holds are answered.
        Jobs still waiting for a worker run unless ``cancel_futures``. ``wait``: join
        the processes of the workers that hold none before returning (at most 5 s
        each)."""
        self._closed = True
        if cancel_futures:
            while self._waiting:
                self._waiting.popleft()[0].cancel()
        idle = [worker for worker in self._live if not worker.jobs]
        for worker in idle:
            self._retire(worker)
        if wait:
            for worker in idle:
                worker.process.join(timeout=5)

    async def close(self) -> None:
        """Cancel waiting jobs and stop every worker at once: the jobs they hold fail
        with ``BrokenProcessPool``; a worker still running one after 5 s is killed."""
        self.shutdown(wait=False, cancel_futures=True)
        busy = list(self._live)
        for worker in busy:
            self._retire(worker)
            while worker.jobs:
                closed = BrokenProcessPool(f"the {self.name} pool is closed")
                worker.jobs.popleft().set_exception(closed)

        def join() -> None:
            for worker in busy:
                worker.process.join(timeout=5)
                if worker.process.is_alive():
                    worker.process.kill()
                    worker.process.join(timeout=5)

        await asyncio.to_thread(join)


async def run_first(pool: Executor | None, fn: Callable[..., T], /, *args: Any) -> T:
    """``fn(*args)`` in ``pool``, ahead of its waiting jobs when it is a
    :class:`LoopWorkers` (:meth:`LoopWorkers.submit_first`), else in the executor's own
    order (``loop.run_in_executor``; ``None`` is the loop's default thread pool). Raises
    what ``fn`` raises, or ``BrokenProcessPool`` when its worker died."""
    if isinstance(pool, LoopWorkers):
        return await asyncio.wrap_future(pool.submit_first(fn, *args))
    return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
