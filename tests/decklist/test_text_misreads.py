"""Lines the text reader once misread, each with the input that showed it: the reader must take
them as the exporters that write them mean them, or say clearly why it cannot, and the batch
reader (decklist.fast) must read every text it takes exactly so."""

from __future__ import annotations

import pandas as pd
import pytest

from deckcheck.cards.store import CardStore
from deckcheck.deck import LineKind, ParsedDeck, Zone
from deckcheck.decklist import parse_text
from deckcheck.decklist.fast import fast_entries, read_plain
from deckcheck.engine import check_parsed
from deckcheck.formats import get_format

MAIN, SIDE = Zone.MAIN, Zone.SIDEBOARD


def entries(deck: ParsedDeck) -> list[tuple[int, str, Zone, int]]:
    return [(e.quantity, e.name, e.zone, e.line) for e in deck.entries]


def line_kind(deck: ParsedDeck, number: int) -> LineKind:
    return next(record.kind for record in deck.lines if record.line == number)


def read(text: str) -> ParsedDeck:
    """parse_text's reading, after checking the batch reader reads the text the same or leaves it."""
    deck = parse_text(text, "deck.txt")
    fast = fast_entries(text)
    assert fast is None or fast == entries(deck), text
    return deck


# -- a section header written as a comment -----------------------------------------------------

BURN_WITH_SIDEBOARD = (
    "{deck}\n4 Lightning Bolt\n4 Monastery Swiftspear\n52 Mountain\n\n{sideboard}\n"
    "1 Lurrus of the Dream-Den\n2 Thundermaw Hellkite\n"
)


@pytest.mark.parametrize("marker", ["#", "##", "###", "//", "///"])
def test_a_comment_that_is_only_a_section_header_is_that_header(marker: str) -> None:
    """Markdown writes "## Sideboard", MWS "// Sideboard": the reader and its blank-line prescan
    once disagreed on the longer markers (a plain comment to one, a header to the other), and the
    sideboard merged into the main deck."""
    text = BURN_WITH_SIDEBOARD.format(deck=f"{marker} Deck", sideboard=f"{marker} Sideboard")
    deck = read(text)
    assert entries(deck) == [
        (4, "Lightning Bolt", MAIN, 2),
        (4, "Monastery Swiftspear", MAIN, 3),
        (52, "Mountain", MAIN, 4),
        (1, "Lurrus of the Dream-Den", SIDE, 7),
        (2, "Thundermaw Hellkite", SIDE, 8),
    ]
    assert line_kind(deck, 1) is LineKind.HEADER and line_kind(deck, 6) is LineKind.HEADER
    assert deck.problems == []
    assert fast_entries(text) == entries(deck)  # the batch reader takes it, as read


def test_a_markdown_sideboard_keeps_lurrus_out_of_the_main_deck() -> None:
    text = BURN_WITH_SIDEBOARD.format(deck="## Deck", sideboard="## Sideboard")
    report = check_parsed(parse_text(text, "deck.txt"), CardStore.bundled(), get_format("vintage"))
    lurrus = next(c for c in report.companions if c.companion == "Lurrus of the Dream-Den")
    assert lurrus.declared
    assert all(b.card != "Lurrus of the Dream-Den" for b in lurrus.breakers)


def test_a_comment_with_mixed_markers_is_a_comment_to_the_reader_and_its_prescan() -> None:
    """A "#// Sideboard" line is a "#" comment whose text is "// Sideboard": no header, so the blank
    line still starts the sideboard (the prescan once saw a header in it; the batch reader gave up)."""
    text = "4 Lightning Bolt\n#// Sideboard\n\n2 Duress\n"
    deck = read(text)
    assert entries(deck) == [(4, "Lightning Bolt", MAIN, 1), (2, "Duress", SIDE, 4)]
    assert line_kind(deck, 2) is LineKind.COMMENT
    assert fast_entries(text) == entries(deck)


# -- a section header with a count after its colon ----------------------------------------------


