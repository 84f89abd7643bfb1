"""The win-chance chart of a match's analysis (docs/analysis.md), drawn with Pillow.

800 × 540 px. Discord shows an embed's picture at most 400 px wide (half size), and
about 300 px on a 400 px phone, so every text is drawn at :data:`FONT` px or more: at
least :data:`MIN_SHOWN_TEXT` px once shown :data:`SHOWN_WIDTH` px wide (16 px), 12 px at
300 px; lines are 4 px. The
fonts are the shipped ones (:mod:`bot.ui.typeset`, any script).

What is drawn: the first player's estimated chance to win after each graded decision
(the second player's is the rest, 100 % minus it), over the match's decisions, with the
turns on the x axis (a tick where a turn begins, labelled so that labels never
overlap). Each inaccuracy, mistake and blunder is marked in the colour and shape of the
player who made it (the first player a circle in the line's blue, the second a diamond
in orange: told apart without colour too), its size by grade (an inaccuracy a ring, a
mistake a small mark, a blunder a large one); a key moment carries its number. Two
legend rows under the axis say so in the reader's language.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .typeset import draw_text, fit, width

WIDTH, HEIGHT = 800, 540
#: The width Discord shows the picture at in an embed (half size) and the smallest text
#: size wanted there (px).
SHOWN_WIDTH, MIN_SHOWN_TEXT = 400, 11
#: Text sizes (px in the picture): everything but the title, and the title (bold).
FONT, TITLE_FONT = 32, 34
RIGHT, TOP, BOTTOM = 30, 78, 160
BACKGROUND = (43, 45, 49)
GRID = (88, 91, 98)
TEXT = (230, 232, 235)
MUTED = (181, 186, 193)
#: The players' colours (Okabe & Ito's colour-blind-safe sky blue and orange): the first
#: player's is also the line's.
PLAYER_COLOURS = ((86, 180, 233), (230, 159, 0))
LINE = PLAYER_COLOURS[0]
#: Mark radius (px) by grade; an inaccuracy is a ring.
RADIUS = {"inaccuracy": 9, "mistake": 10, "blunder": 15}
MARKED = tuple(RADIUS)
#: Tick label steps tried, smallest first (turns between two labelled ticks).
TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100)
#: The least room between two turn labels (px).
LABEL_GAP = 14


@dataclass(frozen=True, slots=True)
class ChartMark:
    """A point of the curve: after decision ``index``, the first player's ``chance``
    (0..1), the ``grade`` and ``player`` of that decision, and the key moment's
    ``number`` it is (``None``: not one)."""

    index: int
    chance: float
    grade: str
    player: int
    number: int | None = None


@dataclass(frozen=True, slots=True)
class ChartTexts:
    """The chart's words in the reader's language: the ``title`` (whose chance the line
    is), the x axis' word for a ``turn``, the two ``players``' names, the legend's lead
    for whose errors the marks are (``whose``), and ``grades`` (inaccuracy, mistake,
    blunder → word)."""

    title: str
    turn: str
    players: tuple[str, str]
    whose: str
    grades: Mapping[str, str]


def render_chart(
    points: Sequence[ChartMark],
    total: int,
    turns: Sequence[tuple[int, int]],
    texts: ChartTexts,
) -> bytes:
    """The chart as PNG bytes.

    ``points``: the graded decisions in match order (:func:`bot.ai.analysis.win_curve`
    plus key-moment numbers); ``total``: the match's decisions (the x axis spans them);
    ``turns``: ``(decision index, turn)`` where each turn of the match begins
    (:func:`bot.ai.analysis.contexts`), turn 0 (the mulligans) left unlabelled. Texts
    are cut to fit."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    # room for the axis' word left of turn 1's number (:func:`_turn_axis`)
    left = 18 + max(width("100 %", FONT), width(texts.turn, FONT) + LABEL_GAP)
    plot_w, plot_h = WIDTH - left - RIGHT, HEIGHT - TOP - BOTTOM
    bottom = TOP + plot_h
    span = max(1, total)

    def x_of(position: float) -> float:
        return left + plot_w * position / span

    def xy(index: int, chance: float) -> tuple[float, float]:
        return x_of(index + 1), TOP + plot_h * (1 - chance)

    for pct in (0, 25, 50, 75, 100):
        y = TOP + plot_h * (1 - pct / 100)
        draw.line([(left, y), (WIDTH - RIGHT, y)], fill=GRID, width=3 if pct == 50 else 1)
        draw_text(image, (left - 10, y), f"{pct} %", FONT, TEXT, anchor="rm")
    draw_text(image, (12, 10), fit(texts.title, TITLE_FONT, WIDTH - 24, bold=True),
              TITLE_FONT, TEXT, bold=True)  # fmt: skip
    _turn_axis(image, draw, turns, x_of, bottom, left, texts.turn)

    coords = [(left, TOP + plot_h / 2)] + [xy(p.index, p.chance) for p in points]
    if len(coords) > 1:
        draw.line(coords, fill=LINE, width=4, joint="curve")
    for point in points:
        if point.grade in RADIUS:
            _mark(draw, xy(point.index, point.chance), point.player, point.grade)
    placed: list[tuple[float, float, float, float]] = []
    for point in points:
        if point.number is not None:
            _number(image, draw, xy(point.index, point.chance), point, plot_h, placed)
    _legend(image, draw, texts, bottom)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def turn_labels(starts: Sequence[tuple[float, int]]) -> list[tuple[float, int]]:
    """Which turn starts ``(x, turn)`` get a label: turn 1 and every ``step``-th turn,
    with the smallest step of :data:`TICK_STEPS` whose labels (at :data:`FONT`) leave
    :data:`LABEL_GAP` px between them; a label that would still touch the one before
    is left out."""
    labelled = list(starts)
    for step in TICK_STEPS:
        labelled = [(x, turn) for x, turn in starts if turn == 1 or turn % step == 0]
        if all(_gap(a, b) >= LABEL_GAP for a, b in zip(labelled, labelled[1:], strict=False)):
            break
    kept: list[tuple[float, int]] = []
    for start in labelled:
        if not kept or _gap(kept[-1], start) >= LABEL_GAP:
            kept.append(start)
    return kept


