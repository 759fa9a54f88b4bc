"""Card-name normalisation for lookups.

``lookup_key`` folds what players and exporters vary without meaning a different card: case,
accents ("Lim-Dûl" / "Lim-Dul"), ligatures ("Æther" / "Aether"), curly apostrophes and quotes, runs
of white space, and split separators ("A // B", "A/B", "A /// B"). ``loose_key`` also drops hyphens,
commas and other punctuation; it is only used to *suggest* a card ("Assembly Worker" ->
"Assembly-Worker"), never to accept one silently.
"""

from __future__ import annotations

import re
import unicodedata

_TRANSLATE = str.maketrans(
    {
        "’": "'",
        "‘": "'",
        "`": "'",
        "ʼ": "'",
        "“": '"',
        "”": '"',
        "Æ": "Ae",
        "æ": "ae",
        "Œ": "Oe",
        "œ": "oe",
        "–": "-",
        "‐": "-",
        "‑": "-",
    }
)
_SPLIT_RE = re.compile(r"\s*/{1,3}\s*")
_SPACE_RE = re.compile(r"\s+")
_NON_ALNUM_RE = re.compile(r"[^0-9a-z]+")


def fold_accents(text: str) -> str:
    if text.isascii():  # nearly every name: nothing to fold
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def clean_name(name: str) -> str:
    """Tidy a name as written without changing its meaning: quotes, spaces, split separators."""
    text = unicodedata.normalize("NFC", name).translate(_TRANSLATE)
    text = _SPLIT_RE.sub(" // ", text)
    return _SPACE_RE.sub(" ", text).strip()


def lookup_key(name: str) -> str:
    return fold_accents(clean_name(name)).casefold()


def loose_key(name: str) -> str:
    return _NON_ALNUM_RE.sub("", lookup_key(name))


def printed_key(name: str) -> str:
    """Key for localized printed names: case and width folded, accents kept (they matter in e.g. French)."""
    text = unicodedata.normalize("NFKC", name).translate(_TRANSLATE)
    text = _SPLIT_RE.sub(" // ", text)
    return _SPACE_RE.sub(" ", text).strip().casefold()
