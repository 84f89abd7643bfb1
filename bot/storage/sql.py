"""Every SQL statement of the project, as named constants, portable between SQLite and
PostgreSQL (see :mod:`bot.storage.backend` for the seam and the rules).

All statements take their values as ``?`` parameters (numbered ``$n`` for PostgreSQL by
the seam); values are never formatted into SQL. The only statements built at run time
are the ``IN (?, ?, ...)`` lists of :func:`in_list`, which add placeholders, not values.
No query uses JSON functions: JSON columns are plain text, encoded and decoded in
Python.

``MIGRATIONS[i]`` upgrades the schema from version ``i`` to version ``i + 1``. The runner
records the version in the same transaction (SQLite: ``PRAGMA user_version``;
PostgreSQL: the ``schema_version`` table); a script may end with ``PRAGMA user_version =
N;``, which the runner skips. A migration is a string in SQLite syntax that the seam
translates for PostgreSQL (:func:`bot.storage.backend.postgres_ddl`), or a
:class:`Migration` with one text per dialect.

Times are Unix timestamps in seconds (REAL; DOUBLE PRECISION on PostgreSQL). Discord ids
(guilds, channels, users, messages) are INTEGER snowflakes (BIGINT on PostgreSQL). JSON
columns hold UTF-8 JSON text. Flags are INTEGER 0/1.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Migration:
    """A migration whose text differs per dialect. ``postgresql`` may use SQLite type
    names too (``INTEGER``, ``REAL``, ``id INTEGER PRIMARY KEY``): it goes through the
    same translation as a plain string migration."""

    sqlite: str
    postgresql: str


def in_list(count: int, item: str = "?") -> str:
    """``"(?, ?, ?)"`` with ``count`` (>= 1) placeholders, for ``IN``; ``item`` is the
    text of each (e.g. ``"lower(?)"``)."""
    if count < 1:
        raise ValueError("an IN list needs at least one placeholder")
    return "(" + ", ".join([item] * count) + ")"


# --- connection setup -------------------------------------------------------

# SQLite only (the seam sets the connection up: bot.storage.backend.open_sqlite).
PRAGMA_USER_VERSION = "PRAGMA user_version"
PRAGMA_BUSY_TIMEOUT = "PRAGMA busy_timeout"

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

# Version 2: saved decks (per user, usable in every server), the Scryfall card-type
# cache, per-server mulligan practice statistics, practice deals in progress, and the
# users whose DMs were found closed (so the bot does not retry into 403s).
MIGRATION_2 = """
CREATE TABLE decks (
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL COLLATE NOCASE CHECK (length(name) > 0),
    cards      TEXT    NOT NULL DEFAULT '[]',
    commander  TEXT    NOT NULL DEFAULT '[]',
    created_at REAL    NOT NULL,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (user_id, name)
);

CREATE TABLE card_types (
    name       TEXT    NOT NULL PRIMARY KEY COLLATE NOCASE,
    is_land    INTEGER NOT NULL CHECK (is_land IN (0, 1)),
    found      INTEGER NOT NULL CHECK (found IN (0, 1)),
    checked_at REAL    NOT NULL
);

