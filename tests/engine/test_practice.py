"""Mulligan practice: the match's mulligan procedure with one player and any deck."""

from __future__ import annotations

import json
import random

import pytest

from bot.engine import IllegalActionError, MulliganRule
from bot.engine.practice import PRESETS, PracticeDeck, PracticeOptions, PracticeState


def test_presets_have_the_issue_sizes() -> None:
    """60/24, 40/17, 99 + commander/36, and the BingoMagic deck with 5-card hands."""
    sizes = {key: (deck.size, deck.lands, deck.hand_size) for key, deck in PRESETS.items()}
    assert sizes == {
        "constructed": (60, 24, 7),
        "limited": (40, 17, 7),
        "commander": (99, 36, 7),
        "bingomagic": (60, 60, 5),
    }
    assert PRESETS["commander"].commander == ("Commander",)


def test_deal_gives_a_full_hand_and_keeps_the_rest_in_the_library() -> None:
    """A fresh deal holds hand_size cards; the library the rest."""
    state, events = PracticeState.new(3, PRESETS["constructed"])
    assert sum(state.hand) == 7 and len(state.library) == 53
    assert events[0].type == "deal" and sum(events[0].cards) == 7
    assert events[0].private is None  # a practice hand is the one player's own
    assert state.legal_actions() == ["keep", "mulligan"]


def test_london_mulligan_then_bottom() -> None:
    """London: a mulligan redraws 7; keeping asks for one card to the bottom."""
    state, _ = PracticeState.new(5, PRESETS["constructed"])
    state.apply("mulligan")
    assert sum(state.hand) == 7 and state.next_hand_size() == 5
    state.apply("keep")
    assert state.decision() == "bottom" and state.bottom_count() == 1
    action = state.legal_actions()[0]
    state.apply(action)
    assert state.is_over and sum(state.hand) == 6
    assert state.cards_on_bottom() == 1
    bottomed_land = state.deck.is_land[int(action.split(":")[1])]
    assert state.drawable_library() == (53, 24 - state.hand_lands() - bottomed_land)


def test_vancouver_scry_after_a_mulligan() -> None:
    """Vancouver: 6 cards after a mulligan, then a scry of the top card."""
    state, _ = PracticeState.new(8, PRESETS["limited"], PracticeOptions(MulliganRule.VANCOUVER))
    state.apply("mulligan")
    state.apply("keep")
    assert state.decision() == "scry"
    top = state.scry_card()
    state.apply("scry_bottom")
    assert state.is_over and state.library[0] == top and sum(state.hand) == 6


def test_partial_paris_sets_aside_and_draws_one_fewer() -> None:
    """Partial Paris: set aside 3 cards, draw 2; the 3 return to the library at the end."""
    state, _ = PracticeState.new(
        9, PRESETS["constructed"], PracticeOptions(MulliganRule.PARTIAL_PARIS)
    )
    state.apply("mulligan")
    for _ in range(3):
        state.apply(next(a for a in state.legal_actions() if a.startswith("aside:")))
    state.apply("aside_done")
    assert sum(state.hand) == 6
    state.apply("keep")
    assert state.is_over and len(state.library) + sum(state.hand) == 60


def test_1994_mulligan_only_for_all_or_no_lands() -> None:
    """1994: the mulligan is offered only for a hand of all lands or no lands."""
    options = PracticeOptions(MulliganRule.EARLY_1994)
    for seed in range(200):
        state, _ = PracticeState.new(seed, PRESETS["constructed"], options)
        qualifies = state.hand_lands() in (0, 7)
        assert ("mulligan" in state.legal_actions()) == qualifies


def test_free_first_mulligan_in_commander_keeps_seven() -> None:
    """With a free first mulligan, London keeps all 7 after one mulligan."""
    options = PracticeOptions(MulliganRule.LONDON, free_first=True)
    state, _ = PracticeState.new(1, PRESETS["commander"], options)
    assert state.next_hand_size() == 7
    state.apply("mulligan")
    state.apply("keep")
    assert state.is_over and sum(state.hand) == 7


def test_hand_size_zero_keeps_automatically() -> None:
    """Paris mulligans down to 0 cards end with an automatic keep."""
    state, _ = PracticeState.new(2, PRESETS["constructed"], PracticeOptions(MulliganRule.PARIS))
    for _ in range(7):
        state.apply("mulligan")
    assert state.is_over and sum(state.hand) == 0
    with pytest.raises(IllegalActionError):
        state.apply("keep")


def test_next_draws_are_the_library_top() -> None:
    """The next three draws are the top three cards, top first."""
    state, _ = PracticeState.new(4, PRESETS["constructed"])
    state.apply("keep")
    assert state.next_draws() == [state.library[-1], state.library[-2], state.library[-3]]


