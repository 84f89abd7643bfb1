"""The ranked queue under load: members of many servers queue, and are paired.

    python -m benchmarks.queue [--members 2000] [--servers 200] [--minutes 20]
                               [--db sqlite|postgres] [--seed 1]

``--members`` members of ``--servers`` servers (each member in one, a tenth queuing from
a DM) join the queue at random moments over ``--minutes`` of simulated time (a Poisson
stream), through :class:`bot.queue.QueueService` and :class:`bot.storage.queue.QueueStore`
on SQLite (a temporary file) or PostgreSQL (a fresh schema of the server at
``DATABASE_URL``, else ``TEST_DATABASE_URL``, else postgresql://postgres@127.0.0.1:5432/test,
dropped afterwards). A member is tried at once when they join, and every member waiting
in a pass every :data:`bot.limits.QUEUE_PASS_SECONDS` of simulated time, as the bot does;
each pair's match is stored (:meth:`QueueStore.create_match`). A few members blocked
another, took challenges off in a server, or have a cooldown on another (consent is
checked in every pairing).

Ratings are drawn from a realistic spread: a population whose true skills are normal
(mean 25, sd 3) has played a long-tailed number of matches (none for a fifth of it, up to
200 for a few) between random members, rated by openskill as the bot rates them; each
member queues with the rating that history gave them.

Prints: the real time (ms, p50, p99, max) of one pairing (the transaction of
:meth:`QueueStore.pair` that found a partner) and of storing its match; the rating gap
of the pairs (points, and in units of the wider sigma); the simulated wait until paired
(s); and the database statements per pairing (those of the pairings that found a
partner, and all of them: every attempt, pass, join and match stored, over the pairs).
Figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import secrets
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import ratings as openskill
from bot.engine import BingoState
from bot.queue import QueueService
from bot.storage import Database
from bot.storage.backend import Backend, LockKey, Session
from bot.storage.consent import ConsentStore
from bot.storage.queue import UPSERT_QUEUE_RATING, Pair, QueueEntry, QueueStore
from tests.storage.conftest import run_on_server, with_search_path

DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
T0 = 1_800_000_000.0


# -- counting statements --------------------------------------------------------------


@dataclass
class Counts:
    """Statements run, in all and since :meth:`mark`."""

    total: int = 0
    marked: int = 0

    def mark(self) -> int:
        """Statements since the last mark."""
        since, self.marked = self.total - self.marked, self.total
        return since


class CountingSession(Session):
    def __init__(self, inner: Session, counts: Counts) -> None:
        self.inner, self.counts = inner, counts

    async def execute(self, statement: str, params: Sequence[Any] = ()) -> int:
        self.counts.total += 1
        return await self.inner.execute(statement, params)

    async def executemany(self, statement: str, rows: Iterable[Sequence[Any]]) -> None:
        self.counts.total += 1
        await self.inner.executemany(statement, rows)

    async def fetchall(self, statement: str, params: Sequence[Any] = ()) -> list[Any]:
        self.counts.total += 1
        return await self.inner.fetchall(statement, params)

    async def fetchone(self, statement: str, params: Sequence[Any] = ()) -> Any | None:
        self.counts.total += 1
        return await self.inner.fetchone(statement, params)


class CountingBackend(Backend):
    """``inner`` with every statement counted (a transaction's ``BEGIN`` and ``COMMIT``
    too: they are round trips; PostgreSQL's advisory locks as one each)."""

    def __init__(self, inner: Backend, counts: Counts) -> None:
        self.inner, self.counts = inner, counts
        self.dialect = inner.dialect
        self.target = inner.target

    @asynccontextmanager
    async def transaction(self, *lock_keys: LockKey) -> AsyncIterator[Session]:
        self.counts.total += 2 + len(set(lock_keys))
        async with self.inner.transaction(*lock_keys) as tx:
            yield CountingSession(tx, self.counts)

    @asynccontextmanager
    async def _one_shot(self) -> AsyncIterator[Session]:
        async with self.inner._one_shot() as session:
            yield CountingSession(session, self.counts)

    async def close(self) -> None:
        await self.inner.close()

    async def schema_version(self) -> int:
        return await self.inner.schema_version()

    async def table_names(self) -> set[str]:
        return await self.inner.table_names()

    async def index_names(self) -> set[str]:
        return await self.inner.index_names()


# -- the population -------------------------------------------------------------------


@dataclass
class Member:
    user_id: int
    guild_id: int | None
    skill: openskill.Skill
    arrives: float
    paired_at: float | None = None


def population(members: int, servers: int, minutes: float, rng: random.Random) -> list[Member]:
    """``members`` with ratings from a simulated history (module docstring), a server
    each (a tenth none: they queue from a DM), arriving over ``minutes``."""
    true = [rng.gauss(25.0, 3.0) for _ in range(members)]
    played = [0 if rng.random() < 0.2 else min(200, int(rng.expovariate(1 / 25)) + 1)
              for _ in range(members)]  # fmt: skip
    table: dict[int, openskill.Standing] = {}
    pool = [i for i, n in enumerate(played) for _ in range(n)]
    rng.shuffle(pool)
    clock = 0.0
    for a, b in zip(pool[0::2], pool[1::2], strict=False):
        if a == b:
            continue
        clock += 60.0
        win = 1 / (1 + math.exp(-(true[a] - true[b]) / (openskill.DEFAULT_SIGMA / 2)))
        winner = 0 if rng.random() < win else 1
        openskill.play(table, openskill.Played(0, (a, b), winner, clock))
    out = []
    for i in range(members):
        found = table.get(i)
        skill = found.skill if found is not None else openskill.Skill()
        guild = None if rng.random() < 0.1 else 10_000 + rng.randrange(servers)
        out.append(Member(100_000 + i, guild, skill, rng.uniform(0, minutes * 60.0)))
    return sorted(out, key=lambda m: m.arrives)


# -- the run --------------------------------------------------------------------------


@dataclass
class Timed:
    pair_ms: list[float] = field(default_factory=list)
    miss_ms: list[float] = field(default_factory=list)
    store_ms: list[float] = field(default_factory=list)
    pair_statements: list[int] = field(default_factory=list)


class TimedStore(QueueStore):
    """The queue store, timing each pairing and each match stored."""

    def __init__(self, backend: Backend, counts: Counts, timed: Timed) -> None:
        super().__init__(backend)
        self.counts, self.timed = counts, timed

    async def pair(self, user_id: int, now: float, **kwargs: Any) -> Pair | None:
        before, start = self.counts.total, time.perf_counter()
        found = await super().pair(user_id, now, **kwargs)
        ms = (time.perf_counter() - start) * 1000
        if found is not None:
            self.timed.pair_ms.append(ms)
            self.timed.pair_statements.append(self.counts.total - before)
        else:
            self.timed.miss_ms.append(ms)
        return found


class Host:
    """Stores each pair's match (in no server), as the cog does for one played in DMs."""

    def __init__(self, store: TimedStore, members: dict[int, Member], clock: list[float]) -> None:
        self.store, self.members, self.clock = store, members, clock
        self.gaps: list[tuple[float, float]] = []

    async def start_pair(self, pair: Pair) -> None:
        state, _ = BingoState.new(7)
        start = time.perf_counter()
        stored = await self.store.create_match(
            pair, guild_id=0, channel_id=0, player_ids=pair.user_ids, now=self.clock[0],
            seed=7, options={}, state=state.to_json(), decisions=[], version=state.version,
            started_at=self.clock[0], deadline=None, ui={"names": ["a", "b"]},
        )  # fmt: skip
        self.store.timed.store_ms.append((time.perf_counter() - start) * 1000)
        if isinstance(stored, int):
            a, b = pair.first, pair.second
            self.gaps.append((abs(a.mu - b.mu), abs(a.mu - b.mu) / max(a.sigma, b.sigma)))
            for uid in pair.user_ids:
                self.members[uid].paired_at = self.clock[0]

    async def refresh(self, entries: Sequence[QueueEntry], count: int, now: float) -> None:
        return None

    async def adopted(self, entries: Sequence[QueueEntry]) -> None:
        return None


async def consent(db: Database, people: list[Member], rng: random.Random) -> str:
    """Blocks, opt-outs and cooldowns between some members (about 2 % of them each)."""
    store = ConsentStore(db.backend)
    n = len(people)
    blocks = optouts = cooldowns = 0
    for member in people:
        roll = rng.random()
        other = people[rng.randrange(n)]
        if other.user_id == member.user_id:
            continue
        if roll < 0.02:
            blocks += await store.set_block(member.user_id, other.user_id, True, T0)
        elif roll < 0.04 and other.guild_id is not None:
            await store.set_opted_out(other.guild_id, member.user_id, True, T0)
            optouts += 1
        elif roll < 0.06 and other.guild_id is not None:
            await store.set_cooldown(other.guild_id, member.user_id, other.user_id, T0 + 3600)
            cooldowns += 1
    return f"{blocks} blocks, {optouts} opt-outs, {cooldowns} cooldowns"


async def run(db: Database, args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    people = population(args.members, args.servers, args.minutes, rng)
    for member in people:
        await db.backend.execute(
            UPSERT_QUEUE_RATING,
            (member.user_id, member.skill.mu, member.skill.sigma, 1, 0, 0, 0, T0, None),
        )
    said = await consent(db, people, rng)
    counts, timed = Counts(), Timed()
    store = TimedStore(CountingBackend(db.backend, counts), counts, timed)
    clock = [T0]
    by_id = {m.user_id: m for m in people}
    host = Host(store, by_id, clock)
    service = QueueService(store, host, owner="bench", clock=lambda: clock[0])
    mus = [m.skill.mu for m in people]
    sigmas = [m.skill.sigma for m in people]
    from_dm = sum(m.guild_id is None for m in people)
    print(
        f"{len(people)} members of {args.servers} servers ({from_dm}"
        f" from a DM), arriving over {args.minutes:g} simulated minutes, on {db.dialect};"
        f" ratings mu {statistics.mean(mus):.1f} ± {statistics.pstdev(mus):.1f}"
        f" (min {min(mus):.1f}, max {max(mus):.1f}), sigma {min(sigmas):.2f}–{max(sigmas):.2f}"
        f" (median {statistics.median(sigmas):.2f}); {said}"
    )
    counts.mark()
    pending = list(people)
    next_pass = T0 + service.pass_seconds
    end = T0 + args.minutes * 60.0 + 600.0
    started = time.perf_counter()
    while clock[0] < end:
        arrival = T0 + pending[0].arrives if pending else math.inf
        if arrival <= next_pass:
            member = pending.pop(0)
            clock[0] = arrival
            await store.join(
                member.user_id, guild_id=member.guild_id, channel_id=member.guild_id,
                name=f"m{member.user_id}", language=None,
                skill=await service.skill_of(member.user_id, clock[0]), now=clock[0],
                owner=service.owner,
            )  # fmt: skip
            await service.try_pair(member.user_id)
        else:
            clock[0] = next_pass
            next_pass += service.pass_seconds
            await service.pass_once()
            if not pending and not await store.queuing_count():
                break
    wall = time.perf_counter() - started
    statements = counts.mark()
    pairs = len(host.gaps)
    waits = [m.paired_at - (T0 + m.arrives) for m in people if m.paired_at is not None]
    print(f"pairs: {pairs}; unpaired at the end: {await store.queuing_count()};"
          f" {wall:.1f} s of real time")  # fmt: skip
    print("pairing (a QueueStore.pair that found a partner), ms:", quantiles(timed.pair_ms))
    print("  a pairing that found nobody, ms:", quantiles(timed.miss_ms), f"({len(timed.miss_ms)})")
    print("storing the pair's match, ms:", quantiles(timed.store_ms))
    gaps = [g for g, _ in host.gaps]
    sig = [s for _, s in host.gaps]
    print(f"rating gap of the pairs: mean {statistics.mean(gaps):.2f} points,",
          quantiles(gaps, "points"), "| in the wider sigma:", quantiles(sig, "sigma"))  # fmt: skip
    print("wait until paired (simulated s):", quantiles(waits, "s"))
    per = statistics.mean(timed.pair_statements)
    print(
        f"database statements per pairing: {per:.1f} in the pairing itself"
        f" (BEGIN and COMMIT included), {statements / max(1, pairs):.1f} in all"
        f" (joins, every attempt and pass, storing the match) over {pairs} pairs"
    )


def quantiles(values: Sequence[float], unit: str = "") -> str:
    if not values:
        return "none"
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    tail = f" {unit}" if unit else ""
    return f"p50 {at(0.5):.2f}, p90 {at(0.9):.2f}, p99 {at(0.99):.2f}, max {ordered[-1]:.2f}{tail}"


async def main(args: argparse.Namespace) -> None:
    if args.db == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            db = await Database.open(Path(tmp) / "queue.db")
            try:
                await run(db, args)
            finally:
                await db.close()
        return
    server = (
        os.environ.get("DATABASE_URL") or os.environ.get("TEST_DATABASE_URL") or DEFAULT_POSTGRES
    )
    schema = f"bench_{secrets.token_hex(6)}"
    await run_on_server(server, f'CREATE SCHEMA "{schema}"')
    try:
        db = await Database.open(with_search_path(server, schema))
        try:
            await run(db, args)
        finally:
            await db.close()
    finally:
        await run_on_server(server, f'DROP SCHEMA "{schema}" CASCADE')


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--members", type=int, default=2000)
    parser.add_argument("--servers", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(main(parser.parse_args()))


if __name__ == "__main__":
    cli()
