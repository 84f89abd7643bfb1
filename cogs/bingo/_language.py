"""Which language each reader gets.

* **Private text** (ephemeral replies, DMs, private panels and their buttons): the member's
  ``/bingo language`` override (``UserPrefs.language``), else their Discord client's locale
  (``interaction.locale``). A DM sent without an interaction (a new panel) uses the
  override, else the locale of the member's last interaction (remembered here in memory,
  and in each match's ``ui["languages"]`` so it survives a restart), else the server's.
* **Public text** (boards, results, challenges, channel posts): the server's language, a
  server setting (``GuildSettings.language``), by default the guild's preferred locale.
  A match fixes it when it starts (``ui["language"]``), like its other settings.

Languages are catalog codes (``"en"``, ``"it"``: :func:`bot.i18n.language_of`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import LANGUAGES, language_of

if TYPE_CHECKING:
    from bot.client import BingoBot

log = logging.getLogger(__name__)

#: The ``/bingo language`` choice that clears the override.
AUTOMATIC = "auto"


class Languages:
    """The language of every reader of one bot process (see the module docstring).

    Overrides are read from the database once per member, then kept in memory (this
    class is the only writer, through :meth:`set_override`)."""

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot
        self._overrides: dict[int, str | None] = {}
        self._seen: dict[int, str] = {}

    async def override(self, user_id: int) -> str | None:
        """The member's ``/bingo language`` choice (a catalog code), or ``None``."""
        if user_id not in self._overrides:
            prefs = await self.bot.db.user_prefs(user_id)
            code = prefs.language
            self._overrides[user_id] = code if code in LANGUAGES else None
        return self._overrides[user_id]

    async def set_override(self, user_id: int, language: str | None) -> None:
        """Store the member's choice (``None``: follow their Discord client again)."""
        await self.bot.db.set_user_language(user_id, language)
        self._overrides[user_id] = language

    def seen(self, interaction: discord.Interaction[Any]) -> str:
        """Remember the client language of ``interaction``'s member; return it."""
        language = language_of(interaction.locale)
        self._seen[interaction.user.id] = language
        return language

    async def private(self, interaction: discord.Interaction[Any]) -> str:
        """The language of a private answer to ``interaction``: the member's override,
        else their client's locale (remembered for later DMs)."""
        language = self.seen(interaction)
        return await self.override(interaction.user.id) or language

    async def of_user(self, user_id: int, fallback: str | None = None) -> str:
        """The language of a DM to ``user_id`` sent without an interaction: their
        override, else their last interaction's locale, else ``fallback`` (the server's
        language), else English."""
        return await self.override(user_id) or self._seen.get(user_id) or language_of(fallback)

    async def public(self, guild_id: int | None) -> str:
        """The server's language for public text: its setting, else the guild's
        preferred locale, else English."""
        if guild_id is None:
            return language_of(None)
        settings = await self.bot.db.guild_settings(guild_id)
        if settings.language in LANGUAGES:
            return settings.language
        guild = self.bot.get_guild(guild_id)
        return language_of(guild.preferred_locale if guild is not None else None)

    async def public_of(self, interaction: discord.Interaction[Any]) -> str:
        """The server language of ``interaction``'s guild (its ``guild_locale`` when the
        guild is not cached and has no setting)."""
        if interaction.guild_id is None:
            return await self.private(interaction)
        settings = await self.bot.db.guild_settings(interaction.guild_id)
        if settings.language in LANGUAGES:
            return settings.language
        guild = interaction.guild
        locale = guild.preferred_locale if guild is not None else interaction.guild_locale
        return language_of(locale)
