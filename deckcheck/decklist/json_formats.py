"""JSON deck bodies from deck sites' APIs: Moxfield (v2 boards and v3 ``boards``), Archidekt
(``cards[].categories`` + ``categories[].includedInDeck``), MTGJSON deck files (``data.mainBoard``...),
TCGplayer (``result.deck.subDecks``), TappedOut (``board`` HTML) and Aetherhub (``convertedDeck``).

JSON has no meaningful lines: every entry has line 0, and every card found is recorded as one
CARD (or PROBLEM) line record at line 0 whose note says where in the document it came from.

A board or section a document names is read as the text reader reads the same section header
(``_Run.board``): a section outside the deck (tokens, planes, ...) is the maybeboard. A board no
reader knows keeps its cards out of the deck too (tagged with its name), never the main deck, but
as a board not read (DC002): the deck is not verified, as for a Cockatrice zone no reader knows,
since its cards may be the deck's own. A card with no
quantity is refused (DC002), never dropped and never guessed.

A deck's date (as_of.DATE_KEYS) is the day it was played or published: a TCGplayer event's
``eventDate`` (month first, as TCGplayer writes it; an order that cannot be established is no
date), an MTGJSON deck's ``releaseDate``. A deck site's edit time (Moxfield ``lastUpdatedAtUtc``,
Archidekt ``updatedAt``) is kept as ``last updated``, never as the deck's date: a list edited
yesterday may be meant for any day.
"""

from __future__ import annotations

import datetime as dt
import html.parser
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from deckcheck.as_of import parse_date, read_deck_date
from deckcheck.deck import Entry, LineKind, ParsedDeck, Zone, extra_zone_tag
from deckcheck.decklist._base import (
    MAX_NAME_LENGTH,
    SUSPICIOUS,
    UNPARSABLE,
    UNREADABLE,
    DeckBuilder,
    check_quantity,
    other_digits_note,
    parse_quantity,
    printing_field,
    strip_control,
    unholdable_characters_problem,
    whole_file_problem,
    without_unholdable_characters,
)
from deckcheck.decklist._grammar import (
    HeaderKind,
    board_section,
    categories_zone,
    classify_header,
    unknown_board_reason,
)
from deckcheck.decklist._names import clean_name, name_problem, refusal_data

# Archidekt's numeric deckFormat; only the values two independent client libraries agree on.
_ARCHIDEKT_FORMATS = {1: "standard", 2: "modern", 3: "commander", 4: "legacy", 5: "vintage", 6: "pauper"}

_MOXFIELD_BOARDS = {
    "commanders": Zone.COMMANDER,
    "companions": Zone.COMPANION,
    "mainboard": Zone.MAIN,
    "sideboard": Zone.SIDEBOARD,
    "maybeboard": Zone.MAYBEBOARD,
    "signaturespells": Zone.COMMANDER,
}
_MOXFIELD_EXTRA_BOARDS = ("attractions", "stickers", "contraptions", "tokens")

_MTGJSON_BOARDS = {"commander": Zone.COMMANDER, "mainBoard": Zone.MAIN, "sideBoard": Zone.SIDEBOARD}
_MTGJSON_EXTRA = ("displayCommander", "planes", "schemes", "tokens")

_TCGPLAYER_BOARDS = {
    "commandzone": Zone.COMMANDER,
    "commander": Zone.COMMANDER,
    "companion": Zone.COMPANION,
    "maindeck": Zone.MAIN,
    "mainboard": Zone.MAIN,
    "sideboard": Zone.SIDEBOARD,
    "maybeboard": Zone.MAYBEBOARD,
}


