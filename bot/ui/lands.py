"""How lands look in Discord messages: one emoji per WUBRG color, shared by every cog."""

from __future__ import annotations

from bot.engine.cards import KINDS, NAMES

#: Emoji for Plains, Island, Swamp, Mountain, Forest (WUBRG order).
LAND_EMOJI = ("☀️", "💧", "💀", "🔥", "🌳")


def land(kind: int) -> str:
    """``3`` → ``"🔥 Mountain"``."""
    return f"{LAND_EMOJI[kind]} {NAMES[kind]}"


def counts_line(counts: list[int], empty: str = "—") -> str:
    """A count vector as ``"☀️ Plains ×2 · 💀 Swamp ×1"``; ``empty`` when all are zero."""
    parts = [f"{land(k)} ×{counts[k]}" for k in range(KINDS) if counts[k]]
    return " · ".join(parts) if parts else empty


def compact_line(counts: list[int], empty: str = "—") -> str:
    """A count vector as ``"☀️2 💀1"`` for tight spaces such as the public board."""
    parts = [f"{LAND_EMOJI[k]}{counts[k]}" for k in range(KINDS) if counts[k]]
    return " ".join(parts) if parts else empty
