"""Shared machinery for every decklist parser: the deck builder, line splitting, limits, problems.

Every parser writes through :class:`DeckBuilder`, which keeps the promise of the package: each source
line ends up in ``ParsedDeck.lines`` exactly once (card, header, comment, blank or problem), every
problem is a :class:`ParseProblem` carrying its finding code, and the companion that exporters list
twice (under ``Companion`` and in the sideboard) is counted once, with an info problem saying so.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from deckcheck.as_of import DATE_KEYS
from deckcheck.deck import Entry, LineKind, ParsedDeck, ParseProblem, Zone, line_record, new_entry
from deckcheck.decklist._names import refusal_data
from deckcheck.value import replace

# Limits. Decklists are small; anything far outside these is a mistake or an attack.
MAX_BYTES = 5 * 1024 * 1024
MAX_LINE_LENGTH = 1000
MAX_NAME_LENGTH = 300  # the longest printed card name is 141 characters
MAX_QUANTITY = 10_000

# Finding codes (declared with deckcheck.findings.define in deckcheck/decklist/__init__.py).
UNREADABLE = "DC001"  # unreadable file: binary, encoding, too big, XML/JSON error, not a decklist
UNPARSABLE = "DC002"  # a line that could not be read
SUSPICIOUS = "DC003"  # a line accepted with a doubt: latin-1, control characters, missing count...
COMPANION_MERGED = "DC004"  # the companion listed twice was counted once
EMPTY_DECKLIST = "DC005"  # no card line at all
HEADER_COUNT = "DC007"  # a section header's count differs from the copies read under it
NO_CARD_LINES_MESSAGE = "no card lines in the file"  # (EMPTY_DECKLIST's problem)

SIDEBOARD_USUAL_SIZE = 15

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class Parser(Protocol):
    """One decklist input format."""

    @property
    def name(self) -> str: ...

    @property
    def description(self) -> str: ...

    def parse(self, text: str, path: str) -> ParsedDeck: ...


def split_lines(text: str) -> list[str]:
    """Split on CRLF, CR or LF only (``str.splitlines`` also splits on form feeds and U+2028, which
    editors do not count as lines, so line numbers would drift). A final line break ends the last
    line rather than starting an empty one."""
    if not text:
        return []
    # (without a CR every break is an LF, and str.split is several times faster than the regex)
    lines = text.split("\n") if "\r" not in text else _LINE_BREAK.split(text)
    if lines[-1] == "":
        lines.pop()
    return lines


def strip_control(text: str) -> tuple[str, bool]:
    """Remove control and invisible format characters (tabs become spaces). Returns the cleaned text
    and whether anything other than a tab or a leading byte-order mark was removed."""
    if text.isprintable():
        return text, False
    kept: list[str] = []
    removed = False
    for index, char in enumerate(text):
        if char == "\t":
            kept.append(" ")
        elif char == "\ufeff" and index == 0:
            continue
        elif unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") and char != " ":
            removed = True
        else:
            kept.append(char)
    return "".join(kept), removed


def printing_field(value: str | None) -> str | None:
    """A set code or collector number from a field of XML, JSON or CSV, as a text line gives it:
    control and invisible format characters removed (a text reader drops them from the line, so a
    deck written out would not read back the same), None when nothing is left."""
    if value is None:
        return None
    return strip_control(value)[0].strip() or None


_FORMAT_ALIASES = {
    "edh": "commander",
    "cedh": "commander",
    "elderdragonhighlander": "commander",
    "commanderedh": "commander",
    "pauperedh": "paupercommander",
    "pdh": "paupercommander",
    "duelcommander": "duel",
    "historicbrawl": "brawl",
}


def normalize_format_name(value: str) -> str | None:
    """``"Commander / EDH"``, ``"EDH"`` and ``"commander"`` all name one format: lower-case, drop
    spaces, dashes and underscores, and map the common aliases to the Scryfall legality key. Parts
    parted by '/' are one format when they name the same one ("Commander / EDH"); parts naming two
    ("Pauper / Cube", "Modern / Pioneer") stay whole, a name no format has, so the deck is checked
    by no one format's rules it may not be meant for (the unknown format's advice names them)."""
    key = re.sub(r"[\s_\-]+", "", value.strip().lower())
    if not key:
        return None
    if "/" in key:
        named = {_FORMAT_ALIASES.get(part, part) for part in key.split("/") if part}
        return named.pop() if len(named) == 1 else key
    return _FORMAT_ALIASES.get(key, key)


def declared_format_of(metadata: Mapping[str, str]) -> str | None:
    """The format a decklist's ``format`` metadata declares (ParsedDeck.declared_format of a text
    whose ``// format:`` line gave it), or None."""
    value = metadata.get("format")
    return normalize_format_name(value) if value else None


