"""The loop of a task that runs once a UTC day (the hand of the day's rollover, the
puzzles of the day's posts), shared so that both wake, wait and survive a failure alike.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.engine.daily import seconds_to_next_day


async def each_day(
    bot: Any,
    wake: asyncio.Event,
    job: Callable[[], Awaitable[None]],
    clock: Callable[[], float],
    *,
    after: float,
    log: logging.Logger,
    failed: str,
) -> None:
    """Once ``bot`` is ready, run ``job``; then again ``after`` seconds past each UTC
    midnight of ``clock`` (seconds since the epoch), or as soon as ``wake`` is set (tests
    move the clock, then set it). A failure of ``job`` is logged with ``failed`` (on
    ``log``) and the next run tries again. Never returns: cancel the task to stop it."""
    await bot.wait_until_ready()
    while True:
        wake.clear()
        try:
            await job()
        except Exception:  # noqa: BLE001 - keep the task alive; the next run retries
            log.exception(failed)
        delay = seconds_to_next_day(clock()) + after
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), delay)
