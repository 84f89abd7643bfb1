"""Japanese punctuation in the catalogs (``bot/i18n/locales/ja``): no space after a
full stop ``。`` or a colon ``：`` (after ``！`` and ``？``: a full-width space, if any),
and lists separated by ``、``, never by an ASCII ``", "``. Every variant of every message
and attribute is read as its text with placeables as a neutral word, Markdown's
``**``/``__`` removed (so ``"**占術1。** ライブラリー"`` is caught) and inline code
(`` `/bingo …` ``) left out."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fluent.syntax import FluentParser, ast

from bot.i18n import catalog_files, join_list, sentences

#: What stands for a placeable: a word with no punctuation of its own.
PLACEABLE = "X"
#: A space (ASCII) after a full-width full stop, exclamation or question mark, or colon.
SPACE_AFTER_STOP = re.compile(r"[。！？：] ")
#: An ASCII comma followed by a space: a Japanese list uses 、.
ASCII_COMMA = re.compile(r", ")
CODE = re.compile(r"`[^`]*`")
#: A full-width question or exclamation mark with the next sentence right after it:
#: Japanese text leaves a full-width space there (「キープしますか？　マリガンしますか？」).
NO_SPACE_AFTER_MARK = re.compile(r"[？！][^　\s」）』？！]")


def _texts(pattern: ast.Pattern) -> Iterator[str]:
    """Every text ``pattern`` can produce (one per combination of variants)."""
    texts = [""]
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            texts = [text + element.value for text in texts]
            continue
        expression = element.expression
        if isinstance(expression, ast.SelectExpression):
            texts = [text + variant for text in texts for variant in _variants(expression)]
        elif isinstance(expression, ast.StringLiteral):
            texts = [text + expression.parse()["value"] for text in texts]
        else:
            texts = [text + PLACEABLE for text in texts]
    yield from texts


def _variants(select: ast.SelectExpression) -> Iterator[str]:
    for variant in select.variants:
        yield from _texts(variant.value)


def _japanese() -> list[tuple[str, str]]:
    """``(where, text)`` for every variant of every message and attribute in ja."""
    parser = FluentParser()
    found: list[tuple[str, str]] = []
    for path in catalog_files("ja"):
        for entry in parser.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(entry, ast.Message):
                continue
            patterns = [(entry.id.name, entry.value)] + [
                (f"{entry.id.name}.{a.id.name}", a.value) for a in entry.attributes
            ]
            for where, pattern in patterns:
                if pattern is None:
                    continue
                for text in _texts(pattern):
                    shown = CODE.sub(PLACEABLE, text.replace("**", "").replace("__", ""))
                    found.append((f"{path.name}: {where}", shown))
    return found


JAPANESE = _japanese()


def test_the_catalogs_are_read() -> None:
    assert len(JAPANESE) > 500
    assert any("。" in text for _, text in JAPANESE)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("**占術1。** ライブラリー", True),
        ("土地, 呪文", True),
        ("**占術1。**ライブラリー", False),
        ("土地、呪文", False),
        ("`/bingo accessibility off` でオフ", False),
    ],
)
def test_the_check_catches_what_it_should(text: str, bad: bool) -> None:
    shown = CODE.sub(PLACEABLE, text.replace("**", ""))
    found = bool(SPACE_AFTER_STOP.search(shown) or ASCII_COMMA.search(shown))
    assert found is bad


def test_no_space_after_a_japanese_full_stop() -> None:
    bad = [f"{where}: {text!r}" for where, text in JAPANESE if SPACE_AFTER_STOP.search(text)]
    assert not bad, "\n".join(bad)


def test_a_full_width_space_after_a_question_or_exclamation_mark() -> None:
    bad = [f"{where}: {text!r}" for where, text in JAPANESE if NO_SPACE_AFTER_MARK.search(text)]
    assert not bad, "\n".join(bad)


def test_no_ascii_comma_in_japanese_text() -> None:
    bad = [f"{where}: {text!r}" for where, text in JAPANESE if ASCII_COMMA.search(text)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(
    ("locale", "listed", "chosen"),
    [
        ("en", "土地, 呪文, and 島", "土地, 呪文, or 島"),
        ("it", "土地, 呪文 e 島", "土地, 呪文 o 島"),
        ("pl", "土地, 呪文 i 島", "土地, 呪文 lub 島"),
        ("ja", "土地、呪文、島", "土地、呪文、または島"),
    ],
)
def test_lists_are_joined_the_languages_way(locale: str, listed: str, chosen: str) -> None:
    """``join_list`` (CLDR list patterns, Babel) and ``sentences`` (no space after 。)."""
    items = ["土地", "呪文", "島"]
    assert join_list(locale, items) == listed
    assert join_list(locale, items, choice=True) == chosen
    assert join_list(locale, []) == ""
    assert sentences("ja", "一。", "", "二。") == "一。二。"
    assert sentences("en", "One.", "Two.") == "One. Two."
