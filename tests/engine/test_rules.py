"""BingoMagic rules (RULES §1, and the §2 mulligans as a match uses them), one test each.

Most tests build an exact position with :func:`position` and then play one or two
actions through the public API (``apply``, ``apply_timeout``, ``resign``).
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine import BingoOptions, BingoState, IllegalActionError, MulliganRule, Result
from bot.engine import events as ev
from bot.engine.actions import Decision

W, U, B, R, G = range(5)  # Plains, Island, Swamp, Mountain, Forest
NONE = [0, 0, 0, 0, 0]


def vec(*kinds: int) -> list[int]:
    """A count vector from kinds: ``vec(W, W, G)`` → ``[2, 0, 0, 0, 1]``."""
    counts = [0] * 5
    for kind in kinds:
        counts[kind] += 1
    return counts


def act(state: BingoState, *actions: str) -> None:
    """Apply ``actions`` in turn."""
    for action in actions:
        state.apply(action)


def finish_mulligans(state: BingoState) -> None:
    """Keep both opening hands (and leave any Vancouver scry card on top)."""
    while state.phase == "mulligan":
        legal = state.legal_actions()
        state.apply("keep" if "keep" in legal else "scry_top")


def position(
    *,
    hands: tuple[list[int], list[int]] = (NONE, NONE),
    territories: tuple[list[int], list[int]] = (NONE, NONE),
    discards: tuple[list[int], list[int]] = (NONE, NONE),
    top: list[int] | tuple[int, ...] = (),
    library: list[int] | None = None,
    active: int = 0,
    turn: int = 5,
    options: BingoOptions | None = None,
    seed: int = 7,
) -> BingoState:
    """A play-phase position set up by hand, player ``active`` to place or pass.

    Starts a real match with ``BingoState.new(seed, options)``, keeps both opening
    hands, then overwrites the zones: ``hands``, ``territories`` and ``discards`` are
    count vectors per player.  Unless ``library`` is given (a list, top card at the
    end), the library holds every card not placed elsewhere, so the table still holds
    exactly 12 of each land: ``top[0]`` is the top card, ``top[1]`` the next, and the
    rest lie below in WUBRG order.  ``turn``/``active`` set the turn (``starting`` is
    derived so that turns keep alternating); the step is ``main`` with no pending land,
    no passes and no time-outs in a row.
    """
    state, _ = BingoState.new(seed, options)
    finish_mulligans(state)
    state.hands = [list(hands[0]), list(hands[1])]
    state.territories = [list(territories[0]), list(territories[1])]
    state.discards = [list(discards[0]), list(discards[1])]
    if library is None:
        rest = [12] * 5
        for zone in (*hands, *territories, *discards):
            for kind, n in enumerate(zone):
                rest[kind] -= n
        for kind in top:
            rest[kind] -= 1
        assert min(rest) >= 0, "more than 12 copies of a land"
        library = [k for k in range(5) for _ in range(rest[k])] + list(reversed(top))
        state.library = library
        assert state.card_count() == 60
    else:
        state.library = list(library)
    state.active = active
    state.turn = turn
    state.starting = active if turn % 2 else 1 - active
    state.step = "main"
    state.pending_land = None
    state.passes_in_row = 0
    state.timeouts_in_row = [0, 0]
    return state


def place(state: BingoState, kind: int) -> list[dict]:
    """Place ``kind`` and, if a counter window opens, let it resolve; all events."""
    events = state.apply(f"place:{kind}")
    if state.decision() == "counter":
        events += state.apply("allow")
    return events


def types(events: list[dict]) -> list[str]:
    return [e.type for e in events]


def seed_with(predicate) -> int:
    """The first seed whose fresh match satisfies ``predicate(state)``."""
    for seed in range(1000):
        state, _ = BingoState.new(seed)
        if predicate(state):
            return seed
    raise AssertionError("no such seed below 1000")


# -- setup (§1.2) ----------------------------------------------------------------------


def test_setup_deals_five_cards_to_each_player():
    """Each player starts with a hand of exactly 5 cards."""
    state, _ = BingoState.new(11)
    assert [sum(h) for h in state.hands] == [5, 5]


def test_setup_leaves_fifty_cards_in_the_library():
    """After the deal the library holds 50 of the 60 lands."""
    state, _ = BingoState.new(11)
    assert len(state.library) == 50
    assert state.card_count() == 60


def test_setup_uses_twelve_of_each_land():
    """Library plus both hands hold exactly 12 of each of the five lands."""
    state, _ = BingoState.new(11)
    totals = Counter(state.library)
    for hand in state.hands:
        for kind, n in enumerate(hand):
            totals[kind] += n
    assert [totals[k] for k in range(5)] == [12] * 5


def test_setup_shuffles_the_library():
    """The library is shuffled before the deal: different seeds, different orders."""
    first, second = BingoState.new(11)[0], BingoState.new(12)[0]
    assert first.library != second.library
    assert first.library != sorted(first.library)


def test_setup_deal_events_are_private_to_their_player():
    """The two ``deal`` events carry each hand, marked private to its owner."""
    state, events = BingoState.new(11)
    deals = [e for e in events if isinstance(e, ev.Deal)]
    assert deals == [
        ev.Deal(player=0, cards=tuple(state.hands[0]), private=0),
        ev.Deal(player=1, cards=tuple(state.hands[1]), private=1),
    ]
    assert deals[0].for_viewer(1).cards is None
    assert deals[0].for_viewer(0).cards == tuple(state.hands[0])


def test_setup_shows_the_rolls_including_rerolled_ties():
    """A tied d6 roll is re-rolled and every roll is shown in the ``roll`` event."""
    seed = seed_with(lambda s: len(s.rolls) >= 2)
    state, events = BingoState.new(seed)
    roll = next(e for e in events if isinstance(e, ev.Roll))
    assert roll.to_json()["rolls"] == state.rolls
    assert all(a == b for a, b in state.rolls[:-1])
    assert state.rolls[-1][0] != state.rolls[-1][1]
    assert all(1 <= r <= 6 for pair in state.rolls for r in pair)


def test_setup_higher_roll_starts():
    """The player with the higher final roll starts, for player 0 and player 1 alike."""
    starters = set()
    for seed in range(40):
        state, events = BingoState.new(seed)
        last = state.rolls[-1]
        expected = 0 if last[0] > last[1] else 1
        assert state.starting == expected
        assert next(e for e in events if isinstance(e, ev.Roll)).starting == expected
        starters.add(expected)
    assert starters == {0, 1}


def test_setup_starting_player_declares_first():
    """The mulligan phase opens with the starting player's keep/mulligan decision."""
    state, _ = BingoState.new(5)
    assert (state.phase, state.turn) == ("mulligan", 0)
    assert state.decision() == "declare"
    assert state.current_player() == state.starting
    assert state.legal_actions() == ["keep", "mulligan"]


