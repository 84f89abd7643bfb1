"""Ratings, replays and rematches through the emulator."""

from __future__ import annotations

import asyncio
import re
import sqlite3

import pytest

from bot.ratings import Skill, rate
from tests.emulator.fixtures import build_world

from .helpers import (
    FAST_AI,
    decide,
    embed_field,
    embed_title,
    enabled_buttons,
    play_out,
    play_the_bot,
    prompt,
    result_posted,
    running_bot,
    settings_for,
    start_match,
)

STEP = re.compile(r"Step (\d+) of (\d+)")


async def resign_and_wait(bw, name: str, match_id: int):
    await bw.driver(name).slash(bw.channel, "bingo resign")
    return await bw.emu.wait_for(lambda: result_posted(bw, match_id), message="the result")


async def rating_of(bw, name: str):
    return await bw.db.rating(bw.world.guild.id, bw.world.user(name).id)


@pytest.mark.parametrize("bot_env", [FAST_AI], indirect=True)
async def test_ratings_change_after_a_member_match_not_after_a_bot_match(bingo) -> None:
    """bob beats alice: both ratings move (openskill, once, however often the end is
    announced), /bingo stats and the leaderboard show them; alice then loses to the bot
    and her rating stays as it was."""
    await bingo.db.set_min_games(bingo.world.guild.id, 1)  # listed after one match
    match_id = await start_match(bingo, "alice", "bob")
    await resign_and_wait(bingo, "alice", match_id)
    bob = await _wait_rating(bingo, "bob")
    alice = await rating_of(bingo, "alice")
    expected_alice, expected_bob = rate(Skill(), Skill(), winner=1)
    assert bob.mu == pytest.approx(expected_bob.mu) and bob.matches == 1
    assert alice.mu == pytest.approx(expected_alice.mu) and alice.last_match_id == match_id
    assert alice.last_delta < 0 < bob.last_delta

    # The end announced again (as after a restart) changes nothing.
    await bingo.bot.get_cog("Bingo").rate_finished_match(_Finished(match_id))
    assert (await rating_of(bingo, "bob")).matches == 1

    carol = bingo.driver("carol")
    await carol.slash(bingo.channel, "bingo stats", user=bingo.world.user("bob"))
    stats = await carol.wait_for_message(
        bingo.channel, lambda m: embed_title(m) == "BingoMagic — bob"
    )
    shown = embed_field(stats, "Rating")
    assert f"**{bob.ordinal:.1f}**" in shown and "rank #1" in shown
    assert f"Last match (#{match_id}): {bob.last_delta:+.1f}" in shown

    await carol.slash(bingo.channel, "bingo leaderboard")
    top = await carol.wait_for_message(
        bingo.channel,
        lambda m: embed_title(m) == "BingoMagic leaderboard" and "μ − 3σ" in str(m.embeds),
    )
    lines = top.embeds[0]["description"].splitlines()
    bob_id, alice_id = bingo.world.user("bob").id, bingo.world.user("alice").id
    assert lines[0].startswith(f"**1.** <@{bob_id}> — {bob.ordinal:.1f}")
    assert lines[1].startswith(f"**2.** <@{alice_id}> — {alice.ordinal:.1f}")
    assert "no rating here yet" in embed_field(top, "Your rating")

    bot_match = await play_the_bot(bingo, "alice", "easy")
    await resign_and_wait(bingo, "alice", bot_match)
    await bingo.emu.wait_for(
        lambda: bot_match not in bingo.service.matches, message="the bot match to end"
    )
    after = await rating_of(bingo, "alice")
    assert (after.mu, after.sigma, after.matches) == (alice.mu, alice.sigma, 1)
    assert (await bingo.db.rate_match(bot_match, 0.0)) is None


class _Finished:
    """A stand-in for ``MatchFinished`` carrying the match id the listener reads."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id


async def _wait_rating(bw, name: str):
    """The member's rating once the ``bingo_match_finished`` listener stored it."""
    for _ in range(250):
        found = await rating_of(bw, name)
        if found is not None:
            return found
        await asyncio.sleep(0.02)
    raise AssertionError(f"{name} was never rated")


