"""A fast path for the plain decklist shapes batch validation sees almost exclusively.

:func:`fast_entries` reads Arena / MTGO text exports with one regex match per distinct line (a batch
repeats lines, so each is read once and remembered) and a small loop, about 50 times faster than
:func:`deckcheck.decklist.parse_text`, and returns None as soon as the text has
anything the full parser might read another way or report a problem about; the caller then falls
back to ``parse_text``. None is always correct. A list is only returned when it is exactly what
``parse_text(text).entries`` holds (quantity, name, zone, line) and that parse has no problems but
the info that a section's cards are not part of the deck; :func:`read_plain` keeps the text's
metadata, deck name and those infos beside the entries, as parse_text keeps them
(tests/decklist/test_fast.py checks this against the full parser).

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
  hyphen), the en and em dash and the curly quotes and primes clean_name straightens;
- annotated card: the count as above, then the name with a printing in brackets right before or
  after it (``[C21:263]``: a set code of 1-8 of ``A-Za-z0-9_``, a colon, at most 12 of
  ``A-Za-z0-9*★``; 0-50 spaces between), then optionally ``[foil]`` or ``[etched]`` (ASCII case
  ignored). A text with such a line is taken only in the dialects where it means that, as for
  the lines below (Forge reads a ``+`` at the name's end as a finish).

Any other line (a tab, a set annotation such as ``[M10]``, a rarity star, a
comment, a header written as a comment...) is read by the full parser's own line reader,
:func:`deckcheck.decklist.text.read_deck_line`: the text is taken only when it makes each such line
a card (``COMMANDER: 1 Kasla, the Broken Halo [MOC:4] [foil]`` too: its prefix places it in the
command zone), a zone header, a comment, a blank or the header of a section outside the deck
whose cards the data has (``Display Commander``: its cards are the maybeboard's, and parse_text
says so, DC003 info; not tokens, planes and the like), and then only when detect_format reads the
whole text as a dialect in which those lines mean the same (not Forge, Archidekt, CSV...). A
metadata comment (``// NAME: Burn``, ``// date: 2026-01-01``) is kept as parse_text keeps it
(PlainDecks.metadata and deck_names), except a commander's (``// Commander:``, ``CDR:``), which
places the command zone.

And the text as a whole must not make parse_text report anything else or read it as another format:
at most 65,536 characters (what detect_format reads); no markup or JSON document (its first
non-blank character ``<`` or ``{``: its lines are not read at all); at least one card line; its first
non-blank line is not a CSV header nor Excel's ``sep=,`` line; no companion also listed in the
sideboard; a blank-line (MTGO) sideboard of at most 15 cards; no header whose count ("Sideboard
(15)") differs from the copies read under it (decklist._section_counts, DC007).
"""

from __future__ import annotations

import functools
import re
import threading
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import itemgetter
from typing import Any, Final, NamedTuple

import numpy as np

from deckcheck.deck import ZONE_CODE, ZONE_ORDER, ParsedDeck, ParseProblem, Zone, unchecked_zone
from deckcheck.decklist._base import (
    DECK_NAME_KEYS,
    SIDEBOARD_USUAL_SIZE,
    SUSPICIOUS,
    dates_differ,
    normalized_key,
)
from deckcheck.decklist._detect import detected_as_one_of, is_document
from deckcheck.decklist._grammar import HeaderKind, classify_header
from deckcheck.decklist._names import WEB_ADDRESS, clean_name
from deckcheck.decklist._section_counts import ZONE_LEVEL, SectionHeader, header_count_problems
from deckcheck.decklist.csv_format import excel_separator, looks_like_csv_header
from deckcheck.decklist.text import (
    COMMAND_ZONE_MOST,
    PRINTING_NUMBER,
    PRINTING_SET,
    SINGLETON_DECK,
    TEXT_FORMATS,
    extra_section_message,
    read_deck_line,
)

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
# starts with a non-space (after 51 spaces, " {1,50}" would leave one to it) and ends with one, and
# is no web address (name_problem refuses "https://...", "www....").
_NAME = rf"(?! |{WEB_ADDRESS}){_NAME_NON_LETTER}{{0,100}}[A-Za-z](?:{_NAME_CHAR}{{0,189}}{_NAME_END})?"
_SUFFIX = r"(?: {1,50}\([A-Za-z0-9_]{2,6}\)(?: {1,50}[A-Za-z0-9]{1,12})?)?"

