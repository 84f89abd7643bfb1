"""Numbers and selectors shared by the practice texts, in the reader's language.

Pure (no discord import): the BingoMagic coach (:mod:`._coach`) runs in a thread.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from babel.numbers import get_decimal_symbol

from bot.i18n import language_of


@cache
def _decimal_point(language: str) -> str:
    return get_decimal_symbol(language)


def decimal(x: float, places: int, locale: object = None) -> str:
    """``x`` with ``places`` decimals and the decimal sign of ``locale``'s language
    (``"33.33"`` in English, ``"33,33"`` in Italian); rounded as ``format(x, ".2f")``."""
    return f"{x:.{places}f}".replace(".", _decimal_point(language_of(locale)))


def percent(p: Fraction | float, locale: object = None, places: int = 2) -> str:
    """A probability ``p`` in [0, 1] as a percentage: ``Fraction(1, 3)`` → ``"33.33%"``
    (``"33,33%"`` for an Italian ``locale``)."""
    return decimal(float(p) * 100, places, locale) + "%"


def play_or_draw(on_the_play: bool) -> str:
    """The ``$play`` selector of the catalogs: ``"play"`` or ``"draw"``."""
    return "play" if on_the_play else "draw"