def normalized_key(name: str) -> str:
    """A comparison key for two spellings of one card name in one file (the companion merge)."""
    return " ".join(name.casefold().split())


# metadata keys whose first non-empty value names the deck (ParsedDeck.name)
DECK_NAME_KEYS = frozenset({"name", "deck name", "deckname", "title"})
# The metadata a writer with fields for it (Forge ``[metadata]``, Cockatrice ``<comments>``, XMage
# ``#`` lines) writes as ``key: value`` and the reader of its output reads back under the same key:
# the format declaration and the deck's date (which decides legality as of the deck and whether the
# card data vouches for it). Writers, readers and the export's read-back check all use this list.
CARRIED_METADATA_KEYS = ("format", *DATE_KEYS)
# The metadata keys that change what the deck is read as (its name, format, date, commanders): a
# comment line that says one is read as that field, not kept as a note.
FIELD_METADATA_KEYS = frozenset({*DECK_NAME_KEYS, *CARRIED_METADATA_KEYS, "commander", "cdr"})


def keys_pattern(keys: Iterable[str]) -> str:
    """An alternation of metadata keys for a pattern; a space in a key matches any run of spaces."""
    return "|".join(key.replace(" ", r"\s+") for key in keys)


# The lines of a Cockatrice <comments> element read as fields: the carried metadata (as write_cod
# writes it) and the commander ("CDR: Name"). Every other line is a comment, which writers keep.
COD_FIELD_LINE = re.compile(
    rf"^\s*(?P<key>{keys_pattern((*CARRIED_METADATA_KEYS, 'cdr', 'commander'))})"
    r"\s*[:\uff1a]\s*(?P<value>.+?)\s*$",
    re.IGNORECASE,
)


def dates_differ(metadata: Mapping[str, str], key: str, value: str) -> bool:
    """Whether ``key: value`` gives the deck a second date that differs from the one ``metadata``
    has: which day the deck is from is then not known (DeckBuilder.set_metadata reports it; the
    batch reader leaves such a text to parse_text)."""
    return key in DATE_KEYS and bool(value) and metadata.get(key, value) != value


