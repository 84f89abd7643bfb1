"""The entry point, logging redaction and the Discord client wiring (no network)."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot import endpoints
from bot.__main__ import run, serve
from bot.client import BingoBot
from bot.config import Settings
from bot.interactions import UserFacingError, reply_private, report_error
from bot.logs import REDACTED, RedactingFilter, setup_logging
from bot.storage import Database
from tests.interaction_fakes import FakeFollowup, FakeResponse

REPO_ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.very-secret-token"


# --- python -m bot ------------------------------------------------------------


def _bot_env(**extra: str) -> dict[str, str]:
    """The current environment minus every bot setting, plus ``extra``."""
    prefixes = ("DISCORD_", "BINGO_", "DATABASE_PATH", "DATABASE_URL", "LOG_LEVEL")
    env = {k: v for k, v in os.environ.items() if not k.startswith(prefixes)}
    env["PYTHONPATH"] = str(REPO_ROOT)
    env.update(extra)
    return env


def _run_module(cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=cwd,
        env=_bot_env(**extra),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_missing_token_exits_2_with_one_error_line(tmp_path: Path) -> None:
    """Without DISCORD_TOKEN the bot prints one 'error:' line naming it and exits 2."""
    result = _run_module(tmp_path)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error:") and "DISCORD_TOKEN" in lines[0]
    assert "Traceback" not in result.stderr


def test_bad_setting_exits_2_with_one_error_line(tmp_path: Path) -> None:
    """An invalid number is reported in one line naming the variable."""
    result = _run_module(tmp_path, DISCORD_TOKEN=TOKEN, BINGO_TURN_SECONDS="soon")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "error: BINGO_TURN_SECONDS must be a positive number of seconds, got 'soon'"
    ]


def test_unopenable_database_exits_2_with_one_error_line(tmp_path: Path) -> None:
    """A database path below a regular file gives one 'cannot open database' line."""
    (tmp_path / "blocker").write_text("")
    path = tmp_path / "blocker" / "bingo.db"
    result = _run_module(tmp_path, DISCORD_TOKEN=TOKEN, DATABASE_PATH=str(path))
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: cannot open database at {path}: ")
    assert TOKEN not in result.stderr


def test_locked_database_exits_2_with_one_error_line(tmp_path: Path) -> None:
    """A database another process holds an exclusive lock on gives one clear line."""
    path = tmp_path / "bingo.db"
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("CREATE TABLE t (x)")
        holder.execute("BEGIN EXCLUSIVE")
        result = _run_module(tmp_path, DISCORD_TOKEN=TOKEN, DATABASE_PATH=str(path))
    finally:
        holder.close()
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: cannot open database at {path}: ")
    assert "locked" in lines[0]
    assert TOKEN not in result.stderr


def test_sigterm_closes_bot_then_database(tmp_path: Path) -> None:
    """SIGTERM stops the running bot cleanly: bot closed, then database, exit 0."""
    script = textwrap.dedent(
        """
        import asyncio, sys
        from bot.__main__ import run
        from bot.config import Settings

        class FakeBot:
            def __init__(self, settings, db):
                self.db, self.closed = db, asyncio.Event()
            async def start(self, token):
                print("started", flush=True)
                await self.closed.wait()
            async def close(self):
                await self.db.get_match(1)  # still open while the bot closes
                print("bot closed", flush=True)
                self.closed.set()

        settings = Settings(token="t", database_path=sys.argv[1])
        holder = {}
        def factory(settings, db):
            holder["bot"] = FakeBot(settings, db)
            return holder["bot"]
        code = asyncio.run(run(settings, bot_factory=factory))
        try:
            asyncio.run(holder["bot"].db.get_match(1))
        except ValueError:
            print("database closed", flush=True)
        print("exit", code, flush=True)
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script, str(tmp_path / "bingo.db")],
        cwd=tmp_path,
        env=_bot_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "started"
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, err
    assert out.splitlines() == ["bot closed", "database closed", "exit 0"]


# --- run / serve in process ---------------------------------------------------


