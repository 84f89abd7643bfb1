"""Several processes on one database: two runtimes, each with its own
connection to one SQLite file, stand for two bot processes. Any of them applies any
decision, exactly once; a deadline fires once; a dead process's deadline is taken over
through the lease in the database."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest_asyncio

from bot.engine import BingoState
from bot.matches import ActStatus, Match, MatchRuntime, Seat, Timing
from bot.storage import Database
from bot.storage.leases import Leases
from bot.storage.match_store import DatabaseMatchStore

from .conftest import ALICE, BOB


class Process:
    """One "bot process": its own connection, leases (its own owner name) and runtime,
    with a loader that trusts nothing it holds."""

    def __init__(self, db: Database, name: str, *, lease: float, timing: Timing) -> None:
        self.db = db
        self.leases = Leases(db, owner=name, lease_seconds=lease)
        self.runtime = MatchRuntime(
            DatabaseMatchStore(db),
            timing=timing,
            loader=self.load,
            claims=self.leases,
            poll_grace=0.0,
        )

    async def load(self, match_id: int, cached: Match | None) -> Match | None:
        record = await self.db.get_match(match_id)
        if record is None or not record.active:
            return None
        if cached is not None and cached.state.version == record.version:
            return cached
        state = BingoState.from_json(record.state)
        if cached is not None:
            cached.state, cached.deadline = state, record.deadline
            return cached
        seats = (Seat.human(record.player_ids[0]), Seat.human(record.player_ids[1]))
        return Match(match_id, seats, state, deadline=record.deadline)

    async def close(self) -> None:
        await self.runtime.close()
        await self.runtime.scheduler.close()
        await self.db.close()


@pytest_asyncio.fixture
async def shared(tmp_path: Path):
    """Open processes on one database file; closes them all afterwards."""
    path = tmp_path / "shared.db"
    opened: list[Process] = []

    async def open_process(
        name: str, *, lease: float = 10.0, timing: Timing | None = None
    ) -> Process:
        db = await Database.open(path)
        process = Process(db, name, lease=lease, timing=timing or Timing(agent_pause=0.0))
        opened.append(process)
        return process

    yield open_process
    for process in opened:
        await process.close()


async def store_match(process: Process, *, deadline_in: float = 120.0, seed: int = 3) -> int:
    state, _ = BingoState.new(seed)
    return await process.db.create_match(
        guild_id=1,
        channel_id=2,
        player_ids=(ALICE, BOB),
        seed=seed,
        options=state.options.to_json(),
        state=state.to_json(),
        decisions=state.history,
        version=state.version,
        started_at=time.time(),
        deadline=time.time() + deadline_in,
        ui={},
    )


def whose(state: BingoState) -> int:
    return (ALICE, BOB)[state.current_player()]


async def test_the_same_decision_at_two_processes_is_applied_once(shared) -> None:
    """Both processes receive the same click at once: one applies it, the other answers
    "no longer current"; the database holds exactly one decision."""
    a, b = await shared("a"), await shared("b")
    match_id = await store_match(a)
    for _ in range(20):  # many rounds: the race goes both ways
        record = await a.db.get_match(match_id)
        state = BingoState.from_json(record.state)
        user, action = whose(state), state.legal_actions()[0]
        results = await asyncio.gather(
            a.runtime.act(match_id, user, state.version, action),
            b.runtime.act(match_id, user, state.version, action),
        )
        statuses = sorted(r.status for r in results)
        assert statuses == [ActStatus.APPLIED, ActStatus.NOT_CURRENT], statuses
        after = await b.db.get_match(match_id)
        assert after.version == state.version + 1
        assert len(after.decisions) == len(record.decisions) + 1
        if not after.active:
            break


async def test_a_process_applies_a_click_after_another_moved_the_match_on(shared) -> None:
    """Process b holds the match at version 0; a applies two decisions; a click at b on
    the current version is applied (b reloads), one on an old version is not."""
    a, b = await shared("a"), await shared("b")
    match_id = await store_match(a)
    assert (await b.runtime.current(match_id)).state.version == 0
    for _ in range(2):
        state = (await a.runtime.current(match_id)).state
        result = await a.runtime.act(
            match_id, whose(state), state.version, state.legal_actions()[0]
        )
        assert result.applied
    state = BingoState.from_json((await a.db.get_match(match_id)).state)
    stale = await b.runtime.act(match_id, whose(state), 1, state.legal_actions()[0])
    assert stale.status is ActStatus.NOT_CURRENT
    fresh = await b.runtime.act(match_id, whose(state), 2, state.legal_actions()[0])
    assert fresh.applied and fresh.match.state.version == 3
    assert (await a.db.get_match(match_id)).version == 3


async def test_a_deadline_armed_in_two_processes_fires_once(shared) -> None:
    """Both processes arm the same deadline and both poll: one time-out is committed."""
    timing = Timing(agent_pause=0.0, choice_seconds=60.0)  # the next deadline: later
    a, b = await shared("a", timing=timing), await shared("b", timing=timing)
    match_id = await store_match(a, deadline_in=0.3)
    for process in (a, b):
        process.runtime.restore(await process.runtime.current(match_id))
    for _ in range(15):
        await asyncio.gather(a.runtime.poll(), b.runtime.poll())
        await asyncio.sleep(0.05)
    record = await a.db.get_match(match_id)
    assert record.version == 1 and record.decisions == [[0, "timeout"]], record.decisions


async def test_a_dead_process_deadline_is_taken_over_after_its_lease(shared) -> None:
    """Process a claims a due deadline and dies holding the lease: b's poll cannot take
    it while the lease lives, then takes it over and commits the time-out once."""
    a = await shared("a", lease=0.6)
    b = await shared("b", lease=0.6)
    match_id = await store_match(a, deadline_in=-1.0)
    now = time.time()
    assert await a.leases.claim(match_id, 0, now) is not None  # a starts, then dies
    await a.runtime.close()
    assert await b.runtime.poll() == 0  # a's lease still holds
    assert (await b.db.get_match(match_id)).version == 0
    took_over = None
    for _ in range(40):
        await asyncio.sleep(0.05)
        if await b.runtime.poll():
            took_over = time.time() - now
            break
    assert took_over is not None
    for _ in range(40):
        if (await b.db.get_match(match_id)).version == 1:
            break
        await asyncio.sleep(0.05)
    record = await b.db.get_match(match_id)
    assert record.version == 1 and record.decisions == [[0, "timeout"]]
    # b applied it, so b now owns the match's next deadline
    assert ("match", match_id) in b.runtime.scheduler


async def test_a_match_its_process_is_still_starting_is_not_taken_over(shared) -> None:
    """A new row has no wake time until its process starts the match
    (``MatchRuntime.start``): no poll, of another process or of its own, loads it
    meanwhile (a second live copy would play beside the one being started); a row left
    so for a lease's time (its process died while starting it) is taken over."""
    a = await shared("a", lease=0.5)
    b = await shared("b", lease=0.5)
    match_id = await store_match(a, deadline_in=-1.0)  # its deadline already passed
    assert await b.runtime.poll() == 0 and await a.runtime.poll() == 0
    assert b.runtime.get(match_id) is None and a.runtime.get(match_id) is None
    await asyncio.sleep(0.6)
    assert await b.runtime.poll() == 1
    for _ in range(40):
        if (await b.db.get_match(match_id)).version == 1:
            break
        await asyncio.sleep(0.05)
    assert (await b.db.get_match(match_id)).decisions == [[0, "timeout"]]


