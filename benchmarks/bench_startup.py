"""Benchmark the start-up of a one-deck `deckcheck check` against `python -c "import click"`.

    python benchmarks/bench_startup.py [--runs 21] [--deck data/decks/modern-burn.txt] [--store PATH]
                                       [--baseline DIR]

Both commands run in fresh processes, alternately (so a change in the shared host's speed hits both
alike), with compiled bytecode and output discarded; the table shows medians and the ratio. Without
--store the check reads the bundled card set (an empty cache home hides any local store); with
--store it reads that built store (`deckcheck cards import` writes one). With --baseline DIR (a
checkout of another revision, e.g. `git worktree add ../before main`) that tree's check is timed
in the same alternating loop, so a before/after comparison sees the same host.

The script also lists the modules a one-deck check of a .txt file imports that it should not need
(NOT_FOR_TEXT: pandas and numpy, the other formats' readers, the writers, a built store's sqlite3,
did-you-mean, the format history, the Commander rules, inference; json itself is allowed: the
bundled card set is JSON).

Target: the one-deck check within 2 x `import click`, and none of those modules imported. Exits 1
when the target is missed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RATIO_TARGET = 2.0
# What a one-deck check of a .txt decklist in a named format, every card known, must not import
# (tests/test_startup.py holds the check to it).
NOT_FOR_TEXT = (
    # the batch and analyst side
    "pandas",
    "numpy",
    "deckcheck.frames",
    "deckcheck.batch",
    "deckcheck.fastcheck",
    "deckcheck.card_facts",
    "deckcheck.rules.companion_arrays",
    "deckcheck.rules.chunk",
    # the other input formats' readers
    "xml",
    "xml.etree.ElementTree",
    "csv",
    "html",  # (and html.parser: a name with an HTML entity imports it when met)
    "html.parser",
    "deckcheck.decklist.xml_formats",
    "deckcheck.decklist.json_formats",
    "deckcheck.decklist.csv_format",
    "deckcheck.decklist.html_page",
    "deckcheck.decklist.events",
    # writing files: export, card updates
    "deckcheck.decklist.writers",
    "deckcheck.export",
    "tempfile",
    "requests",
    "requests_cache",
    # a built card store (the bundled set is JSON), and finding it through platformdirs
    "sqlite3",
    "base64",
    "platformdirs",
    "importlib.resources",
    # did-you-mean: for a name or format that is not known
    "deckcheck.cards.suggest",
    "difflib",
    # the format history: only when a date is asked for
    "deckcheck.history",
    # the Commander rules: only for a format with a command zone or a deck marking a commander; the
    # reading of a sideboard as the command zone only for a format with one
    "deckcheck.rules.commander",
    "deckcheck.rules.families",
    "deckcheck.command_zone",
    # the shape of a deck with no format given
    "deckcheck.inference",
)

sys.path.insert(0, str(REPO))
from bench_batch import reference_ms  # noqa: E402


def environment(scratch: Path, store: Path | None, tree: Path = REPO) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("DECKCHECK_CARD_DB", None)
    env.pop("DECKCHECK_CACHE_DIR", None)
    # An empty cache home: the check looks for a local store where a user's would be, finds none.
    env.update(
        PYTHONPATH=str(tree),
        PYTHONPYCACHEPREFIX=str(scratch / "pycache" / tree.name),
        XDG_CACHE_HOME=str(scratch / "cache"),
    )
    if store is not None:
        env["DECKCHECK_CARD_DB"] = str(store)
    return env


def timed(args: Sequence[str], env: dict[str, str]) -> float:
    # run from the tree's own folder: `python -m` puts the working directory first on sys.path
    started = time.perf_counter()
    subprocess.run(
        list(args), env=env, cwd=env["PYTHONPATH"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    return time.perf_counter() - started


def imported_modules(deck: Path, env: dict[str, str]) -> set[str]:
    """The modules a one-deck check has imported by the time it exits."""
    probe = (
        "import sys, atexit\n"
        "atexit.register(lambda: print('\\n'.join(sorted(sys.modules)), file=sys.__stderr__))\n"
        "from deckcheck.cli import main\n"
        f"sys.argv = ['deckcheck', 'check', {str(deck)!r}]\n"
        "main()\n"
    )
    process = subprocess.run(
        [sys.executable, "-c", probe], env=env, cwd=env["PYTHONPATH"], capture_output=True, text=True
    )
    return set(process.stderr.split())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--deck", type=Path, default=REPO / "data" / "decks" / "modern-burn.txt")
    parser.add_argument("--store", type=Path, default=None)
    parser.add_argument("--baseline", type=Path, default=None, help="another checkout, timed alongside")
    args = parser.parse_args(argv)
    deck = args.deck.resolve()

    with tempfile.TemporaryDirectory(prefix="deckcheck-startup-") as tmp:
        scratch = Path(tmp)
        env = environment(scratch, args.store)
        click_cmd = [sys.executable, "-c", "import click"]
        check_cmd = [sys.executable, "-m", "deckcheck", "check", str(deck)]
        commands = [(click_cmd, env), (check_cmd, env)]
        if args.baseline is not None:
            commands.append((check_cmd, environment(scratch, args.store, args.baseline.resolve())))
        # The first runs compile bytecode into the scratch cache; not timed.
        for command, command_env in commands:
            timed(command, command_env)
        before = reference_ms()
        times: list[list[float]] = [[] for _ in commands]
        for _ in range(args.runs):
            for column, (command, command_env) in zip(times, commands, strict=True):
                column.append(timed(command, command_env))
        after = reference_ms()
        unwanted = sorted(imported_modules(deck, env) & set(NOT_FOR_TEXT))

    click_times, check_times = times[0], times[1]
    click_ms = statistics.median(click_times) * 1000
    check_ms = statistics.median(check_times) * 1000
    ratio = check_ms / click_ms
    store = str(args.store) if args.store else "bundled card set"
    print(f"host reference before/after: {before:.1f} / {after:.1f} ms (about 4.4 ms when the host is quick)")
    print(f"deck: {args.deck.name}; cards: {store}; {args.runs} alternating runs each, medians")
    print(f"| {'command':<46} | {'median':>8} | {'min':>8} |")
    print(f"|{'-' * 48}|{'-' * 10}|{'-' * 10}|")
    rows = [
        ('python -c "import click"', click_ms, min(click_times) * 1000),
        (f"deckcheck check {args.deck.name}", check_ms, min(check_times) * 1000),
    ]
    if args.baseline is not None:
        base = times[2]
        rows.append(
            (f"the same, {args.baseline.name} tree", statistics.median(base) * 1000, min(base) * 1000)
        )
    for label, median_ms, min_ms in rows:
        print(f"| {label:<46} | {median_ms:6.1f}ms | {min_ms:6.1f}ms |")
    if args.baseline is not None:
        base_ratio = statistics.median(times[2]) * 1000 / click_ms
        print(f"ratio {args.baseline.name} tree / import click: {base_ratio:.2f}")
    met = ratio <= RATIO_TARGET and not unwanted
    verdict = "met" if ratio <= RATIO_TARGET else "MISSED"
    print(f"ratio check / import click: {ratio:.2f} (target <= {RATIO_TARGET}: {verdict})")
    print(f"modules a .txt check should not import: {', '.join(unwanted) if unwanted else 'none'}")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
