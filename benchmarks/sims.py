"""Simulations per second of the searching AI: the ``hard`` level and the coach.

    python -m benchmarks.sims [--rounds 3] [--positions 12] [--iterations 600]
                              [--deals 4] [--games 200] [--worlds 200]

Three measurements, each deterministic in the work it does (no time budget, every
``random.Random`` seeded), interleaved over ``--rounds`` rounds (their order rotating) so
a loaded machine slows all alike:

- ``hard``: :func:`bot.ai.ismcts.search` with ``budget=None`` and ``--iterations``
  simulations, from ``--positions`` play-phase positions of ``medium``-against-``medium``
  matches (seeds 0, 1, …; every decision with more than one legal action, every fifth
  taken).  A simulation is one sampled world played after one root action (tree
  descent, rollout); ``search`` runs ``iterations`` rounded up to a multiple of the
  root's legal actions.
- ``coach``: :func:`bot.ai.coach.estimate` on ``--deals`` kept BingoMagic practice hands
  (seeds 0, 1, …; London, on the play), ``--games`` simulated matches per figure (keep,
  and a mulligan instead when one is possible), as the bot's mulligan coach runs it.
- ``estimator``: :func:`bot.ai.estimator.estimate_position` with ``--worlds`` worlds from
  the same positions as ``hard`` (the match analysis's estimator).

Prints, per measurement, the simulations and simulations per second over all rounds.
Figures only.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from bot.ai import choose_action
from bot.ai.coach import estimate
from bot.ai.estimator import estimate_position
from bot.ai.ismcts import search
from bot.engine import BingoOptions, BingoState, MulliganRule
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState

EVERY = 5  # take every fifth searched decision as a position


def positions(count: int) -> list[tuple[BingoState, int, dict[str, Any]]]:
    """``count`` play-phase positions ``(state, player, observation)`` with more than one
    legal action, from medium-against-medium Vancouver matches of seeds 0, 1, …"""
    options = BingoOptions(mulligan_rule=MulliganRule.VANCOUVER)
    found: list[tuple[BingoState, int, dict[str, Any]]] = []
    seen = 0
    seed = 0
    while len(found) < count:
        state, _ = BingoState.new(seed, options)
        rng = random.Random(seed)
        while not state.is_over and len(found) < count:
            player = state.current_player()
            assert player is not None
            obs = state.observation(player)
            if obs["phase"] == "play" and len(obs["legal_actions"]) > 1:
                if seen % EVERY == 0:
                    found.append((state.clone(), player, obs))
                seen += 1
            state.apply(choose_action(obs, "medium", rng), player=player)
        seed += 1
    return found


def hard(found: list[tuple[BingoState, int, dict[str, Any]]], iterations: int) -> int:
    """Search every position; returns the simulations run."""
    sims = 0
    for i, (_, _, obs) in enumerate(found):
        search(obs, random.Random(i), budget=None, iterations=iterations)
        legal = len(obs["legal_actions"])
        sims += math.ceil(iterations / legal) * legal
    return sims


def coach(deals: int, games: int) -> int:
    """The coach's estimates on ``deals`` kept hands; returns the simulated matches."""
    sims = 0
    for seed in range(deals):
        state, _ = PracticeState.new(seed, PRESETS["bingomagic"], PracticeOptions())
        state.apply("keep")
        _, instead = estimate(state, games)
        sims += games if instead is None else 2 * games
    return sims


def estimator(found: list[tuple[BingoState, int, dict[str, Any]]], worlds: int) -> int:
    """:func:`estimate_position` from every position; returns the worlds played."""
    for i, (state, player, _) in enumerate(found):
        estimate_position(state, player, random.Random(i), worlds, state.options)
    return worlds * len(found)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.sims", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (3)")
    parser.add_argument("--positions", type=int, default=12, help="search positions (12)")
    parser.add_argument("--iterations", type=int, default=600, help="hard simulations (600)")
    parser.add_argument("--deals", type=int, default=4, help="coach hands (4)")
    parser.add_argument("--games", type=int, default=200, help="coach games per figure (200)")
    parser.add_argument("--worlds", type=int, default=200, help="estimator worlds (200)")
    args = parser.parse_args(argv)
    found = positions(args.positions)
    runs: dict[str, Callable[[], int]] = {
        "hard (ismcts.search)": lambda: hard(found, args.iterations),
        "coach (coach.estimate)": lambda: coach(args.deals, args.games),
        "estimator (estimate_position)": lambda: estimator(found, args.worlds),
    }
    names = list(runs)
    totals: dict[str, list[float]] = {name: [0, 0.0] for name in names}
    for r in range(args.rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            start = time.perf_counter()
            sims = runs[name]()
            totals[name][0] += sims
            totals[name][1] += time.perf_counter() - start
    print(
        f"{args.rounds} rounds: hard {args.positions} positions x {args.iterations} "
        f"iterations, coach {args.deals} deals x {args.games} games, estimator "
        f"{args.positions} positions x {args.worlds} worlds"
    )
    for name in names:
        done, spent = totals[name]
        print(f"  {name + ':':32s}{done / spent:9.0f} sims/s  ({done:.0f} sims in {spent:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
