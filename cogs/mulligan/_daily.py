"""The hand of the day: ``/mulligan daily``, its post, its streaks.

Each server gets one seeded opening hand per UTC day (:mod:`bot.engine.daily`): the same
deck, rule and play/draw for every member.  A member answers privately with the
practice engine (the first click, keep or mulligan, is the answer that counts; under
London they go on to choose the bottom cards), then sees how the server split (a bar
image), the coach's verdict on the day's hand and the next draws.  Nothing shows the
split before a member answers: the day's public post shows only the count of answers
until the day ends, then the final split and the verdict.

The clock is :attr:`DailyService.clock` (Unix seconds; tests move it).  A task wakes at
every UTC midnight (or on :meth:`DailyService.wake`) and runs :meth:`rollover`: it
finalizes every posted day before today that was not (so a restart across midnight
catches up) and posts today's hand where a channel is set.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot import limits
from bot.ai.coach import BingoAdvice, LandAdvice, coach_advice, is_bingomagic, kept_now
from bot.engine import MulliganRule
from bot.engine.daily import (
    UNRATED,
    Verdict,
    daily_seed,
    day_deck,
    day_hand,
    day_of,
    day_options,
    utc_date_text,
)
from bot.engine.practice import PracticeDeck, PracticeOptions, PracticeState
from bot.i18n import join_list, language_of, t
from bot.interactions import NOT_CURRENT
from bot.storage.daily import AnswerRecord, DailySettings, DailyStore, DayRecord, Split
from bot.ui.controls import DailyButton, DailySelect
from bot.ui.split_image import split_alt_text, split_png
from cogs.contexts import each_day
from cogs.languages import guild_language
from cogs.reply import Reply

from ._coach import bingo_words
from ._decide import decide_daily
from ._render import HAND_COLOR, card_name, deck_label, hand_embed, hand_fields, rule_name
from ._service import land_words
from ._views import copy_options

if TYPE_CHECKING:
    from bot.client import BingoBot

    from ._service import PracticeService

log = logging.getLogger(__name__)

SPLIT_FILE = "daily-split.png"
#: Catalog key (``daily_days.ftl``) of the private answer to a button of a past UTC day.
DAY_OVER = "daily-day-over"
POST_COLOR = discord.Colour.gold()


# -- the coach on the day's hand ---------------------------------------------------------


def day_words(advice: LandAdvice | BingoAdvice, kept: PracticeState, locale: object) -> str:
    """The coach's figures on the day's hand kept as dealt, in ``locale``'s language,
    without a verdict sentence or next draws: the day's result words its one verdict
    (:func:`verdict_line`) and one labelled next-draws line itself."""
    if isinstance(advice, BingoAdvice):
        return bingo_words(advice, locale, verdict=False)
    return land_words(advice, kept, locale, day=True)


def verdict_line(verdict: Verdict, decision: str, locale: object) -> str | None:
    """The one verdict line of a member's result: the coach's advice on the day's hand
    and whether ``decision`` (``"keep"`` or ``"mulligan"``) agrees with it, both from
    the same ``verdict`` so they never contradict; ``None`` when the day is not rated."""
    advice, agreed = verdict.advice, verdict.agrees(decision)
    if advice is None or agreed is None:
        return None
    key = "daily-verdict-agrees" if agreed else "daily-verdict-differs"
    return t(locale, key, verdict=t(locale, f"daily-advice-{advice}"))


def draws_line(state: PracticeState, key: str, locale: object) -> str:
    """``state``'s next three draws, named as members may see them, after the label
    ``key`` (``daily-next-draws-yours`` or ``daily-next-draws-dealt``)."""
    draws = [card_name(state, k, locale) for k in state.next_draws(3)]
    shown = join_list(locale, draws) if draws else t(locale, "mulligan-next-draws-none")
    return t(locale, key, cards=shown)


# -- text ----------------------------------------------------------------------------


def split_text(split: Split, locale: object) -> str:
    """``Keep 3 (60%) · Mulligan 2 (40%)`` and the kept sizes, in ``locale``'s language."""
    total = split.answers

    def share(n: int) -> str:
        return f"{round(100 * n / total)}%" if total else "—"

    lines = [
        t(
            locale,
            "daily-split-line",
            keeps=split.keeps,
            keep_share=share(split.keeps),
            mulligans=split.mulligans,
            mulligan_share=share(split.mulligans),
        )
    ]
    if split.kept_sizes:
        sizes = " · ".join(
            t(locale, "daily-split-size", size=size, count=n) for size, n in split.kept_sizes
        )
        lines.append(t(locale, "daily-split-sizes", sizes=sizes))
    return "\n".join(lines)