async def test_an_agent_move_left_by_a_dead_process_is_taken_over(shared) -> None:
    """A match against an agent whose process died before moving: another process's
    poll finds the move due (its wake time) and the agent moves once."""
    a = await shared("a", lease=0.5)
    match_id = await store_match(a)
    record = await a.db.get_match(match_id)
    state = BingoState.from_json(record.state)
    agent_seat = state.current_player()
    # the wake time a's commit recorded: the agent is to move now; then a died
    await a.leases.set_wake(match_id, 0, time.time())
    await a.runtime.close()

    b = await shared("b", lease=0.5)

    async def load(match_id: int, cached: Match | None) -> Match | None:
        match = await Process.load(b, match_id, cached)
        if match is not None and cached is None:
            from .conftest import RandomPolicy

            seats = list(match.seats)
            seats[agent_seat] = Seat.agent(seats[agent_seat].user_id, RandomPolicy())
            match.seats = (seats[0], seats[1])
        return match

    b.runtime.loader = load
    assert await b.runtime.poll() == 1
    for _ in range(40):
        if (await b.db.get_match(match_id)).version == 1:
            break
        await asyncio.sleep(0.05)
    after = await b.db.get_match(match_id)
    assert after.version >= 1
    assert after.decisions[0][0] == agent_seat
