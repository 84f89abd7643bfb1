"""Which language each reader gets: one service for every cog (Discord-free).

* **Private text** (ephemeral replies, DMs, private panels and their buttons), read by one
  member: their ``/bingo language`` choice (``UserPrefs.language``), else the locale of
  their Discord client (``interaction.locale``), else :data:`~bot.i18n.DEFAULT`. A DM
  sent without an interaction (a new panel) uses the choice, else the locale of the
  member's last interaction this process saw, else a fallback (the server's language).
* **Public text** (boards, results, challenges, channel posts): the server's language
  setting (``GuildSettings.language``, ``/bingo settings language``), else the guild's
  locale (its preferred locale, ``interaction.guild_locale``), else the default.

Languages are catalog codes (``"en"``, ``"it"``: :func:`bot.i18n.language_of`); locales
are Discord's locale strings (``"it"``, ``"en-US"``) or ``None`` when unknown. Cogs pass
ids and locale strings (``cogs/languages.py`` adapts an interaction).

Several bot processes share one database and any of them may apply any click (DMs all
reach shard 0), so there the choices are read from storage and reused only for
:data:`CACHE_SECONDS`: a change made in another process is used here at most that late,
one made through this service at once. A bot that runs alone (no ``SHARD_COUNT``) makes
every change through its own service, so it reuses what it read for
:data:`SOLE_CACHE_SECONDS` (a click then reads nothing before its answer).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from cachetools import LRUCache, TTLCache

from . import LANGUAGES, language_of

if TYPE_CHECKING:
    from bot.storage import GuildSettings
    from bot.storage.settings import SettingsStore

log = logging.getLogger(__name__)

#: How long a member's choice or a server's setting read from storage is reused, in
#: seconds. One click resolves its reader's language several times (its answer, the new
#: panel, a tip) and members click in bursts: this keeps that to one read, while a change
#: made by another process sharing the database shows here within this time.
CACHE_SECONDS = 2.0
#: The same for a bot process that is the only one (``SHARD_COUNT`` unset): every change
#: goes through this service and is used at once (:meth:`LanguageService.set_choice`,
#: :meth:`~LanguageService.server_changed`, :meth:`~LanguageService.forget`), so a read
#: is only dropped to bound the cache's memory by age as well as by count.
SOLE_CACHE_SECONDS = 3600.0
#: Members and servers whose choice is cached at most (the cache is bounded; a few
#: hundred bytes an entry).
CACHE_SIZE = 20_000
#: Seconds a read of a choice may take before the reader gets their client's language
#: instead (the read goes on and fills the cache): a database held by another writer
#: must not hold up the answer to a click, which Discord wants within 3 s.
READ_WAIT_SECONDS = 0.75
#: Members whose last client locale is remembered, at most (the least recently seen are
#: forgotten first; their DMs then follow the server's language, as after a restart).
SEEN_SIZE = 100_000

_MISSING = object()


class LanguageService:
    """The language of every reader (see the module docstring), backed by ``store``
    (``user_prefs`` and ``guild_settings``: a :class:`bot.storage.Database`).

    ``clock``: seconds of a monotonic clock (tests pass a fake one); ``cache_seconds``:
    see :data:`CACHE_SECONDS`; ``read_wait``: see :data:`READ_WAIT_SECONDS`. Reads never
    raise: a storage failure, or a read slower than ``read_wait``, is logged and treated
    as "no choice" (a language is never worth failing a command, or a click's 3 s, for).
    """

    def __init__(
        self,
        store: SettingsStore,
        *,
        clock: Callable[[], float] = time.monotonic,
        cache_seconds: float = CACHE_SECONDS,
        read_wait: float = READ_WAIT_SECONDS,
    ) -> None:
        self.store = store
        self._read_wait = read_wait
        self._reading: dict[tuple[str, int], asyncio.Future[str | None]] = {}
        self._choices: TTLCache[int, str | None] = TTLCache(
            CACHE_SIZE, ttl=cache_seconds, timer=clock
        )
        self._servers: TTLCache[int, str | None] = TTLCache(
            CACHE_SIZE, ttl=cache_seconds, timer=clock
        )
        self._seen: LRUCache[int, str] = LRUCache(SEEN_SIZE)

    # -- a member's choice ---------------------------------------------------------------

    async def choice(self, user_id: int) -> str | None:
        """The member's ``/bingo language`` choice (a code of :data:`~bot.i18n.LANGUAGES`),
        or ``None``: follow their client."""
        return await self._stored(self._choices, "user", user_id, self._user_language)

    async def set_choice(self, user_id: int, language: str | None) -> None:
        """Store the member's choice (a catalog code; ``None``: follow their client
        again), used by this process from now on.

        Raises:
            ValueError: a code the storage refuses (``SettingsStore.set_user_language``).
        """
        await self.store.set_user_language(user_id, language)
        self._choices[user_id] = _catalog(language)

    def forget(self, user_id: int) -> None:
        """Drop what this process remembers of the member (their choice and last client
        locale): their stored data was erased (``/privacy delete``)."""
        self._choices.pop(user_id, None)
        self._seen.pop(user_id, None)

    def seen(self, user_id: int, locale: str | None) -> str:
        """Remember ``locale``, the client locale of the member's interaction, for DMs
        sent later without one (:meth:`of_user`); return its catalog language."""
        language = language_of(locale)
        if locale is not None:
            self._seen[user_id] = language
        return language

    async def private(self, user_id: int, locale: str | None) -> str:
        """The language of a private answer to the member's interaction: their choice,
        else ``locale`` (their client's, remembered by :meth:`seen`), else the default."""
        client = self.seen(user_id, locale)
        return await self.choice(user_id) or client

    async def of_user(self, user_id: int, fallback: str | None = None) -> str:
        """The language of a DM to the member sent without an interaction: their choice,
        else their last interaction's locale, else ``fallback`` (a locale or code: the
        server's language), else the default."""
        return await self.choice(user_id) or self._seen.get(user_id) or language_of(fallback)

    # -- a server's setting --------------------------------------------------------------

    async def server_setting(self, guild_id: int) -> str | None:
        """The server's language setting (a catalog code), or ``None``: its locale."""
        return await self._stored(self._servers, "guild", guild_id, self._guild_language)

    def server_changed(self, settings: GuildSettings) -> None:
        """Use ``settings``, just written (``SettingsStore.set_guild_settings``), from
        now on in this process."""
        self._servers[settings.guild_id] = _catalog(settings.language)

    async def public(self, guild_id: int | None, guild_locale: str | None) -> str:
        """The language of public text in server ``guild_id``: its setting, else
        ``guild_locale`` (the guild's preferred locale), else the default. Outside a
        server (``None``), the language of ``guild_locale``."""
        setting = await self.server_setting(guild_id) if guild_id is not None else None
        return setting or language_of(guild_locale)

    # -- storage -------------------------------------------------------------------------

    async def _user_language(self, user_id: int) -> str | None:
        return (await self.store.user_prefs(user_id)).language

    async def _guild_language(self, guild_id: int) -> str | None:
        return (await self.store.guild_settings(guild_id)).language

    async def _stored(
        self,
        cache: TTLCache[int, str | None],
        kind: str,
        key: int,
        read: Callable[[int], Awaitable[str | None]],
    ) -> str | None:
        """The catalog code ``read(key)`` gives, reused from ``cache`` while fresh."""
        cached = cache.get(key, _MISSING)
        if cached is not _MISSING:
            return cached  # type: ignore[return-value]
        pending = self._reading.get((kind, key))
        if pending is None:
            pending = asyncio.ensure_future(self._read(cache, key, read, f"{kind} {key}"))
            self._reading[(kind, key)] = pending
            pending.add_done_callback(lambda _: self._reading.pop((kind, key), None))
        try:
            return await asyncio.wait_for(asyncio.shield(pending), self._read_wait)
        except TimeoutError:
            log.warning("Reading the language of %s %s is slow; using the default", kind, key)
            return None

    @staticmethod
    async def _read(
        cache: TTLCache[int, str | None],
        key: int,
        read: Callable[[int], Awaitable[str | None]],
        what: str,
    ) -> str | None:
        """Read ``key``'s code and cache it (a failure is logged and reads as ``None``)."""
        try:
            code = _catalog(await read(key))
        except Exception:  # noqa: BLE001 - see the class docstring
            log.exception("Reading the language of %s failed", what)
            return None
        if key in cache:  # written through this service while it was read: newer
            return cache[key]
        cache[key] = code
        return code


def _catalog(code: str | None) -> str | None:
    """``code`` if it is a catalog language, else ``None`` (a code storage accepts, such
    as ``"pt-BR"``, that the bot has no catalog for)."""
    return code if code in LANGUAGES else None
