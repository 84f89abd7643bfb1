"""SQLite storage: :class:`Database` and the records it returns."""

from bot.storage.database import (
    MAX_DECK_NAME_LENGTH,
    BotRecord,
    Challenge,
    ChallengeLimitError,
    ChallengeStatus,
    Database,
    DatabaseError,
    MatchRecord,
    MatchResult,
    MatchStatus,
    PlayerStats,
    PracticeSession,
    PracticeStats,
    SavedDeck,
)

__all__ = [
    "MAX_DECK_NAME_LENGTH",
    "BotRecord",
    "Challenge",
    "ChallengeLimitError",
    "ChallengeStatus",
    "Database",
    "DatabaseError",
    "MatchRecord",
    "MatchResult",
    "MatchStatus",
    "PlayerStats",
    "PracticeSession",
    "PracticeStats",
    "SavedDeck",
]
