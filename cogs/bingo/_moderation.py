"""Moderation: ``/bingo mod end|cancel|remove`` and ``/bingo settings moderation``.

Moderators are members with Manage Messages (or Administrator), or holding the server's
moderator role (``/bingo settings moderation role:``, set by Manage Server). A moderator
may end any live match of the server with no result (``MatchRuntime.abandon``: stats and
ratings count it for nobody), with a reason shown to both players; cancel the open
challenges of a member; remove a player from a tournament. Every action is written to
the server's moderation log channel, when one is set (``moderation_settings``,
:mod:`bot.storage.consent`).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import limits
from bot.engine.outcome import Reason
from bot.i18n import t
from bot.storage.consent import ConsentStore
from bot.ui.text import echo
from cogs.contexts import TOURNAMENT, RecordNumber, ServerGroup, manager_language
from cogs.languages import guild_language
from cogs.reply import Reply

if TYPE_CHECKING:
    from ._matches import MatchService
    from ._tournaments import Tournaments

log = logging.getLogger(__name__)


class Moderation:
    """The moderators' actions of one bot process."""

    def __init__(self, service: MatchService, tournaments: Tournaments) -> None:
        self.service = service
        self.bot = service.bot
        self.tournaments = tournaments
        self.consent = ConsentStore(service.db.backend)

    async def moderator(self, interaction: discord.Interaction[Any]) -> bool:
        """Whether the member moderates here: Manage Messages (or Administrator), or the
        server's moderator role."""
        perms = interaction.permissions
        if perms.manage_messages or perms.administrator:
            return True
        if interaction.guild_id is None or not isinstance(interaction.user, discord.Member):
            return False
        role_id = (await self.consent.moderation(interaction.guild_id)).role_id
        return role_id is not None and any(r.id == role_id for r in interaction.user.roles)

    async def _refused(self, ctx: Reply) -> bool:
        if await self.moderator(ctx.interaction):
            return False
        await ctx.tell("mod-refused")
        return True

    async def log_action(self, guild_id: int, key: str, **args: Any) -> None:
        """Write a moderator's action to the server's log channel (if one is set), in
        the server's language, pinging nobody."""
        channel_id = (await self.consent.moderation(guild_id)).log_channel_id
        if channel_id is None:
            return
        lang = await guild_language(self.bot, guild_id)
        sent = await self.service.outbox.send(
            channel_id,
            content=t(lang, key, **args)[: limits.CONTENT],
            allowed_mentions=discord.AllowedMentions.none(),
        )
        if not sent.ok:
            log.warning("Moderation log of guild %s not written: %s", guild_id, sent.status)

    # -- the actions ---------------------------------------------------------------------

    async def end_match(self, ctx: Reply, match_id: int, reason: str) -> None:
        """End live match ``match_id`` of this server with no result
        (``Reason.MODERATOR``), the moderator's ``reason`` stored with the result: the
        result in the channel, the board (embed and picture) and both players' panels
        show it. It is also posted where the match is played (its thread, else its
        channel), naming both players, and written to the moderation log."""
        if await self._refused(ctx):
            return
        guild_id = ctx.guild_id
        record = await self.service.db.get_match(match_id)
        if record is None or record.guild_id != guild_id or record.status != "active":
            return await ctx.tell("mod-no-live-match", id=match_id)
        await ctx.defer()
        # The reason is stored with the result (Result.note), raw: every place that
        # shows it echoes it for its field (cogs.bingo._render.result_line, the picture).
        await self.service.runtime.abandon(match_id, Reason.MODERATOR, reason)
        ended = await self.service.db.get_match(match_id)
        if ended is None or ended.status == "active":
            await ctx.edit(content=await ctx.text("mod-no-live-match", id=match_id))
            return
        assert guild_id is not None
        text_reason = echo(reason, limits.MOD_REASON)
        players = [p for p in record.player_ids if p != (self.bot.user.id if self.bot.user else 0)]
        public = await guild_language(self.bot, guild_id)
        where = record.ui.get("thread") or record.channel_id
        await self.service.outbox.send(
            where,
            content=t(
                public,
                "mod-ended-public",
                id=match_id,
                players=" ".join(f"<@{p}>" for p in players),
                reason=text_reason,
            )[: limits.CONTENT],
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(p) for p in players]),
        )
        await ctx.edit(content=await ctx.text("mod-ended", id=match_id))
        await self.log_action(
            guild_id,
            "mod-log-end",
            moderator=f"<@{ctx.user_id}>",
            id=match_id,
            reason=text_reason,
        )

    async def cancel_challenges(self, ctx: Reply, member: discord.abc.User) -> None:
        """Cancel every open challenge made by or to ``member`` in this server."""
        if await self._refused(ctx):
            return
        assert ctx.guild_id is not None
        challenges = self.service.challenges
        pending = await self.service.db.pending_challenges_of(ctx.guild_id, member.id)
        await ctx.defer()
        cancelled = 0
        for challenge in pending:
            if await challenges.cancel(challenge):
                cancelled += 1
        await ctx.edit(
            content=await ctx.text("mod-cancelled", count=cancelled, member=member.mention)
        )
        if cancelled:
            await self.log_action(
                ctx.guild_id,
                "mod-log-cancel",
                moderator=f"<@{ctx.user_id}>",
                member=f"<@{member.id}>",
                count=cancelled,
            )

    async def remove_player(
        self, ctx: Reply, player: discord.abc.User, tournament_id: int | None
    ) -> None:
        """Remove ``player`` from a tournament (in sign-up: off the list; in play: their
        unfinished table is a loss, they are dropped)."""
        if await self._refused(ctx):
            return
        tournaments = self.tournaments
        tournament = await tournaments.find(ctx, tournament_id)
        if tournament is None:
            return
        if not await tournaments.runner.remove(tournament, player.id):
            return await ctx.tell("tournament-not-a-player", player=player.mention)
        await ctx.tell(
            "mod-removed",
            player=player.mention,
            name=echo(tournament.name, limits.TOURNAMENT_NAME),
        )
        if tournament.status == "signup":
            await tournaments.refresh_signup(tournament.id)
        else:
            await tournaments.runner.maybe_advance(tournament.id)
        assert ctx.guild_id is not None
        await self.log_action(
            ctx.guild_id,
            "mod-log-remove",
            moderator=f"<@{ctx.user_id}>",
            player=f"<@{player.id}>",
            name=echo(tournament.name, limits.TOURNAMENT_NAME),
            id=tournament.id,
        )

    async def set_settings(
        self, ctx: Reply, role: discord.Role | None, channel: discord.TextChannel | None
    ) -> None:
        """Set (or, left out, clear) the moderator role and the log channel; Manage
        Server only."""
        lang = await manager_language(ctx, "settings-refused")
        if lang is None:
            return
        assert ctx.guild_id is not None
        await self.consent.set_moderation(
            ctx.guild_id,
            None if role is None else role.id,
            None if channel is None else channel.id,
            time.time(),
        )
        none = t(lang, "mod-settings-none")
        await ctx.tell(
            "mod-settings-saved",
            role=none if role is None else role.mention,
            channel=none if channel is None else channel.mention,
        )


