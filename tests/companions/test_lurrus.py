"""Lurrus: "Each permanent card in your starting deck has mana value 2 or less."."""

from __future__ import annotations

import pytest

from deckcheck.findings import Severity
from tests.companions.cards import MODERN, deck, findings, lands, result


@pytest.mark.parametrize(
    ("name", "passes"),
    [
        ("Bonecrusher Giant // Stomp", False),  # a creature card with MV 3 (its Adventure costs 2)
        ("Phyrexian Fleshgorger", False),  # MV 7: its prototype cost (3) is not its mana cost (CR 718.4)
        ("Dirgur Island Dragon // Skimming Strike", False),  # MV 6: the Omen costs 2 (CR 720.4)
        ("Case of the Uneaten Feast", True),  # an enchantment card with MV 1
        ("Kitchen Finks", False),
        ("Tarmogoyf", True),
        ("Walking Ballista", True),  # X = 0
        ("Valki, God of Lies // Tibalt, Cosmic Impostor", True),  # MDFC front MV 2
        ("Emeria's Call // Emeria, Shattered Skyclave", True),  # sorcery front: not a permanent card
        ("Sejiri Shelter // Sejiri Glacier", True),  # instant front
        ("Treasure Cruise", True),  # instants and sorceries may have any MV
        ("Lightning Bolt", True),
        ("Bottomless Pool // Locker Room", False),  # a Room is a permanent card with MV 6
        ("Invasion of Tarkir // Defiant Thundermaw", True),  # a battle: permanent, MV 2
        ("Urza's Saga", True),  # lands have MV 0
        ("Ugin, the Spirit Dragon", False),
        ("Grist, the Hunger Tide", False),
    ],
)
def test_permanent_mana_values(name: str, passes: bool) -> None:
    d = deck((4, name), *lands(56, "Plains", "Swamp"))
    assert result(d, MODERN, "Lurrus").eligible is passes


def test_near_miss_cut_is_the_breaking_cards() -> None:
    d = deck(
        (4, "Tarmogoyf"), (2, "Bonecrusher Giant // Stomp"), (4, "Lightning Bolt"), *lands(50, "Mountain")
    )
    r = result(d, MODERN, "Lurrus")
    assert not r.eligible
    assert r.cut == (("Bonecrusher Giant // Stomp", 2),)
    assert r.near_miss
    near = [f for f in findings(d, MODERN) if f.code == "DC413" and f.card == "Lurrus of the Dream-Den"]
    assert len(near) == 1 and near[0].severity is Severity.INFO
    assert near[0].message.startswith(
        "replace 2 Bonecrusher Giant // Stomp (cutting leaves 58 cards, below the minimum of 60)"
    )


def test_near_miss_says_cut_when_the_deck_stays_big_enough() -> None:
    d = deck((4, "Tarmogoyf"), (2, "Bonecrusher Giant // Stomp"), *lands(58, "Mountain"))
    (near,) = [f for f in findings(d, MODERN) if f.code == "DC413" and f.card == "Lurrus of the Dream-Den"]
    assert near.message.startswith("cut 2 Bonecrusher Giant // Stomp and the deck qualifies")


def test_far_miss_is_not_reported_as_near() -> None:
    d = deck((12, "Kitchen Finks"), *lands(48, "Forest"))
    assert not result(d, MODERN, "Lurrus").near_miss
    assert not any(f.code == "DC413" and f.card == "Lurrus of the Dream-Den" for f in findings(d, MODERN))


def test_cut_note_warns_when_the_deck_would_be_too_small() -> None:
    d = deck((2, "Bonecrusher Giant // Stomp"), *lands(58, "Mountain"))
    assert "below Modern's minimum of 60" in result(d, MODERN, "Lurrus").note


def test_a_replace_hint_that_leaves_one_card_says_card() -> None:
    """ "cutting leaves 1 cards" was printed for a deck of one card beside the four to replace."""
    from deckcheck.rules.companions import change_text

    d = deck((4, "Kitchen Finks"), *lands(1, "Plains"))
    r = result(d, MODERN, "Lurrus")
    assert change_text(r, 5, MODERN) == (
        "replace 4 Kitchen Finks (cutting leaves 1 card, below the minimum of 60)"
    )
