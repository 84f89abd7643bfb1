"""The field-driven JSON of :class:`~bot.engine.bingo.BingoState`.

Each JSON field of the state is declared with :func:`json_field` and a codec name (a key
of :data:`CODECS`); :func:`json_fields` lists ``(name, codec)`` in field order, which
``BingoState.to_json`` and ``from_json`` follow. The JSON shape is that of every stored
match (SQLite rows, replays): one key per field, in field order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field, fields
from typing import Any, NamedTuple

from .actions import Decision
from .mulligan import MulliganPhase
from .options import BingoOptions
from .outcome import Result


class Codec(NamedTuple):
    """How one field goes to JSON (``dump``) and back (``load``)."""

    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]


def _ints(values: list[Any]) -> list[int]:
    return [int(v) for v in values]


def _grid(rows: list[list[Any]]) -> list[list[int]]:
    return [[int(v) for v in row] for row in rows]


def _same(value: Any) -> Any:
    return value


#: Codec name → codec.
CODECS = {
    "options": Codec(BingoOptions.to_json, BingoOptions.from_json),
    "int": Codec(_same, int),
    "ints": Codec(list, _ints),
    "grid": Codec(lambda rows: [list(r) for r in rows], _grid),
    "decision": Codec(str.__str__, Decision),
    "raw": Codec(_same, _same),
    "mulligans": Codec(
        lambda m: None if m is None else m.to_json(),
        lambda d: None if d is None else MulliganPhase.from_json(d),
    ),
    "result": Codec(
        lambda r: None if r is None else r.to_json(),
        lambda d: None if d is None else Result.from_json(d),
    ),
    "history": Codec(lambda h: [list(e) for e in h], lambda h: [list(e) for e in h]),
}


def json_field(codec: str, default: Any = None, factory: Callable[[], Any] | None = None) -> Any:
    """A dataclass field with its JSON codec (a key of :data:`CODECS`) in its metadata."""
    if factory is not None:
        return field(default_factory=factory, metadata={"json": codec})
    return field(default=default, metadata={"json": codec})


def json_fields(cls: type) -> tuple[tuple[str, Codec], ...]:
    """``(field name, codec)`` for every field of dataclass ``cls`` declared with
    :func:`json_field`, in field (JSON) order."""
    return tuple((f.name, CODECS[f.metadata["json"]]) for f in fields(cls) if "json" in f.metadata)
