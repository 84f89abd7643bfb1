"""Engine fuzz run: seeded random matches and practice deals, invariants after every action.

    python -m benchmarks.fuzz [--actions 100000] [--seed 1] [--sample-every 16]

Plays seeded random BingoMagic matches across random table rules (every mulligan rule of
a match, ``free_first``, ``sequential``, ``forest_any_pile``, random ``max_passes`` /
``max_turns`` / ``max_timeouts``, random time-outs and the odd resignation) and random
mulligan-practice deals (every preset deck, all five mulligan rules, free first on and
off), until at least ``--actions`` actions have been applied.  After every action it
checks the invariants below; a broken one is a *failure*: the game stops there, and the
failure is kept with the game seed, its settings and its history.

Checked after every action:

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

Checked every ``--sample-every`` actions (and ``replay_end`` at the end of every game):

* ``hidden_info``: ``observation(p)``, serialized, is unchanged when the opponent's hand,
  their set-aside cards and the library order are redealt (a card p scries stays);
* ``replay_mid`` / ``replay_end``: replaying seed + history rebuilds the state exactly;
* ``rejects_illegal``: an illegal action, or a legal one by the wrong player, raises
  ``IllegalActionError`` and changes nothing (and nothing is accepted once it is over);
* ``clone``: ``clone()`` equals the state.

Prints the figures; exits with status 1 if any invariant failed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.engine import BingoOptions, BingoState, IllegalActionError, MulliganRule
from bot.engine.bingo import winning_territory
from bot.engine.cards import COPIES, DECK_SIZE, KINDS
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState

BINGO_RULES = (
    MulliganRule.PARIS,
    MulliganRule.VANCOUVER,
    MulliganRule.LONDON,
    MulliganRule.PARTIAL_PARIS,
)
PRACTICE_RULES = tuple(MulliganRule)
REASONS = ("five_of_a_color", "five_colors", "resign", "timeout", "passes", "turn_limit")
DRAWS = ("passes", "turn_limit")
MAX_GAME_ACTIONS = 5000  # 200 turns of at most 3 decisions, plus mulligans, with margin
TIMEOUT_RATES = (0.0, 0.0, 0.02, 0.1, 0.3)
RESIGN_RATES = (0.0, 0.0, 0.0, 0.002, 0.01)
#: Actions no state ever allows (kind 9 does not exist), for ``rejects_illegal``.
NEVER_LEGAL = ("place:9", "bottom:9", "aside:9", "take:9", "bogus")


class InvariantError(AssertionError):
    """An invariant that did not hold; ``check`` names it."""

    def __init__(self, check: str, message: str) -> None:
        super().__init__(f"{check}: {message}")
        self.check = check
        self.message = message


@dataclass
class Failure:
    """The first broken invariant of one game, with what it takes to reproduce it."""

    game: str  # "bingo" or "practice"
    seed: int
    settings: dict[str, Any]
    history: list[Any]
    check: str
    message: str
    action: int  # actions applied in this game when the check failed

    def describe(self) -> str:
        if self.game == "bingo":
            repro = (
                f"BingoState.replay({self.seed}, "
                f"BingoOptions.from_json({json.dumps(self.settings['options'])}), history)"
            )
        else:
            repro = (
                f"PracticeState.new({self.seed}, PRESETS[{self.settings['preset']!r}], "
                f"PracticeOptions.from_json({json.dumps(self.settings['options'])})), "
                "then apply each history action"
            )
        return "\n".join(
            [
                f"  check:    {self.check}",
                f"  message:  {self.message}",
                f"  game:     {self.game}, seed {self.seed}, after {self.action} actions",
                f"  settings: {json.dumps(self.settings, sort_keys=True)}",
                f"  history:  {json.dumps(self.history)}",
                f"  repro:    {repro}",
            ]
        )


@dataclass
class FuzzReport:
    """The figures of one fuzz run."""

    requested: int
    seed: int
    actions: int = 0
    bingo_actions: int = 0
    practice_actions: int = 0
    timeouts: int = 0
    resigns: int = 0
    matches: int = 0
    deals: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    checks: Counter[str] = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    failure_count: int = 0
    #: Every setting value exercised, e.g. ``"bingo:rule=london"``, ``"practice:preset=limited"``.
    settings_seen: Counter[str] = field(default_factory=Counter)
    hidden_changed: int = 0  # hidden_info checks where the redeal changed hidden cards
    elapsed: float = 0.0

    @property
    def ok(self) -> bool:
        return self.failure_count == 0

    @property
    def checks_run(self) -> int:
        return sum(self.checks.values())

    def rules_seen(self, game: str) -> set[str]:
        """The mulligan rules exercised by ``game`` (``"bingo"`` or ``"practice"``)."""
        prefix = f"{game}:rule="
        return {key[len(prefix) :] for key in self.settings_seen if key.startswith(prefix)}

    def format(self) -> str:
        rate = self.actions / self.elapsed if self.elapsed else 0.0
        reasons = ", ".join(f"{r} {self.reasons[r]:,}" for r in REASONS if self.reasons[r])
        checks = ", ".join(f"{name} {n:,}" for name, n in sorted(self.checks.items()))
        seen = ", ".join(sorted(self.settings_seen))
        lines = [
            f"BingoMagic engine fuzz: seed {self.seed}, {self.requested:,} actions requested",
            f"actions applied:    {self.actions:,} (matches {self.bingo_actions:,}, of which "
            f"{self.timeouts:,} time-outs and {self.resigns:,} resignations; "
            f"practice {self.practice_actions:,})",
            f"matches played:     {self.matches:,}",
            f"deals played:       {self.deals:,}",
            f"matches by result:  {reasons or 'none'}",
            f"settings exercised: {seen}",
            f"invariant checks:   {self.checks_run:,} ({checks})",
            f"hidden-info checks that changed hidden cards: {self.hidden_changed:,}",
            f"failures:           {self.failure_count:,}",
        ]
        if self.failures:
            lines.append("first failure:")
            lines.append(self.failures[0].describe())
            for failure in self.failures[1:5]:
                lines.append(
                    f"also: {failure.game} seed {failure.seed}: {failure.check}: "
                    f"{failure.message.splitlines()[0][:200]}"
                )
        lines.append(f"time:               {self.elapsed:.2f} s, {rate:,.0f} actions/s")
        return "\n".join(lines)


# -- helpers ------------------------------------------------------------------------------


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
    if mull is not None:
        mull.aside[other] = new_aside
    twin.library = pool[sizes[0] + sizes[1] :] + fixed
    return twin


def random_bingo_settings(rng: random.Random) -> tuple[BingoOptions, float, float]:
    """Random table rules, a time-out rate and a resignation rate."""
    options = BingoOptions(
        mulligan_rule=rng.choice(BINGO_RULES),
        free_first=rng.random() < 0.5,
        sequential=rng.random() < 0.5,
        forest_any_pile=rng.random() < 0.5,
        max_passes=rng.randint(2, 12),
        max_turns=200 if rng.random() < 0.5 else rng.randint(4, 60),
        max_timeouts=rng.randint(1, 5),
    )
    return options, rng.choice(TIMEOUT_RATES), rng.choice(RESIGN_RATES)


# -- the fuzzer ---------------------------------------------------------------------------


class Fuzzer:
    """Plays the games and runs the checks; :func:`fuzz` is the entry point."""

    def __init__(
        self,
        report: FuzzReport,
        rng: random.Random,
        sample_every: int,
        tamper: Callable[[Any, random.Random], None] | None,
    ) -> None:
        self.report = report
        self.rng = rng
        self.sample_every = max(1, sample_every)
        self.tamper = tamper
        self.checks = report.checks
        self.tick = 0  # actions since the start, for sampling

    def sampled(self, offset: int) -> bool:
        return (self.tick + offset) % self.sample_every == 0

    # -- bingo --------------------------------------------------------------------------

    def play_match(self) -> None:
        rng, report = self.rng, self.report
        options, timeout_rate, resign_rate = random_bingo_settings(rng)
        seed = rng.getrandbits(63)
        settings = {
            "options": options.to_json(),
            "timeout_rate": timeout_rate,
            "resign_rate": resign_rate,
        }
        for key in ("free_first", "sequential", "forest_any_pile"):
            report.settings_seen[f"bingo:{key}={getattr(options, key)}"] += 1
        report.settings_seen[f"bingo:rule={options.mulligan_rule.value}"] += 1
        report.settings_seen[f"bingo:timeouts={timeout_rate > 0}"] += 1
        report.settings_seen[f"bingo:resigns={resign_rate > 0}"] += 1
        report.matches += 1
        state: BingoState | None = None
        applied = 0
        try:
            state, events = BingoState.new(seed, options)
            self.check_bingo(state, events, None, None)
            mulligans_open = True
            while not state.is_over:
                require(applied < MAX_GAME_ACTIONS, "consistency", "the match does not end")
                before_turn = state.turn
                events, actor, action = self.bingo_step(state, timeout_rate, resign_rate)
                applied += 1
                self.count_action("bingo", action)
                if self.tamper is not None:
                    self.tamper(state, rng)
                self.check_bingo(state, events, before_turn, (actor, action))
                if mulligans_open and state.phase != "mulligan":
                    mulligans_open = False
                    if state.mulligans is not None and state.mulligans.done:
                        self.check_kept_hands(state, state.options.hand_size)
            self.check_bingo_end(state)
            report.reasons[state.result.reason] += 1  # type: ignore[union-attr]
        except Exception as error:  # noqa: BLE001 - any exception is a finding
            history = [] if state is None else [list(h) for h in state.history]
            self.fail("bingo", seed, settings, history, applied, error)

    def bingo_step(
        self, state: BingoState, timeout_rate: float, resign_rate: float
    ) -> tuple[list[dict], int, str]:
        roll = self.rng.random()
        if roll < resign_rate:
            player = self.rng.randrange(2)
            return state.resign(player), player, "resign"
        actor = state.current_player()
        assert actor is not None
        if roll < resign_rate + timeout_rate:
            return state.apply_timeout(), actor, "timeout"
        action = self.rng.choice(state.legal_actions())
        return state.apply(action), actor, action

    def count_action(self, game: str, action: str) -> None:
        report = self.report
        report.actions += 1
        self.tick += 1
        if game == "bingo":
            report.bingo_actions += 1
            if action == "timeout":
                report.timeouts += 1
            elif action == "resign":
                report.resigns += 1
        else:
            report.practice_actions += 1

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
            if "card" in event or "cards" in event:
                require(
                    event.get("private") == event.get("player"),
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
                self.report.hidden_changed += 1
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
        replayed = BingoState.replay(state.seed, state.options, state.history)
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

    def play_deal(self) -> None:
        rng, report = self.rng, self.report
        preset = rng.choice(sorted(PRESETS))
        options = PracticeOptions(
            rule=rng.choice(PRACTICE_RULES),
            free_first=rng.random() < 0.5,
            on_the_play=rng.random() < 0.5,
        )
        seed = rng.getrandbits(63)
        settings = {"preset": preset, "options": options.to_json()}
        report.settings_seen[f"practice:rule={options.rule.value}"] += 1
        report.settings_seen[f"practice:preset={preset}"] += 1
        report.settings_seen[f"practice:free_first={options.free_first}"] += 1
        report.deals += 1
        state: PracticeState | None = None
        applied = 0
        try:
            state, _ = PracticeState.new(seed, PRESETS[preset], options)
            self.check_practice(state, preset, None)
            while not state.is_over:
                require(applied < MAX_GAME_ACTIONS, "consistency", "the deal does not end")
                action = rng.choice(state.legal_actions())
                state.apply(action)
                applied += 1
                self.count_action("practice", action)
                if self.tamper is not None:
                    self.tamper(state, rng)
                self.check_practice(state, preset, action)
            self.check_kept_hands(state, state.deck.hand_size)
            self.checks["replay_end"] += 1
            replayed = replay_practice(seed, preset, options, state.history)
            require(replayed.to_json() == state.to_json(), "replay_end", "replay differs")
        except Exception as error:  # noqa: BLE001 - any exception is a finding
            history = [] if state is None else list(state.history)
            self.fail("practice", seed, settings, history, applied, error)

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

    def fail(
        self,
        game: str,
        seed: int,
        settings: dict[str, Any],
        history: list[Any],
        applied: int,
        error: Exception,
    ) -> None:
        report = self.report
        report.failure_count += 1
        if isinstance(error, InvariantError):
            check, message = error.check, error.message
        else:
            check = f"exception:{type(error).__name__}"
            message = "".join(traceback.format_exception(error)).rstrip()
        report.failures.append(Failure(game, seed, settings, history, check, message, applied))


def fuzz(
    actions: int = 100_000,
    seed: int = 1,
    *,
    sample_every: int = 16,
    practice_share: float = 0.5,
    max_failures: int = 20,
    tamper: Callable[[Any, random.Random], None] | None = None,
) -> FuzzReport:
    """Play random games until at least ``actions`` actions are applied; check them all.

    Each game is a match (``BingoState``) or, with probability ``practice_share``, a
    practice deal (``PracticeState``).  The game in progress when the count is reached
    is played to its end.  ``sample_every``: period, in actions, of the costlier checks.
    Stops early after ``max_failures`` failures.  ``tamper(state, rng)``, if given, runs
    after every action before the checks (to prove that the checks can fail).
    """
    report = FuzzReport(requested=actions, seed=seed)
    fuzzer = Fuzzer(report, random.Random(seed), sample_every, tamper)
    start = time.perf_counter()
    while report.actions < actions and report.failure_count < max_failures:
        if fuzzer.rng.random() < practice_share:
            fuzzer.play_deal()
        else:
            fuzzer.play_match()
    report.elapsed = time.perf_counter() - start
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.fuzz",
        description="Fuzz the rules engine: random matches and deals, invariants checked.",
    )
    parser.add_argument(
        "--actions", type=int, default=100_000, help="actions to apply (default 100000)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the run (default 1)")
    parser.add_argument(
        "--sample-every",
        type=int,
        default=16,
        help="period in actions of the hidden-info, replay, illegal-action and clone "
        "checks (default 16)",
    )
    args = parser.parse_args(argv)
    report = fuzz(args.actions, args.seed, sample_every=args.sample_every)
    print(report.format())
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