def test_a_header_with_a_count_after_its_colon_is_that_header() -> None:
    """A "Sideboard: 15" line was read as an "SB:" prefix with no card ("a count with no card name",
    DC002) and the sideboard merged into the main deck. Its count is the header's, as in
    "Sideboard (15)" (and here the copies read under each header, test_section_counts)."""
    text = "Main: 60\n4 Lightning Bolt\n56 Mountain\nSideboard: 6\n2 Duress\nCreatures: 4\n4 Goblin Guide\n"
    deck = read(text)
    assert entries(deck) == [
        (4, "Lightning Bolt", MAIN, 2),
        (56, "Mountain", MAIN, 3),
        (2, "Duress", SIDE, 5),
        (4, "Goblin Guide", SIDE, 7),  # a group inside the sideboard
    ]
    assert deck.problems == []
    assert [line_kind(deck, n) for n in (1, 4, 6)] == [LineKind.HEADER] * 3
    assert fast_entries("Main: 4\n4 Lightning Bolt\nSideboard: 2\n2 Duress\n") == [
        (4, "Lightning Bolt", MAIN, 2),
        (2, "Duress", SIDE, 4),
    ]


@pytest.mark.parametrize(
    "line",
    [
        "SB: 2",  # XMage and MWS write "SB:" before a card line: a lone count is one cut short
        "CMDR: 1",
        "Sideboard: 2 Duress",  # a prefix before a card line, as before
    ],
)
def test_a_prefix_with_a_count_is_no_header(line: str) -> None:
    deck = read(f"4 Lightning Bolt\n{line}\n")
    assert line_kind(deck, 2) is not LineKind.HEADER
    if line == "Sideboard: 2 Duress":
        assert entries(deck)[1] == (2, "Duress", SIDE, 2)
    else:
        assert [(p.line, p.code, p.message) for p in deck.problems] == [
            (2, "DC002", "a count with no card name")
        ]


# -- MTGGoldfish's "exact versions": a variant in angle brackets --------------------------------


@pytest.mark.parametrize(
    ("line", "name", "set_code", "foil", "note"),
    [
        ("36 Mountain <A> [UNH]", "Mountain", "UNH", False, "variant <A>"),
        ("1 Dualcaster Mage <precon> [CMR]", "Dualcaster Mage", "CMR", False, "variant <precon>"),
        ("1 Sol Ring <borderless> [CMM] (F)", "Sol Ring", "CMM", True, "variant <borderless>"),
        ("20 Mountain <278>", "Mountain", None, False, "variant <278>"),
    ],
)
def test_a_variant_in_angle_brackets_is_a_note(
    line: str, name: str, set_code: str | None, foil: bool, note: str
) -> None:
    """MTGGoldfish writes f"{qty} {name} <{variant}> [{set}]": the line was refused (DC002
    "unexpected '<'")."""
    deck = read(f"4 Lightning Bolt\n{line}\n")
    assert deck.problems == []
    (entry,) = deck.entries[1:]
    assert (entry.name, entry.set_code, entry.foil) == (name, set_code, foil)
    assert next(r.note for r in deck.lines if r.line == 2) == note


@pytest.mark.parametrize("line", ["4 Lightning <A> Bolt", "4 Lightning Bolt <>", "4 <A>"])
def test_angle_brackets_elsewhere_are_still_refused(line: str) -> None:
    deck = read(f"{line}\n")
    assert [p.code for p in deck.problems] == ["DC002"]


# -- a refused line is quoted as written ----------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("4 Fire/Ice {R}", "'Fire/Ice {R}' is not a card name (unexpected '{')"),
        ("2 Wear///Tear <foil", "'Wear///Tear <foil' is not a card name (unexpected '<')"),
        ("1 [/SB]", "'[/SB]' is not a card name (unexpected '[')"),
        ("3 ../..", "'../..' is not a card name (no letters)"),
    ],
)
def test_a_refused_name_is_quoted_as_written(line: str, message: str) -> None:
    """The message quoted the name as clean_name makes it, which reads every slash as a face
    separator: "[/DECK]" was shown as "[ // DECK]"."""
    deck = read(f"{line}\n")
    assert [(p.line, p.code, p.message) for p in deck.problems] == [(1, "DC002", message)]


