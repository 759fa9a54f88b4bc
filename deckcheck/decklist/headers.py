"""Section headers that switch the deck zone, in English and in the languages decklists are
exported in: the facts the text parser reads ``Deck`` / ``Mazzo`` / ``牌库``, ``Sideboard`` /
``Réserve`` / ``备牌``, ``Commander`` / ``Kommandeur`` / ``指挥官`` and ``Companion`` / ``Compagno`` /
``行侣`` by.

Where the words come from:

- the localized Arena client headers collected by mazz3rr/mtg (``mtg/deck/arena.py``): one word per
  language and zone, the same words the parser has always read;
- the keywords printed on the cards themselves, which is what players write: "行侣" is the Simplified
  Chinese companion keyword ("行侣～你起始套牌中…", Ikoria), "指挥官" the Simplified Chinese commander;
- a few words players use that no client string confirms, each marked ``# unverified`` below.

Header words are matched case-insensitively (``str.lower``), after the parser has removed brackets,
a trailing colon and a card count ("Banca (15):"). None of the words of :data:`ZONE_HEADERS` is an
English card name in MTGJSON's data of 2022-04-25, so such a header line is never a card line with a
missing count; the one printed name among them is "Commander", the French name of the Lead half of
Destined // Lead (the realdata tests check every English and printed name in that data). Two words
players write as headers are English card names since: "Library" (a card of Ravnica: Clue Edition,
2024) and "Signature Spells" (in the list of valid card names of taw/magic-preconstructed-decks).
Those are :data:`CARD_NAMED_ZONE_HEADERS`: a header only in brackets, before a colon or with a count
("[Library]", "Library:", "Signature Spells (1)"); alone on a line they are a card, so a list of
card names without counts is not cut into zones by one of them (as "Conspiracy", a card name too, is
a section only as "[Conspiracy]"). No client exports a localized maybeboard header that we know of,
so the maybeboard has English words only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from deckcheck.deck import Zone

# English, as Arena, MTGO, Moxfield, Archidekt, Forge, XMage and hand-written lists use them.
ENGLISH_ZONE_HEADERS: Final[Mapping[Zone, tuple[str, ...]]] = {
    Zone.MAIN: (
        "deck",
        "main",
        "maindeck",
        "main deck",
        "mainboard",
        "main board",
        "decklist",
        "deck list",
    ),
    Zone.SIDEBOARD: (
        "sideboard",
        "side",
        "side board",
        "sidedeck",
        "side deck",
        "sidelist",
        "side list",
        "sb",
    ),
    Zone.COMMANDER: (
        "commander",
        "commanders",
        "command zone",
        "commandzone",
        "cmdr",
        "oathbreaker",
        "signature spell",
        "signaturespells",
    ),
    Zone.COMPANION: ("companion", "companions"),
    Zone.MAYBEBOARD: (
        "maybeboard",
        "maybe board",
        "maybe",
        "maybes",
        "considering",
        "wishlist",
        "wish list",
        "acquireboard",  # TappedOut's board of cards to buy ("Acquire" alone is a card)
        "acquire board",
    ),
}

# English header words that are also English card names: a header only bracketed, before a colon or
# with a count (see the module docstring); a line with the word alone is a card.
CARD_NAMED_ZONE_HEADERS: Final[Mapping[Zone, tuple[str, ...]]] = {
    Zone.MAIN: ("library",),  # Library, Ravnica: Clue Edition (2024)
    Zone.COMMANDER: ("signature spells",),  # Oathbreaker's section; a name taw's card list holds
}

# Scryfall language code -> zone -> header words as written (any case).
LOCALIZED_ZONE_HEADERS: Final[Mapping[str, Mapping[Zone, tuple[str, ...]]]] = {
    "de": {
        Zone.MAIN: ("Deck",),  # the German client keeps the English word
        Zone.SIDEBOARD: ("Sideboard",),
        Zone.COMMANDER: ("Kommandeur",),
        Zone.COMPANION: ("Gefährte",),
    },
    "fr": {
        Zone.MAIN: (
            "Deck",
            "Malet",  # unverified: listed by mazz3rr/mtg for French and Portuguese
        ),
        Zone.SIDEBOARD: ("Réserve",),
        Zone.COMMANDER: ("Commandant",),
        Zone.COMPANION: ("Compagnon",),
    },
    "it": {
        Zone.MAIN: ("Mazzo",),
        Zone.SIDEBOARD: (
            "Sideboard",
            "Banca",  # unverified: from the issue (#9) text, no client string seen
        ),
        Zone.COMMANDER: ("Comandante",),
        Zone.COMPANION: ("Compagno",),
    },
    "es": {
        Zone.MAIN: ("Mazo",),
        Zone.SIDEBOARD: ("Banquillo", "Reserva"),
        Zone.COMMANDER: ("Comandante",),
        Zone.COMPANION: ("Compañero",),
    },
    "pt": {
        Zone.MAIN: (
            "Deck",
            "Malet",  # unverified: see fr
        ),
        Zone.SIDEBOARD: ("Reserva",),
        Zone.COMMANDER: ("Comandante",),
        Zone.COMPANION: ("Companheiro",),
    },
    "ja": {
        Zone.MAIN: ("デッキ",),
        Zone.SIDEBOARD: ("サイドボード",),
        Zone.COMMANDER: ("統率者", "コマンダー"),
        Zone.COMPANION: ("相棒",),
    },
    "ko": {
        Zone.MAIN: ("덱",),
        Zone.SIDEBOARD: ("사이드보드",),
        Zone.COMMANDER: ("사령관",),
        Zone.COMPANION: ("동료",),
    },
    "ru": {
        Zone.MAIN: ("Колода",),
        Zone.SIDEBOARD: (
            "Резерв",
            "Сайдборд",  # unverified: the transliteration Russian players write
        ),
        Zone.COMMANDER: ("Командир",),
        Zone.COMPANION: ("Компаньон",),
    },
    "zhs": {
        Zone.MAIN: (
            "牌库",
            "套牌",  # unverified as a header: the cards' word for a deck ("起始套牌", starting deck)
        ),
        Zone.SIDEBOARD: ("备牌",),
        Zone.COMMANDER: ("指挥官",),
        Zone.COMPANION: ("伙伴", "行侣"),  # the client's header; the keyword printed on the cards
    },
    "zht": {
        Zone.MAIN: (
            "牌庫",
            "套牌",  # unverified: see zhs
        ),
        Zone.SIDEBOARD: ("備牌",),
        Zone.COMMANDER: ("指揮官",),
        Zone.COMPANION: (
            "夥伴",
            "行侶",  # unverified: the Traditional spelling of the Simplified keyword 行侣
        ),
    },
}


def header_key(word: str) -> str:
    """How a header word is compared: lower case, single spaces (as the parser reads a line)."""
    return " ".join(word.lower().split())


def zone_headers() -> dict[Zone, frozenset[str]]:
    """Every zone's header words, English and localized, as comparison keys."""
    table = {zone: {header_key(w) for w in words} for zone, words in ENGLISH_ZONE_HEADERS.items()}
    for zones in LOCALIZED_ZONE_HEADERS.values():
        for zone, words in zones.items():
            table.setdefault(zone, set()).update(header_key(w) for w in words)
    return {zone: frozenset(words) for zone, words in table.items()}


def header_languages(word: str) -> tuple[str, ...]:
    """The languages whose header table has ``word`` ("comandante" -> es, it, pt); ``en`` first
    when it is an English header."""
    key = header_key(word)
    found = ["en"] if any(key in map(header_key, w) for w in ENGLISH_ZONE_HEADERS.values()) else []
    found += sorted(
        lang
        for lang, zones in LOCALIZED_ZONE_HEADERS.items()
        if any(key in map(header_key, words) for words in zones.values())
    )
    return tuple(found)


ZONE_HEADERS: Final[Mapping[Zone, frozenset[str]]] = zone_headers()
