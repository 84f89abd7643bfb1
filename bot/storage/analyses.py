"""Stored match analyses (``match_analyses``): computed once, then read back, so a second
request is instant and survives restarts (docs/analysis.md)."""

from __future__ import annotations

import json
from typing import Any

from bot.storage import sql
from bot.storage.base import StorageBase


class AnalysisStore(StorageBase):
    """Saving and reading a match's analysis."""

    async def save_analysis(
        self, match_id: int, method: int, worlds: int, decisions: list[dict[str, Any]], now: float
    ) -> None:
        """Keep the analysis of ``match_id`` made by analysis version ``method`` with
        ``worlds`` simulations per action: ``decisions`` are JSON-ready dicts
        (:meth:`bot.ai.analysis.DecisionAnalysis.to_json`); ``now`` in Unix seconds.
        A second save of the same match and method replaces the first."""
        data = json.dumps(decisions, separators=(",", ":"))
        await self.backend.execute(sql.SAVE_ANALYSIS, (match_id, method, worlds, data, now))

    async def analysis(self, match_id: int, method: int) -> list[dict[str, Any]] | None:
        """The decisions saved for ``match_id`` by version ``method``, or ``None``."""
        row = await self.backend.fetchone(sql.SELECT_ANALYSIS, (match_id, method))
        if row is None:
            return None
        decoded: list[dict[str, Any]] = json.loads(row["data"])
        return decoded
