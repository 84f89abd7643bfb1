"""ScryfallLands against a local fake of /cards/collection and a real SQLite cache."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import aiohttp
import pytest

from bot.decks.scryfall import USER_AGENT, LandCheck, ScryfallLands, is_land_type_line
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


async def test_rate_limit_is_retried_once(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """A 429 with a short Retry-After is retried and the retry's answer is used."""
    scryfall.script.append((429, {"Retry-After": "0"}))
    check = await _lands(session, db, scryfall.url).classify(["Dryad Arbor"])
    assert len(scryfall.requests) == 2 and check == LandCheck(
        frozenset({"Dryad Arbor"}), frozenset()
    )


async def test_second_rate_limit_gives_up(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """Two 429 answers in a row leave the names unchecked after exactly two requests."""
    scryfall.script.extend([(429, {"Retry-After": "0"}), (429, {"Retry-After": "0"})])
    check = await _lands(session, db, scryfall.url).classify(["Dryad Arbor"])
    assert len(scryfall.requests) == 2 and check.unchecked == ("Dryad Arbor",)


async def test_long_retry_after_is_not_waited_for(
    session: aiohttp.ClientSession, db: Database, scryfall: FakeScryfall
) -> None:
    """A 429 asking to wait a minute is not retried; the names are unchecked."""
    scryfall.script.append((429, {"Retry-After": "60"}))
    check = await _lands(session, db, scryfall.url).classify(["Dryad Arbor"])
    assert len(scryfall.requests) == 1 and check.unchecked == ("Dryad Arbor",)
