"""The engine: resolve a parsed decklist against a card store, run the format rules and the
companion engine, and return one :class:`Report` per deck. No click, no pandas."""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from deckcheck.as_of import (
    DATA_AGE_LIMIT_DAYS,
    HISTORY_NOT_COVERED,
    NO_PRINTINGS,
    deck_date_line,
    metadata_date,
    reads_history,
    today,
    unread_date,
)
from deckcheck.cards.names import clean_name, lookup_key
from deckcheck.cards.store import CardStore, Resolution, card_data_date, printings_date
from deckcheck.deck import (
    EXTRA_TAG,
    Deck,
    DeckCard,
    Entry,
    ParsedDeck,
    ParseProblem,
    Zone,
    deck_card_of_facts,
    extra_zone_tag,
    unchecked_zone,
)
from deckcheck.findings import Finding, Location, Severity, define, report_order, select_findings
from deckcheck.format_spec import FormatSpec
from deckcheck.rules.legality import NO_LEGALITY_DATA, goes_by_card_data, not_given
from deckcheck.unresolved import (
    NOT_VERIFIED,
    DataAge,
    Written,
    stale_legality,
    unresolved_data,
)
from deckcheck.value import Record, replace
from deckcheck.wording import counted

if TYPE_CHECKING:
    from deckcheck.card_facts import FactsByName
    from deckcheck.cards.model import Card
    from deckcheck.cards.nondeck import NonDeckCard
    from deckcheck.rules.companions import CompanionResult

UNKNOWN_CARD = define(
    "DC010",
    "unknown-card",
    Severity.ERROR,
    "A card name that matches no card in the card data (in the maybeboard: DC016).",
)
AMBIGUOUS_CARD = define(
    "DC011",
    "ambiguous-card",
    Severity.ERROR,
    "A name that matches several cards; deckcheck will not guess (in the maybeboard: DC016).",
)
NORMALIZED_NAME = define(
    "DC012",
    "normalized-name",
    Severity.INFO,
    "A name matched only after folding case, accents, or punctuation and spaces (one card only); the "
    "oracle name is shown. (A split card's other separators, Fire/Ice, are read without a note.)",
)
FACE_NAME = define(
    "DC013", "face-name", Severity.INFO, "A name matched one face of a multi-face card (e.g. an MDFC front)."
)
PRINTED_NAME = define(
    "DC014",
    "localized-name",
    Severity.INFO,
    "A localized printed name matched its oracle card; findings show both names.",
)
# A name in the maybeboard (a maybeboard or considering section, or a zone that is not part of the
# deck) decides nothing: no rule counts the maybeboard. One that matches no card, or several, is
# still worth telling (a typo, a card newer than the data), so it is reported, but as a code of its
# own, a warning: DC010 and DC011 are errors that leave the deck "not verified" (UNCHECKED_CODES),
# and a code of its own also lets a run ignore the maybeboard's names alone (--ignore DC016).
UNCOUNTED_UNKNOWN = define(
    "DC016",
    "uncounted-unknown-card",
    Severity.WARNING,
    "A name in the maybeboard (or another zone that is not part of the deck) that matches no card, "
    "or several, in the card data: no rule counts it, so the deck's verdict does not depend on it.",
)
UNCHECKED_ZONE = define(
    "DC017",
    "unchecked-zone",
    Severity.INFO,
    "A zone that is not part of the deck and holds no cards the card data has (tokens, emblems, "
    "dungeons, sticker sheets, planes, schemes, Vanguard): its names are not looked up; one note per zone.",
)
# A plane, phenomenon, scheme or Vanguard card is a card the data knows, and one no deck can hold
# (CR 100.2: a deck of traditional Magic cards; each of these types is seen only on nontraditional
# cards, CR 311.1-314.1): named in a zone that counts, it breaks the deck's rules whatever else the
# deck holds, so it is an error that makes the deck illegal, never "unknown" or "not verified". The
# line is read as if it were in the section that holds such cards outside the deck (Planes,
# Schemes, Vanguard): no rule counts it. In the maybeboard it is a note.
# A meld result (Brisela, Voice of Nightmares) is the same error: it is the melded back faces of
# two meld cards (CR 712.4), no card, and a deck holds those two cards; its line is read as if in
# the maybeboard (no section holds it).
# A conspiracy card is a traditional card the data has, but one that "can't be cast or included in
# a deck" (CR 315.3): each player may put any from their sideboard into the command zone before
# the game (315.2), and it is used only in limited play (315.1). Named in the main deck, as the
# commander or as the companion it is the same error, and the line is read as if listed under a
# Conspiracy section, outside the deck. In the sideboard it is where the rules keep it (a
# constructed format's legality says it is not allowed there either); in the maybeboard, nothing.
NON_DECK_CARD = define(
    "DC018",
    "not-a-deck-card",
    Severity.ERROR,
    "A plane, phenomenon, scheme or Vanguard card in the deck (main deck, sideboard, commander, "
    "companion): a card no deck can hold (CR 100.2); it is not counted as a card of the deck (in the "
    "maybeboard: a note). List it under a Planes, Schemes or Vanguard section. Also a meld result, "
    "the melded back face of two meld cards (CR 712.4, 712.8a): a deck holds the two cards, not their "
    "meld. Also a conspiracy card "
    "in the main deck, command zone or companion zone (CR 315.3: it can't be included in a deck; it "
    "is kept in the sideboard, 315.2).",
    also=(Severity.INFO,),
)
CONSPIRACY = "Conspiracy"  # the card type (CR 205.2a)
CONSPIRACY_FREE_ZONES = frozenset({Zone.MAIN, Zone.COMMANDER, Zone.COMPANION})  # (CR 315.2, 315.3)

