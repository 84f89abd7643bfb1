"""End-to-end tests of the Discord emulator with a small discord.py bot
(tests/emulator/testbot.py): login, command sync, replies, components, modals, DMs,
problems, the gateway, the CLI."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from discord.http import Route

from bot.endpoints import DISCORD_API_BASE, DISCORD_GATEWAY, point_discord_at
from emulator import Emulator
from tests.emulator.fixtures import World
from tests.emulator.testbot import EmuTestBot

REPO_ROOT = Path(__file__).resolve().parents[2]


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


async def test_integer_options_outside_their_bounds_are_refused_as_discord_does(
    world: World, bot: EmuTestBot
) -> None:
    """Discord's client refuses an integer option outside its ``min_value`` and
    ``max_value``, and any integer past ±(2^53 − 1) ("Application Commands", Application
    Command Option Type: INTEGER); the bot never sees the command."""
    alice, bob = world.driver("alice"), world.user("bob")
    for rounds in (0, 10, 2**53, 2**64, -(2**64)):
        with pytest.raises(ValueError):
            await alice.slash(world.channel, "duel challenge", opponent=bob, rounds=rounds)
    assert "opponent" not in bot.seen
    rec = await alice.slash(world.channel, "duel challenge", opponent=bob, rounds=9)
    assert rec.message is not None and rec.message.content.endswith("to 9 rounds")


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
