"""The project's bot, unmodified, running in-process against the local Discord emulator."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from emulator.permissions import MANAGE_GUILD
from emulator.server import Emulator
from tests.decks.conftest import FakeScryfall, scryfall  # noqa: F401
from tests.emulator.fixtures import build_world, emulator, running_client  # noqa: F401
from tests.storage.conftest import pg_schema_url  # noqa: F401

from .helpers import PLAYERS, BotWorld, running_bot, settings_for
from .language_helpers import world_fixture
from .pg_cluster import SHARDS, Cluster, open_cluster


@pytest.fixture
def bot_env(request: pytest.FixtureRequest) -> dict[str, str]:
    """Extra settings for the bot; set with ``@pytest.mark.parametrize(indirect=True)``."""
    return getattr(request, "param", {})


@pytest_asyncio.fixture
async def bingo(
    emulator: Emulator,  # noqa: F811
    scryfall: FakeScryfall,  # noqa: F811
    tmp_path,
    bot_env: dict[str, str],
) -> AsyncIterator[BotWorld]:
    """A guild with alice, bob and carol, and the bot logged in with its commands synced.

    The bot's Scryfall is the local fake (``bw.scryfall``), never the real service.
    """
    world = build_world(emulator, users=("alice", "bob", "carol"))
    env = {"SCRYFALL_API_BASE": scryfall.url, **bot_env}
    settings = settings_for(emulator, tmp_path / "bingomagic.db", **env)
    async with running_bot(emulator, world, settings, scryfall) as bw:
        yield bw


@pytest_asyncio.fixture
async def cup(emulator: Emulator, tmp_path: Path) -> AsyncIterator[BotWorld]:  # noqa: F811
    """Six players and an organizer ("olga", Manage Server); the bot pauses 0 s."""
    world = build_world(emulator, users=(*PLAYERS, "olga"))
    role = emulator.create_role(world.guild, "Organizers", permissions=MANAGE_GUILD)
    emulator.add_role(world.guild, world.user("olga"), role)
    settings = settings_for(emulator, tmp_path / "cup.db")
    async with running_bot(emulator, world, settings) as bw:
        yield bw


#: A guild whose preferred locale is English (US), for the languages' tests.
english_server = world_fixture("en-US")


@pytest_asyncio.fixture
async def cluster(
    pg_schema_url: str,  # noqa: F811
    tmp_path: Path,
) -> AsyncIterator[Cluster]:
    """Two shard processes with quiet timers (nothing times out)."""
    async with open_cluster(SHARDS, pg_schema_url, tmp_path) as c:
        yield c
    c.emu.assert_no_problems()
