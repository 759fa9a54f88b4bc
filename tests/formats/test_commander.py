"""Commander rules (CR 903, 702.124) and their Brawl variants: eligibility, partner pairs, colour
identity, 903.5d, singleton, size, zones. Each Commander bug reported for another validator has a
case here."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from deckcheck.cards.model import Card
from deckcheck.deck import Deck, Entry, Zone
from deckcheck.engine import deck_status
from deckcheck.findings import Severity
from deckcheck.format_spec import FormatSpec
from deckcheck.formats import get_format, load_registry
from deckcheck.rules import check_deck
from deckcheck.rules.commander import (
    commander_eligibility,
    commander_identity,
    pair_problem,
    partner_abilities,
)
from tests.formats.cards import CMDR, COMP, MAIN, RECORDS, SIDE, card, deck_of, local
from tests.formats.helpers import codes, errors, one, only

COMMANDER = get_format("commander")
BRAWL = get_format("brawl")
STANDARD_BRAWL = get_format("standardbrawl")


def commander_deck(
    commanders: Sequence[str | Card],
    spells: Sequence[str | Card] = (),
    *,
    filler: str = "Wastes",
    size: int = 100,
    extra: Sequence[tuple[int, str | Card, Zone]] = (),
) -> Deck:
    """Commanders, one of each spell, then basics (Wastes fit any identity) up to ``size``."""
    rest = size - len(commanders) - len(spells) - sum(q for q, _, z in extra if z is MAIN)
    items: list[tuple[int, str | Card, Zone]] = [(1, c, CMDR) for c in commanders]
    items += [(1, s, MAIN) for s in spells]
    items += list(extra)
    if rest > 0:
        items.append((rest, filler, MAIN))
    return deck_of(*items)


def rule_codes(deck: Deck, spec: FormatSpec = COMMANDER) -> list[str]:
    """The error codes other than legality (DC2xx), which depend on the card data's date."""
    return [c for c in codes(errors(check_deck(deck, spec))) if not c.startswith("DC2")]


# -- eligibility (CR 903.3) -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name",
    [
        "Niv-Mizzet, Parun",  # legendary creature
        "Parhelion II",  # legendary Vehicle (2026 CR 903.3b)
        "Sample Flagship",  # legendary Spacecraft with P/T (903.3c)
        "Teferi, Temporal Archmage",  # "can be your commander" (903.3a)
        "Grist, the Hunger Tide",  # a creature card outside the battlefield, by its own text
    ],
)
def test_legal_commanders(name: str) -> None:
    assert commander_eligibility(card(name), COMMANDER) is None
    assert rule_codes(commander_deck([name])) == []


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Grizzly Bears", "not legendary"),
        ("Karakas", "is not a legendary creature"),
        ("Sample Relay", "Spacecraft without power and toughness"),
        ("Jace, the Mind Sculptor", "is not a legendary creature"),
        ("Raised by Giants", "Background"),  # a Background alone: XMage #10004, Forge
    ],
)
def test_not_commanders(name: str, why: str) -> None:
    found = one(check_deck(commander_deck([name]), COMMANDER), "DC301")
    assert found.card == name and why in found.message and found.rule == "CR 903.3"
    assert found.location.line == 1 and found.location.section == "commander"


def test_a_double_faced_card_is_judged_by_its_front_face_and_says_so() -> None:
    """Westvale Abbey's back face, Ormendahl, is a legendary creature; the card is a land outside the
    battlefield (CR 712.8a). Written by its back face's name, the reason must not read "Ormendahl ... is
    not legendary": it names the front face the rule reads."""
    abbey = card("Westvale Abbey // Ormendahl, Profane Prince")
    for spec in (COMMANDER, get_format("paupercommander")):
        problem = commander_eligibility(abbey, spec)
        assert problem is not None and "front face, Westvale Abbey, is Land" in problem
        assert "CR 712.8a" in problem


def test_grist_is_a_creature_card_by_its_text_not_its_type_line() -> None:
    grist = card("Grist, the Hunger Tide")
    assert grist.is_creature and "Insect" in grist.deck_types.subtypes
    assert commander_eligibility(grist, COMMANDER) is None
    # Without the sentence (and without leadership data) it would be just a planeswalker.
    face = {**RECORDS["Grist, the Hunger Tide"]["faces"][0], "oracle_text": "[+1]: Mill a card."}
    plain = local("Grist, the Hunger Tide", faces=[face])
    assert commander_eligibility(plain, COMMANDER) is not None


