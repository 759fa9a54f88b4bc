"""Banned, not legal and restricted cards, read from the card data's legalities (DC2xx)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.errors import ConfigError
from deckcheck.formats import get_format, load_registry
from deckcheck.rules import check_deck
from deckcheck.rules.legality import legality_key_for
from tests.formats.cards import CMDR, COMP, MAIN, SIDE, deck_of, local
from tests.formats.helpers import codes, no_errors, one, only

LEGACY, VINTAGE, MODERN = get_format("legacy"), get_format("vintage"), get_format("modern")


def test_banned_card_is_reported_with_its_line_and_format() -> None:
    deck = deck_of(
        (56, local("Island"), MAIN), (1, local("Black Lotus"), MAIN), (3, local("Brainstorm"), MAIN)
    )
    found = one(check_deck(deck, LEGACY), "DC201")
    assert found.card == "Black Lotus" and found.location.line == 2 and "banned in Legacy" in found.message
    assert found.rule == "Legacy banned list"


def test_a_format_missing_from_the_legalities_means_not_legal() -> None:
    deck = deck_of((59, local("Island"), MAIN), (1, local("Black Lotus"), MAIN))
    found = one(check_deck(deck, MODERN), "DC202")
    assert found.card == "Black Lotus" and "not legal in Modern" in found.message


def test_sideboard_cards_must_be_legal_too() -> None:
    deck = deck_of((60, local("Island"), MAIN), (1, local("Black Lotus"), SIDE))
    assert one(check_deck(deck, MODERN), "DC202").location.section == "sideboard"


def test_restricted_one_copy_passes_in_vintage() -> None:
    deck = deck_of(
        (59, local("Island"), MAIN), (1, local("Black Lotus"), MAIN), (1, local("Brainstorm"), SIDE)
    )
    no_errors(check_deck(deck, VINTAGE))


def test_restricted_is_counted_across_main_and_sideboard() -> None:
    deck = deck_of(
        (58, local("Island"), MAIN), (1, local("Brainstorm"), MAIN), (1, local("Brainstorm"), SIDE)
    )
    found = check_deck(deck, VINTAGE)
    restricted = one(found, "DC203")
    assert (
        restricted.card == "Brainstorm"
        and "found 2" in restricted.message
        and "lines 2, 3" in restricted.message
    )
    assert not only(found, "DC104")


def test_four_copies_of_a_restricted_card_is_one_restricted_finding() -> None:
    deck = deck_of(
        (56, local("Island"), MAIN), (4, local("Black Lotus"), MAIN), (1, local("Black Lotus"), COMP)
    )
    assert codes(check_deck(deck, VINTAGE)) == ["DC203"]


def test_restricted_is_not_banned_in_vintage_and_banned_in_legacy() -> None:
    deck = deck_of((59, local("Island"), MAIN), (1, local("Sol Ring"), MAIN))
    no_errors(check_deck(deck, VINTAGE))
    assert one(check_deck(deck, LEGACY), "DC201").card == "Sol Ring"


def test_extra_banned_from_a_user_file(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('[modern]\nextra_banned = ["Lightning Bolt"]\n', encoding="utf-8")
    spec = load_registry([path])["modern"]
    deck = deck_of((4, local("Lightning Bolt"), MAIN), (56, local("Mountain"), MAIN))
    assert one(check_deck(deck, spec), "DC201").card == "Lightning Bolt"
    no_errors(check_deck(deck, MODERN))


def test_every_card_is_checked_not_just_the_first() -> None:
    deck = deck_of(
        (1, local("Black Lotus"), MAIN),
        (1, local("Tundra"), MAIN),
        (1, local("Thrasios, Triton Hero"), MAIN),
        (57, local("Island"), MAIN),
    )
    assert sorted(f.card or "" for f in only(check_deck(deck, MODERN), "DC202")) == [
        "Black Lotus",
        "Thrasios, Triton Hero",
        "Tundra",
    ]


def test_no_card_with_the_format_key_is_one_clear_error_not_sixty() -> None:
    # Data that predates Timeless (added December 2023): no card lists the key.
    mountain = local("Mountain", legalities={"modern": "legal", "legacy": "legal"})
    deck = deck_of((4, local("Lightning Bolt"), MAIN), (56, mountain, MAIN))
    found = check_deck(deck, get_format("timeless"))
    assert codes(found) == ["DC204"]
    assert "'timeless'" in found[0].message and "not checked" in found[0].message


def test_limited_reads_no_legality() -> None:
    deck = deck_of((40, local("Black Lotus"), MAIN))
    no_errors(check_deck(deck, get_format("limited")))


def test_brawl_key_aliases_follow_the_data_generation() -> None:
    brawl, standard_brawl = get_format("brawl"), get_format("standardbrawl")
    # Older data (MTGJSON 2022): "historicbrawl" is Arena Brawl and "brawl" is Standard Brawl.
    old_bear = local("Grizzly Bears", legalities={"historicbrawl": "legal"})
    old_forest = local("Forest", legalities={"historicbrawl": "legal", "brawl": "legal"})
    old = deck_of((1, local("Kozilek, Butcher of Truth"), CMDR), (1, old_bear, MAIN), (98, old_forest, MAIN))
    assert legality_key_for(old, brawl) == "historicbrawl"
    assert legality_key_for(old, standard_brawl) == "brawl"
    # Scryfall since 2024: "brawl" is Arena Brawl, "standardbrawl" is Standard Brawl, every key listed.
    new_bear = local("Grizzly Bears", legalities={"brawl": "legal", "standardbrawl": "not_legal"})
    new_forest = local("Forest", legalities={"brawl": "legal", "standardbrawl": "legal"})
    wilson = local("Wilson, Refined Grizzly", legalities={"brawl": "legal", "standardbrawl": "legal"})
    new = deck_of((1, wilson, CMDR), (1, new_bear, MAIN), (98, new_forest, MAIN))
    assert legality_key_for(new, brawl) == "brawl"
    assert legality_key_for(new, standard_brawl) == "standardbrawl"
    assert [f.card for f in only(check_deck(new, standard_brawl), "DC202")] == ["Grizzly Bears"]
    no_errors(check_deck(new, brawl))


def test_commander_bans_include_the_command_zone() -> None:
    deck = deck_of((1, local("Karakas"), CMDR), (99, local("Plains"), MAIN))
    found = check_deck(deck, get_format("commander"))
    assert one(found, "DC201").location.section == "commander"
    assert one(found, "DC301").card == "Karakas"  # a legendary land is no commander either


def test_duel_commander_restricted_means_banned_as_commander() -> None:
    duel = get_format("duel")
    assert duel.restricted_means == "not-as-commander"
    thrasios = local("Thrasios, Triton Hero")  # duel: restricted in the 2022 data
    as_commander = deck_of((1, thrasios, CMDR), (99, local("Island"), MAIN))
    found = one(check_deck(as_commander, duel), "DC201")
    assert "banned as a commander in Duel Commander" in found.message and found.location.line == 1
    in_the_deck = deck_of(
        (1, local("Kraum, Ludevic's Opus"), CMDR), (1, thrasios, MAIN), (98, local("Island"), MAIN)
    )
    assert not [f for f in check_deck(in_the_deck, duel) if f.code.startswith("DC2")]


def test_old_pauper_commander_restricted_means_commander_only() -> None:
    pdh = get_format("paupercommander")
    uncommon = local("Tymna the Weaver", legalities={"paupercommander": "restricted"})
    island = local("Island")
    no_errors(check_deck(deck_of((1, uncommon, CMDR), (99, local("Swamp"), MAIN)), pdh))
    in_the_deck = deck_of(
        (1, local("Kraum, Ludevic's Opus", legalities={"paupercommander": "restricted"}), CMDR),
        (1, uncommon, MAIN),
        (98, island, MAIN),
    )
    found = one(check_deck(in_the_deck, pdh), "DC202")
    assert found.card == "Tymna the Weaver" and "only as the commander" in found.message


def test_restricted_means_is_validated(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('[modern]\nrestricted_means = "banned"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"\[modern\] restricted_means must be one of"):
        load_registry([path])
