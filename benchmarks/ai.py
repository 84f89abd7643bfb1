"""Win rates of the BingoMagic AI levels against each other.

    python -m benchmarks.ai [--games 400] [--processes 2] [--budget 0.25]
                            [--iterations N] [--pairs hard-medium,medium-easy] [--seed 0]

Every pair among ``random``, ``easy``, ``medium`` and ``hard`` (or the ``--pairs``
given, ``A-B``) plays ``--games`` whole matches, Vancouver mulligans (RULES §2), seats
alternating (A is player 0 in even games; who starts is the engine's die roll).  Each
seat decides only from its own :meth:`BingoState.observation`.  Prints, per pair: A's
wins, losses and draws, A's score (a draw counts half) with its 95 % Wilson interval;
then the hard level's think time per decision that was searched (p50, p99, max).
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bot.ai import ALL_LEVELS, choose_action, wilson
from bot.engine import BingoOptions, BingoState, MulliganRule


def play_game(job: tuple[str, str, int, float | None, int | None]) -> tuple[float, list[float]]:
    """One match: ``(level_a, level_b, seed, budget, iterations)``; A sits at ``seed % 2``.

    Returns A's score (1, 0.5 or 0) and the hard seats' think times in seconds.
    """
    level_a, level_b, seed, budget, iterations = job
    options = BingoOptions(mulligan_rule=MulliganRule.VANCOUVER)
    state, _ = BingoState.new(seed, options)
    seat_a = seed % 2
    levels = {seat_a: level_a, 1 - seat_a: level_b}
    rngs = {0: random.Random(seed * 2 + 1), 1: random.Random(seed * 2 + 2)}
    thinks: list[float] = []
    while not state.is_over:
        player = state.current_player()
        assert player is not None
        obs = state.observation(player)
        level = levels[player]
        searched = level == "hard" and obs["phase"] == "play" and len(obs["legal_actions"]) > 1
        start = time.perf_counter()
        action = choose_action(obs, level, rngs[player], budget=budget, iterations=iterations)
        if searched:
            thinks.append(time.perf_counter() - start)
        state.apply(action, player=player)
    result = state.result
    assert result is not None
    if result.winner is None:
        return 0.5, thinks
    return (1.0 if result.winner == seat_a else 0.0), thinks


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ai", description=__doc__)
    parser.add_argument("--games", type=int, default=400, help="matches per pair (400)")
    parser.add_argument("--processes", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--budget", type=float, default=0.25, help="hard think time, s")
    parser.add_argument("--iterations", type=int, default=None, help="hard iteration cap")
    parser.add_argument("--pairs", default="", help="comma-separated A-B pairs (all)")
    parser.add_argument("--seed", type=int, default=0, help="first match seed (0)")
    args = parser.parse_args(argv)
    if args.pairs:
        pairs = [tuple(p.split("-", 1)) for p in args.pairs.split(",") if p]
        for pair in pairs:
            if len(pair) != 2 or not set(pair) <= set(ALL_LEVELS):
                parser.error(f"bad pair {'-'.join(pair)!r}; levels: {', '.join(ALL_LEVELS)}")
    else:
        order = ("hard", "medium", "easy", "random")
        pairs = list(itertools.combinations(order, 2))
    budget = args.budget if args.budget > 0 else None
    print(
        f"BingoMagic AI, Vancouver, {args.games} games per pair, seats alternating; "
        f"hard: budget {budget} s, iteration cap {args.iterations}; draws count half"
    )
    print(f"{'A':>7} vs {'B':<7} {'wins':>5} {'losses':>6} {'draws':>5}  A score  95% interval")
    all_thinks: list[float] = []
    pool = ProcessPoolExecutor(args.processes) if args.processes > 1 else None
    try:
        for a, b in pairs:
            jobs = [(a, b, args.seed + g, budget, args.iterations) for g in range(args.games)]
            started = time.perf_counter()
            if pool is None:
                results = list(map(play_game, jobs))
            else:
                results = list(pool.map(play_game, jobs, chunksize=4))
            scores = [r[0] for r in results]
            for r in results:
                all_thinks.extend(r[1])
            wins, draws = scores.count(1.0), scores.count(0.5)
            p, low, high = wilson(sum(scores), len(scores))
            print(
                f"{a:>7} vs {b:<7} {wins:5d} {len(scores) - wins - draws:6d} {draws:5d}"
                f"  {p:6.1%}  [{low:.1%}, {high:.1%}]"
                f"   ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
    finally:
        if pool is not None:
            pool.shutdown()
    if all_thinks:
        print(
            f"hard think time per searched decision: p50 {_quantile(all_thinks, 0.5) * 1000:.0f}"
            f" ms, p99 {_quantile(all_thinks, 0.99) * 1000:.0f} ms, max "
            f"{max(all_thinks) * 1000:.0f} ms ({len(all_thinks)} decisions)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
