"""How long drawing the board picture takes (the goal: p99 30 ms at most).

    python -m benchmarks.render [--boards 200] [--seed 1]

Plays random matches, renders the board after every change (``render_board``: draw and
PNG-encode, the work the bot does per changed board) and prints p50 / p99 / max in
milliseconds, plus the PNG sizes. The first render (fonts, symbols and the static layer
being built) is timed apart.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from bot.engine import BingoState
from bot.matches.views import events_for, public_view
from bot.ui.board_image import board_inputs, last_move, render_board


def boards(count: int, seed: int) -> list[dict]:
    """``count`` board inputs from random matches (every change of each match)."""
    rng = random.Random(seed)
    found: list[dict] = []
    match = 0
    while len(found) < count:
        match += 1
        state, events = BingoState.new(rng.randrange(1 << 30))
        log = [event.to_json() for event in events_for(events, None)]
        language = ("en", "it")[match % 2]
        while len(found) < count:
            view = public_view(state)
            found.append(board_inputs(match, view, ["alice", "bob"], last_move(log), language))
            if state.is_over:
                break
            events = state.apply(rng.choice(state.legal_actions()))
            log += [event.to_json() for event in events_for(events, None)]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.render", description=__doc__)
    parser.add_argument("--boards", type=int, default=200, help="boards to render (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = parser.parse_args(argv)
    inputs = boards(max(2, args.boards), args.seed)
    start = time.perf_counter()
    render_board(inputs[0])
    first = (time.perf_counter() - start) * 1000
    times, sizes = [], []
    for board in inputs:
        start = time.perf_counter()
        png = render_board(board)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
    times.sort()
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    print(f"boards rendered: {len(times)} (first, cold: {first:.1f} ms)")
    print(
        f"render_board: p50 {statistics.median(times):.1f} ms · p99 {p99:.1f} ms · "
        f"max {times[-1]:.1f} ms"
    )
    print(
        f"PNG size: median {statistics.median(sizes) / 1024:.0f} KiB, "
        f"max {max(sizes) / 1024:.0f} KiB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
