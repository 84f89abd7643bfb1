"""Consent through the emulator: opting out of challenges, blocking, the cooldown after
a declined or expired challenge, and one live match per member (tournaments included)."""

from __future__ import annotations

import pytest

from bot.storage.tournaments import TournamentStore

from .helpers import (
    challenge,
    enabled_buttons,
    eventually,
    play_the_bot,
    private,
    public_messages,
    start_tournament,
)


def challenge_posts(bw) -> int:
    return sum("challenges you" in m.content for m in public_messages(bw))


async def test_opted_out_and_blocked_members_cannot_be_challenged(bingo) -> None:
    """bob opts out: alice is told privately (no post, no ping). bob opts back in and
    blocks alice: alice reads the very same refusal, so the block is not revealed; carol
    still challenges bob. Unblocked, alice challenges bob again."""
    bob = bingo.world.user("bob")
    assert "can challenge you" in await private(bingo, "bob", "bingo challenges")
    assert "can't challenge you" in await private(bingo, "bob", "bingo challenges", mode="off")
    assert "can't challenge you" in await private(bingo, "bob", "bingo challenges")

    opted_out = await private(bingo, "alice", "bingo challenge", opponent=bob)
    assert opted_out == "bob is not taking challenges."
    assert "<@" not in opted_out, "no ping"
    assert challenge_posts(bingo) == 0
    assert "not taking" not in bingo.driver("bob").seen_text(), "bob sees nothing"

    assert "again" in await private(bingo, "bob", "bingo challenges", mode="on")
    blocked = await private(bingo, "bob", "bingo block", member=bingo.world.user("alice"))
    assert "alice can no longer challenge you" in blocked
    assert "already" in await private(bingo, "bob", "bingo block", member=bingo.world.user("alice"))
    refused = await private(bingo, "alice", "bingo challenge", opponent=bob)
    assert refused == opted_out, "a block reads exactly as an opt-out"
    assert challenge_posts(bingo) == 0
    assert "block" not in bingo.driver("alice").seen_text().lower()

    await challenge(bingo, "carol", "bob")  # others are not affected
    assert "alice can challenge you again" in await private(
        bingo, "bob", "bingo unblock", member=bingo.world.user("alice")
    )
    await challenge(bingo, "alice", "bob")
    assert challenge_posts(bingo) == 2


async def test_a_declined_challenge_starts_the_cooldown(bingo) -> None:
    """After bob declines, alice may not challenge bob again before the cooldown (60 s by
    default): a private answer naming when; carol's challenge to bob is not affected, nor
    alice's to carol."""
    message = await challenge(bingo, "alice", "bob")
    await bingo.driver("bob").click(message, "Decline")
    posts = len(public_messages(bingo))
    again = await private(bingo, "alice", "bingo challenge", opponent=bingo.world.user("bob"))
    assert again.startswith("You challenged bob a moment ago") and "<t:" in again
    assert len(public_messages(bingo)) == posts, "nothing posted"
    await challenge(bingo, "carol", "bob")
    await challenge(bingo, "alice", "carol")


@pytest.mark.parametrize("bot_env", [{"BINGO_CHALLENGE_SECONDS": "0.3"}], indirect=True)
async def test_an_expired_challenge_starts_the_cooldown(bingo) -> None:
    message = await challenge(bingo, "alice", "bob")
    await bingo.emu.wait_for(
        lambda: not enabled_buttons(bingo.emu.messages[message.id]), message="the expiry"
    )
    await bingo.emu.settle()
    again = await private(bingo, "alice", "bingo challenge", opponent=bingo.world.user("bob"))
    assert again.startswith("You challenged bob a moment ago")


@pytest.mark.parametrize("bot_env", [{"BINGO_CHALLENGE_COOLDOWN_SECONDS": "0"}], indirect=True)
async def test_no_cooldown_when_the_setting_is_zero(bingo) -> None:
    message = await challenge(bingo, "alice", "bob")
    await bingo.driver("bob").click(message, "Decline")
    await challenge(bingo, "alice", "bob")


async def test_a_member_playing_the_bot_is_not_seated_at_a_tournament_table(cup) -> None:
    """alice plays the bot when round 1 begins: her table waits (nobody is seated, she
    keeps exactly one live match, and the pairings say it waits). When she resigns the
    bot match, her table's match starts."""
    store = TournamentStore(cup.db.backend)
    guild = cup.world.guild.id
    alice, bob = cup.world.user("alice"), cup.world.user("bob")
    bot_match = await play_the_bot(cup, "alice")
    olga = cup.driver("olga")
    await start_tournament(cup, ("alice", "bob"), name="Busy Cup", minutes=30)
    (tournament,) = await store.open_of_guild(guild)
    pairings = await cup.emu.wait_for(
        lambda: next(
            (m for m in olga.messages(cup.channel) if "pairings of round 1" in m.content), None
        ),
        message="the pairings",
    )
    assert "waits until a player's current match ends" in pairings.content
    (table,) = await store.tables(tournament.id)
    assert table.match_id is None
    assert (await cup.db.active_match_of(guild, alice.id)).id == bot_match  # one match only
    assert await cup.db.active_match_of(guild, bob.id) is None

    resigned = await cup.driver("alice").slash(cup.channel, "bingo resign")
    assert resigned.acknowledged

    async def started():
        (row,) = await store.tables(tournament.id)
        return row.match_id

    match_id = await eventually(started, "the waiting table's match")
    live = await cup.db.active_match_of(guild, alice.id)
    assert live is not None and live.id == match_id != bot_match
    assert set(live.player_ids) == {alice.id, bob.id}
    await cup.emu.wait_for(
        lambda: any("can play now" in m.content for m in olga.messages(cup.channel)),
        message="the table's start",
    )
