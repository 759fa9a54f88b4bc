"""The lean batch checker (deckcheck.fastcheck): its facts, its scope, and that it is really used.

test_fast_equivalence.py holds its rows to the engine's. These tests make sure that holding is not
vacuous (the lean path takes the decks it is meant for, so the comparison compares something) and
that its per-card facts are the same whether a store kept them or they were computed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from deckcheck import batch, fastcheck
from deckcheck.card_facts import CardFacts, facts_builder, facts_of, facts_version
from deckcheck.cards.store import CardStore, bundled_cards_path, write_store
from deckcheck.deck import Zone
from deckcheck.decklist import parse_text
from deckcheck.decklist.fast import PlainDecks
from deckcheck.format_spec import FormatSpec
from tests.batch import deckgen

BUNDLED = CardStore.bundled()
_FIELDS = [name for name in CardFacts.__dataclass_fields__]


def _records() -> list[Any]:
    import json

    return list(json.loads(bundled_cards_path().read_text(encoding="utf-8"))["cards"])


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> CardStore:
    """The bundled cards as a SQLite store built the way `deckcheck cards import` builds one."""
    path = tmp_path_factory.mktemp("facts") / "cards.sqlite"
    write_store(
        _records(), path, meta={"source": "bundled", "updated_at": "2026-01-01"}, facts=facts_builder()
    )
    return CardStore.open(path)


def test_the_store_keeps_the_facts_the_checker_reads(stored: CardStore) -> None:
    assert facts_builder().version == facts_version()
    assert fastcheck.FactTable(stored).stored


def test_stored_facts_equal_computed_facts_for_every_bundled_card(stored: CardStore) -> None:
    from_store = fastcheck.FactTable(stored)
    computed = fastcheck.FactTable(BUNDLED)
    assert from_store.stored and not computed.stored
    names = [record["name"] for record in _records()]
    for name in names:
        a, b = from_store.exact(name), computed.exact(name)
        assert a is not None and b is not None, name
        for field in _FIELDS:
            assert getattr(a, field) == getattr(b, field), (name, field)


def test_card_columns_from_stored_facts_equal_those_from_cards(stored: CardStore) -> None:
    """load_decks and companion_table take a card's long-frame columns and companion masks from
    the store's facts when it keeps them: the same values as the facts computed from the card."""
    table = fastcheck.FactTable(stored)
    assert table.stored
    for record in _records():
        card = BUNDLED.card(record["name"])
        facts = table.exact(record["name"])
        assert card is not None and facts is not None, record["name"]
        computed = facts_of(card)
        assert batch.card_columns(facts) == batch.card_columns(computed), record["name"]
        companion = ("breaks", "named", "color_identity", "card_types", "rule_index", "name_keys")
        assert [getattr(facts, f) for f in companion] == [getattr(computed, f) for f in companion], record[
            "name"
        ]


def test_only_exact_oracle_names_have_facts(stored: CardStore) -> None:
    table = fastcheck.FactTable(stored)
    assert table.exact("Lightning Bolt") is not None
    for written in ("lightning bolt", "Lightning  Bolt", "Lightning Bolt ", "Blitzschlag", "Lightning Blot"):
        assert table.exact(written) is None, written  # the engine adds a finding for each: not lean


def _check(text_entries: list[tuple[int, str, Zone, int]], spec: FormatSpec) -> bool:
    rows = batch.BatchRows()
    sink = fastcheck.RowSink(
        rows.findings.add, rows.companions.add_block, rows.breakers.add, rows.summary.add, rows.metadata.add
    )
    taken = fastcheck.check_entries(sink, "d", "d", text_entries, spec, fastcheck.table_for(BUNDLED))
    if not taken:  # nothing half-written when the deck is handed back
        assert not len(rows.findings) and not len(rows.companions) and not len(rows.summary)
    return taken


M, S, C, P = Zone.MAIN, Zone.SIDEBOARD, Zone.COMMANDER, Zone.COMPANION
MODERN, COMMANDER, BRAWL = (batch.as_spec(name) for name in ("modern", "commander", "brawl"))


def _lines(*entries: tuple[int, str, Zone]) -> list[tuple[int, str, Zone, int]]:
    return [(q, n, z, i) for i, (q, n, z) in enumerate(entries, 1)]


