"""Deck model: what a decklist said, zone by zone, with the source line of every entry.

Parsing produces a :class:`ParsedDeck` of *unresolved* entries (names as written). Resolving the
names against a card store is a separate step (:mod:`deckcheck.engine`), so a parser never needs
card data and every line stays accounted for.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Protocol

from deckcheck.cards.model import Card


class Zone(enum.StrEnum):
    COMMANDER = "commander"
    COMPANION = "companion"
    MAIN = "main"
    SIDEBOARD = "sideboard"
    MAYBEBOARD = "maybeboard"  # kept for round-trips, never counted


# A zone as a small integer (entry arrays: the batch reader and checker): its index here.
ZONE_ORDER: tuple[Zone, ...] = tuple(Zone)
ZONE_CODE: dict[Zone, int] = {zone: code for code, zone in enumerate(ZONE_ORDER)}


class LineKind(enum.StrEnum):
    CARD = "card"
    HEADER = "header"  # a section header ("Sideboard", "[Main]", "Commander")
    COMMENT = "comment"  # comments and metadata (About/Name, NAME:, // notes, blank lines)
    BLANK = "blank"
    PROBLEM = "problem"  # a line we could not read: always reported


@dataclass(frozen=True, slots=True)
class Entry:
    """One card line: ``quantity`` copies of ``name`` in ``zone``."""

    quantity: int
    name: str  # as written, after stripping set codes / markers
    zone: Zone
    line: int  # 1-based line number in the source (0 when the format has no lines)
    set_code: str | None = None
    collector_number: str | None = None
    foil: bool = False
    tags: tuple[str, ...] = ()
    raw: str = ""


@dataclass(frozen=True, slots=True)
class LineRecord:
    """How one source line was accounted for."""

    line: int
    kind: LineKind
    text: str
    note: str = ""  # for PROBLEM lines: the reason; for others an optional explanation


@dataclass(frozen=True, slots=True)
class ParseProblem:
    line: int
    message: str
    severity: str = "error"  # "error" | "warning" | "info"
    code: str | None = None  # finding code; None = the parser's default for the severity
    section: str | None = None  # the section the line was in


@dataclass(slots=True)
class ParsedDeck:
    """A decklist as read: entries in file order, plus an account of every source line."""

    path: str
    input_format: str
    entries: list[Entry] = field(default_factory=list)
    lines: list[LineRecord] = field(default_factory=list)
    problems: list[ParseProblem] = field(default_factory=list)
    name: str | None = None
    declared_format: str | None = None  # from a `// format: modern` comment or file metadata
    declared_format_line: int = 0  # the line that declares it (0: no line, or not known)
    metadata: dict[str, str] = field(default_factory=dict)

    def zone(self, zone: Zone) -> list[Entry]:
        return [e for e in self.entries if e.zone is zone]

    def count(self, zone: Zone) -> int:
        return sum(e.quantity for e in self.entries if e.zone is zone)


def starting_zones(include_commanders: bool) -> frozenset[Zone]:
    """The zones of the starting deck (CR 103.2a; in Commander the commanders too, 702.139b)."""
    return _WITH_COMMANDERS if include_commanders else _MAIN_ONLY


_MAIN_ONLY = frozenset({Zone.MAIN})
_WITH_COMMANDERS = frozenset({Zone.MAIN, Zone.COMMANDER})


class Placed(Protocol):
    """Where an entry sits, for messages that name lines and zones: an Entry, a DeckCard, or the
    lean batch checker's entries."""

    @property
    def quantity(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def zone(self) -> Zone: ...


class WrittenEntry(Placed, Protocol):
    """An entry with its name as written: an Entry, or the lean batch checker's entries (what the
    rules say of a card the data does not know)."""

    @property
    def name(self) -> str: ...


@dataclass(frozen=True, slots=True)
class DeckCard:
    """A resolved entry: the line as written plus the oracle card it names."""

    entry: Entry
    card: Card

    @property
    def quantity(self) -> int:
        return self.entry.quantity

    @property
    def zone(self) -> Zone:
        return self.entry.zone

    @property
    def line(self) -> int:
        return self.entry.line

    @property
    def written_name(self) -> str:
        return self.entry.name


@dataclass(slots=True)
class Deck:
    """A decklist whose names were resolved: ``cards`` are the entries that name a card of the card
    data, ``unresolved`` the entries that name none (unknown or ambiguous names). Unresolved entries
    still count toward every size, copy and singleton rule by their written quantity; a rule that
    needs their characteristics is undetermined, never passed (:mod:`deckcheck.unresolved`)."""

    path: str
    cards: list[DeckCard] = field(default_factory=list)
    parsed: ParsedDeck | None = None
    unresolved: list[Entry] = field(default_factory=list)

    def zone(self, zone: Zone) -> list[DeckCard]:
        """The resolved entries of ``zone`` (:meth:`unresolved_in` has the others)."""
        return [c for c in self.cards if c.zone is zone]

    def unresolved_in(self, *zones: Zone) -> list[Entry]:
        return [e for e in self.unresolved if e.zone in zones]

    def count(self, zone: Zone) -> int:
        """Cards in ``zone`` as written: resolved or not, every entry counts by its quantity."""
        return sum(c.quantity for c in self.cards if c.zone is zone) + sum(
            e.quantity for e in self.unresolved if e.zone is zone
        )

    def counts(self) -> dict[Zone, int]:
        """:meth:`count` of every zone, in one pass."""
        found = dict.fromkeys(Zone, 0)
        for deck_card in self.cards:
            entry = deck_card.entry
            found[entry.zone] += entry.quantity
        for entry in self.unresolved:
            found[entry.zone] += entry.quantity
        return found

    @property
    def commanders(self) -> list[DeckCard]:
        return self.zone(Zone.COMMANDER)

    def starting_deck(self, include_commanders: bool) -> list[DeckCard]:
        """The deck after the sideboard is set aside (CR 103.2a); in Commander, before the commander
        goes to the command zone, so the commander(s) are part of it (702.139b)."""
        return [c for c in self.cards if c.zone in starting_zones(include_commanders)]

    def unresolved_start(self, include_commanders: bool) -> list[Entry]:
        """The starting deck's entries that did not resolve (see :meth:`starting_deck`)."""
        return [e for e in self.unresolved if e.zone in starting_zones(include_commanders)]

    @classmethod
    def from_cards(cls, cards: list[tuple[int, Card, Zone]], path: str = "<deck>") -> Deck:
        """Build a deck directly from cards (tests, the pandas API): one entry per item, line 0."""
        return cls(
            path,
            [DeckCard(Entry(qty, card.name, zone, line=0), card) for qty, card, zone in cards],
        )
