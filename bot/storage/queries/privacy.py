"""Statements of a member's export and erasure and of a server's purge
(bot.storage.privacy, docs/PRIVACY.md). Every table that holds a member id or a server
id is named here; tests/storage/test_privacy.py fails when a new one is not."""

# --- a member's rows, per table (parameter: user_id) ----------------------------

#: Table → the statement reading a member's rows of it, for the export.
MEMBER_ROWS = {
    "user_prefs": "SELECT * FROM user_prefs WHERE user_id = ?",
    "dm_closed": "SELECT * FROM dm_closed WHERE user_id = ?",
    "players": "SELECT * FROM players WHERE user_id = ?",
    "bot_records": "SELECT * FROM bot_records WHERE user_id = ?",
    "ratings": "SELECT * FROM ratings WHERE user_id = ?",
    "season_ratings": "SELECT * FROM season_ratings WHERE user_id = ?",
    "decks": "SELECT * FROM decks WHERE user_id = ?",
    "mulligan_stats": "SELECT * FROM mulligan_stats WHERE user_id = ?",
    "practice_sessions": "SELECT * FROM practice_sessions WHERE user_id = ?",
    "daily_answers": "SELECT * FROM daily_answers WHERE user_id = ?",
    "daily_streaks": "SELECT * FROM daily_streaks WHERE user_id = ?",
    "puzzle_players": "SELECT * FROM puzzle_players WHERE user_id = ?",
    "puzzle_attempts": "SELECT * FROM puzzle_attempts WHERE user_id = ? ORDER BY answered_at",
    # the puzzles made of the member's own decisions (docs/puzzles.md)
    "puzzles": "SELECT * FROM puzzles WHERE user_id = ? ORDER BY id",
    "departed_members": "SELECT * FROM departed_members WHERE user_id = ?",
    "tournament_players": "SELECT * FROM tournament_players WHERE user_id = ?",
    "challenges": "SELECT * FROM challenges WHERE challenger_id = ? OR opponent_id = ?",
    "challenge_optouts": "SELECT * FROM challenge_optouts WHERE user_id = ?",
    # the member's own blocks only: who blocked them is never told (docs/RULES.md)
    "challenge_blocks": "SELECT * FROM challenge_blocks WHERE blocker_id = ?",
    "challenge_cooldowns": (
        "SELECT * FROM challenge_cooldowns WHERE challenger_id = ? OR opponent_id = ?"
    ),
    "reminder_prefs": "SELECT * FROM reminder_prefs WHERE user_id = ?",
    "reminder_marks": "SELECT * FROM reminder_marks WHERE user_id = ?",
    "queue_entries": "SELECT * FROM queue_entries WHERE user_id = ?",
    "queue_ratings": "SELECT * FROM queue_ratings WHERE user_id = ?",
    "match_boards": "SELECT * FROM match_boards WHERE user_id = ?",
    "ladder_members": "SELECT * FROM ladder_members WHERE user_id = ?",
}

