"""Every companion bug reported for another validator (XMage, Forge, Python packages): a regression
case each."""

from __future__ import annotations

from deckcheck.deck import DeckCard, Entry, Zone
from deckcheck.findings import Severity
from tests.cardfactory import card as make_card
from tests.companions.cards import (
    COMMANDER,
    LIMITED,
    MODERN,
    breaker_names,
    codes,
    deck,
    findings,
    lands,
    result,
)

# -- Jegantha -----------------------------------------------------------------------------------------


def test_doubletap_mdfc_back_face_is_ignored_by_jegantha() -> None:
    # doubletap checked every face. (the report names Valki // Tibalt "for {R}{R} on the back"; the real
    # Tibalt costs {5}{B}{R}, so Flamescroll Celebrant's {W}{W} back face is the case that bites.)
    for mdfc in (
        "Valki, God of Lies // Tibalt, Cosmic Impostor",
        "Flamescroll Celebrant // Revel in Silence",
    ):
        assert result(deck((4, mdfc), *lands(56, "Mountain")), MODERN, "Jegantha").eligible


def test_forge_and_lambdagoyf_are_right_fire_ice_fails_jegantha() -> None:
    # The peers disagree (doubletap passes it); CR 709.4b's own example says Jegantha sees {1} twice.
    r = result(deck((1, "Fire // Ice"), *lands(59, "Island")), MODERN, "Jegantha")
    assert breaker_names(r) == ["Fire // Ice"]


def test_judge_quiz_collision_colossus_and_beanstalk_giant_pass_jegantha() -> None:
    d = deck((4, "Collision // Colossus"), (4, "Beanstalk Giant // Fertile Footsteps"), *lands(52, "Forest"))
    assert result(d, MODERN, "Jegantha").eligible


def test_cs571_x_x_fails_jegantha() -> None:
    # CS571 skipped {X}; the release notes say {X}{X}{R} fails.
    xxr = make_card("Test XXR", "{X}{X}{R}", "Sorcery")
    d = deck(*lands(60, "Mountain"))
    d.cards.append(DeckCard(Entry(1, xxr.name, Zone.MAIN, 2), xxr))
    assert breaker_names(result(d, MODERN, "Jegantha")) == ["Test XXR"]


def test_xmage_6424_valid_jegantha_deck_is_not_rejected() -> None:
    d = deck((4, "Lightning Bolt"), (4, "Tarmogoyf"), *lands(52, "Mountain", "Forest"))
    assert result(d, MODERN, "Jegantha").eligible


# -- Kaheera / Umori -------------------------------------------------------------------------------------


def test_xmage_7802_and_doubletap_changeling_passes_kaheera() -> None:
    d = deck((4, "Changeling Outcast"), (4, "Savannah Lions"), *lands(52, "Plains"))
    assert result(d, MODERN, "Kaheera").eligible


def test_doubletap_grist_fails_kaheera() -> None:
    d = deck((1, "Grist, the Hunger Tide"), *lands(59, "Forest"))
    assert breaker_names(result(d, MODERN, "Kaheera")) == ["Grist, the Hunger Tide"]


def test_xmage_grist_umori_creature_and_planeswalker() -> None:
    creatures = deck((1, "Grist, the Hunger Tide"), (4, "Grizzly Bears"), *lands(55, "Forest"))
    walkers = deck((1, "Grist, the Hunger Tide"), (1, "Ugin, the Spirit Dragon"), *lands(58, "Forest"))
    assert result(creatures, MODERN, "Umori").eligible
    assert result(walkers, MODERN, "Umori").eligible


def test_cs571_umori_intersects_types() -> None:
    # CS571 took the union of types. Ornithopter is an artifact *creature*: it shares Creature with Grizzly
    # Bears. A plain artifact shares nothing with a creature.
    assert result(
        deck((4, "Ornithopter"), (4, "Grizzly Bears"), *lands(52, "Forest")), MODERN, "Umori"
    ).eligible
    assert not result(
        deck((4, "Tormod's Crypt"), (4, "Grizzly Bears"), *lands(52, "Forest")), MODERN, "Umori"
    ).eligible


