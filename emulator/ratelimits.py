"""Discord's real rate limits, enforced by the emulator by default.

Source: https://discord.com/developers/docs/topics/rate-limits (global limit, per-route
buckets keyed by their top-level resource, header format, invalid request limit). Discord
publishes only the global figure and says the others must be read from the headers, never
hard-coded: the per-route figures below are the values bot libraries document as observed,
and every one is configurable (:class:`DiscordLimits`) so a test can change it.

=============================================  ===========  ==================================
Limit                                          Value        Source
=============================================  ===========  ==================================
Global, per bot token                          50 / 1 s     Discord docs, "Global Rate Limit"
Interaction callback, interaction webhooks     exempt       Discord docs, "Global Rate Limit":
(global limit)                                              interaction endpoints are not bound
``POST /channels/{c}/messages``                5 / 5 s /c   Javacord wiki "Ratelimits" table;
                                                            Discord API docs repository, bot
                                                            message limit announcement (5/5)
``PATCH /channels/{c}/messages/{m}``           5 / 5 s /c   same bucket size as create
``DELETE /channels/{c}/messages/{m}``          5 / 5 s /c   stricter than the 5 / 1 s the
                                                            Javacord table gives (safe side)
``PUT|DELETE .../reactions/{e}/@me``           1 / 0.25 s   Javacord wiki "Ratelimits" table
``POST /users/@me/channels`` (open a DM)       5 / 1 s      undocumented: an assumption
``POST /channels/{c}/threads``,                5 / 5 s /c   undocumented: an assumption (a
``POST /channels/{c}/messages/{m}/threads``                 thread start posts a message)
``/webhooks/{app}/{token}...`` (one bucket)    5 / 2 s /wt  commonly observed webhook bucket
Any other route                                50 / 1 s     generous default (per route shape
                                                            and top-level resource)
Edits of messages older than 1 hour           3 / 20 s /c  reported by bot developers; 429
                                                            with JSON code 30046 (Discord docs,
                                                            "JSON Error Codes")
Interaction token lifetime                     900 s        Discord docs, "Receiving and
                                                            Responding": tokens are valid for
                                                            15 minutes; 401 code 50027 after
=============================================  ===========  ==================================

``/c``: per channel (DM channels and threads are channels); ``/wt``: per webhook id + token.

Buckets are fixed windows opened by the first admitted request (what ``X-RateLimit-Reset-After``
describes). A request refused by the global limit does not count anywhere; a request refused
by a route bucket still counts against the global limit (it reached Discord).
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from emulator.faults import (
    OLD_MESSAGE_EDIT_CODE,
    FixedWindow,
    Verdict,
    bucket_headers,
    ceil_ms,
)

#: JSON code and message of an expired or unknown interaction token (Discord docs, "JSON Error
#: Codes": 50027 Invalid Webhook Token).
INVALID_WEBHOOK_TOKEN_CODE = 50027
INVALID_WEBHOOK_TOKEN_MESSAGE = "Invalid Webhook Token"

#: Values of ``X-RateLimit-Scope`` (Discord docs, "Header Format").
SCOPE_GLOBAL = "global"
SCOPE_USER = "user"
SCOPE_SHARED = "shared"

_PARAM = re.compile(r"\{\w+\}")


def route_shape(method: str, template: str) -> tuple[str, str]:
    """``(METHOD, template with every {name} replaced by {})``: the key of the bucket table,
    so ``/channels/{channel_id}/threads`` and ``/channels/{id}/threads`` are the same route."""
    return method.upper(), _PARAM.sub("{}", template)


@dataclass(frozen=True)
class RouteLimit:
    """One bucket size: ``limit`` requests per ``per`` seconds.

    ``scope`` is the ``X-RateLimit-Scope`` of its 429s (``"user"`` or ``"shared"``; Discord
    does not count shared-scope 429s as invalid requests). Routes with the same ``group`` share
    one bucket (one ``X-RateLimit-Bucket`` hash) per top-level resource.
    """

    limit: int
    per: float
    scope: str = SCOPE_USER
    group: str | None = None

    def __post_init__(self) -> None:
        if self.limit < 1 or self.per <= 0:
            raise ValueError(f"a bucket needs limit >= 1 and per > 0, got {self}")
        if self.scope not in (SCOPE_USER, SCOPE_SHARED):
            raise ValueError(f"scope must be 'user' or 'shared', got {self.scope!r}")


_MESSAGE = "/channels/{channel_id}/messages/{message_id}"
_REACTION = _MESSAGE + "/reactions/{emoji}/@me"
_WEBHOOK = RouteLimit(5, 2.0, group="interaction-webhook")


def default_routes() -> dict[tuple[str, str], RouteLimit]:
    """The per-route bucket table (see the module docstring for the source of each figure),
    keyed by :func:`route_shape`."""
    table = {
        ("POST", "/channels/{channel_id}/messages"): RouteLimit(5, 5.0),
        ("PATCH", _MESSAGE): RouteLimit(5, 5.0),
        ("DELETE", _MESSAGE): RouteLimit(5, 5.0),
        ("PUT", _REACTION): RouteLimit(1, 0.25, group="own-reaction"),
        ("DELETE", _REACTION): RouteLimit(1, 0.25, group="own-reaction"),
        ("POST", "/users/@me/channels"): RouteLimit(5, 1.0),
        ("POST", "/channels/{channel_id}/threads"): RouteLimit(5, 5.0),
        ("POST", _MESSAGE + "/threads"): RouteLimit(5, 5.0),
        ("POST", "/webhooks/{app_id}/{token}"): _WEBHOOK,
        ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}"): _WEBHOOK,
        ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}"): _WEBHOOK,
        ("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}"): _WEBHOOK,
    }
    return {route_shape(method, template): size for (method, template), size in table.items()}


@dataclass
class DiscordLimits:
    """Every limit the emulator enforces (module docstring: values and sources).

    * ``global_limit`` requests per ``global_per`` seconds per bot token (Discord: 50 / 1 s);
      interaction callbacks and ``/webhooks/{app}/{token}`` routes do not count.
    * ``routes``: per-route buckets keyed by :func:`route_shape` (method, template), each per
      top-level resource (channel id, guild id, webhook id + token); ``default_route`` for the
      others (None: other routes have no bucket and no headers).
    * ``old_message_age`` seconds (Discord: 1 hour): edits of older messages also count in a
      per-channel ``old_message_edits`` bucket; past it, 429 with JSON code 30046.
    * ``interaction_token_lifetime`` seconds (Discord: 15 minutes): afterwards the
      interaction's webhook routes answer 401 with JSON code 50027.

    Pass ``Emulator(limits=None)`` to enforce none of them.
    """

    global_limit: int = 50
    global_per: float = 1.0
    routes: Mapping[tuple[str, str], RouteLimit] = field(default_factory=default_routes)
    default_route: RouteLimit | None = field(default_factory=lambda: RouteLimit(50, 1.0))
    old_message_age: float = 3600.0
    old_message_edits: RouteLimit = field(default_factory=lambda: RouteLimit(3, 20.0))
    interaction_token_lifetime: float = 900.0

    def __post_init__(self) -> None:
        if self.global_limit < 1 or self.global_per <= 0:
            raise ValueError("global_limit must be >= 1 and global_per > 0")
        if self.old_message_age < 0 or self.interaction_token_lifetime <= 0:
            raise ValueError("old_message_age must be >= 0, interaction_token_lifetime > 0")
        self.routes = {route_shape(m, t): size for (m, t), size in self.routes.items()}

    @classmethod
    def global_only(cls) -> DiscordLimits:
        """Only the global limit (and token lifetime, old-message edits): no per-route buckets.
        For load tests whose many matches share one channel, where the per-channel message
        bucket would be all they measure."""
        return cls(routes={}, default_route=None)

    def route(self, method: str, template: str) -> RouteLimit | None:
        """The bucket size of ``method template`` (the default bucket if it has no entry)."""
        return self.routes.get(route_shape(method, template), self.default_route)


def bucket_hash(name: str) -> str:
    """A stable opaque ``X-RateLimit-Bucket`` value for a route shape or group (32 hex digits,
    like Discord's; the same in every run)."""
    return hashlib.blake2b(name.encode(), digest_size=16).hexdigest()


def major_parameter(params: Mapping[str, str]) -> str:
    """The top-level resource of a request (Discord docs, "Rate Limits": channel id, guild id,
    or webhook id + token); ``""`` if the route has none."""
    if "channel_id" in params:
        return f"channel:{params['channel_id']}"
    if "guild_id" in params:
        return f"guild:{params['guild_id']}"
    if "token" in params:
        return f"webhook:{params.get('app_id', '')}:{params['token']}"
    return ""


class Limiter:
    """The state of :class:`DiscordLimits` for one Emulator (one bot token).

    Each ``check_*`` method returns a :class:`~emulator.faults.Verdict`: ``limited``
    True means answer 429 (nothing was counted); otherwise the request was counted and
    ``headers`` are the ``X-RateLimit-*`` headers of its answer.
    """

    #: Windows kept before expired ones are dropped.
    _PRUNE_AT = 5000

    def __init__(self, limits: DiscordLimits) -> None:
        self.limits = limits
        self._global = FixedWindow(limits.global_per)
        self._windows: dict[tuple[str, str], FixedWindow] = {}

    def check_global(self, now: float | None = None) -> Verdict:
        """The global limit for one authenticated request (Discord docs, "Global Rate Limit")."""
        now = time.monotonic() if now is None else now
        limits = self.limits
        if self._global.full(limits.global_limit, now):
            retry = ceil_ms(self._global.reset_after(now))
            return Verdict(True, retry, True, limits.global_limit, "", {}, SCOPE_GLOBAL)
        self._global.admit(now)
        return Verdict(False, 0.0, True, limits.global_limit, "", {}, SCOPE_GLOBAL)

    def bucket_of(self, method: str, template: str) -> str | None:
        """The ``X-RateLimit-Bucket`` of ``method template``, None if it has no bucket."""
        size = self.limits.route(method, template)
        if size is None:
            return None
        return bucket_hash(size.group or " ".join(route_shape(method, template)))

    def check_route(
        self, method: str, template: str, params: Mapping[str, str], now: float | None = None
    ) -> Verdict | None:
        """The per-route bucket of ``method template`` for this request's top-level resource.
        None if the route has no bucket."""
        size = self.limits.route(method, template)
        bucket = self.bucket_of(method, template)
        if size is None or bucket is None:
            return None
        return self._check(bucket, major_parameter(params), size, now)

    def check_old_message_edit(self, channel_id: int, now: float | None = None) -> Verdict:
        """The per-channel bucket of edits to messages older than ``old_message_age``; a
        limited verdict carries JSON code 30046."""
        size = self.limits.old_message_edits
        verdict = self._check(bucket_hash("old-message-edit"), f"channel:{channel_id}", size, now)
        return verdict._replace(code=OLD_MESSAGE_EDIT_CODE) if verdict.limited else verdict

    def _check(self, bucket: str, major: str, size: RouteLimit, now: float | None) -> Verdict:
        now = time.monotonic() if now is None else now
        key = (bucket, major)
        window = self._windows.get(key)
        if window is None:
            if len(self._windows) >= self._PRUNE_AT:
                self._prune(now)
            window = self._windows[key] = FixedWindow(size.per)
        if window.full(size.limit, now):
            retry = ceil_ms(window.reset_after(now))
            return Verdict(True, retry, False, size.limit, bucket, {}, size.scope)
        window.admit(now)
        remaining = max(0, size.limit - window.count)
        headers = bucket_headers(size.limit, remaining, window.reset_after(now), bucket)
        return Verdict(False, 0.0, False, size.limit, bucket, headers, size.scope)

    def _prune(self, now: float) -> None:
        for key, window in list(self._windows.items()):
            window.roll(now)
            if window.start is None:
                del self._windows[key]
