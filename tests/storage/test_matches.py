"""Matches: JSON round trips, saving, lookups and the atomic finish with stats."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Database
from tests.storage.helpers import (
    CHANNEL,
    GUILD,
    assert_racing_finishes_count_once,
    draw,
    finish,
    new_match,
    play,
)

STATE = {
    "turn": 3,
    "library": ["Plains", "Island", "Swamp", "Mountain", "Forest"] * 12,
    "hands": {"0": ["Island"], "1": []},
    "nested": {"flags": [True, False, None], "ratio": 0.25, "big": 2**62},
    "note": "Émeraude — 🃏",
}


async def test_match_state_round_trips_as_json(db: Database) -> None:
    """Options, state, decisions and ui come back equal to what was stored."""
    match_id = await db.create_match(
        guild_id=GUILD,
        channel_id=CHANNEL,
        player_ids=(10, 20),
        seed=123456789,
        options={"library": 60, "mode": "bingo"},
        state=STATE,
        decisions=[{"player": 0, "choice": "keep"}, [1, 2]],
        version=4,
        started_at=1.5,
        deadline=121.5,
        ui={"hands": {"10": 99}},
    )
    match = await db.get_match(match_id)
    assert match is not None
    assert match.state == STATE
    assert match.options == {"library": 60, "mode": "bingo"}
    assert match.decisions == [{"player": 0, "choice": "keep"}, [1, 2]]
    assert match.ui == {"hands": {"10": 99}}
    assert (match.player_ids, match.seed, match.version) == ((10, 20), 123456789, 4)
    assert (match.started_at, match.deadline, match.status) == (1.5, 121.5, "active")
    assert (match.result, match.winner_id, match.ended_at) == (None, None, None)


async def test_missing_match_is_none(db: Database) -> None:
    """Looking up an unknown match id returns None."""
    assert await db.get_match(404) is None


async def test_match_needs_two_different_players(db: Database) -> None:
    """A player cannot be matched against themselves."""
    with pytest.raises(ValueError):
        await new_match(db, (5, 5))


async def test_non_json_state_is_rejected(db: Database) -> None:
    """NaN cannot be stored as JSON, so the write is refused before touching SQL."""
    with pytest.raises(ValueError):
        await new_match(db, state={"x": math.nan})
    assert await db.active_matches() == []


def test_every_match_write_is_a_compare_and_set() -> None:
    """The old writes without a version check are gone: play is stored only through
    save_match_cas / finish_match_cas."""
    assert not hasattr(Database, "save_match")
    assert not hasattr(Database, "finish_match")


async def test_save_match_is_durable(db_target: str | Path) -> None:
    """A saved state is visible from a fresh connection once save_match_cas returns."""
    db = await Database.open(db_target)
    try:
        match_id = await new_match(db)
        saved = await db.save_match_cas(
            match_id, 0, state={"turn": 2}, decisions=["keep"], version=1, deadline=None,
            log=lambda old: [*old, {"type": "turn"}],
        )  # fmt: skip
        assert saved is True
    finally:
        await db.close()
    db = await Database.open(db_target)
    try:
        match = await db.get_match(match_id)
    finally:
        await db.close()
    assert match is not None
    assert (match.state, match.decisions, match.version) == ({"turn": 2}, ["keep"], 1)
    assert (match.deadline, match.ui, match.log) == (None, {}, [{"type": "turn"}])


async def test_public_log_grows_across_processes(db_target: str | Path) -> None:
    """Each commit extends the public log stored at the version it expects, also when
    another process (another connection) committed the match in between: the log one
    process keeps of its own commits never replaces the stored one."""

    def add(event: str) -> Callable[[list[Any]], list[Any]]:
        return lambda old: [*old, {"type": event}]

    first, second = await Database.open(db_target), await Database.open(db_target)
    try:
        match_id = await new_match(first)
        common = {"decisions": [], "deadline": None}
        assert await first.save_match_cas(match_id, 0, state={}, version=1, log=add("a"), **common)
        assert await first.save_match_cas(match_id, 1, state={}, version=2, log=add("b"), **common)
        assert await second.save_match_cas(match_id, 2, state={}, version=3, log=add("c"), **common)
        assert await first.save_match_cas(match_id, 3, state={}, version=4, log=add("d"), **common)
        assert not await first.save_match_cas(
            match_id, 3, state={}, version=4, log=add("lost"), **common
        )
        assert await first.save_match_cas(match_id, 4, state={}, version=5, log=add("e"), **common)
        match = await second.get_match(match_id)
    finally:
        await first.close()
        await second.close()
    assert match is not None and match.version == 5
    assert [entry["type"] for entry in match.log] == ["a", "b", "c", "d", "e"]


async def test_save_match_leaves_finished_matches_alone(db: Database) -> None:
    """Saving after the match finished returns False and keeps the final state."""
    match_id = await new_match(db)
    await finish(db, match_id, winner=1, loser=2)
    saved = await db.save_match_cas(
        match_id, 9, state={"late": True}, decisions=[], version=99, deadline=5.0
    )
    match = await db.get_match(match_id)
    assert saved is False
    assert match is not None and match.state == {"over": True} and match.version == 9


async def test_board_message_and_ui_are_stored(db: Database) -> None:
    """set_board_message and save_match_uis update only their own columns; a ui for
    another version of the match is not written."""
    match_id = await new_match(db)
    await db.set_board_message(match_id, 777)
    version = (await db.get_match(match_id)).version
    await db.save_match_uis([(match_id, version + 1, {"stale": True})])
    await db.save_match_uis([(match_id, version, {"hand_messages": {"1": 5}})])
    assert await db.match_versions([match_id, 404]) == {match_id: version}
    match = await db.get_match(match_id)
    assert match is not None
    assert (match.board_message_id, match.ui, match.state) == (
        777,
        {"hand_messages": {"1": 5}},
        {"turn": 1},
    )


async def test_active_matches_excludes_finished(db: Database) -> None:
    """Only active matches (of every guild) are listed, oldest first."""
    first = await new_match(db, (1, 2))
    done = await new_match(db, (3, 4))
    other_guild = await new_match(db, (5, 6), guild_id=GUILD + 1)
    await finish(db, done, winner=3, loser=4)
    assert [m.id for m in await db.active_matches()] == [first, other_guild]


async def test_active_matches_are_counted_by_guild(db: Database) -> None:
    """The live-match count: active matches per guild; finished ones and guilds with
    none left out."""
    assert await db.active_matches_by_guild() == {}
    await new_match(db, (1, 2))
    done = await new_match(db, (3, 4))
    await new_match(db, (5, 6))
    await new_match(db, (7, 8), guild_id=GUILD + 1)
    await new_match(db, (9, 10), guild_id=GUILD + 2)
    await finish(db, done, winner=3, loser=4)
    await finish(db, await new_match(db, (11, 12), guild_id=GUILD + 3), winner=11, loser=12)
    assert await db.active_matches_by_guild() == {GUILD: 2, GUILD + 1: 1, GUILD + 2: 1}


async def test_active_match_of_finds_either_seat_in_guild(db: Database) -> None:
    """A user's active match is found whether they sit first or second, per guild."""
    match_id = await new_match(db, (1, 2))
    for user in (1, 2):
        found = await db.active_match_of(GUILD, user)
        assert found is not None and found.id == match_id
    assert await db.active_match_of(GUILD + 1, 1) is None
    assert await db.active_match_of(GUILD, 3) is None


