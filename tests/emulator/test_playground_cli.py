"""``python -m bot.playground`` and the standalone emulator on a port that is already taken:
one clear sentence naming the port and ``--port``, a non-zero status, no traceback."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.playground.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port on 127.0.0.1 held by a listening socket."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def test_playground_on_a_taken_port(taken_port: int, tmp_path: Path, capsys) -> None:
    status = main(["--port", str(taken_port), "--data-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 2
    assert f"port {taken_port} is already in use" in err
    assert "--port" in err
    assert "Errno" not in err and "Stopping" not in out
    assert not (tmp_path / "bot.log").exists()  # the bot was never started


def test_standalone_emulator_on_a_taken_port(taken_port: int) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot.playground.standalone", "--port", str(taken_port)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert f"port {taken_port} is already in use" in done.stderr and "--port" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
