"""MTGJSON AtomicCards -> card records, and `deckcheck cards import`."""

from __future__ import annotations

import copy
import datetime as dt
import gzip
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.mtgjson import (
    NO_SET_LIST_NOTE,
    import_atomic_cards,
    record_from_atomic_entry,
    records_from_atomic_cards,
)
from deckcheck.cards.records import card_from_record
from deckcheck.cards.scryfall import records_from_scryfall
from deckcheck.cards.store import CardStore, card_data_date, read_store_meta
from deckcheck.cards.update import ConversionStats, DowngradeRefused, UpdateLockedError, update_lock
from deckcheck.errors import CardDataError
from tests.httpserver import sample_cards


def face(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "layout": "normal",
        "manaValue": 0.0,
        "type": "",
        "types": [],
        "supertypes": [],
        "subtypes": [],
        "colors": [],
        "colorIdentity": [],
        "legalities": {},
        "printings": ["TST"],
        "foreignData": [],
    }
    base.update(fields)
    return base


ETERNAL = {"commander": "Legal", "duel": "Legal", "legacy": "Legal", "vintage": "Legal"}

ATOMIC: dict[str, Any] = {
    "meta": {"date": "2022-04-25", "version": "5.2.0+20220425"},
    "data": {
        "Lightning Bolt": [
            face(
                name="Lightning Bolt",
                manaCost="{R}",
                manaValue=1.0,
                type="Instant",
                types=["Instant"],
                text="Lightning Bolt deals 3 damage to any target.",
                colors=["R"],
                colorIdentity=["R"],
                legalities={**ETERNAL, "modern": "Legal", "historic": "Banned"},
                foreignData=[
                    {"language": "German", "name": "Blitzschlag", "type": "Spontanzauber"},
                    {"language": "Japanese", "name": "稲妻"},
                    {"language": "Chinese Simplified", "name": "闪电击", "type": "瞬间"},
                    {"language": "Klingon", "name": "baQ"},
                ],
            )
        ],
        "Fire // Ice": [  # listed b before a: faces are ordered by side
            face(
                name="Fire // Ice",
                faceName="Ice",
                side="b",
                layout="split",
                manaCost="{1}{U}",
                manaValue=4.0,
                faceManaValue=2.0,
                type="Instant",
                text="Tap target permanent.\nDraw a card.",
                colors=["U"],
                colorIdentity=["R", "U"],
                legalities={**ETERNAL, "modern": "Legal"},
                foreignData=[
                    {"language": "French", "name": "Feu // Glace", "faceName": "Glace", "type": "Éphémère"},
                    {"language": "German", "name": "Fire // Ice", "faceName": "Ice"},
                ],
            ),
            face(
                name="Fire // Ice",
                faceName="Fire",
                side="a",
                layout="split",
                manaCost="{1}{R}",
                manaValue=4.0,
                faceManaValue=2.0,
                type="Instant",
                text="Fire deals 2 damage divided as you choose among one or two targets.",
                colors=["R"],
                colorIdentity=["R", "U"],
                legalities={**ETERNAL, "modern": "Legal"},
                foreignData=[
                    {"language": "French", "name": "Feu // Glace", "faceName": "Feu", "type": "Éphémère"},
                    {
                        "language": "German",
                        "name": "Fire // Ice",
                        "faceName": "Fire",
                        "type": "Spontanzauber",
                    },
                ],
            ),
        ],
        "Delver of Secrets // Insectile Aberration": [
            face(
                name="Delver of Secrets // Insectile Aberration",
                faceName="Delver of Secrets",
                side="a",
                layout="transform",
                manaCost="{U}",
                manaValue=1.0,
                type="Creature — Human Wizard",
                colors=["U"],
                colorIdentity=["U"],
                keywords=["Transform"],
                power="1",
                toughness="1",
                legalities={**ETERNAL, "pauper": "Legal"},
            ),
            face(
                name="Delver of Secrets // Insectile Aberration",
                faceName="Insectile Aberration",
                side="b",
                layout="transform",
                manaValue=1.0,
                type="Creature — Human Insect",
                text="Flying",
                colors=["U"],
                colorIndicator=["U"],
                colorIdentity=["U"],
                keywords=["Flying"],
                power="3",
                toughness="2",
                legalities={**ETERNAL, "pauper": "Legal"},
            ),
        ],
        "Dusk // Dawn": [
            face(
                name="Dusk // Dawn",
                faceName=n,
                side=s,
                layout="aftermath",
                manaCost=c,
                manaValue=9.0,
                type="Sorcery",
                colors=["W"],
                colorIdentity=["W"],
                legalities=ETERNAL,
            )
            for n, s, c in (("Dusk", "a", "{2}{W}{W}"), ("Dawn", "b", "{3}{W}{W}"))
        ],
        "Bruna, the Fading Light // Brisela, Voice of Nightmares": [
            face(
                name="Bruna, the Fading Light // Brisela, Voice of Nightmares",
                faceName="Bruna, the Fading Light",
                side="a",
                layout="meld",
                manaCost="{5}{W}{W}",
                manaValue=7.0,
                type="Legendary Creature — Angel Horror",
                colors=["W"],
                colorIdentity=["W"],
                power="5",
                toughness="7",
                leadershipSkills={"brawl": False, "commander": True, "oathbreaker": False},
                legalities=ETERNAL,
                foreignData=[
                    {
                        "language": "German",
                        "name": "Bruna, das schwindende Licht // Brisela, Stimme der Albträume",
                        "faceName": "Bruna, das schwindende Licht",
                    }
                ],
            )
        ],
        "Brisela, Voice of Nightmares": [
            face(
                name="Brisela, Voice of Nightmares",
                faceName="Brisela, Voice of Nightmares",
                side="b",
                layout="meld",
                manaValue=11.0,
                type="Legendary Creature — Eldrazi Angel",
                colorIdentity=["W"],
                power="9",
                toughness="10",
                legalities=ETERNAL,
            )
        ],
        # the other front of the pair, after its meld result (the importer learns the pair as it reads)
        "Gisela, the Broken Blade // Brisela, Voice of Nightmares": [
            face(
                name="Gisela, the Broken Blade // Brisela, Voice of Nightmares",
                faceName="Gisela, the Broken Blade",
                side="a",
                layout="meld",
                manaCost="{2}{W}{W}",
                manaValue=4.0,
                type="Legendary Creature — Angel Horror",
                colors=["W"],
                colorIdentity=["W"],
                power="4",
                toughness="3",
                legalities=ETERNAL,
            )
        ],
        "Propaganda": [
            face(
                name="Propaganda",
                manaCost="{2}{U}",
                manaValue=3.0,
                type="Enchantment",
                colors=["U"],
                colorIdentity=["U"],
                legalities=ETERNAL,
            )
        ],
        "Propaganda // Propaganda": [
            face(
                name="Propaganda // Propaganda",
                faceName="Propaganda",
                side=s,
                layout="reversible_card",
                manaCost="{2}{U}",
                manaValue=3.0,
                type="Enchantment",
                colors=["U"],
                colorIdentity=["U"],
                legalities=ETERNAL,
            )
            for s in ("a", "b")
        ],
        "Krenko, Mob Boss": [
            face(
                name="Krenko, Mob Boss",
                manaCost="{2}{R}{R}",
                manaValue=4.0,
                type="Legendary Creature — Goblin Warrior",
                colors=["R"],
                colorIdentity=["R"],
                power="3",
                toughness="3",
                legalities=ETERNAL,
                leadershipSkills={"brawl": False, "commander": True, "oathbreaker": False},
            )
        ],
        "Akoum": [face(name="Akoum", layout="planar", type="Plane — Zendikar")],
        "Bitter Ordeal": [face(name="Bitter Ordeal", layout="scheme", type="Scheme")],
        "Sliver Queen Avatar": [face(name="Sliver Queen Avatar", layout="vanguard", type="Vanguard")],
        "Mox Lotus": [face(name="Mox Lotus", manaCost="{15}", manaValue=15.0, type="Artifact", isFunny=True)],
    },
}


