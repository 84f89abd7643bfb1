"""Translations: English, Italian, Polish and Japanese, in Fluent catalogs
(``bot/i18n/locales/<lang>/*.ftl``).

Why Fluent (``fluent.runtime``) rather than gettext: messages are keyed, so a sentence can be
reworded in one language without touching the others; plural forms and variants (Italian
gender and number) live inside each language's own message, chosen by CLDR plural rules; and
each feature keeps its own ``.ftl`` file, so adding a language is adding a folder of files
(``locales/<code>/*.ftl``, as ``locales/pl/``) and one line in :data:`LANGUAGES`.

Use::

    from bot.i18n import t
    t("it", "bingo-not-your-match")                  # → "Questa non è la tua partita."
    t(interaction.locale, "bingo-hand-size", n=3)    # Discord locales are accepted as is

Public text follows the server's language (a server setting), private text the user's own
(``interaction.locale``, or their ``/bingo language`` override): :mod:`bot.i18n.service`
resolves both. Text is rendered when it is sent: matches store events, never rendered lines.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Literal

from babel.lists import format_list
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast

log = logging.getLogger(__name__)

#: Catalog languages, the first is the fallback. Adding a language: add ``locales/<code>/``
#: with the same files and keys, and its code here.
LANGUAGES: tuple[str, ...] = ("en", "it", "pl", "ja")
DEFAULT = "en"
LOCALES_DIR = Path(__file__).parent / "locales"


def language_of(locale: object) -> str:
    """The catalog language for a Discord locale (``discord.Locale`` or its string, e.g.
    ``"it"``, ``"en-US"``, ``"en-GB"``) or a catalog code; :data:`DEFAULT` for anything
    else (``None`` included)."""
    try:
        return _LANGUAGE_OF[locale]
    except (KeyError, TypeError):  # not seen yet, or not hashable
        pass
    code = str(getattr(locale, "value", locale) or "").lower()
    base = code.split("-", 1)[0]
    language = base if base in LANGUAGES else DEFAULT
    # discord.Locale by name: this module does not import discord (docs/architecture.md)
    if isinstance(locale, str | None) or type(locale).__name__ == "Locale":
        if len(_LANGUAGE_OF) < _LANGUAGES_KEPT:
            _LANGUAGE_OF[locale] = language
    return language


#: :func:`language_of` of the locales seen so far (``None``, strings, ``discord.Locale``
#: members: values whose language never changes), at most :data:`_LANGUAGES_KEPT` of
#: them. Every line of text the bot renders asks for its language first.
_LANGUAGE_OF: dict[object, str] = {}
_LANGUAGES_KEPT = 1024


def catalog_files(language: str) -> list[Path]:
    """The ``.ftl`` files of ``language``, sorted by name."""
    return sorted((LOCALES_DIR / language).glob("*.ftl"))


@cache
def bundle(language: str) -> FluentBundle:
    """The Fluent bundle of ``language`` (every ``.ftl`` file of it), built once.

    Raises:
        ValueError: ``language`` is not in :data:`LANGUAGES`.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    result = FluentBundle([language], use_isolating=False)
    for path in catalog_files(language):
        result.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return result


def t(locale: object, key: str, /, **args: Any) -> str:
    """The message ``key`` in the language of ``locale`` (see :func:`language_of`), with
    ``args`` as its placeables (numbers select plural forms).

    A key missing in that language falls back to English (a test keeps every key in every
    language); a key missing everywhere gives the key itself, logged once per key.
    Formatting is pure, so the last :data:`FORMATTED` results are kept (boards and
    panels repeat most of their lines from one version to the next).
    """
    language = language_of(locale)
    if not args:
        return _formatted(language, key, ())
    try:
        return _formatted(language, key, tuple(sorted(args.items())))
    except TypeError:  # an argument that cannot be a cache key: format it afresh
        return _format(language, key, args)


#: How many formatted messages :func:`t` keeps: a live match's board and panels hold
#: about 25 distinct lines, and boards are redrawn in turn across every live match, which is
#: the access pattern a too-small LRU cache misses on every time. 32,768 lines cover about
#: 1,300 live matches in about 10 MB.
FORMATTED = 32768


@lru_cache(maxsize=FORMATTED)
def _formatted(language: str, key: str, args: tuple[tuple[str, Any], ...]) -> str:
    return _format(language, key, dict(args))


