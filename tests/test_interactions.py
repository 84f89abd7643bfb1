"""``bot.interactions.within_ack_deadline``: a slow handler's interaction is deferred
before Discord's 3 s, a quick one is not. The interaction is a stand-in holding only
what the helper reads (``response.is_done`` and ``response.defer``)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import discord
import pytest

from bot.interactions import within_ack_deadline


class _Response:
    def __init__(self, *, done: bool = False, fails: bool = False) -> None:
        self.done = done
        self.fails = fails
        self.deferrals = 0
        self.deferred = asyncio.Event()

    def is_done(self) -> bool:
        return self.done

    async def defer(self) -> None:
        self.deferrals += 1
        self.deferred.set()
        if self.fails:
            raise discord.HTTPException(SimpleNamespace(status=404, reason="Not Found"), "gone")
        self.done = True


async def _held(release: asyncio.Event, value: int) -> int:
    await release.wait()
    return value


@pytest.mark.parametrize("refused", [False, True])
async def test_slow_work_is_deferred_once_then_returns_its_result(refused: bool) -> None:
    """Deferred once when still running; the work goes on and its result is returned,
    even when Discord refuses the deferral."""
    response = _Response(fails=refused)
    release = asyncio.Event()
    interaction = SimpleNamespace(response=response)
    task = asyncio.create_task(within_ack_deadline(interaction, _held(release, 7), after=0.01))
    await asyncio.wait_for(response.deferred.wait(), 10)
    assert not task.done(), "the work goes on after the deferral"
    release.set()
    assert await task == 7
    assert response.deferrals == 1


async def test_quick_work_is_not_deferred() -> None:
    response = _Response()
    release = asyncio.Event()
    release.set()
    interaction = SimpleNamespace(response=response)
    assert await within_ack_deadline(interaction, _held(release, 3), after=60) == 3
    assert response.deferrals == 0


async def test_an_answered_interaction_is_not_deferred_again() -> None:
    response = _Response(done=True)
    release = asyncio.Event()
    interaction = SimpleNamespace(response=response)
    task = asyncio.create_task(within_ack_deadline(interaction, _held(release, 1), after=0.01))
    await asyncio.sleep(0.05)
    release.set()
    assert await task == 1
    assert response.deferrals == 0


async def test_work_that_fails_raises_its_error() -> None:
    async def broken() -> None:
        raise ValueError("no")

    interaction = SimpleNamespace(response=_Response())
    try:
        await within_ack_deadline(interaction, broken(), after=60)
    except ValueError as error:
        assert str(error) == "no"
    else:
        raise AssertionError("the error was swallowed")
