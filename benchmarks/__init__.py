"""Benchmarks: run with ``python -m benchmarks.<name>``."""
