"""The ranked queue across servers (docs/queue.md), end to end: members of two servers
queue with ``/bingo queue``, are paired across them and play in their DMs, each DM
showing the public board above the hand panel; a member someone blocked is never paired
with them; a ladder channel shows the match's board in a thread."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest_asyncio

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


@pytest_asyncio.fixture
async def servers(emulator: Emulator, tmp_path: Path) -> AsyncIterator[TwoServers]:
    world = build_world(emulator, users=("alice", "carol"), guild_name="First")
    guild = emulator.create_guild("Second")
    lobby = emulator.create_text_channel(guild, "lobby")
    bob = emulator.create_user("bob")
    emulator.add_member(guild, bob)
    world.users["bob"] = bob
    settings = settings_for(emulator, tmp_path / "queue.db")
    async with running_bot(emulator, world, settings) as bw:
        bw.bot.get_cog("Bingo").ranked.service.pass_seconds = 0.2
        yield TwoServers(bw, lobby)


async def queue(two: TwoServers, name: str, channel: Channel | None) -> Message:
    """``/bingo queue`` by ``name`` in ``channel`` (None: the bot's DM): its private
    answer, the waiting message."""
    record = await two.driver(name).slash(channel, "bingo queue")
    reply = await record.wait_for_response()
    assert reply.ephemeral, reply.text
    return reply


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
        lambda: _async(lambda: "Opponent found" in waiting_text(two, alice_wait)),
        "alice's waiting message saying she was paired",
    )
    assert "bob" in waiting_text(two, alice_wait) and "DMs" in waiting_text(two, alice_wait)
    await eventually(
        lambda: _async(lambda: "Opponent found" in waiting_text(two, bob_wait)), "bob's too"
    )
    record = await two.bw.db.backend.fetchone(
        "SELECT id, guild_id, kind, player0_id, player1_id FROM matches"
    )
    match_id = record["id"]
    assert (record["guild_id"], record["kind"]) == (0, "queue")
    assert {record["player0_id"], record["player1_id"]} == {alice.user.id, bob.user.id}

    for driver in (alice, bob):
        await two.emu.wait_for(lambda d=driver: dm_boards(d, match_id), message="a DM board")
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


async def test_a_ladder_channel_shows_the_board_and_hosts_shared_members(servers) -> None:
    """The first server sets a ladder channel: alice and carol (both its members) queue,
    and their match is played in a thread there; bob's server has none."""
    two = servers
    ladder = two.emu.create_text_channel(two.bw.world.guild, "ladder")
    make_admin(two.bw, "alice")
    alice = two.driver("alice")
    answer = await alice.slash(two.bw.channel, "bingo settings ladder", channel=ladder)
    assert "gets a thread in" in (await answer.wait_for_response()).text
    await queue(two, "carol", two.bw.channel)
    alice_wait = await queue(two, "alice", None)  # from her DM: still a member of First
    await eventually(
        lambda: _async(lambda: "Opponent found" in waiting_text(two, alice_wait)), "paired"
    )
    assert "The board is in <#" in waiting_text(two, alice_wait)
    [thread] = two.emu.threads_of(ladder)
    assert thread.name.startswith("BingoMagic #")
    board = await two.emu.wait_for(
        lambda: next((m for m in alice.messages(thread) if BOARD_TITLE.match(embed_title(m))), None),
        message="the board in the ladder thread",
    )
    assert board.embeds and not dm_boards(alice, int(BOARD_TITLE.match(embed_title(board)).group(1)))


async def _async(check):
    return check()


__all__ = ["World"]
