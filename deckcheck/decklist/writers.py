"""Decklist writers. Each writes the zones its format can hold; ``parse`` of the output gives back
the same entries (zone, quantity, name, and the printing details the format carries).

Zones a format cannot hold are folded the way that format's own software expects, and documented
in :data:`WRITER_ZONES`: MTGO, XMage, Cockatrice and MTGO .dek keep commanders and companions in
the sideboard; formats without a maybeboard drop it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable
from html import escape

from deckcheck.deck import Entry, ParsedDeck, Zone


def quoteattr(value: str) -> str:
    """An XML attribute value in double quotes. (xml.sax.saxutils would import urllib and http.client
    into every check run just for this.)"""
    text = escape(value, quote=True)
    return '"' + text.replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;") + '"'


Writer = Callable[[ParsedDeck], str]

_ARENA_HEADERS = (
    (Zone.COMMANDER, "Commander"),
    (Zone.COMPANION, "Companion"),
    (Zone.MAIN, "Deck"),
    (Zone.SIDEBOARD, "Sideboard"),
    (Zone.MAYBEBOARD, "Maybeboard"),
)


def _entries(deck: ParsedDeck, zones: Iterable[Zone]) -> list[Entry]:
    wanted = tuple(zones)
    return [e for e in deck.entries if e.zone in wanted]


def _printing(entry: Entry) -> str:
    if not entry.set_code:
        return ""
    number = f" {entry.collector_number}" if entry.collector_number else ""
    return f" ({entry.set_code}){number}"


def write_arena(deck: ParsedDeck) -> str:
    """MTG Arena: About/Name, then Commander, Companion, Deck, Sideboard, Maybeboard sections;
    ``N Name (SET) 123``. Arena has no foil marker, so foil is not written."""
    blocks: list[str] = []
    if deck.name:
        blocks.append(f"About\nName {deck.name}")
    for zone, header in _ARENA_HEADERS:
        lines = [f"{e.quantity} {e.name}{_printing(e)}" for e in deck.zone(zone)]
        if lines:
            blocks.append("\n".join([header, *lines]))
    return "\n\n".join(blocks) + "\n" if blocks else ""


def write_mtgo(deck: ParsedDeck) -> str:
    """MTGO .txt: main deck, a blank line, ``Sideboard``, then the sideboard. MTGO has no command
    zone or companion slot: commanders and companions go in the sideboard, where MTGO expects them.
    The maybeboard is not written."""
    main = [f"{e.quantity} {e.name}" for e in deck.zone(Zone.MAIN)]
    side = [
        f"{e.quantity} {e.name}" for e in _entries(deck, (Zone.COMMANDER, Zone.COMPANION, Zone.SIDEBOARD))
    ]
    text = "\n".join(main)
    if side:
        text += ("\n\n" if main else "") + "Sideboard\n" + "\n".join(side)
    return text + "\n" if text else ""


def write_moxfield(deck: ParsedDeck) -> str:
    """Moxfield text: ``N Name (SET) 123 *F* #tag``; commanders marked ``*CMDR*``, then
    ``COMPANION:``, the deck, ``SIDEBOARD:`` and ``MAYBEBOARD:`` blocks."""

    def line(entry: Entry, marker: str = "") -> str:
        foil = " *F*" if entry.foil else ""
        tags = "".join(f" #{t}" for t in entry.tags)
        return f"{entry.quantity} {entry.name}{_printing(entry)}{foil}{marker}{tags}"

    blocks: list[str] = []
    head = [line(e, " *CMDR*") for e in deck.zone(Zone.COMMANDER)]
    head += [line(e) for e in deck.zone(Zone.MAIN)]
    if head:
        blocks.append("\n".join(head))
    for zone, header in (
        (Zone.COMPANION, "COMPANION:"),
        (Zone.SIDEBOARD, "SIDEBOARD:"),
        (Zone.MAYBEBOARD, "MAYBEBOARD:"),
    ):
        lines = [line(e) for e in deck.zone(zone)]
        if lines:
            blocks.append("\n".join([header, *lines]))
    return "\n\n".join(blocks) + "\n" if blocks else ""


def write_forge(deck: ParsedDeck) -> str:
    """Forge .dck: ``[metadata]`` Name=, ``[Commander]``, ``[Main]``, ``[Sideboard]``;
    ``N Name[+]|SET``. Forge has no companion section (companions go in the sideboard, as Forge
    expects) and no maybeboard; collector numbers are not Forge art indexes and are not written."""

    def line(entry: Entry) -> str:
        foil = "+" if entry.foil else ""
        printing = f"|{entry.set_code}" if entry.set_code else ""
        return f"{entry.quantity} {entry.name}{foil}{printing}"

    parts = ["[metadata]", f"Name={deck.name or ''}"]
    for header, zones in (
        ("[Commander]", (Zone.COMMANDER,)),
        ("[Main]", (Zone.MAIN,)),
        ("[Sideboard]", (Zone.COMPANION, Zone.SIDEBOARD)),
    ):
        entries = _entries(deck, zones)
        if entries:
            parts.append(header)
            parts.extend(line(e) for e in entries)
    return "\n".join(parts) + "\n"


def write_xmage(deck: ParsedDeck) -> str:
    """XMage .dck: ``NAME:``, ``N [SET:NUM] Name``, ``SB: N [SET:NUM] Name``. Commanders and
    companions are ``SB:`` lines (XMage's convention); the maybeboard is not written."""

    def line(entry: Entry) -> str:
        printing = ""
        if entry.set_code:
            printing = f"[{entry.set_code}:{entry.collector_number or ''}] "
        return f"{entry.quantity} {printing}{entry.name}"

    parts = [f"NAME:{deck.name}"] if deck.name else []
    parts += [line(e) for e in deck.zone(Zone.MAIN)]
    parts += [f"SB: {line(e)}" for e in _entries(deck, (Zone.COMMANDER, Zone.COMPANION, Zone.SIDEBOARD))]
    return "\n".join(parts) + "\n" if parts else ""


def write_cod(deck: ParsedDeck) -> str:
    """Cockatrice .cod XML: ``main`` and ``side`` zones. Cockatrice has no command zone: the
    commander goes in ``side`` by convention, as do companions; the maybeboard is not written."""

    def card(entry: Entry) -> str:
        attrs = f"number={quoteattr(str(entry.quantity))} name={quoteattr(entry.name)}"
        if entry.set_code:
            attrs += f" setShortName={quoteattr(entry.set_code)}"
        if entry.collector_number:
            attrs += f" collectorNumber={quoteattr(entry.collector_number)}"
        return f"        <card {attrs}/>"

    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<cockatrice_deck version="1">']
    out.append(f"    <deckname>{escape(deck.name or '')}</deckname>")
    for zone_name, zones in (
        ("main", (Zone.MAIN,)),
        ("side", (Zone.COMMANDER, Zone.COMPANION, Zone.SIDEBOARD)),
    ):
        entries = _entries(deck, zones)
        if entries:
            out.append(f'    <zone name="{zone_name}">')
            out.extend(card(e) for e in entries)
            out.append("    </zone>")
    out.append("</cockatrice_deck>")
    return "\n".join(out) + "\n"


def write_dek(deck: ParsedDeck) -> str:
    """MTGO .dek XML: ``<Cards Quantity= Sideboard= Name=>``; commanders and companions are
    sideboard cards (MTGO has no flag for them); the maybeboard is not written."""
    out = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
        "  <NetDeckID>0</NetDeckID>",
        "  <PreconstructedDeckID>0</PreconstructedDeckID>",
    ]
    for entry in _entries(deck, (Zone.MAIN, Zone.COMMANDER, Zone.COMPANION, Zone.SIDEBOARD)):
        sideboard = "false" if entry.zone is Zone.MAIN else "true"
        out.append(
            f'  <Cards Quantity="{entry.quantity}" Sideboard="{sideboard}" Name={quoteattr(entry.name)} />'
        )
    out.append("</Deck>")
    return "\n".join(out) + "\n"


