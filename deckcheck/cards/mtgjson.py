"""MTGJSON AtomicCards -> card records, and `deckcheck cards import`.

AtomicCards is ``{"meta": {...}, "data": {name: [face, ...]}}`` with one entry per face (``side``
a, b, ...). Differences from Scryfall that the conversion irons out:
- legality values are title-case and formats a card is not legal in are left out;
- layout ``aftermath`` is Scryfall's ``split``;
- the front of a meld pair is keyed ``"Front // Melded"`` but has one face: its name is the face's;
- the melded back face (side ``b``) has an entry of its own, which is no card a deck can hold: it
  is kept by name beside the records (see below), with the fronts whose keys name it;
- a reversible card lists both (identical) sides: the card is its first side, like Scryfall's.
Un-cards (``isFunny``) are kept: they are real cards, legal in no format, so a deck naming one gets
a "not legal" finding rather than "unknown card". Planes, phenomena, schemes, Vanguard cards and
meld results are no card records (no deck can hold them): their names and kinds are kept beside the
records (``ConversionStats.non_deck``, :mod:`deckcheck.cards.nondeck`), so a list naming one is told
what it is rather than "unknown card" (or, for a meld result, taken for a card).
"""

from __future__ import annotations

import codecs
import contextlib
import datetime as dt
import gzip
import json
import os
import re
import time
import zlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from stat import S_ISREG
from typing import Any, BinaryIO, cast

from deckcheck.cards.nondeck import meld_result, non_deck_card
from deckcheck.cards.store import (
    SET_DATES_AS_OF_META,
    SET_DATES_META,
    FactsBuilder,
    encode_set_dates,
    parse_data_day,
    read_store_meta,
    write_store,
)
from deckcheck.cards.update import (
    DEFAULT_LOCK_TIMEOUT,
    ConversionStats,
    DowngradeRefused,
    Progress,
    UpdateResult,
    counting_progress,
    refuse_older_data,
    refuse_smaller_data,
    step_back_notes,
    unique_by_name,
    update_lock,
)
from deckcheck.errors import CardDataError
from deckcheck.wording import counted

# MTGJSON foreignData language names -> Scryfall language codes.
LANGUAGE_CODES = {
    "English": "en",
    "German": "de",
    "French": "fr",
    "Italian": "it",
    "Spanish": "es",
    "Portuguese": "pt",
    "Portuguese (Brazil)": "pt",
    "Japanese": "ja",
    "Chinese Simplified": "zhs",
    "Chinese Traditional": "zht",
    "Korean": "ko",
    "Russian": "ru",
    "Phyrexian": "ph",
    "Hebrew": "he",
    "Latin": "la",
    "Ancient Greek": "grc",
    "Arabic": "ar",
    "Sanskrit": "sa",
    "Quenya": "qya",
}
SKIPPED_LAYOUTS = frozenset(
    {"token", "double_faced_token", "emblem", "art_series", "front_card", "planar", "scheme", "vanguard"}
)
LAYOUT_ALIASES = {"aftermath": "split"}
_FACE_STATS = ("power", "toughness", "loyalty", "defense")
GZIP_MAGIC = b"\x1f\x8b"


class _EntryError(CardDataError):
    """A malformed entry; the caller adds the file name."""


def records_from_atomic_cards(
    data: Mapping[str, Any], *, stats: ConversionStats | None = None
) -> Iterator[dict[str, Any]]:
    """Convert a loaded AtomicCards document into card records (skips and duplicates in ``stats``)."""
    stats = stats if stats is not None else ConversionStats()
    cards = data.get("data") if isinstance(data, Mapping) else None
    if not isinstance(cards, Mapping):
        raise _EntryError(
            "expected an MTGJSON AtomicCards object: {'meta': ..., 'data': {card name: [faces]}}"
        )

    def convert() -> Iterator[dict[str, Any]]:
        for key, faces in cards.items():
            record = record_from_atomic_entry(str(key), faces, stats)
            if record is not None:
                yield record

    return unique_by_name(convert(), stats)