UNRESOLVED_CODES = frozenset({UNKNOWN_CARD.code, AMBIGUOUS_CARD.code})  # (names in the zones that count)
# decklist._base.UNREADABLE, UNPARSABLE and EMPTY_DECKLIST (the readers are not imported here: a
# check that is given a deck already read needs none)
UNREAD_FILE, UNREAD_LINE, NO_CARD_LINES = "DC001", "DC002", "DC005"
# inference.FORMAT_REQUIRED and rules.companions.UNCHECKED_COMPANION (loaded when a check needs them)
FORMAT_REQUIRED, UNKNOWN_COMPANION = "DC021", "DC409"
# The rule findings that stay true whatever lines of the file were not read (unread_part): more
# cards only add to what they count (too many cards, copies or commanders, a card banned, not legal
# or not allowed as commander). Any other, a size too small, a colour identity a lost partner
# line might widen, zones read one way, is withheld from a deck not read in full.
HOLDS_ON_PART = frozenset(
    {"DC102", "DC103", "DC104", "DC201", "DC202", "DC203", "DC301", "DC302", "DC303", "DC307"}
)
# The one account of what leaves a deck "not verified" (deck_status, Report, the lean batch checker's
# summary rows, the reporters' verdicts and exit codes, the pandas frames' legal column all read it).
# Errors that say a rule could not be checked, not that it is broken: the deck is "not verified"
# (a date the format's history does not cover, a card without printings to date it by, no card
# of the deck with the format's legality data, zones deckcheck does not guess: no commander marked,
# or a sideboard that reads as the command zone two ways; no format given where one is required:
# the deck was checked in its family's shape, its legality not at all).
UNCHECKED_CODES = UNRESOLVED_CODES | {
    HISTORY_NOT_COVERED.code,
    NO_PRINTINGS.code,
    NO_LEGALITY_DATA.code,
    "DC105",  # rules.commander.AMBIGUOUS_ZONES (not imported here: most checks never load it)
    # a file or a line not read, or no card line at all: the deck read is not the deck written
    # (unread_part: what the missing cards could undo is not judged, so nothing is)
    UNREAD_FILE,
    UNREAD_LINE,
    NO_CARD_LINES,
    FORMAT_REQUIRED,
}
# Findings that say a rule could not be decided, whatever their severity: a rule not verified
# (DC015), a declared companion whose ability deckcheck does not know (DC409: its condition is not
# checked, so whether the deck may reveal it is not known).
UNDECIDED_CODES = frozenset({NOT_VERIFIED.code, UNKNOWN_COMPANION})
# (The warning that no format was given, inference.FORMAT_INFERRED, DC020, is none of these: the
# deck was checked in its family's shape, Report.format.inferred makes it not verified, and it fails
# a run only as a warning does, under --strict.)


def breaks_a_rule(f: Finding) -> bool:
    """An error the known cards (or the list itself) cause; an unknown name alone is not one."""
    return f.severity is Severity.ERROR and f.code not in UNCHECKED_CODES


def leaves_undecided(f: Finding) -> bool:
    """A finding that says a rule could not be decided or checked: one of UNDECIDED_CODES, or an
    error of UNCHECKED_CODES (a line of the maybeboard not read is a DC002 warning, which decides
    nothing). Ignoring it (--select/--ignore) decides nothing: the deck stays not verified
    (Report.ignored_undecided)."""
    return f.code in UNDECIDED_CODES or (f.code in UNCHECKED_CODES and f.severity is Severity.ERROR)


def deck_status(findings: Sequence[Finding], *, unresolved: bool = False, inferred: bool = False) -> str:
    """ "illegal" (a rule is broken whatever the unknown cards are), "not verified" (nothing known
    is wrong, but a rule was left undecided: ``unresolved`` entries in the zones that count, a
    finding that says so, or an ``inferred`` format, whose legality and bans are unchecked) or
    "legal". The engine's reports and the lean batch checker's summary rows both read it."""
    if any(breaks_a_rule(f) for f in findings):
        return "illegal"
    # every error left is one of UNCHECKED_CODES, which makes the deck not verified
    undetermined = unresolved or any(leaves_undecided(f) for f in findings)
    return "legal" if not undetermined and not inferred else "not verified"


LEGAL_OF_STATUS: dict[str, bool | None] = {"legal": True, "illegal": False, "not verified": None}


class Report(Record):
    """Everything deckcheck found about one decklist."""

    FIELDS = (
        "path",
        "format",
        "deck",
        "parsed",
        "findings",
        "companions",
        "inferred_because",
        "ignored_undecided",
    )
    __slots__ = FIELDS

    def __init__(
        self,
        path: str,
        format: FormatSpec,
        deck: Deck,
        parsed: ParsedDeck,
        findings: list[Finding] | None = None,
        companions: list[CompanionResult] | None = None,
        inferred_because: str = "",
        ignored_undecided: tuple[Finding, ...] = (),
    ) -> None:
        self.path = path
        self.format = format
        self.deck = deck
        self.parsed = parsed
        self.findings: list[Finding] = [] if findings is None else findings
        self.companions: list[CompanionResult] = [] if companions is None else companions
        self.inferred_because = inferred_because  # no format was given: why this shape (deckcheck.inference)
        # findings --select/--ignore left out that say a rule was not decided: it still is not
        self.ignored_undecided = ignored_undecided

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity is Severity.WARNING]

    @property
    def unknown_cards(self) -> int:
        """Copies the card data does not know (unknown or ambiguous names) in the zones that count,
        by written quantity: the ones the verdict waits on. (The maybeboard's are reported, DC016 and
        DC017, and decide nothing.)"""
        return sum(e.quantity for e in self.deck.unresolved_counted())

    @property
    def illegal(self) -> bool:
        """An error the known cards (or the list itself) cause; an unknown name alone is not one."""
        return any(breaks_a_rule(f) for f in self.findings)

    @property
    def undetermined(self) -> bool:
        """A rule is undetermined: an entry of a zone that counts is unresolved, or a rule could not
        be decided (unknown cards, card data of another day than the deck's)."""
        return bool(self.deck.unresolved_counted()) or bool(self.unchecked)

    @property
    def unchecked(self) -> list[Finding]:
        """The findings that say a rule could not be decided or checked (reported or ignored)."""
        return [f for f in self.findings if leaves_undecided(f)] + list(self.ignored_undecided)

    @property
    def verified(self) -> bool:
        """Every rule was decided, in a format someone named: no entry is unresolved, no rule was
        left undetermined, and the format was not inferred (legality and bans unchecked)."""
        return not self.undetermined and not self.format.inferred

    @property
    def status(self) -> str:
        """ "illegal" (a rule is broken whatever the unknown cards are), "not verified" (nothing
        known is wrong, but a rule depends on cards the data does not know) or "legal"."""
        return deck_status(
            [*self.findings, *self.ignored_undecided],
            unresolved=bool(self.deck.unresolved_counted()),
            inferred=self.format.inferred,
        )

    @property
    def legal(self) -> bool | None:
        """True, False, or None when not verified (never a pass on cards the data does not know)."""
        return LEGAL_OF_STATUS[self.status]

    def eligible_companions(self) -> list[str]:
        return [c.companion for c in self.companions if c.eligible]


