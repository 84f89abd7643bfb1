"""The engine fuzz run (:mod:`tests.engine.fuzz`) under pytest, and proof that it can fail.

CI runs the shorter version: ``DEFAULT_ACTIONS`` actions (about 3-5 s on a 2-core
machine).  The full run of 10^5 actions is

    python -m tests.engine.fuzz --actions 100000 --seed 1

or, through pytest, ``FUZZ_ACTIONS=100000 python -m pytest tests/engine/test_fuzz.py``.
"""

from __future__ import annotations

import os
import random

import pytest

from bot.engine import BingoOptions, BingoState, MulliganRule
from bot.engine.practice import PracticeState

from . import fuzz
from .invariants import CHECKS, redeal_hidden

DEFAULT_ACTIONS = 20_000
ACTIONS = int(os.environ.get("FUZZ_ACTIONS", DEFAULT_ACTIONS))
BINGO_RULES = {"paris", "vancouver", "london", "partial_paris"}
ALL_RULES = {rule.value for rule in MulliganRule}
# Failing runs are short: the point is only that a failure gets reported.
SHORT = 1_500


def test_fuzz_run_finds_no_failure_and_exercises_every_setting():
    """ACTIONS random actions, every invariant after each one: no failure, and every
    rule setting, result reason and check was exercised."""
    report = fuzz.fuzz(ACTIONS, seed=1)
    assert report.failure_count == 0, report.format()
    assert report.ok and not report.failures
    assert report.actions >= ACTIONS
    assert report.actions == report.bingo_actions + report.practice_actions
    assert report.matches > 0 and report.deals > 0
    assert report.timeouts > 0 and report.resigns > 0

    assert report.rules_seen("bingo") == BINGO_RULES
    assert report.rules_seen("practice") == ALL_RULES
    seen = set(report.settings_seen)
    for flag in ("free_first", "sequential", "forest_any_pile", "timeouts", "resigns"):
        assert {f"bingo:{flag}=True", f"bingo:{flag}=False"} <= seen, flag
    assert {"practice:free_first=True", "practice:free_first=False"} <= seen
    presets = {key.split("=", 1)[1] for key in seen if key.startswith("practice:preset=")}
    assert presets == set(fuzz.PRESETS)

    assert set(report.reasons) == set(fuzz.REASONS)
    assert sum(report.reasons.values()) == report.matches
    assert set(report.checks) == CHECKS
    assert report.checks["cards"] >= report.actions
    assert report.checks["replay_end"] == report.matches + report.deals
    assert report.hidden_changed > 0  # the redeals really changed the hidden cards


