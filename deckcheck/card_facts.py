"""What the rules read of one card, computed once: the card-fact schema.

:class:`CardFacts` is the one field list. The lean batch checker (:mod:`deckcheck.fastcheck`), the
long frame's card columns (:mod:`deckcheck.batch`) and the card store all read it: a store built
with :func:`facts_builder` keeps every card's facts (:func:`facts_record`, one JSON value per
field), and :class:`StoredFacts` reads them back, each field converted by the same field's
``load``. How a field is kept is written once, beside the field (:func:`_kept`).

The facts' version (:func:`facts_version`) is computed from the code that computes them: the field
list and the source of every deckcheck module this one reaches. Any change to how a fact is
computed (a companion condition, a copy limit, commander eligibility) gives a new version, so a
store whose facts an older release computed reads as one without facts (they are then computed in
memory: correct, slower) until ``deckcheck cards update`` rebuilds it.

Layering: this module sits above the rules it asks (companions, deckcheck.rules) and below the checkers
that read it; the card store below it only stores what :func:`facts_builder` hands it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.machinery
import importlib.util
import marshal
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import compress
from operator import getitem, itemgetter
from typing import Any, Final, overload

from deckcheck import __version__
from deckcheck.cards.model import Card, printings_of
from deckcheck.cards.names import clean_name
from deckcheck.cards.records import card_from_record
from deckcheck.cards.store import CardStore, FactColumns, FactsBuilder
from deckcheck.format_spec import UNCOMMON_CREATURE_COMMANDERS, FormatSpec
from deckcheck.rules import commander, companions, sizes
from deckcheck.rules.companions import COMPANION_NAMES, COMPANIONS

# The layout of a stored fact (bump when facts_record's output for the same facts changes shape);
# what the facts mean is versioned by the code digest (facts_version).
SCHEMA: Final = 8


def _kept(store: Callable[[Any], Any] | None = None, load: Callable[[Any], Any] | None = None) -> Any:
    """A fact's field: ``store`` turns its value into JSON (None: as it is), ``load`` turns one
    stored value back (None: as stored)."""
    return dataclasses.field(metadata={"store": store, "load": load})


def _a_set() -> Any:
    return _kept(sorted, frozenset)


def _a_set_or_none() -> Any:
    """A set that may be unknown (None)."""
    return _kept(_sorted_or_none, _frozenset_or_none)


def _sorted_or_none(values: Iterable[str] | None) -> list[str] | None:
    return None if values is None else sorted(values)


def _frozenset_or_none(values: Iterable[str] | None) -> frozenset[str] | None:
    return None if values is None else frozenset(values)


def _derived(column: str, load: Callable[[Any], Any]) -> Any:
    """A fact not stored itself: ``load`` of another field's stored value."""
    return dataclasses.field(metadata={"from": column, "load": load})


# -- small integer encodings (what the array screens read: companion_arrays, fastcheck) ----------------
_TYPE_BITS: dict[str, int] = {}  # card type -> bit, assigned on first sight (CR 205.2a types and any other)
_TYPE_LOCK = threading.Lock()


def type_bit(card_type: str) -> int:
    bit = _TYPE_BITS.get(card_type)
    if bit is None:
        with _TYPE_LOCK:
            bit = _TYPE_BITS.setdefault(card_type, len(_TYPE_BITS))
    return bit


def type_bits() -> dict[str, int]:
    """Every card type seen so far and its bit in a card's ``type_mask``."""
    return dict(_TYPE_BITS)


def type_mask(card_types: Iterable[str]) -> int:
    return sum(1 << type_bit(t) for t in set(card_types))


COLOUR_BITS = {c: 1 << i for i, c in enumerate("WUBRG")}


def colour_mask(colours: Iterable[str]) -> int:
    return sum(COLOUR_BITS[c] for c in set(colours))


def rule_mask(indices: Iterable[int]) -> int:
    """Bit i set for each COMPANIONS index i."""
    return sum(1 << i for i in set(indices))


