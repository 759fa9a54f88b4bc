"""Constructed and Limited construction: sizes (CR 100.2a/b), sideboard (100.4a), copies (100.2a,
113.6n), and the zone mix-ups a format can't resolve (DC105)."""

from __future__ import annotations

import pytest

from deckcheck import engine
from deckcheck.formats import get_format
from deckcheck.rules import check_deck
from deckcheck.rules.sizes import copy_limit_for, oracle_deck_limit
from tests.formats.cards import CMDR, COMP, MAIN, RECORDS, SIDE, card, deck_of, local
from tests.formats.helpers import codes, no_errors, one, only

MODERN = get_format("modern")
LEGACY = get_format("legacy")


def test_sixty_cards_pass_and_fifty_nine_fail() -> None:
    no_errors(check_deck(deck_of((4, "Lightning Bolt", MAIN), (56, "Mountain", MAIN)), MODERN))
    found = one(check_deck(deck_of((4, "Lightning Bolt", MAIN), (55, "Mountain", MAIN)), MODERN), "DC101")
    assert found.rule == "CR 100.2a" and "59" in found.message and "60" in found.message


def test_a_main_deck_of_one_card_says_one_card() -> None:
    """Regression: "the main deck has 1 cards"."""
    found = one(check_deck(deck_of((1, "Mountain", MAIN)), MODERN), "DC101")
    assert found.message == "the main deck has 1 card; Modern needs at least 60"


def test_no_maximum_deck_size_in_constructed() -> None:
    no_errors(check_deck(deck_of((4, "Lightning Bolt", MAIN), (200, "Mountain", MAIN)), MODERN))


def test_gladiator_is_at_least_100_singleton() -> None:
    """Gladiator asks for no fewer than 100 cards and sets no maximum (the format's rules, and
    Wizards' Gladiator event pages): 99 is too few, 101 is a deck, a second copy is not."""
    gladiator = get_format("gladiator")
    bolt = local("Lightning Bolt", legalities={"gladiator": "legal"})
    assert one(check_deck(deck_of((1, bolt, MAIN), (98, local("Mountain"), MAIN)), gladiator), "DC101")
    no_errors(check_deck(deck_of((1, bolt, MAIN), (100, local("Mountain"), MAIN)), gladiator))
    found = check_deck(deck_of((2, bolt, MAIN), (99, local("Mountain"), MAIN)), gladiator)
    assert codes(found) == ["DC307"]
    assert one(found, "DC307").card == "Lightning Bolt"


def test_gladiator_has_no_companion() -> None:
    """No sideboard, so nothing comes from outside the game: a declared companion can never be
    revealed and none is offered; the same card in the deck is just a card."""
    gladiator = get_format("gladiator")
    lurrus = local("Lurrus of the Dream-Den", legalities={"gladiator": "legal"})
    mountain = local("Mountain")
    report = engine.check_deck(deck_of((100, mountain, MAIN), (1, lurrus, COMP)), gladiator)
    never = one(report.findings, "DC407")
    assert never.card == "Lurrus of the Dream-Den" and "Gladiator has no companions" in never.message
    assert not any(c.eligible for c in report.companions)
    in_the_deck = engine.check_deck(deck_of((99, mountain, MAIN), (1, lurrus, MAIN)), gladiator)
    no_errors(in_the_deck.findings)
    assert not only(in_the_deck.findings, "DC410")  # (no "could be your companion" either)


def test_limited_needs_40_and_any_number_of_copies() -> None:
    limited = get_format("limited")
    no_errors(
        check_deck(
            deck_of((23, "Grizzly Bears", MAIN), (17, "Forest", MAIN), (40, "Lightning Bolt", SIDE)), limited
        )
    )
    found = one(check_deck(deck_of((22, "Grizzly Bears", MAIN), (17, "Forest", MAIN)), limited), "DC101")
    assert found.rule == "CR 100.2b"


