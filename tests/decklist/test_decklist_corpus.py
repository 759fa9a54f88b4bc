"""Every file under ../shared/realdata/decks parses without an exception and with every source
line accounted for; prints per-format counts (run with -s to see them). Skipped without realdata."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from deckcheck.deck import LineKind, ParsedDeck, Zone
from deckcheck.decklist import parse_file, parse_findings

pytestmark = pytest.mark.realdata

_BREAK = re.compile(rb"\r\n|\r|\n")


def source_line_count(data: bytes, encoding: str) -> int:
    """Lines as an editor counts them, computed on the raw bytes (independently of the parser)."""
    if encoding.startswith(("utf-16", "utf-32")):
        data = data.decode(encoding).encode("utf-8")
    if not data:
        return 0
    pieces = _BREAK.split(data)
    return len(pieces) - (1 if pieces[-1] == b"" else 0)


def check_accounting(path: Path, deck: ParsedDeck) -> None:
    if any(r.line == 0 for r in deck.lines):  # JSON, or a file refused as a whole before reading lines
        assert all(r.line == 0 for r in deck.lines) or deck.input_format == "html", path
        cards = sum(r.kind is LineKind.CARD for r in deck.lines)
        assert cards >= len(deck.entries), path
        return
    encoding = deck.metadata.get("encoding", "utf-8")
    expected = source_line_count(path.read_bytes().removeprefix(b"\xef\xbb\xbf"), encoding)
    assert [r.line for r in deck.lines] == list(range(1, expected + 1)), path
    card_lines = {r.line for r in deck.lines if r.kind is LineKind.CARD}
    assert {e.line for e in deck.entries} <= card_lines, path


def test_realdata_corpus(realdata: Path) -> None:
    decks_dir = realdata / "decks"
    if not decks_dir.is_dir():
        pytest.skip(f"{decks_dir} not present")
    files = sorted(p for p in decks_dir.rglob("*") if p.is_file())
    assert files
    per_format: Counter[str] = Counter()
    entries: Counter[str] = Counter()
    cards: Counter[str] = Counter()
    problem_lines: Counter[str] = Counter()
    reasons: Counter[tuple[str, str]] = Counter()
    companions_merged = 0
    for path in files:
        deck = parse_file(path)
        assert not any("internal error" in p.message for p in deck.problems), (path, deck.problems[:3])
        check_accounting(path, deck)
        parse_findings(deck)  # every problem must become a finding
        fmt = deck.input_format
        per_format[fmt] += 1
        entries[fmt] += len(deck.entries)
        cards[fmt] += sum(e.quantity for e in deck.entries if e.zone is not Zone.MAYBEBOARD)
        for record in deck.lines:
            if record.kind is LineKind.PROBLEM:
                problem_lines[fmt] += 1
                reasons[(fmt, re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "_", record.note)[:70])] += 1
        companions_merged += sum(getattr(p, "code", "") == "DC004" for p in deck.problems)

    print(f"\n{len(files)} files under {decks_dir}")
    print(f"{'format':10} {'files':>6} {'entries':>8} {'cards':>8} {'problem lines':>14}")
    for fmt, count in per_format.most_common():
        print(f"{fmt:10} {count:6} {entries[fmt]:8} {cards[fmt]:8} {problem_lines[fmt]:14}")
    print("most common problem-line reasons:")
    for (fmt, reason), count in reasons.most_common(12):
        print(f"  {count:6}  {fmt:8} {reason}")
    print(f"companions merged (DC004): {companions_merged}")
    assert sum(per_format.values()) == len(files)


def test_realdata_precons_are_exact(realdata: Path) -> None:
    """taw's Commander precons: 100 cards, one or two commanders (COMMANDER: lines and a
    `Commander` section), display/planar/scheme sections kept out of the deck."""
    base = realdata / "decks" / "taw_magic-preconstructed-decks" / "data"
    files = sorted(base.glob("cmd*/*/*.txt")) if base.is_dir() else []
    if not files:
        pytest.skip("taw precons not present")
    shapes: Counter[tuple[int, int]] = Counter()
    for path in files:
        deck = parse_file(path)
        assert deck.problems == [] or all(p.severity == "info" for p in deck.problems), path
        shapes[(deck.count(Zone.COMMANDER), deck.count(Zone.MAIN) + deck.count(Zone.COMMANDER))] += 1
    assert set(shapes) <= {(1, 100), (2, 100)}, shapes


def test_realdata_same_deck_in_five_exports(realdata: Path) -> None:
    """mtg-parser's "3 Amigos" deck exported by five sites: same commanders, 101 cards in all."""
    base = realdata / "decks" / "mtg-parser-exports"
    names = [
        "api_moxfield_com_2d0b7a2b.json",
        "archidekt_com_e7b43e8b.json",
        "aetherhub_com_c61ba05d.json",
        "tappedout_net_365f9ee7.json",
        "api_scryfall_com_c4c0a87.csv",
    ]
    paths = [base / n for n in names]
    if not all(p.is_file() for p in paths):
        pytest.skip("mtg-parser exports not present")
    for path in paths:
        deck = parse_file(path)
        commanders = sorted(e.name for e in deck.zone(Zone.COMMANDER))
        assert commanders == ["Kraum, Ludevic's Opus", "Vial Smasher the Fierce"], path
        obosh = [
            e.zone
            for e in deck.entries
            if e.name == "Obosh, the Preypiercer" and e.zone is not Zone.MAYBEBOARD
        ]
        assert obosh in ([Zone.COMPANION], [Zone.SIDEBOARD]), path
        total = sum(deck.count(z) for z in (Zone.COMMANDER, Zone.COMPANION, Zone.MAIN, Zone.SIDEBOARD))
        assert total == 101, path