# A printing in brackets, before or after the name ("1 [C21:263] Sol Ring", "1 Sol Ring [C21:263]",
# as preconstructed lists and XMage write them), and a finish after it ("[foil]"). The full
# parser's line reader reads them (_LEADING_SET, _BRACKET, _BRACKET_SET_NUMBER and the finish
# markers of decklist._grammar) as a card with this count and name; Archidekt reads a trailing
# bracket as a category, so a text with such lines is taken only in the dialects where they mean
# that (sniff 1, as for the lines _read_other reads). A smaller grammar than the reader's: two
# brackets at most, each a set code (1-8 of A-Za-z0-9_) and a collector number, or "foil"/"etched".
_PRINTING = rf"\[{PRINTING_SET}:{PRINTING_NUMBER}\]"
_FINISH = r"(?: {0,50}\[(?ai:foil|etched)\])?"
_ANNOTATED = rf"(?:{_PRINTING} {{0,50}}({_NAME}){_FINISH}|({_NAME}) {{0,50}}{_PRINTING}{_FINISH})"

# One line, given with its "\n": every line matches one alternative, the last one catching any other
# line. Groups: (count, name, header, other, annotated count, name after the printing, name before
# it); all None for a blank line. Counts are ASCII digits (parse_text's \d also reads "٤"); the
# bounded repeats keep lines far below MAX_LINE_LENGTH.
_COUNT = r" {0,50}([1-9][0-9]{0,3})[xX]? {1,50}"
_LINE: Final = re.compile(
    rf"{_COUNT}({_NAME}){_SUFFIX} {{0,50}}\n"
    rf"| {{0,50}}(?ai:({'|'.join(HEADER_WORDS)})):? {{0,50}}\n"
    r"| {0,100}\n"
    rf"|{_COUNT}{_ANNOTATED} {{0,50}}\n"
    r"|([^\n]+)\n"
)
# clean_name is pure and a batch repeats its split and accented names over and over.
_clean_name: Final = functools.lru_cache(maxsize=4096)(clean_name)

# detect_format reads the first 64 KiB only: past it, its first line could be a cut one. (Decks are
# a few KB; this is also far below MAX_BYTES.)
_MAX_TEXT: Final = 65536

# The text dialects whose card lines read alike (Forge reads a trailing "+" as foil and has no
# blank-line sideboard; Archidekt reads a trailing "[...]" as categories).
_PLAIN_DIALECTS: Final = frozenset(f.name for f in TEXT_FORMATS if not f.forge and not f.archidekt)

_MAIN, _SIDEBOARD = Zone.MAIN, Zone.SIDEBOARD
_COMMANDER, _COMPANION = Zone.COMMANDER, Zone.COMPANION


def fast_entries(text: str) -> list[tuple[int, str, Zone, int]] | None:
    """(quantity, name, zone, line) of every card line, exactly as parse_text(text) gives them in
    its ParsedDeck.entries (Entry.quantity, Entry.name, Entry.zone, Entry.line, same order), or None
    when the text is not one of the plain shapes below or anything in it might be read differently."""
    return read_plain([text]).entries(0)


# -- every distinct line, read once ------------------------------------------------------------------
_OTHER: Final = -1  # a line's quantity when it is of another kind (the reader gives up)
_COMMENT: Final = -2  # a line's quantity when it is a comment (recorded, nothing else)
_METADATA: Final = -3  # ... a ``// key: value`` comment (its name id: key and value, _META_SEP between)
_EXTRA: Final = -4  # ... the header of a section outside the deck (its name id: the section's label)
_META_SEP: Final = "\x00"  # (no line holds one: read_deck_line leaves a control character "other")
# _metadata's answer for a text that gives two different dates (parse_text reads and reports it)
_DATES_DIFFER: Final[dict[str, str]] = {}
_NO_HEADER: Final = -1
# A card line is at most ~560 characters (bounded count, spaces, name and suffix); a longer one is
# of another kind, and is not remembered.
_LONGEST_LINE: Final = 600


