"""Runtime settings read from environment variables (and an optional ``.env`` file).

| Variable                | Field               | Default               |
|-------------------------|---------------------|-----------------------|
| DISCORD_TOKEN           | token               | (required)            |
| DATABASE_PATH           | database_path       | data/bingomagic.db    |
| DATABASE_URL            | database_url        | None (SQLite at DATABASE_PATH) |
| DISCORD_GUILD_ID        | guild_id            | None (global sync)    |
| DISCORD_API_BASE        | api_base            | None (real Discord)   |
| DISCORD_GATEWAY_URL     | gateway_url         | None (real Discord)   |
| LOG_LEVEL               | log_level           | INFO                  |
| BINGO_TURN_SECONDS      | turn_seconds        | 120.0                 |
| BINGO_COUNTER_SECONDS   | counter_seconds     | 45.0                  |
| BINGO_QUICK_COUNTER_SECONDS | quick_counter_seconds | 8.0             |
| BINGO_CHOICE_SECONDS    | choice_seconds      | 90.0                  |
| BINGO_CHALLENGE_SECONDS | challenge_seconds   | 300.0                 |
| BINGO_CHALLENGE_COOLDOWN_SECONDS | challenge_cooldown_seconds | 60.0 (0 allowed) |
| BINGO_MAX_TIMEOUTS      | max_timeouts        | 3                     |
| BINGO_BOT_PAUSE_SECONDS | bot_pause_seconds   | 1.5 (0 allowed)       |
| BINGO_AI_BUDGET_SECONDS | ai_budget_seconds   | 0.25                  |
| BINGO_AI_WORKERS        | ai_workers          | min(2, CPUs); 0 = threads |
| BINGO_RENDER_WORKERS    | render_workers      | 1; 0 = a thread       |
| BINGO_ANALYSIS_WORLDS   | analysis_worlds     | 40 (worlds per action of a match analysis) |
| BINGO_PUZZLE_WORLDS     | puzzle_worlds       | 64 (worlds per action and batch of a puzzle) |
| BINGO_BOARD_EDIT_SECONDS | board_edit_seconds | 1.5 (0 allowed)       |
| BINGO_THREAD_CLOSE_SECONDS | thread_close_seconds | 600 (0 allowed)   |
| BINGO_PANEL_ATTENTION_SECONDS | panel_attention_seconds | 20 (0 allowed) |
| SHARD_COUNT             | shard_count         | None (one unsharded connection) |
| SHARD_IDS               | shard_ids           | all of 0..SHARD_COUNT-1 |
| METRICS_PORT            | metrics_port        | None (no metrics endpoint) |
| GUILD_DATA_RETENTION_DAYS | guild_data_retention_days | 30 days (0 allowed) |
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

from bot import limits

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
    #: ``postgresql://...`` selects PostgreSQL (``DATABASE_PATH`` is then unused); None
    #: keeps SQLite at ``database_path``. Excluded from ``repr`` (it may hold a password).
    database_url: str | None = field(default=None, repr=False)
    guild_id: int | None = None
    api_base: str | None = None
    gateway_url: str | None = None
    log_level: str = "INFO"
    turn_seconds: float = 120.0
    counter_seconds: float = 45.0
    quick_counter_seconds: float = 8.0
    choice_seconds: float = 90.0
    challenge_seconds: float = 300.0
    #: Seconds before a challenger may challenge the same member again after a declined
    #: or expired challenge (``bot.limits.challenge_cooldown``).
    challenge_cooldown_seconds: float = limits.CHALLENGE_COOLDOWN_SECONDS
    max_timeouts: int = 3
    scryfall_api_base: str = "https://api.scryfall.com"
    #: The bot token's global budget of paced requests (requests a second; Discord allows
    #: 50 unless it raised the bot's limit), split between the processes by their shards.
    outbound_per_second: float = 45.0
    #: The least time the bot takes per decision in a match against it (seconds; 0 in
    #: tests), whatever it holds, so its speed never reveals its hand.
    bot_pause_seconds: float = 1.5
    #: The hard level's thinking time per decision (seconds of search).
    ai_budget_seconds: float = 0.25
    #: Processes searching for the bot's moves; 0 runs the search in threads instead.
    ai_workers: int = field(default_factory=default_ai_workers)
    #: Processes drawing board pictures; 0 draws them in a thread of the bot instead.
    render_workers: int = 1
    #: Sampled worlds per legal action when a match is analysed (bot.ai.analysis; tests
    #: lower it to stay fast).
    analysis_worlds: int = 40
    #: Sampled worlds per legal action and batch when a puzzle is mined (bot.ai.puzzles;
    #: tests lower it to stay fast).
    puzzle_worlds: int = 64
    #: Least seconds between two edits of a match's public board (0: every change).
    board_edit_seconds: float = 1.5
    #: Seconds after a match's result before its thread is archived and locked
    #: (``bot.limits.THREAD_CLOSE_SECONDS`` by default; 0: at once).
    thread_close_seconds: float = limits.THREAD_CLOSE_SECONDS
    #: Seconds after a player's click on their DM panel during which their next decision
    #: is shown on it by an edit rather than a new DM (``bot.limits.PANEL_ATTENTION_SECONDS``
    #: by default; 0: every decision is a new DM).
    panel_attention_seconds: float = limits.PANEL_ATTENTION_SECONDS
    #: Discord shards across all processes (None: one unsharded connection, as a small bot).
    shard_count: int | None = None
    #: The shards this process runs, ascending (None when unsharded; all of them when
    #: ``SHARD_COUNT`` is set without ``SHARD_IDS``).
    shard_ids: tuple[int, ...] | None = None
    #: TCP port of the Prometheus ``/metrics`` endpoint (None: no endpoint).
    metrics_port: int | None = None
    #: Days after the bot is removed from a server before that server's data is purged
    #: (kept if the bot is added back first; docs/PRIVACY.md, cogs/privacy).
    guild_data_retention_days: float = 30.0

    @property
    def database_target(self) -> str | Path:
        """What :meth:`bot.storage.Database.open` opens: ``database_url`` when set
        (PostgreSQL), else ``database_path`` (SQLite)."""
        return self.database_url if self.database_url is not None else self.database_path

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
            database_url=_database_url(get("DATABASE_URL")),
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
            challenge_cooldown_seconds=_seconds(
                "BINGO_CHALLENGE_COOLDOWN_SECONDS",
                get("BINGO_CHALLENGE_COOLDOWN_SECONDS"),
                limits.CHALLENGE_COOLDOWN_SECONDS,
                zero=True,
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
            render_workers=_whole_number("BINGO_RENDER_WORKERS", get("BINGO_RENDER_WORKERS"), 1),
            analysis_worlds=_positive_int(
                "BINGO_ANALYSIS_WORLDS", get("BINGO_ANALYSIS_WORLDS"), 40
            ),
            puzzle_worlds=_positive_int("BINGO_PUZZLE_WORLDS", get("BINGO_PUZZLE_WORLDS"), 64),
            board_edit_seconds=_seconds(
                "BINGO_BOARD_EDIT_SECONDS", get("BINGO_BOARD_EDIT_SECONDS"), 1.5, zero=True
            ),
            thread_close_seconds=_seconds(
                "BINGO_THREAD_CLOSE_SECONDS",
                get("BINGO_THREAD_CLOSE_SECONDS"),
                limits.THREAD_CLOSE_SECONDS,
                zero=True,
            ),
            panel_attention_seconds=_seconds(
                "BINGO_PANEL_ATTENTION_SECONDS",
                get("BINGO_PANEL_ATTENTION_SECONDS"),
                limits.PANEL_ATTENTION_SECONDS,
                zero=True,
            ),
            outbound_per_second=_seconds(
                "DISCORD_OUTBOUND_PER_SECOND",
                get("DISCORD_OUTBOUND_PER_SECOND"),
                45.0,
                "number of requests per second",
            ),
            shard_count=(shard_count := _shard_count(get("SHARD_COUNT"), get("SHARD_IDS"))),
            shard_ids=_shard_ids(get("SHARD_IDS"), shard_count),
            metrics_port=_port("METRICS_PORT", get("METRICS_PORT")),
            guild_data_retention_days=_seconds(
                "GUILD_DATA_RETENTION_DAYS",
                get("GUILD_DATA_RETENTION_DAYS"),
                30.0,
                "number of days",
                zero=True,
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


def _int_at_least(name: str, raw: str | None, default: int, least: int, what: str) -> int:
    """A whole number ``least`` or above (``default`` when unset); ConfigError naming
    ``name`` and ``what`` it must be otherwise."""
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = least - 1
    if value < least:
        raise ConfigError(f"{name} must be {what}, got {raw!r}")
    return value


def _positive_int(name: str, raw: str | None, default: int) -> int:
    return _int_at_least(name, raw, default, 1, "a positive whole number")


def _whole_number(name: str, raw: str | None, default: int) -> int:
    """A whole number, 0 or above."""
    return _int_at_least(name, raw, default, 0, "a whole number, 0 or more")


def _shard_count(raw: str | None, ids: str | None) -> int | None:
    """``SHARD_COUNT``: a positive whole number, or None (required by ``SHARD_IDS``)."""
    if raw is None:
        if ids is not None:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT (the total number of shards)")
        return None
    return _positive_int("SHARD_COUNT", raw, 1)


def _shard_ids(raw: str | None, count: int | None) -> tuple[int, ...] | None:
    """``SHARD_IDS``: comma-separated distinct shard numbers below ``count``, ascending;
    all shards when unset (None when unsharded)."""
    if count is None:
        return None
    if raw is None:
        return tuple(range(count))
    ids: list[int] = []
    for part in raw.split(","):
        text = part.strip()
        if not text.isascii() or not text.isdigit() or int(text) >= count:
            raise ConfigError(
                f"SHARD_IDS must list shard numbers from 0 to {count - 1} separated by "
                f"commas, got {raw!r}"
            )
        ids.append(int(text))
    if len(set(ids)) != len(ids):
        raise ConfigError(f"SHARD_IDS lists a shard twice: {raw!r}")
    return tuple(sorted(ids))


def _port(name: str, raw: str | None) -> int | None:
    """A TCP port, 1 to 65535, or None when unset."""
    if raw is None:
        return None
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= 65535:
        raise ConfigError(f"{name} must be a TCP port from 1 to 65535, got {raw!r}")
    return int(raw)


def _database_url(raw: str | None) -> str | None:
    """``DATABASE_URL``: a ``postgresql://`` (or ``postgres://``) URL, or None when unset."""
    if raw is None:
        return None
    if not raw.lower().startswith(("postgresql://", "postgres://")):
        raise ConfigError(
            "DATABASE_URL must be a PostgreSQL URL such as "
            "postgresql://user:password@host:5432/dbname (leave it empty for SQLite "
            "at DATABASE_PATH)"
        )
    return raw
