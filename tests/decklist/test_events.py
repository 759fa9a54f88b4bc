"""Event documents: one JSON file with every deck of an event (MTGO's decklist JSON and the
MTGODecklistCache archive), read as many decks with the event's metadata."""

from __future__ import annotations

import codecs
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deckcheck.cli import cli
from deckcheck.deck import Zone
from deckcheck.decklist import parse_bytes, parse_bytes_decks, parse_file_decks, parse_text, parse_text_decks
from deckcheck.decklist.events import format_for_event


def mtgo_card(name: str, qty: int, sideboard: bool = False) -> dict[str, Any]:
    return {"qty": qty, "sideboard": sideboard, "card_attributes": {"card_name": name, "cardset": "XYZ"}}


def mtgo_event(**overrides: Any) -> dict[str, Any]:
    event: dict[str, Any] = {
        "decklists": [
            {
                "player": "alice",
                "loginid": 11,
                "main_deck": [mtgo_card("Lórien Revealed", 4), mtgo_card("Island", 56)],
                "sideboard_deck": [mtgo_card("_____ Goblin", 1, True)],
                "wins": None,
            },
            {
                "player": "bob",
                "loginid": 22,
                "main_deck": [mtgo_card("Island", 60)],
                "sideboard_deck": [],
                "wins": {"wins": 3, "losses": 2},
            },
        ],
        "event_id": 12851113,
        "description": "Pauper Challenge 32",
        "starttime": "2026-08-09 17:00:00.0",
        "format": "CPAUPER",
        "final_rank": [{"loginid": 22, "rank": 1}, {"loginid": 11, "rank": 2}],
    }
    event.update(overrides)
    return event


def cache_event() -> dict[str, Any]:
    def cards(*items: tuple[int, str]) -> list[dict[str, Any]]:
        return [{"Count": n, "CardName": name} for n, name in items]

    return {
        "Tournament": {
            "Date": "2020-06-14T00:00:00Z",
            "Name": "Modern Challenge",
            "Uri": "https://www.mtgo.com/decklist/modern-challenge-2020-06-1412345678",
        },
        "Decks": [
            {
                "Date": "2020-06-14T15:00:00",
                "Player": "carol",
                "Result": "1st Place",
                "AnchorUri": "https://example.invalid/#deck_carol",
                "Mainboard": cards((4, "Mox Opal"), (56, "Island")),
                "Sideboard": cards((1, "Lurrus of the Dream-Den")),
            },
            {"Player": "dave", "Result": "5-0", "Mainboard": cards((60, "Island")), "Sideboard": []},
            {"Player": "dave", "Result": "3rd Place", "Mainboard": cards((60, "Island")), "Sideboard": []},
        ],
    }


def test_mtgo_event_is_many_decks_with_metadata() -> None:
    decks = parse_text_decks(json.dumps(mtgo_event()), "event.json")
    assert [d.path for d in decks] == ["event.json#alice", "event.json#bob"]
    alice, bob = decks
    assert alice.metadata["event"] == "Pauper Challenge 32" and alice.metadata["event id"] == "12851113"
    assert alice.metadata["date"] == "2026-08-09 17:00:00.0" and alice.metadata["rank"] == "2"
    assert alice.metadata["event format"] == "CPAUPER" and alice.declared_format == "pauper"
    assert bob.metadata["wins"] == "3" and bob.metadata["result"] == "3-2" and bob.metadata["rank"] == "1"
    assert alice.name == "Pauper Challenge 32 — alice"
    assert [(e.quantity, e.name, e.zone) for e in alice.entries] == [
        (4, "Lórien Revealed", Zone.MAIN),
        (56, "Island", Zone.MAIN),
        (1, "_____ Goblin", Zone.SIDEBOARD),
    ]
    assert not alice.problems


def test_mtgodecklistcache_event() -> None:
    decks = parse_text_decks(json.dumps(cache_event()), "mc.json")
    # the same player twice: told apart by rank, or by position when there is none
    assert [d.path for d in decks] == ["mc.json#carol", "mc.json#deck-2", "mc.json#rank-3"]
    carol = decks[0]
    assert carol.metadata["event"] == "Modern Challenge" and carol.metadata["event id"] == "12345678"
    assert carol.metadata["date"] == "2020-06-14T00:00:00Z" and carol.metadata["rank"] == "1"
    assert carol.declared_format == "modern" and carol.count(Zone.SIDEBOARD) == 1
    assert decks[1].metadata["wins"] == "5" and decks[1].metadata["losses"] == "0"


