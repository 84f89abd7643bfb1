"""What every domain module of :mod:`bot.storage` shares: :class:`StorageBase` (the
:class:`~bot.storage.backend.Backend` it talks to), the JSON encoding of text columns and
:class:`RatedRecord` (a member's rating with their record)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

from bot.storage.backend import Backend

#: The ``guild_id`` (and ``channel_id``) of a match that belongs to no server: a queue
#: match played in its players' DMs, or a match against the bot offered to a member who
#: queued from a DM (docs/queue.md). It counts in no server's results or ratings.
NO_SERVER = 0


class StorageBase:
    """A group of storage methods over one :class:`Backend` (``self.backend``).

    Each domain module defines one subclass (``ChallengeStore``, ``DeckStore``...). It
    can be used alone (``DeckStore(backend)``); :class:`bot.storage.Database` inherits
    them all, so callers keep calling ``db.save_deck(...)``.
    """

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    def match_created(self, match_id: int, described: tuple[Any, ...]) -> None:
        """A ``matches`` row was just inserted with ``described`` (the parameters
        :func:`bot.storage.matches.column_params` gives). Nothing here;
        :class:`~bot.storage.matches.MatchRowStore` remembers the row's log, so that the
        match's first commit needs no transaction."""


@dataclass(frozen=True, slots=True)
class RatedRecord:
    """A member's openskill rating (``mu``, ``sigma``; see :mod:`bot.ratings`) and their
    record: rated ``matches``, of them ``wins``, ``losses`` and ``draws``. The base of the
    rows of the queue, the seasons and the ladder."""

    user_id: int
    mu: float
    sigma: float
    matches: int
    wins: int
    losses: int
    draws: int

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: the number shown and ranked by."""
        return self.mu - 3.0 * self.sigma


def encode_json(value: Any) -> str:
    """Compact JSON text for a JSON column; rejects NaN/Infinity and non-JSON types
    (``TypeError``/``ValueError``)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


#: orjson's options for :func:`encode_engine_json`: integer keys written as strings (as
#: ``json`` does); dataclasses and datetimes refused, as ``json`` refuses them.
_ENGINE_JSON = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
)


def encode_engine_json(value: Any) -> str:
    """:func:`encode_json` of the engine's JSON (a match's state, decisions and public
    log: dicts, lists, strings, integers, booleans and ``None``, never a float), the
    same text, through orjson: it runs on every commit of every match, several times
    faster than ``json``. Also a match's ``ui`` and ``config``, written after every
    change of it (where a float may be written otherwise than by ``json``: only this
    function's own text is compared). Raises ``TypeError`` for a non-JSON type."""
    return orjson.dumps(value, option=_ENGINE_JSON).decode()
