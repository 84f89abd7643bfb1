"""Random-playout speed of the BingoMagic engine.

    python -m benchmarks.playouts [--seconds 5] [--rule vancouver] [--seed 0]

Measurements, each for ``--seconds``, all through the engine's public API with a seeded
``random.Random`` choosing among ``legal_actions()``:

1. whole matches: ``BingoState.new`` → ``apply`` until ``is_over`` (events built, as the
   bot plays), then the same through the playout path (``BingoState.playout``: the same
   actions and states, no events), then with sampled chance (``new(..., chance=rng)``
   and ``playout(rng, chance=rng)``: chance drawn from ``rng``, the library shuffled
   lazily, as search does).
   With ``--baseline REV`` (default ``BASELINE_REVISION``, the engine before its
   speed-up), the apply loop is also run on ``bot/engine`` as it was at git revision
   ``REV``, in the same run, and every whole-match figure is printed beside it as a ratio;
2. clone-from-midgame playouts, as a Monte Carlo tree search would run them: one state
   a few turns into the play phase, ``clone()`` it, play the clone out, with ``apply``,
   with ``apply_fast`` (no events) and with ``playout``;
3. bare ``clone()`` calls on that midgame state;
4. the engine beside a lean counts-only engine of the benchmarks' own
   (:mod:`benchmarks.lean_engine`), interleaved (``--rounds`` rounds, each running the
   three in turn, their order rotating) so a loaded machine slows all alike: the exact
   ``apply`` loop, the search path (``new(..., chance=rng)`` + ``playout``) and the lean
   engine, in whole matches per second and as ratios to the lean engine (goals: search
   path at least 1.5x, exact apply at least 0.5x).

Prints figures only.
"""

from __future__ import annotations

import argparse
import importlib
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from bot.engine import BingoOptions, BingoState, MulliganRule

from . import lean_engine

MIDGAME_DECISIONS = 12  # decisions played into the play phase before cloning
#: The last commit before the engine's speed-up (event-free playouts, ``apply_fast``).
BASELINE_REVISION = "8c33c6d"


def _random_actions(state: BingoState, rng: random.Random, apply: Callable[[str], object]) -> int:
    """Play ``state`` to the end, ``apply`` (one of its own methods) taking a random legal
    action each time; returns the decision count."""
    actions = 0
    while not state.is_over:
        apply(rng.choice(state.legal_actions()))
        actions += 1
    return actions


def play_out(state: BingoState, rng: random.Random) -> int:
    """Play ``state`` to the end with random legal actions; returns the decision count."""
    return _random_actions(state, rng, state.apply)


def play_out_fast(state: BingoState, rng: random.Random) -> int:
    """:func:`play_out` through ``apply_fast`` (no events)."""
    return _random_actions(state, rng, state.apply_fast)


def play_out_engine(state: BingoState, rng: random.Random) -> int:
    """:func:`play_out` through ``BingoState.playout`` (same actions, no events)."""
    return state.playout(rng)


def play_out_sampled(state: BingoState, rng: random.Random) -> int:
    """:func:`play_out_engine` with sampled chance (``playout(rng, chance=rng)``)."""
    return state.playout(rng, rng)


Player = Callable[[BingoState, random.Random], int]


def whole_matches(
    options: BingoOptions,
    seconds: float,
    seed: int,
    player: Player = play_out,
    engine: type[BingoState] = BingoState,
    sampled: bool = False,
) -> tuple[int, int, float]:
    """Play fresh matches of ``engine`` (a BingoState class) for ``seconds``: (games,
    actions, elapsed).  ``sampled``: deal with ``new(..., chance=rng)``."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        if sampled:
            state, _ = engine.new(seed + games, options, chance=rng)
        else:
            state, _ = engine.new(seed + games, options)
        actions += player(state, rng)
        games += 1
        if time.perf_counter() >= deadline:
            break
    return games, actions, time.perf_counter() - start


def load_baseline(revision: str, workdir: Path) -> ModuleType:
    """``bot/engine`` as it was at git ``revision``, imported as its own package (from
    files written under ``workdir``).  Raises ``RuntimeError`` when git cannot show it."""
    root = Path(__file__).resolve().parent.parent
    try:
        names = subprocess.run(
            ["git", "ls-tree", "--name-only", revision, "bot/engine/"],
            cwd=root, check=True, capture_output=True, text=True,
        ).stdout.split()  # fmt: skip
        package = workdir / "baseline_engine"
        package.mkdir()
        for name in names:
            if name.endswith(".py"):
                text = subprocess.run(
                    ["git", "show", f"{revision}:{name}"],
                    cwd=root, check=True, capture_output=True, text=True,
                ).stdout  # fmt: skip
                (package / Path(name).name).write_text(text)
    except (OSError, subprocess.CalledProcessError) as exc:
        raise RuntimeError(f"cannot read bot/engine at {revision}: {exc}") from exc
    sys.path.insert(0, str(workdir))
    try:
        return importlib.import_module("baseline_engine")
    finally:
        sys.path.remove(str(workdir))


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


def clone_playouts(
    root: BingoState, seconds: float, seed: int, player: Player = play_out
) -> tuple[int, int, float]:
    """Clone ``root`` and play the clone out, for ``seconds``: (playouts, actions, elapsed)."""
    rng = random.Random(seed)
    playouts = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        actions += player(root.clone(), rng)
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


def lean_matches(seconds: float, seed: int) -> tuple[int, int, float]:
    """Whole matches of :mod:`benchmarks.lean_engine` for ``seconds``: (games, actions,
    elapsed)."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        actions += lean_engine.play(rng)
        games += 1
        if time.perf_counter() >= deadline:
            break
    return games, actions, time.perf_counter() - start