def test_setup_same_seed_same_match():
    """Two matches built from one seed are identical."""
    assert BingoState.new(42)[0].to_json() == BingoState.new(42)[0].to_json()


# -- turns (§1.3) ------------------------------------------------------------------------


def test_starting_player_does_not_draw_on_turn_one():
    """After both keep, turn 1 begins for the starting player with no draw."""
    state, _ = BingoState.new(3)
    state.apply("keep")
    events = state.apply("keep")
    assert (state.turn, state.active, state.phase) == (1, state.starting, "play")
    assert [sum(h) for h in state.hands] == [5, 5]
    assert len(state.library) == 50
    assert "draw" not in types(events)


def test_other_player_draws_on_turn_two():
    """When turn 2 begins, the second player draws the top card."""
    state, _ = BingoState.new(3)
    finish_mulligans(state)
    other = 1 - state.starting
    top = state.library[-1]
    before = list(state.hands[other])
    state.apply("pass")
    assert (state.turn, state.active) == (2, other)
    before[top] += 1
    assert state.hands[other] == before
    assert len(state.library) == 49


def test_main_decision_offers_each_land_in_hand_and_pass():
    """The main decision lists ``place:K`` for each kind in hand, then ``pass``."""
    state = position(hands=(vec(W, B, B, G), vec(U)))
    assert state.current_player() == 0
    assert state.legal_actions() == ["place:0", "place:2", "place:4", "pass"]


def test_placing_a_land_ends_the_turn():
    """Placing an (uncountered) land ends the turn: the opponent becomes active."""
    state = position(hands=(vec(U, W), NONE), top=[R])
    state.apply("place:1")
    assert state.territories[0] == vec(U)
    assert state.hands[0] == vec(W)
    assert (state.turn, state.active, state.decision()) == (6, 1, "main")
    assert state.hands[1] == vec(R)


def test_only_one_land_per_turn():
    """After a placement the same player cannot place again this turn."""
    state = position(hands=(vec(U, U), NONE))
    state.apply("place:1")
    assert state.current_player() == 1
    with pytest.raises(IllegalActionError):
        state.apply("place:1", player=0)


def test_pass_ends_the_turn_without_placing():
    """Passing ends the turn with nothing placed and counts one pass."""
    state = position(hands=(vec(U), NONE), top=[G])
    events = state.apply("pass")
    assert state.territories == [NONE, NONE]
    assert state.hands == [vec(U), vec(G)]
    assert (state.turn, state.active, state.passes_in_row) == (6, 1, 1)
    assert types(events) == ["pass", "turn", "draw"]


def test_placing_a_land_not_in_hand_is_illegal_and_changes_nothing():
    """An illegal action raises IllegalActionError and leaves the state unchanged."""
    state = position(hands=(vec(U), NONE))
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply("place:0")
    assert state.to_json() == before


