"""The picture of the five lands and their effects (``/bingo rules``), drawn with Pillow.

Each land's symbol (:mod:`bot.ui.symbols`), its name and its effect in a few words, in the
reader's language (``common.ftl`` land names, ``rules.ftl`` ``rules-picture-*``), drawn with
the fallback fonts of :mod:`bot.ui.typeset` (Japanese needs its CJK font). No discord
import; nothing fetched.
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image

from bot.engine.cards import KINDS
from bot.i18n import language_of, t

from . import typeset
from .symbols import symbol

WIDTH = 640
ROW = 76
TOP = 58
HEIGHT = TOP + KINDS * ROW + 10
BACKGROUND = (30, 33, 40)
TEXT = (232, 234, 240)
MUTED = (170, 176, 190)
_KINDS = ("plains", "island", "swamp", "mountain", "forest")


@cache
def _lands_png(language: str) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    # text through typeset's fallback fonts: DejaVu Sans alone has no kana nor kanji
    typeset.draw_text(image, (20, 16), t(language, "rules-picture-title"), 24, TEXT, bold=True)
    for kind in range(KINDS):
        y = TOP + kind * ROW
        sprite = symbol(kind, 64)
        image.paste(sprite, (20, y), sprite)
        name = t(language, f"land-{_KINDS[kind]}")
        typeset.draw_text(image, (100, y + 6), name, 22, TEXT, bold=True)
        effect = t(language, f"rules-picture-{_KINDS[kind]}")
        typeset.draw_text(image, (100, y + 36), effect, 18, MUTED)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def lands_png(locale: object) -> bytes:
    """The picture (PNG, ``WIDTH`` × ``HEIGHT``) in the language of ``locale`` (a Discord
    locale or catalog code; see :func:`bot.i18n.language_of`). Drawn once per language."""
    return _lands_png(language_of(locale))


def lands_alt_text(locale: object) -> str:
    """The picture of :func:`lands_png` in words, for the attachment's ``description``
    (alt text): each land's name and effect, in the language of ``locale``
    (``rules.ftl`` ``rules-picture-alt``). Under Discord's 1,024 characters."""
    language = language_of(locale)
    lands = "; ".join(
        f"{t(language, f'land-{name}')}: {t(language, f'rules-picture-{name}')}" for name in _KINDS
    )
    return t(language, "rules-picture-alt", lands=lands)