def convert(data: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], ConversionStats]:
    stats = ConversionStats()
    return {r["name"]: r for r in records_from_atomic_cards(data, stats=stats)}, stats


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    return convert(ATOMIC)[0]


def write_json(path: Path, payload: Any, *, compress: bool = False) -> Path:
    data = json.dumps(payload, ensure_ascii=False).encode()
    path.write_bytes(gzip.compress(data, mtime=0) if compress else data)
    return path


def test_fixture_converts_to_the_playable_cards(records: dict[str, dict[str, Any]]) -> None:
    _, stats = convert(ATOMIC)
    assert sorted(records) == [
        "Bruna, the Fading Light",
        "Delver of Secrets // Insectile Aberration",
        "Dusk // Dawn",
        "Fire // Ice",
        "Gisela, the Broken Blade",
        "Krenko, Mob Boss",
        "Lightning Bolt",
        "Mox Lotus",
        "Propaganda",
    ]
    # planes, schemes, Vanguard cards and meld results are kept by name instead
    assert dict(stats.skipped) == {}
    assert sorted((c.name, c.kind, c.type_line, c.parts) for c in stats.non_deck_cards()) == [
        ("Akoum", "plane", "Plane — Zendikar", ()),
        ("Bitter Ordeal", "scheme", "Scheme", ()),
        (
            "Brisela, Voice of Nightmares",
            "meld result",
            "Legendary Creature — Eldrazi Angel",
            ("Bruna, the Fading Light", "Gisela, the Broken Blade"),
        ),
        ("Sliver Queen Avatar", "vanguard", "Vanguard", ()),
    ]
    assert stats.duplicates == 1 and stats.duplicate_names == ["Propaganda"]
    for record in records.values():
        assert card_from_record(record).name == record["name"]