def split_file(split: Split, day: int, locale: object) -> discord.File:
    """The split as a bar image (keep, mulligan, each kept size)."""
    total, kept_total = split.answers, sum(n for _, n in split.kept_sizes)
    rows = [
        (t(locale, "daily-bar-keep"), split.keeps, total, "keep"),
        (t(locale, "daily-bar-mulligan"), split.mulligans, total, "mulligan"),
    ]
    rows += [
        (t(locale, "daily-bar-size", size=size), n, kept_total, "size")
        for size, n in split.kept_sizes
    ]
    title = t(locale, "daily-bar-title", date=utc_date_text(day), count=total)
    data = split_png(title, rows)
    alt = split_alt_text(title, rows)
    return discord.File(io.BytesIO(data), filename=SPLIT_FILE, description=alt)


def setup_line(state: PracticeState, locale: object) -> str:
    """Deck, rule and play/draw of the day's hand."""
    opts = state.options
    return t(
        locale,
        "daily-setup-line",
        deck=deck_label(state.deck, locale),
        rule=rule_name(opts.rule, locale),
        play="play" if opts.on_the_play else "draw",
    )


# -- controls ------------------------------------------------------------------------


async def on_daily_button(
    daily: DailyService, interaction: discord.Interaction[Any], control: DailyButton
) -> None:
    """Keep, Mulligan, Top or Bottom on a member's hand of the day (bound to ``daily``
    with ``functools.partial`` when the cog registers it)."""
    ctx = Reply(interaction)
    await daily.act(ctx, control.guild_id, control.day, control.version, [control.action])


async def on_daily_select(
    daily: DailyService, interaction: discord.Interaction[Any], control: DailySelect
) -> None:
    """The London bottom cards (or Partial Paris's set-aside) of a hand of the day."""
    ctx = Reply(interaction)
    await daily.act(ctx, control.guild_id, control.day, control.version, control.actions)


def daily_view(
    guild_id: int, day: int, state: PracticeState, locale: object = None
) -> discord.ui.View:
    """The controls of the member's current decision on the day's hand."""
    view = discord.ui.View(timeout=None)
    decision, version = state.decision(), state.version
    if decision == "bottom":
        n = state.bottom_count()
        options = copy_options(state, locale)
        view.add_item(DailySelect(guild_id, day, version, "bottom", options, (n, n), locale))
    elif decision == "aside":
        options = copy_options(state, locale)
        view.add_item(
            DailySelect(guild_id, day, version, "aside", options, (1, len(options)), locale)
        )
    elif decision != "over":
        for action in state.legal_actions():
            view.add_item(DailyButton(guild_id, day, version, action, locale))
    return view


# -- the service ---------------------------------------------------------------------


