"""Mulligan practice: ``/mulligan practice``, ``deck``, ``odds``, ``stats``, ``leaderboard``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._cog import MulliganCog
from ._daily import DAILY_ITEMS
from ._views import DYNAMIC_ITEMS

if TYPE_CHECKING:
    from bot.client import BingoBot


async def setup(bot: BingoBot) -> None:
    """Add the cog and register its restart-proof controls."""
    bot.add_dynamic_items(*DYNAMIC_ITEMS, *DAILY_ITEMS)
    await bot.add_cog(MulliganCog(bot))
