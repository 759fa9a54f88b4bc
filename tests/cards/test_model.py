"""Deck-zone characteristics per layout (CR 202.3, 709.4, 712.8a, 715.4)."""

from __future__ import annotations

import pytest

from deckcheck.cards.records import card_from_record
from deckcheck.errors import CardDataError
from tests.cardfactory import card, face, record

FIRE_ICE = card(
    "Fire // Ice",
    layout="split",
    faces=[
        face(
            "Fire", "{1}{R}", "Instant", "Fire deals 2 damage divided as you choose among one or two targets."
        ),
        face("Ice", "{1}{U}", "Instant", "Tap target permanent.\nDraw a card."),
    ],
    identity=["R", "U"],
)
BONECRUSHER = card(
    "Bonecrusher Giant // Stomp",
    layout="adventure",
    faces=[
        face(
            "Bonecrusher Giant",
            "{2}{R}",
            "Creature — Giant",
            "Whenever Bonecrusher Giant becomes the target...",
        ),
        face("Stomp", "{1}{R}", "Instant — Adventure", "Damage can't be prevented this turn."),
    ],
    identity=["R"],
)
SEJIRI = card(
    "Sejiri Shelter // Sejiri Glacier",
    layout="modal_dfc",
    faces=[
        face("Sejiri Shelter", "{1}{W}", "Instant", "Target creature you control gains protection..."),
        face("Sejiri Glacier", None, "Land", "Sejiri Glacier enters tapped.\n{T}: Add {W}."),
    ],
    identity=["W"],
)
PATHWAY = card(
    "Riverglide Pathway // Lavaglide Pathway",
    layout="modal_dfc",
    faces=[
        face("Riverglide Pathway", None, "Land", "{T}: Add {U}."),
        face("Lavaglide Pathway", None, "Land"),
    ],
)
DELVER = card(
    "Delver of Secrets // Insectile Aberration",
    layout="transform",
    faces=[
        face("Delver of Secrets", "{U}", "Creature — Human Wizard"),
        face("Insectile Aberration", None, "Creature — Human Insect", "Flying"),
    ],
)
ROOM = card(
    "Bottomless Pool // Locker Room",
    layout="split",
    faces=[
        face("Bottomless Pool", "{U}", "Enchantment — Room"),
        face("Locker Room", "{4}{U}", "Enchantment — Room"),
    ],
)


def test_split_card_combines_halves() -> None:
    assert FIRE_ICE.mana_value == 4
    assert FIRE_ICE.cost_symbols == ("1", "R", "1", "U")
    assert FIRE_ICE.names == {"Fire", "Ice"}
    assert FIRE_ICE.deck_types.types == {"Instant"}
    assert not FIRE_ICE.is_permanent


def test_room_is_a_split_card() -> None:
    assert ROOM.mana_value == 6
    assert ROOM.is_permanent


def test_adventurer_has_only_its_normal_characteristics() -> None:
    assert BONECRUSHER.mana_value == 3
    assert BONECRUSHER.cost_symbols == ("2", "R")
    assert BONECRUSHER.is_creature
    assert "Instant" not in BONECRUSHER.deck_types.types
    assert BONECRUSHER.names == {"Bonecrusher Giant // Stomp"}


def test_spell_land_mdfc_is_a_nonland_card() -> None:
    assert not SEJIRI.is_land
    assert SEJIRI.mana_value == 2
    assert not SEJIRI.is_permanent


def test_land_front_mdfc_is_a_land() -> None:
    assert PATHWAY.is_land
    assert PATHWAY.mana_value == 0
    assert not PATHWAY.has_mana_cost


def test_transform_uses_front_face() -> None:
    assert DELVER.mana_value == 1
    assert DELVER.deck_types.subtypes == ("Human", "Wizard")
    assert "Flying" not in DELVER.oracle_text
    assert "Flying" in DELVER.all_text


def test_changeling_detection_ignores_reminder_text() -> None:
    outcast = card(
        "Changeling Outcast",
        "{B}",
        "Creature — Shapeshifter",
        "Changeling (This card is every creature type.)\n"
        "Changeling Outcast can't block and can't be blocked.",
    )
    assert outcast.is_changeling
    mistform = card(
        "Mistform Ultimus",
        "{3}{U}",
        "Legendary Creature — Illusion",
        "Mistform Ultimus is every creature type (even if this card isn't on the battlefield).",
    )
    assert mistform.is_changeling
    bear = card("Grizzly Bears", "{1}{G}", "Creature — Bear")
    assert not bear.is_changeling


def test_old_planeswalker_form_reads_as_legendary() -> None:
    garruk = card("Garruk Wildspeaker", "{2}{G}{G}", "Planeswalker -- Garruk")
    assert garruk.is_legendary
    assert garruk.deck_types.subtypes == ("Garruk",)


def test_legality_defaults_to_not_legal() -> None:
    bolt = card("Lightning Bolt", "{R}", "Instant", legal={"modern": "legal"})
    assert bolt.legality("modern") == "legal"
    assert bolt.legality("standard") == "not_legal"


@pytest.mark.parametrize(
    "bad",
    [
        {"faces": []},
        {"name": "X", "faces": []},
        {"name": "X", "faces": [{"name": "X", "mana_cost": "2RR"}]},
        {"name": "X", "faces": [{"name": "X"}], "color_identity": ["Q"]},
        {"name": "X", "faces": [{"name": "X"}], "legalities": {"modern": "allowed"}},
        "not a record",
    ],
)
def test_bad_records_raise_card_data_error(bad: object) -> None:
    with pytest.raises(CardDataError):
        card_from_record(bad)  # type: ignore[arg-type]


def test_record_round_trip_keeps_fields() -> None:
    rec = record(
        "Lurrus of the Dream-Den", "{1}{W/B}{W/B}", "Legendary Creature — Cat Nightmare", identity=["W", "B"]
    )
    built = card_from_record(rec)
    assert built.color_identity == {"W", "B"}
    assert built.mana_value == 3
    assert built.is_legendary and built.is_creature


def test_off_battlefield_types_count_in_the_deck() -> None:
    grist = card(
        "Grist, the Hunger Tide",
        "{1}{B}{G}",
        "Legendary Planeswalker — Grist",
        "As long as Grist, the Hunger Tide isn't on the battlefield, it's a 1/1 Insect creature in "
        "addition to its other types.\n+1: Create a 1/1 black and green Insect creature token.",
    )
    assert grist.deck_types.types == {"Planeswalker", "Creature"}
    assert grist.deck_types.subtypes == ("Grist", "Insect")
    assert grist.deck_types.unknown == ()


def test_making_others_every_creature_type_is_not_changeling() -> None:
    omo = card(
        "Omo, Queen of Vesuva",
        "{2}{G}{U}",
        "Legendary Creature — Shapeshifter Noble",
        "Each nonland creature with an everything counter on it is every creature type.",
    )
    assert not omo.is_changeling
