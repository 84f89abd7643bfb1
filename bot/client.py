"""The Discord client: loads the cogs, syncs slash commands, reports command errors."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot import endpoints
from bot.config import Settings
from bot.decks.scryfall import ScryfallLands
from bot.i18n import t
from bot.i18n.commands import CatalogTranslator
from bot.interactions import NOT_CURRENT, reply_private, report_error
from bot.matches import AIPool
from bot.outbox import Outbox
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
        outbox: the one :class:`~bot.outbox.Outbox` (pacing, DM channels, closed DMs),
            created in :meth:`setup_hook` and closed in :meth:`close`.
        ai_pool: the one :class:`~bot.matches.AIPool` where the bot's search runs, off
            the event loop (``BINGO_AI_WORKERS`` processes, 0 = threads; hard level
            budget ``BINGO_AI_BUDGET_SECONDS``), created in :meth:`setup_hook` (its
            workers start on first use) and shut down in :meth:`close`.
    """

    EXTENSIONS: tuple[str, ...] = ("cogs.bingo", "cogs.mulligan", "cogs.guide")

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
            # The one mention policy: the bot pings nobody unless a message opts in
            # (e.g. the challenged member in a challenge).
            allowed_mentions=discord.AllowedMentions.none(),
            **options,
        )
        self._control_templates: list[re.Pattern[str]] = []
        self.settings = settings
        self.db = db
        self.web: aiohttp.ClientSession | None = None
        self.scryfall: ScryfallLands | None = None
        self.outbox: Outbox | None = None
        self.ai_pool: AIPool | None = None

    async def login(self, token: str) -> None:
        """Point discord.py at the configured endpoints, then log in over HTTP."""
        endpoints.point_discord_at(self.settings.api_base, self.settings.gateway_url)
        await super().login(token)

    async def setup_hook(self) -> None:
        """Open the web session and the outbox, load every extension in
        :attr:`EXTENSIONS`, then sync slash commands."""
        self.web = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30))
        self.outbox = Outbox(self, self.db, per_second=self.settings.outbound_per_second)
        self.ai_pool = AIPool(self.settings.ai_workers, budget=self.settings.ai_budget_seconds)
        self.scryfall = ScryfallLands(self.web, self.db, base_url=self.settings.scryfall_api_base)
        for name in self.EXTENSIONS:
            await self.load_extension(name)
            log.info("Loaded extension %s", name)
        await self.tree.set_translator(CatalogTranslator())
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
        """Cancel the outbox's background deliveries, close the gateway and HTTP
        clients (unloading the cogs), then the web session and the AI pool."""
        if self.outbox is not None:
            await self.outbox.close()
        await super().close()
        if self.web is not None:
            await self.web.close()
        if self.ai_pool is not None:
            await self.ai_pool.close()

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Register restart-proof controls (see ``discord.Client.add_dynamic_items``),
        remembering their templates for :meth:`on_interaction`."""
        super().add_dynamic_items(*items)
        for item in items:
            self._control_templates.append(item.__discord_ui_compiled_template__)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Answer a click on a control the message no longer shows.

        A member may click a button just as the bot edits its message: the click then
        carries a custom_id that is not on the message Discord sends along, and
        discord.py drops it silently ("This interaction failed"). Such a click of one of
        our controls is answered privately with :data:`NOT_CURRENT`, like any other
        out-of-date click; it changes nothing.
        """
        if interaction.type is not discord.InteractionType.component:
            return
        message = interaction.message
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id = data.get("custom_id")
        if message is None or not isinstance(custom_id, str):
            return
        if not any(template.fullmatch(custom_id) for template in self._control_templates):
            return
        kind = data.get("component_type")
        if any(
            getattr(c, "custom_id", None) == custom_id and c.type.value == kind
            for c in _walk(message.components)
        ):
            return  # on the message: discord.py dispatches it to the control
        try:
            await reply_private(interaction, t(interaction.locale, NOT_CURRENT))
        except discord.HTTPException as error:
            log.warning("Could not answer a stale click %s: %s", custom_id, error)

    async def on_ready(self) -> None:
        """Log who we are once the gateway session is ready."""
        user = self.user
        log.info(
            "Connected as %s (id %s) to %s guild(s)",
            user,
            user.id if user else None,
            len(self.guilds),
        )


def _walk(components: list[Any]) -> Iterator[Any]:
    """Every component of a message, rows and containers included, depth first."""
    for component in components:
        yield component
        yield from _walk(list(getattr(component, "children", None) or []))
