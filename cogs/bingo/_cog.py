"""The ``/bingo`` slash commands and the cog's listeners. Game logic lives in the
engine; running matches in :mod:`bot.matches`; this layer moves requests in."""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import attribute, language_of, t
from bot.i18n.commands import language_choices
from bot.matches import LEVELS, MatchFinished
from bot.ui.controls import (
    BINGO_KINDS,
    AccessibleButton,
    AnalysisButton,
    ChallengeButton,
    DecisionButton,
    KeyMomentButton,
    LadderButton,
    LeaderboardButton,
    PlayAgainButton,
    PuzzleButton,
    PuzzleDayButton,
    PuzzleNextButton,
    PuzzleReplayButton,
    QueueButton,
    RematchButton,
    ReplayButton,
    SeasonStartButton,
    ShowHandButton,
    SignupButton,
    StandingsButton,
    TipsOffButton,
    WorstMoveButton,
)
from bot.ui.rules import rules_page
from cogs.contexts import (
    RecordNumber,
    ServerOnly,
    in_server,
    mode_choices,
    offered_anywhere,
    works_anywhere,
)
from cogs.languages import client_locale
from cogs.reply import Reply

from ._accessible import accessible_on, set_accessible
from ._analysis import AnalysisService
from ._anywhere import live_match_id
from ._consent import consent_commands
from ._history import (
    catch_up,
    on_rematch,
    on_replay_button,
    rate_finished,
    show_replay,
)
from ._ladder import LadderGroup, on_ladder_page
from ._leaderboard import (
    BadSeason,
    SeasonGroup,
    on_leaderboard_page,
    on_season_answer,
    resolve_season,
    season_autocomplete,
    show_leaderboard,
)
from ._matches import MatchService
from ._moderation import Moderation, ModGroup, moderation_settings_command
from ._puzzles import PuzzleService
from ._queue import RankedQueue, ladder_settings_command
from ._reminders import reminders_command
from ._settings import RULE_CHOICES, SettingsGroup, challenge_options, channel_refusal
from ._stats import stats_embed
from ._table import table_of
from ._tips import tips_off
from ._tournament_group import TournamentGroup
from ._views import on_match_button

if TYPE_CHECKING:
    from bot.client import BingoBot

log = logging.getLogger(__name__)

#: The level of a match against the bot when ``/bingo challenge`` names none.
DEFAULT_LEVEL = "medium"
#: The ``/bingo language`` choice that clears the member's choice.
AUTOMATIC = "auto"


