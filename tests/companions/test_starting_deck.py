"""What the starting deck leaves for the companion: copies, a stray commander mark, no commander.

- The companion is a card from outside the game, a sideboard card outside Commander, so it counts
  toward the copy limit of deck and sideboard together (CR 100.2a): a starting deck that already
  holds as many copies of its name as the format allows leaves no room for it (Commander's
  singleton rule, CR 903.11a, is the same rule with a limit of one; a Vintage-restricted card's is
  one too).
- Outside Commander a card marked as commander is counted as a main-deck card (DC105 says so), so
  the companion conditions read it too.
- A Commander deck that marks no commander: the commander's colour identity and its own part of the
  starting deck (702.139b) are not known, so a met condition is undetermined, never "eligible".
"""

from __future__ import annotations

import pandas as pd

from deckcheck.cards.store import CardStore
from deckcheck.deck import Deck, DeckCard, Entry, Zone
from deckcheck.format_spec import FormatSpec
from deckcheck.rules.companions import companion_findings, evaluate
from tests.cardfactory import record
from tests.companions import cards as test_cards
from tests.companions.cards import COMMANDER, MODERN, codes, deck, lands, result
from tests.frames.test_companion_table import assert_same

JEGANTHA = "Jegantha, the Wellspring"
VINTAGE = FormatSpec("vintage", "Vintage", "vintage", min_main=60)
TEST_STORE = CardStore.from_records(test_cards.RECORDS, "companion test cards")


def _deck_of(store: CardStore, entries: list[tuple[int, str, Zone]]) -> Deck:
    """A deck of the store's own cards (their legalities decide the deck's legality key)."""
    cards = []
    for line, (qty, name, zone) in enumerate(entries, start=1):
        card = store.get(name)
        assert card is not None, name
        cards.append(DeckCard(Entry(qty, name, zone, line), card))
    return Deck("deck.txt", cards)


def _offered(d: Deck, spec: FormatSpec) -> list[str | None]:
    """The companions DC410 offers."""
    return [f.card for f in companion_findings(d, spec) if f.code == "DC410"]


def _frame(*decks: tuple[str, list[tuple[int, str, Zone]]]) -> pd.DataFrame:
    rows = [
        {"deck_id": deck_id, "zone": str(zone), "card": name, "qty": qty, "line": line}
        for deck_id, entries in decks
        for line, (qty, name, zone) in enumerate(entries, start=1)
    ]
    return pd.DataFrame(rows)


def test_four_copies_in_the_deck_leave_no_room_for_the_companion() -> None:
    full = deck(*lands(56, "Mountain"), (4, JEGANTHA))
    jegantha = result(full, MODERN, "Jegantha")
    assert jegantha.eligible is False
    assert not jegantha.breakers  # the condition itself holds
    assert any("already has 4 copies of Jegantha" in p and "one too many" in p for p in jegantha.placement)
    assert JEGANTHA not in _offered(full, MODERN)  # never offered
    room = deck(*lands(57, "Mountain"), (3, JEGANTHA))
    assert result(room, MODERN, "Jegantha").eligible is True
    assert JEGANTHA in _offered(room, MODERN)


def test_copies_count_across_lines_and_the_array_table_agrees() -> None:
    two_lines = [(2, JEGANTHA, Zone.MAIN), (56, "Mountain", Zone.MAIN), (2, JEGANTHA, Zone.MAIN)]
    three = [(3, JEGANTHA, Zone.MAIN), (57, "Mountain", Zone.MAIN)]
    table = assert_same(_frame(("full", two_lines), ("room", three)), MODERN, TEST_STORE)
    jegantha = table[table["companion"] == JEGANTHA].set_index("deck_id")["eligible"]
    assert jegantha["full"] == False  # noqa: E712 - a decided "no", not NA
    assert jegantha["room"] == True  # noqa: E712


def test_a_declared_companion_over_the_limit_is_the_copy_rules_finding_only() -> None:
    """The copy limit's own error (DC104, rules.sizes) reports the fifth copy; the companion rules
    add no Commander-worded DC405 for it."""
    declared = deck(*lands(56, "Mountain"), (4, JEGANTHA), (1, JEGANTHA, Zone.COMPANION))
    assert result(declared, MODERN, "Jegantha").eligible is False
    assert "DC405" not in codes(declared, MODERN)


def test_without_a_copy_limit_any_number_leaves_room() -> None:
    many = deck(*lands(30, "Mountain"), (10, JEGANTHA))
    assert result(many, test_cards.LIMITED, "Jegantha").eligible is True


