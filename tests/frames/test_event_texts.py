"""An event document given as text (a Series of decklist text, a DataFrame's text column) is split
into its decks as a path to the same file is: each deck at ``ID#player`` (``ID`` the row's id),
checked in the event's format and as of its date, in every function of the pandas API."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from deckcheck import frames
from deckcheck.cards.store import CardStore
from tests.decklist.test_events import cache_event, mtgo_card, mtgo_event

BURN = "4 Lightning Bolt\n4 Goblin Guide\n52 Mountain\n"
MTGO_IDS = ["mtgo.json#alice", "mtgo.json#bob"]
CACHE_IDS = ["cache.json#carol", "cache.json#deck-2", "cache.json#rank-3"]
TABLES = ("findings", "companions", "summary", "metadata")


@pytest.fixture(scope="module")
def store() -> CardStore:
    return CardStore.bundled()


@pytest.fixture
def documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Two event documents and a plain list, as files of the current directory (so a path source's
    deck ids are their names, as the Series' index gives them) and as their text."""
    monkeypatch.chdir(tmp_path)
    texts = {
        "mtgo.json": json.dumps(mtgo_event(), indent=1),
        "cache.json": json.dumps(cache_event()),
        "burn.txt": BURN,
    }
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return texts


def series(documents: dict[str, str]) -> pd.Series:
    return pd.Series(documents, name="text", dtype=object).set_axis(pd.Index(list(documents), dtype="str"))


def same_results(got: frames.Results, want: frames.Results) -> None:
    for table in TABLES:
        pd.testing.assert_frame_equal(getattr(got, table), getattr(want, table), check_dtype=True)


@pytest.mark.parametrize("breakers", [False, True])
def test_validate_splits_an_event_text_as_its_file(
    documents: dict[str, str], store: CardStore, breakers: bool
) -> None:
    want = frames.validate(list(documents), store=store, breakers=breakers)
    got = frames.validate(series(documents), store=store, breakers=breakers)
    assert got.summary["deck_id"].tolist() == [*MTGO_IDS, *CACHE_IDS, "burn.txt"]
    assert got.summary["path"].tolist() == got.summary["deck_id"].tolist()
    # each deck in the event's format, as of its date, with the event's metadata as columns
    assert got.summary["format"].tolist()[:5] == ["pauper"] * 2 + ["modern"] * 3
    assert got.summary["format_source"].tolist()[:5] == ["declared in the file"] * 5
    assert got.summary["player"].tolist()[:5] == ["alice", "bob", "carol", "dave", "dave"]
    assert got.summary["date"].tolist()[:5] == ["2026-08-09 17:00:00.0"] * 2 + ["2020-06-14T00:00:00Z"] * 3
    assert "DC001" not in set(got.findings["code"])
    same_results(got, want)
    if breakers:
        assert got.breakers is not None and want.breakers is not None
        pd.testing.assert_frame_equal(got.breakers, want.breakers)
    # one format for every deck overrides the event's, as for the file
    same_results(
        frames.validate(series(documents), format="modern", store=store),
        frames.validate(list(documents), format="modern", store=store),
    )


def test_a_dataframe_text_column_and_a_forced_json_format(
    documents: dict[str, str], store: CardStore
) -> None:
    """A DataFrame's text column (its deck_id column names the rows) and ``input_format="json"``
    split the document too; the decks of the JSON reader are the file's."""
    frame = pd.DataFrame({"deck_id": pd.Series(["mtgo.json", "cache.json"], dtype="str")})
    frame["text"] = [documents["mtgo.json"], documents["cache.json"]]
    want = frames.validate(["mtgo.json", "cache.json"], store=store)
    same_results(frames.validate(frame, store=store), want)
    forced = frames.validate(frame, store=store, input_format="json")
    same_results(forced, frames.validate(["mtgo.json", "cache.json"], store=store, input_format="json"))
    assert forced.summary["deck_id"].tolist() == [*MTGO_IDS, *CACHE_IDS]