class _Lines:
    """Every distinct line read so far, by id, and what the reader needs of it as arrays: quantity
    (0: blank or header; _OTHER: another kind), name (an id into ``names``) and zone (a ZONE_CODE:
    the one a header enters, or the one a card line's prefix places it in; else _NO_HEADER). A
    batch of decklists repeats the same lines ("4 Lightning Bolt", "Sideboard", blank): each
    distinct one is matched by the regex once, and a text's lines become these arrays by one dict
    lookup each, in C. Bounded: past ``limit`` lines or names it starts again (a new ``names``
    list, so ids handed out before keep meaning what they meant). Callers hold ``lock``."""

    def __init__(self, limit: int = 100_000) -> None:
        self.lock = threading.Lock()
        self.limit = limit
        self._start()

    def _start(self) -> None:
        self.ids: dict[str, int] = {}
        # a zone header line that gives a count ("Sideboard (15)") -> that count (DC007's check)
        self.header_counts: dict[str, int] = {}
        self.names: list[str] = []
        self.name_ids: dict[str, int] = {}
        self.size = 0
        self.quantity = np.zeros(1024, dtype=np.int64)
        self.name = np.zeros(1024, dtype=np.int64)
        self.header = np.zeros(1024, dtype=np.int8)
        self.sniff = np.zeros(1024, dtype=np.int8)
        self._store([(_OTHER, -1, _NO_HEADER, 0)], 0)  # id 0: any line not remembered (too long)
        self.size = 1

    def rows(self, lines: list[str]) -> tuple[Any, Any, Any, Any]:
        """(quantity, name id, zone, sniff) arrays for these lines."""
        self.make_room()
        ids = np.fromiter(map(self.ids.get, lines, repeat(0)), dtype=np.int64, count=len(lines))
        missing = np.flatnonzero(ids == 0)
        if len(missing):  # read each new line once, then look those lines up again
            new = list(map(lines.__getitem__, missing.tolist()))
            self._read(dict.fromkeys(new))
            ids[missing] = np.fromiter(map(self.ids.get, new, repeat(0)), dtype=np.int64, count=len(new))
        return self.quantity[ids], self.name[ids], self.header[ids], self.sniff[ids]

    def make_room(self) -> None:
        """Start again when full (only between two calls: ids of one call stay valid through it)."""
        if self.size > self.limit or len(self.names) > self.limit:
            self._start()

    def name_id(self, name: str) -> int:
        found = self.name_ids.get(name)
        if found is None:
            found = self.name_ids[name] = len(self.names)
            self.names.append(name)
        return found

    def _read(self, lines: Iterable[str]) -> None:
        """Give each of these new lines the next id and its values, by the regex: one pass over
        them all (every alternative ends at a line's end, so the matches are the lines). A line
        too long to be a card line is left out: its id is 0."""
        lines = [line for line in lines if len(line) <= _LONGEST_LINE and line not in self.ids]
        if not lines:
            return
        matches = _LINE.findall("\n".join(lines) + "\n")
        assert len(matches) == len(lines)  # the last alternative takes any line
        name_id, new = self.name_id, []
        for count, name, header, annotated, after, before, other in matches:
            if count:  # (the name as parse_text keeps it: clean_name depends on the name alone)
                new.append((int(count), name_id(_cleaned(name)), _NO_HEADER, 0))
            elif header:
                new.append((0, -1, ZONE_CODE[_HEADER_ZONE[header.lower()]], 0))
            elif annotated:
                new.append((int(annotated), name_id(_cleaned(after or before)), _NO_HEADER, 1))
            elif other:
                new.append(_read_other(other, name_id, self.header_counts))
            else:
                new.append((0, -1, _NO_HEADER, 0))
        first = self.size
        self._store(new, first)
        self.ids.update(zip(lines, range(first, first + len(lines)), strict=True))
        self.size = first + len(lines)

    def _store(self, new: list[tuple[int, int, int, int]], first: int) -> None:
        """The values of lines ``first``, ``first + 1``, ... into the arrays."""
        if not new:
            return
        end = first + len(new)
        while end > len(self.quantity):  # room for twice as many
            self.quantity, self.name, self.header, self.sniff = (
                np.concatenate([column, np.zeros_like(column)])
                for column in (self.quantity, self.name, self.header, self.sniff)
            )
        columns: tuple[Any, ...] = (self.quantity, self.name, self.header, self.sniff)
        for column, values in zip(columns, zip(*new, strict=True), strict=True):
            column[first:end] = values


def _read_other(
    raw: str, name_id: Callable[[str], int], header_counts: dict[str, int]
) -> tuple[int, int, int, int]:
    """(quantity, name id, header zone, sniff) of a line outside the regex's grammar, as the full
    parser's own line reader (text.read_deck_line) reads it: a comment is _COMMENT, anything it
    does not follow _OTHER; a header's count goes into ``header_counts``. Its text needs
    detect_format (sniff 1): these lines mean the same only in the dialects read_deck_line is
    written for."""
    line = read_deck_line(raw)
    kind = line.kind
    if kind == "card":  # (a card line placed by its prefix gives that zone: _Reader._runs)
        placed = _NO_HEADER if line.zone is None else ZONE_CODE[line.zone]
        return (line.quantity, name_id(line.name), placed, 1)
    if kind == "header" and line.zone is not None:
        if line.stated is not None:
            header_counts[raw] = line.stated
        return (0, -1, ZONE_CODE[line.zone], 1)
    if kind == "comment":
        return (_COMMENT, -1, _NO_HEADER, 1)
    if kind == "metadata":
        return (_METADATA, name_id(line.key + _META_SEP + line.name), _NO_HEADER, 1)
    if kind == "extra":
        return (_EXTRA, name_id(line.name), _NO_HEADER, 1)
    if kind == "blank":
        return (0, -1, _NO_HEADER, 1)
    return (_OTHER, -1, _NO_HEADER, 0)


