"""Cards and decks for the format tests.

``card(name)`` gives the bundled card (data/cards.json) when the bundled set has it, else the record
below, so rule tests run on real data once it is there. The records are oracle facts (MTGJSON
AtomicCards 2022-04-25 for cards printed by then; the bundled set's oracle text for later
ones), with rules text trimmed to the lines the deck rules read. ``local(name)`` always gives the
record: legality tests use it, because they pin legality values of one date.

Records named "Sample …" are synthetic: there is no real card with exactly that shape (noted where so).
"""

# The records are data: one card per line reads better than wrapped strings.
# ruff: noqa: E501

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from deckcheck.cards.model import Card
from deckcheck.cards.records import card_from_record
from deckcheck.cards.store import CardStore, bundled_cards_path
from deckcheck.deck import Deck, DeckCard, Entry, Zone
from deckcheck.errors import CardDataError

_EVERYWHERE = ("commander", "duel", "legacy", "vintage", "modern", "pioneer", "standard", "pauper")
_BASIC_KEYS = (
    *_EVERYWHERE,
    "brawl",
    "historicbrawl",
    "standardbrawl",
    "historic",
    "explorer",
    "alchemy",
    "paupercommander",
    "premodern",
    "penny",
    "gladiator",
    "oldschool",
    "timeless",
)


def _legal(*keys: str, **overrides: str) -> dict[str, str]:
    values = dict.fromkeys(keys, "legal")
    values.update(overrides)
    return values


def _rec(
    name: str,
    cost: str | None,
    type_line: str,
    text: str,
    identity: Iterable[str],
    legalities: Mapping[str, str],
    *,
    power: str | None = None,
    toughness: str | None = None,
    leadership: Mapping[str, bool] | None = None,
) -> dict[str, Any]:
    record: dict[str, Any] = {
        "name": name,
        "layout": "normal",
        "faces": [
            {
                "name": name,
                "mana_cost": cost,
                "type_line": type_line,
                "oracle_text": text,
                "power": power,
                "toughness": toughness,
            }
        ],
        "color_identity": sorted(identity),
        "legalities": dict(legalities),
    }
    if leadership is not None:
        record["leadership"] = dict(leadership)
    return record


_CMD = ("commander", "duel", "legacy", "vintage")
PARTNER = "Partner (You can have two commanders if both have partner.)"
FRIENDS = "Friends forever (You can have two commanders if both have friends forever.)"
BACKGROUND = "Choose a Background (You can have a Background as a second commander.)"

