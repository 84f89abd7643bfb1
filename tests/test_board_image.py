"""The board picture (bot/ui/board_image.py) and the land symbols (bot/ui/symbols.py)."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot import limits
from bot.engine import BingoState
from bot.engine.outcome import Reason
from bot.matches.views import events_for, public_view
from bot.ui import board_image, typeset
from bot.ui.board_image import (
    ALT_TEXT_LIMIT,
    DISPLAY_WIDTH,
    HEIGHT,
    LETTERS,
    NEAR,
    PHONE_WIDTH,
    WIDTH,
    _cell_box,
    _cell_centre,
    board_alt_text,
    board_inputs,
    board_key,
    board_png,
    last_move,
    near_lines,
    near_win_texts,
    render_board,
    winning_line,
)
from bot.ui.lands import near_wins
from bot.ui.lands_image import HEIGHT as LANDS_HEIGHT
from bot.ui.lands_image import WIDTH as LANDS_WIDTH
from bot.ui.lands_image import lands_alt_text, lands_png
from bot.ui.split_image import split_alt_text
from bot.ui.symbols import LAND_COLOURS, symbol

GOLD = (245, 196, 66)


def _play(seed: int, stop=None) -> tuple[BingoState, list[dict]]:
    """A match played by random legal actions, to the end or until ``stop(state)``."""
    rng = random.Random(seed)
    state, events = BingoState.new(seed)
    log = events_for(events, None)
    while not state.is_over and not (stop and stop(state)):
        log += events_for(state.apply(rng.choice(state.legal_actions())), None)
    return state, log


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _counts(image: Image.Image) -> dict[tuple[int, int, int], int]:
    """How many pixels of each colour."""
    return {colour: n for n, colour in image.convert("RGB").getcolors(maxcolors=1 << 20)}


def _final(reason: str) -> tuple[BingoState, list[dict]]:
    for seed in range(200):
        state, log = _play(seed)
        if state.result is not None and state.result.reason == reason:
            return state, log
    raise AssertionError(f"no random match ended by {reason}")


def test_a_board_is_a_png_of_the_documented_size_with_its_land_colours() -> None:
    """Mid-match: a PNG of WIDTH x HEIGHT; every land on a territory shows its disc colour."""
    state, log = _play(3, stop=lambda s: s.turn >= 12)
    view = public_view(state)
    image = _image(board_png(5, view, ["alice", "bob"], last_move(log), "en"))
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT)
    pixels = _counts(image)
    placed = [k for k in range(5) if view.territories[0][k] or view.territories[1][k]]
    assert placed
    disc = 700  # pixels of one 54-pixel disc's colour, at the least
    for kind in range(5):
        if kind in placed:
            assert pixels.get(LAND_COLOURS[kind], 0) >= disc
        elif not any(view.discards[p][kind] for p in (0, 1)):
            assert pixels.get(LAND_COLOURS[kind], 0) < disc  # the column letters at most


def test_identical_inputs_give_identical_bytes_and_keys() -> None:
    state, log = _play(4, stop=lambda s: s.turn >= 8)
    args = (9, public_view(state), ["alice", "bob"], last_move(log), "en")
    assert board_png(*args) == board_png(*args)
    assert board_key(board_inputs(*args)) == board_key(board_inputs(*args))


def test_different_states_and_languages_give_different_pictures() -> None:
    state, log = _play(4, stop=lambda s: s.turn >= 8)
    before = board_inputs(9, public_view(state), ["alice", "bob"], last_move(log), "en")
    log += events_for(state.apply(state.legal_actions()[0]), None)
    after = board_inputs(9, public_view(state), ["alice", "bob"], last_move(log), "en")
    italian = {**before, "language": "it"}
    keys = {board_key(before), board_key(after), board_key(italian)}
    assert len(keys) == 3
    assert len({render_board(before), render_board(after), render_board(italian)}) == 3


def test_a_change_the_picture_does_not_show_keeps_its_key() -> None:
    """A mulligan declaration changes the state's version, not the picture."""
    state, events = BingoState.new(6)
    log = events_for(events, None)
    before = board_inputs(1, public_view(state), ["a", "b"], last_move(log), "en")
    state.apply("keep")
    after = board_inputs(1, public_view(state), ["a", "b"], last_move(log), "en")
    assert public_view(state).version == 1
    assert board_key(before) == board_key(after)


