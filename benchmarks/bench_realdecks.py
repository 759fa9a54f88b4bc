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
are read into memory first; each run is a fresh process (nothing remembered from another run:
the batch reader's table of lines read, the names resolved, the did-you-mean answers), which opens
the store, reads what a batch reads once per store (its per-card facts, the names index of the
did-you-mean), then times ``frames.validate`` on each group in turn, as one analyst's session
would (CPU time of its thread), best of ``--repeat``.

Printed: per group and overall, the decks, the share the lean path took and decks/s; the decks
the engine checked and its CPU time on them, and the rate of the rest (the lean path, the reading
and the frames); how many of the text lists the batch reader (decklist.fast.read_plain) takes
(parse_text reads the others, and the lean path takes what it read); the same table for the decks
every card line of which names a card the data knows (a third of the lists name cards printed
after it; timed in fresh processes of their own); then, for the decks handed to
the engine, why (the first reason the lean checker's scope finds, fastcheck.handed_over), how many,
the engine's CPU time on them and the costliest. The host reference of bench_batch.py is printed
before and after.

Targets: at least 95 % of the decks on the lean path and at least 5,000 decks/s; the script exits 1
when one is missed (2 without ../shared/realdata).
"""

from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
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


class Tally:
    """What one frames.validate did with a group's decks: how many the lean path took, which it
    handed to the engine, and the engine's CPU time on those (fastcheck.check_decks wrapped while
    the tally is open)."""

    def __init__(self) -> None:
        self.taken = 0
        self.handed: list[Any] = []  # the deck ids the engine checked
        self.engine_each: list[float] = []  # its CPU seconds on each
        self._chunks: list[tuple[Any, Any, Any]] = []  # those decks' chunks, for :meth:`reasons`

    def reasons(self) -> list[str]:
        """Why each deck of ``handed`` was handed over (fastcheck.handed_over; asked after the
        timed run)."""
        from deckcheck import fastcheck

        return [why for chunk in self._chunks for why in fastcheck.handed_over(*chunk).values()]

    def __enter__(self) -> Tally:
        from deckcheck import fastcheck

        self._original = original = fastcheck.check_decks

        def counted(sink: Any, decks: Any, entries: Any, table: Any, fallback: Callable[[int], None]) -> int:
            def engine(index: int) -> None:
                self.handed.append(decks[index][0])
                started = time.thread_time()
                fallback(index)
                self.engine_each.append(time.thread_time() - started)

            handed = len(self.handed)
            taken: int = original(sink, decks, entries, table, engine)
            self.taken += taken
            if len(self.handed) > handed:
                self._chunks.append((decks, entries, table))
            return taken

        fastcheck.check_decks = counted
        return self

    def __exit__(self, *_: object) -> None:
        from deckcheck import fastcheck

        fastcheck.check_decks = self._original


class Timed:
    """One group's figures from one run: CPU seconds, decks on the lean path, the deck ids handed
    to the engine, the engine's CPU seconds on each and why each was handed over."""

    def __init__(
        self, seconds: float, taken: int, handed: list[Any], engine_each: list[float], reasons: list[str]
    ) -> None:
        self.seconds, self.taken, self.handed, self.engine_each = seconds, taken, handed, engine_each
        self.engine_seconds = sum(engine_each)
        self.reasons = reasons


def run_in_child(store_path: Path, only: Path | None = None) -> tuple[float, list[Timed]]:
    """:func:`run` in a fresh process: every run starts with nothing remembered by earlier ones
    (module-level tables such as the batch reader's lines live as long as the process). ``only``:
    a JSON file of the decks to keep per group (:func:`known_decks`)."""
    process = subprocess.run(
        [sys.executable, __file__, "--child", "--store", str(store_path)]
        + ([] if only is None else ["--only", str(only)]),
        capture_output=True,
        text=True,
        check=False,
    )
    if process.returncode != 0:
        raise SystemExit(f"a timed run failed:\n{process.stderr}")
    once, groups_timed = json.loads(process.stdout.splitlines()[-1])
    return once, [Timed(*figures) for figures in groups_timed]


def child(store_path: Path, only: Path | None) -> None:
    """The timed run of one fresh process, printed as JSON on the last line."""
    chosen = groups()
    if only is not None:
        chosen = kept(chosen, json.loads(only.read_text(encoding="utf-8")))
    once, timed = run(store_path, chosen)
    figures = [
        (seconds, t.taken, [str(i) for i in t.handed], t.engine_each, t.reasons()) for seconds, t in timed
    ]
    print(json.dumps([once, figures]))


def run(store_path: Path, chosen: Sequence[Group]) -> tuple[float, list[tuple[float, Tally]]]:
    """One analyst's session: the store opened, then frames.validate on each group in turn. Returns
    the CPU seconds of what the first batch on a store reads once (its per-card facts and the names
    index the did-you-mean searches), and per group (CPU seconds, what the lean path and the engine
    did)."""
    from deckcheck import batch, frames
    from deckcheck.cards.store import CardStore

    gc.collect()  # (what reading the decks left behind is garbage now: not this run's time)
    store = CardStore.open(store_path)
    started = time.thread_time()
    _ = batch.BatchContext(store, None).facts  # (one table per store, shared by every context)
    store.suggestions("Lightnig Bolt")  # (the names index read)
    once = time.thread_time() - started
    timed = []
    for group in chosen:
        with Tally() as tally:
            started = time.thread_time()
            frames.validate(group.source, format=group.format, store=store, progress=False)
            timed.append((time.thread_time() - started, tally))
    return once, timed


def known_decks(store_path: Path, chosen: Sequence[Group]) -> dict[str, list[str]]:
    """Per group, the decks every card line of which names a card the card data knows (the store's
    resolver, as the engine reads names): the event files all of whose decks are such, or the ids of
    such text lists. Worked out in the parent, so the timed children start with nothing resolved."""
    from deckcheck.cards.store import CardStore
    from deckcheck.decklist import parse_text

    store = CardStore.open(store_path)
    known: dict[str, bool] = {}

    def all_known(deck: Any) -> bool:
        for entry in deck.entries:
            hit = known.get(entry.name)
            if hit is None:
                hit = known[entry.name] = store.resolve(entry.name, suggest=False).card is not None
            if not hit:
                return False
        return True

    out: dict[str, list[str]] = {}
    for group in chosen:
        if isinstance(group.source, list):
            out[group.name] = [str(p) for p in group.source if all(map(all_known, _event(p)))]
        else:
            out[group.name] = [
                str(i) for i, text in group.source.items() if all_known(parse_text(text, str(i)))
            ]
    return out


def kept(chosen: Sequence[Group], only: dict[str, list[str]]) -> list[Group]:
    """The groups cut to the decks of ``only`` (:func:`known_decks`)."""
    out = []
    for group in chosen:
        wanted = only.get(group.name, [])
        if isinstance(group.source, list):
            paths = [p for p in group.source if str(p) in wanted]
            out.append(Group(group.name, group.format, paths, sum(len(_event(p)) for p in paths)))
        else:
            series = group.source[wanted]
            out.append(Group(group.name, group.format, series, len(series)))
    return [group for group in out if group.count]


def best_run(store: Path, repeat: int, only: Path | None = None) -> tuple[float, list[Timed]]:
    """The fastest of ``repeat`` fresh runs (:func:`run_in_child`), by its total CPU time."""
    return min(
        (run_in_child(store, only) for _ in range(max(1, repeat))),
        key=lambda r: r[0] + sum(t.seconds for t in r[1]),
    )


def table(chosen: Sequence[Group], once: float, timed: Sequence[Timed]) -> tuple[float, float]:
    """Prints one run's figures per group and overall; returns the overall share on the lean path
    and the decks/s (with the store's one-time reads)."""
    total_seconds, total_taken, total = once, 0, 0
    print(f"read once per store (its per-card facts, the names index): {once:.2f} s CPU")
    print(
        "| lists | format | decks | lean path | decks/s (CPU, best run) | engine: decks, CPU s "
        "| the rest: decks/s |"
    )
    print("|---|---|---:|---:|---:|---:|---:|")
    for group, tally in zip(chosen, timed, strict=True):
        seconds = tally.seconds
        total_seconds += seconds
        total_taken += tally.taken
        total += group.count
        share = tally.taken / group.count if group.count else 0.0
        lean_seconds = seconds - tally.engine_seconds
        print(
            f"| {group.name} | {group.format} | {group.count:,} | {share:.1%} "
            f"| {group.count / seconds:,.0f} | {len(tally.handed):,}, {tally.engine_seconds:.2f} s "
            f"| {tally.taken / lean_seconds:,.0f} |",
            flush=True,
        )
    share, rate = total_taken / total, total / total_seconds
    print(f"| all (with the store's one-time reads) | | {total:,} | {share:.1%} | {rate:,.0f} | | |")
    return share, rate


def handed_table(chosen: Sequence[Group], timed: Sequence[Timed]) -> None:
    """Prints, per group, the decks handed to the engine by why (the first reason the lean
    checker's scope found: fastcheck.handed_over), with the engine's CPU time on them and the
    costliest such deck."""
    print("| lists | why handed to the engine | decks | engine CPU s | the costliest |")
    print("|---|---|---:|---:|---|")
    for group, tally in zip(chosen, timed, strict=True):
        by_reason: dict[str, list[tuple[float, str]]] = {}
        for deck_id, seconds, why in zip(tally.handed, tally.engine_each, tally.reasons, strict=True):
            by_reason.setdefault(why, []).append((seconds, deck_id))
        for why, decks in sorted(by_reason.items(), key=lambda item: -len(item[1])):
            costliest = max(decks)
            print(
                f"| {group.name} | {why} | {len(decks):,} | {sum(s for s, _ in decks):.2f} "
                f"| {costliest[1]} ({costliest[0]:.2f} s) |"
            )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--store", type=Path, help="a card store built from the 2022 card data")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)  # one timed run
    parser.add_argument("--only", type=Path, help=argparse.SUPPRESS)  # the child's decks (known_decks)
    args = parser.parse_args(argv)
    if not DECKS.is_dir() or (args.store is None and not ATOMIC.is_file()):
        print(f"real data not found under {REALDATA}")
        sys.exit(2)
    if args.child:
        child(args.store, args.only)
        return
    with tempfile.TemporaryDirectory(prefix="deckcheck-realdecks-") as tmp:
        store = args.store or build_store(Path(tmp))[0]
        chosen = groups()
        print(f"host reference before: {reference_ms():.1f} ms", flush=True)
        once, timed = best_run(store, args.repeat)
        share, rate = table(chosen, once, timed)
        from deckcheck.decklist.fast import read_plain

        texts = [text for group in chosen if not isinstance(group.source, list) for text in group.source]
        taken = sum(read_plain(texts).taken)
        print(
            f"the batch reader (decklist.fast.read_plain) takes {taken:,} of the {len(texts):,} text lists "
            "(parse_text reads the others)"
        )
        only = Path(tmp) / "known.json"
        wanted = known_decks(store, chosen)
        only.write_text(json.dumps(wanted), encoding="utf-8")
        known = kept(chosen, wanted)
        print(
            f"\nthe {sum(g.count for g in known):,} decks every card line of which names a card the data "
            "knows (each run a fresh process as above):"
        )
        table(known, *best_run(store, args.repeat, only))
        print(f"host reference after: {reference_ms():.1f} ms")
        print("\nhanded to the engine (all the lists):")
        handed_table(chosen, timed)
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