class _Run:
    def __init__(self, path: str, name: str) -> None:
        self.builder = DeckBuilder(path, name)
        self._boards_reported: set[str] = set()  # boards outside the deck, said once each

    def card(
        self,
        where: str,
        name: Any,
        quantity: Any,
        zone: Zone,
        *,
        set_code: Any = None,
        collector_number: Any = None,
        foil: bool = False,
        tags: Iterable[str] = (),
    ) -> None:
        b = self.builder
        if not isinstance(name, str):
            b.problem_line(0, where, f"{where}: no card name", code=UNPARSABLE, section=zone)
            return
        text, removed = strip_control(name)
        if removed:
            b.report(
                0,
                f"{where}: control characters removed from the card name",
                code=SUSPICIOUS,
                severity="warning",
                section=zone,
            )
        clean = clean_name(text)
        problem = name_problem(clean, MAX_NAME_LENGTH, strict=False, written=text.strip())
        if problem:
            b.problem_line(
                0,
                where[:200],
                f"{where[:200]}: {problem}",
                code=UNPARSABLE,
                section=zone,
                data=refusal_data(problem),
            )
            return
        count = _quantity(quantity)
        if count == _NO_QUANTITY:  # refused, not read as 1: a JSON body that leaves it out is cut short
            reason = f"{where}: {clean!r} has no quantity: not counted"
            b.problem_line(0, clean[:200], reason, code=UNPARSABLE, section=zone)
            return
        if isinstance(count, str):
            b.problem_line(
                0, f"{quantity!r} {clean}"[:200], f"{where}: {count}", code=UNPARSABLE, section=zone
            )
            return
        digits = other_digits_note(quantity, count) if isinstance(quantity, str) else None
        if digits is not None:
            b.report(0, f"{where}: {clean!r}: {digits}", code=SUSPICIOUS, severity="info", section=zone)
        entry = Entry(
            quantity=count,
            name=clean,
            zone=zone,
            line=0,
            set_code=printing_field(_text_or_none(set_code)),
            collector_number=printing_field(_text_or_none(collector_number)),
            foil=foil,
            tags=tuple(tags),
            raw=f"{count} {clean}",
        )
        b.card(entry, f"{count} {clean}", where)

    def note(self, text: str, note: str) -> None:
        self.builder.record(0, LineKind.COMMENT, text, note)

    def board(self, where: str, label: str) -> tuple[Zone, tuple[str, ...]] | None:
        """The zone (and tags) of the cards a deck site files under ``label``, read as the text
        reader reads the same word as a section header: a zone's name (Sideboard, Commander, ...)
        is that zone, a group (Creatures (12)) the main deck, and a section that is not part of the
        deck (tokens, planes, ...) the maybeboard, tagged with its name so that the engine knows
        which names it does not look up (deck.unchecked_zone). None for any other name."""
        section = board_section(label)
        if section is None:
            return None
        zone, extra = section
        if extra is None:
            return zone, ()
        if self._first_report_of(extra):
            self.extra(where, extra)
        return zone, (extra_zone_tag(extra),)

    def unknown_board(self, where: str, label: str) -> tuple[Zone, tuple[str, ...]]:
        """The cards a deck site files under a board no reader knows: kept out of the deck, tagged
        with the board (counting a wishlist as the main deck would charge it with the format's bans,
        leaving the deck's own cards out would call it too small), and the deck not verified: a
        board not read (DC002, unknown_board_reason), once per board."""
        label = " ".join(label.split())[:_MAX_BOARD_LABEL]
        if self._first_report_of(label):
            self.builder.report(
                0, f"{where}: {unknown_board_reason(label)}", code=UNPARSABLE, severity="error"
            )
        return Zone.MAYBEBOARD, (extra_zone_tag(label),)

    def _first_report_of(self, label: str) -> bool:
        key = label.casefold()
        if key in self._boards_reported:
            return False
        self._boards_reported.add(key)
        return True

    def extra(self, where: str, label: str) -> None:
        self.builder.report(
            0,
            f"{where}: {label!r} is not part of the deck: kept in the maybeboard (never counted)",
            code=SUSPICIOUS,
            severity="info",
            section=Zone.MAYBEBOARD,
        )


_NO_QUANTITY = "no quantity"


def _quantity(value: Any) -> int | str:
    if isinstance(value, bool) or value is None:
        return _NO_QUANTITY
    if isinstance(value, int):
        reason = check_quantity(value)
        return reason if reason is not None else value
    if isinstance(value, float) and value.is_integer():
        return _quantity(int(value))
    if isinstance(value, str):
        return parse_quantity(value)
    return f"quantity {value!r} is not a whole number"


def _text_or_none(value: Any) -> str | None:
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        text = str(value).strip()
        return text or None
    return None


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _get(mapping: Any, *keys: str) -> Any:
    """Nested lookup that tolerates missing keys and non-dicts."""
    current = mapping
    for key in keys:
        if not isinstance(current, Mapping):
            return None
        current = current.get(key)
    return current


