"""Hostile and broken input: every case must come back as a ParsedDeck with a clear problem, never
an exception, and must not expand entities, read external files or hang."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from deckcheck.deck import LineKind, ParsedDeck
from deckcheck.decklist import (
    INPUT_FORMATS,
    MAX_BYTES,
    parse_bytes,
    parse_file,
    parse_stream,
    parse_text,
    parse_text_decks,
)
from deckcheck.decklist._base import without_unholdable_characters


def only_problem(deck: ParsedDeck) -> str:
    assert deck.entries == []
    assert deck.problems, "a refused file must say why"
    assert getattr(deck.problems[0], "code", None) == "DC001"
    assert all(r.kind is LineKind.PROBLEM for r in deck.lines)
    return deck.problems[0].message


def test_binary_bytes() -> None:
    message = only_problem(parse_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), "x.png"))
    assert "binary" in message


def test_binary_without_nul_bytes() -> None:
    message = only_problem(parse_bytes(bytes(range(1, 32)) * 50, "x.bin"))
    assert "binary" in message


def test_nul_in_text() -> None:
    assert "NUL" in only_problem(parse_text("4 Shock\x00\n"))


def test_empty_input() -> None:
    for data in (b"", b"\n\n", b"\xef\xbb\xbf", b"   \r\n"):
        deck = parse_bytes(data, "empty.txt")
        assert deck.entries == []
        # never "legal": one error for the whole file, no line problems
        assert [(p.line, p.severity, p.code, p.message) for p in deck.problems] == [
            (0, "error", "DC005", "no card lines in the file")
        ]
        assert all(r.kind is LineKind.BLANK for r in deck.lines)


def test_too_big() -> None:
    message = only_problem(parse_bytes(b"4 Shock\n" * (MAX_BYTES // 8 + 1), "big.txt"))
    assert "too big" in message
    assert "too big" in only_problem(parse_text("x" * (MAX_BYTES + 1)))


def test_too_big_file_is_read_bounded(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    with path.open("wb") as handle:
        handle.truncate(MAX_BYTES * 3)
    assert "too big" in only_problem(parse_file(path))


def test_unreadable_paths(tmp_path: Path) -> None:
    assert "cannot read" in only_problem(parse_file(tmp_path / "missing.txt"))
    folder = only_problem(parse_file(tmp_path))
    # (named among files, as deckcheck.frames takes them: say how a folder is read)
    assert "cannot read" in folder and "frames.validate(FOLDER)" in folder


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<Deck><Cards Quantity="1" Sideboard="false" Name="&lol9;" /></Deck>
"""


@pytest.mark.parametrize("root", ["Deck", "cockatrice_deck"])
def test_entity_bomb_is_refused(root: str) -> None:
    deck = parse_text(BILLION_LAUGHS.replace("Deck>", f"{root}>").replace("<Deck", f"<{root}"))
    assert deck.entries == []
    assert "DTD" in deck.problems[0].message and getattr(deck.problems[0], "code", None) == "DC001"


def test_external_entity_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("Black Lotus", encoding="utf-8")
    xml = (
        f'<?xml version="1.0"?>\n<!DOCTYPE Deck [<!ENTITY xxe SYSTEM "{secret.as_uri()}">]>\n'
        '<Deck><Cards Quantity="1" Sideboard="false" Name="&xxe;" /></Deck>\n'
    )
    deck = parse_text(xml)
    assert deck.entries == []
    assert all("Black Lotus" not in r.note for r in deck.lines)
    assert "refused" in deck.problems[0].message


def test_external_dtd_is_refused() -> None:
    deck = parse_text(
        '<?xml version="1.0"?>\n<!DOCTYPE Deck SYSTEM "http://127.0.0.1:9/deck.dtd">\n<Deck/>\n'
    )
    assert "refused" in deck.problems[0].message


def test_ten_thousand_lines() -> None:
    text = "".join(f"1 Card Number {i}\n" for i in range(10_000))
    deck = parse_text(text)
    assert len(deck.entries) == 10_000 and len(deck.lines) == 10_000 and deck.problems == []


def test_absurd_counts_everywhere() -> None:
    assert parse_text("1000000 Shock\n").entries == []
    assert parse_text('<Deck><Cards Quantity="99999999999999999999" Name="Shock"/></Deck>').entries == []
    assert parse_text('{"mainboard": {"a": {"quantity": 1e300, "card": {"name": "Shock"}}}}').entries == []
    assert (
        parse_text(
            '{"mainboard": {"a": {"quantity": ' + "9" * 5000 + ', "card": {"name": "Shock"}}}}'
        ).entries
        == []
    )
    assert parse_text("Count,Name\n-3,Shock\n").entries == []