CREATE TABLE mulligan_stats (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    hands      INTEGER NOT NULL DEFAULT 0 CHECK (hands >= 0),
    mulligans  INTEGER NOT NULL DEFAULT 0 CHECK (mulligans >= 0),
    keeps      INTEGER NOT NULL DEFAULT 0 CHECK (keeps >= 0),
    rated      INTEGER NOT NULL DEFAULT 0 CHECK (rated >= 0),
    agreed     INTEGER NOT NULL DEFAULT 0 CHECK (agreed >= 0 AND agreed <= rated),
    kept_sizes TEXT    NOT NULL DEFAULT '{}',
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE dm_closed (
    user_id   INTEGER PRIMARY KEY,
    closed_at REAL    NOT NULL
);

CREATE TABLE practice_sessions (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    state      TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    created_at REAL    NOT NULL,
    updated_at REAL    NOT NULL
);

PRAGMA user_version = 2;
"""

# PostgreSQL has no COLLATE NOCASE: deck and card names are unique case-insensitively
# through unique indexes on lower(name), and every query compares lower(name) = lower(?).
_MIGRATION_2_POSTGRESQL = """
CREATE TABLE decks (
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL CHECK (length(name) > 0),
    cards      TEXT    NOT NULL DEFAULT '[]',
    commander  TEXT    NOT NULL DEFAULT '[]',
    created_at REAL    NOT NULL,
    updated_at REAL    NOT NULL
);

CREATE UNIQUE INDEX decks_by_user_name ON decks (user_id, lower(name));

CREATE TABLE card_types (
    name       TEXT    NOT NULL,
    is_land    INTEGER NOT NULL CHECK (is_land IN (0, 1)),
    found      INTEGER NOT NULL CHECK (found IN (0, 1)),
    checked_at REAL    NOT NULL
);

CREATE UNIQUE INDEX card_types_by_name ON card_types (lower(name));

CREATE TABLE mulligan_stats (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    hands      INTEGER NOT NULL DEFAULT 0 CHECK (hands >= 0),
    mulligans  INTEGER NOT NULL DEFAULT 0 CHECK (mulligans >= 0),
    keeps      INTEGER NOT NULL DEFAULT 0 CHECK (keeps >= 0),
    rated      INTEGER NOT NULL DEFAULT 0 CHECK (rated >= 0),
    agreed     INTEGER NOT NULL DEFAULT 0 CHECK (agreed >= 0 AND agreed <= rated),
    kept_sizes TEXT    NOT NULL DEFAULT '{}',
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE dm_closed (
    user_id   INTEGER PRIMARY KEY,
    closed_at REAL    NOT NULL
);

CREATE TABLE practice_sessions (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    state      TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    created_at REAL    NOT NULL,
    updated_at REAL    NOT NULL
);
"""

# Version 3: matches against the bot. ``ai_seat`` (0 or 1) is the seat the bot plays and
# ``ai_level`` its level; both NULL for a match between two members. Such matches never
# count in ``players`` (the server leaderboard ranks matches between members only): each
# member's record against the bot, per level, is kept in ``bot_records`` instead, updated
# in the transaction that finishes the match. The bot's own account has no row anywhere.
MIGRATION_3 = """
ALTER TABLE matches ADD COLUMN ai_seat INTEGER CHECK (ai_seat IS NULL OR ai_seat IN (0, 1));

ALTER TABLE matches ADD COLUMN ai_level TEXT
    CHECK ((ai_level IS NULL) = (ai_seat IS NULL)
           AND (ai_level IS NULL OR ai_level IN ('easy', 'medium', 'hard')));

CREATE TABLE bot_records (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    level    TEXT    NOT NULL CHECK (level IN ('easy', 'medium', 'hard')),
    wins     INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    losses   INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0),
    draws    INTEGER NOT NULL DEFAULT 0 CHECK (draws >= 0),
    PRIMARY KEY (guild_id, user_id, level)
);

PRAGMA user_version = 3;
"""

# Version 4: "result announced" is a column, not a key in the ``ui`` JSON. A finished match
# with ``announced = 0`` had its result committed but not posted (the process stopped in
# between): the next start posts it. Matches already announced (or set aside) by earlier
# versions are marked so.
MIGRATION_4 = """
ALTER TABLE matches ADD COLUMN announced INTEGER NOT NULL DEFAULT 0
    CHECK (announced IN (0, 1));

UPDATE matches SET announced = 1
WHERE status = 'finished'
  AND (reason IS 'broken'
       OR CASE WHEN json_valid(ui) THEN json_extract(ui, '$.announced') ELSE 1 END IS 1);

PRAGMA user_version = 4;
"""

# The data fix above reads the old ``ui`` JSON of SQLite files written by versions 1-3
# (SQLite only, a one-time upgrade: no PostgreSQL database predates version 5).
_MIGRATION_4_POSTGRESQL = """
ALTER TABLE matches ADD COLUMN announced INTEGER NOT NULL DEFAULT 0
    CHECK (announced IN (0, 1));

UPDATE matches SET announced = 1 WHERE status = 'finished';
"""

# Version 5: per-server settings, per-member preferences, and ratings.
#
# ``guild_settings``: one row per server that changed something (no row: every default).
# NULL in a column means "the bot's default": ``mulligan_rule`` (Vancouver), the timers
# (the bot's BINGO_*_SECONDS configuration) and ``language`` (the guild's preferred
# locale). ``channels`` is a JSON list of channel ids where matches may be started
# (empty: every channel).
#
# ``user_prefs``: a member's own choices, in every server: ``language`` (NULL: their
# Discord client's locale), ``tips`` (first-match tips on) and ``quick_counter``.
#
# ``ratings``: openskill (Plackett-Luce) per server and member: ``mu``/``sigma``, how many
# rated matches, and the change of the last one (``last_delta``, in ordinal
# ``mu - 3 sigma``, from match ``last_match_id``). ``matches.rated`` = 1 once a finished
# match was considered for ratings (rated or not eligible), set in the same transaction
# as the rating change, so it counts exactly once. Matches finished before this version
# are marked considered (ratings start from this version on).
MIGRATION_5 = """
CREATE TABLE guild_settings (
    guild_id           INTEGER PRIMARY KEY,
    mulligan_rule      TEXT,
    free_first         INTEGER NOT NULL DEFAULT 0 CHECK (free_first IN (0, 1)),
    sequential         INTEGER NOT NULL DEFAULT 0 CHECK (sequential IN (0, 1)),
    forest_either_pile INTEGER NOT NULL DEFAULT 0 CHECK (forest_either_pile IN (0, 1)),
    turn_seconds       REAL CHECK (turn_seconds IS NULL OR turn_seconds > 0),
    counter_seconds    REAL CHECK (counter_seconds IS NULL OR counter_seconds > 0),
    choice_seconds     REAL CHECK (choice_seconds IS NULL OR choice_seconds > 0),
    challenge_seconds  REAL CHECK (challenge_seconds IS NULL OR challenge_seconds > 0),
    language           TEXT,
    channels           TEXT NOT NULL DEFAULT '[]',
    updated_at         REAL NOT NULL
);

CREATE TABLE user_prefs (
    user_id       INTEGER PRIMARY KEY,
    language      TEXT,
    tips          INTEGER NOT NULL DEFAULT 1 CHECK (tips IN (0, 1)),
    quick_counter INTEGER NOT NULL DEFAULT 0 CHECK (quick_counter IN (0, 1))
);

CREATE TABLE ratings (
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    mu            REAL    NOT NULL,
    sigma         REAL    NOT NULL CHECK (sigma > 0),
    matches       INTEGER NOT NULL DEFAULT 0 CHECK (matches >= 0),
    last_delta    REAL,
    last_match_id INTEGER,
    updated_at    REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));

