"""The lean batch checker and the engine agree on decks of card kinds printed after the 2022 card
file (Rooms, Omens, prototype cards, battles, Cases, Classes, kindred cards, Spacecraft), named
as lists name them (a Room or an Omen by one face's name too), in every companion's terms."""

from __future__ import annotations

import pytest

from deckcheck.cards.store import CardStore
from tests.batch.test_fast_equivalence import assert_same_rows, context_for, fresh_bundled_store
from tests.companions import cards as companion_cards

NEW_KINDS = (
    "Ticket Booth // Tunnel of Hate",
    "Bottomless Pool // Locker Room",
    "Surgical Suite // Hospital Room",
    "Dirgur Island Dragon // Skimming Strike",
    "Phyrexian Fleshgorger",
    "Invasion of Tarkir // Defiant Thundermaw",
    "Case of the Uneaten Feast",
    "Test Spacecraft",
    "Savannah Lions",  # (a Cat beside the Omen's Dragon, for Kaheera)
)


def _store() -> CardStore:
    bundled = fresh_bundled_store()
    have = {record["name"] for record in bundled.records()}
    added = [companion_cards.BY_NAME[name] for name in NEW_KINDS if name not in have]
    return CardStore.from_records([*bundled.records(), *added], "bundled cards and newer kinds")


def _deck(*lines: str, lands: int, land: str = "Mountain") -> str:
    return "\n".join([*lines, f"{lands} {land}"]) + "\n"


DECKS = [
    ("rooms", _deck("4 Ticket Booth // Tunnel of Hate", "4 Bottomless Pool // Locker Room", lands=52)),
    ("rooms-and-case", _deck("4 Surgical Suite // Hospital Room", "4 Case of the Uneaten Feast", lands=52)),
    (
        "room-by-door",
        _deck("1 Ticket Booth", "1 Tunnel of Hate", "1 Surgical Suite // Hospital Room", lands=57),
    ),
    ("omen", _deck("4 Dirgur Island Dragon", "4 Savannah Lions", lands=52, land="Plains")),
    ("prototype", _deck("4 Phyrexian Fleshgorger", "4 Bitterblossom", lands=52, land="Swamp")),
    ("battle", _deck("4 Invasion of Tarkir // Defiant Thundermaw", "4 Druid Class", lands=52)),
    ("kindred", _deck("4 Tarfire", "4 Crib Swap", "4 Bitterblossom", lands=48)),
    ("spacecraft", _deck("4 Test Spacecraft", "4 Smuggler's Copter", lands=52)),
    (
        "companion",
        _deck("4 Ticket Booth // Tunnel of Hate", "4 Phyrexian Fleshgorger", lands=52)
        + "\nSideboard\n1 Obosh, the Preypiercer\n",
    ),
]


@pytest.mark.parametrize("fmt", ["modern", "legacy", "limited", "commander"])
def test_rows_are_the_engines(fmt: str) -> None:
    store = _store()
    for _, text in DECKS:  # every name is a card of the store: no deck waits on an unknown one
        for line in text.splitlines():
            if line[:1].isdigit():
                assert store.resolve(line.partition(" ")[2]).card is not None, line
    assert_same_rows(DECKS, context_for(store, fmt), breakers=True, entries=True)
    assert_same_rows(DECKS, context_for(store, fmt), breakers=False)
