"""Card-name keys: the shortcut for names already clean gives what the general path gives."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import example, given, settings
from hypothesis import strategies as st

from deckcheck.cards import names
from deckcheck.cards.names import clean_name, printed_key

# names: words of printable ASCII, and between them the gaps the general path tidies (spaces,
# slashes, backticks, controls) or characters it rewrites (curly quotes, ligatures, dashes, other
# spaces, accents)
_WORDS = st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=8)
_TRICKY = [*"’‘ʼ“”ÆæŒœ–‐‑\u00a0\u2009\u3000\u0301éÉﬁＡ", "\t", "\n", "\x1f", "\x7f"]
_GAPS = st.sampled_from(["", " ", "  ", "/", " // ", "///", "`", *_TRICKY])
_NAMES = st.lists(st.tuples(_GAPS, _WORDS), max_size=4).map(lambda parts: "".join(map("".join, parts)))


def _general_clean_name(name: str) -> str:
    text = unicodedata.normalize("NFC", name).translate(names._TRANSLATE)
    text = re.sub(r"\s*/{1,3}\s*", " // ", text)
    return re.sub(r"\s+", " ", text).strip()


def _general_printed_key(name: str) -> str:
    text = unicodedata.normalize("NFKC", name).translate(names._TRANSLATE)
    text = re.sub(r"\s*/{1,3}\s*", " // ", text)
    return re.sub(r"\s+", " ", text).strip().casefold()


@settings(max_examples=1000, deadline=None)
@given(_NAMES)
@example("Lightning Bolt")
@example("Lightning  Bolt")  # each thing the shortcut must leave to the general path
@example("Lightning Bolt ")
@example(" Lightning Bolt")
@example("Fire/Ice")
@example("Lim-Dul`s Vault")
@example("Lightning\tBolt")
@example("Æther Vial")
def test_shortcut_for_clean_names(name: str) -> None:
    assert clean_name(name) == _general_clean_name(name)
    assert printed_key(name) == _general_printed_key(name)