def test_leadership_data_is_trusted_when_it_says_yes() -> None:
    odd = local("Jace, the Mind Sculptor", leadership={"commander": True})
    assert commander_eligibility(odd, COMMANDER) is None


def test_brawl_allows_any_legendary_planeswalker() -> None:
    assert commander_eligibility(card("Jace, the Mind Sculptor"), BRAWL) is None
    assert rule_codes(commander_deck(["Jace, the Mind Sculptor"], filler="Island"), BRAWL) == []


# -- pairs (CR 702.124) ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Thrasios, Triton Hero", "Tymna the Weaver"),  # Partner
        ("Rhoda, Geist Avenger", "Timin, Youthful Geist"),  # Partner with, the named pair (XMage #8482)
        ("Hargilde, Kindly Runechanter", "Sophina, Spearsage Deserter"),  # Friends forever (CR25 form)
        ("Hargilde, Kindly Runechanter", "Sample Friend"),  # the same ability in the 2026 wording
        ("Wilson, Refined Grizzly", "Raised by Giants"),  # Choose a Background
        ("Raised by Giants", "Wilson, Refined Grizzly"),  # either order
        ("Clara Oswald", "The Tenth Doctor"),  # Doctor's companion
        ("The Prismatic Piper", "Kraum, Ludevic's Opus"),  # Partner
    ],
)
def test_allowed_pairs(first: str, second: str) -> None:
    assert pair_problem(card(first), card(second)) is None
    found = check_deck(commander_deck([first, second]), COMMANDER)
    assert not only(found, "DC302") and not only(found, "DC301") and not only(found, "DC303")


@pytest.mark.parametrize(
    ("first", "second", "why", "rule"),
    [
        # Partner with names one card only (Moxfield #74).
        (
            "Rhoda, Geist Avenger",
            "Toothy, Imaginary Friend",
            "Rhoda, Geist Avenger has Partner with Timin",
            "CR 702.124j",
        ),
        # A plain Partner card doesn't pair with a Partner with card (702.124f).
        ("Thrasios, Triton Hero", "Pir, Imaginative Rascal", "pairs only with Toothy", "CR 702.124j"),
        # Friends forever only with friends forever (doubletap pairs any two "Partner*").
        ("Hargilde, Kindly Runechanter", "Thrasios, Triton Hero", "can't be mixed", "CR 702.124f"),
        ("Sample Friend", "Sample Fighter", "only the same Partner—[text] ability pairs", "CR 702.124i"),
        # Background needs Choose a Background.
        ("Thrasios, Triton Hero", "Raised by Giants", "Raised by Giants is a Background", "CR 702.124k"),
        ("Wilson, Refined Grizzly", "Tymna the Weaver", "is not a legendary Background", "CR 702.124k"),
        # Doctor's companion needs a Time Lord Doctor with no other creature types.
        ("Clara Oswald", "The Master, Formed Anew", "Time Lord Doctor", "CR 702.124m"),
        # A changeling is a Time Lord Doctor and every other creature type too (XMage's "is not a
        # Brushwagg" check), whether or not its type line prints Time Lord Doctor.
        ("Clara Oswald", "Morophon, the Boundless", "Time Lord Doctor", "CR 702.124m"),
        ("Clara Oswald", "Sample Shapeshifting Doctor", "Time Lord Doctor", "CR 702.124m"),
        # No partner ability at all.
        (
            "Niv-Mizzet, Parun",
            "Thrasios, Triton Hero",
            "Niv-Mizzet, Parun has no partner ability",
            "CR 702.124a",
        ),
    ],
)
def test_pairs_not_allowed_say_which_rule_fails(first: str, second: str, why: str, rule: str) -> None:
    found = one(check_deck(commander_deck([first, second]), COMMANDER), "DC302")
    assert why in found.message, found.message
    assert found.rule == rule
    assert first in found.message and second in found.message


def test_partner_abilities_are_parsed_from_the_oracle_text() -> None:
    assert partner_abilities(card("Thrasios, Triton Hero")).partner
    assert partner_abilities(card("Rhoda, Geist Avenger")).partner_with == ("Timin, Youthful Geist",)
    assert partner_abilities(card("Sophina, Spearsage Deserter")).partner_texts == ("Friends forever",)
    assert partner_abilities(card("Sample Friend")).partner_texts == ("Friends forever",)
    assert partner_abilities(card("Wilson, Refined Grizzly")).choose_background
    assert partner_abilities(card("Clara Oswald")).doctors_companion
    assert not partner_abilities(card("Niv-Mizzet, Parun")).any