async def test_active_match_of_ignores_finished_match(db: Database) -> None:
    """Once finished, a match is no longer the user's active match."""
    match_id = await new_match(db, (1, 2))
    await finish(db, match_id, winner=2, loser=1)
    assert await db.active_match_of(GUILD, 1) is None


async def test_finish_match_records_result(db: Database) -> None:
    """Finishing stores the final state, result fields and clears the deadline."""
    match_id = await new_match(db, (1, 2))
    assert await finish(db, match_id, winner=2, loser=1, ended_at=250.0) is True
    match = await db.get_match(match_id)
    assert match is not None
    assert (match.status, match.result, match.winner_id, match.loser_id) == (
        "finished",
        "win",
        2,
        1,
    )
    assert (match.reason, match.turns, match.ended_at, match.deadline) == ("bingo", 7, 250.0, None)
    assert (match.state, match.decisions, match.version, match.log) == (
        {"over": True},
        [{"kind": "end"}],
        9,
        [{"type": "end"}],
    )


async def test_finish_match_counts_win_and_loss(db: Database) -> None:
    """The winner gains a win and the loser a loss."""
    await play(db, winner=1, loser=2)
    winner = await db.player_stats(GUILD, 1)
    loser = await db.player_stats(GUILD, 2)
    assert winner is not None and (winner.wins, winner.losses, winner.draws) == (1, 0, 0)
    assert loser is not None and (loser.wins, loser.losses, loser.draws) == (0, 1, 0)


