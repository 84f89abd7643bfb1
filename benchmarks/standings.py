"""How long leaderboards take with many matches: rating one match, recomputing a
server's ratings from its match records (after a member's erasure), and ranking its
members as shown now (inactivity included).

    python -m benchmarks.standings [--matches 5000] [--members 200] [--seed 0]

Builds a throw-away SQLite database of ``--matches`` finished matches between
``--members`` members of one server (seeded), rates them one by one, then prints: the
mean time to rate a match, the time of a recompute, and the time of one leaderboard read.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from bot.engine.outcome import Outcome
from bot.storage import Database

GUILD = 1


async def run(matches: int, members: int, seed: int) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "bench.db")
        try:
            ids = []
            for n in range(matches):
                a, b = rng.sample(range(1, members + 1), 2)
                match_id = await db.create_match(
                    guild_id=GUILD, channel_id=2, player_ids=(a, b), seed=n, options={},
                    state={}, decisions=[], version=0, started_at=float(n),
                    deadline=None, ui={},
                )  # fmt: skip
                await db.finish_match_cas(
                    match_id, 0, state={}, decisions=[], version=1, log=lambda old: old,
                    outcome=Outcome.WIN, winner_id=a, loser_id=b, reason="bingo", turns=7,
                    ended_at=float(n) * 3600.0,
                )  # fmt: skip
                ids.append(match_id)
            started = time.perf_counter()
            for match_id in ids:
                await db.rate_match(match_id, 0.0)
            rate = (time.perf_counter() - started) / matches
            started = time.perf_counter()
            await db.recompute_ratings(GUILD)
            recompute = time.perf_counter() - started
            started = time.perf_counter()
            listed = await db.standings(GUILD, 0, matches * 3600.0, min_games=5)
            read = time.perf_counter() - started
        finally:
            await db.close()
    print(f"{matches} matches, {members} members, {len(listed)} listed (SQLite)")
    print(f"rate one match (both all-time and season): {rate * 1000:.2f} ms")
    print(f"recompute the server from its matches:     {recompute * 1000:.0f} ms")
    print(f"one leaderboard read (rank as of now):     {read * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=5000)
    parser.add_argument("--members", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    asyncio.run(run(args.matches, args.members, args.seed))


if __name__ == "__main__":
    main()
