"""Statements of the puzzles (bot/storage/puzzles.py, docs/puzzles.md): the puzzles, a
member's attempts, rating and streak, the analysed matches already mined, and each
server's puzzle of the day."""

_PUZZLE_COLUMNS = (
    "id, source, source_key, match_id, guild_id, user_id, decision_index, player, seed,"
    " options, history, levels, method, data, lost, rating, rd, volatility, attempts,"
    " solved, created_at"
)

INSERT_PUZZLE = """
INSERT INTO puzzles (source, source_key, match_id, guild_id, user_id, decision_index, player,
                     seed, options, history, levels, method, data, lost, rating, rd,
                     volatility, created_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (source_key) DO NOTHING
"""

SELECT_PUZZLE = f"SELECT {_PUZZLE_COLUMNS} FROM puzzles WHERE id = ?"  # noqa: S608

SELECT_MATCH_PUZZLES = f"""
SELECT {_PUZZLE_COLUMNS} FROM puzzles WHERE match_id = ? ORDER BY decision_index
"""  # noqa: S608

#: Not attempted by the member (parameter: user_id).
_UNSEEN = "NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = p.id AND a.user_id = ?)"

# The member's own mistakes: the newest match first, then the costliest mistake.
# Parameters: user_id, user_id.
SELECT_NEXT_OWN = f"""
SELECT {_PUZZLE_COLUMNS} FROM puzzles p
WHERE p.user_id = ? AND {_UNSEEN}
ORDER BY p.match_id DESC, p.lost DESC, p.id
LIMIT 1
"""  # noqa: S608

# The server's puzzles (others' mistakes, the bot's among them): the nearest rating first,
# then the newest. Parameters: guild_id, user_id, user_id, rating.
SELECT_NEXT_SERVER = f"""
SELECT {_PUZZLE_COLUMNS} FROM puzzles p
WHERE p.guild_id = ? AND p.user_id IS DISTINCT FROM ? AND {_UNSEEN}
ORDER BY ABS(p.rating - ?), p.id DESC
LIMIT 1
"""  # noqa: S608

# The bot's self-play puzzles: the nearest rating first. Parameters: user_id, rating.
SELECT_NEXT_SELFPLAY = f"""
SELECT {_PUZZLE_COLUMNS} FROM puzzles p
WHERE p.source = 'selfplay' AND {_UNSEEN}
ORDER BY ABS(p.rating - ?), p.id
LIMIT 1
"""  # noqa: S608

SELECT_ATTEMPT = """
SELECT puzzle_id, user_id, action, solved, rating_before, rating_after, day, answered_at
FROM puzzle_attempts WHERE puzzle_id = ? AND user_id = ?
"""

INSERT_ATTEMPT = """
INSERT INTO puzzle_attempts (puzzle_id, user_id, action, solved, rating_before, rating_after,
                             day, answered_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
"""

SELECT_PUZZLE_PLAYER = """
SELECT user_id, rating, rd, volatility, attempts, solved, streak, streak_best, last_day
FROM puzzle_players WHERE user_id = ?
"""

UPSERT_PUZZLE_PLAYER = """
INSERT INTO puzzle_players (user_id, rating, rd, volatility, attempts, solved, streak,
                            streak_best, last_day, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET
    rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,
    attempts = excluded.attempts, solved = excluded.solved, streak = excluded.streak,
    streak_best = excluded.streak_best, last_day = excluded.last_day,
    updated_at = excluded.updated_at
"""

# Parameters: rating, rd, volatility, solved (0/1), id.
UPDATE_PUZZLE_RATING = """
UPDATE puzzles SET rating = ?, rd = ?, volatility = ?, attempts = attempts + 1,
                   solved = solved + ?
WHERE id = ?
"""

INSERT_MINED = """
INSERT INTO puzzle_mined (match_id, method, puzzles, mined_at) VALUES (?, ?, ?, ?)
ON CONFLICT (match_id, method) DO UPDATE SET
    puzzles = excluded.puzzles, mined_at = excluded.mined_at
"""

# Analysed matches (by analysis method) not mined yet (by puzzle method), oldest first.
# Parameters: analysis method, puzzle method.
SELECT_UNMINED = """
SELECT a.match_id FROM match_analyses a JOIN matches m ON m.id = a.match_id
WHERE a.method = ?
  AND NOT EXISTS (SELECT 1 FROM puzzle_mined p WHERE p.match_id = a.match_id AND p.method = ?)
ORDER BY a.match_id
"""

SELECT_MATCH_ROW_FOR_PUZZLES = """
SELECT id, guild_id, player0_id, player1_id, ai_seat, seed, options, decisions
FROM matches WHERE id = ? AND status = 'finished'
"""

SELECT_PUZZLE_ID_BY_KEY = "SELECT id FROM puzzles WHERE source_key = ?"

SELECT_DAY_PUZZLE = """
SELECT guild_id, day, puzzle_id, channel_id, message_id FROM puzzle_days
WHERE guild_id = ? AND day = ?
"""

INSERT_DAY_PUZZLE = """
INSERT INTO puzzle_days (guild_id, day, puzzle_id) VALUES (?, ?, ?)
ON CONFLICT (guild_id, day) DO NOTHING
"""

DELETE_DAY_PUZZLE = "DELETE FROM puzzle_days WHERE guild_id = ? AND day = ?"

SET_DAY_PUZZLE_POST = """
UPDATE puzzle_days SET channel_id = ?, message_id = ?
WHERE guild_id = ? AND day = ? AND message_id IS NULL
"""

# Candidates for a server's puzzle of the day: its own puzzles not shown on a day yet
# (parameters: guild_id, guild_id), then the self-play ones (parameter: guild_id).
SELECT_DAY_CANDIDATES_SERVER = """
SELECT id FROM puzzles
WHERE guild_id = ? AND id NOT IN (SELECT puzzle_id FROM puzzle_days WHERE guild_id = ?)
ORDER BY id
"""
SELECT_DAY_CANDIDATES_SELFPLAY = """
SELECT id FROM puzzles
WHERE source = 'selfplay' AND id NOT IN (SELECT puzzle_id FROM puzzle_days WHERE guild_id = ?)
ORDER BY id
"""
SELECT_ANY_PUZZLES = """
SELECT id FROM puzzles WHERE guild_id = ? OR source = 'selfplay' ORDER BY id
"""

COUNT_SELFPLAY = "SELECT COUNT(*) FROM puzzles WHERE source = 'selfplay'"
