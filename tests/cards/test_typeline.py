"""Type-line parser: CR 205 lists, odd historical and exporter forms, unknown words reported."""

from __future__ import annotations

import json

import pytest

from deckcheck.cards.typeline import parse_faces, parse_type_line, split_faces


@pytest.mark.parametrize(
    "text",
    [
        "Legendary Creature — Elemental Elk",
        "Legendary Creature -- Elemental Elk",
        "Legendary Creature - Elemental Elk",
        "Legendary Creature – Elemental Elk",
        "Legendary Creature Elemental Elk",  # Forge's dashless form
        "legendary creature — elemental elk",
    ],
)
def test_dash_forms_parse_the_same(text: str) -> None:
    line = parse_type_line(text)
    assert line.supertypes == {"Legendary"}
    assert line.types == {"Creature"}
    assert line.subtypes == ("Elemental", "Elk")
    assert line.unknown == ()


def test_hyphenated_subtype_is_not_a_separator() -> None:
    line = parse_type_line("Artifact Creature — Assembly-Worker")
    assert line.types == {"Artifact", "Creature"}
    assert line.subtypes == ("Assembly-Worker",)
    assert line.unknown == ()


def test_two_word_creature_type() -> None:
    line = parse_type_line("Legendary Creature — Time Lord Doctor")
    assert line.subtypes == ("Time Lord", "Doctor")
    assert line.unknown == ()


def test_tribal_reads_as_kindred() -> None:
    line = parse_type_line("Tribal Instant — Goblin")
    assert line.types == {"Kindred", "Instant"}
    assert line.subtypes == ("Goblin",)
    assert not line.is_permanent


def test_kindred_permanent_is_a_permanent() -> None:
    assert parse_type_line("Kindred Enchantment — Faerie").is_permanent


def test_planeswalker_types_are_their_own_list() -> None:
    line = parse_type_line("Legendary Planeswalker — Jace")
    assert line.subtypes == ("Jace",)
    assert line.unknown == ()
    # "Jace" is not a creature type: on a creature it is an unknown word.
    assert parse_type_line("Creature — Jace").unknown == ("Jace",)


def test_pre_ixalan_planeswalker_is_legendary() -> None:
    line = parse_type_line("Planeswalker -- Garruk")
    assert line.is_legendary


def test_basic_snow_land() -> None:
    line = parse_type_line("Basic Snow Land — Island")
    assert line.is_basic and line.is_land
    assert line.supertypes == {"Basic", "Snow"}
    assert line.subtypes == ("Island",)


def test_curly_apostrophe_subtype() -> None:
    line = parse_type_line("Land — Urza’s Tower")
    assert line.subtypes == ("Urza's", "Tower")
    assert line.unknown == ()


def test_battle_and_plane() -> None:
    assert parse_type_line("Battle — Siege").subtypes == ("Siege",)
    plane = parse_type_line("Plane — Serra's Realm")
    assert plane.subtypes == ("Serra's Realm",)


def test_unknown_words_are_reported_not_guessed() -> None:
    line = parse_type_line("Legendary Creature — Elf Wizzard")
    assert line.unknown == ("Wizzard",)
    assert parse_type_line("Legendery Creature — Elf").unknown == ("Legendery",)


def test_multi_face_lines() -> None:
    assert split_faces("Creature — Faerie Rogue // Instant — Adventure") == [
        "Creature — Faerie Rogue",
        "Instant — Adventure",
    ]
    faces = parse_faces("Instant // Instant")
    assert [f.types for f in faces] == [{"Instant"}, {"Instant"}]
    assert faces[0].union(faces[1]).types == {"Instant"}


def test_empty_line() -> None:
    assert parse_type_line("").types == frozenset()


@pytest.mark.realdata
def test_real_type_lines_parse_without_unknown_words(atomic_cards_path) -> None:  # type: ignore[no-untyped-def]
    """Every type line of every real card legal somewhere (MTGJSON, April 2022) parses to MTGJSON's
    own types with no unknown word. Cards legal in no format (Un-cards, Hero's Path challenge cards,
    one-off promos) are counted and printed, not asserted."""
    import gzip

    with gzip.open(atomic_cards_path, "rt", encoding="utf-8") as handle:
        data = json.load(handle)["data"]
    parsed = 0
    unknown: dict[str, list[str]] = {}
    oddities: dict[str, list[str]] = {}
    for faces in data.values():
        for face in faces:
            if face.get("isFunny") or face.get("layout") in {"token", "art_series", "emblem"}:
                continue
            line = parse_type_line(face["type"])
            if not face.get("legalities"):
                for word in line.unknown:
                    oddities.setdefault(word, []).append(face["name"])
                continue
            parsed += 1
            expected_types = {("Kindred" if t == "Tribal" else t) for t in face["types"]}
            assert line.types == expected_types, face["type"]
            assert line.supertypes >= set(face["supertypes"]), face["type"]
            for word in line.unknown:
                unknown.setdefault(word, []).append(face["name"])
    print(
        f"parsed {parsed} real type lines; unknown words: {len(unknown)}; "
        f"in cards legal nowhere: {dict((k, v[:2]) for k, v in oddities.items())}"
    )
    assert parsed > 20000
    assert unknown == {}
