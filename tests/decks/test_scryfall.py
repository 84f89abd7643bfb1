"""ScryfallLands against a local fake of /cards/collection and a real SQLite cache."""

from __future__ import annotations

import asyncio
import itertools
import socket
from typing import Any

import aiohttp
import pytest

from bot.decks.scryfall import (
    LOCKOUT_SECONDS,
    MIN_INTERVAL,
    USER_AGENT,
    LandCheck,
    ScryfallLands,
    is_land_type_line,
)
from bot.storage import Database
from tests.decks.conftest import FakeScryfall, card, multiface


def _lands(session: aiohttp.ClientSession, db: Database, url: str, **options: Any) -> ScryfallLands:
    """A ScryfallLands on ``url`` with no request spacing unless asked for."""
    options.setdefault("min_interval", 0.0)
    return ScryfallLands(session, db, base_url=url, **options)


def _closed_port_url() -> str:
    """The URL of a 127.0.0.1 port nothing listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


# --- type lines -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("type_line", "expected"),
    [
        ("Land", True),
        ("Basic Land — Forest", True),
        ("Legendary Land", True),
        ("Artifact Land", True),
        ("Land Creature — Forest Dryad", True),
        ("Instant", False),
        ("Artifact — Lander", False),
        ("Sorcery // Land", False),
        ("Land // Legendary Creature — Demon", True),
    ],
)
def test_is_land_type_line(type_line: str, expected: bool) -> None:
    """Only the Land card type of the front face counts, not subtypes or back faces."""
    assert is_land_type_line(type_line) is expected


# --- built-ins, requests and batching ---------------------------------------------------


async def test_basic_lands_never_reach_the_network(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """Basic lands (any case) are lands without a single request."""
    check = await _lands(session, db, scryfall.url).classify(["Island", "snow-covered forest"])
    assert check == LandCheck(frozenset({"Island", "snow-covered forest"}), frozenset(), ())
    assert scryfall.requests == []


async def test_request_names_each_card_once(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """Duplicates and case variants are asked for once, with the first spelling."""
    await _lands(session, db, scryfall.url).classify(["Lightning Bolt", "lightning bolt", "Opt"])
    assert [request.names for request in scryfall.requests] == [["Lightning Bolt", "Opt"]]


async def test_request_sends_user_agent_and_accept(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """Every request identifies the bot and asks for JSON, as Scryfall requires."""
    await _lands(session, db, scryfall.url).classify(["Lightning Bolt"])
    headers = scryfall.requests[0].headers
    assert (headers["User-Agent"], headers["Accept"]) == (USER_AGENT, "application/json")


async def test_names_are_sent_in_batches_of_75(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """160 unknown names need three requests of at most 75 identifiers."""
    names = scryfall.add_cards(160)
    check = await _lands(session, db, scryfall.url).classify(names)
    assert [len(request.names) for request in scryfall.requests] == [75, 75, 10]
    assert check.non_lands == frozenset(names) and check.unchecked == ()


async def test_requests_are_spaced_by_min_interval(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """Consecutive requests arrive at least min_interval apart (the rate limiter)."""
    interval = 0.05
    names = scryfall.add_cards(160)
    await _lands(session, db, scryfall.url, min_interval=interval).classify(names)
    times = [request.at for request in scryfall.requests]
    gaps = [later - earlier for earlier, later in zip(times, times[1:], strict=False)]
    assert len(gaps) == 2 and min(gaps) >= interval * 0.9


async def test_concurrent_calls_share_the_rate_limit(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """Two classify calls at once still space their requests by min_interval."""
    interval = 0.05
    lands = _lands(session, db, scryfall.url, min_interval=interval)
    first, second = scryfall.add_cards(1, "A"), scryfall.add_cards(1, "B")
    await asyncio.gather(lands.classify(first), lands.classify(second))
    earlier, later = sorted(request.at for request in scryfall.requests)
    assert later - earlier >= interval * 0.9


# --- classification ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "is_land"),
    [
        ("Lightning Bolt", False),
        ("Dryad Arbor", True),
        ("Urza's Saga", True),
        ("Fire // Ice", False),
        ("Delver of Secrets", False),
        ("Emeria's Call // Emeria, Shattered Skyclave", False),
        ("Westvale Abbey // Ormendahl, Profane Prince", True),
        ("Search for Azcanta", False),
        ("Hengegate Pathway // Mistgate Pathway", True),
    ],
)
async def test_cards_are_classified_by_front_face(
    session: aiohttp.ClientSession,
    db: Database,
    scryfall: FakeScryfall,
    name: str,
    is_land: bool,
) -> None:
    """Lands are cards whose (front face's) type line has the Land type."""
    check = await _lands(session, db, scryfall.url).classify([name])
    assert (name in check.lands, name in check.non_lands, check.unchecked) == (
        is_land,
        not is_land,
        (),
    )


async def test_front_face_name_matches_a_double_faced_card(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """Asking for "Delver of Secrets" is answered by "Delver of Secrets // Insectile
    Aberration" and reported under the requested name."""
    check = await _lands(session, db, scryfall.url).classify(["delver of secrets"])
    assert check == LandCheck(frozenset(), frozenset({"delver of secrets"}), ())


async def test_faces_without_top_level_type_line_use_the_front_face(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """A card with only card_faces type lines is judged by card_faces[0]."""
    scryfall.cards.append(
        multiface(("Land Side", "Land"), ("Spell Side", "Instant"), top_level_type_line=False)
    )
    check = await _lands(session, db, scryfall.url).classify(["Land Side"])
    assert check.lands == frozenset({"Land Side"})


async def test_answers_match_names_regardless_of_case_and_accents(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """Cards come back under the requested spelling ("Æther Vial" → "Aether Vial")."""
    names = ["Æther Vial", "LIM-DÛL'S VAULT", '"Ach! Hans, Run!"', "fire // ice"]
    check = await _lands(session, db, scryfall.url).classify(names)
    assert check == LandCheck(frozenset(), frozenset(names), ())


async def test_unrecognised_answer_is_paired_by_position(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """A card answered under a name we cannot relate to the request is paired with
    the one unanswered name."""
    scryfall.cards.append({**card("Gaea's Cradle", "Legendary Land"), "aliases": ["Cradle"]})
    check = await _lands(session, db, scryfall.url).classify(["Cradle", "Lightning Blot"])
    assert check == LandCheck(frozenset({"Cradle"}), frozenset({"Lightning Blot"}), ())


async def test_is_land_ignores_case(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """LandCheck.is_land finds a land whatever the casing of the question."""
    check = await _lands(session, db, scryfall.url).classify(["Dryad Arbor", "Opt"])
    assert (check.is_land("dryad arbor"), check.is_land("Opt")) == (True, False)


async def test_not_found_names_are_non_lands(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """A name Scryfall does not know is a checked non-land, not unchecked."""
    check = await _lands(session, db, scryfall.url).classify(["Lightning Blot"])
    assert check == LandCheck(frozenset(), frozenset({"Lightning Blot"}), ())


# --- cache ------------------------------------------------------------------------------


async def test_second_call_is_answered_from_the_cache(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """Names classified once are not requested again."""
    names = ["Dryad Arbor", "Lightning Bolt"]
    first = await _lands(session, db, scryfall.url).classify(names)
    second = await _lands(session, db, scryfall.url).classify(names)
    assert len(scryfall.requests) == 1 and second == first


async def test_only_uncached_names_are_requested(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """A call mixing cached and new names asks only about the new ones."""
    lands = _lands(session, db, scryfall.url)
    await lands.classify(["Dryad Arbor"])
    await lands.classify(["Dryad Arbor", "Lightning Bolt"])
    assert [request.names for request in scryfall.requests] == [
        ["Dryad Arbor"],
        ["Lightning Bolt"],
    ]


async def test_not_found_is_cached(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """An unknown name is remembered as a not-found non-land."""
    await _lands(session, db, scryfall.url).classify(["Lightning Blot"])
    assert await db.cached_card_types(["Lightning Blot"]) == {"Lightning Blot": False}


async def test_not_found_is_asked_again_after_its_ttl(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """A not-found answer older than not_found_ttl is looked up again."""
    now = [1000.0]
    lands = _lands(session, db, scryfall.url, not_found_ttl=60.0, clock=lambda: now[0])
    await lands.classify(["Brand New Card"])
    now[0] += 61.0
    await lands.classify(["Brand New Card"])
    assert len(scryfall.requests) == 2


# --- failures ---------------------------------------------------------------------------


async def test_unreachable_server_leaves_names_unchecked(
    session: aiohttp.ClientSession, db: Database
) -> None:
    """A refused connection makes every non-basic name unchecked (a non-land)."""
    check = await _lands(session, db, _closed_port_url()).classify(["Opt", "Island"])
    assert check == LandCheck(frozenset({"Island"}), frozenset({"Opt"}), ("Opt",))


async def test_unchecked_names_are_not_cached(session: aiohttp.ClientSession, db: Database) -> None:
    """Names that could not be checked leave no cache entry."""
    await _lands(session, db, _closed_port_url()).classify(["Opt"])
    assert await db.cached_card_types(["Opt"]) == {}


async def test_server_error_leaves_names_unchecked(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """An HTTP 500 makes the batch unchecked."""
    scryfall.script.append((500, {}))
    check = await _lands(session, db, scryfall.url).classify(["Dryad Arbor"])
    assert check.unchecked == ("Dryad Arbor",) and check.non_lands == frozenset({"Dryad Arbor"})


async def test_failure_skips_the_remaining_batches(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """After a failed batch the other batches are not requested; all are unchecked."""
    names = scryfall.add_cards(160)
    scryfall.script.append((503, {}))
    check = await _lands(session, db, scryfall.url).classify(names)
    assert len(scryfall.requests) == 1 and check.unchecked == tuple(names)


async def test_malformed_answer_leaves_names_unchecked(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """A 200 answer that is not JSON makes the batch unchecked and uncached."""
    scryfall.raw_answers.append("<html>maintenance</html>")
    check = await _lands(session, db, scryfall.url).classify(["Dryad Arbor"])
    assert check.unchecked == ("Dryad Arbor",)
    assert await db.cached_card_types(["Dryad Arbor"]) == {}


async def test_timeout_leaves_names_unchecked(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """An answer slower than ``timeout`` makes the batch unchecked."""
    scryfall.delay = 1.0
    check = await _lands(session, db, scryfall.url, timeout=0.2).classify(["Dryad Arbor"])
    assert check.unchecked == ("Dryad Arbor",)


async def test_rate_limit_is_not_retried_and_locks_lookups_out(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """A 429 is not retried (Scryfall locks the client out for 30 s): the names are
    unchecked, and later lookups within the lockout send nothing at all."""
    scryfall.script.append((429, {"Retry-After": "0"}))
    lands = _lands(session, db, scryfall.url)
    check = await lands.classify(["Dryad Arbor"])
    assert len(scryfall.requests) == 1 and check.unchecked == ("Dryad Arbor",)
    assert lands.locked_out
    later = await lands.classify(["Dryad Arbor", "Lightning Bolt", "Island"])
    assert len(scryfall.requests) == 1, "nothing is sent during the lockout"
    assert later.unchecked == ("Dryad Arbor", "Lightning Bolt") and later.is_land("Island")


async def test_lookups_resume_after_the_lockout(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """Once the lockout has passed, names are asked about again."""
    scryfall.script.append((429, {}))
    lands = _lands(session, db, scryfall.url, lockout=0.2)
    await lands.classify(["Dryad Arbor"])
    await asyncio.sleep(0.25)
    check = await lands.classify(["Dryad Arbor"])
    assert len(scryfall.requests) == 2 and check.lands == frozenset({"Dryad Arbor"})


async def test_long_retry_after_extends_the_lockout(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """A Retry-After longer than the lockout is honoured too."""
    scryfall.script.append((429, {"Retry-After": "60"}))
    lands = _lands(session, db, scryfall.url, lockout=0.0)
    await lands.classify(["Dryad Arbor"])
    assert lands.locked_out
    await lands.classify(["Dryad Arbor"])
    assert len(scryfall.requests) == 1


def test_default_spacing_respects_two_requests_a_second() -> None:
    """Scryfall allows /cards/collection 2 requests a second, and the lockout is 30 s."""
    assert MIN_INTERVAL >= 0.5 and LOCKOUT_SECONDS >= 30.0


async def test_default_client_spaces_requests_half_a_second(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """Without a min_interval given, three batches arrive at least 0.5 s apart."""
    names = scryfall.add_cards(160)
    await ScryfallLands(session, db, base_url=scryfall.url).classify(names)
    times = [request.at for request in scryfall.requests]
    assert len(times) == 3
    assert all(later - earlier >= 0.5 for earlier, later in itertools.pairwise(times))


@pytest.mark.parametrize(
    ("answer", "unchecked"),
    [
        # card_faces not a list: read from the top-level fields
        (
            '{"object": "list", "not_found": [], "data": [{"name": "Dryad Arbor", '
            '"type_line": "Land", "card_faces": 7}]}',
            False,
        ),
        # wrong types everywhere in the one card: paired by position, as a non-land
        (
            '{"object": "list", "not_found": [], "data": [{"name": 5, "type_line": ["x"], '
            '"card_faces": [{"name": null}]}]}',
            False,
        ),
        ('{"object": "list", "not_found": {"name": "Dryad Arbor"}, "data": {}}', True),
        ('{"object": "list", "not_found": [7, {"name": 3}], "data": [7, "x", null]}', True),
        ("[" * 100_000 + "]" * 100_000, True),  # RecursionError in json
        ('{"data": ' + "[" * 50_000 + "]" * 50_000 + "}", True),
        ("[1, 2, 3]", True),
        ("null", True),
    ],
)
async def test_malformed_answers_never_raise(
    session: aiohttp.ClientSession,
    db: Database,
    scryfall: FakeScryfall,
    answer: str,
    unchecked: bool,
) -> None:
    """Wrong types, card_faces that is not a list, deeply nested JSON: no exception;
    the name is unchecked unless some part of the answer makes sense."""
    scryfall.raw_answers.append(answer)
    check = await _lands(session, db, scryfall.url).classify(["Dryad Arbor"])
    assert check.non_lands | check.lands == frozenset({"Dryad Arbor"})
    assert check.unchecked == (("Dryad Arbor",) if unchecked else ())


@pytest.mark.parametrize("chunked", [False, True])
async def test_oversized_answer_is_not_read(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall, chunked: bool
) -> None:
    """An answer over max_body bytes (announced by Content-Length, or counted while
    reading chunks) leaves the names unchecked."""
    scryfall.chunked = chunked
    filler = " " * 3_000_000
    scryfall.raw_answers.append('{"object": "list", "not_found": [], "data": []' + filler + "}")
    check = await _lands(session, db, scryfall.url).classify(["Dryad Arbor"])
    assert check.unchecked == ("Dryad Arbor",)


async def test_without_lookup_nothing_is_sent_and_uncached_names_are_unchecked(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """``lookup=False`` answers from the known lands and the cache alone: a name
    never looked up is unchecked (and counts as a non-land), and no request is sent."""
    await db.cache_card_types([("Dryad Arbor", True, True)], 1.0)
    check = await _lands(session, db, scryfall.url).classify(
        ["Sacred Foundry", "Dryad Arbor", "Lightning Bolt", "Mountain"], lookup=False
    )
    assert check.lands == frozenset({"Sacred Foundry", "Dryad Arbor", "Mountain"})
    assert check.unchecked == ("Lightning Bolt",)
    assert check.non_lands == frozenset({"Lightning Bolt"})
    assert scryfall.requests == []


async def test_known_nonbasic_lands_are_never_asked_about(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """Shocklands and fastlands from the shipped list are lands without a request, so
    Scryfall being down leaves only the other cards unchecked."""
    scryfall.script.append((500, {}))
    check = await _lands(session, db, scryfall.url).classify(
        ["Sacred Foundry", "Inspiring Vantage", "Goblin Guide"]
    )
    assert check.lands == frozenset({"Sacred Foundry", "Inspiring Vantage"})
    assert check.unchecked == ("Goblin Guide",)
    assert [r.names for r in scryfall.requests] == [["Goblin Guide"]]
