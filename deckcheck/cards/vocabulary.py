"""The word lists of Comprehensive Rules 205 (type line): supertypes, card types and subtypes.

Every list is written here as a fact, in Oracle spelling with a straight apostrophe ("Urza's", "C'tan");
curly apostrophes are mapped elsewhere (``deckcheck.cards.names``).

Sources (third-party copies of the official rules, checked against each other):

- CR25b: the Comprehensive Rules as of June 2025 (Tarkir: Dragonstorm era, already with Omen), rule 205
  verbatim in ``ericraio/mtg-mcp`` ``Sources/MTGServices/Resources/205_type_line.md``. Every list below
  starts from it.
- Later editions (2025-11 to 2026-09-25), quoted by third-party engines that cite the rule:
  205.3g verbatim with Infinity, Lander, Spacecraft and Stone; 205.3i verbatim with Planet
  ("MagicCompRules 20260819"); a 205.3m list labelled "Comprehensive Rules of 2026-09-25"; and two engines
  whose 205.3g/h/j lists agree on Book, Heartwood, Mutagen, Vibranium, Plan and Dellian. XMage's
  ``SubType.java`` (2026) has the same additions where it has them (Omen, Town, Planet, Mutagen, Plan...).
- Not included: Un-set and other joke subtypes (no CR list has them), subtypes the CR has dropped
  (their cards' Oracle types were updated; Cephalid, Naga and Viashino are gone by CR25b), and words
  seen only in previews that no quoted CR list has yet (the Star Trek types Klingon, Vulcan, Borg...).
"""

from __future__ import annotations

from typing import Final


def _words(text: str) -> frozenset[str]:
    """The comma-separated words of ``text``, as the CR lists them (a word may have spaces: "Time Lord")."""
    return frozenset(word.strip() for word in text.split(","))


# 205.4a
SUPERTYPES: Final = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World"})

# 205.2a: fifteen card types. Kindred was called "tribal" until June 2024 (a change of vocabulary only).
CARD_TYPES: Final = _words(
    "Artifact, Battle, Conspiracy, Creature, Dungeon, Enchantment, Instant, Kindred, Land, Phenomenon, "
    "Plane, Planeswalker, Scheme, Sorcery, Vanguard"
)

# Old names of card types still found in older data (MTGJSON before mid 2024 says "Tribal").
OLD_TYPE_NAMES: Final[dict[str, str]] = {"Tribal": "Kindred"}

# Creature types the CR has retired, with the type Oracle gave those cards instead (2024 update).
# Older card data (e.g. MTGJSON 2022) still prints them; the parser reads them as the new type.
RETIRED_CREATURE_TYPES: Final[dict[str, str]] = {"Viashino": "Lizard", "Naga": "Snake", "Cephalid": "Octopus"}

# 205.3g. CR25b has fifteen; Infinity, Lander, Spacecraft, Stone (2025) and Book, Heartwood, Mutagen,
# Vibranium (2026) are later additions.
ARTIFACT_TYPES: Final = _words(
    "Attraction, Blood, Bobblehead, Book, Clue, Contraption, Equipment, Food, Fortification, Gold, "
    "Heartwood, Incubator, Infinity, Junk, Lander, Map, Mutagen, Powerstone, Spacecraft, Stone, Treasure, "
    "Vehicle, Vibranium"
)

# 205.3h. CR25b has twelve; Plan is a 2026 addition.
ENCHANTMENT_TYPES: Final = _words(
    "Aura, Background, Cartouche, Case, Class, Curse, Plan, Role, Room, Rune, Saga, Shard, Shrine"
)

# 205.3i: "Of that list, Forest, Island, Mountain, Plains, and Swamp are the basic land types."
BASIC_LAND_TYPES: Final = frozenset({"Forest", "Island", "Mountain", "Plains", "Swamp"})

# 205.3i. CR25b has sixteen (with Town); Planet came with Edge of Eternities.
LAND_TYPES: Final = BASIC_LAND_TYPES | _words(
    "Cave, Desert, Gate, Lair, Locus, Mine, Planet, Power-Plant, Sphere, Tower, Town, Urza's"
)

