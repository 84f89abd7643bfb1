"""What the match runtime tells its listeners, after a change is committed.

Each event names its match by id and carries the ``version`` it describes and ``view``,
the public view of the match at that version (a frozen
:class:`bot.matches.views.PublicView`): a snapshot that never changes, however far the
match has moved on since.
For the live match, ask the runtime (``MatchRuntime.get`` / ``MatchRuntime.lookup``).
Engine events (:mod:`bot.engine.events`) may be private (``Event.private``): show them
through :func:`bot.matches.views.events_for`, never raw.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from bot.engine import BingoState
from bot.engine.events import Event
from bot.engine.outcome import Outcome, Reason

from .views import PublicView, public_view

if TYPE_CHECKING:
    from .seats import Seat


class Cause(StrEnum):
    """Why a match changed. The strings are those of the decision history."""

    DECISION = "decision"  # a seat chose one of its legal actions
    TIMEOUT = "timeout"  # RULES §1.8: the pending decision ran out of time
    RESIGN = "resign"  # a seat resigned
    ABANDON = "abandon"  # stopped from outside (its channel is gone, a moderator): no result


@dataclass(frozen=True, slots=True)
class FinalResult:
    """How a match ended, in the words storage and stats need.

    ``outcome``: an :class:`~bot.engine.outcome.Outcome` (``no_result``: abandoned). ``winner`` /
    ``loser``: seat indexes (``None`` unless a win); ``winner_id`` / ``loser_id``: their
    user ids. ``reason``: the engine's result reason as a :class:`Reason`.
    ``turns``: the turn number reached. ``ended_at``: Unix seconds.
    ``levels``: per seat, the agent's level or ``None`` for a human (stats record matches
    against the bot as such).
    """

    outcome: Outcome
    winner: int | None
    loser: int | None
    winner_id: int | None
    loser_id: int | None
    reason: Reason
    turns: int
    ended_at: float
    levels: tuple[str | None, str | None]

    @classmethod
    def of(cls, state: BingoState, seats: tuple[Seat, Seat], ended_at: float) -> FinalResult:
        """The result of the finished ``state``. Raises ``ValueError`` if it is not over."""
        result = state.result
        if result is None:
            raise ValueError("the match is not over")
        return cls(
            outcome=result.outcome,
            winner=result.winner,
            loser=result.loser,
            winner_id=None if result.winner is None else seats[result.winner].user_id,
            loser_id=None if result.loser is None else seats[result.loser].user_id,
            reason=Reason(result.reason),
            turns=state.turn,
            ended_at=ended_at,
            levels=(seats[0].level, seats[1].level),
        )


def snapshot(state: BingoState) -> PublicView:
    """The public view of ``state`` that an event carries (frozen: read-only)."""
    return public_view(state)


@dataclass(frozen=True, slots=True)
class MatchStarted:
    """A new match was registered (already stored). ``events``: its setup events;
    ``view``: its public view at ``version`` (:func:`snapshot`)."""

    match_id: int
    version: int
    view: PublicView
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class DecisionApplied:
    """One change was committed: ``version`` is the state version it produced and
    ``view`` the public view at that version (:func:`snapshot`).

    ``by``: the seat that decided (``None`` for an abandon); ``cause``: why;
    ``action``: the engine action (``"place:3"``; for other causes the cause string).
    A human's own ``DECISION`` was answered by the caller of
    :meth:`~bot.matches.runtime.MatchRuntime.act`; every other change needs delivering
    to both seats.
    """

    match_id: int
    version: int
    view: PublicView
    events: tuple[Event, ...]
    by: int | None
    cause: Cause
    action: str


@dataclass(frozen=True, slots=True)
class MatchFinished:
    """The match ended (emitted right after the :class:`DecisionApplied` that ended it):
    ``version`` is its last version, ``view`` its final public view."""

    match_id: int
    version: int
    view: PublicView
    result: FinalResult


MatchEvent = MatchStarted | DecisionApplied | MatchFinished
