"""Localized section headers (deckcheck.decklist.headers) and how the text parser reads them."""

from __future__ import annotations

from typing import Any

import pytest

from deckcheck.deck import LineKind, Zone
from deckcheck.decklist import parse_text
from deckcheck.decklist._grammar import HeaderKind, classify_header
from deckcheck.decklist.headers import (
    CARD_NAMED_ZONE_HEADERS,
    ENGLISH_ZONE_HEADERS,
    LOCALIZED_ZONE_HEADERS,
    ZONE_HEADERS,
    header_key,
    header_languages,
)

ISSUE_LANGUAGES = ("de", "fr", "it", "es", "pt", "ja", "zhs", "zht", "ko", "ru")
DECK_ZONES = (Zone.MAIN, Zone.SIDEBOARD, Zone.COMMANDER, Zone.COMPANION)


def test_every_issue_language_names_every_deck_zone() -> None:
    for lang in ISSUE_LANGUAGES:
        zones = LOCALIZED_ZONE_HEADERS[lang]
        assert [z for z in DECK_ZONES if not zones.get(z)] == [], lang


def test_no_word_names_two_zones() -> None:
    owner: dict[str, Zone] = {}
    clashes = []
    for zone, words in ZONE_HEADERS.items():
        for word in words:
            if owner.setdefault(word, zone) is not zone:
                clashes.append((word, owner[word], zone))
    assert clashes == []


ALL_WORDS = sorted(
    {
        (word, zone)
        for zones in LOCALIZED_ZONE_HEADERS.values()
        for zone, words in zones.items()
        for word in words
    }
    | {(word, zone) for zone, words in ENGLISH_ZONE_HEADERS.items() for word in words},
    key=str,
)


@pytest.mark.parametrize(("word", "zone"), ALL_WORDS, ids=[w for w, _ in ALL_WORDS])
def test_the_parser_reads_every_header(word: str, zone: Zone) -> None:
    for written in (word, word.upper(), f"{word}:", f"{word} (15)", f"[{word}]", f"{word.title()}:"):
        header = classify_header(written)
        assert header is not None and header.kind is HeaderKind.ZONE and header.zone is zone, written


@pytest.mark.parametrize(
    ("words", "zone"),
    [
        (("Sideboard", "Banca", "Réserve", "备牌"), Zone.SIDEBOARD),
        (("Commander", "Comandante", "指挥官"), Zone.COMMANDER),
        (("Companion", "Compagno", "行侣"), Zone.COMPANION),
    ],
)
def test_the_issue_examples(words: tuple[str, ...], zone: Zone) -> None:
    for word in words:
        header = classify_header(word)
        assert header is not None and header.zone is zone, word


def test_header_languages() -> None:
    assert header_languages("Comandante") == ("es", "it", "pt")
    assert header_languages("sideboard") == ("en", "de", "it")
    assert header_languages("行侣") == ("zhs",)
    assert header_languages("Blitzschlag") == ()
    assert header_key("  Main   Deck ") == "main deck"


def test_a_localized_arena_export_parses_into_zones() -> None:
    text = "指挥官\n1 复归国王肯理斯\n\n行侣\n1 丰饶泉源杰甘沙\n\n牌库\n1 闪电击\n\n备牌\n1 得享安息\n"
    parsed = parse_text(text, "zhs.txt")
    assert [(e.zone, e.name, e.line) for e in parsed.entries] == [
        (Zone.COMMANDER, "复归国王肯理斯", 2),
        (Zone.COMPANION, "丰饶泉源杰甘沙", 5),
        (Zone.MAIN, "闪电击", 8),
        (Zone.SIDEBOARD, "得享安息", 11),
    ]
    assert [n for n, line in enumerate(parsed.lines, start=1) if line.kind is LineKind.HEADER] == [
        1,
        4,
        7,
        10,
    ]
    assert parsed.problems == []


def test_a_companion_listed_twice_is_merged_in_italian() -> None:
    text = "Compagno\n1 Lurrus della Tana Onirica\n\nMazzo\n4 Fulmine\n\nBanca\n1 Lurrus della Tana Onirica\n"
    parsed = parse_text(text, "it.txt")
    assert [(e.zone, e.name, e.quantity) for e in parsed.entries if e.quantity] == [
        (Zone.COMPANION, "Lurrus della Tana Onirica", 1),
        (Zone.MAIN, "Fulmine", 4),
    ]
    assert [p.code for p in parsed.problems] == ["DC004"]


CARD_NAMED = [(word, zone) for zone, words in CARD_NAMED_ZONE_HEADERS.items() for word in words]


@pytest.mark.parametrize(("word", "zone"), CARD_NAMED, ids=[w for w, _ in CARD_NAMED])
def test_a_header_word_that_is_a_card_name_needs_brackets_a_colon_or_a_count(word: str, zone: Zone) -> None:
    """ "Library" (Ravnica: Clue Edition) and "Signature Spells" are card names: alone on a line they
    are a card, as "Conspiracy" is; marked as a section they are the header players write."""
    assert word not in ZONE_HEADERS[zone]
    for alone in (word, word.title(), word.upper()):
        assert classify_header(alone) is None, alone
    for written in (f"[{word.title()}]", f"{word.title()}:", f"{word.title()} (58)", f"{word.title()}: 58"):
        header = classify_header(written)
        assert header is not None and header.kind is HeaderKind.ZONE and header.zone is zone, written
    # a deck site's board or category names a section, never a card
    named = classify_header(word.title(), section=True)
    assert named is not None and named.zone is zone


def test_a_list_of_names_with_library_among_them_is_not_cut_into_zones() -> None:
    parsed = parse_text("4 Lightning Bolt\n\nSideboard\nDuress\nLibrary\nShock\n", "clue.txt")
    assert [(e.zone, e.name) for e in parsed.entries] == [
        (Zone.MAIN, "Lightning Bolt"),
        (Zone.SIDEBOARD, "Duress"),
        (Zone.SIDEBOARD, "Library"),
        (Zone.SIDEBOARD, "Shock"),
    ]
    marked = parse_text("Sideboard\n1 Duress\nLibrary:\n4 Lightning Bolt\n", "marked.txt")
    assert [(e.zone, e.name) for e in marked.entries] == [
        (Zone.SIDEBOARD, "Duress"),
        (Zone.MAIN, "Lightning Bolt"),
    ]


@pytest.mark.realdata
def test_no_header_is_a_card_name(atomic_records: list[dict[str, Any]]) -> None:
    """A count-less line is read as a header before it is read as a card: no header word may be the
    English or printed name of a card, or such a line would silently switch zones."""
    words = {word for zone_words in ZONE_HEADERS.values() for word in zone_words}
    hits: set[tuple[str, str]] = set()
    for record in atomic_records:
        names = [record["name"], *(face["name"] for face in record["faces"])]
        names += [name for printed in (record.get("printed_names") or {}).values() for name in printed]
        hits |= {(name, record["name"]) for name in names if header_key(name) in words}
    # the French name of Lead (Destined // Lead) is "Commander": the English header wins, as it must
    assert hits == {("Commander", "Destined // Lead")}
