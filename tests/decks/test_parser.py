"""parse_decklist on real-world exports, tricky card names and bad lines."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import limits
from bot.decks.parser import (
    MAX_COUNT,
    MAX_DECK_CARDS,
    DeckEntry,
    LineError,
    ParsedDeck,
    parse_decklist,
)

# --- exports as the tools produce them --------------------------------------------------

ARENA = """\
About
Name Mono-Red Aggro

Companion
1 Lurrus of the Dream-Den (IKO) 226

Deck
4 Monastery Swiftspear (BRO) 144
4 Play with Fire (MID) 154
4 Kumano Faces Kakkazan (NEO) 152
20 Mountain (ANA) 1
2 Den of the Bugbear (AFR) 254

Sideboard
1 Lurrus of the Dream-Den (IKO) 226
3 Abrade (DMU) 1
2 Roiling Vortex (ZNR) 156
"""

ARENA_COMMANDER = """\
Commander
1 Atraxa, Praetors' Voice (2X2) 190

Deck
1 Sol Ring (C21) 263
1 Arcane Signet (M3C) 283
1 Emeria's Call // Emeria, Shattered Skyclave (ZNR) 12
1 Fire // Ice (MH2) 290
30 Forest (ZNR) 280
"""

MTGO = """\
4 Ragavan, Nimble Pilferer
4 Lightning Bolt
4 Fire // Ice
18 Mountain
2 Snow-Covered Mountain

3 Blood Moon
2 Kozilek's Return
"""

MTGO_HEADER = """\
4 Goblin Guide
20 Mountain

SIDEBOARD:
2 Smash to Smithereens
"""

MOXFIELD = """\
1 Atraxa, Praetors' Voice (2X2) 190 *F*
1 Sol Ring (C21) 263 #Ramp #!Artifact
1 Lim-Dûl's Vault (ALL) 21 *E*
1 Command Tower (CMM) 1006a
4 Island (PLST) SLD-63

SIDEBOARD:
1 Delver of Secrets // Insectile Aberration (ISD) 51 *F*
"""

ARCHIDEKT = """\
1x Atraxa, Praetors' Voice (2x2) 190 *F* [Commander{top}] ^Have,#37d67a^
1x Sol Ring (c21) 263 [Ramp,Artifact]
1x Cultivate (m21) 177 [Ramp]
1x Doubling Season (rvr) 139 [Maybeboard{noDeck}{noPrice},Enchantment]
1x Negate (m20) 69 [Sideboard]
10x Forest (znr) 280 [Land]
"""

MTGGOLDFISH = """\
4 Lightning Bolt <retro> [2X2]
4 Ragavan, Nimble Pilferer [MH2]
16 Mountain <251> [THB]

2 Blood Moon [M20]
"""

COCKATRICE = """\
// Deck file for Cockatrice
// 24 Maindeck
// 4 Instant
4 Lightning Bolt

// 20 Land
20 Mountain

