"""Deck model: what a decklist said, zone by zone, with the source line of every entry.

Parsing produces a :class:`ParsedDeck` of *unresolved* entries (names as written). Resolving the
names against a card store is a separate step (:mod:`deckcheck.engine`), so a parser never needs
card data and every line stays accounted for.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Final, NamedTuple, Protocol

from deckcheck.cards.model import Card
from deckcheck.value import FrozenValue, Record, Value, slot_setters


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


class Entry(FrozenValue):
    """One card line: ``quantity`` copies of ``name`` in ``zone``. ``details``: what else the line
    says of the printing or the copy, as ``(kind, value)`` pairs (:data:`DETAIL_KINDS`), e.g.
    ``("variant", "A")`` for MTGGoldfish's ``<A>``; an export lists those its target cannot write.
    ``count_given``: False for a text line that wrote no count, read as 1 copy (DC003): if its name
    matches no card, the line may be no card at all (a section word, a note), so whether it is 1
    card or none is not known (:func:`deckcheck.unresolved.uncertain_copies`). (A record of a
    structured format, a CSV row or an XML card element, is a card whatever its count says.)"""

    FIELDS = (
        "quantity",
        "name",
        "zone",
        "line",
        "set_code",
        "collector_number",
        "foil",
        "tags",
        "raw",
        "details",
        "count_given",
    )
    __slots__ = FIELDS

    quantity: int
    name: str  # as written, after stripping set codes / markers
    zone: Zone
    line: int  # 1-based line number in the source (0 when the format has no lines)
    set_code: str | None
    collector_number: str | None
    foil: bool
    tags: tuple[str, ...]
    raw: str
    details: tuple[tuple[str, str], ...]
    count_given: bool

    def __init__(
        self,
        quantity: int,
        name: str,
        zone: Zone,
        line: int,
        set_code: str | None = None,
        collector_number: str | None = None,
        foil: bool = False,
        tags: tuple[str, ...] = (),
        raw: str = "",
        details: tuple[tuple[str, str], ...] = (),
        count_given: bool = True,
    ) -> None:
        _set_quantity(self, quantity)
        _set_name(self, name)
        _set_zone(self, zone)
        _set_entry_line(self, line)
        _set_set_code(self, set_code)
        _set_collector_number(self, collector_number)
        _set_foil(self, foil)
        _set_tags(self, tags)
        _set_raw(self, raw)
        _set_details(self, details)
        _set_count_given(self, count_given)


# The kinds of an entry's details, as a reader gives them: a printing's variant (MTGGoldfish's
# "<A>", "<borderless>"), Forge's art index ("Name|SET|2"), an etched finish (a foil one, "*E*",
# "[etched]"), and the marks of a copy that is an alter, a proxy or signed ("*A*", "[proxy]", ...).
DETAIL_KINDS: Final = ("variant", "art_index", "etched", "alter", "proxy", "signed")


class LineRecord(NamedTuple):
    """How one source line was accounted for. (A named tuple, not a frozen dataclass: a parser
    builds one for every line, and a tuple is built in C, at a fraction of the cost.)"""

    line: int
    kind: LineKind
    text: str
    note: str = ""  # for PROBLEM lines: the reason; for others an optional explanation


# A parser builds an Entry and a LineRecord for every line it reads. Entry's constructor sets its
# slots through their descriptors (its __setattr__ refuses); new_entry does the same without the
# call through the class, and gives the same object (a test holds it equal to the constructor's
# for every field). line_record skips the named tuple's Python __new__.
_new_object = object.__new__
(
    _set_quantity,
    _set_name,
    _set_zone,
    _set_entry_line,
    _set_set_code,
    _set_collector_number,
    _set_foil,
    _set_tags,
    _set_raw,
    _set_details,
    _set_count_given,
) = slot_setters(Entry, *Entry.FIELDS)
_new_tuple = tuple.__new__


def new_entry(
    quantity: int,
    name: str,
    zone: Zone,
    line: int,
    set_code: str | None = None,
    collector_number: str | None = None,
    foil: bool = False,
    tags: tuple[str, ...] = (),
    raw: str = "",
    details: tuple[tuple[str, str], ...] = (),
    count_given: bool = True,
) -> Entry:
    """``Entry(quantity, name, zone, line, ...)``, the same arguments."""
    entry: Entry = _new_object(Entry)
    _set_quantity(entry, quantity)
    _set_name(entry, name)
    _set_zone(entry, zone)
    _set_entry_line(entry, line)
    _set_set_code(entry, set_code)
    _set_collector_number(entry, collector_number)
    _set_foil(entry, foil)
    _set_tags(entry, tags)
    _set_raw(entry, raw)
    _set_details(entry, details)
    _set_count_given(entry, count_given)
    return entry


def line_record(line: int, kind: LineKind, text: str, note: str) -> LineRecord:
    """``LineRecord(line, kind, text, note)``."""
    record: LineRecord = _new_tuple(LineRecord, (line, kind, text, note))
    return record


class ParseProblem(Value):
    FIELDS = ("line", "message", "severity", "code", "section", "data")
    __slots__ = FIELDS

    def __init__(
        self,
        line: int,
        message: str,
        severity: str = "error",
        code: str | None = None,
        section: str | None = None,
        data: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.line: Final = line
        self.message: Final = message
        self.severity: Final = severity  # "error" | "warning" | "info"
        self.code: Final = code  # finding code; None = the parser's default for the severity
        self.section: Final = section  # the section the line was in
        # what the message says, for a later step to use without reading it back out of the text
        # (sorted key/value pairs): the web address written where a card's name goes
        self.data: Final = data


def commander_names(written: str) -> list[str]:
    """The commanders a comment's value names, as written: partners joined by "; " (a reader joins
    one comment per commander so) are each a name."""
    return [name.strip() for name in written.split(";") if name.strip()]


class ParsedDeck(Record):
    """A decklist as read: entries in file order, plus an account of every source line."""

    FIELDS = (
        "path",
        "input_format",
        "entries",
        "lines",
        "problems",
        "name",
        "declared_format",
        "declared_format_line",
        "metadata",
    )
    __slots__ = FIELDS

    def __init__(
        self,
        path: str,
        input_format: str,
        entries: list[Entry] | None = None,
        lines: list[LineRecord] | None = None,
        problems: list[ParseProblem] | None = None,
        name: str | None = None,
        declared_format: str | None = None,
        declared_format_line: int = 0,
        metadata: dict[str, str] | None = None,
    ) -> None:
        self.path = path
        self.input_format = input_format
        self.entries: list[Entry] = [] if entries is None else entries
        self.lines: list[LineRecord] = [] if lines is None else lines
        self.problems: list[ParseProblem] = [] if problems is None else problems
        self.name = name
        self.declared_format = declared_format  # from a `// format: modern` comment or file metadata
        self.declared_format_line = declared_format_line  # the line that declares it (0: none, or not known)
        self.metadata: dict[str, str] = {} if metadata is None else metadata

    def zone(self, zone: Zone) -> list[Entry]:
        return [e for e in self.entries if e.zone is zone]

    def count(self, zone: Zone) -> int:
        return sum(e.quantity for e in self.entries if e.zone is zone)

    def counts(self) -> dict[Zone, int]:
        """:meth:`count` of every zone, in one pass."""
        found = dict.fromkeys(Zone, 0)
        for entry in self.entries:
            found[entry.zone] += entry.quantity
        return found

    def commented_commanders(self) -> list[str]:
        """The names the deck's comments give as its commander(s) (a Cockatrice ``CDR:``, a
        ``commander:`` comment; partners one comment each, kept joined by "; "), as written."""
        return commander_names(self.metadata.get("commander", ""))

    def metadata_line(self, key: str) -> int:
        """The line that gave the metadata ``key`` (a ``// key: value`` comment, a ``key=value`` of
        Forge's metadata): 0 when the file's structure gave it (an XML element, a JSON field)."""
        import re

        words = r"\s+".join(re.escape(word) for word in key.split())
        written = re.compile(rf"^[\s/#]*{words}\s*(?:[:=\uff1a]|\s)", re.IGNORECASE)
        for record in self.lines:
            if record.kind is LineKind.COMMENT and record.note == "metadata" and written.match(record.text):
                return record.line
        return 0


# -- zones that hold no cards of the deck -------------------------------------------------------------
# A reader keeps the entries of a section or zone that is not part of the deck in the maybeboard,
# tagged ``extra:<its name>`` (a line marked ``[token]`` is tagged ``token``). Some of these zones
# hold no cards the card data has, by the words of their names: tokens and emblems, made during the
# game (MTGJSON's AtomicCards has none, and both card-data sources' importers skip their layouts);
# dungeons and sticker sheets, play objects kept beside them; planes, schemes and Vanguard cards,
# the oversized cards of their own decks, which the importers keep by name only (no card records:
# named in the deck, one is an error of its own, DC018). Such a zone is where these belong, and
# looking its names up would decide nothing, so they are not looked up: the engine notes, once per
# zone, how many names it did not check (DC017). Every other such zone (a precon's display
# commander, attractions, contraptions, conspiracies, a zone no reader knows) holds cards the data
# has: its names are looked up as the maybeboard's are, and one the data does not know is reported
# (DC016), since it may be a typo, without deciding anything.
_NOT_CARDS_OF_THE_DATA: Final = {
    word: kind
    for kind, words in (
        ("tokens", ("token", "tokens")),
        ("emblems", ("emblem", "emblems")),
        ("dungeons", ("dungeon", "dungeons")),
        ("sticker sheets", ("sticker", "stickers")),
        ("planes", ("plane", "planes", "planar", "planechase", "phenomenon", "phenomena")),
        ("schemes", ("scheme", "schemes", "archenemy")),
        ("Vanguard cards", ("vanguard", "avatar", "avatars")),
    )
    for word in words
}
TOKEN_MARKER: Final = "token"  # the tag of a line marked [token] (decklist._grammar)
EXTRA_TAG: Final = "extra:"  # the tag of a zone that is not part of the deck: "extra:<its name>"


def extra_zone_tag(name: str) -> str:
    """The tag every reader gives the entries of a zone that is not part of the deck, by its name."""
    return f"{EXTRA_TAG}{name.lower()}"


def zone_tag(entry: Entry) -> str | None:
    """For a maybeboard entry of a zone that is not part of the deck: the tag that names the zone
    (``extra:<its name>``, or ``token`` for a line marked so). None for any other entry."""
    if entry.zone is not Zone.MAYBEBOARD:
        return None
    return next((t for t in entry.tags if t == TOKEN_MARKER or t.startswith(EXTRA_TAG)), None)


def unchecked_zone(entry: Entry) -> tuple[str, str] | None:
    """For a maybeboard entry of a zone whose names are not looked up in the card data (see
    above): the tag that names the zone (``extra:tokens``, or ``token`` for a line marked so) and
    what the zone holds instead of cards ("tokens", "planes", ...). None for any other entry."""
    if entry.zone is not Zone.MAYBEBOARD or not entry.tags:
        return None
    for tag in entry.tags:
        if tag == TOKEN_MARKER:
            return tag, "tokens"
        kind = unchecked_kind(tag)
        if kind is not None:
            return tag, kind
    return None


def unchecked_kind(tag: str) -> str | None:
    """What a zone that is not part of the deck (its tag, :func:`extra_zone_tag`) holds instead of
    cards the data has ("tokens", "planes", ...), when its name says so; None for any other zone
    (a preconstructed deck's Display Commander holds cards)."""
    if tag.startswith(EXTRA_TAG):
        for word in tag.removeprefix(EXTRA_TAG).replace("&", " ").replace("/", " ").split():
            kind = _NOT_CARDS_OF_THE_DATA.get(word)
            if kind is not None:
                return kind
    return None


# The zones of the starting deck (CR 103.2a): the main deck and, in Commander, the commanders
# (702.139b). Outside Commander a card marked as commander is counted as a main-deck card (the
# size rules count it so, and DC105 says so), so it is part of the starting deck there too.
STARTING_ZONES: frozenset[Zone] = frozenset({Zone.MAIN, Zone.COMMANDER})


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


class CardFactsLike(Protocol):
    """What the rules read of a card that a card store keeps for it (deckcheck.card_facts.CardFacts,
    computed from the card when the store was built, by the rules' own functions; that module's
    docstring says what each is). A protocol here: the deck model does not import the layer that
    computes them."""

    @property
    def name(self) -> str: ...  # the oracle name
    @property
    def names(self) -> frozenset[str]: ...
    @property
    def name_keys(self) -> frozenset[str]: ...
    @property
    def is_land(self) -> bool: ...
    @property
    def card_types(self) -> frozenset[str]: ...
    @property
    def reasons(self) -> tuple[str | None, ...]: ...  # per companion: why it breaks its per-card condition
    @property
    def breaks(self) -> tuple[int, ...]: ...
    @property
    def has_companion_ability(self) -> bool: ...
    @property
    def legalities(self) -> Mapping[str, str]: ...
    @property
    def legality_keys(self) -> frozenset[str]: ...
    @property
    def printings(self) -> frozenset[str] | None: ...  # set codes; None: not known
    @property
    def is_basic_land(self) -> bool: ...
    @property
    def own_limit(self) -> bool: ...
    @property
    def limit(self) -> int | None: ...
    @property
    def color_identity(self) -> frozenset[str]: ...
    @property
    def basic_land_types(self) -> frozenset[str]: ...
    @property
    def commander_problem(self) -> str | None: ...
    @property
    def commander_problem_pw(self) -> str | None: ...
    @property
    def commander_problem_creature(self) -> str | None: ...
    @property
    def leads_by_vehicle(self) -> bool: ...
    @property
    def chooses_colour(self) -> bool: ...
    @property
    def is_background(self) -> bool: ...
    @property
    def type_text(self) -> str: ...


class DeckCard:
    """A resolved entry: the line as written plus the oracle card it names.

    A deck resolved through a card store's stored facts (:mod:`deckcheck.card_facts`: what the
    rules read of a card, computed when the store was built) holds each card's ``facts`` and reads
    the card itself from the store (``read_card``) only when a rule asks for more than the facts
    hold: a folder run then builds no card object for most of its cards. Any other deck card has
    its card and no facts (None), and the rules read the card. Frozen; equal, hashed and pickled
    as its entry and card."""

    __slots__ = ("_card", "_read_card", "entry", "facts")

    entry: Entry
    facts: CardFactsLike | None
    _card: Card | None
    _read_card: Callable[[str], Card | None] | None

    def __init__(
        self,
        entry: Entry,
        card: Card | None = None,
        *,
        facts: CardFactsLike | None = None,
        read_card: Callable[[str], Card | None] | None = None,
    ) -> None:
        if card is None and (facts is None or read_card is None):
            raise TypeError("a DeckCard needs its card, or its facts and the store to read the card from")
        set_slot = object.__setattr__
        set_slot(self, "entry", entry)
        set_slot(self, "_card", card)
        set_slot(self, "facts", facts)
        set_slot(self, "_read_card", read_card)

    @property
    def card(self) -> Card:
        """The oracle card (read from the store the first time, for a deck resolved through facts)."""
        card = self._card
        if card is None:
            assert self.facts is not None and self._read_card is not None  # (see __init__)
            card = self._read_card(self.facts.name)
            if card is None:
                raise LookupError(f"the card store has no card {self.facts.name!r}, which its facts name")
            object.__setattr__(self, "_card", card)
        return card

    @property
    def oracle_name(self) -> str:
        """The card's oracle name (without reading the card when the facts have it)."""
        return self.facts.name if self.facts is not None else self.card.name

    def with_entry(self, entry: Entry) -> DeckCard:
        """The same card (and facts) for another entry (the entry moved to another zone)."""
        return DeckCard(entry, self._card, facts=self.facts, read_card=self._read_card)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DeckCard) or other.__class__ is not self.__class__:
            return NotImplemented
        return self.entry == other.entry and self.card == other.card

    def __hash__(self) -> int:
        return hash((self.entry, self.card))

    def __repr__(self) -> str:
        return f"DeckCard(entry={self.entry!r}, card={self.card!r})"

    def __setattr__(self, name: str, value: object) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[DeckCard], tuple[Entry, Card]]:
        return DeckCard, (self.entry, self.card)

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


