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
_IS_A_WEB_ADDRESS = "is a web address, not a card name: write the card's name instead"
# The key of the address a Refusal carries (engine.web_address_suggestions offers the card its page is for).
WEB_ADDRESS_KEY = "web_address"
# A path part of a card's page before the part that names the card: a word (Scryfall's and
# Cardmarket's /card/, EDHREC's /cards/ and /commanders/, MTGGoldfish's /price/, Cardmarket's
# /Singles/) or a collector number (Scryfall's /card/m10/146/, Gatherer's /M10/en-us/146/).
_CARD_PAGE_PART = re.compile(r"(?i:cards?|commanders?|price|singles|\d{1,4}[a-z]?)")


class Refusal(str):
    """Why a text is no card name (:func:`name_problem`), as its message words it, with what the
    message says as ``data`` (sorted key/value pairs, as a problem carries them): the readers pass
    it on as a reason (a str), and DeckBuilder puts its data on the problem it reports
    (:func:`refusal_data`)."""

    data: tuple[tuple[str, str], ...]

    def __new__(cls, message: str, data: tuple[tuple[str, str], ...]) -> Refusal:
        refusal = super().__new__(cls, message)
        refusal.data = data
        return refusal


def refusal_data(reason: str) -> tuple[tuple[str, str], ...]:
    """The data a reader's ``reason`` carries (a :class:`Refusal`'s), else none."""
    return reason.data if isinstance(reason, Refusal) else ()


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
        return Refusal(f"{shown!r} {_IS_A_WEB_ADDRESS}", ((WEB_ADDRESS_KEY, shown.strip()),))
    if len(name) > max_length:
        return f"card name too long ({len(name)} characters, limit {max_length})"
    if not _has_letter(name) and "_" not in name:  # "_____" is a card (Unhinged)
        return f"{shown!r} is not a card name (no letters)"
    foreign = _FOREIGN.search(name) if strict else None
    if foreign:
        return f"{shown!r} is not a card name (unexpected {foreign.group()!r})"
    return None


def offering(message: str, card_name: str) -> str:
    """A line's problem that quotes a web address (a :class:`Refusal` of one) offering the card its
    page is for, right after what it says of the address."""
    return message.replace(_IS_A_WEB_ADDRESS, f"{_IS_A_WEB_ADDRESS} (did you mean: {card_name}?)", 1)


def card_page_name(address: str) -> str | None:
    """The card name a card's web page has in its address, as the address writes it: a ``name``
    parameter (Gatherer's ``Details.aspx?name=Lightning+Bolt``), or the path's last part after a
    part that leads to a card (:data:`_CARD_PAGE_PART`: ``scryfall.com/card/m10/146/lightning-bolt``,
    ``edhrec.com/cards/sol-ring``). A slug loses the name's commas, apostrophes and face
    separators: the card data's folded names find it. None for any other address, and for a
    deck's page whatever its path (``archidekt.com/decks/1234/burn`` names a deck, not a card)."""
    from urllib.parse import parse_qs, unquote_plus, urlsplit

    text = address.strip()
    parts = urlsplit(text if "://" in text else f"https://{text}")
    if "deck" in parts.path.casefold():
        return None
    named = parse_qs(parts.query).get("name")
    if named and named[0].strip():
        return named[0].strip()
    path = [unquote_plus(part) for part in parts.path.split("/") if part]
    if len(path) >= 2 and any(_CARD_PAGE_PART.fullmatch(part) for part in path[:-1]):
        return path[-1]
    return None