class FakeBot:
    """Stands in for BingoBot: start() blocks until close(); events are recorded."""

    def __init__(self, settings: Settings, db: Database, error: BaseException | None = None):
        self.db = db
        self.events: list[str] = []
        self.started = asyncio.Event()
        self._closed = asyncio.Event()
        self._error = error

    async def start(self, token: str) -> None:
        self.events.append(f"start {token}")
        self.started.set()
        if self._error is not None:
            raise self._error
        await self._closed.wait()

    async def close(self) -> None:
        self.events.append("close")
        self._closed.set()


async def test_run_stops_when_asked_and_closes_everything(tmp_path: Path) -> None:
    """Setting the stop event closes the bot and the database and returns 0."""
    stop = asyncio.Event()
    created = asyncio.Event()
    bots: list[FakeBot] = []

    def factory(settings: Settings, db: Database) -> FakeBot:
        bots.append(FakeBot(settings, db))
        created.set()
        return bots[0]

    async def stop_when_started() -> None:
        await created.wait()
        await bots[0].started.wait()
        stop.set()

    settings = Settings(token="tok", database_path=tmp_path / "bingo.db")
    code, _ = await asyncio.gather(
        run(settings, bot_factory=factory, stop=stop), stop_when_started()
    )
    assert code == 0
    assert bots[0].events == ["start tok", "close"]
    with pytest.raises(ValueError):
        await bots[0].db.get_match(1)


async def test_rejected_token_exits_2_with_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A LoginFailure from Discord becomes one 'error:' line and status 2."""
    db = await Database.open(tmp_path / "bingo.db")
    try:
        settings = Settings(token="tok")
        bot = FakeBot(settings, db, error=discord.LoginFailure("Improper token has been passed."))
        code = await serve(bot, "tok", asyncio.Event())
    finally:
        await db.close()
    assert code == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "error: Discord rejected DISCORD_TOKEN (Improper token has been passed.)"
    ]


async def test_crash_exits_1_and_is_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An unexpected exception from the bot is logged with traceback; status 1."""
    db = await Database.open(tmp_path / "bingo.db")
    try:
        bot = FakeBot(Settings(token="tok"), db, error=RuntimeError("gateway exploded"))
        with caplog.at_level(logging.ERROR):
            code = await serve(bot, "tok", asyncio.Event())
    finally:
        await db.close()
    assert code == 1
    assert any(r.exc_info and "gateway exploded" in str(r.exc_info[1]) for r in caplog.records)
    assert bot.events[-1] == "close"


# --- logging ------------------------------------------------------------------


@pytest.fixture
def restore_logging() -> Iterator[None]:
    """Undo setup_logging's changes to the root and discord.http loggers."""
    root = logging.getLogger()
    http = logging.getLogger("discord.http")
    handlers, level, http_level = list(root.handlers), root.level, http.level
    yield
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(level)
    http.setLevel(http_level)


def _record(msg: str, *args: Any, exc: BaseException | None = None) -> logging.LogRecord:
    exc_info = (type(exc), exc, exc.__traceback__) if exc is not None else None
    return logging.LogRecord("test", logging.ERROR, __file__, 1, msg, args, exc_info)


def test_filter_redacts_message_args_and_exception_text() -> None:
    """The token vanishes from the message, its arguments and the traceback."""
    try:
        raise RuntimeError(f"401 Unauthorized for Bot {TOKEN}")
    except RuntimeError as exc:
        record = _record("login with %s failed; token=" + TOKEN, TOKEN, exc=exc)
    redactor = RedactingFilter([TOKEN])
    assert redactor.filter(record) is True
    formatted = logging.Formatter("%(levelname)s %(message)s").format(record)
    assert TOKEN not in formatted
    assert formatted.count(REDACTED) == 3
    assert "RuntimeError: 401 Unauthorized for Bot [redacted]" in formatted


def test_filter_leaves_records_without_secrets_alone() -> None:
    """Ordinary messages are formatted exactly as usual."""
    record = _record("match %s finished after %d turns", 7, 12)
    RedactingFilter([TOKEN, ""]).filter(record)
    assert record.getMessage() == "match 7 finished after 12 turns"


