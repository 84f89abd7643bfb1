"""Every label of the board picture (bot/ui/board_image.py) fits at full length in every
language: nothing drawn is cut with "…" (the Japanese "ライブラリー" once became
"ライブラ…"), and the discard pile keeps its label. Drawn with short names ("alice",
"bob"): a member's long name may still be shortened, by design."""

from __future__ import annotations

import pytest

from bot.engine.outcome import Reason
from bot.i18n import LANGUAGES, t
from bot.ui import board_image, typeset
from bot.ui.board_image import render_board

#: The last moves a caption can say (bot.ui.board_image.MOVES), with their fields.
MOVES = [
    {"type": "announce", "player": 0, "land": 0},
    {"type": "resolve", "player": 1, "land": 4},
    {"type": "counter", "player": 0, "land": 3, "discarded": [1, 4]},
    {"type": "discard", "player": 1, "land": 2},
    {"type": "destroy", "player": 1, "target": 0, "land": 0},
    {"type": "take", "player": 0, "land": 2, "source": 1},
    {"type": "pass", "player": 1},
    {"type": "timeout", "player": 0, "decision": "main"},
    {"type": "resign", "player": 1},
]
RESULTS = [
    {"winner": 0, "reason": Reason.FIVE_OF_A_COLOR.value},
    {"winner": 1, "reason": Reason.FIVE_COLORS.value},
    {"winner": 0, "reason": Reason.RESIGN.value},
    {"winner": 1, "reason": Reason.TIMEOUT.value},
    {"winner": None, "reason": Reason.PASSES.value},
    {"winner": None, "reason": Reason.NO_RESULT.value},
]


def _inputs(language: str, **changes: object) -> dict:
    inputs = {
        "id": 4321, "names": ["alice", "bob"], "language": language, "phase": "play",
        "turn": 200, "active": 0, "hands": [7, 30], "territories": [[4, 1, 0, 2, 1], [0] * 5],
        "discards": [[0] * 5, [3, 2, 1, 4, 5]], "library": 46, "pending": None,
        "result": None, "last": None,
    }  # fmt: skip
    inputs.update(changes)
    return inputs


def _boards(language: str) -> list[dict]:
    boards = [_inputs(language, phase="mulligan", turn=0), _inputs(language, active=1)]
    boards += [_inputs(language, pending=kind, last=MOVES[0]) for kind in range(5)]
    boards += [_inputs(language, last=move) for move in MOVES]
    boards += [_inputs(language, result=result, last=MOVES[-1]) for result in RESULTS]
    return boards


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_label_of_the_board_is_cut(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    draw_text = typeset.draw_text

    def recording(image, xy, text, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return draw_text(image, xy, text, size, *args, **kwargs)

    monkeypatch.setattr(typeset, "draw_text", recording)
    for inputs in _boards(language):
        render_board(inputs)
    cut = sorted({text for text in drawn if text.endswith("…")})
    assert not cut, cut
    assert t(language, "board-library") in drawn
    assert t(language, "board-discard-empty") in drawn
    assert t(language, "board-discard") in drawn  # beside a pile of every colour
    stack = t(language, "board-on-stack")
    assert stack in drawn or all(word in drawn for word in stack.split())
    board_image._static_layer.cache_clear()
