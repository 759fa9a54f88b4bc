"""Card store: lookups by every name form, and the SQLite round trip."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import sys
from pathlib import Path

import pytest

from deckcheck.cards.nondeck import MELD_RESULT, NonDeckCard
from deckcheck.cards.store import (
    NAMES_INDEX_META,
    NON_DECK_VERSION,
    CardStore,
    bundled_cards_path,
    cache_dir,
    default_store_path,
    open_store,
    read_store_meta,
    verify_store,
    write_store,
)
from deckcheck.errors import CardDataError
from tests.cardfactory import face, record

RECORDS = [
    record(
        "Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.", identity=["R"]
    ),
    record("Lim-Dûl's Vault", "{U}{B}", "Instant", identity=["U", "B"]),
    record("Æther Vial", "{1}", "Artifact"),
    record("Assembly-Worker", "{3}", "Artifact Creature — Assembly-Worker"),
    record("Jace, the Mind Sculptor", "{2}{U}{U}", "Legendary Planeswalker — Jace", identity=["U"]),
    record(
        "Fire // Ice",
        layout="split",
        faces=[face("Fire", "{1}{R}", "Instant"), face("Ice", "{1}{U}", "Instant")],
        identity=["R", "U"],
    ),
    record(
        "Bonecrusher Giant // Stomp",
        layout="adventure",
        faces=[
            face("Bonecrusher Giant", "{2}{R}", "Creature — Giant"),
            face("Stomp", "{1}{R}", "Instant — Adventure"),
        ],
        identity=["R"],
        printed_names={"de": ["Knochenmalmer-Riese // Stampfen", "Knochenmalmer-Riese"]},
    ),
    record(
        "Jace, Vryn's Prodigy // Jace, Telepath Unbound",
        layout="transform",
        faces=[
            face("Jace, Vryn's Prodigy", "{1}{U}", "Legendary Creature — Human Wizard"),
            face("Jace, Telepath Unbound", None, "Legendary Planeswalker — Jace"),
        ],
    ),
    record("Shared Printed A", "{1}", "Artifact", printed_names={"xx": ["Zwilling"]}),
    record("Shared Printed B", "{2}", "Artifact", printed_names={"xx": ["Zwilling"]}),
]


@pytest.fixture(params=["memory", "sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> CardStore:
    if request.param == "memory":
        return CardStore.from_records(RECORDS)
    path = tmp_path / "cards.sqlite"
    assert write_store(RECORDS, path, meta={"source": "test"}) == len(RECORDS)
    return CardStore.open(path)


@pytest.mark.parametrize(
    ("written", "oracle", "match"),
    [
        ("Lightning Bolt", "Lightning Bolt", "exact"),
        ("lightning bolt", "Lightning Bolt", "normalized"),
        ("Lim-Dul's Vault", "Lim-Dûl's Vault", "normalized"),
        ("Lim-Dûl’s Vault", "Lim-Dûl's Vault", "normalized"),
        ("Aether Vial", "Æther Vial", "normalized"),
        ("Fire/Ice", "Fire // Ice", "normalized"),
        ("Fire /// Ice", "Fire // Ice", "normalized"),
        ("Fire//Ice", "Fire // Ice", "normalized"),
        ("Bonecrusher Giant", "Bonecrusher Giant // Stomp", "face"),
        ("Jace, Vryn's Prodigy", "Jace, Vryn's Prodigy // Jace, Telepath Unbound", "face"),
        ("Knochenmalmer-Riese", "Bonecrusher Giant // Stomp", "printed"),
    ],
)
def test_resolve_name_forms(store: CardStore, written: str, oracle: str, match: str) -> None:
    result = store.resolve(written)
    assert result.card is not None, result
    assert result.card.name == oracle
    assert result.match == match


def test_printed_name_reports_language(store: CardStore) -> None:
    assert store.resolve("Knochenmalmer-Riese").language == "de"


def test_dehyphenated_name_is_read_as_its_card_with_a_note(store: CardStore) -> None:
    result = store.resolve("Assembly Worker")
    assert result.card is not None and result.card.name == "Assembly-Worker"
    assert result.match == "folded"


def test_truncated_name_is_suggested(store: CardStore) -> None:
    result = store.resolve("Jace, the Mind")
    assert result.card is None
    assert "Jace, the Mind Sculptor" in result.suggestions


def test_misspelling_gets_did_you_mean(store: CardStore) -> None:
    result = store.resolve("Lightning Blot")
    assert result.match == "unknown"
    assert result.suggestions[0] == "Lightning Bolt"


def test_ambiguous_printed_name_is_not_guessed(store: CardStore) -> None:
    result = store.resolve("Zwilling")
    assert result.match == "ambiguous"
    assert set(result.suggestions) == {"Shared Printed A", "Shared Printed B"}


# one name of each kind of answer: exact, normalized, folded, face, ambiguous, unknown
NAMES = [
    "Lightning Bolt",
    "lightning bolt",
    "Assembly Worker",
    "Bonecrusher Giant",
    "Zwilling",
    "Lightning Blot",
]


@pytest.mark.parametrize("suggest", [True, False])
def test_a_remembered_resolution_is_the_one_a_fresh_store_gives(store: CardStore, suggest: bool) -> None:
    fresh = CardStore.from_records(RECORDS)
    for _ in range(2):  # the second time from memory
        assert [store.resolve(n, suggest=suggest) for n in NAMES] == [
            fresh.resolve(n, suggest=suggest) for n in NAMES
        ]
    remembered = store.resolve("Lightning Blot", suggest=suggest)
    assert store.resolve("Lightning Blot", suggest=suggest) is remembered


def test_a_name_resolved_without_suggestions_still_gets_them_when_asked(store: CardStore) -> None:
    assert store.resolve("Lightning Blot", suggest=False).suggestions == ()
    assert store.resolve("Lightning Blot").suggestions[0] == "Lightning Bolt"
    assert store.resolve("Lightning Blot", suggest=False).suggestions == ()


def test_remembered_resolutions_are_bounded(store: CardStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deckcheck.cards.store.RESOLUTION_MEMO_LIMIT", 3)
    for i in range(10):
        assert store.resolve(f"Unheard-of Card {i}", suggest=False).card is None
        assert all(len(memo) <= 3 for memo in store._resolved_names)
    assert store.resolve("Lightning Bolt", suggest=False).match == "exact"


# every way a name reaches (or misses) the index: exact, normalized, face, printed, folded,
# ambiguous printed, a folded face, and names of no card (one sharing a printed key's letters)
PROBED = [
    *NAMES,
    "Lim-Dul's Vault",
    "Fire/Ice",
    "FireIce",
    "Assemblyworker",
    "Bonecrusher-Giant",
    "Knochenmalmer-Riese",
    "knochenmalmer riese",
    "Jace Vryns Prodigy",
    "Zwillinge",
    "Unheard-of Card",
    "!!!",
    "",
]


@pytest.mark.parametrize("kind", ["memory", "sqlite", "sqlite without the names index"])
def test_the_one_query_for_names_of_no_card_changes_no_resolution(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name that is no card's exact name is looked up in the index only when one query says the
    index has something for it (the same query that reads an exact name's record): every
    resolution is the one the record and the index's own lookups give, whether the names are
    resolved one by one or many at once (a few names a query here)."""

    def opened() -> CardStore:
        if kind == "memory":
            return CardStore.from_records(RECORDS)
        path = tmp_path / f"{len(list(tmp_path.iterdir()))}.sqlite"
        write_store(RECORDS, path, meta={"source": "test"})
        if kind != "sqlite":  # a store from before the index was kept: built in memory when needed
            with contextlib.closing(sqlite3.connect(path)) as db, db:
                db.execute("DELETE FROM meta WHERE key = ?", (NAMES_INDEX_META,))
        return CardStore.open(path)

    probed = opened()
    with monkeypatch.context() as patch:
        looked_up = opened()
        backend = type(looked_up._backend)
        patch.setattr(
            backend,
            "first_lookups",
            lambda self, lookups: [(self.record(name), True) for name, *_ in lookups],
        )
        expected = [looked_up.resolve(name, suggest=False) for name in PROBED]
    assert [probed.resolve(name, suggest=False) for name in PROBED] == expected
    monkeypatch.setattr("deckcheck.cards.store._LOOKUPS_A_QUERY", 3)
    assert opened().resolve_many([*PROBED, *PROBED[::-1]], suggest=False) == [*expected, *expected[::-1]]
    suggested = [opened().resolve(name) for name in PROBED]
    assert opened().resolve_many(PROBED) == suggested
    assert any(r.suggestions for r in suggested)
    assert [r.match for r in expected].count("unknown") >= 3 and len({r.match for r in expected}) >= 5