def _last_updated(builder: DeckBuilder, value: Any) -> None:
    """When a deck site last saw the deck edited, kept as ``last updated``: an edit's time, not the
    day the deck was played, so never the deck's date (as_of.DATE_KEYS), which decides which day its
    legality is judged for."""
    if isinstance(value, str) and value.strip():
        builder.deck.metadata["last updated"] = value.strip()


# -- shapes -------------------------------------------------------------------------------------


def _moxfield(run: _Run, data: Mapping[str, Any]) -> None:
    """A Moxfield deck body: its name, format, description (kept as ``description``, the deck's
    notes, which the export writes as comments where the target has them), author and address,
    its last edit, and its boards."""
    b = run.builder
    if isinstance(data.get("name"), str):
        b.set_metadata("name", data["name"])
    if isinstance(data.get("format"), str):
        b.set_metadata("format", data["format"])
    for key, value in (
        ("description", data.get("description")),
        ("author", _get(data, "createdByUser", "userName")),
        ("url", data.get("publicUrl")),
    ):
        if isinstance(value, str) and value.strip():
            b.deck.metadata[key] = value.strip()
    _last_updated(b, data.get("lastUpdatedAtUtc"))
    raw_tags = data.get("authorTags")
    author_tags: Mapping[str, Any] = raw_tags if isinstance(raw_tags, Mapping) else {}
    boards: dict[str, Any] = {}
    if isinstance(data.get("boards"), Mapping):  # v3: boards.<name>.cards
        for board_name, board in data["boards"].items():
            boards[str(board_name)] = _get(board, "cards")
    else:  # v2: top-level boards
        for key, value in data.items():
            if key.lower() in _MOXFIELD_BOARDS or key.lower() in _MOXFIELD_EXTRA_BOARDS:
                boards[key] = value
    for board_name, cards in boards.items():
        key = board_name.lower()
        zone = _MOXFIELD_BOARDS.get(key)
        extra_tags: tuple[str, ...] = ()
        if zone is None:
            if isinstance(cards, list):  # "tokens": the tokens the deck makes, not deck cards
                run.note(f"{board_name}: {len(cards)} entries", "not deck cards: not read")
                continue
            if not cards:
                continue
            # a board outside the deck (attractions, planes) as the text reader reads its name; a
            # board no reader knows may hold the deck's own cards: not read (DC002)
            zone, extra_tags = run.board(board_name, board_name) or run.unknown_board(board_name, board_name)
        if not isinstance(cards, Mapping):
            if cards:
                b.problem_line(0, board_name, f"{board_name}: expected an object of cards", code=UNPARSABLE)
            continue
        for card_key, item in cards.items():
            where = f"{board_name}/{card_key}"
            card = _get(item, "card")
            name = _get(card, "name")
            finish = str(_get(item, "finish") or "").lower()
            foil = bool(_get(item, "isFoil")) or finish in ("foil", "etched")
            tags = author_tags.get(name, []) if isinstance(name, str) else []
            run.card(
                where,
                name,
                _get(item, "quantity"),
                zone,
                set_code=_get(card, "set"),
                collector_number=_get(card, "cn"),
                foil=foil,
                tags=[*extra_tags, *(t for t in tags if isinstance(t, str))],
            )


