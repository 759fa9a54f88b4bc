"""Findings: what deckcheck reports, each with a stable code, a severity and a location.

Codes are declared once with :func:`define`, by the module that raises them; the registry refuses a
code or slug declared twice. :func:`all_codes` imports every rule module so that listings (``deckcheck
rules``) and ``--select/--ignore`` validation see the full set.
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Iterable
from typing import Any, Final

from deckcheck.value import Value


class Severity(enum.IntEnum):
    INFO = 0
    WARNING = 1
    ERROR = 2

    def __str__(self) -> str:
        return self.name.lower()


class Location(Value):
    FIELDS = ("path", "line", "section")
    __slots__ = FIELDS

    def __init__(self, path: str = "<deck>", line: int = 0, section: str | None = None) -> None:
        self.path: Final = path
        self.line: Final = line  # 0 = the deck as a whole, not one line
        self.section: Final = section  # zone / section name where the card was listed


_THE_DECK = Location()


class CodeInfo:
    """A finding code as :func:`define` declared it. (A plain class: every rule module defines its
    codes at import, and a dataclass would compile its methods in every process that does.)"""

    __slots__ = ("code", "doc", "severities", "severity", "slug")

    def __init__(
        self, code: str, slug: str, severity: Severity, doc: str, also: tuple[Severity, ...] = ()
    ) -> None:
        self.code: Final = code
        self.slug: Final = slug
        self.severity: Final = severity  # the default
        self.doc: Final = doc
        # every severity a finding of the code is made with, the default first (`deckcheck rules`)
        self.severities: Final = (severity, *(s for s in also if s is not severity))


class Finding(Value):
    FIELDS = ("code", "message", "severity", "location", "card", "rule", "data")
    __slots__ = FIELDS

    def __init__(
        self,
        code: str,
        message: str,
        severity: Severity,
        location: Location = _THE_DECK,
        card: str | None = None,
        rule: str | None = None,
        data: tuple[tuple[str, Any], ...] = (),
    ) -> None:
        self.code: Final = code
        self.message: Final = message
        self.severity: Final = severity
        self.location: Final = location
        self.card: Final = card
        self.rule: Final = rule  # the game rule cited, e.g. "CR 903.5b"
        self.data: Final = data  # extra machine-readable facts (sorted key/value pairs)

    @property
    def slug(self) -> str:
        return CODES[self.code].slug

    def placed(self, location: Location) -> Finding:
        """The same finding at ``location`` (a message written once, placed in many decks)."""
        return Finding(self.code, self.message, self.severity, location, self.card, self.rule, self.data)

    def to_record(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "slug": self.slug,
            "severity": str(self.severity),
            "message": self.message,
            "path": self.location.path,
            "line": self.location.line,
            "section": self.location.section,
            "card": self.card,
            "rule": self.rule,
            **({"data": dict(self.data)} if self.data else {}),
        }


CODES: dict[str, CodeInfo] = {}
_SLUGS: dict[str, str] = {}

# Modules that declare codes; all_codes() imports them so the registry is complete.
RULE_MODULES = (
    "deckcheck.engine",
    "deckcheck.unresolved",
    "deckcheck.command_zone",
    "deckcheck.rules",
    "deckcheck.rules.commander",
    "deckcheck.as_of",
    "deckcheck.rules.companions",
    "deckcheck.decklist",
    "deckcheck.inference",
)


class Code:
    """A declared code; call it to make a finding."""

    def __init__(self, info: CodeInfo) -> None:
        self.info = info

    @property
    def code(self) -> str:
        return self.info.code

    def __call__(
        self,
        message: str,
        *,
        location: Location | None = None,
        card: str | None = None,
        rule: str | None = None,
        severity: Severity | None = None,
        data: dict[str, Any] | None = None,
    ) -> Finding:
        info = self.info
        return Finding(
            info.code,
            message,
            info.severity if severity is None else severity,
            location or _THE_DECK,
            card,
            rule,
            tuple(sorted(data.items())) if data else (),
        )


def define(code: str, slug: str, severity: Severity, doc: str, *, also: tuple[Severity, ...] = ()) -> Code:
    """Declare a code: its default ``severity``, and ``also`` the other severities some of its
    findings are made with (a note or warning where the default would be too much)."""
    if code in CODES:
        raise ValueError(f"finding code {code} declared twice")
    if slug in _SLUGS:
        raise ValueError(f"finding slug {slug} declared twice (as {_SLUGS[slug]})")
    info = CodeInfo(code, slug, severity, doc, also)
    CODES[code] = info
    _SLUGS[slug] = code
    return Code(info)


def all_codes() -> dict[str, CodeInfo]:
    for module in RULE_MODULES:
        importlib.import_module(module)
    return dict(sorted(CODES.items()))


def report_order(f: Finding) -> tuple[bool, int, int, str]:
    """The order a deck's findings are reported in: by line (deck-level ones, line 0, last), then
    the most severe first, then by code."""
    return (f.location.line == 0, f.location.line, -int(f.severity), f.code)


def select_findings(
    findings: Iterable[Finding], select: Iterable[str] = (), ignore: Iterable[str] = ()
) -> list[Finding]:
    """Keep findings whose code starts with a selected prefix and no ignored prefix (ruff-style)."""
    selected = tuple(s.upper() for s in select)
    ignored = tuple(s.upper() for s in ignore)
    kept = []
    for f in findings:
        if selected and not f.code.startswith(selected):
            continue
        if ignored and f.code.startswith(ignored):
            continue
        kept.append(f)
    return kept
