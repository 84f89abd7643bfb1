"""Playing BingoMagic against the bot itself: one human member, the bot in the other seat."""

from __future__ import annotations

import pytest

from bot.client import BingoBot
from bot.engine import BingoState
from bot.storage import Database
from tests.emulator.fixtures import build_world, running_client

from .helpers import (
    BEGINS,
    FAST_AI,
    BotWorld,
    board,
    embed_field,
    embed_title,
    enabled_buttons,
    play_out,
    play_the_bot,
    result_posted,
    settings_for,
)


@pytest.mark.parametrize("bot_env", [FAST_AI], indirect=True)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
async def test_a_whole_match_against_the_bot(bingo, level: str) -> None:
    """alice plays the bot to the end at each level: the bot decides by itself, its board
    reads like any match, its hand is never shown, and the match counts in alice's
    record against that level, not in the server's leaderboard."""
    alice = bingo.driver("alice")
    match_id = await play_the_bot(bingo, "alice", level)
    title = embed_title(board(bingo, match_id))
    assert title == f"BingoMagic #{match_id} — alice vs {bingo.emu.bot_user.username}"
    result = await play_out(bingo, match_id, players=("alice",))
    assert "wins" in result.content or "draw" in result.content
    assert enabled_buttons(result) == ["Play again"]

    record = await bingo.db.get_match(match_id)
    assert record.status == "finished" and record.ai_level == level and record.ai_seat == 1
    assert BingoState.replay(record.seed, None, record.decisions).to_json() == record.state
    bot_seat_decided = [p for p, _ in record.decisions if p == 1]
    assert bot_seat_decided, "the bot made its own decisions"
    guild, user = bingo.world.guild.id, bingo.world.user("alice").id
    [kept] = await bingo.db.bot_records(guild, user)
    assert (kept.level, kept.played) == (level, 1)
    assert await bingo.db.player_stats(guild, user) is None
    assert f"{bingo.emu.bot_user.username}'s hand" not in alice.seen_text()
    assert f"{bingo.emu.bot_user.username}'s hand" not in bingo.driver("carol").seen_text()


async def test_the_default_level_is_medium_and_a_member_is_one_match_at_a_time(bingo) -> None:
    """Without ``level`` the bot plays medium; a member already playing it is refused
    privately, while another member starts their own match against it at once."""
    first = await play_the_bot(bingo, "alice")
    assert (await bingo.db.get_match(first)).ai_level == "medium"
    again = await bingo.driver("alice").slash(
        bingo.channel, "bingo challenge", opponent=bingo.emu.bot_user
    )
    assert again.message.ephemeral and "already in a match" in again.message.text
    second = await play_the_bot(bingo, "bob", "easy")
    assert second != first and (await bingo.db.get_match(second)).ai_level == "easy"


async def test_a_level_against_a_member_is_refused(bingo) -> None:
    """``level`` only makes sense against the bot: against a member it is refused
    privately and no challenge is posted."""
    record = await bingo.driver("alice").slash(
        bingo.channel, "bingo challenge", opponent=bingo.world.user("bob"), level="hard"
    )
    assert record.message.ephemeral and "level option" in record.message.text


@pytest.mark.parametrize("bot_env", [FAST_AI], indirect=True)
async def test_stats_show_the_record_per_level_and_the_leaderboard_only_members(bingo) -> None:
    """/bingo stats shows alice's record against each level she played; the leaderboard
    ranks matches between members only."""
    alice = bingo.driver("alice")
    for level in ("easy", "hard"):
        match_id = await play_the_bot(bingo, "alice", level)
        await alice.slash(bingo.channel, "bingo resign")
        await bingo.emu.wait_for(lambda m=match_id: result_posted(bingo, m))
    await alice.slash(bingo.channel, "bingo stats")
    stats = await alice.wait_for_message(
        bingo.channel, lambda m: embed_title(m) == "BingoMagic — alice"
    )
    against = embed_field(stats, "Against the bot")
    assert against.splitlines() == [
        "Easy: 0 W · 1 L · 0 D · 0.0% (1 played)",
        "Hard: 0 W · 1 L · 0 D · 0.0% (1 played)",
    ]
    assert embed_field(stats, "Rank") is None
    assert "vs the bot (hard): loss" in embed_field(stats, "Recent")
    await alice.slash(bingo.channel, "bingo leaderboard", by="wins")
    top = await alice.wait_for_message(
        bingo.channel, lambda m: embed_title(m) == "BingoMagic leaderboard"
    )
    assert top.embeds[0]["description"] == "No finished matches in this server yet."


