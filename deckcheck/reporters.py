"""Output for ``deckcheck check`` and friends: human text, one stable JSON schema, GitHub Actions
annotations (plus a Markdown job summary). No click here: reporters write to a text stream, and the
CLI decides on colour; styling goes through a small :class:`Style` so tests can check both.

The JSON schema is documented in docs/json-schema.md; :data:`SCHEMA_VERSION` changes only when a key
is removed or changes meaning (new keys may be added within a version).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache, lru_cache
from itertools import chain
from typing import TYPE_CHECKING, Any, Final, TextIO

from deckcheck import __version__
from deckcheck.deck import Zone
from deckcheck.discovery import skipped_why
from deckcheck.findings import CODES, CodeInfo, Finding, Severity
from deckcheck.unresolved import NOT_VERIFIED
from deckcheck.wording import counted

if TYPE_CHECKING:
    from deckcheck.engine import Report
    from deckcheck.format_spec import FormatSpec
    from deckcheck.rules.companions import Breaker, CompanionResult

SCHEMA_VERSION = 2  # 2: `legal` and a companion's `eligible` may be null (not verified)
OUTPUT_FORMATS = ("text", "json", "github")
COUNTED_ZONES = (Zone.MAIN, Zone.SIDEBOARD, Zone.COMMANDER, Zone.COMPANION, Zone.MAYBEBOARD)
FIRST_BREAKERS = 2  # breakers shown per companion in the text table
COMPANION_TEXTS_KEPT = 1024  # companion results' JSON remembered (a few KB each), most recent first


# -- escaping: a name printed is shown, never obeyed --------------------------------------------------
# File names, card names (from a decklist or from card data) and config values reach the output as
# they are; in a terminal a control character in one of them would be obeyed (ESC starts a colour
# or title sequence, CR rewrites the line) and on GitHub a line break would start a new workflow
# command. Text output shows each such character as a visible escape instead: C0 controls, DEL,
# C1 controls, the line/paragraph separators, the bidirectional overrides and isolates (which
# reorder what follows them), and lone surrogates (undecodable bytes of a file name).
#
# A GitHub Actions runner also obeys printable text: it reads a line of a step's output (stdout or
# stderr) as a workflow command when, past its leading white space, it starts with "::"
# (``::add-mask::x``, ``::stop-commands::x``), and when "##[" stands anywhere in it (the older form,
# ``##[add-mask]x``). So text output writes "##[" as ``##\x5b``, and no name starts a line with
# "::": a path that would is written ``./::x.txt`` (the same file), any other name with its first
# colon as ``\x3a`` (:func:`shown_path`, :func:`line_start`). JSON writes that "[" as ``\u005b``.
# A workflow command's own parts are percent-encoded instead (:func:`escape_data`).
_LEGACY_COMMAND = "##["


def _has_legacy_command(text: str) -> bool:
    # (a search for "#" alone is a memchr, some 50 times faster than one for "##[" over a deck's
    # JSON, and most texts have no "#")
    return "#" in text and _LEGACY_COMMAND in text


# (compiled when first needed: a surrogate range makes each a millisecond's work, and text that is
# all printable characters, the usual case, needs none of them)
@cache
def _unsafe() -> re.Pattern[str]:
    return re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


@cache
def _unsafe_keeping_lines() -> re.Pattern[str]:
    return re.compile(
        "[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
    )


# In JSON the escapes are JSON's own, so a reader gets the exact text back. json.dumps escapes C0
# controls itself; these it would leave raw (ensure_ascii=False keeps names readable).
@cache
def _json_raw() -> re.Pattern[str]:
    return re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape_char(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def escape_text(text: str) -> str:
    """``text`` with every character a terminal (or a workflow log) would obey shown as a visible
    escape: ``\\x1b`` for ESC, ``\\x0a`` for a line break, ``\\u202e`` for a bidi override, and
    ``##\\x5b`` for the "##[" that starts a legacy workflow command."""
    if not text.isprintable():  # every character escaped is a control, separator, format or surrogate
        text = _unsafe().sub(_escape_char, text)
    return text.replace(_LEGACY_COMMAND, "##\\x5b") if _has_legacy_command(text) else text


def _starts_command(text: str) -> bool:
    """Whether the first character of ``text`` that shows is a colon: the runner skips white space
    before a "::" (and characters that do not show are skipped too, to be safe)."""
    for char in text:
        if char.isspace() or not char.isprintable():
            continue
        return char == ":"
    return False


def shown_path(path: str) -> str:
    """``path`` as a line of text output may start with it: escaped (:func:`escape_text`), with
    ``./`` before one whose first visible character is a colon (``./::error::x.txt``), so that no
    file's name starts a workflow command. Only a relative path can start so: ``./`` before it
    names the same file."""
    shown = escape_text(path)
    return "./" + shown if _starts_command(shown) else shown


def line_start(text: str) -> str:
    """``text`` (a name that is no path) as a line of text output may start with it: escaped, its
    first colon written ``\\x3a`` when it is the first character that shows (``\\x3a:warning::x``)."""
    shown = escape_text(text)
    if not _starts_command(shown):
        return shown
    colon = shown.index(":")
    return shown[:colon] + "\\x3a" + shown[colon + 1 :]


def escape_lines(text: str) -> str:
    """Like :func:`escape_text`, but CR and LF are kept for the caller to encode (GitHub's
    percent-encoding keeps the exact value for the log reader)."""
    if text.isprintable():
        return text
    return _unsafe_keeping_lines().sub(_escape_char, text)


def json_text(document: Any) -> str:
    """``document`` as indented JSON, with every character that JSON's encoder would leave raw and
    a terminal would obey written as a ``\\uXXXX`` escape: the same value for a JSON reader."""
    try:
        text = indented_json(document)
    except (_NotPlainJson, RecursionError):
        # a type or key only json's own encoder knows what to do with (or refuses), or a cycle
        text = json.dumps(document, indent=2, ensure_ascii=False)
    return _inert_json(text)


def _inert_json(text: str) -> str:
    """JSON text with the characters its encoder leaves raw, and a terminal would obey, escaped,
    and the "[" of a "##[" (only ever inside a string) written ``\\u005b``."""
    if not (text.isascii() and "\x7f" not in text):  # two quick scans that most documents end at
        text = _json_raw().sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text.replace(_LEGACY_COMMAND, "##\\u005b") if _has_legacy_command(text) else text


class _NotPlainJson(Exception):
    """A value :func:`indented_json` leaves to ``json.dumps``."""


_encode_string = json.encoder.encode_basestring  # the C encoder's (ensure_ascii=False) when built
_make_c_encoder = getattr(json.encoder, "c_make_encoder", None)
_INFINITY = float("inf")
_SCALAR_TYPES = frozenset({str, int, float, bool, type(None)})


def _unsupported(value: Any) -> Any:
    raise _NotPlainJson(type(value).__name__)


def _flat_encoder(indent: str) -> Any:
    """json's C encoder writing one container of scalars whose items sit at ``indent``: with
    ``,\\n`` + indent between items its output is the indented form's, minus the brackets' lines."""
    if _make_c_encoder is None:
        return None
    return _make_c_encoder(None, _unsupported, _encode_string, None, ": ", ",\n" + indent, False, False, True)


def _float_text(value: float) -> str:
    # as json.dumps writes floats (allow_nan=True)
    if value != value:
        return "NaN"
    if value == _INFINITY:
        return "Infinity"
    if value == -_INFINITY:
        return "-Infinity"
    return float.__repr__(value)


