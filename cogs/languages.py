"""Locales and languages for every cog: the locales an interaction carries, and a thin
adapter to the bot's one :class:`bot.i18n.service.LanguageService` (``bot.languages``,
created in ``BingoBot.setup_hook``), which holds the rules. An interaction's private and
public languages are resolved once, by its :class:`cogs.reply.Reply`.

Every function returns a catalog code for :func:`bot.i18n.t` (``"en"``, ``"it"``). A
BingoMagic match fixes its languages when it starts, like its other settings (its
configuration's ``language``, ``matches.config``, for its public text; its ``languages``,
per seat, for its panels, kept up to date by each player's clicks so it survives a
restart: ``MatchService.stamp_languages``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.client import BingoBot
    from bot.i18n.service import LanguageService


def service(client: Any) -> LanguageService:
    """The bot's language service (``BingoBot.languages``)."""
    return client.languages


def locale_code(locale: discord.Locale | str | None) -> str | None:
    """A Discord locale as its string (``"it"``, ``"en-US"``), or ``None``."""
    return None if locale is None else str(getattr(locale, "value", locale))


def client_locale(interaction: discord.Interaction[Any]) -> str | None:
    """The locale of the member's Discord client (``interaction.locale``)."""
    return locale_code(interaction.locale)


def guild_locale(interaction: discord.Interaction[Any]) -> str | None:
    """The locale of ``interaction``'s server: ``interaction.guild_locale``, else the
    cached guild's preferred locale, else ``None``."""
    guild = interaction.guild
    locale = interaction.guild_locale or (guild.preferred_locale if guild is not None else None)
    return locale_code(locale)


async def guild_language(bot: BingoBot, guild_id: int | None) -> str:
    """The language of public text in server ``guild_id`` without an interaction: its
    setting, else the cached guild's preferred locale, else the default."""
    guild = bot.get_guild(guild_id) if guild_id is not None else None
    locale = guild.preferred_locale if guild is not None else None
    return await bot.languages.public(guild_id, locale_code(locale))
