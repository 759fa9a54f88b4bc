"""The lean batch checker: the engine's rows for plain decks, from per-card facts, without a Deck.

Why: analysts check 10k-1M decks (``frames.validate``). The engine costs a few milliseconds a deck
because it is general: every entry becomes objects, and per-card facts (companion conditions, copy
limits, legality, commander eligibility) are looked up through the card for every deck. Here those
facts are computed once per card (:func:`facts_of`) — and saved in the card store when it is built
(:data:`FACTS_BUILDER`), so a batch loads them instead of re-reading 20k card records — and a deck
costs a few dict lookups per entry.

Exactness over reach: :func:`check_entries` gives exactly the rows the engine gives (findings with
their messages, companion results, breakers, summary; tests/batch holds it to that over generated
and real decks), or returns False and the caller runs the engine. It takes decks whose every name is
an exact oracle name, with at most one commander (no "choose a colour" commander, no colourless
Brawl basics), and companions either undeclared, in a constructed sideboard, or one known companion
under Companion. Anything else (misplaced or several declared companions, partner pairs, names read
after folding, localized names, unknown cards) is rare and goes to the engine: never a guess.

It writes rows, not Reports: its findings carry no ``data`` payload (the tables have no column for
it), so the CLI, whose JSON output has one, keeps the engine.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from deckcheck import __version__, companions, formats
from deckcheck.cards.model import Card
from deckcheck.cards.names import clean_name
from deckcheck.cards.records import card_from_record
from deckcheck.cards.store import CardStore, FactColumns, FactsBuilder
from deckcheck.companions import (
    COMPANIONS,
    Breaker,
    CompanionResult,
    DeckVerdict,
    cut_note,
)
from deckcheck.deck import Zone
from deckcheck.findings import Finding, Location
from deckcheck.format_spec import FormatSpec
from deckcheck.formats import (
    NOT_A_COMMANDER,
    RESTRICTED,
)

DeckId = Hashable

# Which facts a store holds. The schema number is bumped when the facts below change; the package
# version is part of it because the logic computing them (companions, formats) changes between
# releases too. A store from another version reads as one without facts (they are then computed
# in memory, correct but slower) until `deckcheck cards update` rebuilds it.
FACTS_VERSION = f"fastcheck-4/{__version__}"

_N_RULES = len(COMPANIONS)
_RULE_INDEX = {rule.name: i for i, rule in enumerate(COMPANIONS)}


# -- per-card facts --------------------------------------------------------------------------------
@dataclass(slots=True, eq=False)
class CardFacts:
    """What every rule reads of one card, computed once (:func:`facts_of`). ``name``, ``names``,
    ``name_keys``, ``is_land`` and ``card_types`` are what the deck-level companion conditions read
    (companions.CardTraits), so these facts stand in for the card's CardFeatures there."""

    name: str
    names: frozenset[str]  # the card's names (a split card's halves too)
    name_keys: frozenset[str]  # the same, case-folded
    is_land: bool
    card_types: frozenset[str]  # CR 205.2a card types in the deck zone (Umori)
    reasons: tuple[str | None, ...]  # per COMPANIONS index: why the card breaks that card condition
    breaks: tuple[int, ...]  # the COMPANIONS indices with a reason
    breaks_packed: int  # the same as one int: bit field i (of _FIELD bits) is 1 when it breaks rule i
    named: tuple[int, ...]  # the COMPANIONS indices whose name the card has
    rule_index: int  # the companion this card is, else -1
    has_companion_ability: bool
    legalities: Mapping[str, str]
    legality_keys: frozenset[str]
    is_basic_land: bool
    own_limit: bool  # the card's own "A deck can have ..." sentence (CR 113.6n)
    limit: int | None  # that sentence's number (None = any number)
    color_identity: frozenset[str]
    basic_land_types: frozenset[str]
    commander_problem: str | None  # formats.commander_eligibility without planeswalker commanders
    commander_problem_pw: str | None  # ... with them (Brawl)
    chooses_colour: bool  # "choose a colour before the game begins" (CR 903.4b)