def indented_json(document: Any) -> str:
    """Exactly ``json.dumps(document, indent=2, ensure_ascii=False)`` for documents of dicts with
    string keys, lists, tuples, strings, numbers, booleans and None (subclasses included, as json
    writes them), several times faster: json's own encoder leaves its C accelerator as soon as
    ``indent`` is given and walks the document through nested generators. Anything else raises
    :class:`_NotPlainJson`."""
    parts: list[str] = []
    append = parts.append
    encode = _encode_string
    flat_encoders: dict[str, Any] = {}
    scalar_types = _SCALAR_TYPES

    def flat(value: dict[Any, Any] | list[Any] | tuple[Any, ...], inner: str) -> str | None:
        """A container of plain scalars at once, by the C encoder (None: not such a container)."""
        items = value.values() if isinstance(value, dict) else value
        if not scalar_types.issuperset(map(type, items)):
            return None
        if isinstance(value, dict) and not scalar_types.issuperset(map(type, value)):
            return None
        encoder = flat_encoders.get(inner)
        if encoder is None:
            encoder = flat_encoders[inner] = _flat_encoder(inner)
            if encoder is None:
                return None
        return "".join(encoder(value, 0))

    def scalar(value: Any) -> str:
        if isinstance(value, str):
            return encode(value)
        if value is None:
            return "null"
        if value is True:
            return "true"
        if value is False:
            return "false"
        if isinstance(value, int):
            return int.__repr__(value)
        if isinstance(value, float):
            return _float_text(value)
        raise _NotPlainJson(type(value).__name__)

    def records(value: list[Any] | tuple[Any, ...], inner: str) -> str | None:
        """A list of non-empty dicts of plain scalars (breakers, cuts) at once: the C encoder writes
        the list with the dicts' item separator, and the separators between the dicts are put
        right after. An encoded string holds no raw line break and a scalar never ends in "}", so
        "}" + separator + "{" is only ever the boundary of two dicts."""
        if {type(item) for item in value} != {dict} or not all(value):
            return None
        if not scalar_types.issuperset(map(type, chain.from_iterable(map(dict.values, value)))):
            return None
        if not scalar_types.issuperset(map(type, chain.from_iterable(value))):
            return None
        deeper = inner + "  "
        encoder = flat_encoders.get(deeper)
        if encoder is None:
            encoder = flat_encoders[deeper] = _flat_encoder(deeper)
            if encoder is None:
                return None
        text = "".join(encoder(value, 0))  # "[{" + items + "}" + sep + "{" ... "}]"
        outer = inner[:-2]
        body = text[2:-2].replace("},\n" + deeper + "{", "\n" + inner + "},\n" + inner + "{\n" + deeper)
        return "[\n" + inner + "{\n" + deeper + body + "\n" + inner + "}\n" + outer + "]"

    def walk(value: Any, indent: str) -> None:
        if isinstance(value, dict):
            if not value:
                append("{}")
                return
            inner = indent + "  "
            encoded = flat(value, inner)
            if encoded is not None:  # "{" + items + "}"
                append("{\n" + inner + encoded[1:-1] + "\n" + indent + "}")
                return
            separator = ",\n" + inner
            append("{\n" + inner)
            first = True
            for key, item in value.items():
                if not isinstance(key, str):
                    raise _NotPlainJson("key")
                if first:
                    first = False
                else:
                    append(separator)
                if isinstance(item, (dict, list, tuple)):
                    append(encode(key) + ": ")
                    walk(item, inner)
                else:
                    append(encode(key) + ": " + scalar(item))
            append("\n" + indent + "}")
        elif isinstance(value, (list, tuple)):
            if not value:
                append("[]")
                return
            inner = indent + "  "
            encoded = flat(value, inner)
            if encoded is not None:
                append("[\n" + inner + encoded[1:-1] + "\n" + indent + "]")
                return
            encoded = records(value, inner)
            if encoded is not None:
                append(encoded)
                return
            separator = ",\n" + inner
            append("[\n" + inner)
            first = True
            for item in value:
                if first:
                    first = False
                else:
                    append(separator)
                if isinstance(item, (dict, list, tuple)):
                    walk(item, inner)
                else:
                    append(scalar(item))
            append("\n" + indent + "]")
        else:
            append(scalar(value))

    walk(document, "")
    return "".join(parts)


# -- what a run produced ------------------------------------------------------------------------------
# DeckResult and RunResult are plain classes, as are FileNotChecked and FileSkipped below: nothing
# compares them, and a dataclass compiles its methods at the start of every run.
class DeckResult:
    """A report plus the run-level facts the reporters need: how its format was chosen and whether
    warnings fail it (--strict, or ``strict = true`` in its config)."""

    __slots__ = ("card_data", "format_source", "report", "strict")

    def __init__(self, report: Report, format_source: str, strict: bool = False, card_data: str = "") -> None:
        self.report = report
        self.format_source = (
            format_source  # "--format", "header", "per-path 'decks/edh/**' in pyproject.toml", ...
        )
        self.strict = strict
        self.card_data = card_data  # description of the card store that resolved it

    def __repr__(self) -> str:
        return (
            f"DeckResult(report={self.report!r}, format_source={self.format_source!r}, "
            f"strict={self.strict!r}, card_data={self.card_data!r})"
        )

    @property
    def failed(self) -> bool:
        """Errors, warnings under strict, or a rule left undecided (Report.undetermined: unknown
        cards, card data of another day than the deck's, a file not read, no format where one is
        required, ...), even with the findings that say so ignored: such a deck never passes. A
        deck checked in an inferred format with no format required is not verified either, but
        fails only by its warning (DC020, under strict)."""
        report = self.report
        return bool(report.errors) or (self.strict and bool(report.warnings)) or report.undetermined


# FileNotChecked and FileSkipped are plain classes: a dataclass compiles its methods at the start
# of every run, and a run that meets no such file does not even build one.
class FileNotChecked:
    """A file that could not be checked at all (missing, unreadable, not a regular file, an unknown
    declared format): the run goes on, and exits 2."""

    __slots__ = ("finding", "path")

    def __init__(self, path: str, finding: Finding) -> None:
        self.path: Final = path
        self.finding: Final = finding


class FileSkipped:
    """A file found in a directory that is not a decklist, or one the config's ``exclude`` (or
    --exclude) skips: counted, listed with -v."""

    __slots__ = ("excluded", "path", "reason")

    def __init__(self, path: str, reason: str, *, excluded: bool = False) -> None:
        self.path: Final = path
        self.reason: Final = reason
        self.excluded: Final = excluded


Outcome = DeckResult | FileNotChecked | FileSkipped


