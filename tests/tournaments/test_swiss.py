"""Swiss pairings and tiebreakers (RULES §5).

The pairing properties are checked against a brute force over every legal pairing of
small fields (at most 9 active players: 945 pairings with the bye's phantom seat), over
many random tournaments with draws and drops.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bot.tournaments as swiss
from bot.tournaments import Pairing

PHANTOM = None


def perfect_matchings(nodes: list[int | None]) -> Iterator[list[tuple[int | None, int | None]]]:
    """Every way to split ``nodes`` (even count) into pairs."""
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for i, other in enumerate(rest):
        for tail in perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def score(
    tables: list[tuple[int | None, int | None]],
    ranked: list[int],
    points: dict[int, int],
    met: set[frozenset[int]],
    had_bye: set[int],
) -> tuple[int, int, int, int]:
    """(second byes, rematches, bye position from the bottom, sum of squared point
    differences) of one candidate pairing: the tiers RULES §5.4 orders."""
    second = rematches = from_bottom = squares = 0
    for a, b in tables:
        if a is PHANTOM or b is PHANTOM:
            player = b if a is PHANTOM else a
            assert player is not None
            second += player in had_bye
            from_bottom = len(ranked) - 1 - ranked.index(player)
            continue
        rematches += frozenset((a, b)) in met
        squares += (points[a] - points[b]) ** 2
    return second, rematches, from_bottom, squares


def history_facts(history: list[Pairing], active: list[int]):
    points = dict.fromkeys(active, 0)
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    for p in history:
        if p.b is None:
            had_bye.add(p.a)
        else:
            met.add(frozenset((p.a, p.b)))
        for seat in (p.a, p.b):
            if seat in points:
                points[seat] += p.points(seat) or 0
    return points, met, had_bye


@st.composite
def tournaments(draw: st.DrawFn):
    """A random tournament: players, rounds, results (wins both ways and draws) and drops.

    Returns ``(players, rounds)`` where ``rounds`` is a list of
    ``(ranked active players, history before the round, the round's pairings)``."""
    n = draw(st.integers(2, 9))
    players = list(range(101, 101 + n))
    total = draw(st.integers(1, 6))
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    history: list[Pairing] = []
    dropped: set[int] = set()
    rounds = []
    for number in range(1, total + 1):
        active = [p for p in players if p not in dropped]
        if len(active) < 2:
            break
        if number == 1:
            table = swiss.round_one(active, rng)
            ranked = active
        else:
            ranked = [
                s.player
                for s in swiss.standings(players, history, dropped=dropped)
                if not s.dropped
            ]
            table = swiss.pair_round(ranked, history, number, rng)
        rounds.append((ranked, list(history), table))
        for pairing in table:
            outcome = None if pairing.b is None else draw(st.sampled_from(["a", "b", "draw"]))
            history.append(Pairing(number, pairing.a, pairing.b, outcome))
        for player in active:
            if len(players) - len(dropped) > 2 and draw(st.integers(0, 9)) == 0:
                dropped.add(player)
    return players, rounds


@given(tournaments())
def test_pairings_are_optimal_in_rule_order(tournament) -> None:
    """Every Swiss round (2+) is a best legal pairing, tier by tier (RULES §5.4):

    * nobody gets a second bye while someone active has had none;
    * the number of rematches is the least possible (0 whenever they are avoidable);
    * the bye goes to the lowest-ranked player without a bye whose bye still allows the
      fewest rematches;
    * point groups first, then pairing down: with the above fixed, the sum over tables
      of the squared difference in match points is the least possible, i.e. no legal
      re-pairing keeps more players within their point group or pairs down by less.
    """
    players, rounds = tournament
    for ranked, history, tables in rounds[1:]:
        points, met, had_bye = history_facts(history, ranked)
        chosen = score(
            [(t.a, PHANTOM if t.b is None else t.b) for t in tables], ranked, points, met, had_bye
        )
        nodes: list[int | None] = list(ranked) + ([PHANTOM] if len(ranked) % 2 else [])
        best = min(score(m, ranked, points, met, had_bye) for m in perfect_matchings(nodes))
        assert chosen == best
        seated = [t.a for t in tables] + [t.b for t in tables if t.b is not None]
        assert sorted(seated) == sorted(ranked)  # everyone active plays once


@given(tournaments())
def test_byes_at_most_once_and_rematch_free_when_possible(tournament) -> None:
    """Directly, without the cost tiers: a second bye or a rematch happens only when
    every legal pairing of that round needs one."""
    players, rounds = tournament
    for ranked, history, tables in rounds:
        points, met, had_bye = history_facts(history, ranked)
        byes = [t.a for t in tables if t.b is None]
        assert len(byes) == len(ranked) % 2
        if byes and byes[0] in had_bye:
            assert set(ranked) <= had_bye
        rematch = any(t.b is not None and frozenset((t.a, t.b)) in met for t in tables)
        if rematch:
            nodes: list[int | None] = list(ranked) + ([PHANTOM] if len(ranked) % 2 else [])
            for m in perfect_matchings(nodes):
                second, rematches, _, _ = score(m, ranked, points, met, had_bye)
                assert rematches > 0 or second > 0 or (byes and byes[0] in had_bye)


@given(st.integers(2, 40), st.integers(0, 2**32))
def test_round_one_is_random_but_seeded(n: int, seed: int) -> None:
    """Round 1 depends only on the recorded seed; everyone plays, the bye (odd fields)
    is the only one."""
    players = list(range(1, n + 1))
    first = swiss.round_one(players, random.Random(seed))
    assert first == swiss.round_one(players, random.Random(seed))
    seated = [t.a for t in first] + [t.b for t in first if t.b is not None]
    assert sorted(seated) == players
    assert sum(t.b is None for t in first) == n % 2


def test_round_one_shuffles() -> None:
    players = list(range(1, 17))
    assert (
        len(
            {
                tuple((t.a, t.b) for t in swiss.round_one(players, random.Random(s)))
                for s in range(20)
            }
        )
        > 1
    )


def test_pairing_down_goes_to_the_next_group() -> None:
    """9 | 6 6 6 | 3 3 3 | 0 after three rounds: the 9 is paired with a 6, the odd 6 with a
    3, the odd 3 with the 0 (never a jump over a group), no rematches."""
    A, B, C, D, E, F, G, H = range(1, 9)
    history = [
        Pairing(1, A, B, "a"), Pairing(1, C, D, "a"), Pairing(1, E, F, "a"), Pairing(1, G, H, "a"),
        Pairing(2, A, C, "a"), Pairing(2, E, G, "a"), Pairing(2, B, D, "a"), Pairing(2, F, H, "a"),
        Pairing(3, A, E, "a"), Pairing(3, B, C, "b"), Pairing(3, D, F, "a"), Pairing(3, G, H, "a"),
    ]  # fmt: skip
    ranked = [s.player for s in swiss.standings(list(range(1, 9)), history)]
    points = {s.player: s.points for s in swiss.standings(list(range(1, 9)), history)}
    assert sorted(points.values(), reverse=True) == [9, 6, 6, 6, 3, 3, 3, 0]
    tables = swiss.pair_round(ranked, history, 4, random.Random(0))
    diffs = sorted(abs(points[t.a] - points[t.b]) for t in tables if t.b is not None)
    assert max(diffs) == 3  # no table pairs across more than one group
    met = {frozenset((p.a, p.b)) for p in history}
    assert all(frozenset((t.a, t.b)) not in met for t in tables)


# -- tiebreakers: a worked example ------------------------------------------------------

A, B, C, D, E = 1, 2, 3, 4, 5
WORKED = [
    # round 1: A beats B, C and D draw, E has the bye
    Pairing(1, A, B, "a"), Pairing(1, C, D, "draw"), Pairing(1, E, None),
    # round 2: E beats A, B beats C, D has the bye
    Pairing(2, E, A, "a"), Pairing(2, B, C, "a"), Pairing(2, D, None),
    # round 3: E and D draw, A beats C, B has the bye
    Pairing(3, E, D, "draw"), Pairing(3, A, C, "a"), Pairing(3, B, None),
]  # fmt: skip


def test_tiebreakers_match_the_worked_example() -> None:
    """Worked by hand (RULES §5.3), every player played 3 rounds (byes included):

    ====== ====== ========== ===================================== ===========
    player points MW%        OMW% (byes ignored, each ≥ 0.33)      rank
    ====== ====== ========== ===================================== ===========
    E      7      7/9        A, D: (6/9 + 5/9) / 2 = 11/18 ≈ .6111  1
    A      6      6/9        B, E, C: (6/9 + 7/9 + .33) / 3
                             = 1597/2700 ≈ .5915                    2
    B      6      6/9        A, C: (6/9 + .33) / 2 = 897/1800 ≈ .4983 3
    D      5      5/9        C, E: (.33 + 7/9) / 2 = 997/1800 ≈ .5539 4
    C      1      1/9 → .33  D, B, A: (5/9 + 6/9 + 6/9) / 3 = 17/27  5
    ====== ====== ========== ===================================== ===========

    A and B tie on 6 points; OMW% puts A first. One game per match, so GW% = MW% and
    OGW% = OMW% here (all played 3 rounds)."""
    table = swiss.standings([A, B, C, D, E], WORKED)
    rows = [(s.rank, s.player, s.points, s.mwp, s.omwp, s.gwp, s.ogwp) for s in table]
    assert rows == [
        (1, E, 7, Fraction(7, 9), Fraction(11, 18), Fraction(7, 9), Fraction(11, 18)),
        (2, A, 6, Fraction(6, 9), Fraction(1597, 2700), Fraction(6, 9), Fraction(1597, 2700)),
        (3, B, 6, Fraction(6, 9), Fraction(897, 1800), Fraction(6, 9), Fraction(897, 1800)),
        (4, D, 5, Fraction(5, 9), Fraction(997, 1800), Fraction(5, 9), Fraction(997, 1800)),
        (5, C, 1, swiss.FLOOR, Fraction(17, 27), swiss.FLOOR, Fraction(17, 27)),
    ]
    e = table[0]
    assert (e.wins, e.losses, e.draws, e.byes, e.rounds) == (1, 0, 1, 1, 3)


def test_game_win_separates_a_dropped_player() -> None:
    """Equal points and OMW%, different rounds played: GW% decides (3/3 beats 3/6).
    P1 beat X in round 1 and dropped; P2 beat Y then lost to X; X and Y each 3 of 6."""
    P1, P2, X, Y = 1, 2, 3, 4
    history = [
        Pairing(1, P1, X, "a"), Pairing(1, P2, Y, "a"),
        Pairing(2, X, P2, "a"), Pairing(2, Y, None),
    ]  # fmt: skip
    table = swiss.standings([P2, P1, X, Y], history, dropped=[P1])  # P2 is the better seed
    p1 = next(s for s in table if s.player == P1)
    p2 = next(s for s in table if s.player == P2)
    assert p1.points == p2.points == 3 and p1.dropped
    assert p1.gwp == 1 and p2.gwp == Fraction(1, 2)
    assert p1.omwp == Fraction(1, 2)  # X: 3 of 6
    assert p2.omwp == Fraction(1, 2)  # Y: 3 of 6 (the bye counts for Y), X: 3 of 6
    assert p1.rank < p2.rank


def test_unfinished_tables_count_for_nobody() -> None:
    table = swiss.standings([A, B], [Pairing(1, A, B, None)])
    assert all(s.points == 0 and s.rounds == 0 and s.mwp == swiss.FLOOR for s in table)


# -- rounds and the cut -------------------------------------------------------------


@pytest.mark.parametrize(("n", "rounds"), [(2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (6, 3)])
def test_default_rounds(n: int, rounds: int) -> None:
    assert swiss.default_rounds(n) == rounds


def test_cut_bracket() -> None:
    assert swiss.bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert swiss.bracket_order(4) == [1, 4, 2, 3]
    assert (swiss.cut_size(12), swiss.cut_size(8), swiss.cut_size(6), swiss.cut_size(1)) == (
        8,
        8,
        4,
        0,
    )
    seeds = [10, 20, 30, 40, 50, 60, 70, 80]
    first = swiss.cut_round(seeds, 4)
    assert [(p.a, p.b) for p in first] == [(10, 80), (40, 50), (20, 70), (30, 60)]
    done = [Pairing(4, p.a, p.b, o) for p, o in zip(first, ["a", "b", "draw", "b"], strict=True)]
    semis = swiss.next_cut_round(done, 5)
    assert [(p.a, p.b) for p in semis] == [(10, 50), (20, 60)]  # a draw: the higher seed
    final = swiss.next_cut_round([Pairing(5, 10, 50, "b"), Pairing(5, 20, 60, "a")], 6)
    assert [(p.a, p.b) for p in final] == [(50, 20)]
    assert swiss.next_cut_round([Pairing(6, 50, 20, "a")], 7) == []
