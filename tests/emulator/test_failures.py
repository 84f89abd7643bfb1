"""Emulator tests: failures on demand, stale clicks, mentions, autocomplete and option bounds."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands

from emulator import Emulator
from emulator.permissions import MENTION_EVERYONE
from emulator_driver import UserDriver
from tests.emulator.fixtures import World, running_client
from tests.emulator.testbot import posts_messages


def step_view(n: int) -> discord.ui.View:
    """A "Next" button whose custom_id names step ``n`` (clicks are handled in on_interaction)."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Next", custom_id=f"step:{n}"))
    return view


class FaultBot(discord.Client):
    """A small bot whose commands exercise the behaviours under test."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.seen: dict[str, Any] = {}
        self.errors: list[discord.HTTPException] = []

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        self.seen["deleted_channel"] = channel.id

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        custom_id = (interaction.data or {}).get("custom_id", "")
        if interaction.type != discord.InteractionType.component or not custom_id.startswith(
            "step:"
        ):
            return
        assert interaction.message is not None
        current = int(interaction.message.content.split()[-1])
        if int(custom_id.split(":")[1]) != current:
            await interaction.response.send_message("stale", ephemeral=True)
            return
        await interaction.response.edit_message(
            content=f"step {current + 1}", view=step_view(current + 1)
        )

    async def setup_hook(self) -> None:
        tree = self.tree

        @tree.command(name="post", description="Posts text in the channel")
        async def post(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.send_message("posting", ephemeral=True)
            assert isinstance(interaction.channel, discord.abc.Messageable)
            try:
                self.seen["posted"] = await interaction.channel.send(text)
            except discord.HTTPException as exc:
                self.errors.append(exc)
            self.seen["post_done"] = True

        @tree.command(name="touch", description="Edits the posted message")
        async def touch(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("touching", ephemeral=True)
            try:
                await self.seen["posted"].edit(content="edited")
            except discord.HTTPException as exc:
                self.errors.append(exc)
            self.seen["touch_done"] = True

        @tree.command(name="say", description="Answers with text and a mention policy")
        @app_commands.choices(
            policy=[
                app_commands.Choice(name=n, value=n)
                for n in ("default", "none", "users", "everyone", "explicit", "roles")
            ]
        )
        async def say(interaction: discord.Interaction, text: str, policy: str) -> None:
            allowed = {
                "default": discord.utils.MISSING,
                "none": discord.AllowedMentions.none(),
                "users": discord.AllowedMentions(everyone=False, roles=False, users=True),
                "everyone": discord.AllowedMentions.all(),
                "explicit": discord.AllowedMentions(
                    everyone=False, roles=False, users=[interaction.user]
                ),
                "roles": discord.AllowedMentions(everyone=False, users=False, roles=True),
            }[policy]
            await interaction.response.send_message(text, allowed_mentions=allowed)

        @tree.command(name="steps", description="A message whose button changes on each click")
        async def steps(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("step 0", view=step_view(0))

        @tree.command(name="find", description="Autocomplete with a given name length")
        async def find(interaction: discord.Interaction, name: str) -> None:
            await interaction.response.send_message("found", ephemeral=True)

        @find.autocomplete("name")
        async def find_autocomplete(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            size = int(current or "1")
            return [app_commands.Choice(name="n" * size, value="v")]

        @tree.command(name="bounded", description="Options with declared bounds")
        async def bounded(
            interaction: discord.Interaction,
            count: app_commands.Range[int, 1, 10],
            word: app_commands.Range[str, 2, 5],
            free: str = "",
        ) -> None:
            await interaction.response.send_message(f"{count} {word} {len(free)}", ephemeral=True)

        await tree.sync()


@pytest_asyncio.fixture
async def fbot(emulator: Emulator, world: World) -> AsyncIterator[FaultBot]:
    """The fault bot, logged in with its commands synced."""
    async with running_client(emulator, FaultBot()) as client:
        await emulator.wait_for_commands()
        yield client


async def _post(alice: UserDriver, world: World, fbot: FaultBot, text: str) -> None:
    """``/post text`` by ``alice`` in the world's channel, once the bot has handled it."""
    await alice.slash(world.channel, "post", text=text)
    await world.emu.wait_for(lambda: fbot.seen.get("post_done"))


