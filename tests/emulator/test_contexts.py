"""The emulator's interaction contexts and installation types, as Discord documents them
("Application Commands": Contexts, Installation Context; "Interaction Object": ``context``,
``authorizing_integration_owners``): a command's ``contexts`` and ``integration_types``
stored and returned by the command sync, the ``/`` menu of a guild, the bot's DM and a group
DM, a user install, and group DMs the bot is not in (its REST requests there fail with
403/50001 while its interaction answers work)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands

from emulator import Emulator
from emulator.models import Channel
from emulator_driver import UserDriver
from tests.emulator.fixtures import World, running_client


class ContextBot(discord.Client):
    """A bot with one command per kind of availability; ``/where`` reports what discord.py
    read from the interaction, then tries to post in the channel by itself."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.seen: list[discord.Interaction] = []
        self.post_errors: list[tuple[int, int]] = []

        @app_commands.command(name="where", description="Where am I?")
        @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
        @app_commands.allowed_installs(guilds=True, users=True)
        async def where(interaction: discord.Interaction) -> None:
            self.seen.append(interaction)
            context = interaction.context
            kind = "guild" if context.guild else "dm" if context.dm_channel else "private"
            await interaction.response.send_message(
                f"{kind} guild-install={interaction.is_guild_integration()} "
                f"user-install={interaction.is_user_integration()}"
            )
            channel = interaction.channel
            assert isinstance(channel, discord.abc.Messageable)
            try:
                await channel.send("posted by myself")
            except discord.HTTPException as error:
                self.post_errors.append((error.status, error.code))
            await interaction.followup.send("a follow-up", ephemeral=True)

        @app_commands.command(name="server", description="Guild only")
        @app_commands.guild_only()
        async def server(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("server")

        @app_commands.command(name="botdm", description="The bot's DM only")
        @app_commands.dm_only()
        async def botdm(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("botdm")

        @app_commands.command(name="plain", description="No contexts given")
        async def plain(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("plain")

        for command in (where, server, botdm, plain):
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        await self.tree.sync()


@pytest_asyncio.fixture
async def context_bot(emulator: Emulator, world: World) -> AsyncIterator[ContextBot]:
    async with running_client(emulator, ContextBot()) as client:
        await emulator.wait_for_commands()
        yield client


@pytest.fixture
def group_dm(emulator: Emulator, world: World) -> Channel:
    """A group DM of alice (who installed the app to her account), bob and carol, who
    shares no guild with the bot."""
    carol = emulator.create_user("carol")
    emulator.install_app(world.user("alice"))
    return emulator.create_group_dm(world.user("alice"), world.user("bob"), carol, name="pals")


async def test_sync_stores_and_returns_contexts_and_integration_types(
    emulator: Emulator, context_bot: ContextBot
) -> None:
    """What the bot registered comes back from GET .../commands as it was sent."""
    url = f"{emulator.api_base}/applications/{emulator.application_id}/commands"
    headers = {"Authorization": f"Bot {emulator.bot_token}"}
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers) as response:
        assert response.status == 200
        commands = {c["name"]: c for c in await response.json()}
    assert sorted(commands["where"]["contexts"]) == [0, 1, 2]
    assert sorted(commands["where"]["integration_types"]) == [0, 1]
    assert commands["server"]["contexts"] == [0]
    assert commands["botdm"]["contexts"] == [1]
    assert commands["plain"]["integration_types"] == [0]


async def test_menu_per_context_and_install(
    emulator: Emulator, world: World, context_bot: ContextBot, group_dm: Channel
) -> None:
    """The ``/`` menu offers in each place only the commands allowed there: the group DM
    only the user-installable command, and only to the member who installed the app."""
    alice, bob = world.driver("alice"), world.driver("bob")
    assert alice.menu(world.channel) == ["plain", "server", "where"]
    assert alice.menu(None) == ["botdm", "plain", "where"]
    assert alice.menu(group_dm) == ["where"]
    assert bob.menu(group_dm) == []
    with pytest.raises(LookupError, match="not installed here"):
        await bob.slash(group_dm, "where")
    with pytest.raises(LookupError, match="not installed here"):
        await alice.slash(group_dm, "plain")
    with pytest.raises(LookupError, match="contexts"):
        await alice.slash(None, "server")
    with pytest.raises(LookupError, match="contexts"):
        await alice.slash(world.channel, "botdm")


async def test_interaction_context_and_owners(
    emulator: Emulator, world: World, context_bot: ContextBot, group_dm: Channel
) -> None:
    """``context`` is 0 in a guild, 1 in the bot's DM, 2 in a group DM; the owners name the
    guild (``"0"`` in the bot's DM) for the guild install and the user for the user install."""
    alice = world.driver("alice")
    in_guild = await alice.slash(world.channel, "where")
    in_dm = await alice.slash(None, "where")
    in_group = await alice.slash(group_dm, "where")
    assert [r.payload["context"] for r in (in_guild, in_dm, in_group)] == [0, 1, 2]
    alice_id = str(world.user("alice").id)
    assert in_guild.payload["authorizing_integration_owners"] == {
        "0": str(world.guild.id),
        "1": alice_id,
    }
    assert in_dm.payload["authorizing_integration_owners"] == {"0": "0", "1": alice_id}
    assert in_group.payload["authorizing_integration_owners"] == {"1": alice_id}
    assert in_group.payload["channel"]["type"] == 3 and "guild_id" not in in_group.payload
    answers = [(await r.wait_for_response()).content for r in (in_guild, in_dm, in_group)]
    assert answers == [
        "guild guild-install=True user-install=True",
        "dm guild-install=False user-install=True",
        "private guild-install=False user-install=True",
    ]
    plain = await alice.slash(world.channel, "plain")
    assert plain.payload["authorizing_integration_owners"] == {"0": str(world.guild.id)}


async def test_a_user_install_without_a_guild_in_common(
    emulator: Emulator, world: World, context_bot: ContextBot
) -> None:
    """A user in no guild of the bot's who installed the app uses its user-installable
    commands in the bot's DM, authorized by their own install."""
    dora = emulator.create_user("dora")
    emulator.install_app(dora)
    driver = UserDriver(emulator, dora)
    assert "where" in driver.menu(None)
    record = await driver.slash(None, "where")
    assert record.payload["authorizing_integration_owners"]["1"] == str(dora.id)
    assert (await record.wait_for_response()).content.startswith("dm ")


async def test_group_dm_takes_interaction_answers_but_refuses_the_bots_posts(
    emulator: Emulator, world: World, context_bot: ContextBot, group_dm: Channel
) -> None:
    """In a group DM the bot is not in, its answer and follow-up appear (the follow-up only
    to alice), its own post gets 403/50001 Missing Access, and no gateway event of the
    channel reaches it."""
    alice, bob = world.driver("alice"), world.driver("bob")
    record = await alice.slash(group_dm, "where")
    answer = await record.wait_for_response()
    await emulator.wait_for(lambda: context_bot.post_errors and record.followups)
    assert context_bot.post_errors == [(403, 50001)]
    assert not answer.ephemeral and bob.can_see(answer)
    [followup] = record.followups
    assert alice.can_see(followup) and not bob.can_see(followup)
    assert all(
        m.author.id != emulator.bot_user.id or m.interaction_id for m in bob.messages(group_dm)
    )
    seen_by_bot: list[Any] = []

    @context_bot.event
    async def on_message(message: discord.Message) -> None:
        seen_by_bot.append(message)

    await bob.send(group_dm, "hello pals")
    await emulator.settle()
    assert seen_by_bot == []
    with pytest.raises(LookupError):
        UserDriver(emulator, emulator.create_user("eve")).messages(group_dm)


async def test_a_user_install_in_a_guild_without_the_bot(
    emulator: Emulator, world: World, context_bot: ContextBot
) -> None:
    """In a guild the bot is not in, only a member who installed the app is offered its
    user-installable commands; the interaction is authorized by their install alone, and
    none of the guild's events reach the bot."""
    alice, bob = world.user("alice"), world.user("bob")
    other = emulator.create_guild("Elsewhere", with_bot=False)
    lounge = emulator.create_text_channel(other, "lounge")
    for user in (alice, bob):
        emulator.add_member(other, user)
    emulator.install_app(alice)
    assert world.driver("alice").menu(lounge) == ["where"]
    assert world.driver("bob").menu(lounge) == []
    seen: list[discord.Message] = []

    @context_bot.event
    async def on_message(message: discord.Message) -> None:
        seen.append(message)

    await world.driver("bob").send(lounge, "hi")
    record = await world.driver("alice").slash(lounge, "where")
    assert record.payload["context"] == 0
    assert record.payload["authorizing_integration_owners"] == {"1": str(alice.id)}
    answer = await record.wait_for_response()
    assert answer.content == "guild guild-install=False user-install=True"
    await emulator.wait_for(lambda: context_bot.post_errors)
    assert context_bot.post_errors == [(404, 10003)]
    await emulator.settle()
    assert seen == []
