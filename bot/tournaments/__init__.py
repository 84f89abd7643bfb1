"""Swiss tournaments: pairing and standings, pure (:mod:`bot.tournaments.swiss`); running
them over the storage layer, Discord-free (:mod:`bot.tournaments.service`)."""

from bot.tournaments.swiss import (
    BYE,
    DRAW_POINTS,
    FLOOR,
    WIN_POINTS,
    Pairing,
    Standing,
    advancing,
    bracket_order,
    cut_round,
    cut_size,
    default_rounds,
    next_cut_round,
    pair_round,
    round_one,
    standings,
)

__all__ = [
    "BYE",
    "DRAW_POINTS",
    "FLOOR",
    "WIN_POINTS",
    "Pairing",
    "Standing",
    "advancing",
    "bracket_order",
    "cut_round",
    "cut_size",
    "default_rounds",
    "next_cut_round",
    "pair_round",
    "round_one",
    "standings",
]
