"""A deck written in Chinese, German or Italian validates exactly like the same deck in English: the
same findings (code, line, zone, severity, oracle card) and the same companion table.

Each English deck is written out as an Arena export; its translation is the same export with every
card name replaced by a printed name of the card in that language (where the card data has one that
names this card alone) and every section header by the language's header. Both go through the
whole pipeline (parse -> resolve -> format rules -> companions) against the same store: the real
MTGJSON AtomicCards (realdata), or the bundled card set with its localized names (always).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.store import CardStore
from deckcheck.deck import Zone
from deckcheck.decklist import parse_file, parse_text
from deckcheck.engine import FACE_NAME, NORMALIZED_NAME, PRINTED_NAME, Report, check_parsed
from deckcheck.formats import get_format

REPO = Path(__file__).resolve().parents[2]
DECKS = REPO / "data" / "decks"
LOCALIZED_DECKS = DECKS / "localized"
LANGUAGES = ("de", "it", "zhs")
ZONE_ORDER = (Zone.COMMANDER, Zone.COMPANION, Zone.MAIN, Zone.SIDEBOARD)

# The header each export uses, one word per zone (all in deckcheck.decklist.headers).
HEADERS: dict[str, dict[Zone, str]] = {
    "en": {
        Zone.COMMANDER: "Commander",
        Zone.COMPANION: "Companion",
        Zone.MAIN: "Deck",
        Zone.SIDEBOARD: "Sideboard",
    },
    "de": {
        Zone.COMMANDER: "Kommandeur",
        Zone.COMPANION: "Gefährte",
        Zone.MAIN: "Deck",
        Zone.SIDEBOARD: "Sideboard",
    },
    "it": {
        Zone.COMMANDER: "Comandante",
        Zone.COMPANION: "Compagno",
        Zone.MAIN: "Mazzo",
        Zone.SIDEBOARD: "Banca",
    },
    "zhs": {Zone.COMMANDER: "指挥官", Zone.COMPANION: "行侣", Zone.MAIN: "牌库", Zone.SIDEBOARD: "备牌"},
}

Entries = list[tuple[Zone, int, str]]


@dataclass(frozen=True)
class EnglishDeck:
    name: str
    format: str
    entries: Entries  # (zone, quantity, English name as written)


def deck_from_file(path: Path, fmt: str | None = None) -> EnglishDeck:
    parsed = parse_file(path)
    assert not [p for p in parsed.problems if p.severity == "error"], path
    entries = [(e.zone, e.quantity, e.name) for e in parsed.entries if e.zone in ZONE_ORDER]
    return EnglishDeck(path.stem, fmt or parsed.metadata["format"], entries)


def arena_text(entries: Entries, lang: str, rename: Callable[[str], str] = str) -> str:
    """An Arena export: one section per zone, in Arena's order, the header in ``lang``."""
    blocks = []
    for zone in ZONE_ORDER:
        lines = [f"{quantity} {rename(name)}" for z, quantity, name in entries if z is zone]
        if lines:
            blocks.append("\n".join([HEADERS[lang][zone], *lines]))
    return "\n\n".join(blocks) + "\n"


def translator(store: CardStore, lang: str) -> Callable[[str], str]:
    """English name -> a printed name in ``lang`` that resolves to this card alone (a name shared
    with another card would be, rightly, ambiguous); the English name when there is none."""
    cache: dict[str, str] = {}

    def rename(name: str) -> str:
        if name not in cache:
            cache[name] = name
            card = store.resolve(name, suggest=False).card
            if card is None:
                return name
            for candidate in dict(card.printed_names).get(lang, ()):
                back = store.resolve(candidate, suggest=False)
                if back.match == "printed" and back.card is not None and back.card.name == card.name:
                    cache[name] = candidate
                    break
        return cache[name]

    return rename


# How a name matched its card (DC012 normalized, DC013 a face name, DC014 a printed name) depends on
# the language it is written in, not on the deck: the only findings that may differ.
NAME_MATCH_CODES = frozenset({NORMALIZED_NAME.code, FACE_NAME.code, PRINTED_NAME.code})


def finding_keys(report: Report) -> list[tuple[Any, ...]]:
    return sorted(
        (f.code, f.location.line, f.location.section, int(f.severity), f.card or "", f.rule or "")
        for f in report.findings
        if f.code not in NAME_MATCH_CODES
    )


def companion_table(report: Report) -> list[tuple[Any, ...]]:
    return [
        (
            c.companion,
            c.eligible,
            c.declared,
            tuple((b.card, b.line, b.zone, b.quantity) for b in c.breakers),
            c.cut,
            c.add,
            len(c.placement),
        )
        for c in report.companions
    ]


