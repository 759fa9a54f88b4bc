"""The engine resolving a deck through its card store's stored facts (a run of many files,
Session.FACTS_RUN_FILES, or a file of many entries, FACTS_FILE_ENTRIES: no card object built for a
card written as its oracle name) gives exactly the reports it gives reading the cards."""

from __future__ import annotations

import datetime as dt
import json
import pickle
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deckcheck import card_facts, session
from deckcheck.card_facts import FactsByName
from deckcheck.cards.store import CardStore, FactsBuilder, bundled_cards_path, write_store
from deckcheck.cli import cli
from deckcheck.deck import DeckCard, Entry, ParsedDeck, Zone, deck_card_of_facts
from deckcheck.engine import Report, check_parsed
from deckcheck.format_spec import FormatSpec
from deckcheck.formats import get_format, load_registry
from deckcheck.history import with_as_of
from deckcheck.rules.companions import COMPANIONS
from deckcheck.session import parse_item_decks

REPO = Path(__file__).resolve().parent.parent
BUNDLED: list[dict[str, Any]] = json.loads(bundled_cards_path().read_text(encoding="utf-8"))["cards"]
DECKLISTS = sorted(
    [*(REPO / "data" / "decks").rglob("*.txt"), *(REPO / "tests" / "fixtures" / "decklists").glob("*.*")]
)


@pytest.fixture(scope="module")
def store_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled cards in a SQLite store with their facts, as `deckcheck cards import` builds one."""
    path = tmp_path_factory.mktemp("facts-store") / "cards.sqlite"
    write_store(BUNDLED, path, meta={"source": "test"}, facts=card_facts.facts_builder())
    return path


def _parsed_decks() -> list[ParsedDeck]:
    decks = [deck for path in DECKLISTS for deck in parse_item_decks(str(path), None) if deck.entries]
    odd = ParsedDeck("odd.txt", "plain")  # names written otherwise, unknown and ambiguous names
    odd.entries = [
        Entry(4, "lightning bolt", Zone.MAIN, line=1),
        Entry(2, "Bonecrusher Giant", Zone.MAIN, line=2),
        Entry(1, "Lurrus of the Dream Den", Zone.SIDEBOARD, line=3),
        Entry(3, "Orcish Bowmasters", Zone.MAIN, line=4),
        Entry(50, "Mountain", Zone.MAIN, line=5),
        Entry(1, "Lightning Bolt", Zone.SIDEBOARD, line=6),
    ]
    # a command zone of many entries, an unknown one among them: each ineligible commander asks
    # whether it is a Background (half of a pair, then), from its facts
    crowded = ParsedDeck("crowded.txt", "plain")
    crowded.entries = [
        Entry(1, "Raised by Giants", Zone.COMMANDER, line=1),
        Entry(1, "Lightning Bolt", Zone.COMMANDER, line=2),
        Entry(1, "Criminal Past", Zone.COMMANDER, line=3),
        Entry(1, "Not A Card In Any Set", Zone.COMMANDER, line=4),
        Entry(96, "Mountain", Zone.MAIN, line=5),
    ]
    return [*decks, odd, crowded]


def _specs() -> list[FormatSpec | None]:
    registry = list(load_registry(()).values())
    return [None, *registry, with_as_of(get_format("modern"), dt.date(2020, 6, 1))]


def _record(report: Report) -> tuple[Any, ...]:
    """Everything a report says: its findings (with their data), companions, status, and each
    entry's zone and card as checked."""
    deck = report.deck
    entries = [(dc.entry, dc.oracle_name) for dc in deck.cards]
    return (
        report.findings,
        report.companions,
        report.status,
        report.format,
        report.inferred_because,
        entries,
        deck.unresolved,
    )


def test_reports_through_facts_are_the_reports_of_the_cards(store_path: Path) -> None:
    store = CardStore.open(store_path)
    facts = FactsByName.of(store)
    assert facts is not None
    checked = 0
    for parsed in _parsed_decks():
        for spec in _specs():
            expected = _record(check_parsed(parsed, store, spec))
            assert _record(check_parsed(parsed, store, spec, facts=facts)) == expected, (parsed.path, spec)
            checked += 1
    assert checked > 500


def test_a_card_named_exactly_is_not_built(store_path: Path) -> None:
    """Only the companions the evaluation looks up (to see whether a format bans them) are built."""
    store = CardStore.open(store_path)
    (parsed,) = parse_item_decks(str(REPO / "data" / "decks" / "modern-burn.txt"), None)
    report = check_parsed(parsed, store, get_format("modern"), facts=FactsByName.of(store))
    assert report.deck.cards and set(store._cards) <= {rule.name for rule in COMPANIONS}
    assert all(dc.card.name == dc.oracle_name for dc in report.deck.cards)  # read when asked for


def test_a_command_zone_of_cards_named_exactly_builds_no_card(store_path: Path) -> None:
    """Commander eligibility, Backgrounds included, is read from the facts: a file of thousands of
    card names read as a command zone builds no card object per entry."""
    store = CardStore.open(store_path)
    (crowded,) = [deck for deck in _parsed_decks() if deck.path == "crowded.txt"]
    report = check_parsed(crowded, store, get_format("commander"), facts=FactsByName.of(store))
    assert set(store._cards) <= {rule.name for rule in COMPANIONS}
    not_commanders = {f.card for f in report.findings if f.code == "DC301"}
    assert not_commanders == {"Lightning Bolt"}  # the Backgrounds may be half of a pair


