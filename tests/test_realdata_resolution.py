"""Every card name in the real decklist corpus resolves against the real April 2022 card data,
unless the card is not in that data at all (newer, digital-only, or a plane/scheme card).

This is the check that name resolution has no gaps: an unresolved name must be absent from the raw
MTGJSON file under every spelling the store folds (case, accents, punctuation, face names). Run with
``-s`` to see the counts. Skipped without ../shared/realdata.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.names import loose_key
from deckcheck.cards.store import CardStore
from deckcheck.deck import Zone
from deckcheck.decklist import parse_file

pytestmark = pytest.mark.realdata

DECKLIST_SUFFIXES = {".txt", ".dec", ".dek", ".dck", ".cod", ".mwdeck", ".mtga", ".o8d", ".csv", ".json"}
NOT_DECKLISTS = {"tsconfig.json", "valid_card_names.txt"}  # a TypeScript config; a bare list of names
DATA_DATE = "2022-04-25"
# Layouts the converter leaves out: they are not cards a deck is built from.
NON_DECK_LAYOUTS = {"planar", "scheme", "vanguard"}


def _raw_names(atomic_cards_path: Path) -> dict[str, str]:
    """loose key -> layout, for every name and face name in the raw MTGJSON file."""
    with gzip.open(atomic_cards_path, "rt", encoding="utf-8") as handle:
        data: dict[str, list[dict[str, Any]]] = json.load(handle)["data"]
    names: dict[str, str] = {}
    for name, faces in data.items():
        for face in faces:
            for written in (name, face.get("faceName") or name):
                names.setdefault(loose_key(written), face.get("layout", "normal"))
    return names


def test_corpus_names_resolve(realdata: Path, atomic_cards_path: Path, real_store: CardStore) -> None:
    raw = _raw_names(atomic_cards_path)
    files = sorted(
        p
        for p in (realdata / "decks").rglob("*")
        if p.is_file() and p.suffix.lower() in DECKLIST_SUFFIXES and p.name not in NOT_DECKLISTS
    )
    matches: Counter[str] = Counter()
    unresolved: Counter[str] = Counter()
    gaps: list[tuple[str, str, int]] = []
    decks = 0
    for path in files:
        deck = parse_file(path)
        if not deck.entries:
            continue
        decks += 1
        dated_after = deck.metadata.get("date", "") > DATA_DATE
        for entry in deck.entries:
            result = real_store.resolve(entry.name, suggest=False)
            if result.card is not None:
                matches[result.match] += 1
                continue
            in_raw = raw.get(loose_key(entry.name))
            if result.match == "ambiguous":
                reason = "ambiguous, reported with candidates (e.g. 'Fire': Fire // Ice or Start // Fire)"
            elif entry.zone is Zone.MAYBEBOARD:
                reason = "maybeboard / extras (tokens, planes, display commanders)"
            elif in_raw in NON_DECK_LAYOUTS:
                reason = "plane / scheme / vanguard card (not a deck card)"
            elif in_raw is not None:
                reason = "IN THE DATA BUT NOT RESOLVED"
                gaps.append((entry.name, str(path.relative_to(realdata)), entry.line))
            elif dated_after:
                reason = f"deck dated after {DATA_DATE}: card newer than the data"
            else:
                reason = "not in the April 2022 data (newer, digital-only or a missing set)"
            unresolved[reason] += 1
    print(f"\n{decks} decklists, {sum(matches.values())} entries resolved {dict(matches)}")
    for reason, count in unresolved.most_common():
        print(f"  unresolved {count:6d}  {reason}")
    assert decks > 2800
    assert sum(matches.values()) > 95_000
    assert gaps == [], gaps[:20]
