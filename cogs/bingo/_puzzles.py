"""``/bingo puzzle``: puzzles from real matches (docs/puzzles.md), privately.

**Where puzzles come from.** When a match's analysis is stored (``cogs.bingo._analysis``
dispatches ``bingo_analysis_stored``), :meth:`PuzzleService.request_mining` queues the
match; one task mines the queue, one decision graded a mistake or a blunder at a time,
each a job of the bot's AI pool (:func:`bot.ai.puzzles.mine_decision`, never on the event
loop), and stores what it finds (:meth:`bot.storage.puzzles.PuzzleStore.save_mined`). At
start-up the analysed matches not mined yet (the bot stopped in between, or an older
version analysed them) are queued too, and the puzzles of the bot's matches against
itself that ship with it (``bot/storage/data/selfplay_puzzles.json``, made by
``python -m benchmarks.puzzles --write``) are loaded once.

**Answering.** ``/bingo puzzle`` offers the member's own mistakes first, then the
server's puzzles, then the self-play ones (:meth:`PuzzleStore.next_puzzle`); ``/bingo
daily-puzzle`` the server's puzzle of the day. The puzzle is the position as the player to
move saw it: their view (:func:`bot.matches.player_view`: their hand, both territories
and discard piles, the sizes of the other hand and of the library), the public board
picture, and one button per legal action, labelled as the match panels label them
(:class:`bot.ui.controls.PuzzleButton`, restart-proof). The answer shows the best move,
every move's chance to win for the player to move, the member's new rating (Glicko-2,
their first answer only) and streak, and buttons to the match's replay, the next puzzle
and, after a wrong answer, another try.

**The puzzle of the day.** One per server and UTC day, the same for everyone, chosen
once (:meth:`PuzzleStore.day_puzzle`, seeded by the day); it is posted beside the hand of
the day, in the channel ``/mulligan daily-setup`` chose, with a "Solve it" button. As for
the hand of the day, an answer counts only on its own day: a button of a past day's
puzzle is answered "That day is over" and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.ai import analysis, puzzles
from bot.ai.puzzles import MinedPuzzle
from bot.engine.daily import daily_seed, day_of, utc_date_text
from bot.i18n import t
from bot.storage.daily import DailyStore
from bot.storage.puzzles import (
    SELFPLAY,
    NewPuzzle,
    PuzzleRecord,
    PuzzleStore,
    read_selfplay_file,
)
from bot.ui.controls import (
    PuzzleButton,
    PuzzleDayButton,
    PuzzleNextButton,
    PuzzleReplayButton,
    view_of,
)
from cogs.contexts import each_day, in_server
from cogs.languages import guild_language
from cogs.reply import Reply

from ._history import player_names, replay_message, replayable
from ._puzzle_pages import (
    COLOUR,
    Shown,
    answer_page,
    puzzle_page,
    selfplay_names,
    selfplay_replay,
)

if TYPE_CHECKING:
    from bot.client import BingoBot

log = logging.getLogger(__name__)

#: Seconds after midnight UTC before the day's puzzle is posted (the hand of the day's
#: post goes first).
POST_DELAY = 5.0


# -- the service --------------------------------------------------------------------------------


class PuzzleService:
    """Mines, stores and shows the puzzles of one bot process (see the module
    docstring). ``clock``: "now" in Unix seconds (tests move it)."""

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot
        self.store = PuzzleStore(bot.db.backend)
        self.clock: Callable[[], float] = time.time
        self._queue: asyncio.Queue[int] = asyncio.Queue()
        self._queued: set[int] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._wake = asyncio.Event()

    # -- lifecycle ---------------------------------------------------------------------

    async def start(self) -> None:
        """Load the shipped self-play puzzles (once), then start the miner and the
        puzzle-of-the-day task (which first queues the analysed matches not mined yet)."""
        entries = await asyncio.to_thread(read_selfplay_file)
        if await self.store.selfplay_count() < len(entries):
            added = await self.store.load_selfplay(entries, self.clock())
            log.info("Loaded %d self-play puzzles", added)
        self._tasks = [
            asyncio.create_task(self._mine_forever(), name="puzzle-miner"),
            asyncio.create_task(self._days_forever(), name="puzzle-days"),
        ]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        self._tasks = []

    def today(self) -> int:
        return day_of(self.clock())

    # -- mining ------------------------------------------------------------------------

    def request_mining(self, match_id: int) -> None:
        """Mine match ``match_id`` (its analysis was just stored) soon, in the background."""
        if match_id not in self._queued:
            self._queued.add(match_id)
            self._queue.put_nowait(match_id)

    async def _mine_forever(self) -> None:
        await self.bot.wait_until_ready()
        for match_id in await self.store.unmined_matches(analysis.VERSION, puzzles.VERSION):
            record = await self.bot.db.get_match(match_id)
            if record is not None and self.bot.get_guild(record.guild_id) is not None:
                self.request_mining(match_id)  # matches of this process's servers
        while True:
            match_id = await self._queue.get()
            try:
                await self.mine(match_id)
            except Exception:  # noqa: BLE001 - one match's failure never stops the miner
                log.exception("Mining the puzzles of match %s failed", match_id)
            finally:
                self._queued.discard(match_id)

    async def mine(self, match_id: int) -> list[int]:
        """Mine the stored analysis of match ``match_id``: each decision graded a mistake
        or a blunder is a job of the AI pool (one at a time: the bot's own moves share
        the pool); the puzzles found are stored. Returns their ids."""
        stored = await self.bot.db.analysis(match_id, analysis.VERSION)
        record = await self.bot.db.get_match(match_id)
        if stored is None or record is None or record.active:
            return []
        seed, options, history = record.seed, record.options or None, record.decisions
        worlds = self.bot.settings.puzzle_worlds
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        found: list[NewPuzzle] = []
        candidates = puzzles.candidates(stored)
        for index in candidates:
            try:
                mined = await loop.run_in_executor(
                    self.bot.ai_pool, puzzles.mine_decision, seed, options, history, index, worlds
                )
            except ValueError:  # a position the estimator cannot sample (Partial Paris)
                log.info("Decision %s of match %s cannot be mined", index, match_id)
                continue
            if mined is not None:
                found.append(NewPuzzle(mined.index, mined.player, mined.to_json(), puzzles.VERSION))
        ids = await self.store.save_mined(match_id, puzzles.VERSION, found, time.time())
        log.info(
            "Mined match %s: %d puzzles of %d candidates in %.1f s",
            match_id,
            len(ids),
            len(candidates),
            time.monotonic() - started,
        )
        return ids

    # -- answering ---------------------------------------------------------------------

    async def offer(self, ctx: Reply, daily: bool) -> None:
        """``/bingo puzzle``: the member's next puzzle, privately; ``daily``: ``/bingo
        daily-puzzle``, the server's puzzle of the day (a server-only command)."""
        lang = await ctx.private()
        guild_id = ctx.guild_id if in_server(ctx.interaction) else None
        await ctx.defer()
        if daily:
            assert guild_id is not None  # a server-only command (cogs.contexts)
            shown = await self._daily_page(ctx, guild_id, self.today(), lang)
            if shown is None:
                return await ctx.tell("puzzle-none-today")
        else:
            found = await self.store.next_puzzle(ctx.user_id, guild_id)
            if found is None:
                return await ctx.tell("puzzle-none")
            record, kind = found
            shown = await self._page(ctx.user_id, record, kind, 0, lang)
        await ctx.reply_private(embed=shown.embed, view=shown.view, file=shown.file())

    async def _daily_page(self, ctx: Reply, guild_id: int, day: int, lang: str) -> Shown | None:
        chosen = await self.store.day_puzzle(guild_id, day, daily_seed(guild_id, day))
        record = None if chosen is None else await self.store.puzzle(chosen.puzzle_id)
        if record is None:
            return None
        kind = "own" if record.user_id == ctx.user_id else "daily"
        return await self._page(ctx.user_id, record, kind, day, lang)

    async def names(self, record: PuzzleRecord, lang: str) -> list[str]:
        """The two seats' names of the puzzle's match in ``lang``: as its replay shows
        them (a member erased since is a "deleted member"), the bot's level for a
        self-play match."""
        if record.source == SELFPLAY or record.match_id is None:
            return selfplay_names(record, lang)
        match = await self.bot.db.get_match(record.match_id)
        if match is None:
            return ["?", "?"]
        return player_names(match, lang)

    async def _page(
        self, user_id: int, record: PuzzleRecord, kind: str, day: int, lang: str
    ) -> Shown:
        standing = await self.store.player(user_id)
        names = await self.names(record, lang)
        answered = await self.store.attempt_of(record.id, user_id) is not None
        return await asyncio.to_thread(
            puzzle_page, record, names, kind, day, standing, self.today(), lang, answered
        )

    def _kind(self, record: PuzzleRecord, user_id: int, day: int) -> str:
        if day:
            return "daily"
        if record.user_id == user_id:
            return "own"
        return "selfplay" if record.source == SELFPLAY else "server"

    async def on_answer(self, interaction: discord.Interaction[Any], control: PuzzleButton) -> None:
        """A move of a puzzle: graded against the best move, rated once per member and
        puzzle, and shown on the same message. A past day's puzzle of the day is refused
        ("That day is over") and changes nothing."""
        ctx = Reply(interaction)
        lang = await ctx.private()
        today = self.today()
        if control.day and control.day != today:
            return await ctx.tell("puzzle-day-over")
        record = await self.store.puzzle(control.puzzle_id)
        if record is None:
            return await ctx.tell("puzzle-gone")
        mined = MinedPuzzle.from_json(record.data)
        if control.action not in mined.chances:
            return await ctx.tell("puzzle-gone")
        await ctx.defer(thinking=False)
        solved = control.action == mined.best
        attempt = await self.store.answer(
            record.id, ctx.user_id, control.action, solved, today, self.clock()
        )
        if attempt is None:
            return await ctx.tell("puzzle-gone")
        kind = "own" if record.user_id == ctx.user_id else self._kind(record, ctx.user_id, 0)
        names = await self.names(record, lang)
        shown = answer_page(record, names, mined, attempt, kind, control.day, today, lang)
        await ctx.edit(embed=shown.embed, view=shown.view)  # the picture stays

    async def on_next(
        self, interaction: discord.Interaction[Any], control: PuzzleNextButton
    ) -> None:
        """ "Next puzzle" (the member's next one) or "Try again" (the same puzzle, whose
        answer is then no longer rated), on the same message."""
        ctx = Reply(interaction)
        lang = await ctx.private()
        if control.what == "again":
            if control.day and control.day != self.today():
                return await ctx.tell("puzzle-day-over")
            record = await self.store.puzzle(control.puzzle_id)
            if record is None:
                return await ctx.tell("puzzle-gone")
            kind = self._kind(record, ctx.user_id, control.day)
            await ctx.defer(thinking=False)
            shown = await self._page(ctx.user_id, record, kind, control.day, lang)
        else:
            guild_id = ctx.guild_id if in_server(interaction) else None
            found = await self.store.next_puzzle(ctx.user_id, guild_id)
            if found is None:
                return await ctx.tell("puzzle-none")
            await ctx.defer(thinking=False)
            shown = await self._page(ctx.user_id, found[0], found[1], 0, lang)
        file = shown.file()
        await ctx.edit(embed=shown.embed, view=shown.view, attachments=[file] if file else [])

    async def on_replay(
        self, interaction: discord.Interaction[Any], control: PuzzleReplayButton
    ) -> None:
        """ "Replay the match" under an answer: a match of this database opens in the
        replay (``/bingo replay``'s pages, at the puzzle's step) as a new private
        message; a self-play match in the same pages with buttons of its own."""
        ctx = Reply(interaction)
        lang = await ctx.private()
        record = await self.store.puzzle(control.puzzle_id)
        if record is None:
            return await ctx.tell("puzzle-gone")
        if record.source == SELFPLAY:
            if control.direction == "o":
                await ctx.defer()
            else:
                await ctx.defer(thinking=False)
            shown = await asyncio.to_thread(selfplay_replay, record, control.step, lang)
            file = shown.file()
            assert file is not None
            if control.direction == "o":
                await ctx.reply_private(embed=shown.embed, view=shown.view, file=file)
            else:
                await ctx.edit(embed=shown.embed, view=shown.view, attachments=[file])
            return
        assert record.match_id is not None
        match = await replayable(self.bot.db, ctx, record.match_id)
        if match is None:
            return
        await ctx.defer()
        step = min(control.step, len(match.decisions))
        embed, view, file = await replay_message(self.bot, match, step, lang)
        await ctx.reply_private(embed=embed, view=view, file=file)

    # -- the puzzle of the day ---------------------------------------------------------

    async def on_day_button(
        self, interaction: discord.Interaction[Any], control: PuzzleDayButton
    ) -> None:
        """ "Solve it" under the day's post: that day's puzzle, privately, while the day
        lasts."""
        ctx = Reply(interaction)
        lang = await ctx.private()
        if control.day != self.today():
            return await ctx.tell("puzzle-day-over")
        await ctx.defer()
        shown = await self._daily_page(ctx, control.guild_id, control.day, lang)
        if shown is None:
            return await ctx.tell("puzzle-none-today")
        await ctx.reply_private(embed=shown.embed, view=shown.view, file=shown.file())

    def wake(self) -> None:
        """Post the day's puzzles now (after moving :attr:`clock`, in tests)."""
        self._wake.set()

    async def _days_forever(self) -> None:
        await each_day(
            self.bot, self._wake, lambda: self.post_days(), lambda: self.clock(), after=POST_DELAY,
            log=log, failed="Posting the puzzles of the day failed",
        )  # fmt: skip

    async def post_days(self) -> None:
        """Post today's puzzle in every server of this process that chose a channel for
        the hand of the day (``/mulligan daily-setup``), once per server and day."""
        today = self.today()
        for settings in await DailyStore(self.bot.db.backend).posting_guilds():
            if self.bot.get_guild(settings.guild_id) is None or settings.channel_id is None:
                continue
            try:
                await self._post_day(settings.guild_id, today, settings.channel_id)
            except Exception:  # noqa: BLE001 - one server's failure never stops the others
                log.exception("Posting the puzzle of the day of %s failed", settings.guild_id)

    async def _post_day(self, guild_id: int, day: int, channel_id: int) -> None:
        chosen = await self.store.day_puzzle(guild_id, day, daily_seed(guild_id, day))
        if chosen is None or chosen.message_id is not None:
            return
        lang = await guild_language(self.bot, guild_id)
        embed = discord.Embed(
            title=t(lang, "puzzle-post-title", date=utc_date_text(day)),
            description=t(lang, "puzzle-post-text"),
            colour=COLOUR,
        )
        outbox = self.bot.outbox
        sent = await outbox.send(
            channel_id, embed=embed, view=view_of(PuzzleDayButton(guild_id, day, lang))
        )
        if sent.ok and sent.value is not None:
            await self.store.set_day_post(guild_id, day, channel_id, sent.value.id)
        else:
            log.warning("The puzzle of the day of %s was not posted: %s", guild_id, sent.error)


__all__ = ["PuzzleService"]
