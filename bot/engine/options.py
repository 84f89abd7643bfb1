"""The table rules of one match (RULES §1, §2): :class:`BingoOptions`."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .mulligan import MulliganOptions, MulliganRule


@dataclass(frozen=True, slots=True)
class BingoOptions:
    """The table rules of one match.

    ``mulligan_rule``: RULES §2 (default Vancouver, §1.2.4).  ``free_first`` and
    ``sequential``: the §2 options.  ``forest_any_pile``: the §1.4 house rule.
    ``max_passes`` / ``max_turns``: the §1.8 stalemate.  ``max_timeouts``: turns in a
    row a player may time out before forfeiting (§1.8).
    """

    mulligan_rule: MulliganRule = MulliganRule.VANCOUVER
    free_first: bool = False
    sequential: bool = False
    forest_any_pile: bool = False
    hand_size: int = 5
    max_passes: int = 6
    max_turns: int = 200
    max_timeouts: int = 3

    def __post_init__(self) -> None:
        if self.mulligan_rule is MulliganRule.EARLY_1994:
            raise ValueError("the 1994 mulligan is for Magic decks only (RULES §2)")

    def mulligan_options(self) -> MulliganOptions:
        return MulliganOptions(
            rule=self.mulligan_rule,
            free_first=self.free_first,
            sequential=self.sequential,
            hand_size=self.hand_size,
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every option (the rule as its string value)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["mulligan_rule"] = self.mulligan_rule.value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BingoOptions:
        """Inverse of :meth:`to_json`.  Raises ``TypeError``/``ValueError`` on bad data."""
        return cls(**{**data, "mulligan_rule": MulliganRule(data["mulligan_rule"])})
