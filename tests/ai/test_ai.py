"""The BingoMagic AI: legal play at every level, no peeking, sound search
worlds, and the medium heuristic's named duties (RULES §1.5, §1.6, §1.4 Mountain)."""

from __future__ import annotations

import copy
import random

import pytest

from bot.ai import ALL_LEVELS, choose_action, estimate_keep, estimate_mulligan
from bot.ai.ismcts import sample_world
from bot.engine import BingoOptions, BingoState, MulliganRule

HARD = {"budget": None, "iterations": 1}  # tests check legality, not strength
OPTIONS = [
    BingoOptions(),
    BingoOptions(mulligan_rule=MulliganRule.LONDON, forest_any_pile=True),
    BingoOptions(mulligan_rule=MulliganRule.PARIS, free_first=True),
    BingoOptions(mulligan_rule=MulliganRule.PARTIAL_PARIS, sequential=True),
]


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_plays_only_legal_actions_against_random(level: str) -> None:
    decisions = set()
    for game in range(200):
        state, _ = BingoState.new(game, OPTIONS[game % len(OPTIONS)])
        seat = game % 2
        rng, other = random.Random(game), random.Random(-game)
        while not state.is_over:
            player = state.current_player()
            assert player is not None
            obs = state.observation(player)
            if player == seat:
                decisions.add(obs["decision"])
                action = choose_action(obs, level, rng, **HARD)
                assert action in obs["legal_actions"], (game, obs, action)
            else:
                action = other.choice(obs["legal_actions"])
            state.apply(action, player=player)
    assert {"declare", "main", "counter", "swamp", "mountain", "forest"} <= decisions


def _twin(state: BingoState, player: int, rng: random.Random) -> BingoState:
    """The same position for ``player``'s eyes, another opponent hand and library order
    (the scry card, which ``player`` sees, stays on top) and another chance seed."""
    data = state.to_json()
    other = 1 - player
    keep_top = state.observation(player)["scry_card"] is not None
    library = data["library"][:]
    top = [library.pop()] if keep_top else []
    pool = library + [k for k in range(5) for _ in range(data["hands"][other][k])]
    for _ in range(50):
        rng.shuffle(pool)
        size = sum(data["hands"][other])
        hand = [0] * 5
        for k in pool[:size]:
            hand[k] += 1
        if hand != data["hands"][other] or size == 0:
            break
    data["hands"][other] = hand
    data["library"] = pool[size:] + top
    data["seed"] = data["seed"] + 1000
    return BingoState.from_json(data)


def _positions() -> list[tuple[str, BingoState]]:
    """One position per decision type where the decider has a real choice."""
    wanted = {
        "main": BingoOptions(), "counter": BingoOptions(), "swamp": BingoOptions(),
        "mountain": BingoOptions(), "forest": BingoOptions(forest_any_pile=True),
        "declare": BingoOptions(), "scry": BingoOptions(),
        "bottom": BingoOptions(mulligan_rule=MulliganRule.LONDON),
        "aside": BingoOptions(mulligan_rule=MulliganRule.PARTIAL_PARIS),
    }  # fmt: skip
    found: dict[str, BingoState] = {}
    for decision, options in wanted.items():
        for seed in range(400):
            rng = random.Random(seed)
            state, _ = BingoState.new(seed, options)
            while not state.is_over:
                player = state.current_player()
                legal = state.legal_actions()
                if (
                    state.decision() == decision
                    and len(legal) > 1
                    and (decision != "counter" or len(legal) > 2)
                    and state.turn >= (3 if state.phase == "play" else 0)
                ):
                    found[decision] = state
                    break
                state.apply(rng.choice(legal), player=player)
            if decision in found:
                break
    assert set(found) == set(wanted)
    return sorted(found.items())


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_the_ai_never_peeks(level: str) -> None:
    """Same observation, other hidden cards: same action with the same seed."""
    for decision, state in _positions():
        player = state.current_player()
        assert player is not None
        twin = _twin(state, player, random.Random(decision))
        obs, twin_obs = state.observation(player), twin.observation(player)
        assert obs == twin_obs
        assert (state.hands[1 - player], state.library) != (twin.hands[1 - player], twin.library)
        for seed in range(3):
            kwargs = {"budget": None, "iterations": 40}
            first = choose_action(copy.deepcopy(obs), level, random.Random(seed), **kwargs)
            second = choose_action(twin_obs, level, random.Random(seed), **kwargs)
            assert first == second, (level, decision, seed)
            assert first in obs["legal_actions"]


