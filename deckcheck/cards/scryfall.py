"""Scryfall bulk data -> card records, and `deckcheck cards update`.

The update reads the small ``/bulk-data`` descriptor list through a requests-cache session (so a
second run soon after is free, and a Scryfall outage falls back to the cached descriptor), but
streams the bulk file itself with plain requests: a CachedSession reads a whole body into memory
before returning it, even with ``stream=True`` (requests-cache issue #878).

Bulk file formats accepted (sniffed from the content, not trusted from the descriptor):
- 2026: ``jsonl_download_uri``, a gzip file of JSON Lines (one card object per line);
- legacy (until 2026-07-20): ``download_uri``, one JSON array, gzip-compressed on the wire
  (``Content-Encoding: gzip``) or not.
"""

from __future__ import annotations

import contextlib
import email.utils
import gzip
import io
import json
import logging
import re
import sqlite3
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, Any, BinaryIO, Protocol, cast
from urllib.parse import urljoin, urlsplit

import requests
import requests_cache
import urllib3

from deckcheck import __version__
from deckcheck.cards.mana import COLOURS, ManaCostError, parse_mana_cost
from deckcheck.cards.nondeck import meld_result, non_deck_card
from deckcheck.cards.store import (
    NON_DECK_META,
    NON_DECK_VERSION,
    CardStore,
    FactsBuilder,
    NoCardRecords,
    names_index_current,
    parse_data_day,
    read_store_meta,
    stored_facts_current,
    verify_store,
    write_store,
)
from deckcheck.cards.update import (
    DEFAULT_LOCK_TIMEOUT,
    ConversionStats,
    DowngradeRefused,
    Progress,
    UpdateResult,
    counting_progress,
    has_control_characters,
    refuse_older_data,
    refuse_smaller_data,
    remove_quietly,
    scratch_file,
    step_back_notes,
    unique_by_name,
    update_lock,
)
from deckcheck.errors import CardDataError, DeckcheckError, NetworkError
from deckcheck.wording import counted

DEFAULT_API_BASE = "https://api.scryfall.com"
USER_AGENT = f"deckcheck/{__version__} (+https://github.com/deckcheck/deckcheck)"
ACCEPT = "application/json;q=0.9,*/*;q=0.8"
BULK_TYPE = "oracle_cards"
HTTP_CACHE_FILENAME = "http-cache.sqlite"

# Scryfall builds bulk files every 12 h, so a descriptor younger than that cannot be outdated by
# much; `cards update --force` revalidates it anyway.
DESCRIPTOR_MAX_AGE = timedelta(hours=12)
DEFAULT_TIMEOUT = 30.0  # seconds without a byte before giving up (connect and each read)
MAX_RETRY_WAIT = 60.0  # Scryfall's 429 lockout is 30 s; never wait longer than this for one
MAX_RATE_LIMIT_RETRIES = 2
DEFAULT_RETRY_AFTER = 30.0  # a 429 without Retry-After: Scryfall's documented lockout
CHUNK_SIZE = 1 << 16
# The whole of one `cards update` step (the bulk list, redirects, the download), however slowly a
# server answers: a full oracle_cards update takes seconds, the all_cards file (~500 MB) a few
# minutes on a slow line. Past it the update gives up and the store stays as it was.
DEFAULT_DEADLINE = 1800.0
WAIT_TICK = 1.0  # seconds between "waiting" progress reports while nothing arrives


@dataclass(frozen=True)
class BulkLimits:
    """What a bulk file of one type may be, far beyond the real thing, so that a hostile or broken
    server is refused when it gets there: the download and its decompressed JSON are bounded (so
    is the disk they take), and so are one line or array item (so is memory) and the count."""

    download_bytes: int
    json_bytes: int
    item_chars: int
    objects: int


# Real sizes, 2026: oracle_cards about 35,000 objects, 170 MB of JSON (30 MB gzip); all_cards
# about 550,000 objects, 2.5 GB (500 MB gzip); the largest object a few tens of kB.
BULK_LIMITS: Mapping[str, BulkLimits] = {
    BULK_TYPE: BulkLimits(1 << 30, 4 << 30, 4 << 20, 1_000_000),
    "all_cards": BulkLimits(16 << 30, 64 << 30, 4 << 20, 20_000_000),
}
BULK_LIST_MAX_BYTES = 1 << 20  # the /bulk-data answer is about 5 kB


def limits_for(bulk_type: str) -> BulkLimits:
    return BULK_LIMITS.get(bulk_type, BULK_LIMITS["all_cards"])


# Objects that are not cards a deck can contain: Scryfall bulk files include every object type.
SKIPPED_LAYOUTS = frozenset(
    {
        "token",
        "double_faced_token",
        "emblem",
        "art_series",
        "front_card",
        "planar",
        "scheme",
        "vanguard",
    }
)
_FACE_STATS = ("power", "toughness", "loyalty", "defense")


# -- conversion ---------------------------------------------------------------------------------
class ScryfallObjectError(CardDataError):
    """A card object that cannot be converted; the caller adds where it was found."""


def records_from_scryfall(
    objs: Iterable[Mapping[str, Any]], *, stats: ConversionStats | None = None
) -> Iterator[dict[str, Any]]:
    """Convert Scryfall card objects (``oracle_cards``) into card records.

    Non-playable objects (tokens, emblems, art cards, ...) are skipped and counted in
    ``stats.skipped`` by layout; planes, schemes, Vanguard cards and meld results, which no deck can
    hold either, are kept by name and kind in ``stats.non_deck``; a repeated name keeps the first
    record.
    """
    stats = stats if stats is not None else ConversionStats()

    def convert() -> Iterator[dict[str, Any]]:
        for obj in objs:
            record = record_from_scryfall(obj, stats)
            if record is not None:
                yield record

    return unique_by_name(convert(), stats)


def record_from_scryfall(
    obj: Mapping[str, Any], stats: ConversionStats | None = None
) -> dict[str, Any] | None:
    """One card object -> one record, or None when the object is skipped."""
    if not isinstance(obj, Mapping):
        raise ScryfallObjectError(f"expected a card object, got {type(obj).__name__}")
    kind = obj.get("object", "card")
    if kind != "card":
        if stats is not None:
            stats.skip(f"object:{kind}")
        return None
    name = obj.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ScryfallObjectError("card object without a name")
    layout = str(obj.get("layout") or "normal")
    if layout in SKIPPED_LAYOUTS:
        if stats is not None:
            card = non_deck_card(name, layout, obj.get("type_line"))
            if card is not None:
                stats.keep_non_deck(card)
            else:
                stats.skip(layout)
        return None
    where = f"card {name!r}"
    if layout == "meld":
        result, parts = _meld_parts(obj.get("all_parts"), where)
        if result == name:  # the melded back face of a meld pair, listed as a card of its own
            if stats is not None:
                stats.keep_non_deck(meld_result(name, obj.get("type_line"), parts))
            return None
        if result is not None and stats is not None:
            stats.keep_meld_part(result, name)
    raw_faces = obj.get("card_faces")
    if raw_faces is not None and (not isinstance(raw_faces, list) or not raw_faces):
        raise ScryfallObjectError(f"{where}: 'card_faces' must be a non-empty list")
    for face in raw_faces or ():
        if not isinstance(face, Mapping):
            raise ScryfallObjectError(f"{where}: a card face is not an object")

    oracle_root: Mapping[str, Any] = obj
    if layout == "reversible_card" and raw_faces:
        # Both sides carry their own oracle data (and oracle_id); the card is its first side.
        oracle_root = raw_faces[0]
        name = str(oracle_root.get("name") or name)
        faces = [_face(oracle_root, obj, where)]
    elif raw_faces:
        faces = [_face(face, obj, where) for face in raw_faces]
    else:
        faces = [_face(obj, obj, where)]

    record: dict[str, Any] = {
        "name": name,
        "layout": layout,
        "faces": faces,
        "color_identity": _colour_list(obj.get("color_identity"), where, "color_identity") or [],
        "keywords": _string_list(obj.get("keywords"), where, "keywords"),
        "legalities": _legalities(obj.get("legalities"), where),
    }
    cmc = oracle_root.get("cmc", obj.get("cmc"))
    if isinstance(cmc, int | float) and not isinstance(cmc, bool):
        record["mana_value"] = float(cmc)
    if oracle_root is obj:
        printed = _printed(obj, raw_faces)
    else:  # a reversible card's printed text sits on the side we kept
        printed = _printed({**oracle_root, "lang": obj.get("lang")}, None)
    if printed is not None:
        lang, names, type_lines = printed
        if names:
            record["printed_names"] = {lang: names}
        if type_lines:
            record["printed_type_lines"] = {lang: type_lines}
    return record


