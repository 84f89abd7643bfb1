"""Hand-written BingoMagic players: ``random``, ``easy`` and ``medium`` (RULES §1, §2).

Every policy here decides from what one player may see (its own hand, the size of the
other hand, both territories and discard piles, the pending land, the scry card): the
:class:`View` below holds exactly that, built either from
:meth:`bot.engine.BingoState.observation` (:meth:`View.from_observation`) or, inside a
search's sampled world, from the state's public fields and the deciding player's own
hand (:meth:`View.from_state`), so a policy never sees a hidden card.

Count vectors are indexed by kind in WUBRG order (0 = Plains … 4 = Forest), as in
:mod:`bot.engine.cards`.  Actions are the engine's strings (``place:K``, ``counter:K``,
``keep``, ``scry_top`` …), see :mod:`bot.engine.bingo` and :mod:`bot.engine.mulligan`.

The module is longer than the house's 600 lines because the fast paths that searches and
the estimator use (packed ``distance`` look-ups, :func:`medium_state_action`) must decide
exactly as the plain formulas beside them (``tests/ai/test_heuristics_exact.py``); kept in
one file, each shortcut is read next to the formula it stands for.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.engine.cards import COPIES, KINDS

PLAINS, ISLAND, SWAMP, MOUNTAIN, FOREST = range(KINDS)

#: Roughly how many turns a needed card that is not in hand costs (it must be drawn).
DRAW_COST = 1.6
#: How much a threat of the opponent weighs, by how many placements it still needs.
THREAT = (100.0, 4.0, 1.6, 0.7, 0.3, 0.1)
#: The chance that ``easy`` plays a uniformly random legal action.
EASY_RANDOM = 0.3


@dataclass(slots=True, eq=False, repr=False)
class View:
    """What the deciding player ``me`` may see at one decision.

    ``decision``: the engine's decision name (``main``, ``counter``, ``swamp``,
    ``mountain``, ``forest``, ``declare``, ``bottom``, ``aside``, ``scry``).
    ``legal``: the legal action strings.  ``hand``: my count vector.  ``opp_size``: cards
    in the other hand.  ``mine`` / ``theirs``: territories; ``my_pile`` / ``their_pile``:
    discard piles.  ``pending``: the announced land in a counter window, else ``None``.
    ``starting``: who started the match.  ``scry``: the card I am scrying, else ``None``.
    ``taken``: mulligans I have taken.
    """

    decision: str
    legal: list[str]
    me: int
    hand: list[int]
    opp_size: int
    mine: list[int]
    theirs: list[int]
    my_pile: list[int]
    their_pile: list[int]
    pending: int | None
    starting: int
    scry: int | None = None
    taken: int = 0

    @classmethod
    def from_observation(cls, obs: dict[str, Any]) -> View:
        """From :meth:`BingoState.observation` of the deciding player (its keys only)."""
        me = obs["player"]
        other = 1 - me
        mull = obs.get("mulligans")
        return cls(
            obs["decision"],
            list(obs["legal_actions"]),
            me,
            list(obs["hand"]),
            obs["hand_sizes"][other],
            obs["territories"][me],
            obs["territories"][other],
            obs["discards"][me],
            obs["discards"][other],
            obs["pending_land"],
            obs["starting"],
            obs.get("scry_card"),
            mull["taken"][me] if mull else 0,
        )

    @classmethod
    def from_state(cls, state: Any, legal: list[str] | None = None) -> View:
        """From a play-phase :class:`~bot.engine.BingoState` for its current player:
        only that player's own hand is read, the rest is public (RULES §1.1)."""
        me = state.current_player()
        other = 1 - me
        return cls(
            state.step,
            state.legal_actions() if legal is None else legal,
            me,
            state.hands[me],
            sum(state.hands[other]),
            state.territories[me],
            state.territories[other],
            state.discards[me],
            state.discards[other],
            state.pending_land,
            state.starting,
        )


# -- evaluation --------------------------------------------------------------------------


def need(territory: list[int]) -> int:
    """Placements a territory still needs to win (RULES §1.6): the fewer of the missing
    colors and the cards missing from its largest color; 0 means it has won."""
    missing = territory.count(0)
    top = 5 - max(territory)
    return top if top < missing else missing


_CACHE_LIMIT = 500_000
_K = TypeVar("_K")
_V = TypeVar("_V")


