"""The batch functions run per partition on a Dask cluster and give the in-memory frames.

A local cluster stands in for a real one: the same tasks, the same (de)serialisation of partitions
and results. Marked slow (a cluster takes seconds to start)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

dask = pytest.importorskip("dask")
dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")

from deckcheck import batch, frames  # noqa: E402
from deckcheck.cards.store import CardStore  # noqa: E402

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


def test_map_partitions_gives_the_in_memory_frames(
    threaded_client: distributed.Client, corpus: pd.DataFrame, expected: frames.Results
) -> None:
    texts = dd.from_pandas(corpus, npartitions=4)
    assert texts.npartitions > 1
    for table in ("findings", "companions", "summary", "metadata"):
        lazy = texts.map_partitions(
            frames.validate_partition, format="modern", table=table, meta=frames.meta(table)
        )
        same(lazy.compute(), getattr(expected, table))


def test_validate_dask_runs_each_partition_once(
    threaded_client: distributed.Client, corpus: pd.DataFrame, expected: frames.Results
) -> None:
    results = frames.validate_dask(dd.from_pandas(corpus, npartitions=3), format="modern", breakers=True)
    findings, companions, summary, breakers = dask.compute(
        results.findings, results.companions, results.summary, results.breakers
    )
    same(findings, expected.findings)
    same(companions, expected.companions)
    same(summary, expected.summary)
    assert expected.breakers is not None
    same(breakers, expected.breakers)


def test_a_format_column_per_deck(threaded_client: distributed.Client, corpus: pd.DataFrame) -> None:
    with_formats = corpus.assign(format=[deck_id.split("/")[0] for deck_id in corpus.index])
    expected = frames.validate(corpus["text"], format=with_formats["format"], store=CardStore.bundled())
    results = frames.validate_dask(dd.from_pandas(with_formats, npartitions=3), format_column="format")
    findings, summary = dask.compute(results.findings, results.summary)
    same(findings, expected.findings)
    same(summary, expected.summary)
    assert set(summary["format"]) == {"commander", "legacy", "modern", "vintage"}


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
        same(summary, expected.summary)
        contexts = client.run(lambda: len(batch._CONTEXTS))
        stores = client.run(lambda: len(batch._STORES))
    assert set(contexts.values()) <= {0, 1} and sum(contexts.values()) >= 1
    assert set(stores.values()) <= {0, 1}