def test_draws_are_read_wherever_an_event_gives_them() -> None:
    """A drawn match is a count of its own beside wins and losses (a 3-1-1 record is not 3-1): from
    MTGO's ``wins`` object, the archive's standings, or a ``W-L-D`` result."""
    event = mtgo_event()
    event["decklists"][1]["wins"] = {"wins": 3, "losses": 1, "draws": 1}
    alice, bob = parse_text_decks(json.dumps(event), "e.json")
    assert (bob.metadata["wins"], bob.metadata["losses"], bob.metadata["draws"]) == ("3", "1", "1")
    assert bob.metadata["result"] == "3-1-1" and "draws" not in alice.metadata
    archive = cache_event()
    archive["Decks"][1]["Result"] = "4-0-1"
    archive["Standings"] = [{"Player": "carol", "Rank": 1, "Wins": 5, "Losses": 1, "Draws": 2}]
    carol, dave, _ = parse_text_decks(json.dumps(archive), "mc.json")
    assert (carol.metadata["wins"], carol.metadata["losses"], carol.metadata["draws"]) == ("5", "1", "2")
    assert (dave.metadata["wins"], dave.metadata["losses"], dave.metadata["draws"]) == ("4", "0", "1")
    assert dave.metadata["result"] == "4-0-1"


def test_event_format_codes_and_names() -> None:
    assert format_for_event("CPAUPER", None) == "pauper"
    assert format_for_event("CMODERN", "whatever") == "modern"
    assert format_for_event(None, "Pauper League") == "pauper"
    assert format_for_event(None, "Duel Commander Showcase") == "duel"
    assert format_for_event(None, "Mystery Event") is None


def test_a_league_without_a_format_takes_it_from_the_name() -> None:
    league = mtgo_event(description=None, format=None, name="Pauper League", starttime=None)
    league["publish_date"] = "2026-04-01"
    decks = parse_text_decks(json.dumps(league), "league.json")
    assert decks[0].declared_format == "pauper" and decks[0].metadata["date"] == "2026-04-01"


def test_bad_cards_in_an_event_are_problems_of_that_deck() -> None:
    event = mtgo_event()
    event["decklists"][1]["main_deck"].append({"qty": "many", "card_attributes": {"card_name": "Island"}})
    event["decklists"][1]["main_deck"].append("not a card")
    alice, bob = parse_text_decks(json.dumps(event), "e.json")
    assert not alice.problems
    assert len(bob.problems) == 2 and all(p.severity == "error" for p in bob.problems)


def test_an_event_with_no_cards_for_a_deck_says_so() -> None:
    event = mtgo_event()
    event["decklists"][1]["main_deck"] = []
    _, bob = parse_text_decks(json.dumps(event), "e.json")
    assert any("no cards" in p.message for p in bob.problems)


def test_the_single_deck_reader_points_to_the_event_reader() -> None:
    parsed = parse_text(json.dumps(mtgo_event()), "e.json")
    assert parsed.problems and "an event document with 2 decks" in parsed.problems[0].message


def test_other_json_is_one_deck_as_before() -> None:
    moxfield = {"boards": {"mainboard": {"cards": {"x": {"quantity": 60, "card": {"name": "Island"}}}}}}
    (deck,) = parse_text_decks(json.dumps(moxfield), "m.json")
    assert deck.path == "m.json" and deck.count(Zone.MAIN) == 60
    (broken,) = parse_text_decks("{not json", "b.json")
    assert broken.problems and "JSON error" in broken.problems[0].message


def test_an_event_in_utf16_or_latin1_is_still_many_decks() -> None:
    """PowerShell writes UTF-16 with a byte-order mark; an old tool may write a player's name in
    latin-1. The event is decoded as a single deck would be, then read deck by deck."""
    text = json.dumps(mtgo_event(description="Pauper Challenge Jöns"), ensure_ascii=False)
    utf16 = codecs.BOM_UTF16_LE + text.encode("utf-16-le")
    decks = parse_bytes_decks(utf16, "event.json")
    assert [d.path for d in decks] == ["event.json#alice", "event.json#bob"]
    assert all(d.metadata["encoding"] == "utf-16-le" and d.count(Zone.MAIN) == 60 for d in decks)
    assert decks[0].metadata["event"] == "Pauper Challenge Jöns"
    latin1 = parse_bytes_decks(text.encode("cp1252"), "event.json")
    assert [d.path for d in latin1] == ["event.json#alice", "event.json#bob"]
    for deck in latin1:
        assert deck.metadata["event"] == "Pauper Challenge Jöns"
        (warning,) = [p for p in deck.problems if p.severity == "warning"]
        assert warning.code == "DC003" and "decoded as Windows-1252" in warning.message


def test_an_event_text_over_the_size_limit_is_refused_as_its_file_is() -> None:
    """Text is held to the limit a file is (5 MB): an event document's text over it is one deck
    that was not read (DC001), not its decks."""
    from deckcheck.decklist import MAX_BYTES

    text = json.dumps(mtgo_event(notes="x" * MAX_BYTES))
    (deck,) = parse_text_decks(text, "big.json")
    assert deck.path == "big.json" and not deck.entries
    assert deck.problems[0].code == "DC001" and "too big" in deck.problems[0].message
    (from_bytes,) = parse_bytes_decks(text.encode("utf-8"), "big.json")
    assert from_bytes.problems[0].code == "DC001" and not from_bytes.entries


def test_a_single_deck_keeps_its_decoding_warning() -> None:
    (deck,) = parse_bytes_decks("4 Lightning Bolt\n56 Gebirge für Jöns\n".encode("cp1252"), "d.txt")
    assert deck.metadata["encoding"] == "cp1252" and deck.problems[0].code == "DC003"
    assert deck == parse_bytes("4 Lightning Bolt\n56 Gebirge für Jöns\n".encode("cp1252"), "d.txt")