#: Statements erasing a member's own rows (parameter: user_id). The puzzles made of their
#: decisions go, with everyone's answers to them and the days that showed them
#: (docs/puzzles.md), before their own answers and puzzle rating.
DELETE_MEMBER_ROWS = (
    "DELETE FROM puzzle_attempts WHERE puzzle_id IN (SELECT id FROM puzzles WHERE user_id = ?)",
    "DELETE FROM puzzle_days WHERE puzzle_id IN (SELECT id FROM puzzles WHERE user_id = ?)",
    "DELETE FROM puzzles WHERE user_id = ?",
    "DELETE FROM puzzle_attempts WHERE user_id = ?",
    "DELETE FROM puzzle_players WHERE user_id = ?",
    "DELETE FROM user_prefs WHERE user_id = ?",
    "DELETE FROM dm_closed WHERE user_id = ?",
    "DELETE FROM players WHERE user_id = ?",
    "DELETE FROM bot_records WHERE user_id = ?",
    "DELETE FROM ratings WHERE user_id = ?",
    "DELETE FROM season_ratings WHERE user_id = ?",
    "DELETE FROM decks WHERE user_id = ?",
    "DELETE FROM mulligan_stats WHERE user_id = ?",
    "DELETE FROM practice_sessions WHERE user_id = ?",
    "DELETE FROM daily_answers WHERE user_id = ?",
    "DELETE FROM daily_streaks WHERE user_id = ?",
    "DELETE FROM departed_members WHERE user_id = ?",
    "DELETE FROM challenge_optouts WHERE user_id = ?",
    "DELETE FROM challenge_blocks WHERE blocker_id = ?",
    "DELETE FROM challenge_blocks WHERE blocked_id = ?",
    "DELETE FROM challenge_cooldowns WHERE challenger_id = ?",
    "DELETE FROM challenge_cooldowns WHERE opponent_id = ?",
    "DELETE FROM reminder_prefs WHERE user_id = ?",
    "DELETE FROM reminder_marks WHERE user_id = ?",
    # The ranked queue (docs/queue.md): their place, their queue rating, the board in
    # their DMs (its channel id leads to them), and their id as a partner in others' rows.
    "DELETE FROM queue_entries WHERE user_id = ?",
    "DELETE FROM queue_ratings WHERE user_id = ?",
    "DELETE FROM match_boards WHERE kind = 'dm' AND user_id = ?",
    "UPDATE queue_entries SET partner_id = NULL WHERE partner_id = ?",
    # The global ladder (docs/ladder.md): their entry and chosen name.
    "DELETE FROM ladder_members WHERE user_id = ?",
)

DELETE_MEMBER_CHALLENGES = "DELETE FROM challenges WHERE challenger_id = ? OR opponent_id = ?"

SELECT_MEMBER_MATCHES = """
SELECT id, guild_id, channel_id, player0_id, player1_id, status, started_at, ended_at,
       result, winner_id, loser_id, reason, turns, ai_level, ai_seat, season, ui, config, log
FROM matches WHERE player0_id = ? OR player1_id = ?
ORDER BY id
"""

SELECT_TOURNAMENT_OF = "SELECT guild_id, name FROM tournaments WHERE id = ?"

SELECT_MEMBER_ACTIVE = """
SELECT COUNT(*) FROM matches WHERE status = 'active' AND (player0_id = ? OR player1_id = ?)
"""

# Tournaments not over that the member plays in or organizes. Parameters: user_id twice.
SELECT_MEMBER_TOURNAMENTS_LIVE = """
SELECT COUNT(*) FROM tournaments t
WHERE t.status IN ('signup', 'swiss', 'cut')
  AND (t.organizer_id = ?
       OR EXISTS (SELECT 1 FROM tournament_players tp
                  WHERE tp.tournament_id = t.id AND tp.user_id = ?))
"""

# The member's finished matches between members not rated yet (the process stopped in
# between), in the order they ended: rated before the seats are pseudonymized.
SELECT_MEMBER_UNRATED = """
SELECT id FROM matches
WHERE status = 'finished' AND rated = 0 AND ai_level IS NULL AND result IS NOT NULL
  AND (player0_id = ? OR player1_id = ?)
ORDER BY ended_at, id
"""