@pytest.mark.parametrize("reason", ["five_of_a_color", "five_colors"])
def test_the_final_board_draws_the_winning_line(reason: str) -> None:
    """A won board has the gold winning line through the winner's column or bottom row:
    gold pixels along it that the same board with no result lacks."""
    state, log = _final(reason)
    view = public_view(state)
    inputs = board_inputs(2, view, ["alice", "bob"], last_move(log), "en")
    player, kind, column = winning_line(inputs)
    assert player == state.result.winner
    assert kind == ("column" if reason == "five_of_a_color" else "row")
    won = _image(render_board(inputs)).convert("RGB")
    unwon = _image(render_board({**inputs, "result": None, "last": None})).convert("RGB")
    if kind == "column":
        points = [_cell_centre(player, column, row) for row in range(5)]
    else:
        points = [_cell_centre(player, k, 0) for k in range(5)]
    # the line's centre pixels: gold on the final board, not before
    for x, y in points:
        assert won.getpixel((x, y)) == GOLD
        assert unwon.getpixel((x, y)) != GOLD


def test_a_board_a_moderator_ended_shows_the_reason_as_typed_on_one_line() -> None:
    """The picture and its alt text say a moderator ended the match, with the reason as
    typed (a picture renders no markdown), on one line and at most MOD_REASON
    characters; a lost table keeps "No result"; the picture changes with the reason."""
    state, log = _play(4, stop=lambda s: s.turn >= 2)
    lost = state.clone()
    lost.abandon()
    state.abandon(Reason.MODERATOR, "Spam *here*\nand @everyone " + "x" * 400)
    inputs = board_inputs(3, public_view(state), ["alice", "bob"], last_move(log), "en")
    note = inputs["result"]["note"]
    assert note.startswith("Spam *here* and @everyone x") and note.endswith("…")
    assert len(note) == limits.MOD_REASON
    assert f"Ended by a moderator: {note}" in board_alt_text(inputs)
    other = {**inputs, "result": {**inputs["result"], "note": "another reason"}}
    assert board_key(other) != board_key(inputs) and render_board(inputs)
    no_result = board_inputs(3, public_view(lost), ["alice", "bob"], last_move(log), "en")
    assert "note" not in no_result["result"] and "No result" in board_alt_text(no_result)


def test_italian_text_is_drawn_from_the_catalog() -> None:
    """The same board in Italian differs from English (its words come from board.ftl)."""
    state, log = _play(8, stop=lambda s: s.turn >= 5)
    view = public_view(state)
    assert board_png(3, view, ["a", "b"], last_move(log), "it") != board_png(
        3, view, ["a", "b"], last_move(log), "en"
    )


def test_symbols_are_drawn_in_their_colour() -> None:
    for kind in range(5):
        image = symbol(kind, 60)
        assert image.size == (60, 60) and image.mode == "RGBA"
        assert image.getpixel((6, 30))[:3] == LAND_COLOURS[kind]  # the disc, left of the glyph
        assert image.getpixel((0, 0))[3] == 0  # transparent corners
    with pytest.raises(IndexError):
        symbol(5, 60)


def test_the_lands_picture_has_every_land_in_both_languages() -> None:
    english, italian = lands_png("en-US"), lands_png("it")
    assert english != italian
    image = _image(english)
    assert image.size == (LANDS_WIDTH, LANDS_HEIGHT)
    pixels = _counts(image)
    for colour in LAND_COLOURS:
        assert pixels.get(colour, 0) > 1000


# -- size and legibility at the width Discord shows ------------------------------------


def _empty_inputs(**changes) -> dict:
    """A board in play with empty territories, discard piles and no last move."""
    inputs = {
        "id": 4, "names": ["alice", "bob"], "language": "en", "phase": "play", "turn": 2,
        "active": 0, "hands": [7, 7], "territories": [[0] * 5, [0] * 5],
        "discards": [[0] * 5, [0] * 5], "library": 46, "pending": None, "result": None,
        "last": None,
    }  # fmt: skip
    inputs.update(changes)
    return inputs


def test_the_picture_fits_discords_embed_box_at_the_width_it_is_shown() -> None:
    """Discord fits an embed image in about 400 x 300 (desktop) and 300 wide on a phone:
    the canvas has that box's 4:3 shape, so it is shown the full 400 wide."""
    image = _image(render_board(_empty_inputs()))
    assert image.size == (WIDTH, HEIGHT)
    assert WIDTH * 3 == HEIGHT * 4
    assert DISPLAY_WIDTH * HEIGHT / WIDTH <= 300
    assert PHONE_WIDTH < DISPLAY_WIDTH < WIDTH


