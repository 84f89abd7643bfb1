"""Settings.from_env: defaults, parsing, validation and keeping the token secret."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from bot.config import ConfigError, Settings

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.secret-token-value"


def _settings(**env: str) -> Settings:
    return Settings.from_env({"DISCORD_TOKEN": TOKEN, **env})


def test_defaults_with_only_a_token() -> None:
    """Everything but the token has a default."""
    settings = _settings()
    assert settings == Settings(
        token=TOKEN,
        database_path=Path("data/bingomagic.db"),
        guild_id=None,
        api_base=None,
        gateway_url=None,
        log_level="INFO",
        turn_seconds=120.0,
        counter_seconds=45.0,
        choice_seconds=90.0,
        challenge_seconds=300.0,
        max_timeouts=3,
        outbound_per_second=45.0,
    )
    assert settings.outbound_per_second == 45.0  # under Discord's global 50 a second
    assert settings.panel_attention_seconds == 20.0


@pytest.mark.parametrize(
    ("variable", "raw", "field", "expected"),
    [
        ("DISCORD_TOKEN", "  abc.def  ", "token", "abc.def"),
        ("DATABASE_PATH", "/var/lib/bingo/x.db", "database_path", Path("/var/lib/bingo/x.db")),
        ("DISCORD_GUILD_ID", "123456789012345678", "guild_id", 123456789012345678),
        (
            "DISCORD_API_BASE",
            "http://127.0.0.1:8080/api/v10",
            "api_base",
            "http://127.0.0.1:8080/api/v10",
        ),
        ("DISCORD_API_BASE", "https://h/api/v10/", "api_base", "https://h/api/v10"),
        ("DISCORD_GATEWAY_URL", "ws://127.0.0.1:8081", "gateway_url", "ws://127.0.0.1:8081"),
        ("LOG_LEVEL", "debug", "log_level", "DEBUG"),
        ("BINGO_TURN_SECONDS", "30", "turn_seconds", 30.0),
        ("BINGO_COUNTER_SECONDS", "2.5", "counter_seconds", 2.5),
        ("BINGO_CHOICE_SECONDS", "0.5", "choice_seconds", 0.5),
        ("BINGO_CHALLENGE_SECONDS", "600", "challenge_seconds", 600.0),
        ("BINGO_MAX_TIMEOUTS", "5", "max_timeouts", 5),
        ("BINGO_BOT_PAUSE_SECONDS", "0", "bot_pause_seconds", 0.0),
        ("BINGO_BOT_PAUSE_SECONDS", "2.5", "bot_pause_seconds", 2.5),
        ("BINGO_AI_BUDGET_SECONDS", "1", "ai_budget_seconds", 1.0),
        ("BINGO_AI_WORKERS", "0", "ai_workers", 0),
        ("BINGO_AI_WORKERS", "4", "ai_workers", 4),
        ("BINGO_RENDER_WORKERS", "0", "render_workers", 0),
        ("BINGO_RENDER_WORKERS", "2", "render_workers", 2),
        ("BINGO_BOARD_EDIT_SECONDS", "0", "board_edit_seconds", 0.0),
        ("BINGO_BOARD_EDIT_SECONDS", "3", "board_edit_seconds", 3.0),
        ("BINGO_PANEL_ATTENTION_SECONDS", "0", "panel_attention_seconds", 0.0),
        ("BINGO_PANEL_ATTENTION_SECONDS", "7.5", "panel_attention_seconds", 7.5),
        ("SHARD_COUNT", "4", "shard_ids", (0, 1, 2, 3)),
        ("METRICS_PORT", "9100", "metrics_port", 9100),
        ("GUILD_DATA_RETENTION_DAYS", "7", "guild_data_retention_days", 7.0),
        ("GUILD_DATA_RETENTION_DAYS", "0", "guild_data_retention_days", 0.0),
        ("DISCORD_OUTBOUND_PER_SECOND", "500", "outbound_per_second", 500.0),
        ("DISCORD_OUTBOUND_PER_SECOND", "", "outbound_per_second", 45.0),
    ],
)
def test_each_variable_is_parsed(variable: str, raw: str, field: str, expected: Any) -> None:
    """Each environment variable sets its field, converted to the right type."""
    assert getattr(_settings(**{variable: raw}), field) == expected


def test_empty_optional_variables_mean_default() -> None:
    """An empty value (as in a copied .env.example) counts as unset."""
    settings = _settings(DISCORD_GUILD_ID="", DISCORD_API_BASE="", BINGO_TURN_SECONDS=" ")
    assert (settings.guild_id, settings.api_base, settings.turn_seconds) == (None, None, 120.0)


@pytest.mark.parametrize("environ", [{}, {"DISCORD_TOKEN": ""}, {"DISCORD_TOKEN": "   "}])
def test_missing_token_is_a_config_error(environ: dict[str, str]) -> None:
    """Without a token there is nothing to run; the message names DISCORD_TOKEN."""
    with pytest.raises(ConfigError, match="DISCORD_TOKEN"):
        Settings.from_env(environ)


@pytest.mark.parametrize(
    ("variable", "raw"),
    [
        ("BINGO_TURN_SECONDS", "abc"),
        ("BINGO_TURN_SECONDS", "0"),
        ("BINGO_COUNTER_SECONDS", "-5"),
        ("BINGO_CHOICE_SECONDS", "nan"),
        ("BINGO_CHALLENGE_SECONDS", "inf"),
        ("BINGO_MAX_TIMEOUTS", "0"),
        ("BINGO_MAX_TIMEOUTS", "2.5"),
        ("BINGO_MAX_TIMEOUTS", "three"),
        ("BINGO_BOT_PAUSE_SECONDS", "-1"),
        ("BINGO_BOT_PAUSE_SECONDS", "inf"),
        ("BINGO_AI_BUDGET_SECONDS", "0"),
        ("BINGO_AI_BUDGET_SECONDS", "fast"),
        ("BINGO_AI_WORKERS", "-1"),
        ("BINGO_AI_WORKERS", "1.5"),
        ("DISCORD_GUILD_ID", "my-server"),
        ("DISCORD_GUILD_ID", "-12"),
        ("DISCORD_GUILD_ID", "0"),
        ("LOG_LEVEL", "LOUD"),
        ("DISCORD_API_BASE", "127.0.0.1:8080"),
        ("DISCORD_GATEWAY_URL", "http://127.0.0.1:8081"),
        ("SHARD_COUNT", "0"),
        ("SHARD_COUNT", "two"),
        ("METRICS_PORT", "0"),
        ("GUILD_DATA_RETENTION_DAYS", "-1"),
        ("METRICS_PORT", "70000"),
        ("METRICS_PORT", "http"),
    ],
)
def test_bad_values_are_config_errors_naming_the_variable(variable: str, raw: str) -> None:
    """An invalid value raises ConfigError with one sentence naming variable and value."""
    with pytest.raises(ConfigError) as caught:
        _settings(**{variable: raw})
    message = str(caught.value)
    assert variable in message and repr(raw) in message and "\n" not in message


def test_bot_and_ai_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot pauses 1.5 s per decision, the hard level thinks 0.25 s, and the search
    runs in min(2, CPUs) processes (1 when the count is unknown)."""
    settings = _settings()
    assert (settings.bot_pause_seconds, settings.ai_budget_seconds) == (1.5, 0.25)
    for cpus, workers in [(8, 2), (1, 1), (None, 1)]:
        monkeypatch.setattr("os.cpu_count", lambda cpus=cpus: cpus)
        assert _settings().ai_workers == workers