# 205.3j. CR25b has 79; Dellian (Secrets of Strixhaven, 2026) is the 80th.
PLANESWALKER_TYPES: Final = _words(
    "Ajani, Aminatou, Angrath, Arlinn, Ashiok, Bahamut, Basri, Bolas, Calix, Chandra, Comet, Dack, Dakkon, "
    "Daretti, Davriel, Dellian, Dihada, Domri, Dovin, Ellywick, Elminster, Elspeth, Estrid, Freyalise, "
    "Garruk, Gideon, Grist, Guff, Huatli, Jace, Jared, Jaya, Jeska, Kaito, Karn, Kasmina, Kaya, Kiora, Koth, "
    "Liliana, Lolth, Lukka, Minsc, Mordenkainen, Nahiri, Narset, Niko, Nissa, Nixilis, Oko, Quintorius, Ral, "
    "Rowan, Saheeli, Samut, Sarkhan, Serra, Sivitri, Sorin, Szat, Tamiyo, Tasha, Teferi, Teyo, Tezzeret, "
    "Tibalt, Tyvar, Ugin, Urza, Venser, Vivien, Vraska, Vronos, Will, Windgrace, Wrenn, Xenagos, Yanggu, "
    "Yanling, Zariel"
)

# 205.3k: instants and sorceries share these.
SPELL_TYPES: Final = frozenset({"Adventure", "Arcane", "Lesson", "Omen", "Trap"})

# 205.3m: creatures and kindreds share these. One is two words long (Time Lord); every other one is one word.
# CR25b has 304; the 2026-09-25 list adds Bison, Drix, Echidna, Eternal, Gamma, Giraffe, Hedgehog, Inhuman,
# Kangaroo, Kree, Lemur, Lobster, Platypus, Shi'ar, Skrull, Sorcerer, Spy, Symbiote, Utrom and Villain.
CREATURE_TYPES: Final = _words(
    "Advisor, Aetherborn, Alien, Ally, Angel, Antelope, Ape, Archer, Archon, Armadillo, Army, Artificer, "
    "Assassin, Assembly-Worker, Astartes, Atog, Aurochs, Avatar, Azra, Badger, Balloon, Barbarian, Bard, "
    "Basilisk, Bat, Bear, Beast, Beaver, Beeble, Beholder, Berserker, Bird, Bison, Blinkmoth, Boar, Bringer, "
    "Brushwagg, C'tan, Camarid, Camel, Capybara, Caribou, Carrier, Cat, Centaur, Child, Chimera, Citizen, "
    "Cleric, Clown, Cockatrice, Construct, Coward, Coyote, Crab, Crocodile, Custodes, Cyberman, Cyclops, "
    "Dalek, Dauthi, Demigod, Demon, Deserter, Detective, Devil, Dinosaur, Djinn, Doctor, Dog, Dragon, Drake, "
    "Dreadnought, Drix, Drone, Druid, Dryad, Dwarf, Echidna, Efreet, Egg, Elder, Eldrazi, Elemental, "
    "Elephant, Elf, Elk, Employee, Eternal, Eye, Faerie, Ferret, Fish, Flagbearer, Fox, Fractal, Frog, "
    "Fungus, Gamer, Gamma, Gargoyle, Germ, Giant, Giraffe, Gith, Glimmer, Gnoll, Gnome, Goat, Goblin, God, "
    "Golem, Gorgon, Graveborn, Gremlin, Griffin, Guest, Hag, Halfling, Hamster, Harpy, Hedgehog, Hellion, "
    "Hero, Hippo, Hippogriff, Homarid, Homunculus, Horror, Horse, Human, Hydra, Hyena, Illusion, Imp, "
    "Incarnation, Inhuman, Inkling, Inquisitor, Insect, Jackal, Jellyfish, Juggernaut, Kangaroo, Kavu, "
    "Kirin, Kithkin, Knight, Kobold, Kor, Kraken, Kree, Lamia, Lammasu, Leech, Lemur, Leviathan, Lhurgoyf, "
    "Licid, Lizard, Llama, Lobster, Manticore, Masticore, Mercenary, Merfolk, Metathran, Minion, Minotaur, "
    "Mite, Mole, Monger, Mongoose, Monk, Monkey, Moogle, Moonfolk, Mount, Mouse, Mutant, Myr, Mystic, "
    "Nautilus, Necron, Nephilim, Nightmare, Nightstalker, Ninja, Noble, Noggle, Nomad, Nymph, Octopus, Ogre, "
    "Ooze, Orb, Orc, Orgg, Otter, Ouphe, Ox, Oyster, Pangolin, Peasant, Pegasus, Pentavite, Performer, Pest, "
    "Phelddagrif, Phoenix, Phyrexian, Pilot, Pincher, Pirate, Plant, Platypus, Porcupine, Possum, Praetor, "
    "Primarch, Prism, Processor, Qu, Rabbit, Raccoon, Ranger, Rat, Rebel, Reflection, Rhino, Rigger, Robot, "
    "Rogue, Sable, Salamander, Samurai, Sand, Saproling, Satyr, Scarecrow, Scientist, Scion, Scorpion, "
    "Scout, Sculpture, Seal, Serf, Serpent, Servo, Shade, Shaman, Shapeshifter, Shark, Sheep, Shi'ar, Siren, "
    "Skeleton, Skrull, Skunk, Slith, Sliver, Sloth, Slug, Snail, Snake, Soldier, Soltari, Sorcerer, Spawn, "
    "Specter, Spellshaper, Sphinx, Spider, Spike, Spirit, Splinter, Sponge, Spy, Squid, Squirrel, Starfish, "
    "Surrakar, Survivor, Symbiote, Synth, Tentacle, Tetravite, Thalakos, Thopter, Thrull, Tiefling, "
    "Time Lord, Toy, Treefolk, Trilobite, Triskelavite, Troll, Turtle, Tyranid, Unicorn, Utrom, Vampire, "
    "Varmint, Vedalken, Villain, Volver, Wall, Walrus, Warlock, Warrior, Weasel, Weird, Werewolf, Whale, "
    "Wizard, Wolf, Wolverine, Wombat, Worm, Wraith, Wurm, Yeti, Zombie, Zubera"
)

