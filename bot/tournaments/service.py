"""Running a Swiss tournament, Discord-free: sign-up closes, rounds are paired and their
matches started, results recorded, rounds advanced, the tournament finished.

Pairing and standings are pure (:mod:`bot.tournaments.swiss`, RULES §5); the state lives
in the database (:mod:`bot.storage.tournaments`), so a restart in the middle of a round
loses nothing. What touches the outside world (starting a match, abandoning one, posting
the pairings or the final standings) goes through a small :class:`TournamentHost` that the
cog (``cogs/bingo/_tournaments.py``) implements; tests use a fake.

Each round: store the round and its tables (one transaction, compare-and-set on the round
number, so a repeated end-of-round or a late match result cannot start it twice), then
start every match, then post the pairings. A finished match records its table's result
(:meth:`TournamentService.match_finished`); when every table of the round has a result,
the round ends (:meth:`TournamentHost.round_over`: its matches' results are posted, its
pairing post shows it ended), and only then is the next round paired (or the cut), or
the tournament finished: whatever the next round posts comes after the results of this one.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal, Protocol

from bot.engine.outcome import Outcome
from bot.storage.tournaments import Table, Tournament, TournamentStore
from bot.tournaments.swiss import (
    Pairing,
    Standing,
    advancing,
    cut_round,
    cut_size,
    default_rounds,
    next_cut_round,
    pair_round,
    round_one,
    standings,
)

log = logging.getLogger(__name__)

Kind = Literal["swiss", "cut"]


#: Why a tournament stops a live match (``Host.abandon``), kept as the note of its
#: no-result ending (``Result.note``) so the result says it: the round's time ran out
#: (the table is a draw), or the organizer reported the table's result.
ROUND_TIME_UP = "tournament-time"
RESULT_REPORTED = "tournament-report"


@dataclass(frozen=True, slots=True)
class StartedMatch:
    """A table's match once started: its id and the thread it is played in (``None``:
    in the tournament's channel)."""

    match_id: int
    thread_id: int | None = None


class TournamentHost(Protocol):
    """What the service needs from the bot around it (the cog implements it)."""

    async def start_match(
        self, tournament: Tournament, players: tuple[int, int]
    ) -> StartedMatch | None:
        """Store and start one match between two members with the tournament's options;
        ``None`` when a player is already in a live match of the server (nobody is seated:
        the table waits, RULES §5.6); raises when no match could be started (the table is
        then left without one)."""

    async def busy(self, guild_id: int, user_id: int) -> bool:
        """Whether the member plays a live match in the server now."""

    async def table_started(
        self, tournament: Tournament, number: int, table: int, started: StartedMatch
    ) -> None:
        """A table that waited for a busy player got its match (post it)."""

    async def abandon(self, match_id: int, why: str) -> None:
        """Stop a live match without a result of its own (its result no longer counts).
        ``why``: :data:`ROUND_TIME_UP` or :data:`RESULT_REPORTED`, said with it."""

    async def finished_result(self, match_id: int) -> tuple[int | None, Outcome] | None:
        """``(winner id or None, outcome)`` of a match that has finished, ``None`` while it
        is live or unknown (the catch-up after a restart)."""

    async def post_pairings(
        self,
        tournament: Tournament,
        number: int,
        kind: Kind,
        tables: Sequence[Pairing],
        deadline: float,
        threads: dict[int, int],
    ) -> int | None:
        """Post round ``number``'s pairings (``threads``: table number -> thread id;
        ``deadline``: Unix seconds); the posted message's id, ``None`` if none."""

    async def round_over(self, tournament: Tournament, number: int) -> None:
        """Round ``number`` has ended (every table has a result, stored): return once the
        results of its matches are posted, with its pairing post edited to show it ended.
        The next round's matches and posts (or the final standings) wait for this."""

    async def post_final(self, tournament: Tournament, rows: list[Standing]) -> None:
        """Post the final standings (``rows`` from :meth:`TournamentService.final_order`)."""


def round_seed(seed: int, number: int) -> int:
    """The recorded seed of round ``number``'s random tie-breaks (round 1: the
    tournament's own seed)."""
    return seed if number == 1 else (seed * 1_000_003 + number) % 2**63