class ModGroup(ServerGroup):
    """``/bingo mod``: end, cancel, remove (moderators)."""

    def __init__(self, moderation: Moderation) -> None:
        super().__init__(
            name="mod",
            description="Moderate BingoMagic (moderators).",
            extras={"audience": "moderators"},  # /help marks it (cogs/guide/_help.py)
        )
        self.moderation = moderation

    @app_commands.command(
        name="end", description="Moderators only: end a live match with no result."
    )
    @app_commands.describe(
        match="The match number (shown on its board)",
        reason="Why: shown to both players",
    )
    async def end(
        self,
        interaction: discord.Interaction,
        match: RecordNumber,
        reason: app_commands.Range[str, 1, limits.MOD_REASON],
    ) -> None:
        await self.moderation.end_match(Reply(interaction), match, reason)

    @app_commands.command(
        name="cancel", description="Moderators only: cancel a member's open challenges."
    )
    @app_commands.describe(member="Whose challenges (made or received)")
    async def cancel(self, interaction: discord.Interaction, member: discord.User) -> None:
        await self.moderation.cancel_challenges(Reply(interaction), member)

    @app_commands.command(
        name="remove", description="Moderators only: remove a player from a tournament."
    )
    @app_commands.describe(
        player="The player to remove",
        tournament=TOURNAMENT,
    )
    async def remove(
        self,
        interaction: discord.Interaction,
        player: discord.User,
        tournament: RecordNumber | None = None,
    ) -> None:
        await self.moderation.remove_player(Reply(interaction), player, tournament)


def moderation_settings_command(moderation: Moderation) -> app_commands.Command[Any, Any, Any]:
    """``/bingo settings moderation``: the moderator role and the log channel."""

    @app_commands.command(
        name="moderation",
        description="Manage Server only: the moderator role and the moderation log channel.",
    )
    @app_commands.describe(
        role="Members with this role moderate BingoMagic (leave empty: Manage Messages only)",
        channel="Where moderators' actions are logged (leave empty: no log)",
    )
    async def moderation_command(
        interaction: discord.Interaction,
        role: discord.Role | None = None,
        channel: discord.TextChannel | None = None,
    ) -> None:
        await moderation.set_settings(Reply(interaction), role, channel)

    return moderation_command