# 205.3q. CR25b: "That battle type is Siege."
BATTLE_TYPES: Final = frozenset({"Siege"})

# 205.3n: planar types. A plane's subtype is everything after the dash, as one subtype, however many words.
PLANE_TYPES: Final = _words(
    "Alara, Alfava Metraxis, Amonkhet, Androzani Minor, Antausia, Apalapucia, Arcavios, Arkhos, Avishkar, "
    "Azgol, Belenon, Bolas's Meditation Realm, Capenna, Cridhe, Darillium, Dominaria, Earth, Echoir, "
    "Eldraine, Equilor, Ergamon, Fabacin, Fiora, Gallifrey, Gargantikar, Gobakhan, Horsehead Nebula, Ikoria, "
    "Innistrad, Iquatana, Ir, Ixalan, Kaldheim, Kamigawa, Kandoka, Karsus, Kephalai, Kinshala, Kolbahan, "
    "Kylem, Kyneth, Lorwyn, Luvion, Mars, Mercadia, Mirrodin, Moag, Mongseng, Moon, Muraganda, Necros, "
    "New Earth, New Phyrexia, Outside Mutter's Spiral, Phyrexia, Pyrulea, Rabiah, Rath, Ravnica, Regatha, "
    "Segovia, Serra's Realm, Shadowmoor, Shandalar, Shenmeng, Skaro, Spacecraft, Tarkir, The Abyss, "
    "The Dalek Asylum, The Library, Theros, Time, Trenzalore, Ulgrotha, Unknown Planet, Valla, Vryn, "
    "Wildfire, Xerex, Zendikar, Zhalfir"
)

# 205.3p: "One dungeon card (Undercity) has a subtype".
DUNGEON_TYPES: Final = frozenset({"Undercity"})

