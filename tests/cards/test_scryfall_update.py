"""`deckcheck cards update` end to end, against a Scryfall-shaped server on 127.0.0.1."""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import requests
import requests_cache

from deckcheck.cards.scryfall import (
    ACCEPT,
    USER_AGENT,
    http_cache_path,
    make_cached_session,
    update_from_scryfall,
)
from deckcheck.cards.store import NON_DECK_META, CardStore, read_store_meta
from deckcheck.errors import CardDataError, NetworkError
from tests.httpserver import LocalHTTPServer, Reply, ScryfallMirror, sample_cards

SECOND_UPDATE = "2026-09-09T09:02:11.120+00:00"


@pytest.fixture
def server() -> Iterator[LocalHTTPServer]:
    with LocalHTTPServer() as running:
        yield running


@pytest.fixture
def mirror(server: LocalHTTPServer) -> ScryfallMirror:
    return ScryfallMirror(server)


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    return tmp_path / "cache" / "cards.sqlite"


def revalidating_session(cache_path: Path) -> requests.Session:
    """A descriptor cache entry that is stale at once: every update asks the server (conditionally)."""
    return make_cached_session(cache_path, descriptor_max_age=requests_cache.EXPIRE_IMMEDIATELY)


def assert_store_works(store_path: Path) -> None:
    store = CardStore.open(store_path)
    assert len(store) == 10
    assert store.resolve("Fire // Ice").ok
    assert store.resolve("Stomp").card is not None  # adventure half -> the card
    assert store.resolve("Goblin").card is None  # tokens are not cards
    plane = store.non_deck_card("Akoum")  # nor is a plane, but the store knows what it is
    assert store.resolve("Akoum").card is None and plane is not None and plane.kind == "plane"
    meld = store.non_deck_card("Brisela, Voice of Nightmares")  # nor the melded back of two cards
    assert store.resolve("Brisela, Voice of Nightmares").card is None
    assert meld is not None and meld.parts == ("Bruna, the Fading Light", "Gisela, the Broken Blade")


def test_first_update_jsonl(mirror: ScryfallMirror, store_path: Path) -> None:
    mirror.publish()
    result = update_from_scryfall(mirror.api_base, store_path)

    assert result.records == 10
    assert dict(result.skipped) == {"token": 1, "emblem": 1, "art_series": 1}
    assert result.non_deck == 2 and "kept 2 names of cards no deck holds" in result.summary()
    assert result.duplicates == 1
    assert result.downloaded_bytes == len(mirror.body)
    assert not result.up_to_date
    assert_store_works(store_path)
    meta = read_store_meta(store_path)
    assert meta["source"] == "scryfall"
    assert meta["updated_at"] == mirror.updated_at
    assert meta["uri"] == mirror.url(mirror.file_path)
    assert meta["format"] == "jsonl"
    assert meta["etag"].startswith('"')
    assert meta["records"] == "10"
    assert sorted(p.name for p in store_path.parent.iterdir()) == [
        "cards.sqlite",
        "cards.sqlite.lock",
        "http-cache.sqlite",
    ]  # no .part file left behind


def test_a_current_store_that_keeps_no_planes_is_built_again(
    mirror: ScryfallMirror, store_path: Path
) -> None:
    """A store built before planes, schemes and Vanguard cards were kept by name cannot get them from
    its own records: the next update downloads the build again, though the store holds it."""
    mirror.publish()
    update_from_scryfall(mirror.api_base, store_path)
    with contextlib.closing(sqlite3.connect(store_path)) as db:  # as an older deckcheck built it
        db.execute("DELETE FROM meta WHERE key = ?", (NON_DECK_META,))
        db.execute("DROP TABLE non_deck")
        db.commit()
    assert CardStore.open(store_path).non_deck_card("Akoum") is None
    mirror.server.clear()

    result = update_from_scryfall(mirror.api_base, store_path)

    assert not result.up_to_date and mirror.server.paths() == [mirror.file_path]
    assert any("built before it kept the names of planes" in note for note in result.notes)
    plane = CardStore.open(store_path).non_deck_card("Akoum")
    assert plane is not None and plane.kind == "plane"
    assert update_from_scryfall(mirror.api_base, store_path).up_to_date  # and then it is current


def test_a_current_store_built_before_meld_results_were_kept_is_built_again(
    mirror: ScryfallMirror, store_path: Path
) -> None:
    """A store whose non_deck table is of version 1 kept a meld result as a card record: its own
    records cannot say which is one, so the next update downloads the build again."""
    mirror.publish()
    update_from_scryfall(mirror.api_base, store_path)
    with contextlib.closing(sqlite3.connect(store_path)) as db, db:
        db.execute("UPDATE meta SET value = '1' WHERE key = ?", (NON_DECK_META,))
    assert CardStore.open(store_path).non_deck_cards() is None  # (says it keeps none)
    mirror.server.clear()

    result = update_from_scryfall(mirror.api_base, store_path)

    assert not result.up_to_date and mirror.server.paths() == [mirror.file_path]
    assert any("and meld results: it is built again" in note for note in result.notes)
    meld = CardStore.open(store_path).non_deck_card("Brisela, Voice of Nightmares")
    assert meld is not None and meld.is_meld_result


