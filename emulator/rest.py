"""REST API v10 routes of the emulator (everything below ``/api/v10``).

Responses are ``application/json`` exactly (discord.py compares the header literally). Errors
use Discord's ``{"code", "message"[, "errors"]}`` bodies. Unknown routes are recorded in
``Emulator.problems`` and answered with 404 ``{"code": 0, "message": "404: Not Found"}``.
"""

from __future__ import annotations

import json
import logging
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from emulator.core import UploadedFile
from emulator.errors import ApiError
from emulator.faults import (
    RequestLog,
    RouteFailure,
    Verdict,
    evaluate,
    rate_limit_body,
    too_many_requests,
)
from emulator.models import (
    utcnow,
)
from emulator.payloads import dumps
from emulator.ratelimits import INVALID_WEBHOOK_TOKEN_CODE, route_shape
from emulator.rest_channels import ChannelRoutes
from emulator.rest_common import NO_CONTENT, ApiRequest, Handler
from emulator.rest_guilds import GuildRoutes
from emulator.rest_interactions import InteractionRoutes
from emulator.rest_users import UserRoutes

if TYPE_CHECKING:
    from emulator.server import Emulator

log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
#: Key of ``web.Request``: True once the request counted against the global rate limit.
_GLOBAL_COUNTED = web.RequestKey("emulator_global_counted", bool)
#: Routes of an interaction's webhook (its token expires: ``DiscordLimits``).
_INTERACTION_WEBHOOK = "/webhooks/{app_id}/{token}"
_EDIT_MESSAGE = route_shape("PATCH", "/channels/{channel_id}/messages/{message_id}")


@dataclass
class Route:
    """A REST route: ``template`` like ``/channels/{channel_id}/messages``."""

    method: str
    template: str
    handler: Handler
    auth: bool
    pattern: re.Pattern[str]


class RestApi:
    """Route table and HTTP plumbing bound to one Emulator. The handlers are collaborators
    grouped by resource, each listing its own routes: :attr:`users` (:mod:`.rest_users`:
    users, the application, the gateway, application commands), :attr:`interactions`
    (:mod:`.rest_interactions`: callbacks and the interaction webhook), :attr:`channels`
    (:mod:`.rest_channels`: channels, threads, messages, reactions) and :attr:`guilds`
    (:mod:`.rest_guilds`)."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.routes: list[Route] = []
        self.users = UserRoutes(emu)
        self.interactions = InteractionRoutes(emu)
        self.channels = ChannelRoutes(emu)
        self.guilds = GuildRoutes(emu)
        for group in (self.users, self.interactions, self.channels, self.guilds):
            for route in group.routes():
                self._add(route.method, route.template, route.handler, auth=route.auth)

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
            emu.request_started(method, path, None)
            emu.request_finished()
            emu.add_problem(f"{method} {path}: {exc.problem}")
            return _json_response(exc.body(), exc.status)
        emu.request_started(method, path, body, request.query_string)
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
            emu.request_finished()

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
        after: RouteFailure | None = None  # a failure that answers a request carried out
        for failure in emu.route_failures:
            try:
                hit = failure.matches(method, path, body)
            except Exception as exc:
                emu.add_problem(f"fail_route filter raised on {method} {path}: {exc!r}")
                continue
            if hit:
                failure.failed.append(RequestLog(method, path, body, request.query_string))
                if failure.applied:
                    after = failure
                    break
                log.info("failing %s %s with %s (fail_route)", method, path, failure.status)
                return _failed(request, failure)
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
        if after is not None:
            log.info("failing %s %s with %s after carrying it out", method, path, after.status)
            return _failed(request, after)
        admitted = [v for v in (limited, verdict) if v is not None and v.headers]
        if admitted:  # the bucket with the fewest requests left speaks for the answer
            tightest = min(admitted, key=lambda v: int(v.headers["X-RateLimit-Remaining"]))
            response.headers.update(tightest.headers)
        return response

    def _discord_gate(
        self, request: web.Request, route: Route, params: dict[str, str]
    ) -> web.Response | None:
        """The first checks of ``emu.limits`` (:mod:`emulator.ratelimits`) on a routed
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


def _media_type(request: web.Request) -> str:
    """The request's media type, lower case, without parameters ("" when none): what
    ``request.content_type`` gives, without its e-mail header parser (a tenth of the
    emulator's time under load)."""
    return request.headers.get("Content-Type", "").partition(";")[0].strip().lower()


def _failed(request: web.Request, failure: RouteFailure) -> web.Response:
    """``failure``'s answer: its error, or (``drop``) a connection closed unanswered (the
    response returned is never written; it keeps the emulator's records)."""
    if failure.drop and request.transport is not None:
        request.transport.abort()
    return _json_response(failure.body(), failure.status)


def _json_response(data: Any, status: int) -> web.Response:
    return web.Response(
        body=dumps(data), status=status, headers={"Content-Type": "application/json"}
    )