def resolve_deck(
    parsed: ParsedDeck, store: CardStore, *, suggest: bool = True, facts: FactsByName | None = None
) -> tuple[Deck, list[Finding]]:
    """Resolve every entry's name. Entries that do not resolve are reported and kept in
    ``Deck.unresolved``: they still count toward sizes and copies, and rules that need their
    characteristics are undetermined. ``suggest=False`` skips "did you mean" candidates (batch runs
    over corpora with many newer cards). With ``facts`` (the store's stored facts), a name written
    exactly as its card's oracle name resolves to the card's facts, the card itself read only if a
    rule asks for it (DeckCard), and every resolved entry carries its card's facts. A name in the
    maybeboard that resolves to no card is a warning (DC016), not an error: no rule counts it. The
    names of a zone that holds no cards the data has (tokens, planes: deck.unchecked_zone) are not
    looked up: they are unresolved, and one note per zone says so (DC017)."""
    cards: list[DeckCard] = []
    unresolved: list[Entry] = []
    findings: list[Finding] = []
    printed: list[tuple[DeckCard, Finding]] = []  # entries read by a localized printed name
    reread: dict[int, Entry] = {}  # id(entry as parsed) -> as read again (_number_led_card)
    unchecked: dict[str, tuple[str, list[Entry]]] = {}  # zone's tag -> what it holds, its entries
    resolve, read_card = store.resolve, store.card  # (resolve remembers every name)
    maybe = Zone.MAYBEBOARD
    no_deck_card: bool | None = None  # (asked only of a list with a name such as "Karn")
    for entry in parsed.entries:
        if entry.zone is maybe and entry.tags:
            zone = unchecked_zone(entry)
            if zone is not None:
                unchecked.setdefault(zone[0], (zone[1], []))[1].append(entry)
                unresolved.append(entry)
                continue
        if facts is not None:
            exact = facts.exact(entry.name)
            if exact is not None:  # (what resolve calls an exact match)
                cards.append(deck_card_of_facts(entry, exact, read_card))
                continue
        resolution = resolve(entry.name, suggest=suggest)
        card = resolution.card
        known = facts.named(card.name) if facts is not None and card is not None else None
        if card is not None and resolution.match == "exact":  # most names: no finding to place
            cards.append(DeckCard(entry, card, facts=known))
            continue
        where = Location(parsed.path, entry.line, str(entry.zone))
        if card is None:
            other = store.non_deck_card(entry.name)
            legends = _legends_of_short_name(resolution, other)
            if legends and no_deck_card is None:
                no_deck_card = _holds_no_deck_card(parsed, store, facts)
            if resolution.match == "ambiguous" and not (legends and no_deck_card):
                other = None  # "Karn" beside cards of a deck: a legend's short name as likely (DC011)
            if other is not None:  # a plane, scheme, Vanguard card or meld result: no card of a deck
                findings.append(non_deck_finding(entry, other, where, legends))
                if entry.zone is not maybe:  # read as listed outside the deck, where it belongs
                    outside = reread[id(entry)] = outside_the_deck(entry, other)
                    entry = outside
                unresolved.append(entry)
                continue
            named = _number_led_card(entry, store) if resolution.match != "ambiguous" else None
            if named is not None:  # "1996 World Champion" with no count: one copy of that card
                as_read = reread[id(entry)] = replace(entry, quantity=1, name=named.name)
                findings.append(_number_led_note(as_read, entry, where))
                cards.append(DeckCard(as_read, named, facts=facts.named(named.name) if facts else None))
                continue
            findings.append(
                unresolved_finding(entry.name, resolution, where, store, counted=entry.zone is not maybe)
            )
            unresolved.append(entry)
            continue
        note = resolution_finding(entry.name, resolution, where)
        deck_card = DeckCard(entry, card, facts=known)
        if note is not None:
            findings.append(note)
            if note.code == PRINTED_NAME.code:
                printed.append((deck_card, note))
        cards.append(deck_card)
    for tag, (kind, entries) in unchecked.items():
        findings.append(unchecked_zone_note(parsed.path, tag, kind, entries))
    if any(c.entry.zone in CONSPIRACY_FREE_ZONES and is_conspiracy(c) for c in cards):
        cards = _conspiracies_outside(parsed.path, cards, findings, reread)
    if reread:  # (the deck's entries as read, so that every count says what was checked)
        parsed = replace(parsed, entries=[reread.get(id(e), e) for e in parsed.entries])
    if suggest and unresolved:  # (before strays are unread: their notes become DC010s of their own)
        findings = unaccented_suggestions(findings, _languages(printed) if printed else None, store)
    if printed and _stray(len(printed), len(cards)):
        cards, unresolved, findings = _unread_stray_names(parsed, cards, unresolved, findings, printed, store)
    elif printed:
        cards, unresolved, findings = _unread_false_friends(
            parsed, cards, unresolved, findings, printed, store
        )
    return Deck(parsed.path, cards, parsed, unresolved), findings


def is_conspiracy(deck_card: DeckCard) -> bool:
    """Whether the card is a conspiracy (CR 315), which no deck includes (its facts, else its card)."""
    facts = deck_card.facts
    return CONSPIRACY in (facts.card_types if facts is not None else deck_card.card.deck_types.types)


def _conspiracies_outside(
    path: str, cards: list[DeckCard], findings: list[Finding], reread: dict[int, Entry]
) -> list[DeckCard]:
    """``cards`` with every conspiracy card of the main deck, command zone or companion zone read
    as listed under a Conspiracy section, outside the deck (DC018 for each, in ``findings``; the
    entry as read again in ``reread``, by the entry as parsed)."""
    parsed_of = {id(again): key for key, again in reread.items()}  # (a line read again already)
    tag = extra_zone_tag(CONSPIRACY)
    kept: list[DeckCard] = []
    for deck_card in cards:
        entry = deck_card.entry
        if entry.zone not in CONSPIRACY_FREE_ZONES or not is_conspiracy(deck_card):
            kept.append(deck_card)
            continue
        findings.append(
            conspiracy_finding(entry, deck_card.oracle_name, Location(path, entry.line, str(entry.zone)))
        )
        outside = replace(entry, zone=Zone.MAYBEBOARD, tags=(*entry.tags, tag))
        reread[parsed_of.get(id(entry), id(entry))] = outside
        kept.append(deck_card.with_entry(outside))
    return kept


def conspiracy_finding(entry: Entry, name: str, where: Location) -> Finding:
    """DC018 for a conspiracy card named in the main deck, command zone or companion zone."""
    written = f"'{name}'" if entry.name == name else f"'{entry.name}' ({name})"
    return NON_DECK_CARD(
        f"{written} is a conspiracy card, which can't be included in a deck (CR 315.3): in limited play "
        "it is kept in the sideboard, from which it may start the game in the command zone (CR 315.2); "
        "it is not counted as a card of the deck",
        location=where,
        card=name,
        rule="CR 315.3",
        data={
            "kind": "conspiracy",
            "variant": "limited play",
            "type_line": CONSPIRACY,
            "section": "Sideboard",
        },
    )


def read_alone(resolution: Resolution, store: CardStore) -> bool:
    """Whether :func:`resolve_deck` reads a name as this resolution of it (``store.resolve``)
    whatever else its deck holds: not so for a localized printed name (one stray among names in
    another language is not read as its card), for a name that matches no card but may be the end
    of a card's name a number leads ("1996 World Champion" with no count: the line is read again
    whole), nor for the name of a card no deck can hold (a plane, a scheme: the entry is read
    outside the deck, :func:`outside_the_deck`), even one that is also a legend's short name ("Karn":
    which it is depends on the rest of the list). Paths that resolve a batch name by name hand a
    deck holding such a name to resolve_deck, so that every deck is read as the engine reads it."""
    if resolution.match == "printed":
        return False
    if resolution.card is not None:
        return True
    if lookup_key(resolution.query) in store.number_led_names():
        return False
    other = store.non_deck_card(resolution.query)
    if resolution.match == "ambiguous":
        return not _legends_of_short_name(resolution, other)
    return other is None


