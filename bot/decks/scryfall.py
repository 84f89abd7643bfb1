"""Which card names are lands, asked of Scryfall and cached in SQLite.

Source: Scryfall's ``POST /cards/collection`` endpoint
(https://scryfall.com/docs/api/cards/collection): the body is
``{"identifiers": [{"name": ...}, ...]}`` with at most 75 identifiers; the answer is
a list object ``{"object": "list", "not_found": [identifier, ...], "data": [card,
...]}``. Scryfall asks clients to send a ``User-Agent`` and an ``Accept`` header
(https://scryfall.com/docs/api); its rate-limits page allows ``/cards/collection``
2 requests a second, and answers 429 to a client that goes faster, which then stays
locked out for 30 seconds. So requests are spaced :data:`MIN_INTERVAL` apart, a 429
is never retried, and for :data:`LOCKOUT_SECONDS` after one no request is sent at all:
the names are ``unchecked``.

Order of lookup for each name: the lands known without Scryfall (the basics and the
shipped list of :mod:`bot.decks.lands`), then the ``card_types`` cache, then Scryfall
(unless the caller asks for no lookup: then the rest are ``unchecked``). Scryfall
answers are cached: found cards with their land flag, unknown names as "not found"
non-lands (re-checked after ``not_found_ttl`` seconds, since a newly previewed card can
appear later).
Names Scryfall could not be asked about (connection error, timeout, HTTP 5xx, a
malformed or oversized answer, a 429 or the lockout after one) are reported as
``unchecked``, count as non-lands and are *not* cached.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import aiohttp

from bot.decks.lands import is_builtin_land
from bot.storage import Database

__all__ = ["BATCH_SIZE", "USER_AGENT", "LandCheck", "ScryfallLands", "is_land_type_line"]

log = logging.getLogger(__name__)

BATCH_SIZE = 75
"""Scryfall's limit of identifiers per ``/cards/collection`` request."""

USER_AGENT = "BingoMagicBot/0.1"

MIN_INTERVAL = 0.5
"""Seconds between the end of one request and the start of the next: Scryfall allows
``/cards/collection`` 2 requests a second."""

LOCKOUT_SECONDS = 30.0
"""Seconds Scryfall locks a client out after a 429: no request is sent meanwhile (a
longer ``Retry-After`` is honoured too)."""

MAX_BODY_BYTES = 2_000_000
"""The largest answer body read (75 full card objects are a few hundred kB)."""


@dataclass(frozen=True, slots=True)
class LandCheck:
    """Which of the requested names are lands.

    Names appear as requested with whitespace normalised (trimmed, runs of spaces
    collapsed; the first spelling when a name was requested twice with different
    case). ``lands`` and ``non_lands`` together hold
    every requested name; ``unchecked`` (in request order) are the names Scryfall
    could not be asked about, which are also in ``non_lands``.
    """

    lands: frozenset[str]
    non_lands: frozenset[str]
    unchecked: tuple[str, ...] = ()

    def is_land(self, name: str) -> bool:
        """Whether ``name`` was classified as a land (case and accents ignored)."""
        if name in self.lands:
            return True
        key = _key(name)
        return any(_key(land) == key for land in self.lands)


class _Unavailable(Exception):
    """Scryfall could not answer this request; its names stay unchecked."""