def test_kaheera_dryad_arbor_is_a_creature_card() -> None:
    assert breaker_names(result(deck((1, "Dryad Arbor"), *lands(59, "Forest")), MODERN, "Kaheera")) == [
        "Dryad Arbor"
    ]


# -- Keruga / Obosh / Gyruda / Lurrus ---------------------------------------------------------------------


def test_cs571_keruga_checks_every_nonland_card_not_only_creatures() -> None:
    d = deck((4, "Lightning Bolt"), (4, "Shivan Dragon"), *lands(52, "Mountain"))
    assert breaker_names(result(d, MODERN, "Keruga")) == ["Lightning Bolt"]


def test_sejiri_shelter_is_nonland_for_keruga_and_obosh() -> None:
    d = deck((4, "Sejiri Shelter // Sejiri Glacier"), *lands(56, "Plains"))
    assert not result(d, MODERN, "Keruga").eligible
    assert not result(d, MODERN, "Obosh").eligible


def test_keruga_and_umori_with_rooms_and_mdfcs() -> None:
    d = deck(
        (4, "Bottomless Pool // Locker Room"),
        (4, "Surgical Suite // Hospital Room"),
        (4, "Clearwater Pathway // Murkwater Pathway"),
        *lands(48, "Island"),
    )
    assert result(d, MODERN, "Keruga").eligible  # each Room's doors add up to 6
    assert result(d, MODERN, "Umori").eligible  # Rooms are enchantments; the Pathways are lands
    with_mdfc = deck(
        (4, "Bottomless Pool // Locker Room"),
        (4, "Emeria's Call // Emeria, Shattered Skyclave"),
        *lands(52, "Plains"),
    )
    assert result(with_mdfc, MODERN, "Keruga").eligible  # Emeria's Call: front MV 7
    assert not result(with_mdfc, MODERN, "Umori").eligible  # enchantment vs sorcery


def test_xmage_gyruda_is_not_obosh() -> None:
    # XMage shipped Gyruda with Obosh's condition.
    even = deck((4, "Counterspell"), *lands(56, "Island"))
    odd = deck((4, "Lightning Bolt"), *lands(56, "Mountain"))
    assert result(even, MODERN, "Gyruda").eligible and not result(even, MODERN, "Obosh").eligible
    assert result(odd, MODERN, "Obosh").eligible and not result(odd, MODERN, "Gyruda").eligible


def test_lurrus_bonecrusher_giant_fails_and_doubletap_room_is_flagged() -> None:
    d = deck((1, "Bonecrusher Giant // Stomp"), (1, "Bottomless Pool // Locker Room"), *lands(58, "Plains"))
    assert breaker_names(result(d, MODERN, "Lurrus")) == [
        "Bonecrusher Giant // Stomp",
        "Bottomless Pool // Locker Room",
    ]


def test_gyruda_and_kaheera_with_a_failing_commander() -> None:
    # XMage #testGyrudaFalseCommander / #testKaheeraFalseCommander
    gyruda = deck(
        (1, "The Scarab God", Zone.COMMANDER),
        *lands(99, "Island", "Swamp"),
        (1, "Gyruda, Doom of Depths", Zone.COMPANION),
    )
    kaheera = deck(
        (1, "Trostani, Selesnya's Voice", Zone.COMMANDER),
        *lands(99, "Forest", "Plains"),
        (1, "Kaheera, the Orphanguard", Zone.COMPANION),
    )
    assert "DC401" in codes(gyruda, COMMANDER) and "DC401" in codes(kaheera, COMMANDER)


# -- Zirda --------------------------------------------------------------------------------------------------


def test_xmage_11346_doubletap_urborg_fails_zirda() -> None:
    d = deck((1, "Urborg, Tomb of Yawgmoth"), *lands(59, "Swamp"))
    assert breaker_names(result(d, MODERN, "Zirda")) == ["Urborg, Tomb of Yawgmoth"]


