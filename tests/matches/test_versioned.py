"""bot.matches.versioned: read, check the version, apply to a copy, compare-and-set."""

from __future__ import annotations

from dataclasses import dataclass

from bot.matches import ActStatus
from bot.matches.versioned import apply_versioned


@dataclass(frozen=True)
class Row:
    version: int
    value: int


class Table:
    """One stored row with a compare-and-set, and a count of writes."""

    def __init__(self, row: Row | None) -> None:
        self.row, self.writes = row, 0

    async def load(self) -> Row | None:
        return self.row

    async def commit(self, current: Row, new: Row) -> bool:
        if self.row is None or self.row.version != current.version:
            return False
        self.row, self.writes = new, self.writes + 1
        return True


def add(n: int):
    return lambda row: Row(row.version + 1, row.value + n) if n >= 0 else None


async def _apply(table: Table, version: int, n: int = 1):
    return await apply_versioned(version, table.load, lambda r: r.version, add(n), table.commit)


async def test_a_current_click_is_applied_and_stored() -> None:
    table = Table(Row(3, 10))
    result = await _apply(table, 3, 5)
    assert result.applied and result.new == Row(4, 15) and result.current == Row(3, 10)
    assert table.row == Row(4, 15) and table.writes == 1


async def test_a_stale_or_illegal_click_changes_nothing() -> None:
    table = Table(Row(3, 10))
    assert (await _apply(table, 2)).status is ActStatus.NOT_CURRENT
    assert (await _apply(table, 3, -1)).status is ActStatus.NOT_CURRENT
    assert table.row == Row(3, 10) and table.writes == 0


async def test_nothing_stored_is_over() -> None:
    result = await _apply(Table(None), 0)
    assert result.status is ActStatus.OVER and result.current is None


async def test_the_loser_of_a_race_is_not_current() -> None:
    """Another writer moves the row on between the read and the commit."""
    table = Table(Row(1, 0))

    async def load() -> Row | None:
        row = table.row
        table.row = Row(2, 99)  # the other process commits meanwhile
        return row

    result = await apply_versioned(1, load, lambda r: r.version, add(1), table.commit)
    assert result.status is ActStatus.NOT_CURRENT and result.new is None
    assert table.row == Row(2, 99) and table.writes == 0
