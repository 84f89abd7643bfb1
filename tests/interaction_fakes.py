"""Stand-ins for ``discord.Interaction.response`` and ``.followup`` in unit tests that
call the reply helpers without a Discord (or an emulator): they record what was sent."""

from __future__ import annotations

from typing import Any


class FakeResponse:
    """``interaction.response``: done once a message is sent or the answer deferred."""

    def __init__(self, done: bool = False) -> None:
        self.done = done
        self.sent: list[tuple[str | None, dict[str, Any]]] = []

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        self.sent.append((content, kwargs))
        self.done = True

    async def defer(self, **kwargs: Any) -> None:
        self.done = True


class FakeFollowup:
    """``interaction.followup``: each ``send`` as ``(content, other arguments)``."""

    def __init__(self) -> None:
        self.sent: list[tuple[str | None, dict[str, Any]]] = []

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        self.sent.append((content, kwargs))
