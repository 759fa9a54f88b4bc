"""A small card set for the CLI tests (our record schema), independent of the bundled data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_ALL = ("standard", "pioneer", "modern", "legacy", "vintage", "commander", "pauper")


def _legal(*banned_in: str, only: tuple[str, ...] = _ALL) -> dict[str, str]:
    return {fmt: ("banned" if fmt in banned_in else "legal") for fmt in only}


def _record(
    name: str,
    cost: str | None,
    type_line: str,
    text: str,
    identity: list[str],
    legalities: dict[str, str],
    **extra: Any,
) -> dict[str, Any]:
    return {
        "name": name,
        "layout": "normal",
        "faces": [{"name": name, "mana_cost": cost, "type_line": type_line, "oracle_text": text}],
        "color_identity": identity,
        "keywords": [],
        "legalities": legalities,
        **extra,
    }


def _basic(name: str, colour: str) -> dict[str, Any]:
    return _record(name, None, f"Basic Land — {name}", f"({{T}}: Add {{{colour}}}.)", [colour], _legal())


RECORDS: list[dict[str, Any]] = [
    _basic("Plains", "W"),
    _basic("Island", "U"),
    _basic("Swamp", "B"),
    _basic("Mountain", "R"),
    _basic("Forest", "G"),
    _record(
        "Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.", ["R"], _legal()
    ),
    _record(
        "Shivan Dragon",
        "{4}{R}{R}",
        "Creature — Dragon",
        "Flying\n{R}: Shivan Dragon gets +1/+0 until end of turn.",
        ["R"],
        _legal(),
    ),
    _record(
        "Mox Opal",
        "{0}",
        "Legendary Artifact",
        "Metalcraft — {T}: Add one mana of any color. Activate only if you control three or more artifacts.",
        [],
        _legal("modern", "pauper"),
    ),
    _record(
        "Krenko, Mob Boss",
        "{2}{R}{R}",
        "Legendary Creature — Goblin Warrior",
        "{T}: Create X 1/1 red Goblin creature tokens, where X is the number of Goblins you control.",
        ["R"],
        _legal(),
        leadership={"commander": True},
    ),
    _record(
        "Lurrus of the Dream-Den",
        "{1}{W/B}{W/B}",
        "Legendary Creature — Cat Nightmare",
        "Companion — Each permanent card in your starting deck has mana value 2 or less.\nLifelink\n"
        "During each of your turns, you may cast one permanent spell with mana value 2 or less from "
        "your graveyard.",
        ["W", "B"],
        _legal(),
    ),
]


def write_cards(path: Path) -> Path:
    path.write_text(
        json.dumps(
            {"meta": {"source": "cli-tests", "updated_at": "2026-01-01"}, "cards": RECORDS},
            ensure_ascii=False,
        ),
        encoding="utf-8",
    )
    return path