_set_deck_entry, _set_deck_card, _set_deck_facts, _set_read_card = slot_setters(
    DeckCard, "entry", "_card", "facts", "_read_card"
)


def deck_card_of_facts(
    entry: Entry, facts: CardFactsLike, read_card: Callable[[str], Card | None]
) -> DeckCard:
    """``DeckCard(entry, facts=facts, read_card=read_card)``, made through its slots: a folder run
    makes one for nearly every entry it reads (half the constructor's time)."""
    deck_card: DeckCard = _new_object(DeckCard)
    _set_deck_entry(deck_card, entry)
    _set_deck_card(deck_card, None)
    _set_deck_facts(deck_card, facts)
    _set_read_card(deck_card, read_card)
    return deck_card


class Deck(Record):
    """A decklist whose names were resolved: ``cards`` are the entries that name a card of the card
    data, ``unresolved`` the entries that name none (unknown or ambiguous names, and the names of a
    zone that are not looked up: :func:`unchecked_zone`). Unresolved entries still count toward
    every size, copy and singleton rule by their written quantity; a rule that needs their
    characteristics is undetermined, never passed (:mod:`deckcheck.unresolved`). The maybeboard's
    count toward nothing, as its cards do not."""

    FIELDS = ("path", "cards", "parsed", "unresolved")
    __slots__ = FIELDS

    def __init__(
        self,
        path: str,
        cards: list[DeckCard] | None = None,
        parsed: ParsedDeck | None = None,
        unresolved: list[Entry] | None = None,
    ) -> None:
        self.path = path
        self.cards: list[DeckCard] = [] if cards is None else cards
        self.parsed = parsed
        self.unresolved: list[Entry] = [] if unresolved is None else unresolved

    def zone(self, zone: Zone) -> list[DeckCard]:
        """The resolved entries of ``zone`` (:meth:`unresolved_in` has the others)."""
        return [c for c in self.cards if c.zone is zone]

    def unresolved_in(self, *zones: Zone) -> list[Entry]:
        return [e for e in self.unresolved if e.zone in zones]

    def unresolved_counted(self) -> list[Entry]:
        """The unresolved entries of the zones that count (every zone but the maybeboard, which no
        rule reads): the ones that leave a rule undecided."""
        return [e for e in self.unresolved if e.zone is not Zone.MAYBEBOARD]

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

    def starting_deck(self) -> list[DeckCard]:
        """The deck after the sideboard is set aside (CR 103.2a); in Commander, before the commander
        goes to the command zone, so the commander(s) are part of it (702.139b): :data:`STARTING_ZONES`."""
        return [c for c in self.cards if c.zone in STARTING_ZONES]

    def starting_count(self) -> int:
        """Cards in the starting deck (:meth:`starting_deck`) as written, resolved or not."""
        return sum(self.count(zone) for zone in STARTING_ZONES)

    def unresolved_start(self) -> list[Entry]:
        """The starting deck's entries that did not resolve (see :meth:`starting_deck`)."""
        return [e for e in self.unresolved if e.zone in STARTING_ZONES]

    @classmethod
    def from_cards(cls, cards: list[tuple[int, Card, Zone]], path: str = "<deck>") -> Deck:
        """Build a deck directly from cards (tests, the pandas API): one entry per item, line 0."""
        return cls(
            path,
            [DeckCard(Entry(qty, card.name, zone, line=0), card) for qty, card, zone in cards],
        )
