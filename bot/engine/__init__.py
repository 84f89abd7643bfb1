"""The rules engine: pure Python, no discord import, no I/O, no global random.

RULES §1 (BingoMagic) lives in :mod:`.bingo`, RULES §2 (mulligans) in :mod:`.mulligan`;
the action strings, decisions and result reasons are typed in :mod:`.actions`.
"""

from .actions import Action, Decision, Reason, Verb
from .bingo import BingoOptions, BingoState, Result, winning_territory
from .cards import COLORS, KINDS, LETTERS, NAMES, Land, describe
from .mulligan import MulliganOptions, MulliganPhase, MulliganRule
from .table import CardTable, IllegalActionError

__all__ = [
    "COLORS",
    "KINDS",
    "LETTERS",
    "NAMES",
    "Action",
    "BingoOptions",
    "BingoState",
    "CardTable",
    "Decision",
    "IllegalActionError",
    "Land",
    "MulliganOptions",
    "MulliganPhase",
    "MulliganRule",
    "Reason",
    "Result",
    "Verb",
    "describe",
    "winning_territory",
]