def test_requests_identify_deckcheck(mirror: ScryfallMirror, store_path: Path) -> None:
    mirror.publish()
    update_from_scryfall(mirror.api_base, store_path)
    listing, download = mirror.server.requests
    for request in (listing, download):
        assert request.header("User-Agent") == USER_AGENT
        assert request.header("Accept") == ACCEPT
    assert listing.path == "/bulk-data"
    assert download.path == mirror.file_path
    assert download.header("Accept-Encoding") == "gzip"


@pytest.mark.parametrize("wire_gzip", [True, False], ids=["content-encoding-gzip", "plain-json"])
def test_legacy_descriptor_and_json_array(mirror: ScryfallMirror, store_path: Path, wire_gzip: bool) -> None:
    mirror.publish(shape="legacy", wire_gzip=wire_gzip)
    assert "jsonl_download_uri" not in mirror.descriptor
    result = update_from_scryfall(mirror.api_base, store_path)
    assert result.records == 10
    assert read_store_meta(store_path)["format"] == "json"
    assert_store_works(store_path)


def test_redirected_download(mirror: ScryfallMirror, server: LocalHTTPServer, store_path: Path) -> None:
    real_path = mirror.publish()
    server.route("/bulk-file/oracle-cards", Reply.redirect(mirror.url(real_path)))
    mirror.publish(descriptor_changes={"jsonl_download_uri": mirror.url("/bulk-file/oracle-cards")})
    server.route(real_path, Reply(body=mirror.body, content_type="application/gzip"))
    result = update_from_scryfall(mirror.api_base, store_path)
    assert result.records == 10
    assert server.paths() == ["/bulk-data", "/bulk-file/oracle-cards", real_path]


def test_second_update_downloads_nothing(mirror: ScryfallMirror, store_path: Path) -> None:
    mirror.publish()
    update_from_scryfall(mirror.api_base, store_path)
    before = store_path.read_bytes()
    mirror.server.clear()

    result = update_from_scryfall(mirror.api_base, store_path)

    assert result.up_to_date and result.downloaded_bytes == 0
    assert result.records == 10
    assert mirror.server.requests == []  # the bulk list came from the HTTP cache, no file asked for
    assert store_path.read_bytes() == before
    assert "up to date" in result.summary()


def test_second_update_revalidates_the_list(mirror: ScryfallMirror, store_path: Path) -> None:
    mirror.publish()
    update_from_scryfall(mirror.api_base, store_path, session_factory=revalidating_session)
    before = store_path.read_bytes()
    mirror.server.clear()

    result = update_from_scryfall(mirror.api_base, store_path, session_factory=revalidating_session)

    assert result.up_to_date
    (listing,) = mirror.server.requests  # one conditional request, answered 304
    assert listing.path == "/bulk-data"
    assert listing.header("If-None-Match") == mirror.list_etag
    assert mirror.file_requests() == []
    assert store_path.read_bytes() == before


def test_new_build_is_downloaded(mirror: ScryfallMirror, store_path: Path) -> None:
    mirror.publish()
    update_from_scryfall(mirror.api_base, store_path, session_factory=revalidating_session)
    cards = [c for c in sample_cards() if c["name"] != "Brainstorm"]
    mirror.publish(cards, updated_at=SECOND_UPDATE)
    mirror.server.clear()

    result = update_from_scryfall(mirror.api_base, store_path, session_factory=revalidating_session)

    assert result.records == 9 and not result.up_to_date
    assert [r.path for r in mirror.file_requests()] == [mirror.file_path]
    assert read_store_meta(store_path)["updated_at"] == SECOND_UPDATE
    assert CardStore.open(store_path).resolve("Brainstorm").card is None


def test_force_asks_again_and_downloads_again(mirror: ScryfallMirror, store_path: Path) -> None:
    mirror.publish()
    update_from_scryfall(mirror.api_base, store_path)
    mirror.server.clear()
    result = update_from_scryfall(mirror.api_base, store_path, force=True)
    assert not result.up_to_date and result.records == 10
    assert mirror.server.paths() == ["/bulk-data", mirror.file_path]


def test_stale_list_is_used_when_scryfall_fails(mirror: ScryfallMirror, store_path: Path) -> None:
    mirror.publish()
    update_from_scryfall(mirror.api_base, store_path, session_factory=revalidating_session)
    before = store_path.read_bytes()
    mirror.server.route("/bulk-data", Reply.error(503))

    result = update_from_scryfall(mirror.api_base, store_path, session_factory=revalidating_session)

    assert result.up_to_date
    (note,) = result.notes
    assert "HTTP 503" in note and "used the bulk file list cached at 20" in note
    assert store_path.read_bytes() == before


