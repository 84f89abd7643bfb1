"""The reader's language for the guide's private answers."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import language_of


async def reader_language(interaction: discord.Interaction[Any]) -> str:
    """The language of a private answer to ``interaction``: the member's ``/bingo
    language`` choice when the Bingo cog is loaded (``MatchService.languages``), else
    their Discord client's locale."""
    cog = interaction.client.get_cog("Bingo")
    languages = getattr(getattr(cog, "service", None), "languages", None)
    if languages is not None:
        return language_of(await languages.private(interaction))
    return language_of(interaction.locale)
