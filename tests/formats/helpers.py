"""Assertions shared by the format tests."""

from __future__ import annotations

from collections.abc import Iterable

from deckcheck.findings import Finding, Severity


def codes(findings: Iterable[Finding]) -> list[str]:
    return sorted(f.code for f in findings)


def errors(findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity is Severity.ERROR]


def only(findings: Iterable[Finding], code: str) -> list[Finding]:
    return [f for f in findings if f.code == code]


def one(findings: Iterable[Finding], code: str) -> Finding:
    found = only(findings, code)
    assert len(found) == 1, f"expected one {code}, got {[(f.code, f.message) for f in findings]}"
    return found[0]


def no_errors(findings: Iterable[Finding]) -> None:
    bad = errors(findings)
    assert not bad, [(f.code, f.message) for f in bad]
