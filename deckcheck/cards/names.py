"""Card-name normalisation for lookups.

``lookup_key`` folds what players and exporters vary without meaning a different card: case,
accents ("Lim-Dûl" / "Lim-Dul"), ligatures ("Æther" / "Aether"), curly apostrophes and quotes, runs
of white space, and split separators ("A // B", "A/B", "A /// B"). ``fold_key`` also drops spaces,
hyphens, commas and other punctuation: the spellings clients write ("Lurrus of the Dream Den" for
"Lurrus of the Dream-Den"). A store accepts a folded match only when exactly one card folds to it,
and says so (DC012). ``loose_key`` is the older form of it that built stores keep per card.
"""

from __future__ import annotations

import functools
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
# Underscores stay: they are the blank of the Un-cards' names ("_____", "_____ Goblin"), not
# punctuation, so "Goblin" never folds to "_____ Goblin".
_FOLDED_AWAY_RE = re.compile(r"[^0-9a-z_]+")


def fold_accents(text: str) -> str:
    if text.isascii():  # nearly every name: nothing to fold
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _already_clean(name: str) -> bool:
    """Whether :func:`clean_name` leaves ``name`` as it is, seen without its normalising and
    regexes: printable ASCII (nothing to normalise, no white space but " ", no quote to straighten
    but a backtick), no slash (a split separator) and single spaces, none at either end. Most
    names are (every name of a batch is cleaned, a name the data does not know a dozen times)."""
    return (
        name.isascii()
        and name.isprintable()
        and "`" not in name
        and "/" not in name
        and "  " not in name
        and name[:1] != " "
        and name[-1:] != " "
    )


def clean_name(name: str) -> str:
    """Tidy a name as written without changing its meaning: quotes, spaces, split separators."""
    if _already_clean(name):
        return name
    text = unicodedata.normalize("NFC", name).translate(_TRANSLATE)
    text = _SPLIT_RE.sub(" // ", text)
    return _SPACE_RE.sub(" ", text).strip()


@functools.lru_cache(maxsize=1 << 14)
def lookup_key(name: str) -> str:
    # remembered: a name the data does not know has its key asked for again and again (resolving,
    # did-you-mean, grouping the unknown entries of every rule that reports them)
    return fold_accents(clean_name(name)).casefold()


def loose_key(name: str) -> str:
    return _NON_ALNUM_RE.sub("", lookup_key(name))


def fold_key(name: str) -> str:
    """``lookup_key`` without spaces and punctuation: "lurrusofthedreamden"."""
    return fold_of_key(lookup_key(name))


def fold_of_key(key: str) -> str:
    """:func:`fold_key` of a name already turned into its ``lookup_key``."""
    return _FOLDED_AWAY_RE.sub("", key)


def printed_key(name: str) -> str:
    """Key for localized printed names: case and width folded, accents kept (they matter in e.g. French)."""
    if _already_clean(name):  # (ASCII: NFKC changes nothing either)
        return name.casefold()
    text = unicodedata.normalize("NFKC", name).translate(_TRANSLATE)
    text = _SPLIT_RE.sub(" // ", text)
    return _SPACE_RE.sub(" ", text).strip().casefold()
