"""Server settings (``guild_settings``) and each member's own preferences
(``user_prefs``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from bot import limits
from bot.engine import MulliganRule
from bot.storage import sql
from bot.storage.backend import Row, record_of
from bot.storage.base import StorageBase, encode_json


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's settings (``guild_settings``). A server that never changed
    anything gets ``GuildSettings(guild_id)``: every default.

    ``mulligan_rule``: a :class:`bot.engine.MulliganRule` value (``"vancouver"``...), or
    None for the engine's default (Vancouver). ``free_first``/``sequential``: the RULES §2
    mulligan options; ``forest_either_pile``: the RULES §1.4 house rule. Timers in seconds,
    None meaning the bot's configuration (``Settings.turn_seconds``...); a set timer lies
    within its ``bot.limits`` bounds (``TURN_SECONDS``, ``COUNTER_SECONDS``,
    ``CHOICE_SECONDS``, ``CHALLENGE_SECONDS``). ``language``: a catalog code (``"en"``,
    ``"it"``) for public messages, None for the guild's preferred locale. ``channels``:
    ids of the channels where matches may be started, sorted; empty means every channel.
    ``updated_at``: Unix seconds of the last change (None: never changed).
    """

    guild_id: int
    mulligan_rule: str | None = None
    free_first: bool = False
    sequential: bool = False
    forest_either_pile: bool = False
    turn_seconds: float | None = None
    counter_seconds: float | None = None
    choice_seconds: float | None = None
    challenge_seconds: float | None = None
    language: str | None = None
    channels: tuple[int, ...] = ()
    updated_at: float | None = None

    def allows_channel(self, channel_id: int) -> bool:
        """Whether a match may be started in ``channel_id`` (no list: everywhere)."""
        return not self.channels or channel_id in self.channels


#: The :class:`GuildSettings` fields :meth:`SettingsStore.set_guild_settings` may change.
GUILD_SETTING_FIELDS = frozenset(
    (
        "mulligan_rule",
        "free_first",
        "sequential",
        "forest_either_pile",
        "turn_seconds",
        "counter_seconds",
        "choice_seconds",
        "challenge_seconds",
        "language",
        "channels",
    )
)

_TIMER_BOUNDS = {
    "turn_seconds": limits.TURN_SECONDS,
    "counter_seconds": limits.COUNTER_SECONDS,
    "choice_seconds": limits.CHOICE_SECONDS,
    "challenge_seconds": limits.CHALLENGE_SECONDS,
}

#: The longest language code stored (BCP 47 codes such as ``"pt-BR"`` fit).
MAX_LANGUAGE_CODE = 16


@dataclass(frozen=True, slots=True)
class UserPrefs:
    """A member's own choices, the same in every server (``user_prefs``).

    ``language``: a catalog code (``"en"``, ``"it"``) overriding their Discord client's
    locale for private text, or None (follow ``interaction.locale``). ``tips``: show
    first-match tips (default on). ``quick_counter``: quick counter windows (default off).
    ``accessible``: screen-reader mode, a plain sentence of the state first on every
    panel and board they see (default off; see :mod:`bot.ui.accessible`).
    """

    user_id: int
    language: str | None = None
    tips: bool = True
    quick_counter: bool = False
    accessible: bool = False


