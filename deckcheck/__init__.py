"""deckcheck: validate Magic: The Gathering decklists, with reasons."""

from __future__ import annotations

from pathlib import Path

__version__ = "0.1.0"


def bundled_file(name: str) -> Path:
    """A data file the team ships (data/NAME): inside the wheel, deckcheck/_bundled/NAME; from a
    source tree, ../data/NAME. Found by path, not importlib.resources, which a one-deck check
    would otherwise import (with tempfile, zipfile and the compression modules) for this alone."""
    here = Path(__file__).resolve().parent
    packaged = here / "_bundled" / name
    return packaged if packaged.is_file() else here.parent / "data" / name
