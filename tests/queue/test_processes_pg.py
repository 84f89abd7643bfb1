"""Two processes on one PostgreSQL database queue 200 members between them and pair
them at once, each its own passes: every member is paired once at most, blocked members
never together (``FOR UPDATE SKIP LOCKED``, bot.storage.queue)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

from bot.storage import Database
from bot.storage.consent import ConsentStore
from bot.storage.queue import UPSERT_QUEUE_RATING

ROOT = Path(__file__).resolve().parents[2]
MEMBERS = 200
#: Members who blocked their neighbour (by id): never paired with them.
BLOCKS = [(1000 + i, 1000 + i + 1) for i in range(0, MEMBERS, 10)]


async def _seed(url: str) -> list[list[float]]:
    """Queue ratings for the members (a spread like a real ladder's), and the blocks."""
    rng = random.Random(5)
    db = await Database.open(url)
    members = []
    try:
        for i in range(MEMBERS):
            user_id, mu, sigma = 1000 + i, rng.gauss(25.0, 3.5), rng.uniform(1.2, 6.0)
            await db.backend.execute(
                UPSERT_QUEUE_RATING, (user_id, mu, sigma, 5, 3, 2, 0, time.time(), None)
            )
            members.append([user_id, mu, sigma, 500 + i % 20])
        consent = ConsentStore(db.backend)
        for blocker, blocked in BLOCKS:
            await consent.set_block(blocker, blocked, True, time.time())
    finally:
        await db.close()
    return members


async def _run(url: str, members: list[list[float]]) -> list[dict[str, object]]:
    start = time.time() + 3.0  # both start together, once both interpreters are up
    halves = (members[0::2], members[1::2])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.queue.worker",
            url,
            f"p{n}",
            str(start),
            json.dumps(half),
            cwd=ROOT,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        for n, half in enumerate(halves)
    ]
    out = []
    for proc in procs:
        stdout, stderr = await asyncio.wait_for(proc.communicate(), 120)
        assert proc.returncode == 0, stderr.decode()[-3000:]
        out.append(json.loads(stdout.decode().strip().splitlines()[-1]))
    return out


async def _stored(url: str) -> tuple[list[tuple[int, int, int]], dict[int, tuple[str, int | None]]]:
    db = await Database.open(url)
    try:
        rows = await db.backend.fetchall(
            "SELECT id, player0_id, player1_id FROM matches WHERE kind = 'queue'"
        )
        entries = await db.backend.fetchall("SELECT user_id, status, match_id FROM queue_entries")
    finally:
        await db.close()
    matches = [(int(r[0]), int(r[1]), int(r[2])) for r in rows]
    return matches, {int(r[0]): (r[1], r[2]) for r in entries}


def test_two_processes_pair_each_member_once(pg_schema_url: str) -> None:
    """200 members queued through two processes at once: nobody is in two matches, each
    match is the one both entries name, blocked pairs never meet, and both processes
    paired (they raced for the same rows)."""
    members = asyncio.run(_seed(pg_schema_url))
    reports = asyncio.run(_run(pg_schema_url, members))
    matches, entries = asyncio.run(_stored(pg_schema_url))
    seated = Counter(uid for _, a, b in matches for uid in (a, b))
    assert seated and max(seated.values()) == 1, [u for u, n in seated.items() if n > 1]
    made = [tuple(p) for r in reports for p in r["pairs"]]  # type: ignore[union-attr]
    assert sorted(m for *_, m in made) == sorted(m for m, _, _ in matches)
    for match_id, a, b in matches:
        assert entries[a] == ("matched", match_id) and entries[b] == ("matched", match_id)
        assert (a, b) not in BLOCKS and (b, a) not in BLOCKS
    assert len(seated) >= MEMBERS - 4, f"only {len(seated)} of {MEMBERS} paired"
    assert all(r["pairs"] for r in reports), "each process paired some"
    unpaired = [u for u, (status, _) in entries.items() if status != "matched"]
    assert all(entries[u][0] == "waiting" for u in unpaired)
