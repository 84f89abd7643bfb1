"""DatabaseMatchStore: the match runtime committing through a real SQLite file."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.engine import BingoState
from bot.matches import ActStatus, Match, MatchFinished, MatchRuntime, Seat, Timing
from bot.matches.log import LOG_KEEP, extend_log
from bot.storage import Database
from bot.storage.match_store import DatabaseMatchStore
from tests.matches.conftest import RandomPolicy
from tests.storage.helpers import CHANNEL, GUILD

ALICE, BOB, BOT = 11, 22, 999


class Waiting:
    """An agent that never decides (so a test controls every change)."""

    level = "medium"

    async def decide(self, observation: dict[str, Any]) -> str:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")


def runtime_over(db: Database) -> MatchRuntime:
    store = DatabaseMatchStore(db)
    return MatchRuntime(store, timing=Timing(agent_pause=0.0))


async def stored_match(
    db: Database, runtime: MatchRuntime, seats: tuple[Seat, Seat], *, level: str | None = None
) -> Match:
    state, _ = BingoState.new(5)
    deadline = runtime.deadline_for(state)
    common: dict[str, Any] = {
        "guild_id": GUILD,
        "channel_id": CHANNEL,
        "player_ids": (seats[0].user_id, seats[1].user_id),
        "seed": 5,
        "options": {},
        "state": state.to_json(),
        "decisions": state.history,
        "version": state.version,
        "started_at": 1.0,
        "deadline": deadline,
        "ui": {"names": ["alice", "bob"]},
    }
    if level is None:
        match_id = await db.create_match(**common)
    else:
        ai_seat = next(i for i, seat in enumerate(seats) if seat.is_agent)
        created = await db.create_bot_match(ai_seat=ai_seat, ai_level=level, **common)
        assert created is not None
        match_id = created
    return Match(match_id, seats, state, deadline)


def whose(match: Match) -> int:
    return match.user_ids[match.state.current_player()]


async def test_decisions_are_stored_with_their_public_log(db: Database) -> None:
    """Each commit writes state, version, history and deadline, and appends the change's
    public events to the stored log in the same write (the live match's log the same);
    the ``ui`` column is left as the owner stored it."""
    runtime = runtime_over(db)
    match = await stored_match(db, runtime, (Seat.human(ALICE), Seat.human(BOB)))
    runtime.restore(match)
    events: list[dict[str, Any]] = []
    runtime.subscribe(lambda event: events.extend(getattr(event, "events", [])))
    for _ in range(2):
        result = await runtime.act(
            match.id, whose(match), match.state.version, match.state.legal_actions()[0]
        )
        assert result.status is ActStatus.APPLIED
    record = await db.get_match(match.id)
    assert record is not None
    assert record.version == match.state.version == 2
    assert record.state == match.state.to_json()
    assert record.decisions == match.state.history
    assert record.deadline == match.deadline
    assert record.ui == {"names": ["alice", "bob"]}
    assert events and record.log == match.log == extend_log([], events)
    await runtime.close()


async def test_the_stored_log_keeps_its_newest_public_events(db: Database) -> None:
    """The log grows by each change's public events: a card private to a player is
    never stored, and only the newest ``LOG_KEEP`` events are kept."""
    runtime = runtime_over(db)
    match = await stored_match(db, runtime, (Seat.human(ALICE), Seat.human(BOB)))
    runtime.restore(match)
    while len(match.state.history) < 40 and not match.state.is_over:
        result = await runtime.act(
            match.id, whose(match), match.state.version, match.state.legal_actions()[-1]
        )
        assert result.applied
    record = await db.get_match(match.id)
    assert record is not None and len(record.log) == LOG_KEEP
    assert record.log == match.log
    for event in record.log:
        if event.get("private") is not None:
            assert "card" not in event and "cards" not in event
    await runtime.close()


async def test_a_second_writer_loses_the_compare_and_set(db: Database) -> None:
    """Two runtimes on one file (e.g. an old process still running): the one that
    commits second from the same version is refused and drops the match."""
    first, second = runtime_over(db), runtime_over(db)
    seats = (Seat.human(ALICE), Seat.human(BOB))
    match = await stored_match(db, first, seats)
    twin = Match(match.id, seats, match.state.clone(), match.deadline)
    first.restore(match)
    second.restore(twin)
    user, action = whose(match), match.state.legal_actions()[0]
    assert (await first.act(match.id, user, 0, action)).applied
    lost = await second.act(match.id, user, 0, action)
    assert lost.status is ActStatus.NOT_CURRENT
    assert second.get(match.id) is None
    record = await db.get_match(match.id)
    assert record is not None and record.version == 1
    await first.close()
    await second.close()


async def test_resigning_against_the_bot_counts_only_against_the_bot(db: Database) -> None:
    runtime = runtime_over(db)
    finished: list[MatchFinished] = []
    runtime.subscribe(
        lambda event: finished.append(event) if isinstance(event, MatchFinished) else None
    )
    match = await stored_match(
        db, runtime, (Seat.human(ALICE), Seat.agent(BOT, Waiting())), level="hard"
    )
    runtime.restore(match)
    assert (await runtime.resign(match.id, ALICE)).applied
    [event] = finished
    assert (event.result.outcome, event.result.winner_id, event.result.levels) == (
        "win",
        BOT,
        (None, "medium"),
    )
    record = await db.get_match(match.id)
    assert record is not None
    assert (record.status, record.result, record.winner_id, record.reason) == (
        "finished",
        "win",
        BOT,
        "resign",
    )
    [versus] = await db.bot_records(GUILD, ALICE)
    assert (versus.level, versus.wins, versus.losses) == ("hard", 0, 1)
    assert await db.player_stats(GUILD, ALICE) is None
    assert await db.player_stats(GUILD, BOT) is None
    await runtime.close()


async def test_an_abandoned_match_counts_for_nobody(db: Database) -> None:
    runtime = runtime_over(db)
    match = await stored_match(db, runtime, (Seat.human(ALICE), Seat.human(BOB)))
    runtime.restore(match)
    assert (await runtime.abandon(match.id)).applied
    record = await db.get_match(match.id)
    assert record is not None
    assert (record.status, record.result, record.reason) == ("finished", None, "no_result")
    assert await db.leaderboard(GUILD) == []
    await runtime.close()


async def test_agents_play_a_whole_match_through_the_database(db: Database) -> None:
    """Two agents play a whole match: every move is a compare-and-set on the file, and
    the finish is stored with the full history."""
    runtime = runtime_over(db)
    done = asyncio.Event()
    runtime.subscribe(lambda event: done.set() if isinstance(event, MatchFinished) else None)
    match = await stored_match(
        db,
        runtime,
        (Seat.agent(BOT + 1, RandomPolicy(seed=1)), Seat.agent(BOT, RandomPolicy(seed=2))),
        level=None,
    )
    runtime.restore(match)
    await asyncio.wait_for(done.wait(), 30)
    record = await db.get_match(match.id)
    assert record is not None and record.status == "finished"
    assert record.version == len(record.decisions) == match.state.version
    await runtime.close()


def test_the_store_takes_nothing_from_a_cog() -> None:
    """The commit path never calls into a cog: the store is built from the database
    alone, with no rendering callback (``ui_for``, ``on_saved``) to set."""
    import inspect

    assert list(inspect.signature(DatabaseMatchStore).parameters) == ["db"]
    store = DatabaseMatchStore.__new__(DatabaseMatchStore)
    DatabaseMatchStore.__init__(store, None)  # type: ignore[arg-type]
    assert vars(store) == {"db": None}
