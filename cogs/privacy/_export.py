"""``/privacy export`` made readable (docs/PRIVACY.md): the stored export
(:meth:`bot.storage.Database.export_member`, ids and ISO 8601 times) with the names the
bot knows beside the ids, and a short ``about`` section in the member's language.

- **Servers.** Every object with a ``server_id`` gets ``server_name``: the server's name
  now, from the bot's cache (GUILD_CREATE), or ``null`` when the bot is no longer in it.
- **Blocked members.** The export holds the member's own blocks (never who blocked
  them). Whom they blocked is their own choice, so its name is shown to them:
  ``name`` is the blocked account's name now (the client's cache, else Discord's
  ``GET /users/{user.id}``, Discord docs, User resource, Get User), for at most
  :data:`MAX_NAME_LOOKUPS` blocks; ``null`` past that or for an account that is gone.
- **Opponents** already carry the name they had when the match started (stored with the
  match), or are a "deleted member".
- **about**: what the times, ids, names and rating fields (μ, σ, ordinal) mean.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t

if TYPE_CHECKING:
    from bot.client import BingoBot

#: Blocked members whose names are looked up through Discord, per export (requests
#: within Discord's limits; the rest keep ``name: null``).
MAX_NAME_LOOKUPS = 25

#: ``about`` key → the Fluent message explaining it (privacy.ftl).
ABOUT = {
    "times": "privacy-export-about-times",
    "ids_and_names": "privacy-export-about-ids",
    "rating": "privacy-export-about-rating",
    "mu": "privacy-export-about-mu",
    "sigma": "privacy-export-about-sigma",
    "ordinal": "privacy-export-about-ordinal",
    "last_delta": "privacy-export-about-last-delta",
    "seasons": "privacy-export-about-seasons",
    "deleted_member": "privacy-export-about-deleted",
    "puzzles": "privacy-export-about-puzzles",
}


async def readable_export(bot: BingoBot, data: dict[str, Any], lang: str) -> dict[str, Any]:
    """``data`` (an export, changed in place and returned) with ``server_name`` beside
    every ``server_id``, the blocked members' names, and ``about`` in ``lang``."""
    _name_servers(bot, data)
    blocked = data.get("settings", {}).get("blocked_members", [])
    for entry in blocked[:MAX_NAME_LOOKUPS]:
        entry["name"] = await _user_name(bot, int(entry["id"]))
    data["about"] = {key: t(lang, message) for key, message in ABOUT.items()}
    return data


def _name_servers(bot: BingoBot, node: Any) -> None:
    if isinstance(node, dict):
        if "server_id" in node:
            guild = bot.get_guild(int(node["server_id"]))
            node["server_name"] = guild.name if guild is not None else None
        for value in list(node.values()):
            _name_servers(bot, value)
    elif isinstance(node, list):
        for value in node:
            _name_servers(bot, value)


async def _user_name(bot: BingoBot, user_id: int) -> str | None:
    """The account's display name now (global name, else username), or None when
    Discord does not know it (404 Unknown User) or cannot be asked."""
    user = bot.get_user(user_id)
    if user is None:
        try:
            user = await bot.fetch_user(user_id)
        except discord.HTTPException:
            return None
    return user.display_name
