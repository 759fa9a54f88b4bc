"""Unbounded inputs are refused at a bound, with a clear error: standard input like a file, and
card data (an MTGJSON file for `cards import`, a Scryfall bulk list and bulk file for
`cards update`) by total size, item size and count. A refused update leaves the store as it was."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from deckcheck.cards import mtgjson, scryfall
from deckcheck.cards.mtgjson import import_atomic_cards, load_atomic_cards
from deckcheck.cards.scryfall import BulkLimits, update_from_scryfall
from deckcheck.cards.store import CardStore, read_store_meta
from deckcheck.decklist import MAX_BYTES
from deckcheck.errors import CardDataError, NetworkError
from tests.httpserver import (
    FIRST_UPDATE,
    LocalHTTPServer,
    Reply,
    ScryfallMirror,
    gzip_bytes,
    jsonl_bytes,
    sample_cards,
)
from tests.reliability.conftest import REPO, Invoke, Project

SECOND_UPDATE = "2026-09-09T09:02:11.120+00:00"
THIRD_UPDATE = "2026-09-10T09:03:12.000+00:00"
FOURTH_UPDATE = "2026-09-11T09:04:13.000+00:00"


def uncached_session(cache_path: Path) -> requests.Session:
    """No HTTP cache, so no cached bulk list to fall back on when the server misbehaves."""
    return requests.Session()


# -- standard input -------------------------------------------------------------------------------
def test_stdin_is_bounded_like_a_file(project: Project, invoke: Invoke) -> None:
    result = invoke(["check", "-f", "modern", "--no-color", "-"], input=b"4 Lightning Bolt\n" * 400_000)
    assert result.exit_code == 1
    assert f"<stdin>: DC001 file too big (more than {MAX_BYTES:,} bytes, 5 MB)" in result.stdout
    exported = invoke(["export", "-"], input=b"4 Lightning Bolt\n" * 400_000)
    assert exported.exit_code == 2
    assert "more than" in exported.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")
def test_stdin_from_dev_zero_stops_at_the_bound(project: Project) -> None:
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [sys.executable, "-m", "deckcheck", "check", "-f", "modern", "-"],
            stdin=zero,
            capture_output=True,
            text=True,
            timeout=120,
            cwd=project.root,
            env=environment,
        )
    assert done.returncode == 1, done.stderr
    assert "DC001 file too big (more than" in done.stdout
    assert "internal error" not in done.stderr


# -- cards import ---------------------------------------------------------------------------------
def atomic(name: str, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "layout": "normal",
        "manaCost": "{R}",
        "type": "Instant",
        "types": ["Instant"],
        "colors": ["R"],
        "colorIdentity": ["R"],
        "legalities": {"modern": "Legal"},
        **extra,
    }


def atomic_file(path: Path, data: dict[str, Any], *, compress: bool = True) -> Path:
    text = json.dumps({"meta": {"date": "2022-04-25", "version": "5"}, "data": data}).encode()
    path.write_bytes(gzip.compress(text) if compress else text)
    return path


@pytest.fixture
def imported(tmp_path: Path) -> Iterator[tuple[Path, bytes]]:
    store = tmp_path / "cards.sqlite"
    import_atomic_cards(atomic_file(tmp_path / "good.json.gz", {"Shock": [atomic("Shock")]}), store)
    yield store, store.read_bytes()


def refused_import(source: Path, imported: tuple[Path, bytes], message: str) -> None:
    store, before = imported
    with pytest.raises(CardDataError, match=message) as caught:
        import_atomic_cards(source, store)
    assert str(source) in caught.value.message
    assert store.read_bytes() == before
    assert [p.name for p in store.parent.iterdir() if p.suffix == ".tmp"] == []


def test_one_huge_entry_is_refused(tmp_path: Path, imported: tuple[Path, bytes]) -> None:
    huge = atomic("Bolt", text="x" * (8 << 20))  # 8 MB in one card: a 3 MB gzip of it would do
    source = atomic_file(tmp_path / "huge.json.gz", {"Bolt": [huge]})
    assert source.stat().st_size < 100_000
    refused_import(source, imported, r"line 1, column \d+: data\['Bolt'\] is larger than 1 MB")


def test_a_huge_meta_or_scalar_is_refused(tmp_path: Path, imported: tuple[Path, bytes]) -> None:
    source = tmp_path / "digits.json.gz"
    source.write_bytes(gzip.compress(b'{"meta": 1' + b"0" * (8 << 20) + b', "data": {}}'))
    refused_import(source, imported, r"'meta' is larger than 1 MB")


def test_total_size_and_entry_count_are_bounded(
    tmp_path: Path, imported: tuple[Path, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    many = {f"Card {n}": [atomic(f"Card {n}")] for n in range(6000)}
    source = atomic_file(tmp_path / "many.json.gz", many)
    assert len(gzip.decompress(source.read_bytes())) > 1 << 20
    monkeypatch.setattr(mtgjson, "MAX_ENTRIES", 2000)
    refused_import(source, imported, r"more than 2,000 entries in 'data'")
    monkeypatch.setattr(mtgjson, "MAX_ENTRIES", 10_000)
    monkeypatch.setattr(mtgjson, "MAX_JSON_BYTES", 1 << 20)
    refused_import(source, imported, r"more than 1 MB of JSON")
    monkeypatch.setattr(mtgjson, "MAX_JSON_BYTES", 1 << 30)
    assert import_atomic_cards(source, imported[0]).records == 6000


def test_deeply_nested_entry_is_a_clear_error(tmp_path: Path, imported: tuple[Path, bytes]) -> None:
    source = tmp_path / "deep.json"
    source.write_bytes(b'{"meta": {}, "data": {"Bolt": ' + b"[" * 200_000 + b"]" * 200_000 + b"}}")
    refused_import(source, imported, r"data\['Bolt'\] is nested too deeply")


def test_streamed_reading_keeps_the_old_errors(tmp_path: Path) -> None:
    source = tmp_path / "cut.json"
    source.write_bytes(b'{"meta": {"date": "x"},\n "data": {"Shock": [{"name": "Shock"}], "Bolt": [')
    with pytest.raises(CardDataError, match=r"line 2, column \d+: invalid JSON"):
        load_atomic_cards(source)
    source.write_bytes(b'{"meta": {}, "data": {"Shock": []}} trailing')
    with pytest.raises(CardDataError, match="unexpected data after the AtomicCards object"):
        load_atomic_cards(source)
    source.write_bytes(b'{"meta": {}}')
    with pytest.raises(CardDataError, match=r"not an MTGJSON AtomicCards file.*no 'data'"):
        load_atomic_cards(source)
    source.write_bytes(b'\xef\xbb\xbf{"data": {"Shock": [{"name": "Shock"}]}, "meta": {"date": "d"}}')
    assert load_atomic_cards(source) == {"meta": {"date": "d"}, "data": {"Shock": [{"name": "Shock"}]}}


def test_meta_after_data_still_dates_the_store(tmp_path: Path) -> None:
    source = tmp_path / "late.json"
    body = {"data": {"Shock": [atomic("Shock")]}, "meta": {"date": "2022-04-25", "version": "5"}}
    source.write_text(json.dumps(body), encoding="utf-8")
    store = tmp_path / "cards.sqlite"
    import_atomic_cards(source, store)
    assert read_store_meta(store)["mtgjson_date"] == "2022-04-25"


# -- cards update ---------------------------------------------------------------------------------
@pytest.fixture
def mirror(tmp_path: Path) -> Iterator[tuple[ScryfallMirror, Path, bytes]]:
    with LocalHTTPServer() as server:
        mirror = ScryfallMirror(server)
        mirror.publish()
        store = tmp_path / "cache" / "cards.sqlite"
        update_from_scryfall(mirror.api_base, store, timeout=5)
        server.clear()
        yield mirror, store, store.read_bytes()


def refused_update(mirror: tuple[ScryfallMirror, Path, bytes], message: str, **kwargs: Any) -> None:
    server, store, before = mirror
    with pytest.raises((NetworkError, CardDataError), match=message):
        update_from_scryfall(server.api_base, store, timeout=5, force=True, **kwargs)
    assert store.read_bytes() == before
    assert len(CardStore.open(store)) == 10
    assert read_store_meta(store)["updated_at"] == FIRST_UPDATE
    assert [p.name for p in store.parent.iterdir() if p.suffix in (".part", ".tmp")] == []


def test_a_huge_line_in_a_small_download_is_refused(mirror: tuple[ScryfallMirror, Path, bytes]) -> None:
    line = json.dumps({**sample_cards()[0], "oracle_text": "x" * (64 << 20)}).encode() + b"\n"
    body = gzip_bytes(line + jsonl_bytes(sample_cards()))
    assert len(body) < 1 << 20
    mirror[0].publish(updated_at=SECOND_UPDATE, body=body)
    refused_update(mirror, r"line 1 is longer than 4,194,304 characters")


def test_a_huge_legacy_array_item_is_refused(mirror: tuple[ScryfallMirror, Path, bytes]) -> None:
    array = json.dumps([{**sample_cards()[0], "oracle_text": "x" * (64 << 20)}]).encode()
    mirror[0].publish(updated_at=SECOND_UPDATE, shape="legacy", body=gzip_bytes(array))
    refused_update(mirror, r"an array item is longer than 4,194,304 characters")


def test_a_download_past_its_limit_is_not_written(
    mirror: tuple[ScryfallMirror, Path, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    small = BulkLimits(download_bytes=1000, json_bytes=1 << 30, item_chars=1 << 20, objects=1000)
    monkeypatch.setitem(scryfall.BULK_LIMITS, "oracle_cards", small)
    mirror[0].publish(updated_at=SECOND_UPDATE)  # the descriptor lists the size: no request at all
    refused_update(mirror, r"is listed as [\d,]+ bytes, more than the 0 MB any real one could be")
    assert mirror[0].file_requests() == []
    mirror[0].publish(updated_at=THIRD_UPDATE, descriptor_changes={"compressed_size": None})
    refused_update(mirror, r"is sent as [\d,]+ bytes")  # Content-Length
    mirror[0].publish(
        updated_at=FOURTH_UPDATE,
        descriptor_changes={"compressed_size": None},
        file_reply={"send_length": False},
    )
    refused_update(mirror, r"is more than 1,000 bytes")  # counted while it arrives


def test_decompressed_size_and_object_count_are_bounded(
    mirror: tuple[ScryfallMirror, Path, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(scryfall.BULK_LIMITS, "oracle_cards", BulkLimits(1 << 30, 10_000, 1 << 20, 1000))
    mirror[0].publish(updated_at=SECOND_UPDATE)
    refused_update(mirror, r"decompresses to more than 0 MB")
    monkeypatch.setitem(scryfall.BULK_LIMITS, "oracle_cards", BulkLimits(1 << 30, 1 << 30, 1 << 20, 5))
    refused_update(mirror, r"more than 5 objects")


def test_a_huge_bulk_list_is_refused(mirror: tuple[ScryfallMirror, Path, bytes]) -> None:
    server = mirror[0].server
    huge = Reply(body=b'{"data": [' + b" " * (4 << 20) + b"]}", content_type="application/json")
    server.route("/bulk-data", huge)
    message = r"reading the list of Scryfall bulk files: the answer from [\d.:]+ is "
    refused_update(mirror, message + "4,194,316 bytes", session_factory=uncached_session)
    server.route("/bulk-data", Reply(**{**huge.__dict__, "send_length": False}))
    refused_update(mirror, message + "more than 1,048,576 bytes", session_factory=uncached_session)


# -- the deadline -----------------------------------------------------------------------------------
def test_a_trickling_download_gives_up_at_the_deadline(mirror: tuple[ScryfallMirror, Path, bytes]) -> None:
    mirror[0].publish(updated_at=SECOND_UPDATE, file_reply={"trickle": 0.02})  # ~50 bytes/s
    started = time.monotonic()
    refused_update(
        mirror,
        r"downloading oracle_cards: gave up after \d+ s: the whole update may take 1.5 s",
        deadline=1.5,
    )
    assert time.monotonic() - started < 10


def test_slow_redirects_give_up_at_the_deadline(mirror: tuple[ScryfallMirror, Path, bytes]) -> None:
    server = mirror[0].server
    server.route(
        "/bulk-data", Reply(status=302, content_type=None, headers={"Location": "/bulk-data"}, delay=0.4)
    )
    started = time.monotonic()
    refused_update(
        mirror,
        r"reading the list of Scryfall bulk files: gave up after",
        deadline=1.5,
        session_factory=uncached_session,
    )
    assert time.monotonic() - started < 6  # 30 redirects of 0.4 s each would be 12 s


def test_a_slow_server_is_reported_while_waiting(mirror: tuple[ScryfallMirror, Path, bytes]) -> None:
    server, store, _ = mirror
    server.publish(updated_at=SECOND_UPDATE, file_reply={"delay": 2.5})
    stages: list[tuple[str, int, int | None]] = []
    result = update_from_scryfall(
        server.api_base, store, timeout=5, deadline=60, force=True, progress=lambda *a: stages.append(a)
    )
    assert result.records == 10
    waits = [s for s in stages if s[0] == "wait"]
    assert waits and waits[0][2] == 60 and max(w[1] for w in waits) >= 1


def test_cli_deadline_option(
    mirror: tuple[ScryfallMirror, Path, bytes], invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    server, store, before = mirror
    server.publish(updated_at=SECOND_UPDATE, file_reply={"trickle": 0.02})
    monkeypatch.setenv("DECKCHECK_SCRYFALL_API", server.api_base)
    result = invoke(["cards", "update", "--card-db", str(store), "--force", "--deadline", "1"])
    assert result.exit_code == 2
    assert "gave up after" in result.stderr and "--deadline SECONDS" in result.stderr
    assert store.read_bytes() == before


# -- how old the "up to date" is ----------------------------------------------------------------------
def test_up_to_date_from_the_cached_list_says_how_old_the_check_is(
    mirror: tuple[ScryfallMirror, Path, bytes],
) -> None:
    server, store, _ = mirror
    result = update_from_scryfall(server.api_base, store, timeout=5)
    assert result.up_to_date
    assert server.server.requests == []  # nothing asked: the list came from the HTTP cache
    (note,) = result.notes
    assert note.startswith("Scryfall's list of bulk files was last asked for 0 min ago")
    assert "--force" in note
    forced = update_from_scryfall(server.api_base, store, timeout=5, force=True)
    assert not any("last asked for" in n for n in forced.notes)


def test_the_waiting_line_shares_the_download_line() -> None:
    import io

    from deckcheck.cli import StderrProgress

    shown = io.StringIO()
    progress = StderrProgress(shown, enabled=True)
    progress("download", 1_000_000, 4_000_000)
    progress("wait", 3, 1800)
    progress("download", 2_000_000, 4_000_000)
    progress.close()
    text = shown.getvalue()
    assert "\rwaiting for the server 3 s (gives up after 1800 s)\x1b[K" in text
    # one status line, rewritten in place: no line break between the download and the wait
    assert text.count("\n") == 1 and text.endswith("\n")


def test_a_huge_redirect_body_is_not_read_whole(mirror: tuple[ScryfallMirror, Path, bytes]) -> None:
    server = mirror[0]
    real = server.publish(updated_at=SECOND_UPDATE, descriptor_changes={"compressed_size": None})
    hop = Reply(status=302, body=b" " * (4 << 20), content_type="text/plain", headers={"Location": real})
    server.server.route("/hop", hop)
    server.publish(
        updated_at=THIRD_UPDATE,
        descriptor_changes={"jsonl_download_uri": server.url("/hop"), "compressed_size": None},
    )
    refused_update(mirror, r"downloading oracle_cards: the answer from [\d.:]+ is 4,194,304 bytes")
