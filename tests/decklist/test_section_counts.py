"""A section header's count against the copies read under it (DC007): the text reader and the batch
reader agree on what a header's count covers, and a mismatch is a warning that names the header's
line and both counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.deck import Entry, Zone
from deckcheck.decklist import parse_findings, parse_text
from deckcheck.decklist.fast import fast_entries, read_plain
from deckcheck.findings import Severity

MAIN, SIDE = Zone.MAIN, Zone.SIDEBOARD
TYPE_GROUPS = "Creatures (4)\n4 Goblin Guide\n\nInstants (4)\n4 Lightning Bolt\n\nLands (52)\n52 Mountain\n"


def mismatches(text: str) -> list[tuple[int, int, int]]:
    """(line, count given, copies read) of each DC007 parse_text reports, read back from its message."""
    found = []
    for problem in parse_text(text, "deck.txt").problems:
        if problem.code == "DC007":
            assert problem.severity == "warning"
            given = int(problem.message.split(" gives ")[1].split()[0])
            read = int(problem.message.split(", but ")[1].split()[0])
            found.append((problem.line, given, read))
    return found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (TYPE_GROUPS, []),
        # a group's line lost: the group's count and its zone's
        (
            "Deck (60)\n" + TYPE_GROUPS.replace("4 Lightning Bolt\n", "3 Lightning Bolt\n"),
            [(1, 60, 59), (5, 4, 3)],
        ),
        # a list cut short
        ("Deck (4)\n4 Lightning Bolt\nSideboard (15)\n4 Duress\n", [(3, 15, 4)]),
        ("Sideboard: 15\n2 Duress\n", [(1, 15, 2)]),
        ("Main deck — 60 cards\n4 Lightning Bolt\n55 Mountain\n", [(1, 60, 59)]),
        ("**Sideboard (3)**\n2 Duress\n", [(1, 3, 2)]),
        ("// Lands (23)\n22 Mountain\n// Creatures (4)\n4 Goblin Guide\n", [(1, 23, 22)]),
        ("[Sideboard (2)]\n1 Duress\n", [(1, 2, 1)]),
        # a card line read as a header: the group it became is empty, and its zone a card short
        ("Deck (4)\n2 Duress\nHymn to Tourach (2)\n", [(1, 4, 2), (3, 2, 0)]),
        # counts that hold
        ("Main: 60\n4 Lightning Bolt\n56 Mountain\nSideboard: 2\n2 Duress\n", []),
        ("Deck (60 cards)\n4 Lightning Bolt\n56 Mountain\n", []),
        # "Main (60)" counts its groups; each group counts itself
        ("Main (60)\nCreatures (4)\n4 Goblin Guide\nLands (56)\n56 Mountain\nSideboard (1)\n1 Duress\n", []),
        # the blank-line (MTGO) sideboard after "Deck (60)" is not its cards
        ("Deck (60)\n4 Lightning Bolt\n56 Mountain\n\n4 Duress\n", []),
        # nor the main deck after "Commander (1)" and a blank line
        ("Commander (1)\n1 Krenko, Mob Boss\n\n99 Mountain\n", []),
        # a group in the sideboard is the sideboard's
        ("Deck (4)\n4 Lightning Bolt\nSideboard (6)\n2 Duress\nCreatures (4)\n4 Goblin Guide\n", []),
        # the companion a list also names in its sideboard is in the sideboard's count
        (
            "Companion (1)\n1 Lurrus of the Dream-Den\n\nDeck (1)\n1 Mountain\n\nSideboard (2)\n"
            "1 Lurrus of the Dream-Den\n1 Duress\n",
            [],
        ),
        # a header without a count, and a section outside the deck, give nothing to compare
        ("Deck\n4 Lightning Bolt\nTokens (3)\n1 Goblin\nSideboard\n2 Duress\n", []),
    ],
)
def test_a_header_count_is_compared_with_the_copies_read_under_it(
    text: str, expected: list[tuple[int, int, int]]
) -> None:
    assert mismatches(text) == expected


def test_a_header_over_a_card_that_names_its_own_zone_is_not_compared() -> None:
    """Whether "Deck (61)" counts the commander marked on its own line is not known."""
    assert mismatches("Deck (61)\n1 Atraxa, Praetors' Voice *CMDR*\n60 Forest\n") == []
    assert mismatches("Deck (61)\nSB: 1 Duress\n60 Forest\n") == []
    assert mismatches("Deck (60)\nSB: 1 Duress\n59 Forest\n") == []


def test_a_line_not_read_under_a_counted_header_is_both_problems() -> None:
    """The line not read decides (DC002, not verified); the header says how many copies it cost."""
    deck = parse_text("Deck (60)\n4 Lightning Bolt\n4 Goblin {Guide\n52 Mountain\n", "deck.txt")
    assert [(p.line, p.code) for p in deck.problems] == [(1, "DC007"), (3, "DC002")]


def test_the_finding_names_the_file_the_header_line_and_both_counts() -> None:
    deck = parse_text("// Burn\nDeck (60)\n4 Lightning Bolt\n55 Mountain\n", "burn.txt")
    (finding,) = parse_findings(deck)
    assert (finding.code, finding.severity, finding.slug) == (
        "DC007",
        Severity.WARNING,
        "header-count-mismatch",
    )
    assert (finding.location.path, finding.location.line, finding.location.section) == ("burn.txt", 2, "main")
    assert finding.message.startswith("the header 'Deck (60)' gives 60 cards, but 59 were read under it")
    assert "(up to the end of the file)" in finding.message
    entries = [(e.quantity, e.name, e.zone, e.line) for e in deck.entries]
    assert entries == [(4, "Lightning Bolt", MAIN, 3), (55, "Mountain", MAIN, 4)]  # the cards read stay


# Texts the batch reader takes (zone headers, in lines or comments, a blank-line sideboard).
BATCH_SHAPES = [
    "Deck (60)\n4 Lightning Bolt\n56 Mountain\nSideboard (2)\n2 Duress\n",
    "Deck (60)\n4 Lightning Bolt\n55 Mountain\nSideboard (2)\n2 Duress\n",
    "Deck (60)\n4 Lightning Bolt\n56 Mountain\nSideboard (15)\n2 Duress\n",
    "Deck: 60\n4 Lightning Bolt\n56 Mountain\n\n2 Duress\n",
    "Deck: 61\n4 Lightning Bolt\n56 Mountain\n\n2 Duress\n",
    "// Sideboard (2)\n2 Duress\n",
    "// Sideboard (3)\n2 Duress\n",
    "Commander (1)\n1 Krenko, Mob Boss\n\n99 Mountain\n",
    "Commander (2)\n1 Krenko, Mob Boss\n\n99 Mountain\n",
    "Sideboard 2\n2 Duress\nDeck\n4 Lightning Bolt\n",
    "Sideboard (2)\n1 Duress\nSideboard (1)\n1 Duress\n",
    "Sideboard (2)\n1 Duress\nSideboard\n1 Duress\n",
]


@pytest.mark.parametrize("text", BATCH_SHAPES)
def test_the_batch_reader_leaves_a_text_with_a_mismatch_to_the_text_reader(text: str) -> None:
    """The batch reader takes no text parse_text reports on: one with a header whose count differs is
    read by parse_text, which reports it; one whose counts hold is taken, with parse_text's entries."""
    deck = parse_text(text)
    read = fast_entries(text)
    if any(p.code == "DC007" for p in deck.problems):
        assert read is None
    else:
        assert deck.problems == []
        assert read == [(e.quantity, e.name, e.zone, e.line) for e in deck.entries]


