"""Statements of server settings, member preferences, ratings (migration 5) and closed
DMs (bot.storage.settings, bot.storage.ratings, bot.storage.dm_closed)."""

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
    "SELECT user_id, language, tips, quick_counter, accessible FROM user_prefs WHERE user_id = ?"
)

# Parameters: user_id, language, tips, quick_counter, accessible (the whole row).
UPSERT_USER_PREFS = """
INSERT INTO user_prefs (user_id, language, tips, quick_counter, accessible)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET
    language = excluded.language,
    tips = excluded.tips,
    quick_counter = excluded.quick_counter,
    accessible = excluded.accessible
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

# --- closed DMs -------------------------------------------------------------

MARK_DM_CLOSED = """
INSERT INTO dm_closed (user_id, closed_at) VALUES (?, ?)
ON CONFLICT (user_id) DO UPDATE SET closed_at = excluded.closed_at
"""

CLEAR_DM_CLOSED = "DELETE FROM dm_closed WHERE user_id = ?"

SELECT_DM_CLOSED = "SELECT 1 FROM dm_closed WHERE user_id = ?"
