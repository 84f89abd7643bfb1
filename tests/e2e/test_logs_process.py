"""``python -m bot`` at LOG_LEVEL=DEBUG never writes an interaction token to its log."""

from __future__ import annotations

import pytest

from tests.emulator.fixtures import build_world

from .bot_process import BotSubprocess, bot_env
from .helpers import BotWorld, start_match

pytestmark = pytest.mark.multiprocess


async def test_debug_log_redacts_interaction_tokens(emulator, tmp_path) -> None:
    """A slash command, a click and the webhook edits they cause: discord.gateway logs each
    INTERACTION_CREATE and discord.webhook each URL at DEBUG, and no token gets through."""
    world = build_world(emulator, users=("alice", "bob", "carol"))
    extra = {
        "DATABASE_PATH": str(tmp_path / "bingomagic.db"),
        "DISCORD_GUILD_ID": str(world.guild.id),
        "LOG_LEVEL": "DEBUG",
    }
    env = bot_env(emulator, extra)
    bot = BotSubprocess(emulator, env)
    await bot.launch(tmp_path)
    try:
        await emulator.wait_for_commands(timeout=30)
        await emulator.wait_for_gateway(timeout=15)
        bw = BotWorld(emulator, world, bot=None, db=None)
        await start_match(bw, "alice", "bob")  # /bingo challenge, then a click on Accept
        await emulator.settle(timeout=10)
    finally:
        log = await bot.finish()
    assert bot.process is not None and bot.process.returncode == 0, log[-3000:]
    assert "INTERACTION_CREATE" in log  # the gateway payloads were logged, redacted
    tokens = [rec.token for rec in emulator.interactions.values()]
    assert len(tokens) >= 2
    leaked = [token for token in tokens if token in log]
    assert not leaked, f"{len(leaked)} interaction token(s) in the debug log"
    # "emu-<interaction id>-<secret>": the secret may itself hold "-"
    secret_parts = {token.split("-", 2)[2] for token in tokens}
    assert not [part for part in secret_parts if part in log]
    assert emulator.bot_token not in log
