"""Benchmark `deckcheck check --output json` against `--output text` on the same files.

    python benchmarks/bench_json.py [--runs 3] [--files 1000] [--store PATH] [--tree PATH]

Two inputs: the decklists in data/decks, and a folder of --files deck files (data/decks' .txt lists
copied round-robin). Each (input, output) runs --runs times in fresh processes, text and JSON
alternately (so a change in the shared host's speed hits both alike), with compiled bytecode and
output discarded; the table shows medians and the ratio JSON / text. Then, in process, the JSON
document of the folder run is written by the reporter's writer and by ``json.dumps(indent=2)``, and
the folder's deck records as the run writes them (``reporters.deck_json``, straight from the
results) against through their dicts (``deck_record`` and the writer), where the tree has both.
Without --store the bundled card set is read (an empty cache home hides any local store). --tree
times another checkout of deckcheck (an older commit, to compare).

Target: JSON within 1.3 x text on both inputs. Exits 1 when it is missed.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RATIO_TARGET = 1.3

sys.path.insert(0, str(Path(__file__).resolve().parent))
import stores  # noqa: E402, F401  (the day decks are checked on: the card data's)
from bench_batch import reference_ms  # noqa: E402


def environment(tree: Path, scratch: Path, store: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("DECKCHECK_CARD_DB", None)
    env.pop("DECKCHECK_CACHE_DIR", None)
    env.update(
        PYTHONPATH=str(tree),
        PYTHONPYCACHEPREFIX=str(scratch / "pycache"),
        XDG_CACHE_HOME=str(scratch / "cache"),
    )
    if store is not None:
        env["DECKCHECK_CARD_DB"] = str(store)
    return env


def make_folder(directory: Path, count: int) -> Path:
    sources = sorted((REPO / "data" / "decks").rglob("*.txt"))
    folder = directory / "decks"
    folder.mkdir()
    for index in range(count):
        source = sources[index % len(sources)]
        shutil.copyfile(source, folder / f"{index:05d}-{source.name}")
    return folder


def timed(args: Sequence[str], env: dict[str, str], cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run(
        list(args), env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    return time.perf_counter() - started


def writer_times(folder: Path, tree: Path) -> tuple[float, float, int, tuple[float, float] | None]:
    """(the reporter's JSON writer, json.dumps(indent=2) of the same document, characters, and the
    deck records written from the results against through their dicts), CPU s."""
    sys.path.insert(0, str(tree))
    from deckcheck import reporters
    from deckcheck.cli import cli, iter_outcomes
    from deckcheck.discovery import expand_inputs
    from deckcheck.session import CheckOptions, Session

    captured = io.StringIO()
    real_stdout = sys.stdout
    sys.stdout = captured
    try:
        cli.main(["check", "--output", "json", str(folder)], prog_name="deckcheck")
    except SystemExit:
        pass
    finally:
        sys.stdout = real_stdout
    document = json.loads(captured.getvalue())

    def best(write: object) -> float:
        fastest = float("inf")
        for _ in range(3):
            started = time.thread_time()
            write()  # type: ignore[operator]
            fastest = min(fastest, time.thread_time() - started)
        return fastest

    ours = best(lambda: reporters.json_text(document))
    stdlib = best(lambda: json.dumps(document, indent=2, ensure_ascii=False))
    records: tuple[float, float] | None = None
    direct = getattr(reporters, "deck_json", None)
    if direct is not None:
        outcomes = iter_outcomes(Session(CheckOptions()), expand_inputs([str(folder)], lambda message: None))
        results = [outcome for outcome in outcomes if isinstance(outcome, reporters.DeckResult)]
        records = (
            best(lambda: [direct(result) for result in results]),
            best(lambda: [reporters._json_item(reporters.deck_record(result), "    ") for result in results]),
        )
    return ours, stdlib, len(captured.getvalue()), records


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--store", type=Path, default=None)
    parser.add_argument("--tree", type=Path, default=REPO, help="the deckcheck checkout to time")
    args = parser.parse_args(argv)

    rows: list[tuple[str, float, float]] = []
    with tempfile.TemporaryDirectory(prefix="deckcheck-json-") as tmp:
        scratch = Path(tmp)
        env = environment(args.tree, scratch, args.store)
        folder = make_folder(scratch, args.files)
        inputs = [("data/decks", REPO / "data" / "decks"), (f"{args.files:,} deck files", folder)]
        before = reference_ms()
        for label, path in inputs:
            commands = {
                output: [sys.executable, "-m", "deckcheck", "check", "--output", output, str(path)]
                for output in ("text", "json")
            }
            timed(commands["text"], env, scratch)  # compiles bytecode; not timed
            times: dict[str, list[float]] = {"text": [], "json": []}
            for _ in range(args.runs):
                for output, command in commands.items():
                    times[output].append(timed(command, env, scratch))
            rows.append((label, statistics.median(times["text"]), statistics.median(times["json"])))
        after = reference_ms()
        os.environ.update({k: v for k, v in env.items() if k.startswith(("DECKCHECK", "XDG"))})
        ours, stdlib, characters, records = writer_times(folder, args.tree)

    print(f"host reference before/after: {before:.1f} / {after:.1f} ms (about 4.4 ms when the host is quick)")
    print(f"tree: {args.tree}; cards: {args.store or 'bundled card set'}; medians of {args.runs} runs")
    print(f"| {'input':<20} | {'text':>8} | {'json':>8} | {'json / text':>11} |")
    print(f"|{'-' * 22}|{'-' * 10}|{'-' * 10}|{'-' * 13}|")
    met = True
    for label, text_s, json_s in rows:
        ratio = json_s / text_s
        met = met and ratio <= RATIO_TARGET
        print(f"| {label:<20} | {text_s:7.2f}s | {json_s:7.2f}s | {ratio:11.2f} |")
    print(f"target json / text <= {RATIO_TARGET}: {'met' if met else 'MISSED'}")
    print(
        f"in process, the folder's JSON document ({characters / 1e6:.1f} M characters): reporter "
        f"{ours:.2f}s, json.dumps(indent=2) {stdlib:.2f}s ({stdlib / ours:.1f} x)"
    )
    if records is not None:
        direct, through_dicts = records
        print(
            f"in process, the folder's deck records: written from the results {direct:.2f}s, through "
            f"their dicts {through_dicts:.2f}s ({through_dicts / direct:.1f} x)"
        )
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
