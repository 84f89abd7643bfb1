"""Statements of ``players``: results and the server leaderboard (bot.storage.stats)."""

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
