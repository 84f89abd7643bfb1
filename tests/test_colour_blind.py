"""Lands told apart without colour (bot/ui/symbols.py): the palette under simulated
colour-vision deficiencies, and each symbol carrying its land's letter.

Simulation: Machado, Oliveira & Fernandes, "A Physiologically-based Model for Simulation
of Color Vision Deficiency", IEEE TVCG 15(6), 2009: the severity-1.0 matrices of their
Table 1, applied to linear sRGB. Distance: CIE 1976 ΔE*ab in CIELAB (D65), from sRGB by
IEC 61966-2-1.
"""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.ui.symbols import BADGE, GLYPH, LAND_COLOURS, LAND_LETTERS, badge, symbol

Matrix = tuple[tuple[float, float, float], ...]

#: Machado et al. 2009, Table 1, severity 1.0 (linear RGB).
PROTANOPIA: Matrix = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA: Matrix = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
TRITANOPIA: Matrix = (
    (1.255528, -0.076749, -0.178779),
    (-0.078411, 0.930809, 0.147602),
    (0.004733, 0.691367, 0.303900),
)
IDENTITY: Matrix = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


def linear(rgb: tuple[int, int, int]) -> list[float]:
    """sRGB 0-255 to linear 0-1 (IEC 61966-2-1)."""
    out = []
    for c in rgb:
        v = c / 255
        out.append(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)
    return out


def simulate(rgb: tuple[int, int, int], matrix: Matrix) -> list[float]:
    """The linear RGB a dichromat sees (clipped to 0-1)."""
    lin = linear(rgb)
    return [min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin, strict=True)))) for row in matrix]


def lab(lin: list[float]) -> tuple[float, float, float]:
    """Linear sRGB to CIELAB (D65 white)."""
    r, g, b = lin
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """CIE76 ΔE*ab."""
    return sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2 relative luminance."""
    r, g, b = linear(rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_the_simulation_matches_published_values() -> None:
    """Pure red seen by a protanope is dark (Machado's matrix: 0.152, 0.115, -0.004);
    white stays white under every matrix (rows sum to 1)."""
    assert simulate((255, 0, 0), PROTANOPIA) == pytest.approx([0.152286, 0.114503, 0.0])
    for matrix in (PROTANOPIA, DEUTERANOPIA, TRITANOPIA):
        assert simulate((255, 255, 255), matrix) == pytest.approx([1.0, 1.0, 1.0], abs=1e-3)


@pytest.mark.parametrize(
    ("vision", "matrix", "least"),
    [
        ("normal", IDENTITY, 30.0),
        ("protanopia", PROTANOPIA, 15.0),
        ("deuteranopia", DEUTERANOPIA, 15.0),
        ("tritanopia", TRITANOPIA, 10.0),
    ],
)
def test_any_two_land_colours_stay_apart(vision: str, matrix: Matrix, least: float) -> None:
    seen = [lab(simulate(colour, matrix)) for colour in LAND_COLOURS]
    for i, j in itertools.combinations(range(len(seen)), 2):
        distance = delta_e(seen[i], seen[j])
        assert distance >= least, (vision, LAND_LETTERS[i], LAND_LETTERS[j], round(distance, 1))


def test_every_glyph_contrasts_with_its_disc() -> None:
    """The dark glyph and badge on each disc: WCAG contrast 4.5:1 at least."""
    dark = luminance(GLYPH)
    for letter, colour in zip(LAND_LETTERS, LAND_COLOURS, strict=True):
        ratio = (luminance(colour) + 0.05) / (dark + 0.05)
        assert ratio >= 4.5, (letter, round(ratio, 2))


def _badge_crop(image: Image.Image) -> Image.Image:
    size = image.width
    side = round(size * BADGE)
    return image.crop((size - side, size - side, size, size)).convert("L")


@pytest.mark.parametrize("size", [96, 54])
def test_each_symbol_carries_its_letter(size: int) -> None:
    """The lower right of each land's symbol looks most like its own letter's badge
    (W U B R G) of the five, and the letters differ from each other."""
    side = round(size * BADGE)
    references = [
        badge(letter, side * 4).resize((side, side)).convert("L") for letter in LAND_LETTERS
    ]
    for kind in range(len(LAND_LETTERS)):
        crop = _badge_crop(symbol(kind, size))
        differences = [
            sum(ImageStat.Stat(ImageChops.difference(crop, ref)).mean) for ref in references
        ]
        assert differences.index(min(differences)) == kind, (LAND_LETTERS[kind], differences)
        assert ImageStat.Stat(crop).extrema[0][1] > 200  # the light letter is there
