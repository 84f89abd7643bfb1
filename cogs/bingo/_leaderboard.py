"""``/bingo leaderboard`` and ``/bingo stats`` by season, ``/bingo season start``, and
``/bingo settings leaderboard``.

**Seasons.** A server's matches between members are rated in its current season and
all-time (:mod:`bot.storage.seasons`). Both commands show the current season unless
``season:`` names another (autocomplete: each season by name, and "all-time").

**Who is listed.** Members with at least the server's minimum of rated matches
(``/bingo settings leaderboard min_games:``, default 5), minus members who left: the bot
has no privileged members intent, so a member is known gone when a member look-up
answers 404 Unknown Member (code 10007) or Unknown User (10013), remembered for
:data:`bot.storage.seasons.DEPARTED_CACHE_SECONDS` (GUILD_MEMBER_REMOVE counts too when
Discord delivers it, which needs that intent). Only the members of the page shown are
looked up, at most :data:`LOOKUPS` at a time, and a member found present is not looked up
again for :data:`PRESENT_CACHE_SECONDS`.

**Pages.** :data:`PAGE_SIZE` members per page with Previous and Next
(:class:`bot.ui.controls.LeaderboardButton`: the season, order and page are in the
``custom_id``, so a page survives a restart); a click edits the message in place.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import t
from bot.storage import ALL_TIME, Ranked
from bot.ui.controls import LeaderboardButton, SeasonStartButton, view_of
from cogs.contexts import ServerGroup, manager_language
from cogs.reply import Reply

if TYPE_CHECKING:
    from bot.client import BingoBot

log = logging.getLogger(__name__)

PAGE_SIZE = 10
#: How many member look-ups run at once for one page.
LOOKUPS = 5
#: How long a member found present is not looked up again, in seconds.
PRESENT_CACHE_SECONDS = 3_600.0
#: The ``season:`` value of every season together.
ALL_TIME_VALUE = "all-time"
#: The longest season name (it is shown in embed authors, 256 characters at most).
MAX_SEASON_NAME = 64
UNKNOWN_MEMBER, UNKNOWN_USER = 10007, 10013

#: (guild id, user id) → when a look-up found them a member (this process only).
PRESENT_SEEN: dict[tuple[int, int], float] = {}


class BadSeason(Exception):
    """The ``season:`` value names no season of this server."""


async def resolve_season(bot: BingoBot, guild_id: int, value: str | None) -> int | None:
    """The season ``value`` names: ``None``/empty → the current one, ``"all-time"`` →
    :data:`bot.storage.ALL_TIME` (None), a number or a season's name → that season.

    Raises:
        BadSeason: no such season.
    """
    if not value:
        return await bot.db.current_season(guild_id)
    text = value.strip()
    if text.lower() in (ALL_TIME_VALUE, "all", "alltime"):
        return ALL_TIME
    seasons = await bot.db.seasons(guild_id)
    if text.isdigit():
        number = int(text)
        if number == 0 or any(s.number == number for s in seasons):
            return number
    for season in seasons:
        if season.name.casefold() == text.casefold():
            return season.number
    raise BadSeason(text)


async def season_label(bot: BingoBot, guild_id: int, season: int | None, lang: str) -> str:
    """``"Season 2: Winter"``, ``"Before the first season"`` or ``"All-time"``."""
    if season is None:
        return t(lang, "seasons-all-time")
    if season == 0:
        return t(lang, "seasons-before-first")
    for found in await bot.db.seasons(guild_id):
        if found.number == season:
            return t(lang, "seasons-name", number=season, name=found.name)
    return t(lang, "seasons-name", number=season, name="?")


async def season_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """Up to 25 choices: the seasons (newest first) whose label holds ``current``, and
    all-time."""
    bot: BingoBot = interaction.client
    if interaction.guild_id is None:
        return []
    lang = await Reply(interaction).private()
    seasons = await bot.db.seasons(interaction.guild_id)
    choices = [
        app_commands.Choice(
            name=t(lang, "seasons-name", number=s.number, name=s.name)[:100], value=str(s.number)
        )
        for s in reversed(seasons)
    ]
    choices.append(app_commands.Choice(name=t(lang, "seasons-before-first"), value="0"))
    choices.append(app_commands.Choice(name=t(lang, "seasons-all-time"), value=ALL_TIME_VALUE))
    needle = current.casefold().strip()
    return [c for c in choices if needle in c.name.casefold()][:25]


# -- who is listed ----------------------------------------------------------------------


async def _gone(guild: discord.Guild, user_id: int, now: float) -> bool:
    """Whether a look-up finds ``user_id`` gone from ``guild`` (Unknown Member/User);
    any other failure counts as present (shown rather than hidden by mistake)."""
    if guild.get_member(user_id) is not None:
        return False
    seen = PRESENT_SEEN.get((guild.id, user_id))
    if seen is not None and now - seen < PRESENT_CACHE_SECONDS:
        return False
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound as error:
        return error.code in (UNKNOWN_MEMBER, UNKNOWN_USER)
    except discord.HTTPException:
        log.warning("Member look-up of %s in %s failed", user_id, guild.id, exc_info=True)
        return False
    PRESENT_SEEN[(guild.id, user_id)] = now
    return False


async def _check_page(bot: BingoBot, guild: discord.Guild, page: list[Ranked]) -> bool:
    """Look the page's members up; record those gone. Whether any was gone."""
    now = time.time()
    gate = asyncio.Semaphore(LOOKUPS)

    async def one(user_id: int) -> bool:
        async with gate:
            return await _gone(guild, user_id, now)

    gone = await asyncio.gather(*(one(r.user_id) for r in page))
    for ranked, left in zip(page, gone, strict=True):
        if left:
            await bot.db.mark_departed(guild.id, ranked.user_id, now)
    return any(gone)