async def test_a_replay_steps_through_a_finished_match_to_the_end(bingo) -> None:
    """carol (not a player) replays a finished match privately: step 0 is the deal with
    both hands and the board picture; Next walks to the last step, which shows the
    result; Previous walks back. An unfinished or unknown match is refused privately."""
    match_id = await start_match(bingo, "alice", "bob")
    carol = bingo.driver("carol")
    refused = await carol.slash(bingo.channel, "bingo replay", match=match_id)
    assert "still being played" in (await refused.wait_for_response()).text
    for _ in range(2):  # mulligans are declared in turn order: whoever the die made first
        deciding = await bingo.emu.wait_for(
            lambda: next(
                (
                    name
                    for name in ("alice", "bob")
                    if (panel := prompt(bingo.driver(name), bingo.channel))
                    and "Keep" in enabled_buttons(panel)
                ),
                None,
            ),
            message="a Keep for alice or bob",
        )
        await decide(bingo, bingo.driver(deciding), "Keep")
    await resign_and_wait(bingo, "bob", match_id)
    record = await bingo.db.get_match(match_id)
    total = len(record.decisions)
    assert total >= 3

    started = await carol.slash(bingo.channel, "bingo replay", match=match_id)
    page = await started.wait_for_response()
    assert page.ephemeral
    assert embed_title(page).startswith(f"Replay of BingoMagic #{match_id} — alice vs bob")
    assert embed_field(page, f"Step 0 of {total}") is not None
    hands = embed_field(page, "Hands")
    assert hands.startswith("alice: ") and "\nbob: " in hands and "(empty)" not in hands
    assert page.attachments and page.attachments[0]["filename"] == "replay.png"
    assert ": territory " in page.attachments[0]["description"]  # alt text
    assert enabled_buttons(page) == ["Next", "Analysis"]

    seen = [0]
    while "Next" in enabled_buttons(bingo.emu.messages[page.id]):
        record_click = await carol.click(bingo.emu.messages[page.id], "Next")
        assert record_click.acknowledged
        current = bingo.emu.messages[page.id]
        step = next(
            int(STEP.search(f["name"]).group(1))
            for f in current.embeds[0]["fields"]
            if STEP.search(f["name"])
        )
        seen.append(step)
    assert seen == list(range(total + 1))
    last = bingo.emu.messages[page.id]
    assert "wins" in last.embeds[0]["description"]  # bob resigned: alice wins
    assert last.attachments and last.attachments[0]["filename"] == "replay.png"
    assert enabled_buttons(last) == ["Previous", "Analysis"]
    await carol.click(last, "Previous")
    assert embed_field(bingo.emu.messages[page.id], f"Step {total - 1} of {total}") is not None

    unknown = await carol.slash(bingo.channel, "bingo replay", match=match_id + 100)
    assert "no match" in (await unknown.wait_for_response()).text
    # Only carol saw any of it.
    assert "Replay of" not in bingo.driver("alice").seen_text()


async def test_a_rematch_is_accepted_and_played(bingo) -> None:
    """Under the result of a match between members, "Rematch" by a player challenges the
    other with the same rules; they accept it like any challenge and the match is
    played. Anyone else is refused privately."""
    alice = bingo.driver("alice")
    await alice.slash(
        bingo.channel,
        "bingo challenge",
        opponent=bingo.world.user("bob"),
        mulligan="london",
        forest_either_pile=True,
    )
    message = await alice.wait_for_message(
        bingo.channel, lambda m: "challenges you" in m.content and enabled_buttons(m)
    )
    await bingo.driver("bob").click(message, "Accept")
    first_record = await bingo.emu.wait_for(
        lambda: next(iter(bingo.service.matches), None), message="the first match"
    )
    first = int(first_record)
    result = await resign_and_wait(bingo, "alice", first)
    assert enabled_buttons(result) == ["Rematch"]

    refused = await bingo.driver("carol").click(result, "Rematch")
    assert refused.message is not None and refused.message.ephemeral
    assert "Only the two players" in refused.message.text

    asked = await alice.click(result, "Rematch")
    assert asked.acknowledged
    rematch = await alice.wait_for_message(
        bingo.channel,
        lambda m: "challenges you" in m.content and enabled_buttons(m) and m.id != message.id,
    )
    assert f"<@{bingo.world.user('bob').id}>" in rematch.content
    await bingo.driver("bob").click(rematch, "Accept")
    second = await bingo.emu.wait_for(
        lambda: next((m for m in bingo.service.matches if m != first), None),
        message="the rematch",
    )
    record = await bingo.db.get_match(second)
    first_options = (await bingo.db.get_match(first)).options
    assert record.options == first_options
    assert record.options["mulligan_rule"] == "london" and record.options["forest_any_pile"]
    end = await play_out(bingo, second)
    assert "wins" in end.content or "draw" in end.content
    assert enabled_buttons(end) == ["Rematch"]


async def test_ratings_replays_rematches_and_timers_outlive_a_restart(emulator, tmp_path) -> None:
    """A second process on the same database: rates a match the first one finished but did
    not rate (it stopped in between), answers the first one's Next and Rematch buttons,
    and keeps a match in progress on the timers it began with."""
    world = build_world(emulator, users=("alice", "bob", "carol", "dave"))
    settings = settings_for(emulator, tmp_path / "bingomagic.db")
    async with running_bot(emulator, world, settings) as first:
        await first.db.set_guild_settings(world.guild.id, 1.0, turn_seconds=45)
        finished = await start_match(first, "alice", "bob")
        result = await resign_and_wait(first, "alice", finished)
        await _wait_rating(first, "bob")
        carol = first.driver("carol")
        page = await (
            await carol.slash(world.channel, "bingo replay", match=finished)
        ).wait_for_response()
        ongoing = await start_match(first, "carol", "dave")
        await first.db.set_guild_settings(world.guild.id, 2.0, turn_seconds=90)
    with sqlite3.connect(settings.database_path) as con:  # as if it stopped before rating
        con.execute("UPDATE matches SET rated = 0 WHERE id = ?", (finished,))
        con.execute("DELETE FROM ratings")

    async with running_bot(emulator, world, settings) as second:
        rated = await second.db.rating(world.guild.id, world.user("bob").id)
        assert rated is not None and rated.matches == 1 and rated.last_match_id == finished
        assert second.service.matches[ongoing].timing.turn_seconds == 45.0

        clicked = await world.driver("carol").click(emulator.messages[page.id], "Next")
        assert clicked.acknowledged
        assert embed_field(emulator.messages[page.id], "Hands") is not None
        assert STEP.search(str(emulator.messages[page.id].embeds)).group(1) == "1"

        asked = await world.driver("alice").click(result, "Rematch")
        assert asked.acknowledged
        assert not asked.message.ephemeral, asked.message.text
        assert "challenges you" in asked.message.text
