"""What every rule family shares: how findings place and name cards, and which zones count."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from deckcheck.cards.mana import sort_colours
from deckcheck.cards.model import Card, strip_reminder_text
from deckcheck.deck import ZONE_CODE, Deck, DeckCard, Placed, Zone
from deckcheck.findings import Location

ALL_ZONES = (Zone.COMMANDER, Zone.COMPANION, Zone.MAIN, Zone.SIDEBOARD)  # the maybeboard never counts
# zone codes in entry arrays (deck.ZONE_CODE), as the array screens read them
MAIN_CODE, COMMANDER_CODE, MAYBEBOARD_CODE = (
    ZONE_CODE[z] for z in (Zone.MAIN, Zone.COMMANDER, Zone.MAYBEBOARD)
)


def identity_text(colours: Iterable[str]) -> str:
    ordered = sort_colours(frozenset(colours))
    return "".join(ordered) if ordered else "colourless"


def lines_text(cards: Sequence[Placed]) -> str:
    lines = sorted({c.line for c in cards if c.line > 0})
    if not lines:
        zones = sorted({str(c.zone) for c in cards})
        return "in " + ", ".join(zones)
    return ("line " if len(lines) == 1 else "lines ") + ", ".join(map(str, lines))


def card_at(deck: Deck, card: DeckCard) -> Location:
    return placed_at(deck.path, card)


def placed_at(path: str, entry: Placed) -> Location:
    return Location(path, entry.line, str(entry.zone))


def first_placed(entries: Sequence[Placed]) -> Placed:
    return min(entries, key=lambda c: c.line)


def deck_at(deck: Deck, zone: Zone | None = None) -> Location:
    return Location(deck.path, 0, None if zone is None else str(zone))


def label(card: DeckCard) -> str:
    """The oracle name. (The engine shows the name as written beside it, for every rule alike:
    engine._with_written_names.)"""
    return card.oracle_name


def by_name(cards: Iterable[DeckCard]) -> dict[str, list[DeckCard]]:
    """Entries by English (oracle) name, in deck order: CR 100.2a / 903.5b count by English name."""
    groups: dict[str, list[DeckCard]] = {}
    for deck_card in cards:
        groups.setdefault(deck_card.oracle_name, []).append(deck_card)
    return groups


# -- what the rules read of an entry's card: its stored facts when the deck was resolved through
# them (deckcheck.card_facts computes each from the card, with the rules' own functions), else the
# card; the families' other readers are beside their rules
def identity_of(deck_card: DeckCard) -> frozenset[str]:
    """The colour identity of the entry's card."""
    facts = deck_card.facts
    return deck_card.card.color_identity if facts is None else facts.color_identity


def is_basic_land_of(deck_card: DeckCard) -> bool:
    """Whether the entry's card is a basic land (the supertype: snow basics and Wastes too)."""
    facts = deck_card.facts
    return deck_card.card.is_basic_land if facts is None else facts.is_basic_land


def cards_in(deck: Deck, zones: Iterable[Zone]) -> list[DeckCard]:
    wanted = set(zones)
    return [c for c in deck.cards if c.zone in wanted]


def rules_text(card: Card) -> str:
    return strip_reminder_text(card.oracle_text)
