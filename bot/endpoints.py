"""Where discord.py sends its traffic: real Discord, or a local emulator.

Used by tests (and optionally by the launcher, e.g. from environment variables) to point the
unmodified discord.py client at a Discord-compatible server. Importing this module has no side
effects; only :func:`point_discord_at` changes anything.
"""

from __future__ import annotations

import logging

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

log = logging.getLogger(__name__)

#: discord.py's own defaults, captured at import so they can be restored.
DISCORD_API_BASE: str = Route.BASE
DISCORD_GATEWAY: yarl.URL = DiscordWebSocket.DEFAULT_GATEWAY


def point_discord_at(api_base: str | None, gateway_url: str | None) -> None:
    """Redirect discord.py's REST and gateway traffic (process-wide).

    Args:
        api_base: REST base URL including the version, without a trailing slash, e.g.
            ``"http://127.0.0.1:8123/api/v10"``. Every REST call, including interaction
            callbacks and webhook/follow-up routes (``discord.webhook.async_`` builds its URLs
            from the same ``discord.http.Route.BASE``), goes there. ``None`` restores real
            Discord (``https://discord.com/api/v10``).
        gateway_url: websocket URL, e.g. ``"ws://127.0.0.1:8123/gateway"``. Becomes
            ``DiscordWebSocket.DEFAULT_GATEWAY``, which a non-sharded client connects to first
            and after a non-resumable INVALID_SESSION. Resumes use the server's READY
            ``resume_gateway_url`` and sharded clients ``GET /gateway/bot``, so the server at
            ``api_base`` must report this same URL. ``None`` restores ``wss://gateway.discord.gg/``.

    Raises:
        ValueError: if a URL has the wrong scheme (``http(s)`` for REST, ``ws(s)`` for gateway).

    Call it before the client logs in; changing it while a client is connected affects only new
    requests/connections.
    """
    if api_base is None:
        Route.BASE = DISCORD_API_BASE
    else:
        base = api_base.rstrip("/")
        if yarl.URL(base).scheme not in ("http", "https"):
            raise ValueError(f"api_base must be an http(s) URL, got {api_base!r}")
        Route.BASE = base
    if gateway_url is None:
        DiscordWebSocket.DEFAULT_GATEWAY = DISCORD_GATEWAY
    else:
        url = yarl.URL(gateway_url)
        if url.scheme not in ("ws", "wss"):
            raise ValueError(f"gateway_url must be a ws(s) URL, got {gateway_url!r}")
        DiscordWebSocket.DEFAULT_GATEWAY = url
    log.info(
        "discord.py endpoints: REST %s, gateway %s", Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    )