def test_sqlite_meta_and_all_cards(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    write_store(RECORDS, path, meta={"source": "test", "updated_at": "2026-01-01"})
    meta = read_store_meta(path)
    assert meta["source"] == "test" and meta["records"] == str(len(RECORDS))
    opened = open_store(path)
    assert len(opened) == len(RECORDS)
    assert {c.name for c in opened.all_cards()} == {r["name"] for r in RECORDS}


@pytest.mark.parametrize("folder", ["decks #2", "what?", "100%20off", "a%b"])
def test_a_store_in_a_folder_named_with_uri_characters_opens(tmp_path: Path, folder: str) -> None:
    # (SQLite opens the store by URI, where '#' and '?' end a file name and '%' starts an escape)
    path = tmp_path / folder / "cards.sqlite"
    path.parent.mkdir()
    write_store(RECORDS, path, meta={"source": "test"})
    assert read_store_meta(path)["source"] == "test"
    assert len(open_store(path)) == len(RECORDS)
    assert verify_store(path) == []


def test_bad_record_leaves_previous_store(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    write_store(RECORDS, path, meta={"source": "good"})
    before = path.read_bytes()
    with pytest.raises(CardDataError):
        write_store([*RECORDS[:2], {"name": "Broken", "faces": []}], path, meta={"source": "bad"})
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.sqlite"]


def test_duplicate_records_are_refused(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="twice"):
        write_store([RECORDS[0], RECORDS[0]], tmp_path / "x.sqlite", meta={})
    with pytest.raises(CardDataError, match="twice"):
        CardStore.from_records([RECORDS[0], RECORDS[0]])


def test_empty_store_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="empty"):
        write_store([], tmp_path / "x.sqlite", meta={})


def test_corrupt_store_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(CardDataError, match="unreadable"):
        CardStore.open(path)


def test_missing_store_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="not found") as caught:
        CardStore.open(tmp_path / "nope.sqlite")
    assert caught.value.hint and "cards update --card-db" in caught.value.hint  # (how to build it)


