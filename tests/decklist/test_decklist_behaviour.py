"""Hand-written expectations for the parsing rules (the golden files pin whole outputs; these pin
the individual decisions, each with the input that exercises it)."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest

from deckcheck.deck import LineKind, ParsedDeck, Zone
from deckcheck.decklist import (
    INPUT_FORMATS,
    detect_format,
    parse_bytes,
    parse_file,
    parse_findings,
    parse_text,
)
from deckcheck.engine import unread_part
from deckcheck.findings import CODES, Severity


def cards(deck: ParsedDeck) -> list[tuple[str, int, str]]:
    return [(str(e.zone), e.quantity, e.name) for e in deck.entries]


def codes(deck: ParsedDeck) -> list[tuple[int, str, str]]:
    return [(p.line, getattr(p, "code", ""), p.severity) for p in deck.problems]


# -- API ---------------------------------------------------------------------------------------


def test_input_format_names() -> None:
    required = {
        "arena",
        "mtgo",
        "dek",
        "plain",
        "cod",
        "forge",
        "xmage",
        "moxfield",
        "archidekt",
        "csv",
        "json",
    }
    assert required <= set(INPUT_FORMATS)
    for name, parser in INPUT_FORMATS.items():
        assert parser.name == name
        assert parser.description


def test_codes_are_registered() -> None:
    assert {"DC001", "DC002", "DC003", "DC004"} <= set(CODES)  # declared on import of deckcheck.decklist
    assert CODES["DC001"].severity is Severity.ERROR
    assert CODES["DC003"].severity is Severity.WARNING
    assert CODES["DC004"].severity is Severity.INFO


def test_unknown_input_format_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown input format 'nope'"):
        parse_text("4 Lightning Bolt", input_format="nope")


def test_forced_format_overrides_detection() -> None:
    text = "[Main]\n4 Lightning Bolt+\n"
    assert parse_text(text).input_format == "forge"
    forced = parse_text(text, input_format="plain")
    assert forced.input_format == "plain"
    assert forced.entries[0].name == "Lightning Bolt+"  # '+' is a foil marker only in Forge
    forge = parse_text(text, input_format="forge").entries[0]
    assert (forge.name, forge.foil) == ("Lightning Bolt", True)


def test_parse_findings_locations() -> None:
    deck = parse_text("Deck\n4 Lightning Bolt\n0 Shock\n", path="deck.txt")
    (finding,) = parse_findings(deck)
    assert finding.code == "DC002"
    assert finding.severity is Severity.ERROR
    assert (finding.location.path, finding.location.line, finding.location.section) == ("deck.txt", 3, "main")
    assert finding.slug == "unparsable-line"


# -- Arena / sections ------------------------------------------------------------------------


def test_companion_in_both_sections_is_one_card() -> None:
    text = "Companion\n1 Lurrus of the Dream-Den\n\nDeck\n60 Plains\n\nSideboard\n2 Lurrus of the Dream-Den\n"
    deck = parse_text(text)
    assert cards(deck) == [
        ("companion", 1, "Lurrus of the Dream-Den"),
        ("main", 60, "Plains"),
        ("sideboard", 1, "Lurrus of the Dream-Den"),
    ]
    (problem,) = deck.problems
    assert (problem.line, getattr(problem, "code", None), problem.severity) == (8, "DC004", "info")
    assert "line 2" in problem.message and "line 8" in problem.message and "2 -> 1" in problem.message
    assert deck.lines[7].kind is LineKind.CARD and "merged" in deck.lines[7].note


def test_companion_only_under_companion_is_left_alone() -> None:
    deck = parse_text("Companion\n1 Jegantha, the Wellspring\n\nDeck\n60 Mountain\n")
    assert deck.problems == []
    assert deck.count(Zone.COMPANION) == 1


def test_sections_in_melee_order_keep_their_zones() -> None:
    """Melee writes MainDeck, then Companion with no blank line before it, then Sideboard: each
    header places its cards, and the blank line after the companion starts nothing."""
    deck = parse_text(
        "MainDeck\n4 Llanowar Elves\n56 Forest\nCompanion\n1 Kaheera, the Orphanguard\n\n"
        "Sideboard\n2 Surgical Extraction\n12 Forest\n"
    )
    assert cards(deck) == [
        ("main", 4, "Llanowar Elves"),
        ("main", 56, "Forest"),
        ("companion", 1, "Kaheera, the Orphanguard"),
        ("sideboard", 2, "Surgical Extraction"),
        ("sideboard", 12, "Forest"),
    ]
    assert deck.problems == []


def test_arena_about_name_and_headers() -> None:
    deck = parse_text("About\nName My Deck\n\nCommander\n1 Atraxa, Praetors' Voice\n\nDeck\n99 Forest\n")
    assert deck.name == "My Deck"
    assert cards(deck) == [("commander", 1, "Atraxa, Praetors' Voice"), ("main", 99, "Forest")]


def test_cards_after_commander_and_blank_line_are_the_main_deck() -> None:
    deck = parse_text("Commander\n1 Krenko, Mob Boss\n\n40 Mountain\n59 Goblin Guide\n")
    assert cards(deck) == [
        ("commander", 1, "Krenko, Mob Boss"),
        ("main", 40, "Mountain"),
        ("main", 59, "Goblin Guide"),
    ]


def test_localised_arena_headers() -> None:
    deck = parse_text("Mazo\n4 Shock\n\nBanquillo\n2 Negate\n")
    assert cards(deck) == [("main", 4, "Shock"), ("sideboard", 2, "Negate")]


def test_maybeboard_and_extra_sections_are_never_in_the_deck() -> None:
    deck = parse_text(
        "Deck\n4 Shock\n\nMaybeboard\n1 Opt\n\nPlanar Deck\n1 Stensia\n\nDisplay Commander\n1 Kasla\n"
    )
    assert deck.count(Zone.MAIN) == 4
    assert deck.count(Zone.MAYBEBOARD) == 3
    assert [e.tags for e in deck.zone(Zone.MAYBEBOARD)] == [
        (),
        ("extra:planar deck",),
        ("extra:display commander",),
    ]


# -- MTGO blank line ---------------------------------------------------------------------------


def test_blank_line_starts_sideboard_only_without_explicit_marker() -> None:
    assert cards(parse_text("4 Shock\n\n2 Negate\n")) == [("main", 4, "Shock"), ("sideboard", 2, "Negate")]
    with_header = parse_text("4 Shock\n\n2 Opt\n\nSideboard\n2 Negate\n")
    assert cards(with_header) == [("main", 4, "Shock"), ("main", 2, "Opt"), ("sideboard", 2, "Negate")]
    with_prefix = parse_text("4 Shock\n\n2 Opt\nSB: 2 Negate\n")
    assert cards(with_prefix) == [("main", 4, "Shock"), ("main", 2, "Opt"), ("sideboard", 2, "Negate")]


def test_large_blank_line_sideboard_is_flagged() -> None:
    deck = parse_text("40 Mountain\n\n20 Forest\n")
    assert cards(deck)[-1] == ("sideboard", 20, "Forest")
    assert codes(deck) == [(2, "DC003", "warning")]
    assert "20 cards after the blank line 2" in deck.problems[0].message


def test_a_blank_line_after_fewer_cards_than_any_deck_parts_groups_of_one_deck() -> None:
    """A preconstructed list writes its 36 spells, a blank line, then its 24 lands: more cards than
    a sideboard after fewer than any deck (40). Read as the MTGO sideboard, the deck was "illegal"
    (36 main, 24 sideboard); it is one main deck of 60, and a warning says how it was read. A blank
    line after a deck of 40 or more still starts the sideboard, whatever its size."""
    deck = parse_text("12 Lightning Bolt\n24 Shock\n\n20 Mountain\n4 Forest\n")
    assert cards(deck) == [
        ("main", 12, "Lightning Bolt"),
        ("main", 24, "Shock"),
        ("main", 20, "Mountain"),
        ("main", 4, "Forest"),
    ]
    assert codes(deck) == [(3, "DC003", "warning")]
    assert (
        "the 24 cards after the blank line 3 were read as part of the main deck" in deck.problems[0].message
    )
    assert "the 36 before it are no deck on their own" in deck.problems[0].message
    assert [(r.line, r.note) for r in deck.lines if r.note] == [
        (4, "cards after the blank line 3 read as the main deck")
    ]
    small = parse_text("36 Shock\n\n15 Mountain\n")  # a sideboard's size: kept as one
    assert cards(small)[-1] == ("sideboard", 15, "Mountain") and not codes(small)


def test_the_last_of_several_blank_lines_starts_the_sideboard() -> None:
    """MTGO's layout with its groups spaced apart: 36 spells, a blank line, 24 lands, a blank line,
    15 sideboard cards. The first blank line parts groups of the main deck (36 are no deck on their
    own); the 39 after it used to be read as main too (75 main, the sideboard companion counted as
    a breaker of its own condition); the last blank line starts the sideboard."""
    deck = parse_text("12 Lightning Bolt\n24 Shock\n\n24 Mountain\n\n1 Lurrus of the Dream-Den\n14 Duress\n")
    assert cards(deck) == [
        ("main", 12, "Lightning Bolt"),
        ("main", 24, "Shock"),
        ("main", 24, "Mountain"),
        ("sideboard", 1, "Lurrus of the Dream-Den"),
        ("sideboard", 14, "Duress"),
    ]
    assert codes(deck) == [(3, "DC003", "warning")]
    assert "the 15 cards after the last blank line 5 as the sideboard" in deck.problems[0].message
    assert [(r.line, r.note) for r in deck.lines if r.note] == [
        (4, "cards after the blank line 3 read as the main deck"),
        (6, "sideboard: cards after the blank line 5 (MTGO convention)"),
    ]
    # more than a sideboard after the last blank line, or no deck before it: all main, as before
    for text in (
        "12 Lightning Bolt\n24 Shock\n\n24 Mountain\n\n16 Duress\n",
        "12 Lightning Bolt\n\n10 Shock\n\n15 Duress\n",
    ):
        assert {zone for zone, _, _ in cards(parse_text(text))} == {"main"}, text


def _singletons(prefix: str, n: int) -> str:
    return "".join(f"1 {prefix} {i}\n" for i in range(n))


def test_a_blank_line_in_a_hundred_card_singleton_list_parts_groups_of_one_deck() -> None:
    """A Commander list written in two groups (84 cards, a blank line, 16 more: rationelis' "Unabated
    Malice") is one deck of 100 with no name twice but the basic lands'. Read as 84 and a sideboard
    of 16, it failed for the sideboard and for not being 100 cards; it is read as 100, with a
    warning. What could be MTGO's command zone (up to three cards), a list with a name twice, or
    another total, is read as before."""
    deck = parse_text(_singletons("Spell", 73) + "11 Swamp\n\n" + _singletons("Other", 16))
    assert {zone for zone, _, _ in cards(deck)} == {"main"} and deck.count(Zone.MAIN) == 100
    assert codes(deck) == [(75, "DC003", "warning")]
    message = deck.problems[0].message
    assert "the 16 cards after the blank line 75 were read as part of the main deck" in message
    assert "with the 84 before it they make 100 cards with no name twice" in message
    four = parse_text(_singletons("Spell", 85) + "11 Snow-Covered Swamp\n\n" + _singletons("Other", 4))
    assert deck.count(Zone.MAIN) == 100 and four.count(Zone.MAIN) == 100 and len(four.problems) == 1
    layout = parse_text(_singletons("Spell", 88) + "11 Swamp\n\n1 The Commander\n")  # MTGO's layout
    assert cards(layout)[-1] == ("sideboard", 1, "The Commander") and not codes(layout)
    three = parse_text(_singletons("Spell", 86) + "11 Swamp\n\n" + _singletons("Other", 3))
    assert three.count(Zone.SIDEBOARD) == 3 and not codes(three)
    twice = parse_text(_singletons("Spell", 72) + "1 Other 0\n11 Swamp\n\n" + _singletons("Other", 16))
    assert twice.count(Zone.SIDEBOARD) == 16 and "were read as the sideboard" in twice.problems[0].message
    copies = parse_text("2 Sol Ring\n" + _singletons("Spell", 71) + "11 Swamp\n\n" + _singletons("Other", 16))
    assert copies.count(Zone.SIDEBOARD) == 16
    other_total = parse_text(_singletons("Spell", 74) + "11 Swamp\n\n" + _singletons("Other", 16))
    assert other_total.count(Zone.SIDEBOARD) == 16  # 101 cards
    constructed = parse_text("4 Shock\n56 Mountain\n\n" + _singletons("Other", 40))
    assert constructed.count(Zone.SIDEBOARD) == 40  # 100 cards, but four of one name


def test_group_headers_do_not_switch_zones() -> None:
    deck = parse_text("Creatures (2)\n2 Goblin Guide\n\nLands (20)\n20 Mountain\n")
    assert [z for z, _, _ in cards(deck)] == ["main", "main"]
    assert [r.kind for r in deck.lines].count(LineKind.HEADER) == 2


# -- line grammar --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "quantity", "name"),
    [
        ("4 Lightning Bolt", 4, "Lightning Bolt"),
        ("4x Lightning Bolt", 4, "Lightning Bolt"),
        ("4X Lightning Bolt", 4, "Lightning Bolt"),
        ("x4 Lightning Bolt", 4, "Lightning Bolt"),
        ("Lightning Bolt x4", 4, "Lightning Bolt"),
        ("120 Relentless Rats", 120, "Relentless Rats"),
        ("1 Xenagos, the Reveler", 1, "Xenagos, the Reveler"),
        ("1 Fire/Ice", 1, "Fire // Ice"),
        ("1 Fire//Ice", 1, "Fire // Ice"),
        ("1 Fire /// Ice", 1, "Fire // Ice"),
        ("1 Who/What/When/Where/Why", 1, "Who // What // When // Where // Why"),
        ("1 Jace’s Erasure", 1, "Jace's Erasure"),
        ("1 Kongming, “Sleeping Dragon”", 1, 'Kongming, "Sleeping Dragon"'),
        ("1   Sol    Ring  ", 1, "Sol Ring"),
        ("1 Circle of Protection: Red", 1, "Circle of Protection: Red"),
        ("1 TL;DR", 1, "TL;DR"),
    ],
)
def test_counts_and_names(line: str, quantity: int, name: str) -> None:
    deck = parse_text(line + "\n", input_format="plain")
    assert [(e.quantity, e.name) for e in deck.entries] == [(quantity, name)]


@pytest.mark.parametrize(
    ("line", "set_code", "number", "foil", "tags", "zone"),
    [
        ("1 Jeweled Lotus (CMR) 319 *F*", "CMR", "319", True, (), "main"),
        ("1 Sword of Fire and Ice (SLD) 1 *E*", "SLD", "1", True, (), "main"),
        ("1 Atraxa, Praetors' Voice (CM2) 10 *CMDR*", "CM2", "10", False, (), "commander"),
        ("1 Kenrith, the Returned King #!Commander", None, None, False, (), "commander"),  # Deckstats
        ("1 Kenrith, the Returned King #Commander", None, None, False, ("Commander",), "main"),  # a tag
        ("4 Counterspell (CMR) 632 *F* #Counter #!Staple", "CMR", "632", True, ("Counter", "Staple"), "main"),
        ("1 Benalish Marshal (PDOM) 6p", "PDOM", "6p", False, (), "main"),
        ("1 Opt (XLN)", "XLN", None, False, (), "main"),
        ("1 Opt (F)", None, None, True, (), "main"),
        ("1 Opt [foil]", None, None, True, (), "main"),
        ("1 Éowyn, Shieldmaiden [foil] [LTC:1]", "LTC", "1", True, (), "main"),
        ("4 [M14] Mutavault", "M14", None, False, (), "main"),
        ("1 [WAR:2*] Ugin, the Ineffable", "WAR", "2*", False, (), "main"),
        ("1x Giada, Font of Hope (fdn) 141 [Commander{top}]", "fdn", "141", False, (), "commander"),
        ("1x Smothering Tithe (rna) 22 [Maybeboard{noDeck}{noPrice}]", "rna", "22", False, (), "maybeboard"),
        ("1 Soldier [token]", None, None, False, ("token",), "maybeboard"),
        ("COMMANDER: 1 Oloro, Ageless Ascetic [foil]", None, None, True, (), "commander"),
        ("SB: 2 Duress", None, None, False, (), "sideboard"),
        ("CM: 1 Zada, Hedron Grinder", None, None, False, (), "commander"),
    ],
)
def test_decorations(
    line: str, set_code: str | None, number: str | None, foil: bool, tags: tuple[str, ...], zone: str
) -> None:
    (entry,) = parse_text(line + "\n").entries
    assert (entry.set_code, entry.collector_number, entry.foil, entry.tags, str(entry.zone)) == (
        set_code,
        number,
        foil,
        tags,
        zone,
    )


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("0 Shock", "count is 0"),
        ("-1 Shock", "negative count -1"),
        ("10001 Shock", "absurd count 10001"),
        ("99999999999999999999999 Shock", "absurd count"),
        ("4", "a count with no card name"),
        ("4 {weird} card", "not a card name"),
        ("4 ---", "no letters"),
    ],
)
def test_bad_lines_are_problems_not_entries(line: str, reason: str) -> None:
    deck = parse_text(line + "\n", input_format="plain")
    assert deck.entries == []
    (record,) = deck.lines
    assert record.kind is LineKind.PROBLEM and reason in record.note
    assert codes(deck) == [(1, "DC002", "error")]


def test_ten_thousand_is_the_largest_count() -> None:
    assert parse_text("10000 Relentless Rats\n").entries[0].quantity == 10_000


def test_missing_counts_are_read_as_one_and_reported() -> None:
    deck = parse_text("Lightning Bolt\nShock\n", input_format="plain")
    assert [(e.quantity, e.name) for e in deck.entries] == [(1, "Lightning Bolt"), (1, "Shock")]
    assert codes(deck) == [(1, "DC003", "warning"), (2, "DC003", "warning")]
    many = parse_text("".join(f"Card Number {chr(65 + i)}\n" for i in range(8)), input_format="plain")
    (summary,) = many.problems
    assert "8 lines" in summary.message


def test_declared_format_from_comment() -> None:
    assert parse_text("// format: modern\n4 Shock\n").declared_format == "modern"
    assert parse_text("# Format: Commander\n1 Sol Ring\n").declared_format == "commander"
    assert parse_text("// FORMAT : EDH\n1 Sol Ring\n").declared_format == "commander"


def test_section_header_in_a_comment() -> None:
    deck = parse_text("// Creatures\n4 Goblin Guide\n// Sideboard\nSB: 2 Duress\n")
    assert cards(deck) == [("main", 4, "Goblin Guide"), ("sideboard", 2, "Duress")]


def test_unknown_section_header_is_reported() -> None:
    deck = parse_text("Deck\n4 Shock\nWishes:\n1 Opt\n")
    assert codes(deck) == [(3, "DC003", "warning")]
    assert cards(deck)[-1] == ("main", 1, "Opt")


def test_control_characters_are_stripped_with_a_warning() -> None:
    deck = parse_text("4 Light\x07ning Bolt\x1b\n")
    assert deck.entries[0].name == "Lightning Bolt"
    assert codes(deck) == [(1, "DC003", "warning")]


def test_tabs_are_spaces_not_control_characters() -> None:
    deck = parse_text("4\tLightning Bolt\n")
    assert deck.entries[0].name == "Lightning Bolt" and deck.problems == []


def test_long_line_is_a_problem() -> None:
    deck = parse_text("4 Shock\n1 " + "A" * 1200 + "\n")
    assert cards(deck) == [("main", 4, "Shock")]
    assert deck.lines[1].kind is LineKind.PROBLEM and "line too long" in deck.lines[1].note


def test_name_longer_than_any_card_is_a_problem() -> None:
    deck = parse_text("1 " + "Abc " * 100 + "\n")
    assert deck.entries == [] and "card name too long" in deck.lines[0].note


def test_xmage_metadata_lines() -> None:
    deck = parse_text("NAME:Zirda\n1 [IKO:233] Zirda, the Dawnwaker\nLAYOUT MAIN:(1,1)|([IKO:233])\n")
    assert deck.name == "Zirda"
    assert [r.kind for r in deck.lines] == [LineKind.COMMENT, LineKind.CARD, LineKind.COMMENT]


# -- encodings -------------------------------------------------------------------------------


TEXT = "Deck\r\n4 Lightning Bolt\r\n1 Jötun Grunt\r\n\r\nSideboard\r\n2 Æther Vial\r\n"
EXPECTED = [("main", 4, "Lightning Bolt"), ("main", 1, "Jötun Grunt"), ("sideboard", 2, "Æther Vial")]


@pytest.mark.parametrize(
    ("data", "warned"),
    [
        (TEXT.encode("utf-8"), False),
        (codecs.BOM_UTF8 + TEXT.encode("utf-8"), False),
        (codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"), False),
        (codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), False),
        (TEXT.encode("utf-16-le"), True),
        (TEXT.encode("cp1252"), True),
    ],
)
def test_encodings(data: bytes, warned: bool) -> None:
    deck = parse_bytes(data, "deck.txt")
    assert cards(deck) == EXPECTED
    assert len(deck.lines) == 6
    assert [p.code for p in deck.problems if hasattr(p, "code")] == (["DC003"] if warned else [])


def test_latin1_fallback_is_a_warning() -> None:
    deck = parse_bytes("4 Jötun Grunt\n".encode("latin-1") + b"\x81\n", "deck.txt")
    assert deck.entries[0].name == "Jötun Grunt"
    assert deck.problems[0].severity == "warning" and "UTF-8" in deck.problems[0].message
    assert deck.metadata["encoding"] == "latin-1"


def test_cr_only_line_breaks() -> None:
    deck = parse_text("4 Shock\r\r2 Negate\r")
    assert cards(deck) == [("main", 4, "Shock"), ("sideboard", 2, "Negate")]
    assert [r.line for r in deck.lines] == [1, 2, 3]


def test_form_feed_does_not_split_lines() -> None:
    deck = parse_text("4 Shock\x0c\n2 Negate\n")
    assert [r.line for r in deck.lines] == [1, 2]


# -- XML ---------------------------------------------------------------------------------------


def test_dek_and_cod_utf16_declarations(tmp_path: Path) -> None:
    xml = (
        '<?xml version="1.0" encoding="utf-16"?>\r\n<Deck>\r\n'
        '  <Cards Quantity="4" Sideboard="false" Name="Shock" />\r\n</Deck>\r\n'
    )
    path = tmp_path / "deck.dek"
    path.write_bytes(codecs.BOM_UTF16_LE + xml.encode("utf-16-le"))
    deck = parse_file(path)
    assert cards(deck) == [("main", 4, "Shock")]
    assert deck.problems == []


@pytest.mark.parametrize(
    ("name", "zone"),
    [("Mainboard", "main"), ("deck", "main"), ("Maybeboard", "maybeboard"), ("companion", "companion")],
)
def test_cod_zone_named_as_a_section_header_is_that_zone(name: str, zone: str) -> None:
    """A zone Cockatrice does not write but every other reader knows ("mainboard") is that zone:
    its cards are not set aside as a zone outside the deck."""
    deck = parse_text(
        '<?xml version="1.0"?>\n<cockatrice_deck version="1">\n'
        f'<zone name="{name}"><card number="4" name="Shock"/></zone>\n</cockatrice_deck>\n'
    )
    assert deck.input_format == "cod"
    assert cards(deck) == [(zone, 4, "Shock")]
    assert deck.problems == []


def test_cod_zone_no_reader_knows_leaves_the_deck_not_read_in_full() -> None:
    """Cards in a zone of unknown meaning may be the deck itself: kept out of it (never counted,
    never lost) and the zone's line not read (DC002), so no size is judged without them; tokens
    stay a zone outside the deck, with a note."""
    deck = parse_text(
        '<?xml version="1.0"?>\n<cockatrice_deck version="1">\n'
        '<zone name="scratch"><card number="60" name="Shock"/></zone>\n'
        '<zone name="tokens"><card number="1" name="Goblin"/></zone>\n</cockatrice_deck>\n'
    )
    assert cards(deck) == [("maybeboard", 60, "Shock"), ("maybeboard", 1, "Goblin")]
    assert codes(deck) == [(3, "DC002", "error"), (4, "DC003", "info")]
    assert "'scratch' is not a zone deckcheck knows" in deck.problems[0].message
    assert unread_part(deck) == "1 line not read (DC002)"


@pytest.mark.parametrize(
    ("value", "zone"),
    [
        ("maybe", "main"),
        ("", "main"),
        ("yes", "sideboard"),
        ("1", "sideboard"),
        ("no", "main"),
        ("0", "main"),
    ],
)
def test_dek_sideboard_values_mtgo_does_not_write_are_reported(value: str, zone: str) -> None:
    """MTGO writes Sideboard="true" or "false": any other value is a reading, said on its line,
    never a silent guess; the card is kept where it was read."""
    deck = parse_text(
        '<?xml version="1.0"?>\n<Deck>\n'
        '  <Cards CatID="1" Quantity="56" Sideboard="false" Name="Island" />\n'
        f'  <Cards CatID="2" Quantity="4" Sideboard="{value}" Name="Negate" />\n</Deck>\n'
    )
    assert deck.input_format == "dek"
    assert cards(deck) == [("main", 56, "Island"), (zone, 4, "Negate")]
    (problem,) = deck.problems
    assert (problem.line, problem.code, problem.severity, problem.section) == (4, "DC003", "warning", zone)
    where = "the sideboard" if zone == "sideboard" else "the main deck"
    assert problem.message == (
        f'<Cards> \'Negate\': Sideboard="{value}" is neither "true" nor "false", as MTGO writes it: '
        f"read as {where}"
    )
    assert f"read as {where}" in deck.lines[3].note


def test_dek_sideboard_true_false_and_absent_are_read_quietly() -> None:
    deck = parse_text(
        '<Deck>\n  <Cards Quantity="56" Sideboard="false" Name="Island" />\n'
        '  <Cards Quantity="2" sideboard=" TRUE " Name="Negate" />\n'
        '  <Cards Quantity="2" Name="Duress" />\n</Deck>\n'
    )
    assert cards(deck) == [("main", 56, "Island"), ("sideboard", 2, "Negate"), ("main", 2, "Duress")]
    assert deck.problems == []


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (  # a card outside any zone
            '<cockatrice_deck version="1">\n<zone name="main"><card number="56" name="Island"/></zone>\n'
            '<card number="4" name="Shock"/>\n</cockatrice_deck>\n',
            3,
            "<card> outside any <zone>: not read",
        ),
        (  # a zone inside another element
            '<cockatrice_deck version="1">\n<zone name="main"><card number="56" name="Island"/></zone>\n'
            '<extra>\n<zone name="side"><card number="4" name="Shock"/></zone>\n</extra>\n'
            "</cockatrice_deck>\n",
            4,
            "<zone> outside any <zone>: not read",
        ),
        (  # an element of a zone that is not a <card>
            '<cockatrice_deck version="1">\n<zone name="main"><card number="56" name="Island"/>\n'
            '<cards number="4" name="Shock"/></zone>\n</cockatrice_deck>\n',
            3,
            "<cards> in <zone> 'main' is not a <card>: not read",
        ),
        (
            '<deck game="x">\n<section name="Main"><card qty="56">Island</card>\n'
            '<cards qty="4">Shock</cards></section>\n</deck>\n',
            3,
            "<cards> in <section> 'Main' is not a <card>: not read",
        ),
        (
            '<deck game="x">\n<section name="Main"><card qty="56">Island</card></section>\n'
            '<card qty="4">Shock</card>\n</deck>\n',
            3,
            "<card> outside any <section>: not read",
        ),
        (
            '<Deck>\n  <Cards Quantity="56" Sideboard="false" Name="Island" />\n'
            '  <Card Quantity="4" Sideboard="false" Name="Shock" />\n</Deck>\n',
            3,
            "<Card> is not MTGO's <Cards> element: not read",
        ),
    ],
)
def test_xml_card_elements_where_the_format_reads_none_are_reported(
    text: str, line: int, message: str
) -> None:
    """An element that holds cards where its format reads none is a line not read (DC002), never
    markup: the deck's Shock would vanish."""
    deck = parse_text(text)
    assert [(e.quantity, e.name) for e in deck.entries] == [(56, "Island")]
    assert [(p.line, p.code, p.severity, p.message) for p in deck.problems] == [
        (line, "DC002", "error", message)
    ]
    assert deck.lines[line - 1].kind is LineKind.PROBLEM


OCTGN_SECTIONS = (
    '<?xml version="1.0" encoding="utf-8"?>\n<deck game="a6c8d2e8-7cd8-11dd-8f94-e62b56d89593">\n'
    '<section name="Main"><card qty="56" id="a">Island</card></section>\n'
    '<section name="Sideboard"><card qty="2" id="b">Duress</card></section>\n'
    '<section name="Command Zone" />\n'
    '<section name="Planes/Schemes"><card qty="1" id="c">Akoum</card></section>\n'
    '<section name="Tokens"><card qty="3" id="d">Goblin</card></section>\n'
    '<section name="Wishes"><card qty="1" id="e">Shock</card></section>\n'
    "</deck>\n"
)


def test_octgn_sections_beyond_main_sideboard_and_command_zone_are_kept_and_reported() -> None:
    """OCTGN's own Planes/Schemes section was a section no reader knows (DC002: the deck not
    verified): it is a section outside the deck, as Tokens is (kept in the maybeboard, an info
    note). A section OCTGN does not have (Wishes) is still kept out of the deck, a line not read."""
    deck = parse_text(OCTGN_SECTIONS, "t.o8d")
    assert deck.input_format == "o8d"
    assert [(e.quantity, e.name, e.zone, e.tags) for e in deck.entries] == [
        (56, "Island", Zone.MAIN, ()),
        (2, "Duress", Zone.SIDEBOARD, ()),
        (1, "Akoum", Zone.MAYBEBOARD, ("extra:planes/schemes",)),
        (3, "Goblin", Zone.MAYBEBOARD, ("extra:tokens",)),
        (1, "Shock", Zone.MAYBEBOARD, ("extra:wishes",)),
    ]
    assert [(p.line, p.code, p.severity) for p in deck.problems] == [
        (6, "DC003", "info"),
        (7, "DC003", "info"),
        (8, "DC002", "error"),
    ]
    assert "'Wishes' is not a section deckcheck knows" in deck.problems[2].message
    assert unread_part(deck) == "1 line not read (DC002)"
    text = parse_text("4 Shock\n\nPlanes/Schemes\n1 Akoum\n")
    assert [(e.zone, e.tags) for e in text.entries] == [
        (Zone.MAIN, ()),
        (Zone.MAYBEBOARD, ("extra:planes/schemes",)),
    ]


def test_xml_markup_and_metadata_elements_stay_quiet() -> None:
    deck = parse_text(
        '<cockatrice_deck version="1">\n<deckname>Burn</deckname>\n'
        '<bannerCard providerId="">Shock</bannerCard>\n'
        '<comments>four <b>Shock</b></comments>\n<zone name="main"><card number="4" name="Shock"/></zone>\n'
        "</cockatrice_deck>\n"
    )
    assert deck.problems == []
    assert [record.kind for record in deck.lines[:4]] == [LineKind.COMMENT] * 4


def test_xml_error_is_reported_with_its_line() -> None:
    deck = parse_text('<Deck>\n  <Cards Quantity="4" Name="Shock" />\n  <Cards Quantity="2"\n</Deck>\n')
    assert cards(deck) == [("main", 4, "Shock")]
    assert [(p.line, getattr(p, "code", None)) for p in deck.problems] == [(4, "DC001")]
    assert deck.lines[3].kind is LineKind.PROBLEM


def test_unknown_xml_root() -> None:
    deck = parse_text("<?xml version='1.0'?>\n<inventory><item/></inventory>\n")
    assert deck.entries == []
    assert "root element <inventory>" in deck.problems[0].message


# -- JSON --------------------------------------------------------------------------------------


def test_moxfield_v3_boards() -> None:
    text = (
        '{"name": "V3", "boards": {"commanders": {"count": 1, "cards": {"x": {"quantity": 1, '
        '"card": {"name": "Kenrith, the Returned King", "set": "eld", "cn": "303"}}}}, '
        '"mainboard": {"count": 99, "cards": {"y": {"quantity": 99, "card": {"name": "Plains"}}}}}}'
    )
    deck = parse_text(text)
    assert cards(deck) == [("commander", 1, "Kenrith, the Returned King"), ("main", 99, "Plains")]
    assert all(e.line == 0 for e in deck.entries)


def test_moxfield_v3_board_no_reader_knows_leaves_the_deck_not_read_in_full() -> None:
    """A v3 board outside the deck (attractions) is kept in the maybeboard with a note; one whose
    meaning is unknown ("partners") may hold the deck's own cards: kept out of it, and not read
    (DC002), as the Cockatrice, CSV and other JSON readers read one."""
    boards = {"mainboard": "Plains", "attractions": "Balloon Stand", "partners": "Tymna the Weaver"}
    text = json.dumps(
        {
            "boards": {
                b: {"count": 1, "cards": {"k": {"quantity": 1, "card": {"name": n}}}}
                for b, n in boards.items()
            }
        }
    )
    deck = parse_text(text)
    assert cards(deck) == [
        ("main", 1, "Plains"),
        ("maybeboard", 1, "Balloon Stand"),
        ("maybeboard", 1, "Tymna the Weaver"),
    ]
    assert [e.tags for e in deck.entries] == [(), ("extra:attractions",), ("extra:partners",)]
    assert [(p.code, p.severity) for p in deck.problems] == [("DC003", "info"), ("DC002", "error")]
    assert "'partners'" in deck.problems[1].message


AETHERHUB_DECK = {
    "convertedDeck": [
        {"cardId": 0, "quantity": None, "name": "Deck", "set": "", "number": ""},
        {"cardId": 1, "quantity": 4, "name": "Lightning Bolt", "set": "M11", "number": "149"},
        {"cardId": 2, "quantity": 56, "name": "Mountain", "set": "", "number": ""},
        {"cardId": 3, "name": "Ponder"},
        {"cardId": 0, "quantity": None, "name": "", "set": "", "number": ""},
        {"cardId": 0, "quantity": None, "name": "Sideboard", "set": "", "number": ""},
        {"cardId": 4, "quantity": 3, "name": "Duress", "set": "", "number": ""},
        {"cardId": 5, "name": "Lightning Bolt", "qty": 2},
    ]
}


def test_aetherhub_row_with_a_name_and_no_quantity_is_refused_not_dropped() -> None:
    """Aetherhub writes a null quantity only on section headers and empty spacer rows; a card with
    none is refused (DC002, as every JSON reader refuses one), never skipped as a spacer."""
    deck = parse_text(json.dumps(AETHERHUB_DECK), "aetherhub.json")
    assert cards(deck) == [
        ("main", 4, "Lightning Bolt"),
        ("main", 56, "Mountain"),
        ("sideboard", 3, "Duress"),
    ]
    refused = [p.message for p in deck.problems if p.code == "DC002"]
    assert refused == [
        "convertedDeck[3]: 'Ponder' has no quantity: not counted",
        "convertedDeck[7]: 'Lightning Bolt' has no quantity: not counted",
    ]
    assert [p.section for p in deck.problems] == ["main", "sideboard"]
    assert [r.text for r in deck.lines if r.kind is LineKind.HEADER] == ["Deck", "Sideboard"]
    assert [r.note for r in deck.lines if r.kind is LineKind.COMMENT] == ["convertedDeck[4]: spacer"]


def json_findings_by_cli_and_frames(text: str, tmp_path: Path) -> tuple[list[str], list[str]]:
    """``(code, message)`` of each finding of one deck JSON checked as Modern, by ``deckcheck
    check FILE -o json`` and by ``deckcheck.frames.validate`` of the same text (the batch path)."""
    pd = pytest.importorskip("pandas")
    from click.testing import CliRunner

    from deckcheck import frames
    from deckcheck.cards.store import CardStore
    from deckcheck.cli import cli

    path = tmp_path / "deck.json"
    path.write_text(text, encoding="utf-8")
    output = CliRunner().invoke(cli, ["check", "-o", "json", "--format", "modern", str(path)]).output
    (deck,) = json.loads(output)["decks"]
    by_cli = sorted(f"{f['code']} {f['message']}" for f in deck["findings"])
    results = frames.validate(pd.Series({"deck.json": text}), format="modern", store=CardStore.bundled())
    by_frames = sorted(f"{row.code} {row.message}" for row in results.findings.itertuples())
    return by_cli, by_frames


def test_aetherhub_card_with_no_quantity_by_cli_and_frames(tmp_path: Path) -> None:
    by_cli, by_frames = json_findings_by_cli_and_frames(json.dumps(AETHERHUB_DECK), tmp_path)
    assert by_cli == by_frames
    assert "DC002 convertedDeck[3]: 'Ponder' has no quantity: not counted" in by_cli


BOARDS_LIST = [
    {"name": "Lightning Bolt", "quantity": 4},
    {"name": "Mountain", "quantity": 56, "board": "Main"},
    {"name": "Goblin", "quantity": 1, "board": "tokens"},
    {"name": "Ponder", "quantity": 1, "board": "Wishboard"},
    {"name": "Duress", "quantity": 3, "section": "Sideboard"},
    {"name": "Opt", "quantity": 1, "board": "Wishboard"},
]


def entries_and_problems(deck: ParsedDeck) -> tuple[list[tuple[str, int, str, tuple[str, ...]]], list[str]]:
    entries = [(str(e.zone), e.quantity, e.name, e.tags) for e in deck.entries]
    return entries, [f"{p.code} {p.severity} {p.message}" for p in deck.problems]


UNKNOWN_WISHBOARD = (
    "unknown board 'Wishboard': not a board deckcheck knows (Main, Sideboard, Commander, Companion, "
    "Maybeboard, or a section outside the deck such as Tokens): its cards are kept out of the deck "
    "and what they would change is not judged; name the board one of those"
)


def test_json_list_boards_outside_the_deck_stay_out_of_it() -> None:
    """A board that is not part of the deck is read as the text reader reads its section: tokens
    are the maybeboard, not looked up (deck.unchecked_zone); a board no reader knows is kept out of
    the deck too, never the main deck, but as a board not read (DC002): the deck is not verified."""
    entries, problems = entries_and_problems(parse_text(json.dumps(BOARDS_LIST), "list.json"))
    assert entries == [
        ("main", 4, "Lightning Bolt", ()),
        ("main", 56, "Mountain", ()),
        ("maybeboard", 1, "Goblin", ("extra:tokens",)),
        ("maybeboard", 1, "Ponder", ("extra:wishboard",)),
        ("sideboard", 3, "Duress", ()),
        ("maybeboard", 1, "Opt", ("extra:wishboard",)),
    ]
    assert problems == [
        "DC003 info [2]: 'tokens' is not part of the deck: kept in the maybeboard (never counted)",
        f"DC002 error [3]: {UNKNOWN_WISHBOARD}",
    ]


def test_tappedout_and_aetherhub_sections_outside_the_deck_stay_out_of_it() -> None:
    board = (
        "<h3>Instant (4)</h3><ul><li>4x <a>Lightning Bolt</a></li></ul>"
        "<h3>Land (56)</h3><ul><li>56x <a>Mountain</a></li></ul>"
        "<h3>Tokens</h3><ul><li>1x <a>Goblin</a></li></ul>"
        "<h3>Acquireboard</h3><ul><li>1x <a>Ponder</a></li></ul>"
    )
    entries, problems = entries_and_problems(parse_text(json.dumps({"title": "T", "board": board}), "t.json"))
    assert entries == [
        ("main", 4, "Lightning Bolt", ()),
        ("main", 56, "Mountain", ()),
        ("maybeboard", 1, "Goblin", ("extra:tokens",)),
        ("maybeboard", 1, "Ponder", ()),  # TappedOut's board of cards to buy: the maybeboard
    ]
    assert problems == [
        "DC003 info board[2]: 'Tokens' is not part of the deck: kept in the maybeboard (never counted)",
    ]
    rows = [
        {"quantity": 60, "name": "Mountain"},
        {"quantity": None, "name": "Tokens"},
        {"quantity": 1, "name": "Goblin"},
        {"quantity": None, "name": "Creatures"},
        {"quantity": 4, "name": "Goblin Guide"},
        {"quantity": None, "name": "Sideboard"},
        {"quantity": 2, "name": "Duress"},
    ]
    entries, problems = entries_and_problems(parse_text(json.dumps({"convertedDeck": rows}), "a.json"))
    assert entries == [
        ("main", 60, "Mountain", ()),
        ("maybeboard", 1, "Goblin", ("extra:tokens",)),
        ("main", 4, "Goblin Guide", ()),
        ("sideboard", 2, "Duress", ()),
    ]
    assert problems == [
        "DC003 info convertedDeck[1]: 'Tokens' is not part of the deck: kept in the maybeboard "
        "(never counted)"
    ]


def test_tappedout_double_faced_row_is_its_front_face() -> None:
    """TappedOut links a double-faced card's back face in the same row (``<sup>Flip</sup>``): the
    card is the row's first link, as the deck's ``cards`` field names it, never "HazardFlip"."""
    board = (
        "<h3>Instant (1)</h3><ul><li>1x "
        '<span><a class="card-link" href="/mtg-card/spikefield-hazard/">Spikefield Hazard</a></span>'
        '<span>&nbsp;<a class="card-hover" href="/mtg-card/spikefield-cave/"><sup>Flip</sup></a></span>'
        "</li></ul>"
        "<h3>Land (59)</h3><ul><li>59x <a>Mountain</a></li></ul>"
    )
    deck = parse_text(json.dumps({"title": "T", "board": board, "cards": "1 Spikefield Hazard||59 Mountain"}))
    assert cards(deck) == [("main", 1, "Spikefield Hazard"), ("main", 59, "Mountain")]
    assert deck.problems == []


def test_realdata_tappedout_board_names_are_its_card_names(realdata: Path) -> None:
    path = realdata / "decks" / "mtg-parser-exports" / "tappedout_net_365f9ee7.json"
    if not path.is_file():
        pytest.skip("mtg-parser exports not present")
    listed = {item.partition(" ")[2] for item in json.loads(path.read_text())["cards"].split("||")}
    deck = parse_file(path)
    # (the cards field leaves the commanders out)
    assert {e.name for e in deck.entries if e.zone is not Zone.COMMANDER} == listed


def test_json_list_boards_by_cli_and_frames(tmp_path: Path) -> None:
    by_cli, by_frames = json_findings_by_cli_and_frames(json.dumps(BOARDS_LIST), tmp_path)
    assert by_cli == by_frames
    codes = {finding.split()[0] for finding in by_cli}
    assert "DC017" in codes and not codes & {"DC010", "DC201"}  # no unknown token, no banned Ponder
    assert f"DC002 [3]: {UNKNOWN_WISHBOARD}" in by_cli


def test_json_errors_are_problems() -> None:
    deck = parse_text('{"mainboard": {"a": {"quantity": 1,\n')
    assert deck.problems[0].message.startswith("JSON error at line 2")
    # the finding points where the message does (the end of a file cut short: its last line)
    assert deck.problems[0].line == 1
    assert parse_text('{"mainboard": {"a": {"quantity": 1,\n}}}\n').problems[0].line == 2
    long = parse_text('{"mainboard": {"a": {"quantity": 1}},\n "x": ' + "9" * 5000 + "}")
    assert (long.problems[0].line, long.problems[0].code) == (2, "DC001")
    deep = parse_text("[" * 100_000 + "]" * 100_000)
    assert deep.entries == [] and getattr(deep.problems[0], "code", None) == "DC001"


def test_unknown_json_shape() -> None:
    deck = parse_text('{"compilerOptions": {}}')
    assert "not a deck JSON" in deck.problems[0].message


DRAFT_LOG = """Event #: 8a74113b-27e5-4a29-85be-4b83f622af00
Time:    4/11/2019 8:55:15 AM
Players:
    Computer Player 4
    hitchyflav

------ UMA ------

Pack 1 pick 1:
    Deranged Assistant
    Kodama's Reach
--> Raging Ravine

Pack 1 pick 2:
    Skywing Aven
--> Laboratory Maniac
"""


def test_a_draft_log_is_not_a_decklist() -> None:
    """A draft log (MTGO's, XMage's .draft) holds the packs and the picks, not a deck: refused as a
    whole (DC001) saying what it is and what to check instead; never its packs read as the deck and
    its picks refused line by line."""
    assert detect_format(DRAFT_LOG) == "draft"
    assert detect_format(DRAFT_LOG.replace("\n", "\r\n")) == "draft"
    deck = parse_text(DRAFT_LOG, "testdeck.draft")
    assert deck.entries == []
    (problem,) = deck.problems
    assert problem.code == "DC001" and problem.severity == "error"
    assert "draft log: 2 picks" in problem.message and ".dck" in problem.message
    # MTGO marks the drafting player in the players list too: no pick
    mtgo_log = DRAFT_LOG.replace("    hitchyflav\n", "--> hitchyflav\n")
    assert "draft log: 2 picks" in parse_text(mtgo_log).problems[0].message
    # a list that merely has a "-->" line is still read as one
    assert detect_format("4 Lightning Bolt\n--> 56 Mountain\n") != "draft"


def test_detection_examples() -> None:
    assert detect_format("") == "plain"
    assert detect_format("[metadata]\nName=x\n[Main]\n1 Opt|XLN\n") == "forge"
    assert detect_format('[{"name": "Opt", "quantity": 1}]') == "json"
    assert detect_format("Count,Name\n1,Opt\n") == "csv"
    assert detect_format("4 Shock\n4 Opt\n") == "mtgo"
    assert detect_format("(function() { elem.innerHTML = '<div><table><tr>' })") == "html"


def test_a_file_is_read_by_its_content_not_its_extension(tmp_path: Path) -> None:
    """Cockatrice once saved plain text as .dek, and Forge and XMage both write .dck in their own
    syntax: the extension decides nothing."""
    text_dek = tmp_path / "text.dek"
    text_dek.write_text("4 Lightning Bolt\n56 Mountain\n\n3 Duress\n", encoding="utf-8")
    xml_txt = tmp_path / "xml.txt"
    xml_txt.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Deck>\n'
        '  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt" />\n</Deck>\n',
        encoding="utf-8",
    )
    forge, xmage = tmp_path / "forge.dck", tmp_path / "xmage.dck"
    forge.write_text("[Main]\n4 Lightning Bolt|M10\n", encoding="utf-8")
    xmage.write_text("NAME:x\n4 [M10:146] Lightning Bolt\nSB: 3 [M20:96] Duress\n", encoding="utf-8")
    read = {p.name: parse_file(p) for p in (text_dek, xml_txt, forge, xmage)}
    assert {name: deck.input_format for name, deck in read.items()} == {
        "text.dek": "mtgo",
        "xml.txt": "dek",
        "forge.dck": "forge",
        "xmage.dck": "xmage",
    }
    assert cards(read["text.dek"]) == [
        ("main", 4, "Lightning Bolt"),
        ("main", 56, "Mountain"),
        ("sideboard", 3, "Duress"),
    ]
    assert cards(read["xmage.dck"]) == [("main", 4, "Lightning Bolt"), ("sideboard", 3, "Duress")]


