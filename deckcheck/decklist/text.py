"""Line-based decklist formats: Arena, MTGO .txt, plain/MWS (.dec, .mwDeck), Moxfield and Archidekt
text exports, Forge .dck and XMage .dck.

One state machine reads them all (sections, comments, metadata, the MTGO blank-line sideboard); the
dialect only changes the two things formats really disagree on. Every source line is recorded once.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from deckcheck.as_of import DATE_KEYS
from deckcheck.deck import (
    Entry,
    LineKind,
    LineRecord,
    ParsedDeck,
    Zone,
    commander_names,
    extra_zone_tag,
    new_entry,
    unchecked_kind,
)
from deckcheck.decklist._base import (
    FIELD_METADATA_KEYS,
    MAX_LINE_LENGTH,
    MAX_NAME_LENGTH,
    SIDEBOARD_USUAL_SIZE,
    SUSPICIOUS,
    UNPARSABLE,
    DeckBuilder,
    join_notes,
    mixed_digits,
    other_digits_note,
    split_lines,
    strip_control,
)
from deckcheck.decklist._grammar import (
    Header,
    HeaderKind,
    classify_header,
    parse_card,
    split_prefix,
)
from deckcheck.decklist._names import WEB_ADDRESS
from deckcheck.decklist._section_counts import GROUP_LEVEL, ZONE_LEVEL, SectionHeader, header_count_problems
from deckcheck.lazy_pattern import LazyPattern
from deckcheck.value import replace

_XMAGE_METADATA = re.compile(
    r"^(?P<key>NAME|AUTHOR|DESCRIPTION|FORMAT|COMMENTS?|DECK ?NAME)\s*:\s*(?P<value>.*)$", re.IGNORECASE
)
_XMAGE_LAYOUT = re.compile(r"^LAYOUT\s+\w+\s*:", re.IGNORECASE)
# The LazyPatterns compile on first use: an Arena About section, a "// name X" comment, Forge metadata
_ARENA_NAME = LazyPattern(r"^Name\s+(?P<value>\S.*)$")
# "// key: value" (or "key=value"; a full-width colon, U+FF1A, as a CJK keyboard writes it)
_COMMENT_KEY_VALUE = re.compile(
    r"^(?P<key>[A-Za-z][A-Za-z_\-]*(?: [A-Za-z_\-]+)?)\s*[:=\uff1a](?!//)\s*(?P<value>.*)$"
)
# "// name Burn", "// date 2023-01-01": a few keys need no colon; a date's value starts with a digit
# (so "// date night deck" stays a comment)
_COMMENT_KEY_SPACE = LazyPattern(
    rf"^(?P<key>name|format|author|title|(?:{'|'.join(map(re.escape, DATE_KEYS))})(?=\s+\d))"
    r"\s+(?P<value>\S.*)$",
    re.IGNORECASE,
)
_KEY_EQUALS_VALUE = LazyPattern(r"^(?P<key>[^=]+?)\s*=\s*(?P<value>.*)$")
# MTGSalvation's forum wraps a list in BBCode, "[DECK]" ... "[/DECK]": markup, no section or card.
# Other forums open it with the deck's title, "[deck=Burn]" or "[deck title=Burn]": its name.
_FORUM_MARKUP = LazyPattern(
    r"\[(?:/deck|deck(?:\s*=\s*|\s+title\s*=\s*)?(?P<title>[^\]]*?))\s*\]", re.IGNORECASE
)


def forum_title(match: re.Match[str]) -> str:
    """The deck title a forum tag gives ("[deck=Burn]", quotes dropped), or "" for none."""
    return (match.group("title") or "").strip().strip("\"'").strip()


# The common card line, "4 Name" or "4x Name", whole: parse_card's _LEADING_COUNT for a count
# parse_quantity takes as it is (1-9999), then a name clean_name keeps as written and name_problem
# accepts: ASCII words joined by single spaces, with a letter (or "_") and none of the characters
# that make a decoration (#^*()[]|+), a face separator (/) or no card name (<>{}\=@$%~`), and no
# web address ("www.example.com"). Only spaces around it: the line is printable and its strip() is
# the same.
_NAME_WORD = r"[!\"&',\-.0-9:;?A-Z_a-z]+"
_PLAIN_NAME = rf"(?!{WEB_ADDRESS})(?=[^A-Za-z_]*[A-Za-z_]){_NAME_WORD}(?: {_NAME_WORD})*"
_PLAIN_CARD_LINE = re.compile(rf" *([1-9][0-9]{{0,3}})(?:[xX] +| +)({_PLAIN_NAME}) *")
# A card line that is a name alone, one copy (a list of names): the same words without a digit,
# which could be a count at either end ("Bolt x4"), ":" (a prefix, "SB: Bolt", or metadata) or "_"
# (a header's emphasis), with a letter. parse_card reads no count, prefix, marker or note on it.
_NAME_ALONE_WORD = r"[!\"&',\-.;?A-Za-z]+"
_NAME_ALONE_LINE = re.compile(
    rf" *((?!{WEB_ADDRESS})(?=[^A-Za-z]*[A-Za-z]){_NAME_ALONE_WORD}(?: {_NAME_ALONE_WORD})*) *"
)
_NO_COUNT_NOTE: Final = "no count: read as 1"
# The same line with a printing in brackets before or after the name, a finish after it, or both
# ("4 Sol Ring [C21:263]", "1 [IKO:148] Colossification", "1 Veyran, Voice of Duality [foil]",
# "1 Sol Ring [C21:263] [Foil]"): common in preconstructed lists and XMage's. parse_card reads
# them (_LEADING_SET, _BRACKET, _BRACKET_SET_NUMBER, _FOIL_MARKERS) as a card with that printing and
# finish, no note; Forge and Archidekt have their own readings of a line's end, so their dialects
# take the long way. Groups: count, (set, number) before, name, (set, number) after, finish.
# A printing's set code and collector number as this shortcut and decklist.fast's batch reader take them.
PRINTING_SET = r"[A-Za-z0-9_]{1,8}"
PRINTING_NUMBER = r"[A-Za-z0-9*\u2605]{0,12}"
_PRINTING = rf"\[({PRINTING_SET}):({PRINTING_NUMBER})\]"
_PRINTED_CARD_LINE = re.compile(
    rf" *([1-9][0-9]{{0,3}})(?:[xX] +| +)(?:{_PRINTING} )?"
    # (a letter in the name itself)
    rf"((?!{WEB_ADDRESS})(?=[^A-Za-z_\[]*[A-Za-z_]){_NAME_WORD}(?: {_NAME_WORD})*)"
    rf"(?: {_PRINTING})?( \[[Ff][Oo][Ii][Ll]\])? *"
)
_COUNT_START = frozenset("123456789")
_MISSING_COUNT_DETAIL = 5  # report each count-less line up to this many, then one summary
# The smallest deck of any format (Limited, CR 100.2b): a main deck before a blank line with fewer
# cards than this is no deck on its own.
_SMALLEST_DECK = 40
# A Commander deck (CR 903.5a): a list of exactly this many cards, no name twice but the basic
# lands', is one deck however a blank line groups it, unless what follows the blank line could be
# the command zone as MTGO writes it (command_zone: two partners and a companion at most).
SINGLETON_DECK = 100
COMMAND_ZONE_MOST = 3
# The names a singleton list may repeat, as written (casefolded): basic lands (CR 903.5b), snow ones
# too; a card the parser cannot know allows more ("any number of cards named"), so such a list is
# left as written.
_BASIC_NAMES = frozenset(
    name.casefold()
    for basic in ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes")
    for name in (basic, f"Snow-Covered {basic}")
)


class TextFormat:
    """A text decklist dialect. ``forge``: ``Name+`` means foil. ``archidekt``: a trailing
    ``[...]`` is always a category list (elsewhere ``[M14]`` is a set code). (A plain class: a
    dataclass would compile its methods in every run that reads a text decklist.)"""

    __slots__ = ("archidekt", "description", "forge", "name")

    def __init__(self, name: str, description: str, *, forge: bool = False, archidekt: bool = False) -> None:
        self.name: Final = name
        self.description: Final = description
        self.forge: Final = forge
        self.archidekt: Final = archidekt

    def parse(self, text: str, path: str) -> ParsedDeck:
        return _TextRun(self, text, path).run()


class _TextRun:
    def __init__(self, dialect: TextFormat, text: str, path: str) -> None:
        self.dialect = dialect
        self.lines = split_lines(text)
        self.builder = DeckBuilder(path, dialect.name)
        self.zone = Zone.MAIN
        self.zone_explicit = False
        self.section = "deck"  # deck | about | metadata | extra
        self.extra_label = ""
        self.cards_in_zone = 0
        self.pending_blank: int | None = None
        self.implicit_sideboard: tuple[int, int] | None = None  # (blank line, first entry index)
        self.missing_count: list[int] = []
        self._blank_starts_sideboard: bool | None = None  # _prescan's verdict, once asked for
        self.headers: list[SectionHeader] = []  # every header line, for its count (DC007)
        self.placed_by_line: list[int] = []  # card lines that named their own zone ("SB: 2 Duress")

    def blank_starts_sideboard(self) -> bool:
        """MTGO: the first blank line after the main deck starts the sideboard, unless the file
        marks its sideboard explicitly (SB:, a Sideboard header) or groups cards by type. Read from
        the whole file the first time a card follows a blank line in the main deck (most files
        never ask)."""
        if self._blank_starts_sideboard is None:
            explicit_sideboard, grouped = self._prescan()
            self._blank_starts_sideboard = not (self.dialect.forge or explicit_sideboard or grouped)
        return self._blank_starts_sideboard

    def _prescan(self) -> tuple[bool, bool]:
        explicit_sideboard = grouped = False
        for raw in self.lines:
            if raw[:1] in _COUNT_START and ":" not in raw:
                continue  # "4 Name": no prefix (each ends in a colon), and a count is no header
            line = raw.strip()
            if not line or len(line) > MAX_LINE_LENGTH:
                continue
            if line.startswith(("//", "#")):
                header = _comment_header(comment_text(line))
            else:
                zone, _ = split_prefix(line)
                if zone is Zone.SIDEBOARD:
                    explicit_sideboard = True
                header = classify_header(line) if not line[0].isdigit() else None
            if header is None:
                continue
            if header.kind is HeaderKind.ZONE and header.zone is Zone.SIDEBOARD:
                explicit_sideboard = True
            elif header.kind is HeaderKind.GROUP:
                grouped = True
        return explicit_sideboard, grouped

    # -- main loop ------------------------------------------------------------------------------

    def run(self) -> ParsedDeck:
        plain_card, line = self._plain_card, self._line
        for number, raw in enumerate(self.lines, start=1):
            if not plain_card(number, raw):
                line(number, raw)
        self._report_missing_counts()
        self._report_large_implicit_sideboard()
        self._report_header_counts()
        return self.builder.finish()

    def _line(self, number: int, raw: str) -> None:
        b = self.builder
        if len(raw) > MAX_LINE_LENGTH and not self._metadata_line(raw.strip()):
            b.problem_line(
                number,
                raw[:MAX_LINE_LENGTH],
                f"line too long ({len(raw):,} characters, limit {MAX_LINE_LENGTH:,})",
                code=UNPARSABLE,
                section=self.zone,
            )
            return
        text, removed = (raw, False) if raw.isprintable() else strip_control(raw)
        if removed:
            b.report(
                number,
                "control characters removed from the line",
                code=SUSPICIOUS,
                severity="warning",
                section=self.zone,
            )
        line = text.strip()
        if not line:
            b.record(number, LineKind.BLANK, raw)
            if self.section == "about":
                self.section = "deck"
            if self.cards_in_zone and self.pending_blank is None:
                self.pending_blank = number
            return
        if line.startswith(("//", "#")):
            self._comment(number, raw, line)
            return
        if self.section == "metadata" and not line.startswith("["):
            match = _KEY_EQUALS_VALUE.match(line)
            if match:
                b.set_metadata(match.group("key"), match.group("value"), number)
            b.record(number, LineKind.COMMENT, raw, "metadata")
            return
        if self.section == "about":
            match = _ARENA_NAME.match(line)
            if match:
                b.set_metadata("name", match.group("value"))
                b.record(number, LineKind.COMMENT, raw, "deck name")
                return
            self.section = "deck"
        match = _XMAGE_METADATA.match(line)
        if match:
            b.set_metadata(match.group("key"), match.group("value"), number)
            b.record(number, LineKind.COMMENT, raw, "metadata")
            return
        if _XMAGE_LAYOUT.match(line):
            b.record(number, LineKind.COMMENT, raw, "XMage layout (metadata)")
            return
        # (after Forge's "[metadata]" a bracketed word is a section: "[Deck]" is the main deck)
        if line[0] == "[" and self.section != "metadata":
            forum = _FORUM_MARKUP.fullmatch(line)
            if forum is not None:
                title = forum_title(forum)
                if title:
                    b.set_metadata("name", title, number)
                b.record(number, LineKind.COMMENT, raw, "deck name" if title else "forum markup")
                return
        header = None if line[0].isdigit() else classify_header(line)
        if header is not None:
            self._header(number, raw, header)
            return
        self._card(number, raw, line)

    def _metadata_line(self, line: str) -> bool:
        """Metadata has no length limit (XMage writes its whole card layout on one ``LAYOUT`` line;
        a deck name or description can be long): only card lines are held to MAX_LINE_LENGTH."""
        if self.section == "metadata" and not line.startswith("["):
            return _KEY_EQUALS_VALUE.match(line) is not None
        if self.section == "about" and _ARENA_NAME.match(line):
            return True
        return bool(_XMAGE_METADATA.match(line) or _XMAGE_LAYOUT.match(line))

    def _comment(self, number: int, raw: str, line: str) -> None:
        body = comment_text(line)
        header = _comment_header(body)
        if header is not None:
            self._header(number, raw, header, note="section header written as a comment")
            return
        match = _COMMENT_KEY_VALUE.match(body) or _COMMENT_KEY_SPACE.match(body)
        if match:
            self.builder.set_metadata(match.group("key"), match.group("value"), number)
            self.builder.record(number, LineKind.COMMENT, raw, "metadata")
            return
        self.builder.record(number, LineKind.COMMENT, raw)

    def _header(self, number: int, raw: str, header: Header, note: str = "") -> None:
        b = self.builder
        self.pending_blank = None
        if header.kind is HeaderKind.ZONE and header.zone is not None:
            self.zone, self.zone_explicit, self.section = header.zone, True, "deck"
            self.cards_in_zone = 0
        elif header.kind is HeaderKind.EXTRA:
            self.section, self.extra_label = "extra", header.label
            self.zone = Zone.MAYBEBOARD
            self.cards_in_zone = 0
            b.report(
                number,
                extra_section_message(header.label),
                code=SUSPICIOUS,
                severity="info",
                section=Zone.MAYBEBOARD,
            )
        elif header.kind is HeaderKind.GROUP:
            if self.section == "extra" or self.zone in (Zone.COMMANDER, Zone.COMPANION):
                self.zone, self.zone_explicit, self.section = Zone.MAIN, False, "deck"
                self.cards_in_zone = 0
            note = join_notes([note, "group header"])
        elif header.kind is HeaderKind.ABOUT:
            self.section = "about"
        elif header.kind is HeaderKind.METADATA:
            self.section = "metadata"
        else:
            b.report(
                number,
                f"unknown section header {header.label!r}: the cards after it stay in the {self.zone}",
                code=SUSPICIOUS,
                severity="warning",
                section=self.zone,
            )
        # a count in other digits than 0-9, as on a card line: noted, or refused when they mix systems
        digits = header.count_digits
        mixed = mixed_digits(digits) if digits is not None else None
        if mixed is not None:
            message = f"{mixed}: the header's count is not compared with the cards under it"
            b.report(number, message, code=SUSPICIOUS, severity="warning", section=self.zone)
        elif digits is not None and (note_on_digits := other_digits_note(digits, int(digits))):
            b.report(number, note_on_digits, code=SUSPICIOUS, severity="info", section=self.zone)
        b.record(number, LineKind.HEADER, raw, note)
        # (a group's cards are read into the zone it is in; outside the deck section, none are)
        level = GROUP_LEVEL if header.kind in (HeaderKind.GROUP, HeaderKind.UNKNOWN) else ZONE_LEVEL
        counted = header.kind in (HeaderKind.ZONE, HeaderKind.GROUP) and self.section == "deck"
        self.headers.append(
            SectionHeader(number, raw.strip(), level, self.zone if counted else None, header.count)
        )

    def _card(self, number: int, raw: str, line: str) -> None:
        b = self.builder
        parsed = parse_card(line, forge=self.dialect.forge, archidekt=self.dialect.archidekt)
        if isinstance(parsed, str):
            b.problem_line(number, raw, parsed, code=UNPARSABLE, section=self.zone)
            return
        notes = list(parsed.notes)
        tags = list(parsed.tags)
        if parsed.zone is not None or parsed.extra is not None:
            self.placed_by_line.append(number)
        if parsed.zone is not None:
            zone = parsed.zone
        elif parsed.extra is not None:
            zone = Zone.MAYBEBOARD
            tags.append(parsed.extra)
            notes.append(f"{parsed.extra}: not a deck card, kept in the maybeboard")
        elif self.section == "extra":
            zone = Zone.MAYBEBOARD
            tags.append(extra_zone_tag(self.extra_label))
        else:
            if self.pending_blank is not None:
                notes.append(self._after_blank())
            zone = self.zone
            self.cards_in_zone += 1
        self.pending_blank = None
        quantity = parsed.quantity
        if quantity is None:
            quantity = 1
            self.missing_count.append(number)
            notes.append(_NO_COUNT_NOTE)
        for warning in parsed.warnings:
            b.report(number, warning, code=SUSPICIOUS, severity="warning", section=zone)
        for info in parsed.infos:
            b.report(number, info, code=SUSPICIOUS, severity="info", section=zone)
        entry = new_entry(
            quantity,
            parsed.name,
            zone,
            number,
            parsed.set_code,
            parsed.collector_number,
            parsed.foil,
            tuple(tags),
            raw,
            tuple(dict.fromkeys(parsed.details)),
            count_given=parsed.quantity is not None,
        )
        b.card(entry, raw, join_notes(notes))

    def _plain_card(self, number: int, raw: str) -> bool:
        """The common ``N Name`` line (:data:`_PLAIN_CARD_LINE`), read as :meth:`_line` reads it
        (through parse_card's shortcut: no prefix, marker or note): True when done, False (nothing
        done) for any other line. A line starting with a digit is neither a comment, metadata nor
        a header, so in the deck section it is a card. (A line longer than a name may be goes the
        long way: it may be too long for a line.)"""
        if len(raw) > MAX_NAME_LENGTH or self.section != "deck":
            return False
        match = _PLAIN_CARD_LINE.fullmatch(raw)
        if match is None:
            return self._printed_card(number, raw) or self._name_alone(number, raw)
        count, name = match.groups()
        note = self._after_blank() if self.pending_blank is not None else ""
        self.cards_in_zone += 1
        self.pending_blank = None
        self.builder.plain_card(int(count), name, self.zone, number, raw, note)
        return True

    def _name_alone(self, number: int, raw: str) -> bool:
        """:meth:`_plain_card` of a line that is a card name alone (:data:`_NAME_ALONE_LINE`),
        read as :meth:`_card` reads it: one copy, noted; not when the line is a section header."""
        match = _NAME_ALONE_LINE.fullmatch(raw)
        if match is None:
            return False
        name = match.group(1)
        if classify_header(name) is not None:
            return False
        after = self._after_blank() if self.pending_blank is not None else ""
        self.cards_in_zone += 1
        self.pending_blank = None
        self.missing_count.append(number)
        note = f"{after}; {_NO_COUNT_NOTE}" if after else _NO_COUNT_NOTE  # (join_notes, without its list)
        entry = new_entry(1, name, self.zone, number, None, None, False, (), raw, (), count_given=False)
        self.builder.card(entry, raw, note)
        return True

    def _printed_card(self, number: int, raw: str) -> bool:
        """:meth:`_plain_card` of a line with a printing or a finish in brackets
        (:data:`_PRINTED_CARD_LINE`), outside Forge and Archidekt."""
        if self.dialect.forge or self.dialect.archidekt or "[" not in raw:
            return False
        match = _PRINTED_CARD_LINE.fullmatch(raw)
        if match is None:
            return False
        count, set_before, number_before, name, set_after, number_after, finish = match.groups()
        if set_before is not None and set_after is not None:
            return False  # two printings: parse_card's order decides, the long way
        set_code = set_before if set_before is not None else set_after
        collector_number = number_before if set_before is not None else number_after
        note = self._after_blank() if self.pending_blank is not None else ""
        self.cards_in_zone += 1
        self.pending_blank = None
        printing = (set_code, collector_number or None, finish is not None)
        self.builder.card(new_entry(int(count), name, self.zone, number, *printing, (), raw), raw, note)
        return True

    def _after_blank(self) -> str:
        """The first card after a blank line: the blank may end a one-card section or start the
        MTGO sideboard. Returns a note for the line (empty when nothing changed)."""
        blank = self.pending_blank
        if self.zone in (Zone.COMMANDER, Zone.COMPANION) and self.zone_explicit and self.section == "deck":
            self.zone, self.zone_explicit, self.cards_in_zone = Zone.MAIN, False, 0
            return f"cards after the blank line {blank} read as the main deck"
        if (
            self.zone is Zone.MAIN
            and self.implicit_sideboard is None
            and blank is not None
            and self.blank_starts_sideboard()
        ):
            self.zone, self.cards_in_zone = Zone.SIDEBOARD, 0
            self.implicit_sideboard = (blank, self.builder.entry_count())
            return _sideboard_note(blank)
        return ""

    # -- end-of-file reports ------------------------------------------------------------------

    def _report_missing_counts(self) -> None:
        lines = self.missing_count
        if not lines:
            return
        b = self.builder
        if len(lines) <= _MISSING_COUNT_DETAIL:
            for number in lines:
                b.report(number, "no count given: read as 1 copy", code=SUSPICIOUS, severity="warning")
            return
        shown = ", ".join(str(n) for n in lines[:_MISSING_COUNT_DETAIL])
        b.report(
            lines[0],
            f"no count given on {len(lines)} lines (lines {shown}, ...): each read as 1 copy",
            code=SUSPICIOUS,
            severity="warning",
        )

    def _report_header_counts(self) -> None:
        """DC007 for a header whose count differs from the copies read under it (before the
        companion listed twice is merged: the header counted its sideboard copy too)."""
        entries = ((e.quantity, e.zone, e.line) for e in self.builder.deck.entries)
        self.builder.deck.problems += header_count_problems(self.headers, entries, self.placed_by_line)

    def _report_large_implicit_sideboard(self) -> None:
        if self.implicit_sideboard is None:
            return
        blank, first = self.implicit_sideboard
        entries = self.builder.deck.entries
        moved = sum(e.quantity for e in entries[first:] if e.zone is Zone.SIDEBOARD)
        before = sum(e.quantity for e in entries[:first] if e.zone is Zone.MAIN)
        why = ""
        if moved > SIDEBOARD_USUAL_SIZE and before < _SMALLEST_DECK:
            # More cards than a sideboard after fewer than any deck: the blank line only parts
            # groups of one deck (a preconstructed list's lands after its spells), as the total says.
            why = f"the {before} before it are no deck on their own and {moved} are more than a sideboard"
        elif moved > COMMAND_ZONE_MOST and one_singleton_deck(entries):
            # ... or the groups of a Commander deck (its spells, its lands): 100 cards, singleton
            why = (
                f"with the {before} before it they make {SINGLETON_DECK} cards with no name twice "
                "(basic lands aside): a Commander deck, which has no sideboard"
            )
        if why:
            later = (
                _later_sideboard_of(self.builder.deck.lines, entries, blank, first, before)
                if before < _SMALLEST_DECK
                else None
            )
            entries[first:] = [
                replace(e, zone=Zone.SIDEBOARD if later is not None and e.line > later else Zone.MAIN)
                if e.zone is Zone.SIDEBOARD
                else e
                for e in entries[first:]
            ]
            records, said = self.builder.deck.lines, _sideboard_note(blank)
            for k, record in enumerate(records):  # (the first card line after the blank says how)
                if record.note == said:
                    records[k] = record._replace(
                        note=f"cards after the blank line {blank} read as the main deck"
                    )
            if later is not None:
                # the blank lines before the last part groups of the main deck (spells, lands), the
                # last one starts the sideboard: MTGO's own layout with its groups spaced apart
                for k, record in enumerate(records):
                    if record.line > later and record.kind is LineKind.CARD:
                        records[k] = record._replace(note=_sideboard_note(later))
                        break
                sideboard = sum(e.quantity for e in entries[first:] if e.zone is Zone.SIDEBOARD)
                self.builder.report(
                    blank,
                    f"the blank line {blank} was read as parting groups of the main deck ({why}) and "
                    f"the {sideboard} cards after the last blank line {later} as the sideboard; if "
                    "that is not the list, add 'Deck' / 'Sideboard' headers",
                    code=SUSPICIOUS,
                    severity="warning",
                    section=Zone.MAIN,
                )
                return
            self.builder.report(
                blank,
                f"the {moved} cards after the blank line {blank} were read as part of the main deck: "
                f"{why}; if they are a sideboard, add a 'Sideboard' header",
                code=SUSPICIOUS,
                severity="warning",
                section=Zone.MAIN,
            )
        elif moved > SIDEBOARD_USUAL_SIZE:
            self.builder.report(
                blank,
                f"the {moved} cards after the blank line {blank} were read as the sideboard (MTGO "
                "convention); if they belong to the main deck, remove the blank line or add "
                "'Deck' / 'Sideboard' headers",
                code=SUSPICIOUS,
                severity="warning",
                section=Zone.SIDEBOARD,
            )


def _later_sideboard_of(
    records: list[LineRecord], entries: list[Entry], blank: int, first: int, main: int
) -> int | None:
    """The last blank line after line ``blank`` between cards of the blank-line sideboard (entries
    ``first:``, after ``main`` main-deck cards), when the cards after it are a sideboard's (at most
    SIDEBOARD_USUAL_SIZE) and the cards before it a deck (at least _SMALLEST_DECK); None otherwise."""
    moved = [e for e in entries[first:] if e.zone is Zone.SIDEBOARD]
    if not moved:
        return None
    blanks = [r.line for r in records if r.kind is LineKind.BLANK and blank < r.line < moved[-1].line]
    cards = [r.line for r in records if r.kind is LineKind.CARD]
    for line in reversed(blanks):
        if not any(c > line for c in cards) or not any(blank < c < line for c in cards):
            continue  # (a blank line at the end, or right after the first: nothing parts there)
        after = sum(e.quantity for e in moved if e.line > line)
        before = main + sum(e.quantity for e in moved if e.line < line)
        if after <= SIDEBOARD_USUAL_SIZE and before >= _SMALLEST_DECK:
            return line
        return None  # only the last blank line between cards can start MTGO's sideboard
    return None


def one_singleton_deck(entries: list[Entry]) -> bool:
    """Whether the entries outside the maybeboard are exactly a Commander deck's count of cards with no
    name written twice but the basic lands' (the parser knows names only: a card allowed in any
    number, a name written two ways, are not known here and leave the list as written)."""
    counted = [entry for entry in entries if entry.zone is not Zone.MAYBEBOARD]
    if sum(entry.quantity for entry in counted) != SINGLETON_DECK:  # (most lists: no name to fold)
        return False
    seen: set[str] = set()
    for entry in counted:
        key = entry.name.casefold()
        if key in _BASIC_NAMES:
            continue
        if entry.quantity > 1 or key in seen:
            return False
        seen.add(key)
    return True


def comment_text(line: str) -> str:
    """The text of a comment line (a stripped line starting with ``//`` or ``#``) after its
    marker: the whole run of ``#`` (Markdown's ``## Sideboard``) or of ``/`` (MWS's ``// Sideboard``,
    ``/// Sideboard``), then spaces. The reader and its prescan both read a comment through it, so
    they never disagree on whether it is a header."""
    return (line.lstrip("#") if line[0] == "#" else line.lstrip("/")).strip()


def comment_is_note(line: str) -> bool:
    """Whether the comment line ``line`` (``# text``) reads back as a note: not a section header
    (``# Sideboard``) and not the deck's name, format, date or commander (``# Name: Burn``); other
    ``key: value`` metadata is kept as a note too. A writer that keeps notes as comment lines
    writes only these."""
    body = comment_text(line.strip())
    if not body or _comment_header(body) is not None:
        return False
    match = _COMMENT_KEY_VALUE.match(body) or _COMMENT_KEY_SPACE.match(body)
    return match is None or " ".join(match.group("key").lower().split()) not in FIELD_METADATA_KEYS


def comment_commanders(line: str) -> list[str]:
    """The commanders the comment line ``line`` (``# commander: Name``) names as the reader reads
    it (:meth:`deckcheck.deck.ParsedDeck.commented_commanders`); none for a section header, a note
    or other metadata. A writer that names commanders in comment lines writes only the lines that
    read back as the one name it writes."""
    body = comment_text(line.strip())
    if not body or _comment_header(body) is not None:
        return []
    match = _COMMENT_KEY_VALUE.match(body)
    if match is None or match.group("key").strip().lower() not in ("commander", "cdr"):
        return []
    return commander_names(match.group("value"))


def _comment_header(body: str) -> Header | None:
    """The section header a comment's text is (a zone, a group or a section outside the deck), or
    None: any other comment is a note, or metadata."""
    header = classify_header(body) if body else None
    if header is not None and header.kind in (HeaderKind.ZONE, HeaderKind.GROUP, HeaderKind.EXTRA):
        return header
    return None


def extra_section_message(label: str) -> str:
    """The (info) problem of a section header ``label`` whose cards are not part of the deck."""
    return f"section {label!r} is not part of the deck: its cards are kept in the maybeboard (never counted)"


def _sideboard_note(blank: int) -> str:
    return f"sideboard: cards after the blank line {blank} (MTGO convention)"


class DeckLine(NamedTuple):
    """What :func:`read_deck_line` makes of one line: ``kind`` is "blank", "comment" (recorded,
    nothing else), "header" (``zone``: the zone it enters; ``stated``: the count it gives, None for
    none), "extra" (the header of a section of cards that are not part of the deck, ``Display
    Commander``, with no count: ``name`` is its label; never one of tokens, planes or the like,
    whose names are not looked up: deck.unchecked_kind), "card" (``quantity``, ``name``;
    ``zone``: the zone its prefix places it in, ``COMMANDER: 1 Kasla``, None for most),
    "metadata" (a ``// key: value`` comment: ``key`` and ``name``, the value, as the deck's
    metadata keeps them; never the commander's, which places the command zone) or "other"
    (anything else: a problem, a marker, prefix or section the caller does not follow)."""

    kind: str
    quantity: int = 0
    name: str = ""
    zone: Zone | None = None
    key: str = ""
    stated: int | None = None


_OTHER_LINE = DeckLine("other")


def read_deck_line(raw: str) -> DeckLine:
    """One line as :class:`_TextRun` reads it in the deck section of a dialect that is neither
    Forge nor Archidekt, with what its prescan takes from it: "comment", "header" and "card" lines
    have no other effect on the deck (no problem, metadata or note that matters; a "header" enters
    a zone the way a zone header line does, and the prescan sees a Sideboard header exactly where
    the line is one; a "card" with a ``zone`` is placed there by its own line, as _TextRun._card
    places it: the section's zone stays, and a blank line before it starts nothing). Everything
    else is "other"."""
    if len(raw) > MAX_LINE_LENGTH:
        return _OTHER_LINE
    text, removed = strip_control(raw)
    if removed:
        return _OTHER_LINE
    line = text.strip()
    if not line:
        return DeckLine("blank")
    if line.startswith(("//", "#")):
        body = comment_text(line)
        header = _comment_header(body)
        if header is not None:
            return _section_line(header)
        match = _COMMENT_KEY_VALUE.match(body) or _COMMENT_KEY_SPACE.match(body)
        if match:  # what _comment gives DeckBuilder.set_metadata, as it keeps it
            key = match.group("key").strip().lower()
            if key in ("commander", "cdr"):
                return _OTHER_LINE  # command_zone places a CDR comment's commander
            return DeckLine("metadata", name=match.group("value").strip(), key=key)
        return DeckLine("comment")
    if _XMAGE_METADATA.match(line):
        return _OTHER_LINE
    if _XMAGE_LAYOUT.match(line):
        return DeckLine("comment")
    forum = _FORUM_MARKUP.fullmatch(line) if line[0] == "[" else None
    if forum is not None:
        title = forum_title(forum)
        return DeckLine("metadata", name=title, key="name") if title else DeckLine("comment")
    header = None if line[0].isdigit() else classify_header(line)  # ("Sideboard: 15" too)
    if header is not None:
        return _section_line(header)
    # A prefix other than the commander's is left out: an SB: line turns the blank-line sideboard
    # off for the whole text (_prescan).
    prefixed = split_prefix(line)[0]
    if prefixed is not None and prefixed is not Zone.COMMANDER:
        return _OTHER_LINE
    parsed = parse_card(line)
    if (
        isinstance(parsed, str)
        or parsed.quantity is None
        or parsed.zone is not prefixed
        or parsed.extra is not None
        or parsed.warnings
        or parsed.infos  # (reported: the whole parser reads the text)
    ):
        return _OTHER_LINE
    return DeckLine("card", parsed.quantity, parsed.name, zone=prefixed)


def _section_line(header: Header) -> DeckLine:
    """read_deck_line's reading of a header line: a zone's, a section's outside the deck whose
    cards the data has, or "other" (a group, an unknown section, a count on a section outside the
    deck)."""
    if header.count_digits is not None and not header.count_digits.isascii():
        return _OTHER_LINE  # (its count in other digits is reported)
    if header.kind is HeaderKind.ZONE and header.zone is not None:
        return DeckLine("header", zone=header.zone, stated=header.count)
    if (
        header.kind is HeaderKind.EXTRA
        and header.count_digits is None
        and unchecked_kind(extra_zone_tag(header.label)) is None
    ):
        return DeckLine("extra", name=header.label)
    return _OTHER_LINE


ARENA = TextFormat(
    "arena", "MTG Arena export: About/Commander/Companion/Deck/Sideboard headers, `1 Name (SET) 123`"
)
MTGO = TextFormat("mtgo", "MTGO .txt: `4 Name`, a blank line or `Sideboard` before the sideboard")
PLAIN = TextFormat(
    "plain", "plain text / MWS .dec / .mwDeck: `SB:` prefixes, `[SET]` codes, `//` and `#` comments"
)
MOXFIELD = TextFormat("moxfield", "Moxfield text export: `*F*`, `*CMDR*`, `#tags`, `SIDEBOARD:`")
ARCHIDEKT = TextFormat(
    "archidekt", "Archidekt text export: `1x Name (set) 123 [Category{flags}] ^Tag^`", archidekt=True
)
FORGE = TextFormat(
    "forge", "Forge .dck: [metadata]/[Commander]/[Main]/[Sideboard], `N Name|SET|art`, `+` foil", forge=True
)
XMAGE = TextFormat("xmage", "XMage .dck: `N [SET:NUM] Name`, `SB:` lines, NAME:/LAYOUT metadata")

TEXT_FORMATS = (ARENA, MTGO, PLAIN, MOXFIELD, ARCHIDEKT, FORGE, XMAGE)