def test_an_atomic_cards_file_given_as_the_store_says_to_import_it(tmp_path: Path) -> None:
    """MTGJSON's AtomicCards is no card records file: it is built into a store by `cards import`."""
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps({"meta": {"date": "2022-04-25"}, "data": {"Shock": [{"name": "Shock"}]}}))
    with pytest.raises(CardDataError, match="expected a list of card records under 'cards'") as caught:
        CardStore.open(path)
    assert caught.value.hint and "deckcheck cards import" in caught.value.hint


@pytest.mark.parametrize(
    ("meta", "label"),
    [
        ({"source": "scryfall", "updated_at": "2026-11-30T09:02:35.123+00:00"}, "Scryfall 2026-11-30"),
        ({"source": "mtgjson", "mtgjson_date": "2022-04-25", "updated_at": "2022-04"}, "MTGJSON 2022-04-25"),
        ({"source": "someone's own file"}, "someone's own file, date unknown"),
        ({"source": "scryfall", "updated_at": "yesterday"}, "Scryfall, date unknown"),
    ],
)
def test_data_label_names_source_date_and_size(tmp_path: Path, meta: dict[str, str], label: str) -> None:
    path = tmp_path / "cards.sqlite"
    write_store(RECORDS, path, meta=meta)
    store = CardStore.open(path)
    assert store.data_label() == f"{label}, {len(RECORDS)} cards"
    assert not store.is_sample


def test_the_bundled_set_is_labelled_a_sample() -> None:
    bundled = CardStore.bundled()
    assert bundled.is_sample
    assert bundled.data_label() == f"bundled sample set, {len(bundled)} cards"


def test_the_bundled_set_reads_its_names_as_a_checked_json_file_does() -> None:
    """The bundled set builds its name rows on first use (start-up); read as any JSON file is,
    with every row built and checked on opening, it gives the same answers."""
    bundled = CardStore.bundled()
    checked = CardStore.from_json(bundled_cards_path())
    for written in ("lightning bolt", "Fire", "Paradiesvögel", "Lurrus of the Dream Den", "Lightnin Bolt"):
        assert bundled.resolve(written) == checked.resolve(written)


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG rule is Linux's")
@pytest.mark.parametrize("xdg", [None, "", "/tmp/xdg-cache", "relative/cache", "  "])
def test_the_cache_directory_is_the_one_platformdirs_names(
    xdg: str | None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import platformdirs

    monkeypatch.delenv("DECKCHECK_CACHE_DIR")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    if xdg is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    assert cache_dir() == Path(platformdirs.user_cache_dir("deckcheck"))
    assert cache_dir().parent == (Path(xdg) if xdg and xdg.startswith("/") else tmp_path / "home" / ".cache")


def test_the_cache_directory_override_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "mine"))
    assert cache_dir() == tmp_path / "mine"
    assert default_store_path() == tmp_path / "mine" / "cards.sqlite"


