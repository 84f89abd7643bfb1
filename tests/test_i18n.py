"""The Fluent catalogs: every key in every language, with the same placeholders."""

from __future__ import annotations

import re

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor as FluentVisitor

from bot.i18n import DEFAULT, LANGUAGES, catalog_files, language_of, t
from tests.fluent_helpers import message_variables


def _messages(language: str) -> dict[str, ast.Message]:
    """Every message of ``language``'s catalogs, by key; fails on syntax errors and
    on a key defined twice."""
    parser = FluentParser()
    found: dict[str, ast.Message] = {}
    for path in catalog_files(language):
        resource = parser.parse(path.read_text(encoding="utf-8"))
        for entry in resource.body:
            assert not isinstance(entry, ast.Junk), f"{path}: {entry.annotations}"
            if isinstance(entry, ast.Message):
                key = entry.id.name
                assert key not in found, f"{path}: {key} defined twice"
                found[key] = entry
    return found


def _plural_selectors(node: object) -> set[str]:
    """Variables that select between plural forms (``{$n -> [one] … *[other] …}``)."""
    names: set[str] = set()

    class Visitor(FluentVisitor):
        def visit_SelectExpression(self, select: ast.SelectExpression) -> None:  # noqa: N802
            keys = {getattr(v.key, "name", None) for v in select.variants}
            if keys & {"zero", "one", "two", "few", "many", "other"} and isinstance(
                select.selector, ast.VariableReference
            ):
                names.add(select.selector.id.name)
            self.generic_visit(select)

    Visitor().visit(node)
    return names


ENGLISH = _messages(DEFAULT)


def test_catalogs_exist_and_are_not_empty() -> None:
    """Every language has catalogs, and English has messages."""
    for language in LANGUAGES:
        assert catalog_files(language), language
    assert len(ENGLISH) >= 5


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != DEFAULT])
def test_every_key_in_every_language(language: str) -> None:
    """No key is missing, and none is left over, in any language."""
    other = _messages(language)
    assert sorted(set(ENGLISH) - set(other)) == []
    assert sorted(set(other) - set(ENGLISH)) == []


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != DEFAULT])
def test_placeholders_and_plurals_agree(language: str) -> None:
    """A translation uses exactly the placeholders of the English message, has the same
    attributes, and takes its plural forms from the same variables."""
    other = _messages(language)
    for key, english in ENGLISH.items():
        theirs = other.get(key)
        if theirs is None:
            continue
        assert message_variables(theirs) == message_variables(english), key
        assert {a.id.name for a in theirs.attributes} == {a.id.name for a in english.attributes}, (
            key
        )
        assert _plural_selectors(theirs) <= message_variables(english), key


def test_command_names_are_valid_discord_names() -> None:
    """Localized command and option names follow Discord's rule: lower case, no spaces,
    1 to 32 characters; descriptions 1 to 100 characters."""
    name_rule = re.compile(r"^[-_\w]{1,32}$")
    for language in LANGUAGES:
        for key, message in _messages(language).items():
            if not key.startswith(("cmd-", "choice-")):
                continue
            for attribute in message.attributes:
                text = "".join(
                    e.value for e in attribute.value.elements if isinstance(e, ast.TextElement)
                )
                if attribute.id.name == "name" and key.startswith("cmd-"):
                    assert name_rule.match(text) and text == text.lower(), (language, key, text)
                elif attribute.id.name == "name":
                    assert 1 <= len(text) <= 100, (language, key, text)
                if attribute.id.name == "description":
                    assert 1 <= len(text) <= 100, (language, key, text)


def _command_names(language: str) -> dict[str, str]:
    """Every localized command, group and option name of ``language``, by key."""
    names: dict[str, str] = {}
    for key, message in _messages(language).items():
        for attribute in message.attributes:
            if key.startswith("cmd-") and attribute.id.name == "name":
                names[key] = "".join(
                    e.value for e in attribute.value.elements if isinstance(e, ast.TextElement)
                )
    return names


@pytest.mark.parametrize("language", LANGUAGES)
def test_command_names_join_words_as_the_english_ones_do(language: str) -> None:
    """Discord allows ``-`` and ``_`` in names; the bot's English joins the words of a
    command or group with ``-`` (``house-rules``, ``end-round``) and those of an option
    with ``_`` (``free_first``, ``min_games``). A name never mixes the two, and where the
    English name joins words, the translation joins its own the same way."""
    english = _command_names(DEFAULT)
    for key, name in _command_names(language).items():
        assert not ("-" in name and "_" in name), (language, key, name)
        for separator, other in (("-", "_"), ("_", "-")):
            if separator in english.get(key, ""):
                assert other not in name, (language, key, name, english[key])


def test_language_of_maps_discord_locales() -> None:
    """Discord locales map to catalogs; anything unknown falls back to English."""
    assert language_of("it") == "it"
    assert language_of("pl") == "pl"
    assert language_of("en-US") == "en"
    assert language_of("en-GB") == "en"
    assert language_of("ja") == "ja"
    assert language_of("ko") == DEFAULT
    assert language_of(None) == DEFAULT


def test_a_missing_key_is_shown_as_the_key() -> None:
    """A key in no catalog shows itself rather than failing."""
    assert t("it", "no-such-key-anywhere") == "no-such-key-anywhere"


def test_italian_names_permissions_as_discords_italian_client() -> None:
    """A permission is named as Discord's Italian client names it ("Gestisci server",
    "Gestisci messaggi", "Gestisci thread"), the same in every message, so a member finds
    it in the server's settings."""
    other = re.compile(r"Gestire (il server|i messaggi|i thread)")
    bad = [
        f"{path.name}: {line}"
        for path in catalog_files("it")
        for line in path.read_text(encoding="utf-8").splitlines()
        if other.search(line)
    ]
    assert not bad, "\n".join(bad)


def test_plain_messages_format_as_fluent_does() -> None:
    """:func:`bot.i18n._format` puts text and small whole numbers into plain messages
    (text and variables only) itself: the result is Fluent's own, for every such
    message of every catalog; messages with selectors or functions are left to Fluent."""
    from bot import i18n

    plain = 0
    for language in i18n.LANGUAGES:
        catalog = i18n.bundle(language)
        for key in catalog._messages:
            parts = i18n._plain(language, key)
            if parts is None:
                continue
            plain += 1
            names = [part for literal, part in parts if not literal]
            for values in (["bob", "Ünï 名前", "", "{ $x }"], [0, 7, 999]):
                args = {name: values[i % len(values)] for i, name in enumerate(names)}
                expected, _ = catalog.format_pattern(catalog.get_message(key).value, args)
                assert i18n._format(language, key, args) == expected, (language, key, args)
    assert plain > 1000
    # a selector on a number (plural forms) is Fluent's to resolve
    assert i18n._plain("en", "bingo-board-library-size") is None
    assert i18n._format("en", "bingo-board-library-size", {"n": 1}) == "1 card"
    assert i18n._format("en", "bingo-board-library-size", {"n": 2}) == "2 cards"