def _number_led_card(entry: Entry, store: CardStore) -> Card | None:
    """The card a line such as "1996 World Champion" or "+2 Mace" names when the reader took its
    number for a count: no card has the name left ("World Champion"), one card's name is the whole
    line as written (the number, a space, that name), and the line has no other count."""
    names = store.number_led_names().get(lookup_key(entry.name))
    if not names:  # (most unknown names: nothing to read again)
        return None
    written = " ".join(entry.raw.split()).casefold() if entry.raw else ""
    for name in names:
        folded = name.casefold()
        if written.startswith(folded) and written[len(folded) : len(folded) + 1] in ("", " ", "("):
            return store.card(name)
    return None


def _number_led_note(entry: Entry, parsed: Entry, where: Location) -> Finding:
    from deckcheck.decklist import DC003

    return DC003(
        f"'{entry.name}' read as 1 copy of that card, not {parsed.quantity:,} copies of '{parsed.name}': the "
        "line has no count, the number is part of the card's name, and no card is named the rest",
        location=where,
        severity=Severity.WARNING,
        card=entry.name,
    )


def unresolved_finding(
    name: str, resolution: Resolution, where: Location, store: CardStore, *, counted: bool = True
) -> Finding:
    """The error a name that matches no card gets: DC011 when it matches several (the candidates
    named), else DC010 with the likely spellings and what the card data is; in a zone that is not
    ``counted`` (the maybeboard) the same message as a warning, DC016. (The batch checker writes
    its findings with this too.)"""
    data = {"suggestions": list(resolution.suggestions), "card_data": store.data_label()}
    if resolution.match == "ambiguous":
        candidates = ambiguous_candidates(name, resolution, store)
        finding = AMBIGUOUS_CARD(
            f"'{name}' matches several cards: {candidates}; write the full name",
            location=where,
            card=name,
        )
    else:
        finding = UNKNOWN_CARD(
            unknown_card_message(name, resolution.suggestions, store, other_epithet=resolution.other_epithet),
            location=where,
            card=name,
            data=data,
        )
    return finding if counted else uncounted(finding, resolution.match, data)


def did_you_mean(store: CardStore) -> Callable[[str], Sequence[str]]:
    """The cards a name the data does not know may be, as its DC010 (DC011) offers them: the cards
    of the localized printed names it is without accents (:func:`unaccented_suggestions`), then
    its likely spellings (or, for a name that matches several cards, the candidates). The store
    remembers both; what Lutri's verdict reads (companions.lutri_kin) on every path."""

    def may_be(name: str) -> Sequence[str]:
        resolution = store.resolve(name)
        if resolution.card is not None:
            return ()
        if resolution.match != "unknown":
            return resolution.suggestions
        spelt = [card for _, card, _ in _unaccented_offers(name, None, store)]
        return tuple(dict.fromkeys([*spelt, *resolution.suggestions])) if spelt else resolution.suggestions

    return may_be


def ambiguous_candidates(name: str, resolution: Resolution, store: CardStore) -> str:
    """The cards an ambiguous name matches, for a message: a card no deck can hold among them (the
    Vanguard card "Karn" beside the Karn legends, CardStore.resolve) is said to be one."""
    other = store.non_deck_card(name)
    if other is None or other.name not in resolution.suggestions:
        return ", ".join(resolution.suggestions)
    cards = ", ".join(n for n in resolution.suggestions if n != other.name)
    return f"{cards}, and {other.name}, {other.described} no deck can hold ({other.rules})"


def uncounted(finding: Finding, match: str, data: Mapping[str, object]) -> Finding:
    """DC016 for a maybeboard name DC010 or DC011 (``finding``) would report in a zone that counts:
    its message, a warning, and ``data`` with ``match`` ("unknown" or "ambiguous")."""
    return UNCOUNTED_UNKNOWN(
        f"{finding.message}; it is in the maybeboard, which no rule counts",
        location=finding.location,
        card=finding.card,
        data={"match": match, **data},
    )


def _legends_of_short_name(resolution: Resolution, card: NonDeckCard | None) -> tuple[str, ...]:
    """The legends a name shares with ``card``, a card no deck can hold, as their short name (the
    Vanguard card "Karn" and Karn Liberated: CardStore.resolve reads it as either); else ()."""
    if card is None or resolution.match != "ambiguous" or card.name not in resolution.suggestions:
        return ()
    return tuple(name for name in resolution.suggestions if name != card.name)


def _holds_no_deck_card(parsed: ParsedDeck, store: CardStore, facts: FactsByName | None) -> bool:
    """Whether no entry of the list names a card a deck can hold: a list of Vanguard cards (or
    planes, schemes) written without their section, where "Karn" is the Vanguard card, not a
    legend's short name."""
    return not any(
        (facts is not None and facts.exact(entry.name) is not None)
        or store.resolve(entry.name, suggest=False).card is not None
        for entry in parsed.entries
    )


def non_deck_finding(
    entry: Entry, card: NonDeckCard, where: Location, legends: Sequence[str] = ()
) -> Finding:
    """DC018 for an entry that names a card no deck can hold: an error in a zone that counts (the
    entry is then read outside the deck, :func:`outside_the_deck`), a note in the maybeboard. A
    name that is also the short name of ``legends`` (read as the card no deck can hold in a list
    of no card a deck can hold) says so."""
    written = f"'{entry.name}'" if entry.name == card.name else f"'{entry.name}' ({card.name})"
    what = f"{written} is {card.described}"
    data = card.details()
    also = (
        f" (so read in a list that holds no card a deck can hold, though it is also the short name of "
        f"{', '.join(legends)}: write the full name if you meant one)"
        if legends
        else ""
    )
    if entry.zone is Zone.MAYBEBOARD:
        return NON_DECK_CARD(
            f"{what}, not a card a deck can hold; it is in the maybeboard, which no rule counts{also}",
            location=where,
            severity=Severity.INFO,
            card=card.name,
            rule=card.rules,
            data=data,
        )
    return NON_DECK_CARD(
        f"{what}, not a card a deck can hold ({card.rules}: {card.reason}): {card.instead}; it is not "
        f"counted as a card of the deck{also}",
        location=where,
        card=card.name,
        rule=card.rules,
        data=data,
    )


def outside_the_deck(entry: Entry, card: NonDeckCard) -> Entry:
    """The entry as if it were listed in the section that keeps such cards outside the deck (in the
    maybeboard, tagged as a Planes, Schemes or Vanguard zone; a meld result, which no section
    holds, in the maybeboard alone): no rule counts it."""
    if not card.section:
        return replace(entry, zone=Zone.MAYBEBOARD)
    tag = extra_zone_tag(card.section)
    tags = entry.tags if tag in entry.tags else (*entry.tags, tag)
    return replace(entry, zone=Zone.MAYBEBOARD, tags=tags)