def test_acting_out_of_turn_is_illegal():
    """``apply(..., player=p)`` refuses when p is not the player to decide."""
    state = position(hands=(vec(U), vec(U)))
    with pytest.raises(IllegalActionError):
        state.apply("pass", player=1)
    assert state.turn == 5


# -- effects (§1.4) ----------------------------------------------------------------------


def test_plains_draws_a_card_for_the_active_player():
    """Plains: the active player draws the top card, then the opponent's turn begins."""
    state = position(hands=(vec(W), NONE), top=[R, G])
    state.apply("place:0")
    assert state.territories[0] == vec(W)
    assert state.hands == [vec(R), vec(G)]
    assert (state.turn, state.active) == (6, 1)


def test_swamp_lets_the_opponent_choose_the_discard():
    """Swamp: the opponent picks which kind to discard from their own hand."""
    state = position(hands=(vec(B), vec(W, G, G)))
    place(state, B)
    assert state.decision() == "swamp"
    assert state.current_player() == 1
    assert state.legal_actions() == ["discard:0", "discard:4"]
    state.apply("discard:4")
    assert state.hands[1][:4] == [1, 0, 0, 0]
    assert state.discards[1] == vec(G)
    assert (state.turn, state.active) == (6, 1)


def test_mountain_destroys_a_chosen_land_of_the_opponent():
    """Mountain: a chosen land leaves the opponent's territory for their discard pile."""
    state = position(hands=(vec(R), NONE), territories=(NONE, vec(W, R, R)))
    state.apply("place:3")
    assert state.decision() == "mountain"
    assert state.current_player() == 0
    assert state.legal_actions() == ["destroy:0", "destroy:3"]
    state.apply("destroy:3")
    assert state.territories == [vec(R), vec(W, R)]
    assert state.discards[1] == vec(R)
    assert (state.turn, state.active) == (6, 1)


def test_forest_takes_a_land_from_own_discard_pile():
    """Forest: the active player takes a chosen land from their own pile into hand."""
    state = position(hands=(vec(G), NONE), discards=(vec(U, U, G), vec(W)))
    state.apply("place:4")
    assert state.decision() == "forest"
    assert state.legal_actions() == ["take:1", "take:4"]
    state.apply("take:1")
    assert state.hands[0] == vec(U)
    assert state.discards == [vec(U, G), vec(W)]
    assert (state.turn, state.active) == (6, 1)


def test_forest_ignores_opponent_pile_without_house_rule():
    """Without forest_any_pile, the opponent's pile is not offered."""
    state = position(hands=(vec(G), NONE), discards=(vec(R), vec(W)))
    state.apply("place:4")
    assert state.legal_actions() == ["take:3"]


def test_forest_house_rule_takes_from_opponent_pile():
    """House rule forest_any_pile: a land may come from the opponent's pile."""
    opts = BingoOptions(forest_any_pile=True)
    state = position(hands=(vec(G), NONE), discards=(vec(R), vec(W, W)), options=opts)
    state.apply("place:4")
    assert state.legal_actions() == ["take:3", "take_opp:0"]
    state.apply("take_opp:0")
    assert state.hands[0] == vec(W)
    assert state.discards == [vec(R), vec(W)]


def test_forest_house_rule_with_only_opponent_pile():
    """House rule: an empty own pile still lets the Forest take from the other pile."""
    opts = BingoOptions(forest_any_pile=True)
    state = position(hands=(vec(G), NONE), discards=(NONE, vec(B)), options=opts)
    state.apply("place:4")
    assert state.legal_actions() == ["take_opp:2"]


def test_island_has_no_effect():
    """Island: it enters the territory and nothing else happens."""
    state = position(
        hands=(vec(U, W), vec(B)),
        territories=(NONE, vec(R)),
        discards=(vec(G), vec(W)),
        top=[R],
    )
    events = state.apply("place:1")
    assert state.territories == [vec(U), vec(R)]
    assert state.hands == [vec(W), vec(B, R)]
    assert state.discards == [vec(G), vec(W)]
    assert types(events) == ["announce", "resolve", "turn", "draw"]


# -- counter window (§1.5) -------------------------------------------------------------


def test_counter_window_opens_when_opponent_holds_two_cards():
    """An announced land waits for the opponent when they hold 2 or more cards."""
    state = position(hands=(vec(W), vec(U, B)))
    state.apply("place:0")
    assert state.decision() == "counter"
    assert state.current_player() == 1
    assert state.pending_land == W
    assert state.territories[0] == NONE


def test_counter_window_stays_closed_with_one_card():
    """With one card in the opponent's hand, the land resolves at once."""
    state = position(hands=(vec(U), vec(U)))
    state.apply("place:1")
    assert state.territories[0] == vec(U)
    assert state.active == 1


