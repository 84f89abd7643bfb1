"""``/bingo tournament``: the slash commands of Swiss tournaments (what they do is in
:class:`cogs.bingo._tournaments.Tournaments`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import limits
from cogs.contexts import TOURNAMENT, RecordNumber, ServerGroup
from cogs.reply import Reply

from ._settings import RULE_CHOICES, challenge_options
from ._tournaments import Tournaments

if TYPE_CHECKING:
    from ._matches import MatchService


#: Who may use a command, as ``/help`` marks it (cogs/guide/_help.py): organizers only.
ORGANIZERS = {"audience": "organizers"}


class TournamentGroup(ServerGroup):
    """``/bingo tournament``: create, start, standings, report, drop, end-round, organizer."""

    def __init__(self, service: MatchService) -> None:
        super().__init__(name="tournament", description="Swiss BingoMagic tournaments.")
        self.tournaments = Tournaments(service)
        self.service = service

    @app_commands.command(
        name="create", description="Organizers only: create a Swiss tournament.", extras=ORGANIZERS
    )
    @app_commands.describe(
        name="The tournament's name",
        minutes="Each round's time limit, in minutes",
        rounds="Swiss rounds (default: from the number of players)",
        mulligan="The mulligan rule (default: the server's)",
        free_first="The first mulligan is free",
        sequential="Each player mulligans until keeping before the next declares",
        forest_either_pile="House rule: Forest may take from either discard pile",
        cut="A top-8 single-elimination cut after the Swiss rounds",
    )
    @app_commands.choices(mulligan=RULE_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, limits.TOURNAMENT_NAME],
        minutes: app_commands.Range[
            int, limits.TOURNAMENT_ROUND_MINUTES[0], limits.TOURNAMENT_ROUND_MINUTES[1]
        ],
        rounds: app_commands.Range[int, limits.TOURNAMENT_ROUNDS[0], limits.TOURNAMENT_ROUNDS[1]]
        | None = None,
        mulligan: str | None = None,
        free_first: bool | None = None,
        sequential: bool | None = None,
        forest_either_pile: bool | None = None,
        cut: bool = False,
    ) -> None:
        ctx = Reply(interaction)
        assert ctx.guild_id is not None
        server = await self.service.db.guild_settings(ctx.guild_id)
        options = challenge_options(
            server,
            max_timeouts=self.service.settings.max_timeouts,
            mulligan=mulligan,
            free_first=free_first,
            sequential=sequential,
            forest_either_pile=forest_either_pile,
        )
        await self.tournaments.create(
            ctx, name=name, rounds=rounds, minutes=minutes, options=options, cut=cut
        )

    @app_commands.command(
        name="start",
        description="Organizers only: close sign-up and pair round 1.",
        extras=ORGANIZERS,
    )
    @app_commands.describe(tournament=TOURNAMENT)
    async def start(
        self,
        interaction: discord.Interaction,
        tournament: RecordNumber | None = None,
    ) -> None:
        await self.tournaments.begin(Reply(interaction), tournament)

    @app_commands.command(name="standings", description="The standings with their tiebreakers.")
    @app_commands.describe(tournament=TOURNAMENT)
    async def standings(
        self,
        interaction: discord.Interaction,
        tournament: RecordNumber | None = None,
    ) -> None:
        await self.tournaments.show_standings(Reply(interaction), tournament)

    @app_commands.command(
        name="report", description="Organizers only: record a result by hand.", extras=ORGANIZERS
    )
    @app_commands.describe(
        player="A player of the table",
        result="That player's result",
        tournament=TOURNAMENT,
    )
    @app_commands.choices(
        result=[
            app_commands.Choice(name="win", value="win"),
            app_commands.Choice(name="loss", value="loss"),
            app_commands.Choice(name="draw", value="draw"),
        ]
    )
    async def report(
        self,
        interaction: discord.Interaction,
        player: discord.User,
        result: str,
        tournament: RecordNumber | None = None,
    ) -> None:
        await self.tournaments.report(Reply(interaction), player, result, tournament)

    @app_commands.command(
        name="drop", description="Drop a player (yourself, or anyone: organizers)."
    )
    @app_commands.describe(
        player="Who drops (default: you)",
        tournament=TOURNAMENT,
    )
    async def drop(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        tournament: RecordNumber | None = None,
    ) -> None:
        await self.tournaments.drop(Reply(interaction), player, tournament)

    @app_commands.command(
        name="end-round",
        description="Organizers only: end the round at its time limit; unfinished matches draw.",
        extras=ORGANIZERS,
    )
    @app_commands.describe(tournament=TOURNAMENT)
    async def end_round(
        self,
        interaction: discord.Interaction,
        tournament: RecordNumber | None = None,
    ) -> None:
        await self.tournaments.end_round(Reply(interaction), tournament)

    @app_commands.command(
        name="organizer",
        description="Manage Server only: set or clear the tournament organizer role.",
        extras={"audience": "managers"},
    )
    @app_commands.describe(
        role="Members with this role organize tournaments (leave empty to clear)"
    )
    async def organizer(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        await self.tournaments.set_organizer_role(Reply(interaction), role)
