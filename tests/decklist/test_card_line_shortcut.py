"""A plain ``N Name`` card line skips the decoration patterns: the result must be exactly what trying
every pattern gives, for any line and either dialect switch."""

from __future__ import annotations

import contextlib
import dataclasses
import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.deck import Entry, LineKind, LineRecord, Zone, line_record, new_entry
from deckcheck.decklist import _grammar, parse_text
from deckcheck.decklist._base import parse_quantity
from deckcheck.decklist._grammar import Header, HeaderKind, _parse_card, classify_header, parse_card
from deckcheck.decklist.text import _TextRun
from deckcheck.value import fields

PIECES = [
    "4",
    "4x",
    "x4",
    "0",
    "-1",
    "99999",
    "SB:",
    "cmdr:",
    "Lightning",
    "Bolt",
    "Jace,",
    "the",
    "Mind",
    "Sculptor",
    "Æther",
    "Vial",
    "Fire",
    "//",
    "Ice",
    "X",
    "Marks",
    "Spot",
    "*F*",
    "(M10)",
    "146",
    "#tag",
    "[M10:146]",
    "[Commander{top}]",
    "^Ramp^",
    "|M10|1",
    "+",
    "**",
    "*",
    "(f)",
    "x2",
    ":",
    "  ",
    "\t",
]


@settings(max_examples=600, deadline=None)
@given(
    st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=8)), min_size=1, max_size=6),
    st.booleans(),
    st.booleans(),
)
def test_shortcut_reads_every_line_as_the_full_grammar_does(
    pieces: list[str], forge: bool, archidekt: bool
) -> None:
    line = " ".join(pieces)
    full = _parse_card(line, forge=forge, archidekt=archidekt, shortcut=False)
    assert parse_card(line, forge=forge, archidekt=archidekt) == full


def test_plain_lines_keep_their_count_and_name() -> None:
    card = parse_card("4 Lightning Bolt")
    assert not isinstance(card, str)
    assert (card.quantity, card.name, card.set_code, card.tags) == (4, "Lightning Bolt", None, [])
    assert parse_card("0 Lightning Bolt") == _parse_card(
        "0 Lightning Bolt", forge=False, archidekt=False, shortcut=False
    )