def test_theme_deck_rarity_stars_are_markers_not_name() -> None:
    """Old Wizards theme-deck lists (taw precons) write 'Skullclamp**' for a rare, 'Leonin Elder*'
    for an uncommon."""
    deck = parse_text("1 Skullclamp**\n2 Leonin Elder*\n3 Leonin Squire\n", "theme.txt")
    assert [(e.quantity, e.name) for e in deck.entries] == [
        (1, "Skullclamp"),
        (2, "Leonin Elder"),
        (3, "Leonin Squire"),
    ]
    assert "'**' marker removed" in deck.lines[0].note


def test_zone_counts_in_one_pass_are_the_counts_zone_by_zone() -> None:
    text = (
        "Commander\n1 Kenrith, the Returned King\n\nCompanion\n1 Lurrus of the Dream-Den\n\n"
        "Deck\n4 Lightning Bolt\n2 Lightning Bolt\n1 Sol Ring\n\nSideboard\n3 Duress\n\n"
        "Maybeboard\n2 Island\n"
    )
    parsed = parse_text(text, "deck.txt")
    counts = parsed.counts()
    assert counts == {zone: parsed.count(zone) for zone in Zone}
    assert (counts[Zone.MAIN], counts[Zone.SIDEBOARD], counts[Zone.COMMANDER]) == (7, 3, 1)
    assert (counts[Zone.COMPANION], counts[Zone.MAYBEBOARD]) == (1, 2)


def test_a_text_line_with_no_count_is_marked_so() -> None:
    """A line read as 1 copy because it wrote no count says so (Entry.count_given): a name no card
    matches there may be no card line at all (unresolved.uncertain_copies). A structured record
    is a card whatever its count says."""
    deck = parse_text("4 Lightning Bolt\nRamp\n\nSideboard\n2 Duress\nNotes\n", "deck.txt")
    assert [(e.name, e.count_given) for e in deck.entries] == [
        ("Lightning Bolt", True),
        ("Ramp", False),
        ("Duress", True),
        ("Notes", False),
    ]
    cod = (
        '<?xml version="1.0"?>\n<cockatrice_deck version="1">\n'
        '<zone name="main"><card name="Shock"/><card number="2" name="Opt"/></zone>\n</cockatrice_deck>\n'
    )
    read = parse_text(cod, "deck.cod").entries
    assert [(e.quantity, e.count_given) for e in read] == [(1, True), (2, True)]