class RunTally:
    """The counts a run's summary, its JSON ``summary`` and its exit code read: kept while the
    results stream past, so a run of any size holds these few numbers, not its results. (A plain
    class: a dataclass would compile its methods at the start of every run, and it needs none.)"""

    __slots__ = (
        "decks",
        "errors",
        "failed",
        "failing_on_warnings",
        "infos",
        "legal",
        "not_checked",
        "not_verified",
        "skipped",
        "skipped_excluded",
        "unchecked_errors",
        "warnings",
        "with_errors",
    )

    def __init__(self) -> None:
        self.decks = 0
        self.legal = 0
        self.with_errors = 0  # status "illegal"
        self.not_verified = 0
        self.failed = 0
        self.failing_on_warnings = 0  # failed by warnings alone (strict)
        self.errors = 0
        self.unchecked_errors = 0  # of the errors: those that say a rule could not be checked
        self.warnings = 0
        self.infos = 0
        self.not_checked = 0
        self.skipped = 0
        self.skipped_excluded = 0  # of the skipped: by an exclude glob (the others are no decklists)

    def add(self, result: DeckResult) -> None:
        from deckcheck.engine import breaks_a_rule  # (loaded: the report is the engine's)

        report = result.report
        status = report.status
        self.decks += 1
        self.legal += status == "legal"
        self.with_errors += status == "illegal"
        self.not_verified += status == "not verified"
        found_errors = report.errors
        errors = len(found_errors)
        failed = result.failed
        self.failed += failed
        self.failing_on_warnings += failed and not errors and not report.undetermined
        self.errors += errors
        self.unchecked_errors += sum(1 for f in found_errors if not breaks_a_rule(f))
        self.warnings += len(report.warnings)
        self.infos += sum(1 for f in report.findings if f.severity is Severity.INFO)

    def count(self, outcome: Outcome) -> None:
        if isinstance(outcome, DeckResult):
            self.add(outcome)
        elif isinstance(outcome, FileNotChecked):
            self.not_checked += 1
        else:
            self.skipped += 1
            self.skipped_excluded += outcome.excluded

    @property
    def exit_code(self) -> int:
        """2 if a file could not be checked, else 1 for findings that fail the run, else 0."""
        if self.not_checked:
            return 2
        return 1 if self.failed else 0


class RunResult:
    """A whole run held at once (the CLI streams instead: :class:`RunWriter`)."""

    __slots__ = ("card_data", "decks", "not_checked", "quiet", "skipped", "verbose")

    def __init__(
        self,
        decks: list[DeckResult] | None = None,
        card_data: dict[str, Any] | None = None,
        verbose: bool = False,
        quiet: bool = False,
        not_checked: list[FileNotChecked] | None = None,
        skipped: list[FileSkipped] | None = None,
    ) -> None:
        self.decks: list[DeckResult] = [] if decks is None else decks
        self.card_data: dict[str, Any] = {} if card_data is None else card_data  # description, records, meta
        self.verbose = verbose  # show info findings (text, github)
        self.quiet = quiet  # text: findings and the summary only, no per-deck header
        self.not_checked: list[FileNotChecked] = [] if not_checked is None else not_checked
        self.skipped: list[FileSkipped] = [] if skipped is None else skipped

    def outcomes(self) -> Iterator[Outcome]:
        yield from self.decks
        yield from self.not_checked
        yield from self.skipped

    def tally(self) -> RunTally:
        tally = RunTally()
        for outcome in self.outcomes():
            tally.count(outcome)
        return tally

    @property
    def exit_code(self) -> int:
        """:attr:`RunTally.exit_code` of the run."""
        return self.tally().exit_code


class _Deferred:
    """Lines a writer puts after every deck's (files not checked, skipped, the job summary's
    tables), in order: held in memory up to a megabyte, then in a temporary file, so a run's
    memory does not grow with them."""

    MEMORY = 1 << 20  # characters held in memory before the temporary file takes over

    def __init__(self) -> None:
        self.count = 0
        self._file: Any = None

    def write(self, text: str) -> None:
        if self._file is None:
            import tempfile  # (only when a run has lines to defer)

            # closed by copy_to (or, should the run stop first, when the writer is dropped)
            self._file = tempfile.SpooledTemporaryFile(  # noqa: SIM115
                max_size=self.MEMORY, mode="w+", encoding="utf-8", errors="surrogatepass", newline=""
            )
        self._file.write(text)
        self.count += 1

    def copy_to(self, out: TextIO) -> None:
        if self._file is None:
            return
        import shutil

        self._file.seek(0)
        shutil.copyfileobj(self._file, out)
        self._file.close()
        self._file = None


class RunWriter:
    """Writes a run's output while it runs: :meth:`add` each outcome as it is produced, in the order
    of the run, then :meth:`close`. A deck's result is written (or kept in the deferred lines)
    and dropped at once; the writer keeps only a :class:`RunTally` and what is still to be
    written after every deck, bounded. The output is what the whole run, rendered at once,
    would give."""

    def __init__(self, out: TextIO, *, verbose: bool = False) -> None:
        self.out = out
        self.verbose = verbose
        self.tally = RunTally()

    def add(self, outcome: Outcome) -> None:
        self.tally.count(outcome)
        if isinstance(outcome, DeckResult):
            self.deck(outcome)
        elif isinstance(outcome, FileNotChecked):
            self.not_checked(outcome)
        else:
            self.skipped(outcome)

    def deck(self, result: DeckResult) -> None:
        raise NotImplementedError

    def not_checked(self, failure: FileNotChecked) -> None:
        raise NotImplementedError

    def skipped(self, skipped: FileSkipped) -> None:
        """Skipped files are only counted unless a writer lists them."""

    def close(self) -> None:
        raise NotImplementedError

    def write_all(self, run: RunResult) -> None:
        for outcome in run.outcomes():
            self.add(outcome)
        self.close()


class Style:
    """ANSI styling, or none. ``Style(color=False)`` returns text unchanged. (A plain class: a
    dataclass would compile its methods at the start of every run.)"""

    __slots__ = ("color",)

    def __init__(self, color: bool = False) -> None:
        self.color: Final = color

    def __call__(self, text: str, *, fg: str | None = None, bold: bool = False) -> str:
        if not self.color or (fg is None and not bold):
            return text
        codes = [] if fg is None else [_ANSI[fg]]
        if bold:
            codes.append("1")
        return f"\x1b[{';'.join(codes)}m{text}\x1b[0m"


NO_STYLE = Style()  # the default of the functions that take a style: text as it is

_ANSI = {"red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36"}
_SEVERITY_COLOUR = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def visible(findings: Iterable[Finding], verbose: bool) -> list[Finding]:
    return [f for f in findings if verbose or f.severity is not Severity.INFO]


def zone_counts(report: Report) -> dict[str, int]:
    """Cards per zone as written (resolved or not), so the counts match the decklist."""
    counts = report.parsed.counts()
    return {str(zone): counts[zone] for zone in COUNTED_ZONES}


# -- text --------------------------------------------------------------------------------------------
def finding_line(finding: Finding, style: Style = NO_STYLE) -> str:
    """``path:line: CODE message`` (``path: CODE message`` for the deck as a whole). Warnings and
    infos carry ``[warning]``/``[info]`` after the code so piped output keeps the severity."""
    path = shown_path(finding.location.path)
    where = path if finding.location.line <= 0 else f"{path}:{finding.location.line}"
    code = style(finding.code, fg=_SEVERITY_COLOUR[finding.severity], bold=True)
    tag = "" if finding.severity is Severity.ERROR else f" [{finding.severity}]"
    return f"{style(where, bold=True)}: {code}{tag} {escape_text(finding.message)}"


def counts_text(report: Report) -> str:
    counts = zone_counts(report)
    parts = [f"{counts['main']:,} main"]
    for zone in ("sideboard", "commander", "companion"):
        if counts[zone]:
            parts.append(f"{counts[zone]:,} {zone}")
    return ", ".join(parts)


def unverified_text(report: Report) -> str:
    """``not verified: 4 unknown cards`` (or the undetermined rules, when every card is known); a
    finding --select/--ignore left out that says a rule was not decided is named: ``(finding
    ignored: DC015)``."""
    return f"not verified: {unverified_why(report)}"


