"""The Discord client: loads the cogs, syncs slash commands, reports command errors."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Iterator
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot import endpoints, limits, metrics
from bot.config import Settings
from bot.decks.scryfall import ScryfallLands
from bot.i18n import t
from bot.i18n.commands import CatalogTranslator
from bot.i18n.service import CACHE_SECONDS, SOLE_CACHE_SECONDS, LanguageService
from bot.interactions import NOT_CURRENT, option_refusal, reply_private, report_error
from bot.matches import AIPool, MatchRuntime, Scheduler, Timing
from bot.matches.events import DecisionApplied, MatchEvent
from bot.matches.runtime import Loader
from bot.outbox import Outbox
from bot.storage import Database
from bot.storage.leases import Leases
from bot.storage.match_store import DatabaseMatchStore
from bot.ui import board_image
from bot.ui.controls import ControlRouter
from bot.ui.controls import parse as parse_control
from bot.workers import LoopWorkers, WorkerPool

__all__ = ["BingoBot", "BingoTree", "ShardedBingoBot", "make_bot", "reply_private"]

log = logging.getLogger(__name__)


class BingoTree(app_commands.CommandTree):
    """The command tree, with the project-wide slash command error handler."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Refuse privately a slash command with a number option outside its declared
        bounds (:func:`bot.interactions.option_refusal`), before any handler sees it."""
        if interaction.type is not discord.InteractionType.application_command:
            return True
        refusal = option_refusal(interaction)
        if refusal is None:
            return True
        where = getattr(interaction.command, "qualified_name", "?")
        log.info("Refused a number option out of bounds in /%s", where)
        try:
            await reply_private(interaction, refusal)
        except discord.HTTPException as exc:
            log.warning("Could not refuse interaction %s: %s", interaction.id, exc)
        return False

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        """Answer privately: the message for expected errors, an error id otherwise.

        Commands (or their groups/cogs) with their own error handler are left to it.
        """
        command = interaction.command
        has_handlers = getattr(command, "_has_any_error_handlers", None)
        if command is not None and callable(has_handlers) and has_handlers():
            return
        await report_error(interaction, error)


#: How far below the bot's own priority its render processes run (``os.nice``).
RENDER_NICE = 10


def freeze_startup() -> None:
    """Move every object alive now (modules, catalogs, the gateway's first state) out of
    the garbage collector's sight (``gc.freeze``): it lives as long as the bot, and a
    full collection that walks it stops the event loop for about 100 ms every few
    seconds under load (measured with ``python -m benchmarks.load``), which every click
    then waits out. Garbage is collected first, so none of it is frozen.

    Then the youngest generation's threshold is raised from CPython's 700 to
    :data:`YOUNG_COLLECTION_THRESHOLD` allocations. discord.py's views, interactions and
    messages are reference cycles, made by every click; with 700 they outlive the young
    collections, reach the oldest generation, and trigger a full collection every few
    seconds, each stopping the loop for about 100 ms at 500 live matches (the
    ``gc.callbacks`` timings of ``python -m benchmarks.load --no-limits --matches 500``:
    about 15 full collections a minute before, 1 after)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *gc.get_threshold()[1:])
    log.info("%s start-up objects frozen out of the garbage collector", gc.get_freeze_count())


#: Allocations (less deallocations) between two collections of the youngest generation
#: (``gc.set_threshold``; CPython's default is 700). See :func:`freeze_startup`.
YOUNG_COLLECTION_THRESHOLD = 20_000


def intents() -> discord.Intents:
    """What the bot subscribes to: the default intents without message and typing
    events. Everything it does arrives as an interaction (slash commands, clicks,
    modals), so the gateway need not send a MESSAGE_CREATE/UPDATE/DELETE for every board,
    panel and edit the bot itself makes."""
    chosen = discord.Intents.default()
    chosen.messages = False
    chosen.typing = False
    return chosen


