"""Statements of the ``match_analyses`` table (a match's move-by-move analysis)."""

SAVE_ANALYSIS = """
INSERT INTO match_analyses (match_id, method, worlds, data, created_at) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (match_id, method) DO UPDATE SET
    worlds = excluded.worlds, data = excluded.data, created_at = excluded.created_at
"""

SELECT_ANALYSIS = """
SELECT worlds, data FROM match_analyses WHERE match_id = ? AND method = ?
"""
