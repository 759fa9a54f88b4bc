"""The pandas API: many decklists in, tidy frames out. The only module that imports pandas.

>>> from deckcheck import frames
>>> decks = frames.load_decks("data/corpus/modern")          # one row per deck entry
>>> table = frames.companion_table(decks, format="modern")   # deck x companion, vectorised
>>> results = frames.validate("data/corpus/modern")          # findings, companions, summary

Sources: a decklist file, a directory (every decklist file below it), a list of paths, a
``pd.Series`` of decklist text (its index is the deck id) or a DataFrame with a ``text`` column.
An event document (MTGO's decklist JSON, the MTGODecklistCache archive) is many decks, whether
its file or its text is given: the file's at ``FILE#player``, the text's at ``ID#player`` (``ID``
its row's deck id; ``#rank-N`` / ``#deck-N`` when the player is missing or named twice), each
with the event's format and date and in every table; ids so made are strings, so beside an
index that is not of strings the deck_id column is of objects.
:func:`validate` and :func:`companion_table` also take the long frame :func:`load_decks` returns,
which keeps what each deck declares (its ``declared_format``, ``date``, ``declared_commander``,
``unread`` and ``played_on`` columns), what its reader reported (``problems``: the parse findings)
and which lines wrote no count (``count_written``), so a deck gets the same answers from its long
frame as from its file.
``format`` is one format for every deck, a mapping / Series from deck id to format, or None (the
default): each deck's format as ``deckcheck check`` chooses it (declared in the file, the config,
else the shape of its family, with a warning). A config's ``select``, ``ignore`` and ``strict``
choose what the command line reports and how it exits: the frames hold every finding and judge
``legal`` by every rule. A deck the mapping gives no format, or a value that
names no format (missing, not a name, unknown), is a ValueError naming the deck and the value,
raised before any deck is checked; so is a ``format`` of any other type. ``store`` is a
``CardStore``, a card store's path (opened once per process, as ``--card-db`` names one) or None
(the default: ``$DECKCHECK_CARD_DB``, the local store, else the bundled card set); a store that
cannot be opened is a ``CardDataError`` saying why.

Two ways to the companion table, with the same answer:

- :func:`validate` checks every deck with every rule (every finding, with its message): plain
  lists by the lean checker (:mod:`deckcheck.fastcheck`), the rest by the engine, with the engine's
  rows either way, so its ``companions`` frame is :func:`deckcheck.rules.companions.evaluate`'s;
- :func:`companion_table` is the fast path: per-card facts are computed once per distinct card
  (:func:`deckcheck.card_facts.facts_of`, or read from the card store), looked up by card code
  for every entry, and each condition is then a group-by (``np.bincount`` over deck codes) over
  the whole batch. Only the deck-level aggregation is written
  here; the tests hold it to ``evaluate`` deck by deck.

Partition functions (:func:`validate_partition`, :func:`companion_partition`) and
:func:`validate_dask` run the same code on a Dask DataFrame (docs/dask.md). Long runs show a
progress bar on stderr when it is a terminal.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, Final, Literal, cast

try:
    import numpy as np
    import pandas as pd
except ImportError as exc:  # pragma: no cover - pandas is a dependency; a slimmed install may lack it
    raise ImportError("deckcheck.frames needs pandas: pip install pandas") from exc

from deckcheck import batch, unresolved
from deckcheck._gc import gc_paused
from deckcheck.batch import BatchContext, BatchRows, Columns, DeckId, EntryTable
from deckcheck.card_facts import CardFacts
from deckcheck.cards.store import CardStore
from deckcheck.deck import ZONE_CODE, ZONE_ORDER, Deck, DeckCard, Entry, ParsedDeck, Zone, deck_card_of_facts
from deckcheck.engine import Report
from deckcheck.errors import ConfigError
from deckcheck.findings import Finding
from deckcheck.format_spec import FormatSpec
from deckcheck.history import parse_as_of, with_as_of
from deckcheck.progress import ProgressBar
from deckcheck.rules import companion_arrays
from deckcheck.wording import counted

__all__ = [
    "COMPANION_DTYPE",
    "SEVERITY_DTYPE",
    "ZONE_DTYPE",
    "DeckcheckAccessor",
    "Results",
    "companion_breakers",
    "companion_partition",
    "companion_table",
    "load_decks",
    "meta",
    "validate",
    "validate_dask",
    "validate_partition",
]

Source = str | os.PathLike[str] | Iterable[str | os.PathLike[str]] | pd.Series | pd.DataFrame
FormatArg = str | FormatSpec | Mapping[Any, str | FormatSpec] | pd.Series
Table = Literal["entries", "findings", "companions", "breakers", "summary", "metadata"]

ZONES = tuple(str(z) for z in ZONE_ORDER)
ZONE_DTYPE = pd.CategoricalDtype(list(ZONES))
SEVERITY_DTYPE = pd.CategoricalDtype(["info", "warning", "error"], ordered=True)
COMPANION_DTYPE = pd.CategoricalDtype(list(batch.COMPANION_NAMES))
# validate() turns rows into frames this many decks at a time, so memory holds frames, not Python
# rows (~2 KB a deck). Measured: 10,000 at a time was no faster and took 40 % more memory.
CHUNK_DECKS = 2_000
FORMAT_GIVEN = "format argument"  # the summary's format_source when format= names the format(s)

# Column dtypes. "line" is nullable Int64 with the core's line 0 ("the deck as a whole" or a format
# without lines) as <NA>; "category" columns of the long frame keep a corpus small (a card name is
# stored once, each entry holds a code).
_STR: Final = "str"
_DTYPES: dict[str, dict[str, Any]] = {
    "entries": {
        "path": "category",
        "declared_format": "category",
        "date": "category",
        "declared_commander": "category",
        "unread": "category",
        "problems": "category",
        "played_on": "category",
        "zone": ZONE_DTYPE,
        "card": "category",
        "written": "category",
        "qty": "int64",
        "line": "line",
        "count_written": "bool",
        "mana_value": "Int64",
        "types": "category",
        "card_types": "category",
        "colour_identity": "category",
        "is_land": "boolean",
        "is_permanent": "boolean",
        "is_creature": "boolean",
        "is_legendary": "boolean",
        "is_basic_land": "boolean",
    },
    "findings": {
        "path": _STR,
        "code": _STR,
        "slug": _STR,
        "severity": SEVERITY_DTYPE,
        "message": _STR,
        "card": _STR,
        "line": "line",
        "section": _STR,
        "rule": _STR,
    },
    "companions": {
        "companion": COMPANION_DTYPE,
        "eligible": "boolean",  # NA: undetermined (unknown cards, the companion's legality)
        "declared": "bool",
        "breakers": "int64",
        "cut": "int64",
        "add": "int64",
        "near_miss": "bool",
    },
    "breakers": {
        "companion": COMPANION_DTYPE,
        "card": _STR,
        "qty": "int64",
        "zone": ZONE_DTYPE,
        "line": "line",
        "reason": _STR,
    },
    "summary": {
        "path": _STR,
        "name": _STR,
        "format": _STR,
        "format_source": _STR,
        "legal": "boolean",  # NA: not verified (unknown cards, no format, card data of another day)
        "unknown_cards": "int64",
        "errors": "int64",
        "warnings": "int64",
        "infos": "int64",
        "main_count": "int64",
        "sideboard_count": "int64",
        "commander": _STR,
        "companion": _STR,
        "eligible_companions": _STR,
        "n_eligible": "int64",
    },
    "metadata": {"key": _STR, "value": _STR},
}
_TABLE_COLUMNS: dict[str, tuple[str, ...]] = {
    "entries": batch.ENTRY_COLUMNS + batch.CARD_COLUMNS,
    "findings": batch.FINDING_COLUMNS,
    "companions": batch.COMPANION_COLUMNS,
    "breakers": batch.BREAKER_COLUMNS,
    "summary": batch.SUMMARY_COLUMNS,
    "metadata": batch.METADATA_COLUMNS,
}


@dataclass(slots=True)
class Results:
    """What :func:`validate` returns: tidy frames keyed by ``deck_id``.

    - ``findings``: one row per finding (deck_id, path, code, slug, severity, message, card, line,
      section, rule);
    - ``companions``: one row per deck x companion (eligible, declared, breakers = breaking entries,
      cut = copies to cut, add = cards Yorion still needs, near_miss); ``eligible`` is a nullable
      boolean, NA where it is undetermined (unknown cards could break the condition, or the card data
      is too old to say whether the companion card itself is legal);
    - ``summary``: one row per deck (path, name, format, format_source = how the format was chosen
      (see :func:`validate`), legal (nullable: NA = not verified: the verdict depends on cards the
      data does not know, no format was given, or the card data describes another day than the deck's),
      unknown_cards (copies in the zones that count whose names the data does not know), errors,
      warnings, infos, main_count, sideboard_count, commander, companion = the declared one(s),
      eligible_companions, n_eligible); a deck given no format with nothing read to infer a shape
      from (a file not read, no card lines) has no format (missing), as one declaring an unknown format;
      :func:`validate` adds the event columns its decks have (:data:`EVENT_COLUMNS`: wins, losses,
      draws and rank Int64, the others text; all of them for an event's decks), the Dask path all
      of them always (:func:`validate_partition`). Missing text is missing (NaN in a ``str`` column,
      ``isna()``) in every table, never "";
    - ``metadata``: the decklists' own metadata (name, format, any ``// key: value`` comment), tidy;
    - ``breakers``: one row per breaking entry per companion (card, qty, zone, line, reason), only
      with ``validate(..., breakers=True)`` (it is the biggest table; :func:`companion_breakers`
      gives the same rows without the reason text, vectorised), else None;
    - ``skipped``: the files a directory source holds that were not checked (path, reason), as
      ``deckcheck check DIR`` skips them: not decklists, or excluded by their config's ``exclude``
      (empty for other sources).
    """

    findings: pd.DataFrame
    companions: pd.DataFrame
    summary: pd.DataFrame
    metadata: pd.DataFrame
    breakers: pd.DataFrame | None = None
    skipped: pd.DataFrame | None = None


# -- building frames ---------------------------------------------------------------------------
def _lines(values: Any) -> Any:
    numbers = np.asarray(values, dtype=np.int64).reshape(-1)
    lines = pd.array(numbers, dtype="Int64")
    lines[numbers <= 0] = pd.NA
    return lines


def _column(values: Sequence[Any], dtype: Any) -> Any:
    if isinstance(dtype, str) and dtype == "line":
        return _lines(values)
    if isinstance(dtype, str) and dtype in ("Int64", "boolean"):
        return pd.array(list(values), dtype=cast(Any, dtype))
    if not len(values):
        return pd.array([], dtype=dtype)
    return pd.Series(values, dtype=dtype).array


def _deck_ids(values: Sequence[Any], dtype: Any = None) -> Any:
    """Deck ids in the source's id dtype, or object where it cannot hold them: the decks of an
    event document given as text are ``ID#player`` strings, beside the index's integers (say)."""
    if dtype is not None and not _holds_ids(dtype, values):
        dtype = object
    if dtype is not None:
        return pd.array(list(values), dtype=dtype)
    return pd.Series(list(values), dtype=object if not values else None).array


def _holds_ids(dtype: Any, values: Sequence[Any]) -> bool:
    """Whether ``dtype`` holds every deck id without changing one (a categorical its categories)."""
    if isinstance(dtype, pd.CategoricalDtype):
        known = set(dtype.categories)
        return all(value in known for value in values)
    if pd.api.types.is_string_dtype(dtype) or pd.api.types.is_object_dtype(dtype):
        return True
    return not any(isinstance(value, str) for value in values)


def _companion_rows_frame(columns: Columns, summary: pd.DataFrame) -> pd.DataFrame:
    """The companions frame. Every deck has its ten rows in table order, in the summary's deck
    order (batch.add_report and fastcheck both write them so): deck ids and companion names are
    then repeated from the summary and the table instead of converted row by row."""
    values = columns.data
    n_decks, n_rules = len(summary), len(batch.COMPANION_NAMES)
    ids = values["deck_id"]
    if len(ids) != n_decks * n_rules or tuple(values["companion"]) != batch.COMPANION_NAMES * n_decks:
        return _frame("companions", columns, summary["deck_id"].dtype)
    deck_ids = summary["deck_id"]
    if (
        tuple(ids[::n_rules]) != tuple(deck_ids.tolist())
        or len(set(ids[i::n_rules] for i in range(n_rules))) > 1
    ):
        return _frame("companions", columns, summary["deck_id"].dtype)
    dtypes = _DTYPES["companions"]
    data: dict[str, Any] = {
        "deck_id": deck_ids.array.take(np.repeat(np.arange(n_decks), n_rules)),
        "companion": pd.Categorical.from_codes(np.tile(np.arange(n_rules), n_decks), dtype=COMPANION_DTYPE),
    }
    for name in _TABLE_COLUMNS["companions"][2:]:
        data[name] = _column(values[name], dtypes[name])
    return pd.DataFrame(data, columns=list(_TABLE_COLUMNS["companions"]))


def _frame(table: Table, columns: Columns, deck_dtype: Any = None) -> pd.DataFrame:
    dtypes = _DTYPES[table]
    values = columns.data
    data: dict[str, Any] = {"deck_id": _deck_ids(values["deck_id"], deck_dtype)}
    for name in _TABLE_COLUMNS[table][1:]:
        data[name] = _column(values[name], dtypes[name])
    frame = pd.DataFrame(data, columns=list(_TABLE_COLUMNS[table]))
    if table == "summary":  # how each deck's format was chosen; validate(format=None) fills it in
        position = list(frame.columns).index("format") + 1
        frame.insert(position, "format_source", pd.Series([FORMAT_GIVEN] * len(frame), dtype=_STR))
    return frame


def _codes(array_: Any, dtype: Any) -> Any:
    return np.frombuffer(array_, dtype=dtype) if len(array_) else np.zeros(0, dtype=dtype)


def _by_card(values: list[Any], card: Any, dtype: str) -> Any:
    """A per-distinct-card column spread over the entries (card code -1 = <NA>)."""
    if dtype == "category":
        codes, categories = pd.factorize(pd.Series(values, dtype=object))
        spread = np.append(codes, -1).astype(np.int32)[card]
        return pd.Categorical.from_codes(spread, categories=pd.Index(categories, dtype=_STR))
    return pd.array([*values, None], dtype=cast(Any, dtype)).take(np.where(card < 0, len(values), card))


def _per_deck_column(values: list[str | None], deck: Any) -> Any:
    """A per-deck value (None: <NA>) repeated on each of the deck's rows, categorical."""
    codes, categories = pd.factorize(pd.Series(values, dtype=object))
    return pd.Categorical.from_codes(
        codes.astype(np.int32)[deck] if len(deck) else np.zeros(0, np.int32),
        categories=pd.Index(categories, dtype=_STR),
    )


def _deck_values(frame: pd.DataFrame, column: str, deck_codes: Any, deck_ids: Any) -> list[str | None] | None:
    """A per-deck column of a long frame (``declared_format``, ``date``, ``declared_commander``,
    ``unread``): each deck's value, in deck code order (None: missing or empty), or None when the
    frame has no such column. The rows of one deck must agree."""
    if column not in frame.columns:
        return None
    values_of = frame[column]
    if isinstance(values_of.dtype, pd.CategoricalDtype):  # (load_decks's: its codes, no objects)
        codes, values = values_of.cat.codes.to_numpy(), values_of.cat.categories
    else:
        codes, values = pd.factorize(values_of.astype(object), sort=False)
    n_decks = len(deck_ids)
    first = np.zeros(n_decks, dtype=np.intp)
    first[deck_codes[::-1]] = np.arange(len(deck_codes) - 1, -1, -1)  # each deck's first row
    per_deck = codes[first] if len(codes) else np.zeros(0, dtype=np.intp)
    differ = np.flatnonzero(codes != per_deck[deck_codes])
    if len(differ):
        deck_id = deck_ids[deck_codes[differ[0]]]
        raise ValueError(f"deck {deck_id!r} has rows with different {column} values; a deck has one {column}")
    names = [str(v) for v in values]
    return [names[k] if k >= 0 and names[k] else None for k in per_deck.tolist()]


def _entries_frame(table: EntryTable, deck_dtype: Any = None) -> pd.DataFrame:
    """The long frame from an entry table: every card column is built once per distinct card. A
    deck with no entries (a file that is no decklist, an empty one) keeps one row with no name, no
    card and no copies, so that the frame still holds the deck: validate and companion_table then
    judge it as they judge its file ("not verified"), instead of losing it."""
    deck = _codes(table.deck, np.int32)
    card = _codes(table.card, np.int32)
    zone, written = _codes(table.zone, np.int8), _codes(table.written, np.int32)
    qty, line = _codes(table.qty, np.int32), _codes(table.line, np.int32)
    count_written = np.ones(len(deck), dtype=bool)
    count_written[table.uncounted] = False
    held = np.zeros(len(table.deck_ids), dtype=bool)
    held[deck] = True
    if not held.all():
        empty = np.flatnonzero(~held).astype(np.int32)
        at = np.searchsorted(deck, empty)  # (a table's rows are in deck order)
        deck = np.insert(deck, at, empty)
        card, written = np.insert(card, at, -1), np.insert(written, at, -1)
        zone = np.insert(zone, at, ZONE_CODE[Zone.MAIN])
        qty, line = np.insert(qty, at, 0), np.insert(line, at, 0)
        count_written = np.insert(count_written, at, True)
    deck_ids = pd.Index(_deck_ids(table.deck_ids, deck_dtype))
    path_codes, paths = pd.factorize(pd.Series(table.paths, dtype=object))
    data: dict[str, Any] = {
        "deck_id": deck_ids.take(deck).array if len(deck) else deck_ids[:0].array,
        "path": pd.Categorical.from_codes(path_codes[deck], categories=pd.Index(paths, dtype=_STR)),
        "declared_format": _per_deck_column(table.declared, deck),
        "date": _per_deck_column(table.dates, deck),
        "declared_commander": _per_deck_column(table.commanders, deck),
        "unread": _per_deck_column(table.unread, deck),
        "problems": _per_deck_column(table.problems, deck),
        "played_on": _per_deck_column(table.played_on, deck),
        "zone": pd.Categorical.from_codes(zone, dtype=ZONE_DTYPE),
        "card": pd.Categorical.from_codes(
            card, categories=pd.Index([r.name for r in table.cards], dtype=_STR)
        ),
        "written": pd.Categorical.from_codes(written, categories=pd.Index(table.written_names, dtype=_STR)),
        "qty": qty.astype(np.int64),
        "line": _lines(line),
        "count_written": count_written,
    }
    dtypes = _DTYPES["entries"]
    per_card = [batch.card_columns(facts) for facts in table.cards]
    for i, name in enumerate(batch.CARD_COLUMNS):
        data[name] = _by_card([values[i] for values in per_card], card, dtypes[name])
    return pd.DataFrame(data, columns=list(_TABLE_COLUMNS["entries"]))


def meta(table: Table, deck_dtype: Any = _STR, *, event_columns: bool = True) -> pd.DataFrame:
    """An empty frame with the columns and dtypes of ``table``: the ``meta`` Dask asks for. The
    summary's has every event column (:data:`EVENT_COLUMNS`), as :func:`validate_partition`'s
    summary has, unless ``event_columns=False`` (give both the same)."""
    if table == "entries":
        return _entries_frame(EntryTable(), deck_dtype)
    frame = _frame(table, Columns(_TABLE_COLUMNS[table]), deck_dtype)
    if table == "summary" and event_columns:
        return _every_event_column(frame, _frame("metadata", Columns(batch.METADATA_COLUMNS), deck_dtype))
    return frame


def _results(rows: BatchRows, deck_dtype: Any = None, breakers: bool = True) -> Results:
    summary = _frame("summary", rows.summary, deck_dtype)
    return Results(
        findings=_frame("findings", rows.findings, deck_dtype),
        companions=_companion_rows_frame(rows.companions, summary),
        summary=summary,
        metadata=_frame("metadata", rows.metadata, deck_dtype),
        breakers=_frame("breakers", rows.breakers, deck_dtype) if breakers else None,
    )


def _concat(parts: list[Results], deck_dtype: Any, breakers: bool) -> Results:
    if not parts:
        return _results(BatchRows(), deck_dtype, breakers)
    if len(parts) == 1:
        return parts[0]

    def join(frames: list[pd.DataFrame]) -> pd.DataFrame:
        return pd.concat(frames, ignore_index=True)

    return Results(
        findings=join([p.findings for p in parts]),
        companions=join([p.companions for p in parts]),
        summary=join([p.summary for p in parts]),
        metadata=join([p.metadata for p in parts]),
        breakers=join([p.breakers for p in parts if p.breakers is not None]) if breakers else None,
    )


# -- sources -------------------------------------------------------------------------------------
StoreArg = CardStore | str | os.PathLike[str] | None  # a store, a store's path, or None (the default)


def _store_of(store: StoreArg) -> CardStore | None:
    """The store a public function was given: a path is opened once per process
    (batch.shared_store, as the Dask partitions open theirs); None is the default store."""
    if store is None or isinstance(store, CardStore):
        return store
    if isinstance(store, (str, os.PathLike)):
        return batch.shared_store(store)
    raise TypeError(f"store: a CardStore, a card store's path or None, not {type(store).__name__}")


def _context(store: CardStore | None, spec: FormatSpec) -> BatchContext:
    return BatchContext(store if store is not None else batch.shared_store(), spec)


def _is_long(frame: pd.DataFrame) -> bool:
    return "qty" in frame.columns and ("card" in frame.columns or "written" in frame.columns)


def _deck_ids_of(frame: pd.DataFrame | pd.Series) -> pd.Index:
    """The deck ids of decklist text: a DataFrame's ``deck_id`` column when it has one, else the
    index (its text, its format column and the tables made of them are keyed alike)."""
    ids: pd.Index = (
        pd.Index(frame["deck_id"])
        if isinstance(frame, pd.DataFrame) and "deck_id" in frame.columns
        else frame.index
    )
    return ids


def _text_items(source: pd.Series | pd.DataFrame, text_column: str) -> list[tuple[DeckId, str]]:
    if isinstance(source, pd.DataFrame):
        if text_column not in source.columns:
            raise ValueError(
                f"the DataFrame has no {text_column!r} column of decklist text (columns: "
                f"{', '.join(map(str, source.columns))}); pass text_column=, or the long frame of "
                "load_decks"
            )
        texts = source[text_column].set_axis(_deck_ids_of(source))
    else:
        texts = source
    values = texts.tolist()  # one conversion in C, not one Python call per deck
    ids = texts.index.tolist()
    for i, text in enumerate(values):
        if isinstance(text, str):
            continue
        if _missing(text):
            values[i] = ""  # a missing decklist is an empty one (reported as such)
        else:  # str() of bytes or a number is no decklist: "b'4 Lightning Bolt...'" would be read as one
            kind = "bytes (decode them first)" if isinstance(text, bytes | bytearray) else type(text).__name__
            raise ValueError(f"deck {ids[i]!r}: its decklist is {kind}, not text")
    return list(zip(ids, values, strict=True))


def _deck_sources(
    source: Source, input_format: str | None, text_column: str, skipped: _Skipped
) -> tuple[Iterable[tuple[DeckId, str, batch.DeckSource]], int, Any]:
    decks, total, dtype, _ = _deck_sources_of(source, input_format, text_column, skipped)
    return decks, total, dtype


class _Skipped:
    """The files a directory source holds that are not checked, as ``deckcheck check DIR`` skips
    them: not decklists (discovery.not_a_decklist), or matched by an ``exclude`` glob of their
    config. Filled as the decks are read; :meth:`frame` lists them, :meth:`warn` says so."""

    def __init__(self, store: CardStore | None) -> None:
        self.store = store
        self.rows: list[tuple[str, str]] = []  # (path, reason)

    def frame(self) -> pd.DataFrame:
        return pd.DataFrame(
            {
                "path": _column([p for p, _ in self.rows], _STR),
                "reason": _column([r for _, r in self.rows], _STR),
            }
        )

    def warn(self, where: str) -> None:
        if self.rows:
            import warnings

            from deckcheck.discovery import EXCLUDED, skipped_why

            excluded = sum(1 for _, reason in self.rows if reason.startswith(EXCLUDED))
            why = skipped_why(len(self.rows), excluded)
            files = counted(len(self.rows), "file")
            warnings.warn(f"deckcheck: {files} skipped ({why}): {where} lists them", stacklevel=3)


# Files a directory source reads at a time to tell decklists from other files: the batch reader
# reads them together (a text it takes is a decklist), the others are parsed one by one.
_SCREEN_FILES = 256


def _found_in_directory(
    paths: list[tuple[str, Path, str | None]], input_format: str | None, skipped: _Skipped
) -> Iterator[tuple[DeckId, str, batch.DeckSource]]:
    """The decks of the files a directory holds, as ``deckcheck check DIR`` checks them: a file an
    ``exclude`` glob matches, or one whose content does not read as a decklist, is recorded in
    ``skipped`` instead; a path the search could not read (a named pipe, a folder that cannot be
    read) is a deck that could not be read, as the CLI reports it not checked. (A text the batch
    reader takes has card lines and no problem: a decklist.)"""
    from deckcheck.decklist import parse_text
    from deckcheck.decklist._base import whole_file_problem
    from deckcheck.decklist.fast import read_plain
    from deckcheck.discovery import not_a_decklist
    from deckcheck.session import CheckOptions, Session, add_exclude_advice

    session = Session(CheckOptions())
    store = skipped.store if skipped.store is not None else batch.shared_store()
    for start in range(0, len(paths), _SCREEN_FILES):
        # each file's decks, and whether to tell if it is a decklist: a file that cannot be read is
        # reported, never skipped (the CLI cannot check it), and an event document's decks are decks
        block: list[tuple[list[tuple[DeckId, str, batch.DeckSource]], bool]] = []
        for deck_id, path, problem in paths[start : start + _SCREEN_FILES]:
            name = os.fspath(path)
            excluded = session.excluded(name, session.config_for(name), explicit=False)
            if excluded is not None:
                skipped.rows.append((name, excluded))
                continue
            if problem is not None:  # (a deck that could not be read, as parse_file gives it)
                unread = whole_file_problem(name, input_format or "unknown", problem)
                block.append(([(deck_id, name, unread)], False))
                continue
            one = [(deck_id, path)]
            if input_format is None:
                found = list(batch.path_sources(one))
            else:
                found = [(d, parsed.path, parsed) for d, parsed in batch.parse_paths(one, input_format)]
            block.append((found, len(found) == 1 and os.access(name, os.R_OK)))
        texts = [found[0][2] for found, screen in block if screen and isinstance(found[0][2], str)]
        taken = iter(read_plain(texts).taken if texts else ())
        for found, screen in block:
            if not screen:
                yield from found
                continue
            row_id, path_of_deck, source = found[0]
            if isinstance(source, str) and next(taken):
                yield row_id, path_of_deck, source
                continue
            parsed = source if isinstance(source, ParsedDeck) else parse_text(source, path_of_deck)
            reason = not_a_decklist(parsed, store)
            if reason is not None:
                skipped.rows.append((path_of_deck, reason))
            else:
                add_exclude_advice(parsed, session.config_for(path_of_deck))  # (an empty file)
                yield row_id, path_of_deck, parsed


def _deck_sources_of(
    source: Source, input_format: str | None, text_column: str, skipped: _Skipped
) -> tuple[Iterable[tuple[DeckId, str, batch.DeckSource]], int, Any, bool]:
    """(deck_id, path, text or parsed deck) for any source but a long frame, how many, deck id
    dtype, and whether the decks are files (their paths find a config): text where content decides
    the format (the lean path reads it), else the parsed deck. A directory's files that are not
    decklists, or that its config excludes, go to ``skipped``."""
    decks: Iterable[tuple[DeckId, str, batch.DeckSource]]
    if isinstance(source, pd.Series | pd.DataFrame):
        items = _text_items(source, text_column)
        return batch.text_sources(items, input_format), len(items), _deck_ids_of(source).dtype, False
    found = batch.deck_paths(source, warn=_warn_of_search)
    if isinstance(source, str | os.PathLike) and Path(source).is_dir():
        return _found_in_directory(found, input_format, skipped), len(found), _STR, True
    paths = [(deck_id, path) for deck_id, path, _ in found]  # (a path named: read, whatever it is)
    if input_format is None:
        decks = batch.path_sources(paths)
    else:
        decks = ((d, parsed.path, parsed) for d, parsed in batch.parse_paths(paths, input_format))
    return decks, len(paths), _STR, True


def _warn_of_search(message: str) -> None:
    """A directory source's search's note (a folder reached twice, through a link), said as
    `deckcheck check DIR` says it on standard error."""
    import warnings

    warnings.warn(message, stacklevel=2)


def _long_decks(frame: pd.DataFrame) -> tuple[Iterator[tuple[DeckId, ParsedDeck]], int, Any]:
    """Parsed decks rebuilt from a long frame, one at a time: the names as written are resolved again
    (so an unknown name is reported as in a file), with the format and date each declares (the
    ``declared_format`` and ``date`` columns, when the frame has them) and the problems its reader
    reported (the ``problems`` column), which validate reports as for the file."""
    _long_columns_present(frame)
    names = frame["written"] if "written" in frame.columns else frame["card"]
    if "written" in frame.columns and "card" in frame.columns:
        names = names.astype(object).fillna(frame["card"].astype(object))
    name_codes, unique_names = pd.factorize(names)
    name_list = [str(n) for n in unique_names]
    zones = _zone_codes(frame["zone"])
    qty = _quantities(frame)
    lines = frame["line"].fillna(0).to_numpy(dtype=np.int64) if "line" in frame.columns else None
    count_written = _counts_written(frame)
    all_written = count_written is None or bool(count_written.all())
    paths = frame["path"].astype(object) if "path" in frame.columns else None
    groups = frame.groupby("deck_id", sort=False, observed=True).indices
    codes, ids = _deck_codes(frame)

    def per_deck(column: str) -> dict[DeckId, str | None]:
        found = _deck_values(frame, column, codes, ids)
        return {} if found is None else dict(zip(ids.tolist(), found, strict=True))

    dates, declared = per_deck("date"), per_deck("declared_format")
    commanders, unread = per_deck("declared_commander"), per_deck("unread")
    played_on, problems = per_deck("played_on"), per_deck("problems")

    def decks() -> Iterator[tuple[DeckId, ParsedDeck]]:
        for deck_id, positions in groups.items():
            path = paths.iat[positions[0]] if paths is not None else None
            named = [i for i in np.asarray(positions).tolist() if name_codes[i] >= 0]
            entries = [
                (
                    int(qty[i]),
                    name_list[name_codes[i]],
                    ZONE_ORDER[zones[i]],
                    0 if lines is None else int(lines[i]),
                )
                for i in named
            ]
            uncounted = () if all_written else {k for k, i in enumerate(named) if not count_written[i]}
            where = path if isinstance(path, str) and path else str(deck_id)
            yield (
                deck_id,
                batch.parsed_from_entries(
                    deck_id,
                    where,
                    entries,
                    dates.get(deck_id),
                    declared.get(deck_id),
                    commanders.get(deck_id),
                    unread.get(deck_id),
                    uncounted,
                    played_on.get(deck_id),
                    problems.get(deck_id),
                ),
            )

    return decks(), len(groups), frame["deck_id"].dtype


def _deck_codes(frame: pd.DataFrame) -> tuple[Any, Any]:
    """Each row's deck code (in order of first appearance) and the deck ids they stand for."""
    codes, ids = pd.factorize(frame["deck_id"], sort=False)
    if (codes < 0).any():
        raise ValueError("the deck_id column has missing values")
    return codes, ids


def _long_columns_present(frame: pd.DataFrame) -> None:
    missing = [c for c in ("deck_id", "zone", "qty") if c not in frame.columns]
    if missing:
        raise ValueError(f"a deck frame needs deck_id, zone, qty and card or written; missing {missing}")


def _counts_written(frame: pd.DataFrame, rows: Any = None) -> Any:
    """(rows,) bool: whether each row's line (of those at positions ``rows``; None: every row)
    wrote its count (the ``count_written`` column; a row where it is missing, and every row of a
    frame without it, wrote one); None without the column."""
    if "count_written" not in frame.columns:
        return None
    column = frame["count_written"]
    if rows is not None:
        column = column.iloc[rows]
    if column.dtype == bool:  # (load_decks's: no missing values to fill)
        return column.to_numpy()
    return column.astype("boolean").fillna(True).to_numpy(dtype=bool)


def _zone_values(zones: pd.Series) -> list[str]:
    values = zones.astype(str).str.strip().str.lower()
    bad = sorted(set(values.unique()) - set(ZONES))
    if bad:
        raise ValueError(f"unknown zone value(s) {bad[:5]}; zones are {', '.join(ZONES)}")
    return values.tolist()


def _zone_codes(zones: pd.Series) -> Any:
    if isinstance(zones.dtype, pd.CategoricalDtype) and list(zones.dtype.categories) == list(ZONES):
        codes = zones.cat.codes.to_numpy(dtype=np.int8)
        if (codes < 0).any():
            raise ValueError("the zone column has missing values")
        return codes
    return pd.Categorical(_zone_values(zones), categories=ZONES).codes.astype(np.int8)


def _quantities(frame: pd.DataFrame) -> Any:
    """The qty column: at least 1 on every row that names a card; a row with no name (the row
    load_decks keeps for a deck with no entries) may have 0."""
    qty = frame["qty"]
    if qty.isna().any():
        raise ValueError("the qty column has missing values")
    values = qty.to_numpy(dtype=np.int64)
    below = values < 1
    if below.any():
        named = np.zeros(len(frame), dtype=bool)
        for column in ("card", "written"):
            if column in frame.columns:
                named |= frame[column].notna().to_numpy()
        if (below & named).any():
            raise ValueError("the qty column has counts below 1")
    return values


def _missing(value: object) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and np.isnan(value))


def _checked_format(format: object) -> FormatSpec | dict[Any, FormatSpec]:
    """``format=`` checked before any deck is: one format (a name or a FormatSpec), or each deck's
    (a mapping or Series from deck id to format) as a dict of FormatSpecs. A value that names no
    format is a ValueError naming the deck and the value: missing or blank ("no format given"), not
    a name, or a name of no known format. (One unknown name for every deck stays the ConfigError
    formats.get_format raises.)"""
    if isinstance(format, FormatSpec):
        return format
    if isinstance(format, str):
        return batch.as_spec(format)
    if not isinstance(format, Mapping | pd.Series):
        raise ValueError(
            "format= is one format (a name or a FormatSpec), a mapping or Series from deck id to "
            f"format, or None; got {type(format).__name__} {format!r}"
        )
    specs: dict[Any, FormatSpec] = {}
    known: dict[str, FormatSpec] = {}  # each name looked up once, not once per deck
    for deck_id, value in format.items():
        if isinstance(value, FormatSpec):
            specs[deck_id] = value
            continue
        if _missing(value) or (isinstance(value, str) and not value.strip()):
            raise ValueError(f"no format given for deck {deck_id!r} (its format is {value!r})")
        if not isinstance(value, str):
            raise ValueError(
                f"deck {deck_id!r}: its format {value!r} is {type(value).__name__}, not a format name"
            )
        spec = known.get(value)
        if spec is None:
            try:
                spec = known[value] = batch.as_spec(value)
            except ConfigError as exc:
                hint = f" ({exc.hint})" if exc.hint else ""
                raise ValueError(f"deck {deck_id!r}: {exc.message}{hint}") from None
        specs[deck_id] = spec
    return specs


class _Specs:
    """One context per format, sharing the card caches; :meth:`for_deck` picks a deck's format."""

    def __init__(self, format: FormatArg, store: CardStore | None, as_of: object = None) -> None:
        self.by_deck: batch.DeckFormatMap[FormatSpec] | None = None
        self.as_of = as_of
        single = None
        checked = _checked_format(format)
        if isinstance(checked, FormatSpec):
            single = with_as_of(checked, as_of)
        else:
            self.by_deck = batch.DeckFormatMap(checked)
        self.base_spec = single or batch.as_spec("freeform")
        self.base = _context(store, self.base_spec)
        self._contexts: dict[FormatSpec, BatchContext] = {self.base_spec: self.base}
        self._by_spec: dict[FormatSpec, BatchContext] = {}  # a format dated once, not per deck

    def context(self, spec: FormatSpec) -> BatchContext:
        found = self._contexts.get(spec)
        if found is None:
            found = self._contexts[spec] = self.base.with_spec(spec)
        return found

    def for_deck(self, deck_id: DeckId) -> BatchContext:
        if self.by_deck is None:
            return self.base
        spec = self.by_deck[deck_id]
        found = self._by_spec.get(spec)
        if found is None:
            found = self._by_spec[spec] = self.context(with_as_of(spec, self.as_of))
        return found

    @property
    def context_for(self) -> batch.ContextFor:
        return self.base if self.by_deck is None else self.for_deck


class _FormatResolution:
    """``format=None``: each deck's format chosen exactly as ``deckcheck check`` chooses it (a
    format the decklist declares, then the config that applies to the file: its per-path globs,
    then its ``format``; text that is not a file uses the current directory's config), else the
    shape the engine infers from the deck. Records each deck's format source for the summary, and
    the decks that cannot be checked (an unknown declared format), which the CLI reports on the
    file."""

    def __init__(self, store: CardStore | None, as_of: object = None) -> None:
        from deckcheck.session import CheckOptions, Session

        # as_of= given: every deck dated so, as --as-of dates them; else the config's as_of
        given = as_of.isoformat() if isinstance(as_of, dt.date) else (str(as_of) if as_of else None)
        self.session = Session(CheckOptions(as_of=given))
        self.store = store if store is not None else batch.shared_store()
        self.sources: dict[DeckId, str] = {}
        self.not_checked: list[tuple[DeckId, str, Finding]] = []
        self._contexts: dict[DeckId, BatchContext] = {}
        self._shared: dict[tuple[FormatSpec | None, bool], BatchContext] = {}

    def decks(
        self, decks: Iterable[tuple[DeckId, str, batch.DeckSource]], files: bool
    ) -> Iterator[tuple[DeckId, str, batch.DeckSource]]:
        from deckcheck.decklist import parse_text
        from deckcheck.discovery import STDIN
        from deckcheck.session import UnknownDeclaredFormat, unknown_format_finding

        for deck_id, path, source in decks:
            if deck_id in self.sources:
                raise ValueError(f"deck id {deck_id!r} appears twice; format=None needs one id per deck")
            # Only a decklist that mentions a format can declare one (a `// format:` line, a
            # format key or field): the others stay text for the lean path.
            if isinstance(source, str) and "format" in source.casefold():
                source = parse_text(source, path)
            parsed = source if isinstance(source, ParsedDeck) else ParsedDeck(path, "plain")
            item = path if files else None
            config = self.session.config_for(item if item is not None else STDIN)
            try:
                spec, why = self.session.dated(*self.session.choose_format(item, parsed, config), config)
            except UnknownDeclaredFormat as exc:
                self.sources[deck_id] = ""
                self.not_checked.append((deck_id, path, unknown_format_finding(path, exc)))
                continue
            self.sources[deck_id] = why
            self._contexts[deck_id] = self._context(spec, self.session.require_format(config))
            yield deck_id, path, source

    def _context(self, spec: FormatSpec | None, require: bool) -> BatchContext:
        key = (spec, require)
        found = self._shared.get(key)
        if found is None:
            found = self._shared[key] = BatchContext(
                self.store, spec, require_format=require, on_report=self._reported
            )
        return found

    def _reported(self, deck_id: DeckId, report: Report) -> None:
        if report.inferred_because:
            self.sources[deck_id] = report.inferred_because

    def context_for(self, deck_id: DeckId) -> BatchContext:
        return self._contexts[deck_id]

    def not_checked_rows(self) -> BatchRows:
        """A findings row (why) and a summary row (no format; legal <NA>: not verified, nothing was
        checked) per deck not checked."""
        rows = BatchRows()
        for deck_id, path, finding in self.not_checked:
            batch.add_findings(rows.findings, deck_id, [finding])
            rows.summary.add((deck_id, path, None, None, None, 0, 1, 0, 0, 0, 0, None, None, None, 0))
        return rows


def _with_format_source(results: Results, sources: Mapping[DeckId, str] | None) -> Results:
    """The summary's format_source for ``format=None``: how each deck's format was chosen; <NA>
    where the deck has no format (an unknown declared format, nothing read to infer a shape from)."""
    if sources is not None:
        summary = results.summary
        values = [sources.get(deck_id) for deck_id in summary["deck_id"].tolist()]
        chosen = pd.Series(values, index=summary.index, dtype=_STR)
        summary["format_source"] = chosen.where(summary["format"].notna())
    return results


# -- public API ----------------------------------------------------------------------------------
def load_decks(
    source: Source,
    *,
    store: StoreArg = None,
    input_format: str | None = None,
    text_column: str = "text",
    progress: bool | None = None,
) -> pd.DataFrame:
    """The long frame: one row per deck entry, with the columns of the card it names.

    Columns: deck_id, path, declared_format (the format the deck's decklist declares, as
    ``deckcheck check`` reads a ``// format:`` line or a format field; <NA>: none), date (the deck's
    own date as its decklist writes it: a ``// date:`` comment, an event's date; <NA>: undated),
    declared_commander (the commander(s) its comments name, as written: a Cockatrice ``CDR:``, a
    ``// Commander:`` line; partners joined by "; "; <NA>: none; in a Commander format the engine
    reads that card as the command zone), unread (why the deck's rows are not all of the deck
    written, as validate says it: "1 line not read (DC002)", "the file was not read in full
    (DC001)"; <NA>: read in full; no companion's condition is then called met), problems (what the
    deck's reader reported, the parse findings validate gives: a line not read, a count missing
    (DC003), a header's count that differs from the cards under it (DC007), ...; a JSON list of
    records with line, message, severity and, when known, code and section; <NA>: none), played_on (where
    the deck was played when its decklist says so: "Magic Online" for a Magic Online event's deck,
    whose legality as of a day allows for Magic Online's own dates of format changes; <NA>: not
    said), zone (the section
    the decklist lists the entry in), card (oracle name; <NA> for a name that matches no card, or
    that the engine does not read as one: a stray localized name among names in another language,
    a plane or scheme, which the engine reads outside the deck), written (the name as written),
    qty, line, count_written (False where the line wrote no count and 1 copy was read: a name no
    card matches there, such as "Ramp" on a line of its own, may be no card line at all, so a size
    or Yorion's count it decides is not verified; a frame without the column wrote every count),
    then mana_value, types, card_types, colour_identity ('WUBRG' order), is_land, is_permanent,
    is_creature, is_legendary, is_basic_land. The entries are the ones the engine reads: a line
    such as "1996 World Champion" with no count is one copy of that card. declared_format, date,
    declared_commander, unread, problems and played_on are the deck's own, repeated on each of its
    rows (a long frame stays one table, whole through filters, concat and partitions by deck), so
    :func:`validate` and :func:`companion_table` check a deck of the frame as they check its file.
    Names, paths, declarations and card columns are categorical, the card columns computed once per
    distinct card. Parse problems are not rows but the deck's ``problems``: :func:`validate` reports them,
    from the source or from the frame. A deck with no entries (a file
    that is no decklist, an empty one) is one row with no name (card and written <NA>) and qty 0,
    its unread column saying why. A directory's files that are
    not decklists, or that its config excludes, are skipped as ``deckcheck check DIR`` skips them,
    with a warning; the frame's ``attrs["skipped"]`` lists them, (path, reason) pairs."""
    store = _store_of(store)
    skipped = _Skipped(store)
    decks, total, deck_dtype = _deck_sources(source, input_format, text_column, skipped)
    return _loaded(decks, total, deck_dtype, store, skipped, progress)


def _loaded(
    decks: Iterable[tuple[DeckId, str, batch.DeckSource]],
    total: int,
    deck_dtype: Any,
    store: CardStore | None,
    skipped: _Skipped,
    progress: bool | None,
) -> pd.DataFrame:
    """:func:`load_decks`' frame of ``decks`` (the files ``skipped`` lists in its attrs, said)."""
    context = _context(store, batch.as_spec("freeform"))
    with ProgressBar(total, "reading decks", enabled=progress) as bar:
        table = batch.load_sources(decks, context, progress=bar)
    frame = _entries_frame(table, deck_dtype)
    frame.attrs["skipped"] = list(skipped.rows)  # (plain values: pandas compares attrs with ==)
    skipped.warn("the frame's attrs['skipped']")
    return frame


def validate(
    source: Source,
    *,
    format: FormatArg | None = None,
    store: StoreArg = None,
    input_format: str | None = None,
    text_column: str = "text",
    breakers: bool = False,
    progress: bool | None = None,
    as_of: str | dt.date | None = None,
) -> Results:
    """Check every deck with every rule and all ten companions: :class:`Results`.

    ``as_of``: legality as of a day (a ``YYYY-MM-DD`` string or a date) from the format's history,
    or ``"deck"`` for each deck's own date (a ``// date:`` comment, an event's date); the findings
    frame has a DC205 row per deck naming the day used (docs/format-history.md). ``"data"``: the
    card data's own legalities, however old (by default a deck dated after the data, or an undated
    one checked more than 90 days after it, has its legality not verified: a DC015 row).

    ``source`` is anything :func:`load_decks` takes, or its long frame (names are then resolved
    again from ``written``; its ``problems`` column is each deck's parse findings, and its
    ``declared_format`` and ``date`` columns each deck's declarations, as in the file).
    ``format``: one format for every deck, a mapping / Series from deck id to format, or None (the
    default): each deck's format as ``deckcheck check`` chooses it (a declared ``// format:``,
    then the config; with none, the shape of the deck's family with a DC020 warning). The
    summary's ``format_source`` says how each deck's format was chosen; a deck that declares an
    unknown format is not checked (a DC006 finding, and a summary row with no format, last).
    A directory's files that are not decklists, or that their config excludes, are skipped as
    ``deckcheck check DIR`` skips them, with a warning (``Results.skipped`` lists them).
    Decks are checked :data:`CHUNK_DECKS` at a time, so memory holds frames, not Python rows."""
    store = _store_of(store)
    try:
        dated = parse_as_of(as_of, "as_of")
    except ConfigError as exc:
        raise ValueError(exc.message) from None
    decks: Iterable[tuple[DeckId, str, batch.DeckSource]]
    files = False
    skipped = _Skipped(store)
    if isinstance(source, pd.DataFrame) and _is_long(source):
        long_decks, total, deck_dtype = _long_decks(source)
        decks = ((deck_id, parsed.path, parsed) for deck_id, parsed in long_decks)
    else:
        decks, total, deck_dtype, files = _deck_sources_of(source, input_format, text_column, skipped)
    resolution: _FormatResolution | None = None
    context_for: batch.ContextFor
    if format is None:
        resolution = _FormatResolution(store, dated)
        decks = resolution.decks(decks, files)
        context_for = resolution.context_for
    else:
        context_for = _Specs(format, store, dated).context_for
    parts: list[Results] = []
    remaining = iter(decks)
    # no cyclic collection meanwhile (see batch.check_texts): paused per chunk only, the pending
    # collections would run at every chunk's end instead
    with ProgressBar(total, "checking decks", enabled=progress) as bar, gc_paused():
        while True:
            rows = batch.check_texts(islice(remaining, CHUNK_DECKS), context_for, breakers, bar)
            if not len(rows):
                break
            parts.append(_results(rows, deck_dtype, breakers))
    if resolution is not None and resolution.not_checked:
        parts.append(_results(resolution.not_checked_rows(), deck_dtype, breakers))
    results = _with_format_source(
        _concat(parts, deck_dtype, breakers), None if resolution is None else resolution.sources
    )
    skipped.warn("Results.skipped")
    return dataclasses.replace(_with_event_columns(results), skipped=skipped.frame())


# The metadata an event document gives each deck (deckcheck.decklist.events): its keys, as the
# metadata frame and the JSON output write them, and the summary's columns of them, snake_case as
# every column is (summary.event_id, summary.query("event_format == 'CMODERN'")).
EVENT_KEYS = (
    "event",
    "event id",
    "date",
    "player",
    "result",
    "wins",
    "losses",
    "draws",
    "rank",
    "event format",
)
EVENT_COLUMNS = tuple(key.replace(" ", "_") for key in EVENT_KEYS)
# The event columns that are counts: nullable integers, so that they sort and compare as numbers
# ("10" sorts before "9" as text); ``result`` ("3-2", "1st Place") stays text.
EVENT_COUNTS = ("wins", "losses", "draws", "rank")


def _with_event_columns(results: Results) -> Results:
    """:func:`validate`'s summary: one column per event metadata key any deck has (a dated list has
    ``date``), <NA> for decks without it; when a deck is of an event document, every event column
    (a league gives no rank, a challenge no record), so that code written for one event runs on the
    next. A summary with no such metadata is returned as it is (plain decks pay nothing)."""
    metadata = results.metadata
    if metadata.empty:
        return results
    wanted = metadata[metadata["key"].isin(EVENT_KEYS)]
    if wanted.empty:
        return results
    from deckcheck.decklist.events import INPUT_FORMAT as EVENT_SHAPE  # (its decks' "json shape")

    of_an_event = ((metadata["key"] == "json shape") & (metadata["value"] == EVENT_SHAPE)).any()
    present = set(wanted["key"])
    keys = list(EVENT_KEYS) if of_an_event else [key for key in EVENT_KEYS if key in present]
    return dataclasses.replace(results, summary=_event_columns(results.summary, wanted, keys))


def _every_event_column(summary: pd.DataFrame, metadata: pd.DataFrame) -> pd.DataFrame:
    """``summary`` with every event column, whatever its decks hold: the summary of the Dask path,
    whose columns are declared before any partition is read (:func:`meta`). For decks of event
    documents it is :func:`validate`'s summary."""
    return _event_columns(summary, metadata[metadata["key"].isin(EVENT_KEYS)], list(EVENT_KEYS))


def _event_columns(summary: pd.DataFrame, wanted: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """``summary`` joined with the columns of the event metadata ``keys`` (``wanted``: the metadata
    rows of event keys), <NA> for a deck without one. Text columns are of the frames' string dtype;
    the counts (:data:`EVENT_COUNTS`) are Int64, <NA> where a deck's value is no whole number (the
    metadata frame keeps it as written)."""
    wide = wanted.pivot_table(index="deck_id", columns="key", values="value", aggfunc="first", observed=True)
    wide = wide.reindex(columns=keys).rename(columns=dict(zip(EVENT_KEYS, EVENT_COLUMNS, strict=True)))
    summary = summary.join(wide, on="deck_id")
    for column in wide.columns:
        values = summary[column]
        summary[column] = _whole_numbers(values) if column in EVENT_COUNTS else values.astype(_STR)
    return summary


def _whole_numbers(text: pd.Series) -> pd.Series:
    """Text of whole numbers ("3", "3.0") as Int64: <NA> where it is missing or no whole number
    (and beyond what a float counts exactly)."""
    numbers = pd.to_numeric(text, errors="coerce")
    whole = (numbers % 1 == 0) & (numbers.abs() < 2**53)
    return numbers.where(whole).astype("Int64")


# -- the companion table, vectorised ---------------------------------------------------------------
@dataclass(slots=True)
class _Evaluation:
    """The companion table of one long frame (deckcheck.rules.companion_arrays.evaluate) and where its
    entries are."""

    deck_ids: Any  # the decks, in order of first appearance
    rows: Any  # positions in the input frame of the entries that name a card
    deck: Any  # deck code of each such entry
    card: Any  # card code of each such entry (into ``cards``)
    zone: Any  # zone code of each such entry, as the engine places it (command_zone)
    cards: list[CardFacts]
    result: companion_arrays.Evaluation


def _deck_specs(deck_ids: pd.Index, specs: _Specs) -> companion_arrays.DeckFormats:
    if specs.by_deck is None:
        return companion_arrays.DeckFormats([specs.base_spec], np.zeros(len(deck_ids), dtype=np.intp))
    mapping = specs.by_deck
    return _deck_formats([mapping[deck_id] for deck_id in deck_ids.tolist()])


def _deck_formats(specs: Sequence[FormatSpec]) -> companion_arrays.DeckFormats:
    """Each deck's format (in deck code order) as distinct formats and an index into them."""
    distinct: dict[FormatSpec, int] = {}
    index = np.array([distinct.setdefault(spec, len(distinct)) for spec in specs], dtype=np.intp)
    return companion_arrays.DeckFormats(list(distinct), index)


def _evaluate(frame: pd.DataFrame, format: FormatArg | _Chosen, store: CardStore | None) -> _Evaluation:
    from deckcheck.engine import read_alone

    specs = None if isinstance(format, _Chosen) else _Specs(format, store)
    context = specs.base if specs is not None else _context(store, batch.as_spec("freeform"))
    # Entry arrays are kept small (int32 / int8): a 100k-deck corpus has millions of entries.
    codes, deck_ids = _deck_codes(frame)
    deck_codes = codes.astype(np.int32)
    del codes
    n_decks = len(deck_ids)
    names = frame["card"] if "card" in frame.columns else frame["written"]
    if "card" in frame.columns and "written" in frame.columns and names.isna().any():
        # a name that matched no card: as written
        names = names.astype(object).where(names.notna(), frame["written"].astype(object))
    name_codes, unique_names = pd.factorize(names, sort=False)
    # one row per distinct card (names that resolve to the same card share it)
    index_of: dict[str, int] = {}
    rows: list[CardFacts] = []
    to_card = np.full(len(unique_names) + 1, -1, dtype=np.int32)  # the last slot: a missing name
    alone = np.ones(len(unique_names) + 1, dtype=bool)  # engine.read_alone, by name
    for i, name in enumerate(unique_names.tolist()):
        row = context.facts_for_name(str(name))
        if row is not None:
            index = index_of.get(row.name)
            if index is None:
                index = index_of[row.name] = len(rows)
                rows.append(row)
            to_card[i] = index
        if context.exact_facts(str(name)) is None:  # (an exact oracle name is read alone)
            alone[i] = read_alone(context.store.resolve(str(name), suggest=False), context.store)
    card_of_row = to_card[name_codes]
    zone_of_row = _zone_codes(frame["zone"])
    qty_of_row = _quantities(frame).astype(np.int32)
    written = _written_at(frame, names)
    whole = ~alone[name_codes] | _conspiracies_held(rows, card_of_row, zone_of_row)
    if whole.any():
        card_of_row, zone_of_row = _read_whole(
            deck_codes, whole, name_codes, written, zone_of_row, qty_of_row, card_of_row, context
        )
    commanders = _deck_values(frame, "declared_commander", deck_codes, deck_ids)
    if specs is not None:
        formats = _deck_specs(pd.Index(deck_ids), specs)
    else:  # (after _read_whole: a shape is inferred from the deck as the engine reads it)
        assert isinstance(format, _Chosen)
        chosen = [format.spec_of(deck_id) for deck_id in deck_ids.tolist()]
        read = _ReadRows(deck_codes, name_codes, written, card_of_row, zone_of_row, qty_of_row, rows, context)
        formats = _deck_formats(_with_inferred(chosen, read, commanders))
    zone_of_row = _command_zones_placed(
        deck_codes,
        formats,
        written,
        card_of_row,
        zone_of_row,
        qty_of_row,
        rows,
        context,
        commanders,
    )
    resolved = card_of_row >= 0
    unknown = companion_arrays.UnknownEntries.none()
    if resolved.all():
        entries = np.arange(len(frame))
        d, c, z, q = deck_codes, card_of_row, zone_of_row, qty_of_row
    else:
        entries = np.flatnonzero(resolved)
        d, c, z, q = deck_codes[entries], card_of_row[entries], zone_of_row[entries], qty_of_row[entries]
        # unknown names still count and leave open what they could break (as in the engine)
        missing = np.flatnonzero(~resolved & (name_codes >= 0))
        keys = pd.Index([unresolved.written_key(str(n)) for n in unique_names.tolist()])
        name_of = pd.factorize(keys)[0].astype(np.int32)
        counted = _counts_written(frame, missing)
        unknown = companion_arrays.UnknownEntries(
            deck_codes[missing],
            zone_of_row[missing],
            qty_of_row[missing],
            name_of[name_codes[missing]],
            None if counted is None else ~counted,
            _may_be(name_of, unique_names, name_codes[missing], zone_of_row[missing], context.store),
        )
    del resolved, name_codes
    legality_open = _legality_open(formats, _deck_values(frame, "date", deck_codes, deck_ids), context.store)
    unread = _deck_values(frame, "unread", deck_codes, deck_ids)
    result = companion_arrays.evaluate(
        d,
        c,
        z,
        q,
        n_decks,
        companion_arrays.CardArrays(rows),
        formats,
        context.card_for_name,
        unknown,
        legality_open,
        None if unread is None else np.array([reason is not None for reason in unread], dtype=bool),
    )
    return _Evaluation(deck_ids, entries, d, c, z, rows, result)


def _written_at(frame: pd.DataFrame, names: pd.Series) -> Callable[[Any], list[str]]:
    """The names as written (the ``written`` column, else the name a row goes by) of the rows at
    some positions: what the engine reads a deck of the frame by (_long_decks). Asked for the decks
    read one by one only; the column is made of objects once, at the first question (a column of
    categories converts all its categories, whatever the rows asked for)."""
    column: list[Any] = []

    def at(positions: Any) -> list[str]:
        if not column:
            found = names.astype(object)
            if "written" in frame.columns:
                written = frame["written"].astype(object)
                found = written.where(written.notna(), found)
            column.append(found.to_numpy())
        return [str(name) for name in column[0][positions].tolist()]

    return at


@dataclass(slots=True)
class _ReadRows:
    """The rows of a long frame as the engine reads their decks: deck code, name code (-1: a row
    with no name), names as written (by positions), card code (-1: none), zone, quantity; the cards
    the codes name."""

    deck: Any
    name: Any
    written: Callable[[Any], list[str]]
    card: Any
    zone: Any
    qty: Any
    cards: Sequence[CardFacts]
    context: BatchContext


def _with_inferred(
    chosen: list[FormatSpec | None], read: _ReadRows, commanders: Sequence[str | None] | None
) -> list[FormatSpec]:
    """``chosen`` (each deck's format, in deck code order) with the shape inferred where it is None
    (deckcheck.inference.infer_format, as the engine infers it): each such deck is built as a
    parsed deck of its rows and the cards they name, through the cards' facts."""
    from deckcheck.inference import infer_format

    to_infer = np.array([spec is None for spec in chosen], dtype=bool)
    if not to_infer.any():
        return cast(list[FormatSpec], chosen)
    specs = list(chosen)
    rows = np.flatnonzero(to_infer[read.deck] & (read.name >= 0))  # (a row with no name is no entry)
    positions = {int(read.deck[group[0]]): group for group in _deck_groups(read.deck, rows)}
    names = dict(zip(rows.tolist(), read.written(rows), strict=True))
    facts, card_for_name = read.cards, read.context.card_for_name
    empty = np.zeros(0, dtype=np.intp)
    for deck_code in np.flatnonzero(to_infer).tolist():
        group = positions.get(deck_code, empty).tolist()
        cards: list[DeckCard] = []
        unresolved: list[Entry] = []
        entries: list[Entry] = []
        for i, card, zone, qty in zip(
            group, read.card[group].tolist(), read.zone[group].tolist(), read.qty[group].tolist(), strict=True
        ):
            entry = Entry(qty, names[i], ZONE_ORDER[zone], 0)
            entries.append(entry)
            if card >= 0:
                cards.append(deck_card_of_facts(entry, facts[card], card_for_name))
            else:
                unresolved.append(entry)
        said = commanders[deck_code] if commanders is not None else None
        parsed = ParsedDeck(
            "<frame>", "frame", entries=entries, metadata={"commander": said} if said else None
        )
        specs[deck_code], _ = infer_format(parsed, Deck("<frame>", cards, parsed, unresolved))
    return cast(list[FormatSpec], specs)


def _deck_groups(deck_codes: Any, rows: Any) -> list[Any]:
    """``rows`` (positions in the frame) grouped by deck, each group in frame order."""
    rows = rows[np.argsort(deck_codes[rows], kind="stable")]
    return np.split(rows, np.flatnonzero(np.diff(deck_codes[rows])) + 1) if len(rows) else []


def _conspiracies_held(rows: Sequence[CardFacts], card_of_row: Any, zone_of_row: Any) -> Any:
    """(rows,) bool: a conspiracy card in the main deck, command zone or companion zone, which the
    engine reads outside the deck (engine.CONSPIRACY_FREE_ZONES, DC018): its deck is read whole."""
    from deckcheck.engine import CONSPIRACY, CONSPIRACY_FREE_ZONES

    conspiracy = np.array([CONSPIRACY in row.card_types for row in rows] + [False], dtype=bool)  # (-1: none)
    free = np.isin(zone_of_row, [ZONE_CODE[zone] for zone in CONSPIRACY_FREE_ZONES])
    return conspiracy[card_of_row] & free


def _read_whole(
    deck_codes: Any,
    whole: Any,
    name_codes: Any,
    written: Callable[[Any], list[str]],
    zones: Any,
    qty: Any,
    card_of_row: Any,
    context: BatchContext,
) -> tuple[Any, Any]:
    """Each row's card code and zone once the decks with an entry the engine reads with the rest of
    its deck (``whole``: engine.read_alone is False, or a conspiracy where no deck holds one) are
    read by engine.resolve_deck, as validate reads them: an entry it does not read as a card (a
    stray localized name) has none (-1), and a card no deck can hold (a plane, a scheme, a
    conspiracy) is read outside the deck, in the maybeboard."""
    from deckcheck.engine import resolve_deck

    cards, placed = card_of_row.copy(), zones.copy()
    named = name_codes >= 0  # (a row with no name at all is no entry, as in _long_decks)
    in_decks = np.flatnonzero(np.isin(deck_codes, np.unique(deck_codes[whole])) & named)
    for group in _deck_groups(deck_codes, in_decks):
        parsed = ParsedDeck("<frame>", "frame")
        parsed.entries = [
            Entry(int(qty[i]), name, ZONE_ORDER[zones[i]], 0)
            for i, name in zip(group.tolist(), written(group), strict=True)
        ]
        deck, _ = resolve_deck(parsed, context.store, suggest=False)
        no_card = {id(entry) for entry in deck.unresolved}
        read = (deck.parsed or parsed).entries  # (resolve_deck's reading keeps the entries' order)
        for i, entry in zip(group.tolist(), read, strict=True):
            if id(entry) in no_card:
                cards[i] = -1
            placed[i] = ZONE_CODE[entry.zone]
    return cards, placed


def _may_be(
    name_of: Any, unique_names: Any, missing: Any, zones: Any, store: CardStore
) -> list[tuple[str, ...]]:
    """By written-name code (``name_of``'s), the cards the names of no card (``missing``: their
    codes in ``unique_names``, in these ``zones``) may be: their DC010's offer
    (engine.did_you_mean), which Lutri's verdict reads (companions.lutri_kin); asked only for
    those in the starting deck."""
    from deckcheck.engine import did_you_mean

    may_be = did_you_mean(store)
    offered: list[dict[str, None]] = [{} for _ in range(int(name_of.max()) + 1)]
    start = (zones == companion_arrays.MAIN) | (zones == companion_arrays.COMMANDER)
    asked = np.unique(missing[start]).tolist()
    store.unaccented_ahead(str(unique_names[i]) for i in asked)  # (one query for all, not one each)
    for i in asked:
        offered[name_of[i]].update(dict.fromkeys(may_be(str(unique_names[i]))))
    return [tuple(cards) for cards in offered]


def _legality_open(
    formats: companion_arrays.DeckFormats, dates: list[str | None] | None, store: CardStore
) -> Any:
    """(decks,) bool: the card data does not vouch for the day each deck is judged for (its own
    date, else the day of the check: engine.legality_out_of_date, as validate asks it), so a
    companion card's own legality is not known there. Asked once per distinct (format, date)."""
    from deckcheck.engine import legality_out_of_date

    n_decks = len(formats.index)
    date_codes, distinct = pd.factorize(pd.Series([None] * n_decks if dates is None else dates, dtype=object))
    width = len(distinct) + 1  # date code + 1: 0 = undated
    pairs = np.asarray(formats.index, dtype=np.int64) * width + (date_codes + 1)
    unique, inverse = np.unique(pairs, return_inverse=True)
    answers = np.zeros(len(unique), dtype=bool)
    for i, pair in enumerate(unique.tolist()):
        spec, date = formats.specs[pair // width], pair % width
        metadata = {"date": str(distinct[date - 1])} if date else {}
        answers[i] = legality_out_of_date(metadata, spec, store) is not None
    return answers[inverse.reshape(-1)] if n_decks else np.zeros(0, dtype=bool)


def _command_zones_placed(
    deck_codes: Any,
    formats: companion_arrays.DeckFormats,
    names: Callable[[Any], list[str]],
    card_of_row: Any,
    zones: Any,
    qty: Any,
    rows: Sequence[CardFacts],
    context: BatchContext,
    commanders: Sequence[str | None] | None,
) -> Any:
    """Each row's zone after the engine's command-zone placement (deckcheck.command_zone): in a
    Commander format, the commander a deck's comments name (``commanders``: a Cockatrice ``CDR:``,
    a ``commander:`` line) is its command zone, and a sideboard of one to three entries beside an
    empty command zone or an empty companion slot may be the command zone. Only those few decks
    are built as Decks (``names``: as written) and placed, so the companion table agrees with
    `validate` on lists written the MTGO, XMage or Cockatrice way."""
    from deckcheck.command_zone import place

    n_decks = len(formats.index)
    commander = formats.per_deck(lambda spec: spec.commander, bool)
    if not commander.any():
        return zones

    def per_deck(zone: int) -> Any:
        return np.bincount(deck_codes[zones == zone], minlength=n_decks)

    n_side = per_deck(companion_arrays.SIDEBOARD)
    sideboard = (
        (n_side >= 1)
        & (n_side <= 3)
        & ((per_deck(companion_arrays.COMMANDER) == 0) | (per_deck(companion_arrays.COMPANION) == 0))
    )
    named = np.array([bool(c) for c in commanders or [None] * n_decks], dtype=bool)
    candidates = commander & (sideboard | named)
    if not candidates.any():
        return zones
    placed = zones.copy()
    for group in _deck_groups(deck_codes, np.flatnonzero(candidates[deck_codes])):
        deck_code = deck_codes[group[0]]
        spec = formats.specs[formats.index[deck_code]]
        entries = [
            Entry(int(qty[i]), name, ZONE_ORDER[zones[i]], line=0)
            for i, name in zip(group.tolist(), names(group), strict=True)
        ]
        cards = []
        for i, entry in zip(group, entries, strict=True):
            card = context.card_for_name(rows[card_of_row[i]].name) if card_of_row[i] >= 0 else None
            if card is not None:
                cards.append(DeckCard(entry, card))
        said = commanders[deck_code] if commanders is not None else None
        metadata = {"commander": said} if said else None
        parsed = ParsedDeck("<frame>", "frame", entries=entries, metadata=metadata)
        placement = place(Deck("<frame>", cards, parsed), spec)
        if placement.moved and placement.deck.parsed is not None:
            for i, entry in zip(group, placement.deck.parsed.entries, strict=True):
                placed[i] = ZONE_CODE[entry.zone]
    return placed


# Why a deck is in no row of the companion table: (deck id, why), as validate's DC006 says it.
NotChecked = list[tuple[DeckId, str]]


@dataclass(slots=True)
class _Chosen:
    """``format=None`` for the companion tables: each deck's format as ``deckcheck check`` chooses
    it (:class:`_FormatResolution`), None where none is given: :func:`_evaluate` then infers the
    shape from the deck as it reads it, as the engine does (deckcheck.inference)."""

    spec_of: Callable[[DeckId], FormatSpec | None]


def _formats_and_frame(
    decks: pd.DataFrame | Source, format: FormatArg | None, store: CardStore | None, input_format: str | None
) -> tuple[FormatArg | _Chosen, pd.DataFrame, NotChecked]:
    """The companion tables' formats (``format``, else each deck's as chosen), the long frame of the
    decks they check, and the decks they do not (a declared format deckcheck does not know: they
    are not checked, as :func:`validate` checks no rule of theirs, giving their DC006). Each deck is
    read once: its format is chosen as it is read into the frame."""
    if format is not None:
        return format, _as_long(decks, store, input_format), []
    resolution = _FormatResolution(store)
    if isinstance(decks, pd.DataFrame) and _is_long(decks):
        # (a long frame keeps what each deck declares: no deck is read again to choose its format)
        list(resolution.decks(_declarations(decks), files=False))  # (each deck's format chosen)
        frame = decks
        if resolution.not_checked:
            dropped = [deck_id for deck_id, _, _ in resolution.not_checked]
            frame = frame[~frame["deck_id"].isin(dropped)].reset_index(drop=True)
    else:
        # (skipped as load_decks skips them, which says so)
        skipped = _Skipped(store)
        items, total, deck_dtype, files = _deck_sources_of(decks, input_format, "text", skipped)
        frame = _loaded(resolution.decks(items, files), total, deck_dtype, store, skipped, progress=False)
    not_checked = [(deck_id, finding.message) for deck_id, _, finding in resolution.not_checked]
    return _Chosen(lambda deck_id: resolution.context_for(deck_id).spec), frame, not_checked


def _declarations(frame: pd.DataFrame) -> Iterator[tuple[DeckId, str, batch.DeckSource]]:
    """Each deck of a long frame as a parsed deck holding only what chooses its format: the format
    it declares (its ``declared_format``)."""
    _long_columns_present(frame)
    codes, ids = _deck_codes(frame)
    declared = _deck_values(frame, "declared_format", codes, ids) or [None] * len(ids)
    for deck_id, said in zip(ids.tolist(), declared, strict=True):
        where = str(deck_id)
        yield deck_id, where, ParsedDeck(where, "frame", declared_format=said)


def _say_not_checked(table: pd.DataFrame, not_checked: NotChecked) -> pd.DataFrame:
    """``table`` with the decks left out of it in ``attrs["not_checked"]``, and a warning that
    says so: a deck is never dropped unsaid."""
    if not_checked:
        import warnings

        table.attrs["not_checked"] = not_checked
        warnings.warn(
            f"deckcheck: {counted(len(not_checked), 'deck')} not checked (a format deckcheck does not "
            "know): the frame's attrs['not_checked'] lists them; give format= to check them anyway",
            stacklevel=3,
        )
    return table


def _as_long(decks: pd.DataFrame | Source, store: CardStore | None, input_format: str | None) -> pd.DataFrame:
    if isinstance(decks, pd.DataFrame) and _is_long(decks):
        return decks
    return load_decks(decks, store=store, input_format=input_format, progress=False)


def companion_table(
    decks: pd.DataFrame | Source,
    *,
    format: FormatArg | None = None,
    store: StoreArg = None,
    input_format: str | None = None,
) -> pd.DataFrame:
    """Deck x companion, vectorised over the batch: deck_id, companion, eligible, declared, breakers
    (breaking entries), cut (copies to cut), add (cards Yorion still needs), near_miss. Decks in
    order of first appearance, companions in table order: equal to ``validate(...).companions``.

    ``decks`` is a long frame (deck_id, zone, qty, and card or written: names are resolved, a name
    that matches no card is left out as the engine leaves it out; a ``date`` column, each deck's own
    date, as :func:`load_decks` keeps it: a deck without one is judged for the day of the check) or
    any source of load_decks. Where the card data does not vouch for the day a deck is judged for,
    a companion card's own legality is not known: its ``eligible`` is <NA>, as in validate.
    ``format=None`` (the default) resolves each deck's format as :func:`validate` does (on a long
    frame: its ``declared_format``, then the current directory's config, else the inferred shape;
    a deck that declares a format deckcheck does not know has no row, as in validate: a warning
    says so and ``attrs["not_checked"]`` lists (deck_id, why))."""
    store = _store_of(store)
    formats, frame, not_checked = _formats_and_frame(decks, format, store, input_format)
    table = _companion_frame(_evaluate(frame, formats, store), frame["deck_id"].dtype)
    return _say_not_checked(table, not_checked)


def _companion_frame(batch_: _Evaluation, deck_dtype: Any) -> pd.DataFrame:
    result = batch_.result
    n_decks, n_rules = result.eligible.shape
    deck_ids = pd.Index(batch_.deck_ids)
    return pd.DataFrame(
        {
            "deck_id": pd.array(deck_ids.repeat(n_rules), dtype=deck_dtype),
            "companion": pd.Categorical.from_codes(
                np.tile(np.arange(n_rules), n_decks), dtype=COMPANION_DTYPE
            ),
            "eligible": pd.arrays.BooleanArray(result.eligible.ravel(), result.undetermined.ravel()),
            "declared": result.declared.ravel(),
            "breakers": result.breakers.ravel(),
            "cut": result.cut.ravel(),
            "add": result.add.ravel(),
            "near_miss": result.near_miss.ravel(),
        }
    )


def companion_breakers(
    decks: pd.DataFrame | Source,
    *,
    format: FormatArg | None = None,
    store: StoreArg = None,
    input_format: str | None = None,
) -> pd.DataFrame:
    """One row per breaking entry per companion (deck_id, companion, card, qty, zone, line): which
    cards keep which decks from each companion. Vectorised like :func:`companion_table`; the rows of
    ``validate(..., breakers=True).breakers`` without the reason text, in the same order. ``card``
    is categorical (a corpus repeats a few thousand names millions of times). ``format=None``: as
    in :func:`companion_table`."""
    store = _store_of(store)
    formats, frame, not_checked = _formats_and_frame(decks, format, store, input_format)
    result = _evaluate(frame, formats, store)
    entry, rule = np.nonzero(result.result.breaking)
    order = np.lexsort((entry, rule, result.deck[entry]))
    entry, rule = entry[order], rule[order]
    source = result.rows[entry]
    lines = (
        frame["line"].fillna(0).to_numpy(dtype=np.int64)[source]
        if "line" in frame.columns
        else np.zeros(len(source), np.int64)
    )
    breakers = pd.DataFrame(
        {
            "deck_id": pd.array(
                pd.Index(result.deck_ids).take(result.deck[entry]), dtype=frame["deck_id"].dtype
            ),
            "companion": pd.Categorical.from_codes(rule, dtype=COMPANION_DTYPE),
            "card": pd.Categorical.from_codes(
                result.card[entry], categories=pd.Index([r.name for r in result.cards], dtype=_STR)
            ),
            "qty": _quantities(frame)[source],
            "zone": pd.Categorical.from_codes(result.zone[entry], dtype=ZONE_DTYPE),
            "line": _lines(lines),
        }
    )
    return _say_not_checked(breakers, not_checked)


# -- partitions and Dask -------------------------------------------------------------------------
def _partition_formats(
    partition: pd.DataFrame | pd.Series, format: str | FormatSpec | None, format_column: str | None
) -> FormatSpec | Mapping[Any, FormatSpec]:
    """Each deck's format, checked before the partition is (_checked_format: a missing or unknown
    format in ``format_column`` is a ValueError naming the deck)."""
    if format is not None:
        return _checked_format(format)
    if format_column is None or not isinstance(partition, pd.DataFrame) or format_column not in partition:
        raise ValueError(
            "give format= (one format for every deck) or format_column= (a column of the partition)"
        )
    return _checked_format(dict(zip(_deck_ids_of(partition), partition[format_column], strict=True)))


def validate_partition(
    partition: pd.DataFrame | pd.Series,
    *,
    format: str | FormatSpec | None = None,
    format_column: str | None = None,
    table: Table = "summary",
    store_path: str | os.PathLike[str] | None = None,
    input_format: str | None = None,
    text_column: str = "text",
    event_columns: bool = True,
) -> pd.DataFrame:
    """One table for one partition of decklist text (index = deck id): the function to give
    ``dask.dataframe.map_partitions`` with ``meta=frames.meta(table)``. Each deck's format is
    ``format``, or the partition's ``format_column``. The card store is opened from ``store_path``
    once per worker process, never shipped with a task. A row holding an event document's text is
    its decks, ``ID#player`` as in :func:`validate`, each in its row's format. The summary has every
    event column (:data:`EVENT_COLUMNS`, <NA> where a deck has no such metadata; for an event's
    decks it is :func:`validate`'s summary), unless ``event_columns=False``."""
    rows = batch.validate_partition(
        _text_items(partition, text_column),
        format=_partition_formats(partition, format, format_column),
        store_path=store_path,
        input_format=input_format,
        entries=table == "entries",
        breakers=table == "breakers",
    )
    deck_dtype = _deck_ids_of(partition).dtype
    if table == "entries":
        assert rows.entries is not None
        return _entries_frame(rows.entries, deck_dtype)
    frame = _frame(table, getattr(rows, table), deck_dtype)
    if table == "summary" and event_columns:
        return _every_event_column(frame, _frame("metadata", rows.metadata, deck_dtype))
    return frame


def companion_partition(
    partition: pd.DataFrame,
    *,
    format: str | FormatSpec,
    store_path: str | os.PathLike[str] | None = None,
) -> pd.DataFrame:
    """:func:`companion_table` for one partition of a long frame (every row of a deck in one
    partition: partition by deck_id; a ``deck_id`` index is used as the column). For
    ``map_partitions`` with ``meta=frames.meta("companions")``."""
    if "deck_id" not in partition.columns and partition.index.name == "deck_id":
        partition = partition.reset_index()
    store = batch.shared_store(store_path)
    return _companion_frame(_evaluate(partition, format, store), partition["deck_id"].dtype)


def _results_partition(
    partition: pd.DataFrame | pd.Series,
    format: str | FormatSpec | None,
    format_column: str | None,
    store_path: str | os.PathLike[str] | None,
    input_format: str | None,
    text_column: str,
    breakers: bool,
    event_columns: bool,
) -> Results:
    rows = batch.validate_partition(
        _text_items(partition, text_column),
        format=_partition_formats(partition, format, format_column),
        store_path=store_path,
        input_format=input_format,
        breakers=breakers,
    )
    results = _results(rows, partition.index.dtype, breakers)
    if event_columns:
        results.summary = _every_event_column(results.summary, results.metadata)
    return results


def validate_dask(
    decklists: Any,
    *,
    format: str | FormatSpec | None = None,
    format_column: str | None = None,
    store_path: str | os.PathLike[str] | None = None,
    input_format: str | None = None,
    text_column: str = "text",
    breakers: bool = False,
    event_columns: bool = True,
) -> Results:
    """:func:`validate` over a Dask DataFrame (or Series) of decklist text indexed by deck id, each
    deck in ``format`` or in the format its ``format_column`` names. The summary has every event
    column, as :func:`validate_partition`'s (``event_columns``).

    Every partition is parsed and checked once, by one task; the frames of the returned
    :class:`Results` are Dask DataFrames cut from those tasks, so ``dask.compute(r.findings,
    r.summary)`` runs each partition once. Needs ``dask[dataframe]``. Rows holding event
    documents are their decks (``ID#player``, strings): give them an index of strings, the
    deck_id dtype the frames' ``meta`` is built with."""
    import dask.dataframe as dd
    from dask.delayed import delayed

    if format is not None:
        _checked_format(format)  # here, not in every task: a bad format= is the caller's error
    deck_dtype = decklists.index.dtype
    check = delayed(_results_partition, pure=True)
    partials = [
        check(part, format, format_column, store_path, input_format, text_column, breakers, event_columns)
        for part in decklists.to_delayed()
    ]

    def pick(table: Table) -> Any:
        pieces = [delayed(getattr, pure=True)(p, table) for p in partials]
        declared = meta(table, deck_dtype, event_columns=event_columns)
        return dd.from_delayed(pieces, meta=declared, verify_meta=False)

    return Results(
        findings=pick("findings"),
        companions=pick("companions"),
        summary=pick("summary"),
        metadata=pick("metadata"),
        breakers=pick("breakers") if breakers else None,
    )


# -- accessor ------------------------------------------------------------------------------------
@pd.api.extensions.register_dataframe_accessor("deckcheck")
class DeckcheckAccessor:
    """``df.deckcheck.validate(format="modern")`` etc. on a long frame or a frame with a ``text``
    column: sugar over the functions above (registered when deckcheck.frames is imported)."""

    def __init__(self, frame: pd.DataFrame) -> None:
        self._frame = frame

    def validate(self, *, format: FormatArg | None = None, **options: Any) -> Results:
        return validate(self._frame, format=format, **options)

    def companion_table(self, *, format: FormatArg | None = None, **options: Any) -> pd.DataFrame:
        return companion_table(self._frame, format=format, **options)

    def companion_breakers(self, *, format: FormatArg | None = None, **options: Any) -> pd.DataFrame:
        return companion_breakers(self._frame, format=format, **options)