# -- MTGSalvation's [DECK] ... [/DECK] wrapper -----------------------------------------------------


@pytest.mark.parametrize(
    ("opening", "closing"), [("[DECK]", "[/DECK]"), ("[deck]", "[/deck]"), (" [Deck] ", "[/Deck]")]
)
def test_the_forum_deck_wrapper_is_markup(opening: str, closing: str) -> None:
    """The footer was refused as "'[ // DECK]' is not a card name" (DC002)."""
    text = f"{opening}\n4 Lightning Bolt\n56 Mountain\n\n2 Duress\n{closing}\n"
    deck = read(text)
    assert entries(deck) == [
        (4, "Lightning Bolt", MAIN, 2),
        (56, "Mountain", MAIN, 3),
        (2, "Duress", SIDE, 5),
    ]
    assert deck.problems == []
    assert [(r.kind, r.note) for r in deck.lines if r.line in (1, 6)] == [
        (LineKind.COMMENT, "forum markup")
    ] * 2
    assert fast_entries(text) == entries(deck)


@pytest.mark.parametrize(
    "opening", ["[deck=Mono Red Burn]", "[DECK = Mono Red Burn]", '[deck title="Mono Red Burn"]']
)
def test_a_forum_wrapper_with_a_title_names_the_deck(opening: str) -> None:
    """A "[deck=Title]" line was refused as a card name (DC002), so the deck was not verified."""
    text = f"{opening}\n4 Lightning Bolt\n56 Mountain\n\n2 Duress\n[/deck]\n"
    deck = read(text)
    assert entries(deck) == [
        (4, "Lightning Bolt", MAIN, 2),
        (56, "Mountain", MAIN, 3),
        (2, "Duress", SIDE, 5),
    ]
    assert deck.problems == []
    assert deck.name == "Mono Red Burn"
    assert [(r.kind, r.note) for r in deck.lines if r.line == 1] == [(LineKind.COMMENT, "deck name")]
    lean = read_plain([text]).deck(0)
    assert lean is not None
    assert (list(lean.entries), lean.name, lean.metadata) == (entries(deck), deck.name, deck.metadata)


def test_a_bracketed_deck_after_forge_metadata_is_still_the_main_deck() -> None:
    deck = read("[metadata]\nName=Burn\n[Deck]\n4 Lightning Bolt\n")
    assert entries(deck) == [(4, "Lightning Bolt", MAIN, 4)]
    assert line_kind(deck, 3) is LineKind.HEADER


# -- a comment after " // " on a card line --------------------------------------------------------


def unknown_findings(text: str) -> list[tuple[int, str]]:
    report = check_parsed(parse_text(text, "deck.txt"), CardStore.bundled(), get_format("vintage"))
    return [(f.location.line, f.message) for f in report.findings if f.code == "DC010"]


def test_a_comment_after_a_one_faced_card_is_named_as_likely_one() -> None:
    """A reader cannot tell "Boros Charm // a note" from a split card (it knows no names), so the
    name stays unknown (the deck not verified: no guess decides a rule), but the finding says what
    the line most likely is, where it said nothing of it."""
    text = "4 Boros Charm // trailing comment\n4 Fire // Ice\n52 Mountain\n"
    assert unknown_findings(text) == [
        (
            1,
            "unknown card 'Boros Charm // trailing comment' (did you mean: Boros Charm? 'trailing comment'"
            " is none of its faces: a comment after ' // ' belongs on a line of its own): not in the card"
            " data (bundled sample set, 292 cards)",
        )
    ]


def test_a_misspelt_face_of_a_split_card_gets_the_card_as_its_did_you_mean() -> None:
    (finding,) = unknown_findings("4 Fire // Ise\n56 Mountain\n")
    assert finding[1].startswith("unknown card 'Fire // Ise' (did you mean: Fire // Ice?):")


def test_the_batch_checker_says_the_same_of_a_comment_after_a_card() -> None:
    from deckcheck import frames

    text = "4 Boros Charm // trailing comment\n56 Mountain\n"
    results = frames.validate(pd.Series([text]), format="vintage")
    messages = results.findings.loc[results.findings["code"] == "DC010", "message"].tolist()
    assert messages == [message for _, message in unknown_findings(text)]


