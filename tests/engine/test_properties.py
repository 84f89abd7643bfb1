"""Properties of random matches (Hypothesis): random seeds, option combinations,
decisions, time-outs and resignations; the invariants are checked after every decision.

The invariants themselves live in :mod:`tests.engine.invariants`, shared with the long
fuzz run; the first property runs all of them, the others state one rule each.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import BingoOptions, BingoState, MulliganRule

from .invariants import Invariants, redeal_hidden, wins
from .playout import MAX_ACTIONS, playout

RULES = [
    MulliganRule.PARIS,
    MulliganRule.VANCOUVER,
    MulliganRule.LONDON,
    MulliganRule.PARTIAL_PARIS,
]
REASONS = {"five_of_a_color", "five_colors", "resign", "timeout", "passes", "turn_limit"}

options_st = st.builds(
    BingoOptions,
    mulligan_rule=st.sampled_from(RULES),
    free_first=st.booleans(),
    sequential=st.booleans(),
    forest_any_pile=st.booleans(),
    max_passes=st.sampled_from([6, 6, 2]),
    max_turns=st.sampled_from([200, 200, 12]),
)
seeds = st.integers(min_value=0, max_value=2**63)
rng_seeds = st.integers(min_value=0, max_value=2**32)
timeouts_st = st.sampled_from([0.0, 0.05, 0.3])
resigns_st = st.sampled_from([0.0, 0.0, 0.005])


def random_match(seed, options, rng_seed, timeouts, resigns, check=None) -> BingoState:
    return playout(
        seed, options, random.Random(rng_seed), timeouts=timeouts, resigns=resigns, check=check
    )


def zones(state: BingoState) -> list[list[int]]:
    """Every count vector of the state: hands, territories, discards, set-aside cards."""
    out = [*state.hands, *state.territories, *state.discards]
    if state.mulligans is not None:
        out += state.mulligans.aside
    return out


@pytest.mark.slow
@given(seeds, options_st, rng_seeds, timeouts_st, resigns_st)
def test_every_invariant_holds_after_every_decision(seed, options, rng_seed, timeouts, resigns):
    """All the checks of tests/engine/invariants.py, the costly ones included, after each
    decision of a random match (the events checked are those of a replay of the step)."""
    invariants = Invariants(random.Random(rng_seed), sample_every=1)

    def check(before: BingoState, state: BingoState) -> None:
        invariants.tick += 1
        actor, action = state.history[-1]
        again = before.clone()
        if action == "resign":
            events = again.resign(actor)
        elif action == "timeout":
            events = again.apply_timeout()
        else:
            events = again.apply(action)
        assert again.to_json() == state.to_json()
        invariants.check_bingo(state, events, before.turn, (actor, action))

    state = random_match(seed, options, rng_seed, timeouts, resigns, check)
    invariants.check_bingo_end(state)


@given(seeds, options_st, rng_seeds, timeouts_st, resigns_st)
def test_all_sixty_cards_are_accounted_for(seed, options, rng_seed, timeouts, resigns):
    """After every decision the table holds exactly 12 of each land (60 in all)."""

    def check(_before: BingoState, state: BingoState) -> None:
        assert state.card_count() == 60
        per_kind = Counter(state.library)
        for zone in zones(state):
            per_kind.update({kind: n for kind, n in enumerate(zone)})
        if state.pending_land is not None:
            per_kind[state.pending_land] += 1
        assert [per_kind[k] for k in range(5)] == [12] * 5

    random_match(seed, options, rng_seed, timeouts, resigns, check)


@given(seeds, options_st, rng_seeds, timeouts_st, resigns_st)
def test_zone_counts_are_never_negative(seed, options, rng_seed, timeouts, resigns):
    """No hand, territory, discard pile or set-aside count ever drops below zero."""

    def check(_before: BingoState, state: BingoState) -> None:
        for zone in zones(state):
            assert len(zone) == 5
            assert min(zone) >= 0, zone

    random_match(seed, options, rng_seed, timeouts, resigns, check)


@given(seeds, options_st, rng_seeds, timeouts_st, resigns_st)
def test_a_winning_territory_ends_the_match_at_once(seed, options, rng_seed, timeouts, resigns):
    """Whenever a territory wins, the match is over and that player won, for that reason."""

    def check(_before: BingoState, state: BingoState) -> None:
        for player in (0, 1):
            reason = wins(state.territories[player])
            if reason is not None:
                assert state.is_over
                assert (state.result.winner, state.result.reason) == (player, reason)
        if state.is_over and state.result.reason in ("five_of_a_color", "five_colors"):
            assert wins(state.territories[state.result.winner]) == state.result.reason

    random_match(seed, options, rng_seed, timeouts, resigns, check)


@given(seeds, options_st, rng_seeds, timeouts_st, resigns_st)
def test_every_match_ends(seed, options, rng_seed, timeouts, resigns):
    """Random play ends within the bound with a known reason, and then nothing is legal."""
    state = random_match(seed, options, rng_seed, timeouts, resigns)
    assert state.is_over
    assert len(state.history) <= MAX_ACTIONS
    assert state.result.reason in REASONS
    assert (state.result.winner is None) == (state.result.reason in ("passes", "turn_limit"))
    assert state.current_player() is None
    assert state.legal_actions() == []


@given(seeds, options_st, rng_seeds, timeouts_st, resigns_st)
def test_someone_can_always_act_until_the_end(seed, options, rng_seed, timeouts, resigns):
    """Until the match ends there is a current player with at least one legal action."""

    def check(_before: BingoState, state: BingoState) -> None:
        if not state.is_over:
            assert state.current_player() in (0, 1)
            assert state.legal_actions()
        assert state.turn <= options.max_turns
        assert state.passes_in_row < options.max_passes or state.is_over

    random_match(seed, options, rng_seed, timeouts, resigns, check)


@given(seeds, options_st, rng_seeds, timeouts_st, resigns_st)
def test_turns_alternate(seed, options, rng_seed, timeouts, resigns):
    """Turn 0 during mulligans, then up one at a time; odd turns are the starter's."""

    def check(before: BingoState, state: BingoState) -> None:
        assert state.turn - before.turn in (0, 1)
        if state.phase == "mulligan":
            assert state.turn == 0
        if state.turn:
            expected = state.starting if state.turn % 2 else 1 - state.starting
            assert state.active == expected
        if state.turn == before.turn + 1 and before.turn:
            assert state.active != before.active

    random_match(seed, options, rng_seed, timeouts, resigns, check)


