"""Folded names (the spellings clients write) and the did-you-mean index, over every kind of store:
in memory, a built SQLite store, and a SQLite store built before it kept its names index."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from deckcheck.cards.names import fold_key
from deckcheck.cards.store import (
    NAMES_BLOB_KEY,
    NAMES_INDEX_META,
    CardStore,
    read_store_meta,
    write_store,
)
from deckcheck.cards.suggest import NameIndex, allowed_edits, edit_distance
from deckcheck.errors import CardDataError
from tests.cardfactory import face, record

RECORDS = [
    record("Lurrus of the Dream-Den", "{3}{W/B}{W/B}", "Legendary Creature — Cat Nightmare"),
    record("Lightning Bolt", "{R}", "Instant"),
    record("Lightning Blast", "{3}{R}", "Instant"),
    record("Wasteland", None, "Land"),
    record("Waste Land", None, "Land"),
    record("Bind", "{1}{G}", "Instant"),
    record(
        "Bind // Liberate",
        layout="split",
        faces=[face("Bind", "{1}{G}", "Instant"), face("Liberate", "{1}{W}", "Instant")],
    ),
    record(
        "Valki, God of Lies // Tibalt, Cosmic Impostor",
        layout="modal_dfc",
        faces=[
            face("Valki, God of Lies", "{1}{B}", "Legendary Creature — God"),
            face("Tibalt, Cosmic Impostor", "{5}{B}{R}", "Legendary Planeswalker — Tibalt"),
        ],
    ),
    record("_____", "{1}{U}", "Creature — Shapeshifter"),
    record("Goblin Guide", "{R}", "Creature — Goblin Scout"),
    record("Brimaz, King of Oreskos", "{1}{W}{W}", "Legendary Creature — Cat Soldier"),
    record("Jace, the Mind Sculptor", "{2}{U}{U}", "Legendary Planeswalker — Jace"),
    record("Jace, Architect of Thought", "{2}{U}{U}", "Legendary Planeswalker — Jace"),
    record("Jace Beleren", "{1}{U}{U}", "Legendary Planeswalker — Jace"),
    record("Snapcaster Mage", "{1}{U}", "Creature — Human Wizard"),
    record("Cast Down", "{1}{B}", "Instant"),
    record("Orcish Settlers", "{1}{R}{R}", "Creature — Orc"),
    record(
        "Esika, God of the Tree // The Prismatic Bridge",
        layout="modal_dfc",
        faces=[
            face("Esika, God of the Tree", "{1}{G}{G}", "Legendary Creature — God"),
            face("The Prismatic Bridge", "{W}{U}{B}{R}{G}", "Legendary Enchantment"),
        ],
    ),
    record("Luminarch Aspirant", "{1}{W}", "Creature — Human Cleric"),
    record("Smothering Tithe", "{3}{W}", "Enchantment"),
]


def _strip_names_index(path: Path) -> None:
    """Make a store look like one built before stores kept their names index."""
    db = sqlite3.connect(path)
    db.execute("DROP TABLE folded")
    db.execute("DELETE FROM blobs WHERE key = ?", (NAMES_BLOB_KEY,))
    db.execute("DELETE FROM meta WHERE key = ?", (NAMES_INDEX_META,))
    db.commit()
    db.close()


@pytest.fixture(params=["memory", "sqlite", "older sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> CardStore:
    if request.param == "memory":
        return CardStore.from_records(RECORDS)
    path = tmp_path / "cards.sqlite"
    write_store(RECORDS, path, meta={"source": "test"})
    if request.param == "older sqlite":
        _strip_names_index(path)
    return CardStore.open(path)


@pytest.mark.parametrize(
    ("written", "oracle"),
    [
        ("Lurrus of the Dream Den", "Lurrus of the Dream-Den"),  # MTGO drops the hyphen
        ("lurrus of the dreamden", "Lurrus of the Dream-Den"),
        ("Valki God of Lies", "Valki, God of Lies // Tibalt, Cosmic Impostor"),  # a face, folded
        ("B-ind", "Bind"),  # full names before faces, as for exact keys
        ("Goblin-Guide", "Goblin Guide"),
    ],
)
def test_spellings_that_differ_in_punctuation_or_spaces_resolve_folded(
    store: CardStore, written: str, oracle: str
) -> None:
    result = store.resolve(written)
    assert result.card is not None and result.card.name == oracle
    assert result.match == "folded"


@pytest.mark.parametrize(
    ("written", "card"),
    [
        ("Lightning, Bolt", "Lightning Bolt"),
        ("Goblin, Guide", "Goblin Guide"),
        ("Brimaz, King, of Oreskos", "Brimaz, King of Oreskos"),
    ],
)
def test_a_comma_the_card_lacks_is_no_spelling_of_it(store: CardStore, written: str, card: str) -> None:
    """ "Lava, Axe" read as Lava Axe (DC012, a note), though a comma sets off a legend's epithet:
    later cards are named so ("Clear, the Mind" beside Clear the Mind). Such a name is unknown,
    with the card as its did-you-mean; commas dropped or kept still fold."""
    result = store.resolve(written)
    assert result.card is None and result.match == "unknown"
    assert result.suggestions[:1] == (card,)
    assert store.resolve("Brimaz King of Oreskos").match == "folded"


def test_a_difference_of_case_alone_is_the_older_normalized_match(store: CardStore) -> None:
    assert store.resolve("Lurrus of the Dream-den").match == "normalized"


def test_a_fold_that_two_cards_share_is_refused(store: CardStore) -> None:
    result = store.resolve("Waste-Land")
    assert result.card is None
    assert result.match == "ambiguous"
    assert set(result.suggestions) == {"Wasteland", "Waste Land"}
    assert store.resolve("Wasteland").match == "exact"  # each spelling itself still resolves


def test_underscores_are_not_punctuation(store: CardStore) -> None:
    assert store.resolve("_____").match == "exact"
    assert fold_key("_____ Goblin") == "_____goblin"
    assert store.resolve("!!!").match == "unknown"  # folds to nothing: never a match


def test_a_truncation_stays_a_did_you_mean(store: CardStore) -> None:
    result = store.resolve("Snapcaster")
    assert result.card is None and result.match == "unknown"
    assert result.suggestions == ("Snapcaster Mage",)
    assert "Jace, the Mind Sculptor" in store.resolve("Jace, the Mind").suggestions


@pytest.mark.parametrize(
    ("written", "suggested"),
    [
        ("Lightning Blot", "Lightning Bolt"),  # a swapped pair beats a changed letter
        ("Lightnig Bolt", "Lightning Bolt"),
        ("Lurrus of Dream-Den", "Lurrus of the Dream-Den"),  # a dropped word
        ("Brimaz, Unyielding Lion", "Brimaz, King of Oreskos"),  # the one Brimaz
        ("Smothering Tihte", "Smothering Tithe"),
        ("Liberate // Bind", "Bind // Liberate"),  # a split card's faces the other way round
        ("Liberate/Bind", "Bind // Liberate"),
    ],
)
def test_likely_spellings_are_suggested_first(store: CardStore, written: str, suggested: str) -> None:
    result = store.resolve(written)
    assert result.match == "unknown"
    assert result.suggestions[0] == suggested


@pytest.mark.parametrize(
    "written",
    [
        "Orcish Bowmasters",  # newer than the data; not "Orcish Settlers"
        "Cut Down",  # not "Cast Down": two edits are too many for so short a name
        "The Prismatic Piper",  # not the Esika MDFC's back face
        "Jace, Wielder of Mysteries",  # several Jaces: no guess
        "Smother",  # not the start of "Smothering Tithe": a truncation ends at a word
        "A-Lightning Bolt",  # an Alchemy rebalance is another card
    ],
)
def test_names_missing_from_the_data_get_no_suggestion(store: CardStore, written: str) -> None:
    result = store.resolve(written)
    assert result.match == "unknown"
    assert result.suggestions == ()


def test_a_built_store_keeps_its_names_index(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    write_store(RECORDS, path, meta={"source": "test", NAMES_INDEX_META: "stale"})
    assert read_store_meta(path)[NAMES_INDEX_META] == "1"  # never inherited from the given meta
    db = sqlite3.connect(path)
    folded = db.execute("SELECT card_name, kind FROM folded WHERE key = 'lurrusofthedreamden'").fetchall()
    blob = db.execute("SELECT value FROM blobs WHERE key = ?", (NAMES_BLOB_KEY,)).fetchone()[0]
    db.close()
    assert folded == [("Lurrus of the Dream-Den", "full")]
    index = NameIndex.from_blob(blob)
    assert index is not None and index.suggest("Lightning Blot")[0] == "Lightning Bolt"


def test_a_corrupt_names_index_is_a_card_data_error(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    write_store(RECORDS, path, meta={"source": "test"})
    db = sqlite3.connect(path)
    db.execute("UPDATE blobs SET value = ? WHERE key = ?", (b'{"version": 1, "cards": 3}', NAMES_BLOB_KEY))
    db.commit()
    db.close()
    store = CardStore.open(path)
    assert store.resolve("Lightning Bolt").match == "exact"  # lookups never need the index
    with pytest.raises(CardDataError, match="names index is corrupt"):
        store.resolve("Lightning Blot")


def test_an_index_of_another_layout_is_rebuilt_not_misread() -> None:
    assert NameIndex.from_blob(b'{"version": 999}') is None


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("bolt", "bolt", 0),
        ("blot", "bolt", 1),  # a swapped pair is one edit
        ("bolt", "boltx", 1),
        ("cutdown", "castdown", 2),
        ("abc", "", 3),
        ("orcishbowmasters", "orcishsettlers", 7),
    ],
)
def test_edit_distance(a: str, b: str, distance: int) -> None:
    assert edit_distance(a, b, 2) == min(distance, 3)  # "more than 2" once past the limit
    assert edit_distance(b, a, 7) == distance


def test_allowed_edits_grow_with_the_name() -> None:
    assert [allowed_edits(n) for n in (4, 5, 12, 13)] == [0, 1, 1, 2]


def test_scryfall_update_rebuilds_a_current_store_that_lacks_the_names_index(tmp_path: Path) -> None:
    from deckcheck.cards.scryfall import update_from_scryfall
    from tests.httpserver import LocalHTTPServer, ScryfallMirror

    path = tmp_path / "cache" / "cards.sqlite"
    with LocalHTTPServer() as server:
        mirror = ScryfallMirror(server)
        mirror.publish()
        update_from_scryfall(mirror.api_base, path)
        _strip_names_index(path)  # as an older deckcheck built it
        mirror.server.clear()
        result = update_from_scryfall(mirror.api_base, path)
        assert not any(p.startswith("/files/") for p in mirror.server.paths())  # no download
        assert any("names index rebuilt" in note for note in result.notes)
        assert read_store_meta(path)[NAMES_INDEX_META] == "1"
        assert update_from_scryfall(mirror.api_base, path).up_to_date