def test_token_is_not_in_repr_or_str() -> None:
    """Printing or logging the settings never reveals the token."""
    settings = _settings()
    assert TOKEN not in repr(settings)
    assert TOKEN not in str(settings)
    assert "turn_seconds=120.0" in repr(settings)


def test_settings_are_frozen() -> None:
    """Settings cannot be changed after loading."""
    settings = _settings()
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.turn_seconds = 1.0  # type: ignore[misc]


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Run in an empty directory with no bot variables set (restored afterwards)."""
    for name in ("DISCORD_TOKEN", "LOG_LEVEL", "BINGO_TURN_SECONDS"):
        monkeypatch.setenv(name, "placeholder")  # recorded so undo restores the original
        monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_dotenv_in_current_directory_is_loaded(clean_env: Path) -> None:
    """With no environ given, .env in the working directory supplies values."""
    (clean_env / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\nBINGO_TURN_SECONDS=60\n")
    settings = Settings.from_env()
    assert (settings.token, settings.turn_seconds) == (TOKEN, 60.0)


def test_environment_wins_over_dotenv(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A variable already in the environment is not overridden by .env."""
    (clean_env / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\nLOG_LEVEL=ERROR\n")
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")
    assert Settings.from_env().log_level == "DEBUG"


def test_dotenv_can_be_disabled(clean_env: Path) -> None:
    """dotenv=False ignores .env, so the token is missing."""
    (clean_env / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\n")
    with pytest.raises(ConfigError):
        Settings.from_env(dotenv=False)


def test_sharding_is_off_by_default() -> None:
    """Unset, the bot runs one unsharded connection and serves no metrics."""
    settings = _settings()
    assert (settings.shard_count, settings.shard_ids, settings.metrics_port) == (None, None, None)


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [("2", "0,1", (0, 1)), ("2", "1", (1,)), ("8", " 5 , 3", (3, 5)), ("3", "", (0, 1, 2))],
)
def test_shard_ids_are_parsed(count: str, ids: str, expected: tuple[int, ...]) -> None:
    """SHARD_IDS lists this process's shards (ascending); empty means all of SHARD_COUNT."""
    settings = _settings(SHARD_COUNT=count, SHARD_IDS=ids)
    assert (settings.shard_count, settings.shard_ids) == (int(count), expected)


@pytest.mark.parametrize(
    ("env", "words"),
    [
        ({"SHARD_IDS": "0"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "'2'"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0;1"}, "'0;1'"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "-1"}, "'-1'"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,,1"}, "'0,,1'"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1,1"}, "twice"),
    ],
)
def test_bad_shard_ids_are_config_errors(env: dict[str, str], words: str) -> None:
    """SHARD_IDS needs SHARD_COUNT, and lists distinct shards below it."""
    with pytest.raises(ConfigError, match="SHARD_IDS") as caught:
        _settings(**env)
    assert words in str(caught.value)