@dataclass(slots=True, eq=False)
class CardFacts:
    """What every rule reads of one card (:func:`facts_of`). ``name``, ``names``, ``name_keys``,
    ``is_land`` and ``card_types`` are what the deck-level companion conditions read
    (companions.CardTraits); deckcheck.rules.companion_arrays and fastcheck read them as arrays
    (their COLUMNS)."""

    name: str  # the oracle name: the store's row, not a stored fact
    names: frozenset[str] = _a_set()  # the card's names (a split card's halves too)
    name_keys: frozenset[str] = _a_set()  # the same, case-folded
    is_land: bool = _kept()
    card_types: frozenset[str] = _a_set()  # CR 205.2a card types in the deck zone (Umori)
    reasons: tuple[str | None, ...] = _kept(list, tuple)  # per COMPANIONS index: why it breaks that condition
    breaks: tuple[int, ...] = _kept(list, tuple)  # the COMPANIONS indices with a reason
    named: tuple[int, ...] = _kept(list, tuple)  # the COMPANIONS indices whose name the card has
    rule_index: int = _kept()  # the companion this card is, else -1
    has_companion_ability: bool = _kept()
    legalities: Mapping[str, str] = _kept(dict)
    legality_keys: frozenset[str] = _derived("legalities", frozenset)
    printings: frozenset[str] | None = _a_set_or_none()  # set codes (None: not known); pool_sets reads them
    is_basic_land: bool = _kept()
    own_limit: bool = _kept()  # the card's own "A deck can have ..." sentence (CR 100.2a, 903.5b)
    limit: int | None = _kept()  # that sentence's number (None = any number)
    color_identity: frozenset[str] = _a_set()
    basic_land_types: frozenset[str] = _a_set()
    commander_problem: str | None = _kept()  # commander.commander_eligibility, no planeswalker commanders
    commander_problem_pw: str | None = _kept()  # ... with them (Brawl)
    commander_problem_creature: str | None = _kept()  # ... where uncommon creatures lead (Pauper Commander)
    leads_by_vehicle: bool = _kept()  # commander.leads_by_vehicle: leads only since Edge of Eternities
    chooses_colour: bool = _kept()  # "choose a colour before the game begins" (CR 903.4b)
    is_background: bool = _kept()  # commander.is_background (a commander only beside Choose a Background)
    # the long frame's card columns (batch.card_columns)
    mana_value: int = _kept()
    type_text: str = _kept()  # the deck-zone type line(s)
    is_permanent: bool = _kept()
    is_creature: bool = _kept()
    is_legendary: bool = _kept()


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    column: str  # the stored column it is read from (its own, or the one it derives from)
    store: Callable[[Any], Any] | None  # None: kept as it is (or not kept: derived)
    load: Callable[[Any], Any] | None  # None: read as stored
    derived: bool


FIELDS: Final = tuple(
    _Field(
        f.name,
        f.metadata.get("from", f.name),
        f.metadata.get("store"),
        f.metadata.get("load"),
        "from" in f.metadata,
    )
    for f in dataclasses.fields(CardFacts)[1:]  # (the name is the row, not a fact)
)
# stored beside the facts: the oracle name as clean_name leaves it (only then does a list naming
# it match it exactly: FactTable.exact)
CLEAN_NAME: Final = "clean_name"

_RULE_INDEX = {rule.name: i for i, rule in enumerate(COMPANIONS)}
# commander.commander_eligibility reads two fields of a format, commander_cards and (for legendary
# commanders) planeswalker_commanders, so a card's answer for every format is one of these three
# (commander.stored_eligibility picks it; the equivalence tests cover every registry format)
_NO_PLANESWALKERS = FormatSpec("", "", None, 0)
_PLANESWALKERS = FormatSpec("", "", None, 0, planeswalker_commanders=True)
_UNCOMMON_CREATURES = FormatSpec("", "", None, 0, commander_cards=UNCOMMON_CREATURE_COMMANDERS)


def _named(names: frozenset[str]) -> tuple[int, ...]:
    if names.isdisjoint(COMPANION_NAMES):
        return ()
    return tuple(i for i, rule in enumerate(COMPANIONS) if rule.name in names)


