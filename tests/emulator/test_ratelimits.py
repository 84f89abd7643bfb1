"""Discord's rate limits as the emulator enforces them by default (emulator/ratelimits.py).

Most tests speak raw HTTP with the bot token (aiohttp), so that each request and answer is
seen exactly; the last ones run a small discord.py bot to check it reads what is sent.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands

from emulator import Emulator
from emulator.faults import ceil_ms
from emulator.ratelimits import DiscordLimits, RouteLimit, bucket_hash, route_shape
from tests.emulator.fixtures import World, build_world, running_client

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"


@pytest_asyncio.fixture
async def http(emulator: Emulator) -> AsyncIterator[aiohttp.ClientSession]:
    """A session that sends the bot's token, like a bot would."""
    headers = {"Authorization": f"Bot {emulator.bot_token}"}
    async with aiohttp.ClientSession(emulator.api_base + "/", headers=headers) as session:
        yield session


async def call(
    http: aiohttp.ClientSession, method: str, path: str, json: Any = None
) -> tuple[int, Any, dict[str, str]]:
    """``(status, JSON body or None, headers)`` of one request (path below /api/v10)."""
    async with http.request(method, path.lstrip("/"), json=json) as response:
        body = await response.json() if response.content_type == "application/json" else None
        return response.status, body, dict(response.headers)


def test_limits_are_on_by_default_and_can_be_turned_off() -> None:
    """A plain Emulator enforces Discord's limits; ``limits=None`` enforces none."""
    on = Emulator()
    assert isinstance(on.limits, DiscordLimits) and on.limits.global_limit == 50
    assert on.limits.route("POST", MESSAGES) == RouteLimit(5, 5.0)
    assert on.limits.route("POST", "/channels/{id}/threads") == RouteLimit(5, 5.0)
    assert on.limits.interaction_token_lifetime == 900.0
    off = Emulator(limits=None)
    assert off.limits is None and off.limiter is None


async def test_global_limit_answers_429_with_the_global_flag(
    emulator: Emulator, http: aiohttp.ClientSession
) -> None:
    """Past ``global_limit`` requests in the window: 429, ``global: true``, global headers,
    and the 429 counts as an invalid request of scope "global"."""
    emulator.set_limits(DiscordLimits(global_limit=3, global_per=60.0))
    for _ in range(3):
        status, _, _ = await call(http, "GET", "/users/@me")
        assert status == 200
    status, body, headers = await call(http, "GET", "/users/@me")
    assert status == 429
    assert body["global"] is True and 0 < body["retry_after"] <= 60.0
    assert headers["X-RateLimit-Global"] == "true"
    assert headers["X-RateLimit-Scope"] == "global"
    assert int(headers["Retry-After"]) >= 1 and "Via" in headers
    assert "X-RateLimit-Bucket" not in headers
    assert emulator.rate_limited_by_scope == {"global": 1}
    assert emulator.invalid_requests == 1
    records = emulator.request_records
    assert [(r.status, r.global_counted, r.scope) for r in records] == [
        (200, True, None),
        (200, True, None),
        (200, True, None),
        (429, False, "global"),
    ]
    assert all(a.at <= b.at for a, b in zip(records, records[1:], strict=False))


async def test_interaction_routes_are_not_bound_to_the_global_limit(
    emulator: Emulator, http: aiohttp.ClientSession
) -> None:
    """With the global limit spent, the interaction callback and the interaction webhook are
    still answered by their handlers (here: unknown token), never with 429."""
    emulator.set_limits(DiscordLimits(global_limit=1, global_per=60.0))
    assert (await call(http, "GET", "/users/@me"))[0] == 200
    assert (await call(http, "GET", "/users/@me"))[0] == 429
    app = emulator.application_id
    status, body, _ = await call(http, "POST", f"/webhooks/{app}/nope", json={"content": "x"})
    assert (status, body["code"]) == (404, 10015)
    status, _, _ = await call(http, "POST", "/interactions/1/nope/callback", json={"type": 4})
    assert status != 429
    exempt = [r for r in emulator.request_records if "/nope" in r.path]
    assert len(exempt) == 2 and not any(r.global_counted for r in exempt)
    assert emulator.rate_limited_by_scope == {"global": 1}
    emulator.take_problems()  # the unknown tokens