_CSV_SECTION = {
    Zone.COMMANDER: "commander",
    Zone.COMPANION: "companion",
    Zone.MAIN: "main",
    Zone.SIDEBOARD: "sideboard",
    Zone.MAYBEBOARD: "maybeboard",
}


def write_csv(deck: ParsedDeck) -> str:
    """Deck CSV with every field: Count, Name, Section, Set, Collector Number, Foil, Tags."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["Count", "Name", "Section", "Set", "Collector Number", "Foil", "Tags"])
    for e in deck.entries:
        writer.writerow(
            [
                e.quantity,
                e.name,
                _CSV_SECTION[e.zone],
                e.set_code or "",
                e.collector_number or "",
                "foil" if e.foil else "",
                ",".join(e.tags),
            ]
        )
    return buffer.getvalue()


WRITERS: dict[str, Writer] = {
    "arena": write_arena,
    "mtgo": write_mtgo,
    "moxfield": write_moxfield,
    "forge": write_forge,
    "xmage": write_xmage,
    "cod": write_cod,
    "dek": write_dek,
    "csv": write_csv,
}

ALL_ZONES = frozenset(Zone)
_FOLD_TO_SIDEBOARD = frozenset({Zone.MAIN, Zone.SIDEBOARD})

# The zones each writer keeps as themselves (others are folded into the sideboard or dropped, as
# documented on the writer) and the entry fields it carries besides quantity and name.
WRITER_ZONES: dict[str, frozenset[Zone]] = {
    "arena": ALL_ZONES,
    "mtgo": _FOLD_TO_SIDEBOARD,
    "moxfield": ALL_ZONES,
    "forge": frozenset({Zone.COMMANDER, Zone.MAIN, Zone.SIDEBOARD}),
    "xmage": _FOLD_TO_SIDEBOARD,
    "cod": _FOLD_TO_SIDEBOARD,
    "dek": _FOLD_TO_SIDEBOARD,
    "csv": ALL_ZONES,
}
WRITER_FIELDS: dict[str, frozenset[str]] = {
    "arena": frozenset({"set_code", "collector_number"}),
    "mtgo": frozenset(),
    "moxfield": frozenset({"set_code", "collector_number", "foil", "tags"}),
    "forge": frozenset({"set_code", "foil"}),
    "xmage": frozenset({"set_code", "collector_number"}),
    "cod": frozenset({"set_code", "collector_number"}),
    "dek": frozenset(),
    "csv": frozenset({"set_code", "collector_number", "foil", "tags"}),
}
