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

The module is a little over 600 lines because the picture and its alt text
(:func:`board_alt_text`) live together: the words must say exactly what the picture
shows, so both read the same inputs through the same helpers (status, caption, near
wins), and a change to one is made beside the other.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

import orjson
from PIL import Image, ImageDraw

from bot import limits
from bot.engine import events as ev
from bot.engine.cards import KINDS, LETTERS
from bot.engine.outcome import Reason, Result
from bot.i18n import join_list, language_of, t

from . import typeset
from .lands import near_wins
from .symbols import BACKGROUND, EMPTY_CELL, GLYPH, LAND_COLOURS, MUTED, TEXT, symbol

if TYPE_CHECKING:  # the render pool's workers need not load the runtime
    from bot.matches.views import PublicView

#: Canvas size in pixels: 4:3, the box Discord fits an embed image in (about 400 × 300
#: on desktop, 300 wide on a phone), drawn at twice that for high-density screens.
WIDTH, HEIGHT = 800, 600
#: The width Discord shows the picture at on desktop (and on a phone).
DISPLAY_WIDTH, PHONE_WIDTH = 400, 300
#: Rows of a territory card (five lands of one colour win, RULES §1.6).
ROWS = 5
CELL = 58
SYMBOL = 50
#: Text sizes in canvas pixels (em size); the smallest is 11 px tall at DISPLAY_WIDTH.
SMALL, BODY, LARGE, NUMBER = 22, 24, 28, 34

PANEL = (44, 48, 58)
PANEL_ACTIVE = (58, 56, 44)
GOLD = (245, 196, 66)
RED = (230, 80, 70)
NEAR = (255, 128, 96)
CARD_BACK = (92, 70, 50)
CARD_EDGE = (190, 160, 110)
#: Colours kept exact in the picture's palette (the rest of its 256 are the shades
#: anti-aliasing makes, see :func:`_palette`).
EXACT = (
    BACKGROUND, PANEL, PANEL_ACTIVE, EMPTY_CELL, TEXT, MUTED, GOLD, RED, NEAR, CARD_BACK,
    CARD_EDGE,
)  # fmt: skip

_MARGIN = 10
#: A panel holds its grid with some room either side; the middle column is what is left,
#: wide enough for the library's label in every language ("ライブラリー" at SMALL).
_PANEL_W = 316
_MIDDLE_W = WIDTH - 4 * _MARGIN - 2 * _PANEL_W
_PANEL_X = (_MARGIN, WIDTH - _MARGIN - _PANEL_W)
_MIDDLE_X = WIDTH // 2
_PANEL_TOP, _PANEL_BOTTOM = 58, 546
_LETTERS_Y = _PANEL_TOP + 80
_GRID_TOP = _PANEL_TOP + 112
#: The discard pile: its label on a line of its own, then one entry per colour under it.
_DISCARD_LABEL_Y = _GRID_TOP + ROWS * CELL + 8
_DISCARD_Y = _DISCARD_LABEL_Y + 28
_DISCARD_STEP = 58
_CAPTION_Y = HEIGHT - 30

#: Public events a caption describes, the "last move" (the rest set the scene).
MOVES = frozenset(
    cls.TYPE
    for cls in (
        ev.Announce, ev.Resolve, ev.Counter, ev.Discard, ev.Destroy, ev.Take, ev.Pass,
        ev.Timeout, ev.Resign,
    )
)  # fmt: skip
_LAND_KEYS = ("land-plains", "land-island", "land-swamp", "land-mountain", "land-forest")


def last_move(log: Sequence[Any]) -> dict[str, Any] | None:
    """The last event of a board's public ``log`` (see ``cogs.bingo._render.log_lines``)
    that is a move (:data:`MOVES`), or ``None``. Text lines of old logs are skipped."""
    for entry in reversed(log):
        if isinstance(entry, dict) and entry.get("type") in MOVES:
            return entry
    return None


def _last(inputs: Mapping[str, Any]) -> ev.Event | None:
    """The last move of ``inputs`` (stored as its JSON) as an engine event, or ``None``."""
    last = inputs["last"]
    return None if last is None else ev.event_from_json(last)