# 205.3r: phenomenon, scheme, vanguard and conspiracy cards have no subtypes.
SUBTYPES_BY_TYPE: Final[dict[str, frozenset[str]]] = {
    "Artifact": ARTIFACT_TYPES,
    "Battle": BATTLE_TYPES,
    "Conspiracy": frozenset(),
    "Creature": CREATURE_TYPES,
    "Dungeon": DUNGEON_TYPES,
    "Enchantment": ENCHANTMENT_TYPES,
    "Instant": SPELL_TYPES,
    "Kindred": CREATURE_TYPES,
    "Land": LAND_TYPES,
    "Phenomenon": frozenset(),
    "Plane": PLANE_TYPES,
    "Planeswalker": PLANESWALKER_TYPES,
    "Scheme": frozenset(),
    "Sorcery": SPELL_TYPES,
    "Vanguard": frozenset(),
}

ALL_SUBTYPES: Final[frozenset[str]] = frozenset().union(*SUBTYPES_BY_TYPE.values())

# Subtypes with a space in them, longest first, so a tokenizer can try them before single words
# ("Time Lord" before "Time", a planar type; "New Phyrexia" before "Phyrexia").
MULTIWORD_SUBTYPES: Final[tuple[str, ...]] = tuple(
    sorted((s for s in ALL_SUBTYPES if " " in s), key=lambda s: (-len(s.split()), -len(s), s))
)