RECORDS: dict[str, dict[str, Any]] = {
    r["name"]: r
    for r in [
        # -- basics (CR 205.4c: the supertype basic; snow basics and Wastes included)
        *[
            _rec(n, None, f"Basic Land — {n}", f"({{T}}: Add {{{c}}}.)", [c], _legal(*_BASIC_KEYS))
            for n, c in (("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"), ("Forest", "G"))
        ],
        _rec(
            "Snow-Covered Island",
            None,
            "Basic Snow Land — Island",
            "({T}: Add {U}.)",
            ["U"],
            _legal(*_BASIC_KEYS),
        ),
        _rec(
            "Snow-Covered Forest",
            None,
            "Basic Snow Land — Forest",
            "({T}: Add {G}.)",
            ["G"],
            _legal(*_BASIC_KEYS),
        ),
        _rec(
            "Wastes",
            None,
            "Basic Land",
            "{T}: Add {C}.",
            [],
            _legal("commander", "duel", "legacy", "modern", "pioneer", "vintage", "pauper"),
        ),
        # -- constructed staples
        _rec(
            "Lightning Bolt",
            "{R}",
            "Instant",
            "Lightning Bolt deals 3 damage to any target.",
            ["R"],
            _legal(*_CMD, "modern", "pauper", "historicbrawl"),
        ),
        _rec(
            "Counterspell",
            "{U}{U}",
            "Instant",
            "Counter target spell.",
            ["U"],
            _legal(*_CMD, "modern", "pauper", "historicbrawl"),
        ),
        _rec(
            "Brainstorm",
            "{U}",
            "Instant",
            "Draw three cards, then put two cards from your hand on top of your library in any order.",
            ["U"],
            _legal("commander", "duel", "legacy", "pauper", "historicbrawl", vintage="restricted"),
        ),
        _rec(
            "Black Lotus",
            "{0}",
            "Artifact",
            "{T}, Sacrifice Black Lotus: Add three mana of any one color.",
            [],
            {"commander": "banned", "duel": "banned", "legacy": "banned", "vintage": "restricted"},
        ),
        _rec(
            "Sol Ring",
            "{1}",
            "Artifact",
            "{T}: Add {C}{C}.",
            [],
            {"commander": "legal", "duel": "banned", "legacy": "banned", "vintage": "restricted"},
        ),
        _rec(
            "Birds of Paradise",
            "{G}",
            "Creature — Bird",
            "Flying\n{T}: Add one mana of any color.",
            ["G"],
            _legal(*_CMD, "modern"),
            power="0",
            toughness="1",
        ),
        _rec(
            "Llanowar Elves",
            "{G}",
            "Creature — Elf Druid",
            "{T}: Add {G}.",
            ["G"],
            _legal(*_CMD, "modern", "pauper", "historicbrawl"),
            power="1",
            toughness="1",
        ),
        _rec(
            "Grizzly Bears",
            "{1}{G}",
            "Creature — Bear",
            "",
            ["G"],
            _legal(*_CMD, "modern", "pauper", "historicbrawl"),
            power="2",
            toughness="2",
        ),
        _rec(
            "Dark Ritual", "{B}", "Instant", "Add {B}{B}{B}.", ["B"], _legal(*_CMD, "pauper", "historicbrawl")
        ),
        _rec(
            "Kitchen Finks",
            "{1}{G/W}{G/W}",
            "Creature — Ouphe",
            "When Kitchen Finks enters the battlefield, you gain 2 life.\nPersist (When this creature dies, if it had no -1/-1 counters on it, return it to the battlefield under its owner's control with a -1/-1 counter on it.)",
            ["G", "W"],
            _legal(*_CMD, "modern"),
            power="3",
            toughness="2",
        ),
        _rec("Tundra", None, "Land — Plains Island", "({T}: Add {W} or {U}.)", ["U", "W"], _legal(*_CMD)),
        _rec(
            "Dryad Arbor",
            None,
            "Land Creature — Forest Dryad",
            "(Dryad Arbor isn't a spell, it's affected by summoning sickness, and it has \"{T}: Add {G}.\")",
            ["G"],
            _legal(*_CMD, "modern"),
            power="1",
            toughness="1",
        ),
        # -- "A deck can have …" (CR 113.6n)
        _rec(
            "Relentless Rats",
            "{1}{B}{B}",
            "Creature — Rat",
            "Relentless Rats gets +1/+1 for each other creature on the battlefield named Relentless Rats.\nA deck can have any number of cards named Relentless Rats.",
            ["B"],
            _legal(*_CMD, "modern", "pauper"),
            power="2",
            toughness="2",
        ),
        _rec(
            "Seven Dwarves",
            "{1}{R}",
            "Creature — Dwarf",
            "Seven Dwarves gets +1/+1 for each other creature named Seven Dwarves you control.\nA deck can have up to seven cards named Seven Dwarves.",
            ["R"],
            _legal(*_CMD, "modern", "pioneer", "pauper"),
            power="2",
            toughness="2",
        ),
        # LTR (2023), text as Scryfall gives it, trimmed.
        _rec(
            "Nazgûl",
            "{2}{B}",
            "Creature — Wraith Knight",
            "Deathtouch\nA deck can have up to nine cards named Nazgûl.",
            ["B"],
            _legal(*_CMD, "modern"),
            power="1",
            toughness="2",
        ),
        _rec(
            "Once More with Feeling",
            "{W}{W}{W}{W}",
            "Sorcery",
            "Exile all permanents and all cards from all graveyards. Each player shuffles their hand into their library, then draws seven cards. Each player's life total becomes 10. Exile Once More with Feeling.\nDCI ruling — A deck can have only one card named Once More with Feeling.",
            ["W"],
            {"vintage": "legal"},
        ),
        # Synthetic: a card whose text names *another* card; the override is the named card's, not this one's.
        _rec(
            "Sample Rat Herald",
            "{B}",
            "Creature — Rat",
            "A deck can have any number of cards named Relentless Rats.",
            ["B"],
            _legal(*_CMD, "modern"),
            power="1",
            toughness="1",
        ),
        # -- companions (their conditions are the companion engine's; here they are cards)
        _rec(
            "Lurrus of the Dream-Den",
            "{1}{W/B}{W/B}",
            "Legendary Creature — Cat Nightmare",
            "Companion — Each permanent card in your starting deck has mana value 2 or less. (If this card is your chosen companion, you may put it into your hand from outside the game for {3} any time you could cast a sorcery.)\nLifelink\nDuring each of your turns, you may cast one permanent spell with mana value 2 or less from your graveyard.",
            ["B", "W"],
            {
                "commander": "legal",
                "duel": "legal",
                "historicbrawl": "legal",
                "legacy": "banned",
                "modern": "banned",
                "vintage": "legal",
            },
            power="3",
            toughness="2",
        ),
        # -- commanders
        _rec(
            "Thrasios, Triton Hero",
            "{G}{U}",
            "Legendary Creature — Merfolk Wizard",
            "{4}: Scry 1, then reveal the top card of your library. If it's a land card, put it onto the battlefield tapped. Otherwise, draw a card.\n"
            + PARTNER,
            ["G", "U"],
            {"commander": "legal", "duel": "restricted", "legacy": "legal", "vintage": "legal"},
            power="1",
            toughness="3",
            leadership={"commander": True},
        ),
        _rec(
            "Tymna the Weaver",
            "{1}{W}{B}",
            "Legendary Creature — Human Cleric",
            "Lifelink\nAt the beginning of your postcombat main phase, you may pay X life, where X is the number of opponents that were dealt combat damage this turn. If you do, draw X cards.\n"
            + PARTNER,
            ["B", "W"],
            _legal(*_CMD),
            power="2",
            toughness="2",
        ),
        _rec(
            "Kraum, Ludevic's Opus",
            "{3}{U}{R}",
            "Legendary Creature — Zombie Horror",
            "Flying, haste\nWhenever an opponent casts their second spell each turn, draw a card.\n"
            + PARTNER,
            ["R", "U"],
            _legal(*_CMD),
            power="4",
            toughness="4",
        ),
        _rec(
            "Rhoda, Geist Avenger",
            "{3}{W}",
            "Legendary Creature — Human Soldier",
            "Partner with Timin, Youthful Geist (When this creature enters the battlefield, target player may put Timin into their hand from their library, then shuffle.)\nVigilance\nWhenever a creature an opponent controls becomes tapped, if it isn't being declared as an attacker, put a +1/+1 counter on Rhoda, Geist Avenger.",
            ["W"],
            _legal(*_CMD),
            power="3",
            toughness="3",
        ),
        _rec(
            "Timin, Youthful Geist",
            "{4}{U}",
            "Legendary Creature — Spirit",
            "Partner with Rhoda, Geist Avenger (When this creature enters the battlefield, target player may put Rhoda into their hand from their library, then shuffle.)\nFlying\nAt the beginning of each combat, tap up to one target creature.",
            ["U"],
            _legal(*_CMD),
            power="3",
            toughness="4",
        ),
        _rec(
            "Pir, Imaginative Rascal",
            "{2}{G}",
            "Legendary Creature — Human",
            "Partner with Toothy, Imaginary Friend (When this creature enters the battlefield, target player may put Toothy into their hand from their library, then shuffle.)\nIf one or more counters would be put on a permanent your team controls, that many plus one of each of those kinds of counters are put on that permanent instead.",
            ["G"],
            _legal(*_CMD),
            power="1",
            toughness="1",
        ),
        _rec(
            "Toothy, Imaginary Friend",
            "{3}{U}",
            "Legendary Creature — Illusion",
            "Partner with Pir, Imaginative Rascal (When this creature enters the battlefield, target player may put Pir into their hand from their library, then shuffle.)\nWhenever you draw a card, put a +1/+1 counter on Toothy, Imaginary Friend.\nWhen Toothy leaves the battlefield, draw a card for each +1/+1 counter on it.",
            ["U"],
            _legal(*_CMD),
            power="1",
            toughness="1",
        ),
        # Friends forever: CR25's own keyword; the 2026 CR calls it "Partner—Friends forever".
        _rec(
            "Hargilde, Kindly Runechanter",
            "{2}{W}{U}",
            "Legendary Creature — Human",
            "{T}: Add {C}{C}. Spend this mana only to cast artifact spells or activate abilities of artifacts.\n"
            + FRIENDS,
            ["U", "W"],
            _legal("commander", "legacy", "vintage"),
        ),
        _rec(
            "Sophina, Spearsage Deserter",
            "{2}{R}{W}",
            "Legendary Creature — Human Soldier",
            "Menace\nWhenever Sophina, Spearsage Deserter attacks, investigate once for each nontoken attacking creature.\n"
            + FRIENDS,
            ["R", "W"],
            _legal("commander", "legacy", "vintage"),
        ),
        # Synthetic: the 2026 wording of the same ability, and a different Partner—[text].
        _rec(
            "Sample Friend",
            "{1}{G}",
            "Legendary Creature — Human",
            "Partner—Friends forever (You can have two commanders if both have this ability.)",
            ["G"],
            _legal(*_CMD),
            power="2",
            toughness="2",
        ),
        _rec(
            "Sample Fighter",
            "{1}{R}",
            "Legendary Creature — Human Warrior",
            "Partner—Character select (You can have two commanders if both have this ability.)",
            ["R"],
            _legal(*_CMD),
            power="2",
            toughness="2",
        ),
        # CLB (2022-06), trimmed.
        _rec(
            "Wilson, Refined Grizzly",
            "{1}{G}",
            "Legendary Creature — Bear Warrior",
            "This spell can't be countered.\nVigilance, reach, trample\nWard {2}\n" + BACKGROUND,
            ["G"],
            _legal(*_CMD),
            power="2",
            toughness="2",
        ),
        _rec(
            "Raised by Giants",
            "{5}{G}",
            "Legendary Enchantment — Background",
            "Commander creatures you own have base power and toughness 10/10 and are Giants in addition to their other types.",
            ["G"],
            _legal(*_CMD),
        ),
        # WHO (2023); the Doctors' rules text is left out (no deck rule reads it).
        _rec(
            "Clara Oswald",
            "{6}",
            "Legendary Creature — Human Advisor",
            "Impossible Girl — If Clara Oswald is your commander, choose a color before the game begins. Clara Oswald is the chosen color.\nIf a triggered ability of a Doctor you control triggers, that ability triggers an additional time.\nDoctor's companion (You can have two commanders if the other is the Doctor.)",
            [],
            _legal(*_CMD),
            power="2",
            toughness="6",
        ),
        _rec(
            "The Tenth Doctor",
            "{3}{U}{R}",
            "Legendary Creature — Time Lord Doctor",
            "",
            ["R", "U"],
            _legal(*_CMD),
            power="3",
            toughness="5",
        ),
        # IKO (2020): a changeling legend is every creature type, Time Lord and Doctor among them,
        # so it has other creature types too (XMage's Doctor check excludes changelings for this).
        _rec(
            "Morophon, the Boundless",
            "{7}",
            "Legendary Creature — Shapeshifter",
            "Changeling (This card is every creature type.)\nAs Morophon, the Boundless enters the battlefield, choose a creature type.",
            ["B", "G", "R", "U", "W"],
            _legal(*_CMD),
            power="6",
            toughness="6",
        ),
        # Synthetic: a Time Lord Doctor with changeling, which makes it every other creature type too.
        _rec(
            "Sample Shapeshifting Doctor",
            "{2}{U}",
            "Legendary Creature — Time Lord Doctor",
            "Changeling (This card is every creature type.)",
            ["U"],
            _legal(*_CMD),
            power="2",
            toughness="2",
        ),
        _rec(
            "The Master, Formed Anew",
            "{3}{U}{B}",
            "Legendary Creature — Time Lord Rogue",
            "",
            ["B", "U"],
            _legal(*_CMD),
            power="4",
            toughness="4",
        ),
        # CMR (2020): Scryfall shows [] identity; the colour is chosen before the game (CR 903.4b).
        _rec(
            "The Prismatic Piper",
            "{5}",
            "Legendary Creature — Shapeshifter",
            "If The Prismatic Piper is your commander, choose a color before the game begins. The Prismatic Piper is the chosen color.\n"
            + PARTNER,
            [],
            _legal(*_CMD),
            power="3",
            toughness="3",
        ),
        _rec(
            "Grist, the Hunger Tide",
            "{1}{B}{G}",
            "Legendary Planeswalker — Grist",
            "As long as Grist, the Hunger Tide isn't on the battlefield, it's a 1/1 Insect creature in addition to its other types.\n[+1]: Create a 1/1 black and green Insect creature token, then mill a card. If an Insect card was milled this way, put a loyalty counter on Grist and repeat this process.\n[−2]: You may sacrifice a creature. When you do, destroy target creature or planeswalker.\n[−5]: Each opponent loses life equal to the number of creature cards in your graveyard.",
            ["B", "G"],
            _legal("commander", "duel", "legacy", "modern", "vintage"),
        ),
        _rec(
            "Teferi, Temporal Archmage",
            "{4}{U}{U}",
            "Legendary Planeswalker — Teferi",
            '[+1]: Look at the top two cards of your library. Put one of them into your hand and the other on the bottom of your library.\n[−1]: Untap up to four target permanents.\n[−10]: You get an emblem with "You may activate loyalty abilities of planeswalkers you control on any player\'s turn any time you could cast an instant."\nTeferi, Temporal Archmage can be your commander.',
            ["U"],
            _legal(*_CMD),
        ),
        _rec(
            "Jace, the Mind Sculptor",
            "{2}{U}{U}",
            "Legendary Planeswalker — Jace",
            "[+2]: Look at the top card of target player's library. You may put that card on the bottom of that player's library.\n[0]: Draw three cards, then put two cards from your hand on top of your library in any order.\n[−1]: Return target creature to its owner's hand.\n[−12]: Exile all cards from target player's library, then that player shuffles their hand into their library.",
            ["U"],
            _legal(*_CMD, "modern", "historicbrawl"),
        ),
        # -- planeswalkers for Oathbreaker (MTGJSON 2022-04-25; "oathbreaker" legality as Scryfall lists it)
        _rec(
            "Chandra, Torch of Defiance",
            "{2}{R}{R}",
            "Legendary Planeswalker — Chandra",
            '[+1]: Exile the top card of your library. You may cast that card. If you don\'t, Chandra, Torch of Defiance deals 2 damage to each opponent.\n[+1]: Add {R}{R}.\n[−3]: Chandra, Torch of Defiance deals 4 damage to target creature.\n[−7]: You get an emblem with "Whenever you cast a spell, this emblem deals 5 damage to any target."',
            ["R"],
            _legal(*_CMD, "modern", "oathbreaker"),
        ),
        _rec(
            "Will Kenrith",
            "{4}{U}{U}",
            "Legendary Planeswalker — Will",
            '[+2]: Until your next turn, up to two target creatures each have base power and toughness 0/3 and lose all abilities.\n[−2]: Target player draws two cards. Until your next turn, instant, sorcery, and planeswalker spells that player casts cost {2} less to cast.\n[−8]: Target player gets an emblem with "Whenever you cast an instant or sorcery spell, copy it. You may choose new targets for the copy."\nPartner with Rowan Kenrith\nWill Kenrith can be your commander.',
            ["U"],
            _legal(*_CMD, "oathbreaker"),
        ),
        _rec(
            "Rowan Kenrith",
            "{4}{R}{R}",
            "Legendary Planeswalker — Rowan",
            "[+2]: During target player's next turn, each creature that player controls attacks if able.\n[−2]: Rowan Kenrith deals 3 damage to each tapped creature target player controls.\n[−8]: Target player gets an emblem with \"Whenever you activate an ability that isn't a mana ability, copy it. You may choose new targets for the copy.\"\nPartner with Will Kenrith\nRowan Kenrith can be your commander.",
            ["R"],
            _legal(*_CMD, "oathbreaker"),
        ),
        _rec(
            "Parhelion II",
            "{6}{W}{W}",
            "Legendary Artifact — Vehicle",
            "Flying, vigilance\nWhenever Parhelion II attacks, create two 4/4 white Angel creature tokens with flying and vigilance that are attacking.\nCrew 4",
            ["W"],
            _legal(*_CMD, "modern"),
            power="5",
            toughness="5",
        ),
        # Synthetic Spacecraft (EOE, 2025): with and without a power/toughness box (CR 903.3c).
        _rec(
            "Sample Flagship",
            "{4}{U}",
            "Legendary Artifact — Spacecraft",
            "Station (Tap another creature you control: Put charge counters equal to its power on this Spacecraft. Station only as a sorcery.)\nSTATION 8+\nFlying",
            ["U"],
            _legal(*_CMD),
            power="5",
            toughness="5",
        ),
        _rec(
            "Sample Relay",
            "{3}",
            "Legendary Artifact — Spacecraft",
            "Station (Tap another creature you control: Put charge counters equal to its power on this Spacecraft. Station only as a sorcery.)\nSTATION 5+\n{T}: Add {C}.",
            [],
            _legal(*_CMD),
        ),
        _rec(
            "Kozilek, Butcher of Truth",
            "{10}",
            "Legendary Creature — Eldrazi",
            "When you cast this spell, draw four cards.\nAnnihilator 4 (Whenever this creature attacks, defending player sacrifices four permanents.)\nWhen Kozilek, Butcher of Truth is put into a graveyard from anywhere, its owner shuffles their graveyard into their library.",
            [],
            _legal(*_CMD, "modern", "historicbrawl"),
            power="12",
            toughness="12",
        ),
        _rec(
            "Niv-Mizzet, Parun",
            "{U}{U}{U}{R}{R}{R}",
            "Legendary Creature — Dragon Wizard",
            "This spell can't be countered.\nFlying\nWhenever you draw a card, Niv-Mizzet, Parun deals 1 damage to any target.\nWhenever a player casts an instant or sorcery spell, you draw a card.",
            ["R", "U"],
            _legal(*_CMD, "modern", "historicbrawl"),
            power="5",
            toughness="5",
        ),
        _rec(
            "Karakas",
            None,
            "Legendary Land",
            "{T}: Add {W}.\n{T}: Return target legendary creature to its owner's hand.",
            ["W"],
            {"commander": "banned", "duel": "banned", "legacy": "legal", "vintage": "legal"},
        ),
        # -- Pauper Commander (PDH 906.3): uncommons the 2022 data lists as legal only as the commander
        _rec(
            "Murmuring Mystic",
            "{3}{U}",
            "Creature — Human Wizard",
            "Whenever you cast an instant or sorcery spell, create a 1/1 blue Bird Illusion creature token with flying.",
            ["U"],
            _legal(*_CMD, "modern", paupercommander="restricted"),
            power="1",
            toughness="5",
        ),
        _rec(
            "Ley Weaver",
            "{3}{G}",
            "Creature — Human Druid",
            "Partner with Lore Weaver (When this creature enters the battlefield, target player may put Lore Weaver into their hand from their library, then shuffle.)\n{T}: Untap two target lands.",
            ["G"],
            _legal(*_CMD, paupercommander="restricted"),
            power="2",
            toughness="2",
        ),
        _rec(
            "Lore Weaver",
            "{3}{U}",
            "Creature — Human Wizard",
            "Partner with Ley Weaver (When this creature enters the battlefield, target player may put Ley Weaver into their hand from their library, then shuffle.)\n{5}{U}{U}: Target player draws two cards.",
            ["U"],
            _legal(*_CMD, paupercommander="restricted"),
            power="2",
            toughness="2",
        ),
        {
            **_rec(
                "Westvale Abbey // Ormendahl, Profane Prince", None, "", "", ["B"], _legal(*_CMD, "modern")
            ),
            "layout": "transform",
            "faces": [
                {
                    "name": "Westvale Abbey",
                    "mana_cost": None,
                    "type_line": "Land",
                    "oracle_text": "{T}: Add {C}.\n{5}, {T}, Sacrifice five creatures: Transform Westvale Abbey, then untap it.",
                },
                {
                    "name": "Ormendahl, Profane Prince",
                    "mana_cost": None,
                    "type_line": "Legendary Creature — Demon",
                    "oracle_text": "Flying, lifelink, indestructible, haste",
                    "power": "9",
                    "toughness": "7",
                },
            ],
        },
        {
            **_rec(
                "Akoum Warrior // Akoum Teeth",
                None,
                "",
                "",
                ["R"],
                _legal(*_CMD, paupercommander="restricted"),
            ),
            "layout": "modal_dfc",
            "faces": [
                {
                    "name": "Akoum Warrior",
                    "mana_cost": "{5}{R}",
                    "type_line": "Creature — Minotaur Warrior",
                    "oracle_text": "Trample",
                    "power": "4",
                    "toughness": "5",
                },
                {
                    "name": "Akoum Teeth",
                    "mana_cost": None,
                    "type_line": "Land",
                    "oracle_text": "Akoum Teeth enters the battlefield tapped.\n{T}: Add {R}.",
                },
            ],
        },
        _rec(
            "Kaya, Bane of the Dead",
            "{3}{W/B}{W/B}{W/B}",
            "Legendary Planeswalker — Kaya",
            "Your opponents and permanents your opponents control with hexproof can be the targets of spells and abilities you control as though they didn't have hexproof.\n[−3]: Exile target creature.",
            ["B", "W"],
            _legal(*_CMD, "modern"),
        ),
        # Synthetic: a dual land from a data source whose colour identity reads only the printed rules
        # text (the mana ability of a basic land type is reminder text, CR 903.4c), so the data says [].
        # CR 903.5d still keeps it out of a deck whose commander lacks the colours.
        _rec("Sample Tundra", None, "Land — Plains Island", "({T}: Add {W} or {U}.)", [], _legal(*_CMD)),
    ]
}


@lru_cache(maxsize=1)
def _bundled() -> CardStore | None:
    if not bundled_cards_path().is_file():
        return None
    try:
        return CardStore.bundled()
    except CardDataError:
        return None


def local(name: str, **changes: Any) -> Card:
    """The record above as a Card; ``changes`` replace top-level record fields."""
    return card_from_record({**RECORDS[name], **changes})


def card(name: str) -> Card:
    """The bundled card when the bundled set has it (and it is not synthetic), else the record."""
    store = _bundled()
    if store is not None and not name.startswith("Sample "):
        found = store.card(name)
        if found is not None:
            return found
    return local(name)


def deck_of(*items: tuple[int, Card | str, Zone], path: str = "test-deck.txt") -> Deck:
    """A deck with one entry per item, on lines 1, 2, 3 … in the order given."""
    cards = []
    for line, (qty, item, zone) in enumerate(items, start=1):
        resolved = card(item) if isinstance(item, str) else item
        cards.append(DeckCard(Entry(qty, resolved.name, zone, line=line), resolved))
    return Deck(path, cards)


MAIN, SIDE, CMDR, COMP = Zone.MAIN, Zone.SIDEBOARD, Zone.COMMANDER, Zone.COMPANION
