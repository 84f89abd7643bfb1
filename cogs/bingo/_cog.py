"""The ``/bingo`` slash commands and the cog's listeners. Game logic lives in the
engine; running matches in :mod:`bot.matches`; this layer moves requests in."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import limits
from bot.engine import BingoOptions, MulliganRule
from bot.interactions import reply_private
from bot.matches import LEVELS, MatchFinished
from bot.storage import BotRecord, PlayerStats
from bot.ui.text import echo

from . import _views
from ._matches import MatchService

if TYPE_CHECKING:
    from bot.client import BingoBot

log = logging.getLogger(__name__)

LEADERBOARD_SIZE = 10
RECENT_MATCHES = 5
#: The level of a match against the bot when ``/bingo challenge`` names none.
DEFAULT_LEVEL = "medium"


def stats_line(stats: PlayerStats | BotRecord) -> str:
    """``"5 W · 2 L · 1 D · 62.5% (8 played)"``."""
    played = stats.played
    rate = stats.wins * 100.0 / played if played else 0.0
    return f"{stats.wins} W · {stats.losses} L · {stats.draws} D · {rate:.1f}% ({played} played)"


@app_commands.guild_only()
class BingoCog(commands.GroupCog, name="Bingo", group_name="bingo"):
    """BingoMagic: a two-player game with a shared library of 60 basic lands."""

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot
        self.service = MatchService(bot)
        super().__init__()

    async def cog_load(self) -> None:
        service = self.service
        _views.bind(
            {
                _views.DecisionButton: service.on_decision,
                _views.ChallengeButton: lambda i, c: service.challenges.answer(
                    i, c.challenge_id, c.answer
                ),
                _views.ShowHandButton: service.on_show_hand,
                _views.PlayAgainButton: service.on_play_again,
            }
        )
        await service.start()

    async def cog_unload(self) -> None:
        _views.unbind()
        await self.service.stop()

    @commands.Cog.listener()
    async def on_bingo_match_finished(self, event: MatchFinished) -> None:
        """A match ended (committed, stats recorded in the same transaction): post its
        result. Also dispatched again at start-up for a result never posted."""
        self.service.delivery.kick(event.match, announce=True)

    @app_commands.command(
        name="challenge", description="Challenge a member, or me, to a BingoMagic match."
    )
    @app_commands.describe(
        opponent="The member you want to play, or me to play against the bot",
        level="Against me: how well I play (default: medium)",
        mulligan="The mulligan rule (default: Vancouver)",
        free_first="The first mulligan is free (default: no)",
        sequential="Each player mulligans until keeping before the next declares (default: no)",
        forest_either_pile="House rule: Forest may take from either discard pile (default: no)",
    )
    @app_commands.choices(
        level=[app_commands.Choice(name=level.title(), value=level) for level in LEVELS],
        mulligan=[
            app_commands.Choice(name=rule.title, value=rule.value)
            for rule in MulliganRule
            if rule is not MulliganRule.EARLY_1994
        ],
    )
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        level: str | None = None,
        mulligan: str = MulliganRule.VANCOUVER.value,
        free_first: bool = False,
        sequential: bool = False,
        forest_either_pile: bool = False,
    ) -> None:
        """Challenge a member (they Accept or Decline), or the bot itself (no accept
        step; ``level``: easy, medium or hard). Other bots, yourself, and a level against
        a member are refused privately."""
        options = BingoOptions(
            mulligan_rule=MulliganRule(mulligan),
            free_first=free_first,
            sequential=sequential,
            forest_any_pile=forest_either_pile,
            max_timeouts=self.bot.settings.max_timeouts,
        )
        me = self.bot.user
        if me is not None and opponent.id == me.id:
            return await self.service.play_bot(interaction, level or DEFAULT_LEVEL, options)
        if opponent.id == interaction.user.id:
            return await reply_private(interaction, "You can't challenge yourself.")
        if opponent.bot:
            return await reply_private(
                interaction,
                f"Bots can't play BingoMagic, except me: challenge <@{me.id if me else 0}> "
                "to play against the bot.",
            )
        if level is not None:
            return await reply_private(
                interaction,
                "The level option is for a match against me only: a member plays as they play.",
            )
        await self.service.challenges.challenge(interaction, opponent, options)

    @app_commands.command(name="hand", description="Show your hand and controls, privately.")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.service.show_hand(interaction)

    @app_commands.command(name="resign", description="Resign your BingoMagic match (you lose).")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.service.resign(interaction)

    @app_commands.command(name="stats", description="BingoMagic results in this server.")
    @app_commands.describe(user="Whose stats (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        """A member's results against members (with their rank), their record against
        the bot at each level, and their recent matches."""
        assert interaction.guild_id is not None
        guild_id = interaction.guild_id
        target = user or interaction.user
        stats = await self.bot.db.player_stats(guild_id, target.id)
        records = [r for r in await self.bot.db.bot_records(guild_id, target.id) if r.played]
        embed = discord.Embed(
            title=f"BingoMagic — {echo(target.display_name, limits.MEMBER_NAME)}",
            colour=discord.Colour.gold(),
        )
        if (stats is None or not stats.played) and not records:
            embed.description = "No finished matches in this server yet."
            return await interaction.response.send_message(embed=embed)
        if stats is not None and stats.played:
            embed.add_field(name="Wins", value=str(stats.wins))
            embed.add_field(name="Losses", value=str(stats.losses))
            embed.add_field(name="Draws", value=str(stats.draws))
            embed.add_field(name="Win rate", value=f"{stats.win_rate:.1f}%")
            embed.add_field(name="Rank", value=f"#{stats.rank}")
        if records:
            embed.add_field(
                name="Against the bot",
                value="\n".join(f"{r.level.title()}: {stats_line(r)}" for r in records),
                inline=False,
            )
        recent = await self.bot.db.recent_matches(guild_id, target.id, limit=RECENT_MATCHES)
        if recent:
            lines = []
            for record in recent:
                if record.result is None:  # stopped from outside: counts for nobody
                    outcome = "no result"
                elif record.winner_id is None:
                    outcome = "draw"
                else:
                    outcome = "win" if record.winner_id == target.id else "loss"
                against = f" vs the bot ({record.ai_level})" if record.ai_level else ""
                lines.append(f"#{record.id}{against}: {outcome} in {record.turns} turns")
            embed.add_field(name="Recent", value="\n".join(lines), inline=False)
        await interaction.response.send_message(embed=embed)

    @app_commands.command(
        name="leaderboard", description="The BingoMagic leaderboard of this server."
    )
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        """The server's ranking of matches between members (matches against the bot are
        in ``/bingo stats``, not here)."""
        assert interaction.guild_id is not None
        top = await self.bot.db.leaderboard(interaction.guild_id, limit=LEADERBOARD_SIZE)
        embed = discord.Embed(title="BingoMagic leaderboard", colour=discord.Colour.gold())
        if not top:
            embed.description = "No finished matches in this server yet."
        else:
            embed.description = "\n".join(
                f"**{s.rank}.** <@{s.user_id}> — {stats_line(s)}" for s in top
            )
        if all(s.user_id != interaction.user.id for s in top):
            own = await self.bot.db.player_stats(interaction.guild_id, interaction.user.id)
            embed.add_field(
                name="Your rank",
                value=f"**{own.rank}.** {stats_line(own)}"
                if own is not None and own.played
                else "You haven't finished a match here yet.",
                inline=False,
            )
        embed.set_footer(text="Ranked by wins, then win rate, in matches between members.")
        await interaction.response.send_message(embed=embed)
