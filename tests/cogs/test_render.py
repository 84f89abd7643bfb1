"""The text the bot shows: public lines never name a hidden card."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.engine import NAMES, BingoOptions, BingoState, MulliganRule
from bot.engine.events import Draw, Event
from bot.engine.outcome import Reason, Result
from bot.matches import player_view, public_view
from cogs.bingo._render import action_label, board_embed, event_line, panel_embed, result_line

from .render_helpers import NAMES_AB, embed_text


def _playout_events(seed: int, rule: MulliganRule) -> list[Event]:
    state, events = BingoState.new(seed, BingoOptions(mulligan_rule=rule))
    rng = random.Random(seed)
    while not state.is_over:
        events += state.apply(rng.choice(state.legal_actions()))
    return events


@pytest.mark.parametrize("rule", [MulliganRule.VANCOUVER, MulliganRule.LONDON])
def test_public_lines_never_name_private_cards(rule: MulliganRule) -> None:
    """A private event (draw, scry, bottom) rendered publicly names no land."""
    seen = 0
    for seed in range(40):
        for event in _playout_events(seed, rule):
            if event.private is None:
                continue
            line = event_line(event, NAMES_AB) or ""
            seen += 1
            assert not any(name in line for name in NAMES), (event, line)
    assert seen > 100


def test_private_draw_is_named_for_its_owner() -> None:
    """The owner of a draw sees which land it was; the opponent does not."""
    event = Draw(player=1, card=3, private=1)
    assert "Mountain" in event_line(event, NAMES_AB, viewer=1)
    assert "Mountain" not in event_line(event, NAMES_AB, viewer=0)


def test_board_shows_hand_sizes_not_hands() -> None:
    """The public board lists hand sizes and never the cards in a hand."""
    state, _ = BingoState.new(7)
    text = embed_text(board_embed(1, public_view(state), NAMES_AB, [], None))
    assert "Hand: 5 cards" in text
    assert not any(name in text for name in NAMES)


def test_panel_shows_only_its_own_hand() -> None:
    """A hand panel lists its player's cards, and only theirs."""
    state, _ = BingoState.new(11)
    state.hands = [[5, 0, 0, 0, 0], [0, 0, 0, 0, 5]]
    text = embed_text(panel_embed(1, player_view(state, 0), NAMES_AB, None))
    assert "Plains ×5" in text
    assert "Forest" not in text


def test_action_labels() -> None:
    """Buttons carry the words a player expects."""
    assert action_label("place:3", NAMES_AB, 0) == ("Place Mountain", "🔥")
    assert action_label("counter:1", NAMES_AB, 0)[0] == "Counter (Island + Island)"
    assert action_label("take_opp:4", NAMES_AB, 0)[0] == "Take Bob's Forest"
    assert action_label("keep", NAMES_AB, 1) == ("Keep", None)


def test_result_names_the_tables_own_limits() -> None:
    """A forfeit or a stalemate names the limits the match was played with (settings and
    options), not fixed numbers."""
    options = BingoOptions(max_timeouts=2, max_passes=4, max_turns=50)
    lines = {
        reason: result_line({"winner": 0, "reason": reason, "loser": 1}, NAMES_AB, options)
        for reason in ("timeout", "passes", "turn_limit")
    }
    assert "2 timed-out turns in a row" in lines["timeout"]
    assert "4 passes in a row" in lines["passes"]
    assert "the 50-turn limit" in lines["turn_limit"]
    draw = result_line({"winner": None, "reason": "passes", "loser": None}, NAMES_AB, options)
    assert "4 passes in a row" in draw
    single = result_line(
        {"winner": 1, "reason": "timeout", "loser": 0}, NAMES_AB, BingoOptions(max_timeouts=1)
    )
    assert "1 timed-out turn in a row" in single


def test_a_match_with_no_result_says_so() -> None:
    """An abandoned match is neither a win nor a draw, on the board and in its log."""
    state, _ = BingoState.new(3)
    events = state.abandon()
    text = embed_text(board_embed(1, public_view(state), NAMES_AB, [], None))
    assert "no result" in text and "draw" not in text and "wins" not in text
    lines = [event_line(e, NAMES_AB, options=state.options) for e in events]
    assert [line for line in lines if line] == [
        result_line(state.result.to_json(), NAMES_AB, state.options)
    ]


