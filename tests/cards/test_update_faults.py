"""Every way `deckcheck cards update` can fail leaves the previous card store byte-identical and
usable, with a clear NetworkError / CardDataError; concurrent updates are serialised by the lock."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests
import requests_cache

from deckcheck.cards.scryfall import (
    _retry_after,
    http_cache_path,
    make_cached_session,
    update_from_scryfall,
)
from deckcheck.cards.store import CardStore, read_store_meta, verify_store
from deckcheck.cards.update import DowngradeRefused, UpdateLockedError, UpdateResult, lock_path_for
from deckcheck.errors import CardDataError, DeckcheckError, NetworkError
from tests.httpserver import (
    FIRST_UPDATE,
    LocalHTTPServer,
    RecordedRequest,
    Reply,
    ScryfallMirror,
    gzip_bytes,
    jsonl_bytes,
    sample_cards,
)

SECOND_UPDATE = "2026-09-09T09:02:11.120+00:00"
SHORT_TIMEOUT = 0.3  # the client's; the slow server replies take far longer


def revalidating_session(cache_path: Path) -> requests.Session:
    return make_cached_session(cache_path, descriptor_max_age=requests_cache.EXPIRE_IMMEDIATELY)


@dataclass
class Published:
    """A server with a first build, and a store already updated from it."""

    mirror: ScryfallMirror
    store_path: Path
    before: bytes
    sleeps: list[float] = field(default_factory=list)

    @property
    def server(self) -> LocalHTTPServer:
        return self.mirror.server

    def update(self, **kwargs: Any) -> UpdateResult:
        kwargs.setdefault("session_factory", revalidating_session)
        kwargs.setdefault("sleep", self.sleeps.append)
        kwargs.setdefault("timeout", 5.0)
        return update_from_scryfall(self.mirror.api_base, self.store_path, **kwargs)

    def forget_http_cache(self) -> None:
        http_cache_path(self.store_path).unlink()

    def assert_unchanged(self, *, update_running: bool = False) -> None:
        assert self.store_path.read_bytes() == self.before
        store = CardStore.open(self.store_path)
        assert len(store) == 10 and store.resolve("Fire // Ice").ok
        assert read_store_meta(self.store_path)["updated_at"] == FIRST_UPDATE
        leftovers = [p.name for p in self.store_path.parent.iterdir() if p.suffix in (".part", ".tmp")]
        assert leftovers == (["cards.sqlite.oracle_cards.jsonl.part"] if update_running else [])


@pytest.fixture
def published(tmp_path: Path) -> Iterator[Published]:
    with LocalHTTPServer() as server:
        mirror = ScryfallMirror(server)
        mirror.publish()
        store_path = tmp_path / "cache" / "cards.sqlite"
        update_from_scryfall(mirror.api_base, store_path, session_factory=revalidating_session)
        server.clear()
        yield Published(mirror, store_path, store_path.read_bytes())


def good_body() -> bytes:
    return gzip_bytes(jsonl_bytes(sample_cards()))


# -- the download breaks ------------------------------------------------------------------------
def test_connection_cut_midway(published: Published) -> None:
    published.mirror.publish(updated_at=SECOND_UPDATE, file_reply={"truncate_after": len(good_body()) // 2})
    with pytest.raises(
        NetworkError, match=r"downloading oracle_cards: the transfer failed after [\d,]+ bytes"
    ):
        published.update()
    published.assert_unchanged()


def test_connection_closed_early_without_content_length(published: Published) -> None:
    half = len(good_body()) // 2
    published.mirror.publish(
        updated_at=SECOND_UPDATE, file_reply={"send_length": False, "truncate_after": half}
    )
    with pytest.raises(NetworkError, match="Scryfall lists the file as"):
        published.update()  # compressed_size in the descriptor catches it
    published.assert_unchanged()


def test_truncated_gzip_is_caught_without_any_size_to_compare(published: Published) -> None:
    half = len(good_body()) // 2
    published.mirror.publish(
        updated_at=SECOND_UPDATE,
        file_reply={"send_length": False, "truncate_after": half},
        descriptor_changes={"compressed_size": None},
    )
    with pytest.raises(NetworkError, match="the download is incomplete"):
        published.update()  # only the gzip stream itself can tell
    published.assert_unchanged()


def test_corrupt_gzip(published: Published) -> None:
    body = bytearray(good_body())
    body[-8] ^= 0xFF  # CRC32 of the content
    published.mirror.publish(updated_at=SECOND_UPDATE, body=bytes(body))
    with pytest.raises(CardDataError, match="not valid gzip data"):
        published.update()
    published.assert_unchanged()


def test_an_html_page_instead_of_the_file(published: Published) -> None:
    published.mirror.publish(updated_at=SECOND_UPDATE, body=b"<html><body>Service unavailable</body></html>")
    with pytest.raises(CardDataError, match="not a Scryfall bulk file"):
        published.update()
    published.assert_unchanged()


def test_invalid_json_line(published: Published) -> None:
    cards = sample_cards()
    body = gzip_bytes(jsonl_bytes(cards[:3]) + b'{"object": "card", "name": "Brok\n' + jsonl_bytes(cards[3:]))
    published.mirror.publish(updated_at=SECOND_UPDATE, body=body)
    with pytest.raises(CardDataError, match=r"oracle-cards-\d+\.jsonl\.gz: line 4, column \d+: invalid JSON"):
        published.update()
    published.assert_unchanged()


def test_a_record_the_store_rejects_names_its_line(published: Published) -> None:
    cards = sample_cards()
    cards[2]["colors"] = ["X"]  # Bonecrusher Giant: faces derive colours; the root value is checked
    cards[1]["card_faces"][0]["colors"] = ["Purple"]
    published.mirror.publish(cards, updated_at=SECOND_UPDATE)
    with pytest.raises(CardDataError, match=r"line 2: card 'Fire // Ice'.*colour") as caught:
        published.update()
    assert "oracle-cards-" in str(caught.value)
    published.assert_unchanged()


@pytest.mark.parametrize("field", ["name", "oracle_text"])
def test_a_lone_surrogate_names_the_file_line_and_card(published: Published, field: str) -> None:
    """JSON "\\ud800" is half a character: the store cannot keep it. A card-data error naming the
    file, the line and the card, never an internal error; the store as it was."""
    cards = sample_cards()
    body = (
        jsonl_bytes(cards[1:3])  # Lightning Bolt (a card of one face) third
        + json.dumps(cards[0] | {field: "Bad \ud800 Text"}).encode()
        + b"\n"
        + jsonl_bytes(cards[3:])
    )
    published.mirror.publish(updated_at=SECOND_UPDATE, body=gzip_bytes(body))
    with pytest.raises(CardDataError, match=r"oracle-cards-\d+\.jsonl\.gz: line 3: card .*lone surrogate"):
        published.update()
    published.assert_unchanged()


@pytest.mark.parametrize("face", [None, 0, 1])
def test_a_card_without_a_type_line_names_the_file_line_and_card(
    published: Published, face: int | None
) -> None:
    """A card object (or one of its faces) with no type line: a card-data error naming the file,
    the line and the card, never a card stored as one of no type; the store as it was."""
    cards = sample_cards()
    if face is None:
        del cards[0]["type_line"]  # Lightning Bolt
    else:
        cards[1]["card_faces"][face]["type_line"] = ""  # Fire // Ice
    published.mirror.publish(cards, updated_at=SECOND_UPDATE)
    line = 1 if face is None else 2
    with pytest.raises(
        CardDataError, match=rf"oracle-cards-\d+\.jsonl\.gz: line {line}: card .*no type line"
    ):
        published.update()
    published.assert_unchanged()


def test_size_differs_from_the_descriptor(published: Published) -> None:
    published.mirror.publish(updated_at=SECOND_UPDATE, descriptor_changes={"compressed_size": 24_535_940})
    with pytest.raises(NetworkError, match="lists the file as 24,535,940 bytes"):
        published.update()
    published.assert_unchanged()


# -- the server says no -------------------------------------------------------------------------
def test_http_500_for_the_file(published: Published) -> None:
    published.mirror.publish(updated_at=SECOND_UPDATE, file_reply={"status": 500, "body": b"oops"})
    with pytest.raises(
        NetworkError, match=r"downloading oracle_cards: HTTP 500 Internal Server Error from "
    ) as caught:
        published.update()
    assert caught.value.hint is not None and "try again later" in caught.value.hint
    published.assert_unchanged()


def test_http_500_for_the_list_without_a_cached_copy(published: Published) -> None:
    published.forget_http_cache()
    published.server.route("/bulk-data", Reply.error(500))
    with pytest.raises(NetworkError, match=r"list of Scryfall bulk files: HTTP 500"):
        published.update()
    published.assert_unchanged()


def test_http_500_for_the_list_falls_back_to_the_cached_copy(published: Published) -> None:
    published.server.route("/bulk-data", Reply.error(500))
    result = published.update()
    assert result.up_to_date and result.notes
    published.assert_unchanged()


def test_404_descriptor_missing(published: Published) -> None:
    published.forget_http_cache()
    published.server.route("/bulk-data", Reply.error(404))
    with pytest.raises(NetworkError, match=r"HTTP 404 Not Found from http://127\.0\.0\.1") as caught:
        published.update()
    assert caught.value.hint is not None and "DECKCHECK_SCRYFALL_API" in caught.value.hint
    published.assert_unchanged()


def test_wrong_api_base(published: Published) -> None:
    with pytest.raises(NetworkError, match="HTTP 404"):
        update_from_scryfall(published.mirror.api_base + "/not-the-api", published.store_path, timeout=5)
    published.assert_unchanged()


def test_list_without_oracle_cards(published: Published) -> None:
    published.forget_http_cache()
    published.server.route("/bulk-data", Reply.json({"object": "list", "data": [{"type": "rulings"}]}))
    with pytest.raises(NetworkError, match=r"lists no 'oracle_cards' bulk file \(it lists \['rulings'\]\)"):
        published.update()
    published.assert_unchanged()


def test_list_that_is_not_json(published: Published) -> None:
    published.forget_http_cache()
    published.server.route("/bulk-data", Reply(body=b"<html>captive portal</html>", content_type="text/html"))
    with pytest.raises(NetworkError, match=r"not JSON \(Content-Type text/html\)"):
        published.update()
    published.assert_unchanged()


def test_a_captive_portal_page_is_not_cached_as_the_list(published: Published) -> None:
    published.forget_http_cache()
    portal = Reply(body=b"<html>log in to the wifi</html>", content_type="text/html")
    published.mirror.publish(updated_at=SECOND_UPDATE, bulk_replies=[portal])
    with pytest.raises(NetworkError, match="not JSON"):
        published.update(session_factory=make_cached_session)  # the 12-hour cache
    result = published.update(session_factory=make_cached_session)  # back on a real network
    assert result.records == 10 and not result.up_to_date
    assert read_store_meta(published.store_path)["updated_at"] == SECOND_UPDATE


def test_file_gone(published: Published) -> None:
    published.mirror.publish(updated_at=SECOND_UPDATE, file_reply={"status": 404, "body": b""})
    with pytest.raises(NetworkError, match="downloading oracle_cards: HTTP 404"):
        published.update()
    published.assert_unchanged()


def test_connection_refused(published: Published) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(NetworkError, match=r"cannot reach 127\.0\.0\.1"):
        update_from_scryfall(f"http://127.0.0.1:{port}", published.store_path, timeout=5)
    published.assert_unchanged()


# -- rate limiting ------------------------------------------------------------------------------
def test_429_waits_as_asked_then_succeeds(published: Published) -> None:
    published.mirror.publish(
        updated_at=SECOND_UPDATE, bulk_replies=[Reply.error(429, headers={"Retry-After": "1"})]
    )
    result = published.update()
    assert result.records == 10 and published.sleeps == [1.0]
    assert published.server.paths() == ["/bulk-data", "/bulk-data", published.mirror.file_path]


def test_429_that_does_not_stop_gives_up_after_bounded_retries(published: Published) -> None:
    published.mirror.publish(
        updated_at=SECOND_UPDATE, file_reply={"status": 429, "headers": {"Retry-After": "2"}, "body": b""}
    )
    with pytest.raises(NetworkError, match=r"rate limiting.*HTTP 429.*already retried 2") as caught:
        published.update()
    assert caught.value.hint is not None and "wait" in caught.value.hint
    assert published.sleeps == [2.0, 2.0]
    assert len(published.mirror.file_requests()) == 3
    published.assert_unchanged()


def test_429_on_the_list_is_waited_out_before_the_cached_copy_is_used(published: Published) -> None:
    published.server.route("/bulk-data", Reply.error(429, headers={"Retry-After": "1"}))
    result = published.update()
    assert published.sleeps == [1.0, 1.0]  # Retry-After honoured, a bounded number of times
    assert result.up_to_date
    (note,) = result.notes
    assert "HTTP 429" in note and "used the bulk file list cached" in note
    published.assert_unchanged()


def test_429_asking_for_a_long_wait_fails_at_once(published: Published) -> None:
    published.forget_http_cache()
    published.server.route("/bulk-data", Reply.error(429, headers={"Retry-After": "3600"}))
    with pytest.raises(NetworkError, match="asked to wait 3600 s"):
        published.update()
    assert published.sleeps == []
    published.assert_unchanged()


@pytest.mark.parametrize(
    ("header", "low", "high"),
    [(None, 30, 30), ("7", 7, 7), ("junk", 30, 30), ("Wed, 21 Oct 2015 07:28:00 GMT", 0, 0)],
)
def test_retry_after_values(header: str | None, low: float, high: float) -> None:
    assert low <= _retry_after(header) <= high


# -- slow servers -------------------------------------------------------------------------------
def test_timeout_waiting_for_the_list(published: Published) -> None:
    published.forget_http_cache()
    published.server.route("/bulk-data", Reply(delay=10, body=b"{}"))
    with pytest.raises(NetworkError, match=rf"no answer from 127.0.0.1:\d+ within {SHORT_TIMEOUT:g} s"):
        published.update(timeout=SHORT_TIMEOUT)
    published.assert_unchanged()


def test_timeout_in_the_middle_of_the_file(published: Published) -> None:
    published.mirror.publish(updated_at=SECOND_UPDATE, file_reply={"pause_after": 1000, "pause": 10})
    with pytest.raises(
        NetworkError, match=rf"transfer failed after [\d,]+ bytes \(no data for {SHORT_TIMEOUT:g} s"
    ):
        published.update(timeout=SHORT_TIMEOUT)
    published.assert_unchanged()


# -- concurrent updates -------------------------------------------------------------------------
class GatedFile:
    """The file reply of a new build that waits for ``gate``; ``requested`` is set when asked for."""

    def __init__(self, mirror: ScryfallMirror) -> None:
        self.gate = threading.Event()
        self.requested = threading.Event()
        mirror.publish(updated_at=SECOND_UPDATE)
        self.reply = Reply(body=mirror.body, content_type="application/gzip", gate=self.gate)
        mirror.server.route(mirror.file_path, self.respond)

    def respond(self, request: RecordedRequest) -> Reply:
        self.requested.set()
        return self.reply


class Background(threading.Thread):
    def __init__(self, published: Published, **kwargs: Any) -> None:
        super().__init__(daemon=True)
        self.published, self.kwargs = published, kwargs
        self.result: UpdateResult | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.result = self.published.update(**self.kwargs)
        except BaseException as exc:
            self.error = exc


def test_second_concurrent_update_fails_with_the_lock_message(published: Published) -> None:
    gated = GatedFile(published.mirror)
    first = Background(published)
    first.start()
    assert gated.requested.wait(10), "the first update never asked for the file"

    with pytest.raises(UpdateLockedError, match="another card data update is running") as caught:
        published.update(lock_timeout=0.2)
    assert isinstance(caught.value, DeckcheckError) and caught.value.exit_code == 2
    assert str(lock_path_for(published.store_path)) in caught.value.message
    published.assert_unchanged(update_running=True)  # the first one is still downloading

    gated.gate.set()
    first.join(10)
    assert first.error is None and first.result is not None and first.result.records == 10
    assert read_store_meta(published.store_path)["updated_at"] == SECOND_UPDATE
    assert CardStore.open(published.store_path).resolve("Fire // Ice").ok


def test_second_concurrent_update_waits_then_finds_nothing_to_do(published: Published) -> None:
    gated = GatedFile(published.mirror)
    first = Background(published)
    first.start()
    assert gated.requested.wait(10)
    second = Background(published, lock_timeout=30)
    second.start()
    second.join(0.3)
    assert second.is_alive()  # blocked on the lock, not on the network:
    assert len(published.mirror.list_requests()) == 1  # it has not asked for anything yet

    gated.gate.set()
    first.join(10)
    second.join(10)
    assert first.error is None and second.error is None
    assert first.result is not None and not first.result.up_to_date
    assert second.result is not None and second.result.up_to_date
    assert len(published.mirror.file_requests()) == 1
    assert CardStore.open(published.store_path).resolve("Fire // Ice").ok


def test_lock_held_by_another_process(published: Published) -> None:
    script = (
        "import filelock, sys; lock = filelock.FileLock(sys.argv[1]); lock.acquire(); "
        "print('locked', flush=True); sys.stdin.read()"
    )
    command = [sys.executable, "-c", script, str(lock_path_for(published.store_path))]
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as holder:
        assert holder.stdin is not None and holder.stdout is not None
        try:
            assert holder.stdout.readline().strip() == "locked"
            with pytest.raises(UpdateLockedError, match="another card data update is running"):
                published.update(lock_timeout=0.2)
            published.assert_unchanged()
        finally:
            holder.stdin.close()  # the holder exits and the OS drops its lock
            holder.wait(10)
    published.mirror.publish(updated_at=SECOND_UPDATE)
    assert published.update(lock_timeout=5).records == 10


def test_a_damaged_store_is_built_again_though_its_data_is_current(published: Published) -> None:
    """The damage messages say "rebuild it with `deckcheck cards update`": an update finds the
    store's data current, but a damaged store is downloaded and built again, and says why."""
    data = bytearray(published.before)
    page = 4096
    for number in range(len(data) // page // 2, len(data) // page):
        data[number * page : (number + 1) * page] = b"\xa5" * page
    published.store_path.write_bytes(bytes(data))
    assert verify_store(published.store_path)
    result = published.update()
    assert not result.up_to_date and result.records == 10
    assert any("the card store was damaged" in note for note in result.notes), result.notes
    assert verify_store(published.store_path) == []
    assert published.mirror.file_path in published.server.paths()
    # and once sound, the next update downloads nothing
    published.server.clear()
    assert published.update().up_to_date and published.mirror.file_path not in published.server.paths()


def test_a_gzip_cut_in_half_says_it_is_cut_short(published: Published) -> None:
    body = good_body()
    published.mirror.publish(updated_at=SECOND_UPDATE, body=body[: len(body) // 2])
    with pytest.raises(NetworkError, match=r"its gzip data is cut short \([\d,]+ bytes arrived\)") as caught:
        published.update()
    assert "after 0 bytes" not in str(caught.value)
    published.assert_unchanged()


OLDER_UPDATE = "2025-01-01T09:00:00.000+00:00"


@pytest.mark.parametrize("force", [False, True])
def test_a_build_older_than_the_store_is_refused_before_any_download(
    published: Published, force: bool
) -> None:
    """Older card data than the store's would drop what changed since (a ban announced in between)
    and be trusted as the data of its day: refused, naming both days and the way to take it all
    the same, before anything is downloaded. --force (ask now, download again) is not that way."""
    published.mirror.publish(updated_at=OLDER_UPDATE)
    with pytest.raises(DowngradeRefused, match=r"build of 2025-01-01, older than .* \(2026-") as caught:
        published.update(force=force)
    assert "--allow-downgrade" in str(caught.value.hint)
    assert published.mirror.file_path not in published.server.paths()
    published.assert_unchanged()


def test_a_build_of_far_fewer_cards_is_refused_before_it_replaces_the_store(published: Published) -> None:
    published.mirror.publish(sample_cards()[:1], updated_at=SECOND_UPDATE)
    with pytest.raises(
        DowngradeRefused, match=r"oracle-cards-\d+\.jsonl\.gz: 1 card, where the store has 10"
    ):
        published.update()
    published.assert_unchanged()


def test_allow_downgrade_takes_an_older_and_smaller_build_and_says_so(published: Published) -> None:
    published.mirror.publish(sample_cards()[:1], updated_at=OLDER_UPDATE)
    result = published.update(allow_downgrade=True)
    assert result.records == 1
    older, smaller = result.notes
    assert "card data of 2026-" in older and "older build, of 2025-01-01 (--allow-downgrade)" in older
    assert "the store's 10 cards were replaced with 1 (--allow-downgrade)" in smaller
    assert read_store_meta(published.store_path)["updated_at"] == OLDER_UPDATE


# -- the HTTP cache of the bulk file list ----------------------------------------------------------
def test_a_damaged_http_cache_is_started_afresh(published: Published) -> None:
    """The HTTP cache only saves asking Scryfall again: one that is not SQLite (a disk that filled
    up, a stray file) is discarded and the update goes on, saying so."""
    published.mirror.publish(updated_at=SECOND_UPDATE)
    cache = http_cache_path(published.store_path)
    cache.write_bytes(b"not a database " * 100)
    result = published.update()
    assert result.records == 10 and read_store_meta(published.store_path)["updated_at"] == SECOND_UPDATE
    assert any(f"the HTTP cache {cache} was damaged" in note for note in result.notes), result.notes
    assert cache.is_file() and cache.read_bytes().startswith(b"SQLite format 3")


def test_an_http_cache_that_cannot_be_a_file_is_a_clear_error(published: Published) -> None:
    cache = http_cache_path(published.store_path)
    cache.unlink()
    cache.mkdir()
    published.mirror.publish(updated_at=SECOND_UPDATE)
    with pytest.raises(DeckcheckError, match=rf"cannot use the HTTP cache {cache}") as caught:
        published.update()
    assert caught.value.hint and str(cache) in caught.value.hint
    assert cache.is_dir()  # not ours to remove
    published.assert_unchanged()


@pytest.mark.parametrize(
    ("body", "found"),
    [
        (gzip_bytes(jsonl_bytes([{"object": "set", "code": "lea", "name": "Alpha"}] * 3)), "3 'set' objects"),
        (gzip_bytes(json.dumps({"object": "list", "data": sample_cards()}).encode()), "1 'list' object"),
        (gzip_bytes(b"[]"), "it is empty"),
        (gzip_bytes(b""), "it is empty"),
    ],
    ids=["sets", "api-list", "empty-array", "empty"],
)
def test_a_file_of_no_card_objects_says_what_it_holds(published: Published, body: bytes, found: str) -> None:
    """A file that parses but holds no card object is not Scryfall's oracle_cards: say what it
    holds, not "line 3: no card records to store" as if line 3 were at fault."""
    published.mirror.publish(updated_at=SECOND_UPDATE, body=body)
    with pytest.raises(CardDataError) as caught:
        published.update()
    message = caught.value.message
    assert f"{published.mirror.url(published.mirror.file_path)}: no card objects in it" in message
    assert found in message and "so it is no oracle_cards data" in message
    assert "line " not in message and "array item" not in message
    published.assert_unchanged()