UPDATE matches SET rated = 1 WHERE status = 'finished';

PRAGMA user_version = 5;
"""

# Version 6 (Swiss tournaments; T1): see bot/storage/tournaments.py. Written
# in SQLite syntax for the dialect seam (``id INTEGER PRIMARY KEY`` becomes an identity,
# INTEGER becomes BIGINT on PostgreSQL).
MIGRATION_6 = """
CREATE TABLE tournaments (
    id                INTEGER PRIMARY KEY,
    guild_id          BIGINT  NOT NULL,
    channel_id        BIGINT  NOT NULL,
    organizer_id      BIGINT  NOT NULL,
    name              TEXT    NOT NULL,
    status            TEXT    NOT NULL DEFAULT 'signup'
                      CHECK (status IN ('signup', 'swiss', 'cut', 'finished', 'cancelled')),
    rounds            INTEGER CHECK (rounds IS NULL OR rounds > 0),
    round_seconds     DOUBLE PRECISION NOT NULL CHECK (round_seconds > 0),
    options           TEXT    NOT NULL DEFAULT '{}',
    cut               INTEGER NOT NULL DEFAULT 0 CHECK (cut >= 0),
    seed              BIGINT  NOT NULL,
    current_round     INTEGER NOT NULL DEFAULT 0,
    signup_message_id BIGINT,
    language          TEXT,
    created_at        DOUBLE PRECISION NOT NULL,
    started_at        DOUBLE PRECISION,
    ended_at          DOUBLE PRECISION
);

CREATE INDEX tournaments_by_guild_status ON tournaments (guild_id, status);

CREATE TABLE tournament_players (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id),
    user_id       BIGINT  NOT NULL,
    seed          INTEGER,
    joined_at     DOUBLE PRECISION NOT NULL,
    dropped       INTEGER NOT NULL DEFAULT 0 CHECK (dropped IN (0, 1)),
    dropped_round INTEGER,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_rounds (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id),
    number        INTEGER NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('swiss', 'cut')),
    seed          BIGINT  NOT NULL,
    started_at    DOUBLE PRECISION NOT NULL,
    deadline      DOUBLE PRECISION NOT NULL,
    ended_at      DOUBLE PRECISION,
    message_id    BIGINT,
    PRIMARY KEY (tournament_id, number)
);

CREATE TABLE tournament_pairings (
    tournament_id BIGINT  NOT NULL,
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    player_a      BIGINT  NOT NULL,
    player_b      BIGINT,
    match_id      BIGINT,
    outcome       TEXT    CHECK (outcome IS NULL OR outcome IN ('a', 'b', 'draw')),
    source        TEXT    CHECK (source IS NULL OR source IN ('match', 'organizer', 'time', 'bye')),
    PRIMARY KEY (tournament_id, round, table_no),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, number)
);

