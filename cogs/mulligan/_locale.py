"""Which language a ``/mulligan`` answer speaks.

Private text (ephemeral replies, the practice hand in a DM, errors, modals, autocomplete)
follows the reader: their ``/bingo language`` override if they set one, else the
client's ``interaction.locale``. Public text (``/mulligan odds``, ``stats``,
``leaderboard``) follows the server's language setting, which defaults to the guild's
preferred locale. Both return a catalog code for :func:`bot.i18n.t` (``"en"``, ``"it"``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import language_of

if TYPE_CHECKING:
    from bot.client import BingoBot

log = logging.getLogger(__name__)


async def reader_language(bot: BingoBot, interaction: discord.Interaction[Any]) -> str:
    """The catalog language of the member who will read a private answer.

    Their ``/bingo language`` override (``db.user_prefs(user_id).language``, ``None``
    when unset) wins over ``interaction.locale``. Never raises: a storage failure falls
    back to the client's locale (logged).
    """
    try:
        override = (await bot.db.user_prefs(interaction.user.id)).language
    except Exception:  # noqa: BLE001 - a language is never worth failing a command for
        log.exception("Reading the language of user %s failed", interaction.user.id)
        override = None
    return language_of(override or interaction.locale)


async def server_language(bot: BingoBot, interaction: discord.Interaction[Any]) -> str:
    """The catalog language of public text in ``interaction``'s server: the server's
    setting (``db.guild_settings(guild_id).language``), else the guild's preferred
    locale (``interaction.guild_locale``); outside a server, the reader's language.
    Never raises (a storage failure falls back to the guild's locale, logged)."""
    if interaction.guild_id is None:
        return await reader_language(bot, interaction)
    try:
        setting = (await bot.db.guild_settings(interaction.guild_id)).language
    except Exception:  # noqa: BLE001 - as above
        log.exception("Reading the language of guild %s failed", interaction.guild_id)
        setting = None
    return language_of(setting or interaction.guild_locale)
