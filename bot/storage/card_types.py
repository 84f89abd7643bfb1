"""The Scryfall card-type cache (``card_types``): whether a card name is a land, or that
Scryfall does not know it. Names compare case-insensitively."""

from __future__ import annotations

from collections.abc import Iterable

from bot.storage import sql
from bot.storage.base import StorageBase

#: Names per ``IN (...)`` query (well under SQLite's 32,766 parameters).
_CHUNK = 200


class CardTypeStore(StorageBase):
    """Reading and filling the card-type cache."""

    async def cached_card_types(
        self, names: Iterable[str], *, not_found_after: float | None = None
    ) -> dict[str, bool]:
        """Cached land flags for ``names``: ``{name as requested: is_land}``.

        Names match case-insensitively (ASCII letters; other letters must match
        exactly). Names never cached are absent. Cards cached as not found by Scryfall
        map to False, unless ``not_found_after`` (Unix seconds) is given and they were
        checked before it, in which case they are absent (so they get looked up again).
        """
        requested = list(dict.fromkeys(names))
        if not requested:
            return {}
        wanted: dict[str, list[str]] = {}
        for name in requested:
            wanted.setdefault(_fold(name), []).append(name)
        keys = list(wanted)
        found: dict[str, bool] = {}
        for start in range(0, len(keys), _CHUNK):
            chunk = keys[start : start + _CHUNK]
            statement = sql.SELECT_CARD_TYPES_IN + sql.in_list(len(chunk), "lower(?)")
            for row in await self.backend.fetchall(statement, chunk):
                if not row["found"] and not_found_after is not None:
                    if row["checked_at"] < not_found_after:
                        continue
                for name in wanted.get(_fold(row["name"]), ()):
                    found[name] = bool(row["is_land"] and row["found"])
        return {name: found[name] for name in requested if name in found}

    async def cache_card_types(self, entries: Iterable[tuple[str, bool, bool]], now: float) -> None:
        """Store ``(name, is_land, found)`` for each entry, checked at ``now``.

        One transaction; an existing entry (same name, case-insensitively) is
        replaced. ``found=False`` records that Scryfall does not know the name.
        """
        rows = [
            (name, int(bool(is_land)), int(bool(found)), now) for name, is_land, found in entries
        ]
        if not rows:
            return
        latest = {_fold(row[0]): row for row in rows}
        async with self.backend.transaction(("card_types",)) as tx:
            await tx.executemany(sql.DELETE_CARD_TYPE, [(row[0],) for row in latest.values()])
            await tx.executemany(sql.INSERT_CARD_TYPE, list(latest.values()))


def _fold(name: str) -> str:
    """``name`` with ASCII letters lowered: SQLite's lower(), and the part of
    PostgreSQL's lower() both databases agree on."""
    return name.translate(_ASCII_LOWER)


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
