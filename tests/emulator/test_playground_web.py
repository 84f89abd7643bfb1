"""The playground page's server side, without a browser: what each message frame carries."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.playground.web import PlaygroundWeb, Tab, command_path, typed_command_path
from emulator import Emulator
from emulator.permissions import MANAGE_THREADS, SEND_MESSAGES
from tests.emulator.fixtures import World, running_client

GAME = {
    "id": "7",
    "type": 1,
    "name": "game",
    "description": "Games",
    "name_localizations": {"it": "gioco", "ja": "ゲーム"},
    "options": [
        {
            "type": 2,
            "name": "deck",
            "description": "Decks",
            "name_localizations": {"it": "mazzo"},
            "options": [
                {"type": 1, "name": "list", "description": "List", "options": []},
                {
                    "type": 1,
                    "name": "save",
                    "description": "Save",
                    "name_localizations": {"it": "salva"},
                    "options": [{"type": 3, "name": "name", "description": "Name"}],
                },
            ],
        },
    ],
}


def interaction(locale: str, *path: str) -> SimpleNamespace:
    """An application command interaction's record (only its payload is read)."""
    options: list[dict] = [{"type": 3, "name": "name", "value": "x"}]
    for index, name in reversed(list(enumerate(path[1:], start=1))):
        options = [{"type": 1 if index == len(path) - 1 else 2, "name": name, "options": options}]
    return SimpleNamespace(
        payload={"locale": locale, "data": {"id": "7", "name": path[0], "options": options}}
    )


async def test_used_line_names_the_command_as_the_user_typed_it() -> None:
    """Discord's "used /…" line shows the names of the user's client language."""
    async with Emulator() as emu:
        emu.global_commands[7] = GAME
        italian = interaction("it", "game", "deck", "save")
        assert command_path(italian) == "game deck save"  # what the bot receives
        assert typed_command_path(emu, italian) == "gioco mazzo salva"
        # a level without a localization keeps its default name
        assert typed_command_path(emu, interaction("ja", "game", "deck", "save")) == (
            "ゲーム deck save"
        )
        assert typed_command_path(emu, interaction("en-US", "game", "deck", "list")) == (
            "game deck list"
        )
        emu.global_commands.clear()  # the command is gone: its default names
        assert typed_command_path(emu, italian) == "game deck save"