def test_a_record_without_a_type_line_in_a_card_set_names_the_file(tmp_path: Path) -> None:
    """A JSON card set is read as it is looked up: a record with no type line is a card-data error
    naming the file and the card when a deck names it, never a card of no type."""
    typeless = record("Lightning Bolt", "{R}", "Instant", identity=["R"])
    del typeless["faces"][0]["type_line"]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"cards": [typeless, *RECORDS[1:]]}), encoding="utf-8")
    store = CardStore.from_json(path)
    assert store.card("Lim-Dûl's Vault") is not None
    with pytest.raises(CardDataError, match=r"cards\.json: card 'Lightning Bolt': it has no type line"):
        store.card("Lightning Bolt")
    with pytest.raises(CardDataError, match="no type line"):
        write_store([typeless], tmp_path / "cards.sqlite", meta={"source": "test"})


# -- cards no deck can hold ----------------------------------------------------------------------
BRISELA_PARTS = ("Bruna, the Fading Light", "Gisela, the Broken Blade")
NON_DECK = [
    NonDeckCard("Chaotic Aether", "phenomenon", "Phenomenon"),
    NonDeckCard("Academy at Tolaria West", "plane", "Plane — Dominaria"),
    NonDeckCard("Ertai", "vanguard", "Vanguard"),
    NonDeckCard("Ertai", "plane", "Plane — Elsewhere"),  # a second of one name: the first wins
    NonDeckCard("Lightning Bolt", "scheme", "Scheme"),  # the name of a card: the card wins
    NonDeckCard(
        "Brisela, Voice of Nightmares", MELD_RESULT, "Legendary Creature — Eldrazi Angel", BRISELA_PARTS
    ),
]


def test_a_built_store_keeps_the_cards_no_deck_holds_by_name(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    write_store(RECORDS, path, meta={"source": "test"}, non_deck=iter(NON_DECK))
    store = CardStore.open(path)
    assert [(c.name, c.kind, c.parts) for c in store.non_deck_cards() or ()] == [
        ("Academy at Tolaria West", "plane", ()),
        ("Brisela, Voice of Nightmares", MELD_RESULT, BRISELA_PARTS),  # (its meld cards kept)
        ("Chaotic Aether", "phenomenon", ()),
        ("Ertai", "vanguard", ()),
    ]
    assert len(store) == len(RECORDS)  # no card records: no rule reads them
    for written in ("Chaotic Aether", "chaotic  aether", "CHAOTIC ÆTHER", "Chaotic-Aether", "ChaoticAether"):
        found = store.non_deck_card(written)
        assert found is not None and found.name == "Chaotic Aether", written
        assert store.resolve(written).card is None
    assert store.non_deck_card("Chaotic Ether") is None  # (no did-you-mean: a name, or none)
    assert store.non_deck_card("Lightning Bolt") is None
    assert read_store_meta(path)["non_deck_table"] == NON_DECK_VERSION


def test_a_store_whose_table_is_of_an_older_version_keeps_none(tmp_path: Path) -> None:
    """A store built before meld results were kept holds their card records: its table says
    nothing, so that the store is rebuilt (cards info says so) rather than half trusted."""
    path = tmp_path / "cards.sqlite"
    write_store(RECORDS, path, meta={"source": "test"}, non_deck=iter(NON_DECK))
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE meta SET value = '1' WHERE key = 'non_deck_table'")
    store = CardStore.open(path)
    assert store.non_deck_cards() is None and store.non_deck_card("Chaotic Aether") is None


def test_a_store_built_without_them_keeps_none(tmp_path: Path) -> None:
    """A store built from card records alone, or by a release before they were kept, says nothing of
    them: a lookup finds none, and the store does not claim to know them."""
    path = tmp_path / "cards.sqlite"
    write_store(RECORDS, path, meta={"source": "test", "non_deck_table": "1"})  # (meta is not inherited)
    store = CardStore.open(path)
    assert store.non_deck_cards() is None and store.non_deck_card("Chaotic Aether") is None
    assert "non_deck_table" not in read_store_meta(path)
    empty = tmp_path / "empty.sqlite"
    write_store(RECORDS, empty, meta={"source": "test"}, non_deck=[])
    assert CardStore.open(empty).non_deck_cards() == []  # kept: none in the source


def test_memory_and_json_stores_keep_them_when_given(tmp_path: Path) -> None:
    assert CardStore.from_records(RECORDS).non_deck_cards() is None
    store = CardStore.from_records(RECORDS, non_deck=NON_DECK[:1])
    found = store.non_deck_card("chaotic aether")
    assert found is not None and found.kind == "phenomenon"
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"cards": RECORDS, "non_deck_cards": [NON_DECK[2].to_record()]}))
    found = CardStore.open(path).non_deck_card("Ertai")
    assert found is not None and found.described == "a vanguard card (Vanguard)"
    path.write_text(json.dumps({"cards": RECORDS, "non_deck_cards": [NON_DECK[-1].to_record()]}))
    assert CardStore.open(path).non_deck_card("brisela, voice of nightmares") == NON_DECK[-1]
    path.write_text(
        json.dumps(
            {
                "cards": RECORDS,
                "non_deck_cards": [{"name": "Chittering Host", "kind": MELD_RESULT, "parts": "Graf Rats"}],
            }
        )
    )
    with pytest.raises(CardDataError, match="a meld result's 'parts', a list of names"):
        CardStore.open(path)
    path.write_text(json.dumps({"cards": RECORDS, "non_deck_cards": [{"name": "Ertai"}]}))
    with pytest.raises(
        CardDataError, match="'non_deck_cards' must be a list of objects with a 'name' and a 'kind'"
    ):
        CardStore.open(path)


