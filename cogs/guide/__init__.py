"""The guide: ``/help`` (what the bot does, its commands) and the page buttons of ``/bingo
rules`` (the command lives in the Bingo cog's group; the pages are :mod:`bot.ui.rules`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.controls import HelpButton, RulesButton
from cogs.contexts import offered_anywhere
from cogs.reply import Reply

from ._help import help_embed, help_page, help_pages, show_help, turn_help_page
from ._rules import turn_page

if TYPE_CHECKING:
    from bot.client import BingoBot

__all__ = [
    "GuideCog",
    "help_embed",
    "help_page",
    "help_pages",
    "setup",
    "show_help",
]


class GuideCog(commands.Cog, name="Guide"):
    """``/help``: what the bot does and every command, privately, in pages."""

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot

    @offered_anywhere  # servers, the bot's DM and group DMs; both installs
    @app_commands.command(name="help", description="What this bot does and its commands.")
    async def help(self, interaction: discord.Interaction) -> None:
        await show_help(Reply(interaction), self.bot.tree)


async def setup(bot: BingoBot) -> None:
    """Register the rules and help pages' buttons with ``bot.controls`` and add the cog."""
    bot.controls.register(RulesButton, turn_page)
    bot.controls.register(HelpButton, turn_help_page)
    await bot.add_cog(GuideCog(bot))
