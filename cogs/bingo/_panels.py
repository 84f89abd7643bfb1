"""The hand panels of a match's players: a new DM when a decision of theirs is new,
edits in place otherwise, the ephemeral panel and channel ping when their DMs are
closed, the click's interaction token for edits outside the global rate limit, tidying
of old panels and pings, and, after a restart, retiring stray panels (:class:`PanelCourier`;
:mod:`._delivery` runs it).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import discord

from bot.i18n import t
from bot.matches import player_view
from bot.outbox import ORIGINAL, Outbox, Priority, SendStatus, Sent, classify
from bot.storage.base import NO_SERVER
from bot.ui.controls import Buttons, ReplayButton

from ._accessible import accessible_panel
from ._display import PanelRecord
from ._render import panel_embed
from ._table import (
    HANDLE_SECONDS,
    Handle,
    LiveMatch,
    Problems,
    check,
    match_language,
    panel_language,
    table_of,
)
from ._tips import tip_key, with_tip
from ._views import decision_view

log = logging.getLogger(__name__)

#: How many of the newest messages of a player's DM channel are read after a restart to
#: find panels of a match still offering buttons (:meth:`PanelCourier.retire_strays`).
STRAY_SCAN = 10


class PanelCourier:
    """Each player's hand panel of every match of one bot process, sent and edited
    through ``outbox`` (see the module docstring); :class:`._delivery.Delivery` runs it
    in each match's panels and tidying lanes."""

    def __init__(self, outbox: Outbox, *, attention_seconds: float = 0.0) -> None:
        self.outbox = outbox
        #: Seconds after a click on a DM panel during which the clicker's next decision is
        #: shown on that panel (:meth:`_watching`; ``BINGO_PANEL_ATTENTION_SECONDS``).
        self.attention_seconds = attention_seconds

    def panel(
        self, match: LiveMatch, player: int, locale: str | None = None
    ) -> tuple[discord.Embed, Buttons | None]:
        """``player``'s panel of the live state: their view, and their controls if they
        decide now (once the match is over: the "Replay" button,
        :meth:`bot.ui.controls.ReplayButton.opening`), in ``locale`` (default:
        :func:`panel_language`)."""
        table = table_of(match)
        locale = locale or panel_language(table, player)
        view = player_view(match.state, player)
        embed = panel_embed(match.id, view, table.shown_names, match.deadline, locale)
        if view.current_player == player and match.in_quick_window():
            note = t(locale, "panel-quick-window")
            embed.description = f"{embed.description or ''}\n{note}"
        controls = decision_view(
            match.id, view.version, view.legal_actions, table.names, player, locale
        )
        if view.result is not None:
            controls = Buttons.of(ReplayButton.opening(match.id, locale))
        tip, tips = tip_key(table.config.tips, view)  # a first match against the bot
        if tips is not table.config.tips:
            table.config = table.config.with_tips(tips)
        if tip is not None:
            controls = with_tip(embed, controls, tip, match.id, locale)
        controls = accessible_panel(match, view, embed, controls, locale)  # ._accessible
        return embed, controls

    # -- panels ------------------------------------------------------------------------

    async def sync(self, match: LiveMatch, player: int, problems: Problems) -> None:
        """Send ``player`` a new panel (a new DM, which notifies) when a decision of
        theirs is new, unless they are looking at the panel they have (:meth:`_watching`:
        then it is edited to the decision); otherwise keep the panel they have current
        with an edit in place (no notification): their hand and the table after every
        change, controls off once nothing is left to decide."""
        state = match.state
        panel = table_of(match).display.panels[player]
        if panel is not None and panel.version == state.version:
            return
        deciding = state.current_player() == player
        quick = deciding and match.in_quick_window()
        if quick and panel is not None and not panel.ephemeral:
            # A quick counter window needs no answer: shown on the panel they have,
            # without a notification (the same whether or not they hold an Island).
            await self._edit_panel(match, player, panel, problems, live=True)
        elif deciding and panel is not None and self._watching(match, player, panel):
            # They clicked this panel moments ago and are looking at it: the decision is
            # shown there, without a notification of what they see.
            await self._edit_panel(match, player, panel, problems, live=True)
        elif deciding or panel is None:
            await self._send_panel(match, player, problems, notify=not quick)
        elif not panel.ephemeral:
            await self._edit_panel(match, player, panel, problems)

    async def redraw(self, match: LiveMatch, player: int, problems: Problems) -> None:
        """After a restart: edit the player's last DM panel to the current state (with
        the current controls), or send a new one if it is gone and they must decide,
        or if a decision they were never shown came meanwhile (so they are notified;
        the old panel is deleted)."""
        table = table_of(match)
        display = table.display
        panel = display.panels[player]
        deciding = match.state.current_player() == player
        version = match.state.version
        unseen = (
            panel is not None
            and deciding
            and panel.version != version
            and not match.in_quick_window()
        )
        if panel is not None and not panel.ephemeral and not unseen:
            embed, view = self.panel(match, player)
            priority = Priority.TURN if view is not None else Priority.PUBLIC
            sent = await self._redraw(match, player, panel, version, embed, view, priority)
            if sent.ok:
                return
            if sent.status not in (SendStatus.MESSAGE_GONE, SendStatus.CHANNEL_GONE):
                check(match, sent, problems, channel=False)
                return
            display.panels[player] = None
        if deciding:
            await self._send_panel(match, player, problems, notify=not match.in_quick_window())

    async def _edit_panel(
        self,
        match: LiveMatch,
        player: int,
        panel: PanelRecord,
        problems: Problems,
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
        embed, controls = self.panel(match, player)
        view = controls if live or match.state.is_over else None  # the end panel's Replay
        display = table_of(match).display
        priority = Priority.TURN if live else Priority.PUBLIC
        sent = await self._redraw(match, player, panel, version, embed, view, priority)
        if sent.ok:
            return True
        if sent.status in (SendStatus.MESSAGE_GONE, SendStatus.CHANNEL_GONE):
            if live:
                display.panels[player] = None
                await self._send_panel(match, player, problems, notify=False)
            else:
                display.panels[player] = panel.drawn(version, False)
            return True
        check(match, sent, problems, channel=False)
        return False

    async def _redraw(
        self,
        match: LiveMatch,
        player: int,
        panel: PanelRecord,
        version: int,
        embed: discord.Embed,
        view: Buttons | None,
        priority: Priority,
    ) -> Sent[Any]:
        """Edit ``player``'s DM panel ``panel`` in place to ``embed`` and ``view`` (``None``:
        no controls), and record it drawn at ``version`` when it was."""
        assert panel.channel is not None and panel.message is not None
        sent = await self._edit_message(
            match, panel.channel, panel.message, embed=embed, view=view, priority=priority
        )
        if sent.ok:
            table_of(match).display.panels[player] = panel.drawn(version, view is not None)
        return sent

    async def retire_strays(self, match: LiveMatch) -> int:
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
            current = table.display.panels[player]
            for message in read.value or []:
                if me is None or message.author.id != me.id:
                    continue
                versions = [
                    int(custom.split(":")[3])
                    for row in message.components
                    for item in getattr(row, "children", [])
                    if (custom := getattr(item, "custom_id", None) or "").startswith(prefix)
                ]
                if not versions or (current is not None and message.id == current.message):
                    continue
                if current is not None and max(versions) > current.version:
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
        self, match: LiveMatch, message_id: int, interaction: discord.Interaction[Any]
    ) -> None:
        """``interaction`` (a click on the DM panel ``message_id``, answered by updating
        that message) may edit and delete it until its token expires (:class:`Handle`)."""
        table = table_of(match)
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        expires = time.monotonic() + HANDLE_SECONDS - max(0.0, age)
        table.handles = {k: h for k, h in table.handles.items() if h.live}
        clicked = time.monotonic() - max(0.0, age)
        # the interaction's own webhook (its application id and token, the client's
        # session), which answering the click built already (update_message)
        table.handles[message_id] = Handle(interaction.followup, message_id, expires, clicked)

    def answered(
        self,
        match: LiveMatch,
        player: int,
        version: int,
        controls: bool,
        message: discord.Message | None = None,
    ) -> None:
        """``player`` was answered with their panel of ``version`` (with or without
        decision ``controls``): as the DM ``message`` the click was on, edited by the
        click's answer, or ephemerally (``message`` ``None`` or ephemeral). It becomes
        their panel (the one before is deleted by the courier); callers kick it."""
        display = table_of(match).display
        if message is None or message.flags.ephemeral:
            record = PanelRecord.private(version, controls)
        else:
            record = PanelRecord.dm(message.channel.id, message.id, version, controls)
        display.replace_panel(player, record)

    def dms_reopened(self, match: LiveMatch, player: int) -> None:
        """``player`` asked to be sent panels by DM again (``/bingo hand``)."""
        table_of(match).display.dm_closed[player] = False

    def _watching(self, match: LiveMatch, player: int, panel: PanelRecord) -> bool:
        """Whether ``player`` is looking at their DM ``panel``: they clicked it less than
        :attr:`attention_seconds` ago (its :class:`Handle`, so the edit is
        free), and it is the newest DM this process sent them."""
        if panel.ephemeral:
            return False
        handle = self._handle(match, panel.message)
        if handle is None or time.monotonic() - handle.clicked >= self.attention_seconds:
            return False
        newest = self.outbox.last_dm(match.seats[player].user_id)
        return newest is None or newest == panel.message

    def _handle(self, match: LiveMatch, message_id: int | None) -> Handle | None:
        handle = table_of(match).handles.get(message_id) if message_id is not None else None
        return handle if handle is not None and handle.live else None

    async def _edit_message(
        self,
        match: LiveMatch,
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
            sent = await self.outbox.edit_original(
                handle.webhook, what=f"edit panel {message_id} by its interaction", **fields
            )
            if sent.ok or sent.status is SendStatus.MESSAGE_GONE:
                return sent
            table_of(match).handles.pop(message_id, None)
        return await self.outbox.edit(channel_id, message_id, priority=priority, **fields)

    async def _delete_message(
        self, match: LiveMatch, channel_id: int, message_id: int
    ) -> Sent[Any]:
        """Delete one of the match's messages (tidying): through its :class:`Handle`
        when there is one, else paced by the outbox, last of all."""
        handle = self._handle(match, message_id)
        if handle is not None:
            table_of(match).handles.pop(message_id, None)
            sent = await self.outbox.call(
                lambda: handle.webhook.delete_message(ORIGINAL),
                what=f"delete panel {message_id} by its interaction",
                paced=False,
            )
            if sent.ok or sent.status is SendStatus.MESSAGE_GONE:
                return sent
        return await self.outbox.delete(channel_id, message_id)

    async def _send_panel(
        self, match: LiveMatch, player: int, problems: Problems, *, notify: bool = True
    ) -> None:
        """A new panel by DM (a new message, so Discord notifies them), then their
        previous DM panel is deleted: one panel per player and match. When the
        player's DMs are closed, their panel is shown ephemerally on request ("Show my
        hand") and, if ``notify`` and they have a decision, they are pinged in the
        channel (the previous ping is deleted)."""
        table = table_of(match)
        version = match.state.version
        embed, view = self.panel(match, player)
        decides = match.state.current_player() == player
        display = table.display
        record = PanelRecord.private(version, view is not None)
        user_id = match.seats[player].user_id
        if not display.dm_closed[player]:
            controls: dict[str, Any] = {"view": view} if view else {}
            sent = await self.outbox.dm(
                user_id,
                embed=embed,
                priority=Priority.TURN if decides else Priority.PUBLIC,
                **controls,
            )
            if sent.ok:
                assert sent.value is not None  # SENT carries the message
                record = PanelRecord.dm(
                    sent.value.channel.id, sent.value.id, version, view is not None
                )
            elif sent.status is SendStatus.DM_CLOSED:
                log.info("DMs closed for user %s (match %s)", user_id, match.id)
                display.dm_closed[player] = True
            else:
                check(match, sent, problems, channel=False)
                return
        display.replace_panel(player, record)
        if record.ephemeral and decides and notify and table.channel_id != NO_SERVER:
            sent = await self.outbox.send(
                table.board_channel_id,
                content=t(
                    match_language(table), "bingo-dms-closed", user=f"<@{user_id}>", id=match.id
                ),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
                priority=Priority.TURN,
            )
            if check(match, sent, problems, channel=True):
                assert sent.value is not None  # SENT carries the message
                old = display.pings[player]
                if old is not None:
                    display.set_aside(table.board_channel_id, old)
                display.pings[player] = sent.value.id

    async def sweep(self, match: LiveMatch, problems: Problems) -> None:
        """Delete what :meth:`Display.set_aside` set aside (old panels, old pings; once
        the match is over, the last pings too). A message already gone, or in a channel
        gone, is forgotten; a transient failure keeps it for the next pass (also after a
        restart: the list is stored, ``Display.trash``)."""
        table = table_of(match)
        display = table.display
        if match.state.is_over:
            for player, ping in enumerate(display.pings):
                if ping is not None:
                    display.set_aside(table.board_channel_id, ping)
                    display.pings[player] = None
        kept: list[tuple[int, int]] = []
        for channel_id, message_id in display.trash:  # also what is set aside meanwhile
            sent = await self._delete_message(match, channel_id, message_id)
            if sent.ok or sent.status in (SendStatus.MESSAGE_GONE, SendStatus.CHANNEL_GONE):
                continue
            if sent.error is not None and classify(sent.error) is None:
                kept.append((channel_id, message_id))  # transient: the next pass
            check(match, sent, problems, channel=False)
        display.trash = kept