def test_load_decks_and_the_companion_tables(documents: dict[str, str], store: CardStore) -> None:
    """The long frame holds each event deck with the event's format and date; the companion table
    and its breakers, from the text or from its long frame, are the file's."""
    decks = frames.load_decks(series(documents), store=store)
    pd.testing.assert_frame_equal(decks, frames.load_decks(list(documents), store=store))
    by_deck = decks.groupby("deck_id", observed=True, sort=False)
    assert list(by_deck.groups) == [*MTGO_IDS, *CACHE_IDS, "burn.txt"]
    assert by_deck["declared_format"].first().astype(object).tolist()[:5] == ["pauper"] * 2 + ["modern"] * 3
    assert by_deck["date"].first().astype(object).tolist()[:2] == ["2026-08-09 17:00:00.0"] * 2
    for table in (frames.companion_table, frames.companion_breakers):
        want = table(list(documents), store=store)
        pd.testing.assert_frame_equal(table(series(documents), store=store), want)
        pd.testing.assert_frame_equal(table(decks, store=store), want)
        formats = {deck_id: "legacy" for deck_id in decks["deck_id"].unique()}
        pd.testing.assert_frame_equal(
            table(series(documents), format=formats, store=store),
            table(list(documents), format=formats, store=store),
        )


def test_an_integer_index_names_the_decks_of_its_event_rows(
    documents: dict[str, str], store: CardStore
) -> None:
    """The decks of row 0's event are ``0#alice``, ``0#bob``: strings beside the other rows' integer
    ids, so the deck_id column is of objects."""
    texts = pd.Series([documents["mtgo.json"], BURN])
    results = frames.validate(texts, store=store)
    assert results.summary["deck_id"].tolist() == ["0#alice", "0#bob", 1]
    assert results.summary["path"].tolist() == ["0#alice", "0#bob", "1"]
    assert results.summary["deck_id"].dtype == object
    decks = frames.load_decks(texts, store=store)
    assert decks["deck_id"].unique().tolist() == ["0#alice", "0#bob", 1]
    table = frames.companion_table(texts, store=store)
    assert table["deck_id"].unique().tolist() == ["0#alice", "0#bob", 1]


@pytest.mark.parametrize("table", ["summary", "findings", "companions", "metadata", "entries"])
def test_validate_partition_splits_event_texts(
    documents: dict[str, str], store: CardStore, table: str
) -> None:
    """What a Dask task runs: the partition's event rows are their decks, as validate gives them
    (the summary with the same event columns: an event's decks have every one)."""
    partition = series(documents).to_frame("text")
    got = frames.validate_partition(partition, format="modern", table=table)  # type: ignore[arg-type]
    if table == "entries":
        want = frames.load_decks(series(documents), store=store)
    else:
        want = getattr(frames.validate(series(documents), format="modern", store=store), table)
    plain = [] if table == "metadata" else ["burn.txt"]  # (a plain list without comments has none)
    assert got["deck_id"].unique().tolist() == [*MTGO_IDS, *CACHE_IDS, *plain]
    pd.testing.assert_frame_equal(got, want)


def test_a_partition_summary_declares_every_event_column(store: CardStore) -> None:
    """Dask takes a partition's columns from ``meta`` before any deck is read, so the partition's
    summary has every event column whatever its decks hold, <NA> where they hold none (validate's
    has those its decks have: here only ``date``); ``event_columns=False`` leaves them out of both."""
    texts = pd.Series({"dated": f"// date: 2020-01-01\n{BURN}", "plain": BURN}, name="text")
    partition = texts.set_axis(pd.Index(texts.index, dtype="str")).to_frame()
    got = frames.validate_partition(partition, format="modern")
    declared = frames.meta("summary")
    assert got.columns.tolist() == declared.columns.tolist()
    assert got.columns.tolist()[-len(frames.EVENT_COLUMNS) :] == list(frames.EVENT_COLUMNS)
    pd.testing.assert_series_equal(got.dtypes, declared.dtypes)
    want = frames.validate(partition["text"], format="modern", store=store).summary
    assert [c for c in frames.EVENT_COLUMNS if c in want.columns] == ["date"]
    pd.testing.assert_frame_equal(got[want.columns], want)
    assert got["date"].tolist()[0] == "2020-01-01"
    assert got[[c for c in frames.EVENT_COLUMNS if c != "date"]].isna().all().all()
    bare = frames.validate_partition(partition, format="modern", event_columns=False)
    pd.testing.assert_frame_equal(bare, want.drop(columns="date"))
    pd.testing.assert_frame_equal(frames.meta("summary", event_columns=False), bare.iloc[:0])