def test_xmage_11346_every_permanent_not_any() -> None:
    d = deck((4, "Llanowar Elves"), (1, "Grizzly Bears"), *lands(55, "Forest"))
    assert breaker_names(result(d, MODERN, "Zirda")) == ["Grizzly Bears"]


def test_cs571_planeswalker_and_sacrifice_costs_pass_zirda() -> None:
    d = deck(
        (1, "Ugin, the Spirit Dragon"),
        (1, "Jace, the Mind Sculptor"),
        (4, "Viscera Seer"),
        *lands(54, "Swamp"),
    )
    assert result(d, MODERN, "Zirda").eligible


def test_xmage_12142_mana_only_land_and_basic_pass_zirda() -> None:
    d = deck((4, "Ancient Den"), (4, "Great Furnace"), *lands(52, "Plains", "Mountain"))
    assert result(d, MODERN, "Zirda").eligible


def test_doubletap_and_lambdagoyf_aura_granting_a_quoted_ability_fails_zirda() -> None:
    d = deck((4, "Abundant Growth"), *lands(56, "Forest"))
    assert breaker_names(result(d, MODERN, "Zirda")) == ["Abundant Growth"]


def test_lambdagoyf_keyword_activated_abilities_pass_zirda() -> None:
    d = deck(
        (4, "Bonesplitter"),
        (4, "Smuggler's Copter"),
        (4, "Street Wraith"),
        (4, "Ninja of the Deep Hours"),
        *lands(44, "Island"),
    )
    assert result(d, MODERN, "Zirda").eligible


# -- Yorion / Lutri / declaration ------------------------------------------------------------------


def test_forge_2980_yorion_in_commander() -> None:
    d = deck(
        (1, "Niv-Mizzet Reborn", Zone.COMMANDER),
        *lands(99, "Plains"),
        (1, "Yorion, Sky Nomad", Zone.COMPANION),
    )
    assert not result(d, COMMANDER, "Yorion").eligible and "DC407" in codes(d, COMMANDER)


def test_lambdagoyf_yorion_limited_minimum_is_not_sixty() -> None:
    assert result(deck(*lands(60, "Plains")), LIMITED, "Yorion").eligible
    assert not result(deck(*lands(60, "Plains")), MODERN, "Yorion").eligible


def test_doubletap_lutri_commander_ban() -> None:
    d = deck(
        (1, "Niv-Mizzet Reborn", Zone.COMMANDER),
        *lands(99, "Island"),
        (1, "Lutri, the Spellchaser", Zone.COMPANION),
    )
    assert "DC406" in codes(d, COMMANDER)


def test_cs571_second_sideboard_companion_gives_no_error() -> None:
    d = deck(
        (4, "Tarmogoyf"),
        *lands(56, "Forest"),
        (1, "Lurrus of the Dream-Den", Zone.COMPANION),
        (1, "Kaheera, the Orphanguard", Zone.SIDEBOARD),
        (1, "Obosh, the Preypiercer", Zone.SIDEBOARD),
    )
    assert codes(d, MODERN, Severity.ERROR) == []
    assert codes(d, MODERN, Severity.WARNING) == []


def test_xmage_maybeboard_is_not_a_sideboard() -> None:
    d = deck((4, "Tarmogoyf"), *lands(56, "Forest"), (1, "Kaheera, the Orphanguard", Zone.MAYBEBOARD))
    assert not result(d, MODERN, "Kaheera").declared
    kaheera = [f for f in findings(d, MODERN) if f.card == "Kaheera, the Orphanguard"]
    assert [f.code for f in kaheera] == [
        "DC413"
    ]  # a near miss for the deck, nothing about the maybeboard card
    assert kaheera[0].location.line == 0


def test_lambdagoyf_partner_identities_are_united() -> None:
    d = deck(
        (1, "Thrasios, Triton Hero", Zone.COMMANDER),
        (1, "Tymna the Weaver", Zone.COMMANDER),
        *lands(98, "Island"),
        (1, "Umori, the Collector", Zone.COMPANION),
    )
    assert "DC404" not in codes(d, COMMANDER)
