"""Hostile-input costs that must stay bounded: per-path glob matching against deep paths, and the
memory of `cards import` on the real AtomicCards file and on a small gzip of one huge entry.

    python benchmarks/bench_inputs.py

Targets: a glob of 30 repeated ``**/`` against a 200-folder path in well under a second (a
backtracking regex took about a minute); `cards import` of the real file and of the hostile file
each peaking under 200 MB (the file is streamed entry by entry). Exits 1 when a target is missed.
"""

from __future__ import annotations

import gzip
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ATOMIC = REPO.parent / "shared" / "realdata" / "AtomicCards-2022-04-25.json.gz"
IMPORT = """
import resource, sys
from pathlib import Path
from deckcheck.cards.mtgjson import import_atomic_cards
from deckcheck.errors import CardDataError
try:
    print(import_atomic_cards(Path(sys.argv[1]), Path(sys.argv[2])).summary())
except CardDataError as exc:
    print("refused:", exc.message)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def glob_seconds() -> float:
    sys.path.insert(0, str(REPO))
    from deckcheck.config import glob_matches

    glob = "**/" * 30 + "x.txt"
    path = "/".join(["d"] * 200) + "/y.txt"
    started = time.perf_counter()
    glob_matches(glob, path)
    return time.perf_counter() - started


def import_peak_mb(source: Path, workdir: Path) -> tuple[str, int]:
    done = subprocess.run(
        [sys.executable, "-c", IMPORT, str(source), str(workdir / "cards.sqlite")],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    )
    *lines, peak = done.stdout.strip().splitlines()
    return " ".join(lines), int(peak)


def main() -> int:
    failed = False
    seconds = glob_seconds()
    print(f"glob of 30 '**/' against a 200-folder path: {seconds * 1000:.1f} ms")
    failed |= seconds > 1.0
    with tempfile.TemporaryDirectory() as scratch:
        workdir = Path(scratch)
        hostile = workdir / "huge-entry.json.gz"
        with gzip.open(hostile, "wb") as out:  # written in pieces: this process stays small
            out.write(b'{"meta": {}, "data": {"Bolt": [{"name": "Bolt", "text": "')
            for _ in range(512):
                out.write(b"x" * (1 << 20))
            out.write(b'"}]}}')
        outcome, peak = import_peak_mb(hostile, workdir)
        size = hostile.stat().st_size / 1e6
        print(f"cards import of a {size:.1f} MB gzip of one 512 MB entry: {peak} MB peak; {outcome}")
        failed |= peak > 200
        if ATOMIC.is_file():
            outcome, peak = import_peak_mb(ATOMIC, workdir)
            print(f"cards import of {ATOMIC.name}: {peak} MB peak; {outcome}")
            failed |= peak > 200
    print("resources of this process:", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, "MB")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