# ``/bingo`` is offered everywhere, to both installs, because ``/bingo rules``, ``hand``,
# ``language`` and ``quick`` work in DMs and group DMs (Discord sets contexts per top-level
# command). Its server-only subcommands (challenges, replays, stats, leaderboards, resign,
# settings, tournaments) answer privately elsewhere (``cogs.contexts.require_server``).
@offered_anywhere
class BingoCog(ServerOnly, commands.GroupCog, name="Bingo", group_name="bingo"):
    """BingoMagic: a two-player game with a shared library of 60 basic lands."""

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot
        self.service = MatchService(bot)
        self.analyses = AnalysisService(bot)
        self.puzzles = PuzzleService(bot)
        super().__init__()
        group = self.__cog_app_commands_group__
        assert group is not None  # a GroupCog's /bingo group
        settings = SettingsGroup(bot)
        group.add_command(settings)
        self.tournament_group = TournamentGroup(self.service)
        group.add_command(self.tournament_group)
        moderation = Moderation(self.service, self.tournament_group.tournaments)
        settings.add_command(moderation_settings_command(moderation))
        #: The ranked queue across servers (``._queue``).
        self.ranked = RankedQueue(self.service)
        settings.add_command(ladder_settings_command(self.ranked))
        group.add_command(ModGroup(moderation))
        for command in consent_commands(self.service.challenges.consent):
            group.add_command(command)
        group.add_command(SeasonGroup(bot))
        group.add_command(LadderGroup(bot))
        group.add_command(reminders_command(self.service.reminders))

    async def cog_load(self) -> None:
        """Register the handlers of its controls (``BINGO_KINDS``) with the bot's router,
        then start the matches, the tournaments and the ratings' catch-up."""
        service, controls = self.service, self.bot.controls
        controls.register(DecisionButton, service.on_decision)
        controls.register(ChallengeButton, service.challenges.on_answer)
        controls.register(ShowHandButton, service.on_show_hand)
        controls.register(PlayAgainButton, service.on_play_again)
        controls.register(ReplayButton, partial(on_replay_button, self.bot))
        # The replay's Analysis button: as /bingo analyse.
        controls.register(AnalysisButton, partial(on_match_button, self.analyses.show))
        controls.register(WorstMoveButton, partial(on_replay_button, self.bot))
        controls.register(KeyMomentButton, self.analyses.on_key_moment)
        controls.register(RematchButton, partial(on_rematch, service))
        controls.register(TipsOffButton, partial(tips_off, service))
        controls.register(AccessibleButton, partial(accessible_on, service))
        controls.register(SignupButton, self.tournament_group.tournaments.on_signup)
        controls.register(LeaderboardButton, partial(on_leaderboard_page, self.bot))
        controls.register(SeasonStartButton, partial(on_season_answer, self.bot))
        controls.register(StandingsButton, self.tournament_group.tournaments.on_standings_page)
        controls.register(PuzzleButton, self.puzzles.on_answer)
        controls.register(PuzzleReplayButton, self.puzzles.on_replay)
        controls.register(PuzzleNextButton, self.puzzles.on_next)
        controls.register(PuzzleDayButton, self.puzzles.on_day_button)
        controls.register(QueueButton, self.ranked.on_button)
        controls.register(LadderButton, partial(on_ladder_page, self.bot))
        await service.start()
        await self.puzzles.start()
        await self.ranked.start()
        await self.tournament_group.tournaments.start()
        await catch_up(self.bot.db)  # matches finished but not rated when the bot stopped

    async def cog_unload(self) -> None:
        self.bot.controls.unregister(*BINGO_KINDS)
        self.tournament_group.tournaments.stop()
        await self.ranked.stop()
        await self.puzzles.stop()
        await self.service.stop()

    @commands.Cog.listener()
    async def on_bingo_match_finished(self, event: MatchFinished) -> None:
        """A match ended (committed, stats recorded in the same transaction): post its
        result. Also dispatched again at start-up for a result never posted."""
        match = self.service.runtime.lookup(event.match_id)
        if match is not None:  # else not run here: whoever loaded it kicked it
            self.service.delivery.kick(match, announce=True)

    @commands.Cog.listener("on_bingo_match_finished")
    async def rate_finished_match(self, event: MatchFinished) -> None:
        """Update both members' ratings after a match between members with a result
        (exactly once per match, however often its end is announced)."""
        await rate_finished(self.bot.db, event.match_id)
        await self.ranked.rate(event.match_id)  # a queue match: its queue ratings too

    @works_anywhere
    @app_commands.command(
        name="replay", description="Step through a finished BingoMagic match of this server."
    )
    @app_commands.describe(match="The match number (shown on its board and result)")
    async def replay(self, interaction: discord.Interaction, match: RecordNumber) -> None:
        """A finished match of this server, step by step, privately (Previous / Next),
        with both hands shown."""
        await show_replay(self.bot, Reply(interaction), match)

    @works_anywhere
    @app_commands.command(
        name="analyse", description="Grade every decision of a finished BingoMagic match."
    )
    @app_commands.describe(match="The match number (shown on its board and result)")
    async def analyse(self, interaction: discord.Interaction, match: RecordNumber) -> None:
        """The move-by-move analysis of a finished match of this server, privately: each
        player's accuracy, grades and win-chance chart (``cogs.bingo._analysis``)."""
        await self.analyses.show(Reply(interaction), match)

    @commands.Cog.listener()
    async def on_bingo_analysis_stored(self, match_id: int) -> None:
        """A match's analysis was stored: mine its puzzles in the background
        (``cogs.bingo._puzzles``)."""
        self.puzzles.request_mining(match_id)

    @works_anywhere
    @app_commands.command(
        name="puzzle",
        description="A puzzle from a real match: find the best move (only you see it).",
    )
    async def puzzle(self, interaction: discord.Interaction) -> None:
        """A puzzle privately: the member's own mistakes first, then the server's, then
        the bot's self-play ones (``cogs.bingo._puzzles``)."""
        await self.puzzles.offer(Reply(interaction), daily=False)

    @app_commands.command(
        name="daily-puzzle", description="This server's puzzle of the day (only you see it)."
    )
    async def daily_puzzle(self, interaction: discord.Interaction) -> None:
        """The server's puzzle of the day, privately (``cogs.bingo._puzzles``)."""
        await self.puzzles.offer(Reply(interaction), daily=True)

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
        mulligan=RULE_CHOICES,
    )
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        level: str | None = None,
        mulligan: str | None = None,
        free_first: bool | None = None,
        sequential: bool | None = None,
        forest_either_pile: bool | None = None,
    ) -> None:
        """Challenge a member (they Accept or Decline), or the bot itself (no accept
        step; ``level``: easy, medium or hard). Other bots, yourself, and a level against
        a member are refused privately, and so is a channel the server's settings do not
        list (``/bingo settings channels``). Options left out take the server's defaults
        (``/bingo settings mulligan`` / ``house-rules``)."""
        ctx = Reply(interaction)
        assert ctx.guild_id is not None and interaction.channel_id is not None
        server = await self.bot.db.guild_settings(ctx.guild_id)
        if not server.allows_channel(interaction.channel_id):
            return await ctx.reply_private(channel_refusal(server, await ctx.private()))
        options = challenge_options(
            server,
            max_timeouts=self.bot.settings.max_timeouts,
            mulligan=mulligan,
            free_first=free_first,
            sequential=sequential,
            forest_either_pile=forest_either_pile,
        )
        me = self.bot.user
        if me is not None and opponent.id == me.id:
            return await self.service.play_bot(ctx, level or DEFAULT_LEVEL, options)
        if opponent.id == ctx.user_id:
            return await ctx.tell("bingo-self-challenge")
        if opponent.bot:
            return await ctx.tell("bingo-no-bots", me=f"<@{me.id if me else 0}>")
        if level is not None:
            return await ctx.tell("bingo-level-member")
        await self.service.challenges.challenge(ctx, opponent, options)

    @works_anywhere
    @app_commands.command(
        name="queue",
        description="Ranked queue: play the member with the closest rating, from any server.",
    )
    async def queue(self, interaction: discord.Interaction) -> None:
        """The ranked queue across servers (``._queue``, docs/queue.md): the member waits,
        privately, for the queuing member with the closest queue rating, anywhere."""
        await self.ranked.join(Reply(interaction))

    @works_anywhere
    @app_commands.command(name="language", description="The language I use with you privately.")
    @app_commands.describe(language="A language, or automatic (your Discord language)")
    @app_commands.choices(
        language=[
            *language_choices(),
            app_commands.Choice(name="Automatic (my Discord language)", value=AUTOMATIC),
        ]
    )
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        """The member's language for private text (DMs, panels, private answers) in every
        server, or ``auto``: their Discord client's. Public text keeps the
        server's language. Panels of a match in progress follow from the next one."""
        languages = self.bot.languages
        chosen = None if language == AUTOMATIC else language_of(language)
        await languages.set_choice(interaction.user.id, chosen)
        client = languages.seen(interaction.user.id, client_locale(interaction))
        for match in self.service.matches.values():
            player = match.seat_of(interaction.user.id)
            if player is not None:
                table = table_of(match)
                table.config = table.config.with_seat_language(player, chosen or client)
        if chosen is None:
            name = attribute(client, f"choice-{client}", "name")
            text = t(client, "bingo-language-auto", language=name)
        else:
            text = t(chosen, "bingo-language-set")
        await Reply(interaction).reply_private(text)

    @works_anywhere
    @app_commands.command(name="hand", description="Show your hand and controls, privately.")
    async def hand(self, interaction: discord.Interaction) -> None:
        """The member's panel, privately: of their match in this server, or from a DM or
        a group DM, of their match in any server."""
        ctx = Reply(interaction)
        if not in_server(interaction) and await live_match_id(self.bot.db, interaction) is None:
            return await ctx.tell("anywhere-no-match")
        await self.service.show_hand(ctx)

    @works_anywhere
    @app_commands.command(
        name="rules", description="The rules of BingoMagic, page by page (only you see them)."
    )
    async def rules(self, interaction: discord.Interaction) -> None:
        """The rules in short pages with Previous / Next, privately (:mod:`bot.ui.rules`;
        the page buttons are the guide cog's)."""
        ctx = Reply(interaction)
        embed, files, view = rules_page(await ctx.private(), 0)
        await ctx.reply_private(embed=embed, files=files, view=view)

    @works_anywhere
    @app_commands.command(
        name="quick", description="Quick counter windows: turn them on or off, or see your choice."
    )
    @app_commands.describe(mode="On or off (leave it out to see your choice)")
    @app_commands.choices(mode=mode_choices("quick", "on", "off"))
    async def quick(self, interaction: discord.Interaction, mode: str | None = None) -> None:
        """Quick counter windows: a counter window of this member lasts
        ``BINGO_QUICK_COUNTER_SECONDS`` and resolves by itself, from their next match."""
        on = None if mode is None else mode == "quick_on"
        await self.service.set_quick_counter(Reply(interaction), on)

    @works_anywhere
    @app_commands.command(
        name="accessibility",
        description="Screen-reader mode: turn it on or off, or see your choice.",
    )
    @app_commands.describe(mode="On, off, or show your choice")
    @app_commands.choices(mode=mode_choices("a11y", "on", "off", "show"))
    async def accessibility(
        self, interaction: discord.Interaction, mode: str | None = None
    ) -> None:
        """Screen-reader mode (``cogs.bingo._accessible``): a plain sentence of the state
        first on every panel and board this member sees, from now on."""
        on = None if mode in (None, "a11y_show") else mode == "a11y_on"
        await set_accessible(self.service, Reply(interaction), on)

    @works_anywhere
    @app_commands.command(name="resign", description="Resign your BingoMagic match (you lose).")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.service.resign(Reply(interaction))

    @app_commands.command(name="stats", description="BingoMagic results in this server.")
    @app_commands.describe(
        user="Whose stats (default: yours)",
        season="A season, or all-time (default: the current season)",
    )
    @app_commands.autocomplete(season=season_autocomplete)
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        season: str | None = None,
    ) -> None:
        """A member's results against members in the current season (``season:``: another
        one, or all-time) with their rank and rating, their record against the bot at
        each level, and their recent matches."""
        ctx = Reply(interaction)
        assert ctx.guild_id is not None
        try:
            chosen = await resolve_season(self.bot, ctx.guild_id, season)
        except BadSeason:
            return await ctx.tell("seasons-unknown", season=season)
        lang = await ctx.public()  # a public post
        member = user or ctx.user
        embed = await stats_embed(self.bot, ctx.guild, ctx.guild_id, member, chosen, lang)
        await ctx.reply_public(embed=embed)

    @app_commands.command(
        name="leaderboard", description="The BingoMagic leaderboard of this server."
    )
    @app_commands.describe(
        by="Rank by rating (default) or by wins",
        season="A season, or all-time (default: the current season)",
    )
    @app_commands.choices(
        by=[
            app_commands.Choice(name="rating", value="rating"),
            app_commands.Choice(name="wins", value="wins"),
        ]
    )
    @app_commands.autocomplete(season=season_autocomplete)
    async def leaderboard(
        self, interaction: discord.Interaction, by: str = "rating", season: str | None = None
    ) -> None:
        """The server's ranking of matches between members (matches against the bot are
        in ``/bingo stats``, not here) in the current season (``season:``: another one, or
        all-time): by openskill rating (default) or by wins, in pages of ten
        (``cogs.bingo._leaderboard``)."""
        await show_leaderboard(self.bot, Reply(interaction), season, "w" if by == "wins" else "r")
