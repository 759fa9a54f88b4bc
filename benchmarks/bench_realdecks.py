"""Benchmark the batch API end to end on real decklists: how many take the lean path, and how fast.

    python benchmarks/bench_realdecks.py [--store PATH] [--repeat 3]

The synthetic decks of bench_batch.py are what the lean checker (deckcheck.fastcheck) was built
for; real lists are not all like them. This runs ``frames.validate`` (every rule, all ten
companions) on the real decklists in ../shared/realdata/decks:

- MTGO event documents (``mtgo_events/*.json``, one file holding every deck of an event, read by
  deckcheck.decklist.events), each deck in the event's format;
- every other text decklist there (preconstructed decks, exports of deck sites and tools), a list
  with a commander as Commander, the others as Modern,

against the 2022 card data (../shared/realdata/AtomicCards-2022-04-25.json.gz, built into a
store in a temporary directory as `deckcheck cards import` builds it, or ``--store``). The decks
are read into memory first; each run times ``frames.validate`` over all of them on a freshly
opened store (CPU time of this thread), best of ``--repeat``.

Printed: per group and overall, the decks, the share the lean path took and decks/s; how many of
the text lists the batch reader (decklist.fast.read_plain) takes; then, for the decks handed to
the engine, why (the first reason that applies): the text is not one the batch reader takes (a
parse problem, metadata it leaves to parse_text such as a ``// Commander:`` line, another format or
shape), the
deck came from an event document (entries without source lines, the event's metadata), a name
the card data does not know or reads as several cards, a localized printed name, a card written
two ways, or another shape (see the fastcheck module docstring). The host reference of
bench_batch.py is printed before and after.

Targets: at least 95 % of the decks on the lean path and at least 5,000 decks/s; the script exits 1
when one is missed (2 without ../shared/realdata).
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
TARGET_SHARE = 0.95
TARGET_RATE = 5_000

sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_batch import reference_ms  # noqa: E402  (the host reference, the same workload)
from stores import ATOMIC, REALDATA, build_store  # noqa: E402  (built as `deckcheck cards import` builds it)

DECKS = REALDATA / "decks"


class Group:
    """Decks checked in one format: event files (paths) or text lists (a Series)."""

    def __init__(self, name: str, fmt: str, source: Any, count: int) -> None:
        self.name, self.format, self.source, self.count = name, fmt, source, count


def groups() -> list[Group]:
    import pandas as pd

    from deckcheck.deck import Zone
    from deckcheck.decklist import parse_text, parse_text_decks

    by_format: dict[str, list[Path]] = {}
    for path in sorted((DECKS / "mtgo_events").glob("*.json")):
        decks = parse_text_decks(path.read_text(encoding="utf-8"), str(path))
        fmt = decks[0].declared_format or "modern"
        by_format.setdefault(fmt, []).append(path)
    out = [
        Group(f"MTGO event decks ({fmt})", fmt, paths, sum(len(_event(p)) for p in paths))
        for fmt, paths in by_format.items()
    ]
    texts: dict[str, dict[str, str]] = {"commander": {}, "modern": {}}
    for path in sorted(DECKS.rglob("*")):
        if not path.is_file() or "mtgo_events" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # not UTF-8 text: not what a Series of decklist text holds
        relative = path.relative_to(DECKS).as_posix()
        fmt = "commander" if parse_text(text, relative).zone(Zone.COMMANDER) else "modern"
        texts[fmt][relative] = text
    for fmt, by_id in texts.items():
        series = pd.Series(list(by_id.values()), index=pd.Index(list(by_id), dtype="str"))
        out.append(Group(f"text decklists ({fmt})", fmt, series, len(series)))
    return out


def _event(path: Path) -> list[Any]:
    from deckcheck.decklist import parse_text_decks

    return parse_text_decks(path.read_text(encoding="utf-8"), str(path))


def counting_lean() -> tuple[list[int], Callable[[], None]]:
    """[decks the lean path took, decks it handed back] from now on (fastcheck.check_decks wrapped);
    the function returned undoes the wrapping."""
    from deckcheck import fastcheck

    counts = [0, 0]
    original = fastcheck.check_decks

    def counted(sink: Any, decks: Any, entries: Any, table: Any, fallback: Callable[[int], None]) -> int:
        def engine(index: int) -> None:
            counts[1] += 1
            fallback(index)

        taken = original(sink, decks, entries, table, engine)
        counts[0] += taken
        return taken

    fastcheck.check_decks = counted

    def undo() -> None:
        fastcheck.check_decks = original

    return counts, undo


def run(store_path: Path, group: Group) -> tuple[float, int, int]:
    """(CPU seconds, decks taken by the lean path, decks handed back) of one frames.validate."""
    from deckcheck import frames
    from deckcheck.cards.store import CardStore

    store = CardStore.open(store_path)
    counts, undo = counting_lean()
    try:
        started = time.thread_time()
        frames.validate(group.source, format=group.format, store=store, progress=False)
        seconds = time.thread_time() - started
    finally:
        undo()
    return seconds, counts[0], counts[1]


def reasons(store_path: Path, group: Group) -> collections.Counter[str]:
    """Why each deck of the group the lean path does not take goes to the engine."""
    from deckcheck import batch, fastcheck
    from deckcheck.cards.store import CardStore
    from deckcheck.decklist import parse_text
    from deckcheck.decklist.fast import read_plain

    store = CardStore.open(store_path)
    spec = batch.as_spec(group.format)
    context = batch.BatchContext(store, spec)
    table = context.facts
    found: collections.Counter[str] = collections.Counter()

    def decks() -> Iterator[tuple[str, Any, list[tuple[int, str, Any, int]] | None, str]]:
        """(deck id, what the batch reader read, entries, "" when it takes the text, else why not)."""
        if isinstance(group.source, list):
            for path in group.source:
                for deck in _event(path):
                    yield deck.path, None, [(e.quantity, e.name, e.zone, e.line) for e in deck.entries], ""
        else:
            for deck_id, text in group.source.items():
                read = read_plain([text])
                entries = read.entries(0)
                if entries is None:
                    parsed = parse_text(text, str(deck_id))
                    refused = (
                        "a parse problem"
                        if parsed.problems
                        else "metadata it leaves to parse_text (a commander comment, a metadata section)"
                        if parsed.metadata or parsed.name
                        else "another format or shape"
                    )
                    entries = [(e.quantity, e.name, e.zone, e.line) for e in parsed.entries]
                    yield str(deck_id), None, entries, refused
                else:
                    yield str(deck_id), read, entries, ""

    sink = fastcheck.RowSink(_ignore, _ignore, None, _ignore, _ignore)
    for deck_id, read, entries, refused in decks():
        plain = not refused
        is_event = isinstance(group.source, list)
        if plain and not is_event:
            handed: list[int] = []
            fastcheck.check_decks(sink, [(deck_id, deck_id, spec)], read, table, handed.append)
            if not handed:
                continue
        kinds: set[str] = set()
        written: dict[int, str] = {}
        for _, name, _, _ in entries or ():
            code = table.code(name)
            if code < 0:
                code = table.resolved(name)[0]
            if code < 0:
                match = context.store.resolve(name, suggest=False).match
                kinds.add(
                    {"printed": "a localized printed name"}.get(match, "a name the card data does not know")
                )
            elif written.setdefault(code, name) != name:
                kinds.add("a card written two ways")
        if is_event:
            found["an event deck (no source lines, the event's metadata)"] += 1
        elif not plain:
            found[f"text the batch reader does not take: {refused}"] += 1
        elif kinds:
            found[" and ".join(sorted(kinds))] += 1
        else:
            found["another shape (fastcheck's scope)"] += 1
        for kind in kinds:
            found[f"  of all handed back: {kind}"] += 1
    return found


def _ignore(*_: Any) -> None:
    pass


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--store", type=Path, help="a card store built from the 2022 card data")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    args = parser.parse_args(argv)
    if not DECKS.is_dir() or (args.store is None and not ATOMIC.is_file()):
        print(f"real data not found under {REALDATA}")
        sys.exit(2)
    with tempfile.TemporaryDirectory(prefix="deckcheck-realdecks-") as tmp:
        store = args.store or build_store(Path(tmp))[0]
        chosen = groups()
        print(f"host reference before: {reference_ms():.1f} ms", flush=True)
        total_seconds, total_taken, total = 0.0, 0, 0
        print("| lists | format | decks | lean path | decks/s (CPU, best run) |")
        print("|---|---|---:|---:|---:|")
        for group in chosen:
            best = min((run(store, group) for _ in range(max(1, args.repeat))), key=lambda r: r[0])
            seconds, taken, _handed_back = best
            total_seconds += seconds
            total_taken += taken
            total += group.count
            share = taken / group.count if group.count else 0.0
            print(
                f"| {group.name} | {group.format} | {group.count:,} | {share:.1%} "
                f"| {group.count / seconds:,.0f} |",
                flush=True,
            )
        share, rate = total_taken / total, total / total_seconds
        print(f"| all | | {total:,} | {share:.1%} | {rate:,.0f} |")
        from deckcheck.decklist.fast import read_plain

        texts = [text for group in chosen if not isinstance(group.source, list) for text in group.source]
        taken = sum(read_plain(texts).taken)
        print(f"the batch reader (decklist.fast.read_plain) takes {taken:,} of the {len(texts):,} text lists")
        print(f"host reference after: {reference_ms():.1f} ms")
        print("\nhanded to the engine, by the first reason that applies:")
        for group in chosen:
            for why, count in sorted(reasons(store, group).items(), key=lambda item: -item[1]):
                print(f"  {group.name}: {count:,} {why}")
    missed = False
    if share < TARGET_SHARE:
        print(f"target missed: {share:.1%} of real decks on the lean path < {TARGET_SHARE:.0%}")
        missed = True
    if rate < TARGET_RATE:
        print(f"target missed: {rate:,.0f} decks/s < {TARGET_RATE:,}")
        missed = True
    if missed:
        sys.exit(1)


if __name__ == "__main__":
    main()
