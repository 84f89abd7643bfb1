"""The custom_ids of controls posted by older code, shared by the router's tests
(``tests/cogs/test_controls.py``) and the clicks through the emulator
(``tests/e2e/test_controls.py``).

Live buttons (in members' DMs, under boards and results) keep the custom_id they were
posted with. ``OLD`` holds, for each of the 15 kinds of control, custom_ids exactly as
the code before the router (commit 8ce512b) made them: each was printed by calling that
code (``controls.DecisionButton(7, 3, Action.parse("place:2")).custom_id`` and so on), with the
fields its own parser read back.
"""

from __future__ import annotations

from typing import Any

from bot.engine.actions import Action, Verb
from bot.ui import controls

GUILD = 123456789012345678

#: (custom_id made by the code at 8ce512b, its kind, the fields that code parsed from it)
OLD: list[tuple[str, type[controls.Control[Any]], dict[str, Any]]] = [
    (
        "bingo:m:7:3:place:2",
        controls.DecisionButton,
        {"match_id": 7, "version": 3, "action": Action(Verb.PLACE, 2)},
    ),
    (
        "bingo:m:7:0:keep",
        controls.DecisionButton,
        {"match_id": 7, "version": 0, "action": Action(Verb.KEEP)},
    ),
    (
        "bingo:m:12:41:take_opp:4",
        controls.DecisionButton,
        {"match_id": 12, "version": 41, "action": Action(Verb.TAKE_OPP, 4)},
    ),
    # An action the grammar does not know: parsed, answered as no longer current.
    ("bingo:m:7:3:bogus", controls.DecisionButton, {"match_id": 7, "version": 3, "action": None}),
    (
        "bingo:c:5:accept",
        controls.ChallengeButton,
        {"challenge_id": 5, "answer": controls.Answer.ACCEPT},
    ),
    (
        "bingo:c:5:decline",
        controls.ChallengeButton,
        {"challenge_id": 5, "answer": controls.Answer.DECLINE},
    ),
    ("bingo:h:7", controls.ShowHandButton, {"match_id": 7}),
    ("bingo:a:8", controls.PlayAgainButton, {"match_id": 8}),
    ("bingo:rp:9:4:n", controls.ReplayButton, {"match_id": 9, "step": 4, "direction": "n"}),
    ("bingo:rp:9:0:p", controls.ReplayButton, {"match_id": 9, "step": 0, "direction": "p"}),
    ("bingo:r:10", controls.RematchButton, {"match_id": 10}),
    ("bingo:tips:11", controls.TipsOffButton, {"match_id": 11}),
    # Screen-reader mode offered on a first match's first panel (added with that mode).
    ("bingo:sr:12", controls.AccessibleButton, {"match_id": 12}),
    ("bingo:tj:3:join", controls.SignupButton, {"tournament_id": 3, "op": "join"}),
    ("bingo:tj:3:leave", controls.SignupButton, {"tournament_id": 3, "op": "leave"}),
    (
        "mull:a:21:2:scry_bottom",
        controls.PracticeButton,
        {"session_id": 21, "version": 2, "action": "scry_bottom"},
    ),
    ("mull:s:21:3:bottom", controls.CardSelect, {"session_id": 21, "version": 3, "step": "bottom"}),
    ("mull:s:21:4:aside", controls.CardSelect, {"session_id": 21, "version": 4, "step": "aside"}),
    ("mull:again:22", controls.AgainButton, {"session_id": 22}),
    (
        f"mull:d:{GUILD}:20419:1:keep",
        controls.DailyButton,
        {"guild_id": GUILD, "day": 20419, "version": 1, "action": "keep"},
    ),
    (
        f"mull:ds:{GUILD}:20419:2:aside",
        controls.DailySelect,
        {"guild_id": GUILD, "day": 20419, "version": 2, "step": "aside"},
    ),
    ("guide:rules:2:next", controls.RulesButton, {"page": 2, "way": "next"}),
    ("guide:rules:0:prev", controls.RulesButton, {"page": 0, "way": "prev"}),
    # the /help pages' buttons, as the code that added them makes them
    ("guide:help:1:next", controls.HelpButton, {"page": 1, "way": "next"}),
    ("guide:help:0:prev", controls.HelpButton, {"page": 0, "way": "prev"}),
]


#: Kinds added after the router, with custom_ids as the code that added them makes them
#: (kept as they are from then on, like ``OLD``).
ADDED: list[tuple[str, type[controls.Control[Any]], dict[str, Any]]] = [
    ("bingo:an:9", controls.AnalysisButton, {"match_id": 9}),
    ("bingo:aw:9:14", controls.WorstMoveButton, {"match_id": 9, "step": 14}),
    # Added with seasons and /privacy (the strings these versions post).
    (
        "bingo:lb:a:r:3:n",
        controls.LeaderboardButton,
        {"season": None, "by": "r", "page": 3, "direction": "n"},
    ),
    (
        "bingo:lb:2:w:0:p",
        controls.LeaderboardButton,
        {"season": 2, "by": "w", "page": 0, "direction": "p"},
    ),
    ("bingo:ts:9:1:n", controls.StandingsButton, {"tournament_id": 9, "page": 1, "direction": "n"}),
    ("privacy:erase:123:yes", controls.EraseButton, {"user_id": 123, "answer": "yes"}),
    # Added with the confirmation of /bingo season start.
    (
        "bingo:season:2:yes:Spring: the second one",
        controls.SeasonStartButton,
        {"after": 2, "answer": "yes", "name": "Spring: the second one"},
    ),
    ("bingo:season:0:no", controls.SeasonStartButton, {"after": 0, "answer": "no", "name": ""}),
    # Added with the analysis's key moments.
    ("bingo:km:9:13", controls.KeyMomentButton, {"match_id": 9, "decision": 13}),
    # Added with /bingo puzzle (the strings this version posts).
    (
        "bingo:pz:7:0:place:2",
        controls.PuzzleButton,
        {"puzzle_id": 7, "day": 0, "action": "place:2"},
    ),
    (
        "bingo:pz:7:20600:pass",
        controls.PuzzleButton,
        {"puzzle_id": 7, "day": 20600, "action": "pass"},
    ),
    (
        "bingo:pzr:7:60:o",
        controls.PuzzleReplayButton,
        {"puzzle_id": 7, "step": 60, "direction": "o"},
    ),
    ("bingo:pzr:7:3:p", controls.PuzzleReplayButton, {"puzzle_id": 7, "step": 3, "direction": "p"}),
    ("bingo:pzn:0:0:next", controls.PuzzleNextButton, {"puzzle_id": 0, "day": 0, "what": "next"}),
    (
        "bingo:pzn:7:20600:again",
        controls.PuzzleNextButton,
        {"puzzle_id": 7, "day": 20600, "what": "again"},
    ),
    ("bingo:pzd:5:20600", controls.PuzzleDayButton, {"guild_id": 5, "day": 20600}),
    # Added with the ranked queue (its waiting message).
    ("bingo:q:leave", controls.QueueButton, {"op": controls.QueueOp.LEAVE}),
    ("bingo:q:bot", controls.QueueButton, {"op": controls.QueueOp.BOT}),
    # Added with the global ladder (its pages).
    ("bingo:ld:4:1:n", controls.LadderButton, {"season": 4, "page": 1, "direction": "n"}),
    ("bingo:ld:a:0:p", controls.LadderButton, {"season": None, "page": 0, "direction": "p"}),
]
