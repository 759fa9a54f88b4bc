"""The companion engine against the real format registry (data/formats.toml): it reads the spec's fields,
never a format's name."""

from __future__ import annotations

import pytest

from deckcheck.deck import Zone
from deckcheck.format_spec import FormatSpec
from deckcheck.formats import load_registry
from tests.companions.cards import codes, deck, lands, result

REGISTRY = load_registry()


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_format_evaluates_and_yorion_follows_the_size_rule(name: str) -> None:
    spec: FormatSpec = REGISTRY[name]
    commander = [(1, "Niv-Mizzet Reborn", Zone.COMMANDER)] if spec.commander else []
    size = spec.max_main if spec.max_main is not None else spec.deck_minimum + 20
    d = deck(*commander, *lands(size - len(commander), "Plains", "Island"))
    yorion = result(d, spec, "Yorion")
    fits = spec.max_main is None or spec.max_main >= spec.deck_minimum + 20
    # (a format with no companions at all refuses Yorion whatever the size: Oathbreaker, Gladiator)
    assert yorion.eligible is (fits and spec.companions)
    assert (not fits) == any("can never" in p for p in yorion.placement)
    assert spec.companions != any("has no companions" in p for p in yorion.placement)


def test_lutri_is_banned_as_companion_in_the_registry_commander() -> None:
    spec = REGISTRY["commander"]
    assert "Lutri, the Spellchaser" in spec.companion_bans
    d = deck(
        (1, "Niv-Mizzet Reborn", Zone.COMMANDER),
        *lands(99, "Island"),
        (1, "Lutri, the Spellchaser", Zone.COMPANION),
    )
    assert "DC406" in codes(d, spec)


def test_freeform_yorion_needs_eighty() -> None:
    """Freeform checks no deck size, but Yorion's ruling names "casual freeform play" among the
    events whose minimum is sixty: 79 cards are not enough, 80 are."""
    spec = REGISTRY["freeform"]
    assert spec.min_main == 0
    assert result(deck(*lands(79, "Plains")), spec, "Yorion").eligible is False
    assert result(deck(*lands(80, "Plains")), spec, "Yorion").eligible is True


def test_registry_limited_yorion_needs_sixty() -> None:
    spec = REGISTRY["limited"]
    assert result(deck(*lands(60, "Plains")), spec, "Yorion").eligible
    assert result(deck(*lands(59, "Plains")), spec, "Yorion").add == 1
