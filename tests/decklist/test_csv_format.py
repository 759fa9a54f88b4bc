"""The deck CSV reader: board values, Excel's ``sep=`` line and rows that do not fit their header."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from deckcheck import frames
from deckcheck.cards.store import CardStore
from deckcheck.cli import cli
from deckcheck.deck import LineKind, ParsedDeck, Zone
from deckcheck.decklist import detect_format, parse_text
from deckcheck.decklist.csv_format import ONE_WORD_SET_NAMES, excel_separator
from deckcheck.decklist.fast import fast_entries
from deckcheck.engine import check_parsed
from deckcheck.export import plan_export, read_back_problem
from deckcheck.formats import get_format


def zones(deck: ParsedDeck) -> list[tuple[int, str, Zone]]:
    return [(entry.line, entry.name, entry.zone) for entry in deck.entries]


def kinds(deck: ParsedDeck) -> dict[int, LineKind]:
    return {record.line: record.kind for record in deck.lines}


# -- the board column ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "zone"),
    [
        ("Main", Zone.MAIN),
        ("Mainboard", Zone.MAIN),
        ("Sideboard", Zone.SIDEBOARD),
        ("SB", Zone.SIDEBOARD),
        ("side", Zone.SIDEBOARD),
        ("Commander", Zone.COMMANDER),
        ("commanders", Zone.COMMANDER),  # Scryfall's section
        ("Companion", Zone.COMPANION),
        ("Maybeboard", Zone.MAYBEBOARD),
        ("Considering", Zone.MAYBEBOARD),  # as the text reader reads a "Considering" section
        ("nonlands", Zone.MAIN),  # Scryfall's groups of the main deck
        ("lands", Zone.MAIN),
        ("Creatures", Zone.MAIN),
    ],
)
def test_board_values_are_read_as_the_section_headers_are(board: str, zone: Zone) -> None:
    deck = parse_text(f"Count,Name,Board\n1,Opt,{board}\n")
    assert zones(deck) == [(2, "Opt", zone)]
    assert deck.problems == []


@pytest.mark.parametrize("count", ["Count", "Quantity", "Qty"])
@pytest.mark.parametrize("board", ["Board", "Section", "Category"])
def test_each_count_and_board_column_name_places_the_cards(count: str, board: str) -> None:
    """The column names doubletap's deck CSV reader accepts: any count column with any board column."""
    deck = parse_text(f"{count},Name,{board}\n1,Opt,Commander\n3,Shock,Sideboard\n")
    assert detect_format(f"{count},Name,{board}\n1,Opt,Commander\n") == "csv"
    assert [(e.quantity, e.name, e.zone) for e in deck.entries] == [
        (1, "Opt", Zone.COMMANDER),
        (3, "Shock", Zone.SIDEBOARD),
    ]
    assert deck.problems == []


def test_a_considering_board_is_the_maybeboard_not_the_sideboard() -> None:
    """'Considering' is the maybeboard, as a section header of that name is. It holds the letters
    "side", and a substring test read it as the sideboard: a maybeboard Lightning Bolt made six
    copies across deck and sideboard (DC104)."""
    deck = parse_text(
        "Count,Name,Board\n4,Lightning Bolt,Main\n2,Lightning Bolt,Considering\n1,Mox Opal,Considering\n"
    )
    assert zones(deck) == [
        (2, "Lightning Bolt", Zone.MAIN),
        (3, "Lightning Bolt", Zone.MAYBEBOARD),
        (4, "Mox Opal", Zone.MAYBEBOARD),
    ]


