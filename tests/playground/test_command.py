"""``python -m bot.playground``: one command serves the page, runs the bot as its own process
with the playground's token only, and Ctrl+C stops both."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

import aiohttp

from bot.playground.launcher import PLAYGROUND_TOKEN, Playground, PlaygroundOptions

ROOT = Path(__file__).resolve().parents[2]
FAKE_TOKEN = "MTIz.not-a-real.token"


async def read_line(stream: asyncio.StreamReader, pattern: str, seen: list[str]) -> re.Match:
    """The first line of ``stream`` matching ``pattern`` (lines read are kept in ``seen``)."""
    while True:
        line = (await asyncio.wait_for(stream.readline(), 60)).decode()
        if not line:
            raise AssertionError(f"no line matching {pattern!r}; output: {seen}")
        seen.append(line)
        found = re.search(pattern, line)
        if found:
            return found


def exists(path: str | Path) -> bool:
    """Whether ``path`` exists (e.g. ``/proc/<pid>``: a process that is still there)."""
    return Path(path).exists()


def bot_environment(pid: int) -> dict[str, str]:
    """The environment the bot process was started with (Linux)."""
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(item.split("=", 1) for item in raw.decode().split("\0") if "=" in item)


async def test_one_command_serves_the_page_and_ctrl_c_stops_the_bot(tmp_path) -> None:
    """With a token in the environment and in .env, the bot gets neither; the page says so.
    A Ctrl+C (SIGINT to the process group, as a terminal sends it) stops everything."""
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={FAKE_TOKEN}\n")
    env = {**os.environ, "DISCORD_TOKEN": FAKE_TOKEN, "PYTHONPATH": str(ROOT)}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.playground",
        "--port",
        "0",
        "--data-dir",
        str(tmp_path / "data"),
        "--scryfall-api-base",
        "http://127.0.0.1:9",
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        start_new_session=True,
    )
    seen: list[str] = []
    bot_pid = None
    try:
        assert process.stdout is not None
        url = (await read_line(process.stdout, r"playground: (http://\S+)", seen)).group(1)
        async with aiohttp.ClientSession() as session, session.get(url) as response:
            assert response.status == 200
            assert "<title>BingoMagic playground</title>" in await response.text()
        bot_pid = int((await read_line(process.stdout, r"online \(process (\d+)", seen)).group(1))
        assert any("ignored" in line and ".env" in line for line in seen), seen
        bot_env = bot_environment(bot_pid)
        assert bot_env["DISCORD_TOKEN"] == PLAYGROUND_TOKEN
        assert FAKE_TOKEN not in str(bot_env)
        assert bot_env["DATABASE_PATH"] == str(tmp_path / "data" / "bingomagic.db")
        os.killpg(process.pid, signal.SIGINT)
        assert await asyncio.wait_for(process.wait(), 30) == 0
    finally:
        if process.returncode is None:
            os.killpg(process.pid, signal.SIGKILL)
            await process.wait()
    assert bot_pid is not None
    assert not exists(f"/proc/{bot_pid}")  # stopped and reaped, not left running
    assert exists(tmp_path / "data" / "bingomagic.db")


def test_the_bot_never_sees_a_real_token(tmp_path, monkeypatch) -> None:
    """The bot's environment is built from scratch: no DISCORD_TOKEN, DISCORD_GUILD_ID or
    anything else of the caller's leaks in."""
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    monkeypatch.setenv("DISCORD_GUILD_ID", "123")
    playground = Playground(PlaygroundOptions(port=0, data_dir=tmp_path))
    env = playground.bot_environment()
    assert env["DISCORD_TOKEN"] == PLAYGROUND_TOKEN
    assert "DISCORD_GUILD_ID" not in env
    assert env["DISCORD_API_BASE"].startswith("http://127.0.0.1:")
    assert {name for name in env if not name.startswith("BINGO_")} <= {
        "PATH",
        "PYTHONPATH",
        "PYTHONUNBUFFERED",
        "DISCORD_TOKEN",
        "DATABASE_PATH",
        "DISCORD_API_BASE",
        "DISCORD_GATEWAY_URL",
        "LOG_LEVEL",
        "SYSTEMROOT",
    }


def test_the_bots_own_settings_reach_it(tmp_path, monkeypatch) -> None:
    """``BINGO_*`` settings of the caller's environment reach the bot (to try a short
    thread closing or turn time in the playground); a token still does not."""
    monkeypatch.setenv("BINGO_THREAD_CLOSE_SECONDS", "20")
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    env = Playground(PlaygroundOptions(port=0, data_dir=tmp_path)).bot_environment()
    assert env["BINGO_THREAD_CLOSE_SECONDS"] == "20"
    assert env["DISCORD_TOKEN"] == PLAYGROUND_TOKEN
