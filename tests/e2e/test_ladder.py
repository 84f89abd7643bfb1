"""The global ladder (docs/ladder.md), end to end: alice (server "First") and bob
(server "Second", no server shared) join the ladder under names of their choosing, play
a ranked queue match in their DMs to a result, and ``/bingo ladder show`` lists both, in
either server and in a DM; a member who leaves is no longer listed. Pages turn with
Previous / Next."""

from __future__ import annotations

import re
import time

from bot import ladder as rules
from bot.storage.base import NO_SERVER
from emulator.models import Channel, Message

from .helpers import BotWorld, embed_field, embed_title, eventually
from .test_queue import TwoServers, _async, play_in_dms, queue, servers, waiting_text

__all__ = ["servers"]

TITLE = "Global ladder"
LINE = re.compile(r"^\*\*(\d+)\.\*\* (.+?) — (-?\d+\.\d)")


async def show(bw: BotWorld, who: str, channel: Channel | None, **options) -> Message:
    """``who`` runs ``/bingo ladder show`` in ``channel`` (None: their DM): the public
    answer."""
    driver = bw.driver(who)
    before = {m.id for m in driver.messages(channel)}
    await driver.slash(channel, "bingo ladder show", **options)
    return await driver.wait_for_message(
        channel, lambda m: m.id not in before and m.embeds and embed_title(m) == TITLE
    )


def names(message: Message) -> list[str]:
    lines = (message.embeds[0].get("description") or "").splitlines()
    return [found[2] for line in lines if (found := LINE.match(line))]


async def private(bw: BotWorld, who: str, channel: Channel | None, command: str, **options) -> str:
    record = await bw.driver(who).slash(channel, command, **options)
    reply = await record.wait_for_response()
    assert reply.ephemeral, reply.text
    return reply.text


async def test_members_who_joined_are_listed_after_a_queue_match(servers: TwoServers) -> None:
    two, bw = servers, servers.bw
    alice = two.driver("alice")
    joined = await private(bw, "alice", bw.channel, "bingo ladder join", name="Alice  the Great")
    assert "You're on the global ladder as **Alice the Great**" in joined
    # From a DM too; a name like hers, a mention or markdown is refused, privately.
    taken = await private(bw, "bob", None, "bingo ladder join", name="alice-the-great")
    assert "is taken on the ladder" in taken
    assert "only hold letters" in await private(
        bw, "bob", None, "bingo ladder join", name=f"<@{alice.user.id}>"
    )
    assert "only hold letters" in await private(bw, "bob", None, "bingo ladder join", name="**B**")
    assert "too short" in await private(bw, "bob", None, "bingo ladder join", name="B")
    assert "as **Bobby**" in await private(bw, "bob", None, "bingo ladder join", name="Bobby")

    empty = await show(bw, "carol", bw.channel)
    assert not empty.ephemeral and names(empty) == []
    assert "Nobody on the ladder has played" in empty.embeds[0]["description"]
    assert "Join the ladder with" in (embed_field(empty, "Your place") or "")

    bob_wait = await queue(two, "bob", two.second)
    alice_wait = await queue(two, "alice", bw.channel)
    await eventually(
        lambda: _async(lambda: "Opponent found" in waiting_text(two, alice_wait)), "the pair"
    )
    assert bob_wait
    match_id = await bw.db.backend.fetchval("SELECT id FROM matches WHERE kind = 'queue'")
    await play_in_dms(two, match_id, ("alice", "bob"))
    await eventually(
        lambda: bw.db.backend.fetchval("SELECT COUNT(*) FROM queue_results"), "the queue rating"
    )
    won = await bw.db.backend.fetchone(
        "SELECT result, winner_id FROM matches WHERE id = ?", (match_id,)
    )

    # Bob's server, alice's server and a DM all show the same ladder, by chosen names.
    in_second = await show(bw, "bob", two.second)
    assert sorted(names(in_second)) == ["Alice the Great", "Bobby"]
    season = rules.season_at(time.time())
    assert in_second.embeds[0]["author"]["name"] == (
        f"Ladder season {season.number} · {season.year} Q{season.quarter}"
    )
    if won["result"] != "draw":
        first = "Alice the Great" if won["winner_id"] == alice.user.id else "Bobby"
        assert names(in_second)[0] == first
    assert embed_field(in_second, "Your place") is None  # bob is on the page shown
    in_first = await show(bw, "carol", bw.channel)
    assert names(in_first) == names(in_second)
    assert "Join the ladder with" in (embed_field(in_first, "Your place") or "")
    in_dm = await show(bw, "alice", None)
    assert names(in_dm) == names(in_second)
    all_time = await show(bw, "alice", None, season="all-time")
    assert all_time.embeds[0]["author"]["name"] == "All-time"
    assert names(all_time) == names(in_second)
    bad = await private(bw, "alice", None, "bingo ladder show", season="99")
    assert "There is no ladder season" in bad

    # alice leaves: no longer listed, her name no longer stored.
    left = await private(bw, "alice", None, "bingo ladder leave")
    assert "your ladder name is deleted" in left
    after = await show(bw, "bob", two.second)
    assert names(after) == ["Bobby"]
    count = "SELECT COUNT(*) FROM ladder_members WHERE name = ?"
    assert await bw.db.backend.fetchval(count, ("Alice the Great",)) == 0
    assert "You're not on the ladder" in await private(bw, "alice", None, "bingo ladder leave")