# French prints Badlands as "Désolation" and Endure as "Endurance": names that are also, accents
# aside or exactly, English names of other cards.
FALSE_FRIENDS = [
    record("Desolation", "{1}{B}{B}", "Enchantment"),
    record("Badlands", None, "Land — Swamp Mountain", printed_names={"fr": ["Désolation"]}),
    record("Endurance", "{1}{G}{G}", "Creature — Elemental Incarnation"),
    record("Endure", "{3}{W}{W}", "Instant", printed_names={"fr": ["Endurance"]}),
]


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_a_printed_name_spelt_as_printed_is_not_read_as_the_english_name_it_folds_to(
    kind: str, tmp_path: Path
) -> None:
    # "Désolation" is exactly the French Badlands; it is Desolation only with its accent dropped:
    # a name both readings fit is no reading
    if kind == "memory":
        store = CardStore.from_records(FALSE_FRIENDS)
    else:
        write_store(FALSE_FRIENDS, tmp_path / "cards.sqlite", meta={"source": "test"})
        store = CardStore.open(tmp_path / "cards.sqlite")
    result = store.resolve("Désolation")
    assert result.match == "ambiguous"
    assert set(result.suggestions) == {"Badlands", "Desolation"}
    # written as the English name in another case, it is the English card (a list's language
    # decides the rest: the engine's reading of a localized list)
    for written, oracle in [
        ("DESOLATION", "Desolation"),
        ("endurance", "Endurance"),
        ("Endurance", "Endurance"),
    ]:
        found = store.resolve(written)
        assert found.card is not None and found.card.name == oracle, (written, found)


@pytest.mark.parametrize(
    ("written", "oracle"),
    [
        ("Lim-Dûl&#39;s Vault", "Lim-Dûl's Vault"),
        ("Lim-D&ucirc;l&apos;s Vault", "Lim-Dûl's Vault"),
        ("Lim-Dûl&#x27;s Vault", "Lim-Dûl's Vault"),
        ("Fire &#47;&#47; Ice", "Fire // Ice"),
        ("Jace&#44; the Mind Sculptor", "Jace, the Mind Sculptor"),
    ],
)
def test_html_entities_of_a_copied_web_page_are_read_with_a_note(
    store: CardStore, written: str, oracle: str
) -> None:
    result = store.resolve(written)
    assert result.card is not None and result.card.name == oracle, result
    assert result.match == "normalized"  # DC012 says how it was read


def test_a_name_with_entities_is_read_as_the_name_they_spell(store: CardStore) -> None:
    assert store.resolve("Lightning &amp; Thunder").match == "unknown"
    spelt = store.resolve("Fire & Ice")  # (punctuation and spaces ignored: DC012 too)
    assert store.resolve("Fire &amp; Ice").card == spelt.card and spelt.match == "folded"


@pytest.mark.parametrize(
    "written",
    ["Lightning Bolt M10", "Lightning Bolt 146", "Lightning Bolt M10 146", "Lightning Bolt 2XM 146s"],
)
def test_a_set_code_or_number_glued_to_a_name_gets_the_card_as_did_you_mean(
    store: CardStore, written: str
) -> None:
    # never a reading: the whole may as well be a newer card's name
    result = store.resolve(written)
    assert result.card is None and result.match == "unknown"
    assert result.suggestions == ("Lightning Bolt",)
