"""Typed engine events: who may see what, and the JSON stored matches hold."""

from __future__ import annotations

import json
import random

import pytest

from bot.engine import BingoOptions, BingoState, MulliganRule, Outcome, Reason, Result
from bot.engine import events as ev
from bot.engine.practice import PRESETS, PracticeState


def _random_match(seed: int) -> list[ev.Event]:
    rng = random.Random(seed)
    rule = (MulliganRule.VANCOUVER, MulliganRule.LONDON, MulliganRule.PARIS)[seed % 3]
    state, events = BingoState.new(seed, BingoOptions(mulligan_rule=rule, max_turns=40))
    while not state.is_over:
        if rng.random() < 0.05:
            events += state.apply_timeout()
        else:
            events += state.apply(rng.choice(state.legal_actions()))
    return events


@pytest.mark.parametrize("seed", range(12))
def test_json_round_trips_for_every_viewer(seed: int) -> None:
    """``event_from_json(e.to_json())`` is ``e``, redacted or not, and the JSON text
    written back is the same bytes."""
    for event in _random_match(seed):
        for viewer in (None, 0, 1):
            shown = event.for_viewer(viewer)
            data = shown.to_json()
            assert ev.event_from_json(data) == shown
            text = json.dumps(data)
            assert json.dumps(ev.event_from_json(json.loads(text)).to_json()) == text


def test_private_parts_are_redacted_for_everyone_else() -> None:
    """Each private event keeps its cards for its own seat only; public events are
    returned as they are; the original is never changed."""
    private = 0
    for event in _random_match(3):
        if not event.PRIVATE_FIELDS:
            assert event.for_viewer(None) is event
            continue
        private += 1
        owner = event.private
        assert owner is not None and event.for_viewer(owner) is event
        for viewer in (None, 1 - owner):
            hidden = event.for_viewer(viewer)
            assert all(getattr(hidden, name) is None for name in event.PRIVATE_FIELDS)
            assert all(getattr(event, name) is not None for name in event.PRIVATE_FIELDS)
            assert not set(event.PRIVATE_FIELDS) & set(hidden.to_json())
            assert hidden.to_json()["private"] == owner
    assert private > 10


def test_events_are_frozen() -> None:
    event = ev.Draw(player=0, card=2, private=0)
    with pytest.raises(AttributeError):
        event.card = 3  # type: ignore[misc]


def test_the_stored_shapes() -> None:
    """The JSON shapes stored matches hold: ``type`` first, ``private`` last, an
    ``auto`` only when true, a practice deal with no ``private``."""
    assert list(ev.Draw(player=1, card=4, private=1).to_json()) == [
        "type", "player", "card", "private",
    ]  # fmt: skip
    assert ev.Declare(player=0, choice="keep").to_json() == {
        "type": "declare", "player": 0, "choice": "keep",
    }  # fmt: skip
    end = ev.End(winner=0, reason=Reason.FIVE_COLORS, loser=1)
    assert json.dumps(end.to_json()) == (
        '{"type": "end", "winner": 0, "reason": "five_colors", "loser": 1}'
    )
    _, events = PracticeState.new(3, PRESETS["constructed"])
    assert events[0].to_json().keys() == {"type", "player", "cards"}
    with pytest.raises(KeyError):
        ev.event_from_json({"type": "no_such_event"})


def test_every_reason_gives_its_outcome() -> None:
    """Reason.outcome and Result.outcome: a win, a draw (§1.8 stalemate) or no result."""
    assert {reason: reason.outcome for reason in Reason} == {
        Reason.FIVE_OF_A_COLOR: Outcome.WIN,
        Reason.FIVE_COLORS: Outcome.WIN,
        Reason.RESIGN: Outcome.WIN,
        Reason.TIMEOUT: Outcome.WIN,
        Reason.PASSES: Outcome.DRAW,
        Reason.TURN_LIMIT: Outcome.DRAW,
        Reason.NO_RESULT: Outcome.NO_RESULT,
        Reason.MODERATOR: Outcome.NO_RESULT,
    }
    assert Result(None, Reason.PASSES).outcome is Outcome.DRAW
    assert Result(None, Reason.MODERATOR, note="spam").outcome is Outcome.NO_RESULT
    assert Result(1, Reason.RESIGN, loser=0).outcome is Outcome.WIN
    assert [o.value for o in Outcome] == ["win", "draw", "no_result"]  # stored strings
