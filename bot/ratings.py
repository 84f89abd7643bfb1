"""Ratings between members: openskill's Plackett-Luce model (its defaults: mu 25,
sigma 25/3), one rating per server and member.

Pure: no I/O, no Discord. A rating is shown as its *ordinal* ``mu - 3 sigma`` (a
conservative estimate that starts at 0 and rises as a member wins and as the model
grows sure of them).

Puzzle ratings (``/bingo puzzle``, docs/puzzles.md) are Glicko-2 instead, as lichess
rates its puzzles: :class:`Glicko`, :func:`glicko2` and :func:`rate_attempt` at the end.
"""

from __future__ import annotations

import math
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


# -- puzzles: Glicko-2 ------------------------------------------------------------------
#
# Puzzle ratings (docs/puzzles.md): a member and a puzzle each have a Glicko-2 rating, as
# lichess rates its puzzles; an attempt is one game between them (solved: the member
# wins). Glickman, "Example of the Glicko-2 system" (2012), steps 1-8.

#: A new member's and a new puzzle's rating (Glickman's example's defaults).
GLICKO_RATING = 1500.0
GLICKO_RD = 350.0
GLICKO_VOLATILITY = 0.06
#: The system constant τ (how fast volatility moves; lichess's puzzles use 0.75).
GLICKO_TAU = 0.75
#: Bounds kept after each update: a rating deviation never below :data:`GLICKO_MIN_RD`
#: (so a settled rating still moves) nor above the prior, a volatility never above
#: :data:`GLICKO_MAX_VOLATILITY` (lichess's bound).
GLICKO_MIN_RD = 60.0
GLICKO_MAX_VOLATILITY = 0.1
#: Glicko-2's scale factor between the Glicko scale and its own (173.7178).
_SCALE = 400.0 / math.log(10.0)
_EPSILON = 1e-6


@dataclass(frozen=True, slots=True)
class Glicko:
    """A Glicko-2 rating on the Glicko scale: ``rating`` (1500 at first), ``rd`` (the
    rating deviation, 350 at first) and ``volatility`` (0.06 at first)."""

    rating: float = GLICKO_RATING
    rd: float = GLICKO_RD
    volatility: float = GLICKO_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def glicko2(player: Glicko, games: list[tuple[Glicko, float]], tau: float = GLICKO_TAU) -> Glicko:
    """``player``'s rating after one rating period with ``games`` (each the opponent's
    rating before the period and ``player``'s score: 1 win, ½ draw, 0 loss), by
    Glickman's algorithm (steps 1-8; the volatility by the Illinois method, step 5.1-5.5,
    ε = 10⁻⁶), unbounded (:func:`rate_attempt` applies the bounds). No game: only the
    deviation grows (step 6). Raises ``ValueError`` for a score outside 0..1 or a
    ``tau`` not above 0."""
    if tau <= 0 or any(not 0.0 <= score <= 1.0 for _, score in games):
        raise ValueError("scores are 0..1 and tau is above 0")
    mu = (player.rating - GLICKO_RATING) / _SCALE
    phi = player.rd / _SCALE
    sigma = player.volatility
    if not games:
        return Glicko(player.rating, math.sqrt(phi * phi + sigma * sigma) * _SCALE, sigma)
    inverse_v = 0.0
    total = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - GLICKO_RATING) / _SCALE
        g = _g(opponent.rd / _SCALE)
        expected = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        inverse_v += g * g * expected * (1.0 - expected)
        total += g * (score - expected)
    v = 1.0 / inverse_v
    delta = v * total
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2.0)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * total
    return Glicko(new_mu * _SCALE + GLICKO_RATING, new_phi * _SCALE, new_sigma)


def _bounded(rating: Glicko) -> Glicko:
    return Glicko(
        rating.rating,
        min(max(rating.rd, GLICKO_MIN_RD), GLICKO_RD),
        min(rating.volatility, GLICKO_MAX_VOLATILITY),
    )


def rate_attempt(solver: Glicko, puzzle: Glicko, solved: bool) -> tuple[Glicko, Glicko]:
    """The member's and the puzzle's ratings after one attempt (one game each, from the
    other's rating before it: solved, the member wins), within the bounds above:
    ``(solver', puzzle')``."""
    score = 1.0 if solved else 0.0
    new_solver = glicko2(solver, [(puzzle, score)])
    new_puzzle = glicko2(puzzle, [(solver, 1.0 - score)])
    return _bounded(new_solver), _bounded(new_puzzle)
