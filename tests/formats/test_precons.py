"""Real data: every official Commander / Brawl precon in taw/magic-preconstructed-decks that marks a
commander, checked against the April 2022 MTGJSON card data.

Official precons are built legal, so among decks whose every card is in the data, the only errors
allowed are the ones time explains: a card banned (DC201) or rotated (DC202) after the deck was
printed, and singleton slips in the source list itself (DC307). Run with ``-s`` to see the tally.
"""

from __future__ import annotations

import collections
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.store import CardStore, Resolution
from deckcheck.findings import CODES, Finding, Severity
from deckcheck.formats import get_format
from deckcheck.rules import check_deck

PRECONS = Path("decks") / "taw_magic-preconstructed-decks" / "data"
# Directory -> format: the Brawl precons are Standard Brawl (60) and Arena Brawl (100) decks.
FORMAT_BY_DIRECTORY = {"brawl": "standardbrawl", "hist-brawl": "brawl"}
EXPLAINED_BY_TIME = {"DC201", "DC202", "DC203", "DC307"}


class _NoSuggestions(CardStore):
    """Suggestions for unknown names cost ~40 ms each against 23k cards, and 1.8k names are unknown
    (cards printed after April 2022); this test only needs to know that they are unknown."""

    def resolve(self, name: str, *, suggest: bool = True) -> Resolution:
        return super().resolve(name, suggest=False)


@dataclass
class Checked:
    path: str
    format: str
    unknown: list[str]
    findings: list[Finding]

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity is Severity.ERROR]


@pytest.fixture(scope="module")
def atomic_store(atomic_records: list[dict[str, Any]]) -> CardStore:
    return _NoSuggestions.from_records(atomic_records, "MTGJSON AtomicCards 2022-04-25")


def _precon_files(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*.txt")):
        if "COMMANDER:" in path.read_text(encoding="utf-8", errors="replace"):
            yield path


@pytest.fixture(scope="module")
def checked(realdata: Path, atomic_store: CardStore) -> list[Checked]:
    decklist = pytest.importorskip("deckcheck.decklist")
    engine = pytest.importorskip("deckcheck.engine")
    root = realdata / PRECONS
    if not root.is_dir():
        pytest.skip(f"{root} not present")
    results = []
    for path in _precon_files(root):
        relative = path.relative_to(root)
        spec = get_format(FORMAT_BY_DIRECTORY.get(relative.parts[0], "commander"))
        parsed = decklist.parse_file(path)
        deck, resolution = engine.resolve_deck(parsed, atomic_store)
        unknown = [f.card or "" for f in resolution if f.code == "DC010"]
        results.append(Checked(str(relative), spec.name, unknown, check_deck(deck, spec)))
    return results


@pytest.mark.realdata
def test_every_precon_is_checked_and_findings_are_well_formed(checked: list[Checked]) -> None:
    assert len(checked) > 150
    for deck in checked:
        for finding in deck.findings:
            assert finding.code in CODES and finding.rule, (deck.path, finding)


def _print_tally(checked: list[Checked], known: list[Checked], legal: list[Checked]) -> None:
    by_code: dict[str, list[str]] = collections.defaultdict(list)
    for deck in known:
        for finding in deck.errors:
            by_code[finding.code].append(f"{deck.path}: {finding.message}")
    unknown_names = {name for d in checked for name in d.unknown}
    print(
        f"\n{len(checked)} precons with a commander marked; {len(checked) - len(known)} name cards the "
        f"2022 data lacks ({len(unknown_names)} distinct names); {len(known)} fully known, {len(legal)} legal"
    )
    for code, messages in sorted(by_code.items()):
        decks = len({m.split(": ", 1)[0] for m in messages})
        print(f"  {code} {CODES[code].slug}: {len(messages)} findings in {decks} decks, e.g. {messages[0]}")


@pytest.mark.realdata
def test_fully_known_precons_break_no_construction_rule(checked: list[Checked]) -> None:
    known = [d for d in checked if not d.unknown]
    legal = [d for d in known if not d.errors]
    _print_tally(checked, known, legal)
    assert known, "no precon has every card in the 2022 data"
    unexplained = [
        (d.path, f.code, f.message) for d in known for f in d.errors if f.code not in EXPLAINED_BY_TIME
    ]
    assert not unexplained
    assert legal


@pytest.mark.realdata
def test_precons_with_unknown_commanders_get_the_zone_finding(checked: list[Checked]) -> None:
    # A commander printed after April 2022 is unknown, so the deck has no commander left: DC105.
    for deck in checked:
        if not any(f.code == "DC105" for f in deck.findings):
            continue
        assert deck.unknown, deck.path
