"""Parse pasted text decklists into counted card names (pure: no I/O, no network).

Accepted line shapes (one card per line; the count always comes first)::

    4 Lightning Bolt                     plain / MTGO .txt / MTGGoldfish download
    4x Lightning Bolt                    Archidekt, many web builders
    4 Lightning Bolt (M10) 146           Arena, Moxfield ("(SET) collector-number")
    4 Lightning Bolt (2X2) 117a *F*      Moxfield / Archidekt foil (*F*) or etched (*E*)
    1 Sol Ring #ramp #!Artifact          Moxfield tags (dropped)
    1x Sol Ring (c21) 263 [Ramp] ^Have,#37d67a^   Archidekt category and label
    4 Lightning Bolt <borderless> [2X2]  MTGGoldfish variant and set code
    4 [M10] Lightning Bolt               MWS / Cockatrice set prefix
    4 Lightning Bolt|M10|1               Forge .dck edition and art index
    2 Expansion /// Explosion (GRN) 224  Arena split card (written "Expansion // Explosion")
    SB: 2 Negate                         Cockatrice / XMage / MWS sideboard line

Sections are started by header lines ``Deck``/``Main``/``Mainboard``,
``Sideboard``, ``Commander``, ``Companion``, ``Maybeboard``/``Considering`` (case
insensitive; an optional trailing ``:``, a ``(15)`` count, ``[...]`` brackets or a
``//`` comment prefix are allowed, so ``SIDEBOARD:``, ``Sideboard (15)``,
``// Sideboard`` and Forge's ``[Main]`` all work). Arena's ``About`` section
(``Name My Deck``), Forge's ``[metadata]`` and a ``Tokens`` section are skipped, as
is a leading ``Name X`` line and every other ``//`` comment line.

MTGO style: in a list without any explicit sideboard marker (no ``Sideboard``/
``Maybeboard`` header, no ``SB:`` line), a blank line *after* some main-deck cards
followed by more cards starts the sideboard. Blank lines at the start, right after a
header, at the end, or inside the sideboard change nothing. A blank line after the
``Commander``/``Companion`` section followed by cards returns to the main deck.

Archidekt categories: a trailing ``[Commander...]``, ``[Sideboard...]``,
``[Maybeboard...]`` or ``[Companion...]`` category moves that one card to the
section; a ``{noDeck}`` flag moves it to the maybeboard. Other bracketed text (set
codes, categories such as ``[Ramp]``) is dropped.

Names are kept exactly as written (punctuation, quotes, accents, ``//`` of split
cards, parentheses that are not a set code such as ``B.F.M. (Big Furry Monster)``);
only Arena's ``///`` split-card separator becomes the Oracle ``//`` and whitespace is
normalised (tabs/no-break spaces to spaces, runs collapsed,
ends trimmed) and the text is put in Unicode NFC form. Entries with the same name
(case-insensitively) in the same section are merged into one entry, keeping the
first spelling and position (Moxfield lists each printing on its own line).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Literal, cast

from bot import limits
from bot.i18n import t

__all__ = [
    "MAX_COUNT",
    "MAX_DECK_CARDS",
    "MAX_NAME_LENGTH",
    "DeckEntry",
    "LineError",
    "ParsedDeck",
    "parse_decklist",
]

MAX_COUNT = 999
"""The largest count accepted on one line; larger counts are reported as errors."""

MAX_NAME_LENGTH = 200
"""The longest card name accepted (the longest real name has 141 characters)."""

MAX_DECK_CARDS = limits.DECK_CARDS
"""The most cards the main deck may hold (sum of counts); the line that would pass it,
and every later main-deck card, are not added, and one error reports it."""

_SHOWN = 20  # characters of a bad word quoted in an error reason

Section = Literal["main", "commander", "companion", "sideboard", "maybeboard"]
_SKIPPED = "skip"  # pseudo-section: Arena "About", Forge "[metadata]", "Tokens"
_LABEL = "label"  # a type-group label ("Creatures (20)"): no section change


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """``count`` copies (1-999) of the card called ``name`` (exact spelling, NFC)."""

    count: int
    name: str


@dataclass(frozen=True, slots=True)
class LineError:
    """A line that is not a card, header, comment or blank line.

    ``line_number`` is 1-based in the pasted text; ``line`` is the line as pasted
    (without its line break); ``reason`` is one short English sentence fragment
    such as ``"missing count"``. ``key`` and ``args`` give the same reason in any
    language: ``bot.i18n.t(locale, key, **dict(args))`` (catalog ``decks.ftl``); they
    take no part in comparisons.
    """

    line_number: int
    line: str
    reason: str
    key: str = field(default="", compare=False)
    args: tuple[tuple[str, str | int], ...] = field(default=(), compare=False)

    @classmethod
    def of(cls, line_number: int, line: str, key: str, **args: str | int) -> LineError:
        """The error with ``key``'s English text (``decks.ftl``) as its ``reason``."""
        return cls(line_number, line, t("en", key, **args), key, tuple(args.items()))

    def localized(self, locale: object) -> str:
        """The reason in the language of ``locale`` (see :func:`bot.i18n.t`)."""
        return t(locale, self.key, **dict(self.args)) if self.key else self.reason


