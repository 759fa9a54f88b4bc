"""Batch validation over many decklists, one partition at a time (no pandas here).

The pandas API (:mod:`deckcheck.frames`) and a distributed engine (Dask, see docs/dask.md) both call
the functions below on a *partition*: an iterable of ``(deck_id, decklist text)`` pairs, or of paths.
Nothing here holds state besides caches, so any worker can run any partition:

- :class:`BatchContext` pairs a card store with a format. The store is wrapped once
  (:func:`memo_store`) so that each distinct name as written is resolved once and each distinct
  card's row (its columns and companion features, via :func:`deckcheck.rules.companions.card_features`)
  is computed once, for every batch and format over that store.
- :func:`worker_context` keeps one context per (store path, format) per *process*, built on first
  use: a task ships a store path and a format, never a card store, and a worker builds its caches
  once, not once per task.

Every deck gets exactly the findings and companion results a single ``deckcheck check`` gives:
:func:`check_texts` reads a chunk of :data:`LEAN_CHUNK` decklists at once
(:func:`deckcheck.decklist.fast.read_plain`), hands the plain ones to the lean checker
(:func:`deckcheck.fastcheck.check_decks`, which takes only decks it can check exactly, a chunk at a
time) and everything else to the engine (:func:`deckcheck.engine.check_parsed`), in deck order.
Result rows go to :class:`Columns` (tuples, or blocks of columns for many rows at once); deck
entries, the bulk of a corpus, are typed arrays of card codes (:class:`EntryTable`), a few bytes
per entry, with the card columns kept once per distinct card.
"""

from __future__ import annotations

import functools
import json
import os
import threading
import weakref
from array import array
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice
from pathlib import Path
from typing import Any, Generic, TypeVar

import numpy as np

from deckcheck import fastcheck
from deckcheck._gc import gc_paused
from deckcheck.as_of import deck_date_text
from deckcheck.card_facts import CardFacts, facts_of
from deckcheck.cards.mana import sort_colours
from deckcheck.cards.model import Card
from deckcheck.cards.store import CardStore, Resolution, default_store_path, open_store
from deckcheck.deck import ZONE_CODE, Entry, ParsedDeck, ParseProblem, Zone
from deckcheck.decklist import might_be_event, parse_file_decks, parse_text, parse_text_decks
from deckcheck.decklist._base import MAX_BYTES, declared_format_of
from deckcheck.decklist._decode import decode
from deckcheck.decklist.events import PLAYED_ON
from deckcheck.decklist.fast import PlainDecks, ReadDeck, read_plain
from deckcheck.discovery import found_under
from deckcheck.engine import (
    Report,
    check_parsed,
    read_alone,
    read_in_part_problem,
    resolve_deck,
    unread_part,
)
from deckcheck.findings import Finding
from deckcheck.format_spec import FormatSpec
from deckcheck.formats import get_format
from deckcheck.rules import companions

DeckId = Hashable
Progress = Callable[[int], None]  # called with the number of decks just finished
_Format = TypeVar("_Format")  # a format as a mapping of DeckFormatMap holds it

# -- the columns of every table (frames.py builds DataFrames with exactly these) -------------------
# (declared_format, date, declared_commander: what each deck's decklist declares, repeated on its
# rows: the format it is checked in when none is given, the day its legality is judged for
# (as_of.deck_date_text), and the commander a comment names (a CDR: or commander: line, which
# command_zone.place reads in a Commander format); unread: why the deck read is not all of the deck
# written (engine.unread_part), whose companions' conditions are then not called met; problems: what
# its reader reported (DC003, DC007, ...: the parse findings validate gives), as problems_text writes
# them; played_on:
# where the deck was played when its decklist says so (decklist.events.PLAYED_ON: a Magic Online
# event's deck), which legality as of a day reads; count_written:
# False where the line wrote no count and was read as 1 copy (deck.Entry.count_given): a name no card
# matches there may be no card at all, unresolved.uncertain_copies)
ENTRY_COLUMNS = (
    "deck_id",
    "path",
    "declared_format",
    "date",
    "declared_commander",
    "unread",
    "problems",
    "played_on",
    "zone",
    "card",
    "written",
    "qty",
    "line",
    "count_written",
)
CARD_COLUMNS = (
    "mana_value",
    "types",
    "card_types",
    "colour_identity",
    "is_land",
    "is_permanent",
    "is_creature",
    "is_legendary",
    "is_basic_land",
)
FINDING_COLUMNS = (
    "deck_id",
    "path",
    "code",
    "slug",
    "severity",
    "message",
    "card",
    "line",
    "section",
    "rule",
)
COMPANION_COLUMNS = ("deck_id", "companion", "eligible", "declared", "breakers", "cut", "add", "near_miss")
BREAKER_COLUMNS = ("deck_id", "companion", "card", "qty", "zone", "line", "reason")
SUMMARY_COLUMNS = (
    "deck_id",
    "path",
    "name",
    "format",
    "legal",
    "unknown_cards",
    "errors",
    "warnings",
    "infos",
    "main_count",
    "sideboard_count",
    "commander",
    "companion",
    "eligible_companions",
    "n_eligible",
)
METADATA_COLUMNS = ("deck_id", "key", "value")
COMPANION_NAMES = tuple(rule.name for rule in companions.COMPANIONS)
COMPANION_SHORT = {rule.name: rule.short for rule in companions.COMPANIONS}


