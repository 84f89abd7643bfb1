"""``/bingo analyse match:`` and the replay's Analysis button: the move-by-move analysis
of a finished match (:mod:`bot.ai.analysis`, docs/analysis.md), privately.

The first request computes it in the bot's AI pool (``bot.ai_pool``, off the event loop,
one job per graded decision so both workers share it), editing its ephemeral answer with
a progress line ("Analysing… 14 of 38 decisions") at most once per
:data:`bot.limits.ANALYSIS_PROGRESS_SECONDS`; the result is stored
(:meth:`bot.storage.Database.save_analysis`), so every later request, and the replay's
pages (a grade per decision, the better move for a mistake), read it back at once.
At most :data:`~bot.limits.ANALYSES_PER_MEMBER` analysis per member and
:data:`~bot.limits.ANALYSES_PER_GUILD` per server run at once; more are refused
privately.
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
from bot.ai.analysis import DecisionAnalysis
from bot.i18n import join_list, t
from bot.ui.analysis_chart import render_chart
from bot.ui.controls import AnalysisButton, WorstMoveButton, view_of
from bot.ui.text import echo
from cogs.reply import Reply

from ._history import player_names, replayable

if TYPE_CHECKING:
    from bot.client import BingoBot
    from bot.storage import MatchRecord

log = logging.getLogger(__name__)

#: The chart's file name (the embed shows ``attachment://analysis.png``).
CHART_FILE = "analysis.png"


def summary_embed(
    record: MatchRecord, decisions: list[DecisionAnalysis], names: Sequence[str], lang: str
) -> discord.Embed:
    """Both players' accuracy and grade counts, and how to read them."""
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
        accuracy = (
            t(lang, "analysis-accuracy", accuracy=f"{found.accuracy:.1f}")
            if found.accuracy is not None
            else t(lang, "analysis-no-decisions")
        )
        embed.add_field(
            name=names[player], value=f"{accuracy}\n{counts}"[: limits.FIELD_VALUE], inline=True
        )
    embed.set_image(url=f"attachment://{CHART_FILE}")
    embed.set_footer(text=t(lang, "analysis-footer"))
    return embed


def chart_file(
    record: MatchRecord, decisions: list[DecisionAnalysis], names: Sequence[str], lang: str
) -> discord.File:
    """The win-chance chart as an attachment, with its alt text."""
    curve = analysis.win_curve(decisions)
    png = render_chart(
        curve,
        len(record.decisions),
        t(lang, "analysis-chart-title", name=names[0]),
        t(lang, "analysis-chart-legend"),
    )
    blunders = [str(i + 1) for i, _, g in curve if g == "blunder"]
    alt = t(
        lang,
        "analysis-chart-alt",
        name=names[0],
        start=round(100 * curve[0][1]) if curve else 50,
        end=round(100 * curve[-1][1]) if curve else 50,
        blunders=join_list(lang, blunders) or "-",
    )
    return discord.File(io.BytesIO(png), filename=CHART_FILE, description=alt[:1024])


class AnalysisService:
    """Runs and shows match analyses for one bot (see the module docstring)."""

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot
        #: Members with an analysis running, by server.
        self.running: dict[int, set[int]] = {}

    async def on_button(
        self, interaction: discord.Interaction[Any], control: AnalysisButton
    ) -> None:
        """The replay's Analysis button: as ``/bingo analyse``."""
        await self.show(Reply(interaction), control.match_id)

    async def show(self, ctx: Reply, match_id: int) -> None:
        """The analysis of finished match ``match_id`` of this server, privately:
        read back if stored, else computed now with a progress line. Refused privately
        like a replay (unknown here, still being played, broken), and when the member or
        the server already has as many analyses running as allowed."""
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
        embed = summary_embed(record, decisions, names, lang)
        picture = await asyncio.to_thread(chart_file, record, decisions, names, lang)
        worst = max(decisions, key=lambda d: d.drop, default=None)
        if worst is not None and worst.drop > 0:
            view = view_of(WorstMoveButton(record.id, worst.index + 1, lang))
        else:  # nothing lost: step through from the first graded decision
            first = decisions[0].index + 1 if decisions else 1
            view = view_of(WorstMoveButton(record.id, first, lang, worst=False))
        if new:
            await ctx.reply_private(embed=embed, view=view, file=picture)
        else:
            await ctx.edit(content=None, embed=embed, view=view, attachments=[picture])


__all__ = ["AnalysisService"]
