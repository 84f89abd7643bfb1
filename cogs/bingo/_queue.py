"""The ranked queue across servers, as members see it (docs/queue.md): ``/bingo queue``
(in a server or in DMs), its waiting message with Leave (and, after a wait, Play the bot
instead), the start of a pair's match, and ``/bingo settings ladder``.

The pairing itself is Discord-free (:mod:`bot.queue`); this module is its
:class:`bot.queue.QueueHost`:

- **Where a pair plays.** In a thread of a server's ladder channel when both members
  are in a server that set one (the server either queued from, looked up once per
  pair: REST "Get Guild Member"); otherwise in their DMs, where each player's DM carries
  the public board above their hand panel (:mod:`._mirrors`). Either way it is an
  ordinary match (same rules, timers, resignation, replays, analysis); its row says
  ``kind`` ``queue``. Every queue match uses the standard table (Vancouver mulligans, no
  house rules, the bot's timers) wherever it is played, so that queue matches compare.
- **Ladder boards.** A queue match of a member of a server with a ladder channel also
  shows its public board in a thread there (:mod:`._mirrors`).
- **The waiting message** is the command's private answer, edited through the
  interaction (outside the global rate limit) when something changes: how many queue,
  the gap accepted, the offer of the bot, the end. A member taken over from a stopped
  process gets a new one by DM (its old one cannot be edited any more).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import limits
from bot.i18n import t
from bot.matches import Timing
from bot.outbox import Priority
from bot.queue import QueueService
from bot.queue import policy as rule
from bot.storage.base import NO_SERVER
from bot.storage.queue import BoardPlace, JoinRefused, Pair, QueueEntry, QueueStore
from bot.storage.stats import AiLevel
from bot.ui.controls import QueueButton, QueueOp, view_of
from bot.ui.text import echo
from cogs.contexts import in_server, manager_language
from cogs.languages import guild_language
from cogs.reply import Reply

from ._display import Display
from ._mirrors import BoardMirrors, Shown
from ._threads import missing_thread_permissions

if TYPE_CHECKING:
    from bot.client import BingoBot

    from ._matches import MatchService

log = logging.getLogger(__name__)

#: The level of the bot offered to a member who waited long enough.
BOT_LEVEL: AiLevel = "medium"
COLOUR = discord.Colour.blurple()


@dataclass
class Waiting:
    """A waiting message this process shows: the ``/bingo queue`` answer (``interaction``)
    or a DM (``channel_id``, ``message_id``), in ``language``; ``shown``: what it shows
    now; ``at``: ``time.monotonic()`` of its last edit."""

    user_id: int
    language: str | None
    interaction: discord.Interaction[Any] | None = None
    channel_id: int | None = None
    message_id: int | None = None
    shown: tuple[Any, ...] | None = None
    at: float = 0.0


@dataclass(frozen=True)
class Venue:
    """Where a pair plays in a server: its ladder channel, in the server's language."""

    guild_id: int
    channel_id: int
    language: str | None


def paced(board_seconds: float, least: float) -> float:
    """The least seconds between two edits of a queue match's other boards: ``least``
    (:data:`bot.limits.DM_BOARD_SECONDS`, :data:`bot.limits.LADDER_BOARD_SECONDS`), or
    none when the bot shows every change of a board (``BINGO_BOARD_EDIT_SECONDS`` 0)."""
    return 0.0 if board_seconds <= 0 else max(board_seconds, least)


# -- what the waiting message says ------------------------------------------------------


