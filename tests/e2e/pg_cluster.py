"""Two bot processes (shards 0 and 1 of 2, each its own ``python -m bot``) on one
PostgreSQL schema, against a sharded in-process emulator: shared by the tests of
processes and of languages on PostgreSQL (the ``cluster`` fixture is in conftest.py).

:class:`ShardProcess` and :class:`tests.e2e.bot_process.BotProcess` (one unsharded
process on SQLite) share :class:`tests.e2e.bot_process.BotSubprocess`; they differ in
their settings and in what "started" means (its shard READY, against the command sync).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from emulator.server import Emulator

from .bot_process import BotSubprocess, bot_env
from .helpers import QUIET_TIMERS, BotWorld, shard_world

SHARDS = 2


class ShardProcess(BotSubprocess):
    """``python -m bot`` running one shard of :data:`SHARDS` on ``database_url``."""

    def __init__(self, emu: Emulator, shard: int, database_url: str, **extra: str) -> None:
        env = {
            "DATABASE_URL": database_url,
            "SHARD_COUNT": str(SHARDS),
            "SHARD_IDS": str(shard),
            **QUIET_TIMERS,
            **extra,
        }
        super().__init__(emu, bot_env(emu, env))
        self.shard = shard

    def connected(self) -> bool:
        """Whether this process's shard has a connected gateway session."""
        return any(s.shard == (self.shard, SHARDS) for s in self.emu.gateway.connected_sessions())

    async def start(self, cwd: Path) -> None:
        """Start the process and wait until its shard is READY."""
        await self.launch(cwd)
        await self.emu.wait_for(self.connected, 40, message=f"shard {self.shard} READY")


class Cluster:
    """The emulator, a guild per shard, the two processes and the database URL."""

    def __init__(self, emu: Emulator, url: str, tmp: Path, **extra: str) -> None:
        self.emu = emu
        self.url = url
        self.tmp = tmp
        self.worlds = (
            shard_world(emu, 0, ("alice", "bob", "carol")),
            shard_world(emu, 1, ("dave", "erin", "carol")),
        )
        self.bots = [ShardProcess(emu, k, url, **extra) for k in range(SHARDS)]
        for k in range(SHARDS):
            (tmp / f"shard{k}").mkdir(parents=True, exist_ok=True)
        self.views = tuple(BotWorld(emu, w, bot=None, db=None) for w in self.worlds)  # type: ignore[arg-type]

    async def start(self) -> None:
        await asyncio.gather(*(b.start(self.tmp / f"shard{b.shard}") for b in self.bots))
        await self.emu.wait_for_commands(timeout=30)

    async def stop(self) -> None:
        await asyncio.gather(*(b.stop() for b in self.bots))


@asynccontextmanager
async def open_cluster(
    emu_shards: int, url: str, tmp: Path, **extra: str
) -> AsyncIterator[Cluster]:
    """A sharded emulator (``emu_shards`` shards) and a started :class:`Cluster` on
    ``url``; stopped on leaving."""
    emu = Emulator(shard_count=emu_shards)
    await emu.start()
    cluster = Cluster(emu, url, tmp, **extra)
    try:
        await cluster.start()
        yield cluster
    finally:
        await cluster.stop()
        await emu.stop()
