"""The day a deck JSON says its deck is from: a TCGplayer event's day (written month first), an
MTGJSON preconstructed deck's release day; and what is not a deck's day (a deck site's edit time)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from deckcheck.as_of import metadata_date
from deckcheck.cards.store import CardStore
from deckcheck.decklist import parse_file, parse_text
from deckcheck.engine import check_parsed
from deckcheck.formats import get_format


def tcgplayer(event_date: str | None, created: str = "2024-06-11T10:23:30Z", **extra: Any) -> str:
    """A TCGplayer deck body (result.deck.subDecks, result.cards) from an event."""
    deck: dict[str, Any] = {
        "format": "commander",
        "name": "Malcolm and Vial Smasher",
        "eventName": "SCG Con Las Vegas cEDH $8K",
        "eventRank": "5th-8th",
        "eventWins": None,
        "playerName": "Everett Delfel",
        "created": created,
        "subDecks": {
            "commandzone": [{"cardID": 1, "quantity": 1}],
            "maindeck": [{"cardID": 2, "quantity": 1}, {"cardID": 3, "quantity": 98}],
        },
        **extra,
    }
    if event_date is not None:
        deck["eventDate"] = event_date
    cards = {
        "1": {"name": "Krenko, Mob Boss"},
        "2": {"name": "Mana Crypt"},
        "3": {"name": "Mountain"},
    }
    return json.dumps({"result": {"deck": deck, "cards": cards}})


def test_a_tcgplayer_event_date_is_the_decks_date_read_month_first() -> None:
    deck = parse_text(tcgplayer("06-09-2024"), "t.json")
    assert metadata_date(deck.metadata) == (dt.date(2024, 6, 9), "the deck's date")
    assert deck.metadata["event"] == "SCG Con Las Vegas cEDH $8K"
    assert deck.metadata["player"] == "Everett Delfel" and deck.metadata["result"] == "5th-8th"
    assert "wins" not in deck.metadata  # null in the file: not a result
    assert deck.problems == []
    (note,) = [r.note for r in deck.lines if r.text == "eventDate: 06-09-2024"]
    assert note.endswith("read month first (MM-DD-YYYY), as TCGplayer writes it: 2024-06-09")


@pytest.mark.parametrize(
    ("written", "created", "why"),
    [
        # read month first it is no date (nor read day first): the file does not write it month first
        ("06-31-2024", "2024-06-20T00:00:00Z", "it is no date"),
        # read month first it is the 6th of September, after the deck was entered in June
        ("09-06-2024", "2024-06-11T10:23:30Z", "2024-09-06, after the deck was entered (2024-06-11)"),
        ("June 9th", "2024-06-11T10:23:30Z", "not a date TCGplayer writes"),
    ],
)
def test_an_event_date_of_unknown_order_is_no_date(written: str, created: str, why: str) -> None:
    deck = parse_text(tcgplayer(written, created), "t.json")
    day, reason = metadata_date(deck.metadata)
    assert day is None and written in reason  # the deck has no date, and the reason quotes it
    (warning,) = deck.problems
    assert warning.code == "DC003" and warning.severity == "warning"
    assert why in warning.message and "the day the deck is from is not known" in warning.message


def test_an_event_date_that_reads_one_way_only_is_that_day() -> None:
    """13 is no month: "13-06-2024" names the 13th of June whichever order TCGplayer meant, as a
    text list's `// date: 13-06-2024` does (one reading of dates for every reader)."""
    deck = parse_text(tcgplayer("13-06-2024", "2024-06-20T00:00:00Z"), "t.json")
    assert metadata_date(deck.metadata) == (dt.date(2024, 6, 13), "the deck's date")
    assert deck.problems == []
    text = parse_text("// date: 13-06-2024\n4 Lightning Bolt\n", "t.txt")
    assert metadata_date(text.metadata)[0] == dt.date(2024, 6, 13)


def test_a_tcgplayer_deck_from_before_a_ban_is_not_charged_with_it() -> None:
    """Mana Crypt was banned in Commander after the event: the card data (of a later day) does not
    vouch for the deck's day, so its legality is not verified, never "banned"."""
    store = CardStore.bundled()
    deck = parse_text(tcgplayer("06-09-2024"), "t.json")
    report = check_parsed(deck, store, get_format("commander"))
    codes = [f.code for f in report.findings]
    assert "DC201" not in codes and report.status == "not verified"
    (note,) = [f for f in report.findings if f.code == "DC015" and "Mana Crypt" in f.message]
    assert "2024-06-09" in note.message


def test_an_mtgjson_deck_release_date_is_its_date() -> None:
    """A preconstructed deck's release day, as a precon list's `// DATE:` line gives it."""
    body = {
        "data": {
            "name": "Breed Lethality",
            "releaseDate": "2018-06-08",
            "type": "Commander Deck",
            "mainBoard": [{"name": "Forest", "count": 99}],
            "commander": [{"name": "Atraxa, Praetors' Voice", "count": 1}],
        }
    }
    deck = parse_text(json.dumps(body), "m.json")
    text = parse_text("// NAME: Breed Lethality\n// DATE: 2018-06-08\n99 Forest\n", "m.txt")
    assert metadata_date(deck.metadata) == metadata_date(text.metadata)
    assert str(metadata_date(deck.metadata)[0]) == "2018-06-08"


@pytest.mark.parametrize(
    ("body", "edited"),
    [
        (
            {
                "name": "M",
                "lastUpdatedAtUtc": "2024-10-22T15:19:43.807Z",
                "mainboard": {"x": {"quantity": 60, "card": {"name": "Forest"}}},
            },
            "2024-10-22T15:19:43.807Z",
        ),
        (
            {
                "name": "A",
                "updatedAt": "2024-10-22T15:17:18.470938Z",
                "categories": [],
                "cards": [{"quantity": 60, "card": {"oracleCard": {"name": "Forest"}}, "categories": []}],
            },
            "2024-10-22T15:17:18.470938Z",
        ),
    ],
)
def test_a_deck_sites_edit_time_is_kept_but_is_not_the_decks_date(body: dict[str, Any], edited: str) -> None:
    """Moxfield's lastUpdatedAtUtc and Archidekt's updatedAt say when the list was last edited, not
    the day it was played: the deck stays undated (judged for the day of the check)."""
    deck = parse_text(json.dumps(body), "d.json")
    assert deck.metadata["last updated"] == edited
    assert metadata_date(deck.metadata)[0] is None


def test_realdata_tcgplayer_event_deck_has_its_date(realdata: Path) -> None:
    path = realdata / "decks" / "mtg-parser-exports" / "infinite-api_tcgplayer_com_8302f5f3.json"
    if not path.is_file():
        pytest.skip("mtg-parser exports not present")
    deck = parse_file(path)
    assert str(metadata_date(deck.metadata)[0]) == "2024-06-09"
