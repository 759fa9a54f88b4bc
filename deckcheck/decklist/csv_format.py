"""Deck CSV exports: a quantity column (Count | Quantity | Qty), a Name column and an optional board
column (Board | Section | Category). Covers Scryfall's deck CSV (``section,count,name,...,set_code,
collector_number``), Archidekt's (a Categories column), Moxfield/Deckbox collection-style CSVs and
hand-made sheets.

Archidekt's Categories cell lists a card's categories ("Commander,Legendary"): the first that names
a zone places the card (Commander, Companion, Sideboard, Maybeboard, ...), the others are tags, as
the Archidekt JSON reader reads them; a card none of whose categories names a zone is the main deck.

A board cell is read as the text reader reads a section header, with the same words matched whole
("Considering" is the maybeboard, "Tokens" a zone kept out of the deck, "Creatures" a group of the
main deck). Another value of a Category column (an Archidekt category such as "Token Makers") is a
category of deck cards: the main deck, with one warning per value naming its lines. Another value
of a Board, Section, Zone or Location column is a board no reader knows: its cards are kept out of
the deck, tagged, and the deck is not verified (DC002 per value), as the JSON and Cockatrice
readers read one.

MTGO's collection CSV has no board column: its Sideboarded column (Yes/No) places a card instead.

Excel's first line ``sep=;`` (or ``sep=,``, ``sep=<tab>``) names the delimiter; it is recorded as
read, and the header row is the next line.

A row with more fields than the header (an unquoted comma in "Atraxa, Praetors' Voice") is refused
with DC002 on its line: its fields after the comma have shifted, so no cell of it can be trusted.

Every physical line is accounted for: the header row, one record per card row, and a "continuation"
comment for the extra lines of a quoted field that spans lines.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from deckcheck.deck import Entry, LineKind, ParsedDeck, Zone, extra_zone_tag
from deckcheck.decklist._base import (
    MAX_LINE_LENGTH,
    MAX_NAME_LENGTH,
    SUSPICIOUS,
    UNPARSABLE,
    UNREADABLE,
    DeckBuilder,
    other_digits_note,
    parse_quantity,
    split_lines,
    strip_control,
)
from deckcheck.decklist._grammar import board_section, categories_zone, unknown_board_reason
from deckcheck.decklist._names import clean_name, name_problem
from deckcheck.decklist.headers import header_key

# (Delver Lens writes "QuantityX", its cells "4x")
_COUNT_COLUMNS = ("count", "quantity", "qty", "amount", "copies", "quantityx")
_NAME_COLUMNS = ("name", "card name", "card", "cardname", "card_name")
_BOARD_COLUMNS = ("board", "section", "category", "zone", "location")
# Archidekt's deck CSV: each card's categories in one cell ("Commander,Legendary"), as its JSON
# lists them (a category that names a zone places the card; the others are tags)
_CATEGORIES_COLUMNS = ("categories",)
_SET_COLUMNS = ("set_code", "set code", "setcode", "edition code", "edition", "set")
_NUMBER_COLUMNS = ("collector number", "collector_number", "collectornumber", "cn", "card number", "number")
_FOIL_COLUMNS = ("foil", "finish", "printing", "premium", "is_foil")  # (MTGO's, Deckstats')
# MTGO's collection CSV says Yes in its Sideboarded column for a sideboard card
_SIDEBOARDED_COLUMNS = ("sideboarded",)
_YES = frozenset({"yes", "true", "1", "y", "x"})
_NO = frozenset({"no", "false", "0", "n", ""})
_TAG_COLUMNS = ("tags", "tag")
_DELIMITERS = (",", ";", "\t")
_DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab", "|": "vertical bar"}


def _normalise(header: str) -> str:
    return " ".join(header.strip().strip('"').lower().split())


def _casefolded(names: str) -> frozenset[str]:
    return frozenset(name.casefold() for name in names.split(", "))


# Every set named in one word, from MTGJSON's SetList (May 2023); no set's code is one of them in any
# case, so a word of these written in small letters ("zendikar") is the name, as "znr" is a code.
ONE_WORD_SET_NAMES: Final = _casefolded(
    "Alliances, Amonkhet, Anthologies, Antiquities, Apocalypse, Archenemy, Battlebond, Chronicles, "
    "Coldsnap, Conflux, Conspiracy, Darksteel, Deckmasters, Dissension, Dominaria, Eventide, Exodus, "
    "Gatecrash, Guildpact, Guru, Homelands, Innistrad, Invasion, Ixalan, Judgment, Jumpstart, "
    "Kaladesh, Kaldheim, Legends, Legions, Lorwyn, Mirage, Mirrodin, Morningtide, Nemesis, Odyssey, "
    "Onslaught, Planechase, Planeshift, Portal, Prophecy, Renaissance, Rinascimento, Scourge, "
    "Shadowmoor, Stronghold, Tempest, Theros, Torment, Transformers, Unfinity, Unglued, Unhinged, "
    "Unsanctioned, Unstable, Visions, Weatherlight, Worldwake, Zendikar"
)


def is_set_name(value: str) -> bool:
    """Whether a Set / Edition cell holds a set's name, not its code: several words ("Magic
    2010"), one word written as a name is, a capital and then small letters ("Alpha", "Mirage",
    "Zendikar"), or one of :data:`ONE_WORD_SET_NAMES` however it is written ("zendikar"). A set
    code is one word of capitals or of small letters, and digits ("LEA", "m10", "PLIST", "znr")."""
    if any(char.isspace() for char in value):
        return True
    rest = value[1:]
    if len(value) >= 4 and value[0].isupper() and rest.isalpha() and rest.islower():
        return True
    return value.casefold() in ONE_WORD_SET_NAMES


def _count(text: str) -> int | str:
    """A Count cell's copies, or why it is none: a number, or one with an "x" after it, as
    Delver Lens's QuantityX column writes it ("4x")."""
    if not text:
        return "no count"
    if text[-1:] in ("x", "X", "\u00d7") and text[:-1].strip().isdecimal():
        text = text[:-1].strip()
    return parse_quantity(text)


