"""Cards on a table: a library, hands as count vectors, and seeded chance.

The engine never touches the global ``random`` module.  Every chance event (a shuffle,
a die roll, a random discard) draws a fresh ``random.Random`` from the table's seed and
a running counter (``random.Random("<seed>/<n>")`` for the n-th event, which string
seeding hashes, so no two (seed, n) pairs share a generator), so a state that holds
``(seed, chance_count)`` replays exactly and serializes to two integers.

Shuffles go through :func:`shuffle`, which draws exactly the numbers that
``random.Random.shuffle`` draws (so stored matches replay card for card) at twice its
speed, and no longer depends on how a future Python implements ``Random.shuffle``.

Sampled chance (for search and random playouts only): a table whose ``chance`` is a
``random.Random`` draws every chance event from it instead of from its seed, as
OpenSpiel samples chance nodes.  The distributions are the same (uniform shuffles and
picks), but such a table no longer replays from ``(seed, history)``.

Lazy shuffling (sampled chance only): :meth:`CardTable.shuffle_into_library` does not
shuffle; it marks the library as unknown, and each card is drawn when it is needed, at
random, from the cards whose place nobody has seen.  The library is three regions of
the list: a known bottom ``library[:lazy_lo]`` (cards put on the bottom since the last
shuffle, in order), an unknown middle ``library[lazy_lo:lazy_hi]`` (in no meaningful
order) and a known top ``library[lazy_hi:]`` (a card looked at by a scry).  Drawing from
the middle picks one of its cards uniformly and swaps it to the top before popping it:
that is one step of a Fisher-Yates shuffle, and because no one looks at the middle's
order before its cards are drawn, drawing the middle's cards one uniform pick at a time
gives every draw sequence the probability a full shuffle would (both are uniform over
the middle's permutations), while cards put on the bottom or seen on top keep their
places exactly as in the exact mode.  ``lazy_lo == lazy_hi == 0`` (always, in the exact
mode) means the whole order is fixed.  The JSON of a sampled table holds its library in
storage order, not a shuffled order: sampled tables are for search, never for storage.
"""

from __future__ import annotations

import _random
import random
from hashlib import sha512
from typing import TYPE_CHECKING

from .events import Draw, Event, NoDraw, Reshuffle

_Random = random.Random
_new_random = _Random.__new__  # an unseeded generator (random.Random.__init__ seeds it)
_seed_int = _random.Random.seed  # seed from an int: the C generator's init_by_array


def seeded_random(text: str) -> random.Random:
    """``random.Random(text)``, the same generator (state and draws), with less overhead:
    ``Random.seed`` (version 2) turns a string into the int ``int.from_bytes(b +
    sha512(b).digest())`` of its UTF-8 bytes ``b`` and seeds from that; here that is
    done without ``Random.__init__``'s and ``seed``'s generic checks (the C seeding,
    about 3 µs, is most of what remains).  Written out, as
    :func:`shuffle` is, so stored matches replay card for card even if a future Python
    seeds strings otherwise; ``tests/engine/test_fast_path.py`` checks it against
    ``random.Random(text)``."""
    data = text.encode()
    rng = _new_random(_Random)
    _seed_int(rng, int.from_bytes(data + sha512(data).digest()))
    rng.gauss_next = None  # type: ignore[attr-defined]  # as Random.seed() leaves it
    return rng


#: ``BIT_LENGTHS[n] == n.bit_length()`` for the list sizes a table shuffles.
BIT_LENGTHS = tuple(n.bit_length() for n in range(256))


class IllegalActionError(ValueError):
    """An action that is not legal for the current decision (or no decision is pending)."""


def _runs(size: int) -> tuple[tuple[int, int, int], ...]:
    """The Fisher-Yates steps of a list of ``size`` (``i`` from ``size - 1`` down to 1),
    grouped into runs that draw the same number of bits: ``(bits, first i, last i - 1)``,
    ``bits`` being ``(i + 1).bit_length()`` for every ``i`` of the run."""
    runs: list[tuple[int, int, int]] = []
    i = size - 1
    while i >= 1:
        k = (i + 1).bit_length()
        low = (1 << (k - 1)) - 1  # the smallest i with (i + 1).bit_length() == k (k >= 2)
        runs.append((k, i, low - 1))
        i = low - 1
    return tuple(runs)


