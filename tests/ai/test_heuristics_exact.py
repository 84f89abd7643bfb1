"""The heuristics' shortcuts (values shared by every candidate action, ``distance`` looked
up by a packed key, decisions taken from the state without a ``View``) decide exactly as
the plain formulas written out below: the same action and the same ``rng`` draws at
every play-phase decision of seeded matches (RULES §1.3-§1.6)."""

from __future__ import annotations

import random

from bot.ai.heuristics import (
    FOREST,
    ISLAND,
    MOUNTAIN,
    PLAINS,
    SWAMP,
    View,
    _hand_value,
    _island_value,
    _place_score,
    _threat,
    _with,
    _without,
    best_destroy,
    distance,
    medium_action,
    medium_state_action,
    need,
    rollout_action,
)
from bot.engine import BingoOptions, BingoState
from bot.engine.cards import KINDS


def _plain_medium(view: View, rng: random.Random) -> str | None:
    """``medium`` in the play phase with the plain formulas; ``None`` for a decision
    that took no shortcut."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    if view.decision == "main":
        best = "pass"
        best_score = (
            -distance(view.mine, view.hand)
            + _island_value(view, view.hand)
            + 0.05 * sum(view.hand)
            - 0.05
        )
        for action in legal:
            if action != "pass":
                score = _place_score(view, int(action[6:])) + 1e-6 * rng.random()
                if score > best_score:
                    best, best_score = action, score
        return best
    if view.decision == "counter":
        return _plain_counter(view)
    if view.decision == "swamp":
        found, found_score = -1, -1e9
        for k in range(KINDS):
            if view.hand[k]:
                score = _hand_value(view, _without(view.hand, k))
                if score > found_score:
                    found, found_score = k, score
        return f"discard:{found}"
    if view.decision == "forest":
        best, best_score = legal[0], -1e9
        for action in legal:
            score = _hand_value(view, _with(view.hand, int(action.rpartition(":")[2])))
            if score > best_score:
                best, best_score = action, score
        return best
    return None


def _plain_counter(view: View) -> str:
    land = view.pending
    counters = [a for a in view.legal if a.startswith("counter:")]
    if land is None or not counters:
        return "allow"
    after = _with(view.theirs, land)
    worth = need(after) == 0
    if not worth and land == MOUNTAIN and need(view.mine) <= 1 and sum(view.mine) > 0:
        target = best_destroy(view.mine)
        worth = need(_without(view.mine, target)) > need(view.mine) and (
            need(view.theirs) >= 2 or view.hand[ISLAND] >= 2
        )
    if not worth and need(after) == 1 and view.hand[ISLAND] >= 2 and sum(view.hand) >= 5:
        worth = True
    if not worth:
        return "allow"
    rest = _without(view.hand, ISLAND)
    best, best_score = counters[0], -1e9
    for action in counters:
        score = _hand_value(view, _without(rest, int(action[8:])))
        if score > best_score:
            best, best_score = action, score
    return best


def _plain_rollout_main(state: BingoState, legal: list[str], rng: random.Random) -> str:
    me = state.active
    hand, mine = list(state.hands[me]), list(state.territories[me])
    theirs = list(state.territories[1 - me])
    base = distance(mine, hand)
    best, best_score = "pass", 0.0
    for action in legal:
        if action == "pass":
            continue
        k = int(action[6:])
        after_mine, after_hand = _with(mine, k), _without(hand, k)
        if need(after_mine) == 0:
            return action
        score = base - distance(after_mine, after_hand)
        if k == PLAINS:
            score += 0.45
        elif k == SWAMP:
            score += 0.3 if state.hands[1 - me] else 0.0
        elif k == MOUNTAIN:
            if sum(theirs):
                after = _threat(_without(theirs, best_destroy(theirs)))
                score += 1.2 * (_threat(theirs) - after) + 0.15
        elif k == FOREST:
            score += 0.1 if sum(state.discards[me]) else 0.0
        elif hand[ISLAND] == 1:
            score -= 0.3
        score += 1e-6 * rng.random()
        if score > best_score:
            best, best_score = action, score
    return best


def _same(first: random.Random, second: random.Random) -> bool:
    return first.getstate() == second.getstate()


def test_shortcuts_decide_as_the_plain_formulas() -> None:
    checked: dict[str, int] = {}
    for game in range(60):
        state, _ = BingoState.new(game, BingoOptions(forest_any_pile=game % 2 == 1))
        driver = random.Random(game)
        while not state.is_over:
            player = state.current_player()
            assert player is not None
            legal = state.legal_actions()
            if state.mulligans is not None and state.mulligans.step != "done":
                action = medium_action(View.from_observation(state.observation(player)), driver)
                state.apply(action, player=player)
                continue
            seed = driver.getrandbits(32)
            view = View.from_state(state, legal)
            plain_rng, fast_rng, state_rng = (random.Random(seed) for _ in range(3))
            plain = _plain_medium(view, plain_rng)
            fast = medium_action(View.from_state(state, legal), fast_rng)
            assert medium_state_action(state, legal, state_rng) == fast, (game, legal)
            assert _same(state_rng, fast_rng)
            if plain is not None:
                assert fast == plain, (game, view.decision, legal)
                assert _same(fast_rng, plain_rng)
                checked[view.decision] = checked.get(view.decision, 0) + 1
            if state.step == "main" and len(legal) > 1:
                plain_rng, fast_rng = random.Random(seed), random.Random(seed)
                before = [list(h) for h in state.hands], [list(t) for t in state.territories]
                fast = rollout_action(state, legal, fast_rng)
                assert fast == _plain_rollout_main(state, legal, plain_rng), (game, legal)
                assert _same(fast_rng, plain_rng)
                assert before == (
                    [list(h) for h in state.hands],
                    [list(t) for t in state.territories],
                )
                checked["rollout"] = checked.get("rollout", 0) + 1
            choice = fast if driver.random() < 0.7 else legal[driver.randrange(len(legal))]
            state.apply(choice, player=player)
    assert {"main", "counter", "swamp", "forest", "rollout"} <= set(checked), checked
    assert min(checked.values()) >= 20, checked
