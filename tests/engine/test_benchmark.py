"""Smoke test of the playout benchmark (no timing assertions)."""

from benchmarks import playouts


def test_benchmark_main_runs_and_reports_games_per_second(capsys):
    """``main(["--seconds", "0.2"])`` returns 0 and prints a games/s figure."""
    assert playouts.main(["--seconds", "0.2", "--rule", "london"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out
    assert "clones/s" in out
