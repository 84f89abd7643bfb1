"""The BingoMagic match service: the match runtime wired to the database, Discord and
the bot's AI pool.

It runs the bot's one :class:`bot.matches.MatchRuntime` (``BingoBot.runtime``, built by
the bot over :class:`bot.storage.match_store.DatabaseMatchStore`: compare-and-set
commits; the commit that ends a match records its stats in the same transaction), with
the bot's one :class:`bot.matches.Scheduler` (match deadlines, the bot's moves,
challenge expiry, delivery retries), and builds the couriers of :mod:`._delivery`. Its
runtime listener hands every change to the couriers and announces a finished match as the
bot event ``bingo_match_finished`` (a :class:`bot.matches.MatchFinished`), which the cog's
listener turns into the result post; a result committed but never posted (kill -9) is
announced again at the next start.

Interactions come in through the handlers at the bottom (registered with the bot's
control router by the cog); each answers from the runtime's :class:`~bot.matches.ActResult`.

**Several processes on one database** (docs/deploy.md). No process trusts a match it holds
in memory: the runtime's loader (:meth:`._restore.MatchRestore.loader`) checks
the cached copy's version against the database on every request and reloads it (state,
deadline, log, configuration, display) when another process moved it on; the commit is a
compare-and-set, and its loser answers "no longer current". The process that applies a
change shows it (REST is not bound to a shard) and arms the match's next timers; timed work
is claimed through a lease (:class:`bot.storage.leases.Leases`), and every process polls
for due work of any server every :data:`bot.limits.MATCH_POLL_SECONDS`
(:meth:`._restore.MatchRestore._poll`), so a dead process's deadlines, bot moves and challenge
expiries are taken over. At start-up each process restores only its own servers' matches
and challenges (``bot.owns_guild``).

The module is a little over 600 lines because it is the one service that every match
command and decision goes through; the parts with a job of their own are collaborators
in their own modules (``._delivery``, ``._restore``, ``._challenges``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import BingoOptions, BingoState
from bot.i18n import t
from bot.interactions import NOT_CURRENT, still_answerable, within_ack_deadline
from bot.matches import (
    ActStatus,
    Match,
    MatchEvent,
    MatchFinished,
    MatchRuntime,
    Seat,
    Timing,
)
from bot.matches.config import MatchConfig
from bot.matches.log import extend_log
from cogs.contexts import in_server
from cogs.languages import guild_language
from cogs.reply import Reply

from ._accessible import accessible_seats
from ._anywhere import live_match_id
from ._challenges import Challenges
from ._delivery import Delivery
from ._display import Display
from ._ports import MatchSetup
from ._reminders import TurnReminders
from ._restore import MatchRestore
from ._settings import match_timing
from ._table import LiveMatch, MatchTable, table_of
from ._threads import MatchThreads, missing_thread_permissions
from ._tips import first_match_tips
from ._views import on_match_button

if TYPE_CHECKING:
    from bot.client import BingoBot
    from bot.ui.controls import DecisionButton, PlayAgainButton, ShowHandButton

log = logging.getLogger(__name__)

#: Catalog keys (``bingo.ftl``) of the private answers.
NOT_YOURS = "bingo-not-yours"
OVER = "bingo-match-over"
NOT_IN_A_MATCH = "bingo-not-in-a-match"
BUSY = "bingo-busy"

AI_SEAT = 1


def _whole(seconds: float) -> int | float:
    """``8.0`` → ``8`` (shown without a decimal point); ``2.5`` stays."""
    return int(seconds) if float(seconds).is_integer() else seconds


class MatchService:
    """Runs every BingoMagic match of one bot process (see the module docstring).

    ``seed_factory`` makes each new match's seed (tests replace it to deal known hands).
    """

    def __init__(self, bot: BingoBot) -> None:
        """Run the matches on the bot's shared services (``BingoBot.setup_hook`` builds
        them before the cogs load): its runtime, scheduler, leases and outbox; this
        service registers the runtime's loader (``BingoBot.use_match_loader``)."""
        self.bot = bot
        self.db = bot.db
        self.settings = bot.settings
        self.outbox = bot.outbox
        self.options = BingoOptions(max_timeouts=bot.settings.max_timeouts)
        self.seed_factory: Callable[[], int] = lambda: secrets.randbits(63)
        self.scheduler = bot.scheduler
        self.languages = bot.languages
        settings = bot.settings
        self.leases = bot.leases
        #: The bot's runtime, whose matches carry this cog's :class:`._table.MatchTable`.
        self.runtime: MatchRuntime[MatchTable] = bot.runtime
        self.delivery = Delivery(
            self.outbox, self.db, self.runtime, self.scheduler, leases=self.leases,
            render=bot.render_pool, board_seconds=settings.board_edit_seconds,
            attention_seconds=settings.panel_attention_seconds, on_announced=self._announced,
        )  # fmt: skip
        self.threads = MatchThreads(
            bot, self.outbox, self.db, self.scheduler,
            close_seconds=settings.thread_close_seconds, live=self.runtime.get,
        )  # fmt: skip
        #: match id -> set once its result is posted (:meth:`results_posted` waits on it).
        self._posted: dict[int, asyncio.Event] = {}
        self.challenges = Challenges(self)
        #: Start-up, reloading (the runtime's loader) and the poll for due work.
        self.restore = MatchRestore(
            bot, self.db, self.runtime, self.leases, self.delivery, self.challenges,
            self.threads, seats=self._seats,
        )  # fmt: skip
        bot.use_match_loader(self.restore.loader)
        self._unsubscribe = self.runtime.subscribe(self._on_event)
        #: Your-turn reminders (``/bingo reminders``, :mod:`._reminders`).
        self.reminders = TurnReminders(bot, self.runtime)

    async def start(self) -> None:
        """Restore the matches and challenges of this process (:meth:`MatchRestore.start`),
        then arm the reminders of the restored matches."""
        await self.restore.start()
        await self.reminders.start()

    def owns(self, guild_id: int) -> bool:
        """Whether this process runs ``guild_id``'s shard (:meth:`MatchRestore.owns`)."""
        return self.restore.owns(guild_id)

    @property
    def matches(self) -> Mapping[int, LiveMatch]:
        """The live matches by id (read-only)."""
        return self.runtime.matches

    # -- life cycle --------------------------------------------------------------------

    async def stop(self) -> None:
        """Stop what this service started: its runtime listener, the restore and poll
        tasks, the couriers (what was not shown is shown after the next start). The
        runtime and the scheduler are the bot's: it closes them (``BingoBot.close``;
        stored deadlines survive for the next start)."""
        self._unsubscribe()
        await self.reminders.stop()
        await self.restore.stop()
        await self.delivery.close()

    def _seats(self, player_ids: Sequence[int], ai_seat: int | None, level: str | None, seed: int):
        pool = self.bot.ai_pool
        seats = []
        for index, user_id in enumerate(player_ids):
            if index == ai_seat and level is not None and pool is not None:
                seats.append(Seat.agent(user_id, pool.policy(level, seed=seed + index)))
            else:
                seats.append(Seat.human(user_id))
        return (seats[0], seats[1])

    async def get(self, match_id: int) -> LiveMatch | None:
        """The match ``match_id`` as stored now (the live copy, checked against the
        database and reloaded if another process moved it on), or ``None`` when it is
        over or unknown."""
        return await self.runtime.current(match_id)

    def _announced(self, match: LiveMatch) -> None:
        """The result of ``match`` is posted: close its thread later, wake its waiters."""
        self.threads.result_posted(match)
        posted = self._posted.get(match.id)
        if posted is not None:
            posted.set()

    async def results_posted(self, match_ids: Sequence[int], *, seconds: float) -> bool:
        """Wait until the result of every match of ``match_ids`` is posted in its channel
        (Discord answered the post), or will never be (:meth:`Database.result_announced`).
        ``seconds``: most seconds to wait for them all; ``False`` when they passed first
        (a result Discord kept refusing). A match run by another process is followed
        through the database (read at least once a second)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        for match_id in match_ids:
            posted = self._posted.setdefault(match_id, asyncio.Event())
            try:
                while not await self.db.result_announced(match_id):
                    left = deadline - loop.time()
                    if left <= 0:
                        return False
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(posted.wait(), min(left, 1.0))
            finally:
                if self._posted.get(match_id) is posted:
                    del self._posted[match_id]
        return True

    # -- the runtime's hooks -----------------------------------------------------------

    def _on_event(self, event: MatchEvent) -> None:
        """After every commit (outside the match's lock): show it; announce an end."""
        if isinstance(event, MatchFinished):
            self.bot.dispatch("bingo_match_finished", event)
            return
        match = self.runtime.lookup(event.match_id)
        if match is not None:
            self.delivery.kick(match)

    # -- starting matches --------------------------------------------------------------

    def setup(
        self,
        options: BingoOptions,
        names: list[str],
        quick: tuple[bool, bool] = (False, False),
        *,
        timing: Timing | None = None,
    ) -> MatchSetup:
        """Deal a new match (seed from :attr:`seed_factory`) with these rules and names.
        ``quick``: per seat, quick counter windows (see :meth:`quick_counter`).
        ``timing``: the server's timers (:meth:`timing_for`), kept in its configuration
        for the whole match; ``None``: the runtime's."""
        seed = self.seed_factory()
        state, events = BingoState.new(seed, options)
        return MatchSetup(
            seed,
            options,
            state,
            events,
            Display.new(names),
            self.runtime.deadline_for(state, quick, timing=timing),
            time.time(),
            extend_log([], events),
            MatchConfig.of(timing, quick),
        )

    async def timing_for(self, guild_id: int) -> Timing:
        """The timers a new match in ``guild_id`` gets: the bot's, with the server's own
        settings in their place (``/bingo settings timers``)."""
        return match_timing(self.runtime.timing, await self.db.guild_settings(guild_id))

    async def quick_counter(self, user_ids: Sequence[int | None]) -> tuple[bool, bool]:
        """Per seat, whether its member chose quick counter windows
        (``db.user_prefs(user_id).quick_counter``; ``None``, the bot's seat: no). Read
        when a match is dealt and kept in its configuration for the whole match."""
        quick = [False, False]
        for seat, user_id in enumerate(user_ids[:2]):
            if user_id is not None:
                quick[seat] = (await self.db.user_prefs(user_id)).quick_counter
        return (quick[0], quick[1])

    async def set_quick_counter(self, ctx: Reply, on: bool | None) -> None:
        """``/bingo quick``: turn the member's quick counter windows on or off (``None``:
        just show their choice), privately, in their language. The choice applies from
        their next match: a match in progress keeps the windows it began with."""
        user_id = ctx.user_id
        if on is None:
            prefs = await self.db.user_prefs(user_id)
        else:
            prefs = await self.db.set_user_quick_counter(user_id, on)
        timing = self.runtime.timing
        if prefs.quick_counter:
            await ctx.tell("quick-on", seconds=_whole(timing.quick_counter_seconds))
        else:
            await ctx.tell("quick-off", seconds=_whole(timing.counter_seconds))

    async def begin(
        self,
        setup: MatchSetup,
        match_id: int,
        guild_id: int,
        channel_id: int,
        player_ids: tuple[int, int],
        *,
        level: str | None,
    ) -> LiveMatch:
        """Run a match just stored as ``match_id``: arm its deadline, then show it (and
        let the bot move, if it plays a seat at ``level``)."""
        first, second = await accessible_seats(self.db, player_ids)  # ._accessible
        setup.config = setup.config.with_seat_accessible(0, first).with_seat_accessible(1, second)
        table = MatchTable(
            guild_id, channel_id, setup.started_at, setup.display, level=level, config=setup.config
        )
        ai_seat = AI_SEAT if level is not None else None
        seats = self._seats(player_ids, ai_seat, level, setup.seed)
        match = Match(
            match_id, seats, setup.state, deadline=setup.deadline, context=table,
            quick_counter=setup.config.quick,
            timing=setup.config.timing_over(self.runtime.timing), log=list(setup.log),
        )  # fmt: skip
        await self.runtime.start(match, setup.events)
        return match

    async def open_thread(
        self,
        setup: MatchSetup,
        match_id: int,
        channel_id: int,
        permissions: discord.Permissions,
        *,
        message_id: int | None = None,
    ) -> int | None:
        """Give the stored match ``match_id`` its thread in ``channel_id`` (see
        :mod:`._threads`; ``permissions``: the bot's there; ``message_id``: the message
        to start it from) before it begins: its display names the thread, stored.
        Returns the thread's id, or ``None``: the match is played in the channel."""
        thread = await self.threads.open(
            match_id, channel_id, setup.display.names, setup.config.language, permissions,
            message_id=message_id,
        )  # fmt: skip
        if thread is not None:
            await self.threads.opened(match_id, setup.state.version, setup.display, thread)
        return thread

    async def play_bot(self, ctx: Reply, level: str, options: BingoOptions) -> None:
        """A member plays the bot at ``level``: no accept step. Refused privately when
        they are already in a match in this server (checked in the same transaction as
        the insert). The bot's own account is never checked: it plays many at once.
        The match is stored (:meth:`_store_bot_match`), announced in the channel, given
        its thread from that post when it can, then begun."""
        stored = await self._store_bot_match(ctx, level, options)
        if stored is None:
            return await ctx.tell(BUSY)
        setup, match_id, players = stored
        interaction = ctx.interaction
        guild_id, channel_id = ctx.guild_id, interaction.channel_id
        assert guild_id is not None and channel_id is not None
        public = setup.config.language
        args = {
            "member": ctx.user.mention,
            "level": t(public, "bingo-level", level=level),
            "id": match_id,
        }
        permissions = interaction.app_permissions
        thread: int | None = None
        try:
            callback = await interaction.response.send_message(t(public, "bingo-bot-match", **args))
            if not missing_thread_permissions(permissions):  # its thread starts from this post
                message = getattr(callback, "resource", None)
                if not isinstance(message, discord.Message):
                    message = await interaction.original_response()
                thread = await self.open_thread(
                    setup, match_id, channel_id, permissions, message_id=message.id
                )
        finally:
            await self.begin(setup, match_id, guild_id, channel_id, players, level=level)
        if thread is not None:
            text = t(public, "bingo-bot-match-thread", thread=f"<#{thread}>", **args)
            try:
                await ctx.edit(content=text)
            except discord.HTTPException as error:
                log.warning("Could not name the thread of match %s: %s", match_id, error)

    async def _store_bot_match(
        self, ctx: Reply, level: str, options: BingoOptions
    ) -> tuple[MatchSetup, int, tuple[int, int]] | None:
        """Deal and store ``ctx``'s member's match against the bot at ``level`` in this
        channel (its names, quick windows, timers, languages and first-match tips): the
        setup, the new match's id and its players; ``None`` when the member is already
        in a match in this server (``Database.create_bot_match``)."""
        guild_id, channel_id = ctx.guild_id, ctx.interaction.channel_id
        assert guild_id is not None and channel_id is not None and self.bot.user is not None
        member = ctx.user
        me = ctx.guild.me if ctx.guild is not None else None
        names = [member.display_name, (me or self.bot.user).display_name]
        players = (member.id, self.bot.user.id)
        setup = self.setup(
            options,
            names,
            await self.quick_counter((member.id, None)),
            timing=await self.timing_for(guild_id),
        )
        await self.stamp_languages(setup, guild_id, (member.id, None), ctx)
        tips = await first_match_tips(self.db, guild_id, member.id, 1 - AI_SEAT)
        setup.config = setup.config.with_tips(tips)
        match_id = await self.db.create_bot_match(
            guild_id=guild_id,
            channel_id=channel_id,
            player_ids=players,
            ai_seat=AI_SEAT,
            ai_level=level,  # type: ignore[arg-type]
            **setup.stored(),
        )
        return None if match_id is None else (setup, match_id, players)

    async def stamp_languages(
        self,
        setup: MatchSetup,
        guild_id: int,
        user_ids: Sequence[int | None],
        ctx: Reply | None = None,
    ) -> None:
        """Fix a new match's languages (see :mod:`bot.i18n.service`): its configuration's
        ``language``, the server's, for its public text; its ``languages``, per seat,
        the member's private language (``None`` for the bot's seat; it follows the
        member's later interactions).
        ``ctx``: the interaction starting the match (its member's locale is current)."""
        if ctx is not None:  # remembers its member's client locale
            await ctx.private()
        public = await guild_language(self.bot, guild_id)
        config = setup.config.with_language(public)
        for player, user_id in enumerate(user_ids[:2]):
            if user_id is not None:
                language = await self.languages.of_user(user_id, public)
                config = config.with_seat_language(player, language)
        setup.config = config

    async def _reader(self, ctx: Reply, match: LiveMatch, player: int) -> str:
        """The language of ``player`` answering ``ctx`` in ``match``, remembered in the
        match's configuration (``languages``) for the DMs that follow."""
        language = await ctx.private()
        table = table_of(match)
        table.config = table.config.with_seat_language(player, language)
        return language

    async def display_name(self, ctx: Reply, user_id: int) -> str:
        """The member's display name in the interaction's guild (REST if not cached);
        raw, as they chose it: echo it before showing it."""
        if ctx.user_id == user_id:
            return ctx.user.display_name
        guild = ctx.guild
        member = guild.get_member(user_id) if guild else None
        if member is None and guild is not None:
            fetched = await self.outbox.call(
                lambda: guild.fetch_member(user_id), what=f"fetch member {user_id}"
            )
            member = fetched.value
        if member is not None:
            return member.display_name
        user = self.bot.get_user(user_id)
        if user is None:
            fetched_user = await self.outbox.call(
                lambda: self.bot.fetch_user(user_id), what=f"fetch user {user_id}"
            )
            user = fetched_user.value
        return user.display_name if user is not None else f"Player {user_id}"

    # -- interactions ------------------------------------------------------------------

    async def on_decision(
        self, interaction: discord.Interaction[Any], control: DecisionButton
    ) -> None:
        """:meth:`_decide`; a click that took no decision (stale, superseded, refused)
        still tells the reminders its member is there (:meth:`TurnReminders.seen`)."""
        match = self.runtime.get(control.match_id)
        version = match.state.version if match is not None else None
        try:
            await self._decide(interaction, control)
        finally:
            if match is not None and version is not None:
                self.reminders.seen(match, interaction.user.id, version)

    async def _decide(self, interaction: discord.Interaction[Any], control: DecisionButton) -> None:
        """A decision button: apply it if it is still current, then answer the click
        with the player's new panel. Private answers: not a player, match over, stale.
        The live copy is not checked against the database first: the runtime's
        compare-and-set does that in the same write that applies the decision. The one
        read before the answer is the player's language (bounded: ``Reply.private``)."""
        ctx = Reply(interaction)
        match = await self.runtime.known(control.match_id)
        if match is None:
            return await self._retire(ctx, await ctx.text(OVER))
        player = match.seat_of(ctx.user_id)
        if player is None:
            return await ctx.tell(NOT_YOURS)
        language = await self._reader(ctx, match, player)
        if self._superseded(interaction, match, player, control.version):
            current = table_of(match).display.panels[player]
            link = (
                f"https://discord.com/channels/@me/{current.channel}/{current.message}"
                if current is not None and current.message
                else "/bingo hand"
            )
            return await self._retire(ctx, t(language, "bingo-panel-superseded", link=link))
        if control.action is None:
            return await ctx.tell(NOT_CURRENT)
        if not await still_answerable(interaction):
            return  # Discord already told the player this click failed: it changes nothing
        if match.lock.locked() and not ctx.is_done():
            await ctx.defer(thinking=False)
        table = table_of(match)
        table.answering.add(player)
        try:
            result = await within_ack_deadline(
                interaction,
                self.runtime.act(match.id, ctx.user_id, control.version, str(control.action)),
            )
            if result.status is ActStatus.OVER:
                return await ctx.tell(OVER)
            if not result.applied:
                return await ctx.tell(NOT_CURRENT)
            await self.answer_with_panel(ctx, match, player)
        finally:
            table.answering.discard(player)
            self.delivery.kick(match)

    @staticmethod
    def _superseded(
        interaction: discord.Interaction[Any], match: LiveMatch, player: int, version: int
    ) -> bool:
        """Whether the clicked message, a DM panel of ``player`` drawn at ``version``,
        is no longer their panel of ``match``: another panel was sent at that version or
        later (a newer panel, or the one a restart sent in place of a panel sent just
        before a crash and never stored). A panel newer than the one this process knows
        of (another process sent it, its ``ui`` not yet stored) is not superseded."""
        message = interaction.message
        if message is None or message.flags.ephemeral or interaction.guild_id is not None:
            return False
        current = table_of(match).display.panels[player]
        return current is not None and current.message != message.id and version <= current.version

    async def _retire(self, ctx: Reply, text: str) -> None:
        """Answer a click on a DM panel that is out of date: its buttons are taken
        away (the interaction's own update of the message, outside the global rate
        limit), and ``text`` says why, privately. Elsewhere: ``text`` alone."""
        message = ctx.interaction.message
        if message is None or message.flags.ephemeral or ctx.guild_id is not None:
            return await ctx.reply_private(text)
        try:
            await ctx.edit_message(view=None)
        except discord.HTTPException as error:
            log.info("Could not retire an old panel: %s", error)
        await ctx.reply_private(text)

    async def answer_with_panel(self, ctx: Reply, match: LiveMatch, player: int) -> None:
        """Replace the clicked panel with the player's panel of the live state (its
        courier sends a newer one if the match moves on meanwhile)."""
        version = match.state.version
        embed, view = self.delivery.panels.panel(match, player)
        try:
            await ctx.update(embed=embed, view=view)
        except discord.NotFound as error:
            # The clicked panel was deleted while the click was handled (a restart or
            # another process replaced it): Discord refuses to update a deleted message
            # (404, 10008 Unknown Message) and the interaction is still unanswered. The
            # player sees the new state privately at once; the controls come with the
            # courier's new panel.
            log.info("The clicked panel of match %s is gone: %s", match.id, error)
            if not ctx.is_done():
                with contextlib.suppress(discord.HTTPException):
                    await ctx.reply_private(embed=embed)
            return
        except discord.HTTPException as error:
            log.warning("Could not answer a decision in match %s: %s", match.id, error)
            return  # the courier sends the player a new panel
        message = ctx.interaction.message
        if message is not None and not message.flags.ephemeral:
            self.delivery.panels.remember(match, message.id, ctx.interaction)
        self.delivery.panels.answered(match, player, version, view is not None, message)

    async def resign(self, ctx: Reply) -> None:
        """``/bingo resign``: the member's match ends; they lose. In a server, their
        match there (or their queue match, which holds them everywhere); elsewhere (a
        DM), their match in any server or in DMs (:func:`._anywhere.live_match_id`)."""
        match_id = await live_match_id(self.db, ctx.interaction)
        match = await self.get(match_id) if match_id is not None else None
        if match is None:
            here = in_server(ctx.interaction)
            return await ctx.tell(NOT_IN_A_MATCH if here else "anywhere-no-match")
        if match.lock.locked():
            await ctx.defer()
        result = await self.runtime.resign(match.id, ctx.user_id)
        if result.status is ActStatus.OVER:
            return await ctx.tell("bingo-already-over")
        if result.status is ActStatus.NOT_YOURS:
            return await ctx.tell(NOT_YOURS)
        await ctx.tell("bingo-resigned", id=match.id)

    async def show_hand(self, ctx: Reply, match_id: int | None = None) -> None:
        """ "Show my hand" / ``/bingo hand``: the player's panel and controls, ephemerally.
        ``/bingo hand`` (``match_id`` None) also means "try my DMs again from now on"."""
        asked = match_id is None
        if asked:
            match_id = await within_ack_deadline(ctx.interaction, self._reopened(ctx))
        match = await self.get(match_id) if match_id is not None else None
        if match is None:
            return await ctx.tell(NOT_IN_A_MATCH)
        player = match.seat_of(ctx.user_id)
        if player is None:
            return await ctx.tell(NOT_YOURS)
        await self._reader(ctx, match, player)
        if asked:
            self.delivery.panels.dms_reopened(match, player)
        version = match.state.version
        self.reminders.seen(match, ctx.user_id, version)
        embed, view = self.delivery.panels.panel(match, player)
        controls: dict[str, Any] = {"view": view} if view else {}
        await ctx.reply_private(embed=embed, **controls)
        self.delivery.panels.answered(match, player, version, view is not None)
        self.delivery.kick(match)

    async def _reopened(self, ctx: Reply) -> int | None:
        """Try the member's DMs again from now on; the id of their live match, in any
        server when asked from a DM, or ``None``."""
        await self.outbox.reopen_dms(ctx.user_id)
        return await live_match_id(self.db, ctx.interaction)

    async def on_show_hand(
        self, interaction: discord.Interaction[Any], control: ShowHandButton
    ) -> None:
        await on_match_button(self.show_hand, interaction, control)

    async def on_play_again(
        self, interaction: discord.Interaction[Any], control: PlayAgainButton
    ) -> None:
        """ "Play again" under a result against the bot: the same level and table rules,
        for that match's member only."""
        ctx = Reply(interaction)
        record = await self.db.get_match(control.match_id)
        if record is None or record.ai_seat is None or record.ai_level is None:
            return await ctx.tell(NOT_CURRENT)
        member = record.player_ids[1 - record.ai_seat]
        if ctx.user_id != member:
            return await ctx.tell("bingo-play-again-not-yours", member=f"<@{member}>")
        options = BingoOptions.from_json(record.options) if record.options else self.options
        await self.play_bot(ctx, record.ai_level, options)