# -- a web address on a card line ----------------------------------------------------------------

SCRYFALL_PAGE = "https://scryfall.com/card/m10/146/lightning-bolt"


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        (f"4 {SCRYFALL_PAGE}", SCRYFALL_PAGE),
        (SCRYFALL_PAGE, SCRYFALL_PAGE),  # a bare address: no count either
        ("1x HTTP://Example.com/deck?id=7", "HTTP://Example.com/deck?id=7"),
        ("2 www.example.com", "www.example.com"),  # no slash: the plain line shortcut refuses it too
        ("1 www.example.com [foil]", "www.example.com"),
        ("www.example.com", "www.example.com"),  # a name alone: that shortcut refuses it too
    ],
)
def test_a_web_address_is_no_card_name(line: str, shown: str) -> None:
    """A pasted link was an unknown card named "https: // scryfall.com // card // ..." (clean_name
    reads a slash as a face separator) that "may be newer than the card data": it is a line not
    read, quoted as written, and the deck is not verified."""
    text = f"{line}\n56 Mountain\n"
    deck = read(text)
    assert entries(deck) == [(56, "Mountain", MAIN, 2)]
    assert [(p.line, p.code, p.message) for p in deck.problems] == [
        (1, "DC002", f"{shown!r} is a web address, not a card name: write the card's name instead")
    ]
    assert unknown_findings(text) == []


def test_the_batch_checker_says_the_same_of_a_web_address() -> None:
    from deckcheck import frames

    text = f"// format: modern\n4 {SCRYFALL_PAGE}\n56 Mountain\n"
    results = frames.validate(pd.Series({"linked": text}), progress=False)
    found = results.findings
    assert found["code"].tolist() == ["DC002"] and found["line"].tolist() == [2]
    assert SCRYFALL_PAGE in found["message"].iloc[0]
    assert pd.isna(results.summary["legal"].iloc[0])


@pytest.mark.parametrize(
    "text",
    [
        f"Count,Name\n4,{SCRYFALL_PAGE}\n56,Mountain\n",
        f'[{{"name": "{SCRYFALL_PAGE}", "quantity": 4}}, {{"name": "Mountain", "quantity": 56}}]',
    ],
    ids=["csv", "json"],
)
def test_a_web_address_in_a_name_field_is_quoted_as_written(text: str) -> None:
    deck = parse_text(text, "deck")
    assert [e.name for e in deck.entries] == ["Mountain"]
    (problem,) = deck.problems
    assert problem.code == "DC002" and f"{SCRYFALL_PAGE!r} is a web address" in problem.message


# -- a word in brackets after the name that is no set code -----------------------------------------


def test_a_bracketed_word_too_long_for_a_set_code_stays_in_the_name() -> None:
    """ "(Prepared)" and "(Alchemy)" were read as set codes and dropped, so "Rampant Growth
    (Prepared)" was checked as Rampant Growth and "Geological Appraiser (Alchemy)", the Alchemy
    card A-Geological Appraiser, as the paper card. Set codes have two to six characters."""
    text = (
        "4 Rampant Growth (Prepared)\n2 Geological Appraiser (Alchemy) [LCI:A-150e]\n"
        "4 Lightning Bolt (M10) 146\n1 Forest (PMPS10)\n"
    )
    deck = read(text)
    assert [e.name for e in deck.entries] == [
        "Rampant Growth (Prepared)",
        "Geological Appraiser (Alchemy)",
        "Lightning Bolt",
        "Forest",
    ]
    assert [e.set_code for e in deck.entries][2:] == ["M10", "PMPS10"]


def test_a_name_with_a_note_in_brackets_is_offered_the_card_before_it() -> None:
    report = check_parsed(
        parse_text("4 Lightning Bolt (Playtest)\n56 Mountain\n", "deck.txt"),
        CardStore.bundled(),
        get_format("vintage"),
    )
    [unknown] = [f for f in report.findings if f.code == "DC010"]
    assert "'Lightning Bolt (Playtest)' (did you mean: Lightning Bolt?)" in unknown.message


