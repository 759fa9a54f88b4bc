"""Benchmark deckcheck's decklist parser against the released mtg-parser package.

    pip install mtg-parser        # into your own environment: not a dependency of deckcheck
    python benchmarks/bench_parse.py [--repeat 5] [--decks DIR]

Reads the real text decklists under ../shared/realdata/decks (or --decks). A file counts only when
both parsers read the same cards from it: the same total quantity per name, compared
case-insensitively (mtg-parser drops every line it cannot read, so on other files the two do not
do the same work; deckcheck accounts for every line: a card, header, comment, blank or a reported
problem). On those files each parser runs --repeat times over all of them, in process, on text
already in memory; the best CPU time of each is compared (deckcheck: ``parse_text`` with content
sniffing; mtg-parser: ``DecklistDeckParser.parse_deck``, which also sniffs).

Target: deckcheck within 1.5 x mtg-parser. Exits 1 when it is missed (2: mtg-parser not installed).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
REALDATA = Path(os.environ.get("DECKCHECK_REALDATA", REPO.parent / "shared" / "realdata"))
RATIO_TARGET = 1.5
TEXT_SUFFIXES = (".txt", ".dec", ".dck", ".mtga", ".mwdeck")

sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_batch import reference_ms  # noqa: E402


def deckcheck_cards(text: str) -> Counter[str]:
    from deckcheck.decklist import parse_text

    cards: Counter[str] = Counter()
    for entry in parse_text(text, "bench").entries:
        cards[entry.name.casefold()] += entry.quantity
    return cards


def mtg_parser_cards(parse: Callable[[str], object], text: str) -> Counter[str] | None:
    try:
        deck = parse(text)
    except Exception:  # a file mtg-parser cannot read is skipped
        return None
    if deck is None:
        return None
    cards: Counter[str] = Counter()
    for card in deck:  # type: ignore[attr-defined]
        cards[card.name.casefold()] += card.quantity
    return cards


def best_cpu(repeat: int, work: Callable[[], object]) -> float:
    fastest = float("inf")
    for _ in range(repeat):
        started = time.thread_time()
        work()
        fastest = min(fastest, time.thread_time() - started)
    return fastest


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--decks", type=Path, default=REALDATA / "decks")
    args = parser.parse_args(argv)
    try:
        from mtg_parser.decklist import DecklistDeckParser
    except ImportError:
        print("mtg-parser is not installed: pip install mtg-parser", file=sys.stderr)
        return 2
    from deckcheck.decklist import parse_text

    if not args.decks.is_dir():
        print(f"no decklists at {args.decks}", file=sys.stderr)
        return 2
    other = DecklistDeckParser()

    def parse_other(text: str) -> object:
        cards = other.parse_deck(text)
        return list(cards) if cards is not None else None

    paths = sorted(p for p in args.decks.rglob("*") if p.is_file() and p.suffix.lower() in TEXT_SUFFIXES)
    texts: list[str] = []
    unreadable = differ = 0
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            unreadable += 1
            continue
        theirs = mtg_parser_cards(parse_other, text)
        if not theirs:
            unreadable += 1
            continue
        if deckcheck_cards(text) != theirs:
            differ += 1
            continue
        texts.append(text)
    if not texts:
        print("no file that both parsers read alike", file=sys.stderr)
        return 2
    lines = sum(text.count("\n") + 1 for text in texts)

    before = reference_ms()
    ours = best_cpu(args.repeat, lambda: [parse_text(text, "bench") for text in texts])
    theirs_s = best_cpu(args.repeat, lambda: [parse_other(text) for text in texts])
    after = reference_ms()
    ratio = ours / theirs_s
    print(f"host reference before/after: {before:.1f} / {after:.1f} ms (about 4.4 ms when the host is quick)")
    print(
        f"{len(paths)} text decklists: {len(texts)} read alike by both ({lines:,} lines), "
        f"{differ} read differently, {unreadable} that mtg-parser (or UTF-8) cannot read"
    )
    print(f"| {'parser':<12} | {'best of ' + str(args.repeat):>10} | {'per file':>9} |")
    print(f"|{'-' * 14}|{'-' * 12}|{'-' * 11}|")
    for label, seconds in (("deckcheck", ours), ("mtg-parser", theirs_s)):
        print(f"| {label:<12} | {seconds * 1000:8.1f}ms | {seconds / len(texts) * 1e6:7.0f}us |")
    verdict = "met" if ratio <= RATIO_TARGET else "MISSED"
    print(f"ratio deckcheck / mtg-parser: {ratio:.2f} (target <= {RATIO_TARGET}: {verdict})")
    return 0 if ratio <= RATIO_TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
