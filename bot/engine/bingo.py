"""A BingoMagic match (RULES §1), shaped like an OpenSpiel game.

Ask :meth:`BingoState.current_player` who must decide, :meth:`BingoState.legal_actions`
what they may do, :meth:`BingoState.apply` to do it (it returns the events it caused),
:attr:`BingoState.is_over` and :attr:`BingoState.result` for the outcome, and
:meth:`BingoState.observation` for what one player may see.

Play actions (mulligan actions are in :mod:`bot.engine.mulligan`); ``K`` is a WUBRG
index (0 = Plains … 4 = Forest):

=================  =========================================================
``place:K``        the active player places a land of kind K (RULES §1.3)
``pass``           the active player passes
``allow``          the opponent lets the announced land resolve
``counter:K``      the opponent discards an Island and a card of kind K (§1.5)
``discard:K``      Swamp: the opponent discards a card of kind K (§1.4)
``destroy:K``      Mountain: a land of kind K leaves the opponent's territory
``take:K``         Forest: a land of kind K from the player's own discard pile
``take_opp:K``     Forest, house rule: a land of kind K from the opponent's pile
=================  =========================================================

Two actions exist outside :meth:`legal_actions`: :meth:`apply_timeout` (RULES §1.8, the
current decision ran out of time) and :meth:`resign` (either player, at any time).
Both are recorded in :attr:`history`, so a match replays exactly with :meth:`replay`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .cards import KINDS, LETTERS, Land, bingo_library
from .mulligan import MulliganOptions, MulliganPhase, MulliganRule
from .table import CardTable, IllegalActionError, kinds_in, random_card

ISLAND = int(Land.ISLAND)
MAIN, COUNTER, SWAMP, MOUNTAIN, FOREST = "main", "counter", "swamp", "mountain", "forest"
PASS, ALLOW, TIMEOUT, RESIGN = "pass", "allow", "timeout", "resign"
#: The match was stopped from outside with no winner (its channel is gone or unwritable).
ABANDON = "abandon"


@dataclass(frozen=True, slots=True)
class BingoOptions:
    """The table rules of one match.

    ``mulligan_rule``: RULES §2 (default Vancouver, §1.2.4).  ``free_first`` and
    ``sequential``: the §2 options.  ``forest_any_pile``: the §1.4 house rule.
    ``max_passes`` / ``max_turns``: the §1.8 stalemate.  ``max_timeouts``: turns in a
    row a player may time out before forfeiting (§1.8).
    """

    mulligan_rule: MulliganRule = MulliganRule.VANCOUVER
    free_first: bool = False
    sequential: bool = False
    forest_any_pile: bool = False
    hand_size: int = 5
    max_passes: int = 6
    max_turns: int = 200
    max_timeouts: int = 3

    def __post_init__(self) -> None:
        if self.mulligan_rule is MulliganRule.EARLY_1994:
            raise ValueError("the 1994 mulligan is for Magic decks only (RULES §2)")

    def mulligan_options(self) -> MulliganOptions:
        return MulliganOptions(
            rule=self.mulligan_rule,
            free_first=self.free_first,
            sequential=self.sequential,
            hand_size=self.hand_size,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "mulligan_rule": self.mulligan_rule.value,
            "free_first": self.free_first,
            "sequential": self.sequential,
            "forest_any_pile": self.forest_any_pile,
            "hand_size": self.hand_size,
            "max_passes": self.max_passes,
            "max_turns": self.max_turns,
            "max_timeouts": self.max_timeouts,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BingoOptions:
        return cls(**{**data, "mulligan_rule": MulliganRule(data["mulligan_rule"])})


@dataclass(frozen=True, slots=True)
class Result:
    """How a match ended.  ``winner`` is a player index, or ``None`` for a draw.

    ``reason``: ``five_of_a_color``, ``five_colors`` (RULES §1.6), ``resign``,
    ``timeout`` (§1.8 forfeit), ``passes`` or ``turn_limit`` (§1.8 stalemate), or
    ``no_result`` (stopped from outside by :meth:`BingoState.abandon`: no winner, no draw).
    """

    winner: int | None
    reason: str
    loser: int | None = field(default=None)

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "loser": self.loser}


def winning_territory(territory: list[int]) -> str | None:
    """RULES §1.6: ``"five_of_a_color"``, ``"five_colors"`` or ``None``."""
    if max(territory) >= 5:
        return "five_of_a_color"
    if min(territory) >= 1:
        return "five_colors"
    return None


class BingoState(CardTable):
    """A whole BingoMagic match.  Build one with :meth:`new`; players are 0 and 1."""

    kinds = KINDS

    def __init__(self) -> None:  # use new(), from_json() or clone()
        self.options = BingoOptions()
        self.seed = 0
        self.chance_count = 0
        self.library: list[int] = []
        self.hands = [[0] * KINDS, [0] * KINDS]
        self.territories = [[0] * KINDS, [0] * KINDS]
        self.discards = [[0] * KINDS, [0] * KINDS]
        self.rolls: list[list[int]] = []
        self.starting = 0
        self.mulligans: MulliganPhase | None = None
        self.active = 0
        self.turn = 0
        self.step = MAIN
        self.pending_land: int | None = None
        self.passes_in_row = 0
        self.timeouts_in_row = [0, 0]
        self.result: Result | None = None
        self.history: list[list[Any]] = []

    # -- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, seed: int, options: BingoOptions | None = None) -> tuple[BingoState, list[dict]]:
        """Shuffle, deal 5 cards each, roll for the start, open mulligans (RULES §1.2).

        Returns the state and the setup events (``deal`` ×2 private, ``roll`` public).
        """
        state = cls()
        state.options = options or BingoOptions()
        state.seed = seed
        events: list[dict] = []
        state.library = bingo_library()
        state.rng().shuffle(state.library)
        for player in (0, 1):
            state.draw_many(player, state.options.hand_size, [])
            events.append(
                {"type": "deal", "player": player, "cards": list(state.hands[player]),
                 "private": player}
            )  # fmt: skip
        rng = state.rng()
        while True:
            rolls = [rng.randint(1, 6), rng.randint(1, 6)]
            state.rolls.append(rolls)
            if rolls[0] != rolls[1]:
                break
        state.starting = 0 if rolls[0] > rolls[1] else 1
        state.active = state.starting
        events.append({"type": "roll", "rolls": [r[:] for r in state.rolls],
                       "starting": state.starting})  # fmt: skip
        order = [state.starting, 1 - state.starting]
        state.mulligans = MulliganPhase(
            state.options.mulligan_options(), order, is_land=[True] * KINDS
        )
        state.mulligans.start(state, events)
        state._after_mulligans(events)
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
                state.apply(action, player=player)
        return state

    # -- questions ---------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``"mulligan"``, ``"play"`` or ``"over"``."""
        if self.result is not None:
            return "over"
        if self.mulligans is not None and not self.mulligans.done:
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
        """The kind of the pending decision: a mulligan step (``declare``, ``bottom``,
        ``aside``, ``scry``), a play step (``main``, ``counter``, ``swamp``,
        ``mountain``, ``forest``), or ``"over"``."""
        phase = self.phase
        if phase == "over":
            return "over"
        if phase == "mulligan":
            assert self.mulligans is not None
            return self.mulligans.step
        return self.step

    def current_player(self) -> int | None:
        """The player who must decide now, or ``None`` once the match is over."""
        if self.result is not None:
            return None
        if self.mulligans is not None and not self.mulligans.done:
            return self.mulligans.current()
        if self.step in (COUNTER, SWAMP):
            return 1 - self.active
        return self.active

    def legal_actions(self) -> list[str]:
        """Every legal action of :meth:`current_player`, ``[]`` once the match is over."""
        if self.result is not None:
            return []
        if self.mulligans is not None and not self.mulligans.done:
            return self.mulligans.legal(self)
        active, other = self.active, 1 - self.active
        step = self.step
        if step == MAIN:
            return [f"place:{k}" for k in kinds_in(self.hands[active])] + [PASS]
        if step == COUNTER:
            hand = self.hands[other]
            if not hand[ISLAND]:
                return [ALLOW]
            extra = [k for k in kinds_in(hand) if k != ISLAND or hand[ISLAND] >= 2]
            return [ALLOW] + [f"counter:{k}" for k in extra]
        if step == SWAMP:
            return [f"discard:{k}" for k in kinds_in(self.hands[other])]
        if step == MOUNTAIN:
            return [f"destroy:{k}" for k in kinds_in(self.territories[other])]
        actions = [f"take:{k}" for k in kinds_in(self.discards[active])]
        if self.options.forest_any_pile:
            actions += [f"take_opp:{k}" for k in kinds_in(self.discards[other])]
        return actions

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
            "decision": self.decision(),
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

    def apply(self, action: str, player: int | None = None) -> list[dict]:
        """Apply one legal ``action`` of :meth:`current_player`; return its events.

        ``player``, when given, must be the current player (a guard for callers that
        act on behalf of a user).  Raises :class:`IllegalActionError` otherwise, or
        when the action is not legal now.  Nothing changes when it raises.
        """
        current = self.current_player()
        if current is None:
            raise IllegalActionError("the match is over")
        if player is not None and player != current:
            raise IllegalActionError(f"player {player} is not the one to decide")
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action!r} is not legal now")
        events: list[dict] = []
        self.history.append([current, action])
        if self.mulligans is not None and not self.mulligans.done:
            self.mulligans.apply(self, action, events)
            self._after_mulligans(events)
        else:
            self._play(current, action, events)
        return events

    def apply_timeout(self) -> list[dict]:
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
        events: list[dict] = [{"type": "timeout", "player": player, "decision": decision}]
        self.history.append([player, TIMEOUT])
        legal = self.legal_actions()
        if decision == MAIN:
            self.timeouts_in_row[player] += 1
            if self.timeouts_in_row[player] >= self.options.max_timeouts:
                self._end(Result(1 - player, "timeout", loser=player), events)
                return events
            self._play(player, PASS, events, timed_out=True)
            return events
        if decision in ("declare", "scry", COUNTER):
            action = legal[0]  # keep / scry_top / allow
        elif decision == "aside":
            action = "aside_done" if "aside_done" in legal else legal[0]
        else:  # a random card, not a random kind: weigh each action by its copies
            action = legal[random_card(self.rng(), [self._copies(player, a) for a in legal])]
        if self.mulligans is not None and not self.mulligans.done:
            self.mulligans.apply(self, action, events)
            if decision == "aside" and self.mulligans.step == "aside":
                self.mulligans.apply(self, "aside_done", events)
            self._after_mulligans(events)
        else:
            self._play(player, action, events)
        return events

    def _copies(self, player: int, action: str) -> int:
        """How many cards a card-choosing action could pick (its weight at random)."""
        verb, _, arg = action.partition(":")
        kind = int(arg)
        other = 1 - self.active
        pile = {
            "discard": self.hands[player],
            "bottom": self.hands[player],
            "destroy": self.territories[other],
            "take": self.discards[self.active],
            "take_opp": self.discards[other],
        }[verb]
        return pile[kind]

    def resign(self, player: int) -> list[dict]:
        """``player`` resigns and loses (RULES §1.8).  Raises if the match is over."""
        if self.result is not None:
            raise IllegalActionError("the match is over")
        if player not in (0, 1):
            raise IllegalActionError(f"no player {player}")
        self.history.append([player, RESIGN])
        events: list[dict] = [{"type": "resign", "player": player}]
        self._end(Result(1 - player, RESIGN, loser=player), events)
        return events

    def abandon(self) -> list[dict]:
        """End the match with no result (reason ``"no_result"``): it cannot go on, for
        reasons outside the rules (the table is gone: its Discord channel was deleted or
        the bot may no longer post there). Recorded in :attr:`history` as
        ``[None, "abandon"]`` so the match still replays.  Raises if the match is over."""
        if self.result is not None:
            raise IllegalActionError("the match is over")
        self.history.append([None, ABANDON])
        events: list[dict] = [{"type": "abandon"}]
        self._end(Result(None, "no_result"), events)
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
            self.rng().shuffle(self.library)
        return len(self.library)

    def _after_mulligans(self, events: list[dict]) -> None:
        """When the mulligan phase has just ended, begin turn 1 (no draw, RULES §1.3.1)."""
        if self.mulligans is not None and self.mulligans.done and self.turn == 0:
            self.turn = 1
            self.active = self.starting
            self.step = MAIN
            events.append({"type": "turn", "player": self.active, "turn": 1})

    def _play(self, player: int, action: str, events: list[dict], timed_out: bool = False) -> None:
        verb, _, arg = action.partition(":")
        kind = int(arg) if arg else -1
        active, other = self.active, 1 - self.active
        if verb == PASS:
            if not timed_out:
                self.timeouts_in_row[player] = 0
            self.passes_in_row += 1
            events.append({"type": "pass", "player": player})
            if self.passes_in_row >= self.options.max_passes:
                self._end(Result(None, "passes"), events)
            else:
                self._next_turn(events)
        elif verb == "place":
            self.timeouts_in_row[player] = 0
            self.passes_in_row = 0
            self.hands[active][kind] -= 1
            self.pending_land = kind
            events.append({"type": "announce", "player": active, "land": kind})
            if sum(self.hands[other]) >= 2:
                self.step = COUNTER
            else:
                self._resolve(events)
        elif verb == ALLOW:
            events.append({"type": "allow", "player": other})
            self._resolve(events)
        elif verb == "counter":
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
            events.append(
                {"type": "counter", "player": other, "land": land, "discarded": [ISLAND, kind]}
            )
            self._next_turn(events)
        elif verb == "discard":
            self.hands[other][kind] -= 1
            self.discards[other][kind] += 1
            events.append({"type": "discard", "player": other, "land": kind})
            self._next_turn(events)
        elif verb == "destroy":
            self.territories[other][kind] -= 1
            self.discards[other][kind] += 1
            events.append({"type": "destroy", "player": active, "target": other, "land": kind})
            self._next_turn(events)
        else:  # take / take_opp
            source = other if verb == "take_opp" else active
            self.discards[source][kind] -= 1
            self.hands[active][kind] += 1
            events.append({"type": "take", "player": active, "source": source, "land": kind})
            self._next_turn(events)

    def _resolve(self, events: list[dict]) -> None:
        """RULES §1.3.4: the land enters; a win ends the match, else its effect (§1.4)."""
        active, other = self.active, 1 - self.active
        land = self.pending_land
        assert land is not None
        self.pending_land = None
        territory = self.territories[active]
        territory[land] += 1
        events.append({"type": "resolve", "player": active, "land": land})
        reason = winning_territory(territory)
        if reason is not None:
            self._end(Result(active, reason, loser=other), events)
            return
        step = None
        if land == Land.PLAINS:
            self.draw(active, events)
        elif land == Land.SWAMP and sum(self.hands[other]):
            step = SWAMP
        elif land == Land.MOUNTAIN and sum(self.territories[other]):
            step = MOUNTAIN
        elif land == Land.FOREST and (
            sum(self.discards[active])
            or (self.options.forest_any_pile and sum(self.discards[other]))
        ):
            step = FOREST
        elif land != Land.ISLAND:
            events.append({"type": "no_effect", "player": active, "land": land})
        if step is None:
            self._next_turn(events)
        else:
            self.step = step

    def _next_turn(self, events: list[dict]) -> None:
        if self.turn >= self.options.max_turns:
            self._end(Result(None, "turn_limit"), events)
            return
        self.turn += 1
        self.active = 1 - self.active
        self.step = MAIN
        events.append({"type": "turn", "player": self.active, "turn": self.turn})
        self.draw(self.active, events)

    def _end(self, result: Result, events: list[dict]) -> None:
        self.result = result
        events.append({"type": "end", **result.to_json()})

    # -- copies and JSON ---------------------------------------------------------------

    def clone(self) -> BingoState:
        """An independent copy, cheap enough for random playouts."""
        state = BingoState.__new__(BingoState)
        state.options = self.options
        state.seed = self.seed
        state.chance_count = self.chance_count
        state.library = self.library[:]
        state.hands = [self.hands[0][:], self.hands[1][:]]
        state.territories = [self.territories[0][:], self.territories[1][:]]
        state.discards = [self.discards[0][:], self.discards[1][:]]
        state.rolls = self.rolls
        state.starting = self.starting
        state.mulligans = None if self.mulligans is None else self.mulligans.clone()
        state.active = self.active
        state.turn = self.turn
        state.step = self.step
        state.pending_land = self.pending_land
        state.passes_in_row = self.passes_in_row
        state.timeouts_in_row = self.timeouts_in_row[:]
        state.result = self.result
        state.history = self.history[:]
        return state

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict holding the whole state; :meth:`from_json` inverts it."""
        return {
            "options": self.options.to_json(),
            "seed": self.seed,
            "chance_count": self.chance_count,
            "library": self.library[:],
            "hands": [h[:] for h in self.hands],
            "territories": [t[:] for t in self.territories],
            "discards": [d[:] for d in self.discards],
            "rolls": [r[:] for r in self.rolls],
            "starting": self.starting,
            "mulligans": None if self.mulligans is None else self.mulligans.to_json(),
            "active": self.active,
            "turn": self.turn,
            "step": self.step,
            "pending_land": self.pending_land,
            "passes_in_row": self.passes_in_row,
            "timeouts_in_row": self.timeouts_in_row[:],
            "result": None if self.result is None else self.result.to_json(),
            "history": [list(h) for h in self.history],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BingoState:
        """Inverse of :meth:`to_json`.  Raises ``KeyError``/``ValueError`` on bad data."""
        state = cls()
        state.options = BingoOptions.from_json(data["options"])
        state.seed = int(data["seed"])
        state.chance_count = int(data["chance_count"])
        state.library = [int(k) for k in data["library"]]
        state.hands = [list(h) for h in data["hands"]]
        state.territories = [list(t) for t in data["territories"]]
        state.discards = [list(d) for d in data["discards"]]
        state.rolls = [list(r) for r in data["rolls"]]
        state.starting = int(data["starting"])
        mull = data["mulligans"]
        state.mulligans = None if mull is None else MulliganPhase.from_json(mull)
        state.active = int(data["active"])
        state.turn = int(data["turn"])
        state.step = data["step"]
        state.pending_land = data["pending_land"]
        state.passes_in_row = int(data["passes_in_row"])
        state.timeouts_in_row = list(data["timeouts_in_row"])
        result = data["result"]
        state.result = None if result is None else Result(**result)
        state.history = [list(h) for h in data["history"]]
        return state

    def dumps(self) -> str:
        """:meth:`to_json` as a compact JSON string."""
        return json.dumps(self.to_json(), separators=(",", ":"))


def action_land(action: str) -> Land | None:
    """The land an action names (``"place:2"`` → ``Land.SWAMP``), or ``None``."""
    _, _, arg = action.partition(":")
    return Land(int(arg)) if arg.isdigit() else None


def land_letter(kind: int) -> str:
    """``0`` → ``"W"``."""
    return LETTERS[kind]
