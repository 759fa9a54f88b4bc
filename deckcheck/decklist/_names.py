"""Card-name cleanup shared by every parser: split separators, quotes, whitespace.

Parsers keep names as written; this only removes the differences between exporters that are not
part of the name (Arena's ``///``, MTGO's single ``/``, curly quotes, doubled spaces). Resolving the
name against card data is done elsewhere.
"""

from __future__ import annotations

import re

_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u00b4": "'",
        "\u0060": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
    }
)

# A split/MDFC/adventure separator: one to three slashes, any spacing ("Fire/Ice", "A /// B").
_SEPARATOR = re.compile(r"\s*/{1,3}\s*")

SPLIT_SEPARATOR = " // "


def clean_name(name: str) -> str:
    """Normalise spacing, quotes and face separators: ``Fire/Ice`` and ``Fire /// Ice`` both
    become ``Fire // Ice``. A name with a single ``/`` that is not a split card cannot be told
    apart here; it is written ``A // B`` too and name resolution decides."""
    if name.isascii() and name.isprintable() and "`" not in name and "  " not in name:
        # (the usual name: its only space character is " ", and no quote to straighten)
        text = name.strip(" ")
    else:
        text = " ".join(name.translate(_QUOTES).split())
    if "/" in text:
        parts = [p for p in _SEPARATOR.split(text)]
        if all(parts):
            text = SPLIT_SEPARATOR.join(parts)
    return text


# Characters that never occur in a card name; their presence means the line is not a card.
# (";" does: "TL;DR".)
_FOREIGN = re.compile(r"[<>{}\\=@$%~^|`\[\]]")


_ASCII_LETTER = re.compile(r"[A-Za-z]")

# How a web address (a card's page on Scryfall, a link to a deck) starts: it is no card name. Matched
# as written and as clean_name leaves it ("https: // scryfall.com // card": it reads any slash as a
# face separator). (The text readers keep such a line off their shortcuts with it.)
WEB_ADDRESS = r"(?ai:https?:\s*/|www\.)"
_WEB_ADDRESS = re.compile(rf"\s*{WEB_ADDRESS}")


def _has_letter(name: str) -> bool:
    """Whether a character of the name is a letter (str.isalpha; in ASCII, exactly A-Z and a-z)."""
    if name.isascii():
        return _ASCII_LETTER.search(name) is not None
    return any(ch.isalpha() for ch in name)


def name_problem(
    name: str, max_length: int, *, strict: bool = True, written: str | None = None
) -> str | None:
    """Why ``name`` cannot be a card name, or None. ``strict`` (text lines) also refuses characters
    no card name has; a structured field (XML attribute, JSON value) is taken as meant. The message
    quotes ``written``, the text as the line has it, when given: ``name`` may be cleaned, and
    clean_name reads any slash as a face separator ("[/DECK]" is "[ // DECK]" to it)."""
    if not name:
        return "no card name"
    shown = name if written is None else written
    if _WEB_ADDRESS.match(name):
        return f"{shown!r} is a web address, not a card name: write the card's name instead"
    if len(name) > max_length:
        return f"card name too long ({len(name)} characters, limit {max_length})"
    if not _has_letter(name) and "_" not in name:  # "_____" is a card (Unhinged)
        return f"{shown!r} is not a card name (no letters)"
    foreign = _FOREIGN.search(name) if strict else None
    if foreign:
        return f"{shown!r} is not a card name (unexpected {foreign.group()!r})"
    return None
