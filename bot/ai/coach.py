"""Win chances of an opening hand, by seeded simulation (the mulligan coach).

Each simulated match deals the other player a random opening hand from the cards not in
the kept hand, lets it mulligan as the ``medium`` player would (Vancouver, RULES §2:
one card fewer per mulligan, then a scry 1 when below the starting size), and plays the
match out with the ``medium`` heuristic in both seats (RULES §1).  A draw counts half.
Pure: all chance comes from the ``random.Random`` passed in.
"""

from __future__ import annotations

import math
import random

from bot.engine import BingoOptions, BingoState
from bot.engine.cards import COPIES, KINDS

from .heuristics import View, medium_action

HAND_SIZE = 5  # RULES §1.2.2


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float, float]:
    """The rate ``successes / trials`` and its Wilson score interval (95 % for the
    default ``z``): ``(p, low, high)``, all in [0, 1].  ``trials`` 0 gives (0, 0, 1)."""
    if trials <= 0:
        return 0.0, 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def _declare(hand: list[int], starting: int, me: int, rng: random.Random) -> str:
    legal = ["keep", "mulligan"] if sum(hand) else ["keep"]
    view = View("declare", legal, me, hand, 0, [0] * KINDS, [0] * KINDS,
                [0] * KINDS, [0] * KINDS, None, starting)  # fmt: skip
    return medium_action(view, rng)


def _scry(hand: list[int], library: list[int], starting: int, me: int, rng: random.Random) -> None:
    """Vancouver scry 1 (RULES §2) with the medium choice; the top card is ``library[-1]``."""
    if not library or sum(hand) >= HAND_SIZE:
        return
    view = View("scry", ["scry_top", "scry_bottom"], me, hand, 0, [0] * KINDS, [0] * KINDS,
                [0] * KINDS, [0] * KINDS, None, starting, library[-1])  # fmt: skip
    if medium_action(view, rng) == "scry_bottom":
        library.insert(0, library.pop())


def _deal(library: list[int], size: int) -> list[int]:
    hand = [0] * KINDS
    for _ in range(size):
        hand[library.pop()] += 1
    return hand


def _play(
    hand: list[int],
    rng: random.Random,
    starting: int | None,
    options: BingoOptions,
    mulligan_first: bool,
    size: int | None = None,
) -> float:
    """One simulated match from player 0's opening; its score for player 0.
    ``size``: the mulligan's new hand size (default one fewer than ``hand``)."""
    start = rng.randrange(2) if starting is None else starting
    library = [k for k in range(KINDS) for _ in range(COPIES)]
    if mulligan_first:  # the whole library is shuffled and a hand one smaller drawn
        rng.shuffle(library)
        mine = _deal(library, max(0, sum(hand) - 1) if size is None else size)
        while _declare(mine, start, 0, rng) == "mulligan":
            size = sum(mine) - 1
            library = [k for k in range(KINDS) for _ in range(COPIES)]
            rng.shuffle(library)
            mine = _deal(library, size)
    else:
        mine = list(hand)
        for k in range(KINDS):
            for _ in range(hand[k]):
                library.remove(k)
    pool = library[:]  # cards not in my hand
    rng.shuffle(pool)
    theirs = _deal(pool, HAND_SIZE)
    while _declare(theirs, start, 1, rng) == "mulligan":
        size = sum(theirs) - 1
        pool.extend(k for k in range(KINDS) for _ in range(theirs[k]))
        rng.shuffle(pool)
        theirs = _deal(pool, size)
    for player in (start, 1 - start):
        _scry(mine if player == 0 else theirs, pool, start, player, rng)
    data = {
        "options": options.to_json(), "seed": rng.getrandbits(48), "chance_count": 0,
        "library": pool, "hands": [mine, theirs],
        "territories": [[0] * KINDS, [0] * KINDS], "discards": [[0] * KINDS, [0] * KINDS],
        "rolls": [], "starting": start, "mulligans": None, "active": start, "turn": 1,
        "step": "main", "pending_land": None, "passes_in_row": 0, "timeouts_in_row": [0, 0],
        "result": None, "history": [],
    }  # fmt: skip
    state = BingoState.from_json(data)
    while state.result is None:
        legal = state.legal_actions()
        state.apply_fast(
            legal[0] if len(legal) == 1 else medium_action(View.from_state(state), rng)
        )
    if state.result.winner is None:
        return 0.5
    return 1.0 if state.result.winner == 0 else 0.0


def estimate_keep(
    hand: list[int],
    rng: random.Random,
    games: int = 200,
    *,
    starting: bool | None = None,
    options: BingoOptions | None = None,
) -> tuple[float, float, float]:
    """Chance of winning a BingoMagic match after keeping ``hand`` (RULES §1, §2).

    ``hand``: a WUBRG count vector of at most 5 cards.  ``games``: simulated matches.
    ``starting``: ``True`` on the play, ``False`` on the draw, ``None`` a coin flip.
    Returns ``(p, low, high)``: the win rate (draws half) and its 95 % Wilson interval.
    Raises ``ValueError`` for a hand that is not 5 kinds of 0..12 cards, at most 5 in all.
    """
    _check(hand)
    first = None if starting is None else (0 if starting else 1)
    opts = options or BingoOptions()
    score = sum(_play(hand, rng, first, opts, False) for _ in range(games))
    return wilson(score, games)


def estimate_mulligan(
    hand: list[int],
    rng: random.Random,
    games: int = 200,
    *,
    starting: bool | None = None,
    options: BingoOptions | None = None,
    size: int | None = None,
) -> tuple[float, float, float]:
    """Chance of winning after mulliganing ``hand`` instead (Paris/Vancouver: a new hand
    one card smaller, then the medium player's further mulligans and scry; RULES §2).
    ``size``: the new hand's size when it is not one fewer (a free first mulligan,
    CR 103.5c, gives ``sum(hand)``); 0..5.  Otherwise the same arguments, result and
    errors as :func:`estimate_keep`."""
    _check(hand)
    if size is not None and not 0 <= size <= HAND_SIZE:
        raise ValueError(f"not a BingoMagic hand size: {size!r}")
    first = None if starting is None else (0 if starting else 1)
    opts = options or BingoOptions()
    score = sum(_play(hand, rng, first, opts, True, size) for _ in range(games))
    return wilson(score, games)


def _check(hand: list[int]) -> None:
    if len(hand) != KINDS or any(not 0 <= n <= COPIES for n in hand) or sum(hand) > HAND_SIZE:
        raise ValueError(f"not a BingoMagic opening hand: {hand!r}")
