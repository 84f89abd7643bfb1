"""How a server split on the hand of the day, as a bar chart (PNG, Pillow).

Two bars: keep against mulligan, then one bar per kept hand size. Pure: no discord
import, nothing fetched; labels come in already translated and are drawn with the fallback
fonts of :mod:`bot.ui.typeset` (shipped in ``bot/ui/fonts``: Japanese needs their CJK font).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from . import typeset
from .symbols import BACKGROUND, EMPTY_CELL, MUTED, TEXT

WIDTH = 640
ROW = 44
TOP = 56
LEFT = 170
RIGHT = 90
TRACK = EMPTY_CELL
KEEP = (76, 175, 80)
MULLIGAN = (230, 80, 70)
SIZE = (88, 140, 220)


def split_png(title: str, rows: Sequence[tuple[str, int, int, str]]) -> bytes:
    """A PNG of ``rows``: ``(label, count, total, kind)`` with ``kind`` one of
    ``"keep"``, ``"mulligan"``, ``"size"``; each bar's length is ``count / total`` of
    the track (``total`` 0 draws an empty track).  640 × (72 + 44·rows) pixels."""
    height = TOP + ROW * max(1, len(rows)) + 16
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    typeset.draw_text(image, (16, 14), title, 22, TEXT, bold=True)
    track = WIDTH - LEFT - RIGHT
    colours = {"keep": KEEP, "mulligan": MULLIGAN, "size": SIZE}
    for index, (label, count, total, kind) in enumerate(rows):
        y = TOP + index * ROW
        typeset.draw_text(image, (16, y + 8), label, 17, TEXT)
        draw.rectangle((LEFT, y + 6, LEFT + track, y + 30), fill=TRACK)
        share = count / total if total else 0.0
        if share > 0:
            draw.rectangle(
                (LEFT, y + 6, LEFT + max(2, round(track * share)), y + 30),
                fill=colours.get(kind, SIZE),
            )
        percent = f"{round(share * 100)}%" if total else "—"
        typeset.draw_text(image, (LEFT + track + 10, y + 8), f"{count} · {percent}", 16, MUTED)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def split_alt_text(title: str, rows: Sequence[tuple[str, int, int, str]]) -> str:
    """The chart of :func:`split_png` (same arguments) in words, for the attachment's
    ``description`` (alt text): the title, then each bar's label, count and share in %
    ("Keep: 12 (60%)"). At most 1,024 characters (Discord's limit; cut with "…")."""
    parts = []
    for label, count, total, _kind in rows:
        share = f" ({round(count / total * 100)}%)" if total else ""
        parts.append(f"{label}: {count}{share}")
    text = f"{title}. " + "; ".join(parts) + "." if parts else f"{title}."
    return text if len(text) <= 1024 else text[:1023] + "…"
