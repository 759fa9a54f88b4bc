"""`deckcheck cards import` with MTGJSON's SetList: the one beside the AtomicCards file, or
--set-list; the store keeps the release days, and a card pool naming a set released after the
data's day leaves a card that may be reprinted there not verified."""

from __future__ import annotations

import copy
import json

import pytest

from tests.cards.test_mtgjson import ATOMIC, write_json
from tests.cli.conftest import Invoke, Project

POOL = """
[baldur]
extends = "constructed"
title = "Baldur Pool"
legality_key = "baldur"
pool_sets = ["LEA", "TST"]
"""


def _set_list(released: str) -> dict[str, object]:
    # (ATOMIC's cards are printed in TST)
    days = [{"code": "LEA", "releaseDate": "1993-08-05"}, {"code": "TST", "releaseDate": released}]
    return {"meta": {"date": "2023-05-21"}, "data": days}


@pytest.fixture(autouse=True)
def _store_of_its_own(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    # (after the project fixture, which points DECKCHECK_CARD_DB at the bundled set)
    monkeypatch.delenv("DECKCHECK_CARD_DB")
    monkeypatch.setenv("DECKCHECK_TODAY", "2022-04-25")  # (the data's own day)


def test_the_set_list_beside_the_file_is_read(project: Project, invoke: Invoke) -> None:
    # Lightning Bolt printed in neither set of the pool (the others in TST)
    cards = copy.deepcopy(ATOMIC)
    cards["data"]["Lightning Bolt"][0]["printings"] = ["OTH"]
    atomic = write_json(project.root / "AtomicCards.json", cards)
    beside = write_json(project.root / "SetList.json", _set_list("2022-06-10"))
    store = str(project.root / "store" / "cards.sqlite")
    result = invoke(["cards", "import", str(atomic), "--card-db", store])
    assert result.exit_code == 0, result.output
    assert f"note: release days of 2 sets read from {beside}" in result.stdout
    info = invoke(["cards", "info", "--card-db", store]).stdout
    assert "2 sets' release days (--output json lists them)" in info
    listed = json.loads(invoke(["cards", "info", "--card-db", store, "-o", "json"]).stdout)["meta"]
    assert listed["set_release_dates"] == "LEA:1993-08-05 TST:2022-06-10"
    # TST, released after the data's day: a card printed in none of the pool's other sets may be in it
    project.write("formats.toml", POOL)
    project.write("pyproject.toml", '[tool.deckcheck]\nformats = ["formats.toml"]\n')
    project.write("deck.txt", "4 Lightning Bolt\n")
    checked = invoke(["check", "-f", "baldur", "--card-db", store, "-o", "json", "deck.txt"])
    findings = json.loads(checked.stdout)["decks"][0]["findings"]
    [finding] = [f for f in findings if f["card"] == "Lightning Bolt"]
    assert finding["code"] == "DC015"
    assert finding["data"]["sets_in_part"] == [{"code": "TST", "released": "2022-06-10"}]


def test_set_list_option_wins_over_the_one_beside(project: Project, invoke: Invoke) -> None:
    atomic = write_json(project.root / "AtomicCards.json", ATOMIC)
    write_json(project.root / "SetList.json", _set_list("2022-06-10"))
    given = write_json(project.root / "OlderSetList.json", _set_list("2022-04-01"))
    store = str(project.root / "store" / "cards.sqlite")
    result = invoke(["cards", "import", str(atomic), "--card-db", store, "--set-list", str(given)])
    assert result.exit_code == 0, result.output
    assert f"read from {given}" in result.stdout
    listed = json.loads(invoke(["cards", "info", "--card-db", store, "-o", "json"]).stdout)["meta"]
    assert listed["set_release_dates"] == "LEA:1993-08-05 TST:2022-04-01"


def test_a_bad_set_list_is_an_error_naming_it(project: Project, invoke: Invoke) -> None:
    atomic = write_json(project.root / "AtomicCards.json", ATOMIC)
    bad = project.write("SetList.json", "{")
    store = project.root / "store" / "cards.sqlite"
    result = invoke(["cards", "import", str(atomic), "--card-db", str(store)])
    assert result.exit_code == 2
    assert f"set list {bad}: not valid JSON" in result.output
    assert "Traceback" not in result.output and not store.exists()