def test_counter_window_without_island_offers_only_allow():
    """A window opens even with no Island in hand; only ``allow`` is legal."""
    state = position(hands=(vec(W), vec(B, R, G)))
    state.apply("place:0")
    assert state.decision() == "counter"
    assert state.legal_actions() == ["allow"]


def test_counter_actions_pair_the_island_with_each_other_kind():
    """One Island: ``counter:K`` for every other kind held, but not Island+Island."""
    state = position(hands=(vec(W), vec(U, R, R, G)))
    state.apply("place:0")
    assert state.legal_actions() == ["allow", "counter:3", "counter:4"]


def test_counter_island_pair_needs_two_islands():
    """Two Islands make ``counter:1`` (Island + Island) legal."""
    state = position(hands=(vec(W), vec(U, U, R)))
    state.apply("place:0")
    assert state.legal_actions() == ["allow", "counter:1", "counter:3"]


def test_allow_resolves_the_land():
    """``allow`` puts the land into the territory and applies its effect."""
    state = position(hands=(vec(W), vec(U, B)), top=[R, G])
    act(state, "place:0", "allow")
    assert state.territories[0] == vec(W)
    assert state.hands == [vec(R), vec(U, B, G)]


def test_counter_moves_cards_to_the_right_piles():
    """Countering: Island + K to the counterer's pile, the land to its owner's pile."""
    state = position(hands=(vec(W, W), vec(U, B, B)), discards=(vec(R), NONE), top=[G])
    events = state.apply("place:0")
    events += state.apply("counter:2")
    assert state.territories == [NONE, NONE]
    assert state.discards == [vec(R, W), vec(U, B)]
    assert state.pending_land is None
    counter = next(e for e in events if isinstance(e, ev.Counter))
    assert counter == ev.Counter(player=1, land=W, discarded=(U, B))
    assert counter.to_json() == {"type": "counter", "player": 1, "land": W, "discarded": [U, B]}


def test_countered_land_has_no_effect_and_ends_the_turn():
    """A countered Plains draws nothing and the opponent's turn begins."""
    state = position(hands=(vec(W, W), vec(U, B, B)), top=[G, R])
    act(state, "place:0", "counter:2")
    assert state.hands[0] == vec(W)
    assert state.hands[1] == vec(B, G)
    assert (state.turn, state.active, state.decision()) == (6, 1, "main")


def test_counter_with_exactly_two_cards_empties_the_hand():
    """A counter from a 2-card hand spends both cards."""
    state = position(hands=(vec(R), vec(U, G)), top=[W])
    state.apply("place:3")
    assert state.legal_actions() == ["allow", "counter:4"]
    state.apply("counter:4")
    assert state.discards[1] == vec(U, G)
    assert state.hands[1] == vec(W)  # only the turn-6 draw


def test_counter_with_two_islands():
    """Island + Island counters, both going to the counterer's pile."""
    state = position(hands=(vec(B), vec(U, U)))
    act(state, "place:2", "counter:1")
    assert state.discards == [vec(B), vec(U, U)]


# -- winning (§1.6) ----------------------------------------------------------------------


def test_five_of_a_color_wins_at_once_without_the_effect():
    """A fifth Mountain wins; its destroy effect never happens."""
    state = position(hands=(vec(R), NONE), territories=(vec(R, R, R, R), vec(W, U)))
    events = state.apply("place:3")
    assert state.is_over
    assert state.result == Result(0, "five_of_a_color", loser=1)
    assert state.territories == [vec(R, R, R, R, R), vec(W, U)]
    assert state.legal_actions() == []
    assert state.current_player() is None
    assert types(events)[-1] == "end"


def test_five_colors_win_at_once_without_the_effect():
    """The fifth color wins; the Plains draw never happens."""
    state = position(hands=(vec(W), NONE), territories=(vec(U, B, R, G), NONE))
    library = len(state.library)
    state.apply("place:0")
    assert state.result == Result(0, "five_colors", loser=1)
    assert state.hands[0] == NONE
    assert len(state.library) == library


def test_win_after_allow():
    """A winning land that the opponent allows ends the match for the active player."""
    state = position(hands=(vec(U, R), vec(B)), territories=(NONE, vec(B, B, B, B)), active=1)
    state.apply("place:2")
    assert state.decision() == "counter"
    state.apply("allow")
    assert state.result == Result(1, "five_of_a_color", loser=0)
    assert state.hands[0] == vec(U, R)


def test_no_action_after_the_match_ends():
    """``apply`` and ``apply_timeout`` raise once the match is over."""
    state = position(hands=(vec(R), NONE), territories=(vec(R, R, R, R), NONE))
    state.apply("place:3")
    with pytest.raises(IllegalActionError):
        state.apply("pass")
    with pytest.raises(IllegalActionError):
        state.apply_timeout()


# -- resigning (§1.8) -------------------------------------------------------------------


