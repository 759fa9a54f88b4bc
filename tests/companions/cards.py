# ruff: noqa: E501  (a table of Oracle text: wrapping every rules sentence would not make it clearer)
"""Cards, formats and deck builders for the companion tests.

Every card is built here from a record in our schema (current Oracle text, written out by hand), so the
tests do not depend on the bundled card set; ``test_bundled.py`` checks the bundled set agrees where it
has the same cards. Cards named "Test ..." are made up for rules that no card printed before 2022 shows
(saddle, craft, station, max speed) or for shapes no real card has (a nonland card named "Fire").
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from deckcheck.cards.model import Card
from deckcheck.cards.records import card_from_record
from deckcheck.deck import Deck, DeckCard, Entry, Zone
from deckcheck.findings import Finding, Severity
from deckcheck.format_spec import FormatSpec
from deckcheck.rules.companions import COMPANIONS, CompanionResult, companion_findings, evaluate
from tests.cardfactory import face, record

REMINDER = "(If this card is your chosen companion, you may put it into your hand from outside the game for {3} as a sorcery.)"


def _companion(name: str, cost: str, types: str, condition: str, rest: str, identity: str) -> dict[str, Any]:
    return record(
        name,
        cost,
        f"Legendary Creature — {types}",
        f"Companion — {condition} {REMINDER}\n{rest}",
        identity=list(identity),
    )


def _c(
    name: str, cost: str | None, type_line: str, text: str = "", identity: str = "", **extra: Any
) -> dict[str, Any]:
    return record(name, cost, type_line, text, identity=list(identity), **extra)


def _two(
    name: str, layout: str, first: dict[str, Any], second: dict[str, Any], identity: str
) -> dict[str, Any]:
    return record(name, layout=layout, faces=[first, second], identity=list(identity))


_BASICS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

RECORDS: list[dict[str, Any]] = [
    # -- the ten companions ------------------------------------------------------------------
    _companion(
        "Gyruda, Doom of Depths",
        "{4}{U/B}{U/B}",
        "Demon Kraken",
        "Your starting deck contains only cards with even mana values.",
        "When Gyruda enters, each player mills four cards. Put a creature card with an even mana value "
        "from among the milled cards onto the battlefield under your control.",
        "UB",
    ),
    _companion(
        "Jegantha, the Wellspring",
        "{4}{R/G}",
        "Elemental Elk",
        "No card in your starting deck has more than one of the same mana symbol in its mana cost.",
        "{T}: Add {W}{U}{B}{R}{G}. This mana can't be spent to pay generic mana costs.",
        "WUBRG",
    ),
    _companion(
        "Kaheera, the Orphanguard",
        "{1}{G/W}{G/W}",
        "Cat Beast",
        "Each creature card in your starting deck is a Cat, Elemental, Nightmare, Dinosaur, or Beast card.",
        "Vigilance\nEach other creature you control that's a Cat, Elemental, Nightmare, Dinosaur, or Beast "
        "gets +1/+1 and has vigilance.",
        "GW",
    ),
    _companion(
        "Keruga, the Macrosage",
        "{3}{G/U}{G/U}",
        "Dinosaur Hippo",
        "Your starting deck contains only cards with mana value 3 or greater and land cards.",
        "When Keruga enters, draw a card for each other permanent you control with mana value 3 or greater.",
        "GU",
    ),
    _companion(
        "Lurrus of the Dream-Den",
        "{1}{W/B}{W/B}",
        "Cat Nightmare",
        "Each permanent card in your starting deck has mana value 2 or less.",
        "Lifelink\nOnce during each of your turns, you may cast a permanent spell with mana value 2 or less "
        "from your graveyard.",
        "WB",
    ),
    _companion(
        "Lutri, the Spellchaser",
        "{1}{U/R}{U/R}",
        "Elemental Otter",
        "Each nonland card in your starting deck has a different name.",
        "Flash\nWhen Lutri enters, if you cast it, copy target instant or sorcery spell you control. You may "
        "choose new targets for the copy.",
        "UR",
    ),
    _companion(
        "Obosh, the Preypiercer",
        "{3}{B/R}{B/R}",
        "Hellion Horror",
        "Your starting deck contains only cards with odd mana values and land cards.",
        "If a source you control with an odd mana value would deal damage to a permanent or player, it "
        "deals double that damage instead.",
        "BR",
    ),
    _companion(
        "Umori, the Collector",
        "{2}{B/G}{B/G}",
        "Ooze",
        "Each nonland card in your starting deck shares a card type.",
        "As Umori enters, choose a card type.\nSpells you cast of the chosen type cost {1} less to cast.",
        "BG",
    ),
    _companion(
        "Yorion, Sky Nomad",
        "{3}{W/U}{W/U}",
        "Bird Serpent",
        "Your starting deck contains at least twenty cards more than the minimum deck size.",
        "Flying\nWhen Yorion enters, exile any number of other nonland permanents you own and control. "
        "Return them to the battlefield at the beginning of the next end step.",
        "WU",
    ),
    _companion(
        "Zirda, the Dawnwaker",
        "{1}{R/W}{R/W}",
        "Elemental Fox",
        "Each permanent card in your starting deck has an activated ability.",
        "Abilities you activate that aren't mana abilities cost {2} less to activate. This effect can't "
        "reduce the mana in that cost to less than one mana.\n{1}, {T}: Target creature can't block this "
        "turn.",
        "RW",
    ),
    _c(
        "Lutri, Pauper Otter",
        "{3}{U/R}{U/R}",
        "Legendary Creature — Elemental Otter",
        "Companion — Your starting deck contains no cards with a silver, gold, orange, or purple expansion symbol. "
        + REMINDER,
        "UR",
    ),
    # -- lands -------------------------------------------------------------------------------------
    *[
        _c(name, None, f"Basic Land — {name}", f"({{T}}: Add {{{colour}}}.)", colour)
        for name, colour in _BASICS.items()
    ],
    _c("Taiga", None, "Land — Mountain Forest", "({T}: Add {R} or {G}.)", "RG"),
    _c(
        "Bojuka Bog",
        None,
        "Land",
        "Bojuka Bog enters tapped.\nWhen Bojuka Bog enters, exile target player's graveyard.\n{T}: Add {B}.",
        "B",
    ),
    _c("Ancient Den", None, "Artifact Land", "{T}: Add {W}.", "W"),
    _c("Great Furnace", None, "Artifact Land", "{T}: Add {R}.", "R"),
    _c("Ancient Tomb", None, "Land", "{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you."),
    _c(
        "Boros Garrison",
        None,
        "Land",
        "Boros Garrison enters tapped.\nWhen Boros Garrison enters, return a land you control to its owner's hand.\n"
        "{T}: Add {R}{W}.",
        "RW",
    ),
    _c(
        "Cavern of Souls",
        None,
        "Land",
        "As Cavern of Souls enters, choose a creature type.\n{T}: Add {C}.\n{T}: Add one mana of any color. Spend "
        "this mana only to cast a creature spell of the chosen type, and that spell can't be countered.",
    ),
    _c(
        "City of Traitors",
        None,
        "Land",
        "When you play another land, sacrifice City of Traitors.\n{T}: Add {C}{C}.",
    ),
    _c(
        "Urborg, Tomb of Yawgmoth",
        None,
        "Legendary Land",
        "Each land is a Swamp in addition to its other land types.",
        "B",
    ),
    _c(
        "Dryad Arbor",
        None,
        "Land Creature — Forest Dryad",
        "(Dryad Arbor isn't a spell, it's affected by summoning sickness, and it has \"{T}: Add {G}.\")",
        "G",
    ),
    _c(
        "Urza's Saga",
        None,
        "Enchantment Land — Urza's Saga",
        "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\n"
        'I — Urza\'s Saga gains "{T}: Add {C}."\n'
        "II — Urza's Saga gains \"{2}, {T}: Create a 0/0 colorless Construct artifact creature token with 'This token "
        "gets +1/+1 for each artifact you control.'\"\n"
        "III — Search your library for an artifact card with mana cost {0} or {1}, put it onto the battlefield, then "
        "shuffle.",
    ),
    _two(
        "Clearwater Pathway // Murkwater Pathway",
        "modal_dfc",
        face("Clearwater Pathway", None, "Land", "{T}: Add {U}."),
        face("Murkwater Pathway", None, "Land", "{T}: Add {B}."),
        "UB",
    ),
    # -- instants and sorceries --------------------------------------------------------------------
    _c("Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.", "R"),
    _c("Counterspell", "{U}{U}", "Instant", "Counter target spell.", "U"),
    _c(
        "Thoughtseize",
        "{B}",
        "Sorcery",
        "Target player reveals their hand. You choose a nonland card from it. That player discards that card. You "
        "lose 2 life.",
        "B",
    ),
    _c(
        "Treasure Cruise",
        "{7}{U}",
        "Sorcery",
        "Delve (Each card you exile from your graveyard while casting this spell pays for {1}.)\nDraw three cards.",
        "U",
    ),
    _c(
        "Pact of Negation",
        "{0}",
        "Instant",
        "Counter target spell.\nAt the beginning of your next upkeep, pay {3}{U}{U}. If you don't, you lose the game.",
        "U",
    ),
    _c(
        "Pyroblast",
        "{R}",
        "Instant",
        "Choose one —\n• Counter target spell if it's blue.\n• Destroy target permanent if it's blue.",
        "R",
    ),
    _c(
        "Crackle with Power",
        "{X}{X}{X}{R}{R}",
        "Sorcery",
        "Crackle with Power deals five times X damage to each of up to X targets.",
        "R",
    ),
    _c(
        "Dismember",
        "{1}{B/P}{B/P}",
        "Instant",
        "({B/P} can be paid with either {B} or 2 life.)\nTarget creature gets -5/-5 until end of turn.",
        "B",
    ),
    _c(
        "Spectral Procession",
        "{2/W}{2/W}{2/W}",
        "Sorcery",
        "({2/W} can be paid with any two mana or with {W}. This card's mana value is 6.)\nCreate three 1/1 white "
        "Spirit creature tokens with flying.",
        "W",
    ),
    _c(
        "Nameless Inversion",
        "{1}{B}",
        "Kindred Instant — Shapeshifter",
        "Changeling (This card is every creature type.)\nTarget creature gets +3/-3 and loses all creature types "
        "until end of turn.",
        "B",
    ),
    _two(
        "Fire // Ice",
        "split",
        face(
            "Fire", "{1}{R}", "Instant", "Fire deals 2 damage divided as you choose among one or two targets."
        ),
        face("Ice", "{1}{U}", "Instant", "Tap target permanent.\nDraw a card."),
        "UR",
    ),
    _two(
        "Wear // Tear",
        "split",
        face(
            "Wear",
            "{1}{R}",
            "Instant",
            "Destroy target artifact.\nFuse (You may cast one or both halves of this card from your hand.)",
        ),
        face(
            "Tear",
            "{W}",
            "Instant",
            "Destroy target enchantment.\nFuse (You may cast one or both halves of this "
            "card from your hand.)",
        ),
        "RW",
    ),
    _two(
        "Farm // Market",
        "split",
        face("Farm", "{2}{W}", "Instant", "Destroy target attacking or blocking creature."),
        face(
            "Market",
            "{2}{U}",
            "Sorcery",
            "Aftermath (Cast this spell only from your graveyard. Then exile it.)\n"
            "Draw two cards, then discard two cards.",
        ),
        "WU",
    ),
    _two(
        "Commit // Memory",
        "split",
        face(
            "Commit",
            "{3}{U}",
            "Instant",
            "Put target spell or nonland permanent into its owner's library second from the top.",
        ),
        face(
            "Memory",
            "{4}{U}{U}",
            "Sorcery",
            "Aftermath (Cast this spell only from your graveyard. Then exile it.)\n"
            "Each player shuffles their hand and graveyard into their library, then draws seven cards.",
        ),
        "U",
    ),
    _two(
        "Collision // Colossus",
        "split",
        face("Collision", "{1}{R/G}", "Instant", "Collision deals 6 damage to target creature with flying."),
        face(
            "Colossus", "{R}{G}", "Instant", "Target creature gets +4/+2 and gains trample until end of turn."
        ),
        "RG",
    ),
    _c(
        "Fire", "{1}{R}", "Instant", "Fire deals 2 damage to any target.", "R"
    ),  # made up: shares a half's name
    _c("Ice", "{1}{U}", "Instant", "Tap target permanent.", "U"),  # made up
    _two(
        "Sejiri Shelter // Sejiri Glacier",
        "modal_dfc",
        face(
            "Sejiri Shelter",
            "{1}{W}",
            "Instant",
            "Target creature you control gains protection from the color of your choice until end of turn.",
        ),
        face("Sejiri Glacier", None, "Land", "Sejiri Glacier enters tapped.\n{T}: Add {W}."),
        "W",
    ),
    _two(
        "Emeria's Call // Emeria, Shattered Skyclave",
        "modal_dfc",
        face(
            "Emeria's Call",
            "{4}{W}{W}{W}",
            "Sorcery",
            "Create two 4/4 white Angel Warrior creature tokens with flying. Non-Angel creatures you control gain "
            "indestructible until your next turn.",
        ),
        face(
            "Emeria, Shattered Skyclave",
            None,
            "Land",
            "As Emeria, Shattered Skyclave enters, you may pay 3 life. If you don't, it enters tapped.\n"
            "{T}: Add {W}.",
        ),
        "W",
    ),
    # -- creatures -------------------------------------------------------------------------------------
    _c(
        "Grizzly Bears",
        "{1}{G}",
        "Creature — Bear",
        "",
        "G",
    ),
    _c("Llanowar Elves", "{G}", "Creature — Elf Druid", "{T}: Add {G}.", "G"),
    _c("Birds of Paradise", "{G}", "Creature — Bird", "Flying\n{T}: Add one mana of any color.", "G"),
    _c(
        "Tarmogoyf",
        "{1}{G}",
        "Creature — Lhurgoyf",
        "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is "
        "equal to that number plus 1.",
        "G",
    ),
    _c(
        "Shivan Dragon",
        "{4}{R}{R}",
        "Creature — Dragon",
        "Flying\n{R}: Shivan Dragon gets +1/+0 until end of turn.",
        "R",
    ),
    _c(
        "Kitchen Finks",
        "{1}{G/W}{G/W}",
        "Creature — Ouphe",
        "When Kitchen Finks enters, you gain 2 life.\nPersist (When this creature dies, if it had no -1/-1 counters on "
        "it, return it to the battlefield under its owner's control with a -1/-1 counter on it.)",
        "GW",
    ),
    _c(
        "Questing Beast",
        "{2}{G}{G}",
        "Legendary Creature — Beast",
        "Vigilance, deathtouch, haste\nQuesting Beast can't be blocked by creatures with power 2 or less.\nCombat "
        "damage that would be dealt by creatures you control can't be prevented.\nWhenever Questing Beast deals "
        "combat damage to an opponent, it deals that much damage to target planeswalker that player controls.",
        "G",
    ),
    _c("Savannah Lions", "{W}", "Creature — Cat", "", "W"),
    _c(
        "Ajani's Pridemate",
        "{1}{W}",
        "Creature — Cat Soldier",
        "Whenever you gain life, put a +1/+1 counter on Ajani's Pridemate.",
        "W",
    ),
    _c(
        "Steppe Lynx",
        "{W}",
        "Creature — Cat",
        "Landfall — Whenever a land you control enters, Steppe Lynx gets +2/+2 until end of turn.",
        "W",
    ),
    _c(
        "Changeling Outcast",
        "{B}",
        "Creature — Shapeshifter",
        "Changeling (This card is every creature type.)\nChangeling Outcast can't block and can't be blocked.",
        "B",
    ),
    _c(
        "Mistform Ultimus",
        "{3}{U}",
        "Legendary Creature — Illusion",
        "Mistform Ultimus is every creature type (even if this card isn't on the battlefield).",
        "U",
    ),
    _c("Ornithopter", "{0}", "Artifact Creature — Thopter", "Flying"),
    _c("Memnite", "{0}", "Artifact Creature — Construct"),
    _c(
        "Walking Ballista",
        "{X}{X}",
        "Artifact Creature — Construct",
        "Walking Ballista enters with X +1/+1 counters on it.\n{4}: Put a +1/+1 counter on Walking Ballista.\n"
        "Remove a +1/+1 counter from Walking Ballista: It deals 1 damage to any target.",
    ),
    _c(
        "The Scarab God",
        "{3}{U}{B}",
        "Legendary Creature — God",
        "At the beginning of your upkeep, each opponent loses X life and you scry X, where X is the number of Zombies "
        "you control.\n{2}{U}{B}: Exile target creature card from a graveyard. Create a token that's a copy of it, "
        "except it's a 4/4 black Zombie.\nWhen The Scarab God dies, return it to its owner's hand at the beginning of "
        "the next end step.",
        "UB",
    ),
    _c(
        "Lazav, the Multifarious",
        "{U}{B}",
        "Legendary Creature — Shapeshifter",
        "When Lazav, the Multifarious enters, surveil 1.\n{X}: Lazav, the Multifarious becomes a copy of target "
        "creature card in your graveyard with mana value X, except its name is Lazav, the Multifarious, it's "
        "legendary in addition to its other types, and it has this ability.",
        "UB",
    ),
    _c(
        "Trostani, Selesnya's Voice",
        "{G}{G}{W}{W}",
        "Legendary Creature — Dryad",
        "Whenever another creature you control enters, you gain life equal to that creature's toughness.\n"
        "{1}{G}{W}, {T}: Populate.",
        "GW",
    ),
    _c(
        "Arahbo, Roar of the World",
        "{3}{G}{W}",
        "Legendary Creature — Cat Avatar",
        "Eminence — At the beginning of combat on your turn, if Arahbo, Roar of the World is in the command zone or "
        "on the battlefield, another target Cat you control gets +3/+3 until end of turn.\nWhenever another Cat you "
        "control attacks, you may pay {1}{G}{W}. If you do, it gains trample and gets +X/+X until end of turn, where "
        "X is its power.",
        "GW",
    ),
    _c(
        "Thalia, Guardian of Thraben",
        "{1}{W}",
        "Legendary Creature — Human Soldier",
        "First strike\nNoncreature spells cost {1} more to cast.",
        "W",
    ),
    _c(
        "Ayli, Eternal Pilgrim",
        "{W}{B}",
        "Legendary Creature — Kor Cleric",
        "Deathtouch\n{1}, Sacrifice another creature: You gain life equal to the sacrificed creature's toughness.\n"
        "{1}{W}{B}, Exile Ayli, Eternal Pilgrim: Exile target nonland permanent. Activate only if you have at least 10 "
        "life more than your starting life total.",
        "WB",
    ),
    _c(
        "Thrasios, Triton Hero",
        "{G}{U}",
        "Legendary Creature — Merfolk Wizard",
        "{4}: Scry 1, then reveal the top card of your library. If it's a land card, put it onto the battlefield "
        "tapped. Otherwise, draw a card.\nPartner (You can have two commanders if both have partner.)",
        "GU",
    ),
    _c(
        "The Prismatic Piper",
        "{5}",
        "Legendary Creature — Shapeshifter",
        "If The Prismatic Piper is your commander, choose a color before the game begins. The Prismatic Piper is the "
        "chosen color.\nPartner (You can have two commanders if both have partner.)",
    ),
    _c(
        "Teysa Karlov",
        "{2}{W}{B}",
        "Legendary Creature — Human Advisor",
        "If a creature dying causes a triggered ability of a permanent you control to trigger, that ability triggers "
        "an additional time.\nCreature tokens you control have vigilance and lifelink.",
        "WB",
    ),
    _c(
        "Lord Windgrace",
        "{2}{B}{R}{G}",
        "Legendary Planeswalker — Windgrace",
        "+2: Discard a card, then draw a card. If a land card is discarded this way, draw an additional card.\n−3: "
        "Return up to two target land cards from your graveyard to the battlefield.\n−11: Destroy up to six target "
        "nonland permanents, then create six 2/2 green Cat Warrior creature tokens with forestwalk.\nLord Windgrace "
        "can be your commander.",
        "BRG",
    ),
    _c(
        "Tymna the Weaver",
        "{1}{W}{B}",
        "Legendary Creature — Human Cleric",
        "Lifelink\nAt the beginning of your postcombat main phase, you may pay X life, where X is the number of "
        "opponents that were dealt combat damage this turn. If you do, draw X cards.\nPartner (You can have two "
        "commanders if both have partner.)",
        "WB",
    ),
    _c(
        "Niv-Mizzet Reborn",
        "{W}{U}{B}{R}{G}",
        "Legendary Creature — Dragon Avatar",
        "Flying\nWhen Niv-Mizzet Reborn enters, reveal the top ten cards of your library. For each color pair, choose "
        "a card that's exactly those colors from among them. Put the chosen cards into your hand and the rest on the "
        "bottom of your library in a random order.",
        "WUBRG",
    ),
    _two(
        "Bonecrusher Giant // Stomp",
        "adventure",
        face(
            "Bonecrusher Giant",
            "{2}{R}",
            "Creature — Giant",
            "Whenever Bonecrusher Giant becomes the target of a spell, Bonecrusher Giant deals 2 damage to that "
            "spell's controller.",
        ),
        face(
            "Stomp",
            "{1}{R}",
            "Instant — Adventure",
            "Damage can't be prevented this turn. Stomp deals 2 damage to any target.",
        ),
        "R",
    ),
    _two(
        "Beanstalk Giant // Fertile Footsteps",
        "adventure",
        face(
            "Beanstalk Giant",
            "{6}{G}",
            "Creature — Giant",
            "Beanstalk Giant's power and toughness are each equal to the number of lands you control.",
        ),
        face(
            "Fertile Footsteps",
            "{2}{G}",
            "Sorcery — Adventure",
            "Search your library for a basic land card, put it onto the battlefield, then shuffle.",
        ),
        "G",
    ),
    _two(
        "Flaxen Intruder // Welcome Home",
        "adventure",
        face(
            "Flaxen Intruder",
            "{G}",
            "Creature — Human Berserker",
            "Whenever Flaxen Intruder deals combat damage to a player, you may sacrifice it. When you do, destroy "
            "target artifact or enchantment.",
        ),
        face(
            "Welcome Home", "{5}{G}{G}", "Sorcery — Adventure", "Create three 2/2 green Bear creature tokens."
        ),
        "G",
    ),
    _two(
        "Lovestruck Beast // Heart's Desire",
        "adventure",
        face(
            "Lovestruck Beast",
            "{2}{G}",
            "Creature — Beast Noble",
            "Lovestruck Beast can't attack unless you control a 1/1 creature.",
        ),
        face("Heart's Desire", "{G}", "Sorcery — Adventure", "Create a 1/1 white Human creature token."),
        "G",
    ),
    _two(
        "Valki, God of Lies // Tibalt, Cosmic Impostor",
        "modal_dfc",
        face(
            "Valki, God of Lies",
            "{1}{B}",
            "Legendary Creature — God",
            "When Valki enters, each opponent reveals their hand. For each opponent, exile a creature card they "
            "revealed with this ability until Valki leaves the battlefield.\n{X}: Choose a creature card exiled "
            "with Valki with mana value X. Valki becomes a copy of it.",
        ),
        face(
            "Tibalt, Cosmic Impostor",
            "{5}{B}{R}",
            "Legendary Planeswalker — Tibalt",
            'As Tibalt enters, you get an emblem with "You may play cards exiled with Tibalt, Cosmic Impostor, '
            'and you may spend mana as though it were mana of any color to cast those spells."\n+2: Exile the top '
            "card of each player's library.\n−3: Exile target artifact or creature.\n−8: Exile all cards from all "
            "graveyards. Add {R}{R}{R}.",
        ),
        "BR",
    ),
    _two(
        "Flamescroll Celebrant // Revel in Silence",
        "modal_dfc",
        face(
            "Flamescroll Celebrant",
            "{1}{R}",
            "Creature — Human Shaman",
            "Whenever an opponent activates an ability that isn't a mana ability, Flamescroll Celebrant deals 1 "
            "damage to that player.\n{1}{R}: Flamescroll Celebrant gets +2/+0 until end of turn.",
        ),
        face(
            "Revel in Silence",
            "{W}{W}",
            "Instant",
            "Your opponents can't cast spells or activate planeswalkers' loyalty abilities this turn.\nExile Revel "
            "in Silence.",
        ),
        "RW",
    ),
    _two(
        "Delver of Secrets // Insectile Aberration",
        "transform",
        face(
            "Delver of Secrets",
            "{U}",
            "Creature — Human Wizard",
            "At the beginning of your upkeep, look at the top card of your library. You may reveal that card. If "
            "an instant or sorcery card is revealed this way, transform Delver of Secrets.",
        ),
        face("Insectile Aberration", None, "Creature — Human Insect", "Flying"),
        "U",
    ),
    # -- planeswalkers ------------------------------------------------------------------------------------
    _c(
        "Ugin, the Spirit Dragon",
        "{8}",
        "Legendary Planeswalker — Ugin",
        "+2: Ugin, the Spirit Dragon deals 3 damage to any target.\n−X: Exile each permanent with mana value X or less "
        "that's one or more colors.\n−10: You gain 7 life, draw seven cards, then put up to seven permanent cards from "
        "your hand onto the battlefield.",
    ),
    _c(
        "Jace, the Mind Sculptor",
        "{2}{U}{U}",
        "Legendary Planeswalker — Jace",
        "[+2]: Look at the top card of target player's library. You may put that card on the bottom of that player's "
        "library.\n[0]: Draw three cards, then put two cards from your hand on top of your library in any order.\n"
        "[−1]: Return target creature to its owner's hand.\n[−12]: Exile all cards from target player's library, then "
        "that player shuffles their hand into their library.",
        "U",
    ),
    _c(
        "Grist, the Hunger Tide",
        "{1}{B}{G}",
        "Legendary Planeswalker — Grist",
        "As long as Grist, the Hunger Tide isn't on the battlefield, it's a 1/1 Insect creature in addition to its "
        "other types.\n+1: Create a 1/1 black and green Insect creature token, then mill a card. If an Insect card was "
        "milled this way, put a loyalty counter on Grist and repeat this process.\n−2: You may sacrifice a creature. "
        "When you do, destroy target creature or planeswalker.\n−5: Each opponent loses life equal to the number of "
        "creature cards in your graveyard.",
        "BG",
    ),
    # -- artifacts and enchantments ----------------------------------------------------------------------------
    _c(
        "Tormod's Crypt",
        "{0}",
        "Artifact",
        "{T}, Sacrifice Tormod's Crypt: Exile all cards from target player's graveyard.",
    ),
    _c(
        "Chalice of the Void",
        "{X}{X}",
        "Artifact",
        "Chalice of the Void enters with X charge counters on it.\nWhenever a player casts a spell with mana value "
        "equal to the number of charge counters on Chalice of the Void, counter that spell.",
    ),
    _c(
        "Basalt Monolith",
        "{3}",
        "Artifact",
        "Basalt Monolith doesn't untap during your untap step.\n{T}: Add {C}{C}{C}.\n{3}: Untap Basalt Monolith.",
    ),
    _c(
        "Grim Monolith",
        "{2}",
        "Artifact",
        "Grim Monolith doesn't untap during your untap step.\n{T}: Add {C}{C}{C}.\n{4}: Untap Grim Monolith.",
    ),
    _c("Boros Signet", "{2}", "Artifact", "{1}, {T}: Add {R}{W}.", "RW"),
    _c(
        "Magma Mine",
        "{1}",
        "Artifact",
        "{4}: Put a pressure counter on Magma Mine.\n{T}, Sacrifice Magma Mine: It deals damage equal to the number of "
        "pressure counters on it to any target.",
    ),
    _c(
        "Mox Diamond",
        "{0}",
        "Artifact",
        "If Mox Diamond would enter, you may discard a land card instead. If you do, put Mox Diamond onto the "
        "battlefield. If you don't, put it into its owner's graveyard.\n{T}: Add one mana of any color.",
    ),
    _c(
        "Mox Opal",
        "{0}",
        "Legendary Artifact",
        "Metalcraft — {T}: Add one mana of any color. Activate only if you control three or more artifacts.",
    ),
    _c(
        "Staff of Domination",
        "{3}",
        "Artifact",
        "{3}, {T}: Untap Staff of Domination.\n{1}, {T}: You gain 1 life.\n{2}, {T}: Untap target creature.\n"
        "{3}, {T}: Tap target creature.\n{4}, {T}: Draw a card.",
    ),
    _c(
        "Smuggler's Copter",
        "{2}",
        "Artifact — Vehicle",
        "Flying\nWhenever Smuggler's Copter attacks or blocks, you may draw a card. If you do, discard a card.\n"
        "Crew 1 (Tap any number of creatures you control with total power 1 or more: This Vehicle becomes an artifact "
        "creature until end of turn.)",
    ),
    _c("Bonesplitter", "{1}", "Artifact — Equipment", "Equipped creature gets +2/+0.\nEquip {1}"),
    _c(
        "Darksteel Garrison",
        "{2}",
        "Artifact — Fortification",
        "Fortified land has indestructible.\nWhenever fortified land becomes tapped, target creature gets +1/+1 until "
        "end of turn.\nFortify {3}",
    ),
    _c(
        "Circle of Protection: Red",
        "{1}{W}",
        "Enchantment",
        "{1}: The next time a red source of your choice would deal damage to you this turn, prevent that damage.",
        "W",
    ),
    _c("Glorious Anthem", "{1}{W}{W}", "Enchantment", "Creatures you control get +1/+1.", "W"),
    _c("Blood Moon", "{2}{R}", "Enchantment", "Nonbasic lands are Mountains.", "R"),
    _c(
        "Bitterblossom",
        "{1}{B}",
        "Kindred Enchantment — Faerie",
        "At the beginning of your upkeep, you lose 1 life and create a 1/1 black Faerie Rogue creature token with "
        "flying.",
        "B",
    ),
    _c(
        "Abundant Growth",
        "{G}",
        "Enchantment — Aura",
        'Enchant land\nWhen Abundant Growth enters, draw a card.\nEnchanted land has "{T}: Add one mana of any '
        'color."',
        "G",
    ),
    _c(
        "Wild Growth",
        "{G}",
        "Enchantment — Aura",
        "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional {G}.",
        "G",
    ),
    _c(
        "Arcanum Wings",
        "{1}{U}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature has flying.\nAura swap {2}{U} ({2}{U}: Exchange this Aura with an Aura "
        "card in your hand.)",
        "U",
    ),
    _c(
        "Plumes of Peace",
        "{1}{W}{U}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature doesn't untap during its controller's untap step.\nForecast — {W}{U}, "
        "Reveal Plumes of Peace from your hand: Tap target creature. (Activate only during your upkeep and only once "
        "each turn.)",
        "WU",
    ),
    _two(
        "Fable of the Mirror-Breaker // Reflection of Kiki-Jiki",
        "transform",
        face(
            "Fable of the Mirror-Breaker",
            "{2}{R}",
            "Enchantment — Saga",
            "(As this Saga enters and after your draw step, add a lore counter.)\nI — Create a 2/2 red Goblin "
            'Shaman creature token with "Whenever this creature attacks, create a Treasure token."\nII — You may '
            "discard up to two cards. If you do, draw that many cards.\nIII — Exile this Saga, then return it to "
            "the battlefield transformed under your control.",
        ),
        face(
            "Reflection of Kiki-Jiki",
            None,
            "Enchantment Creature — Goblin Shaman",
            "{1}, {T}: Create a token that's a copy of another target nonlegendary creature you control, except it "
            "has haste. Sacrifice it at the beginning of the next end step.",
        ),
        "R",
    ),
    _two(
        "Bottomless Pool // Locker Room",
        "split",
        face(
            "Bottomless Pool",
            "{U}",
            "Enchantment — Room",
            "When you unlock this door, return up to one target creature to its owner's hand.\n(You may cast "
            "either half. That door unlocks on the battlefield. As a sorcery, you may pay the mana cost of a "
            "locked door to unlock it.)",
        ),
        face(
            "Locker Room",
            "{4}{U}",
            "Enchantment — Room",
            "Whenever one or more creatures you control deal combat damage to a player, draw a card.\n(You may "
            "cast either half. That door unlocks on the battlefield. As a sorcery, you may pay the mana cost of a "
            "locked door to unlock it.)",
        ),
        "U",
    ),
    _two(
        "Surgical Suite // Hospital Room",
        "split",
        face(
            "Surgical Suite",
            "{1}{W}",
            "Enchantment — Room",
            "When you unlock this door, return target creature card with mana value 3 or less from your graveyard "
            "to the battlefield.",
        ),
        face(
            "Hospital Room",
            "{3}{W}",
            "Enchantment — Room",
            "Whenever you attack, put a +1/+1 counter on target attacking creature.",
        ),
        "W",
    ),
    _two(
        "Ticket Booth // Tunnel of Hate",
        "split",
        face("Ticket Booth", "{2}{R}", "Enchantment — Room", "When you unlock this door, manifest dread."),
        face(
            "Tunnel of Hate",
            "{4}{R}{R}",
            "Enchantment — Room",
            "Whenever you attack, target attacking creature gains double strike until end of turn.",
        ),
        "R",
    ),
    _two(  # an Omen card: Scryfall writes it as an adventure
        "Dirgur Island Dragon // Skimming Strike",
        "adventure",
        face(
            "Dirgur Island Dragon",
            "{5}{U}",
            "Creature — Dragon",
            "Flying\nWard {2}",
            power="4",
            toughness="4",
        ),
        face(
            "Skimming Strike",
            "{1}{U}",
            "Instant — Omen",
            "Tap up to one target creature. Draw a card. (Then shuffle this card into its owner's library.)",
        ),
        "U",
    ),
    _c(
        "Phyrexian Fleshgorger",
        "{7}",
        "Artifact Creature — Phyrexian Wurm",
        "Prototype {1}{B}{B} — 3/3 (You may cast this spell with different mana cost, color, and size. It keeps "
        "its abilities and types.)\nMenace, lifelink\nWard—Pay life equal to Phyrexian Fleshgorger's power.",
        "B",
        layout="prototype",
    ),
    _c(
        "Case of the Uneaten Feast",
        "{W}",
        "Enchantment — Case",
        "Whenever a creature you control enters, you gain 1 life.\nTo solve — You've gained 5 or more life this "
        "turn. (If unsolved, solve it at the beginning of your end step.)\nSolved — Sacrifice this Case: "
        'Creature cards in your graveyard gain "You may cast this card from your graveyard" until end of turn.',
        "W",
        layout="case",
    ),
    _two(
        "Invasion of Tarkir // Defiant Thundermaw",
        "battle",
        face(
            "Invasion of Tarkir",
            "{1}{R}",
            "Battle — Siege",
            "(As a Siege enters, choose an opponent to protect it. You and others can attack it. When it's "
            "defeated, exile it, then cast it transformed.)\nWhen Invasion of Tarkir enters, reveal any number of "
            "Dragon cards from your hand. When you do, Invasion of Tarkir deals X damage to any target, where X "
            "is 2 plus the number of Dragon cards revealed this way.",
            defense="5",
        ),
        face(
            "Defiant Thundermaw",
            None,
            "Creature — Dragon",
            "Flying, trample\nWhenever another Dragon you control attacks, it deals 2 damage to any target.",
        ),
        "R",
    ),
    # -- keyword activated abilities (Zirda) -----------------------------------------------------------------
    _c(
        "Street Wraith",
        "{3}{B}{B}",
        "Creature — Wraith",
        "Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)\nCycling—Pay 2 "
        "life. (Pay 2 life, Discard this card: Draw a card.)",
        "B",
    ),
    _c(
        "Generous Ent",
        "{5}{G}",
        "Creature — Treefolk",
        "Reach\nWhen Generous Ent enters, create a Food token. (It's an artifact with \"{2}, {T}, Sacrifice this "
        'token: You gain 3 life.")\nForestcycling {1} ({1}, Discard this card: Search your library for a Forest card, '
        "reveal it, put it into your hand, then shuffle.)",
        "G",
    ),
    _c(
        "Sojourner's Companion",
        "{7}",
        "Artifact Creature — Salamander",
        "Affinity for artifacts\nArtifact landcycling {2} ({2}, Discard this card: Search your library for an "
        "artifact land card, reveal it, put it into your hand, then shuffle.)",
    ),
    _c(
        "Ninja of the Deep Hours",
        "{3}{U}",
        "Creature — Human Ninja",
        "Ninjutsu {1}{U} ({1}{U}, Return an unblocked attacker you control to hand: Put this card onto the "
        "battlefield from your hand tapped and attacking.)\nWhenever Ninja of the Deep Hours deals combat damage to "
        "a player, you may draw a card.",
        "U",
    ),
    _c(
        "Lizard Blades",
        "{1}{R}",
        "Artifact Creature — Equipment Lizard",
        "Double strike\nEquipped creature has double strike.\nReconfigure {2} ({2}: Attach to target creature you "
        "control; or unattach from a creature. Reconfigure only as a sorcery. While attached, this isn't a "
        "creature.)",
        "R",
    ),
    _c(
        "Ainok Bond-Kin",
        "{1}{W}",
        "Creature — Dog Soldier",
        "Outlast {1}{W} ({1}{W}, {T}: Put a +1/+1 counter on this creature. Outlast only as a sorcery.)\nEach "
        "creature you control with a +1/+1 counter on it has first strike.",
        "W",
    ),
    _c(
        "Slitherhead",
        "{B/G}",
        "Creature — Plant Zombie",
        "Scavenge {0} ({0}, Exile this card from your graveyard: Put a number of +1/+1 counters equal to this card's "
        "power on target creature. Scavenge only as a sorcery.)",
        "BG",
    ),
    _c(
        "Hellspark Elemental",
        "{1}{R}",
        "Creature — Elemental",
        "Trample, haste\nAt the beginning of the end step, sacrifice Hellspark Elemental.\nUnearth {1}{R} ({1}{R}: "
        "Return this card from your graveyard to the battlefield. It gains haste. Exile it at the beginning of the "
        "next end step or if it would leave the battlefield. Unearth only as a sorcery.)",
        "R",
    ),
    _c(
        "Sacred Cat",
        "{W}",
        "Creature — Cat",
        "Lifelink\nEmbalm {W} ({W}, Exile this card from your graveyard: Create a token that's a copy of it, except "
        "it's a white Zombie Cat with no mana cost. Embalm only as a sorcery.)",
        "W",
    ),
    _c(
        "Champion of Wits",
        "{2}{U}",
        "Creature — Naga Wizard",
        "When Champion of Wits enters, you may draw cards equal to its power. If you do, discard two cards.\n"
        "Eternalize {5}{U}{U} ({5}{U}{U}, Exile this card from your graveyard: Create a token that's a copy of it, "
        "except it's a 4/4 black Zombie Naga Wizard with no mana cost. Eternalize only as a sorcery.)",
        "U",
    ),
    _c(
        "Dimir Infiltrator",
        "{U}{B}",
        "Creature — Spirit",
        "Dimir Infiltrator can't be blocked.\nTransmute {1}{U}{B} ({1}{U}{B}, Discard this card: Search your library "
        "for a card with the same mana value as this card, reveal it, put it into your hand, then shuffle. Transmute "
        "only as a sorcery.)",
        "UB",
    ),
    _c(
        "Student of Warfare",
        "{W}",
        "Creature — Human Knight",
        "Level up {W} ({W}: Put a level counter on this. Level up only as a sorcery.)\nLEVEL 2-6\n3/3\nFirst strike\n"
        "LEVEL 7+\n4/4\nDouble strike",
        "W",
    ),
    _c(
        "Ghor-Clan Rampager",
        "{2}{R}{G}",
        "Creature — Beast",
        "Trample\nBloodrush — {R}{G}, Discard Ghor-Clan Rampager: Target attacking creature gets +4/+4 and gains "
        "trample until end of turn.",
        "RG",
    ),
    _c(
        "Burrenton Bombardier",
        "{2}{W}",
        "Creature — Kithkin Soldier",
        "Flying\nReinforce 2—{2}{W} ({2}{W}, Discard this card: Put two +1/+1 counters on target creature.)",
        "W",
    ),
    _c(
        "Fleshwrither",
        "{2}{B}{B}",
        "Creature — Horror",
        "Transfigure {1}{B}{B} ({1}{B}{B}, Sacrifice this creature: Search your library for a creature card with the "
        "same mana value as this creature, put that card onto the battlefield, then shuffle. Transfigure only as a "
        "sorcery.)",
        "B",
    ),
    _c("Viscera Seer", "{B}", "Creature — Vampire Wizard", "Sacrifice a creature: Scry 1.", "B"),
    _c(
        "Test Saddle Mount",
        "{2}{W}",
        "Creature — Horse Mount",
        "Whenever this creature attacks while saddled, it gains first strike until end of turn.\nSaddle 2 (Tap any "
        "number of other creatures you control with total power 2 or more: This Mount becomes saddled until end of "
        "turn. Saddle only as a sorcery.)",
        "W",
    ),
    _c(
        "Test Craft Relic",
        "{2}",
        "Artifact",
        "When this artifact enters, scry 1.\nCraft with artifact {3}{W} ({3}{W}, Exile this artifact, Exile another "
        "artifact you control or an artifact card from your graveyard: Return this card transformed under its owner's "
        "control. Craft only as a sorcery.)",
        "W",
    ),
    _c(
        "Test Spacecraft",
        "{3}",
        "Artifact — Spacecraft",
        "Station (Tap another creature you control: Put charge counters equal to its power on this Spacecraft. "
        "Station only as a sorcery. It's an artifact creature at 8+.)\nSTATION 8+\nFlying\n5/5",
    ),
    _c(
        "Test Speed Racer",
        "{1}{R}",
        "Creature — Human Pilot",
        "Start your engines! (If you have no speed, it starts at 1. It increases once on each of your turns when an "
        "opponent loses life. Max speed is 4.)\nMax speed — {T}: Draw a card.",
    ),
    _c(
        "Test Colon Sentinel",
        "{1}{W}",
        "Creature — Human Soldier",
        "At the beginning of your upkeep, choose one: you gain 2 life or scry 1.",
    ),
    _c(
        "Test Notice: Beware",
        "{1}",
        "Artifact",
        "Test Notice: Beware enters tapped.\nCreatures you control get +0/+1.",
    ),
]


def _index(records: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    index: dict[str, dict[str, Any]] = {}
    for r in records:
        if r["name"] in index:
            raise ValueError(f"test card {r['name']!r} defined twice")
        index[r["name"]] = r
    return index


BY_NAME = _index(RECORDS)


@cache
def card(name: str) -> Card:
    """The test card with this exact name (a KeyError names the missing card)."""
    return card_from_record(BY_NAME[name])


# -- formats (the fields the companion engine reads) ------------------------------------------------
MODERN = FormatSpec("modern", "Modern", "modern", min_main=60)
LIMITED = FormatSpec("limited", "Limited", None, min_main=40, sideboard_max=None, copy_limit=None)
COMMANDER = FormatSpec(
    "commander",
    "Commander",
    "commander",
    min_main=100,
    max_main=100,
    sideboard_max=0,
    copy_limit=1,
    commander=True,
    companion_bans=frozenset({"Lutri, the Spellchaser"}),
)
BRAWL = FormatSpec(
    "brawl",
    "Brawl",
    "brawl",
    min_main=60,
    max_main=60,
    sideboard_max=0,
    copy_limit=1,
    commander=True,
    max_commanders=1,
)


# -- decks --------------------------------------------------------------------------------------------------
Spec = tuple[int, str] | tuple[int, str, Zone]


def deck(*items: Spec, path: str = "deck.txt") -> Deck:
    """A deck whose entries get line numbers 1, 2, 3... in order: ``deck((4, "Lightning Bolt"), (1, "Lurrus
    of the Dream-Den", Zone.COMPANION))``; the zone defaults to the main deck."""
    cards: list[DeckCard] = []
    for line, item in enumerate(items, start=1):
        quantity, name = item[0], item[1]
        zone = item[2] if len(item) == 3 else Zone.MAIN
        cards.append(DeckCard(Entry(quantity, name, zone, line=line), card(name)))
    return Deck(path, cards)


def lands(total: int, *names: str) -> list[Spec]:
    """``total`` basic lands split over ``names`` as evenly as possible (main deck)."""
    names = names or ("Island",)
    share, extra = divmod(total, len(names))
    return [
        (share + (1 if i < extra else 0), n) for i, n in enumerate(names) if share + (1 if i < extra else 0)
    ]


def result(d: Deck, spec: FormatSpec, companion: str) -> CompanionResult:
    """The evaluation of one companion (by short name, e.g. "Lurrus")."""
    wanted = next(rule.name for rule in COMPANIONS if rule.short == companion)
    return next(r for r in evaluate(d, spec) if r.companion == wanted)


def findings(d: Deck, spec: FormatSpec) -> list[Finding]:
    return companion_findings(d, spec)


def codes(d: Deck, spec: FormatSpec, severity: Severity | None = None) -> list[str]:
    return [f.code for f in findings(d, spec) if severity is None or f.severity is severity]


def breaker_names(r: CompanionResult) -> list[str]:
    return [b.card for b in r.breakers]
