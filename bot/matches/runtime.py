"""The match runtime: seats, the one decision path, commits, timers and events.

Every change of a match (a human's click, an agent's move, a timeout, a resignation,
an abandon) follows :meth:`MatchRuntime._change`: under the match's lock, apply it to a
*copy* of the state, commit the copy through the :class:`~bot.matches.store.MatchStore`
(compare-and-set on the version), make it the live state and re-arm the deadline; then,
outside the lock, emit the events to listeners; then, if the seat to decide is an agent,
schedule its move. A failure before the commit leaves the match exactly as it was.

**Several processes on one database**. With a ``loader`` the runtime trusts
no state it holds without the store's word: a change is applied to the live copy and
committed with a compare-and-set on its version, and the store decides. When the copy
disagrees with the request's version, or the commit loses because another process moved
the match on, the match is reloaded (the loader refreshes the copy in place) and the
request judged once more; the loser of a race answers ``NOT_CURRENT``. With ``claims``
(:class:`~bot.matches.store.Claims`, leases in the database) a deadline or an agent's
move runs only in the process that claimed it, and :meth:`MatchRuntime.poll` (every
process, every :data:`bot.limits.MATCH_POLL_SECONDS`) takes over the due work of any
match, e.g. a dead process's. Whatever process applies a change arms the next timers, so
one process at a time owns a match's timers.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from types import MappingProxyType
from typing import Any, Generic

from bot.engine import BingoState, IllegalActionError
from bot.engine.events import Event
from bot.engine.outcome import Reason

from .events import (
    Cause,
    DecisionApplied,
    FinalResult,
    MatchEvent,
    MatchFinished,
    MatchStarted,
    snapshot,
)
from .log import extend_log
from .match import ActResult, ActStatus, ContextT, Match, Timing
from .scheduler import Scheduler
from .store import Claims, MatchStore

log = logging.getLogger(__name__)

Listener = Callable[[MatchEvent], Any]
#: ``loader(match_id, cached)``: the match as stored now. With ``cached`` (the runtime's
#: copy): return it, refreshed in place (state, deadline, context) when the stored
#: version differs; without: a new :class:`Match`. ``None``: not active (over, unknown).
Loader = Callable[[int, "Match[ContextT] | None"], Awaitable["Match[ContextT] | None"]]

#: How many finished matches :meth:`MatchRuntime.lookup` still finds (their listeners
#: run right after the end; a few hundred cover any burst of endings).
ENDED_KEPT = 256
#: What a scheduled job of a match does.
_DEADLINE, _AGENT = "deadline", "agent"


def _deadline_key(match_id: int) -> tuple[str, int]:
    return ("match", match_id)


def _agent_key(match_id: int) -> tuple[str, int]:
    return ("agent", match_id)


def _due_key(match_id: int) -> tuple[str, int]:
    return ("due", match_id)


class MatchRuntime(Generic[ContextT]):
    """Runs the matches of one process, knowing nothing of Discord.

    ``store``: commits (compare-and-set). ``scheduler``: shared with the owner (challenge
    expiry lives there too); the runtime uses the keys ``("match", id)`` (deadline),
    ``("agent", id)`` (an agent's pending move) and ``("due", id)`` (work taken over by
    :meth:`poll`). ``clock``: Unix seconds. ``loader`` and ``claims``: several processes
    on one database (see the module docstring); both ``None`` for one process alone.
    ``poll_grace``: seconds past its time before :meth:`poll` takes a match's work.
    """

    def __init__(
        self,
        store: MatchStore,
        *,
        scheduler: Scheduler | None = None,
        timing: Timing | None = None,
        clock: Callable[[], float] = time.time,
        loader: Loader[ContextT] | None = None,
        claims: Claims | None = None,
        poll_grace: float = 1.0,
    ) -> None:
        self.store = store
        self.scheduler = scheduler or Scheduler(clock=clock, name="matches")
        self.timing = timing or Timing()
        self.clock = clock
        self.loader = loader
        self.claims = claims
        self.poll_grace = poll_grace
        self._matches: dict[int, Match[ContextT]] = {}
        self._ended: dict[int, Match[ContextT]] = {}  # the last ENDED_KEPT finished, oldest first
        self._listeners: list[Listener] = []

    # -- registry and listeners ------------------------------------------------------

    @property
    def matches(self) -> Mapping[int, Match[ContextT]]:
        """The live matches by id (read-only)."""
        return MappingProxyType(self._matches)

    def get(self, match_id: int) -> Match[ContextT] | None:
        """The live match ``match_id``, or ``None`` (unknown or finished)."""
        return self._matches.get(match_id)

    def lookup(self, match_id: int) -> Match[ContextT] | None:
        """The live match ``match_id``, or, for listeners of :class:`MatchFinished`, one
        of the last :data:`ENDED_KEPT` matches that finished in this process (its final
        state); ``None`` otherwise."""
        return self._matches.get(match_id) or self._ended.get(match_id)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(event)`` for every :data:`MatchEvent`, in commit order, after
        the commit and outside the match's lock. It may be a plain function or a
        coroutine function (awaited before the next listener); it should be quick
        (hand slow delivery to the outbox). Its exceptions are logged, not raised.
        Returns a function that unsubscribes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def deadline_for(
        self,
        state: BingoState,
        quick_counter: tuple[bool, bool] = (False, False),
        *,
        timing: Timing | None = None,
    ) -> float | None:
        """The Unix time the pending decision of ``state`` runs out, from now; ``None``
        once the match is over. ``quick_counter``: :attr:`Match.quick_counter` (only the
        deciding seat's choice matters, and only for a counter window). ``timing``:
        :attr:`Match.timing` (``None``: the runtime's)."""
        player = state.current_player()
        quick = player is not None and quick_counter[player]
        seconds = (timing or self.timing).seconds_for(state.decision(), quick=quick)
        return None if seconds is None else self.clock() + seconds

    async def start(self, match: Match[ContextT], events: list[Event]) -> None:
        """Run a new match, already stored at ``match.state.version`` with
        ``match.deadline`` (use :meth:`deadline_for`): arm its deadline, emit
        :class:`MatchStarted` with its setup ``events``, then let an agent move."""
        self._register(match)
        await self._set_wake(match)
        state = match.state
        await self._emit(MatchStarted(match.id, state.version, snapshot(state), tuple(events)))
        self._schedule_agent(match)

    def restore(self, match: Match[ContextT]) -> None:
        """Resume a stored active match after a restart: arm its deadline (one that
        passed while the bot was down fires at once) and, if an agent is to decide,
        take that decision again. Emits nothing (the owner redraws)."""
        self._register(match)
        self._schedule_agent(match)

    async def close(self) -> None:
        """Cancel every deadline and agent move (stored deadlines survive for the next
        start) and forget the live matches."""
        for match_id in list(self._matches):
            self.scheduler.cancel(_deadline_key(match_id))
            self.scheduler.cancel(_agent_key(match_id))
            self.scheduler.cancel(_due_key(match_id))
        self._matches.clear()
        self._ended.clear()

    async def current(self, match_id: int) -> Match[ContextT] | None:
        """The match ``match_id`` as stored now: the live copy, checked against the store
        (and refreshed in place, or loaded) when the runtime has a ``loader``; ``None``
        when it is over or unknown (then forgotten here)."""
        match = self._matches.get(match_id)
        if self.loader is None:
            return match
        if match is None:
            loaded = await self.loader(match_id, None)
            if loaded is None:
                return None
            # not armed: the process that applies its next change arms its timers
            match = self._matches.setdefault(match_id, loaded)
        async with match.lock:
            if not await self._refresh(match):
                return None
        return match

    async def _refresh(self, match: Match[ContextT]) -> bool:
        """Under ``match.lock``: bring the live copy up to the store (with a loader).
        Returns False, forgetting it, when the match is no longer active."""
        if self.loader is None:
            return self._matches.get(match.id) is match
        fresh = await self.loader(match.id, match)
        if fresh is None:
            if self._matches.get(match.id) is match:
                self._forget(match.id)
            return False
        if fresh is not match:  # a loader that made a new copy: keep the registered one
            match.state, match.deadline, match.context = fresh.state, fresh.deadline, fresh.context
            match.log = fresh.log
        self._matches.setdefault(match.id, match)
        return True

    # -- requests ----------------------------------------------------------------------

    async def act(self, match_id: int, user_id: int, version: int, action: str) -> ActResult:
        """A human's decision: ``action`` at state ``version`` (from a button).

        ``NOT_YOURS`` if ``user_id`` plays no human seat; ``OVER`` if the match is not
        live; ``NOT_CURRENT`` if ``version`` is stale, it is not their decision, the
        action is not legal, or another writer committed first.
        """
        return await self._by_player(match_id, user_id, Cause.DECISION, action, version)

    async def timeout(self, match_id: int, version: int) -> ActResult:
        """The decision pending at ``version`` ran out of time (RULES §1.8)."""
        match = await self._known(match_id)
        if match is None:
            return ActResult(ActStatus.OVER)
        return await self._change(match, Cause.TIMEOUT, None, Cause.TIMEOUT, version)

    async def resign(self, match_id: int, user_id: int) -> ActResult:
        """``user_id`` resigns and loses (RULES §1.8), whatever the version."""
        return await self._by_player(match_id, user_id, Cause.RESIGN, Cause.RESIGN, None)

    async def abandon(
        self, match_id: int, reason: Reason = Reason.NO_RESULT, note: str | None = None
    ) -> ActResult:
        """Stop the match with no result (``BingoState.abandon``; RULES §3 "No result",
        §6): its table is gone (e.g. the outbox reported its channel deleted or
        unwritable), or a tournament round ended around it (``reason``
        ``Reason.NO_RESULT``), or a moderator ended it (``/bingo mod end``: ``reason``
        ``Reason.MODERATOR``, ``note`` the moderator's words as typed, stored with the
        result). Stats and ratings count it for nobody. Raises ``ValueError`` if
        ``reason`` is not a no-result reason."""
        if not Reason(reason).is_no_result:
            raise ValueError(f"{reason!r} is not a reason to stop a match from outside")
        match = await self._known(match_id)
        if match is None:
            return ActResult(ActStatus.OVER)
        return await self._change(
            match, Cause.ABANDON, None, Cause.ABANDON, None, stop=(Reason(reason), note)
        )

    async def _by_player(
        self, match_id: int, user_id: int, cause: Cause, action: str, version: int | None
    ) -> ActResult:
        """:meth:`_change` from the seat ``user_id`` plays: ``OVER`` if the match is not
        live, ``NOT_YOURS`` if they play no human seat of it."""
        match = await self._known(match_id)
        if match is None:
            return ActResult(ActStatus.OVER)
        seat = match.seat_of(user_id)
        if seat is None:
            return ActResult(ActStatus.NOT_YOURS, match)
        return await self._change(match, cause, seat, action, version)

    async def known(self, match_id: int) -> Match[ContextT] | None:
        """The registered copy of ``match_id``, loaded if this process does not hold it,
        without asking the store whether it is current (:meth:`act` does, when it
        matters); ``None`` when it is not active. Cheaper than :meth:`current` for a
        request that is about to change the match."""
        return await self._known(match_id)

    async def _known(self, match_id: int) -> Match[ContextT] | None:
        """The registered copy of ``match_id`` (loaded if need be; refreshed by
        :meth:`_change` under its lock)."""
        match = self._matches.get(match_id)
        if match is None and self.loader is not None:
            loaded = await self.loader(match_id, None)
            if loaded is not None:
                match = self._matches.setdefault(match_id, loaded)
        return match

    # -- the one path of every change --------------------------------------------------

    async def _change(
        self,
        match: Match[ContextT],
        cause: Cause,
        seat: int | None,
        action: str,
        version: int | None,
        *,
        stop: tuple[Reason, str | None] = (Reason.NO_RESULT, None),
    ) -> ActResult:
        """The one path of every change (see the module docstring).

        Optimistic on the live copy: the change is applied to it and committed with a
        compare-and-set; only when the copy disagrees with the request's ``version``, or
        the commit loses (another process moved the match on), is the match reloaded
        from the store and the request judged once more against the reloaded copy. One
        process alone thus pays one write per change and no read. ``stop``: the reason
        and note of an abandon (see :meth:`abandon`)."""
        async with match.lock:
            fresh = False
            while True:
                if fresh and not await self._refresh(match):
                    return ActResult(ActStatus.OVER, match)
                state = match.state
                stale = version is not None and state.version != version
                if (stale or state.is_over) and not fresh and self.loader is not None:
                    fresh = True  # another process may have moved it on: ask the store
                    continue
                if state.is_over or self._matches.get(match.id) is not match:
                    return ActResult(ActStatus.OVER, match)
                if stale:
                    return ActResult(ActStatus.NOT_CURRENT, match)
                outcome = self._next(state, cause, seat, action, stop)
                if outcome is None:
                    return ActResult(ActStatus.NOT_CURRENT, match)
                new, events, by = outcome
                # Shielded: once the store is asked, the live state follows it even if
                # the caller is cancelled (a cancelled commit must not leave memory
                # behind). Timers are touched outside the shield, in this task.
                over = new.result is not None
                deadline = (
                    None
                    if over
                    else self.deadline_for(new, match.quick_counter, timing=match.timing)
                )
                result = FinalResult.of(new, match.seats, self.clock()) if over else None
                wake = self._wake_of(match, new, deadline)
                committed = await asyncio.shield(
                    self._commit(match, state.version, new, events, deadline, result, wake)
                )
                if committed:
                    break
                if self.loader is None:
                    log.warning("Match %s moved on in storage; dropping it from memory", match.id)
                    self._forget(match.id)
                    return ActResult(ActStatus.NOT_CURRENT, match)
                if fresh:  # lost a race against another writer: its change stands
                    log.info("Match %s moved on in storage (another process)", match.id)
                    return ActResult(ActStatus.NOT_CURRENT, match)
                fresh = True
            if over:
                self._forget(match.id)
                self._keep_ended(match)
            else:
                self._arm(match)
        view = snapshot(new)
        await self._emit(
            DecisionApplied(match.id, new.version, view, tuple(events), by, cause, action)
        )
        if result is not None:
            await self._emit(MatchFinished(match.id, new.version, view, result))
        else:
            self._schedule_agent(match)
        return ActResult(ActStatus.APPLIED, match, events)

    @staticmethod
    def _next(
        state: BingoState,
        cause: Cause,
        seat: int | None,
        action: str,
        stop: tuple[Reason, str | None] = (Reason.NO_RESULT, None),
    ) -> tuple[BingoState, list[Event], int | None] | None:
        """``(new state, events, by)``: ``state`` with the change applied to a copy, and
        the seat it is charged to; ``None`` when it is not that seat's decision or not
        legal (``state`` itself is never touched). ``stop``: an abandon's reason and
        note."""
        by = seat
        new = state.clone()
        try:
            if cause is Cause.DECISION:
                if state.current_player() != seat:
                    return None
                events = new.apply(action, player=seat)
            elif cause is Cause.TIMEOUT:
                by = state.current_player()
                events = new.apply_timeout()
            elif cause is Cause.RESIGN:
                assert seat is not None
                events = new.resign(seat)
            else:
                events = new.abandon(*stop)
        except IllegalActionError:
            return None
        return new, events, by

    async def _commit(
        self,
        match: Match[ContextT],
        expected: int,
        new: BingoState,
        events: list[Event],
        deadline: float | None,
        result: FinalResult | None,
        wake: float | None,
    ) -> bool:
        """Store ``new`` (with its wake time, in the same write); on success make it the
        live state. Returns whether it did."""
        match.committing = new.version
        try:
            saved = await self.store.save(
                match.id, expected, new, deadline=deadline, events=events, result=result, wake=wake
            )
        finally:
            match.committing = None
        if not saved:
            return False
        match.state, match.deadline = new, deadline
        match.log = extend_log(match.log, events)
        return True

    # -- timers and agents -------------------------------------------------------------

    def _register(self, match: Match[ContextT]) -> None:
        self._matches[match.id] = match
        self._arm(match)

    def _keep_ended(self, match: Match[ContextT]) -> None:
        """Keep the finished ``match`` for :meth:`lookup`, dropping the oldest kept."""
        self._ended[match.id] = match
        while len(self._ended) > ENDED_KEPT:
            del self._ended[next(iter(self._ended))]

    def _forget(self, match_id: int) -> None:
        self._matches.pop(match_id, None)
        self.scheduler.cancel(_deadline_key(match_id))
        self.scheduler.cancel(_agent_key(match_id))

    def _arm(self, match: Match[ContextT]) -> None:
        key = _deadline_key(match.id)
        if match.deadline is None or match.state.is_over:
            self.scheduler.cancel(key)
            return
        version = match.state.version

        async def expire() -> None:
            await self._claimed(match.id, version, _DEADLINE)

        self.scheduler.schedule(key, match.deadline, expire)

    def _schedule_agent(self, match: Match[ContextT]) -> None:
        player = match.state.current_player()
        key = _agent_key(match.id)
        if player is None or not match.seats[player].is_agent:
            self.scheduler.cancel(key)
            return
        version = match.state.version

        async def move() -> None:
            await self._claimed(match.id, version, _AGENT)

        self.scheduler.schedule(key, self.clock(), move)

    def _wake(self, match: Match[ContextT]) -> float | None:
        """When ``match`` next needs a process: at once for an agent's move, else its
        deadline; ``None`` once over."""
        return self._wake_of(match, match.state, match.deadline)

    def _wake_of(
        self, match: Match[ContextT], state: BingoState, deadline: float | None
    ) -> float | None:
        """:meth:`_wake` of ``match`` at ``state`` with ``deadline`` (Unix seconds)."""
        player = state.current_player()
        if player is None or state.is_over:
            return None
        if match.seats[player].is_agent:
            return self.clock()
        return deadline

    async def _set_wake(self, match: Match[ContextT], version: int | None = None) -> None:
        """Record the match's wake time for :meth:`poll` (with ``claims``). A failure is
        logged: a row whose wake is not for its version counts as due anyway."""
        if self.claims is None:
            return
        version = match.state.version if version is None else version
        wake = self._wake(match) if match.state.version == version else None
        try:
            await self.claims.set_wake(match.id, version, wake)
        except Exception:
            log.exception("Could not record the wake time of match %s", match.id)

    async def _claimed(self, match_id: int, version: int, kind: str | None) -> None:
        """Run the timed work of ``match_id`` at ``version`` if this process claims it
        (always, without ``claims``): ``kind`` :data:`_DEADLINE` (its time-out),
        :data:`_AGENT` (an agent's move), or ``None`` (whatever is due: work taken over
        by :meth:`poll`). The work itself goes through :meth:`_change` (exactly once:
        compare-and-set on the version), the claim only keeps two processes from both
        doing it."""
        token = None
        if self.claims is not None:
            token = await self.claims.claim(match_id, version, self.clock())
            if token is None:
                return
        try:
            if kind is None:
                match = await self.current(match_id)
                if match is None or match.state.version != version:
                    return
                player = match.state.current_player()
                if match.deadline is not None and match.deadline <= self.clock():
                    kind = _DEADLINE
                elif player is not None and match.seats[player].is_agent:
                    kind = _AGENT
                else:  # nothing due (a stale wake time): record the right one
                    await self._set_wake(match)
                    return
            if kind == _DEADLINE:
                await self.timeout(match_id, version)
            else:
                await self._agent_move(match_id, version)
        finally:
            if token is not None and self.claims is not None:
                try:
                    await self.claims.release(match_id, token)
                except Exception:
                    log.exception("Could not release the claim on match %s", match_id)

    async def poll(self, limit: int = 100) -> int:
        """Take over the due timed work of any match of any process (deadlines past
        :attr:`poll_grace`, agents' moves left undone, wake times never recorded, those
        of a new match only once it is a lease's time old: ``Claims.due``): each is
        claimed, then run like a local timer. Call it periodically in every process
        (the owner does, every :data:`bot.limits.MATCH_POLL_SECONDS`). Returns how many
        matches it found due. A no-op without ``claims``."""
        if self.claims is None:
            return 0
        now = self.clock()
        due = await self.claims.due(now - self.poll_grace, now, limit)
        for match_id, version in due:
            key = _due_key(match_id)
            if key in self.scheduler:
                continue

            async def run(match_id: int = match_id, version: int = version) -> None:
                await self._claimed(match_id, version, None)

            self.scheduler.schedule(key, now, run)
        return len(due)

    async def _agent_move(self, match_id: int, version: int) -> None:
        """Ask the seat's policy, wait out the rest of the pause, then decide through
        the same path as a human. The pause is a *minimum*: a decision always takes
        ``max(agent_pause, thinking time)``, with one legal action as with many."""
        match = await self.current(match_id)
        if match is None:
            return
        state = match.state
        player = state.current_player()
        if state.version != version or player is None or not match.seats[player].is_agent:
            return
        policy = match.seats[player].policy
        assert policy is not None
        observation = state.observation(player)
        legal = observation["legal_actions"]
        started = time.monotonic()
        try:
            action = await policy.decide(observation)
        except Exception:
            log.exception("Agent of match %s failed; playing %s", match.id, legal[0])
            action = legal[0]
        if action not in legal:
            log.error("Agent of match %s chose illegal %r; playing %s", match.id, action, legal[0])
            action = legal[0]
        rest = self.timing.agent_pause - (time.monotonic() - started)
        if rest > 0:
            await asyncio.sleep(rest)
        await self._change(match, Cause.DECISION, player, action, version)

    async def _emit(self, event: MatchEvent) -> None:
        for listener in list(self._listeners):
            try:
                outcome = listener(event)
                if inspect.isawaitable(outcome):
                    await outcome
            except Exception:
                log.exception("Listener %r failed on %s", listener, type(event).__name__)
