"""Time of a whole match analysis ("a whole match at most 30 s on 2 cores").

    python -m benchmarks.analysis [--matches 20] [--workers 2] [--worlds N]

Plays ``--matches`` matches (seeds 0..matches-1, ``medium`` against ``easy`` in turn, so
both clean and error-prone play are graded), then analyses each as the bot does: one
:func:`bot.ai.analysis.analyse_decision` job per graded decision in a pool of
``--workers`` processes (:class:`bot.workers.WorkerPool`, like the bot's AI pool), with
``--worlds`` sampled worlds per action (default the bot's
:data:`~bot.ai.analysis.DEFAULT_WORLDS`).  Prints per match the decisions graded and the
seconds, then the longest match's time, the median and the grade totals, and per level
(``medium``, ``easy``) the players' accuracy (:func:`bot.ai.analysis.summary`: median and
range), their average loss per decision, and what the accuracy before lichess's formula
(100 minus the average loss) said.  Figures only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from typing import Any

from bot.ai import choose_action
from bot.ai.analysis import DEFAULT_WORLDS, analyse_decision, decision_points, summary
from bot.engine import BingoState
from bot.workers import WorkerPool


def play(seed: int) -> list[list[Any]]:
    """A match of seed ``seed``: ``medium`` in one seat, ``easy`` in the other."""
    state, _ = BingoState.new(seed)
    rng = random.Random(seed)
    levels = ("medium", "easy") if seed % 2 else ("easy", "medium")
    while state.result is None:
        player = state.current_player()
        assert player is not None
        state.apply(choose_action(state.observation(player), levels[player], rng), player)
    return state.history


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    args = parser.parse_args(argv)
    pool = WorkerPool(args.workers, name="analysis", preload=("bot.ai.analysis",))
    pool.submit(decision_points, 0, None, []).result()  # start the workers first
    times: list[float] = []
    grades: Counter[str] = Counter()
    by_level: dict[str, list[tuple[float, float]]] = {"medium": [], "easy": []}
    try:
        for seed in range(args.matches):
            history = play(seed)
            start = time.perf_counter()
            points = decision_points(seed, None, history)
            jobs = [
                pool.submit(analyse_decision, seed, None, history, i, args.worlds) for i in points
            ]
            found = [job.result() for job in jobs]
            elapsed = time.perf_counter() - start
            times.append(elapsed)
            graded = [d for d in found if d is not None]
            grades.update(d.grade for d in graded)
            levels = ("medium", "easy") if seed % 2 else ("easy", "medium")
            for player in (0, 1):
                mine = summary(graded, player)
                if mine.accuracy is not None and mine.mean_loss is not None:
                    by_level[levels[player]].append((mine.accuracy, mine.mean_loss))
            print(
                f"match {seed:2d}: {len(history):3d} decisions, {len(points):3d} graded, "
                f"{elapsed:5.1f} s"
            )
    finally:
        pool.shutdown()
    print(f"worlds per action: {args.worlds}, workers: {args.workers}")
    print(
        f"seconds per match: longest {max(times):.1f}, median {statistics.median(times):.1f} "
        f"over {args.matches} matches"
    )
    print("grades: " + ", ".join(f"{g} {n}" for g, n in grades.most_common()))
    for level, figures in by_level.items():
        if not figures:
            continue
        accuracy = [a for a, _ in figures]
        loss = [m for _, m in figures]
        print(
            f"{level:6s}: accuracy median {statistics.median(accuracy):.1f} "
            f"(range {min(accuracy):.1f}-{max(accuracy):.1f}), average loss median "
            f"{statistics.median(loss):.1f} points per decision; 100 minus the loss "
            f"(the accuracy before) median {100 - statistics.median(loss):.1f}"
        )


if __name__ == "__main__":
    main()
