"""Tests of the Discord emulator (:mod:`emulator`), and its pytest fixtures."""
