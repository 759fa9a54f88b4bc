"""Benchmark the batch API: N synthetic but realistic decklists, every rule and all ten companions.

    python benchmarks/bench_batch.py                     # N = 10k and 100k, real card data if present
    python benchmarks/bench_batch.py --n 10000 --stages companions

Decks are drawn from the real card pool (MTGJSON AtomicCards in ../shared/realdata, through
deckcheck.cards.mtgjson.records_from_atomic_cards) when it is there, else from the bundled cards:
75 % constructed Modern lists (60-75 main-deck cards in 4/3/2/1-ofs of one to three colours, basics and
duals, a 0-15 card sideboard, at most four of a card across deck and sideboard, a companion in the
sideboard one time in five) and 25 % Commander lists
(a legendary commander, 99 singletons inside its colour identity, a companion under Companion one
time in ten). They are written as decklist text (MTGO style and Arena style), with names as real
lists write them: adventure, transforming and modal double-faced cards by their front face
("Bonecrusher Giant", as MTGO and Arena write them), in one deck in ten without accents
("Lim-Dul's Vault", as some sites write them), and one deck in a hundred names a card the data
does not know (a card newer than the data).

The SQLite card store is built once from the same records the way ``deckcheck cards import``
builds it, with the per-card facts the batch checker reads (deckcheck.card_facts.facts_builder()).
Each (N, stage) runs ``--repeat`` times (default 3), each time in a fresh child process that opens
the store, so every run starts cold (no card facts loaded yet) and its memory is the stage's own.
Stages:

- ``load``: decklist text -> the long frame (frames.load_decks: parse + resolve + card columns);
- ``companions``: the long frame -> the deck x companion table (frames.companion_table), timed
  from the long frame;
- ``e2e``: decklist text -> findings + companions + summary + metadata (frames.validate: parse,
  resolve, every format rule, companion evaluation and findings per deck, by the lean checker where
  it applies and the engine elsewhere: the engine's rows either way).

Reported per run and, in the table, for the median run: decks/s per second of the child's CPU time
(one core: the stage runs on one thread; on a busy machine the clock rate is lower) and by the
clock, with the range over the runs, the stage's peak resident memory over the child's baseline
(sampled every 5 ms; the largest of the runs), the child's maxrss and the host reference before and
after the stage (reference_ms: the host's own speed at the time); then any target
the median misses (companion table >= 20,000 decks/s, end-to-end >= 5,000 decks/s, memory under
1 GB); the script exits 1 when one is missed. ``--workdir DIR`` keeps (and reuses) the card store
and the decks (regenerated when GENERATOR changes).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))
# (stores pins DECKCHECK_TODAY to the card data's own day, for this process and the children it
# starts: checked years after the data, every undated deck would have its legality withheld)
from stores import CHECK_DAY  # noqa: E402, F401

DEFAULT_ATOMIC = REPO.parent / "shared" / "realdata" / "AtomicCards-2022-04-25.json.gz"
STAGES = ("load", "companions", "e2e")
TARGETS = {"companions": 20_000, "e2e": 5_000}  # decks/s on one core
# the deck generator's version, in the decks file's name: a kept work directory regenerates on a change
GENERATOR = 4
COLOURS = "WUBRG"
BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
# layouts whose cards real lists (MTGO's, Arena's) name by their front face
FRONT_FACE_LAYOUTS = frozenset({"adventure", "modal_dfc", "transform", "flip", "battle"})
# names of cards newer than any card data ("a card the data does not know")
NEWER_CARDS = (
    "Sneaky Snacker",
    "Lembas Courier",
    "Thraben Charmcaster",
    "Writhing Chrysalid",
    "Cast into Fire",
)
COMPANION_NAMES = (
    "Gyruda, Doom of Depths",
    "Jegantha, the Wellspring",
    "Kaheera, the Orphanguard",
    "Keruga, the Macrosage",
    "Lurrus of the Dream-Den",
    "Lutri, the Spellchaser",
    "Obosh, the Preypiercer",
    "Umori, the Collector",
    "Yorion, Sky Nomad",
    "Zirda, the Dawnwaker",
)


# -- card pool and deck generation (parent process) -------------------------------------------
def load_records(atomic: Path | None) -> tuple[list[dict[str, Any]], str, dict[str, str]]:
    """The card records, what they are, and the store meta that says which day they describe (as
    `deckcheck cards import` keeps it: card data of no known day vouches for no day's legality)."""
    from deckcheck.cards.store import bundled_cards_path

    if atomic is not None and atomic.is_file():
        from deckcheck.cards.mtgjson import load_atomic_cards, records_from_atomic_cards

        payload = load_atomic_cards(atomic)
        day = str(payload.get("meta", {}).get("date", ""))
        records = list(records_from_atomic_cards(payload))
        return records, f"MTGJSON {atomic.name}", {"mtgjson_date": day} if day else {}
    payload = json.loads(bundled_cards_path().read_text(encoding="utf-8"))
    day = payload["meta"]["oracle_as_of"]
    return list(payload["cards"]), "bundled data/cards.json", {"oracle_as_of": day}


class Popular:
    """Names drawn by popularity: real metagames lean on staples, so a card's weight falls with its
    (random, seeded) popularity rank as 1/rank (Zipf); every card stays possible."""

    def __init__(self, names: Sequence[str], rng: random.Random) -> None:
        self.names = list(names)
        rng.shuffle(self.names)
        total = 0.0
        self.cumulative: list[float] = []
        for rank in range(1, len(self.names) + 1):
            total += 1.0 / rank
            self.cumulative.append(total)

    def __len__(self) -> int:
        return len(self.names)

    def pick(self, rng: random.Random, k: int, exclude: frozenset[str] = frozenset()) -> list[str]:
        """Up to ``k`` distinct names."""
        k = min(k, len(self.names) - len(exclude & set(self.names)))
        chosen: dict[str, None] = {}
        while len(chosen) < k:
            for name in rng.choices(self.names, cum_weights=self.cumulative, k=k - len(chosen)):
                if name not in exclude:
                    chosen[name] = None
        return list(chosen)[:k]


class Pool:
    """Cards by what a deck builder picks them for."""

    def __init__(self, records: Sequence[dict[str, Any]], rng: random.Random) -> None:
        from deckcheck.cards.records import card_from_record
        from deckcheck.formats import get_format
        from deckcheck.rules.commander import commander_eligibility

        commander = get_format("commander")
        spells: dict[frozenset[str], list[str]] = {}
        duals: dict[frozenset[str], list[str]] = {}
        edh_spells: dict[frozenset[str], list[str]] = {}
        edh_lands: dict[frozenset[str], list[str]] = {}
        commanders: list[tuple[frozenset[str], str]] = []
        for record in records:
            card = card_from_record(record)
            if card.is_basic_land or card.name in COMPANION_NAMES:
                continue
            identity = card.color_identity
            if card.legality("modern") == "legal":
                if not card.is_land:
                    spells.setdefault(identity, []).append(card.name)
                elif len(identity) == 2:
                    duals.setdefault(identity, []).append(card.name)
            if card.legality("commander") == "legal":
                (edh_lands if card.is_land else edh_spells).setdefault(identity, []).append(card.name)
                if commander_eligibility(card, commander) is None and card.deck_types.is_creature:
                    commanders.append((identity, card.name))
        self.spells = {k: Popular(v, rng) for k, v in spells.items()}
        self.duals = {k: Popular(v, rng) for k, v in duals.items()}
        self.edh_spells = {k: Popular(v, rng) for k, v in edh_spells.items()}
        self.edh_lands = {k: Popular(v, rng) for k, v in edh_lands.items()}
        self.commanders = commanders
        # how real lists write a card: a face of a multi-face card (not a split one) by its front face
        self.front_faces = {
            record["name"]: record["faces"][0]["name"]
            for record in records
            if " // " in record["name"] and record.get("layout") in FRONT_FACE_LAYOUTS and record.get("faces")
        }

    @staticmethod
    def _within(pools: dict[frozenset[str], Popular], identity: frozenset[str]) -> list[Popular]:
        return [pool for key, pool in pools.items() if key <= identity and len(pool)]

    def writer(self, rng: random.Random) -> Callable[[str], str]:
        """How one deck's list writes names (as the program or person that wrote it does)."""
        ascii_only = rng.random() < 0.1

        def written(name: str) -> str:
            name = self.front_faces.get(name, name)
            if ascii_only and not name.isascii():
                name = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
            return name

        return written

    def constructed(self, rng: random.Random) -> str:
        colours = rng.sample(COLOURS, rng.choice((1, 2, 2, 2, 3)))
        allowed = frozenset(colours)
        mono = [self.spells[frozenset(c)] for c in colours if frozenset(c) in self.spells]
        spells = [n for pool in mono for n in pool.pick(rng, 7)]
        gold = [p for k, p in self.spells.items() if len(k) > 1 and k <= allowed]
        if gold:
            spells += rng.choice(gold).pick(rng, 3)
        if frozenset() in self.spells:
            spells += self.spells[frozenset()].pick(rng, 2)
        spells = list(dict.fromkeys(spells))
        rng.shuffle(spells)
        main_size = rng.choice((60, 60, 60, 60, 61, 62, 64, 68, 75))
        land_count = round(main_size * rng.uniform(0.34, 0.42))
        lines: list[str] = []
        registered: dict[str, int] = {}  # copies of each nonbasic card, deck and sideboard
        total = 0
        for name in spells:
            if total >= main_size - land_count:
                break
            copies = min(rng.choice((4, 4, 4, 3, 3, 2, 1)), main_size - land_count - total)
            lines.append(f"{copies} {name}")
            registered[name] = copies
            total += copies
        dual_pools = self._within(self.duals, allowed)
        for _ in range(rng.randint(0, 3) if dual_pools else 0):
            name = rng.choice(dual_pools).pick(rng, 1)[0]
            copies = min(4, main_size - total)
            if copies > 0 and name not in registered:
                lines.append(f"{copies} {name}")
                registered[name] = copies
                total += copies
        for i, colour in enumerate(colours):
            share = (main_size - total) // (len(colours) - i)
            if share > 0:
                lines.append(f"{share} {BASICS[colour]}")
                total += share
        if rng.random() < 0.01:
            lines[0] = f"1 {rng.choice(NEWER_CARDS)}"  # replaces one line: the deck keeps its size
        side: list[str] = []
        side_total = rng.choice((0, 7, 15, 15, 15))
        if rng.random() < 0.2 and side_total:
            side.append(f"1 {rng.choice(COMPANION_NAMES)}")
            side_total -= 1
        # at most four of a card across deck and sideboard, as registered lists have (the faults these
        # lists do carry are the companions': a sideboard one the deck cannot reveal, or one banned)
        attempts = 0
        while side_total > 0 and mono and attempts < 100:
            attempts += 1
            name = rng.choice(mono).pick(rng, 1)[0]
            copies = min(rng.choice((1, 2, 3)), side_total, 4 - registered.get(name, 0))
            if copies > 0:
                side.append(f"{copies} {name}")
                registered[name] = registered.get(name, 0) + copies
                side_total -= copies
        write = self.writer(rng)
        text = "\n".join(_renamed(lines, write))
        if side:
            text += ("\n\n" if rng.random() < 0.5 else "\n\nSideboard\n") + "\n".join(_renamed(side, write))
        return text + "\n"

    def commander(self, rng: random.Random) -> str:
        identity, commander = rng.choice(self.commanders)
        pools = self._within(self.edh_spells, identity)
        weights = [len(p) for p in pools]
        chosen: dict[str, None] = {}
        while len(chosen) < 62 and pools:
            pool = rng.choices(pools, weights=weights)[0]
            for name in pool.pick(rng, 1, frozenset(chosen) | {commander}):
                chosen[name] = None
            if sum(weights) <= len(chosen) + 1:
                break
        lands: dict[str, None] = {}
        land_pools = self._within(self.edh_lands, identity)
        for _ in range(12 if land_pools else 0):
            for name in rng.choice(land_pools).pick(rng, 1, frozenset(lands)):
                lands[name] = None
        lines = ["Commander", f"1 {commander}", ""]
        if rng.random() < 0.1:
            lines += ["Companion", f"1 {rng.choice(COMPANION_NAMES)}", ""]
        lines.append("Deck")
        cards = [*chosen, *lands]
        if cards and rng.random() < 0.01:
            cards[0] = rng.choice(NEWER_CARDS)
        lines += [f"1 {n}" for n in cards]
        remaining = 99 - len(chosen) - len(lands)
        colours = [c for c in COLOURS if c in identity]
        if not colours:
            lines.append(f"{remaining} Wastes")
        for i, colour in enumerate(colours):
            share = remaining // (len(colours) - i)
            if share:
                lines.append(f"{share} {BASICS[colour]}")
                remaining -= share
        return "\n".join(_renamed(lines, self.writer(rng))) + "\n"


def _renamed(lines: Sequence[str], write: Callable[[str], str]) -> list[str]:
    """Card lines (``N Name``) with their names as ``write`` writes them; other lines unchanged."""
    out = []
    for line in lines:
        count, _, name = line.partition(" ")
        out.append(f"{count} {write(name)}" if count.isdigit() and name else line)
    return out


def generate(pool: Pool, n: int, seed: int) -> Iterator[tuple[str, str]]:
    rng = random.Random(seed)
    for i in range(n):
        if rng.random() < 0.25:
            yield f"edh-{i:06d}", pool.commander(rng)
        else:
            yield f"deck-{i:06d}", pool.constructed(rng)


# -- one measurement (child process) ----------------------------------------------------------
class PeakRSS:
    """Peak resident memory while a block runs, sampled by a thread (covers pandas' Arrow and numpy
    buffers, which tracemalloc does not fully see)."""

    def __init__(self, interval: float = 0.005) -> None:
        import psutil

        self.process = psutil.Process()
        self.interval = interval
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, self.process.memory_info().rss)
            time.sleep(self.interval)

    def __enter__(self) -> PeakRSS:
        self.base = self.process.memory_info().rss
        self.peak = self.base
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, self.process.memory_info().rss)


