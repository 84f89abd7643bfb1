"""Emulator REST routes of guilds: the guild, its channels, roles and members (Discord:
"Guild")."""

from __future__ import annotations

from typing import Any

from emulator import payloads
from emulator.errors import not_found
from emulator.models import Guild
from emulator.rest_common import ApiRequest, RouteDef, RouteGroup, snowflake


class GuildRoutes(RouteGroup):
    """Guilds, their channels, roles and members (a part of :class:`emulator.rest.RestApi`)."""

    def routes(self) -> list[RouteDef]:
        """The routes these handlers serve."""
        guild = "/guilds/{guild_id}"
        return [
            RouteDef("GET", guild, self.get_guild),
            RouteDef("GET", guild + "/channels", self.get_guild_channels),
            RouteDef("GET", guild + "/roles", self.get_guild_roles),
            RouteDef("GET", guild + "/members", self.list_members),
            RouteDef("GET", guild + "/members/{user_id}", self.get_member),
        ]

    # ================================================================ guilds
    def _guild(self, req: ApiRequest) -> Guild:
        emu = self.emu
        error = not_found(10004, "Guild")
        guild = emu.guilds.get(snowflake(req.params["guild_id"], error))
        if guild is None or emu.bot_user.id not in guild.members:
            raise error
        return guild

    async def get_guild(self, req: ApiRequest) -> Any:
        """GET /guilds/{id}."""
        return payloads.guild_payload(self.emu, self._guild(req))

    async def get_guild_channels(self, req: ApiRequest) -> Any:
        """GET /guilds/{id}/channels."""
        guild = self._guild(req)
        return [payloads.channel_payload(self.emu.channels[c]) for c in guild.channel_ids]

    async def get_guild_roles(self, req: ApiRequest) -> Any:
        """GET /guilds/{id}/roles."""
        return [payloads.role_payload(r) for r in self._guild(req).roles.values()]

    async def list_members(self, req: ApiRequest) -> Any:
        """GET /guilds/{id}/members?limit&after (sorted by user id)."""
        guild = self._guild(req)
        limit = max(1, min(1000, int(req.query.get("limit", "1"))))
        after = int(req.query.get("after", "0"))
        members = sorted(
            (m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id
        )
        return [payloads.member_payload(m) for m in members[:limit]]

    async def get_member(self, req: ApiRequest) -> Any:
        """GET /guilds/{id}/members/{uid} -> member or 404/10007."""
        guild = self._guild(req)
        error = not_found(10007, "Member")
        member = guild.members.get(snowflake(req.params["user_id"], error))
        if member is None:
            raise error
        return payloads.member_payload(member)
