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
    notebook = _executed(path, figures, monkeypatch)
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


def _executed(path: Path, figures: Path, monkeypatch: pytest.MonkeyPatch) -> nbformat.NotebookNode:
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
    return notebook


def _mtgo_event(day: str, main: dict[str, int], sideboard: dict[str, int]) -> dict[str, object]:
    def cards(counts: dict[str, int]) -> list[dict[str, object]]:
        return [{"qty": str(n), "card_attributes": {"card_name": name}} for name, n in counts.items()]

    deck = {"player": "alice", "loginid": "1", "main_deck": cards(main), "sideboard_deck": cards(sideboard)}
    return {"name": "Modern Challenge", "format": "CMODERN", "starttime": day, "decklists": [deck]}


def test_the_event_notebook_reads_a_companions_legality_on_the_day_from_the_history(
    atomic_cards_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lurrus was legal in Modern on 2021-06-01 (banned 2022-03-07), a day the history covers: the
    table says so, beside the card data's own day (2022-04-25: banned). It said "not verified" for
    every companion, whatever the events and the history held."""
    import json

    events = tmp_path / "realdata" / "decks" / "mtgo_events"
    events.mkdir(parents=True)
    (tmp_path / "realdata" / atomic_cards_path.name).symlink_to(atomic_cards_path)
    event = _mtgo_event("2021-06-01", {"Lightning Bolt": 4, "Mountain": 56}, {"Lurrus of the Dream-Den": 1})
    (events / "modern-challenge-2021-06-01.json").write_text(json.dumps(event), encoding="utf-8")
    monkeypatch.setenv("DECKCHECK_REALDATA", str(tmp_path / "realdata"))
    notebook = _executed(REPO / "notebooks" / "event_companions.ipynb", tmp_path / "figures", monkeypatch)
    [cell] = [c for c in notebook.cells if 'counts["legal on the day"]' in c.source]
    table = cell.outputs[0]["data"]["text/plain"]
    [lurrus] = [line for line in table.splitlines() if line.startswith("Lurrus")]
    assert "not verified" not in lurrus and " legal " in f"{lurrus} " and "modern: banned" in lurrus


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