def _archidekt(run: _Run, data: Mapping[str, Any]) -> None:
    b = run.builder
    if isinstance(data.get("name"), str):
        b.set_metadata("name", data["name"])
    _last_updated(b, data.get("updatedAt"))
    deck_format = data.get("deckFormat")
    if isinstance(deck_format, int) and not isinstance(deck_format, bool):
        b.deck.metadata["archidekt deck format"] = str(deck_format)
        if deck_format in _ARCHIDEKT_FORMATS:
            b.deck.declared_format = _ARCHIDEKT_FORMATS[deck_format]
    out_of_deck = {
        str(c.get("name", "")).lower()
        for c in _list(data.get("categories"))
        if isinstance(c, Mapping) and c.get("includedInDeck") is False
    }
    for index, item in enumerate(_list(data.get("cards"))):
        where = f"cards[{index}]"
        if not isinstance(item, Mapping):
            b.problem_line(0, where, f"{where}: not a card object", code=UNPARSABLE)
            continue
        card = item.get("card")
        name = _get(card, "oracleCard", "name") or _get(card, "name") or _get(card, "displayName")
        if item.get("deletedAt"):
            run.note(f"{item.get('quantity')} {name}", f"{where}: deleted from the deck: not read")
            continue
        categories = [c for c in _list(item.get("categories")) if isinstance(c, str)]
        zone, tags = categories_zone(categories)
        if item.get("companion") is True:  # (the companion flag wins over any category's zone)
            zone = Zone.COMPANION
        if zone is None:
            primary = categories[0].lower() if categories else ""
            zone = Zone.MAYBEBOARD if primary in out_of_deck else Zone.MAIN
        modifier = str(item.get("modifier") or "").lower()
        run.card(
            f"{where} ({', '.join(categories) or 'no category'})",
            name,
            item.get("quantity"),
            zone,
            set_code=_get(card, "edition", "editioncode"),
            collector_number=_get(card, "collectorNumber"),
            foil=modifier in ("foil", "etched"),
            tags=tags,
        )


def _mtgjson(run: _Run, data: Mapping[str, Any]) -> None:
    b = run.builder
    deck = data["data"]
    if isinstance(deck.get("name"), str):
        b.set_metadata("name", deck["name"])
    if isinstance(deck.get("type"), str):
        b.deck.metadata["type"] = deck["type"]
    if isinstance(deck.get("releaseDate"), str) and deck["releaseDate"].strip():
        # a preconstructed deck's release day: its date, as a precon list's "// DATE:" line is
        b.set_metadata("date", deck["releaseDate"])
    for key, zone in [*_MTGJSON_BOARDS.items(), *((k, Zone.MAYBEBOARD) for k in _MTGJSON_EXTRA)]:
        cards = deck.get(key)
        if not cards:
            continue
        if not isinstance(cards, list):
            b.problem_line(0, key, f"data.{key}: expected a list of cards", code=UNPARSABLE)
            continue
        extra = () if key in _MTGJSON_BOARDS else (extra_zone_tag(key),)
        if extra:
            run.extra(f"data.{key}", key)
        for index, card in enumerate(cards):
            run.card(
                f"data.{key}[{index}]",
                _get(card, "name"),
                _get(card, "count"),
                zone,
                set_code=_get(card, "setCode"),
                collector_number=_get(card, "number"),
                foil=bool(_get(card, "isFoil")) or bool(_get(card, "isEtched")),
                tags=extra,
            )


def _tcgplayer(run: _Run, data: Mapping[str, Any]) -> None:
    b = run.builder
    result = data["result"]
    deck = result["deck"]
    if isinstance(deck.get("name"), str):
        b.set_metadata("name", deck["name"])
    if isinstance(deck.get("format"), str):
        b.set_metadata("format", deck["format"])
    _tcgplayer_event(run, deck)
    cards = result.get("cards") if isinstance(result.get("cards"), Mapping) else {}
    for board_name, items in (deck.get("subDecks") or {}).items():
        zone = _TCGPLAYER_BOARDS.get(str(board_name).lower())
        extra: tuple[str, ...] = ()
        if zone is None:
            zone, extra = Zone.MAYBEBOARD, (extra_zone_tag(str(board_name)),)
            run.extra(f"subDecks.{board_name}", str(board_name))
        for index, item in enumerate(items if isinstance(items, list) else []):
            card_id = _get(item, "cardID")
            card = cards.get(str(card_id)) if card_id is not None else None
            run.card(
                f"subDecks.{board_name}[{index}] (cardID {card_id})",
                _get(card, "name"),
                _get(item, "quantity"),
                zone,
                set_code=_get(card, "set"),
                tags=extra,
            )


# TCGplayer's event fields -> the metadata keys the event readers use (deckcheck.decklist.events).
_TCGPLAYER_EVENT = (
    ("eventName", "event"),
    ("playerName", "player"),
    ("eventRank", "result"),
    ("eventWins", "wins"),
    ("eventLosses", "losses"),
    ("eventDraws", "draws"),
)
# TCGplayer writes an event's day month first, as its site shows dates: "06-09-2024" is the 9th of
# June 2024 (SCG CON Las Vegas, a deck entered on the 11th).
_MONTH_FIRST = re.compile(r"^\s*(\d{1,2})[-/](\d{1,2})[-/](\d{4})\s*$")


