"""``bot.interactions.within_ack_deadline``: a slow handler's interaction is deferred
before Discord's 3 s, a quick one is not; one that reached the bot late is deferred
sooner, and ``still_answerable`` keeps a click Discord already gave up on from changing
anything. The interaction is a stand-in holding only what the helpers read (its
snowflake ``id``, ``response.is_done`` and ``response.defer``)."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from types import SimpleNamespace

import discord
import pytest

from bot.interactions import defer_after, still_answerable, update_message, within_ack_deadline


class _Response:
    def __init__(self, *, done: bool = False, fails: bool = False, status: int = 404) -> None:
        self.done = done
        self.fails = fails
        self.status = status
        self.deferrals = 0
        self.deferred = asyncio.Event()

    def is_done(self) -> bool:
        return self.done

    async def defer(self) -> None:
        self.deferrals += 1
        self.deferred.set()
        if self.fails:
            response = SimpleNamespace(status=self.status, reason="refused")
            if self.status == 404:
                raise discord.NotFound(response, {"code": 10062, "message": "Unknown interaction"})
            raise discord.HTTPException(response, "refused")
        self.done = True


def _interaction(response: _Response, *, age: float = 0.0) -> SimpleNamespace:
    """A stand-in created ``age`` seconds ago (its snowflake id says when)."""
    created = discord.utils.utcnow() - timedelta(seconds=age)
    return SimpleNamespace(
        id=discord.utils.time_snowflake(created),
        type=discord.InteractionType.component,
        response=response,
    )


async def _held(release: asyncio.Event, value: int) -> int:
    await release.wait()
    return value


@pytest.mark.parametrize("refused", [False, True])
async def test_slow_work_is_deferred_once_then_returns_its_result(refused: bool) -> None:
    """Deferred once when still running; the work goes on and its result is returned,
    even when Discord refuses the deferral."""
    response = _Response(fails=refused)
    release = asyncio.Event()
    interaction = _interaction(response)
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
    interaction = _interaction(response)
    assert await within_ack_deadline(interaction, _held(release, 3), after=60) == 3
    assert response.deferrals == 0


async def test_an_answered_interaction_is_not_deferred_again() -> None:
    response = _Response(done=True)
    release = asyncio.Event()
    interaction = _interaction(response)
    task = asyncio.create_task(within_ack_deadline(interaction, _held(release, 1), after=0.01))
    await asyncio.sleep(0.05)
    release.set()
    assert await task == 1
    assert response.deferrals == 0


async def test_work_that_fails_raises_its_error() -> None:
    async def broken() -> None:
        raise ValueError("no")

    interaction = _interaction(_Response())
    try:
        await within_ack_deadline(interaction, broken(), after=60)
    except ValueError as error:
        assert str(error) == "no"
    else:
        raise AssertionError("the error was swallowed")


def test_a_late_interaction_is_deferred_sooner() -> None:
    """The deferral still reaches Discord within 3 s of the interaction's creation."""
    assert defer_after(_interaction(_Response()), 2.0) == 2.0
    assert 0.0 < defer_after(_interaction(_Response(), age=1.5), 2.0) < 1.0
    assert defer_after(_interaction(_Response(), age=5.0), 2.0) == 0.0


async def test_a_fresh_click_is_answerable_without_a_deferral() -> None:
    response = _Response()
    assert await still_answerable(_interaction(response))
    assert response.deferrals == 0


async def test_a_late_click_is_deferred_and_goes_on() -> None:
    response = _Response()
    assert await still_answerable(_interaction(response, age=2.8))
    assert response.deferrals == 1


async def test_a_click_discord_gave_up_on_changes_nothing() -> None:
    """Deferring a click replayed after Discord's deadline gets 404 Unknown interaction:
    the member saw "This interaction failed", so the click must not be applied."""
    response = _Response(fails=True)
    assert not await still_answerable(_interaction(response, age=4.0))
    assert response.deferrals == 1


async def test_a_late_click_whose_deferral_fails_otherwise_goes_on() -> None:
    """A 5xx leaves it unknown whether Discord still waits: the click goes on."""
    response = _Response(fails=True, status=503)
    assert await still_answerable(_interaction(response, age=4.0))


class _Answers:
    """A stand-in response recording discord.py's own ``edit_message`` calls."""

    def __init__(self, *, done: bool = False) -> None:
        self.done = done
        self.edits: list[dict] = []

    def is_done(self) -> bool:
        return self.done

    async def edit_message(self, **fields) -> None:
        self.edits.append(fields)


async def test_update_message_refuses_an_answered_interaction() -> None:
    """A second answer is refused before anything is sent, as ``edit_message`` does."""
    interaction = SimpleNamespace(
        id=1, token="t", type=discord.InteractionType.component, response=_Answers(done=True)
    )
    with pytest.raises(discord.InteractionResponded):
        await update_message(interaction, content="late")


async def test_update_message_leaves_other_interactions_to_discord_py() -> None:
    """A slash command has no message to update, and a view with callbacks of its own
    must be stored by discord.py: both go through ``response.edit_message``."""

    class Kept:
        def is_dispatchable(self) -> bool:
            return True

    command = SimpleNamespace(type=discord.InteractionType.application_command, response=_Answers())
    await update_message(command, content="x")
    assert command.response.edits == [{"content": "x"}]
    view = Kept()
    click = SimpleNamespace(type=discord.InteractionType.component, response=_Answers())
    await update_message(click, view=view)
    assert click.response.edits == [{"view": view}]