def unverified_why(report: Report) -> str:
    """:func:`unverified_reason`, naming the findings --select/--ignore left out that say a rule
    was not decided: ``card data 578 days old (finding ignored: DC015)``. The text verdict and the
    JSON's ``unverified_reason``."""
    reason = unverified_reason(report)
    # (a finding --ignore left out still says why: the verdict names the codes)
    ignored = sorted({f.code for f in report.ignored_undecided if f.code not in reason})
    return reason + (f" (finding ignored: {', '.join(ignored)})" if ignored else "")


def unverified_reason(report: Report) -> str:
    """Why a deck is not verified, in a few words (``4 unknown cards``, ``no format given``, ``card
    data 578 days old``): the verdict's text and the JSON's ``unverified_reason``."""
    if report.unknown_cards:
        return counted(report.unknown_cards, "unknown card")
    from deckcheck.engine import UNKNOWN_COMPANION, unread_part  # (loaded: the report is the engine's)

    # a file not read (an HTML page, a draft log, a line refused) says so before the missing format:
    # no format would make a deck of it
    unread = unread_part(report.parsed)
    if unread is not None:
        return unread
    if report.format.inferred:
        return "no format given"
    for finding in [*report.findings, *report.ignored_undecided]:
        if finding.code == UNKNOWN_COMPANION:
            return f"companion ability not known ({finding.card})"
        data = dict(finding.data) if finding.code == NOT_VERIFIED.code else {}
        if "date_as_written" in data:
            return "the deck's date is not known"
        if "card_data_date" in data and data["card_data_date"] is None:
            return "card data of unknown date"
        if "data_age_days" in data:
            return f"card data {data['data_age_days']:,} days old"
        if "card_data_date" in data:
            newer = str(data.get("deck_date", "")) < str(data["card_data_date"])  # (ISO dates sort)
            return f"card data {'newer' if newer else 'older'} than the deck"
    unchecked = report.unchecked
    from deckcheck.rules.legality import not_given  # (loaded: the report is the engine's)

    if unchecked and all(not_given(f) for f in unchecked):  # cards the data lists no legality for
        return f"card data gives no {report.format.title} legality for {counted(len(unchecked), 'card')}"
    # one rule whose finding says in a few words which it is and why
    undecided = dict(unchecked[0].data).get("undecided") if len(unchecked) == 1 else None
    if undecided is not None:
        return str(undecided)
    return f"{counted(len(unchecked), 'rule')} could not be checked"


def verdict_text(result: DeckResult, style: Style = NO_STYLE) -> str:
    report = result.report
    errors, warnings = len(report.errors), len(report.warnings)
    status = report.status
    if status == "not verified":
        counts = ", ".join(
            text
            for text in (counted(errors, "error") if errors else "", counted(warnings, "warning"))
            if text
        )
        return style(unverified_text(report), fg="yellow", bold=True) + (f" ({counts})" if counts else "")
    if errors:
        unknown = f"; {unverified_text(report)}" if not report.verified else ""
        return (
            style(counted(errors, "error"), fg="red", bold=True)
            + (f", {counted(warnings, 'warning')}" if warnings else "")
            + unknown
        )
    if warnings:
        label = counted(warnings, "warning") + (" (fails with --strict)" if result.strict else "")
        return style("legal", fg="green") + ", " + style(label, fg="yellow")
    return style("legal", fg="green", bold=True)


def deck_header(result: DeckResult, style: Style = NO_STYLE) -> str:
    report = result.report
    return (
        f"{style(shown_path(report.path), bold=True)}: format {escape_text(report.format.name)} "
        f"({escape_text(result.format_source)}); {counts_text(report)}: {verdict_text(result, style)}"
    )


def summary_text(tally: RunTally, *, verbose: bool) -> str:
    line = f"{counted(tally.decks, 'deck')} checked"
    # (with no deck, "0 legal, 0 illegal (0 errors, ...)" under a file's error line says nothing true)
    if tally.decks:
        line += (
            f": {tally.legal:,} legal, {tally.with_errors:,} illegal"
            + (f", {tally.not_verified:,} not verified" if tally.not_verified else "")
            + f" ({errors_text(tally)}, {counted(tally.warnings, 'warning')})"
        )
    if tally.failing_on_warnings:
        line += f"; {tally.failing_on_warnings:,} failing on warnings (--strict)"
    hidden = 0 if verbose else tally.infos
    if hidden:
        line += f"; {counted(hidden, 'note')} hidden (-v shows them)"
    if tally.not_checked:
        line += f"; {counted(tally.not_checked, 'file')} could not be checked"
    if tally.skipped:
        why = skipped_why(tally.skipped, tally.skipped_excluded)
        line += f"; {counted(tally.skipped, 'file')} skipped ({why}" + (
            ")" if verbose else "; -v lists them)"
        )
    return line


def errors_text(tally: RunTally) -> str:
    """The run's error findings, those that say a rule could not be checked (an empty decklist, no
    format where one is required, an unknown card: they make a deck not verified, not illegal) told
    from those that break a rule, so that no count of errors seems to contradict the decks'."""
    unchecked = tally.unchecked_errors
    if not unchecked:
        return counted(tally.errors, "error")
    breaking = tally.errors - unchecked
    left = f"{counted(unchecked, 'error')} that {'leaves' if unchecked == 1 else 'leave'} rules unchecked"
    if not breaking:
        return left
    return f"{counted(breaking, 'error')} that {'breaks' if breaking == 1 else 'break'} a rule, {left}"


def verdict_line(result: DeckResult, why: str, style: Style = NO_STYLE) -> str:
    """``path: not verified: ...``: a deck's verdict on a line of its own (:func:`unexplained_verdict`),
    for quiet text, which has no deck header to give it."""
    colour = "red" if result.failed else "yellow"
    return f"{style(shown_path(result.report.path), bold=True)}: {style(escape_text(why), fg=colour)}"


def skipped_line(skipped: FileSkipped) -> str:
    """``path: skipped: reason``, names escaped (:func:`shown_path`): a file's name can neither
    start a line of its own nor a workflow command, nor steer the terminal."""
    return f"{shown_path(skipped.path)}: skipped: {escape_text(skipped.reason)}"


def github_skipped_line(skipped: FileSkipped) -> str:
    """A skipped file in a workflow log: :func:`skipped_line` after ``deckcheck:``, so that no
    file's name (``::error ...``) can start a workflow command."""
    return f"deckcheck: {skipped_line(skipped)}"


class TextWriter(RunWriter):
    """Text: each deck's header (unless quiet) and visible findings; then the files that could not
    be checked, the skipped ones (verbose) and the summary line."""

    def __init__(
        self, out: TextIO, *, verbose: bool = False, quiet: bool = False, color: bool = False
    ) -> None:
        super().__init__(out, verbose=verbose)
        self.quiet = quiet
        self.style = Style(color)
        self._not_checked = _Deferred()
        self._skipped = _Deferred()

    def deck(self, result: DeckResult) -> None:
        shown = visible(result.report.findings, self.verbose)
        lines = [] if self.quiet else [deck_header(result, self.style)]
        lines += [finding_line(f, self.style) for f in shown]
        # quiet, no header gives the verdict: a deck left undecided that no finding shown explains
        # (its finding ignored) still fails the run, so a line names it, as a GitHub annotation does
        why = unexplained_verdict(result, shown) if self.quiet else None
        if why is not None:
            lines.append(verdict_line(result, why, self.style))
        if lines:
            self.out.write("\n".join(lines) + "\n")

    def not_checked(self, failure: FileNotChecked) -> None:
        self._not_checked.write(finding_line(failure.finding, self.style) + "\n")

    def skipped(self, skipped: FileSkipped) -> None:
        if self.verbose:
            self._skipped.write(skipped_line(skipped) + "\n")

    def close(self) -> None:
        self._not_checked.copy_to(self.out)
        self._skipped.copy_to(self.out)
        self.out.write(summary_text(self.tally, verbose=self.verbose) + "\n")