_COMPANION_NAMES = frozenset(rule.name for rule in COMPANIONS)
# formats.commander_eligibility reads one field of a format, planeswalker_commanders, so a card's
# answer for every format is one of these two (the equivalence tests cover every registry format)
_NO_PLANESWALKERS = FormatSpec("", "", None, 0)
_PLANESWALKERS = FormatSpec("", "", None, 0, planeswalker_commanders=True)


def _named(names: frozenset[str]) -> tuple[int, ...]:
    if names.isdisjoint(_COMPANION_NAMES):
        return ()
    return tuple(i for i, rule in enumerate(COMPANIONS) if rule.name in names)


# Per-rule counts of a deck summed in one int, a _FIELD-bit field per rule (a deck's entries and
# copies stay far below 2**_FIELD: decks with more copies are left to the engine).
_FIELD = 40
_FIELD_MASK = (1 << _FIELD) - 1
_MAX_COPIES = 1 << (_FIELD - 1)


def _packed(indices: Sequence[int]) -> int:
    return sum(1 << (_FIELD * i) for i in indices)


def _unpacked(total: int) -> list[int]:
    return [(total >> (_FIELD * i)) & _FIELD_MASK for i in range(_N_RULES)]


def _breaks(reasons: Sequence[str | None]) -> tuple[int, ...]:
    return tuple(i for i, reason in enumerate(reasons) if reason is not None)


def facts_of(card: Card) -> CardFacts:
    """Compute a card's facts (from the card itself: what a store keeps, or what a batch over a
    store without facts computes on first use)."""
    features = companions.card_features(card)
    reasons = tuple(rule.card_check(features) if rule.card_check else None for rule in COMPANIONS)
    breaks = _breaks(reasons)
    own, limit = formats.oracle_deck_limit(card)
    legalities = dict(card.legalities)
    return CardFacts(
        name=card.name,
        names=features.names,
        name_keys=features.name_keys,
        is_land=features.is_land,
        card_types=features.card_types,
        reasons=reasons,
        breaks=breaks,
        breaks_packed=_packed(breaks),
        named=_named(features.names),
        rule_index=_RULE_INDEX.get(card.name, -1),
        has_companion_ability=companions.has_companion_ability(card),
        legalities=legalities,
        legality_keys=frozenset(legalities),
        is_basic_land=card.is_basic_land,
        own_limit=own,
        limit=limit,
        color_identity=card.color_identity,
        basic_land_types=formats.basic_land_types(card),
        commander_problem=formats.commander_eligibility(card, _NO_PLANESWALKERS),
        commander_problem_pw=formats.commander_eligibility(card, _PLANESWALKERS),
        chooses_colour=formats.chooses_colour(card),
    )


def facts_record(facts: CardFacts) -> dict[str, Any]:
    """The facts as JSON-able values (what a card store keeps, :data:`FACTS_BUILDER`)."""
    return {
        "names": sorted(facts.names),
        "name_keys": sorted(facts.name_keys),
        "is_land": facts.is_land,
        "card_types": sorted(facts.card_types),
        "reasons": list(facts.reasons),
        "breaks": list(facts.breaks),
        "breaks_packed": facts.breaks_packed,
        "named": list(facts.named),
        "rule_index": facts.rule_index,
        "has_companion_ability": facts.has_companion_ability,
        "legalities": dict(facts.legalities),
        "is_basic_land": facts.is_basic_land,
        "own_limit": facts.own_limit,
        "limit": facts.limit,
        "color_identity": sorted(facts.color_identity),
        "basic_land_types": sorted(facts.basic_land_types),
        "commander_problem": facts.commander_problem,
        "commander_problem_pw": facts.commander_problem_pw,
        "chooses_colour": facts.chooses_colour,
        # the oracle name as clean_name leaves it: only then does a list naming it match exactly
        "clean_name": clean_name(facts.name) == facts.name,
    }


def _facts_for_record(record: Mapping[str, Any]) -> Mapping[str, Any]:
    return facts_record(facts_of(card_from_record(record)))


FACTS_BUILDER = FactsBuilder(FACTS_VERSION, _facts_for_record)


