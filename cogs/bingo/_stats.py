"""``/bingo stats``: a member's results in a server, as one embed (the command in
``cogs.bingo._cog`` only answers with it).

The season's (or all-time) record, rank and rating come from
:func:`cogs.bingo._leaderboard.add_season_fields`; the record against the bot at each
level and the last matches from the database (:meth:`bot.storage.Database.bot_records`,
:meth:`~bot.storage.Database.recent_matches`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot import limits
from bot.i18n import attribute, t
from bot.storage import BotRecord, MatchRecord, PlayerStats
from bot.ui.text import echo
from cogs.members import member_mention

from ._leaderboard import add_season_fields, record_text, season_label

if TYPE_CHECKING:
    from bot.client import BingoBot

#: How many of the member's last matches the embed lists.
RECENT_MATCHES = 5


def stats_line(stats: PlayerStats | BotRecord, locale: object = None) -> str:
    """``"5 W · 2 L · 1 D · 62.5% (8 played)"`` (in ``locale``: the server's language)."""
    played = stats.played
    rate = stats.wins * 100.0 / played if played else 0.0
    return record_text(locale, stats.wins, stats.losses, stats.draws, rate, played)


def recent_line(record: MatchRecord, user_id: int, lang: str) -> str:
    """One of member ``user_id``'s recent matches: its number, outcome for them, turns
    and opponent (a member's mention, or the bot's level), in ``lang``."""
    if record.result is None:  # stopped from outside: counts for nobody
        outcome = "no-result"
    elif record.winner_id is None:
        outcome = "draw"
    else:
        outcome = "win" if record.winner_id == user_id else "loss"
    args: dict[str, object] = {
        "id": record.id,
        "outcome": t(lang, f"bingo-stats-{outcome}"),
        "turns": record.turns,
    }
    if record.ai_level:
        level = t(lang, "bingo-level", level=record.ai_level)
        return t(lang, "bingo-stats-recent-bot-line", level=level, **args)
    opponent = next((p for p in record.player_ids if p != user_id), 0)
    return t(lang, "bingo-stats-recent-line", opponent=member_mention(opponent, lang), **args)


async def stats_embed(
    bot: BingoBot,
    guild: discord.Guild | None,
    guild_id: int,
    member: discord.abc.User,
    season: int | None,
    lang: str,
) -> discord.Embed:
    """``member``'s results in server ``guild_id`` (``guild``: the cached server, for
    the leaderboard's look-ups of who left), in ``lang`` (the server's language: the
    embed is posted publicly): their record, rank and rating in ``season`` (``None``:
    all-time) as shown now (an idle member's rating has fallen, docs/ratings.md), their
    all-time record when they have no rated match, their record against the bot at each
    level, and their last :data:`RECENT_MATCHES` matches; or only a line saying they have
    played none."""
    db = bot.db
    stats = await db.player_stats(guild_id, member.id)
    records = [r for r in await db.bot_records(guild_id, member.id) if r.played]
    embed = discord.Embed(
        title=t(lang, "bingo-stats-title", name=echo(member.display_name, limits.MEMBER_NAME)),
        colour=discord.Colour.gold(),
    )
    embed.set_author(name=await season_label(bot, guild_id, season, lang))
    in_season = await add_season_fields(bot, guild, guild_id, embed, member.id, season, lang)
    if (stats is None or not stats.played) and not records and not in_season:
        embed.description = t(lang, "bingo-stats-none")
        return embed
    if season is None and not in_season and stats is not None and stats.played:
        embed.add_field(name=t(lang, "bingo-stats-wins"), value=str(stats.wins))
        embed.add_field(name=t(lang, "bingo-stats-losses"), value=str(stats.losses))
        embed.add_field(name=t(lang, "bingo-stats-draws"), value=str(stats.draws))
        embed.add_field(name=t(lang, "bingo-stats-win-rate"), value=f"{stats.win_rate:.1f}%")
        embed.add_field(name=t(lang, "bingo-stats-rank"), value=f"#{stats.rank}")
    if records:
        embed.add_field(
            name=t(lang, "bingo-stats-against-bot"),
            value="\n".join(
                t(
                    lang,
                    "bingo-stats-level-line",
                    level=attribute(lang, f"choice-{r.level}", "name"),
                    line=stats_line(r, lang),
                )
                for r in records
            ),
            inline=False,
        )
    recent = await db.recent_matches(guild_id, member.id, limit=RECENT_MATCHES)
    if recent:
        embed.add_field(
            name=t(lang, "bingo-stats-recent"),
            value="\n".join(recent_line(record, member.id, lang) for record in recent),
            inline=False,
        )
    return embed