def deck_contents(report: Report) -> list[tuple[str, str, int, int]]:
    return sorted((str(c.entry.zone), c.card.name, c.quantity, c.entry.line) for c in report.deck.cards)


@dataclass(frozen=True)
class Comparison:
    english: Report
    localized: Report
    translated: int  # distinct cards written in the language
    cards: int  # distinct cards in the deck
    translated_lines: frozenset[int]  # lines whose card name is written in the language


def compare(deck: EnglishDeck, store: CardStore, lang: str) -> Comparison:
    spec = get_format(deck.format)
    rename = translator(store, lang)
    path = f"{deck.name}.txt"
    english_parsed = parse_text(arena_text(deck.entries, "en"), path)
    localized_parsed = parse_text(arena_text(deck.entries, lang, rename), path)
    english_names = {e.line: e.name for e in english_parsed.entries}
    translated_lines = frozenset(e.line for e in localized_parsed.entries if e.name != english_names[e.line])
    names = {name for _z, _q, name in deck.entries}
    return Comparison(
        check_parsed(english_parsed, store, spec),
        check_parsed(localized_parsed, store, spec),
        sum(1 for n in names if rename(n) != n),
        len(names),
        translated_lines,
    )


def lines_with(report: Report, *codes: str) -> set[int]:
    return {f.location.line for f in report.findings if f.code in codes}


def assert_identical(comparison: Comparison, lang: str) -> None:
    english, localized = comparison.english, comparison.localized
    assert deck_contents(localized) == deck_contents(english)
    assert finding_keys(localized) == finding_keys(english)
    assert companion_table(localized) == companion_table(english)
    assert localized.eligible_companions() == english.eligible_companions()
    assert localized.legal == english.legal
    # one DC014 per line written in the language, naming that language; a line left in English
    # keeps the name-match finding it had
    assert lines_with(localized, PRINTED_NAME.code) == comparison.translated_lines
    printed = [f for f in localized.findings if f.code == PRINTED_NAME.code]
    assert all(lang in str(dict(f.data or ()).get("language")).split(",") for f in printed)
    kept = lines_with(english, NORMALIZED_NAME.code, FACE_NAME.code) - comparison.translated_lines
    assert lines_with(localized, NORMALIZED_NAME.code, FACE_NAME.code) == kept


def assert_written_names_shown(comparison: Comparison) -> None:
    """Findings about a translated card name it as written, with the oracle name beside it (the
    notes of how a name matched its card say both names already)."""
    written = {
        c.card.name: c.entry.name for c in comparison.localized.deck.cards if c.entry.name != c.card.name
    }
    about_translated = [
        f for f in comparison.localized.findings if f.card in written and f.code not in NAME_MATCH_CODES
    ]
    for finding in about_translated:
        assert f"{written[finding.card or '']} [{finding.card}]" in finding.message, finding.message


# -- the bundled card set (no real data needed) ------------------------------------------------------
BUNDLED_DECKS = ("modern-burn", "modern-keruga", "pioneer-lurrus-illegal", "commander-kenrith")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("deck_name", BUNDLED_DECKS)
def test_bundled_decks_validate_identically(deck_name: str, lang: str) -> None:
    store = CardStore.bundled()
    deck = deck_from_file(DECKS / f"{deck_name}.txt")
    comparison = compare(deck, store, lang)
    assert comparison.translated >= 3, f"only {comparison.translated} cards have a {lang} name"
    assert_identical(comparison, lang)
    assert_written_names_shown(comparison)


def test_bundled_modern_burn_is_fully_translated() -> None:
    store = CardStore.bundled()
    deck = deck_from_file(DECKS / "modern-burn.txt")
    main = EnglishDeck(deck.name, deck.format, [e for e in deck.entries if e[0] is Zone.MAIN])
    for lang in LANGUAGES:
        comparison = compare(main, store, lang)
        assert comparison.translated == comparison.cards == 17, lang
        assert_identical(comparison, lang)


def test_a_localized_finding_names_both() -> None:
    # Lurrus is banned in Pioneer: the Chinese list hears it about 梦巢猫魇路拉斯, oracle name beside it.
    comparison = compare(deck_from_file(DECKS / "pioneer-lurrus-illegal.txt"), CardStore.bundled(), "zhs")
    banned = [
        f for f in comparison.localized.findings if f.card == "Lurrus of the Dream-Den" and f.code[2] == "2"
    ]
    assert banned and all("梦巢猫魇路拉斯 [Lurrus of the Dream-Den]" in f.message for f in banned)
    assert any(f.card == "Lurrus of the Dream-Den" for f in comparison.english.findings if f.code[2] == "2")


