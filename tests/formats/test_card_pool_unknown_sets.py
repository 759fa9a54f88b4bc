"""A card pool of sets (``pool_sets``) that names a set the card data knows no card of: a set newer
than the data's printings (Dominaria United, for the April 2022 printings the bundled set has), or
a code written wrong ("MH22"). The data cannot tell whether a card was printed in it, so a card
printed in none of the pool's other sets is not verified (DC015, naming the set, the fix and the
codes a mistyped one may mean), never "not legal"; a card the data does not know is not verified
either (DC010 and the deck's DC015)."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.store import SET_CODES_META, CardStore, read_store_meta, write_store
from deckcheck.decklist import parse_text
from deckcheck.engine import Report, check_parsed, with_card_data
from deckcheck.format_spec import FormatSpec
from deckcheck.formats import get_format
from deckcheck.rules import legality as legality_rules
from tests.cardfactory import record
from tests.formats.helpers import codes, house, one, only

DECK = "4 Lightning Bolt\n4 Brainstorm\n4 Sheoldred, the Apocalypse\n48 Mountain\n"


def checked(spec: FormatSpec, store: CardStore | None = None, text: str = DECK) -> Report:
    return check_parsed(parse_text(text, "deck.txt"), store or CardStore.bundled(), spec)


def test_a_card_that_may_be_in_a_set_newer_than_the_data_is_not_verified(tmp_path: Path) -> None:
    # Brainstorm's printings (April 2022) are not in Alpha; Dominaria United (2022-09) came after
    report = checked(house(tmp_path, "LEA", "DMU"))
    found = report.findings
    assert not only(found, "DC202")
    unverified = {f.card: f for f in only(found, "DC015")}
    assert set(unverified) == {"Lightning Bolt", "Brainstorm", "Mountain", None}
    brainstorm = unverified["Brainstorm"]
    assert dict(brainstorm.data)["status"] == legality_rules.UNKNOWN_SET_UNLISTED
    assert dict(brainstorm.data)["unknown_sets"] == [{"code": "DMU", "suggestions": []}]
    assert brainstorm.location.line == 2 and brainstorm.rule == "House card pool"
    assert (
        "nor whether it was printed in set DMU of House's card pool: the card data knows no card of "
        "that set (newer than the data, or mistyped in the format's definition); card data that "
        "knows the set decides it (current data: `deckcheck cards update`)"
    ) in brainstorm.message
    # printed in Alpha: in the pool, whatever the other sets hold
    assert dict(unverified["Lightning Bolt"].data)["status"] == legality_rules.IN_POOL_UNLISTED
    # the card the data does not know at all: not verified, as anywhere
    assert one(found, "DC010").card == "Sheoldred, the Apocalypse"
    assert "4 Sheoldred, the Apocalypse (line 3) are not in the card data" in unverified[None].message


def test_a_mistyped_set_code_gets_a_did_you_mean(tmp_path: Path) -> None:
    found = [f for f in checked(house(tmp_path, "LEA", "MH22", "DMU")).findings if f.card == "Brainstorm"]
    assert codes(found) == ["DC015"]
    said = "printed in sets DMU, MH22 (did you mean MH2?) of House's card pool: the card data knows no card"
    assert f"{said} of those sets" in found[0].message
    assert "card data that knows the sets decides it" in found[0].message
    assert dict(found[0].data)["unknown_sets"] == [
        {"code": "DMU", "suggestions": []},
        {"code": "MH22", "suggestions": ["MH2"]},
    ]


def test_a_pool_of_sets_the_data_knows_judges_as_before(tmp_path: Path) -> None:
    spec = house(tmp_path, "LEA", "M10")
    assert with_card_data(spec, CardStore.bundled()) is spec
    found = checked(spec).findings
    assert one(found, "DC202").card == "Brainstorm"
    # Old School and Premodern: the bundled data knows every set of their pools
    for name in ("oldschool", "premodern"):
        assert with_card_data(get_format(name), CardStore.bundled()) is get_format(name)


def test_the_suggested_codes() -> None:
    store = CardStore.bundled()
    guesses = dict(store.unknown_set_codes(["MH22", "LAE", "DMU", "ONE", "LEA", "XYZZY"]))
    assert guesses["MH22"] == ("MH2",)  # a letter too many
    assert guesses["LAE"] == ("LEA",)  # two letters swapped
    # one letter from a known code is how new sets' codes look (DOM, ONS): no guess
    assert guesses["DMU"] == () and guesses["ONE"] == () and guesses["XYZZY"] == ()
    assert "LEA" not in guesses


def _records(*printed: tuple[str, list[str] | None]) -> list[dict[str, Any]]:
    made = []
    for name, printings in printed:
        made.append(record(name, "{1}", legal={"legacy": "legal"}))
        if printings is not None:
            made[-1]["printings"] = printings
    return made


def test_which_sets_the_card_data_knows(tmp_path: Path) -> None:
    records = _records(("Bear", ["LEA", "M10"]), ("Wolf", ["ICE"]), ("Elk", None))
    # a store built from records: its meta lists their printings' sets, and those its builder names
    path = tmp_path / "cards.sqlite"
    write_store(records, path, meta={"source": "test", SET_CODES_META: "DOM"})
    assert read_store_meta(path)[SET_CODES_META] == "DOM ICE LEA M10"
    assert CardStore.open(path).known_set_codes() == {"DOM", "ICE", "LEA", "M10"}
    # a store built before the meta said them: read from its records' printings
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute("DELETE FROM meta WHERE key = ?", (SET_CODES_META,))
    assert CardStore.open(path).known_set_codes() == {"ICE", "LEA", "M10"}
    # a JSON file of records: its meta's list when it gives one, else its records' printings
    listed = tmp_path / "listed.json"
    listed.write_text(json.dumps({"meta": {SET_CODES_META: "LEA DMU"}, "cards": records}), encoding="utf-8")
    assert CardStore.open(listed).known_set_codes() == {"LEA", "DMU"}
    unlisted = tmp_path / "unlisted.json"
    unlisted.write_text(json.dumps({"meta": {}, "cards": records}), encoding="utf-8")
    store = CardStore.open(unlisted)
    assert store.known_set_codes() == {"ICE", "LEA", "M10"}
    assert store.unknown_set_codes(["LEA", "DMU", "ICE"]) == (("DMU", ()),)
    # records handed in by code: their printings are taken as complete (every set known)
    assert CardStore.from_records(records).known_set_codes() is None
    assert CardStore.from_records(records).unknown_set_codes(["DMU"]) == ()
    # data whose cards give no printings (a Scryfall build) judges no card by its sets
    bare = tmp_path / "bare.sqlite"
    write_store(_records(("Bear", None)), bare, meta={"source": "test"})
    assert read_store_meta(bare)[SET_CODES_META] == ""  # (read as none, not looked for)
    assert CardStore.open(bare).known_set_codes() == frozenset()
    assert CardStore.open(bare).unknown_set_codes(["DMU"]) == ()


@pytest.mark.parametrize("spelled", ["lea", " LEA "])
def test_listed_legality_with_unknown_sets(tmp_path: Path, spelled: str) -> None:
    spec = house(tmp_path, spelled, "DMU")
    judged = with_card_data(spec, CardStore.bundled())
    assert judged.unknown_pool_sets == (("DMU", ()),)
    listed = legality_rules.listed_legality
    assert listed("Bear", None, ["ICE"], spec) == "not_legal"  # (not judged for the data)
    assert listed("Bear", None, ["ICE"], judged) == legality_rules.UNKNOWN_SET_UNLISTED
    assert listed("Bear", None, ["LEA"], judged) == legality_rules.IN_POOL_UNLISTED
    assert listed("Bear", None, None, judged) == legality_rules.UNPRINTED_UNLISTED
    assert listed("Bear", "legal", ["ICE"], judged) == "legal"  # listed: as listed