def _tcgplayer_event(run: _Run, deck: Mapping[str, Any]) -> None:
    """The event a TCGplayer deck was played in: its name, player and result, and its day, which is
    the deck's date (as an event file's is) when it can be read for certain."""
    b = run.builder
    for field, key in _TCGPLAYER_EVENT:
        value = deck.get(field)
        if isinstance(value, str | int) and not isinstance(value, bool) and str(value).strip():
            b.deck.metadata[key] = str(value).strip()
    written = deck.get("eventDate")
    if not isinstance(written, str) or not written.strip():
        return
    day, why = _tcgplayer_day(written, deck.get("created"))
    if day is not None:
        b.set_metadata("date", day.isoformat())
        run.note(f"eventDate: {written}", f"the event's date, {why}: {day.isoformat()}")
        return
    # kept as written: as_of.metadata_date reads no day in it, and says so
    b.set_metadata("event date", written)
    b.report(
        0,
        f"eventDate {written!r}: {why}: the day the deck is from is not known",
        code=SUSPICIOUS,
        severity="warning",
    )


def _tcgplayer_day(written: str, created: Any) -> tuple[dt.date | None, str]:
    """The day TCGplayer's ``eventDate`` names and how it was read, or None and why it cannot be.
    A date that names one day whatever the order (as_of.read_deck_date: ``2024-06-09``,
    ``13-06-2024``) is that day; else it is read month first (MM-DD-YYYY), as TCGplayer writes it;
    never a guess at the order: a reading that is no date, or that falls after the day the deck was
    entered (``created``), shows the field is not written so, and the day is then not known."""
    day = read_deck_date(written)
    if day is not None:
        return day, "as written"
    match = _MONTH_FIRST.match(written)
    if match is None:
        return None, "not a date TCGplayer writes (MM-DD-YYYY)"
    month, day_of_month, year = (int(part) for part in match.groups())
    try:
        day = dt.date(year, month, day_of_month)
    except ValueError:
        return None, "read month first (MM-DD-YYYY), as TCGplayer writes it, it is no date"
    entered = parse_date(created) if isinstance(created, str) else None
    if entered is not None and day > entered:
        return None, (
            f"read month first (MM-DD-YYYY), as TCGplayer writes it, it is {day.isoformat()}, after the "
            f"deck was entered ({entered.isoformat()}): which part is the month is not known"
        )
    return day, "read month first (MM-DD-YYYY), as TCGplayer writes it"