# -- the command line and frames -----------------------------------------------------------------
@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from tests.history.test_as_of_layers import RECORDS

    cards = tmp_path / "cards.json"
    meta = {"source": "event tests", "updated_at": "2026-01-01"}
    cards.write_text(json.dumps({"meta": meta, "cards": RECORDS}), encoding="utf-8")
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    monkeypatch.chdir(root)
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(cards))
    event = cache_event()
    for deck in event["Decks"]:
        deck["Mainboard"] = [
            c if c["CardName"] != "Island" else {**c, "CardName": "Mountain"} for c in deck["Mainboard"]
        ]
    (root / "challenge.json").write_text(json.dumps(event), encoding="utf-8")
    return root


def test_cli_one_result_per_deck_with_the_event_metadata(project: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "-o", "json", "challenge.json"], catch_exceptions=False)
    decks = json.loads(result.output)["decks"]
    assert [d["path"] for d in decks] == [
        "challenge.json#carol",
        "challenge.json#deck-2",
        "challenge.json#rank-3",
    ]
    carol = decks[0]
    assert carol["format"] == "modern" and carol["format_source"] == "declared in the file"
    assert carol["metadata"]["player"] == "carol" and carol["metadata"]["rank"] == "1"
    # the event's day (2020-06-14) is not the card data's: its Lurrus ban (2022) is withheld, named
    (note,) = [f for f in carol["findings"] if f["code"] == "DC015" and "withheld" in f["data"]]
    assert "DC201" not in {f["code"] for f in carol["findings"]}
    assert [w["card"] for w in note["data"]["withheld"]] == ["Lurrus of the Dream-Den"]
    text = CliRunner().invoke(cli, ["check", "challenge.json"], catch_exceptions=False).output
    assert "challenge.json#carol:" in text and "3 decks checked" in text


def test_cli_event_date_and_format_override(project: Path) -> None:
    dated = CliRunner().invoke(cli, ["check", "-o", "json", "--as-of", "deck", "challenge.json"]).output
    carol = json.loads(dated)["decks"][0]
    codes = {f["code"]: f for f in carol["findings"]}
    # 2020-06-14: Mox Opal banned (2020-01-14), Lurrus legal (until 2022-03-07)
    assert codes["DC201"]["card"] == "Mox Opal" and codes["DC205"]["data"]["as_of"] == "2020-06-14"
    overridden = (
        CliRunner().invoke(cli, ["check", "-o", "json", "--format", "legacy", "challenge.json"]).output
    )
    assert {d["format"] for d in json.loads(overridden)["decks"]} == {"legacy"}


def test_cli_and_frames_read_an_event_written_in_utf16(project: Path) -> None:
    pytest.importorskip("pandas")
    from deckcheck import frames
    from deckcheck.cards.store import open_store

    event = (project / "challenge.json").read_text(encoding="utf-8")
    (project / "challenge.json").write_bytes(codecs.BOM_UTF16_LE + event.encode("utf-16-le"))
    result = CliRunner().invoke(cli, ["check", "-o", "json", "challenge.json"], catch_exceptions=False)
    paths = [d["path"] for d in json.loads(result.output)["decks"]]
    assert paths == ["challenge.json#carol", "challenge.json#deck-2", "challenge.json#rank-3"]
    results = frames.validate(project, format="modern", store=open_store(project.parent / "cards.json"))
    assert results.summary["deck_id"].tolist() == paths


def test_frames_one_row_per_deck_with_event_columns(project: Path) -> None:
    pytest.importorskip("pandas")
    from deckcheck import frames
    from deckcheck.cards.store import open_store

    store = open_store(project.parent / "cards.json")
    results = frames.validate(project, format="modern", store=store, as_of="deck")
    summary = results.summary
    assert summary["deck_id"].tolist() == [
        "challenge.json#carol",
        "challenge.json#deck-2",
        "challenge.json#rank-3",
    ]
    assert summary["player"].tolist() == ["carol", "dave", "dave"]
    assert summary["rank"].tolist()[0] == 1 and summary["event"].unique().tolist() == ["Modern Challenge"]
    banned = results.findings[results.findings["code"] == "DC201"]
    assert banned["deck_id"].tolist() == ["challenge.json#carol"] and banned["card"].tolist() == ["Mox Opal"]


def test_real_mtgo_event_files(realdata: Path) -> None:
    folder = realdata / "decks" / "mtgo_events"
    files = sorted(folder.glob("*.json"))
    if not files:
        pytest.skip("no MTGO event files")
    for path in files:
        decks = parse_file_decks(path)
        raw = json.loads(path.read_text(encoding="utf-8"))
        assert len(decks) == len(raw["decklists"]) > 1
        assert len({d.path for d in decks}) == len(decks)
        for deck, entry in zip(decks, raw["decklists"], strict=True):
            assert deck.declared_format == "pauper" and deck.metadata["player"] == entry["player"]
            expected = sum(int(c["qty"]) for c in entry["main_deck"])
            assert deck.count(Zone.MAIN) == expected and not deck.problems
