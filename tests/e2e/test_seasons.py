"""Seasons, who is listed, and leaderboard pages, through the emulator (the bot's real
slash commands and buttons; matches between members resigned or, for 60 players, stored
directly as the match service stores them)."""

from __future__ import annotations

import importlib
import re
import time

import pytest

from bot.storage.tournaments import TournamentStore
from tests.storage.helpers import finish, new_match

from .helpers import (
    FAST_AI,
    BotWorld,
    embed_field,
    embed_title,
    make_admin,
    play_and_resign,
)

RATING_TITLE = "BingoMagic leaderboard"
LINE = re.compile(r"^\*\*(\d+)\.\*\* <@(\d+)> — ")


async def board_of(bw: BotWorld, reader: str, **options):
    driver = bw.driver(reader)
    before = {m.id for m in driver.messages(bw.channel)}
    await driver.slash(bw.channel, "bingo leaderboard", **options)
    return await driver.wait_for_message(
        bw.channel,
        lambda m: m.id not in before and m.embeds and embed_title(m) == RATING_TITLE,
    )


def ranked_ids(message) -> list[int]:
    lines = (message.embeds[0].get("description") or "").splitlines()
    return [int(found[2]) for line in lines if (found := LINE.match(line))]


async def ask_season(bw: BotWorld, who: str, name: str):
    """``who`` runs ``/bingo season start name:``; the private question it gets."""
    record = await bw.driver(who).slash(bw.channel, "bingo season start", name=name)
    question = await record.wait_for_response()
    assert question.ephemeral
    return question


async def start_season(bw: BotWorld, who: str, name: str):
    """``who`` starts season ``name`` and confirms it; the public announcement."""
    question = await ask_season(bw, who, name)
    await bw.driver(who).click(question, "Start the new season")
    return await bw.driver("alice").wait_for_message(
        bw.channel, lambda m: not m.ephemeral and f": {name}** has started" in m.content
    )


@pytest.mark.parametrize("bot_env", [FAST_AI], indirect=True)
async def test_a_new_season_restarts_the_leaderboard_and_past_ones_stay(bingo) -> None:
    alice, bob, carol = (bingo.world.user(n) for n in ("alice", "bob", "carol"))
    make_admin(bingo, "carol")
    refused = await bingo.driver("bob").slash(
        bingo.channel, "bingo settings leaderboard", min_games=1
    )
    assert refused.message is not None and refused.message.ephemeral
    await bingo.driver("carol").slash(bingo.channel, "bingo settings leaderboard", min_games=1)
    assert await bingo.db.min_games(bingo.world.guild.id) == 1

    await play_and_resign(bingo, "alice", "bob")  # bob wins before any season
    top = await board_of(bingo, "carol")
    assert top.embeds[0]["author"]["name"] == "Before the first season"
    assert ranked_ids(top) == [bob.id, alice.id]

    no = await bingo.driver("bob").slash(bingo.channel, "bingo season start", name="Spring")
    assert no.message is not None and no.message.ephemeral  # Manage Server only
    await start_season(bingo, "carol", "Spring")
    fresh = await board_of(bingo, "alice")
    assert fresh.embeds[0]["author"]["name"] == "Season 1: Spring"
    assert ranked_ids(fresh) == []

    await play_and_resign(bingo, "bob", "alice")  # alice wins in Spring
    spring = await board_of(bingo, "carol")
    assert ranked_ids(spring) == [alice.id, bob.id]
    earlier = await board_of(bingo, "carol", season="0")
    assert ranked_ids(earlier) == [bob.id, alice.id]
    both = await board_of(bingo, "carol", season="all-time")
    assert both.embeds[0]["author"]["name"] == "All-time"
    assert sorted(ranked_ids(both)) == sorted([alice.id, bob.id])
    assert "no rating here yet" in embed_field(both, "Your rating")

    choices = await bingo.driver("carol").autocomplete(
        bingo.channel, "bingo leaderboard", focused="season", season="spr"
    )
    assert [c["value"] for c in choices] == ["1"]
    bad = await bingo.driver("carol").slash(bingo.channel, "bingo leaderboard", season="Winter")
    assert bad.message is not None and bad.message.ephemeral and "Winter" in bad.message.text

    await bingo.driver("carol").slash(bingo.channel, "bingo stats", user=alice)
    stats = await bingo.driver("carol").wait_for_message(
        bingo.channel, lambda m: embed_title(m) == "BingoMagic — alice"
    )
    assert stats.embeds[0]["author"]["name"] == "Season 1: Spring"
    assert embed_field(stats, "Wins") == "1" and embed_field(stats, "Losses") == "0"
    assert embed_field(stats, "Rank") == "#1"
    assert carol.id not in ranked_ids(spring)


