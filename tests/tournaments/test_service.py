"""The tournament runner (:mod:`bot.tournaments.service`) without Discord: a real SQLite
file holds the state, a fake host records the matches started and the posts made."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.engine.outcome import Outcome
from bot.storage import Database
from bot.storage.tournaments import Table, Tournament, TournamentStore
from bot.tournaments import Pairing, Standing
from bot.tournaments.service import StartedMatch, TournamentService, round_seed

GUILD, CHANNEL, ORG = 10**17 + 1, 10**17 + 2, 10**17 + 3
P = [10**17 + 100 + i for i in range(9)]


class FakeHost:
    """Records what the runner asks; match ids count up from 1000, each match in a
    thread whose id is the match id + 1 unless ``threads`` is off."""

    def __init__(
        self, *, fail_for: Iterable[int] = (), playing: Iterable[int] = (), threads: bool = True
    ) -> None:
        """``fail_for``: players whose match cannot start; ``playing``: players in a live
        match elsewhere in the server; ``threads``: whether matches get a thread."""
        self.started: list[tuple[int, tuple[int, int]]] = []  # (match id, players)
        self.abandoned: list[int] = []
        self.pairings: list[tuple[int, str, list[Pairing], float, dict[int, int]]] = []
        self.finals: list[list[Standing]] = []
        self.finished: dict[int, tuple[int | None, str]] = {}
        self.fail_for = set(fail_for)  # players whose match cannot start
        self.playing = set(playing)  # players in a live match elsewhere in the server
        self.late_starts: list[tuple[int, int, StartedMatch]] = []  # (round, table, match)
        self.ended: list[int] = []  # rounds shown ended (round_over)
        self.calls: list[str] = []  # what was shown, in order
        self.threads = threads
        self._next = 1000

    async def start_match(
        self, tournament: Tournament, players: tuple[int, int]
    ) -> StartedMatch | None:
        if self.fail_for & set(players):
            raise RuntimeError("no match")
        if self.playing & set(players):
            return None
        self._next += 1
        self.started.append((self._next, players))
        return StartedMatch(self._next, self._next + 1 if self.threads else None)

    async def abandon(self, match_id: int, why: str) -> None:
        self.abandoned.append(match_id)

    async def busy(self, guild_id: int, user_id: int) -> bool:
        return user_id in self.playing

    async def table_started(
        self, tournament: Tournament, number: int, table: int, started: StartedMatch
    ) -> None:
        self.late_starts.append((number, table, started))

    async def finished_result(self, match_id: int) -> tuple[int | None, str] | None:
        return self.finished.get(match_id)

    async def post_pairings(
        self,
        tournament: Tournament,
        number: int,
        kind: str,
        tables: Sequence[Pairing],
        deadline: float,
        threads: dict[int, int],
    ) -> int | None:
        self.pairings.append((number, kind, list(tables), deadline, dict(threads)))
        self.calls.append(f"pairings {number}")
        return 5000 + number

    async def round_over(self, tournament: Tournament, number: int) -> None:
        self.ended.append(number)
        self.calls.append(f"over {number}")

    async def post_final(self, tournament: Tournament, rows: list[Standing]) -> None:
        self.finals.append(rows)
        self.calls.append("final")

    def match_of(self, player: int, since: int = 0) -> tuple[int, tuple[int, int]]:
        return next(m for m in self.started[since:] if player in m[1])


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[TournamentStore]:
    database = await Database.open(tmp_path / "bingo.db")
    try:
        yield TournamentStore(database.backend)
    finally:
        await database.close()


def runner(store: TournamentStore, host: FakeHost) -> TournamentService:
    return TournamentService(store, host, clock=lambda: 1_000.0)


async def signed_up(store: TournamentStore, players: list[int], **changes: Any) -> Tournament:
    args: dict[str, Any] = dict(
        guild_id=GUILD, channel_id=CHANNEL, organizer_id=ORG, name="Friday Swiss",
        rounds=None, round_seconds=1800.0, options={}, cut=0, seed=12345,
        language="en", now=1.0, per_guild=5,
    )  # fmt: skip
    args.update(changes)
    tid = await store.create(**args)
    assert tid is not None
    for p in players:
        assert await store.join(tid, p, 2.0, limit=16) == "joined"
    tournament = await store.get(tid)
    assert tournament is not None
    return tournament


async def started(service: TournamentService, tournament: Tournament) -> Tournament:
    closed = await service.close_signup(tournament, await service.players(tournament.id))
    assert closed is not None
    await service.run_round(tournament.id, 1, "swiss", closed[1])
    now = await service.store.get(tournament.id)
    assert now is not None
    return now


async def running(
    store: TournamentStore, players: list[int], host: FakeHost | None = None, **changes: Any
) -> tuple[FakeHost, TournamentService, Tournament]:
    """``(host, service, tournament)``: ``players`` signed up (``changes`` to the
    tournament's settings, as :func:`signed_up`) and round 1 started on ``host`` (a
    fresh :class:`FakeHost` by default)."""
    host = FakeHost() if host is None else host
    service = runner(store, host)
    return host, service, await started(service, await signed_up(store, players, **changes))


async def win_all(service: TournamentService, host: FakeHost, since: int, winners: set[int]):
    """Finish every match started from ``host.started[since:]``: a player of ``winners``
    wins, else side a wins."""
    for match_id, (a, b) in list(host.started[since:]):
        winner = b if b in winners else a
        await service.match_finished(match_id, winner, Outcome.WIN)


async def round_tables(store: TournamentStore, tournament: Tournament, number: int) -> list[Table]:
    """The stored tables of ``tournament``'s round ``number``."""
    return [x for x in await store.tables(tournament.id) if x.round == number]