def unchecked_zone_note(path: str, tag: str, kind: str, entries: Sequence[Written]) -> Finding:
    """DC017: the names of one zone that holds no cards the card data has (``kind``, e.g.
    "tokens": deck.unchecked_zone), not looked up; at the zone's first entry. (The batch checker
    writes its notes with this too.)"""
    first = entries[0]
    names = counted(len(entries), "name")
    zone = tag.removeprefix(EXTRA_TAG)
    where = f"zone '{zone}'" if tag.startswith(EXTRA_TAG) else "lines marked as tokens"
    return UNCHECKED_ZONE(
        f"{where}: {names} not checked against the card data ({kind} are not cards of the deck)",
        location=Location(path, first.line, str(first.zone)),
        data={"zone": zone, "holds": kind, "unchecked": unresolved_data(entries)},
    )


def resolution_finding(name: str, resolution: Resolution, where: Location) -> Finding | None:
    """The note a name that resolved other than exactly gets: DC012 (folded case, accents,
    separators, or punctuation and spaces), DC013 (a face name), DC014 (a localized printed name);
    None for an exact name or one that did not resolve. (The batch checker writes its notes with
    this too.)"""
    card = resolution.card
    if card is None:
        return None
    if resolution.match == "normalized" and not _same_name(name, card.name):
        # letters that look the same, written as another sequence of code points ("u" and a
        # combining circumflex for "û"): the two names would print alike
        alike = unicodedata.normalize("NFC", name) == card.name
        how = " (its accents written as separate marks)" if alike else ""
        return NORMALIZED_NAME(f"'{name}' read as '{card.name}'{how}", location=where, card=card.name)
    if resolution.match == "folded":
        return NORMALIZED_NAME(
            f"'{name}' read as '{card.name}' (punctuation and spaces ignored)",
            location=where,
            card=card.name,
        )
    if resolution.match == "face":
        return FACE_NAME(f"'{name}' is a face of '{card.name}'", location=where, card=card.name)
    if resolution.match == "printed":
        return PRINTED_NAME(
            f"'{name}' ({resolution.language}) is '{card.name}'",
            location=where,
            card=card.name,
            data={"written": name, "language": resolution.language},
        )
    return None


def unknown_card_message(
    name: str, suggestions: Sequence[str], store: CardStore, *, other_epithet: bool = False
) -> str:
    """DC010's message: the name, the likely spellings, and what the card data is, so that a card
    newer than the data reads as that, not as a typo. A legend with another epithet than the one
    card of that name ("Teyo, Aegis Adept" against "Teyo, the Shieldmage") is as likely newer than
    the data: both are said. The bundled sample set gets no per-line advice: a run says once what
    it is and how to build the full card store. A card of one face followed by " // " and more
    ("Boros Charm // for the mirror") is most likely the card and a comment: the message says so.
    (A card of several faces, "Fire // Ise", more likely has a misspelt face.)"""
    likely = suggestions and not other_epithet
    hint = f" (did you mean: {', '.join(suggestions)}?)" if likely else ""
    before = store.card_before_separator(name) if likely and " // " in name else None
    if before is not None and len(before.faces) == 1:  # with_suggestions offers it
        after = name.partition(" // ")[2]
        hint = (
            f" (did you mean: {before.name}? '{after}' is none of its faces: a comment after ' // '"
            " belongs on a line of its own)"
        )
    message = f"unknown card '{name}'{hint}: not in the card data ({store.data_label()})"
    if not likely and not store.is_sample:
        message += ": newer than the data? run `deckcheck cards update`"
    if suggestions and other_epithet:
        message += f"; or did you mean: {', '.join(suggestions)}?"
    return message


def _stray(printed: int, resolved: int) -> bool:
    """Whether ``printed`` localized names among ``resolved`` cards are strays: one or two among
    many untranslated names. A mixed list (a translation that fell back to English where a name was
    unknown) has more, and they are meant."""
    return printed <= 2 and 10 * printed < resolved


def _unread_stray_names(
    parsed: ParsedDeck,
    cards: list[DeckCard],
    unresolved: list[Entry],
    findings: list[Finding],
    printed: list[tuple[DeckCard, Finding]],
    store: CardStore,
) -> tuple[list[DeckCard], list[Entry], list[Finding]]:
    """A localized name or two in a list otherwise not in that language is more likely not that
    card at all: "Commander" on a line of its own in a Cockatrice list is the French name of
    Destined // Lead, "Infestation" a newer English card than the data and the French name of
    Infest. Such an entry is not read as the card (no rule is decided, or failed, on a guess): it
    is unresolved, and its DC010 names the card it would be."""
    moved = {id(deck_card.entry) for deck_card, _ in printed}
    errors = {id(note): _stray_name_error(deck_card, note, store) for deck_card, note in printed}
    kept, entries = _not_read(parsed, cards, unresolved, moved)
    return kept, entries, [errors.get(id(f), f) for f in findings]


def _not_read(
    parsed: ParsedDeck, cards: list[DeckCard], unresolved: list[Entry], moved: set[int]
) -> tuple[list[DeckCard], list[Entry]]:
    """``cards`` without the entries whose ids are in ``moved``, and ``unresolved`` with them, in
    list order: entries read as a card that are not to be read as one after all."""
    kept = [dc for dc in cards if id(dc.entry) not in moved]
    still = {id(entry) for entry in unresolved} | moved
    return kept, [entry for entry in parsed.entries if id(entry) in still]


def _unread_false_friends(
    parsed: ParsedDeck,
    cards: list[DeckCard],
    unresolved: list[Entry],
    findings: list[Finding],
    printed: list[tuple[DeckCard, Finding]],
    store: CardStore,
) -> tuple[list[DeckCard], list[Entry], list[Finding]]:
    """In a list written in another language (localized names that are no strays), a name read as
    an English card that is also another card's printed name in that language is either: French
    prints Endure "Endurance", and a French list falls back to English names where it has none.
    Such an entry is not read as either card (DC011, both named), unless its set code is a printing
    of the English card alone."""
    languages = _languages(printed)
    localized = {id(deck_card.entry) for deck_card, _ in printed}
    errors: dict[int, Finding] = {}
    for deck_card in cards:
        entry = deck_card.entry
        if id(entry) in localized:
            continue
        friends = [(c, lang, "") for c, lang in store.printed_cards(entry.name) if lang in languages]
        if entry.name.isascii():  # (typed without its accents: "Desolation" for the French "Désolation")
            named = {(c, lang) for c, lang, _ in friends}
            friends += [
                (c, lang, accented)
                for accented, c, lang in store.printed_unaccented(entry.name, languages)
                if (c, lang) not in named
            ]
        others = [store.card(c) for c, _, _ in friends if c != deck_card.oracle_name]
        if not others or _printing_of_only(entry.set_code, deck_card.card, others):
            continue
        where = Location(parsed.path, entry.line, str(entry.zone))
        error = AMBIGUOUS_CARD(
            _false_friend_message(entry.name, deck_card.card, friends),
            location=where,
            card=entry.name,
        )
        counted = entry.zone is not Zone.MAYBEBOARD
        errors[id(entry)] = error if counted else uncounted(error, "ambiguous", {})
    if not errors:
        return cards, unresolved, findings
    # (the note of a name read other than exactly goes with the reading: DC012, DC013)
    unread = {(errors[id(dc.entry)].location, dc.oracle_name) for dc in cards if id(dc.entry) in errors}
    findings = [f for f in findings if f.code not in _NAME_MATCH_CODES or (f.location, f.card) not in unread]
    kept, entries = _not_read(parsed, cards, unresolved, set(errors))
    return kept, entries, [*findings, *errors.values()]


