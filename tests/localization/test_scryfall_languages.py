"""`deckcheck cards update --languages`: Scryfall's all_cards printed names into the card store,
against a Scryfall-shaped server on 127.0.0.1 (tests/fixtures/scryfall/all-cards-sample.jsonl)."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests_cache

from deckcheck.cards.scryfall import (
    make_cached_session,
    parse_languages,
    read_printed_names,
    stored_languages,
    update_from_scryfall,
    update_languages_from_scryfall,
)
from deckcheck.cards.store import CardStore, read_store_meta
from deckcheck.deck import Zone
from deckcheck.engine import AMBIGUOUS_CARD, PRINTED_NAME, deck_from_names
from deckcheck.errors import CardDataError, NetworkError
from tests.httpserver import (
    FIRST_UPDATE,
    SCRYFALL_FIXTURES,
    LocalHTTPServer,
    Reply,
    ScryfallMirror,
    gzip_bytes,
    jsonl_bytes,
    sample_cards,
)

ALL_CARDS_PATH = "/files/all-cards-20260908090157.jsonl.gz"
SECOND_UPDATE = "2026-09-09T09:02:11.120+00:00"


def all_cards_sample() -> list[dict[str, Any]]:
    text = (SCRYFALL_FIXTURES / "all-cards-sample.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def squash() -> dict[str, Any]:
    """Squash (Kaldheim), an oracle card whose Italian name is also the Italian name of Stomp."""
    bolt = next(c for c in sample_cards() if c["name"] == "Lightning Bolt")
    card = copy.deepcopy(bolt)
    card.update(
        id="0d8f5b3e-5d1f-4c52-8a63-3b6f9e6d8a11",
        oracle_id="8d7f3d8a-0c7e-4d6e-9e3d-7f1a2b3c4d5e",
        name="Squash",
        mana_cost="{4}{R}",
        cmc=5.0,
        oracle_text="This spell costs {3} less to cast if you control a Giant.\n"
        "Squash deals 6 damage to target creature or planeswalker.",
        set="khm",
        collector_number="155",
    )
    return card


class AllCardsMirror:
    """The oracle_cards mirror of tests/httpserver.py plus an all_cards file in its bulk list."""

    def __init__(self, server: LocalHTTPServer) -> None:
        self.server = server
        self.oracle = ScryfallMirror(server)
        self.body = b""
        self.file_path = ALL_CARDS_PATH

    @property
    def api_base(self) -> str:
        return self.server.base_url

    def publish(
        self,
        objs: list[dict[str, Any]] | None = None,
        *,
        shape: str = "jsonl",
        updated_at: str = FIRST_UPDATE,
        body: bytes | None = None,
        file_reply: dict[str, Any] | None = None,
    ) -> None:
        cards = all_cards_sample() if objs is None else objs
        if shape == "jsonl":
            self.file_path = ALL_CARDS_PATH.replace("20260908090157", _stamp(updated_at))
            encoded = gzip_bytes(jsonl_bytes(cards))
            headers: dict[str, str] = {}
            content_type = "application/gzip"
        else:
            self.file_path = f"/files/all-cards-{_stamp(updated_at)}.json"
            encoded = gzip_bytes(json.dumps(cards, ensure_ascii=False).encode("utf-8"))
            headers = {"Content-Encoding": "gzip"}
            content_type = "application/json"
        self.body = encoded if body is None else body
        fixture = "bulk-data-2026.json" if shape == "jsonl" else "bulk-data-legacy.json"
        text = (SCRYFALL_FIXTURES / fixture).read_text(encoding="utf-8").replace("__BASE__", self.api_base)
        payload = json.loads(text)
        if not any(item["type"] == "all_cards" for item in payload["data"]):  # the legacy fixture
            payload["data"].append({"object": "bulk_data", "type": "all_cards", "name": "All Cards"})
        for item in payload["data"]:
            item["updated_at"] = updated_at
            if item["type"] == "oracle_cards":
                item.clear()
                item.update(self.oracle.descriptor)
            elif item["type"] == "all_cards":
                key = "jsonl_download_uri" if shape == "jsonl" else "download_uri"
                item[key] = self.server.url(self.file_path)
                item["compressed_size"] = len(self.body)
        # an ETag of its own: the oracle mirror's would make the cached list without all_cards "current"
        etag = f'W/"all-cards-{_stamp(updated_at)}-{len(self.body)}"'
        self.server.route("/bulk-data", Reply.json(payload, etag=etag))
        fields: dict[str, Any] = {"body": self.body, "content_type": content_type, "headers": headers}
        fields.update(file_reply or {})
        self.server.route(self.file_path, Reply(**fields))

    def downloads(self) -> int:
        return len(self.server.requests_for(self.file_path))


def _stamp(updated_at: str) -> str:
    return "".join(ch for ch in updated_at[:19] if ch.isdigit())


def revalidating_session(cache_path: Path) -> requests_cache.CachedSession:
    session = make_cached_session(cache_path, descriptor_max_age=requests_cache.EXPIRE_IMMEDIATELY)
    assert isinstance(session, requests_cache.CachedSession)
    return session


@pytest.fixture
def server() -> Iterator[LocalHTTPServer]:
    with LocalHTTPServer() as running:
        yield running


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    return tmp_path / "cache" / "cards.sqlite"


@pytest.fixture
def mirror(server: LocalHTTPServer, store_path: Path) -> AllCardsMirror:
    """A store built from the oracle sample plus Squash, and an all_cards file published."""
    mirror = AllCardsMirror(server)
    mirror.oracle.publish([*sample_cards(), squash()])
    update_from_scryfall(mirror.api_base, store_path, session_factory=revalidating_session)
    mirror.publish()
    return mirror


def update(mirror: AllCardsMirror, store_path: Path, languages: str, **kwargs: Any) -> Any:
    return update_languages_from_scryfall(
        mirror.api_base,
        store_path,
        parse_languages(languages),
        session_factory=revalidating_session,
        **kwargs,
    )


def test_printed_names_resolve_after_the_update(mirror: AllCardsMirror, store_path: Path) -> None:
    before = {r["name"]: r for r in CardStore.open(store_path).records()}
    result = update(mirror, store_path, "de,it,zhs")
    store = CardStore.open(store_path)
    kept = [(c.name, c.parts) for c in store.non_deck_cards() or ()]  # the rebuild keeps them all
    assert kept == [
        ("Akoum", ()),
        ("Brisela, Voice of Nightmares", ("Bruna, the Fading Light", "Gisela, the Broken Blade")),
    ]

    expected = {
        "Blitzschlag": ("Lightning Bolt", "de"),
        "Fulmine": ("Lightning Bolt", "it"),
        "闪电击": ("Lightning Bolt", "zhs"),
        "blitzschlag": ("Lightning Bolt", "de"),  # case folded
        "Knochenmalmer-Riese // Stampfen": ("Bonecrusher Giant // Stomp", "de"),
        "Stampfen": ("Bonecrusher Giant // Stomp", "de"),  # a face, joined faces are indexed too
        "掘密师": ("Delver of Secrets // Insectile Aberration", "zhs"),
        "Erwachen von Valakut": ("Valakut Awakening // Valakut Stoneforge", "de"),
        "Jace, lo Scultore di Menti": ("Jace, the Mind Sculptor", "it"),
        "心灵塑师杰斯": ("Jace, the Mind Sculptor", "zhs"),
        "Zerquetschen": ("Squash", "de"),
        "宣导": ("Propaganda", "zhs"),
    }
    for written, (oracle, lang) in expected.items():
        resolution = store.resolve(written)
        assert (resolution.match, resolution.card and resolution.card.name, resolution.language) == (
            "printed",
            oracle,
            lang,
        ), written
    # languages not asked for are not indexed; English names resolve as before
    assert store.resolve("稲妻").card is None
    assert store.resolve("火").card is None
    assert store.resolve("Lightning Bolt").match == "exact"
    # the rest of each record is untouched, the printed names are added to it
    after = {r["name"]: r for r in store.records()}
    assert set(after) == set(before)
    for name, record in after.items():
        assert {k: v for k, v in record.items() if k != "printed_names"} == {
            k: v for k, v in before[name].items() if k != "printed_names"
        }
    assert after["Lightning Bolt"]["printed_names"] == {
        "de": ["Blitzschlag"],
        "it": ["Fulmine"],
        "zhs": ["闪电击"],
    }
    # "Propaganda" is also the German name: nothing to index
    assert after["Propaganda"]["printed_names"] == {"zhs": ["宣导"]}
    meta = read_store_meta(store_path)
    assert meta["languages"] == "de,it,zhs"
    assert meta["languages_updated_at"] == FIRST_UPDATE
    assert meta["source"] == "scryfall" and meta["bulk_type"] == "oracle_cards"  # the oracle meta is kept
    assert meta["records"] == str(len(before)) == str(result.records)
    assert stored_languages(store_path) == ("de", "it", "zhs")
    assert result.downloaded_bytes == len(mirror.body)
    assert not result.up_to_date
    assert any(note.startswith("printed names: de ") for note in result.notes)
    # Counterspell is printed in German but is not in this store
    assert any(
        "1 printed card is not in the store" in note and "Counterspell" in note for note in result.notes
    )
    assert sorted(p.name for p in store_path.parent.iterdir()) == [
        "cards.sqlite",
        "cards.sqlite.lock",
        "http-cache.sqlite",
    ]  # the scratch download is gone


def test_a_printed_name_of_two_cards_is_ambiguous(mirror: AllCardsMirror, store_path: Path) -> None:
    # Italian "Schiacciare" is Squash and Stomp (the adventure of Bonecrusher Giant): never guessed.
    update(mirror, store_path, "it")
    store = CardStore.open(store_path)
    resolution = store.resolve("Schiacciare")
    assert resolution.match == "ambiguous" and resolution.card is None
    assert set(resolution.suggestions) == {"Bonecrusher Giant // Stomp", "Squash"}
    deck, findings = deck_from_names([(1, "Schiacciare", Zone.MAIN), (4, "Fulmine", Zone.MAIN)], store)
    assert [f.code for f in findings] == [AMBIGUOUS_CARD.code, PRINTED_NAME.code]
    assert "Bonecrusher Giant // Stomp" in findings[0].message and "Squash" in findings[0].message
    assert [c.card.name for c in deck.cards] == ["Lightning Bolt"]


def test_second_run_downloads_nothing(mirror: AllCardsMirror, store_path: Path) -> None:
    update(mirror, store_path, "de,zhs")
    again = update(mirror, store_path, "zhs")  # a subset of what the store holds
    assert again.up_to_date
    assert mirror.downloads() == 1
    assert "up to date" in " ".join(again.notes)
    forced = update(mirror, store_path, "zhs", force=True)
    assert not forced.up_to_date and mirror.downloads() == 2


def test_a_new_language_keeps_the_old_ones(mirror: AllCardsMirror, store_path: Path) -> None:
    update(mirror, store_path, "de")
    update(mirror, store_path, "it")
    store = CardStore.open(store_path)
    assert store.resolve("Blitzschlag").card is not None
    assert store.resolve("Fulmine").card is not None
    assert stored_languages(store_path) == ("de", "it")
    assert mirror.downloads() == 2


def test_a_new_scryfall_build_is_downloaded(mirror: AllCardsMirror, store_path: Path) -> None:
    update(mirror, store_path, "de")
    objs = all_cards_sample()
    objs.append({**objs[1], "id": "3f5e2c1a-0000-4000-8000-000000000001", "printed_name": "Blitz"})
    mirror.publish(objs, updated_at=SECOND_UPDATE)
    result = update(mirror, store_path, "de")
    assert not result.up_to_date
    store = CardStore.open(store_path)
    assert store.resolve("Blitz").card is not None and store.resolve("Blitzschlag").card is not None
    assert read_store_meta(store_path)["languages_updated_at"] == SECOND_UPDATE


def test_legacy_json_array_file(server: LocalHTTPServer, store_path: Path) -> None:
    mirror = AllCardsMirror(server)
    mirror.oracle.publish(shape="legacy")
    update_from_scryfall(mirror.api_base, store_path, session_factory=revalidating_session)
    mirror.publish(shape="legacy")
    update(mirror, store_path, "zhs")
    assert CardStore.open(store_path).resolve("闪电击").card is not None


def test_lines_of_other_languages_are_not_decoded(tmp_path: Path) -> None:
    """The scan keeps only the requested languages: a damaged English line costs nothing, a damaged
    line in a requested language is an error naming the file and line."""
    lines = jsonl_bytes(all_cards_sample()).decode("utf-8").splitlines()
    damaged_english = '{"object": "card", "name": "Broken", "lang": "en", "printed_name": '
    sample = tmp_path / "all-cards.jsonl.gz"
    sample.write_bytes(gzip_bytes("\n".join([damaged_english, *lines]).encode("utf-8")))
    index = read_printed_names(sample, ("de",), label="sample")
    assert index.names["Lightning Bolt"] == {"de": ["Blitzschlag"]}
    assert "Goblin" not in index.names  # a token
    assert index.names["Bonecrusher Giant // Stomp"]["de"] == [
        "Knochenmalmer-Riese // Stampfen",
        "Knochenmalmer-Riese",
        "Stampfen",
    ]
    damaged_german = damaged_english.replace('"en"', '"de"')
    sample.write_bytes(gzip_bytes("\n".join([*lines, damaged_german]).encode("utf-8")))
    with pytest.raises(CardDataError, match=rf"sample: line {len(lines) + 1}, column \d+: invalid JSON"):
        read_printed_names(sample, ("de",), label="sample")


def test_needs_an_existing_store(server: LocalHTTPServer, store_path: Path) -> None:
    mirror = AllCardsMirror(server)
    with pytest.raises(CardDataError, match="no card store") as caught:
        update(mirror, store_path, "de")
    assert "cards update" in (caught.value.hint or "")
    assert server.requests == []  # nothing asked of the network


def test_a_broken_download_leaves_the_store_as_it_was(mirror: AllCardsMirror, store_path: Path) -> None:
    before = store_path.read_bytes()
    mirror.publish(file_reply={"truncate_after": 200})
    with pytest.raises(NetworkError):
        update(mirror, store_path, "de")
    assert store_path.read_bytes() == before
    mirror.publish(body=gzip_bytes(b"this is not json\n"))
    with pytest.raises(CardDataError, match=r"invalid JSON|not a Scryfall bulk file"):
        update(mirror, store_path, "de", force=True)
    assert store_path.read_bytes() == before
    assert CardStore.open(store_path).resolve("Blitzschlag").card is None


def test_parse_languages() -> None:
    assert parse_languages("zhs,de, it") == ("zhs", "de", "it")
    assert parse_languages("ZHS de de") == ("zhs", "de")
    assert parse_languages(["ja", "ko"]) == ("ja", "ko")
    with pytest.raises(CardDataError, match=r"unknown language code.*xx"):
        parse_languages("de,xx")
    with pytest.raises(CardDataError, match="English names are the oracle names"):
        parse_languages("en,de")
    with pytest.raises(CardDataError, match="no language codes"):
        parse_languages(" , ")


def test_cli_cards_update_with_languages(
    server: LocalHTTPServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`deckcheck cards update --languages de,it` end to end: oracle cards, then the printed names;
    a German decklist then resolves. `--languages` with `--offline` is a usage error."""
    from click.testing import CliRunner

    from deckcheck.cli import cli

    mirror = AllCardsMirror(server)
    mirror.oracle.publish([*sample_cards(), squash()])
    mirror.publish()
    monkeypatch.setenv("DECKCHECK_SCRYFALL_API", mirror.api_base)
    store = tmp_path / "cards.sqlite"
    runner = CliRunner()
    result = runner.invoke(cli, ["cards", "update", "--languages", "de,it", "--card-db", str(store)])
    assert result.exit_code == 0, result.output
    assert stored_languages(store) == ("de", "it")
    assert CardStore.open(store).resolve("Blitzschlag").card is not None
    assert mirror.downloads() == 1
    offline = runner.invoke(
        cli, ["cards", "update", "--offline", "--languages", "de", "--card-db", str(store)]
    )
    assert offline.exit_code == 2
    assert "--offline" in offline.output
