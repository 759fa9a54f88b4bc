"""A fast path for the plain decklist shapes batch validation sees almost exclusively.

:func:`fast_entries` reads Arena / MTGO text exports with one regex match per distinct line (a batch
repeats lines, so each is read once and remembered) and a small loop, about 50 times faster than
:func:`deckcheck.decklist.parse_text`, and returns None as soon as the text has
anything the full parser might read another way or report a problem about; the caller then falls
back to ``parse_text``. None is always correct. A list is only returned when it is exactly what
``parse_text(text).entries`` holds (quantity, name, zone, line) and that parse has no problems, no
metadata and no deck name (tests/decklist/test_fast.py checks this against the full parser).

The accepted grammar. Lines are split on CRLF, CR or LF, and every line is one of:

- blank: at most 100 spaces;
- header: at most 50 spaces, one of :data:`HEADER_WORDS` in any ASCII case, an optional ``:``, at
  most 50 spaces;
- card: at most 50 spaces; a count 1-9999 without a leading zero; an optional ``x`` or ``X`` right
  after it; 1-50 spaces; the name; optionally 1-50 spaces and ``(SET)`` (2-8 of ``A-Za-z0-9_``),
  itself optionally followed by 1-50 spaces and a collector number (1-12 of ``A-Za-z0-9``); at
  most 50 spaces. The name is at most 291 characters, has an ASCII letter within its first 101,
  starts and ends with a non-space, and uses only ASCII letters, digits, spaces and
  ``!"&'+,-./:;?_``, Latin-1 and Latin Extended-A letters and signs (U+00A1-U+017F but the soft
  hyphen), the en and em dash and the curly quotes and primes clean_name straightens.

And the text as a whole must not make parse_text report anything or read it as another format:
at most 65,536 characters (what detect_format reads); at least one card line; its first
non-blank line is not a CSV header; no companion also listed in the sideboard; a blank-line
(MTGO) sideboard of at most 15 cards.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import itemgetter, le
from typing import Final, cast

from deckcheck.deck import Zone
from deckcheck.decklist._base import SIDEBOARD_USUAL_SIZE, normalized_key
from deckcheck.decklist._grammar import HeaderKind, classify_header
from deckcheck.decklist._names import clean_name
from deckcheck.decklist.csv_format import looks_like_csv_header

HEADER_WORDS: Final = (
    "deck",
    "maindeck",
    "mainboard",
    "main",
    "sideboard",
    "commanders",
    "commander",
    "companions",
    "companion",
    "maybeboard",
)


def _header_zones() -> dict[str, Zone]:
    # Each word's zone comes from the full parser's own classifier, never restated here.
    zones: dict[str, Zone] = {}
    for word in HEADER_WORDS:
        header = classify_header(word)
        if header is None or header.kind is not HeaderKind.ZONE or header.zone is None:
            raise RuntimeError(f"{word!r} is no longer a zone header for parse_text")
        zones[word] = header.zone
    return zones


_HEADER_ZONE: Final = _header_zones()

# Name characters, as a positive class (re compiles it to a bitmap: fast, and nothing unlisted gets
# in: no tab, control, format or unassigned character, no BOM, no odd space, so parse_text strips and
# reports nothing). Left out: what name_problem refuses (<>{}\=@$%~^|`[]) and what the line grammar
# peels off a name's end: ( ) only in the set suffix, # (tags), * (markers).
_NON_ASCII = "\u00a1-\u00ac\u00ae-\u017f\u2013\u2014\u2018-\u201f\u2032\u2033"
_NAME_CHAR = rf"[ !\"&'+,\-./0-9:;?A-Z_a-z{_NON_ASCII}]"
_NAME_NON_LETTER = rf"[ !\"&'+,\-./0-9:;?_{_NON_ASCII}]"
_NAME_END = rf"[!\"&'+,\-./0-9:;?A-Z_a-z{_NON_ASCII}]"
# name_problem wants a letter; an ASCII one is a letter to str.isalpha and to us alike. A name
# starts with a non-space (after 51 spaces, " {1,50}" would leave one to it) and ends with one.
_NAME = rf"(?! ){_NAME_NON_LETTER}{{0,100}}[A-Za-z](?:{_NAME_CHAR}{{0,189}}{_NAME_END})?"
_SUFFIX = r"(?: {1,50}\([A-Za-z0-9_]{2,8}\)(?: {1,50}[A-Za-z0-9]{1,12})?)?"

# One line, given with its "\n": every line matches one alternative, the last one catching any other
# line. Groups: (count, name, header, other); all None for a blank line. Counts are ASCII digits
# (parse_text's \d also reads "٤"); the bounded repeats keep lines far below MAX_LINE_LENGTH.
_LINE: Final = re.compile(
    rf" {{0,50}}([1-9][0-9]{{0,3}})[xX]? {{1,50}}({_NAME}){_SUFFIX} {{0,50}}\n"
    rf"| {{0,50}}(?ai:({'|'.join(HEADER_WORDS)})):? {{0,50}}\n"
    r"| {0,100}\n"
    r"|([^\n]+)\n"
)
# clean_name is pure and a batch repeats its split and accented names over and over.
_clean_name: Final = functools.lru_cache(maxsize=4096)(clean_name)

# detect_format reads the first 64 KiB only: past it, its first line could be a cut one. (Decks are
# a few KB; this is also far below MAX_BYTES.)
_MAX_TEXT: Final = 65536

_MAIN, _SIDEBOARD = Zone.MAIN, Zone.SIDEBOARD
_COMMANDER, _COMPANION = Zone.COMMANDER, Zone.COMPANION


def fast_entries(text: str) -> list[tuple[int, str, Zone, int]] | None:
    """(quantity, name, zone, line) of every card line, exactly as parse_text(text) gives them in
    its ParsedDeck.entries (Entry.quantity, Entry.name, Entry.zone, Entry.line, same order), or None
    when the text is not one of the plain shapes below or anything in it might be read differently."""
    return read_plain([text]).entries(0)


@dataclass(slots=True)
class PlainDecks:
    """What :func:`fast_entries` gives for each of many texts, column by column: text i's entries are
    positions ``starts[i]:starts[i + 1]`` of the columns; ``taken[i]`` is False (and it has none)
    where fast_entries gives None."""

    taken: list[bool] = field(default_factory=list)
    starts: list[int] = field(default_factory=lambda: [0])
    quantities: list[int] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    zones: list[Zone] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.taken)

    def entries(self, i: int) -> list[tuple[int, str, Zone, int]] | None:
        """Text i's (quantity, name, zone, line) entries, or None when it was not taken."""
        if not self.taken[i]:
            return None
        first, end = self.starts[i], self.starts[i + 1]
        return list(
            zip(
                self.quantities[first:end],
                self.names[first:end],
                self.zones[first:end],
                self.lines[first:end],
                strict=True,
            )
        )

    def part(self, first: int, end: int) -> PlainDecks:
        """Texts ``first:end`` only."""
        part = PlainDecks()
        for i in range(first, end):
            part.add(self.entries(i))
        return part

    def add(self, entries: Sequence[tuple[int, str, Zone, int]] | None) -> None:
        """Append one more deck's entries (None: not taken)."""
        if entries:
            quantities, names, zones, lines = zip(*entries, strict=True)
            self.quantities += quantities
            self.names += names
            self.zones += zones
            self.lines += lines
        self.taken.append(entries is not None)
        self.starts.append(len(self.names))


