"""Properties of random matches (Hypothesis): random seeds, option combinations,
decisions, time-outs and resignations; the invariants are checked after every decision.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from bot.engine import BingoOptions, BingoState, MulliganRule

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


def wins(territory: list[int]) -> str | None:
    """RULES §1.6, written independently of the engine."""
    if any(n >= 5 for n in territory):
        return "five_of_a_color"
    if all(n >= 1 for n in territory):
        return "five_colors"
    return None


def zones(state: BingoState) -> list[list[int]]:
    """Every count vector of the state: hands, territories, discards, set-aside cards."""
    out = [*state.hands, *state.territories, *state.discards]
    if state.mulligans is not None:
        out += state.mulligans.aside
    return out


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


def disguise(state: BingoState, observer: int, rng: random.Random) -> BingoState:
    """A copy where the opponent's hand and the library are redealt from their pooled
    cards (same hand size, new composition, new library order).  The top card stays
    if ``observer`` is looking at it in a scry."""
    twin = state.clone()
    other = 1 - observer
    scrying = twin.mulligans is not None and twin.mulligans.scry_card(twin, observer) is not None
    fixed = [twin.library.pop()] if scrying else []
    pool = twin.library + [k for k, n in enumerate(twin.hands[other]) for _ in range(n)]
    rng.shuffle(pool)
    size = sum(twin.hands[other])
    hand = [0] * 5
    for kind in pool[:size]:
        hand[kind] += 1
    twin.hands[other] = hand
    twin.library = pool[size:] + fixed
    return twin


@given(seeds, options_st, rng_seeds, timeouts_st, resigns_st)
def test_observation_does_not_depend_on_hidden_cards(seed, options, rng_seed, timeouts, resigns):
    """observation(p) is identical when the opponent's hand and the library are redealt."""
    shuffler = random.Random(rng_seed)
    changed = []

    def check(_before: BingoState, state: BingoState) -> None:
        for observer in (0, 1):
            twin = disguise(state, observer, shuffler)
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
