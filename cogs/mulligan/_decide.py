"""The one decision path of practice deals and hands of the day (no Discord here).

A click on a practice deal or on a member's hand of the day is applied like a click in
a match: through :func:`bot.matches.versioned.apply_versioned`, a compare-and-set on the
stored version, so when several bot processes share one database each decision is
applied exactly once and the loser is told the panel is no longer current. No lock of
one process is needed, or taken.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.engine import IllegalActionError
from bot.engine.practice import PracticeState
from bot.matches import ActStatus
from bot.matches.versioned import Versioned, apply_versioned
from bot.storage.daily import AnswerRecord, DailyStore
from bot.storage.practice import PracticeSession, PracticeStore


def after(state: PracticeState, actions: list[str]) -> PracticeState | None:
    """A copy of ``state`` with ``actions`` applied in order, or ``None`` when one of
    them is not legal (``state`` itself is never changed)."""
    new = PracticeState.from_json(state.to_json())
    try:
        for action in actions:
            new.apply(action)
    except IllegalActionError:
        return None
    return new


async def decide_practice(
    store: PracticeStore,
    record: PracticeSession,
    version: int,
    actions: list[str],
    now: float,
) -> Versioned[PracticeSession, PracticeState]:
    """Apply ``actions`` (one click) drawn at ``version`` to the deal ``record`` (as just
    read), storing the new state with a compare-and-set on ``record.version`` at ``now``
    (Unix seconds). ``APPLIED`` with the new state, or ``NOT_CURRENT`` (stale, illegal,
    or another click stored first; nothing changed)."""

    async def load() -> PracticeSession:
        return record

    async def commit(current: PracticeSession, new: PracticeState) -> bool:
        return await store.save_practice_cas(
            current.id, current.version, state=new.to_json(), version=new.version, now=now
        )

    return await apply_versioned(
        version,
        load,
        lambda current: current.version,
        lambda current: after(PracticeState.from_json(current.state), actions),
        commit,
    )


@dataclass(frozen=True, slots=True)
class DailyClick:
    """A member's deal of the day as read before a click: ``answer`` (``None`` before
    their first decision) and ``state`` (their deal, the day's opening hand before it)."""

    answer: AnswerRecord | None
    state: PracticeState

    @property
    def version(self) -> int:
        return self.state.version if self.answer is None else self.answer.version


@dataclass(frozen=True, slots=True)
class DailyDecision:
    """What :func:`decide_daily` did: ``status`` (``APPLIED`` or ``NOT_CURRENT``), the
    member's deal after it (``None`` unless applied), whether the click was their answer
    (``first``), and, when not applied, whether it came after their answer was recorded
    (``already``: a click of the day's opening hand after answering, or losing the race
    to answer first)."""

    status: ActStatus
    state: PracticeState | None = None
    first: bool = False
    already: bool = False


async def decide_daily(
    store: DailyStore,
    guild_id: int,
    day: int,
    user_id: int,
    opening: PracticeState,
    version: int,
    actions: list[str],
    agreement: Callable[[str], Awaitable[bool | None]],
    now: float,
) -> DailyDecision:
    """Apply ``actions`` (one click) drawn at ``version`` to ``user_id``'s hand of
    ``day`` (``opening``: the day's hand as dealt). The first decision (keep or
    mulligan) is the answer: inserted with ``agreement(decision)`` (whether the coach
    agrees) and the streak in one transaction, unless an answer exists (then nothing
    changes); every later one is a compare-and-set of the deal on its version."""
    lost_first = False

    async def load() -> DailyClick:
        answer = await store.answer(guild_id, day, user_id)
        state = opening if answer is None else PracticeState.from_json(json.loads(answer.state))
        return DailyClick(answer, state)

    async def commit(current: DailyClick, new: PracticeState) -> bool:
        nonlocal lost_first
        state = json.dumps(new.to_json())
        kept_size = sum(new.hand) if new.is_over else None
        if current.answer is not None:
            return await store.save_state(
                guild_id, day, user_id, state=state, old_version=current.version,
                version=new.version, kept_size=kept_size, now=now,
            )  # fmt: skip
        decision = actions[0]
        streak = await store.record_answer(
            guild_id, day, user_id, decision=decision, state=state, version=new.version,
            kept_size=kept_size, agreed=await agreement(decision), now=now,
        )  # fmt: skip
        lost_first = streak is None
        return not lost_first

    result = await apply_versioned(
        version, load, lambda c: c.version, lambda c: after(c.state, actions), commit
    )
    current = result.current
    assert current is not None, "load never finds nothing"
    if result.applied:
        return DailyDecision(result.status, result.new, first=current.answer is None)
    stale = current.version != version
    already = lost_first or (stale and current.answer is not None)
    return DailyDecision(result.status, already=already)