@dataclass(frozen=True, slots=True)
class ParsedDeck:
    """The result of :func:`parse_decklist`.

    ``main`` is the deck itself; ``commander`` and ``companion`` are the command
    zone / companion cards (not part of ``main``); ``sideboard`` and ``maybeboard``
    are parsed but are not part of the deck. ``errors`` lists bad lines in order;
    callers must not save a deck whose ``errors`` is non-empty.
    """

    main: tuple[DeckEntry, ...]
    commander: tuple[DeckEntry, ...] = ()
    companion: tuple[DeckEntry, ...] = ()
    sideboard: tuple[DeckEntry, ...] = ()
    maybeboard: tuple[DeckEntry, ...] = ()
    errors: tuple[LineError, ...] = ()

    @property
    def ok(self) -> bool:
        """True when no line had an error (an empty paste is ok but has no cards)."""
        return not self.errors

    @property
    def main_count(self) -> int:
        """Number of cards in the main deck (sum of counts; commanders excluded)."""
        return sum(entry.count for entry in self.main)


# --- line grammar -------------------------------------------------------------

_HEADER_WORDS: dict[str, Section | str] = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "main deck": "main",
    "mainboard": "main",
    "sideboard": "sideboard",
    "side": "sideboard",
    "commander": "commander",
    "commanders": "commander",
    "companion": "companion",
    "maybeboard": "maybeboard",
    "maybe": "maybeboard",
    "considering": "maybeboard",
    "about": _SKIPPED,
    "metadata": _SKIPPED,
    "tokens": _SKIPPED,
}
_GROUP_LABELS = frozenset(
    "creature creatures land lands instant instants sorcery sorceries artifact artifacts "
    "enchantment enchantments planeswalker planeswalkers battle battles spell spells "
    "other others".split()
)

_HEADER = re.compile(
    r"^(?://\s*)?\[?\s*(?P<word>[a-z]+(?: deck)?)\s*\]?\s*(?:\(\s*\d+\s*\))?\s*:?$",
    re.IGNORECASE,
)
_SIDEBOARD_PREFIX = re.compile(r"^SB:\s*", re.IGNORECASE)
_ARENA_NAME = re.compile(r"^Name\s+\S", re.IGNORECASE)
# count, optional "x", then the rest. A first word that merely looks numeric ("4.5",
# "-1", "4a") is reported as a bad count rather than a missing one.
_COUNTED = re.compile(r"^(?P<count>\d+)[xX]?(?:\s+(?P<rest>.*))?$")
_COUNT_LIKE = re.compile(r"^[+-]?\d[\w.,]*[xX]?$")
_LEADING_SET = re.compile(r"^\[[A-Za-z0-9]{2,8}\]\s+")
# Trailing decorations, stripped repeatedly from the end of the name part.
_TRAILING_LABEL = re.compile(r"(?:^|\s+)\^[^^]*\^$")  # Archidekt ^Label,#color^
_TRAILING_BRACKET = re.compile(r"\s*\[(?P<inside>[^\[\]]*)\]$")  # [SET] or [Category]
_TRAILING_FINISH = re.compile(r"(?:^|\s+)\*[A-Za-z]{1,3}\*$")  # *F*, *E*
_TRAILING_VARIANT = re.compile(r"(?:^|\s+)<[^<>]*>$")  # MTGGoldfish <borderless>
# "(SET)" optionally followed by a collector number that contains a digit
# ("146", "117a", "DDO-20", "1★"); "(Big Furry Monster)" has spaces so never matches.
_TRAILING_SET = re.compile(r"(?:^|\s+)\((?P<set>[A-Za-z0-9]{2,8})\)(?:\s+[^\s()]*\d[^\s()]*)?$")
_TAGS = re.compile(r"(?:^|\s+)#.*$")  # Moxfield #tag #!global-tag
_FORGE_EDITION = re.compile(r"\|.*$")  # Forge "Lightning Bolt|M10|1"
_ARENA_SPLIT = re.compile(r"\s*///\s*")  # Arena writes split cards "Fire /// Ice"
_WHITESPACE = re.compile(r"\s+")