// 2 Sideboard
SB: 2 Pyroblast
"""

FORGE = """\
[metadata]
Name=Burn
[Main]
4 Lightning Bolt|M10
20 Mountain
[Sideboard]
2 Smash to Smithereens
"""


def _names(entries: tuple[DeckEntry, ...]) -> list[tuple[int, str]]:
    return [(entry.count, entry.name) for entry in entries]


def test_arena_export_main_deck() -> None:
    """Arena: the Deck section is the main deck, set codes and numbers dropped."""
    deck = parse_decklist(ARENA)
    assert _names(deck.main) == [
        (4, "Monastery Swiftspear"),
        (4, "Play with Fire"),
        (4, "Kumano Faces Kakkazan"),
        (20, "Mountain"),
        (2, "Den of the Bugbear"),
    ]


def test_arena_export_other_sections() -> None:
    """Arena: About/Name are skipped; Companion and Sideboard go to their sections."""
    deck = parse_decklist(ARENA)
    assert deck.ok and deck.main_count == 34
    assert _names(deck.companion) == [(1, "Lurrus of the Dream-Den")]
    assert _names(deck.sideboard) == [
        (1, "Lurrus of the Dream-Den"),
        (3, "Abrade"),
        (2, "Roiling Vortex"),
    ]


def test_arena_commander_export() -> None:
    """Arena Brawl/Commander: the commander is separate from the 99."""
    deck = parse_decklist(ARENA_COMMANDER)
    assert _names(deck.commander) == [(1, "Atraxa, Praetors' Voice")]
    assert deck.main_count == 34 and deck.errors == ()
    assert (1, "Emeria's Call // Emeria, Shattered Skyclave") in _names(deck.main)


def test_mtgo_blank_line_starts_sideboard() -> None:
    """MTGO .txt: the cards after the blank line are the sideboard."""
    deck = parse_decklist(MTGO)
    assert deck.main_count == 32
    assert _names(deck.sideboard) == [(3, "Blood Moon"), (2, "Kozilek's Return")]


@pytest.mark.parametrize(
    ("text", "main", "sideboard"),
    [
        # A ``SIDEBOARD:`` header (MTGO, Moxfield) starts the sideboard.
        pytest.param(
            MTGO_HEADER,
            [(4, "Goblin Guide"), (20, "Mountain")],
            [(2, "Smash to Smithereens")],
            id="mtgo-sideboard-header",
        ),
        # Moxfield: foil/etched markers, tags and odd collector numbers are dropped.
        pytest.param(
            MOXFIELD,
            [
                (1, "Atraxa, Praetors' Voice"),
                (1, "Sol Ring"),
                (1, "Lim-Dûl's Vault"),
                (1, "Command Tower"),
                (4, "Island"),
            ],
            [(1, "Delver of Secrets // Insectile Aberration")],
            id="moxfield",
        ),
        # MTGGoldfish: ``<variant>`` and ``[SET]`` are dropped; blank line → sideboard.
        pytest.param(
            MTGGOLDFISH,
            [(4, "Lightning Bolt"), (4, "Ragavan, Nimble Pilferer"), (16, "Mountain")],
            [(2, "Blood Moon")],
            id="mtggoldfish",
        ),
        # Cockatrice: ``//`` comments are ignored and ``SB:`` lines are the sideboard.
        pytest.param(
            COCKATRICE,
            [(4, "Lightning Bolt"), (20, "Mountain")],
            [(2, "Pyroblast")],
            id="cockatrice",
        ),
        # Forge .dck: [metadata] is skipped and [Main]/[Sideboard] are headers.
        pytest.param(
            FORGE,
            [(4, "Lightning Bolt"), (20, "Mountain")],
            [(2, "Smash to Smithereens")],
            id="forge",
        ),
    ],
)
def test_an_export_s_main_deck_and_sideboard(
    text: str, main: list[tuple[int, str]], sideboard: list[tuple[int, str]]
) -> None:
    """Each site's or program's export: its main deck and sideboard, with the site's own
    markers dropped (see each case's comment)."""
    deck = parse_decklist(text)
    assert _names(deck.main) == main
    assert _names(deck.sideboard) == sideboard


def test_archidekt_export_main_deck() -> None:
    """Archidekt: ``1x`` counts, lowercase set codes, categories and labels dropped."""
    deck = parse_decklist(ARCHIDEKT)
    assert _names(deck.main) == [(1, "Sol Ring"), (1, "Cultivate"), (10, "Forest")]


def test_archidekt_categories_pick_sections() -> None:
    """Archidekt: Commander, Sideboard and {noDeck} categories move the card."""
    deck = parse_decklist(ARCHIDEKT)
    assert _names(deck.commander) == [(1, "Atraxa, Praetors' Voice")]
    assert _names(deck.sideboard) == [(1, "Negate")]
    assert _names(deck.maybeboard) == [(1, "Doubling Season")]


# --- names ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "Ach! Hans, Run!",
        '"Ach! Hans, Run!"',
        "Lim-Dûl's Vault",
        "Fire // Ice",
        "Borrowing 100,000 Arrows",
        "Jötun Grunt",
        "Circle of Protection: Red",
        "Who // What // When // Where // Why",
        "Æther Vial",
        "B.F.M. (Big Furry Monster)",
        "Erase (Not the Urza's Legacy One)",
        "Kongming, \u201cSleeping Dragon\u201d",
        "_____",
        "1996 World Champion",
    ],
)
def test_names_are_kept_exactly(name: str) -> None:
    """Punctuation, quotes, accents, digits and non-set parentheses stay in the name."""
    assert parse_decklist(f"2 {name}").main == (DeckEntry(2, name),)


