"""A localized name typed without its accents ("Sarcophage abandonne" for the French "Sarcophage
abandonné"): such a name is no card (accents tell French words apart, so it is never read as one),
and its DC010 offers the printed name as written, with its card, in a list of any language (a store
built before it kept its printed names without accents: only in a list with printed names of that
language), through the engine and the batch path alike."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

from deckcheck.cards.store import UNACCENTED_META, CardStore, write_store
from deckcheck.decklist import parse_text
from deckcheck.engine import UNCOUNTED_UNKNOWN, UNKNOWN_CARD, check_parsed
from deckcheck.formats import get_format
from tests.batch.test_fast_equivalence import assert_same_rows, context_for
from tests.cardfactory import record
from tests.localization.stores import BACKENDS, store_of

LEGAL = {"modern": "legal"}
RECORDS = [
    record("Mountain", None, "Basic Land — Mountain", legal=LEGAL, printed_names={"fr": ["Montagne"]}),
    record("Lightning Bolt", "{R}", "Instant", legal=LEGAL, printed_names={"fr": ["Foudre"]}),
    record(
        "Abandoned Sarcophagus",
        "{3}",
        "Artifact",
        legal=LEGAL,
        printed_names={"fr": ["Sarcophage abandonné"], "de": ["Verlassener Sarkophag"]},
    ),
    record(
        "Abiding Grace", "{2}{W}", "Enchantment", legal=LEGAL, printed_names={"fr": ["Grâce irréductible"]}
    ),
]


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> CardStore:
    return store_of(RECORDS, request, tmp_path)


FRENCH = (
    "Deck\n4 Foudre\n52 Montagne\n4 Sarcophage abandonne\n"
    "Sideboard\n2 GRACE IRREDUCTIBLE\nMaybeboard\n1 Grace irreductible\n"
)


def test_a_french_name_typed_without_accents_gets_the_printed_name_as_did_you_mean(store: CardStore) -> None:
    report = check_parsed(parse_text(FRENCH, "fr.txt"), store, get_format("modern"))
    unknown = {
        f.location.line: f for f in report.findings if f.code in (UNKNOWN_CARD.code, UNCOUNTED_UNKNOWN.code)
    }
    assert sorted(unknown) == [4, 6, 8]
    assert unknown[4].message.startswith(
        "unknown card 'Sarcophage abandonne' (did you mean: Sarcophage abandonné (Abandoned Sarcophagus)?)"
    )
    assert dict(unknown[4].data)["suggestions"] == ["Sarcophage abandonné (Abandoned Sarcophagus)"]
    assert "did you mean: Grâce irréductible (Abiding Grace)?" in unknown[6].message
    assert unknown[8].code == UNCOUNTED_UNKNOWN.code  # the maybeboard's: a warning, with the same offer
    assert "did you mean: Grâce irréductible (Abiding Grace)?" in unknown[8].message
    assert report.legal is None  # never read as the card: not verified
    assert sorted(e.name for e in report.deck.unresolved) == [
        "GRACE IRREDUCTIBLE",
        "Grace irreductible",
        "Sarcophage abandonne",
    ]


ENGLISH = "Deck\n4 Lightning Bolt\n52 Mountain\n4 Sarcophage abandonne\n"
# a list with a German name (a stray), and a French one typed without accents
GERMAN_STRAY = "Deck\n4 Lightning Bolt\n52 Mountain\n4 Verlassener Sarkophag\n1 Sarcophage abandonne\n"
OFFER = "unknown card 'Sarcophage abandonne' (did you mean: Sarcophage abandonné (Abandoned Sarcophagus)?)"


def test_a_list_without_that_language_gets_the_offer_too(store: CardStore) -> None:
    """Regression: a list with no French name (in English, or with a German stray) offered nothing.
    A store keeps its printed names by their form without accents, so any list gets the offer in
    one lookup; still never read as the card."""
    for text in (ENGLISH, GERMAN_STRAY):
        report = check_parsed(parse_text(text, "deck.txt"), store, get_format("modern"))
        (finding,) = [f for f in report.findings if f.card == "Sarcophage abandonne"]
        assert finding.code == UNKNOWN_CARD.code and finding.message.startswith(OFFER), finding.message
        assert "Sarcophage abandonne" in [e.name for e in report.deck.unresolved]
        assert report.legal is None


@pytest.mark.parametrize("text", [ENGLISH, GERMAN_STRAY, FRENCH])
def test_no_language_s_printed_names_are_read_for_the_offer(
    text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The offer costs one lookup of the store's unaccented table, in a list of any language:
    reading a language's printed names (tenths of a second each) is left to stores without it."""
    write_store(RECORDS, tmp_path / "cards.sqlite", meta={"source": "test"})
    store = CardStore.open(tmp_path / "cards.sqlite")

    def refused(*_: object) -> None:
        raise AssertionError("a language's printed names were read")

    monkeypatch.setattr(type(store._backend), "accented_printed_in", refused)
    report = check_parsed(parse_text(text, "deck.txt"), store, get_format("modern"))
    assert any(f.message.startswith(OFFER) for f in report.findings)


