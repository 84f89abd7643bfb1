"""How lands look in Discord messages: one emoji per WUBRG color, shared by every cog."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.cards import KINDS
from bot.i18n import t

#: Emoji for Plains, Island, Swamp, Mountain, Forest (WUBRG order).
LAND_EMOJI = ("☀️", "💧", "💀", "🔥", "🌳")
#: Catalog keys of the land names (``common.ftl``), WUBRG order.
LAND_KEYS = ("land-plains", "land-island", "land-swamp", "land-mountain", "land-forest")


def land_name(kind: int, locale: object = None) -> str:
    """``3`` → ``"Mountain"`` (``"Montagna"`` in Italian). ``locale``: a Discord locale or
    catalog code (see :func:`bot.i18n.t`); ``None`` is English."""
    return t(locale, LAND_KEYS[kind])


def land(kind: int, locale: object = None) -> str:
    """``3`` → ``"🔥 Mountain"`` (``"🔥 Montagna"`` in Italian)."""
    return f"{LAND_EMOJI[kind]} {land_name(kind, locale)}"


def counts_line(counts: Sequence[int], empty: str = "—", locale: object = None) -> str:
    """A count vector as ``"☀️ Plains ×2 · 💀 Swamp ×1"``; ``empty`` when all are zero."""
    parts = [f"{land(k, locale)} ×{counts[k]}" for k in range(KINDS) if counts[k]]
    return " · ".join(parts) if parts else empty


def compact_line(counts: Sequence[int], empty: str = "—") -> str:
    """A count vector as ``"☀️2 💀1"`` for tight spaces such as the public board."""
    parts = [f"{LAND_EMOJI[k]}{counts[k]}" for k in range(KINDS) if counts[k]]
    return " ".join(parts) if parts else empty


#: Lands of one colour, or distinct colours, that win (RULES §1.6).
WIN = 5


def near_wins(counts: Sequence[int]) -> list[tuple[str, int]]:
    """The win lines a territory is one land from (RULES §1.6), as ``(line, kind)``:
    ``("column", k)`` when it holds four lands of colour ``k`` (a fifth wins),
    ``("row", k)`` when it holds four distinct colours and ``k`` is the missing one.
    Empty for a territory that is not one land away, or that already won (five of a
    colour, or all five colours). ``counts``: a territory (lands per colour, WUBRG),
    public information only.

    Raises:
        ValueError: ``counts`` does not have one entry per colour.
    """
    if len(counts) != KINDS:
        raise ValueError(f"expected {KINDS} counts, got {len(counts)}")
    colours = sum(1 for n in counts if n)
    if max(counts) >= WIN or colours >= WIN:
        return []
    found = [("column", k) for k in range(KINDS) if counts[k] == WIN - 1]
    if colours == WIN - 1:
        found.append(("row", counts.index(0)))
    return found


def one_land_wins(territories: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """``(player, kind)`` for each player's territory and each land kind that would win
    it the match at once (:func:`near_wins`; a kind that completes both a row and a
    column counted once), player 0's first. ``territories``: one per player, public."""
    return [
        (player, kind)
        for player, counts in enumerate(territories)
        for kind in dict.fromkeys(kind for _, kind in near_wins(list(counts)))
    ]
