"""The companion engine over real card data (MTGJSON AtomicCards, 2022-04-25, in ../shared/realdata).

Skipped when the file is absent. Run with ``-s`` to see per-companion counts of real cards that break each
per-card condition and a random sample of the Zirda parser's decisions (30 with, 30 without an
activated ability) to check by eye."""

from __future__ import annotations

import random

import pytest

from deckcheck.cards.model import Card
from deckcheck.cards.store import CardStore
from deckcheck.rules.companions import COMPANIONS, CardFeatures, card_features, rule_for
from tests.companions.cards import BY_NAME, card

pytestmark = pytest.mark.realdata


@pytest.fixture(scope="module")
def real_cards(real_store: CardStore) -> dict[str, Card]:
    return {c.name: c for c in real_store.all_cards()}


@pytest.fixture(scope="module")
def playable(real_cards: dict[str, Card]) -> list[Card]:
    """Cards legal (or banned/restricted) somewhere: no Un-cards, no playtest cards."""
    return [c for c in real_cards.values() if any(v != "not_legal" for _, v in c.legalities)]


def verdicts(f: CardFeatures) -> dict[str, object]:
    out: dict[str, object] = {
        r.short: r.card_check(f) is None for r in COMPANIONS if r.card_check is not None
    }
    out.update(
        types=f.card_types, land=f.is_land, names=f.names, mv=f.mana_value, zirda=f.abilities.has_activated
    )
    return out


def test_the_ten_companions_real_records(real_cards: dict[str, Card]) -> None:
    for rule in COMPANIONS:
        real = real_cards[rule.name]
        assert rule_for(real) is rule
        assert rule.condition in real.oracle_text
        assert real.color_identity == rule.colour_identity
        assert verdicts(card_features(real)) == verdicts(card_features(card(rule.name))), rule.name


def test_fixture_cards_agree_with_real_records(real_cards: dict[str, Card]) -> None:
    compared = 0
    for name in BY_NAME:
        real = real_cards.get(name)
        if real is None or name.startswith("Test "):
            continue
        compared += 1
        assert verdicts(card_features(real)) == verdicts(card_features(card(name))), name
    assert compared >= 100


ZIRDA_KNOWN = {
    True: [
        "Scrubland",
        "Wastes",
        "Mox Opal",
        "Dark Depths",
        "Goblin Bombardment",
        "Arcbound Ravager",
        "Chromatic Lantern",
        "Everflowing Chalice",
        "Sojourner's Companion",
        "Student of Warfare",
        "Ninja of the Deep Hours",
        "Jace, the Mind Sculptor",
        "Ugin, the Spirit Dragon",
        "Dryad Arbor",
        "Karn Liberated",
        "Inkmoth Nexus",
        "Lightning Greaves",
        "Blade of the Oni",
        "Ash Barrens",
        "Druid Class",
        "Shark Typhoon",
        "Koma, Cosmos Serpent",
    ],
    False: [
        "Urborg, Tomb of Yawgmoth",
        "Urza's Saga",
        "Glacial Chasm",
        "Vesuva",
        "The Tabernacle at Pendrell Vale",
        "Brokers Hideout",
        "Cryptolith Rite",
        "Lotus Cobra",
        "Utopia Sprawl",
        "Phyrexian Arena",
        "Stonecoil Serpent",
        "Quicksilver Dagger",
        "Splinter Twin",
        "Tarmogoyf",
        "Thalia, Guardian of Thraben",
        "Fable of the Mirror-Breaker // Reflection of Kiki-Jiki",
        "Bonecrusher Giant // Stomp",
        "Kitchen Finks",
        "Ornithopter",
        "Esper Sentinel",
    ],
}


@pytest.mark.parametrize("expected", [True, False])
def test_known_zirda_decisions(real_cards: dict[str, Card], expected: bool) -> None:
    wrong = [
        n
        for n in ZIRDA_KNOWN[expected]
        if card_features(real_cards[n]).abilities.has_activated is not expected
    ]
    assert wrong == []


def test_per_card_condition_counts(playable: list[Card]) -> None:
    features = [card_features(c) for c in playable]
    permanents = [f for f in features if f.is_permanent]
    print(f"\n{len(playable)} playable cards, {len(permanents)} permanent cards")
    shares: dict[str, float] = {}
    for rule in COMPANIONS:
        check = rule.card_check
        if check is None:
            continue
        breaking = sum(1 for f in features if check(f) is not None)
        shares[rule.short] = breaking / len(features)
        print(f"  {rule.short:9} {breaking:6} cards break it ({breaking / len(features):.0%})")
    no_activated = sum(1 for f in permanents if not f.abilities.has_activated)
    print(f"  Zirda: {no_activated} of {len(permanents)} permanent cards have no activated ability")
    # Broad sanity bounds only: roughly half the cards have an odd MV, most creatures are not of Kaheera's
    # five types, and most permanents lack an activated ability.
    assert 0.35 < shares["Gyruda"] < 0.65
    assert 0.35 < shares["Obosh"] < 0.8
    assert 0.4 < no_activated / len(permanents) < 0.8
    assert shares["Kaheera"] > 0.4


def test_zirda_sample_for_review(playable: list[Card]) -> None:
    rnd = random.Random(2022)
    permanents = [c for c in playable if card_features(c).is_permanent]
    with_ability = [c for c in permanents if card_features(c).abilities.has_activated]
    without = [c for c in permanents if not card_features(c).abilities.has_activated]
    for label, group in (("HAS an activated ability", with_ability), ("has NONE", without)):
        print(f"\n== {label}: 30 of {len(group)}")
        for c in rnd.sample(group, 30):
            scan = card_features(c).abilities
            print(f"  {c.name} [{card_features(c).type_text}]: {scan.reason}")
    assert len(with_ability) > 1000 and len(without) > 1000
