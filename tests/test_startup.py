"""A one-deck check of a .txt decklist imports only what it uses: the modules benchmarks/bench_startup.py
lists as not needed (NOT_FOR_TEXT: the batch side, the other formats' readers, the writers, a built
store, did-you-mean, the format history, the Commander rules, inference) stay unimported, so a
later change cannot bring them back unnoticed."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[1]


def load_bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(REPO / "benchmarks"))  # it imports bench_batch beside it
    spec = importlib.util.spec_from_file_location("bench_startup", REPO / "benchmarks" / "bench_startup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_text_check_imports_nothing_it_does_not_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bench = load_bench(monkeypatch)
    deck = REPO / "data" / "decks" / "modern-burn.txt"  # `// format: modern`, every card in the bundled set
    imported = bench.imported_modules(deck, bench.environment(tmp_path, None))
    assert "deckcheck.rules.companions" in imported  # the probe saw a check run
    assert sorted(imported & set(bench.NOT_FOR_TEXT)) == []


def test_the_command_imports_the_cli_with_the_collector_paused_then_frozen(tmp_path: Path) -> None:
    """deckcheck.__main__.main (``python -m deckcheck`` and the ``deckcheck`` command) imports the
    CLI without cyclic collections, freezes what the imports made, and runs with the collector on."""
    probe = (
        "import gc, sys\n"
        "from deckcheck import __main__ as entry\n"
        "assert 'deckcheck.cli' not in sys.modules\n"
        "sys.argv = ['deckcheck', '--version']\n"
        "try:\n"
        "    entry.main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(gc.isenabled(), gc.get_freeze_count() > 10_000, 'deckcheck.cli' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.split()[-3:] == ["True", "True", "True"]
    assert "deckcheck" in done.stdout  # the version line: the CLI ran
    with open(REPO / "pyproject.toml", "rb") as handle:
        scripts = tomllib.load(handle)["project"]["scripts"]
    assert scripts["deckcheck"] == "deckcheck.__main__:main"
