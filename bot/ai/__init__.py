"""BingoMagic players for the bot's seats: pure like the engine (no discord, no I/O,
no global random; every chance goes through the ``random.Random`` passed in).

:func:`choose_action` is the one entry point: it sees only
:meth:`bot.engine.BingoState.observation` of the deciding player and returns one of its
``legal_actions``.  Levels:

- ``random``: uniformly random legal actions (a benchmark baseline);
- ``easy``: a beginner that still plays legal, sensible moves;
- ``medium``: a good heuristic (:func:`bot.ai.heuristics.medium_action`);
- ``hard``: Information Set MCTS (:mod:`bot.ai.ismcts`) in the play phase, the medium
  heuristic for mulligans.

:func:`estimate_keep` (in :mod:`bot.ai.coach`) estimates the win chance of an opening
hand by simulation, for the mulligan coach.
"""

from __future__ import annotations

import random
from typing import Any

from .coach import estimate_keep, estimate_mulligan, wilson
from .heuristics import POLICIES, View
from .ismcts import DEFAULT_BUDGET, DEFAULT_ITERATIONS, search

LEVELS = ("easy", "medium", "hard")
ALL_LEVELS = ("random", *LEVELS)


def choose_action(
    observation: dict[str, Any],
    level: str,
    rng: random.Random,
    *,
    budget: float | None = DEFAULT_BUDGET,
    iterations: int | None = DEFAULT_ITERATIONS,
) -> str:
    """The action of the player who decides now at ``level``.

    ``observation``: :meth:`BingoState.observation` of that player (``legal_actions``
    non-empty).  ``level``: one of :data:`ALL_LEVELS`.  ``rng``: all chance (the same
    observation, level and seeded ``rng`` give the same action when the hard level runs
    with ``budget=None``).  ``budget`` (seconds) and ``iterations`` bound the hard
    level's search; they are ignored by the other levels.

    Returns one of ``observation["legal_actions"]``.  Raises ``ValueError`` for an
    unknown level or an observation with no legal action.
    """
    legal = observation.get("legal_actions") or []
    if not legal:
        raise ValueError("the observing player has no decision to make")
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown level {level!r}; expected one of {ALL_LEVELS}")
    if len(legal) == 1:
        return legal[0]
    if level == "hard" and observation["phase"] == "play":
        action, _ = search(observation, rng, budget=budget, iterations=iterations)
        return action
    policy = POLICIES["medium" if level == "hard" else level]
    return policy(View.from_observation(observation), rng)


__all__ = [
    "ALL_LEVELS",
    "LEVELS",
    "choose_action",
    "estimate_keep",
    "estimate_mulligan",
    "wilson",
]