class PickerBot(discord.Client):
    """A client with one command per picker: a role, a mentionable and a channel option."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.seen: list[Any] = []

        @app_commands.command(name="badge", description="A role")
        async def badge(interaction: discord.Interaction, role: discord.Role) -> None:
            self.seen.append(role)
            await interaction.response.send_message(f"badge {role.name}")

        @app_commands.command(name="ping-who", description="A member or a role")
        async def ping_who(
            interaction: discord.Interaction, target: discord.Role | discord.Member
        ) -> None:
            self.seen.append(target)
            await interaction.response.send_message(f"target {target.name}")

        @app_commands.command(name="log-to", description="A text channel")
        async def log_to(interaction: discord.Interaction, channel: discord.TextChannel) -> None:
            self.seen.append(channel)
            await interaction.response.send_message(f"log {channel.name}")

        for command in (badge, ping_who, log_to):
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        await self.tree.sync()


def page_of(emu: Emulator, world: World) -> tuple[PlaygroundWeb, dict[str, Tab]]:
    """The page's server side over ``world``, and one tab per member (no browser: a tab's
    frames stay in its queue)."""
    page = PlaygroundWeb(emu, world.guild, world.channel, dict(world.users))
    tabs = {
        name: Tab(user=user, locale="en-US", ws=None)  # type: ignore[arg-type]
        for name, user in world.users.items()
    }
    page.tabs.update(tabs.values())
    return page, tabs


async def next_frame(tab: Tab, op: str) -> dict[str, Any]:
    """The next frame of kind ``op`` the tab would send to its page (AssertionError after 5 s)."""
    async with asyncio.timeout(5):
        while True:
            frame = await tab.queue.get()
            if frame is not None and frame.get("op") == op:
                return frame


async def test_pickers_send_ids_the_emulator_resolves(emulator: Emulator, world: World) -> None:
    """Role, mentionable and channel options: the page sends the id its picker chose (as
    Discord's client does) and the bot receives the role, member or channel."""
    role = emulator.create_role(world.guild, "Moderators", mentionable=True)
    page, tabs = page_of(emulator, world)
    async with running_client(emulator, PickerBot()) as bot:
        await emulator.wait_for_commands()
        ready = page.ready(tabs["alice"])
        assert [r["name"] for r in ready["guild_roles"]][-1] == "@everyone"
        assert {"id": str(role.id), "name": "Moderators", "color": 0, "managed": False} in ready[
            "guild_roles"
        ]
        sent = [
            ("badge", {"role": str(role.id)}, "badge Moderators"),
            ("ping-who", {"target": str(role.id)}, "target Moderators"),
            ("ping-who", {"target": str(world.user("bob").id)}, "target bob"),
            ("log-to", {"channel": str(world.channel.id)}, "log general"),
        ]
        for nonce, (name, options, answer) in enumerate(sent):
            page.handle(
                tabs["alice"],
                {
                    "op": "command",
                    "nonce": nonce,
                    "name": name,
                    "channel_id": str(world.channel.id),
                    "options": options,
                },
            )
            result = await next_frame(tabs["alice"], "result")
            assert result["status"] == "ok", result
            assert emulator.messages[int(result["message_id"])].content == answer
        assert isinstance(bot.seen[0], discord.Role) and bot.seen[0].id == role.id
        # free text where a role is expected is refused before reaching the bot
        page.handle(
            tabs["alice"],
            {
                "op": "command",
                "nonce": "x",
                "name": "badge",
                "channel_id": str(world.channel.id),
                "options": {"role": "Moderators"},
            },
        )
        result = await next_frame(tabs["alice"], "result")
        assert result["status"] == "error" and len(bot.seen) == 4


async def test_a_locked_thread_refuses_posts_and_says_so(
    emulator: Emulator, world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """bob (no Manage Threads) sees that a locked thread takes no post from him, and a post
    sent anyway is answered with an error (not lost in an unretrieved task exception); the
    member alice, given Manage Threads, may still post there (Discord "Thread Metadata Object":
    locked)."""
    emulator.set_channel_permissions(world.channel, world.user("alice"), allow=MANAGE_THREADS)
    thread = emulator.create_thread(world.channel, world.user("alice"), "BingoMagic #1 · a vs b")
    page, tabs = page_of(emulator, world)
    assert page.channel_json(thread, world.user("bob"))["send_block"] is None
    emulator.update_thread(thread, locked=True)
    assert page.channel_json(thread, world.user("bob"))["send_block"] == "thread_locked"
    assert page.channel_json(thread, world.user("alice"))["send_block"] is None
    before = len(emulator.channel_messages(thread))
    page.handle(
        tabs["bob"], {"op": "send", "nonce": 1, "channel_id": str(thread.id), "content": "gg"}
    )
    result = await next_frame(tabs["bob"], "result")
    assert result["status"] == "error" and result["code"] == "thread_locked"
    assert len(emulator.channel_messages(thread)) == before
    page.handle(
        tabs["alice"], {"op": "send", "nonce": 2, "channel_id": str(thread.id), "content": "gg"}
    )
    assert (await next_frame(tabs["alice"], "result"))["status"] == "ok"
    assert [m.content for m in emulator.channel_messages(thread)][before:] == ["gg"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_send_messages_is_needed_in_a_text_channel(emulator: Emulator, world: World) -> None:
    """A member denied Send Messages cannot post in a text channel (Discord "Permissions"),
    and the page knows why before they try."""
    bob = world.user("bob")
    emulator.set_channel_permissions(world.channel, bob, deny=SEND_MESSAGES)
    with pytest.raises(PermissionError):
        await world.driver("bob").send(world.channel, "hello")
    page, _tabs = page_of(emulator, world)
    assert page.channel_json(world.channel, bob)["send_block"] == "missing_permissions"
    assert page.channel_json(world.channel, world.user("alice"))["send_block"] is None