def test_faces_are_ordered_by_side(records: dict[str, dict[str, Any]]) -> None:
    fire_ice = records["Fire // Ice"]
    assert [f["name"] for f in fire_ice["faces"]] == ["Fire", "Ice"]
    assert [f["mana_cost"] for f in fire_ice["faces"]] == ["{1}{R}", "{1}{U}"]
    assert fire_ice["mana_value"] == 4.0 and fire_ice["layout"] == "split"


def test_same_record_as_scryfall_for_the_same_card(records: dict[str, dict[str, Any]]) -> None:
    """Both sources land in one schema: what the deck rules read is identical."""
    (scryfall,) = [r for r in records_from_scryfall(sample_cards()) if r["name"] == "Fire // Ice"]
    mtgjson = records["Fire // Ice"]
    for key in ("name", "layout", "color_identity", "mana_value"):
        assert mtgjson[key] == scryfall[key], key
    assert mtgjson["faces"] == scryfall["faces"]
    assert card_from_record(mtgjson).deck_faces == card_from_record(scryfall).deck_faces


def test_legalities_lower_case_and_missing_means_not_legal(records: dict[str, dict[str, Any]]) -> None:
    bolt = records["Lightning Bolt"]["legalities"]
    assert bolt == {
        "commander": "legal",
        "duel": "legal",
        "legacy": "legal",
        "vintage": "legal",
        "modern": "legal",
        "historic": "banned",
    }
    assert "standard" not in bolt  # MTGJSON leaves not-legal formats out; so do we


def test_transform_back_face(records: dict[str, dict[str, Any]]) -> None:
    delver = records["Delver of Secrets // Insectile Aberration"]
    back = delver["faces"][1]
    assert back["mana_cost"] is None and back["color_indicator"] == ["U"] and back["power"] == "3"
    assert delver["keywords"] == ["Transform", "Flying"]  # every face's keywords, once each


def test_aftermath_is_scryfall_split(records: dict[str, dict[str, Any]]) -> None:
    assert records["Dusk // Dawn"]["layout"] == "split"
    assert card_from_record(records["Dusk // Dawn"]).mana_value == 9


def test_meld_front_is_named_by_its_face(records: dict[str, dict[str, Any]]) -> None:
    bruna = records["Bruna, the Fading Light"]
    assert [f["name"] for f in bruna["faces"]] == ["Bruna, the Fading Light"]
    assert bruna["printed_names"] == {"de": ["Bruna, das schwindende Licht"]}  # not the pair's name
    assert bruna["layout"] == records["Gisela, the Broken Blade"]["layout"] == "meld"


