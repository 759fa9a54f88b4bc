"""The card model: an immutable record of what deck rules need, with deck-zone characteristics.

Which face counts in the deck (CR 202.3, 709.4, 712.8a, 715.4):
- transform, modal DFC, meld, reversible: the front face only (CR 712.8a);
- adventure, omen, prepare, prototype, flip: the normal characteristics, i.e. the first face (715.4,
  720.4, 718.4, 710.2);
- split cards (incl. aftermath and Rooms): both halves combined (709.4), but symbol-level effects
  (Jegantha) see the halves' separate symbols (709.4b).
Commander colour identity looks at every face (903.4d/e); it is read from the card data.
"""

from __future__ import annotations

import re
from functools import cached_property

from deckcheck.cards.mana import ManaCost
from deckcheck.cards.typeline import TypeLine, parse_type_line
from deckcheck.lazy_pattern import LazyPattern
from deckcheck.value import FrozenValue, slot_setters

FRONT_FACE_LAYOUTS = frozenset(
    {"transform", "modal_dfc", "meld", "reversible_card", "double_faced_token", "battle"}
)
NORMAL_FACE_LAYOUTS = frozenset({"adventure", "omen", "prepare", "flip", "prototype"})
SPLIT_LAYOUTS = frozenset({"split", "aftermath", "room"})

BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

_REMINDER_RE = re.compile(r"\([^()]*\)")
# "As long as Grist, the Hunger Tide isn't on the battlefield, it's a 1/1 Insect creature in addition
# to its other types." A characteristic-defining ability that works in the library and sideboard, so
# for deck construction the card is a creature card too (XMage models Grist the same way).
_CHANGELING_RE = re.compile(r"^changeling\b", re.IGNORECASE | re.MULTILINE)
_OFF_BATTLEFIELD_TYPES = LazyPattern(
    r"as long as [^.]*? isn't on the battlefield, it's an? (?:\d+/\d+ )?((?:[A-Za-z'-]+ )*?)"
    r"(creature|artifact|enchantment)\b[^.]*? in addition to its other types",
    re.IGNORECASE,
)
# Every text the pattern matches holds this once lower-cased (none of its letters has another
# case-insensitive match, as i, k and s do), so a card without it is not searched and a deck
# without such a card never compiles the pattern.
_OFF_BATTLEFIELD_SIGN = "n't on the battle"


def strip_reminder_text(text: str) -> str:
    """Remove parenthesised reminder text (CR 903.4c: it does not count for colour identity)."""
    previous = None
    while previous != text:
        previous, text = text, _REMINDER_RE.sub("", text)
    return text


class Face(FrozenValue):
    FIELDS = (
        "name",
        "mana_cost",
        "type_line",
        "oracle_text",
        "colors",
        "color_indicator",
        "power",
        "toughness",
        "loyalty",
        "defense",
    )
    __slots__ = FIELDS

    name: str
    mana_cost: ManaCost
    type_line: TypeLine
    oracle_text: str
    colors: frozenset[str]
    color_indicator: frozenset[str] | None
    power: str | None
    toughness: str | None
    loyalty: str | None
    defense: str | None

    def __init__(
        self,
        name: str,
        mana_cost: ManaCost,
        type_line: TypeLine,
        oracle_text: str = "",
        colors: frozenset[str] = frozenset(),
        color_indicator: frozenset[str] | None = None,
        power: str | None = None,
        toughness: str | None = None,
        loyalty: str | None = None,
        defense: str | None = None,
    ) -> None:
        _set_face_name(self, name)
        _set_mana_cost(self, mana_cost)
        _set_type_line(self, type_line)
        _set_oracle_text(self, oracle_text)
        _set_colors(self, colors)
        _set_color_indicator(self, color_indicator)
        _set_power(self, power)
        _set_toughness(self, toughness)
        _set_loyalty(self, loyalty)
        _set_defense(self, defense)


(
    _set_face_name,
    _set_mana_cost,
    _set_type_line,
    _set_oracle_text,
    _set_colors,
    _set_color_indicator,
    _set_power,
    _set_toughness,
    _set_loyalty,
    _set_defense,
) = slot_setters(Face, *Face.FIELDS)