def _languages(printed: list[tuple[DeckCard, Finding]]) -> set[str]:
    """The languages of a list's localized names (their DC014 notes)."""
    return {lang for _, note in printed for lang in str(dict(note.data).get("language", "")).split(",")}


def unaccented_suggestions(
    findings: list[Finding], languages: set[str] | None, store: CardStore
) -> list[Finding]:
    """A name no card matches may be a localized printed name typed without its accents
    ("Sarcophage abandonne"): its DC010 (or DC016) offers the printed name as written, with its
    card, before any other likely spelling. Never read as that card: accents tell French words
    apart. In a list with localized names (a list in that language, or one or two strays in an
    English list) those of its ``languages`` come first; in any list, those of any language
    where the store keeps its printed names by their form without accents
    (CardStore.printed_unaccented: one lookup; a store built before it did offers only those of
    the list's languages). The lean batch checker's lists get it through this too."""
    unknown = (UNKNOWN_CARD.code, UNCOUNTED_UNKNOWN.code)
    store.unaccented_ahead(f.card for f in findings if f.card and f.code in unknown)
    found: list[Finding] = []
    for finding in findings:
        name, data = finding.card, dict(finding.data) if finding.code in unknown else {}
        # (DC016 says in its data whether the name matched no card or several)
        if not name or not data or data.get("match", "unknown") != "unknown":
            found.append(finding)
            continue
        spelt = _unaccented_offers(name, languages, store)
        if not spelt:
            found.append(finding)
            continue
        likely = [f"{printed} ({card})" for printed, card, _ in spelt]
        others = [s for s in data.get("suggestions", ()) if s not in likely]
        resolution = Resolution(name, None, "unknown", tuple([*likely, *others][:3]))
        counted = finding.code == UNKNOWN_CARD.code
        found.append(unresolved_finding(name, resolution, finding.location, store, counted=counted))
    return found


def _unaccented_offers(name: str, languages: set[str] | None, store: CardStore) -> list[tuple[str, str, str]]:
    """(printed name, card, language) of the localized printed names ``name`` is without its
    accents: those of ``languages`` first, then those of any language (unaccented_suggestions)."""
    spelt = store.printed_unaccented(name, languages) if languages else []
    return spelt + [row for row in store.printed_unaccented(name, None) if row not in spelt]


def _printing_of_only(set_code: str | None, card: Card, others: Sequence[Card | None]) -> bool:
    """Whether ``set_code`` (an entry's) is a printing of ``card`` and of none of ``others``."""
    from deckcheck.cards.model import printings_of

    if not set_code:
        return False
    code = set_code.upper()
    return code in (printings_of(card) or ()) and not any(
        other is None or code in (printings_of(other) or ()) for other in others
    )


def _false_friend_message(name: str, card: Card, friends: Sequence[tuple[str, str, str]]) -> str:
    """DC011's message for a name that is an English card's and, in the list's language, another's
    (``friends``: card, language and, for a printed name that is ``name`` only without its
    accents, that name as printed)."""
    from deckcheck.cards.model import printings_of

    others = [(other, lang, accented) for other, lang, accented in friends if other != card.name]
    printed = "; ".join(
        f"the printed name of '{other}' in {lang}"
        + (f" ('{accented}') written without its accents" if accented else "")
        for other, lang, accented in others
    )
    own = printings_of(card)
    by_set = f", or add a set code of '{card.name}' ('{name} ({own[0]})')" if own else ""
    english = " or ".join(sorted({f"'{other}'" for other, _, _ in others}))
    return (
        f"'{name}' matches several cards: it is the English name of '{card.name}' and {printed}, and "
        f"the list is in that language: write {english} for that card{by_set}"
    )


def _stray_name_error(deck_card: DeckCard, note: Finding, store: CardStore) -> Finding:
    name, card = deck_card.entry.name, deck_card.oracle_name
    language = dict(note.data).get("language", "")
    data = {
        "suggestions": [card],
        "card_data": store.data_label(),
        "printed_name_of": card,
        "language": language,
    }
    error = UNKNOWN_CARD(
        f"unknown card '{name}': no English card name in the card data ({store.data_label()}); it is "
        f"the printed name of '{card}' in {language}, but the rest of the list is not in that language, "
        f"so it is not read as that card: write '{card}' if you meant it",
        location=note.location,
        card=name,
        data=data,
    )
    return error if deck_card.zone is not Zone.MAYBEBOARD else uncounted(error, "unknown", data)


def display_name(deck_card: DeckCard) -> str:
    """The card as the user wrote it, with the oracle name beside it when they differ
    (a localized name, a face name)."""
    return display_of(deck_card.written_name, deck_card.oracle_name)


def display_of(written: str, oracle: str) -> str:
    """:func:`display_name` of a name as written and the oracle name it resolved to."""
    return oracle if _same_name(written.casefold(), oracle.casefold()) else f"{written} [{oracle}]"


def _same_name(written: str, oracle: str) -> bool:
    """Whether a name as the readers keep it is the oracle name: the readers write every slash as a
    face separator, so a card whose own name holds one ("Summon: Choco/Mog") is read as
    "Summon: Choco // Mog". (Only such a name is cleaned: a face separator alone, "Fire // Ice",
    reads back as written, and this runs for every name shown.)"""
    if written == oracle:
        return True
    return "/" in oracle.replace(" // ", "") and written == clean_name(oracle)


def _with_written_names(findings: list[Finding], deck: Deck) -> list[Finding]:
    # (a name written as its oracle name is shown as it is: only the others are passed on)
    written = [(dc.entry.name, dc.oracle_name) for dc in deck.cards if dc.entry.name != dc.oracle_name]
    return with_written_names(findings, written) if written else findings


# The notes that say how a name matched its card name both already: not renamed ("'Murderous Rider'
# is a face of 'Murderous Rider [Murderous Rider // Swift End]'" said the face twice).
_NAME_MATCH_CODES = frozenset({NORMALIZED_NAME.code, FACE_NAME.code, PRINTED_NAME.code})


def with_written_names(findings: list[Finding], names: Iterable[tuple[str, str]]) -> list[Finding]:
    """Name each card as the user wrote it (a localized or face name), the oracle name beside it:
    "Blitzschlag [Lightning Bolt] is banned ..." — so a German list reads in German. ``names``:
    (as written, oracle name) of the deck's resolved entries, in deck order (the first way a card
    is written names it)."""
    written: dict[str, str] = {}  # oracle name -> display form
    for name, oracle in names:
        if name == oracle:  # most names: shown as they are
            continue
        shown = display_of(name, oracle)
        if shown != oracle:
            written.setdefault(oracle, shown)
    if not written:
        return findings
    renamed = []
    for finding in findings:
        display = written.get(finding.card or "", "")
        if not display or finding.card is None or finding.code in _NAME_MATCH_CODES:
            renamed.append(finding)
            continue
        message = finding.message.replace(finding.card, display, 1)
        if message == finding.message:
            message = f"{display}: {message}"
        renamed.append(replace(finding, message=message))
    return renamed


