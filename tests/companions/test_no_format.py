"""No format given: the deck is checked in its family's inferred shape (deckcheck.inference), and
legality and ban lists are not checked (DC020). A companion whose condition the starting deck meets
may be banned or not legal where the deck is played (Lurrus: banned in Legacy and Pioneer), so it is
not verified (DC015, saying what is missing and how to name the format): neither offered (DC410)
nor failed. A condition the deck misses is missed whatever the format: its breakers stand. Limited's
format has no ban list, so there a companion whose condition is met is eligible."""

from __future__ import annotations

import pytest

from deckcheck.deck import Zone
from deckcheck.findings import Severity
from deckcheck.format_spec import FormatSpec
from deckcheck.formats import load_registry
from deckcheck.inference import (
    BRAWL_SHAPE,
    COMMANDER_SHAPE,
    CONSTRUCTED_SHAPE,
    LIMITED_SHAPE,
    OATHBREAKER_SHAPE,
    with_known_formats,
)
from tests.companions.cards import LIMITED, MODERN, deck, findings, lands, result
from tests.companions.test_commander import commander_deck

CONSTRUCTED = with_known_formats(CONSTRUCTED_SHAPE)
INFERRED_COMMANDER = with_known_formats(COMMANDER_SHAPE)
INFERRED_LIMITED = with_known_formats(LIMITED_SHAPE)
LURRUS = "Lurrus of the Dream-Den"
NOT_CHECKED = "no format given: whether Lurrus is legal is not checked"


def test_every_shape_but_limited_leaves_legality_unchecked() -> None:
    """The shapes whose known formats judge card legality (read from the registry, as their
    companion bans are); Limited's format has no legality data, and a format someone named is
    checked, never left unchecked."""
    shapes = [
        with_known_formats(s) for s in (CONSTRUCTED_SHAPE, COMMANDER_SHAPE, BRAWL_SHAPE, OATHBREAKER_SHAPE)
    ]
    assert all(shape.legality_unchecked and shape.inferred for shape in shapes)
    assert not INFERRED_LIMITED.legality_unchecked
    assert load_registry()["limited"].legality_candidates == ()
    assert not any(spec.legality_unchecked for spec in load_registry().values())


def burn(
    sideboard_lurrus: Zone = Zone.SIDEBOARD, main: int = 56
) -> list[tuple[int, str] | tuple[int, str, Zone]]:
    return [(4, "Lightning Bolt"), *lands(main, "Mountain"), (1, LURRUS, sideboard_lurrus)]


def test_a_met_sideboard_companion_is_not_verified_without_a_format() -> None:
    d = deck(*burn())
    lurrus = result(d, CONSTRUCTED, "Lurrus")
    assert lurrus.eligible is None and lurrus.declared and lurrus.breakers == ()
    assert any(NOT_CHECKED in text and "--format" in text for text in lurrus.placement)
    found = findings(d, CONSTRUCTED)
    assert not [f for f in found if f.code == "DC410"]  # neither Lurrus nor an undeclared one offered
    (open_,) = [f for f in found if f.card == LURRUS]
    assert open_.code == "DC015" and open_.severity is Severity.WARNING
    assert NOT_CHECKED in open_.message and "--format" in open_.message
    assert [f for f in found if f.severity is Severity.ERROR] == []
    # named, the format decides: Modern's card data (the test set) says nothing against it
    assert result(d, MODERN, "Lurrus").eligible is True


def test_a_missed_condition_stays_missed_with_its_breakers() -> None:
    d = deck((4, "Kitchen Finks"), *lands(56, "Forest"), (1, LURRUS, Zone.COMPANION))
    lurrus = result(d, CONSTRUCTED, "Lurrus")
    assert lurrus.eligible is False and [b.card for b in lurrus.breakers] == ["Kitchen Finks"]
    assert not any(NOT_CHECKED in text for text in lurrus.placement)  # (nothing to verify)
    codes = [f.code for f in findings(d, CONSTRUCTED) if f.card in (LURRUS, "Kitchen Finks")]
    assert codes == ["DC401", "DC411"]
    gyruda = result(deck(*burn()), CONSTRUCTED, "Gyruda")  # Lightning Bolt's mana value 1 is odd
    assert gyruda.eligible is False and [b.card for b in gyruda.breakers] == ["Lightning Bolt"]


def test_a_declared_companion_whose_condition_is_met_is_not_an_error() -> None:
    d = deck(*burn(Zone.COMPANION))
    assert result(d, CONSTRUCTED, "Lurrus").eligible is None
    found = [f for f in findings(d, CONSTRUCTED) if f.card == LURRUS]
    assert [(f.code, f.severity) for f in found] == [("DC015", Severity.WARNING)]
    assert "declared companion" in found[0].message and NOT_CHECKED in found[0].message


def test_a_near_miss_says_the_condition_not_that_the_deck_qualifies() -> None:
    d = deck((4, "Tarmogoyf"), (2, "Kitchen Finks"), *lands(54, "Forest"))
    (near,) = [f for f in findings(d, CONSTRUCTED) if f.code == "DC413" and f.card == LURRUS]
    assert "the deck meets Lurrus of the Dream-Den's condition" in near.message
    assert NOT_CHECKED in near.message and "qualifies" not in near.message


def test_the_commander_shape_leaves_a_met_companion_not_verified() -> None:
    d = deck(
        *commander_deck(["Arahbo, Roar of the World"], [(1, "Savannah Lions")], "Kaheera, the Orphanguard")
    )
    kaheera = result(d, INFERRED_COMMANDER, "Kaheera")
    assert kaheera.eligible is None
    (open_,) = [f for f in findings(d, INFERRED_COMMANDER) if f.card == "Kaheera, the Orphanguard"]
    assert (
        open_.code == "DC015" and "no format given: whether Kaheera is legal is not checked" in open_.message
    )


@pytest.mark.parametrize("spec", [INFERRED_LIMITED, LIMITED], ids=["inferred", "named"])
def test_limited_has_no_ban_list_so_a_met_companion_is_eligible(spec: FormatSpec) -> None:
    d = deck(*burn(main=36))
    assert result(d, spec, "Lurrus").eligible is True
    (offer,) = [f for f in findings(d, spec) if f.card == LURRUS]
    assert offer.code == "DC410" and "can be revealed as your companion" in offer.message
