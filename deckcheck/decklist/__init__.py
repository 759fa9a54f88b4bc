"""Decklist import: every common format -> :class:`deckcheck.deck.ParsedDeck`, and writers back.

Formats are told apart by content (:func:`detect_format`), never by file extension, and can be
forced by name (``input_format``, a key of :data:`INPUT_FORMATS`). Parsing needs no card data:
names are kept as written, minus set codes, collector numbers and markers.

Every source line is accounted for in ``ParsedDeck.lines`` (card, header, comment, blank or
problem). Problems are :class:`ParseProblem` s; :func:`parse_findings` turns them into findings:

- DC001 unreadable file (binary, encoding, too big, XML/JSON error, not a decklist: an HTML page,
  a draft log)
- DC002 unparsable line
- DC003 suspicious line accepted (latin-1, control characters, missing count, ...)
- DC004 companion listed under Companion and in the sideboard, counted once
- DC005 no card line at all (an empty file, blank lines or comments only)
- DC007 a section header's count ("Creatures (24)") differs from the copies read under it
"""

from __future__ import annotations

import contextlib
import importlib
import os
import stat
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from deckcheck.deck import ParsedDeck, ParseProblem, Zone
from deckcheck.decklist._base import (
    COMPANION_MERGED,
    EMPTY_DECKLIST,
    HEADER_COUNT,
    MAX_BYTES,
    MAX_LINE_LENGTH,
    MAX_QUANTITY,
    NO_CARD_LINES_MESSAGE,
    SUSPICIOUS,
    UNPARSABLE,
    UNREADABLE,
    Parser,
    split_lines,
    unholdable_characters_problem,
    whole_file_problem,
    without_unholdable_characters,
)
from deckcheck.decklist._decode import Decoded, decode, size_error
from deckcheck.decklist._detect import detect_format
from deckcheck.findings import Finding, Location, Severity, define
from deckcheck.wording import NOT_A_REGULAR_FILE

if TYPE_CHECKING:
    from deckcheck.decklist.writers import (
        WRITER_FIELDS,
        WRITER_ZONES,
        WRITERS,
        write_arena,
        write_cod,
        write_csv,
        write_dek,
        write_forge,
        write_moxfield,
        write_mtgo,
        write_xmage,
    )

__all__ = [
    "INPUT_FORMATS",
    "MAX_BYTES",
    "MAX_LINE_LENGTH",
    "MAX_QUANTITY",
    "WRITERS",
    "WRITER_FIELDS",
    "WRITER_ZONES",
    "Parser",
    "detect_format",
    "might_be_event",
    "parse_bytes",
    "parse_bytes_decks",
    "parse_file",
    "parse_file_decks",
    "parse_findings",
    "parse_stream",
    "parse_text",
    "parse_text_decks",
    "problem_findings",
    "split_lines",
    "write_arena",
    "write_cod",
    "write_csv",
    "write_dek",
    "write_forge",
    "write_moxfield",
    "write_mtgo",
    "write_xmage",
]

DC001 = define(
    UNREADABLE,
    "unreadable-file",
    Severity.ERROR,
    "The file cannot be read as a decklist, or only in part: binary, bad encoding, too big, XML/JSON "
    "error, or not a decklist at all (an HTML page, a draft log). The deck is not verified: what the "
    "rest of the file could undo is not judged.",
)
DC002 = define(
    UNPARSABLE,
    "unparsable-line",
    Severity.ERROR,
    "A line that is not a card, header or comment (bad count, no name, line too long); it is not counted, "
    "and what its cards could undo is not judged: the deck is not verified (a warning in the maybeboard).",
    also=(Severity.WARNING,),
)
DC003 = define(
    SUSPICIOUS,
    "suspicious-line",
    Severity.WARNING,
    "A line read with a doubt: no count (read as 1), control characters removed, "
    "latin-1 fallback, unknown section or marker, a large blank-line sideboard. A note where nothing "
    "is in doubt: a section that is not part of the deck (tokens), kept in the maybeboard; a card with "
    "no count in a Cockatrice or XMage file, which read it as 1; a count written in digits other "
    "than 0-9 (Arabic-Indic ٣, fullwidth ３), read as the number it is.",
    also=(Severity.INFO,),
)
DC004 = define(
    COMPANION_MERGED,
    "duplicate-companion-merged",
    Severity.INFO,
    "A companion listed both under Companion and in the sideboard is one card: "
    "the sideboard copy is dropped.",
)
DC005 = define(
    EMPTY_DECKLIST,
    "empty-decklist",
    Severity.ERROR,
    "A decklist with no card line at all (an empty file, only blank lines or comments): nothing was read "
    "to judge, so the deck is not verified and fails the run, the finding reported or ignored.",
)

