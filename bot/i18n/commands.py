"""Slash-command localization through discord.py's :class:`app_commands.Translator`.

discord.py hands every command name, description, option and choice to the translator as a
``locale_str``. The catalog key is derived from where the string sits, so the cogs declare
their commands in plain English and the catalogs (``commands.ftl``) hold the rest:

=====================  ==============================================================
command or group       ``cmd-<qualified-name>`` ``.name`` / ``.description``
                       (spaces become ``-``: ``cmd-bingo-challenge``)
option                 ``cmd-<qualified-name>-<option>`` ``.name`` / ``.description``
choice                 ``choice-<value>`` ``.name`` (``choice-vancouver``)
=====================  ==============================================================

A ``locale_str`` may also name its key explicitly: ``locale_str("Rules", key="rules")``.
English is what the cogs declare; other languages come from their catalogs. Discord asks
command and option names to be lower case without spaces: a test checks the catalogs.
"""

from __future__ import annotations

from typing import Any

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from . import DEFAULT, LANGUAGES, attribute, bundle, language_of


def command_key(context: app_commands.TranslationContextTypes) -> tuple[str, str] | None:
    """The catalog ``(message key, attribute)`` for a command string, or ``None`` for a
    string with no catalog entry (see the module docstring for the scheme)."""
    data: Any = context.data
    where = context.location
    if where in (Where.command_name, Where.group_name):
        return f"cmd-{_qualified(data)}", "name"
    if where in (Where.command_description, Where.group_description):
        return f"cmd-{_qualified(data)}", "description"
    if where in (Where.parameter_name, Where.parameter_description):
        attribute = "name" if where is Where.parameter_name else "description"
        return f"cmd-{_qualified(data.command)}-{data.name}", attribute
    if where is Where.choice_name:
        return f"choice-{data.value}", "name"
    return None


def language_choices() -> list[app_commands.Choice[str]]:
    """One choice per catalog language, in :data:`~bot.i18n.LANGUAGES` order, named in
    that language (``choice-<code>`` of the English catalog: "English", "Italiano",
    "日本語") and valued by its catalog code."""
    return [
        app_commands.Choice(name=attribute(DEFAULT, f"choice-{code}", "name"), value=code)
        for code in LANGUAGES
    ]


def _qualified(command: Any) -> str:
    return command.qualified_name.replace(" ", "-")


class CatalogTranslator(app_commands.Translator):
    """Translates command strings from the Fluent catalogs; English stays as declared."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The ``locale`` text of ``string``, or ``None`` (Discord then shows the English
        default) for English, for languages with no catalog and for strings without an
        entry."""
        language = language_of(locale)
        if language == DEFAULT or language not in LANGUAGES:
            return None
        explicit = string.extras.get("key")
        found = (explicit, "value") if explicit else command_key(context)
        if found is None:
            return None
        key, attribute = found
        catalog = bundle(language)
        if not catalog.has_message(key):
            return None
        message = catalog.get_message(key)
        pattern = message.value if attribute == "value" else message.attributes.get(attribute)
        if pattern is None:
            return None
        text, errors = catalog.format_pattern(pattern, {})
        assert isinstance(text, str)  # a top-level Pattern is never FluentNone
        return None if errors else text