def _find(headers: Sequence[str], names: Sequence[str]) -> int | None:
    for name in names:
        if name in headers:
            return headers.index(name)
    return None


# Excel's first line "sep=;" names the delimiter of the lines below it (any character but a letter,
# digit, quote or space; a tab is one). Dragon Shield writes it quoted, as a CSV cell: "sep=,".
_EXCEL_SEPARATOR = re.compile(r"(\"?)sep=([^\w\s\"']|\t)\1 *", re.IGNORECASE)


def excel_separator(line: str) -> str | None:
    """The delimiter an Excel ``sep=X`` line names, or None for any other line."""
    line = line.lstrip("\ufeff")
    if line[line.startswith('"') :][:4].lower() != "sep=":  # (most lines: no regex search)
        return None
    match = _EXCEL_SEPARATOR.fullmatch(line.rstrip("\r\n"))
    return match.group(2) if match else None


def sniff_delimiter(first_line: str) -> str:
    return max(_DELIMITERS, key=first_line.count)


def looks_like_csv_header(first_line: str, delimiter: str | None = None) -> bool:
    """A header row naming a card-name column and a count or board column (its fields separated by
    ``delimiter``, else by the likeliest of comma, semicolon and tab)."""
    delimiter = delimiter or sniff_delimiter(first_line)
    if delimiter not in first_line:
        return False
    try:
        headers = [_normalise(h) for h in next(csv.reader([first_line], delimiter=delimiter))]
    except (csv.Error, StopIteration):
        return False
    has_name = _find(headers, _NAME_COLUMNS) is not None
    return has_name and any(
        _find(headers, columns) is not None
        for columns in (_COUNT_COLUMNS, _BOARD_COLUMNS, _CATEGORIES_COLUMNS)
    )


# Scryfall's "Outside the game" section (a companion, wish targets): the sideboard is where a game
# keeps such cards.
_OUTSIDE_THE_GAME = frozenset({"outside", "outside the game"})
# The note on a card row of that section (command_zone names the section when it reads the card).
OUTSIDE_THE_GAME_NOTE = "outside the game, read as sideboard"


@dataclass(frozen=True, slots=True)
class _Board:
    zone: Zone
    tags: tuple[str, ...] = ()
    note: str = ""
    known: bool = True  # False: a value no section header means