def test_a_format_given_for_a_row_is_its_event_decks_format(
    documents: dict[str, str], store: CardStore
) -> None:
    """A mapping (or a partition's format column) names the rows the user gave: an event row's
    format is its decks'. It was "no format given for deck 'mtgo.json#alice'" (ValueError)."""
    by_row = {"mtgo.json": "legacy", "cache.json": "vintage", "burn.txt": "modern"}
    by_deck = {"mtgo.json#alice": "legacy", "mtgo.json#bob": "legacy", "burn.txt": "modern"}
    by_deck |= {deck_id: "vintage" for deck_id in CACHE_IDS}
    got = frames.validate(series(documents), format=by_row, store=store)
    same_results(got, frames.validate(series(documents), format=by_deck, store=store))
    assert got.summary["format"].astype(object).tolist() == ["legacy"] * 2 + ["vintage"] * 3 + ["modern"]
    for table in (frames.companion_table, frames.companion_breakers):
        pd.testing.assert_frame_equal(
            table(series(documents), format=by_row, store=store),
            table(series(documents), format=by_deck, store=store),
        )
    partition = series(documents).to_frame("text").assign(fmt=pd.Series(by_row))
    summary = frames.validate_partition(partition, format_column="fmt", table="summary")  # type: ignore[arg-type]
    pd.testing.assert_frame_equal(summary, got.summary[list(summary.columns)])
    integer_rows = pd.Series([documents["mtgo.json"], BURN])
    summary = frames.validate(integer_rows, format={0: "legacy", 1: "modern"}, store=store).summary
    assert summary["format"].astype(object).tolist() == ["legacy", "legacy", "modern"]
    with pytest.raises(ValueError, match=r"no format given for deck 'mtgo\.json#alice'"):
        frames.validate(series(documents), format={"burn.txt": "modern"}, store=store)


def test_a_text_as_a_decoded_file_gives_it_with_its_bom_and_blank_lines(
    documents: dict[str, str], store: CardStore
) -> None:
    """Text is decoded already: an event document's text that kept its byte-order mark and starts
    with blank lines is split as its file, written in UTF-16, is; only the file's decks say how it
    was decoded (their ``encoding`` metadata)."""
    text = "\ufeff\n\n  " + documents["mtgo.json"]
    Path("utf16.json").write_text(text[1:], encoding="utf-16")  # (its BOM, then the text)
    got = frames.validate(pd.Series({"utf16.json": text}), store=store)
    want = frames.validate(["utf16.json"], store=store)
    assert got.summary["deck_id"].tolist() == ["utf16.json#alice", "utf16.json#bob"]
    decoded = want.metadata["key"] == "encoding"
    assert set(want.metadata.loc[decoded, "value"]) == {"utf-16-le"}
    assert "encoding" not in set(got.metadata["key"])
    want.metadata = want.metadata[~decoded].reset_index(drop=True)
    same_results(got, want)


