"""Who the ranked queue pairs, and when (docs/queue.md): pure, no I/O, no Discord.

Every member queues with their *queue rating* (openskill ``mu`` and ``sigma``, from queue
matches only, :func:`queue_skill`). While they wait, the rating gap they accept widens on
a published schedule (:func:`window`):

============================  =================================
waited                        allowed gap ``|mu_a - mu_b|``
============================  =================================
0 to 20 s                     ±1 sigma
20 to 40 s                    ±2 sigma
40 to 60 s                    ±3 sigma
…                             one sigma more every 20 s
============================  =================================

(sigma is the member's own, at least :data:`bot.limits.QUEUE_SIGMA_FLOOR`.) Two members
are paired when each accepts the other: the gap is within both windows
(:func:`acceptable`). Among those, the closest rating wins; on a tie, the one who has
waited longest (:func:`choose`). After :data:`bot.limits.QUEUE_BOT_OFFER_SECONDS` a
member is offered a match against the bot; after :data:`bot.limits.QUEUE_MAX_SECONDS`
the entry ends. The storage layer runs the same rule in SQL
(:meth:`bot.storage.queue.QueueStore.pair`), with these numbers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from bot import limits
from bot.ratings import Skill, idle


def window(sigma: float, waited: float) -> float:
    """The rating gap a member accepts after ``waited`` seconds in the queue:
    ``max(sigma, QUEUE_SIGMA_FLOOR) × (1 + floor(waited / QUEUE_WIDEN_SECONDS))``
    (negative waits count as 0). Rating points (openskill ``mu``)."""
    steps = math.floor(max(0.0, waited) / limits.QUEUE_WIDEN_SECONDS)
    return max(sigma, limits.QUEUE_SIGMA_FLOOR) * (1 + steps)


def next_widening(waited: float) -> float:
    """Seconds from ``waited`` until the allowed gap next widens (at most
    :data:`bot.limits.QUEUE_WIDEN_SECONDS`)."""
    step = limits.QUEUE_WIDEN_SECONDS
    return step - (max(0.0, waited) % step)


@dataclass(frozen=True, slots=True)
class Queued:
    """A member in the queue as the rule sees them: their id, queue rating
    (``mu``, ``sigma``) and when they joined (Unix seconds)."""

    user_id: int
    mu: float
    sigma: float
    joined_at: float

    def window(self, now: float) -> float:
        """Their allowed gap at ``now`` (:func:`window`)."""
        return window(self.sigma, now - self.joined_at)


def acceptable(a: Queued, b: Queued, now: float) -> bool:
    """Whether ``a`` and ``b`` may be paired at ``now``: different members whose rating
    gap is within both their windows."""
    gap = abs(a.mu - b.mu)
    return a.user_id != b.user_id and gap <= a.window(now) and gap <= b.window(now)


def choose(
    me: Queued, candidates: Iterable[Queued], now: float, refused: frozenset[int] = frozenset()
) -> Queued | None:
    """The partner of ``me`` at ``now``: of the ``candidates`` it may be paired with
    (:func:`acceptable`) and not in ``refused`` (consent, a match in progress), the
    closest rating; on a tie the longest waiting, then the lowest id. ``None``: none."""
    allowed = [c for c in candidates if c.user_id not in refused and acceptable(me, c, now)]
    if not allowed:
        return None
    return min(allowed, key=lambda c: (abs(c.mu - me.mu), c.joined_at, c.user_id))


def queue_skill(stored: Skill | None, last_played: float | None, now: float) -> Skill:
    """The rating a member queues with at ``now``: their queue rating (``stored``, from
    queue matches only) with its inactivity growth since ``last_played``
    (:func:`bot.ratings.idle`), or the openskill prior for a member new to the queue."""
    if stored is None:
        return Skill()
    return idle(stored, now - (last_played if last_played is not None else now))


def bot_offered(waited: float) -> bool:
    """Whether a member who waited ``waited`` seconds is offered the bot."""
    return waited >= limits.QUEUE_BOT_OFFER_SECONDS


def expired(waited: float) -> bool:
    """Whether an entry that waited ``waited`` seconds has run out."""
    return waited >= limits.QUEUE_MAX_SECONDS