# The member's matches against the bot are their own practice: deleted with them
# (their analyses and puzzles first: a puzzle goes with its match, with the answers to it
# and the days that showed it). Parameters: user_id, user_id.
_BOT_MATCHES = (
    "SELECT id FROM matches WHERE ai_level IS NOT NULL AND (player0_id = ? OR player1_id = ?)"
)
_BOT_MATCH_PUZZLES = f"SELECT id FROM puzzles WHERE match_id IN ({_BOT_MATCHES})"  # noqa: S608
DELETE_MEMBER_BOT_MATCHES = (
    f"DELETE FROM puzzle_attempts WHERE puzzle_id IN ({_BOT_MATCH_PUZZLES})",  # noqa: S608
    f"DELETE FROM puzzle_days WHERE puzzle_id IN ({_BOT_MATCH_PUZZLES})",  # noqa: S608
    f"DELETE FROM puzzles WHERE match_id IN ({_BOT_MATCHES})",  # noqa: S608
    f"DELETE FROM puzzle_mined WHERE match_id IN ({_BOT_MATCHES})",  # noqa: S608
    "DELETE FROM match_analyses WHERE match_id IN (SELECT id FROM matches"
    " WHERE ai_level IS NOT NULL AND (player0_id = ? OR player1_id = ?))",
    "DELETE FROM matches WHERE ai_level IS NOT NULL AND (player0_id = ? OR player1_id = ?)",
)

# The servers whose shared records hold the member: matches and tournaments (as a
# player or the organizer). Parameters: user_id four times.
SELECT_MEMBER_SHARED_GUILDS = """
SELECT guild_id FROM matches WHERE player0_id = ? OR player1_id = ?
UNION SELECT t.guild_id FROM tournament_players tp JOIN tournaments t ON t.id = tp.tournament_id
      WHERE tp.user_id = ?
UNION SELECT guild_id FROM tournaments WHERE organizer_id = ?
"""

# Parameters: pseudonym, user_id, guild_id (a seat of an erased member keeps its place;
# each server has its own pseudonym, so two servers' records cannot be joined).
PSEUDONYMIZE = (
    "UPDATE matches SET player0_id = ? WHERE player0_id = ? AND guild_id = ?",
    "UPDATE matches SET player1_id = ? WHERE player1_id = ? AND guild_id = ?",
    "UPDATE matches SET winner_id = ? WHERE winner_id = ? AND guild_id = ?",
    "UPDATE matches SET loser_id = ? WHERE loser_id = ? AND guild_id = ?",
    "UPDATE tournament_players SET user_id = ? WHERE user_id = ? AND tournament_id IN"
    " (SELECT id FROM tournaments WHERE guild_id = ?)",
    "UPDATE tournament_pairings SET player_a = ? WHERE player_a = ? AND tournament_id IN"
    " (SELECT id FROM tournaments WHERE guild_id = ?)",
    "UPDATE tournament_pairings SET player_b = ? WHERE player_b = ? AND tournament_id IN"
    " (SELECT id FROM tournaments WHERE guild_id = ?)",
    "UPDATE tournaments SET organizer_id = ? WHERE organizer_id = ? AND guild_id = ?",
)

#: Who started a season is forgotten (parameter: user_id).
FORGET_SEASON_STARTER = "UPDATE seasons SET started_by = NULL WHERE started_by = ?"

# An erased seat's name, settings and messages in a kept match. The version moves on
# too: a copy of the match held in memory (its delivery) can no longer write its old
# ``ui`` back (``SAVE_MATCH_UI_IF_VERSION``). Parameters: ui, config, log, id.
SET_MATCH_ERASED_SEAT = (
    "UPDATE matches SET ui = ?, config = ?, log = ?, version = version + 1 WHERE id = ?"
)

# The version moves on too (as above).
SET_MATCH_UI = "UPDATE matches SET ui = ?, version = version + 1 WHERE id = ?"

# Servers with a seat of an erased member in a match between members (their records
# may predate the rule that erasure changes nobody else's: see restore_erased_records).
SELECT_GUILDS_WITH_ERASED_SEATS = """
SELECT DISTINCT guild_id FROM matches
WHERE ai_level IS NULL AND (player0_id < 0 OR player1_id < 0)
ORDER BY guild_id
"""

# A server's finished matches between members not rated yet, in the order they ended.
SELECT_GUILD_UNRATED = """
SELECT id FROM matches
WHERE guild_id = ? AND status = 'finished' AND rated = 0 AND ai_level IS NULL
  AND result IS NOT NULL
ORDER BY ended_at, id
"""