def _meld_parts(all_parts: object, where: str) -> tuple[str | None, tuple[str, ...]]:
    """A meld card's ``all_parts``: the name of its "meld_result" (None when it names none) and of
    its "meld_part" components, the meld cards (sorted)."""
    if all_parts is None:
        return None, ()
    if not isinstance(all_parts, list) or not all(isinstance(part, Mapping) for part in all_parts):
        raise ScryfallObjectError(f"{where}: 'all_parts' must be a list of objects")
    named = [(part.get("component"), part.get("name")) for part in all_parts]
    results = [name for component, name in named if component == "meld_result" and isinstance(name, str)]
    parts = sorted({name for component, name in named if component == "meld_part" and isinstance(name, str)})
    return (results[0] if results else None), tuple(p for p in parts if p not in results)


def _face(face: Mapping[str, Any], root: Mapping[str, Any], where: str) -> dict[str, Any]:
    face_name = face.get("name")
    if not isinstance(face_name, str) or not face_name:
        raise ScryfallObjectError(f"{where}: a card face has no name")
    mana_cost = face.get("mana_cost")
    if mana_cost is not None and not isinstance(mana_cost, str):
        raise ScryfallObjectError(f"{where}: face {face_name!r}: mana_cost must be a string")
    indicator = _colour_list(face.get("color_indicator"), where, "color_indicator")
    colours = _colour_list(face.get("colors"), where, "colors")
    if colours is None:
        colours = _derived_colours(mana_cost, indicator, root, face is root, where)
    result: dict[str, Any] = {
        "name": face_name,
        "mana_cost": mana_cost,
        "type_line": _opt_text(face.get("type_line")),
        "oracle_text": _opt_text(face.get("oracle_text")),
        "colors": colours,
        "color_indicator": indicator,
    }
    for stat in _FACE_STATS:
        result[stat] = _opt_text(face.get(stat))
    return result


def _derived_colours(
    mana_cost: str | None, indicator: list[str] | None, root: Mapping[str, Any], is_root: bool, where: str
) -> list[str]:
    """Colours of a face Scryfall gives none for (split, flip, adventure halves): from its own mana
    cost and colour indicator (CR 202.2, 204); a face without either (the flipped half of a flip
    card) has the card's colours, which Scryfall puts on the root."""
    root_colours = _colour_list(root.get("colors"), where, "colors") or []
    if is_root:
        return root_colours
    try:
        cost = parse_mana_cost(mana_cost)
    except ManaCostError as exc:
        raise ScryfallObjectError(f"{where}: {exc}") from None
    if not cost.present and not indicator:
        return root_colours
    found = set(cost.colours) | set(indicator or ())
    return [c for c in COLOURS if c in found]


def _printed(
    obj: Mapping[str, Any], faces: list[Mapping[str, Any]] | None
) -> tuple[str, list[str], list[str | None]] | None:
    """(lang, printed names, printed type line per face) of a non-English printing, else None."""
    lang = obj.get("lang")
    if not isinstance(lang, str) or lang in ("", "en"):
        return None
    names: list[str] = []
    full = obj.get("printed_name")
    face_names = [f.get("printed_name") for f in faces or ()]
    if not isinstance(full, str) and face_names and all(isinstance(n, str) for n in face_names):
        full = " // ".join(str(n) for n in face_names)
    for candidate in [full, *face_names]:
        if isinstance(candidate, str) and candidate and candidate not in names:
            names.append(candidate)
    if faces:
        type_lines = [_opt_text(f.get("printed_type_line")) for f in faces]
    else:
        type_lines = [_opt_text(obj.get("printed_type_line"))]
    return lang, names, type_lines if any(t is not None for t in type_lines) else []


def _opt_text(value: Any) -> str | None:
    return None if value is None else str(value)


def _colour_list(value: Any, where: str, key: str) -> list[str] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ScryfallObjectError(f"{where}: {key} must be a list of colour letters, got {value!r}")
    return list(value)


