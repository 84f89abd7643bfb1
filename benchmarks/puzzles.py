"""Puzzles mined from analysed matches (docs/puzzles.md): how many per match, how long.

    python -m benchmarks.puzzles [--matches 20] [--first-seed 0] [--workers 2]
                                 [--worlds 64] [--analysis-worlds 40] [--write PATH]

Plays ``--matches`` matches of the bot against itself (:func:`bot.ai.puzzles.selfplay`,
seeds ``--first-seed`` on, ``medium`` against ``easy``, the seats swapped every other
seed), analyses each as the bot does (one :func:`bot.ai.analysis.analyse_decision` job
per graded decision, ``--analysis-worlds`` worlds), then mines it as the bot does (one
:func:`bot.ai.puzzles.mine_decision` job per decision graded a mistake or a blunder,
``--worlds`` worlds per batch), in a pool of ``--workers`` processes like the bot's AI
pool.  Prints per match the decisions graded, the candidates and the puzzles found with
the seconds spent mining, each puzzle's gap (best minus its closest rival, in points of
win chance), the gap's 95 % interval and the confidence that it is at least 15 points;
then puzzles per analysed match and the mining time per puzzle and per candidate.

``--write PATH`` also writes the puzzles found as the bot's shipped self-play set
(``bot/storage/data/selfplay_puzzles.json``, loaded at start-up by
``cogs.bingo._puzzles``).  Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from bot.ai import analysis, puzzles
from bot.workers import WorkerPool

#: ``format`` of the shipped self-play set.
SET_FORMAT = "bingomagic-selfplay-puzzles/1"


def levels_of(seed: int) -> tuple[str, str]:
    """The two seats' levels of self-play match ``seed`` (swapped every other seed)."""
    return ("medium", "easy") if seed % 2 else ("easy", "medium")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worlds", type=int, default=puzzles.DEFAULT_WORLDS)
    parser.add_argument("--analysis-worlds", type=int, default=analysis.DEFAULT_WORLDS)
    parser.add_argument("--write", type=Path, default=None)
    args = parser.parse_args(argv)
    pool = WorkerPool(args.workers, name="puzzles", preload=("bot.ai.puzzles",))
    pool.submit(analysis.decision_points, 0, None, []).result()  # start the workers first
    found_all: list[dict[str, Any]] = []
    counts: list[int] = []
    mining_seconds = 0.0
    candidates_total = 0
    try:
        for seed in range(args.first_seed, args.first_seed + args.matches):
            levels = levels_of(seed)
            history = puzzles.selfplay(seed, levels)
            points = analysis.decision_points(seed, None, history)
            graded = [
                pool.submit(analysis.analyse_decision, seed, None, history, i, args.analysis_worlds)
                for i in points
            ]
            stored = [d.to_json() for job in graded if (d := job.result()) is not None]
            candidates = puzzles.candidates(stored)
            start = time.perf_counter()
            jobs = [
                pool.submit(puzzles.mine_decision, seed, None, history, i, args.worlds)
                for i in candidates
            ]
            mined = [p for job in jobs if (p := job.result()) is not None]
            elapsed = time.perf_counter() - start
            mining_seconds += elapsed
            candidates_total += len(candidates)
            counts.append(len(mined))
            print(
                f"match {seed:4d} ({levels[0]}/{levels[1]}): {len(history):3d} decisions, "
                f"{len(points):3d} graded, {len(candidates):2d} candidates, "
                f"{len(mined)} puzzles, mined in {elapsed:5.2f} s"
            )
            for p in mined:
                print(
                    f"    decision {p.index + 1:3d} ({p.decision}, seat {p.player}, "
                    f"{levels[p.player]}): best {p.best}, played {p.chosen}, rival {p.rival}; "
                    f"gap {100 * p.gap:5.1f} points, 95 % [{100 * p.low:5.1f}, "
                    f"{100 * p.high:5.1f}], confidence {100 * p.confidence:5.1f} % "
                    f"(gap >= {100 * puzzles.GAP:.0f}), {p.worlds} worlds"
                )
                found_all.append(
                    {
                        "seed": seed,
                        "levels": list(levels),
                        "history": history,
                        "index": p.index,
                        "player": p.player,
                        "method": puzzles.VERSION,
                        "data": p.to_json(),
                    }
                )
    finally:
        pool.shutdown()
    total = len(found_all)
    print(
        f"worlds per action and batch: {args.worlds} (analysis {args.analysis_worlds}), "
        f"workers: {args.workers}"
    )
    print(
        f"puzzles per analysed match: mean {statistics.mean(counts):.2f}, "
        f"median {statistics.median(counts):.1f}, max {max(counts)} "
        f"({total} puzzles of {candidates_total} candidates in {args.matches} matches)"
    )
    if total:
        print(
            f"mining time: {mining_seconds / total:.2f} s per puzzle found, "
            f"{mining_seconds / max(1, candidates_total):.2f} s per candidate, "
            f"{mining_seconds:.1f} s in all"
        )
        gaps = sorted(100 * p["data"]["gap"] for p in found_all)
        print(f"gaps (points): min {gaps[0]:.1f}, median {statistics.median(gaps):.1f}")
    if args.write is not None:
        data = {
            "format": SET_FORMAT,
            "analysis_version": analysis.VERSION,
            "method": puzzles.VERSION,
            "worlds": args.worlds,
            "analysis_worlds": args.analysis_worlds,
            "made_by": "python -m benchmarks.puzzles "
            f"--matches {args.matches} --first-seed {args.first_seed} --worlds {args.worlds} "
            f"--analysis-worlds {args.analysis_worlds} --write {args.write}",
            "puzzles": found_all,
        }
        args.write.parent.mkdir(parents=True, exist_ok=True)
        args.write.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {total} puzzles to {args.write}")


if __name__ == "__main__":
    main()