def record_from_atomic_entry(
    key: str, entry: Any, stats: ConversionStats | None = None
) -> dict[str, Any] | None:
    """One ``data[key]`` list of faces -> one record, or None when it is not a playable card (a card
    no deck can hold is kept in ``stats.non_deck``)."""
    where = f"data[{key!r}]"
    if not isinstance(entry, list) or not entry or not all(isinstance(f, Mapping) for f in entry):
        raise _EntryError(f"{where}: expected a non-empty list of card faces")
    faces: list[Mapping[str, Any]] = sorted(entry, key=lambda f: str(f.get("side") or ""))
    first = faces[0]
    layout = str(first.get("layout") or "normal")
    if layout in SKIPPED_LAYOUTS:
        if stats is None:
            return None
        name = str(first.get("name") or key)
        card = non_deck_card(name, layout, first.get("type")) if name.strip() else None
        if card is not None:
            stats.keep_non_deck(card)
        else:
            stats.skip(layout)
        return None
    if layout == "meld" and str(first.get("side") or "") == "b":  # the melded back face alone
        if stats is not None:
            stats.keep_non_deck(meld_result(str(first.get("name") or key), first.get("type")))
        return None
    if layout == "meld" and stats is not None:
        _keep_meld_part(first, stats)
    layout = LAYOUT_ALIASES.get(layout, layout)
    if layout == "reversible_card":
        faces = faces[:1]
    record_faces = [_face(face, where) for face in faces]
    name = " // ".join(face["name"] for face in record_faces)

    keywords: list[str] = []
    for face in faces:
        for keyword in _string_list(face.get("keywords"), where, "keywords"):
            if keyword not in keywords:
                keywords.append(keyword)
    record: dict[str, Any] = {
        "name": name,
        "layout": layout,
        "faces": record_faces,
        "color_identity": _string_list(first.get("colorIdentity"), where, "colorIdentity"),
        "keywords": keywords,
        "legalities": _legalities(first.get("legalities"), where),
    }
    mana_value = first.get("manaValue")
    if isinstance(mana_value, int | float) and not isinstance(mana_value, bool):
        record["mana_value"] = float(mana_value)
    leadership = next((f.get("leadershipSkills") for f in faces if f.get("leadershipSkills")), None)
    if isinstance(leadership, Mapping):
        record["leadership"] = {str(k): bool(v) for k, v in leadership.items()}
    printings = _string_list(first.get("printings"), where, "printings")
    # Set codes: legality as of a date reads them (deckcheck.history). An Arena rebalanced card
    # ("A-" name) is listed under its paper card's sets, where it was never printed: no printings.
    if printings and not name.startswith("A-"):
        record["printings"] = sorted(set(printings))
    printed_names, printed_type_lines = _foreign(faces, record_faces, where)
    if printed_names:
        record["printed_names"] = printed_names
    if printed_type_lines:
        record["printed_type_lines"] = printed_type_lines
    return record


def _keep_meld_part(front: Mapping[str, Any], stats: ConversionStats) -> None:
    """A meld card's front (``name`` "Front // Melded", ``faceName`` "Front"): in ``stats``, a
    part of the meld result it names."""
    name, face_name = front.get("name"), front.get("faceName")
    if isinstance(name, str) and isinstance(face_name, str) and name.startswith(f"{face_name} // "):
        stats.keep_meld_part(name.removeprefix(f"{face_name} // "), face_name)


def _face(face: Mapping[str, Any], where: str) -> dict[str, Any]:
    name = face.get("faceName") or face.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _EntryError(f"{where}: a face has no name")
    mana_cost = face.get("manaCost")
    result: dict[str, Any] = {
        "name": name,
        "mana_cost": None if mana_cost is None else str(mana_cost),
        "type_line": _opt_text(face.get("type")),
        "oracle_text": _opt_text(face.get("text")),
        "colors": _string_list(face.get("colors"), where, "colors"),
        "color_indicator": None
        if face.get("colorIndicator") is None
        else _string_list(face.get("colorIndicator"), where, "colorIndicator"),
    }
    for stat in _FACE_STATS:
        result[stat] = _opt_text(face.get(stat))
    return result