def check_deck(
    deck: Deck,
    spec: FormatSpec,
    *,
    parsed: ParsedDeck | None = None,
    prior_findings: Iterable[Finding] = (),
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    store: CardStore | None = None,
) -> Report:
    """Run the format rules and the companion engine over a resolved deck. With ``store``, companions
    the deck does not list are looked up so a banned one is not offered as revealable."""
    from deckcheck import rules
    from deckcheck.rules import companions

    findings = list(prior_findings)
    moved = False
    written = parsed or deck.parsed
    unread = unread_part(written) if written is not None else None
    data_day = printings_day(store, spec) if store is not None else None
    judged = with_card_data(spec, store) if store is not None else spec  # (the report names spec)
    if spec.commander:  # only a format with a command zone reads a sideboard as one (MTGO, XMage)
        from deckcheck import command_zone

        placement = command_zone.place(deck, judged)
        deck, moved = placement.deck, placement.moved
        findings.extend(placement.notes)
        rule_findings = placement.merge(rules.check_deck(deck, judged, data_day))
    else:
        rule_findings = rules.check_deck(deck, judged, data_day)
    if written is not None and not written.entries:  # no card lines: DC005 says all there is to say
        rule_findings = []
    elif unread is not None:  # what the lines not read could change is not judged on the rest
        rule_findings = [f for f in rule_findings if f.code in HOLDS_ON_PART or not breaks_a_rule(f)]
    # a deck judged for a day its card data does not vouch for (dated after the data, or undated
    # and checked long after it) is not judged by the data's legalities: its legality findings are
    # withheld, and a companion card's own legality is not known either
    age = None
    if store is not None:
        age = legality_out_of_date(deck.parsed.metadata if deck.parsed is not None else {}, spec, store)
        if age is not None and age.deck_day is None and deck.parsed is not None:  # (name the date's line)
            age = age._replace(line=deck_date_line(deck.parsed))
        if age is not None:
            rule_findings = withheld_legality(deck.path, spec, rule_findings, age)
    findings.extend(rule_findings)
    lookup = store.get if store is not None else None
    # under a format's history, a companion card's "not legal" by printings the card data may lack
    # (sets that joined the format after its day) is not known either
    printings_open = data_day is not None and bool(_sets_joined_since(deck, spec, data_day))
    results, companion_findings = companions.evaluate_with_findings(
        deck,
        judged,
        lookup,
        legality_open=age is not None or printings_open,
        unread=unread,
        may_be=did_you_mean(store) if store is not None and deck.unresolved else None,
    )
    findings.extend(companion_findings)
    findings = _with_written_names(findings, deck)
    every = findings
    findings = select_findings(findings, select, ignore)
    # what --select/--ignore leave out is not reported, but a rule it says was left undecided (card
    # data too old, no commander marked) stays undecided: ignoring the finding decides nothing
    kept = {id(f) for f in findings}
    ignored_undecided = tuple(f for f in every if id(f) not in kept and leaves_undecided(f))
    findings.sort(key=report_order)
    # a placed deck's parsed deck has its entries in the zones they were checked in
    parsed_deck = (deck.parsed if moved else parsed) or deck.parsed
    parsed_deck = parsed_deck or ParsedDeck(deck.path, "cards")
    return Report(deck.path, spec, deck, parsed_deck, findings, results, ignored_undecided=ignored_undecided)


def with_card_data(spec: FormatSpec, store: CardStore) -> FormatSpec:
    """``spec`` as the card data in ``store`` can judge it: the sets of its card pool
    (``pool_sets``) the data knows no card of, a set newer than its printings or a code written
    wrong, with the known codes each may be a mistyping of (FormatSpec.unknown_pool_sets), and
    those it may know only in part, released after its printings' day (FormatSpec.pool_sets_in_part,
    when the store keeps the sets' release days): a card printed in none of the others is not
    verified (rules.legality.listed_legality). ``spec`` itself when the data knows them all. The
    engine asks this; the lean batch checker hands the decks of such a format to it."""
    if not spec.pool_sets:
        return spec
    unknown = store.unknown_set_codes(spec.pool_sets)
    in_part = store.sets_known_in_part(spec.pool_sets)
    if (unknown, in_part) == (spec.unknown_pool_sets, spec.pool_sets_in_part):
        return spec
    return replace(spec, unknown_pool_sets=unknown, pool_sets_in_part=in_part)


def printings_day(store: CardStore, spec: FormatSpec) -> dt.date | None:
    """The day the card data's printings describe (store.printings_date), for legality as of a day
    from the format's history (None when legality is not read from the history, or the data is
    records handed in by code, CardStore.vouches_without_date, whose printings are taken as
    complete; ``datetime.date.min`` when the data says no day: it vouches for none)."""
    if not reads_history(spec.as_of) or not spec.legality_candidates:
        return None
    day = printings_date(store.meta)
    if day is None:
        return None if store.vouches_without_date else dt.date.min
    return day


def _sets_joined_since(deck: Deck, spec: FormatSpec, data_day: dt.date) -> tuple[str, ...]:
    from deckcheck.history import sets_joined_since

    return sets_joined_since(deck, spec, data_day)


def unread_part(parsed: ParsedDeck) -> str | None:
    """Why the deck read from a file may not be the deck written in it, or None: part of the file,
    or all of it, could not be read (DC001: binary, an XML or JSON error, not a decklist), a line
    of a zone that counts was not read (DC002: the cards it may hold are missing), or the file has
    no card line (DC005). A rule finding the missing cards could undo is withheld (only those of
    HOLDS_ON_PART are given), and no companion's condition is called met: either would judge a deck
    that shrank (a size below the minimum, a condition the lines not read might break). DC001 and
    DC002 leave the deck not verified (UNCHECKED_CODES); an empty decklist is an error of its own.
    The engine and the lean batch checker (which hands such decks to the engine) both ask this."""
    lines = 0
    for problem in parsed.problems:
        if problem.code == UNREAD_FILE:
            return f"the file was not read{' in full' if parsed.entries else ''} ({UNREAD_FILE})"
        if problem_unread_line(problem):
            lines += 1
    if lines:
        return f"{counted(lines, 'line')} not read ({UNREAD_LINE})"
    if not parsed.entries:
        return f"the decklist has no card lines ({NO_CARD_LINES})"
    return None


