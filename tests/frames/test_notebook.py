"""The notebooks run, top to bottom (no network, no display): the metagame notebook on the bundled
corpus, the event notebook on the MTGO event files of ../shared/realdata when it is present."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
# Notebooks over ../shared/realdata (skipped when it is absent).
REALDATA_NOTEBOOKS = {"event_companions.ipynb"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    if path.name in REALDATA_NOTEBOOKS:
        realdata = request.getfixturevalue("realdata")  # skips without ../shared/realdata
        if not any((realdata / "decks" / "mtgo_events").glob("*.json")):
            pytest.skip("no MTGO event files")
        monkeypatch.setenv("DECKCHECK_REALDATA", str(realdata))
    figures = tmp_path / "figures"
    monkeypatch.setenv("DECKCHECK_FIGURES", str(figures))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.delenv("DECKCHECK_CORPUS", raising=False)
    monkeypatch.delenv("DECKCHECK_CARD_DB", raising=False)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()  # a failing cell raises CellExecutionError with its traceback
    if path.name == "companion_metagame.ipynb":
        assert sorted(p.name for p in figures.glob("*.png")) == [
            "blockers.png",
            "eligibility.png",
            "legality.png",
        ]
        last = notebook.cells[-1].outputs[0]["text"]
        assert "identical to the engine's" in last
    if path.name == "event_companions.ipynb":
        assert sorted(p.name for p in figures.glob("*.png")) == ["as_of.png", "companions.png"]
        last = notebook.cells[-1].outputs[0]["text"]
        assert re.search(r"^\d+ decks; companions played: \d+", last)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, "strip the outputs before committing"


def test_notebook_found() -> None:
    assert any(p.name == "companion_metagame.ipynb" for p in NOTEBOOKS)


def test_corpus_is_what_the_script_writes() -> None:
    sys.path.insert(0, str(REPO / "notebooks"))
    try:
        import make_corpus
    finally:
        sys.path.remove(str(REPO / "notebooks"))
    assert make_corpus.main(["--check"]) == 0, "run python notebooks/make_corpus.py"


def test_the_metagame_notebook_counts_the_corpus_it_names() -> None:
    """Its introduction says how many lists data/corpus/ holds: as many as there are."""
    from deckcheck.discovery import decklists_under

    notebook = nbformat.read(REPO / "notebooks" / "companion_metagame.ipynb", as_version=4)
    said = re.search(r"`data/corpus/`: (\d+) lists", " ".join(notebook.cells[0].source.split()))
    assert said is not None, "the notebook no longer says how many lists the corpus holds"
    assert int(said[1]) == len(decklists_under(REPO / "data" / "corpus"))