def test_a_category_that_names_tokens_is_not_a_token_zone() -> None:
    """Archidekt's 'Token Makers' are deck cards: the main deck, with a warning that the category is
    not a board deckcheck knows (as the text reader warns of an unknown section header)."""
    deck = parse_text(
        "Count,Name,Category\n"
        "1,Anointed Procession,Token Makers\n"
        "1,Sol Ring,Ramp\n"
        "1,Doubling Season,Token Makers\n"
    )
    assert zones(deck) == [
        (2, "Anointed Procession", Zone.MAIN),
        (3, "Sol Ring", Zone.MAIN),
        (4, "Doubling Season", Zone.MAIN),
    ]
    assert all(not tag.startswith("extra:") for entry in deck.entries for tag in entry.tags)
    warnings = [(p.code, p.severity, p.line, p.message) for p in deck.problems]
    assert len(warnings) == 2
    assert warnings[0][:3] == ("DC003", "warning", 2)
    assert "'Token Makers'" in warnings[0][3] and "lines 2 and 4" in warnings[0][3]
    assert "main deck" in warnings[0][3]
    assert warnings[1][:3] == ("DC003", "warning", 3)
    assert "'Ramp'" in warnings[1][3] and "line 3" in warnings[1][3]
    # each such row says so on its own line too
    notes = {record.line: record.note for record in deck.lines}
    assert "Token Makers" in notes[2] and "Token Makers" in notes[4]


def test_archidekts_categories_column_places_each_card() -> None:
    """Archidekt's deck CSV gives each card's categories in one "Categories" cell ("Commander,
    Legendary"): the first that names a zone places the card, the others are tags, as the Archidekt
    JSON reader reads them. The column was not known, so the commander, the companion and the
    maybeboard's Black Lotus were all read as the main deck (DC105, DC201 and DC306 invented)."""
    deck = parse_text(
        "Quantity,Name,Finish,Edition Code,Collector Number,Categories\n"
        '1,"Kenrith, the Returned King",Normal,eld,303,"Commander,Legendary"\n'
        "1,Lurrus of the Dream-Den,Normal,iko,226,Companion\n"
        '1,Sol Ring,Normal,c21,263,"Ramp, Artifact"\n'
        "97,Forest,Normal,eld,266,\n"
        "1,Black Lotus,Normal,lea,232,Maybeboard\n"
    )
    assert deck.input_format == "csv" and deck.problems == []
    assert [(e.line, e.name, e.zone, e.tags) for e in deck.entries] == [
        (2, "Kenrith, the Returned King", Zone.COMMANDER, ("Legendary",)),
        (3, "Lurrus of the Dream-Den", Zone.COMPANION, ()),
        (4, "Sol Ring", Zone.MAIN, ("Ramp", "Artifact")),
        (5, "Forest", Zone.MAIN, ()),
        (6, "Black Lotus", Zone.MAYBEBOARD, ()),
    ]


def test_a_categories_column_alone_makes_a_csv_header() -> None:
    assert detect_format("Name,Categories\nSol Ring,Ramp\n") == "csv"


def test_an_unknown_board_is_kept_out_of_the_deck_and_leaves_it_not_verified() -> None:
    """A Board column's value no reader knows may be the deck itself or a wishlist: its cards are
    neither counted as the main deck (too many cards, banned cards) nor dropped (too few), but kept
    out of the deck, tagged, with a board not read (DC002): the deck is not verified. (A Category
    column's value is a category of deck cards: the main deck, with a warning.)"""
    deck = parse_text("Count,Name,Board\n4,Lightning Bolt,Main\n1,Black Lotus,Wishboard\n1,Opt,Wishboard\n")
    assert zones(deck) == [
        (2, "Lightning Bolt", Zone.MAIN),
        (3, "Black Lotus", Zone.MAYBEBOARD),
        (4, "Opt", Zone.MAYBEBOARD),
    ]
    assert deck.entries[1].tags == ("extra:wishboard",)
    assert [(p.code, p.severity, p.line) for p in deck.problems] == [("DC002", "error", 3)]
    assert "'Wishboard'" in deck.problems[0].message and "lines 3 and 4" in deck.problems[0].message
    report = check_parsed(deck, CardStore.bundled(), get_format("modern"))
    assert report.status == "not verified" and "DC201" not in {f.code for f in report.findings}


