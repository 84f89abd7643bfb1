"""Every command the bot registered, sent generated inputs (see tests/e2e/fuzzing.py).

A fixed, derandomized set of hypothesis examples runs in CI; ``python -m
benchmarks.fuzz_commands --examples N`` runs more and prints a table per command.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot import limits
from bot.i18n import attribute, t

from .fuzzing import (
    CommandSpec,
    Fuzzer,
    LogCapture,
    command_specs,
    distinct_failures,
    draw_cases,
    table,
)
from .helpers import BotWorld

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


def _least_values(bw: Any, spec: CommandSpec) -> dict[str, Any]:
    """The least valid value of each required option of ``spec`` (a user option: bob)."""
    values: dict[str, Any] = {}
    for option in spec.options:
        if not option.get("required"):
            continue
        if option.get("choices"):
            values[option["name"]] = option["choices"][0]["value"]
        elif option["type"] == 3:
            values[option["name"]] = "x" * (option.get("min_length") or 1)
        elif option["type"] in (4, 10):
            values[option["name"]] = option["min_value"]
        elif option["type"] == 6:
            values[option["name"]] = bw.world.user("bob")
        else:
            raise AssertionError(f"no least value for {spec.path} {option['name']}")
    return values


async def test_every_number_option_is_bounded_and_a_forged_one_is_refused_privately(
    bingo: BotWorld,
) -> None:
    """Every integer and number option declares ``min_value`` and ``max_value`` (so
    Discord refuses anything outside before the bot sees it), and a value past them
    forged straight into the interaction (past Discord's checks, beyond SQLite's 64-bit
    integers too) gets a private answer naming the bounds, with nothing logged."""
    specs = command_specs(bingo.emu, bingo.world.guild.id)
    numbers = [(spec, o) for spec in specs for o in spec.options if o["type"] in (4, 10)]
    assert len(numbers) > 10  # the tree was read
    unbounded = [f"{s.path} {o['name']}" for s, o in numbers if "max_value" not in o]
    assert not unbounded, f"options without max_value: {unbounded}"
    assert not [f"{s.path} {o['name']}" for s, o in numbers if "min_value" not in o]
    alice = bingo.driver("alice")
    with LogCapture() as capture:
        for spec, option in numbers:
            for value in (option["max_value"] + 1, 2**63):
                rec = await alice.forge_slash(
                    bingo.channel,
                    spec.path,
                    forged={option["name"]: value},
                    **_least_values(bingo, spec),
                )
                reply = await rec.wait_for_response()
                assert reply.ephemeral, (spec.path, option["name"], value)
                assert str(option["max_value"]) in reply.content, reply.content
                assert option["name"] in reply.content, reply.content
        bingo.world.user("alice").locale = "it"  # the option as an Italian client names it
        rec = await alice.forge_slash(bingo.channel, "bingo replay", forged={"match": 0})
        reply = await rec.wait_for_response()
        high = str(limits.RECORD_NUMBER[1])
        name = attribute("it", "cmd-bingo-replay-match", "name")
        assert name != "match"
        assert reply.content == t("it", "common-out-of-range", option=name, low="1", high=high)
    assert not capture.records, [r.getMessage() for r in capture.records]
