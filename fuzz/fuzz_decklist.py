"""Coverage-guided fuzzing of the decklist readers and writers with atheris (libFuzzer for Python).

Not part of the test suite and not a project dependency; see fuzz/README.md:

    pip install atheris
    python fuzz/fuzz_decklist.py -max_total_time=600 fuzz/corpus tests/fixtures/decklists

Each input is decoded like a file (BOMs, UTF-16, UTF-8, the latin-1 fallback; binary and oversized
input refused), parsed with the format detected from its content and with one forced format, and
what was read is written by every writer and read back. The parsers are called directly, without
parse_text's last-resort ``except``, so a parser bug is a crash with its real traceback. Besides
exceptions, a crash is any broken promise of deckcheck.decklist: a source line not accounted for,
a count outside 1..MAX_QUANTITY, an empty or over-long name.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import atheris  # type: ignore[import-untyped,import-not-found,unused-ignore]

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

with atheris.instrument_imports(include=["deckcheck"]):
    from deckcheck.deck import LineKind, ParsedDeck
    from deckcheck.decklist import INPUT_FORMATS, MAX_BYTES, MAX_QUANTITY, WRITERS, detect_format, split_lines
    from deckcheck.decklist._base import MAX_NAME_LENGTH
    from deckcheck.decklist._decode import decode

FORMATS = sorted(INPUT_FORMATS)
_BREAK = re.compile(r"\r\n|\r|\n")


def parse_strictly(text: str, input_format: str | None) -> ParsedDeck | None:
    """parse_text without its safety net; None for input parse_text refuses before any parser."""
    if len(text) > MAX_BYTES:
        return None
    text = text.removeprefix("\ufeff")
    if "\x00" in text:
        return None
    parser = INPUT_FORMATS[input_format or detect_format(text)]
    deck = parser.parse(text, "<fuzz>")
    check(deck, len(split_lines(text)))
    return deck


def check(deck: ParsedDeck, source_lines: int) -> None:
    for entry in deck.entries:
        if not 1 <= entry.quantity <= MAX_QUANTITY:
            raise AssertionError(f"quantity out of range: {entry}")
        if not entry.name.strip() or len(entry.name) > MAX_NAME_LENGTH:
            raise AssertionError(f"bad name: {entry.name[:80]!r}")
    numbers = [r.line for r in deck.lines]
    if any(n == 0 for n in numbers):
        if not all(n == 0 for n in numbers) and deck.input_format != "html":
            raise AssertionError(f"line-0 records mixed with numbered ones: {numbers[:20]}")
    elif numbers != list(range(1, source_lines + 1)):
        raise AssertionError(f"lines not accounted for: {len(numbers)} records for {source_lines} lines")
    card_lines = {r.line for r in deck.lines if r.kind is LineKind.CARD}
    if not all(e.line in card_lines or e.line == 0 for e in deck.entries):
        raise AssertionError("an entry on a line not recorded as a card")


def test_one_input(data: bytes) -> None:
    decoded = decode(data)
    if decoded.text is None:
        return
    deck = parse_strictly(decoded.text, None)
    parse_strictly(decoded.text, FORMATS[len(data) % len(FORMATS)])
    if deck is None:
        return
    for name, writer in WRITERS.items():
        parse_strictly(writer(deck), name)


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
