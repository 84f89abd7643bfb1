"""SQLite storage: :class:`Database` and the records it returns."""

from bot.storage.database import (
    Challenge,
    ChallengeStatus,
    Database,
    DatabaseError,
    MatchRecord,
    MatchResult,
    MatchStatus,
    PlayerStats,
)

__all__ = [
    "Challenge",
    "ChallengeStatus",
    "Database",
    "DatabaseError",
    "MatchRecord",
    "MatchResult",
    "MatchStatus",
    "PlayerStats",
]
