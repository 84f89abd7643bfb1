"""A BingoMagic match (RULES §1), shaped like an OpenSpiel game.

Ask :meth:`BingoState.current_player` who must decide, :meth:`BingoState.legal_actions`
what they may do, :meth:`BingoState.apply` to do it (it returns the events it caused),
:attr:`BingoState.is_over` and :attr:`BingoState.result` for the outcome, and
:meth:`BingoState.observation` for what one player may see.

The actions are the ``verb:K`` strings of :mod:`bot.engine.actions` (``K`` a WUBRG
index, 0 = Plains … 4 = Forest): ``place:K`` and ``pass`` (main), ``allow`` and
``counter:K`` (counter window), ``discard:K`` (Swamp), ``destroy:K`` (Mountain),
``take:K`` and ``take_opp:K`` (Forest), and the mulligan actions of
:mod:`bot.engine.mulligan`.

Two actions exist outside :meth:`legal_actions`: :meth:`apply_timeout` (RULES §1.8, the
current decision ran out of time) and :meth:`resign` (either player, at any time).
Both are recorded in :attr:`history`, so a match replays exactly with :meth:`replay`.

Search and random playouts: :meth:`BingoState.clone` (cheap: a finished mulligan phase
and other immutable parts are shared) then :meth:`BingoState.apply_fast` (the same rules,
checks, history and chance as :meth:`apply`, without building events) is the fast path;
:meth:`BingoState.playout` plays a state to the end with uniformly random legal actions,
exactly as the ``apply(rng.choice(legal_actions()))`` loop would, several times faster.
``python -m benchmarks.playouts`` measures all three. The playout loop lives in
:mod:`.playout`, the state's JSON codecs in :mod:`.codec`, the table rules in
:mod:`.options` and the result in :mod:`.outcome`.

This module is longer than the house's 600 lines because :class:`BingoState` is one
rule set: its legality checks (``legal_actions``, ``apply_fast``) and the changes they
make (``apply_fast``, ``_counter``, ``_effect``, ``_resolve``, ``_next_turn``) follow RULES
§1.3–1.8 step by step and read best side by side; splitting the class would scatter
one rule over several files.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from .actions import KIND_ACTIONS, PARSED, Action, Decision, Verb
from .cards import KINDS, LETTERS, Land, bingo_library
from .codec import json_field, json_fields
from .events import (
    Abandon,
    Allow,
    Announce,
    Counter,
    Deal,
    Destroy,
    Discard,
    Draw,
    End,
    Event,
    NoEffect,
    Pass,
    Resign,
    Resolve,
    Roll,
    Take,
    Timeout,
    Turn,
)  # fmt: skip
from .mulligan import DONE, MulliganPhase
from .options import BingoOptions
from .outcome import Reason, Result, winning_territory
from .playout import kind_mask as _mask
from .playout import new_sampled
from .playout import playout as run_playout
from .table import CardTable, IllegalActionError, random_card

ISLAND = int(Land.ISLAND)
MAIN, COUNTER, SWAMP, MOUNTAIN, FOREST = (
    Decision.MAIN, Decision.COUNTER, Decision.SWAMP, Decision.MOUNTAIN, Decision.FOREST,
)  # fmt: skip
PASS, ALLOW = Verb.PASS.value, Verb.ALLOW.value
TIMEOUT, RESIGN = Verb.TIMEOUT.value, Verb.RESIGN.value
#: The match was stopped from outside with no winner (its channel is gone or unwritable).
ABANDON = Verb.ABANDON.value

# The verbs, bound once for identity tests in the hot paths.
_PLACE, _PASS, _ALLOW, _COUNTER = Verb.PLACE, Verb.PASS, Verb.ALLOW, Verb.COUNTER
_DISCARD, _DESTROY, _TAKE, _TAKE_OPP = Verb.DISCARD, Verb.DESTROY, Verb.TAKE, Verb.TAKE_OPP
#: Action string → (verb, kind), for the actions a BingoMagic table can ever allow.
_BINGO_PARSED: dict[str, tuple[Verb, int | None]] = {
    text: parsed for text, parsed in PARSED.items() if parsed[1] is None or parsed[1] < KINDS
}


def _by_mask(verb: Verb, before: tuple[str, ...] = (), after: tuple[str, ...] = ()) -> tuple:
    """``table[mask]``: the actions of ``verb`` for the kinds whose bit is set in
    ``mask`` (bit k = kind k present), WUBRG order, between ``before`` and ``after``."""
    texts = KIND_ACTIONS[verb]
    return tuple(
        (*before, *(texts[k] for k in range(KINDS) if mask >> k & 1), *after)
        for mask in range(1 << KINDS)
    )


_MAIN_LEGAL = _by_mask(Verb.PLACE, after=(PASS,))
_COUNTER_LEGAL = _by_mask(Verb.COUNTER, before=(ALLOW,))
_SWAMP_LEGAL = _by_mask(Verb.DISCARD)
_MOUNTAIN_LEGAL = _by_mask(Verb.DESTROY)
_TAKE_LEGAL = _by_mask(Verb.TAKE)
_TAKE_OPP_LEGAL = _by_mask(Verb.TAKE_OPP)
_NO_ISLAND = ~(1 << ISLAND)

# The play phase's events, built once (RULES §1.3–1.8): events are frozen values, equal
# to any event of the same fields, so one instance serves every match, and ``apply``
# appends it instead of building a new one (``benchmarks.playouts``: the exact path).
_SEATS = (0, 1)
_ANNOUNCED = tuple(tuple(Announce(player=p, land=k) for k in range(KINDS)) for p in _SEATS)
_ALLOWED = tuple(Allow(player=p) for p in _SEATS)
_COUNTERED = tuple(
    tuple(
        tuple(Counter(player=p, land=land, discarded=(ISLAND, k)) for k in range(KINDS))
        for land in range(KINDS)
    )
    for p in _SEATS
)  # [player][land][kind]
_RESOLVED = tuple(tuple(Resolve(player=p, land=k) for k in range(KINDS)) for p in _SEATS)
_DISCARDED = tuple(tuple(Discard(player=p, land=k) for k in range(KINDS)) for p in _SEATS)
_DESTROYED = tuple(
    tuple(Destroy(player=p, target=1 - p, land=k) for k in range(KINDS)) for p in _SEATS
)  # [player][land]: the target is always the other seat
_TAKEN = tuple(
    tuple(tuple(Take(player=p, source=s, land=k) for k in range(KINDS)) for s in _SEATS)
    for p in _SEATS
)  # [player][source][land]
_NO_EFFECT = tuple(tuple(NoEffect(player=p, land=k) for k in range(KINDS)) for p in _SEATS)
_PASSED = tuple(Pass(player=p) for p in _SEATS)
_DRAWN = tuple(tuple(Draw(player=p, card=k, private=p) for k in range(KINDS)) for p in _SEATS)
#: ``_TURN[player][turn]`` for the turns of the default table (``BingoOptions.max_turns``);
#: later turns of a longer table are built as they come (:func:`_turn_event`).
_TURN = tuple(tuple(Turn(player=p, turn=t) for t in range(BingoOptions().max_turns + 1))
              for p in _SEATS)  # fmt: skip


def _turn_event(player: int, turn: int) -> Turn:
    """``Turn(player=player, turn=turn)``, from :data:`_TURN` when it holds it."""
    turns = _TURN[player]
    return turns[turn] if turn < len(turns) else Turn(player=player, turn=turn)


def _pair() -> list[list[int]]:
    return [[0] * KINDS, [0] * KINDS]


@dataclass(slots=True, eq=False, repr=False)  # a repr would print hidden hands into logs
class BingoState(CardTable):
    """A whole BingoMagic match.  Build one with :meth:`new`; players are 0 and 1.

    The fields, in JSON order; :meth:`to_json` and :meth:`from_json` follow them.
    Card zones are count vectors indexed by kind (``hands``, ``territories``,
    ``discards``: one per player); ``library`` lists kinds, top card last.
    """

    options: BingoOptions = json_field("options", factory=BingoOptions)
    seed: int = json_field("int", 0)
    chance_count: int = json_field("int", 0)  # chance events so far (see table.CardTable.rng)
    library: list[int] = json_field("ints", factory=list)
    hands: list[list[int]] = json_field("grid", factory=_pair)
    territories: list[list[int]] = json_field("grid", factory=_pair)
    discards: list[list[int]] = json_field("grid", factory=_pair)
    rolls: list[list[int]] = json_field("grid", factory=list)  # the d6 rolls, ties included
    starting: int = json_field("int", 0)
    mulligans: MulliganPhase | None = json_field("mulligans")
    active: int = json_field("int", 0)
    turn: int = json_field("int", 0)  # 0 during the mulligans, then 1, 2, …
    step: str = json_field("decision", MAIN)  # the play decision pending (RULES §1.3–1.5)
    pending_land: int | None = json_field("raw")  # the land announced, in a counter window
    passes_in_row: int = json_field("int", 0)
    timeouts_in_row: list[int] = json_field("ints", factory=lambda: [0, 0])
    result: Result | None = json_field("result")
    history: list[list[Any]] = json_field("history", factory=list)  # [player, action] pairs
    #: Sampled chance (not in the JSON): see :mod:`.table`.  Set by ``new(..., chance=)``
    #: and ``playout(..., chance=)`` for search worlds and random games, never in a match.
    chance: random.Random | None = field(default=None, compare=False)
    #: Lazy shuffling under sampled chance (not in the JSON): see :mod:`.table`.
    lazy_lo: int = field(default=0, compare=False)
    lazy_hi: int = field(default=0, compare=False)

    kinds = KINDS

    # -- construction ------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        seed: int,
        options: BingoOptions | None = None,
        *,
        chance: random.Random | None = None,
    ) -> tuple[BingoState, list[Event]]:
        """Shuffle, deal 5 cards each, roll for the start, open mulligans (RULES §1.2).

        Returns the state and the setup events (``deal`` ×2 private, ``roll`` public).
        ``chance``: sampled chance for random games and search only (see :mod:`.table`):
        the shuffle, the rolls and every later chance event draw from it, not from
        ``seed``, so the match does not replay; a stored match never sets it.
        """
        if chance is not None:
            options = options or BingoOptions()
            if cls is BingoState:
                return new_sampled(_blank_state(options, seed, chance), options, chance)
            return new_sampled(cls(options=options, seed=seed, chance=chance), options, chance)
        # (options given: its default factory would build a BingoOptions for nothing)
        state = cls(options=options or BingoOptions(), seed=seed, library=bingo_library())
        events: list[Event] = []
        state.shuffle_into_library([])
        for player in (0, 1):
            state.draw_many(player, state.options.hand_size, None)
            events.append(Deal(player=player, cards=tuple(state.hands[player]), private=player))
        rng = state.rng()
        while True:
            rolls = [rng.randint(1, 6), rng.randint(1, 6)]
            state.rolls.append(rolls)
            if rolls[0] != rolls[1]:
                break
        state.starting = 0 if rolls[0] > rolls[1] else 1
        state.active = state.starting
        events.append(Roll(rolls=tuple(tuple(r) for r in state.rolls), starting=state.starting))
        order = [state.starting, 1 - state.starting]
        state.mulligans = MulliganPhase(
            state.options.mulligan_options(), order, is_land=[True] * KINDS
        )
        state.mulligans.start(state, events)
        state.after_mulligans(events)
        return state, events

    @classmethod
    def replay(
        cls, seed: int, options: BingoOptions | None, history: list[list[Any]]
    ) -> BingoState:
        """Rebuild a match from its seed, options and decision history.

        Raises :class:`IllegalActionError` if the history does not fit the match.
        """
        state, _ = cls.new(seed, options)
        for player, action in history:
            if action == RESIGN:
                state.resign(player)
            elif action == ABANDON:
                state.abandon()
            elif action == TIMEOUT:
                if state.current_player() != player:
                    raise IllegalActionError(f"history: timeout by {player} out of turn")
                state.apply_timeout()
            else:
                state.apply_fast(action, player, None)
        return state

    # -- questions ---------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``"mulligan"``, ``"play"`` or ``"over"``."""
        if self.result is not None:
            return "over"
        mull = self.mulligans
        if mull is not None and mull.step != DONE:
            return "mulligan"
        return "play"

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def version(self) -> int:
        """How many decisions have been applied; changes with every decision."""
        return len(self.history)

    def decision(self) -> str:
        """The kind of the pending decision (a :class:`~bot.engine.actions.Decision`): a
        mulligan step (``declare``, ``bottom``, ``aside``, ``scry``), a play step
        (``main``, ``counter``, ``swamp``, ``mountain``, ``forest``), or ``"over"``."""
        if self.result is not None:
            return Decision.OVER
        mull = self.mulligans
        if mull is not None and mull.step != DONE:
            return mull.step
        return self.step

    def current_player(self) -> int | None:
        """The player who must decide now, or ``None`` once the match is over."""
        if self.result is not None:
            return None
        mull = self.mulligans
        if mull is not None and mull.step != DONE:
            return mull.current()
        step = self.step
        if step == COUNTER or step == SWAMP:
            return 1 - self.active
        return self.active

    def legal_actions(self) -> list[str]:
        """Every legal action of :meth:`current_player`, ``[]`` once the match is over.

        A new list each call, in a fixed order (WUBRG within a verb; ``pass`` last,
        ``allow`` first).
        """
        if self.result is not None:
            return []
        mull = self.mulligans
        if mull is not None and mull.step != DONE:
            return mull.legal(self)
        step = self.step
        if step == MAIN:
            w, u, b, r, g = self.hands[self.active]  # _mask(), inlined
            mask = (
                (1 if w else 0)
                | (2 if u else 0)
                | (4 if b else 0)
                | (8 if r else 0)
                | (16 if g else 0)
            )
            return list(_MAIN_LEGAL[mask])
        other = 1 - self.active
        if step == COUNTER:
            hand = self.hands[other]
            islands = hand[ISLAND]
            if not islands:
                return [ALLOW]
            mask = _mask(hand)
            return list(_COUNTER_LEGAL[mask if islands >= 2 else mask & _NO_ISLAND])
        if step == SWAMP:
            return list(_SWAMP_LEGAL[_mask(self.hands[other])])
        if step == MOUNTAIN:
            return list(_MOUNTAIN_LEGAL[_mask(self.territories[other])])
        actions = list(_TAKE_LEGAL[_mask(self.discards[self.active])])
        if self.options.forest_any_pile:
            actions += _TAKE_OPP_LEGAL[_mask(self.discards[other])]
        return actions

    def is_legal(self, action: str | Action) -> bool:
        """Whether ``action`` is one of :meth:`legal_actions` now."""
        return str(action) in self.legal_actions()

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` (0 or 1) may see: their own hand, only the size of the other
        hand, everything public, and the card they are scrying if they are.

        Shape: a JSON-ready dict with keys ``player``, ``phase``, ``decision``,
        ``current_player``, ``legal_actions`` (empty unless ``player`` decides now),
        ``hand`` (count vector), ``hand_sizes``, ``territories``, ``discards``,
        ``library_size``, ``turn``, ``active``, ``starting``, ``rolls``,
        ``pending_land``, ``passes_in_row``, ``mulligans``, ``scry_card``, ``result``.
        """
        current = self.current_player()
        mull = self.mulligans
        return {
            "player": player,
            "phase": self.phase,
            "decision": str.__str__(self.decision()),
            "current_player": current,
            "legal_actions": self.legal_actions() if current == player else [],
            "hand": list(self.hands[player]),
            "hand_sizes": [sum(self.hands[0]), sum(self.hands[1])],
            "territories": [list(t) for t in self.territories],
            "discards": [list(d) for d in self.discards],
            "library_size": len(self.library),
            "turn": self.turn,
            "active": self.active,
            "starting": self.starting,
            "rolls": [list(r) for r in self.rolls],
            "pending_land": self.pending_land,
            "passes_in_row": self.passes_in_row,
            "mulligans": None
            if mull is None
            else {
                "taken": list(mull.taken),
                "kept": list(mull.kept),
                "declared": list(mull.declared),
                "set_aside": [sum(a) for a in mull.aside],
            },
            "scry_card": None if mull is None else mull.scry_card(self, player),
            "result": None if self.result is None else self.result.to_json(),
        }

    def card_count(self) -> int:
        """Cards in the library, hands, territories, discard piles and set aside (60)."""
        total = len(self.library)
        for player in (0, 1):
            total += sum(self.hands[player]) + sum(self.territories[player])
            total += sum(self.discards[player])
            if self.mulligans is not None:
                total += sum(self.mulligans.aside[player])
        if self.pending_land is not None:
            total += 1
        return total

    # -- changes -----------------------------------------------------------------------

    def apply(self, action: str | Action, player: int | None = None) -> list[Event]:
        """Apply one legal ``action`` of :meth:`current_player`; return its events.

        ``action``: an action string (or an :class:`~bot.engine.actions.Action`).
        ``player``, when given, must be the current player (a guard for callers that
        act on behalf of a user).  Raises :class:`IllegalActionError` otherwise, or
        when the action is not legal now.  Nothing changes when it raises.
        """
        events: list[Event] = []
        self.apply_fast(action, player, events)
        return events

    def playout(self, rng: random.Random, chance: random.Random | None = None) -> int:
        """Play to the end with uniformly random legal actions, exactly as
        ``while not s.is_over: s.apply(rng.choice(s.legal_actions()))`` would (the same
        actions and history, the same final state, the same ``rng`` draws), without
        events.  Returns how many decisions were applied.

        ``chance``: sampled chance for search rollouts and random games (OpenSpiel's
        chance sampling, see :mod:`.table`): the playout's shuffles draw from it (it may
        be ``rng`` itself) instead of from the match seed; same distributions, faster,
        but the result no longer follows from the seed.  ``None`` (the default): exact.

        For speed, the play phase (RULES §1.3–1.7) is written out a second time in
        :func:`bot.engine.playout.playout`, as one loop over local variables;
        ``test_fast_path.py`` and the fuzz run's ``playout_agrees`` check hold it to
        :meth:`apply`.  Mulligans, and a ``rng`` that is a ``random.Random`` subclass,
        go through :meth:`apply_fast`.
        """
        if chance is None:
            return run_playout(self, rng)
        saved, self.chance = self.chance, chance
        try:
            return run_playout(self, rng)
        finally:
            if saved is None and self.lazy_hi:  # back to exact chance: fix the order
                if self.result is None:
                    self.settle_library()
                else:  # over: no card will be drawn again
                    self.lazy_lo = self.lazy_hi = 0
            self.chance = saved

    def apply_fast(
        self, action: str | Action, player: int | None = None, events: list[Event] | None = None
    ) -> None:
        """:meth:`apply` without building events, for search and random playouts.

        The same rules, the same legality check (raises :class:`IllegalActionError`,
        changing nothing), the same history and chance; only the event dicts are
        skipped (unless ``events`` is a list to fill: that is how :meth:`apply` calls
        it), so the resulting state equals the one :meth:`apply` gives.  ``player``:
        as for :meth:`apply`.

        The play phase is written out decision by decision in this one function,
        because random playouts and search spend most of their time here."""
        if self.result is not None:
            raise IllegalActionError("the match is over")
        try:
            verb, kind = _BINGO_PARSED[action]  # type: ignore[index]
        except (KeyError, TypeError):
            if not isinstance(action, Action) or str(action) not in _BINGO_PARSED:
                raise IllegalActionError(f"{action!r} is not legal now") from None
            action = str(action)
            verb, kind = _BINGO_PARSED[action]
        mull = self.mulligans
        if mull is not None and mull.step != DONE:
            current = mull.current()
            if player is not None and player != current:
                raise IllegalActionError(f"player {player} is not the one to decide")
            if action not in mull.legal(self):
                raise IllegalActionError(f"{action!r} is not legal now")
            self.history.append([current, action])
            mull.apply_legal(self, action, events)  # legal: checked just above
            self.after_mulligans(events)
            return
        active = self.active
        other = 1 - active
        step = self.step
        if step == MAIN:  # place:K or pass (RULES §1.3.2)
            if player is not None and player != active:
                raise IllegalActionError(f"player {player} is not the one to decide")
            if verb is _PLACE:
                hand = self.hands[active]
                if hand[kind] <= 0:  # type: ignore[index]
                    raise IllegalActionError(f"{action!r} is not legal now")
                self.history.append([active, action])
                # RULES §1.3.2: announce the land; the counter window opens if the
                # opponent holds 2 cards (§1.3.3), else the land resolves
                self.timeouts_in_row[active] = 0
                self.passes_in_row = 0
                hand[kind] -= 1  # type: ignore[index]
                self.pending_land = kind
                if events is not None:
                    events.append(_ANNOUNCED[active][kind])  # type: ignore[index]
                if sum(self.hands[other]) >= 2:
                    self.step = COUNTER
                else:
                    self._resolve(events)
                return
            elif verb is _PASS:
                self.history.append([active, action])
                self.timeouts_in_row[active] = 0
                self._pass(active, events)
                return
            else:
                raise IllegalActionError(f"{action!r} is not legal now")
        elif step == COUNTER:  # allow or counter:K (RULES §1.5)
            if player is not None and player != other:
                raise IllegalActionError(f"player {player} is not the one to decide")
            if verb is _ALLOW:
                self.history.append([other, action])
                if events is not None:
                    events.append(_ALLOWED[other])
                self._resolve(events)
                return
            if verb is _COUNTER:
                hand = self.hands[other]
                islands = hand[ISLAND]
                if islands <= 0 or hand[kind] <= 0 or (kind == ISLAND and islands < 2):  # type: ignore[index]
                    raise IllegalActionError(f"{action!r} is not legal now")
                self.history.append([other, action])
                self._counter(kind, events)  # type: ignore[arg-type]
                return
            raise IllegalActionError(f"{action!r} is not legal now")
        else:  # an effect's choice: swamp, mountain or forest (RULES §1.4)
            assert isinstance(action, str)  # an Action failed the lookup above and became a str
            self._effect(action, player, verb, kind, events)

    def _counter(self, kind: int, events: list[Event] | None) -> None:
        """The opponent discards an Island and a ``kind``; the announced land goes to
        its owner's discard pile and the turn ends (RULES §1.5)."""
        active = self.active
        other = 1 - active
        hand = self.hands[other]
        hand[ISLAND] -= 1
        hand[kind] -= 1
        pile = self.discards[other]
        pile[ISLAND] += 1
        pile[kind] += 1
        land = self.pending_land
        assert land is not None
        self.discards[active][land] += 1
        self.pending_land = None
        if events is not None:
            events.append(_COUNTERED[other][land][kind])
        self._next_turn(events)

    def _effect(
        self,
        action: str,
        player: int | None,
        verb: Verb,
        kind: int | None,
        events: list[Event] | None,
    ) -> None:
        """The Swamp, Mountain and Forest decisions of :meth:`apply_fast` (RULES §1.4)."""
        active = self.active
        other = 1 - active
        step = self.step
        chooser = other if step == SWAMP else active
        if player is not None and player != chooser:
            raise IllegalActionError(f"player {player} is not the one to decide")
        if step == SWAMP:
            source, target = self.hands[other], self.discards[other]
            legal = verb is _DISCARD
        elif step == MOUNTAIN:
            source, target = self.territories[other], self.discards[other]
            legal = verb is _DESTROY
        elif verb is _TAKE_OPP:
            source, target = self.discards[other], self.hands[active]
            legal = self.options.forest_any_pile
        else:
            source, target = self.discards[active], self.hands[active]
            legal = verb is _TAKE
        if not legal or source[kind] <= 0:  # type: ignore[index]
            raise IllegalActionError(f"{action!r} is not legal now")
        self.history.append([chooser, action])
        source[kind] -= 1  # type: ignore[index]
        target[kind] += 1  # type: ignore[index]
        if events is not None:
            assert kind is not None  # a card-choosing verb (checked above)
            if step == SWAMP:
                events.append(_DISCARDED[other][kind])
            elif step == MOUNTAIN:
                events.append(_DESTROYED[active][kind])
            else:
                events.append(_TAKEN[active][other if verb is _TAKE_OPP else active][kind])
        self._next_turn(events)

    def _pass(self, player: int, events: list[Event] | None) -> None:
        """A pass, chosen or timed out (RULES §1.3.2); enough in a row draw (§1.8)."""
        self.passes_in_row += 1
        if events is not None:
            events.append(_PASSED[player])
        if self.passes_in_row >= self.options.max_passes:
            self._end(Result(None, Reason.PASSES), events)
        else:
            self._next_turn(events)

    def apply_timeout(self) -> list[Event]:
        """The current decision ran out of time (RULES §1.8); return its events.

        Main step: pass (three such turns in a row forfeit).  Counter window: the land
        resolves.  Swamp discard, Mountain, Forest and London bottom: a random card
        (each copy equally likely).
        Mulligan declaration: keep.  Scry: leave the card on top.  Partial Paris
        set-aside: finish, setting aside the first card in WUBRG order if none was yet.
        """
        player = self.current_player()
        if player is None:
            raise IllegalActionError("the match is over")
        decision = self.decision()
        events: list[Event] = [Timeout(player=player, decision=Decision(decision))]
        self.history.append([player, TIMEOUT])
        legal = self.legal_actions()
        if decision == MAIN:
            self.timeouts_in_row[player] += 1
            if self.timeouts_in_row[player] >= self.options.max_timeouts:
                self._end(Result(1 - player, Reason.TIMEOUT, loser=player), events)
                return events
            self._pass(player, events)
            return events
        if decision in (Decision.DECLARE, Decision.SCRY, COUNTER):
            action = legal[0]  # keep / scry_top / allow
        elif decision == Decision.ASIDE:
            action = Verb.ASIDE_DONE.value if Verb.ASIDE_DONE in legal else legal[0]
        else:  # a random card, not a random kind: weigh each action by its copies
            action = legal[random_card(self.rng(), [self._copies(player, a) for a in legal])]
        mull = self.mulligans
        if mull is not None and mull.step != DONE:
            mull.apply(self, action, events)
            if decision == Decision.ASIDE and mull.step == Decision.ASIDE:
                mull.apply(self, Verb.ASIDE_DONE.value, events)
            self.after_mulligans(events)
        else:
            self.apply_fast(action, player, events)
            del self.history[-1]  # the time-out itself is the entry
        return events

    def _copies(self, player: int, action: str) -> int:
        """How many cards a card-choosing action could pick (its weight at random)."""
        verb, kind = PARSED[action]
        assert kind is not None
        other = 1 - self.active
        if verb is Verb.DISCARD or verb is Verb.BOTTOM:
            pile = self.hands[player]
        elif verb is _DESTROY:
            pile = self.territories[other]
        elif verb is _TAKE:
            pile = self.discards[self.active]
        else:  # take_opp
            pile = self.discards[other]
        return pile[kind]

    def resign(self, player: int) -> list[Event]:
        """``player`` resigns and loses (RULES §1.8).  Raises if the match is over."""
        if self.result is not None:
            raise IllegalActionError("the match is over")
        if player not in (0, 1):
            raise IllegalActionError(f"no player {player}")
        self.history.append([player, RESIGN])
        events: list[Event] = [Resign(player=player)]
        self._end(Result(1 - player, Reason.RESIGN, loser=player), events)
        return events

    def abandon(self, reason: Reason = Reason.NO_RESULT, note: str | None = None) -> list[Event]:
        """End the match with no result: it cannot go on, for reasons outside the rules.
        ``reason``: ``Reason.NO_RESULT`` (the table is gone: its Discord channel was
        deleted or the bot may no longer post there) or ``Reason.MODERATOR`` (a moderator
        ended it). ``note``: words given with it (a moderator's reason), kept as they are
        in :attr:`Result.note` and the ``end`` event; the engine never reads them.
        Recorded in :attr:`history` as ``[None, "abandon"]`` so the match still replays.

        Raises:
            IllegalActionError: the match is over.
            ValueError: ``reason`` is not a no-result reason.
        """
        if self.result is not None:
            raise IllegalActionError("the match is over")
        if not Reason(reason).is_no_result:
            raise ValueError(f"{reason!r} is not a reason to stop a match from outside")
        self.history.append([None, ABANDON])
        events: list[Event] = [Abandon()]
        self._end(Result(None, Reason(reason), note=note), events)
        return events

    # -- internals ---------------------------------------------------------------------

    def refill(self) -> int:
        """RULES §1.7: shuffle both discard piles together into a new library."""
        for player in (0, 1):
            pile = self.discards[player]
            for kind in range(KINDS):
                self.library.extend([kind] * pile[kind])
            self.discards[player] = [0] * KINDS
        if self.library:
            self.shuffle_into_library([])
        return len(self.library)

    def after_mulligans(self, events: list[Event] | None) -> None:
        """When the mulligan phase has just ended, begin turn 1 (no draw, RULES §1.3.1)."""
        mull = self.mulligans
        if mull is not None and mull.step == DONE and self.turn == 0:
            self.turn = 1
            self.active = self.starting
            self.step = MAIN
            if events is not None:
                events.append(_turn_event(self.active, 1))

    def _resolve(self, events: list[Event] | None) -> None:
        """RULES §1.3.4: the land enters; a win ends the match, else its effect (§1.4)."""
        active = self.active
        other = 1 - active
        land = self.pending_land
        assert land is not None
        self.pending_land = None
        territory = self.territories[active]
        territory[land] += 1
        if events is not None:
            events.append(_RESOLVED[active][land])
        # RULES §1.6, asked only when it may be a win: a territory that held one would
        # have ended the match, so only this land's count can have reached 5 (the same
        # test as playout.py's, so both paths agree on any loaded state)
        if territory[land] >= 5 or 0 not in territory:
            reason = winning_territory(territory)
            if reason is not None:
                self._end(Result(active, reason, loser=other), events)
                return
        if land == 0:  # Plains: draw
            library = self.library
            if len(library) > self.lazy_hi:  # draw(), inlined: a known top card
                card = library.pop()
                self.hands[active][card] += 1
                if events is not None:
                    events.append(_DRAWN[active][card])
            else:
                self.draw(active, events)
            self._next_turn(events)
            return
        if land == 2:  # Swamp
            if sum(self.hands[other]):
                self.step = SWAMP
                return
        elif land == 3:  # Mountain
            if sum(self.territories[other]):
                self.step = MOUNTAIN
                return
        elif land == 4:  # Forest
            if sum(self.discards[active]) or (
                self.options.forest_any_pile and sum(self.discards[other])
            ):
                self.step = FOREST
                return
        if land >= 2 and events is not None:  # a Swamp, Mountain or Forest with no target
            events.append(_NO_EFFECT[active][land])
        self._next_turn(events)

    def _next_turn(self, events: list[Event] | None) -> None:
        """The turn ends: the other player's turn begins with a draw (RULES §1.3.1), or
        the match is drawn when the last turn has ended (§1.8)."""
        turn = self.turn
        if turn >= self.options.max_turns:
            self._end(Result(None, Reason.TURN_LIMIT), events)
            return
        self.turn = turn = turn + 1
        self.active = active = 1 - self.active
        self.step = MAIN
        library = self.library
        if len(library) > self.lazy_hi:  # draw(), inlined: a known top card
            card = library.pop()
            self.hands[active][card] += 1
            if events is not None:
                turns = _TURN[active]  # _turn_event(), inlined
                events.append(turns[turn] if turn < len(turns) else Turn(player=active, turn=turn))
                events.append(_DRAWN[active][card])
        else:
            if events is not None:
                events.append(_turn_event(active, turn))
            self.draw(active, events)

    def _end(self, result: Result, events: list[Event] | None) -> None:
        self.result = result
        if events is not None:
            events.append(
                End(
                    winner=result.winner,
                    reason=Reason(result.reason),
                    loser=result.loser,
                    note=result.note,
                )
            )

    # -- copies and JSON ---------------------------------------------------------------

    def clone(self) -> BingoState:
        """An independent copy, cheap enough for search (written out by hand: the
        playout benchmark shows it matters).  Immutable parts are shared: the options,
        the rolls, the result, the history entries, and a finished mulligan phase."""
        state = _new_state(BingoState)
        state.options = self.options
        state.seed = self.seed
        state.chance_count = self.chance_count
        state.library = self.library[:]
        hands, territories, discards = self.hands, self.territories, self.discards
        state.hands = [hands[0][:], hands[1][:]]
        state.territories = [territories[0][:], territories[1][:]]
        state.discards = [discards[0][:], discards[1][:]]
        state.rolls = self.rolls
        state.starting = self.starting
        mull = self.mulligans
        state.mulligans = mull if mull is None or mull.step == DONE else mull.clone()
        state.active = self.active
        state.turn = self.turn
        state.step = self.step
        state.pending_land = self.pending_land
        state.passes_in_row = self.passes_in_row
        state.timeouts_in_row = self.timeouts_in_row[:]
        state.result = self.result
        state.history = self.history[:]
        state.chance = self.chance
        state.lazy_lo, state.lazy_hi = self.lazy_lo, self.lazy_hi
        return state

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict holding the whole state; :meth:`from_json` inverts it.

        One key per field, in field order, each written by the field's codec."""
        return {name: codec.dump(getattr(self, name)) for name, codec in _JSON_FIELDS}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BingoState:
        """Inverse of :meth:`to_json`.  Raises ``KeyError``/``ValueError`` on bad data."""
        state = _new_state(cls)
        for name, codec in _JSON_FIELDS:
            setattr(state, name, codec.load(data[name]))
        state.chance = None
        state.lazy_lo = state.lazy_hi = 0
        return state

    def dumps(self) -> str:
        """:meth:`to_json` as a compact JSON string."""
        return json.dumps(self.to_json(), separators=(",", ":"))


def _blank_state(options: BingoOptions, seed: int, chance: random.Random) -> BingoState:
    """``BingoState(options=options, seed=seed, chance=chance)`` (every other field its
    default), written out as :meth:`BingoState.clone` is: about half the time of the
    dataclass ``__init__`` and its default factories, for sampled deals
    (``test_sampled_chance.py`` checks it against the constructor)."""
    state = _new_state(BingoState)
    state.options = options
    state.seed = seed
    state.chance_count = 0
    state.library = []
    state.hands = [[0] * KINDS, [0] * KINDS]
    state.territories = [[0] * KINDS, [0] * KINDS]
    state.discards = [[0] * KINDS, [0] * KINDS]
    state.rolls = []
    state.starting = 0
    state.mulligans = None
    state.active = 0
    state.turn = 0
    state.step = MAIN
    state.pending_land = None
    state.passes_in_row = 0
    state.timeouts_in_row = [0, 0]
    state.result = None
    state.history = []
    state.chance = chance
    state.lazy_lo = state.lazy_hi = 0
    return state


def action_land(action: str) -> Land | None:
    """The land an action names (``"place:2"`` → ``Land.SWAMP``), or ``None``."""
    try:
        kind = Action.parse(action).kind
    except ValueError:
        return None
    return None if kind is None or kind >= KINDS else Land(kind)


def land_letter(kind: int) -> str:
    """``0`` → ``"W"``."""
    return LETTERS[kind]


_new_state = object.__new__
#: (field name, codec) for every field of BingoState, in JSON order.
_JSON_FIELDS = json_fields(BingoState)
