"""WorkerPool: CPU-bound jobs off the event loop, in processes that never outlive the
bot (a SIGKILL runs no shutdown code)."""

from __future__ import annotations

import asyncio
import os
import pickle
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from bot.workers import LoopWorkers, WorkerPool, run_first

ROOT = Path(__file__).resolve().parents[1]

#: A stand-in for the bot: starts a pool, prints its worker's pid, waits to be killed.
OWNER = """
import os, sys, time
from bot.workers import WorkerPool
pool = WorkerPool(1, name="test", preload=("bot.ui.board_image",))
print(pool.submit(os.getpid).result(), flush=True)
time.sleep(120)
"""


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (not gone, not a zombie)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != b"Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_worker_leaves_when_its_bot_is_killed() -> None:
    owner = subprocess.Popen(
        [sys.executable, "-c", OWNER], cwd=ROOT, stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert owner.stdout is not None
    worker = int(owner.stdout.readline())
    assert worker != owner.pid and _running(worker)
    owner.send_signal(signal.SIGKILL)
    owner.wait()
    deadline = time.monotonic() + 15
    while _running(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _running(worker), "the worker outlived the killed bot"
    # nothing holds the bot's standard output any more: reading it ends
    owner.stdout.read()


def _module_loaded(name: str) -> bool:
    return name in sys.modules


def test_workers_preload_their_modules_run_nicer_and_threads_run_in_process() -> None:
    pool = WorkerPool(1, name="test", preload=("bot.ui.board_image",), nice=5)
    try:
        assert pool.submit(_module_loaded, "bot.ui.board_image").result(timeout=60)
        assert pool.submit(os.getpid).result() != os.getpid()
        assert pool.submit(os.nice, 0).result() == os.nice(0) + 5
    finally:
        pool.shutdown()
    threads = WorkerPool(0, name="test")
    try:
        assert threads.submit(os.getpid).result() == os.getpid()
    finally:
        threads.shutdown()
    with pytest.raises(RuntimeError):
        threads.submit(os.getpid)
    with pytest.raises(ValueError):
        WorkerPool(-1)


def _fail(message: str) -> None:
    raise LookupError(message)


def _exit() -> None:
    os._exit(3)


async def test_loop_workers_answer_jobs_on_the_event_loop_and_outlive_a_dead_worker() -> None:
    loop = asyncio.get_running_loop()
    pool = LoopWorkers(2, name="test", preload=("bot.ui.board_image",), nice=5)
    try:
        pool.start()
        assert pool.started == 2
        pids = await asyncio.gather(*(loop.run_in_executor(pool, os.getpid) for _ in range(6)))
        assert os.getpid() not in pids and len(set(pids)) <= 2
        assert await loop.run_in_executor(pool, _module_loaded, "bot.ui.board_image")
        assert await loop.run_in_executor(pool, os.nice, 0) == os.nice(0) + 5
        assert await loop.run_in_executor(pool, divmod, 7, 2) == (3, 1)
        with pytest.raises(LookupError, match="no such land"):
            await loop.run_in_executor(pool, _fail, "no such land")
        with pytest.raises(BrokenProcessPool):
            await loop.run_in_executor(pool, _exit)
        # the next job goes to a live worker, or a new one
        assert await loop.run_in_executor(pool, os.getpid) != os.getpid()
        assert pool.started in (2, 3)
        with pytest.raises((AttributeError, pickle.PicklingError)):  # a lambda does not pickle
            pool.submit(lambda: 1)
    finally:
        await pool.close()
    with pytest.raises(RuntimeError):
        pool.submit(os.getpid)
    with pytest.raises(ValueError):
        LoopWorkers(0)


async def test_loop_workers_run_waiting_jobs_in_order_and_cancel_them() -> None:
    loop = asyncio.get_running_loop()
    pool = LoopWorkers(1, name="test")
    try:
        # the worker holds two jobs (the one it runs and the next); the rest wait here
        held = [loop.run_in_executor(pool, time.sleep, 0.2) for _ in range(LoopWorkers.DEPTH)]
        waiting = pool.submit(os.getpid)
        last = pool.submit(divmod, 9, 4)
        assert waiting.cancel()  # still waiting: it never runs
        assert await asyncio.wrap_future(last) == (2, 1)
        assert all(job.done() for job in held)  # answered in order
        assert waiting.cancelled()
    finally:
        await pool.close()


async def test_a_job_run_first_goes_ahead_of_the_waiting_jobs() -> None:
    """``run_first`` puts a job ahead of those waiting in a ``LoopWorkers`` (a replay's
    picture ahead of the boards); it still waits for the jobs the worker holds. Any other
    executor, or none, runs it as ``run_in_executor`` would."""
    loop = asyncio.get_running_loop()
    pool = LoopWorkers(1, name="test")
    try:
        held = [loop.run_in_executor(pool, time.sleep, 0.2) for _ in range(LoopWorkers.DEPTH)]
        # each job answers the system-wide monotonic clock when it ran in the worker
        boards = [loop.run_in_executor(pool, time.monotonic_ns) for _ in range(3)]
        first = await run_first(pool, time.monotonic_ns)
        ran = await asyncio.gather(*boards)
        assert first < min(ran), (first, ran)
        assert ran == sorted(ran)  # the others keep their order
        assert all(job.done() for job in held)
    finally:
        await pool.close()
    assert await run_first(None, divmod, 9, 4) == (2, 1)
    with ThreadPoolExecutor(1) as threads:
        assert await run_first(threads, os.getpid) == os.getpid()


def _echo(data: bytes) -> bytes:
    return data[::-1]


async def test_loop_workers_carry_jobs_and_answers_larger_than_a_socket_buffer() -> None:
    loop = asyncio.get_running_loop()
    pool = LoopWorkers(1, name="test")
    try:
        big = os.urandom(3 << 20)  # several times what a socket pair buffers
        assert await loop.run_in_executor(pool, _echo, big) == big[::-1]
        assert pool.started == 1
    finally:
        await pool.close()