# Localized supertype and card-type words, language code -> {word or phrase as printed: English CR words}.
# A value of several words ("Legendary Creature") is a space-separated list of CR words, so every CR word is
# one word. Keys keep the printed capitalisation; match them case-insensitively.
#
# Derived from the foreign type lines of MTGJSON AtomicCards of 2022-04-25, compared with the English
# supertypes and card types of the same faces. That data predates the rename of tribal to kindred (its
# tribal words are given here as "Kindred") and has no battle, dungeon, scheme or vanguard lines, so those
# words are missing. A few pre-2005 printed forms that still name one card type ("Enchant Creature" as a
# type, the old "Interrupt" and "Summon" spells, older planeswalker words) are included: they read as the
# Oracle card type. English words printed untranslated on some foreign cards are not repeated here.
LOCALIZED_TYPE_WORDS: Final[dict[str, dict[str, str]]] = {
    "de": {
        "Legendäre": "Legendary",
        "Legendärer": "Legendary",
        "Legendäres": "Legendary",
        "Verschneite": "Snow",
        "Verschneiter": "Snow",
        "Verschneites": "Snow",
        "Standardland": "Basic Land",
        "Stammes-": "Kindred",
        "Stammeshexerei": "Kindred Sorcery",
        "Stammesspontanzauber": "Kindred Instant",
        "Stammesverzauberung": "Kindred Enchantment",
        "Artefakt": "Artifact",
        "Artefaktkreatur": "Artifact Creature",
        "Hexerei": "Sorcery",
        "Kreatur": "Creature",
        "Land": "Land",
        "Phänomen": "Phenomenon",
        "Planeswalker": "Planeswalker",
        "Weltenwanderer": "Planeswalker",
        "Spontanzauber": "Instant",
        "Verzauberung": "Enchantment",
        "Verzauberungsartefakt": "Enchantment Artifact",
        "Verzauberungskreatur": "Enchantment Creature",
        "Weltenverzauberung": "World Enchantment",
        "Welt": "Plane",
        # Pre-2005 printed forms ("Beschwörung" is the old "Summon": "Beschwörung eines Ritters").
        "Beschwörung": "Creature",
        "Beschwörungszauber": "Creature",
        "Unterbrechungszauber": "Instant",
        "Kreaturenverzauberung": "Enchantment",
        "Landverzauberung": "Enchantment",
        "Artefaktverzauberung": "Enchantment",
        "Verzaubere Kreatur": "Enchantment",
        "Verzaubere Land": "Enchantment",
        "Verzaubere Artefakt": "Enchantment",
        "Verzaubere Verzauberung": "Enchantment",
    },
    "fr": {
        "légendaire": "Legendary",
        "neigeux": "Snow",
        "neigeuse": "Snow",
        "de base": "Basic",
        "tribal": "Kindred",
        "Artefact": "Artifact",
        "Créature": "Creature",
        "Éphémère": "Instant",
        "Enchantement": "Enchantment",
        "Phénomène": "Phenomenon",
        "Plan": "Plane",
        "Planeswalker": "Planeswalker",
        "Arpenteur": "Planeswalker",
        "Rituel": "Sorcery",
        "Terrain": "Land",
        "Créature légendaire": "Legendary Creature",
        "Terrain de base": "Basic Land",
        "Artefact-enchantement": "Enchantment Artifact",
        "Créature-artefact": "Artifact Creature",
        "Créature-enchantement": "Enchantment Creature",
        "Créature-terrain": "Land Creature",
        "Terrain-artefact": "Artifact Land",
        "Terrain-enchantement": "Enchantment Land",
        # Pre-2005 printed form ("Enchanter : créature").
        "Enchanter": "Enchantment",
    },
    "it": {
        "Leggendaria": "Legendary",
        "Leggendario": "Legendary",
        "Neve": "Snow",
        "Base": "Basic",
        "Tribale": "Kindred",
        "Artefatto": "Artifact",
        "Creatura": "Creature",
        "Fenomeno": "Phenomenon",
        "Incantesimo": "Enchantment",
        "Istantaneo": "Instant",
        "Piano": "Plane",
        "Planeswalker": "Planeswalker",
        "Viandante": "Planeswalker",
        "Stregoneria": "Sorcery",
        "Terra": "Land",
        "Creatura Leggendaria": "Legendary Creature",
        "Creatura Artefatto": "Artifact Creature",
        "Terra Base": "Basic Land",
        # Pre-2005 printed forms.
        "Incanta Creatura": "Enchantment",
        "Incanta Terra": "Enchantment",
        "Incanta Artefatto": "Enchantment",
    },
    "es": {
        "legendaria": "Legendary",
        "legendario": "Legendary",
        "nevada": "Snow",
        "nevado": "Snow",
        "básica": "Basic",
        "tribal": "Kindred",
        "Artefacto": "Artifact",
        "Conjuro": "Sorcery",
        "Criatura": "Creature",
        "Encantamiento": "Enchantment",
        "Fenómeno": "Phenomenon",
        "Instantáneo": "Instant",
        "Planeswalker": "Planeswalker",
        "Caminante de planos": "Planeswalker",
        "Plano": "Plane",
        "Tierra": "Land",
        "Criatura legendaria": "Legendary Creature",
        "Criatura artefacto": "Artifact Creature",
        "Tierra básica": "Basic Land",
        # Pre-2005 printed forms.
        "Encantar criatura": "Enchantment",
        "Encantar tierra": "Enchantment",
        "Encantar artefacto": "Enchantment",
    },
    "pt": {
        "Lendária": "Legendary",
        "Lendário": "Legendary",
        "da Neve": "Snow",
        "Básico": "Basic",
        "Tribal": "Kindred",
        "Artefato": "Artifact",
        "Criatura": "Creature",
        "Encantamento": "Enchantment",
        "Feitiço": "Sorcery",
        "Mágica Instantânea": "Instant",
        "Planeswalker": "Planeswalker",
        "Planinauta": "Planeswalker",
        "Terreno": "Land",
        "Criatura Lendária": "Legendary Creature",
        "Criatura Artefato": "Artifact Creature",
        "Terreno Básico": "Basic Land",
        # Pre-2005 printed forms.
        "Mágica de Interrupção": "Instant",
        "Encantar Criatura": "Enchantment",
        "Encantar Terreno": "Enchantment",
        "Encantar Artefato": "Enchantment",
    },
    "ja": {
        "伝説の": "Legendary",
        "氷雪": "Snow",
        "基本": "Basic",
        "部族": "Kindred",
        "アーティファクト": "Artifact",
        "インスタント": "Instant",
        "エンチャント": "Enchantment",
        "クリーチャー": "Creature",
        "ソーサリー": "Sorcery",
        "プレインズウォーカー": "Planeswalker",
        "土地": "Land",
        "次元": "Plane",
        "現象": "Phenomenon",
        "策略": "Conspiracy",
        "伝説のクリーチャー": "Legendary Creature",
        "アーティファクト・クリーチャー": "Artifact Creature",
        "基本土地": "Basic Land",
        # Pre-2005 printed forms ("Enchant World" / "Enchant Creature" as types).
        "エンチャント（場）": "Enchantment",
        "エンチャント（クリーチャー）": "Enchantment",
    },
    "zhs": {
        "传奇": "Legendary",
        "雪境": "Snow",
        "基本": "Basic",
        "部族": "Kindred",
        "地": "Land",
        "法术": "Sorcery",
        "生物": "Creature",
        "瞬间": "Instant",
        "神器": "Artifact",
        "结界": "Enchantment",
        "鹏洛客": "Planeswalker",
        "旅法师": "Planeswalker",
        "诡局": "Conspiracy",
        "传奇生物": "Legendary Creature",
        "神器生物": "Artifact Creature",
        "基本地": "Basic Land",
        # Pre-2005 printed form ("Enchant Creature"); the modern enchantment creature is 结界生物.
        "生物结界": "Enchantment",
    },
    "zht": {
        "傳奇": "Legendary",
        "雪境": "Snow",
        "基本": "Basic",
        "部族": "Kindred",
        "地": "Land",
        "巫術": "Sorcery",
        "生物": "Creature",
        "瞬間": "Instant",
        "神器": "Artifact",
        "結界": "Enchantment",
        "鵬洛客": "Planeswalker",
        "傳奇生物": "Legendary Creature",
        "神器生物": "Artifact Creature",
        "基本地": "Basic Land",
    },
    "ko": {
        "전설적": "Legendary",
        "눈": "Snow",
        "기본": "Basic",
        "종족": "Kindred",
        "대지": "Land",
        "마법물체": "Artifact",
        "부여마법": "Enchantment",
        "생물": "Creature",
        "순간마법": "Instant",
        "집중마법": "Sorcery",
        "플레인즈워커": "Planeswalker",
        "전설적 생물": "Legendary Creature",
        "기본 대지": "Basic Land",
    },
    "ru": {
        "Легендарная": "Legendary",
        "Легендарное": "Legendary",
        "Легендарные": "Legendary",
        "Легендарный": "Legendary",
        "Снежная": "Snow",
        "Снежное": "Snow",
        "Снежные": "Snow",
        "Снежный": "Snow",
        "Базовая": "Basic",
        "Племенная": "Kindred",
        "Племенное": "Kindred",
        "Племенные": "Kindred",
        "Племенной": "Kindred",
        "Артефакт": "Artifact",
        "Артефактное": "Artifact",
        "Волшебство": "Sorcery",
        "Земля": "Land",
        "Мгновенное заклинание": "Instant",
        "Мгновенное": "Instant",
        "Planeswalker": "Planeswalker",
        "Мироходец": "Planeswalker",
        "Существо": "Creature",
        "Чары": "Enchantment",
        "Легендарное Существо": "Legendary Creature",
        "Артефактное Существо": "Artifact Creature",
        "Базовая Земля": "Basic Land",
    },
}

