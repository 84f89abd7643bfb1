"""Seats: who sits in each of a match's two places.

A seat is either a human, known by a user id, or an agent, a policy that turns an
observation (``BingoState.observation(player)``, a JSON-ready dict) into one of its
``legal_actions``. Both have a ``user_id`` (an agent sits under the bot's own account),
so storage, stats and rendering address every seat the same way; only the runtime asks
whether a seat decides by itself.
"""

from __future__ import annotations

import asyncio
import functools
import random
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

#: The AI's levels.
LEVELS = ("easy", "medium", "hard")

#: ``choose(observation, level, rng, *, budget=None, iterations=None) -> action``:
#: the shape of ``bot.ai.choose_action``.
ChooseFn = Callable[..., str]


@runtime_checkable
class Policy(Protocol):
    """Something that decides for a seat.

    ``decide`` receives the seat's observation (``BingoState.observation(player)``) and
    returns one of ``observation["legal_actions"]``. It may take as long as it likes
    (the runtime awaits it off the match lock); heavy search belongs in a thread or
    process pool so the event loop stays free.
    """

    level: str

    async def decide(self, observation: dict[str, Any]) -> str: ...


def _default_choose() -> ChooseFn:
    from bot.ai import choose_action  # imported late: the AI is optional for the runtime

    return choose_action


class SearchPolicy:
    """The bot's own player: ``bot.ai.choose_action`` at ``level``, run in ``executor``.

    ``executor``: a ``concurrent.futures`` pool (``None``: the loop's default thread
    pool, as ``asyncio.to_thread``). With a ``ProcessPoolExecutor``, ``choose`` must be a
    module-level function (the default is). ``seed``: seeds the policy's generator (each
    decision gets a fresh ``random.Random`` drawn from it, so a process pool needs no
    shared state). ``budget`` (seconds) and ``iterations``: passed on to ``choose``
    (the hard level's search limits; ``None``: not passed, so the AI's defaults hold).

    Raises ``ValueError`` for an unknown level.
    """

    def __init__(
        self,
        level: str,
        *,
        seed: int | None = None,
        executor: Executor | None = None,
        budget: float | None = None,
        iterations: int | None = None,
        choose: ChooseFn | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; expected one of {LEVELS}")
        self.level = level
        self._rng = random.Random(seed)
        self._executor = executor
        self._budget = budget
        self._iterations = iterations
        self._choose = choose

    async def decide(self, observation: dict[str, Any]) -> str:
        """``choose(observation, level, rng[, budget=…][, iterations=…])`` in the
        executor; returns its action."""
        choose = self._choose or _default_choose()
        rng = random.Random(self._rng.getrandbits(64))
        limits: dict[str, Any] = {}
        if self._budget is not None:
            limits["budget"] = self._budget
        if self._iterations is not None:
            limits["iterations"] = self._iterations
        call = functools.partial(choose, observation, self.level, rng, **limits)
        return await asyncio.get_running_loop().run_in_executor(self._executor, call)


@dataclass(frozen=True, slots=True)
class Seat:
    """One of a match's two places.

    ``user_id``: the Discord user id (for an agent, the bot's own id). ``policy``:
    ``None`` for a human, else the agent deciding for this seat.
    """

    user_id: int
    policy: Policy | None = field(default=None, compare=False)

    @classmethod
    def human(cls, user_id: int) -> Seat:
        return cls(user_id)

    @classmethod
    def agent(cls, user_id: int, policy: Policy) -> Seat:
        return cls(user_id, policy)

    @property
    def is_agent(self) -> bool:
        return self.policy is not None

    @property
    def level(self) -> str | None:
        """The agent's level, or ``None`` for a human."""
        return None if self.policy is None else self.policy.level
