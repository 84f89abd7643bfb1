"""Stored puzzles (bot/storage/puzzles.py, docs/puzzles.md) on SQLite and PostgreSQL:
kept once per decision, offered in their order, answered and rated once, the puzzle of
the day, and gone with their match or their member."""

from __future__ import annotations

from pathlib import Path

from bot.ai.puzzles import MinedPuzzle
from bot.storage import Database, sql
from bot.storage.puzzles import NewPuzzle, PuzzleStore
from tests.storage.helpers import (
    ALICE,
    BOB,
    BOT,
    GUILD,
    bot_match,
    finish_cas,
    make_old_sqlite_file,
    new_match,
)

CAROL = 33


def mined(index: int, player: int, *, played: float = 0.4) -> NewPuzzle:
    """A puzzle of decision ``index`` of seat ``player``: placing a Swamp wins at once,
    passing (the move played) keeps ``played`` of the win chance."""
    puzzle = MinedPuzzle(
        index=index,
        player=player,
        decision="main",
        chosen="pass",
        best="place:2",
        rival="place:0",
        chances={"place:0": 0.6, "place:2": 1.0, "pass": played},
        gap=0.4,
        noise=0.05,
        worlds=64,
    )
    return NewPuzzle(index, player, puzzle.to_json(), 1)


async def finished_bot_match(db: Database, member: int = ALICE, guild_id: int = GUILD) -> int:
    match_id = await bot_match(db, member, guild_id=guild_id)
    assert match_id is not None
    assert await finish_cas(db, match_id, "win", member, BOT)
    return match_id


async def finished_match(db: Database, players: tuple[int, int], guild_id: int = GUILD) -> int:
    match_id = await new_match(db, players, guild_id=guild_id)
    assert await finish_cas(db, match_id, "win", players[0], players[1])
    return match_id


SELFPLAY = [
    {
        "seed": 1000 + n,
        "levels": ["medium", "easy"],
        "history": [[0, "keep"], [1, "keep"]],
        "index": 1,
        "player": 1,
        "method": 1,
        "data": mined(1, 1).data,
    }
    for n in range(3)
]


async def test_mined_puzzles_are_kept_once_with_their_seats(db: Database, db_target) -> None:
    """A match against the bot: the member's decision names the member, the bot's names
    nobody; mining again keeps the first; the match is marked mined."""
    store = PuzzleStore(db.backend)
    match_id = await finished_bot_match(db)
    await db.save_analysis(match_id, 2, 40, [], 10.0)
    assert await store.unmined_matches(2, 1) == [match_id]
    ids = await store.save_mined(match_id, 1, [mined(3, 0), mined(5, 1)], 20.0)
    assert len(ids) == 2
    assert await store.unmined_matches(2, 1) == []
    assert await store.unmined_matches(2, 2) == [match_id]  # another puzzle method
    mine, bots = [await store.puzzle(i) for i in ids]
    assert mine is not None and bots is not None
    assert (mine.user_id, mine.guild_id, mine.match_id, mine.index) == (ALICE, GUILD, match_id, 3)
    assert bots.user_id is None and bots.player == 1
    assert mine.lost == 0.6 and mine.rating.rating == 1500
    assert mine.history == [[0, "resign"]] and mine.seed == 7  # the match's own
    assert await store.save_mined(match_id, 1, [mined(3, 0)], 30.0) == [ids[0]]
    assert [p.id for p in await store.match_puzzles(match_id)] == ids
    if isinstance(db_target, Path):  # nothing is lost on a restart
        await db.close()
        again = await Database.open(db_target)
        try:
            found = await PuzzleStore(again.backend).puzzle(ids[0])
            assert found is not None and found.data == mine.data
        finally:
            await again.close()


async def test_a_match_gone_or_live_gives_no_puzzle(db: Database) -> None:
    store = PuzzleStore(db.backend)
    assert await store.save_mined(12345, 1, [mined(3, 0)], 20.0) == []
    live = await bot_match(db, BOB)
    assert live is not None
    assert await store.save_mined(live, 1, [mined(3, 0)], 20.0) == []


