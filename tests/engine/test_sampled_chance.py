"""Sampled chance (``BingoState.new(..., chance=rng)``, ``playout(rng, chance=rng)``):
chance events drawn from a generator instead of the match seed, for search and random
games.  The games stay legal (the invariants after every step) and the shuffles stay
uniform; the exact mode, what stored matches replay, is untouched."""

from __future__ import annotations

import random
from collections import Counter

from bot.engine import BingoOptions, BingoState, MulliganRule
from bot.engine.cards import KINDS

from .invariants import Invariants

GAMES = 40
DEALS = 5000
#: The chi-square statistic of 4 degrees of freedom with p = 0.001.
CHI2_4_P001 = 18.47


#: Every mulligan rule a match may use, each with the §2 options off and on.
CONFIGS = [
    BingoOptions(mulligan_rule=rule, free_first=free_first, sequential=sequential)
    for rule in (
        MulliganRule.VANCOUVER, MulliganRule.LONDON, MulliganRule.PARIS,
        MulliganRule.PARTIAL_PARIS,
    )
    for free_first in (False, True)
    for sequential in (False, True)
]  # fmt: skip


def check_lazy_regions(state: BingoState) -> None:
    """The lazy-shuffling markers describe regions of the library (see bot.engine.table):
    ``0 <= lazy_lo < lazy_hi <= len(library)``, or ``0, 0`` (order fixed)."""
    lo, hi = state.lazy_lo, state.lazy_hi
    assert (lo, hi) == (0, 0) or 0 <= lo < hi <= len(state.library), (lo, hi)


def test_sampled_games_keep_every_invariant() -> None:
    """Sampled-chance (lazily shuffled) games under every mulligan rule and option, through
    apply, with the per-step invariants (60 cards, 12 of each, limits, history, JSON) and
    the lazy regions after every step; the sampled checks (replay) do not apply here."""
    rng = random.Random(7)
    for game in range(GAMES * 2):
        options = CONFIGS[game % len(CONFIGS)]
        invariants = Invariants(random.Random(game), sample_every=1000)
        state, events = BingoState.new(game, options, chance=rng)
        invariants.tick = 500  # off every sampled check's offset
        invariants.check_bingo(state, events, None, None)
        check_lazy_regions(state)
        while not state.is_over:
            before_turn = state.turn
            actor = state.current_player()
            action = rng.choice(state.legal_actions())
            events = state.apply(action)
            invariants.tick = 500
            invariants.check_bingo(state, events, before_turn, (actor, action))
            check_lazy_regions(state)


def _biased_action(state: BingoState, legal: list[str]) -> str:
    """A fixed mulligan policy that makes the library order matter: mulligan once then
    keep, bottom (London) and set aside (Partial Paris) the highest kind, scry a
    Mountain or Forest to the bottom and keep any other card on top."""
    mull = state.mulligans
    assert mull is not None
    player = mull.current()
    assert player is not None
    if "mulligan" in legal and "keep" in legal:
        return "mulligan" if mull.taken[player] == 0 else "keep"
    if "scry_top" in legal:
        top = mull.scry_card(state, player)
        assert top is not None
        return "scry_bottom" if top >= 3 else "scry_top"
    if "aside_done" in legal:
        return "aside_done"
    return legal[-1] if legal[-1] != "aside_done" else legal[-2]


def _draw_order(options: BingoOptions, seed: int, chance: random.Random | None) -> tuple:
    """(first, second, last) kind drawn from the library once the mulligans of the
    biased policy are over, drawing it to the end."""
    state, _ = BingoState.new(seed, options, chance=chance)
    while state.phase == "mulligan":
        state.apply_fast(_biased_action(state, state.legal_actions()))
    drawn = []
    while state.library:
        drawn.append(state.draw(0, None))
    return drawn[0], drawn[1], drawn[-1]


