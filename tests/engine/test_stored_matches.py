"""Stored matches still load and replay exactly.

``data/replays.json`` was recorded with the engine as it was before its speed-up
(event-free playouts): 60 seeded random matches over every table rule (time-outs, resignations and
abandons included), each with its seed, options, history, final ``to_json()``, the state
half-way, both players' observations, and for the first 24 every step's events and
legal actions.  Whatever the engine's insides become, these must not change.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.engine import BingoOptions, BingoState
from bot.engine.events import event_from_json

DATA = Path(__file__).parent / "data" / "replays.json"


@cache
def games() -> list[dict[str, Any]]:
    return json.loads(DATA.read_text())["games"]


def as_json(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("index", range(60))
def test_replay_gives_the_recorded_final_state(index):
    """seed + options + history replay to the recorded final state, key for key."""
    game = games()[index]
    state = BingoState.replay(game["seed"], BingoOptions.from_json(game["options"]),
                              game["history"])  # fmt: skip
    assert state.to_json() == game["final"]
    assert state.dumps() == json.dumps(game["final"], separators=(",", ":"))
    assert as_json([state.observation(0), state.observation(1)]) == game["observations"]


@pytest.mark.parametrize("index", range(0, 60, 3))
def test_a_stored_state_loads_and_plays_on(index):
    """A stored half-way state loads with from_json, serializes back identically, and
    plays on exactly like the replay of the same decisions."""
    game = games()[index]
    mid = game["mid"]
    loaded = BingoState.from_json(mid["state"])
    assert loaded.to_json() == mid["state"]
    assert as_json([loaded.observation(0), loaded.observation(1)]) == mid["observations"]
    replayed = BingoState.replay(game["seed"], BingoOptions.from_json(game["options"]),
                                 game["history"][: mid["decisions"]])  # fmt: skip
    rng_a, rng_b = random.Random(index), random.Random(index)
    for _ in range(400):
        if loaded.is_over:
            break
        assert loaded.legal_actions() == replayed.legal_actions()
        loaded.apply(rng_a.choice(loaded.legal_actions()))
        replayed.apply_fast(rng_b.choice(replayed.legal_actions()))
    assert loaded.to_json() == replayed.to_json()


@pytest.mark.parametrize("index", range(24))
def test_events_and_legal_actions_are_unchanged(index):
    """Step by step, ``new``/``apply``/``apply_timeout``/``resign``/``abandon`` return the
    recorded events, and ``legal_actions()`` the recorded lists in the same order."""
    game = games()[index]
    state, events = BingoState.new(game["seed"], BingoOptions.from_json(game["options"]))
    steps = [{"events": events, "legal": state.legal_actions()}]
    for player, action in game["history"]:
        if action == "resign":
            events = state.resign(player)
        elif action == "abandon":
            events = state.abandon()
        elif action == "timeout":
            events = state.apply_timeout()
        else:
            events = state.apply(action, player=player)
        steps.append({"events": events, "legal": state.legal_actions()})
    recorded = game["steps"]
    assert len(steps) == len(recorded)
    for step in steps:
        step["events"] = [event.to_json() for event in step["events"]]
    for number, (step, expected) in enumerate(zip(as_json(steps), recorded, strict=True)):
        assert step == expected, f"step {number}"


@pytest.mark.parametrize("index", range(24))
def test_recorded_events_round_trip_byte_for_byte(index):
    """Every recorded event (the JSON stored matches hold, as each viewer may see it)
    loads as a typed event and writes back the same bytes."""
    count = 0
    for step in games()[index]["steps"]:
        for data in step["events"]:
            for viewer in (None, 0, 1):
                shown = event_from_json(data).for_viewer(viewer).to_json()
                if data.get("private", viewer) == viewer:
                    hidden = data
                else:  # what stored board logs hold: the event without its cards
                    hidden = {k: v for k, v in data.items() if k not in ("card", "cards")}
                assert json.dumps(shown) == json.dumps(hidden)
                assert json.dumps(event_from_json(hidden).to_json()) == json.dumps(hidden)
                count += 1
    assert count > 100