def test_ten_kilobyte_names_everywhere() -> None:
    name = "A" * 10_240
    for text in (
        f"1 {name}\n",
        f'<Deck><Cards Quantity="1" Sideboard="false" Name="{name}"/></Deck>',
        f'<cockatrice_deck><zone name="main"><card number="1" name="{name}"/></zone></cockatrice_deck>',
        f'{{"mainboard": {{"a": {{"quantity": 1, "card": {{"name": "{name}"}}}}}}}}',
        f"Count,Name\n1,{name}\n",
    ):
        deck = parse_text(text)
        assert deck.entries == [] and deck.problems


def test_control_characters_everywhere() -> None:
    for text in (
        "4 Sh\x01ock\n",
        '<Deck><Cards Quantity="4" Sideboard="false" Name="Sh&#x85;ock"/></Deck>',
        '{"mainboard": {"a": {"quantity": 4, "card": {"name": "Sh\\u0001ock"}}}}',
        "Count,Name\n4,Sh\x01ock\n",
    ):
        deck = parse_text(text)
        assert [e.name for e in deck.entries] == ["Shock"], text
        assert any(p.severity == "warning" for p in deck.problems)


GARBAGE = [
    "",
    "\n",
    "<",
    "<<<>>>",
    "<?xml",
    "<Deck><Cards",
    "{",
    "[",
    "[]",
    "[metadata]",
    '{"data": 5}',
    '{"cards": [1, 2, {"categories": 3}]}',
    '{"mainboard": {"a": 5, "b": {"card": 7}}}',
    '{"boards": {"mainboard": 3}}',
    '{"result": {"deck": {"subDecks": {"maindeck": [{"cardID": {}}]}}}}',
    '{"board": "<h3>x</h3><li>9x<a>Opt</a></li><li>", "cards": 3}',
    '{"convertedDeck": [null, 1, {"quantity": null, "name": 5}]}',
    'Count,Name\n"unterminated\n',
    "Name;Count\n\x00\n",
    "SB:\nSB: \nCM:\n//\n#\n[]\n[\n]\n()\n(0)\n",
    "Sideboard:\n:\n::\n1x\nx1\n-\n+1 Opt\n",
    "\ufeff\ufeff\u200b\u2028\u2029\x85",
]


@pytest.mark.parametrize("text", GARBAGE)
@pytest.mark.parametrize("input_format", [None, *sorted(INPUT_FORMATS)])
def test_garbage_never_raises(text: str, input_format: str | None) -> None:
    deck = parse_text(text, "garbage", input_format)
    assert isinstance(deck, ParsedDeck)
    assert not any("internal error" in p.message for p in deck.problems)


def test_dev_zero_is_bounded() -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    # a device named is no decklist, as the CLI says; read as a stream (`check - </dev/zero`), bounded
    assert only_problem(parse_file("/dev/zero")) == "not a regular file; nothing to check"
    with open("/dev/zero", "rb") as stream:
        message = only_problem(parse_stream(stream, "<stdin>"))
    assert "too big" in message


ARCHIDEKT = (Path(__file__).parent.parent / "fixtures" / "decklists" / "archidekt.json").read_text()


def test_json_lone_surrogates_are_removed_where_they_are_said() -> None:
    # json.loads keeps a lone "\ud800" escape as a string no UTF-8 writer can hold: the deck name
    # once broke the data frames and made the xmage export refuse its own reading.
    text = ARCHIDEKT.replace('"Giada Angels"', '"\\ud800Giada Angels"').replace(
        '"Serra Angel"', '"Serra\\udfff Angel"'
    )
    deck = parse_text(text, "deck.json")
    assert deck.name == "Giada Angels"
    assert "Serra Angel" in {e.name for e in deck.entries}
    warnings = [p for p in deck.problems if "half of a UTF-16" in p.message or "surrogate" in p.message]
    assert [(p.line, p.code, p.severity) for p in warnings] == [(2, "DC003", "warning")]
    for written in [deck.name or "", *(e.name for e in deck.entries), *deck.metadata.values()]:
        written.encode("utf-8")


@pytest.mark.parametrize(
    "name",
    [
        "\\ud83d\\ude00 Giada Angels",  # a pair: one character, kept
        "\\\\ud800 Giada Angels",  # an escaped backslash before "ud800": no escape at all
    ],
)
def test_json_without_a_lone_surrogate_is_read_as_written(name: str) -> None:
    deck = parse_text(ARCHIDEKT.replace('"Giada Angels"', f'"{name}"'), "deck.json")
    assert deck.name == json.loads(f'"{name}"')
    assert not [p for p in deck.problems if "surrogate" in p.message]