@pytest.mark.parametrize("name", ["Borrowing 100,000 Arrows", "Lim-Dûl's Vault", "Fire // Ice"])
def test_names_keep_exact_spelling_before_a_set_code(name: str) -> None:
    """A set code and collector number after a tricky name are still removed."""
    assert parse_decklist(f"1 {name} (ABC) 12a *F*").main == (DeckEntry(1, name),)


@pytest.mark.parametrize("line", ["4x Lightning Bolt", "4X Lightning Bolt", "4\tLightning Bolt"])
def test_count_forms(line: str) -> None:
    """``4x``, ``4X`` and a tab after the count are all accepted."""
    assert parse_decklist(line).main == (DeckEntry(4, "Lightning Bolt"),)


def test_whitespace_inside_names_is_normalised() -> None:
    """Runs of spaces and no-break spaces inside a name become one space."""
    assert parse_decklist("1  Sol\u00a0 Ring  ").main == (DeckEntry(1, "Sol Ring"),)


def test_decomposed_accents_are_normalised_to_nfc() -> None:
    """A name typed with combining accents equals the precomposed spelling."""
    decomposed = "Jo\u0308tun Grunt"
    assert parse_decklist(f"1 {decomposed}").main == (DeckEntry(1, "Jötun Grunt"),)


def test_arena_split_separator_becomes_oracle_form() -> None:
    """Arena's ``Expansion /// Explosion`` is read as ``Expansion // Explosion``."""
    deck = parse_decklist("2 Expansion /// Explosion (GRN) 224")
    assert deck.main == (DeckEntry(2, "Expansion // Explosion"),)


def test_leading_set_code_is_dropped() -> None:
    """MWS-style ``4 [M10] Lightning Bolt`` keeps only the name."""
    assert parse_decklist("4 [M10] Lightning Bolt").main == (DeckEntry(4, "Lightning Bolt"),)


def test_same_card_on_two_lines_is_merged() -> None:
    """Two printings of one card (any case) add up under the first spelling."""
    deck = parse_decklist("2 Island (ZNR) 381\n3 island (ZNR) 382\n1 Opt")
    assert deck.main == (DeckEntry(5, "Island"), DeckEntry(1, "Opt"))


# --- sections and blank lines ------------------------------------------------------------


@pytest.mark.parametrize(
    "header", ["Sideboard", "sideboard:", "SIDEBOARD", "Sideboard (15)", "// Sideboard"]
)
def test_sideboard_header_spellings(header: str) -> None:
    """Header case, a trailing colon, a count or a ``//`` prefix do not matter."""
    deck = parse_decklist(f"4 Opt\n{header}\n2 Negate")
    assert _names(deck.sideboard) == [(2, "Negate")]


def test_maybeboard_is_not_part_of_the_deck() -> None:
    """Maybeboard cards are parsed separately from the main deck and the sideboard."""
    deck = parse_decklist("Deck\n4 Opt\nMaybeboard\n1 Brainstorm")
    assert (_names(deck.main), _names(deck.maybeboard), deck.sideboard) == (
        [(4, "Opt")],
        [(1, "Brainstorm")],
        (),
    )


