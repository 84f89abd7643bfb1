"""The /mulligan texts in every language: catalogs that format, Italian rule
names from the Italian source, localized numbers, parser reasons and the coach."""

from __future__ import annotations

from fractions import Fraction

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor as FluentVisitor

from bot.decks.parser import parse_decklist
from bot.engine import MulliganRule
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState
from bot.i18n import LANGUAGES, LOCALES_DIR, attribute, bundle, t
from cogs.mulligan._render import card_name, hand_embed, percent, rule_name
from cogs.mulligan._service import coach

#: The catalog files of /mulligan.
FILES = ("mulligan.ftl", "decks.ftl")


def _variables(message: ast.Message) -> set[str]:
    """The ``$variables`` a message uses."""
    names: set[str] = set()

    class Visitor(FluentVisitor):
        def visit_VariableReference(self, ref: ast.VariableReference) -> None:  # noqa: N802
            names.add(ref.id.name)

    Visitor().visit(message)
    return names


def _messages(language: str) -> dict[str, ast.Message]:
    found = {}
    for name in FILES:
        resource = FluentParser().parse((LOCALES_DIR / language / name).read_text("utf-8"))
        found.update({m.id.name: m for m in resource.body if isinstance(m, ast.Message)})
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_mulligan_message_formats_without_errors(language: str) -> None:
    """Each message of mulligan.ftl and decks.ftl formats cleanly: its placeholders
    filled, and the command names it quotes from commands.ftl found."""
    catalog = bundle(language)
    checked = 0
    for key, message in _messages(language).items():
        args = {name: 2 for name in _variables(message)}
        text, errors = catalog.format_pattern(catalog.get_message(key).value, args)
        assert not errors and text and "{" not in text, (language, key, errors, text)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("rule", list(MulliganRule))
def test_italian_rule_names_follow_the_italian_source(rule: MulliganRule) -> None:
    """The practice footer and the command choices name each rule alike; the Italian
    follows the Italian source ("Paris Mulligan", "Vancouver Mulligan", the "primo
    mulligan ufficiale" of 1994); English keeps the engine's titles."""
    for language in LANGUAGES:
        assert attribute(language, f"choice-{rule.value}", "name") == rule_name(rule, language)
    assert rule_name(rule, "en") == rule.title
    italian = rule_name(rule, "it")
    if rule is MulliganRule.EARLY_1994:
        assert italian == "Primo mulligan ufficiale (1994)"
    else:
        assert italian.endswith(("Mulligan", ")")) and "Mulligan" in italian


def test_percentages_use_the_readers_decimal_sign() -> None:
    assert percent(Fraction(1, 3)) == "33.33%"
    assert percent(Fraction(1, 3), "it") == "33,33%"
    assert percent(0.5, "en-GB", places=1) == "50.0%"


def test_parser_reasons_in_every_language() -> None:
    """A bad line keeps its English reason and gives it in Italian on request."""
    deck = parse_decklist("four Mountains\n0 Island\n4\n")
    english = [e.reason for e in deck.errors]
    assert english[0] == "missing count (write it as '4 Card Name')"
    italian = [e.localized("it") for e in deck.errors]
    assert italian == [
        "manca il numero di copie (scrivi '4 Nome della carta')",
        "il numero 0 non è compreso tra 1 e 999",
        "manca il nome della carta",
    ]
    assert [e.localized("en-US") for e in deck.errors] == english


def test_the_coach_and_hand_in_italian_name_no_english_card() -> None:
    """The coach's words and the hand of a preset deck are Italian, the preset's cards
    included ("Terra", "Magia"; the BingoMagic lands by the rulebook's names)."""
    state, _ = PracticeState.new(5, PRESETS["constructed"], PracticeOptions())
    state.apply("keep")
    text, _ = coach(state, "it")
    assert text.startswith("**Allenatore.** ") and "**Cosa decide:** tenendo queste 7 carte" in text
    assert "Land" not in text and "Spell" not in text and "Le tue prossime pescate:" in text
    embed = hand_embed(state, text, "it")
    assert embed.title == "Mano iniziale — Constructed (60 carte, 24 terre)"
    shown = " ".join(f"{f.name} {f.value}" for f in embed.fields)
    assert "Land" not in shown and "Spell" not in shown
    bingo, _ = PracticeState.new(5, PRESETS["bingomagic"], PracticeOptions())
    names = {card_name(bingo, k, "it") for k in range(5)}
    assert names == {
        t("it", f"land-{n}") for n in ("plains", "island", "swamp", "mountain", "forest")
    }
    assert names == {"Pianura", "Isola", "Palude", "Montagna", "Foresta"}
