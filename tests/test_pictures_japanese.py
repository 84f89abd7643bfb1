"""Japanese on the bot's pictures: every character the Japanese catalog puts on the board,
the lands picture and the hand-of-the-day chart has a glyph in the shipped fonts (the
fallback chain of bot/ui/typeset.py, whose Noto Sans CJK JP is cut to common characters),
and those pictures draw it in that font rather than as DejaVu Sans' empty boxes."""

from __future__ import annotations

import io

import pytest
from fluent.syntax import FluentParser, ast
from PIL import Image, ImageDraw, ImageFont

from bot.i18n import LOCALES_DIR, t
from bot.ui import typeset
from bot.ui.lands_image import HEIGHT, TOP, WIDTH, lands_png
from bot.ui.split_image import split_png
from bot.ui.symbols import BACKGROUND, TEXT
from tests.fluent_helpers import message_variables

#: The messages the pictures draw, by catalog file and key prefix: the board picture
#: (bot/ui/board_image.py: board.ftl and the land names), the lands picture
#: (bot/ui/lands_image.py: rules-picture-*) and the hand-of-the-day chart (daily-bar-*).
PICTURE_MESSAGES = (
    ("board.ftl", "board-"),
    ("common.ftl", "land-"),
    ("rules.ftl", "rules-picture-"),
    ("daily.ftl", "daily-bar-"),
)
CJK = typeset.CHAIN.index("NotoSansCJKjp-Subset.otf")


def _picture_texts() -> dict[str, str]:
    """Each Japanese message a picture draws, formatted (every placeable a number, so
    selectors take their default), by key."""
    texts = {}
    for name, prefix in PICTURE_MESSAGES:
        resource = FluentParser().parse((LOCALES_DIR / "ja" / name).read_text("utf-8"))
        for entry in resource.body:
            if isinstance(entry, ast.Message) and entry.id.name.startswith(prefix):
                args = dict.fromkeys(message_variables(entry), 2)
                texts[entry.id.name] = t("ja", entry.id.name, **args)
    return texts


TEXTS = _picture_texts()


def test_the_picture_messages_are_found() -> None:
    """The prefixes name real messages: the board's, the five lands', the chart's."""
    assert {"board-turn", "board-last-destroy", "land-forest", "rules-picture-swamp"} <= set(TEXTS)
    assert TEXTS["land-plains"] == "平地" and TEXTS["board-hand"] == "手札：2枚"
    assert len(TEXTS) > 45


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_every_character_has_a_glyph(key: str) -> None:
    """No character of a Japanese picture text falls out of the font chain (it would be
    drawn as U+FFFD); kana and kanji come from the CJK font."""
    text = TEXTS[key]
    for char in text:
        assert typeset.font_for(char) >= 0, (key, char, hex(ord(char)))
        if "\u3040" <= char <= "\u30ff" or "\u4e00" <= char <= "\u9fff":
            assert typeset.font_for(char) == CJK, (key, char)
    assert typeset.REPLACEMENT not in "".join(run for run, _ in typeset.runs(text)), key


def _png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_the_lands_picture_draws_japanese_with_the_cjk_font() -> None:
    """The title of the Japanese lands picture is the title typeset draws with the CJK
    font, not what DejaVu Sans alone draws (a row of boxes)."""
    picture = _png(lands_png("ja"))
    assert picture.size == (WIDTH, HEIGHT)
    title = t("ja", "rules-picture-title")
    assert CJK in {index for _, index in typeset.runs(title)}
    band = (0, 0, WIDTH, TOP)
    expected = Image.new("RGB", (WIDTH, TOP), BACKGROUND)
    typeset.draw_text(expected, (20, 16), title, 24, TEXT, bold=True)
    assert picture.crop(band).tobytes() == expected.tobytes()
    dejavu = Image.new("RGB", (WIDTH, TOP), BACKGROUND)
    font = ImageFont.truetype(str(typeset.FONTS_DIR / typeset.BOLD), 24)
    ImageDraw.Draw(dejavu).text((20, 16), title, font=font, fill=TEXT)
    assert picture.crop(band).tobytes() != dejavu.tobytes()


def _blank(text: str) -> str:
    """``text`` with each character of the CJK font replaced by one no font has."""
    return "".join("\ue000" if typeset.font_for(c) == CJK else c for c in text)


def test_the_split_chart_draws_japanese_labels_not_boxes() -> None:
    """A Japanese chart differs from the same chart with its kana and kanji replaced by
    a character no font has: they are drawn as real glyphs, not boxes."""
    title = t("ja", "daily-bar-title", date="2026-11-27", count=3)
    rows = [
        (t("ja", "daily-bar-keep"), 2, 3, "keep"),
        (t("ja", "daily-bar-mulligan"), 1, 3, "mulligan"),
        (t("ja", "daily-bar-size", size=6), 2, 2, "size"),
    ]
    boxes = [(_blank(label), *rest) for label, *rest in rows]
    japanese, blank = split_png(title, rows), split_png(_blank(title), boxes)
    assert _png(japanese).size == _png(blank).size
    assert japanese != blank