class DeckBuilder:
    """Accumulates entries, line records and problems for one parse, then finishes the deck."""

    def __init__(self, path: str, input_format: str) -> None:
        self.deck = ParsedDeck(path=path, input_format=input_format)
        # Beside each entry, the index of the line record that produced it (None: not known yet).
        # Several entries share line 0 in formats without lines, so the record cannot be found by
        # line number.
        self._record_of_entry: list[int | None] = []
        self._metadata_lines: dict[str, int] = {}  # metadata key -> the line that first set it

    # -- recording lines ------------------------------------------------------------------------

    def record(self, line: int, kind: LineKind, text: str, note: str = "") -> int:
        lines = self.deck.lines
        lines.append(line_record(line, kind, text, note))
        return len(lines) - 1

    def card(self, entry: Entry, text: str, note: str = "") -> None:
        self._record_of_entry.append(self.record(entry.line, LineKind.CARD, text, note))
        self.deck.entries.append(entry)

    def plain_card(self, quantity: int, name: str, zone: Zone, line: int, text: str, note: str) -> None:
        """:meth:`card` of ``Entry(quantity, name, zone, line, raw=text)``, the most common line."""
        lines = self.deck.lines
        self._record_of_entry.append(len(lines))
        lines.append(line_record(line, LineKind.CARD, text, note))
        self.deck.entries.append(new_entry(quantity, name, zone, line, raw=text))

    def add_entry(self, entry: Entry) -> None:
        """An entry whose line record is written later (XML: records are written in line order
        after the tree is read); call :meth:`link_entries_by_line` once they are."""
        self.deck.entries.append(entry)
        self._record_of_entry.append(None)

    def link_entries_by_line(self) -> None:
        by_line = {r.line: i for i, r in enumerate(self.deck.lines) if r.kind is LineKind.CARD}
        self._record_of_entry = [by_line.get(e.line) for e in self.deck.entries]

    def problem_line(
        self,
        line: int,
        text: str,
        reason: str,
        *,
        code: str = UNPARSABLE,
        severity: str = "error",
        section: Zone | None = None,
        data: tuple[tuple[str, str], ...] | None = None,
    ) -> None:
        """A line that could not be used: recorded as PROBLEM and reported (:meth:`report`)."""
        self.record(line, LineKind.PROBLEM, text, str(reason))
        self.report(line, reason, code=code, severity=severity, section=section, data=data)

    def report(
        self,
        line: int,
        message: str,
        *,
        code: str,
        severity: str,
        section: Zone | None = None,
        data: tuple[tuple[str, str], ...] | None = None,
    ) -> None:
        """A problem of ``line``; its ``data``: what the message says (None: what a Refusal
        ``message`` carries, decklist._names.refusal_data)."""
        self.deck.problems.append(
            ParseProblem(
                line=line,
                message=str(message),
                severity=severity,
                code=code,
                section=str(section) if section is not None else None,
                data=refusal_data(message) if data is None else data,
            )
        )

    def set_metadata(self, key: str, value: str, line: int = 0) -> None:
        """A ``key: value`` the decklist gives about itself (``line``: where, 0 = no line)."""
        key = key.strip().lower()
        value = value.strip()
        if not key:
            return
        if key in ("commander", "cdr"):  # one line per commander (partners): keep them all
            key, named = "commander", self.deck.metadata.get("commander")
            value = f"{named}; {value}" if named and value else value
        if dates_differ(self.deck.metadata, key, value):
            # two different dates: which day the deck is from is not known, so neither is used
            # (as_of.metadata_date reads the two as no date, and says so)
            first, first_line = self.deck.metadata[key], self._metadata_lines.get(key, 0)
            where = f" (line {first_line})" if first_line else ""
            self.report(
                line,
                f"a second {key} {value!r} differs from {first!r}{where}: the deck's {key} is not known, "
                f"so neither is read and its legality is not verified; keep one {key} line",
                code=SUSPICIOUS,
                severity="warning",
            )
            value = f"{first}; {value}"
        self.deck.metadata[key] = value
        self._metadata_lines.setdefault(key, line)
        if key in DECK_NAME_KEYS and value and self.deck.name is None:
            self.deck.name = value
        if key == "format" and value:
            self.deck.declared_format = normalize_format_name(value)
            self.deck.declared_format_line = line

    # -- editing entries after the fact -------------------------------------------------------

    def entry_count(self) -> int:
        return len(self.deck.entries)

    def replace_entry(self, index: int, entry: Entry | None, note: str) -> None:
        """Change (or, with ``None``, remove) an entry, and note why on the line that produced it."""
        record_index = self._record_of_entry[index]
        if record_index is not None:
            old = self.deck.lines[record_index]
            joined = f"{old.note}; {note}" if old.note else note
            self.deck.lines[record_index] = old._replace(note=joined)
        if entry is not None:
            self.deck.entries[index] = entry
            return
        del self.deck.entries[index]
        del self._record_of_entry[index]

    # -- finishing ------------------------------------------------------------------------------

    def finish(self) -> ParsedDeck:
        self._merge_duplicate_companions()
        self.deck.problems.sort(key=lambda p: p.line)  # stable: file order within a line
        return self.deck

    def _merge_duplicate_companions(self) -> None:
        """A companion listed under ``Companion`` *and* in the sideboard is one card (Arena and
        Moxfield exports do this): keep the companion, take its copies off the sideboard line."""
        companions = [e for e in self.deck.entries if e.zone is Zone.COMPANION]
        for companion in companions:
            to_remove = companion.quantity
            key = normalized_key(companion.name)
            index = 0
            while to_remove > 0 and index < len(self.deck.entries):
                entry = self.deck.entries[index]
                if entry.zone is not Zone.SIDEBOARD or normalized_key(entry.name) != key:
                    index += 1
                    continue
                taken = min(to_remove, entry.quantity)
                to_remove -= taken
                remaining = entry.quantity - taken
                where = _where(companion.line, entry.line)
                self.report(
                    entry.line,
                    f"companion {companion.name!r} is listed under Companion{where[0]} and in the "
                    f"sideboard{where[1]}; counted once, as the companion (sideboard "
                    f"{entry.quantity} -> {remaining})",
                    code=COMPANION_MERGED,
                    severity="info",
                    section=Zone.SIDEBOARD,
                )
                note = f"{taken} cop{'y' if taken == 1 else 'ies'} merged into the companion"
                if remaining:
                    self.replace_entry(index, replace(entry, quantity=remaining), note)
                    index += 1
                else:
                    self.replace_entry(index, None, note)