# -- a zone's header written with a count, emphasis or a full-width colon ------------------------


@pytest.mark.parametrize(
    "header",
    [
        "Sideboard 2",
        "Sideboard - 2",
        "Sideboard — 2 cards",
        "Sideboard (2 cards)",
        "Sideboard: 2 cards",
        "**Sideboard**",
        "**Sideboard (2)**",
        "__Sideboard:__",
        "Sideboard：",  # a full-width colon (U+FF1A)
    ],
)
def test_a_decorated_sideboard_header_starts_the_sideboard(header: str) -> None:
    """Each was read as a card with no count (an unknown card "Sideboard 2") and the sideboard's
    cards charged to the main deck."""
    deck = read(f"4 Lightning Bolt\n56 Mountain\n{header}\n2 Duress\n")
    assert entries(deck) == [
        (4, "Lightning Bolt", MAIN, 1),
        (56, "Mountain", MAIN, 2),
        (2, "Duress", SIDE, 4),
    ]
    assert deck.problems == [] and line_kind(deck, 3) is LineKind.HEADER
    assert fast_entries(f"4 Lightning Bolt\n56 Mountain\n{header}\n2 Duress\n") == entries(deck)


def test_a_main_deck_header_with_its_count_ends_the_command_zone() -> None:
    """ "Main deck — 99 cards" was a 1-copy card in the command zone, and the 99 cards after it
    commanders: "Forest is not legendary", "101 commanders", a 101-card deck, all invented."""
    text = "Commander:\n1 Kenrith, the Returned King\nMain deck — 99 cards\n99 Forest\n"
    deck = read(text)
    assert entries(deck) == [
        (1, "Kenrith, the Returned King", Zone.COMMANDER, 2),
        (99, "Forest", MAIN, 4),
    ]
    assert deck.problems == [] and fast_entries(text) == entries(deck)


@pytest.mark.parametrize("line", ["Lightning Bolt 4", "*Sol Ring*", "Reserve", "Sideboard Hellkite 2"])
def test_a_decorated_line_of_no_header_word_is_read_as_before(line: str) -> None:
    """Only the words of the header vocabulary are headers when decorated: any other line stays
    the card line (with no count) it was read as."""
    deck = read(f"4 Lightning Bolt\n{line}\n")
    assert line_kind(deck, 2) is LineKind.CARD


# -- counts in digits other than 0-9 -------------------------------------------------------------

# Python's int() reads any Unicode decimal digit, and so did every reader, without a word: a count
# in other digits is read (each is exactly one digit), and said (DC003, a note), in every reader;
# digits of two systems in one count ("1٣", which int() reads as 13) are refused.
OTHER_DIGITS = [
    ("٣ Island", "count '٣' in Arabic-Indic digits: read as 3"),
    ("３ Island", "count '３' in fullwidth digits: read as 3"),
    ("３x Island", "count '３' in fullwidth digits: read as 3"),
    ("Island x３", "count '３' in fullwidth digits: read as 3"),
    ("SB: ３ Island", "count '３' in fullwidth digits: read as 3"),
]


@pytest.mark.parametrize(("line", "note"), OTHER_DIGITS)
def test_a_count_in_other_digits_is_read_and_noted(line: str, note: str) -> None:
    deck = read(f"4 Lightning Bolt\n{line}\n")
    assert [(e.quantity, e.name) for e in deck.entries] == [(4, "Lightning Bolt"), (3, "Island")]
    assert [(p.line, p.code, p.severity, p.message) for p in deck.problems] == [(2, "DC003", "info", note)]
    assert fast_entries(f"4 Lightning Bolt\n{line}\n") is None  # (the batch reader leaves it: the note)


@pytest.mark.parametrize(
    ("line", "systems"),
    [
        ("1٣ Island", "digits 0-9 and Arabic-Indic digits"),
        ("３3 Island", "fullwidth digits and digits 0-9"),
        ("Island x1٣", "digits 0-9 and Arabic-Indic digits"),
    ],
)
def test_a_count_in_two_digit_systems_is_refused(line: str, systems: str) -> None:
    """Fullwidth digits are no script: the refusal names the digit systems as the note does."""
    deck = read(f"4 Lightning Bolt\n{line}\n")
    assert [(e.quantity, e.name) for e in deck.entries] == [(4, "Lightning Bolt")]
    assert [(p.line, p.code) for p in deck.problems] == [(2, "DC002")]
    assert f"mixes digits of different systems ({systems})" in deck.problems[0].message


