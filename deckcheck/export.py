"""Export planning: a parsed decklist through one writer, and everything the written file would not
hold, so that an export is lossless or says what it loses. No click: ``deckcheck export`` prints
the plan and decides what to write.

A loss is anything a reader of the output would not get back: a line that could not be read, a
zone the target has no place for, what a card line says of its printing or copy (set code,
collector number, foil flag, tags, variant, art index, etched finish, alter, proxy or signed mark)
where the target's client has no field for it, the deck name, the format declaration, the deck's
date or comment lines where the target's client has no field for them
(:data:`deckcheck.decklist.writers.WRITER_KEEPS`), and the command zone where the target keeps it
in the sideboard but the output does not say the deck is a Commander deck (then nothing tells a
reader that the sideboard is the command zone); a card line that gave no count (written with one),
a comment the target would read back as something else (a section header, the deck name, format,
date or commander), a card whose name the target's reader would read back as another card or
none (a name with a set code or a foil mark in it, a name whose end joins what its line writes
after it, a name that is no card name): its lines are not written; and a commander whose name
the comment line that names it would read back as another (a ";" in it): that line is not
written.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass

from deckcheck.as_of import metadata_date
from deckcheck.deck import EXTRA_TAG, Entry, ParsedDeck, Zone, zone_tag
from deckcheck.decklist import WRITER_FIELDS, WRITER_ZONES, WRITERS, parse_text
from deckcheck.decklist._base import EMPTY_DECKLIST
from deckcheck.decklist.writers import (
    WRITER_COMMANDER_LINE,
    WRITER_DROPS_EXTRA_ZONES,
    WRITER_EXTRA_ZONES,
    WRITER_KEEPS,
    WRITER_NAMES_EXTRA_ZONE,
    WRITER_NUMBER_NEEDS_SET,
    WRITER_ONE_LINE_NAME,
    WRITER_WRITES_NOTE,
    WRITER_WRITES_TAG,
    carried_metadata,
    deck_notes,
    named_commanders,
    one_line,
)
from deckcheck.formats import load_registry
from deckcheck.value import replace
from deckcheck.wording import counted

_CLIENT = {
    "arena": "MTG Arena",
    "mtgo": "MTGO",
    "moxfield": "Moxfield",
    "forge": "Forge",
    "xmage": "XMage",
    "cod": "Cockatrice",
    "dek": "MTGO .dek",
    "csv": "CSV",
}


# What a written card line says of its printing and copy, as far as the target writes it:
# the set code (case folded), the collector number, the foil flag, the tags (sorted).
Printing = tuple[str | None, str | None, bool, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class ExportLoss:
    """Something in the source that the written decklist would not contain."""

    line: int
    message: str

    def text(self, path: str) -> str:
        return f"{path}:{self.line}: {self.message}" if self.line > 0 else f"{path}: {self.message}"


@dataclass(frozen=True, slots=True)
class ExportPlan:
    """A decklist written in format ``to``: the text, the cards it holds, what it loses, the
    source's warnings (kept, but worth a look), and what a reader of the text must find: each
    card's zone, name and count, the format and the date (the source's, unless listed as lost),
    the deck name and the commanders its comments name."""

    to: str
    text: str
    cards: int
    losses: tuple[ExportLoss, ...]
    warnings: tuple[ExportLoss, ...]
    declared_format: str | None = None
    date: dt.date | None = None
    holds: tuple[tuple[Zone, str, int], ...] = ()
    printings: tuple[tuple[Zone, str, Printing, int], ...] = ()
    name: str | None = None
    commanders: tuple[str, ...] = ()


def plan_export(parsed: ParsedDeck, to: str) -> ExportPlan:
    """Write ``parsed`` with the ``to`` writer and list what the output would lose."""
    dropped, kept, unheld = _sorted_out(parsed, to)
    written = [e for e in kept if e.name not in unheld]
    deck_written = replace(parsed, entries=written)
    text = WRITERS[to](deck_written)
    errors = [p for p in parsed.problems if p.severity == "error"]
    losses = [ExportLoss(p.line, f"{p.code or 'DC002'} {p.message}") for p in errors]
    losses += _dropped_losses(dropped, to)
    losses += _name_losses(kept, unheld, to)
    losses += _field_losses(written, to)
    losses += _count_losses(written, to)
    losses += _zone_losses(written, to)
    losses += _metadata_losses(parsed, to)
    losses += _command_zone_losses(deck_written, to)
    named, lost_names = _commander_lines(deck_written, to)
    losses += lost_names
    losses.sort(key=lambda loss: loss.line)
    warnings = [ExportLoss(p.line, p.message) for p in parsed.problems if p.severity == "warning"]
    cards = sum(e.quantity for e in written)
    keeps = WRITER_KEEPS[to]
    declared = parsed.declared_format if "format" in keeps else None
    date = metadata_date(parsed.metadata)[0] if "date" in keeps else None
    held = tuple((zone, name, n) for (zone, name), n in _held(written, to).items())
    name = one_line(parsed.name) if parsed.name and "name" in keeps else None
    return ExportPlan(
        to,
        text,
        cards,
        tuple(losses),
        tuple(warnings),
        declared,
        date,
        held,
        _printings(written, to),
        name,
        named,
    )


def _written_printing(entry: Entry, to: str) -> Printing:
    """What the ``to`` writer writes of ``entry``'s printing and copy (the rest is listed as lost:
    _lost_fields), as its reader gives it back."""
    fields = WRITER_FIELDS[to]
    set_code = entry.set_code.casefold() if entry.set_code and "set_code" in fields else None
    number = entry.collector_number if "collector_number" in fields else None
    if to in WRITER_NUMBER_NEEDS_SET and not entry.set_code:
        number = None
    tags: tuple[str, ...] = ()
    if "tags" in fields:
        writes_tag = WRITER_WRITES_TAG.get(to)
        zone = zone_tag(entry)  # (written as the zone, not as a tag)
        tags = tuple(sorted(t for t in entry.tags if t != zone and (writes_tag is None or writes_tag(t))))
    return set_code, number or None, entry.foil and "foil" in fields, tags


def _held(entries: list[Entry], to: str | None) -> Counter[tuple[Zone, str]]:
    """The copies of ``entries`` by zone and name: as a decklist in the ``to`` format holds them
    (the zone a written entry reads back in), or, for None, as read."""
    copies: dict[tuple[Zone, str], int] = {}  # (a dict's get: a Counter's missing keys cost more)
    for entry in entries:
        key = (entry.zone if to is None else _written_zone(entry, to), entry.name)
        copies[key] = copies.get(key, 0) + entry.quantity
    return Counter(copies)


def _printings(entries: list[Entry], to: str) -> tuple[tuple[Zone, str, Printing, int], ...]:
    held = Counter[tuple[Zone, str, Printing]]()
    for entry in entries:
        held[_written_zone(entry, to), entry.name, _written_printing(entry, to)] += entry.quantity
    return tuple((zone, name, printing, n) for (zone, name, printing), n in held.items())


def _written_zone(entry: Entry, to: str) -> Zone:
    """The zone a written entry reads back in: its own, or the sideboard where the target keeps
    commanders and companions (WRITER_ZONES). (A maybeboard entry written is of a zone not part
    of the deck that the target has: WRITER_EXTRA_ZONES.)"""
    if entry.zone in WRITER_ZONES[to] or entry.zone is Zone.MAYBEBOARD:
        return entry.zone
    return Zone.SIDEBOARD


def entries_not_written(parsed: ParsedDeck, to: str) -> list[Entry]:
    """Entries the ``to`` writer leaves out: those of zones it has no place for
    (:func:`_zones_not_written`), and those whose name its reader would not read back
    (:func:`names_not_held`)."""
    dropped, kept, unheld = _sorted_out(parsed, to)
    return dropped + [e for e in kept if e.name in unheld]


def _sorted_out(parsed: ParsedDeck, to: str) -> tuple[list[Entry], list[Entry], dict[str, str]]:
    """The entries of zones the ``to`` writer has no place for, the others, and the names among
    those others that it cannot hold (:func:`names_not_held`)."""
    dropped = _zones_not_written(parsed, to)
    not_written = {id(e) for e in dropped}
    kept = [e for e in parsed.entries if id(e) not in not_written]
    return dropped, kept, names_not_held(kept, to)


def _zones_not_written(parsed: ParsedDeck, to: str) -> list[Entry]:
    """Entries the writer leaves out: the maybeboard, in formats that have none (commanders and
    companions are folded into the sideboard instead, as each writer documents) but for the zones
    not part of the deck they have (Cockatrice's tokens), and zones that are not part of the
    deck, in formats that cannot name them."""
    if Zone.MAYBEBOARD not in WRITER_ZONES[to]:
        kept = WRITER_EXTRA_ZONES.get(to, frozenset())
        return [e for e in parsed.entries if e.zone is Zone.MAYBEBOARD and zone_tag(e) not in kept]
    if to in WRITER_DROPS_EXTRA_ZONES:
        return [e for e in parsed.entries if zone_tag(e) is not None]
    return []


def names_not_held(entries: list[Entry], to: str) -> dict[str, str]:
    """The card names of ``entries`` that a card line of the ``to`` format would not read back as
    themselves, each with what it reads back as. Decided by the format's own reader, on the card
    lines its writer writes of them, each zone, printing, foil mark and tags the entries give a
    name, and on a card line of another name after each: a text line's reader takes a trailing
    ``(SET) 12``, ``*F*`` or ``#tag`` off a name, the end of a name can join what the writer writes
    after it (Forge's ``Name #`` and ``+`` or ``|SET`` read as a tag), a line break ends it, some
    names are no card name at all, and a name that changed how the next line reads would be
    caught by the line after it. (A printing read back otherwise under the right name is no name's
    doing: read_back_problem says it.)"""
    if _read_otherwise(entries, to) is None:  # (all at once: one file to read, not one per name)
        return {}
    lines_of: dict[str, dict[tuple[object, ...], Entry]] = {}
    for entry in entries:  # (one probe line for each way a name is written)
        written = (entry.zone, entry.set_code, entry.collector_number, entry.foil, entry.tags)
        lines_of.setdefault(entry.name, {}).setdefault(written, entry)
    unheld = {}
    for name in sorted(lines_of):
        read = _read_otherwise(list(lines_of[name].values()), to, followed=True)
        if read is not None:
            unheld[name] = read
    return unheld


# The card written after a probed line (names_not_held): a plain name every target holds.
_NEXT_CARD = "Next Card"


def _read_otherwise(entries: list[Entry], to: str, *, followed: bool = False) -> str | None:
    """What a decklist of ``entries``, as the ``to`` writer writes them, reads back as where it
    does not read back as written, else None. ``followed``: one copy of each, with a line of
    :data:`_NEXT_CARD` after it, as it is written."""
    probe = entries
    if followed:
        probe = []
        for entry in entries:
            line = replace(entry, quantity=1, line=len(probe) + 1)
            probe += [line, replace(line, name=_NEXT_CARD, line=len(probe) + 2)]
    back = parse_text(WRITERS[to](ParsedDeck("<probe>", to, probe)), f"<{to} probe>", to)
    written, read = _held(probe, to), _held(back.entries, None)
    if read == written:
        return None
    names = {e.name for e in probe}
    own = [_held_text(held, names) for held in read - written if held[1] != _NEXT_CARD]
    if not own and any(name != _NEXT_CARD for _, name in written - read):
        refused = [p.message for p in back.problems if p.severity == "error"]
        own = [f"no card: {refused[0]}" if refused else "no card"]
    # (no own line read otherwise: it reads back as itself, and the line after it does not)
    text = " and ".join(own or sorted({repr(e.name) for e in entries}))
    if not any(name == _NEXT_CARD for _, name in written - read):
        return text
    after = [_held_text(held, names) for held in read - written if held[1] == _NEXT_CARD] or ["no card"]
    return f"{text}, and the card line after it as {' and '.join(after)}"


def _held_text(held: tuple[Zone, str], written: set[str]) -> str:
    """A card read back: its name, and the zone it landed in when that name was written (it then
    read back in another zone)."""
    zone, name = held
    return f"{name!r} in the {zone}" if name in written else repr(name)


def _name_losses(kept: list[Entry], unheld: dict[str, str], to: str) -> list[ExportLoss]:
    """One loss for each name the target cannot hold (:func:`names_not_held`): its lines are not
    written, as a card they would read back as another card or none."""
    lines_of: dict[str, list[Entry]] = {}
    for entry in kept:
        if entry.name in unheld:
            lines_of.setdefault(entry.name, []).append(entry)
    return [
        ExportLoss(
            min(e.line for e in entries),
            f"{counted(sum(e.quantity for e in entries), 'card')} named {name!r} "
            f"({_lines_text([e.line for e in entries])}): {_CLIENT[to]} decklists cannot hold the name: "
            f"its card line would read back as {unheld[name]}",
        )
        for name, entries in lines_of.items()
    ]


def _dropped_losses(dropped: list[Entry], to: str) -> list[ExportLoss]:
    """A loss for each maybeboard line not written, and one for each zone not part of the deck."""
    losses = []
    lines_of: dict[str, list[Entry]] = {}
    for entry in dropped:
        tag = zone_tag(entry)
        if tag is None or Zone.MAYBEBOARD not in WRITER_ZONES[to]:
            # (a card of a zone not part of the deck is kept in the maybeboard, but is no maybeboard card)
            where = entry.zone if tag is None else f"section for zone {tag.removeprefix(EXTRA_TAG)!r}"
            losses.append(
                ExportLoss(entry.line, f"{entry.quantity} {entry.name}: the {to} format has no {where}")
            )
        else:
            lines_of.setdefault(tag, []).append(entry)
    for tag, entries in lines_of.items():
        cards = sum(e.quantity for e in entries)
        losses.append(
            ExportLoss(
                min(e.line for e in entries),
                f"zone {tag.removeprefix('extra:')!r}, {counted(cards, 'card')} "
                f"({_lines_text([e.line for e in entries])}): {_CLIENT[to]} decklists have no section for "
                "it (in the Maybeboard its names would be looked up as cards)",
            )
        )
    return losses


def _lost_fields(entry: Entry, to: str) -> list[str]:
    """The printing details, tags and other details of ``entry`` that the ``to`` writer does not
    write."""
    fields = WRITER_FIELDS[to]
    lost = []
    if entry.set_code and "set_code" not in fields:
        lost.append("set code")
    if entry.collector_number and (
        "collector_number" not in fields or (to in WRITER_NUMBER_NEEDS_SET and not entry.set_code)
    ):
        lost.append("collector number")
    if entry.foil and "foil" not in fields:
        lost.append("foil flag")
    # (the tag that names a zone not part of the deck is the zone, not a tag: see _zone_losses)
    tags = [tag for tag in entry.tags if tag != zone_tag(entry)]
    writes_tag = WRITER_WRITES_TAG.get(to)
    if tags and ("tags" not in fields or (writes_tag is not None and not all(map(writes_tag, tags)))):
        lost.append("tags")
    for kind, _ in entry.details:
        label = _DETAIL_LABELS[kind]
        if kind not in fields and label not in lost:
            lost.append(label)
    return lost


# What an entry's details (deck.DETAIL_KINDS) are called in a loss: no writer writes any of them.
_DETAIL_LABELS = {
    "variant": "variant",
    "art_index": "art index",
    "etched": "etched finish",
    "alter": "alter mark",
    "proxy": "proxy mark",
    "signed": "signed mark",
}


def _zone_losses(written: list[Entry], to: str) -> list[ExportLoss]:
    """Zones that are not part of the deck (tokens, a scheme deck, a display commander) whose
    name the output does not keep: their cards read back as plain maybeboard cards, whose names
    are looked up. One loss per zone, with its lines."""
    names_zone = WRITER_NAMES_EXTRA_ZONE.get(to)
    if names_zone is None:
        return []
    lines_of: dict[str, list[int]] = {}
    for entry in written:
        tag = zone_tag(entry)
        if tag is not None and not names_zone(tag):
            lines_of.setdefault(tag, []).append(entry.line)
    return [
        ExportLoss(
            min(lines),
            f"zone {tag.removeprefix('extra:')!r} ({_lines_text(lines)}): {_CLIENT[to]} has no section or "
            "tag for it; its cards are written in the maybeboard, where their names are looked up",
        )
        for tag, lines in lines_of.items()
    ]


def _field_losses(written: list[Entry], to: str) -> list[ExportLoss]:
    """One loss per kind of detail (set code, collector number, foil flag, tags, and the details a
    reader keeps besides: a variant, an art index, an etched finish, an alter, proxy or signed mark)
    that written card lines carry and the target does not, with the lines."""
    lines_of: dict[str, list[int]] = {}
    for entry in written:
        for kind in _lost_fields(entry, to):
            lines_of.setdefault(kind, []).append(entry.line)
    client = _CLIENT[to]
    losses = []
    for kind, lines in lines_of.items():
        what = "the tags" if kind == "tags" else f"the {kind}"
        # (a detail no writer writes, though a client may have a field for it: Forge's art index)
        why = (
            f"deckcheck does not write it in {client} decklists"
            if kind in _DETAIL_LABELS.values()
            else f"{client} decklists have no field for {'them' if kind == 'tags' else 'it'}"
        )
        losses.append(
            ExportLoss(
                min(lines), f"{what} of {counted(len(lines), 'card line')} ({_lines_text(lines)}): {why}"
            )
        )
    return losses


def _count_losses(written: list[Entry], to: str) -> list[ExportLoss]:
    """Card lines that gave no count (read as 1 copy, DC003) are written with one: the source left
    open whether a line naming no known card is a card at all (unresolved.uncertain_copies), which
    keeps a deck size it decides "not verified"; the output says it is 1 card."""
    lines = [e.line for e in written if not e.count_given]
    if not lines:
        return []
    return [
        ExportLoss(
            min(lines),
            f"{counted(len(lines), 'card line')} with no count ({_lines_text(lines)}): written as 1 copy, as "
            f"{_CLIENT[to]} needs a count; a line naming no known card then counts as 1 card, where "
            "without a count it might be a note",
        )
    ]


def _lines_text(lines: list[int], shown: int = 10) -> str:
    numbers = sorted(set(lines))
    if numbers == [0]:  # (a format without line numbers)
        return "no line numbers"
    text = ", ".join(str(n) for n in numbers[:shown])
    more = f" and {len(numbers) - shown:,} more" if len(numbers) > shown else ""
    return f"line{'' if len(numbers) == 1 else 's'} {text}{more}"


def _metadata_losses(parsed: ParsedDeck, to: str) -> list[ExportLoss]:
    keeps = WRITER_KEEPS[to]
    client = _CLIENT[to]
    losses: list[ExportLoss] = []
    if parsed.name and "name" not in keeps:
        losses.append(ExportLoss(0, f"the deck name {parsed.name!r}: {client} decklists have no name field"))
    elif parsed.name and to in WRITER_ONE_LINE_NAME and one_line(parsed.name) != parsed.name:
        losses.append(
            ExportLoss(
                0,
                f"the deck name {parsed.name!r} is written as {one_line(parsed.name)!r}: {client}'s name "
                "field is one line",
            )
        )
    if parsed.declared_format and "format" not in keeps:
        losses.append(
            ExportLoss(
                parsed.declared_format_line or parsed.metadata_line("format"),
                f"the format declaration ({parsed.declared_format}): {client} decklists have no field for "
                "it; check the output with --format or a config",
            )
        )
    if "date" not in keeps:
        losses += [
            ExportLoss(
                parsed.metadata_line(key),
                f"the deck's {key} ({value}): {client} decklists have no field for it; the output is "
                "checked as a deck without a date",
            )
            for key, value in carried_metadata(parsed)
            if key != "format"
        ]
    banner = parsed.metadata.get("banner card")
    if banner and "banner" not in keeps:
        losses.append(ExportLoss(0, f"the banner card {banner!r}: {client} decklists have no banner card"))
    named = named_commanders(parsed)
    if named and "commander" not in keeps:
        losses.append(
            ExportLoss(
                0,
                f"the commander named in the comments ({'; '.join(named)}): {client} decklists have no "
                "field for it",
            )
        )
    writes_note = WRITER_WRITES_NOTE.get(to)
    for note in deck_notes(parsed):
        if "comments" not in keeps:
            losses.append(
                ExportLoss(
                    note.line, f"comment {_shortened(note.text)!r}: {client} decklists have no comments"
                )
            )
        elif writes_note is not None and not writes_note(note.text):
            losses.append(
                ExportLoss(
                    note.line,
                    f"comment {_shortened(note.text)!r}: {client} would read it back as a section header or "
                    "as the deck's name, format, date or commander, not as a comment",
                )
            )
    return losses


def _commander_lines(written: ParsedDeck, to: str) -> tuple[tuple[str, ...], list[ExportLoss]]:
    """The commanders the comment lines of the deck ``written`` in the ``to`` format name (a writer
    that keeps commanders in the sideboard names them so, as it does those a comment of the source
    named), and a loss for each whose line would read back as naming another or others
    (WRITER_COMMANDER_LINE): its line is not written, the card is."""
    if "commander" not in WRITER_KEEPS[to]:
        return (), []
    in_comments = [] if Zone.COMMANDER in WRITER_ZONES[to] else written.zone(Zone.COMMANDER)
    named = [(e.name, e.line) for e in in_comments]
    # (as the writer names them: of the deck written, whose commanders may have been left out)
    named += [(name, written.metadata_line("commander")) for name in named_commanders(written)]
    reads = WRITER_COMMANDER_LINE.get(to)
    kept, losses = [], []
    for name, line in named:
        read = [name] if reads is None else reads(name)
        if read == [name]:
            kept.append(name)
            continue
        losses.append(
            ExportLoss(
                line,
                f"the {_CLIENT[to]} comment line naming the commander {name!r}, which would read back as "
                f"naming {' and '.join(map(repr, read)) or 'no commander'} (the card itself is written)",
            )
        )
    return tuple(kept), losses


def _shortened(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_commander_format(name: str) -> bool:
    spec = load_registry().get(name)
    return spec is not None and spec.commander


def _command_zone_losses(parsed: ParsedDeck, to: str) -> list[ExportLoss]:
    """Commanders and companions written into the sideboard. In a Commander deck the engine reads
    such a sideboard back as the command zone, but only in a Commander format: lossless when the
    output keeps a Commander format declaration. Without a commander, a companion in the sideboard
    is one sideboard card among others: that it was declared is lost."""
    folded = [e for e in parsed.entries if e.zone in (Zone.COMMANDER, Zone.COMPANION)]
    folded = [e for e in folded if e.zone not in WRITER_ZONES[to]]
    if not folded:
        return []
    client = _CLIENT[to]
    if not any(e.zone is Zone.COMMANDER for e in parsed.entries):
        return [
            ExportLoss(
                e.line,
                f"{e.quantity} {e.name} as the companion: {client} has no companion section; the card is "
                "written in the sideboard, a sideboard card that may be revealed, no longer the declared one",
            )
            for e in folded
        ]
    declared = parsed.declared_format
    if declared and "format" in WRITER_KEEPS[to] and _is_commander_format(declared):
        return []
    return [
        ExportLoss(
            e.line,
            f"{e.quantity} {e.name} as the {e.zone}: {client} has no {e.zone} zone; the card is written in "
            f"the sideboard, as {client} keeps it, and read back as the {e.zone} only when checked with a "
            "Commander --format or config",
        )
        for e in folded
    ]


def _printing_text(printing: Printing) -> str:
    set_code, number, foil, tags = printing
    return f"set {set_code!r}, number {number!r}, {'foil' if foil else 'not foil'}, tags {list(tags)}"


def read_back_problem(plan: ExportPlan) -> str | None:
    """What was written must read back as what the plan says it holds: the same cards (zone, name
    and count, and the printing details the target writes), deck name, format declaration and
    date. A writer that lost one would otherwise replace a decklist with one that checks
    differently (a dropped date turns "not verified" into "banned", a tag read into a name makes an
    unknown card). The reason it does not, or None."""
    back = parse_text(plan.text, f"<{plan.to} output>", plan.to)
    if back.declared_format != plan.declared_format:
        return f"format declaration {back.declared_format!r} instead of {plan.declared_format!r}"
    back_date = metadata_date(back.metadata)[0]
    if back_date != plan.date:
        return f"date {back_date} instead of {plan.date}"
    expected = Counter({(zone, name): n for zone, name, n in plan.holds})
    got = _held(back.entries, None)
    if got != expected:
        (zone, name), n = next(iter((expected - got).items()), (("", ""), 0))
        (back_zone, back_name), back_n = next(iter((got - expected).items()), (("", ""), 0))
        missing = f"{n} {name!r} ({zone}) missing" if n else ""
        extra = f"{back_n} {back_name!r} ({back_zone}) read" if back_n else ""
        return "; ".join(part for part in (missing, extra) if part)
    back_printings = Counter({(z, name, p): n for z, name, p, n in _printings(back.entries, plan.to)})
    printings = Counter({(z, name, p): n for z, name, p, n in plan.printings})
    if back_printings != printings:
        (zone, name, printing), _ = next(iter((printings - back_printings).items()))
        # (the same cards read back, so another printing of this one did)
        got_printing = next(p for (z, n, p) in back_printings - printings if (z, n) == (zone, name))
        return (
            f"{name!r} ({zone}) read back as {_printing_text(got_printing)}, not {_printing_text(printing)}"
        )
    if (back.name or None) != plan.name:
        return f"deck name {back.name!r} instead of {plan.name!r}"
    if back.commented_commanders() != list(plan.commanders):
        return f"commanders named {back.commented_commanders()} instead of {list(plan.commanders)}"
    # the same cards read back: what remains is a line of the output its reader refuses
    bad = [p for p in back.problems if p.severity == "error"]
    if not plan.holds:  # nothing to write (each card lost, and listed): an empty file is expected
        bad = [p for p in bad if p.code != EMPTY_DECKLIST]
    if not bad:
        return None
    return f"line {bad[0].line}: {bad[0].message}" if bad[0].line > 0 else bad[0].message
