"""Ratings between members: openskill's Plackett-Luce model (its defaults: mu 25,
sigma 25/3), one rating per server and member.

Pure: no I/O, no Discord. A rating is shown as its *ordinal* ``mu - 3 sigma`` (a
conservative estimate that starts at 0 and rises as a member wins and as the model
grows sure of them).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from openskill.models import PlackettLuce

#: The model's starting rating (openskill's defaults).
DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0


@dataclass(frozen=True, slots=True)
class Skill:
    """One member's rating: ``mu`` (estimated skill) and ``sigma`` (uncertainty)."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: the number shown and ranked by (0 for a new member)."""
        return self.mu - 3.0 * self.sigma


@lru_cache(maxsize=1)
def _model() -> PlackettLuce:
    return PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)


def rate(first: Skill, second: Skill, winner: int | None) -> tuple[Skill, Skill]:
    """The two members' ratings after one match between them.

    ``winner``: 0 (``first`` won), 1 (``second`` won) or ``None`` (a draw, RULES §1.8
    stalemate). Returns the new ``(first, second)``.

    Raises:
        ValueError: ``winner`` is not 0, 1 or None.
    """
    if winner not in (0, 1, None):
        raise ValueError(f"winner must be 0, 1 or None, got {winner!r}")
    model = _model()
    teams = [
        [model.create_rating([first.mu, first.sigma])],
        [model.create_rating([second.mu, second.sigma])],
    ]
    ranks: list[float] = [1, 1] if winner is None else ([1, 2] if winner == 0 else [2, 1])
    [[a], [b]] = model.rate(teams, ranks=ranks)
    return Skill(a.mu, a.sigma), Skill(b.mu, b.sigma)