async def test_a_new_season_starts_only_once_confirmed(bingo) -> None:
    """``/bingo season start`` first asks its manager privately, saying what happens;
    nothing changes until Start is clicked (Cancel changes nothing), a question asked
    before another season started starts nothing, and the announcement names where the
    earlier standings are."""
    db, guild = bingo.db, bingo.world.guild
    alice, bob = bingo.world.user("alice"), bingo.world.user("bob")
    make_admin(bingo, "carol")
    await db.set_min_games(guild.id, 1)
    match_id = await new_match(db, (alice.id, bob.id), guild_id=guild.id)
    assert await finish(db, match_id, winner=alice.id, loser=bob.id, ended_at=1e9)
    await db.rate_match(match_id, 1e9)
    carol = bingo.driver("carol")

    question = await ask_season(bingo, "carol", "Spring")
    assert "Every member's rating in this server starts over from scratch" in question.content
    assert "`/bingo season list`" in question.content and "`season:`" in question.content
    assert [label for label, _ in carol.buttons(question)] == ["Start the new season", "Cancel"]
    later = await ask_season(bingo, "carol", "Summer")  # asked before Spring starts
    assert await db.current_season(guild.id) == 0
    assert ranked_ids(await board_of(bingo, "carol")) == [alice.id, bob.id]

    await carol.click(question, "Cancel")
    await bingo.emu.wait_for(
        lambda: bingo.emu.messages[question.id].content.startswith("Cancelled: no new season"),
        message="the question answered: cancelled",
    )
    assert bingo.emu.messages[question.id].components == []
    assert await db.current_season(guild.id) == 0
    assert ranked_ids(await board_of(bingo, "carol")) == [alice.id, bob.id]

    announcement = await start_season(bingo, "carol", "Spring")
    assert announcement.content == (
        "**Season 1: Spring** has started! Every rating in this server starts again from "
        "scratch. The earlier standings are kept: choose a season with `season:` in "
        "`/bingo leaderboard`."
    )
    assert await db.current_season(guild.id) == 1
    assert ranked_ids(await board_of(bingo, "carol")) == []

    await carol.click(later, "Start the new season")
    await bingo.emu.wait_for(
        lambda: bingo.emu.messages[later.id].content.startswith("Nothing started"),
        message="the older question refused",
    )
    assert await db.current_season(guild.id) == 1
    assert [s.name for s in await db.seasons(guild.id)] == ["Spring"]


