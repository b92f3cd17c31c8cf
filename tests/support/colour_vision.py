"""Colours as people with a colour-vision deficiency see them: the Machado, Oliveira and
Fernandes (2009) simulation of the three dichromacies at full severity, and achromatopsia
(no colour at all: each colour as its relative luminance, a grey), in linear RGB; and
WCAG's contrast ratio.

>>> round(contrast("#ffffff", "#000000"), 1)
21.0
>>> round(contrast("#2e7d32", "#2e7d32", "tritanopia"), 2)
1.0
>>> round(contrast("#2e7d32", "#ffffff", "achromatopsia"), 2) == round(contrast("#2e7d32", "#ffffff"), 2)
True
"""

from __future__ import annotations

#: the three dichromacies and achromatopsia, each a 3x3 matrix on linear RGB
SIMULATIONS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
    # every channel the luminance (WCAG's weights): lightness is all that is left
    "achromatopsia": ((0.2126, 0.7152, 0.0722),) * 3,
}


def _linear(colour: str) -> tuple[float, ...]:
    channels = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return tuple(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)


def simulate(colour: str, kind: str | None) -> tuple[float, ...]:
    """``colour`` (#rrggbb) in linear RGB, as ``kind`` sees it (None: as it is)."""
    rgb = _linear(colour)
    if kind is None:
        return rgb
    return tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in SIMULATIONS[kind])


def _luminance(rgb: tuple[float, ...]) -> float:
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


def contrast(a: str, b: str, kind: str | None = None) -> float:
    """WCAG's contrast ratio of two colours, as ``kind`` sees them."""
    la, lb = sorted((_luminance(simulate(a, kind)), _luminance(simulate(b, kind))))
    return (lb + 0.05) / (la + 0.05)
