"""Type-line parser (CR 205): supertypes, card types and subtypes, and the words it did not know.

Accepts the Oracle form ("Legendary Creature — Cat Nightmare"), ASCII dashes ("--", " - "), the
dashless form some exporters write ("Legendary Creature Elf Warrior"), old words ("Tribal" is
Kindred) and pre-Ixalan planeswalkers without "Legendary". Multi-face lines are joined with " // "
and parsed face by face with :func:`parse_faces`. Nothing is guessed silently: a word that is not in
the CR lists lands in :attr:`TypeLine.unknown`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from deckcheck.cards import vocabulary as vocab
from deckcheck.value import FrozenValue, slot_setters

PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})

# An em dash or en dash anywhere, or an ASCII dash standing alone between spaces ("--" or " - ").
# A hyphen inside a word (Assembly-Worker) is never a separator.
_DASH_RE = re.compile(r"\s*[—–]\s*|\s+-{1,2}\s+|\s*--\s*")
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "ʼ": "'"})


def _canonical_index(words: frozenset[str]) -> dict[str, str]:
    return {w.casefold(): w for w in words}


_SUPERTYPES = _canonical_index(vocab.SUPERTYPES)
_CARD_TYPES = _canonical_index(vocab.CARD_TYPES)
_OLD_TYPES = {k.casefold(): v for k, v in vocab.OLD_TYPE_NAMES.items()}
_ALL_SUBTYPES = _canonical_index(frozenset().union(*vocab.SUBTYPES_BY_TYPE.values()))
_RETIRED = {k.casefold(): v for k, v in vocab.RETIRED_CREATURE_TYPES.items()}
_CREATURE_BEARING = frozenset({"Creature", "Kindred"})
_SUBTYPES_FOR = {t: _canonical_index(s) for t, s in vocab.SUBTYPES_BY_TYPE.items()}
_MULTIWORD = sorted((w for w in vocab.MULTIWORD_SUBTYPES), key=lambda w: -len(w.split()))


class TypeLine(FrozenValue):
    FIELDS = ("supertypes", "types", "subtypes", "unknown", "text")
    __slots__ = FIELDS

    supertypes: frozenset[str]
    types: frozenset[str]
    subtypes: tuple[str, ...]
    unknown: tuple[str, ...]  # words not in the CR lists (or not valid for these card types)
    text: str

    def __init__(
        self,
        supertypes: frozenset[str],
        types: frozenset[str],
        subtypes: tuple[str, ...],
        unknown: tuple[str, ...] = (),
        text: str = "",
    ) -> None:
        _set_supertypes(self, supertypes)
        _set_types(self, types)
        _set_subtypes(self, subtypes)
        _set_unknown(self, unknown)
        _set_text(self, text)

    def has_type(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_permanent(self) -> bool:
        """CR 110.4a: artifact, battle, creature, enchantment, land or planeswalker."""
        return bool(self.types & PERMANENT_TYPES)

    @property
    def is_legendary(self) -> bool:
        return "Legendary" in self.supertypes

    @property
    def is_basic(self) -> bool:
        return "Basic" in self.supertypes

    def union(self, other: TypeLine) -> TypeLine:
        """Combined characteristics of two halves (CR 709.4c: a split card has both halves' types)."""
        subtypes = self.subtypes + tuple(s for s in other.subtypes if s not in self.subtypes)
        return TypeLine(
            self.supertypes | other.supertypes,
            self.types | other.types,
            subtypes,
            self.unknown + other.unknown,
            f"{self.text} // {other.text}",
        )


_set_supertypes, _set_types, _set_subtypes, _set_unknown, _set_text = slot_setters(TypeLine, *TypeLine.FIELDS)
EMPTY_TYPE_LINE = TypeLine(frozenset(), frozenset(), ())


def _match_type_word(word: str) -> tuple[str, str] | None:
    """('super'|'type', canonical) for a supertype or card-type word, else None."""
    key = word.casefold()
    if key in _SUPERTYPES:
        return "super", _SUPERTYPES[key]
    if key in _CARD_TYPES:
        return "type", _CARD_TYPES[key]
    if key in _OLD_TYPES:
        return "type", _OLD_TYPES[key]
    return None


def _tokenize_subtypes(text: str) -> list[str]:
    """Split subtypes on spaces, keeping known multi-word subtypes ("Time Lord") together."""
    tokens: list[str] = []
    words = text.split()
    i = 0
    while i < len(words):
        for phrase in _MULTIWORD:
            size = len(phrase.split())
            if " ".join(words[i : i + size]).casefold() == phrase.casefold():
                tokens.append(phrase)
                i += size
                break
        else:
            tokens.append(words[i])
            i += 1
    return tokens


@lru_cache(maxsize=65536)
def parse_type_line(text: str) -> TypeLine:
    """Parse one face's type line. Use :func:`parse_faces` for a line that may hold " // "."""
    line = " ".join(text.translate(_APOSTROPHES).split())
    if not line:
        return EMPTY_TYPE_LINE
    parts = _DASH_RE.split(line, maxsplit=1)
    left_words = parts[0].replace(",", " ").split()
    right = parts[1] if len(parts) > 1 else ""

    supertypes: set[str] = set()
    types: set[str] = set()
    unknown: list[str] = []
    leftover: list[str] = []
    for index, word in enumerate(left_words):
        match = _match_type_word(word)
        if match is None:
            if len(parts) == 1:
                # Dashless form ("Creature Elf Warrior"): the rest are subtypes.
                leftover = left_words[index:]
                break
            unknown.append(word)
            continue
        kind, canonical = match
        (supertypes if kind == "super" else types).add(canonical)
    if leftover:
        right = " ".join(leftover)

    subtypes: list[str] = []
    if right:
        if "Plane" in types:
            # Planar types are one multi-word subtype each (CR 205.3n).
            subtypes.append(right.strip())
        else:
            for token in _tokenize_subtypes(right.replace(",", " ")):
                subtype = _canonical_subtype(token, types)
                if subtype is None:
                    unknown.append(token)
                    subtypes.append(token)
                else:
                    subtypes.append(subtype)
    if "Planeswalker" in types and "Legendary" not in supertypes:
        # Ixalan-era Oracle errata: every planeswalker printed without "Legendary" is legendary.
        supertypes.add("Legendary")
    return TypeLine(frozenset(supertypes), frozenset(types), tuple(subtypes), tuple(unknown), line)


def _canonical_subtype(token: str, types: set[str]) -> str | None:
    key = token.casefold()
    if key in _RETIRED and types & _CREATURE_BEARING:
        return _RETIRED[key]
    for card_type in types:
        table = _SUBTYPES_FOR.get(card_type)
        if table and key in table:
            return table[key]
    if not types:
        return _ALL_SUBTYPES.get(key)
    return None


def split_faces(text: str) -> list[str]:
    """Split a multi-face type line ("Creature — Faerie Rogue // Instant — Adventure")."""
    return [part.strip() for part in re.split(r"\s+//\s+", text.strip())] if text.strip() else []


def parse_faces(text: str) -> list[TypeLine]:
    return [parse_type_line(face) for face in split_faces(text)]