class _StoredFacts:
    """Facts read back from a store (:meth:`CardStore.stored_fact_columns`). Values equal between
    cards are one object there, so each distinct list becomes its frozenset / tuple once, column
    by column, and a card's facts are then plain indexing."""

    def __init__(self, columns: FactColumns) -> None:
        col = columns.columns
        self.index = {name: i for i, name in enumerate(columns.names)}
        # few distinct values (sets of types, colours, formats): converted once each, up front
        self.card_types = _mapped(col["card_types"], frozenset)
        self.breaks = _mapped(col["breaks"], tuple)
        self.named = _mapped(col["named"], tuple)
        self.legalities = col["legalities"]
        self.legality_keys = _mapped(self.legalities, frozenset)
        self.color_identity = _mapped(col["color_identity"], frozenset)
        self.basic_land_types = _mapped(col["basic_land_types"], frozenset)
        # a card's own names and reasons: converted when the card is first asked for
        self.names, self.name_keys, self.reasons = col["names"], col["name_keys"], col["reasons"]
        self.plain = [col[key] for key in _PLAIN_FACTS]
        self.clean = col["clean_name"]

    def facts(self, name: str) -> CardFacts | None:
        """The facts of the card with exactly this oracle name, if clean_name leaves the name as it
        is (see FactTable.exact)."""
        i = self.index.get(name)
        if i is None or not self.clean[i]:
            return None
        land, packed, rule, ability, basic, own, limit, problem, problem_pw, chooses = (
            column[i] for column in self.plain
        )
        return CardFacts(  # positionally, in field order: a batch builds one per distinct card
            name,
            frozenset(self.names[i]),
            frozenset(self.name_keys[i]),
            land,
            self.card_types[i],
            tuple(self.reasons[i]),
            self.breaks[i],
            packed,
            self.named[i],
            rule,
            ability,
            self.legalities[i],
            self.legality_keys[i],
            basic,
            own,
            limit,
            self.color_identity[i],
            self.basic_land_types[i],
            problem,
            problem_pw,
            chooses,
        )


_PLAIN_FACTS = (  # in the order _StoredFacts.facts unpacks them
    "is_land",
    "breaks_packed",
    "rule_index",
    "has_companion_ability",
    "is_basic_land",
    "own_limit",
    "limit",
    "commander_problem",
    "commander_problem_pw",
    "chooses_colour",
)


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
        self._store = store
        self.known: dict[str, CardFacts | None] = {}  # every name asked for so far
        columns = store.stored_fact_columns(FACTS_VERSION)
        self._stored = _StoredFacts(columns) if columns is not None else None
        # the ten companions' obstacles by (format, legality key, commander identity) for decks that
        # declare none and hold no card of a companion's name: the same few recur over a batch (the
        # spec is kept beside them, so its id stays its own)
        self.obstacles: dict[tuple[int, str | None, frozenset[str] | None], Any] = {}

    @property
    def stored(self) -> bool:
        """Whether the facts come from the store (else each card's are computed on first use)."""
        return self._stored is not None

    def exact(self, name: str) -> CardFacts | None:
        """The facts of the card this name is the exact oracle name of (the engine's "exact" match,
        which adds no finding), else None."""
        try:
            return self.known[name]
        except KeyError:
            pass
        found: CardFacts | None = None
        if self._stored is not None:
            found = self._stored.facts(name)
        elif clean_name(name) == name:
            card = self._store.card(name)
            found = facts_of(card) if card is not None else None
        if len(self.known) >= _KNOWN_LIMIT:  # a corpus of endless misspellings stays bounded
            self.known.clear()
        self.known[name] = found
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


# -- one deck --------------------------------------------------------------------------------------
class Item(NamedTuple):
    """One entry (companions.Placed): quantity, name as written, zone, source line."""

    quantity: int
    name: str
    zone: Zone
    line: int


Entries = Sequence[tuple[int, str, Zone, int]]  # (quantity, name, zone, line), as decklist.fast gives
Rows = Callable[[tuple[Any, ...]], None]


@dataclass(slots=True)
class RowSink:
    """Where one deck's rows go (batch.BatchRows' tables' ``add``); ``breakers`` None: not wanted."""

    findings: Rows
    companions: Rows
    breakers: Rows | None
    summary: Rows


