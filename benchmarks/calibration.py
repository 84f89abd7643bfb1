"""Calibration of the win-chance estimator (``bot.ai.estimator``): do its percentages
come true?

    python -m benchmarks.calibration [--positions 2000] [--worlds 32] [--workers 2]
                                     [--hard-iterations 100] [--per-match 10]

Plays matches between ``medium`` and ``hard`` (seats alternate; ``hard`` searches
``--hard-iterations`` simulations per decision, no time limit, so the run is seeded),
samples up to ``--per-match`` positions of each (decisions with a choice, either
player), and estimates the deciding player's chance to win from each with
:func:`bot.ai.estimator.estimate_position` (``--worlds`` sampled worlds, from that
player's information set only: the same estimator as the match analysis and the
mulligan coach) until ``--positions`` positions are estimated.  Then it compares the
estimates with what happened (1 win, ½ draw, 0 loss) and prints a reliability table
(predicted decile, the mean estimate, the observed rate, positions), the Brier score
and the expected calibration error (ECE: the positions-weighted mean of |predicted −
observed| over the deciles).  Figures only (the goal ECE ≤ 0.05 is measured, not
tested).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from bot.ai import choose_action
from bot.ai.estimator import estimate_position
from bot.engine import BingoOptions, BingoState
from bot.workers import WorkerPool


def one_match(
    seed: int, worlds: int, hard_iterations: int, per_match: int
) -> list[tuple[float, float, str]]:
    """Play match ``seed`` (``hard`` in seat ``seed % 2``) and estimate up to
    ``per_match`` of its positions: ``(estimate, result for that player, level)``."""
    options = BingoOptions()
    state, _ = BingoState.new(seed, options)
    rng = random.Random(f"calibration:{seed}")
    levels = ("hard", "medium") if seed % 2 == 0 else ("medium", "hard")
    positions: list[tuple[str, int]] = []
    while state.result is None:
        player = state.current_player()
        assert player is not None
        obs = state.observation(player)
        if len(obs["legal_actions"]) > 1:
            positions.append((json.dumps(state.to_json()), player))
        action = choose_action(obs, levels[player], rng, budget=None, iterations=hard_iterations)
        state.apply(action, player)
    winner = state.result.winner
    picked = rng.sample(positions, min(per_match, len(positions)))
    out = []
    for text, player in picked:
        position = BingoState.from_json(json.loads(text))
        p = estimate_position(position, player, rng, worlds, options)
        result = 0.5 if winner is None else float(winner == player)
        out.append((p, result, levels[player]))
    return out


def reliability(samples: list[tuple[float, float, Any]]) -> tuple[list[str], float, float]:
    """The table's lines, the Brier score and the ECE of ``(estimate, result, _)``."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(10)]
    for p, y, _ in samples:
        bins[min(9, int(p * 10))].append((p, y))
    lines = [f"{'decile':>9}  {'predicted':>9}  {'observed':>8}  {'positions':>9}"]
    ece = 0.0
    for k, found in enumerate(bins):
        if not found:
            lines.append(f"{k * 10:3d}-{k * 10 + 10:3d} %  {'-':>9}  {'-':>8}  {0:9d}")
            continue
        predicted = sum(p for p, _ in found) / len(found)
        observed = sum(y for _, y in found) / len(found)
        ece += len(found) / len(samples) * abs(predicted - observed)
        lines.append(
            f"{k * 10:3d}-{k * 10 + 10:3d} %  {100 * predicted:8.1f}%  {100 * observed:7.1f}%"
            f"  {len(found):9d}"
        )
    brier = sum((p - y) ** 2 for p, y, _ in samples) / len(samples)
    return lines, brier, ece


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--worlds", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--hard-iterations", type=int, default=100)
    parser.add_argument("--per-match", type=int, default=10)
    args = parser.parse_args(argv)
    pool = WorkerPool(args.workers, name="calibration", preload=("bot.ai.estimator",))
    samples: list[tuple[float, float, str]] = []
    start = time.perf_counter()
    seed = 0
    try:
        while len(samples) < args.positions:
            batch = max(1, 2 * args.workers)
            jobs = [
                pool.submit(one_match, s, args.worlds, args.hard_iterations, args.per_match)
                for s in range(seed, seed + batch)
            ]
            seed += batch
            for job in jobs:
                samples.extend(job.result())
            print(
                f"  {len(samples)} positions, {seed} matches, {time.perf_counter() - start:.0f} s",
                flush=True,
            )
    finally:
        pool.shutdown()
    samples = samples[: args.positions]
    elapsed = time.perf_counter() - start
    lines, brier, ece = reliability(samples)
    print(
        f"{len(samples)} positions from {seed} matches (medium vs hard, hard "
        f"{args.hard_iterations} simulations), {args.worlds} worlds each, {elapsed:.0f} s"
    )
    print("\n".join(lines))
    print(f"Brier score: {brier:.4f} (0.25 = always 50 %)")
    print(f"expected calibration error (ECE): {ece:.4f} (goal <= 0.05)")
    for level in ("medium", "hard"):
        mine = [s for s in samples if s[2] == level]
        if mine:
            _, b, e = reliability(mine)
            print(f"  positions of the {level} player: {len(mine)}, Brier {b:.4f}, ECE {e:.4f}")


if __name__ == "__main__":
    main()
