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


#: Inactivity: a member's variance ``sigma**2`` grows by ``SIGMA_GROWTH_PER_DAY**2`` for
#: every day without a rated match (Glicko's ``c``; Glickman, "The Glicko system", step
#: 1), and never past the prior ``DEFAULT_SIGMA``. With ``c = 0.5`` a settled member
#: (sigma 2.5) idle for 30 days shows sigma ``sqrt(2.5**2 + 30 * 0.25) = 3.7``: their
#: shown rating ``mu - 3 sigma`` falls by 3.6 until they play again. docs/ratings.md.
SIGMA_GROWTH_PER_DAY = 0.5
DAY = 86_400.0


def idle(skill: Skill, seconds: float) -> Skill:
    """``skill`` after ``seconds`` without a rated match (negative counts as 0):
    ``sigma' = min(sqrt(sigma**2 + c**2 * days), DEFAULT_SIGMA)`` with ``c =``
    :data:`SIGMA_GROWTH_PER_DAY`; ``mu`` unchanged. A sigma already above the prior stays."""
    days = max(0.0, seconds) / DAY
    grown = (skill.sigma**2 + SIGMA_GROWTH_PER_DAY**2 * days) ** 0.5
    return Skill(skill.mu, max(skill.sigma, min(grown, DEFAULT_SIGMA)))


@dataclass(frozen=True, slots=True)
class Played:
    """One rated match for :func:`standings`: its two members in seat order, ``winner``
    (0, 1 or None for a draw) and when it ended (Unix seconds)."""

    match_id: int
    players: tuple[int, int]
    winner: int | None
    ended_at: float


@dataclass(slots=True)
class Standing:
    """A member's rating and record from :func:`standings`; ``last_played`` in Unix
    seconds, ``last_delta`` the ordinal change of their last match (``last_match_id``)."""

    user_id: int
    skill: Skill
    matches: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    last_played: float = 0.0
    last_delta: float | None = None
    last_match_id: int | None = None


def play(table: dict[int, Standing], match: Played) -> tuple[Standing, Standing]:
    """Rate ``match`` into ``table`` (member id → standing, changed in place): each
    member's sigma first grows with their idle time (:func:`idle`), then openskill
    rates the match (:func:`rate`). A member not in ``table`` starts from the prior."""
    seats = []
    for user_id in match.players:
        found = table.get(user_id)
        if found is None:
            found = table[user_id] = Standing(user_id, Skill(), last_played=match.ended_at)
        seats.append(found)
    before = [idle(s.skill, match.ended_at - s.last_played) for s in seats]
    after = rate(before[0], before[1], match.winner)
    for seat, (standing, old, new) in enumerate(zip(seats, before, after, strict=True)):
        standing.last_delta = new.ordinal - old.ordinal
        standing.skill = new
        standing.matches += 1
        standing.last_played = match.ended_at
        standing.last_match_id = match.match_id
        if match.winner is None:
            standing.draws += 1
        elif match.winner == seat:
            standing.wins += 1
        else:
            standing.losses += 1
    return seats[0], seats[1]


def standings(matches: list[Played]) -> dict[int, Standing]:
    """Every member's standing after ``matches`` (in the order given: the order they
    ended), each starting from the openskill prior: a season's ratings, or all-time."""
    table: dict[int, Standing] = {}
    for match in matches:
        play(table, match)
    return table


def shown(standing_skill: Skill, last_played: float, now: float) -> Skill:
    """The skill shown at ``now``: grown by the idle time since ``last_played``."""
    return idle(standing_skill, now - last_played)
