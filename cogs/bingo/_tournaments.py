"""Swiss tournaments: ``/bingo tournament …``, the sign-up buttons, rounds,
and results from finished matches.

Pairing and standings are pure (:mod:`bot.tournaments`, RULES §5); the state lives in the
database (:mod:`bot.storage.tournaments`), so a restart in the middle of a round loses
nothing: the matches are restored by the match service, the sign-up buttons are
``DynamicItem`` s, and a result that finished while the bot was down is picked up at start.

Organizers are members with Manage Server (or Administrator), or with the server's
organizer role (``/bingo tournament organizer``, set by Manage Server; stored in
``tournament_settings``). A player may drop themself.

The rounds run in :class:`bot.tournaments.service.TournamentService` (Discord-free);
this module is its :class:`~bot.tournaments.service.TournamentHost`: it starts a table's
match (stored, deadline armed, in a thread when it can; never for a member already in a
live match of the server: that table waits, RULES §5.6), posts the pairings and the final
standings, shows a round ended once its results are posted (:meth:`Tournaments.round_over`,
RULES §5.1: what the channel shows, in order), and passes on ``bingo_match_finished``.
The slash commands are declared in ``._tournament_group``; a round's time limit runs in
``._round_timer``. What is left here (about 650 lines) is one job, the host the
tournament service talks to, and is kept whole: its methods are the protocol's, and what it
uses of the match service is :class:`._ports.TableHost`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot import limits
from bot.engine import BingoOptions
from bot.engine.outcome import Outcome, Reason
from bot.i18n import t
from bot.matches import MatchFinished
from bot.outbox import SendStatus
from bot.storage.tournaments import Table, Tournament, TournamentStore
from bot.tournaments import Pairing, Standing
from bot.tournaments.service import StartedMatch, TournamentService
from bot.ui.controls import SignupButton, StandingsButton
from bot.ui.text import echo
from cogs.contexts import manages_server
from cogs.members import member_mention
from cogs.reply import Reply

from ._display import Display
from ._pages import message_kwargs
from ._round_timer import RoundTimer
from ._table import table_of

if TYPE_CHECKING:
    from bot.client import BingoBot

    from ._ports import TableHost

log = logging.getLogger(__name__)


def signup_view(tournament_id: int, locale: object = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SignupButton(tournament_id, "join", locale))
    view.add_item(SignupButton(tournament_id, "leave", locale))
    return view


def _percent(value: Any) -> str:
    return f"{float(value) * 100:.1f}"


def round_post(
    tournament: Tournament,
    number: int,
    kind: str,
    tables: Sequence[Table],
    deadline: float,
    threads: Mapping[int, int],
    *,
    ended: bool,
) -> str:
    """Round ``number``'s pairing post, in the tournament's language: its title (with
    its time limit ``deadline``, Unix seconds, while it runs; "ended" once it has), then a
    line per stored table (``tables``), linking its thread (``threads``: table number ->
    thread id). While it runs, a table waiting for a busy player says so; once ended, each
    table shows its result. At most ``limits.CONTENT`` characters."""
    lang = tournament.language
    name = echo(tournament.name, limits.TOURNAMENT_NAME)
    swiss = kind == "swiss"
    if ended:
        key = "tournament-round-title-ended" if swiss else "tournament-cut-title-ended"
        lines = [t(lang, key, name=name, round=number)]
    else:
        key = "tournament-round-title" if swiss else "tournament-cut-title"
        lines = [t(lang, key, name=name, round=number, deadline=f"<t:{int(deadline)}:R>")]
    for table in tables:
        if table.b is None:
            lines.append(t(lang, "tournament-bye-line", player=f"<@{table.a}>"))
            continue
        a, b = f"<@{table.a}>", f"<@{table.b}>"
        if ended and table.outcome is not None:
            line = t(
                lang, "tournament-table-result", table=table.table, a=a, b=b, result=table.outcome
            )
        else:
            line = t(lang, "tournament-table-line", table=table.table, a=a, b=b)
        thread = threads.get(table.table)
        if thread is not None:
            line = f"{line} · <#{thread}>"
        elif not ended and table.match_id is None and table.outcome is None:
            line = f"{line} · {t(lang, 'tournament-table-waiting')}"
        lines.append(line)
    return "\n".join(lines)[: limits.CONTENT]


def standings_lines(rows: list[Standing], locale: object) -> list[str]:
    """The table as lines: rank, member, points, W-L-D, OMW%, GW%, OGW% (and dropped)."""
    lines = [t(locale, "tournament-standings-header")]
    for row in rows:
        lines.append(
            t(
                locale,
                "tournament-standings-line",
                rank=row.rank,
                player=member_mention(row.player, locale),
                points=row.points,
                wins=row.wins + row.byes,
                losses=row.losses,
                draws=row.draws,
                omw=_percent(row.omwp),
                gw=_percent(row.gwp),
                ogw=_percent(row.ogwp),
                dropped="yes" if row.dropped else "no",
            )
        )
    return lines


class Tournaments:
    """The tournaments of one bot process: the commands, the sign-up buttons and what
    they post; :class:`~bot.tournaments.service.TournamentService` runs the rounds, with
    this object as its :class:`~bot.tournaments.service.TournamentHost`."""

    def __init__(self, service: TableHost) -> None:
        self.service = service
        self.bot: BingoBot = service.bot
        self.store = TournamentStore(service.db.backend)
        self.runner = TournamentService(self.store, self)
        self.timer = RoundTimer(self)
        #: Start-up's edit of round posts left showing a time limit (:meth:`start`).
        self._refresh: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Listen for finished matches; catch up on results that finished while the bot
        was down, re-arm every running round's time limit (stored), and start the tables
        that waited for a player now free. (The cog registers :meth:`on_signup` for the
        sign-up buttons.)"""
        self.bot.add_listener(self.on_match_finished, "on_bingo_match_finished")
        await self.runner.catch_up_all()
        await self.timer.restore()
        await self.runner.start_waiting(self.service.owns)
        self._refresh = asyncio.get_running_loop().create_task(
            self._refresh_round_posts(), name="tournament round posts"
        )

    def stop(self) -> None:
        self.bot.remove_listener(self.on_match_finished, "on_bingo_match_finished")
        self.timer.stop()
        if self._refresh is not None:
            self._refresh.cancel()

    # -- who may do what ---------------------------------------------------------------

    async def organizer(self, ctx: Reply) -> bool:
        """Whether the member organizes tournaments here ("Manage Server, or
        a role set in settings"): Manage Server, or holding the server's organizer role."""
        if manages_server(ctx.interaction):
            return True
        member = ctx.user
        if ctx.guild_id is None or not isinstance(member, discord.Member):
            return False
        role_id = await self.store.organizer_role(ctx.guild_id)
        return role_id is not None and any(r.id == role_id for r in member.roles)

    async def set_organizer_role(self, ctx: Reply, role: discord.Role | None) -> None:
        """Set (or, with ``None``, clear) the organizer role; Manage Server only."""
        if not manages_server(ctx.interaction):
            return await ctx.tell("tournament-organizer-manage-only")
        assert ctx.guild_id is not None
        await self.store.set_organizer_role(
            ctx.guild_id, None if role is None else role.id, time.time()
        )
        if role is None:
            return await ctx.tell("tournament-organizer-cleared")
        await ctx.tell("tournament-organizer-set", role=role.mention)

    async def find(self, ctx: Reply, tournament_id: int | None) -> Tournament | None:
        """The named tournament of this server, else its newest open one, else its
        newest; answers privately and returns ``None`` when there is none."""
        guild_id = ctx.guild_id
        assert guild_id is not None
        found: Tournament | None
        if tournament_id is not None:
            found = await self.store.get(tournament_id)
            if found is not None and found.guild_id != guild_id:
                found = None
        else:
            open_ones = await self.store.open_of_guild(guild_id)
            found = open_ones[0] if open_ones else await self.store.latest_of_guild(guild_id)
        if found is None:
            await ctx.tell("tournament-none")
        return found

    async def find_running(self, ctx: Reply, tournament_id: int | None) -> Tournament | None:
        """:meth:`find`, and only a tournament whose rounds are being played (Swiss or
        its cut); answers privately and returns ``None`` otherwise."""
        found = await self.find(ctx, tournament_id)
        if found is not None and found.status not in ("swiss", "cut"):
            await ctx.tell("tournament-not-running")
            return None
        return found

    # -- sign-up -------------------------------------------------------------------------

    async def create(
        self,
        ctx: Reply,
        *,
        name: str,
        rounds: int | None,
        minutes: int,
        options: BingoOptions,
        cut: bool,
    ) -> None:
        if not await self.organizer(ctx):
            return await ctx.tell("tournament-not-organizer")
        guild_id, channel_id = ctx.guild_id, ctx.interaction.channel_id
        assert guild_id is not None and channel_id is not None
        public = await ctx.public()
        tid = await self.store.create(
            guild_id=guild_id, channel_id=channel_id,
            organizer_id=ctx.user_id, name=name, rounds=rounds,
            round_seconds=minutes * 60.0, options=options.to_json(),
            cut=limits.TOURNAMENT_CUT if cut else 0, seed=secrets.randbits(62),
            language=public, now=time.time(), per_guild=limits.TOURNAMENTS_PER_GUILD,
        )  # fmt: skip
        if tid is None:
            return await ctx.tell("tournament-too-many", n=limits.TOURNAMENTS_PER_GUILD)
        tournament = await self.store.get(tid)
        assert tournament is not None
        await ctx.reply_public(await self._signup_text(tournament), view=signup_view(tid, public))
        message = await ctx.interaction.original_response()
        await self.store.set_signup_message(tid, message.id)

    async def _signup_text(self, tournament: Tournament, started_rounds: int | None = None) -> str:
        """The sign-up message: open, or (``started_rounds``: the Swiss rounds the
        tournament got when it started) closed, with the players who joined."""
        lang = tournament.language
        players = [e.user_id for e in await self.store.players(tournament.id)]
        rounds = str(started_rounds or tournament.rounds or "") or t(lang, "tournament-rounds-auto")
        listed = " ".join(f"<@{p}>" for p in players) or t(lang, "tournament-nobody")
        return t(
            lang,
            "tournament-signup" if started_rounds is None else "tournament-signup-closed",
            name=echo(tournament.name, limits.TOURNAMENT_NAME),
            id=tournament.id,
            rounds=rounds,
            minutes=int(tournament.round_seconds // 60),
            cut=tournament.cut,
            count=len(players),
            players=listed,
        )

    async def on_signup(self, interaction: discord.Interaction[Any], control: SignupButton) -> None:
        ctx = Reply(interaction)
        tid = control.tournament_id
        if control.op == "join":
            status = await self.store.join(
                tid, ctx.user_id, time.time(), limit=limits.TOURNAMENT_PLAYERS
            )
            if status != "joined":
                return await ctx.tell(f"tournament-join-{status}", n=limits.TOURNAMENT_PLAYERS)
        else:
            status = await self.store.leave(tid, ctx.user_id)
            if status != "left":
                return await ctx.tell(f"tournament-leave-{status}")
        tournament = await self.store.get(tid)
        assert tournament is not None
        await ctx.edit_message(content=await self._signup_text(tournament))

    async def refresh_signup(self, tournament_id: int) -> None:
        """Edit the sign-up message to the current list (after a moderator's removal)."""
        tournament = await self.store.get(tournament_id)
        if tournament is None or tournament.signup_message_id is None:
            return
        await self.service.outbox.edit(
            tournament.channel_id, tournament.signup_message_id,
            content=await self._signup_text(tournament),
        )  # fmt: skip

    # -- starting and running rounds ------------------------------------------------------

    async def begin(self, ctx: Reply, tournament_id: int | None) -> None:
        if not await self.organizer(ctx):
            return await ctx.tell("tournament-not-organizer")
        tournament = await self.find(ctx, tournament_id)
        if tournament is None:
            return
        if tournament.status != "signup":
            return await ctx.tell("tournament-already-started")
        players = await self.runner.players(tournament.id)
        if len(players) < 2:
            return await ctx.tell("tournament-too-few")
        await ctx.defer(ephemeral=False)
        closed = await self.runner.close_signup(tournament, players)
        if closed is None:
            return await ctx.tell("tournament-already-started")
        rounds, tables = closed
        lang = tournament.language
        await ctx.edit(
            content=t(
                lang,
                "tournament-started",
                name=echo(tournament.name, limits.TOURNAMENT_NAME),
                count=len(players),
                rounds=rounds,
            ),
        )
        if tournament.signup_message_id is not None:
            await self.service.outbox.edit(
                tournament.channel_id, tournament.signup_message_id,
                content=await self._signup_text(tournament, rounds), view=None,
            )  # fmt: skip
        await self.runner.run_round(tournament.id, 1, "swiss", tables)

    # -- TournamentHost: what the runner asks of the bot -----------------------------------

    async def start_match(
        self, tournament: Tournament, players: tuple[int, int]
    ) -> StartedMatch | None:
        """Store and start one match between two members (no challenge step), in a thread
        of its own when it can (see ._threads); ``None`` (nothing stored) when one of
        them already plays a live match in the server (RULES §5.6: the table waits)."""
        service = self.service
        if any([await service.db.active_match_of(tournament.guild_id, p) for p in players]):
            return None
        options = BingoOptions.from_json(tournament.options)
        names = [await self._name(tournament.guild_id, uid) for uid in players]
        setup = service.setup(
            options,
            names,
            await service.quick_counter(players),
            timing=await service.timing_for(tournament.guild_id),
        )
        await service.stamp_languages(setup, tournament.guild_id, players)
        setup.config = setup.config.with_tournament(tournament.id)  # its result: no rematch
        async with service.challenges.matchmaking(tournament.guild_id):
            created = await service.db.create_match_if_free(
                guild_id=tournament.guild_id,
                channel_id=tournament.channel_id,
                player_ids=players,
                **setup.stored(),
            )
        if isinstance(created, tuple):  # became busy while the names were looked up
            return None
        match_id = created
        try:
            await service.open_thread(
                setup, match_id, tournament.channel_id, self._permissions(tournament)
            )
        finally:
            await service.begin(
                setup, match_id, tournament.guild_id, tournament.channel_id, players, level=None
            )
        live = service.matches.get(match_id)
        thread = table_of(live).display.thread if live is not None else None
        return StartedMatch(match_id, thread or None)

    async def abandon(self, match_id: int, why: str) -> None:
        # Said in the result (cogs.bingo._render.result_line), not "it could not go on".
        await self.service.runtime.abandon(match_id, Reason.NO_RESULT, why)

    async def busy(self, guild_id: int, user_id: int) -> bool:
        return await self.service.db.active_match_of(guild_id, user_id) is not None

    async def table_started(
        self, tournament: Tournament, number: int, table: int, started: StartedMatch
    ) -> None:
        """Post that a table which waited for a busy player has its match now."""
        pairing = next(
            (
                x
                for x in await self.store.tables(tournament.id)
                if (x.round, x.table) == (number, table)
            ),
            None,
        )
        if pairing is None:
            return
        lang = tournament.language
        line = t(
            lang, "tournament-table-started", table=table, a=f"<@{pairing.a}>", b=f"<@{pairing.b}>"
        )
        if started.thread_id:
            line = f"{line} · <#{started.thread_id}>"
        await self.service.outbox.send(tournament.channel_id, content=line[: limits.CONTENT])

    async def finished_result(self, match_id: int) -> tuple[int | None, Outcome] | None:
        record = await self.service.db.get_match(match_id)
        if record is not None and not record.active and record.result is not None:
            return record.winner_id, Outcome(record.result)
        return None

    def _permissions(self, tournament: Tournament) -> discord.Permissions:
        """The bot's permissions in the tournament's channel (none when not cached)."""
        channel = self.bot.get_channel(tournament.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return discord.Permissions.none()
        return channel.permissions_for(channel.guild.me)

    async def _name(self, guild_id: int, user_id: int) -> str:
        guild = self.bot.get_guild(guild_id)
        member = guild.get_member(user_id) if guild is not None else None
        if member is None and guild is not None:
            fetched = await self.service.outbox.call(
                lambda: guild.fetch_member(user_id), what=f"fetch member {user_id}"
            )
            member = fetched.value
        return member.display_name if member is not None else f"Player {user_id}"

    async def post_pairings(
        self,
        tournament: Tournament,
        number: int,
        kind: str,
        tables: Sequence[Pairing],
        deadline: float,
        threads: dict[int, int],
    ) -> int | None:
        """Post round ``number``'s pairings (its tables as stored); a table played in a
        thread (``threads``: table number -> thread id) links it. The message's id (the
        round stores it: :meth:`round_over` edits that post)."""
        self.timer.arm(tournament.id, number, deadline, started=self.runner.clock())
        stored = [x for x in await self.store.tables(tournament.id) if x.round == number]
        content = round_post(tournament, number, kind, stored, deadline, threads, ended=False)
        sent = await self.service.outbox.send(tournament.channel_id, content=content)
        message = getattr(sent, "value", None)
        return None if message is None else message.id

    async def round_over(self, tournament: Tournament, number: int) -> None:
        """Round ``number`` has ended: wait until its matches' results are posted in the
        channel (at most ``TOURNAMENT_RESULTS_WAIT_SECONDS``), so that the next round's
        threads and pairings (or the final standings) come after them; then edit its
        pairing post to show it ended (:meth:`show_round_ended`)."""
        tables = [x for x in await self.store.tables(tournament.id) if x.round == number]
        matches = [x.match_id for x in tables if x.match_id is not None]
        wait = limits.TOURNAMENT_RESULTS_WAIT_SECONDS
        if not await self.service.results_posted(matches, seconds=wait):
            log.warning(
                "Tournament %s round %s: results still unposted after %.0f s; moving on",
                tournament.id, number, wait,
            )  # fmt: skip
        await self.show_round_ended(tournament.id, number)

    async def show_round_ended(self, tournament_id: int, number: int) -> None:
        """Edit round ``number``'s pairing post to show it ended, with each table's
        result and no time limit, and record that it does (``message_ended_at``): once
        shown, or with the post or its channel gone, it is not edited again. A refused
        edit is left for the next start (:meth:`start`)."""
        tournament = await self.store.get(tournament_id)
        rounds = await self.store.rounds(tournament_id)
        found = next((r for r in rounds if r.number == number), None)
        if tournament is None or found is None or found.ended_at is None:
            return
        if found.message_id is None or found.message_ended_at is not None:
            return
        tables = [x for x in await self.store.tables(tournament_id) if x.round == number]
        threads = await self._threads(tables)
        content = round_post(
            tournament, number, found.kind, tables, found.deadline, threads, ended=True
        )
        sent = await self.service.outbox.edit(
            tournament.channel_id, found.message_id, content=content
        )
        if sent.ok or sent.status in (SendStatus.MESSAGE_GONE, SendStatus.CHANNEL_GONE):
            await self.store.set_round_message_ended(tournament_id, number, time.time())

    async def _threads(self, tables: Sequence[Table]) -> dict[int, int]:
        """Table number -> the thread its match was played in (its stored display)."""
        threads: dict[int, int] = {}
        for table in tables:
            if table.match_id is None:
                continue
            record = await self.service.db.get_match(table.match_id)
            if record is None:
                continue
            try:
                thread = Display.from_json(record.ui).thread
            except (KeyError, IndexError, TypeError, ValueError):
                continue
            if thread:
                threads[table.table] = thread
        return threads

    async def _refresh_round_posts(self) -> None:
        """At start: show ended every round of this process's servers whose pairing post
        still shows its time limit (the last process stopped before editing it)."""
        for tournament_id, number in await self.store.stale_round_posts():
            tournament = await self.store.get(tournament_id)
            if tournament is None or not self.service.owns(tournament.guild_id):
                continue
            try:
                await self.show_round_ended(tournament_id, number)
            except Exception:
                log.exception("Tournament %s: showing round %s ended failed", tournament_id, number)

    async def post_final(self, tournament: Tournament, rows: list[Standing]) -> None:
        lang = tournament.language
        title = t(
            lang, "tournament-final-title", name=echo(tournament.name, limits.TOURNAMENT_NAME)
        )
        page = message_kwargs(tournament.id, title, standings_lines(rows, lang), 0, lang)
        await self.service.outbox.send(tournament.channel_id, **page)

    async def on_match_finished(self, event: MatchFinished) -> None:
        """A match ended: the runner records it on its table, if any."""
        result = event.result
        record = await self.service.db.get_match(event.match_id)
        await self.runner.match_finished(
            event.match_id,
            result.winner_id,
            result.outcome,
            guild_id=None if record is None else record.guild_id,
        )

    # -- organizer commands -----------------------------------------------------------------

    async def show_standings(self, ctx: Reply, tournament_id: int | None) -> None:
        tournament = await self.find(ctx, tournament_id)
        if tournament is None:
            return
        await ctx.reply_public(**await self._standings_page(tournament, 0, await ctx.public()))

    async def _standings_page(self, tournament: Tournament, page: int, lang: str) -> dict[str, Any]:
        """Page ``page`` of the tournament's standings, in ``lang`` (the server's
        language: a public post), as message keyword arguments (``._pages``)."""
        rows = await self.runner.final_order(tournament)
        title = t(
            lang,
            "tournament-standings-title",
            name=echo(tournament.name, limits.TOURNAMENT_NAME),
            round=tournament.current_round,
        )
        return message_kwargs(tournament.id, title, standings_lines(rows, lang), page, lang)

    async def on_standings_page(
        self, interaction: discord.Interaction[Any], control: StandingsButton
    ) -> None:
        """Previous / Next under standings: the message shows that page (``_pages``)."""
        ctx = Reply(interaction)
        tournament = await self.store.get(control.tournament_id)
        if tournament is None or tournament.guild_id != ctx.guild_id:
            return await ctx.tell("tournament-none")
        page = await self._standings_page(tournament, control.page, await ctx.public())
        page.setdefault("view", None)  # one page left: no buttons
        await ctx.edit_message(**page)

    async def report(
        self, ctx: Reply, player: discord.abc.User, result: str, tournament_id: int | None
    ) -> None:
        if not await self.organizer(ctx):
            return await ctx.tell("tournament-not-organizer")
        tournament = await self.find_running(ctx, tournament_id)
        if tournament is None:
            return
        table = await self.runner.report(tournament, player.id, result)  # type: ignore[arg-type]
        if table is None:
            return await ctx.tell("tournament-no-table", player=player.mention)
        await ctx.tell("tournament-reported", table=table.table, round=tournament.current_round)
        await self.runner.maybe_advance(tournament.id)

    async def drop(
        self, ctx: Reply, player: discord.abc.User | None, tournament_id: int | None
    ) -> None:
        target = player or ctx.user
        if target.id != ctx.user_id and not await self.organizer(ctx):
            return await ctx.tell("tournament-not-organizer")
        tournament = await self.find_running(ctx, tournament_id)
        if tournament is None:
            return
        if not await self.runner.drop(tournament, target.id):
            return await ctx.tell("tournament-not-a-player", player=target.mention)
        lang = tournament.language
        await ctx.reply_public(
            t(lang, "tournament-dropped", player=target.mention, round=tournament.current_round)
        )

    async def end_round(self, ctx: Reply, tournament_id: int | None) -> None:
        """The organizer ends the current round: every unfinished table is a draw (its
        match is stopped with no result of its own), then the tournament moves on."""
        if not await self.organizer(ctx):
            return await ctx.tell("tournament-not-organizer")
        tournament = await self.find_running(ctx, tournament_id)
        if tournament is None:
            return
        await ctx.defer()
        number = tournament.current_round
        drawn = await self.runner.end_round(tournament)
        await ctx.edit(content=await ctx.text("tournament-round-ended", round=number, drawn=drawn))
        await self.runner.maybe_advance(tournament.id)