class SettingsStore(StorageBase):
    """Server settings and member preferences."""

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The settings of ``guild_id`` (every default if it never changed any)."""
        row = await self.backend.fetchone(sql.SELECT_GUILD_SETTINGS, (guild_id,))
        return _guild_settings(row) if row is not None else GuildSettings(guild_id)

    async def set_guild_settings(self, guild_id: int, now: float, **changes: Any) -> GuildSettings:
        """Change some of a server's settings (keywords: the fields of
        :class:`GuildSettings` listed in :data:`GUILD_SETTING_FIELDS`; ``None`` restores a
        default where the field allows it) and return the new settings. Read and write
        are one transaction. ``now``: Unix seconds. Matches in progress never read these:
        a match captures its options and timers when it starts.

        Raises:
            ValueError: an unknown field; a mulligan rule that is not a
                :class:`bot.engine.MulliganRule` playable in BingoMagic; a timer outside
                its ``bot.limits`` bounds; a language code empty or longer than
                :data:`MAX_LANGUAGE_CODE`; more than ``bot.limits.MATCH_CHANNELS``
                channels.
        """
        unknown = set(changes) - GUILD_SETTING_FIELDS
        if unknown:
            raise ValueError(f"unknown guild settings: {sorted(unknown)}")
        checked = {name: _check_setting(name, value) for name, value in changes.items()}
        async with self.backend.transaction(("guild_settings", guild_id)) as tx:
            row = await tx.fetchone(sql.SELECT_GUILD_SETTINGS, (guild_id,))
            current = _guild_settings(row) if row is not None else GuildSettings(guild_id)
            new = replace(current, **checked, updated_at=now)
            await tx.execute(
                sql.UPSERT_GUILD_SETTINGS,
                (
                    guild_id,
                    new.mulligan_rule,
                    int(new.free_first),
                    int(new.sequential),
                    int(new.forest_either_pile),
                    new.turn_seconds,
                    new.counter_seconds,
                    new.choice_seconds,
                    new.challenge_seconds,
                    new.language,
                    encode_json(list(new.channels)),
                    now,
                ),
            )
        return new

    async def user_prefs(self, user_id: int) -> UserPrefs:
        """The member's preferences (every default if they never set one)."""
        row = await self.backend.fetchone(sql.SELECT_USER_PREFS, (user_id,))
        if row is None:
            return UserPrefs(user_id)
        return _user_prefs(row)

    async def set_user_language(self, user_id: int, language: str | None) -> UserPrefs:
        """Set (a catalog code such as ``"it"``) or clear (None: follow the client's
        locale) the member's language; return the new preferences.

        Raises:
            ValueError: an empty code or one longer than :data:`MAX_LANGUAGE_CODE`.
        """
        return await self._set_prefs(user_id, language=_check_setting("language", language))

    async def set_user_tips(self, user_id: int, tips: bool) -> UserPrefs:
        """Turn first-match tips on or off for the member; return the new preferences."""
        return await self._set_prefs(user_id, tips=bool(tips))

    async def set_user_quick_counter(self, user_id: int, quick: bool) -> UserPrefs:
        """Turn quick counter windows on or off for the member; return the new
        preferences."""
        return await self._set_prefs(user_id, quick_counter=bool(quick))

    async def set_user_accessible(self, user_id: int, accessible: bool) -> UserPrefs:
        """Turn screen-reader mode on or off for the member; return the new preferences."""
        return await self._set_prefs(user_id, accessible=bool(accessible))

    async def _set_prefs(self, user_id: int, **changes: Any) -> UserPrefs:
        async with self.backend.transaction(("user_prefs", user_id)) as tx:
            row = await tx.fetchone(sql.SELECT_USER_PREFS, (user_id,))
            current = _user_prefs(row) if row is not None else UserPrefs(user_id)
            new = replace(current, **changes)
            await tx.execute(
                sql.UPSERT_USER_PREFS,
                (
                    user_id,
                    new.language,
                    int(new.tips),
                    int(new.quick_counter),
                    int(new.accessible),
                ),
            )
        return new


def _user_prefs(row: Row) -> UserPrefs:
    flags = ("tips", "quick_counter", "accessible")
    return record_of(UserPrefs, row, **{flag: bool(row[flag]) for flag in flags})


def _guild_settings(row: Row) -> GuildSettings:
    flags = ("free_first", "sequential", "forest_either_pile")
    return record_of(
        GuildSettings,
        row,
        channels=tuple(sorted(int(c) for c in json.loads(row["channels"]))),
        **{flag: bool(row[flag]) for flag in flags},
    )


def _check_setting(name: str, value: Any) -> Any:
    """``value`` as stored for the setting ``name``; ValueError if out of bounds."""
    if name in _TIMER_BOUNDS:
        if value is None:
            return None
        low, high = _TIMER_BOUNDS[name]
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not low <= value <= high
        ):
            raise ValueError(f"{name} must be between {low} and {high} seconds, got {value!r}")
        return float(value)
    if name == "mulligan_rule":
        if value is None:
            return None
        rule = MulliganRule(value)
        if rule is MulliganRule.EARLY_1994:
            raise ValueError("the 1994 mulligan is for Magic decks only (RULES §2)")
        return rule.value
    if name == "language":
        if value is None:
            return None
        code = str(value).strip()
        if not code or len(code) > MAX_LANGUAGE_CODE:
            raise ValueError(f"a language code has 1-{MAX_LANGUAGE_CODE} characters")
        return code
    if name == "channels":
        channels = tuple(sorted({int(c) for c in value}))
        if len(channels) > limits.MATCH_CHANNELS:
            raise ValueError(f"at most {limits.MATCH_CHANNELS} channels")
        return channels
    return bool(value)
