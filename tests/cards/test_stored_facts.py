"""Per-card facts computed when a store is built (``write_store(..., facts=FactsBuilder)``) and
loaded in bulk (``CardStore.stored_facts``): round trip, versioning, failures, old stores, wiring."""

from __future__ import annotations

import gzip
import json
import sqlite3
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deckcheck import card_facts
from deckcheck.cards.mtgjson import import_atomic_cards
from deckcheck.cards.scryfall import update_from_scryfall
from deckcheck.cards.store import (
    SCHEMA_VERSION,
    CardStore,
    FactsBuilder,
    bundled_cards_path,
    read_store_meta,
    stored_facts_current,
    write_store,
)
from deckcheck.cli import cli
from deckcheck.errors import CardDataError
from tests.httpserver import LocalHTTPServer, ScryfallMirror

BUNDLED: list[dict[str, Any]] = json.loads(bundled_cards_path().read_text(encoding="utf-8"))["cards"]
NAMES = ["Ancestral Recall", "Bonecrusher Giant // Stomp", "Nazgûl", "Arid Mesa", "Commit // Memory"]
RECORDS = [r for r in BUNDLED if r["name"] in NAMES]


def dummy_facts(record: Mapping[str, Any]) -> dict[str, Any]:
    """Every JSON kind, with values shared between cards and values that differ."""
    legal = record.get("legalities") or {}
    return {
        "n": len(record["name"]),
        "faces": len(record["faces"]),
        "multi": len(record["faces"]) > 1,  # a bool next to ints: True must not come back as 1
        "identity": list(record.get("color_identity") or []),
        "legal": {fmt: legal.get(fmt, "not_legal") for fmt in ("modern", "legacy", "vintage")},
        "first": record["faces"][0]["name"],  # non-ASCII for Nazgûl
        "none": None,
    }


DUMMY = FactsBuilder("dummy-1", dummy_facts)
EXPECTED = {r["name"]: dummy_facts(r) for r in RECORDS}


@pytest.fixture
def built(tmp_path: Path) -> Path:
    path = tmp_path / "cards.sqlite"
    assert write_store(RECORDS, path, meta={"source": "test"}, facts=DUMMY) == len(RECORDS)
    return path


def test_facts_round_trip(built: Path) -> None:
    store = CardStore.open(built)
    facts = store.stored_facts("dummy-1")
    assert facts == EXPECTED
    assert facts is not None and type(facts["Nazgûl"]["multi"]) is bool
    assert read_store_meta(built)["facts_version"] == "dummy-1"
    columns = store.stored_fact_columns("dummy-1")
    assert columns is not None
    assert list(columns.names) == [r["name"] for r in RECORDS]  # in build order
    assert list(columns.columns) == list(dummy_facts(RECORDS[0]))
    assert list(columns.columns["n"]) == [len(r["name"]) for r in RECORDS]


def test_one_card_and_no_fact_names(tmp_path: Path) -> None:
    one = tmp_path / "one.sqlite"
    write_store(RECORDS[:1], one, meta={}, facts=DUMMY)
    assert CardStore.open(one).stored_facts("dummy-1") == {RECORDS[0]["name"]: dummy_facts(RECORDS[0])}
    empty = tmp_path / "empty.sqlite"
    write_store(RECORDS, empty, meta={}, facts=FactsBuilder("empty-1", lambda record: {}))
    assert CardStore.open(empty).stored_facts("empty-1") == {r["name"]: {} for r in RECORDS}


def test_other_version_is_none(built: Path) -> None:
    store = CardStore.open(built)
    assert store.stored_facts("dummy-2") is None
    assert store.stored_fact_columns("dummy-2") is None


