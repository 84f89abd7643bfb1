"""The pages of ``/bingo rules``: the whole of the game's rules (RULES §1-2: every rule a
match follows) in short pages with Previous and Next, with a picture of the five lands and
their effects on the effects page. Shared by the command (``cogs/bingo``) and the page
buttons' handler (``cogs/guide``), so neither cog imports the other.

The page buttons are restart-proof ``DynamicItem`` s (:class:`bot.ui.controls.RulesButton`):
``guide:rules:<page>:<prev|next>`` carries the page they open.
"""

from __future__ import annotations

import io

import discord

from bot.i18n import t
from bot.ui.controls import RulesButton
from bot.ui.lands_image import lands_alt_text, lands_png

#: The pages, in order: ``rules-<name>-title`` and ``rules-<name>`` in rules.ftl.
PAGES = ("game", "setup", "turn", "effects", "counter", "end", "mulligans")
#: The page that shows the picture of the lands.
PICTURE_PAGE = "effects"
PICTURE_FILE = "lands.png"
COLOUR = discord.Colour.dark_gold()


def rules_page(
    language: str, page: int
) -> tuple[discord.Embed, list[discord.File], discord.ui.View]:
    """Page ``page`` (0-based, clamped to the pages there are) in ``language``: its
    embed, its files (the lands picture, or none) and its Previous / Next buttons."""
    page = max(0, min(page, len(PAGES) - 1))
    name = PAGES[page]
    embed = discord.Embed(
        title=t(language, "rules-title", title=t(language, f"rules-{name}-title")),
        description=t(language, f"rules-{name}"),
        colour=COLOUR,
    )
    embed.set_footer(text=t(language, "rules-footer", page=page + 1, pages=len(PAGES)))
    files = []
    if name == PICTURE_PAGE:
        picture = io.BytesIO(lands_png(language))
        alt = lands_alt_text(language)
        files.append(discord.File(picture, filename=PICTURE_FILE, description=alt))
        embed.set_image(url=f"attachment://{PICTURE_FILE}")
    view = discord.ui.View(timeout=None)
    view.add_item(RulesButton(max(page - 1, 0), "prev", t(language, "rules-previous"), page == 0))
    view.add_item(
        RulesButton(
            min(page + 1, len(PAGES) - 1), "next", t(language, "rules-next"), page == len(PAGES) - 1
        )
    )
    return embed, files, view
