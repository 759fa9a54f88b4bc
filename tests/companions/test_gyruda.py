"""Gyruda: "Your starting deck contains only cards with even mana values." (its Oracle text)"""

from __future__ import annotations

import pytest

from deckcheck.deck import Zone
from tests.companions.cards import MODERN, breaker_names, deck, lands, result


def test_even_deck_with_lands_qualifies() -> None:
    d = deck(
        (4, "Counterspell"), (4, "Treasure Cruise"), (4, "Fire // Ice"), *lands(48, "Island", "Mountain")
    )
    r = result(d, MODERN, "Gyruda")
    assert r.eligible and r.breakers == () and r.cut == ()


@pytest.mark.parametrize(
    ("name", "passes"),
    [
        ("Island", True),  # lands have mana value 0, which is even
        ("Walking Ballista", True),  # {X}{X}: X is 0 outside the stack
        ("Ornithopter", True),  # {0}
        ("Fire // Ice", True),  # split: 2 + 2 = 4
        ("Wear // Tear", False),  # split: 2 + 1 = 3
        ("Emeria's Call // Emeria, Shattered Skyclave", False),  # MDFC: front face MV 7
        ("Sejiri Shelter // Sejiri Glacier", True),  # MDFC: front face MV 2
        ("Clearwater Pathway // Murkwater Pathway", True),
        ("Bonecrusher Giant // Stomp", False),  # adventurer: the creature's MV 3
        ("Beanstalk Giant // Fertile Footsteps", False),  # 7, not the adventure's 3
        ("Delver of Secrets // Insectile Aberration", False),  # transform: front MV 1
        ("Lightning Bolt", False),
        ("Spectral Procession", True),  # {2/W} x3 counts 6
        ("Dismember", False),  # Phyrexian symbols count 1 each: 3
    ],
)
def test_mana_value_parity_per_layout(name: str, passes: bool) -> None:
    d = deck((1, name), *lands(59, "Island"))
    assert result(d, MODERN, "Gyruda").eligible is passes


def test_breaker_names_card_line_zone_and_reason() -> None:
    d = deck((4, "Counterspell"), (3, "Lightning Bolt"), *lands(53, "Island"))
    r = result(d, MODERN, "Gyruda")
    assert not r.eligible
    (b,) = r.breakers
    assert (b.card, b.line, b.zone, b.quantity) == ("Lightning Bolt", 2, "main", 3)
    assert b.reason == "mana value 1 is odd"
    assert r.cut == (("Lightning Bolt", 3),)


def test_same_card_on_two_lines_is_two_breakers_and_one_cut() -> None:
    d = deck((2, "Lightning Bolt"), *lands(56, "Island"), (2, "Lightning Bolt"))
    r = result(d, MODERN, "Gyruda")
    assert [b.line for b in r.breakers] == [1, 3]
    assert r.cut == (("Lightning Bolt", 4),)


def test_sideboard_and_maybeboard_are_not_the_starting_deck() -> None:
    d = deck(
        (4, "Counterspell"),
        *lands(56, "Island"),
        (4, "Lightning Bolt", Zone.SIDEBOARD),
        (4, "Thoughtseize", Zone.MAYBEBOARD),
    )
    assert result(d, MODERN, "Gyruda").eligible


def test_every_odd_card_is_listed() -> None:
    d = deck((4, "Lightning Bolt"), (4, "Thoughtseize"), (4, "Counterspell"), *lands(48, "Island"))
    assert breaker_names(result(d, MODERN, "Gyruda")) == ["Lightning Bolt", "Thoughtseize"]
