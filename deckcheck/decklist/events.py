"""Event documents: one JSON file holding every deck of an event, read as many decks.

Two shapes are known:

- MTGO's own decklist pages (``decklists[]`` with ``player``, ``wins``, ``main_deck[]`` /
  ``sideboard_deck[]`` of ``{qty, card_attributes: {card_name}}``; event ``description`` or ``name``,
  ``starttime`` or ``publish_date``, ``format`` such as ``CPAUPER``, ``final_rank[]`` by ``loginid``);
- the MTGODecklistCache archive (``{"Tournament": {"Date", "Name", "Uri"}, "Decks": [{"Player",
  "Result", "Mainboard": [{"Count", "CardName"}], "Sideboard": [...]}], "Standings": [...]}``).

Each deck is a :class:`ParsedDeck` whose path is ``FILE#player`` (``FILE#rank-N`` / ``FILE#deck-N``
when the player is missing or named twice) and whose metadata carry the event: ``event``, ``event
id``, ``date``, ``player``, ``result``, ``wins``, ``losses``, ``draws`` (when the document gives
them: MTGO's ``wins`` object, the archive's standings or a ``W-L-D`` result), ``rank``, ``event
format`` (as the document says it), ``played on`` (Magic Online) and ``format`` (deckcheck's name
for it, when known, which is also the deck's declared format; ``--format`` still overrides it).
Entries have line 0 (JSON has no lines) and a note saying where in the document each card was. No
click, no pandas.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from deckcheck.deck import ParsedDeck, ParseProblem, Zone
from deckcheck.decklist._base import SUSPICIOUS, UNREADABLE, normalize_format_name, whole_file_problem
from deckcheck.decklist.json_formats import _Run, event_shape

# MTGO's format codes (the ``format`` of its decklist pages) -> deckcheck's format names.
MTGO_FORMATS = {
    "CSTANDARD": "standard",
    "CPIONEER": "pioneer",
    "CMODERN": "modern",
    "CLEGACY": "legacy",
    "CVINTAGE": "vintage",
    "CPAUPER": "pauper",
    "CPREMODERN": "premodern",
}
# Event names start with the format: "Pauper Challenge 32", "Modern League", "Duel Commander ...".
_NAME_FORMATS = (
    ("duel commander", "duel"),
    ("pauper commander", "paupercommander"),
    ("standard", "standard"),
    ("pioneer", "pioneer"),
    ("modern", "modern"),
    ("legacy", "legacy"),
    ("vintage", "vintage"),
    ("pauper", "pauper"),
    ("premodern", "premodern"),
    ("commander", "commander"),
)
_RANK_RE = re.compile(r"^\s*(\d+)(?:st|nd|rd|th)\b", re.I)
_RECORD_RE = re.compile(r"^\s*(\d+)\s*-\s*(\d+)(?:\s*-\s*(\d+))?\s*$")

INPUT_FORMAT = "event"
# Where a deck was played, when its decklist says so: the metadata key, and its value for a deck of
# a Magic Online event document (both shapes are Magic Online's). Legality as of a day reads it:
# Magic Online applied format changes on dates of its own (history).
PLAYED_ON = "played on"
MAGIC_ONLINE = "Magic Online"


def played_on_magic_online(metadata: Mapping[str, str]) -> bool:
    """Whether a deck's metadata says it was played on Magic Online (:data:`PLAYED_ON`)."""
    return metadata.get(PLAYED_ON, "").strip().casefold() == MAGIC_ONLINE.casefold()


def format_for_event(code: Any, name: Any) -> str | None:
    """deckcheck's format for an event's format code (``CPAUPER``) or, failing that, its name."""
    if isinstance(code, str) and code.strip():
        known = MTGO_FORMATS.get(code.strip().upper())
        if known:
            return known
    if isinstance(name, str):
        lowered = name.strip().lower()
        for prefix, fmt in _NAME_FORMATS:
            if lowered.startswith(prefix):
                return fmt
    if isinstance(code, str) and code.strip():
        return normalize_format_name(code)
    return None


def _text(value: Any) -> str | None:
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int | float | str):
        text = str(value).strip()
        return text or None
    return None


