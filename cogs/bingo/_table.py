"""What the Bingo cog keeps with a live match (:class:`MatchTable`, ``Match.context``): its
configuration (:class:`bot.matches.config.MatchConfig`), its display bookkeeping
(:class:`._display.Display`, stored in the match's ``ui`` column and written only by the
delivery, :mod:`._delivery`, :mod:`._panels`, :mod:`._board`, and the thread keeper,
:mod:`._threads`) and what this process alone knows of how it is shown.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot import limits
from bot.matches import Match
from bot.matches.config import MatchConfig
from bot.outbox import SendStatus, Sent, classify
from bot.ui.text import echo

from ._display import Display

log = logging.getLogger(__name__)

#: Seconds a click's interaction token is used to edit or delete the panel it was on.
#: Discord keeps an interaction token valid for 15 minutes (Interactions, "Receiving and
#: Responding"); a minute is kept in hand so an expired token (401, an invalid request)
#: is never sent.
HANDLE_SECONDS = 14 * 60.0

#: Discord error codes meaning the match's channel can no longer be used, and why: the
#: catalog key of the words the players are told (``bingo.ftl``).
CHANNEL_GONE = {
    10003: "bingo-gone-deleted",  # Unknown Channel
    50001: "bingo-gone-access",  # Missing Access
    50013: "bingo-gone-permissions",  # Missing Permissions
}


def why_gone(sent: Sent[Any]) -> str:
    code = getattr(sent.error, "code", None)
    return CHANNEL_GONE.get(code, "bingo-gone-other")  # type: ignore[arg-type]


#: A match's ``(version, ui, config)`` as stored: ``ui`` and ``config`` as JSON text
#: (:meth:`._delivery.Delivery.save_ui`).
StoredUi = tuple[int, str, str]


@dataclass(frozen=True, slots=True, eq=False)
class Handle:
    """A player's last click on their DM panel: the click's interaction webhook
    (``webhook``, ``discord.Webhook.partial`` of the application id and the interaction's
    token) edits and deletes that panel (``message_id``, the interaction's original
    response: ``/webhooks/{application_id}/{interaction_token}/messages/@original``),
    which is not bound to the bot's global rate limit (Discord docs, Rate Limits:
    "Interaction endpoints are not bound to the bot's Global Rate Limit"), until
    ``expires`` (``time.monotonic()``, :data:`HANDLE_SECONDS` after the click).

    The interaction itself is not kept: discord.py's interactions and their messages are
    reference cycles, and one kept until the player's next click outlives the young
    collections and is freed only by an older, longer one, which stops the event loop
    (the ``gc.callbacks`` timings of ``python -m benchmarks.load --no-limits``)."""

    webhook: discord.Webhook
    message_id: int
    expires: float
    #: ``time.monotonic()`` of the click.
    clicked: float = 0.0

    @property
    def live(self) -> bool:
        """Whether the token may still be used."""
        return time.monotonic() < self.expires


@dataclass(eq=False)
class Lane:
    """One of a match's delivery tasks (:meth:`Delivery.kick`): ``dirty`` when there
    is something to show, ``task`` while it runs."""

    dirty: bool = False
    task: asyncio.Task[None] | None = None


@dataclass(eq=False)
class MatchTable:
    """What the cog keeps with a live match (``Match.context``): where it is shown.

    ``display`` is stored with the match (:class:`._display.Display`, written only by
    the delivery); the rest lives in this process:
    ``answering`` (players whose click is being answered with their new panel, whose
    panel the courier leaves alone), ``board_shown`` (the version and controls the
    board shows), ``announce`` (the result is to be posted), ``gone`` (why the channel
    cannot be used), ``retries`` (since the last complete delivery).
    """

    guild_id: int
    channel_id: int
    started_at: float
    display: Display
    level: str | None = None
    #: What the match was set up with (:class:`bot.matches.config.MatchConfig`).
    config: MatchConfig = field(default_factory=MatchConfig)
    answering: set[int] = field(default_factory=set)
    board_shown: tuple[int, bool] | None = None
    redraw: bool = False
    announce: bool = False
    gone: str | None = None
    told: bool = False
    retries: int = 0
    #: The panels lane (:meth:`Delivery.kick`); the board lane also redraws when set.
    panel_lane: Lane = field(default_factory=Lane)
    force_board: bool = False
    drawing: asyncio.Future[tuple[bytes, str]] | None = None
    drawn: Board | None = None
    #: ``time.monotonic()`` when the board was last brought up to date.
    board_at: float = float("-inf")
    #: What this process last stored of the match's display (:meth:`Delivery.save_ui`).
    stored_ui: StoredUi | None = None
    #: Message id -> the last click on it (:class:`Handle`), in this process only.
    handles: dict[int, Handle] = field(default_factory=dict)
    #: The match's board lane and tidying lane (:meth:`Delivery.kick`).
    board_lane: Lane = field(default_factory=Lane)
    tidy_lane: Lane = field(default_factory=Lane)

    @property
    def board_channel_id(self) -> int:
        """Where the board, the public log and the closed-DM pings go: the match's thread
        (``display.thread``, see :mod:`._threads`) or, without one, :attr:`channel_id`
        (where the result always goes)."""
        return self.display.thread or self.channel_id

    @property
    def names(self) -> list[str]:
        """The two display names as the members chose them (for button labels)."""
        return list(self.display.names)

    @property
    def shown_names(self) -> list[str]:
        """The two display names made safe to show in text (markdown and mentions
        escaped, shortened to ``limits.MEMBER_NAME``)."""
        return [echo(name, limits.MEMBER_NAME) for name in self.display.names]


#: A live match of this cog: its context is the cog's :class:`MatchTable`.
LiveMatch = Match[MatchTable]


def table_of(match: LiveMatch) -> MatchTable:
    """``match``'s :class:`MatchTable` (its ``context``)."""
    return match.context


