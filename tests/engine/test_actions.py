"""The ``verb:K`` grammar of :mod:`bot.engine.actions`: one parser, one formatter."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.engine import BingoState
from bot.engine.actions import (
    KIND_VERBS,
    MAX_KIND,
    RECORDED_ONLY,
    Action,
    Decision,
    Verb,
    action_string,
    all_actions,
)
from bot.engine.outcome import Reason

from .playout import playout

REPLAYS = Path(__file__).parent / "data" / "replays.json"


def every_string_seen() -> set[str]:
    """Every action string in the recorded matches' histories and legal-action lists."""
    data = json.loads(REPLAYS.read_text())
    seen: set[str] = set()
    for game in data["games"]:
        seen.update(action for _player, action in game["history"])
        for step in game.get("steps", []):
            seen.update(step["legal"])
    return seen


def test_every_legal_action_string_round_trips():
    """parse → str gives back every string ``legal_actions()`` can return."""
    for text in all_actions(5) + all_actions(MAX_KIND + 1):
        action = Action.parse(text)
        assert str(action) == text
        assert Action.parse(str(action)) == action
        assert action_string(action.verb, action.kind) == text


def test_every_stored_action_string_round_trips():
    """Every action of the recorded matches (history and buttons) parses and formats back,
    so stored matches and live buttons need no migration."""
    seen = every_string_seen()
    assert {"place:0", "pass", "allow", "keep", "mulligan", "timeout"} <= seen
    for text in seen:
        assert str(Action.parse(text)) == text


@pytest.mark.parametrize(
    ("text", "verb", "kind"),
    [
        ("place:2", Verb.PLACE, 2),
        ("pass", Verb.PASS, None),
        ("counter:1", Verb.COUNTER, 1),
        ("take_opp:4", Verb.TAKE_OPP, 4),
        ("bottom:11", Verb.BOTTOM, 11),
        ("aside_done", Verb.ASIDE_DONE, None),
        ("scry_bottom", Verb.SCRY_BOTTOM, None),
        ("resign", Verb.RESIGN, None),
    ],
)
def test_parse_reads_verb_and_kind(text, verb, kind):
    """``Action.parse`` splits a string into its verb and kind."""
    assert Action.parse(text) == Action(verb, kind)


@pytest.mark.parametrize(
    "garbage",
    [
        "", ":", "place", "place:", "place:x", "place:-1", "place:+1", "place:01",
        "place: 1", " place:1", "place:1 ", "place:1:2", "pass:0", "keep:1", "Place:1",
        "PASS", "bogus", "bogus:1", "place:100", "place:²", "place:١", "aside_done:0",
        "scry", "take_opp", "timeout:0",
    ],
)  # fmt: skip
def test_parse_refuses_garbage(garbage):
    """Anything but a canonical action string raises ValueError."""
    with pytest.raises(ValueError):
        Action.parse(garbage)


@pytest.mark.parametrize("value", [None, 3, b"pass", ["pass"], ("place", 1)])
def test_parse_refuses_non_strings(value):
    """A non-string raises ValueError, not TypeError."""
    with pytest.raises(ValueError):
        Action.parse(value)


def test_action_refuses_a_kind_that_does_not_fit_its_verb():
    """``Action(verb, kind)`` checks that the kind matches the verb."""
    with pytest.raises(ValueError):
        Action(Verb.PLACE)
    with pytest.raises(ValueError):
        Action(Verb.PASS, 0)
    with pytest.raises(ValueError):
        Action(Verb.PLACE, MAX_KIND + 1)
    with pytest.raises(ValueError):
        Action(Verb.PLACE, True)
    with pytest.raises(ValueError):
        Action("place", 1)  # type: ignore[arg-type]


def test_verbs_keep_their_exact_strings():
    """The enum values are the strings stored in matches and custom ids."""
    assert [v.value for v in Verb] == [
        "place", "pass", "allow", "counter", "discard", "destroy", "take", "take_opp",
        "keep", "mulligan", "bottom", "aside", "aside_done", "scry_top", "scry_bottom",
        "timeout", "resign", "abandon",
    ]  # fmt: skip
    assert {v.value for v in KIND_VERBS} == {
        "place", "counter", "discard", "destroy", "take", "take_opp", "bottom", "aside"
    }  # fmt: skip
    assert {v.value for v in RECORDED_ONLY} == {"timeout", "resign", "abandon"}
    assert [d.value for d in Decision] == [
        "main", "counter", "swamp", "mountain", "forest", "declare", "bottom", "aside",
        "scry", "over",
    ]  # fmt: skip
    assert [r.value for r in Reason] == [
        "five_of_a_color", "five_colors", "resign", "timeout", "passes", "turn_limit",
        "no_result", "moderator",
    ]  # fmt: skip


def test_engine_strings_are_the_typed_values():
    """Decisions, legal actions and result reasons of a real match parse as typed values."""
    state = playout(3, None, random.Random(3), timeouts=0.05)
    assert Reason(state.result.reason)
    for _player, text in state.history:
        Action.parse(text)
    fresh, _ = BingoState.new(4)
    assert Decision(fresh.decision()) is Decision.DECLARE
    assert all(not Action.parse(a).verb.recorded_only for a in fresh.legal_actions())


def test_apply_accepts_a_typed_action():
    """``apply(Action(...))`` is the same as ``apply(str(action))``."""
    a, _ = BingoState.new(8)
    b, _ = BingoState.new(8)
    for text in ("keep", "keep"):
        a.apply(Action.parse(text))
        b.apply(text)
    assert a.to_json() == b.to_json()
    assert a.history[-1][1] == "keep" and type(a.history[-1][1]) is str
