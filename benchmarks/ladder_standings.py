"""How long the global ladder takes to read: one ``/bingo ladder show`` (or page turn)
recomputes the current season's standings from its queue matches.

    python -m benchmarks.ladder_standings [--matches 10000] [--members 1000] [--seed 0]
                                          [--db sqlite|postgres]

Builds a throw-away database (SQLite, or a schema of the PostgreSQL at
``TEST_DATABASE_URL``) of ``--matches`` finished queue matches of one ladder season
between ``--members`` members, all on the ladder (seeded), then prints the time of the first
season read of a process (every match rated), of a read after it (median of 5: the
process kept the season's table, ``bot.storage.ladder._TABLES``), and of one all-time
read (``queue_ratings``). Figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import statistics
import tempfile
import time
from pathlib import Path

from bot import ladder as rules
from bot.storage import Database
from bot.storage import ladder as ladder_module
from bot.storage.ladder import LadderStore
from bot.storage.queue import QueueStore

INSERT = """
INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, seed, options, decisions,
    state, version, status, ui, log, config, started_at, ended_at, kind, result, winner_id,
    loser_id)
VALUES (0, 0, ?, ?, 1, '{}', '[]', '{}', 1, 'finished', '{}', '[]', '{}', ?, ?, 'queue',
    'win', ?, ?) RETURNING id
"""


async def run(db: Database, matches: int, members: int, seed: int) -> None:
    rng = random.Random(seed)
    season = rules.season(4)
    store, queue = LadderStore(db.backend), QueueStore(db.backend)
    for uid in range(1, members + 1):
        await store.join(uid, f"Player {uid}", f"player{uid}", season.start)
    step = (season.end - season.start - 3600) / matches
    for i in range(matches):
        a, b = rng.sample(range(1, members + 1), 2)
        at = season.start + i * step
        match_id = await db.backend.fetchval(INSERT, (a, b, at, at, a, b))
        await queue.rate_match(int(match_id), at)
    now = season.end - 60
    ladder_module._TABLES.clear()
    start = time.perf_counter()
    await store.ladder_standings((season.start, season.end), now)
    cold = time.perf_counter() - start
    times = []
    for _ in range(5):
        start = time.perf_counter()
        listed = await store.ladder_standings((season.start, season.end), now)
        times.append(time.perf_counter() - start)
    start = time.perf_counter()
    every = await store.ladder_standings(None, now)
    all_time = time.perf_counter() - start
    print(f"{matches} queue matches, {members} members on the ladder ({db.backend.dialect})")
    print(f"season read, first of this process (every match rated): {cold * 1000:.0f} ms")
    again = statistics.median(times) * 1000
    print(f"season read again (median of 5): {again:.0f} ms, {len(listed)} listed")
    print(f"all-time read: {all_time * 1000:.0f} ms, {len(every)} listed")


async def main(args: argparse.Namespace) -> None:
    if args.db == "postgres":
        import asyncpg

        base = os.environ.get("TEST_DATABASE_URL") or "postgresql://postgres@127.0.0.1:5432/test"
        schema = f"bench_{secrets.token_hex(4)}"
        conn = await asyncpg.connect(base)
        await conn.execute(f"CREATE SCHEMA {schema}")
        try:
            sep = "&" if "?" in base else "?"
            db = await Database.open(f"{base}{sep}search_path={schema}")
            try:
                await run(db, args.matches, args.members, args.seed)
            finally:
                await db.close()
        finally:
            await conn.execute(f"DROP SCHEMA {schema} CASCADE")
            await conn.close()
        return
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "bench.db")
        try:
            await run(db, args.matches, args.members, args.seed)
        finally:
            await db.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--members", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    asyncio.run(main(parser.parse_args()))