@given(seeds, options_st, rng_seeds, timeouts_st, resigns_st)
def test_observation_does_not_depend_on_hidden_cards(seed, options, rng_seed, timeouts, resigns):
    """observation(p) is identical when the opponent's hand and the library are redealt."""
    shuffler = random.Random(rng_seed)
    changed = []

    def check(_before: BingoState, state: BingoState) -> None:
        for observer in (0, 1):
            twin = redeal_hidden(state, observer, shuffler)
            changed.append(twin.hands != state.hands or twin.library != state.library)
            seen = json.dumps(state.observation(observer), sort_keys=True)
            assert json.dumps(twin.observation(observer), sort_keys=True) == seen

    random_match(seed, options, rng_seed, timeouts, resigns, check)
    assert any(changed)


@given(seeds, options_st, rng_seeds, timeouts_st, resigns_st)
def test_observation_shows_own_hand_and_only_sizes(seed, options, rng_seed, timeouts, resigns):
    """observation(p) has p's hand vector, both hand sizes, and p's decisions only."""

    def check(_before: BingoState, state: BingoState) -> None:
        for observer in (0, 1):
            obs = state.observation(observer)
            assert obs["player"] == observer
            assert obs["hand"] == state.hands[observer]
            assert obs["hand_sizes"] == [sum(state.hands[0]), sum(state.hands[1])]
            if state.current_player() != observer:
                assert obs["legal_actions"] == []
            else:
                assert obs["legal_actions"] == state.legal_actions()

    random_match(seed, options, rng_seed, timeouts, resigns, check)


@given(seeds, options_st, rng_seeds, timeouts_st, resigns_st)
def test_replay_and_json_reproduce_any_match(seed, options, rng_seed, timeouts, resigns):
    """Replay from seed + history and a JSON round trip both give the final state."""
    state = random_match(seed, options, rng_seed, timeouts, resigns)
    replayed = BingoState.replay(seed, options, state.history)
    assert replayed.to_json() == state.to_json()
    restored = BingoState.from_json(json.loads(state.dumps()))
    assert restored.to_json() == state.to_json()
