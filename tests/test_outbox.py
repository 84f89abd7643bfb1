"""The outbox, through the local Discord emulator with a real discord.py client:
pacing, the DM-channel cache, the closed-DM policy, retries and "gone" answers."""

from __future__ import annotations

import types

import discord
import pytest
import pytest_asyncio

from bot.outbox import Delivery, Outbox, classify
from bot.playground.server import Emulator
from bot.storage import Database
from tests.emulator.fixtures import build_world, emulator, running_client  # noqa: F401


@pytest_asyncio.fixture
async def setup(emulator: Emulator, tmp_path):  # noqa: F811
    world = build_world(emulator)
    db = await Database.open(tmp_path / "outbox.db")
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    try:
        async with running_client(emulator, client):
            outbox = Outbox(client, db, per_second=200.0, attempts=3, backoff=0.01)
            yield emulator, world, db, outbox
            await outbox.close()
    finally:
        await db.close()


def posts(emu: Emulator, path_end: str) -> int:
    return sum(1 for r in emu.requests if r.method == "POST" and r.path.endswith(path_end))


async def test_dm_channel_is_opened_once(setup) -> None:
    """Two DMs to one user open the DM channel with one request, and both arrive."""
    emu, world, _, outbox = setup
    alice = world.user("alice")
    assert (await outbox.dm(alice.id, content="one")).ok
    assert (await outbox.dm(alice.id, content="two")).ok
    assert posts(emu, "/users/@me/channels") == 1
    contents = [m.content for m in emu.channel_messages(emu.dm_channel(alice))]
    assert contents == ["one", "two"]


async def test_closed_dms_are_remembered_and_skipped(setup) -> None:
    """A 403/50007 marks the user closed in the database; the next DM is skipped with
    no request; a forced DM is tried again and, when it arrives, clears the mark."""
    emu, world, db, outbox = setup
    bob = world.user("bob")
    emu.set_dms_closed(bob, True)
    sent = await outbox.dm(bob.id, content="hand")
    assert sent.status is Delivery.DM_CLOSED and await db.is_dm_closed(bob.id)
    before = len(emu.requests)
    assert (await outbox.dm(bob.id, content="again")).status is Delivery.DM_CLOSED
    assert len(emu.requests) == before
    emu.set_dms_closed(bob, False)
    assert (await outbox.dm(bob.id, force=True, content="asked")).ok
    assert not await db.is_dm_closed(bob.id)


async def test_edit_of_a_deleted_message_is_message_gone(setup) -> None:
    """Editing a deleted message reports MESSAGE_GONE (the caller posts a new one)."""
    emu, world, _, outbox = setup
    sent = await outbox.send(world.channel.id, content="board")
    assert sent.ok and sent.value is not None
    emu.delete_message(sent.value.id)
    edited = await outbox.edit(world.channel.id, sent.value.id, content="board v2")
    assert edited.status is Delivery.MESSAGE_GONE


async def test_a_deleted_channel_is_channel_gone(setup) -> None:
    """Posting in a deleted channel reports CHANNEL_GONE, without retrying."""
    emu, world, _, outbox = setup
    emu.delete_channel(world.channel)
    sent = await outbox.send(world.channel.id, content="board")
    assert sent.status is Delivery.CHANNEL_GONE and sent.attempts == 1


async def test_a_channel_without_send_permission_is_channel_gone(setup) -> None:
    """403/50013 Missing Permissions on a post reports CHANNEL_GONE."""
    emu, world, _, outbox = setup
    emu.revoke_send_messages(world.channel)
    sent = await outbox.send(world.channel.id, content="board")
    assert sent.status is Delivery.CHANNEL_GONE


async def test_a_429_discord_gave_up_on_is_tried_again(setup) -> None:
    """When discord.py gives up on a request after repeated 429s, the outbox tries it
    again after a backoff and it arrives."""
    emu, world, _, outbox = setup
    emu.burst_429(count=5, retry_after=0.01)
    sent = await outbox.send(world.channel.id, content="result")
    assert sent.ok and sent.attempts == 2
    assert [m.content for m in emu.channel_messages(world.channel)] == ["result"]


async def test_persistent_429s_are_given_up(setup) -> None:
    """After ``attempts`` tries the outbox gives up with FAILED (no exception)."""
    emu, world, _, outbox = setup
    emu.burst_429(count=50, retry_after=0.01)
    sent = await outbox.send(world.channel.id, content="result")
    emu.clear_rate_limits()
    assert sent.status is Delivery.FAILED and sent.attempts == 3
    assert isinstance(sent.error, discord.HTTPException) and sent.error.status == 429


async def test_later_delivers_in_the_background(setup) -> None:
    """later() runs the request as a task and reports its outcome to ``done``."""
    emu, world, _, outbox = setup
    seen = []
    channel = outbox.channel(world.channel.id)
    task = outbox.later(lambda: channel.send(content="hi"), what="hi", done=seen.append)
    sent = await task
    assert sent.ok and seen == [sent]


def _http_error(status: int, code: int) -> discord.HTTPException:
    response = types.SimpleNamespace(status=status, reason="x")  # aiohttp's two fields
    return discord.HTTPException(response, {"code": code, "message": "x"})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("status", "code", "expected"),
    [
        (500, 0, None),
        (503, 0, None),
        (429, 0, None),
        (403, 50007, Delivery.DM_CLOSED),
        (403, 50013, Delivery.CHANNEL_GONE),
        (403, 50001, Delivery.CHANNEL_GONE),
        (404, 10003, Delivery.CHANNEL_GONE),
        (404, 10008, Delivery.MESSAGE_GONE),
        (400, 50035, Delivery.FAILED),
    ],
)
def test_classify(status: int, code: int, expected: Delivery | None) -> None:
    """Each Discord answer maps to one outcome; ``None`` means try again later."""
    assert classify(_http_error(status, code)) is expected


async def test_server_errors_are_retried_with_a_bounded_backoff() -> None:
    """5xx answers are retried; the waits double and never exceed max_backoff."""
    waits: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        waits.append(seconds)

    outbox = Outbox(
        object(),  # type: ignore[arg-type]  # no request reaches the client here
        object(),  # type: ignore[arg-type]
        attempts=5,
        backoff=1.0,
        max_backoff=3.0,
        sleep=fake_sleep,
    )
    calls = 0

    async def flaky() -> str:
        nonlocal calls
        calls += 1
        if calls < 5:
            raise _http_error(503, 0)
        return "ok"

    sent = await outbox.call(flaky)
    assert sent.ok and sent.value == "ok" and sent.attempts == 5
    assert waits == [1.0, 2.0, 3.0, 3.0]
