"""The playground: a local Discord (the emulator), the bot as its own process, and the page.

:class:`Playground` is what ``python -m bot.playground`` runs; tests start it in-process too.
The world is one server ("BingoMagic Playground") with ``#general`` and the members alice, bob
and carol (alice owns the server; carol has the "Moderators" role, with no permission of its
own: ``/bingo settings moderation role:`` makes it BingoMagic's moderator role), and a second
server ("Second Playground", ``#lobby``) whose only member, its owner, is dave: members of
two servers for the ranked queue (``/bingo queue``). Its ids are
fixed, so that stats and saved decks kept in ``data/playground/`` belong to the same members
and server from one run to the next.

The bot is started as ``python -m bot`` with a clean environment and its working directory in
the data directory: a real ``DISCORD_TOKEN`` (environment or ``.env``) is never seen by it.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path

from bot.playground.web import PlaygroundWeb
from emulator.models import DISCORD_EPOCH_MS, User
from emulator.ratelimits import DiscordLimits
from emulator.server import Emulator

log = logging.getLogger(__name__)

#: The token the playground's emulator accepts; never a real one.
PLAYGROUND_TOKEN = "playground-token"
BOT_NAME = "BingoMagic"
GUILD_NAME = "BingoMagic Playground"
CHANNEL_NAME = "general"
MEMBERS = ("alice", "bob", "carol")
#: A second server, whose only member (its owner) is dave: for the ranked queue across
#: servers (``/bingo queue``, docs/queue.md). He shares no server with the others.
SECOND_GUILD_NAME = "Second Playground"
SECOND_CHANNEL_NAME = "lobby"
SECOND_MEMBERS = ("dave",)
#: A role of the server (no permissions), and who has it.
MODERATOR_ROLE_NAME = "Moderators"
MODERATOR_ROLE_MEMBERS = ("carol",)
DEFAULT_PORT = 8765
DEFAULT_DATA_DIR = Path("data/playground")
DATABASE_NAME = "bingomagic.db"
BOT_LOG_NAME = "bot.log"
#: Seconds the bot has to stop after SIGTERM before it is killed.
BOT_STOP_SECONDS = 15.0
#: Seconds the bot has to connect and register its commands.
BOT_READY_SECONDS = 60.0

#: Fixed snowflakes (2020-01-01, far older than any id the emulator makes while running).
_BASE = (1577836800000 - DISCORD_EPOCH_MS) << 22
BOT_ID = _BASE + 1
GUILD_ID = _BASE + 2
CHANNEL_ID = _BASE + 3
MODERATOR_ROLE_ID = _BASE + 4
MEMBER_IDS = {name: _BASE + 11 + i for i, name in enumerate(MEMBERS + SECOND_MEMBERS)}
SECOND_GUILD_ID = _BASE + 5
SECOND_CHANNEL_ID = _BASE + 6

ROOT = Path(__file__).resolve().parents[2]
#: errno of "address already in use": POSIX, and Windows' WSAEADDRINUSE.
ADDRESS_IN_USE = {errno.EADDRINUSE, 10048}


def listen_error(host: str, port: int, exc: OSError) -> str:
    """The sentence for a failure (``exc``) to listen on ``host:port``: a taken port names
    the ``--port`` option; anything else also ``--host``."""
    where = f"{host}:{port}"
    if exc.errno in ADDRESS_IN_USE or getattr(exc, "winerror", None) == 10048:
        return (
            f"port {port} is already in use ({where}): is another playground running? "
            f"Stop it, or choose another port with --port (e.g. --port {port + 1}, "
            "or --port 0 for any free port)."
        )
    reason = exc.strerror or str(exc)
    return f"cannot listen on {where}: {reason}. Choose another address with --host or --port."


def ignored_secrets(cwd: Path | None = None, environ: dict[str, str] | None = None) -> list[str]:
    """Sentences for the page about real credentials present and ignored (may be empty).

    Looks for ``DISCORD_TOKEN`` in ``environ`` (default ``os.environ``) and a ``.env`` file in
    ``cwd`` (default: the working directory) and in the project's root.
    """
    environ = dict(os.environ) if environ is None else environ
    cwd = Path.cwd() if cwd is None else cwd
    found = []
    if (environ.get("DISCORD_TOKEN") or "").strip():
        found.append("DISCORD_TOKEN is set in your environment")
    if any((d / ".env").is_file() for d in {cwd.resolve(), ROOT}):
        found.append("a .env file is present")
    if not found:
        return []
    return [
        f"{' and '.join(found).capitalize()}: ignored. The playground never uses a real token; "
        "the bot here talks only to this local Discord."
    ]


@dataclass
class PlaygroundOptions:
    """How to run the playground.

    ``port`` 0 picks a free port. ``bot_env`` adds settings for the bot (e.g. shorter timers),
    ``scryfall_api_base`` None leaves the bot's default (the real Scryfall, for decklists).
    ``limits``: Discord's rate limits the emulator enforces (on by default, as on Discord;
    None turns them off).
    """

    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    data_dir: Path = DEFAULT_DATA_DIR
    fresh: bool = False
    scryfall_api_base: str | None = None
    log_level: str = "INFO"
    bot_env: dict[str, str] = field(default_factory=dict)
    limits: DiscordLimits | None = field(default_factory=DiscordLimits)


class Playground:
    """Emulator + page + bot process. ``await start()``, then ``await stop()`` (idempotent)."""

    def __init__(self, options: PlaygroundOptions | None = None) -> None:
        self.options = options or PlaygroundOptions()
        self.data_dir = self.options.data_dir.resolve()
        self.emu = Emulator(
            PLAYGROUND_TOKEN,
            bot_name=BOT_NAME,
            bot_user_id=BOT_ID,
            host=self.options.host,
            port=self.options.port,
            limits=self.options.limits,
        )
        self.members: dict[str, User] = {}
        self.web: PlaygroundWeb | None = None
        self.process: asyncio.subprocess.Process | None = None
        self._log_file: int | None = None

    @property
    def url(self) -> str:
        """The page's address, e.g. ``http://127.0.0.1:8765/``."""
        return f"{self.emu.base_url}/"

    @property
    def database_path(self) -> Path:
        """The bot's SQLite file."""
        return self.data_dir / DATABASE_NAME

    @property
    def bot_log(self) -> Path:
        """Where the bot's log goes."""
        return self.data_dir / BOT_LOG_NAME

    def build_world(self) -> None:
        """The server, #general and the members, with fixed ids."""
        emu = self.emu
        for name in MEMBERS:
            self.members[name] = emu.create_user(name, id=MEMBER_IDS[name])
        guild = emu.create_guild(GUILD_NAME, owner=self.members["alice"], id=GUILD_ID)
        channel = emu.create_text_channel(guild, CHANNEL_NAME, id=CHANNEL_ID)
        moderators = emu.create_role(
            guild, MODERATOR_ROLE_NAME, color=0x3498DB, mentionable=True, id=MODERATOR_ROLE_ID
        )
        for name, user in self.members.items():
            roles = [moderators] if name in MODERATOR_ROLE_MEMBERS else []
            emu.add_member(guild, user, roles=roles)
        elsewhere = {}
        for name in SECOND_MEMBERS:
            user = self.members[name] = emu.create_user(name, id=MEMBER_IDS[name])
            second = emu.create_guild(SECOND_GUILD_NAME, owner=user, id=SECOND_GUILD_ID)
            lobby = emu.create_text_channel(second, SECOND_CHANNEL_NAME, id=SECOND_CHANNEL_ID)
            elsewhere[user.id] = (second, lobby)
        self.web = PlaygroundWeb(
            emu, guild, channel, self.members, notices=ignored_secrets(), elsewhere=elsewhere
        )
        emu.extra_routes.extend(self.web.routes())
        emu.message_listeners.append(self.web.on_message)
        emu.channel_listeners.append(self.web.on_channel)

    async def start(self) -> None:
        """Serve the page (the address answers at once), then start the bot process."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if self.options.fresh:
            for suffix in ("", "-wal", "-shm", "-journal"):
                path = self.database_path.with_name(DATABASE_NAME + suffix)
                path.unlink(missing_ok=True)
        self.build_world()
        assert self.web is not None
        await self.emu.start()
        await self.web.start()
        await self.start_bot()

    def bot_environment(self) -> dict[str, str]:
        """The bot's whole environment: nothing inherited but PATH (and SYSTEMROOT) and the
        bot's own ``BINGO_*`` settings (README, *Configuration*: timers, pauses, the
        thread closing …), so ``BINGO_THREAD_CLOSE_SECONDS=20 python -m bot.playground``
        tries them; never a token or another ``DISCORD_*`` value."""
        env = {name: value for name, value in os.environ.items() if name.startswith("BINGO_")}
        env |= {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(ROOT),
            "PYTHONUNBUFFERED": "1",
            "DISCORD_TOKEN": PLAYGROUND_TOKEN,
            "DATABASE_PATH": str(self.database_path),
            "DISCORD_API_BASE": self.emu.api_base,
            "DISCORD_GATEWAY_URL": self.emu.gateway_url,
            "LOG_LEVEL": self.options.log_level,
        }
        if "SYSTEMROOT" in os.environ:  # Windows needs it to start Python
            env["SYSTEMROOT"] = os.environ["SYSTEMROOT"]
        if self.options.scryfall_api_base:
            env["SCRYFALL_API_BASE"] = self.options.scryfall_api_base
        env.update(self.options.bot_env)
        return env

    async def start_bot(self) -> None:
        """``python -m bot`` in the data directory (no .env there), its log to ``bot.log``."""
        self._log_file = os.open(self.bot_log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=self.data_dir,
            env=self.bot_environment(),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=self._log_file,
            stderr=self._log_file,
        )

    async def wait_until_ready(self, timeout: float = BOT_READY_SECONDS) -> None:  # noqa: ASYNC109
        """Wait until the bot is connected and has registered its commands.

        Raises RuntimeError (with the end of the bot's log) if the bot exits first, and
        TimeoutError after ``timeout`` seconds.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not (self.emu.command_syncs and self.emu.gateway.connected_sessions()):
            if self.process is not None and self.process.returncode is not None:
                raise RuntimeError(
                    f"the bot exited with status {self.process.returncode}:\n{self.log_tail()}"
                )
            if loop.time() > deadline:
                raise TimeoutError(f"the bot was not ready within {timeout:.0f} s")
            await asyncio.sleep(0.05)

    def log_tail(self, lines: int = 20) -> str:
        """The last ``lines`` lines of the bot's log."""
        try:
            text = self.bot_log.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    async def stop(self) -> int | None:
        """Stop the bot (SIGTERM, then SIGKILL after a grace period), the page and the
        emulator. Returns the bot's exit status (None if it never started)."""
        status = None
        process = self.process
        if process is not None:
            if process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.send_signal(signal.SIGTERM)
                try:
                    await asyncio.wait_for(process.wait(), BOT_STOP_SECONDS)
                except TimeoutError:
                    log.warning("the bot did not stop within %s s; killing it", BOT_STOP_SECONDS)
                    with contextlib.suppress(ProcessLookupError):
                        process.kill()
                    await process.wait()
            status = process.returncode
        if self._log_file is not None:
            os.close(self._log_file)
            self._log_file = None
        if self.web is not None:
            await self.web.close()
        await self.emu.stop()
        return status