def write_text(run: RunResult, out: TextIO, *, color: bool = False) -> None:
    TextWriter(out, verbose=run.verbose, quiet=run.quiet, color=color).write_all(run)


# -- JSON ----------------------------------------------------------------------------------------------
def breaker_record(breaker: Any) -> dict[str, Any]:
    return {
        "card": breaker.card,
        "line": breaker.line,
        "zone": breaker.zone,
        "quantity": breaker.quantity,
        "reason": breaker.reason,
    }


def companion_record(result: CompanionResult) -> dict[str, Any]:
    return {
        "companion": result.companion,
        "eligible": result.eligible,
        "unresolved": [breaker_record(b) for b in result.unresolved],
        "declared": result.declared,
        "near_miss": result.near_miss,
        "breakers": [breaker_record(b) for b in result.breakers],
        "cut": [{"card": card, "copies": copies} for card, copies in result.cut],
        "add": result.add,
        "note": result.note,
        "placement": list(result.placement),
    }


def deck_record(result: DeckResult) -> dict[str, Any]:
    report = result.report
    return {
        "path": report.path,
        "name": report.parsed.name,
        "metadata": dict(report.parsed.metadata),
        "input_format": report.parsed.input_format,
        "format": report.format.name,
        "format_title": report.format.title,
        "format_source": result.format_source,
        "legal": report.legal,
        "status": report.status,
        "unverified_reason": None if report.verified else unverified_why(report),
        "unknown_cards": report.unknown_cards,
        "failed": result.failed,
        "strict": result.strict,
        "card_data": result.card_data,
        "counts": zone_counts(report),
        "errors": len(report.errors),
        "warnings": len(report.warnings),
        "findings": [f.to_record() for f in report.findings],
        "ignored_undecided": [f.to_record() for f in report.ignored_undecided],
        "companions": [companion_record(c) for c in report.companions],
    }


# -- a deck's JSON written straight from its result --------------------------------------------------
# A deck's record is most of a run's JSON (its ten companion results about three quarters of it):
# building its dicts and walking them again to write them cost more than the rest of the JSON run.
# These write the same text as ``_json_item(deck_record(result), "    ")`` from the result objects,
# at the levels a deck record sits at in the document: the record at 4 spaces, its members at 6, a
# list's items at 8, their members at 10, and a companion's breakers at 12 and 14. Values of no
# fixed shape (a deck's metadata, a finding's data) are written by :func:`_json_value`. The pieces
# are JSON's own encoding; :func:`deck_json` escapes what a terminal would obey once, over the deck.
_MEMBER = "\n" + " " * 6
_ITEM = "\n" + " " * 8
_ITEM_MEMBER = "\n" + " " * 10
_INNER_ITEM = "\n" + " " * 12
_INNER_MEMBER = "\n" + " " * 14
_JSON_BOOLEAN = {True: "true", False: "false", None: "null"}


def _json_value(value: Any, line: str) -> str:
    """``value`` as :func:`json_text` writes it inside a document, its own lines starting at
    ``line`` (a line break and the indent of the member or item it is): exact dicts with string
    keys, lists, tuples and scalars here; anything else (a subclass, a key json converts, a
    type it refuses) through ``json_text`` itself."""
    kind = type(value)
    if kind is str:
        return _encode_string(value)
    if value is None or value is True or value is False:
        return _JSON_BOOLEAN[value]
    if kind is int:
        return int.__repr__(value)
    if kind is float:
        return _float_text(value)
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        inner = line + "  "
        return "[" + inner + ("," + inner).join([_json_value(item, inner) for item in value]) + line + "]"
    if kind is dict and all(type(key) is str for key in value):
        if not value:
            return "{}"
        inner = line + "  "
        members = [f"{_encode_string(key)}: {_json_value(item, inner)}" for key, item in value.items()]
        return "{" + inner + ("," + inner).join(members) + line + "}"
    return _json_item(value, line[1:])


def _optional_string(value: str | None) -> str:
    return "null" if value is None else _encode_string(value)


def _json_items(items: Sequence[str], line: str) -> str:
    """Values already written as JSON, as a list whose items each start on ``line`` (a line break
    and their indent)."""
    if not items:
        return "[]"
    return "[" + line + ("," + line).join(items) + line[:-2] + "]"


def _breakers_json(breakers: Sequence[Breaker]) -> str:
    """A companion's ``breakers`` or ``unresolved``, as :func:`breaker_record` writes each."""
    if not breakers:
        return "[]"
    encode = _encode_string
    written = [
        f'{{{_INNER_MEMBER}"card": {encode(card)},{_INNER_MEMBER}"line": {line},'
        f'{_INNER_MEMBER}"zone": {encode(zone)},{_INNER_MEMBER}"quantity": {quantity},'
        f'{_INNER_MEMBER}"reason": {encode(reason)}{_INNER_ITEM}}}'
        for card, line, zone, quantity, reason in breakers
    ]
    return _json_items(written, _INNER_ITEM)


def _cut_json(cut: Sequence[tuple[str, int]]) -> str:
    if not cut:
        return "[]"
    encode = _encode_string
    written = [
        f'{{{_INNER_MEMBER}"card": {encode(card)},{_INNER_MEMBER}"copies": {copies}{_INNER_ITEM}}}'
        for card, copies in cut
    ]
    return _json_items(written, _INNER_ITEM)


def _companion_json(result: CompanionResult) -> str:
    """:func:`companion_record` as written in a deck's ``companions`` list."""
    member = _ITEM_MEMBER
    placement = _json_items([_encode_string(p) for p in result.placement], _INNER_ITEM)
    return (
        f'{{{member}"companion": {_encode_string(result.companion)},'
        f'{member}"eligible": {_JSON_BOOLEAN[result.eligible]},'
        f'{member}"unresolved": {_breakers_json(result.unresolved)},'
        f'{member}"declared": {_JSON_BOOLEAN[result.declared]},'
        f'{member}"near_miss": {_JSON_BOOLEAN[result.near_miss]},'
        f'{member}"breakers": {_breakers_json(result.breakers)},'
        f'{member}"cut": {_cut_json(result.cut)},'
        f'{member}"add": {result.add},'
        f'{member}"note": {_encode_string(result.note)},'
        f'{member}"placement": {placement}{_ITEM}}}'
    )


@lru_cache(maxsize=COMPANION_TEXTS_KEPT)
def _remembered_companion_json(result: CompanionResult) -> str:
    return _companion_json(result)


def _companion_json_once(result: CompanionResult) -> str:
    """:func:`_companion_json`, remembered by the result's value: decks that share cards often get
    equal results (an eligible companion, a breaker list of the same cards at the same lines), and
    a result and the text written from it are immutable."""
    try:
        return _remembered_companion_json(result)
    except TypeError:  # a result holding a list somewhere is not hashable: written each time
        return _companion_json(result)


