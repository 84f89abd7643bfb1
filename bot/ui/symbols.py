"""The five land symbols, drawn with Pillow primitives (no emoji font, no art files).

Plains is a sun, Island a drop, Swamp a skull, Mountain a flame, Forest a tree: each a dark
glyph on a disc of its colour (Magic's WUBRG mana colours), with the land's letter (W U B
R G) on a dark badge at its lower right. So a land is told by shape and by letter, not
only by colour (colour-blind players); the colours themselves stay apart under
protanopia and deuteranopia (``tests/test_colour_blind.py``). Symbols are drawn four
times larger and scaled down (anti-aliasing), once per size: :func:`symbol` is cached.

Text on the pictures is drawn by :mod:`bot.ui.typeset` (the shipped fonts with fallbacks).
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from bot.engine.cards import KINDS, LETTERS
from bot.ui import typeset

#: Disc colours of Plains, Island, Swamp, Mountain, Forest (WUBRG), RGB. Chosen so that
#: any two stay at least CIE76 ΔE 15 apart under simulated protanopia and deuteranopia
#: (Machado et al. 2009; ``tests/test_colour_blind.py``); Swamp is the darkest.
LAND_COLOURS: tuple[tuple[int, int, int], ...] = (
    (248, 231, 185),  # W
    (112, 168, 224),  # U
    (136, 128, 126),  # B
    (224, 132, 96),  # R
    (118, 192, 150),  # G
)
#: The letter of each land's colour (Magic's WUBRG), on its symbol's badge.
LAND_LETTERS = LETTERS
#: The glyph colour on every disc.
GLYPH = (21, 17, 15)

#: The colours every picture of the bot shares (boards, the hand-of-the-day split).
BACKGROUND = (30, 33, 40)
EMPTY_CELL = (62, 67, 80)
TEXT = (232, 234, 240)
MUTED = (150, 156, 170)

_SUPERSAMPLE = 4
#: The letter badge: its side, in fractions of the symbol's size, at the lower right.
BADGE = 0.44


def _polygon(points: list[tuple[float, float]], c: float, r: float) -> list[tuple[float, float]]:
    """Unit coordinates (-1..1 around the centre) to pixels."""
    return [(c + x * r, c + y * r) for x, y in points]


def _sun(draw: ImageDraw.ImageDraw, c: float, r: float, bg: tuple[int, int, int]) -> None:
    draw.ellipse((c - 0.26 * r, c - 0.26 * r, c + 0.26 * r, c + 0.26 * r), fill=GLYPH)
    for i in range(8):
        angle = i * math.pi / 4
        spread = math.pi / 14
        base = 0.36 * r
        tip = 0.74 * r if i % 2 == 0 else 0.6 * r
        draw.polygon(
            [
                (c + base * math.cos(angle - spread), c + base * math.sin(angle - spread)),
                (c + tip * math.cos(angle), c + tip * math.sin(angle)),
                (c + base * math.cos(angle + spread), c + base * math.sin(angle + spread)),
            ],
            fill=GLYPH,
        )


def _drop(draw: ImageDraw.ImageDraw, c: float, r: float, bg: tuple[int, int, int]) -> None:
    cy, radius = c + 0.2 * r, 0.4 * r
    draw.ellipse((c - radius, cy - radius, c + radius, cy + radius), fill=GLYPH)
    # the tangents from the tip meet the circle at +-(asin(radius / distance)) off vertical
    tip = c - 0.72 * r
    distance = cy - tip
    half = math.asin(radius / distance)
    reach = math.sqrt(distance**2 - radius**2)
    left = (c - reach * math.sin(half), tip + reach * math.cos(half))
    right = (c + reach * math.sin(half), tip + reach * math.cos(half))
    draw.polygon([(c, tip), left, right], fill=GLYPH)
    draw.ellipse((c + 0.08 * r, cy - 0.05 * r, c + 0.22 * r, cy + 0.2 * r), fill=bg)


def _skull(draw: ImageDraw.ImageDraw, c: float, r: float, bg: tuple[int, int, int]) -> None:
    draw.ellipse((c - 0.5 * r, c - 0.62 * r, c + 0.5 * r, c + 0.3 * r), fill=GLYPH)
    draw.rounded_rectangle(
        (c - 0.3 * r, c + 0.1 * r, c + 0.3 * r, c + 0.62 * r), radius=0.1 * r, fill=GLYPH
    )
    for side in (-1, 1):
        ex = c + side * 0.21 * r
        draw.ellipse((ex - 0.14 * r, c - 0.24 * r, ex + 0.14 * r, c + 0.06 * r), fill=bg)
    draw.polygon(
        [(c, c + 0.08 * r), (c - 0.07 * r, c + 0.22 * r), (c + 0.07 * r, c + 0.22 * r)], fill=bg
    )
    for x in (-0.15, 0.0, 0.15):
        draw.line(
            (c + x * r, c + 0.4 * r, c + x * r, c + 0.62 * r), fill=bg, width=max(1, int(0.05 * r))
        )


_FLAME = [
    (0.05, -0.8),
    (0.25, -0.45),
    (0.45, -0.15),
    (0.52, 0.2),
    (0.42, 0.5),
    (0.2, 0.7),
    (0.0, 0.74),
    (-0.22, 0.7),
    (-0.44, 0.5),
    (-0.52, 0.18),
    (-0.42, -0.15),
    (-0.28, -0.32),
    (-0.22, -0.05),
    (-0.1, -0.35),
]
_INNER = [(0.02, -0.1), (0.2, 0.2), (0.22, 0.45), (0.0, 0.6), (-0.22, 0.45), (-0.18, 0.2)]


def _flame(draw: ImageDraw.ImageDraw, c: float, r: float, bg: tuple[int, int, int]) -> None:
    draw.polygon(_polygon(_FLAME, c, r), fill=GLYPH)
    draw.polygon(_polygon(_INNER, c, r), fill=bg)


def _tree(draw: ImageDraw.ImageDraw, c: float, r: float, bg: tuple[int, int, int]) -> None:
    draw.rectangle((c - 0.09 * r, c, c + 0.09 * r, c + 0.72 * r), fill=GLYPH)
    for x, y, radius in ((0.0, -0.38, 0.34), (-0.3, -0.08, 0.3), (0.3, -0.08, 0.3), (0, 0.02, 0.3)):
        cx, cy = c + x * r, c + y * r
        draw.ellipse(
            (cx - radius * r, cy - radius * r, cx + radius * r, cy + radius * r), fill=GLYPH
        )


_GLYPHS = (_sun, _drop, _skull, _flame, _tree)


@cache
def badge(letter: str, size: int) -> Image.Image:
    """A ``size`` × ``size`` RGBA badge: ``letter`` in light bold type on a dark disc
    (transparent around it). Cached: do not modify it."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, size - 1, size - 1), fill=GLYPH)
    typeset.draw_text(image, (size / 2, size / 2), letter, int(size * 0.68), TEXT, True, "mm")
    return image


@cache
def symbol(kind: int, size: int) -> Image.Image:
    """The symbol of land ``kind`` (0 Plains … 4 Forest, WUBRG) as a ``size`` × ``size``
    RGBA image with a transparent background. Cached: do not modify it.

    Raises:
        IndexError: ``kind`` is not 0-4.
    """
    if not 0 <= kind < KINDS:
        raise IndexError(kind)
    big = size * _SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    colour = LAND_COLOURS[kind]
    draw.ellipse((0, 0, big - 1, big - 1), fill=colour)
    centre = big / 2
    _GLYPHS[kind](draw, centre, big / 2 * 0.9, colour)
    side = round(big * BADGE)
    mark = badge(LAND_LETTERS[kind], side)
    image.alpha_composite(mark, (big - side, big - side))
    return image.resize((size, size), Image.Resampling.LANCZOS)
