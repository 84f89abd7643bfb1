"""``/bingo`` outside a server: which live match a member's ``/bingo hand`` means.

In a server where the bot is installed, it is the member's match in that server; anywhere
else (the bot's DM, a group DM, a server of the member's user install) it is their match
in any server they play in (``cogs.contexts``; docs/RULES.md §3, "``/bingo hand`` outside a
server").
"""

from __future__ import annotations

from typing import Any

import discord

from bot.storage import Database
from cogs.contexts import in_server


async def live_match_id(db: Database, interaction: discord.Interaction[Any]) -> int | None:
    """The id of the live match ``interaction``'s member means, or None if they have none:
    in a server where the bot is installed their active match there, elsewhere their active
    match in any server (the oldest if several, as in one server)."""
    user_id = interaction.user.id
    if in_server(interaction) and interaction.guild_id is not None:
        record = await db.active_match_of(interaction.guild_id, user_id)
        return record.id if record is not None else None
    return await db.active_match_anywhere(user_id)
