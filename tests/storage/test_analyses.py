"""Stored match analyses (bot/storage/analyses.py): kept, replaced, and still there after
the database is opened again."""

from __future__ import annotations

from pathlib import Path

from bot.storage import Database


async def test_an_analysis_is_kept_replaced_and_survives_a_reopen(db: Database, db_target) -> None:
    first = [{"index": 0, "player": 1, "grade": "best"}]
    assert await db.analysis(7, 1) is None
    await db.save_analysis(7, 1, 40, first, 100.0)
    assert await db.analysis(7, 1) == first
    assert await db.analysis(7, 2) is None  # another method's analysis is another row
    second = [*first, {"index": 3, "player": 0, "grade": "blunder"}]
    await db.save_analysis(7, 1, 80, second, 200.0)
    assert await db.analysis(7, 1) == second
    if isinstance(db_target, Path):
        await db.close()
        again = await Database.open(db_target)
        try:
            assert await again.analysis(7, 1) == second
        finally:
            await again.close()
