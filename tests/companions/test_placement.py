"""Where a companion is listed, what counts as declared, and the findings (module docstring of
deckcheck.rules.companions)."""

from __future__ import annotations

from deckcheck.deck import Deck, Zone
from deckcheck.findings import Location, Severity
from deckcheck.rules.companions import COMPANIONS, evaluate
from tests.companions.cards import LIMITED, MODERN, codes, deck, findings, lands, result

LURRUS = "Lurrus of the Dream-Den"
KAHEERA = "Kaheera, the Orphanguard"
LURRUS_DECK = [
    (4, "Tarmogoyf"),
    (4, "Lightning Bolt"),
    (4, "Walking Ballista"),
    *lands(48, "Forest", "Plains"),
]


def test_companion_zone_companion_is_declared_and_needs_no_finding_when_eligible() -> None:
    d = deck(*LURRUS_DECK, (1, LURRUS, Zone.COMPANION))
    r = result(d, MODERN, "Lurrus")
    assert r.declared and r.eligible
    lurrus = [f for f in findings(d, MODERN) if f.card == LURRUS]
    assert lurrus == []


def test_declared_companion_not_eligible_is_an_error_with_breaker_details() -> None:
    d = deck(*LURRUS_DECK, (2, "Bonecrusher Giant // Stomp"), (1, LURRUS, Zone.COMPANION))
    found = findings(d, MODERN)
    (error,) = [f for f in found if f.code == "DC401"]
    assert error.severity is Severity.ERROR
    assert error.location == Location("deck.txt", 7, "companion")
    assert error.rule == "CR 702.139a" and "CR 702.139a" in error.message
    assert (
        "1 card (2 copies) breaks it" in error.message
        and "Bonecrusher Giant // Stomp (line 6" in error.message
    )
    (detail,) = [f for f in found if f.code == "DC411"]
    assert detail.severity is Severity.INFO and detail.card == "Bonecrusher Giant // Stomp"
    assert detail.location == Location("deck.txt", 6, "main")
    assert "mana value 3" in detail.message


def test_error_shows_the_first_few_breakers_and_counts_the_rest() -> None:
    d = deck(
        (1, "Kitchen Finks"),
        (1, "Questing Beast"),
        (1, "Ugin, the Spirit Dragon"),
        (1, "Shivan Dragon"),
        (1, "Bonecrusher Giant // Stomp"),
        *lands(55, "Forest"),
        (1, LURRUS, Zone.COMPANION),
    )
    (error,) = [f for f in findings(d, MODERN) if f.code == "DC401"]
    assert "5 cards break it" in error.message and "and 2 more" in error.message
    assert len([f for f in findings(d, MODERN) if f.code == "DC411"]) == 5


def test_two_companions_declared() -> None:
    d = deck(*LURRUS_DECK, (1, LURRUS, Zone.COMPANION), (1, KAHEERA, Zone.COMPANION))
    found = findings(d, MODERN)
    (many,) = [f for f in found if f.code == "DC402"]
    assert many.severity is Severity.ERROR and many.location.line == 7  # the second companion line
    assert result(d, MODERN, "Lurrus").declared and result(d, MODERN, "Kaheera").declared
    assert any("at most one" in p for p in result(d, MODERN, "Lurrus").placement)
    assert [f.card for f in found if f.code == "DC401"] == [KAHEERA]  # Tarmogoyf is no Cat


def test_two_copies_in_the_companion_zone() -> None:
    d = deck(*LURRUS_DECK, (2, LURRUS, Zone.COMPANION))
    assert "DC402" in codes(d, MODERN)


def test_companion_listed_in_companion_section_and_sideboard_is_one_companion() -> None:
    # Arena exports list the companion under Companion and again in the sideboard.
    d = deck(*LURRUS_DECK, (1, LURRUS, Zone.COMPANION), (1, LURRUS, Zone.SIDEBOARD))
    assert codes(d, MODERN, Severity.ERROR) == []
    assert [f.code for f in findings(d, MODERN) if f.card == LURRUS] == []


