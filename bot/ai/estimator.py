"""The one win-chance estimator: a position played out to the end with the ``medium``
heuristic in both seats (RULES §1, §2), scored 1 win, ½ draw, 0 loss.

The mulligan coach (:mod:`bot.ai.coach`, which the practice hands and the hand of the
day use) and the match analysis (:mod:`bot.ai.analysis`) both finish their simulated
matches with :func:`finish`, so a percentage means the same thing everywhere: "the chance
that a ``medium`` player wins from here against a ``medium`` player".
``python -m benchmarks.calibration`` measures how well it predicts real results.

Every hidden card is sampled by the caller (:func:`determinize`) from what the deciding
player may see, never read from the real match.  Pure: no discord import, no I/O, all
chance from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random

from bot.engine import BingoOptions, BingoState
from bot.engine.mulligan import DONE

from .heuristics import View, medium_action, unseen_counts
from .ismcts import sample_world, world_template


def _policy_action(state: BingoState, rng: random.Random) -> str:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    mull = state.mulligans
    if mull is not None and mull.step != DONE:
        player = state.current_player()
        assert player is not None
        return medium_action(View.from_observation(state.observation(player)), rng)
    return medium_action(View.from_state(state, legal), rng)


def finish(state: BingoState, me: int, rng: random.Random) -> float:
    """Play ``state`` to its end with ``medium`` in both seats (changing it); the score
    of player ``me``: 1.0 win, 0.5 draw (RULES §1.8), 0.0 loss."""
    while state.result is None:
        state.apply_fast(_policy_action(state, rng))
    if state.result.winner is None:
        return 0.5
    return 1.0 if state.result.winner == me else 0.0


def determinize(
    state: BingoState, player: int, rng: random.Random, options: BingoOptions
) -> BingoState:
    """One world consistent with what ``player`` sees of ``state`` (its
    :meth:`~BingoState.observation`): the other hand and the library are dealt at random
    from the cards ``player`` cannot see (:func:`~bot.ai.heuristics.unseen_counts`),
    keeping the other hand's size and, in a scry, the card on top; the world's chance seed
    is random.  Only the *shape* of ``state`` (zones' sizes, whose turn, the mulligan
    bookkeeping) is read, never its hidden cards.  Raises ``ValueError`` when the counts
    do not add up to 60 cards (cards set aside by a Partial Paris mulligan)."""
    obs = state.observation(player)
    if obs["phase"] == "play":
        template = world_template(obs)
        template["options"] = options.to_json()
        template["timeouts_in_row"] = list(state.timeouts_in_row)
        return sample_world(obs, rng, template)
    counts = unseen_counts(obs)
    unseen = [k for k, n in enumerate(counts) for _ in range(n)]
    size = obs["hand_sizes"][1 - player]
    top = obs.get("scry_card")
    library_size = obs["library_size"] - (1 if top is not None else 0)
    if min(counts) < 0 or len(unseen) != size + library_size:
        raise ValueError("the observation's card counts do not add up to 60")
    rng.shuffle(unseen)
    other = [0] * len(counts)
    for k in unseen[:size]:
        other[k] += 1
    data = state.to_json()
    data["hands"][1 - player] = other
    data["library"] = unseen[size:] + ([top] if top is not None else [])
    data["seed"] = rng.getrandbits(48)
    data["history"] = []
    return BingoState.from_json(data)


def estimate_position(
    state: BingoState, player: int, rng: random.Random, worlds: int, options: BingoOptions
) -> float:
    """``player``'s chance to win from ``state`` (0..1, draws half): the mean of
    :func:`finish` over ``worlds`` worlds sampled by :func:`determinize` from what
    ``player`` sees.  Its standard error is at most ``0.5 / sqrt(worlds)``."""
    total = 0.0
    for _ in range(worlds):
        total += finish(determinize(state, player, rng, options), player, rng)
    return total / worlds