async def test_message_bucket_is_per_channel(
    emulator: Emulator, world: World, http: aiohttp.ClientSession
) -> None:
    """The message-create bucket of one channel is spent; another channel's is untouched;
    the 429 says scope "user" and counts as an invalid request."""
    limits = DiscordLimits(routes={("POST", MESSAGES): RouteLimit(2, 60.0)})
    emulator.set_limits(limits)
    other = emulator.create_text_channel(world.guild, "other")
    first = f"/channels/{world.channel.id}/messages"
    for _ in range(2):
        assert (await call(http, "POST", first, json={"content": "a"}))[0] == 200
    status, body, headers = await call(http, "POST", first, json={"content": "a"})
    assert status == 429 and body["global"] is False
    assert headers["X-RateLimit-Scope"] == "user" and "X-RateLimit-Global" not in headers
    assert headers["X-RateLimit-Remaining"] == "0"
    assert float(headers["X-RateLimit-Reset-After"]) == pytest.approx(body["retry_after"])
    status, _, _ = await call(http, "POST", f"/channels/{other.id}/messages", json={"content": "b"})
    assert status == 200
    assert emulator.rate_limited_by_scope == {"user": 1}
    assert emulator.invalid_requests == 1
    assert [m.content for m in emulator.channel_messages(world.channel)] == ["a", "a"]


async def test_bucket_headers_count_down_and_name_a_stable_bucket(
    emulator: Emulator, world: World, http: aiohttp.ClientSession
) -> None:
    """Every answer of a bucketed route carries Limit, Remaining (counting down), Reset
    (epoch seconds), Reset-After (seconds) and Bucket (the same hash in every channel)."""
    emulator.set_limits(DiscordLimits(routes={("POST", MESSAGES): RouteLimit(3, 30.0)}))
    other = emulator.create_text_channel(world.guild, "other")
    seen = []
    for channel in (world.channel, world.channel, other):
        before = time.time()
        status, _, headers = await call(
            http, "POST", f"/channels/{channel.id}/messages", json={"content": "x"}
        )
        assert status == 200
        reset_after = float(headers["X-RateLimit-Reset-After"])
        assert 0 < reset_after <= 30.0
        assert before + reset_after - 1 <= float(headers["X-RateLimit-Reset"])
        assert float(headers["X-RateLimit-Reset"]) <= time.time() + reset_after + 1
        seen.append((headers["X-RateLimit-Limit"], headers["X-RateLimit-Remaining"]))
        bucket = headers["X-RateLimit-Bucket"]
        assert bucket == bucket_hash(" ".join(route_shape("POST", MESSAGES)))
    assert seen == [("3", "2"), ("3", "1"), ("3", "2")]
    _, _, headers = await call(http, "GET", "/users/@me")
    assert headers["X-RateLimit-Limit"] == "50"  # the generous default bucket
    assert headers["X-RateLimit-Bucket"] != bucket


async def test_forbidden_and_shared_429s_in_the_invalid_request_count(
    emulator: Emulator, world: World, http: aiohttp.ClientSession
) -> None:
    """401 and 403 count as invalid requests; a 429 of scope "shared" does not."""
    emulator.set_limits(
        DiscordLimits(routes={("POST", MESSAGES): RouteLimit(1, 60.0, scope="shared")})
    )
    path = f"/channels/{world.channel.id}/messages"
    assert (await call(http, "POST", path, json={"content": "x"}))[0] == 200
    status, _, headers = await call(http, "POST", path, json={"content": "x"})
    assert status == 429 and headers["X-RateLimit-Scope"] == "shared"
    assert emulator.invalid_requests == 0
    assert emulator.rate_limited_by_scope == {"shared": 1}
    async with aiohttp.ClientSession(emulator.api_base + "/") as anonymous:
        assert (await call(anonymous, "GET", "users/@me"))[0] == 401
    assert emulator.invalid_requests == 1
    emulator.take_problems()  # the missing token