def test_sampled_worlds_match_the_observation() -> None:
    for decision, state in _positions():
        if state.phase != "play":
            continue
        player = state.current_player()
        assert player is not None
        obs = state.observation(player)
        rng = random.Random(1)
        for _ in range(20):
            world = sample_world(obs, rng)
            seen = world.observation(player)
            for key in ("decision", "legal_actions", "hand", "hand_sizes", "territories",
                        "discards", "library_size", "pending_land", "active", "turn"):  # fmt: skip
                assert seen[key] == obs[key], (decision, key)
            assert world.card_count() == 60


def _obs(**changes: object) -> dict:
    base = {
        "player": 0, "phase": "play", "decision": "main", "current_player": 0,
        "legal_actions": [], "hand": [0, 0, 0, 0, 0], "hand_sizes": [0, 4],
        "territories": [[0] * 5, [0] * 5], "discards": [[0] * 5, [0] * 5],
        "library_size": 40, "turn": 9, "active": 0, "starting": 0, "rolls": [[5, 2]],
        "pending_land": None, "passes_in_row": 0, "mulligans": None, "scry_card": None,
        "result": None,
    }  # fmt: skip
    base.update(changes)
    base["hand_sizes"][0] = sum(base["hand"])  # type: ignore[index]
    used = sum(map(sum, [base["hand"], *base["territories"], *base["discards"]]))  # type: ignore[arg-type]
    base["library_size"] = 60 - used - base["hand_sizes"][1] - (base["pending_land"] is not None)  # type: ignore[index,operator]
    return base


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_takes_a_win_in_hand(level: str) -> None:
    obs = _obs(
        hand=[1, 1, 0, 1, 0],
        territories=[[1, 0, 1, 1, 1], [2, 1, 0, 0, 0]],
        legal_actions=["place:0", "place:1", "place:3", "pass"],
    )
    assert choose_action(obs, level, random.Random(0), budget=None, iterations=200) == "place:1"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_counters_a_winning_land(level: str) -> None:
    obs = _obs(
        decision="counter", active=1, hand=[0, 1, 0, 2, 1],
        territories=[[1, 0, 0, 0, 0], [1, 1, 1, 1, 0]], pending_land=4,
        legal_actions=["allow", "counter:3", "counter:4"],
    )  # fmt: skip
    action = choose_action(obs, level, random.Random(0), budget=None, iterations=200)
    assert action.startswith("counter:")


def test_medium_destroys_the_opponents_best_progress() -> None:
    obs = _obs(
        decision="mountain", territories=[[0, 0, 0, 1, 0], [1, 1, 2, 0, 1]],
        legal_actions=["destroy:0", "destroy:1", "destroy:2", "destroy:4"],
    )  # fmt: skip
    assert choose_action(obs, "medium", random.Random(0)) in ("destroy:0", "destroy:1", "destroy:4")


def test_medium_places_a_mountain_against_a_near_win() -> None:
    obs = _obs(
        hand=[0, 0, 0, 1, 2], territories=[[1, 0, 0, 0, 1], [1, 1, 1, 1, 0]],
        legal_actions=["place:3", "place:4", "pass"],
    )  # fmt: skip
    assert choose_action(obs, "medium", random.Random(0)) == "place:3"


def test_choose_action_rejects_bad_input() -> None:
    obs = _obs(hand=[1, 0, 0, 0, 0], legal_actions=["place:0", "pass"])
    with pytest.raises(ValueError):
        choose_action(obs, "grandmaster", random.Random(0))
    with pytest.raises(ValueError):
        choose_action({**obs, "legal_actions": []}, "medium", random.Random(0))


def test_keep_estimates_are_seeded_intervals() -> None:
    hand = [1, 1, 1, 1, 1]
    first = estimate_keep(hand, random.Random(4), 40)
    assert first == estimate_keep(hand, random.Random(4), 40)
    p, low, high = first
    assert 0 <= low <= p <= high <= 1
    worse = estimate_mulligan(hand, random.Random(4), 40)
    assert worse[0] < p  # a five-color hand wins on its own: keeping beats mulliganing
    with pytest.raises(ValueError):
        estimate_keep([3, 3, 0, 0, 0], random.Random(0), 1)
