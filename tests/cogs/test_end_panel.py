"""A player's end-of-match panel (cogs/bingo/_render.py ``personal_result``, the
"Replay" button ``ReplayButton.opening``): their own result, in their language, never
"<their name> wins"; and the button that opens the match's replay."""

from __future__ import annotations

import pytest

from bot.engine import BingoOptions, BingoState
from bot.engine.outcome import Reason, Result
from bot.matches import player_view
from bot.ui.accessible import panel_sentence
from bot.ui.controls import ReplayButton
from cogs.bingo._render import personal_result, prompt_text

NAMES = ["alice", "bob"]
OPTIONS = BingoOptions(max_timeouts=3)


@pytest.mark.parametrize(
    ("reason", "winner", "viewer", "said"),
    [
        (Reason.FIVE_COLORS, 1, 1, "🏆 **You win** by one land of each color!"),
        (Reason.FIVE_COLORS, 1, 0, "**You lose**: bob wins by one land of each color."),
        (Reason.FIVE_OF_A_COLOR, 0, 0, "🏆 **You win** by five lands of one color!"),
        (Reason.RESIGN, 1, 1, "🏆 **You win**: alice resigned."),
        (Reason.RESIGN, 1, 0, "🏳️ **You resigned**: bob wins."),
        (Reason.TIMEOUT, 0, 0, "🏆 **You win**: bob ran out of time (3 timed-out turns in a row)."),
        (
            Reason.TIMEOUT,
            0,
            1,
            "⏰ **You lose**: you ran out of time (3 timed-out turns in a row).",
        ),
        (Reason.PASSES, None, 0, "🤝 The match is a draw (6 passes in a row)."),
    ],
)
def test_the_result_is_said_to_its_player(
    reason: Reason, winner: int | None, viewer: int, said: str
) -> None:
    result = Result(winner, reason)
    assert personal_result(result, viewer, NAMES, OPTIONS, "en") == said


@pytest.mark.parametrize(
    ("locale", "won", "lost"),
    [
        ("it", "🏆 **Hai vinto**: alice ha abbandonato la partita.", "🏳️ **Hai abbandonato"),
        ("pl", "🏆 **Wygrywasz**: alice poddaje mecz.", "🏳️ **Poddajesz mecz**: wygrywa bob."),
        ("ja", "🏆 **あなたの勝利**：aliceが投了しました。", "🏳️ **投了しました**：bobの勝利です。"),
    ],
)
def test_every_language_says_it_to_its_player(locale: str, won: str, lost: str) -> None:
    result = Result(1, Reason.RESIGN)
    assert personal_result(result, 1, NAMES, OPTIONS, locale) == won
    assert personal_result(result, 0, NAMES, OPTIONS, locale).startswith(lost)


def test_a_finished_panel_addresses_its_player_and_the_sentence_too() -> None:
    state, _ = BingoState.new(7)
    state.resign(0)
    for viewer, mine in ((0, "You resigned"), (1, "You win")):
        view = player_view(state, viewer)
        assert view.result is not None
        text = prompt_text(view, NAMES, "en")
        assert mine in text and f"**{NAMES[viewer]}**" not in text
        outcome = personal_result(view.result, viewer, NAMES, OPTIONS, "en")
        sentence = panel_sentence(view, NAMES, "en", outcome=outcome)
        assert sentence.startswith(mine), sentence
        assert "The match is over" not in sentence


def test_the_replay_button_of_an_end_panel() -> None:
    """Step 0, Next: a custom_id no replay page offers to click (its Next goes to step 1
    or later), so the click opens the replay instead of turning a page."""
    button = ReplayButton.opening(12, "ja")
    assert button.custom_id == "bingo:rp:12:0:n"
    assert button.item.label == "リプレイを見る"
    found = ReplayButton.__discord_ui_compiled_template__.fullmatch(button.custom_id)
    assert found is not None and ReplayButton.parse(found).opens
    assert not ReplayButton(12, 1, "n").opens and not ReplayButton(12, 0, "p").opens