# ---------------------------------------------------------------- failures on demand
async def test_revoked_send_messages_forbids_new_posts_only(
    emulator: Emulator, world: World, fbot: FaultBot
) -> None:
    alice = world.driver("alice")
    await _post(alice, world, fbot, "before")
    emulator.revoke_send_messages(world.channel)
    await emulator.wait_for(
        lambda: (
            not fbot.get_channel(world.channel.id)
            .permissions_for(  # type: ignore[union-attr]
                fbot.get_guild(world.guild.id).me  # type: ignore[union-attr]
            )
            .send_messages
        ),
        message="CHANNEL_UPDATE reached the bot",
    )
    fbot.seen.pop("post_done")
    rec = await alice.slash(world.channel, "post", text="after")
    assert rec.acknowledged  # interaction responses need no Send Messages
    await emulator.wait_for(lambda: fbot.seen.get("post_done"))
    assert [(e.status, e.code) for e in fbot.errors] == [(403, 50013)]
    await alice.slash(world.channel, "touch")  # editing its own message still works
    await emulator.wait_for(lambda: fbot.seen.get("touch_done"))
    assert fbot.seen["posted"].content == "before"
    assert emulator.messages[fbot.seen["posted"].id].content == "edited"
    assert len(fbot.errors) == 1
    emulator.restore_send_messages(world.channel)
    fbot.seen.pop("post_done")
    await _post(alice, world, fbot, "again")
    assert len(fbot.errors) == 1
    assert alice.last_message(world.channel).content == "again"


async def test_deleted_channel_is_unknown_and_dispatched(
    emulator: Emulator, world: World, fbot: FaultBot
) -> None:
    alice = world.driver("alice")
    await _post(alice, world, fbot, "hello")
    posted = fbot.seen["posted"]
    emulator.delete_channel(world.channel)
    await emulator.wait_for(lambda: fbot.seen.get("deleted_channel") == world.channel.id)
    with pytest.raises(discord.NotFound) as caught:
        await posted.edit(content="x")
    assert caught.value.code == 10003
    with pytest.raises(discord.NotFound) as caught:
        await posted.channel.send("x")
    assert caught.value.code == 10003
    with pytest.raises(LookupError):
        await alice.slash(world.channel, "post", text="gone")
    assert emulator.messages[posted.id].deleted


async def test_fail_route_transient_and_lasting(
    emulator: Emulator, world: World, fbot: FaultBot
) -> None:
    alice = world.driver("alice")
    transient = emulator.fail_route(posts_messages, status=500, count=1)
    await alice.slash(world.channel, "post", text="retried")
    await emulator.wait_for(lambda: fbot.seen.get("post_done"), timeout=10)
    assert len(transient.failed) == 1 and not transient.active
    assert fbot.errors == [] and alice.last_message(world.channel).content == "retried"

    lasting = emulator.fail_route(posts_messages, status=503)  # discord.py does not retry a 503
    fbot.seen.pop("post_done")
    await _post(alice, world, fbot, "lost")
    assert [(e.status, type(e)) for e in fbot.errors] == [(503, discord.DiscordServerError)]
    assert lasting.active and len(lasting.failed) == 1
    lasting.stop()
    fbot.seen.pop("post_done")
    await _post(alice, world, fbot, "back")
    assert alice.last_message(world.channel).content == "back"