def test_a_meld_result_is_no_card_record() -> None:
    """The melded back face (side b, an entry of its own) is the backs of two cards, not a card a
    deck can hold (CR 712.4): kept by name with its meld cards, read from the fronts' keys in
    whatever order they come; without a stats to keep it in, it is simply no record."""
    data = ATOMIC["data"]
    brisela = data["Brisela, Voice of Nightmares"]
    assert record_from_atomic_entry("Brisela, Voice of Nightmares", brisela) is None
    stats = ConversionStats()
    for key in ("Brisela, Voice of Nightmares", "Bruna, the Fading Light // Brisela, Voice of Nightmares"):
        record_from_atomic_entry(key, data[key], stats)
    (kept,) = stats.non_deck_cards()
    assert (kept.name, kept.parts) == ("Brisela, Voice of Nightmares", ("Bruna, the Fading Light",))
    alone = ConversionStats()
    record_from_atomic_entry("Brisela, Voice of Nightmares", brisela, alone)
    (unpaired,) = alone.non_deck_cards()
    assert unpaired.parts == () and unpaired.described == "the melded back face of a meld pair"


def test_reversible_card_is_its_first_side() -> None:
    only = {"meta": {}, "data": {"Propaganda // Propaganda": ATOMIC["data"]["Propaganda // Propaganda"]}}
    (record,) = convert(only)[0].values()
    assert record["name"] == "Propaganda" and len(record["faces"]) == 1


def test_leadership(records: dict[str, dict[str, Any]]) -> None:
    assert records["Krenko, Mob Boss"]["leadership"] == {
        "brawl": False,
        "commander": True,
        "oathbreaker": False,
    }
    assert "leadership" not in records["Lightning Bolt"]


def test_printed_names_and_type_lines(records: dict[str, dict[str, Any]]) -> None:
    bolt = records["Lightning Bolt"]
    assert bolt["printed_names"] == {
        "de": ["Blitzschlag"],
        "ja": ["稲妻"],
        "zhs": ["闪电击"],
    }  # Klingon: unknown
    assert bolt["printed_type_lines"] == {"de": ["Spontanzauber"], "zhs": ["瞬间"]}
    fire_ice = records["Fire // Ice"]
    # full name and face names; the untranslated German "Fire // Ice" adds nothing
    assert fire_ice["printed_names"] == {"fr": ["Feu // Glace", "Feu", "Glace"]}
    assert fire_ice["printed_type_lines"] == {"fr": ["Éphémère", "Éphémère"], "de": ["Spontanzauber", None]}


def test_un_cards_are_kept_and_legal_nowhere(records: dict[str, dict[str, Any]]) -> None:
    assert records["Mox Lotus"]["legalities"] == {}


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ([], "expected a non-empty list of card faces"),
        ({"name": "x"}, "expected a non-empty list of card faces"),
        ([face(name="")], "a face has no name"),
        ([face(name="X", legalities=["modern"])], "legalities must be an object"),
        ([face(name="X", keywords="Flying")], "keywords must be a list"),
    ],
)
def test_malformed_entries_name_the_card(entry: Any, message: str) -> None:
    with pytest.raises(CardDataError, match=rf"data\['Broken'\]: {message}"):
        convert({"meta": {}, "data": {"Broken": entry}})


