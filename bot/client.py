"""The Discord client: loads the cogs, syncs slash commands, reports command errors."""

from __future__ import annotations

import logging
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot import endpoints
from bot.config import Settings
from bot.decks.scryfall import ScryfallLands
from bot.interactions import reply_private, report_error
from bot.storage import Database

__all__ = ["BingoBot", "BingoTree", "reply_private"]

log = logging.getLogger(__name__)


class BingoTree(app_commands.CommandTree):
    """The command tree, with the project-wide slash command error handler."""

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        """Answer privately: the message for expected errors, an error id otherwise.

        Commands (or their groups/cogs) with their own error handler are left to it.
        """
        command = interaction.command
        has_handlers = getattr(command, "_has_any_error_handlers", None)
        if command is not None and callable(has_handlers) and has_handlers():
            return
        await report_error(interaction, error)


class BingoBot(commands.Bot):
    """The BingoMagic bot.

    Attributes:
        settings: the :class:`Settings` it was started with.
        db: the open :class:`Database` (owned by the caller, who closes it).
    """

    EXTENSIONS: tuple[str, ...] = ("cogs.bingo", "cogs.mulligan")

    def __init__(self, settings: Settings, db: Database, **options: Any) -> None:
        """Create the client; nothing connects until :meth:`start`.

        ``options`` go to ``discord.ext.commands.Bot`` (tests pass a short
        ``guild_ready_timeout`` in seconds).
        """
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            tree_cls=BingoTree,
            help_command=None,
            **options,
        )
        self.settings = settings
        self.db = db
        self.web: aiohttp.ClientSession | None = None
        self.scryfall: ScryfallLands | None = None

    async def login(self, token: str) -> None:
        """Point discord.py at the configured endpoints, then log in over HTTP."""
        endpoints.point_discord_at(self.settings.api_base, self.settings.gateway_url)
        await super().login(token)

    async def setup_hook(self) -> None:
        """Open the web session, load every extension in :attr:`EXTENSIONS`, then sync
        slash commands."""
        self.web = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30))
        self.scryfall = ScryfallLands(self.web, self.db, base_url=self.settings.scryfall_api_base)
        for name in self.EXTENSIONS:
            await self.load_extension(name)
            log.info("Loaded extension %s", name)
        await self.sync_commands()

    async def sync_commands(self) -> int:
        """Register the slash commands with Discord; return how many were synced.

        With ``settings.guild_id`` the global commands are copied to that guild and
        synced there (visible instantly, for development); otherwise they are synced
        globally (Discord may take a while to show changes).
        """
        guild_id = self.settings.guild_id
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %s application commands to guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("Synced %s global application commands", len(synced))
        return len(synced)

    async def close(self) -> None:
        """Close the gateway and HTTP clients, then the web session."""
        await super().close()
        if self.web is not None:
            await self.web.close()

    async def on_ready(self) -> None:
        """Log who we are once the gateway session is ready."""
        user = self.user
        log.info(
            "Connected as %s (id %s) to %s guild(s)",
            user,
            user.id if user else None,
            len(self.guilds),
        )
