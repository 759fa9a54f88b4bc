"""Lutri: "Each nonland card in your starting deck has a different name." (split cards have two names,
CR 709.4a / 201.2a; lands are exempt; a spell // land MDFC is nonland)."""

from __future__ import annotations

import random
from itertools import combinations

from deckcheck.deck import Zone
from deckcheck.rules.companions import _lutri_cut
from tests.companions.cards import MODERN, breaker_names, deck, lands, result


def test_singleton_spells_with_many_basics_qualify() -> None:
    d = deck(
        (1, "Lightning Bolt"),
        (1, "Counterspell"),
        (1, "Fire // Ice"),
        (4, "Clearwater Pathway // Murkwater Pathway"),
        *lands(53, "Island", "Mountain"),
    )
    assert result(d, MODERN, "Lutri").eligible


def test_four_of_fails_and_cut_keeps_one() -> None:
    d = deck((4, "Lightning Bolt"), (1, "Counterspell"), *lands(55, "Mountain"))
    r = result(d, MODERN, "Lutri")
    assert breaker_names(r) == ["Lightning Bolt"]
    assert "4 copies" in r.breakers[0].reason
    assert r.cut == (("Lightning Bolt", 3),)


def test_the_same_card_on_two_lines_is_a_repeat() -> None:
    d = deck((1, "Lightning Bolt"), *lands(58, "Mountain"), (1, "Lightning Bolt"))
    r = result(d, MODERN, "Lutri")
    assert [b.line for b in r.breakers] == [1, 3]
    assert "lines 1, 3" in r.breakers[0].reason
    assert r.cut == (("Lightning Bolt", 1),)


def test_split_card_shares_a_name_with_a_card_named_like_its_half() -> None:
    d = deck((1, "Fire // Ice"), (1, "Fire"), *lands(58, "Mountain"))
    r = result(d, MODERN, "Lutri")
    assert sorted(breaker_names(r)) == ["Fire", "Fire // Ice"]
    assert "shares a name with Fire // Ice (line 1)" in next(b.reason for b in r.breakers if b.card == "Fire")
    assert r.cut_count == 1


def test_cut_keeps_the_most_cards_when_names_overlap() -> None:
    # Fire and Ice each clash with Fire // Ice but not with each other: cutting the split card keeps two.
    d = deck((1, "Fire"), (1, "Ice"), (1, "Fire // Ice"), *lands(57, "Island"))
    assert result(d, MODERN, "Lutri").cut == (("Fire // Ice", 1),)


def test_cut_is_the_fewest_copies_in_deck_order() -> None:
    # Random small decks of cards with overlapping names: what the cut leaves is one copy each of
    # cards whose names are pairwise different, as many cards as any such choice keeps, and the cut
    # lists its cards in deck order (cards sharing no name with another are left out of the grouping).
    rng = random.Random(7)
    for _ in range(300):
        pool = [f"n{i}" for i in range(rng.randint(1, 8))]
        names_of = {
            f"c{i}": frozenset(rng.sample(pool, rng.randint(1, min(2, len(pool)))))
            for i in range(rng.randint(1, 7))
        }
        copies = {card: rng.randint(1, 3) for card in names_of}
        holders: dict[str, list[str]] = {}
        for card, names in names_of.items():
            for name in names:
                holders.setdefault(name, []).append(card)
        cut = dict(_lutri_cut(copies, names_of, holders))
        kept = [card for card in copies if cut.get(card, 0) < copies[card]]
        assert all(copies[card] - cut.get(card, 0) == 1 for card in kept)
        assert all(names_of[a].isdisjoint(names_of[b]) for a, b in combinations(kept, 2))
        most = max(
            size
            for size in range(len(names_of) + 1)
            for chosen in combinations(names_of, size)
            if all(names_of[a].isdisjoint(names_of[b]) for a, b in combinations(chosen, 2))
        )
        assert len(kept) == most
        assert list(cut) == [card for card in copies if card in cut]


def test_spell_land_mdfc_is_nonland() -> None:
    d = deck((2, "Sejiri Shelter // Sejiri Glacier"), *lands(58, "Plains"))
    assert breaker_names(result(d, MODERN, "Lutri")) == ["Sejiri Shelter // Sejiri Glacier"]


def test_sideboard_copies_do_not_count() -> None:
    d = deck((1, "Lightning Bolt"), *lands(59, "Mountain"), (3, "Lightning Bolt", Zone.SIDEBOARD))
    assert result(d, MODERN, "Lutri").eligible