# -- import --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "compress"),
    [("AtomicCards.json", False), ("AtomicCards.json.gz", True), ("AtomicCards.json", True)],
)
def test_import_json_and_gzip(tmp_path: Path, name: str, compress: bool) -> None:
    source = write_json(tmp_path / name, ATOMIC, compress=compress)  # gzip found by magic bytes
    store_path = tmp_path / "cache" / "cards.sqlite"
    events: list[tuple[str, int, int | None]] = []
    result = import_atomic_cards(source, store_path, progress=lambda *e: events.append(e))
    assert result.records == 9 and result.source == "mtgjson"
    assert dict(result.skipped) == {} and result.non_deck == 4
    assert events[-1] == ("convert", 9, 9)
    meta = read_store_meta(store_path)
    assert meta["source"] == "mtgjson" and meta["mtgjson_version"] == "5.2.0+20220425"
    assert meta["records"] == "9"
    store = CardStore.open(store_path)
    assert store.resolve("Blitzschlag").card is not None
    assert store.resolve("Feu").card is not None
    assert store.resolve("Insectile Aberration").ok
    # planes, schemes and Vanguard cards: no records, but their names and kinds are kept
    assert store.resolve("Akoum").card is None
    assert [(c.name, c.kind) for c in store.non_deck_cards() or ()] == [
        ("Akoum", "plane"),
        ("Bitter Ordeal", "scheme"),
        ("Brisela, Voice of Nightmares", "meld result"),
        ("Sliver Queen Avatar", "vanguard"),
    ]
    assert store.resolve("Brisela, Voice of Nightmares").card is None
    brisela = store.non_deck_card("brisela, voice of nightmares")
    assert brisela is not None and brisela.parts == ("Bruna, the Fading Light", "Gisela, the Broken Blade")
    plane = store.non_deck_card("akoum")
    assert plane is not None and (plane.name, plane.type_line, plane.section) == (
        "Akoum",
        "Plane — Zendikar",
        "Planes",
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"meta": {}, "data": {', r"line 1, column \d+: invalid JSON"),
        (b'{"meta": {},\n "data": [1, 2]}', "not an MTGJSON AtomicCards file"),
        (b"[1, 2, 3]", "not an MTGJSON AtomicCards file"),
        (b'{"data": {"X": "not a list"}}', r"data\['X'\]: expected a non-empty list"),
        (b"\xff\xfe{", "not UTF-8"),
        (gzip.compress(json.dumps(ATOMIC).encode())[:200], "gzip data is truncated"),
        (b"\x1f\x8b\x08\x00garbage-garbage", "corrupt gzip"),
    ],
    ids=[
        "bad-json",
        "data-not-object",
        "top-level-list",
        "entry-not-list",
        "not-utf8",
        "truncated-gz",
        "bad-gz",
    ],
)
def test_bad_files_give_a_clear_error_and_keep_the_store(
    tmp_path: Path, content: bytes, message: str
) -> None:
    store_path = tmp_path / "cards.sqlite"
    import_atomic_cards(write_json(tmp_path / "good.json", ATOMIC), store_path)
    before = store_path.read_bytes()
    bad = tmp_path / "AtomicCards.json"
    bad.write_bytes(content)
    with pytest.raises(CardDataError, match=message) as caught:
        import_atomic_cards(bad, store_path)
    assert str(bad) in str(caught.value)
    assert store_path.read_bytes() == before
    assert len(CardStore.open(store_path)) == 9


SCRYFALL_CARD = {"object": "card", "name": "Shock", "type_line": "Instant", "layout": "normal"}


@pytest.mark.parametrize(
    ("payload", "found"),
    [
        (
            {"meta": {"date": "2022-04-25"}, "data": {"LEA": {"code": "LEA", "name": "Alpha", "cards": []}}},
            "data['LEA'] is a set (an AllPrintings or set file?)",
        ),
        (
            {"meta": {"date": "2022-04-25"}, "data": {"abilityWords": ["Adamant", "Addendum"]}},
            "data['abilityWords'] is a list of str, not of card faces",
        ),
        (
            {"meta": {"date": "2022-04-25"}, "data": {"0001-ab": {"name": "Shock", "uuid": "0001-ab"}}},
            "data['0001-ab'] is an object, not a list of card faces",
        ),
        (
            {"meta": {"date": "2022-04-25"}, "data": [{"code": "LEA", "name": "Alpha"}]},
            "'data' is not an object",
        ),
        (
            {"meta": {"date": "2022-04-25"}, "data": {"code": "MOC", "mainBoard": [], "name": "Deck"}},
            "data['code'] is a deck's 'code': it is an MTGJSON deck file, a decklist "
            "(check it with `deckcheck check FILE`)",
        ),
        ([SCRYFALL_CARD], "Scryfall card data"),
        (SCRYFALL_CARD, "Scryfall card data"),
    ],
    ids=[
        "all-printings",
        "keywords",
        "all-identifiers",
        "set-list",
        "deck-file",
        "scryfall-array",
        "scryfall-object",
    ],
)
def test_an_mtgjson_file_of_another_kind_is_named_as_not_atomic_cards(
    tmp_path: Path, payload: Any, found: str
) -> None:
    """MTGJSON publishes many files shaped {"meta", "data"}: one that is not AtomicCards is said to
    be none (with what its first entry is), not "data['LEA']: expected a list of card faces" as if
    AtomicCards had one bad card; a Scryfall file says where Scryfall's data is read."""
    path = write_json(tmp_path / "cards.json", payload)
    with pytest.raises(CardDataError) as caught:
        import_atomic_cards(path, tmp_path / "cards.sqlite")
    assert f"{path}: not an MTGJSON AtomicCards file" in caught.value.message
    assert found in caught.value.message
    hint = caught.value.hint or ""
    assert ("cards update" in hint) == ("Scryfall" in found)
    assert not (tmp_path / "cards.sqlite").exists()


