"""Statements of mulligan practice: ``mulligan_stats`` and ``practice_sessions``
(bot.storage.practice)."""

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