class DailyService:
    """Runs the hand of the day of one bot process.

    ``clock``: "now" in Unix seconds (tests move it).  ``edit_delay``: seconds an answer
    waits before the day's post shows the new count, so a burst of answers is one edit
    (``limits.DAILY_POST_EDIT_SECONDS``).
    """

    def __init__(self, bot: BingoBot, practice: PracticeService) -> None:
        self.bot = bot
        self.practice = practice
        self.store = DailyStore(bot.db.backend)
        self.clock: Callable[[], float] = time.time
        self.edit_delay = limits.DAILY_POST_EDIT_SECONDS
        self._coach: dict[tuple[int, int], LandAdvice | BingoAdvice] = {}
        self._dirty: set[tuple[int, int]] = set()
        self._updates: dict[tuple[int, int], asyncio.Task[None]] = {}
        self._posting: set[tuple[int, int]] = set()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    # -- lifecycle -------------------------------------------------------------------

    def start(self) -> None:
        """Start the midnight task (it first catches up, once the bot is ready)."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="daily-rollover")

    async def stop(self) -> None:
        tasks = [t for t in (self._task, *self._updates.values()) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        self._task = None

    def wake(self) -> None:
        """Run :meth:`rollover` now (after moving :attr:`clock`, in tests)."""
        self._wake.set()

    async def _run(self) -> None:
        await each_day(
            self.bot, self._wake, lambda: self.rollover(), lambda: self.clock(), after=1.0,
            log=log, failed="The hand-of-the-day rollover failed",
        )  # fmt: skip

    def today(self) -> int:
        return day_of(self.clock())

    # -- days ------------------------------------------------------------------------

    async def day(self, guild_id: int, day: int) -> DayRecord:
        """The server's day, dealt from its settings if nobody asked for it yet."""
        record = await self.store.day(guild_id, day)
        if record is not None:
            return record
        settings = await self.store.settings(guild_id)
        chosen = (
            None if settings.deck is None else PracticeDeck.from_json(json.loads(settings.deck))
        )
        deck = day_deck(day, chosen)
        seed = daily_seed(guild_id, day)
        rule = None if settings.rule is None else MulliganRule(settings.rule)
        options = day_options(seed, deck, rule)
        return await self.store.create_day(
            guild_id,
            day,
            seed,
            json.dumps(deck.to_json()),
            json.dumps(options.to_json()),
            self.clock(),
        )

    @staticmethod
    def opening(record: DayRecord) -> PracticeState:
        """The day's hand as dealt (every member's first view)."""
        deck = PracticeDeck.from_json(json.loads(record.deck))
        options = PracticeOptions.from_json(json.loads(record.options))
        return day_hand(record.seed, deck, options)

    async def coach_for(self, record: DayRecord, locale: object) -> tuple[Verdict, str]:
        """The coach on the day's hand kept as dealt (:func:`bot.ai.coach.coach_advice`):
        its verdict and its words in ``locale``'s language.  The figures are computed
        once per day, in a thread (the BingoMagic simulation one at a time)."""
        kept = kept_now(self.opening(record))
        if kept is None:
            return UNRATED, ""
        key = (record.guild_id, record.day)
        advice = self._coach.get(key)
        if advice is None:
            games = self.practice.coach_games
            if is_bingomagic(kept.deck):
                async with self.practice.estimate_lock:
                    advice = await asyncio.to_thread(coach_advice, kept, games)
            else:  # exact figures: milliseconds, more under load (off the loop too)
                advice = await asyncio.to_thread(coach_advice, kept, games)
            if len(self._coach) > 256:  # old days
                self._coach.clear()
            self._coach[key] = advice
        return advice.verdict, day_words(advice, kept, language_of(locale))

    # -- the member's hand ------------------------------------------------------------

    async def open(self, ctx: Reply) -> None:
        """``/mulligan daily``: the day's hand to decide, the member's unfinished deal,
        or (answered) their answer with the split, privately."""
        assert ctx.guild_id is not None
        await ctx.defer()
        locale = await ctx.private()
        guild_id, day = ctx.guild_id, self.today()
        record = await self.day(guild_id, day)
        answer = await self.store.answer(guild_id, day, ctx.user_id)
        if answer is None:
            state = self.opening(record)
            embed = self._hand_embed(state, day, locale)
            view = daily_view(guild_id, day, state, locale)
            await ctx.reply_private(embed=embed, view=view)
            return
        state = PracticeState.from_json(json.loads(answer.state))
        if not state.is_over:
            embed = self._hand_embed(state, day, locale)
            embed.description = f"{t(locale, 'daily-resume')}\n{embed.description}"
            view = daily_view(guild_id, day, state, locale)
            await ctx.reply_private(embed=embed, view=view)
            return
        embed, file = await self._result(record, answer, state, locale, again=True)
        await ctx.reply_private(embed=embed, file=file)

    def _hand_embed(self, state: PracticeState, day: int, locale: object) -> discord.Embed:
        embed = hand_embed(state, None, locale)
        embed.set_author(name=t(locale, "daily-author", date=utc_date_text(day)))
        return embed

    async def act(
        self, ctx: Reply, guild_id: int, day: int, version: int, actions: list[str]
    ) -> None:
        """One decision on the member's hand of ``day``, through
        :func:`~._decide.decide_daily` (a compare-and-set on the version of the member's
        deal, so of two concurrent clicks, in any processes, exactly one is applied).
        The first one (keep or mulligan) is the answer: stored with the coach's
        agreement and the streak in one transaction, once per member per day.  A click
        of an old version, or one that lost the race, is refused privately, and so is a
        click on a past UTC day's hand ("That day is over": no answer, count or streak)."""
        locale = await ctx.private()
        user_id = ctx.user_id
        now = self.clock()
        if day != day_of(now):  # an answer counts only on its own UTC day
            return await ctx.tell(DAY_OVER)
        record = await self.store.day(guild_id, day)
        if record is None:
            return await ctx.tell(NOT_CURRENT)
        await ctx.defer(thinking=False)  # the verdict may take a second or two

        async def agreement(decision: str) -> bool | None:
            verdict, _ = await self.coach_for(record, locale)
            return verdict.agrees(decision)

        decided = await decide_daily(
            self.store, guild_id, day, user_id, self.opening(record), version, actions,
            agreement, now,
        )  # fmt: skip
        state = decided.state
        if state is None:
            key = "daily-already" if decided.already else NOT_CURRENT
            return await ctx.tell(key)
        answer = await self.store.answer(guild_id, day, user_id)
        if decided.first or state.is_over:
            self.request_update(guild_id, day)
        assert answer is not None
        if state.is_over:
            embed, file = await self._result(record, answer, state, locale)
            await ctx.edit(embed=embed, attachments=[file], view=None)
            return
        embed = self._hand_embed(state, day, locale)
        await ctx.edit(embed=embed, view=daily_view(guild_id, day, state, locale))

    async def _result(
        self,
        record: DayRecord,
        answer: AnswerRecord,
        state: PracticeState,
        locale: str,
        again: bool = False,
    ) -> tuple[discord.Embed, discord.File]:
        """The member's answer, the split so far (text and image), the coach's verdict
        on the day's hand and the next draws."""
        verdict, coach_text = await self.coach_for(record, locale)
        split = await self.store.split(record.guild_id, record.day)
        opening = self.opening(record)
        kept = sum(state.hand)
        if answer.decision == "keep":
            yours = t(locale, "daily-you-kept", cards=kept)
        else:
            yours = t(locale, "daily-you-mulliganed", cards=kept)
        lines = [yours]
        judged = verdict_line(verdict, answer.decision, locale)
        if judged is not None:
            lines.append(judged)
        if coach_text:
            lines.append(f"**{t(locale, 'daily-coach-head')}** {coach_text}")
        lines.append(draws_line(state, "daily-next-draws-yours", locale))
        embed = discord.Embed(
            title=t(locale, "daily-title", date=utc_date_text(record.day)),
            colour=HAND_COLOR,
            description="\n".join(lines)[: limits.EMBED_DESCRIPTION],
        )
        if again:
            embed.set_author(name=t(locale, "daily-answered-today"))
        hand_fields(embed, opening, locale)
        embed.add_field(
            name=t(locale, "daily-split-head"), value=split_text(split, locale), inline=False
        )
        embed.set_footer(text=setup_line(opening, locale))
        embed.set_image(url=f"attachment://{SPLIT_FILE}")
        return embed, split_file(split, record.day, locale)

    # -- the day's post ---------------------------------------------------------------

    async def post_embed(
        self, record: DayRecord, locale: str
    ) -> tuple[discord.Embed, discord.File | None]:
        """The day's post: the hand (public: everyone gets the same one) and the count
        of answers; once finalized, the split (image) and the coach's verdict."""
        opening = self.opening(record)
        split = await self.store.split(record.guild_id, record.day)
        final = record.finalized_at is not None
        embed = discord.Embed(
            title=t(locale, "daily-title", date=utc_date_text(record.day)), colour=POST_COLOR
        )
        lines = [setup_line(opening, locale)]
        if not final:
            lines.append(t(locale, "daily-post-count", count=split.answers))
            lines.append(t(locale, "daily-post-how"))
            embed.description = "\n".join(lines)
            hand_fields(embed, opening, locale)
            return embed, None
        verdict, coach_text = await self.coach_for(record, locale)
        lines.append(t(locale, "daily-post-final", count=split.answers))
        if verdict.advice is not None:
            lines.append(t(locale, f"daily-advice-{verdict.advice}"))
        if coach_text:
            lines.append(f"**{t(locale, 'daily-coach-head')}** {coach_text}")
        kept = kept_now(opening)
        if kept is not None:
            lines.append(draws_line(kept, "daily-next-draws-dealt", locale))
        embed.description = "\n".join(lines)[: limits.EMBED_DESCRIPTION]
        hand_fields(embed, opening, locale)
        embed.add_field(
            name=t(locale, "daily-split-head"), value=split_text(split, locale), inline=False
        )
        embed.set_image(url=f"attachment://{SPLIT_FILE}")
        return embed, split_file(split, record.day, locale)

    async def post_day(self, guild_id: int, day: int, channel_id: int) -> None:
        """Post the day's hand in ``channel_id`` unless it was posted already."""
        key = (guild_id, day)
        if key in self._posting:
            return
        self._posting.add(key)
        try:
            record = await self.day(guild_id, day)
            if record.message_id is not None:
                return
            embed, _ = await self.post_embed(record, await guild_language(self.bot, guild_id))
            outbox = self.bot.outbox
            assert outbox is not None, "the outbox is created in BingoBot.setup_hook"
            sent = await outbox.send(channel_id, embed=embed)
            if not sent.ok or sent.value is None:
                log.warning("The hand of the day of %s was not posted: %s", guild_id, sent.error)
                return
            await self.store.set_post(guild_id, day, channel_id, sent.value.id)
        finally:
            self._posting.discard(key)
        self.request_update(guild_id, day)  # answers given while it was being posted

    def request_update(self, guild_id: int, day: int) -> None:
        """Edit the day's post soon (after :attr:`edit_delay`), once for a burst of
        requests; edits of one post never overlap, and the last one shows the latest
        state (count, or the final split)."""
        key = (guild_id, day)
        self._dirty.add(key)
        if key not in self._updates:
            self._updates[key] = asyncio.create_task(self._update(key))

    async def _update(self, key: tuple[int, int]) -> None:
        try:
            await asyncio.sleep(self.edit_delay)
            while key in self._dirty:
                self._dirty.discard(key)
                try:
                    await self._edit_post(*key)
                except Exception:  # noqa: BLE001 - the next answer edits again
                    log.exception("Updating the hand-of-the-day post of %s failed", key)
        finally:
            self._updates.pop(key, None)

    async def _edit_post(self, guild_id: int, day: int) -> None:
        record = await self.store.day(guild_id, day)
        if record is None or record.message_id is None or record.channel_id is None:
            return
        embed, file = await self.post_embed(record, await guild_language(self.bot, guild_id))
        outbox = self.bot.outbox
        assert outbox is not None
        sent = await outbox.edit(
            record.channel_id, record.message_id, embed=embed, attachments=[file] if file else []
        )
        if not sent.ok:
            log.warning("Editing the hand of the day of %s failed: %s", guild_id, sent.status)

    async def rollover(self) -> None:
        """Finalize every posted day before today not finalized yet, then post today's
        hand in every server that chose a channel (each at most once)."""
        today = self.today()
        for record in await self.store.unfinalized_days(today):
            if await self.store.set_finalized(record.guild_id, record.day, self.clock()):
                self.request_update(record.guild_id, record.day)
        for settings in await self.store.posting_guilds():
            assert settings.channel_id is not None
            try:
                await self.post_day(settings.guild_id, today, settings.channel_id)
            except Exception:  # noqa: BLE001 - one server's failure never stops the others
                log.exception("Posting the hand of the day of %s failed", settings.guild_id)

    async def flush(self) -> None:
        """Wait until every pending post edit is done (tests, shutdown)."""
        while self._updates:
            await asyncio.gather(*list(self._updates.values()), return_exceptions=True)

    # -- settings ------------------------------------------------------------------------

    async def settings(self, guild_id: int) -> DailySettings:
        return await self.store.settings(guild_id)
