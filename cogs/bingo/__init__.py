"""BingoMagic matches: ``/bingo challenge``, ``hand``, ``resign``, ``stats``, ``leaderboard``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._cog import BingoCog

if TYPE_CHECKING:
    from bot.client import BingoBot


async def setup(bot: BingoBot) -> None:
    """Add the cog (it registers its controls' handlers with ``bot.controls``)."""
    await bot.add_cog(BingoCog(bot))
