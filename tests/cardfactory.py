"""Build cards from short record dicts in tests (our record schema, docs/ARCHITECTURE.md)."""

from __future__ import annotations

from typing import Any

from deckcheck.cards.model import Card
from deckcheck.cards.records import card_from_record


def face(name: str, cost: str | None, type_line: str, text: str = "", **extra: Any) -> dict[str, Any]:
    return {"name": name, "mana_cost": cost, "type_line": type_line, "oracle_text": text, **extra}


def record(
    name: str,
    cost: str | None = None,
    type_line: str = "Creature — Bear",
    text: str = "",
    *,
    layout: str = "normal",
    faces: list[dict[str, Any]] | None = None,
    identity: list[str] | None = None,
    legal: dict[str, str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "name": name,
        "layout": layout,
        "faces": faces or [face(name, cost, type_line, text)],
        "color_identity": identity or [],
        "legalities": legal or {},
        **extra,
    }


def card(*args: Any, **kwargs: Any) -> Card:
    return card_from_record(record(*args, **kwargs))
