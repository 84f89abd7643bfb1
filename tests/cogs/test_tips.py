"""Which panel gets a tip (cogs/bingo/_tips.py): the first decision of each kind only."""

from __future__ import annotations

from bot.matches.config import MatchConfig, Tips
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
    tips: Tips | None = Tips(0)
    key, tips = tip_key(tips, _view("declare", 1))
    assert key == "tips-mulligan"
    key, again = tip_key(tips, _view("declare", 1))  # the same panel, redrawn
    assert key == "tips-mulligan" and again is tips
    key, tips = tip_key(tips, _view("declare", 3))  # a later mulligan decision
    assert key is None
    key, tips = tip_key(tips, _view("counter", 7))
    assert key == "tips-counter"
    assert tips is not None and tips.to_json() == {
        "player": 0,
        "shown": {"mulligan": 1, "counter": 7},
    }
    stored = MatchConfig(tips=tips).to_json()  # kept with the match's configuration
    assert MatchConfig.from_json(stored).tips == tips


def test_no_tip_when_off_for_someone_else_or_not_deciding() -> None:
    assert tip_key(None, _view("main", 1)) == (None, None)
    tips = Tips(0)
    assert tip_key(tips, _view("main", 1, player=1, current=1)) == (None, tips)  # the bot's
    assert tip_key(tips, _view("main", 1, current=1)) == (None, tips)  # waiting
    assert tip_key(tips, _view("main", 1, result={"winner": 0})) == (None, tips)
    assert tip_key(tips, _view("bottom", 1)) == (None, tips)  # no tip for that decision
    assert set(TIPS.values()) >= {"counter", "swamp", "mountain", "forest", "scry", "mulligan"}
