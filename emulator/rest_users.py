"""Emulator REST routes of users, the application, the gateway and application commands
(Discord: "Users", "Application", "Gateway", "Application Commands")."""

from __future__ import annotations

import copy
from typing import Any

from emulator import payloads
from emulator.errors import ApiError, not_found
from emulator.models import (
    Guild,
)
from emulator.rest_common import NO_CONTENT, ApiRequest, RouteDef, RouteGroup, log, snowflake
from emulator.validation import (
    validate_command,
    validate_commands,
)


class UserRoutes(RouteGroup):
    """Users, the application, the gateway, application commands
    (a part of :class:`emulator.rest.RestApi`)."""

    def routes(self) -> list[RouteDef]:
        """The routes these handlers serve."""
        routes = [
            RouteDef("GET", "/users/@me", self.get_me),
            RouteDef("POST", "/users/@me/channels", self.open_dm),
            RouteDef("GET", "/users/{user_id}", self.get_user),
            RouteDef("GET", "/oauth2/applications/@me", self.get_application),
            RouteDef("GET", "/applications/@me", self.get_application),
            RouteDef("GET", "/gateway", self.get_gateway, auth=False),
            RouteDef("GET", "/gateway/bot", self.get_gateway_bot),
        ]
        for scope in ("/applications/{app_id}", "/applications/{app_id}/guilds/{guild_id}"):
            command = scope + "/commands/{command_id}"
            routes += [
                RouteDef("GET", scope + "/commands", self.list_commands),
                RouteDef("PUT", scope + "/commands", self.overwrite_commands),
                RouteDef("POST", scope + "/commands", self.create_command),
                RouteDef("GET", command, self.get_command),
                RouteDef("PATCH", command, self.edit_command),
                RouteDef("DELETE", command, self.delete_command),
            ]
        return routes

    # ================================================================ users / app / gateway
    async def get_me(self, req: ApiRequest) -> Any:
        """GET /users/@me -> the bot's user."""
        return payloads.self_user_payload(self.emu.bot_user)

    async def get_user(self, req: ApiRequest) -> Any:
        """GET /users/{id} -> user or 404/10013."""
        error = not_found(10013, "User")
        user = self.emu.users.get(snowflake(req.params["user_id"], error))
        if user is None:
            raise error
        return payloads.user_payload(user)

    async def open_dm(self, req: ApiRequest) -> Any:
        """POST /users/@me/channels {recipient_id} -> DM channel (succeeds for any known user)."""
        body = req.body or {}
        error = ApiError(400, 50033, "Invalid Recipient(s)")
        try:
            user = self.emu.users[int(str(body.get("recipient_id")))]
        except (TypeError, ValueError, KeyError):
            raise error from None
        channel = self.emu.dm_channel(user)
        return payloads.channel_payload(channel, recipient=user)

    async def get_application(self, req: ApiRequest) -> Any:
        """GET /oauth2/applications/@me and /applications/@me -> application object."""
        emu = self.emu
        return {
            "id": str(emu.application_id),
            "name": emu.bot_user.username,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": emu.application_flags,
            "owner": payloads.user_payload(emu.app_owner),
            "team": None,
            "bot": payloads.user_payload(emu.bot_user),
            "rpc_origins": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "tags": [],
            "install_params": None,
            "integration_types_config": {"0": {}, "1": {}},
            "approximate_guild_count": len(emu.guilds),
        }

    async def get_gateway(self, req: ApiRequest) -> Any:
        """GET /gateway -> {url}."""
        return {"url": self.emu.gateway_url}

    async def get_gateway_bot(self, req: ApiRequest) -> Any:
        """GET /gateway/bot -> {url, shards, session_start_limit}."""
        return {
            "url": self.emu.gateway_url,
            "shards": self.emu.shard_count,
            "session_start_limit": {
                "total": 1000,
                "remaining": max(0, 1000 - self.emu.gateway.identify_count),
                "reset_after": 14_400_000,
                "max_concurrency": 1,
            },
        }

    # ================================================================ commands
    def _command_store(self, req: ApiRequest) -> tuple[dict[int, dict[str, Any]], Guild | None]:
        emu = self.emu
        if req.params["app_id"] != str(emu.application_id):
            raise ApiError(
                403, 50001, "Missing Access", problem="wrong application id in commands route"
            )
        if "guild_id" not in req.params:
            return emu.global_commands, None
        error = not_found(10004, "Guild")
        guild = emu.guilds.get(snowflake(req.params["guild_id"], error))
        if guild is None or emu.bot_user.id not in guild.members:
            raise ApiError(
                403, 50001, "Missing Access", problem="command sync for a guild the bot is not in"
            )
        return emu.guild_commands.setdefault(guild.id, {}), guild

    def _normalise_command(
        self, cmd: dict[str, Any], command_id: int, guild: Guild | None
    ) -> dict[str, Any]:
        perms = cmd.get("default_member_permissions")
        ctype = cmd.get("type", 1)
        data: dict[str, Any] = {
            "id": str(command_id),
            "application_id": str(self.emu.application_id),
            "version": str(self.emu.new_id()),
            "type": ctype,
            "name": cmd.get("name"),
            "name_localizations": cmd.get("name_localizations"),
            "description": cmd.get("description", "") if ctype == 1 else "",
            "description_localizations": cmd.get("description_localizations"),
            "default_member_permissions": None if perms is None else str(perms),
            "nsfw": bool(cmd.get("nsfw", False)),
            "integration_types": cmd.get("integration_types") or [0],
            "contexts": cmd.get("contexts"),
        }
        if ctype == 1 and cmd.get("options"):
            data["options"] = copy.deepcopy(cmd["options"])
        if guild is not None:
            data["guild_id"] = str(guild.id)
        else:
            data["dm_permission"] = cmd.get("dm_permission", True) is not False
        return data

    async def list_commands(self, req: ApiRequest) -> Any:
        """GET .../commands -> list."""
        store, _ = self._command_store(req)
        return list(store.values())

    async def overwrite_commands(self, req: ApiRequest) -> Any:
        """PUT .../commands (bulk overwrite). Ids are stable per (type, name)."""
        store, guild = self._command_store(req)
        body = req.body
        validate_commands(body)
        existing = {(c["type"], c["name"]): int(c["id"]) for c in store.values()}
        new: dict[int, dict[str, Any]] = {}
        for cmd in body:
            key = (cmd.get("type", 1), cmd.get("name"))
            command_id = existing.get(key) or self.emu.new_id()
            new[command_id] = self._normalise_command(cmd, command_id, guild)
        store.clear()
        store.update(new)
        self.emu.command_syncs += 1
        log.info(
            "commands synced (%s): %s",
            guild.name if guild else "global",
            [c["name"] for c in new.values()],
        )
        return list(new.values())

    async def create_command(self, req: ApiRequest) -> Any:
        """POST .../commands (upsert one by type+name); 201 when new."""
        store, guild = self._command_store(req)
        body = req.body or {}
        validate_command(body)
        key = (body.get("type", 1), body.get("name"))
        for command_id, cmd in store.items():
            if (cmd["type"], cmd["name"]) == key:
                store[command_id] = self._normalise_command(body, command_id, guild)
                self.emu.command_syncs += 1
                return store[command_id]
        command_id = self.emu.new_id()
        store[command_id] = self._normalise_command(body, command_id, guild)
        self.emu.command_syncs += 1
        return 201, store[command_id]

    def _command(self, req: ApiRequest) -> tuple[dict[int, dict[str, Any]], int, Guild | None]:
        store, guild = self._command_store(req)
        error = not_found(10063, "application command")
        command_id = snowflake(req.params["command_id"], error)
        if command_id not in store:
            raise error
        return store, command_id, guild

    async def get_command(self, req: ApiRequest) -> Any:
        """GET .../commands/{id}."""
        store, command_id, _ = self._command(req)
        return store[command_id]

    async def edit_command(self, req: ApiRequest) -> Any:
        """PATCH .../commands/{id} (partial update)."""
        store, command_id, guild = self._command(req)
        merged = {**store[command_id], **(req.body or {})}
        validate_command(merged)
        store[command_id] = self._normalise_command(merged, command_id, guild)
        return store[command_id]

    async def delete_command(self, req: ApiRequest) -> Any:
        """DELETE .../commands/{id} -> 204."""
        store, command_id, _ = self._command(req)
        del store[command_id]
        return NO_CONTENT