async def test_sixty_players_page_by_page_without_those_who_left(bingo) -> None:
    """60 members with rated matches (and one with too few): six pages of ten with
    Previous / Next; a member who left is hidden once a look-up finds them gone."""
    emu, guild = bingo.emu, bingo.world.guild
    users = []
    for i in range(60):
        user = emu.create_user(f"p{i:02d}")
        emu.add_member(guild, user)
        users.append(user)
    db = bingo.db
    await db.set_min_games(guild.id, 2)
    for round_ in range(2):
        for i in range(0, 60, 2):
            a, b = users[i], users[i + 1]
            winner, loser = (a, b) if (i // 2 + round_) % 3 else (b, a)
            match_id = await new_match(db, (winner.id, loser.id), guild_id=guild.id)
            assert await finish(db, match_id, winner=winner.id, loser=loser.id, ended_at=1e9)
            await db.rate_match(match_id, 1e9)
    newcomer = bingo.world.user("alice")
    match_id = await new_match(db, (newcomer.id, users[0].id), guild_id=guild.id)
    await finish(db, match_id, winner=newcomer.id, loser=users[0].id, ended_at=1e9)
    await db.rate_match(match_id, 1e9)  # alice: one rated match, fewer than two

    carol = bingo.driver("carol")
    page = await board_of(bingo, "carol")
    seen: list[int] = []
    for number in range(1, 7):
        ids = ranked_ids(page)
        assert len(ids) == 10, number
        footer = page.embeds[0]["footer"]["text"]
        assert f"Page {number} of 6" in footer
        assert len(page.embeds[0]["description"]) < 2000
        seen.extend(ids)
        buttons = dict(carol.buttons(page))
        assert buttons["Previous"] is (number == 1) and buttons["Next"] is (number == 6)
        if number < 6:
            await carol.click(page, "Next")
            page = await carol.wait_for_message(
                bingo.channel,
                lambda m, n=number + 1, shown=page.id: (
                    m.id == shown and f"Page {n} of 6" in m.embeds[0]["footer"]["text"]
                ),
            )
    assert sorted(seen) == sorted(u.id for u in users) and newcomer.id not in seen
    ranks = [int(LINE.match(line)[1]) for line in page.embeds[0]["description"].splitlines()]
    assert ranks == list(range(51, 61))
    assert "On the leaderboard from 2 rated matches (1 so far)" in embed_field(
        await board_of(bingo, "alice"), "Your rating"
    )

    await carol.click(page, "Previous")
    await carol.wait_for_message(
        bingo.channel, lambda m: m.id == page.id and "Page 5 of 6" in m.embeds[0]["footer"]["text"]
    )

    first = ranked_ids(await board_of(bingo, "carol"))[0]
    emu.remove_member(guild, first)  # no members intent: the bot learns it by a look-up
    # As an hour later: found present before, looked up again now (the module the bot
    # loaded: an extension's modules are imported again with each bot).
    importlib.import_module("cogs.bingo._leaderboard").PRESENT_SEEN.clear()
    after = await board_of(bingo, "carol")
    assert first not in ranked_ids(after)
    assert "Page 1 of 6" in after.embeds[0]["footer"]["text"]  # 59 members: still 6 pages
    hidden = await db.departed(guild.id, time.time())
    assert hidden == {first}  # remembered: not looked up again for a day
    assert len(await db.standings(guild.id, 0, 1e9, min_games=2, hidden=hidden)) == 59


async def test_a_leaderboard_nobody_reached_says_what_it_takes(bingo) -> None:
    """Rated matches, but nobody with the server's minimum: the leaderboard says how many
    rated matches list a member (not that there are none), and tells a member who played
    some how many more they need; with no rated match at all it says so."""
    db, guild = bingo.db, bingo.world.guild
    alice, bob = bingo.world.user("alice"), bingo.world.user("bob")
    await db.set_min_games(guild.id, 3)
    empty = await board_of(bingo, "carol")
    assert empty.embeds[0]["description"] == "No rated matches in this server yet."

    match_id = await new_match(db, (alice.id, bob.id), guild_id=guild.id)
    assert await finish(db, match_id, winner=alice.id, loser=bob.id, ended_at=1e9)
    await db.rate_match(match_id, 1e9)
    board = await board_of(bingo, "alice")
    assert ranked_ids(board) == []
    assert board.embeds[0]["description"] == (
        "Nobody is listed yet: a member appears here after 3 rated matches in this server."
    )
    assert "2 more rated matches and you are listed." in embed_field(board, "Your rating")
    watcher = await board_of(bingo, "carol")
    assert watcher.embeds[0]["description"] == board.embeds[0]["description"]
    assert "no rating here yet" in embed_field(watcher, "Your rating")


async def test_tournament_standings_of_sixty_players_come_in_pages(bingo) -> None:
    """A tournament of 60 players: its standings are five pages of twelve, each message
    within 2,000 characters, with Previous / Next; nobody is cut off."""
    make_admin(bingo, "carol")
    carol = bingo.driver("carol")
    await carol.slash(bingo.channel, "bingo tournament create", name="Big Cup", minutes=30)
    tournament = await TournamentStore(bingo.db.backend).latest_of_guild(bingo.world.guild.id)
    assert tournament is not None
    users = []
    for i in range(60):
        user = bingo.emu.create_user(f"t{i:02d}")
        bingo.emu.add_member(bingo.world.guild, user)
        users.append(user)
        store = TournamentStore(bingo.db.backend)
        assert await store.join(tournament.id, user.id, 1.0, limit=1000) == "joined"
    await carol.slash(bingo.channel, "bingo tournament standings")
    page = await carol.wait_for_message(bingo.channel, lambda m: "Page 1 of 5" in m.content)
    seen = set()
    for number in range(1, 6):
        assert len(page.content) <= 2000
        seen |= {int(x) for x in re.findall(r"<@(\d+)>", page.content)}
        if number < 5:
            await carol.click(page, "Next")
            page = await carol.wait_for_message(
                bingo.channel,
                lambda m, n=number + 1, shown=page.id: (
                    m.id == shown and f"Page {n} of 5" in m.content
                ),
            )
    assert seen == {u.id for u in users}
    assert dict(carol.buttons(page)) == {"Previous": False, "Next": True}
