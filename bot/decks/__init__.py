"""Decks: parsing pasted decklists, basic lands and Scryfall land detection."""

from bot.decks.lands import BASIC_LANDS, is_builtin_land
from bot.decks.parser import DeckEntry, LineError, ParsedDeck, parse_decklist
from bot.decks.scryfall import LandCheck, ScryfallLands

__all__ = [
    "BASIC_LANDS",
    "DeckEntry",
    "LandCheck",
    "LineError",
    "ParsedDeck",
    "ScryfallLands",
    "is_builtin_land",
    "parse_decklist",
]
