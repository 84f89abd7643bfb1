"""Showing committed matches on Discord: board, hand panels, result, through the outbox.

The match runtime commits a change and arms its deadline; then its listener calls
:meth:`Delivery.kick`. Each match has at most one *courier* task that brings its
messages up to date with the live state (coalescing changes that arrive meanwhile), so
a match's messages stay in order without any lock held across a call to Discord: the
match's lock is taken only around the database write of the ``ui`` JSON.

The board's picture is drawn in the render pool (``BingoBot.render_pool``: a process of
its own by default, so Pillow never holds the event loop's GIL), one picture at a time
per match, and a pass never waits for it: the panels go out at once, and the picture's
completion brings the courier back to show the board *as it was drawn* (picture and
embed of the same version). A match that moved on meanwhile is drawn again, so under
load a board skips versions instead of falling behind, and the result is posted only
after its board.

A delivery never stops a match: every request goes through :class:`bot.outbox.Outbox`
(pacing, retries, DM channels, closed DMs). A transient failure (5xx, a 429 given up,
the network) brings the courier back after :data:`RETRY_DELAYS`; a channel that is gone
or unwritable ends the match with no result (``MatchRuntime.abandon``) and each player
is told privately why; any other refusal is logged.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import discord
import orjson

from bot import limits
from bot.engine.actions import Reason
from bot.i18n import t
from bot.matches import Match, MatchRuntime, Scheduler, player_view, public_view
from bot.matches.config import MatchConfig
from bot.outbox import Delivery as Status
from bot.outbox import Outbox, Priority, Sent, classify
from bot.ui.board_image import board_inputs, board_key, last_move, render_board
from bot.ui.text import echo

from ._history import rematch_view
from ._render import board_embed, panel_embed, result_line
from ._tips import tip_key, with_tip
from ._views import board_view, decision_view, play_again_view

if TYPE_CHECKING:
    from bot.storage import Database
    from bot.storage.leases import Leases

log = logging.getLogger(__name__)

#: Seconds before each new try to deliver a match's messages after a transient Discord
#: failure; after the last, the match's next change delivers again.
RETRY_DELAYS = (2.0, 5.0, 15.0, 30.0, 60.0)

#: Seconds between two batches of ``ui`` writes (:meth:`Delivery.save_ui`).
UI_FLUSH_SECONDS = 0.5

#: Seconds a click's interaction token is used to edit or delete the panel it was on.
#: Discord keeps an interaction token valid for 15 minutes (Interactions, "Receiving and
#: Responding"); a minute is kept in hand so an expired token (401, an invalid request)
#: is never sent.
HANDLE_SECONDS = 14 * 60.0

#: How many of the newest messages of a player's DM channel are read after a restart to
#: find panels of a match still offering buttons (:meth:`Delivery.retire_strays`).
STRAY_SCAN = 10

#: Discord error codes meaning the match's channel can no longer be used, and why: the
#: catalog key of the words the players are told (``bingo.ftl``).
CHANNEL_GONE = {
    10003: "bingo-gone-deleted",  # Unknown Channel
    50001: "bingo-gone-access",  # Missing Access
    50013: "bingo-gone-permissions",  # Missing Permissions
}


def _why(sent: Sent[Any]) -> str:
    code = getattr(sent.error, "code", None)
    return CHANNEL_GONE.get(code, "bingo-gone-other")  # type: ignore[arg-type]


def new_ui(names: list[str]) -> dict[str, Any]:
    """A new match's ``ui`` JSON: ``names`` (two display names as chosen), ``dm_closed``
    (two flags), ``panels`` (per
    player ``None`` or ``{"channel", "message", "version", "controls", "ephemeral"}``),
    ``board`` (the board's message id), ``pings`` (per player, the channel message
    asking a player with closed DMs to decide, or ``None``), ``trash`` (``[channel,
    message]`` pairs to delete: old panels and pings). Matches stored before the last
    two existed lack them: read them with ``.get``. Set later, also read with ``.get``:
    ``board_image`` (the :func:`~bot.ui.board_image.board_key` of the picture the board
    message holds) and ``tips`` (see :mod:`._tips`)."""
    return {
        "names": names,
        "dm_closed": [False, False],
        "panels": [None, None],
        "board": None,
        "pings": [None, None],
        "trash": [],
    }


@dataclass(frozen=True, slots=True, eq=False)
class Handle:
    """A player's last click on their DM panel: the click's ``interaction`` edits and
    deletes that panel (``message_id``) through Discord's interaction webhook
    (``/webhooks/{application_id}/{interaction_token}/messages/@original``), which is
    not bound to the bot's global rate limit (Discord docs, Rate Limits: "Interaction
    endpoints are not bound to the bot's Global Rate Limit"), until ``expires``
    (``time.monotonic()``, :data:`HANDLE_SECONDS` after the click)."""

    interaction: discord.Interaction[Any]
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
class Table:
    """What the cog keeps with a live match (``Match.context``): where it is shown.

    ``ui`` is stored with the match (see :func:`new_ui`); the rest lives in this process:
    ``answering`` (players whose click is being answered with their new panel, whose
    panel the courier leaves alone), ``board_shown`` (the version and controls the
    board shows), ``announce`` (the result is to be posted), ``gone`` (why the channel
    cannot be used), ``retries`` (since the last complete delivery).
    """

    guild_id: int
    channel_id: int
    started_at: float
    ui: dict[str, Any]
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
    drawing: asyncio.Future[bytes] | None = None
    drawn: Board | None = None
    #: ``time.monotonic()`` when the board was last brought up to date.
    board_at: float = float("-inf")
    #: ``(version, ui as JSON)`` this process last stored (:meth:`Delivery.save_ui`).
    stored_ui: tuple[int, str] | None = None
    #: Message id -> the last click on it (:class:`Handle`), in this process only.
    handles: dict[int, Handle] = field(default_factory=dict)
    #: The match's board lane and tidying lane (:meth:`Delivery.kick`).
    board_lane: Lane = field(default_factory=Lane)
    tidy_lane: Lane = field(default_factory=Lane)

    @property
    def board_channel_id(self) -> int:
        """Where the board, the public log and the closed-DM pings go: the match's thread
        (``ui["thread"]``, see :mod:`._threads`) or, without one, :attr:`channel_id`
        (where the result always goes)."""
        return self.ui.get("thread") or self.channel_id

    @property
    def names(self) -> list[str]:
        """The two display names as the members chose them (for button labels)."""
        return self.ui["names"]

    @property
    def shown_names(self) -> list[str]:
        """The two display names made safe to show in text (markdown and mentions
        escaped, shortened to ``limits.MEMBER_NAME``)."""
        return [echo(name, limits.MEMBER_NAME) for name in self.ui["names"]]


def table_of(match: Match) -> Table:
    table = match.context
    assert isinstance(table, Table)
    return table


def panel_language(table: Table, player: int) -> str | None:
    """The language of ``player``'s private panel: ``ui["languages"][player]`` when
    the match stored it (their override or their last interaction's locale: see
    :mod:`bot.i18n.service`), else the match's public language, else ``None`` (English)."""
    languages = table.ui.get("languages") or [None, None]
    return languages[player] or table.config.language