class BingoBot(commands.Bot):
    """The BingoMagic bot (one unsharded gateway connection; see :class:`ShardedBingoBot`
    and :func:`make_bot` for ``SHARD_COUNT``).

    The bot owns the services its cogs share and hands them over as attributes, which
    the cogs read when they load (:attr:`EXTENSIONS`, after :meth:`setup_hook` built
    them); no cog reaches into another.

    Attributes:
        settings: the :class:`Settings` it was started with.
        db: the open :class:`Database` (owned by the caller, who closes it).
        outbox: the one :class:`~bot.outbox.Outbox` (priorities, pacing that follows
            Discord's rate-limit headers, DM channels, closed DMs), created with the client
            (it reads every response through the client's ``http_trace``) and closed in
            :meth:`close`.
        ai_pool: the one :class:`~bot.matches.AIPool` where the bot's search runs, off
            the event loop (``BINGO_AI_WORKERS`` processes, 0 = threads; hard level
            budget ``BINGO_AI_BUDGET_SECONDS``), created in :meth:`setup_hook` (its
            workers start on first use) and shut down in :meth:`close`.
        render_pool: where board pictures are drawn (``BINGO_RENDER_WORKERS``
            processes answered on the event loop, a :class:`~bot.workers.LoopWorkers`,
            started in :meth:`setup_hook`; 0 = a thread), shut down like ``ai_pool``.
        languages: the one :class:`~bot.i18n.service.LanguageService` of every cog,
            created in :meth:`setup_hook`.
        controls: the one :class:`~bot.ui.controls.ControlRouter`: every cog registers
            the handlers of its controls there, and every click goes through it.
        scheduler: the one :class:`~bot.matches.Scheduler` of timed work (match
            deadlines, the bot's moves, challenge expiry, thread closing, delivery
            retries), created in :meth:`setup_hook`, closed in :meth:`close`.
        leases: the :class:`~bot.storage.leases.Leases` through which processes on one
            database claim timed work of a match (created in :meth:`setup_hook`).
        match_store: the runtime's :class:`~bot.storage.match_store.DatabaseMatchStore`
            (it stores each change with the match's public log; it calls no cog).
        runtime: the one :class:`~bot.matches.MatchRuntime` of BingoMagic matches, over
            ``match_store``, ``scheduler`` and ``leases``, with the timers of
            :attr:`settings`, its loader registered by the Bingo cog
            (:meth:`use_match_loader`); created in :meth:`setup_hook`, closed in
            :meth:`close` (a cog closes only what it built).
    """

    #: Built by :meth:`setup_hook` before any cog loads (see the class docstring).
    scheduler: Scheduler
    leases: Leases
    match_store: DatabaseMatchStore
    #: Its matches' context is the Bingo cog's (the client does not know its type).
    runtime: MatchRuntime[Any]

    EXTENSIONS: tuple[str, ...] = (
        "cogs.bingo",
        "cogs.mulligan",
        "cogs.guide",
        "cogs.privacy",
    )

    def __init__(self, settings: Settings, db: Database, **options: Any) -> None:
        """Create the client; nothing connects until :meth:`start`.

        ``options`` go to ``discord.ext.commands.Bot`` (tests pass a short
        ``guild_ready_timeout`` in seconds).
        """
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            # The bot never reads discord.py's message cache: without it, no edit of the
            # bot's own messages is looked up in a 1,000-message list.
            max_messages=None,
            tree_cls=BingoTree,
            help_command=None,
            # The one mention policy: the bot pings nobody unless a message opts in
            # (e.g. the challenged member in a challenge).
            allowed_mentions=discord.AllowedMentions.none(),
            http_trace=(instruments := metrics.Instruments()).trace,
            **options,
        )
        self.instruments = instruments
        instruments.watch_gateway(self._connection.parsers)
        self._live_task: asyncio.Task[None] | None = None
        self.settings = settings
        self.db = db
        self.web: aiohttp.ClientSession | None = None
        self.scryfall: ScryfallLands | None = None
        # Built here, before login creates the HTTP session: aiohttp freezes the trace then.
        self.outbox: Outbox = Outbox(self, db, per_second=self.outbound_share())
        self.outbox.attach(instruments.trace)
        self.ai_pool: AIPool | None = None
        self.render_pool: LoopWorkers | WorkerPool | None = None
        self.controls = ControlRouter()

    async def login(self, token: str) -> None:
        """Point discord.py at the configured endpoints, then log in over HTTP."""
        endpoints.point_discord_at(self.settings.api_base, self.settings.gateway_url)
        await super().login(token)

    async def setup_hook(self) -> None:
        """Open the web session, build the shared services (the AI and render pools, the
        match runtime and its scheduler), load every extension in :attr:`EXTENSIONS`,
        then sync slash commands."""
        self.web = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30))
        self.ai_pool = AIPool(self.settings.ai_workers, budget=self.settings.ai_budget_seconds)
        self._build_match_runtime()
        # Pictures may wait; clicks may not: the render process runs at a lower priority.
        workers = self.settings.render_workers
        if workers:
            pool = LoopWorkers(
                workers, name="board-render", preload=("bot.ui.board_image",), nice=RENDER_NICE
            )
            pool.start()  # now, not by the first board (about 1 s)
            self.render_pool = pool
        else:
            self.render_pool = WorkerPool(0, name="board-render")
        board_image.prepare()  # replays and puzzles draw in this process's threads
        self.scryfall = ScryfallLands(self.web, self.db, base_url=self.settings.scryfall_api_base)
        # One process alone makes every change of a language through its own service.
        alone = self.settings.shard_count is None
        self.languages = LanguageService(
            self.db, cache_seconds=SOLE_CACHE_SECONDS if alone else CACHE_SECONDS
        )
        for name in self.EXTENSIONS:
            await self.load_extension(name)
            log.info("Loaded extension %s", name)
        await self.tree.set_translator(CatalogTranslator())
        await self.sync_commands()
        self._watch_matches()

    def _build_match_runtime(self) -> None:
        """The scheduler, leases, store and runtime of the BingoMagic matches, with the
        timers of :attr:`settings` (see the class docstring)."""
        settings = self.settings
        self.scheduler = Scheduler(name="bingo")
        self.leases = Leases(self.db)
        self.match_store = DatabaseMatchStore(self.db)
        self.runtime = MatchRuntime(
            self.match_store,
            scheduler=self.scheduler,
            timing=Timing(
                turn_seconds=settings.turn_seconds,
                counter_seconds=settings.counter_seconds,
                choice_seconds=settings.choice_seconds,
                quick_counter_seconds=settings.quick_counter_seconds,
                agent_pause=settings.bot_pause_seconds,
            ),
            claims=self.leases,
            poll_grace=limits.MATCH_POLL_GRACE_SECONDS,
        )

    def use_match_loader(self, loader: Loader | None) -> None:
        """Hand :attr:`runtime` the loader through which it reads a match it does not
        hold, and checks one it holds against the database (several processes on one
        database: :mod:`bot.matches.runtime`). Only the cog that shows matches knows what
        a live match carries besides its state (``Match.context``), so it registers its
        loader here when it loads; ``None``: the runtime trusts what it holds."""
        self.runtime.loader = loader

    def outbound_share(self) -> float:
        """This process's share of ``DISCORD_OUTBOUND_PER_SECOND`` (requests a second):
        Discord's global limit is per bot token, so the processes split the budget by the
        shards they run, ``per_second × len(SHARD_IDS) / SHARD_COUNT``; all of it
        unsharded (Discord: "Rate Limits", the global rate limit is per bot)."""
        per_second = self.settings.outbound_per_second
        count, ids = self.settings.shard_count, self.settings.shard_ids
        if count is None or ids is None:
            return per_second
        return per_second * len(ids) / count

    def owns_guild(self, guild_id: int) -> bool:
        """True if this process runs the shard of server ``guild_id``, as Discord routes
        it: ``(guild_id >> 22) % SHARD_COUNT in SHARD_IDS``; always True unsharded.

        At start-up a process restores only the matches of the servers it owns (any
        process still applies any click it receives: DMs all arrive at shard 0).
        """
        count, ids = self.settings.shard_count, self.settings.shard_ids
        if count is None or ids is None:
            return True
        return (guild_id >> 22) % count in ids

    def _watch_matches(self) -> None:
        """Count the decisions of the bingo runtime and, every
        :data:`~bot.metrics.LIVE_REFRESH_SECONDS`, the live matches of our servers."""

        def on_event(event: MatchEvent) -> None:
            if isinstance(event, DecisionApplied):
                metrics.decided(str(event.cause))

        self.runtime.subscribe(on_event)
        self._live_task = asyncio.create_task(self._count_live_matches(), name="live-matches")

    async def _count_live_matches(self) -> None:
        while True:
            try:
                counts = await self.db.active_matches_by_guild()
                metrics.LIVE_MATCHES.set(
                    sum(n for guild_id, n in counts.items() if self.owns_guild(guild_id))
                )
            except Exception:
                log.warning("Could not count the live matches", exc_info=True)
            await asyncio.sleep(metrics.LIVE_REFRESH_SECONDS)

    async def sync_commands(self) -> int:
        """Register the slash commands with Discord; return how many were synced.

        With ``settings.guild_id`` the global commands are copied to that guild and
        synced there (visible instantly, for development); otherwise they are synced
        globally (Discord may take a while to show changes).
        """
        guild_id = self.settings.guild_id
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %s application commands to guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("Synced %s global application commands", len(synced))
        return len(synced)

    async def close(self) -> None:
        """Cancel the outbox's background deliveries, close the gateway and HTTP
        clients (unloading the cogs), then the match runtime and its scheduler (stored
        deadlines survive for the next start), the web session and the pools."""
        if self._live_task is not None:
            self._live_task.cancel()
        await self.outbox.close()
        await super().close()
        if (runtime := getattr(self, "runtime", None)) is not None:  # setup_hook ran
            await runtime.close()
            await self.scheduler.close()
        if self.web is not None:
            await self.web.close()
        if self.ai_pool is not None:
            await self.ai_pool.close()
        if self.render_pool is not None:
            await self.render_pool.close()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Answer a click on one of our controls (:mod:`bot.ui.controls`).

        A click of a control the clicked message shows goes to :attr:`controls`
        (:meth:`~bot.ui.controls.ControlRouter.route`). A member may also click a button
        just as the bot edits its message: the click then carries a custom_id that is not
        on the message Discord sends along; such a click is answered privately with
        :data:`NOT_CURRENT`, like any other out-of-date click, and changes nothing. Other
        interactions (slash commands, modals, other components) are discord.py's.
        """
        if interaction.type is not discord.InteractionType.component:
            return
        message = interaction.message
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id = data.get("custom_id")
        if message is None or not isinstance(custom_id, str):
            return
        control = parse_control(custom_id)
        if control is None:
            return
        kind = data.get("component_type")
        if any(
            getattr(c, "custom_id", None) == custom_id and c.type.value == kind
            for c in _walk(message.components)
        ):
            await self.controls.route(interaction, control)
            return
        try:
            await reply_private(interaction, t(interaction.locale, NOT_CURRENT))
        except discord.HTTPException as error:
            log.warning("Could not answer a stale click %s: %s", custom_id, error)

    async def on_ready(self) -> None:
        """Log who we are once the gateway session is ready; then freeze what start-up
        built (:func:`freeze_startup`)."""
        user = self.user
        log.info(
            "Connected as %s (id %s) to %s guild(s)",
            user,
            user.id if user else None,
            len(self.guilds),
        )
        freeze_startup()


class ShardedBingoBot(BingoBot, commands.AutoShardedBot):
    """The BingoMagic bot running shards ``settings.shard_ids`` of
    ``settings.shard_count`` (discord.py's ``AutoShardedBot``: one gateway connection per
    shard, one process); other processes run the other shards on the same database.
    """

    def __init__(self, settings: Settings, db: Database, **options: Any) -> None:
        """As :class:`BingoBot`; the shard options come from ``settings``.

        Raises:
            ValueError: ``settings.shard_count`` is None (use :class:`BingoBot`).
        """
        if settings.shard_count is None or settings.shard_ids is None:
            raise ValueError("a sharded bot needs SHARD_COUNT")
        self._identified: dict[int, float] = {}  # rate-limit key -> last IDENTIFY (monotonic)
        self._concurrency = 1
        super().__init__(
            settings,
            db,
            shard_count=settings.shard_count,
            shard_ids=list(settings.shard_ids),
            **options,
        )

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Space IDENTIFYs as Discord allows: ``max_concurrency`` (GET /gateway/bot)
        shards at once, then 5 s per rate-limit key ``shard_id % max_concurrency``.

        discord.py's default waits 5 s before every shard but the first; a bot allowed
        16 at once (Discord's large bots) would otherwise start 16 times slower.
        """
        if shard_id is None:
            return
        if not self._identified:
            concurrency = 1
            try:
                concurrency = (await self.fetch_session_start_limits()).max_concurrency
            except discord.DiscordException as error:
                log.warning("Could not read the session start limits: %s", error)
            self._concurrency = max(1, concurrency)
        key = shard_id % self._concurrency
        last = self._identified.get(key)
        if last is not None:
            await asyncio.sleep(max(0.0, last + IDENTIFY_SPACING_SECONDS - time.monotonic()))
        self._identified[key] = time.monotonic()


#: Seconds between two IDENTIFYs of one rate-limit key (Discord's rule).
IDENTIFY_SPACING_SECONDS = 5.0


def make_bot(settings: Settings, db: Database, **options: Any) -> BingoBot:
    """The bot ``settings`` ask for: a :class:`ShardedBingoBot` when ``SHARD_COUNT`` is
    set, otherwise a plain :class:`BingoBot` (one connection, exactly as before)."""
    if settings.shard_count is None:
        return BingoBot(settings, db, **options)
    return ShardedBingoBot(settings, db, **options)


def _walk(components: list[Any]) -> Iterator[Any]:
    """Every component of a message, rows and containers included, depth first."""
    for component in components:
        yield component
        yield from _walk(list(getattr(component, "children", None) or []))
