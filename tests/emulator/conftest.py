"""Fixtures for the emulator's own tests (see tests/emulator/fixtures.py)."""

from tests.emulator.fixtures import emulator, world

__all__ = ["emulator", "world"]