def test_bulk_files_never_enter_the_http_cache(mirror: ScryfallMirror, tmp_path: Path) -> None:
    path = mirror.publish()
    with make_cached_session(tmp_path / "http.sqlite") as session:
        for _ in range(2):
            session.get(mirror.url(path)).close()
        for _ in range(2):
            session.get(mirror.url("/bulk-data")).close()
    assert mirror.server.paths() == [path, path, "/bulk-data"]


def test_progress_reports_every_stage(mirror: ScryfallMirror, store_path: Path) -> None:
    mirror.publish()
    events: list[tuple[str, int, int | None]] = []
    update_from_scryfall(mirror.api_base, store_path, progress=lambda *event: events.append(event))
    stages = [stage for stage, _, _ in events]
    assert stages[0] == "bulk-data"
    assert ("download", len(mirror.body), len(mirror.body)) in events
    assert events[-1] == ("convert", 10, 10)


def test_offline_makes_no_requests(mirror: ScryfallMirror, store_path: Path) -> None:
    mirror.publish()
    update_from_scryfall(mirror.api_base, store_path)
    mirror.server.clear()
    result = update_from_scryfall(mirror.api_base, store_path, offline=True)
    assert mirror.server.requests == []
    assert result.offline and result.records == 10 and result.source == "scryfall"
    assert result.meta["updated_at"] == mirror.updated_at
    assert "offline" in result.summary()


def test_offline_without_a_store_explains_what_to_do(mirror: ScryfallMirror, store_path: Path) -> None:
    mirror.publish()
    with pytest.raises(CardDataError, match="no card store") as caught:
        update_from_scryfall(mirror.api_base, store_path, offline=True)
    assert caught.value.hint is not None and "cards update" in caught.value.hint
    assert mirror.server.requests == []
    assert not http_cache_path(store_path).exists()


def _old_schema(db: sqlite3.Connection) -> None:
    db.execute("UPDATE meta SET value = '0' WHERE key = 'schema_version'")


def _no_meta(db: sqlite3.Connection) -> None:
    db.execute("DELETE FROM meta")


def _no_cards(db: sqlite3.Connection) -> None:
    db.execute("DROP TABLE cards")


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (_old_schema, "has schema '0', this deckcheck reads '1'"),
        (_no_meta, "has no schema_version"),
        (_no_cards, "is damaged"),
    ],
    ids=["old-schema", "no-meta", "no-cards-table"],
)
def test_offline_reports_a_store_a_check_cannot_use_as_such(
    mirror: ScryfallMirror, store_path: Path, spoil: Callable[[sqlite3.Connection], None], message: str
) -> None:
    """`cards update --offline` reports what a check would find: a store it cannot read is an
    error saying why (and how to rebuild it), never "has 10 cards" read from its meta, nor "there
    is no card store" when there is a file."""
    mirror.publish()
    update_from_scryfall(mirror.api_base, store_path)
    with contextlib.closing(sqlite3.connect(store_path)) as db:
        spoil(db)
        db.commit()
    with pytest.raises(CardDataError, match=re.escape(message)) as caught:
        update_from_scryfall(mirror.api_base, store_path, offline=True)
    assert str(store_path) in caught.value.message and "no card store" not in caught.value.message
    assert caught.value.hint is not None and "cards update" in caught.value.hint


@pytest.mark.parametrize("updated_at", ["yesterday", "2026-13-40T00:00:00+00:00"])
def test_a_build_without_a_readable_date_is_not_downloaded(
    mirror: ScryfallMirror, store_path: Path, updated_at: str
) -> None:
    """The store's date is the build's updated_at (a bulk entry has no other date): without one
    no check could tell how old the data is, so the update refuses it and keeps the store."""
    mirror.publish()
    update_from_scryfall(mirror.api_base, store_path)
    before = store_path.read_bytes()
    mirror.publish(updated_at=updated_at)
    mirror.server.clear()
    with pytest.raises(NetworkError, match=re.escape(f"'updated_at' '{updated_at}', which is not a date")):
        update_from_scryfall(mirror.api_base, store_path, force=True)
    assert store_path.read_bytes() == before
    assert mirror.file_path not in mirror.server.paths()


def test_a_forced_update_says_when_asking_for_the_list_failed(
    mirror: ScryfallMirror,
    store_path: Path,
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--force asks again for a list still cached; when that fails (here a redirect loop) the
    cached list stands in, and the note says the request failed and what was used, never that it
    was "last asked for 0 min ago"; no traceback is logged or printed."""
    mirror.publish()
    update_from_scryfall(mirror.api_base, store_path)
    mirror.server.route("/bulk-data", Reply.redirect("/loop"))
    mirror.server.route("/loop", Reply.redirect("/bulk-data"))
    with caplog.at_level("DEBUG"):
        result = update_from_scryfall(mirror.api_base, store_path, force=True)
    assert result.records == 10
    (note,) = result.notes
    assert "redirects in a loop" in note and "used the bulk file list cached at 20" in note, note
    assert not [record for record in caplog.records if record.exc_info]
    assert "Traceback" not in capsys.readouterr().err