def test_resign_loses():
    """A player who resigns loses, whoever's turn it is."""
    state = position(hands=(vec(U), vec(U)))
    events = state.resign(1)
    assert state.result == Result(0, "resign", loser=1)
    assert state.phase == "over"
    assert types(events) == ["resign", "end"]


def test_resign_during_mulligans():
    """Resigning is allowed during the mulligan phase."""
    state, _ = BingoState.new(2)
    state.resign(state.starting)
    assert state.result == Result(1 - state.starting, "resign", loser=state.starting)


def test_resign_after_the_end_is_refused():
    """A finished match cannot be resigned."""
    state = position(hands=(vec(U), vec(U)))
    state.resign(0)
    with pytest.raises(IllegalActionError):
        state.resign(1)
    assert state.result == Result(1, "resign", loser=0)


# -- time-outs (§1.8) ------------------------------------------------------------------


def test_timeout_in_main_decision_passes():
    """A timed-out main decision is a pass."""
    state = position(hands=(vec(U), NONE), top=[W])
    events = state.apply_timeout()
    assert events[0] == ev.Timeout(player=0, decision=Decision.MAIN)
    assert events[0].to_json() == {"type": "timeout", "player": 0, "decision": "main"}
    assert "pass" in types(events)
    assert state.territories[0] == NONE
    assert (state.turn, state.active, state.passes_in_row) == (6, 1, 1)
    assert state.timeouts_in_row == [1, 0]


def test_timeout_in_counter_window_lets_the_land_resolve():
    """A timed-out counter window resolves the land, even with a counter available."""
    state = position(hands=(vec(U), vec(U, U)))
    state.apply("place:1")
    state.apply_timeout()
    assert state.territories[0] == vec(U)
    assert state.discards == [NONE, NONE]
    assert state.timeouts_in_row == [0, 0]


def test_timeout_in_swamp_discards_a_random_card():
    """A timed-out Swamp discard removes exactly one card of the opponent's hand."""
    state = position(hands=(vec(B), vec(W, R, R)), seed=1)
    place(state, B)
    state.apply_timeout()
    assert sum(state.hands[1]) == 2 + 1  # two left, plus the turn-6 draw
    assert sum(state.discards[1]) == 1
    assert state.active == 1


def test_timeout_in_swamp_picks_a_card_not_a_kind():
    """The random discard is uniform over cards: 9 Forests vs 1 Plains → mostly Forest."""
    forests = 0
    for seed in range(200):
        state = position(hands=(vec(B), [1, 0, 0, 0, 9]), seed=seed)
        place(state, B)
        state.apply_timeout()
        forests += state.discards[1][G]
    assert forests > 160  # ~180 expected for a random card, ~100 for a random kind


def test_timeout_in_mountain_destroys_a_random_land():
    """A timed-out Mountain choice destroys one land of the opponent's territory."""
    state = position(hands=(vec(R), NONE), territories=(NONE, vec(W, U)))
    state.apply("place:3")
    state.apply_timeout()
    assert sum(state.territories[1]) == 1
    assert sum(state.discards[1]) == 1
    assert [a + b for a, b in zip(state.territories[1], state.discards[1], strict=True)] == vec(
        W, U
    )


def test_timeout_in_mountain_picks_a_card_not_a_kind():
    """The random destroy is uniform over lands: 4 Plains vs 1 Forest → mostly Plains."""
    plains = 0
    for seed in range(200):
        state = position(hands=(vec(R), NONE), territories=(NONE, [4, 0, 0, 0, 1]), seed=seed)
        state.apply("place:3")
        state.apply_timeout()
        plains += state.discards[1][W]
    assert plains > 140  # ~160 expected for a random card, ~100 for a random kind


def test_timeout_in_forest_picks_a_card_not_a_kind():
    """The random Forest pick is uniform over cards in the pile(s)."""
    islands = 0
    options = BingoOptions(forest_any_pile=True)
    for seed in range(200):
        state = position(
            hands=(vec(G), NONE), discards=([0, 3, 0, 0, 0], [0, 0, 0, 0, 1]),
            options=options, seed=seed,
        )  # fmt: skip
        state.apply("place:4")
        state.apply_timeout()
        islands += state.hands[0][U]
    assert islands > 125  # ~150 expected for a random card, ~100 for a random action


def test_timeout_in_forest_takes_a_random_land():
    """A timed-out Forest choice takes one land from the pile."""
    state = position(hands=(vec(G), NONE), discards=(vec(U, B), NONE))
    state.apply("place:4")
    state.apply_timeout()
    assert sum(state.hands[0]) == 1
    assert [a + b for a, b in zip(state.hands[0], state.discards[0], strict=True)] == vec(U, B)


