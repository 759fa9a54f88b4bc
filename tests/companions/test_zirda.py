"""Zirda: "Each permanent card in your starting deck has an activated ability." An ability-level parse,
not a colon test (CR 602.1, 605.1a): keyword activated abilities, loyalty abilities and the intrinsic mana
abilities of basic land types count; quoted abilities granted to others, reminder text, Saga chapters and
colons inside static or triggered sentences do not."""

from __future__ import annotations

import pytest

from deckcheck.deck import Zone
from deckcheck.rules.companions import card_features, split_abilities
from tests.companions.cards import MODERN, Spec, breaker_names, card, codes, deck, lands, result

HAS_ACTIVATED = [
    "Llanowar Elves",
    "Walking Ballista",
    "Staff of Domination",
    "Tormod's Crypt",
    "Ugin, the Spirit Dragon",  # loyalty abilities written "+2:" (Scryfall)
    "Jace, the Mind Sculptor",  # loyalty abilities written "[+2]:" (MTGJSON)
    "Grist, the Hunger Tide",
    "Plains",
    "Taiga",  # no rules text of their own: intrinsic mana abilities of basic land types (CR 305.6)
    "Dryad Arbor",  # a Forest: the quoted "{T}: Add {G}." is reminder text, the intrinsic ability counts
    "Ancient Den",
    "Bojuka Bog",
    "Cavern of Souls",
    "Boros Garrison",  # mana abilities are activated abilities
    "Mox Opal",  # "Metalcraft — {T}: ..." ability word before the cost
    "Circle of Protection: Red",  # its name has a colon; its "{1}:" ability is real
    "Smuggler's Copter",  # crew
    "Bonesplitter",  # equip
    "Darksteel Garrison",  # fortify
    "Street Wraith",  # cycling—pay life
    "Generous Ent",  # forestcycling (the Food's quoted ability in reminder text is not its own)
    "Sojourner's Companion",  # artifact landcycling
    "Ninja of the Deep Hours",
    "Lizard Blades",
    "Ainok Bond-Kin",
    "Slitherhead",
    "Hellspark Elemental",
    "Sacred Cat",
    "Champion of Wits",
    "Dimir Infiltrator",
    "Student of Warfare",
    "Ghor-Clan Rampager",
    "Burrenton Bombardier",
    "Fleshwrither",
    "Arcanum Wings",
    "Plumes of Peace",
    "Test Saddle Mount",
    "Test Craft Relic",
    "Test Spacecraft",
    "Valki, God of Lies // Tibalt, Cosmic Impostor",  # {X}: on the front face
    "Flamescroll Celebrant // Revel in Silence",
    "Clearwater Pathway // Murkwater Pathway",
    "Case of the Uneaten Feast",  # "Solved — [cost]: ..." is activated, if only once solved (CR 702.169d)
]
NO_ACTIVATED = [
    "Urborg, Tomb of Yawgmoth",  # makes lands Swamps only on the battlefield
    "Urza's Saga",  # chapter abilities are triggered; the abilities it gains are quoted
    "Fable of the Mirror-Breaker // Reflection of Kiki-Jiki",  # Saga front; the back's ability is ignored
    "Abundant Growth",  # grants a quoted "{T}: Add ..." to the land
    "Wild Growth",  # a triggered mana ability
    "Grizzly Bears",
    "Memnite",
    "Tarmogoyf",
    "Questing Beast",
    "Ornithopter",
    "Kitchen Finks",
    "Chalice of the Void",
    "Glorious Anthem",
    "Blood Moon",
    "Thalia, Guardian of Thraben",
    "Bonecrusher Giant // Stomp",
    "Delver of Secrets // Insectile Aberration",
    "Bottomless Pool // Locker Room",  # unlocking a door is a special action, not an activated ability
    "Ticket Booth // Tunnel of Hate",
    "Phyrexian Fleshgorger",  # prototype is a casting option, not an activated ability
    "Invasion of Tarkir // Defiant Thundermaw",
    "Test Speed Racer",  # "Max speed — {T}: ..." only exists at max speed
    "Test Colon Sentinel",  # the colon is inside a triggered ability
    "Test Notice: Beware",  # the colon is in its name
]


@pytest.mark.parametrize("name", HAS_ACTIVATED)
def test_has_an_activated_ability(name: str) -> None:
    assert card_features(card(name)).abilities.has_activated, card_features(card(name)).abilities


