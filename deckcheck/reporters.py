"""Output for ``deckcheck check`` and friends: human text, one stable JSON schema, GitHub Actions
annotations (plus a Markdown job summary). No click here: reporters write to a text stream, and the
CLI decides on colour; styling goes through a small :class:`Style` so tests can check both.

The JSON schema is documented in docs/json-schema.md; :data:`SCHEMA_VERSION` changes only when a key
is removed or changes meaning (new keys may be added within a version).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import TYPE_CHECKING, Any, TextIO

from deckcheck import __version__
from deckcheck._gc import gc_paused
from deckcheck.deck import Zone
from deckcheck.findings import CodeInfo, Finding, Severity
from deckcheck.unresolved import NOT_VERIFIED

if TYPE_CHECKING:
    from deckcheck.companions import CompanionResult
    from deckcheck.engine import Report
    from deckcheck.format_spec import FormatSpec

SCHEMA_VERSION = 2  # 2: `legal` and a companion's `eligible` may be null (not verified)
OUTPUT_FORMATS = ("text", "json", "github")
COUNTED_ZONES = (Zone.MAIN, Zone.SIDEBOARD, Zone.COMMANDER, Zone.COMPANION, Zone.MAYBEBOARD)
FIRST_BREAKERS = 2  # breakers shown per companion in the text table


# -- escaping: a name printed is shown, never obeyed --------------------------------------------------
# File names, card names (from a decklist or from card data) and config values reach the output as
# they are; in a terminal a control character in one of them would be obeyed (ESC starts a colour
# or title sequence, CR rewrites the line) and on GitHub a line break would start a new workflow
# command. Text output shows each such character as a visible escape instead: C0 controls, DEL,
# C1 controls, the line/paragraph separators, the bidirectional overrides and isolates (which
# reorder what follows them), and lone surrogates (undecodable bytes of a file name).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_UNSAFE_KEEPING_LINES = re.compile(
    "[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
# In JSON the escapes are JSON's own, so a reader gets the exact text back. json.dumps escapes C0
# controls itself; these it would leave raw (ensure_ascii=False keeps names readable).
_JSON_RAW = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape_char(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def escape_text(text: str) -> str:
    """``text`` with every character a terminal (or a workflow log) would obey shown as a visible
    escape: ``\\x1b`` for ESC, ``\\x0a`` for a line break, ``\\u202e`` for a bidi override."""
    return _UNSAFE.sub(_escape_char, text)


def escape_lines(text: str) -> str:
    """Like :func:`escape_text`, but CR and LF are kept for the caller to encode (GitHub's
    percent-encoding keeps the exact value for the log reader)."""
    return _UNSAFE_KEEPING_LINES.sub(_escape_char, text)


def json_text(document: Any) -> str:
    """``document`` as indented JSON, with every character that JSON's encoder would leave raw and
    a terminal would obey written as a ``\\uXXXX`` escape: the same value for a JSON reader."""
    try:
        text = indented_json(document)
    except (_NotPlainJson, RecursionError):
        # a type or key only json's own encoder knows what to do with (or refuses), or a cycle
        text = json.dumps(document, indent=2, ensure_ascii=False)
    if text.isascii() and "\x7f" not in text:  # two quick scans that most documents end at
        return text
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


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
@dataclass(slots=True)
class DeckResult:
    """A report plus the run-level facts the reporters need: how its format was chosen and whether
    warnings fail it (--strict, or ``strict = true`` in its config)."""

    report: Report
    format_source: str  # "--format", "header", "per-path 'decks/edh/**' in pyproject.toml", ...
    strict: bool = False
    card_data: str = ""  # description of the card store that resolved it

    @property
    def failed(self) -> bool:
        """Errors, warnings under strict, or a verdict that depends on unknown cards (even with
        their findings ignored: such a deck never passes). A deck checked in an inferred format
        is not verified either, but fails only by its findings (the format warning, or the error
        under require_format)."""
        report = self.report
        return bool(report.errors) or (self.strict and bool(report.warnings)) or report.undetermined


@dataclass(frozen=True, slots=True)
class FileNotChecked:
    """A file that could not be checked at all (missing, unreadable, not a regular file, an unknown
    declared format): the run goes on, and exits 2."""

    path: str
    finding: Finding


@dataclass(frozen=True, slots=True)
class FileSkipped:
    """A file found in a directory that is not a decklist: counted, listed with -v."""

    path: str
    reason: str


@dataclass(slots=True)
class RunResult:
    decks: list[DeckResult] = field(default_factory=list)
    card_data: dict[str, Any] = field(default_factory=dict)  # description, records, meta
    verbose: bool = False  # show info findings (text, github)
    quiet: bool = False  # text: findings and the summary only, no per-deck header
    not_checked: list[FileNotChecked] = field(default_factory=list)
    skipped: list[FileSkipped] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return any(d.failed for d in self.decks)

    @property
    def exit_code(self) -> int:
        """2 if a file could not be checked, else 1 for findings that fail the run, else 0."""
        if self.not_checked:
            return 2
        return 1 if self.failed else 0


@dataclass(frozen=True, slots=True)
class Style:
    """ANSI styling, or none. ``Style(color=False)`` returns text unchanged."""

    color: bool = False

    def __call__(self, text: str, *, fg: str | None = None, bold: bool = False) -> str:
        if not self.color or (fg is None and not bold):
            return text
        codes = [] if fg is None else [_ANSI[fg]]
        if bold:
            codes.append("1")
        return f"\x1b[{';'.join(codes)}m{text}\x1b[0m"


_ANSI = {"red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36"}
_SEVERITY_COLOUR = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def visible(findings: Iterable[Finding], verbose: bool) -> list[Finding]:
    return [f for f in findings if verbose or f.severity is not Severity.INFO]


def zone_counts(report: Report) -> dict[str, int]:
    """Cards per zone as written (resolved or not), so the counts match the decklist."""
    return {str(zone): report.parsed.count(zone) for zone in COUNTED_ZONES}


# -- text --------------------------------------------------------------------------------------------
def finding_line(finding: Finding, style: Style = Style()) -> str:
    """``path:line: CODE message`` (``path: CODE message`` for the deck as a whole). Warnings and
    infos carry ``[warning]``/``[info]`` after the code so piped output keeps the severity."""
    path = escape_text(finding.location.path)
    where = path if finding.location.line <= 0 else f"{path}:{finding.location.line}"
    code = style(finding.code, fg=_SEVERITY_COLOUR[finding.severity], bold=True)
    tag = "" if finding.severity is Severity.ERROR else f" [{finding.severity}]"
    return f"{style(where, bold=True)}: {code}{tag} {escape_text(finding.message)}"


def counts_text(report: Report) -> str:
    counts = zone_counts(report)
    parts = [f"{counts['main']} main"]
    for zone in ("sideboard", "commander", "companion"):
        if counts[zone]:
            parts.append(f"{counts[zone]} {zone}")
    return ", ".join(parts)


def unverified_text(report: Report) -> str:
    """``not verified: 4 unknown cards`` (or the undetermined rules, when every card is known)."""
    if report.unknown_cards:
        return f"not verified: {_plural(report.unknown_cards, 'unknown card')}"
    if report.format.inferred:
        return "not verified: no format given"
    if any(f.code == NOT_VERIFIED.code and "card_data_date" in dict(f.data) for f in report.findings):
        return "not verified: card data older than the deck"
    return f"not verified: {_plural(len(report.unchecked), 'rule')} could not be checked"


def verdict_text(result: DeckResult, style: Style = Style()) -> str:
    report = result.report
    errors, warnings = len(report.errors), len(report.warnings)
    status = report.status
    if status == "not verified":
        counts = ", ".join(
            text
            for text in (_plural(errors, "error") if errors else "", _plural(warnings, "warning"))
            if text
        )
        return style(unverified_text(report), fg="yellow", bold=True) + (f" ({counts})" if counts else "")
    if errors:
        unknown = f"; {unverified_text(report)}" if not report.verified else ""
        return (
            style(f"{_plural(errors, 'error')}", fg="red", bold=True)
            + (f", {_plural(warnings, 'warning')}" if warnings else "")
            + unknown
        )
    if warnings:
        label = f"{_plural(warnings, 'warning')}" + (" (fails with --strict)" if result.strict else "")
        return style("legal", fg="green") + ", " + style(label, fg="yellow")
    return style("legal", fg="green", bold=True)


def deck_header(result: DeckResult, style: Style = Style()) -> str:
    report = result.report
    return (
        f"{style(escape_text(report.path), bold=True)}: format {escape_text(report.format.name)} "
        f"({escape_text(result.format_source)}); {counts_text(report)}: {verdict_text(result, style)}"
    )


def summary_text(run: RunResult) -> str:
    decks = run.decks
    statuses = [d.report.status for d in decks]
    with_errors = statuses.count("illegal")
    unverified = statuses.count("not verified")
    legal = statuses.count("legal")
    errors = sum(len(d.report.errors) for d in decks)
    warnings = sum(len(d.report.warnings) for d in decks)
    line = (
        f"{_plural(len(decks), 'deck')} checked: {legal} legal, {with_errors} with errors"
        + (f", {unverified} not verified" if unverified else "")
        + f" ({_plural(errors, 'error')}, {_plural(warnings, 'warning')})"
    )
    strict_failures = sum(1 for d in decks if d.failed and not d.report.errors and not d.report.undetermined)
    if strict_failures:
        line += f"; {strict_failures} failing on warnings (--strict)"
    hidden = (
        0 if run.verbose else sum(1 for d in decks for f in d.report.findings if f.severity is Severity.INFO)
    )
    if hidden:
        line += f"; {_plural(hidden, 'note')} hidden (-v shows them)"
    if run.not_checked:
        line += f"; {_plural(len(run.not_checked), 'file')} could not be checked"
    if run.skipped:
        line += f"; {_plural(len(run.skipped), 'file')} skipped (not decklists" + (
            ")" if run.verbose else "; -v lists them)"
        )
    return line


def skipped_line(skipped: FileSkipped) -> str:
    return f"{skipped.path}: skipped: {skipped.reason}"


def write_text(run: RunResult, out: TextIO, *, color: bool = False) -> None:
    style = Style(color)
    for result in run.decks:
        if not run.quiet:
            out.write(deck_header(result, style) + "\n")
        for finding in visible(result.report.findings, run.verbose):
            out.write(finding_line(finding, style) + "\n")
    for failure in run.not_checked:
        out.write(finding_line(failure.finding, style) + "\n")
    if run.verbose:
        for skipped in run.skipped:
            out.write(skipped_line(skipped) + "\n")
    out.write(summary_text(run) + "\n")


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
        "unknown_cards": report.unknown_cards,
        "failed": result.failed,
        "strict": result.strict,
        "card_data": result.card_data,
        "counts": zone_counts(report),
        "errors": len(report.errors),
        "warnings": len(report.warnings),
        "findings": [f.to_record() for f in report.findings],
        "companions": [companion_record(c) for c in report.companions],
    }


def summary_record(run: RunResult) -> dict[str, Any]:
    decks = run.decks
    return {
        "decks": len(decks),
        "legal": sum(1 for d in decks if d.report.status == "legal"),
        "with_errors": sum(1 for d in decks if d.report.status == "illegal"),
        "not_verified": sum(1 for d in decks if d.report.status == "not verified"),
        "failed": sum(1 for d in decks if d.failed),
        "errors": sum(len(d.report.errors) for d in decks),
        "warnings": sum(len(d.report.warnings) for d in decks),
        "infos": sum(1 for d in decks for f in d.report.findings if f.severity is Severity.INFO),
        "not_checked": len(run.not_checked),
        "skipped": len(run.skipped),
        "exit_code": run.exit_code,
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
        "skipped": [{"path": f.path, "reason": f.reason} for f in run.skipped],
        "summary": summary_record(run),
    }


def not_checked_record(failure: FileNotChecked) -> dict[str, Any]:
    return {"path": failure.path, "findings": [failure.finding.to_record()]}


def write_json(run: RunResult, out: TextIO) -> None:
    # The document is a tree of fresh dicts and lists (no cycles): cycle detection would re-scan
    # all of them at every collection its allocations trigger.
    with gc_paused():
        text = json_text(json_document(run))
    out.write(text + "\n")


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
    properties = [f"file={escape_property(escape_lines(finding.location.path))}"]
    if finding.location.line > 0:
        properties.append(f"line={finding.location.line}")
    properties.append(f"title={escape_property(f'{finding.code} {finding.slug}')}")
    message = escape_data(escape_lines(finding.message))
    return f"::{_GITHUB_COMMAND[finding.severity]} {','.join(properties)}::{message}"


def _cell(text: str) -> str:
    text = escape_lines(text)
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ")


def markdown_summary(run: RunResult) -> str:
    """The job summary: every finding (annotations are capped at 10 errors and 10 warnings per step)."""
    lines = ["## deckcheck", "", summary_text(run), ""]
    lines += ["| deck | format | result | errors | warnings |", "| --- | --- | --- | ---: | ---: |"]
    for result in run.decks:
        report = result.report
        verdict = "fails" if result.failed else report.status
        lines.append(
            f"| {_cell(report.path)} | {_cell(report.format.name)} | {verdict} | "
            f"{len(report.errors)} | {len(report.warnings)} |"
        )
    for failure in run.not_checked:
        lines.append(f"| {_cell(failure.path)} | - | not checked | 1 | 0 |")
    shown = [(d.report.path, f) for d in run.decks for f in visible(d.report.findings, run.verbose)]
    shown += [(failure.path, failure.finding) for failure in run.not_checked]
    if shown:
        lines += ["", "| file | line | code | severity | message |", "| --- | ---: | --- | --- | --- |"]
        for _, finding in shown:
            line = str(finding.location.line) if finding.location.line > 0 else ""
            lines.append(
                f"| {_cell(finding.location.path)} | {line} | {finding.code} | {finding.severity} | "
                f"{_cell(finding.message)} |"
            )
    return "\n".join(lines) + "\n"


def write_github(run: RunResult, out: TextIO, *, step_summary: TextIO | None = None) -> None:
    for result in run.decks:
        for finding in visible(result.report.findings, run.verbose):
            out.write(github_annotation(finding) + "\n")
    for failure in run.not_checked:
        out.write(github_annotation(failure.finding) + "\n")
    out.write(summary_text(run) + "\n")
    if step_summary is not None:
        step_summary.write(markdown_summary(run))


# -- tables (companions, formats, rules) ------------------------------------------------------------
def table(rows: Sequence[Sequence[str]], headers: Sequence[str], style: Style = Style()) -> str:
    """A plain left-aligned table; the last column is not padded."""
    rows = [[escape_text(str(cell)) for cell in row] for row in rows]
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]

    def render(row: Sequence[str]) -> str:
        cells = [str(c).ljust(w) for c, w in zip(row[:-1], widths[:-1], strict=True)]
        return "  ".join([*cells, str(row[-1])]).rstrip()

    return "\n".join([style(render(headers), bold=True), *(render(r) for r in rows)])


def fix_text(result: CompanionResult) -> str:
    """The smallest change that meets the condition: ``cut 4``, ``add 20`` (empty when eligible)."""
    if result.eligible:
        return ""
    parts = []
    if result.cut:
        parts.append(f"cut {result.cut_count}")
    if result.add:
        parts.append(f"add {result.add}")
    return " + ".join(parts)


def companion_row(result: CompanionResult) -> list[str]:
    shown = [
        f"{b.card} (line {b.line}): {b.reason}" if b.line else f"{b.card}: {b.reason}"
        for b in result.breakers[:FIRST_BREAKERS]
    ]
    if len(result.breakers) > FIRST_BREAKERS:
        shown.append(f"+{len(result.breakers) - FIRST_BREAKERS} more")
    if not shown and result.note:
        shown.append(result.note)
    shown.extend(result.placement)
    if result.unresolved:
        unknown = [f"{b.card} (line {b.line})" if b.line else b.card for b in result.unresolved]
        if len(unknown) > FIRST_BREAKERS:
            unknown[FIRST_BREAKERS:] = [f"+{len(unknown) - FIRST_BREAKERS} more"]
        verb = "depends on" if result.eligible is None else "also depends on"
        shown.append(f"{verb} {', '.join(unknown)}, not in the card data")
    return [
        result.companion,
        {True: "yes", False: "no", None: "?"}[result.eligible],
        "yes" if result.declared else "-",
        str(len(result.breakers)),  # breaking cards, as JSON's `breakers` and frames count them
        fix_text(result) or "-",
        "; ".join(shown),
    ]


COMPANION_HEADERS = ("companion", "eligible", "declared", "breakers", "fix", "details")


def write_companions_text(results: Sequence[DeckResult], out: TextIO, *, color: bool = False) -> None:
    style = Style(color)
    for index, result in enumerate(results):
        report = result.report
        if index:
            out.write("\n")
        eligible = report.eligible_companions()
        verdict = "; ".join(eligible) if eligible else "none"
        undetermined = [c.companion for c in report.companions if c.eligible is None]
        if undetermined:
            verdict += f"; not verified (unknown cards): {'; '.join(undetermined)}"
        out.write(
            f"{style(escape_text(report.path), bold=True)}: format {escape_text(report.format.name)} "
            f"({escape_text(result.format_source)}); eligible companions: {escape_text(verdict)}\n"
        )
        rows = [companion_row(c) for c in report.companions]
        out.write(table(rows, COMPANION_HEADERS, style) + "\n")
        for finding in (
            f for f in report.findings if f.severity is Severity.ERROR and f.code.startswith("DC0")
        ):
            out.write(finding_line(finding, style) + "\n")


def companions_document(
    results: Sequence[DeckResult],
    card_data: Mapping[str, Any],
    not_checked: Sequence[FileNotChecked] = (),
) -> dict[str, Any]:
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": tool_record(),
        "card_data": dict(card_data),
        "decks": [
            {
                "path": r.report.path,
                "format": r.report.format.name,
                "format_source": r.format_source,
                "eligible": r.report.eligible_companions(),
                "companions": [companion_record(c) for c in r.report.companions],
                "findings": [f.to_record() for f in r.report.findings if f.code.startswith(("DC0", "DC4"))],
            }
            for r in results
        ],
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
    return [info.code, info.slug, str(info.severity), info.doc]


RULE_HEADERS = ("code", "slug", "severity", "description")


def rule_record(info: CodeInfo) -> dict[str, str]:
    return {"code": info.code, "slug": info.slug, "severity": str(info.severity), "doc": info.doc}
