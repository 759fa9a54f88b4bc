"""Planes, phenomena, schemes and Vanguard cards in real lists, against the real April 2022 card
data: named where a deck's cards go, each is told what it is (DC018), never "unknown card, newer
than the data"; in its own section nothing changes (DC017). The real meld results are no cards of
a deck either (DC018), their meld cards are. Skipped without ../shared/realdata."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.mtgjson import record_from_atomic_entry
from deckcheck.cards.names import lookup_key
from deckcheck.cards.nondeck import NON_DECK_LAYOUTS
from deckcheck.cards.store import CardStore
from deckcheck.cards.update import ConversionStats
from deckcheck.decklist import parse_file
from deckcheck.engine import check_parsed
from deckcheck.formats import get_format

pytestmark = pytest.mark.realdata

PRECONS = Path("decks/taw_magic-preconstructed-decks/data")
# lists of nothing but such cards, written without a section header
BARE = ("box/pca/Planechase Anthology Planes.txt", "box/pvan/Series 1.txt")
# decks whose Planar Deck or Scheme Deck section holds them
SECTIONED = ("planechase/pc2/Savage Auras.txt", "archenemy/arc/Assemble The Doomsday Machine.txt")


@pytest.fixture(scope="module")
def store_and_stats(realdata: Path, atomic_cards_path: Path) -> tuple[CardStore, ConversionStats]:
    """The real data's planes, schemes, Vanguard cards and meld cards as the importer keeps them,
    and the real cards the test lists name (converting all 23.5k cards would take ten seconds)."""
    with gzip.open(atomic_cards_path, "rt", encoding="utf-8") as handle:
        data: dict[str, list[dict[str, Any]]] = json.load(handle)["data"]
    named = {
        lookup_key(part)
        for relative in (*BARE, *SECTIONED)
        for entry in parse_file(realdata / PRECONS / relative).entries
        for part in (entry.name, *entry.name.split(" // "))
    }
    stats = ConversionStats()
    records = []
    for key, faces in data.items():
        wanted = {lookup_key(key), *(lookup_key(part) for part in key.split(" // "))} & named
        if wanted or faces[0].get("layout") in (*NON_DECK_LAYOUTS, "meld"):
            record = record_from_atomic_entry(key, faces, stats)
            if record is not None:
                records.append(record)
    store = CardStore.from_records(records, "MTGJSON 2022-04-25", non_deck=stats.non_deck_cards())
    return store, stats


def test_the_importer_keeps_every_plane_scheme_and_vanguard_card(
    store_and_stats: tuple[CardStore, ConversionStats],
) -> None:
    store, stats = store_and_stats
    kinds = Counter(card.kind for card in stats.non_deck.values() if not card.is_meld_result)
    assert kinds == {"plane": 78, "phenomenon": 8, "scheme": 58, "ongoing scheme": 12, "vanguard": 33}
    for name in stats.non_deck:
        assert store.resolve(name, suggest=False).card is None, name  # a name of no card record
        found = store.non_deck_card(name)
        assert found is not None and found.name == name


@pytest.mark.parametrize("relative", BARE)
def test_a_list_of_them_is_told_what_each_is(
    realdata: Path, store_and_stats: tuple[CardStore, ConversionStats], relative: str
) -> None:
    store = store_and_stats[0]
    parsed = parse_file(realdata / PRECONS / relative)
    report = check_parsed(parsed, store, get_format("freeform"))
    named = [f for f in report.findings if f.code == "DC018"]
    assert len(named) == len(parsed.entries) > 0
    assert {f.location.line for f in named} == {e.line for e in parsed.entries}
    assert not any(f.code in ("DC010", "DC015") or "cards update" in f.message for f in report.findings)
    assert report.status == "illegal" and report.unknown_cards == 0


@pytest.mark.parametrize("relative", SECTIONED)
def test_a_deck_with_them_in_their_section_is_unchanged(
    realdata: Path, store_and_stats: tuple[CardStore, ConversionStats], relative: str
) -> None:
    store = store_and_stats[0]
    report = check_parsed(parse_file(realdata / PRECONS / relative), store, get_format("freeform"))
    codes = [f.code for f in report.findings]
    assert codes.count("DC017") == 1 and "DC018" not in codes and "DC010" not in codes


MELDS = {
    "Brisela, Voice of Nightmares": ("Bruna, the Fading Light", "Gisela, the Broken Blade"),
    "Chittering Host": ("Graf Rats", "Midnight Scavengers"),
    "Hanweir, the Writhing Township": ("Hanweir Battlements", "Hanweir Garrison"),
}


@pytest.mark.parametrize("melded", sorted(MELDS))
def test_a_meld_result_is_no_card_of_a_deck_and_its_meld_cards_are(
    store_and_stats: tuple[CardStore, ConversionStats], melded: str
) -> None:
    """MTGJSON lists each melded back face as a card of its own, legal in Vintage; a deck naming
    one is illegal (DC018, naming the two cards it is the back of), a deck of those two is not."""
    from deckcheck.decklist import parse_text

    store = store_and_stats[0]
    kept = store.non_deck_card(melded)
    assert kept is not None and kept.is_meld_result and kept.parts == MELDS[melded]
    assert store.resolve(melded, suggest=False).card is None
    vintage = get_format("vintage")
    report = check_parsed(parse_text(f"1 {melded}\n59 Swamp\n", "meld.txt"), store, vintage)
    (error,) = [f for f in report.findings if f.code == "DC018"]
    assert f"is the melded back face of {MELDS[melded][0]} and {MELDS[melded][1]}" in error.message
    assert report.status == "illegal" and report.unknown_cards == 0
    fronts = "".join(f"1 {name}\n" for name in MELDS[melded])
    report = check_parsed(parse_text(f"{fronts}58 Swamp\n", "fronts.txt"), store, vintage)
    assert not any(f.code in ("DC010", "DC018") for f in report.findings)
    assert report.status == "legal"
    assert all(getattr(store.card(name), "layout", None) == "meld" for name in MELDS[melded])