def test_store_without_facts_is_none(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    # A rebuild copying an older store's meta (as `cards update --languages` does) must not keep
    # claiming facts it did not store.
    write_store(RECORDS, path, meta={"source": "test", "facts_version": "dummy-1"})
    assert "facts_version" not in read_store_meta(path)
    assert CardStore.open(path).stored_facts("dummy-1") is None


def test_json_and_memory_stores_have_none() -> None:
    assert CardStore.bundled().stored_facts("dummy-1") is None
    assert CardStore.open(bundled_cards_path()).stored_facts("dummy-1") is None
    assert CardStore.from_records(RECORDS).stored_facts("dummy-1") is None


def previous_release_store(path: Path) -> None:
    """A store as the release before stored facts wrote it: no blobs table, no facts_version."""
    write_store(RECORDS, path, meta={"source": "old"})
    db = sqlite3.connect(path)
    with db:
        db.execute("DROP TABLE blobs")
    db.close()


def test_store_of_the_previous_release_is_readable_and_has_none(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    previous_release_store(path)
    store = CardStore.open(path)
    assert store.stored_facts("dummy-1") is None
    assert store.resolve("Stomp").ok
    # meta naming facts the file does not have (not something we write): no facts, no crash
    db = sqlite3.connect(path)
    with db:
        db.execute("INSERT INTO meta VALUES ('facts_version', 'dummy-1')")
    db.close()
    assert CardStore.open(path).stored_facts("dummy-1") is None


def test_facts_in_an_earlier_layout_are_none_and_not_current(built: Path) -> None:
    """A store whose facts are of the right version but in the layout an earlier release wrote
    (encoding 1: JSON index lists, no facts_encoding in meta) reads as one without facts, and
    counts as stale, so `cards update` rebuilds it instead of keeping it forever."""
    assert stored_facts_current(read_store_meta(built), "dummy-1")
    db = sqlite3.connect(built)
    with db:
        db.execute("DELETE FROM meta WHERE key = 'facts_encoding'")
        db.execute(
            "UPDATE blobs SET value = ? WHERE key = 'facts'",
            (b'{"encoding":1,"version":"dummy-1","names":[],"columns":{}}',),
        )
    db.close()
    assert not stored_facts_current(read_store_meta(built), "dummy-1")
    assert CardStore.open(built).stored_fact_columns("dummy-1") is None


def test_a_damaged_index_is_a_clear_error(built: Path) -> None:
    db = sqlite3.connect(built)
    with db:
        (blob,) = db.execute("SELECT value FROM blobs WHERE key = 'facts'").fetchone()
        payload = json.loads(blob)
        payload["columns"]["n"]["index"] = payload["columns"]["n"]["index"][:-4]  # a number short
        db.execute("UPDATE blobs SET value = ? WHERE key = 'facts'", (json.dumps(payload).encode(),))
    db.close()
    with pytest.raises(CardDataError, match="stored card facts are corrupt"):
        CardStore.open(built).stored_facts("dummy-1")


def table_columns(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    db = sqlite3.connect(path)
    try:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: db.execute(f"PRAGMA table_info({t})").fetchall() for t in tables}
    finally:
        db.close()


def test_schema_is_unchanged_for_the_previous_reader(built: Path, tmp_path: Path) -> None:
    """The previous release reads meta (schema_version must be "1"), cards and names: all as they
    were; the facts only add a table it never looks at."""
    assert SCHEMA_VERSION == "1"
    assert read_store_meta(built)["schema_version"] == "1"
    old = tmp_path / "old.sqlite"
    previous_release_store(old)
    with_facts, before = table_columns(built), table_columns(old)
    assert set(with_facts) - set(before) == {"blobs"}
    assert {t: with_facts[t] for t in before} == before
    # The previous reader's queries, verbatim.
    db = sqlite3.connect(f"file:{built}?mode=ro", uri=True)
    try:
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        assert meta["schema_version"] == "1"
        (record,) = db.execute("SELECT record FROM cards WHERE name = ?", ("Nazgûl",)).fetchone()
        assert json.loads(record)["name"] == "Nazgûl"
        rows = db.execute(
            "SELECT card_name, kind, lang FROM names WHERE key = ? AND kind != 'printed'", ("stomp",)
        ).fetchall()
        assert rows == [("Bonecrusher Giant // Stomp", "face", None)]
    finally:
        db.close()


def test_loading_facts_writes_nothing(built: Path) -> None:
    before, mtime = built.read_bytes(), built.stat().st_mtime_ns
    store = CardStore.open(built)
    assert store.stored_facts("dummy-1") is not None
    assert built.read_bytes() == before and built.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in built.parent.iterdir()) == ["cards.sqlite"]  # no journal, no -wal


def failing(record: Mapping[str, Any]) -> dict[str, Any]:
    if record["name"] == "Nazgûl":
        raise KeyError("power")
    return dummy_facts(record)


@pytest.mark.parametrize(
    ("compute", "message"),
    [
        (failing, r"card 'Nazgûl': computing its stored facts \(bad-1\) failed: KeyError"),
        (
            lambda r: {**dummy_facts(r), "none": {1, 2}} if r["name"] == "Nazgûl" else dummy_facts(r),
            r"card 'Nazgûl'.*TypeError.*not JSON serializable",
        ),
        (
            lambda r: {"n": 1} if r["name"] == "Nazgûl" else dummy_facts(r),
            r"card 'Nazgûl'.*every card needs the same facts \(missing \['faces'",
        ),
        (lambda r: [1, 2], r"card 'Ancestral Recall'.*expected a mapping of facts, got list"),
        (
            lambda r: {**dummy_facts(r), "none": float("nan")},  # not JSON: refused, not stored as NaN
            r"card 'Ancestral Recall'.*ValueError: Out of range float",
        ),
    ],
)
def test_failing_compute_names_the_card_and_keeps_the_store(built: Path, compute: Any, message: str) -> None:
    before = built.read_bytes()
    with pytest.raises(CardDataError, match=message):
        write_store(RECORDS, built, meta={"source": "bad"}, facts=FactsBuilder("bad-1", compute))
    assert built.read_bytes() == before
    assert sorted(p.name for p in built.parent.iterdir()) == ["cards.sqlite"]  # no temp file left


def test_failing_compute_leaves_no_store(tmp_path: Path) -> None:
    path = tmp_path / "new" / "cards.sqlite"
    with pytest.raises(CardDataError, match="Nazgûl"):
        write_store(RECORDS, path, meta={}, facts=FactsBuilder("bad-1", failing))
    assert list(path.parent.iterdir()) == []


def test_corrupt_facts_are_a_clear_error(built: Path) -> None:
    db = sqlite3.connect(built)
    with db:
        db.execute("UPDATE blobs SET value = ? WHERE key = 'facts'", (b'{"encoding": 1, "vers',))
    db.close()
    with pytest.raises(CardDataError, match="stored card facts are corrupt"):
        CardStore.open(built).stored_facts("dummy-1")


# -- the store builders ------------------------------------------------------------------------------
ATOMIC = {
    "meta": {"version": "5.2.0", "date": "2026-01-01"},
    "data": {
        name: [
            {
                "name": name,
                "manaCost": cost,
                "manaValue": value,
                "type": type_line,
                "text": "",
                "colors": colours,
                "colorIdentity": colours,
                "legalities": {"modern": "Legal"},
                "layout": "normal",
            }
        ]
        for name, cost, value, type_line, colours in [
            ("Lightning Bolt", "{R}", 1.0, "Instant", ["R"]),
            ("Mountain", None, 0.0, "Basic Land — Mountain", []),
        ]
    },
}


def test_cli_import_stores_facts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    atomic = tmp_path / "AtomicCards.json.gz"
    atomic.write_bytes(gzip.compress(json.dumps(ATOMIC).encode()))
    path = tmp_path / "store" / "cards.sqlite"
    monkeypatch.setattr(card_facts, "facts_builder", lambda: DUMMY)
    result = CliRunner().invoke(cli, ["cards", "import", str(atomic), "--card-db", str(path)])
    assert result.exit_code == 0, result.output
    facts = CardStore.open(path).stored_facts("dummy-1")
    assert facts is not None and facts["Lightning Bolt"]["identity"] == ["R"]
    assert set(facts) == {"Lightning Bolt", "Mountain"}
    # No builder: a store without facts, as before.
    monkeypatch.setattr(card_facts, "facts_builder", lambda: None)
    assert CliRunner().invoke(cli, ["cards", "import", str(atomic), "--card-db", str(path)]).exit_code == 0
    assert CardStore.open(path).stored_facts("dummy-1") is None


def test_cli_import_with_a_failing_builder_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    atomic = tmp_path / "AtomicCards.json"
    atomic.write_text(json.dumps(ATOMIC), encoding="utf-8")
    path = tmp_path / "cards.sqlite"
    monkeypatch.setattr(card_facts, "facts_builder", lambda: FactsBuilder("bad-1", failing_bolt))
    result = CliRunner().invoke(cli, ["cards", "import", str(atomic), "--card-db", str(path)])
    assert result.exit_code == 2
    assert "card 'Lightning Bolt': computing its stored facts (bad-1) failed" in result.stderr
    assert "Traceback" not in result.output
    assert not path.exists()


def failing_bolt(record: Mapping[str, Any]) -> dict[str, Any]:
    raise RuntimeError("no facts for " + record["name"])


def test_import_without_facts_by_default(tmp_path: Path) -> None:
    atomic = tmp_path / "AtomicCards.json"
    atomic.write_text(json.dumps(ATOMIC), encoding="utf-8")
    path = tmp_path / "cards.sqlite"
    import_atomic_cards(atomic, path)  # the library function only stores what it is given
    assert CardStore.open(path).stored_facts("dummy-1") is None
    import_atomic_cards(atomic, path, facts=DUMMY)
    assert CardStore.open(path).stored_facts("dummy-1") is not None


@pytest.fixture
def mirror() -> Iterator[ScryfallMirror]:
    with LocalHTTPServer() as server:
        yield ScryfallMirror(server)


def test_scryfall_update_adds_facts_to_a_current_store_without_a_download(
    mirror: ScryfallMirror, tmp_path: Path
) -> None:
    path = tmp_path / "cache" / "cards.sqlite"
    mirror.publish()
    update_from_scryfall(mirror.api_base, path)  # an older deckcheck: no facts
    assert CardStore.open(path).stored_facts("dummy-1") is None
    mirror.server.clear()

    result = update_from_scryfall(mirror.api_base, path, facts=DUMMY)
    assert not result.up_to_date and result.records == 10 and result.downloaded_bytes == 0
    assert not any(p.startswith("/files/") for p in mirror.server.paths())  # the bulk file not fetched
    assert any("stored card facts rebuilt (dummy-1)" in note for note in result.notes)
    store = CardStore.open(path)
    facts = store.stored_facts("dummy-1")
    assert facts is not None and set(facts) == {c.name for c in store.all_cards()}
    assert read_store_meta(path)["updated_at"] == mirror.updated_at  # the rest of meta kept
    # the plane and the meld result kept by name too, the meld with its meld cards
    assert [(c.name, len(c.parts)) for c in store.non_deck_cards() or ()] == [
        ("Akoum", 0),
        ("Brisela, Voice of Nightmares", 2),
    ]

    again = update_from_scryfall(mirror.api_base, path, facts=DUMMY)
    assert again.up_to_date
    newer = update_from_scryfall(mirror.api_base, path, facts=FactsBuilder("dummy-2", dummy_facts))
    assert not newer.up_to_date
    assert CardStore.open(path).stored_facts("dummy-2") is not None


def test_scryfall_download_stores_facts(mirror: ScryfallMirror, tmp_path: Path) -> None:
    path = tmp_path / "cache" / "cards.sqlite"
    mirror.publish()
    result = update_from_scryfall(mirror.api_base, path, facts=DUMMY)
    assert result.downloaded_bytes > 0
    facts = CardStore.open(path).stored_facts("dummy-1")
    assert facts is not None and len(facts) == 10
