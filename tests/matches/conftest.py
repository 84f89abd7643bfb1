"""Helpers for the match runtime tests: a recording listener and stub policies."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bot.engine import BingoState
from bot.matches import Match, MatchEvent, MatchRuntime, MemoryMatchStore, Seat, Timing

ALICE, BOB, BOT = 101, 202, 999


class Recorder:
    """A listener keeping every event, with a way to wait for one of a kind."""

    def __init__(self) -> None:
        self.events: list[MatchEvent] = []
        self._changed = asyncio.Condition()

    async def __call__(self, event: MatchEvent) -> None:
        self.events.append(event)
        async with self._changed:
            self._changed.notify_all()

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]

    async def wait_for(self, kind: type, count: int = 1, timeout: float = 10.0) -> list[Any]:  # noqa: ASYNC109
        async def ready() -> None:
            async with self._changed:
                await self._changed.wait_for(lambda: len(self.of(kind)) >= count)

        await asyncio.wait_for(ready(), timeout)
        return self.of(kind)


class RandomPolicy:
    """A stub agent: a seeded random legal action; records what it was asked."""

    def __init__(self, level: str = "medium", seed: int = 0) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self.asked: list[dict[str, Any]] = []

    async def decide(self, observation: dict[str, Any]) -> str:
        self.asked.append(observation)
        return self.rng.choice(observation["legal_actions"])


def make_runtime(**timing: float) -> tuple[MatchRuntime, MemoryMatchStore, Recorder]:
    store = MemoryMatchStore()
    runtime = MatchRuntime(store, timing=Timing(**{"agent_pause": 0.0, **timing}))
    recorder = Recorder()
    runtime.subscribe(recorder)
    return runtime, store, recorder


def new_match(
    runtime: MatchRuntime,
    store: MemoryMatchStore,
    seats: tuple[Seat, Seat] | None = None,
    seed: int = 1,
    match_id: int = 1,
) -> tuple[Match, list[dict]]:
    state, events = BingoState.new(seed)
    match = Match(match_id, seats or (Seat.human(ALICE), Seat.human(BOB)), state)
    match.deadline = runtime.deadline_for(state)
    store.insert(match_id, state, match.deadline)
    return match, events
