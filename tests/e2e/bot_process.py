"""The bot as its own process (``python -m bot``) against the in-process emulator, with
kill -9 and restart: shared by the crash and load tests."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from .helpers import NO_SCRYFALL, QUIET_TIMERS

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """``python -m bot`` pointed at the emulator, with kill -9 and restart."""

    def __init__(self, emulator, world, database: Path) -> None:
        self.emulator = emulator
        self.env = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": emulator.bot_token,
            "DATABASE_PATH": str(database),
            "DISCORD_API_BASE": emulator.api_base,
            "DISCORD_GATEWAY_URL": emulator.gateway_url,
            "DISCORD_GUILD_ID": str(world.guild.id),
            "SCRYFALL_API_BASE": NO_SCRYFALL,
            **QUIET_TIMERS,
        }
        self.cwd = database.parent
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.logs: list[str] = []

    async def start(self) -> None:
        syncs = self.emulator.command_syncs
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=self.cwd, env=self.env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        self.starts += 1
        await self.emulator.wait_for(lambda: self.emulator.command_syncs > syncs, 30)
        await self.emulator.wait_for(
            lambda: self.emulator.gateway.connected_sessions(), 30, message="bot READY"
        )

    async def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self._collect()
        await self.emulator.wait_for(
            lambda: not self.emulator.gateway.connected_sessions(), 10, message="disconnect"
        )

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            await self._collect()

    async def _collect(self) -> None:
        assert self.process is not None
        _, stderr = await asyncio.wait_for(self.process.communicate(), 20)
        self.logs.append(stderr.decode())