@pytest.mark.parametrize("bot_env", [FAST_AI], indirect=True)
async def test_play_again_starts_a_new_match_at_the_same_level(bingo) -> None:
    """ "Play again" under the result starts alice's next match at the same level; anyone
    else pressing it is told privately it is not theirs."""
    first = await play_the_bot(bingo, "alice", "hard")
    await bingo.driver("alice").slash(bingo.channel, "bingo resign")
    result = await bingo.emu.wait_for(lambda: result_posted(bingo, first))
    carol = bingo.driver("carol")
    refused = await carol.click(result, "Play again")
    assert refused.message is not None and refused.message.ephemeral
    assert "Only <@" in refused.message.text
    started = await bingo.driver("alice").click(result, "Play again")
    assert started.acknowledged
    second = int(BEGINS.search(started.message.text).group(1))
    assert second != first
    record = await bingo.db.get_match(second)
    assert (record.ai_level, record.status) == ("hard", "active")
    assert (
        await bingo.db.active_match_of(bingo.world.guild.id, bingo.world.user("carol").id) is None
    )


async def test_a_match_against_the_bot_resumes_after_a_restart_with_the_bot_to_move(
    emulator, tmp_path
) -> None:
    """The bot is to decide when the process stops (its pause is long): the next process
    takes that decision again at start-up, and alice plays the match to its end."""
    world = build_world(emulator, users=("alice", "bob", "carol"))
    slow = settings_for(
        emulator, tmp_path / "bingomagic.db", BINGO_BOT_PAUSE_SECONDS="600", **FAST_AI
    )
    db = await Database.open(slow.database_path)
    bot = BingoBot(slow, db, guild_ready_timeout=0.05)
    async with running_client(emulator, bot):
        await emulator.wait_for_commands()
        first = BotWorld(emulator, world, bot, db)
        match_id = await play_the_bot(first, "alice", "medium")
        live = first.service.matches[match_id]
        if live.state.current_player() != 1:  # alice declares first: keep, then it is the bot's
            await play_out(first, match_id, players=("alice",), until=lambda labels: True)
            panel = await emulator.wait_for(lambda: _prompt_with(first, "Keep"))
            await world.driver("alice").click(panel, "Keep")
        await emulator.wait_for(lambda: live.state.current_player() == 1, message="bot to move")
        pending = live.state.version
    await db.close()

    fast = settings_for(emulator, tmp_path / "bingomagic.db", **FAST_AI)
    db = await Database.open(fast.database_path)
    bot = BingoBot(fast, db, guild_ready_timeout=0.05)
    try:
        async with running_client(emulator, bot):
            second = BotWorld(emulator, world, bot, db)
            await emulator.wait_for(
                lambda: (
                    (m := second.service.matches.get(match_id)) is None or m.state.version > pending
                ),
                message="the bot's decision, taken again",
            )
            await play_out(second, match_id, players=("alice",))
            record = await db.get_match(match_id)
            assert record.status == "finished"
            assert record.decisions[pending][0] == 1, "the bot's pending decision came first"
    finally:
        await db.close()


def _prompt_with(bw: BotWorld, label: str):
    from .helpers import prompt

    message = prompt(bw.driver("alice"), bw.channel)
    return message if message is not None and label in enabled_buttons(message) else None