def test_scryfall_json_lines_are_not_taken_for_invalid_json(tmp_path: Path) -> None:
    path = tmp_path / "oracle-cards.jsonl"
    path.write_text(json.dumps(SCRYFALL_CARD) + "\n" + json.dumps(SCRYFALL_CARD | {"name": "Opt"}) + "\n")
    with pytest.raises(CardDataError, match=r"not an MTGJSON AtomicCards file.*Scryfall card data") as caught:
        import_atomic_cards(path, tmp_path / "cards.sqlite")
    assert "cards update" in (caught.value.hint or "")


def dated(day: str, data: dict[str, Any] | None = None, *, meta_last: bool = False) -> dict[str, Any]:
    """An AtomicCards payload describing ``day`` (its meta after its data with ``meta_last``)."""
    meta = {"date": day, "version": "5.2.0"}
    cards = ATOMIC["data"] if data is None else data
    return {"data": cards, "meta": meta} if meta_last else {"meta": meta, "data": cards}


@pytest.mark.parametrize("meta_last", [False, True])
def test_an_older_file_is_refused_and_the_store_kept(tmp_path: Path, meta_last: bool) -> None:
    """The file's day is known only once it is read when its meta comes last: refused all the same,
    before the store is replaced."""
    store_path = tmp_path / "cards.sqlite"
    import_atomic_cards(write_json(tmp_path / "new.json", dated("2023-06-01")), store_path)
    before = store_path.read_bytes()
    older = write_json(tmp_path / "old.json", dated("2022-04-25", meta_last=meta_last))
    with pytest.raises(DowngradeRefused) as caught:
        import_atomic_cards(older, store_path)
    assert caught.value.message == (
        f"{older}: card data of 2022-04-25, older than the card data in the store (2023-06-01); "
        "the store was not replaced"
    )
    assert "--allow-downgrade" in str(caught.value.hint)
    assert store_path.read_bytes() == before
    # the same day, or a later one, is no step back
    import_atomic_cards(write_json(tmp_path / "same.json", dated("2023-06-01")), store_path)
    result = import_atomic_cards(write_json(tmp_path / "later.json", dated("2023-07-01")), store_path)
    assert result.notes == (NO_SET_LIST_NOTE,)
    assert card_data_date(read_store_meta(store_path)) == dt.date(2023, 7, 1)


def test_a_far_smaller_file_is_refused(tmp_path: Path) -> None:
    store_path = tmp_path / "cards.sqlite"
    import_atomic_cards(write_json(tmp_path / "all.json", dated("2023-06-01")), store_path)
    few = dict(list(ATOMIC["data"].items())[:2])
    smaller = write_json(tmp_path / "few.json", dated("2023-07-01", few))
    with pytest.raises(DowngradeRefused) as caught:
        import_atomic_cards(smaller, store_path)
    assert caught.value.message.startswith(f"{smaller}: 2 cards, where the store has 9 ")
    assert len(CardStore.open(store_path)) == 9


def test_allow_downgrade_takes_an_older_and_smaller_file_and_says_so(tmp_path: Path) -> None:
    store_path = tmp_path / "cards.sqlite"
    import_atomic_cards(write_json(tmp_path / "all.json", dated("2023-06-01")), store_path)
    few = dict(list(ATOMIC["data"].items())[:2])
    older = write_json(tmp_path / "old.json", dated("2022-04-25", few))
    result = import_atomic_cards(older, store_path, allow_downgrade=True)
    assert result.notes == (
        "the store's card data of 2023-06-01 was replaced with an older file, of 2022-04-25 "
        "(--allow-downgrade)",
        "the store's 9 cards were replaced with 2 (--allow-downgrade)",
        NO_SET_LIST_NOTE,
    )
    assert len(CardStore.open(store_path)) == 2


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="file not found"):
        import_atomic_cards(tmp_path / "nope.json", tmp_path / "cards.sqlite")
    with pytest.raises(CardDataError, match="is a directory"):
        import_atomic_cards(tmp_path, tmp_path / "cards.sqlite")


