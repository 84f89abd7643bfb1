"""How long the land-drop coach takes under every mulligan rule.

    python -m benchmarks.rule_odds [--deals 40]

The coach's words are computed on the event loop when a practice hand is kept or
mulliganed (``cogs/mulligan/_service.py``: ``coach`` and ``mulligan_note``), so their
worst case matters.  Prints, for each preset deck (Commander with its free first
mulligan) and each rule:

* ``instead``: the slowest :func:`bot.engine.rule_odds.mulligan_figure` (Partial Paris:
  :func:`~bot.engine.rule_odds.partial_paris_aside`, which searches the set-asides) over
  every 7-card hand (0 to 7 lands), first mulligan;
* ``keep words`` and ``note``: the mean and slowest ``coach`` (a keep after one
  mulligan) and ``mulligan_note`` (after that mulligan) over ``--deals`` seeded deals.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from bot.engine import MulliganRule, rule_odds
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState
from cogs.mulligan._service import coach, mulligan_note

DECKS = (("constructed", False), ("limited", False), ("commander", True))


def _slowest_instead(deck_key: str, rule: MulliganRule, free_first: bool) -> float:
    deck = PRESETS[deck_key]
    worst = 0.0
    for lands in range(8):
        start = time.perf_counter()
        try:
            if rule is MulliganRule.PARTIAL_PARIS:
                rule_odds.partial_paris_aside(
                    deck.size, deck.lands, 7, 7, lands, taken=0, free_first=free_first
                )
            else:
                rule_odds.mulligan_figure(
                    rule, deck.size, deck.lands, 7, 7, lands, taken=0, free_first=free_first
                )
        except ValueError:  # the 1994 rule allows no mulligan of a mixed hand
            pass
        worst = max(worst, time.perf_counter() - start)
    return worst


def _words(
    deck_key: str, rule: MulliganRule, free_first: bool, deals: int
) -> tuple[list[float], list[float]]:
    keeps, notes = [], []
    for seed in range(deals):
        state, _ = PracticeState.new(seed, PRESETS[deck_key], PracticeOptions(rule, free_first))
        if "mulligan" not in state.legal_actions():
            continue
        state.apply("mulligan")
        if state.decision() == "aside":
            state.apply(state.legal_actions()[0])
            state.apply("aside_done")
        start = time.perf_counter()
        mulligan_note(state, "en")
        notes.append(time.perf_counter() - start)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply("keep" if "keep" in legal else legal[0])
        start = time.perf_counter()
        coach(state, "en")
        keeps.append(time.perf_counter() - start)
    return keeps, notes


def _ms(times: list[float]) -> str:
    if not times:
        return "—"
    return f"{statistics.mean(times) * 1000:.1f} ms mean, {max(times) * 1000:.1f} ms max"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.rule_odds",
        description="Time the land-drop coach under every mulligan rule.",
    )
    parser.add_argument("--deals", type=int, default=40, help="seeded deals per rule (40)")
    args = parser.parse_args(argv)
    for deck_key, free_first in DECKS:
        print(f"{PRESETS[deck_key].title}{', free first mulligan' if free_first else ''}")
        for rule in MulliganRule:
            instead = _slowest_instead(deck_key, rule, free_first)
            keeps, notes = _words(deck_key, rule, free_first, max(1, args.deals))
            print(
                f"  {rule.value:<14} instead {instead * 1000:6.1f} ms max · "
                f"keep words {_ms(keeps)} · note {_ms(notes)}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
