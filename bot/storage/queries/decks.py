"""Statements of ``decks`` and the ``card_types`` cache (bot.storage.decks,
bot.storage.card_types)."""

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