def test_a_commander_no_card_can_join_breaks_the_pair_whatever_the_unknown_second_is() -> None:
    """Niv-Mizzet has no partner ability and is neither a Background nor a Time Lord Doctor: beside it
    no card can be a second commander (702.124), so a second one the card data does not know breaks
    the rule already (DC302), its own eligibility still not verified. A second line that may be no
    card (no count written), or a first commander some card could join, leaves the pair undecided."""
    niv = deck_of((1, "Niv-Mizzet, Parun", CMDR), (98, "Wastes", MAIN))
    unknown = Entry(1, "Totally Unknown Card", CMDR, line=3)
    found = check_deck(Deck(niv.path, niv.cards, unresolved=[unknown]), COMMANDER)
    pair = one(found, "DC302")
    assert pair.card == "Niv-Mizzet, Parun" and pair.rule == "CR 702.124a" and pair.location.line == 3
    assert "Niv-Mizzet, Parun has no partner ability" in pair.message
    assert "Totally Unknown Card" in pair.message
    assert any(f.code == "DC015" and "commander eligibility" in f.message for f in found)
    no_count = Entry(1, "Totally Unknown Card", CMDR, line=3, count_given=False)
    assert not only(check_deck(Deck(niv.path, niv.cards, unresolved=[no_count]), COMMANDER), "DC302")
    for joinable in ("Thrasios, Triton Hero", "Raised by Giants", "The Tenth Doctor"):
        deck = deck_of((1, joinable, CMDR), (98, "Wastes", MAIN))
        found = check_deck(Deck(deck.path, deck.cards, unresolved=[unknown]), COMMANDER)
        assert not only(found, "DC302") and not only(found, "DC301"), joinable


def test_never_more_than_two_commanders() -> None:
    deck = commander_deck(["Thrasios, Triton Hero", "Tymna the Weaver", "Kraum, Ludevic's Opus"])
    found = check_deck(deck, COMMANDER)
    assert "3 commanders" in one(found, "DC303").message and one(found, "DC303").rule == "CR 702.124g"
    assert not only(found, "DC302")


# -- two commanders in Brawl: not settled (docs/format-history.md, "Brawl and two commanders") ------
BRAWL_FAMILY = [BRAWL, get_format("historicbrawl"), STANDARD_BRAWL]
PAIRS = [
    ("Thrasios, Triton Hero", "Tymna the Weaver"),  # partner
    ("Rhoda, Geist Avenger", "Timin, Youthful Geist"),  # partner with
    ("Sophina, Spearsage Deserter", "Sample Friend"),  # partner—Friends forever
    ("Wilson, Refined Grizzly", "Raised by Giants"),  # choose a Background
    ("Clara Oswald", "The Tenth Doctor"),  # Doctor's companion
]


def unsettled_pairs(deck: Deck, spec: FormatSpec) -> list[str]:
    """The cards of the not-verified findings on the number of commanders."""
    return [
        f.card or ""
        for f in check_deck(deck, spec)
        if f.code == "DC015" and "deck construction" in (f.rule or "")
    ]


@pytest.mark.parametrize("spec", BRAWL_FAMILY, ids=lambda s: s.name)
@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_a_pair_the_partner_rules_allow_is_not_verified_in_brawl(
    spec: FormatSpec, first: str, second: str
) -> None:
    """Whether Brawl lets two commanders lead is not known: a pair CR 702.124 allows is neither
    failed ("Brawl allows one commander", DC303) nor passed, at its second line, whatever its
    size; in Commander the same pair is legal."""
    size = spec.max_main or 100
    deck = commander_deck([first, second], size=size)
    found = check_deck(deck, spec)
    assert rule_codes(deck, spec) == []  # no DC302, DC303, nor the size: both commanders count
    (pair,) = [f for f in found if f.code == "DC015" and "deck construction" in (f.rule or "")]
    assert pair.severity is Severity.WARNING and pair.card == second and pair.location.line == 2
    assert f"{first} and {second} may be commanders together" in pair.message
    assert f"whether {spec.title} allows two commanders is not known" in pair.message
    assert f"any other day: {BRAWLS_REASON}" in pair.message
    assert dict(pair.data)["commanders"] == [first, second]
    assert deck_status(found) == "not verified"
    assert unsettled_pairs(commander_deck([first, second]), COMMANDER) == []
    assert rule_codes(commander_deck([first, second])) == []


# Why Brawl's answer is not known (its sources): the reason its definition gives
BRAWLS_REASON = "Wizards' Brawl rules give a deck one commander"


