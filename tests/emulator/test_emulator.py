"""End-to-end tests of the Discord emulator with a small discord.py bot defined here."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from bot.endpoints import DISCORD_API_BASE, DISCORD_GATEWAY, point_discord_at
from bot.playground import Emulator
from tests.emulator.fixtures import World, running_client

REPO_ROOT = Path(__file__).resolve().parents[2]


class CounterButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"counter:(?P<n>\d+)"):
    """A stateless counter button whose state lives in its custom_id."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count: {n}", custom_id=f"counter:{n}", style=discord.ButtonStyle.primary
            )
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(self.n + 1))
        await interaction.response.edit_message(content=f"count is {self.n + 1}", view=view)


class VoteView(discord.ui.View):
    """Accept/Decline buttons; answering removes the buttons."""

    @discord.ui.button(label="Accept", style=discord.ButtonStyle.success)
    async def accept(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.edit_message(
            content=f"accepted by {interaction.user.name}", view=None
        )

    @discord.ui.button(label="Decline", style=discord.ButtonStyle.danger, disabled=True)
    async def decline(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.edit_message(content="declined", view=None)


class LandSelect(discord.ui.View):
    """A multi-select of basic lands."""

    @discord.ui.select(
        placeholder="Pick lands",
        min_values=1,
        max_values=2,
        options=[
            discord.SelectOption(label="Plains", value="w"),
            discord.SelectOption(label="Island", value="u"),
            discord.SelectOption(label="Swamp", value="b"),
        ],
    )
    async def lands(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_message(f"picked {','.join(select.values)}", ephemeral=True)


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    """A modal with one short and one optional long text input."""

    name: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Name", custom_id="name", max_length=20
    )
    text: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Text", custom_id="text", style=discord.TextStyle.long, required=False
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"thanks {self.name.value}: {self.text.value or '-'}"
        )


class PanelView(discord.ui.View):
    """A button that defers the update (type 6) and then edits the message via the webhook."""

    @discord.ui.button(label="Refresh")
    async def refresh(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="refreshed", view=None)


class EmuTestBot(commands.Bot):
    """The bot under test: one command per emulator behaviour."""

    def __init__(self, guild_id: int) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        super().__init__(command_prefix="!", intents=intents, guild_ready_timeout=0.05)
        self.guild_id = guild_id
        self.seen: dict[str, Any] = {}

        @commands.command(name="hello")
        async def hello(ctx: commands.Context[EmuTestBot]) -> None:
            await ctx.reply("hi there")

        self.add_command(hello)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.seen.setdefault("deleted", []).append(payload.message_id)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(CounterButton)
        for command in build_commands(self):
            self.tree.add_command(command)
        await self.tree.sync()

        @app_commands.command(name="guildping", description="Guild-only ping")
        async def guildping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("guild pong")

        guild = discord.Object(self.guild_id)
        self.tree.add_command(guildping, guild=guild)
        await self.tree.sync(guild=guild)


def build_commands(bot: EmuTestBot) -> list[Any]:
    """The global slash commands of the test bot."""

    @app_commands.command(name="ping", description="Ping")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    duel = app_commands.Group(name="duel", description="Duels")

    @duel.command(name="challenge", description="Challenge someone")
    async def challenge(
        interaction: discord.Interaction, opponent: discord.Member, rounds: int = 3
    ) -> None:
        bot.seen["opponent"] = opponent
        await interaction.response.send_message(
            f"{interaction.user.mention} challenges {opponent.mention} to {rounds} rounds"
        )

    @app_commands.command(name="secret", description="Ephemeral reply")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("psst, only you", ephemeral=True)

    @app_commands.command(name="slow", description="Defer then follow up")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)
        await interaction.followup.send("done thinking")
        await interaction.followup.send("and one more")

    @app_commands.command(name="vote", description="Buttons")
    async def vote(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Do you accept?", view=VoteView())

    @app_commands.command(name="counter", description="Dynamic item")
    async def counter(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(0))
        await interaction.response.send_message("count is 0", view=view)

    @app_commands.command(name="lands", description="Select")
    async def lands(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Choose", view=LandSelect())

    @app_commands.command(name="feedback", description="Modal")
    async def feedback(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(FeedbackModal())

    @app_commands.command(name="dm", description="DM someone")
    async def dm(interaction: discord.Interaction, target: discord.User) -> None:
        try:
            await target.send("hello from the bot")
        except discord.Forbidden as exc:
            bot.seen["dm_error"] = exc
            await interaction.response.send_message(f"dm failed ({exc.code})", ephemeral=True)
        else:
            await interaction.response.send_message("dm sent", ephemeral=True)

    @app_commands.command(name="draft", description="Post then edit")
    async def draft(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.abc.Messageable)
        message = await interaction.channel.send("draft one")
        await message.edit(content="draft two")
        await interaction.response.send_message("edited", ephemeral=True)

    @app_commands.command(name="late", description="Answers after the deadline")
    async def late(interaction: discord.Interaction) -> None:
        await asyncio.sleep(3.2)
        try:
            await interaction.response.send_message("too late")
        except discord.NotFound as exc:
            bot.seen["late_error"] = exc

    @app_commands.command(name="double", description="Acknowledges twice")
    async def double(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        try:
            await discord.InteractionResponse(interaction).send_message("second")
        except discord.HTTPException as exc:
            bot.seen["double_error"] = exc

    @app_commands.command(name="probe", description="Calls an unknown REST route")
    async def probe(interaction: discord.Interaction) -> None:
        try:
            await bot.http.request(Route("GET", "/emulator/does-not-exist"))
        except discord.NotFound as exc:
            bot.seen["probe_error"] = exc
        await interaction.response.send_message("probed", ephemeral=True)

    @app_commands.command(name="amend", description="Edits its response and follow-ups")
    async def amend(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first answer")
        original = await interaction.original_response()
        bot.seen["original"] = original.content
        await interaction.edit_original_response(content="second answer")
        kept = await interaction.followup.send("note", wait=True)
        await kept.edit(content="note (edited)")
        gone = await interaction.followup.send("oops", wait=True)
        await gone.delete()

    @app_commands.command(name="whisper", description="Ephemeral deferral")
    async def whisper(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("quiet result", ephemeral=True)

    @app_commands.command(name="panel", description="Deferred component update")
    async def panel(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("stale", view=PanelView())

    @app_commands.command(name="land", description="Autocomplete")
    async def land(interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(f"land {name}")

    @land.autocomplete("name")
    async def land_autocomplete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
        return [
            app_commands.Choice(name=n, value=n) for n in names if n.lower().startswith(current)
        ]

    @app_commands.context_menu(name="Inspect")
    async def inspect(interaction: discord.Interaction, member: discord.Member) -> None:
        await interaction.response.send_message(f"inspecting {member.name}", ephemeral=True)

    @app_commands.command(name="upload", description="Sends a file")
    async def upload(interaction: discord.Interaction) -> None:
        data = io.BytesIO(b"deck list")
        await interaction.response.send_message("here", file=discord.File(data, "deck.txt"))

    @app_commands.command(name="shout", description="Sends an over-long message")
    async def shout(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("A" * 2001)
        except discord.HTTPException as exc:
            bot.seen["shout_error"] = exc
            await interaction.response.send_message("too long", ephemeral=True)

    return [
        ping, duel, secret, slow, vote, counter, lands, feedback, dm, draft, late, double, probe,
        amend, whisper, panel, land, inspect, upload, shout, *build_fault_commands(bot),
    ]  # fmt: skip


def build_fault_commands(bot: EmuTestBot) -> list[Any]:
    """Commands used by the fault-injection tests (rate limits, holds, deletions, latency)."""

    def text_channel(interaction: discord.Interaction) -> discord.abc.Messageable:
        assert isinstance(interaction.channel, discord.abc.Messageable)
        return interaction.channel

    @app_commands.command(name="spam", description="Sends messages one after another")
    async def spam(interaction: discord.Interaction, count: int) -> None:
        await interaction.response.send_message("spamming", ephemeral=True)
        started = time.monotonic()
        for i in range(count):
            await text_channel(interaction).send(f"spam {i}")
        bot.seen["spam_elapsed"] = time.monotonic() - started

    @app_commands.command(name="fanout", description="Posts in every text channel at once")
    async def fanout(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("fanning out", ephemeral=True)
        assert interaction.guild is not None
        await asyncio.gather(*(c.send("fan") for c in interaction.guild.text_channels))
        bot.seen["fanout_done"] = True

    @app_commands.command(name="post", description="Posts a status message")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        bot.seen["posted"] = await text_channel(interaction).send("status")

    @app_commands.command(name="touch", description="Edits and fetches the status message")
    async def touch(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("touching", ephemeral=True)
        posted: discord.Message = bot.seen["posted"]
        try:
            await posted.edit(content="status (edited)")
        except discord.NotFound as exc:
            bot.seen["edit_error"] = exc
        try:
            await text_channel(interaction).fetch_message(posted.id)
        except discord.NotFound as exc:
            bot.seen["fetch_error"] = exc

    @app_commands.command(name="status", description="Answers and remembers the interaction")
    async def status(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("status board")
        bot.seen["status_interaction"] = interaction

    @app_commands.command(name="restatus", description="Edits the /status answer")
    async def restatus(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("updating", ephemeral=True)
        try:
            await bot.seen["status_interaction"].edit_original_response(content="new board")
        except discord.NotFound as exc:
            bot.seen["restatus_error"] = exc

    @app_commands.command(name="nap", description="Answers after a short nap")
    async def nap(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.3)
        await interaction.response.send_message("yawn")

    return [spam, fanout, post, touch, status, restatus, nap]


def _posts_messages(method: str, path: str) -> bool:
    """Route filter: creating channel messages."""
    return method == "POST" and re.fullmatch(r"/channels/\d+/messages", path) is not None


@pytest_asyncio.fixture
async def bot(emulator: Emulator, world: World) -> AsyncIterator[EmuTestBot]:
    """The test bot, logged in to the emulator with its commands synced."""
    async with running_client(emulator, EmuTestBot(world.guild.id)) as client:
        await emulator.wait_for_commands()
        yield client


async def test_login_and_global_command_sync(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """The bot logs in as the emulator's bot user and syncs its global commands."""
    assert bot.user is not None and bot.user.id == emulator.bot_user.id
    assert bot.get_guild(world.guild.id) is not None
    names = {c["name"] for c in emulator.commands()}
    assert {"ping", "duel", "secret", "feedback"} <= names
    assert "guildping" not in names


async def test_guild_command_sync(emulator: Emulator, world: World, bot: EmuTestBot) -> None:
    """Guild commands are stored per guild and usable only there."""
    await emulator.wait_for(lambda: emulator.commands(world.guild))
    assert [c["name"] for c in emulator.commands(world.guild)] == ["guildping"]
    rec = await world.driver("alice").slash(world.channel, "guildping")
    assert rec.message is not None and rec.message.content == "guild pong"
    with pytest.raises(LookupError):
        await world.driver("alice").slash(None, "guildping")


async def test_slash_command_with_user_option(world: World, bot: EmuTestBot) -> None:
    """A subcommand with a user option resolves the option to a Member."""
    alice, bob = world.user("alice"), world.user("bob")
    rec = await world.driver("alice").slash(world.channel, "duel challenge", opponent=bob, rounds=5)
    assert rec.acknowledged and rec.response_type == 4
    assert rec.message is not None
    assert rec.message.content == f"{alice.mention} challenges {bob.mention} to 5 rounds"
    assert isinstance(bot.seen["opponent"], discord.Member)
    assert bot.seen["opponent"].id == bob.id


async def test_ephemeral_reply(world: World, bot: EmuTestBot) -> None:
    """An ephemeral reply is stored with flags 64 and visible only to the invoker."""
    alice = world.driver("alice")
    rec = await alice.slash(world.channel, "secret")
    assert rec.message is not None and rec.message.ephemeral
    assert rec.message.flags & 64
    assert rec.message.visible_to == frozenset({world.user("alice").id})
    assert alice.ephemerals(world.channel) == [rec.message]


async def test_deferral_then_followup(world: World, bot: EmuTestBot) -> None:
    """A deferral shows "thinking", the first follow-up completes it, the second is new."""
    alice = world.driver("alice")
    rec = await alice.slash(world.channel, "slow")
    assert rec.response_type == 5
    response = await rec.wait_for_response()
    assert response.content == "done thinking"
    assert response.history and response.history[0].flags & 128
    await alice.wait_for_message(world.channel, lambda m: m.content == "and one more")
    assert [m.content for m in rec.followups] == ["and one more"]


async def test_view_button(world: World, bot: EmuTestBot) -> None:
    """Clicking a View button updates the message (type 7) and removes the buttons."""
    alice = world.driver("alice")
    rec = await alice.slash(world.channel, "vote")
    assert rec.message is not None
    assert alice.buttons(rec.message) == [("Accept", False), ("Decline", True)]
    with pytest.raises(LookupError):
        await alice.click(rec.message, "Decline")
    click = await alice.click(rec.message, "Accept")
    assert click.response_type == 7
    assert rec.message.content == "accepted by alice"
    assert rec.message.components == []


async def test_dynamic_item_button(world: World, bot: EmuTestBot) -> None:
    """A DynamicItem button is dispatched by custom_id template, click after click."""
    bob = world.driver("bob")
    rec = await world.driver("alice").slash(world.channel, "counter")
    assert rec.message is not None
    await bob.click(rec.message, "Count: 0")
    assert rec.message.content == "count is 1"
    await bob.click(rec.message, "Count: 1")
    assert rec.message.content == "count is 2"
    assert bob.buttons(rec.message) == [("Count: 2", False)]


async def test_select(world: World, bot: EmuTestBot) -> None:
    """Choosing options by label sends their values to the bot."""
    alice = world.driver("alice")
    rec = await alice.slash(world.channel, "lands")
    assert rec.message is not None
    pick = await alice.select(rec.message, ["Plains", "Island"])
    assert pick.message is not None and pick.message.content == "picked w,u"
    with pytest.raises(ValueError):
        await alice.select(rec.message, ["Plains", "Island", "Swamp"])


async def test_modal(world: World, bot: EmuTestBot) -> None:
    """A modal opened by a command is submitted and answered."""
    alice = world.driver("alice")
    rec = await alice.slash(world.channel, "feedback")
    assert rec.response_type == 9 and rec.modal is not None
    assert rec.modal["title"] == "Feedback"
    with pytest.raises(ValueError):
        await alice.submit_modal(rec, {"name": "x" * 21})
    submitted = await alice.submit_modal(rec, {"name": "Alice", "text": "great"})
    assert submitted.message is not None and submitted.message.content == "thanks Alice: great"


async def test_dm(world: World, bot: EmuTestBot) -> None:
    """The bot can DM a guild member; the DM lands in that user's DM channel."""
    rec = await world.driver("alice").slash(world.channel, "dm", target=world.user("bob"))
    assert rec.message is not None and rec.message.content == "dm sent"
    assert [m.content for m in world.driver("bob").dm_messages()] == ["hello from the bot"]


async def test_dm_to_closed_user_is_forbidden(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """A DM to a user with closed DMs raises discord.Forbidden with code 50007."""
    emulator.set_dms_closed(world.user("bob"))
    rec = await world.driver("alice").slash(world.channel, "dm", target=world.user("bob"))
    assert isinstance(bot.seen["dm_error"], discord.Forbidden)
    assert bot.seen["dm_error"].code == 50007
    assert rec.message is not None and rec.message.content == "dm failed (50007)"
    assert world.driver("bob").dm_messages() == []


async def test_message_edit_keeps_history(world: World, bot: EmuTestBot) -> None:
    """Editing a channel message keeps the previous version in its history."""
    alice = world.driver("alice")
    await alice.slash(world.channel, "draft")
    posted = await alice.wait_for_message(world.channel, lambda m: m.content == "draft two")
    assert [v.content for v in posted.history] == ["draft one"]
    assert posted.edited_at is not None
    assert "draft one" in alice.seen_text() and "draft two" in alice.seen_text()


async def test_visibility_per_user(world: World, bot: EmuTestBot) -> None:
    """Bob sees neither Alice's ephemeral replies nor her DMs."""
    alice, bob = world.driver("alice"), world.driver("bob")
    await alice.slash(world.channel, "secret")
    await bob.slash(world.channel, "dm", target=world.user("alice"))
    await alice.wait_for_message(None, lambda m: m.content == "hello from the bot")
    assert "psst, only you" in alice.seen_text()
    assert "psst, only you" not in bob.seen_text()
    assert "hello from the bot" not in bob.seen_text()
    assert all(not m.ephemeral or m.visible_for(bob.user.id) for m in bob.messages(world.channel))
    with pytest.raises(LookupError):
        bob.messages(world.emu.dm_channel(world.user("alice")))


async def test_unknown_route_is_a_problem(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """A request to an unimplemented route gets 404 and is recorded as a problem."""
    await world.driver("alice").slash(world.channel, "probe")
    assert bot.seen["probe_error"].status == 404
    problems = emulator.take_problems()
    assert problems == ["unknown route: GET /api/v10/emulator/does-not-exist"]


async def test_late_interaction_is_a_problem(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """An interaction answered after 3 s is recorded and the late callback gets 404/10062."""
    rec = await world.driver("alice").slash(world.channel, "late")
    assert not rec.acknowledged
    await emulator.wait_for(lambda: "late_error" in bot.seen)
    assert bot.seen["late_error"].code == 10062
    problems = emulator.take_problems()
    assert len(problems) == 1 and "not acknowledged within 3.0 s" in problems[0]


async def test_double_response_is_a_problem(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """A second callback for one interaction gets 400/40060 and is recorded."""
    rec = await world.driver("alice").slash(world.channel, "double")
    await emulator.wait_for(lambda: "double_error" in bot.seen)
    assert bot.seen["double_error"].code == 40060
    assert rec.callbacks == 2 and rec.message is not None and rec.message.content == "first"
    problems = emulator.take_problems()
    assert len(problems) == 1 and "acknowledged twice" in problems[0]


async def test_slash_in_dm(world: World, bot: EmuTestBot) -> None:
    """A global command used in the bot's DM replies into that DM."""
    alice = world.driver("alice")
    rec = await alice.slash(None, "ping")
    assert rec.message is not None and rec.message.content == "pong"
    assert alice.last_message() is rec.message


async def test_gateway_reconnect_resumes_and_replays(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """An interaction sent right after op 7 is replayed on RESUME and still handled."""
    assert await emulator.send_reconnect() == 1
    rec = await world.driver("alice").slash(world.channel, "ping")
    assert rec.acknowledged
    assert emulator.gateway.resume_count == 1
    assert emulator.gateway.identify_count == 1


async def test_invalid_session_reidentifies(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """After a non-resumable op 9 the bot identifies again and still works."""
    await emulator.send_invalid_session(resumable=False)
    await emulator.wait_for(lambda: emulator.gateway.identify_count == 2, timeout=10)
    await emulator.wait_for(lambda: emulator.gateway.connected_sessions())
    rec = await world.driver("alice").slash(world.channel, "ping")
    assert rec.acknowledged
    assert (emulator.gateway_connects, emulator.gateway_resumes) == (2, 0)


async def test_bad_token_is_refused(emulator: Emulator, world: World) -> None:
    """Logging in with the wrong token fails and is recorded as a problem."""
    client = discord.Client(intents=discord.Intents.none())
    point_discord_at(emulator.api_base, emulator.gateway_url)
    try:
        with pytest.raises(discord.LoginFailure):
            await client.login("wrong-token")
    finally:
        await client.close()
        point_discord_at(None, None)
    assert emulator.take_problems() == ["bad token on GET /users/@me"]


def test_point_discord_at_restores_defaults() -> None:
    """point_discord_at(None, None) restores discord.py's real endpoints."""
    point_discord_at("http://127.0.0.1:1/api/v10", "ws://127.0.0.1:1/gateway")
    assert Route("GET", "/users/@me").url == "http://127.0.0.1:1/api/v10/users/@me"
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:1/gateway"
    point_discord_at(None, None)
    assert Route.BASE == DISCORD_API_BASE == "https://discord.com/api/v10"
    assert discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY == DISCORD_GATEWAY
    with pytest.raises(ValueError):
        point_discord_at("ws://nope", None)


def test_cli_prints_connection_info() -> None:
    """``python -m bot.playground.standalone`` prints one JSON line and stops on SIGINT."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot.playground.standalone", "--users", "alice,bob"],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        info = json.loads(proc.stdout.readline())
        assert info["api_base"].startswith("http://127.0.0.1:")
        assert info["gateway_url"].startswith("ws://127.0.0.1:")
        assert set(info["users"]) == {"alice", "bob"}
        assert info["token"] == "emulator-token"
    finally:
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=10)
    assert proc.returncode == 0, stderr


async def test_edit_and_delete_through_interaction_webhook(world: World, bot: EmuTestBot) -> None:
    """The original response and follow-ups can be fetched, edited and deleted."""
    alice = world.driver("alice")
    rec = await alice.slash(world.channel, "amend")
    await world.emu.wait_for(lambda: len(rec.followups) == 2 and rec.followups[1].deleted)
    assert bot.seen["original"] == "first answer"
    assert rec.message is not None and rec.message.content == "second answer"
    assert [v.content for v in rec.message.history] == ["first answer"]
    assert [m.content for m in alice.messages(world.channel)] == ["second answer", "note (edited)"]
    assert "oops" in alice.seen_text()


async def test_ephemeral_deferral(world: World, bot: EmuTestBot) -> None:
    """An ephemeral deferral's follow-up completes the private "thinking" message."""
    alice, bob = world.driver("alice"), world.driver("bob")
    rec = await alice.slash(world.channel, "whisper")
    response = await rec.wait_for_response()
    assert response.content == "quiet result" and response.ephemeral
    assert bob.messages(world.channel) == []


async def test_component_deferred_update(world: World, bot: EmuTestBot) -> None:
    """A type-6 deferral followed by edit_original_response edits the component's message."""
    alice = world.driver("alice")
    rec = await alice.slash(world.channel, "panel")
    assert rec.message is not None
    click = await alice.click(rec.message, "Refresh")
    assert click.response_type == 6 and click.message is rec.message
    await world.emu.wait_for(lambda: rec.message is not None and rec.message.content == "refreshed")
    assert rec.message.components == []


async def test_autocomplete(world: World, bot: EmuTestBot) -> None:
    """Autocomplete returns the bot's choices for the focused option."""
    choices = await world.driver("alice").autocomplete(
        world.channel, "land", focused="name", name="s"
    )
    assert [c["value"] for c in choices] == ["Swamp"]


async def test_user_context_menu(world: World, bot: EmuTestBot) -> None:
    """A user context-menu command receives the target member."""
    rec = await world.driver("alice").user_command(world.channel, "Inspect", world.user("bob"))
    assert rec.message is not None and rec.message.content == "inspecting bob"


async def test_prefix_command_via_message_create(world: World, bot: EmuTestBot) -> None:
    """A user message is dispatched as MESSAGE_CREATE and a prefix command replies to it."""
    alice = world.driver("alice")
    sent = await alice.send(world.channel, "!hello")
    reply = await alice.wait_for_message(world.channel, lambda m: m.content == "hi there")
    assert reply.reference is not None and reply.reference["message_id"] == str(sent.id)


async def test_file_upload(emulator: Emulator, world: World, bot: EmuTestBot) -> None:
    """A multipart response with a file stores the attachment and its bytes."""
    rec = await world.driver("alice").slash(world.channel, "upload")
    assert rec.message is not None and rec.message.content == "here"
    [attachment] = rec.message.attachments
    assert attachment["filename"] == "deck.txt"
    assert emulator.attachment_data[int(attachment["id"])] == b"deck list"


async def test_invalid_message_is_rejected(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """Content over 2000 characters gets 400/50035 and is recorded as a problem."""
    rec = await world.driver("alice").slash(world.channel, "shout")
    assert bot.seen["shout_error"].code == 50035
    assert rec.message is not None and rec.message.content == "too long"
    [problem] = emulator.take_problems()
    assert "content: Must be 2000 or fewer in length." in problem


# ==================================================================== rate limits


async def test_rate_limit_429_is_retried(emulator: Emulator, world: World, bot: EmuTestBot) -> None:
    """Over the limit -> 429 with retry_after; discord.py sleeps, retries and succeeds."""
    for name in ("second", "third"):
        emulator.create_text_channel(world.guild, name)
    await emulator.wait_for(lambda: len(bot.get_guild(world.guild.id).text_channels) == 3)  # type: ignore[union-attr]
    emulator.rate_limit(_posts_messages, limit=2, per=0.5)
    await world.driver("alice").slash(world.channel, "fanout")
    await emulator.wait_for(lambda: bot.seen.get("fanout_done"))
    assert len(emulator.rate_limited) == 1
    assert _posts_messages(emulator.rate_limited[0].method, emulator.rate_limited[0].path)
    fans = [m for m in emulator.messages.values() if m.content == "fan"]
    assert len(fans) == 3 and len({m.channel_id for m in fans}) == 3
    assert emulator.invalid_requests == 1


async def test_rate_limit_headers_let_discord_py_pace_itself(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """Remaining/Reset-After headers make discord.py wait for the window instead of hitting 429."""
    emulator.rate_limit(_posts_messages, limit=2, per=0.4)
    await world.driver("alice").slash(world.channel, "spam", count=4)
    await emulator.wait_for(lambda: "spam_elapsed" in bot.seen)
    assert emulator.rate_limited == []
    assert bot.seen["spam_elapsed"] >= 0.35
    assert [m.content for m in world.driver("alice").messages(world.channel)][-4:] == [
        "spam 0",
        "spam 1",
        "spam 2",
        "spam 3",
    ]


async def test_burst_429_is_retried(
    emulator: Emulator, world: World, bot: EmuTestBot, caplog: pytest.LogCaptureFixture
) -> None:
    """The next N matching requests get 429 (with Via, so discord.py retries, not raises)."""
    caplog.set_level(logging.WARNING, logger="discord.http")
    burst = emulator.burst_429(2, retry_after=0.05, route_filter=_posts_messages)
    await world.driver("alice").slash(world.channel, "post")
    await emulator.wait_for(lambda: "posted" in bot.seen)
    assert burst.remaining == 0
    assert [(r.method, r.path) for r in emulator.rate_limited] == [
        ("POST", f"/channels/{world.channel.id}/messages")
    ] * 2
    assert [m.content for m in emulator.channel_messages(world.channel)].count("status") == 1
    assert emulator.invalid_requests == 2
    assert "Retrying in 0.05 seconds" in caplog.text


async def test_global_rate_limit_is_reported_as_global(
    emulator: Emulator, world: World, bot: EmuTestBot, caplog: pytest.LogCaptureFixture
) -> None:
    """A global_ limit answers {"global": true}; discord.py pauses every request for it."""
    caplog.set_level(logging.WARNING, logger="discord.http")
    emulator.create_text_channel(world.guild, "second")
    await emulator.wait_for(lambda: len(bot.get_guild(world.guild.id).text_channels) == 2)  # type: ignore[union-attr]
    emulator.rate_limit(_posts_messages, limit=1, per=0.5, global_=True)
    await world.driver("alice").slash(world.channel, "fanout")
    await emulator.wait_for(lambda: bot.seen.get("fanout_done"))
    assert len(emulator.rate_limited) == 1
    assert "Global rate limit has been hit" in caplog.text


async def test_default_rate_limit_spares_interaction_callbacks(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """With route_filter=None, interaction callbacks are not limited (Discord limits them
    separately), so a command is still acknowledged while everything else is throttled."""
    emulator.rate_limit(limit=0, per=60)
    rec = await world.driver("alice").slash(world.channel, "ping")
    assert rec.acknowledged and rec.message is not None and rec.message.content == "pong"
    assert emulator.rate_limited == []
    emulator.clear_rate_limits()
    assert emulator.rate_limits == [] and emulator.bursts == []


async def test_forbidden_counts_as_invalid_request(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """A 403 (DM to a user with closed DMs) counts toward the invalid-request limit."""
    emulator.set_dms_closed(world.user("bob"))
    before = emulator.invalid_requests
    await world.driver("alice").slash(world.channel, "dm", target=world.user("bob"))
    assert emulator.invalid_requests == before + 1


async def test_too_many_invalid_requests_is_a_problem(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """Exceeding invalid_request_limit (Discord: 10,000 per 10 minutes) is recorded."""
    emulator.invalid_request_limit = 1
    emulator.set_dms_closed(world.user("bob"))
    alice = world.driver("alice")
    for _ in range(2):
        await alice.slash(world.channel, "dm", target=world.user("bob"))
    [problem] = emulator.take_problems()
    assert "more than 1 invalid (401/403/429) requests" in problem


# ==================================================================== holding requests


def _posts_status(method: str, path: str, body: Any) -> bool:
    return (
        _posts_messages(method, path) and isinstance(body, dict) and body.get("content") == "status"
    )


async def test_hold_until_release(emulator: Emulator, world: World, bot: EmuTestBot) -> None:
    """A held request gets no answer (nothing happens) until release()."""
    hold = emulator.hold(_posts_status)
    await world.driver("alice").slash(world.channel, "post")
    held = await hold.wait_held()
    assert held.method == "POST" and held.json["content"] == "status"
    await emulator.settle()  # held requests do not count as in flight
    assert "posted" not in bot.seen
    assert "status" not in [m.content for m in emulator.channel_messages(world.channel)]
    assert hold.release() == 1
    await emulator.wait_for(lambda: "posted" in bot.seen)
    assert hold.dropped == [] and hold.held == [held]


async def test_hold_released_after_bot_is_gone(emulator: Emulator, world: World) -> None:
    """Releasing a request whose client disconnected drops it without crashing anything."""
    hold = emulator.hold(_posts_status)
    async with running_client(emulator, EmuTestBot(world.guild.id)):
        await emulator.wait_for_commands()
        await world.driver("alice").slash(world.channel, "post")
        await hold.wait_held()
    await emulator.wait_for(lambda: hold.orphans)
    assert hold.release() == 1
    await emulator.wait_for(lambda: hold.dropped)
    assert "status" not in [m.content for m in emulator.channel_messages(world.channel)]
    assert emulator.problems == []


async def test_held_callback_is_late(emulator: Emulator, world: World, bot: EmuTestBot) -> None:
    """A callback held past the ack deadline is recorded late; released, it gets 404/10062."""
    emulator.ack_deadline = 0.3
    hold = emulator.hold(lambda method, path, body: path.endswith("/callback"))
    rec = await world.driver("alice").slash(world.channel, "ping")
    assert not rec.acknowledged and rec.late
    assert (await hold.wait_held()).path == f"/interactions/{rec.id}/{rec.token}/callback"
    hold.release()
    await emulator.wait_for(lambda: rec.callbacks == 1)
    assert not rec.acknowledged and rec.message is None
    [problem] = emulator.take_problems()
    assert "not acknowledged within 0.3 s" in problem


# ==================================================================== deleting messages


async def test_user_deletes_own_message(world: World, bot: EmuTestBot) -> None:
    """A user deleting their own message dispatches MESSAGE_DELETE to the bot."""
    alice = world.driver("alice")
    sent = await alice.send(world.channel, "oops")
    await alice.delete(sent)
    assert sent.deleted and sent not in alice.messages(world.channel)
    await world.emu.wait_for(lambda: sent.id in bot.seen.get("deleted", []))


async def test_moderator_deletes_bot_message(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """Only MANAGE_MESSAGES holders delete others' messages; the bot then gets 404/10008 on
    edit and fetch, which is expected (not a problem)."""
    alice, bob = world.driver("alice"), world.driver("bob")
    await alice.slash(world.channel, "post")
    await emulator.wait_for(lambda: "posted" in bot.seen)
    posted = emulator.messages[bot.seen["posted"].id]
    with pytest.raises(PermissionError):
        await alice.delete(posted)
    moderators = emulator.create_role(world.guild, "mods", permissions=1 << 13)
    emulator.add_role(world.guild, world.user("bob"), moderators)
    await bob.delete(posted)
    await emulator.wait_for(lambda: posted.id in bot.seen.get("deleted", []))
    await alice.slash(world.channel, "touch")
    await emulator.wait_for(lambda: "fetch_error" in bot.seen)
    assert bot.seen["edit_error"].code == 10008 and bot.seen["fetch_error"].code == 10008
    assert emulator.problems == []


async def test_owner_deletes_interaction_response(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """The guild owner deletes a command's answer; editing it via the webhook gets 404/10008."""
    alice = world.driver("alice")
    rec = await alice.slash(world.channel, "status")
    assert rec.message is not None
    await emulator.wait_for(lambda: "status_interaction" in bot.seen)
    owner = emulator.user_driver(emulator.get_user(world.guild.owner_id))
    await owner.delete(rec.message)
    await alice.slash(world.channel, "restatus")
    await emulator.wait_for(lambda: "restatus_error" in bot.seen)
    assert bot.seen["restatus_error"].code == 10008
    assert rec.message.content == "status board" and emulator.problems == []


async def test_bot_dm_deleted_by_admin_action(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """Users cannot delete the bot's DMs; emu.delete_message does, and the bot is told."""
    bob = world.driver("bob")
    await world.driver("alice").slash(world.channel, "dm", target=world.user("bob"))
    [dm] = bob.dm_messages()
    with pytest.raises(PermissionError):
        await bob.delete(dm)
    emulator.delete_message(dm.id)
    assert bob.dm_messages() == []
    await emulator.wait_for(lambda: dm.id in bot.seen.get("deleted", []))


# ==================================================================== gateway faults


async def test_resume_delivers_interactions_created_while_disconnected(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """After op 7 the bot resumes and gets the INTERACTION_CREATE sent while it was away."""
    session = emulator.gateway.connected_sessions()[0]
    gateway_hold = emulator.hold_gateway()
    assert await emulator.send_reconnect() == 1
    await gateway_hold.wait_held()  # the bot is trying to reconnect
    await emulator.wait_for(lambda: session.connection is None)
    task = asyncio.create_task(world.driver("alice").slash(world.channel, "ping"))
    rec = await emulator.wait_for(
        lambda: next((r for r in emulator.interactions.values() if "/ping" in r.description), None)
    )
    await asyncio.sleep(0.2)
    assert not rec.acknowledged
    gateway_hold.release()
    assert await task is rec
    assert rec.acknowledged and rec.message is not None and rec.message.content == "pong"
    assert (emulator.gateway_connects, emulator.gateway_resumes) == (1, 1)
    assert rec.ack_latency is not None and rec.ack_latency >= 0.2


async def test_resumable_invalid_session_resumes(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """After op 9 with d=true the bot resumes the same session instead of identifying."""
    assert await emulator.send_invalid_session(resumable=True) == 1
    await emulator.wait_for(lambda: emulator.gateway_resumes == 1)
    rec = await world.driver("alice").slash(world.channel, "ping")
    assert rec.acknowledged
    assert emulator.gateway_connects == 1


async def test_interaction_while_reidentifying_is_not_delivered(
    emulator: Emulator, world: World, bot: EmuTestBot
) -> None:
    """After a non-resumable op 9 nothing is buffered: until the bot has identified again
    (discord.py waits 5 s before a non-initial IDENTIFY) interactions cannot be delivered."""
    await emulator.send_invalid_session(resumable=False)
    with pytest.raises(RuntimeError, match="no bot is connected"):
        await world.driver("alice").slash(world.channel, "ping")
    assert emulator.gateway_connects == 1


# ==================================================================== ack latency


async def test_ack_latency_summary(emulator: Emulator, world: World, bot: EmuTestBot) -> None:
    """ack_latencies() lists every acknowledged interaction; slowest_ack() is the largest."""
    assert emulator.ack_latencies() == [] and emulator.slowest_ack() is None
    alice = world.driver("alice")
    fast = await alice.slash(world.channel, "ping")
    slow = await alice.slash(world.channel, "nap")
    assert emulator.ack_latencies() == [fast.ack_latency, slow.ack_latency]
    slowest = emulator.slowest_ack()
    assert slowest is not None and slowest >= 0.3 and slowest == slow.ack_latency