def _board_zone(value: str, *, category: bool) -> _Board:
    """The zone a board/section/category cell names. The cell is read as the text reader reads a
    section header (the same words, whole, in any case: "Considering" is the maybeboard, "Token
    Makers" no token zone); Scryfall's "outside" is the sideboard. Any other value of a Category
    column is a deck site's category of deck cards ("Ramp"): the main deck; of a board column, a
    board no reader knows: kept out of the deck, tagged (_report_unknown_boards says why)."""
    section = board_section(value)  # a group ("Creatures", Scryfall's "lands") is the main deck
    if section is not None:
        zone, extra = section
        if extra is None:
            return _Board(zone)
        return _Board(zone, (extra_zone_tag(extra),), f"{value!r}: not deck cards, kept in the maybeboard")
    if header_key(value) in _OUTSIDE_THE_GAME:
        return _Board(Zone.SIDEBOARD, (), f"{value!r}: {OUTSIDE_THE_GAME_NOTE}")
    if category:
        return _Board(Zone.MAIN, (), f"unknown category {value!r}: read as the main deck", known=False)
    return _Board(
        Zone.MAYBEBOARD,
        (extra_zone_tag(value),),
        f"unknown board {value!r}: kept out of the deck",
        known=False,
    )


def _sideboarded(cell: str) -> _Board:
    """The zone MTGO's Sideboarded cell (Yes/No) names; any other value is read as the main deck,
    said on the line."""
    value = cell.strip().lower()
    if value in _YES:
        return _Board(Zone.SIDEBOARD)
    if value in _NO:
        return _Board(Zone.MAIN)
    return _Board(Zone.MAIN, (), f"Sideboarded {cell.strip()!r} is neither Yes nor No: read as the main deck")


def _categories(cell: str) -> tuple[Zone | None, tuple[str, ...]]:
    """An Archidekt categories cell ("Commander,Legendary"): the zone of its first category that
    names one (None: none does, the main deck) and the other categories, kept as tags, as the
    Archidekt JSON reader reads a card's categories."""
    zone, tags = categories_zone(
        category for category in (" ".join(part.split()) for part in cell.split(",")) if category
    )
    return zone, tuple(tags)


@dataclass(frozen=True, slots=True)
class CsvFormat:
    name: str = "csv"
    description: str = (
        "deck CSV: Count|Quantity|Qty, Name, optional Board|Section|Category or Categories "
        "(Scryfall, Archidekt)"
    )

    def parse(self, text: str, path: str) -> ParsedDeck:
        return _CsvRun(text, path, self.name).run()


