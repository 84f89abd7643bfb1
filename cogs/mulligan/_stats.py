"""``/mulligan stats`` and ``/mulligan leaderboard``: their queries and embeds (the
commands in ``cogs.mulligan._cog`` only answer with them, publicly, in the server's
language)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.i18n import t

from ._render import decimal

if TYPE_CHECKING:
    from bot.storage import Database

    from ._daily import DailyService

#: Hands a member must have judged to be listed on ``/mulligan leaderboard``.
LEADERBOARD_MIN_HANDS = 20
#: Members listed on ``/mulligan leaderboard``.
LEADERBOARD_SIZE = 10


async def stats_embed(
    db: Database, daily: DailyService, guild_id: int, member: discord.abc.User, loc: str
) -> discord.Embed:
    """``member``'s practice in server ``guild_id``, in ``loc``: hands seen, mulligans,
    keeps, how often they agreed with the coach, the sizes they kept, and their streaks
    of the hand of the day (answered, agreed: current and best); or one line saying
    there is nothing yet."""
    stats = await db.practice_stats(guild_id, member.id)
    embed = discord.Embed(
        title=t(loc, "mulligan-stats-title", name=member.display_name),
        colour=discord.Colour.teal(),
    )
    streak = await daily.store.streak(guild_id, member.id)
    if stats is None and streak is None:
        embed.description = t(loc, "mulligan-stats-none")
    elif stats is None:
        pass
    else:
        embed.add_field(name=t(loc, "mulligan-stats-hands"), value=str(stats.hands_seen))
        embed.add_field(name=t(loc, "mulligan-stats-mulligans"), value=str(stats.mulligans))
        embed.add_field(name=t(loc, "mulligan-stats-keeps"), value=str(stats.keeps))
        rate = (
            t(
                loc,
                "mulligan-stats-rate",
                percent=decimal(stats.agreement_rate, 1, loc) + "%",
                agreed=str(stats.agreed),
                rated=str(stats.rated),
            )
            if stats.rated
            else "—"
        )
        embed.add_field(name=t(loc, "mulligan-stats-agreed"), value=rate)
        sizes = " · ".join(
            f"{size}: {n}" for size, n in sorted(stats.kept_sizes.items(), reverse=True)
        )
        embed.add_field(name=t(loc, "mulligan-stats-sizes"), value=sizes or "—", inline=False)
    if streak is not None:
        answered, agreed = streak.current(daily.today())
        embed.add_field(
            name=t(loc, "daily-stats-answered"),
            value=t(loc, "daily-stats-streak", current=answered, best=streak.answered_best),
        )
        embed.add_field(
            name=t(loc, "daily-stats-agreed"),
            value=t(loc, "daily-stats-streak", current=agreed, best=streak.agreed_best),
        )
    return embed


async def leaderboard_embed(db: Database, guild_id: int, loc: str) -> discord.Embed:
    """The :data:`LEADERBOARD_SIZE` members of server ``guild_id`` who agree with the
    coach most often, among those with :data:`LEADERBOARD_MIN_HANDS` hands, in ``loc``."""
    top = await db.practice_leaderboard(
        guild_id, min_hands=LEADERBOARD_MIN_HANDS, limit=LEADERBOARD_SIZE
    )
    embed = discord.Embed(title=t(loc, "mulligan-leaderboard-title"), colour=discord.Colour.teal())
    embed.description = "\n".join(
        t(
            loc,
            "mulligan-leaderboard-row",
            rank=str(s.rank),
            member=f"<@{s.user_id}>",
            percent=decimal(s.agreement_rate, 1, loc) + "%",
            agreed=str(s.agreed),
            rated=str(s.rated),
            hands=s.hands_seen,
        )
        for s in top
    ) or t(loc, "mulligan-leaderboard-empty", min=LEADERBOARD_MIN_HANDS)
    embed.set_footer(text=t(loc, "mulligan-leaderboard-footer", min=LEADERBOARD_MIN_HANDS))
    return embed