async def table_of(store: TournamentStore, tournament: Tournament, player: int) -> Table:
    """The first stored table of ``tournament`` at which ``player`` sits."""
    return next(x for x in await store.tables(tournament.id) if player in (x.a, x.b))


async def test_close_signup_fixes_rounds_and_runs_once(store: TournamentStore) -> None:
    host = FakeHost()
    service = runner(store, host)
    tournament = await signed_up(store, P[:5])
    closed = await service.close_signup(tournament, P[:5])
    assert closed is not None
    rounds, tables = closed
    assert rounds == 3  # ⌈log2 5⌉
    assert sorted(p for x in tables for p in (x.a, x.b) if p is not None) == sorted(P[:5])
    assert await service.close_signup(tournament, P[:5]) is None
    entries = await store.players(tournament.id)
    assert sorted(e.seed or 0 for e in entries) == [0, 1, 2, 3, 4]


async def test_a_round_starts_a_match_per_table_and_a_bye_without_one(
    store: TournamentStore,
) -> None:
    host, service, tournament = await running(store, P[:5])
    assert tournament.status == "swiss" and tournament.current_round == 1
    assert len(host.started) == 2
    ((number, kind, tables, deadline, threads),) = host.pairings
    assert (number, kind, deadline) == (1, "swiss", 1_000.0 + 1800.0)
    bye = [x for x in tables if x.b is None]
    assert len(bye) == 1
    stored = await round_tables(store, tournament, 1)
    for table in stored:
        if table.b is None:
            assert (table.outcome, table.source, table.match_id) == ("a", "bye", None)
        else:
            assert table.match_id is not None and threads[table.table] == table.match_id + 1
    ((round_one,),) = [await store.rounds(tournament.id)]
    assert round_one.seed == round_seed(12345, 1) == 12345 and round_one.message_id == 5001
    # A repeated start of the same round stores and starts nothing.
    await service.run_round(tournament.id, 1, "swiss", tables)
    assert len(host.started) == 2 and len(host.pairings) == 1


async def test_results_advance_rounds_and_finish_with_standings(
    store: TournamentStore,
) -> None:
    host, service, tournament = await running(store, P[:4], FakeHost(threads=False))
    assert tournament.rounds == 2
    champion = P[0]
    first = host.match_of(champion)[0]
    await service.match_finished(first, champion, Outcome.WIN)
    assert (await store.get(tournament.id)).current_round == 1  # type: ignore[union-attr]
    await win_all(service, host, 0, {champion})
    after_one = await store.get(tournament.id)
    assert after_one is not None and after_one.current_round == 2
    assert len(host.pairings) == 2 and host.pairings[1][4] == {}
    # Round 2 pairs the two 1-0 players together (RULES §5).
    winners_one = {
        x.a if x.outcome == "a" else x.b for x in await round_tables(store, tournament, 1)
    }
    round_two = await round_tables(store, tournament, 2)
    assert any({x.a, x.b} == winners_one for x in round_two)
    await win_all(service, host, 2, {champion})
    done = await store.get(tournament.id)
    assert done is not None and done.status == "finished"
    ((rows,),) = [host.finals]
    assert rows[0].player == champion and rows[0].wins == 2 and rows[0].rank == 1
    # Each round is shown over (its results posted) before the next one's pairings,
    # and the last before the final standings.
    assert host.calls == ["pairings 1", "over 1", "pairings 2", "over 2", "final"]
    # A late, repeated result changes nothing.
    await service.match_finished(first, P[1], Outcome.WIN)
    assert len(host.finals) == 1 and host.ended == [1, 2]