def _string_list(value: Any, where: str, key: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScryfallObjectError(f"{where}: {key} must be a list, got {type(value).__name__}")
    return [str(v) for v in value]


def _legalities(value: Any, where: str) -> dict[str, str]:
    """An open mapping: every format key Scryfall sends is kept (new ones appear every year)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ScryfallObjectError(f"{where}: legalities must be an object")
    return {str(k): str(v) for k, v in value.items()}


# -- reading a bulk file ------------------------------------------------------------------------
GZIP_MAGIC = b"\x1f\x8b"


class _PositionedError(CardDataError):
    """A read error that already names the file and position."""


class BulkFileReader:
    """Iterate the card objects of a downloaded bulk file, whatever its form; ``position`` says
    where the last object came from, for error messages."""

    def __init__(
        self,
        path: Path,
        label: str | None = None,
        *,
        keep_line: Callable[[str], bool] | None = None,
        progress: Progress | None = None,
        limits: BulkLimits | None = None,
    ) -> None:
        """``keep_line``: a cheap test on the raw text of a JSON-lines line; lines it rejects are
        not decoded (a ``cards update --languages`` scan skips most of all_cards this way). It
        must accept every line that can matter. ``progress`` hears ("read", bytes, file size).
        ``limits``: the longest line or array item and the most objects read (default: those of
        all_cards, the largest bulk file)."""
        self.limits = limits or limits_for("all_cards")
        self.path = path
        self.label = label or str(path)
        self.position = "start of file"
        self.form = "unknown"
        self.keep_line = keep_line
        self.progress = progress
        self._raw: BinaryIO | None = None
        self._size: int | None = None

    def __iter__(self) -> Iterator[Any]:
        try:
            with open(self.path, "rb") as raw, _decompressed(raw) as binary:
                self._raw, self._size = raw, self.path.stat().st_size
                first = _first_significant_byte(binary)
                text = io.TextIOWrapper(binary, encoding="utf-8-sig")
                if first == b"[":
                    self.form = "json"
                    yield from self._array(text)
                elif first in (b"{", b""):
                    self.form = "jsonl"
                    yield from self._lines(text)
                else:
                    raise _PositionedError(
                        f"{self.label}: not a Scryfall bulk file (starts with {first!r}; "
                        "expected JSON lines or a JSON array)"
                    )
                self._report_progress()
        except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
            raise _PositionedError(f"{self.label}: corrupt gzip data after {self.position}: {exc}") from None
        except UnicodeDecodeError as exc:
            raise _PositionedError(f"{self.label}: {self.position}: not UTF-8 text ({exc.reason})") from None
        except OSError as exc:
            raise _PositionedError(f"{self.label}: cannot read: {exc.strerror or exc}") from None

    def _lines(self, text: IO[str]) -> Iterator[Any]:
        longest = self.limits.item_chars
        objects = 0
        number = 0
        while line := text.readline(longest + 1):  # a bounded read: one line never fills memory
            number += 1
            if len(line) > longest and not line.endswith("\n"):
                raise _PositionedError(
                    f"{self.label}: line {number} is longer than {longest:,} characters "
                    "(a card object is a few kB): not a Scryfall bulk file"
                )
            if number % 4096 == 0:
                self._report_progress()
            if not line.strip() or (self.keep_line is not None and not self.keep_line(line)):
                continue
            objects += 1
            if objects > self.limits.objects:
                raise _PositionedError(
                    f"{self.label}: more than {self.limits.objects:,} objects: not a Scryfall bulk file"
                )
            self.position = f"line {number}"
            try:
                yield json.loads(line)
            except json.JSONDecodeError as exc:
                raise _PositionedError(
                    f"{self.label}: line {number}, column {exc.colno}: invalid JSON ({exc.msg})"
                ) from None

    def _array(self, text: IO[str]) -> Iterator[Any]:
        values = iter_json_array(text, self.label, max_item_chars=self.limits.item_chars)
        for item, value in enumerate(values, start=1):
            if item > self.limits.objects:
                raise _PositionedError(
                    f"{self.label}: more than {self.limits.objects:,} objects: not a Scryfall bulk file"
                )
            self.position = f"array item {item}"
            if item % 4096 == 0:
                self._report_progress()
            yield value

    def _report_progress(self) -> None:
        if self.progress is not None and self._raw is not None:
            self.progress("read", self._raw.tell(), self._size)


@dataclass
class _ArrayCursor:
    stream: IO[str]
    label: str
    chunk_size: int = 1 << 20
    buffer: str = ""
    offset: int = 0
    lines_before: int = 0  # newlines in text already dropped from the buffer
    eof: bool = False

    def fill(self) -> bool:
        if self.eof:
            return False
        chunk = self.stream.read(self.chunk_size)
        if not chunk:
            self.eof = True
            return False
        self.lines_before += self.buffer.count("\n", 0, self.offset)
        self.buffer = self.buffer[self.offset :] + chunk
        self.offset = 0
        return True

    def skip_space(self) -> str:
        """Skip white space; the next character, or '' at the end of the input."""
        while True:
            match = _SPACE.match(self.buffer, self.offset)
            self.offset = match.end() if match else self.offset
            if self.offset < len(self.buffer):
                return self.buffer[self.offset]
            if not self.fill():
                return ""

    def line(self, index: int) -> int:
        return self.lines_before + self.buffer.count("\n", 0, index) + 1

    def error(self, message: str, index: int | None = None) -> _PositionedError:
        where = self.line(self.offset if index is None else index)
        return _PositionedError(f"{self.label}: line {where}: {message}")


_SPACE = re.compile(r"[ \t\r\n]*")
_SCALAR_END = re.compile(r"[,\] \t\r\n]")


def iter_json_array(
    stream: IO[str], label: str, *, chunk_size: int = 1 << 20, max_item_chars: int | None = None
) -> Iterator[Any]:
    """Stream the elements of one top-level JSON array without holding the whole text; an element
    longer than ``max_item_chars`` is refused once that much of it has been read."""
    decoder = json.JSONDecoder()
    cursor = _ArrayCursor(stream, label, chunk_size)

    def too_long() -> _PositionedError:
        return cursor.error(
            f"an array item is longer than {max_item_chars:,} characters (a card object is a few kB): "
            "not a Scryfall bulk file"
        )

    def more() -> bool:
        if max_item_chars is not None and len(cursor.buffer) - cursor.offset > max_item_chars:
            raise too_long()
        return cursor.fill()

    if cursor.skip_space() != "[":
        raise cursor.error("expected a JSON array")
    cursor.offset += 1
    if cursor.skip_space() == "]":
        return
    while True:
        if cursor.skip_space() == "":
            raise cursor.error("invalid JSON (the array is not closed: file truncated?)")
        if cursor.buffer[cursor.offset] not in '{["':
            # A number or literal has no closing character: read on until its end is in view, or
            # "-500." cut at a chunk boundary would decode as -500.
            while not _SCALAR_END.search(cursor.buffer, cursor.offset) and more():
                pass
        while True:
            try:
                value, end = decoder.raw_decode(cursor.buffer, cursor.offset)
            except json.JSONDecodeError as exc:
                if more():  # the element may continue in the next chunk
                    continue
                raise cursor.error(f"invalid JSON ({exc.msg})", exc.pos) from None
            except RecursionError:
                raise cursor.error("an array item is nested too deeply to be a card object") from None
            break
        cursor.offset = end
        yield value
        following = cursor.skip_space()
        if following == ",":
            cursor.offset += 1
        elif following == "]":
            cursor.offset += 1
            if cursor.skip_space() != "":
                raise cursor.error("unexpected data after the JSON array")
            return
        elif following == "":
            raise cursor.error("invalid JSON (the array is not closed: file truncated?)")
        else:
            raise cursor.error(f"invalid JSON (expected ',' or ']' but found {following!r})")


class _Peekable(Protocol):
    def peek(self, size: int = ..., /) -> bytes: ...
    def read(self, size: int = ..., /) -> bytes: ...


@contextlib.contextmanager
def _decompressed(raw: BinaryIO) -> Iterator[BinaryIO]:
    """The file's content with gzip layers peeled off: none (a plain legacy .json), one (the
    2026 .jsonl.gz, or a legacy file sent with Content-Encoding: gzip), or two (a .gz file that a
    server also compressed on the wire)."""
    with contextlib.ExitStack() as stack:
        stream: BinaryIO = raw
        for _ in range(2):
            if cast(_Peekable, stream).peek(2)[:2] != GZIP_MAGIC:
                break
            stream = cast(BinaryIO, stack.enter_context(gzip.GzipFile(fileobj=stream, mode="rb")))
        yield stream


def _first_significant_byte(stream: BinaryIO) -> bytes:
    """The first byte that is not white space or a UTF-8 byte order mark, without consuming it."""
    head = cast(_Peekable, stream).peek(256)
    return head.lstrip(b"\xef\xbb\xbf").lstrip(b" \t\r\n")[:1]


def verify_bulk_file(path: Path, label: str, max_bytes: int | None = None) -> int:
    """Read the whole file through its gzip layers (CRC and length are checked at the end of each
    gzip member); the number of decompressed bytes. A truncated or corrupt gzip fails here, before
    anything is converted, and so does one that decompresses to more than ``max_bytes``."""
    total = 0
    try:
        with open(path, "rb") as raw, _decompressed(raw) as stream:
            while chunk := stream.read(1 << 20):
                total += len(chunk)
                if max_bytes is not None and total > max_bytes:
                    raise CardDataError(
                        f"{label}: decompresses to more than {_megabytes(max_bytes)} "
                        "(far more than any Scryfall bulk file): not a Scryfall bulk file",
                        hint="is DECKCHECK_SCRYFALL_API pointing at the Scryfall API?",
                    )
    except EOFError:
        # (``total`` counts whole decompressed reads, 0 for a file under a megabyte: not said)
        raise NetworkError(
            f"{label}: the download is incomplete: its gzip data is cut short "
            f"({path.stat().st_size:,} bytes arrived)",
            hint="run `deckcheck cards update` again",
        ) from None
    except (zlib.error, gzip.BadGzipFile) as exc:
        raise CardDataError(
            f"{label}: the downloaded file is not valid gzip data ({exc})",
            hint="run `deckcheck cards update` again; if it keeps failing the file on the server is damaged",
        ) from None
    return total


def _megabytes(count: int) -> str:
    return f"{count / (1 << 20):,.0f} MB"


# -- `deckcheck cards update` -------------------------------------------------------------------
@dataclass(frozen=True)
class BulkDescriptor:
    """The part of a Scryfall ``bulk_data`` object an update needs."""

    type: str
    updated_at: str
    download_uri: str
    form: str  # "jsonl" (2026 shape) or "json" (legacy shape)
    compressed_size: int | None


def parse_bulk_list(payload: Any, url: str, bulk_type: str = BULK_TYPE) -> BulkDescriptor:
    """Pick ``bulk_type`` out of a ``GET /bulk-data`` answer (2026 or legacy shape)."""
    hint = "is DECKCHECK_SCRYFALL_API pointing at the Scryfall API?"
    if not isinstance(payload, Mapping) or not isinstance(payload.get("data"), list):
        raise NetworkError(f"unexpected answer from {url}: not a Scryfall list of bulk files", hint=hint)
    for item in payload["data"]:
        if isinstance(item, Mapping) and item.get("type") == bulk_type:
            break
    else:
        types = sorted(str(i.get("type")) for i in payload["data"] if isinstance(i, Mapping))
        raise NetworkError(f"{url} lists no {bulk_type!r} bulk file (it lists {types})", hint=hint)
    updated_at = item.get("updated_at")
    jsonl_uri = item.get("jsonl_download_uri")
    legacy_uri = item.get("download_uri")
    if isinstance(jsonl_uri, str) and jsonl_uri:
        uri, form = jsonl_uri, "jsonl"
    elif isinstance(legacy_uri, str) and legacy_uri:
        uri, form = legacy_uri, "json"
    else:
        raise NetworkError(
            f"the {bulk_type!r} entry at {url} has neither 'jsonl_download_uri' nor 'download_uri'", hint=hint
        )
    if not isinstance(updated_at, str) or not updated_at:
        raise NetworkError(f"the {bulk_type!r} entry at {url} has no 'updated_at'", hint=hint)
    # The store's date is the build's: without it no check could tell how old the data is (a bulk
    # entry has no other date, and the file's own Last-Modified is the host's, not the build's).
    if parse_data_day(updated_at) is None:
        raise NetworkError(
            f"the {bulk_type!r} entry at {url} has 'updated_at' {updated_at!r}, which is not a date: "
            "the age of its card data would be unknown, so it was not downloaded",
            hint=f"{hint} the card store was not changed",
        )
    size = item.get("compressed_size")
    compressed_size = size if isinstance(size, int) and not isinstance(size, bool) and size > 0 else None
    return BulkDescriptor(bulk_type, updated_at, urljoin(url, uri), form, compressed_size)


def http_cache_path(store_path: Path) -> Path:
    """The requests-cache SQLite file: next to the card store, in the same cache directory."""
    return store_path.with_name(HTTP_CACHE_FILENAME)


def make_cached_session(
    cache_path: Path, *, descriptor_max_age: timedelta | int = DESCRIPTOR_MAX_AGE
) -> requests.Session:
    """The session for Scryfall API calls. Bulk files never go into this cache: the file host is
    not rate limited, and caching a 25-400 MB body costs several times its size in memory."""
    session = requests_cache.CachedSession(
        str(cache_path),
        backend="sqlite",
        expire_after=descriptor_max_age,
        urls_expire_after={
            "*.scryfall.io": requests_cache.DO_NOT_CACHE,
            re.compile(r"\.jsonl?(\.gz)?(\?|$)"): requests_cache.DO_NOT_CACHE,
        },
        stale_if_error=True,
        # A captive portal's HTML page must not be cached as "the bulk data list" for 12 hours.
        filter_fn=lambda response: "json" in response.headers.get("Content-Type", ""),
    )
    session.headers.update(_api_headers())
    return session


def make_download_session() -> requests.Session:
    session = requests.Session()
    session.headers.update(_api_headers())
    # Only encodings we can undo ourselves: the body is saved exactly as sent.
    session.headers["Accept-Encoding"] = "gzip"
    return session


def _api_headers() -> dict[str, str]:
    return {"User-Agent": USER_AGENT, "Accept": ACCEPT}


SessionFactory = Callable[[Path], requests.Session]


class _DeadlineTimeout(urllib3.Timeout):
    """``per_read`` seconds for the connection and for each read, but never past the update's
    deadline: urllib3 asks again before every connection and response (each redirect too)."""

    def __init__(self, per_read: float, deadline: _Deadline) -> None:
        super().__init__(connect=per_read, read=per_read)
        self.per_read = per_read
        self.deadline = deadline

    def clone(self) -> _DeadlineTimeout:
        return _DeadlineTimeout(self.per_read, self.deadline)

    @property
    def connect_timeout(self) -> float:
        return self.deadline.cap(self.per_read)

    @property
    def read_timeout(self) -> float:
        return self.deadline.cap(self.per_read)


@dataclass(frozen=True)
class _Deadline:
    """When the whole update step must be over (time.monotonic()), and what it reports while it
    waits for a server."""

    seconds: float | None
    started: float
    progress: Progress | None = None

    @classmethod
    def start(cls, seconds: float | None, progress: Progress | None = None) -> _Deadline:
        return cls(seconds, time.monotonic(), progress)

    def left(self) -> float | None:
        return None if self.seconds is None else self.started + self.seconds - time.monotonic()

    def cap(self, seconds: float) -> float:
        left = self.left()
        return seconds if left is None else max(0.01, min(seconds, left))

    def passed(self) -> bool:
        left = self.left()
        return left is not None and left <= 0

    def error(self, what: str, url: str) -> NetworkError:
        return NetworkError(
            f"{what}: gave up after {time.monotonic() - self.started:.0f} s: the whole update may take "
            f"{self.seconds:g} s and {_host(url)} is answering too slowly ({url})",
            hint="try again later, or allow more time with `deckcheck cards update --deadline SECONDS`; "
            "the card store was not changed",
        )

    @contextlib.contextmanager
    def waiting(self) -> Iterator[Callable[[], None]]:
        """While the block runs, report ("wait", seconds since the last sign of life, seconds
        allowed) every WAIT_TICK in which nothing arrived (the block is stuck on a server); the
        block calls the function it is given whenever something did. Without a progress callback
        nothing runs."""
        last = [time.monotonic()]

        def alive() -> None:
            last[0] = time.monotonic()

        if self.progress is None:
            yield alive
            return
        progress, stop = self.progress, threading.Event()
        allowed = None if self.seconds is None else int(self.seconds)

        def tick() -> None:
            while not stop.wait(WAIT_TICK):
                quiet = time.monotonic() - last[0]
                if quiet >= WAIT_TICK:
                    progress("wait", int(quiet), allowed)

        ticker = threading.Thread(target=tick, name="deckcheck-wait", daemon=True)
        ticker.start()
        try:
            yield alive
        finally:
            stop.set()
            ticker.join()


@dataclass(frozen=True)
class _Fetch:
    """What every request of one update shares."""

    timeout: float
    max_retry_wait: float
    sleep: Callable[[float], None]
    deadline: _Deadline = field(default_factory=lambda: _Deadline.start(None))

    def get(
        self, session: requests.Session, url: str, what: str, *, max_body: int | None = None, **kwargs: Any
    ) -> requests.Response:
        """GET with Scryfall's 429 rule honoured (wait as asked, a bounded number of times), within
        the deadline; every failure becomes a NetworkError that says what was being fetched. A body
        that is not streamed is read here, bounded by ``max_body`` bytes and by the deadline."""
        retries = 0
        while True:
            if self.deadline.passed():
                raise self.deadline.error(what, url)
            body = _BoundedBody(what, url, max_body, self)
            try:
                with self.deadline.waiting():
                    response = session.get(
                        url,
                        # requests passes a urllib3 Timeout through as it is (its stubs say float)
                        timeout=cast(float, _DeadlineTimeout(self.timeout, self.deadline)),
                        hooks={"response": [body.read]},
                        **kwargs,
                    )
            except requests.RequestException as exc:
                raise self.failure(what, url, exc) from None
            if response.status_code != 429:
                break
            wait = _retry_after(response.headers.get("Retry-After"))
            response.close()
            if retries >= MAX_RATE_LIMIT_RETRIES or wait > self.max_retry_wait:
                raise NetworkError(
                    f"{what}: Scryfall is rate limiting this client (HTTP 429 from {url}; "
                    f"asked to wait {wait:g} s, already retried {counted(retries, 'time')})",
                    hint="wait a minute before running `deckcheck cards update` again",
                )
            retries += 1
            left = self.deadline.left()
            if left is not None and wait >= left:
                raise self.deadline.error(what, url)
            self.sleep(wait)
        if response.status_code >= 400:
            status = f"HTTP {response.status_code} {response.reason or ''}".strip()
            response.close()
            hint = (
                "Scryfall is having trouble; try again later, the card store was not changed"
                if response.status_code >= 500
                else "is DECKCHECK_SCRYFALL_API pointing at the Scryfall API?"
            )
            raise NetworkError(f"{what}: {status} from {url}", hint=hint)
        return response

    def failure(self, what: str, url: str, exc: requests.RequestException) -> NetworkError:
        """What a request that raised ``exc`` tells the user."""
        if isinstance(exc, requests.Timeout):
            if self.deadline.passed():
                return self.deadline.error(what, url)
            return NetworkError(
                f"{what}: no answer from {_host(url)} within {self.timeout:g} s ({url})",
                hint="check the connection and run the command again; the card store was not changed",
            )
        if isinstance(exc, requests.TooManyRedirects):
            return NetworkError(
                f"{what}: {_host(url)} redirects in a loop ({exc}; {url})",
                hint="try again later, or check DECKCHECK_SCRYFALL_API; the card store was not changed",
            )
        return NetworkError(
            f"{what}: cannot reach {_host(url)} ({_reason(exc)})",
            hint="check the connection (or use --offline); the card store was not changed",
        )


class _BoundedBody:
    """A response hook: reads a body that is not streamed (the bulk list, redirects, errors) in
    pieces, refusing one larger than ``limit`` bytes or slower than the deadline, before requests
    or the HTTP cache would read all of it into memory whatever its size."""

    def __init__(self, what: str, url: str, limit: int | None, fetch: _Fetch) -> None:
        self.what, self.url, self.limit = what, url, limit
        self.deadline, self.timeout = fetch.deadline, fetch.timeout

    def read(self, response: requests.Response, *args: Any, **kwargs: Any) -> requests.Response:
        if getattr(response, "_content", None) is not False:
            return response  # a cached copy, already in memory
        if kwargs.get("stream") and not response.is_redirect:
            return response  # the caller streams it (a redirect's body requests would read whole)
        limit = BULK_LIST_MAX_BYTES if self.limit is None else self.limit
        declared = _int_header(response.headers.get("Content-Length"))
        if declared is not None and declared > limit:
            response.close()
            raise self.too_large(f"{declared:,} bytes")
        pieces: list[bytes] = []
        size = 0
        try:
            while piece := response.raw.read1(CHUNK_SIZE):
                size += len(piece)
                if size > limit:
                    response.close()
                    raise self.too_large(f"more than {limit:,} bytes")
                if self.deadline.passed():
                    response.close()
                    raise self.deadline.error(self.what, self.url)
                pieces.append(piece)
        except (urllib3.exceptions.HTTPError, requests.RequestException, OSError) as exc:
            if self.deadline.passed():
                raise self.deadline.error(self.what, self.url) from None
            raise _network_failure(self.what, self.url, size, exc, self.timeout) from None
        response._content = b"".join(pieces)
        response._content_consumed = True  # type: ignore[attr-defined]
        return response

    def too_large(self, size: str) -> NetworkError:
        return NetworkError(
            f"{self.what}: the answer from {_host(self.url)} is {size}, far more than it should be "
            f"({self.url})",
            hint="is DECKCHECK_SCRYFALL_API pointing at the Scryfall API? the card store was not changed",
        )


def _retry_after(value: str | None) -> float:
    """Seconds asked for by a Retry-After header (a number or an HTTP date)."""
    if not value:
        return DEFAULT_RETRY_AFTER
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return DEFAULT_RETRY_AFTER
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def _host(url: str) -> str:
    return urlsplit(url).netloc or url


def _reason(exc: BaseException) -> str:
    """The innermost readable cause of a requests/urllib3 error."""
    seen: set[int] = set()
    current: BaseException | None = exc
    text = str(exc)
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, urllib3.exceptions.NewConnectionError | ConnectionRefusedError):
            return "connection refused or host unreachable"
        if isinstance(current, urllib3.exceptions.NameResolutionError):
            return "host name not found"
        args = getattr(current, "args", ())
        nested = next((a for a in args if isinstance(a, BaseException)), None)
        current = nested or current.__cause__ or current.__context__
    return text


@dataclass(frozen=True)
class _Downloaded:
    bytes: int
    etag: str
    last_modified: str


def _download(
    session: requests.Session,
    fetch: _Fetch,
    descriptor: BulkDescriptor,
    target: Path,
    progress: Progress | None,
) -> _Downloaded:
    """Stream the bulk file to ``target`` exactly as sent, checking that all of it arrived, that
    it stays within the bulk type's download limit, and that it arrives before the deadline."""
    url = descriptor.download_uri
    what = f"downloading {descriptor.type}"
    most = limits_for(descriptor.type).download_bytes
    if descriptor.compressed_size is not None and descriptor.compressed_size > most:
        raise _too_large(what, url, f"is listed as {descriptor.compressed_size:,} bytes", most)
    response = fetch.get(session, url, what, stream=True)
    deadline = fetch.deadline
    with response:
        encoding = response.headers.get("Content-Encoding", "").strip().lower()
        if encoding not in ("", "identity", "gzip"):
            raise NetworkError(f"{what}: {url} was sent with unsupported Content-Encoding {encoding!r}")
        length = _int_header(response.headers.get("Content-Length"))
        if length is not None and length > most:
            raise _too_large(what, url, f"is sent as {length:,} bytes", most)
        total = length if length is not None else descriptor.compressed_size
        written = 0
        try:
            with open(target, "wb") as out, deadline.waiting() as alive:
                while True:
                    _limit_socket_wait(response, deadline.cap(fetch.timeout))
                    try:
                        # read1: whatever has arrived, so a trickling server cannot hold one read
                        # (and the update) past the deadline.
                        chunk = response.raw.read1(CHUNK_SIZE, decode_content=False)
                        alive()
                    except (urllib3.exceptions.HTTPError, requests.RequestException, OSError) as exc:
                        if deadline.passed():
                            raise deadline.error(what, url) from None
                        raise _network_failure(what, url, written, exc, fetch.timeout) from None
                    if not chunk:
                        break
                    out.write(chunk)
                    written += len(chunk)
                    if written > most:
                        raise _too_large(what, url, f"is more than {most:,} bytes", most)
                    if deadline.passed():
                        raise deadline.error(what, url)
                    if progress is not None:
                        progress("download", written, total)
        except OSError as exc:
            raise CardDataError(f"cannot write {target}: {exc.strerror or exc}") from None
        etag = response.headers.get("ETag", "")
        last_modified = response.headers.get("Last-Modified", "")
    if length is not None and written != length:
        raise NetworkError(
            f"{what}: the connection closed after {written:,} of {length:,} bytes ({url})",
            hint="run `deckcheck cards update` again; the card store was not changed",
        )
    if (
        descriptor.compressed_size is not None
        and encoding in ("", "identity")
        and written != descriptor.compressed_size
    ):
        raise NetworkError(
            f"{what}: got {written:,} bytes but Scryfall lists the file as "
            f"{descriptor.compressed_size:,} bytes ({url})",
            hint="run `deckcheck cards update` again; the card store was not changed",
        )
    return _Downloaded(written, etag, last_modified)


