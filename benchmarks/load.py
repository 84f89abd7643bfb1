"""N simultaneous member-vs-member matches through the emulator, the bot in its own process.

    python -m benchmarks.load [--matches 100] [--db sqlite|postgres] [--seed 1]

Starts the local Discord emulator (``bot.playground``) and ``python -m bot`` against it as
a subprocess, on SQLite (a temporary file) or PostgreSQL (a fresh schema of the server at
``DATABASE_URL``, else ``TEST_DATABASE_URL``, else postgresql://postgres@127.0.0.1:5432/test,
dropped afterwards). ``--matches`` pairs of members challenge each other and accept at
once, then click a random enabled button of their newest DM panel (random legal play,
seeded by ``--seed``) until every result is posted. Prints the acknowledgement latency of
every interaction (p50, p99, max; Discord allows 3 s), matches per minute, and the bot's
resident memory (VmRSS of the subprocess, /proc/<pid>/status) per live match, sampled
when the most matches were live. Figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from bot.playground import Emulator

from .bot_matches import RESULT, _buttons, _prompts

BOARD = re.compile(r"BingoMagic #(\d+) — ")
ROOT = Path(__file__).resolve().parents[1]
DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
#: Quiet timers (nobody times out), no artificial pause, loose pacing.
BOT_ENV = {
    "BINGO_TURN_SECONDS": "600",
    "BINGO_COUNTER_SECONDS": "600",
    "BINGO_CHOICE_SECONDS": "600",
    "BINGO_CHALLENGE_SECONDS": "600",
    "BINGO_BOT_PAUSE_SECONDS": "0",
    "DISCORD_OUTBOUND_PER_SECOND": "1000",
    "SCRYFALL_API_BASE": "http://127.0.0.1:9",
}


def rss_kib(pid: int) -> int:
    """Resident memory of process ``pid`` in KiB (VmRSS of /proc/<pid>/status; 0 if gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _with_schema(url: str, schema: str) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    query.append(("search_path", schema))
    return urlunsplit(parts._replace(query=urlencode(query)))


async def _pg(url: str, statement: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url, timeout=10)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


async def run(matches: int, db: str, seed: int) -> dict[str, float]:
    """Play ``matches`` matches at once on ``db`` ("sqlite" or "postgres"); returns the
    figures (seconds, KiB) and prints them."""
    rng = random.Random(seed)
    server = os.environ.get("DATABASE_URL") or os.environ.get("TEST_DATABASE_URL") or ""
    server = server.strip() or DEFAULT_POSTGRES
    schema = f"bench_{secrets.token_hex(6)}"
    async with Emulator() as emu:
        guild = emu.create_guild("Load Guild")
        channel = emu.create_text_channel(guild, "general")
        users = []
        for i in range(2 * matches):
            user = emu.create_user(f"m{i:04d}")
            emu.add_member(guild, user)
            users.append(user)
        drivers = {u.id: emu.user_driver(u) for u in users}
        with tempfile.TemporaryDirectory() as data:
            env = {
                "PATH": os.environ.get("PATH", ""),
                "PYTHONPATH": str(ROOT),
                "DISCORD_TOKEN": emu.bot_token,
                "DISCORD_API_BASE": emu.api_base,
                "DISCORD_GATEWAY_URL": emu.gateway_url,
                "DISCORD_GUILD_ID": str(guild.id),
                **BOT_ENV,
            }
            if db == "postgres":
                await _pg(server, f'CREATE SCHEMA "{schema}"')
                env["DATABASE_URL"] = _with_schema(server, schema)
            else:
                env["DATABASE_PATH"] = str(Path(data) / "bingomagic.db")
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=data, env=env,
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
            )  # fmt: skip
            try:
                await emu.wait_for(lambda: emu.command_syncs > 0, 60, message="commands")
                await emu.wait_for(emu.gateway.connected_sessions, 60, message="READY")
                await asyncio.sleep(0.5)
                idle_rss = rss_kib(process.pid)
                figures = await _play(emu, channel, users, drivers, rng, process.pid)
            finally:
                process.terminate()
                await process.wait()
                if db == "postgres":
                    await _pg(server, f'DROP SCHEMA "{schema}" CASCADE')
        late = [p for p in emu.take_problems() if "not acknowledged" in p]
        latencies = sorted(emu.ack_latencies())
    seconds, peak_live, peak_rss = figures
    p50 = statistics.median(latencies)
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    result = {
        "p50": p50,
        "p99": p99,
        "max": latencies[-1],
        "per_minute": matches * 60 / seconds,
        "rss_per_match": peak_rss / peak_live,
        "delta_per_match": (peak_rss - idle_rss) / peak_live,
    }
    print(f"{matches} matches on {db}: {len(latencies)} interactions in {seconds:.1f} s")
    print(
        f"ack p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms"
    )
    print(f"matches per minute: {result['per_minute']:.0f}")
    print(
        f"bot RSS at peak: {peak_rss / 1024:.1f} MiB with {peak_live} live matches "
        f"({result['rss_per_match']:.0f} KiB per live match; idle {idle_rss / 1024:.1f} MiB, "
        f"{result['delta_per_match']:.0f} KiB per live match above idle)"
    )
    print(f"late acknowledgements (> 3 s): {len(late)}")
    return result


async def _play(emu, channel, users, drivers, rng, pid) -> tuple[float, int, int]:
    """Challenge, accept, then random clicks until every result is posted; returns (wall
    seconds, most live matches seen, bot RSS in KiB at that moment)."""
    matches = len(users) // 2
    started = time.monotonic()
    await asyncio.gather(
        *(
            drivers[users[2 * i].id].slash(channel, "bingo challenge", opponent=users[2 * i + 1])
            for i in range(matches)
        )
    )
    challenges = await emu.wait_for(
        lambda: (
            len(
                found := [
                    m
                    for m in emu.channel_messages(channel)
                    if "challenges you" in m.content and _buttons(m)
                ]
            )
            == matches
            and found
        ),
        120,
        message="every challenge",
    )
    opponent = {f"<@{users[2 * i + 1].id}>": users[2 * i + 1] for i in range(matches)}
    accepts = []
    for message in challenges:
        target = next(u for mention, u in opponent.items() if mention in message.content)
        accepts.append(drivers[target.id].click(message, "Accept"))
    await asyncio.gather(*accepts)
    clicked: set[str] = set()
    finished: set[int] = set()
    boards: set[int] = set()
    peak_live, peak_rss = 0, 0
    while len(finished) < matches:
        if time.monotonic() - started > 1800:
            raise TimeoutError(f"{len(finished)} of {matches} matches ended in 30 min")
        for message in emu.channel_messages(channel):
            if found := RESULT.search(message.content):
                finished.add(int(found.group(1)))
            elif message.embeds and (board := BOARD.match(message.embeds[0].get("title", ""))):
                boards.add(int(board.group(1)))
        live = len(boards) - len(finished)
        if live >= peak_live:
            peak_live, peak_rss = live, rss_kib(pid)
        work = []
        for user_id, message in _prompts(emu).items():
            key = f"{message.id}:{message.components}"
            if key in clicked or user_id not in drivers:
                continue
            clicked.add(key)
            work.append(drivers[user_id].click(message, rng.choice(_buttons(message))))
        if work:
            await asyncio.gather(*work)
        else:
            await asyncio.sleep(0.02)
    return time.monotonic() - started, peak_live, peak_rss


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--db", default="sqlite", choices=("sqlite", "postgres"))
    parser.add_argument("--seed", type=int, default=1, help="the members' random clicks")
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse()
    asyncio.run(run(args.matches, args.db, args.seed))
