"""Twenty members play the hard bot at once, the bot in its own process."""

from __future__ import annotations

import pytest

from benchmarks.bot_matches import play_many
from bot.storage import Database
from emulator.ratelimits import DiscordLimits
from tests.emulator.fixtures import build_world

from .bot_process import BotProcess

pytestmark = pytest.mark.multiprocess

MATCHES = 20
#: A small hard budget and two worker processes keep this test short on CI.
AI = {"BINGO_AI_BUDGET_SECONDS": "0.05", "BINGO_AI_WORKERS": "2"}


async def test_twenty_hard_matches_against_the_bot_at_once(emulator, tmp_path) -> None:
    """20 hard-level matches against the bot at once all finish, each recorded against
    the hard level, and every interaction is acknowledged within 3 s (the emulator fails
    the test otherwise): the search runs off the event loop."""
    # This measures that the search runs off the event loop (acks within 3 s), not Discord's
    # per-channel bucket: 20 boards edited in one channel at 5 edits per 5 s would take the
    # whole timeout. Discord's global limit (50/s) stays on.
    emulator.set_limits(DiscordLimits.global_only())
    names = [f"m{i:02d}" for i in range(MATCHES)]
    world = build_world(emulator, users=names)
    bot = BotProcess(emulator, world, tmp_path / "bingomagic.db")
    bot.env.update(AI, DISCORD_OUTBOUND_PER_SECOND="45")
    await bot.start()
    try:
        figures = await play_many(
            emulator, world.channel, [world.user(n) for n in names], "hard", timeout=300
        )
    finally:
        await bot.stop()
        # pytest shows what a failed test printed: the bot's last log lines say which
        # match stalled and why
        print("the bot's log, last lines:", *bot.logs[-1].splitlines()[-40:], sep="\n")
    print(f"\n20 hard matches against the bot: {figures.summary()}")
    assert len(figures.finished) == MATCHES
    db = await Database.open(tmp_path / "bingomagic.db")
    try:
        assert await db.active_matches() == []
        for name in names:
            records = await db.bot_records(world.guild.id, world.user(name).id)
            assert [(r.level, r.played) for r in records] == [("hard", 1)]
            assert await db.player_stats(world.guild.id, world.user(name).id) is None
    finally:
        await db.close()
