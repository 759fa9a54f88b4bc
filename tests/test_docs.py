"""docs/ARCHITECTURE.md's table of code ranges names every finding code there is, and no other."""

from __future__ import annotations

import re
from pathlib import Path

from deckcheck.findings import all_codes

REPO = Path(__file__).resolve().parents[1]
ARCHITECTURE = (REPO / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")


def test_the_code_ranges_name_every_code() -> None:
    named: set[str] = set()
    rows = re.findall(r"^\| DC(\d)xx \| (.*) \|$", ARCHITECTURE, flags=re.MULTILINE)
    assert rows, "ARCHITECTURE.md no longer has its table of code ranges"
    for hundred, text in rows:
        for first, last in re.findall(r"\b(\d{3})(?:[–-](\d{3}))?\b", text):
            assert first[0] == hundred, f"DC{hundred}xx names {first}"
            named.update(f"DC{n:03d}" for n in range(int(first), int(last or first) + 1))
    assert named == set(all_codes())


def test_load_decks_lists_its_columns() -> None:
    """`frames.load_decks`'s docstring names its columns, in order."""
    from deckcheck import frames

    doc = " ".join((frames.load_decks.__doc__ or "").split())
    said = re.search(r"Columns: (.*?)\. The entries", doc)
    assert said is not None, "load_decks no longer lists its columns"
    text = said[1]
    while "(" in text:  # what a column holds, in parentheses (some nested), is not a column
        text = re.sub(r"\([^()]*\)", "", text)
    listed = [word.strip().removeprefix("then ") for word in text.split(",")]
    assert listed == list(frames.load_decks(REPO / "data" / "decks" / "modern-burn.txt").columns)


def test_every_code_the_docs_name_exists() -> None:
    documents = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md")), REPO / "data" / "formats.toml"]
    codes = set(all_codes())
    for document in documents:
        named = set(re.findall(r"\bDC\d{3}\b", document.read_text(encoding="utf-8")))
        assert named <= codes, f"{document.name} names {sorted(named - codes)}"
