"""The emulator's gateway sharding: guilds' events go to their shard, DMs to shard 0."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio

from emulator import Emulator
from emulator_driver import UserDriver
from tests.emulator.fixtures import running_client, started_emulator


class ShardClient(discord.AutoShardedClient):
    """Records what each process (client) receives; no 5 s pause between IDENTIFYs."""

    def __init__(self, **options: Any) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        super().__init__(intents=intents, guild_ready_timeout=0.05, **options)
        self.seen: list[tuple[str, int | None, int | None]] = []  # (what, guild, shard)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None

    async def on_message(self, message: discord.Message) -> None:
        if message.author.id == self.user.id:  # type: ignore[union-attr]
            return
        guild = message.guild
        self.seen.append(("message", guild and guild.id, guild and guild.shard_id))
        if message.content == "button":
            view = discord.ui.View(timeout=None)
            view.add_item(discord.ui.Button(label="Go", custom_id="go"))
            await message.channel.send("press", view=view)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.seen.append(("interaction", interaction.guild_id, None))
        await interaction.response.defer()


@pytest_asyncio.fixture
async def emu() -> AsyncIterator[Emulator]:
    async with started_emulator(shard_count=2) as emu:
        yield emu


def test_guilds_land_on_the_shard_asked_for() -> None:
    """create_guild(shard=k) gives a snowflake Discord routes to shard k, still increasing."""
    emu = Emulator(shard_count=3)
    shards = [0, 2, 2, 1, 0, 1, 2]
    guilds = [emu.create_guild(f"g{i}", shard=k) for i, k in enumerate(shards)]
    assert [(g.id >> 22) % 3 for g in guilds] == shards
    assert [emu.shard_of(g) for g in guilds] == shards
    ids = [g.id for g in guilds]
    assert ids == sorted(set(ids))
    assert emu.new_id() > ids[-1]
    with pytest.raises(ValueError):
        emu.create_guild("bad", shard=3)
    with pytest.raises(ValueError):
        emu.create_guild("bad", shard=0, id=12345)


async def test_gateway_bot_recommends_the_shard_count(emu: Emulator) -> None:
    """GET /gateway/bot returns the emulator's shard count and a session start limit."""
    headers = {"Authorization": f"Bot {emu.bot_token}"}
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{emu.api_base}/gateway/bot", headers=headers) as response:
            body = await response.json()
    assert body["shards"] == 2 and body["url"] == emu.gateway_url
    assert set(body["session_start_limit"]) == {
        "total",
        "remaining",
        "reset_after",
        "max_concurrency",
    }


async def test_each_process_gets_its_shards_guilds_and_shard_0_the_dms(emu: Emulator) -> None:
    """Two processes (clients), shards 0 and 1 of 2: each sees only its guilds, their
    messages and interactions; DMs and DM interactions go to shard 0 only."""
    guilds = [emu.create_guild(f"g{k}{i}", shard=k) for i in range(2) for k in (0, 1)]
    channels = {g.id: emu.create_text_channel(g, "general") for g in guilds}
    alice = emu.create_user("alice")
    for guild in guilds:
        emu.add_member(guild, alice)
    driver = UserDriver(emu, alice)
    zero = ShardClient(shard_count=2, shard_ids=[0])
    one = ShardClient(shard_count=2, shard_ids=[1])
    async with running_client(emu, zero), running_client(emu, one):
        assert {g.id for g in zero.guilds} == {g.id for g in guilds if emu.shard_of(g) == 0}
        assert {g.id for g in one.guilds} == {g.id for g in guilds if emu.shard_of(g) == 1}
        assert {g.shard_id for g in one.guilds} == {1}
        for guild in guilds:
            await driver.send(channels[guild.id], "hello")
        await driver.send(emu.dm_channel(alice), "button")
        await driver.send(channels[guilds[1].id], "button")  # a guild on shard 1
        dm_prompt = await driver.wait_for_message(
            emu.dm_channel(alice), lambda m: bool(m.components)
        )
        guild_prompt = await driver.wait_for_message(
            channels[guilds[1].id], lambda m: bool(m.components)
        )
        assert (await driver.click(dm_prompt, "Go")).acknowledged
        assert (await driver.click(guild_prompt, "Go")).acknowledged
        await emu.settle()
    zero_guilds = [g.id for g in guilds if emu.shard_of(g) == 0]
    one_guilds = [g.id for g in guilds if emu.shard_of(g) == 1]
    assert sorted(zero.seen, key=str) == sorted(
        [("message", gid, 0) for gid in zero_guilds]
        + [("message", None, None), ("interaction", None, None)],
        key=str,
    )
    assert sorted(one.seen, key=str) == sorted(
        [("message", gid, 1) for gid in one_guilds] + [("message", guilds[1].id, 1)]
        + [("interaction", guilds[1].id, None)],
        key=str,
    )  # fmt: skip


async def test_one_process_runs_every_shard_from_gateway_bot(emu: Emulator) -> None:
    """An AutoShardedClient without a shard count asks GET /gateway/bot (2) and runs
    both shards, seeing every guild."""
    guilds = [emu.create_guild(f"g{k}", shard=k) for k in (0, 1, 1)]
    client = ShardClient()
    async with running_client(emu, client):
        assert client.shard_count == 2 and sorted(client.shards) == [0, 1]
        assert {g.id for g in client.guilds} == {g.id for g in guilds}
        assert {g.id: g.shard_id for g in client.guilds} == {g.id: emu.shard_of(g) for g in guilds}


async def test_a_new_shard_leaves_other_shards_resumable(emu: Emulator) -> None:
    """A fresh IDENTIFY supersedes only the disconnected sessions of its own shard."""
    zero = ShardClient(shard_count=2, shard_ids=[0])
    async with running_client(emu, zero):
        pass
    (session,) = emu.gateway.sessions.values()
    assert session.shard == (0, 2) and not session.invalidated
    one = ShardClient(shard_count=2, shard_ids=[1])
    async with running_client(emu, one):
        assert not session.invalidated
    zero_again = ShardClient(shard_count=2, shard_ids=[0])
    async with running_client(emu, zero_again):
        assert session.invalidated


@pytest.mark.parametrize("shard", [[2, 2], [0, 0], [-1, 2], [0], "0,1"])
async def test_an_invalid_shard_is_refused(emu: Emulator, shard: Any) -> None:
    """IDENTIFY with a shard that is not [id, count], 0 <= id < count: closed with 4010."""
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(emu.gateway_url) as ws:
            await ws.receive_json()  # HELLO
            identify = {"token": emu.bot_token, "intents": 1, "shard": shard, "properties": {}}
            await ws.send_json({"op": 2, "d": identify})
            message = await ws.receive(timeout=5)
            with contextlib.suppress(asyncio.TimeoutError):
                await ws.receive(timeout=1)
    assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    assert ws.close_code == 4010
    assert emu.take_problems() == [f"gateway: IDENTIFY with an invalid shard {shard!r}"]
