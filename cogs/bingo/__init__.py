"""BingoMagic matches: ``/bingo challenge``, ``hand``, ``resign``, ``stats``, ``leaderboard``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._cog import BingoCog
from ._history import RematchButton, ReplayButton
from ._tips import TipsOffButton
from ._tournaments import SignupButton
from ._views import DYNAMIC_ITEMS

if TYPE_CHECKING:
    from bot.client import BingoBot


async def setup(bot: BingoBot) -> None:
    """Add the cog and register its restart-proof controls."""
    bot.add_dynamic_items(*DYNAMIC_ITEMS, ReplayButton, RematchButton, TipsOffButton, SignupButton)
    await bot.add_cog(BingoCog(bot))
