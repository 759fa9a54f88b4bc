"""Issue #8, property-based fuzzing of every parser, with a bounded budget in the normal suite.

- every decklist input format (and content detection), on random text, random bytes and the
  fixtures of tests/fixtures/decklists mutated byte by byte and line by line (flips, inserts,
  deletes, duplicated/swapped lines, absurd numbers, other encodings): never an exception, every
  source line accounted for, every entry with 1 <= quantity <= MAX_QUANTITY and a non-empty name
  no longer than MAX_NAME_LENGTH; what is read can be written by every writer and read back;
- the type-line parser never raises, and the words it does not know come from its input;
- the mana-cost parser raises only ManaCostError;
- card_from_record and CardStore.from_records raise only CardDataError;
- CardStore.resolve (in memory and SQLite) never raises on any string.

The parsers are called directly (not through parse_text's last-resort ``except``), so a bug shows as
the real exception. Budget: DECKCHECK_FUZZ_EXAMPLES examples per test (default 100), derandomized
so CI is stable. The longer run (fuzz/README.md):

    DECKCHECK_FUZZ_EXAMPLES=20000 python -m pytest tests/reliability/test_fuzz_parsers.py
"""

from __future__ import annotations

import codecs
import json
import os
import re
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.cards import vocabulary as vocab
from deckcheck.cards.mana import COLOURS, ManaCost, ManaCostError, colours_in_text, parse_mana_cost
from deckcheck.cards.records import card_from_record
from deckcheck.cards.store import CardStore, bundled_cards_path, write_store
from deckcheck.cards.typeline import _APOSTROPHES, TypeLine, parse_faces, parse_type_line
from deckcheck.deck import LineKind, ParsedDeck
from deckcheck.decklist import (
    INPUT_FORMATS,
    MAX_BYTES,
    MAX_QUANTITY,
    WRITERS,
    detect_format,
    parse_bytes,
    parse_findings,
    parse_text,
    split_lines,
)
from deckcheck.decklist._base import MAX_NAME_LENGTH, whole_file_problem
from deckcheck.decklist._decode import decode
from deckcheck.errors import CardDataError
from tests.decklist.test_decklist_corpus import source_line_count

