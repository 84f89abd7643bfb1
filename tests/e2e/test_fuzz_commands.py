"""Every command the bot registered, sent generated inputs (see tests/e2e/fuzzing.py).

A fixed, derandomized set of hypothesis examples runs in CI; ``python -m
benchmarks.fuzz_commands --examples N`` runs more and prints a table per command.
"""

from __future__ import annotations

import pytest

from .fuzzing import Fuzzer, LogCapture, distinct_failures, draw_cases, table

#: Cases run in CI (derandomized: the same every run).
CI_EXAMPLES = 150


@pytest.mark.slow
async def test_every_command_survives_generated_inputs(bingo) -> None:
    """Each input is answered within 3 s, refusals are private, nothing errors or pings,
    values past declared bounds are refused by the driver, and the bot stays alive."""
    with LogCapture() as capture:
        fuzzer = Fuzzer(bingo, capture)
        await fuzzer.setup()
        paths = {spec.path for spec in fuzzer.specs}
        assert {"bingo challenge", "mulligan deck save"} <= paths  # the tree was read
        cases = draw_cases(fuzzer.specs, CI_EXAMPLES)
        outcomes = [await fuzzer.run(case) for case in cases]
    covered = {o.case.path for o in outcomes}
    assert covered == paths, f"not fuzzed: {sorted(paths - covered)}"
    failures = distinct_failures(outcomes)
    listing = "\n".join(
        f"  - [{kind}] {o.case.short()}\n      {detail}"
        for (_, kind, _), (o, detail) in failures.items()
    )
    assert not failures, f"{len(failures)} distinct failure(s):\n{listing}\n\n{table(outcomes)}"