async def test_the_next_puzzle_is_your_own_then_the_servers_then_the_bots(db: Database) -> None:
    store = PuzzleStore(db.backend)
    await store.load_selfplay(SELFPLAY, 1.0)
    older = await finished_match(db, (ALICE, BOB))
    newer = await finished_bot_match(db, ALICE)
    [alice_old, bob_old] = await store.save_mined(older, 1, [mined(2, 0), mined(4, 1)], 5.0)
    [small, big] = await store.save_mined(
        newer, 1, [mined(6, 0, played=0.7), mined(8, 0, played=0.1)], 6.0
    )
    order = []
    while (found := await store.next_puzzle(ALICE, GUILD)) is not None:
        record, kind = found
        order.append((record.id, kind))
        await store.answer(record.id, ALICE, "place:2", True, 100, 7.0)
    selfplay = [kind for _, kind in order[4:]]
    # own: the newest match first, the costlier mistake first; then the server's; then
    # the self-play puzzles
    assert order[:4] == [(big, "own"), (small, "own"), (alice_old, "own"), (bob_old, "server")]
    assert selfplay == ["selfplay"] * 3
    # in a DM: no server's puzzles
    first = await store.next_puzzle(CAROL, None)
    assert first is not None and first[1] == "selfplay"
    assert (await store.next_puzzle(CAROL, GUILD))[1] == "server"  # type: ignore[index]


async def test_the_first_answer_is_rated_and_later_ones_are_not(db: Database) -> None:
    store = PuzzleStore(db.backend)
    match_id = await finished_bot_match(db)
    [puzzle_id] = await store.save_mined(match_id, 1, [mined(3, 0)], 5.0)
    first = await store.answer(puzzle_id, BOB, "place:2", True, 100, 10.0)
    assert first is not None and first.first and first.solved
    assert first.rating_after > first.rating_before == 1500
    assert first.puzzle_rating < 1500
    assert first.player.streak == 1 and first.player.last_day == 100
    again = await store.answer(puzzle_id, BOB, "pass", False, 101, 11.0)
    assert again is not None and not again.first and not again.solved
    assert again.rating_after == again.rating_before == first.rating_after
    stored = await store.attempt_of(puzzle_id, BOB)
    assert stored is not None and (stored.action, stored.solved, stored.day) == (
        "place:2",
        True,
        100,
    )
    standing = await store.player(BOB)
    assert (standing.attempts, standing.solved, standing.streak) == (1, 1, 1)
    puzzle = await store.puzzle(puzzle_id)
    assert puzzle is not None and (puzzle.attempts, puzzle.solved) == (1, 1)
    missed = await store.answer(puzzle_id, CAROL, "pass", False, 100, 12.0)
    assert missed is not None and missed.rating_after < 1500 and missed.player.streak == 0
    puzzle = await store.puzzle(puzzle_id)
    assert puzzle is not None and (puzzle.attempts, puzzle.solved) == (2, 1)
    assert await store.answer(98765, BOB, "pass", False, 100, 13.0) is None


async def test_the_puzzle_of_the_day_is_chosen_once(db: Database) -> None:
    store = PuzzleStore(db.backend)
    assert await store.day_puzzle(GUILD, 100, 7) is None  # no puzzle at all
    await store.load_selfplay(SELFPLAY, 1.0)
    day = await store.day_puzzle(GUILD, 100, 7)
    assert day is not None
    assert (await store.day_puzzle(GUILD, 100, 8)).puzzle_id == day.puzzle_id  # type: ignore[union-attr]
    # the server's own puzzles first, each shown on one day only
    match_id = await finished_match(db, (ALICE, BOB))
    ids = await store.save_mined(match_id, 1, [mined(2, 0), mined(4, 1)], 5.0)
    shown = {(await store.day_puzzle(GUILD, d, d)).puzzle_id for d in (101, 102)}  # type: ignore[union-attr]
    assert shown == set(ids)
    third = await store.day_puzzle(GUILD, 103, 0)
    assert third is not None and third.puzzle_id not in ids  # then the self-play ones
    assert await store.set_day_post(GUILD, 103, 55, 66)
    assert not await store.set_day_post(GUILD, 103, 55, 67)  # posted once
    posted = await store.day_puzzle(GUILD, 103, 0)
    assert posted is not None and (posted.channel_id, posted.message_id) == (55, 66)


