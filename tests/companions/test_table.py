"""The companion table and the public API other layers depend on."""

from __future__ import annotations

import dataclasses

import pytest

from deckcheck.cards.model import Card
from deckcheck.deck import Deck, Zone
from deckcheck.findings import CODES, Severity
from deckcheck.format_spec import FormatSpec
from deckcheck.rules import companions
from deckcheck.rules.companions import (
    COMPANIONS,
    Breaker,
    CardLookup,
    CompanionResult,
    CompanionRule,
    card_features,
    clear_feature_cache,
    evaluate,
)
from deckcheck.value import fields, replace
from tests.cardfactory import card as make_card
from tests.companions.cards import BY_NAME, COMMANDER, MODERN, card, deck, lands, result


def test_ten_companions_in_alphabetical_order() -> None:
    names = [rule.name for rule in COMPANIONS]
    assert len(names) == 10 and names == sorted(names)
    assert [rule.short for rule in COMPANIONS] == [
        "Gyruda",
        "Jegantha",
        "Kaheera",
        "Keruga",
        "Lurrus",
        "Lutri",
        "Obosh",
        "Umori",
        "Yorion",
        "Zirda",
    ]


def test_each_rule_matches_its_card() -> None:
    for rule in COMPANIONS:
        companion = card(rule.name)
        assert rule.condition in companion.oracle_text
        assert rule.colour_identity == companion.color_identity
        assert companions.has_companion_ability(companion)


def test_per_card_and_deck_level_rules() -> None:
    deck_level = {rule.short for rule in COMPANIONS if rule.deck_check is not None}
    assert deck_level == {"Lutri", "Umori", "Yorion"}
    assert all((rule.card_check is None) != (rule.deck_check is None) for rule in COMPANIONS)


def test_a_rule_needs_exactly_one_check() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        CompanionRule("X", "X", "cond", frozenset())


def test_results_and_breakers_are_frozen() -> None:
    r = result(deck((1, "Lightning Bolt"), *lands(59, "Mountain")), MODERN, "Gyruda")
    assert isinstance(r, CompanionResult) and isinstance(r.breakers[0], Breaker)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.eligible = True  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.breakers[0].line = 3  # type: ignore[misc]


def test_features_are_computed_once_per_card() -> None:
    clear_feature_cache()
    bolt = card("Lightning Bolt")
    assert card_features(bolt) is card_features(bolt)
    evaluate(deck((4, "Lightning Bolt"), *lands(56, "Mountain")), MODERN)
    assert card_features(bolt) is card_features(bolt)


def test_a_different_card_with_the_same_name_is_not_confused() -> None:
    clear_feature_cache()
    real = card("Lightning Bolt")
    other = make_card("Lightning Bolt", "{2}{R}{R}", "Creature — Elemental")
    assert card_features(real).mana_value == 1
    assert card_features(other).mana_value == 4 and card_features(other).is_creature
    assert card_features(real).mana_value == 1


def test_codes_are_registered_in_the_dc4xx_range() -> None:
    ours = {code: info for code, info in CODES.items() if code.startswith("DC4")}
    assert set(ours) == {f"DC4{n:02d}" for n in range(1, 14)}
    assert ours["DC401"].severity is Severity.ERROR
    assert ours["DC410"].severity is Severity.INFO and ours["DC411"].severity is Severity.INFO
    assert ours["DC412"].severity is Severity.WARNING


def test_findings_carry_machine_readable_data() -> None:
    d = deck((4, "Tarmogoyf"), (2, "Kitchen Finks"), *lands(56, "Forest"))
    near = next(f for f in companions.companion_findings(d, MODERN) if f.card == "Lurrus of the Dream-Den")
    data = dict(near.data)
    assert data["companion"] == "Lurrus of the Dream-Den" and data["cut"] == (("Kitchen Finks", 2),)
    assert near.to_record()["data"]["eligible"] is False


def test_precomputed_results_give_the_same_findings() -> None:
    d = deck((4, "Tarmogoyf"), (2, "Kitchen Finks"), *lands(56, "Forest"))
    assert companions.companion_findings(d, MODERN, evaluate(d, MODERN)) == companions.companion_findings(
        d, MODERN
    )