class TournamentService:
    """The tournaments of one process: ``store`` holds the state, ``host`` acts on it,
    ``clock`` gives Unix seconds (tests pass a fake)."""

    def __init__(
        self,
        store: TournamentStore,
        host: TournamentHost,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.host = host
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, tournament_id: int) -> asyncio.Lock:
        """The lock serializing one tournament's advances in this process."""
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # -- start and catch-up --------------------------------------------------------------

    async def catch_up_all(self) -> None:
        """At start: record results of matches that finished while the bot was down, and
        move every running tournament on if its round is complete."""
        for tournament in await self.store.open_tournaments():
            if tournament.status in ("swiss", "cut"):
                try:
                    await self.catch_up(tournament)
                except Exception:
                    log.exception("Catching up tournament %s failed", tournament.id)

    async def catch_up(self, tournament: Tournament) -> None:
        """Record the current round's finished matches; advance later (a task)."""
        for table in await self.store.tables(tournament.id):
            if table.round == tournament.current_round and table.outcome is None and table.match_id:
                found = await self.host.finished_result(table.match_id)
                if found is not None:
                    await self.record_match(table.match_id, *found)
        asyncio.get_running_loop().create_task(self.maybe_advance(tournament.id))

    async def players(self, tournament_id: int) -> list[int]:
        """The signed-up players' ids, in the stored order."""
        return [e.user_id for e in await self.store.players(tournament_id)]

    async def close_signup(
        self, tournament: Tournament, players: list[int]
    ) -> tuple[int, list[Pairing]] | None:
        """Close sign-up: fix the number of Swiss rounds and round 1's random order
        (from the tournament's seed). ``(rounds, round 1's tables)``, or ``None`` when it
        had already started. Round 1 is not run yet (:meth:`run_round`)."""
        tables = round_one(players, random.Random(tournament.seed))
        seeds = [p for table in tables for p in (table.a, table.b) if p is not None]
        rounds = tournament.rounds or default_rounds(len(players))
        async with self.lock(tournament.id):
            if not await self.store.start(tournament.id, rounds, seeds, self.clock()):
                return None
        return rounds, tables

    # -- rounds --------------------------------------------------------------------------

    async def run_round(
        self, tournament_id: int, number: int, kind: Kind, tables: list[Pairing]
    ) -> None:
        """Store round ``number`` (once), start its matches, post its pairings. Holds the
        tournament's lock, so a removal (:meth:`remove`) waits for the round's tables; a
        player removed before they were stored loses their table, unplayed."""
        async with self.lock(tournament_id):
            await self._run_round(tournament_id, number, kind, tables)

    async def _run_round(
        self, tournament_id: int, number: int, kind: Kind, tables: list[Pairing]
    ) -> None:
        tournament = await self.store.get(tournament_id)
        assert tournament is not None
        now = self.clock()
        deadline = now + tournament.round_seconds
        stored = await self.store.begin_round(
            tournament_id, number, kind=kind, seed=round_seed(tournament.seed, number),
            now=now, deadline=deadline, tables=tables,
        )  # fmt: skip
        if not stored:
            return
        dropped = {e.user_id for e in await self.store.players(tournament_id) if e.dropped}
        threads: dict[int, int] = {}  # table number -> its match's thread
        for index, table in enumerate(tables, start=1):
            if table.b is None:
                continue
            gone = [p for p in (table.a, table.b) if p in dropped]
            if gone:  # removed while the round was being paired: a loss, unplayed
                side: Literal["a", "b", "draw"] = (
                    "draw" if len(gone) == 2 else ("b" if gone[0] == table.a else "a")
                )
                await self.store.record(tournament_id, number, index, side, "organizer")
                continue
            try:
                started = await self.host.start_match(tournament, (table.a, table.b))
            except Exception:
                log.exception(
                    "Tournament %s round %s table %s: no match", tournament_id, number, index
                )
                continue
            if started is None:  # a player is busy: the table waits (start_waiting)
                continue
            await self.store.set_match(tournament_id, number, index, started.match_id)
            if started.thread_id:
                threads[index] = started.thread_id
        message_id = await self.host.post_pairings(
            tournament, number, kind, tables, deadline, threads
        )
        if message_id is not None:
            await self.store.set_round_message(tournament.id, number, message_id)

    async def maybe_advance(self, tournament_id: int) -> None:
        """If every table of the current round has a result: end the round (stored, then
        :meth:`TournamentHost.round_over`), then pair the next round, or the cut, or
        finish the tournament."""
        async with self.lock(tournament_id):
            tournament = await self.store.get(tournament_id)
            if tournament is None or tournament.status not in ("swiss", "cut"):
                return
            number = tournament.current_round
            tables = await self.store.tables(tournament_id)
            current = [x for x in tables if x.round == number]
            if not current or any(x.outcome is None for x in current):
                return
            await self.store.end_round(tournament_id, number, self.clock())
            try:
                await self.host.round_over(tournament, number)
            except Exception:  # the round is over all the same: the tournament goes on
                log.exception("Tournament %s: showing round %s ended failed", tournament_id, number)
            plan = await self.next_round(tournament, tables)
        if plan is None:
            await self.finish(tournament_id)
        else:
            kind, pairings = plan
            await self.run_round(tournament_id, number + 1, kind, pairings)

    async def next_round(
        self, tournament: Tournament, tables: list[Table]
    ) -> tuple[Kind, list[Pairing]] | None:
        """What follows the current round: the next Swiss round (RULES §5), the cut, the
        cut's next round, or ``None`` (the tournament is over)."""
        entries = await self.store.players(tournament.id)
        seeds = [e.user_id for e in entries]
        dropped = [e.user_id for e in entries if e.dropped]
        number = tournament.current_round
        swiss = [_pairing(x) for x in tables if x.round <= (tournament.rounds or 0)]
        table = standings(seeds, swiss, dropped=dropped)
        active = [s.player for s in table if not s.dropped]
        if tournament.status == "swiss":
            if number < (tournament.rounds or 0) and len(active) >= 2:
                rng = random.Random(round_seed(tournament.seed, number + 1))
                return "swiss", pair_round(active, swiss, number + 1, rng)
            size = cut_size(len(active), tournament.cut) if tournament.cut else 0
            if size >= 2:
                return "cut", cut_round(active[:size], number + 1)
            return None
        last = [_pairing(x) for x in tables if x.round == number]
        following = next_cut_round(last, number + 1)
        return ("cut", following) if following else None

    async def finish(self, tournament_id: int) -> None:
        """Mark the tournament finished (once) and post the final standings."""
        tournament = await self.store.get(tournament_id)
        if tournament is None:
            return
        if not await self.store.set_status(
            tournament_id, tournament.status, "finished", now=self.clock()
        ):
            return
        await self.host.post_final(tournament, await self.final_order(tournament))

    async def final_order(self, tournament: Tournament) -> list[Standing]:
        """The standings (RULES §5.3); after a cut, its finishing order comes first."""
        entries = await self.store.players(tournament.id)
        tables = await self.store.tables(tournament.id)
        rounds = tournament.rounds or 0
        swiss = [_pairing(x) for x in tables if x.round <= rounds]
        rows = standings(
            [e.user_id for e in entries], swiss, dropped=[e.user_id for e in entries if e.dropped]
        )
        cut = [_pairing(x) for x in tables if x.round > rounds]
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
            won = 1 if champion.outcome is not None and advancing(champion) == row.player else 0
            return (0, -(reached + won), best[row.player])

        ordered = sorted(rows, key=key)
        return [replace(row, rank=i + 1) for i, row in enumerate(ordered)]

    # -- results -------------------------------------------------------------------------

    async def match_finished(
        self,
        match_id: int,
        winner_id: int | None,
        outcome: Outcome,
        *,
        guild_id: int | None = None,
    ) -> None:
        """A match ended: if a tournament table was waiting for it, record its result and
        move the tournament on when the round is complete. ``outcome`` ``no_result``
        counts for nobody (the organizer reports it, or it is a draw at time). Then the
        tables of ``guild_id`` (``None``: every server) that waited for a busy player
        start if they can (:meth:`start_waiting`)."""
        if outcome != Outcome.NO_RESULT:
            found = await self.record_match(match_id, winner_id, outcome)
            if found is not None:
                await self.maybe_advance(found)
        await self.start_waiting(None if guild_id is None else (lambda g: g == guild_id))

    async def start_waiting(self, guilds: Callable[[int], bool] | None = None) -> int:
        """Start the match of every current-round table that waits for a busy player
        (RULES §5.6) whose players are now both free; the number started. Called when
        any match ends (its players may be free now) and at start-up. ``guilds``: which
        servers' tournaments to look at (``None``: all)."""
        started_count = 0
        for tournament in await self.store.open_tournaments():
            if tournament.status not in ("swiss", "cut"):
                continue
            if guilds is not None and not guilds(tournament.guild_id):
                continue
            async with self.lock(tournament.id):
                current = await self.store.get(tournament.id)
                if current is None or current.status not in ("swiss", "cut"):
                    continue
                number = current.current_round
                for table in await self.store.tables(tournament.id):
                    if not _waiting(table, number):
                        continue
                    assert table.b is not None
                    try:
                        started = await self.host.start_match(current, (table.a, table.b))
                    except Exception:
                        log.exception("Tournament %s table %s: no match", current.id, table.table)
                        continue
                    if started is None:
                        continue
                    await self.store.set_match(current.id, number, table.table, started.match_id)
                    await self.host.table_started(current, number, table.table, started)
                    started_count += 1
        return started_count

    async def record_match(
        self, match_id: int, winner_id: int | None, outcome: Outcome
    ) -> int | None:
        """Record the finished match's result on its table (unless the table already has
        one); the tournament's id, ``None`` when no table waits for this match."""
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
        side: Literal["a", "b", "draw"]
        if outcome == Outcome.DRAW or winner_id is None:
            side = "draw"
        else:
            side = "a" if winner_id == table.a else "b"
        await self.store.record(tid, number, index, side, "match")
        return tid

    async def report(
        self, tournament: Tournament, player_id: int, result: Literal["win", "loss", "draw"]
    ) -> Table | None:
        """The organizer records ``player_id``'s result at their current table by hand
        (overwriting a result; its match, if any, is abandoned). The table, or ``None``
        when the player has no table with an opponent this round. Does not advance
        (call :meth:`maybe_advance`)."""
        number = tournament.current_round
        table = next(
            (
                x
                for x in await self.store.tables(tournament.id)
                if x.round == number and player_id in (x.a, x.b) and x.b is not None
            ),
            None,
        )
        if table is None:
            return None
        side: Literal["a", "b", "draw"]
        if result == "draw":
            side = "draw"
        else:
            won = result == "win"
            side = "a" if (player_id == table.a) == won else "b"
        await self.store.record(
            tournament.id, number, table.table, side, "organizer", overwrite=True
        )
        if table.match_id is not None:
            await self.host.abandon(table.match_id, RESULT_REPORTED)  # no longer counts
        return table

    async def drop(self, tournament: Tournament, player_id: int) -> bool:
        """Drop a player from the current round on; ``False`` if not a (remaining) player."""
        return await self.store.drop(tournament.id, player_id, tournament.current_round)

    async def end_round(self, tournament: Tournament) -> int:
        """End the current round at its time limit: every unfinished table is a draw
        (source ``time``) and its match abandoned; a table still waiting for a busy
        player (RULES §5.6) is a loss for that player (a draw when both are busy, or
        neither is: its match could not start). The number of tables ended. Does not
        advance (call :meth:`maybe_advance`)."""
        number = tournament.current_round
        ended = 0
        for table in await self.store.tables(tournament.id):
            if table.round != number or table.outcome is not None:
                continue
            side: Literal["a", "b", "draw"] = "draw"
            if _waiting(table, number):
                assert table.b is not None
                a_busy = await self.host.busy(tournament.guild_id, table.a)
                b_busy = await self.host.busy(tournament.guild_id, table.b)
                if a_busy != b_busy:
                    side = "b" if a_busy else "a"
            if await self.store.record(tournament.id, number, table.table, side, "time"):
                ended += 1
            if table.match_id is not None:
                await self.host.abandon(table.match_id, ROUND_TIME_UP)
        return ended

    async def remove(self, tournament: Tournament, player_id: int) -> bool:
        """Remove a player (a moderator's decision): in sign-up, take them off the list;
        in play, their unfinished table this round is a loss for them (its match
        abandoned) and they are dropped from the next round on. ``False`` if they are
        not a (remaining) player. Does not advance (call :meth:`maybe_advance`)."""
        if tournament.status == "signup":
            return await self.store.leave(tournament.id, player_id) == "left"
        async with self.lock(tournament.id):  # not while a round's tables are set up
            current = await self.store.get(tournament.id)
            if current is None or current.status not in ("swiss", "cut"):
                return False
            return await self._remove_in_play(current, player_id)

    async def _remove_in_play(self, tournament: Tournament, player_id: int) -> bool:
        players = {e.user_id: e for e in await self.store.players(tournament.id)}
        entry = players.get(player_id)
        if entry is None or entry.dropped:
            return False
        number = tournament.current_round
        for table in await self.store.tables(tournament.id):
            if table.round == number and table.outcome is None and player_id in (table.a, table.b):
                if table.b is not None:
                    await self.report(tournament, player_id, "loss")
        return await self.drop(tournament, player_id)


def _waiting(table: Table, number: int) -> bool:
    """Whether ``table`` of round ``number`` waits for its match: two players, no
    result, no match (a player was busy when the round began)."""
    return (
        table.round == number
        and table.b is not None
        and table.outcome is None
        and table.match_id is None
    )


def _pairing(table: Table) -> Pairing:
    """The pure view of a stored table (RULES §5)."""
    return Pairing(table.round, table.a, table.b, table.outcome)