class ScryfallLands:
    """Classify card names as lands or non-lands (see the module docstring).

    Args:
        session: an open aiohttp session; it is used, never closed.
        db: the database holding the ``card_types`` cache.
        base_url: Scryfall's API root (a local fake in tests).
        min_interval: minimum seconds between the end of one request and the start
            of the next (also across concurrent :meth:`classify` calls; requests run
            one at a time), so the server sees them at least this far apart.
        timeout: total seconds allowed for one request.
        not_found_ttl: seconds a "not found" answer stays cached (None: forever).
        clock: wall clock for cache timestamps (Unix seconds).
        lockout: seconds after a 429 during which no request is sent.
        max_body: the largest answer body read, in bytes; a larger one is unchecked.
    """

    def __init__(
        self,
        session: aiohttp.ClientSession,
        db: Database,
        *,
        base_url: str = "https://api.scryfall.com",
        min_interval: float = MIN_INTERVAL,
        timeout: float = 10.0,
        not_found_ttl: float | None = 7 * 24 * 3600.0,
        clock: Callable[[], float] = time.time,
        lockout: float = LOCKOUT_SECONDS,
        max_body: int = MAX_BODY_BYTES,
    ) -> None:
        self._session = session
        self._db = db
        self._url = base_url.rstrip("/") + "/cards/collection"
        self._min_interval = min_interval
        self._timeout = aiohttp.ClientTimeout(total=timeout)
        self._not_found_ttl = not_found_ttl
        self._clock = clock
        self._lock = asyncio.Lock()
        self._last_request: float | None = None
        self._lockout = lockout
        self._max_body = max_body
        self._locked_until: float | None = None  # time.monotonic() of the lockout's end

    @property
    def locked_out(self) -> bool:
        """True while a 429's lockout lasts: lookups send nothing, names stay unchecked."""
        return self._locked_until is not None and time.monotonic() < self._locked_until

    async def classify(self, names: Iterable[str], *, lookup: bool = True) -> LandCheck:
        """Classify ``names`` (duplicates and case variants are looked up once).

        Lands known without Scryfall (:func:`bot.decks.lands.is_builtin_land`) never
        reach the network or the cache; cached names never reach the network; the rest
        are sent in batches of at most :data:`BATCH_SIZE`, or, with ``lookup`` false,
        not sent at all and reported ``unchecked`` (the cache alone: no waiting). After
        the first failed request the remaining batches are not attempted (they are
        ``unchecked`` too). Never raises for network problems; database errors
        propagate.
        """
        requested: dict[str, str] = {}  # key -> name as first requested
        for name in names:
            trimmed = " ".join(name.split())
            if trimmed:
                requested.setdefault(_key(trimmed), trimmed)
        lands: set[str] = set()
        non_lands: set[str] = set()
        pending: list[str] = []
        for name in requested.values():
            if is_builtin_land(name):
                lands.add(name)
            else:
                pending.append(name)

        if pending:
            cutoff = None
            if self._not_found_ttl is not None:
                cutoff = self._clock() - self._not_found_ttl
            cached = await self._db.cached_card_types(pending, not_found_after=cutoff)
            for name, is_land in cached.items():
                (lands if is_land else non_lands).add(name)
            pending = [name for name in pending if name not in cached]

        unchecked: list[str] = [] if lookup else pending
        for start in range(0, len(pending) if lookup else 0, BATCH_SIZE):
            batch = pending[start : start + BATCH_SIZE]
            if unchecked:
                unchecked.extend(batch)
                continue
            try:
                answers = await self._lookup(batch)
            except _Unavailable as exc:
                log.warning("Scryfall lookup of %d card names failed: %s", len(batch), exc)
                unchecked.extend(batch)
                continue
            entries: list[tuple[str, bool, bool]] = []
            for name in batch:
                answer = answers.get(name)
                if answer is None:
                    unchecked.append(name)
                    continue
                is_land, found = answer
                (lands if is_land else non_lands).add(name)
                entries.append((name, is_land, found))
            await self._db.cache_card_types(entries, self._clock())

        non_lands.update(unchecked)
        return LandCheck(frozenset(lands), frozenset(non_lands), tuple(unchecked))

    async def _lookup(self, names: Sequence[str]) -> dict[str, tuple[bool, bool]]:
        """Ask Scryfall about ``names`` (≤ 75): ``{name: (is_land, found)}``.

        Names the answer does not account for (neither a card nor not_found) are
        left out, so they end up unchecked.

        Raises:
            _Unavailable: connection error, timeout, HTTP error, malformed JSON.
        """
        body = {"identifiers": [{"name": name} for name in names]}
        payload = await self._post(body)
        try:
            return self._read_answer(names, payload)
        except (TypeError, AttributeError, ValueError, RecursionError) as exc:
            # A second fence: each field is type-checked, but an answer of unexpected
            # shape must leave the names unchecked, never raise.
            raise _Unavailable(f"a malformed answer: {type(exc).__name__}") from exc

    @staticmethod
    def _read_answer(names: Sequence[str], payload: dict[str, Any]) -> dict[str, tuple[bool, bool]]:
        """``{name: (is_land, found)}`` from a decoded answer (see :meth:`_lookup`).

        Raises:
            _Unavailable: the answer has no ``data``/``not_found`` lists.
        """
        data = payload.get("data")
        not_found = payload.get("not_found", [])
        if not isinstance(data, list) or not isinstance(not_found, list):
            raise _Unavailable("the answer has no data/not_found lists")

        by_key = {_key(name): name for name in names}
        result: dict[str, tuple[bool, bool]] = {}
        for identifier in not_found:
            if isinstance(identifier, dict) and isinstance(identifier.get("name"), str):
                name = by_key.get(_key(identifier["name"]))
                if name is not None:
                    result[name] = (False, False)
        unmatched: list[dict[str, Any]] = []
        for card in data:
            if not isinstance(card, dict):
                continue
            is_land = is_land_type_line(_front_type_line(card))
            matched = [by_key[k] for k in _card_keys(card) if k in by_key]
            for name in matched:
                result.setdefault(name, (is_land, True))
            if not matched:
                unmatched.append(card)
        if unmatched:
            # Cards whose names match no requested name under _key (Scryfall resolved
            # a spelling we do not normalise) are paired with the unanswered names
            # by position, assuming Scryfall keeps request order, and only when the
            # counts agree; otherwise those names stay unchecked.
            missing = [name for name in names if name not in result]
            if len(missing) == len(unmatched):
                for name, card in zip(missing, unmatched, strict=True):
                    result[name] = (is_land_type_line(_front_type_line(card)), True)
            else:
                log.warning("Could not match %d Scryfall cards to names", len(unmatched))
        return result

    async def _post(self, body: dict[str, Any]) -> dict[str, Any]:
        """POST ``body`` to the collection endpoint and return the decoded JSON object.

        Holds the request lock for the whole exchange, so requests never overlap and
        each starts at least ``min_interval`` after the previous one ended. A 429 is
        not retried: it starts a lockout of ``lockout`` seconds (or its
        ``Retry-After`` when longer) in which nothing is sent.

        Raises:
            _Unavailable: the lockout, connection error, timeout, a non-200 status, a
                body over ``max_body`` bytes or that is not a JSON object.
        """
        async with self._lock:
            if self.locked_out:
                raise _Unavailable("locked out after a 429")
            await self._wait_turn()
            try:
                status, retry_after, payload = await self._send(body)
            finally:
                self._last_request = time.monotonic()
            if status == 429:
                wait = max(self._lockout, _retry_after(retry_after) or 0.0)
                self._locked_until = time.monotonic() + wait
                log.warning("Scryfall answered 429; no lookups for %.0f s", wait)
            if status != 200:
                raise _Unavailable(f"HTTP {status}")
            if not isinstance(payload, dict):
                raise _Unavailable("the answer is not a JSON object")
            return payload

    async def _send(self, body: dict[str, Any]) -> tuple[int, str | None, Any]:
        """One POST: ``(status, Retry-After header, decoded JSON or None)``."""
        try:
            async with self._session.post(
                self._url,
                json=body,
                headers={"User-Agent": USER_AGENT, "Accept": "application/json"},
                timeout=self._timeout,
            ) as response:
                if response.status != 200:
                    return response.status, response.headers.get("Retry-After"), None
                if (response.content_length or 0) > self._max_body:
                    raise _Unavailable(f"an answer of {response.content_length} bytes")
                raw = bytearray()
                async for chunk in response.content.iter_chunked(64 * 1024):
                    raw += chunk
                    if len(raw) > self._max_body:
                        raise _Unavailable(f"an answer over {self._max_body} bytes")
            # Deeply nested JSON raises RecursionError; bad bytes raise ValueError.
            return 200, None, json.loads(bytes(raw))
        except (aiohttp.ClientError, TimeoutError, ValueError, RecursionError) as exc:
            raise _Unavailable(f"{type(exc).__name__}: {exc}") from exc

    async def _wait_turn(self) -> None:
        """Sleep until ``min_interval`` has passed since the previous request ended
        (caller holds the lock, so no other request is in flight)."""
        if self._last_request is not None:
            wait = self._last_request + self._min_interval - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)


