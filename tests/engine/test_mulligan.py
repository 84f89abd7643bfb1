"""The mulligan procedure (RULES §2) on small hand-built tables, one behaviour per test.

The library is a list with the top card at the *end*; index 0 is the bottom.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from bot.engine import CardTable, IllegalActionError, MulliganOptions, MulliganPhase
from bot.engine import MulliganRule as Rule
from bot.engine import events as ev

PARIS, VANCOUVER, LONDON = Rule.PARIS, Rule.VANCOUVER, Rule.LONDON
PARTIAL, EARLY = Rule.PARTIAL_PARIS, Rule.EARLY_1994
LAND, SPELL = 0, 1  # the two kinds of the 1994 tables


class Table(CardTable):
    """A minimal card table: a fixed library (top at the end) and empty hands."""

    def __init__(self, library: list[int], kinds: int, players: int, seed: int = 1) -> None:
        self.kinds = kinds
        self.seed = seed
        self.chance_count = 0
        self.library = list(library)
        self.hands = [[0] * kinds for _ in range(players)]

    def total(self, phase: MulliganPhase) -> int:
        """Cards in the library, the hands and set aside."""
        aside = sum(sum(a) for a in phase.aside)
        return len(self.library) + sum(sum(h) for h in self.hands) + aside


def setup(
    rule: Rule,
    *,
    players: int = 1,
    order: list[int] | None = None,
    free_first: bool = False,
    sequential: bool = False,
    hand_size: int = 7,
    library: list[int] | None = None,
    kinds: int = 5,
    is_land: list[bool] | None = None,
) -> tuple[Table, MulliganPhase, list[dict]]:
    """Deal ``hand_size`` cards to each player from ``library`` (default: 12 of each of
    five kinds, in order) and start a :class:`MulliganPhase`; returns table, phase and
    the start events."""
    if library is None:
        library = [k for k in range(kinds) for _ in range(12)]
    table = Table(library, kinds, players)
    for player in range(players):
        table.draw_many(player, hand_size, [])
    options = MulliganOptions(rule, free_first, sequential, hand_size)
    phase = MulliganPhase(options, order or list(range(players)), is_land or [True] * kinds)
    events: list[ev.Event] = []
    phase.start(table, events)
    return table, phase, events


def act(table: Table, phase: MulliganPhase, *actions: str) -> list[dict]:
    """Apply ``actions`` in turn; returns all their events."""
    events: list[ev.Event] = []
    for action in actions:
        phase.apply(table, action, events)
    return events


def size(table: Table, player: int = 0) -> int:
    return sum(table.hands[player])


# -- hand sizes ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "free_first", "sizes"),
    [
        (PARIS, False, [7, 6, 5, 4, 3, 2, 1, 0]),
        (PARIS, True, [7, 7, 6, 5, 4, 3, 2, 1, 0]),
        (VANCOUVER, False, [7, 6, 5, 4, 3, 2, 1, 0]),
        (VANCOUVER, True, [7, 7, 6, 5, 4, 3, 2, 1, 0]),
    ],
)
def test_paris_style_hand_sizes(rule, free_first, sizes):
    """Paris/Vancouver: each mulligan draws one fewer card (a free first one does not)."""
    table, phase, _ = setup(rule, free_first=free_first)
    for taken, expected in enumerate(sizes):
        assert size(table) == expected, f"after {taken} mulligans"
        if expected:
            act(table, phase, "mulligan")
    assert phase.kept == [True]
    assert phase.taken == [len(sizes) - 1]


@pytest.mark.parametrize(("free_first", "taken", "kept"), [
    (False, 0, 7), (False, 1, 6), (False, 3, 4), (False, 6, 1),
    (True, 1, 7), (True, 2, 6), (True, 4, 4), (True, 7, 1),
])  # fmt: skip
def test_london_hand_sizes(free_first, taken, kept):
    """London: a full hand every time; keeping bottoms N cards (one fewer if free)."""
    table, phase, _ = setup(LONDON, free_first=free_first)
    for _ in range(taken):
        act(table, phase, "mulligan")
        assert size(table) == 7
    act(table, phase, "keep")
    while not phase.done:
        act(table, phase, phase.legal(table)[0])
    assert size(table) == kept
    assert len(table.library) == 60 - kept


def test_london_no_mulligan_once_the_hand_would_be_zero():
    """London: after 7 mulligans of 7 cards the hand is kept and bottomed automatically."""
    table, phase, _ = setup(LONDON)
    for _ in range(6):
        act(table, phase, "mulligan")
    assert phase.legal(table) == ["keep", "mulligan"]
    events = act(table, phase, "mulligan")
    assert phase.done
    assert size(table) == 0
    assert len(table.library) == 60
    assert ev.Declare(player=0, choice="keep", auto=True) in events
    assert [e.type for e in events].count("bottom") == 7


def test_london_free_first_allows_one_more_mulligan():
    """London with a free first mulligan: 7 mulligans still leave a 1-card hand."""
    table, phase, _ = setup(LONDON, free_first=True)
    for _ in range(7):
        act(table, phase, "mulligan")
    assert phase.legal(table) == ["keep", "mulligan"]
    act(table, phase, "mulligan")
    assert phase.done
    assert size(table) == 0


def test_next_hand_size_predicts_the_kept_size():
    """``next_hand_size`` gives the size one more mulligan would leave."""
    table, phase, _ = setup(PARIS, free_first=True)
    assert phase.next_hand_size(table, 0) == 7
    act(table, phase, "mulligan")
    assert phase.next_hand_size(table, 0) == 6
    table, phase, _ = setup(LONDON)
    act(table, phase, "mulligan", "mulligan")
    assert phase.next_hand_size(table, 0) == 4


def test_mulligan_shuffles_the_hand_into_the_library():
    """Paris: the old hand is shuffled into the library, not put back on top."""
    table, phase, _ = setup(PARIS)  # sorted library: the opening hand is 7 Forests
    assert table.hands[0] == [0, 0, 0, 0, 7]
    act(table, phase, "mulligan")
    assert table.hands[0] != [0, 0, 0, 0, 6]
    assert table.library != sorted(table.library)


def test_size_zero_hand_keeps_automatically():
    """A Paris hand of 0 cards is kept without a decision (event marked ``auto``)."""
    table, phase, _ = setup(PARIS, hand_size=1)
    events = act(table, phase, "mulligan")
    assert size(table) == 0
    assert phase.done
    assert events[-1] == ev.Declare(player=0, choice="keep", auto=True)
    assert events[-1].to_json() == {"type": "declare", "player": 0, "choice": "keep", "auto": True}


def test_mulligan_event_is_private_and_shows_the_new_hand():
    """The ``mulligan`` event carries the new hand, private to its player."""
    table, phase, _ = setup(PARIS, players=2)
    events = act(table, phase, "mulligan", "keep")
    mull = next(e for e in events if isinstance(e, ev.Mulligan))
    assert mull.to_json() == {
        "type": "mulligan", "player": 0, "number": 1, "hand_size": 6,
        "cards": table.hands[0], "private": 0,
    }  # fmt: skip
    assert mull.for_viewer(1).to_json() == {
        "type": "mulligan", "player": 0, "number": 1, "hand_size": 6, "private": 0,
    }  # fmt: skip


def test_illegal_action_raises():
    """An action outside ``legal`` raises IllegalActionError."""
    table, phase, _ = setup(PARIS)
    with pytest.raises(IllegalActionError):
        act(table, phase, "scry_top")
    assert size(table) == 7


# -- declaration order ---------------------------------------------------------------------


def test_starting_player_declares_first():
    """The first player of ``order`` declares first, then the next."""
    table, phase, _ = setup(PARIS, players=2, order=[1, 0])
    assert phase.current() == 1
    act(table, phase, "keep")
    assert phase.current() == 0


def test_later_player_sees_earlier_declarations_before_anything_is_taken():
    """A mulligan declared first is not taken until the other player has declared."""
    table, phase, _ = setup(PARIS, players=2, order=[1, 0])
    hand = list(table.hands[1])
    act(table, phase, "mulligan")
    assert phase.current() == 0
    assert phase.declared == [None, "mulligan"]
    assert table.hands[1] == hand


def test_declared_mulligans_are_taken_together():
    """When both declare mulligan, both take it after the second declaration."""
    table, phase, _ = setup(PARIS, players=2, order=[1, 0])
    events = act(table, phase, "mulligan", "mulligan")
    assert [size(table, 0), size(table, 1)] == [6, 6]
    assert [(e.type, e.player) for e in events] == [
        ("declare", 1), ("declare", 0), ("mulligan", 1), ("mulligan", 0),
    ]  # fmt: skip


def test_next_round_starts_with_the_starting_player_again():
    """After a round of mulligans, the next round opens with the starting player."""
    table, phase, _ = setup(PARIS, players=2, order=[1, 0])
    act(table, phase, "mulligan", "mulligan")
    assert phase.current() == 1
    assert phase.declared == [None, None]


def test_only_players_who_have_not_kept_declare_again():
    """A player who kept is skipped in later rounds and their hand never changes."""
    table, phase, _ = setup(PARIS, players=2, order=[1, 0])
    act(table, phase, "keep", "mulligan")
    kept = list(table.hands[1])
    assert phase.current() == 0
    act(table, phase, "mulligan")
    assert phase.current() == 0
    assert table.hands[1] == kept
    assert [size(table, 0), size(table, 1)] == [5, 7]
    act(table, phase, "keep")
    assert phase.done


def test_sequential_starting_player_mulligans_until_keeping():
    """Sequential: the starting player's mulligans are taken at once, one after another."""
    table, phase, _ = setup(PARIS, players=2, order=[1, 0], sequential=True)
    other = list(table.hands[0])
    act(table, phase, "mulligan")
    assert (size(table, 1), phase.current()) == (6, 1)
    act(table, phase, "mulligan")
    assert (size(table, 1), phase.current()) == (5, 1)
    assert table.hands[0] == other