class _Memo(dict[_K, _V]):
    """The values of a pure function by argument, bounded: ``memo[key]`` is
    ``compute(key)``, computed once (``__missing__`` runs only for a new key, so a known
    one is a plain dict look-up); emptied when it holds more than :data:`_CACHE_LIMIT`."""

    __slots__ = ("compute",)

    def __init__(self, compute: Callable[[_K], _V]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: _K) -> _V:
        if len(self) > _CACHE_LIMIT:
            self.clear()
        value = self[key] = self.compute(key)
        return value


#: :func:`distance` by ``(*territory, *hand)``.
_DISTANCES: _Memo[tuple[int, ...], float] = _Memo(
    lambda key: _distance(list(key[:KINDS]), list(key[KINDS:]))
)


def distance(territory: list[int], hand: list[int]) -> float:
    """Estimated turns to win from ``territory`` with ``hand`` (RULES §1.6 routes).

    Each route (five colors, or five of one color) costs one turn per land still to
    place plus :data:`DRAW_COST` for each of those lands not yet in hand (2.5 times as
    much for a single color, whose cards are rarer); the cheapest route counts.  0.0
    means won.  Memoized (a pure function of its arguments).
    """
    return _DISTANCES[(*territory, *hand)]


#: Bits per kind in a packed count vector (:func:`_pack`): a count is 0..COPIES (12),
#: never below 0 (RULES §1.1: 12 of each land in a match; the engine's ``cards`` and
#: ``non_negative`` invariants, tests/engine/invariants.py), so one never spills into
#: the next.
_BITS = 4
assert COPIES < 1 << _BITS
_MASK = (1 << _BITS) - 1
#: Where a packed hand sits in a packed ``(territory, hand)`` key (:func:`_distance_packed`).
_HAND_AT = KINDS * _BITS
#: Packed key change when a card of kind ``k`` goes from the hand to the territory.
_PLACE_STEP = tuple((1 << (_HAND_AT + k * _BITS)) - (1 << (k * _BITS)) for k in range(KINDS))
#: Packed key change when a card of kind ``k`` joins the hand.
_HAND_STEP = tuple(1 << (k * _BITS) for k in range(KINDS))
#: ``place:K`` -> K (the main step's actions, :mod:`bot.engine.bingo`).
_PLACE_KIND = {f"place:{k}": k for k in range(KINDS)}


def _pack(territory: list[int], hand: list[int]) -> int:
    """``(territory, hand)`` as one int, :data:`_BITS` bits a count (hand low)."""
    return (
        hand[0] | hand[1] << 4 | hand[2] << 8 | hand[3] << 12 | hand[4] << 16
        | territory[0] << 20 | territory[1] << 24 | territory[2] << 28
        | territory[3] << 32 | territory[4] << 36
    )  # fmt: skip


def _distance_packed(key: int) -> float:
    """:func:`distance` of a :func:`_pack` key (the same value)."""
    hand = [(key >> (k * _BITS)) & _MASK for k in range(KINDS)]
    territory = [(key >> (_HAND_AT + k * _BITS)) & _MASK for k in range(KINDS)]
    return _distance(territory, hand)


#: :func:`distance` by :func:`_pack` key.
_PACKED: _Memo[int, float] = _Memo(_distance_packed)


def _distance(territory: list[int], hand: list[int]) -> float:
    missing = uncovered = 0
    for k in range(KINDS):
        if not territory[k]:
            missing += 1
            if not hand[k]:
                uncovered += 1
    best = missing + DRAW_COST * uncovered
    for k in range(KINDS):
        left = 5 - territory[k]
        if left <= 0:
            return 0.0
        have = hand[k] if hand[k] < left else left
        cost = left + 2.5 * DRAW_COST * (left - have)
        if cost < best:
            best = cost
    return best


def hand_quality(hand: list[int]) -> int:
    """Lands an opening ``hand`` lacks for its best route (0 = a win in hand)."""
    distinct = sum(1 for n in hand if n)
    return 5 - max(distinct, max(hand))


def _threat(territory: list[int]) -> float:
    return THREAT[need(territory)]


def _island_value(view: View, hand: list[int]) -> float:
    """What keeping a counter (an Island and another card) in ``hand`` is worth now."""
    return _island_value_of(view.theirs, hand)