def _too_large(what: str, url: str, size: str, most: int) -> NetworkError:
    return NetworkError(
        f"{what}: the file {size}, more than the {_megabytes(most)} any real one could be; "
        f"not downloaded ({url})",
        hint="is DECKCHECK_SCRYFALL_API pointing at the Scryfall API? the card store was not changed",
    )


def _limit_socket_wait(response: requests.Response, seconds: float) -> None:
    """Wait at most ``seconds`` for the next piece of the body (the deadline may be nearer than
    the per-read timeout set when the response began)."""
    connection = getattr(response.raw, "connection", None)
    sock = getattr(connection, "sock", None)
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.settimeout(seconds)


def _network_failure(what: str, url: str, written: int, exc: BaseException, timeout: float) -> NetworkError:
    if isinstance(exc, urllib3.exceptions.TimeoutError | requests.Timeout | TimeoutError):
        reason = f"no data for {timeout:g} s"
    else:
        reason = _reason(exc)
    return NetworkError(
        f"{what}: the transfer failed after {written:,} bytes ({reason}; {url})",
        hint="run `deckcheck cards update` again; the card store was not changed",
    )


def _int_header(value: str | None) -> int | None:
    if value is None:
        return None
    try:
        number = int(value.strip())
    except ValueError:
        return None
    return number if number >= 0 else None


