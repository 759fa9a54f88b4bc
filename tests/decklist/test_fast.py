"""deckcheck.decklist.fast: whenever fast_entries returns a list, parse_text reads the text exactly so
(same entries, no problem or finding but the info that a section is not part of the deck; the
metadata, deck name and infos read_plain keeps beside them are parse_text's too); otherwise it
returns None.

Property tests (hypothesis, DECKCHECK_FUZZ_EXAMPLES examples per test, derandomized) on texts mixing
accepted and tricky lines, and on plain lists mutated at a random spot; the contract over every
decklist file of the repository and of ../shared/realdata/decks (run with -s for the counts); the
shapes benchmarks/bench_batch.py generates; and the texts that must go to parse_text.
"""

from __future__ import annotations

import importlib.util
import os
import random
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.deck import Zone
from deckcheck.decklist import MAX_BYTES, fast, parse_findings, parse_text
from deckcheck.decklist._decode import decode
from deckcheck.decklist.fast import PlainDecks, fast_entries, read_plain
from deckcheck.findings import Severity

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("DECKCHECK_FUZZ_EXAMPLES", "100"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,  # the same examples on every run: CI stays stable
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

Row = tuple[int, str, Zone, int]


def check_contract(text: str) -> list[Row] | None:
    """fast_entries(text), after checking that a list is what parse_text reads, without a doubt:
    the same entries, and the same metadata and deck name (read_plain keeps them beside)."""
    fast = fast_entries(text)
    if fast is None:
        return None
    read = read_plain([text])
    deck = parse_text(text, "x")
    assert fast == [(e.quantity, e.name, e.zone, e.line) for e in deck.entries], text
    assert fast, text  # an empty list is parse_text's "no card lines" error: None instead
    # no problem but the info of a section outside the deck, which read_plain keeps too
    assert list(read.problems[0]) == deck.problems, (text, deck.problems)
    assert all(f.severity is Severity.INFO for f in parse_findings(deck)), text
    assert read.metadata[0] == deck.metadata, text
    assert list(read.metadata[0]) == list(deck.metadata), text  # (in the same order)
    assert read.deck_names[0] == deck.name, text
    assert "commander" not in deck.metadata, text  # (command_zone reads it: never taken)
    for quantity, name, zone, line in fast:  # the types, not just equal values
        assert type(quantity) is int and type(name) is str and type(zone) is Zone and type(line) is int
    return fast


# -- generated texts ----------------------------------------------------------------------------
PLAIN_NAMES = [
    "Lightning Bolt",
    "Kenrith, the Returned King",
    "Lim-Dûl's Vault",
    "Æther Vial",
    "Fire // Ice",
    "Fire/Ice",  # clean_name writes the faces "Fire // Ice", for parse_text and for us
    "Wear///Tear",
    "Who // What // When // Where // Why",
    "1996 World Champion",
    "+2 Mace",
    "X",
    "x Marks the Spot",
    "Circle of Protection: Red",
    '"Ach! Hans, Run!"',
    "Borrowing 100,000 Arrows",
    "Séance",
    "Jötun Grunt",
    "Lurrus of the Dream-Den",
    "Yorion, Sky Nomad",
    "Sideboard Tutor",
    "Forest",
]
TRICKY_NAMES = [
    *PLAIN_NAMES,
    "Fire /// Ice",
    "Fire //// Ice",
    "// Ice",
    "Ice //",
    "Fire // // Ice",
    "Urza\u2019s Saga",
    "Urza\u00b4s Saga",
    "Urza`s Saga",
    "Lightning  Bolt",
    "1996",
    "_____",
    "½",
    "Ⅻ Bolt",
    "稲妻",
    "Молния",
    "Æ",
    "Name",
    "Card Name, Count",
    "Bolt*",
    "Bolt **",
    "Bolt *F*",
    "Bolt *CMDR*",
    "Bolt *Q*",
    "Bolt #burn",
    "Bolt ^Burn^",
    "Bolt [M10]",
    "[M10:146] Bolt",
    "Bolt [M10:146]",
    "Bolt [CC2:9a] [foil]",
    "Bolt [foil]",
    "Bolt [token]",
    "Bolt [Sideboard]",
    "Bolt (F)",
    "Bolt (foil)",
    "Bolt (Etched)",
    "Bolt(foil)",
    "Bolt (M10)",
    "Bolt (M10) 146",
    "Bolt (m10) 1-a",
    "Bolt (M10) (foil)",
    "Bolt (foil) (M10) 1",
    "Bolt  (M10)  146",
    "Bolt (TOOLONGSET) 1",
    "Bolt (M10) 123456789012345",
    "Bolt|M10",
    "Bolt|M10|2",
    "Bolt+",
    "Bolt x4",
    "Bolt\u200b",
    "Bolt\u00a0Strike",
    "Bolt\u00adStrike",
    "Bolt\u00b4s",
    "Bolt\x1b[31m",
    "Bolt\x0bStrike",
    "Bolt\u2028Strike",
    "Bolt\x85",
    "Bolt <b>",
    "Bolt = Fire",
    "Bolt {R}",
    "Bolt @home",
    "ſideboard",
    "Kelvin \u212a",
    "Sideboard",
    "Deck",
    "a" * 300,
]
COUNTS = ["1", "4", "4x", "4X", "12", "9999", "4 x", "x4", "0", "00", "04", "10000", "99999", "+4", "-1"]
TRICKY_COUNTS = [*COUNTS, "٤", "1.5", "4*", "", "4x4"]
HEADERS = [
    "Deck",
    "deck",
    "DECK",
    "Sideboard",
    "SIDEBOARD:",
    "Sideboard :",
    "sideboard",
    "Commander",
    "COMMANDER:",
    "Companion",
    "Maybeboard",
    "Main",
    "Maindeck",
    "Mainboard",
    "Commanders",
    "Companions",
]
TRICKY_HEADERS = [
    *HEADERS,
    "About",
    "Name My Deck",
    "Tokens",
    "Display Commander",
    "Planar Deck",
    "// Display Commander",
    "Display Commander (1)",
    "Creatures (12)",
    "Lands:",
    "Unknown:",
    "[Main]",
    "[Sideboard]",
    "[metadata]",
    "Name=Foo",
    "// Sideboard",
    "#// Sideboard",
    "// Creatures",
    "// Burn, by a player",
    "# link https://example.org",
    "//",
    "# DATE: 2020-01-01",
    "// Tokens",
    "[Sideboard]",
    "[Tokens]",
    "# comment",
    "// format: modern",
    "// NAME: Burn",
    "NAME: Burn",
    "LAYOUT MAIN:(1,1)|(NONE,false,50)|([1,2])",
    "SB: 2 Duress",
    "SB:",
    "Sideboard: 2 Duress",
    "CMDR: 1 Kenrith, the Returned King",
    "ſideboard",
    "Side",
    "SB",
    "Sideboard (15)",
    "Planes",
    "<Deck>",
    "{",
    "[",
    "Count,Name",
    "Quantity,Card Name,Section",
    "Name,Count",
    "Lightning Bolt",
    "4",
]
SPACES = ["", " ", "  "]
# The grammar's bounds on spaces are 50 and 100: both sides of each.
TRICKY_SPACES = [*SPACES, "\t", " " * 50, " " * 51, " " * 100, " " * 101, "\u00a0", "\u3000"]
BREAKS = ["\n", "\r\n", "\r"]


@st.composite
def card_line(draw: st.DrawFn, tricky: bool) -> str:
    pick = st.sampled_from
    space = pick(TRICKY_SPACES if tricky else SPACES)
    counts = pick(TRICKY_COUNTS if tricky else ["1", "2", "3", "4", "4x", "4X", "12"])
    names = pick(TRICKY_NAMES) | st.text(max_size=12) if tricky else pick(PLAIN_NAMES)
    suffix = pick(
        [
            *["", "", " (M10)", " (M10) 146", " (2XM) 7", " (a_b) Z9", " " * 51 + "(M10)"],
            *["", " [M10:146]", " [CC2:9a] [foil]", "[ZEN:*][Etched]", " [M10]", " [foil]", " [M10:1] [f]"],
            *[" [SLD:2376\u2605]  [FOIL]", " [M10:146] [foil] [foil]", " [Ramp] [M10:1]"],
            *[" " * 51 + "[M10:1]", " [M10:1] [token]", " [M10:1] [proxy]", " [M10:1 ]", " [M10:1]\t[foil]"],
        ]
    )
    # a printing before the name (XMage), sometimes with one after it too
    printing = pick(["", "", "", "[M10:146] ", "[SLD:2376]", "[M10] ", "[M10:146]  ", "[m10:]"])
    between = " " if not tricky else draw(pick([" ", "  ", "\t", " " * 50, " " * 51, "\u00a0"]))
    name = f"{draw(printing)}{draw(names)}"
    return f"{draw(space)}{draw(counts)}{between}{name}{draw(suffix)}{draw(space)}"


@st.composite
def texts(draw: st.DrawFn, tricky: bool) -> str:
    header = st.sampled_from(TRICKY_HEADERS if tricky else HEADERS).map(lambda h: h.strip())
    blank = st.sampled_from(TRICKY_SPACES if tricky else SPACES)
    line = st.one_of(card_line(tricky), card_line(tricky), card_line(tricky), header, blank)
    lines = draw(st.lists(line, max_size=40))
    if draw(st.booleans()):
        breaks = [draw(st.sampled_from(BREAKS))] * len(lines)  # one style, as files are
    else:
        breaks = [draw(st.sampled_from(BREAKS)) for _ in lines]
    body = "".join(f"{text}{end}" for text, end in zip(lines, breaks, strict=True))
    unterminated = draw(st.booleans())  # no line break after the last line
    if lines and unterminated:
        body = body.removesuffix(breaks[-1])
    if tricky:
        body = draw(st.sampled_from(["", "", "", "\ufeff", "\x00", "\n", " \n"])) + body
    return body


@FUZZ
@given(texts(tricky=True))
def test_contract_on_tricky_texts(text: str) -> None:
    check_contract(text)


@st.composite
def plain_deck(draw: st.DrawFn) -> str:
    """A list the fast path must take: an Arena or MTGO export of plain names."""
    pick = st.sampled_from
    names = st.lists(pick(PLAIN_NAMES), min_size=1, max_size=25)
    counts = pick(["1", "2", "3", "4", "4x", "2X"])
    line = st.builds("{} {}{}".format, counts, pick(PLAIN_NAMES), pick(["", " (M10) 146", "  "]))
    main = draw(st.lists(line, min_size=1, max_size=30))
    side = [f"1 {name}" for name in draw(st.lists(pick(PLAIN_NAMES[:-4]), max_size=15))]
    shape = draw(pick(["mtgo", "arena", "commander"]))
    if shape == "mtgo":
        text = "\n".join(main) + ("\n\n" + "\n".join(side) if side else "")
    elif shape == "arena":
        text = "Deck\n" + "\n".join(main) + ("\n\nSideboard\n" + "\n".join(side) if side else "")
    else:
        companion = draw(pick(["", "Companion\n1 Lurrus of the Dream-Den\n\n"]))
        text = f"Commander\n1 {draw(names)[0]}\n\n{companion}Deck\n" + "\n".join(main)
    # Blank lines where they change nothing: before everything, right after a header (no card
    # yet), at the end.
    text = draw(pick(["", "\n", " \n\n"])) + text
    text = text.replace("Deck\n", draw(pick(["Deck\n", "Deck\n\n"])))
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    return text + draw(pick(["", "\n", "\n\n"]))


@FUZZ
@given(plain_deck())
def test_plain_decks_are_taken(text: str) -> None:
    assert check_contract(text) is not None, text


MUTATIONS = list(
    "\t\r\n\x00\x0b\x0c\x1c\x85\u2028\ufeff\u00a0\u200b ,;:()[]{}<>|#*^/\\=@$%~`'\"+-x0123456789"
)
MUTATIONS += ["\u00ad", "\u2019", "\u00b4", "Æ", "ſ", "\u212a", "//", " // ", "SB: ", "*F*", " (M10)"]
MUTATIONS += ["\n\n", "Sideboard\n", "\nCompanion\n", "\n1 Forest\n", " " * 50, " " * 51]


@FUZZ
@given(plain_deck(), st.data())
def test_contract_on_mutated_plain_decks(text: str, data: st.DataObject) -> None:
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        if data.draw(st.booleans()):
            text = text[:at] + data.draw(st.sampled_from(MUTATIONS)) + text[at:]
        else:
            text = text[:at] + text[at + 1 :]
    check_contract(text)


@FUZZ
@given(plain_deck(), st.data())
def test_contract_with_one_tricky_line(text: str, data: st.DataObject) -> None:
    """A plain list and one tricky line: if that line is misread, nothing else hides it."""
    lines = text.split("\n")
    header = st.sampled_from(TRICKY_HEADERS)
    tricky = data.draw(st.one_of(card_line(tricky=True), header, st.sampled_from(TRICKY_SPACES)))
    lines.insert(data.draw(st.integers(0, len(lines))), tricky)
    check_contract("\n".join(lines))


@FUZZ
@given(st.lists(st.one_of(texts(tricky=True), plain_deck(), texts(tricky=False)), max_size=12))
def test_many_texts_read_at_once_as_one_at_a_time(batch: list[str]) -> None:
    """read_plain reads all the texts' lines in one pass; text by text it gives what fast_entries
    gives (lines are not carried over from one text to the next, whatever their ends)."""
    read = read_plain(batch)
    assert len(read) == len(batch) and len(read.starts) == len(batch) + 1
    assert [read.entries(i) for i in range(len(batch))] == [fast_entries(text) for text in batch]
    # the same decks from their entries, and any part of them, read back the same
    rebuilt = PlainDecks.of([read.entries(i) for i in range(len(batch))])
    assert rebuilt.taken == read.taken and rebuilt.starts == read.starts
    assert [rebuilt.entries(i) for i in range(len(batch))] == [read.entries(i) for i in range(len(batch))]
    middle = read.part(len(batch) // 3, len(batch) - len(batch) // 3)
    assert [middle.entries(i) for i in range(len(middle))] == [
        read.entries(i) for i in range(len(batch) // 3, len(batch) - len(batch) // 3)
    ]


def test_a_text_that_is_not_taken_leaves_no_entries_behind() -> None:
    """A text refused after some of its lines were read (here: its first line is a CSV header, or
    a companion is also in the sideboard) adds nothing to the columns."""
    batch = [
        "4 Lightning Bolt\n",
        "1 X,Name,Count\n4 Lightning Bolt\n",
        "Companion\n1 Lurrus of the Dream-Den\n\nDeck\n4 Forest\n\nSideboard\n1 Lurrus of the Dream-Den\n",
        "4 Forest\n",
    ]
    read = read_plain(batch)
    assert read.taken == [True, False, False, True]
    assert read.starts == [0, 1, 1, 1, 2]
    assert read.entries(3) == [(4, "Forest", Zone.MAIN, 1)]


def test_a_document_s_lines_are_not_read() -> None:
    """A text detect_format reads as markup or JSON by its first character is never taken: its
    lines (a page's are thousands) are not read at all."""
    line = "4 A Card Only A Document Holds"
    read = read_plain([f"<html>\n{line}\n", f'{{"deck":\n{line}\n', "4 Forest\n"])
    assert read.taken == [False, False, True]
    with fast._LINES.lock:
        assert line not in fast._LINES.ids


def test_the_line_table_starts_again_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader remembers at most so many distinct lines and names; past that it starts a new
    table between two calls, and what was read before keeps its names."""
    import deckcheck.decklist.fast as fast

    texts = [f"{n % 4 + 1} Card Number {n}\n{n % 3 + 1} Forest\n\n1 Side Card {n}\n" for n in range(60)]
    expected = [fast_entries(text) for text in texts]
    small = fast._Lines(limit=20)
    monkeypatch.setattr(fast, "_LINES", small)
    reads = [read_plain(texts[i : i + 10]) for i in range(0, 60, 10)]
    assert small.size <= 20 + 30  # started again: never far past the limit
    got = [read.entries(i) for read in reads for i in range(len(read))]
    assert got == expected  # the earlier reads' names were not lost when the table started again
    assert len({id(read.names) for read in reads}) > 1


def _deck_values(decks: PlainDecks, i: int) -> tuple[object, ...]:
    return (
        decks.entries(i),
        decks.metadata[i],
        decks.deck_names[i],
        list(decks.problems[i]),
        list(decks.unchecked[i]),
    )


def test_decks_read_otherwise_take_the_place_of_texts_not_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """with_decks puts decks read by their own parser where the reader took nothing, keeping the
    decks it took as they are: the same decks as PlainDecks.of of all of them, also when the line
    table started again in between (then everything is rebuilt). The entries of a zone whose
    names are not looked up (a Planar deck's) are kept apart."""
    import deckcheck.decklist.fast as fast

    texts = [
        "// NAME: Burn\n4 Lightning Bolt\n56 Mountain\n",
        "Deck\n4 Forest\n\nPlanar Deck\n1 Tazri, Beacon of Unity\n",  # a section parse_text notes
        "4 Forest\n\n2 Duress\n",
        "1 X,Name,Count\n4 Lightning Bolt\n",  # read as CSV
        "4 Island\n",
    ]
    read = read_plain(texts)
    assert read.taken == [True, False, True, False, True]
    parsed = {i: parse_text(texts[i], f"d{i}") for i in (1, 3)}
    expected = PlainDecks.of([parsed[i] if i in parsed else read.deck(i) for i in range(len(texts))])
    merged = read.with_decks(parsed)
    assert merged.taken == [True] * len(texts)
    assert [_deck_values(merged, i) for i in range(len(texts))] == [
        _deck_values(expected, i) for i in range(len(texts))
    ]
    assert merged.problems[1] and merged.entries(1) == [(4, "Forest", Zone.MAIN, 2)]
    assert merged.unchecked[1] == [(1, "Tazri, Beacon of Unity", 5, "extra:planar deck", "planes")]
    assert [list(merged.unchecked[i]) for i in (0, 2, 3, 4)] == [[]] * 4
    assert read.with_decks({}) is read
    monkeypatch.setattr(fast, "_LINES", fast._Lines(limit=0))  # every call starts a new table
    restarted = read.with_decks(parsed)
    assert restarted.names is not read.names
    assert [_deck_values(restarted, i) for i in range(len(texts))] == [
        _deck_values(expected, i) for i in range(len(texts))
    ]


# -- files --------------------------------------------------------------------------------------
def check_files(files: list[Path], label: str) -> Counter[str]:
    """The contract over files read as deckcheck.decklist reads them; prints how many were taken."""
    taken: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for path in files:
        decoded = decode(path.read_bytes())
        if decoded.text is None:
            continue
        kind = path.suffix.lower() or "(none)"
        total[kind] += 1
        if check_contract(decoded.text) is not None:
            taken[kind] += 1
    print(f"\nfast path, {label}: took {sum(taken.values())} of {sum(total.values())} files")
    for kind, count in total.most_common():
        print(f"  {kind:8} {taken[kind]:5} of {count:5}")
    return taken


def test_contract_on_bundled_decklists() -> None:
    files = sorted(p for d in ("data/decks", "data/corpus") for p in (REPO / d).rglob("*") if p.is_file())
    files = [p for p in files if p.suffix == ".txt"]
    assert files
    check_files(files, "data/decks and data/corpus")


@pytest.mark.realdata
def test_contract_on_realdata_decklists(realdata: Path) -> None:
    decks = realdata / "decks"
    if not decks.is_dir():
        pytest.skip(f"{decks} not present")
    files = sorted(p for p in decks.rglob("*") if p.is_file())
    taken = check_files(files, str(decks))
    assert taken[".txt"] > 0


# -- the benchmark's decks ------------------------------------------------------------------------
MTGO_CONSTRUCTED = (
    "4 Goblin Guide\n4 Monastery Swiftspear\n4 Bonecrusher Giant // Stomp\n3 Wear // Tear\n"
    "2 Kolaghan's Command\n12 Mountain\n\n1 Lurrus of the Dream-Den\n2 Smash to Smithereens\n"
    "3 Path to Exile\n"
)
MTGO_HEADED = MTGO_CONSTRUCTED.replace("\n\n", "\n\nSideboard\n")
ARENA_COMMANDER = (
    "Commander\n1 Kenrith, the Returned King\n\nCompanion\n1 Jegantha, the Wellspring\n\n"
    "Deck\n1 Sol Ring\n1 Arcane Signet\n1 Birds of Paradise\n1 Lim-Dûl's Vault\n1 Fire // Ice\n"
    "32 Forest\n"
)


def test_benchmark_shapes() -> None:
    main, side = Zone.MAIN, Zone.SIDEBOARD
    constructed = [
        (4, "Goblin Guide", main, 1),
        (4, "Monastery Swiftspear", main, 2),
        (4, "Bonecrusher Giant // Stomp", main, 3),
        (3, "Wear // Tear", main, 4),
        (2, "Kolaghan's Command", main, 5),
        (12, "Mountain", main, 6),
    ]
    sideboard = [("Lurrus of the Dream-Den", 1), ("Smash to Smithereens", 2), ("Path to Exile", 3)]
    assert check_contract(MTGO_CONSTRUCTED) == [
        *constructed,
        *[(q, n, side, 7 + i) for i, (n, q) in enumerate(sideboard, 1)],
    ]
    assert check_contract(MTGO_HEADED) == [
        *constructed,
        *[(q, n, side, 8 + i) for i, (n, q) in enumerate(sideboard, 1)],
    ]
    assert check_contract(ARENA_COMMANDER) == [
        (1, "Kenrith, the Returned King", Zone.COMMANDER, 2),
        (1, "Jegantha, the Wellspring", Zone.COMPANION, 5),
        (1, "Sol Ring", main, 8),
        (1, "Arcane Signet", main, 9),
        (1, "Birds of Paradise", main, 10),
        (1, "Lim-Dûl's Vault", main, 11),
        (1, "Fire // Ice", main, 12),
        (32, "Forest", main, 13),
    ]


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_batch", REPO / "benchmarks" / "bench_batch.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_benchmark_generated_decks() -> None:
    """Every deck benchmarks/bench_batch.py writes (bundled cards) takes the fast path, correctly."""
    bench = load_bench()
    records, _, _ = bench.load_records(None)
    pool = bench.Pool(records, random.Random(7))
    shapes: Counter[str] = Counter()
    for deck_id, text in bench.generate(pool, 400, 7):
        assert check_contract(text) is not None, (deck_id, text)
        if text.startswith("Commander"):
            shapes["arena commander"] += 1
        elif "\nSideboard\n" in text:
            shapes["headed sideboard"] += 1
        else:
            shapes["blank-line sideboard" if "\n\n" in text else "no sideboard"] += 1
    assert {"arena commander", "headed sideboard", "blank-line sideboard"} <= set(shapes), shapes


# -- texts that must go to parse_text -----------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "metadata", "name"),
    [
        ("// format: modern\n4 Lightning Bolt\n", {"format": "modern"}, None),
        ("// NAME: Burn\n// SOURCE: mtgo\n4 Lightning Bolt\n", {"name": "Burn", "source": "mtgo"}, "Burn"),
        (
            "// Title: First\n// name: Second\n4 Lightning Bolt\n",
            {"title": "First", "name": "Second"},
            "First",
        ),
        ("// date: 2020-01-01\n4 Lightning Bolt\n// Date: 2020-01-01 \n", {"date": "2020-01-01"}, None),
        ("# author  Someone\n4 Lightning Bolt\n", {"author": "Someone"}, None),
        ("// name:\n// deck name: Burn\n4 Lightning Bolt\n", {"name": "", "deck name": "Burn"}, "Burn"),
    ],
)
def test_metadata_comments_are_kept_as_parse_text_keeps_them(
    text: str, metadata: dict[str, str], name: str | None
) -> None:
    assert check_contract(text) is not None
    read = read_plain([text])
    assert read.metadata == [metadata] and read.deck_names == [name]
    assert read.part(0, 1).metadata == [metadata]


@pytest.mark.parametrize(
    "text",
    [
        "",  # no card: parse_text reports "no card lines in the file"
        "\n\n  \n",  # blank lines only: the same warning
        "Deck\nSideboard\n",  # headers only: the same warning
        "4 Lightning Bolt\x00\n",  # NUL: binary content, refused as a whole
        "4 Lightning Bolt\u200b\n",  # a zero-width space: stripped and reported (DC003)
        "4 Lightning\u00adBolt\n",  # a soft hyphen (Cf) is stripped and reported too
        "4 Light\x1bning Bolt\n",  # a control character: stripped and reported (DC003)
        "4 Lightning Bolt\x0c\n",  # a form feed: the same
        "Lightning Bolt\n",  # no count: read as 1 with a warning
        "0 Lightning Bolt\n",  # a count of 0 is refused (DC002)
        "99999 Lightning Bolt\n",  # an absurd count (DC002)
        "\u0664 Lightning Bolt\n",  # a count in Arabic-Indic digits: read, and noted (DC003)
        "\uff14x Lightning Bolt\n",  # ... in fullwidth digits: the same
        "1\u0664 Lightning Bolt\n",  # digits of two systems: refused (DC002)
        "4 Lightning Bolt\nSideboard (\u0661)\n1 Duress\n",  # a header's count in other digits: noted
        "4xLightning Bolt\n",  # no space after the x: no count for parse_text
        "4 1996\n",  # a digits-only name: "not a card name (no letters)"
        "4 " + " " * 1000 + "Lightning Bolt\n",  # over MAX_LINE_LENGTH: refused
        "1 Kenrith, the Returned King *CMDR*\n",  # a marker that moves the card to the command zone
        "4 Lightning Bolt|M10\n",  # Forge's Name|SET
        "4 Lightning Bolt ^Burn^\n",  # Archidekt tags
        "4 Lightning Bolt {R}\n",  # a character no card name has (DC002)
        "4 https://scryfall.com/card/m10/146/lightning-bolt\n",  # a web address, no card name (DC002)
        "4 Lightning Bolt\n1 www.example.com/deck\n",  # the same
        "4 Lightning Bolt\n1 WWW.example.com\n",  # the same, no slash
        "4 Lightning Bolt\n1 www.example.com [foil]\n",  # the same, a finish after it
        "SB: 2 Duress\n4 Lightning Bolt\n",  # an SB: prefix
        "COMMANDER: Kenrith, the Returned King\n4 Lightning Bolt\n",  # a prefix, no count: DC003
        "COMMANDER: 1 Kenrith, the Returned King *SB*\n",  # an unknown marker: a warning
        "COMMANDER: 1 Goblin [M10:1] [token]\n",  # a token
        "4 Lightning Bolt\n\nPlanar Deck\n1 Stensia\n",  # a section of planes: names not looked up
        "4 Lightning Bolt\nDisplay Commander (1)\n1 Kenrith\n",  # a count on a section outside the deck
        "Sideboard (1)\n1 Duress\nDisplay Commander\n1 Kenrith\n",  # ends the counted section
        "// Commander: Kenrith, the Returned King\n4 Lightning Bolt\n",  # read as its command zone
        "About\nName Burn\n\nDeck\n4 Lightning Bolt\n",  # Arena's About section names the deck
        "NAME: Burn\n4 Lightning Bolt\n",  # XMage metadata
        "[metadata]\nName=Burn\n[Main]\n4 Lightning Bolt\n",  # Forge
        "4 Lightning Bolt\nTokens\n1 Goblin\n",  # an extra section: reported, kept as maybeboard
        "Creatures (4)\n4 Goblin Guide\n",  # a group header (and no blank-line sideboard then)
        "Unknown:\n4 Lightning Bolt\n",  # an unknown header: reported
        "ſideboard\n4 Lightning Bolt\n",  # long s: (?i) would take it for "sideboard"; it is a card
        "Reserve\n4 Lightning Bolt\n",  # not a header: a card without a count
        "// Creatures\n4 Goblin Guide\n",  # a group header written as a comment
        "// Tokens\n1 Goblin\n4 Lightning Bolt\n",  # an extra section written as a comment
        "4 Lightning Bolt\n[Tokens]\n1 Goblin\n",  # a bracketed extra section
        "4 Lightning Bolt\n\n[Sideboard]\n2 Duress\n",  # a zone header, but the text reads as Forge
        "[Main]\n4 Lightning Bolt+\n\n2 Duress\n",  # Forge: "+" is foil, no blank-line sideboard
        "1x Lightning Bolt (m10) 146\n1x Duress [Side Stuff]\n",  # Archidekt: a category
        "4 Lightning Bolt\n1 Snake [token]\n",  # a token: kept in the maybeboard
        "4 Lightning Bolt *Q*\n",  # an unknown marker: removed with a warning
        "4 Lightning Bolt\n" + "// " + "x" * 1000 + "\n",  # a comment over MAX_LINE_LENGTH
        "4 Lightning Bolt\n// note\u200b\n",  # a comment with a zero-width space (reported)
        "// just a comment\n# and another\n",  # comments only: no card lines
        "Count,Name\n4,Lightning Bolt\n",  # CSV
        "1 Foo,Name,Count\n",  # a card line that reads as a CSV header: detected as CSV
        '<?xml version="1.0"?><Deck></Deck>',  # XML
        "<div><table><tr><td>\n4 Lightning Bolt\n",  # an HTML page
        '"sep=,"\nCount,Name\n4,Lightning Bolt\n',  # Dragon Shield's CSV
        '{"main": []}',  # JSON
        '\ufeff \n\t<cockatrice_deck version="1">\n4 Lightning Bolt\n',  # XML after a BOM and blanks
        ' {"main": [\n4 Lightning Bolt\n',  # JSON (broken) after a space
        "Companion\n1 Lurrus of the Dream-Den\n\nDeck\n4 Lightning Bolt\n\nSideboard\n"
        "1 Lurrus of the Dream-Den\n",  # the companion twice: merged, with an info (DC004)
        "4 Lightning Bolt\n\n" + "4 Duress\n" * 4,  # 16 cards after the blank line: a warning
        # 100 cards, four or more after the blank line: parse_text may read them as one singleton deck
        "".join(f"1 Card {i}\n" for i in range(85))
        + "11 Swamp\n\n"
        + "".join(f"1 Other {i}\n" for i in range(4)),
        # ... the maybeboard aside (parse_text counts no card of it)
        "".join(f"1 Card {i}\n" for i in range(85))
        + "11 Swamp\n\n"
        + "".join(f"1 Other {i}\n" for i in range(4))
        + "\nMaybeboard\n1 Extra\n",
        "// date: 2020-01-01\n4 Lightning Bolt\n// Date: 2021-02-02\n",  # two dates: a warning
        "4 Lightning Bolt\n" * (MAX_BYTES // 17 + 1),  # over MAX_BYTES: refused as a whole
        "\n" * 65536 + "4 Lightning Bolt\n",  # past what detect_format reads (64 KiB)
    ],
)
def test_texts_left_to_parse_text(text: str) -> None:
    assert fast_entries(text) is None


M, S, C, MB = Zone.MAIN, Zone.SIDEBOARD, Zone.COMMANDER, Zone.MAYBEBOARD


@pytest.mark.parametrize(
    ("text", "entries"),
    [
        # lines outside the regex's grammar, read by the full parser's own line reader
        ("\ufeff4 Lightning Bolt\n", [(4, "Lightning Bolt", M, 1)]),  # a BOM, dropped
        ("4\tLightning Bolt\n", [(4, "Lightning Bolt", M, 1)]),  # a tab is a space
        ("4 Lightning\u00a0Bolt\n", [(4, "Lightning Bolt", M, 1)]),  # NBSP: re-spaced
        ("4 Lightning Bolt\u2028Strike\n", [(4, "Lightning Bolt Strike", M, 1)]),  # not a line break
        (
            "04 Lightning Bolt\n10000 Island\n+4 Duress\n",
            [(4, "Lightning Bolt", M, 1), (10000, "Island", M, 2), (4, "Duress", M, 3)],
        ),
        ("x4 Lightning Bolt\nDuress x2\n", [(4, "Lightning Bolt", M, 1), (2, "Duress", M, 2)]),
        ("4 _____\n1 \u7a32\u59bb\n", [(4, "_____", M, 1), (1, "\u7a32\u59bb", M, 2)]),
        ("4" + " " * 51 + "Lightning Bolt\n", [(4, "Lightning Bolt", M, 1)]),
        (
            "4 Lightning Bolt\n" + "\n" * 5 + "4 Goblin Guide\n" + " " * 101 + "\n",
            [(4, "Lightning Bolt", M, 1), (4, "Goblin Guide", S, 7)],
        ),
        # set annotations and markers that leave a count and a name
        ("4 Lightning Bolt [M10]\n4 [M10] Duress\n", [(4, "Lightning Bolt", M, 1), (4, "Duress", M, 2)]),
        ("4 [M10:146] Lightning Bolt\nSB: 2 [M10:96] Duress\n", None),  # an SB: prefix: given up
        (
            "4 [M10:146] Lightning Bolt\n\n2 [M10:96] Duress\n",
            [(4, "Lightning Bolt", M, 1), (2, "Duress", S, 3)],
        ),
        ("1 Snake Cult [CC2:9a] [foil]\n", [(1, "Snake Cult", M, 1)]),
        (
            "1 Kuro, Pitlord [CHK:123] [foil]\n1 [SLD:2376] Chord of Calling\n1 Forest [ZEN:*]\n"
            "4 Rishadan Port[WC00:tvdl324] [Etched]\n1 Sol Ring [C21:263\u2605]\n",
            [
                (1, "Kuro, Pitlord", M, 1),
                (1, "Chord of Calling", M, 2),
                (1, "Forest", M, 3),
                (4, "Rishadan Port", M, 4),
                (1, "Sol Ring", M, 5),
            ],
        ),
        (
            "1 Fire/Ice [MH2:290]\n1 Lim-D\u00fbl\u2019s Vault [ALL:48]\n",
            [(1, "Fire // Ice", M, 1), (1, "Lim-D\u00fbl's Vault", M, 2)],
        ),
        # a token, a proxy: not a plain card line (a token goes to the maybeboard): left to parse_text
        ("4 Lightning Bolt\n1 Goblin [M10:1] [token]\n", None),
        # Archidekt reads a trailing bracket as a category: left to parse_text
        ("1x Sol Ring (c21) 263 [Ramp]\n1x Forest [M10:1]\n", None),
        (
            "4 Lightning Bolt (M10) 1-a\n4 Duress (M10) (F)\n",
            [(4, "Lightning Bolt", M, 1), (4, "Duress", M, 2)],
        ),
        ("4 Lightning Bolt(M10)\n", [(4, "Lightning Bolt(M10)", M, 1)]),  # no space: part of the name
        ("1 Gorilla Shaman*\n1 Skullclamp**\n", [(1, "Gorilla Shaman", M, 1), (1, "Skullclamp", M, 2)]),
        ("4 Lightning Bolt *F*\n4 Duress #discard\n", [(4, "Lightning Bolt", M, 1), (4, "Duress", M, 2)]),
        # comments: recorded, nothing else
        ("# Burn\n4 Lightning Bolt\n", [(4, "Lightning Bolt", M, 2)]),
        (
            "// Burn, by a player\n4 Lightning Bolt\n// a note\n\n// more\n2 Duress\n",
            [(4, "Lightning Bolt", M, 2), (2, "Duress", S, 6)],
        ),
        (
            "4 Lightning Bolt\n// a comment does not end the run of cards\n2 Duress\n",
            [(4, "Lightning Bolt", M, 1), (2, "Duress", M, 3)],
        ),
        ("//\n#\n4 Lightning Bolt\n", [(4, "Lightning Bolt", M, 3)]),
        # HTML tags in comments: still a decklist
        ("// <a few> notes\n// <p>lay</p> fast\n4 Lightning Bolt\n", [(4, "Lightning Bolt", M, 3)]),
        ("LAYOUT MAIN:(1,1)|(NONE,false,50)|([1,2])\n4 Lightning Bolt\n", [(4, "Lightning Bolt", M, 2)]),
        # headers written as comments, or as the full parser also reads them
        ("4 Lightning Bolt\n// Sideboard\n2 Duress\n", [(4, "Lightning Bolt", M, 1), (2, "Duress", S, 3)]),
        ("4 Lightning Bolt\n## Sideboard\n2 Duress\n", [(4, "Lightning Bolt", M, 1), (2, "Duress", S, 3)]),
        # a "#" comment whose text is "// Sideboard": a comment to the reader and its prescan alike
        ("4 Lightning Bolt\n#// Sideboard\n\n2 Duress\n", [(4, "Lightning Bolt", M, 1), (2, "Duress", S, 4)]),
        ("Sideboard (2)\n2 Duress\n", [(2, "Duress", S, 2)]),
        # a card its prefix places in the command zone, as preconstructed lists write the commander
        (
            "// NAME: Call for Backup\nCOMMANDER: 1 Bright-Palm, Soul Awakener [MOC:1] [foil]\n"
            "1 Sol Ring\n\n1 Duress\n",
            [(1, "Bright-Palm, Soul Awakener", C, 2), (1, "Sol Ring", M, 3), (1, "Duress", S, 5)],
        ),
        ("CMDR: 1 Kenrith\n1 Sol Ring\n", [(1, "Kenrith", C, 1), (1, "Sol Ring", M, 2)]),
        ("\tcommander:  2x Kenrith #tag\n", [(2, "Kenrith", C, 1)]),
        # the blank line before it starts nothing (no sideboard), nor ends the Commander section
        (
            "4 Bolt\n\nCOMMANDER: 1 Kenrith\n4 Duress\n",
            [(4, "Bolt", M, 1), (1, "Kenrith", C, 3), (4, "Duress", M, 4)],
        ),
        (
            "Commander\n1 Kenrith\n\nCOMMANDER: 1 Sol Ring\n1 Duress\n\n1 Bolt\n",
            [(1, "Kenrith", C, 2), (1, "Sol Ring", C, 4), (1, "Duress", C, 5), (1, "Bolt", M, 7)],
        ),
        # a section outside the deck whose cards the data has: the maybeboard's (parse_text's info too)
        (
            "COMMANDER: 1 Kenrith [ELD:303]\n1 Sol Ring\n\nDisplay Commander\n"
            "1 Kenrith [PELD:303] [foil] [etched]\n\n1 Duress\n",
            [(1, "Kenrith", C, 1), (1, "Sol Ring", M, 2), (1, "Kenrith", MB, 5), (1, "Duress", MB, 7)],
        ),
        (
            "4 Bolt\n// Display Commander\n1 Kenrith\nSideboard\n2 Duress\n\n1 Opt\n",
            [(4, "Bolt", M, 1), (1, "Kenrith", MB, 3), (2, "Duress", S, 5), (1, "Opt", S, 7)],
        ),
        # a header's count leaves a card placed by its own line out (DC007: it may or may not count it)
        ("Sideboard (2)\n1 Duress\nCOMMANDER: 1 Kenrith\n", [(1, "Duress", S, 2), (1, "Kenrith", C, 3)]),
    ],
)
def test_lines_the_full_parser_reads_plainly(text: str, entries: list[Row] | None) -> None:
    """Lines outside the regex's grammar that text.read_deck_line reads as a card, a zone header,
    a comment or a blank: the text is taken, with parse_text's entries (check_contract)."""
    assert check_contract(text) == entries


def test_accepted_shapes() -> None:
    """The decisions the grammar relies on, each with the text that shows it."""
    # "4 x Name" is a count and the name "x Name" ("1 X Marks the Spot"), for parse_text too.
    assert check_contract("4 x Marks the Spot\n") == [(4, "x Marks the Spot", Zone.MAIN, 1)]
    # CR and CRLF line breaks count lines like LF; spaces around lines do not matter.
    assert check_contract("  4x Bolt  \r\r\n2X  Fire/Ice\r") == [
        (4, "Bolt", Zone.MAIN, 1),
        (2, "Fire // Ice", Zone.SIDEBOARD, 3),
    ]
    # Faces written with one or three slashes are cleaned as parse_text does.
    assert check_contract("1 Fire/Ice\n1 Wear///Tear\n") == [
        (1, "Fire // Ice", Zone.MAIN, 1),
        (1, "Wear // Tear", Zone.MAIN, 2),
    ]
    # A blank line before any card (or right after a header) starts nothing.
    assert check_contract("\nDeck\n\n4 Bolt\n") == [(4, "Bolt", Zone.MAIN, 4)]
    assert check_contract("Commander\n\n1 Kenrith\n\n1 Sol Ring\n") == [
        (1, "Kenrith", Zone.COMMANDER, 3),
        (1, "Sol Ring", Zone.MAIN, 5),
    ]
    # The Arena suffix goes, curly quotes and double spaces are cleaned as parse_text does.
    assert check_contract("4 Urza\u2019s  Saga (MH2) 259\n") == [(4, "Urza's Saga", Zone.MAIN, 1)]
    # A blank line ends the Commander section; the next one starts the MTGO sideboard.
    assert check_contract("Commander\n1 Kenrith\n\n1 Sol Ring\n\n1 Duress\n") == [
        (1, "Kenrith", Zone.COMMANDER, 2),
        (1, "Sol Ring", Zone.MAIN, 4),
        (1, "Duress", Zone.SIDEBOARD, 6),
    ]
    # A Sideboard header anywhere (here after the blank) turns the blank-line sideboard off.
    assert check_contract("4 Bolt\n\n4 Duress\nSIDEBOARD:\n1 Forest\n") == [
        (4, "Bolt", Zone.MAIN, 1),
        (4, "Duress", Zone.MAIN, 3),
        (1, "Forest", Zone.SIDEBOARD, 5),
    ]
    # Fifteen cards after the blank line are a normal sideboard.
    assert check_contract("4 Bolt\n\n" + "5 Duress\n" * 3) is not None
