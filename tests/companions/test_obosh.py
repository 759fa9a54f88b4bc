"""Obosh: "Your starting deck contains only cards with odd mana values and land cards."."""

from __future__ import annotations

import pytest

from tests.companions.cards import MODERN, deck, lands, result


@pytest.mark.parametrize(
    ("name", "passes"),
    [
        ("Mountain", True),
        ("Clearwater Pathway // Murkwater Pathway", True),
        ("Lightning Bolt", True),
        ("Kitchen Finks", True),
        ("Wear // Tear", True),  # 2 + 1
        ("Bonecrusher Giant // Stomp", True),  # creature half 3, not Stomp's 2
        ("Counterspell", False),
        ("Collision // Colossus", False),  # 2 + 2
        ("Sejiri Shelter // Sejiri Glacier", False),  # nonland MDFC, front MV 2
        ("Bottomless Pool // Locker Room", False),  # Room total 6 even though each door is odd
        ("Pact of Negation", False),  # 0 is even
        ("Ornithopter", False),
        ("Walking Ballista", False),  # X = 0
        ("Delver of Secrets // Insectile Aberration", True),  # front face MV 1
    ],
)
def test_odd_or_land(name: str, passes: bool) -> None:
    d = deck((4, name), *lands(56, "Mountain"))
    assert result(d, MODERN, "Obosh").eligible is passes


def test_zero_is_even_for_obosh() -> None:
    d = deck((4, "Pact of Negation"), *lands(56, "Island"))
    (b,) = result(d, MODERN, "Obosh").breakers
    assert b.reason == "nonland card with even mana value 0"
