"""Statements of ``challenges`` (bot.storage.challenges)."""

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
