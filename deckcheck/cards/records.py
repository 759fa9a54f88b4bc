"""The card record (plain JSON dicts, see docs/ARCHITECTURE.md) and its conversion to :class:`Card`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from deckcheck.cards.mana import COLOURS, ManaCostError, parse_mana_cost
from deckcheck.cards.model import Card, Face
from deckcheck.cards.typeline import parse_type_line
from deckcheck.errors import CardDataError

LEGALITY_VALUES = frozenset({"legal", "not_legal", "banned", "restricted"})


def _colours(value: Any, where: str) -> frozenset[str]:
    if value is None:
        return frozenset()
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise CardDataError(f"{where}: colours must be a list of WUBRG letters, got {value!r}")
    bad = [c for c in value if c not in COLOURS]
    if bad:
        raise CardDataError(f"{where}: unknown colour letters {bad!r}")
    return frozenset(value)


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def _list(value: Any, where: str, key: str) -> Sequence[Any]:
    """A JSON list (a string is not one: it would be read letter by letter)."""
    if value is None:
        return ()
    if not isinstance(value, Sequence) or isinstance(value, (str, bytes)):
        raise CardDataError(f"{where}: {key!r} must be a list, got {type(value).__name__}")
    return value


def _object(value: Any, where: str, key: str) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise CardDataError(f"{where}: {key!r} must be an object, got {type(value).__name__}")
    return value


def face_from_record(face: Mapping[str, Any], where: str) -> Face:
    if not isinstance(face, Mapping):
        raise CardDataError(f"{where}: a face must be an object, got {type(face).__name__}")
    name = face.get("name")
    if not isinstance(name, str) or not name:
        raise CardDataError(f"{where}: a face has no name")
    mana_cost = face.get("mana_cost")
    if mana_cost is not None and not isinstance(mana_cost, str):
        raise CardDataError(f"{where}: mana_cost must be a string, got {type(mana_cost).__name__}")
    try:
        cost = parse_mana_cost(mana_cost)
    except ManaCostError as exc:
        raise CardDataError(f"{where}: {exc}") from None
    indicator = face.get("color_indicator")
    return Face(
        name=name,
        mana_cost=cost,
        type_line=parse_type_line(str(face.get("type_line") or "")),
        oracle_text=str(face.get("oracle_text") or ""),
        colors=_colours(face.get("colors"), where),
        color_indicator=None if indicator is None else _colours(indicator, where),
        power=_opt_str(face.get("power")),
        toughness=_opt_str(face.get("toughness")),
        loyalty=_opt_str(face.get("loyalty")),
        defense=_opt_str(face.get("defense")),
    )


def card_from_record(record: Mapping[str, Any]) -> Card:
    """Build a :class:`Card`; a malformed record raises :class:`CardDataError` naming the card."""
    if not isinstance(record, Mapping):
        raise CardDataError(f"card record must be an object, got {type(record).__name__}")
    name = record.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError(f"card record without a name: {str(record)[:120]}")
    where = f"card {name!r}"
    raw_faces = record.get("faces")
    if not isinstance(raw_faces, Sequence) or isinstance(raw_faces, (str, bytes)) or not raw_faces:
        raise CardDataError(f"{where}: 'faces' must be a non-empty list")
    faces = tuple(face_from_record(f, where) for f in raw_faces)
    legalities = record.get("legalities") or {}
    if not isinstance(legalities, Mapping):
        raise CardDataError(f"{where}: 'legalities' must be an object")
    for fmt, value in legalities.items():
        if not isinstance(value, str) or value not in LEGALITY_VALUES:
            raise CardDataError(f"{where}: legality {fmt}={value!r} is not one of {sorted(LEGALITY_VALUES)}")
    keywords = _list(record.get("keywords"), where, "keywords")
    printings = _list(record.get("printings"), where, "printings")
    if not all(isinstance(code, str) and code for code in printings):
        raise CardDataError(f"{where}: 'printings' must be a list of set codes")
    leadership = _object(record.get("leadership"), where, "leadership")
    printed = {
        k: _list(v, where, f"printed_names.{k}")
        for k, v in _object(record.get("printed_names"), where, "printed_names").items()
    }
    printed_types = {
        k: _list(v, where, f"printed_type_lines.{k}")
        for k, v in _object(record.get("printed_type_lines"), where, "printed_type_lines").items()
    }
    card = Card(
        name=name,
        layout=str(record.get("layout") or "normal"),
        faces=faces,
        color_identity=_colours(record.get("color_identity"), where),
        keywords=frozenset(str(k) for k in keywords),
        legalities=tuple(sorted((str(k), str(v)) for k, v in legalities.items())),
        leadership=tuple(sorted((str(k), bool(v)) for k, v in leadership.items())),
        printed_names=tuple(sorted((str(k), tuple(v)) for k, v in printed.items())),
        printed_type_lines=tuple(sorted((str(k), tuple(v)) for k, v in printed_types.items())),
        record=dict(record),
    )
    _check_type_lines(raw_faces, faces, where)
    return card


def _check_type_lines(raw_faces: Sequence[Any], faces: Sequence[Face], where: str) -> None:
    """Every face of a card has a type line (CR 205): a face without one would be judged as a card
    of no type by every rule that reads types (a permanent? a creature? a basic land? a legendary
    commander?), confidently and wrongly. Checked once the rest of the record is known to be sound,
    so that its other faults are named first."""
    for raw, face in zip(raw_faces, faces, strict=True):
        type_line = raw.get("type_line")
        if type_line is None or (isinstance(type_line, str) and not type_line.strip()):
            which = f"its face {face.name!r}" if len(faces) > 1 else "it"
            raise CardDataError(
                f"{where}: {which} has no type line (every card has one, CR 205, and its types decide "
                "what the rules allow)"
            )
        if not isinstance(type_line, str):
            raise CardDataError(f"{where}: type_line must be a string, got {type(type_line).__name__}")