def facts_of(card: Card) -> CardFacts:
    """Compute a card's facts (what a store keeps, or what a batch over a store without facts
    computes on first use)."""
    features = companions.card_features(card)
    reasons = companions.card_reasons(features)
    own, limit = sizes.oracle_deck_limit(card)
    legalities = dict(card.legalities)
    return CardFacts(
        name=card.name,
        names=features.names,
        name_keys=features.name_keys,
        is_land=features.is_land,
        card_types=features.card_types,
        reasons=reasons,
        breaks=tuple(i for i, reason in enumerate(reasons) if reason is not None),
        named=_named(features.names),
        rule_index=_RULE_INDEX.get(card.name, -1),
        has_companion_ability=companions.has_companion_ability(card),
        legalities=legalities,
        legality_keys=frozenset(legalities),
        printings=_frozenset_or_none(printings_of(card)),
        is_basic_land=card.is_basic_land,
        own_limit=own,
        limit=limit,
        color_identity=card.color_identity,
        basic_land_types=commander.basic_land_types(card),
        commander_problem=commander.commander_eligibility(card, _NO_PLANESWALKERS),
        commander_problem_pw=commander.commander_eligibility(card, _PLANESWALKERS),
        commander_problem_creature=commander.commander_eligibility(card, _UNCOMMON_CREATURES),
        leads_by_vehicle=commander.leads_by_vehicle(card),
        chooses_colour=commander.chooses_colour(card),
        is_background=commander.is_background(card),
        mana_value=features.mana_value,
        type_text=features.type_text,
        is_permanent=features.is_permanent,
        is_creature=features.is_creature,
        is_legendary=card.is_legendary,
    )


def facts_record(facts: CardFacts) -> dict[str, Any]:
    """The facts as JSON-able values: what a card store keeps."""
    record = {
        f.name: f.store(value) if f.store else value
        for f in FIELDS
        if not f.derived
        for value in (getattr(facts, f.name),)
    }
    record[CLEAN_NAME] = clean_name(facts.name) == facts.name
    return record


def _facts_for_record(record: Mapping[str, Any]) -> Mapping[str, Any]:
    return facts_record(facts_of(card_from_record(record)))


# -- the version, from the code ----------------------------------------------------------------------
def computing_modules(root: str = __name__) -> list[str]:
    """The deckcheck modules the facts' computation can reach from ``root`` (this module): every
    deckcheck module one of them imports, at module level or inside a function, transitively.
    Read from their code, not from what happens to be imported, so it is the same in every
    process."""
    return sorted(_sources(root))


def _sources(root: str) -> dict[str, str | None]:
    """:func:`computing_modules` -> each one's source (None: none to read), each read once."""
    found = {root: _source(root)}
    todo = [root]
    while todo:
        for name in _imported(todo.pop(), found):
            if name not in found and _ours(name):
                found[name] = _source(name)
                todo.append(name)
    return found


def _ours(name: str) -> bool:
    # the store only keeps what it is handed: its code does not decide a fact
    return name.startswith("deckcheck.") and name != "deckcheck.cards.store"


def _imported(name: str, sources: Mapping[str, str | None]) -> set[str]:
    """The modules the code of module ``name`` (its source in ``sources``) imports (a name
    imported from a package that is one of its modules counts as that module)."""
    source = sources[name]
    if source is None:
        return set()
    package = name if _is_package(name) else name.rpartition(".")[0]
    found: set[str] = set()
    for plain, base, names in _IMPORT.findall(source):
        if plain:
            found.update(part.split()[0] for part in plain.split(",") if part.strip())
            continue
        dots = len(base) - len(base.lstrip("."))
        if dots:
            parent = package.rsplit(".", dots - 1)[0] if dots > 1 else package
            base = f"{parent}.{base[dots:]}" if base[dots:] else parent
        found.add(base)
        if _is_package(base):
            for part in names.strip("()").replace("\\", " ").split(","):
                if part.split():
                    submodule = f"{base}.{part.split()[0]}"
                    if _is_module(submodule):
                        found.add(submodule)
    return found


