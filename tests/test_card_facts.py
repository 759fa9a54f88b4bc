"""The card-fact schema: one field list, kept and read back by it, versioned by the code."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from deckcheck import card_facts
from deckcheck.card_facts import FIELDS, CardFacts, StoredFacts, facts_of, facts_record, facts_version
from deckcheck.cards.store import CardStore, bundled_cards_path, write_store

REPO = Path(__file__).resolve().parents[1]
BUNDLED = CardStore.bundled()
RECORDS: list[dict[str, Any]] = json.loads(bundled_cards_path().read_text(encoding="utf-8"))["cards"]


@pytest.fixture
def fresh_version() -> Iterator[None]:
    facts_version.cache_clear()
    yield
    facts_version.cache_clear()


def test_every_field_says_how_it_is_kept() -> None:
    names = [f.name for f in dataclasses.fields(CardFacts)]
    assert names[0] == "name" and [f.name for f in FIELDS] == names[1:]
    derived = {f.name: f.column for f in FIELDS if f.derived}
    assert derived == {"legality_keys": "legalities"}
    record = facts_record(facts_of(BUNDLED.card("Lightning Bolt")))  # type: ignore[arg-type]
    assert list(record) == [f.name for f in FIELDS if not f.derived] + [card_facts.CLEAN_NAME]
    json.dumps(record)  # JSON as it is


def test_stored_facts_read_back_equal_for_every_bundled_card(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    write_store(RECORDS, path, meta={"source": "test"}, facts=card_facts.facts_builder())
    columns = CardStore.open(path).stored_fact_columns(facts_version())
    assert columns is not None
    stored = StoredFacts(columns)
    assert len(stored) == len(RECORDS)
    for facts in stored:
        card = BUNDLED.card(facts.name)
        assert card is not None
        computed = facts_of(card)
        for f in dataclasses.fields(CardFacts):
            assert getattr(facts, f.name) == getattr(computed, f.name), (facts.name, f.name)
            assert type(getattr(facts, f.name)) is type(getattr(computed, f.name)), (facts.name, f.name)
    assert stored[3] is stored[3]  # built once
    assert stored.exact_names()["Lightning Bolt"] == stored.row_of["Lightning Bolt"]


def test_the_version_follows_the_code_that_computes_the_facts(
    monkeypatch: pytest.MonkeyPatch, fresh_version: None
) -> None:
    modules = card_facts.computing_modules()
    for name in (
        "deckcheck.card_facts",
        "deckcheck.rules.companions",
        "deckcheck.rules.sizes",
        "deckcheck.cards.model",
    ):
        assert name in modules
    for name in ("deckcheck.fastcheck", "deckcheck.batch", "deckcheck.frames", "deckcheck.cards.store"):
        assert name not in modules
    before = facts_version()
    real = card_facts._source

    def changed(name: str) -> str | None:
        source = real(name)
        changed = name == "deckcheck.rules.sizes"
        return None if source is None else source + ("\n# changed\n" if changed else "")

    monkeypatch.setattr(card_facts, "_source", changed)
    facts_version.cache_clear()
    assert facts_version() != before
    monkeypatch.setattr(card_facts, "_source", real)
    facts_version.cache_clear()
    assert facts_version() == before


def test_the_version_does_not_depend_on_what_else_is_imported() -> None:
    code = "from deckcheck import card_facts{extra}; print(card_facts.facts_version())"
    versions = {
        subprocess.run(
            [sys.executable, "-c", code.format(extra=extra)],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for extra in (
            "",
            "; import deckcheck.cli, deckcheck.frames, deckcheck.fastcheck, deckcheck.cards.scryfall",
        )
    }
    assert len(versions) == 1 and versions == {facts_version()}