def test_timeout_in_mulligan_declaration_keeps():
    """A timed-out keep/mulligan declaration keeps the hand."""
    state, _ = BingoState.new(4)
    hand = list(state.hands[state.starting])
    state.apply_timeout()
    assert state.mulligans.kept[state.starting] is True
    assert state.hands[state.starting] == hand
    assert state.current_player() == 1 - state.starting


def test_timeout_in_scry_leaves_the_card_on_top():
    """A timed-out Vancouver scry leaves the top card on top."""
    state, _ = BingoState.new(4)
    act(state, "mulligan", "keep", "keep")
    assert state.decision() == "scry"
    library = list(state.library)
    state.apply_timeout()
    assert state.library == library
    assert state.phase == "play"


def test_timeout_in_london_bottom_bottoms_a_random_card():
    """A timed-out London bottom puts one card of the hand on the library bottom."""
    state, _ = BingoState.new(4, BingoOptions(mulligan_rule=MulliganRule.LONDON))
    player = state.starting
    act(state, "mulligan", "keep", "keep")
    assert state.decision() == "bottom"
    hand = list(state.hands[player])
    state.apply_timeout()
    bottomed = state.library[0]
    hand[bottomed] -= 1
    assert state.hands[player] == hand
    assert sum(hand) == 4


def test_timeout_in_partial_paris_set_aside_sets_one_card_aside():
    """A timed-out set-aside with nothing chosen sets one card aside and finishes."""
    state, _ = BingoState.new(4, BingoOptions(mulligan_rule=MulliganRule.PARTIAL_PARIS))
    player = state.starting
    state.apply("mulligan")
    assert state.decision() == "aside"
    state.apply_timeout()
    assert sum(state.mulligans.aside[player]) == 1
    assert sum(state.hands[player]) == 4
    assert (state.decision(), state.current_player()) == ("declare", 1 - player)


def test_three_timed_out_turns_in_a_row_forfeit():
    """The third timed-out main decision in a row forfeits the match."""
    state = position(hands=(vec(U), vec(U)))
    state.apply_timeout()
    state.apply("pass")
    state.apply_timeout()
    state.apply("pass")
    assert not state.is_over
    events = state.apply_timeout()
    assert state.result == Result(1, "timeout", loser=0)
    assert types(events) == ["timeout", "end"]


def test_own_pass_resets_the_timeout_streak():
    """A pass of one's own between time-outs starts the count again."""
    state = position(hands=(vec(U), vec(U)), options=BingoOptions(max_passes=50))
    for action in ["T", "pass", "T", "pass", "pass", "pass", "T", "pass", "T", "pass"]:
        state.apply_timeout() if action == "T" else state.apply(action)
    assert not state.is_over
    assert state.timeouts_in_row == [2, 0]
    state.apply_timeout()
    assert state.result == Result(1, "timeout", loser=0)


def test_own_placement_resets_the_timeout_streak():
    """Placing a land between time-outs starts the count again."""
    state = position(hands=(vec(U, U), NONE))
    state.apply_timeout()
    state.apply("pass")
    state.apply_timeout()
    state.apply("pass")
    assert state.timeouts_in_row == [2, 0]
    place(state, U)
    assert state.timeouts_in_row == [0, 0]


def test_opponent_actions_do_not_reset_the_timeout_streak():
    """The opponent's own actions leave a player's time-out count alone."""
    state = position(hands=(vec(U), vec(U)))
    state.apply_timeout()
    state.apply("place:1")
    assert state.timeouts_in_row == [1, 0]


def test_timeouts_in_other_decisions_do_not_count_toward_forfeit():
    """Only main decisions count: a timed-out counter window does not."""
    state = position(hands=(vec(W), vec(U, U)), active=0)
    state.apply("place:0")
    state.apply_timeout()
    assert state.timeouts_in_row == [0, 0]


def test_custom_timeout_limit():
    """``max_timeouts=1`` forfeits at the first timed-out turn."""
    state = position(hands=(vec(U), vec(U)), options=BingoOptions(max_timeouts=1))
    state.apply_timeout()
    assert state.result == Result(1, "timeout", loser=0)


# -- stalemate (§1.8) ------------------------------------------------------------------


def test_six_passes_in_a_row_draw():
    """The sixth pass in a row ends the match in a draw."""
    state = position(hands=(vec(U), vec(U)))
    for _ in range(5):
        state.apply("pass")
    assert not state.is_over
    events = state.apply("pass")
    assert state.result == Result(None, "passes")
    assert types(events)[-1] == "end"


def test_timed_out_passes_count_toward_the_stalemate():
    """Timed-out turns count as passes for the stalemate."""
    state = position(hands=(vec(U), vec(U)))
    for action in ["T", "pass", "T", "pass", "pass"]:
        state.apply_timeout() if action == "T" else state.apply(action)
    assert state.passes_in_row == 5
    state.apply("pass")
    assert state.result == Result(None, "passes")


