"""The privacy cog: ``/privacy export``, ``/privacy delete`` and the purge of a server
that removed the bot.

**Export.** The member gets, privately (an ephemeral follow-up), one JSON file
(:data:`EXPORT_FILE`) of everything stored about them
(:meth:`bot.storage.Database.export_member`), made readable by :mod:`._export` (names
beside ids, an ``about`` section in their language).

**Erasure.** ``/privacy delete`` asks privately, with Delete and Cancel buttons
(:class:`bot.ui.controls.EraseButton`, only the asking member may answer); Delete erases
(:meth:`bot.storage.Database.erase_member`). A member in a match in progress or a
tournament not finished is told to finish first.

**Leaving a server.** GUILD_DELETE without ``unavailable`` (discord.py's
``on_guild_remove``; Discord docs, Gateway Events, Guild Delete) records the removal;
the server's data is purged :attr:`bot.config.Settings.guild_data_retention_days` later
by the bot's scheduler, unless the bot is added back first (GUILD_CREATE:
``on_guild_join`` / ``on_guild_available``). Removals are stored, and every pending one
is scheduled again when the cog loads, so a restart keeps them.
"""

from __future__ import annotations

import io
import json
import logging
import time
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.storage.privacy import MemberBusy
from bot.ui.controls import PRIVACY_KINDS, EraseButton, view_of
from cogs.contexts import offered_anywhere
from cogs.reply import Reply

from ._export import readable_export

if TYPE_CHECKING:
    from bot.client import BingoBot

log = logging.getLogger(__name__)

#: The export's file name.
EXPORT_FILE = "bingomagic-my-data.json"
DAY = 86_400.0


# Offered everywhere, to both installs: what the bot stores about a member does not depend
# on where they ask (``cogs.contexts``).
@offered_anywhere
class PrivacyCog(
    commands.GroupCog,
    name="Privacy",
    group_name="privacy",
    group_description="Your data: get a copy or erase it.",
):
    """``/privacy``: your data, exported or erased."""

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        """Answer the erase buttons; give back records older erasures took
        (:meth:`bot.storage.Database.restore_erased_records`); schedule the purge of every
        server that removed the bot (again after a restart)."""
        self.bot.controls.register(EraseButton, partial(on_erase, self.bot))
        # Records an older version took from the opponents of erased members come back.
        for guild_id in await self.bot.db.restore_erased_records():
            log.info("Gave back the records of guild %s erasures had changed", guild_id)
        for guild_id, left_at in await self.bot.db.guild_departures():
            if self._mine(guild_id):
                self._schedule_purge(guild_id, left_at)

    def _mine(self, guild_id: int) -> bool:
        """Whether this process runs the shard of ``guild_id`` (Discord routes a guild's
        events to shard ``(guild_id >> 22) % shard_count``): only that process knows
        whether the bot came back, so only it purges."""
        ids = getattr(self.bot, "shard_ids", None)
        count = self.bot.shard_count or 1
        return ids is None or (guild_id >> 22) % count in ids

    async def cog_unload(self) -> None:
        self.bot.controls.unregister(*PRIVACY_KINDS)

    # -- commands ------------------------------------------------------------------

    @app_commands.command(name="export", description="Get a file of everything I store about you.")
    async def export(self, interaction: discord.Interaction) -> None:
        """A JSON file of the member's data, privately."""
        ctx = Reply(interaction)
        await ctx.defer()
        lang = await ctx.private()
        data = await self.bot.db.export_member(ctx.user_id, time.time())
        data = await readable_export(self.bot, data, lang)
        text = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True)
        file = discord.File(io.BytesIO(text.encode()), filename=EXPORT_FILE)
        await ctx.reply_private(t(lang, "privacy-export-ready"), file=file)

    @app_commands.command(name="delete", description="Erase everything I store about you.")
    async def delete(self, interaction: discord.Interaction) -> None:
        """Ask privately for a confirmation (Delete / Cancel)."""
        ctx = Reply(interaction)
        lang = await ctx.private()
        user_id = ctx.user_id
        view = view_of(
            EraseButton(user_id, "yes", t(lang, "privacy-delete-confirm")),
            EraseButton(user_id, "no", t(lang, "privacy-delete-cancel")),
        )
        await ctx.reply_private(t(lang, "privacy-delete-ask"), view=view)

    # -- a server removing the bot --------------------------------------------------

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """GUILD_DELETE without ``unavailable``: the bot was removed (or the server
        deleted). Purge after the grace period unless it comes back."""
        now = time.time()
        await self.bot.db.guild_left(guild.id, now)
        for guild_id, left_at in await self.bot.db.guild_departures():
            if guild_id == guild.id:
                self._schedule_purge(guild_id, left_at)
        log.info("Removed from guild %s: its data is purged in %s days", guild.id,
                 self.bot.settings.guild_data_retention_days)  # fmt: skip

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self._returned(guild)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        await self._returned(guild)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """GUILD_MEMBER_REMOVE (only delivered with the members intent, which this bot
        does not ask for): the member is hidden from leaderboards at once."""
        await self.bot.db.mark_departed(payload.guild_id, payload.user.id, time.time())

    async def _returned(self, guild: discord.Guild) -> None:
        if await self.bot.db.guild_returned(guild.id):
            self.bot.scheduler.cancel(("guild-purge", guild.id))
            log.info("Back in guild %s: its data is kept", guild.id)

    def _schedule_purge(self, guild_id: int, left_at: float) -> None:
        when = left_at + self.bot.settings.guild_data_retention_days * DAY
        self.bot.scheduler.schedule(("guild-purge", guild_id), when, partial(self._purge, guild_id))

    async def _purge(self, guild_id: int) -> None:
        """The grace period is over: purge, unless the bot is in the server again (it
        may have come back while it was not running: wait for the gateway first)."""
        await self.bot.wait_until_ready()
        if self.bot.get_guild(guild_id) is not None:
            await self._returned(self.bot.get_guild(guild_id))  # type: ignore[arg-type]
            return
        if guild_id not in {g for g, _ in await self.bot.db.guild_departures()}:
            return
        await self.bot.db.purge_guild(guild_id)
        log.info("Purged the data of guild %s", guild_id)


async def on_erase(
    bot: BingoBot, interaction: discord.Interaction[Any], control: EraseButton
) -> None:
    """Delete or Cancel under ``/privacy delete`` (only the member who asked)."""
    ctx = Reply(interaction)
    lang = await ctx.private()
    if ctx.user_id != control.user_id:
        return await ctx.tell("privacy-not-yours")
    if control.answer == "no":
        await ctx.edit_message(content=t(lang, "privacy-delete-cancelled"), view=None)
        return
    await ctx.defer(thinking=False)
    try:
        await bot.db.erase_member(control.user_id)
        bot.languages.forget(control.user_id)
    except MemberBusy as busy:
        key = "privacy-busy-match" if str(busy) == "match" else "privacy-busy-tournament"
        await ctx.edit(content=t(lang, key), view=None)
        return
    log.info("Erased the data of a member at their request")
    await ctx.edit(content=t(lang, "privacy-deleted"), view=None)