DC007 = define(
    HEADER_COUNT,
    "header-count-mismatch",
    Severity.WARNING,
    'A section header gives a count ("Creatures (24)", "Sideboard: 15") that differs from the '
    "copies read under it: a card line was probably lost, cut short or read as something else. The "
    "cards read are the cards checked; the verdict does not change.",
)

# Each input format's parser: (module, attribute). A parser's module is imported the first time its
# format is asked for, so checking a text list never imports the XML, JSON, CSV or HTML readers.
_PARSER_HOMES: dict[str, tuple[str, str]] = {
    "arena": ("deckcheck.decklist.text", "ARENA"),
    "mtgo": ("deckcheck.decklist.text", "MTGO"),
    "dek": ("deckcheck.decklist.xml_formats", "DEK"),
    "plain": ("deckcheck.decklist.text", "PLAIN"),
    "cod": ("deckcheck.decklist.xml_formats", "COD"),
    "forge": ("deckcheck.decklist.text", "FORGE"),
    "xmage": ("deckcheck.decklist.text", "XMAGE"),
    "moxfield": ("deckcheck.decklist.text", "MOXFIELD"),
    "archidekt": ("deckcheck.decklist.text", "ARCHIDEKT"),
    "csv": ("deckcheck.decklist.csv_format", "CSV"),
    "json": ("deckcheck.decklist.json_formats", "JSON"),
    "o8d": ("deckcheck.decklist.xml_formats", "O8D"),
    "html": ("deckcheck.decklist.html_page", "HTML"),
    "draft": ("deckcheck.decklist.draft_log", "DRAFT_LOG"),
}


class _InputFormats(Mapping[str, Parser]):
    """Format name -> parser, importing a parser's module on first use."""

    def __init__(self, homes: Mapping[str, tuple[str, str]]) -> None:
        self._homes = dict(homes)
        self._loaded: dict[str, Parser] = {}

    def __getitem__(self, name: str) -> Parser:
        parser = self._loaded.get(name)
        if parser is None:
            module, attribute = self._homes[name]
            parser = getattr(importlib.import_module(module), attribute)
            if parser.name != name:  # the table above and the parser must agree
                raise RuntimeError(f"input format {name!r} is registered as {parser.name!r}")
            self._loaded[name] = parser
        return parser

    def __iter__(self) -> Iterator[str]:
        return iter(self._homes)

    def __len__(self) -> int:
        return len(self._homes)

    def __contains__(self, name: object) -> bool:
        return name in self._homes


INPUT_FORMATS: Mapping[str, Parser] = _InputFormats(_PARSER_HOMES)

_WRITER_NAMES = frozenset(
    {
        "WRITERS",
        "WRITER_FIELDS",
        "WRITER_ZONES",
        "write_arena",
        "write_cod",
        "write_csv",
        "write_dek",
        "write_forge",
        "write_moxfield",
        "write_mtgo",
        "write_xmage",
    }
)


