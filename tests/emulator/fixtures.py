"""Reusable pytest fixtures and helpers for emulator-backed tests.

Import the fixtures into a ``conftest.py`` (``from tests.emulator.fixtures import emulator``)
and use :func:`running_client` to run any discord.py client against the emulator::

    async with running_client(emulator, MyBot(..., guild_ready_timeout=0.05)) as bot:
        ...

Pass ``guild_ready_timeout=0.05`` (a public ``discord.Client`` option) to your client: otherwise
discord.py waits 2 s after the last GUILD_CREATE before it becomes ready.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord
import pytest
import pytest_asyncio

from bot.endpoints import point_discord_at
from emulator.models import Channel, Guild, User
from emulator.server import Emulator
from emulator_driver.driver import UserDriver

log = logging.getLogger(__name__)

ClientT = TypeVar("ClientT", bound=discord.Client)


@asynccontextmanager
async def started_emulator(**options: Any) -> AsyncIterator[Emulator]:
    """An ``Emulator(**options)`` started on a free port; stopped on the way out, then
    failing if ``emu.problems`` is not empty: tests that provoke problems on purpose
    should consume them with ``emu.take_problems()``."""
    emu = Emulator(**options)
    await emu.start()
    try:
        yield emu
    finally:
        await emu.stop()
    emu.assert_no_problems()


@pytest_asyncio.fixture
async def emulator() -> AsyncIterator[Emulator]:
    """A started Emulator on a free port; stopped afterwards.

    Teardown fails the test if ``emu.problems`` is not empty: tests that provoke problems on
    purpose should consume them with ``emu.take_problems()``.
    """
    async with started_emulator() as emu:
        yield emu


@dataclass
class World:
    """A guild with one text channel and some member users, plus a driver per user."""

    emu: Emulator
    guild: Guild
    channel: Channel
    users: dict[str, User] = field(default_factory=dict)

    def user(self, name: str) -> User:
        """User by name (KeyError if absent)."""
        return self.users[name]

    def driver(self, name: str) -> UserDriver:
        """A UserDriver for the named user."""
        return UserDriver(self.emu, self.users[name])


def build_world(
    emu: Emulator,
    *,
    users: Iterable[str] = ("alice", "bob"),
    guild_name: str = "Test Guild",
    channel_name: str = "general",
) -> World:
    """Create a guild, a text channel and member users (by name) in ``emu``."""
    guild = emu.create_guild(guild_name)
    channel = emu.create_text_channel(guild, channel_name)
    world = World(emu=emu, guild=guild, channel=channel)
    for name in users:
        user = emu.create_user(name)
        emu.add_member(guild, user)
        world.users[name] = user
    return world


@pytest.fixture
def world(emulator: Emulator) -> World:
    """``build_world(emulator)``: "Test Guild" with #general and members alice and bob."""
    return build_world(emulator)


@asynccontextmanager
async def running_client(
    emu: Emulator, client: ClientT, *, ready_timeout: float = 10.0
) -> AsyncIterator[ClientT]:
    """Point discord.py at ``emu``, start ``client`` and yield it once it is ready.

    On exit the client is closed (``await client.close()``), its task awaited or cancelled, and
    discord.py pointed back at real Discord. Raises TimeoutError if the client is not ready
    within ``ready_timeout`` seconds, or re-raises the client's own startup exception.
    """
    point_discord_at(emu.api_base, emu.gateway_url)
    task = asyncio.create_task(client.start(emu.bot_token), name="emulated-discord-client")
    try:
        deadline = time.monotonic() + ready_timeout
        while not client.is_ready():
            if task.done():
                task.result()  # re-raise the startup error
                raise RuntimeError("discord client stopped before becoming ready")
            if time.monotonic() > deadline:
                raise TimeoutError(f"discord client not ready within {ready_timeout}s")
            await asyncio.sleep(0.01)
        yield client
    finally:
        await client.close()
        try:
            await asyncio.wait_for(asyncio.shield(task), timeout=5.0)
        except (TimeoutError, asyncio.CancelledError):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        except Exception:  # the client's own failure was already surfaced or is irrelevant now
            log.debug("client task ended with an error", exc_info=True)
        point_discord_at(None, None)