EXAMPLES = int(os.environ.get("DECKCHECK_FUZZ_EXAMPLES", "100"))
settings.register_profile(
    "deckcheck-fuzz",
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,  # the same examples on every run: CI stays stable
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
FUZZ = settings.get_profile("deckcheck-fuzz")

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "decklists"
FIXTURE_BYTES = {p.name: p.read_bytes() for p in sorted(FIXTURES.iterdir()) if p.is_file()}
FORMATS = [None, *sorted(INPUT_FORMATS)]  # None: detected from the content


# -- parsing without the safety net -------------------------------------------------------------
def parse_strictly(text: str, input_format: str | None) -> ParsedDeck:
    """What :func:`parse_text` does, minus its last-resort ``except``: a parser bug raises here."""
    if len(text) > MAX_BYTES:
        return parse_text(text, "<fuzz>", input_format)
    text = text.removeprefix("\ufeff")
    if "\x00" in text:
        return whole_file_problem("<fuzz>", input_format or "unknown", "binary content")
    return INPUT_FORMATS[input_format or detect_format(text)].parse(text, "<fuzz>")


_BOMS = {
    "utf-32-le": codecs.BOM_UTF32_LE,
    "utf-32-be": codecs.BOM_UTF32_BE,
    "utf-16-le": codecs.BOM_UTF16_LE,
    "utf-16-be": codecs.BOM_UTF16_BE,
}


def expected_lines(data: bytes, encoding: str) -> int:
    """Source lines of ``data``, counted on the bytes, independently of the parser (the helper the
    real-data corpus test uses), after the byte-order mark the decoder took off."""
    data = data.removeprefix(codecs.BOM_UTF8).removeprefix(_BOMS.get(encoding, b""))
    return source_line_count(data, encoding)


def check_deck(deck: ParsedDeck, source_lines: int | None) -> None:
    """The promises of deckcheck.decklist for any input at all."""
    assert not any("internal error" in p.message for p in deck.problems), deck.problems[:3]
    for entry in deck.entries:
        assert 1 <= entry.quantity <= MAX_QUANTITY, entry
        assert entry.name.strip(), entry
        assert len(entry.name) <= MAX_NAME_LENGTH, entry
    if any(r.line == 0 for r in deck.lines):  # JSON, or refused as a whole before reading lines
        assert all(r.line == 0 for r in deck.lines) or deck.input_format == "html"
        assert sum(r.kind is LineKind.CARD for r in deck.lines) >= len(deck.entries)
    elif source_lines is not None:
        assert [r.line for r in deck.lines] == list(range(1, source_lines + 1))
        card_lines = {r.line for r in deck.lines if r.kind is LineKind.CARD}
        assert {e.line for e in deck.entries} <= card_lines
    findings = parse_findings(deck)
    assert len(findings) == len(deck.problems) and all(f.message for f in findings)


def check_bytes(data: bytes, input_format: str | None) -> ParsedDeck:
    decoded = decode(data)
    if decoded.text is None:
        deck = parse_bytes(data, "<fuzz>", input_format)
        assert deck.entries == [] and deck.problems and deck.problems[0].code == "DC001"
        return deck
    deck = parse_strictly(decoded.text, input_format)
    # A second BOM (a file "saved with BOM" twice) is dropped too; alone, it is no line at all.
    lines = expected_lines(data, decoded.encoding or "utf-8") if decoded.text.removeprefix("\ufeff") else 0
    check_deck(deck, lines)
    through_the_api = parse_bytes(data, "<fuzz>", input_format)
    assert [(e.quantity, e.name, e.zone, e.line) for e in through_the_api.entries] == [
        (e.quantity, e.name, e.zone, e.line) for e in deck.entries
    ]
    return deck


def check_writers(deck: ParsedDeck) -> None:
    """Whatever was read can be written by every writer, and the result read back by its parser."""
    for name, writer in WRITERS.items():
        written = writer(deck)
        back = parse_strictly(written, name)
        check_deck(back, len(split_lines(written)))


# -- strategies ---------------------------------------------------------------------------------
TOKENS = [
    *"0123456789 xX\n\r\t/-,;:|#*()[]{}<>=\"'&!?.+",
    "Sideboard",
    "SIDEBOARD:",
    "Deck",
    "Commander",
    "Companion",
    "Maybeboard",
    "About",
    "Name ",
    "SB: ",
    "// ",
    "# ",
    "[Main]",
    "[metadata]",
    "NAME:",
    "*CMDR*",
    "*F*",
    " (M21) 123",
    "<Deck>",
    "</Deck>",
    "<Cards ",
    'Quantity="',
    'Sideboard="true" ',
    'Name="',
    '"/>',
    "<cockatrice_deck>",
    '<zone name="main">',
    '<card number="',
    'name="',
    "</zone>",
    '<deck><section name="Main">',
    '<card qty="',
    "</card>",
    "<!DOCTYPE",
    "<!ENTITY",
    "&amp;",
    "&#0;",
    '{"mainboard": {',
    '"quantity": ',
    '"card": {"name": ',
    "}",
    "[",
    "]",
    "null",
    "1e300",
    "Count,Name",
    "Quantity,Card Name,Section\n",
    ",",
    '"',
    "Lightning Bolt",
    "Fire // Ice",
    "Lim-Dûl",
    "Æther",
    "Jötun",
    "\u200b",
    "\ufeff",
    "\x1b[31m",
    "\x85",
    "\u2028",
    "99999999999999999999",
    "-1",
    "0",
    "10001",
    "½",
]
token_text = st.lists(st.sampled_from(TOKENS), max_size=120).map("".join)
any_text = st.one_of(
    st.text(max_size=1500), token_text, st.text(st.characters(exclude_categories=()), max_size=300)
)

INTERESTING_BYTES = [
    b"\x00",
    b"\xff",
    b"\xfe",
    b"\x80",
    b"\xc3",
    b"\xef\xbb\xbf",
    b"\xff\xfe",
    b"\r",
    b"\n\n",
    b"\r\n",
    b"<!DOCTYPE x [<!ENTITY a 'b'>]>",
    b"&a;",
    b"]]>",
    b"<",
    b">",
    b'"',
    b"'",
    b"&",
    b"{",
    b"}",
    b"Sideboard\n",
    b"Commander\n",
    b"99999999999999999999",
    b"-1",
    b"0",
    b"\x1b[31m",
    b"\t",
    b"//",
    "é".encode(),
    "\u202e".encode(),
    b"\xed\xa0\x80",
    b"A" * 1200,
]


def _index(draw: st.DrawFn, data: bytearray) -> int:
    return draw(st.integers(0, max(len(data) - 1, 0)))


def _lines(data: bytearray) -> list[bytes]:
    return bytes(data).split(b"\n")


def flip(draw: st.DrawFn, data: bytearray) -> bytearray:
    if data:
        data[_index(draw, data)] ^= draw(st.integers(1, 255))
    return data


def insert(draw: st.DrawFn, data: bytearray) -> bytearray:
    chunk = draw(st.one_of(st.sampled_from(INTERESTING_BYTES), st.binary(max_size=12)))
    at = draw(st.integers(0, len(data)))
    return data[:at] + bytearray(chunk) + data[at:]


def delete(draw: st.DrawFn, data: bytearray) -> bytearray:
    at = _index(draw, data)
    return data[:at] + data[at + draw(st.integers(1, 64)) :]


def truncate(draw: st.DrawFn, data: bytearray) -> bytearray:
    return data[: draw(st.integers(0, len(data)))]


def duplicate_line(draw: st.DrawFn, data: bytearray) -> bytearray:
    lines = _lines(data)
    at = draw(st.integers(0, len(lines) - 1))
    lines.insert(draw(st.integers(0, len(lines))), lines[at])
    return bytearray(b"\n".join(lines))


def delete_line(draw: st.DrawFn, data: bytearray) -> bytearray:
    lines = _lines(data)
    del lines[draw(st.integers(0, len(lines) - 1))]
    return bytearray(b"\n".join(lines))


def swap_lines(draw: st.DrawFn, data: bytearray) -> bytearray:
    lines = _lines(data)
    a, b = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
    lines[a], lines[b] = lines[b], lines[a]
    return bytearray(b"\n".join(lines))


def absurd_number(draw: st.DrawFn, data: bytearray) -> bytearray:
    numbers = list(re.finditer(rb"\d+", bytes(data)))
    if not numbers:
        return data
    match = draw(st.sampled_from(numbers))
    value = draw(
        st.one_of(st.sampled_from([0, -1, 10**4, 10**4 + 1, 10**9, 10**30]), st.integers(-(10**40), 10**40))
    )
    return data[: match.start()] + bytearray(str(value).encode()) + data[match.end() :]


def re_encode(draw: st.DrawFn, data: bytearray) -> bytearray:
    text = bytes(data).decode("utf-8", errors="replace")
    codec = draw(
        st.sampled_from(["utf-16", "utf-16-le", "utf-16-be", "utf-32", "latin-1", "cp1252", "utf-8-sig"])
    )
    return bytearray(text.encode(codec, errors="replace"))


MUTATIONS: list[Callable[[st.DrawFn, bytearray], bytearray]] = [
    flip,
    insert,
    delete,
    truncate,
    duplicate_line,
    delete_line,
    swap_lines,
    absurd_number,
    re_encode,
]


@st.composite
def mutated_fixture(draw: st.DrawFn) -> bytes:
    data = bytearray(FIXTURE_BYTES[draw(st.sampled_from(sorted(FIXTURE_BYTES)))])
    for _ in range(draw(st.integers(1, 6))):
        data = draw(st.sampled_from(MUTATIONS))(draw, data)
    return bytes(data)


# -- decklists -----------------------------------------------------------------------------------
@pytest.mark.parametrize("input_format", FORMATS, ids=[f or "detected" for f in FORMATS])
@FUZZ
@given(text=any_text)
def test_random_text(input_format: str | None, text: str) -> None:
    check_bytes(text.encode("utf-8", errors="surrogatepass"), input_format)
    deck = parse_strictly(text, input_format)
    check_deck(deck, None)


@pytest.mark.parametrize("input_format", FORMATS, ids=[f or "detected" for f in FORMATS])
@FUZZ
@given(data=st.binary(max_size=3000))
def test_random_bytes(input_format: str | None, data: bytes) -> None:
    check_bytes(data, input_format)


@pytest.mark.parametrize("input_format", FORMATS, ids=[f or "detected" for f in FORMATS])
@FUZZ
@given(data=mutated_fixture())
def test_mutated_fixtures(input_format: str | None, data: bytes) -> None:
    deck = check_bytes(data, input_format)
    check_writers(deck)


def test_the_fixtures_themselves_pass_the_checks() -> None:
    """The properties hold for the unmutated fixtures (so a failure above is the mutation's)."""
    for data in FIXTURE_BYTES.values():
        for input_format in FORMATS:
            check_writers(check_bytes(data, input_format))


def test_the_budget_comes_from_the_environment() -> None:
    assert settings.get_profile("deckcheck-fuzz").max_examples == EXAMPLES > 0
    assert FUZZ.derandomize and FUZZ.deadline is None


# -- type lines ------------------------------------------------------------------------------------
TYPE_WORDS = sorted(
    {*vocab.SUPERTYPES, *vocab.CARD_TYPES, *vocab.OLD_TYPE_NAMES, *vocab.MULTIWORD_SUBTYPES}
    | {s for subtypes in vocab.SUBTYPES_BY_TYPE.values() for s in list(subtypes)[:40]}
)
type_line_text = st.one_of(
    st.text(max_size=80),
    st.lists(
        st.one_of(
            st.sampled_from(TYPE_WORDS),
            st.sampled_from([" — ", " – ", " - ", "--", " -- ", ",", " // ", "’", " "]),
            st.text(max_size=6),
        ),
        max_size=14,
    ).map(" ".join),
)


@FUZZ
@given(text=type_line_text)
def test_type_lines(text: str) -> None:
    parsed = parse_type_line(text)
    assert isinstance(parsed, TypeLine)
    assert parsed.supertypes <= vocab.SUPERTYPES
    assert parsed.types <= vocab.CARD_TYPES
    source = text.translate(_APOSTROPHES).casefold()
    for token in parsed.unknown:
        assert isinstance(token, str) and token
        assert all(word.casefold() in source for word in token.split()), (token, text)
    for face in parse_faces(text):
        assert isinstance(face, TypeLine)


# -- mana costs --------------------------------------------------------------------------------------
SYMBOLS = [
    "W",
    "U",
    "B",
    "R",
    "G",
    "C",
    "S",
    "X",
    "Y",
    "Z",
    "W/U",
    "2/W",
    "G/P",
    "W/U/P",
    "HW",
    "½",
    "∞",
    "²",
    "٣",
]
mana_text = st.one_of(
    st.none(),
    st.text(max_size=40),
    st.lists(
        st.one_of(
            st.sampled_from(SYMBOLS).map(lambda s: "{" + s + "}"),
            st.integers(0, 10**6).map(lambda n: "{" + str(n) + "}"),
            st.text(max_size=5).map(lambda s: "{" + s + "}"),
            st.sampled_from(["{", "}", " ", "{{", "}}", "{" + "9" * 5000 + "}"]),
        ),
        max_size=10,
    ).map("".join),
)


@FUZZ
@given(text=mana_text)
def test_mana_costs(text: str | None) -> None:
    try:
        cost = parse_mana_cost(text)
    except ManaCostError:
        return
    assert isinstance(cost, ManaCost)
    assert isinstance(cost.mana_value, int) and cost.mana_value >= 0
    assert cost.colours <= frozenset(COLOURS)
    assert colours_in_text(text or "") <= frozenset(COLOURS)


# -- card records ---------------------------------------------------------------------------------------
def _bundled_records() -> list[dict[str, Any]]:
    payload = json.loads(bundled_cards_path().read_text(encoding="utf-8"))
    records: list[dict[str, Any]] = payload["cards"]
    return records


BUNDLED = _bundled_records()
json_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
RECORD_KEYS = [
    "name",
    "layout",
    "faces",
    "color_identity",
    "keywords",
    "legalities",
    "leadership",
    "printed_names",
    "printed_type_lines",
    "mana_value",
]
FACE_KEYS = ["name", "mana_cost", "type_line", "oracle_text", "colors", "color_indicator", "power", "loyalty"]


@st.composite
def mangled_record(draw: st.DrawFn) -> Any:
    if draw(st.integers(0, 9)) == 0:
        return draw(json_value)
    record = json.loads(json.dumps(draw(st.sampled_from(BUNDLED))))
    for _ in range(draw(st.integers(1, 3))):
        faces = record.get("faces")
        if isinstance(faces, list) and faces and isinstance(faces[0], dict) and draw(st.booleans()):
            face = faces[draw(st.integers(0, len(faces) - 1))]
            if isinstance(face, dict):
                face[draw(st.sampled_from(FACE_KEYS))] = draw(json_value)
        elif draw(st.booleans()):
            record[draw(st.sampled_from(RECORD_KEYS))] = draw(json_value)
        else:
            record.pop(draw(st.sampled_from(RECORD_KEYS)), None)
    return record


def use_card(card: Any) -> None:
    """Everything the rules read from a card."""
    assert card.mana_value >= 0
    _ = (card.deck_types, card.names, card.oracle_text, card.all_text, card.is_changeling)
    _ = (card.is_land, card.is_permanent, card.is_legendary, card.is_basic_land, card.cost_symbols)
    _ = (card.legality("modern"), card.can_lead("commander"), card.creature_types(), card.color_identity)


@FUZZ
@given(record=mangled_record())
def test_card_records(record: Any) -> None:
    try:
        card = card_from_record(record)
    except CardDataError as exc:
        assert exc.message
        return
    use_card(card)


@FUZZ
@given(records=st.lists(mangled_record(), min_size=1, max_size=3))
def test_card_stores_from_records(records: list[Any]) -> None:
    try:
        store = CardStore.from_records(records)
        for record in records:
            if isinstance(record, Mapping) and isinstance(record.get("name"), str):
                store.resolve(record["name"])
    except CardDataError as exc:
        assert exc.message


# -- name resolution -------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def stores() -> Iterator[list[CardStore]]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cards.sqlite"
        write_store(BUNDLED, path, meta={"source": "fuzz"})
        yield [CardStore.from_records(BUNDLED, "memory"), CardStore.open(path)]


@st.composite
def misspelt_name(draw: st.DrawFn) -> str:
    name: str = draw(st.sampled_from(BUNDLED))["name"]
    chars = list(name)
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, max(len(chars) - 1, 0)))
        action = draw(st.sampled_from(["drop", "double", "upper", "accent", "slash", "junk"]))
        if not chars:
            break
        if action == "drop":
            del chars[at]
        elif action == "double":
            chars.insert(at, chars[at])
        elif action == "upper":
            chars[at] = chars[at].swapcase()
        elif action == "accent":
            chars.insert(at + 1, "\u0301")
        elif action == "slash":
            chars.insert(at, "/")
        else:
            chars.insert(at, draw(st.characters(exclude_categories=())))
    return "".join(chars)


@FUZZ
@given(
    name=st.one_of(
        st.text(max_size=60), st.text(st.characters(exclude_categories=()), max_size=20), misspelt_name()
    )
)
def test_resolve_any_string(stores: list[CardStore], name: str) -> None:
    names = {r["name"] for r in BUNDLED}
    for store in stores:
        result = store.resolve(name)
        assert result.query == name
        assert result.ok == (result.card is not None)
        assert result.match in {"exact", "normalized", "face", "printed", "folded", "ambiguous", "unknown"}
        assert set(result.suggestions) <= names