CREATE INDEX tournament_pairings_by_match ON tournament_pairings (match_id);

PRAGMA user_version = 6;
"""

# Version 7 (hand of the day; T2): see bot/storage/daily.py for the tables.
# Portable DDL (SQLite and PostgreSQL): BIGINT snowflakes, DOUBLE PRECISION times.
MIGRATION_7 = """
CREATE TABLE daily_settings (
    guild_id   BIGINT PRIMARY KEY,
    channel_id BIGINT,
    deck       TEXT,
    rule       TEXT,
    updated_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE daily_days (
    guild_id     BIGINT  NOT NULL,
    day          INTEGER NOT NULL,
    seed         BIGINT  NOT NULL,
    deck         TEXT    NOT NULL,
    options      TEXT    NOT NULL,
    channel_id   BIGINT,
    message_id   BIGINT,
    finalized_at DOUBLE PRECISION,
    created_at   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, day)
);

CREATE INDEX daily_days_unfinalized ON daily_days (finalized_at, day);

CREATE TABLE daily_answers (
    guild_id    BIGINT  NOT NULL,
    day         INTEGER NOT NULL,
    user_id     BIGINT  NOT NULL,
    decision    TEXT    NOT NULL CHECK (decision IN ('keep', 'mulligan')),
    state       TEXT    NOT NULL,
    version     INTEGER NOT NULL,
    kept_size   INTEGER,
    agreed      INTEGER CHECK (agreed IS NULL OR agreed IN (0, 1)),
    answered_at DOUBLE PRECISION NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, day, user_id)
);

CREATE TABLE daily_streaks (
    guild_id      BIGINT  NOT NULL,
    user_id       BIGINT  NOT NULL,
    last_day      INTEGER NOT NULL,
    answered      INTEGER NOT NULL,
    answered_best INTEGER NOT NULL,
    agreed        INTEGER NOT NULL,
    agreed_best   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

PRAGMA user_version = 7;
"""

# Version 8 (several processes; P3): see bot/storage/leases.py. When each
# match next needs the bot itself (a deadline, or the bot's own move: ``wake_at``, valid
# for ``wake_version``) and which process is handling it until when (the lease).
MIGRATION_8 = """
ALTER TABLE matches ADD COLUMN wake_at DOUBLE PRECISION;

ALTER TABLE matches ADD COLUMN wake_version BIGINT;

ALTER TABLE matches ADD COLUMN lease_owner TEXT;

ALTER TABLE matches ADD COLUMN lease_until DOUBLE PRECISION;

CREATE INDEX matches_by_wake ON matches (status, wake_at);

CREATE INDEX challenges_by_status_expiry ON challenges (status, expires_at);

PRAGMA user_version = 8;
"""

# Version 9 (the tournament organizer role; T1): see bot/storage/tournaments.py.
# A server's organizer role (NULL or no row: Manage Server only).
MIGRATION_9 = """
CREATE TABLE tournament_settings (
    guild_id       BIGINT PRIMARY KEY,
    organizer_role BIGINT,
    updated_at     DOUBLE PRECISION NOT NULL
);

PRAGMA user_version = 9;
"""

MIGRATIONS: list[str | Migration] = [
    MIGRATION_1,
    Migration(sqlite=MIGRATION_2, postgresql=_MIGRATION_2_POSTGRESQL),
    MIGRATION_3,
    Migration(sqlite=MIGRATION_4, postgresql=_MIGRATION_4_POSTGRESQL),
    MIGRATION_5,
    MIGRATION_6,
    MIGRATION_7,
    MIGRATION_8,
    MIGRATION_9,
]
"""Schema migrations; applying ``MIGRATIONS[i]`` yields schema version ``i + 1``."""

# --- challenges -------------------------------------------------------------

INSERT_CHALLENGE = """
INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, status,
                        created_at, expires_at, options)
VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)
RETURNING id
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

# Pending challenges still in time (``expires_at`` after the ? time) between two members of
# a guild, in either direction. Parameters: guild_id, now, a, b, b, a.
COUNT_PENDING_CHALLENGES_OF_PAIR = """
SELECT COUNT(*) FROM challenges
WHERE guild_id = ? AND status = 'pending' AND expires_at > ?
  AND ((challenger_id = ? AND opponent_id = ?) OR (challenger_id = ? AND opponent_id = ?))
"""

