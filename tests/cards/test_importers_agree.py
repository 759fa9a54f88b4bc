"""Both importers make the same card of the same real card, for the card kinds printed after the
2022 card file: a Room (Scryfall's and MTGJSON's layout "split", CR 709.5), an Omen (written as an
adventure, CR 720.4), a prototype card (one face, CR 718.4) and a battle (Scryfall's layout "battle",
MTGJSON's "transform"). Each object is written by hand in the source's own shape: a Scryfall card
object (faces under ``card_faces``, a split card's faces without colours) and an MTGJSON
AtomicCards entry (one object per face, ``faceName`` and ``side``)."""

from __future__ import annotations

from typing import Any

import pytest

from deckcheck.card_facts import facts_of, facts_record
from deckcheck.cards.model import Card
from deckcheck.cards.mtgjson import record_from_atomic_entry
from deckcheck.cards.records import card_from_record
from deckcheck.cards.scryfall import record_from_scryfall

LEGAL = ("legacy", "commander")


def _scryfall(
    name: str, layout: str, faces: list[dict[str, Any]], identity: list[str], colours: list[str], cmc: float
) -> dict[str, Any]:
    card: dict[str, Any] = {
        "object": "card",
        "name": name,
        "layout": layout,
        "cmc": cmc,
        "colors": colours,
        "color_identity": identity,
        "keywords": [],
        "legalities": {key: "legal" for key in LEGAL},
    }
    if len(faces) == 1:
        card.update({k: v for k, v in faces[0].items() if k != "colors"})
        return card
    card["mana_cost"] = " // ".join(face.get("mana_cost", "") for face in faces)
    card["type_line"] = " // ".join(face["type_line"] for face in faces)
    card["card_faces"] = [
        {"object": "card_face", **{k: v for k, v in face.items() if layout != "split" or k != "colors"}}
        for face in faces
    ]
    return card


def _mtgjson(
    name: str, layout: str, faces: list[dict[str, Any]], identity: list[str], mana_value: float
) -> list[dict[str, Any]]:
    entry = []
    for side, face in zip("ab", faces, strict=False):
        item: dict[str, Any] = {
            "name": name,
            "layout": layout,
            "manaValue": mana_value,
            "colorIdentity": identity,
            "colors": face.get("colors", []),
            "type": face["type_line"],
            "text": face["oracle_text"],
            "legalities": {key: "Legal" for key in LEGAL},
        }
        if face.get("mana_cost"):
            item["manaCost"] = face["mana_cost"]
        if "color_indicator" in face:
            item["colorIndicator"] = face["color_indicator"]
        for stat in ("power", "toughness", "defense"):
            if stat in face:
                item[stat] = face[stat]
        if len(faces) > 1:
            item.update(faceName=face["name"], side=side)
        entry.append(item)
    return entry


