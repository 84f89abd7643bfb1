"""Swiss tournaments, pure: standings with tiebreakers, pairings, the top-8 cut.

Rules: MTR Appendix C (docs/RULES.md §5 "Tournaments"). No Discord, no I/O, no global
random: every random choice takes a :class:`random.Random`.

Players are ``int`` ids (Discord user ids). A round is a list of :class:`Pairing`; a
pairing with ``b is None`` is a bye for ``a``.

**Match and game points (RULES §5.2).** A match win is worth 3 match points, a draw 1,
a loss 0; a bye counts as a match win (3 points). A BingoMagic tournament match is ONE
game, so MTR's game points map as: 3 game points for the game won, 1 each for a drawn
game (a match at time is a drawn game), 0 for the game lost; a bye is one game won (3
game points; MTR gives 2-0, the same percentage). Hence a player's game points equal
their match points and GW% = game points / (3 × games played) equals MW% = match points
/ (3 × rounds played): the game-win tiebreakers only separate players who played a
different number of rounds (a drop), and OGW% equals OMW%. Both are kept because they
are MTR's order and so that a future best-of-three needs no new table.

**Tiebreakers (RULES §5.3):** match points, then opponents' match-win % (each
opponent's MW% floored at 0.33, byes ignored: a bye is no opponent), then game-win %
(floored at 0.33), then opponents' game-win %; a tie after all four keeps the order of
the seeds (the random order drawn for round 1).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

import networkx as nx

WIN_POINTS = 3
DRAW_POINTS = 1
#: MTR C: "if this number is lower than 0.33, use 0.33 instead" (exactly 33/100).
FLOOR = Fraction(33, 100)
#: The phantom node a bye is paired with (never a Discord id: ids are positive).
BYE = -1

Outcome = Literal["a", "b", "draw"]


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of one round. ``b is None``: a bye for ``a`` (always a win).

    ``outcome``: ``"a"`` or ``"b"`` (that seat won), ``"draw"``, or ``None`` while the
    match is unfinished (it then counts for nobody yet)."""

    round: int
    a: int
    b: int | None
    outcome: Outcome | None = None

    @property
    def bye(self) -> bool:
        return self.b is None

    @property
    def finished(self) -> bool:
        return self.bye or self.outcome is not None

    def points(self, player: int) -> int | None:
        """``player``'s match points from this table (``None``: unfinished or not theirs)."""
        if self.bye:
            return WIN_POINTS if player == self.a else None
        if player not in (self.a, self.b) or self.outcome is None:
            return None
        if self.outcome == "draw":
            return DRAW_POINTS
        winner = self.a if self.outcome == "a" else self.b
        return WIN_POINTS if player == winner else 0

    def opponent(self, player: int) -> int | None:
        """The other player at this table (``None`` for a bye or a stranger)."""
        if player == self.a:
            return self.b
        if player == self.b:
            return self.a
        return None


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the standings. Percentages are exact :class:`Fraction` s in 0..1.

    ``points``: match points; ``rounds``: finished rounds played, byes included;
    ``mwp``/``gwp``: own match-/game-win % (floored at 0.33); ``omwp``/``ogwp``: the
    mean over non-bye opponents of their (floored) MW% / GW% (0.33 with no opponent).
    ``rank``: 1-based position."""

    rank: int
    player: int
    points: int
    wins: int
    losses: int
    draws: int
    byes: int
    rounds: int
    mwp: Fraction
    omwp: Fraction
    gwp: Fraction
    ogwp: Fraction
    dropped: bool = False


def default_rounds(players: int) -> int:
    """MTR's usual number of Swiss rounds, ⌈log2(players)⌉ (at least 1)."""
    return max(1, math.ceil(math.log2(max(players, 2))))


def _floored(points: int, rounds: int) -> Fraction:
    if rounds == 0:
        return FLOOR
    return max(FLOOR, Fraction(points, WIN_POINTS * rounds))


