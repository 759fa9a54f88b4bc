"""The count a section header gives ("Creatures (24)", "Sideboard: 15", "Main deck — 60 cards")
against the copies read under it: when they differ, a card line was probably lost or misread (the
list was cut short, a card line was read as a header), and the reader says so (DC007, a warning:
the cards read are the cards judged).

What a header's count covers: the copies read into its zone from the header to the next header
of its level or above, or to the end of the file. A zone header ("Deck", "Sideboard") is ended by
the next zone header or section outside the deck, not by a group inside it, so "Main (60)" counts
its "Creatures (24)" and "Lands (23)" too; a group header ("Creatures (24)") is ended by any
header. Only copies read into the header's zone count: the blank-line (MTGO) sideboard after
"Deck (60)", or the main deck after "Commander (1)" and a blank line, are not its cards. A header
whose section holds a card line that names its own zone ("SB: 2 Duress", "1 Atraxa *CMDR*") is not
compared: whether its count includes that card is not known.

Both the text reader and the batch reader (decklist.fast) compare through
:func:`header_count_problems`, so they never disagree on what a header's count covers.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Collection, Iterable, Sequence
from typing import NamedTuple

from deckcheck.deck import ParseProblem, Zone
from deckcheck.decklist._base import HEADER_COUNT

# A header's level: one ends the sections of its own level and below.
ZONE_LEVEL = 0  # a zone, a section outside the deck, Arena's About, Forge's [metadata]
GROUP_LEVEL = 1  # a group inside a zone ("Creatures (24)"), an unknown "Something:" header


class SectionHeader(NamedTuple):
    """A header line as the reader read it: ``zone`` is the zone the cards after it are read into
    (None: its count is not compared, e.g. a section outside the deck), ``stated`` the copies the
    line gives (None: it gives none)."""

    line: int
    text: str  # the line as written, stripped
    level: int
    zone: Zone | None
    stated: int | None


def header_count_problems(
    headers: Sequence[SectionHeader],
    entries: Iterable[tuple[int, Zone, int]],
    placed_by_line: Collection[int] = (),
) -> list[ParseProblem]:
    """A DC007 warning for each header whose count differs from the copies read under it.
    ``entries``: (quantity, zone, line) of every card read, in line order; ``placed_by_line``: the
    lines of the card lines that named their own zone."""
    if all(header.stated is None or header.zone is None for header in headers):
        return []
    copies: dict[Zone, tuple[list[int], list[int]]] = {}  # zone -> (lines, running copies)
    for quantity, zone, line in entries:
        lines, running = copies.setdefault(zone, ([], [0]))
        lines.append(line)
        running.append(running[-1] + quantity)
    own_zone = sorted(placed_by_line)
    problems: list[ParseProblem] = []
    for header, end in _sections(headers):
        if header.stated is None or header.zone is None:
            continue
        if own_zone and bisect_right(own_zone, header.line) < bisect_left(own_zone, end):
            continue  # a card placed by its own line: the count may or may not include it
        lines, running = copies.get(header.zone, ([], [0]))
        read = running[bisect_left(lines, end)] - running[bisect_right(lines, header.line)]
        if read != header.stated:
            problems.append(_mismatch(header, read, end))
    problems.sort(key=lambda problem: problem.line)
    return problems


_END_OF_FILE = 1 << 62  # (a section no header ends runs to past any line)


def _sections(headers: Sequence[SectionHeader]) -> list[tuple[SectionHeader, int]]:
    """Each header with the line its section ends at: the next header of its level or above."""
    ended: list[tuple[SectionHeader, int]] = []
    open_headers: list[SectionHeader] = []  # (levels rising)
    for header in headers:
        while open_headers and open_headers[-1].level >= header.level:
            ended.append((open_headers.pop(), header.line))
        open_headers.append(header)
    ended += [(header, _END_OF_FILE) for header in open_headers]
    return ended


def _mismatch(header: SectionHeader, read: int, end: int) -> ParseProblem:
    until = "the end of the file" if end == _END_OF_FILE else f"the header on line {end}"
    return ParseProblem(
        header.line,
        f"the header {header.text!r} gives {header.stated} card{'s' if header.stated != 1 else ''}, but "
        f"{read} {'was' if read == 1 else 'were'} read under it (up to {until}): a card line may be "
        "missing, cut short or read as something else; the cards read are the cards checked",
        "warning",
        code=HEADER_COUNT,
        section=str(header.zone),
    )
