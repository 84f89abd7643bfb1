"""The ranked queue's work in one process, with no Discord in it (docs/queue.md).

:class:`QueueService` puts members in the queue and takes them out, pairs them (at once
when they join, and in a pass every :data:`bot.limits.QUEUE_PASS_SECONDS` as the allowed
gaps widen), and looks after the members whose waiting message this process shows
(its *owner* name in their rows): the offer of the bot after
:data:`bot.limits.QUEUE_BOT_OFFER_SECONDS`, the end of an entry after
:data:`bot.limits.QUEUE_MAX_SECONDS`, and a sign of life in the database so that, if this
process stops, another takes its members over after :data:`bot.limits.QUEUE_STALE_SECONDS`
(nothing is lost on a restart: the entries are rows). What a pair becomes (its match) and
how a waiting member is shown are the host's (:class:`QueueHost`, the Bingo cog).

Any process may pair any two members: :meth:`bot.storage.queue.QueueStore.pair` locks
their rows (``FOR UPDATE SKIP LOCKED`` on PostgreSQL), so each member is paired once.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol

from bot import limits
from bot.ratings import Skill
from bot.storage.queue import Pair, QueueEntry, QueueStore

from . import policy

log = logging.getLogger(__name__)


class QueueHost(Protocol):
    """What the service asks of the cog that shows the queue."""

    async def start_pair(self, pair: Pair) -> None:
        """Set up and store ``pair``'s match, then show it. Raising puts both members
        back to waiting."""
        ...

    async def refresh(self, entries: Sequence[QueueEntry], count: int, now: float) -> None:
        """Bring the waiting messages of ``entries`` (this process's members, as stored
        now) up to date: ``count`` members queuing in all, at ``now``."""
        ...

    async def adopted(self, entries: Sequence[QueueEntry]) -> None:
        """This process took over ``entries`` from a process that stopped: their old
        waiting messages cannot be edited any more."""
        ...


def owner_name() -> str:
    """A name for this process in the queue's rows: host, pid and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def proposals(waiting: Sequence[QueueEntry], now: float) -> list[tuple[int, int]]:
    """Pairs worth trying among ``waiting`` at ``now`` by rating alone (consent is the
    store's): longest waiting first, each with the closest member still free that
    :func:`policy.acceptable` allows. O(n log n + n·k), k the members within a window."""
    people = sorted(
        (policy.Queued(e.user_id, e.mu, e.sigma, e.joined_at) for e in waiting),
        key=lambda q: (q.mu, q.user_id),
    )
    mus = [q.mu for q in people]
    taken: set[int] = set()
    out: list[tuple[int, int]] = []
    for me in sorted(people, key=lambda q: (q.joined_at, q.user_id)):
        if me.user_id in taken:
            continue
        reach = me.window(now)
        low, high = bisect.bisect_left(mus, me.mu - reach), bisect.bisect_right(mus, me.mu + reach)
        free = (q for q in people[low:high] if q.user_id not in taken)
        partner = policy.choose(me, free, now)
        if partner is not None:
            taken.update((me.user_id, partner.user_id))
            out.append((me.user_id, partner.user_id))
    return out