class _Deck:
    """One deck being read: ParsedDeck plus the card reader shared with the single-deck JSON reader."""

    def __init__(self, path: str) -> None:
        self.run = _Run(path, INPUT_FORMAT)

    def cards(self, where: str, items: Any, zone: Zone, name_of: Any, count_of: Any) -> None:
        if items is None:
            return
        if not isinstance(items, list):
            self.run.builder.problem_line(0, where, f"{where}: not a list of cards", code=UNREADABLE)
            return
        for i, item in enumerate(items):
            here = f"{where}[{i}]"
            if not isinstance(item, Mapping):
                self.run.builder.problem_line(0, here, f"{here}: not a card object", section=zone)
                continue
            self.run.card(here, name_of(item), count_of(item), zone)


def _mtgo_name(item: Mapping[str, Any]) -> Any:
    attributes = item.get("card_attributes")
    return attributes.get("card_name") if isinstance(attributes, Mapping) else None


def _event_metadata(
    name: str | None, event_id: str | None, date: str | None, code: str | None
) -> dict[str, str]:
    metadata: dict[str, str] = {}
    for key, value in (("event", name), ("event id", event_id), ("date", date), ("event format", code)):
        if value:
            metadata[key] = value
    return metadata


def _unique_ids(players: Sequence[str | None], ranks: Sequence[str | None]) -> list[str]:
    """The part after ``#``: the player, or the rank / position when the player is missing or twice."""
    counts = Counter(p for p in players if p)
    out = []
    for i, (player, rank) in enumerate(zip(players, ranks, strict=True)):
        if player and counts[player] == 1:
            out.append(player)
        elif rank:
            out.append(f"rank-{rank}")
        else:
            out.append(f"deck-{i + 1}")
    return out


def _finish(
    path: str,
    decks: list[_Deck],
    metadata: list[dict[str, str]],
    event: dict[str, str],
    fmt: str | None,
) -> list[ParsedDeck]:
    ids = _unique_ids([m.get("player") for m in metadata], [m.get("rank") for m in metadata])
    parsed: list[ParsedDeck] = []
    for deck, deck_metadata, deck_id in zip(decks, metadata, ids, strict=True):
        result = deck.run.builder.finish()
        result.path = f"{path}#{deck_id}"  # findings name the deck, not just the file
        result.metadata.update(event)
        result.metadata.update(deck_metadata)
        result.metadata["json shape"] = INPUT_FORMAT
        result.metadata[PLAYED_ON] = MAGIC_ONLINE
        if fmt:
            result.metadata["format"] = fmt
            result.declared_format = fmt
        title = " — ".join(v for v in (event.get("event"), deck_metadata.get("player")) if v)
        result.name = title or None
        if not result.entries and not any(p.severity == "error" for p in result.problems):
            result.problems.append(_no_cards(f"{deck_id}: the event lists no cards for this deck"))
        parsed.append(result)
    return parsed


def _no_cards(message: str) -> ParseProblem:
    return ParseProblem(line=0, message=message, severity="warning", code=SUSPICIOUS)


def _mtgo(path: str, data: Mapping[str, Any]) -> list[ParsedDeck]:
    name = _text(data.get("description")) or _text(data.get("name"))
    date = _text(data.get("starttime")) or _text(data.get("publish_date"))
    event_id = _text(data.get("event_id")) or _text(data.get("playeventid"))
    code = _text(data.get("format"))
    ranks: dict[str, str] = {}
    for row in data.get("final_rank") or ():
        if isinstance(row, Mapping) and _text(row.get("loginid")) and _text(row.get("rank")):
            ranks[str(_text(row.get("loginid")))] = str(_text(row.get("rank")))
    decks: list[_Deck] = []
    metadata: list[dict[str, str]] = []
    for i, entry in enumerate(data["decklists"]):
        deck = _Deck(path)
        where = f"decklists[{i}]"
        deck.cards(
            f"{where}.main_deck", entry.get("main_deck"), Zone.MAIN, _mtgo_name, lambda c: c.get("qty")
        )
        deck.cards(
            f"{where}.sideboard_deck",
            entry.get("sideboard_deck"),
            Zone.SIDEBOARD,
            _mtgo_name,
            lambda c: c.get("qty"),
        )
        deck_metadata: dict[str, str] = {}
        player = _text(entry.get("player"))
        if player:
            deck_metadata["player"] = player
        wins = entry.get("wins")
        if isinstance(wins, Mapping):
            for key in ("wins", "losses", "draws"):
                if _text(wins.get(key)) is not None:
                    deck_metadata[key] = str(_text(wins.get(key)))
            if "wins" in deck_metadata and "losses" in deck_metadata:
                record = (deck_metadata.get(key) for key in ("wins", "losses", "draws"))
                deck_metadata["result"] = "-".join(count for count in record if count is not None)
        elif _text(wins) is not None:
            deck_metadata["wins"] = str(_text(wins))
        rank = ranks.get(_text(entry.get("loginid")) or "")
        if rank:
            deck_metadata["rank"] = rank
        decks.append(deck)
        metadata.append(deck_metadata)
    event = _event_metadata(name, event_id, date, code)
    return _finish(path, decks, metadata, event, format_for_event(code, name))


