"""Echoing text that members typed (deck names, card names, later tournament names).

Every place that shows member-supplied text goes through :func:`echo`: it neutralises
markdown and mentions, and shortens the text to fit the field it goes into. The client-wide
``allowed_mentions`` (nobody by default) is the second fence.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import discord

from bot import limits

ELLIPSIS = "…"

# Mention syntax Discord parses in content: @everyone, @here, <@id>, <@!id>, <@&id>, <#id>,
# and slash-command mentions </name:id>.
_MENTION = re.compile(r"@(everyone|here)|<(@[!&]?|#|/)")


def _visible(text: str) -> str:
    """Replace control characters (NUL, bidi controls and the like keep their width
    but not their effect) with U+FFFD, so echoed text can neither break lines nor
    reorder the text around it."""
    out = []
    for ch in text:
        category = unicodedata.category(ch)
        if ch in "\n\t":
            out.append(" ")
        elif category == "Cc" or (category == "Cf" and ch not in "\u200d"):
            # Cc: NUL and other controls; Cf: zero-width and bidi controls (ZWJ is kept:
            # emoji sequences need it).
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending in "…" when it was cut.

    Raises:
        ValueError: ``limit`` is less than 1.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    if len(text) <= limit:
        return text
    return text[: limit - 1] + ELLIPSIS


@lru_cache(maxsize=4096)
def echo(text: str, limit: int = limits.CONTENT) -> str:
    """Member-supplied ``text`` made safe to show: markdown and mentions escaped, control
    characters made visible, then shortened to at most ``limit`` characters (the room of
    the field it goes into; see :mod:`bot.limits`).

    The escaping is done before shortening, and never cut in half: the result is at most
    ``limit`` characters and shows exactly what the member typed, up to the "…".

    Pure, so the last results are kept: boards and panels echo the same two players'
    names on every version.

    Raises:
        ValueError: ``limit`` is less than 1.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    plain = _visible(text)
    escaped = _escape(plain)
    if len(escaped) <= limit:
        return escaped
    # Shorten the plain text until its escaped form fits, so no escape is cut in half.
    low, high = 0, len(plain)
    while low < high:
        mid = (low + high + 1) // 2
        candidate = _escape(plain[:mid])
        if len(candidate) + 1 <= limit:
            low = mid
        else:
            high = mid - 1
    return _escape(plain[:low]) + ELLIPSIS


def plain(text: str, limit: int) -> str:
    """Member-supplied ``text`` for a place where Discord renders neither markdown nor
    mentions (a channel or thread name): control characters made visible, then
    shortened to at most ``limit`` characters with "…". Raises ValueError if ``limit``
    is less than 1."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    shown = _visible(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + ELLIPSIS


def _escape(plain: str) -> str:
    """Markdown escaped, and a zero-width space after each mention's opening, so Discord
    parses no mention (``@\u200beveryone``, ``<\u200b@123>``)."""
    escaped = discord.utils.escape_markdown(plain)
    return _MENTION.sub(lambda m: m.group(0)[0] + "\u200b" + m.group(0)[1:], escaped)
