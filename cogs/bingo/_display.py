"""How a match is shown on Discord, as stored with it: its display bookkeeping
(:class:`Display`, the ``matches.ui`` JSON column), written only by the delivery
(:mod:`._delivery`, :mod:`._panels`, :mod:`._board`) and the thread keeper
(:mod:`._threads`); everything else reads it.

What the match *is* (its state, its configuration including the players' languages and
tips, its public log) is stored elsewhere (``state``, ``config``, ``log``); this is only
which messages show it, so a restart edits them instead of sending new ones.

The stored JSON object (every key read with a default, so a row any earlier version
wrote loads; keys that moved to other columns are ignored here, see
:func:`._restore.config_of`)::

    {"names": [str, str],              # the display names as chosen (required)
     "dm_closed": [bool, bool],        # a player's DMs refused the last panel
     "panels": [panel | null, ...],    # per player, see PanelRecord
     "board": int | null,              # the board message
     "pings": [int | null, ...],       # per player, the channel ping (closed DMs)
     "trash": [[channel, message]...], # old panels and pings left to delete
     "board_image": str,               # the board_key of the picture shown (if any)
     "thread": int,                    # the match's thread (if any, see ._threads)
     "thread_close_at": float,         # Unix seconds the thread closes (once posted)
     "thread_closed": true}            # the thread is archived (once done)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class PanelRecord:
    """A player's current panel: a DM (``channel`` and ``message`` ids) or an ephemeral
    answer (``ephemeral``, no ids: it cannot be edited later), drawn at ``version`` and
    with or without decision ``controls``. Stored as ``{"channel", "message", "version",
    "controls", "ephemeral"}``."""

    channel: int | None
    message: int | None
    version: int
    controls: bool
    ephemeral: bool

    @classmethod
    def dm(cls, channel: int, message: int, version: int, controls: bool) -> PanelRecord:
        return cls(channel, message, version, controls, False)

    @classmethod
    def private(cls, version: int, controls: bool) -> PanelRecord:
        """An ephemeral panel (``/bingo hand``, "Show my hand", closed DMs)."""
        return cls(None, None, version, controls, True)

    def drawn(self, version: int, controls: bool) -> PanelRecord:
        """The same message, redrawn at ``version``."""
        return dataclasses.replace(self, version=version, controls=controls)

    def to_json(self) -> dict[str, Any]:
        # The fields, named and ordered as stored, written out: not dataclasses.asdict,
        # which deep-copies every value (this runs after every change of every live match).
        return {
            "channel": self.channel,
            "message": self.message,
            "version": self.version,
            "controls": self.controls,
            "ephemeral": self.ephemeral,
        }

    @classmethod
    def from_json(cls, stored: Mapping[str, Any] | None) -> PanelRecord | None:
        """The record :meth:`to_json` stored (``None``: no panel). A record without
        ``ephemeral`` is a DM when it has a message."""
        if stored is None:
            return None
        message = stored.get("message")
        return cls(
            channel=stored.get("channel"),
            message=message,
            version=int(stored.get("version", -1)),
            controls=bool(stored.get("controls", False)),
            ephemeral=bool(stored.get("ephemeral", message is None)),
        )


def _pair(stored: Any, default: Any) -> list[Any]:
    """Two per-player values of a stored list (``None`` or short: ``default``)."""
    values = list(stored or [])[:2]
    return values + [default] * (2 - len(values))


@dataclass(slots=True, eq=True)
class Display:
    """A match's display bookkeeping (module docstring): mutated in place by the
    delivery, stored with :meth:`to_json` (``Delivery.save_ui``)."""

    names: tuple[str, str]
    dm_closed: list[bool] = field(default_factory=lambda: [False, False])
    panels: list[PanelRecord | None] = field(default_factory=lambda: [None, None])
    board: int | None = None
    pings: list[int | None] = field(default_factory=lambda: [None, None])
    trash: list[tuple[int, int]] = field(default_factory=list)
    board_image: str | None = None
    thread: int | None = None
    thread_close_at: float | None = None
    thread_closed: bool = False
    #: The version whose panel offered screen-reader mode (``._accessible``), or None.
    a11y_offer: int | None = None

    @classmethod
    def new(cls, names: Sequence[str]) -> Display:
        """A new match's bookkeeping: its two display ``names``, nothing shown yet."""
        return cls((str(names[0]), str(names[1])))

    def to_json(self) -> dict[str, Any]:
        """The stored JSON object (module docstring); the optional keys only when set."""
        stored: dict[str, Any] = {
            "names": list(self.names),
            "dm_closed": list(self.dm_closed),
            "panels": [None if p is None else p.to_json() for p in self.panels],
            "board": self.board,
            "pings": list(self.pings),
            "trash": [list(pair) for pair in self.trash],
        }
        if self.board_image is not None:
            stored["board_image"] = self.board_image
        if self.thread is not None:
            stored["thread"] = self.thread
        if self.thread_close_at is not None:
            stored["thread_close_at"] = self.thread_close_at
        if self.thread_closed:
            stored["thread_closed"] = True
        if self.a11y_offer is not None:
            stored["a11y_offer"] = self.a11y_offer
        return stored

    @classmethod
    def from_json(cls, stored: Mapping[str, Any]) -> Display:
        """The bookkeeping of a stored ``ui``, as any version wrote it: a key it lacks
        reads as nothing shown; keys of other columns (``log``, ``timing``, ``quick``,
        ``language``, ``languages``, ``tips``) and obsolete ones are left out.

        Raises:
            KeyError/IndexError/TypeError/ValueError: no two names, or a key holds
            something else (the match cannot be shown).
        """
        names = stored["names"]
        close_at = stored.get("thread_close_at")
        return cls(
            names=(str(names[0]), str(names[1])),
            dm_closed=[bool(flag) for flag in _pair(stored.get("dm_closed"), False)],
            panels=[PanelRecord.from_json(p) for p in _pair(stored.get("panels"), None)],
            board=stored.get("board"),
            pings=_pair(stored.get("pings"), None),
            trash=[(int(channel), int(message)) for channel, message in stored.get("trash") or []],
            board_image=stored.get("board_image"),
            thread=stored.get("thread") or None,
            thread_close_at=None if close_at is None else float(close_at),
            thread_closed=bool(stored.get("thread_closed", False)),
            a11y_offer=stored.get("a11y_offer"),
        )

    # -- what the delivery does with it --------------------------------------------------

    def set_aside(self, channel_id: int, message_id: int) -> None:
        """Have a message deleted by the match's courier (kept in :attr:`trash`, so a
        restart still deletes it)."""
        if (channel_id, message_id) not in self.trash:
            self.trash.append((channel_id, message_id))

    def replace_panel(self, player: int, record: PanelRecord) -> None:
        """Make ``record`` ``player``'s panel; their previous DM panel, if it is another
        message, is set aside for deletion: one panel per player and match (README,
        Reliability)."""
        old = self.panels[player]
        self.panels[player] = record
        if old is not None and not old.ephemeral and old.message != record.message:
            assert old.channel is not None and old.message is not None
            self.set_aside(old.channel, old.message)

    def messages(self, ping_channel: int) -> Iterator[tuple[int, int]]:
        """``(channel, message)`` of every DM panel and ping shown (pings are in
        ``ping_channel``)."""
        for panel in self.panels:
            if panel is not None and not panel.ephemeral:
                assert panel.channel is not None and panel.message is not None
                yield panel.channel, panel.message
        for ping in self.pings:
            if ping is not None:
                yield ping_channel, ping


def names_of(stored: Mapping[str, Any]) -> tuple[str, str]:
    """The two display names of a stored ``ui`` (``("?", "?")`` when it has none)."""
    names = stored.get("names") or ("?", "?")
    return str(names[0]), str(names[1])
