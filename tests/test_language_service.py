"""The language service (bot/i18n/service.py) on a real database (SQLite and
PostgreSQL): the order in which a reader's language is resolved, and how long a stored
choice is reused (a fake clock)."""

# ruff: noqa: F811 - the storage tests' fixtures are imported by name (``db`` and those it uses)

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path

import pytest

from bot.i18n import DEFAULT
from bot.i18n.service import CACHE_SECONDS, LanguageService
from bot.storage import Database
from tests.storage.conftest import db, db_path, db_target, pg_schema_url  # noqa: F401

ALICE, BOB = 101, 102
GUILD = 7 << 22


class Clock:
    """A monotonic clock moved by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def languages(db: Database, clock: Clock) -> LanguageService:
    return LanguageService(db, clock=clock)


# -- resolution order ----------------------------------------------------------------------


async def test_private_text_the_choice_then_the_client_then_the_default(
    languages: LanguageService, db: Database
) -> None:
    assert await languages.private(ALICE, "it") == "it"
    assert await languages.private(ALICE, "en-US") == "en"
    assert await languages.private(ALICE, "ko") == DEFAULT  # no catalog for it
    assert await languages.private(ALICE, None) == DEFAULT
    await languages.set_choice(ALICE, "it")
    assert (await db.user_prefs(ALICE)).language == "it"
    assert await languages.private(ALICE, "en-US") == "it"
    assert await languages.private(BOB, "en-GB") == "en"  # one member's choice only
    await languages.set_choice(ALICE, None)  # "automatic": the client again
    assert (await db.user_prefs(ALICE)).language is None
    assert await languages.private(ALICE, "en-US") == "en"


async def test_a_dm_without_an_interaction_the_choice_then_the_last_client_then_the_server(
    languages: LanguageService,
) -> None:
    assert await languages.of_user(ALICE) == DEFAULT
    assert await languages.of_user(ALICE, "it") == "it"  # the server's language
    assert languages.seen(ALICE, "en-US") == "en"
    assert await languages.of_user(ALICE, "it") == "en"  # her client, last seen
    await languages.private(ALICE, "it")  # an interaction from an Italian client
    assert await languages.of_user(ALICE, "en") == "it"
    assert languages.seen(ALICE, None) == DEFAULT  # an unknown locale is not remembered
    assert await languages.of_user(ALICE, "en") == "it"
    await languages.set_choice(ALICE, "en")
    assert await languages.of_user(ALICE, "it") == "en"


async def test_public_text_the_setting_then_the_guild_locale_then_the_default(
    languages: LanguageService, db: Database
) -> None:
    assert await languages.public(GUILD, "it") == "it"
    assert await languages.public(GUILD, "en-US") == "en"
    assert await languages.public(GUILD, None) == DEFAULT
    assert await languages.public(None, "it") == "it"  # outside a server
    languages.server_changed(await db.set_guild_settings(GUILD, time.time(), language="it"))
    assert await languages.public(GUILD, "en-US") == "it"
    assert await languages.public(GUILD + 1, "en-US") == "en"  # one server's setting only
    languages.server_changed(await db.set_guild_settings(GUILD, time.time(), language=None))
    assert await languages.public(GUILD, "en-US") == "en"


async def test_a_stored_code_without_a_catalog_is_no_choice(
    languages: LanguageService, db: Database
) -> None:
    """Storage accepts any short code (``pt-BR``); the bot has no catalog for it, so the
    client's locale (or the guild's) is used."""
    await db.set_user_language(ALICE, "pt-BR")
    await db.set_guild_settings(GUILD, time.time(), language="pt-BR")
    assert await languages.choice(ALICE) is None
    assert await languages.private(ALICE, "it") == "it"
    assert await languages.public(GUILD, "it") == "it"


async def test_a_storage_failure_falls_back_to_the_locale(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = await Database.open(tmp_path / "closed.db")
    languages = LanguageService(db)
    await db.close()
    with caplog.at_level(logging.ERROR, logger="bot.i18n.service"):
        assert await languages.private(ALICE, "it") == "it"
        assert await languages.public(GUILD, "it") == "it"
    assert "Reading the language of user" in caplog.text
    assert "Reading the language of guild" in caplog.text


async def both_read(languages: LanguageService, expected: str) -> None:
    """ALICE's private text and GUILD's public text, both for an ``en-US`` client, are
    in ``expected``."""
    assert await languages.private(ALICE, "en-US") == expected
    assert await languages.public(GUILD, "en-US") == expected


# -- how long a choice is reused -----------------------------------------------------------


async def test_a_change_by_another_writer_is_used_once_the_cache_expires(
    languages: LanguageService, db: Database, clock: Clock
) -> None:
    """Another process writes the database directly: this service reuses what it read
    for less than CACHE_SECONDS, then reads it again."""
    await both_read(languages, "en")
    await db.set_user_language(ALICE, "it")
    await db.set_guild_settings(GUILD, time.time(), language="it")
    clock.advance(CACHE_SECONDS / 2)
    await both_read(languages, "en")  # still the one read
    clock.advance(CACHE_SECONDS / 2)
    await both_read(languages, "it")


async def test_a_change_through_the_service_is_used_at_once(
    languages: LanguageService, db: Database
) -> None:
    await both_read(languages, "en")
    await languages.set_choice(ALICE, "it")
    languages.server_changed(await db.set_guild_settings(GUILD, time.time(), language="it"))
    await both_read(languages, "it")


async def test_reads_within_the_window_are_one_read(
    languages: LanguageService, db: Database, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answers to one click read the language several times: one database read."""
    reads: list[int] = []
    real = db.user_prefs

    async def counted(user_id: int):
        reads.append(user_id)
        return await real(user_id)

    monkeypatch.setattr(db, "user_prefs", counted)
    for _ in range(3):
        await languages.private(ALICE, "en-US")
    assert reads == [ALICE]
    clock.advance(CACHE_SECONDS)
    await languages.private(ALICE, "en-US")
    assert reads == [ALICE, ALICE]


