"""The schema: its migrations, one per version (see :mod:`bot.storage.sql` for how the
runner applies them), and the SQLite connection pragmas. A released migration never
changes: a new version appends one. It is over 600 lines because it is the schema's whole
history, read top to bottom; splitting it by version would scatter that history."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Migration:
    """A migration whose text differs per dialect. ``postgresql`` may use SQLite type
    names too (``INTEGER``, ``REAL``, ``id INTEGER PRIMARY KEY``): it goes through the
    same translation as a plain string migration."""

    sqlite: str
    postgresql: str


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

# Version 2's tables that read the same in both dialects.
_MIGRATION_2_BOTH = """
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

# Version 2: saved decks (per user, usable in every server), the Scryfall card-type
# cache, per-server mulligan practice statistics, practice deals in progress, and the
# users whose DMs were found closed (so the bot does not retry into 403s).
MIGRATION_2 = (
    """
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
"""
    + _MIGRATION_2_BOTH
    + """
PRAGMA user_version = 2;
"""
)

# PostgreSQL has no COLLATE NOCASE: deck and card names are unique case-insensitively
# through unique indexes on lower(name), and every query compares lower(name) = lower(?).
_MIGRATION_2_POSTGRESQL = (
    """
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
"""
    + _MIGRATION_2_BOTH
)

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

# Version 10: a match's public log (the public events of its last changes, see
# bot/matches/log.py) is a column of its own, written by the commit that makes it, no
# longer a key of the ``ui`` JSON (which only the delivery writes). Existing logs (events,
# or text lines of older matches) move out of ``ui``; a ``ui`` that is not a JSON object
# with a list ``log`` is left as it is (its log starts empty).
MIGRATION_10 = """
ALTER TABLE matches ADD COLUMN log TEXT NOT NULL DEFAULT '[]';

UPDATE matches SET log = json_extract(ui, '$.log'), ui = json_remove(ui, '$.log')
WHERE json_valid(ui) AND json_type(ui, '$.log') = 'array';

PRAGMA user_version = 10;
"""

# PostgreSQL: the same with jsonb. A ``ui`` that is not JSON must not stop the upgrade:
# a function of this session (pg_temp) reads it as NULL instead of raising.
_PARSED_UI = """
CREATE FUNCTION pg_temp.parsed_ui(text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS '
BEGIN
    RETURN $1::jsonb;
EXCEPTION WHEN others THEN
    RETURN NULL;
END';
"""

_MIGRATION_10_POSTGRESQL = (
    """
ALTER TABLE matches ADD COLUMN log TEXT NOT NULL DEFAULT '[]';
"""
    + _PARSED_UI
    + """
UPDATE matches
SET log = (pg_temp.parsed_ui(ui) -> 'log')::text, ui = (pg_temp.parsed_ui(ui) - 'log')::text
WHERE jsonb_typeof(pg_temp.parsed_ui(ui) -> 'log') = 'array';

DROP FUNCTION pg_temp.parsed_ui(text);
"""
)

# Version 11: a match's configuration (its timers, its seats' quick counter windows and
# its public language, see bot/matches/config.py) is a column of its own, written when
# the match is created, no longer keys of the ``ui`` JSON. Existing keys move out of
# ``ui`` (a key a match stored before it existed stays missing); a ``ui`` that is not a
# JSON object is left as it is.
MIGRATION_11 = """
ALTER TABLE matches ADD COLUMN config TEXT NOT NULL DEFAULT '{}';

UPDATE matches SET config = json_set(config, '$.timing', json(json_extract(ui, '$.timing'))),
    ui = json_remove(ui, '$.timing')
WHERE json_valid(ui) AND json_type(ui, '$.timing') IS NOT NULL;

UPDATE matches SET config = json_set(config, '$.quick', json(json_extract(ui, '$.quick'))),
    ui = json_remove(ui, '$.quick')
WHERE json_valid(ui) AND json_type(ui, '$.quick') IS NOT NULL;

UPDATE matches SET config = json_set(config, '$.language', json_extract(ui, '$.language')),
    ui = json_remove(ui, '$.language')
WHERE json_valid(ui) AND json_type(ui, '$.language') IS NOT NULL;

PRAGMA user_version = 11;
"""