ROOM_REMINDER = (
    "(You may cast either half. That door unlocks on the battlefield. As a sorcery, you may pay the "
    "mana cost of a locked door to unlock it.)"
)
# name, Scryfall layout, MTGJSON layout, faces, colour identity, the card's colours, mana value
CASES = {
    "room": (
        "Ticket Booth // Tunnel of Hate",
        "split",
        "split",
        [
            {
                "name": "Ticket Booth",
                "mana_cost": "{2}{R}",
                "type_line": "Enchantment — Room",
                "oracle_text": f"When you unlock this door, manifest dread.\n{ROOM_REMINDER}",
                "colors": ["R"],
            },
            {
                "name": "Tunnel of Hate",
                "mana_cost": "{4}{R}{R}",
                "type_line": "Enchantment — Room",
                "oracle_text": "Whenever you attack, target attacking creature gains double strike until end "
                f"of turn.\n{ROOM_REMINDER}",
                "colors": ["R"],
            },
        ],
        ["R"],
        ["R"],
        9.0,
    ),
    "omen": (
        "Dirgur Island Dragon // Skimming Strike",
        "adventure",
        "adventure",
        [
            {
                "name": "Dirgur Island Dragon",
                "mana_cost": "{5}{U}",
                "type_line": "Creature — Dragon",
                "oracle_text": "Flying\nWard {2}",
                "colors": ["U"],
                "power": "4",
                "toughness": "4",
            },
            {
                "name": "Skimming Strike",
                "mana_cost": "{1}{U}",
                "type_line": "Instant — Omen",
                "oracle_text": "Tap up to one target creature. Draw a card. (Then shuffle this card into "
                "its owner's library.)",
                "colors": ["U"],
            },
        ],
        ["U"],
        ["U"],
        6.0,
    ),
    "prototype": (
        "Phyrexian Fleshgorger",
        "prototype",
        "prototype",
        [
            {
                "name": "Phyrexian Fleshgorger",
                "mana_cost": "{7}",
                "type_line": "Artifact Creature — Phyrexian Wurm",
                "oracle_text": "Prototype {1}{B}{B} — 3/3 (You may cast this spell with different mana cost, "
                "color, and size. It keeps its abilities and types.)\nMenace, lifelink\nWard—Pay life equal "
                "to Phyrexian Fleshgorger's power.",
                "colors": [],
                "power": "7",
                "toughness": "5",
            }
        ],
        ["B"],
        [],
        7.0,
    ),
    "battle": (
        "Invasion of Zendikar // Awakened Skyclave",
        "battle",
        "transform",
        [
            {
                "name": "Invasion of Zendikar",
                "mana_cost": "{3}{G}",
                "type_line": "Battle — Siege",
                "oracle_text": "When Invasion of Zendikar enters, search your library for up to two basic "
                "land cards, put them onto the battlefield tapped, then shuffle.",
                "colors": ["G"],
                "defense": "3",
            },
            {
                "name": "Awakened Skyclave",
                "type_line": "Creature — Elemental",
                "oracle_text": "Vigilance, haste\nAs long as Awakened Skyclave is on the battlefield, it's a "
                "land in addition to its other types.\n{T}: Add one mana of any color.",
                "colors": ["G"],
                "color_indicator": ["G"],
                "power": "4",
                "toughness": "4",
            },
        ],
        ["G"],
        ["G"],
        4.0,
    ),
}


def _both(kind: str) -> tuple[Card, Card]:
    name, scryfall_layout, mtgjson_layout, faces, identity, colours, mana_value = CASES[kind]
    from_scryfall = record_from_scryfall(
        _scryfall(name, scryfall_layout, faces, identity, colours, mana_value)
    )
    from_mtgjson = record_from_atomic_entry(name, _mtgjson(name, mtgjson_layout, faces, identity, mana_value))
    assert from_scryfall is not None and from_mtgjson is not None
    return card_from_record(from_scryfall), card_from_record(from_mtgjson)


@pytest.mark.parametrize("kind", sorted(CASES))
def test_the_same_card_from_either_source(kind: str) -> None:
    scryfall, mtgjson = _both(kind)
    assert scryfall.faces == mtgjson.faces
    assert (scryfall.name, scryfall.color_identity, scryfall.legalities) == (
        mtgjson.name,
        mtgjson.color_identity,
        mtgjson.legalities,
    )
    # the layouts may be named differently (a battle); the faces that count in the deck may not
    assert scryfall.deck_faces == mtgjson.deck_faces
    assert facts_record(facts_of(scryfall)) == facts_record(facts_of(mtgjson))


@pytest.mark.parametrize(
    ("kind", "mana_value", "names", "card_types"),
    [
        ("room", 9, {"Ticket Booth", "Tunnel of Hate"}, {"Enchantment"}),  # doors combined (709.4)
        ("omen", 6, {"Dirgur Island Dragon // Skimming Strike"}, {"Creature"}),  # the Dragon only (720.4)
        ("prototype", 7, {"Phyrexian Fleshgorger"}, {"Artifact", "Creature"}),  # the normal cost (718.4)
        ("battle", 4, {"Invasion of Zendikar // Awakened Skyclave"}, {"Battle"}),  # the front (712.8a)
    ],
)
def test_what_the_deck_sees(kind: str, mana_value: int, names: set[str], card_types: set[str]) -> None:
    card, _ = _both(kind)
    facts = facts_of(card)
    assert (facts.mana_value, facts.names, facts.card_types) == (mana_value, names, card_types)