def public_language(table: Table) -> str | None:
    """The language of the match's public messages (the board): its configuration's
    (the server's language when it began), else ``None`` (English)."""
    return table.config.language


#: The board picture's file name (the embed shows ``attachment://board.png``).
BOARD_FILE = "board.png"


@dataclass(frozen=True, eq=False)
class Board:
    """The public board of one version, ready to show: ``shown`` (that version and
    whether it has controls, :attr:`Table.board_shown`), the ``embed`` and ``controls``,
    the picture's ``inputs`` and ``key`` (:func:`board_key`) and, once drawn, its
    ``png``."""

    shown: tuple[int, bool]
    embed: discord.Embed
    controls: discord.ui.View | None
    inputs: dict[str, Any]
    key: str
    png: bytes | None = None

    def file(self) -> discord.File:
        """The picture as the ``board.png`` attachment (drawn: ``png`` is set), with the
        picture in words as its alt text (``description``: :func:`board_alt_text`)."""
        from bot.ui.board_image import board_alt_text

        assert self.png is not None
        alt = board_alt_text(self.inputs)
        return discord.File(io.BytesIO(self.png), filename=BOARD_FILE, description=alt)


def trash(table: Table, channel_id: int, message_id: int) -> None:
    """Set a message aside for deletion by the match's courier (stored in
    ``ui["trash"]`` as ``[channel, message]`` pairs, so a restart still deletes it)."""
    pending = table.ui.setdefault("trash", [])
    if [channel_id, message_id] not in pending:
        pending.append([channel_id, message_id])


def replace_panel(table: Table, player: int, record: dict[str, Any]) -> None:
    """Make ``record`` (see :func:`new_ui`) ``player``'s panel; their previous DM panel,
    if it is another message, is deleted by the courier: one panel per player and match
    (README, Reliability). Callers kick the courier afterwards."""
    old = table.ui["panels"][player]
    table.ui["panels"][player] = record
    if old is not None and not old["ephemeral"] and old["message"] != record["message"]:
        trash(table, old["channel"], old["message"])


def _board_shown(match: Match) -> tuple[int, bool]:
    """What the board of the live state shows (:attr:`Table.board_shown`): its version,
    and whether it carries "Show my hand" (a player's DMs are closed, the match is on)."""
    table = table_of(match)
    closed = any(table.ui["dm_closed"][p] for p in match.viewers())
    return (match.state.version, closed and not match.state.is_over)


class _Pass:
    """What went wrong during one delivery pass."""

    def __init__(self) -> None:
        self.transient = False