def _chi2_critical(df: int) -> float:
    """The chi-square statistic of ``df`` degrees of freedom with p = 0.001
    (Wilson-Hilferty)."""
    a = 2 / (9 * df)
    return df * (1 - a + 3.09 * a**0.5) ** 3


def test_lazy_draws_follow_the_exact_distribution() -> None:
    """Lazy shuffling draws like a full shuffle: under every mulligan rule, with a policy
    that scries to the top and the bottom and bottoms cards, the (first, second, last)
    cards drawn after the mulligans have the same distribution in the exact mode (seeded
    shuffles) and the sampled mode (lazy), by a two-sample chi-square test."""
    samples = 2500
    rng = random.Random(5)
    for options in CONFIGS[::4]:  # every rule, options off (the options do not touch order)
        exact: Counter[tuple] = Counter(_draw_order(options, seed, None) for seed in range(samples))
        lazy: Counter[tuple] = Counter(_draw_order(options, seed, rng) for seed in range(samples))
        cells = set(exact) | set(lazy)
        # pool thin cells so every expected count is at least 5
        big = {c for c in cells if exact[c] + lazy[c] >= 10}
        small_e = sum(exact[c] for c in cells - big)
        small_l = sum(lazy[c] for c in cells - big)
        pairs = [(exact[c], lazy[c]) for c in big] + [(small_e, small_l)]
        pairs = [(e, n) for e, n in pairs if e + n]
        chi2 = sum((e - n) ** 2 / (e + n) for e, n in pairs)
        assert chi2 < _chi2_critical(len(pairs) - 1), (options.mulligan_rule, chi2, len(pairs))


def test_lazy_scry_and_bottom_keep_their_places() -> None:
    """Under lazy shuffling a card scried to the bottom is drawn last, a card scried to
    the top is drawn first, and a London bottom stays under the rest."""
    rng = random.Random(9)
    for seed in range(300):
        state, _ = BingoState.new(seed, chance=rng)  # Vancouver
        mull = state.mulligans
        assert mull is not None
        while state.phase == "mulligan":
            legal = state.legal_actions()
            if "scry_top" in legal:
                top = mull.scry_card(state, mull.current())  # type: ignore[arg-type]
                bottom = seed % 2 == 0
                state.apply_fast("scry_bottom" if bottom else "scry_top")
                if state.phase == "mulligan":
                    continue
                drawn = [state.draw(0, None) for _ in range(len(state.library))]
                assert (drawn[-1] if bottom else drawn[0]) == top
                break
            state.apply_fast(_biased_action(state, legal))
    for seed in range(300):
        options = BingoOptions(mulligan_rule=MulliganRule.LONDON)
        state, _ = BingoState.new(seed, options, chance=rng)
        state.apply_fast("mulligan")
        state.apply_fast("keep")  # the other player keeps: the first one bottoms a card
        state.apply_fast("keep")
        assert state.mulligans is not None and state.mulligans.step == "bottom"
        kind = state.legal_actions()[seed % len(state.legal_actions())]
        state.apply_fast(kind)
        assert state.phase == "play"
        drawn = [state.draw(0, None) for _ in range(len(state.library))]
        assert drawn[-1] == int(kind.split(":")[1])


def test_lazy_draw_many_draws_what_draw_draws() -> None:
    """Under lazy shuffling, ``draw_many(player, n, None)`` (written out) leaves the
    library, the hand, the lazy markers and the generator exactly as ``n`` calls of
    ``draw`` do: with a known bottom (a scry to the bottom), a known top, or neither."""
    for seed in range(600):
        state, _ = BingoState.new(seed, chance=random.Random(seed))
        state.shuffle_into_library([])  # the whole library unknown again
        if seed % 3 == 0:
            state.peek(None)
            state.put_on_bottom(state.library.pop())
        if seed % 5 == 0:
            state.peek(None)  # the top card settled
        ours, theirs = state.clone(), state.clone()
        ours.chance, theirs.chance = random.Random(seed), random.Random(seed)
        n = seed % 9
        assert ours.draw_many(0, n, None) == n
        for _ in range(n):
            theirs.draw(0, None)
        assert (ours.library, ours.hands) == (theirs.library, theirs.hands)
        assert (ours.lazy_lo, ours.lazy_hi) == (theirs.lazy_lo, theirs.lazy_hi)
        assert ours.chance.getstate() == theirs.chance.getstate()  # type: ignore[union-attr]