async def test_finish_match_twice_counts_once(db: Database) -> None:
    """A second finish returns False and leaves the match and stats unchanged."""
    match_id = await play(db, winner=1, loser=2, at=200.0)
    again = await db.finish_match_cas(
        match_id,
        9,
        state={"other": 1},
        decisions=[],
        version=50,
        outcome="win",
        winner_id=2,
        loser_id=1,
        reason="timeout",
        turns=1,
        ended_at=999.0,
    )
    assert again is False
    match = await db.get_match(match_id)
    assert match is not None and (match.winner_id, match.ended_at, match.version) == (1, 200.0, 9)
    stats = await db.player_stats(GUILD, 1)
    assert stats is not None and (stats.wins, stats.losses) == (1, 0)


async def test_concurrent_finishes_count_once(db: Database) -> None:
    """Racing finishes (e.g. a resign and a timeout) update stats exactly once."""
    await assert_racing_finishes_count_once(db, db)


async def test_draw_counts_for_both_players(db: Database) -> None:
    """A draw gives each player one draw and no win or loss."""
    await draw(db, 1, 2)
    for user in (1, 2):
        stats = await db.player_stats(GUILD, user)
        assert stats is not None and (stats.wins, stats.losses, stats.draws) == (0, 0, 1)


async def test_finish_unknown_match_is_false(db: Database) -> None:
    """Finishing a match that does not exist changes nothing."""
    assert await finish(db, 404, winner=1, loser=2) is False
    assert await db.leaderboard(GUILD) == []


async def test_finish_with_outsider_winner_changes_nothing(db: Database) -> None:
    """A winner who is not in the match is refused and the match stays active."""
    match_id = await new_match(db, (1, 2))
    with pytest.raises(ValueError):
        await finish(db, match_id, winner=3, loser=2)
    match = await db.get_match(match_id)
    assert match is not None and match.status == "active"
    assert await db.leaderboard(GUILD) == []


async def test_draw_with_a_winner_is_refused(db: Database) -> None:
    """A draw naming a winner is inconsistent and rejected."""
    match_id = await new_match(db, (1, 2))
    with pytest.raises(ValueError):
        await db.finish_match_cas(
            match_id,
            0,
            state={},
            decisions=[],
            version=1,
            outcome="draw",
            winner_id=1,
            loser_id=None,
            reason="x",
            turns=1,
            ended_at=1.0,
        )


async def test_recent_matches_newest_first_with_limit(db: Database) -> None:
    """Only the user's finished matches in the guild, newest first, at most limit."""
    oldest = await play(db, 1, 2, at=100.0)
    newest = await play(db, 3, 1, at=300.0)
    middle = await play(db, 1, 4, at=200.0)
    await play(db, 2, 3, at=400.0)
    await play(db, 1, 2, guild_id=GUILD + 1, at=500.0)
    await new_match(db, (1, 5))
    assert [m.id for m in await db.recent_matches(GUILD, 1)] == [newest, middle, oldest]
    assert [m.id for m in await db.recent_matches(GUILD, 1, limit=2)] == [newest, middle]


async def test_unannounced_matches_are_finished_ones_without_the_flag(db: Database) -> None:
    """A finished match is unannounced until it is marked announced (a column, not a key
    of its ui); active ones never are."""
    active = await new_match(db, (1, 2))
    done = await new_match(db, (3, 4))
    await finish(db, done, winner=3, loser=4)
    assert [m.id for m in await db.unannounced_matches()] == [done]
    await db.save_match_uis([(done, (await db.get_match(done)).version, {"announced": True})])
    assert [m.id for m in await db.unannounced_matches()] == [done]
    await db.set_match_announced(done)
    assert await db.unannounced_matches() == []
    assert active not in [m.id for m in await db.unannounced_matches()]


# --- no result, and rows that cannot be loaded --------------------------------------


