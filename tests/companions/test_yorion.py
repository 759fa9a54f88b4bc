"""Yorion: "Your starting deck contains at least twenty cards more than the minimum deck size."."""

from __future__ import annotations

from deckcheck.deck import Zone
from tests.companions.cards import BRAWL, COMMANDER, LIMITED, MODERN, codes, deck, findings, lands, result


def test_eighty_cards_in_constructed() -> None:
    assert result(deck(*lands(80, "Plains", "Island")), MODERN, "Yorion").eligible


def test_add_count_for_a_near_miss() -> None:
    r = result(deck(*lands(79, "Plains")), MODERN, "Yorion")
    assert not r.eligible and r.add == 1 and r.near_miss
    assert "needs 80 (60 + 20): add 1" in r.note


def test_a_near_miss_finding_says_what_to_add_once() -> None:
    # the result's note advises "add 1"; a finding that gives the change itself says it only there
    undeclared = deck(*lands(79, "Plains"))
    declared = deck(*lands(79, "Plains"), (1, "Yorion, Sky Nomad", Zone.COMPANION))
    (near,) = [f.message for f in findings(undeclared, MODERN) if f.code == "DC413"]
    (not_eligible,) = [f.message for f in findings(declared, MODERN) if f.code == "DC401"]
    assert near.startswith("add 1 card and the deck qualifies for Yorion, Sky Nomad:")
    assert "needs 80 (60 + 20); add 1 card to qualify" in not_eligible
    for message in (near, not_eligible):
        assert message.count("add 1") == 1, message


def test_the_companions_table_gives_the_cards_to_add_in_its_fix_column_only() -> None:
    """Regression: the table's fix said "add 1" and its details repeated it, as the result's
    advised note ends so; the details say why (the count), the fix what to change."""
    from deckcheck.reporters import COMPANION_HEADERS, companion_row

    for size, fix in ((79, "add 1"), (60, "add 20")):  # a near miss, and a deck far from it
        d = deck(*lands(size, "Plains"))
        cells = companion_row(result(d, MODERN, "Yorion"), d.starting_count(), MODERN)
        row = dict(zip(COMPANION_HEADERS, cells, strict=True))
        assert row["fix"] == fix
        assert row["details"] == f"the starting deck has {size} cards; Yorion needs 80 (60 + 20)"


def test_the_companions_table_keeps_the_rest_of_the_note_beside_the_cards_to_add() -> None:
    """With no format given the note says the minimum is not known; the details keep that, and only
    the cards to add go to the fix column."""
    from deckcheck.inference import CONSTRUCTED_SHAPE, with_known_formats
    from deckcheck.reporters import COMPANION_HEADERS, companion_row

    shape = with_known_formats(CONSTRUCTED_SHAPE)
    d = deck(*lands(60, "Plains"))
    yorion = result(d, shape, "Yorion")
    assert "add 20" in yorion.note
    row = dict(zip(COMPANION_HEADERS, companion_row(yorion, d.starting_count(), shape), strict=True))
    assert row["fix"] == "add 20"
    assert row["details"].startswith(
        "the starting deck has 60 cards; Yorion needs 80 (60 + 20); no format given, so the minimum "
        "deck size Yorion adds 20 to is not known"
    )
    assert "add 20" not in row["details"]  # (the placement's not-checked legality follows)


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