def read_plain(texts: Sequence[str]) -> PlainDecks:
    """:func:`fast_entries` for many texts at once. Every line of every text is split off and looked
    up in one pass (a batch repeats lines: each distinct one is read by the regex once); the state
    machine of text._TextRun then runs per text only at its blank and header lines, the card lines
    between two of them being one run in one zone."""
    prepared: list[str] = []
    for text in texts:
        if len(text) > _MAX_TEXT:
            text = ""  # (no card line: not taken)
        elif "\r" in text:  # split_lines breaks on CRLF, CR and LF alike: the same lines as LF alone
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if text and not text.endswith("\n"):
            text += "\n"
        prepared.append(text)
    lines = "".join(prepared).split("\n")
    lines.pop()  # the "" after the last line end
    known = list(map(_ROWS.get, lines))
    rows = (
        cast(list[_Row], known)
        if None not in known
        # (a line missed twice here was read at its first miss: look again before reading)
        else [row or _ROWS.get(line) or _read_line(line) for row, line in zip(known, lines, strict=True)]
    )
    del known
    quantities = list(map(itemgetter(0), rows))
    names = list(map(itemgetter(1), rows))
    # the lines the state machine acts at (blank, header, other), in order
    acting = list(compress(range(len(lines)), map(le, quantities, repeat(0))))
    out = PlainDecks()
    first = 0  # the text's first line
    for text in prepared:
        end = first + text.count("\n")
        runs = _runs(quantities, rows, acting, first, end)
        entries_before = len(out.names)
        if (
            runs is not None
            and _first_line_is_safe(_first_line(lines, rows, first, end))
            and _take(text, runs, quantities, names, first, out)
        ):
            out.taken.append(True)
        else:
            for column in (out.quantities, out.names, out.zones, out.lines):
                del column[entries_before:]
            out.taken.append(False)
        out.starts.append(len(out.names))
        first = end
    return out


_Run = tuple[int, int, Zone, bool]  # card lines [first, end) of the joined lines, their zone, implicit


