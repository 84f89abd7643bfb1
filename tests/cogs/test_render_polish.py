"""Polish text from stored events and practice hands: no English left in boards, panels,
log lines or buttons; the Polish mulligan rules' words (seed 001: "ręka", "biblioteka",
"zrobić mulligana", "zatrzymać rękę", "scry 1"); the land names of Polish cards; CLDR
Polish plural forms (one, few, many) wherever a number is shown with a noun."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.engine import BingoOptions, MulliganRule
from bot.engine.actions import Reason
from bot.engine.events import event_from_json
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState
from bot.i18n import t
from cogs.bingo._render import event_line, reason_text, result_line, rules_text
from cogs.mulligan._render import card_name, percent, rule_name

from .render_helpers import ENGLISH, NAMES_AB, everything

LANDS = {"Równina", "Wyspa", "Bagno", "Góra", "Las"}


@pytest.mark.parametrize("rule", [MulliganRule.VANCOUVER, MulliganRule.LONDON])
def test_polish_text_has_no_english(rule: MulliganRule) -> None:
    """Polish boards, panels, log lines and buttons are Polish throughout."""
    seen = "\n".join(t for seed in range(6) for t in everything(seed, rule, "pl"))
    for text in seen.splitlines():
        assert not ENGLISH.search(text), text
    for word in ("Terytorium", "Stos odrzuconych", "Biblioteka", "Wyłóż", "Zatrzymaj"):
        assert word in seen, word
    assert any(land in seen for land in LANDS)


def test_log_lines_name_the_lands_of_polish_cards() -> None:
    """A land shown in a sentence stays in the nominative (as its name is printed)."""
    event = {"type": "counter", "player": 0, "land": 3, "discarded": [1, 4]}
    assert event_line(event_from_json(event), NAMES_AB, locale="pl") == (
        "Alice **kontruje** (💧 Wyspa + 🌳 Las)! 🔥 Góra trafia na stos odrzuconych kart."
    )
    destroy = {"type": "destroy", "player": 1, "target": 0, "land": 0}
    assert event_line(event_from_json(destroy), NAMES_AB, locale="pl") == (
        "Bob niszczy ląd gracza Alice: ☀️ Równina."
    )
    swamp = {"type": "discard", "player": 1, "land": 2}
    assert event_line(event_from_json(swamp), NAMES_AB, locale="pl") == "Bob odrzuca: 💀 Bagno."


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (1, "1 kolejka z rzędu bez ruchu w czasie"),
        (3, "3 kolejki z rzędu bez ruchu w czasie"),
        (5, "5 kolejek z rzędu bez ruchu w czasie"),
        (12, "12 kolejek z rzędu bez ruchu w czasie"),
        (22, "22 kolejki z rzędu bez ruchu w czasie"),
    ],
)
def test_plural_forms_follow_cldr_polish(n: int, expected: str) -> None:
    """one (1), few (2-4, 22-24 …) and many (5-21, 25 …): the noun follows the number."""
    assert reason_text(Reason.TIMEOUT, BingoOptions(max_timeouts=n), "pl") == expected


@pytest.mark.parametrize(
    ("n", "noun"), [(1, "kartę"), (2, "karty"), (4, "karty"), (5, "kart"), (11, "kart")]
)
def test_a_number_of_cards_takes_its_case(n: int, noun: str) -> None:
    """The accusative after a verb: 1 kartę, 2-4 karty, 5 and more kart."""
    line = t("pl", "bingo-prompt-bottom", n=n)
    assert line == f"**Połóż {n} {noun} na spód** biblioteki."


def test_the_words_of_the_polish_mulligan_rules() -> None:
    """The mulligan prompts reuse seed 001's words."""
    assert t("pl", "bingo-prompt-declare") == "**Zatrzymać rękę czy zrobić mulligana?**"
    assert t("pl", "bingo-event-declare-keep", who="Ala") == "Ala zatrzymuje rękę."
    assert t("pl", "bingo-event-scry-top", who="Ala") == (
        "Ala robi scry 1 i zostawia kartę na wierzchu."
    )
    assert "wtasuj rękę do biblioteki" in t("pl", "rules-mulligans")
    win = result_line({"winner": 1, "reason": Reason.FIVE_COLORS}, NAMES_AB, None, "pl")
    assert win == "🏆 **Bob** wygrywa: po jednym lądzie każdego koloru!"
    options = BingoOptions(free_first=True)
    assert rules_text(options, "pl") == "Mulligan Vancouver (2015), pierwszy darmowy"


def test_practice_in_polish() -> None:
    """Rule names, BingoMagic lands as printed on Polish cards and the decimal comma."""
    assert rule_name(MulliganRule.LONDON, "pl") == "Mulligan londyński (2019)"
    bingo, _ = PracticeState.new(5, PRESETS["bingomagic"], PracticeOptions())
    assert {card_name(bingo, k, "pl") for k in range(5)} <= LANDS
    assert {t("pl", f"land-{n}") for n in ("plains", "island", "swamp", "mountain", "forest")} == (
        LANDS
    )
    assert percent(Fraction(1, 3), "pl") == "33,33%"
