"""deckcheck.batch: the pandas-free partition functions and their per-process caches."""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from deckcheck import batch
from deckcheck.cards.store import CardStore, Resolution
from deckcheck.decklist import parse_text
from deckcheck.engine import check_parsed
from deckcheck.formats import get_format

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "data" / "corpus"


@pytest.fixture
def fresh_contexts() -> Iterator[None]:
    batch.clear_worker_contexts()
    yield
    batch.clear_worker_contexts()


def corpus_items() -> list[tuple[str, str]]:
    return [
        (p.relative_to(CORPUS).as_posix(), p.read_text(encoding="utf-8"))
        for p in sorted(CORPUS.rglob("*.txt"))
    ]


def test_worker_context_is_built_once_per_store_and_format(fresh_contexts: None) -> None:
    modern = batch.worker_context(None, "modern")
    assert batch.worker_context(None, "Modern") is modern  # the same format by another spelling
    legacy = batch.worker_context(None, get_format("legacy"))
    assert legacy is not modern and legacy.store is modern.store  # one store, its caches shared
    assert len(batch._CONTEXTS) == 2 and len(batch._STORES) == 1


def test_each_distinct_name_is_resolved_once(monkeypatch: pytest.MonkeyPatch) -> None:
    resolved: list[tuple[str, bool]] = []
    real = CardStore._resolve  # (the lookups; CardStore.resolve remembers what they gave)

    def counting(self: CardStore, name: str, suggest: bool, *looked_up: Any) -> Resolution:
        resolved.append((name, suggest))
        return real(self, name, suggest, *looked_up)

    monkeypatch.setattr(CardStore, "_resolve", counting)
    store = CardStore.from_records([c.record for c in CardStore.bundled().all_cards()], "fresh")
    context = batch.BatchContext(store, get_format("modern"))
    items = corpus_items()
    batch.validate_texts(items, context)
    names = {e.name for _, text in items for e in parse_text(text).entries}
    assert len(resolved) == len(set(resolved))  # once each, over 53 decks that repeat them
    # (the lean checker reads exact oracle names from the card facts, without resolving them: the
    # engine's decks and the names that need reading resolve, each once)
    asked = {name for name, suggest in resolved if suggest}
    assert asked <= names and asked


def test_partition_rows_are_the_engine_report(fresh_contexts: None) -> None:
    items = corpus_items()[:12]
    rows = batch.validate_partition(items, format="modern")
    store, spec = CardStore.bundled(), get_format("modern")
    expected = [check_parsed(parse_text(text, deck_id), store, spec) for deck_id, text in items]
    findings = list(rows.findings.rows())
    assert [(f["deck_id"], f["code"], f["message"]) for f in findings] == [
        (deck_id, f.code, f.message)
        for (deck_id, _), r in zip(items, expected, strict=True)
        for f in r.findings
    ]
    summary = {r["deck_id"]: r for r in rows.summary.rows()}
    for (deck_id, _), report in zip(items, expected, strict=True):
        assert summary[deck_id]["legal"] == report.legal
        eligible = [c.companion.split(",")[0].split(" of ")[0] for c in report.companions if c.eligible]
        assert summary[deck_id]["eligible_companions"] == (", ".join(eligible) if eligible else None)
    assert len(rows.companions) == 10 * len(items)


def test_partition_with_a_format_per_deck(fresh_contexts: None) -> None:
    items = corpus_items()
    formats = {deck_id: deck_id.split("/")[0] for deck_id, _ in items}
    rows = batch.validate_partition(items, format=formats)
    assert {r["deck_id"]: r["format"] for r in rows.summary.rows()} == formats
    with pytest.raises(ValueError, match="no format given"):
        batch.validate_partition(items, format={})


def test_entry_table_keeps_codes_and_one_row_per_card() -> None:
    context = batch.BatchContext(CardStore.bundled(), get_format("freeform"))
    table = batch.EntryTable()
    for deck_id, text in [
        ("a", "4 Lightning Bolt\n2 lightning bolt\n1 Not A Card\n"),
        ("b", "4 Lightning Bolt\n"),
    ]:
        table.add(context, deck_id, parse_text(text, deck_id))
    assert len(table) == 4 and table.deck_ids == ["a", "b"]
    assert [r.name for r in table.cards] == ["Lightning Bolt"]  # two spellings, one card row
    assert list(table.card) == [0, 0, -1, 0]
    assert table.written_names == ["Lightning Bolt", "lightning bolt", "Not A Card"]
    assert list(table.qty) == [4, 2, 1, 4] and list(table.line) == [1, 2, 3, 1]