def test_main_prints_the_figures_and_exits_0(capsys):
    """``main([...])`` returns 0 and prints every figure."""
    assert fuzz.main(["--actions", "300", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for figure in (
        "actions applied:",
        "matches played:",
        "deals played:",
        "matches by result:",
        "invariant checks:",
        "failures:           0",
        "actions/s",
    ):
        assert figure in out


# -- the checker can fail -----------------------------------------------------------------


def test_a_disappearing_card_is_reported_with_a_reproducible_history():
    """One card taken out of one match's library: a ``cards`` failure, whose seed,
    settings and history replay the match up to that point."""
    done = []

    def lose_a_card(state, _rng):
        if isinstance(state, BingoState) and not done and state.turn >= 3 and state.library:
            state.library.pop()
            done.append(state.version)

    report = fuzz.fuzz(SHORT, seed=2, tamper=lose_a_card)
    assert report.failure_count == 1 and not report.ok
    failure = report.failures[0]
    assert (failure.game, failure.check) == ("bingo", "cards")
    assert len(failure.history) == done[0] == failure.action
    options = BingoOptions.from_json(failure.settings["options"])
    replayed = BingoState.replay(failure.seed, options, failure.history)
    assert replayed.card_count() == 60  # the engine itself was fine: the tamper lost it
    assert "cards" in report.format() and str(failure.seed) in report.format()


def test_a_card_lost_in_practice_is_reported():
    """A practice hand that loses a card breaks the deck-size invariant."""

    def lose_from_hand(state, _rng):
        if isinstance(state, PracticeState) and sum(state.hand):
            state.hand[next(k for k, n in enumerate(state.hand) if n)] -= 1

    report = fuzz.fuzz(SHORT, seed=4, tamper=lose_from_hand, max_failures=3)
    assert report.failure_count == 3
    assert {(f.game, f.check) for f in report.failures} == {("practice", "cards")}


def test_a_negative_count_is_reported():
    """A discard pile count below zero (the total kept at 60) is caught."""

    def go_negative(state, _rng):
        if isinstance(state, BingoState) and state.library:
            state.discards[0][0] -= 1
            state.library.append(0)

    report = fuzz.fuzz(SHORT, seed=5, tamper=go_negative, max_failures=2)
    assert {f.check for f in report.failures} == {"non_negative"}


def test_a_leaking_observation_is_reported(monkeypatch):
    """An observation that shows the opponent's hand fails the hidden-info check."""
    honest = BingoState.observation

    def leaky(self, player):
        return {**honest(self, player), "opponent_hand": list(self.hands[1 - player])}

    monkeypatch.setattr(BingoState, "observation", leaky)
    report = fuzz.fuzz(SHORT, seed=6, sample_every=1, max_failures=2)
    assert report.failure_count == 2
    assert {f.check for f in report.failures} == {"hidden_info"}
    assert "opponent_hand" in report.failures[0].message


def test_a_win_that_does_not_end_the_match_is_reported(monkeypatch):
    """An engine that no longer sees wins fails ``win_ends`` (the fuzzer's own §1.6)."""
    for module in ("bot.engine.bingo", "bot.engine.playout"):
        monkeypatch.setattr(f"{module}.winning_territory", lambda territory: None)
    report = fuzz.fuzz(SHORT * 4, seed=7, practice_share=0.0, max_failures=1)
    assert report.failure_count == 1
    assert report.failures[0].check == "win_ends"


def test_a_state_that_replay_cannot_rebuild_is_reported():
    """A chance counter bumped behind the engine's back survives JSON but not replay."""

    def skip_a_chance(state, _rng):
        if isinstance(state, BingoState):
            state.chance_count += 1

    report = fuzz.fuzz(SHORT, seed=8, practice_share=0.0, max_failures=2)
    assert report.ok  # the same run, untampered, is clean
    report = fuzz.fuzz(SHORT, seed=8, practice_share=0.0, max_failures=2, tamper=skip_a_chance)
    assert report.failure_count == 2
    assert {f.check for f in report.failures} <= {"replay_mid", "replay_end"}


def test_an_engine_exception_is_reported(monkeypatch):
    """An exception raised by the engine is a failure, with its traceback."""

    def broken(self, events):
        raise RuntimeError("refill broke")

    monkeypatch.setattr(BingoState, "refill_logged", broken)
    report = fuzz.fuzz(SHORT * 4, seed=9, practice_share=0.0, max_failures=1)
    assert report.failure_count == 1
    assert report.failures[0].check == "exception:RuntimeError"
    assert "refill broke" in report.failures[0].message


def test_main_exits_1_and_prints_the_first_failure(monkeypatch, capsys):
    """With a broken invariant, ``main`` returns 1 and prints seed, settings, history."""
    honest = BingoState.observation

    def leaky(self, player):
        return {**honest(self, player), "opponent_hand": list(self.hands[1 - player])}

    monkeypatch.setattr(BingoState, "observation", leaky)
    assert fuzz.main(["--actions", "200", "--seed", "1", "--sample-every", "1"]) == 1
    out = capsys.readouterr().out
    assert "first failure:" in out and "hidden_info" in out
    for label in ("check:", "seed", "settings:", "history:", "repro:"):
        assert label in out


@pytest.mark.parametrize("observer", [0, 1])
def test_redeal_changes_only_what_the_observer_cannot_see(observer):
    """The hidden-info helper keeps the observer's hand and every public count."""
    rng = random.Random(observer)
    state, _ = BingoState.new(11, BingoOptions(mulligan_rule=MulliganRule.PARTIAL_PARIS))
    for _ in range(40):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    twin = redeal_hidden(state, observer, rng)
    assert twin.hands[observer] == state.hands[observer]
    assert sum(twin.hands[1 - observer]) == sum(state.hands[1 - observer])
    assert len(twin.library) == len(state.library)
    assert twin.card_count() == 60
    assert twin.territories == state.territories and twin.discards == state.discards
