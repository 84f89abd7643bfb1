"""Random playouts of a BingoMagic match, fast: the search and random-game path.

:func:`playout` plays a :class:`~bot.engine.bingo.BingoState` to the end with uniformly
random legal actions, exactly as ``while not s.is_over: s.apply(rng.choice(
s.legal_actions()))`` would (same actions, history, final state and ``rng`` draws), with
the play phase (RULES §1.3–1.7) written out a second time as one loop over local
variables, and the simultaneous Vancouver mulligans (RULES §2) as another.
``tests/engine/test_fast_path.py`` and the fuzz run's ``playout_agrees`` hold both to
``BingoState.apply``. :func:`new_sampled` deals a match under sampled chance (see
:mod:`.table`). Call them through ``BingoState.playout`` and ``BingoState.new(...,
chance=)``; ``python -m benchmarks.playouts`` measures them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .actions import KIND_ACTIONS, Decision, Verb
from .cards import KINDS, Land, bingo_library
from .events import Deal, Event, Roll
from .mulligan import DECLARE, DONE, MulliganOptions, MulliganPhase, MulliganRule
from .options import BingoOptions
from .outcome import Reason, Result, winning_territory
from .table import BIT_LENGTHS

if TYPE_CHECKING:
    from .bingo import BingoState

MAIN, COUNTER, SWAMP, MOUNTAIN, FOREST = (
    Decision.MAIN, Decision.COUNTER, Decision.SWAMP, Decision.MOUNTAIN, Decision.FOREST,
)  # fmt: skip
ISLAND = int(Land.ISLAND)
PASS, ALLOW = Verb.PASS.value, Verb.ALLOW.value
_KEEP, _MULLIGAN = Verb.KEEP.value, Verb.MULLIGAN.value
_SCRY_TOP, _SCRY_BOTTOM = Verb.SCRY_TOP.value, Verb.SCRY_BOTTOM.value
#: ``_PRESENT[mask]``: the kinds whose bit is set in ``mask``, WUBRG order.
_PRESENT = tuple(tuple(k for k in range(KINDS) if mask >> k & 1) for mask in range(1 << KINDS))
_PLACE_TEXTS = KIND_ACTIONS[Verb.PLACE]
_COUNTER_TEXTS = KIND_ACTIONS[Verb.COUNTER]
_DISCARD_TEXTS = KIND_ACTIONS[Verb.DISCARD]
_DESTROY_TEXTS = KIND_ACTIONS[Verb.DESTROY]
_TAKE_TEXTS = KIND_ACTIONS[Verb.TAKE]
_TAKE_OPP_TEXTS = KIND_ACTIONS[Verb.TAKE_OPP]
#: ``_MAIN_CHOICES[mask]``: the main step's choices for a hand of kinds ``mask``, as
#: ``(kinds, n, bits)``: ``kinds`` the lands to place then ``None`` for the pass (the
#: order of ``legal_actions()``), ``n`` their number and ``bits`` its bit length.
_MAIN_CHOICES = tuple(
    ((*kinds, None), len(kinds) + 1, (len(kinds) + 1).bit_length()) for kinds in _PRESENT
)
#: The history entries ``[player, action]`` of the playouts' decisions, built once:
#: the loops below append these lists themselves (history entries are never changed in
#: place; ``BingoState.clone`` shares them too, and the JSON codec copies them).
_PASS_ENTRIES = ([0, PASS], [1, PASS])
_ALLOW_ENTRIES = ([0, ALLOW], [1, ALLOW])


def _entries(texts: tuple[str, ...]) -> tuple[tuple[list[Any], ...], ...]:
    """``entries[player][k] == [player, texts[k]]`` for both seats and the five kinds."""
    return tuple(tuple([p, text] for text in texts[:KINDS]) for p in (0, 1))


_PLACE_ENTRIES, _COUNTER_ENTRIES = _entries(_PLACE_TEXTS), _entries(_COUNTER_TEXTS)
_DISCARD_ENTRIES, _DESTROY_ENTRIES = _entries(_DISCARD_TEXTS), _entries(_DESTROY_TEXTS)
_TAKE_ENTRIES, _TAKE_OPP_ENTRIES = _entries(_TAKE_TEXTS), _entries(_TAKE_OPP_TEXTS)
_PLACE_SET = frozenset(_PLACE_TEXTS)
_KEEP_ENTRIES, _MULLIGAN_ENTRIES = ([0, _KEEP], [1, _KEEP]), ([0, _MULLIGAN], [1, _MULLIGAN])
_SCRY_TOP_ENTRIES = ([0, _SCRY_TOP], [1, _SCRY_TOP])
_SCRY_BOTTOM_ENTRIES = ([0, _SCRY_BOTTOM], [1, _SCRY_BOTTOM])
#: ``Decision(step)`` for a step's string, as a look-up (an enum call is slow).
_DECISIONS = {str(d): d for d in Decision}
#: The draws of RULES §1.8, built once (a Result is a frozen value).
_PASSES_DRAW, _TURN_LIMIT_DRAW = Result(None, Reason.PASSES), Result(None, Reason.TURN_LIMIT)
_VANCOUVER = MulliganRule.VANCOUVER
#: Steps of the playout loop that are not decisions.
_RESOLVE, _NEXT_TURN = "resolve", "next_turn"
#: The 60-card library, unshuffled (copied by sampled deals).
_LIBRARY = bingo_library()


def kind_mask(c: list[int]) -> int:
    """Bit k set when count vector ``c`` (five kinds) holds kind k."""
    w, u, b, r, g = c
    return (1 if w else 0) | (2 if u else 0) | (4 if b else 0) | (8 if r else 0) | (16 if g else 0)


@lru_cache(maxsize=64)
def _mulligan_options(options: BingoOptions) -> MulliganOptions:
    """``options.mulligan_options()``, one per table (both are frozen values, so one
    MulliganOptions serves every deal of a table; building one costs more than this
    look-up)."""
    return options.mulligan_options()


def _vancouver_round_start(mull: MulliganPhase) -> bool:
    """Whether ``mull`` is a simultaneous Vancouver phase at the start of a round of
    declarations (where :func:`_vancouver_mulligans` takes over)."""
    options = mull.options
    if (
        options.rule is not _VANCOUVER
        or options.sequential
        or mull.step != DECLARE
        or mull.pending
        or mull.declared.count(None) != len(mull.declared)
    ):
        return False
    kept = mull.kept
    if True not in kept:  # nobody has kept (the first round): the queue is the order
        return mull.queue == mull.order
    return mull.queue == [p for p in mull.order if not kept[p]]


def new_sampled(
    state: BingoState, options: BingoOptions, chance: random.Random
) -> tuple[BingoState, list[Event]]:
    """``BingoState.new`` under sampled chance, written out: the library lazily shuffled
    (see :mod:`.table`), each hand dealt by uniform picks from it, the rolls drawn
    as ``randint(1, 6)`` draws them; the same distributions as ``new``.  ``state``: a
    new state of ``options`` and ``chance`` (every other field its default), dealt in
    place and returned with the setup events."""
    state.library = library = _LIBRARY[:]
    getrandbits, bits = chance.getrandbits, BIT_LENGTHS
    hands = state.hands
    size = options.hand_size
    m = len(library)  # the whole library is the unknown middle
    for player in (0, 1):
        hand = hands[player]
        for _ in range(min(size, m)):
            k = bits[m]
            j = getrandbits(k)
            while j >= m:
                j = getrandbits(k)
            m -= 1  # the last card's index: it moves to j, and the picked card out
            card = library[j]
            library[j] = library[m]
            library.pop()
            hand[card] += 1
    if m > 1:
        state.lazy_hi = m
    events: list[Event] = [
        Deal(player=0, cards=tuple(hands[0]), private=0),
        Deal(player=1, cards=tuple(hands[1]), private=1),
    ]
    rolls = state.rolls
    while True:  # two randint(1, 6), each drawn as randint draws it, until they differ
        first = getrandbits(3)
        while first >= 6:
            first = getrandbits(3)
        second = getrandbits(3)
        while second >= 6:
            second = getrandbits(3)
        rolls.append([first + 1, second + 1])
        if first != second:
            break
    state.starting = state.active = starting = 0 if first > second else 1
    events.append(Roll(rolls=tuple(map(tuple, rolls)), starting=starting))
    state.mulligans = MulliganPhase(
        _mulligan_options(options), [starting, 1 - starting], is_land=[True] * KINDS
    )
    state.mulligans.start(state, events)
    state.after_mulligans(events)
    return state, events


def playout(state: BingoState, rng: random.Random) -> int:
    """``state.playout(rng)`` with the state's own chance: see
    :meth:`~bot.engine.bingo.BingoState.playout`.  Returns the decisions applied."""
    start = len(state.history)
    if type(rng) is not random.Random:  # a subclass may choose differently: ask it
        while state.result is None:
            state.apply_fast(rng.choice(state.legal_actions()), None, None)
        return len(state.history) - start
    getrandbits, bits = rng.getrandbits, BIT_LENGTHS
    mull = state.mulligans
    if state.result is None and mull is not None and mull.step != DONE:
        if _vancouver_round_start(mull):
            _vancouver_mulligans(state, mull, getrandbits)
            state.after_mulligans(None)
    if state.result is None and mull is not None and mull.step != DONE:
        history = state.history
        while True:  # legal_actions() and apply_fast() of the mulligan phase, inlined
            legal = mull.legal(state)
            n = len(legal)
            k = bits[n]
            pick = getrandbits(k)  # rng.choice(legal) is legal[pick], pick drawn so
            while pick >= n:
                pick = getrandbits(k)
            history.append([mull.current(), legal[pick]])
            mull.apply_legal(state, legal[pick], None)
            if mull.step == DONE:
                break
        state.after_mulligans(None)
    if state.result is not None:
        return len(state.history) - start
    hands, territories, discards = state.hands, state.territories, state.discards
    library, history = state.library, state.history
    play_start = len(history)
    options = state.options
    max_turns, max_passes, any_pile = (
        options.max_turns,
        options.max_passes,
        options.forest_any_pile,
    )
    active, turn, passes = state.active, state.turn, state.passes_in_row
    other = 1 - active
    # the engine's decision, as apply() would leave it; the Decision member itself, so
    # that the loop below may test ``todo`` by identity (an enum's == is slower)
    step = _DECISIONS[state.step]
    todo: str = step  # what comes next: a decision, or _RESOLVE / _NEXT_TURN
    land = state.pending_land
    result = None
    present, main_choices = _PRESENT, _MAIN_CHOICES
    pass_entries, place_entries = _PASS_ENTRIES, _PLACE_ENTRIES
    lo, hi = state.lazy_lo, state.lazy_hi  # lazy shuffling (table.py); 0, 0 when exact
    known = len(library) - hi  # the known top: cards to pop before the unknown middle
    chance_bits = state.chance.getrandbits if state.chance is not None else getrandbits
    # One pass of this loop is one turn (RULES §1.3), from its main decision to the next
    # turn's draw; ``todo`` only skips the steps a playout begun mid-turn has behind it.
    while True:
        if todo is MAIN:  # place:K (WUBRG order) or pass, as legal_actions() lists
            hand = hands[active]
            w, u, b, r, g = hand
            choices, n, k = main_choices[
                (1 if w else 0)
                | (2 if u else 0)
                | (4 if b else 0)
                | (8 if r else 0)
                | (16 if g else 0)
            ]
            pick = getrandbits(k)
            while pick >= n:
                pick = getrandbits(k)
            land = choices[pick]  # None: the pass, listed last
            if land is None:
                history.append(pass_entries[active])
                passes += 1
                if passes >= max_passes:
                    result = _PASSES_DRAW
                    break
                todo = _NEXT_TURN
            else:
                history.append(place_entries[active][land])
                passes = 0
                hand[land] -= 1
                if sum(hands[other]) >= 2:
                    todo = step = COUNTER
                else:
                    todo = _RESOLVE
        if todo is COUNTER:  # allow, then counter:K (WUBRG order)
            hand = hands[other]
            if hand[ISLAND]:
                w, u, b, r, g = hand
                kinds = present[
                    (1 if w else 0)
                    | (2 if u > 1 else 0)
                    | (4 if b else 0)
                    | (8 if r else 0)
                    | (16 if g else 0)
                ]
                n = len(kinds) + 1
            else:
                n = 1
            k = bits[n]
            pick = getrandbits(k)
            while pick >= n:
                pick = getrandbits(k)
            if pick:
                kind = kinds[pick - 1]
                history.append(_COUNTER_ENTRIES[other][kind])
                hand[ISLAND] -= 1
                hand[kind] -= 1
                pile = discards[other]
                pile[ISLAND] += 1
                pile[kind] += 1
                discards[active][land] += 1  # type: ignore[index]
                land = None
                todo = _NEXT_TURN
            else:
                history.append(_ALLOW_ENTRIES[other])
                todo = _RESOLVE
        if todo is _RESOLVE:  # the land enters; a win, else its effect (§1.3.4, §1.4)
            territory = territories[active]
            territory[land] += 1  # type: ignore[index]
            if territory[land] >= 5 or 0 not in territory:  # type: ignore[index]
                reason = winning_territory(territory)  # RULES §1.6
                if reason is not None:
                    land = None
                    result = Result(active, reason, loser=other)
                    break
            todo = _NEXT_TURN
            if land == 0:  # Plains: draw
                if known:
                    known -= 1
                    hands[active][library.pop()] += 1
                elif hi > lo + 1:  # CardTable.fix_top() then pop, inlined
                    m = hi - lo
                    k = bits[m]
                    j = chance_bits(k)
                    while j >= m:
                        j = chance_bits(k)
                    j += lo
                    hi -= 1
                    card = library[j]
                    library[j] = library[hi]
                    library.pop()
                    hands[active][card] += 1
                else:  # an empty library (refill), or one unknown card left
                    state.lazy_lo, state.lazy_hi = lo, hi
                    state.draw(active, None)
                    lo, hi = state.lazy_lo, state.lazy_hi
                    known = len(library) - hi
            elif land == 2:
                if sum(hands[other]):
                    todo = step = SWAMP
            elif land == 3:
                if sum(territories[other]):
                    todo = step = MOUNTAIN
            elif land == 4:
                if sum(discards[active]) or (any_pile and sum(discards[other])):
                    todo = step = FOREST
            land = None
        if todo is not _NEXT_TURN:  # an effect's choice (§1.4), in legal_actions() order
            if todo is SWAMP:
                source, target, entries = hands[other], discards[other], _DISCARD_ENTRIES[other]
            elif todo is MOUNTAIN:
                source, target = territories[other], discards[other]
                entries = _DESTROY_ENTRIES[active]
            else:
                source, target, entries = discards[active], hands[active], _TAKE_ENTRIES[active]
            w, u, b, r, g = source
            kinds = present[
                (1 if w else 0)
                | (2 if u else 0)
                | (4 if b else 0)
                | (8 if r else 0)
                | (16 if g else 0)
            ]
            n = len(kinds)
            if todo is FOREST and any_pile:
                opp = discards[other]
                opp_kinds = present[kind_mask(opp)]
                n += len(opp_kinds)
            k = bits[n]
            pick = getrandbits(k)
            while pick >= n:
                pick = getrandbits(k)
            if pick >= len(kinds):  # take_opp:K
                kind = opp_kinds[pick - len(kinds)]
                source, entries = opp, _TAKE_OPP_ENTRIES[active]
            else:
                kind = kinds[pick]
            history.append(entries[kind])
            source[kind] -= 1
            target[kind] += 1
        # the turn ends: §1.3.1, and the §1.8 turn limit
        if turn >= max_turns:
            result = _TURN_LIMIT_DRAW
            break
        turn += 1
        active, other = other, active
        todo = step = MAIN
        if known:
            known -= 1
            hands[active][library.pop()] += 1
        elif hi > lo + 1:  # CardTable.fix_top() then pop, inlined
            m = hi - lo
            k = bits[m]
            j = chance_bits(k)
            while j >= m:
                j = chance_bits(k)
            j += lo
            hi -= 1
            card = library[j]
            library[j] = library[hi]
            library.pop()
            hands[active][card] += 1
        else:  # an empty library (refill), or one unknown card left
            state.lazy_lo, state.lazy_hi = lo, hi
            state.draw(active, None)
            lo, hi = state.lazy_lo, state.lazy_hi
            known = len(library) - hi
    timeouts = state.timeouts_in_row
    if timeouts[0] or timeouts[1]:  # a main decision resets its player's count (§1.8)
        for player, action in history[play_start:]:
            if action == PASS or action in _PLACE_SET:
                timeouts[player] = 0
    state.active, state.turn, state.passes_in_row = active, turn, passes
    state.step, state.pending_land = step, land
    state.lazy_lo, state.lazy_hi = lo, hi
    state.result = result
    return len(state.history) - start


def _vancouver_mulligans(state: BingoState, mull: MulliganPhase, getrandbits: Callable) -> None:
    """The Vancouver mulligans (RULES §2), simultaneous, from the start of a round to
    the end of the scries, with uniformly random choices: :func:`playout`'s
    mulligan loop written out (same choices from ``getrandbits`` as ``rng.choice``,
    same history, chance and final phase, which ``test_fast_path.py`` checks)."""
    hands, history, library = state.hands, state.history, state.library
    order, kept, taken = mull.order, mull.kept, mull.taken
    free_first = mull.options.free_first
    chance = state.chance
    chance_bits = chance.getrandbits if chance is not None else None
    bits = BIT_LENGTHS
    while True:  # one round: declarations in turn order, then the mulligans
        mulligans = []
        for player in order:
            if kept[player]:
                continue
            if not sum(hands[player]):  # a hand of 0 must keep (auto, no decision)
                kept[player] = True
                continue
            pick = getrandbits(2)  # rng.choice([KEEP, MULLIGAN])
            while pick >= 2:
                pick = getrandbits(2)
            if pick:
                history.append(_MULLIGAN_ENTRIES[player])
                mulligans.append(player)
            else:
                history.append(_KEEP_ENTRIES[player])
                kept[player] = True
        if not mulligans:
            break
        for player in mulligans:  # MulliganPhase._take
            hand = hands[player]
            size = sum(hand)
            free = free_first and taken[player] == 0
            hands[player] = [0] * KINDS
            taken[player] += 1
            draws = max(0, size - (0 if free else 1))
            hi = len(library) + size
            if chance_bits is None or draws >= hi:  # exact chance (or a short library)
                state.shuffle_into_library(hand)
                state.draw_many(player, draws, None)
                continue
            # lazy shuffling (table.py): shuffle_into_library() makes the whole library
            # the unknown middle, then draw_many() is _draw_lazy(), both written out
            for kind, count in enumerate(hand):
                if count:
                    library.extend([kind] * count)
            new_hand = hands[player]
            for _ in range(draws):  # one Fisher-Yates step from the middle, then pop
                k = bits[hi]
                j = chance_bits(k)
                while j >= hi:
                    j = chance_bits(k)
                hi -= 1
                library[j], library[hi] = library[hi], library[j]
                new_hand[library.pop()] += 1
            state.lazy_lo, state.lazy_hi = 0, hi
    mull.declared = [None] * len(order)
    mull.queue, mull.pending = [], []
    hand_size = mull.options.hand_size
    scries = [p for p in order if sum(hands[p]) < hand_size]  # MulliganPhase._finish
    for player in scries:
        if state.peek(None) is None:
            continue  # scry skipped: no library
        pick = getrandbits(2)  # rng.choice([SCRY_TOP, SCRY_BOTTOM])
        while pick >= 2:
            pick = getrandbits(2)
        if pick:
            history.append(_SCRY_BOTTOM_ENTRIES[player])
            state.put_on_bottom(library.pop())
        else:
            history.append(_SCRY_TOP_ENTRIES[player])
    mull.scry_queue = []
    mull.step = DONE