async def test_a_repeated_nonce_with_enforce_nonce_returns_the_first_message(
    emulator: Emulator, world: World, fbot: FaultBot
) -> None:
    """Discord "Create Message": with ``enforce_nonce``, a nonce the same author used in
    the past few minutes returns that message and creates none; without it, no check."""
    alice = world.driver("alice")
    channel = fbot.get_partial_messageable(world.channel.id)
    first = await channel.send("once", nonce="board-1")  # discord.py sets enforce_nonce
    again = await channel.send("once more", nonce="board-1")
    assert again.id == first.id and again.content == "once" and first.nonce == "board-1"
    assert [m.content for m in alice.messages(world.channel)] == ["once"]

    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
    for text in ("free 1", "free 2"):  # a nonce without enforce_nonce is only echoed
        await fbot.http.request(route, json={"content": text, "nonce": "board-1"})
    assert [m.content for m in alice.messages(world.channel)] == ["once", "free 1", "free 2"]

    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("long", nonce="n" * 26)  # up to 25 characters
    assert (caught.value.status, caught.value.code) == (400, 50035)
    emulator.take_problems()

    deleted = await channel.send("deleted", nonce="board-2")
    await deleted.delete()
    with pytest.raises(discord.NotFound) as gone:
        await channel.send("after the delete", nonce="board-2")
    assert gone.value.code == 10008
    assert [m.content for m in alice.messages(world.channel)] == ["once", "free 1", "free 2"]


@pytest.mark.parametrize("drop", [False, True], ids=["503", "dropped"])
async def test_a_create_carried_out_then_failed(
    emulator: Emulator, world: World, fbot: FaultBot, drop: bool
) -> None:
    """``applied``: the message is created (everyone sees it) and only the answer fails,
    a 503 or a dropped connection; the same nonce again returns it. Without ``applied``
    nothing is created."""
    alice = world.driver("alice")
    channel = fbot.get_partial_messageable(world.channel.id)
    failure = emulator.fail_route(posts_messages, status=503, count=1, applied=True, drop=drop)
    failed = (aiohttp.ClientError,) if drop else (discord.DiscordServerError,)
    with pytest.raises(failed):
        await channel.send("done", nonce="result-7")
    assert len(failure.failed) == 1 and not failure.active
    assert [m.content for m in alice.messages(world.channel)] == ["done"]
    again = await channel.send("done", nonce="result-7")
    assert again.id == alice.last_message(world.channel).id
    assert [m.content for m in alice.messages(world.channel)] == ["done"]

    emulator.fail_route(posts_messages, status=503, count=1, drop=drop)
    with pytest.raises(failed):
        await channel.send("not done", nonce="result-8")
    assert [m.content for m in alice.messages(world.channel)] == ["done"]


async def test_a_failure_can_pick_requests_by_body(
    emulator: Emulator, world: World, fbot: FaultBot
) -> None:
    """``body_filter`` sees the JSON body: only the matching create fails."""
    channel = fbot.get_partial_messageable(world.channel.id)
    failure = emulator.fail_route(
        posts_messages, status=503, body_filter=lambda body: body.get("content") == "fails"
    )
    await channel.send("passes")
    with pytest.raises(discord.DiscordServerError):
        await channel.send("fails")
    assert [r.json["content"] for r in failure.failed] == ["fails"]


# ---------------------------------------------------------------- stale clicks
async def test_click_on_an_older_version_of_a_message(
    emulator: Emulator, world: World, fbot: FaultBot
) -> None:
    alice, bob = world.driver("alice"), world.driver("bob")
    rec = await alice.slash(world.channel, "steps")
    message = rec.message
    assert message is not None
    seen_by_bob = bob.look(message)  # bob's client shows step 0 ...
    await alice.click(message, "Next")  # ... when alice's click moves it to step 1
    assert emulator.messages[message.id].content == "step 1"
    stale = await bob.click(seen_by_bob, "Next")
    assert stale.payload["data"]["custom_id"] == "step:0"
    assert stale.payload["message"]["content"] == "step 1"  # the message as it is now
    assert stale.message is not None and stale.message.content == "stale"
    assert stale.message.ephemeral
    older = bob.look(message, version=0)
    assert older.components[0]["components"][0]["custom_id"] == "step:0"