def test_sequential_next_player_declares_after_the_first_keeps():
    """Sequential: the second player declares only once the first has kept."""
    table, phase, _ = setup(PARIS, players=2, order=[1, 0], sequential=True)
    act(table, phase, "mulligan", "keep")
    assert phase.current() == 0
    act(table, phase, "mulligan")
    assert (size(table, 0), size(table, 1), phase.current()) == (6, 6, 0)
    act(table, phase, "keep")
    assert phase.done


def test_card_count_is_conserved_through_mulligans():
    """Paris mulligans move cards between hand and library only: 60 cards throughout."""
    table, phase, _ = setup(PARIS, players=2)
    for action in ["mulligan", "mulligan", "mulligan", "keep", "mulligan", "keep"]:
        act(table, phase, action)
        assert table.total(phase) == 60
    assert phase.done


# -- Vancouver scry ------------------------------------------------------------------------


def test_vancouver_scry_for_smaller_hands_only():
    """Vancouver: after all keep, only the player with a smaller hand scries."""
    table, phase, _ = setup(VANCOUVER, players=2, order=[1, 0])
    act(table, phase, "keep", "mulligan", "keep")
    assert phase.step == "scry"
    assert phase.scry_queue == [0]
    assert phase.scry_card(table, 0) == table.library[-1]
    assert phase.scry_card(table, 1) is None