def _where(companion_line: int, sideboard_line: int) -> tuple[str, str]:
    if companion_line == 0 and sideboard_line == 0:
        return "", ""
    return f" (line {companion_line})", f" (line {sideboard_line})"


def whole_file_problem(
    path: str,
    input_format: str,
    message: str,
    *,
    code: str = UNREADABLE,
    text: str = "",
    line: int = 1,
) -> ParsedDeck:
    """A file that cannot be read at all: one PROBLEM record for every line there is (line 0 when
    the content is not even text), and one problem, on ``line`` when the reason has one (where a
    JSON error is) and the file holds it, else on the first line."""
    builder = DeckBuilder(path, input_format)
    lines = split_lines(text)
    if not lines:
        builder.record(0, LineKind.PROBLEM, "", message)
    for number, written in enumerate(lines, start=1):
        builder.record(number, LineKind.PROBLEM, written[:MAX_LINE_LENGTH], message)
    builder.report(min(max(line, 1), len(lines)) if lines else 0, message, code=code, severity="error")
    return builder.finish()


# JSON escapes of characters no text decklist can hold: NUL (a text reader refuses a file with one)
# and half a UTF-16 surrogate pair, which json.loads keeps, without its other half, as a lone
# surrogate: no character, which no UTF-8 file, data frame or card store can hold.
_NUL_ESCAPE = re.compile(r"\\u0000")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD]([89abAB]|[c-fC-F])[0-9a-fA-F]{2}")
_UNHOLDABLE = re.compile("[\x00\ud800-\udfff]")


def _unholdable_escape_line(text: str) -> int | None:
    """The line of the first escape of NUL, or of half a surrogate pair without its other half, in
    JSON text, or None (a pair, ``\\ud83d\\ude00``, is one character). A cheap look before a
    document is walked: an escaped backslash before ``u`` (``\\\\ud800``, no escape) may pass for one."""
    first = _NUL_ESCAPE.search(text)
    end = first.start() if first else len(text)
    paired_low_at = -1
    for found in _SURROGATE_ESCAPE.finditer(text, 0, end):
        if found.group(1) in "89abAB":
            following = _SURROGATE_ESCAPE.match(text, found.end())
            if following is not None and following.group(1) not in "89abAB":
                paired_low_at = following.start()
                continue
        elif found.start() == paired_low_at:
            continue
        end = found.start()
        break
    else:
        if first is None:
            return None
    return text.count("\n", 0, end) + 1


def _without_unholdable(document: Any) -> tuple[Any, int]:
    """A loaded JSON document with NUL and lone surrogates removed from its strings (keys too), as
    :func:`strip_control` removes them from a card name, and how many strings held one. Nested
    containers are walked without recursion (json.loads nests deeper than a recursive walk could)."""
    cleaned = 0

    def clean(value: Any) -> Any:
        nonlocal cleaned
        if not isinstance(value, str):
            return value
        kept, removed = _UNHOLDABLE.subn("", value)
        cleaned += removed > 0
        return kept

    root = [document]
    pending: list[Any] = [root]
    while pending:
        container = pending.pop()
        if isinstance(container, list):
            for index, value in enumerate(container):
                container[index] = clean(value)
                if isinstance(value, dict | list):
                    pending.append(value)
        else:
            items: dict[Any, Any] = {}
            for key, value in container.items():
                kept = clean(key)
                # (a key that would become another's stays as written: no value is lost)
                items[key if kept != key and (kept in container or kept in items) else kept] = clean(value)
            container.clear()
            container.update(items)
            pending.extend(value for value in items.values() if isinstance(value, dict | list))
    return root[0], cleaned


