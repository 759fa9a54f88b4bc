"""MTGJSON's SetList read at `cards import`: the store keeps each set's release day (a card pool's
set released after the card data's day is known to it only in part), or says why it cannot."""

from __future__ import annotations

import datetime as dt
import gzip
import os
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.mtgjson import NO_SET_LIST_NOTE, import_atomic_cards, read_set_list, set_list_beside
from deckcheck.cards.store import (
    SET_DATES_AS_OF_META,
    SET_DATES_META,
    CardStore,
    read_store_meta,
)
from deckcheck.errors import CardDataError
from tests.cards.test_mtgjson import ATOMIC, write_json


def set_list(day: str | None = "2023-05-21", *sets: dict[str, Any]) -> dict[str, Any]:
    """A SetList shaped as MTGJSON's (the fields deckcheck reads, and one it does not)."""
    listed = sets or (
        {"code": "LEA", "name": "Limited Edition Alpha", "releaseDate": "1993-08-05"},
        {"code": "TST", "name": "Test Set", "releaseDate": "2022-04-01"},
        {"code": "CLB", "name": "Battle for Baldur's Gate", "releaseDate": "2022-06-10"},
    )
    return {"meta": {} if day is None else {"date": day, "version": "5.2.1"}, "data": list(listed)}


@pytest.mark.parametrize("compress", [False, True])
def test_the_release_days_are_read(tmp_path: Path, compress: bool) -> None:
    sets = (
        {"code": "LEA", "releaseDate": "1993-08-05"},
        {"code": "clb", "releaseDate": "2022-06-10"},  # (upper-cased, as printings name it)
        {"code": "HTR20", "releaseDate": ""},
        {"code": "PPOD"},
    )
    path = write_json(tmp_path / "SetList.json", set_list("2023-05-21", *sets), compress=compress)
    listed = read_set_list(path)
    assert dict(listed.released) == {"LEA": dt.date(1993, 8, 5), "CLB": dt.date(2022, 6, 10)}
    assert listed.as_of == dt.date(2023, 5, 21)
    assert listed.undated == ("HTR20", "PPOD")  # kept, and said by the import (below)
    kept = {SET_DATES_META: "CLB:2022-06-10 LEA:1993-08-05", SET_DATES_AS_OF_META: "2023-05-21"}
    assert listed.meta() == kept


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{", "not valid JSON"),
        (b"\xff\xfe", "not valid JSON"),
        (b'{"meta": {}, "data": {"LEA": {}}}', "expected MTGJSON's SetList, a list of sets under 'data'"),
        (b"[1, 2]", "expected MTGJSON's SetList"),
        (b'{"data": [{"name": "Alpha", "releaseDate": "1993-08-05"}]}', "set 1 of 'data' has no set code"),
        (b'{"data": [{"code": "C LB", "releaseDate": "2022-06-10"}]}', "set 1 of 'data' has no set code"),
        (b'{"data": [{"code": "LEA", "releaseDate": "soon"}]}', "no set gives a release day"),
        (gzip.compress(b'{"data": []}')[:-6], "the gzip file ends early"),
    ],
)
def test_a_bad_set_list_names_the_file_and_why(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "SetList.json"
    path.write_bytes(content)
    with pytest.raises(CardDataError) as caught:
        read_set_list(path)
    assert caught.value.message.startswith(f"set list {path}: ")
    assert message in caught.value.message


def test_a_missing_set_list_or_a_folder(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="file not found"):
        read_set_list(tmp_path / "SetList.json")
    with pytest.raises(CardDataError, match="is a directory"):
        read_set_list(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_not_waited_on(tmp_path: Path) -> None:
    pipe = tmp_path / "SetList.json"
    os.mkfifo(pipe)
    # (opened without a writer, a read would wait for ever; O_NONBLOCK keeps the open itself from
    # waiting, as the import's open does not: the check is on the file's kind before any read)
    keep_open = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    writer = os.open(pipe, os.O_WRONLY)
    try:
        with pytest.raises(
            CardDataError, match=r"set list .*: not a regular file, not MTGJSON's SetList file"
        ):
            read_set_list(pipe)
    finally:
        os.close(writer)
        os.close(keep_open)


def test_the_set_list_beside_the_atomic_cards_file(tmp_path: Path) -> None:
    atomic = tmp_path / "AtomicCards.json.gz"
    assert set_list_beside(atomic) is None
    (tmp_path / "SetList.json.gz").write_bytes(b"")
    assert set_list_beside(atomic) == tmp_path / "SetList.json.gz"
    (tmp_path / "SetList.json").write_bytes(b"")  # (the plain one first)
    assert set_list_beside(atomic) == tmp_path / "SetList.json"


def test_the_import_keeps_the_release_days(tmp_path: Path) -> None:
    atomic = write_json(tmp_path / "AtomicCards.json", ATOMIC)  # (its cards are printed in TST)
    days = write_json(tmp_path / "days.json", set_list())
    store_path = tmp_path / "cards.sqlite"
    result = import_atomic_cards(atomic, store_path, set_list=days)
    meta = read_store_meta(store_path)
    assert meta[SET_DATES_META] == "CLB:2022-06-10 LEA:1993-08-05 TST:2022-04-01"
    assert meta[SET_DATES_AS_OF_META] == "2023-05-21"
    assert f"release days of 3 sets read from {days}" in result.notes
    store = CardStore.open(store_path)
    assert store.set_release_dates()["CLB"] == dt.date(2022, 6, 10)
    assert store.sets_known_in_part(["TST", "CLB"]) == ()  # (TST came before the data; CLB no card of)


def test_a_set_list_older_than_the_card_data_is_said(tmp_path: Path) -> None:
    atomic = write_json(tmp_path / "AtomicCards.json", ATOMIC)
    sets = ({"code": "LEA", "releaseDate": "1993-08-05"},)
    days = write_json(tmp_path / "SetList.json", set_list("2022-01-01", *sets))
    store_path = tmp_path / "cards.sqlite"
    result = import_atomic_cards(atomic, store_path, set_list=days)
    assert (
        "the set list describes 2022-01-01, not as late as the card data (2022-04-25): a card pool's "
        "set it gives no release day is taken as known to the data only in part"
    ) in result.notes
    # TST, which the data's cards are printed in, is newer than the list: maybe known in part
    assert CardStore.open(store_path).sets_known_in_part(["LEA", "TST"]) == (("TST", None),)


def test_without_a_set_list_the_import_says_what_it_would_add(tmp_path: Path) -> None:
    atomic = write_json(tmp_path / "AtomicCards.json", ATOMIC)
    result = import_atomic_cards(atomic, tmp_path / "cards.sqlite")
    assert NO_SET_LIST_NOTE in result.notes
    assert SET_DATES_META not in read_store_meta(tmp_path / "cards.sqlite")


def test_a_bad_set_list_imports_nothing(tmp_path: Path) -> None:
    atomic = write_json(tmp_path / "AtomicCards.json", ATOMIC)
    store_path = tmp_path / "cards.sqlite"
    import_atomic_cards(atomic, store_path)
    before = store_path.read_bytes()
    bad = tmp_path / "SetList.json"
    bad.write_text('{"data": "none"}', encoding="utf-8")
    with pytest.raises(CardDataError, match="expected MTGJSON's SetList"):
        import_atomic_cards(atomic, store_path, set_list=bad)
    assert store_path.read_bytes() == before
