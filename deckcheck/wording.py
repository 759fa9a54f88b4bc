"""How messages word a count: one rule for every layer (it imports nothing of the house, so the card
layer, the core and the command line all use it)."""

from __future__ import annotations


def counted(n: int, noun: str) -> str:
    """``n`` with thousands separators and ``noun``, plural unless ``n`` is 1: "1 card", "1,234 cards"."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
