"""Schema v2: saved decks, the card-type cache and mulligan practice statistics."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot import limits
from bot.storage import MAX_DECK_NAME_LENGTH, Database, DeckLimitError, sql
from bot.storage.database import migration_scripts

GUILD = 1000
OTHER_GUILD = 1001
BURN = [(4, "Lightning Bolt"), (4, "Lava Spike"), (20, "Mountain")]


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as con:
        rows = con.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {name for (name,) in rows}


def _make_v1_file(path: Path) -> None:
    """A database file exactly as version 1 of the bot left it, with one player row."""
    path.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(path)
    try:
        con.executescript(sql.MIGRATION_1)
        con.execute("INSERT INTO players (guild_id, user_id, wins) VALUES (?, ?, ?)", (GUILD, 7, 3))
        con.commit()
    finally:
        con.close()


async def _practise(
    db: Database,
    user_id: int,
    times: int,
    *,
    mulligans: int = 0,
    agreed: bool | None = True,
    guild_id: int = GUILD,
) -> None:
    """Record ``times`` finished sequences of ``mulligans`` mulligans each."""
    for _ in range(times):
        await db.record_practice(
            guild_id, user_id, mulligans=mulligans, kept_size=7 - mulligans, agreed=agreed
        )


# --- migration ------------------------------------------------------------------


def test_migration_2_is_the_second_migration() -> None:
    """MIGRATION_2 is the second migration (SQLite text; PostgreSQL has its own, with
    unique indexes on lower(name) instead of COLLATE NOCASE)."""
    assert migration_scripts("sqlite")[1] is sql.MIGRATION_2
    assert "COLLATE NOCASE" not in migration_scripts("postgresql")[1]
    assert "lower(name)" in migration_scripts("postgresql")[1]


async def test_fresh_database_has_the_v2_tables(db: Database) -> None:
    """A new database gets decks, card_types and mulligan_stats."""
    assert {"decks", "card_types", "mulligan_stats"} <= await db.backend.table_names()


async def test_v1_file_is_migrated_to_v2(db_path: Path) -> None:
    """Opening a version 1 file upgrades it (through version 2) with the new tables."""
    _make_v1_file(db_path)
    db = await Database.open(db_path)
    try:
        assert await db.schema_version() == len(sql.MIGRATIONS) >= 2
    finally:
        await db.close()
    assert {"decks", "card_types", "mulligan_stats", "players"} <= _tables(db_path)


async def test_v1_data_survives_the_migration(db_path: Path) -> None:
    """Rows written by version 1 are still there after upgrading."""
    _make_v1_file(db_path)
    db = await Database.open(db_path)
    try:
        stats = await db.player_stats(GUILD, 7)
    finally:
        await db.close()
    assert stats is not None and stats.wins == 3


# --- decks ------------------------------------------------------------------------


async def test_saved_deck_round_trips(db: Database) -> None:
    """get_deck returns the cards, commander and times given to save_deck."""
    await db.save_deck(1, "Burn", BURN, ["Zada, Hedron Grinder"], now=100.0)
    deck = await db.get_deck(1, "Burn")
    assert deck is not None
    assert (deck.name, deck.cards, deck.commander) == (
        "Burn",
        tuple(BURN),
        ("Zada, Hedron Grinder",),
    )
    assert (deck.created_at, deck.updated_at, deck.card_count) == (100.0, 100.0, 28)


async def test_get_deck_ignores_case(db: Database) -> None:
    """A deck saved as "Mono Red" is found as "mono RED"."""
    await db.save_deck(1, "Mono Red", BURN, [], now=1.0)
    deck = await db.get_deck(1, "mono RED")
    assert deck is not None and deck.name == "Mono Red"


async def test_decks_belong_to_their_user(db: Database) -> None:
    """Another user does not see a user's deck of the same name."""
    await db.save_deck(1, "Burn", BURN, [], now=1.0)
    assert await db.get_deck(2, "Burn") is None


async def test_saving_again_replaces_and_keeps_created_at(db: Database) -> None:
    """Re-saving under a differently cased name replaces the deck, keeping created_at."""
    await db.save_deck(1, "burn", BURN, [], now=100.0)
    await db.save_deck(1, "BURN", [(60, "Mountain")], [], now=200.0)
    decks = await db.list_decks(1)
    assert [(d.name, d.cards, d.created_at, d.updated_at) for d in decks] == [
        ("BURN", ((60, "Mountain"),), 100.0, 200.0)
    ]