def board_inputs(
    match_id: int,
    view: PublicView,
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
    result = view.result
    # the whole public event (the picture rebuilds it: bot.engine.events.event_from_json
    # needs every field, e.g. a timeout's decision)
    event = None if last is None else {k: v for k, v in last.items() if k != "private"}
    return {
        "id": match_id,
        "names": [str(names[0]), str(names[1])],
        "language": language_of(locale),
        "phase": view.phase,
        "turn": view.turn,
        "active": view.active,
        "hands": list(view.hand_sizes),
        "territories": [list(x) for x in view.territories],
        "discards": [list(x) for x in view.discards],
        "library": view.library_size,
        "pending": view.pending_land,
        "result": None if result is None else _result_inputs(result),
        "last": event,
    }


def _result_inputs(result: Result) -> dict[str, Any]:
    """What the picture shows of a result: winner and reason, and a moderator's reason
    (``note``) when a moderator ended the match. The note is member-typed and shown as
    typed (a picture and its alt text render no markdown and ping nobody), on one line
    (line breaks and tabs made spaces) and at most :data:`bot.limits.MOD_REASON`
    characters; the picture cuts it further to fit (:func:`bot.ui.typeset.fit`)."""
    shown: dict[str, Any] = {"winner": result.winner, "reason": str(result.reason)}
    note = result.note
    if result.reason == Reason.MODERATOR and note:
        line = " ".join(str(note).split())
        if len(line) > limits.MOD_REASON:
            line = line[: limits.MOD_REASON - 1] + "…"
        shown["note"] = line
    return shown


def board_key(inputs: Mapping[str, Any]) -> str:
    """A short hash of :func:`board_inputs`: equal keys, equal pictures. (orjson: every
    board is keyed after every change of its match.)"""
    text = orjson.dumps(inputs, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    return hashlib.sha256(text).hexdigest()[:32]


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


def _text(
    image: Image.Image, xy: tuple[float, float], text: str, size: int,
    fill: tuple[int, int, int], bold: bool = False, anchor: str = "la",
) -> None:  # fmt: skip
    """One line of text, any script (:func:`bot.ui.typeset.draw_text`)."""
    typeset.draw_text(image, xy, text, size, fill, bold=bold, anchor=anchor)


@cache
def _ghost(kind: int) -> Image.Image:
    """The symbol of ``kind`` faint, for the empty cells of its column: each column says
    which land it takes by shape as well as colour."""
    sprite = symbol(kind, SYMBOL).copy()
    alpha = sprite.getchannel("A").point(lambda a: a * 22 // 100)
    sprite.putalpha(alpha)
    return sprite


@cache
def _static_layer() -> Image.Image:
    """What every board shares: background, panels, the colour letters over the columns
    and the faint symbols of the empty cells (drawn once)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for player in (0, 1):
        x = _PANEL_X[player]
        draw.rounded_rectangle((x, _PANEL_TOP, x + _PANEL_W, _PANEL_BOTTOM), 14, fill=PANEL)
        pad = (CELL - SYMBOL) // 2
        for kind in range(KINDS):
            cx, _ = _cell_centre(player, kind, 0)
            _text(image, (cx, _LETTERS_Y), LETTERS[kind], BODY, LAND_COLOURS[kind], True, "ma")
            for row in range(ROWS):
                x0, y0, _, _ = _cell_box(player, kind, row)
                image.paste(_ghost(kind), (x0 + pad, y0 + pad), _ghost(kind))
    return image


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
    if reason == Reason.NO_RESULT:
        return t(language, "board-no-result")
    if reason == Reason.MODERATOR:
        note = result.get("note")
        if not note:
            return t(language, "board-moderator-no-reason")
        return t(language, "board-moderator", reason=note)
    if result.get("winner") is None:
        return t(language, "board-draw")
    hows: dict[str, str] = {
        Reason.FIVE_OF_A_COLOR: "board-how-column",
        Reason.FIVE_COLORS: "board-how-row",
        Reason.RESIGN: "board-how-resign",
        Reason.TIMEOUT: "board-how-timeout",
    }
    how = hows.get(reason, "board-how-other")
    return t(language, "board-win", name=names[result["winner"]], how=t(language, how))


def _caption(inputs: Mapping[str, Any]) -> str | None:
    """The last move in words (``None`` before any)."""
    event = _last(inputs)
    if event is None:
        return None
    language, names = inputs["language"], inputs["names"]
    player = getattr(event, "player", None)
    args: dict[str, Any] = {"name": "" if player is None else names[player]}
    land = getattr(event, "land", None)
    if land is not None:
        args["land"] = _land(language, land)
    if isinstance(event, ev.Destroy):
        args["target"] = names[event.target]
    return t(language, f"board-last-{event.type}", **args)


def winning_line(inputs: Mapping[str, Any]) -> tuple[int, str, int | None] | None:
    """The line that won a finished board: ``(player, "column", kind)`` for five lands of
    one colour, ``(player, "row", None)`` for one of each colour; ``None`` otherwise
    (no winner, or a win by resignation or time-outs)."""
    result = inputs["result"]
    if result is None or result.get("winner") is None:
        return None
    player = result["winner"]
    counts = inputs["territories"][player]
    if result.get("reason") == Reason.FIVE_OF_A_COLOR:
        column = max(range(KINDS), key=lambda k: counts[k])
        return player, "column", column
    if result.get("reason") == Reason.FIVE_COLORS:
        return player, "row", None
    return None


def near_lines(inputs: Mapping[str, Any]) -> list[tuple[int, str, int]]:
    """The lines of a board in play that a player is one land from, as ``(player, line,
    kind)`` (see :func:`bot.ui.lands.near_wins`: ``line`` is ``"column"`` or ``"row"``,
    ``kind`` the land that wins). Empty on a finished board. Territories only: no hand
    is looked at."""
    if inputs["result"] is not None:
        return []
    return [
        (player, line, kind)
        for player in (0, 1)
        for line, kind in near_wins(list(inputs["territories"][player]))
    ]


def _draw_panel(image: Image.Image, draw: ImageDraw.ImageDraw, inputs: Mapping[str, Any],
                player: int) -> None:  # fmt: skip
    language = inputs["language"]
    x = _PANEL_X[player]
    playing = inputs["result"] is None and inputs["phase"] != "mulligan" and inputs["turn"]
    active = playing and inputs["active"] == player
    if active:
        draw.rounded_rectangle(
            (x, _PANEL_TOP, x + _PANEL_W, _PANEL_BOTTOM), 14, outline=GOLD, width=5
        )
        top = _PANEL_TOP + 16
        draw.polygon([(x + 14, top), (x + 14, top + 22), (x + 31, top + 11)], fill=GOLD)
    name_x = x + (40 if active else 16)
    name = typeset.fit(inputs["names"][player], LARGE, x + _PANEL_W - 14 - name_x, bold=True)
    _text(image, (name_x, _PANEL_TOP + 10), name, LARGE, TEXT, True)
    hand = t(language, "board-hand", count=inputs["hands"][player])
    _text(image, (x + 16, _PANEL_TOP + 46), hand, BODY, MUTED)

    counts = inputs["territories"][player]
    pad = (CELL - SYMBOL) // 2
    for kind in range(KINDS):
        for row in range(min(counts[kind], ROWS)):
            x0, y0, _, _ = _cell_box(player, kind, row)
            sprite = symbol(kind, SYMBOL)
            image.paste(sprite, (x0 + pad, y0 + pad), sprite)

    # discard pile: its label, then its entries under it
    y = _DISCARD_Y
    pile = inputs["discards"][player]
    kinds = [k for k in range(KINDS) if pile[k]]
    step = _DISCARD_STEP
    px = x + 16
    label = t(language, "board-discard" if kinds else "board-discard-empty")
    label = typeset.fit(label, SMALL, _PANEL_W - 32)
    _text(image, (x + 16, _DISCARD_LABEL_Y), label, SMALL, MUTED)
    for kind in kinds:
        sprite = symbol(kind, 34)
        image.paste(sprite, (px, y + 2), sprite)
        _text(image, (px + 38, y + 19), str(pile[kind]), BODY, TEXT, True, "lm")
        _mark_discard(draw, inputs, player, kind, (px - 4, y - 2, px + step - 4, y + 40))
        px += step


def _mark_discard(
    draw: ImageDraw.ImageDraw,
    inputs: Mapping[str, Any],
    player: int,
    kind: int,
    box: tuple[int, int, int, int],
) -> None:
    """Ring a discard pile entry the last move put there."""
    match _last(inputs):
        case ev.Discard(player=owner, land=land) | ev.Destroy(target=owner, land=land):
            hit = owner == player and land == kind
        case ev.Counter(player=counterer, land=land, discarded=discarded):
            hit = (player == counterer and kind in discarded) or (
                player != counterer and kind == land
            )
        case _:
            hit = False
    if hit:
        draw.rounded_rectangle(box, 6, outline=GOLD, width=2)


def _highlight_last(draw: ImageDraw.ImageDraw, inputs: Mapping[str, Any]) -> None:
    """Ring the cell the last move changed: a land that entered (gold), a land that was
    destroyed (red, on its empty cell)."""
    event = _last(inputs)
    pad = (CELL - SYMBOL) // 2 - 3
    if isinstance(event, ev.Resolve):
        player, kind = event.player, event.land
        row = inputs["territories"][player][kind] - 1
        if 0 <= row < ROWS:
            x0, y0, x1, y1 = _cell_box(player, kind, row)
            draw.ellipse((x0 + pad, y0 + pad, x1 - pad, y1 - pad), outline=GOLD, width=4)
    elif isinstance(event, ev.Destroy):
        player, kind = event.target, event.land
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


def _dashed_box(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
                fill: tuple[int, int, int], width: int = 4, dash: int = 12) -> None:  # fmt: skip
    """A dashed rectangle: a near win, told apart from the solid winning line and the
    turn frame by its shape, not only its colour."""
    x0, y0, x1, y1 = box
    for start in range(x0, x1, 2 * dash):
        end = min(start + dash, x1)
        draw.line((start, y0, end, y0), fill=fill, width=width)
        draw.line((start, y1, end, y1), fill=fill, width=width)
    for start in range(y0, y1, 2 * dash):
        end = min(start + dash, y1)
        draw.line((x0, start, x0, end), fill=fill, width=width)
        draw.line((x1, start, x1, end), fill=fill, width=width)


def _draw_near(image: Image.Image, draw: ImageDraw.ImageDraw, inputs: Mapping[str, Any]) -> None:
    """Mark each line a player is one land from (:func:`near_lines`): the line dashed,
    the cell the winning land would fill ringed, its symbol half drawn."""
    pad = (CELL - SYMBOL) // 2
    for player, line, kind in near_lines(inputs):
        if line == "column":
            top, bottom = _cell_box(player, kind, ROWS - 1), _cell_box(player, kind, 0)
            box = (top[0] + 2, top[1] + 2, bottom[2] - 2, bottom[3] - 2)
            missing = _cell_box(player, kind, ROWS - 1)
        else:
            left, right = _cell_box(player, 0, 0), _cell_box(player, KINDS - 1, 0)
            box = (left[0] + 2, left[1] + 2, right[2] - 2, right[3] - 2)
            missing = _cell_box(player, kind, 0)
        _dashed_box(draw, box, NEAR)
        sprite = symbol(kind, SYMBOL).copy()
        sprite.putalpha(sprite.getchannel("A").point(lambda a: a * 55 // 100))
        image.paste(sprite, (missing[0] + pad, missing[1] + pad), sprite)
        ring = pad - 2
        draw.ellipse(
            (missing[0] + ring, missing[1] + ring, missing[2] - ring, missing[3] - ring),
            outline=NEAR,
            width=4,
        )


def _fitted(text: str, sizes: Sequence[int], room: float, bold: bool = False) -> tuple[str, int]:
    """``text`` and the first of ``sizes`` (largest first) it fits ``room`` pixels at;
    shortened with "…" at the last size only when it fits at none (a long member name)."""
    for size in sizes:
        if typeset.width(text, size, bold) <= room:
            return text, size
    return typeset.fit(text, sizes[-1], room, bold), sizes[-1]


def _wrap(text: str, size: int, room: float) -> list[str]:
    """``text`` in lines of at most ``room`` pixels, cut at spaces (a word longer than a
    line is shortened)."""
    lines: list[str] = []
    for word in text.split():
        if lines and typeset.width(f"{lines[-1]} {word}", size) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(typeset.fit(word, size, room))
    return lines


def _draw_middle(image: Image.Image, draw: ImageDraw.ImageDraw, inputs: Mapping[str, Any]) -> None:
    language = inputs["language"]
    cx = _MIDDLE_X
    top = _PANEL_TOP + 20
    # the library: a small stack of card backs
    for i in range(3, -1, -1):
        x0, y0 = cx - 27 + i * 3, top + i * 3
        draw.rounded_rectangle(
            (x0, y0, x0 + 48, y0 + 68), 6, fill=CARD_BACK, outline=CARD_EDGE, width=2
        )
    _text(image, (cx, top + 80), str(inputs["library"]), NUMBER, TEXT, True, "ma")
    room = _MIDDLE_W + 2 * _MARGIN - 4
    library = typeset.fit(t(language, "board-library"), SMALL, room)
    _text(image, (cx, top + 122), library, SMALL, MUTED, anchor="ma")
    pending = inputs["pending"]
    if pending is not None and inputs["result"] is None:
        y = _GRID_TOP + 110
        for line in _wrap(t(language, "board-on-stack"), SMALL, room):
            _text(image, (cx, y), line, SMALL, GOLD, anchor="ma")
            y += 28
        sprite = symbol(pending, 64)
        draw.ellipse((cx - 38, y + 6, cx + 38, y + 82), outline=GOLD, width=4)
        image.paste(sprite, (cx - 32, y + 12), sprite)


def render_board(inputs: Mapping[str, Any]) -> bytes:
    """The board of :func:`board_inputs` as PNG bytes (``WIDTH`` × ``HEIGHT``, a
    256-colour palette).

    Pure: the same inputs give the same bytes. A few milliseconds (``python -m
    benchmarks.render``)."""
    return _png(_draw(inputs))


def _draw(inputs: Mapping[str, Any]) -> Image.Image:
    """The board as an RGB image."""
    image = _static_layer().copy()
    draw = ImageDraw.Draw(image)
    language = inputs["language"]
    title = f"#{inputs['id']}"  # the embed's title names the match in full
    _text(image, (14, 14), title, BODY, MUTED, True)
    done = inputs["result"] is not None
    room = WIDTH - 14 - 24 - typeset.width(title, BODY, True) - 14
    status, size = _fitted(_status(inputs), (LARGE, BODY), room, bold=True)
    _text(image, (WIDTH - 14, 12 + (LARGE - size) // 2), status, size, GOLD if done else TEXT,
          True, "ra")  # fmt: skip
    for player in (0, 1):
        _draw_panel(image, draw, inputs, player)
    _draw_near(image, draw, inputs)
    _highlight_last(draw, inputs)
    _draw_winning_line(draw, inputs)
    _draw_middle(image, draw, inputs)
    caption = _caption(inputs)
    if caption is not None:
        text, size = _fitted(
            t(language, "board-last", move=caption), (BODY, SMALL), WIDTH - 2 * _MARGIN
        )
        _text(image, (WIDTH // 2, _CAPTION_Y), text, size, GOLD, anchor="mm")
    return image


def _png(image: Image.Image) -> bytes:
    # a 256-colour PNG: a third of the bytes and a quarter of the time of an RGB one
    indexed = image.quantize(palette=_palette(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def prepare() -> None:
    """Build now what every picture shares: the palette (:func:`_palette`, a quantization
    of six sample boards, about 0.5 s). A process that draws pictures in a thread (the
    bot's replays and puzzles) calls it at start-up: drawn by the first picture instead,
    it held the GIL, and so the event loop, for that long (a click's answer waited
    0.24-0.53 s in ``python -m benchmarks.load`` runs where members opened a replay)."""
    _palette()


#: Boards whose pixels make the palette's shades (see :func:`_palette`).
_SAMPLE_TERRITORIES = ([4, 1, 2, 0, 3], [1, 1, 1, 4, 0])


@cache
def _palette() -> Image.Image:
    """The fixed palette of every board: the exact colours of :data:`EXACT`, the land
    colours and the glyph colour, then shades taken from sample boards (every symbol
    at every size on both panels, rings, dashes, text)."""
    sample = {
        "id": 1, "names": ["alice", "bob"], "language": "en", "phase": "play", "turn": 3,
        "active": 0, "hands": [5, 6], "territories": [list(x) for x in _SAMPLE_TERRITORIES],
        "discards": [[1, 1, 1, 1, 1], [1, 0, 1, 0, 1]], "library": 30, "pending": 2,
        "result": None, "last": {"type": "destroy", "player": 1, "target": 0, "land": 1},
    }  # fmt: skip
    images = [_draw(sample)]
    for pending in (0, 1, 3, 4):
        images.append(_draw({**sample, "active": 1, "pending": pending, "territories":
                             [[4, 4, 4, 4, 0], [0, 0, 0, 0, 4]]}))  # fmt: skip
    won = {**sample, "result": {"winner": 0, "reason": "five_of_a_color"}, "last": None}
    images.append(_draw({**won, "territories": [[5, 1, 0, 0, 0], [0, 0, 0, 0, 0]]}))
    montage = Image.new("RGB", (WIDTH, HEIGHT * len(images)))
    for index, picture in enumerate(images):
        montage.paste(picture, (0, index * HEIGHT))
    exact = [*EXACT, *LAND_COLOURS, GLYPH]
    shades = montage.quantize(256 - len(exact), method=Image.Quantize.MEDIANCUT)
    shade_palette = shades.getpalette()
    assert shade_palette is not None  # quantize gives a "P" image, which has one
    flat = shade_palette[: 3 * (256 - len(exact))]
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


#: Discord's longest attachment description (alt text), in characters (Discord's API
#: reference, "Attachment Object").
ALT_TEXT_LIMIT = 1024


def _counts_text(language: str, counts: Sequence[int]) -> str:
    return _counts_words(language, tuple(counts))


@lru_cache(maxsize=4096)
def _counts_words(language: str, counts: tuple[int, ...]) -> str:
    """:func:`_counts_text`, kept: a board's alt text says two territories and two
    discard piles, most of them as they were at the board's previous version."""
    parts = [
        t(language, "board-alt-count", land=_land(language, k), n=counts[k])
        for k in range(KINDS)
        if counts[k]
    ]
    return join_list(language, parts) if parts else t(language, "board-alt-none")


def near_win_texts(inputs: Mapping[str, Any]) -> list[str]:
    """Each near win of :func:`near_lines` in words (``board-near-win``: "alice needs
    one Swamp to win"), one per player and land, in the board's language."""
    language, names = inputs["language"], inputs["names"]
    seen: list[tuple[int, int]] = []
    for player, _line, kind in near_lines(inputs):
        if (player, kind) not in seen:
            seen.append((player, kind))
    return [
        t(language, "board-near-win", name=names[player], land=_land(language, kind))
        for player, kind in seen
    ]


def board_alt_text(inputs: Mapping[str, Any]) -> str:
    """The picture of :func:`board_inputs` in words, for the attachment's ``description``
    (alt text, read by screen readers): whose turn or the result, each player's
    territory by colour, hand size and discard pile, the library, the land on the
    stack, near wins and the last move, in the board's language. At most
    :data:`ALT_TEXT_LIMIT` characters (Discord's limit; a longer text is cut with "…").
    Public information only, as the picture."""
    language, names = inputs["language"], inputs["names"]
    parts = [t(language, "board-alt-intro", id=inputs["id"], status=_status(inputs))]
    for player in (0, 1):
        parts.append(
            t(
                language,
                "board-alt-player",
                name=names[player],
                territory=_counts_text(language, inputs["territories"][player]),
                hand=t(language, "board-hand", count=inputs["hands"][player]),
                discard=_counts_text(language, inputs["discards"][player]),
            )
        )
    parts.append(t(language, "board-alt-library", n=inputs["library"]))
    if inputs["pending"] is not None and inputs["result"] is None:
        parts.append(t(language, "board-alt-stack", land=_land(language, inputs["pending"])))
    parts += [t(language, "board-alt-line", text=text) for text in near_win_texts(inputs)]
    caption = _caption(inputs)
    if caption is not None:
        parts.append(t(language, "board-alt-line", text=t(language, "board-last", move=caption)))
    text = " ".join(parts)
    if len(text) > ALT_TEXT_LIMIT:
        text = text[: ALT_TEXT_LIMIT - 1] + "…"
    return text


def drawn_board(inputs: Mapping[str, Any]) -> tuple[bytes, str]:
    """:func:`render_board` and :func:`board_alt_text` of ``inputs``: the picture (PNG
    bytes) and its alt text, in one call, so that the render process
    (``BingoBot.render_pool``) makes both and the bot's own process neither."""
    return render_board(inputs), board_alt_text(inputs)


def board_png(
    match_id: int,
    view: PublicView,
    names: Sequence[str],
    last: Mapping[str, Any] | None,
    locale: object,
) -> bytes:
    """:func:`render_board` of :func:`board_inputs` (the same arguments)."""
    return render_board(board_inputs(match_id, view, names, last, locale))


__all__ = [
    "ALT_TEXT_LIMIT",
    "DISPLAY_WIDTH",
    "HEIGHT",
    "PHONE_WIDTH",
    "LAND_COLOURS",
    "MOVES",
    "WIDTH",
    "board_alt_text",
    "board_inputs",
    "board_key",
    "board_png",
    "prepare",
    "last_move",
    "near_lines",
    "near_win_texts",
    "drawn_board",
    "render_board",
    "winning_line",
]
