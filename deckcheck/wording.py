"""How messages word what several layers say alike: a count, a file that holds nothing to check. It
imports nothing of the house, so the card layer, the core, start-up (deckcheck.discovery) and the
command line all use it."""

from __future__ import annotations


def counted(n: int, noun: str) -> str:
    """``n`` with thousands separators and ``noun``, plural unless ``n`` is 1: "1 card", "1,234 cards"."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


# Why a device or a socket is not read as a decklist, said alike by a folder's search
# (deckcheck.discovery, which must not import the readers) and by the readers (decklist.parse_file).
NOT_A_REGULAR_FILE = "not a regular file; nothing to check"