async def test_list_decks_sorts_by_name_ignoring_case(db: Database) -> None:
    """list_decks orders a user's decks alphabetically, case-insensitively."""
    for name in ("zoo", "Affinity", "burn"):
        await db.save_deck(1, name, BURN, [], now=1.0)
    await db.save_deck(2, "Aaa", BURN, [], now=1.0)
    assert [deck.name for deck in await db.list_decks(1)] == ["Affinity", "burn", "zoo"]


async def test_delete_deck_ignores_case_and_reports_absence(db: Database) -> None:
    """delete_deck removes a deck by any casing once, then returns False."""
    await db.save_deck(1, "Burn", BURN, [], now=1.0)
    assert await db.delete_deck(1, "BURN") is True
    assert await db.delete_deck(1, "Burn") is False
    assert await db.get_deck(1, "Burn") is None


@pytest.mark.parametrize("name", ["", "   ", "x" * (MAX_DECK_NAME_LENGTH + 1)])
async def test_save_deck_rejects_bad_names(db: Database, name: str) -> None:
    """Empty, blank and over-long deck names are refused."""
    with pytest.raises(ValueError):
        await db.save_deck(1, name, BURN, [], now=1.0)


async def test_save_deck_rejects_zero_counts(db: Database) -> None:
    """A card count below 1 is refused and nothing is saved."""
    with pytest.raises(ValueError):
        await db.save_deck(1, "Burn", [(0, "Lightning Bolt")], [], now=1.0)
    assert await db.list_decks(1) == []


async def test_deck_names_match_prefix_ignoring_case(db: Database) -> None:
    """Autocomplete lists the user's names starting with the prefix, any case."""
    for name in ("Burn", "bogles", "Affinity", "Boros Burn"):
        await db.save_deck(1, name, BURN, [], now=1.0)
    assert await db.deck_names(1, "bo") == ["bogles", "Boros Burn"]


async def test_deck_names_respects_limit(db: Database) -> None:
    """At most ``limit`` names are returned, in name order."""
    for index in range(30):
        await db.save_deck(1, f"Deck {index:02}", BURN, [], now=1.0, limit=30)
    names = await db.deck_names(1, "", limit=25)
    assert names == [f"Deck {index:02}" for index in range(25)]


async def test_deck_names_percent_is_literal(db: Database) -> None:
    """A ``%`` in the prefix matches only a literal percent sign."""
    for name in ("100% Burn", "1000 Cuts"):
        await db.save_deck(1, name, BURN, [], now=1.0)
    assert await db.deck_names(1, "100%") == ["100% Burn"]


async def test_deck_names_underscore_is_literal(db: Database) -> None:
    """An ``_`` in the prefix matches only a literal underscore."""
    for name in ("a_b", "axb"):
        await db.save_deck(1, name, BURN, [], now=1.0)
    assert await db.deck_names(1, "a_") == ["a_b"]


async def test_deck_names_backslash_is_literal(db: Database) -> None:
    """A backslash in the prefix is matched literally, not as an escape."""
    for name in ("a\\%b", "a%b"):
        await db.save_deck(1, name, BURN, [], now=1.0)
    assert await db.deck_names(1, "a\\") == ["a\\%b"]


# --- card type cache -----------------------------------------------------------


async def test_card_type_cache_round_trips(db: Database) -> None:
    """Cached entries come back keyed by the name as requested, any case."""
    await db.cache_card_types([("Lightning Bolt", False, True), ("Dryad Arbor", True, True)], 5.0)
    cached = await db.cached_card_types(["lightning bolt", "DRYAD ARBOR"])
    assert cached == {"lightning bolt": False, "DRYAD ARBOR": True}


async def test_uncached_names_are_absent(db: Database) -> None:
    """Names never cached are not in the answer."""
    await db.cache_card_types([("Dryad Arbor", True, True)], 5.0)
    assert await db.cached_card_types(["Dryad Arbor", "Opt"]) == {"Dryad Arbor": True}


async def test_cached_not_found_is_a_non_land(db: Database) -> None:
    """A name cached as not found reads back as a non-land."""
    await db.cache_card_types([("Not A Card", True, False)], 5.0)
    assert await db.cached_card_types(["Not A Card"]) == {"Not A Card": False}


