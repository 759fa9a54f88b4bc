"""A card's web page pasted where its name goes ("4 https://scryfall.com/card/m10/146/lightning-bolt")
is a line not read (DC002), and when the address names a card its finding offers that card: the
slug in the address loses the name's commas, apostrophes and face separators, which the card
data's folded names do not have either. The line is never read as the card."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.cards.store import CardStore
from deckcheck.decklist import parse_text
from deckcheck.decklist._names import card_page_name
from deckcheck.engine import check_parsed
from deckcheck.formats import get_format
from tests.batch.test_fast_equivalence import assert_same_rows, context_for
from tests.cardfactory import face, record
from tests.localization.stores import BACKENDS, store_of

LEGAL = {"modern": "legal", "legacy": "legal"}
RECORDS = [
    record("Mountain", None, "Basic Land — Mountain", legal=LEGAL),
    record("Lightning Bolt", "{R}", "Instant", legal=LEGAL, printed_names={"fr": ["Foudre"]}),
    record("Jace, the Mind Sculptor", "{2}{U}{U}", "Legendary Planeswalker — Jace", legal=LEGAL),
    record("Lim-Dûl's Vault", "{U}{B}", "Instant", legal=LEGAL),
    record(
        "Fire // Ice",
        layout="split",
        legal=LEGAL,
        faces=[face("Fire", "{1}{R}", "Instant"), face("Ice", "{1}{U}", "Instant")],
    ),
]


IS_A_WEB_ADDRESS = "is a web address, not a card name: write the card's name instead"


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> CardStore:
    return store_of(RECORDS, request, tmp_path)


@pytest.mark.parametrize(
    ("address", "card"),
    [
        ("https://scryfall.com/card/m10/146/lightning-bolt", "Lightning Bolt"),
        ("https://scryfall.com/card/wwk/31/jace-the-mind-sculptor/", "Jace, the Mind Sculptor"),
        ("https://scryfall.com/card/apc/128/fire-ice", "Fire // Ice"),
        ("https://scryfall.com/card/m10/146/fr/foudre", "Lightning Bolt"),  # a localized page
        ("https://gatherer.wizards.com/M10/en-us/146/lightning-bolt", "Lightning Bolt"),
        (
            "https://gatherer.wizards.com/Pages/Card/Details.aspx?name=Lim-D%C3%BBl%27s+Vault",
            "Lim-Dûl's Vault",
        ),
        ("https://edhrec.com/cards/lim-duls-vault", "Lim-Dûl's Vault"),
        ("https://edhrec.com/commanders/jace-the-mind-sculptor", "Jace, the Mind Sculptor"),
        ("https://www.mtggoldfish.com/price/Magic+2010/Lightning+Bolt#paper", "Lightning Bolt"),
        ("https://www.cardmarket.com/en/Magic/Products/Singles/Magic-2010/Lightning-Bolt", "Lightning Bolt"),
        ("www.edhrec.com/cards/fire-ice", "Fire // Ice"),
    ],
)
def test_a_card_page_s_address_offers_its_card(store: CardStore, address: str, card: str) -> None:
    text = f"4 {address}\n56 Mountain\n"
    report = check_parsed(parse_text(text, "deck.txt"), store, get_format("modern"))
    (finding,) = [f for f in report.findings if f.code == "DC002"]
    assert finding.message == f"{address!r} {IS_A_WEB_ADDRESS} (did you mean: {card}?)"
    assert dict(finding.data)["suggestions"] == [card]
    assert finding.location.line == 1
    # still a line not read: the card is not counted, and the deck is not verified
    assert [(c.entry.quantity, c.oracle_name) for c in report.deck.cards] == [(56, "Mountain")]
    assert report.legal is None


@pytest.mark.parametrize(
    "address",
    [
        "https://www.moxfield.com/decks/R6nyPXcVd0yVqZ4GwZ8jYg",  # a deck's page
        "https://tappedout.net/mtg-decks/fire-ice/",  # a deck named as a card: no card's page
        "https://archidekt.com/decks/1234/fire-ice",  # (its number is no collector number)
        "https://example.com/deck?name=Fire+Ice",
        "https://scryfall.com/card/m10/146/lightning-blot",  # no card of that name
        "https://scryfall.com/card/m10/146",
        "https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid=191089",
        "www.example.com",
    ],
)
def test_another_address_offers_nothing(store: CardStore, address: str) -> None:
    text = f"4 {address}\n56 Mountain\n"
    report = check_parsed(parse_text(text, "deck.txt"), store, get_format("modern"))
    (finding,) = [f for f in report.findings if f.code == "DC002"]
    assert finding.message == f"{address!r} {IS_A_WEB_ADDRESS}"
    assert not finding.data


def test_every_reader_and_the_maybeboard_get_the_offer(store: CardStore) -> None:
    page = "https://scryfall.com/card/m10/146/lightning-bolt"
    for text in (
        f"Count,Name\n4,{page}\n56,Mountain\n",
        f'[{{"name": "{page}", "quantity": 4}}, {{"name": "Mountain", "quantity": 56}}]',
        f"56 Mountain\nMaybeboard\n1 {page}\n",
    ):
        report = check_parsed(parse_text(text, "deck"), store, get_format("modern"))
        (finding,) = [f for f in report.findings if f.code == "DC002"]
        assert f"{page!r} is a web address" in finding.message, text
        assert "(did you mean: Lightning Bolt?)" in finding.message, text


def test_the_batch_path_offers_it_as_the_engine_does(store: CardStore) -> None:
    page = "https://scryfall.com/card/apc/128/fire-ice"
    assert_same_rows(
        [("main", f"4 {page}\n56 Mountain\n"), ("maybe", f"60 Mountain\nMaybeboard\n1 {page}\n")],
        context_for(store, "modern"),
    )


def test_card_page_name_reads_the_name_the_address_writes() -> None:
    assert card_page_name("https://gatherer.wizards.com/Pages/Card/Details.aspx?name=Fire+%2F%2F+Ice") == (
        "Fire // Ice"
    )
    assert card_page_name("https://scryfall.com/card/m10/146/lightning-bolt?utm_source=x") == "lightning-bolt"
    assert card_page_name("https://www.moxfield.com/decks/abc") is None
