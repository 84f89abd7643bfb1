"""The ``hard`` player: single-observer Information Set MCTS with determinization.

The search follows OpenSpiel's ``open_spiel/python/algorithms/ismcts.py``: each
iteration samples one world consistent with the root observation (a *determinization*),
walks down a tree whose nodes are keyed by the deciding player's information state
(``(player, what that player sees)``), selects with UCT counting only the actions legal
in the sampled world (availability counts, "inconsistent action sets"), expands one
node, finishes the game with a rollout and backs up the result.

At the root it departs from plain UCT to make a few hundred simulations count: every
sampled world is played after *each* root action with the same rollout random stream
(common random numbers), and the ``medium`` heuristic's action is kept unless another
beats it by more than :data:`MARGIN_Z` standard errors of the paired difference.

What it may use (RULES §1.1): its own hand, both territories and discard piles, the
pending land, the library size and the other hand's size.  The other hand and the
library order are sampled from the *unseen* cards: the 60-card library (12 of each kind)
minus every card it can see.  Rollouts play a fast ``medium`` heuristic
(:func:`~bot.ai.heuristics.rollout_action`) with an ``epsilon`` of random moves; in the
sampled world each side decides only from its own hand.

Time: stops after ``budget`` seconds or ``iterations`` simulations, whichever comes
first (checked once per sampled world); ``budget=None`` makes the search deterministic
for a given ``rng``.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from bot.engine import BingoOptions, BingoState

from .heuristics import View, distance, medium_action, rollout_action, unseen_counts

DEFAULT_BUDGET = 0.25  # seconds
DEFAULT_ITERATIONS = 20_000
UCT_C = 0.7
MARGIN_Z = 1.0  # standard errors by which an action must beat the heuristic's choice
ROLLOUT_EPSILON = 0.02
ROLLOUT_DEPTH = 120  # decisions before a rollout is scored by the heuristic


class _Node:
    __slots__ = ("stats", "visits")

    def __init__(self) -> None:
        self.stats: dict[str, list[float]] = {}  # action -> [visits, reward, available]
        self.visits = 0


def world_template(obs: dict[str, Any]) -> dict[str, Any]:
    """A :meth:`BingoState.to_json`-shaped dict of the observed play-phase position, with
    the hidden parts (the other hand, the library) still empty.

    ``obs["options"]`` (a :meth:`BingoOptions.to_json` dict) is used when present; else
    the defaults, with the Forest house rule inferred from the legal actions.
    """
    options = obs.get("options")
    if options is None:
        forest_any = any(a.startswith("take_opp:") for a in obs["legal_actions"])
        options = BingoOptions(forest_any_pile=forest_any).to_json()
    return {
        "options": dict(options),
        "seed": 0,
        "chance_count": 0,
        "library": [],
        "hands": [list(obs["hand"]), list(obs["hand"])],
        "territories": [list(t) for t in obs["territories"]],
        "discards": [list(d) for d in obs["discards"]],
        "rolls": [list(r) for r in obs["rolls"]],
        "starting": obs["starting"],
        "mulligans": None,
        "active": obs["active"],
        "turn": obs["turn"],
        "step": obs["decision"],
        "pending_land": obs["pending_land"],
        "passes_in_row": obs["passes_in_row"],
        "timeouts_in_row": [0, 0],
        "result": None,
        "history": [],
    }


def sample_world(
    obs: dict[str, Any], rng: random.Random, template: dict[str, Any] | None = None
) -> BingoState:
    """One play-phase world consistent with ``obs``: the other hand is ``hand_sizes``
    cards drawn from the unseen cards, the library the rest in random order, and the
    world's chance seed random.  Raises ``ValueError`` in the mulligan phase or when the
    counts do not add up (an observation that is not from a 60-card BingoMagic match)."""
    if obs["phase"] != "play":
        raise ValueError("worlds are sampled in the play phase only")
    me = obs["player"]
    unseen = [k for k, n in enumerate(unseen_counts(obs)) for _ in range(n)]
    size = obs["hand_sizes"][1 - me]
    if min(unseen_counts(obs)) < 0 or len(unseen) != size + obs["library_size"]:
        raise ValueError("the observation's card counts do not add up to 60")
    rng.shuffle(unseen)
    data = dict(template or world_template(obs))
    other = [0, 0, 0, 0, 0]
    for k in unseen[:size]:
        other[k] += 1
    hands = [list(obs["hand"]), other] if me == 0 else [other, list(obs["hand"])]
    data["hands"] = hands
    data["library"] = unseen[size:]
    data["seed"] = rng.getrandbits(48)
    return BingoState.from_json(data)


def _key(state: BingoState, player: int) -> tuple:
    """The deciding player's information state in a sampled world (what it sees)."""
    t, d = state.territories, state.discards
    return (
        player, state.step, tuple(state.hands[player]), sum(state.hands[1 - player]),
        tuple(t[0]), tuple(t[1]), tuple(d[0]), tuple(d[1]), len(state.library),
        state.pending_land, state.active, state.turn, state.passes_in_row,
    )  # fmt: skip


def _rollout_action(state: BingoState, legal: list[str], rng: random.Random) -> str:
    if rng.random() < ROLLOUT_EPSILON:
        return legal[rng.randrange(len(legal))]
    return rollout_action(state, legal, rng)