def _gap(a: tuple[float, int], b: tuple[float, int]) -> float:
    """The room between two centred turn labels, in px."""
    return b[0] - a[0] - (width(str(a[1]), FONT) + width(str(b[1]), FONT)) / 2


def _turn_axis(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    turns: Sequence[tuple[int, int]],
    x_of: Callable[[float], float],
    bottom: float,
    left: float,
    word: str,
) -> None:
    """A small tick where each turn begins, a longer one with its number where
    :func:`turn_labels` puts a label; ``word`` (the axis' name) left of them, under
    the percentages."""
    starts = [(x_of(index), turn) for index, turn in turns if turn >= 1]
    for x, _ in starts:
        draw.line([(x, bottom), (x, bottom + 6)], fill=GRID, width=2)
    labels = turn_labels(starts)
    for x, turn in labels:
        draw.line([(x, bottom), (x, bottom + 10)], fill=MUTED, width=2)
        draw_text(image, (x, bottom + 12), str(turn), FONT, TEXT, anchor="ma")
    # the word ends LABEL_GAP px before the first number (full-width scripts have no
    # side bearing to keep them apart)
    end = left - 10
    if labels:
        first = labels[0][0] - width(str(labels[0][1]), FONT) / 2
        end = max(width(word, FONT) + 4, min(end, first - LABEL_GAP))
    draw_text(image, (end, bottom + 12), word, FONT, MUTED, anchor="ra")


