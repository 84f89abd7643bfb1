"""``python -m benchmarks.load`` runs end to end: its own emulator (Discord's rate limits on),
``python -m bot`` as a subprocess, members playing every match to its end in two channels
(figures printed, none asserted on beyond their consistency: this machine's speed is not what
a test checks)."""

from __future__ import annotations

import pytest

from benchmarks import load

pytestmark = pytest.mark.multiprocess


async def test_the_load_benchmark_plays_every_match_to_its_end(capsys) -> None:
    figures = await load.run(
        3, "sqlite", seed=2, think_min=0.05, think_max=0.15, ramp=0.5, window=120.0, channels=2
    )
    printed = capsys.readouterr().out
    assert "3 matches on sqlite in 2 channel(s)" in printed
    assert "late acknowledgements (> 3 s): 0" in printed
    assert figures["ended"] == figures["started"] == 3  # within the 120 s window
    assert figures["p99"] > 0
    assert figures["max"] >= figures["p99"] >= figures["p50"]
    for line in (
        "turn latency ",
        "board lag ",
        "result lag ",
        "decisions per second: ",
        "matches finished / started: 3 / 3",
        "requests per decision: callbacks ",
        "counted against the global limit ",
        "429s: ",
        "invalid requests ",
        "harness garbage collections",
    ):
        assert line in printed
    # A next decision that is ready when its click's answer arrives counts 0 s.
    assert figures["turn_n"] > 0
    assert figures["turn_max"] >= figures["turn_p99"] >= figures["turn_p50"] >= 0
    assert figures["board_n"] > 0
    assert figures["result_n"] == 3
    assert figures["decisions"] > 0
    assert figures["req_callbacks"] > 0