# Pending challenges still in time sent by one member in a guild. Parameters: guild_id,
# now, challenger_id.
COUNT_PENDING_CHALLENGES_BY = """
SELECT COUNT(*) FROM challenges
WHERE guild_id = ? AND status = 'pending' AND expires_at > ? AND challenger_id = ?
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
RETURNING id
"""

UPDATE_MATCH_BOARD_MESSAGE = "UPDATE matches SET board_message_id = ? WHERE id = ?"

# Write the ui only if the match is still at the version the writer shows (several
# processes: a process whose copy is behind another's commit writes nothing).
# Parameters: ui, match_id, version.
SAVE_MATCH_UI_IF_VERSION = "UPDATE matches SET ui = ? WHERE id = ? AND version = ?"

# An active match that cannot be loaded is set aside: no longer active (so it blocks
# neither player), with no result, and ``reason`` 'broken'. Its columns stay as they were,
# for whoever looks into it. Parameters: ended_at, id.
SET_ACTIVE_MATCH_BROKEN = """
UPDATE matches
SET status = 'finished', deadline = NULL, result = NULL, winner_id = NULL, loser_id = NULL,
    reason = 'broken', ended_at = ?
WHERE id = ? AND status = 'active'
"""

SELECT_MATCH = """
SELECT id, guild_id, channel_id, player0_id, player1_id, seed, options, decisions, state,
       version, status, ui, deadline, board_message_id, started_at, ended_at, result,
       winner_id, loser_id, reason, turns, ai_seat, ai_level
FROM matches WHERE id = ?
"""

COUNT_ACTIVE_MATCHES_BY_GUILD = """
SELECT guild_id, COUNT(*) AS n FROM matches WHERE status = 'active' GROUP BY guild_id
"""

SELECT_ACTIVE_MATCHES = """
SELECT id, guild_id, channel_id, player0_id, player1_id, seed, options, decisions, state,
       version, status, ui, deadline, board_message_id, started_at, ended_at, result,
       winner_id, loser_id, reason, turns, ai_seat, ai_level
FROM matches WHERE status = 'active'
ORDER BY id
"""

SELECT_FINISHED_MATCHES_SINCE = """
SELECT id, guild_id, channel_id, player0_id, player1_id, seed, options, decisions, state,
       version, status, ui, deadline, board_message_id, started_at, ended_at, result,
       winner_id, loser_id, reason, turns, ai_seat, ai_level
FROM matches
WHERE status = 'finished' AND ended_at >= ?
ORDER BY id
"""

SELECT_UNANNOUNCED_MATCHES = """
SELECT id, guild_id, channel_id, player0_id, player1_id, seed, options, decisions, state,
       version, status, ui, deadline, board_message_id, started_at, ended_at, result,
       winner_id, loser_id, reason, turns, ai_seat, ai_level
FROM matches
WHERE status = 'finished' AND (reason IS NULL OR reason <> 'broken') AND announced = 0
ORDER BY id
"""

SET_MATCH_ANNOUNCED = "UPDATE matches SET announced = 1 WHERE id = ?"

SELECT_ACTIVE_MATCH_OF = """
SELECT id, guild_id, channel_id, player0_id, player1_id, seed, options, decisions, state,
       version, status, ui, deadline, board_message_id, started_at, ended_at, result,
       winner_id, loser_id, reason, turns, ai_seat, ai_level
FROM matches
WHERE guild_id = ? AND status = 'active' AND (player0_id = ? OR player1_id = ?)
ORDER BY id
LIMIT 1
"""

SELECT_RECENT_MATCHES = """
SELECT id, guild_id, channel_id, player0_id, player1_id, seed, options, decisions, state,
       version, status, ui, deadline, board_message_id, started_at, ended_at, result,
       winner_id, loser_id, reason, turns, ai_seat, ai_level
FROM matches
WHERE guild_id = ? AND status = 'finished' AND (reason IS NULL OR reason <> 'broken')
  AND (player0_id = ? OR player1_id = ?)
ORDER BY ended_at DESC, id DESC
LIMIT ?
"""

# --- players ----------------------------------------------------------------