def test_an_event_file_with_a_lone_surrogate_says_so_on_each_deck() -> None:
    event = {
        "description": "Pauper League \ud800",
        "starttime": "2026-04-01",
        "format": "CPAUPER",
        "decklists": [
            {"player": "p\ud800one", "main_deck": [{"qty": "4", "card_attributes": {"card_name": "Island"}}]},
            {"player": "two", "main_deck": [{"qty": "4", "card_attributes": {"card_name": "Island"}}]},
        ],
    }
    decks = parse_text_decks(json.dumps(event, indent=1), "event.json")
    assert [d.metadata.get("player") for d in decks] == ["pone", "two"]
    for deck in decks:
        assert any(p.code == "DC003" and "surrogate" in p.message and p.line == 2 for p in deck.problems)
        (deck.name or "").encode("utf-8")


def test_json_nul_escapes_are_removed_where_they_are_said() -> None:
    # A text decklist cannot hold a NUL (its reader refuses the file): a deck name carrying one
    # made the export refuse its own reading ("would not read back the same").
    deck = parse_text(ARCHIDEKT.replace('"Giada Angels"', '"\\u0000Giada Angels"'), "deck.json")
    assert deck.name == "Giada Angels"
    assert [(p.line, p.code) for p in deck.problems if "NUL" in p.message] == [(2, "DC003")]


FIXTURES = Path(__file__).parent.parent / "fixtures" / "decklists"


@pytest.mark.parametrize(
    ("fixture", "written", "invisible"),
    [
        ("cockatrice.cod", 'setShortName="M10"', 'setShortName="M1\ufeff0"'),
        ("cockatrice.cod", 'collectorNumber="146"', 'collectorNumber="14\u200b6"'),
        ("deck.csv", "Mainboard,M10,146", "Mainboard,M1\u200b0,\u200b146"),
        ("archidekt.json", '"editioncode": "fdn"', '"editioncode": "fd\\u200bn"'),
    ],
)
def test_printings_read_from_fields_lose_invisible_characters(
    fixture: str, written: str, invisible: str
) -> None:
    """As a text line loses them: a set code or collector number with an invisible character was
    written out as read and read back without it, so the export refused its own reading."""
    text = (FIXTURES / fixture).read_text(encoding="utf-8")
    assert written in text
    clean, dirty = parse_text(text, fixture), parse_text(text.replace(written, invisible), fixture)
    assert [(e.set_code, e.collector_number) for e in dirty.entries] == [
        (e.set_code, e.collector_number) for e in clean.entries
    ]


@pytest.mark.parametrize(
    "line",
    [
        "9 Mountain|CMR|1|x",  # a fourth field was dropped unsaid
        "9 Mountain|CMR 9 Mountain",  # half a line read as a set code
        "9 Mountain|CMR\u20289 Mountain|CMR",  # (a line separator inside the line: one line)
        "9 Mountain|CMR|x",
    ],
)
def test_a_forge_line_with_fields_forge_never_writes_is_not_read(line: str) -> None:
    text = (FIXTURES / "forge.dck").read_text(encoding="utf-8")
    deck = parse_text(text.replace("9 Mountain|CMR", line), "deck.dck")
    assert "Mountain" not in {e.name for e in deck.entries}
    assert [(p.line, p.code) for p in deck.problems if "not a Forge card line" in p.message] == [(8, "DC002")]


def test_forge_fields_as_forge_writes_them_are_read() -> None:
    text = (FIXTURES / "forge.dck").read_text(encoding="utf-8")
    as_written = [("9 Mountain|CMR|2", "CMR"), ("9 Mountain||3", None), ("9 Mountain|PLIST|", "PLIST")]
    for line, set_code in as_written:
        deck = parse_text(text.replace("9 Mountain|CMR", line), "deck.dck")
        assert [(e.quantity, e.set_code) for e in deck.entries if e.name == "Mountain"] == [(9, set_code)]


def test_a_key_that_loses_a_nul_keeps_its_value_beside_the_key_it_would_become() -> None:
    text = '{"Island": 1,\n "Isl\\u0000and": 2, "Moun\\u0000tain": ["a\\ud800"]}'
    document, line = without_unholdable_characters(text, json.loads(text))
    assert document == {"Island": 1, "Isl\x00and": 2, "Mountain": ["a"]} and line == 2
