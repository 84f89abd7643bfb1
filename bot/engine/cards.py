"""The five basic lands of BingoMagic, in Magic's WUBRG order (RULES §1.1).

A card is an ``int`` kind index; for BingoMagic the kinds are the lands below, so
``0`` is Plains (W) and ``4`` is Forest (G).  Hands, territories and discard piles are
count vectors indexed by kind: ``[2, 0, 1, 0, 2]`` is two Plains, a Swamp and two Forests.
"""

from __future__ import annotations

from enum import IntEnum


class Land(IntEnum):
    """A basic land type; the value is its WUBRG position."""

    PLAINS = 0
    ISLAND = 1
    SWAMP = 2
    MOUNTAIN = 3
    FOREST = 4

    @property
    def letter(self) -> str:
        """The color letter: W, U, B, R or G."""
        return LETTERS[self]

    @property
    def land_name(self) -> str:
        """The card name: Plains, Island, Swamp, Mountain or Forest."""
        return NAMES[self]

    @property
    def color(self) -> str:
        """The color name: white, blue, black, red or green."""
        return COLORS[self]

    @classmethod
    def from_letter(cls, letter: str) -> Land:
        """``"W"`` → ``Land.PLAINS``.  Raises ``ValueError`` for any other string."""
        try:
            return cls(LETTERS.index(letter))
        except ValueError:
            raise ValueError(f"not a WUBRG letter: {letter!r}") from None


LETTERS = ("W", "U", "B", "R", "G")
NAMES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
COLORS = ("white", "blue", "black", "red", "green")
KINDS = len(LETTERS)
COPIES = 12
DECK_SIZE = KINDS * COPIES


def bingo_library() -> list[int]:
    """The 60-card BingoMagic library, unshuffled: 12 of each kind (RULES §1.1); a new
    list each call."""
    return _LIBRARY[:]


_LIBRARY = [kind for kind in range(KINDS) for _ in range(COPIES)]


def describe(counts: list[int]) -> str:
    """``[2, 0, 1, 0, 0]`` → ``"2 Plains, 1 Swamp"``; an empty vector → ``"nothing"``."""
    parts = [f"{n} {NAMES[k]}" for k, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "nothing"