def test_sideboard_of_15_passes_16_fails_and_nothing_is_trimmed() -> None:
    ok = deck_of(
        (60, "Mountain", MAIN), (4, "Lightning Bolt", SIDE), (4, "Counterspell", SIDE), (7, "Island", SIDE)
    )
    no_errors(check_deck(ok, MODERN))
    # The 16th sideboard card is banned: a validator that trims the sideboard to 15 would hide it.
    over = deck_of(
        (60, "Mountain", MAIN),
        (4, "Lightning Bolt", SIDE),
        (4, "Counterspell", SIDE),
        (7, "Island", SIDE),
        (1, local("Black Lotus"), SIDE),
    )
    found = check_deck(over, LEGACY)
    sideboard = one(found, "DC103")
    assert "16" in sideboard.message and "15" in sideboard.message and sideboard.rule == "CR 100.4a"
    assert sideboard.location.line == 2 and sideboard.location.section == "sideboard"
    assert one(found, "DC201").card == "Black Lotus" and one(found, "DC201").location.line == 5


def test_the_companion_is_one_of_the_15_sideboard_cards() -> None:
    lurrus = local("Lurrus of the Dream-Den", legalities={"vintage": "legal"})
    fourteen = deck_of((60, "Mountain", MAIN), (14, "Island", SIDE), (1, lurrus, COMP))
    no_errors(check_deck(fourteen, get_format("vintage")))
    fifteen = deck_of((60, "Mountain", MAIN), (15, "Island", SIDE), (1, lurrus, COMP))
    found = one(check_deck(fifteen, get_format("vintage")), "DC103")
    assert "companion" in found.message and "16" in found.message


def test_the_companion_counts_toward_the_four_copies() -> None:
    lurrus = local("Lurrus of the Dream-Den", legalities={"vintage": "legal"})
    deck = deck_of((4, lurrus, MAIN), (56, "Plains", MAIN), (1, lurrus, COMP))
    found = one(check_deck(deck, get_format("vintage")), "DC104")
    assert found.card == "Lurrus of the Dream-Den" and dict(found.data)["count"] == 5


def test_four_copies_across_main_and_sideboard_names_every_line() -> None:
    deck = deck_of((3, "Lightning Bolt", MAIN), (57, "Mountain", MAIN), (2, "Lightning Bolt", SIDE))
    found = one(check_deck(deck, MODERN), "DC104")
    assert found.card == "Lightning Bolt"
    assert "5 copies" in found.message and "at most 4" in found.message and "lines 1, 3" in found.message
    assert dict(found.data) == {"count": 5, "limit": 4, "lines": [1, 3]}
    assert found.rule == "CR 100.2a, 100.4a"
    no_errors(
        check_deck(
            deck_of((3, "Lightning Bolt", MAIN), (57, "Mountain", MAIN), (1, "Lightning Bolt", SIDE)), MODERN
        )
    )


@pytest.mark.parametrize("basic", ["Mountain", "Snow-Covered Island", "Wastes"])
def test_basic_lands_are_exempt_including_snow_basics_and_wastes(basic: str) -> None:
    deck = deck_of((30, basic, MAIN), (30, "Mountain", MAIN), (10, basic, SIDE))
    assert not only(check_deck(deck, MODERN), "DC104")
    assert copy_limit_for(card(basic), MODERN) is None


def test_a_nonbasic_land_is_not_exempt() -> None:
    deck = deck_of((5, "Tundra", MAIN), (55, "Plains", MAIN))
    assert one(check_deck(deck, LEGACY), "DC104").card == "Tundra"


def test_any_number_comes_from_the_oracle_text() -> None:
    no_errors(check_deck(deck_of((40, "Relentless Rats", MAIN), (20, "Swamp", MAIN)), MODERN))
    assert copy_limit_for(card("Relentless Rats"), MODERN) is None
    # The same name without the sentence gets the ordinary limit: the override is read, not a name list.
    without_sentence = {
        **RECORDS["Relentless Rats"]["faces"][0],
        "oracle_text": "Relentless Rats gets +1/+1.",
    }
    plain_rats = local("Relentless Rats", faces=[without_sentence])
    assert copy_limit_for(plain_rats, MODERN) == 4
    assert one(check_deck(deck_of((5, plain_rats, MAIN), (55, "Swamp", MAIN)), MODERN), "DC104")
    # A sentence that names another card gives this card nothing.
    assert copy_limit_for(local("Sample Rat Herald"), MODERN) == 4


