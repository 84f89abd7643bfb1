"""The small discord.py bot the emulator's own tests drive (tests/emulator/test_emulator*.py):
views, a dynamic button, a select, a modal, slash commands of every kind and the commands
the fault tests use; the ``bot`` fixture (see conftest.py) runs it."""

from __future__ import annotations

import asyncio
import io
import re
import time
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest_asyncio
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from emulator import Emulator
from tests.emulator.fixtures import World, running_client


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
        interaction: discord.Interaction,
        opponent: discord.Member,
        rounds: app_commands.Range[int, 1, 9] = 3,
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


def posts_messages(method: str, path: str) -> bool:
    """Route filter: creating channel messages."""
    return method == "POST" and re.fullmatch(r"/channels/\d+/messages", path) is not None


@pytest_asyncio.fixture
async def bot(emulator: Emulator, world: World) -> AsyncIterator[EmuTestBot]:
    """The test bot, logged in to the emulator with its commands synced."""
    async with running_client(emulator, EmuTestBot(world.guild.id)) as client:
        await emulator.wait_for_commands()
        yield client
