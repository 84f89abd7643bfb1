"""``/bingo rules``'s page buttons (the pages are :mod:`bot.ui.rules`; the command itself
lives in the Bingo cog's group): a click (:func:`turn_page`) redraws the same (ephemeral)
message in the language of whoever clicks.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.ui.controls import RulesButton
from bot.ui.rules import rules_page
from cogs.reply import Reply


async def turn_page(interaction: discord.Interaction[Any], control: RulesButton) -> None:
    """Previous / Next: the same message shows page ``control.page``, in the language of
    whoever clicks."""
    ctx = Reply(interaction)
    embed, files, view = rules_page(await ctx.private(), control.page)
    # attachments= replaces the message's files: the picture, or none on other pages
    await ctx.edit_message(embed=embed, attachments=files, view=view)