_MAIN, _SIDE, _COMMANDER, _COMPANION = Zone.MAIN, Zone.SIDEBOARD, Zone.COMMANDER, Zone.COMPANION
# positions in an entry tuple
_QUANTITY: Final = 0
_ZONE: Final = 2
_LINE: Final = 3
_NO_CLASH: tuple[Item, ...] = ()
_NO_VERDICT = DeckVerdict()  # a condition that can never hold: nothing to cut or add
_NONE: list[int] = []  # an empty group (never appended to)
_ALL_ZONES = frozenset(formats.ALL_ZONES)
_COMMANDER_COPY_ZONES = frozenset({_MAIN, _COMMANDER})  # Commander counts copies in the 100 only
_START = frozenset({_MAIN})  # the starting deck (CR 103.2a) ...
_COMMANDER_START = frozenset({_MAIN, _COMMANDER})  # ... with the commanders in Commander


def _lines_text(entries: Sequence[tuple[int, str, Zone, int]]) -> str:
    """formats._lines_text for raw entries."""
    lines = sorted({e[_LINE] for e in entries if e[_LINE] > 0})
    if not lines:
        return "in " + ", ".join(sorted({str(e[_ZONE]) for e in entries}))
    return ("line " if len(lines) == 1 else "lines ") + ", ".join(map(str, lines))


def finding_row(deck_id: DeckId, f: Finding) -> tuple[Any, ...]:
    """A finding as a row of the findings table (batch.FINDING_COLUMNS)."""
    where = f.location
    return (
        deck_id,
        where.path,
        f.code,
        f.slug,
        str(f.severity),
        f.message,
        f.card,
        where.line,
        where.section,
        f.rule,
    )


def _sort_key(f: Finding) -> tuple[bool, int, int, str]:
    return (f.location.line == 0, f.location.line, -int(f.severity), f.code)


def check_entries(
    sink: RowSink, deck_id: DeckId, path: str, entries: Entries, spec: FormatSpec, table: FactTable
) -> bool:
    """Add the rows the engine would give this deck to ``sink``; False (nothing added) when the
    deck is outside the lean path's scope (see the module docstring)."""
    deck = _Deck.read(path, entries, spec, table)
    if deck is None:
        return False
    findings = deck.format_findings()
    results = deck.companion_results(findings, sink.breakers is not None)
    findings.sort(key=_sort_key)
    deck.add_rows(sink, deck_id, findings, results)
    return True


