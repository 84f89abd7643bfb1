"""What a Discord user reads never points into the repository: no catalog text, in any
language, names a path such as ``docs/RULES.md`` (a Discord user cannot open it)."""

from __future__ import annotations

import re

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

from bot.i18n import LANGUAGES, catalog_files, t

#: A repository path or a Markdown file name.
REPOSITORY_PATH = re.compile(r"docs/|\.md\b", re.IGNORECASE)


def _visible_texts(language: str) -> list[tuple[str, str]]:
    """``(key, text)`` for every piece of text of every message and attribute (the parts
    users see; comments are for translators)."""
    found: list[tuple[str, str]] = []

    class Texts(Visitor):
        key = ""

        def visit_TextElement(self, node: ast.TextElement) -> None:  # noqa: N802
            found.append((self.key, node.value))

        def visit_StringLiteral(self, node: ast.StringLiteral) -> None:  # noqa: N802
            found.append((self.key, node.value))

    texts = Texts()
    for path in catalog_files(language):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        for entry in resource.body:
            if isinstance(entry, ast.Message | ast.Term):
                texts.key = f"{path.name}:{entry.id.name}"
                if entry.value is not None:
                    texts.visit(entry.value)
                for attribute in entry.attributes:
                    texts.visit(attribute.value)
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_user_visible_text_names_a_repository_path(language: str) -> None:
    texts = _visible_texts(language)
    assert len(texts) > 100
    assert [(key, text) for key, text in texts if REPOSITORY_PATH.search(text)] == []


@pytest.mark.parametrize(
    ("language", "one", "two", "five"),
    [
        ("en", "one Swiss round", "2 Swiss rounds", "5 Swiss rounds"),
        ("it", "un turno svizzero", "2 turni svizzeri", "5 turni svizzeri"),
        ("pl", "1 runda szwajcarska", "2 rundy szwajcarskie", "5 rund szwajcarskich"),
        ("ja", "スイス式1回戦", "スイス式2回戦", "スイス式5回戦"),
    ],
)
def test_tournament_rounds_take_their_plural_form(
    language: str, one: str, two: str, five: str
) -> None:
    """CLDR plural forms: "1 Swiss rounds" never shows (Polish one/few/many)."""
    for rounds, words in ((1, one), (2, two), (5, five)):
        assert words in t(language, "tournament-started", name="Cup", count=4, rounds=rounds)
    assert "2 gracze" in t("pl", "tournament-started", name="Cup", count=2, rounds=1)
    assert "one minute a round" in t(
        "en", "tournament-signup", name="Cup", id=1, rounds=1, minutes=1, cut=0, count=0,
        players="",
    )  # fmt: skip


def test_english_spells_color_one_way() -> None:
    """The English catalog uses Magic's spelling, "color" (as the Comprehensive Rules
    and docs/RULES.md do), everywhere users read it."""
    texts = [text for _, text in _visible_texts("en")]
    assert any(re.search(r"\bcolors?\b", text) for text in texts)
    assert [text for text in texts if re.search(r"colour", text, re.IGNORECASE)] == []