_LINES: Final = _Lines()


# A larger quantity is kept as this (no deck that large is checked from these arrays: the lean
# batch checker leaves decks of 2**39 copies and more to the engine).
QUANTITY_CAP: Final = 1 << 40


# An entry of a zone whose names are not looked up (deck.unchecked_zone: tokens, planes):
# (quantity, name, line, the zone's tag, what it holds)
Unchecked = tuple[int, str, int, str, str]


class ReadDeck(NamedTuple):
    """One deck as read: its (quantity, name, zone, line) entries, its metadata and name (as
    ParsedDeck keeps them), the problems its reader reported, and its entries whose names are not
    looked up (none for a text read here)."""

    entries: Sequence[tuple[int, str, Zone, int]]
    metadata: dict[str, str]
    name: str | None
    problems: Sequence[ParseProblem]
    unchecked: Sequence[Unchecked] = ()


@dataclass(slots=True)
class PlainDecks:
    """What :func:`fast_entries` gives for each of many texts, as arrays: text i's entries are
    positions ``starts[i]:starts[i + 1]``; ``taken[i]`` is False (and it has none) where
    fast_entries gives None. Names are ids into ``names``; zones are ZONE_CODEs."""

    taken: list[bool]
    starts: list[int]
    quantities: Any  # numpy int64
    name_ids: Any  # numpy int64
    zones: Any  # numpy int8
    lines: Any  # numpy int64
    names: list[str]
    # per text: its ``// key: value`` metadata as parse_text keeps it (ParsedDeck.metadata), and
    # the deck name that gives (ParsedDeck.name); empty and None for most
    metadata: list[dict[str, str]]
    deck_names: list[str | None]
    # per text: what the reader reported about it (ParsedDeck.problems): for a text read here only
    # the info of each section outside the deck (read_plain takes no text parse_text reports
    # anything else on); a deck read by its own parser keeps them
    problems: list[Sequence[ParseProblem]]
    # per text: the maybeboard entries of a zone whose names are not looked up (tokens, planes:
    # deck.unchecked_zone), which are not among its entries above (only a zone of the maybeboard
    # tells them from the other maybeboard entries, and the arrays keep no tags): none for most
    unchecked: list[Sequence[Unchecked]]
    # per text: the positions among its entries of those whose line gave no count (Entry.count_given
    # False: a name no card matches there may be no card at all, unresolved.uncertain_copies): none
    # for a text read here (read_plain takes no line without a count)
    uncounted: list[Sequence[int]]

    def __len__(self) -> int:
        return len(self.taken)

    def deck(self, i: int) -> ReadDeck | None:
        """Text i as read (None when it was not taken)."""
        entries = self.entries(i)
        if entries is None:
            return None
        return ReadDeck(entries, self.metadata[i], self.deck_names[i], self.problems[i], self.unchecked[i])

    def entries(self, i: int) -> list[tuple[int, str, Zone, int]] | None:
        """Text i's (quantity, name, zone, line) entries, or None when it was not taken."""
        if not self.taken[i]:
            return None
        first, end = self.starts[i], self.starts[i + 1]
        return list(
            zip(
                self.quantities[first:end].tolist(),
                _pick(self.names, self.name_ids[first:end].tolist()),
                _pick(ZONE_ORDER, self.zones[first:end].tolist()),
                self.lines[first:end].tolist(),
                strict=True,
            )
        )

    def part(self, first: int, end: int) -> PlainDecks:
        """Texts ``first:end`` only."""
        a, b = self.starts[first], self.starts[end]
        return PlainDecks(
            self.taken[first:end],
            [start - a for start in self.starts[first : end + 1]],
            self.quantities[a:b],
            self.name_ids[a:b],
            self.zones[a:b],
            self.lines[a:b],
            self.names,
            self.metadata[first:end],
            self.deck_names[first:end],
            self.problems[first:end],
            self.unchecked[first:end],
            self.uncounted[first:end],
        )

    def with_decks(self, read: Mapping[int, ReadDeck | ParsedDeck]) -> PlainDecks:
        """These texts with the decks in ``read`` (by index: texts this reader did not take, read
        otherwise) in their places, as one set of arrays; the decks taken here stay as they are."""
        if not read:
            return self
        order = sorted(read)
        others = PlainDecks.of([read[i] for i in order])
        if others.names is not self.names:  # the line table started again in between (rare)
            return PlainDecks.of([read[i] if i in read else self.deck(i) for i in range(len(self))])
        parts: list[PlainDecks] = []
        at = 0
        for k, i in enumerate(order):
            if at < i:
                parts.append(self.part(at, i))
            parts.append(others.part(k, k + 1))
            at = i + 1
        if at < len(self):
            parts.append(self.part(at, len(self)))
        return PlainDecks._joined(parts)

    @staticmethod
    def _joined(parts: Sequence[PlainDecks]) -> PlainDecks:
        """Texts of parts over one names table, one after the other."""
        starts, offset = [0], 0
        for part in parts:
            starts += [offset + start for start in part.starts[1:]]
            offset += part.starts[-1]
        return PlainDecks(
            [taken for part in parts for taken in part.taken],
            starts,
            np.concatenate([part.quantities for part in parts]),
            np.concatenate([part.name_ids for part in parts]),
            np.concatenate([part.zones for part in parts]),
            np.concatenate([part.lines for part in parts]),
            parts[0].names,
            [metadata for part in parts for metadata in part.metadata],
            [name for part in parts for name in part.deck_names],
            [problems for part in parts for problems in part.problems],
            [unchecked for part in parts for unchecked in part.unchecked],
            [uncounted for part in parts for uncounted in part.uncounted],
        )

    @classmethod
    def of(
        cls, decks: Sequence[ReadDeck | ParsedDeck | Sequence[tuple[int, str, Zone, int]] | None]
    ) -> PlainDecks:
        """Decks read otherwise: a deck as read, a parsed deck, or entries alone (no metadata, no
        name, no problems); None: not taken. A parsed deck's entries of a zone whose names are not
        looked up (deck.unchecked_zone) are kept apart (``unchecked``)."""
        taken: list[bool] = []
        starts = [0]
        rows: list[tuple[int, str, Zone, int]] = []
        metadata: list[dict[str, str]] = []
        deck_names: list[str | None] = []
        problems: list[Sequence[ParseProblem]] = []
        unchecked: list[Sequence[Unchecked]] = []
        uncounted: list[Sequence[int]] = []
        for deck in decks:
            taken.append(deck is not None)
            if isinstance(deck, ParsedDeck):
                apart: list[Unchecked] = []
                no_count: list[int] = []
                for e in deck.entries:
                    zone = unchecked_zone(e) if e.tags else None
                    if zone is None:
                        if not e.count_given:
                            no_count.append(len(rows) - starts[-1])
                        rows.append((e.quantity, e.name, e.zone, e.line))
                    else:
                        apart.append((e.quantity, e.name, e.line, *zone))
                metadata.append(deck.metadata)
                deck_names.append(deck.name)
                problems.append(deck.problems)
                unchecked.append(apart)
                uncounted.append(no_count)
            elif isinstance(deck, ReadDeck):
                rows += deck.entries
                metadata.append(deck.metadata)
                deck_names.append(deck.name)
                problems.append(deck.problems)
                unchecked.append(deck.unchecked)
                uncounted.append(())
            else:
                rows += deck or ()
                metadata.append({})
                deck_names.append(None)
                problems.append(())
                unchecked.append(())
                uncounted.append(())
            starts.append(len(rows))
        quantities, names, zones, lines = zip(*rows, strict=True) if rows else ((), (), (), ())
        with _LINES.lock:
            _LINES.make_room()
            table = _LINES.names
            name_ids = [_LINES.name_id(name) for name in names]
        return cls(
            taken,
            starts,
            np.array([min(q, QUANTITY_CAP) for q in quantities], dtype=np.int64),
            np.array(name_ids, dtype=np.int64),
            np.array([ZONE_CODE[zone] for zone in zones], dtype=np.int8),
            np.array(lines, dtype=np.int64),
            table,
            metadata,
            deck_names,
            problems,
            unchecked,
            uncounted,
        )


