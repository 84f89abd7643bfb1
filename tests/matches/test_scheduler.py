"""The one scheduler: jobs keyed by id, replaced, cancelled, run when due."""

from __future__ import annotations

import asyncio
import time

from bot.matches import Scheduler


async def test_a_due_job_runs_once() -> None:
    """A job whose time has passed runs at once, then its key is gone."""
    scheduler = Scheduler()
    ran = asyncio.Event()

    async def job() -> None:
        ran.set()

    scheduler.schedule(("match", 1), time.time() - 5, job)
    await asyncio.wait_for(ran.wait(), 5)
    await asyncio.sleep(0)
    assert ("match", 1) not in scheduler


async def test_scheduling_a_key_again_replaces_the_job() -> None:
    """Re-arming a key cancels the previous job: only the newest runs."""
    scheduler = Scheduler()
    calls: list[str] = []
    done = asyncio.Event()

    async def old() -> None:
        calls.append("old")

    async def new() -> None:
        calls.append("new")
        done.set()

    scheduler.schedule("k", time.time() + 0.05, old)
    scheduler.schedule("k", time.time() + 0.05, new)
    await asyncio.wait_for(done.wait(), 5)
    await asyncio.sleep(0.1)
    assert calls == ["new"]


async def test_cancel_stops_a_pending_job() -> None:
    """A cancelled job never runs; cancel reports whether there was one."""
    scheduler = Scheduler()
    calls: list[int] = []

    async def job() -> None:
        calls.append(1)

    scheduler.schedule("k", time.time() + 0.05, job)
    assert scheduler.cancel("k") is True
    assert scheduler.cancel("k") is False
    await asyncio.sleep(0.1)
    assert calls == []


async def test_a_job_may_rearm_its_own_key() -> None:
    """A running job that schedules its own key is not interrupted by doing so."""
    scheduler = Scheduler()
    runs: list[int] = []
    resumed: list[int] = []
    done = asyncio.Event()

    async def job() -> None:
        runs.append(len(runs))
        if len(runs) < 3:
            scheduler.schedule("k", time.time(), job)
            await asyncio.sleep(0)  # still running after re-arming
            resumed.append(runs[-1])
        if len(runs) == 3 and len(resumed) == 2:
            done.set()

    scheduler.schedule("k", time.time(), job)
    await asyncio.wait_for(done.wait(), 5)
    assert len(runs) == 3 and len(resumed) == 2


async def test_a_failing_job_is_logged_not_raised(caplog) -> None:
    """An exception in a job is logged and the scheduler goes on."""
    scheduler = Scheduler()
    done = asyncio.Event()

    async def bad() -> None:
        raise RuntimeError("boom")

    async def good() -> None:
        done.set()

    scheduler.schedule("bad", time.time(), bad)
    scheduler.schedule("good", time.time() + 0.01, good)
    await asyncio.wait_for(done.wait(), 5)
    assert "Scheduled job 'bad' failed" in caplog.text


async def test_close_cancels_everything() -> None:
    """close() cancels every pending job and forgets every key."""
    scheduler = Scheduler()
    calls: list[int] = []

    async def job() -> None:
        calls.append(1)

    for key in range(3):
        scheduler.schedule(key, time.time() + 0.05, job)
    await scheduler.close()
    await asyncio.sleep(0.1)
    assert calls == [] and scheduler.keys() == []