SELECT_GUILD_RATED_COUNTS = "SELECT user_id, matches FROM ratings WHERE guild_id = ?"

SELECT_MEMBER_GUILDS = """
SELECT guild_id FROM matches WHERE player0_id = ? OR player1_id = ?
UNION SELECT guild_id FROM ratings WHERE user_id = ?
UNION SELECT guild_id FROM players WHERE user_id = ?
"""

# --- a server's rows (parameter: guild_id) ---------------------------------------

#: Statements purging everything of a server, children before parents.
PURGE_GUILD = (
    "DELETE FROM tournament_pairings WHERE tournament_id IN "
    "(SELECT id FROM tournaments WHERE guild_id = ?)",
    "DELETE FROM tournament_rounds WHERE tournament_id IN "
    "(SELECT id FROM tournaments WHERE guild_id = ?)",
    "DELETE FROM tournament_players WHERE tournament_id IN "
    "(SELECT id FROM tournaments WHERE guild_id = ?)",
    "DELETE FROM tournaments WHERE guild_id = ?",
    "DELETE FROM tournament_settings WHERE guild_id = ?",
    "DELETE FROM challenges WHERE guild_id = ?",
    "DELETE FROM challenge_optouts WHERE guild_id = ?",
    "DELETE FROM challenge_cooldowns WHERE guild_id = ?",
    "DELETE FROM moderation_settings WHERE guild_id = ?",
    "DELETE FROM puzzle_attempts WHERE puzzle_id IN (SELECT id FROM puzzles WHERE guild_id = ?)",
    "DELETE FROM puzzle_days WHERE puzzle_id IN (SELECT id FROM puzzles WHERE guild_id = ?)",
    "DELETE FROM puzzle_days WHERE guild_id = ?",
    "DELETE FROM puzzles WHERE guild_id = ?",
    "DELETE FROM puzzle_mined WHERE match_id IN (SELECT id FROM matches WHERE guild_id = ?)",
    "DELETE FROM match_analyses WHERE match_id IN (SELECT id FROM matches WHERE guild_id = ?)",
    "DELETE FROM reminder_marks WHERE match_id IN (SELECT id FROM matches WHERE guild_id = ?)",
    "DELETE FROM match_boards WHERE match_id IN (SELECT id FROM matches WHERE guild_id = ?)",
    # The ranked queue (docs/queue.md): the server's ladder channel and its ladder boards;
    # entries queued from it forget it (a member still waiting keeps their place).
    "DELETE FROM match_boards WHERE guild_id = ?",
    "DELETE FROM ladder_settings WHERE guild_id = ?",
    "DELETE FROM queue_entries WHERE guild_id = ? AND status NOT IN ('waiting', 'paired')",
    "UPDATE queue_entries SET guild_id = NULL, channel_id = NULL WHERE guild_id = ?",
    "DELETE FROM matches WHERE guild_id = ?",
    "DELETE FROM players WHERE guild_id = ?",
    "DELETE FROM bot_records WHERE guild_id = ?",
    "DELETE FROM ratings WHERE guild_id = ?",
    "DELETE FROM season_ratings WHERE guild_id = ?",
    "DELETE FROM seasons WHERE guild_id = ?",
    "DELETE FROM leaderboard_settings WHERE guild_id = ?",
    "DELETE FROM departed_members WHERE guild_id = ?",
    "DELETE FROM guild_settings WHERE guild_id = ?",
    "DELETE FROM mulligan_stats WHERE guild_id = ?",
    "DELETE FROM practice_sessions WHERE guild_id = ?",
    "DELETE FROM daily_answers WHERE guild_id = ?",
    "DELETE FROM daily_streaks WHERE guild_id = ?",
    "DELETE FROM daily_days WHERE guild_id = ?",
    "DELETE FROM daily_settings WHERE guild_id = ?",
    "DELETE FROM guild_departures WHERE guild_id = ?",
)