def test_a_restricted_companion_in_the_deck_leaves_no_room() -> None:
    restricted = record(
        JEGANTHA,
        "{4}{R/G}",
        "Legendary Creature — Elemental Elk",
        "Companion — No card in your starting deck has more than one of the same mana symbol in its "
        "mana cost.",
        identity=["R", "G"],
        legal={"vintage": "restricted", "modern": "legal"},
    )
    records = [r for r in test_cards.RECORDS if r["name"] != JEGANTHA] + [restricted]
    store = CardStore.from_records(records, "restricted Jegantha")
    entries = [(59, "Mountain", Zone.MAIN), (1, JEGANTHA, Zone.MAIN)]
    d = _deck_of(store, entries)
    (vintage,) = [r for r in evaluate(d, VINTAGE, store.get) if r.companion == JEGANTHA]
    assert vintage.eligible is False
    assert any("Jegantha is restricted in Vintage" in p for p in vintage.placement)
    (modern,) = [r for r in evaluate(d, MODERN, store.get) if r.companion == JEGANTHA]
    assert modern.eligible is True
    assert_same(_frame(("one", entries)), VINTAGE, store)


def test_a_card_marked_as_commander_outside_commander_is_part_of_the_starting_deck() -> None:
    stray = deck(
        *lands(55, "Plains"),
        (4, "Grizzly Bears"),
        (1, "Bonecrusher Giant // Stomp", Zone.COMMANDER),
        (1, "Lurrus of the Dream-Den", Zone.COMPANION),
    )
    lurrus = result(stray, MODERN, "Lurrus")
    assert lurrus.eligible is False
    assert [b.card for b in lurrus.breakers] == ["Bonecrusher Giant // Stomp"]
    assert "DC401" in codes(stray, MODERN)


def test_a_commander_deck_with_no_commander_marked_is_undetermined_where_the_condition_holds() -> None:
    # the MTGO layout read two ways: Kaheera or Lurrus could be the commander, the other the companion
    unmarked = deck(
        (1, "Lightning Bolt"),
        *lands(98, "Plains", "Forest"),
        (1, "Kaheera, the Orphanguard", Zone.SIDEBOARD),
        (1, "Lurrus of the Dream-Den", Zone.SIDEBOARD),
    )
    lurrus = result(unmarked, COMMANDER, "Lurrus")
    assert lurrus.eligible is None
    assert any("no commander is marked" in p for p in lurrus.placement)
    assert result(unmarked, COMMANDER, "Gyruda").eligible is False  # the bolt (mana value 1) decides it
    found = companion_findings(unmarked, COMMANDER)
    assert "DC410" not in [f.code for f in found]
    placement = [f.message for f in found if f.code == "DC403"]
    assert placement and all("(it would qualify)" not in m for m in placement)
    assert all("not verified" in m for m in placement)


def test_no_commander_marked_in_the_array_table_too() -> None:
    entries = [(1, "Lightning Bolt", Zone.MAIN), (99, "Plains", Zone.MAIN)]
    marked = [(1, "Kaheera, the Orphanguard", Zone.COMMANDER), (99, "Plains", Zone.MAIN)]
    table = assert_same(_frame(("unmarked", entries), ("marked", marked)), COMMANDER, TEST_STORE)
    obosh = table[table["companion"] == "Obosh, the Preypiercer"].set_index("deck_id")["eligible"]
    assert pd.isna(obosh["unmarked"])
    kaheera = table[table["companion"] == "Kaheera, the Orphanguard"].set_index("deck_id")["eligible"]
    assert kaheera["marked"] == False  # noqa: E712 - its name is the commander's: decided


def test_a_companion_banned_outright_is_not_said_to_be_playable_in_the_deck() -> None:
    banned = record(
        "Lutri, the Spellchaser",
        "{1}{U/R}{U/R}",
        "Legendary Creature — Elemental Otter",
        "Companion — Each nonland card in your starting deck has a different name.",
        identity=["U", "R"],
        legal={"commander": "banned"},
    )
    records = [r for r in test_cards.RECORDS if r["name"] != "Lutri, the Spellchaser"] + [banned]
    store = CardStore.from_records(records, "Lutri banned outright")
    entries = [
        (1, "Niv-Mizzet Reborn", Zone.COMMANDER),
        (99, "Island", Zone.MAIN),
        (1, "Lutri, the Spellchaser", Zone.COMPANION),
    ]
    banned_deck = _deck_of(store, entries)
    messages = [f.message for f in companion_findings(banned_deck, COMMANDER) if f.code == "DC406"]
    assert messages and all("may still be played" not in m for m in messages)
    # banned only as a companion (the card data says nothing of Lutri): the card may be played
    playable = [
        f.message for f in companion_findings(_deck_of(TEST_STORE, entries), COMMANDER) if f.code == "DC406"
    ]
    assert playable and all("may still be played in the deck" in m for m in playable)


def test_the_hint_for_an_unmarked_commander_leaves_the_declared_companion_out() -> None:
    from deckcheck.rules.commander import check_zones

    d = deck(
        (1, "Niv-Mizzet Reborn"),
        *lands(99, "Island"),
        (1, "Jegantha, the Wellspring", Zone.COMPANION),
    )
    (zone,) = check_zones(d, COMMANDER)
    assert dict(zone.data)["candidates"] == ["Niv-Mizzet Reborn"]