def _score(state: BingoState, me: int) -> float:
    """The result for ``me``: 1 win, 0 loss, 0.5 draw; a cut-off rollout is scored from
    both players' :func:`distance` to a win."""
    result = state.result
    if result is not None:
        if result.winner is None:
            return 0.5
        return 1.0 if result.winner == me else 0.0
    mine = distance(state.territories[me], state.hands[me])
    theirs = distance(state.territories[1 - me], state.hands[1 - me])
    return min(0.95, max(0.05, 0.5 + 0.08 * (theirs - mine)))


def search(
    obs: dict[str, Any],
    rng: random.Random,
    *,
    budget: float | None = DEFAULT_BUDGET,
    iterations: int | None = DEFAULT_ITERATIONS,
) -> tuple[str, dict[str, float]]:
    """Run IS-MCTS from the observation of the deciding player (play phase only).

    Root allocation uses common random numbers: every sampled world is played once
    after *each* root action, with the same rollout random stream, so root actions are
    compared on the same hidden cards (a paired comparison); below the root the tree is
    OpenSpiel's IS-MCTS (UCT over information-state nodes, availability counts).  The
    medium heuristic's action is played unless another action beats it by more than
    :data:`MARGIN_Z` standard errors of the paired difference.

    ``budget``: seconds (``None`` = no time limit); ``iterations``: cap on simulations
    (``None`` = no cap; at least one of the two must be set); at least one world is
    always sampled.  Returns the chosen action and each root action's mean reward (1 win,
    0 loss, 0.5 draw).  Raises ``ValueError`` as :func:`sample_world` does.
    """
    if budget is None and iterations is None:
        raise ValueError("set a time budget, an iteration cap or both")
    legal = list(obs["legal_actions"])
    me = obs["player"]
    if len(legal) == 1:
        return legal[0], {legal[0]: 0.5}
    prior = medium_action(View.from_observation(obs), random.Random(0))
    template = world_template(obs)
    nodes: dict[tuple, _Node] = {}
    root = _Node()
    rewards: dict[str, list[float]] = {a: [] for a in legal}
    deadline = None if budget is None else time.perf_counter() + budget
    done = 0
    while (iterations is None or done < iterations) and (
        deadline is None or done == 0 or time.perf_counter() < deadline
    ):
        world = sample_world(obs, rng, template)
        stream = rng.getrandbits(48)
        for action in legal:
            state = world.clone()
            reward = _simulate(state, root, nodes, me, action, random.Random(stream))
            rewards[action].append(reward)
        done += len(legal)
    means = {a: sum(r) / len(r) for a, r in rewards.items()}
    return _pick(rewards, prior), means


def _pick(rewards: dict[str, list[float]], prior: str) -> str:
    """The prior action unless another beats it clearly on the paired samples."""
    base = rewards[prior]
    n = len(base)
    best, best_score = prior, 0.0
    for action, values in rewards.items():
        if action == prior:
            continue
        diffs = [v - b for v, b in zip(values, base, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 1.0
        score = mean - MARGIN_Z * math.sqrt(var / n)
        if score > best_score:
            best, best_score = action, score
    return best


def _simulate(
    state: BingoState,
    root: _Node,
    nodes: dict[tuple, _Node],
    me: int,
    first: str,
    rng: random.Random,
) -> float:
    """Play ``first`` (a root action) in the sampled world ``state``, descend the tree,
    expand one node, roll out, back up; returns the reward for ``me``."""
    root.visits += 1
    root.stats.setdefault(first, [0.0, 0.0, 0.0])
    state.apply_fast(first)
    path: list[tuple[_Node, str, int]] = [(root, first, me)]
    node: _Node | None = None
    while state.result is None:
        player = state.current_player()
        assert player is not None
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_fast(legal[0])
            continue
        if node is None:
            key = _key(state, player)
            node = nodes.get(key)
            if node is None:
                node = nodes[key] = _Node()
        stats = node.stats
        untried = [a for a in legal if a not in stats]
        for a in legal:
            if a in stats:
                stats[a][2] += 1
        if untried:
            guess = _rollout_action(state, legal, rng)
            action = guess if guess in untried else untried[rng.randrange(len(untried))]
            stats[action] = [0.0, 0.0, 1.0]
            path.append((node, action, player))
            state.apply_fast(action)
            break
        best, best_value = legal[0], -1.0
        for a in legal:
            n, w, avail = stats[a]
            value = w / n + UCT_C * math.sqrt(math.log(avail + 1) / n) if n else 1e9
            if value > best_value:
                best, best_value = a, value
        path.append((node, best, player))
        state.apply_fast(best)
        node = None
    depth = 0
    legal_actions, apply, chance = state.legal_actions, state.apply_fast, rng.random
    while state.result is None and depth < ROLLOUT_DEPTH:
        legal = legal_actions()
        if len(legal) == 1:
            apply(legal[0])
        elif chance() < ROLLOUT_EPSILON:  # _rollout_action, inlined
            apply(legal[rng.randrange(len(legal))])
        else:
            apply(rollout_action(state, legal, rng))
        depth += 1
    reward = _score(state, me)
    for visited, action, player in path:
        if visited is not root:
            visited.visits += 1
        entry = visited.stats[action]
        entry[0] += 1
        entry[1] += reward if player == me else 1.0 - reward
    return reward
