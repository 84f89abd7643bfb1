"""A lean BingoMagic engine for random playouts: counts only, no events, no history, no
JSON, no checks, written plainly as a reference for what plain Python does.

It plays the same game as ``bot/engine`` with uniformly random legal actions (RULES §1,
Vancouver mulligans of §2 with 5-card hands), so its games per second can be set beside
the engine's (``python -m benchmarks.playouts --lean``). It is a yardstick, not a rules
engine: nothing in the bot imports it, and it does not replay stored matches.
"""

from __future__ import annotations

import random

KINDS = 5
PLAINS, ISLAND, SWAMP, MOUNTAIN, FOREST = range(KINDS)
HAND = 5
MAX_TURNS, MAX_PASSES = 200, 6


def _wins(territory: list[int]) -> bool:
    return max(territory) >= 5 or min(territory) >= 1


def _draw(library: list[int], hand: list[int], piles: list[list[int]], rng: random.Random) -> None:
    if not library:  # RULES §1.7: both discard piles become the library
        for pile in piles:
            for k in range(KINDS):
                library.extend([k] * pile[k])
                pile[k] = 0
        rng.shuffle(library)
    if library:
        hand[library.pop()] += 1


def _present(counts: list[int]) -> list[int]:
    return [k for k in range(KINDS) if counts[k]]


def play(rng: random.Random) -> int:
    """One whole match with random legal actions; returns the decisions made."""
    library = [k for k in range(KINDS) for _ in range(12)]
    rng.shuffle(library)
    hands = [[0] * KINDS, [0] * KINDS]
    territories = [[0] * KINDS, [0] * KINDS]
    piles = [[0] * KINDS, [0] * KINDS]
    for p in (0, 1):
        for _ in range(HAND):
            hands[p][library.pop()] += 1
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if a != b:
            break
    active = 0 if a > b else 1
    decisions = 0
    kept = [False, False]
    order = [active, 1 - active]
    while not all(kept):  # Vancouver: declare in turn order, then the mulligans
        mulligans = []
        for p in order:
            if kept[p]:
                continue
            if sum(hands[p]) == 0:
                kept[p] = True
                continue
            decisions += 1
            if rng.choice((True, False)):
                mulligans.append(p)
            else:
                kept[p] = True
        for p in mulligans:
            size = sum(hands[p])
            for k in range(KINDS):
                library.extend([k] * hands[p][k])
                hands[p][k] = 0
            rng.shuffle(library)
            for _ in range(size - 1):
                hands[p][library.pop()] += 1
    for p in order:  # scry 1 below the starting size
        if sum(hands[p]) < HAND and library:
            decisions += 1
            if rng.choice((True, False)):
                library.insert(0, library.pop())
    turn, passes = 1, 0
    while True:
        other = 1 - active
        hand = hands[active]
        if turn > 1:
            _draw(library, hand, piles, rng)
        decisions += 1
        choice = rng.choice([*_present(hand), None])
        if choice is None:
            passes += 1
            if passes >= MAX_PASSES:
                return decisions
        else:
            passes = 0
            hand[choice] -= 1
            countered = False
            theirs = hands[other]
            if sum(theirs) >= 2:
                decisions += 1
                options: list[int | None] = [None]
                if theirs[ISLAND]:
                    options += [k for k in range(KINDS) if theirs[k] > (k == ISLAND)]
                second = rng.choice(options)
                if second is not None:
                    theirs[ISLAND] -= 1
                    theirs[second] -= 1
                    piles[other][ISLAND] += 1
                    piles[other][second] += 1
                    piles[active][choice] += 1
                    countered = True
            if not countered:
                territories[active][choice] += 1
                if _wins(territories[active]):
                    return decisions
                if choice == PLAINS:
                    _draw(library, hand, piles, rng)
                elif choice == SWAMP and any(theirs):
                    decisions += 1
                    k = rng.choice(_present(theirs))
                    theirs[k] -= 1
                    piles[other][k] += 1
                elif choice == MOUNTAIN and any(territories[other]):
                    decisions += 1
                    k = rng.choice(_present(territories[other]))
                    territories[other][k] -= 1
                    piles[other][k] += 1
                elif choice == FOREST and any(piles[active]):
                    decisions += 1
                    k = rng.choice(_present(piles[active]))
                    piles[active][k] -= 1
                    hand[k] += 1
        if turn >= MAX_TURNS:
            return decisions
        turn += 1
        active = other
