"""Engine fuzz run: seeded random matches and practice deals, every invariant after every action.

    python -m tests.engine.fuzz [--actions 100000] [--seed 1] [--sample-every 16]

Plays seeded random BingoMagic matches across random table rules (every mulligan rule of
a match, ``free_first``, ``sequential``, ``forest_any_pile``, random ``max_passes`` /
``max_turns`` / ``max_timeouts``, random time-outs and the odd resignation) and random
mulligan-practice deals (every preset deck, all five mulligan rules, free first on and
off), until at least ``--actions`` actions have been applied.  After every action it runs
the checks of :mod:`tests.engine.invariants`; a broken one is a *failure*: the game stops
there, and the failure is kept with the game seed, its settings and its history.

Prints the figures; exits with status 1 if any invariant failed.  ``test_fuzz.py`` runs
a short version under pytest.
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

from bot.engine import BingoOptions, BingoState, MulliganRule
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState

from .invariants import REASONS, InvariantError, Invariants, replay_practice, require

BINGO_RULES = (
    MulliganRule.PARIS,
    MulliganRule.VANCOUVER,
    MulliganRule.LONDON,
    MulliganRule.PARTIAL_PARIS,
)
PRACTICE_RULES = tuple(MulliganRule)
MAX_GAME_ACTIONS = 5000  # 200 turns of at most 3 decisions, plus mulligans, with margin
TIMEOUT_RATES = (0.0, 0.0, 0.02, 0.1, 0.3)
RESIGN_RATES = (0.0, 0.0, 0.0, 0.002, 0.01)


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

    def saw(self, kind: str, **settings: object) -> None:
        """Count one ``kind`` run (``bingo``, ``practice``) with each of ``settings``,
        as ``"<kind>:<setting>=<value>"`` in :attr:`settings_seen`."""
        for name, value in settings.items():
            self.settings_seen[f"{kind}:{name}={value}"] += 1

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
        self.tamper = tamper
        self.invariants = Invariants(rng, sample_every, report.checks)

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
        report.saw(
            "bingo",
            free_first=options.free_first,
            sequential=options.sequential,
            forest_any_pile=options.forest_any_pile,
            rule=options.mulligan_rule.value,
            timeouts=timeout_rate > 0,
            resigns=resign_rate > 0,
        )
        report.matches += 1
        state: BingoState | None = None
        applied = 0
        try:
            state, events = BingoState.new(seed, options)
            self.invariants.check_bingo(state, events, None, None)
            mulligans_open = True
            while not state.is_over:
                require(applied < MAX_GAME_ACTIONS, "consistency", "the match does not end")
                before_turn = state.turn
                events, actor, action = self.bingo_step(state, timeout_rate, resign_rate)
                applied += 1
                self.count_action("bingo", action)
                if self.tamper is not None:
                    self.tamper(state, rng)
                self.invariants.check_bingo(state, events, before_turn, (actor, action))
                if mulligans_open and state.phase != "mulligan":
                    mulligans_open = False
                    if state.mulligans is not None and state.mulligans.done:
                        self.invariants.check_kept_hands(state, state.options.hand_size)
            self.invariants.check_bingo_end(state)
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
        self.invariants.tick += 1
        if game == "bingo":
            report.bingo_actions += 1
            if action == "timeout":
                report.timeouts += 1
            elif action == "resign":
                report.resigns += 1
        else:
            report.practice_actions += 1

    def play_deal(self) -> None:
        rng, report = self.rng, self.report
        preset = rng.choice(sorted(PRESETS))
        all_lands = all(PRESETS[preset].is_land)  # the 1994 rule is for Magic decks (§2)
        options = PracticeOptions(
            rule=rng.choice(
                [r for r in PRACTICE_RULES if not (all_lands and r is MulliganRule.EARLY_1994)]
            ),
            free_first=rng.random() < 0.5,
            on_the_play=rng.random() < 0.5,
        )
        seed = rng.getrandbits(63)
        settings = {"preset": preset, "options": options.to_json()}
        rule, free_first = options.rule.value, options.free_first
        report.saw("practice", rule=rule, preset=preset, free_first=free_first)
        report.deals += 1
        state: PracticeState | None = None
        applied = 0
        try:
            state, _ = PracticeState.new(seed, PRESETS[preset], options)
            self.invariants.check_practice(state, preset, None)
            while not state.is_over:
                require(applied < MAX_GAME_ACTIONS, "consistency", "the deal does not end")
                action = rng.choice(state.legal_actions())
                state.apply(action)
                applied += 1
                self.count_action("practice", action)
                if self.tamper is not None:
                    self.tamper(state, rng)
                self.invariants.check_practice(state, preset, action)
            self.invariants.check_kept_hands(state, state.deck.hand_size)
            self.report.checks["replay_end"] += 1
            replayed = replay_practice(seed, preset, options, state.history)
            require(replayed.to_json() == state.to_json(), "replay_end", "replay differs")
        except Exception as error:  # noqa: BLE001 - any exception is a finding
            history = [] if state is None else list(state.history)
            self.fail("practice", seed, settings, history, applied, error)

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
    report.hidden_changed = fuzzer.invariants.hidden_changed
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.engine.fuzz",
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
