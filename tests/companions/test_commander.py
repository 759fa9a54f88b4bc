"""Companions in Commander: the starting deck includes the commander(s) (CR 702.139b); the companion is
outside the 100, within the commanders' colour identity and not named like a card in the 100 (CR 903.11a);
Lutri is banned as a companion (read from FormatSpec.companion_bans); Yorion never qualifies."""

from __future__ import annotations

from deckcheck.deck import Zone
from deckcheck.findings import Severity
from deckcheck.value import replace
from tests.companions.cards import BRAWL, COMMANDER, MODERN, Spec, codes, deck, findings, lands, result


def commander_deck(commanders: list[str], rest: list[Spec], companion: str | None = None) -> list[Spec]:
    items: list[Spec] = [(1, name, Zone.COMMANDER) for name in commanders]
    filler = 100 - len(commanders) - sum(item[0] for item in rest)
    items += rest + lands(filler, "Island", "Swamp", "Forest", "Plains", "Mountain")
    if companion:
        items.append((1, companion, Zone.COMPANION))
    return items


def test_gyruda_fails_on_the_commander() -> None:
    # XMage CompanionDeckValidationTest#testGyrudaFalseCommander: the commander is in the starting deck.
    d = deck(*commander_deck(["The Scarab God"], [], "Gyruda, Doom of Depths"))
    r = result(d, COMMANDER, "Gyruda")
    assert not r.eligible
    (b,) = r.breakers
    assert (b.card, b.zone, b.line) == ("The Scarab God", "commander", 1)
    assert "DC401" in codes(d, COMMANDER)
    ok = deck(*commander_deck(["Lazav, the Multifarious"], [], "Gyruda, Doom of Depths"))
    assert result(ok, COMMANDER, "Gyruda").eligible and codes(ok, COMMANDER, Severity.ERROR) == []


def test_kaheera_fails_on_the_commander() -> None:
    # XMage #testKaheeraFalseCommander
    bad = deck(
        *commander_deck(["Trostani, Selesnya's Voice"], [(1, "Savannah Lions")], "Kaheera, the Orphanguard")
    )
    assert [b.card for b in result(bad, COMMANDER, "Kaheera").breakers] == ["Trostani, Selesnya's Voice"]
    good = deck(
        *commander_deck(["Arahbo, Roar of the World"], [(1, "Savannah Lions")], "Kaheera, the Orphanguard")
    )
    assert result(good, COMMANDER, "Kaheera").eligible


def test_yorion_can_never_be_a_commander_companion() -> None:
    d = deck(*commander_deck(["Niv-Mizzet Reborn"], [], "Yorion, Sky Nomad"))
    assert not result(d, COMMANDER, "Yorion").eligible
    (never,) = [f for f in findings(d, COMMANDER) if f.code == "DC407"]
    assert never.severity is Severity.ERROR and "can never" in never.message
    brawl = deck(
        (1, "Niv-Mizzet Reborn", Zone.COMMANDER),
        *lands(59, "Island"),
        (1, "Yorion, Sky Nomad", Zone.COMPANION),
    )
    assert "DC407" in codes(brawl, BRAWL)


def test_lutri_is_banned_as_companion_in_commander() -> None:
    d = deck(*commander_deck(["Niv-Mizzet Reborn"], [(1, "Lightning Bolt")], "Lutri, the Spellchaser"))
    r = result(d, COMMANDER, "Lutri")
    assert not r.eligible and r.breakers == ()  # the condition holds; the ban forbids it
    assert any("banned as a companion" in p for p in r.placement)
    found = codes(d, COMMANDER)
    assert "DC406" in found and "DC401" not in found
    # never suggested as available either
    undeclared = deck(*commander_deck(["Niv-Mizzet Reborn"], [(1, "Lightning Bolt")]))
    assert not any(f.card == "Lutri, the Spellchaser" for f in findings(undeclared, COMMANDER))


def test_lutri_in_an_inferred_commander_shape_is_not_verified() -> None:
    """No format given, a Commander-shaped deck: Commander bans Lutri as a companion, but whether the
    deck is played there is not known. Neither the confident DC406 nor a pass (eligible, or offered
    as available): not verified (DC015), naming the ban and the missing format."""
    from deckcheck.inference import COMMANDER_SHAPE, LIMITED_SHAPE, with_known_formats

    shape = with_known_formats(COMMANDER_SHAPE)
    assert "Lutri, the Spellchaser" in shape.companion_bans and shape.inferred
    d = deck(*commander_deck(["Niv-Mizzet Reborn"], [(1, "Lightning Bolt")], "Lutri, the Spellchaser"))
    r = result(d, shape, "Lutri")
    assert r.eligible is None and r.breakers == ()
    assert any("banned as a companion in some formats of this shape" in p for p in r.placement)
    found = findings(d, shape)
    assert "DC406" not in [f.code for f in found]
    (open_,) = [f for f in found if f.code == "DC015" and f.card == "Lutri, the Spellchaser"]
    assert "the deck names none" in open_.message and "name the format with --format" in open_.message
    assert open_.severity is Severity.WARNING
    undeclared = deck(*commander_deck(["Niv-Mizzet Reborn"], [(1, "Lightning Bolt")]))
    assert result(undeclared, shape, "Lutri").eligible is None
    assert not any(
        f.code == "DC410" and f.card == "Lutri, the Spellchaser" for f in findings(undeclared, shape)
    )
    # a shape no known format of which bans a companion is the shape itself
    assert with_known_formats(LIMITED_SHAPE) is LIMITED_SHAPE


