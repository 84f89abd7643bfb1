"""Fixtures for the emulator's own tests (see tests/emulator/fixtures.py)."""

from tests.emulator.fixtures import emulator, world
from tests.emulator.testbot import bot

__all__ = ["bot", "emulator", "world"]