_MIGRATION_11_POSTGRESQL = (
    """
ALTER TABLE matches ADD COLUMN config TEXT NOT NULL DEFAULT '{}';
"""
    + _PARSED_UI
    + """
UPDATE matches
SET config = (
        SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
        FROM jsonb_each(pg_temp.parsed_ui(ui))
        WHERE key IN ('timing', 'quick', 'language')
    )::text,
    ui = (pg_temp.parsed_ui(ui) - 'timing' - 'quick' - 'language')::text
WHERE jsonb_typeof(pg_temp.parsed_ui(ui)) = 'object';

DROP FUNCTION pg_temp.parsed_ui(text);
"""
)

# Version 12: a match's per-seat private languages and the tips of a first match against
# the bot are part of its configuration (see bot/matches/config.py), no longer keys of
# the ``ui`` JSON (which holds display bookkeeping only). Existing keys move out of
# ``ui``; a ``ui`` that is not a JSON object is left as it is.
MIGRATION_12 = """
UPDATE matches
SET config = json_set(config, '$.languages', json(json_extract(ui, '$.languages'))),
    ui = json_remove(ui, '$.languages')
WHERE json_valid(ui) AND json_valid(config) AND json_type(ui, '$.languages') IS NOT NULL;

UPDATE matches SET config = json_set(config, '$.tips', json(json_extract(ui, '$.tips'))),
    ui = json_remove(ui, '$.tips')
WHERE json_valid(ui) AND json_valid(config) AND json_type(ui, '$.tips') IS NOT NULL;

PRAGMA user_version = 12;
"""

_MIGRATION_12_POSTGRESQL = (
    _PARSED_UI
    + """
UPDATE matches
SET config = (
        config::jsonb || (
            SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
            FROM jsonb_each(pg_temp.parsed_ui(ui))
            WHERE key IN ('languages', 'tips')
        )
    )::text,
    ui = (pg_temp.parsed_ui(ui) - 'languages' - 'tips')::text
WHERE jsonb_typeof(pg_temp.parsed_ui(ui)) = 'object'
    AND (pg_temp.parsed_ui(ui) -> 'languages' IS NOT NULL
         OR pg_temp.parsed_ui(ui) -> 'tips' IS NOT NULL);

DROP FUNCTION pg_temp.parsed_ui(text);
"""
)

# Consent and moderation (bot/storage/consent.py): a member's opt-out of challenges in a
# server, a member's blocks (every server), the pause before the same challenger may
# challenge the same member again (after a declined or expired challenge), a server's
# moderator role and log channel, and a tournament round's warning already sent.
MIGRATION_CONSENT = """
CREATE TABLE challenge_optouts (
    guild_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE challenge_blocks (
    blocker_id BIGINT NOT NULL,
    blocked_id BIGINT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);

CREATE TABLE challenge_cooldowns (
    guild_id      BIGINT NOT NULL,
    challenger_id BIGINT NOT NULL,
    opponent_id   BIGINT NOT NULL,
    until_at      DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, challenger_id, opponent_id)
);

CREATE TABLE moderation_settings (
    guild_id       BIGINT PRIMARY KEY,
    moderator_role BIGINT,
    log_channel_id BIGINT,
    updated_at     DOUBLE PRECISION NOT NULL
);

ALTER TABLE tournament_rounds ADD COLUMN warned_at DOUBLE PRECISION;
"""

# A member's screen-reader mode (``/bingo accessibility``, see bot/ui/accessible.py): each
# panel and board they see starts with one plain sentence of the state. Off by default.
# No ``PRAGMA user_version`` line: the runner sets the version from this migration's place.
MIGRATION_ACCESSIBLE = """
ALTER TABLE user_prefs ADD COLUMN accessible INTEGER NOT NULL DEFAULT 0
    CHECK (accessible IN (0, 1));
"""

# A match's move-by-move analysis (bot/ai/analysis.py), computed once on request and kept:
# ``method`` is the analysis version that made it (bot.ai.analysis.VERSION), ``data`` the
# graded decisions as JSON text. The runner records the schema version (no PRAGMA here,
# so this migration stays valid wherever it lands in the list).
MIGRATION_ANALYSES = """
CREATE TABLE match_analyses (
    match_id   INTEGER NOT NULL,
    method     INTEGER NOT NULL,
    worlds     INTEGER NOT NULL,
    data       TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, method)
);
"""

