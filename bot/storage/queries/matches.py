"""Statements of ``matches`` and ``bot_records`` (bot.storage.matches, bot.storage.match_store)."""

# --- matches ----------------------------------------------------------------

INSERT_MATCH = """
INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, seed, options,
                     decisions, state, version, status, ui, log, config, deadline,
                     started_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?)
RETURNING id
"""

UPDATE_MATCH_BOARD_MESSAGE = "UPDATE matches SET board_message_id = ? WHERE id = ?"

# Write the ui only if the match is still at the version the writer shows (several
# processes: a process whose copy is behind another's commit writes nothing).
# Parameters: ui, match_id, version.
SAVE_MATCH_UI_IF_VERSION = "UPDATE matches SET ui = ? WHERE id = ? AND version = ?"
SAVE_MATCH_DISPLAY_IF_VERSION = "UPDATE matches SET ui = ?, config = ? WHERE id = ? AND version = ?"

# An active match that cannot be loaded is set aside: no longer active (so it blocks
# neither player), with no result, and ``reason`` 'broken'. Its columns stay as they were,
# for whoever looks into it. Parameters: ended_at, id.
SET_ACTIVE_MATCH_BROKEN = """
UPDATE matches
SET status = 'finished', deadline = NULL, result = NULL, winner_id = NULL, loser_id = NULL,
    reason = 'broken', ended_at = ?
WHERE id = ? AND status = 'active'
"""

#: What :func:`bot.storage.matches.match_of` reads: every column of a match row.
_SELECT_MATCH_COLUMNS = """
SELECT id, guild_id, channel_id, player0_id, player1_id, seed, options, decisions, state,
       version, status, ui, log, config, deadline, board_message_id, started_at, ended_at, result,
       winner_id, loser_id, reason, turns, ai_seat, ai_level
"""

SELECT_MATCH = (
    _SELECT_MATCH_COLUMNS
    + """FROM matches WHERE id = ?
"""
)

COUNT_ACTIVE_MATCHES_BY_GUILD = """
SELECT guild_id, COUNT(*) AS n FROM matches WHERE status = 'active' GROUP BY guild_id
"""

SELECT_ACTIVE_MATCHES = (
    _SELECT_MATCH_COLUMNS
    + """FROM matches WHERE status = 'active'
ORDER BY id
"""
)

SELECT_FINISHED_MATCHES_SINCE = (
    _SELECT_MATCH_COLUMNS
    + """FROM matches
WHERE status = 'finished' AND ended_at >= ?
ORDER BY id
"""
)

SELECT_UNANNOUNCED_MATCHES = (
    _SELECT_MATCH_COLUMNS
    + """FROM matches
WHERE status = 'finished' AND (reason IS NULL OR reason <> 'broken') AND announced = 0
ORDER BY id
"""
)

SET_MATCH_ANNOUNCED = "UPDATE matches SET announced = 1 WHERE id = ?"
SELECT_MATCH_ANNOUNCED = "SELECT status, reason, announced FROM matches WHERE id = ?"

# A queue match, and a match of no server (guild 0), hold their members in every server
# (docs/queue.md, "One match at a time"): they are the member's match here too.
SELECT_ACTIVE_MATCH_OF = (
    _SELECT_MATCH_COLUMNS
    + """FROM matches
WHERE (guild_id = ? OR kind = 'queue' OR guild_id = 0) AND status = 'active'
  AND (player0_id = ? OR player1_id = ?)
ORDER BY id
LIMIT 1
"""
)

SELECT_ACTIVE_MATCH_ANYWHERE = """
SELECT id FROM matches
WHERE status = 'active' AND (player0_id = ? OR player1_id = ?)
ORDER BY id
LIMIT 1
"""

SELECT_RECENT_MATCHES = (
    _SELECT_MATCH_COLUMNS
    + """FROM matches
WHERE guild_id = ? AND status = 'finished' AND (reason IS NULL OR reason <> 'broken')
  AND (player0_id = ? OR player1_id = ?)
ORDER BY ended_at DESC, id DESC
LIMIT ?
"""
)

# --- matches: compare-and-set commits and matches against the bot -----------------
# Used by bot.storage.match_store (the match runtime's store). ``log = coalesce(?, log)``:
# a NULL log parameter keeps the stored one.

# A match against the bot (no challenge row). Parameters: guild_id, channel_id,
# player0_id, player1_id, seed, options, decisions, state, version, ui, log, config,
# deadline, started_at, ai_seat, ai_level.
INSERT_BOT_MATCH = """
INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, seed, options,
                     decisions, state, version, status, ui, log, config, deadline,
                     started_at, ai_seat, ai_level)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?)
RETURNING id
"""

# Parameters: guild_id, user_id, user_id.
SELECT_ACTIVE_MATCH_ID_OF = """
SELECT id FROM matches
WHERE (guild_id = ? OR kind = 'queue' OR guild_id = 0) AND status = 'active'
  AND (player0_id = ? OR player1_id = ?)
LIMIT 1
"""

# Parameters: state, decisions, version, deadline, log (NULL: keep), wake_at, wake_version
# (the new version), id, expected version.
SAVE_ACTIVE_MATCH_IF_VERSION = """
UPDATE matches SET state = ?, decisions = ?, version = ?, deadline = ?, log = coalesce(?, log),
  wake_at = ?, wake_version = ?
WHERE id = ? AND status = 'active' AND version = ?
"""

SELECT_MATCH_FOR_FINISH = """
SELECT guild_id, player0_id, player1_id, status, version, ai_seat, ai_level, log
FROM matches WHERE id = ?
"""

# The stored log of an active match at its version, read in the transaction that
# extends it (SAVE_ACTIVE_MATCH_IF_VERSION). Parameters: id.
SELECT_MATCH_LOG = "SELECT status, version, log FROM matches WHERE id = ?"

# Parameters: state, decisions, version, log (NULL: keep), result, winner_id, loser_id,
# reason, turns, ended_at, id, expected version.
FINISH_ACTIVE_MATCH_IF_VERSION = """
UPDATE matches
SET state = ?, decisions = ?, version = ?, log = coalesce(?, log), deadline = NULL,
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
