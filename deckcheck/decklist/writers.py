"""Decklist writers. Each writes the zones its format can hold; ``parse`` of the output gives back
the same entries (zone, quantity, name, and the printing details the format carries).

Zones a format cannot hold are folded the way that format's own software expects, and documented
in :data:`WRITER_ZONES`: MTGO, XMage, Cockatrice and MTGO .dek keep commanders and companions in
the sideboard (the engine reads such a sideboard back as the command zone in a Commander format);
formats without a maybeboard drop it.

Besides the cards, a decklist says things its client may or may not keep: the deck name, the
format declaration, the deck's date and comments. :data:`WRITER_KEEPS` says what each writer
writes, in the field its client reads or skips (XMage skips ``#`` lines, Forge reads
``[metadata]`` key=value lines, Cockatrice has a ``<comments>`` element); what a writer does not
keep, the export lists as lost. The format declaration and the date are written as ``key: value``
fields their readers read back (:func:`carried_metadata`).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape

from deckcheck.deck import (
    EXTRA_TAG,
    TOKEN_MARKER,
    Entry,
    LineKind,
    ParsedDeck,
    Zone,
    commander_names,
    extra_zone_tag,
    zone_tag,
)
from deckcheck.decklist._base import CARRIED_METADATA_KEYS, COD_FIELD_LINE, keys_pattern, normalized_key
from deckcheck.decklist._grammar import HeaderKind, classify_header
from deckcheck.decklist.text import comment_commanders, comment_is_note
from deckcheck.value import replace


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


_XMAGE_LAYOUT = re.compile(r"^LAYOUT\s+\w+\s*:", re.IGNORECASE)


def one_line(text: str) -> str:
    """``text`` with each run of white space (a line break too) a single space."""
    return " ".join(text.split())


def _entries(deck: ParsedDeck, zones: Iterable[Zone]) -> list[Entry]:
    wanted = tuple(zones)
    return [e for e in deck.entries if e.zone in wanted]


def _with_companion_copies(deck: ParsedDeck, entries: list[Entry]) -> list[Entry]:
    """``entries`` with each companion's copies written in the sideboard too, before the first
    sideboard entry with its name. A reader takes a companion's copies off the first sideboard line
    that names it (Arena lists the companion under Companion and in the sideboard), so a sideboard
    that holds more copies of the companion reads back the same only when these are written too.
    (For writers with a Companion section.)"""
    copies: dict[str, Entry] = {}
    for companion in deck.zone(Zone.COMPANION):
        key = normalized_key(companion.name)
        held = copies.get(key)
        quantity = companion.quantity + (held.quantity if held else 0)
        copies[key] = replace(held or companion, zone=Zone.SIDEBOARD, quantity=quantity)
    written: list[Entry] = []
    for entry in entries:
        if entry.zone is Zone.SIDEBOARD:
            copy = copies.pop(normalized_key(entry.name), None)
            if copy is not None:
                written.append(copy)
        written.append(entry)
    return written


@dataclass(frozen=True, slots=True)
class DeckNote:
    """A comment or metadata line of the source other than the deck name and carried metadata,
    as text (comment markers removed), with its source line."""

    line: int
    text: str


# The metadata a writer carries as its own field (the name, CARRIED_METADATA_KEYS), not as a note.
_CARRIED_FIELD = re.compile(
    rf"^(?:name|deck ?name|title|{keys_pattern(CARRIED_METADATA_KEYS)})\s*(?:[:=\uff1a]|\s(?=\S))",
    re.IGNORECASE,
)
# A comment naming the commander: carried, not a note as well (which would name the commander
# twice), when a writer writes what it names: in a list without a Commander section, as its own
# field (named_commanders); in a list with one, when it names the commanders of that section, which
# every writer writes as the commander (or the export says it cannot). A comment naming another
# card than the section's commander stays a note: the checker goes by the section, so written as a
# commander line it would read back as a second, different commander; a writer whose comment line
# would so read back lists it as lost.
_COMMANDER_FIELD = re.compile(r"^(?:commander|cdr)\s*[:=\uff1a]\s*(?P<value>.*)$", re.IGNORECASE)
_CARRIED_NOTES = frozenset({"deck name"})
# The notes of formats whose lines are markup: Cockatrice's <comments>, OCTGN's <notes>, a deck
# site's description.
_NOTE_KEYS = ("comments", "notes", "description")


def deck_notes(deck: ParsedDeck) -> list[DeckNote]:
    """The source's comment and metadata lines that are neither the deck name nor carried metadata
    (which writers carry in their own fields): what a writer with comments keeps."""
    notes: list[DeckNote] = []
    commander_carried = bool(named_commanders(deck))
    section_commanders = {normalized_key(e.name) for e in deck.zone(Zone.COMMANDER)}
    for record in deck.lines if deck.input_format in _LINE_FORMATS else ():
        if record.kind is not LineKind.COMMENT or record.note in _CARRIED_NOTES:
            continue
        text = record.text.strip()
        body = text[2:] if text.startswith("//") else text[1:] if text.startswith("#") else text
        body = body.strip()
        if not body or (record.note == "metadata" and _CARRIED_FIELD.match(body)):
            continue
        commander_field = _COMMANDER_FIELD.match(body) if record.note == "metadata" else None
        if commander_field is not None:
            names = {normalized_key(name) for name in commander_names(commander_field.group("value"))}
            if commander_carried or (names and names <= section_commanders):
                continue
        notes.append(DeckNote(record.line, body))
    # formats whose lines are markup (XML, JSON, CSV): their comment fields, line by line (but for
    # the lines of Cockatrice's comments read as fields: its format, date, commander)
    for key in _NOTE_KEYS if deck.input_format not in _LINE_FORMATS else ():
        fields = key == "comments" and deck.input_format == "cod"
        for line in deck.metadata.get(key, "").splitlines():
            if line.strip() and not (fields and COD_FIELD_LINE.match(line)):
                notes.append(DeckNote(0, line.strip()))
    return notes


def carried_metadata(deck: ParsedDeck) -> list[tuple[str, str]]:
    """The deck's CARRIED_METADATA_KEYS with their values on one line: the format as the deck
    declares it, each date as written. A writer with fields for them writes each as ``key: value``
    (or ``Key=value``), which the reader of its output reads back under the same key."""
    found = []
    for key in CARRIED_METADATA_KEYS:
        value = deck.declared_format if key == "format" else deck.metadata.get(key)
        if value:
            found.append((key, one_line(value)))
    return found


# The line-based formats: every comment line is a LineRecord of its own.
_LINE_FORMATS = frozenset({"arena", "mtgo", "plain", "moxfield", "archidekt", "forge", "xmage"})


def named_commanders(deck: ParsedDeck) -> list[str]:
    """Commanders a comment names (Cockatrice ``CDR:``, ``// Commander: ...``) in a list with no
    Commander section: the engine reads them as the command zone in a Commander format, so a writer
    with a field for them writes the names, not the guess."""
    if any(e.zone is Zone.COMMANDER for e in deck.entries):
        return []
    return deck.commented_commanders()


def _printing(entry: Entry) -> str:
    if not entry.set_code:
        return ""
    number = f" {entry.collector_number}" if entry.collector_number else ""
    return f" ({entry.set_code}){number}"


def write_arena(deck: ParsedDeck) -> str:
    """MTG Arena: About/Name, then Commander, Companion, Deck, Sideboard, Maybeboard sections;
    ``N Name (SET) 123``. Arena has no foil marker, so foil is not written, and no section for a
    zone that is not part of the deck (tokens, a scheme deck): those are not written (in the
    Maybeboard they would read back as cards to look up)."""
    blocks: list[str] = []
    if deck.name:
        blocks.append(f"About\nName {one_line(deck.name)}")
    for zone, header in _ARENA_HEADERS:
        entries = _with_companion_copies(deck, deck.zone(zone))
        lines = [f"{e.quantity} {e.name}{_printing(e)}" for e in entries if zone_tag(e) is None]
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


def moxfield_tag(tag: str) -> bool:
    """Whether ``tag`` reads back from a Moxfield ``#tag``: one word, no ``#``, not starting with
    ``!`` (which marks Moxfield's global tags). Any other would be read as part of the name."""
    return bool(tag) and not tag.startswith("!") and not any(c.isspace() or c == "#" for c in tag)


def moxfield_section(tag: str) -> str | None:
    """The section header a zone that is not part of the deck (its ``extra:`` tag) is written
    under in Moxfield text, when the reader reads that header as the same zone; else None."""
    if not tag.startswith(EXTRA_TAG):
        return None
    label = tag.removeprefix(EXTRA_TAG)
    header = f"{label.upper()}:"
    found = classify_header(header)
    if found is None or found.kind is not HeaderKind.EXTRA or found.label.lower() != label:
        return None
    return header


def write_moxfield(deck: ParsedDeck) -> str:
    """Moxfield text: ``N Name (SET) 123 *F* #tag``; commanders marked ``*CMDR*``, then
    ``COMPANION:``, the deck, ``SIDEBOARD:`` and ``MAYBEBOARD:`` blocks, then a block for each zone
    that is not part of the deck whose name the reader knows (``DISPLAY COMMANDER:``, ``TOKENS:``);
    another such zone is a ``#extra:name`` tag. A tag that would not read back as one (a space in
    it) is not written: the export lists it as lost."""

    def line(entry: Entry, marker: str = "", section_tag: str | None = None) -> str:
        foil = " *F*" if entry.foil else ""
        tags = "".join(f" #{t}" for t in entry.tags if t != section_tag and moxfield_tag(t))
        return f"{entry.quantity} {entry.name}{_printing(entry)}{foil}{marker}{tags}"

    sections: dict[str, list[str]] = {}  # an extra zone's header: its lines
    maybeboard = []
    for entry in deck.zone(Zone.MAYBEBOARD):
        tag = zone_tag(entry)
        header = moxfield_section(tag) if tag else None
        if header is None:
            maybeboard.append(line(entry))
        else:
            sections.setdefault(header, []).append(line(entry, section_tag=tag))
    blocks: list[str] = []
    head = [line(e, " *CMDR*") for e in deck.zone(Zone.COMMANDER)]
    head += [line(e) for e in deck.zone(Zone.MAIN)]
    if head:
        blocks.append("\n".join(head))
    for header, lines in (
        ("COMPANION:", [line(e) for e in deck.zone(Zone.COMPANION)]),
        ("SIDEBOARD:", [line(e) for e in _with_companion_copies(deck, deck.zone(Zone.SIDEBOARD))]),
        ("MAYBEBOARD:", maybeboard),
        *sections.items(),  # last: the reader keeps reading an extra section until a zone header
    ):
        if lines:
            blocks.append("\n".join([header, *lines]))
    return "\n\n".join(blocks) + "\n" if blocks else ""


def write_forge(deck: ParsedDeck) -> str:
    """Forge .dck: ``[metadata]`` Name=, Format= and Date= (keys Forge reads past) and Comment=
    (the comment lines, joined: Forge's field is one line), ``[Commander]``, ``[Main]``, ``[Sideboard]``;
    ``N Name[+]|SET``. Forge has no companion section (companions go in the sideboard, as Forge
    expects) and no maybeboard; collector numbers are not Forge art indexes and are not written."""

    def line(entry: Entry) -> str:
        foil = "+" if entry.foil else ""
        printing = f"|{entry.set_code}" if entry.set_code else ""
        return f"{entry.quantity} {entry.name}{foil}{printing}"

    parts = ["[metadata]", f"Name={one_line(deck.name or '')}"]
    parts += [f"{key.title()}={value}" for key, value in carried_metadata(deck)]
    named = named_commanders(deck)
    if named:
        parts.append("Commander=" + "; ".join(named))
    notes = deck_notes(deck)
    if notes:  # Forge's Comment field holds one line
        parts.append("Comment=" + " | ".join(one_line(n.text) for n in notes))
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
    companions are ``SB:`` lines (XMage's convention), and a ``# commander:`` line names each
    commander; the format declaration, the date and comments are ``#`` lines, which XMage's importer skips;
    ``LAYOUT`` lines are kept as XMage wrote them; the maybeboard is not written."""

    def line(entry: Entry) -> str:
        printing = ""
        if entry.set_code:
            printing = f"[{entry.set_code}:{entry.collector_number or ''}] "
        return f"{entry.quantity} {printing}{entry.name}"

    parts = [f"NAME:{one_line(deck.name)}"] if deck.name else []
    parts += [f"# {key}: {value}" for key, value in carried_metadata(deck)]
    # XMage's own rule for which SB: cards are commanders guesses; the names say it, each on a line
    # that reads back as that name (xmage_commander_line)
    commanders = [e.name for e in deck.zone(Zone.COMMANDER)] + named_commanders(deck)
    parts += [f"# commander: {name}" for name in commanders if xmage_commander_line(name) == [name]]
    layouts = []
    for note in deck_notes(deck):
        if _XMAGE_LAYOUT.match(note.text):
            layouts.append(note.text)
        elif xmage_note(note.text):
            parts.append(f"# {note.text}")
    parts += [line(e) for e in deck.zone(Zone.MAIN)]
    parts += [f"SB: {line(e)}" for e in _entries(deck, (Zone.COMMANDER, Zone.COMPANION, Zone.SIDEBOARD))]
    parts += layouts  # XMage writes its card layout last
    return "\n".join(parts) + "\n" if parts else ""


def xmage_note(text: str) -> bool:
    """Whether the note ``text`` reads back from XMage's ``# text`` line (or, for a ``LAYOUT``
    line, as itself) as a note, not as a section header or the deck's name, format, date or
    commander. Another is not written: the export lists it as lost."""
    return bool(_XMAGE_LAYOUT.match(text)) or comment_is_note(f"# {text}")


def xmage_commander_line(name: str) -> list[str]:
    """The commanders XMage's ``# commander: name`` line reads back as naming: ``[name]``, or others
    (a ";" parts a name in two, as the reader parts partners). Another line is not written: the
    export lists the commander's name as lost."""
    return comment_commanders(f"# commander: {name}")


def cod_commander_line(name: str) -> list[str]:
    """The commanders the ``CDR: name`` line of Cockatrice's ``<comments>`` reads back as naming:
    ``[name]``, or others (a ";" parts a name in two, a line break ends it). Another line is not
    written: the export lists the commander's name as lost."""
    field = COD_FIELD_LINE.match(f"CDR: {name}")
    return commander_names(field.group("value")) if field is not None else []


def cod_note(text: str) -> bool:
    """Whether the note ``text`` reads back from a line of Cockatrice's ``<comments>`` as a note,
    not as a field (the format, a date, a commander). Another is not written: the export lists it
    as lost."""
    return not COD_FIELD_LINE.match(text)


# The tags of the entries Cockatrice keeps in its ``tokens`` zone (a zone of that name, or lines
# marked as tokens): the one zone not part of the deck that it has.
COD_TOKEN_TAGS = frozenset({extra_zone_tag("tokens"), TOKEN_MARKER})


def write_cod(deck: ParsedDeck) -> str:
    """Cockatrice .cod XML: ``main``, ``side`` and ``tokens`` zones. Cockatrice has no command zone:
    the commander goes in ``side`` by convention, as do companions, and is named on a ``CDR:`` line
    of ``<comments>`` (with the format declaration, the date and the comment lines); its ``tokens``
    zone holds the tokens (a tokens zone read, lines marked as tokens); the rest of the maybeboard
    is not written."""

    def card(entry: Entry) -> str:
        attrs = f"number={quoteattr(str(entry.quantity))} name={quoteattr(entry.name)}"
        if entry.set_code:
            attrs += f" setShortName={quoteattr(entry.set_code)}"
        if entry.collector_number:
            attrs += f" collectorNumber={quoteattr(entry.collector_number)}"
        return f"        <card {attrs}/>"

    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<cockatrice_deck version="1">']
    out.append(f"    <deckname>{escape(deck.name or '')}</deckname>")
    banner = deck.metadata.get("banner card")
    if banner:
        out.append(f'    <bannerCard providerId="">{escape(banner, quote=False)}</bannerCard>')
    comments = [f"{key.capitalize()}: {value}" for key, value in carried_metadata(deck)]
    commanders = [e.name for e in deck.zone(Zone.COMMANDER)] + named_commanders(deck)
    comments += [f"CDR: {name}" for name in commanders if cod_commander_line(name) == [name]]
    comments += [n.text for n in deck_notes(deck) if cod_note(n.text)]
    if comments:
        out.append(f"    <comments>{escape(chr(10).join(comments), quote=False)}</comments>")
    for zone_name, entries in (
        ("main", _entries(deck, (Zone.MAIN,))),
        ("side", _entries(deck, (Zone.COMMANDER, Zone.COMPANION, Zone.SIDEBOARD))),
        ("tokens", [e for e in deck.zone(Zone.MAYBEBOARD) if zone_tag(e) in COD_TOKEN_TAGS]),
    ):
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
    for e in _with_companion_copies(deck, deck.entries):
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
# The writers that keep the maybeboard but have no way to name a zone that is not part of the deck
# (deck.zone_tag): they leave such zones out.
WRITER_DROPS_EXTRA_ZONES = frozenset({"arena"})
# The zones that are not part of the deck (their zone_tag) a writer without a maybeboard still
# writes, in a zone of their own that reads back as the same.
WRITER_EXTRA_ZONES: dict[str, frozenset[str]] = {"cod": COD_TOKEN_TAGS}
# The writers whose deck name field is one line (Arena's "Name", Forge's Name=, XMage's NAME:).
WRITER_ONE_LINE_NAME = frozenset({"arena", "forge", "xmage"})
# What each writer keeps besides the cards: the deck name, the format declaration and the date
# (carried_metadata), the comment lines (deck_notes), and the commanders a comment names
# (named_commanders).
WRITER_KEEPS: dict[str, frozenset[str]] = {
    "arena": frozenset({"name"}),
    "mtgo": frozenset(),
    "moxfield": frozenset(),
    "forge": frozenset({"name", "format", "date", "comments", "commander"}),
    "xmage": frozenset({"name", "format", "date", "comments", "commander"}),
    "cod": frozenset({"name", "format", "date", "comments", "commander", "banner"}),
    "dek": frozenset(),
    "csv": frozenset(),
}
# The notes (deck_notes) a writer with comments writes so that they read back as notes, where that is
# not every note.
WRITER_WRITES_NOTE: dict[str, Callable[[str], bool]] = {"xmage": xmage_note, "cod": cod_note}
# What the comment line naming a commander reads back as naming, for each writer that names the
# commanders it keeps in the sideboard (and those a comment named) in a comment line: it writes the
# lines that read back as the one name written. (Forge's Commander= names only those a comment
# named, which its reader parted at each ";" already.)
WRITER_COMMANDER_LINE: dict[str, Callable[[str], list[str]]] = {
    "xmage": xmage_commander_line,
    "cod": cod_commander_line,
}
# The tags a writer with a tags field writes so that they read back, where that is not every tag.
WRITER_WRITES_TAG: dict[str, Callable[[str], bool]] = {"moxfield": moxfield_tag}


def _moxfield_names_zone(tag: str) -> bool:
    return moxfield_section(tag) is not None or moxfield_tag(tag)


# The zones that are not part of the deck (their zone_tag) a writer that keeps them in the maybeboard
# names, where that is not every one: another is written as plain maybeboard cards.
WRITER_NAMES_EXTRA_ZONE: dict[str, Callable[[str], bool]] = {"moxfield": _moxfield_names_zone}
# (Arena, Moxfield and XMage write a collector number only after a set code: "(SET) 123", "[SET:123]")
WRITER_NUMBER_NEEDS_SET = frozenset({"arena", "moxfield", "xmage"})
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