@pytest.mark.parametrize("name", NO_ACTIVATED)
def test_has_no_activated_ability(name: str) -> None:
    scan = card_features(card(name)).abilities
    assert not scan.has_activated, scan


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Urza's Saga", "a Saga"),
        ("Abundant Growth", "granted to something else"),
        ("Test Colon Sentinel", "inside a triggered ability"),
        ("Test Speed Racer", "only in a state"),
        ("Grizzly Bears", "no abilities"),
        ("Urborg, Tomb of Yawgmoth", "only static"),
    ],
)
def test_reasons(name: str, why: str) -> None:
    assert why in card_features(card(name)).abilities.reason


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("{T}: Add {G}.", ["activated"]),
        ("({T}: Add {W}.)", ["reminder"]),
        ("+1: Draw a card.\n−2: Destroy target creature.\n0: Scry 1.", ["loyalty"] * 3),
        ("[+1]: Draw a card.\n[−X]: Exile target creature.", ["loyalty"] * 2),
        ('Enchanted land has "{T}: Add one mana of any color."', ["granted"]),
        ('Creatures you control have "Whenever this creature attacks, scry 1."', ["static"]),
        ("Equip {2}", ["keyword-activated"]),
        ("Equip legendary creature {1}", ["keyword-activated"]),
        ("Equip—Pay 3 life.", ["keyword-activated"]),
        ("Crew 3", ["keyword-activated"]),
        ("Basic landcycling {1}{G}", ["keyword-activated"]),
        ("Cycling abilities you activate cost {1} less to activate.", ["static"]),
        ("Equip abilities you activate cost {1} less to activate.", ["static"]),
        ("Flying, vigilance", ["keywords"]),
        ("When this creature enters, choose one: draw a card or gain 2 life.", ["triggered"]),
        ("I — Create a 1/1 token.\nII, III — Draw a card.", ["chapter", "chapter"]),
        ("Channel — {1}{G}, Discard this card: Draw a card.", ["activated"]),
        ("Sacrifice a creature: Scry 1.", ["activated"]),
        (
            "Level up {1}\nLEVEL 1-3\n2/2\n{T}: Draw a card.",
            ["keyword-activated", "marker", "marker", "conditional"],
        ),
    ],
)
def test_splitter(text: str, kinds: list[str]) -> None:
    assert [a.kind for a in split_abilities(text)] == kinds


def test_instants_and_sorceries_are_ignored() -> None:
    d = deck((4, "Pact of Negation"), (2, "Pyroblast"), (4, "Llanowar Elves"), *lands(50, "Forest"))
    assert result(d, MODERN, "Zirda").eligible


# XMage's Companion_ZirdaValid.dck / Companion_ZirdaInvalid.dck (magefree/mage Mage.Tests): the same
# deck with one Plains (passes: intrinsic mana ability) or one Questing Beast (fails).
XMAGE_ZIRDA: list[Spec] = [
    (4, "Ancient Den"),
    (4, "Ancient Tomb"),
    (4, "Basalt Monolith"),
    (1, "Boros Garrison"),
    (4, "Boros Signet"),
    (4, "Cavern of Souls"),
    (4, "City of Traitors"),
    (4, "Great Furnace"),
    (4, "Grim Monolith"),
    (4, "Magma Mine"),
    (4, "Mox Diamond"),
    (4, "Mox Opal"),
    (4, "Pact of Negation"),
]
XMAGE_ZIRDA_TAIL: list[Spec] = [
    (2, "Pyroblast"),
    (4, "Staff of Domination"),
    (4, "Walking Ballista"),
    (1, "Zirda, the Dawnwaker", Zone.SIDEBOARD),
]


def test_xmage_valid_zirda_deck() -> None:
    d = deck(*XMAGE_ZIRDA, (1, "Plains"), *XMAGE_ZIRDA_TAIL)
    r = result(d, MODERN, "Zirda")
    assert r.eligible and r.declared
    assert "DC410" in codes(d, MODERN) and "DC412" not in codes(d, MODERN)


def test_xmage_invalid_zirda_deck() -> None:
    d = deck(*XMAGE_ZIRDA, (1, "Questing Beast"), *XMAGE_ZIRDA_TAIL)
    r = result(d, MODERN, "Zirda")
    assert breaker_names(r) == ["Questing Beast"]
    assert r.breakers[0].line == 14
    assert r.cut == (("Questing Beast", 1),)
    # in the sideboard it may be a plain sideboard card: a warning, never an error
    assert "DC412" in codes(d, MODERN) and "DC401" not in codes(d, MODERN)
