"""Cards that no deck can hold: planes, phenomena, schemes and Vanguard cards.

They are real Magic cards, but nontraditional ones (oversized, with their own backs: CR 108.2),
each of a card type "seen only on nontraditional Magic cards" (CR 311.1 planes, 312.1 phenomena,
313.1 Vanguard, 314.1 schemes), used only by their casual variant (Planechase, Vanguard,
Archenemy), and a deck is a deck of traditional Magic cards (CR 100.2). Both card-data sources
list them among the cards; the importers keep them out of the card records (no rule reads them)
and keep their names and kind instead, so that a list naming one is told what it is, not that the
card is unknown (:data:`deckcheck.engine.NON_DECK_CARD`).
"""

from __future__ import annotations

from typing import Final

from deckcheck.value import Value

# The layouts both sources give these cards (MTGJSON's AtomicCards and Scryfall's bulk files).
NON_DECK_LAYOUTS: Final = frozenset({"planar", "scheme", "vanguard"})

# kind -> (the casual variant that uses it, the section of a list that holds it, its card type's rule)
_KINDS: Final[dict[str, tuple[str, str, str]]] = {
    "plane": ("Planechase", "Planes", "311.1"),
    "phenomenon": ("Planechase", "Planes", "312.1"),
    "vanguard": ("Vanguard", "Vanguard", "313.1"),
    "scheme": ("Archenemy", "Schemes", "314.1"),
    "ongoing scheme": ("Archenemy", "Schemes", "314.1"),
}
# a layout's kind when the type line says none of the above (a card type the rules add later)
_LAYOUT_KINDS: Final = {"planar": "plane", "scheme": "scheme", "vanguard": "vanguard"}


class NonDeckCard(Value):
    """A card no deck can hold: its oracle name, its ``kind`` (plane, phenomenon, scheme, ongoing
    scheme, vanguard) and its type line as the card data gives it."""

    FIELDS = ("name", "kind", "type_line")
    __slots__ = FIELDS

    def __init__(self, name: str, kind: str, type_line: str = "") -> None:
        self.name: Final = name
        self.kind: Final = kind
        self.type_line: Final = type_line

    @property
    def variant(self) -> str:
        """The casual variant that uses it: Planechase, Vanguard or Archenemy."""
        return _KINDS.get(self.kind, ("a casual variant", "", ""))[0]

    @property
    def section(self) -> str:
        """The section of a decklist that holds such cards outside the deck: Planes, Schemes,
        Vanguard (deck.unchecked_zone reads each as a zone that is not part of the deck)."""
        return _KINDS.get(self.kind, ("", "Planes", ""))[1]

    @property
    def rules(self) -> str:
        """The rules that keep it out of a deck: CR 100.2 (a deck of traditional Magic cards) and
        its card type's (seen only on nontraditional Magic cards)."""
        own = _KINDS.get(self.kind, ("", "", ""))[2]
        return f"CR 100.2, {own}" if own else "CR 100.2"

    @property
    def described(self) -> str:
        """``a phenomenon card (Planechase)``, ``a vanguard card (Vanguard)``."""
        kind, variant = self.kind, self.variant
        article = "an" if kind[:1] in "aeiouAEIOU" else "a"
        return f"{article} {kind} card" + ("" if variant == kind else f" ({variant})")

    def to_record(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "type_line": self.type_line}


def non_deck_kind(layout: str, type_line: str) -> str | None:
    """The kind of a card of this layout and type line when it is one no deck can hold, else None."""
    if layout not in NON_DECK_LAYOUTS:
        return None
    types = type_line.split("—", 1)[0].split()
    lowered = [word.lower() for word in types]
    if "phenomenon" in lowered:
        return "phenomenon"
    if "plane" in lowered:
        return "plane"
    if "scheme" in lowered:
        return "ongoing scheme" if "ongoing" in lowered else "scheme"
    if "vanguard" in lowered:
        return "vanguard"
    return _LAYOUT_KINDS[layout]


def non_deck_card(name: str, layout: str, type_line: object) -> NonDeckCard | None:
    """The :class:`NonDeckCard` of a card the importers keep out of the card records (by its
    layout), else None."""
    text = type_line if isinstance(type_line, str) else ""
    kind = non_deck_kind(layout, text)
    return None if kind is None else NonDeckCard(name, kind, text)
