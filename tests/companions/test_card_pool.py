"""A companion card's own legality in a format whose card pool is a list of sets (``pool_sets``):
listed under no legality key but printed in a pool set, it is not known (the card data may leave it
out), so a met condition is undetermined, never "not legal"; with no printing in the pool it is not
legal, as before."""

from __future__ import annotations

from deckcheck.cards.records import card_from_record
from deckcheck.deck import Deck, DeckCard, Entry, Zone
from deckcheck.formats import get_format
from deckcheck.rules.companions import CompanionResult, companion_findings, evaluate
from deckcheck.value import replace
from tests.companions.cards import BY_NAME

OLD_SCHOOL = get_format("oldschool")
LURRUS = "Lurrus of the Dream-Den"


def _deck(*printings: str) -> Deck:
    """60 Mountains the data lists as legal in Old School, and Lurrus as companion, whose record
    lists no "oldschool" legality and these printings (synthetic: Lurrus was first printed in 2020)."""
    lurrus = card_from_record({**BY_NAME[LURRUS], "printings": list(printings)})
    mountain = card_from_record({**BY_NAME["Mountain"], "legalities": {"oldschool": "legal"}})
    return Deck(
        "deck.txt",
        [
            DeckCard(Entry(60, "Mountain", Zone.MAIN, line=1), mountain),
            DeckCard(Entry(1, LURRUS, Zone.COMPANION, line=2), lurrus),
        ],
    )


def _lurrus(deck: Deck) -> CompanionResult:
    return next(r for r in evaluate(deck, OLD_SCHOOL) if r.companion == LURRUS)


def test_a_companion_printed_in_the_pool_is_not_verified() -> None:
    deck = _deck("LEG", "IKO")
    lurrus = _lurrus(deck)
    assert lurrus.eligible is None and lurrus.declared
    assert any("card data gives no Old School legality for Lurrus" in text for text in lurrus.placement)
    assert not any("not legal" in text for text in lurrus.placement), lurrus.placement
    (found,) = [f for f in companion_findings(deck, OLD_SCHOOL) if f.card == LURRUS]
    assert found.code == "DC015"


def test_a_companion_printed_outside_the_pool_is_not_legal() -> None:
    lurrus = _lurrus(_deck("IKO"))
    assert lurrus.eligible is False and lurrus.placement == ("Lurrus is not legal in Old School",)


def test_a_companion_the_pool_names_is_not_verified() -> None:
    # (a pool of Lurrus by name, as Old School names its 1994 promos: its printing is no pool set)
    named = replace(OLD_SCHOOL, pool_cards=frozenset({LURRUS}))
    deck = _deck("IKO")
    lurrus = next(r for r in evaluate(deck, named) if r.companion == LURRUS)
    assert lurrus.eligible is None and lurrus.declared
    (found,) = [f for f in companion_findings(deck, named) if f.card == LURRUS]
    assert found.code == "DC015"
