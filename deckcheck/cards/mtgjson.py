"""MTGJSON AtomicCards -> card records, and `deckcheck cards import`.

AtomicCards is ``{"meta": {...}, "data": {name: [face, ...]}}`` with one entry per face (``side``
a, b, ...). Differences from Scryfall that the conversion irons out:
- legality values are title-case and formats a card is not legal in are left out;
- layout ``aftermath`` is Scryfall's ``split``;
- the front of a meld pair is keyed ``"Front // Melded"`` but has one face: its name is the face's;
- a reversible card lists both (identical) sides: the card is its first side, like Scryfall's.
Un-cards (``isFunny``) are kept: they are real cards, legal in no format, so a deck naming one gets
a "not legal" finding rather than "unknown card".
"""

from __future__ import annotations

import gzip
import json
import time
import zlib
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from deckcheck.cards.store import FactsBuilder, write_store
from deckcheck.cards.update import (
    DEFAULT_LOCK_TIMEOUT,
    ConversionStats,
    Progress,
    UpdateResult,
    counting_progress,
    unique_by_name,
    update_lock,
)
from deckcheck.errors import CardDataError

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
    """One ``data[key]`` list of faces -> one record, or None when it is not a playable card."""
    where = f"data[{key!r}]"
    if not isinstance(entry, list) or not entry or not all(isinstance(f, Mapping) for f in entry):
        raise _EntryError(f"{where}: expected a non-empty list of card faces")
    faces: list[Mapping[str, Any]] = sorted(entry, key=lambda f: str(f.get("side") or ""))
    first = faces[0]
    layout = str(first.get("layout") or "normal")
    if layout in SKIPPED_LAYOUTS:
        if stats is not None:
            stats.skip(layout)
        return None
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
def load_atomic_cards(path: Path, progress: Progress | None = None) -> dict[str, Any]:
    """Read AtomicCards ``.json`` or ``.json.gz`` (gzip is detected by its magic bytes, whatever the
    file is called); a clear CardDataError naming the file for anything that is not one."""
    try:
        with open(path, "rb") as handle:
            compressed = handle.read(2) == GZIP_MAGIC
        size = path.stat().st_size
        if progress is not None:
            progress("read", 0, size)
        opener = gzip.open if compressed else open
        with opener(path, "rb") as handle:
            raw = handle.read()
    except FileNotFoundError:
        raise CardDataError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise CardDataError(f"{path}: is a directory, not an AtomicCards file") from None
    except EOFError:
        raise CardDataError(f"{path}: the gzip data is truncated (incomplete download?)") from None
    except (zlib.error, gzip.BadGzipFile) as exc:
        raise CardDataError(f"{path}: corrupt gzip data ({exc})") from None
    except OSError as exc:
        raise CardDataError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if progress is not None:
        progress("read", size, size)
    try:
        payload = json.loads(raw)
    except UnicodeDecodeError as exc:
        raise CardDataError(f"{path}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    except json.JSONDecodeError as exc:
        raise CardDataError(
            f"{path}: line {exc.lineno}, column {exc.colno}: invalid JSON ({exc.msg})"
        ) from None
    if not isinstance(payload, dict) or not isinstance(payload.get("data"), dict):
        raise CardDataError(
            f"{path}: not an MTGJSON AtomicCards file (expected an object with 'meta' and a 'data' "
            "object mapping card names to lists of faces)",
            hint="download AtomicCards.json.gz from https://mtgjson.com/downloads/all-files/",
        )
    return payload


def import_atomic_cards(
    path: Path,
    store_path: Path,
    progress: Progress | None = None,
    *,
    lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    facts: FactsBuilder | None = None,
) -> UpdateResult:
    """`deckcheck cards import FILE`: build the card store from MTGJSON AtomicCards, atomically
    (a failure leaves the previous store as it was). ``facts``: also store these per-card facts
    (see :func:`~deckcheck.cards.store.write_store`); the CLI passes ``default_facts_builder()``."""
    started = time.monotonic()
    payload = load_atomic_cards(path, progress)
    raw_meta = payload.get("meta")
    source_meta = raw_meta if isinstance(raw_meta, Mapping) else {}
    meta = {
        "source": "mtgjson",
        "mtgjson_version": str(source_meta.get("version", "")),
        "mtgjson_date": str(source_meta.get("date", "")),
        "updated_at": str(source_meta.get("date", "")),
        "file": str(path),
        "imported_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    stats = ConversionStats()
    with update_lock(store_path, timeout=lock_timeout):
        try:
            count = write_store(
                counting_progress(records_from_atomic_cards(payload, stats=stats), progress),
                store_path,
                meta=meta,
                facts=facts,
            )
        except CardDataError as exc:
            raise CardDataError(f"{path}: {exc.message}", hint=exc.hint) from None
    return UpdateResult(
        source="mtgjson",
        store_path=store_path,
        records=count,
        skipped=dict(stats.skipped),
        duplicates=stats.duplicates,
        duplicate_names=tuple(stats.duplicate_names),
        seconds=time.monotonic() - started,
        meta=meta | {"records": str(count)},
    )
