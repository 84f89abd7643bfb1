"""A scripted match with one planted blunder, for the analysis tests."""

from __future__ import annotations

import random
from typing import Any

from bot.ai import choose_action
from bot.ai.heuristics import need
from bot.engine import BingoState


def planted_match(seed: int) -> tuple[list[list[Any]], int] | None:
    """A match of seed ``seed`` played by ``medium`` in both seats, except that the first
    time a player could place a land that wins at once, with no counter possible (the
    other hand holds fewer than 2 cards, RULES §1.3.3) and the other player two lands or
    fewer from a win, they pass instead (the planted blunder).  Returns the decisions and the
    planted decision's index, or ``None`` when that never happens."""
    state, _ = BingoState.new(seed)
    rng = random.Random(seed)
    planted = None
    while state.result is None:
        player = state.current_player()
        assert player is not None
        obs = state.observation(player)
        action = choose_action(obs, "medium", rng)
        if planted is None and obs["decision"] == "main":
            mine, theirs = obs["territories"][player], obs["territories"][1 - player]
            wins = [
                a
                for a in obs["legal_actions"]
                if a.startswith("place:") and _wins(mine, int(a[6:]))
            ]
            if wins and obs["hand_sizes"][1 - player] < 2 and need(theirs) <= 2:
                action, planted = "pass", len(state.history)
        state.apply(action, player)
    return (state.history, planted) if planted is not None else None


def _wins(territory: list[int], kind: int) -> bool:
    after = list(territory)
    after[kind] += 1
    return need(after) == 0


def first_planted(seeds: range = range(200)) -> tuple[int, list[list[Any]], int]:
    """The first seed of ``seeds`` with a planted blunder: ``(seed, history, index)``."""
    for seed in seeds:
        found = planted_match(seed)
        if found is not None:
            return seed, found[0], found[1]
    raise LookupError("no seed plants a blunder")
