"""Time of the BingoMagic mulligan coach ("in at most about 2 s").

    python -m benchmarks.coach [--deals 10] [--games N]

Deals ``--deals`` BingoMagic practice hands (seeds 0..deals-1, London, on the play),
keeps each, and times :func:`bot.ai.coach.estimate` (the keep and the mulligan
instead, ``--games`` simulated matches each, default the coach's ``COACH_GAMES``) in
this thread, as the bot runs it in one.  Prints the games count, the p50 / max seconds
per estimate and the simulated matches per second.  Figures only.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.ai.coach import COACH_GAMES, estimate
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--games", type=int, default=COACH_GAMES)
    args = parser.parse_args(argv)
    times = []
    for seed in range(args.deals):
        state, _ = PracticeState.new(seed, PRESETS["bingomagic"], PracticeOptions())
        state.apply("keep")
        start = time.perf_counter()
        estimate(state, args.games)
        times.append(time.perf_counter() - start)
    total_games = 2 * args.games * args.deals
    print(f"games per figure: {args.games} (keep + mulligan = {2 * args.games} per estimate)")
    print(
        f"seconds per estimate: p50 {statistics.median(times):.2f}, max {max(times):.2f} "
        f"over {args.deals} deals"
    )
    print(f"simulated matches per second: {total_games / sum(times):.0f}")


if __name__ == "__main__":
    main()