def test_blank_lines_at_the_start_are_ignored() -> None:
    """Blank lines before the first card do not start a sideboard."""
    deck = parse_decklist("\n\n4 Opt\n4 Brainstorm")
    assert deck.main_count == 8 and deck.sideboard == ()


def test_blank_line_after_a_header_is_ignored() -> None:
    """A blank line right after ``Deck`` keeps the cards in the main deck."""
    deck = parse_decklist("Deck\n\n4 Opt")
    assert deck.main == (DeckEntry(4, "Opt"),) and deck.sideboard == ()


def test_trailing_blank_lines_are_ignored() -> None:
    """Blank lines at the end start nothing."""
    deck = parse_decklist("4 Opt\n\n\n")
    assert deck.main == (DeckEntry(4, "Opt"),) and deck.sideboard == ()


def test_blank_lines_inside_the_sideboard_keep_it() -> None:
    """Once in the sideboard, further blank lines change nothing."""
    deck = parse_decklist("4 Opt\n\n2 Negate\n\n1 Duress")
    assert _names(deck.sideboard) == [(2, "Negate"), (1, "Duress")]


def test_blank_lines_are_spacing_when_a_sideboard_header_exists() -> None:
    """With an explicit Sideboard header, blank lines inside the main deck are spacing."""
    deck = parse_decklist("4 Opt\n\n4 Brainstorm\n\nSideboard\n2 Negate")
    assert deck.main_count == 8 and _names(deck.sideboard) == [(2, "Negate")]


def test_blank_lines_are_spacing_when_sb_lines_exist() -> None:
    """With ``SB:`` lines present, a blank line does not start the sideboard."""
    deck = parse_decklist("4 Opt\n\n4 Brainstorm\nSB: 2 Negate")
    assert deck.main_count == 8 and _names(deck.sideboard) == [(2, "Negate")]


def test_type_group_labels_are_skipped() -> None:
    """``Creatures (4)``-style group labels are not errors and keep the main deck."""
    deck = parse_decklist("Creatures (4)\n4 Goblin Guide\n\nLands (20)\n20 Mountain")
    assert deck.ok and deck.main_count == 24 and deck.sideboard == ()


def test_blank_after_commander_returns_to_main() -> None:
    """Cards after the Commander section and a blank line are the main deck."""
    deck = parse_decklist("Commander\n1 Atraxa, Praetors' Voice\n\n1 Sol Ring")
    assert _names(deck.commander) == [(1, "Atraxa, Praetors' Voice")]
    assert deck.main == (DeckEntry(1, "Sol Ring"),) and deck.sideboard == ()


def test_sideboard_prefix_does_not_change_section() -> None:
    """A ``SB:`` line goes to the sideboard; the next plain line is main deck again."""
    deck = parse_decklist("4 Opt\nSB: 2 Negate\n4 Brainstorm")
    assert _names(deck.main) == [(4, "Opt"), (4, "Brainstorm")]


def test_crlf_line_endings() -> None:
    """Windows line endings parse like Unix ones, including the blank-line rule."""
    deck = parse_decklist("4 Opt\r\n\r\n2 Negate\r\n")
    assert (_names(deck.main), _names(deck.sideboard)) == ([(4, "Opt")], [(2, "Negate")])


def test_empty_text_is_an_empty_deck() -> None:
    """Nothing pasted: no cards and no errors."""
    assert parse_decklist("") == ParsedDeck(main=())


# --- bad lines ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "reason_part"),
    [
        ("Lightning Bolt", "missing count"),
        ("four Lightning Bolt", "missing count"),
        ("0 Lightning Bolt", "count 0 is not between 1 and 999"),
        ("1000 Lightning Bolt", "count 1000 is not between 1 and 999"),
        ("4.5 Lightning Bolt", "not a whole number"),
        ("-1 Lightning Bolt", "not a whole number"),
        ("4", "missing card name"),
        ("4x", "missing card name"),
        ("4 (M10) 146", "missing card name"),
        ("1 " + "x" * 201, "longer than 200"),
    ],
)
def test_bad_line_is_reported(line: str, reason_part: str) -> None:
    """Each kind of bad line gives an error with its reason, and no card."""
    deck = parse_decklist(line)
    assert not deck.ok and deck.main == ()
    assert deck.errors[0].line == line and reason_part in deck.errors[0].reason


