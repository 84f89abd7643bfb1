"""Tournament standings in pages (Previous / Next,
:class:`bot.ui.controls.StandingsButton`): a table of any size within Discord's 2,000
characters a message, never cut off."""

from __future__ import annotations

from typing import Any

import discord

from bot import limits
from bot.i18n import t
from bot.ui.controls import StandingsButton

#: Standings lines on one page (one line is at most about 120 characters).
STANDINGS_PER_PAGE = 12


def page_text(
    title: str, header: str, lines: list[str], page: int, locale: object
) -> tuple[str, int, int]:
    """Page ``page`` (0-based, clamped) of ``lines`` under ``title`` and ``header``, with
    "Page n of m" when there are several: ``(text, page, pages)``; the text stays within
    :data:`bot.limits.CONTENT` (a line too long for a page is shortened)."""
    pages = max(1, -(-len(lines) // STANDINGS_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    shown = lines[page * STANDINGS_PER_PAGE : (page + 1) * STANDINGS_PER_PAGE]
    footer = [t(locale, "seasons-page", page=page + 1, pages=pages)] if pages > 1 else []
    budget = limits.CONTENT - len(title) - len(header) - 40 * (1 + len(footer))
    each = max(20, budget // max(1, len(shown)))
    body = [line if len(line) <= each else line[: each - 1] + "…" for line in shown]
    text = "\n".join([title, header, *body, *footer])
    return text[: limits.CONTENT], page, pages


def standings_view(
    tournament_id: int, page: int, pages: int, locale: object
) -> discord.ui.View | None:
    """Previous / Next under page ``page`` of ``pages`` (None for one page)."""
    return StandingsButton.pages(tournament_id, page=page, pages=pages, locale=locale)


def message_kwargs(
    tournament_id: int, title: str, lines: list[str], page: int, locale: object
) -> dict[str, Any]:
    """``content`` and ``view`` of page ``page`` of a standings table whose first line of
    ``lines`` is its header."""
    text, page, pages = page_text(title, lines[0], lines[1:], page, locale)
    view = standings_view(tournament_id, page, pages, locale)
    return {"content": text, "view": view} if view is not None else {"content": text}