def test_a_format_of_ones_own_that_leaves_pairs_unsettled_says_so_not_brawls_sources(tmp_path: Path) -> None:
    """A formats file's own format with ``commander_pairs_known = false``: the pair is not verified as
    in Brawl, but the reason is the format's definition (named, with the key), or the reason it
    gives; Brawl's sources are Brawl's only, and a format that extends Brawl keeps them."""
    path = tmp_path / "formats.toml"
    path.write_text(
        '[house]\nextends = "commander"\ntitle = "House"\ncommander_pairs_known = false\n\n'
        '[reasoned]\nextends = "commander"\ncommander_pairs_known = false\n'
        'commander_pairs_reason = "the league has not voted on partners yet"\n\n'
        '[arena-league]\nextends = "brawl"\n',
        encoding="utf-8",
    )
    registry = load_registry([path])
    pair = ["Thrasios, Triton Hero", "Tymna the Weaver"]

    def message(spec: FormatSpec) -> str:
        (found,) = [
            f
            for f in check_deck(commander_deck(pair, size=spec.max_main or 100), spec)
            if f.code == "DC015" and "deck construction" in (f.rule or "")
        ]
        return found.message

    house = message(registry["house"])
    assert "whether House allows two commanders is not known" in house
    own = "the definition of the format ([house] in its formats file) sets commander_pairs_known = false"
    assert f"any other day: {own}" in house
    assert BRAWLS_REASON not in house and "Arena" not in house
    reasoned = message(registry["reasoned"])
    assert reasoned.endswith("any other day: the league has not voted on partners yet")
    assert BRAWLS_REASON in message(registry["arena-league"])


@pytest.mark.parametrize("spec", BRAWL_FAMILY, ids=lambda s: s.name)
def test_brawl_still_fails_what_no_reading_allows(spec: FormatSpec) -> None:
    """Whatever Brawl allows, a pair the partner rules refuse fails (one commander, or two by CR
    702.124), three commanders fail (702.124g), and a pair's deck counts both commanders."""
    size = spec.max_main or 100
    refused = commander_deck(["Niv-Mizzet, Parun", "Thrasios, Triton Hero"], size=size)
    assert one(check_deck(refused, spec), "DC302").rule == "CR 702.124a"
    assert unsettled_pairs(refused, spec) == []
    three = commander_deck(["Thrasios, Triton Hero", "Tymna the Weaver", "Kraum, Ludevic's Opus"], size=size)
    found = one(check_deck(three, spec), "DC303")
    assert "3 commanders" in found.message and found.rule == "CR 702.124g"
    assert (
        "at most 2 commanders (two only if it allows partner pairs at all, which is not known)"
        in found.message
    )
    assert unsettled_pairs(three, spec) == []
    too_big = commander_deck(["Thrasios, Triton Hero", "Tymna the Weaver"], size=size + 1)
    assert "DC306" in rule_codes(too_big, spec)
    assert rule_codes(commander_deck(["Niv-Mizzet, Parun"], filler="Island", size=size), spec) == []


def test_the_same_commander_twice_is_a_singleton_violation() -> None:
    deck = deck_of((2, "Niv-Mizzet, Parun", CMDR), (98, "Island", MAIN))
    assert "DC307" in codes(check_deck(deck, COMMANDER))


# -- colour identity (CR 903.4, 903.5c) ----------------------------------------------------------------
def test_partners_identity_is_the_union_not_each_separately() -> None:
    # Thrasios G/U + Tymna W/B: Kitchen Finks (G/W hybrid) fits the union, neither commander alone.
    deck = commander_deck(["Thrasios, Triton Hero", "Tymna the Weaver"], ["Kitchen Finks", "Dark Ritual"])
    assert commander_identity(deck) == frozenset("WUBG")
    assert "DC304" not in codes(check_deck(deck, COMMANDER))


def test_card_outside_the_identity_names_both_identities() -> None:
    deck = commander_deck(["Thrasios, Triton Hero", "Tymna the Weaver"], ["Lightning Bolt"])
    found = one(check_deck(deck, COMMANDER), "DC304")
    assert found.card == "Lightning Bolt" and found.rule == "CR 903.5c" and found.location.line == 3
    assert "colour identity R" in found.message and "WUBG" in found.message
    assert dict(found.data) == {"card_identity": ["R"], "commander_identity": ["W", "U", "B", "G"]}


def test_hybrid_counts_all_its_colours() -> None:
    deck = commander_deck(["Wilson, Refined Grizzly"], ["Kitchen Finks"])
    assert one(check_deck(deck, COMMANDER), "DC304").card == "Kitchen Finks"


