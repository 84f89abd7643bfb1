"""Statements of seasons, per-season ratings, who is listed on a leaderboard, and
servers that removed the bot (bot.storage.seasons, bot.storage.privacy)."""

# --- seasons ----------------------------------------------------------------

SELECT_CURRENT_SEASON = "SELECT COALESCE(MAX(number), 0) FROM seasons WHERE guild_id = ?"

SELECT_SEASONS = """
SELECT guild_id, number, name, started_at FROM seasons WHERE guild_id = ? ORDER BY number
"""

INSERT_SEASON = """
INSERT INTO seasons (guild_id, number, name, started_at, started_by) VALUES (?, ?, ?, ?, ?)
"""

SELECT_MATCH_ENDED_AT = "SELECT ended_at, started_at FROM matches WHERE id = ?"

SET_MATCH_SEASON = "UPDATE matches SET season = ? WHERE id = ?"

SELECT_SEASON_RATING = """
SELECT guild_id, season, user_id, mu, sigma, matches, wins, losses, draws, last_delta,
       last_match_id, last_played
FROM season_ratings WHERE guild_id = ? AND season = ? AND user_id = ?
"""

SELECT_SEASON_RATINGS = """
SELECT guild_id, season, user_id, mu, sigma, matches, wins, losses, draws, last_delta,
       last_match_id, last_played
FROM season_ratings WHERE guild_id = ? AND season = ? AND matches > 0
"""

# Parameters: guild_id, season, user_id, mu, sigma, matches, wins, losses, draws,
# last_delta, last_match_id, last_played (the whole row: rating and recompute alike).
UPSERT_SEASON_RATING = """
INSERT INTO season_ratings (guild_id, season, user_id, mu, sigma, matches, wins, losses,
                            draws, last_delta, last_match_id, last_played)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, season, user_id) DO UPDATE SET
    mu = excluded.mu,
    sigma = excluded.sigma,
    matches = excluded.matches,
    wins = excluded.wins,
    losses = excluded.losses,
    draws = excluded.draws,
    last_delta = excluded.last_delta,
    last_match_id = excluded.last_match_id,
    last_played = excluded.last_played
"""

# All-time: ratings (openskill, updated_at = the last rated match) beside players (record).
SELECT_ALL_TIME_RATINGS = """
SELECT r.guild_id, r.user_id, r.mu, r.sigma, r.matches, r.last_delta, r.last_match_id,
       r.updated_at AS last_played,
       COALESCE(p.wins, 0) AS wins, COALESCE(p.losses, 0) AS losses,
       COALESCE(p.draws, 0) AS draws
FROM ratings r
LEFT JOIN players p ON p.guild_id = r.guild_id AND p.user_id = r.user_id
WHERE r.guild_id = ? AND r.matches > 0
"""

# The rated matches of a server in the order they ended (a recompute replays them).
SELECT_RATED_MATCHES = """
SELECT id, player0_id, player1_id, result, winner_id, ended_at, season FROM matches
WHERE guild_id = ? AND status = 'finished' AND rated = 1 AND ai_level IS NULL
      AND result IS NOT NULL AND season IS NOT NULL
ORDER BY ended_at, id
"""

DELETE_GUILD_RATINGS = "DELETE FROM ratings WHERE guild_id = ?"
DELETE_GUILD_SEASON_RATINGS = "DELETE FROM season_ratings WHERE guild_id = ?"
DELETE_GUILD_PLAYERS = "DELETE FROM players WHERE guild_id = ?"

# Parameters: guild_id, user_id, mu, sigma, matches, last_delta, last_match_id, updated_at.
INSERT_RATING_ROW = """
INSERT INTO ratings (guild_id, user_id, mu, sigma, matches, last_delta, last_match_id,
                     updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
"""

INSERT_PLAYER_ROW = """
INSERT INTO players (guild_id, user_id, wins, losses, draws) VALUES (?, ?, ?, ?, ?)
"""

# --- who is listed ------------------------------------------------------------

SELECT_MIN_GAMES = "SELECT min_games FROM leaderboard_settings WHERE guild_id = ?"

UPSERT_MIN_GAMES = """
INSERT INTO leaderboard_settings (guild_id, min_games) VALUES (?, ?)
ON CONFLICT (guild_id) DO UPDATE SET min_games = excluded.min_games
"""

SELECT_DEPARTED = """
SELECT user_id FROM departed_members WHERE guild_id = ? AND checked_at >= ?
"""

UPSERT_DEPARTED = """
INSERT INTO departed_members (guild_id, user_id, checked_at) VALUES (?, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET checked_at = excluded.checked_at
"""

DELETE_DEPARTED = "DELETE FROM departed_members WHERE guild_id = ? AND user_id = ?"

# --- servers that removed the bot ----------------------------------------------

UPSERT_GUILD_DEPARTURE = """
INSERT INTO guild_departures (guild_id, left_at) VALUES (?, ?)
ON CONFLICT (guild_id) DO NOTHING
"""

DELETE_GUILD_DEPARTURE = "DELETE FROM guild_departures WHERE guild_id = ?"

SELECT_GUILD_DEPARTURES = "SELECT guild_id, left_at FROM guild_departures ORDER BY left_at"