async def test_two_services_on_one_postgresql(pg_schema_url: str) -> None:  # noqa: F811
    """Two bot processes' services, each with its own connections to one PostgreSQL
    schema: a ``/bingo language`` choice made through one is used by the other once its
    earlier read has expired."""
    clocks = (Clock(), Clock())
    first, second = await Database.open(pg_schema_url), await Database.open(pg_schema_url)
    try:
        here = LanguageService(first, clock=clocks[0])
        there = LanguageService(second, clock=clocks[1])
        assert await there.private(ALICE, "en-US") == "en"
        await here.set_choice(ALICE, "it")
        assert await here.private(ALICE, "en-US") == "it"
        clocks[1].advance(CACHE_SECONDS)
        assert await there.private(ALICE, "en-US") == "it"
        await there.set_choice(ALICE, None)
        clocks[0].advance(CACHE_SECONDS)
        assert await here.private(ALICE, "en-US") == "en"
    finally:
        await first.close()
        await second.close()


async def test_a_read_in_flight_does_not_undo_a_change_through_the_service(
    languages: LanguageService, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read that began before ``set_choice`` and ends after it is not cached over it."""
    real = db.user_prefs
    started, release = asyncio.Event(), asyncio.Event()

    async def slow(user_id: int):
        prefs = await real(user_id)  # read before the change
        started.set()
        await release.wait()
        return prefs

    monkeypatch.setattr(db, "user_prefs", slow)
    reading = asyncio.create_task(languages.private(ALICE, "en-US"))
    await started.wait()
    await languages.set_choice(ALICE, "it")
    release.set()
    await reading
    assert await languages.private(ALICE, "en-US") == "it"


async def test_a_slow_read_answers_with_the_client_language_then_fills_the_cache(
    db: Database, clock: Clock
) -> None:
    """A choice whose read waits (another writer holds the database) does not hold up the
    answer: the reader gets their client's language, and the read, once done, is used."""
    await db.set_user_language(ALICE, "it")
    release = asyncio.Event()

    class Held:
        async def user_prefs(self, user_id: int):  # noqa: ANN202 - the store's record
            await release.wait()
            return await db.user_prefs(user_id)

    languages = LanguageService(Held(), clock=clock, read_wait=0.05)  # type: ignore[arg-type]
    assert await asyncio.wait_for(languages.private(ALICE, "pl"), 5) == "pl"
    release.set()
    await asyncio.sleep(0.05)
    assert await languages.private(ALICE, "pl") == "it"
