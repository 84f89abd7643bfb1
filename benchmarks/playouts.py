"""Random-playout speed of the BingoMagic engine.

    python -m benchmarks.playouts [--seconds 5] [--rule vancouver] [--seed 0]

Three measurements, each for ``--seconds``, all through the engine's public API with a
seeded ``random.Random`` choosing among ``legal_actions()``:

1. whole matches: ``BingoState.new`` → ``apply`` until ``is_over``;
2. clone-from-midgame playouts, as a Monte Carlo tree search would run them: one state
   a few turns into the play phase, ``clone()`` it, play the clone out;
3. bare ``clone()`` calls on that midgame state.

Prints figures only.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from bot.engine import BingoOptions, BingoState, MulliganRule

MIDGAME_DECISIONS = 12  # decisions played into the play phase before cloning


def play_out(state: BingoState, rng: random.Random) -> int:
    """Play ``state`` to the end with random legal actions; returns the decision count."""
    actions = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
    return actions


def whole_matches(options: BingoOptions, seconds: float, seed: int) -> tuple[int, int, float]:
    """Play fresh matches for ``seconds``: (games, actions, elapsed)."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state, _ = BingoState.new(seed + games, options)
        actions += play_out(state, rng)
        games += 1
        if time.perf_counter() >= deadline:
            break
    return games, actions, time.perf_counter() - start


def midgame(options: BingoOptions, seed: int) -> BingoState:
    """A state ``MIDGAME_DECISIONS`` decisions into the play phase (first such seed)."""
    for attempt in range(seed, seed + 1000):
        rng = random.Random(attempt)
        state, _ = BingoState.new(attempt, options)
        while state.phase == "mulligan":
            state.apply(rng.choice(state.legal_actions()))
        for _ in range(MIDGAME_DECISIONS):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            return state
    raise RuntimeError("no match lasted into the middle game")


def clone_playouts(root: BingoState, seconds: float, seed: int) -> tuple[int, int, float]:
    """Clone ``root`` and play the clone out, for ``seconds``: (playouts, actions, elapsed)."""
    rng = random.Random(seed)
    playouts = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        actions += play_out(root.clone(), rng)
        playouts += 1
        if time.perf_counter() >= deadline:
            break
    return playouts, actions, time.perf_counter() - start


def bare_clones(root: BingoState, seconds: float) -> tuple[int, float]:
    """Call ``root.clone()`` in batches of 1000 for ``seconds``: (clones, elapsed)."""
    clones = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(1000):
            root.clone()
        clones += 1000
        if time.perf_counter() >= deadline:
            break
    return clones, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.playouts", description="BingoMagic random-playout speed."
    )
    parser.add_argument(
        "--seconds", type=float, default=5.0, help="time for each measurement (default 5)"
    )
    parser.add_argument(
        "--rule",
        default=MulliganRule.VANCOUVER.value,
        choices=[r.value for r in MulliganRule if r is not MulliganRule.EARLY_1994],
        help="mulligan rule (default vancouver)",
    )
    parser.add_argument("--seed", type=int, default=0, help="first match seed (default 0)")
    args = parser.parse_args(argv)
    options = BingoOptions(mulligan_rule=MulliganRule(args.rule))

    print(f"BingoMagic engine, rule={args.rule}, {args.seconds:g} s per measurement")
    games, actions, elapsed = whole_matches(options, args.seconds, args.seed)
    print(
        f"whole matches:      {games / elapsed:10.1f} games/s, "
        f"{actions / games:6.1f} actions/game, {actions / elapsed:10.0f} actions/s "
        f"({games} games in {elapsed:.2f} s)"
    )
    root = midgame(options, args.seed)
    playouts, actions, elapsed = clone_playouts(root, args.seconds, args.seed)
    print(
        f"midgame playouts:   {playouts / elapsed:10.1f} playouts/s (clone + play out), "
        f"{actions / playouts:6.1f} actions/playout, {actions / elapsed:10.0f} actions/s "
        f"(turn {root.turn}, {playouts} playouts in {elapsed:.2f} s)"
    )
    clones, elapsed = bare_clones(root, args.seconds)
    print(f"clone():            {clones / elapsed:10.0f} clones/s ({clones} in {elapsed:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
