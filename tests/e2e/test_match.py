"""A whole BingoMagic match through the unmodified discord.py client and the emulator."""

from __future__ import annotations

import asyncio
import re

from bot.engine import BingoState

from .helpers import (
    LANDS,
    board,
    embed_field,
    embed_title,
    play_out,
    start_match,
)

PRIVATE_HINT = re.compile(
    r"(draws?|drew|scr(y|ies)|bottom|hand)[^\n]*(" + "|".join(LANDS) + ")", re.IGNORECASE
)


async def test_full_match_from_challenge_to_leaderboard(bingo) -> None:
    """Two members play a whole match; the result reaches the stats and leaderboard."""
    alice, bob, carol = bingo.driver("alice"), bingo.driver("bob"), bingo.driver("carol")
    match_id = await start_match(bingo, "alice", "bob")
    result = await play_out(bingo, match_id)

    record = await bingo.db.get_match(match_id)
    assert record is not None and record.status == "finished"
    assert record.turns and record.turns >= 5
    replayed = BingoState.replay(record.seed, None, record.decisions)
    assert replayed.is_over and replayed.to_json() == record.state
    winner = "alice" if record.winner_id == bingo.world.user("alice").id else "bob"
    assert f"**{winner}** wins" in result.content

    final = board(bingo, match_id)
    assert "wins" in (final.embeds[0].get("description") or "")

    await bingo.db.set_min_games(bingo.world.guild.id, 1)  # listed after one match
    await carol.slash(bingo.channel, "bingo leaderboard", by="wins")
    leaderboard = await carol.wait_for_message(
        bingo.channel, lambda m: embed_title(m) == "BingoMagic leaderboard"
    )
    text = leaderboard.embeds[0].get("description", "")
    winner_id = bingo.world.user(winner).id
    assert text.splitlines()[0].startswith(f"**1.** <@{winner_id}> — 1 W · 0 L")
    assert embed_field(leaderboard, "Your rank") == "You haven't finished a match here yet."

    await alice.slash(bingo.channel, "bingo stats")
    stats = await alice.wait_for_message(
        bingo.channel, lambda m: embed_title(m) == "BingoMagic — alice"
    )
    assert embed_field(stats, "Wins") == ("1" if winner == "alice" else "0")

    # Nothing private leaked: each player's panels reach that player only, and no public
    # line names a drawn, scried or bottomed card.
    for me, other in ((alice, "bob"), (bob, "alice"), (carol, "alice"), (carol, "bob")):
        assert f"{other}'s hand" not in me.seen_text()
    for line in carol.seen_text().splitlines():
        assert not PRIVATE_HINT.search(line), line
    assert "alice's hand" in alice.seen_text() and "bob's hand" in bob.seen_text()


async def test_two_matches_share_one_channel(bingo) -> None:
    """Two matches in one channel run side by side, each with its own board and result."""
    dave = bingo.emu.create_user("dave")
    bingo.emu.add_member(bingo.world.guild, dave)
    bingo.world.users["dave"] = dave
    first = await start_match(bingo, "alice", "bob")
    second = await start_match(bingo, "carol", "dave")
    assert first != second
    assert board(bingo, first).id != board(bingo, second).id
    await asyncio.gather(
        play_out(bingo, first, ("alice", "bob")), play_out(bingo, second, ("carol", "dave"))
    )
    for match_id in (first, second):
        assert (await bingo.db.get_match(match_id)).status == "finished"
    assert "carol's hand" not in bingo.driver("alice").seen_text()
    assert "Die rolls:" in bingo.driver("alice").seen_text()


async def test_a_whole_match_pings_only_the_intended_member(bingo) -> None:
    """From the challenge to the result, the bot pings only the challenged member: never
    the challenger, a spectator, a role or @everyone. (With closed DMs, the pings for
    decisions: ``test_decisions.test_closed_dms_use_show_my_hand_and_pings``.)"""
    match_id = await start_match(bingo, "alice", "bob")
    await play_out(bingo, match_id)
    bob = bingo.world.user("bob")
    bingo.emu.assert_no_pings(users=[bob])
    assert any(bob.id in ping.users for ping in bingo.emu.pings), "the challenge pings bob"


async def test_member_names_are_shown_as_text(bingo) -> None:
    """A display name full of markdown and mention syntax shows as typed on the board
    and in the result, and pings nobody."""
    emu = bingo.emu
    eve = emu.create_user("eve", global_name="**@everyone** <@&1> _eve_")
    emu.add_member(bingo.world.guild, eve)
    bingo.world.users["eve"] = eve
    match_id = await start_match(bingo, "alice", "eve")
    title = embed_title(board(bingo, match_id))
    assert r"\*\*@" in title and "@\u200beveryone" in title and r"\_eve\_" in title
    result = await play_out(bingo, match_id, players=("alice", "eve"))
    assert "**@everyone**" not in result.content
    emu.assert_no_pings(users=[eve])
