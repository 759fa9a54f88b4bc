"""Write the example corpus in data/corpus/: decklists of common archetypes, with variation.

    python notebooks/make_corpus.py            # rewrite data/corpus/ (deterministic: fixed seed)
    python notebooks/make_corpus.py --check    # exit 1 if data/corpus/ differs from what it would write

Every card is in the bundled card set (data/cards.json); the script refuses to write a deck that
names anything else, or whose sizes are not what the archetype says. Each archetype is a core list
plus flex slots: every deck takes the core, a seeded draw of flex cards, and fills up with lands, so
lists of one archetype differ the way real lists do. A few decks carry the mistakes real corpora
have (a missing card, a fifth copy, a banned card, a misspelt name, an oversized sideboard), so the
legality summary in the notebook has something to show. Decks say their name, format and archetype
in ``// key: value`` comments, which deckcheck reads as metadata.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
CORPUS = REPO / "data" / "corpus"
SEED = 20260402


@dataclass(frozen=True)
class Archetype:
    name: str
    format: str
    core: dict[str, int]  # card -> copies in every list
    flex: dict[str, int]  # card -> copies when drawn
    flex_slots: int  # how many flex cards each list takes
    lands: dict[str, int]  # nonbasic lands: card -> copies
    basics: dict[str, int]  # basic land -> weight when filling up
    sideboard: dict[str, int] = field(default_factory=dict)
    companion: str | None = None  # a companion card for the sideboard (or Companion section)
    companion_share: float = 0.0  # share of lists that run it
    main_sizes: tuple[int, ...] = (60,)
    companion_size: int | None = None  # main-deck size of the lists that run the companion (Yorion)
    count: int = 4


# Archetype tables: several names to a line read better than one name per line.
# fmt: off
MODERN = [
    Archetype(
        "Burn", "modern",
        core={
            "Goblin Guide": 4, "Monastery Swiftspear": 4, "Lightning Bolt": 4, "Lava Spike": 4,
            "Rift Bolt": 4, "Skewer the Critics": 4, "Boros Charm": 4, "Lightning Helix": 4,
        },
        flex={
            "Eidolon of the Great Revel": 4, "Searing Blaze": 3, "Skullcrack": 2, "Grim Lavamancer": 2,
            "Shock": 2, "Lightning Strike": 2,
        },
        flex_slots=3,
        lands={
            "Inspiring Vantage": 4, "Sacred Foundry": 2, "Sunbaked Canyon": 2, "Arid Mesa": 3,
            "Bloodstained Mire": 2,
        },
        basics={"Mountain": 1},
        sideboard={
            "Kor Firewalker": 3, "Path to Exile": 3, "Deflecting Palm": 2, "Smash to Smithereens": 2,
            "Rest in Peace": 2, "Skullcrack": 2,
        },
        companion="Obosh, the Preypiercer",
        companion_share=0.25,
        count=6,
    ),
    Archetype(
        "Jund Midrange", "modern",
        core={
            "Thoughtseize": 4, "Fatal Push": 2, "Lightning Bolt": 4, "Kolaghan's Command": 2,
            "Maelstrom Pulse": 2, "Bloodbraid Elf": 4, "Tireless Tracker": 3, "Grist, the Hunger Tide": 2,
        },
        flex={
            "Assassin's Trophy": 2, "Putrefy": 2, "Dismember": 1, "Kitesail Freebooter": 2, "Thragtusk": 2,
            "Shriekmaw": 2, "Eternal Witness": 1, "Courser of Kruphix": 2,
        },
        flex_slots=4,
        lands={
            "Blood Crypt": 2, "Overgrown Tomb": 2, "Stomping Ground": 1, "Verdant Catacombs": 4,
            "Bloodstained Mire": 3, "Wooded Foothills": 2,
        },
        basics={"Swamp": 2, "Forest": 2, "Mountain": 1},
        sideboard={
            "Duress": 2, "Veil of Summer": 2, "Force of Vigor": 2, "Kitesail Freebooter": 2,
            "Thrashing Brontodon": 2, "Rest in Peace": 0, "Anguished Unmaking": 0, "Dismember": 1,
        },
        count=5,
    ),
    Archetype(
        "Keruga Ramp", "modern",
        core={
            "Cultivate": 4, "Kodama's Reach": 4, "Explosive Vegetation": 4, "Mulldrifter": 4,
            "Thragtusk": 4, "Gigantosaurus": 3, "Cryptic Command": 3, "Fact or Fiction": 3,
        },
        flex={
            "Colossal Dreadmaw": 2, "Beanstalk Giant // Fertile Footsteps": 3, "Courser of Kruphix": 3,
            "Growth Spiral": 4, "Coiling Oracle": 4, "Commit // Memory": 2, "Tireless Tracker": 2,
        },
        flex_slots=3,
        lands={"Breeding Pool": 4, "Yavimaya Coast": 2, "Hinterland Harbor": 2, "Misty Rainforest": 2},
        basics={"Forest": 3, "Island": 2},
        sideboard={
            "Force of Vigor": 2, "Mystical Dispute": 3, "Thrashing Brontodon": 2, "Knight of Autumn": 2,
            "Beast Within": 2, "Negate": 3,
        },
        companion="Keruga, the Macrosage",
        companion_share=0.6,
        count=5,
    ),
    Archetype(
        "Kaheera Zoo", "modern",
        core={
            "Questing Beast": 4, "Thragtusk": 4, "Thrashing Brontodon": 4, "Gigantosaurus": 2,
            "Path to Exile": 4, "Rabid Bite": 3, "Titanic Growth": 2,
        },
        flex={
            "Colossal Dreadmaw": 2, "Prey Upon": 2, "Kitchen Finks": 3, "Generous Gift": 2,
            "Giant Growth": 2, "Knight of Autumn": 2,
        },
        flex_slots=4,
        lands={"Temple Garden": 4, "Windswept Heath": 4, "Murmuring Bosk": 1},
        basics={"Forest": 3, "Plains": 2},
        sideboard={
            "Kor Firewalker": 2, "Rest in Peace": 2, "Force of Vigor": 2, "Knight of Autumn": 2,
            "Veil of Summer": 3, "Beast Within": 3,
        },
        companion="Kaheera, the Orphanguard",
        companion_share=0.75,
        count=4,
    ),
    Archetype(
        "Zirda Equipment", "modern",
        core={
            "Stoneforge Mystic": 4, "Grim Lavamancer": 4, "Walking Ballista": 3, "Bonesplitter": 4,
            "Sword of Fire and Ice": 2, "Batterskull": 2, "Smuggler's Copter": 4, "Lightning Bolt": 4,
            "Path to Exile": 4,
        },
        flex={
            "Mind Stone": 2, "Thraben Inspector": 4, "Goblin Guide": 4, "Amorphous Axe": 2,
            "Lightning Helix": 3, "Boros Charm": 2, "Hangarback Walker": 2,
        },
        flex_slots=3,
        lands={"Inspiring Vantage": 4, "Sacred Foundry": 4, "Sunbaked Canyon": 2},
        basics={"Mountain": 1, "Plains": 1},
        sideboard={
            "Kor Firewalker": 3, "Rest in Peace": 2, "Smash to Smithereens": 2, "Deflecting Palm": 2,
            "Skullcrack": 3, "Grafdigger's Cage": 2,
        },
        companion="Zirda, the Dawnwaker",
        companion_share=0.8,
        count=4,
    ),
    Archetype(
        "Dimir Gyruda", "modern",
        core={
            "Counterspell": 4, "Snapcaster Mage": 4, "Night's Whisper": 4, "Fact or Fiction": 3,
            "Cryptic Command": 3, "Ninja of the Deep Hours": 4, "Kitesail Freebooter": 3,
        },
        flex={
            "Thoughtseize": 4, "Shark Typhoon": 2, "Phyrexian Fleshgorger": 2, "Cyclonic Rift": 2,
            "Thassa's Oracle": 2, "Aether Gust": 2,
        },
        flex_slots=3,
        lands={"Watery Grave": 4, "Polluted Delta": 4, "Urborg, Tomb of Yawgmoth": 1},
        basics={"Island": 3, "Swamp": 2},
        sideboard={
            "Duress": 3, "Mystical Dispute": 2, "Negate": 2, "Aether Gust": 2, "Relentless Rats": 0,
            "Tormod's Crypt": 2, "Swan Song": 2,
        },
        companion="Gyruda, Doom of Depths",
        companion_share=0.5,
        count=3,
    ),
    Archetype(
        "Rakdos Obosh", "modern",
        core={
            "Lightning Bolt": 4, "Thoughtseize": 4, "Fatal Push": 4, "Kolaghan's Command": 4,
            "Goblin Guide": 4, "Monastery Swiftspear": 4, "Nazgûl": 3,
        },
        flex={
            "Dismember": 2, "Shriekmaw": 3, "Street Wraith": 2, "Lightning Strike": 2,
            "Grim Lavamancer": 3, "Relentless Rats": 2,
        },
        flex_slots=4,
        lands={"Blood Crypt": 4, "Bloodstained Mire": 4},
        basics={"Mountain": 2, "Swamp": 1},
        sideboard={
            "Duress": 3, "Tormod's Crypt": 2, "Smash to Smithereens": 2, "Pyroblast": 0,
            "Grafdigger's Cage": 2, "Shriekmaw": 1,
        },
        companion="Obosh, the Preypiercer",
        companion_share=0.7,
        count=3,
    ),
    Archetype(
        "Golgari Umori", "modern",
        core={
            "Llanowar Elves": 4, "Birds of Paradise": 4, "Sakura-Tribe Elder": 4, "Tireless Tracker": 4,
            "Eternal Witness": 3, "Thragtusk": 4, "Questing Beast": 3,
        },
        flex={
            "Shriekmaw": 3, "Wood Elves": 3, "Kitesail Freebooter": 3, "Siege Rhino": 2, "Fatal Push": 2,
            "Assassin's Trophy": 2, "Changeling Outcast": 2,
        },
        flex_slots=4,
        lands={"Overgrown Tomb": 4, "Verdant Catacombs": 4},
        basics={"Forest": 3, "Swamp": 1},
        sideboard={
            "Duress": 3, "Veil of Summer": 3, "Force of Vigor": 2, "Thrashing Brontodon": 3,
            "Maelstrom Pulse": 2,
        },
        companion="Umori, the Collector",
        companion_share=0.6,
        count=3,
    ),
]

LEGACY = [
    Archetype(
        "Izzet Delver", "legacy",
        core={
            "Delver of Secrets // Insectile Aberration": 4, "Brainstorm": 4, "Ponder": 4, "Daze": 4,
            "Force of Will": 4, "Lightning Bolt": 4, "Brazen Borrower // Petty Theft": 3,
        },
        flex={
            "Pyroblast": 1, "Fire // Ice": 2, "Counterspell": 2, "Gitaxian Probe": 0, "Snapcaster Mage": 2,
            "Mental Misstep": 0, "Tarfire": 1, "Young Pyromancer": 3,
        },
        flex_slots=4,
        lands={"Volcanic Island": 4, "Scalding Tarn": 4, "Polluted Delta": 3, "Wooded Foothills": 2},
        basics={"Island": 2, "Mountain": 1},
        sideboard={
            "Pyroblast": 2, "Mystical Dispute": 2, "Grafdigger's Cage": 1, "Smash to Smithereens": 2,
            "Swan Song": 2, "Force of Vigor": 0, "Null Rod": 2,
        },
        count=4,
    ),
    Archetype(
        "Death and Taxes", "legacy",
        core={
            "Thraben Inspector": 4, "Mother of Runes": 4, "Stoneforge Mystic": 4,
            "Swords to Plowshares": 4, "Thalia's Lieutenant": 3, "Batterskull": 1,
            "Sword of Fire and Ice": 1, "Restoration Angel": 3,
        },
        flex={
            "Adanto Vanguard": 3, "Luminarch Aspirant": 3, "Seasoned Hallowblade": 3, "Templar Knight": 2,
            "Esper Sentinel": 2, "Portable Hole": 2, "Gisela, the Broken Blade": 1, "Enlightened Tutor": 1,
        },
        flex_slots=5,
        lands={"Karakas": 1, "Ancient Den": 1},
        basics={"Plains": 1},
        sideboard={
            "Rest in Peace": 3, "Kor Firewalker": 3, "Path to Exile": 3, "Null Rod": 2,
            "Grafdigger's Cage": 2,
        },
        companion="Yorion, Sky Nomad",
        companion_share=0.4,
        companion_size=80,
        count=3,
    ),
]

VINTAGE = [
    Archetype(
        "Lurrus Shops", "vintage",
        core={
            "Black Lotus": 1, "Mox Jet": 1, "Mox Pearl": 1, "Mox Ruby": 1, "Mox Sapphire": 1,
            "Mox Emerald": 1, "Sol Ring": 1, "Mana Crypt": 1, "Time Walk": 1, "Ancestral Recall": 1,
            "Demonic Tutor": 1, "Vampiric Tutor": 1, "Thraben Inspector": 4, "Stoneforge Mystic": 4,
            "Walking Ballista": 3, "Swords to Plowshares": 4, "Null Rod": 3, "Mental Misstep": 1,
            "Portable Hole": 3,
        },
        flex={
            "Kitesail Freebooter": 3, "Hangarback Walker": 3, "Bonesplitter": 2, "Esper Sentinel": 3,
            "Force of Will": 4,
        },
        flex_slots=3,
        lands={"Concealed Courtyard": 4, "Godless Shrine": 2, "Caves of Koilos": 2, "Marsh Flats": 3},
        basics={"Plains": 1, "Swamp": 1},
        sideboard={
            "Rest in Peace": 2, "Grafdigger's Cage": 2, "Tormod's Crypt": 2, "Duress": 3,
            "Kor Firewalker": 2, "Mystical Dispute": 2, "Pyroblast": 1,
        },
        companion="Lurrus of the Dream-Den",
        companion_share=1.0,
        count=3,
    ),
]

COMMANDER = [
    Archetype(
        "Kenrith Jegantha", "commander",
        core={"Kenrith, the Returned King": 1},
        flex={
            n: 1
            for n in (
                "Sol Ring", "Arcane Signet", "Fellwar Stone", "Mind Stone", "Chromatic Lantern",
                "Cultivate", "Kodama's Reach", "Farseek", "Three Visits", "Nature's Lore",
                "Rampant Growth", "Explosive Vegetation", "Sakura-Tribe Elder", "Eternal Witness",
                "Tireless Tracker", "Thragtusk", "Siege Rhino", "Bloodbraid Elf", "Maelstrom Pulse",
                "Assassin's Trophy", "Putrefy", "Anguished Unmaking", "Vindicate", "Kolaghan's Command",
                "Lightning Helix", "Beast Within", "Chaos Warp", "Swords to Plowshares", "Path to Exile",
                "Demonic Tutor", "Vampiric Tutor", "Enlightened Tutor", "Worldly Tutor", "Rhystic Study",
                "Smothering Tithe", "Mystic Remora", "Fact or Fiction", "Growth Spiral",
                "Knight of Autumn", "Restoration Angel", "Mulldrifter", "Solemn Simulacrum",
                "Teferi's Protection", "Heroic Intervention", "Generous Gift", "Toxic Deluge",
                "Blasphemous Act", "Sylvan Library", "Birds of Paradise", "Llanowar Elves",
                "Grist, the Hunger Tide", "Shriekmaw", "Night's Whisper", "Arcane Denial", "Swan Song",
                "Negate", "Mystical Dispute", "Lightning Bolt",
                "Delver of Secrets // Insectile Aberration",
            )
        },
        flex_slots=44,
        lands={
            n: 1
            for n in (
                "Command Tower", "Exotic Orchard", "Mana Confluence", "City of Brass", "Breeding Pool",
                "Overgrown Tomb", "Temple Garden", "Stomping Ground", "Hallowed Fountain", "Watery Grave",
                "Blood Crypt", "Sacred Foundry", "Godless Shrine", "Steam Vents", "Murmuring Bosk",
                "Verdant Catacombs", "Misty Rainforest", "Windswept Heath", "Polluted Delta",
            )
        },
        basics={"Forest": 2, "Island": 1, "Swamp": 1, "Mountain": 1, "Plains": 1},
        companion="Jegantha, the Wellspring",
        companion_share=0.7,
        main_sizes=(100,),
        count=3,
    ),
    Archetype(
        "Thrasios Tymna", "commander",
        core={"Thrasios, Triton Hero": 1, "Tymna the Weaver": 1},
        flex={
            n: 1
            for n in (
                "Sol Ring", "Arcane Signet", "Fellwar Stone", "Mind Stone", "Chromatic Lantern",
                "Birds of Paradise", "Llanowar Elves", "Sakura-Tribe Elder", "Farseek", "Nature's Lore",
                "Three Visits", "Rampant Growth", "Demonic Tutor", "Vampiric Tutor", "Enlightened Tutor",
                "Worldly Tutor", "Demonic Consultation", "Thassa's Oracle", "Rhystic Study",
                "Mystic Remora", "Smothering Tithe", "Esper Sentinel", "Brainstorm", "Ponder",
                "Counterspell", "Arcane Denial", "Swan Song", "Force of Will", "Daze", "Mental Misstep",
                "Mystical Dispute", "Veil of Summer", "Swords to Plowshares", "Path to Exile",
                "Assassin's Trophy", "Anguished Unmaking", "Toxic Deluge", "Eternal Witness",
                "Tireless Tracker", "Kitchen Finks", "Knight of Autumn", "Coiling Oracle",
                "Snapcaster Mage", "Kitesail Freebooter", "Dauntless Bodyguard", "Mother of Runes",
                "Sylvan Library", "Night's Whisper", "Fact or Fiction", "Growth Spiral", "Cyclonic Rift",
                "Teferi's Protection", "Heroic Intervention", "Baleful Strix", "Shriekmaw", "Siege Rhino",
                "Restoration Angel", "Beast Within", "Generous Gift", "Maelstrom Pulse", "Putrefy",
                "Grist, the Hunger Tide", "Thoughtseize", "Duress",
            )
        },
        flex_slots=64,
        lands={
            n: 1
            for n in (
                "Command Tower", "Exotic Orchard", "Mana Confluence", "City of Brass", "Breeding Pool",
                "Overgrown Tomb", "Temple Garden", "Hallowed Fountain", "Watery Grave", "Godless Shrine",
                "Verdant Catacombs", "Misty Rainforest", "Windswept Heath", "Polluted Delta",
                "Flooded Strand", "Marsh Flats", "Hinterland Harbor", "Yavimaya Coast", "Caves of Koilos",
                "Concealed Courtyard",
            )
        },
        basics={"Forest": 1, "Island": 1, "Swamp": 1, "Plains": 1},
        main_sizes=(100,),
        count=2,
    ),
    Archetype(
        "Koma Ramp", "commander",
        core={"Koma, Cosmos Serpent": 1},
        flex={
            n: 1
            for n in (
                "Sol Ring", "Arcane Signet", "Fellwar Stone", "Mind Stone", "Cultivate", "Kodama's Reach",
                "Explosive Vegetation", "Farseek", "Nature's Lore", "Three Visits", "Rampant Growth",
                "Growth Spiral", "Sakura-Tribe Elder", "Wood Elves", "Llanowar Elves", "Birds of Paradise",
                "Coiling Oracle", "Eternal Witness", "Tireless Tracker", "Courser of Kruphix", "Thragtusk",
                "Mulldrifter", "Gigantosaurus", "Colossal Dreadmaw", "Craw Wurm", "Questing Beast",
                "Beanstalk Giant // Fertile Footsteps", "Commit // Memory", "Cryptic Command",
                "Fact or Fiction", "Counterspell", "Arcane Denial", "Negate", "Swan Song", "Cyclonic Rift",
                "Rhystic Study", "Mystic Remora", "Beast Within", "Heroic Intervention", "Veil of Summer",
                "Sylvan Library", "Worldly Tutor", "Kozilek, Butcher of Truth", "Ugin, the Ineffable",
                "Solemn Simulacrum", "Thrashing Brontodon", "Divination", "Brainstorm", "Ponder",
                "Shark Typhoon", "Bottomless Pool // Locker Room", "Thought-Knot Seer",
                "Toothy, Imaginary Friend", "Snapcaster Mage", "Ninja of the Deep Hours", "Prey Upon",
                "Rabid Bite", "Titanic Growth",
            )
        },
        flex_slots=60,
        lands={
            n: 1
            for n in (
                "Command Tower", "Breeding Pool", "Hinterland Harbor", "Yavimaya Coast",
                "Misty Rainforest", "Exotic Orchard", "Dryad Arbor", "Urza's Saga",
            )
        },
        basics={"Forest": 3, "Island": 2},
        main_sizes=(100,),
        count=2,
    ),
    Archetype(
        "Jegantha Kaheera", "commander",
        core={"Jegantha, the Wellspring": 1},
        flex={
            n: 1
            for n in (
                "Sol Ring", "Arcane Signet", "Fellwar Stone", "Mind Stone", "Chromatic Lantern",
                "Cultivate", "Kodama's Reach", "Farseek", "Nature's Lore", "Three Visits",
                "Rampant Growth", "Explosive Vegetation", "Thragtusk", "Questing Beast", "Gigantosaurus",
                "Colossal Dreadmaw", "Thrashing Brontodon", "Mulldrifter", "Shriekmaw", "Fire Elemental",
                "Siege Rhino", "Solemn Simulacrum", "Birds of Paradise", "Beast Within", "Rabid Bite",
                "Prey Upon", "Chaos Warp", "Swords to Plowshares", "Path to Exile", "Lightning Helix",
                "Kolaghan's Command", "Maelstrom Pulse", "Assassin's Trophy", "Putrefy",
                "Anguished Unmaking", "Vindicate", "Generous Gift", "Toxic Deluge", "Blasphemous Act",
                "Demonic Tutor", "Vampiric Tutor", "Enlightened Tutor", "Worldly Tutor", "Rhystic Study",
                "Smothering Tithe", "Mystic Remora", "Fact or Fiction", "Growth Spiral", "Night's Whisper",
                "Teferi's Protection", "Heroic Intervention", "Sylvan Library", "Arcane Denial",
                "Swan Song", "Negate", "Mystical Dispute", "Veil of Summer", "Lightning Bolt",
                "Grist, the Hunger Tide", "Sword of Fire and Ice", "Batterskull", "Bonesplitter",
            )
        },
        flex_slots=60,
        lands={
            n: 1
            for n in (
                "Command Tower", "Exotic Orchard", "Mana Confluence", "City of Brass", "Breeding Pool",
                "Overgrown Tomb", "Temple Garden", "Stomping Ground", "Hallowed Fountain", "Watery Grave",
                "Blood Crypt", "Sacred Foundry", "Godless Shrine", "Steam Vents", "Murmuring Bosk",
                "Verdant Catacombs", "Misty Rainforest", "Windswept Heath", "Wooded Foothills",
            )
        },
        basics={"Forest": 2, "Island": 1, "Swamp": 1, "Mountain": 1, "Plains": 1},
        companion="Kaheera, the Orphanguard",
        companion_share=0.67,
        main_sizes=(100,),
        count=3,
    ),
]

# fmt: on

ARCHETYPES = MODERN + LEGACY + VINTAGE + COMMANDER
MISSPELT: set[str] = set()  # the deliberate unknown names
BASIC_NAMES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"})


@dataclass
class Deck:
    key: str
    archetype: Archetype
    main: dict[str, int]
    sideboard: dict[str, int]
    commanders: list[str]
    companion: str | None  # listed under Companion (Commander) or in the sideboard
    note: str = ""


def build(archetype: Archetype, index: int, rng: random.Random) -> Deck:
    commander = archetype.format == "commander"
    main: dict[str, int] = {}
    commanders = list(archetype.core) if commander else []
    if not commander:
        main.update(archetype.core)
    flex = list(archetype.flex)
    for name in rng.sample(flex, min(archetype.flex_slots, len(flex))):
        if archetype.flex[name]:
            main[name] = main.get(name, 0) + archetype.flex[name]
    companion = None
    if archetype.companion and rng.random() < archetype.companion_share:
        companion = archetype.companion
    size = rng.choice(archetype.main_sizes)
    if companion and archetype.companion_size:
        size = archetype.companion_size
        for name in rng.sample(flex, len(flex)):  # a bigger deck runs more of its flex cards
            if sum(main.values()) >= size * 0.6:
                break
            main[name] = min(4, main.get(name, 0) + max(archetype.flex[name], 1))
    size -= len(commanders)
    lands = list(archetype.lands)
    rng.shuffle(lands)
    land_target = round(size * (0.38 if commander else 0.4))
    placed = 0
    for name in lands[: max(1, len(lands) - rng.randint(0, 2))]:
        if placed >= land_target:
            break
        main[name] = archetype.lands[name]
        placed += archetype.lands[name]
    while sum(main.values()) > size:  # trim the last flex picks (keep the core)
        extra = next(n for n in reversed(list(main)) if n not in archetype.core)
        main[extra] -= 1
        if main[extra] == 0:
            del main[extra]
    weights = archetype.basics
    missing = size - sum(main.values())
    total_weight = sum(weights.values())
    for i, (basic, weight) in enumerate(weights.items()):
        share = missing if i == len(weights) - 1 else round(missing * weight / total_weight)
        share = min(share, size - sum(main.values()))
        if share > 0:
            main[basic] = main.get(basic, 0) + share
    sideboard = dict(archetype.sideboard) if not commander else {}
    sideboard = {n: q for n, q in sideboard.items() if q}
    first = next(iter(sideboard), None)
    if companion and not commander and first is not None:  # room: the companion is a sideboard card
        sideboard[first] -= 1
        if not sideboard[first]:
            del sideboard[first]
    slug = archetype.name.lower().replace(" ", "-")
    return Deck(
        f"{archetype.format}/{slug}-{index + 1:02d}", archetype, main, sideboard, commanders, companion
    )


def spoil(decks: list[Deck], rng: random.Random) -> None:
    """The mistakes real corpora have, one deck each."""
    constructed = [d for d in decks if d.archetype.format == "modern"]
    picks = rng.sample(constructed, 5)
    short, fifth, banned, typo, big_sideboard = picks
    land = next(n for n in short.main if n in BASIC_NAMES)
    short.main[land] -= 2
    short.note = "two cards short"
    spell = next(n for n, q in fifth.main.items() if q == 4 and n not in BASIC_NAMES)
    fifth.main[spell] = 5
    basic = next(n for n in fifth.main if n in BASIC_NAMES)
    fifth.main[basic] -= 1
    fifth.note = f"a fifth {spell}"
    banned.sideboard.pop(next(iter(banned.sideboard)), None)
    banned.sideboard["Lurrus of the Dream-Den"] = 1
    banned.note = "Lurrus (banned in Modern) in the sideboard"
    name = next(n for n in typo.main if n not in BASIC_NAMES and len(n.split()[0]) > 4)
    first = name.split()[0]
    misspelt = name.replace(first, first[:2] + first[3:], 1)  # one letter dropped
    typo.main = {misspelt if n == name else n: q for n, q in typo.main.items()}
    typo.note = f"a misspelt card name ({misspelt})"
    MISSPELT.add(misspelt)
    big_sideboard.sideboard["Duress" if "Duress" not in big_sideboard.sideboard else "Negate"] = 2
    big_sideboard.note = "a sideboard over 15"


def render(deck: Deck, style: int) -> str:
    a = deck.archetype
    head = [
        f"// name: {a.name} {deck.key.rsplit('-', 1)[1]}",
        f"// format: {a.format}",
        f"// archetype: {a.name}",
    ]
    if deck.note:
        head.append(f"// note: {deck.note}")
    body: list[str] = []
    if deck.commanders:
        body += ["Commander", *(f"1 {n}" for n in deck.commanders), ""]
        if deck.companion:
            body += ["Companion", f"1 {deck.companion}", ""]
        body += ["Deck", *(f"{q} {n}" for n, q in deck.main.items())]
        return "\n".join(head + body) + "\n"
    side = dict(deck.sideboard)
    if deck.companion:
        side = {deck.companion: 1, **side}
    if style == 0:  # Arena-like sections
        body += ["Deck", *(f"{q} {n}" for n, q in deck.main.items())]
        if side:
            body += ["", "Sideboard", *(f"{q} {n}" for n, q in side.items())]
    else:  # MTGO: a blank line before the sideboard
        body += [f"{q} {n}" for n, q in deck.main.items()]
        if side:
            body += ["", *(f"{q} {n}" for n, q in side.items())]
    return "\n".join(head + body) + "\n"


def corpus() -> dict[str, str]:
    rng = random.Random(SEED)
    decks = [build(a, i, rng) for a in ARCHETYPES for i in range(a.count)]
    spoil(decks, rng)
    files = {}
    for d in decks:
        style = rng.randrange(2)
        if sum(d.sideboard.values()) + bool(d.companion) > 15:
            style = 0  # MTGO's blank-line sideboard is taken to be at most 15 cards: use headers
        files[f"{d.key}.txt"] = render(d, style)
    return files


def verify(files: dict[str, str]) -> list[str]:
    """Problems that mean the script is wrong (not the deliberate mistakes)."""
    from deckcheck.cards.store import CardStore
    from deckcheck.decklist import parse_text

    store = CardStore.bundled()
    problems = []
    for path, text in files.items():
        parsed = parse_text(text, path)
        if parsed.problems:
            problems.append(f"{path}: parse problems {[p.message for p in parsed.problems]}")
        for entry in parsed.entries:
            if store.get(entry.name) is None and entry.name not in MISSPELT:
                problems.append(f"{path}: {entry.name!r} is not in the bundled cards")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with data/corpus/ instead of writing")
    parser.add_argument("--out", type=Path, default=CORPUS)
    args = parser.parse_args(argv)
    files = corpus()
    problems = verify(files)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    if args.check:
        stale = [
            p
            for p, text in files.items()
            if not (args.out / p).is_file() or (args.out / p).read_text(encoding="utf-8") != text
        ]
        extra = sorted(
            p.relative_to(args.out).as_posix()
            for p in args.out.rglob("*.txt")
            if p.relative_to(args.out).as_posix() not in files
        )
        for p in stale + extra:
            print(f"out of date: {p}", file=sys.stderr)
        return 1 if stale or extra else 0
    for path, text in files.items():
        target = args.out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    print(f"wrote {len(files)} decks to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
