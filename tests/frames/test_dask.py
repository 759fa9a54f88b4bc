"""The batch functions run per partition on a Dask cluster and give the in-memory frames.

A local cluster stands in for a real one: the same tasks, the same (de)serialisation of partitions
and results. Marked slow (a cluster takes seconds to start)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

dask = pytest.importorskip("dask")
dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")

from deckcheck import batch, frames  # noqa: E402
from deckcheck.cards.store import CardStore  # noqa: E402
from tests.decklist.test_events import cache_event, mtgo_event  # noqa: E402

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "data" / "corpus"


@pytest.fixture(scope="module")
def corpus() -> pd.DataFrame:
    paths = sorted(CORPUS.rglob("*.txt"))
    return pd.DataFrame(
        {"text": [p.read_text(encoding="utf-8") for p in paths]},
        index=pd.Index([p.relative_to(CORPUS).as_posix() for p in paths], name="deck_id", dtype="str"),
    )


@pytest.fixture(scope="module")
def expected(corpus: pd.DataFrame) -> frames.Results:
    return frames.validate(corpus["text"], format="modern", store=CardStore.bundled(), breakers=True)


@pytest.fixture(scope="module")
def threaded_client() -> Iterator[distributed.Client]:
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def normal(frame: pd.DataFrame) -> pd.DataFrame:
    """Sorted by deck, every string column as pandas' default string type (Dask reads text into
    pyarrow strings with <NA>; pandas' default uses NaN: the same values)."""
    strings = {c: "str" for c in frame.columns if isinstance(frame[c].dtype, pd.StringDtype)}
    return frame.astype(strings).sort_values("deck_id", kind="stable").reset_index(drop=True)


