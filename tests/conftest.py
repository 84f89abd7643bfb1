"""Shared test configuration: Hypothesis profiles ("ci" when CI=true, else "dev"), and
the ``slow`` marker on every ``browser`` and ``multiprocess`` test (markers: pyproject.toml)."""

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=500, deadline=None)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") == "true" else "dev")


#: Markers that imply ``slow``.
SLOW_KINDS = ("browser", "multiprocess")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test using the ``browser`` fixture (tests/playground) is a ``browser`` test; every
    ``browser`` and ``multiprocess`` test is also ``slow``."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        if any(item.get_closest_marker(kind) for kind in SLOW_KINDS):
            item.add_marker(pytest.mark.slow)