class _Deck:
    """One deck's entries with their facts, grouped once, and the rules over them in the engine's
    order (formats.check_deck, then companions.evaluate / companion_findings)."""

    def __init__(self, path: str, entries: Entries, spec: FormatSpec, table: FactTable) -> None:
        self.path, self.entries, self.spec, self.table = path, entries, spec, table
        self.facts: list[CardFacts] = []
        self.groups: dict[str, list[int]] = {}  # oracle name -> positions, deck order (CR 100.2a)
        # the starting deck's tallies (_card_pass): per distinct card (card, copies, entries); per
        # card-level companion condition, the entries that break it and their copies
        self.start_cards: list[tuple[CardFacts, int, int]] = []
        self.hits = [0] * _N_RULES
        self.cut = [0] * _N_RULES
        self.counts = dict.fromkeys((_MAIN, _SIDE, _COMMANDER, _COMPANION), 0)
        self.commanders: list[int] = []
        self.declared: dict[int, int] = {}  # companion index -> position of the declaring entry
        self.from_sideboard = False
        self.key: str | None = None  # the legality key formats.legality_key_for picks
        self._counted: list[companions.Counted] | None = None
        self.unusual: list[int] = []  # positions of entries outside the main deck
        self.named_cards: dict[str, None] = {}  # cards with a companion's name (Commander clashes)

    @classmethod
    def read(cls, path: str, entries: Entries, spec: FormatSpec, table: FactTable) -> _Deck | None:
        """The deck, or None when it is outside the lean path's scope."""
        if not entries:
            return None
        deck = cls(path, entries, spec, table)
        known, exact = table.known, table.exact
        facts, groups, counts, unusual = deck.facts, deck.groups, deck.counts, deck.unusual
        main = 0
        for pos, (quantity, name, zone, line) in enumerate(entries):
            found = known.get(name) or exact(name)
            if found is None or line <= 0:
                # not an exact oracle name (the engine adds a finding), or no source line (cards are
                # then told apart by line order alone: left to the engine's own order)
                return None
            facts.append(found)
            if zone is _MAIN:
                main += quantity
            elif zone in counts:
                counts[zone] += quantity
                unusual.append(pos)
            else:
                return None  # a maybeboard
            if found.named:
                deck.named_cards[name] = None
            group = groups.get(name)
            if group is None:
                groups[name] = [pos]
            else:
                group.append(pos)
        counts[_MAIN] = main
        return deck if deck._in_scope() else None

    def _in_scope(self) -> bool:
        spec, entries, facts = self.spec, self.entries, self.facts
        zone_cards: list[int] = []
        sideboard: list[int] = []
        for pos in self.unusual:
            zone = entries[pos][_ZONE]
            if zone is _COMMANDER:
                self.commanders.append(pos)
            elif zone is _COMPANION:
                zone_cards.append(pos)
            elif facts[pos].rule_index >= 0:
                sideboard.append(pos)
        if sum(self.counts.values()) >= _MAX_COPIES:
            return False  # beyond the packed counts' range (and any real deck)
        if spec.commander:
            if len(self.commanders) != 1 or spec.max_commanders < 1:
                return False  # no commander (DC105) or a pair: the engine's
            pos = self.commanders[0]
            commander = facts[pos]
            if entries[pos][_QUANTITY] != 1 or commander.chooses_colour or commander.has_companion_ability:
                return False  # several copies; a chosen colour (DC309); a companion as commander (DC403)
            if not commander.color_identity and spec.colourless_basic_exception:
                return False  # Brawl's colourless-commander basics (DC308)
        elif self.commanders:
            return False  # a commander zone outside Commander (DC105)
        if zone_cards:
            if len(zone_cards) != 1 or entries[zone_cards[0]][_QUANTITY] != 1:
                return False  # several companions listed (DC402)
            rule = facts[zone_cards[0]].rule_index
            if rule < 0:
                return False  # not one of the ten (DC408 / DC409)
            self.declared[rule] = zone_cards[0]
        elif sideboard and spec.commander:
            return False  # a companion in a Commander sideboard (DC403)
        elif sideboard:
            for pos in sideboard:
                self.declared.setdefault(facts[pos].rule_index, pos)
            self.from_sideboard = True
        return True

    def where(self, pos: int) -> Location:
        entry = self.entries[pos]
        return Location(self.path, entry[_LINE], str(entry[_ZONE]))

    # -- format rules (formats.check_deck) --------------------------------------------------------
    def format_findings(self) -> list[Finding]:
        """formats.check_deck's findings, in its order (zones are in scope already)."""
        findings = self._sizes()
        legality, copies, colours = self._card_pass()
        findings += copies
        findings += legality
        if self.spec.commander:
            findings += self._commander()
            findings += colours
        return findings

    def _card_pass(self) -> tuple[list[Finding], list[Finding], list[Finding]]:
        """One pass over the deck's distinct cards for every per-card rule: legality (all zones),
        copies (the zones the format counts), colour identity (the main deck, Commander) and the
        starting deck's tallies the companion conditions read (:meth:`companion_results`)."""
        spec, entries, facts, path = self.spec, self.entries, self.facts, self.path
        legality: list[Finding] = []
        candidates = spec.legality_candidates
        key = None
        if candidates:
            # the first of the format's keys any card lists (usually the first card already does)
            self.key = key = next((k for k in candidates if any(k in f.legality_keys for f in facts)), None)
            if key is None:
                legality.append(formats.no_legality_data_finding(path, spec))
        extra_banned = spec.extra_banned
        limit_default = spec.copy_limit
        commander = spec.commander
        copy_zones = _COMMANDER_COPY_ZONES if commander else _ALL_ZONES
        start_zones = _COMMANDER_START if commander else _START
        identity = facts[self.commanders[0]].color_identity if commander else frozenset()
        copies: list[Finding] = []
        colours: list[Finding] = []
        cards = self.start_cards
        hits_packed = cut_packed = 0  # per card condition: entries that break it, and their copies
        for name, group in self.groups.items():
            card = facts[group[0]]
            if len(group) == 1:
                entry = entries[group[0]]
                zone, total = entry[_ZONE], entry[_QUANTITY]
                if zone is _MAIN:  # the main deck is in every count
                    copied = started = main = group
                else:
                    copied = group if zone in copy_zones else _NONE
                    started = group if zone in start_zones else _NONE
                    main = _NONE
                copy_count = start_count = total
            else:
                total = sum(entries[p][_QUANTITY] for p in group)
                copied = [p for p in group if entries[p][_ZONE] in copy_zones]
                started = [p for p in group if entries[p][_ZONE] in start_zones]
                main = [p for p in group if entries[p][_ZONE] is _MAIN]
                copy_count = sum(entries[p][_QUANTITY] for p in copied)
                start_count = sum(entries[p][_QUANTITY] for p in started)
            restricted = False
            if key is not None:
                status = card.legalities.get(key, "not_legal")
                if extra_banned and name in extra_banned:
                    status = "banned"
                if status != "legal":
                    finding = formats.legality_finding(path, name, self.placed(group), status, key, spec)
                    if finding is not None:
                        legality.append(finding)
                        restricted = finding.code == RESTRICTED.code
            if (
                limit_default is not None
                and copied
                and (copy_count > 1 or limit_default < 1)
                and not restricted  # one finding per card: the restricted-list one is stricter
                and not card.is_basic_land
            ):
                limit = card.limit if card.own_limit else limit_default
                if limit is not None and copy_count > limit:
                    copies.append(
                        formats.copies_finding(
                            path, name, self.placed(copied), copy_count, limit, card.own_limit, spec
                        )
                    )
            if commander and main and (card.basic_land_types or not card.color_identity <= identity):
                colours += formats.identity_findings(
                    path,
                    name,
                    self.placed(main),
                    card.color_identity,
                    card.basic_land_types,
                    card.is_basic_land,
                    identity,
                    spec,
                )
            if started:
                n = len(started)
                cards.append((card, start_count, n))
                packed = card.breaks_packed
                if packed:
                    hits_packed += n * packed
                    cut_packed += start_count * packed
        self.hits, self.cut = _unpacked(hits_packed), _unpacked(cut_packed)
        return legality, copies, colours

    def _sizes(self) -> list[Finding]:
        spec, counts, entries = self.spec, self.counts, self.entries
        zones = (_SIDE,) if spec.commander else (_SIDE, _COMPANION)
        sideboard = counts[_SIDE] + (0 if spec.commander else counts[_COMPANION])
        return formats.size_findings(
            self.path,
            spec,
            counts[_MAIN],
            counts[_COMMANDER],
            counts[_COMPANION],
            sideboard,
            lambda: self.placed([p for p in self.unusual if entries[p][_ZONE] in zones]),
        )

    def placed(self, group: list[int]) -> list[Item]:
        """The entries at these positions, as the formats message builders read them."""
        return [Item(*self.entries[p]) for p in group]

    def _commander(self) -> list[Finding]:
        pos = self.commanders[0]
        card = self.facts[pos]
        problem = card.commander_problem_pw if self.spec.planeswalker_commanders else card.commander_problem
        if problem is None:
            return []
        return [NOT_A_COMMANDER(problem, location=self.where(pos), card=card.name, rule="CR 903.3")]

    # -- companions (companions.evaluate and companion_findings) ---------------------------------
    @property
    def counted(self) -> list[companions.Counted]:
        """The starting deck as the deck-level conditions read it (built only when one needs it)."""
        if self._counted is None:
            entries, facts = self.entries, self.facts
            zones = (_MAIN, _COMMANDER) if self.spec.commander else (_MAIN,)
            self._counted = [
                (Item(*entry), facts[p]) for p, entry in enumerate(entries) if entry[_ZONE] in zones
            ]
        return self._counted

    def _obstacles(self, identity: frozenset[str] | None) -> list[list[tuple[str, str]]]:
        """companions.obstacles for the ten, in table order."""
        spec, key, facts, table = self.spec, self.key, self.facts, self.table
        clashes: dict[int, list[Item]] = {}
        if spec.commander and self.named_cards:
            for name in self.named_cards:
                group = [p for p in self.groups[name] if self.entries[p][_ZONE] in _COMMANDER_START]
                for i in facts[group[0]].named if group else ():
                    clashes.setdefault(i, []).extend(Item(*self.entries[p]) for p in group)
        if not self.declared and not clashes:
            # the usual case: the same answer for every deck of this format, key and identity
            memo_key = (id(spec), key, identity)
            hit = table.obstacles.get(memo_key)
            if hit is None or hit[0] is not spec:
                if len(table.obstacles) > 100_000:
                    table.obstacles.clear()
                hit = table.obstacles[memo_key] = (spec, self._ten_obstacles(identity, clashes))
            return hit[1]
        return self._ten_obstacles(identity, clashes)

    def _ten_obstacles(
        self, identity: frozenset[str] | None, clashes: dict[int, list[Item]]
    ) -> list[list[tuple[str, str]]]:
        spec, key, facts = self.spec, self.key, self.facts
        found = []
        for i, rule in enumerate(COMPANIONS):
            at = self.declared.get(i)
            card = facts[at] if at is not None else self.table.exact(rule.name)
            status = card.legalities.get(key, "not_legal") if card is not None and key is not None else None
            companion_identity = facts[at].color_identity if at is not None else rule.colour_identity
            found.append(
                companions.obstacles(
                    rule, spec, status, companion_identity, identity, clashes.get(i, _NO_CLASH)
                )
            )
        return found

    def companion_results(self, findings: list[Finding], breakers: bool) -> list[_Outcome]:
        """Evaluate the ten companions; append their findings; return the outcomes in table order,
        with the full result where a finding or (``breakers``) the breakers table needed it."""
        spec, facts = self.spec, self.facts
        identity = facts[self.commanders[0]].color_identity if self.commanders else None
        obstacles = self._obstacles(identity)
        size = self.counts[_MAIN] + (self.counts[_COMMANDER] if spec.commander else 0)
        hits, copies, cards = self.hits, self.cut, self.start_cards  # from _card_pass
        results: list[_Outcome] = []
        declared = self.declared
        # deck-level conditions by their counts (breaking entries, copies to cut, cards to add);
        # None: ask the condition itself
        lutri, umori = companions.deck_level_counts(cards)
        deck_counts: dict[int, tuple[int, int, int] | None] = {
            _LUTRI: None if lutri is None else (*lutri, 0),
            _UMORI: (*umori, 0),
            _YORION: (0, 0, companions.yorion_shortfall(size, spec)),
        }
        near_limit = companions.NEAR_MISS_CARDS
        for i in range(_N_RULES):
            problems = obstacles[i]
            verdict: DeckVerdict | None = None  # built only when a message or the breakers need it
            if problems and any(kind == "format" for kind, _ in problems):
                verdict, found, cut, add = _NO_VERDICT, 0, 0, 0  # it can never hold here
            elif i not in deck_counts:
                found, cut, add = hits[i], copies[i], 0
            else:
                known = deck_counts[i]
                if known is None:
                    check = COMPANIONS[i].deck_check
                    assert check is not None  # deck_counts holds exactly the deck-level conditions
                    verdict = check(self.counted, spec)
                    found, cut, add = len(verdict.breakers), sum(n for _, n in verdict.cut), verdict.add
                else:
                    found, cut, add = known
            eligible = not found and not add and not problems  # an impossible one has a problem
            near_miss = not eligible and 0 < cut + add <= near_limit
            full = None
            if i in declared or eligible or near_miss or (breakers and found):
                full = _Result(self, i, problems, verdict, (found, cut, add), size, eligible, near_miss)
            results.append((eligible, found, cut, add, near_miss, full))
        sideboard_eligible = self.from_sideboard and any(results[i][0] for i in declared)
        for *_, result in results:
            if result is not None and (result.declared_at is not None or result.eligible or result.near_miss):
                findings += result.findings(sideboard_eligible)
        return results

    # -- rows (batch.add_report) ---------------------------------------------------------------------
    def add_rows(
        self, sink: RowSink, deck_id: DeckId, findings: list[Finding], results: list[_Outcome]
    ) -> None:
        counts = [0, 0, 0]  # info, warning, error
        for f in findings:
            counts[int(f.severity)] += 1
            sink.findings(finding_row(deck_id, f))
        eligible: list[str] = []
        declared: list[str] = []
        for i, (is_eligible, found, cut, add, near_miss, result) in enumerate(results):
            rule = COMPANIONS[i]
            is_declared = i in self.declared
            sink.companions((deck_id, rule.name, is_eligible, is_declared, found, cut, add, near_miss))
            if sink.breakers is not None and found and result is not None:
                for b in result.full().breakers:
                    sink.breakers((deck_id, rule.name, b.card, b.quantity, b.zone, b.line, b.reason))
            if is_eligible:
                eligible.append(rule.short)
            if is_declared:
                declared.append(rule.name)
        commanders = [self.facts[p].name for p in self.commanders]
        sink.summary(
            (
                deck_id,
                self.path,
                None,
                self.spec.name,
                counts[2] == 0,
                counts[2],
                counts[1],
                counts[0],
                self.counts[_MAIN],
                self.counts[_SIDE],
                " + ".join(commanders) if commanders else None,
                ", ".join(declared) if declared else None,
                ", ".join(eligible),
                len(eligible),
            )
        )