async def test_pages_turn_with_previous_and_next(bingo: BotWorld) -> None:
    """23 members on the ladder with a queue match each: three pages of 10, turned in
    place by Previous and Next; the reader's own place shows below another page."""
    db, now = bingo.db.backend, rules.season_at(time.time())
    alice = bingo.driver("alice").user.id
    ids = [alice, *range(10_001, 10_023)]
    for i, uid in enumerate(ids):
        await db.execute(
            "INSERT INTO ladder_members (user_id, name, name_key, joined_at) VALUES (?, ?, ?, ?)",
            (uid, f"Player {i:02d}", f"player{i:02d}", now.start),
        )
    for i, uid in enumerate(ids):  # each beats a member who never joined
        match_id = await db.fetchval(
            "INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, seed, options,"
            " decisions, state, version, status, ui, log, config, started_at, ended_at, kind,"
            " result, winner_id, loser_id) VALUES (?, ?, ?, ?, 1, '{}', '[]', '{}', 1,"
            " 'finished', '{}', '[]', '{}', ?, ?, 'queue', 'win', ?, ?) RETURNING id",
            (NO_SERVER, NO_SERVER, uid, 20_000 + i, now.start, now.start + 10 + i, uid, 20_000 + i),
        )
        assert match_id
    page = await show(bingo, "bob", bingo.channel)
    assert len(names(page)) == 10 and "Page 1 of 3" in page.embeds[0]["footer"]["text"]
    seen = list(names(page))

    def footer() -> str:
        return bingo.emu.messages[page.id].embeds[0]["footer"]["text"]

    for number in (2, 3):
        await bingo.driver("bob").click(bingo.emu.messages[page.id], "Next")
        await eventually(
            lambda n=number: _async(lambda: f"Page {n} of 3" in footer()), f"page {number}"
        )
        seen += names(bingo.emu.messages[page.id])
    assert sorted(seen) == sorted(f"Player {i:02d}" for i in range(23))
    await bingo.driver("bob").click(page, "Previous")
    await eventually(
        lambda: _async(
            lambda: "Page 2 of 3" in bingo.emu.messages[page.id].embeds[0]["footer"]["text"]
        ),
        "page 2 again",
    )
    mine = await show(bingo, "alice", bingo.channel)
    if "Player 00" not in names(mine):
        assert "Player 00" in (embed_field(mine, "Your place") or "")
