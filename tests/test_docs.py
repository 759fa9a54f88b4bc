"""docs/ARCHITECTURE.md's table of code ranges names every finding code there is, and no other."""

from __future__ import annotations

import re
from pathlib import Path

from deckcheck.findings import all_codes

ARCHITECTURE = (Path(__file__).resolve().parents[1] / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")


def test_the_code_ranges_name_every_code() -> None:
    named: set[str] = set()
    rows = re.findall(r"^\| DC(\d)xx \| (.*) \|$", ARCHITECTURE, flags=re.MULTILINE)
    assert rows, "ARCHITECTURE.md no longer has its table of code ranges"
    for hundred, text in rows:
        for first, last in re.findall(r"\b(\d{3})(?:[–-](\d{3}))?\b", text):
            assert first[0] == hundred, f"DC{hundred}xx names {first}"
            named.update(f"DC{n:03d}" for n in range(int(first), int(last or first) + 1))
    assert named == set(all_codes())
