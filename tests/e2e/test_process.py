"""``python -m bot`` as its own process, pointed at a running emulator, plays a match."""

from __future__ import annotations

import pytest

from tests.emulator.fixtures import build_world

from .bot_process import BotSubprocess, bot_env
from .helpers import BotWorld, play_out, start_match

pytestmark = pytest.mark.multiprocess


async def test_bot_process_plays_a_match_through_the_emulator(emulator, tmp_path) -> None:
    """The bot process logs in, syncs its commands, and a match runs to its result."""
    world = build_world(emulator, users=("alice", "bob", "carol"))
    database = str(tmp_path / "data" / "bingomagic.db")
    env = bot_env(emulator, {"DATABASE_PATH": database, "DISCORD_GUILD_ID": str(world.guild.id)})
    bot = BotSubprocess(emulator, env)
    await bot.launch(tmp_path)
    try:
        await emulator.wait_for_commands(timeout=30)
        names = {c["name"] for c in emulator.commands(guild=world.guild.id)}
        assert "bingo" in names
        bw = BotWorld(emulator, world, bot=None, db=None)  # the bot lives in the other process
        await emulator.wait_for_gateway(timeout=15)
        match_id = await start_match(bw, "alice", "bob")
        result = await play_out(bw, match_id)
        assert "wins" in result.content or "draw" in result.content
    finally:
        log = await bot.finish()
    assert bot.process is not None and bot.process.returncode == 0, log
    assert "Synced" in log
    assert emulator.bot_token not in log
    assert (tmp_path / "data" / "bingomagic.db").exists()