class Columns:
    """Rows of a table, in order: appended as tuples (cheap for a row at a time) or as blocks of
    columns (numpy arrays or sequences, for many rows at once: the lean checker's companion
    table), read column by column."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)
        self._parts: list[list[tuple[Any, ...]] | tuple[Sequence[Any], ...]] = []
        self._rows: list[tuple[Any, ...]] | None = None  # the open part of rows, if the last
        self._len = 0

    def add(self, values: tuple[Any, ...]) -> None:
        if self._rows is None:
            self._rows = []
            self._parts.append(self._rows)
        self._rows.append(values)
        self._len += 1

    def add_block(self, columns: Sequence[Sequence[Any]]) -> None:
        """Many rows at once: one sequence per column, in column order, all of one length."""
        if len(columns) != len(self.names) or len({len(c) for c in columns}) > 1:
            raise ValueError(f"a block needs {len(self.names)} columns of one length")
        self._parts.append(tuple(columns))
        self._rows = None
        self._len += len(columns[0])

    def extend(self, other: Columns) -> None:
        for part in other._parts:
            self._parts.append(list(part) if isinstance(part, list) else part)
        self._rows = None
        self._len += len(other)

    def __len__(self) -> int:
        return self._len

    @property
    def data(self) -> dict[str, Any]:
        """Column name -> its values: a numpy array where every part gave one (blocks), else a
        tuple of Python values."""
        if not self._len:
            return {name: () for name in self.names}
        pieces = [part if isinstance(part, tuple) else tuple(zip(*part, strict=True)) for part in self._parts]
        data: dict[str, Any] = {}
        for k, name in enumerate(self.names):
            column = [piece[k] for piece in pieces if len(piece[k])]
            if all(isinstance(values, np.ndarray) for values in column):
                data[name] = column[0] if len(column) == 1 else np.concatenate(column)
            else:
                data[name] = tuple(chain.from_iterable(_python(values) for values in column))
        return data

    def rows(self) -> Iterator[dict[str, Any]]:
        """The rows as dicts (column name -> value, as Python values), for code that wants plain
        records."""
        for part in self._parts:
            rows = part if isinstance(part, list) else zip(*map(_python, part), strict=True)
            for values in rows:
                yield dict(zip(self.names, values, strict=True))


def _python(values: Sequence[Any]) -> Sequence[Any]:
    """Values as Python objects (a numpy array's as ints, bools, ...)."""
    return values.tolist() if isinstance(values, np.ndarray) else values


@dataclass(slots=True)
class BatchRows:
    """Everything a batch of checked decks produces, as tidy tables."""

    findings: Columns = field(default_factory=lambda: Columns(FINDING_COLUMNS))
    companions: Columns = field(default_factory=lambda: Columns(COMPANION_COLUMNS))
    breakers: Columns = field(default_factory=lambda: Columns(BREAKER_COLUMNS))
    summary: Columns = field(default_factory=lambda: Columns(SUMMARY_COLUMNS))
    metadata: Columns = field(default_factory=lambda: Columns(METADATA_COLUMNS))
    entries: EntryTable | None = None  # the decks' entries, when asked for

    def __len__(self) -> int:
        return len(self.summary)


# -- per-card columns -----------------------------------------------------------------------------
def card_columns(facts: CardFacts) -> tuple[Any, ...]:
    """A card's values of the long frame's card columns (:data:`CARD_COLUMNS`, in order), from its
    facts (:func:`deckcheck.card_facts.facts_of`, or what a card store keeps)."""
    return (
        facts.mana_value,
        facts.type_text,
        " ".join(sorted(facts.card_types)),
        "".join(sort_colours(facts.color_identity)),
        facts.is_land,
        facts.is_permanent,
        facts.is_creature,
        facts.is_legendary,
        facts.is_basic_land,
    )


# -- the per-worker context --------------------------------------------------------------------
_CONTEXT_LOCK = threading.RLock()


class _MemoStore(CardStore):
    """The same store, with every card's facts remembered by name: a corpus names the same few
    thousand cards over and over. It shares the wrapped store's backend, card cache and remembered
    resolutions (a view, not a copy)."""

    def __init__(self, store: CardStore) -> None:
        vars(self).update(vars(store))
        self.card_facts: dict[str, CardFacts] = {}  # oracle name -> its facts
        self.facts_by_name: dict[str, CardFacts | None] = {}  # any name -> facts of the card it names


_MEMO_STORES: weakref.WeakKeyDictionary[CardStore, _MemoStore] = weakref.WeakKeyDictionary()


def memo_store(store: CardStore) -> CardStore:
    """``store`` with remembered card facts; the same view for the same store."""
    if isinstance(store, _MemoStore):
        return store
    with _CONTEXT_LOCK:
        memo = _MEMO_STORES.get(store)
        if memo is None:
            memo = _MEMO_STORES[store] = _MemoStore(store)
    return memo


class BatchContext:
    """Caches for one card store and one format (the caches live with the store, so contexts for
    other formats over the same store share them)."""

    def __init__(
        self,
        store: CardStore,
        spec: FormatSpec | None,
        *,
        require_format: bool = False,
        on_report: Callable[[DeckId, Report], None] | None = None,
    ) -> None:
        memo = memo_store(store)
        assert isinstance(memo, _MemoStore)
        self.store: CardStore = memo
        # None: no format was given; the engine checks such a deck in its inferred shape
        # (deckcheck.inference), with an error instead of a warning when ``require_format``.
        self.spec = spec
        self.require_format = require_format
        self.on_report = on_report  # told of every deck the engine checks in this context
        self._facts_of = memo.card_facts
        self._by_name = memo.facts_by_name
        self._facts: fastcheck.FactTable | None = None

    def resolve(self, name: str) -> Resolution:
        return self.store.resolve(name)

    def card_facts(self, card: Card) -> CardFacts:
        """The card's facts: the store's when it keeps them, else computed once per card."""
        found = self._facts_of.get(card.name)
        if found is None:
            found = self._facts_of[card.name] = self.exact_facts(card.name) or facts_of(card)
        return found

    def exact_facts(self, name: str) -> CardFacts | None:
        """The facts of the card this is the exact oracle name of, from the facts the card store
        keeps (no card record read, no name resolved); None for any other name, or a store that
        keeps no facts."""
        if not self.facts.stored:
            return None
        return self.facts.exact(name)

    def card_for_name(self, name: str) -> Card | None:
        """The card with this oracle name, else the card the name resolves to (no suggestions)."""
        return self.store.card(name) or self.store.resolve(name, suggest=False).card

    def facts_for_name(self, name: str) -> CardFacts | None:
        """The facts of the card a name (oracle or as written) names, or None."""
        if name in self._by_name:
            return self._by_name[name]
        found = self.exact_facts(name)
        if found is None:
            card = self.card_for_name(name)
            found = None if card is None else self.card_facts(card)
        self._by_name[name] = found
        return found

    @property
    def facts(self) -> fastcheck.FactTable:
        """Per-card facts for the lean path (one table per store, shared by every format)."""
        if self._facts is None:
            self._facts = fastcheck.table_for(self.store)
        return self._facts

    def with_spec(self, spec: FormatSpec) -> BatchContext:
        """A context for another format over the same store (and caches)."""
        return self if spec == self.spec else BatchContext(self.store, spec)


def as_spec(format: str | FormatSpec) -> FormatSpec:
    return format if isinstance(format, FormatSpec) else get_format(format)


_CONTEXTS: dict[tuple[int, FormatSpec], BatchContext] = {}
_STORES: dict[tuple[str | None, ...], CardStore] = {}


def _store_key(store_path: str | None) -> tuple[str | None, ...]:
    """What decides which store :func:`open_store` opens, and whether it changed on disk."""
    chosen = store_path or os.environ.get("DECKCHECK_CARD_DB") or str(default_store_path())
    try:
        stamp = os.stat(chosen).st_mtime_ns
    except OSError:
        stamp = None  # not there: open_store falls back (or reports the missing file)
    return (store_path, os.environ.get("DECKCHECK_CARD_DB"), chosen, str(stamp))


def shared_store(store_path: str | os.PathLike[str] | None = None) -> CardStore:
    """This process's store for a path (None: whatever :func:`open_store` picks: $DECKCHECK_CARD_DB,
    the local store, the bundled cards), opened once so its card cache serves every batch. A store
    file replaced on disk (``cards update``) is opened again."""
    key = _store_key(None if store_path is None else os.fspath(store_path))
    store = _STORES.get(key)
    if store is None:
        with _CONTEXT_LOCK:
            store = _STORES.get(key)
            if store is None:
                path = key[0]
                store = memo_store(open_store(None if path is None else Path(path)))
                _STORES[key] = store
    return store


def worker_context(store_path: str | os.PathLike[str] | None, format: str | FormatSpec) -> BatchContext:
    """This process's context for a store path (None: the default store, see :func:`shared_store`)
    and a format, built on first use. Dask tasks call this, so each worker process builds its caches
    once, not once per task, and no task carries a card store."""
    store = shared_store(store_path)
    spec = as_spec(format)
    key = (id(store), spec)
    context = _CONTEXTS.get(key)
    if context is None or context.store is not store:
        with _CONTEXT_LOCK:
            context = _CONTEXTS.get(key)
            if context is None or context.store is not store:
                context = _CONTEXTS[key] = BatchContext(store, spec)
    return context


def clear_worker_contexts() -> None:
    with _CONTEXT_LOCK:
        _CONTEXTS.clear()
        _STORES.clear()


# -- sources -----------------------------------------------------------------------------------
def deck_paths(
    source: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    warn: Callable[[str], None] | None = None,
) -> list[tuple[str, Path, str | None]]:
    """(deck_id, path, problem) for a file, a directory (the decklist files below it that
    `deckcheck check DIR` finds, discovery.found_under: by suffix, hidden ones left out, linked
    folders followed once; sorted; deck_id is the path relative to the directory) or a list of
    paths (deck_id is the path as given). ``problem`` is why a path the search found is not read
    (a named pipe, a folder that cannot be read), None for a file to read; the search's notes
    (a folder reached twice) are said through ``warn``."""
    if isinstance(source, str | os.PathLike):
        root = Path(source)
        if root.is_dir():
            found = sorted(((Path(path), why) for path, why in found_under(root, warn)), key=lambda f: f[0])
            return [(path.relative_to(root).as_posix(), path, why) for path, why in found]
        return [(os.fspath(source), root, None)]
    return [(os.fspath(p), Path(p), None) for p in source]


def parse_items(
    items: Iterable[tuple[DeckId, str]], input_format: str | None = None
) -> Iterator[tuple[DeckId, ParsedDeck]]:
    """Parse ``(deck_id, text)`` pairs; the path in findings is the deck id. An event document's
    text is its decks, as :func:`text_sources` names them."""
    for deck_id, path, source in text_sources(items, input_format):
        yield deck_id, source if isinstance(source, ParsedDeck) else parse_text(source, path)


def parse_paths(
    paths: Iterable[tuple[DeckId, Path]], input_format: str | None = None
) -> Iterator[tuple[DeckId, ParsedDeck]]:
    for deck_id, path in paths:
        name = os.fspath(path)
        for row_id, _, deck in _split_decks(deck_id, name, parse_file_decks(path, input_format)):
            assert isinstance(deck, ParsedDeck)
            yield row_id, deck


def parsed_from_entries(
    deck_id: DeckId,
    path: str,
    entries: Iterable[tuple[int, str, Zone, int]],
    date: str | None = None,
    declared_format: str | None = None,
    commander: str | None = None,
    unread: str | None = None,
    uncounted: Collection[int] = (),
    played_on: str | None = None,
    problems: str | None = None,
) -> ParsedDeck:
    """A parsed deck rebuilt from long-frame rows (quantity, name as written, zone, line) and what
    the deck declares (the long frame's ``date`` and ``declared_commander``, kept as its ``date``
    and ``commander`` metadata, and ``declared_format``; the line that declared it is not known).
    ``unread``: why the deck read was not all of the deck written (the long frame's ``unread``):
    the rebuilt deck is read in part for that reason too (one problem that says so).
    ``uncounted``: the positions among ``entries`` of those whose line wrote no count (the long
    frame's ``count_written`` False: Entry.count_given). ``played_on``: where the deck was played
    (the long frame's ``played_on``, kept as its decklist.events.PLAYED_ON metadata).
    ``problems``: its reader's problems (the long frame's ``problems``, :func:`problems_text`): the
    rebuilt deck has them again, and ``unread`` only says again what they say (it stands alone in
    a frame built without the column)."""
    metadata = {"date": date} if date else {}
    if commander:
        metadata["commander"] = commander
    if played_on:
        metadata[PLAYED_ON] = played_on
    kept = problems_from_text(problems, path) if problems else None
    parsed = ParsedDeck(
        path,
        "frame",
        declared_format=declared_format,
        metadata=metadata or None,
        problems=kept if kept is not None else [read_in_part_problem(unread)] if unread else None,
    )
    parsed.entries = [
        Entry(qty, name, zone, line, count_given=k not in uncounted)
        for k, (qty, name, zone, line) in enumerate(entries)
    ]
    return parsed


def problems_text(problems: Sequence[ParseProblem]) -> str | None:
    """A reader's problems as one text (a JSON list of ``{"line", "message", "severity", "code",
    "section", "data"}`` records, fields that are None or empty left out; ``data`` a list of
    key/value pairs), so that a long frame keeps them with the deck: None for none."""
    if not problems:
        return None
    records = [
        {name: value for name in ParseProblem.FIELDS if (value := getattr(problem, name)) not in (None, ())}
        for problem in problems
    ]
    return json.dumps(records, ensure_ascii=False)


def problems_from_text(text: str, where: str) -> list[ParseProblem]:
    """The problems :func:`problems_text` wrote; a ValueError naming the deck (``where``) and what is
    wrong when the text is not such a list."""
    try:
        records = json.loads(text)
        if not isinstance(records, list):
            raise TypeError("not a list")
        return [
            ParseProblem(
                int(record["line"]),
                str(record["message"]),
                str(record.get("severity", "error")),
                record.get("code"),
                record.get("section"),
                tuple((str(key), str(value)) for key, value in record.get("data", ())),
            )
            for record in records
        ]
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise ValueError(
            f"deck {where!r}: its problems value is not a JSON list of problems with a line and a "
            f"message ({type(exc).__name__}: {exc}): {text[:80]!r}"
        ) from None


def declared_commander(metadata: Mapping[str, str]) -> str | None:
    """The commander(s) a deck's comments name (a Cockatrice ``CDR:``, a ``// Commander:`` line:
    its ``commander`` metadata, partners joined by "; "), None without one."""
    return metadata.get("commander") or None


def deck_date(metadata: Mapping[str, str]) -> str | None:
    """A deck's own date as its metadata writes it (as_of.deck_date_text), None without one."""
    found = deck_date_text(metadata)
    return None if found is None else found[1]


# -- rows from one deck ------------------------------------------------------------------------


class EntryTable:
    """Deck entries as typed arrays (deck, zone, card, name as written, quantity, line: a few
    bytes per entry) plus the facts of each distinct card: a long frame of a corpus without a
    Python object per entry. Card code -1 = a name that matched no card; ``uncounted`` lists the
    entries (positions) whose line wrote no count (Entry.count_given False: few). Per deck: its
    path, the format it declares, its own date as written and the commander its comments name
    (None: none declared), why it was read in part (engine.unread_part; None: read in full), and
    its reader's problems (:func:`problems_text`; None: none).

    Each deck's entries are the ones the engine reads (engine.resolve_deck): a name is resolved
    once for the whole table, except in a deck resolve_deck reads as a whole (engine.read_alone:
    a stray localized name is not read as its card, "1996 World Champion" with no count is one
    copy of that card); such a deck is resolved by resolve_deck itself."""

    def __init__(self) -> None:
        self.deck_ids: list[DeckId] = []
        self.paths: list[str] = []
        self.declared: list[str | None] = []
        self.dates: list[str | None] = []
        self.commanders: list[str | None] = []
        self.unread: list[str | None] = []
        self.problems: list[str | None] = []
        self.played_on: list[str | None] = []
        self.deck = array("i")
        self.zone = array("b")  # deck.ZONE_CODE
        self.card = array("i")
        self.written = array("i")
        self.qty = array("i")
        self.line = array("i")
        self.uncounted: list[int] = []
        self.cards: list[CardFacts] = []
        self.written_names: list[str] = []
        self._card_index: dict[str, int] = {}
        self._written_index: dict[str, int] = {}
        self._card_of_written: list[int] = []
        self._alone: list[bool] = []  # by written name code: engine.read_alone

    def __len__(self) -> int:
        return len(self.deck)

    def _name_code(self, context: BatchContext, name: str) -> int:
        code = self._written_index.get(name)
        if code is None:
            code = self._written_index[name] = len(self.written_names)
            self.written_names.append(name)
            row = context.exact_facts(name)  # an exact oracle name needs no resolving
            alone = True
            if row is None:
                # (no did-you-mean: the table keeps the card and whether it is read alone)
                resolution = context.store.resolve(name, suggest=False)
                alone = read_alone(resolution, context.store)
                card = resolution.card
                row = None if card is None else context.card_facts(card)
            card_code = -1
            if row is not None:
                card_code = self._card_index.get(row.name, -1)
                if card_code < 0:
                    card_code = self._card_index[row.name] = len(self.cards)
                    self.cards.append(row)
            self._card_of_written.append(card_code)
            self._alone.append(alone)
        return code

    def reads_alone(self, context: BatchContext, names: Iterable[str]) -> bool:
        """Whether a deck of these names is read name by name as resolve_deck reads it."""
        alone, code = self._alone, self._name_code
        return all(alone[code(context, name)] for name in names)

    def add(self, context: BatchContext, deck_id: DeckId, parsed: ParsedDeck) -> None:
        """A parsed deck's entries, as engine.resolve_deck reads them: a line read again (a number
        that leads a card's name), and an entry it does not read as a card (a stray localized name,
        a token of the maybeboard, a plane) has card code -1. Each keeps the zone its decklist lists
        it in: a plane listed in the main deck stays there, so that the engine reads the table's
        deck as it reads the file (its error, and the plane read outside the deck)."""
        deck, _ = resolve_deck(parsed, context.store, suggest=False, facts=context.facts.by_name)
        read = deck.parsed or parsed
        unresolved = {id(entry) for entry in deck.unresolved}
        self.add_entries(
            context,
            deck_id,
            parsed.path,
            [
                (e.quantity, e.name, listed.zone, e.line)
                for e, listed in zip(read.entries, parsed.entries, strict=True)
            ],
            date=deck_date(parsed.metadata),
            declared_format=parsed.declared_format,
            commander=declared_commander(parsed.metadata),
            unread=unread_part(parsed) if parsed.problems else None,
            problems=problems_text(parsed.problems),
            played_on=parsed.metadata.get(PLAYED_ON),
            unresolved=[id(e) in unresolved for e in read.entries] if unresolved else None,
            uncounted=[k for k, e in enumerate(read.entries) if not e.count_given],
        )

    def add_entries(
        self,
        context: BatchContext,
        deck_id: DeckId,
        path: str,
        entries: Iterable[tuple[int, str, Zone, int]],
        *,
        date: str | None = None,
        declared_format: str | None = None,
        commander: str | None = None,
        unread: str | None = None,
        problems: str | None = None,
        played_on: str | None = None,
        unresolved: Sequence[bool] | None = None,
        uncounted: Sequence[int] = (),
    ) -> None:
        """One deck's (quantity, name as written, zone, line) entries, its own date as written, the
        format it declares, the commander its comments name, why it was read in part (``unread``:
        engine.unread_part), its reader's problems (``problems``: :func:`problems_text`) and where
        it was played (``played_on``). ``unresolved``: per entry,
        whether it is read as no card whatever its name (resolve_deck's reading of the whole deck).
        ``uncounted``: the positions among the entries of those whose line wrote no count
        (Entry.count_given False)."""
        if uncounted:
            self.uncounted += [len(self.deck) + k for k in uncounted]
        deck = len(self.deck_ids)
        self.deck_ids.append(deck_id)
        self.paths.append(path)
        self.declared.append(declared_format)
        self.dates.append(date)
        self.commanders.append(commander)
        self.unread.append(unread)
        self.problems.append(problems)
        self.played_on.append(played_on)
        name_code, card_of = self._name_code, self._card_of_written
        for k, (quantity, name, zone, line) in enumerate(entries):
            written = name_code(context, name)
            self.deck.append(deck)
            self.zone.append(ZONE_CODE[zone])
            self.card.append(-1 if unresolved is not None and unresolved[k] else card_of[written])
            self.written.append(written)
            self.qty.append(quantity)
            self.line.append(line)

    def add_read(self, context: BatchContext, decks: Sequence[tuple[DeckId, str]], read: PlainDecks) -> bool:
        """Many decks at once, as decklist.fast.read_plain read them (every one taken): their
        entries' columns are appended as arrays, and each distinct name is looked up once. False,
        and nothing added, when one of them names a card resolve_deck reads with the rest of its
        deck (engine.read_alone): such a chunk is added deck by deck."""
        if not all(read.taken):
            raise ValueError("add_read takes decks read_plain took; add the others one by one")
        codes = np.empty(0, dtype=np.int64)
        where: Any = None
        if len(read.name_ids):
            distinct, first_at, where = np.unique(read.name_ids, return_index=True, return_inverse=True)
            codes = np.empty(len(distinct), dtype=np.int64)
            for k in np.argsort(first_at).tolist():  # names in order of first appearance, as one by one
                codes[k] = self._name_code(context, read.names[distinct[k]])
            if not all(self._alone[code] for code in codes.tolist()):
                return False
        first = len(self.deck_ids)
        for (deck_id, path), metadata, problems in zip(decks, read.metadata, read.problems, strict=True):
            self.deck_ids.append(deck_id)
            self.paths.append(path)
            self.declared.append(declared_format_of(metadata) if metadata else None)
            self.dates.append(deck_date(metadata) if metadata else None)
            self.commanders.append(declared_commander(metadata) if metadata else None)
            self.unread.append(None)  # (read_plain takes no text read in part: engine.unread_part)
            self.problems.append(problems_text(problems))  # (a section outside the deck's DC003 info)
            self.played_on.append(metadata.get(PLAYED_ON) if metadata else None)
        if not len(read.name_ids):
            return True
        first_row = len(self.deck)
        for i, positions in enumerate(read.uncounted):
            if positions:
                self.uncounted += [first_row + read.starts[i] + k for k in positions]
        written = codes[where]
        card_of = np.array(self._card_of_written, dtype=np.int64)
        deck = np.repeat(np.arange(first, first + len(decks)), np.diff(read.starts))
        for column, values in (
            (self.deck, deck),
            (self.zone, read.zones),
            (self.card, card_of[written]),
            (self.written, written),
            (self.qty, read.quantities),
            (self.line, read.lines),
        ):
            # (typecode "b" is a signed char; "i" a C int)
            column.frombytes(
                np.asarray(values, dtype=np.int8 if column.typecode == "b" else np.intc).tobytes()
            )
        return True


def add_findings(rows: Columns, deck_id: DeckId, findings: Iterable[Finding]) -> None:
    for f in findings:
        rows.add(fastcheck.finding_row(deck_id, f))


def add_report(rows: BatchRows, deck_id: DeckId, report: Report, *, breakers: bool = True) -> None:
    """The finding, companion, (breaker), summary and metadata rows of one checked deck."""
    add_findings(rows.findings, deck_id, report.findings)
    eligible: list[str] = []
    declared: list[str] = []
    for result in report.companions:
        rows.companions.add(
            (
                deck_id,
                result.companion,
                result.eligible,
                result.declared,
                len(result.breakers),
                result.cut_count,
                result.add,
                result.near_miss,
            )
        )
        if breakers:
            for b in result.breakers:
                rows.breakers.add((deck_id, result.companion, b.card, b.quantity, b.zone, b.line, b.reason))
        if result.eligible:
            eligible.append(COMPANION_SHORT[result.companion])
        if result.declared:
            declared.append(result.companion)
    counts = [0, 0, 0]  # info, warning, error
    for f in report.findings:
        counts[int(f.severity)] += 1
    parsed = report.parsed
    commanders = [dc.oracle_name for dc in report.deck.cards if dc.zone is Zone.COMMANDER]
    rows.summary.add(
        fastcheck.summary_row(
            deck_id,
            report.path,
            parsed.name,
            summary_format(report),
            report.legal,
            report.unknown_cards,
            counts,
            (parsed.count(Zone.MAIN), parsed.count(Zone.SIDEBOARD)),
            commanders,
            declared,
            eligible,
        )
    )
    for key, value in parsed.metadata.items():
        rows.metadata.add((deck_id, key, value))


def summary_format(report: Report) -> str | None:
    """The summary's format of a checked deck: the one it was checked in, or None when no format
    was given and the deck has no entries to infer a shape from (a file not read, a list with no
    card lines). The engine still checks such a deck in the constructed shape (it needs one), but
    no one named that format and nothing was read to infer it: an analyst grouping by format would
    count the files not read among the constructed decks."""
    if report.inferred_because and not report.parsed.entries:
        return None
    return report.format.name


ContextFor = BatchContext | Callable[[DeckId], BatchContext]


def check_parsed_decks(
    decks: Iterable[tuple[DeckId, ParsedDeck]],
    context: ContextFor,
    *,
    entries: bool = False,
    breakers: bool = True,
    progress: Progress | None = None,
) -> BatchRows:
    """Check parsed decks with the engine. ``context`` is one context, or a function from deck id
    to context (decks of several formats). ``entries``: keep the decks' entries too."""
    rows = BatchRows(entries=EntryTable() if entries else None)
    for deck_id, parsed in decks:
        deck_context = context if isinstance(context, BatchContext) else context(deck_id)
        report = check_parsed(parsed, deck_context.store, deck_context.spec)
        add_report(rows, deck_id, report, breakers=breakers)
        if rows.entries is not None:
            rows.entries.add(deck_context, deck_id, parsed)
        if progress is not None:
            progress(1)
    return rows


def validate_texts(
    items: Iterable[tuple[DeckId, str]],
    context: ContextFor,
    *,
    input_format: str | None = None,
    entries: bool = False,
    breakers: bool = True,
    progress: Progress | None = None,
    fast: bool = True,
) -> BatchRows:
    """Parse and check ``(deck_id, decklist text)`` pairs: one partition's worth of rows.
    ``fast``: take the lean path (:mod:`deckcheck.fastcheck`) for the decks it can check exactly,
    the engine for the rest; False: the engine for every deck. Both give the same rows."""
    if not fast or entries:
        return check_parsed_decks(
            parse_items(items, input_format), context, entries=entries, breakers=breakers, progress=progress
        )
    return check_texts(text_sources(items, input_format), context, breakers, progress)


DeckSource = str | ParsedDeck  # decklist text (content decides its format), or a deck already read


def path_sources(paths: Iterable[tuple[DeckId, Path]]) -> Iterator[tuple[DeckId, str, DeckSource]]:
    """``(deck_id, path, source)`` for files: the decoded text where :func:`parse_file` would read
    exactly that text (UTF-8 without a warning), so the lean path can take it; else the parsed
    decks (several for an event document, in any encoding)."""
    for deck_id, path in paths:
        name = os.fspath(path)
        try:
            with open(name, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except OSError:
            data = None
        # (nothing read: an empty file, or /dev/null, which parse_file refuses as the CLI does)
        decoded = decode(data) if data and len(data) <= MAX_BYTES else None
        if (
            decoded is not None
            and decoded.text is not None
            and decoded.encoding in ("utf-8", "")
            and not (decoded.warning)
        ):
            if might_be_event(decoded.text):  # many decks, or one
                yield from _split_decks(deck_id, name, parse_text_decks(decoded.text, name))
            else:
                yield deck_id, name, decoded.text
        else:  # the parser reports what is wrong, as for one file
            yield from _split_decks(deck_id, name, parse_file_decks(path))


def text_sources(
    items: Iterable[tuple[DeckId, str]], input_format: str | None = None
) -> Iterator[tuple[DeckId, str, DeckSource]]:
    """``(deck_id, path, source)`` for ``(deck_id, decklist text)`` pairs, as :func:`path_sources`
    gives them for files, with ``str(deck_id)`` as the path: the text itself, for the lean path
    to read (content decides its format), or, for an event document, its decks read already, one
    row each, named as a file's are (:func:`_split_decks`): ``ID#player`` (``ID#rank-N`` /
    ``ID#deck-N`` when the player is missing or named twice). ``input_format`` forces a format:
    every text is parsed with it (``json`` still splits an event document)."""
    for deck_id, text in items:
        name = str(deck_id)
        if input_format is None and not might_be_event(text):
            yield deck_id, name, text
        else:
            yield from _split_decks(deck_id, name, parse_text_decks(text, name, input_format))


def _split_decks(
    deck_id: DeckId, name: str, decks: list[ParsedDeck]
) -> Iterator[tuple[DeckId, str, DeckSource]]:
    """One row per deck of a file or text: an event document's decks get ids ``ID#player`` (their
    paths are ``FILE#player``: for a text, whose path is its id, the same string)."""
    if len(decks) == 1 and decks[0].path == name:
        yield deck_id, name, decks[0]
        return
    for deck in decks:
        yield f"{deck_id}{deck.path[len(name) :]}", deck.path, deck


class DeckFormatMap(Generic[_Format]):
    """Each deck's format from a mapping keyed by deck id. A deck of an event document
    (``ID#player``, :func:`_split_decks`) that the mapping does not name takes its row's format:
    the mapping names the file or text the user gave, whose decks those are."""

    def __init__(self, formats: Mapping[Any, _Format]) -> None:
        self.formats = formats
        self._by_text: dict[str, _Format] | None = None  # (the ids as text: "0#alice" is row 0's)

    def __getitem__(self, deck_id: DeckId) -> _Format:
        try:
            return self.formats[deck_id]
        except (KeyError, TypeError):
            pass
        if isinstance(deck_id, str) and "#" in deck_id:
            if self._by_text is None:
                self._by_text = {str(key): value for key, value in self.formats.items()}
            # the row id is a prefix ending before one of the "#"s (a path or player may hold one)
            cut = deck_id.rfind("#")
            while cut > 0:
                found = self._by_text.get(deck_id[:cut])
                if found is not None:
                    return found
                cut = deck_id.rfind("#", 0, cut)
        raise ValueError(f"no format given for deck {deck_id!r}")


def check_texts(
    decks: Iterable[tuple[DeckId, str, DeckSource]],
    context: ContextFor,
    breakers: bool = True,
    progress: Progress | None = None,
) -> BatchRows:
    """Check ``(deck_id, path, decklist text or parsed deck)``, :data:`LEAN_CHUNK` decks at a time:
    text that :func:`deckcheck.decklist.fast.read_plain` takes is read there, any other by its own
    parser (parse_text); the lean checker (:func:`fastcheck.check_decks`) checks every deck within
    its scope, the engine the rest. The rows are the engine's either way, in deck order."""
    rows = BatchRows()
    sink = fastcheck.RowSink(
        rows.findings.add,
        rows.companions.add_block,
        rows.breakers.add if breakers else None,
        rows.summary.add,
        rows.metadata.add,
    )
    # The checks make no reference cycles; collections triggered meanwhile would only re-scan the
    # card facts (a quarter of a 10k-deck batch's time). The caller's chunks bound what waits.
    with gc_paused():
        _check_sources(rows, sink, decks, context, breakers, progress)
    return rows


_NO_FORMAT_PLACEHOLDER = FormatSpec("", "", None, 0)

# Decks the lean checker takes at a time: its arrays' fixed costs are spread over a chunk, and
# a chunk's arrays stay small (a thousand decks are ~50,000 entries).
LEAN_CHUNK = 1_000


def _check_sources(
    rows: BatchRows,
    sink: fastcheck.RowSink,
    decks: Iterable[tuple[DeckId, str, DeckSource]],
    context: ContextFor,
    breakers: bool,
    progress: Progress | None,
) -> None:
    remaining = iter(decks)
    while chunk := list(islice(remaining, LEAN_CHUNK)):
        _check_chunk(rows, sink, chunk, context, breakers)
        if progress is not None:
            progress(len(chunk))


def _check_chunk(
    rows: BatchRows,
    sink: fastcheck.RowSink,
    chunk: Sequence[tuple[DeckId, str, DeckSource]],
    context: ContextFor,
    breakers: bool,
) -> None:
    """The lean checker for the chunk's decks within its scope, the engine for the others, rows in
    deck order; a text is parsed once, whichever checks it."""
    contexts = [context if isinstance(context, BatchContext) else context(deck_id) for deck_id, _, _ in chunk]
    # A deck with no format (spec None) goes to the engine, which infers its shape; the lean path
    # is handed a placeholder it never uses (the deck has no entries there).
    candidates = [
        (deck_id, path, c.spec or _NO_FORMAT_PLACEHOLDER)
        for (deck_id, path, _), c in zip(chunk, contexts, strict=True)
    ]
    # every line of the chunk's texts in one pass (a deck read already stands as no text: not taken)
    read = read_plain([source if isinstance(source, str) else "" for _, _, source in chunk])
    # the decks read already or by their own parser here (the engine's input too, when handed back)
    parsed: dict[int, ParsedDeck] = {}
    if all(c.spec is not None for c in contexts):
        # A text the batch reader does not take (another format, a problem to report, a section
        # the deck does not count) is read by its own parser, as the engine would read it; the
        # lean checker takes what that read too, within its scope, and a deck read already (a
        # file with something to say, an event document's deck) as it is.
        for offset, taken in enumerate(read.taken):
            if not taken:
                _, path, source = chunk[offset]
                parsed[offset] = parse_text(source, path) if isinstance(source, str) else source
        entries = read.with_decks(parsed)
    else:  # decks with no format among them: the engine's
        decks: list[ReadDeck | ParsedDeck | None] = []
        for offset, ((_, path, source), deck_context) in enumerate(zip(chunk, contexts, strict=True)):
            if isinstance(source, str):
                deck = read.deck(offset)
                if deck is not None:
                    decks.append(deck if deck_context.spec is not None else None)
                    continue
                source = parse_text(source, path)
            parsed[offset] = source
            decks.append(source if deck_context.spec is not None else None)  # (no format: the engine's)
        entries = PlainDecks.of(decks)

    def engine(offset: int, index: int) -> None:
        deck_id, path, source = chunk[offset + index]
        deck_context = contexts[offset + index]
        found = parsed.get(offset + index)
        if found is None:
            found = source if isinstance(source, ParsedDeck) else parse_text(source, path)
        report = check_parsed(
            found,
            deck_context.store,
            deck_context.spec,
            require_format=deck_context.require_format,
            facts=deck_context.facts.by_name,  # (the facts the lean checker read: no card objects)
        )
        add_report(rows, deck_id, report, breakers=breakers)
        if deck_context.on_report is not None:
            deck_context.on_report(deck_id, report)

    # runs of decks over one card store share its fact table (one run, unless the contexts' stores differ)
    start = 0
    while start < len(chunk):
        table = contexts[start].facts
        end = start + 1
        while end < len(chunk) and contexts[end].facts is table:
            end += 1
        run = entries if start == 0 and end == len(chunk) else entries.part(start, end)
        fastcheck.check_decks(sink, candidates[start:end], run, table, functools.partial(engine, start))
        start = end


def validate_partition(
    items: Iterable[tuple[DeckId, str]],
    *,
    format: str | FormatSpec | Mapping[DeckId, str | FormatSpec],
    store_path: str | os.PathLike[str] | None = None,
    input_format: str | None = None,
    entries: bool = False,
    breakers: bool = True,
) -> BatchRows:
    """:func:`validate_texts` with this process's cached contexts: what a Dask task runs.
    ``format`` is one format, or each deck's (a mapping from deck id)."""
    if isinstance(format, str | FormatSpec):
        context: ContextFor = worker_context(store_path, format)
    else:
        formats, contexts = DeckFormatMap(format), dict[str | FormatSpec, BatchContext]()

        def context(deck_id: DeckId) -> BatchContext:
            name = formats[deck_id]
            found = contexts.get(name)
            if found is None:
                found = contexts[name] = worker_context(store_path, name)
            return found

    return validate_texts(items, context, input_format=input_format, entries=entries, breakers=breakers)


def load_sources(
    decks: Iterable[tuple[DeckId, str, DeckSource]],
    context: BatchContext,
    *,
    progress: Progress | None = None,
) -> EntryTable:
    """The entries of ``(deck_id, path, text or parsed deck)`` (no rules run): plain text read by
    :func:`deckcheck.decklist.fast.read_plain`, a chunk at a time (the same entries parse_text
    gives), else parsed."""
    table = EntryTable()
    remaining = iter(decks)
    with gc_paused():  # as in check_texts: the entry arrays and card rows make no cycles
        while chunk := list(islice(remaining, LEAN_CHUNK)):
            texts = [source for _, _, source in chunk if isinstance(source, str)]
            read = read_plain(texts)
            named = [(deck_id, path) for deck_id, path, _ in chunk]
            # the usual chunk: all at once
            if not (len(texts) == len(chunk) and all(read.taken) and table.add_read(context, named, read)):
                _load_one_by_one(table, context, chunk, read)
            if progress is not None:
                progress(len(chunk))
    return table


def _load_one_by_one(
    table: EntryTable,
    context: BatchContext,
    chunk: Sequence[tuple[DeckId, str, DeckSource]],
    read: PlainDecks,
) -> None:
    """A chunk with decks read_plain did not take, decks read already, or decks resolve_deck reads
    as a whole (EntryTable.add parses them): deck by deck, in order."""
    texts_read = 0
    for deck_id, path, source in chunk:
        plain, metadata = None, {}
        uncounted: Sequence[int] = ()
        problems: Sequence[ParseProblem] = ()
        if isinstance(source, str):
            plain, metadata = read.entries(texts_read), read.metadata[texts_read]
            uncounted, problems = read.uncounted[texts_read], read.problems[texts_read]
            texts_read += 1
        if plain is not None and table.reads_alone(context, (name for _, name, _, _ in plain)):
            table.add_entries(
                context,
                deck_id,
                path,
                plain,
                date=deck_date(metadata),
                declared_format=declared_format_of(metadata),
                commander=declared_commander(metadata),
                problems=problems_text(problems),  # (a section outside the deck's DC003 info)
                played_on=metadata.get(PLAYED_ON),
                uncounted=uncounted,
            )
        else:
            table.add(context, deck_id, parse_text(source, path) if isinstance(source, str) else source)
