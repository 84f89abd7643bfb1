"""The global ladder's own rules (``/bingo ladder``, docs/ladder.md): its seasons and
the names members choose for it. Pure: no I/O, no Discord.

**Seasons.** The ladder's seasons are the bot's own, the same for every server and
separate from any server's (``/bingo season``): calendar quarters in UTC. Season 1 is
the first quarter of :data:`FIRST_YEAR` (January to March); season ``n`` starts
``n - 1`` quarters later. A queue match belongs to the season in which it ended.

**Names.** A member is listed under the name they chose when joining. A name is
NFKC-normalized (full-width letters become ordinary ones) with its runs of spaces
collapsed, then must hold :data:`NAME_MIN` to :data:`NAME_MAX` characters, only
letters, digits, marks (Japanese voicing marks, accents), spaces and ``- . '``, and at
least one letter: no ``@``, ``<``, ``#`` or ``:`` (mentions, channels, emoji), no
markdown (``* _ ~ ` | >``), no line breaks. Two names are the same when their
:func:`name_key` is (case, spaces and ``- . '`` ignored: ``Ann Lee``, ``ann-lee`` and
``ANNLEE`` are one name); a name another member holds is refused.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime

#: The year whose first quarter is ladder season 1.
FIRST_YEAR = 2026
#: Bounds of a ladder name, in characters (Unicode code points, after normalizing).
NAME_MIN = 2
NAME_MAX = 24
#: The punctuation a name may hold besides letters, digits, marks and spaces.
NAME_PUNCTUATION = frozenset("-.'")


@dataclass(frozen=True, slots=True)
class LadderSeason:
    """Ladder season ``number`` (1 = the first quarter of :data:`FIRST_YEAR`): the
    quarter ``quarter`` (1-4) of ``year``, from ``start`` (included) to ``end``
    (excluded), both Unix seconds (UTC midnights)."""

    number: int
    year: int
    quarter: int
    start: float
    end: float


def _quarter_start(year: int, quarter: int) -> float:
    return datetime(year, 3 * (quarter - 1) + 1, 1, tzinfo=UTC).timestamp()


def season(number: int) -> LadderSeason:
    """Ladder season ``number`` (1 or more).

    Raises:
        ValueError: ``number`` is below 1.
    """
    if number < 1:
        raise ValueError(f"ladder seasons start at 1, got {number}")
    year, index = divmod(number - 1, 4)
    year += FIRST_YEAR
    following = (year + 1, 1) if index == 3 else (year, index + 2)
    return LadderSeason(
        number, year, index + 1, _quarter_start(year, index + 1), _quarter_start(*following)
    )


def season_at(seconds: float) -> LadderSeason:
    """The ladder season of the moment ``seconds`` (Unix seconds, UTC); season 1 for any
    moment before it (the ladder counts nothing earlier)."""
    moment = datetime.fromtimestamp(seconds, tz=UTC)
    number = (moment.year - FIRST_YEAR) * 4 + (moment.month - 1) // 3 + 1
    return season(max(1, number))


@dataclass(frozen=True, slots=True)
class NameCheck:
    """A ladder name as it would be stored (:attr:`name`) and its :attr:`key`, or why
    it is refused (:attr:`refusal`: ``"short"``, ``"long"``, ``"characters"`` or
    ``"letter"``)."""

    name: str
    key: str
    refusal: str | None = None


def name_key(name: str) -> str:
    """What makes two ladder names the same: the normalized name casefolded, without
    spaces and ``- . '``."""
    text = unicodedata.normalize("NFKC", name).casefold()
    return "".join(c for c in text if not c.isspace() and c not in NAME_PUNCTUATION)


def _allowed(char: str) -> bool:
    return char == " " or char in NAME_PUNCTUATION or unicodedata.category(char)[0] in "LNM"


def check_name(raw: str) -> NameCheck:
    """``raw`` checked against the name rules of the module docstring."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    key = name_key(name)
    refusal = None
    if len(name) < NAME_MIN:
        refusal = "short"
    elif len(name) > NAME_MAX:
        refusal = "long"
    elif not all(_allowed(c) for c in name):
        refusal = "characters"
    elif not any(unicodedata.category(c)[0] == "L" for c in name):
        refusal = "letter"
    return NameCheck(name, key, refusal)