def test_up_to_seven_and_up_to_nine() -> None:
    assert copy_limit_for(card("Seven Dwarves"), MODERN) == 7
    assert copy_limit_for(card("Nazgûl"), MODERN) == 9
    assert not only(check_deck(deck_of((7, "Seven Dwarves", MAIN), (53, "Mountain", MAIN)), MODERN), "DC104")
    found = one(
        check_deck(
            deck_of((6, "Seven Dwarves", MAIN), (53, "Mountain", MAIN), (2, "Seven Dwarves", SIDE)), MODERN
        ),
        "DC104",
    )
    assert "at most 7" in found.message and "its own text" in found.message and found.rule == "CR 113.6n"
    assert not only(check_deck(deck_of((9, "Nazgûl", MAIN), (51, "Swamp", MAIN)), MODERN), "DC104")
    assert one(check_deck(deck_of((10, "Nazgûl", MAIN), (50, "Swamp", MAIN)), MODERN), "DC104")


@pytest.mark.parametrize(
    "name",
    [
        "Relentless Rats",
        "Shadowborn Apostle",
        "Rat Colony",
        "Persistent Petitioners",
        "Dragon's Approach",
        "Slime Against Humanity",
        "Templar Knight",
        "Hare Apparent",
        "Tempest Hawk",
        "Cid, Timeless Artificer",  # the sentence is followed by another ability (Cycling)
    ],
)
def test_every_card_xmage_lists_by_name_gets_any_number_from_its_own_text(name: str) -> None:
    """XMage keeps these names in a hard-coded map; here each card's own sentence is what allows
    any number, in a singleton format as in a four-of one."""
    assert oracle_deck_limit(card(name)) == (True, None)
    assert copy_limit_for(card(name), get_format("commander")) is None
    assert copy_limit_for(card(name), MODERN) is None


def test_only_one_card_named() -> None:
    feeling = card("Once More with Feeling")
    assert oracle_deck_limit(feeling) == (True, 1)
    assert copy_limit_for(feeling, MODERN) == 1
    found = one(check_deck(deck_of((2, feeling, MAIN), (58, "Plains", MAIN)), MODERN), "DC104")
    assert "at most 1" in found.message


def test_the_override_also_applies_in_singleton_formats() -> None:
    commander = get_format("commander")
    assert copy_limit_for(card("Relentless Rats"), commander) is None
    assert copy_limit_for(card("Seven Dwarves"), commander) == 7
    assert copy_limit_for(card("Lightning Bolt"), commander) == 1


def test_limited_has_no_copy_limit_even_for_capped_cards() -> None:
    assert copy_limit_for(card("Seven Dwarves"), get_format("limited")) is None


def test_a_commander_zone_in_a_constructed_format_is_reported_and_counted_as_main() -> None:
    deck = deck_of((1, "Niv-Mizzet, Parun", CMDR), (59, "Island", MAIN))
    found = check_deck(deck, MODERN)
    zone = one(found, "DC105")
    assert "Niv-Mizzet, Parun" in zone.message and "counted as main-deck cards" in zone.message
    assert zone.location.line == 1 and zone.card == "Niv-Mizzet, Parun"
    assert not only(found, "DC101")  # 59 + the "commander" = 60


def test_a_card_named_by_a_localized_name_shows_both_names() -> None:
    from deckcheck.deck import Deck, DeckCard, Entry

    bolt = card("Lightning Bolt")
    entries = [
        DeckCard(Entry(3, "Blitzschlag", MAIN, line=1), bolt),
        DeckCard(Entry(2, "Blitzschlag", SIDE, line=2), bolt),
    ]
    deck = Deck("de.txt", [*entries, DeckCard(Entry(57, "Mountain", MAIN, line=3), card("Mountain"))])
    from deckcheck.engine import check_deck as engine_check

    found = one(engine_check(deck, MODERN).findings, "DC104")
    assert "Blitzschlag [Lightning Bolt]" in found.message and found.location.path == "de.txt"