def _mark(draw: ImageDraw.ImageDraw, centre: tuple[float, float], player: int, grade: str) -> None:
    """A player's mark at ``centre``: a circle (first player) or a diamond (second),
    in their colour, sized by ``grade``; an inaccuracy is hollow."""
    x, y = centre
    r = float(RADIUS[grade])
    colour = PLAYER_COLOURS[player]
    hollow = grade == "inaccuracy"
    fill = BACKGROUND if hollow else colour
    outline, line = (colour, 4) if hollow else (TEXT, 2)
    if player == 0:
        draw.ellipse([(x - r, y - r), (x + r, y + r)], fill=fill, outline=outline, width=line)
    else:
        r *= 1.25  # a diamond of the same area reads as large as the circle
        shape = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        draw.polygon(shape, fill=fill, outline=outline, width=line)


def _number(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    point: ChartMark,
    plot_h: float,
    placed: list[tuple[float, float, float, float]],
) -> None:
    """Key moment ``point.number`` in a badge of its player's colour beside its mark:
    above it in the lower half of the plot, below it in the upper half, or farther
    away (then the other side) where it would cover a badge already ``placed``."""
    x, y = centre
    text = str(point.number)
    half_w = width(text, FONT, bold=True) / 2 + 7
    half_h = FONT / 2 + 2
    gap = RADIUS.get(point.grade, 8) * 1.3 + 6
    x = min(max(x, half_w + 2), WIDTH - half_w - 2)
    first = -1 if y > TOP + plot_h / 2 else 1
    candidates = [
        y + side * (gap + half_h + step * (2 * half_h + 4))
        for step in range(3)
        for side in (first, -first)
    ]
    inside = [c for c in candidates if TOP + half_h <= c <= TOP + plot_h - half_h]
    cy = next(
        (c for c in inside if not any(_overlap((x, c, half_w, half_h), b) for b in placed)),
        (inside or candidates)[0],
    )
    placed.append((x, cy, half_w, half_h))
    draw.rounded_rectangle(
        [(x - half_w, cy - half_h), (x + half_w, cy + half_h)],
        radius=8,
        fill=PLAYER_COLOURS[point.player],
    )
    draw_text(image, (x, cy), text, FONT, BACKGROUND, bold=True, anchor="mm")


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two boxes ``(centre x, centre y, half width, half height)`` overlap."""
    return abs(a[0] - b[0]) < a[2] + b[2] + 2 and abs(a[1] - b[1]) < a[3] + b[3] + 2


def _legend(
    image: Image.Image, draw: ImageDraw.ImageDraw, texts: ChartTexts, bottom: float
) -> None:
    """Row 1: whose errors the marks are (each player's shape and colour); row 2: the
    sizes by grade (in grey)."""
    y1, y2 = bottom + 72, bottom + 120
    x = 12.0
    lead = fit(texts.whose, FONT, WIDTH / 3)
    draw_text(image, (x, y1), lead, FONT, MUTED, anchor="lm")
    x += width(lead, FONT) + 16
    room = (WIDTH - x - 12) / 2 - 44
    for player, name in enumerate(texts.players):
        _mark(draw, (x + 14, y1), player, "mistake")
        shown = fit(name, FONT, room)
        draw_text(image, (x + 36, y1), shown, FONT, TEXT, anchor="lm")
        x += 36 + width(shown, FONT) + 28
    words = {g: texts.grades.get(g, g) for g in MARKED}
    marks = sum(2 * RADIUS[g] + 10 + 30 for g in MARKED)
    spare = WIDTH - 24 - marks - sum(width(w, FONT) for w in words.values())
    if spare < 0:  # cut each word to its share of the room
        room = (WIDTH - 24 - marks) / len(MARKED)
        words = {g: fit(w, FONT, room) for g, w in words.items()}
    x = 12.0
    for grade in MARKED:
        r = RADIUS[grade]
        if grade == "inaccuracy":
            draw.ellipse([(x, y2 - r), (x + 2 * r, y2 + r)], outline=MUTED, width=4)
        else:
            draw.ellipse([(x, y2 - r), (x + 2 * r, y2 + r)], fill=MUTED)
        draw_text(image, (x + 2 * r + 10, y2), words[grade], FONT, TEXT, anchor="lm")
        x += 2 * r + 10 + width(words[grade], FONT) + 30