@cache
def _finding_head(code: str, severity: Severity) -> str:
    """The members a finding's code decides (its code, slug and severity), written once per code."""
    member = _ITEM_MEMBER
    return (
        f'{{{member}"code": {_encode_string(code)},{member}"slug": {_encode_string(CODES[code].slug)},'
        f'{member}"severity": {_encode_string(str(severity))},'
    )


def _finding_json(finding: Finding) -> str:
    """``finding.to_record()`` as written in a deck's ``findings`` list."""
    member = _ITEM_MEMBER
    location = finding.location
    data = f',{member}"data": {_json_value(dict(finding.data), member)}' if finding.data else ""
    return (
        f"{_finding_head(finding.code, finding.severity)}"
        f'{member}"message": {_encode_string(finding.message)},'
        f'{member}"path": {_encode_string(location.path)},{member}"line": {location.line},'
        f'{member}"section": {_optional_string(location.section)},'
        f'{member}"card": {_optional_string(finding.card)},'
        f'{member}"rule": {_optional_string(finding.rule)}{data}{_ITEM}}}'
    )


def _counts_json(report: Report) -> str:
    counts = zone_counts(report)
    return "{" + ",".join(f"{_ITEM}{_encode_string(zone)}: {n}" for zone, n in counts.items()) + _MEMBER + "}"


def deck_json(result: DeckResult) -> str:
    """:func:`deck_record` as written in a ``deckcheck check`` JSON document's ``decks`` list:
    ``_json_item(deck_record(result), "    ")``, without building the record. (The deck's own
    flags and counts go through :func:`_json_value`, exact whatever their type: a few per deck.)"""
    report = result.report
    parsed = report.parsed
    member = _MEMBER
    value = _json_value
    findings = _json_items([_finding_json(f) for f in report.findings], _ITEM)
    ignored = _json_items([_finding_json(f) for f in report.ignored_undecided], _ITEM)
    reason = None if report.verified else unverified_why(report)
    companions = _json_items([_companion_json_once(c) for c in report.companions], _ITEM)
    return _inert_json(
        f'{{{member}"path": {_encode_string(report.path)},'
        f'{member}"name": {value(parsed.name, member)},'
        f'{member}"metadata": {value(dict(parsed.metadata), member)},'
        f'{member}"input_format": {value(parsed.input_format, member)},'
        f'{member}"format": {_encode_string(report.format.name)},'
        f'{member}"format_title": {_encode_string(report.format.title)},'
        f'{member}"format_source": {_encode_string(result.format_source)},'
        f'{member}"legal": {value(report.legal, member)},'
        f'{member}"status": {_encode_string(report.status)},'
        f'{member}"unverified_reason": {_optional_string(reason)},'
        f'{member}"unknown_cards": {value(report.unknown_cards, member)},'
        f'{member}"failed": {value(result.failed, member)},'
        f'{member}"strict": {value(result.strict, member)},'
        f'{member}"card_data": {_encode_string(result.card_data)},'
        f'{member}"counts": {_counts_json(report)},'
        f'{member}"errors": {len(report.errors)},'
        f'{member}"warnings": {len(report.warnings)},'
        f'{member}"findings": {findings},'
        f'{member}"ignored_undecided": {ignored},'
        f'{member}"companions": {companions}\n    }}'
    )


def summary_record(tally: RunTally) -> dict[str, Any]:
    return {
        "decks": tally.decks,
        "legal": tally.legal,
        "with_errors": tally.with_errors,
        "not_verified": tally.not_verified,
        "failed": tally.failed,
        "errors": tally.errors,
        "unchecked_errors": tally.unchecked_errors,
        "warnings": tally.warnings,
        "infos": tally.infos,
        "not_checked": tally.not_checked,
        "skipped": tally.skipped,
        "exit_code": tally.exit_code,
    }


def tool_record() -> dict[str, str]:
    return {"name": "deckcheck", "version": __version__}


def json_document(run: RunResult) -> dict[str, Any]:
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": tool_record(),
        "card_data": run.card_data,
        "decks": [deck_record(d) for d in run.decks],
        "not_checked": [not_checked_record(f) for f in run.not_checked],
        "skipped": [skipped_record(f) for f in run.skipped],
        "summary": summary_record(run.tally()),
    }


def not_checked_record(failure: FileNotChecked) -> dict[str, Any]:
    return {"path": failure.path, "findings": [failure.finding.to_record()]}


def skipped_record(skipped: FileSkipped) -> dict[str, str]:
    return {"path": skipped.path, "reason": skipped.reason}


def _json_item(value: Any, indent: str) -> str:
    """``value`` as it reads inside an indented JSON document, at ``indent``: an encoded string
    holds no raw line break, so each line break of the value's own text starts a line of it."""
    return json_text(value).replace("\n", "\n" + indent)


def _write_head(out: TextIO, card_data: Mapping[str, Any]) -> None:
    """A run's JSON document up to the opening of its ``decks`` list."""
    head = {"schema_version": SCHEMA_VERSION, "tool": tool_record(), "card_data": dict(card_data)}
    out.write("{\n  ")
    out.write("".join(f"{_json_item(k, '  ')}: {_json_item(v, '  ')},\n  " for k, v in head.items()))
    out.write('"decks": [')


def _deferred_record(deferred: _Deferred, record: Mapping[str, Any]) -> None:
    """One more record of a list written after the decks."""
    deferred.write(("\n    " if not deferred.count else ",\n    ") + _json_item(record, "    "))


class JsonWriter(RunWriter):
    """The JSON document of :func:`json_document`, byte for byte, written as the run goes: the
    members before ``decks`` at the first deck (the card data is the store the first deck was
    checked with, which is then known), each deck's record as it comes, and ``not_checked``,
    ``skipped`` and ``summary`` (from the running counts) at the end."""

    def __init__(self, out: TextIO, card_data: Callable[[], Mapping[str, Any]]) -> None:
        super().__init__(out)  # (JSON has every finding, info ones included)
        self._card_data = card_data
        self._decks = 0
        self._not_checked = _Deferred()
        self._skipped = _Deferred()

    def _open(self) -> None:
        """The document up to its ``decks`` list, once: at the first deck, or at the end of a run
        without decks."""
        if self._decks:
            return
        _write_head(self.out, self._card_data())

    def deck(self, result: DeckResult) -> None:
        self._open()
        self.out.write(("\n    " if not self._decks else ",\n    ") + deck_json(result))
        self._decks += 1

    def not_checked(self, failure: FileNotChecked) -> None:
        _deferred_record(self._not_checked, not_checked_record(failure))

    def skipped(self, skipped: FileSkipped) -> None:
        _deferred_record(self._skipped, skipped_record(skipped))

    def close(self) -> None:
        out = self.out
        self._open()
        out.write("\n  ]" if self._decks else "]")
        for key, deferred in (("not_checked", self._not_checked), ("skipped", self._skipped)):
            out.write(f',\n  "{key}": [')
            had = deferred.count
            deferred.copy_to(out)
            out.write("\n  ]" if had else "]")
        out.write(',\n  "summary": ' + _json_item(summary_record(self.tally), "  ") + "\n}\n")


def write_json(run: RunResult, out: TextIO) -> None:
    JsonWriter(out, lambda: run.card_data).write_all(run)


# -- GitHub Actions --------------------------------------------------------------------------------------
def escape_data(text: str) -> str:
    """actions/toolkit ``escapeData``: the message of a workflow command."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """actions/toolkit ``escapeProperty``: a ``key=value`` property of a workflow command."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


