"""Swiss tournaments: ``/bingo tournament …``, the sign-up buttons, rounds,
and results from finished matches.

Pairing and standings are pure (:mod:`bot.tournaments`, RULES §5); the state lives in the
database (:mod:`bot.storage.tournaments`), so a restart in the middle of a round loses
nothing: the matches are restored by the match service, the sign-up buttons are
``DynamicItem`` s, and a result that finished while the bot was down is picked up at start.

Organizers are members with Manage Server (or Administrator), or with the server's
organizer role (``/bingo tournament organizer``, set by Manage Server; stored in
``tournament_settings``). A player may drop themself.

Each round: store the round and its tables (one transaction, compare-and-set on the round
number, so a repeated end-of-round or a late match result cannot start it twice), then start
every match (stored, deadline armed), then post the pairings. A finished match records its
table's result through ``bingo_match_finished``; when every table of the round has a result,
the next round is paired (or the cut, or the final standings posted).
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import secrets
import time
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot import limits
from bot.engine import BingoOptions
from bot.i18n import t
from bot.interactions import reply_private
from bot.matches import MatchFinished
from bot.storage.tournaments import Tournament, TournamentStore
from bot.tournaments import (
    Pairing,
    Standing,
    cut_round,
    cut_size,
    default_rounds,
    next_cut_round,
    pair_round,
    round_one,
    standings,
)
from bot.ui.text import echo

from . import _views
from ._settings import RULE_CHOICES, challenge_options, reader_language

if TYPE_CHECKING:
    from bot.client import BingoBot

    from ._matches import MatchService

log = logging.getLogger(__name__)


class SignupButton(_views.Control, template=r"bingo:tj:(?P<tournament>\d+):(?P<op>join|leave)"):
    """Join / Leave on a tournament's public sign-up message."""

    where = "tournament sign-up"

    def __init__(self, tournament_id: int, op: str, locale: object = None) -> None:
        join = op == "join"
        super().__init__(
            discord.ui.Button(
                custom_id=f"bingo:tj:{tournament_id}:{op}",
                label=t(locale, "tournament-button-join" if join else "tournament-button-leave"),
                style=discord.ButtonStyle.success if join else discord.ButtonStyle.secondary,
            )
        )
        self.tournament_id = tournament_id
        self.op = op

    @classmethod
    def parse(cls, found: re.Match[str]) -> SignupButton:
        return cls(int(found["tournament"]), found["op"])


def signup_view(tournament_id: int, locale: object = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SignupButton(tournament_id, "join", locale))
    view.add_item(SignupButton(tournament_id, "leave", locale))
    return view


def _percent(value: Any) -> str:
    return f"{float(value) * 100:.1f}"


