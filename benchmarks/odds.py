"""Exact opening-hand odds of the preset decks, and how long they take to compute.

    python -m benchmarks.odds [--turns 4] [--repeat 5]

Prints, for 60 cards / 24 lands, 40 / 17 and Commander 99 / 36 (free first mulligan),
the tables of :func:`bot.engine.odds.deck_report` (percentages with 2 decimals) and the
mean time of one ``deck_report`` call.
"""

from __future__ import annotations

import argparse
import sys
import time

from bot.engine.odds import deck_report

PRESETS = [(60, 24, False), (40, 17, False), (99, 36, True)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.odds", description="Exact opening-hand odds of presets."
    )
    parser.add_argument("--turns", type=int, default=4, help="land drops through (default 4)")
    parser.add_argument("--repeat", type=int, default=5, help="timed calls per deck (default 5)")
    args = parser.parse_args(argv)
    for deck, lands, free_first in PRESETS:
        start = time.perf_counter()
        for _ in range(max(1, args.repeat)):
            report = deck_report(deck, lands, turns=args.turns, free_first=free_first)
        elapsed = (time.perf_counter() - start) / max(1, args.repeat)
        print(report.as_text())
        print(f"deck_report: {elapsed * 1000:.1f} ms/call\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
