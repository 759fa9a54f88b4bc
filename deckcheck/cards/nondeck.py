"""Cards that no deck can hold: planes, phenomena, schemes, Vanguard cards and meld results.

Planes, phenomena, schemes and Vanguard cards are real Magic cards, but nontraditional ones
(oversized, with their own backs: CR 108.2), each of a card type "seen only on nontraditional Magic
cards" (CR 311.1 planes, 312.1 phenomena, 313.1 Vanguard, 314.1 schemes), used only by their casual
variant (Planechase, Vanguard, Archenemy), and a deck is a deck of traditional Magic cards
(CR 100.2). Both card-data sources list them among the cards; the importers keep them out of the
card records (no rule reads them) and keep their names and kind instead, so that a list naming one
is told what it is, not that the card is unknown (:data:`deckcheck.engine.NON_DECK_CARD`).

A meld result (Brisela, Voice of Nightmares) is no card at all: it is the back faces of a meld pair
(Bruna, the Fading Light and Gisela, the Broken Blade), halves of one oversized face used only for
the permanent the two become on the battlefield (CR 712.4), and a meld card outside the battlefield
is its front face (CR 712.8a). A deck holds the two meld cards, never their meld. Both sources list
it as a card of its own (MTGJSON: layout "meld", side "b"; Scryfall: layout "meld", the
"meld_result" of its ``all_parts``); the importers keep it beside the planes, with the names of its
meld cards (``parts``) when the data gives them.
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
MELD_RESULT: Final = "meld result"  # the kind of the melded back face of a meld pair
_MELD_RULES: Final = "CR 712.4, 712.8a"


class NonDeckCard(Value):
    """A card no deck can hold: its oracle name, its ``kind`` (plane, phenomenon, scheme, ongoing
    scheme, vanguard, meld result), its type line as the card data gives it, and for a meld result
    the names of the meld cards whose back faces it is (``parts``; empty when the data names none)."""

    FIELDS = ("name", "kind", "type_line", "parts")
    __slots__ = FIELDS

    def __init__(self, name: str, kind: str, type_line: str = "", parts: tuple[str, ...] = ()) -> None:
        self.name: Final = name
        self.kind: Final = kind
        self.type_line: Final = type_line
        self.parts: Final = parts

    @property
    def is_meld_result(self) -> bool:
        return self.kind == MELD_RESULT

    @property
    def variant(self) -> str:
        """The casual variant that uses it: Planechase, Vanguard or Archenemy ("" for a meld
        result, which no variant uses as a card)."""
        if self.is_meld_result:
            return ""
        return _KINDS.get(self.kind, ("a casual variant", "", ""))[0]

    @property
    def section(self) -> str:
        """The section of a decklist that holds such cards outside the deck: Planes, Schemes,
        Vanguard (deck.unchecked_zone reads each as a zone that is not part of the deck); "" for a
        meld result, which no section holds."""
        if self.is_meld_result:
            return ""
        return _KINDS.get(self.kind, ("", "Planes", ""))[1]

    @property
    def rules(self) -> str:
        """The rules that keep it out of a deck: CR 100.2 (a deck of traditional Magic cards) and
        its card type's (seen only on nontraditional Magic cards); for a meld result CR 712.4 (the
        back faces of a meld pair) and 712.8a (a meld card is its front face outside the battlefield)."""
        if self.is_meld_result:
            return _MELD_RULES
        own = _KINDS.get(self.kind, ("", "", ""))[2]
        return f"CR 100.2, {own}" if own else "CR 100.2"

    @property
    def reason(self) -> str:
        """Why no deck holds it, in a few words (after its rules in a message)."""
        if self.is_meld_result:
            return "a meld pair's back faces are used only once melded, on the battlefield"
        return "a deck holds traditional Magic cards only"

    @property
    def described(self) -> str:
        """``a phenomenon card (Planechase)``, ``a vanguard card (Vanguard)``, ``the melded back
        face of Bruna, the Fading Light and Gisela, the Broken Blade``."""
        if self.is_meld_result:
            if not self.parts:
                return "the melded back face of a meld pair"
            pair = self.parts if len(self.parts) > 1 else (*self.parts, "its meld partner")
            return f"the melded back face of {' and '.join(pair)}"
        kind, variant = self.kind, self.variant
        article = "an" if kind[:1] in "aeiouAEIOU" else "a"
        return f"{article} {kind} card" + ("" if variant == kind else f" ({variant})")

    @property
    def instead(self) -> str:
        """What a list does with it instead of holding it in the deck."""
        if self.is_meld_result:
            cards = "those two cards" if len(self.parts) == 2 else "the cards of its meld pair"
            return f"a deck holds {cards}, not their meld"
        return f"list it under a {self.section} section, kept outside the deck"

    def details(self) -> dict[str, object]:
        """What a finding's ``data`` says of it: ``kind``, ``type_line``, and ``variant`` and
        ``section`` (a plane, scheme, Vanguard card) or ``parts`` (a meld result)."""
        if self.is_meld_result:
            return {"kind": self.kind, "type_line": self.type_line, "parts": list(self.parts)}
        return {
            "kind": self.kind,
            "variant": self.variant,
            "type_line": self.type_line,
            "section": self.section,
        }

    def with_parts(self, parts: tuple[str, ...]) -> NonDeckCard:
        return NonDeckCard(self.name, self.kind, self.type_line, parts)

    def to_record(self) -> dict[str, object]:
        record: dict[str, object] = {"name": self.name, "kind": self.kind, "type_line": self.type_line}
        if self.parts:
            record["parts"] = list(self.parts)
        return record


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


def meld_result(name: str, type_line: object, parts: tuple[str, ...] = ()) -> NonDeckCard:
    """The :class:`NonDeckCard` of the melded back face of a meld pair, named ``name``, with the
    names of its meld cards (``parts``) when the data gives them."""
    return NonDeckCard(name, MELD_RESULT, type_line if isinstance(type_line, str) else "", parts)
