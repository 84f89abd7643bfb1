"""What the emulator's REST route handlers share: the parsed request, the 204 marker and
small parsers."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from emulator.errors import ApiError

if TYPE_CHECKING:
    from emulator.core import UploadedFile
    from emulator.server import Emulator

#: The REST API's logger for the route handlers (their lines keep this name).
log = logging.getLogger("emulator.rest")


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


class RouteDef(NamedTuple):
    """A route a group of handlers serves: ``method``, a path ``template`` below /api/v10
    (``{name}`` matches one segment and becomes ``params[name]``), its handler, and
    whether it needs the bot's token (``auth``; interaction callbacks and webhooks don't).
    """

    method: str
    template: str
    handler: Handler
    auth: bool = True


class RouteGroup:
    """A group of route handlers bound to one Emulator (a part of
    :class:`emulator.rest.RestApi`), listing the routes it serves in :meth:`routes`."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu

    def routes(self) -> list[RouteDef]:
        """The routes these handlers serve."""
        raise NotImplementedError


class _NoContent:
    """Marker for a 204 response."""


NO_CONTENT = _NoContent()


def truthy(value: str | None) -> bool:
    return value is not None and value.lower() in ("1", "true", "yes")


def snowflake(value: str, error: ApiError) -> int:
    try:
        return int(value)
    except ValueError:
        raise error from None


def archived_thread() -> ApiError:
    """400/50083: Discord's answer to a change in an archived thread."""
    return ApiError(400, 50083, "Operation cannot be performed on an archived thread")