TAKEN = {
    "plain Modern list": (MODERN, _lines((4, "Lightning Bolt", M), (56, "Mountain", M))),
    "a companion in a constructed sideboard": (
        MODERN,
        _lines((4, "Lightning Bolt", M), (56, "Mountain", M), (1, "Lurrus of the Dream-Den", S)),
    ),
    "one companion under Companion": (
        MODERN,
        _lines((1, "Lurrus of the Dream-Den", P), (4, "Lightning Bolt", M), (56, "Mountain", M)),
    ),
    "a banned card and too many copies": (MODERN, _lines((5, "Lightning Bolt", M), (4, "Mountain", S))),
    # names the store's resolver reads as one card: the engine's notes (DC012, DC013) come along
    "a name read after folding case": (MODERN, _lines((4, "lightning bolt", M), (56, "Mountain", M))),
    "a face name": (MODERN, _lines((4, "Bonecrusher Giant", M), (56, "Mountain", M))),
    "a name read with punctuation ignored": (
        MODERN,
        _lines((4, "Lightning Bolt", M), (56, "Mountain", M), (1, "Lurrus of the Dream Den", S)),
    ),
    "a face name as the commander": (
        COMMANDER,
        _lines((1, "Valki, God of Lies", C), (99, "Swamp", M)),
    ),
    # names the card data does not know: DC010, their rules not verified (deckcheck.unresolved)
    "an unknown card": (MODERN, _lines((4, "Lightning Blot", M), (56, "Mountain", M))),
    "an unknown card in the sideboard": (
        MODERN,
        _lines((4, "Lightning Bolt", M), (56, "Mountain", M), (5, "Orcish Bowmasters", S)),
    ),
    "an unknown card in a Commander deck": (
        COMMANDER,
        _lines((1, "Valki, God of Lies", C), (1, "Orcish Bowmasters", M), (98, "Swamp", M)),
    ),
    "nothing but unknown cards": (MODERN, _lines((60, "Snow-Covered Wastes of the Future", M))),
    "an unknown commander": (COMMANDER, _lines((1, "Kaheera the Unheard Of", C), (99, "Plains", M))),
    # entries without source lines, as an event document's
    "no source line": (MODERN, [(4, "Lightning Bolt", M, 0), (56, "Mountain", M, 0)]),
    # the maybeboard: read (its names noted, an unknown one reported), counted by no rule
    "a maybeboard": (MODERN, _lines((4, "Lightning Bolt", M), (1, "Mountain", Zone.MAYBEBOARD))),
    "an unknown card in the maybeboard": (
        MODERN,
        _lines((4, "Lightning Bolt", M), (56, "Mountain", M), (1, "Orcish Bowmasters", Zone.MAYBEBOARD)),
    ),
    "the commander again in the maybeboard": (
        COMMANDER,
        _lines((1, "Valki, God of Lies", C), (99, "Swamp", M), (1, "Valki, God of Lies", Zone.MAYBEBOARD)),
    ),
}
# shapes the lean path leaves to the engine, and why (fastcheck.handed_over)
HANDED_BACK = {
    "a localized printed name": (
        MODERN,
        _lines((4, "Blitzschlag", M), (56, "Mountain", M)),
        "a localized printed name",
    ),
    "one card written two ways, one a face name": (
        MODERN,
        _lines((2, "Bonecrusher Giant", M), (2, "Bonecrusher Giant // Stomp", M), (56, "Mountain", M)),
        "a card written two ways",
    ),
    "two copies of an unknown commander": (
        COMMANDER,
        _lines((2, "Kaheera the Unheard Of", C), (98, "Plains", M)),
        "copies of an unknown commander",
    ),
    "an unknown card under Companion": (
        MODERN,
        _lines((1, "Lurrus of the Dream Lair", P), (4, "Lightning Bolt", M), (56, "Mountain", M)),
        "an unknown companion",
    ),
    "a commander outside Commander": (
        MODERN,
        _lines((1, "Kaheera, the Orphanguard", C), (59, "Plains", M)),
        "a command zone outside Commander",
    ),
    "Commander without a commander": (COMMANDER, _lines((100, "Forest", M)), "no commander marked"),
    "two companions listed": (
        MODERN,
        _lines((1, "Lurrus of the Dream-Den", P), (1, "Kaheera, the Orphanguard", P), (60, "Plains", M)),
        "several companions listed",
    ),
    "two copies of a companion listed": (
        MODERN,
        _lines((2, "Lurrus of the Dream-Den", P), (60, "Plains", M)),
        "copies of a listed companion",
    ),
    "a card without companion ability under Companion": (
        MODERN,
        _lines((1, "Lightning Bolt", P), (60, "Mountain", M)),
        "a listed companion not of the ten",
    ),
    "a companion in a Commander sideboard": (
        COMMANDER,
        _lines((1, "Valki, God of Lies", C), (99, "Swamp", M), (1, "Lurrus of the Dream-Den", S)),
        "a companion in a Commander sideboard",
    ),
    "a companion as the commander": (
        COMMANDER,
        _lines((1, "Kaheera, the Orphanguard", C), (99, "Plains", M)),
        "a companion as commander",
    ),
}


@pytest.mark.parametrize("case", sorted(TAKEN))
def test_the_lean_path_takes_the_usual_shapes(case: str) -> None:
    spec, entries = TAKEN[case]
    assert _check(entries, spec)


