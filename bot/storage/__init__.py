"""Storage: :class:`Database` (SQLite or PostgreSQL, see :mod:`bot.storage.backend`) and
the records it returns. Each domain has its own module; this package re-exports them."""

from bot.storage.backend import Backend, IntegrityError, Session, StorageBusy
from bot.storage.challenges import Challenge, ChallengeLimitError, ChallengeStatus
from bot.storage.database import Database, DatabaseError
from bot.storage.decks import MAX_DECK_NAME_LENGTH, DeckLimitError, SavedDeck
from bot.storage.matches import MatchRecord, MatchResult, MatchStatus, Outcome
from bot.storage.practice import PracticeSession, PracticeStats
from bot.storage.ratings import Rating
from bot.storage.seasons import ALL_TIME, DEFAULT_MIN_GAMES, Ranked, Season
from bot.storage.settings import GUILD_SETTING_FIELDS, MAX_LANGUAGE_CODE, GuildSettings, UserPrefs
from bot.storage.stats import AiLevel, BotRecord, PlayerStats

__all__ = [
    "ALL_TIME",
    "DEFAULT_MIN_GAMES",
    "GUILD_SETTING_FIELDS",
    "MAX_DECK_NAME_LENGTH",
    "MAX_LANGUAGE_CODE",
    "AiLevel",
    "Backend",
    "BotRecord",
    "Challenge",
    "ChallengeLimitError",
    "ChallengeStatus",
    "Database",
    "DatabaseError",
    "DeckLimitError",
    "GuildSettings",
    "IntegrityError",
    "MatchRecord",
    "MatchResult",
    "MatchStatus",
    "Outcome",
    "PlayerStats",
    "PracticeSession",
    "PracticeStats",
    "Ranked",
    "Rating",
    "Season",
    "SavedDeck",
    "Session",
    "StorageBusy",
    "UserPrefs",
]