def against_lean(options: BingoOptions, seconds: float, seed: int, rounds: int) -> None:
    """Print the exact apply loop, the search path and the lean engine, interleaved, as
    games/s and ratios to the lean engine (see the module docstring, item 4)."""
    runs: dict[str, Callable[[float, int], tuple[int, int, float]]] = {
        "exact apply loop": lambda t, s: whole_matches(options, t, s, play_out),
        "search path (new(chance) + playout)": lambda t, s: whole_matches(
            options, t, s, play_out_sampled, sampled=True
        ),
        "lean counts-only engine": lean_matches,
    }
    totals: dict[str, list[float]] = {name: [0.0, 0.0] for name in runs}
    names = list(runs)
    for r in range(rounds):
        for name in names[r % 3 :] + names[: r % 3]:
            games, _, elapsed = runs[name](seconds / rounds, seed + 100_000 * r)
            totals[name][0] += games
            totals[name][1] += elapsed
    lean = totals["lean counts-only engine"][0] / totals["lean counts-only engine"][1]
    print(f"interleaved, {rounds} rounds of {seconds / rounds:.2f} s each:")
    for name in names:
        done, spent = totals[name]
        rate = done / spent
        print(f"  {name + ':':40s}{rate:9.1f} games/s  {rate / lean:5.2f}x lean")


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
    parser.add_argument(
        "--baseline",
        default=BASELINE_REVISION,
        help=f"git revision of the engine to compare with (default {BASELINE_REVISION}, "
        "before the engine's speed-up); 'none' to skip",
    )
    parser.add_argument(
        "--rounds", type=int, default=10, help="rounds of the interleaved comparison"
    )
    args = parser.parse_args(argv)
    options = BingoOptions(mulligan_rule=MulliganRule(args.rule))

    print(f"BingoMagic engine, rule={args.rule}, {args.seconds:g} s per measurement")
    against_lean(options, 3 * args.seconds, args.seed, args.rounds)
    base_rate = None
    if args.baseline != "none":
        with tempfile.TemporaryDirectory() as workdir:
            try:
                old = load_baseline(args.baseline, Path(workdir))
            except RuntimeError as exc:
                print(f"(no baseline: {exc})")
            else:
                old_options = old.BingoOptions(mulligan_rule=old.MulliganRule(args.rule))
                games, actions, elapsed = whole_matches(
                    old_options, args.seconds, args.seed, play_out, old.BingoState
                )
                base_rate = games / elapsed
                print(
                    f"{'engine at ' + args.baseline + ', whole matches, apply loop:':58s}"
                    f"{base_rate:9.1f} games/s  (1.00x)"
                )
    for label, player, sampled in (
        ("this engine, whole matches, apply loop:", play_out, False),
        ("this engine, whole matches (new + playout):", play_out_engine, False),
        ("this engine, whole matches (new + playout, sampled chance):", play_out_sampled, True),
    ):
        games, actions, elapsed = whole_matches(
            options, args.seconds, args.seed, player, sampled=sampled
        )
        rate = games / elapsed
        ratio = f"({rate / base_rate:.2f}x)" if base_rate else ""
        print(
            f"{label:58s}{rate:9.1f} games/s  {ratio:8s}"
            f"{actions / games:6.1f} actions/game, {actions / elapsed:9.0f} actions/s"
        )
    root = midgame(options, args.seed)
    for label, player in (
        ("midgame playouts:", play_out),
        ("  with apply_fast:", play_out_fast),
        ("  with playout():", play_out_engine),
    ):
        playouts, actions, elapsed = clone_playouts(root, args.seconds, args.seed, player)
        print(
            f"{label:20s}{playouts / elapsed:10.1f} playouts/s (clone + play out), "
            f"{actions / playouts:6.1f} actions/playout, {actions / elapsed:10.0f} actions/s "
            f"(turn {root.turn}, {playouts} playouts in {elapsed:.2f} s)"
        )
    clones, elapsed = bare_clones(root, args.seconds)
    print(f"clone():            {clones / elapsed:10.0f} clones/s ({clones} in {elapsed:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