class Card(FrozenValue):
    """One oracle card. Build it with :func:`deckcheck.cards.records.card_from_record`.

    Equal, hashed and printed by every field but ``record`` (the card data it was built from). Not
    slotted: its deck-zone characteristics are cached properties, kept in the instance dict."""

    FIELDS = (
        "name",
        "layout",
        "faces",
        "color_identity",
        "keywords",
        "legalities",
        "leadership",
        "printed_names",
        "printed_type_lines",
        "record",
    )
    COMPARED = FIELDS[:-1]

    name: str
    layout: str
    faces: tuple[Face, ...]
    color_identity: frozenset[str]
    keywords: frozenset[str]
    legalities: tuple[tuple[str, str], ...]
    leadership: tuple[tuple[str, bool], ...]
    printed_names: tuple[tuple[str, tuple[str, ...]], ...]
    printed_type_lines: tuple[tuple[str, tuple[str | None, ...]], ...]
    record: dict[str, object]

    def __init__(
        self,
        name: str,
        layout: str,
        faces: tuple[Face, ...],
        color_identity: frozenset[str],
        keywords: frozenset[str] = frozenset(),
        legalities: tuple[tuple[str, str], ...] = (),
        leadership: tuple[tuple[str, bool], ...] = (),
        printed_names: tuple[tuple[str, tuple[str, ...]], ...] = (),
        printed_type_lines: tuple[tuple[str, tuple[str | None, ...]], ...] = (),
        record: dict[str, object] | None = None,
    ) -> None:
        values = self.__dict__  # (its __setattr__ refuses: the fields go straight into its dict)
        values["name"] = name
        values["layout"] = layout
        values["faces"] = faces
        values["color_identity"] = color_identity
        values["keywords"] = keywords
        values["legalities"] = legalities
        values["leadership"] = leadership
        values["printed_names"] = printed_names
        values["printed_type_lines"] = printed_type_lines
        values["record"] = {} if record is None else record

    # -- which faces exist in the deck -------------------------------------------------------
    @property
    def is_split(self) -> bool:
        return self.layout in SPLIT_LAYOUTS and len(self.faces) > 1

    @cached_property
    def deck_faces(self) -> tuple[Face, ...]:
        """The faces whose characteristics the card has outside the stack and battlefield."""
        return self.faces if self.is_split else self.faces[:1]

    @property
    def face_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.faces)

    @cached_property
    def names(self) -> frozenset[str]:
        """Every name the card has in the deck (a split card has two, CR 709.4a / 201.2a)."""
        return frozenset(f.name for f in self.deck_faces) if self.is_split else frozenset({self.name})

    # -- deck-zone characteristics ----------------------------------------------------------
    @cached_property
    def deck_types(self) -> TypeLine:
        types = self.deck_faces[0].type_line
        for face in self.deck_faces[1:]:
            types = types.union(face.type_line)
        text = strip_reminder_text(self.oracle_text)
        matches = _OFF_BATTLEFIELD_TYPES.finditer(text) if _OFF_BATTLEFIELD_SIGN in text.lower() else ()
        for match in matches:
            extra = parse_type_line(f"{match.group(2)} — {match.group(1).strip()}".rstrip(" —"))
            types = TypeLine(
                types.supertypes,
                types.types | extra.types,
                types.subtypes + tuple(s for s in extra.subtypes if s not in types.subtypes),
                types.unknown + extra.unknown,
                types.text,
            )
        return types

    @cached_property
    def mana_value(self) -> int:
        """Mana value in the library or a sideboard: X = 0; split halves add up (CR 202.3d)."""
        return sum(f.mana_cost.mana_value for f in self.deck_faces)

    @cached_property
    def has_mana_cost(self) -> bool:
        return any(f.mana_cost.present for f in self.deck_faces)

    @cached_property
    def cost_symbols(self) -> tuple[str, ...]:
        """The mana symbols a symbol-level effect sees: split halves' symbols side by side (709.4b)."""
        return tuple(s for f in self.deck_faces for s in f.mana_cost.symbols)

    @cached_property
    def oracle_text(self) -> str:
        """Rules text of the faces that exist in the deck."""
        return "\n".join(f.oracle_text for f in self.deck_faces if f.oracle_text)

    @cached_property
    def all_text(self) -> str:
        return "\n".join(f.oracle_text for f in self.faces if f.oracle_text)

    @property
    def is_land(self) -> bool:
        return self.deck_types.is_land

    @property
    def is_creature(self) -> bool:
        return self.deck_types.is_creature

    @property
    def is_permanent(self) -> bool:
        return self.deck_types.is_permanent

    @property
    def is_legendary(self) -> bool:
        return self.deck_types.is_legendary

    @cached_property
    def is_basic_land(
        self,
    ) -> bool:  # (cached: the copy and identity rules ask it of every card of every deck)
        return self.deck_types.is_basic and self.deck_types.is_land

    @cached_property
    def is_changeling(self) -> bool:
        """Changeling (702.73a), or the card saying *it* is every creature type (Mistform Ultimus),
        works outside the game too. A card that makes *other* things every creature type does not."""
        text = strip_reminder_text(self.oracle_text)
        if _CHANGELING_RE.search(text):
            return True
        if "every creature type" not in text.casefold():
            return False
        front = self.deck_faces[0].name
        own = {front, front.split(",")[0], "this creature", "this card"}
        pattern = "|".join(re.escape(n) for n in sorted(own, key=len, reverse=True))
        return bool(re.search(rf"(?:^|\. )(?:{pattern}) is every creature type\b", text, re.I | re.M))

    def creature_types(self) -> frozenset[str]:
        return frozenset(self.deck_types.subtypes)

    def legality(self, format_key: str) -> str:
        """legal | not_legal | banned | restricted; a format the data does not list is not_legal."""
        for key, value in self.legalities:
            if key == format_key:
                return value
        return "not_legal"

    def can_lead(self, format_key: str) -> bool | None:
        for key, value in self.leadership:
            if key == format_key:
                return value
        return None


def printings_of(card: Card) -> tuple[str, ...] | None:
    """The set codes of the card's printings from its record (MTGJSON's, which ``cards import``
    keeps); None when the record has none."""
    value = card.record.get("printings")
    if not isinstance(value, list) or not value:
        return None
    return tuple(str(code) for code in value)