def _pick(values: Sequence[Any], indices: list[int]) -> Sequence[Any]:
    """``values[i]`` for each index, in C (itemgetter of one index gives a bare value)."""
    return itemgetter(*indices)(values) if len(indices) > 1 else [values[i] for i in indices]


def read_plain(texts: Sequence[str]) -> PlainDecks:
    """:func:`fast_entries` for many texts at once. Every line of every text is split off and looked
    up in one pass (_Lines); the state machine of text._TextRun then runs per text only at its
    blank and header lines, the card lines between two of them being one run in one zone."""
    prepared: list[str] = []
    for text in texts:
        if len(text) > _MAX_TEXT or is_document(text):
            text = ""  # (no card line: not taken; a document's own parser reads it, none of its lines here)
        elif "\r" in text:  # split_lines breaks on CRLF, CR and LF alike: the same lines as LF alone
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if text and not text.endswith("\n"):
            text += "\n"
        prepared.append(text)
    lines = "".join(prepared).split("\n")
    lines.pop()  # the "" after the last line end
    with _LINES.lock:  # (one read at a time: the table may start again between two)
        quantity, name, header, sniff = _LINES.rows(lines)
        reader = _Reader(lines, quantity, name, header, sniff, _LINES)
        for text, original in zip(prepared, texts, strict=True):
            reader.read(text, original)
        return reader.decks()


