"""The crashes and broken promises the fuzzing found, one test each (fuzz/README.md)."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.mana import ManaCostError, parse_mana_cost
from deckcheck.cards.records import card_from_record
from deckcheck.cards.store import CardStore, write_store
from deckcheck.deck import LineKind, ParsedDeck
from deckcheck.decklist import parse_text
from deckcheck.decklist.xml_formats import parse_xml
from deckcheck.errors import CardDataError


def card_lines(deck: ParsedDeck) -> set[int]:
    return {r.line for r in deck.lines if r.kind is LineKind.CARD}


def test_deeply_nested_xml_is_not_a_recursion_error() -> None:
    text = '<Deck><Cards Quantity="4" Name="Shock"/>' + "<a>" * 100_000 + "</a>" * 100_000 + "</Deck>"
    root, error = parse_xml(text)
    assert error is None and root is not None
    assert sum(1 for _ in root.iter()) == 100_002
    deck = parse_text(text)
    assert [(e.quantity, e.name) for e in deck.entries] == [(4, "Shock")]
    assert not deck.problems


def test_element_iteration_keeps_document_order() -> None:
    root, _ = parse_xml("<a><b><c/><d/></b><e/></a>")
    assert root is not None
    assert [e.tag for e in root.iter()] == ["a", "b", "c", "d", "e"]


def test_a_card_cut_off_by_the_xml_error_is_not_an_entry() -> None:
    deck = parse_text(
        '<deck>\n<section name="Main">\n<card qty="10">Forest</card>\n'
        '<card qty="4">Llanowar Elves</ca"False">\n<card qty="2">Naturalize</card>\n</section>\n</deck>\n'
    )
    assert [(e.line, e.name) for e in deck.entries] == [(3, "Forest")]
    assert deck.lines[3].kind is LineKind.PROBLEM and "XML error" in deck.lines[3].note
    assert {e.line for e in deck.entries} <= card_lines(deck)


def test_a_card_cut_off_on_an_earlier_line_is_a_problem_line() -> None:
    deck = parse_text('<deck><section name="Main"><card qty="4">\nLlanowar El')
    assert deck.entries == []
    assert [(r.line, r.kind) for r in deck.lines] == [(1, LineKind.PROBLEM), (2, LineKind.PROBLEM)]
    assert [p.code for p in deck.problems] == ["DC001"]


def test_a_complete_card_before_a_missing_end_tag_is_kept() -> None:
    deck = parse_text('<Deck>\n<Cards Quantity="4" Sideboard="false" Name="Shock" />')
    assert [(e.line, e.name) for e in deck.entries] == [(2, "Shock")]
    assert {e.line for e in deck.entries} <= card_lines(deck)
    assert [p.code for p in deck.problems] == ["DC001"]


def test_one_line_xml_with_one_bad_card_keeps_the_good_ones_on_a_card_line() -> None:
    deck = parse_text(
        '<cockatrice_deck><zone name="main"><card number="0" name="Opt"/>'
        '<card number="2" name="Shock"/></zone></cockatrice_deck>'
    )
    assert [(e.quantity, e.name) for e in deck.entries] == [(2, "Shock")]
    (record,) = deck.lines
    assert record.kind is LineKind.CARD and "count is 0" in record.note
    assert [(p.line, p.code, p.message) for p in deck.problems] == [(1, "DC002", "<card> 'Opt': count is 0")]


@pytest.mark.parametrize(("cost", "value"), [("{²}", 1), ("{2/²}", 2), ("{٣}", 3), ("{1000000}", 1_000_000)])
def test_mana_symbols_int_refuses(cost: str, value: int) -> None:
    assert parse_mana_cost(cost).mana_value == value


def test_a_number_too_long_for_int_is_a_mana_cost_error() -> None:
    with pytest.raises(ManaCostError, match="too long"):
        parse_mana_cost("{" + "9" * 5000 + "}")


def base_record(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "name": "Shock",
        "layout": "normal",
        "faces": [{"name": "Shock", "mana_cost": "{R}", "type_line": "Instant", "oracle_text": "x"}],
        "color_identity": ["R"],
        "legalities": {"modern": "legal"},
    }
    record.update(changes)
    return record


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"faces": [5]}, "a face must be an object"),
        ({"faces": "Shock"}, "'faces' must be a non-empty list"),
        ({"faces": [{"name": "Shock", "mana_cost": 5}]}, "mana_cost must be a string"),
        ({"faces": [{"name": "Shock", "mana_cost": "{" + "9" * 5000 + "}"}]}, "too long"),
        ({"legalities": {"modern": ["legal"]}}, "legality modern=\\['legal'\\]"),
        ({"keywords": 5}, "'keywords' must be a list"),
        ({"keywords": "Flying"}, "'keywords' must be a list"),
        ({"leadership": [True]}, "'leadership' must be an object"),
        ({"printed_names": ["Schock"]}, "'printed_names' must be an object"),
        ({"printed_names": {"de": 5}}, "'printed_names.de' must be a list"),
        ({"printed_type_lines": {"de": "Spontanzauber"}}, "'printed_type_lines.de' must be a list"),
    ],
)
def test_malformed_records_are_card_data_errors(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(CardDataError, match=message):
        card_from_record(base_record(**changes))


@pytest.mark.parametrize(
    ("records", "message"),
    [
        ([None], "card record 1 has no name"),
        ([{}], "card record 1 has no name"),
        ([base_record(), {"name": 5}], "card record 2 has no name"),
        ([base_record(faces=[{"name": "A"}, 7])], "malformed face or printed names"),
        ([base_record(faces=[{"name": "A"}, {}])], "malformed face or printed names"),
        ([base_record(printed_names=[1])], "malformed face or printed names"),
    ],
)
def test_malformed_records_in_a_store_are_card_data_errors(records: list[Any], message: str) -> None:
    with pytest.raises(CardDataError, match=message):
        CardStore.from_records(records)


@pytest.mark.parametrize(
    ("records", "message"),
    [
        ([None], "card record 1 has no name"),
        ([base_record(faces=[{"name": "A"}, 7])], "malformed face or printed names"),
        ([base_record(), base_record()], "appears twice in the card data"),
    ],
)
def test_a_malformed_record_in_a_json_card_file_names_the_file(
    records: list[Any], message: str, tmp_path: Path
) -> None:
    """Regression: `--card-db cards.json` with a bad record said what was wrong, not in which file."""
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"meta": {}, "cards": records}), encoding="utf-8")
    with pytest.raises(CardDataError, match=rf"^card data file {re.escape(str(path))}: .*{message}"):
        CardStore.from_json(path)


@pytest.mark.parametrize("meta", [5, [1], "text"])
def test_a_json_card_file_with_a_bad_meta_is_a_card_data_error(meta: Any, tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"meta": meta, "cards": [base_record()]}), encoding="utf-8")
    with pytest.raises(CardDataError, match="'meta' must be an object"):
        CardStore.from_json(path)


def test_lone_surrogates_resolve_as_unknown(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    write_store([base_record()], path, meta={"source": "test"})
    for store in (CardStore.open(path), CardStore.from_records([base_record()])):
        result = store.resolve("Sh\ud800ock")
        assert not result.ok and result.match == "unknown"
        assert store.card("\udfff") is None
        assert store.suggest("\ud800") == ()
        assert store.resolve("Shock").ok
    with pytest.raises(UnicodeEncodeError):  # what the store used to run into
        sqlite3.connect(":memory:").execute("SELECT ?", ("\ud800",))
