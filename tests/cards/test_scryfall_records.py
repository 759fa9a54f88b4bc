"""Scryfall card objects -> card records (no network: objects from tests/fixtures/scryfall)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from deckcheck.cards.nondeck import NON_DECK_LAYOUTS
from deckcheck.cards.records import card_from_record
from deckcheck.cards.scryfall import SKIPPED_LAYOUTS, ScryfallObjectError, records_from_scryfall
from deckcheck.cards.update import ConversionStats
from deckcheck.errors import CardDataError
from tests.httpserver import sample_cards


def convert(objs: list[dict[str, Any]]) -> tuple[dict[str, dict[str, Any]], ConversionStats]:
    stats = ConversionStats()
    records = list(records_from_scryfall(objs, stats=stats))
    return {r["name"]: r for r in records}, stats


@pytest.fixture(scope="module")
def converted() -> tuple[dict[str, dict[str, Any]], ConversionStats]:
    return convert(sample_cards())


@pytest.fixture(scope="module")
def records(converted: tuple[dict[str, dict[str, Any]], ConversionStats]) -> dict[str, dict[str, Any]]:
    return converted[0]


def face(record: dict[str, Any], index: int) -> dict[str, Any]:
    faces: list[dict[str, Any]] = record["faces"]
    return faces[index]


def test_fixture_converts_to_the_playable_cards_only(
    converted: tuple[dict[str, dict[str, Any]], ConversionStats],
) -> None:
    records, stats = converted
    assert sorted(records) == [
        "Bonecrusher Giant // Stomp",
        "Brainstorm",
        "Delver of Secrets // Insectile Aberration",
        "Fire // Ice",
        "Invasion of Tarkir // Defiant Thundermaw",
        "Jace, the Mind Sculptor",
        "Kitsune Mystic // Autumn-Tail, Kitsune Sage",
        "Lightning Bolt",
        "Propaganda",
        "Valakut Awakening // Valakut Stoneforge",
    ]
    assert dict(stats.skipped) == {"token": 1, "emblem": 1, "art_series": 1}
    assert [c.to_record() for c in stats.non_deck_cards()] == [  # kept by name, not records
        {"name": "Akoum", "kind": "plane", "type_line": "Plane — Zendikar"},
        {
            "name": "Brisela, Voice of Nightmares",
            "kind": "meld result",
            "type_line": "Legendary Creature — Eldrazi Angel",
            "parts": ["Bruna, the Fading Light", "Gisela, the Broken Blade"],
        },
    ]
    assert stats.duplicates == 1 and stats.duplicate_names == ["Propaganda"]
    assert stats.records == 10


def test_every_record_builds_a_card(records: dict[str, dict[str, Any]]) -> None:
    for record in records.values():
        card = card_from_record(record)
        assert card.name == record["name"]


def test_split_faces_get_colours_from_their_own_costs(records: dict[str, dict[str, Any]]) -> None:
    fire_ice = records["Fire // Ice"]
    assert fire_ice["layout"] == "split"
    assert [f["name"] for f in fire_ice["faces"]] == ["Fire", "Ice"]
    assert face(fire_ice, 0)["colors"] == ["R"] and face(fire_ice, 1)["colors"] == ["U"]
    assert face(fire_ice, 0)["mana_cost"] == "{1}{R}"
    assert fire_ice["mana_value"] == 4.0
    assert fire_ice["color_identity"] == ["R", "U"]
    card = card_from_record(fire_ice)
    assert card.mana_value == 4  # both halves (CR 709.4)


def test_adventure_keeps_both_faces_and_creature_stats(records: dict[str, dict[str, Any]]) -> None:
    giant = records["Bonecrusher Giant // Stomp"]
    assert face(giant, 0)["power"] == "4" and face(giant, 0)["toughness"] == "3"
    assert face(giant, 1)["type_line"] == "Instant — Adventure"
    assert face(giant, 1)["colors"] == ["R"] and face(giant, 1)["power"] is None
    assert card_from_record(giant).mana_value == 3


def test_modal_dfc_faces_carry_their_own_colours_and_costs(records: dict[str, dict[str, Any]]) -> None:
    valakut = records["Valakut Awakening // Valakut Stoneforge"]
    assert face(valakut, 0)["mana_cost"] == "{2}{R}" and face(valakut, 0)["colors"] == ["R"]
    assert face(valakut, 1)["mana_cost"] == "" and face(valakut, 1)["colors"] == []
    assert valakut["mana_value"] == 3.0


def test_transform_back_face_colour_indicator(records: dict[str, dict[str, Any]]) -> None:
    delver = records["Delver of Secrets // Insectile Aberration"]
    assert face(delver, 0)["color_indicator"] is None
    assert face(delver, 1)["color_indicator"] == ["U"]
    assert face(delver, 1)["power"] == "3"
    assert delver["keywords"] == ["Flying", "Transform"]


def test_battle_defense_and_planeswalker_loyalty(records: dict[str, dict[str, Any]]) -> None:
    assert face(records["Invasion of Tarkir // Defiant Thundermaw"], 0)["defense"] == "5"
    assert face(records["Jace, the Mind Sculptor"], 0)["loyalty"] == "3"


def test_flipped_half_without_cost_takes_the_card_colours(records: dict[str, dict[str, Any]]) -> None:
    kitsune = records["Kitsune Mystic // Autumn-Tail, Kitsune Sage"]
    assert face(kitsune, 0)["colors"] == ["W"]
    assert face(kitsune, 1)["colors"] == ["W"]  # no cost of its own: the card's colour


def test_reversible_card_is_its_first_side() -> None:
    reversible = next(o for o in sample_cards() if o["layout"] == "reversible_card")
    (record,) = list(records_from_scryfall([reversible]))
    assert record["name"] == "Propaganda"
    assert record["layout"] == "reversible_card"
    assert len(record["faces"]) == 1 and face(record, 0)["mana_cost"] == "{2}{U}"
    assert record["mana_value"] == 3.0  # from the side: the root has no cmc
    assert card_from_record(record).mana_value == 3


def test_legalities_are_an_open_mapping(records: dict[str, dict[str, Any]]) -> None:
    bolt = records["Lightning Bolt"]["legalities"]
    assert bolt["modern"] == "legal" and bolt["standard"] == "not_legal"
    assert bolt["tlr"] == "legal" and "competitivebrawl" in bolt  # 2026 keys kept
    assert records["Jace, the Mind Sculptor"]["legalities"]["vintage"] == "restricted"


def test_printed_names_only_for_non_english_printings(records: dict[str, dict[str, Any]]) -> None:
    brainstorm = records["Brainstorm"]
    assert brainstorm["printed_names"] == {"ja": ["渦まく知識"]}
    assert brainstorm["printed_type_lines"] == {"ja": ["インスタント"]}
    english = [r for name, r in records.items() if name != "Brainstorm"]
    assert all("printed_names" not in r and "printed_type_lines" not in r for r in english)


def test_english_printed_name_is_not_kept() -> None:
    bolt = copy.deepcopy(sample_cards()[0])
    bolt["printed_name"] = "Lightning Bolt"  # English prints carry printed_* since 2025
    (record,) = list(records_from_scryfall([bolt]))
    assert "printed_names" not in record


def test_multi_face_printed_names_join_the_faces() -> None:
    fire_ice = copy.deepcopy(next(o for o in sample_cards() if o["name"] == "Fire // Ice"))
    fire_ice["lang"] = "fr"
    fire_ice["card_faces"][0].update(printed_name="Feu", printed_type_line="Éphémère")
    fire_ice["card_faces"][1].update(printed_name="Glace", printed_type_line="Éphémère")
    (record,) = list(records_from_scryfall([fire_ice]))
    assert record["printed_names"] == {"fr": ["Feu // Glace", "Feu", "Glace"]}
    assert record["printed_type_lines"] == {"fr": ["Éphémère", "Éphémère"]}


@pytest.mark.parametrize("layout", sorted(SKIPPED_LAYOUTS - NON_DECK_LAYOUTS))
def test_non_playable_layouts_are_skipped_and_counted(layout: str) -> None:
    obj = copy.deepcopy(sample_cards()[0])
    obj["layout"] = layout
    stats = ConversionStats()
    assert list(records_from_scryfall([obj], stats=stats)) == []
    assert stats.skipped == {layout: 1} and stats.non_deck == {}


@pytest.mark.parametrize(
    ("layout", "type_line", "kind", "described"),
    [
        ("planar", "Plane — Dominaria", "plane", "a plane card (Planechase)"),
        ("planar", "Phenomenon", "phenomenon", "a phenomenon card (Planechase)"),
        ("scheme", "Scheme", "scheme", "a scheme card (Archenemy)"),
        ("scheme", "Ongoing Scheme", "ongoing scheme", "an ongoing scheme card (Archenemy)"),
        ("vanguard", "Vanguard", "vanguard", "a vanguard card (Vanguard)"),
        ("planar", "Card", "plane", "a plane card (Planechase)"),  # a type line of no known kind
    ],
)
def test_cards_no_deck_holds_are_kept_by_name_and_kind(
    layout: str, type_line: str, kind: str, described: str
) -> None:
    """Planes, phenomena, schemes and Vanguard cards are no card records, but their names and kinds
    are kept, so that a list naming one can be told what it is (not "unknown card")."""
    obj = copy.deepcopy(sample_cards()[0])
    obj.update(layout=layout, type_line=type_line, name="Somewhere")
    stats = ConversionStats()
    assert list(records_from_scryfall([obj], stats=stats)) == []
    assert stats.skipped == {}
    (card,) = stats.non_deck.values()
    assert (card.name, card.kind, card.type_line, card.described) == ("Somewhere", kind, type_line, described)


def meld_objects() -> list[dict[str, Any]]:
    """Brisela (the fixture's meld result) and its two meld cards, each a meld card of its own whose
    ``all_parts`` names the pair and their meld, as Scryfall lists them."""
    brisela = copy.deepcopy(next(o for o in sample_cards() if o["name"] == "Brisela, Voice of Nightmares"))
    fronts = []
    for name, cost in (("Bruna, the Fading Light", "{5}{W}{W}"), ("Gisela, the Broken Blade", "{2}{W}{W}")):
        front = copy.deepcopy(brisela)
        front.update(name=name, mana_cost=cost, type_line="Legendary Creature — Angel Horror")
        fronts.append(front)
    return [fronts[0], brisela, fronts[1]]


def test_a_meld_result_is_no_card_record_and_its_meld_cards_are_cards() -> None:
    """The melded back face is listed as a card of its own (layout meld, the "meld_result" of its
    all_parts), but it is the backs of two cards (CR 712.4): kept by name with its meld cards,
    which stay card records; with no meld cards in its own all_parts, those that name it are kept."""
    records, stats = convert(meld_objects())
    assert sorted(records) == ["Bruna, the Fading Light", "Gisela, the Broken Blade"]
    assert all(record["layout"] == "meld" for record in records.values())
    (meld,) = stats.non_deck_cards()
    assert (meld.name, meld.kind, meld.parts) == (
        "Brisela, Voice of Nightmares",
        "meld result",
        ("Bruna, the Fading Light", "Gisela, the Broken Blade"),
    )
    assert meld.described == "the melded back face of Bruna, the Fading Light and Gisela, the Broken Blade"
    objects = meld_objects()
    objects[1]["all_parts"] = [p for p in objects[1]["all_parts"] if p["component"] == "meld_result"]
    (learned,) = convert(objects)[1].non_deck_cards()
    assert learned.parts == meld.parts
    unnamed = copy.deepcopy(objects[1])
    del unnamed["all_parts"]  # nothing says it is a meld result: kept as the card data gives it
    assert [r["name"] for r in records_from_scryfall([unnamed])] == ["Brisela, Voice of Nightmares"]


def test_unknown_layouts_are_kept() -> None:
    obj = copy.deepcopy(sample_cards()[0])
    obj["layout"] = "prepare"  # new in 2026: an open enum
    (record,) = list(records_from_scryfall([obj]))
    assert record["layout"] == "prepare"


def test_non_card_objects_are_skipped() -> None:
    stats = ConversionStats()
    assert list(records_from_scryfall([{"object": "ruling", "comment": "x"}], stats=stats)) == []
    assert stats.skipped == {"object:ruling": 1}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": ""}, "without a name"),
        ({"card_faces": []}, "card_faces"),
        ({"card_faces": ["Fire"]}, "not an object"),
        ({"legalities": ["modern"]}, "legalities must be an object"),
        ({"color_identity": "R"}, "color_identity must be a list"),
        ({"keywords": "Flying"}, "keywords must be a list"),
        ({"layout": "meld", "all_parts": {"name": "Bolt"}}, "'all_parts' must be a list of objects"),
    ],
)
def test_malformed_objects_raise_a_clear_error(change: dict[str, Any], message: str) -> None:
    obj = copy.deepcopy(sample_cards()[0])
    obj.update(change)
    with pytest.raises(ScryfallObjectError, match=message) as caught:
        list(records_from_scryfall([obj]))
    assert isinstance(caught.value, CardDataError)


def test_a_face_with_a_bad_cost_names_the_card() -> None:
    fire_ice = copy.deepcopy(next(o for o in sample_cards() if o["name"] == "Fire // Ice"))
    fire_ice["card_faces"][0]["mana_cost"] = "1R"
    with pytest.raises(ScryfallObjectError, match=r"Fire // Ice.*outside"):
        list(records_from_scryfall([fire_ice]))


def test_conversion_is_lazy() -> None:
    """A generator: a 38k-card file is converted while it streams, never held whole."""

    def objects() -> Any:
        yield sample_cards()[0]
        raise AssertionError("read past the first object")

    first = next(iter(records_from_scryfall(objects())))
    assert first["name"] == "Lightning Bolt"