def test_vancouver_scry_bottom_goes_to_index_zero():
    """``scry_bottom`` moves the top card (end of list) to the bottom (index 0)."""
    table, phase, _ = setup(VANCOUVER)
    act(table, phase, "mulligan", "keep")
    library = list(table.library)
    act(table, phase, "scry_bottom")
    assert table.library == [library[-1]] + library[:-1]
    assert phase.done


def test_vancouver_scry_top_changes_nothing():
    """``scry_top`` leaves the library untouched."""
    table, phase, _ = setup(VANCOUVER)
    act(table, phase, "mulligan", "keep")
    library = list(table.library)
    act(table, phase, "scry_top")
    assert table.library == library
    assert phase.done


def test_vancouver_free_first_mulligan_gives_no_scry():
    """Vancouver with a free first mulligan: a full hand again, so no scry."""
    table, phase, _ = setup(VANCOUVER, free_first=True)
    act(table, phase, "mulligan", "keep")
    assert size(table) == 7
    assert phase.done


def test_paris_has_no_scry():
    """Paris: after a mulligan and a keep the phase is over at once."""
    table, phase, _ = setup(PARIS)
    act(table, phase, "mulligan", "keep")
    assert phase.done


# -- London bottom -------------------------------------------------------------------------


def test_london_bottom_puts_the_card_at_index_zero():
    """``bottom:K`` puts a card of kind K at the bottom of the library (index 0)."""
    table, phase, _ = setup(LONDON, library=[4] * 20 + [0, 0, 2, 2, 3, 3, 3] * 2)
    act(table, phase, "mulligan", "keep")
    assert phase.step == "bottom"
    kinds = [k for k, n in enumerate(table.hands[0]) if n]
    assert phase.legal(table) == [f"bottom:{k}" for k in kinds]
    hand = list(table.hands[0])
    events = act(table, phase, f"bottom:{kinds[-1]}")
    assert table.library[0] == kinds[-1]
    hand[kinds[-1]] -= 1
    assert table.hands[0] == hand
    assert events == [ev.Bottom(player=0, card=kinds[-1], private=0)]
    assert phase.done


