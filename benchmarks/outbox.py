"""How long the outbox's requests wait under load, by priority, with Discord-like limits.

    python -m benchmarks.outbox [--matches 12] [--rounds 12] [--every 0.5]

Runs the local Discord emulator with per-channel limits like Discord's (5 posts, 5 edits
and 5 deletes per 5 seconds in each channel and DM, given as the emulator's rate-limit
rules: the outbox only reads the headers) and a discord.py client with the bot's outbox
at its default global budget (45 a second). Every ``--every`` seconds each match makes
one board edit in its channel (PUBLIC), DMs the next player's panel (TURN) and deletes
that player's previous panel (TIDY). Run twice: ``queues`` (the outbox as the bot uses
it) and ``fifo`` (every request PUBLIC with no bucket: one first-in first-out queue, as
the outbox was before it had buckets and priorities). Prints, per priority, seconds from
the call to its return (p50 / p95 / max), 429s, and the most requests in any one second.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import time
from typing import Any

import aiohttp
import discord

from bot.endpoints import point_discord_at
from bot.outbox import Outbox, Priority
from emulator.server import Emulator

WINDOW = 5.0
LIMIT = 5


class _NoDms:
    async def is_dm_closed(self, user_id: int) -> bool:
        return False

    async def mark_dm_closed(self, user_id: int, now: float) -> None: ...

    async def clear_dm_closed(self, user_id: int) -> None: ...


def _limit_channel(emu: Emulator, channel_id: int) -> None:
    """Discord-like per-channel limits: posts, edits and deletes, each its own bucket."""
    post = f"/channels/{channel_id}/messages"
    for method in ("POST", "PATCH", "DELETE"):

        def route(m: str, p: str, method: str = method) -> bool:
            if m != method:
                return False
            return p == post if method == "POST" else p.startswith(post + "/")

        emu.rate_limit(route, limit=LIMIT, per=WINDOW)


async def run(mode: str, matches: int, rounds: int, every: float) -> dict[str, Any]:
    emu = Emulator()
    await emu.start()
    stamps: list[float] = []

    async def on_end(session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
        stamps.append(time.monotonic())

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(on_end)
    client = discord.Client(
        intents=discord.Intents.default(), guild_ready_timeout=0.05, http_trace=trace
    )
    outbox = Outbox(client, _NoDms())
    outbox.attach(trace)
    guild = emu.create_guild("bench")
    channels = [emu.create_text_channel(guild, f"match-{i}") for i in range(matches)]
    users = [emu.create_user(f"p{i}") for i in range(2 * matches)]
    for user in users:
        emu.add_member(guild, user)
    point_discord_at(emu.api_base, emu.gateway_url)
    await client.login(emu.bot_token)
    task = asyncio.create_task(client.connect())
    try:
        await client.wait_until_ready()
        boards, dms = [], []
        for channel in channels:
            board = (await outbox.send(channel.id, content="board")).value
            assert board is not None
            boards.append(board)
        for user in users:
            dm = (await outbox.dm_channel(user.id)).value
            assert dm is not None
            dms.append(dm.id)
        for channel_id in [c.id for c in channels] + dms:
            _limit_channel(emu, channel_id)
        stamps.clear()
        emu.rate_limited.clear()
        waits: dict[Priority, list[float]] = {p: [] for p in Priority}
        panels: dict[int, int] = {}
        fifo = mode == "fifo"

        async def timed(priority: Priority, coro_factory: Any) -> Any:
            start = time.monotonic()
            sent = await coro_factory(Priority.PUBLIC if fifo else priority)
            waits[priority].append(time.monotonic() - start)
            return sent

        async def one(match: int, round_: int) -> None:
            board = boards[match]
            user = users[2 * match + round_ % 2]
            dm_id = dms[2 * match + round_ % 2]
            dm_channel = outbox.channel(dm_id)

            def call(op: Any, bucket: tuple) -> Any:
                return lambda p: outbox.call(op, priority=p, bucket=None if fifo else bucket)

            jobs = [
                timed(
                    Priority.PUBLIC,
                    call(lambda: board.edit(content=f"board {round_}"), ("edit", board.channel.id)),
                ),
                timed(
                    Priority.TURN,
                    call(lambda: dm_channel.send(content=f"turn {round_}"), ("post", dm_id)),
                ),
            ]
            old = panels.get(user.id)
            if old is not None:
                message = dm_channel.get_partial_message(old)
                jobs.append(timed(Priority.TIDY, call(message.delete, ("delete", dm_id))))
            results = await asyncio.gather(*jobs)
            if results[1].ok:
                panels[user.id] = results[1].value.id

        pending = []
        for round_ in range(rounds):
            pending += [asyncio.create_task(one(m, round_)) for m in range(matches)]
            await asyncio.sleep(every)
        await asyncio.gather(*pending)
        peak = max((sum(1 for s in stamps if t <= s < t + 1.0) for t in stamps), default=0)
        return {"waits": waits, "429": len(emu.rate_limited), "peak": peak, "n": len(stamps)}
    finally:
        await outbox.close()
        await client.close()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await emu.stop()


def _figures(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{statistics.median(ordered):6.2f} {p95:6.2f} {ordered[-1]:6.2f}  (n={len(values)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--every", type=float, default=0.5, help="seconds between rounds")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    for mode in ("queues", "fifo"):
        result = asyncio.run(run(mode, args.matches, args.rounds, args.every))
        print(f"{mode}: {result['n']} requests, 429s {result['429']}, "
              f"most in one second {result['peak']}")  # fmt: skip
        print("  seconds from call to return: p50    p95    max")
        for priority, values in result["waits"].items():
            print(f"  {priority.name:<6} {_figures(values)}")


if __name__ == "__main__":
    main()