def reference_ms() -> float:
    """CPU milliseconds of a fixed pure-Python workload (dict lookups, string splits, a loop), best
    of five: the host's speed at the time of a run. The development machine is a shared virtual
    machine whose speed changes by tens of percent from one hour to the next; measured just before
    and after each run and printed beside it, this tells a slow host from a slow change."""
    words = [f"card {i % 997} of {i}" for i in range(20_000)]
    index = {word: i for i, word in enumerate(words)}
    best = float("inf")
    for _ in range(5):
        started = time.thread_time()
        total = 0
        for word in words:
            total += index[word] + len(word.split(" ", 2)[1])
        best = min(best, time.thread_time() - started)
    return best * 1000


def child(args: argparse.Namespace) -> None:
    import pandas as pd

    from deckcheck import frames
    from deckcheck.cards.store import CardStore

    store = CardStore.open(Path(args.store))
    with open(args.decks, encoding="utf-8") as handle:
        pairs = [json.loads(line) for line in handle]
    texts = pd.Series([t for _, t in pairs], index=pd.Index([i for i, _ in pairs], dtype="str"))
    del pairs
    # each list in its own format: the Commander lists as Commander, the others as Modern
    formats = pd.Series(
        ["commander" if deck_id.startswith("edh-") else "modern" for deck_id in texts.index],
        index=texts.index,
    )
    long = frames.load_decks(texts, store=store) if args.stage == "companions" else None
    reference_before = reference_ms()
    gc.collect()
    with PeakRSS() as memory:
        started, cpu_started = time.perf_counter(), time.thread_time()
        if args.stage == "load":
            result: Any = frames.load_decks(texts, store=store, progress=False)
            rows = len(result)
        elif args.stage == "companions":
            assert long is not None
            result = frames.companion_table(long, format=formats, store=store)
            rows = len(result)
        else:
            result = frames.validate(texts, format=formats, store=store, progress=False)
            rows = len(result.findings)
        seconds = time.perf_counter() - started
        cpu_seconds = time.thread_time() - cpu_started
    print(
        json.dumps(
            {
                "stage": args.stage,
                "n": len(texts),
                "seconds": seconds,
                "cpu_seconds": cpu_seconds,
                "rows": rows,
                "peak_mb": (memory.peak - memory.base) / 2**20,
                "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                "reference_ms": [reference_before, reference_ms()],
            }
        )
    )