def test_sampled_playout_ends_legally() -> None:
    """``playout(rng, chance=rng)`` from a fresh deal ends with 60 cards and a result,
    and gives the state back its own (exact) chance afterwards."""
    rng = random.Random(3)
    for game in range(200):
        state, _ = BingoState.new(game)
        state.playout(rng, chance=rng)
        assert state.is_over
        assert state.card_count() == 60
        assert state.chance is None


def test_sampled_first_draw_is_uniform() -> None:
    """The first card drawn after a sampled deal is each land with probability 1/5
    (chi-square)."""
    rng = random.Random(11)
    counts = [0] * KINDS
    for deal in range(DEALS):
        state, _ = BingoState.new(deal, chance=rng)
        counts[state.draw(0, None)] += 1  # type: ignore[index]
    expected = DEALS / KINDS
    chi2 = sum((n - expected) ** 2 / expected for n in counts)
    assert chi2 < CHI2_4_P001, counts


def test_sampled_chance_differs_from_the_seed_and_stays_out_of_json() -> None:
    """A sampled deal does not follow the seed; the exact deal does; ``chance`` is not
    serialized, survives ``clone()``, and is ``None`` after ``from_json``."""
    exact = [BingoState.new(5)[0].library for _ in range(2)]
    assert exact[0] == exact[1]
    rng = random.Random(1)
    sampled = [BingoState.new(5, chance=rng)[0] for _ in range(5)]
    assert any(s.library != exact[0] for s in sampled)
    state = sampled[0]
    assert state.chance is rng and state.clone().chance is rng
    assert "chance" not in state.to_json()
    assert BingoState.from_json(state.to_json()).chance is None


def test_exact_playout_is_unchanged_by_the_option() -> None:
    """``playout(rng)`` and ``playout(rng, chance=None)`` are the exact apply loop."""
    for seed in range(30):
        a, _ = BingoState.new(seed)
        b, _ = BingoState.new(seed)
        c, _ = BingoState.new(seed)
        a.playout(random.Random(seed))
        b.playout(random.Random(seed), chance=None)
        rng = random.Random(seed)
        while not c.is_over:
            c.apply(rng.choice(c.legal_actions()))
        assert a.to_json() == b.to_json() == c.to_json()


def test_sampled_deal_builds_what_the_constructor_builds() -> None:
    """``new(..., chance=)`` writes its blank state out field by field (bingo.py,
    ``_blank_state``) and deals into it: every field of ``BingoState`` must then hold
    what the dataclass constructor's defaults and the same deal give, to a subclass (which
    goes through the constructor) as to ``BingoState``."""
    from dataclasses import dataclass, fields

    @dataclass(slots=True, eq=False, repr=False)
    class Subclass(BingoState):
        pass

    for seed in range(20):
        options = CONFIGS[seed % len(CONFIGS)]
        state, events = BingoState.new(seed, options, chance=random.Random(seed))
        other, other_events = Subclass.new(seed, options, chance=random.Random(seed))
        assert type(other) is Subclass
        assert events == other_events
        for f in fields(BingoState):
            assert getattr(state, f.name) == getattr(other, f.name) or f.name in (
                "chance",
                "mulligans",
            ), f.name
        assert state.mulligans is not None and other.mulligans is not None
        assert state.mulligans.to_json() == other.mulligans.to_json()
        assert state.to_json() == other.to_json()