class _Reader:
    """read_plain's state: the joined lines as arrays, and the runs of the texts taken so far."""

    def __init__(
        self, lines: list[str], quantity: Any, name: Any, header: Any, sniff: Any, table: _Lines
    ) -> None:
        self.lines, self.quantity, self.name, self.table = lines, quantity, name, table
        # blank, header, comment and other lines, and card lines placed by their prefix
        self.acting = np.flatnonzero((quantity <= 0) | (header != _NO_HEADER)).tolist()
        self.sniffed = np.flatnonzero(sniff).tolist()  # lines read by text.read_deck_line
        self.acting_quantity = quantity[self.acting].tolist()
        self.acting_header = header[self.acting].tolist()
        self.first = 0  # the current text's first line
        self.text_first: list[int] = []  # each text's first line
        self.taken: list[bool] = []
        self.runs: list[tuple[int, int, int]] = []  # (first line, end, zone code) of taken card lines
        self.deck_runs = [0]  # runs of text i: deck_runs[i]:deck_runs[i + 1]
        self.metadata: list[dict[str, str]] = []  # each text's (PlainDecks.metadata)
        self.deck_names: list[str | None] = []
        self.problems: list[Sequence[ParseProblem]] = []  # each text's (a section outside the deck's info)
        self._running: Any = None  # quantity's running sums (_copies), once asked for

    def _copies(self, runs: Iterable[tuple[int, int, int]]) -> int:
        """The copies the card lines of ``runs`` hold: two look-ups a run in the running sums of the
        lines' quantities (a run holds card lines only), not a numpy sum a run."""
        running = self._running
        if running is None:
            running = self._running = np.concatenate(([0], np.cumsum(self.quantity)))
        return int(sum(running[b] - running[a] for a, b, _ in runs))

    def read(self, text: str, original: str) -> None:
        """The next text (``text`` as split into the joined lines, ``original`` as given)."""
        first = self.first
        end = self.first = first + text.count("\n")
        self.text_first.append(first)
        runs, extras = self._runs(first, end) or ([], [])
        taken = bool(runs)
        if taken and self._sniffed(first, end):
            # a line only read_deck_line reads: the text must be read in one of its dialects
            # (parse_text drops a leading BOM before it detects the format)
            taken = detected_as_one_of(original.removeprefix("\ufeff"), _PLAIN_DIALECTS)
        elif taken:
            taken = _first_line_is_safe(self._first_line(first, end))
        if taken and any(zone == _COMPANION_CODE for _, _, zone in runs):
            taken = not _companion_in_sideboard(self._entries(runs))
        metadata: dict[str, str] = {}
        deck_name: str | None = None
        if taken:
            metadata, deck_name = self._metadata(first, end)
            # two different dates are DeckBuilder.set_metadata's warning: parse_text reads the text
            taken = metadata is not _DATES_DIFFER
        problems: Sequence[ParseProblem] = ()
        if taken:
            self.runs += runs
            if extras:  # (parse_text's own info for each: decklist.text._TextRun._header)
                labels = [self.table.names[int(self.name[at])] for at in extras]
                problems = [
                    ParseProblem(
                        at - first + 1, extra_section_message(label), "info", SUSPICIOUS, _MAYBE_TEXT
                    )
                    for at, label in zip(extras, labels, strict=True)
                ]
        else:
            metadata, deck_name = {}, None
        self.taken.append(taken)
        self.deck_runs.append(len(self.runs))
        self.metadata.append(metadata)
        self.deck_names.append(deck_name)
        self.problems.append(problems)

    def _metadata(self, first: int, end: int) -> tuple[dict[str, str], str | None]:
        """The metadata of lines ``first:end`` and the deck name it gives, as DeckBuilder.set_metadata
        keeps them: a key given twice keeps its first place and its last value; the first non-empty
        value of a name key names the deck."""
        acting, lo = self.acting, bisect_left(self.acting, first)
        hi = bisect_left(acting, end, lo)
        metadata: dict[str, str] = {}
        deck_name: str | None = None
        for k in range(lo, hi):
            if self.acting_quantity[k] == _METADATA:
                key, value = self.table.names[int(self.name[acting[k]])].split(_META_SEP, 1)
                if dates_differ(metadata, key, value):
                    return _DATES_DIFFER, None
                metadata[key] = value
                if deck_name is None and value and key in DECK_NAME_KEYS:
                    deck_name = value
        return metadata, deck_name

    def _runs(self, first: int, end: int) -> tuple[list[tuple[int, int, int]], list[int]] | None:
        """The text's card lines (lines ``first:end``) as runs in one zone, and the lines that head a
        section outside the deck (Display Commander: its cards are the maybeboard's): the state
        machine of text._TextRun, reduced to what these line kinds can reach; None when a line is
        of another kind, the blank-line (MTGO) sideboard is larger than usual or a header's count
        differs from the copies read under it (parse_text warns of each)."""
        acting, lo = self.acting, bisect_left(self.acting, first)
        hi = bisect_left(acting, end, lo)
        counted = self.table.header_counts  # (empty in most batches: no header gives a count)
        headers: list[tuple[int, int]] = []  # (line, zone code) of each header, when one may count
        placed: list[int] = []  # card lines placed by their prefix (a header's count leaves them out)
        stated = False  # whether one of them gives a count
        extras: list[int] = []  # the headers of sections outside the deck
        zone = _MAIN_CODE
        outside = False  # in a section outside the deck (its cards count toward nothing: no blank ends it)
        cards_in_zone = False
        pending_blank = False
        implicit = -1  # the run the blank-line (MTGO) sideboard starts at
        runs: list[tuple[int, int, int]] = []
        run = first  # where the current run of card lines starts
        for k in range(lo, hi + 1):
            at = acting[k] if k < hi else end
            if at > run:
                if pending_blank:  # text._TextRun._after_blank
                    pending_blank = False
                    # Only their header enters Commander or Companion here, so _TextRun's zone_explicit
                    # always holds: a blank after their cards ends them.
                    if zone in (_COMMANDER_CODE, _COMPANION_CODE):
                        zone = _MAIN_CODE
                    elif (
                        zone == _MAIN_CODE
                        and implicit < 0
                        # the blank-line sideboard, when no Sideboard header is anywhere (a header
                        # is a line the machine acts at)
                        and _SIDEBOARD_CODE not in self.acting_header[lo:hi]
                    ):
                        zone, implicit = _SIDEBOARD_CODE, len(runs)
                runs.append((run, at, zone))
                cards_in_zone = not outside
            if k == hi:
                break
            if self.acting_quantity[k] > 0:  # a card line placed by its prefix (text._TextRun._card)
                runs.append((at, at + 1, self.acting_header[k]))
                placed.append(at)
                pending_blank = False  # (the blank before it starts nothing; the zone stays)
            elif self.acting_header[k] != _NO_HEADER:
                zone = self.acting_header[k]
                cards_in_zone = pending_blank = outside = False
                if counted:
                    headers.append((at, zone))
                    stated = stated or self.lines[at] in counted
            elif self.acting_quantity[k] == _EXTRA:
                zone, outside = _MAYBEBOARD_CODE, True
                cards_in_zone = pending_blank = False
                extras.append(at)
            elif self.acting_quantity[k] in (_COMMENT, _METADATA):
                pass  # recorded (metadata kept: _metadata), nothing else: the state stays as it was
            elif self.acting_quantity[k] < 0:
                return None  # a line of another kind
            elif cards_in_zone:
                pending_blank = True
            run = at + 1
        if implicit >= 0:  # parse_text warns about a large blank-line sideboard
            moved = self._copies(run for run in runs[implicit:] if run[2] == _SIDEBOARD_CODE)
            if moved > SIDEBOARD_USUAL_SIZE:
                return None
            # and may read a blank-line group as part of a 100-card singleton deck (text.one_singleton_deck,
            # which counts the cards outside the maybeboard)
            deck = (run for run in runs if run[2] != _MAYBEBOARD_CODE)
            if moved > COMMAND_ZONE_MOST and self._copies(deck) == SINGLETON_DECK:
                return None
        if stated and (extras or self._header_counts_differ(first, headers, runs, placed)):
            return None  # (a section outside the deck ends the one a count is given for: parse_text's)
        return runs, extras

    def _header_counts_differ(
        self,
        first: int,
        headers: list[tuple[int, int]],
        runs: list[tuple[int, int, int]],
        placed: list[int],
    ) -> bool:
        """Whether a header of the text starting at line ``first`` (``headers``: its headers' lines
        and zone codes; ``runs``: its card lines; ``placed``: those placed by their prefix) gives a
        count that differs from the copies read under it, as parse_text compares them (DC007).
        Every header here is a zone header."""
        counts = self.table.header_counts
        sections = [
            SectionHeader(
                at - first + 1,
                self.lines[at].strip(),
                ZONE_LEVEL,
                ZONE_ORDER[zone],
                counts.get(self.lines[at]),
            )
            for at, zone in headers
        ]
        entries = (
            (int(self.quantity[at]), ZONE_ORDER[zone], at - first + 1)
            for a, b, zone in runs
            for at in range(a, b)
        )
        return bool(header_count_problems(sections, entries, [at - first + 1 for at in placed]))

    def _sniffed(self, first: int, end: int) -> bool:
        """Whether one of lines ``first:end`` was read by text.read_deck_line."""
        k = bisect_left(self.sniffed, first)
        return k < len(self.sniffed) and self.sniffed[k] < end

    def _first_line(self, first: int, end: int) -> str:
        """The text's first non-blank line, as written ("" if none): blank lines are acting lines
        with neither a quantity nor a header."""
        acting, k = self.acting, bisect_left(self.acting, first)
        at = first
        while (
            at < end
            and k < len(acting)
            and acting[k] == at
            and self.acting_quantity[k] == 0
            and self.acting_header[k] == _NO_HEADER
        ):
            at, k = at + 1, k + 1
        return self.lines[at] if at < end else ""

    def _entries(self, runs: list[tuple[int, int, int]]) -> list[tuple[int, str, Zone]]:
        """(quantity, name, zone) of these runs' card lines (for the rare checks that need names)."""
        names = self.table.names
        found = []
        for a, b, zone in runs:
            for at in range(a, b):
                name = names[int(self.name[at])]
                found.append((int(self.quantity[at]), name, ZONE_ORDER[zone]))
        return found

    def decks(self) -> PlainDecks:
        """The entries of the texts taken, as arrays (one pass over every run)."""
        starts, ends, zones = (
            np.array(column, dtype=np.int64).reshape(len(self.runs))
            for column in (zip(*self.runs, strict=True) if self.runs else ((), (), ()))
        )
        lengths = ends - starts
        # each entry's line in the joined lines: the runs' lines back to back
        at = np.repeat(starts - (np.cumsum(lengths) - lengths), lengths) + np.arange(int(lengths.sum()))
        run_text = np.repeat(np.arange(len(self.taken)), np.diff(self.deck_runs))
        entry_starts = np.zeros(len(self.taken) + 1, dtype=np.int64)
        np.cumsum(np.bincount(run_text, weights=lengths, minlength=len(self.taken)), out=entry_starts[1:])
        text_first = np.array(self.text_first, dtype=np.int64)
        return PlainDecks(
            self.taken,
            entry_starts.tolist(),
            self.quantity[at],
            self.name[at],
            np.repeat(zones, lengths).astype(np.int8),
            at - np.repeat(text_first[run_text], lengths) + 1,  # line numbers within each text
            self.table.names,
            self.metadata,
            self.deck_names,
            self.problems,
            [()] * len(self.taken),
            [()] * len(self.taken),
        )