@pytest.mark.parametrize("case", sorted(HANDED_BACK))
def test_rare_shapes_are_handed_to_the_engine(case: str) -> None:
    spec, entries, why = HANDED_BACK[case]
    assert not _check(entries, spec)
    decks = PlainDecks.of([entries])
    assert fastcheck.handed_over([("d", "d", spec)], decks, fastcheck.table_for(BUNDLED)) == {0: why}


@pytest.fixture
def lean_count(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """[decks the lean path took, decks handed back, of those taken: rows straight from the arrays
    (no finding), rows with messages, rows from the arrays with notes on names read by folding or
    a face] while the test runs."""
    counts = [0, 0, 0, 0, 0]
    original = fastcheck.check_decks

    def counting(
        sink: fastcheck.RowSink,
        decks: Any,
        entries: Any,
        table: fastcheck.FactTable,
        fallback: Callable[[int], None],
    ) -> int:
        handed_back: list[int] = []

        def engine(index: int) -> None:
            handed_back.append(index)
            fallback(index)

        taken = original(sink, decks, entries, table, engine)
        counts[0] += taken
        counts[1] += len(handed_back)
        return taken

    def counting_rows(kind: int, method: Callable[..., None]) -> Callable[..., None]:
        def counted(*args: Any) -> None:
            counts[kind] += 1
            method(*args)

        return counted

    monkeypatch.setattr(fastcheck, "check_decks", counting)
    monkeypatch.setattr(fastcheck._Chunk, "quiet_rows", counting_rows(2, fastcheck._Chunk.quiet_rows))
    monkeypatch.setattr(fastcheck._Chunk, "report", counting_rows(3, fastcheck._Chunk.report))
    monkeypatch.setattr(fastcheck._Chunk, "noted_rows", counting_rows(4, fastcheck._Chunk.noted_rows))
    yield counts


def test_the_lean_path_takes_nearly_every_realistic_deck(lean_count: list[int], stored: CardStore) -> None:
    """The benchmark-style corpus is what the lean path is for: if it fell back to the engine, the
    equivalence tests would compare the engine with itself. (The bundled card set has a few
    hundred cards; every realistic deck uses only them.)"""
    pool = deckgen.pool_for(stored)
    decks = deckgen.realistic(pool, 400, seed=11)
    contexts = {name: batch.BatchContext(stored, batch.as_spec(name)) for name in {f for *_, f in decks}}
    fmt = {deck_id: f for deck_id, _, f in decks}
    batch.validate_texts([(d, t) for d, t, _ in decks], lambda d: contexts[fmt[str(d)]], breakers=False)
    taken, handed_back, quiet, reported, noted = lean_count
    assert taken + handed_back == 400
    assert taken >= 0.95 * 400, lean_count
    # both ways a taken deck's rows are written are compared with the engine's
    assert quiet + reported == taken and not noted and quiet >= 0.1 * taken and reported >= 0.1 * taken, (
        lean_count
    )


def test_the_lean_path_takes_decks_named_as_real_lists_name_cards(lean_count: list[int]) -> None:
    """Front faces of adventure and double-faced cards, MTGO's spellings and cards newer than the
    data are what real lists write: the lean path takes such decks (with their notes, and the
    errors and undetermined rules of the unknown cards), so the equivalence tests over them
    compare it with the engine."""
    pool = deckgen.pool_for(BUNDLED)
    decks = deckgen.realistic_named(pool, 400, seed=12)
    contexts = {name: batch.BatchContext(BUNDLED, batch.as_spec(name)) for name in {f for *_, f in decks}}
    fmt = {deck_id: f for deck_id, _, f in decks}
    rows = batch.validate_texts(
        [(d, t) for d, t, _ in decks], lambda d: contexts[fmt[str(d)]], breakers=False
    )
    taken, _, quiet, reported, noted = lean_count
    assert taken >= 0.95 * 400, lean_count
    # every way a taken deck's rows are written is compared with the engine's
    assert quiet + reported + noted == taken and min(quiet, reported, noted) >= 0.05 * taken, lean_count
    codes = set(rows.findings.data["code"])
    assert {"DC012", "DC013"} <= codes  # the decks did name cards so
    # the same decks with a card the data does not know: the lean path takes the same ones
    modern = [(d, t) for d, t, f in decks[:40] if f == "modern"]
    lean_count[:] = [0, 0, 0, 0, 0]
    batch.validate_texts(modern, contexts["modern"])
    taken_before = lean_count[0]
    lean_count[:] = [0, 0, 0, 0, 0]
    unknown = [(d, re.sub(r"^(\d+ .*)$", r"\1\n1 Sneaky Snacker", t, count=1, flags=re.M)) for d, t in modern]
    rows = batch.validate_texts(unknown, contexts["modern"])
    assert lean_count[0] == taken_before >= 0.7 * len(unknown), (lean_count, taken_before)
    assert rows.summary.data["unknown_cards"] == (1,) * len(unknown)
    assert set(rows.summary.data["legal"]) <= {None, False}  # never a pass on an unknown card


def test_odd_shapes_reach_both_paths(lean_count: list[int]) -> None:
    """The odd shapes are split between the lean path and the engine, so the equivalence tests
    exercise the boundary from both sides."""
    pool = deckgen.pool_for(BUNDLED)
    rng = random.Random(5)
    decks = []
    for i, shape in enumerate(deckgen.ODD_SHAPES * 3):
        text = deckgen.make_text(pool, shape, rng, noise_rate=0.0)
        decks.append((f"{shape}-{i}", text, deckgen.SHAPES[shape].formats[0]))
    contexts = {name: batch.BatchContext(BUNDLED, batch.as_spec(name)) for name in {f for *_, f in decks}}
    fmt = {deck_id: f for deck_id, _, f in decks}
    batch.validate_texts([(d, t) for d, t, _ in decks], lambda d: contexts[fmt[str(d)]])
    taken, handed_back, *_ = lean_count
    assert taken >= len(decks) // 5 and handed_back >= len(decks) // 5, lean_count


def test_rows_stay_exact_when_the_reader_starts_a_new_line_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader's line table starts again when full (new name ids, a new names list): the lean
    checker's card codes by name id follow it, and every chunk still gives the engine's rows."""
    import deckcheck.decklist.fast as fast
    from tests.batch.test_fast_equivalence import assert_same_rows

    table = fast._Lines(limit=200)
    monkeypatch.setattr(fast, "_LINES", table)
    monkeypatch.setattr(batch, "LEAN_CHUNK", 25)
    first_names = table.names
    pool = deckgen.pool_for(BUNDLED)
    decks = deckgen.realistic(pool, 150, seed=23)
    context = batch.BatchContext(fresh_store(), MODERN)
    assert_same_rows([(d, t) for d, t, f in decks if f == "modern"], context, breakers=False)
    assert table.names is not first_names  # it did start again


def fresh_store() -> CardStore:
    return CardStore.from_json(bundled_cards_path())


def test_files_take_the_lean_path_with_what_their_reader_said(tmp_path: Path, lean_count: list[int]) -> None:
    """A UTF-8 file is read as text; one that needed a fallback encoding is parsed as parse_file
    parses it, and the lean path takes it too, with the reader's warning among its findings: the
    engine's rows either way."""
    (tmp_path / "burn.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    (tmp_path / "latin1.txt").write_bytes("4 Lightning Bolt\n56 Mountain\n// Caf\xe9\n".encode("latin-1"))
    sources = list(batch.path_sources([("a", tmp_path / "burn.txt"), ("b", tmp_path / "latin1.txt")]))
    assert isinstance(sources[0][2], str)  # plain UTF-8: the text itself
    assert not isinstance(sources[1][2], str)  # a latin-1 fallback warns: parsed, as parse_file does
    context = batch.BatchContext(BUNDLED, MODERN)
    rows = batch.check_texts(sources, context)
    assert len(rows.summary) == 2 and lean_count[0] == 2
    engine = batch.check_parsed_decks(
        [
            (deck_id, source if not isinstance(source, str) else parse_text(source, path))
            for deck_id, path, source in sources
        ],
        context,
    )
    for table in ("findings", "companions", "summary", "metadata"):
        assert list(getattr(rows, table).rows()) == list(getattr(engine, table).rows()), table
    assert any(row["deck_id"] == "b" and row["severity"] == "warning" for row in rows.findings.rows())


def test_the_companion_frame_takes_a_shortcut_only_when_rows_are_in_table_order() -> None:
    """frames builds the companions frame from the summary's deck ids and the table when every deck
    has its ten rows in order; any other layout takes the general conversion, with the same result."""
    import pandas as pd

    from deckcheck import frames

    rows = batch.validate_texts(
        [("a", "4 Lightning Bolt\n56 Mountain\n"), ("b", "60 Forest\n")], batch.BatchContext(BUNDLED, MODERN)
    )
    summary = frames._frame("summary", rows.summary, "str")
    expected = frames._frame("companions", rows.companions, "str")
    pd.testing.assert_frame_equal(frames._companion_rows_frame(rows.companions, summary), expected)
    shuffled = batch.Columns(batch.COMPANION_COLUMNS)
    for row in reversed(list(rows.companions.rows())):
        shuffled.add(tuple(row.values()))
    pd.testing.assert_frame_equal(
        frames._companion_rows_frame(shuffled, summary), frames._frame("companions", shuffled, "str")
    )
