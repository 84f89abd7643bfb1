"""The public board as a picture (PNG), drawn with Pillow: a match at a glance.

Each territory is a bingo card: five columns in WUBRG order, a land symbol per land
placed, so the two win lines of RULES §1.6 are the card's lines: a full **column** is five
lands of one colour, a full **bottom row** is one land of each colour. Around the cards:
hand sizes, the library, both discard piles, whose turn it is, the land on the stack, the
last move (highlighted on the card and in words) and, on a finished board, the winning
line drawn across it.

Input is only what the public may see: :func:`bot.matches.views.public_view` plus the
players' names, the last public event and a locale (text goes through
:func:`bot.i18n.t`, ``board.ftl``). No discord import, nothing fetched: the symbols are
drawn by :mod:`bot.ui.symbols`, the font ships in ``bot/ui/fonts``.

Use :func:`board_inputs` to pick what the picture shows, :func:`board_key` to tell two
pictures apart without drawing them (an unchanged board is not uploaded again) and
:func:`render_board` to draw it. ``python -m benchmarks.render`` prints the time it takes.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.engine.cards import KINDS
from bot.i18n import language_of, t

from .symbols import BACKGROUND, EMPTY_CELL, GLYPH, LAND_COLOURS, MUTED, TEXT, font, symbol

#: Canvas size in pixels.
WIDTH, HEIGHT = 880, 560
#: Rows of a territory card (five lands of one colour win, RULES §1.6).
ROWS = 5
CELL = 58
SYMBOL = 50

PANEL = (44, 48, 58)
PANEL_ACTIVE = (58, 56, 44)
GOLD = (245, 196, 66)
RED = (230, 80, 70)
CARD_BACK = (92, 70, 50)
CARD_EDGE = (190, 160, 110)
#: Colours kept exact in the picture's palette (the rest of its 256 are the shades
#: anti-aliasing makes, see :func:`_palette`).
EXACT = (BACKGROUND, PANEL, PANEL_ACTIVE, EMPTY_CELL, TEXT, MUTED, GOLD, RED, CARD_BACK, CARD_EDGE)

_PANEL_X = (16, 504)
_PANEL_W = 360
_PANEL_TOP, _PANEL_BOTTOM = 66, 500
_GRID_TOP = _PANEL_TOP + 44
_MIDDLE_X = 384

#: Public events a caption describes, the "last move" (the rest set the scene).
MOVES = frozenset(
    {"announce", "resolve", "counter", "discard", "destroy", "take", "pass", "timeout", "resign"}
)
_LAND_KEYS = ("land-plains", "land-island", "land-swamp", "land-mountain", "land-forest")


def last_move(log: Sequence[Any]) -> dict[str, Any] | None:
    """The last event of a board's public ``log`` (see ``cogs.bingo._render.log_lines``)
    that is a move (:data:`MOVES`), or ``None``. Text lines of old logs are skipped."""
    for entry in reversed(log):
        if isinstance(entry, dict) and entry.get("type") in MOVES:
            return entry
    return None


def board_inputs(
    match_id: int,
    view: Mapping[str, Any],
    names: Sequence[str],
    last: Mapping[str, Any] | None,
    locale: object,
) -> dict[str, Any]:
    """Everything the picture shows, as a JSON-ready dict (and nothing else, so that a
    change the picture does not show, such as a mulligan declaration or a new deadline,
    leaves it equal).

    ``view``: :func:`bot.matches.views.public_view` of the match. ``names``: the two
    display names as the members chose them (no markdown escaping: a picture shows text
    as is). ``last``: the last public move (:func:`last_move`) or ``None``. ``locale``: a
    Discord locale or catalog code (public text: the server's language).
    """
    result = view.get("result")
    event = None
    if last is not None:
        event = {
            k: last[k]
            for k in ("type", "player", "land", "target", "source", "discarded")
            if k in last
        }
    return {
        "id": match_id,
        "names": [str(names[0]), str(names[1])],
        "language": language_of(locale),
        "phase": view["phase"],
        "turn": view["turn"],
        "active": view["active"],
        "hands": list(view["hand_sizes"]),
        "territories": [list(x) for x in view["territories"]],
        "discards": [list(x) for x in view["discards"]],
        "library": view["library_size"],
        "pending": view["pending_land"],
        "result": None
        if result is None
        else {"winner": result.get("winner"), "reason": result.get("reason")},
        "last": event,
    }


def board_key(inputs: Mapping[str, Any]) -> str:
    """A short hash of :func:`board_inputs`: equal keys, equal pictures."""
    text = json.dumps(inputs, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


# -- drawing ---------------------------------------------------------------------------


def _cell_box(player: int, kind: int, row: int) -> tuple[int, int, int, int]:
    """The pixel box of a territory cell: ``row`` 0 is the bottom row."""
    left = _PANEL_X[player] + (_PANEL_W - KINDS * CELL) // 2
    x = left + kind * CELL
    y = _GRID_TOP + (ROWS - 1 - row) * CELL
    return x, y, x + CELL, y + CELL


def _cell_centre(player: int, kind: int, row: int) -> tuple[int, int]:
    x0, y0, x1, y1 = _cell_box(player, kind, row)
    return (x0 + x1) // 2, (y0 + y1) // 2


@lru_cache(maxsize=1024)
def _text_mask(
    text: str, face: ImageFont.FreeTypeFont, anchor: str | None
) -> tuple[Image.Image, int, int]:
    """The coverage mask ("L") of ``text`` in ``face`` and its offset in pixels from the
    anchor point: drawn by FreeType once, then pasted (most of a board's words, names
    and numbers repeat from one board to the next)."""
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


class _Draw(ImageDraw.ImageDraw):
    """``ImageDraw`` whose one-line :meth:`text` pastes :func:`_text_mask` (the same
    pixels as drawing it, a fraction of the time)."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.canvas = image

    def text(  # type: ignore[override]
        self, xy: tuple[float, float], text: Any, fill: Any = None, font: Any = None,
        anchor: str | None = None, **options: Any,
    ) -> None:  # fmt: skip
        if options or font is None or not isinstance(text, str) or "\n" in text:
            return super().text(xy, text, fill=fill, font=font, anchor=anchor, **options)
        mask, left, top = _text_mask(text, font, anchor)
        x, y = int(xy[0]) + left, int(xy[1]) + top
        self.canvas.paste(fill, (x, y, x + mask.width, y + mask.height), mask)
        return None


@cache
def _static_layer() -> Image.Image:
    """What every board shares: background, panels, empty cells (drawn once)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for player in (0, 1):
        x = _PANEL_X[player]
        draw.rounded_rectangle((x, _PANEL_TOP, x + _PANEL_W, _PANEL_BOTTOM), 14, fill=PANEL)
        _empty_cells(draw, player)
    return image


def _empty_cells(draw: ImageDraw.ImageDraw, player: int) -> None:
    for kind in range(KINDS):
        for row in range(ROWS):
            x0, y0, x1, y1 = _cell_box(player, kind, row)
            pad = (CELL - SYMBOL) // 2
            draw.ellipse((x0 + pad, y0 + pad, x1 - pad, y1 - pad), outline=EMPTY_CELL, width=2)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    face = font(size, bold)
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def _land(language: str, kind: int) -> str:
    return t(language, _LAND_KEYS[kind])


def _status(inputs: Mapping[str, Any]) -> str:
    language, names = inputs["language"], inputs["names"]
    result = inputs["result"]
    if result is not None:
        return _result_text(language, names, result)
    if inputs["phase"] == "mulligan" or not inputs["turn"]:
        return t(language, "board-mulligans")
    return t(language, "board-turn", turn=inputs["turn"], name=names[inputs["active"]])


def _result_text(language: str, names: Sequence[str], result: Mapping[str, Any]) -> str:
    reason = str(result.get("reason"))
    if reason == "no_result":
        return t(language, "board-no-result")
    if result.get("winner") is None:
        return t(language, "board-draw")
    how = {
        "five_of_a_color": "board-how-column",
        "five_colors": "board-how-row",
        "resign": "board-how-resign",
        "timeout": "board-how-timeout",
    }.get(reason, "board-how-other")
    return t(language, "board-win", name=names[result["winner"]], how=t(language, how))


def _caption(inputs: Mapping[str, Any]) -> str | None:
    """The last move in words (``None`` before any)."""
    event = inputs["last"]
    if event is None:
        return None
    language, names = inputs["language"], inputs["names"]
    kind = event["type"]
    args: dict[str, Any] = {"name": names[event["player"]] if "player" in event else ""}
    if "land" in event:
        args["land"] = _land(language, event["land"])
    if kind == "destroy":
        args["target"] = names[event["target"]]
    return t(language, f"board-last-{kind}", **args)


def winning_line(inputs: Mapping[str, Any]) -> tuple[int, str, int | None] | None:
    """The line that won a finished board: ``(player, "column", kind)`` for five lands of
    one colour, ``(player, "row", None)`` for one of each colour; ``None`` otherwise
    (no winner, or a win by resignation or time-outs)."""
    result = inputs["result"]
    if result is None or result.get("winner") is None:
        return None
    player = result["winner"]
    counts = inputs["territories"][player]
    if result.get("reason") == "five_of_a_color":
        column = max(range(KINDS), key=lambda k: counts[k])
        return player, "column", column
    if result.get("reason") == "five_colors":
        return player, "row", None
    return None


def _draw_panel(
    image: Image.Image, draw: ImageDraw.ImageDraw, inputs: Mapping[str, Any], player: int
) -> None:
    language = inputs["language"]
    x = _PANEL_X[player]
    playing = inputs["result"] is None and inputs["phase"] != "mulligan" and inputs["turn"]
    active = playing and inputs["active"] == player
    if active:
        draw.rounded_rectangle(
            (x, _PANEL_TOP, x + _PANEL_W, _PANEL_BOTTOM), 14, outline=GOLD, width=4
        )
        draw.polygon(
            [(x + 14, _PANEL_TOP + 14), (x + 14, _PANEL_TOP + 32), (x + 28, _PANEL_TOP + 23)],
            fill=GOLD,
        )
    hand = t(language, "board-hand", count=inputs["hands"][player])
    hand_width = draw.textlength(hand, font=font(17))
    name_x = x + (36 if active else 16)
    room = int(x + _PANEL_W - 28 - hand_width - name_x)
    name = _fit(draw, inputs["names"][player], 22, room, bold=True)
    draw.text((name_x, _PANEL_TOP + 10), name, font=font(22, True), fill=TEXT)
    draw.text((x + _PANEL_W - 16, _PANEL_TOP + 14), hand, font=font(17), fill=TEXT, anchor="ra")

    counts = inputs["territories"][player]
    for kind in range(KINDS):
        for row in range(min(counts[kind], ROWS)):
            x0, y0, _, _ = _cell_box(player, kind, row)
            pad = (CELL - SYMBOL) // 2
            sprite = symbol(kind, SYMBOL)
            image.paste(sprite, (x0 + pad, y0 + pad), sprite)
        cx, _ = _cell_centre(player, kind, 0)
        _, _, _, bottom = _cell_box(player, kind, 0)
        shade = TEXT if counts[kind] else MUTED
        draw.text((cx, bottom + 2), str(counts[kind]), font=font(16, True), fill=shade, anchor="ma")

    # progress toward the two win lines (RULES §1.6)
    best = max(counts)
    colours = sum(1 for c in counts if c)
    y = _GRID_TOP + ROWS * CELL + 26
    for label, value in (("board-line-column", best), ("board-line-row", colours)):
        draw.text((x + 16, y), t(language, label), font=font(15), fill=MUTED)
        for pip in range(ROWS):
            px = x + _PANEL_W - 16 - (ROWS - pip) * 20
            box = (px, y + 2, px + 14, y + 16)
            draw.rounded_rectangle(box, 3, fill=GOLD if pip < value else EMPTY_CELL)
        y += 22

    # discard pile
    y += 4
    draw.text((x + 16, y + 3), t(language, "board-discard"), font=font(15), fill=MUTED)
    pile = inputs["discards"][player]
    px = x + 130
    if not any(pile):
        draw.text((px, y + 3), t(language, "board-empty"), font=font(15), fill=MUTED)
    for kind in range(KINDS):
        if not pile[kind]:
            continue
        sprite = symbol(kind, 22)
        image.paste(sprite, (px, y), sprite)
        draw.text((px + 25, y + 3), f"{pile[kind]}", font=font(15, True), fill=TEXT)
        _mark_discard(draw, inputs, player, kind, (px - 3, y - 3, px + 42, y + 25))
        px += 46


def _mark_discard(
    draw: ImageDraw.ImageDraw,
    inputs: Mapping[str, Any],
    player: int,
    kind: int,
    box: tuple[int, int, int, int],
) -> None:
    """Ring a discard pile entry the last move put there."""
    event = inputs["last"]
    if event is None:
        return
    hit = False
    if event["type"] == "discard" and event.get("player") == player and event.get("land") == kind:
        hit = True
    elif event["type"] == "destroy" and event.get("target") == player and event.get("land") == kind:
        hit = True
    elif event["type"] == "counter":
        discarded = event.get("discarded") or []
        hit = (player == event.get("player") and kind in discarded) or (
            player != event.get("player") and kind == event.get("land")
        )
    if hit:
        draw.rounded_rectangle(box, 6, outline=GOLD, width=2)


def _highlight_last(draw: ImageDraw.ImageDraw, inputs: Mapping[str, Any]) -> None:
    """Ring the cell the last move changed: a land that entered (gold), a land that was
    destroyed (red, on its empty cell)."""
    event = inputs["last"]
    if event is None:
        return
    pad = (CELL - SYMBOL) // 2 - 3
    if event["type"] == "resolve":
        player, kind = event["player"], event["land"]
        row = inputs["territories"][player][kind] - 1
        if 0 <= row < ROWS:
            x0, y0, x1, y1 = _cell_box(player, kind, row)
            draw.ellipse((x0 + pad, y0 + pad, x1 - pad, y1 - pad), outline=GOLD, width=4)
    elif event["type"] == "destroy":
        player, kind = event["target"], event["land"]
        row = inputs["territories"][player][kind]
        if 0 <= row < ROWS:
            x0, y0, x1, y1 = _cell_box(player, kind, row)
            draw.ellipse((x0 + pad, y0 + pad, x1 - pad, y1 - pad), outline=RED, width=4)
            draw.line((x0 + 16, y0 + 16, x1 - 16, y1 - 16), fill=RED, width=4)
            draw.line((x0 + 16, y1 - 16, x1 - 16, y0 + 16), fill=RED, width=4)


def _draw_winning_line(draw: ImageDraw.ImageDraw, inputs: Mapping[str, Any]) -> None:
    line = winning_line(inputs)
    if line is None:
        return
    player, kind, column = line
    if kind == "column":
        assert column is not None
        top = _cell_box(player, column, ROWS - 1)
        bottom = _cell_box(player, column, 0)
        draw.rounded_rectangle(
            (top[0] + 1, top[1] + 1, bottom[2] - 1, bottom[3] - 1), 12, outline=GOLD, width=4
        )
        start, end = _cell_centre(player, column, ROWS - 1), _cell_centre(player, column, 0)
    else:
        left = _cell_box(player, 0, 0)
        right = _cell_box(player, KINDS - 1, 0)
        draw.rounded_rectangle(
            (left[0] + 1, left[1] + 1, right[2] - 1, right[3] - 1), 12, outline=GOLD, width=4
        )
        start, end = _cell_centre(player, 0, 0), _cell_centre(player, KINDS - 1, 0)
    draw.line((start, end), fill=GOLD, width=7)


def _draw_middle(image: Image.Image, draw: ImageDraw.ImageDraw, inputs: Mapping[str, Any]) -> None:
    language = inputs["language"]
    cx = _MIDDLE_X + 56
    top = _GRID_TOP + 10
    # the library: a small stack of card backs
    for i in range(3, -1, -1):
        x0, y0 = cx - 28 + i * 3, top + i * 3
        draw.rounded_rectangle(
            (x0, y0, x0 + 50, y0 + 70), 6, fill=CARD_BACK, outline=CARD_EDGE, width=2
        )
    draw.text(
        (cx + 4, top + 90), str(inputs["library"]), font=font(24, True), fill=TEXT, anchor="ma"
    )
    draw.text(
        (cx + 4, top + 120), t(language, "board-library"), font=font(14), fill=MUTED, anchor="ma"
    )
    pending = inputs["pending"]
    if pending is not None and inputs["result"] is None:
        y = top + 170
        draw.text((cx, y), t(language, "board-on-stack"), font=font(14), fill=GOLD, anchor="ma")
        sprite = symbol(pending, 64)
        draw.ellipse((cx - 38, y + 22, cx + 38, y + 98), outline=GOLD, width=3)
        image.paste(sprite, (cx - 32, y + 28), sprite)


def render_board(inputs: Mapping[str, Any]) -> bytes:
    """The board of :func:`board_inputs` as PNG bytes (``WIDTH`` × ``HEIGHT``, RGB).

    Pure: the same inputs give the same bytes. About 10-20 ms (``python -m
    benchmarks.render``)."""
    image = _static_layer().copy()
    draw = _Draw(image)
    language = inputs["language"]
    draw.text((18, 16), t(language, "board-title", id=inputs["id"]), font=font(24, True), fill=TEXT)
    status = _fit(draw, _status(inputs), 20, WIDTH - 300, bold=inputs["result"] is not None)
    draw.text(
        (WIDTH - 18, 20),
        status,
        font=font(20, inputs["result"] is not None),
        fill=GOLD if inputs["result"] else TEXT,
        anchor="ra",
    )
    for player in (0, 1):
        _draw_panel(image, draw, inputs, player)
    _highlight_last(draw, inputs)
    _draw_winning_line(draw, inputs)
    _draw_middle(image, draw, inputs)
    caption = _caption(inputs)
    if caption is not None:
        text = _fit(draw, t(language, "board-last", move=caption), 18, WIDTH - 40)
        draw.text((WIDTH // 2, HEIGHT - 40), text, font=font(18), fill=GOLD, anchor="ma")
    # a 256-colour PNG: a third of the bytes and a quarter of the time of an RGB one
    indexed = image.quantize(palette=_palette(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, format="PNG", compress_level=1)
    return out.getvalue()


@cache
def _palette() -> Image.Image:
    """The fixed palette of every board: the exact colours of :data:`EXACT`, the land
    colours and the glyph colour, then shades taken from a sample of everything a board
    draws (symbols at both sizes on both panel colours, gold and red rings, text)."""
    sample = Image.new("RGB", (WIDTH, 200), BACKGROUND)
    draw = ImageDraw.Draw(sample)
    for row, ground in enumerate((PANEL, PANEL_ACTIVE, BACKGROUND)):
        y = row * 66
        draw.rectangle((0, y, WIDTH, y + 66), fill=ground)
        for kind in range(KINDS):
            for size, x in ((SYMBOL, 10 + kind * 60), (22, 320 + kind * 30), (64, 480 + kind * 70)):
                sprite = symbol(kind, size)
                sample.paste(sprite, (x, y + 1), sprite)
        for colour, x in ((GOLD, 840), (RED, 860)):
            draw.ellipse((x - 9, y + 5, x + 9, y + 23), outline=colour, width=3)
        for colour, x in ((TEXT, 10), (MUTED, 300), (GOLD, 600)):
            draw.text((x, y + 40), "BingoMagic 0123456789 Aa", font=font(17, True), fill=colour)
    exact = [*EXACT, *LAND_COLOURS, GLYPH]
    shades = sample.quantize(256 - len(exact), method=Image.Quantize.MEDIANCUT)
    flat = shades.getpalette()[: 3 * (256 - len(exact))]
    rest = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
    # a shade too close to an exact colour would take its pixels (nearest-colour lookup)
    rest = [
        c
        for c in rest
        if min(max(abs(a - b) for a, b in zip(c, e, strict=True)) for e in exact) > 8
    ]
    palette = Image.new("P", (1, 1))
    palette.putpalette([c for colour in [*exact, *rest] for c in colour])
    return palette


def board_png(
    match_id: int,
    view: Mapping[str, Any],
    names: Sequence[str],
    last: Mapping[str, Any] | None,
    locale: object,
) -> bytes:
    """:func:`render_board` of :func:`board_inputs` (the same arguments)."""
    return render_board(board_inputs(match_id, view, names, last, locale))


__all__ = [
    "HEIGHT",
    "LAND_COLOURS",
    "MOVES",
    "WIDTH",
    "board_inputs",
    "board_key",
    "board_png",
    "last_move",
    "render_board",
    "winning_line",
]
