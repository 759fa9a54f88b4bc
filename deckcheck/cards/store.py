"""Card store: one lookup interface over the bundled card set or a locally built SQLite store.

The SQLite store is built once (``deckcheck cards update`` / ``cards import``) and then read lazily:
a single-deck check opens the file and fetches only the cards it names, so start-up does not
depend on the size of the card pool. Batch users call :meth:`CardStore.all_cards` once.

A store can also keep derived per-card *facts* for fast batch validation, computed once at build
time by a :class:`FactsBuilder` (``write_store(..., facts=...)``) and read back in bulk with
:meth:`CardStore.stored_facts`. This module treats them as opaque JSON; what they are, and their
version, belongs to the layer that computes them (``deckcheck.card_facts``), which hands a builder in.

A built store also keeps its names index: every full and face name folded
(:func:`~deckcheck.cards.names.fold_key`, table ``folded``) for the spellings clients write, and
the did-you-mean index (:class:`~deckcheck.cards.suggest.NameIndex`, a blob). A store built
before it kept them is read as before, with both built in memory when first needed.

A store built by an importer also keeps the names and kinds of the cards no deck can hold
(planes, schemes, Vanguard cards, meld results: :mod:`deckcheck.cards.nondeck`; table
``non_deck``), which are not card records. A store built before it kept them, or before it kept
meld results, knows none (:meth:`CardStore.non_deck_card` is None): it is rebuilt to know them.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import itertools
import json
import os
import re
import sys
import unicodedata
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol

from deckcheck import bundled_file
from deckcheck._gc import gc_paused
from deckcheck.atomic import replacing
from deckcheck.cards.model import Card
from deckcheck.cards.names import (
    clean_name,
    fold_accents,
    fold_key,
    fold_of_key,
    lookup_key,
    loose_key,
    printed_key,
)
from deckcheck.cards.nondeck import NonDeckCard
from deckcheck.cards.records import card_from_record
from deckcheck.errors import CardDataError
from deckcheck.value import Value
from deckcheck.wording import counted

# A one-deck check on the bundled card set needs neither SQLite nor the did-you-mean index (a deck
# whose names all resolve asks for no suggestion): both are imported where they are used.
if TYPE_CHECKING:
    import sqlite3

    from deckcheck.cards.suggest import NameIndex, Suggestions

# Stores with stored facts or a names index are still "1": both are optional extra tables, and a
# store without them is read as before (its indexes built in memory).
SCHEMA_VERSION = "1"
STORE_FILENAME = "cards.sqlite"
FACTS_VERSION_META = "facts_version"  # meta key: the FactsBuilder.version the stored facts came from
FACTS_ENCODING_META = "facts_encoding"  # meta key: the FACTS_ENCODING they were written in
FACTS_BLOB_KEY = "facts"  # row of the blobs table holding them
FACTS_ENCODING = 2  # layout of that blob (see _FactsEncoder); a reader ignores any other
NAMES_INDEX_META = "names_index"  # meta key: the NameIndex layout of the folded names and did-you-mean index
NAMES_BLOB_KEY = "names"  # row of the blobs table holding the did-you-mean index
# meta key: the layout of the non_deck table, present when the store keeps the cards no deck can
# hold (an importer's build; a store built before, or from records alone, does not say). Version 2
# adds the meld results (whose card records version 1 stores kept) and their meld cards (``parts``).
NON_DECK_META = "non_deck_table"
NON_DECK_VERSION = "2"
# a JSON card file's list of them: [{"name", "kind", "type_line", "parts" (a meld result's)}]
NON_DECK_KEY = "non_deck_cards"
# meta key: the layout of the unaccented table (the localized printed names that have accents, by
# their form without them), present when the store keeps it; a store built before does not say,
# and a name typed without its accents is then looked up only in the languages of its own list
# (CardStore.printed_unaccented), which reads each one's printed names on its first ask.
UNACCENTED_META = "unaccented_table"
UNACCENTED_VERSION = "1"
# meta key: the set codes of every printing of the store's cards, space-separated (every build
# writes it, empty when they give no printings): the sets the card data knows, as of its printings'
# day (CardStore.known_set_codes). A store built before does not say: its records are read for them.
SET_CODES_META = "set_codes"
# meta keys: the sets' release days, "CODE:YYYY-MM-DD" space-separated (an import given MTGJSON's
# SetList writes them), and the day their source describes. A set released after the day the
# card data's printings describe was known to it only in part, if at all (a set being previewed):
# a card printed in none of a card pool's other sets may be in it (CardStore.sets_known_in_part).
# A store without them judges a pool's sets by its printings alone, as one built before does.
SET_DATES_META = "set_release_dates"
SET_DATES_AS_OF_META = "set_release_dates_as_of"


# -- where things live --------------------------------------------------------------------------
def cache_dir() -> Path:
    """$DECKCHECK_CACHE_DIR, else the user cache directory platformdirs names for deckcheck."""
    override = os.environ.get("DECKCHECK_CACHE_DIR")
    if override:
        return Path(override)
    if sys.platform == "linux" and not _android():
        # platformdirs on Linux is the XDG base directory rule, here without its import (a few
        # milliseconds of every check): $XDG_CACHE_HOME when it is an absolute path, else ~/.cache
        base = os.environ.get("XDG_CACHE_HOME", "")
        return Path(base if os.path.isabs(base) else os.path.expanduser("~/.cache"), "deckcheck")
    import platformdirs

    return Path(platformdirs.user_cache_dir("deckcheck"))


def _android() -> bool:
    """Whether platformdirs might take this for Android, where its cache directory differs."""
    return hasattr(sys, "getandroidapilevel") or "ANDROID_DATA" in os.environ


def default_store_path() -> Path:
    return cache_dir() / STORE_FILENAME


def bundled_cards_path() -> Path:
    """data/cards.json (:func:`deckcheck.bundled_file`)."""
    return bundled_file("cards.json")


# -- the day the card data describes --------------------------------------------------------------
# Meta keys that say it, in order: a Scryfall build's or an import's ``updated_at``, the bundled
# set's ``oracle_as_of``, an MTGJSON file's ``mtgjson_date``.
DATA_DATE_KEYS = ("updated_at", "oracle_as_of", "mtgjson_date")
_DATA_DAY = re.compile(r"\s*(\d{4}-\d{2}-\d{2})(?:[T ]\S*)?\s*")


def parse_data_day(text: object) -> dt.date | None:
    """The day in a card data date (``2026-10-01``, or Scryfall's ``2026-10-01T09:02:11.120+00:00``);
    None for anything else ("yesterday", "", not a string)."""
    match = _DATA_DAY.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        return None
    try:
        return dt.date.fromisoformat(match[1])
    except ValueError:
        return None


def card_data_date(meta: Mapping[str, str]) -> dt.date | None:
    """The day the card data describes; None when its meta does not say (or says it unreadably)."""
    for key in DATA_DATE_KEYS:
        day = parse_data_day(meta.get(key))
        if day is not None:
            return day
    return None


# The day the card data's printings describe, where it is earlier than the data's own day: the
# bundled set's printings were written from the April 2022 data, its Oracle text and legalities later.
PRINTINGS_DATE_KEY = "printings_as_of"


def printings_date(meta: Mapping[str, str]) -> dt.date | None:
    """The day the card data's printings describe: :func:`card_data_date`, or its
    ``printings_as_of`` when that is earlier; None when the data says no day."""
    day = card_data_date(meta)
    printed = parse_data_day(meta.get(PRINTINGS_DATE_KEY))
    return day if day is None or printed is None else min(day, printed)


# -- lookup results -------------------------------------------------------------------------------
class Resolution(Value):
    """How a name as written maps to a card.

    ``match`` is one of: exact, normalized (case/accents/separators), face (a face name, e.g. the
    front of an MDFC), printed (a localized printed name), folded (equal to one card's name or face
    name once spaces and punctuation are ignored too), ambiguous, unknown.
    """

    FIELDS = ("query", "card", "match", "suggestions", "language", "other_epithet")
    __slots__ = FIELDS

    def __init__(
        self,
        query: str,
        card: Card | None,
        match: str,
        suggestions: tuple[str, ...] = (),
        language: str | None = None,
        other_epithet: bool = False,
    ) -> None:
        self.query: Final = query
        self.card: Final = card
        self.match: Final = match
        self.suggestions: Final = suggestions
        self.language: Final = language
        self.other_epithet: Final = other_epithet  # the suggestion is only the same legend's card

    @property
    def ok(self) -> bool:
        return self.card is not None


class NameRow(Value):
    FIELDS = ("card_name", "kind", "lang")
    __slots__ = FIELDS

    def __init__(self, card_name: str, kind: str, lang: str | None) -> None:
        self.card_name: Final = card_name
        self.kind: Final = kind  # full | face | printed
        self.lang: Final = lang


# What a first lookup finds: the record of the card of that exact name; when there is none,
# whether the names index knows the name some other way.
_Found = tuple[Mapping[str, Any] | None, bool]


# What a name is first looked up by: itself as cleaned (clean_name), its lookup_key, its printed_key
# and the fold of its lookup key. (A plain tuple: one is made for each name of no card.)
_Lookup = tuple[str, str, str, str]


def _unaccented_key(name: str) -> str:
    """The key CardStore.printed_unaccented looks a name up by: its printed_key without accents."""
    return fold_accents(printed_key(clean_name(name)))


def _lookup_of(query: str) -> _Lookup:
    key = lookup_key(query)
    return query, key, printed_key(query), fold_of_key(key)


_LookedUp = tuple[_Lookup, _Found]


class _Backend(Protocol):
    meta: dict[str, str]

    def record(self, name: str) -> Mapping[str, Any] | None: ...
    def rows(self, key: str) -> list[NameRow]: ...
    def printed_rows(self, key: str) -> list[NameRow]: ...
    def accented_printed_in(self, lang: str) -> list[tuple[str, str]]:
        """(printed_key, card name) of every localized printed name in language ``lang`` that is
        not all ASCII (an accent, a ligature: what a name typed without them leaves out)."""

    def unaccented_rows(self, folded: str) -> list[tuple[str, str, str]] | None:
        """(printed name as printed, card name, language) of every localized printed name whose
        form without accents (:func:`_unaccented_rows`) is ``folded``; None when the backend keeps
        no such table (a store built before it did)."""

    def unaccented_rows_of(self, keys: Sequence[str]) -> dict[str, list[tuple[str, str, str]]] | None:
        """:meth:`unaccented_rows` of each of these keys (distinct), at once; None when the backend
        keeps no such table."""

    def folded_rows(self, key: str) -> list[NameRow]: ...
    def first_lookups(self, lookups: Sequence[_Lookup]) -> list[_Found]:
        """Per lookup: the record of the card its name (the first of the four) names exactly; and
        when there is none, whether rows, printed_rows or folded_rows would find anything for its
        keys."""

    def name_index(self) -> NameIndex: ...
    def all_records(self) -> Iterator[Mapping[str, Any]]: ...
    def printed_set_codes(self) -> set[str]:
        """The set codes of every record's printings (a store whose meta does not list them)."""

    def facts_blob(self, version: str) -> bytes | None: ...
    def non_deck_cards(self) -> list[NonDeckCard] | None:
        """The cards no deck can hold that the store keeps; None when it does not keep them."""

    def full_names_from(self, low: str, high: str) -> list[str]:
        """The card names whose lookup key is at least ``low`` and below ``high``."""

    def __len__(self) -> int: ...


def _unaccented_rows(name: str, record: Mapping[str, Any]) -> Iterator[tuple[str, str, str, str]]:
    """(printed key without accents, printed name, card name, language) of each localized printed
    name of a record that has accents (or another mark) to leave out: what a name typed without
    them is. (Not a Korean name: its syllables decompose into letters, not into marks.)"""
    for lang, printed in (record.get("printed_names") or {}).items():
        for text in printed:
            key = printed_key(str(text))
            folded = fold_accents(key)
            if folded != key and unicodedata.normalize("NFC", folded) != key:
                yield folded, str(text), name, str(lang)


def _folded_rows(rows: Iterable[tuple[str, str, str, str | None]]) -> Iterator[tuple[str, str, str]]:
    """(folded key, card name, kind) for the full and face names among a record's index rows."""
    for key, card_name, kind, _ in rows:
        if kind != "printed":
            folded = fold_key(key)
            if folded:  # "_____" keeps its underscores; a name of punctuation alone folds to nothing
                yield folded, card_name, kind


class _InMemoryNames:
    """The folded names and the did-you-mean index of a card set, built from its (key, card name,
    kind) name rows: for card sets read from JSON, and stores built before the index was kept."""

    def __init__(self, rows: Iterable[tuple[str, str, str]]) -> None:
        named = [(key, card_name, kind) for key, card_name, kind in rows if kind != "printed"]
        self._rows = [(key, card_name) for key, card_name, _ in named]
        self.folded: dict[str, list[NameRow]] = {}
        for folded, card_name, kind in _folded_rows((k, n, kind, None) for k, n, kind in named):
            table = self.folded.setdefault(folded, [])
            row = NameRow(card_name, kind, None)
            if row not in table:
                table.append(row)
        self._index: NameIndex | None = None

    def index(self) -> NameIndex:
        if self._index is None:
            from deckcheck.cards.suggest import NameIndex

            self._index = NameIndex.build(self._rows)
        return self._index


def _index_rows(record: Mapping[str, Any]) -> Iterator[tuple[str, str, str, str | None]]:
    """(key, card name, kind, lang) rows for every name a record can be looked up by."""
    name = str(record["name"])
    yield lookup_key(name), name, "full", None
    faces = record.get("faces") or []
    if len(faces) > 1:
        for face in faces:
            yield lookup_key(str(face["name"])), name, "face", None
    for lang, printed in (record.get("printed_names") or {}).items():
        for text in printed:
            yield printed_key(str(text)), name, "printed", str(lang)


def _first_lookup_by_rows(backend: _Backend, lookup: _Lookup) -> _Found:
    """:meth:`_Backend.first_lookups` of one lookup through the backend's own lookups, one after
    the other."""
    name, key, printed, folded = lookup
    record = backend.record(name)
    if record is not None:
        return record, False
    named = backend.rows(key) or backend.printed_rows(printed) or (folded and backend.folded_rows(folded))
    return None, bool(named)


_NameTables = tuple[dict[str, list[NameRow]], dict[str, list[NameRow]]]  # (full and face, printed)


def _add_name_rows(tables: _NameTables, name: str, record: Mapping[str, Any]) -> None:
    try:
        rows = list(_index_rows(record))
    except (KeyError, TypeError, AttributeError) as exc:  # faces / printed names of the wrong shape
        raise CardDataError(f"card {name!r}: malformed face or printed names ({exc!r})") from None
    for key, card_name, kind, lang in rows:
        table = tables[1] if kind == "printed" else tables[0]
        row = NameRow(card_name, kind, lang)
        if row not in table.setdefault(key, []):
            table[key].append(row)


class _MemoryBackend:
    """Card records held in memory. ``index_names_now`` False (the bundled card set, whose rows a
    test builds) leaves the name rows to the first lookup that needs them: a deck that names every
    card exactly, as most do, never does."""

    def __init__(
        self,
        records: Iterable[Mapping[str, Any]],
        meta: Mapping[str, str],
        *,
        index_names_now: bool = True,
        non_deck: Iterable[NonDeckCard] | None = None,
    ) -> None:
        self.meta = dict(meta)
        self._non_deck = None if non_deck is None else list(non_deck)
        self._records: dict[str, Mapping[str, Any]] = {}
        self._tables: _NameTables | None = ({}, {}) if index_names_now else None
        self._names: _InMemoryNames | None = None
        self._unaccented: dict[str, list[tuple[str, str, str]]] | None = None  # built on first ask
        for number, record in enumerate(records, start=1):
            if not isinstance(record, Mapping) or not isinstance(record.get("name"), str):
                raise CardDataError(f"card record {number} has no name: {str(record)[:80]}")
            name = record["name"]
            if name in self._records:
                raise CardDataError(f"card {name!r} appears twice in the card data")
            if self._tables is not None:
                _add_name_rows(self._tables, name, record)
            self._records[name] = record

    def _name_tables(self) -> _NameTables:
        if self._tables is None:
            tables: _NameTables = ({}, {})
            for name, record in self._records.items():
                _add_name_rows(tables, name, record)
            self._tables = tables
        return self._tables

    def record(self, name: str) -> Mapping[str, Any] | None:
        return self._records.get(name)

    def rows(self, key: str) -> list[NameRow]:
        return self._name_tables()[0].get(key, [])

    def printed_rows(self, key: str) -> list[NameRow]:
        return self._name_tables()[1].get(key, [])

    def accented_printed_in(self, lang: str) -> list[tuple[str, str]]:
        printed = self._name_tables()[1]
        return [
            (key, r.card_name)
            for key, rows in printed.items()
            if not key.isascii()
            for r in rows
            if r.lang == lang
        ]

    def unaccented_rows(self, folded: str) -> list[tuple[str, str, str]]:
        if self._unaccented is None:
            self._unaccented = {}
            for name, record in self._records.items():
                for key, printed, card_name, lang in _unaccented_rows(name, record):
                    self._unaccented.setdefault(key, []).append((printed, card_name, lang))
        return self._unaccented.get(folded, [])

    def unaccented_rows_of(self, keys: Sequence[str]) -> dict[str, list[tuple[str, str, str]]]:
        return {key: self.unaccented_rows(key) for key in keys}

    def _in_memory(self) -> _InMemoryNames:
        if self._names is None:
            self._names = _InMemoryNames(
                (key, row.card_name, row.kind) for key, rows in self._name_tables()[0].items() for row in rows
            )
        return self._names

    def folded_rows(self, key: str) -> list[NameRow]:
        return self._in_memory().folded.get(key, [])

    def first_lookups(self, lookups: Sequence[_Lookup]) -> list[_Found]:
        return [_first_lookup_by_rows(self, lookup) for lookup in lookups]

    def name_index(self) -> NameIndex:
        return self._in_memory().index()

    def all_records(self) -> Iterator[Mapping[str, Any]]:
        return iter(self._records.values())

    def printed_set_codes(self) -> set[str]:
        return _printed_set_codes(self._records.values())

    def facts_blob(self, version: str) -> bytes | None:
        return None  # JSON and in-memory card sets carry no precomputed facts

    def non_deck_cards(self) -> list[NonDeckCard] | None:
        return self._non_deck

    def full_names_from(self, low: str, high: str) -> list[str]:
        full = self._name_tables()[0]
        return [row.card_name for key in full if low <= key < high for row in full[key] if row.kind == "full"]

    def __len__(self) -> int:
        return len(self._records)


_REBUILD_HINT = "rebuild it with `deckcheck cards update` or `deckcheck cards import FILE`"


def _unopenable(path: Path, exc: sqlite3.DatabaseError) -> CardDataError:
    """Why a store cannot be opened, in the user's terms: not readable by them, or damaged."""
    try:
        with open(path, "rb") as handle:
            handle.read(1)
    except PermissionError:
        return CardDataError(
            f"card store {path}: permission denied (reading it needs read permission on the file)",
            hint="ask its owner to make it readable (chmod a+r), or use a store of your own: "
            "--card-db PATH, or DECKCHECK_CACHE_DIR",
        )
    except OSError:
        pass
    return CardDataError(f"card store {path} is unreadable ({exc})", hint=_REBUILD_HINT)


def names_index_current(meta: Mapping[str, str]) -> bool:
    """Whether a store keeps its folded names and did-you-mean index in the layout this release
    reads (else they are built in memory when first needed, and the next `cards update` rebuilds
    the store with them)."""
    from deckcheck.cards.suggest import INDEX_VERSION

    return meta.get(NAMES_INDEX_META) == str(INDEX_VERSION)


def read_only_uri(path: Path) -> str:
    """The SQLite URI that opens ``path`` read-only. The path is percent-encoded (Path.as_uri): in a
    URI a '#' or '?' would end the file name and a '%' start an escape, so a store in a folder named
    so would be another file, or none."""
    return f"{Path(os.path.abspath(path)).as_uri()}?mode=ro"


# A name's first lookup in SQL (_SqliteBackend.first_lookups), of its exact name, lookup key, printed key
# and fold. COALESCE stops at the record: a name of a card pays for no index lookup.
_FIRST_LOOKUP = (
    "COALESCE((SELECT record FROM cards WHERE cards.name = {name}),"
    " EXISTS(SELECT 1 FROM names WHERE names.key = {key} AND kind != 'printed')"
    " OR EXISTS(SELECT 1 FROM names WHERE names.key = {printed} AND kind = 'printed')"
    " OR EXISTS(SELECT 1 FROM folded WHERE folded.key = {folded}))"
)
_FIRST_LOOKUP_OF_ONE = "SELECT " + _FIRST_LOOKUP.format(name="?1", key="?2", printed="?3", folded="?4")
_FIRST_LOOKUPS_OF_MANY = (
    "WITH asked(at, name, key, printed, folded) AS (VALUES {values}) SELECT at, "
    + _FIRST_LOOKUP.format(name="asked.name", key="asked.key", printed="asked.printed", folded="asked.folded")
    + " FROM asked"
)
# Names first looked up in one query: five parameters each (where the name's answer goes, then its
# four), within the 999 a statement of SQLite before 3.32.
_LOOKUPS_A_QUERY = 199
# Keys looked up in one query (unaccented_rows_of): within those 999 parameters too.
_KEYS_A_QUERY = 999


class _SqliteBackend:
    def __init__(self, path: Path) -> None:
        import sqlite3

        self.path = path
        try:
            # Read-only URI: a check never writes to the store, and a concurrent update replaces
            # the file atomically, so an open reader keeps a consistent snapshot.
            self._db = sqlite3.connect(read_only_uri(path), uri=True, check_same_thread=False)
            self.meta = dict(self._db.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.DatabaseError as exc:
            raise _unopenable(path, exc) from None
        schema = self.meta.get("schema_version")
        if schema != SCHEMA_VERSION:
            found = (
                "has no schema_version: not a card store deckcheck built"
                if schema is None
                else f"has schema {schema!r}, this deckcheck reads {SCHEMA_VERSION!r}"
            )
            raise CardDataError(f"card store {path} {found}", hint=_REBUILD_HINT)
        self._names: _InMemoryNames | None = None
        self._index: NameIndex | None = None
        self._count: int | None = None
        # (decided once: the open file is a snapshot, and a name of no card asks it per query)
        self._has_names_index = names_index_current(self.meta)
        self._has_unaccented = self.meta.get(UNACCENTED_META) == UNACCENTED_VERSION
        self._database_error = sqlite3.DatabaseError  # (sqlite3 is imported when a store opens)

    def _damaged(self, exc: Exception) -> CardDataError:
        """A page that cannot be read (a damaged or truncated file) surfaces when a query reaches
        it, which may be long after opening: name the store and the way out, never a raw error."""
        return CardDataError(
            f"card store {self.path} is damaged ({exc})",
            hint=f"{_REBUILD_HINT}; `deckcheck cards info --verify` checks a store",
        )

    @contextlib.contextmanager
    def _reading(self) -> Iterator[None]:
        """:meth:`_damaged` for the queries made meanwhile."""
        try:
            yield
        except self._database_error as exc:
            raise self._damaged(exc) from None

    def record(self, name: str) -> Mapping[str, Any] | None:
        rows = self._query("SELECT record FROM cards WHERE name = ?", (name,))
        return json.loads(rows[0][0]) if rows else None

    def _name_rows(self, key: str, printed: bool) -> list[NameRow]:
        op = "=" if printed else "!="
        rows = self._query(
            f"SELECT card_name, kind, lang FROM names WHERE key = ? AND kind {op} 'printed'", (key,)
        )
        return [NameRow(n, k, lang) for n, k, lang in rows]

    def rows(self, key: str) -> list[NameRow]:
        return self._name_rows(key, printed=False)

    def printed_rows(self, key: str) -> list[NameRow]:
        return self._name_rows(key, printed=True)

    def accented_printed_in(self, lang: str) -> list[tuple[str, str]]:
        # (GLOB: a character outside printable ASCII somewhere in the key)
        sql = "SELECT key, card_name FROM names WHERE kind = 'printed' AND lang = ? AND key GLOB '*[^ -~]*'"
        return [(key, card_name) for key, card_name in self._query(sql, (lang,))]

    def unaccented_rows(self, folded: str) -> list[tuple[str, str, str]] | None:
        if not self._has_unaccented:
            return None
        rows = self._query("SELECT printed, card_name, lang FROM unaccented WHERE key = ?", (folded,))
        return [(printed, card_name, lang) for printed, card_name, lang in rows]

    def unaccented_rows_of(self, keys: Sequence[str]) -> dict[str, list[tuple[str, str, str]]] | None:
        if not self._has_unaccented:
            return None
        found: dict[str, list[tuple[str, str, str]]] = {key: [] for key in keys}
        for first in range(0, len(keys), _KEYS_A_QUERY):
            part = keys[first : first + _KEYS_A_QUERY]
            marks = ", ".join("?" * len(part))
            sql = f"SELECT key, printed, card_name, lang FROM unaccented WHERE key IN ({marks})"
            for key, printed, card_name, lang in self._query(sql, tuple(part)):
                found[key].append((printed, card_name, lang))
        return found

    def _in_memory(self) -> _InMemoryNames:
        """A store built before it kept its names index: the same index, built from its name rows
        on first use (a few hundred milliseconds for the full card pool; `cards update` or
        `cards import` rebuilds the store with it)."""
        if self._names is None:
            rows = self._query("SELECT key, card_name, kind FROM names WHERE kind != 'printed'")
            self._names = _InMemoryNames(rows)
        return self._names

    def _query(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
        # (try/except, not _reading: a batch's names of no card make thousands of queries)
        try:
            rows: list[Any] = self._db.execute(sql, parameters).fetchall()
        except self._database_error as exc:
            raise self._damaged(exc) from None
        return rows

    def folded_rows(self, key: str) -> list[NameRow]:
        if not self._has_names_index:
            return self._in_memory().folded.get(key, [])
        rows = self._query("SELECT card_name, kind FROM folded WHERE key = ?", (key,))
        return [NameRow(card_name, kind, None) for card_name, kind in rows]

    def first_lookups(self, lookups: Sequence[_Lookup]) -> list[_Found]:
        """:meth:`_Backend.first_lookups` in one query per :data:`_LOOKUPS_A_QUERY`, what most
        names of no card cost (a batch of decks newer than the card data meets thousands: a query
        for many costs a third of what a query each does, per name; a query of one, as plain as
        can be, a fifth less than one of many)."""
        if not self._has_names_index:
            return [_first_lookup_by_rows(self, lookup) for lookup in lookups]
        if len(lookups) == 1:
            found = [self._query(_FIRST_LOOKUP_OF_ONE, tuple(lookups[0]))[0][0]]
        else:
            found = [None] * len(lookups)
            for first in range(0, len(lookups), _LOOKUPS_A_QUERY):
                part = lookups[first : first + _LOOKUPS_A_QUERY]
                values = ", ".join(["(?, ?, ?, ?, ?)"] * len(part))
                numbered = itertools.chain.from_iterable(
                    (at, *lookup) for at, lookup in enumerate(part, first)
                )
                for at, value in self._query(_FIRST_LOOKUPS_OF_MANY.format(values=values), tuple(numbered)):
                    found[at] = value
        return [
            (None, bool(value)) if isinstance(value, int) else (json.loads(value), False) for value in found
        ]

    def name_index(self) -> NameIndex:
        if self._index is not None:
            return self._index
        from deckcheck.cards.suggest import NameIndex

        index = None
        if self._has_names_index:
            found = self._query("SELECT value FROM blobs WHERE key = ?", (NAMES_BLOB_KEY,))
            if found:
                value = found[0][0]
                try:
                    index = NameIndex.from_blob(value.encode("utf-8") if isinstance(value, str) else value)
                except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
                    raise CardDataError(
                        f"card store {self.path}: its names index is corrupt ({exc})", hint=_REBUILD_HINT
                    ) from None
        self._index = index if index is not None else self._in_memory().index()
        return self._index

    def all_records(self) -> Iterator[Mapping[str, Any]]:
        with self._reading():
            for (text,) in self._db.execute("SELECT record FROM cards ORDER BY name"):
                yield json.loads(text)

    def printed_set_codes(self) -> set[str]:
        # SQLite's JSON functions read them in a quarter of the time parsing every record takes
        import sqlite3

        query = "SELECT DISTINCT code.value FROM cards, json_each(cards.record, '$.printings') AS code"
        try:
            rows = self._db.execute(query).fetchall()
        except sqlite3.OperationalError:  # (an SQLite built without them)
            return _printed_set_codes(self.all_records())
        except sqlite3.DatabaseError as exc:
            raise self._damaged(exc) from None
        return {code for (code,) in rows if isinstance(code, str)}

    def facts_blob(self, version: str) -> bytes | None:
        if not stored_facts_current(self.meta, version):
            return None  # a store from before stored facts, or facts of another version or layout
        import sqlite3

        try:
            row = self._db.execute("SELECT value FROM blobs WHERE key = ?", (FACTS_BLOB_KEY,)).fetchone()
        except sqlite3.OperationalError:  # no blobs table: not a store this module wrote facts into
            return None
        except sqlite3.DatabaseError as exc:
            raise CardDataError(f"card store {self.path} is unreadable ({exc})", hint=_REBUILD_HINT) from None
        if row is None:
            return None
        value = row[0]
        return value.encode("utf-8") if isinstance(value, str) else bytes(value)

    def non_deck_cards(self) -> list[NonDeckCard] | None:
        if self.meta.get(NON_DECK_META) != NON_DECK_VERSION:
            return None  # a store built before it kept them, or from records alone
        rows = self._query("SELECT name, kind, type_line, parts FROM non_deck ORDER BY name")
        return [
            NonDeckCard(str(name), str(kind), str(type_line), tuple(json.loads(parts)) if parts else ())
            for name, kind, type_line, parts in rows
        ]

    def full_names_from(self, low: str, high: str) -> list[str]:
        rows = self._query(
            "SELECT card_name FROM names WHERE key >= ? AND key < ? AND kind = 'full'", (low, high)
        )
        return [card_name for (card_name,) in rows]

    def __len__(self) -> int:
        # counted once: the open file is a snapshot (an update replaces the file, not its rows),
        # and every DC010 message names the card count (data_label)
        if self._count is None:
            with self._reading():
                self._count = int(self._db.execute("SELECT COUNT(*) FROM cards").fetchone()[0])
        return self._count


# Lookup keys from "+" up to the digits' end (":" follows "9"): every name that starts with one.
_NUMBER_KEYS_FROM, _NUMBER_KEYS_TO = "+", ":"


# An HTML character reference with its semicolon ("&#39;", "&#x27;", "&amp;"): a name copied from a
# web page's source. (Without one, "&" is the name's own: "R&D's Secret Lair".)
_HTML_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
# A set code ("M10", "2XM") and/or a collector number ("146", "146s", "★") after a name.
_GLUED_PRINTING = re.compile(r"^(.*?\S)\s+(?:[A-Z0-9]{2,6}\s+)?(?:[0-9]{1,4}[a-z★]?|[A-Z0-9]{2,6})$")


# -- the store --------------------------------------------------------------------------------------
def adds_comma(key: str, card: Card) -> bool:
    """Whether a name (its lookup_key) that folds to ``card``'s has more commas than the card's name
    and each of its faces: "Lava, Axe" is no way of writing Lava Axe. A list drops punctuation
    ("Jace Vryns Prodigy") or writes a hyphen for a space ("Goblin-Guide"); a comma sets off a
    legend's epithet, and one the card lacks more likely names a card newer than the data, so such
    a name is not read as the card by folding (its did-you-mean still offers it)."""
    commas = key.count(",")
    return commas > 0 and all(commas > lookup_key(name).count(",") for name in (card.name, *card.face_names))


class CardStore:
    """Name lookups and card records, whatever the backend."""

    def __init__(self, backend: _Backend, description: str) -> None:
        self._backend = backend
        self.description = description
        self._cards: dict[str, Card] = {}
        # The same unknown names recur across a corpus (cards newer than the data): suggest once.
        self._suggestions: dict[str, Suggestions] = {}
        # A folder run names the same few thousand cards over and over: each name as written is
        # resolved once, by ``suggest`` (False, True). Bounded: a corpus of endless misspellings
        # starts over instead of growing.
        self._resolved_names: tuple[dict[str, Resolution], dict[str, Resolution]] = ({}, {})
        self._data_label: str | None = None  # (every unknown name's message says it)
        self._number_led: dict[str, list[str]] | None = None
        self._non_deck: dict[str, NonDeckCard] | None = None  # by lookup key and fold key
        self._non_deck_of: dict[str, NonDeckCard | None] = {}  # name as written -> non_deck_card's answer
        # per language: its accented printed names by their key without accents (printed_unaccented)
        self._unaccented: dict[str, dict[str, list[tuple[str, str]]]] = {}
        # what a store that keeps its printed names without accents answered, by the folded name
        self._unaccented_kept: dict[str, list[tuple[str, str, str]]] = {}
        # each name as written -> its _unaccented_key: a batch asks it of every name of no card
        # twice or more (unaccented_ahead, then printed_unaccented), its lean path and engine alike
        self._unaccented_keys: dict[str, str] = {}
        # Whether card data that says no day it describes is taken as current. Only for records
        # handed in by code (from_records: a library caller's or a test's own cards, made for the
        # day they are used); a store file, built or a JSON file, of unknown date vouches for no
        # day's legality (engine.legality_out_of_date).
        self.vouches_without_date = False
        self._known_set_codes: frozenset[str] | None = None  # (known_set_codes, read once)
        self._set_code_guesses: dict[str, tuple[str, ...]] = {}  # unknown set code -> did you mean
        self._set_dates: dict[str, dt.date] | None = None  # (sets_known_in_part, read once)

    # construction
    @classmethod
    def from_records(
        cls,
        records: Iterable[Mapping[str, Any]],
        description: str = "<records>",
        *,
        non_deck: Iterable[NonDeckCard] | None = None,
    ) -> CardStore:
        """A store of these records (and these cards no deck can hold, when given)."""
        store = cls(_MemoryBackend(records, {"source": description}, non_deck=non_deck), description)
        store.vouches_without_date = True
        return store

    @classmethod
    def from_json(cls, path: Path, *, index_names_now: bool = True) -> CardStore:
        """A JSON file of card records (a list, or {"cards": [...], "meta": {...}}). Its name rows
        are built as it is read, so a malformed record fails here, unless ``index_names_now`` is
        False (the bundled card set): then on the first lookup that is not an exact card name."""
        try:
            payload = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise CardDataError(f"card data file {path} not found") from None
        except IsADirectoryError:
            raise CardDataError(
                f"card data file {path} is a directory, not a JSON file of card records"
            ) from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CardDataError(f"card data file {path} is not valid JSON: {exc}") from None
        except RecursionError:
            raise CardDataError(
                f"card data file {path}: its JSON is nested too deeply to be card records"
            ) from None
        records = payload.get("cards") if isinstance(payload, dict) else payload
        if not isinstance(records, list):
            mtgjson = isinstance(payload, dict) and isinstance(payload.get("data"), dict)
            raise CardDataError(
                f"card data file {path}: expected a list of card records under 'cards'",
                hint=f"MTGJSON's AtomicCards is built into a card store: `deckcheck cards import {path}`"
                if mtgjson
                else None,
            )
        raw_meta = (payload.get("meta") or {}) if isinstance(payload, dict) else {}
        if not isinstance(raw_meta, dict):
            raise CardDataError(f"card data file {path}: 'meta' must be an object")
        meta = {str(k): str(v) for k, v in raw_meta.items()}
        meta.setdefault("source", str(path))
        non_deck = _non_deck_of_json(path, payload.get(NON_DECK_KEY) if isinstance(payload, dict) else None)
        try:
            backend = _MemoryBackend(records, meta, index_names_now=index_names_now, non_deck=non_deck)
        except CardDataError as exc:  # a record's fault: say which file holds it
            message = f"card data file {path}: {exc.message}"
            raise CardDataError(message, hint=exc.hint, details=exc.details) from None
        return cls(backend, str(path))

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> CardStore:
        """Open a store file: a built SQLite store, or a JSON file of records."""
        path = Path(path)
        try:
            is_dir = path.is_dir()  # (a missing one is False)
            exists = is_dir or path.exists()
        except OSError as exc:  # (a name too long, a folder that cannot be searched)
            raise CardDataError(f"card store {path}: {exc.strerror or type(exc).__name__}") from None
        if not exists:
            raise CardDataError(
                f"card store {path} not found",
                hint=f"build it: `deckcheck cards update --card-db {path}`, or `deckcheck cards import "
                f"AtomicCards.json.gz --card-db {path}`; or give a store that exists",
            )
        if is_dir:
            raise CardDataError(
                f"card store {path} is a directory, not a card store file",
                hint=f"give the store's file, e.g. {path / STORE_FILENAME} (as --card-db, "
                "$DECKCHECK_CARD_DB or card_db in the config)",
            )
        if path.suffix == ".json":
            return cls.from_json(path)
        return cls(_SqliteBackend(path), str(path))

    @classmethod
    def bundled(cls) -> CardStore:
        return _bundled_store()

    # properties
    @property
    def meta(self) -> dict[str, str]:
        return dict(self._backend.meta)

    def __len__(self) -> int:
        return len(self._backend)

    # card access
    def card(self, name: str) -> Card | None:
        """The card with this exact oracle name."""
        cached = self._cards.get(name)
        if cached is not None:
            return cached
        if not _encodable(name):
            return None
        record = self._backend.record(name)
        return None if record is None else self._card_of(name, record)

    def _card_of(self, name: str, record: Mapping[str, Any]) -> Card:
        try:
            card = self._cards[name] = card_from_record(record)
        except CardDataError as exc:
            raise self._unsound(exc) from None
        return card

    def _unsound(self, exc: CardDataError) -> CardDataError:
        """A stored record that is not sound (a JSON card set's, or one a store built by an older
        release kept): the error names the card data it is in."""
        return CardDataError(
            f"card data {self.description}: {exc.message}",
            hint=exc.hint
            or "correct the record, or build the card store again: `deckcheck cards update` or "
            "`deckcheck cards import FILE`",
        )

    def records(self) -> Iterator[Mapping[str, Any]]:
        """Every card record as stored, by name, without building (or caching) a Card for each:
        for rebuilding a store from itself (``cards update --languages``)."""
        return self._backend.all_records()

    def all_cards(self) -> Iterator[Card]:
        for record in self._backend.all_records():
            name = str(record["name"])
            card = self._cards.get(name)
            yield self._card_of(name, record) if card is None else card

    # precomputed facts
    def stored_fact_columns(self, version: str) -> FactColumns | None:
        """The facts stored at build time, column by column, when the store has them from a
        :class:`FactsBuilder` of exactly this ``version``; else None (a JSON or in-memory card set,
        a store built without facts or by an older release, facts of another version). The caller
        then computes them itself. Reads the store in one query and writes nothing; not cached,
        so call it once. The fastest form (~40 ms for 23.5k cards); :meth:`stored_facts` builds a
        dict per card on top of it."""
        blob = self._backend.facts_blob(version)
        if blob is None:
            return None
        try:
            with gc_paused():
                return _decode_facts(blob, version)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            raise CardDataError(
                f"card store {self.description}: its stored card facts are corrupt ({exc})",
                hint="rebuild it with `deckcheck cards update` or `deckcheck cards import FILE`",
            ) from None

    def stored_facts(self, version: str) -> dict[str, Mapping[str, Any]] | None:
        """Card name -> the facts stored for it at build time, or None exactly when
        :meth:`stored_fact_columns` is. Values equal between cards are one shared object (that is
        what makes loading fast): treat the facts as read-only."""
        columns = self.stored_fact_columns(version)
        if columns is None:
            return None
        with gc_paused():
            return columns.rows()

    # cards no deck can hold
    def non_deck_cards(self) -> list[NonDeckCard] | None:
        """The cards no deck can hold (planes, schemes, Vanguard, meld results) the store keeps by
        name, or None when it does not keep them (built before it did, or from card records alone)."""
        return self._backend.non_deck_cards()

    def non_deck_card(self, name: str) -> NonDeckCard | None:
        """The card no deck can hold that ``name`` names (its name as the card data writes it, or
        written another way :func:`~deckcheck.cards.names.lookup_key` or
        :func:`~deckcheck.cards.names.fold_key` folds away), else None. For a name that names no
        card: :meth:`resolve` never gives one of these. Read once per open store (a few hundred)."""
        table = self._non_deck
        if table is None:
            table = {}
            folded: dict[str, list[NonDeckCard]] = {}
            for card in self.non_deck_cards() or ():
                table.setdefault(lookup_key(card.name), card)
                folded.setdefault(fold_key(card.name), []).append(card)
            for key, cards in folded.items():
                if len(cards) == 1 and key:  # a fold two of them share reads as neither
                    table.setdefault(key, cards[0])
            self._non_deck = table
        if not table:
            return None
        # (asked of every name of no card, by the engine and the lean path: remembered per name)
        remembered = self._non_deck_of
        try:
            return remembered[name]
        except KeyError:
            pass
        if len(remembered) >= RESOLUTION_MEMO_LIMIT:
            remembered.clear()
        key = lookup_key(name)
        found = remembered[name] = table.get(key) or table.get(fold_of_key(key))
        return found

    def _shared_with_legends(self, query: str) -> tuple[str, ...]:
        """For a name that is exactly a card no deck can hold and also the short name of legendary
        cards (their name up to the comma or the first word that sets off an epithet: the Vanguard
        card "Karn" and "Karn, Scion of Urza", "Karn Liberated"; the plane "Minamo" and "Minamo,
        School at Water's Edge"): those cards, the card no deck can hold last; else ``()``. A list
        that writes a legend by its short name means the legend as likely as the nontraditional card
        (CR 100.2 keeps that one out of every deck), so such a name is ambiguous, not a card no deck
        can hold. Asked only for names that name no card: a few range lookups, remembered by
        :meth:`resolve`."""
        other = self.non_deck_card(query)
        if other is None:
            return ()
        key = lookup_key(other.name)  # (" " and "," sort just below "!" and "-")
        names = [*self._backend.full_names_from(f"{key} ", f"{key}!")]
        names += self._backend.full_names_from(f"{key},", f"{key}-")
        cards = (self.card(name) for name in names)
        legends = sorted({card.name for card in cards if card is not None and card.is_legendary})
        return (*legends, other.name) if legends else ()

    # lookups
    def number_led_names(self) -> dict[str, list[str]]:
        """Card names that begin with a number and a space ("1996 World Champion", "+2 Mace"), by
        the lookup key of the rest ("world champion", "mace"): a list with no counts writes them so
        that the number reads as a count (:func:`deckcheck.engine.resolve_deck` reads such a line
        again). Found once per store, from the few keys that start with a digit or a sign."""
        if self._number_led is None:
            found: dict[str, list[str]] = {}
            for name in self._backend.full_names_from(_NUMBER_KEYS_FROM, _NUMBER_KEYS_TO):
                number, _, rest = name.partition(" ")
                digits = number[1:] if number[:1] in ("+", "-") else number  # ("+2 Mace" reads as 2)
                if rest and digits.isascii() and digits.isdigit():
                    found.setdefault(lookup_key(rest), []).append(name)
            self._number_led = found
        return self._number_led

    def resolve(self, name: str, *, suggest: bool = True) -> Resolution:
        """Resolve a name as written in a decklist to a card, with suggestions when it fails.
        Remembered per name (the store does not change while it is open)."""
        found = self._resolved_names[suggest].get(name)
        return self._resolve_anew(name, suggest, {}) if found is None else found

    def resolve_many(self, names: Iterable[str], *, suggest: bool = True) -> list[Resolution]:
        """:meth:`resolve` of each name, the names not yet remembered looked up first all at once:
        in a store on disk, a query for a few hundred names (a batch's distinct names of no card
        are thousands, and each cost a query)."""
        names = list(names)
        memo, without = self._resolved_names[suggest], self._resolved_names[False]
        asked: dict[str, _Lookup] = {}
        for name in names:
            if name not in memo and name not in without:
                query = clean_name(name)
                if query not in asked and query not in self._cards and _encodable(query):
                    asked[query] = _lookup_of(query)
        lookups = list(asked.values())
        found = self._backend.first_lookups(lookups)
        looked_up = {lookup[0]: (lookup, first) for lookup, first in zip(lookups, found, strict=True)}
        resolutions = []
        for name in names:
            known = memo.get(name)
            resolutions.append(self._resolve_anew(name, suggest, looked_up) if known is None else known)
        return resolutions

    def _resolve_anew(self, name: str, suggest: bool, looked_up: Mapping[str, _LookedUp]) -> Resolution:
        """:meth:`resolve` of a name it does not remember; ``looked_up``: first lookups already made,
        by the name as cleaned."""
        # (a batch resolves each name without suggestions first: a name it then reports as unknown
        # is not resolved again, only given its did-you-mean)
        without = self._resolved_names[False].get(name) if suggest else None
        found = self._resolve(name, suggest, looked_up) if without is None else self.with_suggestions(without)
        memo = self._resolved_names[suggest]
        if len(memo) >= RESOLUTION_MEMO_LIMIT:
            memo.clear()
        memo[name] = found
        return found

    def _resolve(self, name: str, suggest: bool, looked_up: Mapping[str, _LookedUp]) -> Resolution:
        query = clean_name(name)
        if not _encodable(query):  # a lone surrogate: no card has it, and SQLite cannot take it
            return Resolution(name, None, "unknown")
        match = "exact" if query == name else "normalized"
        exact = self._cards.get(query)
        if exact is not None:
            return Resolution(name, exact, match)
        # one lookup answers for most names of no card: no card of that exact name, and none of
        # _by_index's three lookups would find anything
        lookup, (record, named) = looked_up.get(query) or self._look_up(query)
        _, key, printed, folded = lookup
        if record is not None:
            return Resolution(name, self._card_of(query, record), match)
        if named:
            found = self._by_index(name, key, printed, folded)
            if found is not None:
                return found
        unescaped = query
        if "&" in query:
            import html  # (only for a name with '&': a one-deck check does not import it otherwise)

            unescaped = _HTML_ENTITY.sub(lambda m: html.unescape(m.group()), query)
        if unescaped != query:  # "Ajani&#39;s Pridemate", copied from a web page's source
            found = self.resolve(unescaped, suggest=False)
            if found.card is not None or found.match == "ambiguous":
                as_read = "normalized" if found.match == "exact" else found.match
                return Resolution(name, found.card, as_read, found.suggestions, found.language)
        shared = self._shared_with_legends(query)
        if shared:  # "Karn": the Vanguard card, or one of the Karn legends (non_deck_card)
            return Resolution(name, None, "ambiguous", shared)
        unknown = Resolution(name, None, "unknown")
        return self.with_suggestions(unknown) if suggest else unknown

    def _look_up(self, query: str) -> _LookedUp:
        lookup = _lookup_of(query)
        return lookup, self._backend.first_lookups([lookup])[0]

    def _by_index(self, name: str, key: str, printed: str, folded: str) -> Resolution | None:
        """The resolution of a name that is no card's exact name through the names index: full and
        face names by ``key``, printed names by ``printed``, then folded names by ``folded``; None
        when none matches."""
        rows = self._backend.rows(key)
        full = sorted({r.card_name for r in rows if r.kind == "full"})
        faces = sorted({r.card_name for r in rows if r.kind == "face"})
        if len(full) == 1 or (not full and len(faces) == 1):
            card = self.card(full[0] if full else faces[0])
            other = self._printed_otherwise(printed, card) if card is not None else []
            if card is not None and other:
                return Resolution(name, None, "ambiguous", tuple(sorted({card.name, *other})))
            return Resolution(name, card, "normalized" if full else "face")
        if len(full) > 1 or len(faces) > 1:
            return Resolution(name, None, "ambiguous", tuple(full or faces))
        printed_rows = self._backend.printed_rows(printed)
        printed_names = sorted({r.card_name for r in printed_rows})
        if len(printed_names) == 1:
            langs = sorted({r.lang for r in printed_rows if r.lang})
            return Resolution(name, self.card(printed_names[0]), "printed", language=",".join(langs) or None)
        if len(printed_names) > 1:
            return Resolution(name, None, "ambiguous", tuple(printed_names))
        by_fold = self._folded(folded)
        if by_fold is None or (by_fold[0] is not None and adds_comma(key, by_fold[0])):
            return None
        return Resolution(name, *by_fold)

    def _printed_otherwise(self, printed: str, card: Card) -> list[str]:
        """The other cards whose localized printed name a name is, as printed (``printed``, its
        printed_key: accents kept), when the name is ``card``'s name or face name only with its
        accents or ligatures changed: French prints Badlands "Désolation", which is Desolation
        only without its accent, so the name reads as neither. A name that differs from the card's
        only in case, width, quotes or separators is the card (a localized list's own words are
        the engine's, resolve_deck)."""
        if printed in {printed_key(n) for n in (card.name, *card.face_names)}:
            return []
        return sorted({r.card_name for r in self._backend.printed_rows(printed)} - {card.name})

    def printed_cards(self, name: str) -> list[tuple[str, str]]:
        """(card name, language) of every card whose localized printed name ``name`` is, as
        printed (case and width aside), whatever ``resolve`` reads it as: "Endurance" is the
        English card and the French Endure."""
        rows = self._backend.printed_rows(printed_key(clean_name(name)))
        return sorted({(r.card_name, r.lang or "") for r in rows})

    def printed_unaccented(self, name: str, languages: Iterable[str] | None) -> list[tuple[str, str, str]]:
        """(printed name, card name, language) of each localized printed name in ``languages`` (None:
        in any) that ``name`` is once accents are left out of both: "Sarcophage abandonne" is the
        French "Sarcophage abandonné" (Abandoned Sarcophagus). A printed name keeps its accents to
        be read (in French they tell words apart), so such a name is only a likely spelling. A
        store that keeps its printed names by their form without accents answers in one lookup,
        remembered per name; one built before it did reads a language's printed names on its first
        ask (tenths of a second for a full store), so it answers only for given ``languages`` (a
        list with printed names of theirs) and for None finds nothing."""
        folded = self._unaccented_key_of(name)
        wanted = None if languages is None else set(languages)
        kept = self._unaccented_kept.get(folded)
        if kept is None:
            kept = self._backend.unaccented_rows(folded)
            if kept is not None:
                if len(self._unaccented_kept) >= RESOLUTION_MEMO_LIMIT:
                    self._unaccented_kept.clear()
                self._unaccented_kept[folded] = kept
        if kept is not None:
            return sorted(kept) if wanted is None else sorted(row for row in kept if row[2] in wanted)
        found: list[tuple[str, str, str]] = []
        for lang in sorted(wanted or ()):
            by_folded = self._unaccented.get(lang)
            if by_folded is None:
                by_folded = self._unaccented[lang] = {}
                for key, card_name in self._backend.accented_printed_in(lang):
                    by_folded.setdefault(fold_accents(key), []).append((key, card_name))
            for key, card_name in by_folded.get(folded, ()):
                record = self._backend.record(card_name) or {}
                names = record.get("printed_names")
                written = names.get(lang) or () if isinstance(names, Mapping) else ()
                printed = next((str(t) for t in written if printed_key(str(t)) == key), key)
                found.append((printed, card_name, lang))
        return found

    def unaccented_ahead(self, names: Iterable[str]) -> None:
        """Has the store look up what :meth:`printed_unaccented` reads for each of these names it
        does not remember, all at once (in a store on disk, a query for many: a batch's names of
        no card are thousands, and each cost a query)."""
        kept = self._unaccented_kept
        asked = dict.fromkeys(map(self._unaccented_key_of, names))
        keys = [key for key in asked if key not in kept and _encodable(key)]
        found = self._backend.unaccented_rows_of(keys) if keys else None
        if found is None:
            return
        if len(kept) + len(found) > RESOLUTION_MEMO_LIMIT:
            kept.clear()
        kept.update(found)

    def _unaccented_key_of(self, name: str) -> str:
        """:func:`_unaccented_key` of ``name``, remembered (bounded as the resolutions are)."""
        keys = self._unaccented_keys
        key = keys.get(name)
        if key is None:
            if len(keys) >= RESOLUTION_MEMO_LIMIT:
                keys.clear()
            key = keys[name] = _unaccented_key(name)
        return key

    def with_suggestions(self, resolution: Resolution) -> Resolution:
        """A resolution of a name that names no card ("unknown", from ``resolve(name,
        suggest=False)``) with the likely spellings ``resolve`` gives it by default; any other
        resolution as it is. Batches resolve each name without them first and ask for them only
        for the unknown names they report, without resolving those again."""
        if resolution.match != "unknown":
            return resolution
        before = self.card_before_separator(resolution.query)
        if before is not None:  # the likeliest reading: that card, and a comment after " // "
            return Resolution(resolution.query, None, "unknown", (before.name,))
        found = self.suggestions(clean_name(resolution.query))
        if not found.names:
            before = self._card_before_note(resolution.query) or self._card_before_printing(resolution.query)
            if before is not None:  # "Rampant Growth (Prepared)": that card and a note about it
                return Resolution(resolution.query, None, "unknown", (before.name,))
        return Resolution(resolution.query, None, "unknown", found.names, other_epithet=found.other_epithet)

    def card_before_separator(self, name: str) -> Card | None:
        """The card the part of ``name`` before its first " // " names, when ``name`` is no card
        and what follows is none of that card's faces ("Boros Charm // for the mirror": a comment
        after the card, which a decklist reader cannot tell from a split card's faces, knowing no
        card names); else None. Never a reading of the line: a did-you-mean (the text after " // "
        may as well be a misspelt face, or the whole a newer card than the data)."""
        query = clean_name(name)
        before, separator, after = query.partition(" // ")
        if not separator or not before or not after or self.resolve(query, suggest=False).card is not None:
            return None
        card = self.resolve(before, suggest=False).card
        if card is None:
            return None
        faces = {lookup_key(face) for face in card.face_names}
        if all(lookup_key(part) in faces for part in after.split(" // ")):
            return None  # faces of the card, in another order: its did-you-mean is the usual one
        return card

    def _card_before_note(self, name: str) -> Card | None:
        """The card ``name`` names without a note in brackets at its end ("Geological Appraiser
        (Alchemy)", a word too long for a set code, which the decklist readers keep in the name),
        or None. A did-you-mean, never a reading: the whole may as well be a newer card."""
        query = clean_name(name)
        if not query.endswith(")") or " (" not in query:
            return None
        before = query[: query.rindex(" (")].rstrip()
        return self.resolve(before, suggest=False).card if before else None

    def _card_before_printing(self, name: str) -> Card | None:
        """The card ``name`` names without a set code or collector number glued to its end
        ("Lightning Bolt M10 146", no brackets for a decklist reader to take them by), or None. A
        did-you-mean, never a reading: the whole may as well be a newer card."""
        match = _GLUED_PRINTING.search(clean_name(name))
        return self.resolve(match.group(1), suggest=False).card if match else None

    def _folded(self, key: str) -> tuple[Card | None, str, tuple[str, ...]] | None:
        """(card, "folded", ()) when exactly one card's full name, else exactly one card's face
        name, folds to ``key``, the query's fold_key (spaces and punctuation ignored: "Lurrus of
        the Dream Den"); (None, "ambiguous", candidates) when several do, since a fold that
        collides ("Waste Land" and "Wasteland") is no reading at all; None when none does. Full
        names first, as for exact keys: "B-ind" is Bind, not the Bind half of Bind // Liberate."""
        if not key:
            return None
        rows = self._backend.folded_rows(key)
        for kind in ("full", "face"):
            names = sorted({r.card_name for r in rows if r.kind == kind})
            if len(names) == 1:
                return self.card(names[0]), "folded", ()
            if names:
                return None, "ambiguous", tuple(names)
        return None

    def get(self, name: str) -> Card | None:
        """Like :meth:`resolve`, but only the card (or None)."""
        return self.resolve(name, suggest=False).card

    def suggest(self, name: str, limit: int = 3) -> tuple[str, ...]:
        """Card names a name that did not resolve is likely a spelling of, the likeliest first:
        a typo (a few edits, by length), a name with a word dropped or added, a truncated name, the
        one card of a legend written with another epithet; empty when none is likely enough (see
        :mod:`deckcheck.cards.suggest`). An index lookup: well under a millisecond on the full
        card pool; the index is built with a store, or when first needed for other card sets."""
        return self.suggestions(name, limit).names

    def suggestions(self, name: str, limit: int = 3) -> Suggestions:
        """:meth:`suggest`, and whether the suggestion is only the same legend's card."""
        memo_key = f"{limit}:{lookup_key(name)}"
        cached = self._suggestions.get(memo_key)
        if cached is None:
            from deckcheck.cards.suggest import Suggestions

            cached = (
                Suggestions(())
                if not _encodable(name)
                else self._backend.name_index().suggestions(name, limit)
            )
            self._suggestions[memo_key] = cached
        return cached

    # what the card data is
    @property
    def is_sample(self) -> bool:
        """Whether this is the bundled sample card set (a few hundred cards, not the card pool)."""
        return self._backend.meta.get("source") == BUNDLED_SOURCE

    def data_label(self) -> str:
        """What the card data is, for messages: "MTGJSON 2022-04-25, 23,514 cards", "Scryfall
        2026-11-30, 31,002 cards", "bundled sample set, 292 cards". Worked out once: an open
        store does not change."""
        if self._data_label is None:
            self._data_label = self._label()
        return self._data_label

    def _label(self) -> str:
        meta = self._backend.meta
        count = counted(len(self), "card")
        source = meta.get("source", "")
        if self.is_sample:
            return f"bundled sample set, {count}"
        named = _SOURCE_NAMES.get(source, source or self.description)
        day = card_data_date(meta)
        if day is not None:
            return f"{named} {day.isoformat()}, {count}"
        return f"{named}, {count}" if self.vouches_without_date else f"{named}, date unknown, {count}"

    # the sets the card data knows
    def known_set_codes(self) -> frozenset[str] | None:
        """The set codes of the card data's printings: the sets it knows, as of the day its
        printings describe (:func:`printings_date`); its meta's ``set_codes`` when it says them,
        else read from its records once. Empty: its cards give no printings (a Scryfall build).
        None: records handed in by code (:attr:`vouches_without_date`), whose printings are taken
        as complete, as though they knew every set."""
        if self.vouches_without_date:
            return None
        if self._known_set_codes is None:
            listed = self._backend.meta.get(SET_CODES_META)
            self._known_set_codes = frozenset(
                listed.split() if listed is not None else self._backend.printed_set_codes()
            )
        return self._known_set_codes

    def unknown_set_codes(self, codes: Iterable[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Those of ``codes`` (MTGJSON's, upper case) no printing of the card data is in, sorted,
        each with the known codes it may be a mistyping of, likeliest first: a set newer than the
        data, or a code written wrong. Empty when the data knows them all, when its cards give no
        printings (none is judged by its sets then) or when it is records handed in by code."""
        known = self.known_set_codes()
        if not known:
            return ()
        unknown = sorted(code for code in codes if code not in known)
        for code in unknown:
            if code not in self._set_code_guesses:
                self._set_code_guesses[code] = _close_set_codes(code, known)
        return tuple((code, self._set_code_guesses[code]) for code in unknown)

    def set_release_dates(self) -> dict[str, dt.date]:
        """The sets' release days the store keeps (meta ``set_release_dates``), by set code; empty
        when it keeps none."""
        if self._set_dates is None:
            self._set_dates = decode_set_dates(self._backend.meta.get(SET_DATES_META, ""))
        return self._set_dates

    def sets_known_in_part(self, codes: Iterable[str]) -> tuple[tuple[str, dt.date | None], ...]:
        """Those of ``codes`` the card data's printings name (:meth:`known_set_codes`) that it may
        not hold in full, sorted, each with its release day: a set released after the day its
        printings describe (:func:`printings_date`; previewed then, its card list came later), or
        one the store keeps no day of (None) where its days' source is older than that day (a set
        newer than the source) or does not say its own. Empty when the store keeps no release
        days, its data says no day, or it is records handed in by code."""
        known = self.known_set_codes()
        released = self.set_release_dates()
        day = printings_date(self._backend.meta)
        if not known or not released or day is None:
            return ()
        source_day = parse_data_day(self._backend.meta.get(SET_DATES_AS_OF_META))
        undated_may_be_new = source_day is None or source_day < day
        found: list[tuple[str, dt.date | None]] = []
        for code in sorted(set(codes) & known):
            release = released.get(code)
            if (release is None and undated_may_be_new) or (release is not None and release > day):
                found.append((code, release))
        return tuple(found)


def encode_set_dates(released: Mapping[str, dt.date]) -> str:
    """Release days as the store's meta keeps them: "CODE:YYYY-MM-DD" space-separated, sorted."""
    return " ".join(f"{code}:{day.isoformat()}" for code, day in sorted(released.items()))


def decode_set_dates(text: str) -> dict[str, dt.date]:
    """:func:`encode_set_dates` read back; an item that is not "CODE:YYYY-MM-DD" is passed over (a
    store written by a later release may say more)."""
    released: dict[str, dt.date] = {}
    for item in text.split():
        code, _, day = item.partition(":")
        parsed = parse_data_day(day)
        if code and parsed is not None:
            released[code] = parsed
    return released


def _printed_set_codes(records: Iterable[Mapping[str, Any]]) -> set[str]:
    """The set codes of the records' printings (a store that does not list them in its meta)."""
    codes: set[str] = set()
    for record in records:
        printings = record.get("printings")
        if isinstance(printings, list):
            codes.update(code for code in printings if isinstance(code, str))
    return codes


def _close_set_codes(code: str, known: frozenset[str], most: int = 3) -> tuple[str, ...]:
    """The known set codes ``code`` may be a mistyping of: two neighbouring letters swapped
    ("LAE" for "LEA"), or close by difflib's measure at 0.8, which a letter too many or too few
    passes ("MH22" for "MH2") and one other letter of three or four does not (a new set's code is
    often one letter from an old one's: "DMU" is no mistyping of "DOM")."""
    import difflib

    swapped = {code[:i] + code[i + 1] + code[i] + code[i + 2 :] for i in range(len(code) - 1)}
    close = difflib.get_close_matches(code, sorted(known), n=most, cutoff=0.8)
    return tuple(dict.fromkeys([*sorted(swapped & known), *close]))[:most]


RESOLUTION_MEMO_LIMIT = 100_000  # names remembered per store and ``suggest`` (CardStore.resolve)
BUNDLED_SOURCE = "deckcheck bundled set"  # data/cards.json's meta "source"
_SOURCE_NAMES = {"mtgjson": "MTGJSON", "scryfall": "Scryfall"}


def _non_deck_of_json(path: Path, value: object) -> list[NonDeckCard] | None:
    """The ``non_deck_cards`` of a JSON card file, ``[{"name", "kind", "type_line", "parts"}, ...]``
    (``parts``, a meld result's meld cards, optional); None when it has none."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(
        isinstance(item, dict)
        and isinstance(item.get("name"), str)
        and isinstance(item.get("kind"), str)
        and isinstance(item.get("parts", []), list)
        and all(isinstance(part, str) for part in item.get("parts", []))
        for item in value
    ):
        raise CardDataError(
            f"card data file {path}: '{NON_DECK_KEY}' must be a list of objects with a 'name' and a 'kind' "
            "(and a meld result's 'parts', a list of names)"
        )
    return [
        NonDeckCard(
            item["name"], item["kind"], str(item.get("type_line") or ""), tuple(item.get("parts", ()))
        )
        for item in value
    ]


def _encodable(text: str) -> bool:
    """False for text with lone surrogates (from a JSON "\\ud800" escape), which UTF-8 cannot hold."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_BUNDLED: CardStore | None = None


def _bundled_store() -> CardStore:
    global _BUNDLED
    if _BUNDLED is None:
        path = bundled_cards_path()
        store = CardStore.from_json(path, index_names_now=False)
        store.description = f"bundled card set ({len(store)} cards)"
        _BUNDLED = store
    return _BUNDLED


def open_store(path: str | os.PathLike[str] | None = None) -> CardStore:
    """The store to use: an explicit path, else $DECKCHECK_CARD_DB, else the local store built by
    `cards update`/`cards import`, else the bundled card set."""
    if path is None and os.environ.get("DECKCHECK_CARD_DB"):
        path = Path(os.environ["DECKCHECK_CARD_DB"])
    if path is not None:
        return CardStore.open(path)
    local = default_store_path()
    try:
        built = local.exists()
    except OSError as exc:  # (its folder cannot be searched)
        raise CardDataError(
            f"the local card store {local}: {exc.strerror or type(exc).__name__}",
            hint="give a card store with --card-db or $DECKCHECK_CARD_DB",
        ) from None
    if built:
        return CardStore.open(local)
    return CardStore.bundled()


# -- precomputed facts ----------------------------------------------------------------------------
class FactsBuilder(Value):
    """How to compute the per-card facts a store keeps for fast batch validation.

    ``compute`` maps one card record (as stored) to a JSON-able mapping with the same ``str`` keys
    for every card. ``version`` (e.g. ``"fastcheck-1"``) names everything the facts depend on, the
    schema and the logic: change it whenever either changes, since a store's facts are only used
    by a reader asking for exactly the version they were built with.
    """

    FIELDS = ("version", "compute")
    __slots__ = FIELDS

    def __init__(self, version: str, compute: Callable[[Mapping[str, Any]], Mapping[str, Any]]) -> None:
        self.version: Final = version
        self.compute: Final = compute


class FactColumns(Value):
    """Stored facts column by column: ``columns[key][i]`` is fact ``key`` of card ``names[i]``;
    ``encoded[key]`` is the same column as stored, (distinct values, each card's value number), for
    readers that convert each distinct value once (``columns`` expands a column when first read)."""

    FIELDS = ("names", "columns", "encoded")
    __slots__ = FIELDS

    def __init__(
        self,
        names: Sequence[str],
        columns: Mapping[str, Sequence[Any]],
        encoded: Mapping[str, tuple[Sequence[Any], array[int]]] | None = None,
    ) -> None:
        self.names: Final = names
        self.columns: Final = columns
        self.encoded: Final[Mapping[str, tuple[Sequence[Any], array[int]]]] = (
            {} if encoded is None else encoded
        )

    def rows(self) -> dict[str, Mapping[str, Any]]:
        """Card name -> its facts as a dict (values equal between cards are shared objects)."""
        if not self.columns:
            return {name: {} for name in self.names}
        keys = tuple(self.columns)
        # All in C: zip(*columns) gives each card's values in key order.
        rows: Iterator[Mapping[str, Any]] = map(
            dict, map(zip, itertools.repeat(keys), zip(*self.columns.values(), strict=True))
        )
        return dict(zip(self.names, rows, strict=True))


def stored_facts_current(meta: Mapping[str, str], version: str) -> bool:
    """Whether a store's meta says it holds facts of this version, in the layout this release
    reads (else the store is rebuilt by the next ``cards update``, and read as one without facts)."""
    return meta.get(FACTS_VERSION_META) == version and meta.get(FACTS_ENCODING_META) == str(FACTS_ENCODING)


# Scalars that can be deduplicated as they are; anything else by its repr (see _FactsEncoder._add).
_AS_IS: frozenset[type] = frozenset({str, int, bool, type(None)})
# ASCII output: a lone surrogate in a fact cannot break the UTF-8 encoding of the blob.
_dumps = json.JSONEncoder(ensure_ascii=True, separators=(",", ":"), allow_nan=False).encode


class _FactsEncoder:
    """Collects facts card by card into dictionary-encoded columns, written as one JSON blob::

        {"encoding": 2, "version": V, "names": [card, ...],
         "columns": {key: {"values": [distinct value, ...], "index": "<value number per card>"}}}

    where an index is base64 of little-endian unsigned 32-bit integers (a JSON list of 23.5k
    numbers per column took as long to parse as every value of every column).

    Facts repeat a lot (booleans, layouts, colour sets, a format -> legality map: a few hundred
    distinct values per column among 23.5k cards), so a reader parses each distinct value once and
    cards share it. Measured on 23,517 real cards with ~400-800 bytes of facts each, this loads in
    ~40 ms as columns (~90 ms as one dict per card) and adds ~1.8 MB, against 120-250 ms and
    11-20 MB for a table of one JSON object per card, read with one query.
    Memory while building: the distinct values' text and one int per card and column."""

    def __init__(self, builder: FactsBuilder) -> None:
        self.builder = builder
        self.names: list[str] = []
        self.keys: tuple[str, ...] | None = None
        self._ids: list[dict[str | tuple[type, Any], int]] = []  # per column: token -> value number
        self._texts: list[list[str]] = []  # per column: JSON text of each distinct value
        self._index: list[list[int]] = []  # per column: value number of each card

    def add(self, name: str, record: Mapping[str, Any]) -> None:
        try:
            facts = self.builder.compute(record)
            self._add(facts)
        except Exception as exc:  # any failure of the builder's code or output: name the card
            raise CardDataError(
                f"card {name!r}: computing its stored facts ({self.builder.version}) failed: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
        self.names.append(name)

    def _add(self, facts: Mapping[str, Any]) -> None:
        if not isinstance(facts, Mapping):
            raise TypeError(f"expected a mapping of facts, got {type(facts).__name__}")
        if self.keys is None:
            if not all(isinstance(key, str) for key in facts):
                raise TypeError("fact names must be strings")
            self.keys = tuple(facts)
            self._ids = [{} for _ in self.keys]
            self._texts = [[] for _ in self.keys]
            self._index = [[] for _ in self.keys]
        elif len(facts) != len(self.keys) or facts.keys() != set(self.keys):
            missing, extra = (
                sorted(set(self.keys) - set(facts)),
                sorted(map(str, set(facts) - set(self.keys))),
            )
            raise ValueError(f"every card needs the same facts (missing {missing}, unexpected {extra})")
        # The dedup token: (type, value) for scalars, so (bool, True) and (int, 1) stay apart;
        # repr() for the rest: as fast as hashing, and for JSON's types (lists, dicts, floats: -0.0
        # is not 0.0) equal reprs mean equal values. Only a new value is JSON-encoded, which is
        # also what rejects a value JSON cannot hold (its repr is then new too). A failure aborts
        # the whole build, so a half-recorded card does not matter.
        for value, ids, texts, index in zip(
            map(facts.__getitem__, self.keys), self._ids, self._texts, self._index, strict=True
        ):
            token = (type(value), value) if type(value) in _AS_IS else repr(value)
            number = ids.get(token)
            if number is None:
                texts.append(_dumps(value))
                number = ids[token] = len(texts) - 1
            index.append(number)

    def blob(self) -> bytes:
        columns = ",".join(
            f'{_dumps(key)}:{{"values":[{",".join(texts)}],"index":"{_index_text(index)}"}}'
            for key, texts, index in zip(self.keys or (), self._texts, self._index, strict=True)
        )
        head = f'"encoding":{FACTS_ENCODING},"version":{_dumps(self.builder.version)}'
        return f'{{{head},"names":{_dumps(self.names)},"columns":{{{columns}}}}}'.encode("ascii")


_U32 = next(code for code in "IL" if array(code).itemsize == 4)  # an array typecode for uint32


def _index_text(index: Sequence[int]) -> str:
    import base64  # (building or reading stored facts only)

    numbers = array(_U32, index)
    if sys.byteorder == "big":
        numbers.byteswap()
    return base64.b64encode(numbers.tobytes()).decode("ascii")


def _index_of(text: str) -> array[int]:
    if not isinstance(text, str):
        raise TypeError("a fact index is not text")
    import base64

    numbers = array(_U32)
    numbers.frombytes(base64.b64decode(text, validate=True))  # (ValueError when not whole numbers)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers


def _decode_facts(blob: bytes, version: str) -> FactColumns | None:
    payload = json.loads(blob)
    if payload["encoding"] != FACTS_ENCODING or payload["version"] != version:
        return None  # another layout or version than meta said: not ours to interpret
    names = payload["names"]
    if not isinstance(names, list):
        raise TypeError("names is not a list")
    encoded: dict[str, tuple[Sequence[Any], array[int]]] = {}
    for key, column in payload["columns"].items():
        values, index = column["values"], _index_of(column["index"])
        if not isinstance(values, list):
            raise TypeError(f"fact {key!r}: its values are not a list")
        if len(index) != len(names):
            raise ValueError(f"fact {key!r} has {len(index)} values for {len(names)} cards")
        if index and max(index) >= len(values):
            raise IndexError(f"fact {key!r}: a card's value number is past its {len(values)} values")
        encoded[key] = (values, index)
    return FactColumns(names, _ExpandedColumns(encoded), encoded)


class _ExpandedColumns(Mapping[str, Sequence[Any]]):
    """Dictionary-encoded columns, each expanded to one value per card when first read."""

    def __init__(self, encoded: Mapping[str, tuple[Sequence[Any], array[int]]]) -> None:
        self._encoded = encoded
        self._expanded: dict[str, Sequence[Any]] = {}

    def __getitem__(self, key: str) -> Sequence[Any]:
        found = self._expanded.get(key)
        if found is None:
            values, index = self._encoded[key]
            # itemgetter(*index) picks every card's value in C; with one index it gives the bare value
            found = itemgetter(*index)(values) if len(index) > 1 else tuple(values[i] for i in index)
            self._expanded[key] = found
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._encoded)

    def __len__(self) -> int:
        return len(self._encoded)


# -- building a store -----------------------------------------------------------------------------
def write_store(
    records: Iterable[Mapping[str, Any]],
    path: Path,
    *,
    meta: Mapping[str, str],
    facts: FactsBuilder | None = None,
    accept_count: Callable[[int], None] | None = None,
    non_deck: Iterable[NonDeckCard] | None = None,
) -> int:
    """Build a SQLite store from card records, atomically: readers see the old store or the new one.

    Every record is validated by building its :class:`Card`; a bad record aborts the build with a
    :class:`CardDataError` and leaves the previous store untouched.

    With ``facts``, ``facts.compute(record)`` runs for every record as it streams by and the
    results are stored in the same atomic write, under meta ``facts_version`` = ``facts.version``
    (read back with :meth:`CardStore.stored_facts`). A compute that fails (raises, returns
    something that is not JSON, or other fact names than the first card's) aborts the build like
    a bad record, with a CardDataError naming the card. Without ``facts`` nothing is computed,
    and a ``facts_version`` in ``meta`` (copied from an older store) is dropped. Pass
    :func:`deckcheck.card_facts.facts_builder` to store the facts batch validation reads.

    ``accept_count`` is called with the number of records once all are in, before the new store
    replaces the old one: an exception it raises aborts the build the same way (``cards update``
    refuses a build with far fewer cards than the store it would replace).

    ``non_deck``: the cards no deck can hold (planes, schemes, Vanguard, meld results) the source
    lists, kept by name and kind (:meth:`CardStore.non_deck_card`); read once every record is in
    (an importer collects them while its records stream by). Without it the store says it keeps none of them
    (no ``non_deck_table`` meta): a lookup of one finds nothing, as in a store built before.

    The store's meta ``set_codes`` lists the sets of the records' printings, and those ``meta``'s
    own ``set_codes`` names (sets the builder knows its records hold no printing of): the sets the
    card data knows (:meth:`CardStore.known_set_codes`); empty when the records give no printings.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    encoder = None if facts is None else _FactsEncoder(facts)
    # fsynced before and after the rename; the mode a new file gets here (0666 less the umask), so
    # a store meant to be shared is readable by the others (the temporary file is 0600)
    import sqlite3

    from deckcheck.cards.suggest import INDEX_VERSION, NameIndex

    with replacing(path, mode=_new_file_mode()) as tmp:
        db = sqlite3.connect(tmp)
        with contextlib.closing(db):
            db.executescript(
                """
                PRAGMA journal_mode = OFF;
                PRAGMA synchronous = OFF;
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE cards (name TEXT PRIMARY KEY, loose TEXT NOT NULL, record TEXT NOT NULL);
                CREATE TABLE names (
                    key TEXT NOT NULL, card_name TEXT NOT NULL, kind TEXT NOT NULL, lang TEXT
                );
                CREATE TABLE blobs (key TEXT PRIMARY KEY, value BLOB NOT NULL);
                CREATE TABLE folded (key TEXT NOT NULL, card_name TEXT NOT NULL, kind TEXT NOT NULL);
                CREATE TABLE unaccented (
                    key TEXT NOT NULL, printed TEXT NOT NULL, card_name TEXT NOT NULL, lang TEXT NOT NULL
                );
                CREATE TABLE non_deck (
                    name TEXT PRIMARY KEY, kind TEXT NOT NULL, type_line TEXT NOT NULL, parts TEXT NOT NULL
                );
                """
            )
            seen: set[str] = set()
            named: list[tuple[str, str]] = []  # (key, card name) of every full and face name
            # the sets the data knows: its records' printings', and any its builder names besides
            set_codes = set(meta.get(SET_CODES_META, "").split())
            for record in records:
                card = card_from_record(record)  # validates
                set_codes.update(record.get("printings", ()))
                if card.name in seen:
                    raise CardDataError(f"card {card.name!r} appears twice in the card data")
                seen.add(card.name)
                try:
                    db.execute(
                        "INSERT INTO cards VALUES (?, ?, ?)",
                        (
                            card.name,
                            loose_key(card.name),
                            json.dumps(record, ensure_ascii=False, sort_keys=True),
                        ),
                    )
                    rows = sorted(set(_index_rows(record)), key=str)
                    db.executemany("INSERT INTO names VALUES (?, ?, ?, ?)", rows)
                    db.executemany("INSERT INTO folded VALUES (?, ?, ?)", sorted(set(_folded_rows(rows))))
                    db.executemany(
                        "INSERT INTO unaccented VALUES (?, ?, ?, ?)",
                        sorted(set(_unaccented_rows(card.name, record))),
                    )
                except UnicodeEncodeError:  # SQLite keeps UTF-8, which half a character is not
                    raise CardDataError(
                        f"card {card.name!r}: its text holds a lone surrogate (a JSON escape such as "
                        "\\ud800, half of a character), which is not text"
                    ) from None
                named.extend((key, card_name) for key, card_name, kind, _ in rows if kind != "printed")
                if encoder is not None:  # after the record is stored: compute cannot alter it
                    encoder.add(card.name, record)
                count += 1
            db.execute("CREATE INDEX names_key ON names (key)")
            db.execute("CREATE INDEX cards_loose ON cards (loose)")
            db.execute("CREATE INDEX folded_key ON folded (key)")
            db.execute("CREATE INDEX unaccented_key ON unaccented (key)")
            # The facts' version is only ever what this build stored, never inherited from meta.
            full_meta = {
                str(k): str(v)
                for k, v in meta.items()
                if str(k)
                not in (
                    FACTS_VERSION_META,
                    FACTS_ENCODING_META,
                    NAMES_INDEX_META,
                    NON_DECK_META,
                    UNACCENTED_META,
                    SET_CODES_META,  # (the build's own, below)
                )
            }
            full_meta[UNACCENTED_META] = UNACCENTED_VERSION
            # (empty for records without printings, a Scryfall build's: they name no set)
            full_meta[SET_CODES_META] = " ".join(sorted(set_codes))
            if non_deck is not None:
                _write_non_deck(db, non_deck, seen)
                full_meta[NON_DECK_META] = NON_DECK_VERSION
            full_meta["schema_version"] = SCHEMA_VERSION
            full_meta["records"] = str(count)
            if count:
                index = NameIndex.build(named).to_blob()
                db.execute("INSERT INTO blobs VALUES (?, ?)", (NAMES_BLOB_KEY, index))
                full_meta[NAMES_INDEX_META] = str(INDEX_VERSION)
            if encoder is not None and count:
                db.execute("INSERT INTO blobs VALUES (?, ?)", (FACTS_BLOB_KEY, encoder.blob()))
                full_meta[FACTS_VERSION_META] = encoder.builder.version
                full_meta[FACTS_ENCODING_META] = str(FACTS_ENCODING)
            db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(full_meta.items()))
            db.commit()
        if count == 0:
            raise NoCardRecords(
                "no card records to store: refusing to replace the card store with an empty one"
            )
        if accept_count is not None:
            accept_count(count)
    return count


class NoCardRecords(CardDataError):
    """:func:`write_store` was given no card record: the store is left as it was."""


def _write_non_deck(db: sqlite3.Connection, cards: Iterable[NonDeckCard], card_names: set[str]) -> None:
    """The non_deck rows: each name once (the first wins), none that is also a card's name (the
    card is what the name means)."""
    rows: dict[str, tuple[str, str, str, str]] = {}
    for card in cards:
        if card.name not in card_names and card.name not in rows:
            parts = json.dumps(list(card.parts), ensure_ascii=False) if card.parts else ""
            rows[card.name] = (card.name, card.kind, card.type_line, parts)
    try:
        db.executemany("INSERT INTO non_deck VALUES (?, ?, ?, ?)", sorted(rows.values()))
    except UnicodeEncodeError:
        raise CardDataError(
            "a plane, scheme, Vanguard card or meld result's name holds a lone surrogate"
        ) from None


def verify_store(path: Path, most: int = 20) -> list[str]:
    """Check a built store's every page and index (SQLite ``PRAGMA quick_check``) and that it is a
    store this release reads: [] when it is sound, else what is wrong (at most ``most`` lines)."""
    import sqlite3

    try:
        db = sqlite3.connect(read_only_uri(path), uri=True)
        with contextlib.closing(db):
            rows = db.execute(f"PRAGMA quick_check({int(most)})").fetchall()
            problems = [line for (text,) in rows for line in str(text).splitlines()][:most]
            if problems == ["ok"]:
                problems = []
                schema = dict(db.execute("SELECT key, value FROM meta").fetchall()).get("schema_version")
                if schema != SCHEMA_VERSION:
                    problems.append(f"schema {schema!r}, this deckcheck reads {SCHEMA_VERSION!r}")
                db.execute("SELECT COUNT(*) FROM cards").fetchone()
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    return problems


def _new_file_mode() -> int:
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def read_store_meta(path: Path) -> dict[str, str]:
    """Meta of an existing store, or {} when there is none (or it is unreadable)."""
    if not path.exists():
        return {}
    import sqlite3

    try:
        db = sqlite3.connect(read_only_uri(path), uri=True)
        with contextlib.closing(db):
            return dict(db.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.DatabaseError:
        return {}
