"""Fixtures for deck tests: a local fake of Scryfall's /cards/collection endpoint,
an aiohttp client session and a real SQLite database in a temporary directory."""

from __future__ import annotations

import asyncio
import contextlib
import time
import unicodedata
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from bot.storage import Database


def card(name: str, type_line: str) -> dict[str, Any]:
    """A single-faced Scryfall card object (only the fields the bot reads)."""
    return {"object": "card", "name": name, "type_line": type_line}


def multiface(
    *faces: tuple[str, str], top_level_type_line: bool = True, layout: str = "transform"
) -> dict[str, Any]:
    """A multi-faced Scryfall card: name "A // B", one card_faces entry per face.

    With ``top_level_type_line`` the card also has the combined "T1 // T2" type line,
    as Scryfall gives for split, adventure and most double-faced cards.
    """
    result: dict[str, Any] = {
        "object": "card",
        "layout": layout,
        "name": " // ".join(name for name, _ in faces),
        "card_faces": [
            {"object": "card_face", "name": name, "type_line": line} for name, line in faces
        ],
    }
    if top_level_type_line:
        result["type_line"] = " // ".join(line for _, line in faces)
    return result


CATALOGUE = [
    card("Lightning Bolt", "Instant"),
    card("Dryad Arbor", "Land Creature — Forest Dryad"),
    card("Urza's Saga", "Enchantment Land — Urza's Saga"),
    card("Aether Vial", "Artifact"),
    card("Lim-Dûl's Vault", "Instant"),
    card('"Ach! Hans, Run!"', "Enchantment"),
    multiface(("Fire", "Instant"), ("Ice", "Instant"), layout="split"),
    multiface(
        ("Delver of Secrets", "Creature — Human Wizard"),
        ("Insectile Aberration", "Creature — Human Insect"),
        top_level_type_line=False,
    ),
    multiface(
        ("Emeria's Call", "Sorcery"),
        ("Emeria, Shattered Skyclave", "Land"),
        layout="modal_dfc",
    ),
    multiface(
        ("Westvale Abbey", "Land"),
        ("Ormendahl, Profane Prince", "Legendary Creature — Demon"),
    ),
    multiface(
        ("Search for Azcanta", "Legendary Enchantment"),
        ("Azcanta, the Sunken Ruin", "Legendary Land"),
    ),
    multiface(
        ("Hengegate Pathway", "Land"),
        ("Mistgate Pathway", "Land"),
        layout="modal_dfc",
        top_level_type_line=False,
    ),
]


def _lookup_key(name: str) -> str:
    """How the fake (like Scryfall) compares names: case, accents and Æ ignored."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return plain.casefold().replace("æ", "ae")


@dataclass
class Request:
    """One request the fake received: arrival time (time.monotonic), headers, body."""

    at: float
    headers: dict[str, str]
    body: Any

    @property
    def names(self) -> list[str]:
        """The identifier names of a /cards/collection body."""
        return [identifier["name"] for identifier in self.body["identifiers"]]


@dataclass
class FakeScryfall:
    """Answers POST /cards/collection like Scryfall, from ``cards``.

    A name matches a card by its full name or any face name (case-insensitively).
    ``script`` holds canned failures consumed one per request before answering
    normally: ``(status, headers)``; then ``raw_answers`` holds bodies sent as-is
    with status 200 (e.g. an HTML page instead of JSON; chunked with no
    Content-Length when ``chunked``). ``delay`` seconds are
    slept before answering. Requests with more than 75 identifiers get a 400, as Scryfall does.
    """

    cards: list[dict[str, Any]] = field(default_factory=lambda: list(CATALOGUE))
    requests: list[Request] = field(default_factory=list)
    script: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    raw_answers: list[str] = field(default_factory=list)
    delay: float = 0.0
    chunked: bool = False  # send raw_answers chunked, without a Content-Length
    url: str = ""

    def add_cards(self, count: int, prefix: str = "Card") -> list[str]:
        """Add ``count`` plain instants named "<prefix> 0".. and return their names."""
        names = [f"{prefix} {index}" for index in range(count)]
        self.cards.extend(card(name, "Instant") for name in names)
        return names

    def _find(self, name: str) -> dict[str, Any] | None:
        key = _lookup_key(name)
        for candidate in self.cards:
            names = [candidate["name"]] + [f["name"] for f in candidate.get("card_faces", [])]
            names += candidate.get("aliases", [])  # spellings only the fake resolves
            if any(_lookup_key(n) == key for n in names):
                return candidate
        return None

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """The /cards/collection endpoint."""
        body = await request.json()
        self.requests.append(Request(time.monotonic(), dict(request.headers), body))
        if self.script:
            status, headers = self.script.pop(0)
            error = {"object": "error", "status": status, "details": "scripted failure"}
            return web.json_response(error, status=status, headers=headers)
        if self.raw_answers:
            text = self.raw_answers.pop(0)
            if not self.chunked:
                return web.Response(text=text, content_type="text/html")
            response = web.StreamResponse()  # no Content-Length: the client must count
            response.enable_chunked_encoding()
            await response.prepare(request)
            data = text.encode()
            for start in range(0, len(data), 256 * 1024):
                await response.write(data[start : start + 256 * 1024])
            await response.write_eof()
            return response
        if self.delay:
            await asyncio.sleep(self.delay)
        identifiers = body.get("identifiers", [])
        if len(identifiers) > 75:
            error = {"object": "error", "status": 400, "details": "too many identifiers"}
            return web.json_response(error, status=400)
        cards, not_found = [], []
        for identifier in identifiers:
            found = self._find(identifier["name"])
            if found is None:
                not_found.append(identifier)
            else:
                cards.append(found)
        return web.json_response({"object": "list", "not_found": not_found, "data": cards})


@contextlib.asynccontextmanager
async def serving_scryfall() -> AsyncIterator[FakeScryfall]:
    """A running fake Scryfall on 127.0.0.1 (random port); ``fake.url`` is its root."""
    fake = FakeScryfall()
    app = web.Application()
    app.router.add_post("/cards/collection", fake.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    host, port = runner.addresses[0][:2]
    fake.url = f"http://{host}:{port}"
    try:
        yield fake
    finally:
        await runner.cleanup()


@pytest.fixture
async def scryfall() -> AsyncIterator[FakeScryfall]:
    """:func:`serving_scryfall` for one test."""
    async with serving_scryfall() as fake:
        yield fake


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    """An aiohttp client session, closed after the test."""
    async with aiohttp.ClientSession() as client:
        yield client


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    """An open, migrated database in the test's temporary directory."""
    database = await Database.open(tmp_path / "bingo.db")
    try:
        yield database
    finally:
        await database.close()