_CATEGORY_SECTIONS: dict[str, Section] = {
    "commander": "commander",
    "commanders": "commander",
    "companion": "companion",
    "sideboard": "sideboard",
    "maybeboard": "maybeboard",
    "considering": "maybeboard",
}


def parse_decklist(text: str) -> ParsedDeck:
    """Parse a pasted decklist (see the module docstring for the accepted formats).

    Args:
        text: the whole paste; any line endings (``\\n``, ``\\r\\n``, ``\\r``).

    Returns:
        A :class:`ParsedDeck`. Bad lines (missing count, count 0 or above
        :data:`MAX_COUNT`, a count that is not a whole number, a missing or too
        long name) are reported in ``errors`` with their 1-based line number; every
        other line is still parsed. A main deck past :data:`MAX_DECK_CARDS` cards
        is one error, at the line that passes it; main-deck cards from that line on
        are not added, so ``main_count`` never exceeds the bound. Reasons are short
        (a quoted bad word is cut to 20 characters). Never raises for any input string.
    """
    lines = text.splitlines()
    explicit_sideboard = any(_starts_sideboard(line) for line in lines)
    sections: dict[Section, dict[str, DeckEntry]] = {
        "main": {},
        "commander": {},
        "companion": {},
        "sideboard": {},
        "maybeboard": {},
    }
    errors: list[LineError] = []
    main_cards = 0
    too_many = False
    section: Section | str = "main"
    cards_since_header = 0
    blank_pending = False
    seen_card = False

    for number, raw in enumerate(lines, start=1):
        line = _clean(raw)
        if not line:
            if cards_since_header:
                blank_pending = True
            continue
        header = _header(line)
        if header is not None or line.startswith("//"):
            # A header switches section; a "// comment" or a "Creatures (20)" group
            # label keeps it. Either way a preceding blank line was just spacing.
            if header is not None and header != _LABEL:
                section = header
            cards_since_header = 0
            blank_pending = False
            continue
        if section == _SKIPPED or (not seen_card and _ARENA_NAME.match(line)):
            continue
        if blank_pending:
            blank_pending = False
            if section in ("commander", "companion"):
                section = "main"
                cards_since_header = 0
            elif section == "main" and not explicit_sideboard:
                section = "sideboard"
                cards_since_header = 0
        target = cast(Section, section)  # _SKIPPED was handled above
        sideboard_line = _SIDEBOARD_PREFIX.match(line)
        if sideboard_line:
            line = line[sideboard_line.end() :]
            target = "sideboard"
        entry = _parse_card(line)
        if len(entry) == 2:  # (catalog key, arguments): a bad line
            key, args = entry
            errors.append(LineError.of(number, raw, key, **args))
            continue
        count, name, category = entry
        if category is not None and not sideboard_line:
            target = category
        if target == "main":
            if too_many or main_cards + count > MAX_DECK_CARDS:
                if not too_many:
                    errors.append(
                        LineError.of(number, raw, "deck-error-too-many-cards", max=MAX_DECK_CARDS)
                    )
                too_many = True
                continue
            main_cards += count
        _add(sections[target], count, name)
        seen_card = True
        if not sideboard_line:
            cards_since_header += 1

    return ParsedDeck(
        main=tuple(sections["main"].values()),
        commander=tuple(sections["commander"].values()),
        companion=tuple(sections["companion"].values()),
        sideboard=tuple(sections["sideboard"].values()),
        maybeboard=tuple(sections["maybeboard"].values()),
        errors=tuple(errors),
    )