# -- the driver --------------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, nargs="+", default=[10_000, 100_000], help="batch sizes")
    parser.add_argument("--stages", nargs="+", choices=STAGES, default=list(STAGES))
    parser.add_argument("--atomic", type=Path, default=DEFAULT_ATOMIC, help="MTGJSON AtomicCards file")
    parser.add_argument(
        "--bundled", action="store_true", help="use the bundled cards even if real data exists"
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="runs per measurement, each in a fresh process; the median is reported and judged",
    )
    parser.add_argument(
        "--workdir", type=Path, help="keep the card store and decks here (default: a temp dir)"
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--stage", help=argparse.SUPPRESS)
    parser.add_argument("--store", help=argparse.SUPPRESS)
    parser.add_argument("--decks", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args)
        return

    from deckcheck.card_facts import facts_builder
    from deckcheck.cards.store import CardStore, card_data_date, stored_facts_current, write_store

    with tempfile.TemporaryDirectory(prefix="deckcheck-bench-") as tmp:
        work = args.workdir or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        records, source, dated = load_records(None if args.bundled else args.atomic)
        tag = "bundled" if source.startswith("bundled") else "mtgjson"
        store = work / f"cards-{tag}.sqlite"
        builder = facts_builder()
        kept = args.workdir and store.is_file()  # a kept work directory reuses its store and decks ...
        if kept:  # ... unless its facts are another release's, or it does not say its data's day
            meta = CardStore.open(store).meta
            kept = stored_facts_current(meta, builder.version) and card_data_date(meta) is not None
        if not kept:
            # as `deckcheck cards import` / `cards update` build it: with the per-card facts and the day
            write_store(records, store, meta={"source": source, **dated}, facts=builder)
        pool = Pool(records, random.Random(args.seed))
        del records
        print(f"card data: {source}; {len(pool.commanders)} commanders; seed {args.seed}", flush=True)
        results = []
        for n in args.n:
            decks = work / f"decks-{tag}-{n}-seed{args.seed}-g{GENERATOR}.jsonl"
            if not (args.workdir and decks.is_file()):
                # written aside and renamed: an interrupted run leaves no short file to reuse
                partial = decks.with_name(decks.name + ".partial")
                with open(partial, "w", encoding="utf-8") as handle:
                    for pair in generate(pool, n, args.seed):
                        handle.write(json.dumps(pair) + "\n")
                os.replace(partial, decks)
            for stage in args.stages:
                command = [
                    sys.executable,
                    __file__,
                    "--child",
                    "--stage",
                    stage,
                    "--store",
                    str(store),
                    "--decks",
                    str(decks),
                ]
                runs = []
                for _ in range(args.repeat):  # a fresh child each time: every run starts cold
                    out = subprocess.run(command, check=True, capture_output=True, text=True, env=os.environ)
                    run = json.loads(out.stdout.strip().splitlines()[-1])
                    runs.append(run)
                    print(
                        f"  N={n:>7,} {stage:<10} {n / run['cpu_seconds']:>10,.0f} decks/s of CPU "
                        f"({n / run['seconds']:,.0f} by the clock, {run['seconds']:.1f} s)  "
                        f"peak +{run['peak_mb']:.0f} MB (maxrss {run['maxrss_mb']:.0f} MB)  "
                        "host reference {:.1f}/{:.1f} ms".format(*run["reference_ms"]),
                        flush=True,
                    )
                # the median run by CPU time; the spread is reported beside it
                runs.sort(key=lambda r: r["cpu_seconds"])
                result = dict(runs[len(runs) // 2])
                result["cpu_range"] = [runs[0]["cpu_seconds"], runs[-1]["cpu_seconds"]]
                result["runs"] = len(runs)
                result["peak_mb"] = max(r["peak_mb"] for r in runs)
                results.append(result)
        (work / "results.json").write_text(json.dumps(results, indent=1))
        print()
        print(
            "| N | stage | decks/s (CPU, median) | range of runs | decks/s (clock) | seconds "
            "| peak memory over baseline | maxrss | host reference before/after |"
        )
        print("|---:|---|---:|---:|---:|---:|---:|---:|---:|")
        for r in results:
            cpu_rate, clock_rate = r["n"] / r["cpu_seconds"], r["n"] / r["seconds"]
            slow, fast = (r["n"] / seconds for seconds in reversed(r["cpu_range"]))
            print(
                f"| {r['n']:,} | {r['stage']} | {cpu_rate:,.0f} | {slow:,.0f}-{fast:,.0f} ({r['runs']} runs) "
                f"| {clock_rate:,.0f} "
                f"| {r['seconds']:.1f} | {r['peak_mb']:.0f} MB | {r['maxrss_mb']:.0f} MB "
                "| {:.1f}/{:.1f} ms |".format(*r["reference_ms"])
            )
        missed = False
        for r in results:
            target = TARGETS.get(r["stage"])
            rate = r["n"] / r["cpu_seconds"]
            if target is not None and rate < target:
                print(f"target missed: {r['stage']} at N={r['n']:,}: {rate:,.0f} < {target:,} decks/s")
                missed = True
            if r["peak_mb"] > 1024:
                print(
                    f"target missed: {r['stage']} at N={r['n']:,}: peak memory {r['peak_mb']:.0f} MB > 1 GB"
                )
                missed = True
        if missed:
            sys.exit(1)


if __name__ == "__main__":
    main()
