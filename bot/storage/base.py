"""What every domain module of :mod:`bot.storage` shares: :class:`StorageBase` (the
:class:`~bot.storage.backend.Backend` it talks to) and the JSON encoding of text columns."""

from __future__ import annotations

import json
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
    faster than ``json``. Raises ``TypeError`` for a non-JSON type."""
    return orjson.dumps(value, option=_ENGINE_JSON).decode()