async def test_stale_not_found_entries_can_be_ignored(db: Database) -> None:
    """not_found_after hides not-found entries checked earlier, but not found cards."""
    await db.cache_card_types([("Old Typo", False, False), ("Opt", False, True)], 5.0)
    cached = await db.cached_card_types(["Old Typo", "Opt"], not_found_after=10.0)
    assert cached == {"Opt": False}


async def test_caching_again_replaces_the_entry(db: Database) -> None:
    """A second cache_card_types for the same name (other case) overwrites it."""
    await db.cache_card_types([("Spoiler Card", False, False)], 5.0)
    await db.cache_card_types([("spoiler card", True, True)], 6.0)
    assert await db.cached_card_types(["Spoiler Card"]) == {"Spoiler Card": True}


# --- mulligan practice ---------------------------------------------------------------


async def test_practice_counts_every_dealt_hand(db: Database) -> None:
    """Two mulligans then a keep: 3 hands seen, 2 mulligans, 1 keep of 5 cards."""
    await db.record_practice(GUILD, 1, mulligans=2, kept_size=5, agreed=True)
    stats = await db.practice_stats(GUILD, 1)
    assert stats is not None
    assert (stats.hands_seen, stats.mulligans, stats.keeps, stats.kept_sizes) == (3, 2, 1, {5: 1})


async def test_practice_sums_over_sequences(db: Database) -> None:
    """Counters and kept sizes add up over several sequences."""
    await db.record_practice(GUILD, 1, mulligans=0, kept_size=7, agreed=True)
    await db.record_practice(GUILD, 1, mulligans=1, kept_size=6, agreed=False)
    await db.record_practice(GUILD, 1, mulligans=0, kept_size=7, agreed=None)
    stats = await db.practice_stats(GUILD, 1)
    assert stats is not None
    assert (stats.hands_seen, stats.mulligans, stats.keeps) == (4, 1, 3)
    assert stats.kept_sizes == {6: 1, 7: 2}


async def test_agreement_rate_counts_only_rated_keeps(db: Database) -> None:
    """2 agreed of 3 rated keeps (plus one unrated) is 66.67 percent."""
    await _practise(db, 1, 2, agreed=True)
    await _practise(db, 1, 1, agreed=False)
    await _practise(db, 1, 1, agreed=None)
    stats = await db.practice_stats(GUILD, 1)
    assert stats is not None
    assert (stats.keeps, stats.rated, stats.agreed) == (4, 3, 2)
    assert stats.agreement_rate == pytest.approx(200 / 3)


async def test_agreement_rate_is_zero_without_rated_keeps(db: Database) -> None:
    """With only unrated keeps the rate is 0.0 and rated is 0."""
    await _practise(db, 1, 2, agreed=None)
    stats = await db.practice_stats(GUILD, 1)
    assert stats is not None and (stats.rated, stats.agreement_rate) == (0, 0.0)


async def test_practice_stats_are_per_guild(db: Database) -> None:
    """Practice in one guild does not show up in another."""
    await _practise(db, 1, 1, guild_id=OTHER_GUILD)
    assert await db.practice_stats(GUILD, 1) is None


async def test_record_practice_rejects_negative_mulligans(db: Database) -> None:
    """A negative mulligan count is refused."""
    with pytest.raises(ValueError):
        await db.record_practice(GUILD, 1, mulligans=-1, kept_size=7, agreed=None)


async def test_rank_is_none_below_min_hands(db: Database) -> None:
    """A user with fewer than min_hands hands seen has no rank."""
    await _practise(db, 1, 19)
    stats = await db.practice_stats(GUILD, 1, min_hands=20)
    assert stats is not None and stats.rank is None


async def test_rank_counts_from_one_at_min_hands(db: Database) -> None:
    """Reaching exactly min_hands hands seen gives a rank."""
    await _practise(db, 1, 20)
    stats = await db.practice_stats(GUILD, 1, min_hands=20)
    assert stats is not None and stats.rank == 1


async def test_leaderboard_leaves_out_users_below_min_hands(db: Database) -> None:
    """Only users with at least min_hands hands seen are listed."""
    await _practise(db, 1, 20)
    await _practise(db, 2, 19)
    board = await db.practice_leaderboard(GUILD, min_hands=20)
    assert [entry.user_id for entry in board] == [1]


