"""The bundled card set (data/cards.json) gives the same companion verdicts as this suite's own records,
for every card both have; and its own companion cards evaluate as the ten rules expect."""

from __future__ import annotations

import pytest

from deckcheck.cards.store import CardStore, bundled_cards_path
from deckcheck.rules.companions import COMPANIONS, CardFeatures, card_features, rule_for
from tests.companions.cards import BY_NAME, card


@pytest.fixture(scope="module")
def bundled() -> CardStore:
    if not bundled_cards_path().is_file():
        pytest.skip("data/cards.json is not there")
    return CardStore.bundled()


def verdicts(f: CardFeatures) -> dict[str, object]:
    out: dict[str, object] = {
        r.short: r.card_check(f) is None for r in COMPANIONS if r.card_check is not None
    }
    out.update(
        types=f.card_types,
        land=f.is_land,
        names=f.names,
        mv=f.mana_value,
        zirda=f.abilities.has_activated,
        changeling=f.changeling,
        creature_types=set(f.creature_types),
    )
    return out


def test_bundled_cards_agree_with_the_test_records(bundled: CardStore) -> None:
    shared = [name for name in BY_NAME if bundled.card(name) is not None]
    if not shared:
        pytest.skip("the bundled set has none of the test cards")
    for name in shared:
        bundled_card = bundled.card(name)
        assert bundled_card is not None
        assert verdicts(card_features(bundled_card)) == verdicts(card_features(card(name))), name


def test_bundled_companions_are_recognised(bundled: CardStore) -> None:
    for rule in COMPANIONS:
        companion = bundled.card(rule.name)
        if companion is None:
            continue
        assert rule_for(companion) is rule
        assert rule.condition in companion.oracle_text
        assert companion.color_identity == rule.colour_identity