def _foreign(
    faces: Sequence[Mapping[str, Any]], record_faces: Sequence[Mapping[str, Any]], where: str
) -> tuple[dict[str, list[str]], dict[str, list[str | None]]]:
    """printed_names {lang: [full name, face names...]} and printed_type_lines {lang: [type per
    face]} from every face's foreignData. Names equal to an English name add nothing (MTGJSON
    often repeats the English name for languages a card was not translated into) and are dropped."""
    english = {str(f["name"]) for f in record_faces} | {" // ".join(str(f["name"]) for f in record_faces)}
    names: dict[str, list[str]] = {}
    types: dict[str, list[str | None]] = {}
    multi = len(record_faces) > 1
    for index, face in enumerate(faces):
        foreign = face.get("foreignData") or []
        if not isinstance(foreign, list):
            raise _EntryError(f"{where}: foreignData must be a list")
        for item in foreign:
            if not isinstance(item, Mapping):
                continue
            lang = LANGUAGE_CODES.get(str(item.get("language")))
            if lang is None or lang == "en":
                continue
            found = names.setdefault(lang, [])
            # The full foreign name only means something for a card with several faces; on the
            # front of a meld pair it would name the pair, which is no card.
            candidates = (
                [item.get("name"), item.get("faceName")]
                if multi
                else [item.get("faceName") or item.get("name")]
            )
            for candidate in candidates:
                usable = isinstance(candidate, str) and bool(candidate.strip())
                if usable and candidate not in found and candidate not in english:
                    found.append(str(candidate))
            type_line = item.get("type")
            if isinstance(type_line, str) and type_line.strip():
                per_face = types.setdefault(lang, [None] * len(record_faces))
                if per_face[index] is None:
                    per_face[index] = type_line
    return {k: v for k, v in names.items() if v}, types


def _opt_text(value: Any) -> str | None:
    return None if value is None else str(value)


