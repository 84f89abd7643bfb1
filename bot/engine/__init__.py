"""The rules engine: pure Python, no discord import, no I/O, no global random.

RULES §1 (BingoMagic) lives in :mod:`.bingo` (its table rules in :mod:`.options`, its
JSON in :mod:`.codec`, fast random playouts in :mod:`.playout`), RULES §2 (mulligans) in
:mod:`.mulligan`; the action strings and decisions are typed in :mod:`.actions`, how a
match ends (:class:`Outcome`, :class:`Reason`, :class:`Result`) in :mod:`.outcome`, and
what happened (one frozen dataclass per event kind, each knowing who may see it) in
:mod:`.events`.
"""

from .actions import Action, Decision, Verb
from .bingo import BingoState
from .cards import COLORS, KINDS, LETTERS, NAMES, Land, describe
from .events import Event, event_from_json
from .mulligan import MulliganOptions, MulliganPhase, MulliganRule
from .options import BingoOptions
from .outcome import Outcome, Reason, Result, winning_territory
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
    "Event",
    "IllegalActionError",
    "Land",
    "MulliganOptions",
    "MulliganPhase",
    "MulliganRule",
    "Outcome",
    "Reason",
    "Result",
    "Verb",
    "describe",
    "event_from_json",
    "winning_territory",
]