def test_the_smallest_text_is_11_pixels_at_400_wide(monkeypatch) -> None:
    """Every line of text any board draws is 11 px or more (em size) once Discord shows the
    picture 400 px wide: the sizes are recorded while drawing boards of every kind."""
    sizes: list[int] = []
    draw_text = typeset.draw_text

    def recording(image, xy, text, size, *args, **kwargs):
        sizes.append(size)
        return draw_text(image, xy, text, size, *args, **kwargs)

    monkeypatch.setattr(typeset, "draw_text", recording)
    board_image._static_layer.cache_clear()
    try:
        for seed, stop in ((3, lambda s: s.turn >= 12), (5, None)):
            state, log = _play(seed, stop)
            render_board(board_inputs(1, public_view(state), ["a", "b"], last_move(log), "it"))
        render_board(_empty_inputs(pending=2, territories=[[4, 0, 0, 0, 0], [1, 1, 1, 1, 0]]))
    finally:
        board_image._static_layer.cache_clear()
    assert len(sizes) > 20
    assert min(sizes) * DISPLAY_WIDTH / WIDTH >= 11


def test_an_empty_territory_labels_every_column_with_its_colour() -> None:
    """With no land placed, each column still says which land it takes: its colour
    letter (W U B R G) in the land's colour over it, and the land's symbol, faint, in
    its cells (told apart by shape, not only by colour)."""
    image = _image(render_board(_empty_inputs())).convert("RGB")
    assert LETTERS == ("W", "U", "B", "R", "G")
    for player in (0, 1):
        for kind in range(5):
            x0, y0, x1, _ = _cell_box(player, kind, 4)
            letter_area = image.crop((x0, y0 - 40, x1, y0))
            colours = _counts(letter_area)
            assert colours.get(LAND_COLOURS[kind], 0) >= 20, (player, kind)
            cell = image.crop(_cell_box(player, kind, 0))
            faint = _counts(cell)
            assert len(faint) > 10  # the faint symbol's shades, not one empty colour
            assert faint.get(LAND_COLOURS[kind], 0) == 0  # faint: never the placed colour


# -- near wins -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ([4, 0, 0, 0, 0], [("column", 0)]),
        ([0, 1, 4, 2, 0], [("column", 2)]),
        ([1, 1, 1, 0, 1], [("row", 3)]),
        ([4, 1, 1, 1, 0], [("column", 0), ("row", 4)]),
        ([3, 1, 1, 0, 0], []),  # three of a colour, three colours: two lands away
        ([0, 0, 0, 0, 0], []),
        ([5, 0, 0, 0, 0], []),  # already won
        ([1, 1, 1, 1, 1], []),  # already won
        ([4, 1, 1, 1, 1], []),  # already won by the row
    ],
)
def test_near_wins_are_one_land_from_either_line(counts, expected) -> None:
    assert near_wins(counts) == expected


def test_near_wins_need_five_counts() -> None:
    with pytest.raises(ValueError):
        near_wins([4, 0, 0, 0])


def test_a_near_win_is_marked_on_the_picture_and_said_in_words() -> None:
    """Four Plains for alice, four colours for bob: both lines are marked (the near-win
    colour), their texts name the land that wins; a board two lands away has no mark,
    nor has a finished board."""
    near = _empty_inputs(territories=[[4, 0, 0, 0, 0], [1, 1, 0, 1, 1]])
    assert near_lines(near) == [(0, "column", 0), (1, "row", 2)]
    pixels = _counts(_image(render_board(near)))
    assert pixels.get(NEAR, 0) > 500
    assert near_win_texts(near) == ["alice needs one Plains to win", "bob needs one Swamp to win"]
    italian = near_win_texts({**near, "language": "it"})
    assert italian == [
        "A alice manca una Pianura per vincere",
        "A bob manca una Palude per vincere",
    ]
    far = _empty_inputs(territories=[[3, 0, 0, 0, 0], [1, 1, 0, 1, 0]])
    assert near_lines(far) == [] and _counts(_image(render_board(far))).get(NEAR, 0) == 0
    over = {**near, "result": {"winner": 1, "reason": "resign"}}
    assert near_lines(over) == [] and near_win_texts(over) == []


# -- any name renders ------------------------------------------------------------------

NAMES = {
    "CJK": "张伟 さくら 김민준",
    "emoji": "🐉 Drake 🔥👩‍💻",
    "Cyrillic and Greek": "Борис Ελένη",
    "Arabic and Hebrew": "أليس שרה",
    "Indic and Thai": "देवी স্মিতা தமிழ் สมชาย",
    "Georgian and Armenian": "ნინო Արամ",
}


def _notdef_free(char: str) -> bool:
    """``char`` has a real glyph (not .notdef) in the font the fallback chain picks: read
    from the font's cmap with fontTools, independently of the chain's own lookup."""
    from fontTools.ttLib import TTFont

    index = typeset.font_for(char)
    if index < 0:
        return False
    font = TTFont(str(typeset.FONTS_DIR / typeset.CHAIN[index]), lazy=True)
    glyph = font.getBestCmap().get(ord(char))
    return glyph is not None and glyph != ".notdef"


