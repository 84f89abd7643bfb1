"""Runtime settings read from environment variables (and an optional ``.env`` file).

| Variable                | Field               | Default               |
|-------------------------|---------------------|-----------------------|
| DISCORD_TOKEN           | token               | (required)            |
| DATABASE_PATH           | database_path       | data/bingomagic.db    |
| DISCORD_GUILD_ID        | guild_id            | None (global sync)    |
| DISCORD_API_BASE        | api_base            | None (real Discord)   |
| DISCORD_GATEWAY_URL     | gateway_url         | None (real Discord)   |
| LOG_LEVEL               | log_level           | INFO                  |
| BINGO_TURN_SECONDS      | turn_seconds        | 120.0                 |
| BINGO_COUNTER_SECONDS   | counter_seconds     | 45.0                  |
| BINGO_QUICK_COUNTER_SECONDS | quick_counter_seconds | 8.0             |
| BINGO_CHOICE_SECONDS    | choice_seconds      | 90.0                  |
| BINGO_CHALLENGE_SECONDS | challenge_seconds   | 300.0                 |
| BINGO_MAX_TIMEOUTS      | max_timeouts        | 3                     |
| BINGO_BOT_PAUSE_SECONDS | bot_pause_seconds   | 1.5 (0 allowed)       |
| BINGO_AI_BUDGET_SECONDS | ai_budget_seconds   | 0.25                  |
| BINGO_AI_WORKERS        | ai_workers          | min(2, CPUs); 0 = threads |
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE_PATH = Path("data/bingomagic.db")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def default_ai_workers() -> int:
    """The default size of the AI's process pool: ``min(2, os.cpu_count())`` (1 if the
    count is unknown)."""
    return min(2, os.cpu_count() or 1)


class ConfigError(Exception):
    """The configuration is unusable; ``str(error)`` is one human-readable sentence."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The bot's settings. Build with :meth:`from_env`.

    Durations are in seconds. ``token`` is excluded from ``repr``/``str`` so it
    never reaches logs or tracebacks by accident.
    """

    token: str = field(repr=False)
    database_path: Path = DEFAULT_DATABASE_PATH
    guild_id: int | None = None
    api_base: str | None = None
    gateway_url: str | None = None
    log_level: str = "INFO"
    turn_seconds: float = 120.0
    counter_seconds: float = 45.0
    quick_counter_seconds: float = 8.0
    choice_seconds: float = 90.0
    challenge_seconds: float = 300.0
    max_timeouts: int = 3
    scryfall_api_base: str = "https://api.scryfall.com"
    outbound_per_second: float = 20.0
    #: The least time the bot takes per decision in a match against it (seconds; 0 in
    #: tests), whatever it holds, so its speed never reveals its hand.
    bot_pause_seconds: float = 1.5
    #: The hard level's thinking time per decision (seconds of search).
    ai_budget_seconds: float = 0.25
    #: Processes searching for the bot's moves; 0 runs the search in threads instead.
    ai_workers: int = field(default_factory=default_ai_workers)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, *, dotenv: bool = True) -> Settings:
        """Read settings from ``environ`` (default: ``os.environ``).

        When ``environ`` is None and ``dotenv`` is True, the file ``.env`` in the
        current working directory (if any) is loaded into ``os.environ`` first;
        variables already set in the environment win over the file.

        Raises:
            ConfigError: a required variable is missing or a value is invalid.
        """
        if environ is None:
            if dotenv:
                env_file = Path.cwd() / ".env"
                if env_file.is_file():
                    load_dotenv(env_file, override=False)
            environ = os.environ

        def get(name: str) -> str | None:
            value = environ.get(name)
            if value is None or not value.strip():
                return None
            return value.strip()

        token = get("DISCORD_TOKEN")
        if token is None:
            raise ConfigError(
                "DISCORD_TOKEN is not set; put your bot token in the environment or in .env"
            )

        return cls(
            token=token,
            database_path=Path(get("DATABASE_PATH") or DEFAULT_DATABASE_PATH),
            guild_id=_snowflake("DISCORD_GUILD_ID", get("DISCORD_GUILD_ID")),
            api_base=_api_base(get("DISCORD_API_BASE")),
            gateway_url=_url(
                "DISCORD_GATEWAY_URL", get("DISCORD_GATEWAY_URL"), ("ws://", "wss://")
            ),
            log_level=_log_level(get("LOG_LEVEL")),
            turn_seconds=_seconds("BINGO_TURN_SECONDS", get("BINGO_TURN_SECONDS"), 120.0),
            counter_seconds=_seconds("BINGO_COUNTER_SECONDS", get("BINGO_COUNTER_SECONDS"), 45.0),
            quick_counter_seconds=_seconds(
                "BINGO_QUICK_COUNTER_SECONDS", get("BINGO_QUICK_COUNTER_SECONDS"), 8.0
            ),
            choice_seconds=_seconds("BINGO_CHOICE_SECONDS", get("BINGO_CHOICE_SECONDS"), 90.0),
            challenge_seconds=_seconds(
                "BINGO_CHALLENGE_SECONDS", get("BINGO_CHALLENGE_SECONDS"), 300.0
            ),
            max_timeouts=_positive_int("BINGO_MAX_TIMEOUTS", get("BINGO_MAX_TIMEOUTS"), 3),
            bot_pause_seconds=_seconds(
                "BINGO_BOT_PAUSE_SECONDS", get("BINGO_BOT_PAUSE_SECONDS"), 1.5, zero=True
            ),
            ai_budget_seconds=_seconds(
                "BINGO_AI_BUDGET_SECONDS", get("BINGO_AI_BUDGET_SECONDS"), 0.25
            ),
            ai_workers=_whole_number(
                "BINGO_AI_WORKERS", get("BINGO_AI_WORKERS"), default_ai_workers()
            ),
            outbound_per_second=_seconds(
                "DISCORD_OUTBOUND_PER_SECOND",
                get("DISCORD_OUTBOUND_PER_SECOND"),
                20.0,
                "number of requests per second",
            ),
            scryfall_api_base=(
                _url("SCRYFALL_API_BASE", get("SCRYFALL_API_BASE"), ("http://", "https://"))
                or "https://api.scryfall.com"
            ).rstrip("/"),
        )


def _snowflake(name: str, raw: str | None) -> int | None:
    if raw is None:
        return None
    if not raw.isascii() or not raw.isdigit() or int(raw) == 0:
        raise ConfigError(f"{name} must be a Discord server id (digits only), got {raw!r}")
    return int(raw)


def _url(name: str, raw: str | None, schemes: tuple[str, ...]) -> str | None:
    if raw is None:
        return None
    if not raw.lower().startswith(schemes) or len(raw) <= len(max(schemes, key=len)):
        wanted = " or ".join(schemes)
        raise ConfigError(f"{name} must be a URL starting with {wanted}, got {raw!r}")
    return raw


def _api_base(raw: str | None) -> str | None:
    """The REST base URL without a trailing slash (bot.endpoints expects none)."""
    url = _url("DISCORD_API_BASE", raw, ("http://", "https://"))
    return url.rstrip("/") if url is not None else None


def _log_level(raw: str | None) -> str:
    if raw is None:
        return "INFO"
    level = raw.upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {raw!r}")
    return level


def _seconds(
    name: str,
    raw: str | None,
    default: float,
    what: str = "number of seconds",
    *,
    zero: bool = False,
) -> float:
    """A finite number above 0 (``zero``: 0 or above)."""
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0 or (value == 0 and not zero):
        sign = "zero or positive" if zero else "positive"
        raise ConfigError(f"{name} must be a {sign} {what}, got {raw!r}")
    return value


def _positive_int(name: str, raw: str | None, default: int) -> int:
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value <= 0:
        raise ConfigError(f"{name} must be a positive whole number, got {raw!r}")
    return value


def _whole_number(name: str, raw: str | None, default: int) -> int:
    """A whole number, 0 or above."""
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if value < 0:
        raise ConfigError(f"{name} must be a whole number, 0 or more, got {raw!r}")
    return value
