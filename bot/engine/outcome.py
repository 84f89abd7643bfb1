"""How a match ends: the one outcome vocabulary (RULES §1.6, §1.8).

* :class:`Outcome`: ``win``, ``draw`` or ``no_result``, what storage, stats and
  tournaments record (the ``matches.result`` column holds ``win``/``draw``).
* :class:`Reason`: why it ended (``five_colors``, ``timeout`` …); its
  :attr:`Reason.outcome` is the :class:`Outcome` it gives.
* :class:`Result`: the engine's record of the end (winner, reason, loser, and the words
  given with an end from outside), stored in a match's JSON as
  ``{"winner": …, "reason": …, "loser": …}`` (plus ``"note": …`` when there is one).

The string values are stored (match rows, replays, stats): never change them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Outcome(StrEnum):
    """How a match ended for the record: someone won, nobody won (a draw), or it was
    stopped from outside and counts for nobody (``no_result``)."""

    WIN = "win"
    DRAW = "draw"  # RULES §1.8 stalemate
    NO_RESULT = "no_result"  # stopped from outside (``BingoState.abandon``)


class Reason(StrEnum):
    """Why a match ended (``Result.reason``)."""

    FIVE_OF_A_COLOR = "five_of_a_color"  # RULES §1.6
    FIVE_COLORS = "five_colors"  # RULES §1.6
    RESIGN = "resign"  # §1.8
    TIMEOUT = "timeout"  # §1.8: too many timed-out turns in a row (a forfeit)
    PASSES = "passes"  # §1.8 stalemate: passes in a row
    TURN_LIMIT = "turn_limit"  # §1.8 stalemate: the last turn ended
    NO_RESULT = "no_result"  # stopped from outside (``BingoState.abandon``)
    MODERATOR = "moderator"  # stopped from outside by a moderator: no result either

    @property
    def is_draw(self) -> bool:
        """Whether the match ended drawn (no winner, but a result)."""
        return self in (Reason.PASSES, Reason.TURN_LIMIT)

    @property
    def is_no_result(self) -> bool:
        """Whether the match was stopped from outside and counts for nobody: its table
        was lost (``no_result``) or a moderator ended it (``moderator``)."""
        return self in (Reason.NO_RESULT, Reason.MODERATOR)

    @property
    def outcome(self) -> Outcome:
        """The :class:`Outcome` this reason gives: a draw (§1.8 stalemate), no result
        (stopped from outside), else a win."""
        if self.is_no_result:
            return Outcome.NO_RESULT
        return Outcome.DRAW if self.is_draw else Outcome.WIN


@dataclass(frozen=True, slots=True)
class Result:
    """How a match ended.  ``winner`` is a player index, or ``None`` for a draw.

    ``reason``: a :class:`Reason`: ``five_of_a_color``, ``five_colors`` (RULES §1.6),
    ``resign``, ``timeout`` (§1.8 forfeit), ``passes`` or ``turn_limit`` (§1.8
    stalemate), or ``no_result`` / ``moderator`` (stopped from outside by
    ``BingoState.abandon``: no winner, no draw).

    ``note``: the words given from outside with an end of that kind (a moderator's
    reason, as typed), kept as data for whoever shows the result; the engine never reads
    it. ``None`` for every other end.
    """

    winner: int | None
    reason: str
    loser: int | None = field(default=None)
    note: str | None = field(default=None)

    @property
    def outcome(self) -> Outcome:
        """``win`` when there is a winner, else ``no_result`` or ``draw`` by reason."""
        if self.winner is not None:
            return Outcome.WIN
        if self.reason in (Reason.NO_RESULT, Reason.MODERATOR):
            return Outcome.NO_RESULT
        return Outcome.DRAW

    def to_json(self) -> dict[str, Any]:
        """``{"winner", "reason", "loser"}``, plus ``"note"`` when there is one (the
        results stored before notes existed keep their exact JSON)."""
        data: dict[str, Any] = {
            "winner": self.winner,
            "reason": str.__str__(self.reason),
            "loser": self.loser,
        }
        if self.note is not None:
            data["note"] = self.note
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        """Inverse of :meth:`to_json` (a missing ``note`` is ``None``).  Raises
        ``KeyError``/``ValueError`` on bad data."""
        return cls(data["winner"], Reason(data["reason"]), data["loser"], data.get("note"))


def winning_territory(territory: list[int]) -> Reason | None:
    """RULES §1.6: ``"five_of_a_color"``, ``"five_colors"`` or ``None``."""
    if max(territory) >= 5:
        return Reason.FIVE_OF_A_COLOR
    if min(territory) >= 1:
        return Reason.FIVE_COLORS
    return None