def _island_value_of(theirs: list[int], hand: list[int]) -> float:
    """:func:`_island_value` against the opponent's territory ``theirs``."""
    if hand[ISLAND] and sum(hand) >= 2:
        return 0.25 + 0.35 * _threat(theirs) if need(theirs) > 0 else 0.0
    return 0.0


def _without(counts: list[int], kind: int) -> list[int]:
    out = counts[:]
    out[kind] -= 1
    return out


def _with(counts: list[int], kind: int) -> list[int]:
    out = counts[:]
    out[kind] += 1
    return out


def _island_bonus(theirs: list[int]) -> float:
    """:func:`_island_value` of a hand that holds a counter, against ``theirs``."""
    their_need = need(theirs)
    return 0.25 + 0.35 * THREAT[their_need] if their_need > 0 else 0.0


def _hand_value(view: View, hand: list[int]) -> float:
    """How good holding ``hand`` is with my territory (higher is better)."""
    return _holding_value(view.mine, view.theirs, hand)


def _holding_value(mine: list[int], theirs: list[int], hand: list[int]) -> float:
    """:func:`_hand_value` with my territory ``mine`` against ``theirs``."""
    return -distance(mine, hand) + _island_value_of(theirs, hand) + 0.05 * sum(hand)


def best_destroy(theirs: list[int]) -> int:
    """The opponent's land whose loss sets them back most (RULES §1.4 Mountain); -1
    for an empty territory.  Memoized (a pure function of the counts)."""
    return _DESTROY[tuple(theirs)]


def _best_destroy(theirs: list[int]) -> int:
    best, best_score = -1, -1e9
    for k in range(KINDS):
        if theirs[k]:
            after = _without(theirs, k)
            score = -_threat(after) + 0.01 * theirs[k]
            if score > best_score:
                best, best_score = k, score
    return best


def _place_score(view: View, kind: int) -> float:
    """How good placing ``kind`` now is for me (RULES §1.3, §1.4)."""
    mine = _with(view.mine, kind)
    hand = _without(view.hand, kind)
    if need(mine) == 0:
        return 1e6
    score = -distance(mine, hand) + _island_value(view, hand) + 0.05 * sum(hand)
    if kind == PLAINS:
        score += 0.45
    elif kind == SWAMP and view.opp_size:
        score += 0.3 + (0.3 if view.opp_size <= 2 else 0.0)
    elif kind == MOUNTAIN and sum(view.theirs) > 0:
        target = best_destroy(view.theirs)
        score += 1.2 * (_threat(view.theirs) - _threat(_without(view.theirs, target))) + 0.15
    elif kind == FOREST:
        gain = 0.0
        for k in range(KINDS):
            if view.my_pile[k]:
                gain = max(gain, distance(mine, hand) - distance(mine, _with(hand, k)))
        score += 0.6 * gain + (0.1 if sum(view.my_pile) else 0.0)
    return score


def _mountain_bonus(theirs: list[int]) -> float:
    """The Mountain's part of :func:`_place_score` when ``theirs`` holds a land
    (memoized, a pure function of the counts)."""
    return _MOUNTAIN[tuple(theirs)]


def _mountain_value(theirs: list[int]) -> float:
    target = best_destroy(theirs)
    return 1.2 * (_threat(theirs) - _threat(_without(theirs, target))) + 0.15


#: :func:`best_destroy` and :func:`_mountain_bonus` by the territory's counts.
_DESTROY: _Memo[tuple[int, ...], int] = _Memo(lambda key: _best_destroy(list(key)))
_MOUNTAIN: _Memo[tuple[int, ...], float] = _Memo(lambda key: _mountain_value(list(key)))