#: ``_RUNS[size]``: :func:`_runs` for the list sizes a table shuffles.
_RUNS = tuple(_runs(size) for size in range(256))


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does (Fisher-Yates
    from the end, each index drawn by rejection from ``getrandbits``), faster."""
    getrandbits = rng.getrandbits
    size = len(cards)
    for k, first, stop in _RUNS[size] if size < 256 else _runs(size):
        for i in range(first, stop, -1):  # i + 1 has k bits: draw k bits until <= i
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            cards[i], cards[j] = cards[j], cards[i]


class CardTable:
    """A library shared by ``players`` hands.

    ``library`` is a list of kind indexes with the top card at the *end* of the list.
    ``hands[p]`` is a count vector of length ``kinds``.  Subclasses may override
    :meth:`refill` to rebuild an empty library (RULES §1.7).

    ``events`` arguments below are a list to append event dicts to, or ``None`` to
    build no events at all (the fast playout path).
    """

    if TYPE_CHECKING:  # the attributes the slotted subclasses hold (mypy checks against these)
        __slots__ = ("chance_count", "lazy_lo", "lazy_hi")
    else:
        __slots__ = ()

    kinds: int
    #: Sampled chance: a generator to draw every chance event from instead of the seed
    #: (search and random playouts only; see the module docstring).  ``None``: exact.
    chance: random.Random | None = None
    seed: int
    chance_count: int
    library: list[int]
    hands: list[list[int]]
    #: Lazy shuffling (sampled chance only, see the module docstring): the unknown
    #: middle of the library is ``library[lazy_lo:lazy_hi]``; ``0, 0``: order fixed.
    lazy_lo: int = 0
    lazy_hi: int = 0

    def rng(self) -> random.Random:
        """A new generator for the next chance event; advances ``chance_count``.

        Under sampled chance (``self.chance`` set), that generator instead, unchanged."""
        chance = self.chance
        if chance is not None:
            return chance
        self.chance_count += 1
        return seeded_random(f"{self.seed}/{self.chance_count}")

    def refill(self) -> int:
        """Rebuild an empty library; returns how many cards it now holds.  Default: none."""
        return 0

    def draw(self, player: int, events: list[Event] | None) -> int | None:
        """Move the top card of the library to ``player``'s hand.

        Refills an empty library first (RULES §1.7).  Returns the kind drawn, or
        ``None`` when there was nothing to draw.  Appends a private ``draw`` event, or a
        public ``no_draw`` event.
        """
        library = self.library
        if not library and not self.refill_logged(events):
            if events is not None:
                events.append(NoDraw(player=player))
            return None
        if len(library) <= self.lazy_hi:
            self.fix_top()
        card = library.pop()
        self.hands[player][card] += 1
        if events is not None:
            events.append(Draw(player=player, card=card, private=player))
        return card

    def peek(self, events: list[Event] | None) -> int | None:
        """The top card of the library, refilling an empty one first; ``None`` if none."""
        library = self.library
        if not library and not self.refill_logged(events):
            return None
        if len(library) <= self.lazy_hi:
            self.fix_top()
        return library[-1]

    def fix_top(self) -> None:
        """Lazy shuffling: settle which card is on top of a non-empty library whose known
        top is empty, by moving a uniformly random card of the unknown middle there (one
        Fisher-Yates step, its index drawn as ``randrange`` draws one).  Call it only
        when ``len(library) <= lazy_hi`` (nothing to do otherwise)."""
        library, lo, hi = self.library, self.lazy_lo, self.lazy_hi
        n = hi - lo
        if n > 1:
            getrandbits = self.chance.getrandbits  # type: ignore[union-attr]
            k = BIT_LENGTHS[n] if n < 256 else n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            j += lo
            top = hi - 1
            library[j], library[top] = library[top], library[j]
        hi -= 1
        if hi <= lo:  # the middle is empty: the whole order is known
            self.lazy_lo = self.lazy_hi = 0
        else:
            self.lazy_hi = hi

    def _draw_lazy(self, player: int, n: int) -> int:
        """:meth:`draw_many` of ``n`` cards without events under lazy shuffling, when the
        unknown middle holds more than ``n`` cards: each draw pops the known top, or
        settles it first exactly as :meth:`draw` does (:meth:`fix_top`, written out)."""
        library, hand = self.library, self.hands[player]
        lo, hi = self.lazy_lo, self.lazy_hi
        getrandbits = self.chance.getrandbits  # type: ignore[union-attr]
        for _ in range(n):
            if len(library) <= hi:  # fix_top(): one Fisher-Yates step from the middle
                m = hi - lo  # > 1: the middle outlasts these draws
                k = BIT_LENGTHS[m] if m < 256 else m.bit_length()
                j = getrandbits(k)
                while j >= m:
                    j = getrandbits(k)
                j += lo
                hi -= 1
                library[j], library[hi] = library[hi], library[j]
            hand[library.pop()] += 1
        self.lazy_hi = hi
        return n

    def put_on_bottom(self, card: int) -> None:
        """Put ``card`` on the bottom of the library (a London bottom, a scry to the
        bottom); under lazy shuffling it joins the known bottom."""
        self.library.insert(0, card)
        if self.lazy_hi:
            self.lazy_lo += 1
            self.lazy_hi += 1

    def settle_library(self) -> None:
        """Lazy shuffling: shuffle the unknown middle now (from ``chance``) so that the
        library's storage order is a uniformly shuffled order, and mark it all known."""
        lo, hi = self.lazy_lo, self.lazy_hi
        if hi:
            middle = self.library[lo:hi]
            shuffle(self.chance, middle)  # type: ignore[arg-type]
            self.library[lo:hi] = middle
            self.lazy_lo = self.lazy_hi = 0

    def refill_logged(self, events: list[Event] | None) -> int:
        """:meth:`refill`, with a public ``reshuffle`` event when it found cards."""
        size = self.refill()
        if size and events is not None:
            events.append(Reshuffle(size=size))
        return size

    def shuffle_into_library(self, counts: list[int]) -> None:
        """Put the cards of count vector ``counts`` into the library and shuffle it
        (lazily under sampled chance: the whole library becomes the unknown middle)."""
        library = self.library
        for kind, n in enumerate(counts):
            if n:
                library.extend([kind] * n)
        if self.chance is not None:
            self.lazy_lo, self.lazy_hi = 0, len(library)
            return
        shuffle(self.rng(), library)

    def draw_many(self, player: int, n: int, events: list[Event] | None) -> int:
        """Draw up to ``n`` cards into ``player``'s hand; returns how many were drawn."""
        library = self.library
        if events is None and 0 <= n <= len(library) - self.lazy_hi:  # a known top: pop
            hand = self.hands[player]
            for _ in range(n):
                hand[library.pop()] += 1
            return n
        if events is None and self.lazy_hi and 0 <= n < self.lazy_hi - self.lazy_lo:
            return self._draw_lazy(player, n)
        drawn = 0
        for _ in range(n):
            if self.draw(player, events) is None:
                break
            drawn += 1
        return drawn


def kinds_in(counts: list[int]) -> list[int]:
    """The kind indexes present in a count vector, in ascending (WUBRG) order."""
    return [k for k, n in enumerate(counts) if n]


def random_card(rng: random.Random, counts: list[int]) -> int:
    """A uniformly random *card* (not kind) of a non-empty count vector; returns its index.

    ``counts`` may be any list of non-negative weights: the result is index ``i`` with
    probability ``counts[i] / sum(counts)``.  Raises ``ValueError`` when all are zero.
    """
    pick = rng.randrange(sum(counts))
    for kind, n in enumerate(counts):
        if pick < n:
            return kind
        pick -= n
    raise ValueError("empty count vector")
