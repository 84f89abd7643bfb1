"""Tests of the Discord emulator (which lives in :mod:`bot.playground`), and its pytest fixtures."""
