"""REST API v10 routes of the emulator (everything below ``/api/v10``).

Responses are ``application/json`` exactly (discord.py compares the header literally). Errors
use Discord's ``{"code", "message"[, "errors"]}`` bodies. Unknown routes are recorded in
``Emulator.problems`` and answered with 404 ``{"code": 0, "message": "404: Not Found"}``.
"""

from __future__ import annotations

import copy
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from bot.playground import payloads
from bot.playground.errors import ApiError, invalid_form, not_found
from bot.playground.faults import (
    RequestLog,
    Verdict,
    evaluate,
    rate_limit_body,
    too_many_requests,
)
from bot.playground.models import (
    AUTO_ARCHIVE_DURATIONS,
    CHANNEL_GUILD_TEXT,
    CHANNEL_PUBLIC_THREAD,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    INTERACTION_APPLICATION_COMMAND,
    INTERACTION_AUTOCOMPLETE,
    INTERACTION_MESSAGE_COMPONENT,
    INTERACTION_MODAL_SUBMIT,
    INTERACTION_PING,
    Channel,
    Guild,
    InteractionRecord,
    Message,
    utcnow,
)
from bot.playground.payloads import dumps
from bot.playground.permissions import (
    CREATE_PUBLIC_THREADS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    has_all,
)
from bot.playground.ratelimits import INVALID_WEBHOOK_TOKEN_CODE, route_shape
from bot.playground.server import UploadedFile
from bot.playground.validation import (
    validate_command,
    validate_commands,
    validate_message,
    validate_modal,
)

if TYPE_CHECKING:
    from bot.playground.server import Emulator

log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
#: Key of ``web.Request``: True once the request counted against the global rate limit.
_GLOBAL_COUNTED = web.RequestKey("emulator_global_counted", bool)
#: Routes of an interaction's webhook (its token expires: ``DiscordLimits``).
_INTERACTION_WEBHOOK = "/webhooks/{app_id}/{token}"
_EDIT_MESSAGE = route_shape("PATCH", "/channels/{channel_id}/messages/{message_id}")

#: Callback types allowed per interaction type.
ALLOWED_CALLBACKS: dict[int, frozenset[int]] = {
    INTERACTION_PING: frozenset({1}),
    INTERACTION_APPLICATION_COMMAND: frozenset({4, 5, 9}),
    INTERACTION_MESSAGE_COMPONENT: frozenset({4, 5, 6, 7, 9}),
    INTERACTION_AUTOCOMPLETE: frozenset({8}),
    INTERACTION_MODAL_SUBMIT: frozenset({4, 5, 6, 7}),
}


@dataclass
class ApiRequest:
    """A parsed REST request handed to a route handler."""

    method: str
    path: str
    params: dict[str, str]
    query: Mapping[str, str]
    body: Any
    files: list[UploadedFile]


Handler = Callable[[ApiRequest], Awaitable[Any]]


@dataclass
class Route:
    """A REST route: ``template`` like ``/channels/{channel_id}/messages``."""

    method: str
    template: str
    handler: Handler
    auth: bool
    pattern: re.Pattern[str]


class _NoContent:
    """Marker for a 204 response."""


NO_CONTENT = _NoContent()


def _truthy(value: str | None) -> bool:
    return value is not None and value.lower() in ("1", "true", "yes")


def _snowflake(value: str, error: ApiError) -> int:
    try:
        return int(value)
    except ValueError:
        raise error from None


