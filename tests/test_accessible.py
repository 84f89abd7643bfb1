"""Screen-reader mode's sentences (bot/ui/accessible.py): words for every land, CLDR
plural forms in the four languages, and only what the viewer may see."""

from __future__ import annotations

import re

import pytest

from bot.engine import BingoState
from bot.matches import player_view, public_view
from bot.ui.accessible import board_sentence, lands_in_words, panel_sentence
from bot.ui.lands import LAND_EMOJI

NAMES = ["alice", "bob"]


@pytest.mark.parametrize(
    ("locale", "counts", "words"),
    [
        ("en", [2, 1, 0, 0, 0], "2 Plains, 1 Island"),
        ("en", [1, 0, 2, 1, 3], "1 Plains, 2 Swamps, 1 Mountain, 3 Forests"),
        ("en", [0, 0, 0, 0, 0], "none"),
        ("it", [1, 2, 0, 1, 2], "1 Pianura, 2 Isole, 1 Montagna, 2 Foreste"),
        # Polish: one / few / many (CLDR), 22 is "few" again
        ("pl", [1, 2, 5, 22, 12], "1 Równina, 2 Wyspy, 5 Bagien, 22 Góry, 12 Lasów"),
        ("pl", [0, 0, 0, 0, 1], "1 Las"),
        ("ja", [1, 2, 0, 0, 3], "平地1枚、島2枚、森3枚"),
    ],
)
def test_lands_in_words(locale: str, counts: list[int], words: str) -> None:
    assert lands_in_words(counts, locale) == words


def _state(seed: int = 7) -> BingoState:
    state, _ = BingoState.new(seed)
    return state


def test_a_panel_sentence_names_whose_move_the_hand_and_the_choices_in_words() -> None:
    state = _state()
    player = state.current_player()
    assert player is not None
    view = player_view(state, player)
    sentence = panel_sentence(view, NAMES, "en", last="**bob** places ☀️ Plains.")
    assert sentence.startswith("Mulligans. Your move. Your territory: none; ")
    other = NAMES[1 - player]
    assert f"{other}'s territory: none." in sentence
    assert f"Your hand: {lands_in_words(view['hand'], 'en')}." in sentence
    assert f"{other} holds {view['hand_sizes'][1 - player]} cards." in sentence
    assert "Last: bob places ☀️ Plains. You can" in sentence  # no markdown left
    assert sentence.endswith("You can: Keep, Mulligan.")
    assert "\n" not in sentence and "  " not in sentence  # one line, nothing laid out
    without_emoji = sentence
    for emoji in LAND_EMOJI:
        without_emoji = without_emoji.replace(emoji, "")
    assert re.search(r"Your hand: (\d \w+(, )?)+\.", without_emoji)


def test_a_panel_sentence_never_reads_the_other_hand() -> None:
    """Two states that differ only in the other player's hand give the same sentence."""
    state = _state()
    player = state.current_player()
    assert player is not None
    other = 1 - player
    changed = BingoState.from_json(state.to_json())
    hand = changed.hands[other]
    kinds = [k for k in range(5) if hand[k]]
    hand[kinds[0]] -= 1
    hand[(kinds[0] + 1) % 5] += 1
    assert changed.hands[other] != state.hands[other]
    for locale in ("en", "it", "pl", "ja"):
        mine = panel_sentence(player_view(state, player), NAMES, locale)
        assert mine == panel_sentence(player_view(changed, player), NAMES, locale)


def test_a_waiting_panel_and_the_board_name_whose_move_it_is() -> None:
    state = _state()
    player = state.current_player()
    assert player is not None
    other = 1 - player
    waiting = panel_sentence(player_view(state, other), NAMES, "en")
    assert waiting.startswith(f"Mulligans. Waiting for {NAMES[player]}. ")
    assert "You can" not in waiting
    board = board_sentence(public_view(state), NAMES, "it")
    assert board.startswith(f"Mulligan. In attesa di {NAMES[player]}. ")
    assert "Territorio di alice: nessuna; territorio di bob: nessuna." in board
    size, library = sum(state.hands[0]), len(state.library)
    assert f"alice ha in mano {size} carte. bob ha in mano {size} carte." in board
    assert board.endswith(f"Mazzo: {library} carte.")


@pytest.mark.parametrize(
    ("locale", "start"),
    [("en", "Mulligans. "), ("it", "Mulligan. "), ("pl", "Mulligany. "), ("ja", "マリガン中。")],
)
def test_every_language_has_the_sentence(locale: str, start: str) -> None:
    state = _state()
    player = state.current_player()
    assert player is not None
    sentence = panel_sentence(player_view(state, player), NAMES, locale)
    assert sentence.startswith(start)
    assert "a11y-" not in sentence  # no missing key
