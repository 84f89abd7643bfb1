"""Your-turn reminders in Discord: ``/bingo reminders`` and the reminders themselves.

When they fall due, and that each waiting decision gets at most one, is
:mod:`bot.matches.reminders` (no Discord there); this module is what a member sees. A
reminder is one DM, in the member's private language, naming the match, the opponent,
when the time runs out (a Discord timestamp, ``<t:…:R>``, shown in the reader's own
clock and language) and a link to their panel (a masked link, Discord "Message
Formatting": a bare message link is long, and wraps badly on a phone). A member whose
DMs are closed (the match's ``Display.dm_closed``, or the DM refused now with 403/50007)
is reminded in the match's thread instead, mentioned as the closed-DM pings mention them
(Discord "Message Formatting"; ``allowed_mentions`` names them alone), in the server's
language. Either is deleted once the decision is taken, as superseded panels and pings
are: a member's DMs keep one panel per match, not a trail of reminders. The forfeit
warning says how many turns in a row they timed out and that this one would forfeit
(RULES §1.8).

Every reminder goes through the outbox (:mod:`bot.outbox`) at ``PUBLIC`` priority, so it
counts in the rate-limit budget and never holds up a panel (``TURN``); a reminder's
deletion is ``TIDY``.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import t
from bot.matches.reminders import FORFEIT, Reminder, Reminders
from bot.outbox import Priority, SendStatus
from bot.storage.base import NO_SERVER
from bot.storage.reminders import ReminderStore
from cogs.contexts import mode_choices, works_anywhere
from cogs.reply import Reply

from ._table import LiveMatch, match_language, panel_language, table_of

if TYPE_CHECKING:
    from bot.client import BingoBot
    from bot.matches import MatchRuntime

    from ._table import MatchTable

log = logging.getLogger(__name__)

#: A DM panel's address (Discord "Message Formatting": a message link in a DM).
DM_LINK = "https://discord.com/channels/@me/{channel}/{message}"


class TurnReminders:
    """The reminders of one bot process: the command's preference, and
    :class:`bot.matches.reminders.Reminders` wired to the bot's runtime, scheduler,
    database and outbox. :meth:`start` after the matches are restored; :meth:`stop`
    with the cog."""

    def __init__(self, bot: BingoBot, runtime: MatchRuntime[MatchTable]) -> None:
        self.bot = bot
        self.runtime = runtime
        self.outbox = bot.outbox
        self.store = ReminderStore(bot.db.backend)
        self.core = Reminders(
            self.store, bot.scheduler, runtime.timing, current=runtime.current,
            lookup=runtime.lookup, send=self._send, tidy=self._tidy,
        )  # fmt: skip
        self._unsubscribe = runtime.subscribe(self.core.on_event)

    async def start(self) -> None:
        """Forget the claims of matches that ended while no process ran, then arm the
        reminders of the matches this process restored (a due one goes at once)."""
        try:
            await self.store.forget_ended()
        except Exception:
            log.exception("Could not forget the reminders of ended matches")
        armed = await self.core.restore(list(self.runtime.matches.values()))
        if armed:
            log.info("Armed the reminders of %d restored matches", armed)

    async def stop(self) -> None:
        self._unsubscribe()
        await self.core.close()

    # -- the command -------------------------------------------------------------------

    async def set(self, ctx: Reply, mode: str | None) -> None:
        """``/bingo reminders [mode]``: ``reminders_on`` / ``reminders_off`` set the
        member's choice (every server, matches in progress too), ``None`` shows it;
        answered privately in their language."""
        user_id = ctx.user_id
        if mode is None:
            on = await self.store.reminders_on(user_id)
        else:
            on = mode == "reminders_on"
            await self.store.set_reminders(user_id, on, time.time())
            self.core.remember(user_id, on)
        if on:
            limit = self.bot.settings.max_timeouts
            await ctx.tell("reminders-on", turns=limit)
        else:
            await ctx.tell("reminders-off")

    def seen(self, match: LiveMatch, user_id: int, version: int) -> None:
        """``user_id`` interacted in ``match`` at ``version``: no reminder for the
        decision of theirs that waits there (:meth:`Reminders.seen`; the store is written
        in the background). Never raises: an interaction's answer does not depend on it."""
        try:
            self.core.seen(match, user_id, version)
        except Exception:
            log.exception("Could not cancel the reminder of match %s", match.id)

    # -- delivery ----------------------------------------------------------------------

    async def _send(self, match: LiveMatch, reminder: Reminder) -> tuple[int, int] | None:
        """Deliver ``reminder``: by DM, else in the match's thread; returns the message
        ``(channel_id, message_id)``, deleted once the decision is taken."""
        table = table_of(match)
        seat = reminder.seat
        deadline = f"<t:{int(reminder.deadline) + 1}:R>"
        timeouts = match.state.timeouts_in_row[seat]
        if not table.display.dm_closed[seat]:
            language = panel_language(table, seat)
            panel = table.display.panels[seat]
            link = (
                t(
                    language,
                    "reminders-panel-link",
                    url=DM_LINK.format(channel=panel.channel, message=panel.message),
                )  # fmt: skip
                if panel is not None and not panel.ephemeral and panel.message
                else t(language, "reminders-hand")
            )
            key = "reminders-forfeit-dm" if reminder.kind == FORFEIT else "reminders-dm"
            text = t(
                language, key, id=str(match.id), other=table.shown_names[1 - seat],
                deadline=deadline, link=link, n=timeouts,
            )  # fmt: skip
            # Not the newest DM as the panels see it: the member's next click on the panel
            # above it is still answered on that panel (``PanelCourier._watching``), and
            # the reminder goes once that decision is taken.
            sent = await self.outbox.dm(
                reminder.user_id, content=text, priority=Priority.PUBLIC, newest=False
            )
            if sent.ok and sent.value is not None:
                return (sent.value.channel.id, sent.value.id)
            if sent.status is not SendStatus.DM_CLOSED:
                log.warning("Reminder of match %s not sent: %s", match.id, sent.status)
                return None
        if table.channel_id == NO_SERVER:
            return None  # a match played in DMs (docs/queue.md) has no thread to remind in
        language = match_language(table)
        key = "reminders-forfeit-thread" if reminder.kind == FORFEIT else "reminders-thread"
        text = t(
            language, key, user=f"<@{reminder.user_id}>", id=str(match.id), deadline=deadline,
            n=timeouts,
        )  # fmt: skip
        posted = await self.outbox.send(
            table.board_channel_id,
            content=text,
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(reminder.user_id)]),
            priority=Priority.PUBLIC,
        )
        if not posted.ok or posted.value is None:
            log.warning("Reminder of match %s not posted: %s", match.id, posted.status)
            return None
        return (table.board_channel_id, posted.value.id)

    async def _tidy(self, channel_id: int, message_id: int) -> None:
        await self.outbox.delete(channel_id, message_id)


def reminders_command(reminders: TurnReminders) -> app_commands.Command[Any, Any, Any]:
    """The ``/bingo reminders [mode]`` command (it works in servers and DMs)."""

    @works_anywhere
    @app_commands.command(
        name="reminders",
        description="Your-turn reminders by DM: turn them on or off, or see your choice.",
    )
    @app_commands.describe(mode="On or off (leave it out to see your choice)")
    @app_commands.choices(mode=mode_choices("reminders", "on", "off"))
    async def command(interaction: discord.Interaction, mode: str | None = None) -> None:
        await reminders.set(Reply(interaction), mode)

    return command