class _CsvRun:
    def __init__(self, text: str, path: str, name: str) -> None:
        self.lines = split_lines(text)
        self.builder = DeckBuilder(path, name)
        self.missing_count: list[int] = []
        self.unknown_boards: dict[str, list[int]] = {}  # board value -> the lines of its card rows
        self.delimiter = ","

    def run(self) -> ParsedDeck:
        b = self.builder
        first = next((i for i, line in enumerate(self.lines) if line.strip()), None)
        if first is None:
            for number, raw in enumerate(self.lines, start=1):
                b.record(number, LineKind.BLANK, raw)
            b.report(0, "empty CSV: no header row", code=UNREADABLE, severity="error")
            return b.finish()
        for number in range(1, first + 1):
            b.record(number, LineKind.BLANK, self.lines[number - 1])
        delimiter = excel_separator(self.lines[first])
        if delimiter is not None:  # Excel's "sep=;": the header comes after it
            b.record(first + 1, LineKind.COMMENT, self.lines[first], f"Excel's delimiter line: {delimiter!r}")
            header_at = next((i for i in range(first + 1, len(self.lines)) if self.lines[i].strip()), None)
            for number in range(first + 2, (header_at or len(self.lines)) + 1):
                b.record(number, LineKind.BLANK, self.lines[number - 1])
            if header_at is None:
                b.report(
                    first + 1,
                    "empty CSV: no header row after the sep= line",
                    code=UNREADABLE,
                    severity="error",
                )
                return b.finish()
            first = header_at
        else:
            delimiter = sniff_delimiter(self.lines[first])
        self.delimiter = delimiter
        reader = csv.reader(self._feed(first), delimiter=delimiter)
        header_line = first + 1
        try:
            headers = [_normalise(h) for h in next(reader)]
        except (csv.Error, StopIteration) as exc:
            self._fail_rest(header_line, f"CSV header unreadable: {exc}")
            return b.finish()
        self._records(header_line, header_line + reader.line_num - 1, LineKind.HEADER, "CSV header")
        name_col = _find(headers, _NAME_COLUMNS)
        if name_col is None:
            b.report(
                header_line,
                "CSV has no Name column (expected Name / Card Name)",
                code=UNREADABLE,
                severity="error",
            )
        board_col = _find(headers, _BOARD_COLUMNS)
        columns = _Columns(
            width=len(headers),
            name=name_col,
            count=_find(headers, _COUNT_COLUMNS),
            board=board_col,
            board_is_category=board_col is not None and headers[board_col] == "category",
            set_code=_find(headers, _SET_COLUMNS),
            number=_find(headers, _NUMBER_COLUMNS),
            foil=_find(headers, _FOIL_COLUMNS),
            sideboarded=_find(headers, _SIDEBOARDED_COLUMNS),
            tags=_find(headers, _TAG_COLUMNS),
            categories=_find(headers, _CATEGORIES_COLUMNS),
        )
        previous_end = header_line + reader.line_num - 1
        while True:
            try:
                row = next(reader)
            except StopIteration:
                break
            except csv.Error as exc:
                self._fail_rest(previous_end + 1, f"CSV error: {exc}")
                break
            start, end = previous_end + 1, first + reader.line_num
            previous_end = end
            self._row(start, end, row, columns)
        self._report_missing_counts()
        self._report_unknown_boards(columns.board_is_category)
        return b.finish()

    def _feed(self, first: int) -> Iterator[str]:
        for line in self.lines[first:]:
            yield line + "\n"

    def _records(self, start: int, end: int, kind: LineKind, note: str = "") -> None:
        self.builder.record(start, kind, self.lines[start - 1], note)
        self._continuations(start, end)

    def _continuations(self, start: int, end: int) -> None:
        """The lines after the first of a record that spans ``start`` to ``end``."""
        for number in range(start + 1, end + 1):
            self.builder.record(
                number,
                LineKind.COMMENT,
                self.lines[number - 1],
                f"continuation of the CSV record on line {start}",
            )

    def _fail_rest(self, start: int, reason: str) -> None:
        for number in range(start, len(self.lines) + 1):
            self.builder.record(number, LineKind.PROBLEM, self.lines[number - 1][:MAX_LINE_LENGTH], reason)
        self.builder.report(start, reason, code=UNREADABLE, severity="error")

    def _row(self, start: int, end: int, row: list[str], columns: _Columns) -> None:
        b = self.builder
        if not any(cell.strip() for cell in row):
            self._records(start, end, LineKind.BLANK)
            return
        record_text = self.lines[start - 1]
        board_value = (
            " ".join(row[columns.board].split())
            if columns.board is not None and columns.board < len(row)
            else ""
        )
        categories = (
            _categories(row[columns.categories])
            if columns.categories is not None and columns.categories < len(row)
            else None
        )
        if board_value:
            board = _board_zone(board_value, category=columns.board_is_category)
        elif categories is not None and categories[0] is not None:
            board = _Board(categories[0])
        elif columns.sideboarded is not None and columns.sideboarded < len(row):
            board = _sideboarded(row[columns.sideboarded])
            if board.note:
                b.report(start, board.note, code=SUSPICIOUS, severity="warning", section=board.zone)
        else:
            board = _Board(Zone.MAIN)
        zone, extra_tags, zone_note = board.zone, board.tags, board.note

        def problem(reason: str, section: Zone | None = zone) -> None:
            b.problem_line(start, record_text[:MAX_LINE_LENGTH], reason, code=UNPARSABLE, section=section)
            self._continuations(start, end)

        if sum(len(value) for value in row) > MAX_LINE_LENGTH:
            problem(f"CSV record too long (limit {MAX_LINE_LENGTH:,} characters)")
            return
        if any(value.strip() for value in row[columns.width :]):
            # An unquoted delimiter in a name shifts every field after it: the name, the board and
            # the rest cannot be told apart, so the row is refused (its zone unknown), not guessed.
            problem(
                f"{len(row)} fields where the header has {columns.width}: "
                f"a name with a {_DELIMITER_NAMES.get(self.delimiter, repr(self.delimiter))} must be quoted",
                section=None,
            )
            return
        cleaned: list[str] = []
        for value in row:
            # a quoted cell may span lines: the line break is a space, not a control character
            text, removed = strip_control(" ".join(value.splitlines()))
            if removed:
                b.report(
                    start,
                    "control characters removed from the record",
                    code=SUSPICIOUS,
                    severity="warning",
                    section=zone,
                )
            cleaned.append(text.strip())

        def cell(index: int | None) -> str:
            return cleaned[index] if index is not None and index < len(cleaned) else ""

        name = clean_name(cell(columns.name))
        reason = name_problem(name, MAX_NAME_LENGTH, strict=False, written=cell(columns.name))
        if columns.name is None:
            reason = "no Name column"
        if reason:
            problem(reason)
            return
        notes = [zone_note] if zone_note else []
        if columns.count is None:
            quantity: int | str = 1
            self.missing_count.append(start)
            notes.append("no count column: read as 1")
        else:
            quantity = _count(cell(columns.count))
        if isinstance(quantity, str):
            problem(quantity)
            return
        digits = other_digits_note(cell(columns.count), quantity)
        if digits is not None:
            b.report(start, digits, code=SUSPICIOUS, severity="info", section=zone)
        set_code = cell(columns.set_code)
        if is_set_name(set_code):
            # a set's name, not its code (Deckbox's and TCGplayer's "Edition"/"Set": "Magic 2010",
            # "Zendikar"): written as a code, no client would find the printing
            notes.append(f"set {set_code!r} is a set's name, not its code: not kept")
            set_code = ""
        foil_cell = cell(columns.foil).lower()
        foil = foil_cell in ("foil", "etched") or foil_cell in _YES
        tags = tuple(
            t.strip().lstrip("#") for t in cell(columns.tags).replace(";", ",").split(",") if t.strip()
        ) + (categories[1] if categories is not None else ())
        entry = Entry(
            quantity=quantity,
            name=name,
            zone=zone,
            line=start,
            set_code=set_code or None,
            collector_number=cell(columns.number) or None,
            foil=foil,
            tags=extra_tags + tags,
            raw=record_text,
        )
        b.card(entry, record_text, "; ".join(notes))
        if not board.known:
            self.unknown_boards.setdefault(board_value, []).append(start)
        self._continuations(start, end)

    def _report_missing_counts(self) -> None:
        if not self.missing_count:
            return
        first = self.missing_count[0]
        self.builder.report(
            first,
            f"CSV has no Count/Quantity column: {len(self.missing_count)} rows each read as 1 copy",
            code=SUSPICIOUS,
            severity="warning",
        )

    def _report_unknown_boards(self, category: bool) -> None:
        """One finding per board value no section header means, not once per card under it: of a
        Category column, a warning (a category of deck cards, read as the main deck); of a board
        column, a board not read (DC002: the deck is not verified, unknown_board_reason)."""
        for value, lines in self.unknown_boards.items():
            if category:
                self.builder.report(
                    lines[0],
                    f"unknown category {value!r} ({_line_list(lines)}): its cards are read as the main deck",
                    code=SUSPICIOUS,
                    severity="warning",
                    section=Zone.MAIN,
                )
            else:
                self.builder.report(
                    lines[0],
                    f"{unknown_board_reason(value)} ({_line_list(lines)})",
                    code=UNPARSABLE,
                    severity="error",
                )


def _line_list(lines: Sequence[int], shown: int = 10) -> str:
    """ "line 3", "lines 3 and 7", "lines 3, 5 and 7"; past ``shown`` lines, "and N more"."""
    if len(lines) == 1:
        return f"line {lines[0]}"
    if len(lines) > shown:
        return "lines " + ", ".join(map(str, lines[:shown])) + f" and {len(lines) - shown} more"
    return "lines " + ", ".join(map(str, lines[:-1])) + f" and {lines[-1]}"


@dataclass(frozen=True, slots=True)
class _Columns:
    width: int  # the header's number of fields
    name: int | None
    count: int | None
    board: int | None
    board_is_category: bool
    set_code: int | None
    number: int | None
    foil: int | None
    sideboarded: int | None
    tags: int | None
    categories: int | None


CSV = CsvFormat()