def _bulk_list(
    session_factory: SessionFactory,
    store_path: Path,
    fetch: _Fetch,
    bulk_url: str,
    force: bool,
    progress: Progress | None,
) -> tuple[Any, list[str]]:
    """GET /bulk-data through the HTTP cache next to the store: the list and any notes about it.
    A cache SQLite cannot use (a stray file, a disk that filled up) is only a copy of that list:
    it is discarded and the list asked for again, with a note; one that is no file is an error."""
    cache = http_cache_path(store_path)
    notes: list[str] = []
    while True:
        try:
            with session_factory(cache) as session:
                if progress is not None:
                    progress("bulk-data", 0, None)
                payload, note = _fetch_bulk_list(session, fetch, bulk_url, force=force)
            return payload, [*notes, note] if note else notes
        except sqlite3.DatabaseError as exc:
            if notes or not _discard_http_cache(cache):
                raise DeckcheckError(
                    f"cannot use the HTTP cache {cache} ({exc})",
                    hint=f"remove {cache}: it only keeps Scryfall's list of bulk files, and is made again",
                ) from None
            notes.append(f"the HTTP cache {cache} was damaged ({exc}): it was discarded and made again")


def _discard_http_cache(cache: Path) -> bool:
    """Remove a damaged HTTP cache file and its SQLite journals; False when it is no regular file
    (not ours to remove) or cannot be removed."""
    if cache.is_symlink() or not cache.is_file():
        return False
    try:
        for path in (cache, *(cache.with_name(cache.name + end) for end in ("-journal", "-wal", "-shm"))):
            remove_quietly(path)
    except OSError:
        return False
    return True