def test_setup_logging_writes_redacted_lines_to_stderr(
    restore_logging: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """Logs go to stderr with time, level and logger name, and never the token."""
    setup_logging("INFO", [TOKEN])
    logging.getLogger("bot.test").info("using token %s", TOKEN)
    logging.getLogger("bot.test").debug("hidden at INFO")
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 1
    assert lines[0].endswith("INFO     bot.test: using token [redacted]")
    assert lines[0][:4].isdigit()  # starts with the date


def test_setup_logging_quiets_discord_http_and_does_not_stack(restore_logging: None) -> None:
    """discord.http is set to WARNING, and a second call replaces the first handler."""
    before = len(logging.getLogger().handlers)
    setup_logging("DEBUG", [TOKEN])
    setup_logging("DEBUG", [TOKEN])
    assert len(logging.getLogger().handlers) == before + 1
    assert logging.getLogger("discord.http").level == logging.WARNING
    assert logging.getLogger().level == logging.DEBUG


# --- client -------------------------------------------------------------------


class FakeInteraction:
    """The parts of discord.Interaction that reply_private/report_error use."""

    def __init__(self, *, done: bool = False, command: Any = None) -> None:
        self.id = 1
        self.response = FakeResponse(done)
        self.followup = FakeFollowup()
        self.command = command
        self.user = types.SimpleNamespace(id=42)
        self.guild_id = 7
        self.channel_id = 8

    def texts(self) -> list[str | None]:
        return [content for content, _ in self.response.sent + self.followup.sent]


async def _noop(interaction: discord.Interaction) -> None:
    """A command callback that is never called."""


COMMAND = app_commands.Command(name="boom", description="Explodes.", callback=_noop)


async def test_reply_private_uses_response_first() -> None:
    """An unanswered interaction gets an ephemeral initial response."""
    interaction = FakeInteraction()
    await reply_private(interaction, "hello", embed=None)  # type: ignore[arg-type]
    assert interaction.response.sent == [("hello", {"embed": None, "ephemeral": True})]
    assert interaction.followup.sent == []


async def test_reply_private_uses_followup_when_answered() -> None:
    """A deferred or answered interaction gets an ephemeral followup."""
    interaction = FakeInteraction(done=True)
    await reply_private(interaction, "again")  # type: ignore[arg-type]
    assert interaction.followup.sent == [("again", {"ephemeral": True})]
    assert interaction.response.sent == []


async def test_expected_error_is_shown_without_logging(caplog: pytest.LogCaptureFixture) -> None:
    """A UserFacingError raised by a command is shown as is and not logged as an error."""
    interaction = FakeInteraction(command=COMMAND)
    error = app_commands.CommandInvokeError(COMMAND, UserFacingError("You are already playing."))
    await report_error(interaction, error)  # type: ignore[arg-type]
    assert interaction.texts() == ["You are already playing."]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_check_failure_is_shown_to_the_user() -> None:
    """Check failures (permissions, guild only...) are expected and shown."""
    interaction = FakeInteraction(command=COMMAND)
    await report_error(interaction, app_commands.NoPrivateMessage("Use this in a server."))  # type: ignore[arg-type]
    assert interaction.texts() == ["Use this in a server."]


async def test_unexpected_error_logs_once_with_id(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The tree error handler logs one traceback with an id the user also sees."""
    db = await Database.open(tmp_path / "bingo.db")
    try:
        bot = BingoBot(Settings(token="tok"), db)
        interaction = FakeInteraction(command=COMMAND)
        try:
            raise KeyError("lost card")
        except KeyError as exc:
            error = app_commands.CommandInvokeError(COMMAND, exc)
        with caplog.at_level(logging.ERROR):
            await bot.tree.on_error(interaction, error)  # type: ignore[arg-type]
    finally:
        await db.close()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and errors[0].exc_info is not None
    (text,) = interaction.texts()
    assert text is not None and text.startswith("Something went wrong (error id ")
    error_id = text.removeprefix("Something went wrong (error id ").removesuffix(").")
    assert len(error_id) == 8 and int(error_id, 16) >= 0
    assert error_id in errors[0].getMessage() and "/boom" in errors[0].getMessage()


async def test_bot_uses_no_privileged_intents(tmp_path: Path) -> None:
    """Members, presences and message content intents are all off."""
    db = await Database.open(tmp_path / "bingo.db")
    try:
        bot = BingoBot(Settings(token="tok"), db)
        assert (bot.settings.token, bot.db) == ("tok", db)
        intents = bot.intents
        assert not (intents.members or intents.presences or intents.message_content)
        assert intents.guilds
    finally:
        await db.close()


EXTENSION = """
from discord import app_commands
from discord.ext import commands


class Ping(commands.Cog):
    @app_commands.command(name="ping", description="Pong.")
    async def ping(self, interaction):
        pass


async def setup(bot):
    await bot.add_cog(Ping())
"""


@pytest.mark.parametrize("guild_id", [None, 555])
async def test_setup_hook_loads_extensions_and_syncs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guild_id: int | None
) -> None:
    """Extensions are loaded, then commands sync to the dev guild or globally."""
    (tmp_path / "fake_bingo_ext.py").write_text(EXTENSION)
    monkeypatch.syspath_prepend(str(tmp_path))
    db = await Database.open(tmp_path / "bingo.db")
    try:

        class TestBot(BingoBot):
            EXTENSIONS = ("fake_bingo_ext",)

        bot = TestBot(Settings(token="tok", guild_id=guild_id), db)
        synced: list[Any] = []

        async def fake_sync(*, guild: discord.abc.Snowflake | None = None) -> list[Any]:
            synced.append(guild.id if guild is not None else None)
            return list(bot.tree.get_commands(guild=guild))

        monkeypatch.setattr(bot.tree, "sync", fake_sync)
        await bot.setup_hook()
        assert synced == [guild_id]
        names = [c.name for c in bot.tree.get_commands(guild=discord.Object(555))]
        assert names == (["ping"] if guild_id else [])
        assert await bot.sync_commands() == 1
        await bot.close()
    finally:
        await db.close()
        sys.modules.pop("fake_bingo_ext", None)


async def test_login_points_discord_at_configured_endpoints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before logging in, bot.endpoints.point_discord_at gets the configured URLs."""
    calls: list[tuple[str | None, str | None]] = []

    class Stop(Exception):
        pass

    def point_discord_at(api_base: str | None, gateway_url: str | None) -> None:
        calls.append((api_base, gateway_url))
        raise Stop  # do not go on to a real HTTP login

    monkeypatch.setattr(endpoints, "point_discord_at", point_discord_at)
    db = await Database.open(tmp_path / "bingo.db")
    try:
        settings = Settings(token="tok", api_base="http://h/api", gateway_url="ws://h/gw")
        bot = BingoBot(settings, db)
        with pytest.raises(Stop):
            await bot.login("tok")
    finally:
        await db.close()
    assert calls == [("http://h/api", "ws://h/gw")]


def test_filter_redacts_interaction_tokens_in_gateway_payloads_and_webhook_urls() -> None:
    """At DEBUG, discord.py logs INTERACTION_CREATE payloads and webhook URLs: an
    interaction token (15 minutes of acting as the bot) never reaches the log."""
    itoken = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5OmFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6"
    lines = [
        _record(
            "For Shard ID %s: WebSocket Event: %s",
            None,
            {"t": "INTERACTION_CREATE", "d": {"id": "1", "token": itoken, "type": 3}},
        ),
        _record('{"op":0,"d":{"token":"' + itoken + '","id":"2"}}'),
        _record(
            "Webhook ID %s with POST https://discord.com/api/v10/webhooks/42/%s has "
            "returned status code 200",
            42,
            itoken,
        ),
        _record("POST /api/v10/interactions/99/%s/callback with {} has returned 204", itoken),
    ]
    redactor = RedactingFilter([TOKEN])
    for record in lines:
        redactor.filter(record)
        text = record.getMessage()
        assert itoken not in text
        assert REDACTED in text
    assert "/webhooks/42/[redacted]" in lines[2].getMessage()
    assert "/interactions/99/[redacted]/callback" in lines[3].getMessage()


def test_start_up_freezes_its_objects_and_collects_young_garbage_less_often() -> None:
    """After :func:`bot.client.freeze_startup`, what existed is frozen out of the
    collector, and the youngest generation waits for the bot's threshold, not 700."""
    import gc

    from bot.client import YOUNG_COLLECTION_THRESHOLD, freeze_startup

    before = gc.get_threshold()
    try:
        freeze_startup()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (YOUNG_COLLECTION_THRESHOLD, *before[1:])
        assert YOUNG_COLLECTION_THRESHOLD > 700
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