def _format(language: str, key: str, args: dict[str, Any]) -> str:
    plain = _plain(language, key)
    if plain is not None:
        try:
            return "".join(part if literal else _plain_arg(args[part]) for literal, part in plain)
        except (KeyError, TypeError):  # an argument missing, or one Fluent must format
            pass
    for candidate in dict.fromkeys((language, DEFAULT)):
        catalog = bundle(candidate)
        if catalog.has_message(key):
            message = catalog.get_message(key)
            if message.value is None:
                break
            text, errors = catalog.format_pattern(message.value, args)
            assert isinstance(text, str)  # a top-level Pattern is never FluentNone
            if errors:
                log.warning("Message %s (%s): %s", key, candidate, errors)
            return text
    _missing(key)
    return key


@cache
def _plain(language: str, key: str) -> tuple[tuple[bool, str], ...] | None:
    """Message ``key`` (as :func:`_format` picks it: ``language``'s, else English) when
    its value is only text and variables, as ``(True, text)`` and ``(False, name)``
    parts; ``None`` for anything else (selectors, functions, references, a missing key).

    Such a message formats to its text with each variable's value put in, which
    :func:`_format` does itself for text values and small whole numbers
    (:func:`_plain_arg`): Fluent's resolver is most of a board's cost to build, and
    boards are rebuilt after every change of every live match. Every catalog message is
    checked against Fluent's own output (tests/test_i18n.py)."""
    for candidate in dict.fromkeys((language, DEFAULT)):
        catalog = bundle(candidate)
        if not catalog.has_message(key):
            continue
        value = catalog.get_message(key).value
        if value is None:
            return None
        # the resolver keeps a one-element pattern as that element alone
        elements = value.elements if isinstance(value, ast.Pattern) else [value]
        parts: list[tuple[bool, str]] = []
        for element in elements:
            if isinstance(element, ast.TextElement):
                parts.append((True, element.value))
            elif isinstance(element, ast.Placeable) and isinstance(
                element.expression, ast.VariableReference
            ):
                parts.append((False, element.expression.id.name))
            else:
                return None
        return tuple(parts)
    return None


def _plain_arg(value: Any) -> str:
    """``value`` as Fluent puts it into a message, for the values it puts in as they are:
    text, and whole numbers from 0 to 999 (digits with no group separator in every
    catalog language). Raises ``TypeError`` for any other value (Fluent formats it)."""
    if type(value) is str:
        return value
    if type(value) is int and 0 <= value < 1000:
        return str(value)
    raise TypeError(type(value).__name__)


def attribute(locale: object, key: str, name: str, /, **args: Any) -> str:
    """The attribute ``name`` of message ``key`` (e.g. a command's ``.description``)."""
    for language in dict.fromkeys((language_of(locale), DEFAULT)):
        catalog = bundle(language)
        if catalog.has_message(key):
            message = catalog.get_message(key)
            if name in message.attributes:
                text, _ = catalog.format_pattern(message.attributes[name], args)
                assert isinstance(text, str)  # a top-level Pattern is never FluentNone
                return text
    _missing(f"{key}.{name}")
    return key


def join_list(locale: object, items: Iterable[str], /, *, choice: bool = False) -> str:
    """``items`` as one list in the language of ``locale`` (CLDR's list patterns, through
    Babel's ``format_list``): ``["a", "b", "c"]`` → ``"a, b, and c"``, ``"a, b e c"``
    in Italian, ``"a、b、c"`` in Japanese; with ``choice``, a list to pick one from
    (``"a, b, or c"``, ``"a、b、またはc"``); ``""`` when empty. Every list the bot joins in
    running text goes through here, never ``", ".join``."""
    shown = tuple(items)
    if not shown:
        return ""
    return _joined(language_of(locale), shown, "or" if choice else "standard")


@lru_cache(maxsize=FORMATTED)
def _joined(language: str, items: tuple[str, ...], style: Literal["standard", "or"]) -> str:
    """Babel's ``format_list``, kept like :func:`t`'s lines (boards join the same few
    lists of lands and names from one version to the next)."""
    return str(format_list(list(items), style=style, locale=language))


def sentences(locale: object, *parts: str) -> str:
    """Sentences (or a sentence and its aside) one after the other, as ``locale``'s
    language writes them: a space between them, nothing in Japanese, where no space
    follows 。 (``common-sentence-join``). Empty parts are left out."""
    return t(locale, "common-sentence-join").join(part for part in parts if part)


@cache
def _missing(key: str) -> None:
    log.warning("No message %r in any catalog", key)