def _fetch_bulk_list(
    session: requests.Session, fetch: _Fetch, url: str, *, force: bool
) -> tuple[Any, str | None]:
    """The ``/bulk-data`` answer, and a note when it is a cached copy used because Scryfall failed.

    requests-cache's own stale-if-error is switched off for this request: it would also turn a
    429 into the stale copy without ever honouring Retry-After. Here a 429 is waited out first,
    and only a request that still fails falls back to the cached copy (``only_if_cached`` never
    touches the network)."""
    what = "reading the list of Scryfall bulk files"
    if not isinstance(session, requests_cache.CachedSession):
        return _json_body(fetch.get(session, url, what), url), None
    settings = session.settings
    stale_if_error = settings.stale_if_error
    settings.stale_if_error = False
    try:
        # `refresh` revalidates a cached copy that is still fresh: --force means "ask Scryfall now".
        with _cache_fallbacks() as failed:
            response = fetch.get(session, url, what, refresh=True) if force else fetch.get(session, url, what)
        if failed:  # the cached copy stood in for a request that failed: say so, as for any failure
            failure = fetch.failure(what, url, failed[-1])
            if not stale_if_error:
                response.close()
                raise failure
            return _json_body(response, url), _fallback_note(failure, response)
        age_note = _cached_list_note(response)
    except NetworkError as failure:
        if not stale_if_error:
            raise
        settings.stale_if_error = stale_if_error
        cached = session.get(url, only_if_cached=True)
        if cached.status_code != 200:
            raise failure from None
        return _json_body(cached, url), _fallback_note(failure, cached)
    finally:
        settings.stale_if_error = stale_if_error
    return _json_body(response, url), age_note


def _fallback_note(failure: NetworkError, cached: requests.Response) -> str:
    """The note for a cached bulk list used because asking Scryfall failed."""
    created = getattr(cached, "created_at", None)
    when = f" at {created:%Y-%m-%d %H:%M} UTC" if isinstance(created, datetime) else " earlier"
    return f"{failure.message}; used the bulk file list cached{when}"


@contextlib.contextmanager
def _cache_fallbacks() -> Iterator[list[requests.RequestException]]:
    """The request errors requests-cache answers with a cached copy instead of raising them: it
    does so when a refresh of a copy that is still fresh fails, whatever stale_if_error says, and
    only logs the error with its traceback (on stderr, when logging is not set up). Collected
    here instead, and not logged."""
    caught: list[requests.RequestException] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            error = record.exc_info[1] if record.exc_info else None
            if isinstance(error, requests.RequestException):
                caught.append(error)

    logger = logging.getLogger("requests_cache.session")
    handler, propagate = Collect(logging.WARNING), logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield caught
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate


def _cached_list_note(response: requests.Response) -> str | None:
    """How old the list is when it came from the HTTP cache without asking Scryfall (a copy
    younger than DESCRIPTOR_MAX_AGE): a build Scryfall made since then is not seen yet."""
    if not getattr(response, "from_cache", False) or getattr(response, "revalidated", False):
        return None
    created = getattr(response, "created_at", None)
    if not isinstance(created, datetime):
        return None
    if created.tzinfo is None:
        created = created.replace(tzinfo=UTC)
    minutes = max(0, int((datetime.now(UTC) - created).total_seconds() // 60))
    age = f"{minutes // 60} h {minutes % 60} min" if minutes >= 60 else f"{minutes} min"
    limit = int(DESCRIPTOR_MAX_AGE.total_seconds() // 3600)
    return (
        f"Scryfall's list of bulk files was last asked for {age} ago (it is reused for up to {limit} h; "
        "`deckcheck cards update --force` asks again now)"
    )


def _json_body(response: requests.Response, url: str) -> Any:
    with response:
        try:
            return response.json()
        except ValueError:
            raise NetworkError(
                f"unexpected answer from {url}: not JSON "
                f"(Content-Type {response.headers.get('Content-Type', 'unknown')})",
                hint="is DECKCHECK_SCRYFALL_API pointing at the Scryfall API?",
            ) from None


def update_from_scryfall(
    api_base: str,
    store_path: Path,
    *,
    session_factory: SessionFactory = make_cached_session,
    download_session_factory: Callable[[], requests.Session] = make_download_session,
    progress: Progress | None = None,
    offline: bool = False,
    force: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
    lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    max_retry_wait: float = MAX_RETRY_WAIT,
    sleep: Callable[[float], None] = time.sleep,
    bulk_type: str = BULK_TYPE,
    facts: FactsBuilder | None = None,
    deadline: float | None = DEFAULT_DEADLINE,
    allow_downgrade: bool = False,
) -> UpdateResult:
    """`deckcheck cards update`: bring the card store up to date with Scryfall's ``oracle_cards``.

    Downloads nothing when the store already holds the file Scryfall lists (unless ``force``:
    ask Scryfall for its list now and download the build all the same).
    Any failure raises NetworkError or CardDataError and leaves the previous store as it was.
    A build that would be a step back is refused the same way (:class:`DowngradeRefused`), unless
    ``allow_downgrade``: one older than the store's card data (found before any download), or with
    fewer than half the store's cards (found once read, before the store is replaced). Either
    would drop what the store knows, such as the latest bans. ``force`` does not accept one.
    ``offline`` never touches the network: it reports what the current store holds.
    ``facts``: also store these per-card facts (see :func:`~deckcheck.cards.store.write_store`;
    the CLI passes ``deckcheck.card_facts.facts_builder()``). A current store whose facts are
    missing or of another version is rebuilt from its own records, without a download.
    ``deadline``: seconds the network part may take in all (``timeout`` is per read); past it a
    NetworkError, the store as it was.
    """
    started = time.monotonic()
    if offline:
        return offline_result(store_path, started)
    bulk_url = api_base.rstrip("/") + "/bulk-data"
    with update_lock(store_path, timeout=lock_timeout):
        fetch = _Fetch(timeout, max_retry_wait, sleep, _Deadline.start(deadline, progress))
        payload, notes = _bulk_list(session_factory, store_path, fetch, bulk_url, force, progress)
        descriptor = parse_bulk_list(payload, bulk_url, bulk_type)
        meta = read_store_meta(store_path)
        current = not force and store_path.exists() and _is_current(meta, descriptor)
        if current and meta.get(NON_DECK_META) != NON_DECK_VERSION:
            # only the bulk file lists them: the store's own records cannot rebuild them
            current = False
            notes.append(
                "the card store was built before it kept the names of planes, schemes, Vanguard cards "
                "and meld results: it is built again"
            )
        if current:
            # a damaged store's data is current, yet only a download can repair it (the damage
            # messages send the user here)
            damage = verify_store(store_path, most=1)
            if damage:
                current = False
                notes.append(f"the card store was damaged ({damage[0]}): it is built again")
        if current:
            return _current_store(store_path, meta, facts, started, notes)
        build_day = parse_data_day(descriptor.updated_at)
        if not allow_downgrade:
            refuse_older_data(
                meta,
                build_day,
                f"{api_base}: Scryfall lists an {descriptor.type} build",
                hint=_DOWNGRADE_HINT,
                kept="the store was not replaced and nothing was downloaded",
            )
        stats = ConversionStats()
        with scratch_file(store_path, f".{bulk_type}.{descriptor.form}.part") as part:
            with download_session_factory() as download_session:
                downloaded = _download(download_session, fetch, descriptor, part, progress)
            label = f"Scryfall {bulk_type} file {descriptor.download_uri}"
            limits = limits_for(bulk_type)
            verify_bulk_file(part, label, limits.json_bytes)
            new_meta = {
                "source": "scryfall",
                "bulk_type": bulk_type,
                "updated_at": descriptor.updated_at,
                "uri": descriptor.download_uri,
                "format": descriptor.form,
                "etag": downloaded.etag,
                "last_modified": downloaded.last_modified,
                "downloaded_at": datetime.now(UTC).isoformat(timespec="seconds"),
                "api_base": api_base,
            }
            reader = BulkFileReader(part, label, limits=limits)
            records = counting_progress(records_from_scryfall(reader, stats=stats), progress)

            def accept_count(count: int) -> None:
                if not allow_downgrade:
                    refuse_smaller_data(meta, count, label, hint=_DOWNGRADE_HINT)

            try:
                count = write_store(
                    records,
                    store_path,
                    meta=new_meta,
                    facts=facts,
                    accept_count=accept_count,
                    non_deck=stats.non_deck_cards(),  # (complete once every record is in)
                )
            except (_PositionedError, DowngradeRefused):
                raise
            except NoCardRecords:  # (no line is at fault: the whole file is something else)
                raise CardDataError(
                    f"{label}: {_no_cards(stats)}, so it is no {bulk_type} data",
                    hint="is DECKCHECK_SCRYFALL_API pointing at the Scryfall API? "
                    "The card store was not changed",
                ) from None
            except CardDataError as exc:
                raise CardDataError(f"{label}: {reader.position}: {exc.message}", hint=exc.hint) from None
        notes.extend(step_back_notes(meta, build_day, count))
        return UpdateResult(
            source="scryfall",
            store_path=store_path,
            records=count,
            skipped=dict(stats.skipped),
            duplicates=stats.duplicates,
            duplicate_names=tuple(stats.duplicate_names),
            downloaded_bytes=downloaded.bytes,
            seconds=time.monotonic() - started,
            meta=read_store_meta(store_path),
            notes=tuple(notes),
            non_deck=len(stats.non_deck),
        )


def _no_cards(stats: ConversionStats) -> str:
    """What a bulk file that gave no card record held (its skipped objects), in words."""
    held = [
        counted(number, f"'{reason.removeprefix('object:')}' object")
        if reason.startswith("object:")
        else f"{number:,} {reason}"
        for reason, number in sorted(stats.skipped.items())
    ]
    if stats.non_deck:
        kept = len(stats.non_deck)
        held.append(f"{kept:,} {'card' if kept == 1 else 'cards'} no deck can hold (planes, schemes, ...)")
    cards = stats.non_deck or any(not reason.startswith("object:") for reason in stats.skipped)
    head = "no card a deck can hold in it" if cards else "no card objects in it"
    return f"{head} ({', '.join(held) if held else 'it is empty'})"


_DOWNGRADE_HINT = (
    "is DECKCHECK_SCRYFALL_API pointing at the Scryfall API? To replace the store with this build "
    "all the same: `deckcheck cards update --allow-downgrade`"
)


def _needs_rebuild(meta: Mapping[str, str], facts: FactsBuilder | None) -> bool:
    """Whether a store whose card data is current was built by an older deckcheck: its stored
    facts or its names index are missing or of another version."""
    if facts is not None and not stored_facts_current(meta, facts.version):
        return True
    return not names_index_current(meta)


def _current_store(
    store_path: Path,
    meta: Mapping[str, str],
    facts: FactsBuilder | None,
    started: float,
    notes: Sequence[str],
    unchanged: Sequence[str] = (),
) -> UpdateResult:
    """The store's card data is current: nothing is downloaded. A store built by an older deckcheck
    is rebuilt from its own records (_rebuild_facts); another is kept as it is, with the
    ``unchanged`` notes after ``notes``."""
    if _needs_rebuild(meta, facts):
        return _rebuild_facts(store_path, meta, facts, started, notes)
    return UpdateResult(
        source="scryfall",
        store_path=store_path,
        records=_int_header(meta.get("records")),
        up_to_date=True,
        seconds=time.monotonic() - started,
        meta=meta,
        notes=(*notes, *unchanged),
    )


def _rebuild_facts(
    store_path: Path,
    meta: Mapping[str, str],
    facts: FactsBuilder | None,
    started: float,
    notes: Sequence[str],
) -> UpdateResult:
    """The card data is current but the stored facts or names index are missing or of another
    version (a newer deckcheck): rebuild the store from its own records, printed names included,
    with new facts and a new names index."""
    store = CardStore.open(store_path)
    kept = {k: v for k, v in meta.items() if k not in ("schema_version", "records")}
    try:
        count = write_store(
            store.records(), store_path, meta=kept, facts=facts, non_deck=store.non_deck_cards()
        )
    except CardDataError as exc:
        raise CardDataError(f"{store_path}: {exc.message}", hint=exc.hint) from None
    return UpdateResult(
        source="scryfall",
        store_path=store_path,
        records=count,
        seconds=time.monotonic() - started,
        meta=read_store_meta(store_path),
        notes=(
            *notes,
            "card data was up to date; "
            + (f"stored card facts rebuilt ({facts.version})" if facts is not None else "names index rebuilt")
            + ", nothing downloaded",
        ),
    )


def _is_current(meta: Mapping[str, str], descriptor: BulkDescriptor) -> bool:
    return (
        meta.get("source") == "scryfall"
        and meta.get("bulk_type", BULK_TYPE) == descriptor.type
        and meta.get("updated_at") == descriptor.updated_at
        and meta.get("uri") == descriptor.download_uri
    )


def offline_result(store_path: Path, started: float | None = None) -> UpdateResult:
    """What the current store holds, without any network access; an error with a hint if none,
    and the error a check would meet when the store cannot be used (its meta alone may look fine)."""
    begun = time.monotonic() if started is None else started
    if not store_path.exists():
        raise CardDataError(
            f"offline: there is no card store at {store_path} yet",
            hint="run `deckcheck cards update` once with network access, or "
            "`deckcheck cards import AtomicCards.json.gz` from a downloaded MTGJSON file",
        )
    store = CardStore.open(store_path)
    records = len(store)  # (reads the cards table: a store without one is damaged)
    meta = store.meta
    return UpdateResult(
        source=meta.get("source", "unknown"),
        store_path=store_path,
        records=records,
        up_to_date=True,
        offline=True,
        seconds=time.monotonic() - begun,
        meta=meta,
    )


# -- `deckcheck cards update --languages` ------------------------------------------------------
ALL_CARDS_TYPE = "all_cards"
# Scryfall's language codes (https://scryfall.com/docs/api/languages), English excepted: English
# printed names are the oracle names.
SCRYFALL_LANGUAGES = frozenset(
    {"es", "fr", "de", "it", "pt", "ja", "ko", "ru", "zhs", "zht", "he", "la", "grc", "ar", "sa", "ph", "qya"}
)
_LANGUAGE_SPLIT = re.compile(r"[\s,;]+")


def parse_languages(text: str | Iterable[str]) -> tuple[str, ...]:
    """``"zhs,de, it"`` (or a list of codes) -> ``("zhs", "de", "it")``: Scryfall language codes,
    lower-cased, each once, in the order given; a CardDataError naming any code Scryfall does not use."""
    parts = _LANGUAGE_SPLIT.split(text) if isinstance(text, str) else [str(p) for p in text]
    codes = tuple(dict.fromkeys(p.strip().lower() for p in parts if p.strip()))
    if not codes:
        raise CardDataError("no language codes given", hint=_LANGUAGE_HINT)
    if "en" in codes:
        raise CardDataError(
            "'en' needs no language index: English names are the oracle names", hint=_LANGUAGE_HINT
        )
    unknown = [c for c in codes if c not in SCRYFALL_LANGUAGES]
    if unknown:
        raise CardDataError(f"unknown language code(s) {', '.join(unknown)}", hint=_LANGUAGE_HINT)
    return codes


_LANGUAGE_HINT = "use Scryfall's language codes: " + ",".join(sorted(SCRYFALL_LANGUAGES))


@dataclass
class PrintedNameIndex:
    """Localized printed names from all_cards: oracle card name -> language -> names, in the
    order first seen. Nothing else of the (very large) file is kept."""

    languages: tuple[str, ...]
    names: dict[str, dict[str, list[str]]]
    objects: int = 0  # card objects in the requested languages

    def add(self, obj: Mapping[str, Any]) -> None:
        lang = obj.get("lang")
        if lang not in self.languages or obj.get("object", "card") != "card":
            return
        if str(obj.get("layout") or "normal") in SKIPPED_LAYOUTS:
            return
        faces = obj.get("card_faces")
        face_list = [f for f in faces if isinstance(f, Mapping)] if isinstance(faces, list) else []
        key = _oracle_key(obj, face_list)
        if key is None:
            return
        printed = _printed(obj, face_list or None)
        if printed is None:
            return
        self.objects += 1
        # a name that is the English one adds nothing (some printings keep the English name)
        english = {key, *(str(f.get("name")) for f in face_list)}
        new_names = [n for n in printed[1] if n not in english and not has_control_characters(n)]
        if not new_names:
            return
        found = self.names.setdefault(key, {}).setdefault(str(lang), [])
        for name in new_names:
            if name not in found:
                found.append(name)


def _oracle_key(obj: Mapping[str, Any], faces: list[Mapping[str, Any]]) -> str | None:
    """The record name a printing belongs to (a reversible card is stored as its first side)."""
    name = faces[0].get("name") if obj.get("layout") == "reversible_card" and faces else obj.get("name")
    return name if isinstance(name, str) and name.strip() else None


def read_printed_names(
    path: Path, languages: Iterable[str], *, label: str | None = None, progress: Progress | None = None
) -> PrintedNameIndex:
    """Scan an all_cards bulk file (JSON lines or a legacy JSON array, gzip or not) for the printed
    names in ``languages``. JSON lines of other languages are skipped without being decoded."""
    wanted = tuple(languages)
    index = PrintedNameIndex(wanted, {})
    pattern = re.compile(r'"lang"\s*:\s*"(?:' + "|".join(re.escape(code) for code in wanted) + r')"')
    reader = BulkFileReader(
        path, label or str(path), keep_line=lambda line: pattern.search(line) is not None, progress=progress
    )
    for obj in reader:
        if not isinstance(obj, Mapping):
            raise CardDataError(f"{reader.label}: {reader.position}: expected a card object")
        index.add(obj)
    return index


def merge_printed_names(
    records: Iterable[Mapping[str, Any]], index: PrintedNameIndex, matched: set[str] | None = None
) -> Iterator[dict[str, Any]]:
    """The records with the index's printed names added to their ``printed_names`` (names already
    there are kept, and not repeated). ``matched`` collects the names of the records that got any."""
    for record in records:
        merged = dict(record)
        extra = index.names.get(str(record["name"]))
        if extra:
            printed = {str(k): list(v) for k, v in (record.get("printed_names") or {}).items()}
            for lang, names in extra.items():
                known = printed.setdefault(lang, [])
                known.extend(n for n in names if n not in known)
            merged["printed_names"] = {k: v for k, v in sorted(printed.items()) if v}
            if matched is not None:
                matched.add(str(record["name"]))
        yield merged


def stored_languages(store_path: Path) -> tuple[str, ...]:
    """The languages a store's Scryfall printed-name index holds (from its meta), for a CLI that
    wants to keep them when the store is rebuilt."""
    value = read_store_meta(store_path).get("languages", "")
    return tuple(code for code in value.split(",") if code)


def update_languages_from_scryfall(
    api_base: str,
    store_path: Path,
    languages: Iterable[str],
    *,
    session_factory: SessionFactory = make_cached_session,
    download_session_factory: Callable[[], requests.Session] = make_download_session,
    progress: Progress | None = None,
    force: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
    lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    max_retry_wait: float = MAX_RETRY_WAIT,
    sleep: Callable[[float], None] = time.sleep,
    facts: FactsBuilder | None = None,
    deadline: float | None = DEFAULT_DEADLINE,
) -> UpdateResult:
    """`deckcheck cards update --languages zhs,de,...`: add the localized printed names of Scryfall's
    ``all_cards`` bulk file to the existing card store, so decklists written in those languages
    resolve (``CardStore.resolve`` match "printed"; a name shared by several cards is "ambiguous").

    The bulk file (hundreds of MB) is streamed to a scratch file and scanned line by line; only
    (language, printed name, oracle name) is kept. The store is then rebuilt from its own records
    plus those names, atomically (a failure anywhere leaves it as it was). Languages indexed by an
    earlier run are kept and refreshed. Nothing is downloaded when the store already holds these
    languages from the all_cards file Scryfall lists (unless ``force``). ``facts`` as for
    :func:`update_from_scryfall`, and so are ``deadline`` and the limits of the download.
    """
    started = time.monotonic()
    requested = parse_languages(list(languages))
    bulk_url = api_base.rstrip("/") + "/bulk-data"
    with update_lock(store_path, timeout=lock_timeout):
        fetch = _Fetch(timeout, max_retry_wait, sleep, _Deadline.start(deadline, progress))
        meta = read_store_meta(store_path)
        if not meta:
            raise CardDataError(
                f"there is no card store at {store_path} to add printed names to",
                hint="run `deckcheck cards update` (or `deckcheck cards import FILE`) first",
            )
        had = tuple(code for code in meta.get("languages", "").split(",") if code)
        wanted = tuple(dict.fromkeys((*had, *requested)))
        payload, notes = _bulk_list(session_factory, store_path, fetch, bulk_url, force, progress)
        descriptor = parse_bulk_list(payload, bulk_url, ALL_CARDS_TYPE)
        if (
            not force
            and set(requested) <= set(had)
            and meta.get("languages_updated_at") == descriptor.updated_at
            and meta.get("languages_uri") == descriptor.download_uri
        ):
            unchanged = f"printed names in {', '.join(had)} are up to date"
            return _current_store(store_path, meta, facts, started, notes, unchanged=(unchanged,))
        with scratch_file(store_path, f".{ALL_CARDS_TYPE}.{descriptor.form}.part") as part:
            with download_session_factory() as download_session:
                downloaded = _download(download_session, fetch, descriptor, part, progress)
            label = f"Scryfall {ALL_CARDS_TYPE} file {descriptor.download_uri}"
            index = read_printed_names(part, wanted, label=label, progress=progress)
        current = CardStore.open(store_path)
        matched: set[str] = set()
        new_meta = {
            **{k: v for k, v in meta.items() if k not in ("schema_version", "records")},
            "languages": ",".join(wanted),
            "languages_updated_at": descriptor.updated_at,
            "languages_uri": descriptor.download_uri,
            "languages_downloaded_at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        records = counting_progress(merge_printed_names(current.records(), index, matched), progress)
        count = write_store(
            records, store_path, meta=new_meta, facts=facts, non_deck=current.non_deck_cards()
        )
        per_language = {
            lang: sum(len(by_lang.get(lang, ())) for name, by_lang in index.names.items() if name in matched)
            for lang in wanted
        }
        notes.append(
            "printed names: "
            + ", ".join(f"{lang} {n:,}" for lang, n in per_language.items())
            + f" ({counted(len(matched), 'card')})"
        )
        missing = sorted(set(index.names) - matched)
        if missing:
            are = "card is" if len(missing) == 1 else "cards are"
            notes.append(
                f"{len(missing):,} printed {are} not in the store (newer than its oracle data?), "
                f"e.g. {', '.join(missing[:3])}"
            )
        return UpdateResult(
            source="scryfall",
            store_path=store_path,
            records=count,
            downloaded_bytes=downloaded.bytes,
            seconds=time.monotonic() - started,
            meta=read_store_meta(store_path),
            notes=tuple(notes),
        )
