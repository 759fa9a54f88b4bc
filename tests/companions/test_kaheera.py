"""Kaheera: "Each creature card in your starting deck is a Cat, Elemental, Nightmare, Dinosaur, or Beast
card."."""

from __future__ import annotations

import pytest

from tests.companions.cards import MODERN, deck, lands, result


@pytest.mark.parametrize(
    ("name", "passes"),
    [
        ("Savannah Lions", True),  # Cat
        ("Ajani's Pridemate", True),  # Cat Soldier: extra types are fine
        ("Questing Beast", True),
        ("Lovestruck Beast // Heart's Desire", True),  # adventurer: the Beast Noble creature
        ("Dirgur Island Dragon // Skimming Strike", False),  # an Omen card: its Dragon creature (CR 720.4)
        ("Hellspark Elemental", True),
        ("Changeling Outcast", True),  # changeling is every creature type (CR 702.73a), even in the deck
        ("Mistform Ultimus", True),  # "is every creature type (even if this card isn't on the battlefield)"
        ("Grizzly Bears", False),
        ("Delver of Secrets // Insectile Aberration", False),  # Human Wizard front
        ("Valki, God of Lies // Tibalt, Cosmic Impostor", False),  # God
        ("Grist, the Hunger Tide", False),  # a 1/1 Insect creature card outside the battlefield
        ("Dryad Arbor", False),  # a land creature card: a Dryad
        ("Ornithopter", False),  # artifact creature: Thopter
        ("Bitterblossom", True),  # kindred enchantment: not a creature card
        ("Nameless Inversion", True),  # kindred instant
        ("Smuggler's Copter", True),  # an uncrewed Vehicle is not a creature card
        ("Invasion of Tarkir // Defiant Thundermaw", True),  # battle front; the Dragon back face is ignored
        ("Lightning Bolt", True),
    ],
)
def test_creature_types(name: str, passes: bool) -> None:
    d = deck((4, name), *lands(56, "Forest"))
    assert result(d, MODERN, "Kaheera").eligible is passes


def test_a_mix_of_the_five_types_qualifies() -> None:
    d = deck(
        (4, "Savannah Lions"),
        (4, "Questing Beast"),
        (4, "Hellspark Elemental"),
        (4, "Changeling Outcast"),
        *lands(44, "Plains", "Forest"),
    )
    assert result(d, MODERN, "Kaheera").eligible


def test_reason_lists_the_creature_types() -> None:
    d = deck((4, "Savannah Lions"), (2, "Grist, the Hunger Tide"), *lands(54, "Forest"))
    (b,) = result(d, MODERN, "Kaheera").breakers
    assert b.card == "Grist, the Hunger Tide"
    assert "Insect" in b.reason and "not a Cat" in b.reason
