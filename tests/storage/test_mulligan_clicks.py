"""A practice click and a hand-of-the-day click raced by two processes on one database.

Each "process" is its own :class:`Database` (its own connections) on the same SQLite
file or PostgreSQL schema; both apply the same click, drawn at the same version, at the
same time through the one decision path (``cogs.mulligan._decide``): exactly one is
applied and stored, the other is told it is no longer current.
"""

from __future__ import annotations

import asyncio
import json

from bot.engine.practice import PRESETS, PracticeOptions, PracticeState
from bot.matches import ActStatus
from bot.storage import Database
from bot.storage.daily import DailyStore
from cogs.mulligan._decide import decide_daily, decide_practice

GUILD, USER, DAY = 5, 7, 20_000


def _deal(seed: int = 3) -> PracticeState:
    state, _ = PracticeState.new(seed, PRESETS["constructed"], PracticeOptions())
    return state


async def test_a_practice_click_raced_by_two_processes_is_applied_once(
    db: Database, other: Database
) -> None:
    opening = _deal()
    session_id = await db.create_practice(GUILD, USER, opening.to_json(), opening.version, 100.0)
    # Both processes read the deal before either commits: the race at its closest.
    records = [await store.get_practice(session_id) for store in (db, other)]
    results = await asyncio.gather(
        *(
            decide_practice(store, record, opening.version, ["mulligan"], 101.0)
            for store, record in zip((db, other), records, strict=True)
            if record is not None
        )
    )
    assert sorted(r.status for r in results) == [ActStatus.APPLIED, ActStatus.NOT_CURRENT]
    winner = next(r for r in results if r.applied)
    assert winner.new is not None and winner.new.mulligans_taken == 1
    stored = await other.get_practice(session_id)
    assert stored is not None
    assert stored.version == winner.new.version == opening.version + 1
    assert PracticeState.from_json(stored.state).mulligans_taken == 1, "applied once"
    # The loser's panel is out of date: clicking it again changes nothing.
    again = await decide_practice(db, stored, opening.version, ["keep"], 102.0)
    assert again.status is ActStatus.NOT_CURRENT
    after = await db.get_practice(session_id)
    assert after is not None and after.version == stored.version


async def test_a_daily_click_raced_by_two_processes_is_applied_once(
    db: Database, other: Database
) -> None:
    asked: list[str] = []

    async def agreement(decision: str) -> bool | None:
        asked.append(decision)
        return decision == "keep"

    opening = _deal(11)
    stores = [DailyStore(db.backend), DailyStore(other.backend)]
    await stores[0].create_day(GUILD, DAY, 11, "{}", "{}", 1.0)

    async def click(store: DailyStore, version: int, action: str):
        return await decide_daily(
            store, GUILD, DAY, USER, opening, version, [action], agreement, 2.0
        )

    # The answer itself (the first click), from both processes.
    first = await asyncio.gather(*(click(s, opening.version, "mulligan") for s in stores))
    assert sorted(d.status for d in first) == [ActStatus.APPLIED, ActStatus.NOT_CURRENT]
    won = next(d for d in first if d.status is ActStatus.APPLIED)
    lost = next(d for d in first if d.status is ActStatus.NOT_CURRENT)
    assert won.first and won.state is not None and lost.already
    streak = await stores[1].streak(GUILD, USER)
    assert streak is not None and streak.answered == 1, "one answer, one streak step"
    split = await stores[1].split(GUILD, DAY)
    assert (split.keeps, split.mulligans) == (0, 1)

    # A later click (keep the 6-card hand), from both processes.
    version = won.state.version
    later = await asyncio.gather(*(click(s, version, "keep") for s in stores))
    assert sorted(d.status for d in later) == [ActStatus.APPLIED, ActStatus.NOT_CURRENT]
    assert not any(d.first for d in later)
    answer = await stores[0].answer(GUILD, DAY, USER)
    assert answer is not None and answer.decision == "mulligan"
    assert answer.version == version + 1
    kept = PracticeState.from_json(json.loads(answer.state))
    assert kept.version == answer.version and kept.mulligans_taken == 1
    assert (await stores[1].streak(GUILD, USER)) == streak, "later clicks move no streak"