_LUTRI = _RULE_INDEX["Lutri, the Spellchaser"]
_UMORI = _RULE_INDEX["Umori, the Collector"]
_YORION = _RULE_INDEX["Yorion, Sky Nomad"]
if {_LUTRI, _UMORI, _YORION} != {i for i, rule in enumerate(COMPANIONS) if rule.deck_check is not None}:
    raise RuntimeError(  # pragma: no cover - a new deck-level condition needs its counts here
        "companions.COMPANIONS has a deck-level condition fastcheck does not count"
    )


_Outcome = tuple[bool, int, int, int, bool, "_Result | None"]  # eligible, breakers, cut, add, near miss


class _Result:
    """One companion's evaluation on one deck; the full CompanionResult is built only when a message
    or the breakers table needs it (most rows need only counts)."""

    def __init__(
        self,
        deck: _Deck,
        index: int,
        obstacles: list[tuple[str, str]],
        verdict: DeckVerdict | None,
        counts: tuple[int, int, int],
        size: int,
        eligible: bool,
        near_miss: bool,
    ) -> None:
        self.deck, self.rule, self.obstacles, self.verdict = deck, COMPANIONS[index], obstacles, verdict
        self.index, self.size, self.eligible, self.near_miss = index, size, eligible, near_miss
        self.declared_at = deck.declared.get(index)
        self._full: CompanionResult | None = None
        self.breaker_count, self.cut_count, self.add = counts

    def full(self) -> CompanionResult:
        if self._full is None:
            verdict = self.verdict
            if verdict is None and self.rule.deck_check is not None:
                verdict = self.rule.deck_check(self.deck.counted, self.deck.spec)
            elif verdict is None:
                entries, facts, i = self.deck.entries, self.deck.facts, self.index
                starting = (_MAIN, _COMMANDER) if self.deck.spec.commander else (_MAIN,)
                breakers = tuple(
                    Breaker(
                        facts[p].name,
                        entries[p][_LINE],
                        str(entries[p][_ZONE]),
                        entries[p][_QUANTITY],
                        facts[p].reasons[i] or "",
                    )
                    for p, entry in enumerate(entries)  # deck order, as the engine lists them
                    if entry[_ZONE] in starting and i in facts[p].breaks
                )
                totals: dict[str, int] = {}
                for b in breakers:
                    totals[b.card] = totals.get(b.card, 0) + b.quantity
                verdict = DeckVerdict(breakers, tuple(totals.items()))
            note = cut_note(verdict, self.size, self.deck.spec) if verdict.cut else verdict.note
            self._full = CompanionResult(
                companion=self.rule.name,
                eligible=self.eligible,
                breakers=verdict.breakers,
                cut=verdict.cut,
                add=verdict.add,
                note=note,
                declared=self.declared_at is not None,
            )
        return self._full

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