def without_unholdable_characters(text: str, document: Any) -> tuple[Any, int | None]:
    """The JSON ``document`` loaded from ``text`` with its NUL characters and lone surrogates
    removed, and the line of the first when a string held one (else None)."""
    line = _unholdable_escape_line(text)
    if line is None:
        return document, None
    document, cleaned = _without_unholdable(document)
    return document, line if cleaned else None


def unholdable_characters_problem(line: int) -> ParseProblem:
    """The warning that a JSON file's escapes of characters no text can hold were removed."""
    return ParseProblem(
        line,
        "a JSON escape of a character no decklist text can hold (NUL, \\u0000, or half of a UTF-16 "
        "surrogate pair such as \\ud800 without its other half): removed (the file's writer "
        "damaged the text; read what it names again from the site)",
        "warning",
        SUSPICIOUS,
    )


def check_quantity(value: int) -> str | None:
    """The reason a count cannot be used, or None."""
    if value < 0:
        return f"negative count {value}"
    if value == 0:
        return "count is 0"
    if value > MAX_QUANTITY:
        return f"absurd count {value} (more than {MAX_QUANTITY:,})"
    return None


def parse_quantity(text: str) -> int | str:
    """An integer count from text, or the reason it is not one (without int() on huge inputs)."""
    digits = text.strip()
    unsigned = digits[1:] if digits[:1] in ("+", "-") else digits
    if not unsigned.isdecimal():  # (what the regex [+-]?\d+ takes: \d is isdecimal's category Nd)
        return f"count {text.strip()!r} is not a whole number"
    mixed = None if unsigned.isascii() else mixed_digits(digits)  # (a call only for other digits)
    if mixed is not None:
        return mixed
    if len(digits.lstrip("+-").lstrip("0")) > 9:
        return f"absurd count {digits[:12]}{'...' if len(digits) > 12 else ''} (more than {MAX_QUANTITY:,})"
    value = int(digits)
    reason = check_quantity(value)
    return reason if reason is not None else value


# The words of Unicode's digit names that describe a form of digits, not a script or a people
# (proper nouns): "fullwidth digits", "mathematical bold digits", but "Arabic-Indic digits".
_DIGIT_FORM_WORDS = frozenset(
    {"fullwidth", "extended", "mathematical", "bold", "double-struck", "sans-serif", "monospace", "segmented"}
)


def digit_system(digit: str) -> str:
    """The system of the decimal digit ``digit`` as a message names it: "digits 0-9", or from its
    Unicode name ("Arabic-Indic digits", "fullwidth digits", "extended Arabic-Indic digits")."""
    if digit.isascii():
        return "digits 0-9"
    name = unicodedata.name(digit, "").split(" DIGIT ")[0]
    words = [w.lower() if w.lower() in _DIGIT_FORM_WORDS else w.title() for w in name.split()]
    return " ".join([*words, "digits"])


def mixed_digits(written: str) -> str | None:
    """The reason the count ``written`` is refused when its digits are of more than one system, or
    None. Digits of one other system ("٣", fullwidth "３") are read, and noted (other_digits_note);
    digits of two are refused, where int() would read "1٣" as 13."""
    if written.isascii():  # (most counts: nothing more to look at)
        return None
    digits = [c for c in written if c.isdecimal()]
    if len({ord(c) - unicodedata.decimal(c) for c in digits}) < 2:
        return None
    systems = dict.fromkeys(digit_system(c) for c in digits)
    return f"count {written!r} mixes digits of different systems ({' and '.join(systems)})"


def other_digits_note(written: str, value: int) -> str | None:
    """The note of a count written in decimal digits other than 0-9 (``٣``: "count '٣' in
    Arabic-Indic digits: read as 3"), None for ASCII ones. Python reads any Unicode decimal digit, and
    so does every reader (parse_quantity), but a reader of the file might not see the number: the
    readers report this as a DC003 note, and an export writes 0-9."""
    if written.isascii():
        return None
    # (its digits: not a sign, nor the "x" of "３x")
    other = next((c for c in written if c.isdecimal() and not c.isascii()), None)
    if other is None:
        return None
    return f"count {written.strip()!r} in {digit_system(other)}: read as {value:,}"


def join_notes(notes: Iterable[str]) -> str:
    return "; ".join(n for n in notes if n)
