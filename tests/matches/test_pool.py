"""AIPool: the executor of the bot's search (lazy, process or thread, rebuilt when a
worker dies, closed with the bot)."""

from __future__ import annotations

import asyncio
import os
import random
import threading
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from bot.engine import BingoState
from bot.matches import AIPool


def play_observation(seed: int = 3) -> dict[str, Any]:
    """An observation in the play phase with a real choice to make."""
    rng = random.Random(seed)
    state, _ = BingoState.new(seed)
    while True:
        player = state.current_player()
        assert player is not None, "the match ended before a real choice"
        observation = state.observation(player)
        if observation["phase"] == "play" and len(observation["legal_actions"]) > 1:
            return observation
        state.apply(rng.choice(observation["legal_actions"]), player=player)


def thread_name_choose(
    observation: dict[str, Any], level: str, rng: random.Random, **kw: Any
) -> str:
    """A stub ``choose`` recording where it ran (threads only: it returns a name)."""
    return threading.current_thread().name


async def test_the_pool_starts_on_first_use_and_threads_when_workers_is_0() -> None:
    pool = AIPool(0, budget=0.5)
    assert pool.generation == 0  # nothing started by building it
    where = await pool.policy("easy", choose=thread_name_choose).decide(play_observation())
    assert where.startswith("ai-search") and pool.generation == 1
    await pool.close()


async def test_choose_action_runs_in_a_worker_process() -> None:
    """The real ``bot.ai.choose_action`` (and its arguments) pickle into a process pool,
    and the hard level's search returns a legal action from there."""
    pool = AIPool(1, budget=0.05)
    observation = play_observation()
    try:
        action = await pool.policy("hard", seed=1).decide(observation)
        assert action in observation["legal_actions"]
        assert await asyncio.wrap_future(pool.submit(os.getpid)) != os.getpid()
    finally:
        await pool.close()


async def test_a_dead_worker_is_replaced_by_a_new_pool() -> None:
    """A worker that dies breaks its decision only; the next one gets a fresh pool."""
    pool = AIPool(1)
    try:
        with pytest.raises(BrokenProcessPool):
            pool.submit(os._exit, 1).result(timeout=30)
        assert pool.submit(int, "7").result(timeout=30) == 7
        assert pool.generation == 2
    finally:
        await pool.close()


async def test_a_closed_pool_refuses_work() -> None:
    pool = AIPool(2)
    await pool.close()  # never started: nothing to stop
    assert pool.generation == 0
    with pytest.raises(RuntimeError, match="shut down"):
        pool.submit(int, "1")


def test_negative_workers_are_refused() -> None:
    with pytest.raises(ValueError):
        AIPool(-1)