def _cache_name(item: Mapping[str, Any]) -> Any:
    return item.get("CardName")


def _standings(data: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    rows = data.get("Standings")
    out: dict[str, Mapping[str, Any]] = {}
    if isinstance(rows, list):
        for row in rows:
            if isinstance(row, Mapping) and _text(row.get("Player")):
                out[str(_text(row.get("Player")))] = row
    return out


def _cache(path: str, data: Mapping[str, Any]) -> list[ParsedDeck]:
    tournament = data["Tournament"]
    name = _text(tournament.get("Name"))
    date = _text(tournament.get("Date"))
    uri = _text(tournament.get("Uri"))
    event_id = None
    if uri:
        # ".../modern-challenge-2022-04-2412412174": the event id follows the date
        match = re.search(r"\d{4}-\d{2}-\d{2}(\d+)/?$", uri)
        event_id = match.group(1) if match else uri.rstrip("/").rsplit("/", 1)[-1]
    standings = _standings(data)
    decks: list[_Deck] = []
    metadata: list[dict[str, str]] = []
    for i, entry in enumerate(data["Decks"]):
        deck = _Deck(path)
        if not isinstance(entry, Mapping):
            deck.run.builder.problem_line(0, f"Decks[{i}]", f"Decks[{i}]: not a deck object")
            decks.append(deck)
            metadata.append({})
            continue
        where = f"Decks[{i}]"
        deck.cards(
            f"{where}.Mainboard", entry.get("Mainboard"), Zone.MAIN, _cache_name, lambda c: c.get("Count")
        )
        deck.cards(
            f"{where}.Sideboard",
            entry.get("Sideboard"),
            Zone.SIDEBOARD,
            _cache_name,
            lambda c: c.get("Count"),
        )
        deck_metadata: dict[str, str] = {}
        player = _text(entry.get("Player"))
        if player:
            deck_metadata["player"] = player
        result = _text(entry.get("Result"))
        if result:
            deck_metadata["result"] = result
            rank_match = _RANK_RE.match(result)
            record_match = _RECORD_RE.match(result)
            if rank_match:
                deck_metadata["rank"] = rank_match.group(1)
            elif record_match:
                wins, losses, draws = record_match.groups()
                deck_metadata["wins"], deck_metadata["losses"] = wins, losses
                if draws is not None:
                    deck_metadata["draws"] = draws
        standing = standings.get(player or "")
        if standing is not None:
            for key, column in (("rank", "Rank"), ("wins", "Wins"), ("losses", "Losses"), ("draws", "Draws")):
                if _text(standing.get(column)) is not None:
                    deck_metadata[key] = str(_text(standing.get(column)))
        deck_date = _text(entry.get("Date"))
        if deck_date and not date:
            deck_metadata["date"] = deck_date
        decks.append(deck)
        metadata.append(deck_metadata)
    event = _event_metadata(name, event_id, date, None)
    return _finish(path, decks, metadata, event, format_for_event(None, name))


def event_decks(data: Any, path: str) -> list[ParsedDeck] | None:
    """Every deck of an event document (already loaded JSON); None when ``data`` is not one."""
    shape = event_shape(data)
    if shape is None:
        return None
    decks = _mtgo(path, data) if shape == "mtgo" else _cache(path, data)
    if not decks:
        return [whole_file_problem(path, INPUT_FORMAT, "the event document lists no decks")]
    return decks