def test_basic_lands_outside_the_identity() -> None:
    deck = commander_deck(["Niv-Mizzet, Parun"], extra=[(10, "Forest", MAIN)], filler="Island")
    assert one(check_deck(deck, COMMANDER), "DC304").card == "Forest"


def test_903_5d_basic_land_type_mana_outside_the_identity() -> None:
    # Data whose identity for a Plains Island dual is [] (reminder text only): 903.5d still applies.
    deck = commander_deck(["Niv-Mizzet, Parun"], [local("Sample Tundra")])
    found = one(check_deck(deck, COMMANDER), "DC305")
    assert found.card == "Sample Tundra" and found.rule == "CR 903.5d" and "W" in found.message
    assert "DC304" not in codes(check_deck(deck, COMMANDER))
    # With the real identity (W/U) DC304 reports it, once.
    real = commander_deck(["Niv-Mizzet, Parun"], ["Tundra"])
    assert codes(errors(check_deck(real, COMMANDER))) == ["DC304"]
    # Inside the identity: nothing.
    assert (
        rule_codes(commander_deck(["Hargilde, Kindly Runechanter"], ["Tundra", local("Sample Tundra")])) == []
    )


def test_dryad_arbor_follows_its_forest_type() -> None:
    assert rule_codes(commander_deck(["Wilson, Refined Grizzly"], ["Dryad Arbor"])) == []
    assert "DC304" in rule_codes(commander_deck(["Niv-Mizzet, Parun"], ["Dryad Arbor"]))


def test_colourless_commander_basics_exception_is_brawl_only() -> None:
    islands = commander_deck(["Kozilek, Butcher of Truth"], filler="Island")
    found = only(check_deck(islands, COMMANDER), "DC304")
    assert [f.card for f in found] == ["Island"] and "Brawl rule" in found[0].message
    assert rule_codes(islands, BRAWL) == []
    assert (
        rule_codes(commander_deck(["Kozilek, Butcher of Truth"], filler="Island", size=60), STANDARD_BRAWL)
        == []
    )


def test_brawl_colourless_commander_one_basic_type_only() -> None:
    deck = commander_deck(
        ["Kozilek, Butcher of Truth"],
        extra=[(30, "Swamp", MAIN), (5, "Snow-Covered Island", MAIN)],
        filler="Island",
    )
    found = check_deck(deck, BRAWL)
    misuse = one(found, "DC308")
    assert misuse.card == "Swamp" and "Island" in misuse.message
    assert "DC304" not in codes(found)  # Islands (snow ones too) are the allowed type; Swamp is DC308 only
    # A spell outside the (colourless) identity is still an identity violation.
    assert "DC304" in rule_codes(
        commander_deck(["Kozilek, Butcher of Truth"], ["Counterspell"], filler="Island"), BRAWL
    )


def test_wastes_fit_every_commander() -> None:
    assert rule_codes(commander_deck(["Niv-Mizzet, Parun"], filler="Wastes")) == []


def test_prismatic_piper_adds_the_colour_the_deck_needs() -> None:
    deck = commander_deck(
        ["The Prismatic Piper", "Kraum, Ludevic's Opus"], ["Llanowar Elves", "Grizzly Bears"]
    )
    found = check_deck(deck, COMMANDER)
    assumed = one(found, "DC309")
    assert (
        assumed.card == "The Prismatic Piper"
        and "assumed G" in assumed.message
        and assumed.rule == "CR 903.4b"
    )
    assert "DC304" not in codes(found)
    assert commander_identity(deck) == frozenset("URG")


def test_prismatic_piper_is_one_colour_not_any() -> None:
    deck = commander_deck(
        ["The Prismatic Piper", "Kraum, Ludevic's Opus"], ["Llanowar Elves", "Grizzly Bears", "Dark Ritual"]
    )
    found = check_deck(deck, COMMANDER)
    assert "assumed G" in one(found, "DC309").message  # two green cards beat one black one
    assert one(found, "DC304").card == "Dark Ritual"


def test_prismatic_piper_needs_nothing() -> None:
    deck = commander_deck(["The Prismatic Piper", "Kraum, Ludevic's Opus"], ["Counterspell"])
    assert "no extra colour" in one(check_deck(deck, COMMANDER), "DC309").message
    assert commander_identity(deck) == frozenset("UR")