def standings_lines(rows: list[Standing], locale: object) -> list[str]:
    """The table as lines: rank, member, points, W-L-D, OMW%, GW%, OGW% (and dropped)."""
    lines = [t(locale, "tournament-standings-header")]
    for row in rows:
        lines.append(
            t(
                locale,
                "tournament-standings-line",
                rank=row.rank,
                player=f"<@{row.player}>",
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


def _round_seed(seed: int, number: int) -> int:
    """The recorded seed of round ``number``'s random tie-breaks (round 1: the
    tournament's own seed)."""
    return seed if number == 1 else (seed * 1_000_003 + number) % 2**63


class Tournaments:
    """The tournaments of one bot process (see the module docstring)."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.bot: BingoBot = service.bot
        self.store = TournamentStore(service.db.backend)
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def start(self) -> None:
        """Bind the sign-up buttons; listen for finished matches; catch up on results
        that finished while the bot was down."""
        _views.bind({SignupButton: self.on_signup})
        self.bot.add_listener(self.on_match_finished, "on_bingo_match_finished")
        for tournament in await self.store.open_tournaments():
            if tournament.status in ("swiss", "cut"):
                try:
                    await self._catch_up(tournament)
                except Exception:
                    log.exception("Catching up tournament %s failed", tournament.id)

    def stop(self) -> None:
        self.bot.remove_listener(self.on_match_finished, "on_bingo_match_finished")

    async def _catch_up(self, tournament: Tournament) -> None:
        for table in await self.store.tables(tournament.id):
            if table.round == tournament.current_round and table.outcome is None and table.match_id:
                record = await self.service.db.get_match(table.match_id)
                if record is not None and not record.active and record.result is not None:
                    await self._record_match(table.match_id, record.winner_id, record.result)
        asyncio.get_running_loop().create_task(self._maybe_advance(tournament.id))

    # -- who may do what ---------------------------------------------------------------

    @staticmethod
    def manager(interaction: discord.Interaction[Any]) -> bool:
        """Whether the member has Manage Server (or Administrator) here."""
        perms = interaction.permissions
        return bool(perms.manage_guild or perms.administrator)

    async def organizer(self, interaction: discord.Interaction[Any]) -> bool:
        """Whether the member organizes tournaments here ("Manage Server, or
        a role set in settings"): Manage Server, or holding the server's organizer role."""
        if self.manager(interaction):
            return True
        if interaction.guild_id is None or not isinstance(interaction.user, discord.Member):
            return False
        role_id = await self.store.organizer_role(interaction.guild_id)
        return role_id is not None and any(r.id == role_id for r in interaction.user.roles)

    async def set_organizer_role(
        self, interaction: discord.Interaction[Any], role: discord.Role | None
    ) -> None:
        """Set (or, with ``None``, clear) the organizer role; Manage Server only."""
        if not self.manager(interaction):
            return await self._say(interaction, "tournament-organizer-manage-only")
        assert interaction.guild_id is not None
        await self.store.set_organizer_role(
            interaction.guild_id, None if role is None else role.id, time.time()
        )
        if role is None:
            return await self._say(interaction, "tournament-organizer-cleared")
        await self._say(interaction, "tournament-organizer-set", role=role.mention)

    async def _say(self, interaction: discord.Interaction[Any], key: str, **args: Any) -> None:
        lang = await reader_language(self.service.db, interaction)
        await reply_private(interaction, t(lang, key, **args))

    async def _find(
        self, interaction: discord.Interaction[Any], tournament_id: int | None
    ) -> Tournament | None:
        """The named tournament of this server, else its newest open one, else its
        newest; answers privately and returns ``None`` when there is none."""
        assert interaction.guild_id is not None
        found: Tournament | None
        if tournament_id is not None:
            found = await self.store.get(tournament_id)
            if found is not None and found.guild_id != interaction.guild_id:
                found = None
        else:
            open_ones = await self.store.open_of_guild(interaction.guild_id)
            found = (
                open_ones[0]
                if open_ones
                else await self.store.latest_of_guild(interaction.guild_id)
            )
        if found is None:
            await self._say(interaction, "tournament-none")
        return found

    # -- sign-up -------------------------------------------------------------------------

    async def create(
        self,
        interaction: discord.Interaction[Any],
        *,
        name: str,
        rounds: int | None,
        minutes: int,
        options: BingoOptions,
        cut: bool,
    ) -> None:
        if not await self.organizer(interaction):
            return await self._say(interaction, "tournament-not-organizer")
        assert interaction.guild_id is not None and interaction.channel_id is not None
        public = await self.service.languages.public_of(interaction)
        tid = await self.store.create(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            organizer_id=interaction.user.id, name=name, rounds=rounds,
            round_seconds=minutes * 60.0, options=options.to_json(),
            cut=limits.TOURNAMENT_CUT if cut else 0, seed=secrets.randbits(62),
            language=public, now=time.time(), per_guild=limits.TOURNAMENTS_PER_GUILD,
        )  # fmt: skip
        if tid is None:
            return await self._say(
                interaction, "tournament-too-many", n=limits.TOURNAMENTS_PER_GUILD
            )
        tournament = await self.store.get(tid)
        assert tournament is not None
        await interaction.response.send_message(
            await self._signup_text(tournament), view=signup_view(tid, public)
        )
        message = await interaction.original_response()
        await self.store.set_signup_message(tid, message.id)

    async def _signup_text(self, tournament: Tournament) -> str:
        lang = tournament.language
        players = [e.user_id for e in await self.store.players(tournament.id)]
        rounds = str(tournament.rounds) if tournament.rounds else t(lang, "tournament-rounds-auto")
        listed = " ".join(f"<@{p}>" for p in players) or t(lang, "tournament-nobody")
        return t(
            lang,
            "tournament-signup",
            name=echo(tournament.name, limits.TOURNAMENT_NAME),
            id=tournament.id,
            rounds=rounds,
            minutes=int(tournament.round_seconds // 60),
            cut=tournament.cut,
            count=len(players),
            players=listed,
        )

    async def on_signup(self, interaction: discord.Interaction[Any], control: SignupButton) -> None:
        tid = control.tournament_id
        if control.op == "join":
            status = await self.store.join(
                tid, interaction.user.id, time.time(), limit=limits.TOURNAMENT_PLAYERS
            )
            if status != "joined":
                return await self._say(
                    interaction, f"tournament-join-{status}", n=limits.TOURNAMENT_PLAYERS
                )
        else:
            status = await self.store.leave(tid, interaction.user.id)
            if status != "left":
                return await self._say(interaction, f"tournament-leave-{status}")
        tournament = await self.store.get(tid)
        assert tournament is not None
        await interaction.response.edit_message(content=await self._signup_text(tournament))

    # -- starting and running rounds ------------------------------------------------------

    async def begin(self, interaction: discord.Interaction[Any], tournament_id: int | None) -> None:
        if not await self.organizer(interaction):
            return await self._say(interaction, "tournament-not-organizer")
        tournament = await self._find(interaction, tournament_id)
        if tournament is None:
            return
        if tournament.status != "signup":
            return await self._say(interaction, "tournament-already-started")
        players = [e.user_id for e in await self.store.players(tournament.id)]
        if len(players) < 2:
            return await self._say(interaction, "tournament-too-few")
        await interaction.response.defer()
        tables = round_one(players, random.Random(tournament.seed))
        seeds = [p for table in tables for p in (table.a, table.b) if p is not None]
        rounds = tournament.rounds or default_rounds(len(players))
        async with self._lock(tournament.id):
            if not await self.store.start(tournament.id, rounds, seeds, time.time()):
                return await self._say(interaction, "tournament-already-started")
        lang = tournament.language
        await interaction.edit_original_response(
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
                content=await self._signup_text(tournament), view=None,
            )  # fmt: skip
        await self._run_round(tournament.id, 1, "swiss", tables)

    async def _run_round(
        self, tournament_id: int, number: int, kind: str, tables: list[Pairing]
    ) -> None:
        """Store round ``number`` (once), start its matches, post its pairings."""
        tournament = await self.store.get(tournament_id)
        assert tournament is not None
        now = time.time()
        stored = await self.store.begin_round(
            tournament_id, number, kind=kind,  # type: ignore[arg-type]
            seed=_round_seed(tournament.seed, number), now=now,
            deadline=now + tournament.round_seconds, tables=tables,
        )  # fmt: skip
        if not stored:
            return
        options = BingoOptions.from_json(tournament.options)
        threads: dict[int, int] = {}  # table number -> its match's thread
        for index, table in enumerate(tables, start=1):
            if table.b is None:
                continue
            try:
                match_id = await self._start_match(tournament, (table.a, table.b), options)
            except Exception:
                log.exception(
                    "Tournament %s round %s table %s: no match", tournament_id, number, index
                )
                continue
            await self.store.set_match(tournament_id, number, index, match_id)
            live = self.service.matches.get(match_id)
            if live is not None and live.context.ui.get("thread"):
                threads[index] = live.context.ui["thread"]
        await self._post_pairings(
            tournament, number, kind, tables, now + tournament.round_seconds, threads
        )

    async def _start_match(
        self, tournament: Tournament, players: tuple[int, int], options: BingoOptions
    ) -> int:
        """Store and start one match between two members (no challenge step)."""
        service = self.service
        names = [await self._name(tournament.guild_id, uid) for uid in players]
        setup = service.setup(
            options,
            names,
            await service.quick_counter(players),
            timing=await service.timing_for(tournament.guild_id),
        )
        await service.stamp_languages(setup.ui, tournament.guild_id, players)
        match_id = await service.db.create_match(
            guild_id=tournament.guild_id,
            channel_id=tournament.channel_id,
            player_ids=players,
            **setup.stored(),
        )
        try:  # each table in a thread of its own (see ._threads)
            await service.open_thread(
                setup, match_id, tournament.channel_id, self._permissions(tournament)
            )
        finally:
            await service.begin(
                setup, match_id, tournament.guild_id, tournament.channel_id, players, level=None
            )
        return match_id

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

    async def _post_pairings(
        self,
        tournament: Tournament,
        number: int,
        kind: str,
        tables: list[Pairing],
        deadline: float,
        threads: dict[int, int] | None = None,
    ) -> None:
        """Post round ``number``'s pairings; a table played in a thread (``threads``: table
        number -> thread id) links it."""
        lang = tournament.language
        lines = [
            t(
                lang,
                "tournament-round-title" if kind == "swiss" else "tournament-cut-title",
                name=echo(tournament.name, limits.TOURNAMENT_NAME),
                round=number,
                deadline=f"<t:{int(deadline)}:R>",
            )
        ]
        for index, table in enumerate(tables, start=1):
            if table.b is None:
                lines.append(t(lang, "tournament-bye-line", player=f"<@{table.a}>"))
            else:
                line = t(
                    lang, "tournament-table-line", table=index, a=f"<@{table.a}>", b=f"<@{table.b}>"
                )
                thread = (threads or {}).get(index)
                lines.append(line if thread is None else f"{line} · <#{thread}>")
        sent = await self.service.outbox.send(
            tournament.channel_id, content="\n".join(lines)[:2000]
        )
        message = getattr(sent, "value", None)
        if message is not None:
            await self.store.set_round_message(tournament.id, number, message.id)

    # -- results ---------------------------------------------------------------------------

    async def on_match_finished(self, event: MatchFinished) -> None:
        """A match ended: if a tournament table was waiting for it, record its result and
        move the tournament on when the round is complete."""
        result = event.result
        if result.outcome == "no_result":
            return  # counts for nobody: the organizer reports it, or it is a draw at time
        found = await self._record_match(event.match.id, result.winner_id, result.outcome)
        if found is not None:
            await self._maybe_advance(found)

    async def _record_match(self, match_id: int, winner_id: int | None, outcome: str) -> int | None:
        where = await self.store.table_of_match(match_id)
        if where is None:
            return None
        tid, number, index = where
        table = next(
            (x for x in await self.store.tables(tid) if x.round == number and x.table == index),
            None,
        )
        if table is None:
            return None
        if outcome == "draw" or winner_id is None:
            side = "draw"
        else:
            side = "a" if winner_id == table.a else "b"
        await self.store.record(tid, number, index, side, "match")  # type: ignore[arg-type]
        return tid

    async def _maybe_advance(self, tournament_id: int) -> None:
        """If every table of the current round has a result: pair the next round, or the
        cut, or post the final standings."""
        async with self._lock(tournament_id):
            tournament = await self.store.get(tournament_id)
            if tournament is None or tournament.status not in ("swiss", "cut"):
                return
            number = tournament.current_round
            tables = await self.store.tables(tournament_id)
            current = [x for x in tables if x.round == number]
            if not current or any(x.outcome is None for x in current):
                return
            await self.store.end_round(tournament_id, number, time.time())
            plan = await self._next(tournament, tables)
        if plan is None:
            await self._finish(tournament_id)
        else:
            kind, pairings = plan
            await self._run_round(tournament_id, number + 1, kind, pairings)

    async def _next(
        self, tournament: Tournament, tables: list[Any]
    ) -> tuple[str, list[Pairing]] | None:
        entries = await self.store.players(tournament.id)
        seeds = [e.user_id for e in entries]
        dropped = [e.user_id for e in entries if e.dropped]
        number = tournament.current_round
        swiss = [x.pairing for x in tables if x.round <= (tournament.rounds or 0)]
        table = standings(seeds, swiss, dropped=dropped)
        active = [s.player for s in table if not s.dropped]
        if tournament.status == "swiss":
            if number < (tournament.rounds or 0) and len(active) >= 2:
                rng = random.Random(_round_seed(tournament.seed, number + 1))
                return "swiss", pair_round(active, swiss, number + 1, rng)
            size = cut_size(len(active), tournament.cut) if tournament.cut else 0
            if size >= 2:
                return "cut", cut_round(active[:size], number + 1)
            return None
        last = [x.pairing for x in tables if x.round == number]
        following = next_cut_round(last, number + 1)
        return ("cut", following) if following else None

    async def _finish(self, tournament_id: int) -> None:
        tournament = await self.store.get(tournament_id)
        if tournament is None:
            return
        if not await self.store.set_status(
            tournament_id, tournament.status, "finished", now=time.time()
        ):
            return
        text = await self.final_text(tournament)
        await self.service.outbox.send(tournament.channel_id, content=text[:2000])

    async def final_order(self, tournament: Tournament) -> list[Standing]:
        """The standings (RULES §5.3); after a cut, its finishing order comes first."""
        entries = await self.store.players(tournament.id)
        tables = await self.store.tables(tournament.id)
        rounds = tournament.rounds or 0
        swiss = [x.pairing for x in tables if x.round <= rounds]
        rows = standings(
            [e.user_id for e in entries], swiss, dropped=[e.user_id for e in entries if e.dropped]
        )
        cut = [x.pairing for x in tables if x.round > rounds]
        if not cut:
            return rows
        out: dict[int, int] = {}  # player -> cut round reached
        for pairing in cut:
            for p in (pairing.a, pairing.b):
                if p is not None:
                    out[p] = max(out.get(p, 0), pairing.round)
        final = max(p.round for p in cut)
        champion = [p for p in cut if p.round == final][0]
        best = {p.player: i for i, p in enumerate(rows)}

        def key(row: Standing) -> tuple[int, int, int]:
            reached = out.get(row.player)
            if reached is None:
                return (1, 0, best[row.player])
            won = 1 if champion.outcome is not None and _advanced(champion, row.player) else 0
            return (0, -(reached + won), best[row.player])

        ordered = sorted(rows, key=key)
        from dataclasses import replace

        return [replace(row, rank=i + 1) for i, row in enumerate(ordered)]

    async def final_text(self, tournament: Tournament) -> str:
        lang = tournament.language
        rows = await self.final_order(tournament)
        title = t(
            lang, "tournament-final-title", name=echo(tournament.name, limits.TOURNAMENT_NAME)
        )
        return "\n".join([title, *standings_lines(rows, lang)])

    # -- organizer commands -----------------------------------------------------------------

    async def show_standings(
        self, interaction: discord.Interaction[Any], tournament_id: int | None
    ) -> None:
        tournament = await self._find(interaction, tournament_id)
        if tournament is None:
            return
        lang = await self.service.languages.public_of(interaction)
        rows = await self.final_order(tournament)
        title = t(
            lang,
            "tournament-standings-title",
            name=echo(tournament.name, limits.TOURNAMENT_NAME),
            round=tournament.current_round,
        )
        text = "\n".join([title, *standings_lines(rows, lang)])
        await interaction.response.send_message(text[:2000])

    async def report(
        self,
        interaction: discord.Interaction[Any],
        player: discord.abc.User,
        result: str,
        tournament_id: int | None,
    ) -> None:
        if not await self.organizer(interaction):
            return await self._say(interaction, "tournament-not-organizer")
        tournament = await self._find(interaction, tournament_id)
        if tournament is None:
            return
        if tournament.status not in ("swiss", "cut"):
            return await self._say(interaction, "tournament-not-running")
        number = tournament.current_round
        table = next(
            (
                x
                for x in await self.store.tables(tournament.id)
                if x.round == number and player.id in (x.a, x.b) and x.b is not None
            ),
            None,
        )
        if table is None:
            return await self._say(interaction, "tournament-no-table", player=player.mention)
        side: Literal["a", "b", "draw"]
        if result == "draw":
            side = "draw"
        else:
            won = result == "win"
            side = "a" if (player.id == table.a) == won else "b"
        await self.store.record(
            tournament.id, number, table.table, side, "organizer", overwrite=True
        )
        if table.match_id is not None:
            await self.service.runtime.abandon(table.match_id)  # its result no longer counts
        await self._say(interaction, "tournament-reported", table=table.table, round=number)
        await self._maybe_advance(tournament.id)

    async def drop(
        self,
        interaction: discord.Interaction[Any],
        player: discord.abc.User | None,
        tournament_id: int | None,
    ) -> None:
        target = player or interaction.user
        if target.id != interaction.user.id and not await self.organizer(interaction):
            return await self._say(interaction, "tournament-not-organizer")
        tournament = await self._find(interaction, tournament_id)
        if tournament is None:
            return
        if tournament.status not in ("swiss", "cut"):
            return await self._say(interaction, "tournament-not-running")
        if not await self.store.drop(tournament.id, target.id, tournament.current_round):
            return await self._say(interaction, "tournament-not-a-player", player=target.mention)
        lang = tournament.language
        await interaction.response.send_message(
            t(lang, "tournament-dropped", player=target.mention, round=tournament.current_round)
        )

    async def end_round(
        self, interaction: discord.Interaction[Any], tournament_id: int | None
    ) -> None:
        """The organizer ends the current round: every unfinished table is a draw (its
        match is stopped with no result of its own), then the tournament moves on."""
        if not await self.organizer(interaction):
            return await self._say(interaction, "tournament-not-organizer")
        tournament = await self._find(interaction, tournament_id)
        if tournament is None:
            return
        if tournament.status not in ("swiss", "cut"):
            return await self._say(interaction, "tournament-not-running")
        await interaction.response.defer(ephemeral=True, thinking=True)
        number = tournament.current_round
        drawn = 0
        for table in await self.store.tables(tournament.id):
            if table.round == number and table.outcome is None:
                if await self.store.record(tournament.id, number, table.table, "draw", "time"):
                    drawn += 1
                if table.match_id is not None:
                    await self.service.runtime.abandon(table.match_id)
        lang = await reader_language(self.service.db, interaction)
        await interaction.edit_original_response(
            content=t(lang, "tournament-round-ended", round=number, drawn=drawn)
        )
        await self._maybe_advance(tournament.id)


def _advanced(pairing: Pairing, player: int) -> bool:
    from bot.tournaments import advancing

    return advancing(pairing) == player


class TournamentGroup(app_commands.Group):
    """``/bingo tournament``: create, start, standings, report, drop, end-round, organizer."""

    def __init__(self, service: MatchService) -> None:
        super().__init__(name="tournament", description="Swiss BingoMagic tournaments.")
        self.tournaments = Tournaments(service)
        self.service = service

    @app_commands.command(name="create", description="Create a Swiss tournament (organizers).")
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
        assert interaction.guild_id is not None
        server = await self.service.db.guild_settings(interaction.guild_id)
        options = challenge_options(
            server,
            max_timeouts=self.service.settings.max_timeouts,
            mulligan=mulligan,
            free_first=free_first,
            sequential=sequential,
            forest_either_pile=forest_either_pile,
        )
        await self.tournaments.create(
            interaction, name=name, rounds=rounds, minutes=minutes, options=options, cut=cut
        )

    @app_commands.command(name="start", description="Close sign-up and pair round 1 (organizers).")
    @app_commands.describe(tournament="The tournament's number (default: the newest open one)")
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self.tournaments.begin(interaction, tournament)

    @app_commands.command(name="standings", description="The standings with their tiebreakers.")
    @app_commands.describe(tournament="The tournament's number (default: the newest open one)")
    async def standings(
        self, interaction: discord.Interaction, tournament: int | None = None
    ) -> None:
        await self.tournaments.show_standings(interaction, tournament)

    @app_commands.command(name="report", description="Record a result by hand (organizers).")
    @app_commands.describe(
        player="A player of the table",
        result="That player's result",
        tournament="The tournament's number (default: the newest open one)",
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
        tournament: int | None = None,
    ) -> None:
        await self.tournaments.report(interaction, player, result, tournament)

    @app_commands.command(
        name="drop", description="Drop a player (yourself, or anyone: organizers)."
    )
    @app_commands.describe(
        player="Who drops (default: you)",
        tournament="The tournament's number (default: the newest open one)",
    )
    async def drop(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        tournament: int | None = None,
    ) -> None:
        await self.tournaments.drop(interaction, player, tournament)

    @app_commands.command(
        name="end-round", description="End the round at its time limit: unfinished matches draw."
    )
    @app_commands.describe(tournament="The tournament's number (default: the newest open one)")
    async def end_round(
        self, interaction: discord.Interaction, tournament: int | None = None
    ) -> None:
        await self.tournaments.end_round(interaction, tournament)

    @app_commands.command(
        name="organizer", description="Set or clear the tournament organizer role (Manage Server)."
    )
    @app_commands.describe(
        role="Members with this role organize tournaments (leave empty to clear)"
    )
    async def organizer(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        await self.tournaments.set_organizer_role(interaction, role)
