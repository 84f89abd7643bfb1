"""Two bot processes (shards 0 and 1 of 2) on one PostgreSQL schema.

Each test starts ``python -m bot`` twice as subprocesses, with ``SHARD_COUNT=2`` and
``SHARD_IDS=0`` / ``1``, against a sharded in-process emulator and a fresh schema of the
PostgreSQL server at ``TEST_DATABASE_URL`` (the ``pg_schema_url`` fixture: skipped when
the server is unreachable, failed with ``CI=true``). DMs, and so every click on a private
hand, reach shard 0's process whatever the guild; the guild of shard 1 belongs to the
other process.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bot.engine import BingoState
from bot.storage import Database
from tests.emulator.fixtures import World

from .helpers import enabled_buttons, eventually, play_out, prompt, simple_policy, start_match
from .pg_cluster import SHARDS, Cluster, open_cluster

pytestmark = pytest.mark.multiprocess


async def _check_finished(url: str, match_id: int, world: World, players: tuple[str, str]) -> None:
    """The match is finished, its decisions replay to its state, and its two players have
    exactly one result each (one win and one loss, or two draws)."""
    db = await Database.open(url)
    try:
        record = await db.get_match(match_id)
        assert record is not None and record.status == "finished"
        replayed = BingoState.replay(record.seed, None, record.decisions)
        assert replayed.to_json() == record.state, "the stored decisions replay exactly"
        stats = [await db.player_stats(world.guild.id, world.user(n).id) for n in players]
        assert all(s is not None and s.played == 1 for s in stats), stats
        results = sorted((s.wins, s.losses, s.draws) for s in stats)  # type: ignore[union-attr]
        if record.result == "draw":
            assert results == [(0, 0, 1)] * 2
        else:
            assert results == [(0, 1, 0), (1, 0, 0)]

        # the bot marks a result announced once Discord answered its post, which the
        # players may see first
        async def all_announced() -> bool:
            return await db.unannounced_matches() == []

        await eventually(all_announced, "every result marked announced")
    finally:
        await db.close()


async def test_two_shard_processes_play_matches_on_both_shards(cluster: Cluster) -> None:
    """A match in a guild of each shard plays to the end; the DM clicks of the shard-1
    match reach shard 0's process and are applied there; the stats are exact."""
    zero, one = cluster.views
    first = await start_match(zero, "alice", "bob")
    second = await start_match(one, "dave", "erin")
    dm_before = len(cluster.emu.ack_latencies())
    results = await asyncio.gather(
        play_out(zero, first, ("alice", "bob")), play_out(one, second, ("dave", "erin"))
    )
    assert all(r is not None for r in results)
    assert len(cluster.emu.ack_latencies()) > dm_before
    await _check_finished(cluster.url, first, zero.world, ("alice", "bob"))
    await _check_finished(cluster.url, second, one.world, ("dave", "erin"))
    assert all(b.process.returncode is None for b in cluster.bots)  # type: ignore[union-attr]


async def test_same_decision_at_both_processes_is_applied_once(cluster: Cluster) -> None:
    """The player to decide clicks the same button on their DM panel (reaches shard 0)
    and on the private panel ``/bingo hand`` gave them in shard 1's guild (reaches
    shard 1) at once: the
    decision is applied exactly once, the other click is answered as no longer current."""
    one = cluster.views[1]
    match_id = await start_match(one, "dave", "erin")
    found = await cluster.emu.wait_for(
        lambda: next(((d, p) for d in map(one.driver, ("dave", "erin")) if (p := prompt(d))), None),
        message="a DM panel",
    )
    player, dm_panel = found
    label = simple_policy(enabled_buttons(dm_panel))
    seen = player.look(dm_panel)
    # ``/bingo hand`` replaces the DM panel, which the bot then deletes: held back until
    # both clicks are in, so the member still has it to click (as on a slow connection).
    deletion = cluster.emu.hold(
        lambda method, path, body: method == "DELETE" and path.endswith(f"/{dm_panel.id}")
    )
    db = await Database.open(cluster.url)
    try:
        before = await db.get_match(match_id)
        assert before is not None
        await player.slash(one.channel, "bingo hand")
        ephemeral = await cluster.emu.wait_for(
            lambda: next(
                (
                    m
                    for m in reversed(player.ephemerals(one.channel))
                    if label in enabled_buttons(m)
                ),
                None,
            ),
            message="the ephemeral panel",
        )
        records = await asyncio.gather(player.click(seen, label), player.click(ephemeral, label))
        deletion.release()
        assert all(r.acknowledged for r in records)
        await asyncio.sleep(0.5)  # let both processes finish whatever they do
        after = await db.get_match(match_id)
        assert after is not None
        assert after.version == before.version + 1, (before.version, after.version)
        assert len(after.decisions) == len(before.decisions) + 1
    finally:
        deletion.release()
        await db.close()
    # The match goes on normally from there.
    assert await play_out(one, match_id, ("dave", "erin")) is not None
    await _check_finished(cluster.url, match_id, one.world, ("dave", "erin"))


SHORT_TIMERS = {
    "BINGO_TURN_SECONDS": "2",
    "BINGO_COUNTER_SECONDS": "2",
    "BINGO_CHOICE_SECONDS": "2",
}


async def test_kill_the_owner_the_other_process_fires_its_deadline(
    pg_schema_url: str,
    tmp_path: Path,
) -> None:
    """kill -9 shard 1's process while its match waits on a 2-second deadline: shard 0's
    process applies the time-out (takeover time printed); after shard 1 restarts, the
    match plays to the end with exact stats."""
    async with open_cluster(SHARDS, pg_schema_url, tmp_path, **SHORT_TIMERS) as cluster:
        one = cluster.views[1]
        match_id = await start_match(one, "dave", "erin")
        db = await Database.open(cluster.url)
        try:
            record = await db.get_match(match_id)
            assert record is not None and record.deadline is not None
            version, deadline = record.version, record.deadline
            await cluster.bots[1].kill()
            assert time.time() < deadline, "the kill came after the deadline"
            while True:
                now = time.time()
                current = await db.get_match(match_id)
                assert current is not None
                if current.version > version:
                    break
                assert now < deadline + 15, "nobody fired the dead process's deadline"
                await asyncio.sleep(0.02)
            takeover = now - deadline
            print(f"takeover: time-out applied {takeover:.3f} s after its deadline")
            assert "timeout" in str(current.decisions[len(record.decisions)])
        finally:
            await db.close()
        await cluster.bots[1].start(cluster.tmp / "shard1")
        assert await play_out(one, match_id, ("dave", "erin")) is not None
        await _check_finished(cluster.url, match_id, one.world, ("dave", "erin"))
        # The killed process may leave an interaction unanswered: the crash, not a bug.
        cluster.emu.take_problems()
