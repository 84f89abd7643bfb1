"""Removing the bot from a guild and adding it back (Discord docs, Gateway Events,
Guild Delete / Guild Create): discord.py sees ``on_guild_remove`` then
``on_guild_join``, and REST calls to the guild fail while the bot is out."""

from __future__ import annotations

import discord
import pytest

from emulator import Emulator
from tests.emulator.fixtures import World
from tests.emulator.testbot import EmuTestBot


async def test_removed_then_added_back(emulator: Emulator, world: World, bot: EmuTestBot) -> None:
    removed: list[int] = []
    joined: list[int] = []

    async def on_remove(guild: discord.Guild) -> None:
        removed.append(guild.id)

    async def on_join(guild: discord.Guild) -> None:
        joined.append(guild.id)

    bot.add_listener(on_remove, "on_guild_remove")
    bot.add_listener(on_join, "on_guild_join")
    guild_id = world.guild.id
    emulator.remove_bot(world.guild)
    await emulator.wait_for(lambda: removed == [guild_id], message="on_guild_remove")
    assert bot.get_guild(guild_id) is None
    assert not any(r.bot_id == emulator.bot_user.id for r in world.guild.roles.values())
    with pytest.raises(discord.NotFound) as error:
        await bot.fetch_guild(guild_id)
    assert error.value.code == 10004  # Unknown Guild
    with pytest.raises(KeyError):
        emulator.remove_bot(world.guild)  # not a member any more

    emulator.add_bot(world.guild)
    await emulator.wait_for(lambda: joined == [guild_id], message="on_guild_join")
    back = bot.get_guild(guild_id)
    assert back is not None and back.me is not None
    assert (await bot.fetch_guild(guild_id)).id == guild_id
