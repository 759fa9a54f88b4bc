"""The command zone as the clients write it: a Commander deck whose commander sits in the sideboard.

MTGO (.txt, .dek and its event files), XMage (``SB:`` lines) and Cockatrice (the ``side`` zone, or a
``CDR:`` comment) have no command zone: a Commander list there is 99 or 98 cards, then its
commander(s) and companion in the sideboard. In a format with a command zone (CR 903.3, 903.5e:
"Commander games do not use sideboards") such a sideboard can only be the command zone and the
companion. :func:`place` reads it so when exactly one reading makes the deck the format's size, and
says so in a note; when several readings would, it keeps the list as written and the DC105 finding
names them. Cards under an explicit Commander or Companion section are never moved.

No click, no pandas: the engine calls :func:`place` once, where the deck is resolved and its format
known; the lean batch checker hands every deck this could apply to to the engine.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from deckcheck.cards.names import lookup_key
from deckcheck.deck import Deck, DeckCard, Entry, Zone
from deckcheck.findings import Finding, Location, Severity, define
from deckcheck.format_spec import OATHBREAKER_COMMANDERS, FormatSpec
from deckcheck.value import replace

COMMAND_ZONE_READ = define(
    "DC106",
    "command-zone-from-layout",
    Severity.INFO,
    "A Commander list written as MTGO, XMage, Cockatrice, TappedOut or TCGplayer write it (the commander "
    "and companion in the sideboard, or named by a CDR: comment) was read with those cards in the "
    "command zone; the note names the source.",
)
CODES = (COMMAND_ZONE_READ,)

AMBIGUOUS_ZONES_CODE = (
    "DC105"  # rules.commander.AMBIGUOUS_ZONES: the deck-level finding an ambiguity replaces
)
# The findings a reading of the sideboard decides, withheld while several readings fit: the deck's
# size (rules.sizes DC101, DC102, DC306), its sideboard (DC103) and the number of its commanders
# (rules.commander DC303). Each reading gives the format's size, an empty sideboard and commanders
# the format allows (_readings), so the deck is not verified (DC105), neither legal nor illegal.
READING_CODES = frozenset({"DC101", "DC102", "DC103", "DC306", "DC303"})

# Who writes the sideboard so, by input format (for the note).
_WRITTEN_BY = {
    "mtgo": "as MTGO writes it",
    "dek": "as MTGO writes it",
    "xmage": "as XMage writes it",
    "cod": "as Cockatrice writes it",
}
_WRITTEN_BY_DEFAULT = "as MTGO and XMage write it"  # a text list of no one client
# Deck JSON, by its source (decklist.json_formats' "json shape"): the clients that keep a Commander
# deck's companion in its sideboard; any other JSON has a board of its own for it, so the list put
# it there.
_JSON_WRITTEN_BY = {
    "event": "as MTGO writes it",  # MTGO event files
    "tappedout": "as TappedOut writes it",
    "tcgplayer": "as TCGplayer writes it",
}
_LISTED_SO = "as the list has it"
_SIDEBOARD_LIMIT = 3  # two partner commanders and a companion: the most a command zone reading holds


@dataclass(frozen=True, slots=True, eq=False)
class Reading:
    """One way to read the sideboard: these cards as commanders, this one as the companion."""

    commanders: tuple[DeckCard, ...]
    companion: DeckCard | None
    spells: tuple[DeckCard, ...] = ()  # Oathbreaker's Signature Spells (command zone too)

    def describe(self) -> str:
        parts = []
        if self.spells:  # (Oathbreaker: its leaders, then their spells)
            plural = "s" if len(self.commanders) > 1 else ""
            parts.append(
                f"{' and '.join(dc.oracle_name for dc in self.commanders)} as the Oathbreaker{plural}"
            )
            parts.append(
                f"{' and '.join(dc.oracle_name for dc in self.spells)} as the Signature Spell{plural}"
            )
        elif self.commanders:
            names = " and ".join(dc.oracle_name for dc in self.commanders)
            parts.append(f"{names} as the commander{'s' if len(self.commanders) > 1 else ''}")
        if self.companion is not None:
            parts.append(f"{self.companion.oracle_name} as the companion")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True, eq=False)
class Placement:
    """What :func:`place` did: the deck to check, its notes, and an ambiguity to report (a DC105
    finding that replaces the format's generic one)."""

    deck: Deck
    notes: tuple[Finding, ...] = ()
    ambiguity: Finding | None = None
    moved: bool = False  # whether any card was placed (``deck`` and its parsed deck are new then)

    def merge(self, findings: Sequence[Finding]) -> list[Finding]:
        """``findings`` with the ambiguity in place of the format's deck-level DC105 (one finding
        that names the readings rather than two about the same missing commander), and without
        the findings only the list as written breaks: every reading makes the deck the format's
        size and its sideboard the command zone and companion (:data:`READING_CODES`), so "99 cards
        + 0 commanders" and "a sideboard of 2" are true of no reading. What holds under every
        reading (a banned card, two copies in the 99) stays."""
        if self.ambiguity is None:
            return list(findings)
        kept = [
            f
            for f in findings
            if f.code not in READING_CODES and not (f.code == AMBIGUOUS_ZONES_CODE and f.location.line == 0)
        ]
        return [*kept, self.ambiguity]


def place(deck: Deck, spec: FormatSpec) -> Placement:
    """Read a Commander deck's sideboard (and a Cockatrice ``CDR:`` comment) as its command zone
    where that is the only reading that makes the deck the format's size. Any other deck is
    returned as it is. Sizes count the entries as written, resolved or not: a card that is
    unknown is still in the deck."""
    if not spec.commander:
        return Placement(deck)
    entries = _entries(deck)
    cards = {id(dc.entry): dc for dc in deck.cards}
    moves: dict[int, Zone] = {}
    notes: list[Finding] = []
    named = _named_commanders(deck, cards)
    if named is not None:
        moves, note = named
        notes.append(note)

    def zone(entry: Entry) -> Zone:
        return moves.get(id(entry), entry.zone)

    side = [entry for entry in entries if zone(entry) is Zone.SIDEBOARD]
    readings: list[Reading] = []
    # A sideboard card that did not resolve: what the sideboard holds is not known, so it is not
    # read as anything (the unknown card is reported).
    if side and all(id(entry) in cards for entry in side):
        readings = _readings(
            [cards[id(entry)] for entry in side],
            spec,
            main_size=sum(e.quantity for e in entries if zone(e) is Zone.MAIN),
            leaders=sum(e.quantity for e in entries if zone(e) is Zone.COMMANDER),
            companion_free=not any(zone(e) is Zone.COMPANION for e in entries),
        )
    if len(readings) == 1:
        reading = readings[0]
        moves.update({id(dc.entry): Zone.COMMANDER for dc in (*reading.commanders, *reading.spells)})
        if reading.companion is not None:
            moves[id(reading.companion.entry)] = Zone.COMPANION
        notes.append(_note(deck, reading))
    ambiguity = _ambiguity(deck, readings, spec) if len(readings) > 1 else None
    if not moves:
        return Placement(deck, tuple(notes), ambiguity)
    return Placement(_moved(deck, moves), tuple(notes), ambiguity, moved=True)


def _moved(deck: Deck, moves: dict[int, Zone]) -> Deck:
    """The deck with the moved entries in their new zones; its parsed deck too, so that counts
    "as written" (resolved or not) show the zones the deck was checked with."""
    placed: dict[int, Entry] = {}

    def entry_in_zone(entry: Entry) -> Entry:
        if id(entry) not in moves:
            return entry
        new = placed.get(id(entry))
        if new is None:
            new = placed[id(entry)] = replace(entry, zone=moves[id(entry)])
        return new

    cards = [dc.with_entry(entry_in_zone(dc.entry)) for dc in deck.cards]
    parsed = deck.parsed
    if parsed is not None:
        parsed = replace(parsed, entries=[entry_in_zone(e) for e in parsed.entries])
    # unresolved entries move too: they still count, and a named commander may be one of them
    return Deck(deck.path, cards, parsed, [entry_in_zone(e) for e in deck.unresolved])


def _is_companion(deck_card: DeckCard) -> bool:
    from deckcheck.rules.companions import has_companion_ability

    facts = deck_card.facts  # (its stored facts hold it, rules.common)
    return has_companion_ability(deck_card.card) if facts is None else facts.has_companion_ability


def _readings(
    side: Sequence[DeckCard], spec: FormatSpec, *, main_size: int, leaders: int, companion_free: bool
) -> list[Reading]:
    """Every way the sideboard can be read as command zone and companion, all of it, one copy of
    each card, with the deck then at the format's size (CR 903.5a: the commanders are part of it)."""
    from deckcheck.rules.commander import eligibility_of, pair_problem

    if not side or any(dc.quantity != 1 for dc in side):
        return []
    if len({lookup_key(dc.oracle_name) for dc in side}) != len(side):
        return []  # one card on two lines: two copies, which no command zone holds
    if spec.commander_cards == OATHBREAKER_COMMANDERS:
        return _oathbreaker_readings(side, spec, main_size=main_size, leaders=leaders)
    if len(side) > _SIDEBOARD_LIMIT:
        return []
    readings: list[Reading] = []
    for size in range(0, min(spec.max_commanders, len(side)) + 1):
        if size == 0 and not leaders:
            continue  # a Commander deck needs its commander; the sideboard alone is no reading
        if size and leaders:
            continue  # the list names its commander: the sideboard can only be its companion
        if leaders + size > spec.max_commanders:
            continue
        total = main_size + leaders + size
        if total < spec.min_main or (spec.max_main is not None and total > spec.max_main):
            continue
        for chosen in itertools.combinations(side, size):
            rest = [dc for dc in side if dc not in chosen]
            if len(rest) > 1 or (rest and not (companion_free and _is_companion(rest[0]))):
                continue
            if size == 1 and eligibility_of(chosen[0], spec) is not None:
                continue
            if size == 2 and pair_problem(chosen[0].card, chosen[1].card) is not None:
                continue
            readings.append(Reading(tuple(chosen), rest[0] if rest else None))
    return readings


def _oathbreaker_readings(
    side: Sequence[DeckCard], spec: FormatSpec, *, main_size: int, leaders: int
) -> list[Reading]:
    """XMage writes an Oathbreaker deck as the 58 (56 with partners) and the Oathbreaker(s) with
    their Signature Spell(s) in the sideboard: the one reading is the whole sideboard as the command
    zone, when it is one or two Oathbreakers (a pair that may lead together), as many instant or
    sorcery cards, and makes the deck the format's size. Oathbreaker has no companion."""
    from deckcheck.rules.commander import LEADER, SPELL, oathbreaker_role, pair_problem

    if leaders:  # (one copy of each card, each name once: _readings has checked)
        return []
    walkers = tuple(dc for dc in side if oathbreaker_role(dc) == LEADER)
    spells = tuple(dc for dc in side if oathbreaker_role(dc) == SPELL)
    total = main_size + len(side)
    if (
        len(walkers) + len(spells) != len(side)
        or not 1 <= len(walkers) <= spec.max_commanders
        or len(spells) != len(walkers)
        or total < spec.min_main
        or (spec.max_main is not None and total > spec.max_main)
    ):
        return []
    if len(walkers) == 2 and pair_problem(walkers[0].card, walkers[1].card) is not None:
        return []
    return [Reading(walkers, None, spells)]


def _writer(deck: Deck, lines: Sequence[int]) -> str:
    """Who writes a Commander deck's sideboard so, for the note: the client or site the decklist
    came from (``lines``: those of the cards read into the command zone)."""
    parsed = deck.parsed
    if parsed is None:
        return _WRITTEN_BY_DEFAULT
    if parsed.input_format == "json" or parsed.input_format == "event":
        return _JSON_WRITTEN_BY.get(parsed.metadata.get("json shape", ""), _LISTED_SO)
    if parsed.input_format == "csv":
        from deckcheck.decklist.csv_format import OUTSIDE_THE_GAME_NOTE

        notes = (r.note for r in parsed.lines if r.line in lines)
        if any(OUTSIDE_THE_GAME_NOTE in note for note in notes):
            return "as Scryfall's deck CSV writes it (its section outside the game)"
        return _LISTED_SO
    return _WRITTEN_BY.get(parsed.input_format, _WRITTEN_BY_DEFAULT)


def _note(deck: Deck, reading: Reading) -> Finding:
    cards = [*reading.commanders, *reading.spells, *([reading.companion] if reading.companion else [])]
    first = min(cards, key=lambda dc: dc.line)
    moved = [dc.oracle_name for dc in cards]
    return COMMAND_ZONE_READ(
        f"read the sideboard as the command zone, {_writer(deck, [dc.line for dc in cards])}: "
        f"{reading.describe()}",
        location=Location(deck.path, first.line, str(Zone.SIDEBOARD)),
        card=moved[0],
        rule="CR 903.5e",
        data={"cards": moved},
    )


def _ambiguity(deck: Deck, readings: Sequence[Reading], spec: FormatSpec) -> Finding:
    from deckcheck.rules.commander import AMBIGUOUS_ZONES

    shown = "; or ".join(r.describe() for r in readings)
    names = list(
        dict.fromkeys(
            dc.oracle_name for r in readings for dc in (*r.commanders, r.companion) if dc is not None
        )
    )
    return AMBIGUOUS_ZONES(
        f"the sideboard could be the command zone in {len(readings)} ways ({shown}) and deckcheck does "
        f"not guess which: {spec.title} needs its commander in the command zone (CR 903.3), so the deck's "
        "size, colour identity and commander rules were not checked. Mark the commander with a "
        "'Commander' section or a *CMDR* marker",
        location=Location(deck.path, min(dc.line for dc in deck.zone(Zone.SIDEBOARD)), str(Zone.SIDEBOARD)),
        rule="CR 903.3",
        data={"candidates": names, "readings": [r.describe() for r in readings]},
    )


def named_commanders(deck: Deck) -> list[Entry] | None:
    """The entries a Cockatrice ``CDR:`` comment (or a ``commander:`` comment, as deckcheck writes
    XMage lists) names as the commander(s) of a list with no Commander section: one copy each, in
    the deck or the sideboard, resolved or not, each named entry found exactly once. None when there
    is no such comment or it decides nothing."""
    names = deck.parsed.commented_commanders() if deck.parsed is not None else []
    if not names:
        return None
    entries = _entries(deck)
    if any(e.zone is Zone.COMMANDER for e in entries):
        return None
    cards = {id(dc.entry): dc for dc in deck.cards}
    chosen: list[Entry] = []
    for name in names:
        key = lookup_key(name)
        match = [
            e
            for e in entries
            if e.zone in (Zone.MAIN, Zone.SIDEBOARD)
            and e.quantity == 1
            and key in _keys(e, cards.get(id(e)))
            and all(e is not c for c in chosen)
        ]
        if len(match) != 1:
            return None  # not in the list, or listed twice: the comment decides nothing
        chosen.append(match[0])
    return chosen or None


def _named_commanders(deck: Deck, cards: dict[int, DeckCard]) -> tuple[dict[int, Zone], Finding] | None:
    """:func:`named_commanders` as the command zone, and the note that says so."""
    chosen = named_commanders(deck)
    if chosen is None:
        return None
    shown = [_shown(e, cards.get(id(e))) for e in chosen]
    note = COMMAND_ZONE_READ(
        f"read {' and '.join(shown)} as the commander{'s' if len(chosen) > 1 else ''}, as the list's "
        "comments name it (CDR: or commander:)",
        location=Location(deck.path, chosen[0].line, str(chosen[0].zone)),
        card=shown[0],
        rule="CR 903.3",
        data={"cards": shown},
    )
    return {id(e): Zone.COMMANDER for e in chosen}, note


def _entries(deck: Deck) -> list[Entry]:
    """The deck's entries as written, resolved or not."""
    return deck.parsed.entries if deck.parsed is not None else [dc.entry for dc in deck.cards]


def _keys(entry: Entry, dc: DeckCard | None) -> tuple[str, ...]:
    return (lookup_key(entry.name),) if dc is None else (lookup_key(entry.name), lookup_key(dc.oracle_name))


def _shown(entry: Entry, dc: DeckCard | None) -> str:
    return entry.name if dc is None else dc.oracle_name