_GITHUB_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def github_annotation(finding: Finding) -> str:
    """One workflow command. Line breaks and ``%`` (and ``:``/``,`` in properties) are
    percent-encoded as GitHub documents, so the annotation carries the exact text; other control
    characters (ESC, BEL, ...), which the log viewer would obey, are shown as visible escapes."""
    title = f"{finding.code} {finding.slug}"
    command, where = _GITHUB_COMMAND[finding.severity], finding.location
    return _workflow_command(command, where.path, where.line, title, finding.message)


def _workflow_command(command: str, path: str, line: int, title: str, message: str) -> str:
    """``::command file=path,line=N,title=...::message`` (no line when ``line`` is 0), escaped."""
    properties = [f"file={escape_property(escape_lines(path))}"]
    if line > 0:
        properties.append(f"line={line}")
    properties.append(f"title={escape_property(title)}")
    return f"::{command} {','.join(properties)}::{escape_data(escape_lines(message))}"


def unexplained_verdict(result: DeckResult, shown: Sequence[Finding]) -> str | None:
    """Why a deck is left undecided (which fails it), when none of its ``shown`` findings says so
    (the finding that did was left out by --select/--ignore, which decides nothing): the verdict,
    and the first such finding's message. None when no rule is undecided or a finding shown says
    why. (A deck checked in an inferred format whose DC020 warning is ignored is not undecided: it
    passes, and its verdict says "not verified: no format given".)"""
    report = result.report
    if not report.undetermined:
        return None
    from deckcheck.engine import leaves_undecided  # (loaded: the report is the engine's)

    if any(leaves_undecided(f) for f in shown):
        return None
    ignored = report.ignored_undecided
    return unverified_text(report) + (f": {ignored[0].message}" if ignored else "")


def verdict_annotation(result: DeckResult, why: str) -> str:
    """A file-level workflow command for a deck's verdict (:func:`unexplained_verdict`): an error when
    the deck fails the run, else a warning."""
    return _workflow_command(_verdict_severity(result), result.report.path, 0, "deckcheck not verified", why)


def _verdict_severity(result: DeckResult) -> str:
    """The severity of a deck's unexplained verdict: an error when the deck fails the run."""
    return "error" if result.failed else "warning"


def _cell(text: str) -> str:
    text = escape_lines(text)
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ")


def markdown_deck_row(result: DeckResult) -> str:
    report = result.report
    verdict = "fails" if result.failed else report.status
    return (
        f"| {_cell(report.path)} | {_cell(report.format.name)} | {verdict} | "
        f"{len(report.errors)} | {len(report.warnings)} |"
    )


def markdown_finding_row(finding: Finding) -> str:
    where = finding.location
    return _markdown_finding_row(where.path, where.line, finding.code, str(finding.severity), finding.message)


def _markdown_finding_row(path: str, line: int, code: str, severity: str, message: str) -> str:
    """A row of the job summary's findings table (no line when ``line`` is 0)."""
    return f"| {_cell(path)} | {line if line > 0 else ''} | {code} | {severity} | {_cell(message)} |"


class GithubWriter(RunWriter):
    """Workflow commands for every visible finding, then those of the files that could not be
    checked, the skipped files (verbose) and the summary line; with ``step_summary``, the Markdown
    job summary at the end: the summary line, a row per deck and per file not checked, then every
    visible finding (annotations are capped at 10 errors and 10 warnings per step). The tables'
    rows wait in deferred lines."""

    def __init__(self, out: TextIO, *, verbose: bool = False, step_summary: TextIO | None = None) -> None:
        super().__init__(out, verbose=verbose)
        self.step_summary = step_summary
        self._annotations = _Deferred()  # the files not checked
        self._skipped = _Deferred()  # (verbose)
        self._deck_rows = _Deferred()
        self._failure_rows = _Deferred()
        self._deck_findings = _Deferred()
        self._failure_findings = _Deferred()

    def deck(self, result: DeckResult) -> None:
        shown = visible(result.report.findings, self.verbose)
        if shown:
            self.out.write("".join(github_annotation(f) + "\n" for f in shown))
        # a deck not verified whose reason no annotation gives (its finding ignored): one on the file
        why = unexplained_verdict(result, shown)
        if why is not None:
            self.out.write(verdict_annotation(result, why) + "\n")
        if self.step_summary is not None:
            self._deck_rows.write(markdown_deck_row(result) + "\n")
            for finding in shown:
                self._deck_findings.write(markdown_finding_row(finding) + "\n")
            if why is not None:
                row = _markdown_finding_row(result.report.path, 0, "-", _verdict_severity(result), why)
                self._deck_findings.write(row + "\n")

    def not_checked(self, failure: FileNotChecked) -> None:
        self._annotations.write(github_annotation(failure.finding) + "\n")
        if self.step_summary is not None:
            self._failure_rows.write(f"| {_cell(failure.path)} | - | not checked | 1 | 0 |\n")
            self._failure_findings.write(markdown_finding_row(failure.finding) + "\n")

    def skipped(self, skipped: FileSkipped) -> None:
        if self.verbose:
            self._skipped.write(github_skipped_line(skipped) + "\n")

    def close(self) -> None:
        self._annotations.copy_to(self.out)
        self._skipped.copy_to(self.out)
        summary = summary_text(self.tally, verbose=self.verbose)
        self.out.write(summary + "\n")
        markdown = self.step_summary
        if markdown is None:
            return
        markdown.write(f"## deckcheck\n\n{summary}\n\n")
        markdown.write("| deck | format | result | errors | warnings |\n| --- | --- | --- | ---: | ---: |\n")
        self._deck_rows.copy_to(markdown)
        self._failure_rows.copy_to(markdown)
        if self._deck_findings.count or self._failure_findings.count:
            markdown.write(
                "\n| file | line | code | severity | message |\n| --- | ---: | --- | --- | --- |\n"
            )
            self._deck_findings.copy_to(markdown)
            self._failure_findings.copy_to(markdown)


def write_github(run: RunResult, out: TextIO, *, step_summary: TextIO | None = None) -> None:
    GithubWriter(out, verbose=run.verbose, step_summary=step_summary).write_all(run)


# -- tables (companions, formats, rules) ------------------------------------------------------------
def table(rows: Sequence[Sequence[str]], headers: Sequence[str], style: Style = NO_STYLE) -> str:
    """A plain left-aligned table; the last column is not padded. Cells are escaped, the first
    of a row as a line's start (:func:`line_start`)."""
    rows = [[line_start(str(row[0])), *(escape_text(str(cell)) for cell in row[1:])] for row in rows]
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]

    def render(row: Sequence[str]) -> str:
        cells = [str(c).ljust(w) for c, w in zip(row[:-1], widths[:-1], strict=True)]
        return "  ".join([*cells, str(row[-1])]).rstrip()

    return "\n".join([style(render(headers), bold=True), *(render(r) for r in rows)])


def fix_text(result: CompanionResult, size: int, spec: FormatSpec) -> str:
    """The smallest change that meets the condition: ``cut 4``, ``replace 4`` where cutting would
    leave the starting deck (``size`` cards) under the format's minimum, ``add 20``, ``another
    commander`` where a commander breaks it (no cut of the deck's cards does:
    companions.breakers_verdict); empty when eligible."""
    from deckcheck.rules.companions import cut_leaves_too_few  # (loaded: the result is the engine's)

    if result.eligible:
        return ""
    if result.commander_breaks and not result.cut:
        return "another commander"
    parts = []
    if result.cut:
        verb = "replace" if cut_leaves_too_few(result.cut_count, size, spec) else "cut"
        parts.append(f"{verb} {result.cut_count}")
    if result.add:
        parts.append(f"add {result.add}")
    return " + ".join(parts)


