"""Ordinary faults are errors with a file name and a way out, never "internal error": a store with
damaged pages, a store or cache directory the user cannot use, JSON or TOML nested too deeply,
a store path that is a directory. `cards info --verify` checks a store."""

from __future__ import annotations

import gzip
import json
import os
import sqlite3
from pathlib import Path

import pytest

from deckcheck.cards import store as store_module
from deckcheck.cards.store import CardStore, bundled_cards_path, verify_store, write_store
from deckcheck.errors import CardDataError
from tests.reliability.conftest import LEGAL_MODERN, Invoke, Project

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
DEEP_JSON = "[" * 100_000 + "]" * 100_000
DEEP_TOML = "x = " + "[" * 100_000 + "]" * 100_000 + "\n"


def no_internal_error(output: str) -> None:
    assert "internal error" not in output and "Traceback" not in output


def built_store(path: Path) -> Path:
    records = json.loads(bundled_cards_path().read_text(encoding="utf-8"))["cards"]
    write_store(records, path, meta={"source": "test"})
    return path


def damage(path: Path, from_fraction: float = 0.6) -> None:
    """Overwrite the pages from ``from_fraction`` of the file on (page 1, the schema, stays)."""
    data = bytearray(path.read_bytes())
    page = 4096
    pages = len(data) // page
    for number in range(int(pages * from_fraction), pages):
        data[number * page : (number + 1) * page] = b"\xa5" * page
    path.write_bytes(bytes(data))


# -- damaged pages ----------------------------------------------------------------------------------
def test_damaged_pages_are_a_card_data_error(tmp_path: Path) -> None:
    path = built_store(tmp_path / "cards.sqlite")
    damage(path)
    store = CardStore.open(path)  # the first pages are sound: opening works
    with pytest.raises(CardDataError, match=r"card store .*cards\.sqlite is damaged \(database disk image"):
        list(store.records())


def test_directory_run_on_a_damaged_store(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = built_store(project.root / "cards.sqlite")
    damage(path)
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(path))
    for number in range(3):
        project.write(f"decks/d{number}.txt", "4 Lightning Bolt\n4 Counterspell\n52 Island\n")
    result = invoke(["check", "-f", "modern", "decks"])
    no_internal_error(result.stdout + result.stderr)
    assert result.exit_code == 2
    assert "is damaged" in result.stderr and "cards info --verify" in result.stderr


def test_cards_info_verify(project: Project, invoke: Invoke) -> None:
    path = built_store(project.root / "cards.sqlite")
    sound = invoke(["cards", "info", "--verify", "--card-db", str(path)])
    assert sound.exit_code == 0
    assert "is sound (SQLite quick_check: ok)" in sound.stderr
    assert verify_store(path) == []
    damage(path)
    damaged = invoke(["cards", "info", "--verify", "--card-db", str(path)])
    no_internal_error(damaged.stdout + damaged.stderr)
    assert damaged.exit_code == 2
    assert f"card store {path} is damaged:" in damaged.stderr
    assert "btreeInitPage" in damaged.stderr or "malformed" in damaged.stderr
    assert "rebuild it with" in damaged.stderr
    problems = verify_store(path)
    assert problems and all("\n" not in p for p in problems)
    path.write_bytes(b"not a database at all" * 100)
    assert verify_store(path) == ["file is not a database"]


# -- directories and permissions ----------------------------------------------------------------------
def test_store_path_that_is_a_directory(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = project.root / "store-dir"
    folder.mkdir()
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(folder))
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", "-f", "modern", "deck.txt"])
    no_internal_error(result.stderr)
    assert result.exit_code == 2
    assert f"card store {folder} is a directory, not a card store file" in result.stderr
    assert str(folder / "cards.sqlite") in result.stderr
    folder_json = project.root / "cards.json"
    folder_json.mkdir()
    with pytest.raises(CardDataError, match="is a directory"):
        CardStore.from_json(folder_json)


def atomic_cards(path: Path) -> Path:
    face = {"name": "Shock", "layout": "normal", "type": "Instant", "colors": ["R"], "colorIdentity": ["R"]}
    path.write_bytes(gzip.compress(json.dumps({"meta": {}, "data": {"Shock": [face]}}).encode()))
    return path


def test_cache_directory_that_cannot_be_written(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = atomic_cards(project.root / "AtomicCards.json.gz")
    monkeypatch.delenv("DECKCHECK_CARD_DB")
    # Where the cache directory would have to be is a file: mkdir fails, whoever runs the test.
    blocker = project.write("not-a-folder", "x")
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(blocker / "cache"))
    result = invoke(["cards", "import", str(source)])
    no_internal_error(result.stderr)
    assert result.exit_code == 2
    assert f"cannot write in {blocker / 'cache'}, where the card store cards.sqlite is built" in result.stderr
    assert "DECKCHECK_CACHE_DIR" in result.stderr
    if AS_ROOT:
        return  # root writes in a read-only directory; the rest needs an ordinary user
    read_only = project.root / "read-only-cache"
    read_only.mkdir()
    read_only.chmod(0o555)
    try:
        monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(read_only))
        denied = invoke(["cards", "import", str(source)])
        no_internal_error(denied.stderr)
        assert denied.exit_code == 2
        assert f"cannot write in {read_only}" in denied.stderr and "permission denied" in denied.stderr
    finally:
        read_only.chmod(0o755)


def test_unreadable_store_says_permission_denied(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = built_store(project.root / "cards.sqlite")
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(path))
    project.write("deck.txt", LEGAL_MODERN)
    if AS_ROOT:  # root reads every file: make both the open and the read fail as for another user
        real_connect = sqlite3.connect

        def denied_connect(database: str, *args: object, **kwargs: object) -> sqlite3.Connection:
            if str(path) in str(database):
                raise sqlite3.OperationalError("unable to open database file")
            return real_connect(database, *args, **kwargs)  # type: ignore[arg-type]

        def denied_open(file: object, *args: object, **kwargs: object) -> object:
            raise PermissionError(13, "Permission denied", str(file))

        monkeypatch.setattr(sqlite3, "connect", denied_connect)
        monkeypatch.setattr(store_module, "open", denied_open, raising=False)
    else:
        path.chmod(0)
    try:
        result = invoke(["check", "-f", "modern", "deck.txt"])
    finally:
        path.chmod(0o644)
    no_internal_error(result.stderr)
    assert result.exit_code == 2
    assert f"card store {path}: permission denied" in result.stderr
    assert "rebuild" not in result.stderr  # rebuilding is not the fix for someone else's store


# -- nesting ----------------------------------------------------------------------------------------
def test_deep_json_card_file(project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    cards = project.write("cards.json", '{"cards": ' + DEEP_JSON + "}")
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(cards))
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", "-f", "modern", "deck.txt"])
    no_internal_error(result.stderr)
    assert result.exit_code == 2
    assert f"card data file {cards}: its JSON is nested too deeply" in result.stderr


def test_deep_toml_config_and_formats(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", LEGAL_MODERN)
    project.write("pyproject.toml", DEEP_TOML)
    result = invoke(["check", "deck.txt"])
    no_internal_error(result.stderr)
    assert result.exit_code == 2
    assert "pyproject.toml: its TOML is nested too deeply" in result.stderr
    project.write("pyproject.toml", '[tool.deckcheck]\nformats = ["extra.toml"]\n')
    project.write("extra.toml", DEEP_TOML)
    formats = invoke(["check", "deck.txt"])
    no_internal_error(formats.stderr)
    assert formats.exit_code == 2
    assert "extra.toml: its TOML is nested too deeply" in formats.stderr