async def test_no_result_counts_for_nobody_and_unknown_matches_are_ignored(
    store: TournamentStore,
) -> None:
    host, service, tournament = await running(store, P[:2])
    ((match_id, _),) = host.started
    await service.match_finished(match_id, None, Outcome.NO_RESULT)
    assert (await store.tables(tournament.id))[0].outcome is None
    assert await service.record_match(999_999, P[0], "win") is None
    await service.match_finished(match_id, None, Outcome.DRAW)
    assert (await store.tables(tournament.id))[0].outcome == "draw"
    assert (await store.get(tournament.id)).status == "finished"  # type: ignore[union-attr]


async def test_the_organizer_reports_and_ends_the_round(store: TournamentStore) -> None:
    host, service, tournament = await running(store, P[:4])
    match_a, (a, b) = host.started[0]
    table = await service.report(tournament, b, "win")
    assert table is not None and table.match_id == match_a
    assert host.abandoned == [match_a]
    first = next(x for x in await store.tables(tournament.id) if x.match_id == match_a)
    assert (first.outcome, first.source) == ("b", "organizer")
    # The abandoned match's own late result does not overwrite the organizer's.
    await service.match_finished(match_a, a, Outcome.WIN)
    assert (
        next(x for x in await store.tables(tournament.id) if x.match_id == match_a).outcome == "b"
    )
    assert await service.report(tournament, 424242, "draw") is None
    assert await service.end_round(tournament) == 1
    other = host.started[1][0]
    assert host.abandoned == [match_a, other]
    second = next(x for x in await store.tables(tournament.id) if x.match_id == other)
    assert (second.outcome, second.source) == ("draw", "time")
    assert (await store.get(tournament.id)).current_round == 1  # type: ignore[union-attr]
    await service.maybe_advance(tournament.id)
    assert (await store.get(tournament.id)).current_round == 2  # type: ignore[union-attr]


async def test_a_dropped_player_is_not_paired_again(store: TournamentStore) -> None:
    host, service, tournament = await running(store, P[:4])
    assert await service.drop(tournament, P[3]) and not await service.drop(tournament, P[3])
    assert not await service.drop(tournament, 424242)
    await win_all(service, host, 0, set())
    round_two = await round_tables(store, tournament, 2)
    assert P[3] not in {p for x in round_two for p in (x.a, x.b)}
    assert [x.b for x in round_two].count(None) == 1  # three players: one bye


async def test_a_table_whose_match_cannot_start_waits_for_the_organizer(
    store: TournamentStore,
) -> None:
    host, service, tournament = await running(store, P[:4], FakeHost(fail_for={P[0]}))
    assert len(host.started) == 1 and len(host.pairings) == 1
    stuck = await table_of(store, tournament, P[0])
    assert stuck.match_id is None and stuck.outcome is None


async def test_the_cut_follows_the_swiss_rounds(store: TournamentStore) -> None:
    host, service, tournament = await running(store, P[:4], rounds=1, cut=8)
    await win_all(service, host, 0, set())
    cut = await store.get(tournament.id)
    assert cut is not None and cut.status == "cut" and cut.current_round == 2
    assert host.pairings[-1][1] == "cut" and len(host.pairings[-1][2]) == 2
    await win_all(service, host, 2, set())
    final = await round_tables(store, tournament, 3)
    assert len(final) == 1 and host.pairings[-1][1] == "cut"
    champion = final[0].a
    await service.match_finished(final[0].match_id, champion, Outcome.WIN)  # type: ignore[arg-type]
    ((rows,),) = [host.finals]
    assert rows[0].player == champion and {r.player for r in rows[:2]} == {final[0].a, final[0].b}


async def test_catch_up_records_what_finished_while_down(store: TournamentStore) -> None:
    host, service, tournament = await running(store, P[:2])
    ((match_id, (a, _)),) = host.started
    host.finished[match_id] = (a, "win")
    restarted = runner(store, host)
    await restarted.catch_up_all()
    await asyncio.gather(*(t for t in asyncio.all_tasks() if t is not asyncio.current_task()))
    done = await store.get(tournament.id)
    assert done is not None and done.status == "finished"
    assert host.finals[0][0].player == a


