"""Rebuild the fallback fonts of this folder from Noto's originals (OFL, see OFL.txt).

    python -m bot.ui.fonts.subset CJK.ttc NOTO_DIR

``CJK.ttc``: Noto Sans CJK Regular (Debian's fonts-noto-cjk,
/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc); ``NOTO_DIR``: a folder with the
variable Noto fonts named in :data:`SCRIPTS` and ``NotoEmoji[wght].ttf`` (Noto's releases;
PyPI's manimgx-fonts ships them). Each variable font is pinned at weight 400 (Regular),
hinting is dropped, and Noto Sans CJK is cut to the common characters of :func:`cjk_set`
so the folder stays a few MB. Needs fontTools (a dev dependency); the bot only reads the
results.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont
from fontTools.varLib import instancer

HERE = Path(__file__).parent
#: Variable Noto fonts kept whole (their scripts are small), by output name.
SCRIPTS = {
    "NotoEmoji-Regular.ttf": "NotoEmoji[wght].ttf",
    "NotoSansArabic-Regular.ttf": "NotoSansArabic[wght].ttf",
    "NotoSansHebrew-Regular.ttf": "NotoSansHebrew[wght].ttf",
    "NotoSansDevanagari-Regular.ttf": "NotoSansDevanagari[wght].ttf",
    "NotoSansBengali-Regular.ttf": "NotoSansBengali[wght].ttf",
    "NotoSansTamil-Regular.ttf": "NotoSansTamil[wght].ttf",
    "NotoSansThai-Regular.ttf": "NotoSansThai[wght].ttf",
    "NotoSansGeorgian-Regular.ttf": "NotoSansGeorgian[wght].ttf",
    "NotoSansArmenian-Regular.ttf": "NotoSansArmenian[wght].ttf",
    "NotoSansSymbols-Regular.ttf": "NotoSansSymbols[wght].ttf",
}
CJK_OUT = "NotoSansCJKjp-Subset.otf"


def _chars(encoding: str, first: int, last: int) -> set[int]:
    """Code points from ``first`` to ``last`` that ``encoding`` can encode."""
    found = set()
    for code in range(first, last + 1):
        try:
            chr(code).encode(encoding)
        except UnicodeEncodeError:
            continue
        found.add(code)
    return found


def _level_one(encoding: str, rows: range) -> set[int]:
    """The characters of the two-byte ``rows`` (EUC lead bytes) of ``encoding``."""
    found = set()
    for lead in rows:
        for trail in range(0xA1, 0xFF):
            try:
                found.add(ord(bytes((lead, trail)).decode(encoding)))
            except (UnicodeDecodeError, TypeError):
                continue
    return found


def cjk_set() -> set[int]:
    """Common CJK: the level-1 ideographs of GB 2312 (3,755 most used in simplified
    Chinese) and of JIS X 0208 (2,965 in Japanese), kana, the 2,350 Hangul syllables of
    KS X 1001 (Korean), CJK punctuation and full-width forms: about 8,000 characters."""
    ideographs = _level_one("gb2312", range(0xB0, 0xD8)) | _level_one("euc_jp", range(0xB0, 0xD0))
    hangul = _chars("euc_kr", 0xAC00, 0xD7A3)
    ranges = [(0x3000, 0x30FF), (0x3130, 0x318F), (0x31F0, 0x31FF), (0xFF00, 0xFFEF)]
    rest = {c for first, last in ranges for c in range(first, last + 1)}
    return ideographs | hangul | rest


def _options(features: list[str]) -> subset.Options:
    options = subset.Options()
    options.hinting = False
    options.layout_features = features
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.glyph_names = False
    return options


def main(argv: list[str]) -> int:
    cjk_path, noto_dir = Path(argv[0]), Path(argv[1])
    cjk = TTCollection(str(cjk_path)).fonts[0]  # Noto Sans CJK JP
    # no layout features: "locl" and "vert" would pull in every regional variant
    cut = subset.Subsetter(_options(["kern"]))
    cut.populate(unicodes=sorted(cjk_set()))
    cut.subset(cjk)
    cjk.save(str(HERE / CJK_OUT))
    for out, source in SCRIPTS.items():
        font = TTFont(str(noto_dir / source))
        static = instancer.instantiateVariableFont(font, {"wght": 400})
        cut = subset.Subsetter(_options(["*"]))
        cut.populate(unicodes=static.getBestCmap().keys())
        cut.subset(static)
        static.save(str(HERE / out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
