"""The bundled card set (data/cards.json) and the example decks (data/decks/).

Three kinds of checks:
- the shape of every record against the card record schema (docs/ARCHITECTURE.md);
- every card named by an example deck is bundled, and each deck has the size its story needs;
- the facts themselves against real data: MTGJSON AtomicCards of 2022-04-25 in ../shared/realdata
  (skipped when absent). Differences are allowed only for Oracle changes made after April 2022, each
  listed below with its reason; an unexplained difference, or an allowance that no longer matches a
  real difference, fails.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.mana import parse_mana_cost, symbol_value

REPO = Path(__file__).resolve().parent.parent
CARDS_JSON = REPO / "data" / "cards.json"
DECKS_DIR = REPO / "data" / "decks"

Record = dict[str, Any]

COLOURS = ("W", "U", "B", "R", "G")
LEGALITY_KEYS = frozenset(
    {
        "standard",
        "pioneer",
        "modern",
        "legacy",
        "vintage",
        "pauper",
        "historic",
        "timeless",
        "brawl",
        "standardbrawl",
        "commander",
        "oathbreaker",
        "duel",
        "paupercommander",
        "penny",
        "predh",
        "premodern",
        "oldschool",
        "alchemy",
        "explorer",
        "gladiator",
    }
)
LEGALITY_VALUES = frozenset({"legal", "not_legal", "banned", "restricted"})
SINGLE_FACE_LAYOUTS = frozenset({"normal", "saga", "class", "case", "leveler", "prototype", "mutate", "meld"})
MULTI_FACE_LAYOUTS = frozenset(
    {"split", "aftermath", "flip", "transform", "modal_dfc", "adventure", "battle", "reversible_card", "omen"}
)
RECORD_KEYS = {"name", "layout", "faces", "color_identity", "keywords", "legalities"}
OPTIONAL_RECORD_KEYS = {"mana_value", "leadership", "printed_names", "printed_type_lines", "printings"}
FACE_KEYS = {
    "name", "mana_cost", "type_line", "oracle_text", "colors", "color_indicator",
    "power", "toughness", "loyalty", "defense",
}  # fmt: skip
SECTION_HEADERS = frozenset(
    {"deck", "main", "mainboard", "sideboard", "commander", "companion", "maybeboard"}
)


def _load_cards() -> dict[str, Any]:
    with CARDS_JSON.open(encoding="utf-8") as handle:
        document: dict[str, Any] = json.load(handle)
    return document


DOCUMENT = _load_cards()
CARDS: list[Record] = DOCUMENT["cards"]
DECK_FILES = sorted(DECKS_DIR.glob("*.txt"))


def _card_id(card: Record) -> str:
    return str(card.get("name", "?"))


def _is_colour_list(value: object) -> bool:
    """A list of WUBRG letters, each once, in WUBRG order."""
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        return False
    return value == [c for c in COLOURS if c in value] and len(set(value)) == len(value)


# ---------------------------------------------------------------------------------------------------------
# Schema of every record
# ---------------------------------------------------------------------------------------------------------


def test_document_meta_matches_the_cards() -> None:
    meta = DOCUMENT["meta"]
    assert set(DOCUMENT) == {"meta", "cards"}
    assert meta["source"] == "deckcheck bundled set"
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", meta["oracle_as_of"])
    # the printings are of an earlier day than the Oracle text (the cards printed since have none)
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", meta["printings_as_of"])
    assert meta["printings_as_of"] <= meta["oracle_as_of"]
    # the sets the data of that day knows (a card pool naming another is judged as newer or mistyped)
    known = meta["set_codes"].split()
    assert known == sorted(set(known)) and {"LEA", "MH2", "SNC"} <= set(known) and "DMU" not in known
    assert {code for card in CARDS for code in card.get("printings", ())} <= set(known)
    # the release days of the sets it knows that came out after its printings' day, and of no other
    # (set_release_dates_as_of: every other set the printings name came out by then)
    released = dict(item.split(":") for item in meta["set_release_dates"].split())
    assert set(released) <= set(known) and min(released.values()) > meta["printings_as_of"]
    assert meta["set_release_dates_as_of"] >= max(released.values())
    assert meta["cards"] == len(CARDS)
    assert 250 <= len(CARDS) <= 400


def test_names_are_unique_and_sorted() -> None:
    names = [card["name"] for card in CARDS]
    duplicates = [name for name, count in Counter(n.casefold() for n in names).items() if count > 1]
    assert duplicates == []
    assert names == sorted(names, key=str.casefold)


def test_face_names_never_collide_with_another_card() -> None:
    # A deck line naming one face ("Bonecrusher Giant") must resolve to exactly one card.
    owner: dict[str, str] = {}
    clashes = []
    for card in CARDS:
        for face in card["faces"]:
            key = face["name"].casefold()
            if owner.setdefault(key, card["name"]) != card["name"]:
                clashes.append((face["name"], owner[key], card["name"]))
    assert clashes == []


@pytest.mark.parametrize("card", CARDS, ids=_card_id)
def test_record_shape(card: Record) -> None:
    assert RECORD_KEYS <= set(card) <= RECORD_KEYS | OPTIONAL_RECORD_KEYS
    assert isinstance(card["name"], str) and card["name"] == card["name"].strip() != ""
    faces = card["faces"]
    assert isinstance(faces, list) and faces
    if card["layout"] in SINGLE_FACE_LAYOUTS:
        assert len(faces) == 1, f"{card['layout']} card with {len(faces)} faces"
    else:
        assert card["layout"] in MULTI_FACE_LAYOUTS, f"unknown layout {card['layout']!r}"
        assert len(faces) == 2
    assert card["name"] == " // ".join(face["name"] for face in faces)
    assert _is_colour_list(card["color_identity"])
    assert isinstance(card["keywords"], list) and all(isinstance(k, str) and k for k in card["keywords"])
    assert len(set(card["keywords"])) == len(card["keywords"])
    printings = card.get("printings")
    if printings is not None:  # MTGJSON's set codes, sorted, each once
        assert printings and all(re.fullmatch(r"[0-9A-Z]{3,6}", code) for code in printings)
        assert printings == sorted(set(printings))


@pytest.mark.parametrize("card", CARDS, ids=_card_id)
def test_face_fields(card: Record) -> None:
    for face in card["faces"]:
        assert set(face) == FACE_KEYS, face["name"]
        for key in ("name", "mana_cost", "type_line", "oracle_text"):
            assert isinstance(face[key], str), (face["name"], key)
        assert face["type_line"] and "  " not in face["type_line"] and " - " not in face["type_line"]
        parse_mana_cost(face["mana_cost"])  # raises on anything that is not {..} symbols
        assert _is_colour_list(face["colors"])
        assert face["color_indicator"] is None or (
            _is_colour_list(face["color_indicator"]) and face["color_indicator"]
        )
        # A face's colours come from its cost unless a colour indicator says otherwise.
        if face["mana_cost"] and face["color_indicator"] is None:
            assert set(face["colors"]) == set(parse_mana_cost(face["mana_cost"]).colours), face["name"]
        for key in ("power", "toughness", "loyalty", "defense"):
            assert face[key] is None or (isinstance(face[key], str) and face[key]), (face["name"], key)
        assert (face["power"] is None) == (face["toughness"] is None), face["name"]
        is_creature_like = any(t in face["type_line"] for t in ("Creature", "Vehicle", "Spacecraft"))
        if face["power"] is not None:
            assert is_creature_like, (
                f"{face['name']} has power/toughness but is not a creature, Vehicle or Spacecraft"
            )
        elif "Creature" in face["type_line"]:
            pytest.fail(f"{face['name']} is a creature without power/toughness")
        if "Planeswalker" in face["type_line"]:
            assert face["loyalty"] is not None and face["loyalty"].isdigit(), face["name"]
        if face["type_line"].startswith("Battle"):
            assert face["defense"] is not None and face["defense"].isdigit(), face["name"]


@pytest.mark.parametrize("card", CARDS, ids=_card_id)
def test_colour_identity_covers_costs_and_indicators(card: Record) -> None:
    identity = set(card["color_identity"])
    for face in card["faces"]:
        assert set(face["colors"]) <= identity, face["name"]
        assert set(parse_mana_cost(face["mana_cost"]).colours) <= identity, face["name"]


@pytest.mark.parametrize("card", CARDS, ids=_card_id)
def test_legalities_use_scryfall_keys_and_values(card: Record) -> None:
    legalities = card["legalities"]
    assert isinstance(legalities, dict)
    assert set(legalities) <= LEGALITY_KEYS, set(legalities) - LEGALITY_KEYS
    assert set(legalities.values()) <= LEGALITY_VALUES
    # "restricted" means one copy in Vintage (and Old School); Scryfall also uses it for Pauper Commander
    # (commander only) and Duel Commander (banned as commander). Nowhere else.
    restricted = {fmt for fmt, value in legalities.items() if value == "restricted"}
    assert restricted <= {"vintage", "oldschool", "paupercommander", "duel"}


@pytest.mark.parametrize("card", CARDS, ids=_card_id)
def test_mana_value_matches_the_deck_zone_cost(card: Record) -> None:
    faces = card["faces"]
    counted = faces if card["layout"] in {"split", "aftermath"} else faces[:1]
    expected = sum(symbol_value(s) for face in counted for s in parse_mana_cost(face["mana_cost"]).symbols)
    assert card.get("mana_value", float(expected)) == float(expected)


@pytest.mark.parametrize(
    "card", [c for c in CARDS if "leadership" in c or "printed_names" in c], ids=_card_id
)
def test_optional_fields(card: Record) -> None:
    leadership = card.get("leadership")
    if leadership is not None:
        assert leadership and set(leadership) <= {"commander", "oathbreaker", "brawl"}
        assert all(isinstance(v, bool) for v in leadership.values())
    printed = card.get("printed_names")
    if printed is not None:
        assert printed and all(re.fullmatch(r"[a-z]{2,3}(-[a-z]+)?", lang) for lang in printed)
        assert all(
            isinstance(names, list) and names and all(isinstance(n, str) and n for n in names)
            for names in printed.values()
        )


def test_the_set_covers_the_cards_the_rules_are_about() -> None:
    names = {card["name"] for card in CARDS}
    required = {
        "Gyruda, Doom of Depths",
        "Jegantha, the Wellspring",
        "Kaheera, the Orphanguard",
        "Keruga, the Macrosage",
        "Lurrus of the Dream-Den",
        "Lutri, the Spellchaser",
        "Obosh, the Preypiercer",
        "Umori, the Collector",
        "Yorion, Sky Nomad",
        "Zirda, the Dawnwaker",
        "Plains",
        "Island",
        "Swamp",
        "Mountain",
        "Forest",
        "Wastes",
        "Snow-Covered Plains",
        "Snow-Covered Island",
        "Snow-Covered Swamp",
        "Snow-Covered Mountain",
        "Snow-Covered Forest",
        "Snow-Covered Wastes",
        "Relentless Rats",
        "Rat Colony",
        "Shadowborn Apostle",
        "Persistent Petitioners",
        "Dragon's Approach",
        "Slime Against Humanity",
        "Templar Knight",
        "Hare Apparent",
        "Tempest Hawk",
        "Cid, Timeless Artificer",
        "Seven Dwarves",
        "Nazgûl",
        "Once More with Feeling",
    }
    assert required <= names, sorted(required - names)
    layouts = Counter(card["layout"] for card in CARDS)
    for layout in (
        "split",
        "aftermath",
        "adventure",
        "modal_dfc",
        "transform",
        "meld",
        "flip",
        "prototype",
        "saga",
        "class",
        "battle",
    ):
        assert layouts[layout] >= 1, layout
    # Every copy-limit override is written the way rules text states it.
    for card in CARDS:
        text = card["faces"][0]["oracle_text"]
        if "A deck can have" in text:
            assert re.search(
                r"A deck can have (any number of|up to \w+|only one) cards? named " + re.escape(card["name"]),
                text,
            ), card["name"]


# ---------------------------------------------------------------------------------------------------------
# Example decks
# ---------------------------------------------------------------------------------------------------------

_DECK_LINE = re.compile(
    r"^(?:(?P<count>\d+)\s*x?\s+)?(?P<name>.+?)(?:\s+\([A-Za-z0-9]{2,6}\)(?:\s+\S+)?)?(?:\s+\*F\*)?$"
)


def parse_deck(path: Path) -> dict[str, list[tuple[int, str, int]]]:
    """Section -> [(line number, card name, count)] from plain or Arena decklist text."""
    sections: dict[str, list[tuple[int, str, int]]] = {}
    section = "deck"
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("//", "#")):
            continue
        if line.casefold().rstrip(":") in SECTION_HEADERS:
            section = line.casefold().rstrip(":")
            continue
        match = _DECK_LINE.match(line)
        assert match, f"{path.name}:{number}: cannot read {line!r}"
        sections.setdefault(section, []).append((number, match["name"], int(match["count"] or 1)))
    return sections


def _lookup() -> dict[str, Record]:
    index: dict[str, Record] = {}
    for card in CARDS:
        index[card["name"].casefold()] = card
        for face in card["faces"]:
            index.setdefault(face["name"].casefold(), card)
    return index


LOOKUP = _lookup()


def test_there_are_example_decks() -> None:
    assert {p.name for p in DECK_FILES} >= {
        "modern-burn.txt",
        "pioneer-lurrus-illegal.txt",
        "legacy-zirda-companion.txt",
        "modern-keruga.txt",
        "vintage-restricted.txt",
        "limited-sealed.txt",
        "commander-kenrith.txt",
        "commander-partners.txt",
        "commander-illegal.txt",
    }


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.name)
def test_every_deck_card_is_bundled(path: Path) -> None:
    missing = [
        f"{path.name}:{number}: {name}"
        for entries in parse_deck(path).values()
        for number, name, _count in entries
        if name.casefold() not in LOOKUP
    ]
    assert missing == []


# main deck (commanders included), sideboard and companion sizes each example needs for its story
DECK_SIZES = {
    "modern-burn.txt": (60, 15, 0),
    "pioneer-lurrus-illegal.txt": (60, 8, 1),
    "legacy-zirda-companion.txt": (60, 15, 0),
    "modern-keruga.txt": (60, 10, 1),
    "vintage-restricted.txt": (60, 15, 0),
    "limited-sealed.txt": (40, 8, 0),
    "commander-kenrith.txt": (100, 0, 1),
    "commander-partners.txt": (100, 0, 0),
    "commander-illegal.txt": (100, 0, 1),
}


@pytest.mark.parametrize("name", sorted(DECK_SIZES))
def test_example_deck_sizes(name: str) -> None:
    sections = parse_deck(DECKS_DIR / name)

    def size(*keys: str) -> int:
        return sum(count for key in keys for _n, _name, count in sections.get(key, []))

    assert (size("deck", "commander"), size("sideboard"), size("companion")) == DECK_SIZES[name]


def test_parse_deck_reads_arena_lines(tmp_path: Path) -> None:
    deck = tmp_path / "arena.txt"
    deck.write_text(
        "Companion\n1 Lurrus of the Dream-Den (IKO) 226\n\nDeck\n4 Lightning Bolt (2X2) 117 *F*\n"
        "2x Fire // Ice\nIsland\n",
        encoding="utf-8",
    )
    assert parse_deck(deck) == {
        "companion": [(2, "Lurrus of the Dream-Den", 1)],
        "deck": [(5, "Lightning Bolt", 4), (6, "Fire // Ice", 2), (7, "Island", 1)],
    }


# ---------------------------------------------------------------------------------------------------------
# The facts against real data (MTGJSON AtomicCards, April 2022)
# ---------------------------------------------------------------------------------------------------------

# card -> {compared field: why our 2026 fact differs from the April 2022 Oracle}
KNOWN_UPDATES: dict[str, dict[str, str]] = {
    "Bitterblossom": {"type_line": "Tribal was renamed Kindred (Modern Horizons 3 update, June 2024)"},
    "Crib Swap": {"type_line": "Tribal was renamed Kindred (Modern Horizons 3 update, June 2024)"},
    "Tarfire": {"type_line": "Tribal was renamed Kindred (Modern Horizons 3 update, June 2024)"},
    "Cecily, Haunted Mage": {"oracle_text": "Friends forever became Partner—Friends forever (CR 702.124i)"},
    "Othelm, Sigardian Outcast": {
        "oracle_text": "Friends forever became Partner—Friends forever (CR 702.124i)"
    },
    "Tymna the Weaver": {
        "oracle_text": "'postcombat main phase' is now 'second main phase' (Duskmourn update, 2024)"
    },
    "Lurrus of the Dream-Den": {
        "oracle_text": "graveyard ability reworded: 'Once during each of your turns, ...'"
    },
    "Lutri, the Spellchaser": {"oracle_text": "its trigger now calls it 'Lutri' ('When Lutri enters, ...')"},
    "Dockside Extortionist": {"oracle_text": "Treasure reminder now reads 'Sacrifice this token'"},
    "Smothering Tithe": {"oracle_text": "Treasure reminder now reads 'Sacrifice this token'"},
    "Thraben Inspector": {
        "oracle_text": "Clue reminder rewritten: 'It's an artifact with \"{2}, Sacrifice this token ...'"
    },
    "Tireless Tracker": {
        "oracle_text": "Clue reminder rewritten: 'It's an artifact with \"{2}, Sacrifice this token ...'"
    },
    "Goblin Piker": {
        "oracle_text": "the 2022 reference file has no rules text for this card ('can't block')"
    },
}


def _normalise_oracle(text: str) -> str:
    """Undo the wording changes every card received since 2022 (and MTGJSON's loyalty notation)."""
    text = re.sub(r"^\[([+−-]?\w+)\]:", r"\1:", text, flags=re.MULTILINE)  # MTGJSON "[+1]:", Scryfall "+1:"
    text = re.sub(r"\b(\w+) enters the battlefield under your control", r"\1 you control enters", text)
    text = text.replace("enters the battlefield", "enters")  # Bloomburrow update, July 2024
    text = text.replace("converted mana cost", "mana value")  # Strixhaven update, April 2021
    # companion reminder text, current wording (the ten cards' current Oracle text)
    return text.replace("for {3} any time you could cast a sorcery.)", "for {3} as a sorcery.)")


def _real_faces(
    name: str, real: dict[str, list[dict[str, Any]]], by_front: dict[str, str]
) -> list[dict[str, Any]] | None:
    key = name if name in real else by_front.get(name.split(" // ")[0])
    return real[key] if key else None


def _differences(card: Record, real_faces: list[dict[str, Any]]) -> dict[str, str]:
    """Field -> description, for each compared field where our record and the real data disagree."""
    found: dict[str, str] = {}
    ours = card["faces"]
    # our meld record is the front card only; MTGJSON joins it with the melded back
    theirs = real_faces[:1] if card["layout"] == "meld" else real_faces
    their_names = [face.get("faceName", face["name"]) for face in theirs]
    if [face["name"] for face in ours] != their_names:
        found["face_names"] = f"{[face['name'] for face in ours]} != {their_names}"
    if card["layout"] != theirs[0]["layout"]:
        found["layout"] = f"{card['layout']} != {theirs[0]['layout']}"
    their_identity = [c for c in COLOURS if c in theirs[0]["colorIdentity"]]
    if card["color_identity"] != their_identity:
        found["color_identity"] = f"{card['color_identity']} != {their_identity}"
    for face, real_face in zip(ours, theirs, strict=False):
        pairs = {
            "mana_cost": (face["mana_cost"], real_face.get("manaCost") or ""),
            "type_line": (face["type_line"], real_face["type"]),
            "power": (face["power"], real_face.get("power")),
            "toughness": (face["toughness"], real_face.get("toughness")),
            "loyalty": (face["loyalty"], real_face.get("loyalty")),
            "oracle_text": (
                _normalise_oracle(face["oracle_text"]),
                _normalise_oracle(real_face.get("text") or ""),
            ),
        }
        for field, (mine, real_value) in pairs.items():
            if mine != real_value:
                found.setdefault(field, f"{face['name']}: {mine!r} != {real_value!r}")
    return found


@pytest.fixture(scope="session")
def atomic_cards(atomic_cards_path: Path) -> dict[str, list[dict[str, Any]]]:
    with gzip.open(atomic_cards_path, "rt", encoding="utf-8") as handle:
        data: dict[str, list[dict[str, Any]]] = json.load(handle)["data"]
    return data


@pytest.mark.realdata
def test_bundled_facts_match_real_data(atomic_cards: dict[str, list[dict[str, Any]]]) -> None:
    by_front = {faces[0].get("faceName", name): name for name, faces in atomic_cards.items()}
    unexplained: list[str] = []
    stale: list[str] = []
    compared = 0
    for card in CARDS:
        real_faces = _real_faces(card["name"], atomic_cards, by_front)
        if real_faces is None:
            continue  # printed after April 2022
        compared += 1
        differences = _differences(card, real_faces)
        allowed = KNOWN_UPDATES.get(card["name"], {})
        unexplained += [
            f"{card['name']}: {field}: {detail}"
            for field, detail in differences.items()
            if field not in allowed
        ]
        stale += [
            f"{card['name']}: {field} ({reason})"
            for field, reason in allowed.items()
            if field not in differences
        ]
    assert compared >= 200, f"only {compared} bundled cards found in the real data"
    problems = "\n".join(unexplained)
    assert unexplained == [], f"differences from MTGJSON 2022 without a known Oracle update:\n{problems}"
    assert stale == [], "allowed differences that no longer differ:\n" + "\n".join(stale)


@pytest.mark.realdata
def test_bundled_printings_are_the_real_datas(atomic_cards: dict[str, list[dict[str, Any]]]) -> None:
    """Every card of the April 2022 data has its printings of then (the day ``printings_as_of``
    says): a card's printings tell whether it is in a card pool of sets (Old School, Premodern)
    and in a format's sets on a day; a card printed since has none, not a guess."""
    assert DOCUMENT["meta"]["printings_as_of"] == "2022-04-25"
    by_front = {faces[0].get("faceName", name): name for name, faces in atomic_cards.items()}
    wrong = []
    for card in CARDS:
        real_faces = _real_faces(card["name"], atomic_cards, by_front)
        real = sorted(real_faces[0]["printings"]) if real_faces is not None else None
        if card.get("printings") != real:
            wrong.append(f"{card['name']}: {card.get('printings')} != {real}")
    assert wrong == []


@pytest.mark.realdata
def test_bundled_set_codes_are_the_real_datas(atomic_records: list[dict[str, Any]]) -> None:
    """The bundled set's ``set_codes`` are the sets of the April 2022 data's printings, as a store
    imported from it lists them: its few hundred cards print in few of those sets, so the list, not
    its cards, tells which sets the data knows (Premodern's are all known, DMU is not)."""
    real = {code for record in atomic_records for code in record.get("printings", ())}
    assert DOCUMENT["meta"]["set_codes"].split() == sorted(real)


@pytest.mark.realdata
def test_bundled_release_days_are_mtgjsons(realdata: Path) -> None:
    """The bundled set's ``set_release_dates`` name every set its printings know that MTGJSON's
    SetList says came out after ``printings_as_of``, each on the day it says: the sets a card pool
    may name that the April 2022 data knows only in part (Battle for Baldur's Gate, CLB)."""
    set_list = realdata / "format-history" / "SetList.json"
    if not set_list.is_file():
        pytest.skip(f"{set_list} not present")
    meta = DOCUMENT["meta"]
    listed = json.loads(set_list.read_text(encoding="utf-8"))["data"]
    known = set(meta["set_codes"].split())
    later = {
        entry["code"]: entry["releaseDate"]
        for entry in listed
        if entry["code"] in known and entry["releaseDate"] > meta["printings_as_of"]
    }
    assert dict(item.split(":") for item in meta["set_release_dates"].split()) == later


def test_every_known_update_names_a_bundled_card() -> None:
    names = {card["name"] for card in CARDS}
    assert set(KNOWN_UPDATES) <= names
