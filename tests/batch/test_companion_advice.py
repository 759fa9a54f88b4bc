"""The lean checker offers a companion's cut or add as the engine does: none where something forbids
the companion whatever the deck holds (companions.offered_change)."""

from __future__ import annotations

import pytest

from deckcheck.cards.store import CardStore
from tests.batch.test_fast_equivalence import BREAKERS, assert_same_rows, context_for
from tests.companions import cards as companion_cards

THALIA = "\n".join(
    [
        "Commander",
        "1 Thalia, Guardian of Thraben",
        "",
        "Deck",
        "1 Bonecrusher Giant",
        "98 Plains",
    ]
)


@pytest.fixture(scope="module")
def store() -> CardStore:
    return CardStore.from_records(companion_cards.RECORDS, "the companion tests' cards")


@BREAKERS
def test_no_cut_for_a_companion_outside_the_commanders_colours(store: CardStore, breakers: bool) -> None:
    rows = assert_same_rows([("thalia", THALIA)], context_for(store, "commander"), breakers=breakers)
    (lurrus,) = [row for row in rows.companions.rows() if row["companion"] == "Lurrus of the Dream-Den"]
    assert lurrus["breakers"] == 1  # Bonecrusher Giant still breaks the condition
    assert (lurrus["cut"], lurrus["add"], lurrus["near_miss"]) == (0, 0, False)
