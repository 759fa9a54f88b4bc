"""deckcheck: validate Magic: The Gathering decklists, with reasons."""

from __future__ import annotations

__version__ = "0.1.0"
