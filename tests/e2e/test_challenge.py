"""Starting a match: challenges, their answers, expiry and every refusal."""

from __future__ import annotations

import asyncio

import pytest

from bot import limits

from .helpers import (
    BOARD_TITLE,
    board,
    challenge,
    embed_title,
    enabled_buttons,
    public_messages,
    start_match,
)


def _ephemeral_text(driver, channel) -> str:
    return "\n".join(m.text for m in driver.ephemerals(channel))


async def test_decline_closes_the_challenge(bingo) -> None:
    """Declining edits the challenge publicly and removes its buttons."""
    message = await challenge(bingo, "alice", "bob")
    await bingo.driver("bob").click(message, "Decline")
    current = bingo.emu.messages[message.id]
    assert "declined" in current.content
    assert enabled_buttons(current) == []
    assert await bingo.db.active_match_of(bingo.world.guild.id, bingo.world.user("bob").id) is None


async def test_only_the_challenged_member_can_answer(bingo) -> None:
    """A third member pressing Accept gets a private refusal and nothing starts."""
    message = await challenge(bingo, "alice", "bob")
    carol = bingo.driver("carol")
    record = await carol.click(message, "Accept")
    assert record.acknowledged
    assert "Only <@" in _ephemeral_text(carol, bingo.channel)
    assert "Only <@" not in bingo.driver("bob").seen_text()
    assert enabled_buttons(bingo.emu.messages[message.id]) == ["Accept", "Decline"]


@pytest.mark.parametrize("bot_env", [{"BINGO_CHALLENGE_SECONDS": "0.5"}], indirect=True)
async def test_challenge_expires_and_is_announced(bingo) -> None:
    """An unanswered challenge expires: its buttons go and the channel is told."""
    message = await challenge(bingo, "alice", "bob")
    carol = bingo.driver("carol")
    await carol.wait_for_message(
        bingo.channel, lambda m: "expired" in m.content and m.id != message.id
    )
    current = bingo.emu.messages[message.id]
    assert "expired" in current.content and enabled_buttons(current) == []


async def test_challenging_yourself_is_refused(bingo) -> None:
    """/bingo challenge on yourself answers privately and posts nothing."""
    alice = bingo.driver("alice")
    record = await alice.slash(bingo.channel, "bingo challenge", opponent=bingo.world.user("alice"))
    assert record.message is not None and record.message.ephemeral
    assert "yourself" in record.message.text


async def test_challenging_a_bot_is_refused(bingo) -> None:
    """Bots can't be challenged."""
    robot = bingo.emu.create_user("robot", bot=True)
    bingo.emu.add_member(bingo.world.guild, robot)
    record = await bingo.driver("alice").slash(bingo.channel, "bingo challenge", opponent=robot)
    assert record.message.ephemeral and "Bots can't play" in record.message.text


async def test_challenging_someone_in_a_match_is_refused(bingo) -> None:
    """A member already in a match can't be challenged, nor challenge anyone."""
    await start_match(bingo, "alice", "bob")
    carol = bingo.driver("carol")
    record = await carol.slash(bingo.channel, "bingo challenge", opponent=bingo.world.user("bob"))
    assert record.message.ephemeral and "bob is already in a match" in record.message.text
    alice = bingo.driver("alice")
    record = await alice.slash(bingo.channel, "bingo challenge", opponent=bingo.world.user("carol"))
    assert record.message.ephemeral and "already in a match" in record.message.text


async def test_accept_after_joining_another_match_is_cancelled(bingo) -> None:
    """A challenge accepted after its challenger started another match is cancelled."""
    stale = await challenge(bingo, "alice", "carol")
    await start_match(bingo, "alice", "bob")
    await bingo.driver("carol").click(stale, "Accept")
    await bingo.emu.wait_for(lambda: "cancelled" in bingo.emu.messages[stale.id].content)
    current = bingo.emu.messages[stale.id]
    assert "cancelled" in current.content and enabled_buttons(current) == []