def test_clara_oswald_chooses_a_colour_too() -> None:
    deck = commander_deck(["Clara Oswald", "The Tenth Doctor"], ["Counterspell", "Llanowar Elves"])
    found = check_deck(deck, COMMANDER)
    assert "assumed G" in one(found, "DC309").message and not only(found, "DC304")
    # Kitchen Finks needs both G and W: one chosen colour can't fix it, and the message says so.
    finks = commander_deck(["Clara Oswald", "The Tenth Doctor"], ["Kitchen Finks"])
    found = check_deck(finks, COMMANDER)
    assert "none was assumed" in one(found, "DC309").message
    assert one(found, "DC304").card == "Kitchen Finks"


# -- size, singleton, zones --------------------------------------------------------------------------
def test_exactly_100_including_the_commanders() -> None:
    assert rule_codes(commander_deck(["Thrasios, Triton Hero", "Tymna the Weaver"])) == []
    short = one(check_deck(commander_deck(["Niv-Mizzet, Parun"], size=99), COMMANDER), "DC306")
    assert "99 (98 in the deck + 1 commander)" in short.message and short.rule == "CR 903.5a"
    assert one(check_deck(commander_deck(["Niv-Mizzet, Parun"], size=101), COMMANDER), "DC306")


def test_the_companion_is_not_one_of_the_100() -> None:
    deck = commander_deck(["Tymna the Weaver"], extra=[(1, "Lurrus of the Dream-Den", COMP)])
    found = check_deck(deck, COMMANDER)
    assert not only(found, "DC306") and not only(found, "DC103") and not only(found, "DC307")


def test_standard_brawl_is_60() -> None:
    assert "DC306" not in rule_codes(
        commander_deck(["Niv-Mizzet, Parun"], filler="Island", size=60), STANDARD_BRAWL
    )
    found = one(check_deck(commander_deck(["Niv-Mizzet, Parun"], filler="Island"), STANDARD_BRAWL), "DC306")
    assert "exactly 60" in found.message


def test_singleton_by_english_name_including_the_commander() -> None:
    deck = commander_deck(["Niv-Mizzet, Parun"], ["Counterspell", "Counterspell", "Niv-Mizzet, Parun"])
    found = only(check_deck(deck, COMMANDER), "DC307")
    assert sorted(f.card or "" for f in found) == ["Counterspell", "Niv-Mizzet, Parun"]
    niv = next(f for f in found if f.card == "Niv-Mizzet, Parun")
    assert "lines 1, 4" in niv.message and niv.rule == "CR 903.5b"


def test_singleton_exemptions() -> None:
    deck = commander_deck(["Tymna the Weaver"], extra=[(30, "Relentless Rats", MAIN), (20, "Plains", MAIN)])
    assert "DC307" not in codes(check_deck(deck, COMMANDER))
    dwarves = commander_deck(["Kraum, Ludevic's Opus"], extra=[(8, "Seven Dwarves", MAIN)])
    found = one(check_deck(dwarves, COMMANDER), "DC307")
    assert "at most 7" in found.message and found.rule == "CR 113.6n"


def test_no_commander_marked_is_reported_not_guessed() -> None:
    deck = deck_of(
        (1, "Thrasios, Triton Hero", MAIN),
        (1, "Tymna the Weaver", MAIN),
        (1, "Counterspell", MAIN),
        (97, "Island", MAIN),
    )
    found = check_deck(deck, COMMANDER)
    zone = one(found, "DC105")
    assert "100-card singleton deck with no commander marked" in zone.message
    assert "Thrasios, Triton Hero" in zone.message and "Tymna the Weaver" in zone.message
    assert dict(zone.data)["candidates"] == ["Thrasios, Triton Hero", "Tymna the Weaver"]
    assert not only(found, "DC304") and not only(found, "DC306")  # 100 cards; identity unknown, not guessed
    # nothing is known to be wrong: the deck is not verified, never "illegal" for an unmarked commander
    # (real Commander precons listed without their commander marked were called illegal)
    from deckcheck.engine import deck_status

    assert deck_status(found) == "not verified"


def test_commander_decks_have_no_sideboard() -> None:
    deck = commander_deck(["Niv-Mizzet, Parun"], extra=[(2, "Counterspell", SIDE)])
    found = one(check_deck(deck, COMMANDER), "DC103")
    assert "no sideboard" in found.message and found.rule == "CR 903.5e"


def test_every_violation_is_reported_at_once() -> None:
    deck = deck_of(
        (1, "Raised by Giants", CMDR),
        (2, "Lightning Bolt", MAIN),
        (1, "Tundra", MAIN),
        (50, "Island", MAIN),
        (1, "Counterspell", SIDE),
    )
    found = codes(errors(check_deck(deck, COMMANDER)))
    for code in ("DC301", "DC304", "DC306", "DC307", "DC103"):
        assert code in found, found