@pytest.mark.realdata
def test_real_mtgo_event_texts(realdata: Path, store: CardStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real MTGO event files, read into a column of text as an analyst reads them: every deck
    of every event, with the rows their paths give."""
    folder = realdata / "decks" / "mtgo_events"
    files = sorted(p.name for p in folder.glob("*.json"))
    if not files:
        pytest.skip("no MTGO event files")
    monkeypatch.chdir(folder)
    texts = pd.Series({name: Path(name).read_text(encoding="utf-8") for name in files}, dtype=object)
    got = frames.validate(texts, store=store)
    want = frames.validate(files, store=store)
    players = sum(len(json.loads(text)["decklists"]) for text in texts)
    assert len(got.summary) == players and got.summary["deck_id"].is_unique
    assert set(got.summary["format"]) == {"pauper"}
    same_results(got, want)
    pd.testing.assert_frame_equal(
        frames.load_decks(texts, store=store), frames.load_decks(files, store=store)
    )


def test_an_event_without_standings_has_every_event_column(store: CardStore) -> None:
    """A league gives wins but no rank, a challenge a rank and no record: the summary of either has
    every event column (<NA> where the event gives none), so code written for one event runs on
    the next. The event notebook's summary[["result", "wins", "rank", ...]] failed (KeyError) on an
    event without standings."""
    unranked = mtgo_event(final_rank=None)
    for deck in unranked["decklists"]:
        deck["wins"] = None
    results = frames.validate(pd.Series({"league": json.dumps(unranked)}, name="text"), store=store)
    summary = results.summary
    assert set(frames.EVENT_COLUMNS) <= set(summary.columns)
    assert summary[["result", "wins", "losses", "draws", "rank"]].isna().all().all()
    assert summary["player"].tolist() == ["alice", "bob"]
    dated = frames.validate(pd.Series({"burn": f"// date: 2020-01-01\n{BURN}"}, name="text"), store=store)
    assert [c for c in frames.EVENT_COLUMNS if c in dated.summary.columns] == ["date"]  # (no event's)


def test_the_event_counts_are_integers_and_the_rest_text(store: CardStore) -> None:
    """Regression: wins, losses and rank were text, so a sort put rank "10" before "9" and
    ``summary["wins"] >= 3`` compared strings. They are nullable integers (<NA> where the event
    gives none, or gives no whole number: the metadata frame keeps what it wrote); the other event
    columns are text of the frames' one string dtype, missing as every other text column is."""
    players = [f"p{rank}" for rank in (10, 9, 1)]
    island = [mtgo_card("Island", 60)]
    event = mtgo_event(
        decklists=[
            {"player": player, "loginid": i, "main_deck": island, "wins": {"wins": wins, "losses": losses}}
            for i, (player, wins, losses) in enumerate(zip(players, [3, "3.0", "x"], [10, 1, 2], strict=True))
        ],
        final_rank=[{"loginid": i, "rank": int(player[1:])} for i, player in enumerate(players)],
    )
    results = frames.validate(pd.Series({"challenge": json.dumps(event)}, name="text"), store=store)
    summary = results.summary.set_index("player")
    assert summary.sort_values("rank").index.tolist() == ["p1", "p9", "p10"]
    assert summary["wins"].tolist()[:2] == [3, 3] and summary["wins"].isna().tolist() == [False, False, True]
    assert (summary["losses"] >= 2).tolist() == [True, False, True]
    assert summary["result"].tolist() == ["3-10", "3.0-1", "x-2"]
    for column in frames.EVENT_COLUMNS:
        want = "Int64" if column in frames.EVENT_COUNTS else results.summary["name"].dtype
        assert results.summary[column].dtype == want, column
    values = results.metadata[results.metadata["key"] == "wins"]["value"].tolist()
    assert values == ["3", "3.0", "x"]  # (as the event wrote them)
    no_rank = frames.validate(pd.Series({"league": json.dumps(mtgo_event(final_rank=None))}), store=store)
    assert no_rank.summary["rank"].dtype == "Int64" and no_rank.summary["rank"].isna().all()


def test_draws_is_a_count_beside_wins_and_losses(store: CardStore) -> None:
    """The event readers record an event's draws; the summary has them as a count column next to
    wins and losses, <NA> for a deck the event gives none."""
    event = mtgo_event()
    event["decklists"][1]["wins"] = {"wins": 3, "losses": 1, "draws": 1}
    results = frames.validate(pd.Series({"challenge": json.dumps(event)}, name="text"), store=store)
    summary = results.summary.set_index("player")
    columns = summary.columns.tolist()
    assert columns.index("draws") == columns.index("losses") + 1 == columns.index("wins") + 2
    assert summary["draws"].dtype == "Int64" and summary["draws"].isna().tolist() == [True, False]
    assert summary.loc["bob", ["wins", "losses", "draws"]].tolist() == [3, 1, 1]
    assert summary.loc["bob", "result"] == "3-1-1"


def test_the_event_columns_are_snake_case_as_every_column(store: CardStore) -> None:
    """Regression: the summary had ``event id`` and ``event format`` beside snake_case columns, so
    ``summary.event_id`` and a query on them failed. The metadata frame keeps the keys as the
    decklist (and the JSON output) write them."""
    results = frames.validate(pd.Series({"challenge": json.dumps(mtgo_event())}, name="text"), store=store)
    summary = results.summary
    assert all(str(column).isidentifier() for column in summary.columns)
    assert summary.event_id.tolist() == ["12851113"] * 2
    assert summary.query("event_format == 'CPAUPER' and rank == 1")["player"].tolist() == ["bob"]
    assert {"event id", "event format"} <= set(results.metadata["key"])