async def listed(
    bot: BingoBot, guild: discord.Guild | None, guild_id: int, season: int | None, by: str
) -> tuple[list[Ranked], int]:
    """The members listed in ``season`` ranked by rating (``by="r"``) or wins (``"w"``:
    wins, win rate, draws desc, user id asc), and the server's minimum."""
    now = time.time()
    minimum = await bot.db.min_games(guild_id)
    hidden = await bot.db.departed(guild_id, now)
    ranked = await bot.db.standings(guild_id, season, now, min_games=minimum, hidden=hidden)
    if by == "w":
        ranked.sort(key=lambda r: (-r.wins, -r.win_rate, -r.draws, r.user_id))
    return ranked, minimum


async def leaderboard_page(
    bot: BingoBot,
    guild: discord.Guild | None,
    guild_id: int,
    viewer_id: int,
    season: int | None,
    by: str,
    page: int,
    lang: str,
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The embed and Previous/Next view of page ``page`` (clamped) of a leaderboard."""
    ranked, minimum = await listed(bot, guild, guild_id, season, by)
    pages = max(1, -(-len(ranked) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    shown = ranked[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    if guild is not None and shown and await _check_page(bot, guild, shown):
        ranked, minimum = await listed(bot, guild, guild_id, season, by)
        pages = max(1, -(-len(ranked) // PAGE_SIZE))
        page = min(page, pages - 1)
        shown = ranked[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    title = "ratings-leaderboard-title" if by == "r" else "bingo-leaderboard-title"
    embed = discord.Embed(title=t(lang, title), colour=discord.Colour.gold())
    embed.set_author(name=await season_label(bot, guild_id, season, lang))
    place = {r.user_id: i + 1 for i, r in enumerate(ranked)}
    if not shown:
        embed.description = await _nobody_listed(bot, guild_id, season, minimum, by, lang)
    else:
        embed.description = "\n".join(_line(r, place[r.user_id], by, lang) for r in shown)
    if all(r.user_id != viewer_id for r in shown):
        own = await bot.db.standing(guild_id, season, viewer_id, time.time())
        embed.add_field(
            name=t(lang, "ratings-your-rating" if by == "r" else "bingo-leaderboard-your-rank"),
            value=_own(own, place.get(viewer_id), minimum, by, lang),
            inline=False,
        )
    footer = t(lang, "ratings-leaderboard-footer" if by == "r" else "bingo-leaderboard-footer")
    footer += "\n" + t(lang, "seasons-leaderboard-listed", min=minimum)
    if pages > 1:
        footer += "\n" + t(lang, "seasons-page", page=page + 1, pages=pages)
    embed.set_footer(text=footer)
    return embed, LeaderboardButton.pages(season, by, page=page, pages=pages, locale=lang)


async def _nobody_listed(
    bot: BingoBot, guild_id: int, season: int | None, minimum: int, by: str, lang: str
) -> str:
    """The description of a leaderboard that lists nobody: no rated match yet, or (when
    some member has one but nobody has the server's minimum) how many it takes to be
    listed."""
    if minimum > 0 and await bot.db.standings(guild_id, season, time.time()):
        return t(lang, "seasons-nobody-listed", min=minimum)
    return t(lang, "ratings-leaderboard-none" if by == "r" else "bingo-stats-none")


def _line(r: Ranked, rank: int, by: str, lang: str) -> str:
    who = f"<@{r.user_id}>"
    if by == "r":
        return t(
            lang,
            "ratings-leaderboard-line",
            rank=rank,
            who=who,
            ordinal=f"{r.ordinal:.1f}",
            matches=r.matches,
        )
    return f"**{rank}.** {who} — {record_line(r, lang)}"


def record_line(r: Ranked, lang: str) -> str:
    """``"5 W · 2 L · 1 D · 62.5% (8 played)"``."""
    return record_text(lang, r.wins, r.losses, r.draws, r.win_rate, r.matches)


def record_text(
    locale: object, wins: int, losses: int, draws: int, rate: float, played: int
) -> str:
    """``"5 W · 2 L · 1 D · 62.5% (8 played)"`` in ``locale`` (``rate``: percent won,
    shown to one decimal)."""
    return t(
        locale,
        "bingo-stats-line",
        wins=wins,
        losses=losses,
        draws=draws,
        rate=f"{rate:.1f}",
        played=played,
    )


def _own(own: Ranked | None, rank: int | None, minimum: int, by: str, lang: str) -> str:
    if own is None:
        return t(lang, "ratings-no-rating" if by == "r" else "bingo-leaderboard-none-yet")
    if by == "r":
        text = t(
            lang,
            "ratings-value" if rank else "seasons-rating-unlisted",
            ordinal=f"{own.ordinal:.1f}",
            mu=f"{own.mu:.1f}",
            sigma=f"{own.sigma:.1f}",
            rank=rank or 0,
        )
    else:
        text = (f"**{rank}.** " if rank else "") + record_line(own, lang)
    if rank is None:
        text += "\n" + t(lang, "seasons-not-listed", played=own.matches, min=minimum)
        if own.matches < minimum:
            text += " " + t(lang, "seasons-more-to-go", more=minimum - own.matches)
    return text


async def show_leaderboard(bot: BingoBot, ctx: Reply, season_value: str | None, by: str) -> None:
    """``/bingo leaderboard``: page 1, publicly in the server's language (deferred
    first: the member look-ups may take a moment)."""
    assert ctx.guild_id is not None
    try:
        season = await resolve_season(bot, ctx.guild_id, season_value)
    except BadSeason:
        return await ctx.tell("seasons-unknown", season=season_value)
    await ctx.defer(ephemeral=False)
    lang = await ctx.public()
    embed, view = await leaderboard_page(
        bot, ctx.guild, ctx.guild_id, ctx.user_id, season, by, 0, lang
    )
    kwargs: dict[str, Any] = {"embed": embed, "allowed_mentions": discord.AllowedMentions.none()}
    if view is not None:
        kwargs["view"] = view
    await ctx.reply_public(**kwargs)


async def on_leaderboard_page(
    bot: BingoBot, interaction: discord.Interaction[Any], control: LeaderboardButton
) -> None:
    """Previous / Next: the message shows the page asked for (clamped to the pages there
    are now)."""
    ctx = Reply(interaction)
    if ctx.guild_id is None:
        return
    await ctx.defer(thinking=False)
    lang = await ctx.public()
    embed, view = await leaderboard_page(
        bot, ctx.guild, ctx.guild_id, ctx.user_id, control.season, control.by, control.page, lang
    )
    await ctx.edit(embed=embed, view=view)


async def add_season_fields(
    bot: BingoBot,
    guild: discord.Guild | None,
    guild_id: int,
    embed: discord.Embed,
    user_id: int,
    season: int | None,
    lang: str,
) -> bool:
    """``/bingo stats`` of one season (``None``: all-time): the member's wins, losses,
    draws, win rate, rank (among the members listed) and rating in ``season``, as shown
    now. Whether they have a rated match in it."""
    own = await bot.db.standing(guild_id, season, user_id, time.time())
    if own is None:
        return False
    ranked, minimum = await listed(bot, guild, guild_id, season, "r")
    rank = next((i + 1 for i, r in enumerate(ranked) if r.user_id == user_id), None)
    embed.add_field(name=t(lang, "bingo-stats-wins"), value=str(own.wins))
    embed.add_field(name=t(lang, "bingo-stats-losses"), value=str(own.losses))
    embed.add_field(name=t(lang, "bingo-stats-draws"), value=str(own.draws))
    embed.add_field(name=t(lang, "bingo-stats-win-rate"), value=f"{own.win_rate:.1f}%")
    embed.add_field(
        name=t(lang, "bingo-stats-rank"),
        value=f"#{rank}" if rank else t(lang, "seasons-unranked"),
    )
    text = _own(own, rank, minimum, "r", lang)
    if own.last_delta is not None:
        text += "\n" + t(
            lang,
            "ratings-last-change",
            change=f"{own.last_delta:+.1f}",
            id=own.last_match_id or 0,
        )
    embed.add_field(name=t(lang, "ratings-field"), value=text, inline=False)
    return True


# -- /bingo season ------------------------------------------------------------------------


class SeasonGroup(ServerGroup):
    """``/bingo season``: start a new season (Manage Server), list the seasons."""

    def __init__(self, bot: BingoBot) -> None:
        super().__init__(name="season", description="BingoMagic seasons of this server.")
        self.bot = bot

    @app_commands.command(
        name="start",
        description="Manage Server only: start a new season.",
        extras={"audience": "managers"},  # /help marks it (cogs/guide/_help.py)
    )
    @app_commands.describe(name="The new season's name")
    async def start(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, MAX_SEASON_NAME]
    ) -> None:
        """Ask privately for a confirmation (Start / Cancel, :func:`on_season_answer`):
        the next season restarts every rating of the server from the openskill prior;
        the season before keeps its standings (``season:`` on the leaderboard)."""
        ctx = Reply(interaction)
        lang = await manager_language(ctx, "seasons-refused")
        if lang is None:
            return
        assert ctx.guild_id is not None
        text = await _checked_season_name(self.bot, ctx.guild_id, name, lang)
        if text.refusal is not None:
            return await ctx.reply_private(text.refusal)
        current = await self.bot.db.current_season(ctx.guild_id)
        view = view_of(
            SeasonStartButton(current, "yes", text.name, t(lang, "seasons-start-confirm")),
            SeasonStartButton(current, "no", label=t(lang, "seasons-start-cancel")),
        )
        ask = t(lang, "seasons-start-ask", number=current + 1, name=text.name)
        await ctx.reply_private(ask, view=view, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="list", description="The seasons of this server.")
    async def list_seasons(self, interaction: discord.Interaction) -> None:
        """The server's seasons, privately, newest first."""
        ctx = Reply(interaction)
        assert ctx.guild_id is not None
        lang = await ctx.private()
        seasons = await self.bot.db.seasons(ctx.guild_id)
        if not seasons:
            return await ctx.tell("seasons-none")
        lines = [
            t(
                lang,
                "seasons-list-line",
                number=s.number,
                name=s.name,
                start=f"<t:{int(s.started_at)}:D>",
            )
            for s in reversed(seasons)
        ]
        await ctx.reply_private("\n".join(lines)[:2000])


@dataclass(frozen=True, slots=True)
class _SeasonName:
    """A season name as it will be stored (spaces collapsed), or why it is refused."""

    name: str
    refusal: str | None


async def _checked_season_name(bot: BingoBot, guild_id: int, name: str, lang: str) -> _SeasonName:
    """``name`` with its spaces collapsed, refused (in ``lang``) when it has no letter
    beyond digits, is "all-time", or is the name of one of the server's seasons."""
    text = " ".join(name.split())
    if not text or text.isdigit() or text.casefold() == ALL_TIME_VALUE:
        return _SeasonName(text, t(lang, "seasons-name-invalid"))
    if any(s.name.casefold() == text.casefold() for s in await bot.db.seasons(guild_id)):
        return _SeasonName(text, t(lang, "seasons-name-taken", name=text))
    return _SeasonName(text, None)


async def on_season_answer(
    bot: BingoBot, interaction: discord.Interaction[Any], control: SeasonStartButton
) -> None:
    """Start or Cancel under ``/bingo season start`` (a private message: only the manager
    who asked sees it). Start checks again that the clicker manages the server and that
    the name is free, then starts the season only if the current one is still the one
    the question was asked after (:meth:`bot.storage.Database.start_season`, ``after``),
    edits the question into its answer and announces the season publicly."""
    ctx = Reply(interaction)
    if ctx.guild_id is None:
        return
    lang = await manager_language(ctx, "seasons-refused")
    if lang is None:
        return
    if control.answer == "no":
        await ctx.edit_message(content=t(lang, "seasons-start-cancelled"), view=None)
        return
    text = await _checked_season_name(bot, ctx.guild_id, control.name, lang)
    if text.refusal is not None:
        await ctx.edit_message(content=text.refusal, view=None)
        return
    season = await bot.db.start_season(
        ctx.guild_id, text.name, time.time(), ctx.user_id, after=control.after
    )
    if season is None:
        await ctx.edit_message(content=t(lang, "seasons-start-stale"), view=None)
        return
    await ctx.edit_message(
        content=t(lang, "seasons-start-done", number=season.number, name=season.name), view=None
    )
    public = await ctx.public()
    await ctx.reply_public(
        t(public, "seasons-started", number=season.number, name=season.name),
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def set_min_games(bot: BingoBot, ctx: Reply, min_games: int) -> None:
    """``/bingo settings leaderboard min_games:`` (the caller checked Manage Server)."""
    assert ctx.guild_id is not None
    await bot.db.set_min_games(ctx.guild_id, min_games)
    await ctx.tell("seasons-min-games-saved", min=min_games)