# an import statement (at the start of a line, any indentation): "import a.b, c" or
# "from .a import b, c" / "from a import (b, c)" (a parenthesised list may span lines)
_IMPORT: Final = re.compile(
    r"^[ \t]*(?:import[ \t]+([\w., \t]+)|from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]*))", re.M
)


def _is_package(name: str) -> bool:
    spec = _spec(name)
    return spec is not None and spec.submodule_search_locations is not None


def _is_module(name: str) -> bool:
    return _spec(name) is not None


def _spec(name: str) -> importlib.machinery.ModuleSpec | None:
    try:
        return importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None


def _source(name: str) -> str | None:
    spec = _spec(name)
    get_source = getattr(spec.loader if spec else None, "get_source", None)
    try:
        source = get_source(name) if get_source else None
    except (ImportError, OSError):
        return None
    return str(source) if source is not None else None


def module_code(name: str, source: str | None) -> bytes:
    """A module's ``source``, else its compiled code (a sourceless install), else its name and the
    package version (code that cannot be read is versioned by the release)."""
    if source is not None:
        return source.encode("utf-8", "surrogatepass")
    spec = _spec(name)
    get_code = getattr(spec.loader if spec else None, "get_code", None)
    try:
        code = get_code(name) if get_code else None
    except (ImportError, OSError):
        code = None
    if code is not None:
        return marshal.dumps(code)
    return f"{name}@{__version__}".encode()


@cache
def facts_version() -> str:
    """The version of the facts this code computes: the schema number, the field list and a digest
    of the code of every module that computes them (:func:`computing_modules`)."""
    digest = hashlib.sha256(repr([(f.name, f.column, f.derived) for f in FIELDS]).encode())
    for name, source in sorted(_sources(__name__).items()):
        digest.update(name.encode() + b"\0" + module_code(name, source) + b"\0")
    return f"facts-{SCHEMA}/{digest.hexdigest()[:16]}"


@cache
def facts_builder() -> FactsBuilder:
    """How a card store computes and keeps these facts (``cards update``, ``cards import``)."""
    return FactsBuilder(facts_version(), _facts_for_record)


# -- reading them back -----------------------------------------------------------------------------
class StoredFacts(Sequence[CardFacts]):
    """Facts read back from a store (:meth:`CardStore.stored_fact_columns`) as the store keeps them:
    per column, the distinct values and each card's value number. A card's facts are built when
    first asked for; a field with few distinct values (sets of types, colours, formats) has them
    loaded once, up front, so cards share them and reading one is indexing; a column's array is
    one numpy gather."""

    def __init__(self, columns: FactColumns) -> None:
        self.encoded = columns.encoded
        self.name_of = columns.names
        self.row_of = dict(zip(columns.names, range(len(columns.names)), strict=True))
        self.made: list[CardFacts | None] = [None] * len(columns.names)
        self._plan: _Plan | None = None

    def per_card(self, column: str, convert: Callable[[Any], Any] | None = None) -> Sequence[Any]:
        """A stored column's value (converted) for every card, picked in C."""
        values, index = self.encoded[column]
        return _pick([convert(v) for v in values] if convert else values, index)

    def array(self, column: str, convert: Callable[[Any], Any], dtype: Any) -> Any:
        """A stored column's value (converted) for every card, as a numpy array: one gather."""
        import numpy as np

        values, index = self.encoded[column]
        return np.array([convert(v) for v in values], dtype=dtype)[np.frombuffer(index, dtype=np.uint32)]

    def exact_names(self) -> dict[str, int]:
        """Every oracle name a list can name exactly (:data:`CLEAN_NAME`) -> its row."""
        clean = self.array(CLEAN_NAME, bool, bool)
        return dict(compress(self.row_of.items(), clean.tolist()))

    def facts_at(self, i: int) -> CardFacts:
        """The facts of the card in row ``i``."""
        found = self.made[i]
        if found is None:
            values_of, numbers, loads = self._plan or self._reading_plan()
            values: list[Any] = list(map(getitem, values_of, numbers[i].tolist()))  # (a pick a field, in C)
            for k, load in loads:
                values[k] = load(values[k])
            found = self.made[i] = CardFacts(self.name_of[i], *values)
        return found

    def _reading_plan(self) -> _Plan:
        """Per field: its values (loaded, where few); every card's value numbers, a row a card;
        the fields whose load is still to apply (by position)."""
        import numpy as np

        values_of: list[Sequence[Any]] = []
        loads: list[tuple[int, Callable[[Any], Any]]] = []
        for k, f in enumerate(FIELDS):
            values, index = self.encoded[f.column]
            if f.load is not None and len(values) * _FEW <= len(index):
                values = [f.load(v) for v in values]
            elif f.load is not None:
                loads.append((k, f.load))
            values_of.append(values)
        numbers = np.stack(
            [np.frombuffer(self.encoded[f.column][1], dtype=np.uint32) for f in FIELDS], axis=1
        )
        self._plan = (values_of, numbers, loads)
        return self._plan

    def __len__(self) -> int:
        return len(self.name_of)

    @overload
    def __getitem__(self, i: int) -> CardFacts: ...
    @overload
    def __getitem__(self, i: slice) -> list[CardFacts]: ...
    def __getitem__(self, i: int | slice) -> CardFacts | list[CardFacts]:
        if isinstance(i, slice):
            return [self.facts_at(j) for j in range(*i.indices(len(self)))]
        return self.facts_at(i)

    def __iter__(self) -> Iterator[CardFacts]:
        return map(self.facts_at, range(len(self)))


