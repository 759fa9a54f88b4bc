"""Golden parses: one fixture per format under tests/fixtures/decklists/, its expected parse next to
it in expected/<fixture>.json (entries, every line's kind, problems). The expected files were
written by running the parser and then checked by hand against the fixture; regenerate them with
DECKCHECK_UPDATE_GOLDEN=1 only after a deliberate change, and review the diff."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from deckcheck.deck import ParsedDeck
from deckcheck.decklist import detect_format, parse_file, parse_findings

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "decklists"
EXPECTED = FIXTURES / "expected"
UPDATE = os.environ.get("DECKCHECK_UPDATE_GOLDEN") == "1"

# fixture -> the format the content must be detected as
DETECTED = {
    "arena_full.txt": "arena",
    "arena_no_headers.mtga": "arena",
    "mtgo_blank_line.txt": "mtgo",
    "mtgo_sideboard_header.txt": "mtgo",
    "mtgo.dek": "dek",
    "mws.mwDeck": "plain",
    "plain.dec": "plain",
    "cockatrice.cod": "cod",
    "forge.dck": "forge",
    "xmage.dck": "xmage",
    "moxfield.txt": "moxfield",
    "archidekt.txt": "archidekt",
    "deck.csv": "csv",
    "scryfall_style.csv": "csv",
    "octgn.o8d": "o8d",
    "page.html": "html",
    "moxfield.json": "json",
    "archidekt.json": "json",
    "mtgjson.json": "json",
}


def snapshot(deck: ParsedDeck) -> dict[str, Any]:
    return {
        "input_format": deck.input_format,
        "name": deck.name,
        "declared_format": deck.declared_format,
        "entries": [
            {
                "line": e.line,
                "zone": str(e.zone),
                "quantity": e.quantity,
                "name": e.name,
                "set_code": e.set_code,
                "collector_number": e.collector_number,
                "foil": e.foil,
                "tags": list(e.tags),
            }
            for e in deck.entries
        ],
        "lines": [f"{r.line} {r.kind}" + (f" | {r.note}" if r.note else "") for r in deck.lines],
        "problems": [f"{p.line} {p.severity} {getattr(p, 'code', '?')} {p.message}" for p in deck.problems],
    }


def test_every_fixture_has_a_detection_expectation() -> None:
    on_disk = {p.name for p in FIXTURES.iterdir() if p.is_file()}
    assert on_disk == set(DETECTED)


@pytest.mark.parametrize("fixture", sorted(DETECTED))
def test_detected_by_content(fixture: str) -> None:
    text = (FIXTURES / fixture).read_text(encoding="utf-8")
    assert detect_format(text) == DETECTED[fixture]


@pytest.mark.parametrize("fixture", sorted(DETECTED))
def test_golden_parse(fixture: str) -> None:
    deck = parse_file(FIXTURES / fixture)
    got = snapshot(deck)
    expected_path = EXPECTED / f"{fixture}.json"
    if UPDATE:
        EXPECTED.mkdir(exist_ok=True)
        expected_path.write_text(json.dumps(got, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    assert got == expected


@pytest.mark.parametrize("fixture", sorted(DETECTED))
def test_every_source_line_is_accounted_for(fixture: str) -> None:
    deck = parse_file(FIXTURES / fixture)
    if DETECTED[fixture] == "json":
        # JSON has no lines: one line-0 record per card read (or refused), never fewer
        assert all(r.line == 0 for r in deck.lines)
        assert sum(r.kind == "card" for r in deck.lines) >= len(deck.entries)
        return
    source_lines = (FIXTURES / fixture).read_text(encoding="utf-8").splitlines()
    assert [r.line for r in deck.lines] == list(range(1, len(source_lines) + 1))


@pytest.mark.parametrize("fixture", sorted(DETECTED))
def test_findings_match_problems(fixture: str) -> None:
    deck = parse_file(FIXTURES / fixture)
    findings = parse_findings(deck)
    assert [(f.location.line, f.code, str(f.severity)) for f in findings] == [
        (p.line, getattr(p, "code", None), p.severity) for p in deck.problems
    ]
    assert all(f.location.path == str(FIXTURES / fixture) for f in findings)