def test_the_board_says_who_is_one_land_from_winning() -> None:
    """Near wins (RULES §1.6) from the territories only: four Plains, four colours; in
    English and Italian; nothing two lands away, nothing once the match is over."""
    state, _ = BingoState.new(7)
    view = replace(public_view(state), territories=((4, 0, 0, 0, 0), (1, 1, 0, 1, 1)))
    english = board_embed(1, view, NAMES_AB, [], None).description
    assert "⚠️ Alice needs one ☀️ Plains to win" in english
    assert "⚠️ Bob needs one 💀 Swamp to win" in english
    italian = board_embed(1, view, NAMES_AB, [], None, "it").description
    assert "⚠️ A Alice manca una ☀️ Pianura per vincere" in italian
    view = replace(view, territories=((3, 0, 0, 0, 0), (1, 1, 0, 1, 0)))
    assert "⚠️" not in board_embed(1, view, NAMES_AB, [], None).description
    view = replace(
        view,
        territories=((5, 0, 0, 0, 0), (1, 1, 0, 1, 1)),
        result=Result(0, Reason.FIVE_OF_A_COLOR),
    )
    assert "⚠️" not in board_embed(1, view, NAMES_AB, [], None).description


def test_the_log_tail_matches_the_whole_log() -> None:
    """``log_lines(last=n)`` is the last ``n`` lines of the whole log, even where some
    events make no public line (private draws) and older entries are plain text."""
    from bot.matches import events_for
    from cogs.bingo._render import log_lines

    options = BingoOptions()
    events = events_for(_playout_events(3, MulliganRule.LONDON), None)
    log = ["an old line of text"] + [event.to_json() for event in events]
    whole = log_lines(log, NAMES_AB, options)
    assert len(whole) > 8
    for n in (1, 8, len(whole), len(whole) + 5):
        assert log_lines(log, NAMES_AB, options, last=n) == whole[-n:]
    assert log_lines(log, NAMES_AB, options, last=0) == []


def test_every_engine_event_has_a_line_or_is_known_silent() -> None:
    """Each event class of the engine renders a public line, except those shown
    elsewhere (a ``deal`` in the hand panel) or said by the next event (``allow``,
    ``abandon``): a new event kind cannot go unrendered unnoticed."""
    from bot.engine.events import EVENT_TYPES, event_from_json

    samples = {
        "deal": {"player": 0, "cards": [1, 1, 1, 1, 1], "private": 0},
        "roll": {"rolls": [[3, 3], [5, 2]], "starting": 0},
        "declare": {"player": 0, "choice": "keep"},
        "mulligan": {"player": 0, "number": 1, "hand_size": 4, "private": 0},
        "bottom": {"player": 0, "private": 0},
        "aside": {"player": 0, "count": 2},
        "aside_returned": {"player": 0, "count": 2},
        "scry": {"player": 0, "choice": "top", "private": 0},
        "end": {"winner": None, "reason": "passes", "loser": None},
        "timeout": {"player": 0, "decision": "main"},
        "reshuffle": {"size": 7},
        "counter": {"player": 1, "land": 2, "discarded": [1, 3]},
        "destroy": {"player": 0, "target": 1, "land": 2},
        "take": {"player": 0, "source": 0, "land": 2},
        "turn": {"player": 0, "turn": 3},
        "abandon": {},
    }
    silent = set()
    for kind in EVENT_TYPES:
        data = {"type": kind, **samples.get(kind, {"player": 0, "land": 4})}
        if kind in ("draw",):
            data = {"type": kind, "player": 0, "private": 0}
        elif kind in ("allow", "pass", "resign", "no_draw", "scry_skipped"):
            data = {"type": kind, "player": 0}
        line = event_line(event_from_json(data), NAMES_AB)
        if line is None:
            silent.add(kind)
        else:
            assert "bingo-event" not in line and line.strip(), (kind, line)
    assert silent == {"deal", "allow", "abandon"}


def test_a_result_a_moderator_ended_shows_the_reason_echoed() -> None:
    """A moderator's end names the moderator's reason, markdown and mentions escaped
    (bot.ui.text.echo); a lost table keeps its own wording."""
    ended = {"winner": None, "reason": "moderator", "loser": None, "note": "*spam* @here"}
    line = result_line(ended, NAMES_AB)
    assert line.startswith("⛔ A moderator ended the match with no result")
    assert "\\*spam\\* @\u200bhere" in line and "could not go on" not in line
    lost = result_line({"winner": None, "reason": "no_result", "loser": None}, NAMES_AB)
    assert lost == "⛔ The match ended with no result: it could not go on in its channel."
