"""Which panel gets a tip (cogs/bingo/_tips.py): the first decision of each kind only."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import BingoState
from bot.engine.actions import Decision
from bot.engine.outcome import Reason, Result
from bot.matches import PlayerView, player_view
from bot.matches.config import MatchConfig, Tips
from cogs.bingo._tips import TIPS, tip_key


def _view(
    decision: str, version: int, player: int = 0, current: int = 0, result: Result | None = None
) -> PlayerView:
    """Player ``player``'s view of a new match, with the fields a tip depends on set."""
    state, _ = BingoState.new(1)
    return replace(
        player_view(state, player),
        current_player=current,
        decision=Decision(decision),
        version=version,
        result=result,
    )


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
    assert tip_key(tips, _view("main", 1, result=Result(0, Reason.RESIGN))) == (None, tips)
    assert tip_key(tips, _view("bottom", 1)) == (None, tips)  # no tip for that decision
    assert set(TIPS.values()) >= {"counter", "swamp", "mountain", "forest", "scry", "mulligan"}