class _TappedOutBoard(html.parser.HTMLParser):
    """Reads TappedOut's embedded board HTML: <h3>Section</h3> then <li> "1x <a>Name</a>". A
    double-faced card's row links its back face too (``<a><sup>Flip</sup></a>``): the card is the
    row's first link with text, as the deck's ``cards`` field names it ("1 Spikefield Hazard")."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[tuple[str, str, str]] = []  # (section, quantity text, name)
        self._section = ""
        self._in_h3 = False
        self._in_li = False
        self._in_a = False
        self._li_text: list[str] = []
        self._links: list[list[str]] = []  # the text of each link of the row
        self._h3_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "h3":
            self._in_h3, self._h3_text = True, []
        elif tag == "li":
            self._in_li, self._li_text, self._links = True, [], []
        elif tag == "a" and self._in_li:
            self._in_a = True
            self._links.append([])

    def handle_endtag(self, tag: str) -> None:
        if tag == "h3" and self._in_h3:
            self._in_h3 = False
            self._section = " ".join("".join(self._h3_text).split())
        elif tag == "a":
            self._in_a = False
        elif tag == "li" and self._in_li:
            self._in_li = False
            names = (" ".join("".join(link).split()) for link in self._links)
            name = next((n for n in names if n), "")
            quantity = "".join(self._li_text).split()
            self.items.append((self._section, quantity[0] if quantity else "", name))

    def handle_data(self, data: str) -> None:
        if self._in_h3:
            self._h3_text.append(data)
        if self._in_li:
            if self._in_a:
                self._links[-1].append(data)
            elif not self._links:
                self._li_text.append(data)


def _tappedout(run: _Run, data: Mapping[str, Any]) -> None:
    b = run.builder
    if isinstance(data.get("title"), str):
        b.set_metadata("name", data["title"])
    board = data.get("board")
    if isinstance(board, str) and board.strip():
        parser = _TappedOutBoard()
        parser.feed(board)
        parser.close()
        for index, (section, quantity, name) in enumerate(parser.items):
            zone: Zone = Zone.MAIN
            tags: tuple[str, ...] = ()
            if section:
                where = f"board[{index}]"
                zone, tags = run.board(where, section) or run.unknown_board(where, section)
            run.card(
                f"board[{index}] ({section or 'no section'})",
                name,
                quantity.rstrip("xX"),
                zone,
                tags=tags,
            )
        return
    cards = data.get("cards")
    if isinstance(cards, str):  # "1 Name||1 Other": no zones
        for index, item in enumerate(c for c in cards.split("||") if c.strip()):
            quantity, _, name = item.strip().partition(" ")
            run.card(f"cards[{index}]", name, quantity, Zone.MAIN)


def _aetherhub(run: _Run, data: Mapping[str, Any]) -> None:
    """Aetherhub writes its section headers ("Commander", "Deck", "Sideboard") and empty spacer rows
    as rows with a null quantity. Any other row is a card, and one without a quantity is refused as
    every JSON reader refuses it (a lost quantity must not make a card vanish)."""
    zone: Zone = Zone.MAIN
    tags: tuple[str, ...] = ()
    for index, item in enumerate(_list(data.get("convertedDeck"))):
        where = f"convertedDeck[{index}]"
        name = _get(item, "name")
        quantity = _get(item, "quantity")
        if quantity is None and isinstance(name, str):
            if not name.strip():
                run.note(name, f"{where}: spacer")
                continue
            header = classify_header(name)
            if header is not None and header.kind is HeaderKind.GROUP:
                # a group inside the zone ("Creatures"); after a one-card zone or a section outside
                # the deck, the main deck again, as the text reader reads it
                if tags or zone in (Zone.COMMANDER, Zone.COMPANION):
                    zone, tags = Zone.MAIN, ()
                run.builder.record(0, LineKind.HEADER, name, f"{where}: group header")
                continue
            section = run.board(where, name)
            if section is not None:
                zone, tags = section
                run.builder.record(0, LineKind.HEADER, name, where)
                continue
        run.card(
            where,
            name,
            quantity,
            zone,
            set_code=_get(item, "set"),
            collector_number=_get(item, "number"),
            tags=tags,
        )


def _generic_list(run: _Run, data: list[Any]) -> None:
    for index, item in enumerate(data):
        zone: Zone = Zone.MAIN
        tags: tuple[str, ...] = ()
        label = _board_label(_get(item, "board") or _get(item, "section") or _get(item, "zone"))
        if label:
            zone, tags = run.board(f"[{index}]", label) or run.unknown_board(f"[{index}]", label)
        quantity = _get(item, "quantity")
        if quantity is None:
            quantity = _get(item, "count")
        run.card(
            f"[{index}]",
            _get(item, "name"),
            quantity,
            zone,
            set_code=_get(item, "set"),
            collector_number=_get(item, "collector_number"),
            tags=tags,
        )


def _board_label(board: Any) -> str:
    """An item's board as text ("" for none). A board that is not a name is an unknown board, named
    without printing it whole (it could be any JSON value)."""
    if board is None:
        return ""
    if isinstance(board, str):
        return board.strip()[:_MAX_BOARD_LABEL]
    if isinstance(board, int | float):
        return str(board)[:_MAX_BOARD_LABEL]
    return f"({type(board).__name__})"


_MAX_BOARD_LABEL = 100


def event_shape(data: Any) -> str | None:
    """``"mtgo"`` (MTGO's decklist JSON) / ``"mtgodecklistcache"`` for a document holding an event's
    decks (read by :mod:`deckcheck.decklist.events`), else None."""
    if not isinstance(data, Mapping):
        return None
    if isinstance(data.get("decklists"), list) and all(isinstance(d, Mapping) for d in data["decklists"]):
        return "mtgo"
    if isinstance(data.get("Decks"), list) and isinstance(data.get("Tournament"), Mapping):
        return "mtgodecklistcache"
    return None


def _shape(data: Any) -> str | None:
    if isinstance(data, list):
        if data and all(isinstance(i, Mapping) and "name" in i for i in data):
            return "list"
        return None
    if not isinstance(data, Mapping):
        return None
    if isinstance(data.get("boards"), Mapping) or isinstance(data.get("mainboard"), Mapping):
        return "moxfield"
    if isinstance(data.get("cards"), list) and (
        "categories" in data
        or "deckFormat" in data
        or any(isinstance(c, Mapping) and "categories" in c for c in data["cards"][:5])
    ):
        return "archidekt"
    inner = data.get("data")
    if isinstance(inner, Mapping) and any(k in inner for k in ("mainBoard", "sideBoard", "commander")):
        return "mtgjson"
    if isinstance(_get(data, "result", "deck", "subDecks"), Mapping):
        return "tcgplayer"
    if isinstance(data.get("board"), str) or isinstance(data.get("cards"), str):
        return "tappedout"
    if isinstance(data.get("convertedDeck"), list):
        return "aetherhub"
    return None


_READERS = {
    "moxfield": _moxfield,
    "archidekt": _archidekt,
    "mtgjson": _mtgjson,
    "tcgplayer": _tcgplayer,
    "tappedout": _tappedout,
    "aetherhub": _aetherhub,
}


@dataclass(frozen=True, slots=True)
class JsonFormat:
    name: str = "json"
    description: str = "deck JSON: Moxfield, Archidekt, MTGJSON, TCGplayer, TappedOut, Aetherhub API bodies"

    def parse(self, text: str, path: str) -> ParsedDeck:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            return whole_file_problem(
                path,
                self.name,
                f"JSON error at line {exc.lineno}, column {exc.colno}: {exc.msg}",
                text=text,
                line=exc.lineno,
            )
        except RecursionError:
            return whole_file_problem(path, self.name, "JSON refused: nested too deeply", text=text)
        except ValueError:  # Python's own limit on converting a long run of digits to an int
            line, message = _long_number(text)
            return whole_file_problem(path, self.name, message, text=text, line=line)
        data, unholdable_at = without_unholdable_characters(text, data)
        if event_shape(data) is not None:  # one deck cannot hold an event: say where it is read
            count = len(data.get("decklists") or data.get("Decks") or ())
            return whole_file_problem(
                path,
                self.name,
                f"an event document with {count} decks: deckcheck check and deckcheck.frames read each "
                "deck (deckcheck.decklist.parse_file_decks)",
                code=UNREADABLE,
            )
        shape = _shape(data)
        if shape is None:
            keys = ", ".join(list(data)[:8]) if isinstance(data, Mapping) else type(data).__name__
            return whole_file_problem(
                path, self.name, f"not a deck JSON this tool knows (top level: {keys})", code=UNREADABLE
            )
        run = _Run(path, self.name)
        run.builder.deck.metadata["json shape"] = shape
        if shape == "list":
            _generic_list(run, data)
        else:
            try:
                _READERS[shape](run, data)
            except RecursionError:
                run.builder.problem_line(0, "", "JSON nested too deeply", code=UNREADABLE)
        if not run.builder.deck.lines:
            run.builder.record(0, LineKind.COMMENT, "", f"{shape} deck JSON with no cards")
        deck = run.builder.finish()
        if unholdable_at is not None:
            deck.problems.append(unholdable_characters_problem(unholdable_at))
        return deck


def _long_number(text: str) -> tuple[int, str]:
    """Where a number was refused and why, in the decklist's terms (Python's message suggests a
    call to sys.set_int_max_str_digits(), which is not the user's to make)."""
    found = _LONG_DIGITS.search(text)
    line = text.count(chr(10), 0, found.start()) + 1 if found else 1
    where = f" at line {line}" if found else ""
    digits = len(found.group()) if found else 0
    return line, (
        f"JSON refused: a number{where} has {digits:,} digits (more than {_MAX_DIGITS:,}); "
        "no deck needs one that long"
    )


_MAX_DIGITS = 4300  # CPython's default int max str digits
_LONG_DIGITS = re.compile(rf"\d{{{_MAX_DIGITS + 1},}}")


JSON = JsonFormat()