async def test_a_busy_player_s_table_waits_then_starts_when_their_match_ends(
    store: TournamentStore,
) -> None:
    """RULES §5.6: a player already in a live match is not seated; their table waits and
    starts when any match ends and both players are free."""
    host, service, tournament = await running(store, P[:4], FakeHost(playing={P[0]}))
    assert len(host.started) == 1, "only the other table started"
    waiting = await table_of(store, tournament, P[0])
    assert waiting.match_id is None and waiting.outcome is None
    await service.match_finished(424242, None, Outcome.NO_RESULT)  # still busy: waits
    assert len(host.started) == 1 and host.late_starts == []
    host.playing.clear()
    await service.match_finished(424243, None, Outcome.NO_RESULT)  # their match ended
    assert len(host.started) == 2
    started_now = await table_of(store, tournament, P[0])
    assert started_now.match_id == host.started[1][0]
    assert host.late_starts == [
        (1, started_now.table, StartedMatch(host.started[1][0], host.started[1][0] + 1))
    ]


async def test_a_table_still_waiting_at_time_is_the_busy_player_s_loss(
    store: TournamentStore,
) -> None:
    host, service, tournament = await running(store, P[:4], FakeHost(playing={P[0]}))
    assert await service.end_round(tournament) == 2
    waiting = await table_of(store, tournament, P[0])
    loser_side = "a" if waiting.a == P[0] else "b"
    assert waiting.outcome == ("b" if loser_side == "a" else "a") and waiting.source == "time"
    other = next(x for x in await store.tables(tournament.id) if P[0] not in (x.a, x.b))
    assert other.outcome == "draw"


async def test_removing_a_player_is_a_loss_and_a_drop(store: TournamentStore) -> None:
    host, service, tournament = await running(store, P[:4])
    match_id, (a, b) = host.started[0]
    assert await service.remove(tournament, a)
    table = next(x for x in await store.tables(tournament.id) if x.match_id == match_id)
    assert (table.outcome, table.source) == ("b", "organizer") and host.abandoned == [match_id]
    assert not await service.remove(tournament, a), "already removed"
    entries = {e.user_id: e for e in await store.players(tournament.id)}
    assert entries[a].dropped and not entries[b].dropped


async def test_a_player_removed_before_the_round_is_stored_loses_the_table_unplayed(
    store: TournamentStore,
) -> None:
    """A moderator removes a player between the close of sign-up and the storing of
    round 1 (the round's set-up is still under way): their table is a loss, and no match
    is started for it."""
    host = FakeHost()
    service = runner(store, host)
    tournament = await signed_up(store, P[:4])
    closed = await service.close_signup(tournament, P[:4])
    assert closed is not None
    now = await store.get(tournament.id)
    assert now is not None
    removed = closed[1][0].a
    assert await service.remove(now, removed)
    await service.run_round(tournament.id, 1, "swiss", closed[1])
    (table,) = [x for x in await store.tables(tournament.id) if removed in (x.a, x.b)]
    assert table.outcome == ("b" if table.a == removed else "a")
    assert table.source == "organizer" and table.match_id is None
    assert all(removed not in players for _, players in host.started)
    assert len(host.started) == 1  # the other table is played


async def test_a_removal_waits_for_the_round_being_set_up(store: TournamentStore) -> None:
    """A removal that arrives while round 1's matches are being started waits for them,
    then finds the removed player's table and its match."""
    host = FakeHost()
    service = runner(store, host)
    tournament = await signed_up(store, P[:4])
    closed = await service.close_signup(tournament, P[:4])
    assert closed is not None
    release = asyncio.Event()
    start_match = host.start_match

    async def slow_start(t: Tournament, players: tuple[int, int]) -> StartedMatch | None:
        await release.wait()
        return await start_match(t, players)

    host.start_match = slow_start  # type: ignore[method-assign]
    setting_up = asyncio.create_task(service.run_round(tournament.id, 1, "swiss", closed[1]))
    await asyncio.sleep(0.05)  # the round is stored, its first match is starting
    now = await store.get(tournament.id)
    assert now is not None
    removed = closed[1][0].a
    removal = asyncio.create_task(service.remove(now, removed))
    await asyncio.sleep(0.05)
    assert not removal.done(), "the removal waits for the round's set-up"
    release.set()
    await setting_up
    assert await removal
    (table,) = [x for x in await store.tables(tournament.id) if removed in (x.a, x.b)]
    assert table.outcome == ("b" if table.a == removed else "a")
    assert table.match_id is not None and host.abandoned == [table.match_id]