def _runs(
    quantities: Sequence[int], rows: Sequence[_Row], acting: list[int], first: int, end: int
) -> list[_Run] | None:
    """The text's card lines (lines ``first:end``) as runs in one zone: the state machine of
    text._TextRun, reduced to what these line kinds can reach; None when a line is of another kind
    or the blank-line (MTGO) sideboard is larger than usual (parse_text warns of either)."""
    zone = _MAIN
    cards_in_zone = False
    pending_blank = False
    blank_sideboard: bool | None = None  # no Sideboard header anywhere; computed when first needed
    implicit = False  # the blank-line (MTGO) sideboard has begun
    runs: list[_Run] = []
    run = first  # where the current run of card lines starts
    acting_here = acting[bisect_left(acting, first) : bisect_left(acting, end)]
    for at in [*acting_here, end]:
        if at > run:
            if pending_blank:  # text._TextRun._after_blank
                pending_blank = False
                # Only their header enters Commander or Companion here, so _TextRun's zone_explicit
                # always holds: a blank after their cards ends them.
                if zone is _COMMANDER or zone is _COMPANION:
                    zone = _MAIN
                elif zone is _MAIN and not implicit:
                    if blank_sideboard is None:  # (a header is a line the machine acts at)
                        blank_sideboard = all(rows[i][2] is not _SIDEBOARD for i in acting_here)
                    if blank_sideboard:
                        zone, implicit = _SIDEBOARD, True
            cards_in_zone = True
            runs.append((run, at, zone, implicit and zone is _SIDEBOARD))
        if at == end:
            break
        header = rows[at][2]
        if header is not None:
            zone = header
            cards_in_zone = pending_blank = False
        elif quantities[at] < 0:
            return None  # a line of another kind
        elif cards_in_zone:
            pending_blank = True
        run = at + 1
    # parse_text warns about a large blank-line sideboard
    if implicit and sum(sum(quantities[a:b]) for a, b, _, moved in runs if moved) > SIDEBOARD_USUAL_SIZE:
        return None
    return runs


def _first_line(lines: Sequence[str], rows: Sequence[_Row], first: int, end: int) -> str:
    """The text's first non-blank line (lines ``first:end``), as written; "" if none."""
    for i in range(first, end):
        quantity, _, header = rows[i]
        if quantity or header is not None:
            return lines[i]
    return ""


def _take(
    text: str, runs: list[_Run], quantities: Sequence[int], names: Sequence[str], first: int, out: PlainDecks
) -> bool:
    """Append the text's entries to ``out``; False when parse_text would read or report something
    else after all (the caller then removes them)."""
    if not runs:  # parse_text warns "no card lines in the file"
        return False
    start = len(out.names)
    for a, b, zone, _ in runs:
        out.quantities += quantities[a:b]
        out.names += names[a:b]
        out.zones += repeat(zone, b - a)
        out.lines += range(a - first + 1, b - first + 1)
    if _may_need_cleaning(text):
        deck_names = out.names
        for index in range(start, len(deck_names)):
            name = deck_names[index]
            if "/" in name or "  " in name or not name.isascii():
                deck_names[index] = _clean_name(name)
    if any(zone is _COMPANION for _, _, zone, _ in runs):
        entries = list(zip(out.quantities[start:], out.names[start:], out.zones[start:], strict=True))
        if _companion_in_sideboard(entries):
            return False  # parse_text merges the two copies and says so (DC004)
    return True


# One line as the loop reads it: (quantity, name, the zone of a header); quantity 0 for a blank or
# header line, -1 for a line of any other kind (fast_entries then gives up).
_Row = tuple[int, str, Zone | None]
_OTHER: Final[_Row] = (-1, "", None)
# Every distinct line read so far -> its row: a batch of decklists repeats the same lines ("4 Lightning
# Bolt", "Sideboard", blank) over and over, and a dict hit is far cheaper than the regex. Bounded
# (cleared when full) and only for lines of a sensible length; reads and writes are atomic.
_ROWS: Final[dict[str, _Row]] = {}
_ROWS_LIMIT: Final = 50_000
_ROW_LENGTH_LIMIT: Final = 200


def _read_line(line: str) -> _Row:
    """A line's row, by the regex (one match: every alternative ends at the line's end)."""
    match = _LINE.match(line + "\n")
    assert match is not None  # the last alternative takes any line
    count, name, header, _ = match.groups()
    if count:
        row: _Row = (int(count), name, None)
    elif header:
        row = (0, "", _HEADER_ZONE[header.lower()])
    elif match.group(4):
        row = _OTHER
    else:
        row = (0, "", None)  # blank
    if len(line) <= _ROW_LENGTH_LIMIT:
        if len(_ROWS) >= _ROWS_LIMIT:
            _ROWS.clear()
        _ROWS[line] = row
    return row


def _may_need_cleaning(text: str) -> bool:
    """parse_text passes every name through clean_name, which only changes a name with two spaces
    in a row, a non-ASCII quote or a slash outside a " // " face separator ("Fire/Ice"). When
    every slash of the text is in a " // " (each has two; they cannot overlap without a double
    space), clean_name splits a name exactly there and joins it back as it was."""
    if "  " in text or not text.isascii():
        return True
    return "/" in text and text.count("/") != 2 * text.count(" // ")


def _first_line_is_safe(line: str) -> bool:
    """Format detection reads a CSV header in the first non-blank line ("1 X,Name,Count" is one)."""
    return ("," not in line and ";" not in line) or not looks_like_csv_header(line)


def _companion_in_sideboard(entries: Sequence[tuple[int, str, Zone]]) -> bool:
    keys = {normalized_key(e[1]) for e in entries if e[2] is _COMPANION}
    return any(e[2] is _SIDEBOARD and normalized_key(e[1]) in keys for e in entries)
