"""What a result advises beyond its verdict: the cut or add it offers, and whether it is a near miss.
A companion that something forbids whatever the deck holds (banned as a companion, outside the
commander's colours) is offered no change: no cut of the deck's cards qualifies it."""

from __future__ import annotations

from deckcheck.deck import Zone
from deckcheck.reporters import fix_text
from deckcheck.value import replace
from tests.companions.cards import COMMANDER, MODERN, deck, findings, lands, result
from tests.companions.test_commander import commander_deck

LURRUS_BANNED = replace(MODERN, companion_bans=frozenset({"Lurrus of the Dream-Den"}))
YORION_BANNED = replace(MODERN, companion_bans=frozenset({"Yorion, Sky Nomad"}))


def test_a_companion_banned_as_companion_is_offered_no_cut() -> None:
    d = deck((1, "Tarmogoyf"), (2, "Bonecrusher Giant // Stomp"), *lands(57, "Forest"))
    allowed = result(d, MODERN, "Lurrus")
    assert allowed.cut == (("Bonecrusher Giant // Stomp", 2),) and allowed.near_miss
    banned = result(d, LURRUS_BANNED, "Lurrus")
    # what breaks the condition is still said; what to cut is not, and it is no near miss
    assert [b.card for b in banned.breakers] == ["Bonecrusher Giant // Stomp"]
    assert banned.cut == () and banned.add == 0 and not banned.near_miss
    assert "cut" not in banned.note and fix_text(banned, 60, LURRUS_BANNED) == ""
    assert [f.code for f in findings(d, LURRUS_BANNED) if f.card == banned.companion] == []


def test_a_companion_outside_the_commanders_colours_is_offered_no_cut() -> None:
    d = deck(*commander_deck(["Thalia, Guardian of Thraben"], [(1, "Bonecrusher Giant // Stomp")]))
    r = result(d, COMMANDER, "Lurrus")  # {W}{B}: {B} is outside Thalia's {W}
    assert r.breakers and r.cut == () and not r.near_miss


def test_a_sideboard_companion_banned_as_companion_offers_no_cut() -> None:
    d = deck(
        (2, "Bonecrusher Giant // Stomp"),
        *lands(58, "Forest"),
        (1, "Lurrus of the Dream-Den", Zone.SIDEBOARD),
    )
    (found,) = [f for f in findings(d, LURRUS_BANNED) if f.card == "Lurrus of the Dream-Den"]
    assert found.code == "DC412" and "to qualify" not in found.message
    assert result(d, LURRUS_BANNED, "Lurrus").cut == ()


def test_a_yorion_banned_as_companion_is_told_to_add_nothing() -> None:
    d = deck(*lands(79, "Plains"), (1, "Yorion, Sky Nomad", Zone.SIDEBOARD))
    allowed = result(d, MODERN, "Yorion")
    assert allowed.add == 1 and allowed.near_miss and fix_text(allowed, 79, MODERN) == "add 1"
    banned = result(d, YORION_BANNED, "Yorion")
    # the count is still said; cards to add are not (the table, the JSON note, the findings)
    assert banned.add == 0 and "has 79 cards" in banned.note and "add" not in banned.note
    assert fix_text(banned, 79, YORION_BANNED) == ""
    (found,) = [f for f in findings(d, YORION_BANNED) if f.card == banned.companion]
    assert found.code == "DC412" and "add" not in found.message


def test_the_fix_says_replace_where_cutting_leaves_too_few_cards() -> None:
    short = deck((4, "Tarmogoyf"), (2, "Bonecrusher Giant // Stomp"), *lands(54, "Forest"))
    r = result(short, MODERN, "Lurrus")
    assert r.cut_count == 2
    assert fix_text(r, 60, MODERN) == "replace 2"  # 58 cards would be under Modern's 60
    assert fix_text(r, 62, MODERN) == "cut 2"


def test_lutri_cuts_in_deck_order_as_every_cut() -> None:
    d = deck((2, "Tarmogoyf"), (3, "Lightning Bolt"), (1, "Fire // Ice"), (1, "Fire"), *lands(53, "Forest"))
    r = result(d, MODERN, "Lutri")
    assert [name for name, _ in r.cut] == ["Tarmogoyf", "Lightning Bolt", "Fire // Ice"]
    assert r.cut_count == 4  # a copy beyond the first of each name, and the split card that shares "Fire"
    simple = deck((2, "Tarmogoyf"), (3, "Lightning Bolt"), *lands(55, "Forest"))
    assert result(simple, MODERN, "Lutri").cut == (("Tarmogoyf", 1), ("Lightning Bolt", 2))


LUTRI_BANNED = replace(MODERN, companion_bans=frozenset({"Lutri, the Spellchaser"}))


def test_a_lutri_banned_as_companion_is_told_to_keep_nothing() -> None:
    d = deck((4, "Tarmogoyf"), *lands(56, "Forest"), (1, "Lutri, the Spellchaser", Zone.SIDEBOARD))
    allowed = result(d, MODERN, "Lutri")
    assert allowed.cut == (("Tarmogoyf", 3),) and allowed.note.startswith("keep one copy of each name")
    banned = result(d, LUTRI_BANNED, "Lutri")
    # no copies to keep or cut are advised for a companion the deck cannot reveal
    assert banned.cut == () and "keep" not in banned.note and "cut" not in banned.note
