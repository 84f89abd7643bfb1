"""Showing committed matches on Discord: board, hand panels, result, through the outbox.

The match runtime commits a change and arms its deadline; then its listener calls
:meth:`Delivery.kick`. Each match has at most one *courier* task that brings its
messages up to date with the live state (coalescing changes that arrive meanwhile), so
a match's messages stay in order without any lock held across a call to Discord: the
match's lock is taken only around the database write of the ``ui`` JSON.

A delivery never stops a match: every request goes through :class:`bot.outbox.Outbox`
(pacing, retries, DM channels, closed DMs). A transient failure (5xx, a 429 given up,
the network) brings the courier back after :data:`RETRY_DELAYS`; a channel that is gone
or unwritable ends the match with no result (``MatchRuntime.abandon``) and each player
is told privately why; any other refusal is logged.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot import limits
from bot.engine.actions import Reason
from bot.matches import Match, MatchRuntime, Scheduler, player_view, public_view
from bot.outbox import Delivery as Status
from bot.outbox import Outbox, Sent, classify
from bot.ui.text import echo

from ._render import board_embed, panel_embed, result_line
from ._views import board_view, decision_view, play_again_view

if TYPE_CHECKING:
    from bot.storage import Database

log = logging.getLogger(__name__)

#: Seconds before each new try to deliver a match's messages after a transient Discord
#: failure; after the last, the match's next change delivers again.
RETRY_DELAYS = (2.0, 5.0, 15.0, 30.0, 60.0)

#: Discord error codes meaning the match's channel can no longer be used, and why, in
#: the words the players are told.
CHANNEL_GONE = {
    10003: "its channel was deleted",  # Unknown Channel
    50001: "I can no longer see its channel",  # Missing Access
    50013: "I may no longer post in its channel",  # Missing Permissions
}


def _why(sent: Sent[Any]) -> str:
    code = getattr(sent.error, "code", None)
    return CHANNEL_GONE.get(code, "its channel can no longer be used")  # type: ignore[arg-type]


def new_ui(names: list[str]) -> dict[str, Any]:
    """A new match's ``ui`` JSON: ``names`` (two display names as chosen), ``log`` (public
    events, see :func:`~._render.log_lines`), ``dm_closed`` (two flags), ``panels`` (per
    player ``None`` or ``{"channel", "message", "version", "controls", "ephemeral"}``)
    and ``board`` (the board's message id)."""
    return {
        "names": names,
        "log": [],
        "dm_closed": [False, False],
        "panels": [None, None],
        "board": None,
    }


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
    answering: set[int] = field(default_factory=set)
    board_shown: tuple[int, bool] | None = None
    redraw: bool = False
    announce: bool = False
    gone: str | None = None
    told: bool = False
    retries: int = 0
    dirty: bool = False
    courier: asyncio.Task[None] | None = None

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


class _Pass:
    """What went wrong during one delivery pass."""

    def __init__(self) -> None:
        self.transient = False


class Delivery:
    """The couriers of every match of one bot process (see the module docstring)."""

    def __init__(
        self, outbox: Outbox, db: Database, runtime: MatchRuntime, scheduler: Scheduler
    ) -> None:
        self.outbox = outbox
        self.db = db
        self.runtime = runtime
        self.scheduler = scheduler
        self.retry_delays: tuple[float, ...] = RETRY_DELAYS
        self._couriers: set[asyncio.Task[None]] = set()

    # -- entry points ------------------------------------------------------------------

    def kick(self, match: Match, *, redraw: bool = False, announce: bool = False) -> None:
        """Bring ``match``'s messages up to date soon (in its courier task). ``redraw``:
        after a restart, edit each player's last panel in place. ``announce``: the match
        is over; post its result (once)."""
        table = table_of(match)
        table.dirty = True
        table.redraw = table.redraw or redraw
        table.announce = table.announce or announce
        if table.courier is None or table.courier.done():
            task = asyncio.get_running_loop().create_task(
                self._courier(match), name=f"bingo-courier-{match.id}"
            )
            table.courier = task
            self._couriers.add(task)
            task.add_done_callback(self._couriers.discard)

    async def close(self) -> None:
        """Stop every courier (what was not shown is shown after the next start)."""
        tasks = list(self._couriers)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def panel(self, match: Match, player: int) -> tuple[discord.Embed, discord.ui.View | None]:
        """``player``'s panel of the live state: their view, and their controls if they
        decide now."""
        table = table_of(match)
        view = player_view(match.state, player)
        embed = panel_embed(match.id, view, table.shown_names, match.deadline)
        controls = decision_view(
            match.id, view["version"], view["legal_actions"], table.names, player
        )
        return embed, controls

    async def save_ui(self, match: Match) -> None:
        """Store the match's ``ui`` (under its lock: never between a commit's read and
        write of it)."""
        async with match.lock:
            await self.db.save_ui(match.id, table_of(match).ui)

    # -- the courier -------------------------------------------------------------------

    async def _courier(self, match: Match) -> None:
        table = table_of(match)
        while table.dirty:
            table.dirty = False
            try:
                await self._deliver(match)
            except Exception:
                log.exception("Could not show match %s", match.id)

    async def _deliver(self, match: Match) -> None:
        table = table_of(match)
        problems = _Pass()
        redraw, table.redraw = table.redraw and not match.state.is_over, False
        for player in match.viewers():
            if player in table.answering:
                continue  # its click's answer brings the new panel
            if redraw:
                await self._redraw_panel(match, player, problems)
            else:
                await self._sync_panel(match, player, problems)
        if table.gone is None:
            await self._update_board(match, problems, force=redraw)
        if table.gone is None and table.announce and match.state.is_over:
            await self._announce(match, problems)
        await self.save_ui(match)
        if table.gone is not None:
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
        """Send ``player`` a new panel when a decision of theirs is new; otherwise take
        the controls off a panel that no longer has anything to decide."""
        state = match.state
        panel = table_of(match).ui["panels"][player]
        if panel is not None and panel["version"] == state.version:
            return
        deciding = state.current_player() == player
        if deciding or panel is None:
            if panel is not None and panel["controls"] and not panel["ephemeral"]:
                if not await self._edit_panel(match, player, panel, problems, strip=True):
                    return
            await self._send_panel(match, player, problems)
        elif not panel["ephemeral"] and (panel["controls"] or state.is_over):
            await self._edit_panel(match, player, panel, problems)

    async def _redraw_panel(self, match: Match, player: int, problems: _Pass) -> None:
        """After a restart: edit the player's last DM panel to the current state (with
        the current controls), or send a new one if it is gone and they must decide."""
        table = table_of(match)
        panel = table.ui["panels"][player]
        if panel is not None and not panel["ephemeral"]:
            version = match.state.version
            embed, view = self.panel(match, player)
            sent = await self.outbox.edit(
                panel["channel"], panel["message"], embed=embed, view=view
            )
            if sent.ok:
                panel.update(version=version, controls=view is not None)
                return
            if sent.status not in (Status.MESSAGE_GONE, Status.CHANNEL_GONE):
                self._check(match, sent, problems, channel=False)
                return
            table.ui["panels"][player] = None
        if match.state.current_player() == player:
            await self._send_panel(match, player, problems)

    async def _edit_panel(
        self,
        match: Match,
        player: int,
        panel: dict[str, Any],
        problems: _Pass,
        *,
        strip: bool = False,
    ) -> bool:
        """Edit a DM panel: ``strip`` only removes its controls (it stays as it was);
        otherwise it is redrawn with the current hand and no controls. Returns whether
        the panel is settled (edited, or deleted meanwhile)."""
        version = match.state.version
        if strip:
            sent = await self.outbox.edit(panel["channel"], panel["message"], view=None)
        else:
            embed, _ = self.panel(match, player)
            sent = await self.outbox.edit(
                panel["channel"], panel["message"], embed=embed, view=None
            )
        if sent.ok or sent.status in (Status.MESSAGE_GONE, Status.CHANNEL_GONE):
            panel.update(controls=False, version=version)
            return True
        self._check(match, sent, problems, channel=False)
        return False

    async def _send_panel(self, match: Match, player: int, problems: _Pass) -> None:
        """A new panel by DM; when the player's DMs are closed, their panel is shown
        ephemerally on request ("Show my hand") and they are pinged in the channel."""
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
            sent = await self.outbox.dm(user_id, embed=embed, **({"view": view} if view else {}))
            if sent.ok:
                record.update(channel=sent.value.channel.id, message=sent.value.id, ephemeral=False)
            elif sent.status is Status.DM_CLOSED:
                log.info("DMs closed for user %s (match %s)", user_id, match.id)
                table.ui["dm_closed"][player] = True
            else:
                self._check(match, sent, problems, channel=False)
                return
        table.ui["panels"][player] = record
        if record["ephemeral"] and view is not None:
            sent = await self.outbox.send(
                table.channel_id,
                content=f"<@{user_id}>, your decision in BingoMagic #{match.id}: press "
                "**Show my hand** on the board (your DMs are closed).",
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
            )
            self._check(match, sent, problems, channel=True)

    # -- board and result --------------------------------------------------------------

    async def _update_board(self, match: Match, problems: _Pass, *, force: bool = False) -> None:
        """Edit the public board, or post it (again) if it is not there."""
        table = table_of(match)
        state = match.state
        closed = any(table.ui["dm_closed"][p] for p in match.viewers())
        controls = board_view(match.id) if closed and not state.is_over else None
        shown = (state.version, controls is not None)
        board_id = table.ui.get("board")
        if not force and board_id is not None and table.board_shown == shown:
            return
        embed = board_embed(
            match.id, public_view(state), table.shown_names, table.ui["log"], match.deadline
        )
        if board_id is not None:
            sent = await self.outbox.edit(table.channel_id, board_id, embed=embed, view=controls)
            if sent.ok:
                table.board_shown = shown
                return
            if sent.status is not Status.MESSAGE_GONE:
                self._check(match, sent, problems, channel=True)
                return
            log.info("Board of match %s was deleted; posting a new one", match.id)
        sent = await self.outbox.send(
            table.channel_id, embed=embed, **({"view": controls} if controls else {})
        )
        if self._check(match, sent, problems, channel=True):
            table.ui["board"] = sent.value.id
            table.board_shown = shown
            await self.db.set_board_message(match.id, sent.value.id)

    async def _announce(self, match: Match, problems: _Pass) -> None:
        """Post the result (with "Play again" under a match against the bot), then mark
        it announced (a column: a restart in between posts it again)."""
        table = table_of(match)
        state = match.state
        result = state.result
        assert result is not None
        content = (
            f"{result_line(result.to_json(), table.shown_names, state.options)} "
            f"(BingoMagic #{match.id}, {state.turn} turns)"
        )
        again = table.level is not None and result.reason != Reason.NO_RESULT
        sent = await self.outbox.send(
            table.channel_id,
            content=content,
            **({"view": play_again_view(match.id)} if again else {}),
        )
        if self._check(match, sent, problems, channel=True):
            table.announce = False
            await self.db.set_match_announced(match.id)

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
            text = (
                f"⛔ BingoMagic #{match.id} against {names[1 - player]} ended with no "
                f"result: {why}. It counts for nobody, and you are free to play again."
            )
            sent = await self.outbox.dm(user_id, content=text)
            if not sent.ok:
                log.info("Could not tell user %s that match %s ended: %s", user_id, match.id,
                         sent.status)  # fmt: skip


def humans(match: Match) -> Iterable[int]:
    """The user ids of the match's human seats."""
    return (match.seats[p].user_id for p in match.viewers())