def test_london_bottom_order():
    """Two bottomed cards: the later one lies beneath the earlier one."""
    table, phase, _ = setup(LONDON, library=[4] * 20 + [0, 1, 2, 3, 0, 1, 2] * 2)
    act(table, phase, "mulligan", "mulligan", "keep")
    first, second = phase.legal(table)[0], phase.legal(table)[-1]
    act(table, phase, first)
    act(table, phase, second)
    assert table.library[:2] == [int(second[7:]), int(first[7:])]


def test_london_bottom_then_next_player_declares():
    """After bottoming, the other player's declaration comes next."""
    table, phase, _ = setup(LONDON, players=2, order=[1, 0])
    act(table, phase, "mulligan", "keep", "keep")
    assert (phase.step, phase.current()) == ("bottom", 1)
    act(table, phase, phase.legal(table)[0])
    assert phase.done
    assert (size(table, 0), size(table, 1)) == (7, 6)


# -- Partial Paris ---------------------------------------------------------------------------


def test_partial_paris_set_aside_needs_at_least_one_card():
    """Partial Paris: ``aside_done`` is legal only after one card is set aside."""
    table, phase, _ = setup(PARTIAL)
    act(table, phase, "mulligan")
    assert phase.step == "aside"
    assert "aside_done" not in phase.legal(table)
    kind = next(k for k, n in enumerate(table.hands[0]) if n)
    act(table, phase, f"aside:{kind}")
    assert phase.legal(table)[-1] == "aside_done"


def test_partial_paris_draws_one_fewer_than_set_aside():
    """Partial Paris: setting 3 cards aside draws 2, for a 6-card hand."""
    table, phase, _ = setup(PARTIAL, library=[k for k in range(5) for _ in range(12)])
    act(table, phase, "mulligan")
    for _ in range(3):
        act(table, phase, phase.legal(table)[0])
    events = act(table, phase, "aside_done")
    assert events[0] == ev.Aside(player=0, count=3)
    assert size(table) == 6
    assert sum(phase.aside[0]) == 3
    assert table.total(phase) == 60


def test_partial_paris_free_first_draws_as_many_as_set_aside():
    """Partial Paris with a free first mulligan: set aside 2, draw 2."""
    table, phase, _ = setup(PARTIAL, free_first=True)
    act(table, phase, "mulligan")
    for _ in range(2):
        act(table, phase, phase.legal(table)[0])
    act(table, phase, "aside_done")
    assert size(table) == 7