def test_a_tokens_board_is_kept_out_of_the_deck() -> None:
    deck = parse_text("Count,Name,Board\n4,Lightning Bolt,Main\n1,Soldier,Tokens\n")
    assert zones(deck) == [(2, "Lightning Bolt", Zone.MAIN), (3, "Soldier", Zone.MAYBEBOARD)]
    assert "extra:tokens" in deck.entries[1].tags
    assert deck.problems == []


def test_scryfall_outside_the_game_is_the_sideboard_and_says_so() -> None:
    deck = parse_text('section,count,name\noutside,1,"Obosh, the Preypiercer"\n')
    assert zones(deck) == [(2, "Obosh, the Preypiercer", Zone.SIDEBOARD)]
    assert "outside the game" in next(r.note for r in deck.lines if r.line == 2)


# -- Excel's sep= line -----------------------------------------------------------------------------


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"])
def test_excel_separator_line(delimiter: str) -> None:
    text = f"sep={delimiter}\nCount{delimiter}Name\n4{delimiter}Lightning Bolt\n56{delimiter}Mountain\n"
    assert detect_format(text) == "csv"
    deck = parse_text(text)
    assert deck.input_format == "csv"
    assert [(e.quantity, e.name) for e in deck.entries] == [(4, "Lightning Bolt"), (56, "Mountain")]
    assert deck.problems == []
    assert kinds(deck) == {1: LineKind.COMMENT, 2: LineKind.HEADER, 3: LineKind.CARD, 4: LineKind.CARD}


def test_excel_separator_line_after_a_byte_order_mark_and_blank_lines() -> None:
    deck = parse_text("\ufeff\nSEP=;\n\nCount;Name\n4;Lightning Bolt\n")
    assert [(e.line, e.name) for e in deck.entries] == [(5, "Lightning Bolt")]
    assert deck.problems == []
    assert len(deck.lines) == 5


def test_excel_separator_line_with_no_header_after_it() -> None:
    deck = parse_text("sep=,\n", input_format="csv")
    assert [(p.code, p.severity) for p in deck.problems] == [("DC001", "error")]
    assert "no header row" in deck.problems[0].message


def test_the_fast_reader_leaves_an_excel_csv_to_the_full_parser() -> None:
    assert fast_entries("sep=,\nCount,Name\n4,Lightning Bolt\n56,Mountain\n") is None


DRAGON_SHIELD = (  # Dragon Shield's collection export: its sep= line quoted, as a CSV cell
    '"sep=,"\r\n'
    "Folder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,Condition,Printing,"
    "Language,Price Bought,Date Bought,LOW,MID,MARKET\r\n"
    "Burn,4,0,Lightning Bolt,M10,Magic 2010,146,NearMint,Foil,English,0.50,2021-01-01,,,\r\n"
    'Burn,1,0,"Atraxa, Praetors\' Voice",C16,Commander 2016,28,NearMint,Normal,English,0.00,2021-01-01,,,\r\n'
)


def test_a_quoted_excel_separator_line_is_read_as_one() -> None:
    assert detect_format(DRAGON_SHIELD) == "csv"
    assert detect_format("\ufeff" + DRAGON_SHIELD) == "csv"
    deck = parse_text(DRAGON_SHIELD)
    assert [(e.quantity, e.name, e.set_code, e.foil) for e in deck.entries] == [
        (4, "Lightning Bolt", "M10", True),
        (1, "Atraxa, Praetors' Voice", "C16", False),
    ]
    assert deck.problems == []
    assert kinds(deck) == {1: LineKind.COMMENT, 2: LineKind.HEADER, 3: LineKind.CARD, 4: LineKind.CARD}
    assert fast_entries(DRAGON_SHIELD) is None


@pytest.mark.parametrize("line", ['"sep=,', 'sep=,"', '"sep=a"', '""sep=,""'])
def test_a_half_quoted_separator_line_is_no_separator_line(line: str) -> None:
    assert excel_separator(line) is None