def test_a_placement_resets_the_pass_count():
    """A placement between passes starts the stalemate count again."""
    state = position(hands=(vec(U), vec(U)))
    for _ in range(5):
        state.apply("pass")
    place(state, U)
    assert state.passes_in_row == 0
    for _ in range(5):
        state.apply("pass")
    assert not state.is_over
    assert state.passes_in_row == 5


def test_a_countered_placement_resets_the_pass_count():
    """A countered land is an attempt to place and still resets the count."""
    state = position(hands=(vec(W), vec(U, R)))
    for _ in range(4):
        state.apply("pass")
    act(state, "place:0", "counter:3")
    assert state.passes_in_row == 0


def test_turn_limit_draws_after_turn_two_hundred():
    """The match is drawn when turn 200 ends."""
    state = position(hands=(vec(U, U), vec(U)), turn=199, active=0)
    state.apply("pass")
    assert (state.turn, state.is_over) == (200, False)
    place(state, U)
    assert state.result == Result(None, "turn_limit")
    assert state.turn == 200


def test_custom_turn_limit():
    """``max_turns=3``: after three turns from the start the match is drawn."""
    state, _ = BingoState.new(9, BingoOptions(max_turns=3))
    finish_mulligans(state)
    act(state, "pass", "pass")
    assert not state.is_over
    state.apply("pass")
    assert state.result == Result(None, "turn_limit")


# -- empty library (§1.7) ----------------------------------------------------------------


def test_empty_library_reshuffles_both_discard_piles():
    """Drawing from an empty library shuffles both discard piles into a new one."""
    state = position(hands=(vec(U), NONE), discards=(vec(W, W), vec(B, B, B)), library=[])
    events = state.apply("pass")
    assert ev.Reshuffle(size=5) in events
    assert state.discards == [NONE, NONE]
    assert sum(state.hands[1]) == 1
    pool = Counter(state.library)
    for kind, n in enumerate(state.hands[1]):
        pool[kind] += n
    assert pool == Counter({W: 2, B: 3})


def test_reshuffled_library_is_shuffled():
    """The new library from the discard piles is in random order, not pile by pile."""
    state = position(hands=(vec(U), NONE), discards=([6, 0, 0, 0, 0], [0, 0, 0, 0, 6]), library=[])
    state.apply("pass")
    assert len(state.library) == 11
    assert state.library not in (sorted(state.library), sorted(state.library, reverse=True))


def test_plains_draw_reshuffles_an_empty_library():
    """The Plains draw also refills an empty library from the discard piles."""
    state = position(hands=(vec(W), NONE), discards=(vec(G), NONE), library=[])
    state.apply("place:0")
    assert state.hands[0] == vec(G)


def test_nothing_drawn_when_library_and_piles_are_empty():
    """With the library and both piles empty, the draw gives nothing."""
    state = position(hands=(vec(U), vec(B)), library=[])
    events = state.apply("pass")
    assert ev.NoDraw(player=1) in events
    assert state.hands[1] == vec(B)
    assert (state.turn, state.active) == (6, 1)


def test_scry_refills_an_empty_library():
    """A Vancouver scry that looks at an empty library reshuffles the piles first."""
    state, _ = BingoState.new(4)
    act(state, "mulligan", "keep")
    rest = Counter(state.library)
    state.library = []
    state.discards[1 - state.starting] = [rest[k] for k in range(5)]
    state.apply("keep")
    assert state.decision() == "scry"
    assert len(state.library) == sum(rest.values())
    assert state.discards == [NONE, NONE]


# -- effects with nothing to act on ------------------------------------------------------


def test_swamp_against_an_empty_hand_does_nothing():
    """Swamp when the opponent holds no card: no discard step, the turn ends."""
    state = position(hands=(vec(B), NONE), top=[U])
    events = state.apply("place:2")
    assert state.decision() == "main"
    assert (state.turn, state.active) == (6, 1)
    assert state.discards == [NONE, NONE]
    assert ev.NoEffect(player=0, land=B) in events


def test_mountain_without_a_target_does_nothing():
    """Mountain when the opponent's territory is empty: no destroy step."""
    state = position(hands=(vec(R), NONE), discards=(NONE, vec(W)))
    events = state.apply("place:3")
    assert (state.turn, state.active, state.decision()) == (6, 1, "main")
    assert state.discards == [NONE, vec(W)]
    assert ev.NoEffect(player=0, land=R) in events


def test_forest_with_an_empty_pile_does_nothing():
    """Forest with an empty own pile (no house rule): no take step."""
    state = position(hands=(vec(G), NONE), discards=(NONE, vec(W)))
    events = state.apply("place:4")
    assert (state.turn, state.active, state.decision()) == (6, 1, "main")
    assert state.hands[0] == NONE
    assert ev.NoEffect(player=0, land=G) in events


# -- mulligans inside a match (§2 with §1.2.4) -------------------------------------------