async def test_edits_of_old_messages_have_their_own_limit(
    emulator: Emulator, world: World, http: aiohttp.ClientSession
) -> None:
    """With the age threshold at 0.2 s, the second edit of an old message in the window gets
    429 with JSON code 30046; a recent message of the same channel can still be edited."""
    emulator.set_limits(DiscordLimits(old_message_age=0.2, old_message_edits=RouteLimit(1, 60.0)))
    path = f"/channels/{world.channel.id}/messages"
    _, old, _ = await call(http, "POST", path, json={"content": "old"})
    await asyncio.sleep(0.3)
    _, new, _ = await call(http, "POST", path, json={"content": "new"})
    edit = {"content": "edited"}
    assert (await call(http, "PATCH", f"{path}/{old['id']}", json=edit))[0] == 200
    status, body, headers = await call(http, "PATCH", f"{path}/{old['id']}", json=edit)
    assert status == 429
    assert body["code"] == 30046 and "older than 1 hour" in body["message"]
    assert body["retry_after"] > 0 and "Via" in headers
    assert (await call(http, "PATCH", f"{path}/{new['id']}", json=edit))[0] == 200
    assert emulator.rate_limited_by_scope == {"user": 1}


# ======================================================================== with discord.py


class MiniBot(discord.Client):
    """Two slash commands: /ping answers; /spam posts ``count`` messages one after another."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.seen: dict[str, Any] = {}

        @self.tree.command(name="ping", description="Ping")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong")
            self.seen["ping"] = interaction

        @self.tree.command(name="spam", description="Posts messages")
        async def spam(interaction: discord.Interaction, count: int) -> None:
            await interaction.response.send_message("spamming", ephemeral=True)
            assert isinstance(interaction.channel, discord.abc.Messageable)
            for i in range(count):
                await interaction.channel.send(f"spam {i}")
            self.seen["spammed"] = True

    async def setup_hook(self) -> None:
        await self.tree.sync()


@pytest_asyncio.fixture
async def mini(emulator: Emulator) -> AsyncIterator[tuple[World, MiniBot]]:
    world = build_world(emulator, guild_name="Limits")
    async with running_client(emulator, MiniBot()) as client:
        await emulator.wait_for_commands()
        yield world, client


async def test_discord_py_paces_itself_on_the_bucket_headers(
    emulator: Emulator, mini: tuple[World, MiniBot]
) -> None:
    """discord.py reads Remaining/Reset-After of the message bucket and waits for the window
    instead of running into 429s; every message arrives, in order."""
    world, client = mini
    emulator.set_limits(DiscordLimits(routes={("POST", MESSAGES): RouteLimit(2, 0.3)}))
    await world.driver("alice").slash(world.channel, "spam", count=5)
    await emulator.wait_for(lambda: client.seen.get("spammed"), 10)
    assert emulator.rate_limited == []
    contents = [m.content for m in emulator.channel_messages(world.channel)]
    assert contents[-5:] == [f"spam {i}" for i in range(5)]


async def test_expired_interaction_token_answers_401_50027(
    emulator: Emulator, mini: tuple[World, MiniBot]
) -> None:
    """Past ``interaction_token_lifetime`` the interaction's webhook answers 401 with code
    50027 (discord.py raises HTTPException); before it, the same edit works."""
    world, client = mini
    emulator.set_limits(DiscordLimits(interaction_token_lifetime=0.5))
    rec = await world.driver("alice").slash(world.channel, "ping")
    interaction: discord.Interaction = client.seen["ping"]
    await interaction.edit_original_response(content="pong again")
    assert rec.message is not None and rec.message.content == "pong again"
    await asyncio.sleep(0.6)
    with pytest.raises(discord.HTTPException) as raised:
        await interaction.edit_original_response(content="too late")
    assert (raised.value.status, raised.value.code) == (401, 50027)
    assert rec.message.content == "pong again"
    assert emulator.invalid_requests == 1


def test_reset_after_rounds_up_to_the_millisecond_but_not_float_error() -> None:
    """A window's remaining seconds round up to the next millisecond (a client sleeping
    that long never comes back early), but a full window computed with float error (a
    few ulps over 30 s) stays 30 s: Discord never names a reset beyond its window."""
    start = 65527.887857885995  # a time.monotonic() value
    assert start + 30.0 - start != 30.0  # the float error the emulator meets
    assert ceil_ms(start + 30.0 - start) == 30.0
    assert ceil_ms(29.9991) == 30.0 and ceil_ms(0.0) == 0.001