def test_mtgo_collection_csv_keeps_its_sideboard() -> None:
    """MTGO's CSV has no board column: its Sideboarded column (Yes/No) places a card, and Premium
    (Yes/No) is the foil."""
    deck = parse_text(
        "Card Name,Quantity,ID #,Rarity,Set,Collector #,Premium,Sideboarded,Annotation\n"
        '"Mountain",20,83561,Land,ZNR,277/280,No,No,0\n'
        '"Kalitas, Traitor of Ghet",1,59417,Mythic Rare,OGW,86/184,Yes,Yes,0\n'
        '"Duress",2,1,Common,M10,96/249,No,maybe,0\n'
    )
    assert detect_format(deck.lines[0].text) == "csv"
    assert [(e.quantity, e.name, e.zone, e.foil) for e in deck.entries] == [
        (20, "Mountain", Zone.MAIN, False),
        (1, "Kalitas, Traitor of Ghet", Zone.SIDEBOARD, True),
        (2, "Duress", Zone.MAIN, False),
    ]
    assert [(p.line, p.code, p.severity, p.message) for p in deck.problems] == [
        (4, "DC003", "warning", "Sideboarded 'maybe' is neither Yes nor No: read as the main deck")
    ]


def test_a_set_name_in_the_set_column_is_not_taken_for_its_code() -> None:
    """Deckbox's Edition column holds the set's name ("Magic 2010"), Moxfield's its code ("m10"):
    a name kept as the code would be written "Lightning Bolt|Magic 2010" to Forge."""
    deck = parse_text(
        "Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil\n"
        "4,0,Lightning Bolt,Magic 2010,146,Near Mint,English,\n"
        "1,0,Duress,m10,96,Near Mint,English,foil\n"
    )
    assert [(e.name, e.set_code, e.collector_number) for e in deck.entries] == [
        ("Lightning Bolt", None, "146"),
        ("Duress", "m10", "96"),
    ]
    assert deck.problems == []
    assert deck.lines[1].note == "set 'Magic 2010' is a set's name, not its code: not kept"


@pytest.mark.parametrize("name", ["Alpha", "Mirage", "Zendikar", "Coldsnap"])
def test_a_one_word_set_name_is_not_taken_for_its_code(name: str) -> None:
    """Regression: a set named in one word ("Zendikar") was kept as the code, and an export to
    Arena wrote "56 Mountain (Zendikar)", which its reader gives back as another card. A set code
    is capitals or small letters and digits ("ZEN", "m10", "PLIST"), never a capital and small
    letters."""
    deck = parse_text(f"Count,Name,Set\n4,Lightning Bolt,{name}\n2,Duress,ZEN\n1,Shock,plist\n3,Opt,M10\n")
    assert [e.set_code for e in deck.entries] == [None, "ZEN", "plist", "M10"]
    assert deck.lines[1].note == f"set {name!r} is a set's name, not its code: not kept"
    assert deck.problems == []
    assert read_back_problem(plan_export(deck, "arena")) is None


@pytest.mark.parametrize("name", ["zendikar", "mirage", "ZENDIKAR", "innistrad"])
def test_a_one_word_set_name_in_small_letters_is_not_taken_for_its_code(name: str) -> None:
    """Regression: "zendikar" was kept as a set code ("Zendikar" was not). Codes in small letters
    ("znr", "m21", "plist") stay codes: only a word that names a set is read as its name."""
    deck = parse_text(f"Count,Name,Set\n4,Lightning Bolt,{name}\n2,Duress,znr\n1,Shock,plist\n3,Opt,m21\n")
    assert [e.set_code for e in deck.entries] == [None, "znr", "plist", "m21"]
    assert deck.lines[1].note == f"set {name!r} is a set's name, not its code: not kept"
    assert deck.problems == []
    assert read_back_problem(plan_export(deck, "arena")) is None


def test_the_one_word_set_names_are_names_and_no_code(realdata: Path) -> None:
    """The list is MTGJSON's one-word set names, and none of them is a set's code in any case."""
    sets = json.loads((realdata / "format-history" / "SetList.json").read_text(encoding="utf-8"))["data"]
    names = {s["name"].casefold() for s in sets if " " not in s["name"]}
    codes = {s["code"].casefold() for s in sets}
    assert names >= ONE_WORD_SET_NAMES
    assert not ONE_WORD_SET_NAMES & codes


