"""Public threads in the emulator, seen through the unmodified discord.py client: Discord's
"Start Thread from Message", "Start Thread without Message", "Modify Channel" (thread fields),
THREAD_CREATE / THREAD_UPDATE, and permissions taken from the parent channel."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest
import pytest_asyncio

from emulator.models import CHANNEL_PUBLIC_THREAD, FLAG_HAS_THREAD
from emulator.permissions import (
    CREATE_PUBLIC_THREADS,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
)
from emulator.server import Emulator
from tests.emulator.fixtures import World, build_world, running_client


class ThreadBot(discord.Client):
    """A plain client that records thread events and button clicks."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.created: list[discord.Thread] = []
        self.updated: list[tuple[discord.Thread, discord.Thread]] = []
        self.clicks: list[discord.Interaction] = []

    async def on_thread_create(self, thread: discord.Thread) -> None:
        self.created.append(thread)

    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        self.updated.append((before, after))


class ClickView(discord.ui.View):
    def __init__(self, bot: ThreadBot) -> None:
        super().__init__(timeout=None)
        self.bot = bot

    @discord.ui.button(label="Go", custom_id="thread-go")
    async def go(self, interaction: discord.Interaction, button: discord.ui.Button[ClickView]):
        self.bot.clicks.append(interaction)
        await interaction.response.edit_message(content="went")


@pytest_asyncio.fixture
async def bot(emulator: Emulator, world: World) -> AsyncIterator[ThreadBot]:
    async with running_client(emulator, ThreadBot()) as client:
        yield client


def _text_channel(bot: ThreadBot, world: World) -> discord.TextChannel:
    channel = bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_thread_from_message(emulator: Emulator, world: World, bot: ThreadBot) -> None:
    """The thread takes the message's id, discord.py caches it as a Thread, the starter message
    carries it and HAS_THREAD; messages posted in it carry its id and count."""
    message = await _text_channel(bot, world).send("challenge")
    thread = await message.create_thread(name="BingoMagic #1", auto_archive_duration=1440)
    assert thread.id == message.id and thread.parent_id == world.channel.id
    await emulator.wait_for(lambda: bot.created)
    cached = bot.get_channel(thread.id)
    assert isinstance(cached, discord.Thread) and cached.name == "BingoMagic #1"
    assert bot.created[0].id == thread.id
    stored = emulator.channels[thread.id]
    assert stored.type == CHANNEL_PUBLIC_THREAD and stored.owner_id == emulator.bot_user.id
    assert emulator.messages[message.id].flags & FLAG_HAS_THREAD
    assert emulator.messages[message.id].thread_id == thread.id
    posted = await thread.send("board")
    assert emulator.messages[posted.id].channel_id == thread.id
    assert stored.message_count == 1 and stored.last_message_id == posted.id
    alice = world.driver("alice")
    assert alice.threads(world.channel) == [stored]
    assert alice.thread_of(message.id) is stored
    assert [m.content for m in alice.messages(thread.id)] == ["board"]
    assert "board" not in [m.content for m in alice.messages(world.channel)]


async def test_one_thread_per_message(emulator: Emulator, world: World, bot: ThreadBot) -> None:
    """A second thread on the same message: 400/160004."""
    message = await _text_channel(bot, world).send("challenge")
    await message.create_thread(name="first")
    with pytest.raises(discord.HTTPException) as caught:
        await message.create_thread(name="second")
    assert caught.value.status == 400 and caught.value.code == 160004


async def test_thread_name_is_validated(emulator: Emulator, world: World, bot: ThreadBot) -> None:
    """A name over 100 characters or an unknown auto_archive_duration: 400/50035."""
    message = await _text_channel(bot, world).send("challenge")
    with pytest.raises(discord.HTTPException) as caught:
        await message.create_thread(name="x" * 101)
    assert caught.value.code == 50035
    assert len(emulator.take_problems()) == 1


async def test_thread_without_message(emulator: Emulator, world: World, bot: ThreadBot) -> None:
    """POST /channels/{id}/threads with type 11 makes a public thread with a new id."""
    thread = await _text_channel(bot, world).create_thread(
        name="table 1", type=discord.ChannelType.public_thread, auto_archive_duration=60
    )
    assert thread.type is discord.ChannelType.public_thread
    assert emulator.channels[thread.id].auto_archive_duration == 60
    assert world.driver("bob").threads(world.channel)[0].id == thread.id


