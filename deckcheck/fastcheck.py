"""The lean batch checker: the engine's rows for plain decks, a chunk of decks at a time.

Why: analysts check 10k-1M decks (``frames.validate``). The engine costs a few milliseconds a deck
because it is general: every entry becomes objects, and per-card facts (companion conditions, copy
limits, legality, commander eligibility) are looked up through the card for every deck. Here those
facts are computed once per card (:func:`deckcheck.card_facts.facts_of`) — and saved in the card
store when it is built (:func:`deckcheck.card_facts.facts_builder`), so a batch loads them instead
of re-reading 20k card records. A chunk of decks (:func:`check_decks`) becomes a few integer arrays
(deck, card code, zone, quantity, line), and every rule is a group-by over the whole chunk: the
scope here, then each rule family's array screen beside its rule (deck sizes, copies, legality,
colour identity and the commander in :mod:`deckcheck.rules`, the ten companions in
:mod:`deckcheck.rules.companion_arrays`). Python runs per deck only to write rows and, for the decks with
something to report, the families' own per-card decisions and message builders (the engine's).

Exactness over reach: :func:`check_decks` gives exactly the rows the engine gives (findings with
their messages, companion results, breakers, summary; tests/batch holds it to that over generated
and real decks), or hands the deck back and the caller runs the engine. It takes decks whose every
name is an exact oracle name, one the store's resolver reads as one card by folding (case,
accents, separators, punctuation and spaces) or by a face's name ("Bonecrusher Giant"), or one it
reads as no card at all. A folded or face name gets the engine's note (engine.resolution_finding)
and the findings name the card as written (engine.with_written_names), unless the deck writes one
card two ways; a name the data does not know gets the engine's error, counts toward every size
and copy rule, and leaves open what it could break (deckcheck.unresolved). Decks also have at most
one commander, known or not, or a partner pair where the format lets pairs lead, both cards the
data knows (the pair's own rule, commander.pair_findings) or neither (no "choose a colour"
commander, no colourless Brawl basics), and companions either undeclared, in a constructed
sideboard, or one known companion under Companion; an Oathbreaker deck (its Signature Spells in
the command zone) is the engine's.
Entries may lack source lines (an event document's) and the maybeboard may hold cards (named and
noted as the engine does, a name the data does not know with the engine's warning, counted by no
rule; the names of a zone that are not looked up at all, tokens or planes, are kept apart by the
reader, PlainDecks.unchecked, and noted once per zone as the engine notes them). What the deck's
reader reported (a parse problem) comes first among its findings; its metadata comments become
its name and metadata rows, as the engine writes them; a deck dated after the card data has its
legality findings withheld as the engine withholds them (engine.withheld_legality). Anything else
(misplaced or several declared companions, more than two commanders, a known commander beside
an unknown one, a pair in Brawl, localized names, a plane, scheme or Vanguard card named outside
its section, a conspiracy card outside the sideboard, a sideboard that may be the command zone, a
file or a line of it not read, a date that names no day for certain, a line with no count whose
name the data does not know, which may be no card at all, a Vehicle or Spacecraft commander of a
day before Edge of Eternities or one it is not known for, a format whose card pool names a set
the card data does not know) goes to the engine: never a guess
(handed_over says which, deck by deck).

It writes rows, not Reports: its findings carry no ``data`` payload (the tables have no column for
it), so the CLI, whose JSON output has one, keeps the engine.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, cast

import numpy as np

from deckcheck import engine, unresolved
from deckcheck.as_of import reads_history
from deckcheck.card_facts import (
    CardFacts,
    FactsByName,
    StoredFacts,
    colour_mask,
    facts_of,
    facts_version,
    type_bits,
)
from deckcheck.cards.model import BASIC_LAND_MANA, Card
from deckcheck.cards.names import clean_name
from deckcheck.cards.store import CardStore, Resolution
from deckcheck.deck import STARTING_ZONES, ZONE_CODE, ZONE_ORDER, Zone
from deckcheck.decklist.fast import QUANTITY_CAP, PlainDecks
from deckcheck.findings import Finding, Location, Severity, report_order
from deckcheck.format_spec import LEGENDARY_COMMANDERS, OATHBREAKER_COMMANDERS, FormatSpec
from deckcheck.rules import commander as commander_rules
from deckcheck.rules import companion_arrays, companions, legality, sizes
from deckcheck.rules.chunk import Chunk
from deckcheck.rules.common import ALL_ZONES
from deckcheck.rules.companion_arrays import Column, columns_of, per_deck
from deckcheck.rules.companions import (
    COMPANIONS,
    Breaker,
    CompanionResult,
    DeckVerdict,
)

DeckId = Hashable


def _mapped(values: Sequence[Any], convert: Callable[[Any], Any]) -> list[Any]:
    """``convert`` of every value, computed once per distinct object (equal stored values are one
    object; ``values`` keeps them alive, so an id is not reused meanwhile). The per-card steps run
    in C (map, zip): only the distinct values, a few hundred, are converted in Python."""
    distinct = dict(zip(map(id, values), values, strict=True))
    converted = {key: convert(value) for key, value in distinct.items()}
    return list(map(converted.__getitem__, map(id, values)))


class FactTable:
    """Facts by oracle name for one card store: read from the store when it was built with them,
    else computed from the card on first use. One table per store object and process."""

    def __init__(self, store: CardStore) -> None:
        self.store = store
        self.known: dict[str, CardFacts | None] = {}  # every name asked for so far (facts computed here)
        # names that are no exact oracle name: card code and the store's resolution (code -1: not
        # one the lean path takes)
        self._resolved: dict[str, tuple[int, Resolution | None]] = {}
        # the finding of each name that names no card, by (name, counted), placed nowhere: a name
        # is reported in many decks, its message the same in each (unknown_note)
        self._unknown_notes: dict[tuple[str, bool], Finding] = {}
        # the cards each such name may be (may_be): asked by every deck that holds it
        self._did_you_mean = engine.did_you_mean(store)
        self._may_be: dict[str, Sequence[str]] = {}
        columns = store.stored_fact_columns(facts_version())
        self._stored = StoredFacts(columns) if columns is not None else None
        # the ten companions' obstacles by (format, legality key, commander identity, declared
        # companions, legality open) for decks that hold no card of a companion's name: the same
        # few recur over a batch (the spec is kept beside them, so its id stays its own)
        self.obstacles: dict[tuple[int, str | None, frozenset[str] | None, tuple[int, ...], bool], Any] = {}
        # card codes: exact oracle name -> its row in ``arrays``: with stored facts, every card's
        # (the arrays are built from the store's columns at once); else every card met so far
        # (bounded by the number of cards in the store, never cleared: the arrays are indexed by them)
        self.codes: dict[str, int] = {}
        self.arrays = _FactArrays()
        if self._stored is not None:
            self.codes = self._stored.exact_names()
            self.arrays.append_stored(self._stored)
        self.lock = threading.RLock()  # chunks that share the table (Dask threads) take turns with it
        self._by_name: FactsByName | None = None
        # card codes by the batch reader's name ids (codes_of), for one name table at a time
        self._names: list[str] | None = None
        self._code_of_name = np.zeros(0, dtype=np.intp)

    @property
    def stored(self) -> bool:
        """Whether the facts come from the store (else each card's are computed on first use)."""
        return self._stored is not None

    @property
    def by_name(self) -> FactsByName | None:
        """The store's facts as the engine resolves names through them (engine.check_parsed's
        ``facts``: a card named exactly needs no card object), from the facts read here; None
        when the store keeps none."""
        if self._by_name is None and self._stored is not None:
            self._by_name = FactsByName(self._stored)
        return self._by_name

    def exact(self, name: str) -> CardFacts | None:
        """The facts of the card this name is the exact oracle name of (the engine's "exact" match,
        which adds no finding), else None."""
        if self._stored is not None:
            code = self.codes.get(name)
            return None if code is None else self.arrays.cards[code]
        try:
            return self.known[name]
        except KeyError:
            pass
        found: CardFacts | None = None
        if clean_name(name) == name:
            card = self.store.card(name)
            found = facts_of(card) if card is not None else None
        if len(self.known) >= _KNOWN_LIMIT:  # a corpus of endless misspellings stays bounded
            self.known.clear()
        self.known[name] = found
        return found

    def code(self, name: str) -> int:
        """The card code of the card this name is the exact oracle name of, else -1."""
        code = self.codes.get(name)
        if code is None:
            facts = None if self._stored is not None else self.exact(name)  # stored: all coded
            if facts is None:
                return -1
            with self.lock:
                code = self.codes.get(name)
                if code is None:
                    code = self.codes[name] = self.arrays.add(facts)
        return code

    def codes_of(self, name_ids: Any, names: list[str]) -> Any:
        """The card codes (:meth:`code`) of names given as ids into ``names`` (decklist.fast's
        name table): each id is looked up once, then kept by id, for as long as the reader keeps that
        table."""
        with self.lock:
            if self._names is not names:
                self._names, self._code_of_name = names, np.zeros(0, dtype=np.intp)
            known = self._code_of_name
            if len(known) < len(names):
                known = self._code_of_name = np.concatenate(
                    [known, np.full(len(names) - len(known), _NOT_LOOKED_UP, dtype=np.intp)]
                )
            codes = known[name_ids]
            new = np.unique(name_ids[codes == _NOT_LOOKED_UP]).tolist()
            if new:
                for name_id in new:
                    known[name_id] = self.code(names[name_id])
                codes = known[name_ids]
        return codes

    def resolved(self, name: str) -> tuple[int, Resolution | None]:
        """For a name that is no exact oracle name: the code of the card the store's resolver
        (``CardStore.resolve``, the engine's) reads it as, and that resolution, when it names one
        card by folding or by a face (:data:`LEAN_MATCHES`); (:data:`UNRESOLVED`, the resolution)
        when it names no card (unknown, or ambiguous); else (-1, None): a localized printed name, or
        a name the engine reads with the rest of its deck (engine.read_alone)."""
        hit = self._resolved.get(name)
        if hit is None:
            resolution = self.store.resolve(name, suggest=False)  # a match needs no suggestions
            card = resolution.card
            hit = (-1, None)
            # (a name the engine reads with the rest of its deck leaves the deck to the engine)
            if engine.read_alone(resolution, self.store):
                if card is None:
                    hit = (UNRESOLVED, resolution)
                elif resolution.match in LEAN_MATCHES:
                    code = self.code(card.name)
                    if code >= 0:
                        hit = (code, resolution)
            if len(self._resolved) >= _KNOWN_LIMIT:
                self._resolved.clear()
            self._resolved[name] = hit
        return hit

    def resolve_ahead(self, names: Iterable[str]) -> None:
        """Has the store resolve the names :meth:`resolved` has not met, all at once
        (``CardStore.resolve_many``: a store on disk looks a few hundred up in one query, and a
        batch's names of no card are thousands)."""
        self.store.resolve_many((name for name in names if name not in self._resolved), suggest=False)

    def unresolved(self, name: str) -> Resolution:
        """The store's resolution of a name that names no card (:meth:`resolved` gave
        :data:`UNRESOLVED`), with the likely spellings the engine's error names: the store's
        ``resolve``, which remembers it per name (a name is reported in many decks, and the engine
        asks for the same)."""
        resolution = self.store.resolve(name)
        assert resolution.card is None
        return resolution

    def may_be(self, name: str) -> Sequence[str]:
        """The cards a name that names no card may be (engine.did_you_mean: its DC010's offer, the
        printed names it is without accents among them), worked out once per name."""
        cards = self._may_be.get(name)
        if cards is None:
            cards = self._did_you_mean(name)
            if len(self._may_be) >= _KNOWN_LIMIT:
                self._may_be.clear()
            self._may_be[name] = cards
        return cards

    def unknown_note(self, name: str, where: Location, *, counted: bool) -> Finding:
        """engine.unresolved_finding of a name that names no card (:meth:`resolved` gave
        :data:`UNRESOLVED`), with engine.unaccented_suggestions' offer, at ``where``; ``counted``:
        not in the maybeboard. Its message is written once per name and zone kind, then placed."""
        made = self._unknown_notes.get((name, counted))
        if made is None:
            made = engine.unresolved_finding(
                name, self.unresolved(name), _NOWHERE, self.store, counted=counted
            )
            # (a list the lean path takes has no localized name: a name of no card is offered a
            # printed name of any language it is without accents, as the engine offers it)
            [made] = engine.unaccented_suggestions([made], None, self.store)
            if len(self._unknown_notes) >= _KNOWN_LIMIT:
                self._unknown_notes.clear()
            self._unknown_notes[(name, counted)] = made
        return made.placed(where)

    def card(self, name: str) -> Card | None:
        """The card with this oracle name (batch.BatchContext.card_for_name, the engine's lookup)."""
        return self.store.card(name) or self.store.resolve(name, suggest=False).card


# How a name the lean path takes may resolve besides exactly (CardStore.resolve's ``match``): to one
# card by folding case, accents and separators, or punctuation and spaces too, or by one face's
# name. The engine notes each such name (engine.resolution_finding) and names the card as written
# in its findings (engine.with_written_names); localized printed names stay the engine's.
LEAN_MATCHES: Final = frozenset({"normalized", "folded", "face"})
UNRESOLVED: Final = -3  # FactTable.resolved's code of a name that names no card (the rules' unknown cards)
_NOT_LOOKED_UP: Final = -2  # a name id's code, before its first lookup
_NOWHERE: Final = Location()  # (a finding made to be placed: FactTable.unknown_note)


def _limit(limit: int | None) -> int:
    return sizes.NO_LIMIT if limit is None else limit


def _is_none(value: object) -> bool:
    return value is None


def _land_mana(types: Iterable[str]) -> int:
    return colour_mask(BASIC_LAND_MANA[t] for t in types)


def _legal_under(legalities: Sequence[Mapping[str, str]], key: str) -> Any:
    """(n,) bool: legal under ``key``, asked once per distinct mapping object (cards share them)."""
    return np.array(_mapped(legalities, lambda found: found.get(key, "not_legal") == "legal"), dtype=bool)


class _FactArrays(companion_arrays.CardArrays):
    """The cards' facts as arrays by card code: the companion ones (companion_arrays.CardArrays) and what
    the format rules read."""

    # what the format rules' screens read, beside the companions' columns
    COLUMNS = (
        *companion_arrays.CardArrays.COLUMNS,
        Column("is_basic_land", "is_basic_land", bool, bool),
        Column("own_limit", "own_limit", bool, bool),
        Column("limit", "limit", _limit, np.int64),
        Column("land_mana", "basic_land_types", _land_mana, np.int64),
        Column("commander_ok", "commander_problem", _is_none, bool),
        Column("commander_ok_pw", "commander_problem_pw", _is_none, bool),
        Column("commander_ok_creature", "commander_problem_creature", _is_none, bool),
        Column("leads_by_vehicle", "leads_by_vehicle", bool, bool),
        Column("legalities", "legalities"),
    )

    def __init__(self) -> None:
        self.is_basic_land = np.zeros(0, dtype=bool)
        self.own_limit = np.zeros(0, dtype=bool)
        self.limit = np.zeros(0, dtype=np.int64)  # the card's own limit (sizes.NO_LIMIT: any number)
        self.land_mana = np.zeros(0, dtype=np.int64)  # colours its basic land types make (CR 903.5d)
        self.commander_ok = np.zeros(0, dtype=bool)
        self.commander_ok_pw = np.zeros(0, dtype=bool)  # ... where planeswalkers lead (Brawl)
        self.commander_ok_creature = np.zeros(0, dtype=bool)  # ... where uncommon creatures lead (PDH)
        self.leads_by_vehicle = np.zeros(0, dtype=bool)  # ... only since Edge of Eternities (by the day)
        self.legalities: list[Mapping[str, str]] = []
        self._legal: dict[str, Any] = {}
        super().__init__()

    def append_stored(self, stored: StoredFacts) -> None:
        """Every card of a store's facts, in its row order (the codes are the rows)."""
        self.cards = stored
        self.append(columns_of(stored, self.COLUMNS))

    def append(self, columns: dict[str, Any]) -> None:
        def grow(old: Any, values: Sequence[Any], dtype: Any = bool) -> Any:
            return np.concatenate([old, np.array(values, dtype=dtype).reshape(len(values))])

        self.is_basic_land = grow(self.is_basic_land, columns["is_basic_land"])
        self.own_limit = grow(self.own_limit, columns["own_limit"])
        self.limit = grow(self.limit, columns["limit"], np.int64)
        self.land_mana = grow(self.land_mana, columns["land_mana"], np.int64)
        self.commander_ok = grow(self.commander_ok, columns["commander_ok"])
        self.commander_ok_pw = grow(self.commander_ok_pw, columns["commander_ok_pw"])
        self.commander_ok_creature = grow(self.commander_ok_creature, columns["commander_ok_creature"])
        self.leads_by_vehicle = grow(self.leads_by_vehicle, columns["leads_by_vehicle"])
        legalities = columns["legalities"]
        self.legalities += legalities
        for key, legal in self._legal.items():
            self._legal[key] = np.concatenate([legal, _legal_under(legalities, key)])
        super().append(columns)

    def legal(self, key: str) -> Any:
        """(cards,) bool: the card is legal under legality ``key``."""
        found = self._legal.get(key)
        if found is None:
            found = self._legal[key] = _legal_under(self.legalities, key)
        return found


_KNOWN_LIMIT = 1_000_000
_TABLES: weakref.WeakKeyDictionary[CardStore, FactTable] = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def table_for(store: CardStore) -> FactTable:
    """The store's fact table, built once per store object."""
    with _LOCK:
        table = _TABLES.get(store)
        if table is None:
            table = _TABLES[store] = FactTable(store)
    return table


# -- a chunk of decks ------------------------------------------------------------------------------
class Item(NamedTuple):
    """One entry (companions.Placed): quantity, name as written, zone, source line."""

    quantity: int
    name: str
    zone: Zone
    line: int


Entries = Sequence[tuple[int, str, Zone, int]]  # (quantity, name, zone, line), as decklist.fast gives
Candidate = tuple[DeckId, str, FormatSpec]  # deck id, path (for findings), format
Rows = Callable[[tuple[Any, ...]], None]


@dataclass(slots=True)
class RowSink:
    """Where the rows go (batch.BatchRows' tables' ``add``; ``companions`` takes many decks' rows
    at once, as a block of columns: batch.Columns.add_block); ``breakers`` None: not wanted."""

    findings: Rows
    companions: Callable[[Sequence[Sequence[Any]]], None]
    breakers: Rows | None
    summary: Rows
    metadata: Rows  # a deck's ``// key: value`` lines (batch.METADATA_COLUMNS)


_MAIN, _SIDE, _COMMANDER, _COMPANION = Zone.MAIN, Zone.SIDEBOARD, Zone.COMMANDER, Zone.COMPANION
_MAYBE = Zone.MAYBEBOARD
_ZONE_TEXT: Final = {zone: str(zone) for zone in Zone}  # (a Breaker's and a Location's zone)
# positions in an entry tuple
_QUANTITY: Final = 0
_NAME: Final = 1
_ZONE: Final = 2
_LINE: Final = 3
_NO_CLASH: tuple[Item, ...] = ()
_NO_VERDICT = DeckVerdict()  # a condition that can never hold: nothing to cut or add
# Decks with this many copies or more (no real one) go to the engine: every count here stays exact
# in numpy's integer and float arithmetic.
_MAX_COPIES: Final = 1 << 39
assert _MAX_COPIES < QUANTITY_CAP  # the reader's arrays hold every quantity of a deck checked here
_N_ZONES = len(ZONE_ORDER)
# what a chunk does with a deck: engine, rows from arrays, messages too, rows from arrays with the
# notes on names read by folding or a face (its only findings)
_OUT, _QUIET, _REPORT, _NOTED = 0, 1, 2, 3
_RULE_NAMES = tuple(rule.name for rule in COMPANIONS)
_RULE_SHORTS = tuple(rule.short for rule in COMPANIONS)
# reasons a deck is handed to the engine that handed_over says more of, or names without a chunk
_NO_ENTRIES: Final = "no entries read"
_READ_WITH_DECK: Final = "a name the engine reads with the rest of its deck"
_DECK_LEVEL = [i for i, rule in enumerate(COMPANIONS) if rule.deck_check is not None]


_SEVERITY_TEXT: Final = {severity: str(severity) for severity in Severity}


def finding_row(deck_id: DeckId, f: Finding) -> tuple[Any, ...]:
    """A finding as a row of the findings table (batch.FINDING_COLUMNS)."""
    where = f.location
    return (
        deck_id,
        where.path,
        f.code,
        f.slug,
        _SEVERITY_TEXT[f.severity],
        f.message,
        f.card,
        where.line,
        where.section,
        f.rule,
    )


def summary_row(
    deck_id: DeckId,
    path: str,
    name: str | None,
    format_name: str | None,
    legal: bool | None,
    unknown_cards: int,
    counts: Sequence[int],
    zone_counts: tuple[int, int],
    commanders: Sequence[str],
    declared: Sequence[str],
    eligible: Sequence[str],
) -> tuple[Any, ...]:
    """A deck's row of the summary table (batch.SUMMARY_COLUMNS): ``counts`` its findings by
    severity (info, warning, error), ``zone_counts`` its main deck and sideboard sizes, the
    companions ``declared`` by name and ``eligible`` by short name. A text column with nothing to
    say (no format, commander or companion) is None, never "": one kind of missing in every table."""
    return (
        deck_id,
        path,
        name,
        format_name,
        legal,
        unknown_cards,
        counts[2],
        counts[1],
        counts[0],
        *zone_counts,
        " + ".join(commanders) if commanders else None,
        ", ".join(declared) if declared else None,
        ", ".join(eligible) if eligible else None,
        len(eligible),
    )


def check_decks(
    sink: RowSink,
    decks: Sequence[Candidate],
    entries: PlainDecks,
    table: FactTable,
    fallback: Callable[[int], None],
) -> int:
    """Add the rows the engine would give each deck to ``sink``, deck by deck in order; for a deck
    outside the lean path's scope (see the module docstring) call ``fallback(its index)`` at its place
    instead, so the caller can run the engine there. Deck i's entries are ``entries.entries(i)`` (as
    decklist.fast reads them; a deck not taken there has none and is handed back). Returns how many
    decks the lean path took."""
    if not decks:
        return 0
    if _judged_on_a_day(decks):
        for index in range(len(decks)):
            fallback(index)
        return 0
    with table.lock:
        chunk = _Chunk(decks, entries, table, breakers=sink.breakers is not None)
    taken: list[int] = []  # the decks taken since the last one handed back
    for index, state in enumerate(chunk.states):
        if state == _OUT:
            chunk.companion_rows(sink, taken)  # the companions table stays in deck order
            taken = []
            fallback(index)
            continue
        taken.append(index)
        if state == _QUIET:
            chunk.quiet_rows(sink, index)
        elif state == _NOTED:
            chunk.noted_rows(sink, index)
        else:
            chunk.report(sink, index)
    chunk.companion_rows(sink, taken)
    return sum(state != _OUT for state in chunk.states)


def _judged_on_a_day(decks: Sequence[Candidate]) -> bool:
    """Whether a deck's legality is judged on a day (deckcheck.history's): the chunk is the engine's."""
    return any(reads_history(spec.as_of) for _, _, spec in decks)


def handed_over(decks: Sequence[Candidate], entries: PlainDecks, table: FactTable) -> dict[int, str]:
    """Why :func:`check_decks` hands the decks it does not take to the engine: index -> the first
    reason its scope finds (what benchmarks/bench_realdecks.py breaks the real decks down by)."""
    if _judged_on_a_day(decks):
        return dict.fromkeys(range(len(decks)), "legality judged as of a day")
    with table.lock:
        chunk = _Chunk(decks, entries, table, breakers=False)
    found = {}
    for i, state in enumerate(chunk.states):
        if state == _OUT:
            why = found[i] = chunk.why.get(i, _NO_ENTRIES)
            if why == _READ_WITH_DECK:  # which name, and why the engine reads it so
                start, end = entries.starts[i], entries.starts[i + 1]
                codes, name_ids = chunk.codes[start:end], entries.name_ids[start:end].tolist()
                name = next(entries.names[n] for code, n in zip(codes, name_ids, strict=True) if code == -1)
                found[i] = _read_with_deck(name, table.store)
    return found


def _read_with_deck(name: str, store: CardStore) -> str:
    """Why the engine reads this name with the rest of its deck (engine.read_alone)."""
    resolution = store.resolve(name, suggest=False)
    if resolution.match == "printed":
        return "a localized printed name"
    other = store.non_deck_card(resolution.query)
    if other is not None:
        return f"a card no deck holds named in it ({other.kind}, {resolution.match} as a deck's card)"
    return f"a name a number may lead ({resolution.match} as a card's)"


def check_entries(
    sink: RowSink, deck_id: DeckId, path: str, entries: Entries, spec: FormatSpec, table: FactTable
) -> bool:
    """One deck: :func:`check_decks` of a chunk of one. False (nothing added) when the deck is
    outside the lean path's scope."""
    columns = PlainDecks.of([entries])
    handed_back: list[int] = []
    check_decks(sink, [(deck_id, path, spec)], columns, table, handed_back.append)
    return not handed_back


class _Chunk:
    """A chunk of decks as entry arrays, and every rule over them at once. Afterwards ``states``
    says, per deck, whether it is out of scope, quiet (no finding: its rows come from the arrays) or
    has something to report (:meth:`report` writes its messages)."""

    def __init__(
        self, decks: Sequence[Candidate], columns: PlainDecks, table: FactTable, *, breakers: bool
    ) -> None:
        self.decks, self.columns, self.table = decks, columns, table
        n = self.n = len(decks)
        bounds = np.array(columns.starts, dtype=np.int64)
        lengths = np.diff(bounds)
        self.starts = bounds[:-1]
        self.states = [_OUT] * n
        # why each deck handed to the engine is (the first reason found; benchmarks break them down)
        self.why: dict[int, str] = {}
        if not len(columns.name_ids):
            self.codes: list[int] = []
            return
        c = table.codes_of(columns.name_ids, columns.names)
        d = np.repeat(np.arange(n), lengths)
        # decks with a name read by folding or by a face: their cards' codes, their notes later
        self.renamed = np.zeros(n, dtype=bool)
        self.renamed_at: dict[int, list[int]] = {}  # such a deck -> those entries' positions, in order
        out = self._out = np.zeros(n, dtype=bool)  # the decks handed to the engine (:meth:`_hand_over`)
        self._hand_over(lengths == 0, _NO_ENTRIES)
        # a deck whose file was not read in full, or a line of it: the engine says what that
        # leaves undecided (engine.unread_part)
        for i, problems in enumerate(columns.problems):
            if problems and engine.read_in_part(problems):
                self._hand_over_deck(i, "a file or a line of it not read")
        # decks judged for a day the card data does not vouch for (dated after it, or undated and
        # checked long after it): their legality findings are withheld (reported decks)
        self.stale: dict[int, unresolved.DataAge] = {}
        undated: dict[int, unresolved.DataAge | None] = {}  # id(spec) -> what its undated decks get
        for i, metadata in enumerate(columns.metadata):
            spec = decks[i][2]
            if metadata:
                stale = engine.legality_out_of_date(metadata, spec, table.store)
            else:  # the same answer for every undated deck of a format: asked once
                if id(spec) not in undated:
                    undated[id(spec)] = engine.legality_out_of_date({}, spec, table.store)
                stale = undated[id(spec)]
            if stale is not None and stale.deck_day is None:  # a date that names no day: the engine
                # names its line (the batch reader keeps no metadata lines)
                self._hand_over_deck(i, "a date that names no day for certain")
            elif stale is not None:
                self.stale[i] = stale
        z = columns.zones
        # the command zone's entries, known or not: a deck with none or more than two, with two
        # where the format's pairs are not settled (or it allows one), or with one outside a
        # Commander format, is the engine's (its names are left for the engine to resolve)
        specs = self.formats = companion_arrays.DeckFormats.of([spec for *_, spec in decks])
        commander = specs.per_deck(lambda spec: spec.commander, bool)
        is_commander = z == companion_arrays.COMMANDER
        n_commanders = per_deck(d[is_commander], n)
        # an Oathbreaker deck (its command zone an Oathbreaker and its Signature Spell, its sideboard
        # possibly both, as XMage writes them): the engine's (rules.commander.check_oathbreakers)
        self._hand_over(
            specs.per_deck(lambda s: s.commander_cards == OATHBREAKER_COMMANDERS, bool), "an Oathbreaker deck"
        )
        # a format whose card pool names sets the card data knows no card of, or only in part
        # (released after its printings' day): the engine's, which names them (engine.with_card_data)
        self._hand_over(
            specs.per_deck(lambda s: engine.with_card_data(s, table.store) is not s, bool),
            "a card pool naming sets the card data does not know in full",
        )
        self._hand_over(commander & (n_commanders == 0), "no commander marked")
        self._hand_over(commander & (n_commanders > 2), "more than two commanders")
        pairs_lead = specs.per_deck(lambda s: s.max_commanders >= 2 and s.commander_pairs_known, bool)
        self._hand_over(
            commander & (n_commanders == 2) & ~pairs_lead, "two commanders where pairs may not lead"
        )
        self._hand_over(
            commander & specs.per_deck(lambda s: s.max_commanders < 1, bool), "a format of no commander"
        )
        self._hand_over(~commander & (n_commanders > 0), "a command zone outside Commander")  # (DC105)
        if (c < 0).any():
            c = self._resolve(c, d, bounds)
            # a line with no count that names no card may be no card at all: what that leaves
            # open of a count is the engine's to say (unresolved.uncertain_copies; rare)
            for i, positions in enumerate(columns.uncounted):
                if positions:
                    at = self.starts[i] + np.array(positions, dtype=np.int64)
                    if ((c[at] == UNRESOLVED) & (z[at] != companion_arrays.MAYBEBOARD)).any():
                        self._hand_over_deck(i, "a line with no count that names no card")
        self.codes = c.tolist()
        q = np.minimum(columns.quantities, _MAX_COPIES)
        entry = np.arange(len(c))  # each entry's index in ``codes`` (kept through the filters below)

        # -- scope (fastcheck's reach; the rest goes to the engine) --------------------------------
        # a name read other than exactly, by folding or a face, or as no card; a card the data does
        # not know as a companion, or as one of several copies of a commander. (The maybeboard is
        # in: its names are read and noted as the engine reads them, and no rule counts it. So are
        # entries without a source line, as an event document's: the engine reports them in its
        # own order, which this one keeps. A commander the data does not know is still the
        # commander: its rules say what they could not verify.)
        unknown = c == UNRESOLVED
        maybe = z == companion_arrays.MAYBEBOARD
        self._hand_over_entries(d, (c < 0) & ~unknown, _READ_WITH_DECK)
        self._hand_over_entries(d, unknown & (z == companion_arrays.COMPANION), "an unknown companion")
        self._hand_over_entries(d, unknown & is_commander & (q != 1), "copies of an unknown commander")
        n_unknown_leaders = per_deck(d[unknown & is_commander], n)
        unknown_leader = n_unknown_leaders > 0
        # a partner pair is taken when the data knows both commanders or neither (the engine judges a
        # known one beside an unknown one by what no card could be: commander._joined_by_none, and a
        # colour identity known in part)
        self._hand_over(
            (n_commanders == 2) & (n_unknown_leaders == 1), "a known commander beside an unknown one"
        )
        total = np.zeros(n, dtype=np.int64)
        total[lengths > 0] = np.add.reduceat(q, self.starts[lengths > 0])
        self._hand_over(total >= _MAX_COPIES, "copies beyond exact arithmetic")
        # the entries the data does not know: they count toward sizes, copies and Yorion, and
        # leave open what they could break (deckcheck.unresolved); each such deck is reported
        self.unknown_at: dict[int, list[int]] = {}
        u = np.flatnonzero(unknown & ~out[d])
        if len(u):
            self.unknown_at = self._positions(unknown & ~out[d], d, entry)
            name_ids = columns.name_ids[u]
            key_of: dict[str, int] = {}
            written = {
                name_id: key_of.setdefault(unresolved.written_key(columns.names[name_id]), len(key_of))
                for name_id in np.unique(name_ids).tolist()
            }
            unknown_name = np.array([written[i] for i in name_ids.tolist()], dtype=np.int64)
            # by written name, the cards it may be (Lutri's kin: companions.lutri_kin)
            may_be: list[dict[str, None]] = [{} for _ in key_of]
            for name_id, code in written.items():
                may_be[code].update(dict.fromkeys(table.may_be(columns.names[name_id])))
            self.unknown = companion_arrays.UnknownEntries(
                d[u], z[u], q[u], unknown_name, may_be=[tuple(cards) for cards in may_be]
            )
        else:
            self.unknown = companion_arrays.UnknownEntries.none()
        d, c, z, q, entry = _keep(~out[d] & ~unknown & ~maybe, d, c, z, q, entry)
        arrays = table.arrays
        arrays.ready()
        # a conspiracy card where no deck holds one: the engine reads it outside the deck (DC018)
        conspiracy = type_bits().get(engine.CONSPIRACY)
        if conspiracy is not None:
            free = np.isin(z, [ZONE_CODE[zone] for zone in engine.CONSPIRACY_FREE_ZONES])
            held = ((arrays.type_mask[c] >> conspiracy) & 1).astype(bool) & free
            self._hand_over_entries(d, held, "a conspiracy outside the sideboard")
        # the commanders the data knows (one, or a pair), in decks whose every commander it knows:
        # their entries picked first, so each card array is read at those few entries, not at all
        at = np.flatnonzero(z == companion_arrays.COMMANDER)  # (the known ones)
        lead_at = at[(commander & ~out & ~unknown_leader)[d[at]]]
        lead_d, lead_c = d[lead_at], c[lead_at]
        self._hand_over_entries(lead_d, q[lead_at] != 1, "copies of the commander")
        self._hand_over_entries(
            lead_d, arrays.chooses_colour[lead_c], "a commander of a chosen colour"
        )  # DC309
        self._hand_over_entries(lead_d, arrays.ability[lead_c], "a companion as commander")  # DC403
        self._hand_over_entries(  # Brawl's colourless-commander basics (DC308)
            lead_d,
            (arrays.identity[lead_c] == 0)
            & specs.per_deck(lambda s: s.colourless_basic_exception, bool)[lead_d],
            "a colourless Brawl commander",
        )
        # each deck's first commander card the data knows, and its second (a pair), -1 for none
        has_first, first = np.unique(d[at], return_index=True)
        self.commander_card = np.full(n, -1, dtype=np.intp)
        self.commander_card[has_first] = c[at[first]]
        second = np.delete(at, first)
        partner_card = np.full(n, -1, dtype=np.intp)
        partner_card[d[second]] = c[second]
        self._hand_over(
            (partner_card >= 0) & (partner_card == self.commander_card), "one commander listed twice"
        )
        paired = commander & (n_commanders == 2)  # (reported: the pair's own rules speak of it)
        # a commander that leads only since Edge of Eternities, in a deck judged for a day it may not
        # have: the engine's (rules.commander.dated_vehicle_finding; few decks)
        for i in np.unique(lead_d[arrays.leads_by_vehicle[lead_c]]).tolist():
            spec = decks[i][2]
            if spec.commander_cards == LEGENDARY_COMMANDERS and not commander_rules.vehicles_lead_on(
                columns.metadata[i] or {}, spec.as_of
            ):
                self._hand_over_deck(i, "a Vehicle or Spacecraft commander of a day before it may lead")
        is_zone = z == companion_arrays.COMPANION
        n_listed = per_deck(d[is_zone], n)
        self._hand_over(n_listed > 1, "several companions listed")  # (DC402)
        listed = (n_listed == 1) & ~out
        at = np.full(n, -1, dtype=np.intp)
        at[d[is_zone]] = np.flatnonzero(is_zone)
        self._hand_over_some(listed, q[at[listed]] != 1, "copies of a listed companion")  # (DC402)
        self._hand_over_some(
            listed, arrays.rule_index[c[at[listed]]] < 0, "a listed companion not of the ten"
        )
        # a card with a companion ability (one of the ten or not) in a Commander sideboard, beside a
        # listed one or not (DC403), or alone there: the engine may read it as the companion (DC106)
        if commander.any():
            side_at = np.flatnonzero(z == companion_arrays.SIDEBOARD)
            side_at = side_at[commander[d[side_at]]]
            side_c = c[side_at]
            self._hand_over_entries(
                d[side_at],
                (arrays.rule_index[side_c] >= 0) | arrays.ability[side_c],
                "a companion in a Commander sideboard",
            )
        d, c, z, q, entry = _keep(~out[d], d, c, z, q, entry)

        # -- the ten companions ------------------------------------------------------------------
        kept, unknown_entries = ~out[self.unknown.d], self.unknown
        if not kept.all():
            self.unknown = companion_arrays.UnknownEntries(
                unknown_entries.d[kept],
                unknown_entries.z[kept],
                unknown_entries.q[kept],
                unknown_entries.name[kept],
                may_be=unknown_entries.may_be,
            )
        legality_open = np.zeros(n, dtype=bool)
        legality_open[list(self.stale)] = True
        result = self.result = companion_arrays.evaluate(
            d, c, z, q, n, arrays, specs, table.card, self.unknown, legality_open
        )

        # what a summary row reads of the companion table, as Python values (one conversion)
        self.eligible_lists, self.declared_lists = result.eligible.tolist(), result.declared.tolist()

        # -- format rules (rules.check_deck): which decks, and which of their cards, to report ----
        # decks with a card the data knows outside the maybeboard (legality speaks of such decks)
        self.has_known: list[bool] = (per_deck(d, n) > 0).tolist()
        self.counts = np.bincount(d * _N_ZONES + z, weights=q, minlength=n * _N_ZONES).reshape(n, _N_ZONES)
        # by deck: copies the data does not know in the zones that count (Report.unknown_cards), and
        # whether there are any (the verdict waits on them; the maybeboard's decide nothing)
        self.unknown_copies: list[int] = [0] * n
        self.unknown_counted: list[bool] = [False] * n
        if len(self.unknown.d):
            ud, uq, uz = self.unknown.d, self.unknown.q, self.unknown.z
            self.counts = self.counts + np.bincount(
                ud * _N_ZONES + uz, weights=uq, minlength=n * _N_ZONES
            ).reshape(n, _N_ZONES)
            counted = uz != companion_arrays.MAYBEBOARD
            self.unknown_copies = per_deck(ud[counted], n, uq[counted]).astype(np.int64).tolist()
            self.unknown_counted = (per_deck(ud[counted], n) > 0).tolist()
        # each family's array screen (deckcheck.rules): entries whose card may have a finding,
        # decks whose commander can't be one
        chunk = Chunk(d, c, z, q, n, arrays, specs, commander)
        reported, self.no_key = legality.screen(chunk, result.key_of, table.codes)
        reported |= sizes.copies_screen(chunk)
        if commander.any():  # (a pair's first commander: its identity is within the pair's)
            reported |= commander_rules.identity_screen(chunk, self.commander_card)
        to_report = (per_deck(d[reported], n) > 0) | self.no_key
        to_report |= commander_rules.leader_screen(chunk, self.commander_card, result.key_of)
        to_report |= (
            result.declared.any(axis=1)
            | result.eligible.any(axis=1)
            | (result.near_miss & ~result.obstacle).any(axis=1)
        )
        if breakers:
            to_report |= (result.breakers > 0).any(axis=1)
        self.counts_list: list[list[int]] = self.counts.astype(np.int64).tolist()
        quiet = np.flatnonzero(~out & ~to_report).tolist()
        fitting = sizes.size_screen((decks[i][2], self.counts_list[i]) for i in quiet)
        for i, fits in zip(quiet, fitting, strict=True):
            self.states[i] = (_NOTED if self.renamed[i] else _QUIET) if fits else _REPORT
        for i in np.flatnonzero(~out & to_report).tolist():
            self.states[i] = _REPORT
        # (a finding says what was not verified; a pair's rules are not screened)
        for i in [*self.stale, *self.unknown_at, *np.flatnonzero(paired).tolist()]:
            if not out[i]:
                self.states[i] = _REPORT
        for i, (problems, unchecked) in enumerate(zip(columns.problems, columns.unchecked, strict=True)):
            # what the reader said is a finding too, and so is a zone whose names are not looked up
            if (problems or unchecked) and self.states[i] == _QUIET:
                self.states[i] = _NOTED
        # what a reported deck's messages need, by deck: positions whose card may have a finding;
        # positions outside the main deck or with a companion's name; per companion whose result
        # is shown, the positions of the card-level breakers
        is_reported = np.array(self.states, dtype=np.int8) == _REPORT
        of_reported = is_reported[d]
        self.reported = self._positions(reported & of_reported, d, entry)
        # the commander; the entries that may declare a companion (under Companion, or in a
        # constructed sideboard); the starting deck's cards with a companion's name
        self.commander_at = self._positions(of_reported & (z == companion_arrays.COMMANDER), d, entry)
        declaring = (z == companion_arrays.COMPANION) | ((z == companion_arrays.SIDEBOARD) & ~commander[d])
        self.declaring = self._positions(of_reported & declaring & (arrays.rule_index[c] >= 0), d, entry)
        starting = (z == companion_arrays.MAIN) | (z == companion_arrays.COMMANDER)  # (STARTING_ZONES)
        named = of_reported & starting & arrays.has_named[c]
        self.named_at = self._positions(named, d, entry)
        shown = result.declared | result.eligible | result.near_miss
        if breakers:
            shown |= result.breakers > 0
        shown &= is_reported[:, None]
        self.shown: dict[int, list[int]] = {}  # reported deck -> the companions whose result is shown
        for deck, r in zip(*(axis.tolist() for axis in np.nonzero(shown)), strict=True):
            self.shown.setdefault(deck, []).append(r)
        shown[:, _DECK_LEVEL] = False  # their breakers come from the condition itself
        hit, companion = np.nonzero(result.breaking & shown[d])
        self.breaking: dict[tuple[int, int], list[int]] = {}
        for deck, r, position in zip(
            d[hit].tolist(), companion.tolist(), (entry[hit] - self.starts[d[hit]]).tolist(), strict=True
        ):
            self.breaking.setdefault((deck, r), []).append(position)

    def _resolve(self, c: Any, d: Any, bounds: Any) -> Any:
        """Codes for the entries whose name is no exact oracle name but one the store's resolver
        reads as one card (FactTable.resolved), or :data:`UNRESOLVED` for one it reads as no card;
        the decks that write one card two ways, one of them so, are handed over (the engine names
        such a card by the first way in its order after placement: kept the engine's)."""
        table, name_ids = self.table, self.columns.name_ids
        missing = np.flatnonzero((c < 0) & ~self._out[d])  # (a deck out already: the engine resolves it)
        names = self.columns.names
        distinct = np.unique(name_ids[missing]).tolist()
        table.resolve_ahead(names[name_id] for name_id in distinct)
        code_of = {name_id: table.resolved(names[name_id])[0] for name_id in distinct}
        # the did-you-means of the names of no card, which every such entry's finding names, one
        # after another while the names index is in the processor's caches (asked for between a
        # deck's messages, each search finds it evicted); the store remembers them
        unknown = [names[name_id] for name_id, code in code_of.items() if code == UNRESOLVED]
        for name in unknown:
            table.unresolved(name)
        table.store.unaccented_ahead(unknown)  # (what their findings offer besides: unknown_note)
        found = np.array([code_of[i] for i in name_ids[missing].tolist()], dtype=c.dtype)
        c = c.copy()
        c[missing] = found
        if not (found >= 0).any():
            return c
        at = missing[found >= 0]
        self.renamed[d[at]] = True
        for deck, position in zip(d[at].tolist(), (at - bounds[d[at]]).tolist(), strict=True):
            self.renamed_at.setdefault(deck, []).append(position)
        for i in np.flatnonzero(self.renamed).tolist():
            first, end = int(bounds[i]), int(bounds[i + 1])
            written: dict[int, int] = {}  # code -> name id
            for code, name_id in zip(c[first:end].tolist(), name_ids[first:end].tolist(), strict=True):
                if code >= 0 and written.setdefault(code, name_id) != name_id:
                    self._hand_over_deck(i, "a card written two ways")
                    break
        return c

    def _hand_over(self, decks: Any, reason: str) -> None:
        """Hand the decks ``decks`` (n,) selects to the engine, for ``reason`` unless one was found
        already."""
        new = decks & ~self._out
        if new.any():
            self.why.update(dict.fromkeys(np.flatnonzero(new).tolist(), reason))
            self._out |= new

    def _hand_over_some(self, among: Any, decks: Any, reason: str) -> None:
        """:meth:`_hand_over` of the decks ``decks`` selects among those ``among`` selects."""
        if decks.any():
            selected = np.zeros(self.n, dtype=bool)
            selected[np.flatnonzero(among)[decks]] = True
            self._hand_over(selected, reason)

    def _hand_over_entries(self, d: Any, entries: Any, reason: str) -> None:
        """:meth:`_hand_over` of the decks that hold an entry ``entries`` selects (``d``: the entries'
        decks)."""
        if entries.any():
            self._hand_over(per_deck(d[entries], self.n) > 0, reason)

    def _hand_over_deck(self, index: int, reason: str) -> None:
        if not self._out[index]:
            self._out[index] = True
            self.why[index] = reason

    def _positions(self, mask: Any, d: Any, entry: Any) -> dict[int, list[int]]:
        """Deck -> the positions (in its entries, in order) of the entries ``mask`` selects."""
        found: dict[int, list[int]] = {}
        hits = np.flatnonzero(mask)
        for deck, position in zip(
            d[hits].tolist(), (entry[hits] - self.starts[d[hits]]).tolist(), strict=True
        ):
            found.setdefault(deck, []).append(position)
        return found

    # -- rows ---------------------------------------------------------------------------------------
    def quiet_rows(self, sink: RowSink, index: int) -> None:
        """A deck without findings: its rows straight from the arrays."""
        self._array_rows(sink, index, [])

    def noted_rows(self, sink: RowSink, index: int) -> None:
        """A deck whose only findings are what its reader said of it and the notes on its names
        read by folding or a face, or not looked up."""
        deck = _Deck(self, index)
        notes = self.read_findings(index) + deck.resolution_notes() + self.unchecked_notes(index)
        if deck.written is not None:
            notes = deck.written_names(notes)
        notes.sort(key=report_order)
        self._array_rows(sink, index, notes)

    def read_findings(self, index: int) -> list[Finding]:
        """The findings of what the deck's reader reported (engine.check_parsed's first ones)."""
        problems = self.columns.problems[index]
        if not problems:
            return []
        return engine.web_address_suggestions(self.decks[index][1], problems, self.table.store)

    def unchecked_notes(self, index: int) -> list[Finding]:
        """engine.resolve_deck's last findings: a note for each zone whose names are not looked up
        (tokens, planes: PlainDecks.unchecked), in the order the zones first appear."""
        apart = self.columns.unchecked[index]
        if not apart:
            return []
        zones: dict[str, tuple[str, list[Item]]] = {}
        for quantity, name, line, tag, kind in apart:
            zones.setdefault(tag, (kind, []))[1].append(Item(quantity, name, _MAYBE, line))
        path = self.decks[index][1]
        return [engine.unchecked_zone_note(path, tag, kind, items) for tag, (kind, items) in zones.items()]

    def _array_rows(self, sink: RowSink, index: int, notes: list[Finding]) -> None:
        """A deck without rule findings: its rows from the arrays, ``notes`` its only findings."""
        commander = self.commander_card[index]
        self._rows(
            sink,
            index,
            notes,
            {},
            () if commander < 0 else (self.table.arrays.cards[commander].name,),
        )

    def companion_rows(self, sink: RowSink, decks: list[int]) -> None:
        """The companions table's rows of these decks (ten each, in table order), as one block."""
        if not decks:
            return
        result = self.result
        ids = [self.decks[index][0] for index in decks]
        eligible: Sequence[bool | None] = result.eligible[decks].ravel()
        undetermined = result.undetermined[decks].ravel()
        if undetermined.any():  # (CompanionResult.eligible None: unknown cards could break it)
            eligible = [
                None if open_ else value
                for value, open_ in zip(cast(Any, eligible).tolist(), undetermined.tolist(), strict=True)
            ]
        sink.companions(
            (
                [deck_id for deck_id in ids for _ in _RULE_NAMES],
                _RULE_NAMES * len(decks),
                eligible,
                *(
                    table[decks].ravel()
                    for table in (result.declared, result.breakers, result.cut, result.add, result.near_miss)
                ),
            )
        )

    def report(self, sink: RowSink, index: int) -> None:
        """A deck with findings: the engine's messages, from its entries and the chunk's numbers."""
        deck = _Deck(self, index)
        notes = deck.resolution_notes() if deck.written is not None or deck.unknown else []
        findings = (
            self.read_findings(index)
            + notes
            + self.unchecked_notes(index)
            + deck.format_findings(
                {deck.entries[p][_NAME] for p in self.reported.get(index, ())}, bool(self.no_key[index])
            )
        )
        stale = self.stale.get(index)
        if stale is not None:  # (the notes have no legality finding to withhold)
            findings = engine.withheld_legality(deck.path, deck.spec, findings, stale)
        results = deck.companion_results(findings, self.shown.get(index, ()))
        if deck.written is not None:
            findings = deck.written_names(findings)
        findings.sort(key=report_order)
        self._rows(sink, index, findings, results, [deck.fact(p).name for p in deck.commanders])

    def _rows(
        self,
        sink: RowSink,
        index: int,
        findings: list[Finding],
        results: dict[int, _Result],
        commanders: Sequence[str],
    ) -> None:
        """A deck's rows (batch.add_report's): findings, the ten companions from the arrays, their
        breakers from the full ``results``, the summary."""
        deck_id, path, spec = self.decks[index]
        counts = [0, 0, 0]  # info, warning, error
        for f in findings:
            counts[int(f.severity)] += 1
            sink.findings(finding_row(deck_id, f))
        eligible, declared = self.eligible_lists[index], self.declared_lists[index]
        if sink.breakers is not None:
            breakers = self.result.breakers[index]
            for i, shown in results.items():
                if breakers[i]:
                    for b in shown.full().breakers:
                        sink.breakers((deck_id, _RULE_NAMES[i], b.card, b.quantity, b.zone, b.line, b.reason))
        zone_counts = self.counts_list[index]
        eligible_names = (
            [short for short, yes in zip(_RULE_SHORTS, eligible, strict=True) if yes]
            if True in eligible
            else []
        )
        declared_names = (
            [name for name, yes in zip(_RULE_NAMES, declared, strict=True) if yes] if True in declared else []
        )
        sink.summary(
            summary_row(
                deck_id,
                path,
                self.columns.deck_names[index],
                spec.name,
                engine.LEGAL_OF_STATUS[
                    engine.deck_status(
                        findings, unresolved=self.unknown_counted[index], inferred=spec.inferred
                    )
                ],
                self.unknown_copies[index],
                counts,
                (zone_counts[ZONE_CODE[_MAIN]], zone_counts[ZONE_CODE[_SIDE]]),
                commanders,
                declared_names,
                eligible_names,
            )
        )
        for key, value in self.columns.metadata[index].items():
            sink.metadata((deck_id, key, value))


def _keep(mask: Any, *columns: Any) -> tuple[Any, ...]:
    """The entry columns without the entries of decks now out of scope."""
    if mask.all():
        return columns
    return tuple(column[mask] for column in columns)


# -- one deck's messages -----------------------------------------------------------------------------
class _Deck:
    """One in-scope deck with something to report: its entries with their facts, grouped, and the
    findings in the engine's order (rules.check_deck, then companions.companion_findings), from
    the numbers the chunk computed."""

    def __init__(self, chunk: _Chunk, index: int) -> None:
        _, path, spec = chunk.decks[index]
        entries = chunk.columns.entries(index)
        assert entries is not None  # a deck in scope was read
        self.path, self.entries, self.spec, self.table = path, entries, spec, chunk.table
        self.index, self.chunk = index, chunk
        cards = chunk.table.arrays.cards
        self._cards, self._codes, self._start = cards, chunk.codes, int(chunk.starts[index])
        # the facts objects made so far, by code (a store's are made when first asked for)
        self._made = cards.made if isinstance(cards, StoredFacts) else cards
        # a deck with names read by folding or a face: the entries as written; ``entries`` then
        # name each card by its oracle name, as the engine's rules do (DeckCard.card.name)
        self.written: list[tuple[int, str, Zone, int]] | None = None
        self.renamed: list[int] = chunk.renamed_at.get(index, [])
        if self.renamed:
            self.written = entries
            self.entries = entries = list(entries)
            for pos in self.renamed:
                quantity, _, zone, line = entries[pos]
                entries[pos] = (quantity, self.fact(pos).name, zone, line)
        counts = chunk.counts_list[index]
        self.counts = {zone: counts[ZONE_CODE[zone]] for zone in (_MAIN, _SIDE, _COMMANDER, _COMPANION)}
        key = int(chunk.result.key_of[index])
        self.key = spec.legality_candidates[key] if key >= 0 else None  # legality.legality_key_for's
        # the data's legalities do not describe the day the deck is judged for (engine.check_deck)
        self.legality_open = self.key is not None and index in chunk.stale
        self.commanders = chunk.commander_at.get(index, [])  # (one or a pair: the scope's)
        self._counted: list[companions.Counted] | None = None
        # the scope (the chunk's) leaves one companion under Companion, of the ten, or the
        # sideboard's (outside Commander): declared by companion index -> the entry's position
        declaring = chunk.declaring.get(index, ())
        listed = [(self.fact(p).rule_index, p) for p in declaring if entries[p][_ZONE] is _COMPANION]
        self.declared, self.from_sideboard = companions.declarations(
            listed,
            [(self.fact(p).rule_index, p) for p in declaring if entries[p][_ZONE] is _SIDE],
            zone_used=bool(listed),
            commander=spec.commander,
        )
        # the starting deck's cards with a companion's name, by name, in deck order
        self.named_cards: dict[str, list[int]] = {}
        for pos in chunk.named_at.get(index, ()):
            self.named_cards.setdefault(entries[pos][_NAME], []).append(pos)
        # the entries whose names the data does not know (Deck.unresolved), in deck order
        self.unknown: list[Item] = [Item(*entries[p]) for p in chunk.unknown_at.get(index, ())]

    def unknown_in(self, *zones: Zone) -> list[Item]:
        """The unknown entries in these zones (Deck.unresolved_in)."""
        return [e for e in self.unknown if e.zone in zones]

    def unknown_start(self) -> list[Item]:
        """The starting deck's unknown entries (Deck.unresolved_start: in Commander, the commander's
        too)."""
        return self.unknown_in(*STARTING_ZONES)

    def resolution_notes(self) -> list[Finding]:
        """engine.resolve_deck's findings, in deck order: the note for each entry whose name was
        read by folding or a face (engine.resolution_finding), the error for each one read as no
        card (engine.unresolved_finding; the warning in the maybeboard)."""
        notes = []
        unknown = self.chunk.unknown_at.get(self.index, [])
        for pos in sorted(self.renamed + unknown) if unknown else self.renamed:
            name = (self.entries if self.written is None else self.written)[pos][_NAME]
            code, resolution = self.table.resolved(name)
            assert resolution is not None  # the chunk coded it so
            if code == UNRESOLVED:
                counted = self.entries[pos][_ZONE] is not _MAYBE
                notes.append(self.table.unknown_note(name, self.where(pos), counted=counted))
                continue
            note = engine.resolution_finding(name, resolution, self.where(pos))
            if note is not None:
                notes.append(note)
        return notes

    def written_names(self, findings: list[Finding]) -> list[Finding]:
        """The findings naming each card as written (engine.with_written_names; the entries not
        renamed are written as their oracle name)."""
        written, entries = self.written, self.entries
        assert written is not None
        return engine.with_written_names(
            findings, ((written[p][_NAME], entries[p][_NAME]) for p in self.renamed)
        )

    def fact(self, pos: int) -> CardFacts:
        """The facts of the card at this position."""
        code = self._codes[self._start + pos]
        return self._made[code] or self._cards[code]

    def groups(self, names: Collection[str]) -> dict[str, list[int]]:
        """Each of these cards' positions (a card's entries: CR 100.2a, by name; the maybeboard,
        which no rule counts, left out), the cards in order of first appearance."""
        found: dict[str, list[int]] = {}
        for pos, entry in enumerate(self.entries):
            if entry[_NAME] in names and entry[_ZONE] is not _MAYBE:
                found.setdefault(entry[_NAME], []).append(pos)
        return found

    def breakers_of(self, rule: int) -> list[int]:
        """The positions of the entries that break a card-level condition (the chunk kept them for
        every companion whose result is shown)."""
        return self.chunk.breaking.get((self.index, rule), [])

    def where(self, pos: int) -> Location:
        entry = self.entries[pos]
        return Location(self.path, entry[_LINE], _ZONE_TEXT[entry[_ZONE]])

    # -- format rules (rules.check_deck) --------------------------------------------------------
    def format_findings(self, reported: set[str], no_key: bool) -> list[Finding]:
        """rules.check_deck's findings, in its order (zones are in scope already); ``reported``:
        the cards that may have a legality, copies or colour-identity finding."""
        spec, path = self.spec, self.path
        findings = self._sizes()
        pool, copies, colours = self._card_findings(reported, no_key)
        findings += copies
        if self.unknown:
            findings += sizes.unknown_copies_findings(path, self.unknown_in(*sizes.copy_zones(spec)), spec)
        findings += pool
        if spec.commander:
            findings += self._commander()
            if not self.commanders:  # (no card's identity is checked against an unknown commander)
                findings += commander_rules.unknown_leaders_identity_findings(
                    path, self.unknown_in(_COMMANDER)
                )
            else:
                findings += colours
                if self.unknown:
                    findings += commander_rules.unknown_identity_findings(
                        path, self.unknown_in(_MAIN), self.commander_identity()
                    )
        return findings

    def commander_identity(self) -> frozenset[str]:
        """The commanders' combined colour identity (rules.commander.combined_identity)."""
        return commander_rules.combined_identity(self.fact(p).color_identity for p in self.commanders)

    def _card_findings(
        self, reported: set[str], no_key: bool
    ) -> tuple[list[Finding], list[Finding], list[Finding]]:
        """The per-card decisions (the rule families' own: legality.card_legality, sizes.card_copies,
        commander.identity_findings) for the cards the chunk's screens found something for:
        legality (all zones), copies (the zones the format counts), colour identity (the main
        deck, Commander)."""
        spec, path, key = self.spec, self.path, self.key
        pool: list[Finding] = []
        copies: list[Finding] = []
        colours: list[Finding] = []
        # (legality.check_legality's order: no key, the unknown cards, each card's; a deck of
        # unknown cards alone has no key to miss; the maybeboard counts for neither)
        if no_key and self.chunk.has_known[self.index]:
            pool.append(legality.no_legality_data_finding(path, spec))
        unknown = self.unknown_in(*ALL_ZONES) if self.unknown else []
        if unknown and spec.legality_candidates:
            pool.append(legality.unknown_cards_finding(path, spec, unknown))
        if not reported:
            return pool, copies, colours
        copy_zones = sizes.copy_zones(spec) if spec.copy_limit is not None else None
        by_legality = key is not None or not spec.legality_candidates  # (no key: the format's own list)
        identity = self.commander_identity() if spec.commander and self.commanders else None
        for name, group in self.groups(reported).items():
            card = self.fact(group[0])
            placed = self.placed(group)
            restricted = False
            if by_legality:
                listed = legality.facts_listed(card, key, spec) if key is not None else "legal"
                # (a deck whose legality is withheld gets only what the note names of the finding)
                finding = legality.card_legality(
                    path, name, placed, listed, key, spec, withheld=self.legality_open
                )
                if finding is not None:
                    pool.append(finding)
                    # one finding per card: the restricted-list one is stricter (rules.check_deck)
                    restricted = finding.code == legality.RESTRICTED.code
            copied = (
                [item for item in placed if item.zone in copy_zones] if copy_zones and not restricted else []
            )
            if copied:
                finding = sizes.card_copies(
                    path, name, copied, card.is_basic_land, (card.own_limit, card.limit), spec
                )
                if finding is not None:
                    copies.append(finding)
            main = [item for item in placed if item.zone is _MAIN] if identity is not None else []
            if main and identity is not None:
                colours += commander_rules.identity_findings(
                    path,
                    name,
                    main,
                    card.color_identity,
                    card.basic_land_types,
                    card.is_basic_land,
                    identity,
                    spec,
                )
        return pool, copies, colours

    def _sizes(self) -> list[Finding]:
        spec, counts, entries = self.spec, self.counts, self.entries
        zones = sizes.sideboard_zones(spec)
        sideboard = sum(counts[zone] for zone in zones)
        return sizes.size_findings(
            self.path,
            spec,
            counts[_MAIN],
            counts[_COMMANDER],
            counts[_COMPANION],
            sideboard,
            lambda: self.placed([p for p, entry in enumerate(entries) if entry[_ZONE] in zones]),
            companions_in_main=lambda: [
                (entry[_QUANTITY], entry[_NAME])
                for entry in entries
                if entry[_ZONE] is _MAIN and entry[_NAME] in companions.COMPANION_NAMES
            ],
        )

    def placed(self, group: list[int]) -> list[Item]:
        """The entries at these positions, as the rules' message builders read them."""
        return [Item(*self.entries[p]) for p in group]

    def _commander(self) -> list[Finding]:
        if not self.commanders:  # (the scope's commander, or pair, is one the data does not know)
            return commander_rules.unknown_commander_findings(
                self.path, (), self.unknown_in(_COMMANDER), self.spec
            )
        # rules.commander.check_commanders, for one commander or a pair the data knows (the scope's)
        spec, key, commanders = self.spec, self.key, self.commanders
        pair = len(commanders) == 2
        findings = []
        for pos in commanders:
            card, entry = self.fact(pos), Item(*self.entries[pos])
            problem = commander_rules.stored_eligibility(card, spec)
            # (an ineligible Background as half of a pair: legal with Choose a Background, else the
            # pair's finding explains)
            if problem is not None and not (pair and card.is_background):
                findings.append(
                    commander_rules.not_a_commander_finding(self.path, card.name, entry, problem, spec)
                )
                continue
            listed = None if key is None else legality.facts_listed(card, key, spec)
            rarity = commander_rules.rarity_finding(self.path, card.name, entry, spec, key, listed)
            if rarity is not None:
                findings.append(rarity)
        if pair:
            first, second = (self.table.card(self.fact(pos).name) for pos in commanders)
            assert first is not None and second is not None  # (cards the data knows)
            at = Item(*self.entries[commanders[1]])
            findings += commander_rules.pair_findings(self.path, first, second, at, "commanders")
        return findings

    # -- companions (companions.evaluate and companion_findings) ---------------------------------
    @property
    def counted(self) -> list[companions.Counted]:
        """The starting deck as the deck-level conditions read it (built only when one needs it)."""
        if self._counted is None:
            zones = (_MAIN, _COMMANDER) if self.spec.commander else (_MAIN,)
            made, cards = self._made, self._cards
            codes = self._codes[self._start : self._start + len(self.entries)]
            self._counted = [
                (Item(*entry), made[code] or cards[code])
                for entry, code in zip(self.entries, codes, strict=True)
                if entry[_ZONE] in zones and code >= 0  # (the conditions read the known cards)
            ]
        return self._counted

    def _obstacles(self, identity: frozenset[str] | None) -> list[list[tuple[str, str]]]:
        """companions.obstacles for the ten, in table order."""
        spec, key, table = self.spec, self.key, self.table
        clashes: dict[int, list[Item]] = {}
        if self.named_cards:
            for group in self.named_cards.values():
                for i in self.fact(group[0]).named:
                    clashes.setdefault(i, []).extend(Item(*self.entries[p]) for p in group)
        if not clashes:
            # the usual case: the same answer for every deck of this format, key, identity and
            # declared companions (a declared one is judged as its card, which is the card of that
            # name: the same for every deck)
            memo_key = (id(spec), key, identity, tuple(sorted(self.declared)), self.legality_open)
            hit = table.obstacles.get(memo_key)
            if hit is None or hit[0] is not spec:
                if len(table.obstacles) > 100_000:
                    table.obstacles.clear()
                hit = table.obstacles[memo_key] = (spec, self._ten_obstacles(identity, clashes))
            return cast(list[list[tuple[str, str]]], hit[1])
        return self._ten_obstacles(identity, clashes)

    def _ten_obstacles(
        self, identity: frozenset[str] | None, clashes: dict[int, list[Item]]
    ) -> list[list[tuple[str, str]]]:
        spec, key = self.spec, self.key
        found = []
        for i, rule in enumerate(COMPANIONS):
            at = self.declared.get(i)
            card = self.fact(at) if at is not None else self.table.exact(rule.name)
            listed = legality.facts_listed(card, key, spec) if card is not None and key is not None else None
            status = companions.companion_card_status(
                rule.name, listed, spec, legality_open=self.legality_open
            )
            companion_identity = self.fact(at).color_identity if at is not None else rule.colour_identity
            found.append(
                companions.obstacles(
                    rule, spec, status, companion_identity, identity, clashes.get(i, _NO_CLASH)
                )
            )
        return found

    def companion_results(self, findings: list[Finding], shown: Iterable[int]) -> dict[int, _Result]:
        """The full results of the companions whose result is shown (declared, eligible, a near
        miss, or in the breakers table), from the chunk's numbers; appends their findings."""
        if not shown:
            return {}
        identity = self.commander_identity() if self.commanders else None
        obstacles = self._obstacles(identity)
        size = self.counts[_MAIN] + (self.counts[_COMMANDER] if self.spec.commander else 0)
        result, index = self.chunk.result, self.index
        results: dict[int, _Result] = {}
        for i in shown:
            problems = obstacles[i]
            # where it can never hold there is nothing to cut or add (the verdict's own reading)
            impossible = any(kind == "format" for kind, _ in problems)
            results[i] = _Result(
                self,
                i,
                problems,
                _NO_VERDICT if impossible else None,
                size,
                None if result.undetermined[index, i] else bool(result.eligible[index, i]),
                bool(result.near_miss[index, i]),
                bool(result.depends[index, i]),
            )
        sideboard_eligible = self.from_sideboard and any(
            bool(result.eligible[index, i]) for i in self.declared
        )
        for shown_result in results.values():
            if shown_result.declared_at is not None or shown_result.eligible or shown_result.near_miss:
                findings += shown_result.findings(sideboard_eligible)
        return results


class _Result:
    """One companion's evaluation on one deck; the full CompanionResult is built only when a message
    or the breakers table needs it (most rows need only counts)."""

    def __init__(
        self,
        deck: _Deck,
        index: int,
        obstacles: list[tuple[str, str]],
        verdict: DeckVerdict | None,
        size: int,
        eligible: bool | None,
        near_miss: bool,
        depends: bool,
    ) -> None:
        self.deck, self.rule, self.obstacles, self.verdict = deck, COMPANIONS[index], obstacles, verdict
        self.index, self.size, self.eligible, self.near_miss = index, size, eligible, near_miss
        self.depends = depends  # the result lists the unknown entries it depends on
        self.declared_at = deck.declared.get(index)
        self._full: CompanionResult | None = None

    def full(self) -> CompanionResult:
        if self._full is None:
            verdict = self.verdict
            if verdict is None and self.rule.deck_check is not None:
                verdict = companions.deck_verdict(self.rule, self.deck.counted, self.size, self.deck.spec)
            elif verdict is None:
                deck, entries, i = self.deck, self.deck.entries, self.index
                breakers = []
                for p in deck.breakers_of(i):  # deck order, as the engine lists them
                    quantity, name, zone, line = entries[p]
                    breakers.append(
                        Breaker(name, line, _ZONE_TEXT[zone], quantity, deck.fact(p).reasons[i] or "")
                    )
                verdict = companions.breakers_verdict(breakers, deck.spec)
            cut, add, note, plain_note = companions.offered_change(
                verdict, self.size, self.deck.spec, withheld=bool(companions.decisive(self.obstacles))
            )
            self._full = CompanionResult(
                companion=self.rule.name,
                eligible=self.eligible,
                breakers=verdict.breakers,
                cut=cut,
                add=add,
                note=note,
                plain_note=plain_note,
                declared=self.declared_at is not None,
                unresolved=companions.undetermined(self.depends_on()) if self.depends else (),
            )
        return self._full

    def depends_on(self) -> list[tuple[Item, str]]:
        """The unknown entries the result depends on and why (companions.depends_on): the starting deck's
        that could break the condition, and a commander the data does not know that may hold the
        companion's colours."""
        deck, at = self.deck, self.declared_at
        companion_identity = deck.fact(at).color_identity if at is not None else self.rule.colour_identity
        unknown_commanders = deck.unknown_in(_COMMANDER) if deck.spec.commander else []
        identity = deck.commander_identity() if deck.commanders else None
        return companions.depends_on(
            self.rule,
            companion_identity,
            deck.unknown_start(),
            unknown_commanders,
            identity,
            impossible=self.verdict is _NO_VERDICT,
            items=lambda: deck.counted,  # (built only when a name offers a card)
            may_be=deck.table.may_be,
        )

    def findings(self, any_eligible: bool) -> list[Finding]:
        """This companion's findings, by the engine's own builders (companions.*_findings)."""
        deck = self.deck
        about = companions.About.of(self.rule, self.full(), self.obstacles)
        if self.declared_at is None:
            return companions.undeclared_findings(about, deck.path, self.size, deck.spec)
        where = deck.where(self.declared_at)
        if deck.from_sideboard:
            return companions.sideboard_findings(about, where, any_eligible)
        return companions.declared_findings(about, where, deck.path, self.size, deck.spec)