# What separates the supertypes and card types from the subtypes in each language, as printed in the data.
# Split at the earliest one found; where two start at the same place, take the one listed first (the longer).
# French alone uses a colon; Chinese a full-width tilde; Japanese an em dash or a horizontal bar. Some lines
# use a spaced hyphen instead, some have a hyphen after the separator ("Créature : - ange", "生物～ - 天使":
# strip a leading "- " from the subtypes), and a few foreign printings keep the English line, hence the em
# dash everywhere. Old German cards name the creature type after an article instead ("Beschwörung eines
# Ritters", "Beschwörung von Goblins").
LOCALIZED_SUBTYPE_SEPARATORS: Final[dict[str, tuple[str, ...]]] = {
    "de": (" — ", " - ", "—", " einer ", " eines ", " von "),
    "fr": (" : ", " — ", ":", "—"),
    "it": (" — ", " - ", "—"),
    "es": (" — ", " - ", "—"),
    "pt": (" — ", " - ", "—"),
    "ja": (" — ", " ― ", " - ", "—", "―"),
    "zhs": (" ～ ", " — ", " - ", "～ ", " ～", "～", "—"),
    "zht": (" ～ ", " — ", " - ", "～ ", " ～", "～", "—"),
    "ko": (" — ", " - ", "—"),
    "ru": (" — ", " - ", "—"),
}
