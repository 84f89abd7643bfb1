"""Two bot processes (shards 0 and 1 of 2, each its own ``python -m bot``) on one
PostgreSQL schema, against a sharded in-process emulator: shared by the tests of
processes and of languages on PostgreSQL (the ``cluster`` fixture is in conftest.py).

:class:`ShardProcess` is close to :class:`tests.e2e.bot_process.BotProcess` (one
unsharded process on SQLite); they differ in their settings and in what "started" means
(its shard READY, against the command sync).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.playground.server import Emulator

from .helpers import NO_SCRYFALL, QUIET_TIMERS, BotWorld, shard_world

ROOT = Path(__file__).resolve().parents[2]
SHARDS = 2


class ShardProcess:
    """``python -m bot`` running one shard of :data:`SHARDS` on ``database_url``."""

    def __init__(self, emu: Emulator, shard: int, database_url: str, **extra: str) -> None:
        self.emu = emu
        self.shard = shard
        self.env = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": emu.bot_token,
            "DATABASE_URL": database_url,
            "DISCORD_API_BASE": emu.api_base,
            "DISCORD_GATEWAY_URL": emu.gateway_url,
            "SCRYFALL_API_BASE": NO_SCRYFALL,
            "SHARD_COUNT": str(SHARDS),
            "SHARD_IDS": str(shard),
            **QUIET_TIMERS,
            **extra,
        }
        self.process: asyncio.subprocess.Process | None = None
        self.logs: list[str] = []

    def _connected(self) -> bool:
        return any(s.shard == (self.shard, SHARDS) for s in self.emu.gateway.connected_sessions())

    async def start(self, cwd: Path) -> None:
        """Start the process and wait until its shard is READY."""
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=cwd, env=self.env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        await self.emu.wait_for(self._connected, 40, message=f"shard {self.shard} READY")

    async def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self._collect()
        await self.emu.wait_for(lambda: not self._connected(), 10, message="disconnect")

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            await self._collect()

    async def _collect(self) -> None:
        assert self.process is not None
        _, stderr = await asyncio.wait_for(self.process.communicate(), 20)
        self.logs.append(stderr.decode())


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
