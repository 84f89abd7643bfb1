"""WorkerPool: CPU-bound jobs off the event loop, in processes that never outlive the
bot (a SIGKILL runs no shutdown code)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.workers import WorkerPool

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