def is_land_type_line(type_line: str) -> bool:
    """Whether a (single face's) type line has the Land card type.

    Only the types before the em dash count, so ``"Land Creature — Forest Dryad"``
    and ``"Legendary Land"`` are lands and the subtype in ``"Artifact — Lander"`` is
    not. For a whole multi-face type line only the front face (before ``//``) is read.
    """
    front = type_line.split("//", 1)[0]
    types = front.split("—", 1)[0].replace("-", " ").split()
    return "Land" in types


def _front_type_line(card: dict[str, Any]) -> str:
    """The front face's type line: ``card_faces[0].type_line`` when present (MDFCs,
    transforming, split, adventure cards), else the top-level ``type_line``."""
    faces = card.get("card_faces")
    if isinstance(faces, list) and faces and isinstance(faces[0], dict):
        face_line = faces[0].get("type_line")
        if isinstance(face_line, str):
            return face_line
    type_line = card.get("type_line")
    return type_line if isinstance(type_line, str) else ""


def _card_keys(card: dict[str, Any]) -> list[str]:
    """Lookup keys of a Scryfall card: its full name, each ``//`` part and face name."""
    names: list[str] = []
    if isinstance(card.get("name"), str):
        names.append(card["name"])
        names.extend(card["name"].split(" // "))
    faces = card.get("card_faces")
    for face in faces if isinstance(faces, list) else []:
        if isinstance(face, dict) and isinstance(face.get("name"), str):
            names.append(face["name"])
    return list(dict.fromkeys(_key(name) for name in names))


def _key(name: str) -> str:
    """Comparison key for card names: case, accents, ``Æ`` and spacing ignored."""
    decomposed = unicodedata.normalize("NFKD", " ".join(name.split()))
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return plain.casefold().replace("æ", "ae")


def _retry_after(value: str | None) -> float | None:
    """Seconds of a ``Retry-After`` header, or None when it is absent, an HTTP date,
    negative, not finite, or longer than an hour (not believed)."""
    if value is None:
        return None
    try:
        seconds = float(value)
    except ValueError:
        return None
    if not 0 <= seconds <= 3600:
        return None
    return seconds