async def test_accept_clicked_twice_at_once_leaves_the_accepted_message(bingo) -> None:
    """Two Accept clicks arriving together start one match; the second is answered
    privately and the challenge message keeps saying it was accepted."""
    message = await challenge(bingo, "alice", "bob")
    bob = bingo.driver("bob")
    first, second = await asyncio.gather(bob.click(message, "Accept"), bob.click(message, "Accept"))
    assert first.acknowledged and second.acknowledged
    await bingo.emu.wait_for(lambda: board(bingo), message="the board")
    await bingo.emu.settle()
    current = bingo.emu.messages[message.id]
    assert "accepted the challenge" in current.content and enabled_buttons(current) == []
    assert not any("cancelled" in version.text for version in current.versions)
    assert "no longer open" in _ephemeral_text(bob, bingo.channel)
    record = await bingo.db.active_match_of(bingo.world.guild.id, bingo.world.user("bob").id)
    boards = [m for m in public_messages(bingo) if BOARD_TITLE.match(embed_title(m))]
    assert record is not None and len(boards) == 1


async def test_a_slow_member_lookup_holds_up_no_other_challenge(bingo) -> None:
    """While an Accept waits on Discord for a member's name, another member's
    /bingo challenge is still answered in time: no lock is held across that lookup."""
    emu = bingo.emu
    hold = emu.hold(lambda method, path, body: method == "GET" and "/members/" in path)
    message = await challenge(bingo, "alice", "bob")
    accepting = asyncio.create_task(bingo.driver("bob").click(message, "Accept"))
    await hold.wait_held()
    record = await bingo.driver("carol").slash(
        bingo.channel, "bingo challenge", opponent=bingo.world.user("alice")
    )
    hold.release()
    assert record.acknowledged, "carol's challenge waited on the accept's member lookup"
    assert (await accepting).acknowledged
    await emu.wait_for(lambda: board(bingo), message="the board")
    assert "challenges you" in bingo.emu.messages[record.message.id].content


def _member(bingo, name: str):
    user = bingo.emu.create_user(name)
    bingo.emu.add_member(bingo.world.guild, user)
    return user


async def test_one_pending_challenge_per_pair(bingo) -> None:
    """A second challenge between the same two members (either way round) is refused
    privately: no second public message, no second ping."""
    await challenge(bingo, "alice", "bob")
    posted = len(bingo.driver("carol").messages(bingo.channel))
    pings = len(bingo.emu.pings)
    for challenger, opponent in (("alice", "bob"), ("bob", "alice")):
        record = await bingo.driver(challenger).slash(
            bingo.channel, "bingo challenge", opponent=bingo.world.user(opponent)
        )
        assert record.message.ephemeral and "already a challenge waiting" in record.message.text
    assert len(bingo.driver("carol").messages(bingo.channel)) == posted
    assert len(bingo.emu.pings) == pings
    assert len(await bingo.db.pending_challenges()) == limits.CHALLENGES_PER_PAIR


async def test_a_few_pending_challenges_per_challenger(bingo) -> None:
    """A member may have limits.CHALLENGES_PER_CHALLENGER challenges pending in a server;
    the next is refused privately."""
    others = [_member(bingo, f"member{i}") for i in range(limits.CHALLENGES_PER_CHALLENGER + 1)]
    alice = bingo.driver("alice")
    for user in others[:-1]:
        record = await alice.slash(bingo.channel, "bingo challenge", opponent=user)
        assert not record.message.ephemeral
    record = await alice.slash(bingo.channel, "bingo challenge", opponent=others[-1])
    assert record.message.ephemeral and "challenges waiting" in record.message.text
    assert others[-1].id not in {u for p in bingo.emu.pings for u in p.users}
    # Someone else may still challenge that member.
    record = await bingo.driver("bob").slash(bingo.channel, "bingo challenge", opponent=others[-1])
    assert not record.message.ephemeral
