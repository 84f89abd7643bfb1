"""Screen-reader mode in matches: ``/bingo accessibility``, the button that offers it on
the first panel of a member's first match, and the plain sentence (the words come from
:mod:`bot.ui.accessible`) put first on the panels and boards of members who use it.

Which seats use it is part of the match's configuration (``MatchConfig.accessible``: two
flags, read from ``UserPrefs.accessible`` when the match begins and changed at once by the
command or the button), so a restart keeps it; the version whose panel offered it is
display bookkeeping (``Display.a11y_offer``). The sentence is the first line of the embed's
description and the embed loses its title (the footer still names the match): every path
that shows a panel (a DM, an edit in place, an edit through a click, an ephemeral answer)
carries the embed, so one hook covers them all, and a screen reader reads an embed's
title before its description. The public board carries the sentence, in the server's
language, while either player uses the mode.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import BingoOptions
from bot.i18n import t
from bot.matches import PlayerView, PublicView
from bot.ui.accessible import board_sentence, closed, panel_sentence, words
from bot.ui.controls import AccessibleButton, Buttons
from cogs.reply import Reply

from ._render import log_lines, personal_result
from ._table import LiveMatch, MatchTable, table_of

if TYPE_CHECKING:
    from bot.storage import Database

    from ._ports import PanelHost

log = logging.getLogger(__name__)


async def accessible_seats(db: Database, player_ids: Sequence[int]) -> tuple[bool, bool]:
    """``MatchConfig.accessible`` of a new match: per seat, whether its member uses screen-reader
    mode (``UserPrefs.accessible``; the bot's own account never has it on). A match
    stored must start: when the preferences cannot be read, both seats are off (the
    member's ``/bingo accessibility on`` turns it on in the match)."""
    try:
        first, second = [(await db.user_prefs(user_id)).accessible for user_id in player_ids[:2]]
        return first, second
    except Exception as error:  # any driver's error: the match starts all the same
        log.warning("Could not read screen-reader preferences %s: %s", list(player_ids), error)
        return False, False


def uses_mode(table: MatchTable, player: int | None = None) -> bool:
    """Whether seat ``player`` (``None``: either seat) uses screen-reader mode."""
    seats = table.config.accessible
    return any(seats) if player is None else seats[player]


#: Lines of the public log in the sentence's "what just happened" (the opponent's move,
#: the new turn and its draw fit).
LAST_LINES = 3


def _last(
    match: LiveMatch, names: Sequence[str], options: BingoOptions, locale: object
) -> str | None:
    lines = log_lines(match.log, names, options, locale, last=LAST_LINES, spoken=True)
    said = [closed(words(line), locale) for line in lines]
    return t(locale, "a11y-join").join(said) if lines else None


def accessible_panel(
    match: LiveMatch,
    view: PlayerView,
    embed: discord.Embed,
    controls: Buttons | None,
    locale: str | None,
) -> Buttons | None:
    """Put the plain sentence first on ``view``'s panel when its player uses the mode;
    else, on the first panel of a first match (one with first-match tips for this seat,
    see ``._tips``) offering a decision, offer the mode with a button. Returns the
    controls."""
    table = table_of(match)
    player = view.viewer
    if uses_mode(table, player):
        names = table.shown_names
        options = view.options
        last = _last(match, names, options, locale)
        result = view.result
        outcome = (
            None if result is None else personal_result(result, player, names, options, locale)
        )
        sentence = panel_sentence(view, names, locale, last, match.deadline, outcome)
        embed.description = f"{sentence}\n\n{embed.description or ''}".rstrip()
        embed.title = None
        return controls
    tips = table.config.tips
    if tips is None or tips.player != player or view.result is not None:
        return controls
    if controls is None or view.current_player != player:
        return controls  # offered with their first decision, never alone
    if table.display.a11y_offer is None:
        table.display.a11y_offer = view.version
    if table.display.a11y_offer != view.version:
        return controls
    return controls.adding(AccessibleButton(match.id, locale))  # none when full


def accessible_board(
    match: LiveMatch, view: PublicView, embed: discord.Embed, locale: str | None
) -> None:
    """Put the plain sentence (public: :func:`bot.ui.accessible.board_sentence`) first on
    the board's embed while either player uses the mode."""
    table = table_of(match)
    if not uses_mode(table):
        return
    names = table.shown_names
    last = _last(match, names, view.options, locale)
    sentence = board_sentence(view, names, locale, last, match.deadline)
    embed.description = f"{sentence}\n\n{embed.description or ''}".rstrip()
    embed.title = None


def _apply(service: PanelHost, user_id: int, on: bool) -> None:
    """Turn the mode on or off in the member's live matches (their next panel and board
    show it; the board is redrawn now)."""
    for live in service.matches.values():
        seat = live.seat_of(user_id)
        if seat is None:
            continue
        table = table_of(live)
        table.config = table.config.with_seat_accessible(seat, on)
        table.force_board = True
        service.delivery.kick(live)


async def set_accessible(service: PanelHost, ctx: Reply, on: bool | None) -> None:
    """``/bingo accessibility``: turn the member's screen-reader mode on or off (``None``:
    just show their choice), privately, in their language. It applies at once, to the
    matches they are playing too."""
    user_id = ctx.user_id
    if on is None:
        prefs = await service.db.user_prefs(user_id)
    else:
        prefs = await service.db.set_user_accessible(user_id, on)
        _apply(service, user_id, on)
    await ctx.tell("a11y-on" if prefs.accessible else "a11y-off")


async def accessible_on(
    service: PanelHost, interaction: discord.Interaction[Any], control: AccessibleButton
) -> None:
    """The "Screen-reader mode" button: turn the mode on and answer with the clicking
    member's panel in that mode (or the private confirmation when the match is over or
    not theirs)."""
    ctx = Reply(interaction)
    await service.db.set_user_accessible(ctx.user_id, True)
    _apply(service, ctx.user_id, True)
    match = service.runtime.get(control.match_id)
    player = match.seat_of(ctx.user_id) if match is not None else None
    if match is not None and player is not None and not match.state.is_over:
        await service.answer_with_panel(ctx, match, player)
        return
    await ctx.tell("a11y-on")