def test_the_ban_comes_from_the_spec_not_the_format_name() -> None:
    d = deck(*commander_deck(["Niv-Mizzet Reborn"], [(1, "Lightning Bolt")], "Lutri, the Spellchaser"))
    unbanned = replace(COMMANDER, companion_bans=frozenset())
    assert result(d, unbanned, "Lutri").eligible and "DC406" not in codes(d, unbanned)
    constructed = deck((4, "Tarmogoyf"), *lands(56, "Forest"), (1, "Lurrus of the Dream-Den", Zone.COMPANION))
    strict = replace(MODERN, companion_bans=frozenset({"Lurrus of the Dream-Den"}))
    assert "DC406" in codes(constructed, strict)


def test_companion_colour_identity_must_fit_the_commander() -> None:
    d = deck(*commander_deck(["Thalia, Guardian of Thraben"], [], "Lurrus of the Dream-Den"))
    (outside,) = [f for f in findings(d, COMMANDER) if f.code == "DC404"]
    assert outside.rule == "CR 903.11a" and "{B}" in outside.message
    assert not result(d, COMMANDER, "Lurrus").eligible


def test_partner_identities_are_united() -> None:
    d = deck(*commander_deck(["Thrasios, Triton Hero", "Tymna the Weaver"], [], "Umori, the Collector"))
    assert "DC404" not in codes(d, COMMANDER)  # B and G come from different partners
    assert result(d, COMMANDER, "Umori").eligible
    assert not result(d, COMMANDER, "Obosh").eligible  # red is outside W/U/B/G
    assert any(
        "outside the commander's colour identity" in p for p in result(d, COMMANDER, "Obosh").placement
    )


def test_jegantha_needs_a_five_colour_commander() -> None:
    five = deck(*commander_deck(["Niv-Mizzet Reborn"], []))
    assert result(five, COMMANDER, "Jegantha").eligible
    two = deck(*commander_deck(["Lazav, the Multifarious"], []))
    assert not result(two, COMMANDER, "Jegantha").eligible


def test_companion_may_not_share_a_name_with_a_card_in_the_100() -> None:
    as_commander = deck(*commander_deck(["Lurrus of the Dream-Den"], [], "Lurrus of the Dream-Den"))
    (clash,) = [f for f in findings(as_commander, COMMANDER) if f.code == "DC405"]
    assert "line 1" in clash.message
    in_the_99 = deck(
        *commander_deck(["Tymna the Weaver"], [(1, "Lurrus of the Dream-Den")], "Lurrus of the Dream-Den")
    )
    assert "DC405" in codes(in_the_99, COMMANDER)


def test_companion_as_sole_commander_is_the_commander_and_imposes_nothing() -> None:
    d = deck(*commander_deck(["Lurrus of the Dream-Den"], [(1, "Kitchen Finks")]))
    assert not result(d, COMMANDER, "Lurrus").declared
    assert codes(d, COMMANDER, Severity.ERROR) == []


def test_companion_listed_as_a_second_commander() -> None:
    # Forge PR #9923: a companion that falls into the Commander section becomes a bogus second commander.
    d = deck(*commander_deck(["Tymna the Weaver", "Lurrus of the Dream-Den"], []))
    (bogus,) = [f for f in findings(d, COMMANDER) if f.code == "DC403"]
    assert bogus.card == "Lurrus of the Dream-Den" and bogus.severity is Severity.ERROR


def test_sideboard_companion_in_commander_is_a_placement_warning() -> None:
    d = deck(*commander_deck(["Ayli, Eternal Pilgrim"], []), (1, "Lurrus of the Dream-Den", Zone.SIDEBOARD))
    assert not result(d, COMMANDER, "Lurrus").declared
    (misplaced,) = [f for f in findings(d, COMMANDER) if f.card == "Lurrus of the Dream-Den"]
    assert misplaced.code == "DC403" and misplaced.severity is Severity.WARNING
    assert "it would qualify" in misplaced.message