def test_a_bad_record_aborts_the_import(tmp_path: Path) -> None:
    store_path = tmp_path / "cards.sqlite"
    import_atomic_cards(write_json(tmp_path / "good.json", ATOMIC), store_path)
    before = store_path.read_bytes()
    broken = copy.deepcopy(ATOMIC)
    broken["data"]["Lightning Bolt"][0]["colors"] = ["Red"]
    with pytest.raises(CardDataError, match=r"bad\.json: .*Lightning Bolt.*colour"):
        import_atomic_cards(write_json(tmp_path / "bad.json", broken), store_path)
    assert store_path.read_bytes() == before


def test_import_waits_for_a_running_update(tmp_path: Path) -> None:
    store_path = tmp_path / "cards.sqlite"
    source = write_json(tmp_path / "AtomicCards.json", ATOMIC)
    with update_lock(store_path), pytest.raises(UpdateLockedError, match="another card data update"):
        import_atomic_cards(source, store_path, lock_timeout=0.1)
    assert not store_path.exists()


@pytest.mark.realdata
def test_import_the_real_atomic_cards(atomic_cards_path: Path, tmp_path: Path) -> None:
    store_path = tmp_path / "cards.sqlite"
    started = time.perf_counter()
    result = import_atomic_cards(atomic_cards_path, store_path)
    elapsed = time.perf_counter() - started
    print(
        f"\nimported {result.records} records from {atomic_cards_path.name} in {elapsed:.2f} s; "
        f"skipped {dict(result.skipped)}; duplicates {result.duplicates} {list(result.duplicate_names)}"
    )
    assert result.records is not None and result.records > 23_000
    store = CardStore.open(store_path)
    assert len(store) == result.records
    bolt = store.resolve("Blitzschlag")
    assert bolt.card is not None and bolt.card.name == "Lightning Bolt" and bolt.match == "printed"
    giant = store.resolve("Bonecrusher Giant")
    assert giant.card is not None and giant.card.name == "Bonecrusher Giant // Stomp"
    fire_ice = store.card("Fire // Ice")
    assert fire_ice is not None and fire_ice.mana_value == 4
    assert dict(fire_ice.legalities)["modern"] == "legal"
    assert dict(result.skipped) == {}
    assert result.non_deck == 86 + 70 + 33 + 3  # planes and phenomena, schemes, Vanguard cards, melds
    kinds = Counter(card.kind for card in store.non_deck_cards() or ())
    assert kinds == {
        "plane": 78,
        "phenomenon": 8,
        "scheme": 58,
        "ongoing scheme": 12,
        "vanguard": 33,
        "meld result": 3,
    }
    melds = {card.name: card.parts for card in store.non_deck_cards() or () if card.is_meld_result}
    assert melds == {
        "Brisela, Voice of Nightmares": ("Bruna, the Fading Light", "Gisela, the Broken Blade"),
        "Chittering Host": ("Graf Rats", "Midnight Scavengers"),
        "Hanweir, the Writhing Township": ("Hanweir Battlements", "Hanweir Garrison"),
    }
    for name in ("Brisela, Voice of Nightmares", "Chittering Host", "Hanweir, the Writhing Township"):
        assert store.resolve(name).card is None  # no card record: no deck holds it
    for name in ("Bruna, the Fading Light", "Gisela, the Broken Blade", "Hanweir Battlements", "Graf Rats"):
        front = store.card(name)
        assert front is not None and front.layout == "meld"  # the meld cards are cards
    aether = store.non_deck_card("Chaotic Aether")
    assert aether is not None and aether.described == "a phenomenon card (Planechase)"
    assert store.resolve("Chaotic Aether").card is None  # no card record: no rule reads it


def test_printings_are_kept_for_legality_as_of_a_date() -> None:
    """MTGJSON's printings (set codes) become the record's ``printings``; an Arena rebalanced card
    ("A-") is listed under its paper card's sets, so it gets none rather than wrong ones."""
    data = {
        "data": {
            "Bear": [face(name="Bear", type="Creature — Bear", printings=["M10", "LEA", "M10"])],
            "A-Bear": [face(name="A-Bear", type="Creature — Bear", printings=["M10"])],
        }
    }
    records = {r["name"]: r for r in records_from_atomic_cards(data)}
    assert records["Bear"]["printings"] == ["LEA", "M10"]
    assert "printings" not in records["A-Bear"]
    assert card_from_record(records["Bear"]).record["printings"] == ["LEA", "M10"]


