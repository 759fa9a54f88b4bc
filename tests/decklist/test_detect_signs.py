"""Format sniffing searches each line once per dialect with one combined pattern: it must match
exactly where one of the dialect's own signs matches, with each sign's own case rule; a dialect's
signs are skipped on a text without a character they need, which changes no verdict."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.decklist import INPUT_FORMATS, _detect, detect_format
from deckcheck.decklist._decode import decode
from deckcheck.decklist._detect import _COMBINED_SIGNS, _SIGN_NEEDS, _TEXT_SIGNS, detected_as_one_of
from deckcheck.decklist._names import _QUOTES, _SEPARATOR, SPLIT_SEPARATOR, _has_letter, clean_name
from deckcheck.decklist.csv_format import looks_like_csv_header
from deckcheck.decklist.headers import LOCALIZED_ZONE_HEADERS
from tests.conftest import REALDATA

REPO = Path(__file__).resolve().parents[2]

FRAGMENTS = [
    "[Main]",
    "[metadata]",
    "4 Lightning Bolt|M10",
    "SB: 2 [M10:146] Lightning Bolt",
    "NAME:x",
    "LAYOUT MAIN:(1,1)",
    "1x Sol Ring (c21) 263 [Ramp{top}]",
    " ^Tag^",
    "Deck",
    "sideboard",
    "Sideboard",
    "Seitenbrett",
    "4 Bolt *F*",
    "1 Card #!tag",
    "4 Opt (XLN) 65",
    "sb: 1 Opt",
    "cmdr: Kenrith",
    "1 [M10] Bolt",
    "Bolt [M10:1]",
    "// comment",
    "# note",
    "4 Lightning Bolt",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=30)), min_size=1, max_size=4))
def test_combined_sign_matches_where_any_sign_does(pieces: list[str]) -> None:
    line = " ".join(pieces)
    for variant in (line, line.upper(), line.lower()):
        for (name, signs), (combined_name, combined) in zip(_TEXT_SIGNS, _COMBINED_SIGNS, strict=True):
            assert name == combined_name
            assert bool(combined.search(variant)) == any(sign.search(variant) for sign in signs), (
                name,
                variant,
            )


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=30)), min_size=1, max_size=4))
def test_a_sign_matches_only_lines_holding_a_character_it_needs(pieces: list[str]) -> None:
    """detect_format skips a dialect's signs on a text without any of the characters they need
    (_SIGN_NEEDS): a line one of them matches always holds one."""
    line = " ".join(pieces)
    for variant in (line, line.upper(), line.lower()):
        for (name, signs), needs in zip(_TEXT_SIGNS, _SIGN_NEEDS, strict=True):
            if needs and any(sign.search(variant) for sign in signs):
                assert any(char in variant for char in needs), (name, variant)


def _detect_trying_every_sign(text: str) -> str:
    """detect_format without the _SIGN_NEEDS skip."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_detect, "_SIGNS_AND_NEEDS", tuple((n, s, "") for n, s, _ in _detect._SIGNS_AND_NEEDS))
        return detect_format(text)


def _decklists() -> list[str]:
    """The repository's decklists, and ../shared/realdata's when present."""
    roots = [REPO / "data", REPO / "tests" / "fixtures", REALDATA / "decks"]
    texts = []
    for root in roots:
        for path in sorted(p for p in root.rglob("*") if p.is_file()) if root.is_dir() else ():
            text = decode(path.read_bytes()).text
            if text is not None:
                texts.append(text)
    assert len(texts) > 50
    return texts


def test_skipping_signs_changes_no_verdict_on_the_decklists() -> None:
    """The repository's decklists (and ../shared/realdata's when present) are read as the same
    format with and without the skip."""
    texts = _decklists()
    seen = set()
    for text in texts:
        found = detect_format(text)
        assert found == _detect_trying_every_sign(text)
        seen.add(found)
    assert {"mtgo", "arena", "plain"} <= seen, seen


