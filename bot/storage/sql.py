"""Every SQL statement of the project, as named constants.

All statements take their values as ``?`` parameters; nothing here is ever built
with string formatting. ``MIGRATIONS[i]`` upgrades the schema from version ``i``
to version ``i + 1``; each migration script ends by setting ``PRAGMA user_version``
to its own version, so the version moves inside the same transaction as the
schema change.

Times are Unix timestamps in seconds (REAL). Discord ids (guilds, channels, users,
messages) are INTEGER snowflakes. JSON columns hold UTF-8 JSON text.
"""

from __future__ import annotations

# --- connection setup -------------------------------------------------------

PRAGMA_JOURNAL_MODE_WAL = "PRAGMA journal_mode = WAL"
PRAGMA_FOREIGN_KEYS_ON = "PRAGMA foreign_keys = ON"
# With WAL, NORMAL stays consistent and survives application crashes; only an OS
# crash or power loss can drop the last commits.
PRAGMA_SYNCHRONOUS_NORMAL = "PRAGMA synchronous = NORMAL"
PRAGMA_USER_VERSION = "PRAGMA user_version"
PRAGMA_BUSY_TIMEOUT = "PRAGMA busy_timeout"
BEGIN_IMMEDIATE = "BEGIN IMMEDIATE"
COMMIT = "COMMIT"
ROLLBACK = "ROLLBACK"

# --- schema -----------------------------------------------------------------

MIGRATION_1 = """
CREATE TABLE matches (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    player0_id       INTEGER NOT NULL,
    player1_id       INTEGER NOT NULL,
    seed             INTEGER NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}',
    decisions        TEXT    NOT NULL DEFAULT '[]',
    state            TEXT    NOT NULL DEFAULT '{}',
    version          INTEGER NOT NULL DEFAULT 0,
    status           TEXT    NOT NULL DEFAULT 'active'
                     CHECK (status IN ('active', 'finished')),
    ui               TEXT    NOT NULL DEFAULT '{}',
    deadline         REAL,
    board_message_id INTEGER,
    started_at       REAL    NOT NULL,
    ended_at         REAL,
    result           TEXT    CHECK (result IS NULL OR result IN ('win', 'draw')),
    winner_id        INTEGER,
    loser_id         INTEGER,
    reason           TEXT,
    turns            INTEGER,
    CHECK (player0_id <> player1_id)
);

CREATE INDEX matches_by_guild_status ON matches (guild_id, status);
CREATE INDEX matches_by_status ON matches (status);

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    challenger_id INTEGER NOT NULL,
    opponent_id   INTEGER NOT NULL,
    message_id    INTEGER,
    status        TEXT    NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'accepted', 'declined', 'expired', 'cancelled')),
    created_at    REAL    NOT NULL,
    expires_at    REAL    NOT NULL,
    match_id      INTEGER REFERENCES matches (id),
    options       TEXT    NOT NULL DEFAULT '{}'
);

CREATE INDEX challenges_by_status ON challenges (status);
CREATE INDEX challenges_by_guild_status ON challenges (guild_id, status);

CREATE TABLE players (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    wins     INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    losses   INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0),
    draws    INTEGER NOT NULL DEFAULT 0 CHECK (draws >= 0),
    PRIMARY KEY (guild_id, user_id)
);

PRAGMA user_version = 1;
"""

MIGRATIONS: list[str] = [MIGRATION_1]
"""Schema migrations; applying ``MIGRATIONS[i]`` yields schema version ``i + 1``."""

# --- challenges -------------------------------------------------------------

INSERT_CHALLENGE = """
INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, status,
                        created_at, expires_at, options)
VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)
"""

UPDATE_CHALLENGE_MESSAGE = "UPDATE challenges SET message_id = ? WHERE id = ?"

SELECT_CHALLENGE = """
SELECT id, guild_id, channel_id, challenger_id, opponent_id, message_id, status,
       created_at, expires_at, match_id, options
FROM challenges WHERE id = ?
"""

CLOSE_PENDING_CHALLENGE = """
UPDATE challenges SET status = ?, match_id = ?
WHERE id = ? AND status = 'pending'
"""

SELECT_PENDING_CHALLENGES = """
SELECT id, guild_id, channel_id, challenger_id, opponent_id, message_id, status,
       created_at, expires_at, match_id, options
FROM challenges WHERE status = 'pending'
ORDER BY id
"""