@pytest.mark.parametrize("meta", [None, {"version": "5.2.0"}, {"date": "yesterday"}, {"date": ""}])
def test_a_file_without_a_readable_date_is_refused_unless_the_day_is_named(
    tmp_path: Path, meta: dict[str, str] | None
) -> None:
    """Card data whose day is unknown could not say whether today's bans are in it: the import
    refuses it (the store as it was) unless --data-date names the day, which the store then keeps."""
    store_path = tmp_path / "cards.sqlite"
    import_atomic_cards(write_json(tmp_path / "good.json", ATOMIC), store_path)
    before = store_path.read_bytes()
    undated = {"data": ATOMIC["data"]} | ({} if meta is None else {"meta": meta})
    source = write_json(tmp_path / "AtomicCards.json", undated)
    with pytest.raises(CardDataError, match=r"meta\.date") as caught:
        import_atomic_cards(source, store_path)
    assert str(source) in caught.value.message and "--data-date" in str(caught.value.hint)
    assert store_path.read_bytes() == before
    result = import_atomic_cards(source, store_path, data_date=dt.date(2022, 4, 25))
    assert result.records == 9 and any("2022-04-25 (--data-date)" in note for note in result.notes)
    assert card_data_date(read_store_meta(store_path)) == dt.date(2022, 4, 25)


@pytest.mark.parametrize("field", ["name", "text"])
def test_a_lone_surrogate_names_the_file_and_card(tmp_path: Path, field: str) -> None:
    """JSON "\\ud800" (half a character) in a card's name or text: a card-data error naming the
    file and the card, not an internal error; the store as it was."""
    store_path = tmp_path / "cards.sqlite"
    import_atomic_cards(write_json(tmp_path / "good.json", ATOMIC), store_path)
    before = store_path.read_bytes()
    broken = copy.deepcopy(ATOMIC)
    bolt = broken["data"]["Lightning Bolt"][0]
    bolt[field] = "Lightning \ud800Bolt" if field == "name" else "Deal \ud800 damage."
    source = tmp_path / "AtomicCards.json"
    source.write_text(json.dumps(broken), encoding="ascii")  # (json.dumps escapes it: \ud800)
    with pytest.raises(CardDataError, match=r"card 'Lightning (\\ud800)?Bolt'.*lone surrogate") as caught:
        import_atomic_cards(source, store_path)
    assert str(source) in caught.value.message
    assert store_path.read_bytes() == before


@pytest.mark.parametrize(
    ("card", "side", "value"),
    [
        ("Lightning Bolt", 0, None),
        ("Lightning Bolt", 0, ""),
        ("Lightning Bolt", 0, "  "),
        ("Fire // Ice", 1, None),  # (the entry lists Ice first: faces are ordered by side)
    ],
)
def test_an_entry_without_a_type_line_names_the_file_and_card(
    tmp_path: Path, card: str, side: int, value: str | None
) -> None:
    """A card without a type line would be judged as a card of no type by every rule that reads
    types (a permanent? a creature? a basic land? a commander?): confidently wrong. It is a
    card-data error naming the file and the card, as other malformed entries are; nothing is
    imported and the store is as it was."""
    store_path = tmp_path / "cards.sqlite"
    import_atomic_cards(write_json(tmp_path / "good.json", ATOMIC), store_path)
    before = store_path.read_bytes()
    broken = copy.deepcopy(ATOMIC)
    entry = broken["data"][card][side]
    if value is None:
        del entry["type"]
    else:
        entry["type"] = value
    source = write_json(tmp_path / "AtomicCards.json", broken)
    with pytest.raises(CardDataError, match="no type line") as caught:
        import_atomic_cards(source, store_path)
    assert str(source) in caught.value.message and repr(card) in caught.value.message
    if card == "Fire // Ice":
        assert "'Fire'" in caught.value.message  # the face without one
    assert store_path.read_bytes() == before