def _string_list(value: Any, where: str, key: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise _EntryError(f"{where}: {key} must be a list, got {type(value).__name__}")
    return [str(v) for v in value]


def _legalities(value: Any, where: str) -> dict[str, str]:
    """MTGJSON's "Legal"/"Banned"/"Restricted" -> our lower-case values; absent formats stay
    absent (a missing key already means not legal)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _EntryError(f"{where}: legalities must be an object")
    return {str(fmt): str(status).strip().lower().replace(" ", "_") for fmt, status in value.items()}


# -- `deckcheck cards import` -------------------------------------------------------------------
# Limits of what an AtomicCards file may hold, far beyond the real thing (the 2022-04-25 file is
# 31 MB of JSON, 23,711 entries, the largest 5.3 kB): the file is streamed entry by entry, so
# memory stays at about one entry plus a read chunk, and a file past a limit is refused when it
# gets there instead of being read for ever.
MAX_JSON_BYTES = 1 << 30  # decompressed
MAX_ENTRY_CHARS = 1 << 20  # one card's faces with their translations, or the meta object
MAX_ENTRIES = 1_000_000
_READ_CHUNK = 1 << 20


class _StreamError(CardDataError):
    """A read error that already names the file."""


class _AtomicCardsStream:
    """The entries of an AtomicCards file, one at a time: ``meta`` is filled in when the file's
    meta object is read (it comes first in MTGJSON's files, but any order is read)."""

    def __init__(self, raw: BinaryIO, path: Path, progress: Progress | None) -> None:
        self.raw = raw
        self.path = path
        self.progress = progress
        self.size = os.fstat(raw.fileno()).st_size
        self.meta: dict[str, Any] = {}
        self.binary: BinaryIO = raw
        self.decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self.buffer = ""
        self.offset = 0
        self.lines_before = 0  # line breaks in text already dropped from the buffer
        self.columns_before = 0  # characters after the last of those, on its line
        self.bytes_read = 0
        self.eof = False
        self.value_start = 0  # where the value being read starts (its size is bounded)
        self.what = "the file"

    # reading
    def fill(self) -> bool:
        if self.eof:
            return False
        try:
            chunk = self.binary.read(_READ_CHUNK)
            text = self.decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError as exc:
            raise self.fail(f"not UTF-8 text (byte {self.bytes_read + exc.start}: {exc.reason})") from None
        self.bytes_read += len(chunk)
        if self.bytes_read > MAX_JSON_BYTES:
            raise self.fail(
                f"more than {MAX_JSON_BYTES >> 20:,} MB of JSON: not an AtomicCards file (the real one "
                "is a few hundred MB at most)"
            )
        if self.progress is not None:
            self.progress("read", self.raw.tell(), self.size)
        if not chunk:
            self.eof = True
        keep = min(self.offset, self.value_start)
        dropped = self.buffer[:keep]
        newlines = dropped.count("\n")
        if newlines:
            self.lines_before += newlines
            self.columns_before = len(dropped) - dropped.rfind("\n") - 1
        else:
            self.columns_before += len(dropped)
        self.buffer = self.buffer[keep:] + text
        self.offset -= keep
        self.value_start -= keep
        if self.offset - self.value_start > MAX_ENTRY_CHARS or len(self.buffer) - self.value_start > (
            MAX_ENTRY_CHARS + _READ_CHUNK
        ):
            raise self.fail(
                f"{self.what} is larger than {MAX_ENTRY_CHARS >> 20} MB (the largest real entry is a "
                "few kB): not an AtomicCards file",
                self.value_start,
            )
        return bool(chunk) or bool(text)

    def skip_space(self) -> str:
        """Skip white space; the next character, or '' at the end of the file."""
        while True:
            match = _SPACE.match(self.buffer, self.offset)
            self.offset = match.end() if match else self.offset
            if self.offset < len(self.buffer):
                return self.buffer[self.offset]
            self.value_start = self.offset
            if not self.fill():
                return ""

    def expect(self, char: str, what: str) -> None:
        found = self.skip_space()
        if found != char:
            raise self.not_atomic_cards(what) if what else self.invalid(f"expected {char!r}")
        self.offset += 1

    def value(self, what: str) -> Any:
        """The JSON value that starts here (read on until all of it is in the buffer)."""
        if self.skip_space() == "":
            raise self.invalid("the file ends early (truncated?)")
        self.value_start, self.what = self.offset, what
        if self.buffer[self.offset] not in '{["':
            # A number or literal has no closing character: its end must be in view.
            while not _SCALAR_END.search(self.buffer, self.offset) and self.fill():
                pass
        while True:
            try:
                value, end = _DECODER.raw_decode(self.buffer, self.offset)
            except json.JSONDecodeError as exc:
                if self.fill():
                    continue
                raise self.invalid(exc.msg, exc.pos) from None
            except RecursionError:
                raise self.fail(f"{what} is nested too deeply to be card data", self.value_start) from None
            self.offset = end
            self.value_start = end
            return value

    # errors
    def position(self, index: int) -> tuple[int, int]:
        newlines = self.buffer.count("\n", 0, index)
        if newlines:
            return self.lines_before + newlines + 1, index - self.buffer.rfind("\n", 0, index)
        return self.lines_before + 1, self.columns_before + index + 1

    def fail(self, message: str, index: int | None = None) -> _StreamError:
        if index is None:
            return _StreamError(f"{self.path}: {message}")
        line, column = self.position(index)
        return _StreamError(f"{self.path}: line {line}, column {column}: {message}")

    def invalid(self, message: str, index: int | None = None) -> _StreamError:
        return self.fail(f"invalid JSON ({message})", self.offset if index is None else index)

    def not_atomic_cards(self, detail: str = "", *, scryfall: bool = False) -> _StreamError:
        """``scryfall``: the file looks like Scryfall's card data, which `cards update` reads."""
        return _StreamError(
            f"{self.path}: not an MTGJSON AtomicCards file (expected an object with 'meta' and a 'data' "
            f"object mapping card names to lists of faces{'; ' + detail if detail else ''})",
            hint=(
                "`deckcheck cards update` downloads Scryfall's card data and builds the store from it; "
                "`cards import` reads AtomicCards.json.gz from https://mtgjson.com/downloads/all-files/"
                if scryfall
                else "download AtomicCards.json.gz from https://mtgjson.com/downloads/all-files/"
            ),
        )

    # the document
    def entries(self) -> Iterator[tuple[str, Any]]:
        """``(card name, list of faces)`` for every entry of ``data``."""
        with contextlib.ExitStack() as stack:
            try:
                if self.raw.read(2) == GZIP_MAGIC:
                    self.raw.seek(0)
                    self.binary = cast(BinaryIO, stack.enter_context(gzip.GzipFile(fileobj=self.raw)))
                else:
                    self.raw.seek(0)
                yield from self._document()
            except EOFError:
                raise _StreamError(
                    f"{self.path}: the gzip data is truncated (incomplete download?)"
                ) from None
            except (zlib.error, gzip.BadGzipFile) as exc:
                raise _StreamError(f"{self.path}: corrupt gzip data ({exc})") from None
            except OSError as exc:
                raise _StreamError(f"{self.path}: cannot read ({exc.strerror or exc})") from None

    def _document(self) -> Iterator[tuple[str, Any]]:
        first = self.skip_space()
        if first == "[":
            raise self.not_atomic_cards("it is a JSON array, as Scryfall card data is", scryfall=True)
        if first != "{":
            raise self.not_atomic_cards("the file is empty" if first == "" and not self.bytes_read else "")
        self.offset += 1
        seen_data = False
        following = self.skip_space()
        while following != "}":
            key = self.value("a key")
            if not isinstance(key, str):
                raise self.invalid("expected a key")
            self.expect(":", "")
            if key == "data":
                if self.skip_space() != "{":
                    raise self.not_atomic_cards("'data' is not an object")
                seen_data = True
                yield from self._data()
            else:
                value = self.value(f"'{key}'")
                if key == "meta" and isinstance(value, Mapping):
                    self.meta.update(value)
                elif key == "object" and value in ("card", "list"):  # (each Scryfall object says what it is)
                    raise self.not_atomic_cards(
                        f'it holds Scryfall card data ("object": "{value}")', scryfall=True
                    )
            following = self._after_member()
        self.offset += 1
        if self.skip_space() != "":
            raise self.invalid("unexpected data after the AtomicCards object")
        if not seen_data:
            raise self.not_atomic_cards("there is no 'data'")

    def _after_member(self) -> str:
        """Past the ',' after an object member: the next character ('}' ends the object)."""
        following = self.skip_space()
        if following == ",":
            self.offset += 1
            following = self.skip_space()
        elif following not in ("}", ""):
            raise self.invalid(f"expected ',' or '}}' but found {following!r}")
        if following == "":
            raise self.invalid("the file ends early (truncated?)")
        return following

    def _data(self) -> Iterator[tuple[str, Any]]:
        self.offset += 1  # the '{'
        count = 0
        following = self.skip_space()
        while following != "}":
            key = self.value("a card name")
            if not isinstance(key, str):
                raise self.invalid("expected a card name")
            self.expect(":", "")
            entry = self.value(f"data[{key[:80]!r}]")
            count += 1
            if count == 1:
                other = _other_kind(f"data[{key[:80]!r}]", key, entry)
                if other:  # (a bad entry further on is one malformed card of an AtomicCards file)
                    raise self.not_atomic_cards(other)
            if count > MAX_ENTRIES:
                raise self.fail(f"more than {MAX_ENTRIES:,} entries in 'data': not an AtomicCards file")
            yield key, entry
            following = self._after_member()
        self.offset += 1


# The members of an MTGJSON deck file's 'data' (https://mtgjson.com/data-models/deck/): a decklist,
# which `deckcheck check` reads, not card data.
_DECK_FILE_KEYS = frozenset(
    {"code", "name", "releaseDate", "type", "mainBoard", "sideBoard", "commander", "displayCommander"}
)


def _other_kind(where: str, key: str, entry: Any) -> str:
    """What the first entry of 'data' is when it has the shape of another MTGJSON file's (they share
    AtomicCards' {"meta", "data"}): a deck's member, an object (a set, a printing), or a list of
    other things than card faces; else '' (a card entry, or one malformed card of an AtomicCards
    file)."""
    faces = isinstance(entry, list) and bool(entry) and all(isinstance(face, Mapping) for face in entry)
    if key in _DECK_FILE_KEYS and not faces:
        return (
            f"{where} is a deck's {key!r}: it is an MTGJSON deck file, a decklist "
            "(check it with `deckcheck check FILE`)"
        )
    if isinstance(entry, Mapping):
        if "cards" in entry:
            return f"{where} is a set (an AllPrintings or set file?)"
        return f"{where} is an object, not a list of card faces"
    if isinstance(entry, list) and entry and not any(isinstance(item, Mapping) for item in entry):
        kinds = sorted({type(item).__name__ for item in entry})
        return f"{where} is a list of {', '.join(kinds)}, not of card faces"
    return ""


_DECODER = json.JSONDecoder()
_SPACE = re.compile(r"[ \t\r\n]*")
_SCALAR_END = re.compile(r"[,}\] \t\r\n]")


@contextlib.contextmanager
def _opened(path: Path, label: str = "", what: str = "an AtomicCards file") -> Iterator[BinaryIO]:
    """``path`` opened to read, a regular file (a named pipe would never end); a clear
    CardDataError naming it (after ``label``, e.g. "set list ") and ``what`` it should be."""
    try:
        handle = open(path, "rb")  # noqa: SIM115 (closed below; errors mapped here)
    except FileNotFoundError:
        raise CardDataError(f"{label}{path}: file not found") from None
    except IsADirectoryError:
        raise CardDataError(f"{label}{path}: is a directory, not {what}") from None
    except OSError as exc:
        raise CardDataError(f"{label}{path}: cannot read ({exc.strerror or exc})") from None
    with handle:
        if not S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise CardDataError(f"{label}{path}: not a regular file, not {what}")
        yield handle


def load_atomic_cards(path: Path, progress: Progress | None = None) -> dict[str, Any]:
    """Read AtomicCards ``.json`` or ``.json.gz`` (gzip is detected by its magic bytes, whatever the
    file is called) into ``{"meta": ..., "data": ...}``; a clear CardDataError naming the file for
    anything that is not one. Read as a stream within the limits above (MAX_JSON_BYTES, ...);
    ``cards import`` converts entry by entry instead of holding them all."""
    with _opened(path) as handle:
        stream = _AtomicCardsStream(handle, path, progress)
        data = dict(stream.entries())
    return {"meta": stream.meta, "data": data}


def import_atomic_cards(
    path: Path,
    store_path: Path,
    progress: Progress | None = None,
    *,
    lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    facts: FactsBuilder | None = None,
    data_date: dt.date | None = None,
    allow_downgrade: bool = False,
    set_list: Path | None = None,
) -> UpdateResult:
    """`deckcheck cards import FILE`: build the card store from MTGJSON AtomicCards, atomically
    (a failure leaves the previous store as it was). The file is converted entry by entry as it is
    read. ``facts``: also store these per-card facts (see
    :func:`~deckcheck.cards.store.write_store`); the CLI passes ``deckcheck.card_facts.facts_builder()``.

    The store records the day the data describes, from the file's ``meta.date``, or ``data_date``
    when given (it wins). A file without a readable date is refused unless ``data_date`` names the
    day: card data of unknown age cannot say whether today's bans are in it.

    As ``cards update`` does, a file that would be a step back is refused once read, before the
    store is replaced (:class:`~deckcheck.cards.update.DowngradeRefused`), unless
    ``allow_downgrade``: card data of an earlier day than the store's, or fewer than half its
    cards. Either would drop what the store knows, such as the latest bans.

    ``set_list``: MTGJSON's SetList file, read first (a bad one imports nothing); the store keeps
    its sets' release days, so a card pool's set released after the data's day is taken as known
    only in part (:meth:`~deckcheck.cards.store.CardStore.sets_known_in_part`)."""
    started = time.monotonic()
    release_days = None if set_list is None else read_set_list(set_list)
    meta = {
        "source": "mtgjson",
        "mtgjson_version": "",
        "mtgjson_date": "",
        "updated_at": "",
        "file": str(path),
        "imported_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    if release_days is not None:
        meta |= release_days.meta()
    stats = ConversionStats()
    with _opened(path) as handle:
        stream = _AtomicCardsStream(handle, path, progress)

        def records() -> Iterator[dict[str, Any]]:
            for key, entry in stream.entries():
                record = record_from_atomic_entry(key, entry, stats)
                if record is not None:
                    yield record
            # write_store reads its meta once every record is in: the file's meta is known by then.
            meta["mtgjson_version"] = str(stream.meta.get("version", ""))
            meta["mtgjson_date"] = meta["updated_at"] = _data_date(path, stream.meta, data_date)

        with update_lock(store_path, timeout=lock_timeout):
            old_meta = read_store_meta(store_path)

            def accept_count(count: int) -> None:
                if not allow_downgrade:  # (the file's date is known once every record is in)
                    day = parse_data_day(meta["updated_at"])
                    refuse_older_data(old_meta, day, f"{path}: card data", hint=_DOWNGRADE_HINT)
                    refuse_smaller_data(old_meta, count, str(path), hint=_DOWNGRADE_HINT)

            try:
                count = write_store(
                    counting_progress(unique_by_name(records(), stats), progress),
                    store_path,
                    meta=meta,
                    facts=facts,
                    accept_count=accept_count,
                    non_deck=stats.non_deck_cards(),  # (complete once every record is in)
                )
            except (_StreamError, DowngradeRefused):
                raise
            except CardDataError as exc:
                raise CardDataError(f"{path}: {exc.message}", hint=exc.hint) from None
    notes: list[str] = []
    if data_date is not None:
        notes.append(f"the card data is taken to describe {data_date.isoformat()} (--data-date)")
    notes.extend(step_back_notes(old_meta, parse_data_day(meta["updated_at"]), count, "file"))
    if release_days is not None:
        notes.extend(release_days.notes(parse_data_day(meta["updated_at"])))
    else:
        notes.append(NO_SET_LIST_NOTE)
    return UpdateResult(
        source="mtgjson",
        notes=tuple(notes),
        store_path=store_path,
        records=count,
        skipped=dict(stats.skipped),
        duplicates=stats.duplicates,
        duplicate_names=tuple(stats.duplicate_names),
        seconds=time.monotonic() - started,
        meta=meta | {"records": str(count)},
        non_deck=len(stats.non_deck),
    )


NO_SET_LIST_NOTE = (
    "no set list (MTGJSON's SetList.json, beside the file or --set-list): a card pool's sets are "
    "judged by the data's printings alone, so a set the data saw only previewed counts as complete"
)
_DOWNGRADE_HINT = (
    "is it the file you meant? To replace the store with it all the same: "
    "`deckcheck cards import FILE --allow-downgrade`"
)


def _data_date(path: Path, file_meta: Mapping[str, Any], given: dt.date | None) -> str:
    """The day the imported data describes, as stored: ``given`` (--data-date), else the file's
    ``meta.date``; a file with no readable date and none given is refused (an error naming it)."""
    if given is not None:
        return given.isoformat()
    date = file_meta.get("date")
    if parse_data_day(date) is not None:
        return str(date)
    found = "has no meta.date" if date in (None, "") else f"has meta.date {date!r}, not a YYYY-MM-DD date"
    raise _StreamError(
        f"{path}: {found}, so the day its card data describes is unknown and it could not vouch for "
        "any day's bans; nothing was imported",
        hint="name the day the data describes: `deckcheck cards import FILE --data-date YYYY-MM-DD` "
        "(an AtomicCards file from https://mtgjson.com/downloads/all-files/ has its date)",
    )


# -- MTGJSON's SetList: the sets' release days ----------------------------------------------------
# The names `cards import` looks for beside the AtomicCards file when no --set-list is given.
SET_LIST_NAMES = ("SetList.json", "SetList.json.gz")
SET_LIST_MAX_BYTES = 64 << 20  # MTGJSON's is about 1 MB (with every set's translated names)
_SET_CODE = re.compile(r"[A-Za-z0-9_-]+")  # (the store keeps them "CODE:day", space-separated)


@dataclass(frozen=True)
class SetList:
    """The release days of MTGJSON's SetList file (``{"meta": {"date"}, "data": [{"code",
    "releaseDate"}, ...]}``), by set code; ``as_of``, the day the file describes (its
    ``meta.date``; None when it says none); ``undated``, the codes of its sets with no readable
    release day (they are kept without one)."""

    path: Path
    released: Mapping[str, dt.date]
    as_of: dt.date | None
    undated: tuple[str, ...]

    def meta(self) -> dict[str, str]:
        """The store meta that keeps these days (store.SET_DATES_META and its source's day)."""
        as_of = "" if self.as_of is None else self.as_of.isoformat()
        return {SET_DATES_META: encode_set_dates(self.released), SET_DATES_AS_OF_META: as_of}

    def notes(self, data_day: dt.date | None) -> list[str]:
        """What `cards import` says of the set list it read, given the card data's day."""
        notes = [f"release days of {len(self.released):,} sets read from {self.path}"]
        if self.undated:
            shown = ", ".join(self.undated[:5]) + (", ..." if len(self.undated) > 5 else "")
            notes.append(f"{counted(len(self.undated), 'set')} of the set list give no release day: {shown}")
        if data_day is not None and (self.as_of is None or self.as_of < data_day):
            day = "says no day" if self.as_of is None else f"describes {self.as_of.isoformat()}"
            notes.append(
                f"the set list {day}, not as late as the card data ({data_day.isoformat()}): a card "
                "pool's set it gives no release day is taken as known to the data only in part"
            )
        return notes


def set_list_beside(atomic_cards: Path) -> Path | None:
    """MTGJSON's SetList file in the AtomicCards file's folder (:data:`SET_LIST_NAMES`), if any."""
    for name in SET_LIST_NAMES:
        candidate = atomic_cards.parent / name
        if candidate.is_file():
            return candidate
    return None


def read_set_list(path: Path) -> SetList:
    """MTGJSON's SetList (``.json`` or ``.json.gz``, gzip told by its magic bytes): each set's
    release day. A file that is not one is a clear CardDataError naming it; a set without a
    readable ``releaseDate`` is kept in ``undated``, a set with no code fails it (its entry is
    not a set)."""
    try:
        with _opened(path, "set list ", "MTGJSON's SetList file") as handle:
            raw = handle.read(SET_LIST_MAX_BYTES + 1)
    except OSError as exc:  # (a read that fails: opening's errors are _opened's)
        raise CardDataError(f"set list {path}: cannot read ({exc.strerror or exc})") from None
    if raw.startswith(GZIP_MAGIC):
        raw = _gunzipped(raw, path)
    if len(raw) > SET_LIST_MAX_BYTES:
        raise CardDataError(f"set list {path}: larger than {SET_LIST_MAX_BYTES >> 20} MB, not a SetList file")
    try:
        payload = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise CardDataError(f"set list {path}: not valid JSON ({exc})") from None
    sets = payload.get("data") if isinstance(payload, dict) else None
    if not isinstance(sets, list):
        raise CardDataError(
            f"set list {path}: expected MTGJSON's SetList, a list of sets under 'data'",
            hint="MTGJSON's SetList.json is at https://mtgjson.com/downloads/all-files/",
        )
    released: dict[str, dt.date] = {}
    undated: list[str] = []
    for index, entry in enumerate(sets):
        code = entry.get("code") if isinstance(entry, dict) else None
        if not isinstance(code, str) or _SET_CODE.fullmatch(code) is None:
            raise CardDataError(
                f"set list {path}: set {index + 1} of 'data' has no set code of letters and digits "
                f"({entry!r:.80})"
            )
        code = code.upper()
        day = parse_data_day(entry.get("releaseDate"))
        if day is None:
            undated.append(code)
        else:
            released[code] = day
    if not released:
        raise CardDataError(f"set list {path}: no set gives a release day (releaseDate)")
    file_meta = payload.get("meta")
    as_of = parse_data_day(file_meta.get("date")) if isinstance(file_meta, dict) else None
    return SetList(path, released, as_of, tuple(sorted(set(undated))))


def _gunzipped(raw: bytes, path: Path) -> bytes:
    try:
        inflater = zlib.decompressobj(wbits=31)
        data = inflater.decompress(raw, SET_LIST_MAX_BYTES + 1)
    except zlib.error as exc:
        raise CardDataError(f"set list {path}: a damaged gzip file ({exc})") from None
    if not inflater.eof and len(data) <= SET_LIST_MAX_BYTES:
        raise CardDataError(f"set list {path}: the gzip file ends early (cut off)")
    return data
