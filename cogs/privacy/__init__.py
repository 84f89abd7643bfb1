"""``/privacy``: a member's data, exported privately as a JSON file or erased after a
confirmation; and purging a server's data after the bot is removed from it
(docs/PRIVACY.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._cog import EXPORT_FILE, PrivacyCog

if TYPE_CHECKING:
    from bot.client import BingoBot

__all__ = ["EXPORT_FILE", "PrivacyCog", "setup"]


async def setup(bot: BingoBot) -> None:
    await bot.add_cog(PrivacyCog(bot))
