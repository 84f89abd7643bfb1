"""The event-free playout path (``apply_fast``, ``playout``) and cheap ``clone``: the same
states as ``apply``, and copies that never share what they change."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from bot.engine import BingoOptions, BingoState, IllegalActionError, MulliganRule
from bot.engine.table import seeded_random, shuffle

from .playout import playout

OPTION_SETS = [
    BingoOptions(),
    BingoOptions(mulligan_rule=MulliganRule.LONDON, free_first=True, max_passes=3),
    BingoOptions(mulligan_rule=MulliganRule.PARTIAL_PARIS, sequential=True, max_turns=30),
    BingoOptions(mulligan_rule=MulliganRule.PARIS, forest_any_pile=True),
]


@pytest.mark.parametrize("seed", range(40))
def test_playout_plays_exactly_the_apply_loop(seed):
    """``playout(rng)`` ends in the state that ``apply(rng.choice(legal_actions()))``
    reaches, having drawn the same numbers from ``rng``."""
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    slow, _ = BingoState.new(seed, options)
    fast = slow.clone()
    rng_slow, rng_fast = random.Random(seed), random.Random(seed)
    count = 0
    while not slow.is_over:
        slow.apply(rng_slow.choice(slow.legal_actions()))
        count += 1
    assert fast.playout(rng_fast) == count
    assert fast.to_json() == slow.to_json()
    assert rng_fast.random() == rng_slow.random()


@pytest.mark.parametrize("seed", range(60))
def test_playout_from_any_decision_plays_exactly_the_apply_loop(seed):
    """From states stopped at random points (counter windows, effects, long games with
    reshuffles, every table rule), ``playout`` matches the ``apply`` loop."""
    rng = random.Random(seed)
    options = BingoOptions(
        mulligan_rule=rng.choice(list(MulliganRule)[:4]),
        free_first=rng.random() < 0.5,
        forest_any_pile=rng.random() < 0.5,
        max_passes=rng.choice([2, 6, 12]),
        max_turns=rng.choice([200, 200, 9]),
    )
    for start in range(0, 60, 7):
        state = playout(seed, options, random.Random(seed), timeouts=0.1, stop_after=start)
        if state.is_over:
            break
        slow, fast = state.clone(), state.clone()
        rng_slow, rng_fast = random.Random(start), random.Random(start)
        while not slow.is_over:
            slow.apply(rng_slow.choice(slow.legal_actions()))
        assert fast.playout(rng_fast) == len(slow.history) - len(state.history)
        assert fast.to_json() == slow.to_json(), (seed, start, state.decision())
        assert rng_fast.random() == rng_slow.random()


def test_playout_with_a_random_subclass_uses_its_choice():
    """A ``random.Random`` subclass is asked for its own ``choice``."""

    class First(random.Random):
        def choice(self, seq):
            return seq[0]

    state, _ = BingoState.new(5)
    state.playout(First())
    assert state.is_over
    assert all(action != "mulligan" for _player, action in state.history)


@pytest.mark.parametrize("seed", range(12))
def test_apply_fast_gives_the_state_apply_gives(seed):
    """Decision by decision, ``apply_fast`` and ``apply`` leave equal states."""
    rng = random.Random(seed)
    slow, _ = BingoState.new(seed, OPTION_SETS[seed % len(OPTION_SETS)])
    fast = slow.clone()
    while not slow.is_over:
        action = rng.choice(slow.legal_actions())
        slow.apply(action)
        fast.apply_fast(action)
        assert fast.to_json() == slow.to_json()


def test_apply_fast_refuses_illegal_actions_and_changes_nothing():
    """``apply_fast`` checks legality like ``apply``."""
    state = playout(2, None, random.Random(2), stop_after=15)
    before = state.to_json()
    for action in ("place:9", "bogus", "counter:1", None, 3):
        if action in state.legal_actions():
            continue
        with pytest.raises(IllegalActionError):
            state.apply_fast(action)
    assert state.to_json() == before


def test_a_clone_after_the_mulligans_changes_independently():
    """Clones share only what never changes: playing a clone to the end leaves the
    original's zones, history and mulligan record as they were."""
    state = playout(9, None, random.Random(9), stop_after=20)
    assert state.phase == "play"
    before = state.to_json()
    for copy_seed in range(5):
        copy = state.clone()
        copy.playout(random.Random(copy_seed))
    assert state.to_json() == before


@pytest.mark.parametrize("size", [0, 1, 2, 5, 40, 60, 300])
def test_shuffle_draws_what_random_shuffle_draws(size):
    """``table.shuffle`` puts the cards in the order ``Random.shuffle`` would, and leaves
    the generator in the same state (stored matches replay card for card)."""
    for seed in range(20):
        ours, theirs = list(range(size)), list(range(size))
        rng_ours, rng_theirs = random.Random(f"{seed}/1"), random.Random(f"{seed}/1")
        shuffle(rng_ours, ours)
        rng_theirs.shuffle(theirs)
        assert ours == theirs
        assert rng_ours.getstate() == rng_theirs.getstate()


@pytest.mark.parametrize("text", ["0/1", "7/2", "123456789/40", "-3/1", "9999999999999/12"])
def test_seeded_random_is_random_seeded_by_the_same_string(text):
    """``table.seeded_random(text)`` is ``random.Random(text)``: the same state, so the
    same draws of every kind (stored matches replay card for card)."""
    ours, theirs = seeded_random(text), random.Random(text)
    assert type(ours) is random.Random
    assert ours.getstate() == theirs.getstate()
    assert [ours.random(), ours.gauss(0, 1), ours.randrange(60), ours.getrandbits(7)] == [
        theirs.random(),
        theirs.gauss(0, 1),
        theirs.randrange(60),
        theirs.getrandbits(7),
    ]
    assert seeded_random("1/1").getstate() != seeded_random("1/2").getstate()


def test_clone_sets_every_declared_field():
    """The hand-written ``clone`` covers every field of the state, so a field added to
    the dataclass cannot be forgotten there; mutable zones are copies, not shared."""
    state = playout(4, None, random.Random(4), stop_after=25)
    copy = state.clone()
    for f in fields(BingoState):
        assert getattr(copy, f.name) == getattr(state, f.name), f.name
    for name in ("library", "hands", "territories", "discards", "timeouts_in_row", "history"):
        assert getattr(copy, name) is not getattr(state, name), name
    for zone in ("hands", "territories", "discards"):
        for player in (0, 1):
            assert getattr(copy, zone)[player] is not getattr(state, zone)[player]


def test_json_has_one_key_per_declared_field():
    """``to_json`` is driven by the declared fields, in their order; the one field left
    out are ``chance`` and the lazy-shuffling markers (sampled chance, never part of a
    stored match)."""
    state, _ = BingoState.new(6)
    declared = [f.name for f in fields(BingoState)]
    sampled_only = {"chance", "lazy_lo", "lazy_hi"}
    assert list(state.to_json()) == [name for name in declared if name not in sampled_only]
    assert sampled_only <= set(declared)
