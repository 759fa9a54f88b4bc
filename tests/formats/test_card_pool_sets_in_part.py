"""A card pool of sets (``pool_sets``) that names a set the card data knows only in part: one
released after the day its printings describe, previewed then (MTGJSON's April 2022 data holds a
few cards of Commander Legends: Battle for Baldur's Gate, CLB, released 2022-06-10). A card of an
older set may have been reprinted there, so a card printed in none of the pool's other sets is not
verified (DC015, naming the set and its release day), never "not legal" (DC202). The store knows a
set's release day only when it keeps them (``cards import`` with MTGJSON's SetList); without them a
pool is judged by the data's printings alone, as before."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.mtgjson import read_set_list
from deckcheck.cards.store import (
    SET_DATES_AS_OF_META,
    SET_DATES_META,
    CardStore,
    decode_set_dates,
    encode_set_dates,
    write_store,
)
from deckcheck.decklist import parse_text
from deckcheck.engine import check_parsed, with_card_data
from deckcheck.findings import Finding
from deckcheck.format_spec import FormatSpec
from deckcheck.rules import legality as legality_rules
from tests.cardfactory import record
from tests.formats.helpers import house

DATA_DAY = "2022-04-25"
# release days as MTGJSON's SetList gives them
RELEASED = {"LEA": "1993-08-05", "ICE": "1995-06-03", "NEO": "2022-02-18", "CLB": "2022-06-10"}
DECK = "4 Bear\n4 Wolf\n4 Elk\n48 Bear Cub\n"


@pytest.fixture(autouse=True)
def _checked_on_the_data_day(monkeypatch: pytest.MonkeyPatch) -> None:
    # (undated decks checked years after the data have their legality withheld, as_of)
    monkeypatch.setenv("DECKCHECK_TODAY", DATA_DAY)


def _records() -> list[dict[str, Any]]:
    printed = {"Bear": ["ICE"], "Wolf": ["LEA", "ICE"], "Elk": ["ICE", "CLB"], "Bear Cub": ["NEO"]}
    made = []
    for name, printings in printed.items():
        made.append(record(name, "{1}", legal={"legacy": "legal"}, printings=printings))
    return made


def store(tmp_path: Path, released: dict[str, str] | None = RELEASED, as_of: str = "2023-05-21") -> CardStore:
    """A built store of April 2022 data, keeping these release days (None: none) from a set list of
    the day ``as_of``."""
    meta = {"source": "test", "updated_at": DATA_DAY}
    if released is not None:
        days = {code: dt.date.fromisoformat(day) for code, day in released.items()}
        meta |= {SET_DATES_META: encode_set_dates(days), SET_DATES_AS_OF_META: as_of}
    path = tmp_path / "cards.sqlite"
    write_store(_records(), path, meta=meta)
    return CardStore.open(path)


def by_card(spec: FormatSpec, card_data: CardStore) -> dict[str | None, list[Finding]]:
    found: dict[str | None, list[Finding]] = {}
    for finding in check_parsed(parse_text(DECK, "deck.txt"), card_data, spec).findings:
        if finding.code in ("DC015", "DC202"):
            found.setdefault(finding.card, []).append(finding)
    return found


def test_a_card_that_may_be_reprinted_in_a_set_released_after_the_data_is_not_verified(
    tmp_path: Path,
) -> None:
    found = by_card(house(tmp_path, "LEA", "CLB"), store(tmp_path))
    # Bear's printings (April 2022) are in neither set, but CLB was only previewed then
    [bear] = found["Bear"]
    assert bear.code == "DC015" and bear.location.line == 1 and bear.rule == "House card pool"
    assert dict(bear.data)["status"] == legality_rules.SET_IN_PART_UNLISTED
    assert dict(bear.data)["sets_in_part"] == [{"code": "CLB", "released": "2022-06-10"}]
    assert (
        "nor whether it was printed in set CLB (released 2022-06-10) of House's card pool: the card "
        "data may know that set only in part (released after the day its printings describe); card "
        "data made since that set was released decides it (current data: `deckcheck cards update`)"
    ) in bear.message
    # printed in Alpha, or in CLB's previewed part: in the pool, whatever CLB holds besides
    for name in ("Wolf", "Elk"):
        [finding] = found[name]
        assert dict(finding.data)["status"] == legality_rules.IN_POOL_UNLISTED
    # Bear Cub too may be in CLB's later part: not failed either
    assert [f.code for f in found["Bear Cub"]] == ["DC015"]


def test_a_pool_of_sets_released_by_the_data_day_judges_as_before(tmp_path: Path) -> None:
    spec = house(tmp_path, "LEA", "NEO")
    card_data = store(tmp_path)
    assert with_card_data(spec, card_data) is spec
    found = by_card(spec, card_data)
    assert [f.code for f in found["Bear"]] == ["DC202"]
    assert dict(found["Wolf"][0].data)["status"] == legality_rules.IN_POOL_UNLISTED


def test_without_release_days_a_pool_is_judged_by_the_printings_alone(tmp_path: Path) -> None:
    spec = house(tmp_path, "LEA", "CLB")
    card_data = store(tmp_path, released=None)
    assert card_data.sets_known_in_part(["CLB"]) == ()
    assert with_card_data(spec, card_data) is spec
    assert [f.code for f in by_card(spec, card_data)["Bear"]] == ["DC202"]


def test_a_set_the_release_days_do_not_name(tmp_path: Path) -> None:
    without_clb = {code: day for code, day in RELEASED.items() if code != "CLB"}
    # days from a list older than the data: CLB may be newer than the list, so known only in part
    older = store(tmp_path, without_clb, as_of="2022-01-01")
    assert older.sets_known_in_part(["LEA", "CLB"]) == (("CLB", None),)
    [bear] = by_card(house(tmp_path, "LEA", "CLB"), older)["Bear"]
    assert dict(bear.data)["sets_in_part"] == [{"code": "CLB", "released": None}]
    assert (
        "set CLB (release day not known) of House's card pool: the card data may know that set only "
        "in part (not among the release days it keeps, which may be older than the data)"
    ) in bear.message
    # a list that does not say its day vouches for no set it leaves out either
    assert store(tmp_path, without_clb, as_of="").sets_known_in_part(["CLB"]) == (("CLB", None),)
    # from a list as late as the data, a set it does not name is an old one it dropped
    newer = store(tmp_path, without_clb, as_of="2023-05-21")
    assert newer.sets_known_in_part(["LEA", "CLB"]) == ()


def test_a_set_unknown_and_one_known_in_part(tmp_path: Path) -> None:
    spec = with_card_data(house(tmp_path, "LEA", "CLB", "DMU"), store(tmp_path))
    assert spec.unknown_pool_sets == (("DMU", ()),)
    assert spec.pool_sets_in_part == (("CLB", dt.date(2022, 6, 10)),)
    [bear] = by_card(spec, store(tmp_path))["Bear"]
    data = dict(bear.data)
    assert data["status"] == legality_rules.UNKNOWN_SET_UNLISTED
    assert data["unknown_sets"] == [{"code": "DMU", "suggestions": []}]
    assert data["sets_in_part"] == [{"code": "CLB", "released": "2022-06-10"}]
    assert (
        "the card data knows no card of that set (newer than the data, or mistyped in the format's "
        "definition), and set CLB (released 2022-06-10) only in part; card data that knows the sets"
    ) in bear.message


def test_the_bundled_set_knows_the_sets_released_after_its_printings_in_part(tmp_path: Path) -> None:
    bundled = CardStore.bundled()
    spec = with_card_data(house(tmp_path, "LEA", "CLB"), bundled)
    assert spec.pool_sets_in_part == (("CLB", dt.date(2022, 6, 10)),) and spec.unknown_pool_sets == ()
    text = "4 Brainstorm\n4 Lightning Bolt\n"  # (Brainstorm: ICE and later; Bolt: LEA, and CLB's preview)
    found = {f.card: f for f in check_parsed(parse_text(text, "deck.txt"), bundled, spec).findings}
    assert found["Brainstorm"].code == "DC015"
    assert dict(found["Brainstorm"].data)["status"] == legality_rules.SET_IN_PART_UNLISTED
    assert dict(found["Lightning Bolt"].data)["status"] == legality_rules.IN_POOL_UNLISTED


def test_records_handed_in_by_code_know_every_set_in_full() -> None:
    records = CardStore.from_records(_records())
    assert records.sets_known_in_part(["CLB"]) == ()


def test_listed_legality_with_a_set_known_in_part(tmp_path: Path) -> None:
    judged = with_card_data(house(tmp_path, "LEA", "CLB"), store(tmp_path))
    listed = legality_rules.listed_legality
    assert listed("Bear", None, ["ICE"], judged) == legality_rules.SET_IN_PART_UNLISTED
    assert listed("Bear", None, ["CLB"], judged) == legality_rules.IN_POOL_UNLISTED
    assert listed("Bear", "legal", ["ICE"], judged) == "legal"


def test_release_days_as_the_store_keeps_them() -> None:
    days = {"LEA": dt.date(1993, 8, 5), "CLB": dt.date(2022, 6, 10)}
    assert encode_set_dates(days) == "CLB:2022-06-10 LEA:1993-08-05"
    assert decode_set_dates(encode_set_dates(days)) == days
    # what a later release may write besides is passed over, not misread
    assert decode_set_dates("CLB:2022-06-10 XYZ:soon :2020-01-01 LEA") == {"CLB": dt.date(2022, 6, 10)}


@pytest.mark.realdata
def test_the_real_set_list_knows_baldurs_gate_came_after_the_april_2022_data(
    realdata: Path, tmp_path: Path
) -> None:
    set_list = realdata / "format-history" / "SetList.json"
    if not set_list.is_file():
        pytest.skip(f"{set_list} not present")
    listed = read_set_list(set_list)
    assert listed.released["CLB"] == dt.date(2022, 6, 10)
    assert listed.released["LEA"] == dt.date(1993, 8, 5)
    path = tmp_path / "real-days.sqlite"
    write_store(_records(), path, meta={"source": "test", "updated_at": DATA_DAY} | listed.meta())
    judged = with_card_data(house(tmp_path, "LEA", "ICE", "CLB", "SNC"), CardStore.open(path))
    # (the test records print in none of SNC: it is no set they know)
    assert judged.pool_sets_in_part == (("CLB", dt.date(2022, 6, 10)),)