def test_entries_added_a_chunk_at_a_time_equal_deck_by_deck() -> None:
    """load_sources adds a chunk of decks read_plain took as arrays (EntryTable.add_read): the same
    table as adding each deck's entries in turn, codes and rows included."""
    from deckcheck.decklist.fast import read_plain
    from tests.batch import deckgen

    store = CardStore.bundled()
    context = batch.BatchContext(store, get_format("freeform"))
    items = [(d, t) for d, t, _ in deckgen.realistic(deckgen.pool_for(store), 300, seed=3)]
    items.append(("odd", "4 lightning bolt\n4 Lightnig Bolt\n2 Fire/Ice\n50 Mountain\n"))
    read = read_plain([text for _, text in items])
    assert all(read.taken)
    at_once, one_by_one = batch.EntryTable(), batch.EntryTable()
    half = len(items) // 2  # two calls: codes carry over from one to the next
    at_once.add_read(context, [(d, d) for d, _ in items[:half]], read.part(0, half))
    at_once.add_read(context, [(d, d) for d, _ in items[half:]], read.part(half, len(items)))
    for i, (deck_id, _) in enumerate(items):
        entries = read.entries(i)
        assert entries is not None
        one_by_one.add_entries(context, deck_id, deck_id, entries)
    for attribute in ("deck_ids", "paths", "deck", "zone", "card", "written", "qty", "line"):
        assert list(getattr(at_once, attribute)) == list(getattr(one_by_one, attribute)), attribute
    assert at_once.written_names == one_by_one.written_names and at_once.cards == one_by_one.cards
    with pytest.raises(ValueError, match="add_read takes decks read_plain took"):
        at_once.add_read(context, [("x", "x")], read_plain(["no card here\n"]))


def test_card_facts_use_the_companion_engine() -> None:
    store = CardStore.bundled()
    row = batch.facts_of(store.card("Lurrus of the Dream-Den"))  # type: ignore[arg-type]
    names = batch.COMPANION_NAMES
    assert row.rule_index == names.index("Lurrus of the Dream-Den")
    assert row.named == (names.index("Lurrus of the Dream-Den"),)
    broken = {names[i] for i in row.breaks}
    assert "Gyruda, Doom of Depths" in broken  # mana value 3 is odd
    assert "Lurrus of the Dream-Den" in broken  # a permanent with mana value 3
    assert "Kaheera, the Orphanguard" not in broken  # a Cat Nightmare


def test_directory_sources_skip_files_that_are_not_decklists(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("4 Lightning Bolt\n")
    (tmp_path / "README.md").write_text("# notes\n")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "b.txt").write_text("4 Lightning Bolt\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.dek").write_text("<Deck></Deck>\n")
    assert [deck_id for deck_id, _, _ in batch.deck_paths(tmp_path)] == ["a.txt", "sub/c.dek"]
    assert batch.deck_paths(tmp_path / "a.txt") == [(str(tmp_path / "a.txt"), tmp_path / "a.txt", None)]


@pytest.mark.skipif(not hasattr(os, "symlink") or not hasattr(os, "mkfifo"), reason="needs links and pipes")
def test_a_directory_source_holds_the_files_deckcheck_check_finds(tmp_path: Path) -> None:
    """The files `deckcheck check DIR` checks: a linked folder is followed (once), and what the
    search cannot read (a named pipe, which would never end) comes with the reason, not dropped
    unseen."""
    from deckcheck.discovery import decklists_under

    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "a.txt").write_text("4 Lightning Bolt\n")
    (tmp_path / "top").mkdir()
    (tmp_path / "top" / "b.txt").write_text("4 Lightning Bolt\n")
    (tmp_path / "top" / "linked").symlink_to(tmp_path / "real", target_is_directory=True)
    (tmp_path / "top" / "again").symlink_to(tmp_path / "real", target_is_directory=True)
    os.mkfifo(tmp_path / "top" / "pipe.txt")
    top = tmp_path / "top"
    with pytest.warns(UserWarning) as warned:
        found = batch.deck_paths(top, warn=lambda message: warnings.warn(message, stacklevel=2))
    assert [(deck_id, why is None) for deck_id, _, why in found] == [
        ("again/a.txt", True),
        ("b.txt", True),
        ("pipe.txt", False),
    ]
    assert "a named pipe" in str(found[-1][2])
    assert sorted(path for _, path, why in found if why is None) == sorted(decklists_under(top))
    assert any("a folder already searched" in str(w.message) for w in warned)
