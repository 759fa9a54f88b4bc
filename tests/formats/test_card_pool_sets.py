"""Formats whose card pool is a list of sets (``pool_sets``: Old School, Premodern): a card the card
data lists no legality for is not legal only when none of its printings is in the pool; one printed
in a pool set, or with no printings to tell by, has its legality not verified (DC015), never
"not legal" (MTGJSON's April 2022 data gives no "oldschool" legality for Mountain)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.model import Card
from deckcheck.errors import ConfigError
from deckcheck.findings import Severity
from deckcheck.formats import get_format, load_registry
from deckcheck.rules import check_deck
from deckcheck.rules import legality as legality_rules
from tests.cardfactory import card
from tests.formats.cards import MAIN, SIDE, deck_of
from tests.formats.helpers import codes, one, only

OLD_SCHOOL, PREMODERN = get_format("oldschool"), get_format("premodern")


def _card(name: str, legal: dict[str, str], printings: list[str] | None, **extra: Any) -> Card:
    if printings is not None:
        extra["printings"] = printings
    return card(name, "{1}", "Creature — Bear", legal=legal, **extra)


# Printings and legalities as MTGJSON's 2022 data gives them (Mountain: no "oldschool" legality)
MOUNTAIN = card(
    "Mountain", None, "Basic Land — Mountain", legal={"legacy": "legal"}, printings=["LEA", "M10"]
)
LOTUS = _card("Black Lotus", {"oldschool": "restricted", "vintage": "restricted"}, ["LEA", "LEB", "2ED"])
GOYF = _card("Tarmogoyf", {"legacy": "legal", "modern": "legal"}, ["FUT", "MMA"])


def test_the_registry_names_the_pools_sets() -> None:
    assert {"LEA", "ARN", "ATQ", "LEG", "DRK", "FEM"} <= OLD_SCHOOL.pool_sets
    assert {"4ED", "ICE", "CHR", "TMP", "USG", "INV", "ODY", "SCG"} <= PREMODERN.pool_sets
    # Portal and Starter are no part of Premodern: the data lists none of their own cards there
    assert not {"POR", "P02", "PTK", "S99", "S00"} & PREMODERN.pool_sets
    assert not get_format("modern").pool_sets and not get_format("legacy").pool_sets


def test_an_unlisted_card_printed_in_a_pool_set_is_not_verified_not_illegal() -> None:
    deck = deck_of((1, LOTUS, MAIN), (55, MOUNTAIN, MAIN), (4, GOYF, MAIN))
    found = check_deck(deck, OLD_SCHOOL)
    assert [f.card for f in only(found, "DC202")] == ["Tarmogoyf"]  # no printing in the pool
    unverified = one(found, "DC015")
    assert unverified.card == "Mountain" and unverified.severity is Severity.WARNING
    assert unverified.location.line == 2 and unverified.rule == "Old School card pool"
    assert "Old School legality of Mountain not verified" in unverified.message
    assert "card data does not give its Old School legality (no 'oldschool' entry)" in unverified.message
    assert "deckcheck cards update" in unverified.message
    assert dict(unverified.data)["status"] == legality_rules.IN_POOL_UNLISTED


def test_cards_the_data_lists_are_judged_as_listed() -> None:
    # Scryfall lists every key: "not_legal" is the data's word, printings or not
    listed_out = _card("City of Brass", {"oldschool": "not_legal"}, ["ARN"])
    banned = _card("Jeweled Bird", {"oldschool": "banned"}, ["ARN"])
    legal = _card("Savannah Lions", {"oldschool": "legal"}, ["LEA"])
    deck = deck_of((1, listed_out, MAIN), (1, banned, SIDE), (4, legal, MAIN), (55, MOUNTAIN, MAIN))
    found = check_deck(deck, OLD_SCHOOL)
    assert one(found, "DC202").card == "City of Brass"
    assert one(found, "DC201").card == "Jeweled Bird"
    assert [f.card for f in only(found, "DC015")] == ["Mountain"]


def test_a_card_without_printings_is_not_verified_either() -> None:
    unprinted = _card("Sample Unprinted Bear", {"legacy": "legal"}, None)
    deck = deck_of((1, LOTUS, MAIN), (4, unprinted, MAIN), (55, MOUNTAIN, MAIN))
    found = [f for f in check_deck(deck, OLD_SCHOOL) if f.card == "Sample Unprinted Bear"]
    assert codes(found) == ["DC015"]
    assert "nor its printings" in found[0].message
    assert dict(found[0].data)["status"] == legality_rules.UNPRINTED_UNLISTED


def test_a_deck_no_card_of_which_lists_the_key_is_judged_by_printings_not_dc204() -> None:
    # Mountain and Tarmogoyf list no "oldschool": the pool still tells Tarmogoyf is not in it
    deck = deck_of((56, MOUNTAIN, MAIN), (4, GOYF, MAIN))
    found = check_deck(deck, OLD_SCHOOL)
    assert codes(found) == ["DC015", "DC202"]
    assert one(found, "DC202").card == "Tarmogoyf" and one(found, "DC015").card == "Mountain"


def test_a_format_without_pool_sets_reads_a_missing_key_as_not_legal() -> None:
    # Mountain lists no "vintage" (as Black Lotus does): without a pool to read, that is "not legal"
    deck = deck_of((1, LOTUS, MAIN), (59, MOUNTAIN, MAIN))
    assert codes(check_deck(deck, get_format("vintage"))) == ["DC202"]


def test_pool_sets_in_a_formats_file(tmp_path: Path) -> None:
    path = tmp_path / "formats.toml"
    path.write_text(
        '[kitchen]\nextends = "constructed"\nlegality_key = "kitchen"\npool_sets = ["lea", " M10 "]\n',
        encoding="utf-8",
    )
    spec = load_registry([path])["kitchen"]
    assert spec.pool_sets == frozenset({"LEA", "M10"})  # as MTGJSON writes set codes
    assert load_registry([path])["oldschool"].pool_cards == OLD_SCHOOL.pool_cards  # not cleared
    deck = deck_of((1, _card("Grizzly Bears", {"kitchen": "legal"}, ["LEA"]), MAIN), (59, MOUNTAIN, MAIN))
    assert one(check_deck(deck, spec), "DC015").card == "Mountain"
    path.write_text('[kitchen]\nextends = "constructed"\npool_sets = "LEA"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"\[kitchen\] pool_sets must be a list of set codes"):
        load_registry([path])


def test_listed_legality() -> None:
    listed = legality_rules.listed_legality
    assert listed("Bear", "banned", ["LEA"], OLD_SCHOOL) == "banned"
    assert listed("Bear", None, ["LEA"], OLD_SCHOOL) == legality_rules.IN_POOL_UNLISTED
    assert listed("Bear", None, ["M10"], OLD_SCHOOL) == "not_legal"
    assert listed("Bear", None, None, OLD_SCHOOL) == legality_rules.UNPRINTED_UNLISTED
    assert listed("Bear", None, ["LEA"], get_format("vintage")) == "not_legal"
    # a card the pool names: in it whatever sets it was printed in
    assert listed("Arena", None, ["PHPR", "TSB"], OLD_SCHOOL) == legality_rules.IN_POOL_UNLISTED
    assert listed("Arena", None, None, OLD_SCHOOL) == legality_rules.IN_POOL_UNLISTED
    assert listed("Arena", "banned", ["PHPR"], OLD_SCHOOL) == "banned"
    assert listed("Arena", None, ["PHPR"], PREMODERN) == "not_legal"


# The 1994 promos as card data that leaves them out of Old School would give them (MTGJSON's 2022
# data lists all three as legal there): their sets hold cards of 1995, outside the pool
ARENA = _card("Arena", {"legacy": "legal"}, ["PHPR", "PRM", "TSB"])
SEWERS = _card("Sewers of Estark", {"legacy": "legal"}, ["PHPR", "PRM"])
NALATHNI = _card("Nalathni Dragon", {"legacy": "legal"}, ["PDRC", "PRED", "PRM"])
CENTAUR = _card("Windseeker Centaur", {"legacy": "legal"}, ["PHPR", "PRM"])  # a promo of 1995


def test_old_schools_1994_promos_are_in_its_pool_by_name() -> None:
    assert {"Arena", "Sewers of Estark", "Nalathni Dragon"} == OLD_SCHOOL.pool_cards
    assert not PREMODERN.pool_cards
    deck = deck_of(
        (1, ARENA, MAIN), (1, SEWERS, MAIN), (1, NALATHNI, SIDE), (1, CENTAUR, MAIN), (56, MOUNTAIN, MAIN)
    )
    found = check_deck(deck, OLD_SCHOOL)
    assert [f.card for f in only(found, "DC202")] == ["Windseeker Centaur"]  # its set is no pool set
    unverified = {f.card: f for f in only(found, "DC015")}
    assert set(unverified) == {"Arena", "Sewers of Estark", "Nalathni Dragon", "Mountain"}
    assert "though Old School's card pool names it" in unverified["Arena"].message
    assert "printed in a set of Old School's card pool" in unverified["Mountain"].message
    assert dict(unverified["Nalathni Dragon"].data)["status"] == legality_rules.IN_POOL_UNLISTED
    # listed, they are judged as listed
    legal = _card("Arena", {"oldschool": "legal"}, ["PHPR"])
    assert not only(check_deck(deck_of((1, legal, MAIN), (59, MOUNTAIN, MAIN)), OLD_SCHOOL), "DC202")


def test_pool_cards_in_a_formats_file(tmp_path: Path) -> None:
    path = tmp_path / "formats.toml"
    path.write_text(
        '[kitchen]\nextends = "constructed"\nlegality_key = "kitchen"\npool_cards = [" Arena "]\n',
        encoding="utf-8",
    )
    spec = load_registry([path])["kitchen"]
    assert spec.pool_cards == frozenset({"Arena"}) and not spec.pool_sets
    # a pool of cards alone: a card it does not name, listed under no key, is not legal, printings
    # or not; a deck no card of which lists the key is judged so, not left unchecked (DC204)
    bear = _card("Grizzly Bears", {"legacy": "legal"}, None)
    found = check_deck(deck_of((4, ARENA, MAIN), (56, bear, MAIN)), spec)
    assert one(found, "DC015").card == "Arena" and one(found, "DC202").card == "Grizzly Bears"
    assert "DC204" not in codes(found)
    path.write_text('[kitchen]\nextends = "constructed"\npool_cards = "Arena"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"\[kitchen\] pool_cards must be a list of names"):
        load_registry([path])


def test_the_bundled_card_set_tells_a_pool_by_its_printings() -> None:
    """The bundled set lists no Old School legality for Lurrus (2020), Sylvan Library (Legends) or
    Hare Apparent (printed after the set's printings were written): by their printings, Lurrus is
    not legal and Sylvan Library not verified; Hare Apparent, with no printings, not verified."""
    from deckcheck.cards.store import CardStore

    store = CardStore.bundled()
    lurrus, library, hare = (
        store.card(name) for name in ("Lurrus of the Dream-Den", "Sylvan Library", "Hare Apparent")
    )
    assert lurrus is not None and library is not None and hare is not None
    deck = deck_of((1, lurrus, MAIN), (1, library, MAIN), (1, hare, MAIN), (57, "Mountain", MAIN))
    found = check_deck(deck, OLD_SCHOOL)
    assert [f.card for f in only(found, "DC202")] == ["Lurrus of the Dream-Den"]
    unverified = {f.card: dict(f.data)["status"] for f in only(found, "DC015")}
    assert unverified == {
        "Sylvan Library": legality_rules.IN_POOL_UNLISTED,
        "Hare Apparent": legality_rules.UNPRINTED_UNLISTED,
    }
    # Premodern: Lurrus and Adanto Vanguard's printings are outside the pool too
    vanguard = store.card("Adanto Vanguard")
    assert vanguard is not None
    found = check_deck(deck_of((4, vanguard, MAIN), (1, lurrus, MAIN), (55, "Mountain", MAIN)), PREMODERN)
    assert sorted(f.card for f in only(found, "DC202")) == ["Adanto Vanguard", "Lurrus of the Dream-Den"]
    assert not only(found, "DC015")
