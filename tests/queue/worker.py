"""One "bot process" of the two-process queue test (``test_processes_pg.py``): it queues
its members through :class:`bot.queue.QueueService` on the database at ``URL`` and pairs
whoever it can, as a shard process would, storing each pair's match.

    python -m tests.queue.worker URL NAME START_AT MEMBERS_JSON

``START_AT`` (Unix seconds): when to begin, so that both processes run at once;
``MEMBERS_JSON``: ``[[user_id, mu, sigma, guild_id], ...]``. Once its members are queued,
its clock runs :data:`LATER` seconds ahead, so every window is wide and everyone fits.
Prints one JSON line: the pairs this process made.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

from bot.engine import BingoState
from bot.queue import QueueService
from bot.storage import Database
from bot.storage.queue import Pair, QueueEntry, QueueStore

#: Seconds the clock jumps ahead once every member is queued.
LATER = 400.0


class StoreHost:
    """Stores each pair's match in no server, as the cog does for a match in DMs."""

    def __init__(self, store: QueueStore) -> None:
        self.store = store
        self.made: list[list[int]] = []

    async def start_pair(self, pair: Pair) -> None:
        seed = random.randrange(2**62)
        state, _ = BingoState.new(seed)
        stored = await self.store.create_match(
            pair, guild_id=0, channel_id=0, player_ids=pair.user_ids, now=time.time(),
            seed=seed, options={}, state=state.to_json(), decisions=[], version=state.version,
            started_at=time.time(), deadline=None, ui={"names": ["a", "b"]},
        )  # fmt: skip
        if isinstance(stored, int):
            self.made.append([*pair.user_ids, stored])

    async def refresh(self, entries: list[QueueEntry], count: int, now: float) -> None:
        return None

    async def adopted(self, entries: list[QueueEntry]) -> None:
        return None


async def main(url: str, name: str, start_at: float, members: list[list[float]]) -> None:
    db = await Database.open(url)
    offset = 0.0
    store = QueueStore(db.backend)
    host = StoreHost(store)
    service = QueueService(store, host, owner=name, clock=lambda: time.time() + offset)
    await asyncio.sleep(max(0.0, start_at - time.time()))
    for user_id, _mu, _sigma, guild in members:
        await service.join(
            int(user_id), guild_id=int(guild), channel_id=int(guild) + 1, name=f"m{user_id}",
            language=None,
        )  # fmt: skip
        await service.pass_once()
    offset = LATER
    quiet = 0
    while quiet < 3:  # until three passes in a row pair nobody
        await asyncio.sleep(0.05)
        quiet = 0 if await service.pass_once() else quiet + 1
    await service.drain()
    await db.close()
    print(json.dumps({"name": name, "pairs": host.made}))


if __name__ == "__main__":
    url, name, start_at, members = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
    asyncio.run(main(url, name, start_at, json.loads(members)))
