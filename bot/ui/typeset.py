"""Text in any script on the bot's pictures: a fallback font per character.

Pillow draws a string in one font, and a character that font lacks comes out as a box
(.notdef). Here a string is cut into runs, each drawn in the first font of :data:`CHAIN`
that has its characters: DejaVu Sans (Latin, Greek, Cyrillic, Arabic, Hebrew …), then the
Noto fonts shipped in ``bot/ui/fonts`` (common CJK, monochrome emoji, the scripts of
:data:`CHAIN`). Every font is a file of this repository, so a picture is drawn the same on
any machine (no system fonts are looked up). A character no font has is drawn as U+FFFD.

The coverage of each font is read from its ``cmap`` table with fontTools, once.
Marks, variation selectors and joiners (Unicode categories Mn, Me, Cf) stay in the run of
the character before them, so an emoji sequence or an accented letter is shaped whole
(Pillow's raqm layout shapes each run: Arabic joins, marks attach).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from functools import cache, lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

FONTS_DIR = Path(__file__).parent / "fonts"
#: Font files in the order a character looks for a glyph (after DejaVu Sans, the first).
CHAIN: tuple[str, ...] = (
    "DejaVuSans.ttf",
    "NotoSansCJKjp-Subset.otf",
    "NotoEmoji-Regular.ttf",
    "NotoSansSymbols-Regular.ttf",
    "NotoSansArabic-Regular.ttf",
    "NotoSansHebrew-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf",
    "NotoSansBengali-Regular.ttf",
    "NotoSansTamil-Regular.ttf",
    "NotoSansThai-Regular.ttf",
    "NotoSansGeorgian-Regular.ttf",
    "NotoSansArmenian-Regular.ttf",
)
BOLD = "DejaVuSans-Bold.ttf"
REPLACEMENT = "\ufffd"
_JOINING = frozenset({"Mn", "Me", "Cf", "Mc"})


@cache
def coverage(name: str) -> frozenset[int]:
    """The code points font file ``name`` (in ``bot/ui/fonts``) has a glyph for.

    Raises:
        FileNotFoundError: no such font file.
    """
    font = TTFont(str(FONTS_DIR / name), lazy=True)
    try:
        return frozenset(font.getBestCmap())
    finally:
        font.close()


@cache
def face(name: str, size: int) -> ImageFont.FreeTypeFont:
    """Font file ``name`` at ``size`` pixels (em size), loaded once."""
    return ImageFont.truetype(str(FONTS_DIR / name), size)


@lru_cache(maxsize=4096)
def font_for(char: str) -> int:
    """The index in :data:`CHAIN` of the first font with a glyph for ``char``; ``-1``
    when none has."""
    code = ord(char)
    for index, name in enumerate(CHAIN):
        if code in coverage(name):
            return index
    return -1


def _drawable(text: str) -> Iterator[str]:
    """The characters of ``text``, each that no font has replaced by its compatibility
    form (NFKC: the "fancy" letters of U+1D400-1D7FF become plain ones) when the fonts
    have that, else kept (it becomes :data:`REPLACEMENT`)."""
    for char in text:
        if font_for(char) < 0:
            plain = unicodedata.normalize("NFKC", char)
            if plain != char and all(font_for(c) >= 0 for c in plain):
                yield from plain
                continue
        yield char


def runs(text: str) -> Iterator[tuple[str, int]]:
    """``text`` as ``(run, index in CHAIN)`` pairs in logical order; characters no font
    has (nor their NFKC form) become :data:`REPLACEMENT` (in DejaVu Sans)."""
    current: list[str] = []
    current_font = 0
    for char in _drawable(text):
        index = font_for(char)
        if current and unicodedata.category(char) in _JOINING:
            current.append(char)  # a mark or joiner stays with what it modifies
            continue
        if index < 0:
            char, index = REPLACEMENT, 0
        if current and index != current_font:
            yield "".join(current), current_font
            current = []
        current.append(char)
        current_font = index
    if current:
        yield "".join(current), current_font


def _face_of(index: int, size: int, bold: bool) -> ImageFont.FreeTypeFont:
    return face(BOLD if bold and index == 0 else CHAIN[index], size)


def width(text: str, size: int, bold: bool = False) -> float:
    """The advance width of ``text`` in pixels at ``size`` (with fallbacks)."""
    return sum(_face_of(i, size, bold).getlength(run) for run, i in runs(text))


def fit(text: str, size: int, room: float, bold: bool = False) -> str:
    """``text`` shortened with "…" to at most ``room`` pixels wide; unchanged if it fits."""
    if width(text, size, bold) <= room:
        return text
    while text and width(text + "…", size, bold) > room:
        text = text[:-1]
        while text and unicodedata.category(text[-1]) in _JOINING:
            text = text[:-1]
    return text + "…"


@lru_cache(maxsize=2048)
def text_mask(text: str, size: int, bold: bool = False) -> tuple[Image.Image, int, int]:
    """The coverage mask ("L") of one line of ``text`` at ``size`` pixels, with the
    fallbacks, and where its baseline and left edge are: ``(mask, baseline, left)`` in
    pixels from the mask's top-left corner (``left`` may be negative)."""
    primary = _face_of(0, size, bold)
    ascent, descent = primary.getmetrics()
    pieces = []
    pen = 0.0
    top, bottom = -ascent, descent
    for run, index in runs(text):
        font = _face_of(index, size, bold)
        box = font.getbbox(run, anchor="ls")
        pieces.append((pen, run, font))
        top, bottom = min(top, int(box[1])), max(bottom, int(box[3]))  # ints at run time
        pen += font.getlength(run)
    mask = Image.new("L", (max(1, round(pen) + 4), max(1, bottom - top)), 0)
    draw = ImageDraw.Draw(mask)
    for x, run, font in pieces:
        draw.text((x + 2, -top), run, font=font, fill=255, anchor="ls")
    return mask, -top, 2


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """Draw one line of ``text`` on ``image`` at ``xy`` with the fallbacks.

    ``anchor``: Pillow's two letters (horizontal ``l``/``m``/``r``, vertical ``a``
    ascender, ``m`` middle, ``s`` baseline, ``d`` descender) measured on DejaVu Sans'
    metrics, so lines in different scripts line up."""
    mask, baseline, left = text_mask(text, size, bold)
    ascent, descent = _face_of(0, size, bold).getmetrics()
    advance = mask.width - 4
    x = xy[0] - {"l": 0, "m": advance / 2, "r": advance}[anchor[0]] - left
    y = xy[1] + {"a": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}[anchor[1]]
    x0, y0 = round(x), round(y - baseline)
    image.paste(fill, (x0, y0, x0 + mask.width, y0 + mask.height), mask)