@pytest.mark.parametrize("made_by", ["constructor", "slots"])
def test_a_deck_card_read_through_facts_is_the_card(store_path: Path, made_by: str) -> None:
    """A DeckCard of facts (its constructor's, or deck_card_of_facts's, the engine's) equals, hashes,
    prints and pickles as the DeckCard of the card, and reads the card when asked."""
    store = CardStore.open(store_path)
    facts = FactsByName.of(store)
    assert facts is not None
    bolt = facts.exact("Lightning Bolt")
    assert bolt is not None and facts.exact("lightning bolt") is None  # (not its oracle name)
    entry = Entry(4, "Lightning Bolt", Zone.MAIN, line=3)
    if made_by == "constructor":
        lazy = DeckCard(entry, facts=bolt, read_card=store.card)
    else:
        lazy = deck_card_of_facts(entry, bolt, store.card)
    assert type(lazy) is DeckCard and lazy.facts is bolt and lazy.entry is entry
    card = store.card("Lightning Bolt")
    assert card is not None
    plain = DeckCard(entry, card)
    assert lazy == plain and hash(lazy) == hash(plain) and repr(lazy) == repr(plain)
    assert pickle.loads(pickle.dumps(lazy)) == plain
    moved = lazy.with_entry(Entry(4, "Lightning Bolt", Zone.SIDEBOARD, line=3))
    assert moved.facts is bolt and moved.zone is Zone.SIDEBOARD
    with pytest.raises(AttributeError):
        lazy.entry = entry
    with pytest.raises(TypeError):
        DeckCard(entry)


def test_facts_are_read_only_from_a_store_of_this_version(tmp_path: Path) -> None:
    assert FactsByName.of(CardStore.bundled()) is None  # a JSON card set keeps none
    other = tmp_path / "other.sqlite"
    write_store(
        BUNDLED,
        other,
        meta={"source": "test"},
        facts=FactsBuilder("older-1", card_facts.facts_builder().compute),
    )
    assert FactsByName.of(CardStore.open(other)) is None


@pytest.fixture
def facts_asked(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """One item per time a run asks for its store's facts (Session.facts, which still answers)."""
    asked: list[bool] = []
    real_facts = session.Session.facts

    def facts(self: session.Session, store: CardStore) -> FactsByName | None:
        asked.append(True)
        return real_facts(self, store)

    monkeypatch.setattr(session.Session, "facts", facts)
    return asked


@pytest.mark.parametrize(
    ("files", "through_facts"), [(session.FACTS_RUN_FILES - 1, False), (session.FACTS_RUN_FILES, True)]
)
def test_a_run_of_many_files_reads_the_facts(
    store_path: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    facts_asked: list[bool],
    files: int,
    through_facts: bool,
) -> None:
    """A folder run of at least FACTS_RUN_FILES files resolves through the facts; its output is
    the same byte for byte as a run that reads the cards."""
    folder = tmp_path / "decks"
    folder.mkdir()
    sources = sorted((REPO / "data" / "decks").rglob("*.txt"))
    for i in range(files):
        source = sources[i % len(sources)]
        (folder / f"{i:03d}-{source.name}").write_bytes(source.read_bytes())
    args = ["check", "--no-config", "--card-db", str(store_path), "-v", "-o", "json", str(folder)]
    through = CliRunner().invoke(cli, args)
    assert bool(facts_asked) is through_facts
    monkeypatch.setattr(session, "FACTS_RUN_FILES", 10**9)
    cards = CliRunner().invoke(cli, args)
    assert (through.exit_code, through.output) == (cards.exit_code, cards.output)


@pytest.mark.parametrize(
    ("entries", "through_facts"),
    [(session.FACTS_FILE_ENTRIES - 1, False), (session.FACTS_FILE_ENTRIES, True)],
)
def test_one_file_of_many_entries_reads_the_facts(
    store_path: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    facts_asked: list[bool],
    entries: int,
    through_facts: bool,
) -> None:
    """One file naming at least FACTS_FILE_ENTRIES entries (a cube, a collection export) resolves
    through the facts too; its output is the same byte for byte as reading the cards."""
    names = sorted(record["name"] for record in BUNDLED)
    assert len(names) >= entries
    cube = tmp_path / "cube.txt"
    cube.write_text("".join(f"1 {name}\n" for name in names[:entries]), encoding="utf-8")
    args = ["check", "--no-config", "--card-db", str(store_path), "-v", "-o", "json", str(cube)]
    through = CliRunner().invoke(cli, args)
    assert bool(facts_asked) is through_facts
    monkeypatch.setattr(session, "FACTS_FILE_ENTRIES", 10**9)
    facts_asked.clear()
    cards = CliRunner().invoke(cli, args)
    assert not facts_asked
    assert (through.exit_code, through.output) == (cards.exit_code, cards.output)


@pytest.mark.realdata
@pytest.mark.slow  # ~1 min: the real card pool's facts are computed for the store first
def test_real_decklists_through_facts(
    realdata: Path, atomic_records: list[dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A fixed sample of the real decklists (unknown names, localized names, MTGO event files,
    Commander lists written as MTGO writes them), inferred, as Modern and as Commander, against the
    real cards in a store with their facts."""
    path = tmp_path_factory.mktemp("real-facts") / "cards.sqlite"
    write_store(atomic_records, path, meta={"source": "MTGJSON"}, facts=card_facts.facts_builder())
    store = CardStore.open(path)
    facts = FactsByName.of(store)
    assert facts is not None
    files = sorted(p for p in (realdata / "decks").rglob("*") if p.is_file())[::15]
    specs = [None, get_format("modern"), get_format("commander")]
    checked = 0
    for file in files:
        for parsed in parse_item_decks(str(file), None):
            for spec in specs:
                expected = _record(check_parsed(parsed, store, spec))
                assert _record(check_parsed(parsed, store, spec, facts=facts)) == expected, (file, spec)
                checked += 1
    assert checked > 300