async def test_erasure_deletes_the_puzzles_of_the_members_matches_and_decisions(
    db: Database,
) -> None:
    """alice's match against the bot goes with its puzzles (the bot's decisions too); in
    her match with bob, the puzzle of her decision goes and bob's stays; her answers and
    rating go, and so do others' answers to her puzzles."""
    store = PuzzleStore(db.backend)
    practice = await finished_bot_match(db, ALICE)
    shared = await finished_match(db, (ALICE, BOB))
    gone = await store.save_mined(practice, 1, [mined(3, 0), mined(5, 1)], 5.0)
    [hers, bobs] = await store.save_mined(shared, 1, [mined(2, 0), mined(4, 1)], 5.0)
    await store.answer(bobs, ALICE, "place:2", True, 100, 6.0)
    await store.answer(hers, BOB, "pass", False, 100, 6.0)
    await store.answer(bobs, BOB, "place:2", True, 100, 7.0)
    day = await store.day_puzzle(GUILD, 100, 0)
    assert day is not None

    export = await db.export_member(ALICE, 50.0)
    puzzles = export["puzzles"]
    assert puzzles["answered"] == 1 and puzzles["solved"] == 1
    assert puzzles["rating"]["rating"] > 1500
    assert puzzles["streak"] == {"days": 1, "best": 1, "last_day": "1970-04-11"}
    assert [a["puzzle_id"] for a in puzzles["answers"]] == [bobs]
    assert {p["puzzle_id"] for p in puzzles["from_your_matches"]} == {gone[0], hers}
    assert all(p["server_id"] == str(GUILD) for p in puzzles["from_your_matches"])

    await db.erase_member(ALICE, 60.0)
    for puzzle_id in (*gone, hers):
        assert await store.puzzle(puzzle_id) is None
    assert await store.puzzle(bobs) is not None
    assert await store.attempt_of(bobs, ALICE) is None
    assert await store.attempt_of(hers, BOB) is None
    assert await store.attempt_of(bobs, BOB) is not None
    assert (await store.player(ALICE)).attempts == 0
    assert await store.unmined_matches(2, 1) == []
    empty = (await db.export_member(ALICE, 70.0))["puzzles"]
    assert empty == {
        "rating": None,
        "answered": 0,
        "solved": 0,
        "streak": None,
        "answers": [],
        "from_your_matches": [],
    }
    # a day whose puzzle went gets another
    again = await store.day_puzzle(GUILD, 100, 0)
    assert again is None or await store.puzzle(again.puzzle_id) is not None


async def test_a_purge_deletes_the_servers_puzzles_only(db: Database) -> None:
    store = PuzzleStore(db.backend)
    await store.load_selfplay(SELFPLAY, 1.0)
    here = await finished_match(db, (ALICE, BOB))
    there = await finished_match(db, (ALICE, BOB), guild_id=GUILD + 1)
    [gone] = await store.save_mined(here, 1, [mined(2, 0)], 5.0)
    [kept] = await store.save_mined(there, 1, [mined(2, 0)], 5.0)
    await store.answer(gone, CAROL, "pass", False, 100, 6.0)
    await store.day_puzzle(GUILD, 100, 0)
    await db.purge_guild(GUILD)
    assert await store.puzzle(gone) is None and await store.puzzle(kept) is not None
    assert await store.attempt_of(gone, CAROL) is None
    assert await store.selfplay_count() == 3
    assert await db.backend.fetchval("SELECT COUNT(*) FROM puzzle_days", ()) == 0


async def test_the_self_play_puzzles_load_once(db: Database) -> None:
    store = PuzzleStore(db.backend)
    assert await store.load_selfplay(SELFPLAY, 1.0) == 3
    assert await store.load_selfplay(SELFPLAY, 2.0) == 0
    assert await store.selfplay_count() == 3
    found = await store.next_puzzle(ALICE, None)
    assert found is not None
    record, kind = found
    assert kind == "selfplay" and record.levels == ["medium", "easy"] and record.guild_id is None


async def test_an_existing_database_gains_the_puzzle_tables(db_path) -> None:
    before = sql.MIGRATIONS.index(sql.MIGRATION_PUZZLES)
    with make_old_sqlite_file(db_path, before) as con:
        con.execute(
            "INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, seed, "
            "started_at, ended_at, status) VALUES (?, 1, ?, ?, 1, 10.0, 20.0, 'finished')",
            (GUILD, ALICE, BOB),
        )
        con.execute(
            "INSERT INTO match_analyses (match_id, method, worlds, data, created_at) "
            "VALUES (1, 2, 40, '[]', 30.0)"
        )
    db = await Database.open(db_path)
    try:
        assert {"puzzles", "puzzle_attempts", "puzzle_players", "puzzle_mined", "puzzle_days"} <= (
            await db.backend.table_names()
        )
        # the match analysed before the upgrade is mined at the next start-up
        assert await PuzzleStore(db.backend).unmined_matches(2, 1) == [1]
    finally:
        await db.close()