def _main_choice(
    legal: list[str],
    mine: list[int],
    hand: list[int],
    theirs: list[int],
    opp_size: int,
    pile: list[int],
    rng: random.Random,
) -> str:
    """``medium``'s main step from the fields of a :class:`View` (``pile``: my discard
    pile): the best of passing and each ``place:K`` by :func:`_place_score` plus
    ``1e-6`` times one ``rng.random()`` per placement, in ``legal`` order.  The same
    floats as calling :func:`_place_score` (the same operations in the same order), with
    the values shared by every placement (the island bonus, the Mountain's bonus, the
    territory's empty colors) computed once and :func:`distance` looked up by a packed
    key."""
    key = _pack(mine, hand)
    base = _PACKED[key]
    size = sum(hand)
    bonus = _island_bonus(theirs)
    islands = hand[ISLAND]
    best = "pass"
    best_score = -base + (bonus if islands and size >= 2 else 0.0) + 0.05 * size - 0.05
    zeros = mine.count(0)
    top = max(mine)
    left = size - 1
    mountain: float | None = None
    for action in legal:
        if action == "pass":
            continue
        k = _PLACE_KIND.get(action)
        if k is None:
            k = int(action[6:])
        if hand[k] <= 0 or mine[k] < 0:  # not a legal placement: the plain formula
            view = View("main", legal, 0, hand, opp_size, mine, theirs, pile, [0] * KINDS, None, 0)
            score = _place_score(view, k)
        else:
            placed = mine[k] + 1
            after_top = 5 - (placed if placed > top else top)
            missing = zeros - 1 if placed == 1 else zeros
            if (after_top if after_top < missing else missing) == 0:  # need(...) == 0
                score = 1e6
            else:
                after = key + _PLACE_STEP[k]
                dist = _PACKED[after]
                kept = islands - 1 if k == ISLAND else islands
                score = -dist + (bonus if kept and left >= 2 else 0.0) + 0.05 * left
                if k == PLAINS:
                    score += 0.45
                elif k == SWAMP and opp_size:
                    score += 0.3 + (0.3 if opp_size <= 2 else 0.0)
                elif k == MOUNTAIN and sum(theirs) > 0:
                    if mountain is None:
                        mountain = _mountain_bonus(theirs)
                    score += mountain
                elif k == FOREST:
                    gain = 0.0
                    for j in range(KINDS):
                        if pile[j]:
                            back = after + _HAND_STEP[j]
                            taken = _PACKED[back]
                            gain = max(gain, dist - taken)
                    score += 0.6 * gain + (0.1 if sum(pile) else 0.0)
        score = score + 1e-6 * rng.random()
        if score > best_score:
            best, best_score = action, score
    return best


# -- the three players --------------------------------------------------------------------


def random_action(view: View, rng: random.Random) -> str:
    """A uniformly random legal action (the benchmark's baseline)."""
    return view.legal[rng.randrange(len(view.legal))]


def easy_action(view: View, rng: random.Random) -> str:
    """A beginner: keeps every hand, mostly places a land it lacks, counters only a
    winning land, otherwise picks at random (:data:`EASY_RANDOM`)."""
    legal = view.legal
    decision = view.decision
    if decision == "declare":
        return "keep"
    if decision == "counter" and view.pending is not None:
        if need(_with(view.theirs, view.pending)) == 0:
            counters = [a for a in legal if a.startswith("counter:")]
            if counters:
                return counters[rng.randrange(len(counters))]
        return "allow"
    if rng.random() < EASY_RANDOM:
        return legal[rng.randrange(len(legal))]
    if decision == "main":
        places = [a for a in legal if a != "pass"]
        if not places:
            return "pass"
        for a in places:
            if need(_with(view.mine, int(a[6:]))) == 0:
                return a
        fresh = [a for a in places if not view.mine[int(a[6:])]]
        pool = fresh or places
        return pool[rng.randrange(len(pool))]
    if decision == "mountain":
        return f"destroy:{best_destroy(view.theirs)}"
    if decision == "scry":
        return "scry_top"
    return legal[rng.randrange(len(legal))]


_PREFIX = {"swamp": "discard:", "bottom": "bottom:", "aside": "aside:"}


def medium_action(view: View, rng: random.Random) -> str:
    """A good heuristic player (RULES §1, §2).

    It takes a win when one is in hand, counters a land that would win (and a Mountain
    that would break its own near win), places the land that best shortens its
    :func:`distance` to a win counting each land's effect (a Mountain is scored by how
    far it sets the opponent back), discards and bottoms its least useful card, takes
    back its most useful one, and mulligans 5-card hands that lack two lands or more
    and hold no Plains.
    ``rng`` only breaks exact ties.
    """
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    decision = view.decision
    if decision == "main":
        return _main_choice(
            legal, view.mine, view.hand, view.theirs, view.opp_size, view.my_pile, rng
        )
    if decision == "counter":
        return _counter(view)
    if decision in ("swamp", "bottom", "aside"):
        prefix = _PREFIX[decision]
        if decision == "aside" and "aside_done" in legal and not _excess(view.hand):
            return "aside_done"
        return prefix + str(_least_useful(view, view.hand))
    if decision == "mountain":
        return f"destroy:{best_destroy(view.theirs)}"
    if decision == "forest":
        return _take_choice(legal, view.mine, view.theirs, view.hand)
    if decision == "declare":
        size = sum(view.hand)
        if (  # by simulation, only Plains-less hands two lands short gain from it
            "mulligan" in legal
            and size >= 5
            and hand_quality(view.hand) >= 2
            and not view.hand[PLAINS]
        ):
            return "mulligan"
        return "keep"
    if decision == "scry":
        card = view.scry
        if card is None:
            return "scry_top"
        useful = distance(view.mine, _with(view.hand, card)) < distance(view.mine, view.hand)
        mine_next = view.me != view.starting or view.hand[PLAINS] > 0
        return "scry_top" if useful == mine_next else "scry_bottom"
    return legal[0]