def test_findings_carry_code_card_line_and_rule() -> None:
    deck = commander_deck(["Thrasios, Triton Hero", "Raised by Giants"], ["Lightning Bolt", "Lightning Bolt"])
    for finding in check_deck(deck, COMMANDER):
        assert finding.rule, finding
        assert finding.location.path == "test-deck.txt"
        if finding.card is not None:
            assert finding.location.line > 0, finding


# -- Pauper Commander (PDH 906.3): an uncommon creature leads, legendary or not ----------------------
PDH = get_format("paupercommander")


def pdh(name: str, status: str | None = None) -> Card:
    """The record, with its Pauper Commander legality set to ``status`` when one is given (the card
    data's word for its rarity: restricted = printed at uncommon and never at common)."""
    if status is None:
        return local(name)
    return local(name, legalities={**RECORDS[name]["legalities"], "paupercommander": status})


def test_pdh_a_non_legendary_uncommon_creature_leads() -> None:
    """Murmuring Mystic, restricted (uncommon only) in the 2022 data: a legal Pauper Commander deck,
    where Commander still wants a legendary creature."""
    mystic = pdh("Murmuring Mystic")
    assert commander_eligibility(mystic, PDH) is None
    deck = commander_deck([mystic], filler="Island")
    found = check_deck(deck, PDH)
    assert found == [] and deck_status(found) == "legal"
    assert "not legendary" in one(check_deck(deck, COMMANDER), "DC301").message


def test_pdh_a_double_faced_card_leads_by_its_front_face() -> None:
    akoum = pdh("Akoum Warrior // Akoum Teeth")  # creature // land (PDH 906.3)
    assert commander_eligibility(akoum, PDH) is None
    assert check_deck(commander_deck([akoum], filler="Mountain"), PDH) == []


def test_pdh_a_land_creature_is_not_a_commander() -> None:
    arbor = pdh("Dryad Arbor", "restricted")  # even were it printed at uncommon
    found = one(check_deck(commander_deck([arbor], filler="Forest"), PDH), "DC301")
    assert found.message == (
        "Dryad Arbor (Land Creature — Forest Dryad) is not a nonland creature card: Pauper Commander's "
        "commander is an uncommon creature (PDH 906.3)"
    )
    assert found.rule == "PDH 906.3" and found.card == "Dryad Arbor" and found.location.line == 1
    # as the data lists it (no Pauper Commander printing): not legal, and no commander either
    assert codes(check_deck(commander_deck([pdh("Dryad Arbor")], filler="Forest"), PDH)) == ["DC202", "DC301"]


def test_pdh_a_planeswalker_leads_only_if_it_says_it_can() -> None:
    kaya = pdh("Kaya, Bane of the Dead", "restricted")
    found = one(check_deck(commander_deck([kaya], filler="Plains"), PDH), "DC301")
    assert (
        "Kaya, Bane of the Dead (Legendary Planeswalker — Kaya) is not a nonland creature card"
        in found.message
    )
    teferi = pdh("Teferi, Temporal Archmage", "restricted")  # "can be your commander" (PDH 906.3a)
    assert check_deck(commander_deck([teferi], filler="Island"), PDH) == []


def test_pdh_a_commander_printed_at_common_is_not_verified() -> None:
    """The data lists Grizzly Bears as legal: printed at common, and whether also at uncommon it does
    not say. Neither a pass nor a failure: a DC015 warning, the deck not verified."""
    bears = pdh("Grizzly Bears", "legal")
    assert commander_eligibility(bears, PDH) is None
    found = check_deck(commander_deck([bears], filler="Forest"), PDH)
    note = one(found, "DC015")
    assert note.severity is Severity.WARNING and note.card == "Grizzly Bears" and note.rule == "PDH 906.3"
    assert note.location.line == 1 and note.location.section == "commander"
    assert note.message == (
        "commander rarity (PDH 906.3) not verified: the card data records a common printing of Grizzly "
        "Bears (legal in Pauper Commander) but not whether it was also printed at uncommon, which Pauper "
        "Commander's commander must be (line 1)"
    )
    assert codes(found) == ["DC015"] and deck_status(found) == "not verified"