# how facts_at reads the fields: each one's values, a (cards, fields) array of value numbers, and
# (field position, load) of the fields loaded a card at a time
_Plan = tuple[list[Sequence[Any]], Any, list[tuple[int, Callable[[Any], Any]]]]
_FEW: Final = 4  # "few distinct values": at most one per this many cards


def _pick(values: Sequence[Any], index: Sequence[int]) -> Sequence[Any]:
    """``values[i]`` for each i in ``index``, in C (itemgetter of one index gives a bare value)."""
    return itemgetter(*index)(values) if len(index) > 1 else [values[i] for i in index]


_EXACT_LIMIT: Final = 100_000  # names FactsByName.exact remembers


class FactsByName:
    """A card store's stored facts by oracle name: what the engine resolves a deck's names
    through when a run checks many decks (engine.resolve_deck), so that a card named exactly needs
    no card object built (only its facts, read from the store once: about 40 ms for the whole card
    pool, against about 0.2 ms to build each card and compute what the rules read of it)."""

    def __init__(self, stored: StoredFacts) -> None:
        self.stored = stored
        values, index = stored.encoded[CLEAN_NAME]
        self._clean, self._clean_index = values, index
        # each name as written -> exact()'s answer (bounded: a corpus of endless misspellings
        # starts over)
        self._exact: dict[str, CardFacts | None] = {}

    @classmethod
    def of(cls, store: CardStore) -> FactsByName | None:
        """The store's facts, when it keeps them in this code's version (else None: the engine then
        reads the cards)."""
        columns = store.stored_fact_columns(facts_version())
        return None if columns is None else cls(StoredFacts(columns))

    def exact(self, name: str) -> CardFacts | None:
        """The facts of the card this name is written exactly as (its oracle name, which
        clean_name leaves as it is: CardStore.resolve's "exact" match), else None."""
        try:
            return self._exact[name]
        except KeyError:
            pass
        row = self.stored.row_of.get(name)
        found = None if row is None or not self._clean[self._clean_index[row]] else self.stored.facts_at(row)
        if len(self._exact) >= _EXACT_LIMIT:
            self._exact.clear()
        self._exact[name] = found
        return found

    def named(self, oracle_name: str) -> CardFacts | None:
        """The facts of the card with this oracle name, else None."""
        row = self.stored.row_of.get(oracle_name)
        return None if row is None else self.stored.facts_at(row)
