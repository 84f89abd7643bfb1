"""Words of a match analysis shared by the analysis page and the replay pages: one
decision's grade line and an action in words (docs/analysis.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.ai.analysis import DecisionAnalysis
from bot.i18n import t

from ._render import action_label


def action_words(action: str, names: Sequence[str], player: int, lang: str) -> str:
    """An action in words for the reader (``counter:0`` → "Counter with Island +
    Plains"), from the panels' button labels; the raw action if it has none."""
    try:
        return action_label(action, names, player, lang)[0]
    except (KeyError, ValueError):
        return action


def decision_note(found: DecisionAnalysis, names: Sequence[str], lang: str) -> str:
    """One decision's grade line for a replay page: the grade and the win chance kept;
    for an inaccuracy or worse, the better move and its chance."""
    grade = t(lang, f"analysis-grade-{found.grade}")
    line = t(
        lang,
        "analysis-note",
        grade=grade,
        chance=round(100 * found.after),
        worlds=found.worlds,
    )
    if found.grade in ("inaccuracy", "mistake", "blunder"):
        line += "\n" + t(
            lang,
            "analysis-better",
            move=action_words(found.best_action, names, found.player, lang),
            best=round(100 * found.best),
            chosen=round(100 * found.after),
        )
    return line


def stored_notes(stored: list[dict[str, Any]] | None) -> dict[int, DecisionAnalysis]:
    """A stored analysis by decision index (empty when there is none)."""
    if not stored:
        return {}
    return {d["index"]: DecisionAnalysis.from_json(d) for d in stored}