UPSERT_PLAYER_RESULT = """
INSERT INTO players (guild_id, user_id, wins, losses, draws)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET
    wins = players.wins + excluded.wins,
    losses = players.losses + excluded.losses,
    draws = players.draws + excluded.draws
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

# --- decks ------------------------------------------------------------------
# ``cards`` is a JSON list of [count, name] pairs (the main deck); ``commander`` a
# JSON list of names. Deck names compare case-insensitively: ``lower(name) = lower(?)``
# (SQLite's lower() folds ASCII letters only, PostgreSQL's every letter). Saving is an
# INSERT or an UPDATE chosen in the transaction that counts the member's decks, not an
# upsert: the case-insensitive key is a NOCASE primary key on SQLite and a unique index on
# lower(name) on PostgreSQL, which one ON CONFLICT clause cannot name on both.

INSERT_DECK = """
INSERT INTO decks (user_id, name, cards, commander, created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?)
"""

# Parameters: name (new spelling), cards, commander, updated_at, user_id, name.
UPDATE_DECK = """
UPDATE decks SET name = ?, cards = ?, commander = ?, updated_at = ?
WHERE user_id = ? AND lower(name) = lower(?)
"""

SELECT_DECK = """
SELECT user_id, name, cards, commander, created_at, updated_at
FROM decks WHERE user_id = ? AND lower(name) = lower(?)
"""

SELECT_DECKS_OF = """
SELECT user_id, name, cards, commander, created_at, updated_at
FROM decks WHERE user_id = ?
ORDER BY lower(name), name
"""

DELETE_DECK = "DELETE FROM decks WHERE user_id = ? AND lower(name) = lower(?)"

COUNT_DECKS_OF = "SELECT count(*) AS n FROM decks WHERE user_id = ?"

SELECT_DECK_EXISTS = "SELECT 1 FROM decks WHERE user_id = ? AND lower(name) = lower(?)"

# The pattern parameter is the escaped prefix followed by '%'; '\' escapes % and _.
SELECT_DECK_NAMES_LIKE = """
SELECT name FROM decks
WHERE user_id = ? AND lower(name) LIKE lower(?) ESCAPE '\\'
ORDER BY lower(name), name
LIMIT ?
"""

# --- card type cache ----------------------------------------------------------
# Names compare case-insensitively (lower(name)); the caller matches the rows back to
# the names it asked for. Storing a name first deletes any entry of the same name (not
# an upsert, for the reason given for decks).

# Followed by in_list(n, "lower(?)"): the names asked for, one per placeholder.
SELECT_CARD_TYPES_IN = """
SELECT name, is_land, found, checked_at FROM card_types
WHERE lower(name) IN """

DELETE_CARD_TYPE = "DELETE FROM card_types WHERE lower(name) = lower(?)"

INSERT_CARD_TYPE = """
INSERT INTO card_types (name, is_land, found, checked_at)
VALUES (?, ?, ?, ?)
"""

# --- mulligan practice --------------------------------------------------------
# One finished practice sequence, in one transaction: RECORD_PRACTICE adds the counters
# (which also locks the row until commit on PostgreSQL), then the kept-size histogram
# (the JSON object {"<size>": count}) is read, counted in Python and written back.
# Parameters of RECORD_PRACTICE: guild_id, user_id, hands (dealt hands = mulligans + 1),
# mulligans, rated (0/1), agreed (0/1).

RECORD_PRACTICE = """
INSERT INTO mulligan_stats (guild_id, user_id, hands, mulligans, keeps, rated, agreed)
VALUES (?, ?, ?, ?, 1, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET
    hands = mulligan_stats.hands + excluded.hands,
    mulligans = mulligan_stats.mulligans + excluded.mulligans,
    keeps = mulligan_stats.keeps + 1,
    rated = mulligan_stats.rated + excluded.rated,
    agreed = mulligan_stats.agreed + excluded.agreed
"""

SELECT_KEPT_SIZES = "SELECT kept_sizes FROM mulligan_stats WHERE guild_id = ? AND user_id = ?"

UPDATE_KEPT_SIZES = "UPDATE mulligan_stats SET kept_sizes = ? WHERE guild_id = ? AND user_id = ?"

# Ranking: agreement rate DESC, rated DESC, user_id ASC among users of the guild with
# at least ? dealt hands. agreement_rate = 100 * agreed / rated (0.0 when rated = 0).
# Parameters: guild_id, min_hands.
_RANKED_PRACTICE = """
WITH eligible AS (
    SELECT user_id,
           ROW_NUMBER() OVER (
               ORDER BY CASE WHEN rated > 0 THEN agreed * 100.0 / rated ELSE 0.0 END DESC,
                        rated DESC, user_id ASC
           ) AS rank
    FROM mulligan_stats
    WHERE guild_id = ? AND hands >= ?
)
"""

_PRACTICE_COLUMNS = """
SELECT stats.guild_id, stats.user_id, stats.hands, stats.mulligans, stats.keeps,
       stats.rated, stats.agreed, stats.kept_sizes,
       CASE WHEN stats.rated > 0 THEN stats.agreed * 100.0 / stats.rated ELSE 0.0 END
           AS agreement_rate,
       eligible.rank
"""

# Parameters: guild_id, min_hands, guild_id, user_id.
SELECT_PRACTICE_STATS = (
    _RANKED_PRACTICE
    + _PRACTICE_COLUMNS
    + """
FROM mulligan_stats AS stats
LEFT JOIN eligible ON eligible.user_id = stats.user_id
WHERE stats.guild_id = ? AND stats.user_id = ?
"""
)

# Parameters: guild_id, min_hands, guild_id, limit.
SELECT_PRACTICE_LEADERBOARD = (
    _RANKED_PRACTICE
    + _PRACTICE_COLUMNS
    + """
FROM mulligan_stats AS stats
JOIN eligible ON eligible.user_id = stats.user_id
WHERE stats.guild_id = ?
ORDER BY eligible.rank
LIMIT ?
"""
)

# --- practice sessions ------------------------------------------------------

INSERT_PRACTICE_SESSION = """
INSERT INTO practice_sessions (guild_id, user_id, state, version, created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?)
RETURNING id
"""

# Compare-and-set (bot.matches.versioned): the deal moves on only from the version the
# click was drawn at, so of two concurrent clicks (any processes) exactly one is stored.
SAVE_PRACTICE_SESSION_IF_VERSION = """
UPDATE practice_sessions SET state = ?, version = ?, updated_at = ?
WHERE id = ? AND version = ?
"""

SELECT_PRACTICE_SESSION = """
SELECT id, guild_id, user_id, state, version FROM practice_sessions WHERE id = ?
"""

# Finished and abandoned deals alike: every deal untouched since the cutoff.
DELETE_PRACTICE_SESSIONS_BEFORE = "DELETE FROM practice_sessions WHERE updated_at < ?"

# --- closed DMs -------------------------------------------------------------

MARK_DM_CLOSED = """
INSERT INTO dm_closed (user_id, closed_at) VALUES (?, ?)
ON CONFLICT (user_id) DO UPDATE SET closed_at = excluded.closed_at
"""

CLEAR_DM_CLOSED = "DELETE FROM dm_closed WHERE user_id = ?"

SELECT_DM_CLOSED = "SELECT 1 FROM dm_closed WHERE user_id = ?"

# --- matches: compare-and-set commits and matches against the bot -----------------
# Used by bot.storage.match_store (the match runtime's store). ``ui = coalesce(?, ui)``:
# a NULL ui parameter keeps the stored one.

# A match against the bot (no challenge row). Parameters: guild_id, channel_id,
# player0_id, player1_id, seed, options, decisions, state, version, ui, deadline,
# started_at, ai_seat, ai_level.
INSERT_BOT_MATCH = """
INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, seed, options,
                     decisions, state, version, status, ui, deadline, started_at,
                     ai_seat, ai_level)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?)
