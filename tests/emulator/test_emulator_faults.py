"""End-to-end tests of the Discord emulator's faults with a small discord.py bot
(tests/emulator/testbot.py): rate limits, held requests, deleted messages, gateway faults,
acknowledgement latency."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from emulator import Emulator
from emulator_driver import UserDriver
from tests.emulator.fixtures import World, running_client
from tests.emulator.testbot import EmuTestBot, posts_messages

# ==================================================================== rate limits


async def test_rate_limit_429_is_retried(emulator: Emulator, world: World, bot: EmuTestBot) -> None:
    """Over the limit -> 429 with retry_after; discord.py sleeps, retries and succeeds."""
    for name in ("second", "third"):
        emulator.create_text_channel(world.guild, name)
    await emulator.wait_for(lambda: len(bot.get_guild(world.guild.id).text_channels) == 3)  # type: ignore[union-attr]
    emulator.rate_limit(posts_messages, limit=2, per=0.5)
    await world.driver("alice").slash(world.channel, "fanout")
    await emulator.wait_for(lambda: bot.seen.get("fanout_done"))
    assert len(emulator.rate_limited) == 1
    assert posts_messages(emulator.rate_limited[0].method, emulator.rate_limited[0].path)
    fans = [m for m in emulator.messages.values() if m.content == "fan"]
    assert len(fans) == 3 and len({m.channel_id for m in fans}) == 3
    assert emulator.invalid_requests == 1


async def test_rate_limit_headers_let_discord_py_pace_itself(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """Remaining/Reset-After headers make discord.py wait for the window instead of hitting 429."""
    emulator.rate_limit(posts_messages, limit=2, per=0.4)
    await world.driver("alice").slash(world.channel, "spam", count=4)
    await emulator.wait_for(lambda: "spam_elapsed" in bot.seen)
    assert emulator.rate_limited == []
    assert bot.seen["spam_elapsed"] >= 0.35
    assert [m.content for m in world.driver("alice").messages(world.channel)][-4:] == [
        "spam 0",
        "spam 1",
        "spam 2",
        "spam 3",
    ]


async def test_burst_429_is_retried(
    emulator: Emulator, world: World, bot: EmuTestBot, caplog: pytest.LogCaptureFixture
) -> None:
    """The next N matching requests get 429 (with Via, so discord.py retries, not raises)."""
    caplog.set_level(logging.WARNING, logger="discord.http")
    burst = emulator.burst_429(2, retry_after=0.05, route_filter=posts_messages)
    await world.driver("alice").slash(world.channel, "post")
    await emulator.wait_for(lambda: "posted" in bot.seen)
    assert burst.remaining == 0
    assert [(r.method, r.path) for r in emulator.rate_limited] == [
        ("POST", f"/channels/{world.channel.id}/messages")
    ] * 2
    assert [m.content for m in emulator.channel_messages(world.channel)].count("status") == 1
    assert emulator.invalid_requests == 2
    assert "Retrying in 0.05 seconds" in caplog.text


async def test_global_rate_limit_is_reported_as_global(
    emulator: Emulator, world: World, bot: EmuTestBot, caplog: pytest.LogCaptureFixture
) -> None:
    """A global_ limit answers {"global": true}; discord.py pauses every request for it."""
    caplog.set_level(logging.WARNING, logger="discord.http")
    emulator.create_text_channel(world.guild, "second")
    await emulator.wait_for(lambda: len(bot.get_guild(world.guild.id).text_channels) == 2)  # type: ignore[union-attr]
    emulator.rate_limit(posts_messages, limit=1, per=0.5, global_=True)
    await world.driver("alice").slash(world.channel, "fanout")
    await emulator.wait_for(lambda: bot.seen.get("fanout_done"))
    assert len(emulator.rate_limited) == 1
    assert "Global rate limit has been hit" in caplog.text


async def test_default_rate_limit_spares_interaction_callbacks(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """With route_filter=None, interaction callbacks are not limited (Discord limits them
    separately), so a command is still acknowledged while everything else is throttled."""
    emulator.rate_limit(limit=0, per=60)
    rec = await world.driver("alice").slash(world.channel, "ping")
    assert rec.acknowledged and rec.message is not None and rec.message.content == "pong"
    assert emulator.rate_limited == []
    emulator.clear_rate_limits()
    assert emulator.rate_limits == [] and emulator.bursts == []


async def test_forbidden_counts_as_invalid_request(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """A 403 (DM to a user with closed DMs) counts toward the invalid-request limit."""
    emulator.set_dms_closed(world.user("bob"))
    before = emulator.invalid_requests
    await world.driver("alice").slash(world.channel, "dm", target=world.user("bob"))
    assert emulator.invalid_requests == before + 1


async def test_too_many_invalid_requests_is_a_problem(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """Exceeding invalid_request_limit (Discord: 10,000 per 10 minutes) is recorded."""
    emulator.invalid_request_limit = 1
    emulator.set_dms_closed(world.user("bob"))
    alice = world.driver("alice")
    for _ in range(2):
        await alice.slash(world.channel, "dm", target=world.user("bob"))
    [problem] = emulator.take_problems()
    assert "more than 1 invalid (401/403/429) requests" in problem


# ==================================================================== holding requests


def _posts_status(method: str, path: str, body: Any) -> bool:
    return (
        posts_messages(method, path) and isinstance(body, dict) and body.get("content") == "status"
    )


async def test_hold_until_release(emulator: Emulator, world: World, bot: EmuTestBot) -> None:
    """A held request gets no answer (nothing happens) until release()."""
    hold = emulator.hold(_posts_status)
    await world.driver("alice").slash(world.channel, "post")
    held = await hold.wait_held()
    assert held.method == "POST" and held.json["content"] == "status"
    await emulator.settle()  # held requests do not count as in flight
    assert "posted" not in bot.seen
    assert "status" not in [m.content for m in emulator.channel_messages(world.channel)]
    assert hold.release() == 1
    await emulator.wait_for(lambda: "posted" in bot.seen)
    assert hold.dropped == [] and hold.held == [held]


async def test_hold_released_after_bot_is_gone(emulator: Emulator, world: World) -> None:
    """Releasing a request whose client disconnected drops it without crashing anything."""
    hold = emulator.hold(_posts_status)
    async with running_client(emulator, EmuTestBot(world.guild.id)):
        await emulator.wait_for_commands()
        await world.driver("alice").slash(world.channel, "post")
        await hold.wait_held()
    await emulator.wait_for(lambda: hold.orphans)
    assert hold.release() == 1
    await emulator.wait_for(lambda: hold.dropped)
    assert "status" not in [m.content for m in emulator.channel_messages(world.channel)]
    assert emulator.problems == []


async def test_held_callback_is_late(emulator: Emulator, world: World, bot: EmuTestBot) -> None:
    """A callback held past the ack deadline is recorded late; released, it gets 404/10062."""
    emulator.ack_deadline = 0.3
    hold = emulator.hold(lambda method, path, body: path.endswith("/callback"))
    rec = await world.driver("alice").slash(world.channel, "ping")
    assert not rec.acknowledged and rec.late
    assert (await hold.wait_held()).path == f"/interactions/{rec.id}/{rec.token}/callback"
    hold.release()
    await emulator.wait_for(lambda: rec.callbacks == 1)
    assert not rec.acknowledged and rec.message is None
    [problem] = emulator.take_problems()
    assert "not acknowledged within 0.3 s" in problem


# ==================================================================== deleting messages


async def test_user_deletes_own_message(world: World, bot: EmuTestBot) -> None:
    """A user deleting their own message dispatches MESSAGE_DELETE to the bot."""
    alice = world.driver("alice")
    sent = await alice.send(world.channel, "oops")
    await alice.delete(sent)
    assert sent.deleted and sent not in alice.messages(world.channel)
    await world.emu.wait_for(lambda: sent.id in bot.seen.get("deleted", []))


async def test_moderator_deletes_bot_message(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """Only MANAGE_MESSAGES holders delete others' messages; the bot then gets 404/10008 on
    edit and fetch, which is expected (not a problem)."""
    alice, bob = world.driver("alice"), world.driver("bob")
    await alice.slash(world.channel, "post")
    await emulator.wait_for(lambda: "posted" in bot.seen)
    posted = emulator.messages[bot.seen["posted"].id]
    with pytest.raises(PermissionError):
        await alice.delete(posted)
    moderators = emulator.create_role(world.guild, "mods", permissions=1 << 13)
    emulator.add_role(world.guild, world.user("bob"), moderators)
    await bob.delete(posted)
    await emulator.wait_for(lambda: posted.id in bot.seen.get("deleted", []))
    await alice.slash(world.channel, "touch")
    await emulator.wait_for(lambda: "fetch_error" in bot.seen)
    assert bot.seen["edit_error"].code == 10008 and bot.seen["fetch_error"].code == 10008
    assert emulator.problems == []


async def test_owner_deletes_interaction_response(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """The guild owner deletes a command's answer; editing it via the webhook gets 404/10008."""
    alice = world.driver("alice")
    rec = await alice.slash(world.channel, "status")
    assert rec.message is not None
    await emulator.wait_for(lambda: "status_interaction" in bot.seen)
    owner = UserDriver(emulator, emulator.get_user(world.guild.owner_id))
    await owner.delete(rec.message)
    await alice.slash(world.channel, "restatus")
    await emulator.wait_for(lambda: "restatus_error" in bot.seen)
    assert bot.seen["restatus_error"].code == 10008
    assert rec.message.content == "status board" and emulator.problems == []


