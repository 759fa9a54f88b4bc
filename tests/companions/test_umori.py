"""Umori: "Each nonland card in your starting deck shares a card type." One card type (CR 205.2a, so
kindred and battle count; supertypes and subtypes do not) that every nonland card has."""

from __future__ import annotations

import pytest

from deckcheck.rules.companions import umori_preference
from tests.companions.cards import MODERN, breaker_names, deck, findings, lands, result


@pytest.mark.parametrize(
    ("names", "passes"),
    [
        (
            ["Ornithopter", "Grizzly Bears"],
            True,
        ),  # artifact creature + creature share Creature (CS571 got it wrong)
        (["Tormod's Crypt", "Grizzly Bears"], False),  # artifact vs creature: nothing shared
        (["Ornithopter", "Tormod's Crypt", "Grizzly Bears"], False),  # the release-notes example
        (["Ornithopter", "Memnite", "Walking Ballista"], True),
        (["Nameless Inversion", "Bitterblossom"], True),  # both Kindred
        (["Invasion of Tarkir // Defiant Thundermaw"], True),
        (
            ["Invasion of Tarkir // Defiant Thundermaw", "Grizzly Bears"],
            False,
        ),  # battle front; the Dragon back is ignored
        (
            ["Valki, God of Lies // Tibalt, Cosmic Impostor", "Grizzly Bears"],
            True,
        ),  # MDFC: creature front only
        (["Valki, God of Lies // Tibalt, Cosmic Impostor", "Ugin, the Spirit Dragon"], False),
        (["Sejiri Shelter // Sejiri Glacier", "Grizzly Bears"], False),  # instant front is nonland
        (["Clearwater Pathway // Murkwater Pathway", "Grizzly Bears"], True),  # land: exempt
        (["Dryad Arbor", "Ancient Den", "Lightning Bolt"], True),  # lands may have any types
        (["Bottomless Pool // Locker Room", "Glorious Anthem"], True),  # Rooms are enchantments
        (["Commit // Memory", "Lightning Bolt"], True),  # split: Instant and Sorcery
        (["Commit // Memory", "Thoughtseize"], True),
        (["Farm // Market", "Fire // Ice", "Treasure Cruise"], False),
        (["Grist, the Hunger Tide", "Grizzly Bears"], True),  # Grist is a creature card in the deck
        (["Grist, the Hunger Tide", "Ugin, the Spirit Dragon"], True),  # and a planeswalker card
        (["Mox Opal", "Thalia, Guardian of Thraben"], False),  # Legendary is a supertype, not a card type
    ],
)
def test_shared_card_type(names: list[str], passes: bool) -> None:
    d = deck(*[(2, n) for n in names], *lands(60 - 2 * len(names), "Island"))
    assert result(d, MODERN, "Umori").eligible is passes


def test_only_lands_qualifies() -> None:
    assert result(deck(*lands(60, "Island")), MODERN, "Umori").eligible


def test_cut_keeps_the_type_most_copies_have() -> None:
    d = deck((10, "Grizzly Bears"), (4, "Tormod's Crypt"), (2, "Lightning Bolt"), *lands(44, "Forest"))
    r = result(d, MODERN, "Umori")
    assert r.cut == (("Tormod's Crypt", 4), ("Lightning Bolt", 2))
    assert "Creature" in r.breakers[0].reason and "10 of 16" in r.breakers[0].reason


def test_ties_are_reported_in_the_note() -> None:
    d = deck((1, "Ornithopter"), (4, "Tormod's Crypt"), (4, "Grizzly Bears"), *lands(51, "Forest"))
    r = result(d, MODERN, "Umori")
    assert r.cut_count == 4
    assert "would need as many cuts" in r.note
    assert breaker_names(r) in (["Tormod's Crypt"], ["Grizzly Bears"])


def test_a_tie_keeps_the_first_type_of_the_one_tie_break() -> None:
    # the engine and the array screen (deckcheck.rules.companion_arrays) both keep the first of the tied
    # types in companions.umori_preference: alphabetical, a prefix before the longer word
    assert umori_preference(["Instant", "Creature", "Artifact"]) == ["Artifact", "Creature", "Instant"]
    assert umori_preference(["Artifact", "Art"]) == ["Art", "Artifact"]
    d = deck((4, "Tormod's Crypt"), (4, "Lightning Bolt"), *lands(52, "Mountain"))
    r = result(d, MODERN, "Umori")
    assert breaker_names(r) == ["Lightning Bolt"]  # Artifact kept: 4 copies each, first in order


def test_a_near_miss_with_tied_types_names_each_choice() -> None:
    d = deck((2, "Tormod's Crypt"), (2, "Lightning Bolt"), *lands(56, "Mountain"))
    (near,) = [f for f in findings(d, MODERN) if f.code == "DC413" and f.card == "Umori, the Collector"]
    # the cut offered keeps Artifact; keeping Instant (cutting the Crypts) is as good, and it says so
    assert "does not share Artifact" in near.message
    assert "as many as have Instant: either can be kept" in near.message
    three = deck((2, "Tormod's Crypt"), (2, "Lightning Bolt"), (2, "Thoughtseize"), *lands(54, "Mountain"))
    (r,) = [b.reason for b in result(three, MODERN, "Umori").breakers if b.card == "Thoughtseize"]
    assert r.endswith("as many as have Instant or Sorcery: any can be kept")