# ---------------------------------------------------------------- mentions
async def test_mentions_follow_allowed_mentions(
    emulator: Emulator, world: World, fbot: FaultBot
) -> None:
    alice, bob = world.user("alice"), world.user("bob")
    role = emulator.create_role(world.guild, "players")
    driver = world.driver("alice")
    text = f"@everyone <@&{role.id}> <@{bob.id}> <@!{alice.id}>"

    await driver.slash(world.channel, "say", text=text, policy="none")
    assert emulator.pings == []
    msg = driver.last_message(world.channel)
    assert msg.mention_ids == [] and not msg.mention_everyone

    await driver.slash(world.channel, "say", text=text, policy="default")
    ping = emulator.pings[-1]
    assert set(ping.users) == {alice.id, bob.id} and ping.roles == (role.id,) and ping.everyone

    await driver.slash(world.channel, "say", text=text, policy="users")
    assert set(emulator.pings[-1].users) == {alice.id, bob.id}
    assert emulator.pings[-1].roles == () and not emulator.pings[-1].everyone

    await driver.slash(world.channel, "say", text=text, policy="explicit")
    assert emulator.pings[-1].users == (alice.id,)

    with pytest.raises(AssertionError, match="bob"):
        emulator.assert_no_pings(users=[alice])
    emulator.assert_no_pings(users=[alice, bob], roles=[role], everyone=True)


async def test_everyone_and_roles_need_mention_everyone(
    emulator: Emulator, world: World, fbot: FaultBot
) -> None:
    emulator.set_channel_permissions(world.channel, emulator.bot_user, deny=MENTION_EVERYONE)
    role = emulator.create_role(world.guild, "quiet")
    loud = emulator.create_role(world.guild, "loud")
    loud.mentionable = True
    driver = world.driver("alice")
    text = f"@here <@&{role.id}> <@&{loud.id}>"
    await driver.slash(world.channel, "say", text=text, policy="everyone")
    ping = emulator.take_pings()[-1]
    assert not ping.everyone and ping.roles == (loud.id,)
    emulator.set_channel_permissions(world.channel, emulator.bot_user)
    await driver.slash(world.channel, "say", text=text, policy="roles")
    assert set(emulator.take_pings()[-1].roles) == {role.id, loud.id}


# ---------------------------------------------------------------- autocomplete, bounds
async def test_autocomplete_choice_names_are_limited(
    emulator: Emulator, world: World, fbot: FaultBot
) -> None:
    alice = world.driver("alice")
    assert await alice.autocomplete(world.channel, "find", focused="name", name="100")
    with pytest.raises(AssertionError, match="did not answer"):
        await alice.autocomplete(world.channel, "find", focused="name", name="101")
    problems = emulator.take_problems()
    assert len(problems) == 2  # the 400/50035 and the unanswered autocomplete
    assert "data.choices.0.name" in problems[0]


async def test_driver_refuses_values_past_declared_bounds(
    emulator: Emulator, world: World, fbot: FaultBot
) -> None:
    alice = world.driver("alice")
    for options in (
        {"count": 0, "word": "ab"},
        {"count": 11, "word": "ab"},
        {"count": 5, "word": "a"},
        {"count": 5, "word": "abcdef"},
        {"count": 5, "word": "abc", "free": "x" * 6001},
    ):
        with pytest.raises(ValueError):
            await alice.slash(world.channel, "bounded", **options)
    with pytest.raises(ValueError):
        await alice.slash(world.channel, "say", text="x", policy="shout")
    rec = await alice.slash(world.channel, "bounded", count=10, word="abcde", free="\x00" * 6000)
    assert rec.message is not None and rec.message.content == "10 abcde 6000"