def waiting_message(
    entry: QueueEntry, count: int, now: float, language: str | None, *, restarted: bool = False
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The waiting message of ``entry`` at ``now`` with ``count`` members queuing, in
    ``language``: how many queue, the member's queue rating, the gap accepted now and
    when it widens, since when they wait; Leave, and Play the bot once offered."""
    waited = now - entry.joined_at
    embed = discord.Embed(title=t(language, "queue-title"), colour=COLOUR)
    lines = [t(language, "queue-waiting"), t(language, "queue-count", n=count)]
    if restarted:
        lines.insert(0, t(language, "queue-restarted"))
    if entry.status == "paired":
        lines.append(t(language, "queue-found"))
    elif entry.offered_at is not None:
        lines.append(t(language, "queue-bot-offer"))
    embed.description = "\n\n".join(lines)
    embed.add_field(
        name=t(language, "queue-field-rating"),
        value=t(language, "queue-rating", mu=f"{entry.mu:.1f}", sigma=f"{entry.sigma:.1f}"),
        inline=True,
    )
    widens = int(now + rule.next_widening(waited))
    embed.add_field(
        name=t(language, "queue-field-gap"),
        value=t(
            language,
            "queue-gap",
            gap=f"{rule.window(entry.sigma, waited):.1f}",
            when=f"<t:{widens}:R>",
        ),
        inline=True,
    )
    embed.add_field(
        name=t(language, "queue-field-since"), value=f"<t:{int(entry.joined_at)}:R>", inline=True
    )
    embed.set_footer(text=t(language, "queue-footer", minutes=int(limits.QUEUE_MAX_SECONDS // 60)))
    if entry.status != "waiting":
        return embed, None
    buttons = [QueueButton(QueueOp.LEAVE, language)]
    if entry.offered_at is not None:
        buttons.insert(0, QueueButton(QueueOp.BOT, language))
    return embed, view_of(*buttons)


def ended_message(language: str | None, key: str, **args: Any) -> discord.Embed:
    """The waiting message once the entry ended: catalog ``key`` with ``args``."""
    title = "queue-paired-title" if key.startswith("queue-paired") else "queue-ended-title"
    return discord.Embed(
        title=t(language, title), description=t(language, key, **args), colour=COLOUR
    )


class RankedQueue:
    """The queue of one bot process, as the Bingo cog shows it (module docstring):
    ``/bingo queue``, its buttons, the start of each pair's match, the waiting messages
    and the other boards of queue matches (:attr:`mirrors`)."""

    def __init__(self, matches: MatchService) -> None:
        bot = matches.bot
        self.bot: BingoBot = bot
        self.matches = matches
        self.db = bot.db
        self.outbox = bot.outbox
        self.store = QueueStore(bot.db.backend)
        self.service = QueueService(self.store, self)
        self.mirrors = BoardMirrors(
            bot, bot.db, bot.runtime, bot.outbox, bot.scheduler, render=bot.render_pool,
            dm_seconds=paced(bot.settings.board_edit_seconds, limits.DM_BOARD_SECONDS),
            ladder_seconds=paced(bot.settings.board_edit_seconds, limits.LADDER_BOARD_SECONDS),
            close_seconds=bot.settings.thread_close_seconds,
        )  # fmt: skip
        #: user id -> the waiting message this process shows them.
        self.waiting: dict[int, Waiting] = {}
        self._restore: Any = None

    # -- life cycle --------------------------------------------------------------------

    async def start(self) -> None:
        """Rate the queue matches a stopped process did not, start the passes, and (once
        the gateway is ready) show the boards of queue matches a restart left behind."""
        for match_id in await self.store.unrated_matches():
            await self.store.rate_match(match_id, time.time())
        self.service.start()

        async def restore() -> None:
            await self.bot.wait_until_ready()
            active = set(await self.store.active_boards())
            live = [m for i, m in self.matches.matches.items() if i in active]
            await self.mirrors.restore(live, self.matches.owns)

        self._restore = asyncio.get_running_loop().create_task(restore(), name="bingo-mirrors")

    async def stop(self) -> None:
        """Stop the passes and the boards; this process's queue members are handed over."""
        if self._restore is not None:
            self._restore.cancel()
        await self.service.stop()
        await self.mirrors.close()

    async def rate(self, match_id: int) -> None:
        """A match finished: if it was a queue match, rate it into the queue ratings
        (once, :meth:`QueueStore.rate_match`)."""
        await self.store.rate_match(match_id, time.time())

    # -- /bingo queue --------------------------------------------------------------------

    async def join(self, ctx: Reply) -> None:
        """``/bingo queue``: put the member in the queue and answer with their waiting
        message (privately). Refused privately: a member in a match (anywhere), one whose
        DMs are closed (queue matches need them), one already queuing (they get the
        waiting message again)."""
        language = await ctx.private()
        user = ctx.user
        if await self.outbox.dms_closed(user.id):
            # They may have opened their DMs since: try one (they asked), else refuse.
            await ctx.defer()
            text = t(language, "queue-dm-check")
            sent = await self.outbox.dm(user.id, content=text, force=True)
            if not sent.ok:
                return await ctx.tell("queue-dms-closed")
        here = in_server(ctx.interaction) and ctx.guild_id is not None
        try:
            entry = await self.service.join(
                user.id,
                guild_id=ctx.guild_id if here else None,
                channel_id=ctx.interaction.channel_id if here else None,
                name=user.display_name,
                language=language,
                pair=False,
            )
        except JoinRefused as refused:
            if str(refused) == "busy":
                return await ctx.tell("queue-busy")
            found = await self.store.entry(user.id)
            if found is None or not found.queuing:
                return await ctx.tell("queue-busy")
            entry = found
            self.service.watch(user.id)
        count = await self.store.queuing_count()
        embed, view = waiting_message(entry, count, time.time(), language)
        controls: dict[str, Any] = {"view": view} if view is not None else {}
        await ctx.reply_private(embed=embed, **controls)
        self.waiting[user.id] = Waiting(
            user.id, language, interaction=ctx.interaction,
            shown=self._state(entry, count, time.time()), at=time.monotonic(),
        )  # fmt: skip
        self.service.pair_soon(user.id)

    async def on_button(self, interaction: discord.Interaction[Any], control: QueueButton) -> None:
        """Leave, or Play the bot instead: on the member's own place in the queue."""
        ctx = Reply(interaction)
        language = await ctx.private()
        entry = await self.store.entry(ctx.user_id)
        if entry is None or not entry.queuing:
            if entry is not None and entry.status == "matched" and entry.match_id is not None:
                return await ctx.tell("queue-too-late", id=entry.match_id)
            return await ctx.tell("queue-not-queuing")
        now = time.time()
        if control.op is QueueOp.LEAVE:
            if not await self.service.leave(ctx.user_id):
                return await ctx.tell("queue-too-late-pairing")
            self._forget(ctx.user_id)
            return await ctx.edit_message(embed=ended_message(language, "queue-left"), view=None)
        if not await self.store.end(ctx.user_id, "bot", now, reason="bot"):
            return await ctx.tell("queue-too-late-pairing")
        waiting = self.waiting.get(ctx.user_id)
        self._forget(ctx.user_id)
        await self._play_bot(ctx, language, waiting)

    def _forget(self, user_id: int) -> None:
        self.waiting.pop(user_id, None)
        self.service.members.discard(user_id)

    async def _play_bot(self, ctx: Reply, language: str, waiting: Waiting | None) -> None:
        """The member took the bot instead: a match against it where they queued (a
        server channel that allows matches: announced there as any match against the
        bot, and the waiting message says so), else in their DMs."""
        options = self.matches.options
        if ctx.guild_id is not None and in_server(ctx.interaction) and ctx.interaction.channel_id:
            server = await self.db.guild_settings(ctx.guild_id)
            if server.allows_channel(ctx.interaction.channel_id):
                await self.matches.play_bot(ctx, BOT_LEVEL, options)
                if waiting is not None:
                    await self._show(waiting, (ended_message(language, "queue-bot-here"), None))
                return
        await ctx.defer(thinking=False)
        me = self.bot.user
        assert me is not None
        players = (ctx.user_id, me.id)
        setup = self.matches.setup(
            options,
            [ctx.user.display_name, me.display_name],
            await self.matches.quick_counter((ctx.user_id, None)),
            timing=self.matches.runtime.timing,
        )
        setup.config = setup.config.with_language(language).with_seat_language(0, language)
        match_id = await self.db.create_bot_match(
            guild_id=NO_SERVER, channel_id=NO_SERVER, player_ids=players, ai_seat=1,
            ai_level=BOT_LEVEL, **setup.stored(),
        )  # fmt: skip
        if match_id is None:
            return await ctx.tell("queue-busy")
        await self.store.add_boards(match_id, [BoardPlace.dm(ctx.user_id, language)])
        try:
            await self.mirrors.post_dm_boards(Shown.dealt(match_id, setup, players))
        finally:
            await self.matches.begin(
                setup, match_id, NO_SERVER, NO_SERVER, players, level=BOT_LEVEL
            )
        await ctx.edit(embed=ended_message(language, "queue-bot-started", id=match_id), view=None)

    # -- the host of the queue service ---------------------------------------------------

    async def start_pair(self, pair: Pair) -> None:
        """Store and start ``pair``'s match (module docstring): where they play, the
        standard table, their names and languages, its boards; then show it."""
        venue = await self._venue(pair.first, pair.second)
        seats = [pair.first, pair.second]
        if secrets.randbelow(2):
            seats.reverse()
        players = (seats[0].user_id, seats[1].user_id)
        timing: Timing = self.matches.runtime.timing
        setup = self.matches.setup(
            self.matches.options,
            [seats[0].name, seats[1].name],
            await self.matches.quick_counter(players),
            timing=timing,
        )
        config = setup.config.with_language(venue.language if venue else None)
        for seat, entry in enumerate(seats):
            config = config.with_seat_language(
                seat, entry.language or await self.bot.languages.of_user(entry.user_id)
            )
        setup.config = config
        boards: list[BoardPlace] = []
        if venue is None:
            boards += [BoardPlace.dm(e.user_id, e.language) for e in seats]
        ladders = await self.store.ladder_channels(
            e.guild_id for e in seats if e.guild_id is not None
        )
        for guild_id, channel_id in sorted(ladders.items()):
            if venue is None or guild_id != venue.guild_id:
                language = await guild_language(self.bot, guild_id)
                boards.append(BoardPlace.ladder(guild_id, channel_id, language))
        guild_id = venue.guild_id if venue else NO_SERVER
        channel_id = venue.channel_id if venue else NO_SERVER
        stored = await self.store.create_match(
            pair, guild_id=guild_id, channel_id=channel_id, player_ids=players, boards=boards,
            now=time.time(), **setup.stored(),
        )  # fmt: skip
        if not isinstance(stored, int):
            log.info("The pair %s and %s was not played: %s", *pair.user_ids, stored)
            return
        match_id = stored
        thread: int | None = None
        try:
            if venue is not None:
                thread = await self.matches.open_thread(
                    setup, match_id, venue.channel_id, self._permissions(venue)
                )
            else:  # each player's board first, above their first hand panel
                await self.mirrors.post_dm_boards(Shown.dealt(match_id, setup, players))
        finally:
            await self.matches.begin(setup, match_id, guild_id, channel_id, players, level=None)
        for seat, entry in enumerate(seats):
            other = seats[1 - seat]
            waiting = self.waiting.get(entry.user_id)
            if waiting is not None:
                await self._show(waiting, self._matched(waiting, match_id, other, thread))

    async def _venue(self, first: QueueEntry, second: QueueEntry) -> Venue | None:
        """The server where the pair plays: one either queued from that set a ladder
        channel and where both are members (the first's server first); ``None``: DMs."""
        ladders = await self.store.ladder_channels(
            e.guild_id for e in (first, second) if e.guild_id is not None
        )
        for me, other in ((first, second), (second, first)):
            guild_id = me.guild_id
            if guild_id is None or guild_id not in ladders:
                continue
            if other.guild_id == guild_id or await self._is_member(guild_id, other.user_id):
                return Venue(guild_id, ladders[guild_id], await guild_language(self.bot, guild_id))
        return None

    async def _is_member(self, guild_id: int, user_id: int) -> bool:
        """Whether ``user_id`` is a member of ``guild_id`` (cached member, else one REST
        look-up: Discord "Get Guild Member", 404 Unknown Member when not)."""
        guild = self.bot.get_guild(guild_id)
        if guild is not None and guild.get_member(user_id) is not None:
            return True
        http = self.bot.http

        async def look_up() -> bool:
            try:
                await http.get_member(guild_id, user_id)
            except discord.NotFound:  # 10007 Unknown Member: an answer, not a failure
                return False
            return True

        found = await self.outbox.call(
            look_up, what=f"is {user_id} in {guild_id}", bucket=("fetch-member", guild_id)
        )
        return bool(found.ok and found.value)

    def _permissions(self, venue: Venue) -> discord.Permissions:
        """The bot's permissions in the venue's ladder channel as cached; when it is not
        cached here (another shard's server), those a thread needs: Discord refuses if
        they are missing, and the match is played in the channel."""
        guild = self.bot.get_guild(venue.guild_id)
        channel = guild.get_channel(venue.channel_id) if guild is not None else None
        if guild is not None and channel is not None and guild.me is not None:
            return channel.permissions_for(guild.me)
        return discord.Permissions(create_public_threads=True, send_messages_in_threads=True)

    async def refresh(self, entries: Sequence[QueueEntry], count: int, now: float) -> None:
        """Bring this process's waiting messages up to date (the service's upkeep)."""
        for entry in entries:
            waiting = self.waiting.get(entry.user_id)
            if waiting is None:
                continue
            try:
                await self._refresh_one(waiting, entry, count, now)
            except Exception:
                log.exception("Could not refresh the waiting message of %s", entry.user_id)

    async def _refresh_one(
        self, waiting: Waiting, entry: QueueEntry, count: int, now: float
    ) -> None:
        language = waiting.language
        if entry.queuing:
            state = self._state(entry, count, now)
            if state == waiting.shown:
                return
            urgent = waiting.shown is None or state[:2] != waiting.shown[:2]
            every = limits.QUEUE_PANEL_SECONDS if waiting.interaction is not None else 30.0
            if not urgent and time.monotonic() - waiting.at < every:
                return
            embed, view = waiting_message(
                entry, count, now, language, restarted=waiting.interaction is None
            )
            if await self._show(waiting, (embed, view)):
                waiting.shown = state
            return
        self.waiting.pop(entry.user_id, None)
        if entry.status == "matched" and entry.match_id is not None:
            record = await self.db.get_match(entry.match_id)
            partner = await self.store.entry(entry.partner_id or 0)
            if record is None or partner is None:
                return
            thread = Display.from_json(record.ui).thread
            await self._show(waiting, self._matched(waiting, record.id, partner, thread))
            return
        key = {
            "expired": "queue-expired",
            "bot": "queue-bot-here",
            "dropped": "queue-dropped",
        }.get(entry.status, "queue-left-busy" if entry.reason == "busy" else "queue-left")
        minutes = int(limits.QUEUE_MAX_SECONDS // 60)
        await self._show(waiting, (ended_message(language, key, minutes=minutes), None))

    @staticmethod
    def _state(entry: QueueEntry, count: int, now: float) -> tuple[Any, ...]:
        """What a waiting message shows, to edit it only on a change: the status and the
        offer first (shown at once), then the count and the gap (at most every
        :data:`bot.limits.QUEUE_PANEL_SECONDS`)."""
        waited = now - entry.joined_at
        return (entry.status, entry.offered_at is not None, count, rule.window(1.0, waited))

    def _matched(
        self, waiting: Waiting, match_id: int, partner: QueueEntry, thread: int | None
    ) -> tuple[discord.Embed, None]:
        language = waiting.language
        embed = ended_message(
            language,
            "queue-paired",
            opponent=echo(partner.name, limits.MEMBER_NAME),
            rating=f"{partner.mu:.1f}",
            id=match_id,
        )
        where = (
            t(language, "queue-paired-thread", thread=f"<#{thread}>")
            if thread is not None
            else t(language, "queue-paired-dms")
        )
        embed.description = f"{embed.description}\n{where}"
        return embed, None

    async def _show(
        self, waiting: Waiting, shown: tuple[discord.Embed, discord.ui.View | None]
    ) -> bool:
        """Edit a waiting message: through its interaction (outside the global rate
        limit), or its DM through the outbox. ``True`` when it was edited."""
        embed, view = shown
        waiting.at = time.monotonic()
        interaction = waiting.interaction
        if interaction is not None:
            sent = await self.outbox.call(
                lambda: interaction.edit_original_response(embed=embed, view=view),
                what=f"queue message of {waiting.user_id}",
                paced=False,
            )
            return sent.ok
        if waiting.channel_id is None or waiting.message_id is None:
            return False
        edited = await self.outbox.edit(
            waiting.channel_id, waiting.message_id, embed=embed, view=view, priority=Priority.TIDY
        )
        return edited.ok

    async def adopted(self, entries: Sequence[QueueEntry]) -> None:
        """Members taken over from a stopped process: a new waiting message by DM (their
        old one cannot be edited from here)."""
        count = await self.store.queuing_count()
        now = time.time()
        for entry in entries:
            language = entry.language or await self.bot.languages.of_user(entry.user_id)
            embed, view = waiting_message(entry, count, now, language, restarted=True)
            controls: dict[str, Any] = {"view": view} if view is not None else {}
            sent = await self.outbox.dm(
                entry.user_id, embed=embed, priority=Priority.PUBLIC, **controls
            )
            if not sent.ok or sent.value is None:
                log.info("Could not tell %s they are still queuing: %s", entry.user_id,
                         sent.status)  # fmt: skip
                continue
            message = sent.value
            await self.store.set_panel(entry.user_id, message.channel.id, message.id)
            self.waiting[entry.user_id] = Waiting(
                entry.user_id, language, channel_id=message.channel.id, message_id=message.id,
                shown=self._state(entry, count, now), at=time.monotonic(),
            )  # fmt: skip


# -- /bingo settings ladder --------------------------------------------------------------


def ladder_settings_command(queue: RankedQueue) -> app_commands.Command[Any, Any, Any]:
    """``/bingo settings ladder [channel] [off]``: the server's ladder channel (Manage
    Server only, answered privately). Without options: show it."""

    @app_commands.command(
        name="ladder",
        description="Manage Server only: where queue matches of this server's members are shown.",
    )
    @app_commands.describe(
        channel="The ladder channel: each queue match gets a thread there",
        off="Show queue matches in no channel of this server",
    )
    async def ladder(
        interaction: discord.Interaction,
        channel: discord.TextChannel | None = None,
        off: bool = False,
    ) -> None:
        ctx = Reply(interaction)
        if await manager_language(ctx, "settings-refused") is None:
            return
        assert ctx.guild_id is not None
        store = queue.store
        if off:
            await store.set_ladder_channel(ctx.guild_id, None, time.time())
            return await ctx.tell("queue-ladder-cleared")
        if channel is None:
            current = await store.ladder_channel(ctx.guild_id)
            if current is None:
                return await ctx.tell("queue-ladder-none")
            return await ctx.tell("queue-ladder-show", channel=f"<#{current}>")
        me = channel.guild.me
        missing = missing_thread_permissions(channel.permissions_for(me)) if me else []
        if missing:
            names = ", ".join([await ctx.text(key) for key in missing])
            return await ctx.tell("queue-ladder-permissions", channel=channel.mention,
                                  missing=names)  # fmt: skip
        await store.set_ladder_channel(ctx.guild_id, channel.id, time.time())
        await ctx.tell("queue-ladder-set", channel=channel.mention)

    return ladder
