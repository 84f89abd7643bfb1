"""The analysis's win-chance chart (bot/ui/analysis_chart.py)."""

from __future__ import annotations

import io

from PIL import Image

from bot.ui import analysis_chart
from bot.ui.analysis_chart import (
    FONT,
    HEIGHT,
    PLAYER_COLOURS,
    WIDTH,
    ChartMark,
    ChartTexts,
    render_chart,
    turn_labels,
)
from bot.ui.typeset import width

TEXTS = ChartTexts(
    title="alice's chance to win",
    turn="Turn",
    players=("alice", "BingoMagic"),
    whose="Errors by:",
    grades={"inaccuracy": "inaccuracy", "mistake": "mistake", "blunder": "blunder"},
)
TURNS = [(0, 0), (4, 1), (6, 2), (9, 3), (12, 4)]


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    return image


def _plot(image: Image.Image) -> Image.Image:
    """The plot area only (no title, no axis, no legend), where marks are drawn."""
    return image.crop((120, analysis_chart.TOP, WIDTH, HEIGHT - analysis_chart.BOTTOM))


def _count(image: Image.Image, colour: tuple[int, int, int]) -> int:
    return sum(n for n, c in image.getcolors(WIDTH * HEIGHT) or [] if c == colour)


def test_each_players_errors_are_marked_in_their_colour() -> None:
    """alice's mistake in the first colour, BingoMagic's blunder in the second; a best
    move is no mark, so a match of best moves shows neither colour off the line."""
    first, second = PLAYER_COLOURS
    marked = [
        ChartMark(3, 0.5, "best", 0),
        ChartMark(5, 0.35, "mistake", 0),
        ChartMark(7, 0.7, "blunder", 1, number=1),
    ]
    plot = _plot(_image(render_chart(marked, 14, TURNS, TEXTS)))
    assert _count(plot, second) > 300  # the diamond and its key moment's badge
    clean = [ChartMark(3, 0.5, "best", 0), ChartMark(7, 0.5, "best", 1)]
    plot = _plot(_image(render_chart(clean, 14, TURNS, TEXTS)))
    assert _count(plot, second) == 0


def test_text_reads_at_discords_width_on_a_phone() -> None:
    """Shown 400 px wide, every text is at least 11 px: sizes scale with the width."""
    shown = analysis_chart.SHOWN_WIDTH / WIDTH
    assert min(analysis_chart.FONT, analysis_chart.TITLE_FONT) * shown >= 11
    # the tick labels are really drawn that large: the digits' ink is about 0.73 em tall
    image = _image(render_chart([ChartMark(3, 0.5, "best", 0)], 14, TURNS, TEXTS))
    bottom = HEIGHT - analysis_chart.BOTTOM
    row = image.crop((120, bottom + 8, WIDTH, bottom + 8 + analysis_chart.FONT + 8))
    ink = [
        y
        for y in range(row.height)
        for x in range(row.width)
        if row.getpixel((x, y)) == analysis_chart.TEXT
    ]
    assert (max(ink) - min(ink) + 1) * shown >= 0.7 * 11


def test_the_x_axis_labels_turns_without_overlap() -> None:
    """Turn 1 is labelled; a few turns are all labelled; with 60 turns across the plot
    the labels thin out to every 5th or 10th and never overlap."""
    few = [(100.0 + 60 * t, t) for t in range(1, 8)]
    assert turn_labels(few) == few
    many = [(100.0 + 11 * t, t) for t in range(1, 61)]
    labels = turn_labels(many)
    assert labels[0][1] == 1
    assert {t for _, t in labels[1:]} <= {t for t in range(5, 61, 5)}
    assert 5 <= len(labels) <= 13
    for (x1, t1), (x2, t2) in zip(labels, labels[1:], strict=False):
        half = (width(str(t1), FONT) + width(str(t2), FONT)) / 2
        assert x2 - x1 - half >= 14


def test_an_empty_analysis_and_long_names_still_draw() -> None:
    long = ChartTexts(
        title="x" * 300, turn="Kolejka", players=("n" * 64, "m" * 64), whose="Błędy gracza:",
        grades={"inaccuracy": "Niedokładność", "mistake": "Błąd", "blunder": "Gafa"},
    )  # fmt: skip
    assert _image(render_chart([], 0, [], long))
    japanese = ChartTexts("アリスの勝率", "ターン", ("アリス", "ボブ"), "ミスをした人：", {})
    assert _image(render_chart([ChartMark(0, 0.2, "blunder", 1, 1)], 3, [(0, 0)], japanese))


def test_the_axis_word_keeps_clear_of_turn_one() -> None:
    """The x axis' word ends at least about LABEL_GAP px before the number of turn 1, even
    when turn 1 begins at the plot's left edge and the word is full-width Japanese
    (its glyphs have no side bearing to keep them apart), and is not cut at the left edge."""
    for word in ("ターン", "Turn", "Kolejka"):
        texts = ChartTexts("t", word, ("a", "b"), "w", {})
        image = _image(render_chart([ChartMark(0, 0.5, "best", 0)], 6, [(0, 1), (3, 2)], texts))
        bottom = HEIGHT - analysis_chart.BOTTOM
        band = image.crop((0, bottom + 14, WIDTH // 3, bottom + 12 + FONT))
        columns = {
            colour: [x for x in range(band.width) for y in range(band.height)
                     if band.getpixel((x, y)) == colour]
            for colour in (analysis_chart.MUTED, analysis_chart.TEXT)
        }  # fmt: skip
        word_ink, number_ink = columns[analysis_chart.MUTED], columns[analysis_chart.TEXT]
        assert word_ink and number_ink, word
        assert min(word_ink) > 0, f"{word} is cut at the picture's left edge"
        assert min(number_ink) - max(word_ink) >= 10, word
