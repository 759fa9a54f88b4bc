"""The line grammar shared by every text decklist format.

Arena, MTGO, MWS, Moxfield, Archidekt, Forge and XMage card lines differ only in decorations around
``count name``; one permissive grammar reads them all, so a file detected as the "wrong" text
dialect still parses correctly. Dialect switches exist only where two formats really disagree
(Forge's ``+`` foil suffix; Archidekt's trailing ``[Category]`` that elsewhere is a set code).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import Enum
from typing import Final

from deckcheck.deck import Zone
from deckcheck.decklist._base import MAX_NAME_LENGTH, mixed_digits, other_digits_note, parse_quantity
from deckcheck.decklist._names import clean_name, name_problem
from deckcheck.decklist.headers import CARD_NAMED_ZONE_HEADERS, ZONE_HEADERS, header_key
from deckcheck.lazy_pattern import LazyPattern
from deckcheck.value import Record, Value


class HeaderKind(Enum):
    ZONE = "zone"  # switches the zone: Commander, Deck, Sideboard...
    EXTRA = "extra"  # a section that is not part of the deck: planes, schemes, tokens...
    GROUP = "group"  # a grouping inside the current zone: "Creatures (12)", "[Ramp]"
    ABOUT = "about"  # Arena "About" (followed by "Name ...")
    METADATA = "metadata"  # Forge "[metadata]" (followed by key=value lines)
    UNKNOWN = "unknown"  # "Something:" that we do not know


class Header(Value):
    FIELDS = ("kind", "label", "zone", "count_digits")
    __slots__ = FIELDS

    def __init__(
        self, kind: HeaderKind, label: str, zone: Zone | None = None, count_digits: str | None = None
    ) -> None:
        self.kind: Final = kind
        self.label: Final = label
        self.zone: Final = zone
        # the count the line gives, as written ("15" of "Sideboard (15)"; "١٥" in other digits)
        self.count_digits: Final = count_digits

    @property
    def count(self) -> int | None:
        """The copies the line says its section holds, None for none: digits of two systems
        ("1٥") are no count, as on a card line (mixed_digits; the reader says so)."""
        digits = self.count_digits
        return None if digits is None or mixed_digits(digits) is not None else int(digits)


def _words(*names: str) -> frozenset[str]:
    return frozenset(names)


# Section names, lower-case, English and localized: a table of facts in deckcheck.decklist.headers.
_ZONE_HEADERS = ZONE_HEADERS
_HEADER_ZONE = {word: zone for zone, words in _ZONE_HEADERS.items() for word in words}
# header words that are card names too: headers only bracketed, before a colon or with a count
_CARD_NAMED_ZONE = {
    header_key(word): zone for zone, words in CARD_NAMED_ZONE_HEADERS.items() for word in words
}

_EXTRA_HEADERS = _words(
    "planar deck",
    "planes",
    "plane deck",
    "planechase",
    "scheme deck",
    "schemes",
    "planes/schemes",  # (OCTGN's section for both)
    "display commander",
    "display commanders",
    "tokens",
    "token",
    "tokens & emblems",
    "emblems",
    "attractions",
    "attraction deck",
    "contraptions",
    "stickers",
    "sticker sheets",
    "dungeon",
    "dungeons",
    "avatar",
    "vanguard",
)
# Only as "[Conspiracy]": "Conspiracy" alone is also a card name.
_BRACKET_ONLY_EXTRA = _words("conspiracy", "conspiracies")

_GROUP_HEADERS = _words(
    "creature",
    "creatures",
    "land",
    "lands",
    "basic lands",
    "nonbasic lands",
    "instant",
    "instants",
    "sorcery",
    "sorceries",
    "artifact",
    "artifacts",
    "enchantment",
    "enchantments",
    "planeswalker",
    "planeswalkers",
    "battle",
    "battles",
    "spell",
    "spells",
    "other spells",
    "nonland",
    "nonlands",
    "non-land",
    "non-lands",
    "other",
    "others",
    "kindred",
    "tribal",
    "instants and sorceries",
    "instants & sorceries",
    "noncreature spells",
)

_COUNT_SUFFIX = re.compile(r"\s*(?:\(\s*(\d{1,4})\s*\)|\[\s*(\d{1,4})\s*\])$")
# A header word with its count after the colon ("Sideboard: 15", "Main: 60"), as some sites write it
_COLON_COUNT = LazyPattern(r"^(?P<label>[^:]+?)\s*:\s*(?P<count>\d{1,4})$")
# The header words exporters (XMage, MWS) write before a card line as a prefix ("SB: 2 Duress"),
# never as a section with a count: "SB: 2" alone is a card line cut short, refused as one.
_PREFIX_ONLY_WORDS = _words("sb", "cmdr")
_LABEL = LazyPattern(r"[^\W\d][\w &'/,.+\-]*", re.UNICODE)  # compiled for an unknown header


def classify_header(text: str, *, section: bool = False) -> Header | None:
    """The section header this (count-less, comment-free) line is, or None. A count after it, in
    brackets or after a colon ("Sideboard (15)", "Sideboard: 15"), is the header's ``count``, which
    the reader compares with the copies it reads under it (DC007). ``section``: ``text`` names a
    section for certain (a deck site's board or category), never a card, so a header word that is
    also a card name ("Library") is a header even alone. A known section word is also its header
    when written in other ways players write one (:func:`_decorated_header`)."""
    stripped = text.strip()
    if "\uff1a" in stripped:  # a full-width colon (U+FF1A), as a CJK keyboard types it
        stripped = stripped.replace("\uff1a", ":")
    header = _plain_header(stripped, section=section)
    if (header is None or header.kind is HeaderKind.UNKNOWN) and (
        stripped[:1] in _EMPHASIS_MARKS
        or stripped.rstrip(":")[-1:].isdigit()
        or stripped.rstrip(":").lower().endswith(("card", "cards", ")", "]"))
    ):
        return _decorated_header(stripped) or header
    return header


# Markdown emphasis around a header ("**Sideboard**", "_Deck_"), and a count after a header word
# with a dash or a space, or ending in "cards" ("Sideboard 15", "Sideboard - 15", "Main deck — 99
# cards", "Deck (60 cards)"), as deck sites and forum posts write them.
_EMPHASIS_MARKS = "*_"
_EMPHASIS = LazyPattern(r"^(?P<mark>\*{1,3}|_{1,3})(?P<inner>[^*_](?:.*?[^*_])?)(?P=mark)(?P<after>[^*_]*)$")
_LOOSE_COUNT = LazyPattern(
    r"^(?P<label>.*?[^\s:\-\u2013\u2014])\s*(?:[:\-\u2013\u2014]\s*|\s)"
    r"(?:(?P<count>\d{1,4})|[(\[]\s*(?P<bracketed>\d{1,4})(?:\s+cards?)?\s*[)\]])(?:\s+cards?)?:?$",
    re.IGNORECASE,
)


def _decorated_header(stripped: str) -> Header | None:
    """A known section word written with Markdown emphasis or a count in a way
    :func:`_plain_header` does not read ("**Sideboard**", "Sideboard - 15", "Main deck — 99
    cards"): that section's header. Only a word of the header vocabulary: any other such line
    ("Lightning Bolt 4") is left to be read as a card, as it was."""
    label = stripped
    emphasis = _EMPHASIS.match(label)
    if emphasis is not None:
        label = (emphasis.group("inner") + emphasis.group("after")).strip()
        header = _plain_header(label, section=True)
        if header is not None and _known_word(header):
            return header
    counted = _LOOSE_COUNT.match(label.rstrip(":").rstrip())
    if counted is None:
        return None
    word = counted.group("label").strip()
    key = " ".join(word.lower().split())
    # ("SB: 2", "CMDR 1": a prefix before a card line cut short, never a section)
    if key in _PREFIX_ONLY_WORDS:
        return None
    return _section_header(
        key, word, marked=True, count_digits=counted.group("count") or counted.group("bracketed")
    )


def _known_word(header: Header) -> bool:
    """Whether a header read from a decorated line is a word of the vocabulary (not a bracketed or
    counted label read as a group of its own)."""
    return _section_header(" ".join(header.label.lower().split()), header.label, marked=True) is not None


def _plain_header(stripped: str, *, section: bool) -> Header | None:
    """:func:`classify_header` of a line as written, without the decorations of :func:`_decorated_header`."""
    if ":" in stripped and stripped[:1] != "[" and not stripped.endswith((":", ")", "]")):
        # "NAME: Burn", the usual comment: no header word has a colon (a test holds them to it),
        # and neither brackets, a final colon nor a count suffix make it a header; a known header
        # word with a count after its colon does.
        colon_count = _COLON_COUNT.match(stripped)
        if colon_count is None:
            return None
        label = colon_count.group("label").strip()
        key = " ".join(label.lower().split())
        if key in _PREFIX_ONLY_WORDS:
            return None
        return _section_header(key, label, marked=True, count_digits=colon_count.group("count"))
    bracketed = len(stripped) > 2 and stripped[0] == "[" and stripped[-1] == "]"
    label = stripped[1:-1].strip() if bracketed else stripped
    had_colon = label.endswith(":")
    label = label.rstrip(":").strip()
    # (a count suffix ends in ")" or "]": most lines need not be searched for one)
    counted = _COUNT_SUFFIX.search(label) if label.endswith((")", "]")) else None
    count_digits = None
    if counted:
        label = label[: counted.start()].rstrip(" :")
        count_digits = counted.group(1) or counted.group(2)
    key = " ".join(label.lower().split())
    if not key:
        return None
    if key == "about":
        return Header(HeaderKind.ABOUT, label)
    if key == "metadata" and bracketed:
        return Header(HeaderKind.METADATA, label)
    if bracketed and key in _BRACKET_ONLY_EXTRA:
        return Header(HeaderKind.EXTRA, label)
    known = _section_header(
        key, label, marked=section or bracketed or had_colon or counted is not None, count_digits=count_digits
    )
    if known is not None:
        return known
    if (bracketed or counted) and _LABEL.fullmatch(label):
        return Header(HeaderKind.GROUP, label, count_digits=count_digits)
    if had_colon and not bracketed and _LABEL.fullmatch(label):
        return Header(HeaderKind.UNKNOWN, label)
    return None


def _section_header(
    key: str, label: str, *, marked: bool = False, count_digits: str | None = None
) -> Header | None:
    """The header a known section word is (``key``: lower case, single spaces): a zone, a section
    outside the deck or a group; None for any other word. ``marked``: the line brackets the word,
    ends it with a colon or gives a count, which a card-named header word needs to be a header;
    ``count_digits``: the count the line gives, as written."""
    if key in _HEADER_ZONE:
        return Header(HeaderKind.ZONE, label, _HEADER_ZONE[key], count_digits)
    if marked and key in _CARD_NAMED_ZONE:
        return Header(HeaderKind.ZONE, label, _CARD_NAMED_ZONE[key], count_digits)
    if key in _EXTRA_HEADERS:
        return Header(HeaderKind.EXTRA, label, count_digits=count_digits)
    if key in _GROUP_HEADERS:
        return Header(HeaderKind.GROUP, label, count_digits=count_digits)
    return None


def board_section(label: str) -> tuple[Zone, str | None] | None:
    """The zone of the cards a deck site files under the board, section or category ``label``, read
    as the text reader reads the same word as a section header: a zone's name (Sideboard, Commander,
    ...) is that zone, a group (Creatures (12)) the main deck, and a section that is not part of the
    deck (tokens, planes, ...) the maybeboard, with that section's name (None for the others). None
    for any other word: each reader says what an unknown board is."""
    header = classify_header(label, section=True)
    if header is None:
        return None
    if header.kind is HeaderKind.ZONE and header.zone is not None:
        return header.zone, None
    if header.kind is HeaderKind.GROUP:
        return Zone.MAIN, None
    if header.kind is HeaderKind.EXTRA:
        return Zone.MAYBEBOARD, header.label
    return None


def unknown_board_reason(label: str) -> str:
    """Why the cards a deck site files under a board no reader knows (``label``) are not read as any
    zone: which zone they are is not known (they may be the deck itself, or a wishlist), so they are
    kept out of the deck (never lost: in the maybeboard, tagged) and the deck is not verified (a line
    not read, DC002), rather than judged too large or too small."""
    return (
        f"unknown board {label!r}: not a board deckcheck knows (Main, Sideboard, Commander, Companion, "
        "Maybeboard, or a section outside the deck such as Tokens): its cards are kept out of the deck "
        "and what they would change is not judged; name the board one of those"
    )


# Archidekt categories that are zones; any other category is kept as a tag.
CATEGORY_ZONE = {
    "commander": Zone.COMMANDER,
    "commanders": Zone.COMMANDER,
    "companion": Zone.COMPANION,
    "sideboard": Zone.SIDEBOARD,
    "maybeboard": Zone.MAYBEBOARD,
    "considering": Zone.MAYBEBOARD,
    "mainboard": Zone.MAIN,
    "main": Zone.MAIN,
    "deck": Zone.MAIN,
}


def categories_zone(categories: Iterable[str]) -> tuple[Zone | None, list[str]]:
    """How an Archidekt card's categories (its JSON's list, its CSV's cell, its text's brackets)
    place it: the zone of the first category that names one (:data:`CATEGORY_ZONE`; None: none
    does), and the categories that name no zone, kept as tags."""
    zone: Zone | None = None
    tags: list[str] = []
    for category in categories:
        category_zone = CATEGORY_ZONE.get(category.lower())
        if category_zone is None:
            tags.append(category)
        elif zone is None:
            zone = category_zone
    return zone, tags


# The card-line patterns from here on are compiled on first use: a plain "4 Name" list (text.py's
# shortcut) and its section headers need none of them.
_PREFIX = LazyPattern(
    r"^(?P<prefix>sb|side|sideboard|cm|cmdr|commander|mb|main|mainboard|companion|maybe|maybeboard)"
    r"\s*:\s*(?=\S)",
    re.IGNORECASE,
)
_PREFIX_ZONE = {
    "sb": Zone.SIDEBOARD,
    "side": Zone.SIDEBOARD,
    "sideboard": Zone.SIDEBOARD,
    "cm": Zone.COMMANDER,
    "cmdr": Zone.COMMANDER,
    "commander": Zone.COMMANDER,
    "mb": Zone.MAIN,
    "main": Zone.MAIN,
    "mainboard": Zone.MAIN,
    "companion": Zone.COMPANION,
    "maybe": Zone.MAYBEBOARD,
    "maybeboard": Zone.MAYBEBOARD,
}

# "4x Name" or "4 Name"; not "4 x Name", which would eat the first word of "1 X Marks the Spot".
_LEADING_COUNT = LazyPattern(r"^(?P<count>[+-]?\d+)(?:[xX]\s+|\s+)(?P<rest>\S.*)$")
_LEADING_X_COUNT = LazyPattern(r"^[xX](?P<count>\d+)\s+(?P<rest>\S.*)$")
_TRAILING_COUNT = LazyPattern(r"^(?P<rest>.*\S)\s+[xX](?P<count>\d+)$")
_LEADING_SET = LazyPattern(r"^\[(?P<set>[A-Za-z0-9_]{1,8})(?::(?P<num>[^\]]*))?\]\s*(?P<rest>\S.*)$")

_TAG = LazyPattern(r"^(?P<rest>.*?)\s+#(?P<bang>!)?(?P<tag>[^\s#]+)$")
_CARET_TAGS = LazyPattern(r"^(?P<rest>.*?)\s*\^(?P<tags>[^^]*)\^$")
# compiled at import: _strip_decorations tells its matches from _PAREN_MARKER's by identity
_STAR_MARKER = re.compile(r"^(?P<rest>.*?)\s*\*(?P<marker>[A-Za-z]{1,6})\*$")
_PAREN_MARKER = LazyPattern(r"^(?P<rest>.*?)\s*\((?P<marker>f|e|foil|etched)\)$", re.IGNORECASE)
_BRACKET = LazyPattern(r"^(?P<rest>.*?)\s*\[(?P<inner>[^\[\]]*)\]$")
# MTGGoldfish's "exact versions" export writes a printing's variant in angle brackets before its
# set ("36 Mountain <A> [UNH]", "1 Dualcaster Mage <precon> [CMR]"): a note, like the printing.
_VARIANT = LazyPattern(r"^(?P<rest>.*?)\s*<\s*(?P<variant>[^<>\[\]\s][^<>\[\]]*?)\s*>$")
_SET_AND_NUMBER = LazyPattern(
    r"^(?P<rest>.*\S)\s+\((?P<set>[A-Za-z0-9_]{2,6})\)(?:\s+(?P<num>[A-Za-z0-9★*+\-§†.]{1,12}))?$"
)
_BRACKET_SET_NUMBER = LazyPattern(r"^(?P<set>[A-Za-z0-9_]{1,8}):(?P<num>[^\]]*)$")
_BRACKET_SET = LazyPattern(r"^[A-Za-z0-9_]{2,8}$")
# Old Wizards theme-deck lists mark uncommons "Name*" and rares "Name**"; no card name ends in "*".
_TRAILING_STAR = LazyPattern(r"^(?P<rest>.*[^\s*])\s*(?P<stars>\*{1,2})$")
_CATEGORY = LazyPattern(r"^(?P<name>[^{}]*?)\s*(?P<flags>(?:\{[^{}]*\})*)$")

_FOIL_MARKERS = {"f": "foil", "foil": "foil", "e": "etched", "etched": "etched", "foil etched": "etched"}
_NOTE_MARKERS = {
    "a": "alter",
    "alter": "alter",
    "p": "proxy",
    "proxy": "proxy",
    "s": "signed",
    "signed": "signed",
}


class CardLine(Record):
    """A card line taken apart. ``zone`` is set when the line itself names one (``SB:``,
    ``*CMDR*``, ``[Commander]``); ``extra`` when it says it is not a deck card (``[token]``)."""

    FIELDS = (
        "quantity",
        "name",
        "set_code",
        "collector_number",
        "foil",
        "tags",
        "zone",
        "extra",
        "notes",
        "warnings",
        "details",
        "infos",
    )
    __slots__ = FIELDS

    def __init__(
        self,
        quantity: int | None,
        name: str,
        set_code: str | None = None,
        collector_number: str | None = None,
        foil: bool = False,
        tags: list[str] | None = None,
        zone: Zone | None = None,
        extra: str | None = None,
        notes: list[str] | None = None,
        warnings: list[str] | None = None,
        details: list[tuple[str, str]] | None = None,
        infos: list[str] | None = None,
    ) -> None:
        self.quantity = quantity
        self.name = name
        self.set_code = set_code
        self.collector_number = collector_number
        self.foil = foil
        self.tags: list[str] = [] if tags is None else tags
        self.zone = zone
        self.extra = extra
        self.notes: list[str] = [] if notes is None else notes
        self.warnings: list[str] = [] if warnings is None else warnings
        # what the line says of the printing or the copy (deckcheck.deck.DETAIL_KINDS), each also a note
        self.details: list[tuple[str, str]] = [] if details is None else details
        # what the line says that is no doubt but is reported (DC003 as a note): a count in other digits
        self.infos: list[str] = [] if infos is None else infos


def split_prefix(text: str) -> tuple[Zone | None, str]:
    """``SB: 2 Duress`` -> (SIDEBOARD, ``2 Duress``)."""
    if ":" not in text:  # every prefix ends in a colon
        return None, text
    match = _PREFIX.match(text)
    if not match:
        return None, text
    return _PREFIX_ZONE[match.group("prefix").lower()], text[match.end() :]


# Each pattern that takes a printing, marker, tag or category off a card line needs one of these
# characters (and Forge's "Name|SET" a pipe, its foil a trailing plus); a line without any is a
# count and a name.
_DECORATION_CHARACTERS = frozenset("#^*()[]|+<>")


def parse_card(text: str, *, forge: bool = False, archidekt: bool = False) -> CardLine | str:
    """Parse one card line (comments and headers already excluded). Returns the parts, or the
    reason the line is not a card line."""
    return _parse_card(text, forge=forge, archidekt=archidekt, shortcut=True)


def _parse_card(text: str, *, forge: bool, archidekt: bool, shortcut: bool) -> CardLine | str:
    """:func:`parse_card`; ``shortcut`` takes a plain ``N Name`` line straight to its name (the
    same result as trying every decoration pattern, which a test checks)."""
    zone, rest = split_prefix(text.strip())
    quantity: int | None = None
    digits_note = None  # (a count in other digits than 0-9: other_digits_note)
    match = _LEADING_COUNT.match(rest) or _LEADING_X_COUNT.match(rest)
    if match:
        written = match.group("count")
        parsed = parse_quantity(written)
        if isinstance(parsed, str):
            return parsed
        quantity, rest = parsed, match.group("rest")
        digits_note = None if written.isascii() else other_digits_note(written, parsed)
    elif re.match(r"^[+-]?\d+\s*[xX]?$", rest):
        return "a count with no card name"
    card = CardLine(quantity=quantity, name="", zone=zone)
    if digits_note is not None:
        card.infos.append(digits_note)
    if shortcut and quantity is not None and _DECORATION_CHARACTERS.isdisjoint(rest):
        card.name = clean_name(rest)
        problem = name_problem(card.name, MAX_NAME_LENGTH, written=rest.strip())
        return problem if problem else card

    leading = _LEADING_SET.match(rest)
    if leading:
        card.set_code = leading.group("set")
        card.collector_number = leading.group("num") or None
        rest = leading.group("rest")

    rest = _strip_decorations(rest, card, archidekt=archidekt, shortcut=shortcut)

    if "|" in rest:  # Forge: Name|SET|artIndex
        parts = [p.strip() for p in rest.split("|")]
        odd = _forge_fields_problem(parts[1:])
        if odd:  # what the fields would drop is not known to be nothing
            return f"{rest.strip()[:200]!r}: not a Forge card line `N Name|SET|art`: {odd}"
        rest = parts[0]
        if len(parts) > 1 and parts[1]:
            card.set_code = parts[1]
        if len(parts) > 2 and parts[2]:
            card.notes.append(f"art index {parts[2]}")
            card.details.append(("art_index", parts[2]))
        forge = True
    if forge and rest.endswith("+"):
        rest = rest[:-1].rstrip()
        card.foil = True

    if card.quantity is None:
        trailing = _TRAILING_COUNT.match(rest)
        if trailing:
            written = trailing.group("count")
            parsed = parse_quantity(written)
            if isinstance(parsed, str):
                return parsed
            card.quantity, rest = parsed, trailing.group("rest")
            digits_note = None if written.isascii() else other_digits_note(written, parsed)
            if digits_note is not None:
                card.infos.append(digits_note)

    star = _TRAILING_STAR.match(rest) if rest.endswith("*") or not shortcut else None
    if star:
        rest = star.group("rest")
        card.notes.append(f"trailing {star.group('stars')!r} marker removed")

    card.name = clean_name(rest)
    problem = name_problem(card.name, MAX_NAME_LENGTH, written=rest.strip())
    if problem:
        return problem
    return card


_FORGE_SET = LazyPattern(r"[A-Za-z0-9_-]{1,10}")


def _forge_fields_problem(fields: list[str]) -> str | None:
    """Why the fields after a Forge card's name (``SET``, ``art index``) are not what Forge
    writes, or None: more fields, a set code with spaces or signs, an art index not a number."""
    if len(fields) > 2:
        return f"{len(fields) + 1} fields"
    if fields[0] and not _FORGE_SET.fullmatch(fields[0]):
        return f"set code {fields[0][:40]!r}"
    if len(fields) > 1 and fields[1] and not fields[1].isdecimal():
        return f"art index {fields[1][:40]!r} is not a number"
    return None


def _strip_decorations(rest: str, card: CardLine, *, archidekt: bool, shortcut: bool) -> str:
    """Peel markers, tags, categories, printings and variants off the end of the line, in any order.

    Each pattern scans the line from its start, so with ``shortcut`` a pattern is tried only on a
    line it can match: one ending in its decoration's last character (``^``, ``*``, ``)``, ``]``,
    ``>``), or holding its sign (``#tag``, ``(SET)``). Without it every pattern is tried each time
    round (the same result, which a test checks). (``rest`` never ends in a line break, where ``$``
    would also match.)"""
    seen_printing = False
    while True:
        every = not shortcut
        last = rest[-1:]
        match = _TAG.match(rest) if every or "#" in rest else None
        if match:
            # Deckstats marks its commander "#!Commander", as Moxfield's text marks it *CMDR*
            if match.group("bang") and match.group("tag").lower() == "commander":
                card.zone = card.zone or Zone.COMMANDER
            else:
                card.tags.insert(0, match.group("tag"))
            rest = match.group("rest")
            continue
        match = _CARET_TAGS.match(rest) if every or last == "^" else None
        if match:
            tags = [t.strip() for t in match.group("tags").split(",")]
            card.tags[:0] = [t for t in tags if t and not t.startswith("#")]
            rest = match.group("rest")
            continue
        if every or last == "*" or last == ")":
            match = _STAR_MARKER.match(rest) or _PAREN_MARKER.match(rest)
            if match:
                _apply_marker(match.group("marker"), card, starred=match.re is _STAR_MARKER)
                rest = match.group("rest")
                continue
        match = _BRACKET.match(rest) if every or last == "]" else None
        if match and _apply_bracket(match.group("inner"), card, archidekt=archidekt):
            rest = match.group("rest")
            continue
        match = _VARIANT.match(rest) if every or last == ">" else None
        if match:
            card.notes.append(f"variant <{match.group('variant')}>")
            card.details.insert(0, ("variant", match.group("variant")))
            rest = match.group("rest")
            continue
        match = _SET_AND_NUMBER.match(rest) if every or "(" in rest else None
        if match and not seen_printing:
            seen_printing = True
            card.set_code = match.group("set")
            card.collector_number = match.group("num")
            rest = match.group("rest")
            continue
        return rest


def _apply_marker(marker: str, card: CardLine, *, starred: bool) -> None:
    key = marker.lower()
    if key in _FOIL_MARKERS:
        card.foil = True
        if _FOIL_MARKERS[key] == "etched":
            card.notes.append("etched")
            card.details.insert(0, ("etched", ""))
    elif key == "cmdr":
        card.zone = Zone.COMMANDER
    elif key in _NOTE_MARKERS:
        card.notes.append(_NOTE_MARKERS[key])
        card.details.insert(0, (_NOTE_MARKERS[key], ""))
    elif starred:
        card.warnings.append(f"unknown marker *{marker}* removed")


def _apply_bracket(inner: str, card: CardLine, *, archidekt: bool) -> bool:
    """A trailing ``[...]``: a finish marker, ``[SET:NUM]``, Archidekt categories or ``[SET]``.
    Returns False when it is none of these (the brackets stay and the name is refused)."""
    content = inner.strip()
    key = content.lower()
    if key in _FOIL_MARKERS:
        card.foil = True
        if _FOIL_MARKERS[key] == "etched":
            card.notes.append("etched")
            card.details.insert(0, ("etched", ""))
        return True
    if key in ("token", "tokens", "emblem"):
        card.extra = "token"
        return True
    if key in _NOTE_MARKERS or key in ("nonfoil", "non-foil"):
        card.notes.append(key)
        if key in _NOTE_MARKERS:  # (a non-foil copy is what a line without a finish reads as)
            card.details.insert(0, (_NOTE_MARKERS[key], ""))
        return True
    set_number = _BRACKET_SET_NUMBER.match(content)
    if set_number:
        card.set_code = set_number.group("set")
        card.collector_number = set_number.group("num") or None
        return True
    first_category = _CATEGORY.match(content.split(",")[0].strip())
    is_category = (
        archidekt
        or "{" in content
        or "," in content
        or (first_category is not None and first_category.group("name").strip().lower() in CATEGORY_ZONE)
    )
    if is_category and content:
        _apply_categories(content, card)
        return True
    if _BRACKET_SET.match(content):
        card.set_code = content
        return True
    return False


def _apply_categories(content: str, card: CardLine) -> None:
    """Archidekt ``[Commander{top},Ramp]``: the first zone category places the card; a
    ``{noDeck}`` category keeps it out of the deck; other categories become tags."""
    names: list[str] = []
    out_of_deck = False
    for raw in content.split(","):
        match = _CATEGORY.match(raw.strip())
        if not match:
            continue
        name = match.group("name").strip()
        flags = {f.strip().lower() for f in re.findall(r"\{([^{}]*)\}", match.group("flags"))}
        if not name:
            continue
        names.append(name)
        if "nodeck" in flags:
            out_of_deck = True
    zone, tags = categories_zone(names)
    card.tags.extend(tags)
    if zone is None and out_of_deck:
        zone = Zone.MAYBEBOARD
    if zone is not None and card.zone is None:
        card.zone = zone