def panel_language(table: MatchTable, player: int) -> str | None:
    """The language of ``player``'s private panel: ``config.languages[player]`` when
    the match stored it (their override or their last interaction's locale: see
    :mod:`bot.i18n.service`), else the match's public language, else ``None`` (English)."""
    return table.config.languages[player] or table.config.language


def match_language(table: MatchTable) -> str | None:
    """The language of the match's public messages (the board): its configuration's
    (the server's language when it began), else ``None`` (English)."""
    return table.config.language


#: The board picture's file name (the embed shows ``attachment://board.png``).
BOARD_FILE = "board.png"


@dataclass(frozen=True, eq=False)
class Board:
    """The public board of one version, ready to show: ``shown`` (that version and
    whether it has controls, :attr:`MatchTable.board_shown`), the ``embed`` and ``controls``,
    the picture's ``inputs`` and ``key`` (:func:`board_key`) and, once drawn, its
    ``png`` and ``alt`` text (both made by the render process:
    :func:`~bot.ui.board_image.drawn_board`)."""

    shown: tuple[int, bool]
    embed: discord.Embed
    controls: discord.ui.View | None
    inputs: dict[str, Any]
    key: str
    png: bytes | None = None
    alt: str | None = None

    def file(self) -> discord.File:
        """The picture as the ``board.png`` attachment (drawn: ``png`` is set), with the
        picture in words as its alt text (``description``: ``alt``, else
        :func:`~bot.ui.board_image.board_alt_text` made now)."""
        from bot.ui.board_image import board_alt_text

        assert self.png is not None
        alt = self.alt if self.alt is not None else board_alt_text(self.inputs)
        return discord.File(io.BytesIO(self.png), filename=BOARD_FILE, description=alt)


class Problems:
    """What went wrong during one delivery pass."""

    def __init__(self) -> None:
        self.transient = False


def check(match: LiveMatch, sent: Sent[Any], problems: Problems, *, channel: bool) -> bool:
    """Whether ``sent`` succeeded; otherwise note why (``channel``: the request was in
    the match's channel, so a gone channel ends the match)."""
    if sent.ok:
        return True
    table = table_of(match)
    if sent.status is SendStatus.CHANNEL_GONE and channel:
        table.gone = table.gone or why_gone(sent)
    elif (
        sent.status is SendStatus.FAILED and sent.error is not None and classify(sent.error) is None
    ):
        problems.transient = True
    elif sent.status is SendStatus.FAILED:
        log.error("Could not show match %s: %s", match.id, sent.error)
    return False


def humans(match: LiveMatch) -> Iterable[int]:
    """The user ids of the match's human seats."""
    return (match.seats[p].user_id for p in match.viewers())
