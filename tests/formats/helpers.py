"""Assertions and formats shared by the format tests."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from deckcheck.findings import Finding, Severity
from deckcheck.format_spec import FormatSpec
from deckcheck.formats import load_registry


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


def house(tmp_path: Path, *pool_sets: str) -> FormatSpec:
    """A format of a user's formats file whose card pool is these sets (no card lists its key)."""
    path = tmp_path / "formats.toml"
    listed = ", ".join(f'"{code}"' for code in pool_sets)
    table = '[house]\nextends = "constructed"\ntitle = "House"\nlegality_key = "house"\n'
    path.write_text(f"{table}pool_sets = [{listed}]\n", encoding="utf-8")
    return load_registry([path])["house"]
