"""Random playouts through the engine's public API, shared by the engine tests."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import BingoOptions, BingoState

MAX_ACTIONS = 3000  # a match is at most 200 turns of ≤ 3 decisions, plus the mulligans


def random_step(state: BingoState, rng: random.Random, timeouts: float, resigns: float) -> None:
    """One random decision: a legal action, a time-out or (rarely) a resignation."""
    roll = rng.random()
    if roll < resigns:
        state.resign(rng.randrange(2))
    elif roll < resigns + timeouts:
        state.apply_timeout()
    else:
        state.apply(rng.choice(state.legal_actions()))


def playout(
    seed: int,
    options: BingoOptions | None,
    rng: random.Random,
    *,
    timeouts: float = 0.0,
    resigns: float = 0.0,
    check: Callable[[BingoState, BingoState], None] | None = None,
    stop_after: int | None = None,
) -> BingoState:
    """Play a match from ``BingoState.new(seed, options)`` with random decisions.

    ``check(before, after)`` runs after every decision (``before`` is a clone).
    Stops at the end of the match, or after ``stop_after`` decisions.  Fails if the
    match has not ended after :data:`MAX_ACTIONS` decisions.
    """
    state, _ = BingoState.new(seed, options)
    for count in range(MAX_ACTIONS):
        if state.is_over or count == stop_after:
            return state
        before = state.clone() if check else state
        random_step(state, rng, timeouts, resigns)
        if check:
            check(before, state)
    assert state.is_over, f"no end after {MAX_ACTIONS} decisions"
    return state
