"""Command fuzzing through the Discord emulator: every registered (sub)command and modal.

    python -m benchmarks.fuzz_commands [--examples 2000] [--seed N] [--show 40]

Starts the emulator, a fake Scryfall and the bot in-process (as tests/e2e does), reads the
command tree the bot registered, and runs ``--examples`` hypothesis-drawn cases (the same
every run without ``--seed``). Checks per case are listed in tests/e2e/fuzzing.py. Prints a
table of outcomes per command (answered publicly, answered privately, refused by the driver
as Discord's client would, autocomplete, and the failure kinds), then every distinct failure
with a reproducing input. Exits 1 if any case failed.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from emulator.server import Emulator
from tests.decks.conftest import serving_scryfall
from tests.e2e.fuzzing import Fuzzer, LogCapture, Outcome, distinct_failures, draw_cases, table
from tests.e2e.helpers import running_bot, settings_for
from tests.emulator.fixtures import build_world


async def _run(examples: int, seed: int | None) -> list[Outcome]:
    async with serving_scryfall() as fake:
        with tempfile.TemporaryDirectory() as tmp:
            async with Emulator() as emu:
                world = build_world(emu, users=("alice", "bob", "carol"))
                settings = settings_for(emu, Path(tmp) / "fuzz.db", SCRYFALL_API_BASE=fake.url)
                async with running_bot(emu, world, settings, fake) as bw:
                    with LogCapture() as capture:
                        fuzzer = Fuzzer(bw, capture)
                        await fuzzer.setup()
                        cases = draw_cases(fuzzer.specs, examples, seed)
                        outcomes = []
                        for i, case in enumerate(cases, 1):
                            outcomes.append(await fuzzer.run(case))
                            if i % 200 == 0:
                                print(f"... {i}/{len(cases)} cases", file=sys.stderr)
                        return outcomes


def main(argv: list[str] | None = None) -> int:
    """Run the fuzzer and print the figures; 1 if any case failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=None, help="default: derandomized")
    parser.add_argument("--show", type=int, default=60, help="distinct failures to print")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    for handler in logging.getLogger().handlers:  # quiet: the fuzzer's own handler sees ERRORs
        handler.setLevel(logging.CRITICAL)
    started = time.monotonic()
    outcomes = asyncio.run(_run(args.examples, args.seed))
    elapsed = time.monotonic() - started
    each = elapsed / max(1, len(outcomes)) * 1000
    print(f"{len(outcomes)} cases in {elapsed:.1f} s ({each:.0f} ms each)")
    slowest = max(outcomes, key=lambda o: o.seconds, default=None)
    if slowest is not None:
        print(f"slowest case: {slowest.seconds:.2f} s: {slowest.case.short()}")
    print()
    print(table(outcomes))
    failures = distinct_failures(outcomes)
    kinds = Counter(kind for (_, kind, _) in failures)
    print()
    print(f"{len(failures)} distinct failure(s): {dict(kinds)}")
    for (_, kind, _), (outcome, detail) in list(failures.items())[: args.show]:
        print(f"- [{kind}] {outcome.case.short()}\n    {detail}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