def _clean(raw: str) -> str:
    """NFC, BOM removed, every whitespace run (tabs, no-break spaces) made one space."""
    text = unicodedata.normalize("NFC", raw.replace("\ufeff", ""))
    return _WHITESPACE.sub(" ", text).strip()


def _header(line: str) -> Section | str | None:
    """The section a header line starts, ``_LABEL`` for a type-group label such as
    ``Creatures (20)``, or None if the line is not a header."""
    match = _HEADER.match(line)
    if match is None:
        return None
    word = match["word"].lower()
    if word in _GROUP_LABELS:
        return _LABEL
    return _HEADER_WORDS.get(word)


def _starts_sideboard(raw: str) -> bool:
    """Whether a line explicitly marks a sideboard/maybeboard (header or ``SB:``)."""
    line = _clean(raw)
    return _header(line) in ("sideboard", "maybeboard") or bool(_SIDEBOARD_PREFIX.match(line))


def _error(key: str, **args: str | int) -> tuple[str, dict[str, str | int]]:
    """A bad line's ``(catalog key, arguments)`` (``decks.ftl``)."""
    return key, args


def _parse_card(
    line: str,
) -> tuple[int, str, Section | None] | tuple[str, dict[str, str | int]]:
    """``(count, name, category section or None)``, or an error as ``(catalog key,
    arguments)`` (``decks.ftl``)."""
    match = _COUNTED.match(line)
    if match is None:
        first = line.split(" ", 1)[0]
        if _COUNT_LIKE.match(first):
            shown = first if len(first) <= _SHOWN else first[: _SHOWN - 1] + "…"
            return _error("deck-error-count-not-whole", word=repr(shown), max=MAX_COUNT)
        return _error("deck-error-missing-count")
    count = int(match["count"])
    if not 1 <= count <= MAX_COUNT:
        return _error("deck-error-count-range", count=str(count), max=MAX_COUNT)
    name, category = _strip_decorations(match["rest"] or "")
    if not name:
        return _error("deck-error-missing-name")
    if len(name) > MAX_NAME_LENGTH:
        return _error("deck-error-name-too-long", max=MAX_NAME_LENGTH)
    return count, name, category


def _strip_decorations(rest: str) -> tuple[str, Section | None]:
    """Remove set codes, collector numbers, finishes, tags and categories."""
    category: Section | None = None
    name = _LEADING_SET.sub("", rest)
    name = _TRAILING_LABEL.sub("", name)
    name = _TAGS.sub("", name)
    name = _FORGE_EDITION.sub("", name)
    name = _ARENA_SPLIT.sub(" // ", name)
    while True:
        bracket = _TRAILING_BRACKET.search(name)
        if bracket is not None:
            category = _category(bracket["inside"]) or category
            name = name[: bracket.start()]
            continue
        for pattern in (_TRAILING_FINISH, _TRAILING_VARIANT, _TRAILING_SET):
            stripped = pattern.sub("", name)
            if stripped != name:
                name = stripped
                break
        else:
            return name.strip(), category


def _category(inside: str) -> Section | None:
    """The section named by an Archidekt category list such as ``Commander{top}``."""
    for part in inside.split(","):
        flags = re.findall(r"\{([^{}]*)\}", part)
        word = re.sub(r"\{[^{}]*\}", "", part).strip().lower()
        if word in _CATEGORY_SECTIONS:
            return _CATEGORY_SECTIONS[word]
        if any(flag.lower() == "nodeck" for flag in flags):
            return "maybeboard"
    return None


def _add(section: dict[str, DeckEntry], count: int, name: str) -> None:
    """Add ``count`` to the section's entry for ``name`` (case-insensitive merge)."""
    key = name.casefold()
    previous = section.get(key)
    if previous is None:
        section[key] = DeckEntry(count, name)
    else:
        section[key] = DeckEntry(previous.count + count, previous.name)
