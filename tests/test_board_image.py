"""The board picture (bot/ui/board_image.py) and the land symbols (bot/ui/symbols.py)."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.engine import BingoState
from bot.matches.views import events_for, public_view
from bot.ui.board_image import (
    HEIGHT,
    WIDTH,
    _cell_centre,
    board_inputs,
    board_key,
    board_png,
    last_move,
    render_board,
    winning_line,
)
from bot.ui.lands_image import HEIGHT as LANDS_HEIGHT
from bot.ui.lands_image import WIDTH as LANDS_WIDTH
from bot.ui.lands_image import lands_png
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
    placed = [k for k in range(5) if view["territories"][0][k] or view["territories"][1][k]]
    assert placed
    disc = 600  # pixels of one 50-pixel disc's colour, at the least
    for kind in range(5):
        if kind in placed:
            assert pixels.get(LAND_COLOURS[kind], 0) >= disc
        elif not any(view["discards"][p][kind] for p in (0, 1)):
            assert pixels.get(LAND_COLOURS[kind], 0) < disc  # anti-aliasing shades at most


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
    assert public_view(state)["version"] == 1
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
