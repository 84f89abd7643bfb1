"""The bot as its own process (``python -m bot``) against the in-process emulator, with
kill -9 and restart: :class:`BotProcess` (one unsharded process on SQLite) is shared by
the crash and load tests, and its base :class:`BotSubprocess` by
:class:`tests.e2e.pg_cluster.ShardProcess` (one shard on PostgreSQL); :func:`bot_env` is
the environment of every such process (also of ``test_process`` and
``test_logs_process``)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Mapping
from pathlib import Path

from emulator.server import Emulator

from .helpers import NO_SCRYFALL, QUIET_TIMERS

ROOT = Path(__file__).resolve().parents[2]


def bot_env(emu: Emulator, extra: Mapping[str, str]) -> dict[str, str]:
    """The environment of ``python -m bot`` pointed at ``emu`` (its bot token, REST API
    and gateway), importing this checkout, with Scryfall unreachable (``NO_SCRYFALL``);
    ``extra`` (the database, the guild, timers …) added last, so it wins."""
    return {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": emu.bot_token,
        "DISCORD_API_BASE": emu.api_base,
        "DISCORD_GATEWAY_URL": emu.gateway_url,
        "SCRYFALL_API_BASE": NO_SCRYFALL,
        **extra,
    }


class BotSubprocess:
    """``python -m bot`` with the environment ``env``: launched, killed (SIGKILL) or
    stopped (SIGTERM). ``logs``: the stderr of each run, once it ended. A subclass says
    when it is up (:meth:`connected`) and how it starts."""

    def __init__(self, emu: Emulator, env: dict[str, str]) -> None:
        self.emu = emu
        self.env = env
        self.process: asyncio.subprocess.Process | None = None
        self.logs: list[str] = []
        #: Reads the running process's stderr as it comes: a pipe holds 64 KiB, and a bot
        #: at LOG_LEVEL=DEBUG writes more than that while it starts; unread, its next log
        #: write would block the bot (in whichever thread logged).
        self._reader: asyncio.Task[bytes] | None = None

    def connected(self) -> bool:
        """Whether a bot gateway session is connected to the emulator."""
        return bool(self.emu.gateway.connected_sessions())

    async def launch(self, cwd: Path) -> None:
        """Start the process in ``cwd`` (without waiting for anything)."""
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=cwd, env=self.env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert self.process.stderr is not None
        self._reader = asyncio.ensure_future(self.process.stderr.read())

    async def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self._collect()
        await self.emu.wait_for(lambda: not self.connected(), 10, message="disconnect")

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            await self._collect()

    async def finish(self) -> str:
        """Stop the process (SIGTERM) if it still runs and return the stderr of its run
        (also when it ended by itself); ``self.process.returncode`` is then its exit
        status."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        await self._collect()
        return self.logs[-1]

    async def _collect(self) -> None:
        assert self.process is not None and self._reader is not None
        stderr, _ = await asyncio.wait_for(asyncio.gather(self._reader, self.process.wait()), 20)
        self.logs.append(stderr.decode())


class BotProcess(BotSubprocess):
    """``python -m bot`` pointed at the emulator, on the SQLite file ``database``, with
    kill -9 and restart."""

    def __init__(self, emulator: Emulator, world, database: Path) -> None:
        env = {
            "DATABASE_PATH": str(database),
            "DISCORD_GUILD_ID": str(world.guild.id),
            **QUIET_TIMERS,
        }
        super().__init__(emulator, bot_env(emulator, env))
        self.cwd = database.parent
        self.starts = 0

    async def start(self) -> None:
        """Start the process and wait until it synced its commands and is READY."""
        syncs = self.emu.command_syncs
        await self.launch(self.cwd)
        self.starts += 1
        await self.emu.wait_for(lambda: self.emu.command_syncs > syncs, 30)
        await self.emu.wait_for(self.connected, 30, message="bot READY")