@contextlib.contextmanager
def _without_plain_card() -> Iterator[None]:
    """_TextRun without its shortcut: every card line through _card and parse_card."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_TextRun, "_plain_card", lambda *_: False)
        yield


LINES = [
    *PIECES,
    "Sideboard",
    "Deck",
    "Commander",
    "// note",
    "# Creatures",
    "NAME: Burn",
    "[metadata]",
    "Name=Burn",
    "About",
    "Tokens",
    "٤",
    "1\u00a0Bolt",
    "\u200b",
    # printings and finishes in brackets (_TextRun._printed_card)
    "[C21:263]",
    "[TMP:*]",
    "[IKO:]",
    "[foil]",
    "[Foil]",
    "[etched]",
    "[token]",
    "[Ramp]",
    "[C21:263] [foil]",
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.lists(st.one_of(st.sampled_from(LINES), st.text(max_size=6)), max_size=5).map(" ".join),
        max_size=12,
    ),
    st.sampled_from(["arena", "mtgo", "plain", "moxfield", "forge", "xmage", "archidekt"]),
)
def test_text_run_reads_plain_card_lines_as_the_full_path_does(lines: list[str], dialect: str) -> None:
    """The text reader's own shortcut for ``N Name`` lines (_TextRun._plain_card) gives the deck
    (entries, line records, problems, metadata) that reading every line through parse_card does."""
    text = "\n".join(lines) + "\n"
    fast = parse_text(text, "x", dialect)
    with _without_plain_card():
        full = parse_text(text, "x", dialect)
    assert fast == full


ASCII_PIECES = [
    "4",
    "4x",
    "12X",
    "9999",
    "10000",
    "0",
    "x",
    "Bolt",
    "_____",
    "1996",
    "World",
    "Champion",
    "Who/What/When",
    "Fire//Ice",
    "!",
    "B`olt",
    "Borrower,",
    "Kaervek's",
    '"Ach!',
    "Hans,",
    'Run!"',
    "a" * 150,
    "",
    " ",
    "[C21:263]",
    "[AFR:*]",
    "[foil]",
    "[FOIL]",
    "[x:1]",
]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.lists(
            st.one_of(
                st.sampled_from(ASCII_PIECES),
                st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=6),
            ),
            max_size=5,
        ).map(" ".join),
        max_size=10,
    ),
    st.sampled_from(["arena", "mtgo", "plain", "forge", "xmage", "archidekt"]),
)
def test_text_run_reads_ascii_card_lines_as_the_full_path_does(lines: list[str], dialect: str) -> None:
    """The same for lines of printable ASCII, where the shortcut's own pattern decides: spaces
    around and inside the line, punctuation, names with no letter, slashes, long names."""
    text = "\n".join(lines) + "\n"
    fast = parse_text(text, "x", dialect)
    with _without_plain_card():
        full = parse_text(text, "x", dialect)
    assert fast == full


PRINTED_LINES = [
    "9 Mountain [AFR:*]",
    "1 Sol Ring [C21:263]",
    "1 Sol Ring [C21:263] [Foil]  ",
    "1 [IKO:148] Colossification",
    "1 [IKO:148] Colossification [foil]",
    "2x Island [TMP:]",
    "1 Veyran, Voice of Duality [foil]",
    "1 Sol Ring [C21:263★]",
    # (the long way)
    "1 Sol Ring [C21:263]  [foil]",
    "1 Veyran, Voice of Duality [etched]",
    "4 4 [C21:263]",  # (no letter in the name: refused)
    "1 [A:1] Two Printings [B:2]",
    "1 Sol Ring [C21:263] [foil] [foil]",
    "1 Llanowar Elves [Ramp]",
]


@pytest.mark.parametrize("dialect", ["arena", "mtgo", "plain", "moxfield", "forge", "xmage", "archidekt"])
def test_printed_card_lines_read_as_the_full_path_reads_them(dialect: str) -> None:
    """Lines with a printing or a finish in brackets: the shortcut's deck is the full path's, and it
    takes the common ones (no line through parse_card) outside Forge and Archidekt."""
    text = "\n".join(PRINTED_LINES) + "\n\n1 Sol Ring [C21:263]\n"
    fast = parse_text(text, "x", dialect)
    with _without_plain_card():
        full = parse_text(text, "x", dialect)
    assert fast == full
    assert {e.set_code for e in fast.entries} >= {"AFR", "C21", "IKO", "TMP"}
    if dialect not in ("forge", "archidekt"):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(_TextRun, "_card", lambda *_: pytest.fail("read the long way"))
            parse_text("\n".join(PRINTED_LINES[:8]) + "\n", "x", dialect)


NAMES_ALONE = [
    "Lightning Bolt",
    "  Jace, the Mind Sculptor  ",
    "Who's Who?",
    "Sideboard",
    "Creatures",
    "Lands",
    "Tokens",
    "About",
    "Library",
    "Lightning Bolt x4",
    "Bolt 4",
    "SB: Bolt",
    "_Deck_",
    "Deck cards",
    "Æther Vial",
    "Fire//Ice",
    "",
    "Duress",
]


@pytest.mark.parametrize("dialect", ["arena", "mtgo", "plain", "moxfield", "forge", "xmage", "archidekt"])
def test_names_alone_read_as_the_full_path_reads_them(dialect: str) -> None:
    """A list of names without counts (_TextRun._name_alone): the shortcut's deck is the full
    path's (one copy each, noted; headers, counts at either end and prefixes the long way), and it
    takes a plain name without parse_card."""
    text = "\n".join(NAMES_ALONE) + "\n"
    fast = parse_text(text, "x", dialect)
    with _without_plain_card():
        full = parse_text(text, "x", dialect)
    assert fast == full
    assert (fast.entries[0].quantity, fast.entries[0].name, fast.entries[0].count_given) == (
        1,
        "Lightning Bolt",
        False,
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_TextRun, "_card", lambda *_: pytest.fail("read the long way"))
        parse_text("Lightning Bolt\nJace, the Mind Sculptor\n\nDuress\n", "x", dialect)


def test_line_objects_built_by_their_builders_equal_the_constructed_ones() -> None:
    """deck.new_entry sets every field, as Entry's constructor does; deck.line_record builds the
    named tuple LineRecord's constructor builds."""
    entry = new_entry(
        4, "Lightning Bolt", Zone.SIDEBOARD, 7, "M10", "146", True, ("burn",), "4 Lightning Bolt"
    )
    constructed = Entry(
        4, "Lightning Bolt", Zone.SIDEBOARD, 7, "M10", "146", True, ("burn",), "4 Lightning Bolt"
    )
    assert entry == constructed
    assert type(entry) is Entry
    assert hash(entry) == hash(constructed)
    assert repr(entry) == repr(constructed)
    for name in fields(constructed):
        assert getattr(entry, name) == getattr(constructed, name)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(entry, name, None)
    assert new_entry(4, "Bolt", Zone.MAIN, 7) == Entry(4, "Bolt", Zone.MAIN, 7)
    record = line_record(7, LineKind.CARD, "4 Lightning Bolt", "a note")
    assert record == LineRecord(7, LineKind.CARD, "4 Lightning Bolt", "a note")
    assert type(record) is LineRecord
    assert (record.line, record.kind, record.text, record.note) == (
        7,
        LineKind.CARD,
        "4 Lightning Bolt",
        "a note",
    )


def test_no_header_word_has_a_colon() -> None:
    """classify_header turns a colon-holding line down early ("NAME: Burn"): that is right only
    while no header word it looks up has a colon."""
    words = (
        set(_grammar._HEADER_ZONE)
        | _grammar._EXTRA_HEADERS
        | _grammar._BRACKET_ONLY_EXTRA
        | _grammar._GROUP_HEADERS
        | {"about", "metadata"}
    )
    assert [word for word in words if ":" in word] == []
    assert classify_header("NAME: Burn") is None
    assert classify_header("Sideboard:") == Header(HeaderKind.ZONE, "Sideboard", Zone.SIDEBOARD)
    assert classify_header("Creatures: (12)") == Header(HeaderKind.GROUP, "Creatures", count_digits="12")


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(
        st.text(max_size=6),
        st.from_regex(r"\s*[+-]{0,2}[0-9\u0660-\u0669\uff10-\uff19\u00b2\u2155]{0,12}\s*", fullmatch=True),
    )
)
def test_parse_quantity_takes_what_the_count_pattern_takes(text: str) -> None:
    """parse_quantity checks a count with str.isdecimal where it used the regex [+-]?\\d+."""
    parsed = parse_quantity(text)
    digits = text.strip()
    if re.fullmatch(r"[+-]?\d+", digits) is None:
        assert parsed == f"count {digits!r} is not a whole number"
    else:
        assert parsed != f"count {digits!r} is not a whole number"
