"""Running BingoMagic matches, with no Discord in sight.

Design note
-----------
**What the runtime owns.** :class:`MatchRuntime` holds the live matches of one process
(:class:`Match`: id, two :class:`Seat` s, the engine state, the pending deadline and an
opaque ``context`` for its owner). Every change goes through one path: under the
match's lock, apply the decision to a *copy* of the state, commit the copy through the
store (compare-and-set on the version), make it live and re-arm the deadline; then,
outside the lock, emit typed events; then, if an agent is to decide, schedule its move.
A seat is a human (a user id) or an agent (a user id, the bot's, plus a
:class:`Policy`: observation → action, awaited, by default ``bot.ai.choose_action`` in
a thread or process pool: :class:`AIPool`, created lazily, closed with the bot). Agents
decide through the same path as humans, after a pause (:attr:`Timing.agent_pause`) that
is a minimum for every decision, so timing never reveals a hand. Nothing outside this
package asks whether a seat is a bot: :meth:`Match.viewers` names the seats that need a
private view.

**Events** (:mod:`bot.matches.events`, frozen dataclasses): :class:`MatchStarted`
(setup events), :class:`DecisionApplied` (engine events, ``by`` seat, ``cause``,
``action``) and :class:`MatchFinished` (:class:`FinalResult`). Each carries the match id,
the ``version`` it describes and ``view``, the read-only public view at that version,
never the live :class:`Match` (listeners that need it ask :meth:`MatchRuntime.lookup`,
which still finds a match that has just finished).
Engine events (:mod:`bot.engine.events`, frozen dataclasses) can be private; show them
through :func:`events_for` (``Event.for_viewer``).

**The store protocol** (:class:`MatchStore`): one coroutine,
``save(match_id, expected_version, new_state, *, deadline, events, result) -> bool``;
``False`` means another writer got there first (the request is "no longer current").
``result`` is set when the change ended the match: finish it and its stats atomically.

**Timers**: one :class:`Scheduler` keyed by id (``("match", id)`` deadlines,
``("agent", id)`` agent moves; the cog adds ``("challenge", id)``).

**What players see** (:mod:`bot.matches.views`): :func:`public_view` (the board, a
frozen :class:`PublicView`), :func:`player_view` (a hand panel, a :class:`PlayerView`),
:func:`events_for` (log lines). Renderers take these
and never read ``state.hands`` or the mulligan internals.

**How the cog plugs in** (``cogs/bingo/_matches.py``). The client builds, in
``setup_hook``, ``bot.runtime = MatchRuntime(adapter_over_db, scheduler=bot.scheduler,
timing=Timing(from settings))`` (the adapter: ``bot.storage.match_store.DatabaseMatchStore``;
``agent_pause`` from ``BINGO_BOT_PAUSE_SECONDS``) and closes it with the bot; at load the
cog sets its loader and the adapter's ``ui`` hooks. The bot's seats search in
``bot.ai_pool``, the one :class:`AIPool` the client creates in ``setup_hook``
(``BINGO_AI_WORKERS``, ``BINGO_AI_BUDGET_SECONDS``) and closes with the bot. The cog
subscribes one listener that
hands board/panel delivery to the match's courier (``cogs/bingo/_delivery.py``, over
``bot.outbox``) and forwards :class:`MatchFinished` to
``bot.dispatch("bingo_match_finished", event)`` (the cog's listener posts the result;
stats were recorded in the finishing commit), restores active matches with
:meth:`MatchRuntime.restore`, and on a button calls :meth:`MatchRuntime.act` and answers
the interaction from the returned :class:`ActResult`.
"""

from .events import Cause, DecisionApplied, FinalResult, MatchEvent, MatchFinished, MatchStarted
from .match import ActResult, ActStatus, Match, Timing
from .pool import AIPool
from .runtime import MatchRuntime
from .scheduler import Scheduler
from .seats import LEVELS, Policy, SearchPolicy, Seat
from .store import MatchStore, MemoryMatchStore
from .views import PlayerView, PublicView, events_for, player_view, public_view

__all__ = [
    "LEVELS",
    "AIPool",
    "ActResult",
    "ActStatus",
    "Cause",
    "DecisionApplied",
    "FinalResult",
    "Match",
    "MatchEvent",
    "MatchFinished",
    "MatchRuntime",
    "MatchStarted",
    "MatchStore",
    "MemoryMatchStore",
    "PlayerView",
    "Policy",
    "PublicView",
    "Scheduler",
    "SearchPolicy",
    "Seat",
    "Timing",
    "events_for",
    "player_view",
    "public_view",
]