def test_max_count_is_accepted() -> None:
    """A count of exactly 999 is still a valid line (here in the sideboard, which no
    deck bound applies to)."""
    deck = parse_decklist(f"4 Opt\nSideboard\n{MAX_COUNT} Relentless Rats")
    assert deck.ok and deck.sideboard == (DeckEntry(MAX_COUNT, "Relentless Rats"),)


def test_deck_over_the_bound_is_one_error_and_never_added_up() -> None:
    """666 lines of "999 a" (665,334 cards today) give one error at the first line that
    passes DECK_CARDS, and the main deck never holds more than the bound."""
    deck = parse_decklist("999 a\n" * 666)
    assert not deck.ok and deck.main_count <= MAX_DECK_CARDS == limits.DECK_CARDS
    assert len(deck.errors) == 1 and deck.errors[0].line_number == 1
    assert f"passes {limits.DECK_CARDS} cards" in deck.errors[0].reason


def test_deck_of_exactly_the_bound_is_accepted() -> None:
    """250 cards over many lines are fine; one more card is refused at its line."""
    text = "60 Forest\n" + "\n".join(f"1 Card {i}" for i in range(190))
    assert parse_decklist(text).ok and parse_decklist(text).main_count == 250
    over = parse_decklist(text + "\n1 Opt")
    assert [e.line_number for e in over.errors] == [192] and over.main_count == 250


def test_long_bad_word_is_shortened_in_the_reason() -> None:
    """A 3,046-character "count" is quoted in at most 20 characters."""
    deck = parse_decklist("4" + "a" * 3045 + " Bolt")
    assert len(deck.errors[0].reason) < 100 and "…" in deck.errors[0].reason


def test_errors_carry_one_based_line_numbers() -> None:
    """Errors name the 1-based line (blank lines and headers count) and the raw text."""
    deck = parse_decklist("Deck\n4 Opt\n\nBolt\n0 Shock  ")
    assert [(e.line_number, e.line) for e in deck.errors] == [(4, "Bolt"), (5, "0 Shock  ")]


def test_good_lines_are_still_parsed_next_to_bad_ones() -> None:
    """A bad line does not hide the other cards (callers still refuse to save)."""
    deck = parse_decklist("4 Opt\nBolt\n2 Brainstorm")
    assert deck.main_count == 6 and deck.errors == (LineError(2, "Bolt", deck.errors[0].reason),)


# --- properties ---------------------------------------------------------------------------

_NAME_CHARS = st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ,'!:-Æûö")


@given(st.text())
def test_any_text_parses_without_raising(text: str) -> None:
    """parse_decklist never raises; every error points at an existing line."""
    deck = parse_decklist(text)
    lines = text.splitlines()
    assert all(1 <= error.line_number <= len(lines) for error in deck.errors)


@given(
    st.lists(
        st.tuples(
            st.integers(1, 12),
            st.lists(st.text(_NAME_CHARS, min_size=1, max_size=12), min_size=1, max_size=4).map(
                " ".join
            ),
        ),
        min_size=1,
        max_size=20,
        unique_by=lambda entry: entry[1].casefold(),
    ).filter(lambda entries: sum(count for count, _ in entries) <= MAX_DECK_CARDS)
)
def test_plain_lists_round_trip(entries: list[tuple[int, str]]) -> None:
    """``count name`` lines (a deck within the bound) parse back to exactly those
    entries in order."""
    deck = parse_decklist("\n".join(f"{count} {name}" for count, name in entries))
    assert deck.ok and _names(deck.main) == entries