def companion_row(result: CompanionResult, size: int, spec: FormatSpec) -> list[str]:
    """A row of the companions table: the details say why, the fix column what to change."""
    from deckcheck.rules.companions import may_be_texts, reason_beside_change  # (loaded: the engine's)

    shown = [
        f"{b.card} (line {b.line}): {b.reason}" if b.line else f"{b.card}: {b.reason}"
        for b in result.breakers[:FIRST_BREAKERS]
    ]
    if len(result.breakers) > FIRST_BREAKERS:
        shown.append(f"+{len(result.breakers) - FIRST_BREAKERS} more")
    if not shown and result.note:
        shown.append(reason_beside_change(result))
    shown.extend(result.placement)
    if result.unresolved:
        unknown = [f"{b.card} (line {b.line})" if b.line else b.card for b in result.unresolved]
        if len(unknown) > FIRST_BREAKERS:
            unknown[FIRST_BREAKERS:] = [f"+{len(unknown) - FIRST_BREAKERS} more"]
        verb = "depends on" if result.eligible is None else "also depends on"
        shown.append(f"{verb} {', '.join(unknown)}, not in the card data")
        shown.extend(may_be_texts(result.unresolved))
    return [
        result.companion,
        {True: "yes", False: "no", None: "?"}[result.eligible],
        "yes" if result.declared else "-",
        str(len(result.breakers)),  # breaking entries (a card on two lines is two), as frames count them
        fix_text(result, size, spec) or "-",
        "; ".join(shown),
    ]


COMPANION_HEADERS = ("companion", "eligible", "declared", "breakers", "fix", "details")


def companions_text(result: DeckResult, style: Style) -> str:
    """One deck's block of ``deckcheck companions``: its eligible companions, the table of the ten,
    and the input errors that left it unchecked in part."""
    report = result.report
    eligible = report.eligible_companions()
    verdict = "; ".join(eligible) if eligible else "none"
    undetermined = [c.companion for c in report.companions if c.eligible is None]
    if undetermined:
        verdict += f"; not verified: {'; '.join(undetermined)}"
    lines = [
        f"{style(shown_path(report.path), bold=True)}: format {escape_text(report.format.name)} "
        f"({escape_text(result.format_source)}); eligible companions: {escape_text(verdict)}",
        table(
            [companion_row(c, report.deck.starting_count(), report.format) for c in report.companions],
            COMPANION_HEADERS,
            style,
        ),
    ]
    lines += [
        finding_line(f, style)
        for f in report.findings
        if f.severity is Severity.ERROR and f.code.startswith("DC0")
    ]
    return "\n".join(lines) + "\n"


def companions_record(result: DeckResult) -> dict[str, Any]:
    """One deck's record in the ``deckcheck companions`` JSON document."""
    report = result.report
    return {
        "path": report.path,
        "format": report.format.name,
        "format_source": result.format_source,
        "eligible": report.eligible_companions(),
        "companions": [companion_record(c) for c in report.companions],
        "findings": [f.to_record() for f in report.findings if f.code.startswith(("DC0", "DC4"))],
    }


class CompanionsTextWriter(RunWriter):
    """``deckcheck companions`` as text, written as the run goes: each deck's block (a blank line
    between two), then the files that could not be checked."""

    def __init__(self, out: TextIO, *, color: bool = False) -> None:
        super().__init__(out)
        self.style = Style(color)
        self._not_checked = _Deferred()

    def deck(self, result: DeckResult) -> None:
        self.out.write(("\n" if self.tally.decks > 1 else "") + companions_text(result, self.style))

    def not_checked(self, failure: FileNotChecked) -> None:
        self._not_checked.write(finding_line(failure.finding) + "\n")

    def close(self) -> None:
        self._not_checked.copy_to(self.out)


class CompanionsJsonWriter(RunWriter):
    """The document of :func:`companions_document`, byte for byte, written as the run goes (as
    :class:`JsonWriter` writes ``deckcheck check``'s)."""

    def __init__(self, out: TextIO, card_data: Callable[[], Mapping[str, Any]]) -> None:
        super().__init__(out)
        self._card_data = card_data
        self._opened = False
        self._not_checked = _Deferred()

    def _open(self) -> None:
        if self._opened:
            return
        self._opened = True
        _write_head(self.out, self._card_data())

    def deck(self, result: DeckResult) -> None:
        self._open()
        first = self.tally.decks == 1
        self.out.write(("\n    " if first else ",\n    ") + _json_item(companions_record(result), "    "))

    def not_checked(self, failure: FileNotChecked) -> None:
        _deferred_record(self._not_checked, not_checked_record(failure))

    def close(self) -> None:
        self._open()
        self.out.write("\n  ]" if self.tally.decks else "]")
        self.out.write(',\n  "not_checked": [')
        had = self._not_checked.count
        self._not_checked.copy_to(self.out)
        self.out.write("\n  ]" if had else "]")
        self.out.write("\n}\n")


def write_companions_text(results: Sequence[DeckResult], out: TextIO, *, color: bool = False) -> None:
    """Every deck's block at once (the reference rendering :class:`CompanionsTextWriter` writes)."""
    style = Style(color)
    out.write("\n".join(companions_text(result, style) for result in results))


def companions_document(
    results: Sequence[DeckResult],
    card_data: Mapping[str, Any],
    not_checked: Sequence[FileNotChecked] = (),
) -> dict[str, Any]:
    """The whole ``deckcheck companions`` JSON document at once (the reference rendering
    :class:`CompanionsJsonWriter` writes)."""
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": tool_record(),
        "card_data": dict(card_data),
        "decks": [companions_record(r) for r in results],
        "not_checked": [not_checked_record(f) for f in not_checked],
    }


def _limit(value: int | None) -> str:
    return "any" if value is None else str(value)


def format_record(spec: FormatSpec) -> dict[str, Any]:
    return {
        "name": spec.name,
        "title": spec.title,
        "min_main": spec.min_main,
        "max_main": spec.max_main,
        "sideboard_max": spec.sideboard_max,
        "copy_limit": spec.copy_limit,
        "commander": spec.commander,
        "legality_keys": list(spec.legality_candidates),
        "description": spec.description,
    }


def format_row(spec: FormatSpec) -> list[str]:
    if spec.max_main is None:
        main = f"{spec.min_main}+"
    elif spec.max_main == spec.min_main:
        main = str(spec.min_main)
    else:
        main = f"{spec.min_main}-{spec.max_main}"
    return [
        spec.name,
        spec.title,
        main,
        _limit(spec.sideboard_max),
        _limit(spec.copy_limit),
        "yes" if spec.commander else "-",
        " | ".join(spec.legality_candidates) or "-",
    ]


FORMAT_HEADERS = ("name", "title", "main", "sideboard", "copies", "commander", "legality key")


def rule_row(info: CodeInfo) -> list[str]:
    # the default severity, then the others some findings of the code have: "warning, info"
    return [info.code, info.slug, ", ".join(map(str, info.severities)), info.doc]


RULE_HEADERS = ("code", "slug", "severity", "description")


def rule_record(info: CodeInfo) -> dict[str, Any]:
    return {
        "code": info.code,
        "slug": info.slug,
        "severity": str(info.severity),
        "severities": [str(s) for s in info.severities],
        "doc": info.doc,
    }