def test_a_second_companion_in_the_sideboard_is_just_a_sideboard_card() -> None:
    # CS571 bug: every sideboard companion was checked and failed with an error.
    d = deck(*LURRUS_DECK, (1, LURRUS, Zone.COMPANION), (1, KAHEERA, Zone.SIDEBOARD))
    assert not result(d, MODERN, "Kaheera").declared
    assert [f for f in findings(d, MODERN) if f.card == KAHEERA] == []
    assert codes(d, MODERN, Severity.ERROR) == []


def test_sideboard_companions_without_a_companion_section() -> None:
    d = deck(*LURRUS_DECK, (1, LURRUS, Zone.SIDEBOARD), (1, KAHEERA, Zone.SIDEBOARD))
    assert result(d, MODERN, "Lurrus").declared and result(d, MODERN, "Kaheera").declared
    found = {f.card: f for f in findings(d, MODERN) if f.card in (LURRUS, KAHEERA)}
    assert found[LURRUS].code == "DC410" and found[LURRUS].location == Location("deck.txt", 6, "sideboard")
    assert found[KAHEERA].code == "DC412" and found[KAHEERA].severity is Severity.INFO
    assert codes(d, MODERN, Severity.ERROR) == []


def test_only_ineligible_sideboard_companions_warn_but_never_error() -> None:
    d = deck(
        *LURRUS_DECK,
        (1, "Bonecrusher Giant // Stomp"),
        (1, LURRUS, Zone.SIDEBOARD),
        (1, KAHEERA, Zone.SIDEBOARD),
    )
    sideboard = [f for f in findings(d, MODERN) if f.card in (LURRUS, KAHEERA)]
    assert {f.code for f in sideboard} == {"DC412"}
    assert {f.severity for f in sideboard} == {Severity.WARNING}
    assert codes(d, MODERN, Severity.ERROR) == []


def test_limited_pool_companion_is_like_a_sideboard_one() -> None:
    d = deck((4, "Savannah Lions"), *lands(36, "Plains"), (1, KAHEERA, Zone.SIDEBOARD))
    r = result(d, LIMITED, "Kaheera")
    assert r.declared and r.eligible


def test_companion_in_the_main_deck_imposes_nothing() -> None:
    d = deck((1, LURRUS), (4, "Bonecrusher Giant // Stomp"), *lands(55, "Mountain"))
    assert not result(d, MODERN, "Lurrus").declared
    assert codes(d, MODERN, Severity.ERROR) == []
    # ... and is an ordinary card for the other companions (MV 3 is odd)
    assert LURRUS in [b.card for b in result(d, MODERN, "Gyruda").breakers]


def test_maybeboard_is_ignored_entirely() -> None:
    d = deck(
        *LURRUS_DECK,
        (4, "Kitchen Finks", Zone.MAYBEBOARD),
        (1, KAHEERA, Zone.MAYBEBOARD),
        (1, LURRUS, Zone.COMPANION),
    )
    assert result(d, MODERN, "Lurrus").eligible
    assert not result(d, MODERN, "Kaheera").declared
    assert all(f.location.section != "maybeboard" for f in findings(d, MODERN))


def test_companion_listed_as_commander_outside_commander() -> None:
    d = deck((1, LURRUS, Zone.COMMANDER), *LURRUS_DECK)
    (wrong,) = [f for f in findings(d, MODERN) if f.code == "DC403"]
    assert wrong.severity is Severity.ERROR and wrong.location.section == "commander"


def test_non_companion_in_companion_zone() -> None:
    d = deck(*LURRUS_DECK, (1, "Questing Beast", Zone.COMPANION))
    (bad,) = [f for f in findings(d, MODERN) if f.code == "DC408"]
    assert bad.card == "Questing Beast" and bad.severity is Severity.ERROR