def __getattr__(name: str) -> object:
    """The writers, imported on first use (a check never writes a decklist)."""
    if name in _WRITER_NAMES:
        from deckcheck.decklist import writers

        return getattr(writers, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_SEVERITIES = {"error": Severity.ERROR, "warning": Severity.WARNING, "info": Severity.INFO}
_DEFAULT_CODE = {"error": UNPARSABLE, "warning": SUSPICIOUS, "info": SUSPICIOUS}


def _parser(input_format: str) -> Parser:
    try:
        return INPUT_FORMATS[input_format]
    except KeyError:
        raise ValueError(
            f"unknown input format {input_format!r}; choose one of {', '.join(sorted(INPUT_FORMATS))}"
        ) from None


def parse_text(text: str, path: str = "<stdin>", input_format: str | None = None) -> ParsedDeck:
    """Parse decklist text. ``input_format`` forces a format (a key of INPUT_FORMATS; anything
    else is a ValueError); otherwise the content decides. Bad content never raises."""
    forced = _parser(input_format) if input_format is not None else None
    if len(text) > MAX_BYTES:
        return whole_file_problem(path, input_format or "unknown", size_error(len(text)))
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\x00" in text:
        return whole_file_problem(
            path, input_format or "unknown", "binary content (contains NUL characters): not a decklist"
        )
    parser = forced or INPUT_FORMATS[detect_format(text)]
    try:
        deck = parser.parse(text, path)
    except Exception as exc:  # a parser bug must still be a finding, never a traceback
        return whole_file_problem(
            path,
            parser.name,
            f"internal error while reading the {parser.name} decklist ({type(exc).__name__}: {exc}); "
            "please report this file",
            text=text if len(text) < MAX_BYTES else "",
        )
    if not deck.entries and not any(p.severity == "error" for p in deck.problems):
        # An empty list is never "legal": there is no deck to check. (When lines were refused,
        # their errors already say so.)
        deck.problems.append(
            ParseProblem(line=0, message=NO_CARD_LINES_MESSAGE, severity="error", code=EMPTY_DECKLIST)
        )
    return deck


def parse_bytes(data: bytes, path: str = "<stdin>", input_format: str | None = None) -> ParsedDeck:
    """Decode (BOM, UTF-16, UTF-8, latin-1 fallback; binary and oversized input refused) and parse."""
    if input_format is not None:
        _parser(input_format)
    decoded = decode(data)
    if decoded.text is None:
        return whole_file_problem(path, input_format or "unknown", decoded.error or "unreadable file")
    return _with_decoding(parse_text(decoded.text, path, input_format), decoded)


def _with_decoding(deck: ParsedDeck, decoded: Decoded) -> ParsedDeck:
    """``deck``, read from ``decoded``, with the encoding it was in and how decoding went."""
    if decoded.encoding not in ("utf-8", ""):
        deck.metadata["encoding"] = decoded.encoding
    if decoded.warning:
        deck.problems.insert(
            0, ParseProblem(line=0, message=decoded.warning, severity="warning", code=SUSPICIOUS)
        )
    return deck


def not_a_decklist_file(mode: int) -> str | None:
    """Why a file of ``mode`` (``os.stat``'s) holds no decklist to read, or None: a regular file,
    or a pipe (`deckcheck check <(curl ...)`). A directory, a device (/dev/null would read as an
    empty decklist, /dev/zero as one too big) or a socket holds none. (The CLI and
    :func:`parse_file` decide alike.)"""
    if stat.S_ISREG(mode) or stat.S_ISFIFO(mode):
        return None
    return "a directory; nothing to check" if stat.S_ISDIR(mode) else NOT_A_REGULAR_FILE


def parse_file(path: str | os.PathLike[str], input_format: str | None = None) -> ParsedDeck:
    """Read and parse a decklist file. A file that cannot be read is a DC001 problem, not an error;
    so is one that holds no decklist (:func:`not_a_decklist_file`: /dev/null is no empty list)."""
    name = os.fspath(path)
    if input_format is not None:
        _parser(input_format)
    with contextlib.suppress(OSError, ValueError):  # (a file that cannot be looked at: see the open)
        mode = os.stat(name).st_mode
        # (a directory is left to the open, which says how a folder is read: deckcheck.frames)
        refused = None if stat.S_ISDIR(mode) else not_a_decklist_file(mode)
        if refused is not None:
            return whole_file_problem(name, input_format or "unknown", refused)
    try:
        with Path(name).open("rb") as handle:
            return parse_stream(handle, name, input_format)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        if isinstance(exc, IsADirectoryError):  # (named in a list of files: deckcheck.frames)
            reason += "; a folder is searched for decklists as the whole source: frames.validate(FOLDER)"
        return whole_file_problem(name, input_format or "unknown", f"cannot read the file: {reason}")


def parse_stream(stream: BinaryIO, path: str = "<stdin>", input_format: str | None = None) -> ParsedDeck:
    """Read at most MAX_BYTES (plus one, to tell) from ``stream`` and parse them: standard input
    is bounded like a file, so ``check - </dev/zero`` stops at 5 MB instead of filling memory.
    A read error (OSError) is the caller's to report."""
    if input_format is not None:
        _parser(input_format)
    data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        return whole_file_problem(
            path, input_format or "unknown", f"file too big (more than {MAX_BYTES:,} bytes, 5 MB)"
        )
    return parse_bytes(data, path, input_format)


def might_be_event(text: str) -> bool:
    """Whether decklist text could be an event document (it is a JSON object): the readers of
    many decks (:func:`parse_text_decks`, and the batch readers of files and texts) read only
    such text as one; any other is one deck."""
    return text.lstrip("\ufeff \t\r\n").startswith("{")


def parse_text_decks(text: str, path: str = "<stdin>", input_format: str | None = None) -> list[ParsedDeck]:
    """Every deck in decklist text: the decks of an event document (MTGO's decklist JSON, the
    MTGODecklistCache archive: :mod:`deckcheck.decklist.events`), each at ``PATH#player``, else
    the one deck of :func:`parse_text` (which refuses text over MAX_BYTES, as a file's reader
    refuses a file over it, whatever it holds)."""
    if input_format in (None, "json") and len(text) <= MAX_BYTES and might_be_event(text):
        import json

        from deckcheck.decklist.events import event_decks

        try:
            data = json.loads(text.lstrip("\ufeff"))
        except (ValueError, RecursionError):
            data = None  # parse_text reports it
        data, unholdable_at = without_unholdable_characters(text, data)
        decks = event_decks(data, path) if data is not None else None
        if decks is not None:
            if unholdable_at is not None:  # (a file's fault: said on each of its decks)
                for deck in decks:
                    deck.problems.append(unholdable_characters_problem(unholdable_at))
            return decks
    return [parse_text(text, path, input_format)]


def parse_bytes_decks(
    data: bytes, path: str = "<stdin>", input_format: str | None = None
) -> list[ParsedDeck]:
    """:func:`parse_text_decks` of bytes, decoded as :func:`parse_bytes` does."""
    if input_format is not None:
        _parser(input_format)
    decoded = decode(data)
    if decoded.text is None:
        return [parse_bytes(data, path, input_format)]
    # (an event written in UTF-16 or latin-1 is still many decks: each says how it was decoded)
    return [_with_decoding(deck, decoded) for deck in parse_text_decks(decoded.text, path, input_format)]


def parse_file_decks(path: str | os.PathLike[str], input_format: str | None = None) -> list[ParsedDeck]:
    """Every deck of a decklist file: several for an event document (each at ``FILE#player``), else
    the one of :func:`parse_file` (read problems included)."""
    name = os.fspath(path)
    if input_format is not None:
        _parser(input_format)
    try:
        with Path(name).open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError:
        return [parse_file(path, input_format)]
    if not data or len(data) > MAX_BYTES:  # (or a device: /dev/null, /dev/zero; parse_file says so)
        return [parse_file(path, input_format)]
    return parse_bytes_decks(data, name, input_format)


def parse_findings(deck: ParsedDeck) -> list[Finding]:
    """One finding per parse problem, located at the problem's line (0 = the whole file)."""
    return problem_findings(deck.path, deck.problems)


def problem_findings(path: str, problems: Iterable[ParseProblem]) -> list[Finding]:
    """:func:`parse_findings` of the problems of the deck read from ``path`` (the lean batch
    checker, which keeps a deck's problems beside its entries, writes them with this too)."""
    codes = {
        UNREADABLE: DC001,
        UNPARSABLE: DC002,
        SUSPICIOUS: DC003,
        COMPANION_MERGED: DC004,
        EMPTY_DECKLIST: DC005,
        HEADER_COUNT: DC007,
    }
    findings = []
    for problem in problems:
        code = problem.code
        if code not in codes:  # a plain ParseProblem: its severity picks the code
            code = _DEFAULT_CODE.get(problem.severity, UNPARSABLE)
        location = Location(path=path, line=problem.line, section=problem.section)
        severity = _SEVERITIES.get(problem.severity, Severity.ERROR)
        message = problem.message
        if code == UNPARSABLE and problem.section == Zone.MAYBEBOARD and severity is Severity.ERROR:
            # no rule counts the maybeboard: a line of it not read decides nothing
            severity, message = Severity.WARNING, f"{message} (in the maybeboard, which no rule counts)"
        findings.append(codes[code](message, location=location, severity=severity))
    return findings
