"""Basic lands, known without asking Scryfall.

Source: the basic land types of the Comprehensive Rules (205.3i: Plains, Island,
Swamp, Mountain, Forest), the colorless basic Wastes (Oath of the Gatewatch) and the
snow-covered basics (Ice Age, Coldsnap, Kaldheim; Snow-Covered Wastes from Modern
Horizons 3).
"""

from __future__ import annotations

__all__ = ["BASIC_LANDS", "is_builtin_land"]

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

_FOLDED = frozenset(name.casefold() for name in BASIC_LANDS)


def is_builtin_land(name: str) -> bool:
    """Whether ``name`` is a basic land (case-insensitive, surrounding spaces ignored).

    ``is_builtin_land("snow-covered island")`` is True; ``"Island // Foo"`` is not.
    """
    return " ".join(name.split()).casefold() in _FOLDED
