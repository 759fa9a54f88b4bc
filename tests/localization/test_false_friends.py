"""Names a localized list may mean two ways: one card's English name that is, in the list's
language, another card's printed name (French prints Endure "Endurance"). In an English list the
English card is meant; in a list written in that language (which falls back to English names where
it has none) either is, so the name is read as neither (DC011) unless a set code picks one. The
engine and the lean batch path read such lists alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.cards.store import CardStore
from deckcheck.decklist import parse_text
from deckcheck.engine import AMBIGUOUS_CARD, check_parsed
from deckcheck.formats import get_format
from tests.batch.test_fast_equivalence import assert_same_rows, context_for
from tests.cardfactory import record
from tests.localization.stores import BACKENDS, store_of

LEGAL = {"modern": "legal"}
RECORDS = [
    record("Mountain", None, "Basic Land — Mountain", legal=LEGAL, printed_names={"fr": ["Montagne"]}),
    record(
        "Lightning Bolt", "{R}", "Instant", legal=LEGAL, printed_names={"fr": ["Foudre"]}, printings=["M10"]
    ),
    record("Endurance", "{1}{G}{G}", "Creature — Elemental Incarnation", legal=LEGAL, printings=["MH2"]),
    record(
        "Endure", "{3}{W}{W}", "Instant", legal=LEGAL, printed_names={"fr": ["Endurance"]}, printings=["EVE"]
    ),
    # French prints Badlands "Désolation": a French list typing it without its accent names an
    # English card too
    record("Desolation", "{1}{B}{B}", "Enchantment", legal=LEGAL, printings=["ATQ"]),
    record(
        "Badlands",
        None,
        "Land — Swamp Mountain",
        legal=LEGAL,
        printed_names={"fr": ["Désolation"]},
        printings=["LEA"],
    ),
]


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> CardStore:
    return store_of(RECORDS, request, tmp_path)


def deck(*lines: str) -> str:
    return "\n".join(["Deck", "4 Foudre", "56 Montagne", "Sideboard", *lines]) + "\n"


def codes_at(text: str, store: CardStore, line: int) -> list[str]:
    report = check_parsed(parse_text(text, "deck.txt"), store, get_format("modern"))
    return [f.code for f in report.findings if f.location is not None and f.location.line == line]


def test_a_false_friend_in_a_localized_list_is_read_as_neither_card(store: CardStore) -> None:
    report = check_parsed(parse_text(deck("3 Endurance"), "deck.txt"), store, get_format("modern"))
    (error,) = [f for f in report.findings if f.code == AMBIGUOUS_CARD.code]
    assert error.location is not None and error.location.line == 5
    assert "'Endurance'" in error.message and "'Endure'" in error.message and "(MH2)" in error.message
    assert report.legal is None  # not verified: no guess either way
    assert [e.name for e in report.deck.unresolved] == ["Endurance"]


def test_a_set_code_of_the_english_card_alone_reads_it(store: CardStore) -> None:
    report = check_parsed(parse_text(deck("3 Endurance (MH2) 157"), "deck.txt"), store, get_format("modern"))
    assert AMBIGUOUS_CARD.code not in {f.code for f in report.findings}
    assert [dc.oracle_name for dc in report.deck.cards if dc.entry.name == "Endurance"] == ["Endurance"]


def test_in_an_english_list_the_english_card_is_meant(store: CardStore) -> None:
    text = "Deck\n4 Lightning Bolt\n56 Mountain\nSideboard\n3 Endurance\n"
    assert codes_at(text, store, 5) == []


def test_a_name_that_is_a_printed_name_without_its_accents_is_read_as_neither_card(store: CardStore) -> None:
    report = check_parsed(parse_text(deck("1 Desolation"), "deck.txt"), store, get_format("modern"))
    (error,) = [f for f in report.findings if f.code == AMBIGUOUS_CARD.code]
    assert "'Badlands'" in error.message and "'Désolation'" in error.message and "(ATQ)" in error.message
    assert report.legal is None and [e.name for e in report.deck.unresolved] == ["Desolation"]
    # in an English list the English card is meant
    assert codes_at("Deck\n4 Lightning Bolt\n56 Mountain\nSideboard\n1 Desolation\n", store, 5) == []


@pytest.mark.parametrize(
    "line",
    ["3 Endurance", "3 ENDURANCE", "3 Endurance (MH2) 157", "3 Endure", "1 Desolation", "1 Desolation (ATQ)"],
)
def test_the_batch_path_reads_them_as_the_engine_does(store: CardStore, line: str) -> None:
    items = [("fr", deck(line)), ("en", "Deck\n4 Lightning Bolt\n56 Mountain\nSideboard\n" + line + "\n")]
    assert_same_rows(items, context_for(store, "modern"))
