"""Fixtures for storage tests: a real SQLite database file in a temporary directory."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the test database lives (its directory does not exist yet)."""
    return tmp_path / "data" / "bingo.db"


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    """An open, migrated database, closed after the test."""
    database = await Database.open(db_path)
    try:
        yield database
    finally:
        await database.close()
