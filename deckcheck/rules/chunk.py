"""Many decks at once, as the rule families' array screens read them (the lean batch checker,
:mod:`deckcheck.fastcheck`, builds a chunk); apart from the rules a one-deck check runs, which never
need it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Chunk:
    """Many decks at once, as the array screens read them (the lean batch checker,
    deckcheck.fastcheck, builds it): per entry its deck ``d``, card code ``c``, zone code ``z`` and
    quantity ``q`` (numpy arrays); ``n`` decks; ``cards``, the per-card arrays by card code
    (fastcheck's facts arrays); ``formats``, the decks' formats (companion_arrays.DeckFormats);
    ``commander``, (decks,) bool: the deck's format has a commander."""

    d: Any
    c: Any
    z: Any
    q: Any
    n: int
    cards: Any
    formats: Any
    commander: Any