def _excess(hand: list[int]) -> bool:
    """Whether a hand holds copies beyond one of a color, other than its largest."""
    top = max(hand)
    return sum(n - 1 for n in hand if n > 1) > (top - 1 if top >= 3 else 0)


def _least_useful(view: View, hand: list[int]) -> int:
    """The card of ``hand`` whose loss hurts my position least."""
    return _least_useful_of(view.mine, view.theirs, hand)


def _least_useful_of(mine: list[int], theirs: list[int], hand: list[int]) -> int:
    """:func:`_least_useful` with my territory ``mine`` against ``theirs``."""
    best, best_score = -1, -1e9
    key = _pack(mine, hand) if min(hand) >= 0 else -1
    bonus = _island_bonus(theirs)
    islands = hand[ISLAND]
    left = sum(hand) - 1
    for k in range(KINDS):
        count = hand[k]
        if count:
            if key < 0:  # not a hand: the plain formula
                score = _holding_value(mine, theirs, _without(hand, k))
            else:  # _hand_value(view, _without(hand, k)), the same floats
                after = key - _HAND_STEP[k]
                dist = _PACKED[after]
                kept = islands - 1 if k == ISLAND else islands
                score = -dist + (bonus if kept and left >= 2 else 0.0) + 0.05 * left
            if score > best_score:
                best, best_score = k, score
    return best


def _counter(view: View) -> str:
    """RULES §1.5: counter a land that would win, or a Mountain against my near win."""
    return _counter_choice(view.legal, view.pending, view.mine, view.theirs, view.hand)


def _counter_choice(
    legal: list[str], land: int | None, mine: list[int], theirs: list[int], hand: list[int]
) -> str:
    """:func:`_counter` from the fields of a :class:`View` it reads."""
    if land is None:
        return "allow"
    placed = theirs[land] + 1  # need(_with(theirs, land)), without the copy
    top = max(theirs)
    after_top = 5 - (placed if placed > top else top)
    missing = theirs.count(0) - (1 if placed == 1 else 0)
    after = after_top if after_top < missing else missing
    worth = after == 0
    if not worth and land == MOUNTAIN:
        mine_need = need(mine)
        if mine_need <= 1 and sum(mine) > 0:
            target = best_destroy(mine)
            worth = need(_without(mine, target)) > mine_need and (
                need(theirs) >= 2 or hand[ISLAND] >= 2
            )
    if not worth and after == 1 and hand[ISLAND] >= 2 and sum(hand) >= 5:
        worth = True
    if not worth:
        return "allow"
    counters = [a for a in legal if a.startswith("counter:")]
    if not counters:
        return "allow"
    rest = _without(hand, ISLAND)
    key = _pack(mine, rest) if min(rest) >= 0 else -1
    bonus = _island_bonus(theirs)
    islands = rest[ISLAND]
    left = sum(rest) - 1
    best, best_score = counters[0], -1e9
    for action in counters:
        kind = int(action[8:])
        if key < 0 or rest[kind] <= 0:  # not a hand: the plain formula
            held = _without(rest, kind)
            score = -distance(mine, held) + _island_value_of(theirs, held) + 0.05 * sum(held)
        else:  # _hand_value(view, _without(rest, kind)), the same floats
            after = key - _HAND_STEP[kind]
            dist = _PACKED[after]
            kept = islands - 1 if kind == ISLAND else islands
            score = -dist + (bonus if kept and left >= 2 else 0.0) + 0.05 * left
        if score > best_score:
            best, best_score = action, score
    return best


POLICIES = {"random": random_action, "easy": easy_action, "medium": medium_action}