def test_unknown_companion_is_unchecked_not_assumed() -> None:
    d = deck(*LURRUS_DECK, (1, "Lutri, Pauper Otter", Zone.COMPANION))
    (unchecked,) = [f for f in findings(d, MODERN) if f.code == "DC409"]
    assert unchecked.severity is Severity.WARNING
    assert "DC408" not in codes(d, MODERN)


def test_all_ten_are_always_reported_in_table_order() -> None:
    for d in (Deck("empty"), deck(*LURRUS_DECK)):
        results = evaluate(d, MODERN)
        assert [r.companion for r in results] == [rule.name for rule in COMPANIONS]


def test_undeclared_eligible_companion_is_information() -> None:
    d = deck(*LURRUS_DECK)
    (info,) = [f for f in findings(d, MODERN) if f.card == LURRUS]
    assert info.code == "DC410" and info.severity is Severity.INFO and info.location.line == 0


def test_companion_banned_in_the_format_is_not_offered() -> None:
    """Lurrus meets its condition in a Modern burn-style deck, but it is banned in Modern: the table
    must not offer it as a companion the deck could reveal (it could not be in the sideboard)."""
    from deckcheck.cards.store import CardStore
    from deckcheck.engine import check_deck, deck_from_names
    from deckcheck.formats import get_format

    store = CardStore.bundled()
    deck, _ = deck_from_names(
        [(56, "Mountain", Zone.MAIN), (4, "Lightning Bolt", Zone.MAIN)], store, path="burn.txt"
    )
    report = check_deck(deck, get_format("modern"), store=store)
    lurrus = next(r for r in report.companions if r.companion == "Lurrus of the Dream-Den")
    assert not lurrus.breakers
    assert not lurrus.eligible
    assert any("banned in Modern" in p for p in lurrus.placement)
    # In Vintage Lurrus is legal, so the same deck can reveal it.
    vintage = check_deck(deck, get_format("vintage"), store=store)
    assert next(r for r in vintage.companions if r.companion == "Lurrus of the Dream-Den").eligible


def test_the_breaking_count_is_of_cards_as_json_counts_them() -> None:
    """Regression: "7 cards break it" in text counted copies while JSON listed 2 breakers."""
    d = deck((4, "Kitchen Finks"), (3, "Questing Beast"), *lands(53, "Forest"), (1, LURRUS, Zone.COMPANION))
    (error,) = [f for f in findings(d, MODERN) if f.code == "DC401"]
    assert "2 cards (7 copies) break it: 4 Kitchen Finks" in error.message


def test_a_card_on_several_lines_is_counted_and_shown_once() -> None:
    """Regression: "3 cards (4 copies) break it" for one Kitchen Finks written on three lines (three
    printings) and a Questing Beast: the count is of cards, each shown once with its lines."""
    d = deck(
        (2, "Kitchen Finks"),
        (1, "Kitchen Finks"),
        (1, "Questing Beast"),
        (1, "Kitchen Finks"),
        *lands(55, "Forest"),
        (1, LURRUS, Zone.COMPANION),
    )
    (error,) = [f for f in findings(d, MODERN) if f.code == "DC401"]
    assert "2 cards (5 copies) break it: 4 Kitchen Finks (lines 1, 2, 4: " in error.message
    assert "; 1 Questing Beast (line 3: " in error.message and "more" not in error.message


def test_umori_names_the_shared_type_with_the_right_article() -> None:
    """Regression: "every nonland card is a Instant card"."""
    umori = result(deck((4, "Lightning Bolt"), *lands(56, "Mountain")), MODERN, "Umori")
    assert umori.eligible and umori.note == "every nonland card is an Instant card"


def test_a_starting_deck_of_no_card_is_offered_no_companion() -> None:
    """A deck whose lines are all outside the starting deck (a sideboard alone, a list of planes)
    meets every condition vacuously: it was offered all ten companions (DC410)."""
    d = deck((2, "Lightning Bolt", Zone.SIDEBOARD))
    assert "DC410" not in codes(d, MODERN)
    assert result(d, MODERN, "Lurrus").eligible  # (the table still says what is true of it)
