"""Counts in the catalogs take their plural forms from Fluent selectors.

A count shown next to a noun ("1 lands", "Choose 1 card(s)") must be worded through a
selector on that count, ``{ $n -> [one] … *[other] … }`` (Polish: one, few, many,
other), never with "(s)" and never as a bare ``{ $n } lands``. Japanese has no plural
forms (CLDR: only ``other``), so it is not checked here.
"""

from __future__ import annotations

import re

import pytest
from fluent.syntax import FluentParser, ast

from bot.i18n import catalog_files, t

#: Nouns (and participles that agree with a number) that change with a count, by
#: language: a variable placeable directly followed by one of these must sit inside a
#: selector on that variable.
COUNT_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        """card cards land lands hand hands match matches day days deck decks simulation
        simulations simulated turn turns second seconds channel channels tournament
        tournaments player players challenge challenges character characters spell spells
        mulligan mulligans minute minutes hour hours game games time times rated""".split()
    ),
    "it": frozenset(
        """carta carte terra terre mano mani partita partite giorno giorni mazzo mazzi
        simulazione simulazioni turno turni secondo secondi canale canali torneo tornei
        giocatore giocatori sfida sfide carattere caratteri magia magie minuto minuti
        ora ore volta volte giocata giocate""".split()
    ),
    "pl": frozenset(
        """karta karty kart ląd lądy lądów ręka ręce rąk mecz mecze meczów partia partie
        partii dzień dni talia talie talii symulacja symulacje symulacji symulowanych
        symulowane kolejka kolejki kolejek tura tury sekunda sekundy sekund kanał kanały
        kanałów turniej turnieje turniejów gracz gracze graczy wyzwanie wyzwania wyzwań
        znak znaki znaków zaklęcie zaklęcia zaklęć mulligan mulligany mulliganów minuta
        minuty minut godzina godziny godzin raz razy rozdanie rozdania rozdań""".split()
    ),
}

#: Variables that hold names, never counts ("{ $who } mulligans", "{ $territory } Hand").
NAME_VARIABLES = frozenset({"who", "rule", "challenger", "member", "territory", "a", "b"})

_WORD = re.compile(r"^\s(\w+)")


def _patterns(language: str) -> list[tuple[str, ast.Pattern]]:
    """Every message and term pattern (values and attributes) of ``language``."""
    found: list[tuple[str, ast.Pattern]] = []
    for path in catalog_files(language):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(entry, ast.Message | ast.Term):
                continue
            if entry.value is not None:
                found.append((entry.id.name, entry.value))
            found += [(f"{entry.id.name}.{a.id.name}", a.value) for a in entry.attributes]
    return found


def _bare_counts(pattern: ast.Pattern, selected: frozenset[str], words: frozenset[str]) -> list:
    """``(variable, word)`` for each ``{ $var } word`` with ``word`` in ``words`` that no
    selector on ``$var`` encloses."""
    bad = []
    elements = pattern.elements
    for index, element in enumerate(elements):
        if not isinstance(element, ast.Placeable):
            continue
        expression = element.expression
        if isinstance(expression, ast.SelectExpression):
            inner = selected
            if isinstance(expression.selector, ast.VariableReference):
                inner = selected | {expression.selector.id.name}
            for variant in expression.variants:
                bad += _bare_counts(variant.value, inner, words)
            continue
        if not isinstance(expression, ast.VariableReference):
            continue
        following = elements[index + 1] if index + 1 < len(elements) else None
        if not isinstance(following, ast.TextElement):
            continue
        match = _WORD.match(following.value)
        name = expression.id.name
        if match and match[1].casefold() in words and name not in selected | NAME_VARIABLES:
            bad.append((name, match[1]))
    return bad


@pytest.mark.parametrize("language", sorted(COUNT_WORDS))
def test_every_count_next_to_a_noun_has_a_plural_selector(language: str) -> None:
    """No "{ $lands } lands" outside a selector on ``$lands``, in en, it and pl."""
    bad = [
        (key, name, word)
        for key, pattern in _patterns(language)
        for name, word in _bare_counts(pattern, frozenset(), COUNT_WORDS[language])
    ]
    assert bad == []


def test_no_english_text_writes_a_plural_as_s_in_brackets() -> None:
    """ "card(s)" is never shown: the count's selector picks "card" or "cards"."""
    bad = [
        key
        for key, pattern in _patterns("en")
        for element in pattern.elements
        if isinstance(element, ast.TextElement) and "(s)" in element.value
    ]
    bad += [key for key, pattern in _patterns("en") if "(s)" in _all_text(pattern)]
    assert sorted(set(bad)) == []


def _all_text(pattern: ast.Pattern) -> str:
    """Every text element of ``pattern``, selectors' variants included."""
    parts: list[str] = []
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            parts.append(element.value)
        elif isinstance(element, ast.Placeable) and isinstance(
            element.expression, ast.SelectExpression
        ):
            parts += [_all_text(v.value) for v in element.expression.variants]
    return "".join(parts)


@pytest.mark.parametrize(
    ("language", "key", "args", "expected"),
    [
        ("en", "mulligan-prompt-bottom", {"count": 1}, "Choose 1 card to put"),
        ("en", "mulligan-prompt-bottom", {"count": 2}, "Choose 2 cards to put"),
        ("en", "mulligan-odds-lands-row", {"lands": 1}, "1 land:"),
        ("en", "mulligan-deck-line", {"name": "B", "count": 60, "lands": 1}, "60 cards, 1 land"),
        ("pl", "mulligan-odds-lands-row", {"lands": 2}, "2 lądy:"),
        ("pl", "mulligan-odds-lands-row", {"lands": 5}, "5 lądów:"),
        ("pl", "mulligan-odds-kept-row", {"size": 1}, "1 karta:"),
        ("pl", "mulligan-odds-kept-row", {"size": 22}, "22 karty:"),
        ("it", "mulligan-odds-kept-row", {"size": 1}, "1 carta:"),
    ],
)
def test_counts_read_naturally(language: str, key: str, args: dict, expected: str) -> None:
    """A few counts as shown, singular and plural forms."""
    assert expected in t(language, key, **args)