SELECT_PENDING_CHALLENGES_OF = """
SELECT id, guild_id, channel_id, challenger_id, opponent_id, message_id, status,
       created_at, expires_at, match_id, options
FROM challenges
WHERE guild_id = ? AND status = 'pending' AND (challenger_id = ? OR opponent_id = ?)
ORDER BY id
"""

# --- matches ----------------------------------------------------------------

INSERT_MATCH = """
INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, seed, options,
                     decisions, state, version, status, ui, deadline, started_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?)
"""

UPDATE_ACTIVE_MATCH = """
UPDATE matches SET state = ?, decisions = ?, version = ?, deadline = ?, ui = ?
WHERE id = ? AND status = 'active'
"""

UPDATE_MATCH_BOARD_MESSAGE = "UPDATE matches SET board_message_id = ? WHERE id = ?"

UPDATE_MATCH_UI = "UPDATE matches SET ui = ? WHERE id = ?"

FINISH_ACTIVE_MATCH = """
UPDATE matches
SET state = ?, decisions = ?, version = ?, ui = ?, deadline = NULL, status = 'finished',
    result = ?, winner_id = ?, loser_id = ?, reason = ?, turns = ?, ended_at = ?
WHERE id = ? AND status = 'active'
"""

SELECT_MATCH_PLAYERS = "SELECT guild_id, player0_id, player1_id, status FROM matches WHERE id = ?"

SELECT_MATCH = """
SELECT id, guild_id, channel_id, player0_id, player1_id, seed, options, decisions, state,
       version, status, ui, deadline, board_message_id, started_at, ended_at, result,
       winner_id, loser_id, reason, turns
FROM matches WHERE id = ?
"""

SELECT_ACTIVE_MATCHES = """
SELECT id, guild_id, channel_id, player0_id, player1_id, seed, options, decisions, state,
       version, status, ui, deadline, board_message_id, started_at, ended_at, result,
       winner_id, loser_id, reason, turns
FROM matches WHERE status = 'active'
ORDER BY id
"""

SELECT_ACTIVE_MATCH_OF = """
SELECT id, guild_id, channel_id, player0_id, player1_id, seed, options, decisions, state,
       version, status, ui, deadline, board_message_id, started_at, ended_at, result,
       winner_id, loser_id, reason, turns
FROM matches
WHERE guild_id = ? AND status = 'active' AND (player0_id = ? OR player1_id = ?)
ORDER BY id
LIMIT 1
"""

SELECT_RECENT_MATCHES = """
SELECT id, guild_id, channel_id, player0_id, player1_id, seed, options, decisions, state,
       version, status, ui, deadline, board_message_id, started_at, ended_at, result,
       winner_id, loser_id, reason, turns
FROM matches
WHERE guild_id = ? AND status = 'finished' AND (player0_id = ? OR player1_id = ?)
ORDER BY ended_at DESC, id DESC
LIMIT ?
"""

# --- players ----------------------------------------------------------------

UPSERT_PLAYER_RESULT = """
INSERT INTO players (guild_id, user_id, wins, losses, draws)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET
    wins = wins + excluded.wins,
    losses = losses + excluded.losses,
    draws = draws + excluded.draws
"""

# Ranking: wins DESC, win rate DESC, draws DESC, user_id ASC, among players who
# have finished at least one match. rank is the 1-based position in that order.
_RANKED_PLAYERS = """
WITH totals AS (
    SELECT guild_id, user_id, wins, losses, draws, wins + losses + draws AS played
    FROM players
    WHERE guild_id = ?
), ranked AS (
    SELECT guild_id, user_id, wins, losses, draws, played,
           CASE WHEN played > 0 THEN wins * 100.0 / played ELSE 0.0 END AS win_rate
    FROM totals
    WHERE played > 0
), ordered AS (
    SELECT guild_id, user_id, wins, losses, draws, played, win_rate,
           ROW_NUMBER() OVER (
               ORDER BY wins DESC, win_rate DESC, draws DESC, user_id ASC
           ) AS rank
    FROM ranked
)
"""

SELECT_LEADERBOARD = (
    _RANKED_PLAYERS
    + """
SELECT guild_id, user_id, wins, losses, draws, played, win_rate, rank
FROM ordered
ORDER BY rank
LIMIT ?
"""
)

SELECT_PLAYER_STATS = (
    _RANKED_PLAYERS
    + """
SELECT guild_id, user_id, wins, losses, draws, played, win_rate, rank
FROM ordered
WHERE user_id = ?
"""
)

# --- introspection (tests and diagnostics) -----------------------------------

SELECT_TABLE_NAMES = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
SELECT_INDEX_NAMES = "SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name"
