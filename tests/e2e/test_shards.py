"""One bot process running shards 0 and 1 of 2 (SHARD_COUNT=2, SHARD_IDS=0,1), and its
Prometheus metrics scraped after matches on both shards."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio
from prometheus_client.parser import text_string_to_metric_families

from bot import metrics
from bot.client import BingoBot, ShardedBingoBot, make_bot
from bot.storage import Database
from emulator.server import Emulator
from tests.emulator.fixtures import running_client

from .helpers import BotWorld, play_out, settings_for, shard_world, start_match

SHARDED = {"SHARD_COUNT": "2", "SHARD_IDS": "0,1"}


@pytest_asyncio.fixture
async def two_shards(tmp_path: Path) -> AsyncIterator[tuple[BotWorld, BotWorld]]:
    """The bot on shards 0 and 1 of 2, and a guild on each (alice/bob, dave/erin)."""
    emu = Emulator(shard_count=2)
    await emu.start()
    try:
        worlds = (
            shard_world(emu, 0, ("alice", "bob", "carol")),
            shard_world(emu, 1, ("dave", "erin", "carol")),
        )
        settings = settings_for(emu, tmp_path / "bingomagic.db", **SHARDED)
        db = await Database.open(settings.database_path)
        try:
            bot = make_bot(settings, db, guild_ready_timeout=0.05)
            async with running_client(emu, bot, ready_timeout=20):
                await emu.wait_for_commands()
                yield tuple(BotWorld(emu, w, bot, db) for w in worlds)  # type: ignore[misc]
        finally:
            await db.close()
    finally:
        await emu.stop()
    emu.assert_no_problems()


def test_make_bot_is_unsharded_unless_shard_count_is_set(tmp_path: Path) -> None:
    """Unset SHARD_COUNT keeps the plain Bot (one connection); set, an AutoShardedBot."""
    emu = Emulator()
    plain = settings_for(emu, tmp_path / "x.db")
    sharded = settings_for(emu, tmp_path / "x.db", SHARD_COUNT="4", SHARD_IDS="1,3")
    bot = make_bot(plain, None)  # type: ignore[arg-type]
    assert type(bot) is BingoBot and bot.shard_count is None
    assert all(bot.owns_guild(gid << 22) for gid in range(8))
    other = make_bot(sharded, None)  # type: ignore[arg-type]
    assert isinstance(other, ShardedBingoBot) and isinstance(other, BingoBot)
    assert (other.shard_count, other.shard_ids) == (4, [1, 3])
    assert [gid for gid in range(8) if other.owns_guild(gid << 22)] == [1, 3, 5, 7]


async def scrape(port: int) -> dict[str, float]:
    """GET /metrics: every sample, ``name{label="value",...}`` -> value."""
    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{port}/metrics") as response:
            assert response.status == 200
            text = await response.text()
    samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f'{k}="{v}"' for k, v in sorted(sample.labels.items()))
            samples[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return samples


@pytest.mark.slow
async def test_one_process_plays_a_match_on_each_shard(
    two_shards: tuple[BotWorld, BotWorld], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Matches in a guild of shard 0 and one of shard 1 play to the end in one process
    (a plain Bot sees only one connection's guilds); the metrics endpoint then exports the
    live matches, decisions, acknowledgement times, 429s and refused DMs."""
    zero, one = two_shards
    bot = zero.bot
    emu = zero.emu
    assert isinstance(bot, ShardedBingoBot) and sorted(bot.shards) == [0, 1]
    assert {g.id: g.shard_id for g in bot.guilds} == {
        zero.world.guild.id: 0,
        one.world.guild.id: 1,
    }
    port = metrics.serve(0, addr="127.0.0.1")
    before = await scrape(port)

    first = await start_match(zero)
    monkeypatch.setattr(metrics, "LIVE_REFRESH_SECONDS", 0.05)
    bot._live_task.cancel()  # type: ignore[union-attr]
    bot._live_task = asyncio.create_task(bot._count_live_matches())
    await emu.wait_for(lambda: metrics.LIVE_MATCHES._value.get() == 1, message="1 live match")
    assert (await scrape(port))["bingomagic_live_matches"] == 1

    emu.set_dms_closed(one.world.user("erin"))
    emu.burst_429(1, retry_after=0.05)
    second = await start_match(one, "dave", "erin")
    assert second != first
    # both shards' matches are played at the same time
    results = await asyncio.gather(play_out(zero, first), play_out(one, second, ("dave", "erin")))
    assert None not in results
    await emu.wait_for(lambda: metrics.LIVE_MATCHES._value.get() == 0, message="0 live matches")

    after = await scrape(port)

    def grew(name: str) -> float:
        return after.get(name, 0.0) - before.get(name, 0.0)

    assert after["bingomagic_live_matches"] == 0
    assert grew('bingomagic_decisions_total{cause="decision"}') >= 20
    clicks = [r for r in emu.interactions.values() if r.acknowledged]
    assert grew("bingomagic_interaction_ack_seconds_count") == len(clicks)
    assert grew('bingomagic_interaction_ack_seconds_bucket{le="3.0"}') == len(clicks)
    assert grew("bingomagic_http_429_total") == 1
    assert grew("bingomagic_dms_refused_total") >= 1
