"""The engine's invariants, shared by the Hypothesis properties (``test_properties.py``)
and the long fuzz run (:mod:`tests.engine.fuzz`).

:class:`Invariants` checks a :class:`~bot.engine.bingo.BingoState` or a
:class:`~bot.engine.practice.PracticeState` after every action; a broken invariant raises
:class:`InvariantError` naming the check.  Checked after every action:

* ``cards``: a match holds 60 cards, 12 of each land (``card_count()`` and an
  independent sum over library, hands, territories, discard piles, set-aside cards and
  the announced land); a deal holds its deck (library + hand + set-aside, per kind);
* ``non_negative``: no count below zero, no card outside the kinds;
* ``win_ends``: a winning territory ends the match at once, with that winner and reason;
* ``consistency``: no current player and no legal action exactly when it is over, a
  valid current player otherwise, distinct legal actions, phase and result consistent;
* ``turns``: turn 0 during mulligans, then one at a time, odd turns the starter's;
  passes, time-outs and turns within the table limits;
* ``history``: one entry per action, naming the actor and the action;
* ``events``: every event that shows a card is private to its own player;
* ``json``: ``json.dumps``/``loads`` then ``from_json`` gives back ``to_json``;
* ``own_hand``: ``observation(p)`` shows p's hand, both hand sizes, p's legal actions;
* ``kept_hands`` (when the mulligans end): each kept hand has the RULES §2 size.

Checked every ``sample_every`` actions (and ``replay_end`` at the end of every game):

* ``hidden_info``: ``observation(p)``, serialized, is unchanged when the opponent's hand,
  their set-aside cards and the library order are redealt (a card p scries stays);
* ``replay_mid`` / ``replay_end``: replaying seed + history rebuilds the state exactly;
* ``rejects_illegal``: an illegal action, or a legal one by the wrong player, raises
  ``IllegalActionError`` and changes nothing (and nothing is accepted once it is over);
* ``clone``: ``clone()`` equals the state;
* ``legal_agrees``: ``is_legal`` and ``apply_fast`` accept exactly ``legal_actions()``;
* ``fast_path``: ``apply_fast`` (no events) leaves the same state as ``apply``;
* ``playout_agrees``: ``playout(rng)`` ends where the ``apply(rng.choice(...))`` loop ends.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from bot.engine import BingoState, IllegalActionError, MulliganRule
from bot.engine.actions import all_actions
from bot.engine.cards import COPIES, DECK_SIZE, KINDS
from bot.engine.outcome import winning_territory
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState

REASONS = ("five_of_a_color", "five_colors", "resign", "timeout", "passes", "turn_limit")
DRAWS = ("passes", "turn_limit")
#: Actions no state ever allows (kind 9 does not exist), for ``rejects_illegal``.
NEVER_LEGAL = ("place:9", "bottom:9", "aside:9", "take:9", "bogus")
#: Every action string a BingoMagic table can name, plus some it never allows.
ALL_BINGO_ACTIONS = (*all_actions(KINDS), *NEVER_LEGAL)
#: Every check :class:`Invariants` runs.
CHECKS = frozenset({
    "cards", "non_negative", "win_ends", "consistency", "turns", "history", "events",
    "json", "own_hand", "kept_hands", "hidden_info", "replay_mid", "replay_end",
    "rejects_illegal", "clone", "legal_agrees", "fast_path", "playout_agrees",
})  # fmt: skip


class InvariantError(AssertionError):
    """An invariant that did not hold; ``check`` names it."""

    def __init__(self, check: str, message: str) -> None:
        super().__init__(f"{check}: {message}")
        self.check = check
        self.message = message


def require(condition: bool, check: str, message: str | Callable[[], str]) -> None:
    """Raise :class:`InvariantError` unless ``condition``."""
    if not condition:
        raise InvariantError(check, message() if callable(message) else message)


def wins(territory: list[int]) -> str | None:
    """RULES §1.6, written independently of the engine."""
    if any(n >= 5 for n in territory):
        return "five_of_a_color"
    if all(n >= 1 for n in territory):
        return "five_colors"
    return None


def replay_practice(
    seed: int, preset: str, options: PracticeOptions, history: list[str]
) -> PracticeState:
    """Rebuild a practice deal from its seed, deck, options and history."""
    state, _ = PracticeState.new(seed, PRESETS[preset], options)
    for action in history:
        state.apply(action)
    return state


def redeal_hidden(state: BingoState, observer: int, rng: random.Random) -> BingoState:
    """A copy where what ``observer`` cannot see is redealt: the opponent's hand and
    set-aside cards (same sizes, new cards) and the library (new order).  The top card
    stays when ``observer`` is scrying it."""
    twin = state.clone()
    other = 1 - observer
    mull = twin.mulligans
    scrying = mull is not None and mull.scry_card(twin, observer) is not None
    fixed = [twin.library.pop()] if scrying else []
    aside = mull.aside[other] if mull is not None else [0] * KINDS
    pool = twin.library[:]
    for counts in (twin.hands[other], aside):
        pool += [k for k, n in enumerate(counts) for _ in range(n)]
    rng.shuffle(pool)
    sizes = [sum(twin.hands[other]), sum(aside)]
    hand, new_aside = [0] * KINDS, [0] * KINDS
    for kind in pool[: sizes[0]]:
        hand[kind] += 1
    for kind in pool[sizes[0] : sizes[0] + sizes[1]]:
        new_aside[kind] += 1
    twin.hands[other] = hand
    if mull is not None:  # a clone may share a finished phase with the state: copy it
        twin.mulligans = mull = mull.clone()
        mull.aside[other] = new_aside
    twin.library = pool[sizes[0] + sizes[1] :] + fixed
    return twin


class Invariants:
    """Runs the checks; ``checks`` counts how often each ran.

    ``rng`` drives the redeals and the sampled choices; the costlier checks run when
    ``tick`` (advance it once per action) plus a fixed offset is a multiple of
    ``sample_every`` (1: after every action).
    """

    def __init__(
        self,
        rng: random.Random,
        sample_every: int = 1,
        checks: Counter[str] | None = None,
    ) -> None:
        self.rng = rng
        self.sample_every = max(1, sample_every)
        self.checks: Counter[str] = Counter() if checks is None else checks
        self.tick = 0  # actions since the start, for sampling
        self.hidden_changed = 0  # hidden_info checks where the redeal changed hidden cards

    def sampled(self, offset: int) -> bool:
        return (self.tick + offset) % self.sample_every == 0

    def check_bingo(
        self,
        state: BingoState,
        events: list[dict],
        before_turn: int | None,
        last: tuple[int, str] | None,
    ) -> None:
        checks = self.checks
        options = state.options
        mull = state.mulligans

        # cards: 60 in all, 12 of each kind, counted two ways
        checks["cards"] += 1
        require(state.card_count() == DECK_SIZE, "cards", f"card_count() {state.card_count()}")
        per_kind = [0] * KINDS
        zones = [*state.hands, *state.territories, *state.discards]
        if mull is not None:
            zones += mull.aside
        for zone in zones:
            for kind, n in enumerate(zone):
                per_kind[kind] += n
        for kind in state.library:
            per_kind[kind] += 1
        if state.pending_land is not None:
            per_kind[state.pending_land] += 1
        require(per_kind == [COPIES] * KINDS, "cards", lambda: f"per kind {per_kind}")

        # non_negative
        checks["non_negative"] += 1
        for zone in zones:
            require(len(zone) == KINDS and min(zone) >= 0, "non_negative", f"zone {zone}")
        require(
            all(0 <= k < KINDS for k in state.library), "non_negative", "card outside the kinds"
        )
        if mull is not None:
            require(
                min(mull.aside_now) >= 0 and min(mull.bottom_left) >= 0 and min(mull.taken) >= 0,
                "non_negative",
                lambda: f"mulligan counters {mull.aside_now} {mull.bottom_left} {mull.taken}",
            )

        # win_ends: a winning territory ends the match at once with that winner
        checks["win_ends"] += 1
        result = state.result
        for player in (0, 1):
            reason = wins(state.territories[player])
            if reason is not None:
                require(
                    result is not None and (result.winner, result.reason) == (player, reason),
                    "win_ends",
                    lambda p=player, r=reason: f"player {p} has {r} but the result is {result}",
                )
            require(
                winning_territory(state.territories[player]) == reason,
                "win_ends",
                "winning_territory() disagrees with RULES §1.6",
            )
        if result is not None and result.reason in ("five_of_a_color", "five_colors"):
            require(
                result.winner is not None
                and wins(state.territories[result.winner]) == result.reason,
                "win_ends",
                f"result {result} without a winning territory",
            )

        # consistency: current player and legal actions
        checks["consistency"] += 1
        current = state.current_player()
        legal = state.legal_actions()
        if state.is_over:
            require(current is None and legal == [], "consistency", "actions after the end")
            require(state.phase == "over" and state.decision() == "over", "consistency", "phase")
            assert result is not None
            require(result.reason in REASONS, "consistency", f"reason {result.reason}")
            require(
                (result.winner is None) == (result.reason in DRAWS),
                "consistency",
                f"result {result}",
            )
            if result.winner is not None:
                require(result.loser == 1 - result.winner, "consistency", f"result {result}")
        else:
            require(current in (0, 1), "consistency", f"current player {current}")
            require(bool(legal), "consistency", "no legal action while the match goes on")
            require(len(set(legal)) == len(legal), "consistency", f"repeated actions {legal}")
            require(state.phase in ("mulligan", "play"), "consistency", f"phase {state.phase}")
            if state.phase == "play":
                require(state.pending_land is None or state.step == "counter", "consistency",
                        "an announced land outside the counter window")  # fmt: skip

        # turns and limits
        checks["turns"] += 1
        turn = state.turn
        require(turn <= options.max_turns, "turns", f"turn {turn} > {options.max_turns}")
        if state.phase == "mulligan":
            require(turn == 0, "turns", f"turn {turn} during the mulligans")
            require(
                max(sum(h) for h in state.hands) <= options.hand_size,
                "turns",
                lambda: f"mulligan hands {state.hands}",
            )
        if before_turn is not None:
            require(turn - before_turn in (0, 1), "turns", f"turn {before_turn} -> {turn}")
        if turn:
            expected = state.starting if turn % 2 else 1 - state.starting
            require(state.active == expected, "turns", f"turn {turn} is not player {expected}'s")
        if not state.is_over:
            require(state.passes_in_row < options.max_passes, "turns", "too many passes")
            require(
                max(state.timeouts_in_row) < options.max_timeouts, "turns", "too many time-outs"
            )

        # history
        if last is not None:
            checks["history"] += 1
            require(state.history[-1] == list(last), "history",
                    lambda: f"last entry {state.history[-1]} for {last}")  # fmt: skip

        # events: a card shown only to its own player
        checks["events"] += 1
        for event in events:
            if event.PRIVATE_FIELDS:
                require(
                    event.private == getattr(event, "player", None)
                    and all(
                        getattr(event.for_viewer(viewer), name) is None
                        for viewer in (None, 1 - event.private)
                        for name in event.PRIVATE_FIELDS
                    ),
                    "events",
                    lambda e=event: f"public card event {e}",
                )

        # json round trip
        checks["json"] += 1
        data = state.to_json()
        restored = BingoState.from_json(json.loads(json.dumps(data)))
        require(restored.to_json() == data, "json", "from_json(to_json()) differs")

        # own_hand: observation(p) shows p's own hand and decisions
        checks["own_hand"] += 1
        sizes = [sum(state.hands[0]), sum(state.hands[1])]
        observations = []
        for player in (0, 1):
            obs = state.observation(player)
            observations.append(obs)
            require(obs["player"] == player, "own_hand", "player")
            require(obs["hand"] == state.hands[player], "own_hand", "hand")
            require(obs["hand_sizes"] == sizes, "own_hand", "hand sizes")
            require(
                obs["legal_actions"] == (legal if current == player else []),
                "own_hand",
                "legal actions",
            )

        if self.sampled(0):
            self.check_hidden(state, observations)
        if self.sampled(5) and not state.is_over:
            self.check_replay(state, "replay_mid")
        if self.sampled(10) and not state.is_over:
            self.check_rejects(state, data, legal, current)
        if self.sampled(13):
            checks["clone"] += 1
            require(state.clone().to_json() == data, "clone", "clone() differs")
        if self.sampled(7) and not state.is_over:
            self.check_fast_path(state, legal)

    def check_kept_hands(self, state: BingoState | PracticeState, hand_size: int) -> None:
        """RULES §2: once everyone kept, a hand holds the starting size less the mulligans
        that count (a free first one does not); the 1994 rule redraws a full hand."""
        self.checks["kept_hands"] += 1
        mull = state.mulligans
        assert mull is not None
        for player, taken in enumerate(mull.taken):
            if mull.options.rule is MulliganRule.EARLY_1994:
                expected = hand_size
            else:
                counted = taken - 1 if mull.options.free_first and taken else taken
                expected = max(0, hand_size - counted)
            kept = sum(state.hands[player])
            if kept != expected:
                raise InvariantError(
                    "kept_hands",
                    f"player {player} kept {kept} cards after {taken} mulligans, "
                    f"expected {expected}",
                )

    def check_hidden(self, state: BingoState, observations: list[dict]) -> None:
        self.checks["hidden_info"] += 1
        for observer in (0, 1):
            twin = redeal_hidden(state, observer, self.rng)
            if twin.hands != state.hands or twin.library != state.library:
                self.hidden_changed += 1
            seen = json.dumps(observations[observer], sort_keys=True)
            again = json.dumps(twin.observation(observer), sort_keys=True)
            if again != seen:
                raise InvariantError(
                    "hidden_info",
                    f"observation({observer}) changed with hidden cards:\n"
                    f"    real:    {seen}\n    redealt: {again}",
                )

    def check_replay(self, state: BingoState, check: str) -> None:
        self.checks[check] += 1
        try:
            replayed = BingoState.replay(state.seed, state.options, state.history)
        except IllegalActionError as error:
            raise InvariantError(check, f"the history does not replay: {error}") from None
        require(replayed.to_json() == state.to_json(), check, "replay differs from the state")
        require(replayed.legal_actions() == state.legal_actions(), check, "legal actions differ")

    def check_rejects(
        self, state: BingoState, data: dict[str, Any], legal: list[str], current: int | None
    ) -> None:
        self.checks["rejects_illegal"] += 1
        assert current is not None
        attempts: list[tuple[str, int | None]] = [(self.rng.choice(NEVER_LEGAL), None)]
        attempts.append((self.rng.choice(legal), 1 - current))
        for action, player in attempts:
            try:
                state.apply(action, player=player)
            except IllegalActionError:
                pass
            else:
                raise InvariantError("rejects_illegal", f"{action!r} by {player} was accepted")
            require(
                state.to_json() == data,
                "rejects_illegal",
                f"the rejected {action!r} changed the state",
            )

    def check_bingo_end(self, state: BingoState) -> None:
        self.check_replay(state, "replay_end")
        self.checks["rejects_illegal"] += 1
        data = state.to_json()
        for attempt in (
            lambda: state.apply("pass"),
            state.apply_timeout,
            lambda: state.resign(0),
        ):
            try:
                attempt()
            except IllegalActionError:
                pass
            else:
                raise InvariantError("rejects_illegal", "an action was accepted after the end")
        require(state.to_json() == data, "rejects_illegal", "a rejected action changed the end")

    # -- practice -----------------------------------------------------------------------

    def check_fast_path(self, state: BingoState, legal: list[str]) -> None:
        """``legal_agrees``: ``is_legal`` and ``apply`` accept exactly ``legal_actions()``
        (every action string a table can name is tried on a clone); ``playout_agrees``:
        ``playout`` plays a clone to the same end as the ``apply`` loop; ``fast_path``:
        ``apply_fast`` on a clone leaves the same state as ``apply``."""
        self.checks["legal_agrees"] += 1
        for action in ALL_BINGO_ACTIONS:
            allowed = action in legal
            require(state.is_legal(action) == allowed, "legal_agrees",
                    f"is_legal({action!r}) is {not allowed}, legal_actions() {legal}")  # fmt: skip
            twin = state.clone()
            try:
                twin.apply_fast(action)
            except IllegalActionError:
                require(not allowed, "legal_agrees", f"apply_fast refused legal {action!r}")
                require(twin.to_json() == state.to_json(), "legal_agrees",
                        f"a refused {action!r} changed the state")  # fmt: skip
            else:
                require(allowed, "legal_agrees", f"apply_fast accepted illegal {action!r}")
        self.checks["playout_agrees"] += 1
        seed = self.rng.getrandbits(32)
        slow, fast = state.clone(), state.clone()
        rng_slow, rng_fast = random.Random(seed), random.Random(seed)
        while not slow.is_over:
            slow.apply(rng_slow.choice(slow.legal_actions()))
        fast.playout(rng_fast)
        require(fast.to_json() == slow.to_json(), "playout_agrees",
                f"playout() with random.Random({seed}) differs from the apply loop")  # fmt: skip
        if legal:
            self.checks["fast_path"] += 1
            action = self.rng.choice(legal)
            slow, fast = state.clone(), state.clone()
            slow.apply(action)
            fast.apply_fast(action)
            require(fast.to_json() == slow.to_json(), "fast_path",
                    f"apply_fast({action!r}) differs from apply")  # fmt: skip

    def check_practice(self, state: PracticeState, preset: str, last: str | None) -> None:
        checks = self.checks
        deck = state.deck
        kinds = len(deck.counts)
        aside = state.mulligans.aside[0]

        checks["cards"] += 1
        total = len(state.library) + sum(state.hand) + sum(aside)
        require(total == deck.size, "cards", f"{total} cards in a {deck.size}-card deck")
        per_kind = [0] * kinds
        for kind in state.library:
            per_kind[kind] += 1
        for zone in (state.hand, aside):
            for kind, n in enumerate(zone):
                per_kind[kind] += n
        require(per_kind == list(deck.counts), "cards", lambda: f"per kind {per_kind}")

        checks["non_negative"] += 1
        for zone in (state.hand, aside):
            require(len(zone) == kinds and min(zone) >= 0, "non_negative", f"zone {zone}")
        require(all(0 <= k < kinds for k in state.library), "non_negative", "unknown card")

        checks["consistency"] += 1
        current = state.current_player()
        legal = state.legal_actions()
        if state.is_over:
            require(current is None and legal == [], "consistency", "actions after the end")
            require(state.decision() == "over", "consistency", "decision")
        else:
            require(current == 0 and bool(legal), "consistency", "no decision before the end")
            require(len(set(legal)) == len(legal), "consistency", f"repeated actions {legal}")
        require(sum(state.hand) <= deck.hand_size, "consistency", "hand above its size")

        if last is not None:
            checks["history"] += 1
            require(state.history[-1] == last, "history", f"last entry {state.history[-1]}")

        checks["json"] += 1
        data = state.to_json()
        restored = PracticeState.from_json(json.loads(json.dumps(data)))
        require(restored.to_json() == data, "json", "from_json(to_json()) differs")

        if self.sampled(5) and not state.is_over:
            checks["replay_mid"] += 1
            replayed = replay_practice(state.seed, preset, state.options, state.history)
            require(replayed.to_json() == data, "replay_mid", "replay differs from the state")
        if self.sampled(10) and not state.is_over:
            checks["rejects_illegal"] += 1
            action = self.rng.choice(NEVER_LEGAL)
            try:
                state.apply(action)
            except IllegalActionError:
                pass
            else:
                raise InvariantError("rejects_illegal", f"{action!r} was accepted")
            require(state.to_json() == data, "rejects_illegal", "a rejected action changed it")

    # -- failures -----------------------------------------------------------------------