def _example_pairs() -> list[tuple[Path, Path]]:
    pairs = []
    for path in sorted(LOCALIZED_DECKS.glob("*.txt")):
        english_name = path.name.split(".")[0] + ".txt"
        pairs.append((path, DECKS / english_name))
    return pairs


@pytest.mark.parametrize(("localized_path", "english_path"), _example_pairs(), ids=lambda p: p.name)
def test_example_translations_validate_like_their_originals(localized_path: Path, english_path: Path) -> None:
    """data/decks/localized/NAME.LANG.txt is data/decks/NAME.txt in LANG: same cards, same findings."""
    store = CardStore.bundled()
    english_parsed, localized_parsed = parse_file(english_path), parse_file(localized_path)
    assert localized_parsed.metadata.get("format") == english_parsed.metadata.get("format")
    spec = get_format(english_parsed.metadata["format"])
    english = check_parsed(english_parsed, store, spec)
    localized = check_parsed(localized_parsed, store, spec)

    def contents(report: Report) -> list[tuple[str, str, int]]:
        return sorted((str(c.entry.zone), c.card.name, c.quantity) for c in report.deck.cards)

    def keys(report: Report) -> list[tuple[str, str, str]]:
        return sorted(
            (f.code, f.location.section or "", f.card or "") for f in report.findings if f.code != "DC014"
        )

    assert contents(localized) == contents(english)
    assert keys(localized) == keys(english)
    assert [(c.companion, c.eligible) for c in localized.companions] == [
        (c.companion, c.eligible) for c in english.companions
    ]
    assert any(f.code == "DC014" for f in localized.findings)


def test_there_are_example_translations() -> None:
    langs = {path.name.split(".")[1] for path, _ in _example_pairs()}
    assert set(LANGUAGES) <= langs


# -- real data: MTGJSON AtomicCards, every printed name it has ----------------------------------------
@pytest.fixture(scope="module")
def atomic_store(real_store: CardStore) -> CardStore:
    return real_store


def _realdata_decks() -> list[tuple[str, Callable[[Path], EnglishDeck]]]:
    arena = "decks/bluelovers_mtg-decklist-parser/example/doom - companion.txt"
    return [
        ("modern-burn", lambda _root: deck_from_file(DECKS / "modern-burn.txt")),
        ("modern-keruga", lambda _root: deck_from_file(DECKS / "modern-keruga.txt")),
        ("pioneer-lurrus-illegal", lambda _root: deck_from_file(DECKS / "pioneer-lurrus-illegal.txt")),
        ("legacy-zirda-companion", lambda _root: deck_from_file(DECKS / "legacy-zirda-companion.txt")),
        ("commander-kenrith", lambda _root: deck_from_file(DECKS / "commander-kenrith.txt")),
        ("commander-partners", lambda _root: deck_from_file(DECKS / "commander-partners.txt")),
        # a real Arena export with Yorion as companion (and in the deck)
        ("arena-yorion", lambda root: deck_from_file(root / arena, "historic")),
    ]


@pytest.mark.realdata
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("deck_name", "load"), _realdata_decks(), ids=[n for n, _ in _realdata_decks()])
def test_real_decks_validate_identically(
    deck_name: str,
    load: Callable[[Path], EnglishDeck],
    lang: str,
    atomic_store: CardStore,
    realdata: Path,
) -> None:
    deck = load(realdata)
    comparison = compare(deck, atomic_store, lang)
    # nearly every card of these decks has a printed name in all three languages
    assert comparison.translated >= 0.8 * comparison.cards, (comparison.translated, comparison.cards)
    assert_identical(comparison, lang)
    assert_written_names_shown(comparison)


@pytest.mark.realdata
def test_a_real_chinese_reprint_name_is_ambiguous(atomic_store: CardStore) -> None:
    """屠戮亚龙 names both Carnage Wurm and Massacre Wurm in Simplified Chinese: reported, not guessed."""
    resolution = atomic_store.resolve("屠戮亚龙")
    assert resolution.match == "ambiguous" and resolution.card is None
    assert set(resolution.suggestions) == {"Carnage Wurm", "Massacre Wurm"}
    report = check_parsed(parse_text("牌库\n4 屠戮亚龙\n", "zhs.txt"), atomic_store, get_format("modern"))
    ambiguous = [f for f in report.findings if f.code == "DC011"]
    assert len(ambiguous) == 1 and ambiguous[0].location.line == 2
    assert "Carnage Wurm" in ambiguous[0].message and "Massacre Wurm" in ambiguous[0].message
