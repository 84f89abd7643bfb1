"""Lands known without Scryfall: the basics and the shipped list of nonbasic lands."""

from __future__ import annotations

import pytest

from bot.decks.lands import BASIC_LANDS, KNOWN_LANDS, is_builtin_land


def test_basic_lands_are_the_twelve_basics() -> None:
    """Five basics, Wastes and the six snow-covered versions."""
    basics = {"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"}
    assert BASIC_LANDS == basics | {f"Snow-Covered {name}" for name in basics}


@pytest.mark.parametrize("name", ["Island", "island", "  FOREST ", "Snow-Covered Wastes"])
def test_basics_are_builtin_lands(name: str) -> None:
    """Basic land names are recognised whatever their case and surrounding spaces."""
    assert is_builtin_land(name)


@pytest.mark.parametrize(
    "name", ["Dryad Arbor", "Snow-Covered", "Islands", "Lightning Bolt", "Sacred", ""]
)
def test_other_names_are_not_builtin(name: str) -> None:
    """Lands off the list, spells and near-misses are left to Scryfall."""
    assert not is_builtin_land(name)


@pytest.mark.parametrize(
    "name",
    [
        "Sacred Foundry",  # shockland
        "inspiring vantage",  # fastland, any case
        "  Scalding   Tarn ",  # fetchland, any spacing
        "Hengegate Pathway",  # a pathway's front face ...
        "Hengegate Pathway // Mistgate Pathway",  # ... and its full name
        "Raugrin Triome",
        "Celestial Colonnade",
        "Urza's Tower",
        "Sokenzan, Crucible of Defiance",
    ],
)
def test_well_known_nonbasic_lands_are_builtin(name: str) -> None:
    """A deck of shocklands and fastlands is counted right without Scryfall."""
    assert is_builtin_land(name)


def test_the_shipped_list_holds_whole_cycles_and_no_basics() -> None:
    """Ten of each two-colour cycle the list names, and no basic twice."""
    shocks = {"Hallowed Fountain", "Watery Grave", "Blood Crypt", "Stomping Ground",
              "Temple Garden", "Godless Shrine", "Overgrown Tomb", "Breeding Pool",
              "Steam Vents", "Sacred Foundry"}  # fmt: skip
    assert shocks <= KNOWN_LANDS
    assert sum(name.endswith("Guildgate") for name in KNOWN_LANDS) == 10
    assert sum(name.startswith("Restless ") for name in KNOWN_LANDS) == 10
    assert not KNOWN_LANDS & BASIC_LANDS
    assert all(name == name.strip() and name for name in KNOWN_LANDS)