RETURNING id
"""

# Parameters: guild_id, user_id, user_id.
SELECT_ACTIVE_MATCH_ID_OF = """
SELECT id FROM matches
WHERE guild_id = ? AND status = 'active' AND (player0_id = ? OR player1_id = ?)
LIMIT 1
"""

# Parameters: state, decisions, version, deadline, ui (NULL: keep), wake_at, wake_version
# (the new version), id, expected version.
SAVE_ACTIVE_MATCH_IF_VERSION = """
UPDATE matches SET state = ?, decisions = ?, version = ?, deadline = ?, ui = coalesce(?, ui),
  wake_at = ?, wake_version = ?
WHERE id = ? AND status = 'active' AND version = ?
"""

SELECT_MATCH_FOR_FINISH = """
SELECT guild_id, player0_id, player1_id, status, version, ai_seat, ai_level
FROM matches WHERE id = ?
"""

# Parameters: state, decisions, version, ui (NULL: keep), result, winner_id, loser_id,
# reason, turns, ended_at, id, expected version.
FINISH_ACTIVE_MATCH_IF_VERSION = """
UPDATE matches
SET state = ?, decisions = ?, version = ?, ui = coalesce(?, ui), deadline = NULL,
    status = 'finished', result = ?, winner_id = ?, loser_id = ?, reason = ?, turns = ?,
    ended_at = ?
WHERE id = ? AND status = 'active' AND version = ?
"""

# A member's result against the bot at one level. Parameters: guild_id, user_id, level,
# wins, losses, draws (the increments).
UPSERT_BOT_RECORD = """
INSERT INTO bot_records (guild_id, user_id, level, wins, losses, draws)
VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id, level) DO UPDATE SET
    wins = bot_records.wins + excluded.wins,
    losses = bot_records.losses + excluded.losses,
    draws = bot_records.draws + excluded.draws