def test_partial_paris_returns_set_aside_cards_after_all_keep():
    """Partial Paris: set-aside cards stay out until everyone keeps, then go back."""
    table, phase, _ = setup(PARTIAL, players=2)
    aside: Counter[int] = Counter()
    act(table, phase, "mulligan")
    for _ in range(2):
        action = phase.legal(table)[0]
        aside[int(action[6:])] += 1
        act(table, phase, action)
    act(table, phase, "aside_done", "keep")
    act(table, phase, "mulligan")
    action = phase.legal(table)[-2]
    aside[int(action[6:])] += 1
    act(table, phase, action, "aside_done")
    assert sum(phase.aside[0]) == 3
    assert table.total(phase) == 60
    library = Counter(table.library)
    events = act(table, phase, "keep")
    assert phase.done
    assert phase.aside == [[0] * 5, [0] * 5]
    assert Counter(table.library) == library + aside
    assert ev.AsideReturned(player=0, count=3) in events
    assert table.total(phase) == 60


def test_partial_paris_returned_cards_are_shuffled_in():
    """Partial Paris: the returned cards are shuffled into the library, not stacked."""
    table, phase, _ = setup(PARTIAL, library=[0] * 40 + [4] * 7)
    act(table, phase, "mulligan", "aside:4", "aside:4", "aside:4", "aside_done", "keep")
    assert phase.done
    assert table.library.count(4) == 3
    assert table.library[-3:] != [4, 4, 4]


def test_partial_paris_set_aside_whole_hand():
    """Partial Paris: setting the whole hand of 1 aside leaves 0 cards, kept at once."""
    table, phase, _ = setup(PARTIAL, hand_size=1)
    kind = next(k for k, n in enumerate(table.hands[0]) if n)
    act(table, phase, "mulligan", f"aside:{kind}", "aside_done")
    assert size(table) == 0
    assert phase.done
    assert len(table.library) == 60


# -- 1994 --------------------------------------------------------------------------------------


def early(library: list[int]) -> tuple[Table, MulliganPhase, list[dict]]:
    """A one-player 1994 table of lands (kind 0) and spells (kind 1)."""
    return setup(EARLY, library=library, kinds=2, is_land=[True, False])


def test_1994_all_lands_may_mulligan():
    """1994: a hand of only lands may be mulliganed."""
    table, phase, _ = early([SPELL] * 30 + [LAND] * 7)
    assert table.hands[0] == [7, 0]
    assert phase.legal(table) == ["keep", "mulligan"]


def test_1994_no_lands_may_mulligan():
    """1994: a hand without lands may be mulliganed."""
    table, phase, _ = early([LAND] * 30 + [SPELL] * 7)
    assert phase.legal(table) == ["keep", "mulligan"]


def test_1994_mixed_hand_must_keep():
    """1994: a hand with lands and spells may not be mulliganed."""
    table, phase, _ = early([LAND] * 30 + [SPELL] * 3 + [LAND] * 4)
    assert phase.legal(table) == ["keep"]


def test_1994_draws_a_full_hand():
    """1994: the mulligan shuffles the hand back and draws a full 7 again."""
    table, phase, _ = early([SPELL] * 30 + [LAND] * 7)
    act(table, phase, "mulligan")
    assert size(table) == 7
    assert len(table.library) == 30


def test_1994_only_once():
    """1994: a second all-land hand may not be mulliganed again."""
    table, phase, _ = early([LAND] * 40)
    act(table, phase, "mulligan")
    assert table.hands[0] == [7, 0]
    assert phase.legal(table) == ["keep"]
    act(table, phase, "keep")
    assert phase.done


# -- serialization -------------------------------------------------------------------------


def test_phase_json_round_trip():
    """A phase mid-way (Partial Paris set-aside) survives JSON unchanged."""
    table, phase, _ = setup(PARTIAL, players=2, free_first=True, sequential=True)
    act(table, phase, "mulligan")
    act(table, phase, phase.legal(table)[0])
    assert phase.step == "aside"
    data = json.loads(json.dumps(phase.to_json()))
    assert MulliganPhase.from_json(data).to_json() == phase.to_json()


def test_phase_clone_is_independent():
    """Acting on a clone leaves the original phase unchanged."""
    table, phase, _ = setup(PARIS, players=2)
    before = phase.to_json()
    copy = phase.clone()
    other = Table(table.library, 5, 2)
    other.hands = [h[:] for h in table.hands]
    act(other, copy, "mulligan", "mulligan")
    assert phase.to_json() == before
    assert copy.to_json() != before