def read_in_part_problem(reason: str) -> ParseProblem:
    """A problem that says again what :func:`unread_part` said of a deck (``reason``) whose entries
    were kept without its reader's problems (the ``unread`` column of a long frame, deckcheck.frames):
    the deck it is given to is read in part for the same reason (DC001 or DC002, at no line); a
    decklist with no card lines gets its reader's own problem again (DC005)."""
    if reason.endswith(f"({NO_CARD_LINES})"):
        from deckcheck.decklist._base import NO_CARD_LINES_MESSAGE

        return ParseProblem(0, NO_CARD_LINES_MESSAGE, "error", code=NO_CARD_LINES)
    code = UNREAD_FILE if reason.endswith(f"({UNREAD_FILE})") else UNREAD_LINE
    return ParseProblem(0, f"the decklist was read in part: {reason}", "error", code=code)


def read_in_part(problems: Iterable[ParseProblem]) -> bool:
    """Whether a reader's problems say part of the deck written was not read: what makes
    :func:`unread_part` name DC001 or DC002 (the lean batch checker hands such decks to the engine)."""
    return any(problem.code == UNREAD_FILE or problem_unread_line(problem) for problem in problems)


MAYBEBOARD_TEXT = str(Zone.MAYBEBOARD)  # (a ParseProblem's section is its zone's text)


def problem_unread_line(problem: ParseProblem) -> bool:
    """A reader's problem that is a line of a zone that counts left unread (DC002: a problem with
    no code of its own is one when it is an error, as decklist.problem_findings reads it)."""
    if problem.section == MAYBEBOARD_TEXT:
        return False
    return problem.code == UNREAD_LINE or (problem.code is None and problem.severity == "error")


def withheld_legality(path: str, spec: FormatSpec, found: list[Finding], age: DataAge) -> list[Finding]:
    """The rule findings of a deck :func:`legality_out_of_date` gave ``age`` for: its legality
    findings withheld, the format's legality not verified (unresolved.stale_legality). The engine
    and the lean batch checker both write them so."""
    kept = [f for f in found if not not_given(f)]  # (the note says the whole legality is not verified)
    return stale_legality(path, spec.title, kept, goes_by_card_data, age)


def legality_out_of_date(metadata: Mapping[str, str], spec: FormatSpec, store: CardStore) -> DataAge | None:
    """Whether the card data does not vouch for the day a deck with this metadata is judged for:
    its own date when it has one, any day but the data's own (the data's legalities describe its own
    day: a later deck may meet bans and printings it lacks, an earlier one bans it records that had
    not happened yet); else the day of the check, more than as_of.DATA_AGE_LIMIT_DAYS after it.
    Card data that does not say which day it describes vouches for no day (``data_day`` None),
    unless it is records handed in by code (CardStore.vouches_without_date). None when the data
    vouches for it, when the format has no legality to judge, or under an ``as_of`` setting (the
    format's history on a day, or the data as it is by choice). The engine and the lean batch
    checker both ask this. A deck that gives a date naming no day for certain (06/01/2019, two
    different dates: as_of.unread_date) is not judged for the day of the check as an undated deck
    is: the day it is judged for is not known (``deck_day`` None), whatever the data's day.
    (The lean batch checker hands such a deck to the engine, which names the date's line.)"""
    if spec.as_of is not None or not spec.legality_candidates:
        return None
    data_day = card_data_date(store.meta)
    deck_day, where = metadata_date(metadata)
    unread = unread_date(metadata) if deck_day is None else None
    if unread is not None:  # a date that names no day for certain: the day is not known, not today
        return DataAge(None, data_day, where, written=unread[1])
    if data_day is None:
        if store.vouches_without_date:
            return None
        return DataAge(deck_day or today(), None, where, undated=deck_day is None)
    if deck_day is None:
        day = today()
        # (a day of the check before the data's own, a clock set back or DECKCHECK_TODAY, takes the
        # data as current: no data of that day is to be had; `cards info` says so)
        if (day - data_day).days <= DATA_AGE_LIMIT_DAYS:
            return None
        return DataAge(day, data_day, where, undated=True)
    return DataAge(deck_day, data_day, where) if deck_day != data_day else None


def check_parsed(
    parsed: ParsedDeck,
    store: CardStore,
    spec: FormatSpec | None,
    *,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    require_format: bool = False,
    facts: FactsByName | None = None,
) -> Report:
    """Resolve and check a parsed deck in ``spec``; None = no format was given: the deck is
    checked in the shape of its family (:func:`deckcheck.inference.infer_format`) with a warning,
    or with an error when ``require_format``. ``facts``: the store's stored facts, to resolve
    through (resolve_deck; a run of many decks reads them once)."""
    deck, resolution_findings = resolve_deck(parsed, store, facts=facts)
    prior = [*web_address_suggestions(parsed.path, parsed.problems, store), *resolution_findings]
    parsed = deck.parsed or parsed  # (as read: a line's number may have been read as part of a name)
    because = ""
    if spec is None:
        from deckcheck.inference import format_finding, infer_format

        spec, because = infer_format(parsed, deck)
        if parsed.entries:  # an empty decklist has its own error; no shape to speak of
            prior.append(format_finding(parsed.path, spec, required=require_format))
    report = check_deck(
        deck,
        spec,
        parsed=parsed,
        prior_findings=prior,
        select=select,
        ignore=ignore,
        store=store,
    )
    report.inferred_because = because
    return report


def web_address_suggestions(path: str, problems: Sequence[ParseProblem], store: CardStore) -> list[Finding]:
    """The findings of the ``problems`` a reader reported of the deck at ``path``
    (decklist.problem_findings), a line that is a web address where a card's name goes (DC002, the
    address in its problem's data) offered the card when the address is a card's page
    (decklist.card_page_name: ``scryfall.com/card/m10/146/lightning-bolt``): its name found as the
    card data's folded names find a slug's. The line is still no card line: the deck is not
    verified, the card not read."""
    from deckcheck.decklist import problem_findings
    from deckcheck.decklist._names import WEB_ADDRESS_KEY, card_page_name, offering

    found = []
    for problem, finding in zip(problems, problem_findings(path, problems), strict=True):
        address = dict(problem.data).get(WEB_ADDRESS_KEY) if finding.code == UNREAD_LINE else None
        named = card_page_name(address) if address else None
        card = store.resolve(named, suggest=False).card if named else None
        if card is not None:
            message = offering(finding.message, card.name)
            finding = replace(finding, message=message, data=(("suggestions", [card.name]),))
        found.append(finding)
    return found


def check_file(
    path: Path,
    store: CardStore,
    spec: FormatSpec | None,
    *,
    input_format: str | None = None,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
) -> Report:
    from deckcheck.decklist import parse_file

    return check_parsed(parse_file(path, input_format), store, spec, select=select, ignore=ignore)


def deck_from_names(
    names: Iterable[tuple[int, str, Zone]], store: CardStore, path: str = "<deck>"
) -> tuple[Deck, list[Finding]]:
    """Resolve (quantity, name, zone) triples: a convenience for tests and the pandas API."""
    parsed = ParsedDeck(path, "cards")
    parsed.entries = [Entry(q, n, z, line=0) for q, n, z in names]
    return resolve_deck(parsed, store)