def test_commander_file_order_does_not_decide_which_card_is_the_companion() -> None:
    # XMage took the first sideboard card with a companion ability as the companion.
    d = deck(
        (1, "Jegantha, the Wellspring", Zone.COMPANION),
        (1, "Lurrus of the Dream-Den", Zone.COMMANDER),
        *lands(99, "Plains", "Swamp"),
    )
    assert result(d, COMMANDER, "Jegantha").declared
    assert not result(d, COMMANDER, "Lurrus").declared


def test_a_chosen_colour_is_part_of_the_identity_the_companion_must_fit() -> None:
    # CR 903.4b, 702.124c, 903.11a: the Piper's chosen colour (black) joins Thrasios's blue and green
    d = deck(
        *commander_deck(
            ["The Prismatic Piper", "Thrasios, Triton Hero"],
            [(49, "Island"), (49, "Forest")],
            "Umori, the Collector",
        )
    )
    assert "DC404" not in codes(d, COMMANDER)
    assert result(d, COMMANDER, "Umori").eligible
    # undeclared, the same: the deck may choose black for the companion it reveals
    undeclared = deck(
        *commander_deck(["The Prismatic Piper", "Thrasios, Triton Hero"], [(49, "Island"), (49, "Forest")])
    )
    assert result(undeclared, COMMANDER, "Umori").eligible
    # but not at a card of the deck's cost: black for Umori would leave the Mountain outside
    red = deck(
        *commander_deck(
            ["The Prismatic Piper", "Thrasios, Triton Hero"],
            [(48, "Island"), (49, "Forest"), (1, "Mountain")],
        )
    )
    assert not result(red, COMMANDER, "Umori").eligible
    assert result(red, COMMANDER, "Keruga").eligible is not None  # (blue and green: no choice needed)
    with_umori = deck(
        *commander_deck(
            ["The Prismatic Piper", "Thrasios, Triton Hero"],
            [(48, "Island"), (49, "Forest"), (1, "Mountain")],
            "Umori, the Collector",
        )
    )
    (outside,) = [f for f in findings(with_umori, COMMANDER) if f.code == "DC404"]
    assert "{R} assumed for The Prismatic Piper" in outside.message


def test_a_lone_chosen_colour_commander_holds_one_colour_only() -> None:
    forests = deck(*commander_deck(["The Prismatic Piper"], [(99, "Forest")], "Umori, the Collector"))
    (outside,) = [f for f in findings(forests, COMMANDER) if f.code == "DC404"]
    assert "has {B} outside the commander's colour identity {G} ({G} assumed for The Prismatic Piper" in (
        outside.message
    )
    artifacts = deck(
        *commander_deck(["The Prismatic Piper"], [(99, "Tormod's Crypt")], "Umori, the Collector")
    )
    (outside,) = [f for f in findings(artifacts, COMMANDER) if f.code == "DC404"]
    assert "colourless" not in outside.message
    assert "(one colour chosen for The Prismatic Piper; CR 903.4b)" in outside.message


def test_a_commander_that_breaks_the_condition_is_no_card_to_cut() -> None:
    from deckcheck.reporters import fix_text
    from deckcheck.rules.companions import COMMANDER_BREAKS

    d = deck(*commander_deck(["Teysa Karlov"], [(1, "Kitchen Finks")], "Lurrus of the Dream-Den"))
    r = result(d, COMMANDER, "Lurrus")
    assert [b.card for b in r.breakers] == ["Teysa Karlov", "Kitchen Finks"]
    assert r.cut == () and not r.near_miss  # no cut of the 99 qualifies
    assert r.note == COMMANDER_BREAKS and fix_text(r, 100, COMMANDER) == "another commander"
    (not_eligible,) = [f for f in findings(d, COMMANDER) if f.code == "DC401"]
    assert COMMANDER_BREAKS in not_eligible.message and "cut 1 Teysa" not in not_eligible.message
    assert dict(not_eligible.data)["cut"] == ()


def test_umori_keeps_a_card_type_the_commander_has() -> None:
    # Planeswalker and Creature tie (Grist is both); the commander is a planeswalker, so the Elves go
    d = deck(
        *commander_deck(["Lord Windgrace"], [(1, "Grist, the Hunger Tide"), (1, "Llanowar Elves")]),
    )
    r = result(d, COMMANDER, "Umori")
    assert [b.card for b in r.breakers] == ["Llanowar Elves"] and r.cut == (("Llanowar Elves", 1),)
    assert r.near_miss
    (near,) = [f for f in findings(d, COMMANDER) if f.code == "DC413" and f.card == "Umori, the Collector"]
    assert "Llanowar Elves" in near.message and "Lord Windgrace" not in near.message
