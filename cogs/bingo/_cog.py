"""The ``/bingo`` slash commands.  Game logic lives in the engine and the service."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import BingoOptions, MulliganRule
from bot.storage import PlayerStats

from ._service import MatchService

if TYPE_CHECKING:
    from bot.client import BingoBot

log = logging.getLogger(__name__)

LEADERBOARD_SIZE = 10


def stats_line(stats: PlayerStats) -> str:
    """``"5 W · 2 L · 1 D · 62.5% (8 played)"``."""
    return (
        f"{stats.wins} W · {stats.losses} L · {stats.draws} D · "
        f"{stats.win_rate:.1f}% ({stats.played} played)"
    )


@app_commands.guild_only()
class BingoCog(commands.GroupCog, name="Bingo", group_name="bingo"):
    """BingoMagic: a two-player game with a shared library of 60 basic lands."""

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot
        self.service = MatchService(bot)
        super().__init__()

    async def cog_load(self) -> None:
        await self.service.start()

    async def cog_unload(self) -> None:
        await self.service.stop()

    @app_commands.command(name="challenge", description="Challenge a member to a BingoMagic match.")
    @app_commands.describe(
        opponent="The member you want to play",
        mulligan="The mulligan rule (default: Vancouver)",
        free_first="The first mulligan is free (default: no)",
        sequential="Each player mulligans until keeping before the next declares (default: no)",
        forest_either_pile="House rule: Forest may take from either discard pile (default: no)",
    )
    @app_commands.choices(
        mulligan=[
            app_commands.Choice(name=rule.title, value=rule.value)
            for rule in MulliganRule
            if rule is not MulliganRule.EARLY_1994
        ]
    )
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        mulligan: str = MulliganRule.VANCOUVER.value,
        free_first: bool = False,
        sequential: bool = False,
        forest_either_pile: bool = False,
    ) -> None:
        options = BingoOptions(
            mulligan_rule=MulliganRule(mulligan),
            free_first=free_first,
            sequential=sequential,
            forest_any_pile=forest_either_pile,
            max_timeouts=self.bot.settings.max_timeouts,
        )
        await self.service.challenge(interaction, opponent, options)

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
        assert interaction.guild_id is not None
        target = user or interaction.user
        stats = await self.bot.db.player_stats(interaction.guild_id, target.id)
        embed = discord.Embed(
            title=f"BingoMagic — {target.display_name}", colour=discord.Colour.gold()
        )
        if stats is None or not stats.played:
            embed.description = "No finished matches in this server yet."
        else:
            embed.add_field(name="Wins", value=str(stats.wins))
            embed.add_field(name="Losses", value=str(stats.losses))
            embed.add_field(name="Draws", value=str(stats.draws))
            embed.add_field(name="Win rate", value=f"{stats.win_rate:.1f}%")
            embed.add_field(name="Rank", value=f"#{stats.rank}")
            recent = await self.bot.db.recent_matches(interaction.guild_id, target.id, limit=5)
            if recent:
                lines = []
                for record in recent:
                    outcome = (
                        "draw"
                        if record.winner_id is None
                        else "win"
                        if record.winner_id == target.id
                        else "loss"
                    )
                    lines.append(f"#{record.id}: {outcome} in {record.turns} turns")
                embed.add_field(name="Recent", value="\n".join(lines), inline=False)
        await interaction.response.send_message(embed=embed)

    @app_commands.command(
        name="leaderboard", description="The BingoMagic leaderboard of this server."
    )
    async def leaderboard(self, interaction: discord.Interaction) -> None:
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
        embed.set_footer(text="Ranked by wins, then win rate.")
        await interaction.response.send_message(embed=embed)