"""

# Parameters: guild_id, user_id. Levels in the order easy, medium, hard.
SELECT_BOT_RECORDS = """
SELECT guild_id, user_id, level, wins, losses, draws
FROM bot_records
WHERE guild_id = ? AND user_id = ?
ORDER BY CASE level WHEN 'easy' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END
"""

# --- server settings, member preferences, ratings (migration 5) -------------------

SELECT_GUILD_SETTINGS = """
SELECT guild_id, mulligan_rule, free_first, sequential, forest_either_pile, turn_seconds,
       counter_seconds, choice_seconds, challenge_seconds, language, channels, updated_at
FROM guild_settings WHERE guild_id = ?
"""

# Parameters: every column in the order of the INSERT.
UPSERT_GUILD_SETTINGS = """
INSERT INTO guild_settings (guild_id, mulligan_rule, free_first, sequential,
                            forest_either_pile, turn_seconds, counter_seconds,
                            choice_seconds, challenge_seconds, language, channels,
                            updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id) DO UPDATE SET
    mulligan_rule = excluded.mulligan_rule,
    free_first = excluded.free_first,
    sequential = excluded.sequential,
    forest_either_pile = excluded.forest_either_pile,
    turn_seconds = excluded.turn_seconds,
    counter_seconds = excluded.counter_seconds,
    choice_seconds = excluded.choice_seconds,
    challenge_seconds = excluded.challenge_seconds,
    language = excluded.language,
    channels = excluded.channels,
    updated_at = excluded.updated_at
"""

SELECT_USER_PREFS = (
    "SELECT user_id, language, tips, quick_counter FROM user_prefs WHERE user_id = ?"
)

# Parameters: user_id, language, tips, quick_counter (the whole row).
UPSERT_USER_PREFS = """
INSERT INTO user_prefs (user_id, language, tips, quick_counter) VALUES (?, ?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET
    language = excluded.language,
    tips = excluded.tips,
    quick_counter = excluded.quick_counter
"""

SELECT_MATCH_FOR_RATING = """
SELECT guild_id, player0_id, player1_id, status, result, winner_id, ai_level, rated
FROM matches WHERE id = ?
"""

SET_MATCH_RATED = "UPDATE matches SET rated = 1 WHERE id = ? AND rated = 0"

SELECT_RATING = """
SELECT guild_id, user_id, mu, sigma, matches, last_delta, last_match_id, updated_at
FROM ratings WHERE guild_id = ? AND user_id = ?
"""

# Parameters: guild_id, user_id, mu, sigma, last_delta, last_match_id, updated_at.
UPSERT_RATING = """
INSERT INTO ratings (guild_id, user_id, mu, sigma, matches, last_delta, last_match_id,
                     updated_at)
VALUES (?, ?, ?, ?, 1, ?, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET
    mu = excluded.mu,
    sigma = excluded.sigma,
    matches = ratings.matches + 1,
    last_delta = excluded.last_delta,
    last_match_id = excluded.last_match_id,
    updated_at = excluded.updated_at
"""

# Ranking by ordinal (mu - 3 sigma) DESC, mu DESC, user_id ASC. Parameters: guild_id.
_RANKED_RATINGS = """
WITH ordered AS (
    SELECT guild_id, user_id, mu, sigma, matches, last_delta, last_match_id, updated_at,
           ROW_NUMBER() OVER (
               ORDER BY mu - 3 * sigma DESC, mu DESC, user_id ASC
           ) AS rank
    FROM ratings
    WHERE guild_id = ? AND matches > 0
)
"""

SELECT_RATING_LEADERBOARD = (
    _RANKED_RATINGS
    + """
SELECT guild_id, user_id, mu, sigma, matches, last_delta, last_match_id, updated_at, rank
FROM ordered ORDER BY rank LIMIT ?
"""
)

SELECT_RANKED_RATING = (
    _RANKED_RATINGS
    + """
SELECT guild_id, user_id, mu, sigma, matches, last_delta, last_match_id, updated_at, rank
FROM ordered WHERE user_id = ?
"""
)

# Finished matches between members with a result, not yet considered for ratings, in the
# order they ended (a start-up catch-up after a crash between finish and rating).
SELECT_UNRATED_MATCH_IDS = """
SELECT id FROM matches
WHERE status = 'finished' AND rated = 0 AND ai_level IS NULL AND result IS NOT NULL
ORDER BY ended_at, id
"""
