"""The win-chance chart of a match's analysis (docs/analysis.md), drawn with Pillow.

800 × 400 px, so that Discord's ~400 px wide display (half size) still reads: lines 4 px,
text 24 px in the shipped fonts (:mod:`bot.ui.typeset`, any script). The line is the
first player's estimated win chance after each graded decision (the second player's is
its mirror); blunders are red dots, mistakes orange ones.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from .typeset import draw_text, fit

WIDTH, HEIGHT = 800, 400
LEFT, RIGHT, TOP, BOTTOM = 78, 24, 56, 44
BACKGROUND = (43, 45, 49)
GRID = (88, 91, 98)
TEXT = (230, 232, 235)
LINE = (88, 160, 255)
MARKS = {"blunder": (237, 66, 69), "mistake": (250, 166, 26)}
FONT = 24


def render_chart(
    points: Sequence[tuple[int, float, str]], total: int, title: str, legend: str
) -> bytes:
    """The chart as PNG bytes.

    ``points``: ``(decision index, first player's win chance 0..1, grade)`` in match
    order (:func:`bot.ai.analysis.win_curve`); ``total``: the match's decisions (the x
    axis); ``title``: the line on top (the first player's name and what is drawn);
    ``legend``: the marks' meaning, bottom right.  Both texts are cut to fit."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    for pct in (0, 25, 50, 75, 100):
        y = TOP + plot_h * (1 - pct / 100)
        draw.line([(LEFT, y), (WIDTH - RIGHT, y)], fill=GRID, width=3 if pct == 50 else 1)
        draw_text(image, (LEFT - 10, y), f"{pct} %", FONT - 4, TEXT, anchor="rm")
    draw_text(image, (LEFT, 12), fit(title, FONT, plot_w, bold=True), FONT, TEXT, bold=True)
    span = max(1, total)

    def xy(index: int, chance: float) -> tuple[float, float]:
        return LEFT + plot_w * (index + 1) / span, TOP + plot_h * (1 - chance)

    coords = [(LEFT, TOP + plot_h / 2)] + [xy(i, c) for i, c, _ in points]
    if len(coords) > 1:
        draw.line(coords, fill=LINE, width=4, joint="curve")
    for index, chance, grade in points:
        colour = MARKS.get(grade)
        if colour is not None:
            x, y = xy(index, chance)
            draw.ellipse([(x - 8, y - 8), (x + 8, y + 8)], fill=colour, outline=TEXT, width=2)
    bottom = HEIGHT - BOTTOM + 22
    draw_text(
        image, (WIDTH - RIGHT, bottom), fit(legend, FONT - 4, plot_w), FONT - 4, TEXT, anchor="rm"
    )
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
