"""``/bingo analyse match:`` and the replay's Analysis button: the move-by-move analysis
of a finished match (:mod:`bot.ai.analysis`, docs/analysis.md), privately.

The first request computes it in the bot's AI pool (``bot.ai_pool``, off the event loop,
one job per graded decision so both workers share it), editing its ephemeral answer with
a progress line ("Analysing… 14 of 38 decisions") at most once per
:data:`bot.limits.ANALYSIS_PROGRESS_SECONDS`; the result is stored
(:meth:`bot.storage.Database.save_analysis`), so every later request, and the replay's
pages (each decision in words: who did what, its grade, whose chance, the better move),
read it back at once.
At most :data:`~bot.limits.ANALYSES_PER_MEMBER` analysis per member and
:data:`~bot.limits.ANALYSES_PER_GUILD` per server run at once; more are refused
privately.

The answer: both players' accuracy, average loss and grade counts; each player's key
moments (:func:`bot.ai.analysis.key_moments`, numbered 1… in match order), each in words
and each a button (:class:`bot.ui.controls.KeyMomentButton`, restart-proof) that opens,
in a new private message, the replay at the position before that decision with the
choices its player had; the win-chance chart with its alt text; and "Step through the
match" (the replay from its deal, in a new private message).
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot import limits
from bot.ai import analysis
from bot.ai.analysis import DecisionAnalysis, DecisionContext
from bot.i18n import join_list, sentences, t
from bot.ui.analysis_chart import ChartMark, ChartTexts, render_chart
from bot.ui.controls import KeyMomentButton, ReplayButton, view_of
from bot.ui.text import echo, shorten
from cogs.reply import Reply

from ._analysis_text import choice_lines, step_line, stored_notes, when
from ._history import REPLAY_FILE, player_names, replay_page, replayable

if TYPE_CHECKING:
    from bot.client import BingoBot
    from bot.storage import MatchRecord

log = logging.getLogger(__name__)

#: The chart's file name (the embed shows ``attachment://analysis.png``).
CHART_FILE = "analysis.png"


def match_contexts(record: MatchRecord) -> list[DecisionContext]:
    """What each decision of ``record`` was about (:func:`bot.ai.analysis.contexts`)."""
    return analysis.contexts(record.seed, record.options or None, record.decisions)


def key_numbers(decisions: Sequence[DecisionAnalysis]) -> dict[int, int]:
    """Both players' key moments (:func:`bot.ai.analysis.key_moments`) numbered 1… in
    match order: decision index → number."""
    moments = sorted(d.index for p in (0, 1) for d in analysis.key_moments(decisions, p))
    return {index: number for number, index in enumerate(moments, start=1)}


def summary_embed(
    record: MatchRecord,
    decisions: list[DecisionAnalysis],
    contexts: Sequence[DecisionContext],
    names: Sequence[str],
    lang: str,
) -> discord.Embed:
    """Both players' accuracy, average loss and grade counts, each player's key moments
    in words, and how to read them."""
    embed = discord.Embed(
        title=t(lang, "analysis-title", id=record.id, first=names[0], second=names[1]),
        description=t(
            lang,
            "analysis-description",
            graded=len(decisions),
            worlds=min((d.worlds for d in decisions), default=0),
        ),
        colour=discord.Colour.blurple(),
    )
    for player in (0, 1):
        found = analysis.summary(decisions, player)
        counts = "\n".join(
            t(lang, "analysis-count", grade=t(lang, f"analysis-grade-{g}"), count=n)
            for g, n in found.counts.items()
        )
        if found.accuracy is not None and found.mean_loss is not None:
            accuracy = "\n".join(
                (
                    t(lang, "analysis-accuracy", accuracy=round(found.accuracy)),
                    t(lang, "analysis-mean-loss", loss=round(found.mean_loss, 1)),
                )
            )
        else:
            accuracy = t(lang, "analysis-no-decisions")
        embed.add_field(
            name=names[player], value=f"{accuracy}\n{counts}"[: limits.FIELD_VALUE], inline=True
        )
    numbers = key_numbers(decisions)
    for player in (0, 1):
        lines = [
            t(
                lang,
                "analysis-key-moment",
                number=numbers[d.index],
                when=when(contexts[d.index].turn, lang, heading=True),
                line=step_line(d, contexts[d.index], names, lang),
            )
            for d in analysis.key_moments(decisions, player)
        ]
        embed.add_field(
            name=t(lang, "analysis-key-moments", who=names[player]),
            value=_fit_lines(lines or [t(lang, "analysis-no-key-moments")]),
            inline=False,
        )
    embed.set_image(url=f"attachment://{CHART_FILE}")
    hint = t(lang, "analysis-key-hint", first=names[0], second=names[1]) if numbers else ""
    embed.set_footer(text=sentences(lang, t(lang, "analysis-footer"), hint))
    return embed


def _fit_lines(lines: list[str]) -> str:
    """``lines`` one per paragraph, within a field's room: a line that would not fit is
    shortened, never cut in a way that breaks the ones before it."""
    text = ""
    for line in lines:
        joined = f"{text}\n\n{line}" if text else line
        if len(joined) > limits.FIELD_VALUE:
            if not text:
                return shorten(line, limits.FIELD_VALUE)
            room = limits.FIELD_VALUE - len(text) - 2
            return f"{text}\n\n{shorten(line, room)}" if room > 1 else text
        text = joined
    return text


def chart_file(
    record: MatchRecord,
    decisions: list[DecisionAnalysis],
    contexts: Sequence[DecisionContext],
    names: Sequence[str],
    lang: str,
) -> discord.File:
    """The win-chance chart as an attachment, with its alt text (``description``, which
    Discord shows as the picture's alt text): whose chance the line is, where it starts
    and ends, and each player's marked decisions by grade and turn."""
    numbers = key_numbers(decisions)
    curve = analysis.win_curve(decisions)
    marks = [ChartMark(p.index, p.chance, p.grade, p.player, numbers.get(p.index)) for p in curve]
    turns: list[tuple[int, int]] = []
    for context in contexts:
        if not turns or context.turn != turns[-1][1]:
            turns.append((context.index, context.turn))
    texts = ChartTexts(
        title=t(lang, "analysis-chart-title", name=names[0]),
        turn=t(lang, "analysis-chart-turn"),
        players=(names[0], names[1]),
        whose=t(lang, "analysis-chart-whose"),
        grades={g: t(lang, f"analysis-grade-{g}") for g in ("inaccuracy", "mistake", "blunder")},
    )
    png = render_chart(marks, len(record.decisions), turns, texts)
    errors = []
    for player in (0, 1):
        marked = [
            t(
                lang,
                "analysis-chart-alt-mark",
                grade=t(lang, "analysis-grade-word", grade=p.grade),
                when=when(contexts[p.index].turn, lang),
            )
            for p in curve
            if p.player == player and p.grade != "best"
        ]
        errors.append(
            t(lang, "analysis-chart-alt-player", who=names[player], marks=join_list(lang, marked))
            if marked
            else t(lang, "analysis-chart-alt-none", who=names[player])
        )
    alt = t(
        lang,
        "analysis-chart-alt",
        name=names[0],
        other=names[1],
        start=round(100 * curve[0].chance) if curve else 50,
        end=round(100 * curve[-1].chance) if curve else 50,
        errors=sentences(lang, *errors),
    )
    return discord.File(io.BytesIO(png), filename=CHART_FILE, description=shorten(alt, 1024))


def analysis_view(
    record: MatchRecord,
    decisions: list[DecisionAnalysis],
    contexts: Sequence[DecisionContext],
    labels: Sequence[str],
    lang: str,
) -> discord.ui.View:
    """A button per key moment (the first player's on the first row, the second's on
    the next), then "Step through the match". ``labels``: the players' names as a
    button shows them."""
    numbers = key_numbers(decisions)
    items: list[discord.ui.Item[Any]] = []
    for player in (0, 1):
        for d in analysis.key_moments(decisions, player):
            label = t(
                lang,
                "analysis-key-button",
                number=numbers[d.index],
                who=labels[player],
                when=when(contexts[d.index].turn, lang),
            )
            items.append(
                KeyMomentButton(record.id, d.index, shorten(label, limits.BUTTON_LABEL), player)
            )
    step_through = ReplayButton.opening(record.id, lang)
    step_through.item.label = t(lang, "analysis-step-through")
    step_through.item.row = 2
    return view_of(*items, step_through)


def key_moment_page(
    record: MatchRecord, decisions: list[DecisionAnalysis], index: int, lang: str
) -> tuple[discord.Embed, discord.ui.View, bytes, str]:
    """The replay at the position before decision ``index`` (:func:`replay_page` at
    step ``index``), led by the key moment's field: its number and turn, whose decision,
    and the choices that player had with their chances (the one played and the best
    marked). Raises ``KeyError`` when ``decisions`` has no decision ``index``."""
    found = {d.index: d for d in decisions}[index]
    context = analysis.context_at(record.seed, record.options or None, record.decisions, index)
    raw = player_names(record, lang)
    names = [echo(n, limits.MEMBER_NAME) for n in raw]
    labels = [shorten(n, limits.MEMBER_NAME_LABEL) for n in raw]
    embed, view, png, alt = replay_page(record, index, lang)
    number = key_numbers(decisions).get(index)
    title = t(
        lang,
        "analysis-choices-title",
        number=number if number is not None else "·",
        when=when(context.turn, lang, heading=True),
        who=names[found.player],
    )
    lines = [
        t(lang, "analysis-choices-intro", who=names[found.player]),
        *choice_lines(found, context, labels, lang),
        t(lang, "analysis-choices-next"),
    ]
    embed.insert_field_at(
        0, name=shorten(title, 256), value=_fit_lines(["\n".join(lines)]), inline=False
    )
    return embed, view, png, alt


class AnalysisService:
    """Runs and shows match analyses for one bot (see the module docstring)."""

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot
        #: Members with an analysis running, by server.
        self.running: dict[int, set[int]] = {}

    async def on_key_moment(
        self, interaction: discord.Interaction[Any], control: KeyMomentButton
    ) -> None:
        """A key moment's button: the replay at the position before that decision, with
        its player's choices, in a new private message (the analysis stays). Refused
        privately like a replay, and when the match has no stored analysis of this
        version (:data:`bot.ai.analysis.VERSION`) grading that decision."""
        ctx = Reply(interaction)
        await ctx.defer()  # a replay, its words and its picture: over 3 s on a busy machine
        lang = await ctx.private()
        record = await replayable(self.bot.db, ctx, control.match_id)
        if record is None:
            return
        stored = stored_notes(await self.bot.db.analysis(record.id, analysis.VERSION))
        if control.decision not in stored:
            return await ctx.tell("analysis-not-analysed")
        decisions = list(stored.values())
        try:
            embed, view, png, alt = await asyncio.to_thread(
                key_moment_page, record, decisions, control.decision, lang
            )
        except Exception:
            log.exception("Match %s cannot be replayed", record.id)
            return await ctx.tell("replay-broken", id=record.id)
        picture = discord.File(io.BytesIO(png), filename=REPLAY_FILE, description=alt)
        await ctx.reply_private(embed=embed, view=view, file=picture)

    async def show(self, ctx: Reply, match_id: int) -> None:
        """The analysis of finished match ``match_id`` of this server, privately:
        read back if stored, else computed now with a progress line. Refused privately
        like a replay (unknown here, still being played, broken), and when the member or
        the server already has as many analyses running as allowed. Deferred at once:
        even a stored analysis takes a replay of the match and a chart to draw, which
        can pass 3 s on a busy machine (the first follow-up replaces the "thinking")."""
        await ctx.defer()
        lang = await ctx.private()
        db = self.bot.db
        record = await replayable(db, ctx, match_id)
        if record is None:
            return
        names = [echo(n, limits.MEMBER_NAME) for n in player_names(record, lang)]
        stored = await db.analysis(match_id, analysis.VERSION)
        if stored is not None:
            decisions = [DecisionAnalysis.from_json(d) for d in stored]
            return await self._send_result(ctx, record, decisions, names, new=True)
        guild_id = ctx.guild_id or 0
        busy = self.running.setdefault(guild_id, set())
        if ctx.user_id in busy:
            return await ctx.tell("analysis-busy-member")
        if len(busy) >= limits.ANALYSES_PER_GUILD:
            return await ctx.tell("analysis-busy-server")
        busy.add(ctx.user_id)
        try:
            await self._compute(ctx, record, names)
        finally:
            busy.discard(ctx.user_id)

    async def _compute(self, ctx: Reply, record: MatchRecord, names: list[str]) -> None:
        lang = await ctx.private()
        seed, options, history = record.seed, record.options or None, record.decisions
        points = await asyncio.to_thread(analysis.decision_points, seed, options, history)
        total = len(points)
        await ctx.tell("analysis-progress", done=0, total=total)
        worlds = self.bot.settings.analysis_worlds
        loop = asyncio.get_running_loop()
        pool = self.bot.ai_pool
        # At most one job per worker in the pool's queue at a time: the bot's own moves
        # share the pool and wait behind one decision's job at most, not the whole match.
        gate = asyncio.Semaphore(max(1, pool.workers if pool is not None else 1))

        async def one(index: int) -> DecisionAnalysis | None:
            async with gate:
                return await loop.run_in_executor(
                    pool, analysis.analyse_decision, seed, options, history, index, worlds
                )

        jobs = [asyncio.ensure_future(one(index)) for index in points]
        started = time.monotonic()
        last_edit = started
        done = 0
        try:
            for job in asyncio.as_completed(jobs):
                await job
                done += 1
                now = time.monotonic()
                if done < total and now - last_edit >= limits.ANALYSIS_PROGRESS_SECONDS:
                    last_edit = now
                    await ctx.edit(content=t(lang, "analysis-progress", done=done, total=total))
            found = [job.result() for job in jobs]
        except Exception:
            for job in jobs:
                job.cancel()
            log.exception("Match %s could not be analysed", record.id)
            await ctx.edit(content=t(lang, "analysis-failed", id=record.id))
            return
        decisions = [d for d in found if d is not None]
        log.info(
            "Analysed match %s: %d decisions in %.1f s",
            record.id,
            len(decisions),
            time.monotonic() - started,
        )
        await self.bot.db.save_analysis(
            record.id, analysis.VERSION, worlds, [d.to_json() for d in decisions], time.time()
        )
        self.bot.dispatch("bingo_analysis_stored", record.id)  # puzzles: cogs.bingo._puzzles
        await self._send_result(ctx, record, decisions, names, new=False)

    async def _send_result(
        self,
        ctx: Reply,
        record: MatchRecord,
        decisions: list[DecisionAnalysis],
        names: list[str],
        *,
        new: bool,
    ) -> None:
        lang = await ctx.private()
        contexts = await asyncio.to_thread(match_contexts, record)
        embed = summary_embed(record, decisions, contexts, names, lang)
        picture = await asyncio.to_thread(chart_file, record, decisions, contexts, names, lang)
        labels = [shorten(n, limits.MEMBER_NAME_LABEL) for n in player_names(record, lang)]
        view = analysis_view(record, decisions, contexts, labels, lang)
        if new:
            await ctx.reply_private(embed=embed, view=view, file=picture)
        else:
            await ctx.edit(content=None, embed=embed, view=view, attachments=[picture])


__all__ = ["AnalysisService"]
