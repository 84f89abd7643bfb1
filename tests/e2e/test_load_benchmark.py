"""``python -m benchmarks.load`` runs end to end: its own emulator, ``python -m bot`` as a
subprocess, members playing every match to its end (figures printed, none asserted on:
this machine's speed is not what a test checks)."""

from __future__ import annotations

from benchmarks import load


async def test_the_load_benchmark_plays_every_match_to_its_end(capsys) -> None:
    figures = await load.run(3, "sqlite", seed=2, think=0.1, ramp=0.5, window=120.0)
    printed = capsys.readouterr().out
    assert "3 matches on sqlite" in printed
    assert "late acknowledgements (> 3 s): 0" in printed
    assert figures["ended"] == 3  # within the 120 s window
    assert figures["p99"] > 0
    assert figures["max"] >= figures["p99"] >= figures["p50"]
    assert "harness garbage collections" in printed