class QueueService:
    """The queue's work in this process (module docstring). ``owner``: this process's
    name in the rows (:func:`owner_name`); ``clock``: Unix seconds (tests move it)."""

    def __init__(
        self,
        store: QueueStore,
        host: QueueHost,
        *,
        owner: str | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.host = host
        self.owner = owner or owner_name()
        self.clock = clock
        #: Members whose waiting message this process shows (until it showed their end).
        self.members: set[int] = set()
        self.pass_seconds = limits.QUEUE_PASS_SECONDS
        self._task: asyncio.Task[None] | None = None
        self._pairing: set[asyncio.Task[object]] = set()

    # -- members ---------------------------------------------------------------------

    async def skill_of(self, user_id: int, now: float) -> Skill:
        """The rating ``user_id`` queues with at ``now`` (:func:`policy.queue_skill`)."""
        stored = await self.store.queue_rating(user_id)
        if stored is None:
            return policy.queue_skill(None, None, now)
        return policy.queue_skill(stored.skill, stored.last_played, now)

    async def join(
        self,
        user_id: int,
        *,
        guild_id: int | None,
        channel_id: int | None,
        name: str,
        language: str | None,
        pair: bool = True,
    ) -> QueueEntry:
        """Queue ``user_id`` (from ``guild_id``/``channel_id``; ``None``: a DM) with their
        queue rating; this process shows their waiting message. Pairing them is tried at
        once, in the background (:meth:`try_pair`), unless ``pair`` is false (then call
        :meth:`pair_soon` once their waiting message is shown).

        Raises:
            bot.storage.queue.JoinRefused: they play a match, or are queuing already.
        """
        now = self.clock()
        skill = await self.skill_of(user_id, now)
        entry = await self.store.join(
            user_id, guild_id=guild_id, channel_id=channel_id, name=name, language=language,
            skill=skill, now=now, owner=self.owner,
        )  # fmt: skip
        self.members.add(user_id)
        if pair:
            self.pair_soon(user_id)
        return entry

    def pair_soon(self, user_id: int) -> None:
        """Try to pair ``user_id`` now, in the background (:meth:`try_pair`)."""
        self._background(self.try_pair(user_id))

    async def leave(self, user_id: int) -> bool:
        """Take ``user_id`` out of the queue if they are waiting: ``True`` if they were."""
        return await self.store.end(user_id, "left", self.clock(), reason="left")

    def watch(self, user_id: int) -> None:
        """Show ``user_id``'s waiting message from this process (it answered them)."""
        self.members.add(user_id)

    # -- pairing ---------------------------------------------------------------------

    async def try_pair(self, user_id: int) -> Pair | None:
        """Pair ``user_id`` now if anyone fits (:meth:`QueueStore.pair`), and have the
        host start the match; a failure to start it puts both back to waiting."""
        pair = await self.store.pair(user_id, self.clock(), window=policy.window)
        if pair is None:
            return None
        try:
            await self.host.start_pair(pair)
        except Exception:
            log.exception("Could not start the match of %s and %s", *pair.user_ids)
            with contextlib.suppress(Exception):
                await self.store.unpair(pair)
            return None
        return pair

    async def pass_once(self) -> int:
        """One pairing pass over every member waiting, in any process's care: the pairs
        :func:`proposals` finds by rating are each tried (the store re-checks, with
        locks and consent). Returns how many pairs were made."""
        waiting = await self.store.waiting()
        made = 0
        for first, _ in proposals(waiting, self.clock()):
            if await self.try_pair(first) is not None:
                made += 1
        return made

    # -- this process's members --------------------------------------------------------

    async def tick(self) -> None:
        """One round of upkeep: the sign of life, pairs whose process stopped released,
        members of a stopped process taken over, a pairing pass, then this process's
        members: the bot offered, entries run out, their waiting messages refreshed."""
        now = self.clock()
        await self.store.heartbeat(self.owner, now)
        released = await self.store.release_stale_pairs(now - limits.QUEUE_PAIR_TIMEOUT_SECONDS)
        if released:
            log.warning("Released %s queue member(s) whose match was never stored", released)
        adopted = await self.store.adopt_stale(self.owner, now, now - limits.QUEUE_STALE_SECONDS)
        if adopted:
            log.info("Took over %s queue member(s) from a stopped process", len(adopted))
            self.members.update(e.user_id for e in adopted)
            await self.host.adopted(adopted)
        await self.pass_once()
        await self.upkeep()

    async def upkeep(self) -> None:
        """This process's members: offer the bot once it is due, end entries that ran
        out, then have the host refresh their messages (members whose end it has shown
        are forgotten)."""
        if not self.members:
            return
        now = self.clock()
        entries = await self.store.entries(sorted(self.members))
        for user_id, entry in list(entries.items()):
            if entry.status != "waiting":
                continue
            waited = now - entry.joined_at
            changed = False
            if policy.expired(waited):
                changed = await self.store.end(user_id, "expired", now, reason="expired")
            elif policy.bot_offered(waited) and entry.offered_at is None:
                changed = await self.store.mark_offered(user_id, now)
            if changed:
                found = await self.store.entry(user_id)
                if found is not None:
                    entries[user_id] = found
        count = await self.store.queuing_count()
        shown = [e for e in entries.values() if e.owner == self.owner]
        await self.host.refresh(shown, count, now)
        for user_id in list(self.members):
            current = entries.get(user_id)
            if current is None or current.owner != self.owner or not current.queuing:
                self.members.discard(user_id)

    # -- running ---------------------------------------------------------------------

    def start(self) -> None:
        """Run :meth:`tick` every :attr:`pass_seconds` until :meth:`stop`."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="bingo-queue")

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("The queue's pass failed")
            await asyncio.sleep(self.pass_seconds)

    async def stop(self) -> None:
        """Stop the passes and the pairings in flight. The entries stay queued, and are
        handed over at once: another process (or this one started again) takes them over
        at its next pass."""
        tasks = [t for t in (self._task, *self._pairing) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        try:
            await self.store.hand_over(self.owner)
        except Exception:
            log.exception("Could not hand this process's queue members over")

    async def drain(self) -> None:
        """Wait for the pairings started by :meth:`join` to finish."""
        while self._pairing:
            await asyncio.gather(*self._pairing, return_exceptions=True)

    def _background(self, work: Coroutine[Any, Any, object]) -> None:
        task = asyncio.get_running_loop().create_task(work, name="bingo-queue-pair")
        self._pairing.add(task)
        task.add_done_callback(self._pairing.discard)
