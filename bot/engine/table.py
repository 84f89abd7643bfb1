"""Cards on a table: a library, hands as count vectors, and seeded chance.

The engine never touches the global ``random`` module.  Every chance event (a shuffle,
a die roll, a random discard) draws a fresh ``random.Random`` from the table's seed and
a running counter (``random.Random("<seed>/<n>")`` for the n-th event, which string
seeding hashes, so no two (seed, n) pairs share a generator), so a state that holds
``(seed, chance_count)`` replays exactly and serializes to two integers.
"""

from __future__ import annotations

import random


class IllegalActionError(ValueError):
    """An action that is not legal for the current decision (or no decision is pending)."""


class CardTable:
    """A library shared by ``players`` hands.

    ``library`` is a list of kind indexes with the top card at the *end* of the list.
    ``hands[p]`` is a count vector of length ``kinds``.  Subclasses may override
    :meth:`refill` to rebuild an empty library (RULES §1.7).
    """

    kinds: int
    seed: int
    chance_count: int
    library: list[int]
    hands: list[list[int]]

    def rng(self) -> random.Random:
        """A new generator for the next chance event; advances ``chance_count``."""
        self.chance_count += 1
        return random.Random(f"{self.seed}/{self.chance_count}")

    def refill(self) -> int:
        """Rebuild an empty library; returns how many cards it now holds.  Default: none."""
        return 0

    def draw(self, player: int, events: list[dict]) -> int | None:
        """Move the top card of the library to ``player``'s hand.

        Refills an empty library first (RULES §1.7).  Returns the kind drawn, or
        ``None`` when there was nothing to draw.  Appends a private ``draw`` event, or a
        public ``no_draw`` event.
        """
        if not self.library and not self.refill_logged(events):
            events.append({"type": "no_draw", "player": player})
            return None
        card = self.library.pop()
        self.hands[player][card] += 1
        events.append({"type": "draw", "player": player, "card": card, "private": player})
        return card

    def peek(self, events: list[dict]) -> int | None:
        """The top card of the library, refilling an empty one first; ``None`` if none."""
        if not self.library and not self.refill_logged(events):
            return None
        return self.library[-1]

    def refill_logged(self, events: list[dict]) -> int:
        """:meth:`refill`, with a public ``reshuffle`` event when it found cards."""
        size = self.refill()
        if size:
            events.append({"type": "reshuffle", "size": size})
        return size

    def shuffle_into_library(self, counts: list[int]) -> None:
        """Put the cards of count vector ``counts`` into the library and shuffle it."""
        for kind, n in enumerate(counts):
            self.library.extend([kind] * n)
        self.rng().shuffle(self.library)

    def draw_many(self, player: int, n: int, events: list[dict]) -> int:
        """Draw up to ``n`` cards into ``player``'s hand; returns how many were drawn."""
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
