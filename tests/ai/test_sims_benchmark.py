"""Smoke test of the AI simulations benchmark (no timing assertions)."""

import math

from benchmarks import sims


def test_sims_main_runs_and_reports_simulations_per_second(capsys):
    """A tiny ``main`` run returns 0 and prints a sims/s line for each measurement, with
    the simulations it ran: the hard level's iterations rounded up to a multiple of each
    position's legal actions, the coach's keep and mulligan games, the estimator's
    worlds."""
    argv = ["--rounds", "1", "--positions", "2", "--iterations", "12", "--deals", "1",
            "--games", "3", "--worlds", "4"]  # fmt: skip
    assert sims.main(argv) == 0
    out = capsys.readouterr().out
    assert out.count("sims/s") == 3
    hard = sum(math.ceil(12 / len(o["legal_actions"])) * len(o["legal_actions"])
               for _, _, o in sims.positions(2))  # fmt: skip
    assert f"({hard} sims in" in out
    assert "(6 sims in" in out  # coach: 1 deal x 3 games, keep and mulligan
    assert "(8 sims in" in out  # estimator: 2 positions x 4 worlds