# Seasons, per-season ratings, who is listed, and leaving servers (bot/storage/seasons.py,
# bot/storage/privacy.py, docs/PRIVACY.md). Self-contained: it only adds.
#
# ``seasons``: a server's numbered seasons (1, 2 ...); matches rated before its first
# season belong to season 0. ``matches.season``: the season a match was rated in (set in
# the transaction that rates it; NULL: not rated). ``season_ratings``: openskill per
# server, season and member, with the season's record and the time of the last rated
# match (``last_played``, for the inactivity growth of sigma, bot/ratings.py).
# ``leaderboard_settings``: a server's minimum of rated matches to be listed.
# ``departed_members``: members a look-up found gone from a server (404 Unknown Member),
# until ``checked_at`` + the cache time. ``guild_departures``: servers that removed the
# bot, purged after the grace period unless the bot returns.
MIGRATION_SEASONS = """
CREATE TABLE seasons (
    guild_id   INTEGER NOT NULL,
    number     INTEGER NOT NULL CHECK (number >= 1),
    name       TEXT    NOT NULL,
    started_at REAL    NOT NULL,
    started_by INTEGER,
    PRIMARY KEY (guild_id, number)
);

ALTER TABLE matches ADD COLUMN season INTEGER;

UPDATE matches SET season = 0 WHERE rated = 1;

CREATE TABLE season_ratings (
    guild_id      INTEGER NOT NULL,
    season        INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    mu            REAL    NOT NULL,
    sigma         REAL    NOT NULL CHECK (sigma > 0),
    matches       INTEGER NOT NULL DEFAULT 0,
    wins          INTEGER NOT NULL DEFAULT 0,
    losses        INTEGER NOT NULL DEFAULT 0,
    draws         INTEGER NOT NULL DEFAULT 0,
    last_delta    REAL,
    last_match_id INTEGER,
    last_played   REAL    NOT NULL,
    PRIMARY KEY (guild_id, season, user_id)
);

INSERT INTO season_ratings (guild_id, season, user_id, mu, sigma, matches, last_delta,
                            last_match_id, last_played)
SELECT guild_id, 0, user_id, mu, sigma, matches, last_delta, last_match_id, updated_at
FROM ratings;

CREATE TABLE leaderboard_settings (
    guild_id  INTEGER PRIMARY KEY,
    min_games INTEGER NOT NULL CHECK (min_games >= 0)
);

CREATE TABLE departed_members (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    checked_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE guild_departures (
    guild_id INTEGER PRIMARY KEY,
    left_at  REAL    NOT NULL
);
"""

# A tournament round's pairing post shown ended (cogs/bingo/_tournaments.py): the post
# (``message_id``) is edited once its round ends, and ``message_ended_at`` records that it
# was, so a start-up edits what a stopped process left showing a countdown. Rounds of
# tournaments already over are left as they are (marked shown).
MIGRATION_ROUND_POSTS = """
ALTER TABLE tournament_rounds ADD COLUMN message_ended_at DOUBLE PRECISION;

UPDATE tournament_rounds SET message_ended_at = ended_at
WHERE ended_at IS NOT NULL
    AND tournament_id IN (SELECT id FROM tournaments WHERE status IN ('finished', 'cancelled'));
"""

# Your-turn reminders (bot/matches/reminders.py, bot/storage/reminders.py): who turned
# them on (``reminder_prefs``: a row means on), and per match and member the newest
# decision (``version``) whose reminder was claimed: sent (``kind`` 'reminder' or
# 'forfeit', with its message, to delete once the decision is taken) or cancelled by
# the member's own interaction ('seen'). Rows of a match go when it ends.
MIGRATION_REMINDERS = """
CREATE TABLE reminder_prefs (
    user_id    BIGINT PRIMARY KEY,
    updated_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE reminder_marks (
    match_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    version    INTEGER NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('reminder', 'forfeit', 'seen')),
    at         DOUBLE PRECISION NOT NULL,
    channel_id BIGINT,
    message_id BIGINT,
    PRIMARY KEY (match_id, user_id)
);
"""