def _decks() -> list[tuple[Deck, FormatSpec]]:
    """A constructed deck with a sideboard companion, one with a declared companion, and a Commander
    deck whose 99 holds a companion's name (CR 903.11a) and declares that companion."""
    sideboard = deck(
        (4, "Tarmogoyf"),
        (2, "Kitchen Finks"),
        *lands(54, "Forest"),
        (1, "Lurrus of the Dream-Den", Zone.SIDEBOARD),
        (1, "Kaheera, the Orphanguard", Zone.SIDEBOARD),
    )
    declared = deck(
        (4, "Lightning Bolt"), *lands(56, "Mountain"), (1, "Gyruda, Doom of Depths", Zone.COMPANION)
    )
    commander = deck(
        (1, "Tymna the Weaver", Zone.COMMANDER),
        (1, "Lurrus of the Dream-Den"),
        *lands(98, "Plains", "Swamp"),
        (1, "Lurrus of the Dream-Den", Zone.COMPANION),
    )
    return [(sideboard, MODERN), (declared, MODERN), (commander, COMMANDER)]


def _lookup(name: str) -> Card | None:
    return card(name) if name in BY_NAME else None


@pytest.mark.parametrize("lookup", [None, _lookup])
def test_one_evaluation_gives_the_results_and_findings_of_the_two_calls(lookup: CardLookup | None) -> None:
    for d, spec in _decks():
        assert companions.evaluate_with_findings(d, spec, lookup) == (
            evaluate(d, spec, lookup),
            companions.companion_findings(d, spec, lookup=lookup),
        )


def test_per_card_breakers_are_each_cards_own_verdict_in_deck_order() -> None:
    """Each card's verdicts are read once per card (card_reasons), not asked per deck: the breakers
    are still exactly the starting-deck entries whose card the rule's card_check rejects."""
    for d, spec in _decks():
        results = {r.companion: r for r in evaluate(d, spec)}
        start = d.starting_deck()
        for rule in COMPANIONS:
            if rule.card_check is None:
                continue
            expected = [
                (dc.card.name, dc.line, dc.quantity, reason)
                for dc in start
                if (reason := rule.card_check(card_features(dc.card))) is not None
            ]
            got = [(b.card, b.line, b.quantity, b.reason) for b in results[rule.name].breakers]
            assert got == expected, rule.short


def test_obstacles_are_remembered_per_format_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A companion's obstacles recur over a run and are worked out once per format, colour
    identity and legality: never one format's for another's, and never more than the limit."""
    monkeypatch.setattr(companions, "_OBSTACLES_LIMIT", 3)
    monkeypatch.setattr(companions, "_OBSTACLES", {})
    d = deck((4, "Tarmogoyf"), *lands(56, "Forest"))
    banned = replace(MODERN, companion_bans=frozenset({"Lurrus of the Dream-Den"}))
    for spec in (MODERN, banned, MODERN, banned):
        lurrus = next(r for r in evaluate(d, spec) if r.companion == "Lurrus of the Dream-Den")
        assert any("banned as a companion" in text for text in lurrus.placement) is (spec is banned)
        assert len(companions._OBSTACLES) <= 3


def test_a_result_made_through_its_slots_is_the_constructed_one() -> None:
    """The engine makes its results with companions._new_result: every field where the constructor
    puts it, equal, hashed, printed and frozen alike."""
    breaker = Breaker("Lightning Bolt", 3, "main", 4, "mana value 1")
    unknown = Breaker("Orcish Bowmasters", 9, "main", 2, "not in the card data")
    values = (
        "Lurrus",
        None,
        (breaker,),
        (("Lightning Bolt", 4),),
        5,
        "note: add 5",
        "note",
        True,
        ("banned",),
        (unknown,),
    )
    made, constructed = companions._new_result(*values), CompanionResult(*values)
    assert type(made) is CompanionResult
    assert [getattr(made, name) for name in fields(CompanionResult)] == list(values)
    assert made == constructed and hash(made) == hash(constructed) and repr(made) == repr(constructed)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.note = "changed"
    # a result built without a plain note advises no change: its note is the plain one
    assert CompanionResult("Lurrus", False, note="mana value 3").plain_note == "mana value 3"
