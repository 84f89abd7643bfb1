"""What each audience sees: the public view never depends on hidden cards."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from bot.engine import BingoOptions, BingoState, MulliganRule
from bot.engine.events import Deal
from bot.matches import events_for, player_view, public_view
from bot.matches.views import Mulligans, PlayerView, Prompt, PublicView

OPTIONS = [
    BingoOptions(),
    BingoOptions(mulligan_rule=MulliganRule.LONDON),
    BingoOptions(mulligan_rule=MulliganRule.PARTIAL_PARIS, free_first=True),
    BingoOptions(mulligan_rule=MulliganRule.PARIS, sequential=True, forest_any_pile=True),
]


def hidden_twin(state: BingoState, rng: random.Random, hands: tuple[int, ...]) -> BingoState:
    """A copy that differs only in what ``hands``' owners hold (one card swapped with
    the library) and in the library's order below its top card."""
    twin = state.clone()
    body = twin.library[:-1]
    for player in hands:
        hand = twin.hands[player]
        held = [k for k, n in enumerate(hand) if n]
        swap = [i for i, k in enumerate(body) if held and k != held[0]]
        if held and swap:
            i = rng.choice(swap)
            hand[held[0]] -= 1
            hand[body[i]] += 1
            body[i] = held[0]
    rng.shuffle(body)
    twin.library[:-1] = body
    return twin


def playout_states(seed: int, options: BingoOptions):
    """Every state of one seeded random match."""
    rng = random.Random(seed)
    state, _ = BingoState.new(seed, options)
    yield state
    while not state.is_over:
        state = state.clone()
        state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: o.mulligan_rule.value)
def test_public_view_ignores_hidden_cards(options: BingoOptions) -> None:
    """Two states that differ only in both hands and the library order give the same
    public view (and they really differ for the players)."""
    rng = random.Random(0)
    differed = 0
    for seed in range(15):
        for state in playout_states(seed, options):
            twin = hidden_twin(state, rng, (0, 1))
            assert public_view(state) == public_view(twin)
            differed += state.hands != twin.hands
    assert differed > 100


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: o.mulligan_rule.value)
def test_player_view_ignores_the_other_hand(options: BingoOptions) -> None:
    """A player's view does not change with the opponent's hand or the library order
    (below the top card, which a scrying player may see)."""
    rng = random.Random(1)
    for seed in range(15):
        for state in playout_states(seed, options):
            twin = hidden_twin(state, rng, (1,))
            assert player_view(state, 0) == player_view(twin, 0)
            if state.hands[1] != twin.hands[1]:
                assert player_view(state, 1) != player_view(twin, 1)


def test_public_view_has_no_private_keys() -> None:
    """No hand contents, legal actions or scry card in the public view."""
    state, _ = BingoState.new(3)
    view = public_view(state)
    assert type(view) is PublicView
    assert view.viewer is None and view.hand_sizes == (5, 5)
    assert not {"hand", "legal_actions", "scry_card", "prompt"} & {f.name for f in fields(view)}


def test_player_view_carries_the_mulligan_prompt() -> None:
    """The deciding player's view says what a mulligan would give (RULES §2)."""
    state, _ = BingoState.new(3)
    player = state.current_player()
    view = player_view(state, player)
    assert view.prompt == Prompt(
        MulliganRule.VANCOUVER, next_hand_size=4, bottom_left=0, aside_now=0
    )
    assert player_view(state, 1 - player).prompt is None
    assert list(view.hand) == state.hands[player] and view.legal_actions
    assert view.viewer == player


def test_the_views_carry_every_observed_fact() -> None:
    """A player's view has a field for every key of the engine's observation (the
    public view for every key but the private ones), each with the same value."""
    state, _ = BingoState.new(5, BingoOptions(mulligan_rule=MulliganRule.PARTIAL_PARIS))
    rng = random.Random(5)
    private = {"player", "hand", "legal_actions", "scry_card"}
    while not state.is_over:
        for player in (0, 1):
            observation = state.observation(player)
            view = player_view(state, player)
            assert type(view) is PlayerView
            for view_of, keys in (
                (view, observation.keys()),
                (public_view(state), observation.keys() - private),
            ):
                named = {f.name for f in fields(view_of)}
                assert keys <= named
                for key in keys:
                    value = getattr(view_of, key)
                    if isinstance(value, Mulligans):
                        value = {f.name: list(getattr(value, f.name)) for f in fields(value)}
                    elif key == "result":
                        value = None if value is None else value.to_json()
                    elif isinstance(value, tuple):
                        value = [list(v) if isinstance(v, tuple) else v for v in value]
                    assert value == observation[key], key
        state.apply(rng.choice(state.legal_actions()))


def test_events_for_hides_other_players_cards() -> None:
    """Private events keep their cards for their owner only; the input is not changed."""
    state, events = BingoState.new(4)
    deal0, deal1 = (e for e in events if isinstance(e, Deal))
    public = events_for(events, None)
    assert all("cards" not in e.to_json() and "card" not in e.to_json() for e in public)
    mine = events_for(events, 0)
    assert next(e for e in mine if isinstance(e, Deal) and e.player == 0) == deal0
    theirs = next(e for e in mine if isinstance(e, Deal) and e.player == 1)
    assert theirs.cards is None and theirs.player == 1
    assert theirs.to_json() == {"type": "deal", "player": 1, "private": 1}
    assert deal1.cards == tuple(state.hands[1])