class Delivery:
    """The couriers of every match of one bot process (see the module docstring)."""

    def __init__(
        self,
        outbox: Outbox,
        db: Database,
        runtime: MatchRuntime,
        scheduler: Scheduler,
        *,
        leases: Leases | None = None,
        render: Executor | None = None,
        board_seconds: float = 0.0,
        attention_seconds: float = 0.0,
    ) -> None:
        self.outbox = outbox
        self.db = db
        self.leases = leases
        self.runtime = runtime
        self.scheduler = scheduler
        #: Where board pictures are drawn (``None``: the event loop's default threads).
        self.render = render
        self.retry_delays: tuple[float, ...] = RETRY_DELAYS
        self._couriers: set[asyncio.Task[None]] = set()
        self._closed = False
        #: Least seconds between two edits of one board (the final board excepted):
        #: changes that come faster are shown together, the latest winning
        #: (``BINGO_BOARD_EDIT_SECONDS``).
        self.board_seconds = board_seconds
        #: Seconds after a click on a DM panel during which the clicker's next decision is
        #: shown on that panel (:meth:`_watching`; ``BINGO_PANEL_ATTENTION_SECONDS``).
        self.attention_seconds = attention_seconds
        #: Seconds a ``ui`` waits to be stored with the others (:meth:`save_ui`).
        self.ui_flush_seconds = UI_FLUSH_SECONDS
        self._unsaved: dict[int, tuple[Match, tuple[int, str]]] = {}
        self._flusher: asyncio.Task[None] | None = None
        #: Called with a match once its result is posted (its ``ui`` is stored after).
        self.on_announced: Callable[[Match], None] | None = None

    # -- entry points ------------------------------------------------------------------

    def kick(self, match: Match, *, redraw: bool = False, announce: bool = False) -> None:
        """Bring ``match``'s messages up to date soon: its panels lane first, which then
        wakes its board lane and its tidying lane (each one task at a time, so a board
        waiting for its channel's bucket never holds up a panel). ``redraw``: after a
        restart, edit each player's last panel in place and the board even when it looks
        current. ``announce``: the match is over; post its result (once)."""
        table = table_of(match)
        table.redraw = table.redraw or redraw
        table.announce = table.announce or announce
        self._lane(match, table.panel_lane, self._deliver, "panels")

    def _lane(
        self,
        match: Match,
        lane: Lane,
        work: Callable[[Match, _Pass], Awaitable[None]],
        name: str,
    ) -> None:
        """Mark ``lane`` dirty and run ``work`` in its task until nothing changed during
        the last pass."""
        lane.dirty = True
        if self._closed or (lane.task is not None and not lane.task.done()):
            return
        task = asyncio.get_running_loop().create_task(
            self._run_lane(match, lane, work), name=f"bingo-{name}-{match.id}"
        )
        lane.task = task
        self._couriers.add(task)
        task.add_done_callback(self._couriers.discard)

    async def _run_lane(
        self, match: Match, lane: Lane, work: Callable[[Match, _Pass], Awaitable[None]]
    ) -> None:
        """Passes of ``work`` while ``lane`` is dirty, then store the ``ui`` once (the
        message ids those passes sent)."""
        while lane.dirty:
            while lane.dirty:
                lane.dirty = False
                problems = _Pass()
                try:
                    await work(match, problems)
                    await self._settle(match, problems)
                except Exception:
                    log.exception("Could not show match %s", match.id)
            try:
                await self.save_ui(match)
            except Exception:
                log.exception("Could not store how match %s is shown", match.id)

    async def close(self) -> None:
        """Stop every courier (what was not shown is shown after the next start), then
        store the ``ui`` still queued."""
        self._closed = True
        tasks = list(self._couriers)
        if self._flusher is not None:
            tasks.append(self._flusher)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        try:
            await self.flush()
        except Exception:
            log.exception("Could not store how %s match(es) are shown", len(self._unsaved))

    def panel(
        self, match: Match, player: int, locale: str | None = None
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        """``player``'s panel of the live state: their view, and their controls if they
        decide now, in ``locale`` (default: :func:`panel_language`)."""
        table = table_of(match)
        locale = locale or panel_language(table, player)
        view = player_view(match.state, player)
        embed = panel_embed(match.id, view, table.shown_names, match.deadline, locale)
        if view["current_player"] == player and match.in_quick_window():
            note = t(locale, "panel-quick-window")
            embed.description = f"{embed.description or ''}\n{note}"
        controls = decision_view(
            match.id, view["version"], view["legal_actions"], table.names, player, locale
        )
        tip = tip_key(table.ui, view)  # a first match against the bot (see ._tips)
        if tip is not None:
            controls = with_tip(embed, controls, tip, match.id, locale)
        return embed, controls

    async def save_ui(self, match: Match) -> None:
        """Have the match's ``ui`` stored at its version in the next batch (within
        :attr:`ui_flush_seconds`, :meth:`flush`), unless this process last stored the
        same at the same version. Display bookkeeping (message ids) is written behind:
        a crash loses at most that much of it, and a restart then sends a panel anew."""
        table = table_of(match)
        # orjson: this runs after every change of every match (stdlib json was ~3 % of
        # the bot's CPU at 190 clicks a second); the text is only compared, never stored.
        text = orjson.dumps(table.ui, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
        stored = (match.state.version, text.decode())
        if stored == table.stored_ui:
            return  # nothing changed since the last write of this process
        self._unsaved[match.id] = (match, stored)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(
                self._flush_soon(), name="bingo-ui-flush"
            )

    async def _flush_soon(self) -> None:
        """Flush every :attr:`ui_flush_seconds` while anything is queued (also what was
        queued during a flush, or queued again after a failed one)."""
        while self._unsaved:
            await asyncio.sleep(self.ui_flush_seconds)
            try:
                await self.flush()
            except Exception:
                log.exception("Could not store how %s match(es) are shown", len(self._unsaved))

    async def flush(self) -> None:
        """Store every ``ui`` :meth:`save_ui` queued: one batch of compare-and-sets on
        the version, then one read of the versions to learn which were written. A
        match that another process moved on meanwhile (``leases``) shows from there
        on, and the messages this process sent are handed to it in the stored
        ``trash`` (:meth:`_hand_over`). Raises what the database driver raises (the
        batch is queued again)."""
        batch, self._unsaved = self._unsaved, {}
        if not batch:
            return
        rows = [(match.id, version, table_of(match).ui) for match, (version, _) in batch.values()]
        try:
            await self.db.save_match_uis(rows)
            versions = await self.db.match_versions(list(batch))
        except Exception:
            for match_id, entry in batch.items():
                self._unsaved.setdefault(match_id, entry)
            raise
        for match_id, (match, stored) in batch.items():
            now = versions.get(match_id)
            if now == stored[0]:
                table_of(match).stored_ui = stored
            elif self.leases is not None and now is not None and now > match.state.version:
                await self._hand_over(match)

    async def _hand_over(self, match: Match) -> None:
        """Another process committed a newer version of ``match``: add to its stored
        ``ui`` the panels, pings and deletions this process knows of and it does not,
        as messages to delete (its next delivery sweeps them; no stale controls stay
        behind). Tried a few times against concurrent writers."""
        assert self.leases is not None
        mine = table_of(match).ui
        known: list[list[int]] = [list(pair) for pair in mine.get("trash") or []]
        for panel in mine.get("panels") or []:
            if panel is not None and not panel["ephemeral"]:
                known.append([panel["channel"], panel["message"]])
        for ping in mine.get("pings") or []:
            if ping is not None:
                known.append([table_of(match).board_channel_id, ping])
        for _ in range(3):
            record = await self.db.get_match(match.id)
            if record is None:
                return
            ui = record.ui
            referenced = {
                (panel["channel"], panel["message"])
                for panel in ui.get("panels") or []
                if panel is not None and not panel["ephemeral"]
            }
            referenced |= {
                (table_of(match).board_channel_id, p) for p in ui.get("pings") or [] if p
            }
            pending = ui.setdefault("trash", [])
            added = False
            for channel_id, message_id in known:
                if (channel_id, message_id) not in referenced and [
                    channel_id,
                    message_id,
                ] not in pending:
                    pending.append([channel_id, message_id])
                    added = True
            if not added or await self.leases.save_ui(match.id, ui, record.version):
                log.info("Match %s moved on in another process; handed over its messages",
                         match.id)  # fmt: skip
                return

    # -- the lanes ---------------------------------------------------------------------

    async def _deliver(self, match: Match, problems: _Pass) -> None:
        """The panels lane: each player's panel, the one who decides now first (their
        "your turn" goes out before anything else of the match); then the board and
        tidying lanes are woken."""
        table = table_of(match)
        over = match.state.is_over
        redraw, table.redraw = table.redraw and not over, False
        table.force_board = table.force_board or redraw
        deciding = match.state.current_player()
        for player in sorted(match.viewers(), key=lambda p: p != deciding):
            if player in table.answering:
                continue  # its click's answer brings the new panel
            if redraw:
                await self._redraw_panel(match, player, problems)
            else:
                await self._sync_panel(match, player, problems)
        if table.gone is None:
            self._lane(match, table.board_lane, self._board_pass, "board")
        if table.ui.get("trash") or (over and any(table.ui.get("pings") or [])):
            self._lane(match, table.tidy_lane, self._sweep, "tidy")

    async def _board_pass(self, match: Match, problems: _Pass) -> None:
        """The board lane: the board, then (once the final board is shown) the result."""
        table = table_of(match)
        if table.gone is not None:
            return
        # A match that ends during this pass is shown (and announced) by the next one:
        # its end woke the lane, and the result never goes out before its board.
        over = match.state.is_over
        force, table.force_board = table.force_board, False
        await self._update_board(match, problems, force=force)
        drawing = table.drawing is not None or table.drawn is not None
        if table.gone is None and table.announce and over and not drawing:
            await self._announce(match, problems)  # after its board (a drawing comes back)

    async def _settle(self, match: Match, problems: _Pass) -> None:
        """After a pass: a gone channel ends the match; a transient failure brings the
        lanes back after :data:`RETRY_DELAYS`."""
        table = table_of(match)
        if table.gone is not None:
            await self.save_ui(match)  # before the match ends: its messages are known
            await self.flush()
            await self._channel_gone(match)
        elif problems.transient:
            self._retry_later(match)
        else:
            table.retries = 0

    def _check(self, match: Match, sent: Sent[Any], problems: _Pass, *, channel: bool) -> bool:
        """Whether ``sent`` succeeded; otherwise note why (``channel``: the request was in
        the match's channel, so a gone channel ends the match)."""
        if sent.ok:
            return True
        table = table_of(match)
        if sent.status is Status.CHANNEL_GONE and channel:
            table.gone = table.gone or _why(sent)
        elif (
            sent.status is Status.FAILED and sent.error is not None and classify(sent.error) is None
        ):
            problems.transient = True
        elif sent.status is Status.FAILED:
            log.error("Could not show match %s: %s", match.id, sent.error)
        return False

    def _retry_later(self, match: Match) -> None:
        table = table_of(match)
        key = ("deliver", match.id)
        if key in self.scheduler:
            return
        if table.retries >= len(self.retry_delays):
            log.error(
                "Gave up showing match %s after %s tries; its next change shows it again",
                match.id,
                table.retries,
            )
            table.retries = 0
            return
        delay = self.retry_delays[table.retries]
        table.retries += 1
        log.warning("Discord failed while showing match %s; trying again in %ss", match.id, delay)

        async def again() -> None:
            self.kick(match)

        self.scheduler.schedule(key, time.time() + delay, again)

    # -- panels ------------------------------------------------------------------------

    async def _sync_panel(self, match: Match, player: int, problems: _Pass) -> None:
        """Send ``player`` a new panel (a new DM, which notifies) when a decision of
        theirs is new, unless they are looking at the panel they have (:meth:`_watching`:
        then it is edited to the decision); otherwise keep the panel they have current
        with an edit in place (no notification): their hand and the table after every
        change, controls off once nothing is left to decide."""
        state = match.state
        panel = table_of(match).ui["panels"][player]
        if panel is not None and panel["version"] == state.version:
            return
        deciding = state.current_player() == player
        quick = deciding and match.in_quick_window()
        if quick and panel is not None and not panel["ephemeral"]:
            # A quick counter window needs no answer: shown on the panel they have,
            # without a notification (the same whether or not they hold an Island).
            await self._edit_panel(match, player, panel, problems, live=True)
        elif deciding and panel is not None and self._watching(match, player, panel):
            # They clicked this panel moments ago and are looking at it: the decision is
            # shown there, without a notification of what they see.
            await self._edit_panel(match, player, panel, problems, live=True)
        elif deciding or panel is None:
            await self._send_panel(match, player, problems, notify=not quick)
        elif not panel["ephemeral"]:
            await self._edit_panel(match, player, panel, problems)

    async def _redraw_panel(self, match: Match, player: int, problems: _Pass) -> None:
        """After a restart: edit the player's last DM panel to the current state (with
        the current controls), or send a new one if it is gone and they must decide,
        or if a decision they were never shown came meanwhile (so they are notified;
        the old panel is deleted)."""
        table = table_of(match)
        panel = table.ui["panels"][player]
        deciding = match.state.current_player() == player
        version = match.state.version
        unseen = (
            panel is not None
            and deciding
            and panel["version"] != version
            and not match.in_quick_window()
        )
        if panel is not None and not panel["ephemeral"] and not unseen:
            embed, view = self.panel(match, player)
            sent = await self._edit_message(
                match,
                panel["channel"],
                panel["message"],
                embed=embed,
                view=view,
                priority=Priority.TURN if view is not None else Priority.PUBLIC,
            )
            if sent.ok:
                panel.update(version=version, controls=view is not None)
                return
            if sent.status not in (Status.MESSAGE_GONE, Status.CHANNEL_GONE):
                self._check(match, sent, problems, channel=False)
                return
            table.ui["panels"][player] = None
        if deciding:
            await self._send_panel(match, player, problems, notify=not match.in_quick_window())

    async def _edit_panel(
        self,
        match: Match,
        player: int,
        panel: dict[str, Any],
        problems: _Pass,
        *,
        live: bool = False,
    ) -> bool:
        """Edit a DM panel in place (no notification): redrawn with the current hand,
        and with the current controls when ``live`` (a quick counter window), otherwise
        none. Through the player's last click on it when its token is still valid
        (:class:`Handle`: outside the global budget), else through the outbox. Returns
        whether the panel is settled (edited, or deleted meanwhile: a ``live`` one is
        then sent anew)."""
        version = match.state.version
        embed, view = self.panel(match, player)
        view = view if live else None
        sent = await self._edit_message(
            match,
            panel["channel"],
            panel["message"],
            embed=embed,
            view=view,
            priority=Priority.TURN if live else Priority.PUBLIC,
        )
        if sent.ok:
            panel.update(controls=view is not None, version=version)
            return True
        if sent.status in (Status.MESSAGE_GONE, Status.CHANNEL_GONE):
            if live:
                table_of(match).ui["panels"][player] = None
                await self._send_panel(match, player, problems, notify=False)
            else:
                panel.update(controls=False, version=version)
            return True
        self._check(match, sent, problems, channel=False)
        return False

    async def retire_strays(self, match: Match) -> int:
        """After a restart: take the buttons off every panel of ``match`` in its
        players' DMs that is not their panel (one sent just before a crash, whose id was
        never stored, would otherwise stay clickable for ever). Reads the newest
        :data:`STRAY_SCAN` messages of each DM channel, once the match's panels are
        shown; tidying, so it waits behind everything else. Returns how many panels it
        retired."""
        table = table_of(match)
        lane = table.panel_lane.task
        if lane is not None and not lane.done():
            await asyncio.wait([lane])
        me = self.outbox.client.user
        prefix = f"bingo:m:{match.id}:"
        retired = 0
        for player in match.viewers():
            opened = await self.outbox.dm_channel(
                match.seats[player].user_id, priority=Priority.TIDY
            )
            if not opened.ok or opened.value is None:
                continue
            channel = opened.value

            async def newest(channel: discord.PartialMessageable = channel) -> list[Any]:
                return [m async for m in channel.history(limit=STRAY_SCAN)]

            read = await self.outbox.call(
                newest, what=f"read DM {channel.id}", priority=Priority.TIDY
            )
            current = table.ui["panels"][player]
            for message in read.value or []:
                if me is None or message.author.id != me.id:
                    continue
                versions = [
                    int(custom.split(":")[3])
                    for row in message.components
                    for item in getattr(row, "children", [])
                    if (custom := getattr(item, "custom_id", None) or "").startswith(prefix)
                ]
                if not versions or (current is not None and message.id == current["message"]):
                    continue
                if current is not None and max(versions) > current["version"]:
                    continue  # newer than the panel this process knows of
                sent = await self.outbox.edit(
                    channel.id, message.id, view=None, priority=Priority.TIDY
                )
                retired += sent.ok
        if retired:
            log.info("Took the buttons off %s stray panel(s) of match %s", retired, match.id)
        return retired

    # -- a click's interaction token -----------------------------------------------

    def remember(
        self, match: Match, message_id: int, interaction: discord.Interaction[Any]
    ) -> None:
        """``interaction`` (a click on the DM panel ``message_id``, answered by updating
        that message) may edit and delete it until its token expires (:class:`Handle`)."""
        table = table_of(match)
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        expires = time.monotonic() + HANDLE_SECONDS - max(0.0, age)
        table.handles = {k: h for k, h in table.handles.items() if h.live}
        clicked = time.monotonic() - max(0.0, age)
        table.handles[message_id] = Handle(interaction, message_id, expires, clicked)

    def _watching(self, match: Match, player: int, panel: dict[str, Any]) -> bool:
        """Whether ``player`` is looking at their DM ``panel``: they clicked it less than
        :attr:`attention_seconds` ago (its :class:`Handle`, so the edit is
        free), and it is the newest DM this process sent them."""
        if panel["ephemeral"]:
            return False
        handle = self._handle(match, panel["message"])
        if handle is None or time.monotonic() - handle.clicked >= self.attention_seconds:
            return False
        newest = self.outbox.last_dm(match.seats[player].user_id)
        return newest is None or newest == panel["message"]

    def _handle(self, match: Match, message_id: int | None) -> Handle | None:
        handle = table_of(match).handles.get(message_id) if message_id is not None else None
        return handle if handle is not None and handle.live else None

    async def _edit_message(
        self,
        match: Match,
        channel_id: int,
        message_id: int,
        *,
        priority: Priority = Priority.PUBLIC,
        **fields: Any,
    ) -> Sent[Any]:
        """Edit one of the match's DM panels: through its :class:`Handle` when there is
        one (a failure there falls back to the outbox), else paced by the outbox at
        ``priority`` (``TURN`` when the edit brings the controls of a decision)."""
        handle = self._handle(match, message_id)
        if handle is not None:
            sent = await self.outbox.call(
                lambda: handle.interaction.edit_original_response(**fields),
                what=f"edit panel {message_id} by its interaction",
                paced=False,
            )
            if sent.ok or sent.status is Status.MESSAGE_GONE:
                return sent
            table_of(match).handles.pop(message_id, None)
        return await self.outbox.edit(channel_id, message_id, priority=priority, **fields)

    async def _delete_message(self, match: Match, channel_id: int, message_id: int) -> Sent[Any]:
        """Delete one of the match's messages (tidying): through its :class:`Handle`
        when there is one, else paced by the outbox, last of all."""
        handle = self._handle(match, message_id)
        if handle is not None:
            table_of(match).handles.pop(message_id, None)
            sent = await self.outbox.call(
                handle.interaction.delete_original_response,
                what=f"delete panel {message_id} by its interaction",
                paced=False,
            )
            if sent.ok or sent.status is Status.MESSAGE_GONE:
                return sent
        return await self.outbox.delete(channel_id, message_id)

    async def _send_panel(
        self, match: Match, player: int, problems: _Pass, *, notify: bool = True
    ) -> None:
        """A new panel by DM (a new message, so Discord notifies them), then their
        previous DM panel is deleted: one panel per player and match. When the
        player's DMs are closed, their panel is shown ephemerally on request ("Show my
        hand") and, if ``notify`` and they have a decision, they are pinged in the
        channel (the previous ping is deleted)."""
        table = table_of(match)
        version = match.state.version
        embed, view = self.panel(match, player)
        record = {
            "channel": None,
            "message": None,
            "version": version,
            "controls": view is not None,
            "ephemeral": True,
        }
        user_id = match.seats[player].user_id
        if not table.ui["dm_closed"][player]:
            sent = await self.outbox.dm(
                user_id,
                embed=embed,
                priority=Priority.TURN if view is not None else Priority.PUBLIC,
                **({"view": view} if view else {}),
            )
            if sent.ok:
                record.update(channel=sent.value.channel.id, message=sent.value.id, ephemeral=False)
            elif sent.status is Status.DM_CLOSED:
                log.info("DMs closed for user %s (match %s)", user_id, match.id)
                table.ui["dm_closed"][player] = True
            else:
                self._check(match, sent, problems, channel=False)
                return
        replace_panel(table, player, record)
        if record["ephemeral"] and view is not None and notify:
            sent = await self.outbox.send(
                table.board_channel_id,
                content=t(
                    public_language(table), "bingo-dms-closed", user=f"<@{user_id}>", id=match.id
                ),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
                priority=Priority.TURN,
            )
            if self._check(match, sent, problems, channel=True):
                pings = table.ui.setdefault("pings", [None, None])
                if pings[player] is not None:
                    trash(table, table.board_channel_id, pings[player])
                pings[player] = sent.value.id

    async def _sweep(self, match: Match, problems: _Pass) -> None:
        """Delete what :func:`trash` set aside (old panels, old pings; once the match is
        over, the last pings too). A message already gone, or in a channel gone, is
        forgotten; a transient failure keeps it for the next pass (also after a
        restart: the list is stored in ``ui``)."""
        table = table_of(match)
        if match.state.is_over:
            pings = table.ui.get("pings") or []
            for player, ping in enumerate(pings):
                if ping is not None:
                    trash(table, table.board_channel_id, ping)
                    pings[player] = None
        kept = []
        for channel_id, message_id in table.ui.get("trash") or []:
            sent = await self._delete_message(match, channel_id, message_id)
            if sent.ok or sent.status in (Status.MESSAGE_GONE, Status.CHANNEL_GONE):
                continue
            if sent.error is not None and classify(sent.error) is None:
                kept.append([channel_id, message_id])  # transient: the next pass
            self._check(match, sent, problems, channel=False)
        table.ui["trash"] = kept

    # -- board and result --------------------------------------------------------------

    async def _update_board(self, match: Match, problems: _Pass, *, force: bool = False) -> None:
        """Bring the public board up to date: show a board whose picture was drawn
        meanwhile; then, if the board is behind, edit it at once when its picture is
        unchanged, or have the new picture drawn (:meth:`_draw`; its completion brings
        the courier back), at most once every :attr:`board_seconds` (a change that
        comes sooner waits its turn; the final board does not). ``force``: edit it even
        when it looks current (a restart)."""
        table = table_of(match)
        drawn, table.drawn = table.drawn, None
        if drawn is not None:
            force = False
            await self._show_board(match, drawn, problems)
            if table.gone is not None:
                return
        board_id = table.ui.get("board")
        if not force and board_id is not None and table.board_shown == _board_shown(match):
            return
        wait = table.board_at + self.board_seconds - time.monotonic()
        if not force and board_id is not None and wait > 0 and not match.state.is_over:
            self._board_later(match, wait)
            return
        table.board_at = time.monotonic()
        board = self._board(match)
        if board_id is not None and table.ui.get("board_image") == board.key:
            # an unchanged picture is not drawn or uploaded again: the edit leaves the
            # message's attachment as it is, and the embed still shows it
            await self._show_board(match, board, problems)
        elif table.drawing is None:
            self._draw(match, board)

    def _board_later(self, match: Match, seconds: float) -> None:
        """Come back to ``match``'s board in ``seconds`` (once: a later change waits for
        the same turn, :attr:`board_seconds`)."""
        key = ("board", match.id)
        if key in self.scheduler:
            return

        async def again() -> None:
            self._wake_board(match)

        self.scheduler.schedule(key, time.time() + seconds, again)

    def _wake_board(self, match: Match) -> None:
        """Run ``match``'s board lane (its panels need nothing)."""
        self._lane(match, table_of(match).board_lane, self._board_pass, "board")

    def _board(self, match: Match) -> Board:
        """The board of the live state (its picture not drawn)."""
        table = table_of(match)
        state = match.state
        shown = _board_shown(match)
        language = public_language(table)
        controls = board_view(match.id, language) if shown[1] else None
        view = public_view(state)
        embed = board_embed(match.id, view, table.shown_names, match.log, match.deadline, language)
        embed.set_image(url=f"attachment://{BOARD_FILE}")
        inputs = board_inputs(match.id, view, table.names, last_move(match.log), language)
        return Board(shown, embed, controls, inputs, board_key(inputs))

    def _draw(self, match: Match, board: Board) -> None:
        """Draw ``board``'s picture in the render pool; when it is done, the courier
        shows it (a failure is retried like a failed delivery)."""
        table = table_of(match)
        job = asyncio.get_running_loop().run_in_executor(self.render, render_board, board.inputs)
        table.drawing = job

        def done(job: asyncio.Future[bytes]) -> None:
            table.drawing = None
            if job.cancelled() or self._closed:
                return
            error = job.exception()
            if error is not None:
                log.error("Could not draw the board of match %s", match.id, exc_info=error)
                self._retry_later(match)
                return
            table.drawn = replace(board, png=job.result())
            self._wake_board(match)

        job.add_done_callback(done)

    async def _show_board(self, match: Match, board: Board, problems: _Pass) -> None:
        """Edit the board message to ``board`` (uploading its picture when drawn), or
        post it (again) if it is not there. A board that is gone while its picture is
        not at hand is drawn again by the next pass."""
        table = table_of(match)
        board_id = table.ui.get("board")
        if board_id is not None:
            upload = {"attachments": [board.file()]} if board.png is not None else {}
            sent = await self.outbox.edit(
                table.board_channel_id, board_id, embed=board.embed, view=board.controls, **upload
            )
            if sent.ok:
                table.board_shown = board.shown
                table.ui["board_image"] = board.key
                return
            if sent.status is not Status.MESSAGE_GONE:
                self._check(match, sent, problems, channel=True)
                return
            log.info("Board of match %s was deleted; posting a new one", match.id)
            table.ui["board"] = None
        if board.png is None:
            table.ui["board_image"] = table.board_shown = None
            table.board_lane.dirty = True  # the next pass draws it
            return
        controls = {"view": board.controls} if board.controls else {}
        sent = await self.outbox.send(table.board_channel_id, embed=board.embed, file=board.file(),
                                      **controls)  # fmt: skip
        if self._check(match, sent, problems, channel=True):
            table.ui["board"] = sent.value.id
            table.ui["board_image"] = board.key
            table.board_shown = board.shown
            await self.db.set_board_message(match.id, sent.value.id)

    async def _announce(self, match: Match, problems: _Pass) -> None:
        """Post the result (with "Play again" under a match against the bot), then mark
        it announced (a column: a restart in between posts it again)."""
        table = table_of(match)
        state = match.state
        result = state.result
        assert result is not None
        language = public_language(table)
        line = result_line(result.to_json(), table.shown_names, state.options, language)
        content = t(language, "bingo-result-post", result=line, id=match.id, turns=state.turn)
        again = table.level is not None and result.reason != Reason.NO_RESULT
        rematch = table.level is None and result.reason != Reason.NO_RESULT
        controls = (
            {"view": play_again_view(match.id, language)}
            if again
            else {"view": rematch_view(match.id, language)}
            if rematch
            else {}
        )
        sent = await self.outbox.send(table.channel_id, content=content, **controls)
        if self._check(match, sent, problems, channel=True):
            table.announce = False
            await self.db.set_match_announced(match.id)
            if self.on_announced is not None:
                self.on_announced(match)

    async def _channel_gone(self, match: Match) -> None:
        """The match's channel is gone or unwritable: end the match with no result (it
        counts for nobody; the players' DM panels lose their controls on the next pass)
        and tell each player privately why. Nothing is posted in the channel. A finished
        match keeps its result (logged: it cannot be posted)."""
        table = table_of(match)
        why = table.gone
        if not match.state.is_over:
            log.warning("Match %s cannot go on (%s): ending it with no result", match.id, why)
            await self.runtime.abandon(match.id)  # its events bring the courier back
            return
        if table.told:
            return
        table.told = True
        await self.db.set_match_announced(match.id)
        result = match.state.result
        if result is None or result.reason != Reason.NO_RESULT:
            log.warning("Could not announce the result of match %s: %s", match.id, why)
            return
        names = table.shown_names
        for player in match.viewers():
            user_id = match.seats[player].user_id
            language = panel_language(table, player)
            text = t(
                language,
                "bingo-no-result-dm",
                id=match.id,
                other=names[1 - player],
                why=t(language, why or "bingo-gone-other"),
            )
            sent = await self.outbox.dm(user_id, content=text, priority=Priority.PUBLIC)
            if not sent.ok:
                log.info("Could not tell user %s that match %s ended: %s", user_id, match.id,
                         sent.status)  # fmt: skip


def humans(match: Match) -> Iterable[int]:
    """The user ids of the match's human seats."""
    return (match.seats[p].user_id for p in match.viewers())