def test_delver_lens_quantity_x_column_is_the_count() -> None:
    """Regression: Delver Lens's CSV counts in a "QuantityX" column ("4x"): the file was not read
    as a CSV at all, each line an unknown card of 1 copy."""
    text = "QuantityX,Name,Edition,Foil\n4x,Lightning Bolt,Alpha,\n20x,Mountain,Mirage,\n36X,Mountain,ZEN,\n"
    assert detect_format(text) == "csv"
    deck = parse_text(text)
    assert [(e.quantity, e.name, e.set_code) for e in deck.entries] == [
        (4, "Lightning Bolt", None),
        (20, "Mountain", None),
        (36, "Mountain", "ZEN"),
    ]
    assert deck.problems == []
    bad = parse_text("QuantityX,Name\nxx,Lightning Bolt\n")
    assert [(p.code, p.message) for p in bad.problems] == [("DC002", "count 'xx' is not a whole number")]


# -- rows with more fields than the header ---------------------------------------------------------


def test_an_unquoted_comma_in_a_name_is_refused_on_its_line() -> None:
    deck = parse_text("Count,Name,Board\n1,Atraxa, Praetors' Voice,Commander\n4,Lightning Bolt,Main\n")
    assert zones(deck) == [(3, "Lightning Bolt", Zone.MAIN)]  # not a card named 'Atraxa'
    assert [(p.code, p.severity, p.line) for p in deck.problems] == [("DC002", "error", 2)]
    assert deck.problems[0].message == ("4 fields where the header has 3: a name with a comma must be quoted")
    assert kinds(deck)[2] is LineKind.PROBLEM


def test_an_unquoted_delimiter_is_named_as_the_file_uses_it() -> None:
    deck = parse_text("sep=;\nCount;Name\n1;Fire;Ice\n4;Lightning Bolt\n")
    assert [(e.line, e.name) for e in deck.entries] == [(4, "Lightning Bolt")]
    assert [(p.code, p.line, p.message) for p in deck.problems] == [
        ("DC002", 3, "3 fields where the header has 2: a name with a semicolon must be quoted")
    ]


def test_empty_trailing_fields_are_no_lost_data() -> None:
    deck = parse_text("Count,Name\n4,Lightning Bolt,\n56,Mountain,,\n")
    assert [(e.quantity, e.name) for e in deck.entries] == [(4, "Lightning Bolt"), (56, "Mountain")]
    assert deck.problems == []


# -- the CLI and the batch path read a CSV alike ---------------------------------------------------

CSV_DECK = (
    "sep=,\n"
    "Count,Name,Category\n"
    "4,Lightning Bolt,Main\n"
    "56,Mountain,Main\n"
    "2,Lightning Bolt,Considering\n"
    "1,Opt,Ramp\n"
    "1,Atraxa, Praetors' Voice,Sideboard\n"
)


def test_the_cli_and_frames_validate_give_the_same_findings(tmp_path: Path) -> None:
    """`check FILE -o json` reads the file, frames.validate the same text through parse_text."""
    path = tmp_path / "deck.csv"
    path.write_text(CSV_DECK, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path), "-o", "json", "--format", "modern"])
    (record,) = json.loads(result.output)["decks"]
    cli_findings = [(f["code"], f["severity"], f["line"], f["message"]) for f in record["findings"]]
    batch = frames.validate(pd.Series({str(path): CSV_DECK}), format="modern", progress=False).findings
    batch_findings = [
        (f.code, str(f.severity), 0 if pd.isna(f.line) else int(f.line), f.message)
        for f in batch.itertuples()
    ]
    assert batch_findings == cli_findings
    codes = {finding[0] for finding in cli_findings}
    assert "DC002" in codes and "DC003" in codes and "DC104" not in codes
