"""Built-in basic lands."""

from __future__ import annotations

import pytest

from bot.decks.lands import BASIC_LANDS, is_builtin_land


def test_basic_lands_are_the_twelve_basics() -> None:
    """Five basics, Wastes and the six snow-covered versions."""
    basics = {"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"}
    assert BASIC_LANDS == basics | {f"Snow-Covered {name}" for name in basics}


@pytest.mark.parametrize("name", ["Island", "island", "  FOREST ", "Snow-Covered Wastes"])
def test_basics_are_builtin_lands(name: str) -> None:
    """Basic land names are recognised whatever their case and surrounding spaces."""
    assert is_builtin_land(name)


@pytest.mark.parametrize("name", ["Dryad Arbor", "Snow-Covered", "Islands", "Urza's Tower", ""])
def test_other_names_are_not_builtin(name: str) -> None:
    """Non-basic lands and near-misses are left to Scryfall."""
    assert not is_builtin_land(name)