def standings(
    players: Sequence[int],
    pairings: Iterable[Pairing],
    *,
    dropped: Iterable[int] = (),
) -> list[Standing]:
    """The standings of ``players`` (in seed order: the tie-break of last resort) after
    ``pairings`` (unfinished ones are ignored). Sorted by match points, OMW%, GW%, OGW%,
    seed (RULES §5.3). Dropped players stay in the table (their results still count for
    their opponents), flagged ``dropped``.

    Raises ``ValueError`` if a pairing names a player not in ``players``."""
    seed_of = {p: i for i, p in enumerate(players)}
    points = dict.fromkeys(players, 0)
    rounds = dict.fromkeys(players, 0)
    wins = dict.fromkeys(players, 0)
    losses = dict.fromkeys(players, 0)
    draws = dict.fromkeys(players, 0)
    byes = dict.fromkeys(players, 0)
    opponents: dict[int, list[int]] = {p: [] for p in players}
    for pairing in pairings:
        for seat in (pairing.a, pairing.b):
            if seat is not None and seat not in seed_of:
                raise ValueError(f"pairing {pairing} names an unknown player {seat}")
        if not pairing.finished:
            continue
        if pairing.bye:
            points[pairing.a] += WIN_POINTS
            rounds[pairing.a] += 1
            byes[pairing.a] += 1
            continue
        assert pairing.b is not None
        for player in (pairing.a, pairing.b):
            got = pairing.points(player)
            assert got is not None
            points[player] += got
            rounds[player] += 1
            opponents[player].append(pairing.opponent(player))  # type: ignore[arg-type]
            if got == WIN_POINTS:
                wins[player] += 1
            elif got == DRAW_POINTS:
                draws[player] += 1
            else:
                losses[player] += 1
    mwp = {p: _floored(points[p], rounds[p]) for p in players}
    # One game per match: game points = match points, games played = rounds played.
    gwp = dict(mwp)

    def mean(values: list[Fraction]) -> Fraction:
        return sum(values, Fraction(0)) / len(values) if values else FLOOR

    omwp = {p: mean([mwp[o] for o in opponents[p]]) for p in players}
    ogwp = {p: mean([gwp[o] for o in opponents[p]]) for p in players}
    order = sorted(players, key=lambda p: (-points[p], -omwp[p], -gwp[p], -ogwp[p], seed_of[p]))
    gone = set(dropped)
    return [
        Standing(
            rank=i + 1,
            player=p,
            points=points[p],
            wins=wins[p],
            losses=losses[p],
            draws=draws[p],
            byes=byes[p],
            rounds=rounds[p],
            mwp=mwp[p],
            omwp=omwp[p],
            gwp=gwp[p],
            ogwp=ogwp[p],
            dropped=p in gone,
        )  # fmt: skip
        for i, p in enumerate(order)
    ]


