"""Metadata lines are metadata at any length (XMage NAME/LAYOUT, Forge [metadata], Arena About);
the line limit is for card lines."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from deckcheck.decklist import parse_file, parse_text, write_cod

LAYOUTS = Path(__file__).resolve().parents[1] / "fixtures" / "layouts"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("NAME:" + "N" * 1500 + "\n4 Lightning Bolt\n", "N" * 1500),
        (
            "[metadata]\nName=" + "F" * 1500 + "\nDescription=" + "d" * 3000 + "\n[Main]\n4 Lightning Bolt\n",
            "F" * 1500,
        ),
        ("About\nName " + "A" * 1500 + "\n\nDeck\n4 Lightning Bolt\n", "A" * 1500),
    ],
    ids=["xmage-name", "forge-metadata", "arena-about"],
)
def test_metadata_lines_have_no_length_limit(text: str, name: str) -> None:
    deck = parse_text(text)
    assert deck.problems == [] and deck.name == name
    assert [(e.quantity, e.name) for e in deck.entries] == [(4, "Lightning Bolt")]


def test_card_lines_keep_the_length_limit() -> None:
    deck = parse_text("NAME:deck\n4 " + "A" * 1200 + "\n")
    assert [p.code for p in deck.problems] == ["DC002"] and "line too long" in deck.problems[0].message


def test_xmage_layout_line_over_the_limit_is_metadata() -> None:
    layout = "LAYOUT MAIN:(1,300)(NONE,false,50)|" + "([PLC:1])" * 300
    deck = parse_text(f"NAME:Burn\n4 [PLC:1] Lightning Bolt\n{layout}\n")
    assert len(layout) > 1000 and deck.problems == [] and deck.input_format == "xmage"
    assert deck.lines[2].note == "XMage layout (metadata)"


def test_xmage_commander_fixture_reads_without_problems() -> None:
    deck = parse_file(LAYOUTS / "xmage-commander.dck")
    assert deck.problems == [] and sum(e.quantity for e in deck.entries) == 101


def test_two_different_dates_are_reported_and_neither_is_used() -> None:
    """Which day the deck is from decides its legality under --as-of deck (and whether the card
    data describes it): two different dates are a warning on the second line, and the deck's date
    is then not read as either of them; the same date twice is no problem."""
    from deckcheck.as_of import metadata_date

    deck = parse_text("// date: 2020-01-10\n4 Lightning Bolt\n// Date: 2020-01-20\n56 Mountain\n")
    assert [(p.code, p.line, p.severity) for p in deck.problems] == [("DC003", 3, "warning")]
    assert "'2020-01-20' differs from '2020-01-10' (line 1)" in deck.problems[0].message
    assert metadata_date(deck.metadata) == (
        None,
        "it gives two different dates ('2020-01-10' and '2020-01-20'), so which day it is from is not known",
    )
    same = parse_text("// date: 2020-01-10\n4 Lightning Bolt\n// date: 2020-01-10\n")
    assert same.problems == [] and same.metadata["date"] == "2020-01-10"


def test_a_date_and_an_event_date_that_differ_leave_the_day_not_known() -> None:
    """A list dated 2019-08-29 that was played at an event of 2019-09-05 (Hogaak banned in Modern
    between them): which day it is judged for is not known, so neither is read (it was judged for
    2019-08-29 and called legal); the same day twice is that day."""
    from deckcheck.as_of import metadata_date

    both = parse_text("// date: 2019-08-29\n// event date: 2019-09-05\n4 Lightning Bolt\n56 Mountain\n")
    assert metadata_date(both.metadata) == (
        None,
        "it gives two different dates ('2019-08-29' and '2019-09-05'), so which day it is from is not known",
    )
    unreadable = parse_text("// date: 2019-08-29\n// event date: 09/05/2019\n4 Lightning Bolt\n")
    assert metadata_date(unreadable.metadata)[0] is None
    agreeing = parse_text("// date: 2019-08-29\n// event date: 2019-08-29 (GP)\n4 Lightning Bolt\n")
    assert metadata_date(agreeing.metadata) == (dt.date(2019, 8, 29), "the deck's date")


def test_cockatrice_comment_fields_keep_their_lines() -> None:
    """A `Format:` or `date:` line inside Cockatrice's <comments> is declared on its own line of
    the file, so a finding about it (an unknown format, a second date) points there, not at the
    whole file."""
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<cockatrice_deck version="1">\n'
        "  <deckname>Wolverine</deckname>\n"
        "  <comments>Colors: R, G\n"
        "Format:L EDH\n"
        "date: 2024-01-01\r\n"
        "Date: 2024-02-02</comments>\n"
        '  <zone name="main"><card number="60" name="Mountain"/></zone>\n'
        "</cockatrice_deck>\n"
    )
    deck = parse_text(text, "w.cod")
    assert deck.metadata["format"] == "L EDH" and deck.declared_format_line == 5
    # the second date's warning is on its line and names the first date's
    assert [(p.code, p.line) for p in deck.problems] == [("DC003", 7)]
    assert "(line 6)" in deck.problems[0].message


def test_a_cockatrice_comment_line_read_as_no_field_is_kept_by_the_writer() -> None:
    """The .cod writer drops the <comments> lines the reader reads as fields (it writes them anew
    from the deck) and keeps every other line: a field name with nothing after its colon is read
    as no field, so it is a comment and is written back, not lost."""
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<cockatrice_deck version="1">\n'
        "  <comments>Format:\nColors: R\nFormat: modern</comments>\n"
        '  <zone name="main"><card number="60" name="Mountain"/></zone>\n'
        "</cockatrice_deck>\n"
    )
    deck = parse_text(text, "w.cod")
    assert deck.metadata["format"] == "modern"
    written = write_cod(deck)
    comments = written[written.index("<comments>") + len("<comments>") : written.index("</comments>")]
    assert comments.split("\n") == ["Format: modern", "Format:", "Colors: R"]


@pytest.mark.parametrize(
    ("comment", "key"),
    [
        ("// date 2023-01-01", "date"),
        ("// Date：2023-01-01", "date"),  # a full-width colon (U+FF1A), as a CJK keyboard types it
        ("# Event Date 2023-01-01", "event date"),
        ("// event date：2023-01-01", "event date"),
    ],
)
def test_a_date_without_an_ascii_colon_is_the_decks_date(comment: str, key: str) -> None:
    """A deck dated after the card data is not verified by it: a date written without a colon, or
    with a full-width one, is the deck's date as ``// date: 2023-01-01`` is, never a plain comment
    that leaves the deck judged as undated."""
    from deckcheck.as_of import metadata_date

    deck = parse_text(f"4 Lightning Bolt\n56 Mountain\n{comment}\n")
    assert deck.problems == [] and deck.metadata == {key: "2023-01-01"}
    assert metadata_date(deck.metadata)[0] is not None and deck.metadata_line(key) == 3


def test_a_date_word_before_other_words_stays_a_comment() -> None:
    deck = parse_text("// date night deck\n4 Lightning Bolt\n")
    assert deck.metadata == {} and deck.lines[0].note == ""


def test_a_full_width_colon_separates_any_comment_key() -> None:
    deck = parse_text("// Format：modern\n// Name：Burn\n4 Lightning Bolt\n")
    assert deck.declared_format == "modern" and deck.name == "Burn"


def test_a_cockatrice_date_with_a_full_width_colon_is_read() -> None:
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
        "  <comments>date：2023-01-01</comments>\n"
        '  <zone name="main"><card number="60" name="Mountain"/></zone>\n</cockatrice_deck>\n'
    )
    assert parse_text(text).metadata.get("date") == "2023-01-01"