def test_pdh_a_card_never_printed_at_common_or_uncommon_is_not_legal_and_nothing_more() -> None:
    """Niv-Mizzet and Birds of Paradise were printed at rare only (not legal in Pauper Commander):
    the legality rule's DC202 says so; both are creatures, legendary or not, so no DC301, and no
    rarity note either."""
    for name, filler in (("Niv-Mizzet, Parun", "Island"), ("Birds of Paradise", "Forest")):
        found = check_deck(commander_deck([pdh(name)], filler=filler), PDH)
        assert codes(found) == ["DC202"], name
        assert one(found, "DC202").card == name


def test_pdh_an_uncommon_in_the_99_is_legal_only_as_the_commander() -> None:
    deck = commander_deck([pdh("Lore Weaver")], [pdh("Murmuring Mystic")], filler="Island")
    found = one(check_deck(deck, PDH), "DC202")
    assert found.card == "Murmuring Mystic" and "only as the commander" in found.message
    assert codes(check_deck(deck, PDH)) == ["DC202"]


def test_pdh_partners_and_backgrounds() -> None:
    weavers = [pdh("Ley Weaver"), pdh("Lore Weaver")]  # Partner with each other, both uncommon
    assert check_deck(commander_deck(weavers, filler="Island"), PDH) == []
    # Choose a Background (PDH 907.7): the Background too must be uncommon
    wilson, giants = pdh("Wilson, Refined Grizzly", "restricted"), pdh("Raised by Giants", "restricted")
    assert check_deck(commander_deck([wilson, giants], filler="Forest"), PDH) == []
    common_giants = pdh("Raised by Giants", "legal")
    note = one(check_deck(commander_deck([wilson, common_giants], filler="Forest"), PDH), "DC015")
    assert note.card == "Raised by Giants" and note.location.line == 2
    alone = one(check_deck(commander_deck([giants], filler="Forest"), PDH), "DC301")  # never on its own
    assert "is a Background" in alone.message


def test_pdh_cards_that_could_be_the_commander() -> None:
    """The hint of a deck with no commander marked names the creatures, those known to be uncommon
    first, and none the data shows were never printed at common or uncommon."""
    deck = deck_of(
        (1, pdh("Grizzly Bears", "legal"), MAIN),
        (1, pdh("Niv-Mizzet, Parun"), MAIN),
        (1, pdh("Dryad Arbor", "restricted"), MAIN),
        (1, pdh("Kaya, Bane of the Dead", "restricted"), MAIN),
        (1, pdh("Murmuring Mystic"), MAIN),
        (95, pdh("Island"), MAIN),
    )
    zone = one(check_deck(deck, PDH), "DC105")
    assert dict(zone.data)["candidates"] == ["Murmuring Mystic", "Grizzly Bears"]
    assert "cards that could be the commander: Murmuring Mystic, Grizzly Bears" in zone.message
    assert dict(one(check_deck(deck, COMMANDER), "DC105").data)["candidates"] == ["Niv-Mizzet, Parun"]


def test_the_unsettled_pair_names_the_day_it_is_judged_for() -> None:
    """The day a deck is judged for (its date, --as-of, the day of the check) is named, not decisive:
    no day is known on which Brawl's answer is."""
    from deckcheck.cards.store import CardStore
    from deckcheck.decklist import parse_text
    from deckcheck.engine import check_parsed
    from deckcheck.history import with_as_of

    store = CardStore.from_records(
        [RECORDS[n] for n in ("Thrasios, Triton Hero", "Tymna the Weaver", "Wastes")]
    )
    body = "Commander\n1 Thrasios, Triton Hero\n1 Tymna the Weaver\n\nDeck\n98 Wastes\n"

    def pair_finding(text: str, as_of: str | None = None) -> dict[str, object]:
        report = check_parsed(parse_text(text, "deck.txt"), store, with_as_of(BRAWL, as_of))
        (found,) = [f for f in report.findings if f.code == "DC015" and "deck construction" in (f.rule or "")]
        assert found.location.line == text.splitlines().index("1 Tymna the Weaver") + 1
        return {"message": found.message, **dict(found.data)}

    dated = pair_finding(f"// date: 2024-06-01\n{body}")
    assert "as of 2024-06-01 (the deck's date) or any other day" in str(dated["message"])
    assert (dated["as_of"], dated["source"]) == ("2024-06-01", "the deck's date")
    asked = pair_finding(body, "2019-10-26")
    assert asked["as_of"] == "2019-10-26" and "as of 2019-10-26 (the as_of setting)" in str(asked["message"])
    undated = pair_finding(body, "deck")  # each deck's own date, and this one has none
    assert undated["as_of"] is None and "is not known: Wizards' Brawl rules" in str(undated["message"])
