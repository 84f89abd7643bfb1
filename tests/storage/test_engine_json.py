"""The engine's JSON is stored as the same text whichever encoder writes it."""

from __future__ import annotations

import random

import pytest

from bot.engine import BingoState
from bot.matches.log import extend_log
from bot.storage.base import encode_engine_json, encode_json


def test_a_played_match_encodes_to_the_same_text_as_with_json() -> None:
    state, events = BingoState.new(seed=7)
    log = extend_log([], events)
    chooser = random.Random(3)
    for _ in range(60):
        if state.is_over:
            break
        events = state.apply(chooser.choice(state.legal_actions()))
        log = extend_log(log, events)
        for value in (state.to_json(), state.history, log):
            assert encode_engine_json(value) == encode_json(value)


def test_integer_keys_and_text_beyond_ascii_are_written_as_json_writes_them() -> None:
    value = {1: ["Ísland", "島", 'a "quoted" \\ line\n'], "k": [True, None, -5]}
    assert encode_engine_json(value) == encode_json(value)


def test_a_type_json_refuses_is_refused() -> None:
    with pytest.raises(TypeError):
        encode_engine_json({"when": object()})
