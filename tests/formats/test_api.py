"""The module's public surface: codes, helpers the engine and companion engine call, and the test
records' agreement with the bundled card set."""

from __future__ import annotations

import pytest

from deckcheck.findings import Severity, all_codes
from deckcheck.formats import get_format
from deckcheck.rules import check_deck
from deckcheck.rules.commander import (
    commander_eligibility,
    commander_identity,
    identity_choice,
    partner_abilities,
)
from deckcheck.rules.sizes import copy_limit_for
from tests.formats.cards import CMDR, MAIN, RECORDS, _bundled, deck_of, local

FORMAT_CODES = {
    "DC101": "main-deck-too-small",
    "DC102": "main-deck-too-large",
    "DC103": "sideboard-too-large",
    "DC104": "too-many-copies",
    "DC105": "ambiguous-zones",
    "DC201": "banned",
    "DC202": "not-legal",
    "DC203": "restricted",
    "DC204": "no-legality-data",
    "DC301": "not-a-commander",
    "DC302": "commander-pair-not-allowed",
    "DC303": "too-many-commanders",
    "DC304": "colour-identity",
    "DC305": "basic-land-type-mana",
    "DC306": "commander-deck-size",
    "DC307": "singleton",
    "DC308": "colourless-commander-basics",
    "DC309": "chosen-colour",
}


def test_codes_are_registered_with_stable_slugs() -> None:
    registered = all_codes()
    for code, slug in FORMAT_CODES.items():
        assert registered[code].slug == slug
        expected = Severity.INFO if code == "DC309" else Severity.ERROR
        assert registered[code].severity is expected
        assert registered[code].doc


def test_commander_identity_unites_the_commanders() -> None:
    deck = deck_of((1, local("Thrasios, Triton Hero"), CMDR), (1, local("Kraum, Ludevic's Opus"), CMDR))
    assert commander_identity(deck) == frozenset("GUR")
    assert commander_identity(deck_of((99, local("Island"), MAIN))) == frozenset()


def test_identity_choice_reports_the_assumed_colour() -> None:
    deck = deck_of(
        (1, local("The Prismatic Piper"), CMDR),
        (1, local("Kraum, Ludevic's Opus"), CMDR),
        (1, local("Llanowar Elves"), MAIN),
    )
    choice = identity_choice(deck)
    assert choice.base == frozenset("UR") and choice.assumed == (("The Prismatic Piper", "G"),)


def test_copy_limit_for_reads_the_format() -> None:
    bolt = local("Lightning Bolt")
    assert copy_limit_for(bolt, get_format("modern")) == 4
    assert copy_limit_for(bolt, get_format("commander")) == 1
    assert copy_limit_for(bolt, get_format("limited")) is None


def test_an_empty_deck_is_reported_not_crashed() -> None:
    found = check_deck(deck_of(), get_format("commander"))
    assert {f.code for f in found} == {"DC105", "DC306"}
    assert {f.code for f in check_deck(deck_of(), get_format("modern"))} == {"DC101"}


@pytest.mark.parametrize("name", sorted(n for n in RECORDS if not n.startswith("Sample ")))
def test_records_agree_with_the_bundled_card_set(name: str) -> None:
    store = _bundled()
    if store is None:
        pytest.skip("no bundled card set (data/cards.json)")
    bundled = store.card(name)
    if bundled is None:
        pytest.skip(f"{name} is not in the bundled set")
    ours = local(name)
    assert bundled.color_identity == ours.color_identity
    assert (bundled.deck_types.supertypes, bundled.deck_types.types) == (
        ours.deck_types.supertypes,
        ours.deck_types.types,
    )
    assert set(bundled.deck_types.subtypes) == set(ours.deck_types.subtypes)
    assert partner_abilities(bundled) == partner_abilities(ours)
    commander = get_format("commander")
    assert (commander_eligibility(bundled, commander) is None) == (
        commander_eligibility(ours, commander) is None
    )
    modern = get_format("modern")
    assert copy_limit_for(bundled, modern) == copy_limit_for(ours, modern)
