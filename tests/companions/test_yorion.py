"""Yorion: "Your starting deck contains at least twenty cards more than the minimum deck size."."""

from __future__ import annotations

from deckcheck.deck import Zone
from tests.companions.cards import BRAWL, COMMANDER, LIMITED, MODERN, codes, deck, lands, result


def test_eighty_cards_in_constructed() -> None:
    assert result(deck(*lands(80, "Plains", "Island")), MODERN, "Yorion").eligible


def test_add_count_for_a_near_miss() -> None:
    r = result(deck(*lands(79, "Plains")), MODERN, "Yorion")
    assert not r.eligible and r.add == 1 and r.near_miss
    assert "needs 80 (60 + 20): add 1" in r.note


def test_sixty_cards_need_twenty_more_and_sideboard_does_not_count() -> None:
    d = deck(*lands(60, "Plains"), (15, "Lightning Bolt", Zone.SIDEBOARD))
    r = result(d, MODERN, "Yorion")
    assert r.add == 20 and not r.near_miss


def test_limited_minimum_is_forty() -> None:
    assert result(deck(*lands(60, "Plains")), LIMITED, "Yorion").eligible
    assert result(deck(*lands(58, "Plains")), LIMITED, "Yorion").add == 2


def test_never_in_fixed_size_formats() -> None:
    for spec, size in ((COMMANDER, 100), (BRAWL, 60)):
        d = deck((1, "Niv-Mizzet Reborn", Zone.COMMANDER), *lands(size - 1, "Plains"))
        r = result(d, spec, "Yorion")
        assert not r.eligible and r.add == 0
        assert any("can never" in p for p in r.placement)


def test_declared_in_commander_is_dc407_not_dc401() -> None:
    d = deck(
        (1, "Niv-Mizzet Reborn", Zone.COMMANDER),
        *lands(99, "Plains"),
        (1, "Yorion, Sky Nomad", Zone.COMPANION),
    )
    found = codes(d, COMMANDER)
    assert "DC407" in found and "DC401" not in found