def round_one(players: Sequence[int], rng: random.Random) -> list[Pairing]:
    """Round 1 (MTR C: random): shuffle with ``rng`` and pair neighbours; with an odd
    count the last one shuffled gets the bye. The caller records the seed of ``rng``."""
    order = list(players)
    rng.shuffle(order)
    tables = [Pairing(1, order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
    if len(order) % 2:
        tables.append(Pairing(1, order[-1], None))
    return tables


def pair_round(
    ranked: Sequence[int],
    history: Iterable[Pairing],
    number: int,
    rng: random.Random,
) -> list[Pairing]:
    """The pairings of Swiss round ``number`` (≥ 2) for the active players ``ranked``
    (best first: the current standings without dropped players), given every earlier
    pairing ``history``. Ties are broken at random with ``rng``.

    One maximum-weight perfect matching (networkx ``max_weight_matching``,
    ``maxcardinality=True``) over the players, plus a phantom :data:`BYE` node when
    their count is odd, minimises this cost, each tier outweighing everything below it
    (RULES §5.4):

    1. a second bye to anyone (only if every active player already had one);
    2. the number of rematches (0 whenever a rematch-free pairing exists);
    3. how far from the bottom of ``ranked`` the bye goes: the lowest-ranked player who
       has had no bye and whose bye leaves a rematch-free pairing gets it;
    4. pairing down: the sum over tables of the squared difference of match points, so
       a point group is paired within itself before anyone is paired down, and an odd
       player is paired with the next group down rather than further.

    Returns the tables (the bye last). Raises ``ValueError`` with fewer than 2 players.
    """
    players = list(ranked)
    if len(players) < 2:
        raise ValueError("a Swiss round needs at least 2 active players")
    past = list(history)
    points = dict.fromkeys(players, 0)
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    for pairing in past:
        if pairing.bye:
            had_bye.add(pairing.a)
        else:
            assert pairing.b is not None
            met.add(frozenset((pairing.a, pairing.b)))
        for seat in (pairing.a, pairing.b):
            if seat in points:
                points[seat] += pairing.points(seat) or 0
    n = len(players)
    odd = n % 2 == 1
    spread = max(points.values()) - min(points.values())
    tier4 = (n // 2 + 1) * spread * spread + 1  # > any sum of squared differences
    tier3 = tier4 * (n + 1)  # > any bye position plus any pairing down
    tier2 = tier3 * (n + 1)  # > the worst bye position plus any pairing down
    tier1 = tier2 * (n // 2 + 2)  # > every possible count of rematches, plus the above
    top = tier1 + tier2 + tier4  # > any one edge's cost: every weight stays positive
    graph = nx.Graph()
    nodes = players + ([BYE] if odd else [])
    rng.shuffle(nodes)  # random among equal-cost pairings: insertion order decides
    graph.add_nodes_from(nodes)
    position = {p: i for i, p in enumerate(players)}
    edges = []
    for i, p in enumerate(players):
        for q in players[i + 1 :]:
            cost = (points[p] - points[q]) ** 2
            if frozenset((p, q)) in met:
                cost += tier2
            edges.append((p, q, top - cost))
        if odd:
            from_bottom = n - 1 - position[p]
            cost = (tier1 if p in had_bye else 0) + tier3 * from_bottom
            edges.append((p, BYE, top - cost))
    rng.shuffle(edges)
    graph.add_weighted_edges_from(edges)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables: list[Pairing] = []
    bye: Pairing | None = None
    for u, v in matching:
        if BYE in (u, v):
            bye = Pairing(number, v if u == BYE else u, None)
            continue
        a, b = (u, v) if position[u] < position[v] else (v, u)
        tables.append(Pairing(number, a, b))
    tables.sort(key=lambda t: position[t.a])
    if bye is not None:
        tables.append(bye)
    assert len(tables) == (n + 1) // 2
    return tables


# -- the single-elimination cut -------------------------------------------------------


def cut_size(active: int, wanted: int = 8) -> int:
    """How many players make the cut: the largest power of two ≤ ``min(active,
    wanted)`` (8 → 8; 6 active → 4), 0 below 2 players."""
    size = min(active, wanted)
    return 0 if size < 2 else 1 << (size.bit_length() - 1)


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order, so that seed 1 meets seed 2 only in the
    final: 8 → [1, 8, 4, 5, 2, 7, 3, 6] (tables 1v8, 4v5, 2v7, 3v6)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, total - seed)]
    return order


def cut_round(seeds: Sequence[int], number: int) -> list[Pairing]:
    """The first elimination round for ``seeds`` (players best first, a power of two):
    1v8, 4v5, 2v7, 3v6 (``a`` is always the higher seed)."""
    order = bracket_order(len(seeds))
    return [
        Pairing(number, seeds[order[i] - 1], seeds[order[i + 1] - 1])
        for i in range(0, len(order), 2)
    ]


def advancing(pairing: Pairing) -> int:
    """Who goes on from an elimination table: the winner; on a draw (one game of
    BingoMagic can end drawn) the higher seed, seat ``a`` (RULES §5.6).
    Raises ``ValueError`` if the table is unfinished."""
    if pairing.outcome is None:
        raise ValueError("the table is unfinished")
    if pairing.outcome == "b":
        assert pairing.b is not None
        return pairing.b
    return pairing.a


def next_cut_round(previous: Sequence[Pairing], number: int) -> list[Pairing]:
    """The next elimination round: winners of neighbouring tables meet (``[]`` after the
    final). Raises ``ValueError`` if a table is unfinished."""
    winners = [advancing(p) for p in previous]
    return [Pairing(number, winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]