def test_default_mulligan_rule_is_vancouver():
    """BingoOptions defaults to the Vancouver mulligan with a 5-card hand."""
    options = BingoOptions()
    assert options.mulligan_rule is MulliganRule.VANCOUVER
    assert options.hand_size == 5


def test_1994_rule_is_refused_for_bingomagic():
    """The 1994 mulligan cannot be configured for a BingoMagic match."""
    with pytest.raises(ValueError):
        BingoOptions(mulligan_rule=MulliganRule.EARLY_1994)


def test_hand_of_size_zero_must_keep():
    """A Paris hand that reaches 0 cards is kept automatically (``auto``)."""
    state, _ = BingoState.new(6, BingoOptions(mulligan_rule=MulliganRule.PARIS))
    player = state.starting
    act(state, "mulligan", "keep")
    for _ in range(3):
        state.apply("mulligan")
    assert sum(state.hands[player]) == 1
    events = state.apply("mulligan")
    assert sum(state.hands[player]) == 0
    assert ev.Declare(player=player, choice="keep", auto=True) in events
    assert state.phase == "play"
    assert state.card_count() == 60


def test_vancouver_scry_top_keeps_the_card_on_top():
    """Vancouver: after a mulligan, scry_top leaves the library as it was."""
    state, _ = BingoState.new(8)
    player = state.starting
    act(state, "mulligan", "keep", "keep")
    assert (state.decision(), state.current_player()) == ("scry", player)
    library = list(state.library)
    events = state.apply("scry_top")
    assert state.library == library
    assert events[0] == ev.Scry(player=player, choice="top", card=library[-1], private=player)
    assert (state.phase, state.turn) == ("play", 1)


def test_vancouver_scry_bottom_moves_the_top_card_to_the_bottom():
    """Vancouver: scry_bottom puts the top card at the bottom (index 0)."""
    state, _ = BingoState.new(8)
    act(state, "mulligan", "keep", "keep")
    library = list(state.library)
    state.apply("scry_bottom")
    assert state.library == [library[-1]] + library[:-1]


def test_vancouver_scry_card_is_shown_only_to_the_scrying_player():
    """Only the scrying player's observation shows the top card."""
    state, _ = BingoState.new(8)
    player = state.starting
    act(state, "mulligan", "keep", "keep")
    assert state.observation(player)["scry_card"] == state.library[-1]
    assert state.observation(1 - player)["scry_card"] is None


def test_vancouver_no_scry_for_full_hands():
    """Vancouver: when both keep 5 cards, nobody scries and turn 1 begins."""
    state, _ = BingoState.new(8)
    act(state, "keep", "keep")
    assert (state.phase, state.turn) == ("play", 1)


def test_vancouver_scry_only_for_the_player_with_a_smaller_hand():
    """Vancouver: the player who kept 5 does not scry; the one with 4 does."""
    state, _ = BingoState.new(8)
    other = 1 - state.starting
    act(state, "keep", "mulligan", "keep")
    assert state.mulligans.scry_queue == [other]
    state.apply("scry_top")
    assert state.phase == "play"


def test_vancouver_scries_in_turn_order():
    """Vancouver: both players with smaller hands scry, the starting player first."""
    state, _ = BingoState.new(8)
    start = state.starting
    act(state, "mulligan", "mulligan", "keep", "keep")
    assert state.current_player() == start
    state.apply("scry_top")
    assert (state.decision(), state.current_player()) == ("scry", 1 - start)
    state.apply("scry_bottom")
    assert state.phase == "play"


def test_london_bottoms_one_card_per_mulligan():
    """London: two mulligans, a full 5-card hand, then 2 cards to the bottom."""
    state, _ = BingoState.new(8, BingoOptions(mulligan_rule=MulliganRule.LONDON))
    player = state.starting
    act(state, "mulligan", "keep")
    assert sum(state.hands[player]) == 5
    state.apply("mulligan")
    assert sum(state.hands[player]) == 5
    state.apply("keep")
    assert (state.decision(), state.current_player()) == ("bottom", player)
    first = state.legal_actions()[0]
    state.apply(first)
    second = state.legal_actions()[-1]
    state.apply(second)
    assert state.library[:2] == [int(second[7:]), int(first[7:])]
    assert sum(state.hands[player]) == 3
    assert (state.phase, state.turn) == ("play", 1)


def test_london_free_first_bottoms_one_fewer():
    """London with a free first mulligan: two mulligans bottom only 1 card."""
    opts = BingoOptions(mulligan_rule=MulliganRule.LONDON, free_first=True)
    state, _ = BingoState.new(8, opts)
    player = state.starting
    act(state, "mulligan", "keep", "mulligan", "keep")
    assert state.decision() == "bottom"
    state.apply(state.legal_actions()[0])
    assert sum(state.hands[player]) == 4
    assert state.phase == "play"