def medium_state_action(state: Any, legal: list[str], rng: random.Random) -> str:
    """:func:`medium_action` of ``View.from_state(state, legal)`` (a play-phase
    :class:`~bot.engine.BingoState`, ``legal`` its legal actions): the same action and
    ``rng`` draws, the main step and the counter window decided without building the
    :class:`View`."""
    if len(legal) > 1:
        step = state.step
        me = state.current_player()
        other = 1 - me
        mine, theirs = state.territories[me], state.territories[other]
        if step == "main":
            return _main_choice(
                legal, mine, state.hands[me], theirs, sum(state.hands[other]),
                state.discards[me], rng,
            )  # fmt: skip
        if step == "counter":
            return _counter_choice(legal, state.pending_land, mine, theirs, state.hands[me])
        if step == "swamp":
            return "discard:" + str(_least_useful_of(mine, theirs, state.hands[me]))
        if step == "mountain":
            return "destroy:" + str(best_destroy(theirs))
        if step == "forest":
            return _take_choice(legal, mine, theirs, state.hands[me])
    return medium_action(View.from_state(state, legal), rng)


def _take_choice(legal: list[str], mine: list[int], theirs: list[int], hand: list[int]) -> str:
    """``medium``'s Forest choice (RULES §1.4): the card whose taking gives the best
    :func:`_hand_value`, the first of equals in ``legal`` order."""
    best, best_score = legal[0], -1e9
    for action in legal:
        kind = int(action.rpartition(":")[2])
        score = _holding_value(mine, theirs, _with(hand, kind))
        if score > best_score:
            best, best_score = action, score
    return best


def unseen_counts(obs: dict[str, Any]) -> list[int]:
    """Cards the observing player cannot see, by kind: the 60-card library (12 of each,
    RULES §1.1) minus its hand, both territories, both discard piles and the pending
    land.  They are the other hand, the library and any set-aside cards."""
    out = [COPIES] * KINDS
    for counts in (obs["hand"], *obs["territories"], *obs["discards"]):
        for k in range(KINDS):
            out[k] -= counts[k]
    if obs["pending_land"] is not None:
        out[obs["pending_land"]] -= 1
    if obs.get("scry_card") is not None:
        out[obs["scry_card"]] -= 1
    return out


def rollout_action(state: Any, legal: list[str], rng: random.Random) -> str:
    """A cheaper ``medium`` for search rollouts, reading a sampled world directly.

    It reads only the deciding player's own hand and public fields.  Main step: a
    winning land if any, else the land with the best :func:`distance` gain plus its
    effect's bonus (pass when none gains); every other decision is :func:`medium_action`.
    """
    if state.step != "main":
        return medium_state_action(state, legal, rng)
    me = state.active
    hand, mine = state.hands[me], state.territories[me]
    theirs = state.territories[1 - me]
    # The same floats as distance(), need() and the bonuses on the lists changed in place;
    # what every placement shares is computed once, distance() looked up by a packed key.
    key = _pack(mine, hand)
    base = _PACKED[key]
    zeros = mine.count(0)
    top = max(mine)
    mountain: float | None = None
    best, best_score = "pass", 0.0
    for action in legal:
        if action == "pass":
            continue
        k = _PLACE_KIND.get(action)
        if k is None:
            k = int(action[6:])
        if hand[k] <= 0 or mine[k] < 0:  # not a legal placement: the plain formula
            mine[k] += 1
            hand[k] -= 1
            won = need(mine) == 0
            score = base - distance(mine, hand)
            mine[k] -= 1
            hand[k] += 1
        else:
            placed = mine[k] + 1
            after_top = 5 - (placed if placed > top else top)
            missing = zeros - 1 if placed == 1 else zeros
            won = (after_top if after_top < missing else missing) == 0
            if not won:
                after = key + _PLACE_STEP[k]
                dist = _PACKED[after]
                score = base - dist
        if won:
            return action
        if k == PLAINS:
            score += 0.45
        elif k == SWAMP:
            score += 0.3 if state.hands[1 - me] else 0.0
        elif k == MOUNTAIN:
            if sum(theirs):
                if mountain is None:
                    mountain = _mountain_bonus(theirs)
                score += mountain
        elif k == FOREST:
            score += 0.1 if sum(state.discards[me]) else 0.0
        elif hand[ISLAND] == 1:
            score -= 0.3
        score += 1e-6 * rng.random()
        if score > best_score:
            best, best_score = action, score
    return best