@pytest.mark.parametrize("script", sorted(NAMES))
def test_names_in_any_script_have_a_glyph_for_every_character(script: str) -> None:
    name = NAMES[script]
    for char in name:
        if char == " " or char == "\u200d":
            continue
        assert _notdef_free(char), (script, char, hex(ord(char)))


def test_a_name_renders_its_glyphs_not_boxes() -> None:
    """Each character drawn alone differs from the font's .notdef box (a private-use
    character no font has), and a fancy-letter name is drawn in plain letters."""
    for name in NAMES.values():
        for char in name.replace(" ", "").replace("\u200d", ""):
            index = typeset.font_for(char)
            face = typeset.face(typeset.CHAIN[index], 28)
            box = face.getmask("\ue000")
            assert bytes(face.getmask(char)) != bytes(box), (char, hex(ord(char)))
    assert [run for run, _ in typeset.runs("𝓕𝓪𝓷𝓬𝔂")] == ["Fancy"]
    assert [run for run, _ in typeset.runs("\ue000")] == [typeset.REPLACEMENT]


def test_a_board_with_names_in_many_scripts_is_drawn() -> None:
    state, log = _play(8, stop=lambda s: s.turn >= 6)
    view = public_view(state)
    plain = board_png(3, view, ["a", "b"], last_move(log), "en")
    scripts = board_png(3, view, [NAMES["CJK"], NAMES["emoji"]], last_move(log), "en")
    assert _image(scripts).size == (WIDTH, HEIGHT) and scripts != plain


# -- alt text --------------------------------------------------------------------------


def test_the_alt_text_says_what_the_board_shows() -> None:
    inputs = _empty_inputs(
        territories=[[4, 0, 1, 0, 0], [0, 2, 0, 0, 0]],
        discards=[[0, 0, 0, 3, 0], [0, 0, 0, 0, 0]],
        hands=[5, 6], library=31, pending=4, active=1, turn=9,
        last={"type": "announce", "player": 1, "land": 4},
    )  # fmt: skip
    text = board_alt_text(inputs)
    for part in (
        "#4", "Turn 9", "bob to play", "alice: territory Plains 4 and Swamp 1", "Hand: 5 cards",
        "discard pile Mountain 3", "bob: territory Island 2", "Hand: 6 cards",
        "discard pile empty", "Library: 31 cards", "On the stack: Forest",
        "alice needs one Plains to win", "bob is placing Forest",
    ):  # fmt: skip
        assert part in text, part
    italian = board_alt_text({**inputs, "language": "it"})
    assert "territorio Pianura 4 e Palude 1" in italian and "Mazzo: 31 carte" in italian
    won = board_alt_text(
        {**inputs, "territories": [[5, 0, 1, 0, 0], [0, 2, 0, 0, 0]], "pending": None,
         "result": {"winner": 0, "reason": "five_of_a_color"}}
    )  # fmt: skip
    assert "alice wins: five of one color" in won and "needs one" not in won
    assert "On the stack" not in won


def test_the_alt_text_stays_within_discords_limit() -> None:
    inputs = _empty_inputs(names=["x" * 2000, "y" * 2000])
    text = board_alt_text(inputs)
    assert len(text) == ALT_TEXT_LIMIT == 1024 and text.endswith("…")


def test_the_other_pictures_have_alt_text() -> None:
    english, italian = lands_alt_text("en-US"), lands_alt_text("it")
    for words in (("Plains: Draw a card", "Forest: "), ("Pianura: Pesca una carta", "Foresta: ")):
        text = english if words[0].startswith("Plains") else italian
        assert all(word in text for word in words) and len(text) <= 1024
    rows = [("Keep", 6, 10, "keep"), ("Mulligan", 4, 10, "mulligan"), ("7 cards", 6, 6, "size")]
    split = split_alt_text("Hand of the day", rows)
    assert split == "Hand of the day. Keep: 6 (60%); Mulligan: 4 (40%); 7 cards: 6 (100%)."
    assert split_alt_text("Empty", []) == "Empty."


@pytest.mark.parametrize(
    "last",
    [
        {"type": "timeout", "player": 1, "decision": "counter"},
        {"type": "resign", "player": 0},
        {"type": "counter", "player": 0, "land": 3, "discarded": [1, 4]},
    ],
)
def test_every_kind_of_last_move_draws(last: dict) -> None:
    """The picture rebuilds the last public move from its stored JSON, whatever its kind
    (a timeout's decision included)."""
    from bot.engine import BingoOptions, BingoState
    from bot.matches import public_view
    from bot.ui.board_image import board_inputs, render_board

    state, _ = BingoState.new(3, BingoOptions())
    inputs = board_inputs(1, public_view(state), ["alice", "bob"], last, "en")
    assert render_board(inputs)[:8] == b"\x89PNG\r\n\x1a\n"
