"""Many members playing the bot at once: how fast is every interaction acknowledged?

    python -m benchmarks.bot_matches [--matches 20] [--level hard] [--budget 0.05]
                                     [--workers 2] [--pause 0]

Starts the local Discord emulator (``bot.playground``) and ``python -m bot`` against it in
its own process, as in production; ``--matches`` members each ``/bingo challenge`` the bot
at ``--level`` at the same moment, then click their panels (keep, place a land whenever
possible, let everything resolve) until every result is posted. The bot searches in
``--workers`` processes (``BINGO_AI_WORKERS``) with a hard budget of ``--budget`` seconds
(``BINGO_AI_BUDGET_SECONDS``). Prints the acknowledgement latency of every interaction
(p50, p99, max; Discord allows 3 s) and the wall time. Figures only.

``tests/e2e/test_bot_load.py`` runs the same scenario (:func:`play_many`), where the
emulator fails the test on any acknowledgement later than 3 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from emulator import Channel, DiscordLimits, Emulator, Message, User
from emulator_driver import UserDriver
from tests.e2e.helpers import simple_policy

ROOT = Path(__file__).resolve().parents[1]
RESULT = re.compile(r"\(BingoMagic #(\d+), \d+ turns\)")
#: Settings of the bot process: quiet timers (nobody times out), loose pacing.
BOT_ENV = {
    "BINGO_TURN_SECONDS": "600",
    "BINGO_COUNTER_SECONDS": "600",
    "BINGO_CHOICE_SECONDS": "600",
    "BINGO_CHALLENGE_SECONDS": "600",
    "DISCORD_OUTBOUND_PER_SECOND": "45",
    "SCRYFALL_API_BASE": "http://127.0.0.1:9",
}


def _buttons(message: Message) -> list[str]:
    return [
        c.get("label") or ""
        for row in message.components
        for c in row.get("components", [])
        if c.get("type") == 2 and not c.get("disabled")
    ]


def _prompts(emu: Emulator) -> dict[int, Message]:
    """The newest hand panel with buttons of every user (DMs), in one pass."""
    newest: dict[int, Message] = {}
    for message in emu.messages.values():
        title = message.embeds[0].get("title", "") if message.embeds else ""
        if message.deleted or not message.components or "'s hand" not in title:
            continue
        channel = emu.channels.get(message.channel_id)
        if channel is None or channel.recipient_id is None or not _buttons(message):
            continue
        best = newest.get(channel.recipient_id)
        if best is None or message.created_order > best.created_order:
            newest[channel.recipient_id] = message
    return newest


@dataclass
class Figures:
    """What :func:`play_many` measured: finished match ids, every acknowledgement
    latency (seconds, sorted) and the wall time (seconds)."""

    finished: set[int]
    latencies: list[float]
    seconds: float

    def summary(self) -> str:
        """``"20 matches, 812 interactions: ack p50 0.012 s, p99 0.210 s, max 0.350 s"``."""
        lat = self.latencies
        p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else float("nan")
        p50 = statistics.median(lat) if lat else float("nan")
        peak = lat[-1] if lat else float("nan")
        return (
            f"{len(self.finished)} matches, {len(lat)} interactions in {self.seconds:.1f} s: "
            f"ack p50 {p50:.3f} s, p99 {p99:.3f} s, max {peak:.3f} s"
        )


async def play_many(
    emu: Emulator,
    channel: Channel,
    members: list[User],
    level: str,
    *,
    timeout: float = 600,  # noqa: ASYNC109
) -> Figures:
    """Each of ``members`` challenges the bot (already running) at ``level`` at once, then
    plays from their DMs until every result is posted in ``channel``."""
    started = time.monotonic()
    drivers = {user.id: UserDriver(emu, user) for user in members}
    await asyncio.gather(
        *(
            UserDriver(emu, user).slash(
                channel, "bingo challenge", opponent=emu.bot_user, level=level
            )
            for user in members
        )
    )
    clicked: set[str] = set()
    finished: set[int] = set()
    while len(finished) < len(members):
        if time.monotonic() - started > timeout:
            raise TimeoutError(f"{len(finished)} of {len(members)} matches ended in {timeout} s")
        for message in emu.channel_messages(channel):
            if found := RESULT.search(message.content):
                finished.add(int(found.group(1)))
        work = []
        for user_id, message in _prompts(emu).items():
            key = f"{message.id}:{message.components}"
            if key in clicked or user_id not in drivers:
                continue
            clicked.add(key)
            work.append(drivers[user_id].click(message, simple_policy(_buttons(message))))
        if work:
            await asyncio.gather(*work)
        else:
            await asyncio.sleep(0.02)
    return Figures(finished, sorted(emu.ack_latencies()), time.monotonic() - started)


def bot_env(emu: Emulator, database: Path, *, budget: float, workers: int, pause: float):
    """The environment of ``python -m bot`` against ``emu``."""
    return {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": emu.bot_token,
        "DATABASE_PATH": str(database),
        "DISCORD_API_BASE": emu.api_base,
        "DISCORD_GATEWAY_URL": emu.gateway_url,
        **BOT_ENV,
        "BINGO_BOT_PAUSE_SECONDS": str(pause),
        "BINGO_AI_BUDGET_SECONDS": str(budget),
        "BINGO_AI_WORKERS": str(workers),
    }


async def main(args: argparse.Namespace) -> None:
    # Discord's global limit only: this measures acknowledgement latency while the bot
    # searches, and every match's board is in one channel, whose message bucket (5 edits per
    # 5 s, as Discord allows) would make the run last as long as the boards' edits.
    async with Emulator(limits=DiscordLimits.global_only()) as emu:
        guild = emu.create_guild("Benchmark Guild")
        channel = emu.create_text_channel(guild, "general")
        members = []
        for i in range(args.matches):
            user = emu.create_user(f"m{i:03d}")
            emu.add_member(guild, user)
            members.append(user)
        with tempfile.TemporaryDirectory() as data:
            env = bot_env(
                emu,
                Path(data) / "bingomagic.db",
                budget=args.budget,
                workers=args.workers,
                pause=args.pause,
            )
            env["DISCORD_GUILD_ID"] = str(guild.id)
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=data, env=env,
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
            )  # fmt: skip
            try:
                await emu.wait_for(lambda: emu.command_syncs > 0, 30, message="commands")
                await emu.wait_for(emu.gateway.connected_sessions, 30, message="READY")
                figures = await play_many(emu, channel, members, args.level)
            finally:
                process.terminate()
                await process.wait()
        late = [p for p in emu.take_problems() if "not acknowledged" in p]
    print(
        f"{args.level} level, budget {args.budget} s, {args.workers} worker(s), "
        f"pause {args.pause} s"
    )
    print(figures.summary())
    print(f"late acknowledgements (> 3 s): {len(late)}")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--level", default="hard", choices=("easy", "medium", "hard"))
    parser.add_argument("--budget", type=float, default=0.05, help="hard search seconds")
    parser.add_argument("--workers", type=int, default=2, help="AI processes (0: threads)")
    parser.add_argument("--pause", type=float, default=0.0, help="the bot's pause, seconds")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(parse()))
