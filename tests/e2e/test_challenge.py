"""Starting a match: challenges, their answers, expiry and every refusal."""

from __future__ import annotations

import pytest

from .helpers import challenge, enabled_buttons, start_match


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
