"""The font a printed page (a worksheet, a login card, a parents' report) needs for every
letter and sign of the four languages: DejaVu Sans, where Debian keeps it
(``fonts-dejavu-core``). Without it a PDF falls back to Helvetica and Latin-1."""

from __future__ import annotations

from pathlib import Path

#: where Debian (and most Linux distributions) keep DejaVu Sans
FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))


def dejavu_files(folders: tuple[Path, ...] = FONT_DIRS) -> tuple[Path, Path] | None:
    """DejaVu Sans regular and bold, from the first folder that has both; None without."""
    for folder in folders:
        regular, bold = folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"
        if regular.exists() and bold.exists():
            return regular, bold
    return None