def _store_built_before_the_table(path: Path) -> CardStore:
    write_store(RECORDS, path, meta={"source": "test"})
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("DELETE FROM meta WHERE key = ?", (UNACCENTED_META,))
        db.execute("DROP TABLE unaccented")
        db.commit()
    return CardStore.open(path)


def test_a_store_built_before_the_table_offers_only_in_a_list_of_that_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the table a language's printed names are read on its first ask, which only a list
    with printed names of that language makes: an English list gets no offer and reads none."""
    store = _store_built_before_the_table(tmp_path / "cards.sqlite")
    backend = type(store._backend)
    read = backend.accented_printed_in
    asked: list[str] = []

    def counted(self: object, lang: str) -> list[tuple[str, str]]:
        asked.append(lang)
        return read(self, lang)  # type: ignore[arg-type]

    monkeypatch.setattr(backend, "accented_printed_in", counted)
    english = check_parsed(parse_text(ENGLISH, "deck.txt"), store, get_format("modern"))
    assert not any("abandonné" in f.message for f in english.findings)
    assert asked == []
    french = check_parsed(parse_text(FRENCH, "fr.txt"), store, get_format("modern"))
    assert any(f.message.startswith(OFFER) for f in french.findings)
    assert asked == ["fr"]


# an English list with one French name, a stray (not read as its card), and one typed without accents
ENGLISH_WITH_A_STRAY = "Deck\n" + "1 Mountain\n" * 11 + "4 Lightning Bolt\n1 Foudre\n4 Sarcophage abandonne\n"


def test_a_list_with_a_stray_of_that_language_gets_the_offer_too(store: CardStore) -> None:
    """Regression: a list with one or two localized names (strays) offered no printed name. It
    gains the did-you-mean, and nothing else changes: the stray is still no card, nor is the name."""
    report = check_parsed(parse_text(ENGLISH_WITH_A_STRAY, "deck.txt"), store, get_format("modern"))
    unknown = {f.location.line: f for f in report.findings if f.code == UNKNOWN_CARD.code}
    assert sorted(unknown) == [14, 15]
    assert "the printed name of 'Lightning Bolt' in fr" in unknown[14].message  # the stray's own error
    assert unknown[15].message.startswith(
        "unknown card 'Sarcophage abandonne' (did you mean: Sarcophage abandonné (Abandoned Sarcophagus)?)"
    )
    assert sorted(e.name for e in report.deck.unresolved) == ["Foudre", "Sarcophage abandonne"]


def test_the_batch_path_reports_them_as_the_engine_does(store: CardStore) -> None:
    assert_same_rows(
        [("fr", FRENCH), ("stray", ENGLISH_WITH_A_STRAY), ("en", ENGLISH), ("de", GERMAN_STRAY)],
        context_for(store, "modern"),
    )


NAMES = ["Sarcophage abandonne", "GRACE IRREDUCTIBLE", "Grace irreductible", "Lightning Bolt", "No Such Card"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_names_looked_up_at_once_are_offered_as_one_by_one(backend: str, tmp_path: Path) -> None:
    """CardStore.unaccented_ahead (a batch's names of no card in one query) remembers what
    printed_unaccented reads of each name one by one, an empty answer too."""
    if backend == "memory":
        store, fresh = CardStore.from_records(RECORDS), CardStore.from_records(RECORDS)
    else:
        write_store(RECORDS, tmp_path / "cards.sqlite", meta={"source": "test"})
        store, fresh = CardStore.open(tmp_path / "cards.sqlite"), CardStore.open(tmp_path / "cards.sqlite")
    one_by_one = {name: fresh.printed_unaccented(name, None) for name in NAMES}
    assert one_by_one["Sarcophage abandonne"] == [("Sarcophage abandonné", "Abandoned Sarcophagus", "fr")]
    store.unaccented_ahead(NAMES)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(type(store._backend), "unaccented_rows", lambda *_: pytest.fail("looked up again"))
        assert {name: store.printed_unaccented(name, None) for name in NAMES} == one_by_one


def test_a_store_built_before_the_table_looks_nothing_up_at_once(tmp_path: Path) -> None:
    store = _store_built_before_the_table(tmp_path / "cards.sqlite")
    store.unaccented_ahead(NAMES)
    assert store.printed_unaccented("Sarcophage abandonne", None) == []
    assert store.printed_unaccented("Sarcophage abandonne", ["fr"]) == [
        ("Sarcophage abandonné", "Abandoned Sarcophagus", "fr")
    ]
