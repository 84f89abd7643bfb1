"""Mulligan practice: ``/mulligan practice``, ``deck``, ``odds``, ``stats``, ``leaderboard``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.ui.controls import AgainButton, CardSelect, DailyButton, DailySelect, PracticeButton

from ._cog import MulliganCog
from ._daily import on_daily_button, on_daily_select
from ._views import on_again, on_card_select, on_practice_button

if TYPE_CHECKING:
    from bot.client import BingoBot


async def setup(bot: BingoBot) -> None:
    """Register the handlers of the practice and daily controls with ``bot.controls``,
    and add the cog."""
    controls = bot.controls
    controls.register(PracticeButton, on_practice_button)
    controls.register(CardSelect, on_card_select)
    controls.register(AgainButton, on_again)
    controls.register(DailyButton, on_daily_button)
    controls.register(DailySelect, on_daily_select)
    await bot.add_cog(MulliganCog(bot))