def test_the_batch_reader_compares_the_same_counts_in_one_pass() -> None:
    """Many texts at once (the counted header lines remembered across texts): each taken or not as
    alone."""
    taken = read_plain(BATCH_SHAPES * 2).taken
    assert taken == [fast_entries(text) is not None for text in BATCH_SHAPES] * 2
    assert taken[:3] == [True, False, False]


# Header styles for the real decklists below, each with its zone's count ("{}").
COUNTED_HEADERS = {
    Zone.COMMANDER: ("Commander ({})",),
    Zone.COMPANION: ("Companion ({})",),
    Zone.MAIN: ("Deck ({})", "Main deck — {} cards", "Mainboard: {}", "// Deck ({})"),
    Zone.SIDEBOARD: ("Sideboard ({})", "Sideboard: {}", "**Sideboard ({})**", "// Sideboard ({})"),
}


@pytest.mark.realdata
def test_real_decklists_with_counted_headers_warn_only_when_a_line_is_lost(realdata: Path) -> None:
    """Every real text decklist read without a problem, written again zone by zone under headers
    that give each zone's copies: no DC007 (none of their card lines is read as a header or counted
    twice); the same with one card line taken out: a DC007, which the batch reader leaves to
    parse_text."""
    written: list[str] = []
    for path in sorted((realdata / "decks").rglob("*.txt")):
        deck = parse_text(path.read_text(encoding="utf-8", errors="replace"))
        zones: dict[Zone, list[Entry]] = {}
        for entry in deck.entries:
            zones.setdefault(entry.zone, []).append(entry)
        if deck.problems or not zones or not set(zones) <= set(COUNTED_HEADERS):
            continue
        styles = len(written)  # (each style in turn)
        written.append(
            "".join(
                COUNTED_HEADERS[zone][styles % len(COUNTED_HEADERS[zone])].format(
                    sum(e.quantity for e in zones[zone])
                )
                + "\n"
                + "".join(f"{e.raw}\n" for e in zones[zone])
                for zone in COUNTED_HEADERS
                if zone in zones
            )
        )
    assert len(written) > 2000
    assert [text for text in written if parse_text(text).problems] == []
    cut = []
    for text in written:
        lines = text.splitlines(keepends=True)
        last_card = max(i for i, line in enumerate(lines) if line[:1].isdigit())
        cut.append("".join(lines[:last_card] + lines[last_card + 1 :]))
    assert [text for text in cut if not any(p.code == "DC007" for p in parse_text(text).problems)] == []
    assert not any(read_plain(cut).taken)
    assert sum(read_plain(written).taken) > 0.9 * len(written)
