"""Mulligan practice: ``/mulligan practice``, ``deck``, ``odds``, ``stats``, ``leaderboard``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._cog import MulliganCog

if TYPE_CHECKING:
    from bot.client import BingoBot


async def setup(bot: BingoBot) -> None:
    """Add the cog (it registers its controls' handlers with ``bot.controls`` when it
    loads)."""
    await bot.add_cog(MulliganCog(bot))
