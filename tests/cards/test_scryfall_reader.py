"""Reading downloaded Scryfall bulk files: JSON lines (2026) and the legacy JSON array, gzip or not."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.scryfall import BulkFileReader, iter_json_array, verify_bulk_file
from deckcheck.errors import CardDataError, NetworkError
from tests.httpserver import gzip_bytes, jsonl_bytes, sample_cards


def write(tmp_path: Path, data: bytes, name: str = "bulk.part") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def read_all(path: Path) -> list[Any]:
    return list(BulkFileReader(path, "test file"))


ARRAY = json.dumps(sample_cards(), ensure_ascii=False, indent=1).encode()


@pytest.mark.parametrize(
    ("form", "data"),
    [
        ("jsonl", gzip_bytes(jsonl_bytes(sample_cards()))),
        ("jsonl", jsonl_bytes(sample_cards())),
        ("json", gzip_bytes(ARRAY)),
        ("json", ARRAY),
        ("json", gzip_bytes(gzip_bytes(ARRAY))),  # a .gz file also gzip-encoded by the server
        ("json", b"\xef\xbb\xbf" + ARRAY),  # byte order mark
    ],
    ids=["jsonl.gz", "jsonl", "json.gz", "json", "json.gz.gz", "json-bom"],
)
def test_every_form_yields_the_same_objects(tmp_path: Path, form: str, data: bytes) -> None:
    reader = BulkFileReader(write(tmp_path, data), "test file")
    assert list(reader) == sample_cards()
    assert reader.form == form


@pytest.mark.parametrize("chunk_size", [1, 2, 7, 64, 1 << 20])
def test_array_streaming_is_independent_of_chunk_boundaries(chunk_size: int) -> None:
    values: list[Any] = [{"a": [1, 2, {"b": "x,]"}]}, 12345, -0.5e3, "s", True, None, [], {}]
    text = json.dumps(values, indent=2)
    got = list(iter_json_array(io.StringIO(text), "t", chunk_size=chunk_size))
    assert got == values


def test_empty_array(tmp_path: Path) -> None:
    assert list(iter_json_array(io.StringIO("  [ ]  "), "t")) == []
    assert read_all(write(tmp_path, gzip_bytes(b""))) == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[{"a": 1}, {"b": ', "line 1: invalid JSON"),
        ('[{"a": 1},\n {"b" 2}]', "line 2: invalid JSON"),
        ('[{"a": 1}', "not closed"),
        ('[{"a": 1} {"b": 2}]', "expected ',' or ']'"),
        ('[{"a": 1}] trailing', "after the JSON array"),
        ('{"a": 1}', "expected a JSON array"),
    ],
)
def test_array_errors_name_the_line(text: str, message: str) -> None:
    with pytest.raises(CardDataError, match=message):
        list(iter_json_array(io.StringIO(text), "t", chunk_size=3))


def test_invalid_json_line_names_file_and_line(tmp_path: Path) -> None:
    lines = (
        jsonl_bytes(sample_cards()[:3]) + b'{"object": "card", "name": \n' + jsonl_bytes(sample_cards()[3:])
    )
    with pytest.raises(CardDataError, match=r"test file: line 4, column \d+: invalid JSON"):
        read_all(write(tmp_path, gzip_bytes(lines)))


def test_not_a_bulk_file(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match=r"not a Scryfall bulk file \(starts with b'<'"):
        read_all(write(tmp_path, b"<!doctype html><title>Maintenance</title>"))


def test_not_utf8(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="not UTF-8"):
        read_all(write(tmp_path, gzip_bytes(b'{"name": "\xff"}\n')))


def test_verify_accepts_a_good_file_and_counts_its_content(tmp_path: Path) -> None:
    content = jsonl_bytes(sample_cards())
    assert verify_bulk_file(write(tmp_path, gzip_bytes(content)), "f") == len(content)


def test_verify_rejects_a_truncated_gzip(tmp_path: Path) -> None:
    data = gzip_bytes(jsonl_bytes(sample_cards()))
    with pytest.raises(NetworkError, match="incomplete"):
        verify_bulk_file(write(tmp_path, data[: len(data) // 2]), "f")
    with pytest.raises(NetworkError, match="incomplete"):
        verify_bulk_file(write(tmp_path, data[:-4]), "f")  # only the trailing length is missing


def test_verify_rejects_a_corrupt_gzip(tmp_path: Path) -> None:
    data = bytearray(gzip_bytes(jsonl_bytes(sample_cards())))
    data[-8] ^= 0xFF  # the CRC32 of the content
    with pytest.raises(CardDataError, match="not valid gzip data"):
        verify_bulk_file(write(tmp_path, bytes(data)), "f")