async def test_no_result_counts_for_nobody(db: Database) -> None:
    """A match ended from outside (result None, reason no_result) is finished, listed
    among recent matches, and adds no win, loss or draw to anyone."""
    counted = await new_match(db, (1, 2))
    await finish(db, counted, winner=1, loser=2)
    match_id = await new_match(db, (1, 2))
    done = await db.finish_match_cas(
        match_id,
        0,
        state={"over": True},
        decisions=[[None, "abandon"]],
        version=3,
        outcome="no_result",
        winner_id=None,
        loser_id=None,
        reason="no_result",
        turns=2,
        ended_at=300.0,
    )
    assert done is True
    record = await db.get_match(match_id)
    assert record is not None and record.status == "finished" and record.result is None
    assert await db.active_match_of(GUILD, 1) is None
    stats = await db.player_stats(GUILD, 2)
    assert stats is not None and (stats.wins, stats.losses, stats.draws) == (0, 1, 0)
    assert [m.id for m in await db.recent_matches(GUILD, 2)] == [match_id, counted]


async def test_no_result_with_a_winner_is_refused(db: Database) -> None:
    match_id = await new_match(db, (1, 2))
    with pytest.raises(ValueError):
        await db.finish_match_cas(
            match_id, 0, state={}, decisions=[], version=1, outcome="no_result",
            winner_id=1, loser_id=2, reason="no_result", turns=1, ended_at=1.0,
        )  # fmt: skip


async def test_an_unreadable_active_row_is_set_aside(db: Database) -> None:
    """active_matches skips (and sets aside) a row whose JSON is not JSON; the others
    load, and the set-aside match blocks neither player nor shows anywhere."""
    broken = await new_match(db, (1, 2))
    fine = await new_match(db, (3, 4))
    await db.backend.execute("UPDATE matches SET state = '{not json' WHERE id = ?", (broken,))
    assert [m.id for m in await db.active_matches()] == [fine]
    row = await db.backend.fetchone(
        "SELECT status, reason, result FROM matches WHERE id = ?", (broken,)
    )
    assert tuple(row) == ("finished", "broken", None)
    assert await db.active_match_of(GUILD, 1) is None
    assert await db.recent_matches(GUILD, 1) == []
    assert await db.unannounced_matches() == []


async def test_set_match_broken_only_touches_active_matches(db: Database) -> None:
    match_id = await new_match(db, (1, 2))
    assert await db.set_match_broken(match_id, ended_at=5.0) is True
    assert await db.set_match_broken(match_id, ended_at=6.0) is False
    record = await db.get_match(match_id)
    assert record is not None and record.reason == "broken" and record.ended_at == 5.0
    assert record.state == {"turn": 1}  # kept for inspection


async def test_a_new_matchs_first_commit_opens_no_transaction(db: Database) -> None:
    """Every way of creating a match remembers the log it was stored with, so its first
    commit is one compare-and-set UPDATE (the log extended in this process), not a
    transaction that reads the log back under the write lock."""
    opened: list[tuple[Any, ...]] = []
    transaction = db.backend.transaction

    def counting(*keys: Any) -> Any:
        opened.append(keys)
        return transaction(*keys)

    created = [await new_match(db)]
    challenge_id = await db.create_challenge(
        GUILD, CHANNEL, 3, 4, 100.0, 400.0, {}, per_pair=1, per_challenger=3
    )
    columns = {
        "seed": 1, "options": {}, "state": {}, "decisions": [], "version": 2,
        "started_at": 100.0, "deadline": None, "ui": {}, "log": [{"type": "start"}],
    }  # fmt: skip
    accepted = await db.accept_challenge(challenge_id, player_ids=(3, 4), **columns)
    assert accepted is not None
    created.append(accepted)
    bot_match = await db.create_bot_match(
        guild_id=GUILD, channel_id=CHANNEL, player_ids=(5, 6), ai_seat=1, ai_level="easy",
        **columns,
    )  # fmt: skip
    assert bot_match is not None
    created.append(bot_match)
    db.backend.transaction = counting  # type: ignore[method-assign]
    try:
        for match_id, version in zip(created, (0, 2, 2), strict=True):
            assert await db.save_match_cas(
                match_id, version, state={}, decisions=[], version=version + 1, deadline=None,
                log=lambda old: [*old, {"type": "turn"}],
            )  # fmt: skip
    finally:
        del db.backend.transaction
    assert opened == [], "no commit opened a transaction"
    logs = [(await db.get_match(match_id)).log for match_id in created]  # type: ignore[union-attr]
    assert logs == [
        [{"type": "turn"}],
        [{"type": "start"}, {"type": "turn"}],
        [{"type": "start"}, {"type": "turn"}],
    ]