# Puzzles mined from analysed matches (bot/ai/puzzles.py, bot/storage/puzzles.py,
# docs/puzzles.md). Self-contained: it only adds.
#
# ``puzzles``: one per decision found clearly wrong (``source`` 'match': a match of this
# database, ``match_id``, ``guild_id`` its server, ``user_id`` the member who decided, NULL
# for the bot's seat; 'selfplay': a match the bot played against itself, shipped with the
# bot, no server). ``source_key`` names the decision once ('match:<id>:<index>',
# 'selfplay:<seed>:<index>'). ``history``: the match's decisions as JSON, ``data`` the
# mined figures (bot.ai.puzzles.MinedPuzzle), ``lost`` the win chance the move played lost,
# ``levels`` the bot levels of a self-play match. Its Glicko-2 rating and counts follow.
# ``puzzle_attempts``: a member's first answer to a puzzle (the one rated).
# ``puzzle_players``: a member's puzzle rating and streak of days solved.
# ``puzzle_mined``: analysed matches already mined (by puzzle method).
# ``puzzle_days``: each server's puzzle of the day, and its post.
MIGRATION_PUZZLES = """
CREATE TABLE puzzles (
    id             INTEGER PRIMARY KEY,
    source         TEXT    NOT NULL CHECK (source IN ('match', 'selfplay')),
    source_key     TEXT    NOT NULL UNIQUE,
    match_id       INTEGER,
    guild_id       INTEGER,
    user_id        INTEGER,
    decision_index INTEGER NOT NULL,
    player         INTEGER NOT NULL CHECK (player IN (0, 1)),
    seed           INTEGER NOT NULL,
    options        TEXT    NOT NULL DEFAULT '{}',
    history        TEXT    NOT NULL,
    levels         TEXT,
    method         INTEGER NOT NULL,
    data           TEXT    NOT NULL,
    lost           REAL    NOT NULL,
    rating         REAL    NOT NULL,
    rd             REAL    NOT NULL,
    volatility     REAL    NOT NULL,
    attempts       INTEGER NOT NULL DEFAULT 0,
    solved         INTEGER NOT NULL DEFAULT 0,
    created_at     REAL    NOT NULL
);

CREATE INDEX puzzles_by_guild ON puzzles (guild_id);
CREATE INDEX puzzles_by_user ON puzzles (user_id);
CREATE INDEX puzzles_by_match ON puzzles (match_id);

CREATE TABLE puzzle_attempts (
    puzzle_id     INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    action        TEXT    NOT NULL,
    solved        INTEGER NOT NULL CHECK (solved IN (0, 1)),
    rating_before REAL    NOT NULL,
    rating_after  REAL    NOT NULL,
    day           INTEGER NOT NULL,
    answered_at   REAL    NOT NULL,
    PRIMARY KEY (puzzle_id, user_id)
);

CREATE INDEX puzzle_attempts_by_user ON puzzle_attempts (user_id);

CREATE TABLE puzzle_players (
    user_id     INTEGER PRIMARY KEY,
    rating      REAL    NOT NULL,
    rd          REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    solved      INTEGER NOT NULL DEFAULT 0,
    streak      INTEGER NOT NULL DEFAULT 0,
    streak_best INTEGER NOT NULL DEFAULT 0,
    last_day    INTEGER,
    updated_at  REAL    NOT NULL
);

CREATE TABLE puzzle_mined (
    match_id INTEGER NOT NULL,
    method   INTEGER NOT NULL,
    puzzles  INTEGER NOT NULL,
    mined_at REAL    NOT NULL,
    PRIMARY KEY (match_id, method)
);

CREATE TABLE puzzle_days (
    guild_id   INTEGER NOT NULL,
    day        INTEGER NOT NULL,
    puzzle_id  INTEGER NOT NULL,
    channel_id INTEGER,
    message_id INTEGER,
    PRIMARY KEY (guild_id, day)
);
"""

