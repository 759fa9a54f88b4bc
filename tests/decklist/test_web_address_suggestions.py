"""A card's web page pasted where its name goes ("4 https://scryfall.com/card/m10/146/lightning-bolt")
is a line not read (DC002), and when the address names a card its finding offers that card: the
slug in the address loses the name's commas, apostrophes and face separators, which the card
data's folded names do not have either. The line is never read as the card."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.batch import problems_from_text, problems_text
from deckcheck.cards.store import CardStore
from deckcheck.deck import ParseProblem
from deckcheck.decklist import parse_text
from deckcheck.decklist._names import card_page_name
from deckcheck.engine import check_parsed, web_address_suggestions
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


PAGE = "https://scryfall.com/card/m10/146/lightning-bolt"
# A card's page where its name goes, in every reader that reads a card name: the text dialects, CSV,
# the JSON shapes, Cockatrice's and MTGO's XML, and a maybeboard line.
PAGE_IN_EVERY_READER = {
    "text": f"4 {PAGE}\n56 Mountain\n",
    "arena": f"Deck\n4 {PAGE} (M10) 146\n56 Mountain\n",
    "moxfield": f"4 {PAGE} *F*\n56 Mountain\n",
    "xmage": f"4 [M10:146] {PAGE}\n56 Mountain\n",
    "forge": f"[Main]\n4 {PAGE}|M10\n56 Mountain\n",
    "maybeboard": f"56 Mountain\nMaybeboard\n1 {PAGE}\n",
    "csv": f"Count,Name\n4,{PAGE}\n56,Mountain\n",
    "json": f'[{{"name": "{PAGE}", "quantity": 4}}, {{"name": "Mountain", "quantity": 56}}]',
    "cod": (
        '<?xml version="1.0"?>\n<cockatrice_deck version="1">\n<zone name="main">\n'
        f'<card number="4" name="{PAGE}"/>\n<card number="56" name="Mountain"/>\n'
        "</zone>\n</cockatrice_deck>\n"
    ),
    "dek": (
        '<?xml version="1.0"?>\n<Deck>\n'
        f'<Cards Quantity="4" Sideboard="false" Name="{PAGE}" />\n'
        '<Cards Quantity="56" Sideboard="false" Name="Mountain" />\n</Deck>\n'
    ),
}


@pytest.mark.parametrize("reader", PAGE_IN_EVERY_READER)
def test_every_reader_carries_the_address_and_gets_the_offer(store: CardStore, reader: str) -> None:
    """The reader puts the address in its problem's data (the offer reads no message back), and the
    engine offers the card its page is for."""
    parsed = parse_text(PAGE_IN_EVERY_READER[reader], "deck")
    (problem,) = [p for p in parsed.problems if p.code == "DC002"]
    assert problem.data == (("web_address", PAGE),)
    report = check_parsed(parsed, store, get_format("modern"))
    (finding,) = [f for f in report.findings if f.code == "DC002"]
    assert f"{PAGE!r} is a web address" in finding.message
    assert "(did you mean: Lightning Bolt?)" in finding.message
    assert dict(finding.data) == {"suggestions": ["Lightning Bolt"]}


def test_an_address_the_message_quotes_without_the_data_offers_nothing(store: CardStore) -> None:
    """Only the reader's data names an address: a message that quotes one, from a problem without
    it, is not read back for one."""
    message = f"{PAGE!r} {IS_A_WEB_ADDRESS}"
    (finding,) = web_address_suggestions("deck", [ParseProblem(1, message, code="DC002")], store)
    assert finding.message == message and not finding.data
    (offered,) = web_address_suggestions(
        "deck", [ParseProblem(1, "no card here", code="DC002", data=(("web_address", PAGE),))], store
    )
    assert "(did you mean" not in offered.message  # (the message says no address to offer after)
    assert dict(offered.data) == {"suggestions": ["Lightning Bolt"]}


def test_a_long_frame_keeps_the_address_with_the_problem() -> None:
    """The batch path keeps a deck's problems as text (batch.problems_text): the data goes with them."""
    problems = parse_text(PAGE_IN_EVERY_READER["csv"], "deck").problems
    assert [p.data for p in problems] == [(("web_address", PAGE),)]
    assert problems_from_text(problems_text(problems) or "", "deck") == problems


def test_the_batch_path_offers_it_as_the_engine_does(store: CardStore) -> None:
    """fast=True and fast=False give the same rows, the offer included, for every reader."""
    page = "https://scryfall.com/card/apc/128/fire-ice"
    assert_same_rows(
        [
            ("main", f"4 {page}\n56 Mountain\n"),
            ("maybe", f"60 Mountain\nMaybeboard\n1 {page}\n"),
            *((reader, text.replace(PAGE, page)) for reader, text in PAGE_IN_EVERY_READER.items()),
        ],
        context_for(store, "modern"),
    )


def test_card_page_name_reads_the_name_the_address_writes() -> None:
    assert card_page_name("https://gatherer.wizards.com/Pages/Card/Details.aspx?name=Fire+%2F%2F+Ice") == (
        "Fire // Ice"
    )
    assert card_page_name("https://scryfall.com/card/m10/146/lightning-bolt?utm_source=x") == "lightning-bolt"
    assert card_page_name("https://www.moxfield.com/decks/abc") is None
