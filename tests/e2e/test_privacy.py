"""``/privacy export`` and ``/privacy delete``, and the purge of a server that removed
the bot, through the emulator."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from cogs.privacy import EXPORT_FILE

from .helpers import (
    FAST_AI,
    embed_field,
    embed_title,
    play_and_resign,
    result_posted,
    wait_for_analysis,
)


@pytest.mark.parametrize("bot_env", [FAST_AI], indirect=True)
async def test_export_sends_a_private_json_file_of_everything(bingo) -> None:
    guild = bingo.world.guild.id
    alice, bob = bingo.world.user("alice"), bingo.world.user("bob")
    match_id = await play_and_resign(bingo, "bob", "alice")  # alice wins
    await bingo.db.save_deck(alice.id, "Burn", [(4, "Mountain")], [], 10.0)
    await bingo.db.set_user_tips(alice.id, False)
    await bingo.db.backend.execute(
        "INSERT INTO daily_answers (guild_id, day, user_id, decision, state, version,"
        " kept_size, agreed, answered_at, updated_at) VALUES (?, 20419, ?, 'keep', '{}', 1,"
        " 7, 1, 50.0, 50.0)",
        (guild, alice.id),
    )
    gone = 4_000_000_000_000_000_001  # an account Discord no longer knows (404 Unknown User)
    await bingo.db.backend.execute(
        "INSERT INTO challenge_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, 5.0)",
        (alice.id, gone),
    )

    driver = bingo.driver("alice")
    assert (await driver.slash(bingo.channel, "bingo language", language="Italiano")).acknowledged
    carol = bingo.world.user("carol")
    assert (await driver.slash(bingo.channel, "bingo block", member=carol)).acknowledged
    assert (
        await driver.slash(bingo.channel, "bingo challenges", mode="challenges_off")
    ).acknowledged
    assert (await driver.slash(bingo.channel, "bingo reminders", mode="on")).acknowledged
    await bingo.driver("carol").slash(bingo.channel, "bingo block", member=alice)
    rec = await driver.slash(bingo.channel, "privacy export")
    assert rec.acknowledged
    message = await driver.wait_for_message(bingo.channel, lambda m: bool(m.attachments))
    assert message.ephemeral and not bingo.driver("bob").can_see(message)
    [attachment] = message.attachments
    assert attachment["filename"] == EXPORT_FILE
    data = json.loads(bingo.emu.attachment_data[int(attachment["id"])])

    assert data["format"] == "bingomagic-export/2" and data["user_id"] == str(alice.id)
    name = bingo.world.guild.name
    times = list(_times(data))
    settings = data["settings"]
    [optout] = settings.pop("challenges_off_in_servers")
    blocks = {b["id"]: b for b in settings.pop("blocked_members")}  # not who blocked her
    assert settings == {
        "language": "it",
        "tips": False,
        "quick_counter": False,
        "dms_closed": False,
        "screen_reader_mode": False,
        "turn_reminders": True,
    }
    assert optout["server_id"] == str(guild) and optout["server_name"] == name
    assert set(blocks) == {str(carol.id), str(gone)}
    assert blocks[str(carol.id)]["name"] == "carol" and blocks[str(gone)]["name"] is None
    assert blocks[str(gone)]["blocked_at"] == "1970-01-01T00:00:05Z"
    assert data["challenge_cooldowns"] == []
    [server] = data["servers"]
    assert server["server_id"] == str(guild) and server["server_name"] == name
    assert server["results"] == {"wins": 1, "losses": 0, "draws": 0}
    rating = await bingo.db.rating(guild, alice.id)
    assert server["rating"]["mu"] == pytest.approx(rating.mu)
    assert server["rating"]["ordinal"] == pytest.approx(rating.ordinal)
    assert server["rating"]["matches"] == 1
    assert server["seasons"][0]["season"] == 0 and server["seasons"][0]["wins"] == 1
    assert server["daily_answers"] == [
        {
            "day": "2025-11-27",  # day 20419 after 1970-01-01
            "decision": "keep",
            "kept_size": 7,
            "agreed": True,
            "answered_at": "1970-01-01T00:00:50Z",
        }
    ]
    [match] = data["matches"]
    assert match["id"] == match_id and match["outcome"] == "win"
    assert match["opponent"] == {"kind": "member", "id": str(bob.id), "name": "bob"}
    assert match["server_id"] == str(guild) and match["status"] == "finished"
    assert match["server_name"] == name
    [deck] = data["decks"]
    assert deck["name"] == "Burn" and deck["cards"] == [[4, "Mountain"]]
    assert deck["created_at"] == "1970-01-01T00:00:10Z"

    # Every time is an ISO 8601 UTC text, never a bare number of seconds.
    assert {"exported_at", "started_at", "ended_at", "blocked_at", "since"} <= {
        key for key, _ in times
    }
    for key, value in times:
        assert isinstance(value, str) and value.endswith("Z"), (key, value)
        assert datetime.fromisoformat(value).tzinfo == UTC, (key, value)
    # What the rating fields mean, in her language (Italian).
    about = data["about"]
    assert {"times", "ids_and_names", "mu", "sigma", "ordinal"} <= set(about)
    assert "μ − 3σ" in about["ordinal"] and "punteggio" in about["ordinal"]
    assert "UTC" in about["times"]


def _times(node, key=None):
    """``(key, value)`` of every time field of an export (``*_at``, ``until``,
    ``since``, ``last_played``), however deep."""
    if isinstance(node, dict):
        for k, v in node.items():
            if isinstance(v, (dict, list)):
                yield from _times(v, k)
            elif (k.endswith("_at") or k in ("until", "since", "last_played")) and v is not None:
                yield k, v
    elif isinstance(node, list):
        for v in node:
            yield from _times(v, key)


async def _shown(bingo, reader: str, member: str, seen: set[int]) -> dict[str, str | None]:
    """What ``reader`` sees of ``member``'s record on a new ``/bingo stats
    user:member`` (a public embed, not one of ``seen``): wins, losses, rating, recent."""
    driver = bingo.driver(reader)
    await driver.slash(bingo.channel, "bingo stats", user=bingo.world.user(member))
    stats = await driver.wait_for_message(
        bingo.channel, lambda m: embed_title(m) == f"BingoMagic — {member}" and m.id not in seen
    )
    seen.add(stats.id)
    return {
        name: embed_field(stats, name) for name in ("Wins", "Losses", "Draws", "Rating", "Recent")
    }


async def _leaderboard_line(
    bingo, reader: str, member: str, seen: set[int]
) -> tuple[str, list[str]]:
    """``member``'s line on a new ``/bingo leaderboard`` of ``reader`` (not one of
    ``seen``), without its rank, and every line."""
    driver = bingo.driver(reader)
    await driver.slash(bingo.channel, "bingo leaderboard")
    top = await driver.wait_for_message(
        bingo.channel, lambda m: embed_title(m) == "BingoMagic leaderboard" and m.id not in seen
    )
    seen.add(top.id)
    lines = top.embeds[0]["description"].splitlines()
    mention = f"<@{bingo.world.user(member).id}>"
    [line] = [line for line in lines if mention in line]
    return line.split(mention, 1)[1], lines


@pytest.mark.parametrize("bot_env", [FAST_AI], indirect=True)
async def test_delete_asks_then_erases_and_the_opponents_keep_their_record(bingo) -> None:
    """alice beats bob, then erases her data: bob's /bingo stats (wins, losses, rating),
    his leaderboard line and his recent matches are as they were, as carol sees them,
    with alice shown as "deleted member"; a replay never shows her name."""
    guild = bingo.world.guild.id
    alice, bob = bingo.world.user("alice"), bingo.world.user("bob")
    await bingo.db.set_min_games(guild, 1)
    match_id = await play_and_resign(bingo, "bob", "alice")  # bob loses to alice
    await play_and_resign(bingo, "carol", "bob")
    seen: set[int] = set()
    before = await _shown(bingo, "carol", "bob", seen)
    bob_line, lines = await _leaderboard_line(bingo, "carol", "bob", seen)
    assert before["Losses"] == "1" and before["Wins"] == "1"
    assert f"#{match_id} vs <@{alice.id}>: loss" in (before["Recent"] or "")
    assert any(f"<@{alice.id}>" in line for line in lines)
    bob_before = await bingo.db.rating(guild, bob.id)

    driver = bingo.driver("alice")
    assert (await driver.slash(bingo.channel, "bingo reminders", mode="on")).acknowledged
    await driver.slash(bingo.channel, "privacy delete")
    ask = await driver.wait_for_message(bingo.channel, lambda m: "Erase everything" in m.text)
    assert ask.ephemeral
    await driver.click(ask, "Cancel")
    await driver.wait_for_message(bingo.channel, lambda m: m.id == ask.id and "Nothing" in m.text)
    assert await bingo.db.rating(guild, alice.id) is not None

    await driver.slash(bingo.channel, "privacy delete")
    ask = await driver.wait_for_message(
        bingo.channel, lambda m: "Erase everything" in m.text and m.id != ask.id
    )
    await driver.click(ask, "Delete my data")
    done = await driver.wait_for_message(
        bingo.channel, lambda m: m.id == ask.id and "Done" in m.text
    )
    assert "deleted member" in done.text
    assert await bingo.db.rating(guild, alice.id) is None
    assert (await bingo.db.export_member(alice.id, 0.0))["matches"] == []
    assert (await bingo.db.export_member(alice.id, 0.0))["settings"]["turn_reminders"] is False

    after = await _shown(bingo, "carol", "bob", seen)
    expected = dict(before)
    expected["Rating"] = (before["Rating"] or "").replace("rank #2", "rank #1")
    expected["Recent"] = (before["Recent"] or "").replace(f"<@{alice.id}>", "deleted member")
    assert after == expected  # alice no longer listed above him: only his rank moved
    assert f"#{match_id} vs deleted member: loss" in (after["Recent"] or "")
    line_after, lines = await _leaderboard_line(bingo, "carol", "bob", seen)
    assert line_after == bob_line and lines[0].startswith(f"**1.** <@{bob.id}>")
    assert not any(f"<@{alice.id}>" in line or "<@-" in line for line in lines)
    assert replace(await bingo.db.rating(guild, bob.id), rank=2) == bob_before

    reader = bingo.driver("bob")
    refused = await reader.click(result_posted(bingo, match_id), "Rematch")
    assert refused.message is not None and refused.message.ephemeral
    assert refused.message.text == "There is no rematch for this match."

    await reader.slash(bingo.channel, "bingo replay", match=match_id)
    replay = await reader.wait_for_message(
        bingo.channel, lambda m: m.ephemeral and "Replay of BingoMagic" in embed_title(m)
    )
    assert "deleted member" in embed_title(replay)
    assert "alice" not in replay.text
    started = await reader.slash(bingo.channel, "bingo analyse", match=match_id)
    first = await started.wait_for_response()
    analysed = await wait_for_analysis(bingo, first)
    assert "deleted member" in embed_title(analysed) and "\u2063" not in analysed.text
    assert "alice" not in analysed.text
    stored = await bingo.db.get_match(match_id)
    assert "alice" not in json.dumps(stored.ui) and alice.id not in stored.player_ids


@pytest.mark.parametrize("bot_env", [{"GUILD_DATA_RETENTION_DAYS": "0.00002"}], indirect=True)
async def test_a_server_that_removes_the_bot_is_purged_after_the_grace_period(bingo) -> None:
    """GUILD_DELETE (no ``unavailable``): purged about 1.7 s later; a server that adds
    the bot back first keeps its data; a pending removal survives a restart."""
    guild = bingo.world.guild
    await bingo.db.start_season(guild.id, "Kept", 1.0)
    bingo.emu.remove_bot(guild)
    await bingo.emu.wait_for(lambda: bingo.bot.get_guild(guild.id) is None, message="removed")
    for _ in range(250):
        if not await bingo.db.seasons(guild.id):
            break
        await asyncio.sleep(0.02)
    assert await bingo.db.seasons(guild.id) == [] and await bingo.db.guild_departures() == []

    bingo.emu.add_bot(guild)
    await bingo.emu.wait_for(lambda: bingo.bot.get_guild(guild.id) is not None, message="back")
    await bingo.db.start_season(guild.id, "Again", 2.0)
    other = bingo.emu.create_guild("Other")
    await bingo.emu.wait_for(lambda: bingo.bot.get_guild(other.id) is not None, message="other")
    await bingo.db.start_season(other.id, "Elsewhere", 2.0)
    # A restart while removed: the removal is stored, and the reloaded cog purges on time.
    await bingo.bot.unload_extension("cogs.privacy")
    bingo.emu.remove_bot(other)
    await bingo.emu.wait_for(lambda: bingo.bot.get_guild(other.id) is None, message="gone")
    await bingo.db.guild_left(other.id, 0.0)  # what the cog records (it was not loaded)
    # The first server removes the bot and adds it back before the grace period.
    await bingo.bot.load_extension("cogs.privacy")
    bingo.emu.remove_bot(guild)
    bingo.emu.add_bot(guild)
    for _ in range(250):
        if not await bingo.db.seasons(other.id):
            break
        await asyncio.sleep(0.02)
    assert await bingo.db.seasons(other.id) == []
    await asyncio.sleep(2.0)  # past the first server's grace period
    assert [s.name for s in await bingo.db.seasons(guild.id)] == ["Again"]
    assert await bingo.db.guild_departures() == []
