"""Benchmark the peak memory of `deckcheck check` on a folder: 1,000 files against 10,000.

    python benchmarks/bench_memory.py [--small 1000] [--large 10000] [--store PATH] [--tree PATH]

Two folders of deck files (data/decks' .txt lists copied round-robin, as bench_json.py makes them)
are checked with `python -m deckcheck check DIR` in fresh processes, once per output format (text,
json, github; github with a job summary file), output written to a file. The peak resident memory
of each child is its own maxrss (``os.wait4``), so one run's peak never hides another's. Without
--store the bundled card set is read (an empty cache home hides any local store); --tree measures
another checkout of deckcheck (an older commit, to compare).

Target: flat memory, the results streamed as they are produced: for every output format the
--large run peaks within 1.3 x the --small run. Exits 1 when it is missed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RATIO_TARGET = 1.3
OUTPUTS = ("text", "json", "github")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_batch import reference_ms  # noqa: E402
from bench_json import environment, make_folder  # noqa: E402


def peak_rss(args: list[str], env: dict[str, str], output: Path) -> tuple[int, int, float, int]:
    """(maxrss in KiB of this child alone, exit code, seconds, bytes written) of one run."""
    started = time.perf_counter()
    with open(output, "wb") as stdout:
        process = subprocess.Popen(args, env=env, stdout=stdout, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen.wait
    return usage.ru_maxrss, process.returncode, time.perf_counter() - started, output.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--small", type=int, default=1000, help="files in the smaller folder")
    parser.add_argument("--large", type=int, default=10000, help="files in the larger folder")
    parser.add_argument("--store", type=Path, help="a built card store (default: the bundled card set)")
    parser.add_argument("--tree", type=Path, default=REPO, help="the deckcheck checkout to run")
    parser.add_argument("--outputs", default=",".join(OUTPUTS), help="comma-separated output formats")
    args = parser.parse_args(argv)
    outputs = [name for name in args.outputs.split(",") if name]

    before = reference_ms()
    rows: list[tuple[str, list[tuple[int, int, float, int]]]] = []
    with tempfile.TemporaryDirectory(prefix="deckcheck-memory-") as tmp:
        scratch = Path(tmp)
        env = environment(args.tree.resolve(), scratch, args.store)
        folders = []
        for count in (args.small, args.large):
            (scratch / str(count)).mkdir()
            folders.append(make_folder(scratch / str(count), count))
        command = [sys.executable, "-m", "deckcheck", "check", "--no-config"]
        # one deck first: bytecode is compiled into the scratch prefix before anything is measured
        subprocess.run(
            [*command, str(REPO / "data" / "decks" / "modern-burn.txt")], env=env, capture_output=True
        )
        for output in outputs:
            runs = []
            for folder in folders:
                run_env = dict(env)
                if output == "github":
                    run_env["GITHUB_STEP_SUMMARY"] = str(scratch / "summary.md")
                runs.append(peak_rss([*command, "-o", output, str(folder)], run_env, scratch / "out"))
                print(f"{output} {folder.parent.name} files: {runs[-1][0] / 1024:.0f} MB", file=sys.stderr)
            rows.append((output, runs))
    after = reference_ms()

    print(f"host reference before/after: {before:.1f} / {after:.1f} ms (about 4.4 ms when the host is quick)")
    print(f"tree: {args.tree}; cards: {args.store or 'bundled card set'}")
    small, large = f"{args.small:,} files", f"{args.large:,} files"
    print(f"| output | {small} peak | {large} peak | ratio | {large} time | exit |")
    print("|---|---:|---:|---:|---:|---:|")
    missed = []
    for output, ((small_kb, _, _, _), (large_kb, code, seconds, written)) in rows:
        ratio = large_kb / small_kb
        if ratio > RATIO_TARGET:
            missed.append(output)
        print(
            f"| {output} | {small_kb / 1024:.0f} MB | {large_kb / 1024:.0f} MB | {ratio:.2f} | "
            f"{seconds:.1f} s ({written / 1e6:.0f} MB out) | {code} |"
        )
    if missed:
        print(f"MISSED: {', '.join(missed)} above {RATIO_TARGET} x", file=sys.stderr)
        return 1
    print(f"OK: every output within {RATIO_TARGET} x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