async def test_archive_lock_and_unarchive(emulator: Emulator, world: World, bot: ThreadBot) -> None:
    """Archiving and locking (THREAD_UPDATE seen by discord.py); a post unarchives an unlocked
    thread; a locked archived thread refuses members without Manage Threads."""
    message = await _text_channel(bot, world).send("challenge")
    thread = await message.create_thread(name="match")
    await thread.edit(archived=True)
    await emulator.wait_for(lambda: bot.updated)
    assert bot.updated[-1][1].archived and emulator.channels[thread.id].archived
    await thread.send("again")  # unarchives
    assert not emulator.channels[thread.id].archived
    await thread.edit(archived=True, locked=True)
    stored = emulator.channels[thread.id]
    assert stored.archived and stored.locked
    with pytest.raises(PermissionError):
        await world.driver("alice").send(thread.id, "let me in")
    emulator.set_channel_permissions(world.channel, emulator.bot_user, deny=MANAGE_THREADS)
    with pytest.raises(discord.HTTPException) as caught:
        await thread.send("closed")
    assert caught.value.code == 50083
    with pytest.raises(discord.HTTPException) as caught:
        await thread.edit(name="renamed")
    assert caught.value.code == 50083


async def test_edit_in_archived_thread(emulator: Emulator, world: World, bot: ThreadBot) -> None:
    """A message of an archived thread cannot be edited: 400/50083."""
    message = await _text_channel(bot, world).send("challenge")
    thread = await message.create_thread(name="match")
    board = await thread.send("board")
    await thread.edit(archived=True)
    with pytest.raises(discord.HTTPException) as caught:
        await board.edit(content="late")
    assert caught.value.code == 50083


async def test_locking_needs_manage_threads(
    emulator: Emulator, world: World, bot: ThreadBot
) -> None:
    """The creator may archive its thread but not lock it without Manage Threads."""
    emulator.set_channel_permissions(world.channel, emulator.bot_user, deny=MANAGE_THREADS)
    message = await _text_channel(bot, world).send("challenge")
    thread = await message.create_thread(name="match")
    with pytest.raises(discord.Forbidden):
        await thread.edit(locked=True)
    await thread.edit(archived=True)
    assert emulator.channels[thread.id].archived


async def test_thread_permissions_come_from_the_parent(
    emulator: Emulator, world: World, bot: ThreadBot
) -> None:
    """No Create Public Threads in the parent: 403/50013; no Send Messages in Threads: 403,
    while Send Messages alone does not matter in a thread."""
    channel = _text_channel(bot, world)
    message = await channel.send("challenge")
    thread = await message.create_thread(name="match")
    emulator.set_channel_permissions(
        world.channel, emulator.bot_user, deny=CREATE_PUBLIC_THREADS | SEND_MESSAGES
    )
    second = emulator.create_message(emulator.channels[world.channel.id], emulator.bot_user, {})
    with pytest.raises(discord.Forbidden) as caught:
        await channel.get_partial_message(second.id).create_thread(name="no")
    assert caught.value.code == 50013
    await thread.send("still fine")  # Send Messages is not what threads need
    emulator.set_channel_permissions(
        world.channel, emulator.bot_user, deny=SEND_MESSAGES_IN_THREADS
    )
    with pytest.raises(discord.Forbidden):
        await thread.send("refused")


async def test_click_in_thread(emulator: Emulator, world: World, bot: ThreadBot) -> None:
    """A component interaction in a thread carries the thread; discord.py resolves it."""
    message = await _text_channel(bot, world).send("challenge")
    thread = await message.create_thread(name="match")
    posted = await thread.send("board", view=ClickView(bot))
    click = await world.driver("alice").click(posted.id, "Go")
    assert click.response_type == 7
    channel = bot.clicks[0].channel
    assert isinstance(channel, discord.Thread) and channel.parent_id == world.channel.id
    assert emulator.messages[posted.id].content == "went"


async def test_active_threads_in_guild_create(emulator: Emulator) -> None:
    """A client connecting later gets the active threads in GUILD_CREATE, not archived ones."""
    world = build_world(emulator)
    starter = emulator.create_message(world.channel, emulator.bot_user, {"content": "a"})
    active = emulator.create_thread(world.channel, emulator.bot_user, "active", message=starter)
    archived = emulator.create_thread(world.channel, emulator.bot_user, "old")
    emulator.update_thread(archived, archived=True)
    async with running_client(emulator, ThreadBot()) as client:
        assert isinstance(client.get_channel(active.id), discord.Thread)
        assert client.get_channel(archived.id) is None
