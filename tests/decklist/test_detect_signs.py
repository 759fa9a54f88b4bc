"""Format sniffing searches each line once per dialect with one combined pattern: it must match
exactly where one of the dialect's own signs matches, with each sign's own case rule."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.decklist._detect import _COMBINED_SIGNS, _TEXT_SIGNS

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
