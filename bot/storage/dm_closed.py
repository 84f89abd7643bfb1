"""Members whose DMs were found closed (``dm_closed``), so the bot does not retry into
403s until they ask for their hand or a DM reaches them."""

from __future__ import annotations

from bot.storage import sql
from bot.storage.base import StorageBase


class DmClosedStore(StorageBase):
    """Remembering closed DMs."""

    async def mark_dm_closed(self, user_id: int, now: float) -> None:
        """Remember that DMs to ``user_id`` failed with 403/50007 at ``now`` (Unix s)."""
        await self.backend.execute(sql.MARK_DM_CLOSED, (user_id, now))

    async def clear_dm_closed(self, user_id: int) -> None:
        """Forget it: the user asked for their hand or a DM reached them."""
        await self.backend.execute(sql.CLEAR_DM_CLOSED, (user_id,))

    async def is_dm_closed(self, user_id: int) -> bool:
        """Whether DMs to ``user_id`` are remembered as closed."""
        return await self.backend.fetchone(sql.SELECT_DM_CLOSED, (user_id,)) is not None