# Sets of formats a caller may ask about: the dialects that read card lines alike (decklist.fast),
# one dialect, the dialects before Archidekt, every format but one, none
ASKED = (
    frozenset({"arena", "mtgo", "plain", "moxfield", "xmage"}),
    frozenset({"forge"}),
    frozenset({"forge", "xmage"}),
    frozenset({"mtgo"}),
    frozenset(INPUT_FORMATS) - {"arena"},
    frozenset(),
)


@pytest.mark.parametrize("names", ASKED, ids=lambda names: ",".join(sorted(names)) or "none")
def test_asking_for_some_formats_agrees_with_detection(names: frozenset[str]) -> None:
    """detected_as_one_of stops searching once the formats still possible all answer alike: the
    same answer as detect_format's verdict, on every decklist and on texts of each dialect."""
    samples = [
        "[metadata]\nName=x\n[Main]\n4 Bolt|M10\n",
        "4 [M10:146] Lightning Bolt\nNAME:x\n",
        "1x Sol Ring (c21) 263 [Ramp{top}]\n",
        "Deck\n4 Lightning Bolt\n",
        "4 Bolt *F*\n",
        "4 Opt (XLN) 65\n",
        "// comment\n4 Lightning Bolt\n",
        "4 Lightning Bolt\n",
        "Count,Name\n4,Lightning Bolt\n",
        "",
    ]
    seen = set()
    for text in [*samples, *_decklists()]:
        found = detect_format(text)
        seen.add(found)
        assert detected_as_one_of(text, names) == (found in names), (found, text[:200])
    assert {"forge", "xmage", "archidekt", "arena", "moxfield", "plain", "mtgo", "csv"} <= seen


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=20) | st.text(max_size=12))
def test_name_cleanup_shortcuts(name: str) -> None:
    """clean_name and name_problem's shortcuts for ASCII names give what the general path does."""
    assert clean_name(name) == _general_clean_name(name)
    assert _has_letter(name) == any(ch.isalpha() for ch in name)


def _general_clean_name(name: str) -> str:
    text = " ".join(name.translate(_QUOTES).split())
    if "/" in text:
        parts = _SEPARATOR.split(text)
        if all(parts):
            text = SPLIT_SEPARATOR.join(parts)
    return text


def test_localized_header_lookahead_lets_every_header_start_through() -> None:
    """The Arena sign's first-letter lookahead (_LOCALIZED_HEADER_STARTS) accepts exactly the
    characters a header word's own first letter matches, case-insensitively, over all of Unicode."""
    firsts = {
        re.escape(word[0])
        for zones in LOCALIZED_ZONE_HEADERS.values()
        for words in zones.values()
        for word in words
    }
    word_start = re.compile("|".join(sorted(firsts)), re.IGNORECASE)
    lookahead = re.compile("[" + _detect._LOCALIZED_HEADER_STARTS + "]", re.IGNORECASE)
    for code in range(0x110000):
        char = chr(code)
        assert bool(lookahead.match(char)) == bool(word_start.match(char)), hex(code)


CSV_PIECES = [
    "Count",
    "Quantity",
    "Name",
    "Card Name",
    "card",
    "Board",
    "Section",
    "//",
    '"',
    ",",
    ";",
    "\t",
    " ",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(CSV_PIECES), st.text(max_size=6)), max_size=8).map("".join))
def test_a_csv_header_passes_the_quick_check(line: str) -> None:
    """detect_format asks csv_format about a first line only when _may_be_csv_header lets it
    through: every line looks_like_csv_header takes must pass."""
    if looks_like_csv_header(line):
        assert _detect._may_be_csv_header(line), line
    assert looks_like_csv_header("section,count,name")
    assert not _detect._may_be_csv_header("// NAME: Burn")


def test_html_tags_in_a_decklists_comments_do_not_make_it_a_page() -> None:
    text = "// Burn: <a few> notes, <p>lay</p> fast\n# <a lot>\n4 Lightning Bolt\n20 Mountain\n"
    assert detect_format(text) == "plain"  # (a text list with comment lines)
    # an HTML page or script is one still, comments and all
    assert (
        detect_format("// saved page\n<div><table><tr><td>4 Lightning Bolt</td></tr></table></div>\n")
        == "html"
    )
    assert detect_format("// <a>\n(function() { elem.innerHTML = '<div><table><tr>' })") == "html"
