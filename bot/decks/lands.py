"""Lands known without asking Scryfall: the basics and a shipped list of nonbasic lands.

Basics: the basic land types of the Comprehensive Rules (205.3i: Plains, Island,
Swamp, Mountain, Forest), the colorless basic Wastes (Oath of the Gatewatch) and the
snow-covered basics (Ice Age, Coldsnap, Kaldheim; Snow-Covered Wastes from Modern
Horizons 3).

Nonbasics: ``bot/decks/data/known_lands.txt``, well-known cycles (dual lands,
shocklands, fetchlands, fastlands, checklands, painlands, pathways, triomes, creature
lands …) and common utility lands, so a deck of them is counted right even when Scryfall
cannot be reached. The list is not every land: any other name is looked up on Scryfall
(:mod:`bot.decks.scryfall`).
"""

from __future__ import annotations

import unicodedata
from importlib import resources

__all__ = ["BASIC_LANDS", "KNOWN_LANDS", "is_builtin_land", "land_key"]

BASIC_LANDS: frozenset[str] = frozenset(
    {
        "Plains",
        "Island",
        "Swamp",
        "Mountain",
        "Forest",
        "Wastes",
        "Snow-Covered Plains",
        "Snow-Covered Island",
        "Snow-Covered Swamp",
        "Snow-Covered Mountain",
        "Snow-Covered Forest",
        "Snow-Covered Wastes",
    }
)
"""The twelve basic land names, in their official spelling."""


def land_key(name: str) -> str:
    """The comparison key of a card name: spacing collapsed, accents and case ignored,
    ``Æ`` read as ``ae`` (``"  Lim-Dûl's  Vault"`` and ``"lim-dul's vault"`` agree)."""
    decomposed = unicodedata.normalize("NFKD", " ".join(name.split()))
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return plain.casefold().replace("æ", "ae")


def _read_known() -> frozenset[str]:
    """The names of ``data/known_lands.txt`` (comments and blank lines skipped)."""
    text = resources.files("bot.decks").joinpath("data/known_lands.txt").read_text("utf-8")
    lines = (line.strip() for line in text.splitlines())
    return frozenset(line for line in lines if line and not line.startswith("#"))


KNOWN_LANDS: frozenset[str] = _read_known()
"""The nonbasic land names shipped in ``bot/decks/data/known_lands.txt`` (Oracle
spelling; a modal double-faced land by each face and by its ``Front // Back`` name)."""

_FOLDED = frozenset(land_key(name) for name in BASIC_LANDS | KNOWN_LANDS)


def is_builtin_land(name: str) -> bool:
    """Whether ``name`` is a land known without Scryfall: a basic or a name of
    :data:`KNOWN_LANDS` (case, accents and surrounding spaces ignored).

    ``is_builtin_land("snow-covered island")`` and ``is_builtin_land("Sacred Foundry")``
    are True; ``"Island // Foo"`` and ``"Lightning Bolt"`` are not.
    """
    return land_key(name) in _FOLDED
