"""The lean checker offers a companion's cut or add as the engine does: none where something forbids
the companion whatever the deck holds (companions.offered_change)."""

from __future__ import annotations

import pytest

from deckcheck.cards.store import CardStore
from tests.batch.test_fast_equivalence import (
    BREAKERS,
    _handed_back,
    assert_same_rows,
    context_for,
    per_deck_contexts,
)
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


# A commander the data does not know (printed after it) may hold Lutri's colours: Lutri's verdict
# depends on it (companions.depends_on), so a declared Lutri is not verified, naming it, and no cut of
# the deck's cards is offered as what would qualify the deck.
UNKNOWN_LEADER = (
    "Commander\n1 Morska, Undersea Sleuth\n\nDeck\n{cards}\n\nCompanion\n1 Lutri, the Spellchaser\n"
)


@BREAKERS
def test_a_commander_the_data_does_not_know_leaves_lutri_open(store: CardStore, breakers: bool) -> None:
    items = [
        ("singleton", UNKNOWN_LEADER.format(cards="1 Counterspell\n58 Island")),
        ("twice", UNKNOWN_LEADER.format(cards="2 Counterspell\n57 Island")),
    ]
    context = context_for(store, companion_cards.BRAWL)
    rows = assert_same_rows(items, context, breakers=breakers)
    assert _handed_back(context, [text for _, text in items]) == []  # (the lean path's rows)
    lutri = {
        row["deck_id"]: row["message"]
        for row in rows.findings.rows()
        if row["card"] == "Lutri, the Spellchaser" and row["code"] in ("DC015", "DC401")
    }
    assert lutri["singleton"].startswith("declared companion Lutri, the Spellchaser")
    assert "not verified: 1 Morska, Undersea Sleuth (line 2) is not in the card data" in lutri["singleton"]
    assert "breaks it: 2 Counterspell" in lutri["twice"] and "to qualify" not in lutri["twice"]


def test_decks_of_formats_with_other_legality_keys_in_one_batch() -> None:
    """A companion card's legality is read under each deck's own legality key, an index into its own
    format's keys: Standard Brawl's second key ("brawl", where no card lists "standardbrawl") beside
    a Modern deck, whose format has one key, in one batch (this raised an IndexError)."""
    brawl_only = {"brawl": "legal", "modern": "legal"}
    store = CardStore.from_records(
        [{**record, "legalities": brawl_only} for record in companion_cards.RECORDS], "brawl-keyed cards"
    )
    formats = {"brawl": "standardbrawl", "modern": "modern"}
    items = [
        ("brawl", "Commander\n1 Thalia, Guardian of Thraben\n\nDeck\n59 Plains\n"),
        ("modern", "60 Plains\n\nSideboard\n1 Kaheera, the Orphanguard\n"),
    ]
    context = per_deck_contexts(store, formats)
    rows = assert_same_rows(items, context)
    for deck_id, text in items:
        assert _handed_back(context(deck_id), [text]) == [], deck_id  # (the lean path's rows)
    kaheera = {
        row["deck_id"]: row["eligible"]
        for row in rows.companions.rows()
        if row["companion"].startswith("Kaheera")
    }
    assert kaheera == {"brawl": False, "modern": True}  # (outside Thalia's white; legal in Modern)


@BREAKERS
def test_yorions_near_miss_says_what_to_add_once(store: CardStore, breakers: bool) -> None:
    items = [
        ("undeclared", "79 Plains"),
        ("declared", "79 Plains\n\nCompanion\n1 Yorion, Sky Nomad"),
    ]
    rows = assert_same_rows(items, context_for(store, "modern"), breakers=breakers)
    messages = [row["message"] for row in rows.findings.rows() if row["code"] in ("DC401", "DC413")]
    assert len(messages) == 2
    for message in messages:
        assert message.count("add 1") == 1, message
