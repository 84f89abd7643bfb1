"""A match as the runtime holds it, its timers, and the answer to a change.

:class:`Match` (seats, live state, deadline, the owner's context), :class:`Timing` (how
long each decision may take, RULES §1.8), and :class:`ActStatus` / :class:`ActResult`
(what :meth:`bot.matches.runtime.MatchRuntime.act` answers). The runtime that changes
matches is :mod:`bot.matches.runtime`.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypeVar, cast

from bot.engine import BingoState
from bot.engine.actions import Decision
from bot.engine.events import Event

from .seats import Seat


@dataclass(frozen=True, slots=True)
class Timing:
    """How long each decision may take, and the agents' pause (all in seconds).

    ``turn_seconds``: the main step; ``counter_seconds``: a counter window; every other
    decision (mulligans, scry, Swamp, Mountain, Forest): ``choice_seconds`` (RULES §1.8).
    ``quick_counter_seconds``: a counter window of a seat that chose quick windows
    (:attr:`Match.quick_counter`); it lasts this long whatever that seat holds, and its
    time-out lets the land resolve without counting toward the time-out forfeit, which
    counts main steps only (RULES §1.8).
    ``agent_pause``: the least time an agent takes per decision, whatever it decides
    and whatever it holds (so timing never reveals a hand; 0 in tests).
    """

    turn_seconds: float = 120.0
    counter_seconds: float = 45.0
    choice_seconds: float = 90.0
    quick_counter_seconds: float = 8.0
    agent_pause: float = 1.5

    def seconds_for(self, decision: str, *, quick: bool = False) -> float | None:
        """Seconds allowed for a ``BingoState.decision()`` kind; ``None`` for ``"over"``.
        ``quick``: the deciding seat chose quick counter windows (only a counter window
        is shortened)."""
        if decision == Decision.OVER:
            return None
        if decision == Decision.MAIN:
            return self.turn_seconds
        if decision == Decision.COUNTER:
            return self.quick_counter_seconds if quick else self.counter_seconds
        return self.choice_seconds


#: What the owner keeps with a match (:attr:`Match.context`); the runtime never reads it.
ContextT = TypeVar("ContextT")


@dataclass(eq=False)
class Match(Generic[ContextT]):
    """A match being played: its seats and live state.

    ``deadline``: Unix seconds when the pending decision times out (``None`` once over).
    ``context``: whatever the owner keeps with the match, of the type it chose
    (``Match[ContextT]``; the Bingo cog's ``MatchTable``: guild, channel, display names,
    message ids); the runtime never reads it. ``None`` when the owner keeps nothing.
    ``quick_counter``: per seat, whether its counter windows are quick
    (:attr:`Timing.quick_counter_seconds`): the players' choice when the match began,
    kept for the whole match (the owner stores it, so a restart keeps it).
    """

    id: int
    seats: tuple[Seat, Seat]
    state: BingoState
    deadline: float | None = None
    context: ContextT = field(default=cast(Any, None))
    quick_counter: tuple[bool, bool] = (False, False)
    #: This match's own timers (a server's settings when it began), or ``None`` for the
    #: runtime's :class:`Timing`; kept for the whole match (the owner stores it).
    timing: Timing | None = None
    #: The public log (:mod:`bot.matches.log`): the public events of the last changes,
    #: as stored with the match; the runtime extends it with each commit.
    log: list[Any] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    #: The version this process is storing now (its commit is awaiting the store), or
    #: ``None``: between the store's write and the live copy taking the new state, the
    #: store is ahead of :attr:`state` by this process's own doing.
    committing: int | None = field(default=None, repr=False)

    def moved_on_elsewhere(self, stored_version: int) -> bool:
        """Whether ``stored_version`` (the match's version as the store holds it now) is
        newer than this process's live copy and than any commit it has in flight, i.e.
        another process committed a change the live copy has not seen."""
        return stored_version > max(self.state.version, self.committing or 0)

    @property
    def user_ids(self) -> tuple[int, int]:
        """The two seats' user ids, seat order."""
        return (self.seats[0].user_id, self.seats[1].user_id)

    def seat_of(self, user_id: int) -> int | None:
        """The seat index a *human* ``user_id`` plays, or ``None`` (not theirs to play)."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.is_agent:
                return index
        return None

    def viewers(self) -> list[int]:
        """The seats that need a private view of their hand and controls (the humans)."""
        return [index for index, seat in enumerate(self.seats) if not seat.is_agent]

    def in_quick_window(self) -> bool:
        """Whether the pending decision is a quick counter window: a counter window of a
        seat that chose quick windows (it resolves by itself when its short time runs
        out; "Counter" stays available until then)."""
        player = self.state.current_player()
        return (
            player is not None
            and self.quick_counter[player]
            and self.state.decision() == Decision.COUNTER
        )


class ActStatus(StrEnum):
    """The answer to a request to change a match."""

    APPLIED = "applied"
    NOT_CURRENT = "not_current"  # stale version, not their decision, illegal, or lost a race
    NOT_YOURS = "not_yours"  # the user plays no (human) seat of this match
    OVER = "over"  # no such live match, or it is already over


@dataclass(frozen=True, slots=True)
class ActResult:
    """``status``, the live match (``None`` if unknown) and the committed events."""

    status: ActStatus
    match: Match | None = None
    events: list[Event] = field(default_factory=list)

    @property
    def applied(self) -> bool:
        return self.status is ActStatus.APPLIED
