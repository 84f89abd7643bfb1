"""The analysis's win-chance chart (bot/ui/analysis_chart.py)."""

from __future__ import annotations

import io

from PIL import Image

from bot.ui.analysis_chart import HEIGHT, MARKS, WIDTH, render_chart


def _colours(png: bytes) -> set[tuple[int, int, int]]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    return {colour for _, colour in image.getcolors(WIDTH * HEIGHT) or []}


def test_blunders_and_mistakes_are_marked_and_best_moves_are_not() -> None:
    points = [(0, 0.5, "best"), (3, 0.6, "good"), (7, 0.2, "blunder"), (9, 0.3, "mistake")]
    colours = _colours(render_chart(points, 12, "Chance that alice wins", "red: blunder"))
    assert MARKS["blunder"] in colours and MARKS["mistake"] in colours
    clean = _colours(render_chart([(0, 0.5, "best")], 12, "アリス", "赤：大悪手"))
    assert MARKS["blunder"] not in clean and MARKS["mistake"] not in clean


def test_an_empty_analysis_still_draws() -> None:
    assert _colours(render_chart([], 0, "t", "l"))