def _cleaned(name: str) -> str:
    """The name as parse_text keeps it (clean_name only changes a name with two spaces in a row, a
    non-ASCII character or a slash)."""
    return _clean_name(name) if "/" in name or "  " in name or not name.isascii() else name


_MAIN_CODE, _SIDEBOARD_CODE = ZONE_CODE[Zone.MAIN], ZONE_CODE[Zone.SIDEBOARD]
_MAYBEBOARD_CODE, _MAYBE_TEXT = ZONE_CODE[Zone.MAYBEBOARD], str(Zone.MAYBEBOARD)
_COMMANDER_CODE, _COMPANION_CODE = ZONE_CODE[Zone.COMMANDER], ZONE_CODE[Zone.COMPANION]


def _first_line_is_safe(line: str) -> bool:
    """Format detection reads a CSV header in the first non-blank line ("1 X,Name,Count" is one),
    and a CSV after Excel's "sep=," line."""
    if excel_separator(line) is not None:
        return False
    return ("," not in line and ";" not in line) or not looks_like_csv_header(line)


def _companion_in_sideboard(entries: Sequence[tuple[int, str, Zone]]) -> bool:
    keys = {normalized_key(e[1]) for e in entries if e[2] is _COMPANION}
    return any(e[2] is _SIDEBOARD and normalized_key(e[1]) in keys for e in entries)