def test_unchecked_cards_are_kept_counted_and_rechecked() -> None:
    """Cards whose type could not be checked count as non-lands and are remembered
    (in the stored JSON too, and read as none from JSON stored before); a later look-up
    makes the lands among them lands and the rest checked."""
    entries = [(4, "Sacred Foundry"), (4, "Dryad Arbor"), (20, "Mountain"), (32, "Bolt")]
    deck = PracticeDeck.from_entries(
        "Boros", entries, {"Sacred Foundry", "Mountain"}, unchecked=("dryad arbor", "Bolt", "X")
    )
    assert deck.unchecked == ("Dryad Arbor", "Bolt"), "in deck order and spelling"
    assert deck.lands == 24 and deck.unchecked_cards == 36
    assert PracticeDeck.from_json(json.loads(json.dumps(deck.to_json()))) == deck
    old = {k: v for k, v in deck.to_json().items() if k != "unchecked"}
    assert PracticeDeck.from_json(old).unchecked == ()
    assert "unchecked" not in PRESETS["constructed"].to_json()

    later = deck.rechecked({"Dryad Arbor"}, ())
    assert later.lands == 28 and later.unchecked == () and later.unchecked_cards == 0
    still = deck.rechecked(set(), ["Bolt"])
    assert still.lands == 24 and still.unchecked == ("Bolt",) and still.unchecked_cards == 32


def test_from_entries_groups_names_and_flags_lands() -> None:
    """Repeated names add up; land flags are case-insensitive."""
    deck = PracticeDeck.from_entries(
        "test", [(4, "Forest"), (20, "Grizzly Bears"), (2, "Forest"), (34, "Llanowar Elves")],
        {"forest"},
    )  # fmt: skip
    assert deck.names == ("Forest", "Grizzly Bears", "Llanowar Elves")
    assert deck.counts == (6, 20, 34) and deck.lands == 6


def test_json_round_trip_mid_decision() -> None:
    """A practice state survives JSON in the middle of its decisions."""
    rng = random.Random(0)
    for seed in range(30):
        rule = rng.choice(list(MulliganRule))
        state, _ = PracticeState.new(seed, PRESETS["constructed"], PracticeOptions(rule))
        while not state.is_over:
            copy = PracticeState.from_json(json.loads(json.dumps(state.to_json())))
            assert copy.to_json() == state.to_json()
            state.apply(rng.choice(state.legal_actions()))


def test_forced_keep_of_nothing_under_london_counts_the_hand_as_bottomed() -> None:
    """Seed 2, Constructed on the draw, 7 mulligans: the forced keep of 0 cards
    puts all 7 on the bottom, so 53 cards with 23 lands are drawable (not 60/24)."""
    state, _ = PracticeState.new(2, PRESETS["constructed"], PracticeOptions(on_the_play=False))
    for _ in range(7):
        state.apply("mulligan")
    assert state.is_over and sum(state.hand) == 0
    assert state.cards_on_bottom() == 7
    assert state.drawable_library() == (53, 23)


def test_chosen_london_bottoms_still_count_after_a_round_trip() -> None:
    """Cards bottomed by choice count, mid-way and after a JSON round trip."""
    state, _ = PracticeState.new(4, PRESETS["constructed"])
    state.apply("mulligan")
    state.apply("mulligan")
    state.apply("keep")
    assert state.cards_on_bottom() == 0
    state.apply(state.legal_actions()[0])
    assert state.cards_on_bottom() == 1
    state.apply(state.legal_actions()[0])
    copy = PracticeState.from_json(json.loads(json.dumps(state.to_json())))
    assert copy.is_over and copy.cards_on_bottom() == 2
    assert len(copy.library) == 55 and copy.drawable_library()[0] == 53  # 2 beneath


@pytest.mark.parametrize("deck", ["bingomagic", "all_forests"])
def test_1994_rule_is_refused_for_a_deck_of_only_lands(deck: str) -> None:
    """The 1994 mulligan is for Magic decks (RULES §2), as BingoOptions refuses it."""
    chosen = (
        PRESETS["bingomagic"]
        if deck == "bingomagic"
        else PracticeDeck("Forests", ("Forest",), (60,), (True,))
    )
    with pytest.raises(ValueError, match="1994"):
        PracticeState.new(1, chosen, PracticeOptions(MulliganRule.EARLY_1994))
    PracticeState.new(1, chosen, PracticeOptions(MulliganRule.LONDON))  # others are fine
    PracticeState.new(1, PRESETS["constructed"], PracticeOptions(MulliganRule.EARLY_1994))
