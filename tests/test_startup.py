"""A one-deck check of a .txt decklist imports only what it uses: the modules benchmarks/bench_startup.py
lists as not needed (NOT_FOR_TEXT: the batch side, the other formats' readers, the writers, a built
store, did-you-mean, the format history, the Commander rules, inference) stay unimported, so a
later change cannot bring them back unnoticed."""

from __future__ import annotations

import importlib.util
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