async def test_leaderboard_orders_by_rate_then_rated_then_user(db: Database) -> None:
    """Higher agreement first; equal rates by more rated keeps, then lower user id."""
    await _practise(db, 10, 4, agreed=True)  # 100%, 4 rated
    await _practise(db, 11, 4, agreed=True)  # 100%, 4 rated: tie with 10
    await _practise(db, 12, 8, agreed=True)  # 100%, 8 rated
    await _practise(db, 13, 3, agreed=True)  # 75%
    await _practise(db, 13, 1, agreed=False)
    board = await db.practice_leaderboard(GUILD, min_hands=4)
    assert [(entry.user_id, entry.rank) for entry in board] == [(12, 1), (10, 2), (11, 3), (13, 4)]


async def test_leaderboard_rank_matches_practice_stats(db: Database) -> None:
    """practice_stats reports the same rank as the leaderboard."""
    await _practise(db, 1, 5, agreed=False)
    await _practise(db, 2, 5, agreed=True)
    stats = await db.practice_stats(GUILD, 1, min_hands=5)
    assert stats is not None and stats.rank == 2


async def test_leaderboard_respects_limit(db: Database) -> None:
    """At most ``limit`` users are returned, best first."""
    for user_id in range(1, 6):
        await _practise(db, user_id, 2)
    board = await db.practice_leaderboard(GUILD, min_hands=1, limit=3)
    assert [entry.rank for entry in board] == [1, 2, 3]


async def test_practice_session_round_trip(db: Database) -> None:
    """A practice deal is stored, updated (compare-and-set on its version) and read
    back with its state; a save from an old version changes nothing."""
    session_id = await db.create_practice(5, 7, {"hand": [1, 2]}, 0, 100.0)
    assert await db.save_practice_cas(session_id, 0, state={"hand": [3]}, version=2, now=101.0)
    assert not await db.save_practice_cas(session_id, 0, state={"hand": [4]}, version=1, now=102.0)
    assert not await db.save_practice_cas(session_id + 1, 0, state={}, version=1, now=102.0)
    session = await db.get_practice(session_id)
    assert (session.guild_id, session.user_id, session.state, session.version) == (
        5, 7, {"hand": [3]}, 2,
    )  # fmt: skip
    assert await db.get_practice(session_id + 1) is None


async def test_closed_dms_are_remembered_until_cleared(db: Database) -> None:
    """A user marked as having closed DMs stays so until cleared."""
    assert not await db.is_dm_closed(42)
    await db.mark_dm_closed(42, 1.0)
    await db.mark_dm_closed(42, 2.0)
    assert await db.is_dm_closed(42) and not await db.is_dm_closed(43)
    await db.clear_dm_closed(42)
    assert not await db.is_dm_closed(42)


async def test_practice_deals_untouched_past_the_cutoff_are_deleted(db: Database) -> None:
    """delete_practice_before removes finished and abandoned deals last changed before
    the cutoff, and keeps the others (retention, limits.PRACTICE_RETENTION_DAYS)."""
    old = await db.create_practice(5, 7, {"hand": [1]}, 0, 100.0)
    touched = await db.create_practice(5, 7, {"hand": [1]}, 0, 100.0)
    await db.save_practice_cas(touched, 0, state={"hand": [2]}, version=1, now=300.0)  # clicked
    fresh = await db.create_practice(5, 8, {"hand": [1]}, 0, 250.0)
    assert await db.delete_practice_before(200.0) == 1
    assert await db.get_practice(old) is None
    assert await db.get_practice(touched) is not None and await db.get_practice(fresh)


async def test_decks_per_member_are_capped(db: Database) -> None:
    """A member keeps at most DECKS_PER_MEMBER decks; saving over one still works, and
    other members are not affected."""
    for index in range(limits.DECKS_PER_MEMBER):
        await db.save_deck(1, f"Deck {index:02}", BURN, [], now=1.0)
    with pytest.raises(DeckLimitError):
        await db.save_deck(1, "One more", BURN, [], now=2.0)
    await db.save_deck(1, "deck 00", BURN, [], now=2.0)  # replacing one is fine
    await db.save_deck(2, "One more", BURN, [], now=2.0)
    assert await db.deck_count(1) == limits.DECKS_PER_MEMBER
    assert await db.has_deck(1, " DECK 03 ") and not await db.has_deck(1, "One more")


async def test_save_deck_refuses_more_than_deck_cards(db: Database) -> None:
    """The storage layer also refuses a deck over limits.DECK_CARDS cards."""
    with pytest.raises(ValueError, match="at most"):
        await db.save_deck(1, "Huge", [(999, "a")] * 3, [], now=1.0)
    assert await db.deck_count(1) == 0
