"""The ranked queue across servers (docs/queue.md), end to end: members of two servers
queue with ``/bingo queue``, are paired across them and play in their DMs, each DM
showing the public board above the hand panel; a member someone blocked is never paired
with them; a ladder channel shows the match's board in a thread."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest_asyncio

from bot import limits
from emulator.models import Channel, Message
from emulator.server import Emulator
from emulator_driver.driver import UserDriver
from tests.emulator.fixtures import World, build_world

from .helpers import (
    BOARD_TITLE,
    BotWorld,
    custom_ids,
    decision_buttons,
    embed_title,
    enabled_buttons,
    eventually,
    make_admin,
    running_bot,
    settings_for,
    simple_policy,
)


@dataclass
class TwoServers:
    """The bot in two servers: "First" (alice, carol, #general) and "Second" (bob,
    #lobby). Nobody but the bot is in both."""

    bw: BotWorld
    second: Channel

    @property
    def emu(self) -> Emulator:
        return self.bw.emu

    def driver(self, name: str) -> UserDriver:
        return self.bw.driver(name)

    @property
    def ranked(self):
        return self.bw.bot.get_cog("Bingo").ranked


def two_servers(emulator: Emulator) -> tuple[World, Channel]:
    """ "First" (alice, carol, #general) and "Second" (bob, #lobby)."""
    world = build_world(emulator, users=("alice", "carol"), guild_name="First")
    guild = emulator.create_guild("Second")
    lobby = emulator.create_text_channel(guild, "lobby")
    bob = emulator.create_user("bob")
    emulator.add_member(guild, bob)
    world.users["bob"] = bob
    return world, lobby


@asynccontextmanager
async def started(emulator: Emulator, world: World, lobby: Channel, path: Path):
    """The bot on the database at ``path``, its queue passing every 0.2 s."""
    settings = settings_for(emulator, path)
    async with running_bot(emulator, world, settings) as bw:
        bw.bot.get_cog("Bingo").ranked.service.pass_seconds = 0.2
        yield TwoServers(bw, lobby)


@pytest_asyncio.fixture
async def servers(emulator: Emulator, tmp_path: Path) -> AsyncIterator[TwoServers]:
    world, lobby = two_servers(emulator)
    async with started(emulator, world, lobby, tmp_path / "queue.db") as two:
        yield two


async def queue(two: TwoServers, name: str, channel: Channel | None) -> Message:
    """``/bingo queue`` by ``name`` in ``channel`` (None: the bot's DM): its private
    answer, the waiting message."""
    record = await two.driver(name).slash(channel, "bingo queue")
    reply = await record.wait_for_response()
    assert reply.ephemeral, reply.text
    return reply


async def wait_out_the_offer(two: TwoServers, driver: UserDriver, waiting: Message) -> None:
    """The documented wait, without waiting: ``driver``'s queue entry joined long enough
    ago; then, eventually, their ``waiting`` message offers the bot."""
    await two.bw.db.backend.execute(
        "UPDATE queue_entries SET joined_at = joined_at - ? WHERE user_id = ?",
        (limits.QUEUE_BOT_OFFER_SECONDS + 1, driver.user.id),
    )
    await eventually(
        lambda: _async(
            lambda: "Play the bot instead" in enabled_buttons(two.emu.messages[waiting.id])
        ),
        "the offer of the bot",
    )


def waiting_text(two: TwoServers, message: Message) -> str:
    current = two.emu.messages[message.id]
    embed = current.embeds[0] if current.embeds else {}
    return f"{embed.get('title', '')}\n{embed.get('description', '')}"


def dm_boards(driver: UserDriver, match_id: int) -> list[Message]:
    return [
        m
        for m in driver.dm_messages()
        if (found := BOARD_TITLE.match(embed_title(m))) and int(found.group(1)) == match_id
    ]


def dm_result(driver: UserDriver, match_id: int) -> Message | None:
    for message in driver.dm_messages():
        if f"(BingoMagic #{match_id}," in message.content:
            return message
    return None


def dm_prompt(driver: UserDriver, match_id: int) -> Message | None:
    for message in reversed(driver.dm_messages()):
        title = embed_title(message)
        if "'s hand" in title and f"#{match_id}" in title and decision_buttons(message):
            return message
    return None


async def play_in_dms(two: TwoServers, match_id: int, names: tuple[str, str]) -> None:
    """Both players click their DM panels (keep, place lands, let things resolve) until
    each has the result in their DMs."""
    drivers = [two.driver(name) for name in names]
    tried: set[tuple[int, str]] = set()

    def ready():
        if all(dm_result(d, match_id) for d in drivers):
            return "over"
        for d in drivers:
            message = dm_prompt(d, match_id)
            if message is not None and (message.id, str(custom_ids(message))) not in tried:
                return d, message
        return None

    for _ in range(600):
        found = await two.emu.wait_for(ready, message="a decision or the result", timeout=30)
        if found == "over":
            return
        driver, message = found
        tried.add((message.id, str(custom_ids(message))))
        record = await driver.click(message, simple_policy(enabled_buttons(message)))
        assert record.acknowledged
    raise AssertionError(f"match {match_id} did not end")


async def test_members_of_two_servers_are_paired_and_play_in_their_dms(servers) -> None:
    """bob (second server) blocked carol (first server): both queue and are never paired.
    alice (first server) queues: she is paired with bob, who shares no server with her,
    so they play in their DMs, each DM showing the board above the panel, to a result
    in both DMs. carol, still waiting, sees how many queue and leaves with the button."""
    two = servers
    bob, carol, alice = two.driver("bob"), two.driver("carol"), two.driver("alice")
    blocked = await bob.slash(two.second, "bingo block", member=carol.user)
    assert "can no longer challenge you" in (await blocked.wait_for_response()).text

    bob_wait = await queue(two, "bob", two.second)
    assert "Looking for an opponent" in waiting_text(two, bob_wait)
    assert enabled_buttons(bob_wait) == ["Leave the queue"]
    carol_wait = await queue(two, "carol", two.bw.channel)
    await eventually(
        lambda: _async(lambda: "2 members are queuing" in waiting_text(two, carol_wait)),
        "carol's waiting message counting two",
    )
    await two.ranked.service.pass_once()
    assert "2 members are queuing" in waiting_text(two, carol_wait)
    assert await two.bw.db.backend.fetchval("SELECT COUNT(*) FROM matches") == 0

    alice_wait = await queue(two, "alice", two.bw.channel)
    await eventually(
        lambda: _async(lambda: "You're playing" in waiting_text(two, alice_wait)),
        "alice's waiting message saying she was paired",
    )
    assert "bob" in waiting_text(two, alice_wait) and "DMs" in waiting_text(two, alice_wait)
    await eventually(
        lambda: _async(lambda: "You're playing" in waiting_text(two, bob_wait)), "bob's too"
    )
    record = await two.bw.db.backend.fetchone(
        "SELECT id, guild_id, kind, player0_id, player1_id FROM matches"
    )
    match_id = record["id"]
    assert (record["guild_id"], record["kind"]) == (0, "queue")
    assert {record["player0_id"], record["player1_id"]} == {alice.user.id, bob.user.id}

    for driver in (alice, bob):
        await two.emu.wait_for(lambda d=driver: dm_boards(d, match_id), message="a DM board")
    # One match at a time across servers: the queue match holds alice in her server too.
    refused = await carol.slash(two.bw.channel, "bingo challenge", opponent=alice.user)
    answer = await refused.wait_for_response()
    assert answer.ephemeral and "alice is already in a match" in answer.text
    await play_in_dms(two, match_id, ("alice", "bob"))
    for driver in (alice, bob):
        [board] = dm_boards(driver, match_id)
        assert board.created_order < dm_result(driver, match_id).created_order
        final = two.emu.messages[board.id].embeds[0]
        assert "wins" in final.get("description", "") or "draw" in final.get("description", "")
        assert board.attachments, "the board's picture"
    # Nothing of the match was posted in either server.
    for who, channel in ((carol, two.bw.channel), (bob, two.second)):
        assert not any(f"#{match_id}" in m.content for m in who.messages(channel))
    assert await eventually(
        lambda: two.bw.db.backend.fetchval("SELECT COUNT(*) FROM queue_results"),
        "the queue ratings",
    )

    assert "1 member is queuing" in waiting_text(two, carol_wait) or await eventually(
        lambda: _async(lambda: "1 member is queuing" in waiting_text(two, carol_wait)),
        "carol's count after the pair left",
    )
    click = await carol.click(two.emu.messages[carol_wait.id], "Leave the queue")
    assert click.acknowledged
    assert "You left the queue" in waiting_text(two, carol_wait)
    assert await two.bw.db.backend.fetchval("SELECT COUNT(*) FROM matches") == 1


async def test_a_ladder_channel_hosts_shared_members_and_shows_the_others(servers) -> None:
    """The first server sets a ladder channel. alice and carol (both its members) queue,
    alice from her DM: their match is played in a thread there. Then alice (from the
    first server) and bob (the second's) queue: they share no server, so they play in
    their DMs, and the first server's ladder channel shows the board in a thread of its
    own, up to the result; ``/bingo resign`` works from a DM."""
    two = servers
    ladder = two.emu.create_text_channel(two.bw.world.guild, "ladder")
    make_admin(two.bw, "alice")
    alice, bob, carol = two.driver("alice"), two.driver("bob"), two.driver("carol")
    answer = await alice.slash(two.bw.channel, "bingo settings ladder", channel=ladder)
    assert "gets a thread in" in (await answer.wait_for_response()).text
    await queue(two, "carol", two.bw.channel)
    alice_wait = await queue(two, "alice", None)
    await eventually(
        lambda: _async(lambda: "You're playing" in waiting_text(two, alice_wait)), "paired"
    )
    assert "The board is in <#" in waiting_text(two, alice_wait)
    [thread] = two.emu.threads_of(ladder)
    first = await two.emu.wait_for(lambda: _board_in(carol, thread), message="the thread's board")
    first_id = _match_id(first)
    assert not dm_boards(alice, first_id), "a match in a thread has no DM board"
    resigned = await carol.slash(None, "bingo resign")
    assert "resigned" in (await resigned.wait_for_response()).text.lower()

    await queue(two, "bob", two.second)
    alice_wait = await queue(two, "alice", two.bw.channel)
    await eventually(
        lambda: _async(lambda: "You're playing" in waiting_text(two, alice_wait)), "paired again"
    )
    assert "Your hand and the board are in your DMs" in waiting_text(two, alice_wait)
    second = await two.emu.wait_for(
        lambda: next((t for t in two.emu.threads_of(ladder) if t.id != thread.id), None),
        message="the ladder thread of the second match",
    )
    spectators = await two.emu.wait_for(lambda: _board_in(carol, second), message="ladder board")
    match_id = _match_id(spectators)
    assert match_id != first_id and dm_boards(alice, match_id) and dm_boards(bob, match_id)
    assert "'s hand" not in str(spectators.embeds), "the public view only"
    await bob.slash(None, "bingo resign")
    posted = await two.emu.wait_for(
        lambda: next((m for m in carol.messages(second) if f"#{match_id}," in m.content), None),
        message="the result in the ladder thread",
    )
    assert "alice" in posted.content
    await two.emu.wait_for(lambda: dm_result(alice, match_id) and dm_result(bob, match_id))


def _board_in(driver: UserDriver, channel: Channel) -> Message | None:
    return next((m for m in driver.messages(channel) if BOARD_TITLE.match(embed_title(m))), None)


def _match_id(board: Message) -> int:
    found = BOARD_TITLE.match(embed_title(board))
    assert found is not None
    return int(found.group(1))


async def test_a_restart_keeps_the_queue(emulator: Emulator, tmp_path: Path) -> None:
    """alice queues; the bot stops and starts again: she is still in the queue, told so
    by a DM that replaces her waiting message (with Leave), and paired when bob queues."""
    world, lobby = two_servers(emulator)
    path = tmp_path / "queue.db"
    async with started(emulator, world, lobby, path) as two:
        await queue(two, "alice", two.bw.channel)
    async with started(emulator, world, lobby, path) as two:
        alice = two.driver("alice")

        def told():
            for message in alice.dm_messages():
                if "still in the queue" in waiting_text(two, message):
                    return message
            return None

        note = await two.emu.wait_for(told, message="alice told she is still queuing")
        assert enabled_buttons(note) == ["Leave the queue"]
        await queue(two, "bob", two.second)
        await eventually(
            lambda: _async(lambda: "You're playing" in waiting_text(two, note)),
            "alice's DM saying she was paired",
        )


async def test_closed_dms_are_checked_before_queuing(servers) -> None:
    """carol's DMs were found closed: ``/bingo queue`` tries one DM and, refused, says
    why privately; once she opens them, the same command queues her."""
    two = servers
    carol = two.driver("carol")
    two.emu.set_dms_closed(carol.user)
    await two.bw.db.mark_dm_closed(carol.user.id, 1.0)
    record = await carol.slash(two.bw.channel, "bingo queue")
    answer = await record.wait_for_response()
    assert answer.ephemeral and "can't DM you" in answer.text
    assert (await two.ranked.store.entry(carol.user.id)) is None
    two.emu.set_dms_closed(carol.user, False)
    waiting = await queue(two, "carol", two.bw.channel)
    await eventually(
        lambda: _async(lambda: "Looking for an opponent" in waiting_text(two, waiting)),
        "carol's waiting message",
    )
    assert any("your hand will come here" in m.content for m in carol.dm_messages())


async def test_after_a_wait_the_bot_is_offered(servers) -> None:
    """bob queues from his DM and nobody comes: after the documented wait his waiting
    message offers the bot; he takes it, leaves the queue, and plays the bot in his DMs
    (the board above his panel there); resigning from the DM ends it."""
    two = servers
    bob = two.driver("bob")
    waiting = await queue(two, "bob", None)
    assert enabled_buttons(waiting) == ["Leave the queue"]
    await wait_out_the_offer(two, bob, waiting)
    assert "You can play me instead" in waiting_text(two, waiting)
    click = await bob.click(two.emu.messages[waiting.id], "Play the bot instead")
    assert click.acknowledged
    await eventually(
        lambda: _async(lambda: "You're playing me instead" in waiting_text(two, waiting)),
        "the waiting message saying so",
    )
    match_id = await two.bw.db.backend.fetchval(
        "SELECT id FROM matches WHERE ai_level IS NOT NULL AND guild_id = 0"
    )
    assert match_id is not None
    await two.emu.wait_for(lambda: dm_boards(bob, match_id), message="bob's DM board")
    entry = await two.ranked.store.entry(bob.user.id)
    assert entry is not None and entry.status == "bot"
    resigned = await (await bob.slash(None, "bingo resign")).wait_for_response()
    assert "resigned" in resigned.text.lower()
    await two.emu.wait_for(lambda: dm_result(bob, match_id), message="the result in his DMs")


async def test_the_bot_offered_in_a_server_plays_there(servers) -> None:
    """alice queued in the first server's #general: the bot she takes instead plays her
    there, announced in the channel as any match against the bot."""
    two = servers
    alice, carol = two.driver("alice"), two.driver("carol")
    waiting = await queue(two, "alice", two.bw.channel)
    await wait_out_the_offer(two, alice, waiting)
    click = await alice.click(two.emu.messages[waiting.id], "Play the bot instead")
    assert click.acknowledged
    post = await two.emu.wait_for(
        lambda: next((m for m in carol.messages(two.bw.channel) if "begins" in m.content), None),
        message="the match against the bot, announced",
    )
    assert "@" in post.content or str(alice.user.id) in post.content
    await eventually(
        lambda: _async(lambda: "You left the queue to play me" in waiting_text(two, waiting)),
        "the waiting message saying so",
    )
    await alice.slash(two.bw.channel, "bingo resign")


async def _async(check):
    return check()


__all__ = ["World"]
