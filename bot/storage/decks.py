"""Saved decks (``decks``): per member, usable in every server, names unique
case-insensitively."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from bot import limits
from bot.storage import sql
from bot.storage.backend import Row
from bot.storage.base import StorageBase, encode_json

log = logging.getLogger(__name__)

MAX_DECK_NAME_LENGTH = 100
"""The longest deck name :meth:`DeckStore.save_deck` accepts (Discord's limit for an
autocomplete choice name)."""


class DeckLimitError(ValueError):
    """:meth:`DeckStore.save_deck` refused a new deck: the user already has
    ``bot.limits.DECKS_PER_MEMBER`` saved decks (replacing one is still allowed)."""


@dataclass(frozen=True, slots=True)
class SavedDeck:
    """A row of ``decks``: one of a user's saved decks (usable in every server).

    ``cards`` is the main deck as ``(count, name)`` pairs in the order saved;
    ``commander`` the commander names (empty for non-Commander decks). Times are
    Unix seconds; ``created_at`` is kept when the deck is saved again.
    """

    user_id: int
    name: str
    cards: tuple[tuple[int, str], ...]
    commander: tuple[str, ...]
    created_at: float
    updated_at: float

    @property
    def card_count(self) -> int:
        """Number of cards in the main deck (sum of counts; commanders excluded)."""
        return sum(count for count, _ in self.cards)


class DeckStore(StorageBase):
    """A member's saved decks."""

    async def save_deck(
        self,
        user_id: int,
        name: str,
        cards: Sequence[tuple[int, str]],
        commander: Sequence[str],
        now: float,
        *,
        limit: int = limits.DECKS_PER_MEMBER,
    ) -> None:
        """Save a user's deck under ``name``, replacing a deck of the same name.

        ``name`` is trimmed and compared case-insensitively, so saving "Burn" over
        "burn" replaces it and the new spelling is kept; ``created_at`` of a replaced
        deck is kept and ``updated_at`` becomes ``now`` (Unix seconds). ``cards`` are
        ``(count, name)`` pairs of the main deck, ``commander`` the commander names;
        both are stored as JSON in the given order.

        At most ``limit`` decks per user (``bot.limits.DECKS_PER_MEMBER`` by
        default): the count and the save are one transaction (serialized per member on
        PostgreSQL), so two saves at once cannot pass it.

        Raises:
            ValueError: the trimmed name is empty or longer than
                :data:`MAX_DECK_NAME_LENGTH`; a count is not a positive int; a card
                or commander name is empty; the deck has more than
                ``bot.limits.DECK_CARDS`` cards.
            DeckLimitError: ``name`` is new and the user already has ``limit`` decks.
        """
        name = _deck_name(name)
        pairs = []
        for count, card in cards:
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise ValueError(f"card count must be a positive int, got {count!r}")
            if not card.strip():
                raise ValueError("card names must not be empty")
            pairs.append([count, card])
        commanders = list(commander)
        if any(not card.strip() for card in commanders):
            raise ValueError("commander names must not be empty")
        if sum(count for count, _ in cards) > limits.DECK_CARDS:
            raise ValueError(f"a deck holds at most {limits.DECK_CARDS} cards")
        cards_text, commander_text = encode_json(pairs), encode_json(commanders)
        async with self.backend.transaction(("decks", user_id)) as tx:
            exists = await tx.fetchone(sql.SELECT_DECK_EXISTS, (user_id, name))
            if exists is None:
                count = await tx.fetchval(sql.COUNT_DECKS_OF, (user_id,))
                if count is not None and count >= limit:
                    raise DeckLimitError(f"a member may save at most {limit} decks")
                await tx.execute(
                    sql.INSERT_DECK, (user_id, name, cards_text, commander_text, now, now)
                )
            else:
                await tx.execute(
                    sql.UPDATE_DECK, (name, cards_text, commander_text, now, user_id, name)
                )
        log.debug("Saved deck %r of user %s (%d entries)", name, user_id, len(pairs))

    async def get_deck(self, user_id: int, name: str) -> SavedDeck | None:
        """The user's deck called ``name`` (trimmed, case-insensitive), or None."""
        row = await self.backend.fetchone(sql.SELECT_DECK, (user_id, name.strip()))
        return _deck(row) if row is not None else None

    async def list_decks(self, user_id: int) -> list[SavedDeck]:
        """All of the user's decks, by name (case-insensitive)."""
        rows = await self.backend.fetchall(sql.SELECT_DECKS_OF, (user_id,))
        return [_deck(row) for row in rows]

    async def deck_count(self, user_id: int) -> int:
        """How many decks the user has saved."""
        return int(await self.backend.fetchval(sql.COUNT_DECKS_OF, (user_id,)) or 0)

    async def has_deck(self, user_id: int, name: str) -> bool:
        """Whether the user has a deck called ``name`` (trimmed, case-insensitive)."""
        row = await self.backend.fetchone(sql.SELECT_DECK_EXISTS, (user_id, name.strip()))
        return row is not None

    async def delete_deck(self, user_id: int, name: str) -> bool:
        """Delete the user's deck called ``name`` (case-insensitive); False if none."""
        return await self.backend.execute(sql.DELETE_DECK, (user_id, name.strip())) > 0

    async def deck_names(self, user_id: int, prefix: str, limit: int = 25) -> list[str]:
        """Up to ``limit`` of the user's deck names starting with ``prefix``, by name.

        For autocomplete: the match is case-insensitive and ``%``, ``_`` and ``\\`` in
        ``prefix`` are literal characters; leading spaces are ignored and an empty
        prefix lists every deck.
        """
        pattern = _like_escape(prefix.lstrip()) + "%"
        rows = await self.backend.fetchall(sql.SELECT_DECK_NAMES_LIKE, (user_id, pattern, limit))
        return [row["name"] for row in rows]


def _deck_name(name: str) -> str:
    """The trimmed deck name; ValueError if empty or too long."""
    trimmed = name.strip()
    if not trimmed:
        raise ValueError("a deck name must not be empty")
    if len(trimmed) > MAX_DECK_NAME_LENGTH:
        raise ValueError(f"a deck name must be at most {MAX_DECK_NAME_LENGTH} characters")
    return trimmed


def _like_escape(text: str) -> str:
    """Escape LIKE wildcards (``%``, ``_``) and the escape character ``\\``."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _deck(row: Row) -> SavedDeck:
    return SavedDeck(
        user_id=row["user_id"],
        name=row["name"],
        cards=tuple((int(count), str(card)) for count, card in json.loads(row["cards"])),
        commander=tuple(str(card) for card in json.loads(row["commander"])),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )
