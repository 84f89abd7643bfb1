"""The global ladder (docs/ladder.md): ``/bingo ladder join name:``, ``leave`` and
``show [season]``, in any server and in DMs.

Members opt in under a name of their choosing (:mod:`bot.ladder`'s rules); the ladder
lists them, across every server, by their rating from ranked queue matches only
(:mod:`bot.storage.ladder`), in the ladder's own seasons (calendar quarters, UTC).

**Pages.** :data:`PAGE_SIZE` members per page with Previous and Next
(:class:`bot.ui.controls.LadderButton`: the season and page are in the ``custom_id``, so
a page survives a restart); a click edits the message in place. The answer is public, as
``/bingo leaderboard``'s is, in the reader's language outside a server.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import ladder as rules
from bot.i18n import t
from bot.storage.ladder import LadderRanked, LadderStore, NameTaken
from bot.ui.controls import LadderButton
from cogs.contexts import works_anywhere
from cogs.reply import Reply

if TYPE_CHECKING:
    from bot.client import BingoBot

PAGE_SIZE = 10
#: The ``season:`` value of every season together.
ALL_TIME_VALUE = "all-time"
COLOUR = discord.Colour.dark_gold()


class BadLadderSeason(Exception):
    """The ``season:`` value names no ladder season so far."""


def resolve_ladder_season(value: str | None, now: float) -> int | None:
    """The ladder season ``value`` names: empty → the current one, ``"all-time"`` →
    ``None``, a number from 1 to the current one → that season.

    Raises:
        BadLadderSeason: anything else.
    """
    current = rules.season_at(now).number
    if not value or not value.strip():
        return current
    text = value.strip().lower()
    if text in (ALL_TIME_VALUE, "all", "alltime"):
        return None
    if text.isdigit() and 1 <= int(text) <= current:
        return int(text)
    raise BadLadderSeason(value)


def season_label(number: int | None, lang: str) -> str:
    """``"Ladder season 4 · 2026 Q4"`` or ``"All-time"``."""
    if number is None:
        return t(lang, "ladder-all-time")
    season = rules.season(number)
    # The year as text: Fluent would group its digits ("2,026").
    return t(lang, "ladder-season", number=number, year=str(season.year), quarter=season.quarter)


async def ladder_page(
    store: LadderStore, viewer_id: int, season: int | None, page: int, lang: str
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The embed and Previous/Next view of page ``page`` (clamped) of the ladder in
    ``season`` (``None``: all-time), with the viewer's own place when not on the page."""
    now = time.time()
    window = None
    at = now
    if season is not None:
        found = rules.season(season)
        window = (found.start, found.end)
        at = min(now, found.end)
    ranked = await store.ladder_standings(window, at)
    pages = max(1, -(-len(ranked) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    shown = ranked[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    embed = discord.Embed(title=t(lang, "ladder-title"), colour=COLOUR)
    embed.set_author(name=season_label(season, lang))
    if shown:
        embed.description = "\n".join(_line(r, lang) for r in shown)
    else:
        embed.description = t(lang, "ladder-nobody")
    if all(r.user_id != viewer_id for r in shown):
        own = next((r for r in ranked if r.user_id == viewer_id), None)
        member = await store.ladder_member(viewer_id)
        embed.add_field(
            name=t(lang, "ladder-your-place"), value=_own(own, member is not None, lang),
            inline=False,
        )  # fmt: skip
    footer = t(lang, "ladder-footer")
    if season is not None and season == rules.season_at(now).number:
        ends = rules.season(season).end
        days = max(1, int(-(-(ends - now) // 86_400)))
        footer += "\n" + t(lang, "ladder-season-ends", days=days)
    if pages > 1:
        footer += "\n" + t(lang, "ladder-page", page=page + 1, pages=pages)
    embed.set_footer(text=footer)
    return embed, LadderButton.pages(season, page=page, pages=pages, locale=lang)


def _line(r: LadderRanked, lang: str) -> str:
    return t(
        lang, "ladder-line", rank=r.rank, name=r.name, ordinal=f"{r.ordinal:.1f}",
        matches=r.matches, wins=r.wins, losses=r.losses,
    )  # fmt: skip


def _own(own: LadderRanked | None, joined: bool, lang: str) -> str:
    if not joined:
        return t(lang, "ladder-not-joined")
    if own is None:
        return t(lang, "ladder-no-match")
    return _line(own, lang)


class LadderGroup(app_commands.Group):
    """``/bingo ladder``: join, leave, show. Every subcommand works anywhere (in servers,
    DMs and group DMs): the ladder belongs to no server."""

    def __init__(self, bot: BingoBot) -> None:
        super().__init__(
            name="ladder", description="The global ladder: ranked queue ratings across servers."
        )
        self.bot = bot

    @property
    def store(self) -> LadderStore:
        return LadderStore(self.bot.db.backend)

    @works_anywhere
    @app_commands.command(name="join", description="Join the global ladder under a name.")
    @app_commands.describe(name="The name shown on the ladder, to members of every server")
    async def join(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 100],
    ) -> None:
        """Put the member on the ladder as ``name`` (checked by :func:`bot.ladder.check_name`;
        a refusal is private and says why), or rename them."""
        ctx = Reply(interaction)
        lang = await ctx.private()
        check = rules.check_name(name)
        if check.refusal is not None:
            return await ctx.reply_private(
                t(lang, f"ladder-name-{check.refusal}", min=rules.NAME_MIN, max=rules.NAME_MAX)
            )
        try:
            renamed = await self.store.join(ctx.user_id, check.name, check.key, time.time())
        except NameTaken:
            return await ctx.reply_private(t(lang, "ladder-name-taken", name=check.name))
        key = "ladder-renamed" if renamed else "ladder-joined"
        await ctx.reply_private(
            t(lang, key, name=check.name), allowed_mentions=discord.AllowedMentions.none()
        )

    @works_anywhere
    @app_commands.command(
        name="leave", description="Leave the global ladder; your name is deleted."
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        """Take the member off the ladder: they are no longer listed, their name is deleted."""
        ctx = Reply(interaction)
        left = await self.store.leave(ctx.user_id)
        await ctx.tell("ladder-left" if left else "ladder-not-on")

    @works_anywhere
    @app_commands.command(name="show", description="The global ladder's standings and your place.")
    @app_commands.describe(season="A ladder season (number), or all-time; default: the current one")
    async def show(self, interaction: discord.Interaction, season: str | None = None) -> None:
        """Page 1 of the ladder, publicly (deferred first)."""
        ctx = Reply(interaction)
        try:
            number = resolve_ladder_season(season, time.time())
        except BadLadderSeason:
            return await ctx.tell("ladder-season-unknown", season=season or "")
        await ctx.defer(ephemeral=False)
        lang = await ctx.public()
        embed, view = await ladder_page(self.store, ctx.user_id, number, 0, lang)
        kwargs: dict[str, Any] = {
            "embed": embed,
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        if view is not None:
            kwargs["view"] = view
        await ctx.reply_public(**kwargs)

    @show.autocomplete("season")
    async def season_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The ladder's seasons so far (newest first) and all-time, by label."""
        lang = await Reply(interaction).private()
        now = rules.season_at(time.time()).number
        choices = [
            app_commands.Choice(name=season_label(n, lang)[:100], value=str(n))
            for n in range(now, 0, -1)
        ]
        choices.append(app_commands.Choice(name=season_label(None, lang), value=ALL_TIME_VALUE))
        needle = current.casefold().strip()
        return [c for c in choices if needle in c.name.casefold()][:25]


async def on_ladder_page(
    bot: BingoBot, interaction: discord.Interaction[Any], control: LadderButton
) -> None:
    """Previous / Next: the message shows the page asked for (clamped to the pages there
    are now), in the language of where it was posted."""
    ctx = Reply(interaction)
    await ctx.defer(thinking=False)
    lang = await ctx.public()
    embed, view = await ladder_page(
        LadderStore(bot.db.backend), ctx.user_id, control.season, control.page, lang
    )
    await ctx.edit(embed=embed, view=view)