async def test_bot_dm_deleted_by_admin_action(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """Users cannot delete the bot's DMs; emu.delete_message does, and the bot is told."""
    bob = world.driver("bob")
    await world.driver("alice").slash(world.channel, "dm", target=world.user("bob"))
    [dm] = bob.dm_messages()
    with pytest.raises(PermissionError):
        await bob.delete(dm)
    emulator.delete_message(dm.id)
    assert bob.dm_messages() == []
    await emulator.wait_for(lambda: dm.id in bot.seen.get("deleted", []))


# ==================================================================== gateway faults


async def test_resume_delivers_interactions_created_while_disconnected(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """After op 7 the bot resumes and gets the INTERACTION_CREATE sent while it was away."""
    session = emulator.gateway.connected_sessions()[0]
    gateway_hold = emulator.hold_gateway()
    assert await emulator.send_reconnect() == 1
    await gateway_hold.wait_held()  # the bot is trying to reconnect
    await emulator.wait_for(lambda: session.connection is None)
    task = asyncio.create_task(world.driver("alice").slash(world.channel, "ping"))
    rec = await emulator.wait_for(
        lambda: next((r for r in emulator.interactions.values() if "/ping" in r.description), None)
    )
    await asyncio.sleep(0.2)
    assert not rec.acknowledged
    gateway_hold.release()
    assert await task is rec
    assert rec.acknowledged and rec.message is not None and rec.message.content == "pong"
    assert (emulator.gateway_connects, emulator.gateway_resumes) == (1, 1)
    assert rec.ack_latency is not None and rec.ack_latency >= 0.2


async def test_resumable_invalid_session_resumes(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """After op 9 with d=true the bot resumes the same session instead of identifying."""
    assert await emulator.send_invalid_session(resumable=True) == 1
    await emulator.wait_for(lambda: emulator.gateway_resumes == 1)
    rec = await world.driver("alice").slash(world.channel, "ping")
    assert rec.acknowledged
    assert emulator.gateway_connects == 1


async def test_interaction_while_reidentifying_is_not_delivered(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """After a non-resumable op 9 nothing is buffered: until the bot has identified again
    (discord.py waits 5 s before a non-initial IDENTIFY) interactions cannot be delivered."""
    await emulator.send_invalid_session(resumable=False)
    with pytest.raises(RuntimeError, match="no bot is connected"):
        await world.driver("alice").slash(world.channel, "ping")
    assert emulator.gateway_connects == 1


# ==================================================================== ack latency


async def test_ack_latency_summary(emulator: Emulator, world: World, bot: EmuTestBot) -> None:
    """ack_latencies() lists every acknowledged interaction; slowest_ack() is the largest."""
    assert emulator.ack_latencies() == [] and emulator.slowest_ack() is None
    alice = world.driver("alice")
    fast = await alice.slash(world.channel, "ping")
    slow = await alice.slash(world.channel, "nap")
    assert emulator.ack_latencies() == [fast.ack_latency, slow.ack_latency]
    slowest = emulator.slowest_ack()
    assert slowest is not None and slowest >= 0.3 and slowest == slow.ack_latency