class RestApi:
    """Route table and handlers bound to one Emulator."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.routes: list[Route] = []
        r = self._add
        r("GET", "/users/@me", self.get_me)
        r("POST", "/users/@me/channels", self.open_dm)
        r("GET", "/users/{user_id}", self.get_user)
        r("GET", "/oauth2/applications/@me", self.get_application)
        r("GET", "/applications/@me", self.get_application)
        r("GET", "/gateway", self.get_gateway, auth=False)
        r("GET", "/gateway/bot", self.get_gateway_bot)
        for scope in ("/applications/{app_id}", "/applications/{app_id}/guilds/{guild_id}"):
            r("GET", scope + "/commands", self.list_commands)
            r("PUT", scope + "/commands", self.overwrite_commands)
            r("POST", scope + "/commands", self.create_command)
            r("GET", scope + "/commands/{command_id}", self.get_command)
            r("PATCH", scope + "/commands/{command_id}", self.edit_command)
            r("DELETE", scope + "/commands/{command_id}", self.delete_command)
        r("POST", "/interactions/{interaction_id}/{token}/callback", self.callback, auth=False)
        r("POST", "/webhooks/{app_id}/{token}", self.execute_webhook, auth=False)
        for method, handler in (
            ("GET", self.get_webhook_message),
            ("PATCH", self.edit_webhook_message),
            ("DELETE", self.delete_webhook_message),
        ):
            r(method, "/webhooks/{app_id}/{token}/messages/{message_id}", handler, auth=False)
        r("GET", "/channels/{channel_id}", self.get_channel)
        r("PATCH", "/channels/{channel_id}", self.modify_channel)
        r("POST", "/channels/{channel_id}/threads", self.start_thread)
        threads = "/channels/{channel_id}/messages/{message_id}/threads"
        r("POST", threads, self.start_thread_from_message)
        r("GET", "/channels/{channel_id}/messages", self.list_messages)
        r("POST", "/channels/{channel_id}/messages", self.create_message)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        r("POST", "/channels/{channel_id}/typing", self.typing)
        reaction = "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"
        r("PUT", reaction, self.add_reaction)
        r("DELETE", reaction, self.remove_reaction)
        r("GET", "/guilds/{guild_id}", self.get_guild)
        r("GET", "/guilds/{guild_id}/channels", self.get_guild_channels)
        r("GET", "/guilds/{guild_id}/roles", self.get_guild_roles)
        r("GET", "/guilds/{guild_id}/members", self.list_members)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)

    def _add(self, method: str, template: str, handler: Handler, *, auth: bool = True) -> None:
        regex = re.sub(
            r"\{(\w+)\}",
            r"(?P<\1>[^/]+)",
            re.escape(template).replace(r"\{", "{").replace(r"\}", "}"),
        )
        self.routes.append(Route(method, template, handler, auth, re.compile(f"^{regex}$")))

    def match(self, method: str, path: str) -> tuple[Route, dict[str, str]] | None:
        """Find the route for ``method path`` (path below /api/v10)."""
        for route in self.routes:
            if route.method != method:
                continue
            m = route.pattern.match(path)
            if m:
                return route, m.groupdict()
        return None

    # ================================================================ HTTP plumbing
    async def handle(self, request: web.Request) -> web.StreamResponse:
        """aiohttp catch-all handler: parse, hold, route, authenticate, rate-limit, run."""
        emu = self.emu
        method = request.method
        full_path = request.path
        if method == "GET" and full_path.startswith("/attachments/"):
            return self._serve_attachment(full_path)
        path = full_path[len(API_PREFIX) :] if full_path.startswith(API_PREFIX + "/") else full_path
        try:
            body, files = await self._parse_body(request)
        except ApiError as exc:
            emu._request_started(method, path, None)
            emu._request_finished()
            emu.add_problem(f"{method} {path}: {exc.problem}")
            return _json_response(exc.body(), exc.status)
        emu._request_started(method, path, body)
        try:
            response = await self._respond(request, method, full_path, path, body, files)
            emu.note_response(
                method,
                path,
                response.status,
                scope=response.headers.get("X-RateLimit-Scope") if response.status == 429 else None,
                global_counted=bool(request.get(_GLOBAL_COUNTED)),
            )
            return response
        finally:
            emu._request_finished()

    async def _respond(
        self,
        request: web.Request,
        method: str,
        full_path: str,
        path: str,
        body: Any,
        files: list[UploadedFile],
    ) -> web.StreamResponse:
        emu = self.emu
        if not await emu.hold_if_requested(request, method, path, body):
            return _json_response({"code": 0, "message": "dropped by the emulator"}, 503)
        found = self.match(method, path) if full_path.startswith(API_PREFIX + "/") else None
        if found is None:
            emu.add_problem(f"unknown route: {method} {full_path}")
            return _json_response({"code": 0, "message": "404: Not Found"}, 404)
        route, params = found
        if route.auth and request.headers.get("Authorization") != f"Bot {emu.bot_token}":
            emu.add_problem(f"bad token on {method} {path}")
            return _json_response({"code": 0, "message": "401: Unauthorized"}, 401)
        for failure in emu.route_failures:
            try:
                hit = failure.matches(method, path)
            except Exception as exc:
                emu.add_problem(f"fail_route filter raised on {method} {path}: {exc!r}")
                continue
            if hit:
                failure.failed.append(RequestLog(method, path, body))
                log.info("failing %s %s with %s (fail_route)", method, path, failure.status)
                return _json_response(failure.body(), failure.status)
        refused = self._discord_gate(request, route, params)
        if refused is not None:
            return refused
        verdict = evaluate(emu.rate_limits, emu.bursts, method, path)
        real_bucket = emu.limiter.bucket_of(method, route.template) if emu.limiter else None
        if verdict is not None and real_bucket is not None:
            # Injected limits name the route's real bucket, as Discord's would: a foreign hash
            # makes discord.py re-file the route and lose count of the real bucket.
            verdict = verdict._replace(
                bucket=real_bucket,
                headers={**verdict.headers, "X-RateLimit-Bucket": real_bucket}
                if verdict.headers
                else {},
            )
        if verdict is not None and verdict.limited:
            emu.record_rate_limited(method, path, verdict.retry_after, verdict.scope_header)
            return too_many_requests(verdict, dumps(rate_limit_body(verdict)))
        limited = self._route_buckets(route, path, params)
        if isinstance(limited, web.Response):
            return limited
        response = await self._run(
            route, ApiRequest(method, path, params, request.query, body, files)
        )
        admitted = [v for v in (limited, verdict) if v is not None and v.headers]
        if admitted:  # the bucket with the fewest requests left speaks for the answer
            tightest = min(admitted, key=lambda v: int(v.headers["X-RateLimit-Remaining"]))
            response.headers.update(tightest.headers)
        return response

    def _discord_gate(
        self, request: web.Request, route: Route, params: dict[str, str]
    ) -> web.Response | None:
        """The first checks of ``emu.limits`` (:mod:`bot.playground.ratelimits`) on a routed
        request: an expired interaction token (401/50027), then the global limit (429).
        None lets the request on; marks it as counted against the global limit
        (``request[_GLOBAL_COUNTED]``)."""
        emu = self.emu
        limiter = emu.limiter
        if limiter is None:
            return None
        method, path = route.method, request.path[len(API_PREFIX) :]
        if route.template.startswith(_INTERACTION_WEBHOOK):
            rec = emu.interaction_by_token(params.get("token", ""))
            lifetime = limiter.limits.interaction_token_lifetime
            if rec is not None and time.monotonic() - rec.created_monotonic > lifetime:
                log.info("%s %s: interaction token expired", method, path)
                body = {"code": INVALID_WEBHOOK_TOKEN_CODE, "message": "Invalid Webhook Token"}
                return _json_response(body, 401)
        if route.auth:  # interaction callbacks and webhooks are not bound to the global limit
            verdict = limiter.check_global()
            if verdict.limited:
                emu.record_rate_limited(method, path, verdict.retry_after, verdict.scope_header)
                return too_many_requests(verdict, dumps(rate_limit_body(verdict)))
            request[_GLOBAL_COUNTED] = True
        return None

    def _route_buckets(
        self, route: Route, path: str, params: dict[str, str]
    ) -> web.Response | Verdict | None:
        """The per-route bucket of a request (and the old-message edit bucket): a 429 answer,
        or the admitting verdict whose headers go on the answer, or None (no bucket)."""
        emu = self.emu
        limiter = emu.limiter
        if limiter is None:
            return None
        method = route.method
        bucket = limiter.check_route(method, route.template, params)
        if bucket is not None and bucket.limited:
            emu.record_rate_limited(method, path, bucket.retry_after, bucket.scope_header)
            return too_many_requests(bucket, dumps(rate_limit_body(bucket)))
        if route_shape(method, route.template) == _EDIT_MESSAGE:
            message_id = params["message_id"]
            message = emu.messages.get(int(message_id)) if message_id.isdigit() else None
            old = limiter.limits.old_message_age
            if message is not None and (utcnow() - message.created_at).total_seconds() > old:
                edit = limiter.check_old_message_edit(message.channel_id)
                if edit.limited:
                    emu.record_rate_limited(method, path, edit.retry_after, edit.scope_header)
                    return too_many_requests(edit, dumps(rate_limit_body(edit)))
        return bucket

    async def _run(self, route: Route, api_request: ApiRequest) -> web.Response:
        emu = self.emu
        method, path = api_request.method, api_request.path
        try:
            result = await route.handler(api_request)
        except ApiError as exc:
            if exc.problem:
                emu.add_problem(f"{method} {path} -> {exc.status}/{exc.code}: {exc.problem}")
            else:
                log.info("%s %s -> %s %s", method, path, exc.status, exc.message)
            return _json_response(exc.body(), exc.status)
        except Exception as exc:  # an emulator bug: report it, answer fast (no 5xx retries)
            log.exception("emulator error handling %s %s", method, path)
            emu.add_problem(f"emulator internal error on {method} {path}: {exc!r}")
            return _json_response({"code": 0, "message": f"emulator error: {exc!r}"}, 400)
        if result is NO_CONTENT or result is None:
            return web.Response(status=204)
        if isinstance(result, tuple):
            status, data = result
            return _json_response(data, status)
        return _json_response(result, 200)

    async def _parse_body(self, request: web.Request) -> tuple[Any, list[UploadedFile]]:
        if not request.body_exists:
            return None, []
        media_type = _media_type(request)
        if media_type == "multipart/form-data":
            body: Any = None
            files: list[UploadedFile] = []
            try:
                reader = await request.multipart()
                async for part in reader:
                    if not isinstance(part, BodyPartReader):
                        continue
                    if part.name == "payload_json":
                        body = json.loads(await part.read(decode=False))
                    else:
                        data = await part.read(decode=False)
                        files.append(
                            UploadedFile(
                                field=part.name or "",
                                filename=part.filename or "file",
                                content_type=part.headers.get(
                                    "Content-Type", "application/octet-stream"
                                ),
                                data=bytes(data),
                            )
                        )
            except (ValueError, UnicodeDecodeError) as exc:
                raise ApiError(
                    400,
                    50109,
                    "The request body contains invalid JSON.",
                    problem=f"could not parse multipart body: {exc}",
                ) from None
            return body, files
        raw = await request.read()
        if not raw:
            return None, []
        try:
            return json.loads(raw), []
        except (ValueError, UnicodeDecodeError) as exc:
            raise ApiError(
                400,
                50109,
                "The request body contains invalid JSON.",
                problem=f"could not parse body ({media_type}): {exc}",
            ) from None

    def _serve_attachment(self, path: str) -> web.StreamResponse:
        parts = path.split("/")
        try:
            data = self.emu.attachment_data[int(parts[2])]
        except (IndexError, ValueError, KeyError):
            self.emu.add_problem(f"unknown route: GET {path}")
            return _json_response({"code": 0, "message": "404: Not Found"}, 404)
        return web.Response(body=data, content_type="application/octet-stream")

    # ================================================================ users / app / gateway
    async def get_me(self, req: ApiRequest) -> Any:
        """GET /users/@me -> the bot's user."""
        return payloads.self_user_payload(self.emu.bot_user)

    async def get_user(self, req: ApiRequest) -> Any:
        """GET /users/{id} -> user or 404/10013."""
        error = not_found(10013, "User")
        user = self.emu.users.get(_snowflake(req.params["user_id"], error))
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
            "integration_types_config": {"0": {}},
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
        guild = emu.guilds.get(_snowflake(req.params["guild_id"], error))
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
        command_id = _snowflake(req.params["command_id"], error)
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

    # ================================================================ interactions
    async def callback(self, req: ApiRequest) -> Any:
        """POST /interactions/{id}/{token}/callback (types 1, 4, 5, 6, 7, 8, 9).

        Late (after the deadline) -> 404/10062; second callback -> 400/40060 (+ problem).
        With ``with_response`` the InteractionCallbackResponse body is returned, else 204.
        """
        emu = self.emu
        rec = emu.interactions.get(
            _snowflake(req.params["interaction_id"], not_found(10062, "interaction"))
        )
        if rec is None or rec.token != req.params["token"]:
            raise ApiError(
                404, 10062, "Unknown interaction", problem="callback for an unknown interaction"
            )
        rec.callbacks += 1
        if emu.channels[rec.channel_id].deleted:
            raise not_found(10003, "Channel")
        elapsed = time.monotonic() - rec.created_monotonic
        if rec.response_type is not None:
            raise ApiError(
                400,
                40060,
                "Interaction has already been acknowledged.",
                problem=f"interaction {rec.id} ({rec.description}) acknowledged twice "
                f"(second callback type {(req.body or {}).get('type')})",
            )
        if rec.late or elapsed > emu.ack_deadline:
            if not rec.late:
                rec.late = True
                emu.add_problem(
                    f"interaction {rec.id} ({rec.description}) not acknowledged within "
                    f"{emu.ack_deadline:.1f} s (callback after {elapsed:.2f} s)"
                )
            raise ApiError(404, 10062, "Unknown interaction")
        body = req.body if isinstance(req.body, dict) else {}
        rtype = body.get("type")
        data = body.get("data") or {}
        allowed = ALLOWED_CALLBACKS.get(rec.type, frozenset())
        source = emu.messages.get(rec.source_message_id) if rec.source_message_id else None
        if rtype not in allowed or (rtype in (6, 7) and source is None):
            raise invalid_form(
                [
                    (
                        "type",
                        f"Interaction callback type {rtype} is invalid for interaction "
                        f"type {rec.type}",
                    )
                ]
            )
        channel = emu.channels[rec.channel_id]
        ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
        visible_to = frozenset({rec.user.id}) if ephemeral else None
        msg_type = 20 if rec.type == INTERACTION_APPLICATION_COMMAND else 0
        resource: dict[str, Any] = {"type": rtype}
        message: Message | None = None
        if rtype == 4:
            validate_message(data, creating=True, has_files=bool(req.files))
            message = emu.create_message(
                channel,
                emu.bot_user,
                data,
                files=req.files,
                visible_to=visible_to,
                msg_type=msg_type,
                interaction=rec,
            )
        elif rtype == 5:
            message = emu.create_message(
                channel,
                emu.bot_user,
                {},
                visible_to=visible_to,
                msg_type=msg_type,
                interaction=rec,
                extra_flags=FLAG_LOADING,
            )
        elif rtype in (6, 7):
            assert source is not None
            if source.deleted:
                raise not_found(10008, "Message")
            if rtype == 7:
                validate_message(data, creating=False)
                emu.edit_message(source, data, files=req.files)
                message = source
            ephemeral = source.ephemeral
            rec.original_message_id = source.id
        elif rtype == 8:
            choices = data.get("choices") or []
            errors: list[tuple[str, str]] = []
            if len(choices) > 25:
                errors.append(("data.choices", "Must be 25 or fewer in length."))
            for i, choice in enumerate(choices if isinstance(choices, list) else []):
                name = choice.get("name") if isinstance(choice, dict) else None
                value = choice.get("value") if isinstance(choice, dict) else None
                if not isinstance(name, str) or not 1 <= len(name) <= 100:
                    errors.append(
                        (f"data.choices.{i}.name", "Must be between 1 and 100 in length.")
                    )
                if isinstance(value, str) and len(value) > 100:
                    errors.append((f"data.choices.{i}.value", "Must be 100 or fewer in length."))
                elif value is None:
                    errors.append((f"data.choices.{i}.value", "This field is required"))
            if errors:
                raise invalid_form(errors)
            rec.autocomplete_choices = copy.deepcopy(choices)
        elif rtype == 9:
            validate_modal(data)
            rec.modal = copy.deepcopy(data)
        if message is not None:
            rec.original_message_id = message.id
            resource["message"] = payloads.message_payload(emu, message)
        emu.mark_acknowledged(rec, rtype)
        log.info(
            "interaction %s acknowledged with type %s after %.3fs", rec.id, rtype, rec.ack_latency
        )
        if not _truthy(req.query.get("with_response")):
            return NO_CONTENT
        info: dict[str, Any] = {
            "id": str(rec.id),
            "type": rec.type,
            "response_message_loading": rtype == 5,
            "response_message_ephemeral": ephemeral,
        }
        if message is not None:
            info["response_message_id"] = str(message.id)
        return {"interaction": info, "resource": resource}

    def _webhook_interaction(self, req: ApiRequest) -> InteractionRecord:
        rec = self.emu.interaction_by_token(req.params["token"])
        if rec is None or req.params["app_id"] != str(self.emu.application_id):
            raise ApiError(
                404, 10015, "Unknown Webhook", problem="webhook request with an unknown token"
            )
        if self.emu.channels[rec.channel_id].deleted:
            raise not_found(10003, "Channel")
        return rec

    async def execute_webhook(self, req: ApiRequest) -> Any:
        """POST /webhooks/{app}/{token}: interaction follow-up (``wait`` -> message body).

        The first follow-up after a type-5 deferral completes the "thinking" original response
        (as Discord does); otherwise a new message is created (ephemeral with flags 64).
        """
        emu = self.emu
        rec = self._webhook_interaction(req)
        if not rec.acknowledged:
            raise ApiError(
                404,
                10015,
                "Unknown Webhook",
                problem=f"follow-up to interaction {rec.id} ({rec.description}) "
                "before it was acknowledged",
            )
        body = req.body if isinstance(req.body, dict) else {}
        validate_message(body, creating=True, has_files=bool(req.files))
        original = rec.message
        if (
            rec.response_type == 5
            and original is not None
            and original.loading
            and not original.deleted
        ):
            message = emu.edit_message(original, body, files=req.files)
        else:
            channel = emu.channels[rec.channel_id]
            ephemeral = bool(int(body.get("flags") or 0) & FLAG_EPHEMERAL)
            message = emu.create_message(
                channel,
                emu.bot_user,
                body,
                files=req.files,
                visible_to=frozenset({rec.user.id}) if ephemeral else None,
                interaction=rec,
            )
            message.original_response_message_id = rec.original_message_id
            rec.followup_ids.append(message.id)
        if _truthy(req.query.get("wait")):
            return payloads.message_payload(emu, message)
        return NO_CONTENT

    def _webhook_message(self, req: ApiRequest) -> tuple[InteractionRecord, Message]:
        emu = self.emu
        rec = self._webhook_interaction(req)
        raw = req.params["message_id"]
        if raw == "@original":
            message = rec.message
            if message is None:
                raise ApiError(
                    404,
                    10008,
                    "Unknown Message",
                    problem=f"{req.method} @original of interaction {rec.id} ({rec.description}) "
                    "which has no original response",
                )
        else:
            error = not_found(10008, "Message")
            message = emu.messages.get(_snowflake(raw, error))
            if (
                message is None
                or message.webhook_id != emu.application_id
                or message.channel_id != rec.channel_id
                or not message.visible_for(rec.user.id)
            ):
                raise error
        if message.deleted:
            raise not_found(10008, "Message")
        return rec, message

    async def get_webhook_message(self, req: ApiRequest) -> Any:
        """GET /webhooks/{app}/{token}/messages/{id|@original}."""
        _, message = self._webhook_message(req)
        return payloads.message_payload(self.emu, message)

    async def edit_webhook_message(self, req: ApiRequest) -> Any:
        """PATCH /webhooks/{app}/{token}/messages/{id|@original} (keeps history)."""
        _, message = self._webhook_message(req)
        body = req.body if isinstance(req.body, dict) else {}
        validate_message(body, creating=False)
        self.emu.edit_message(message, body, files=req.files)
        return payloads.message_payload(self.emu, message)

    async def delete_webhook_message(self, req: ApiRequest) -> Any:
        """DELETE /webhooks/{app}/{token}/messages/{id|@original} -> 204."""
        _, message = self._webhook_message(req)
        self.emu.delete_message(message)
        return NO_CONTENT

    # ================================================================ channels
    def _channel(self, req: ApiRequest) -> Channel:
        """The channel of the route: 404/10003 if unknown, deleted or in a guild the bot is not
        in; 403/50001 Missing Access without View Channel."""
        emu = self.emu
        error = not_found(10003, "Channel")
        channel = emu.channels.get(_snowflake(req.params["channel_id"], error))
        if channel is None or channel.deleted:
            raise error
        if channel.is_dm:
            if not emu.can_view_channel(emu.bot_user, channel):
                raise error
            return channel
        guild = emu.guilds.get(channel.guild_id or 0)
        if guild is None or emu.bot_user.id not in guild.members:
            raise error
        if not emu.can_view_channel(emu.bot_user, channel):
            raise ApiError(403, 50001, "Missing Access")
        return channel

    def _channel_message(self, req: ApiRequest) -> tuple[Channel, Message]:
        channel = self._channel(req)
        error = not_found(10008, "Message")
        message = self.emu.messages.get(_snowflake(req.params["message_id"], error))
        if (
            message is None
            or message.channel_id != channel.id
            or message.deleted
            or message.ephemeral  # ephemeral messages are not reachable through channel routes
        ):
            raise error
        return channel, message

    async def get_channel(self, req: ApiRequest) -> Any:
        """GET /channels/{id}."""
        channel = self._channel(req)
        recipient = self.emu.users.get(channel.recipient_id or 0)
        return payloads.channel_payload(channel, recipient=recipient)

    async def create_message(self, req: ApiRequest) -> Any:
        """POST /channels/{id}/messages. DMs to closed/bot/no-mutual-guild users -> 403/50007."""
        emu = self.emu
        channel = self._channel(req)
        body = req.body if isinstance(req.body, dict) else {}
        if channel.is_dm:
            recipient = emu.users[channel.recipient_id or 0]
            if (
                recipient.dms_closed
                or recipient.bot
                or (emu.require_mutual_guild_for_dm and not emu.mutual_guilds(recipient))
            ):
                raise ApiError(403, 50007, "Cannot send messages to this user")
        elif channel.is_thread:
            self._check_thread_post(channel)
        elif not has_all(emu.permissions_for(emu.bot_user, channel), VIEW_CHANNEL | SEND_MESSAGES):
            raise ApiError(403, 50013, "Missing Permissions")
        validate_message(body, creating=True, has_files=bool(req.files))
        if channel.is_thread and channel.archived:  # a message unarchives an unlocked thread
            emu.update_thread(channel, archived=False)
        message = emu.create_message(channel, emu.bot_user, body, files=req.files)
        return payloads.message_payload(emu, message)

    def _check_thread_post(self, thread: Channel) -> None:
        """May the bot post in ``thread``? Send Messages in Threads (not Send Messages) in the
        parent; a locked thread takes Manage Threads: 400/50083 while it is archived, 403/160005
        "Thread is locked" otherwise (Discord "Thread Metadata Object": ``locked``)."""
        perms = self.emu.permissions_for(self.emu.bot_user, thread)
        if not has_all(perms, VIEW_CHANNEL | SEND_MESSAGES_IN_THREADS):
            raise ApiError(403, 50013, "Missing Permissions")
        if thread.locked and not has_all(perms, MANAGE_THREADS):
            if thread.archived:
                raise _archived_thread()
            raise ApiError(403, 160005, "Thread is locked")

    # ================================================================ threads
    def _thread_fields(self, body: dict[str, Any], *, creating: bool) -> tuple[str | None, int]:
        """Validate ``name`` (1-100 characters; required when ``creating``) and
        ``auto_archive_duration`` (60, 1440, 4320 or 10080 minutes; default 1440) of a thread
        body (Discord "Start Thread from Message" JSON params). Raises 400/50035."""
        errors: list[tuple[str, str]] = []
        name = body.get("name")
        if name is None and creating:
            errors.append(("name", "This field is required"))
        elif name is not None and (not isinstance(name, str) or not 1 <= len(name) <= 100):
            errors.append(("name", "Must be between 1 and 100 in length."))
        duration = body.get("auto_archive_duration", 1440)
        if duration not in AUTO_ARCHIVE_DURATIONS:
            errors.append(
                ("auto_archive_duration", "Value must be one of {60, 1440, 4320, 10080}.")
            )
        if errors:
            raise invalid_form(errors)
        return name, int(duration)

    def _check_thread_start(self, channel: Channel) -> None:
        if channel.type != CHANNEL_GUILD_TEXT:
            raise ApiError(
                400,
                50024,
                "Cannot execute action on this channel type",
                problem=f"thread started in channel {channel.id} of type {channel.type}",
            )
        perms = self.emu.permissions_for(self.emu.bot_user, channel)
        if not has_all(perms, VIEW_CHANNEL | CREATE_PUBLIC_THREADS):
            raise ApiError(403, 50013, "Missing Permissions")

    async def start_thread_from_message(self, req: ApiRequest) -> Any:
        """POST /channels/{id}/messages/{mid}/threads {name, auto_archive_duration} -> 201, the
        new public thread (its id is the message's). Needs Create Public Threads; one thread per
        message: 400/160004 (Discord "Start Thread from Message")."""
        emu = self.emu
        channel, message = self._channel_message(req)
        self._check_thread_start(channel)
        if message.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        body = req.body if isinstance(req.body, dict) else {}
        name, duration = self._thread_fields(body, creating=True)
        thread = emu.create_thread(
            channel, emu.bot_user, str(name), message=message, auto_archive_duration=duration
        )
        return 201, payloads.channel_payload(thread)

    async def start_thread(self, req: ApiRequest) -> Any:
        """POST /channels/{id}/threads {name, auto_archive_duration, type: 11} -> 201, a public
        thread without a starter message (Discord "Start Thread without Message"; private
        threads, type 12, are not emulated)."""
        emu = self.emu
        channel = self._channel(req)
        self._check_thread_start(channel)
        body = req.body if isinstance(req.body, dict) else {}
        if body.get("type") != CHANNEL_PUBLIC_THREAD:
            raise ApiError(
                400,
                50035,
                "Invalid Form Body",
                problem=f"thread type {body.get('type')!r}: the emulator has public threads only",
            )
        name, duration = self._thread_fields(body, creating=True)
        thread = emu.create_thread(channel, emu.bot_user, str(name), auto_archive_duration=duration)
        return 201, payloads.channel_payload(thread)

    async def modify_channel(self, req: ApiRequest) -> Any:
        """PATCH /channels/{id} on a thread: ``name``, ``archived``, ``locked``,
        ``auto_archive_duration`` (Discord "Modify Channel", thread params). Manage Threads
        may change all; the thread's creator may change name, archived and
        auto_archive_duration; anyone who may post there may unarchive an unlocked thread;
        ``locked`` takes Manage Threads. An archived thread stays unchanged unless the request
        unarchives it: 400/50083. Other channel types are not emulated."""
        emu = self.emu
        channel = self._channel(req)
        body = req.body if isinstance(req.body, dict) else {}
        if not channel.is_thread:
            raise ApiError(
                400,
                50035,
                "Invalid Form Body",
                problem=f"PATCH /channels/{channel.id}: only threads can be modified here",
            )
        name, duration = self._thread_fields(body, creating=False)
        archived = body.get("archived")
        locked = body.get("locked")
        for field_name, value in (("archived", archived), ("locked", locked)):
            if value is not None and not isinstance(value, bool):
                raise invalid_form([(field_name, "Must be either true or false.")])
        perms = emu.permissions_for(emu.bot_user, channel)
        manager = has_all(perms, MANAGE_THREADS)
        owner = channel.owner_id == emu.bot_user.id
        if channel.archived and archived is not False:
            raise _archived_thread()
        forbidden = (
            (locked is not None and locked != channel.locked and not manager)
            or (
                (name is not None or "auto_archive_duration" in body or archived is True)
                and not (manager or owner)
            )
            or (
                archived is False
                and channel.archived
                and (channel.locked and locked is not False)
                and not manager
            )
            or (archived is False and not has_all(perms, SEND_MESSAGES_IN_THREADS) and not manager)
        )
        if forbidden:
            raise ApiError(403, 50013, "Missing Permissions")
        emu.update_thread(
            channel,
            name=name,
            archived=archived,
            locked=locked,
            auto_archive_duration=duration if "auto_archive_duration" in body else None,
        )
        return payloads.channel_payload(channel)

    async def list_messages(self, req: ApiRequest) -> Any:
        """GET /channels/{id}/messages?limit&before&after&around -> newest first, public only."""
        emu = self.emu
        channel = self._channel(req)
        try:
            limit = max(1, min(100, int(req.query.get("limit", "50"))))
        except ValueError:
            raise invalid_form([("limit", "Value is not int.")]) from None
        history = [m for m in emu.channel_messages(channel) if not m.ephemeral]
        if "before" in req.query:
            before = int(req.query["before"])
            history = [m for m in history if m.id < before][-limit:]
        elif "after" in req.query:
            after = int(req.query["after"])
            history = [m for m in history if m.id > after][:limit]
        elif "around" in req.query:
            around = int(req.query["around"])
            index = sum(1 for m in history if m.id < around)
            start = max(0, index - limit // 2)
            history = history[start : start + limit]
        else:
            history = history[-limit:]
        return [payloads.message_payload(emu, m) for m in reversed(history)]

    async def get_message(self, req: ApiRequest) -> Any:
        """GET /channels/{id}/messages/{mid}."""
        _, message = self._channel_message(req)
        return payloads.message_payload(self.emu, message)

    async def edit_message(self, req: ApiRequest) -> Any:
        """PATCH /channels/{id}/messages/{mid} (bot's own messages; keeps history)."""
        emu = self.emu
        channel, message = self._channel_message(req)
        if channel.is_thread and channel.archived:
            raise _archived_thread()
        if message.author.id != emu.bot_user.id:
            raise ApiError(
                403,
                50005,
                "Cannot edit a message authored by another user",
                problem=f"bot tried to edit message {message.id} by {message.author.username}",
            )
        body = req.body if isinstance(req.body, dict) else {}
        validate_message(body, creating=False)
        emu.edit_message(message, body, files=req.files)
        return payloads.message_payload(emu, message)

    async def delete_message(self, req: ApiRequest) -> Any:
        """DELETE /channels/{id}/messages/{mid} (own messages, or others with Manage Messages)."""
        emu = self.emu
        channel, message = self._channel_message(req)
        if message.author.id != emu.bot_user.id and (
            channel.is_dm
            or not has_all(emu.permissions_for(emu.bot_user, channel), MANAGE_MESSAGES)
        ):
            raise ApiError(403, 50013, "Missing Permissions")
        emu.delete_message(message)
        return NO_CONTENT

    async def typing(self, req: ApiRequest) -> Any:
        """POST /channels/{id}/typing -> 204."""
        self._channel(req)
        return NO_CONTENT

    async def add_reaction(self, req: ApiRequest) -> Any:
        """PUT /channels/{id}/messages/{mid}/reactions/{emoji}/@me -> 204."""
        _, message = self._channel_message(req)
        message.reactions.setdefault(req.params["emoji"], set()).add(self.emu.bot_user.id)
        return NO_CONTENT

    async def remove_reaction(self, req: ApiRequest) -> Any:
        """DELETE /channels/{id}/messages/{mid}/reactions/{emoji}/@me -> 204."""
        _, message = self._channel_message(req)
        message.reactions.get(req.params["emoji"], set()).discard(self.emu.bot_user.id)
        return NO_CONTENT

    # ================================================================ guilds
    def _guild(self, req: ApiRequest) -> Guild:
        emu = self.emu
        error = not_found(10004, "Guild")
        guild = emu.guilds.get(_snowflake(req.params["guild_id"], error))
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
        member = guild.members.get(_snowflake(req.params["user_id"], error))
        if member is None:
            raise error
        return payloads.member_payload(member)


def _archived_thread() -> ApiError:
    """400/50083: Discord's answer to a change in an archived thread."""
    return ApiError(400, 50083, "Operation cannot be performed on an archived thread")


def _media_type(request: web.Request) -> str:
    """The request's media type, lower case, without parameters ("" when none): what
    ``request.content_type`` gives, without its e-mail header parser (a tenth of the
    emulator's time under load)."""
    return request.headers.get("Content-Type", "").partition(";")[0].strip().lower()


def _json_response(data: Any, status: int) -> web.Response:
    return web.Response(
        body=dumps(data), status=status, headers={"Content-Type": "application/json"}
    )
