"""Keruga: "Your starting deck contains only cards with mana value 3 or greater and land cards."."""

from __future__ import annotations

import pytest

from tests.companions.cards import MODERN, deck, lands, result


@pytest.mark.parametrize(
    ("name", "passes"),
    [
        ("Island", True),
        ("Dryad Arbor", True),  # a land card (and a creature): exempt as a land
        ("Urza's Saga", True),  # enchantment land
        ("Clearwater Pathway // Murkwater Pathway", True),  # land front face
        (
            "Sejiri Shelter // Sejiri Glacier",
            False,
        ),  # spell // land MDFC is a nonland card (ZNR release notes)
        ("Emeria's Call // Emeria, Shattered Skyclave", True),  # nonland, front MV 7
        ("Bottomless Pool // Locker Room", True),  # Room: both doors' costs, 1 + 5 = 6
        ("Surgical Suite // Hospital Room", True),  # 2 + 4
        ("Fire // Ice", True),  # 4
        ("Walking Ballista", False),  # X = 0
        ("Pact of Negation", False),  # {0}
        ("Lightning Bolt", False),
        ("Bonecrusher Giant // Stomp", True),  # 3, the creature half
        ("Kitchen Finks", True),  # {1}{G/W}{G/W}: 3
        ("Invasion of Tarkir // Defiant Thundermaw", False),  # battle front MV 2
    ],
)
def test_threshold_per_layout(name: str, passes: bool) -> None:
    d = deck((4, name), *lands(56, "Forest"))
    assert result(d, MODERN, "Keruga").eligible is passes


def test_reason_names_the_mana_value() -> None:
    d = deck((4, "Sejiri Shelter // Sejiri Glacier"), (4, "Treasure Cruise"), *lands(52, "Island"))
    (b,) = result(d, MODERN, "Keruga").breakers
    assert b.card == "Sejiri Shelter // Sejiri Glacier"
    assert b.reason == "nonland card with mana value 2"
