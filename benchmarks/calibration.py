"""Calibration of the win-chance estimator (``bot.ai.estimator``): do its percentages
come true?

    python -m benchmarks.calibration [--positions 2000] [--worlds 32] [--workers 2]
                                     [--hard-iterations 100] [--per-match 10]
                                     [--first-seed 0] [--fit]

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
observed| over the deciles), for the calibrated estimate and, for comparison, for the
playouts' raw mean.  Figures only (the goal ECE ≤ 0.05 is measured, not tested).

Matches are seeded ``--first-seed``, ``--first-seed + 1`` … .  ``--fit`` fits the
estimator's :data:`~bot.ai.estimator.NOISE` and :data:`~bot.ai.estimator.TEMPERATURE`
instead (the pair of a grid that minimises the log loss of the calibrated estimate,
pooled over the first 16, 32, 64 … ``--worlds`` playouts of each position, so that the
noise, which falls as the playouts grow, is told apart from the temperature, which does
not), by default on matches from seed :data:`FIT_FIRST_SEED` on: never on the positions
a report is made on.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from typing import Any

from bot.ai import choose_action
from bot.ai.estimator import NOISE, TEMPERATURE, calibrate, playouts
from bot.engine import BingoOptions, BingoState
from bot.workers import WorkerPool

#: The first seed of the matches ``--fit`` fits on, far from the reports' seeds (0 on).
FIT_FIRST_SEED = 1_000_000
#: The grid ``--fit`` searches: noises (in playouts) and log-odds factors.
NOISE_GRID = (0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0, 12.0, 16.0)
TEMPERATURE_GRID = tuple(round(0.6 + 0.025 * k, 3) for k in range(25))


def one_match(
    seed: int, worlds: int, hard_iterations: int, per_match: int
) -> list[tuple[list[float], float, str]]:
    """Play match ``seed`` (``hard`` in seat ``seed % 2``) and play out up to
    ``per_match`` of its positions ``worlds`` times each (:func:`playouts`):
    ``(scores, result for that player, level)``."""
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
        scores = playouts(position, player, rng, worlds, options)
        result = 0.5 if winner is None else float(winner == player)
        out.append((scores, result, levels[player]))
    return out


def estimates(
    played: list[tuple[list[float], float, str]],
    worlds: int,
    noise: float = NOISE,
    temperature: float = TEMPERATURE,
) -> list[tuple[float, float, str]]:
    """``(estimate, result, level)`` of each position from its first ``worlds`` playouts:
    :func:`calibrate` of their mean (the estimator's :func:`estimate_position`)."""
    out = []
    for scores, result, level in played:
        mine = scores[:worlds]
        out.append((calibrate(sum(mine) / len(mine), len(mine), noise, temperature), result, level))
    return out


def log_loss(samples: list[tuple[float, float, Any]]) -> float:
    """The mean log loss (nats) of ``(estimate, result, _)``; results ½ count half each."""
    return -sum(y * math.log(p) + (1 - y) * math.log(1 - p) for p, y, _ in samples) / len(samples)


def fit(played: list[tuple[list[float], float, str]], worlds: int) -> tuple[float, float]:
    """The ``(noise, temperature)`` of :data:`NOISE_GRID` × :data:`TEMPERATURE_GRID` with
    the least :func:`log_loss`, pooled over the first 16, 32, 64 … ``worlds`` playouts of
    each position."""
    sizes = [n for n in (16, 32, 64, 128, 256) if n < worlds] + [worlds]
    best: tuple[float, float, float] | None = None
    for noise in NOISE_GRID:
        for temperature in TEMPERATURE_GRID:
            loss = sum(log_loss(estimates(played, n, noise, temperature)) for n in sizes)
            if best is None or loss < best[0]:
                best = (loss, noise, temperature)
    assert best is not None
    return best[1], best[2]


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
    parser.add_argument("--first-seed", type=int, default=None)
    parser.add_argument("--fit", action="store_true")
    args = parser.parse_args(argv)
    first = args.first_seed
    if first is None:
        first = FIT_FIRST_SEED if args.fit else 0
    pool = WorkerPool(args.workers, name="calibration", preload=("bot.ai.estimator",))
    played: list[tuple[list[float], float, str]] = []
    start = time.perf_counter()
    seed = first
    try:
        while len(played) < args.positions:
            batch = max(1, 2 * args.workers)
            jobs = [
                pool.submit(one_match, s, args.worlds, args.hard_iterations, args.per_match)
                for s in range(seed, seed + batch)
            ]
            seed += batch
            for job in jobs:
                played.extend(job.result())
            print(
                f"  {len(played)} positions, {seed - first} matches, "
                f"{time.perf_counter() - start:.0f} s",
                flush=True,
            )
    finally:
        pool.shutdown()
    played = played[: args.positions]
    elapsed = time.perf_counter() - start
    print(
        f"{len(played)} positions from {seed - first} matches (seeds {first}..{seed - 1}; "
        f"medium vs hard, hard {args.hard_iterations} simulations), {args.worlds} worlds "
        f"each, {elapsed:.0f} s"
    )
    if args.fit:
        noise, temperature = fit(played, args.worlds)
        print(f"fitted: NOISE = {noise}, TEMPERATURE = {temperature}")
    else:
        noise, temperature = NOISE, TEMPERATURE
    raw = [(sum(s) / len(s), y, level) for s, y, level in played]
    _, raw_brier, raw_ece = reliability(raw)
    print(f"playouts' raw mean: Brier {raw_brier:.4f}, ECE {raw_ece:.4f}")
    samples = estimates(played, args.worlds, noise, temperature)
    lines, brier, ece = reliability(samples)
    print(f"calibrated (noise {noise}, temperature {temperature}):")
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
