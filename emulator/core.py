"""The emulator's shared vocabulary: what a REST request carries (:class:`UploadedFile`),
what an answer leaves behind (:class:`RequestRecord`), how a test names a guild, user or
channel (an object or its id), and the marker for Discord's default limits. The
Emulator itself and its collaborators are in :mod:`emulator.server`."""

from __future__ import annotations

from typing import Any, NamedTuple

from emulator.models import Channel, Guild, Member, User


class UploadedFile(NamedTuple):
    """A file part of a multipart request."""

    field: str
    filename: str
    content_type: str
    data: bytes


GuildRef = Guild | int
UserRef = User | Member | int
ChannelRef = Channel | int


#: Marker for "Discord's limits" (a fresh DiscordLimits per Emulator).
DEFAULT_LIMITS: Any = object()


class RequestRecord(NamedTuple):
    """One answered REST request, for benchmarks: ``at`` (``time.monotonic()`` when the
    answer was ready), method, path below /api/v10, HTTP status, whether it counted against
    the global limit, and the ``X-RateLimit-Scope`` of a 429 (else None)."""

    at: float
    method: str
    path: str
    status: int
    global_counted: bool
    scope: str | None