@pytest.mark.parametrize(
    ("count", "system"),
    [
        ("٣", "Arabic-Indic digits"),
        ("۳", "extended Arabic-Indic digits"),
        ("३", "Devanagari digits"),
        ("３", "fullwidth digits"),
        ("\U0001d7d1", "mathematical bold digits"),
    ],
)
def test_the_note_names_a_digit_system_as_a_sentence_does(count: str, system: str) -> None:
    """A form of digits is lower case mid-sentence ("fullwidth digits", not "Fullwidth digits"); a
    script keeps its name ("Devanagari digits")."""
    deck = read(f"{count} Island\n")
    assert [p.message for p in deck.problems] == [f"count {count!r} in {system}: read as 3"]


@pytest.mark.parametrize("header", ["Sideboard (٢)", "Sideboard: ٢", "Sideboard - ٢", "// Sideboard (２)"])
def test_a_header_count_in_other_digits_is_read_and_noted(header: str) -> None:
    """A header's count in other digits was read for the DC007 check without a word, where a card
    line's is noted: it is read the same, and noted the same."""
    deck = read(f"4 Lightning Bolt\n{header}\n1 Duress\n")
    assert [(e.zone, e.quantity) for e in deck.entries] == [(Zone.MAIN, 4), (Zone.SIDEBOARD, 1)]
    digit = header[-2] if header.endswith(")") else header[-1]
    system = "fullwidth digits" if digit == "２" else "Arabic-Indic digits"
    assert [(p.line, p.code, p.severity, p.message.split(" gives ")[0]) for p in deck.problems] == [
        (2, "DC003", "info", f"count {digit!r} in {system}: read as 2"),
        (2, "DC007", "warning", f"the header {header!r}"),  # (2 given, 1 read: still compared)
    ]
    assert fast_entries(f"4 Lightning Bolt\n{header}\n1 Duress\n") is None  # (the note)


def test_a_header_count_in_two_digit_systems_is_not_compared() -> None:
    """ "Sideboard (1٥)" was compared as 15 cards (int() reads it so): its count is refused as a card
    line's is, with a warning; the header still starts the sideboard."""
    deck = read("4 Lightning Bolt\nSideboard (1٥)\n1 Duress\n")
    assert [(e.zone, e.quantity) for e in deck.entries] == [(Zone.MAIN, 4), (Zone.SIDEBOARD, 1)]
    assert [(p.line, p.code, p.severity, p.message) for p in deck.problems] == [
        (
            2,
            "DC003",
            "warning",
            "count '1٥' mixes digits of different systems (digits 0-9 and Arabic-Indic digits): the "
            "header's count is not compared with the cards under it",
        )
    ]


@pytest.mark.parametrize(
    ("text", "input_format"),
    [
        ("Count,Name\n٣,Island\n", "csv"),
        ('[{"quantity": "٣", "name": "Island"}]', "json"),
        (
            '<cockatrice_deck version="1"><zone name="main">'
            '<card number="٣" name="Island"/></zone></cockatrice_deck>',
            "cod",
        ),
    ],
)
def test_every_reader_reads_and_notes_a_count_in_other_digits(text: str, input_format: str) -> None:
    deck = parse_text(text, "deck", input_format)
    assert [(e.quantity, e.name) for e in deck.entries] == [(3, "Island")], deck.problems
    notes = [p for p in deck.problems if p.code == "DC003"]
    assert [
        (p.severity, p.message.endswith("count '٣' in Arabic-Indic digits: read as 3")) for p in notes
    ] == [("info", True)], deck.problems
    mixed = parse_text(text.replace("٣", "1٣"), "deck", input_format)
    assert mixed.entries == [] and any("mixes digits" in p.message for p in mixed.problems), mixed.problems