def same(got: pd.DataFrame, want: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(normal(got), normal(want))


def same_summary(got: pd.DataFrame, want: pd.DataFrame) -> None:
    """The Dask summary declares every event column up front (docs/dask.md); validate's has those
    its decks have (the corpus: none), so the others must be all <NA> and the rest validate's."""
    undeclared = [column for column in frames.EVENT_COLUMNS if column not in want.columns]
    assert set(frames.EVENT_COLUMNS) <= set(got.columns)
    assert got[undeclared].isna().all().all()
    same(got.drop(columns=undeclared), want)


def test_map_partitions_gives_the_in_memory_frames(
    threaded_client: distributed.Client, corpus: pd.DataFrame, expected: frames.Results
) -> None:
    texts = dd.from_pandas(corpus, npartitions=4)
    assert texts.npartitions > 1
    for table in ("findings", "companions", "summary", "metadata"):
        lazy = texts.map_partitions(
            frames.validate_partition, format="modern", table=table, meta=frames.meta(table)
        )
        (same_summary if table == "summary" else same)(lazy.compute(), getattr(expected, table))


def test_validate_dask_runs_each_partition_once(
    threaded_client: distributed.Client, corpus: pd.DataFrame, expected: frames.Results
) -> None:
    results = frames.validate_dask(dd.from_pandas(corpus, npartitions=3), format="modern", breakers=True)
    findings, companions, summary, breakers = dask.compute(
        results.findings, results.companions, results.summary, results.breakers
    )
    same(findings, expected.findings)
    same(companions, expected.companions)
    same_summary(summary, expected.summary)
    assert expected.breakers is not None
    same(breakers, expected.breakers)


def test_a_format_column_per_deck(threaded_client: distributed.Client, corpus: pd.DataFrame) -> None:
    with_formats = corpus.assign(format=[deck_id.split("/")[0] for deck_id in corpus.index])
    expected = frames.validate(corpus["text"], format=with_formats["format"], store=CardStore.bundled())
    results = frames.validate_dask(dd.from_pandas(with_formats, npartitions=3), format_column="format")
    findings, summary = dask.compute(results.findings, results.summary)
    same(findings, expected.findings)
    same_summary(summary, expected.summary)
    assert set(summary["format"]) == {"commander", "legacy", "modern", "vintage"}


def event_files(folder: Path, names: list[str], monkeypatch: pytest.MonkeyPatch) -> pd.DataFrame:
    """The files ``names`` of ``folder`` as a frame of their text indexed by name (the current
    directory ``folder``: validate gives their decks the deck ids the frame's rows do)."""
    monkeypatch.chdir(folder)
    texts = [(folder / name).read_text(encoding="utf-8") for name in names]
    return pd.DataFrame({"text": texts}, index=pd.Index(names, name="deck_id", dtype="str"))


def same_as_validate(files: pd.DataFrame, format: str) -> pd.DataFrame:
    """validate_dask over ``files``, two partitions, against validate over the same files."""
    want = frames.validate(files.index.tolist(), format=format, store=CardStore.bundled())
    results = frames.validate_dask(dd.from_pandas(files, npartitions=2), format=format)
    summary, findings, metadata = dask.compute(results.summary, results.findings, results.metadata)
    assert summary.columns.tolist() == results.summary.columns.tolist() == want.summary.columns.tolist()
    same(summary, want.summary)
    same(findings, want.findings)
    same(metadata, want.metadata)
    return summary


def test_validate_dask_gives_validates_summary_of_event_files(
    threaded_client: distributed.Client, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: the Dask summary had no event columns, so an analyst moving from validate to
    validate_dask over the same event files lost player, result, wins, rank... It has the same
    columns, dtypes and values as validate's (a plain list's event columns <NA>)."""
    documents = {
        "mtgo.json": json.dumps(mtgo_event()),
        "cache.json": json.dumps(cache_event()),
        "burn.txt": "4 Lightning Bolt\n56 Mountain\n",
    }
    for name, text in documents.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    summary = same_as_validate(event_files(tmp_path, list(documents), monkeypatch), "modern")
    bob = summary.set_index("deck_id").loc["mtgo.json#bob"]
    assert (bob["player"], bob["wins"], bob["rank"]) == ("bob", 3, 1)
    assert summary["rank"].dtype == "Int64" and summary["draws"].dtype == "Int64"


@pytest.mark.realdata
def test_validate_dask_over_the_real_mtgo_event_files(
    threaded_client: distributed.Client, realdata: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same on the real MTGO files (a challenge with ranks, a league with records)."""
    folder = realdata / "decks" / "mtgo_events"
    names = sorted(path.name for path in folder.glob("*.json"))
    if len(names) < 2:
        pytest.skip("fewer than two MTGO event files")
    summary = same_as_validate(event_files(folder, names, monkeypatch), "pauper")
    assert summary["player"].notna().all() and summary["event"].nunique() == len(names)


def test_companion_table_per_partition(threaded_client: distributed.Client) -> None:
    store = CardStore.bundled()
    long = frames.load_decks(CORPUS, store=store)
    partitioned = dd.from_pandas(long.set_index("deck_id"), npartitions=3, sort=True)  # a deck per partition
    lazy = partitioned.map_partitions(
        frames.companion_partition, format="modern", meta=frames.meta("companions")
    )
    same(lazy.compute(), frames.companion_table(long, format="modern", store=store))


def test_worker_processes_build_their_caches_once(corpus: pd.DataFrame, expected: frames.Results) -> None:
    """Two worker processes: tasks ship text and a format name, each worker opens the store and
    builds its card caches on its first task, and reuses them for every later one."""
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        texts = dd.from_pandas(corpus, npartitions=6)
        summary = texts.map_partitions(
            frames.validate_partition, format="modern", table="summary", meta=frames.meta("summary")
        ).compute()
        same_summary(summary, expected.summary)
        contexts = client.run(lambda: len(batch._CONTEXTS))
        stores = client.run(lambda: len(batch._STORES))
    assert set(contexts.values()) <= {0, 1} and sum(contexts.values()) >= 1
    assert set(stores.values()) <= {0, 1}


def test_the_recipes_of_docs_dask_md(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, corpus: pd.DataFrame
) -> None:
    """docs/dask.md's recipes run as written, their bucket a local folder and their store the
    bundled card set, and give every deck's rows (the companion table: the in-memory one)."""
    page = (REPO / "docs" / "dask.md").read_text(encoding="utf-8")
    code = "\n".join(re.findall(r"^```python\n(.*?)^```", page, flags=re.MULTILINE | re.DOTALL))
    assert "s3://bucket/" in code and '"/shared/deckcheck/cards.sqlite"' in code
    code = code.replace("s3://bucket/", (tmp_path / "bucket").as_posix() + "/")
    code = code.replace('"/shared/deckcheck/cards.sqlite"', "None")  # (open_store(): the bundled set)
    monkeypatch.chdir(tmp_path)  # (the recipes write to out/)
    with_formats = corpus.assign(format=[deck_id.split("/")[0] for deck_id in corpus.index])
    dd.from_pandas(with_formats, npartitions=3).to_parquet(tmp_path / "bucket" / "decklists")
    long = frames.load_decks(CORPUS, store=CardStore.bundled())
    written = dd.from_pandas(long, npartitions=2, sort=False)
    first, second = (written.get_partition(i).compute()["deck_id"] for i in (0, 1))
    assert first.iloc[-1] == second.iloc[0]  # a deck cut at the partitions' border, as a job may write it
    written.to_parquet(tmp_path / "out" / "entries")
    namespace: dict[str, object] = {}
    exec(compile(code, "docs/dask.md", "exec"), namespace)
    decks = len(corpus)
    assert len(dd.read_parquet(tmp_path / "bucket" / "deckcheck" / "summary")) == decks
    summary = namespace["summary"]
    assert isinstance(summary, pd.DataFrame) and len(summary) == decks
    assert set(summary["format"]) == {"commander", "legacy", "modern", "vintage"}
    assert len(dd.read_parquet(tmp_path / "out" / "companions")) == 10 * decks
    # (the entries as written cut a deck at their partitions' end: the recipe puts it back together)
    table = namespace["table"].compute()  # type: ignore[attr-defined]
    same(table, frames.companion_table(long, format="modern", store=CardStore.bundled()))
