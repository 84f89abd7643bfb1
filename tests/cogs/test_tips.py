"""Which panel gets a tip (cogs/bingo/_tips.py): the first decision of each kind only."""

from __future__ import annotations

from cogs.bingo._tips import TIPS, tip_key


def _view(decision: str, version: int, player: int = 0, current: int = 0, result=None) -> dict:
    return {
        "viewer": player,
        "current_player": current,
        "decision": decision,
        "version": version,
        "result": result,
    }


def test_a_tip_shows_on_the_first_decision_of_its_kind_and_its_redraws_only() -> None:
    ui = {"tips": {"player": 0, "shown": {}}}
    assert tip_key(ui, _view("declare", 1)) == "tips-mulligan"
    assert tip_key(ui, _view("declare", 1)) == "tips-mulligan"  # the same panel, redrawn
    assert tip_key(ui, _view("declare", 3)) is None  # a later mulligan decision
    assert tip_key(ui, _view("counter", 7)) == "tips-counter"
    assert ui["tips"]["shown"] == {"mulligan": 1, "counter": 7}


def test_no_tip_when_off_for_someone_else_or_not_deciding() -> None:
    assert tip_key({"tips": None}, _view("main", 1)) is None
    assert tip_key({}, _view("main", 1)) is None
    ui = {"tips": {"player": 0, "shown": {}}}
    assert tip_key(ui, _view("main", 1, player=1, current=1)) is None  # the bot's seat
    assert tip_key(ui, _view("main", 1, current=1)) is None  # waiting, not deciding
    assert tip_key(ui, _view("main", 1, result={"winner": 0})) is None
    assert tip_key(ui, _view("bottom", 1)) is None  # no tip for that decision
    assert set(TIPS.values()) >= {"counter", "swamp", "mountain", "forest", "scry", "mulligan"}