# The ranked queue across servers (bot/storage/queue.py, docs/queue.md). Self-contained:
# it only adds.
#
# ``matches.kind``: ``'queue'`` for a match the queue paired (a later global ladder
# counts those), ``'casual'`` for every other (challenges, the bot, tournaments). A queue
# match played in DMs, and a match against the bot offered to a member queuing from a
# DM, belong to no server: ``guild_id`` and ``channel_id`` 0 (bot.storage.base.NO_SERVER).
# ``queue_entries``: one row per member who queued (their latest entry), its status and,
# once paired, the partner and the match. ``queue_ratings``: each member's rating from
# queue matches only (openskill), the one the queue pairs by; ``queue_results``: the queue
# matches already rated into it (once each). ``ladder_settings``: a server's ladder
# channel. ``match_boards``: the public boards of a match besides the one in its own
# channel or thread: the board in each player's DM (a queue match played in DMs) and in
# a thread of the ladder channel of each player's server.
MIGRATION_QUEUE = """
ALTER TABLE matches ADD COLUMN kind TEXT NOT NULL DEFAULT 'casual'
    CHECK (kind IN ('casual', 'queue'));

CREATE INDEX matches_by_kind ON matches (kind, status);

CREATE TABLE queue_entries (
    user_id       INTEGER NOT NULL PRIMARY KEY,
    guild_id      INTEGER,
    channel_id    INTEGER,
    name          TEXT    NOT NULL,
    language      TEXT,
    mu            REAL    NOT NULL,
    sigma         REAL    NOT NULL CHECK (sigma > 0),
    joined_at     REAL    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'waiting'
                  CHECK (status IN ('waiting', 'paired', 'matched', 'left', 'expired',
                                    'dropped', 'bot')),
    partner_id    INTEGER,
    pair_token    TEXT,
    paired_at     REAL,
    match_id      INTEGER,
    owner         TEXT,
    seen_at       REAL,
    panel_channel INTEGER,
    panel_message INTEGER,
    offered_at    REAL,
    ended_at      REAL,
    reason        TEXT
);

CREATE INDEX queue_by_status_mu ON queue_entries (status, mu);

CREATE INDEX queue_by_owner ON queue_entries (owner, status);

CREATE TABLE queue_ratings (
    user_id       INTEGER NOT NULL PRIMARY KEY,
    mu            REAL    NOT NULL,
    sigma         REAL    NOT NULL CHECK (sigma > 0),
    matches       INTEGER NOT NULL DEFAULT 0,
    wins          INTEGER NOT NULL DEFAULT 0,
    losses        INTEGER NOT NULL DEFAULT 0,
    draws         INTEGER NOT NULL DEFAULT 0,
    last_played   REAL    NOT NULL,
    last_match_id INTEGER
);

CREATE TABLE queue_results (
    match_id INTEGER NOT NULL PRIMARY KEY,
    rated_at REAL    NOT NULL
);

CREATE TABLE ladder_settings (
    guild_id   INTEGER NOT NULL PRIMARY KEY,
    channel_id INTEGER,
    updated_at REAL    NOT NULL
);

CREATE TABLE match_boards (
    match_id        INTEGER NOT NULL,
    place           TEXT    NOT NULL,
    kind            TEXT    NOT NULL CHECK (kind IN ('dm', 'ladder')),
    user_id         INTEGER,
    guild_id        INTEGER,
    parent_id       INTEGER,
    channel_id      INTEGER,
    message_id      INTEGER,
    language        TEXT,
    image_key       TEXT,
    result_posted   INTEGER NOT NULL DEFAULT 0 CHECK (result_posted IN (0, 1)),
    thread_close_at REAL,
    thread_closed   INTEGER NOT NULL DEFAULT 0 CHECK (thread_closed IN (0, 1)),
    PRIMARY KEY (match_id, place)
);

CREATE INDEX match_boards_unposted ON match_boards (result_posted, match_id);
"""

MIGRATION_LADDER = """
CREATE TABLE ladder_members (
    user_id   INTEGER NOT NULL PRIMARY KEY,
    name      TEXT    NOT NULL,
    name_key  TEXT    NOT NULL UNIQUE,
    joined_at REAL    NOT NULL
);
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
    Migration(sqlite=MIGRATION_10, postgresql=_MIGRATION_10_POSTGRESQL),
    Migration(sqlite=MIGRATION_11, postgresql=_MIGRATION_11_POSTGRESQL),
    Migration(sqlite=MIGRATION_12, postgresql=_MIGRATION_12_POSTGRESQL),
    MIGRATION_CONSENT,
    MIGRATION_ACCESSIBLE,
    MIGRATION_ANALYSES,
    MIGRATION_SEASONS,
    MIGRATION_ROUND_POSTS,
    MIGRATION_REMINDERS,
    MIGRATION_PUZZLES,
    MIGRATION_QUEUE,
    MIGRATION_LADDER,
]
"""Schema migrations; applying ``MIGRATIONS[i]`` yields schema version ``i + 1``."""
