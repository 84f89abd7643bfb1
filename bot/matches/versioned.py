"""One way to apply a versioned action to state that lives in storage.

Every stored state a click can change (a match, a practice deal, a member's hand of the
day) carries a version, and every control carries the version it was drawn at. A click
is applied by :func:`apply_versioned`: read the state as stored, refuse it when the
stored version is not the click's, apply the action to a *copy*, then commit the copy
with a compare-and-set on the version read (``UPDATE ... WHERE id = ? AND version = ?``,
or an insert that does nothing when the row exists). The database, not a lock of one
process, decides which of two concurrent clicks wins, so several bot processes sharing
one database apply each decision exactly once; the loser's answer is
:attr:`ActStatus.NOT_CURRENT`, as for a match (:meth:`bot.matches.MatchRuntime.act`,
whose ``_change`` follows the same steps on its cached copy of a match).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from .runtime import ActStatus

S = TypeVar("S")
N = TypeVar("N")


@dataclass(frozen=True, slots=True)
class Versioned(Generic[S, N]):
    """What :func:`apply_versioned` did: ``status`` (``APPLIED``, ``NOT_CURRENT`` or
    ``OVER``), ``current`` the state as read (``None`` when there was none) and ``new``
    the committed state (``None`` unless applied)."""

    status: ActStatus
    current: S | None = None
    new: N | None = None

    @property
    def applied(self) -> bool:
        return self.status is ActStatus.APPLIED


async def apply_versioned(
    version: int,
    load: Callable[[], Awaitable[S | None]],
    version_of: Callable[[S], int],
    step: Callable[[S], N | None],
    commit: Callable[[S, N], Awaitable[bool]],
) -> Versioned[S, N]:
    """Apply the action of a control drawn at ``version`` (see the module docstring).

    ``load()``: the state as stored now, ``None`` when there is none (deleted, over).
    ``version_of(state)``: its version. ``step(state)``: the state after the action,
    computed on a copy (``state`` is never changed), or ``None`` when the action is not
    legal there. ``commit(state, new)``: store ``new`` only if storage still holds
    ``state``'s version (compare-and-set); ``True`` when this call stored it.

    Returns ``OVER`` when ``load`` found nothing; ``NOT_CURRENT`` when the stored version
    is not ``version``, the action is not legal, or another writer committed first;
    otherwise ``APPLIED`` with the new state. Exceptions of the callables propagate
    (nothing is stored unless ``commit`` stored it).
    """
    current = await load()
    if current is None:
        return Versioned(ActStatus.OVER)
    if version_of(current) != version:
        return Versioned(ActStatus.NOT_CURRENT, current)
    new = step(current)
    if new is None:
        return Versioned(ActStatus.NOT_CURRENT, current)
    if not await commit(current, new):
        return Versioned(ActStatus.NOT_CURRENT, current)
    return Versioned(ActStatus.APPLIED, current, new)
