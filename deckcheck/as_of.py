"""Legality as of a date, the part every check needs: the ``as_of`` setting (``--as-of``, the
config's ``as_of``), a deck's own date, and the finding codes of the family. The format history
itself (:mod:`deckcheck.history`: its tables, the per-card status on a day) is loaded only when a
date is asked for, so a check without one does not build it.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Final, NamedTuple

from deckcheck.errors import ConfigError
from deckcheck.findings import Severity, define
from deckcheck.value import replace

if TYPE_CHECKING:
    from deckcheck.deck import ParsedDeck
    from deckcheck.format_spec import FormatSpec

LEGALITY_AS_OF = define(
    "DC205",
    "legality-as-of",
    Severity.INFO,
    "Legality was read from the format's history on this date, not from the card data's current legalities.",
)
HISTORY_NOT_COVERED = define(
    "DC206",
    "history-not-covered",
    Severity.ERROR,
    "Legality as of a date was asked for, but the format's history does not cover that date (or the deck "
    "has no date): legality not checked.",
)
NO_PRINTINGS = define(
    "DC207",
    "no-printings",
    Severity.ERROR,
    "Legality as of a date needs a card's printings, which its card record does not list: not verified.",
)
CODES = (LEGALITY_AS_OF, HISTORY_NOT_COVERED, NO_PRINTINGS)

# ``as_of="deck"``: each deck's own date (a ``// date:`` comment, an event's date).
AS_OF_DECK = "deck"
# ``as_of="data"``: legality as the card data gives it, on the data's own day, however old it is:
# no history, and no deck is withheld for being later than the data.
AS_OF_DATA = "data"
# Metadata keys a deck's date is read from, in order.
DATE_KEYS = ("date", "event date")
AsOf = dt.date | str  # a day, AS_OF_DECK or AS_OF_DATA

# A deck with no date of its own is judged for the day of the check. Card data from more than this
# many days before that day no longer vouches for it: formats change with every few sets (ban
# announcements, Standard's legal sets), and those come a few months apart. A dated deck has no such
# leeway: the data vouches for no day after its own (engine.legality_out_of_date).
DATA_AGE_LIMIT_DAYS: Final = 90
# The day of the check, when set (YYYY-MM-DD): a run that gives the same answers on any day.
TODAY_VARIABLE: Final = "DECKCHECK_TODAY"


def today() -> dt.date:
    """The day of the check: ``DECKCHECK_TODAY`` when set, else the local date."""
    given = os.environ.get(TODAY_VARIABLE, "")
    if not given:
        return dt.date.today()
    day = parse_date(given)
    if day is None:
        raise ConfigError(f"{TODAY_VARIABLE}: {given!r} is not a date (YYYY-MM-DD)")
    return day


def reads_history(as_of: AsOf | None) -> bool:
    """Whether legality under this ``as_of`` setting comes from the format's history (a day, or
    each deck's date) rather than from the card data."""
    return as_of is not None and as_of != AS_OF_DATA


@cache
def _date_pattern() -> re.Pattern[str]:  # compiled when a date is first read (most runs read none)
    return re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?\s*$")


def parse_date(text: str) -> dt.date | None:
    """A ``YYYY-MM-DD`` day (a time after it, as in ``2026-08-09T18:00:00Z``, is allowed and ignored);
    None when the text is not one."""
    match = _date_pattern().match(text)
    if match is None:
        return None
    try:
        return dt.date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None


def parse_as_of(value: object, where: str = "as_of") -> AsOf | None:
    """An ``as_of`` setting: None / "" (current legality), "deck" (each deck's own date), "data" (the
    card data's own day) or a day."""
    if value is None or value == "":
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        word = value.strip().lower()
        if word in (AS_OF_DECK, AS_OF_DATA):
            return word
        day = parse_date(value)
        if day is not None:
            return day
    raise ConfigError(f"{where}: {value!r} is not a date (YYYY-MM-DD), {AS_OF_DECK!r} or {AS_OF_DATA!r}")


def with_as_of(spec: FormatSpec, as_of: object) -> FormatSpec:
    """``spec`` checking legality as of ``as_of`` (see :func:`parse_as_of`); unchanged for None."""
    parsed = parse_as_of(as_of)
    if parsed == spec.as_of:
        return spec
    return replace(spec, as_of=parsed)


# A deck's own date as decklists write it, read only where it names one day for certain: year first
# (``2019-06-01``, also ``2019/06/01`` or ``2019.06.01``: year, month, day is the only order that
# starts with the year); day and month in either order with a four-digit year where one of them is
# over 12 (``13/04/2022``, ``04/13/2022``: 13 is no month) or both are the same; a month named in
# one of the languages decklists come in, or abbreviated (``April 3, 2022``, ``3rd Sept. 2022``,
# ``3 avril 2022``, ``3. April 2022``, ``3 de abril de 2022``), a weekday before it that is that
# day's (``Sunday, April 3, 2022``). A time may follow (``2026-08-09T18:00:00Z``), or a note
# (``2019-06-01 (GP Barcelona)``) that names no other date. ``06/01/2019`` reads two ways, and
# ``3 Apr 22`` leaves the century to a guess: deckcheck does not guess which day the deck is from
# (metadata_date says why).
#
# Month names and their abbreviations, per month: English, French, German, Spanish, Italian and
# Portuguese. An abbreviation is one month's in every language that has it ("mar" is March's,
# "set" September's in Italian and Portuguese, "out" October's in Portuguese). Written with or
# without their accents: a word is looked up with its accents left out (_folded_word).
_MONTH_WORDS: Final = (
    "january jan janvier janv januar jänner jän enero ene gennaio gen janeiro",
    "february feb février févr februar febrero febbraio fevereiro fev",
    "march mar mars märz maerz marzo março",
    "april apr avril avr abril abr aprile",
    "may mai mayo maggio mag maio",
    "june jun juin juni junio giugno giu junho",
    "july jul juillet juil juli julio luglio lug julho",
    "august aug août agosto ago",
    "september sep sept septembre septiembre setiembre settembre set setembro",
    "october oct octobre oktober okt octubre ottobre ott outubro out",
    "november nov novembre noviembre novembro",
    "december dec décembre déc dezember dez diciembre dicembre dic dezembro",
)
# Weekday names (Monday first, as date.weekday() counts), in the same languages: a weekday before a
# date is read only when it is that day's.
_WEEKDAY_WORDS: Final = (
    "monday mon lundi montag lunes lunedì segunda-feira segunda",
    "tuesday tue tues mardi dienstag martes martedì terça-feira terça",
    "wednesday wed mercredi mittwoch miércoles mercoledì quarta-feira quarta",
    "thursday thu thur thurs jeudi donnerstag jueves giovedì quinta-feira quinta",
    "friday fri vendredi freitag viernes venerdì sexta-feira sexta",
    "saturday sat samedi samstag sonnabend sábado sabato",
    "sunday sun dimanche sonntag domingo domenica",
)
_WEEKDAYS: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _folded_word(word: str) -> str:
    """A month or weekday name in small letters with its accents left out ("Août" is "aout")."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _numbered(groups: tuple[str, ...], first: int) -> dict[str, int]:
    """Each word of ``groups`` (and its form without accents) -> its group's number, from ``first``."""
    return {
        form: number
        for number, words in enumerate(groups, first)
        for word in words.split()
        for form in (word, _folded_word(word))
    }


class _DatePatterns(NamedTuple):
    months: dict[str, int]  # month word, with and without its accents -> month number
    weekdays: dict[str, int]  # weekday word, likewise -> date.weekday()
    weekday: re.Pattern[str]  # a weekday before the date ("Sunday, ", "Sun ")
    year_first: re.Pattern[str]
    numeric: re.Pattern[str]  # day and month in either order, then a four-digit year
    month_first: re.Pattern[str]  # April 3, 2022
    day_first: re.Pattern[str]  # 3 April 2022, 3. April 2022, 3 de abril de 2022
    time: re.Pattern[str]
    other_date: re.Pattern[str]
    two_digit_year: re.Pattern[str]  # 4/3/22, 3 Apr 22, Apr 3 '22: no century


@cache
def _date_patterns() -> _DatePatterns:
    months, weekdays = _numbered(_MONTH_WORDS, 1), _numbered(_WEEKDAY_WORDS, 0)

    def words(table: dict[str, int]) -> str:  # (longest first: "sept" before "sep")
        return "|".join(map(re.escape, sorted(table, key=len, reverse=True)))

    month = rf"\b({words(months)})\b\.?"
    # an ordinal's ending: 3rd, 1er (French), 1º (Spanish, Portuguese), 3. (German)
    day = r"(?<!\d)(\d{1,2})(?:st|nd|rd|th|er|º|ª|°|\.)?"

    def named(year: str) -> tuple[str, str]:
        return (
            rf"{month}\s+{day},?\s+{year}",
            rf"{day},?(?:\s+(?:of|de))?\s+{month},?\s+(?:del?\s+)?{year}",
        )

    month_first, day_first = named(r"(\d{4})(?!\d)")
    short = r"'?\d{2}(?![\d./-])"  # a two-digit year ("'22")
    return _DatePatterns(
        months=months,
        weekdays=weekdays,
        weekday=re.compile(rf"^\s*({words(weekdays)})\b\.?,?\s+", re.IGNORECASE),
        year_first=re.compile(r"^\s*(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d./-])"),
        numeric=re.compile(r"^\s*(\d{1,2})([-/.])(\d{1,2})\2(\d{4})(?![\d./-])"),
        month_first=re.compile(rf"^\s*{month_first}", re.IGNORECASE),
        day_first=re.compile(rf"^\s*{day_first}", re.IGNORECASE),
        time=re.compile(r"^[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?"),
        other_date=re.compile(
            rf"\d{{1,4}}\s*[-/.]\s*\d{{1,2}}\s*[-/.]\s*\d{{1,4}}|{month_first}|{day_first}", re.IGNORECASE
        ),
        two_digit_year=re.compile(
            rf"^\s*(?:\d{{1,2}}([-/.])\d{{1,2}}\1{short}|{'|'.join(named(short))})", re.IGNORECASE
        ),
    )


class _WrittenDay(NamedTuple):
    """A deck's date as written, not yet checked against the calendar."""

    year: int
    month: int
    day: int
    weekday: int | None  # the weekday written before it (date.weekday()), if any


def _written_day(text: str) -> _WrittenDay | None:
    """The year, month and day a deck's date as written names for certain (see above), and the
    weekday written before it; None when it names none."""
    patterns = _date_patterns()
    weekday: int | None = None
    if (named_day := patterns.weekday.match(text)) is not None:
        weekday = patterns.weekdays[_folded_word(named_day[1])]
        text = text[named_day.end() :]
    parts: tuple[int, int, int] | None = None
    if (match := patterns.year_first.match(text)) is not None:
        parts = int(match[1]), int(match[3]), int(match[4])
    elif (match := patterns.numeric.match(text)) is not None:
        first, second = int(match[1]), int(match[3])
        if first != second and max(first, second) <= 12:
            return None  # 03/04/2022: the 3rd of April or the 4th of March
        month, day = (first, second) if second > 12 else (second, first)
        parts = int(match[4]), month, day
    elif (match := patterns.month_first.match(text)) is not None:
        parts = int(match[3]), patterns.months[_folded_word(match[1])], int(match[2])
    elif (match := patterns.day_first.match(text)) is not None:
        parts = int(match[3]), patterns.months[_folded_word(match[2])], int(match[1])
    if match is None or parts is None:
        return None
    rest = text[match.end() :]
    rest = rest[time.end() :] if (time := patterns.time.match(rest)) is not None else rest
    if rest.strip() and (rest[0].isalnum() or patterns.other_date.search(rest)):
        return None  # "2019-06-01x", or a second date: which is the deck's is not known
    return _WrittenDay(*parts, weekday)


def _calendar_day(written: _WrittenDay) -> dt.date | None:
    """The day of the calendar a date as written names, None when there is none (2022-02-30)."""
    try:
        return dt.date(written.year, written.month, written.day)
    except ValueError:
        return None


def read_deck_date(text: str) -> dt.date | None:
    """The day a deck's own date (a ``// date:`` line, an event's date) names, or None when it names
    no day for certain (see :func:`metadata_date`): year first (``2019-06-01``, ``2019/06/01``),
    day and month in the one order a part over 12 allows (``13/04/2022``), or with a month name in
    English, French, German, Spanish, Italian or Portuguese (``April 3rd, 2022``, ``3 Sept 2022``,
    ``3 avril 2022``, ``3. April 2022``, ``3 de abril de 2022``), after that day's weekday if one
    is written; a time after it, or a note after it that holds no other date."""
    written = _written_day(text)
    day = _calendar_day(written) if written is not None else None
    if day is None or (written is not None and written.weekday not in (None, day.weekday())):
        return None
    return day


NO_DATE = "the deck has no date (a '// date: YYYY-MM-DD' comment or an event date)"


def metadata_date(metadata: Mapping[str, str]) -> tuple[dt.date | None, str]:
    """A deck's own date from its decklist's metadata (ParsedDeck.metadata), and where it came from
    (or why there is none: no date, or one written that names no day for certain, see
    :func:`unread_date`)."""
    found = deck_date_text(metadata)
    if found is None:
        return None, NO_DATE
    key, value = found
    day = read_deck_date(value)
    if day is None:
        return None, unread_date_reason(key, value)
    # a date written otherwise than YYYY-MM-DD (April 3, 2022) is shown as written beside the day read
    written = "" if value.strip().startswith(day.isoformat()) else f" {value.strip()!r}"
    return day, f"the deck's {key}{written}"


def unread_date(metadata: Mapping[str, str]) -> tuple[str, str] | None:
    """The metadata key and value of a date the deck gives that names no day for certain (a day
    month or day first, ``06/01/2019``, which reads two ways; a two-digit year; a day not in the
    calendar; a weekday not that day's; two different dates), or None (a date read, or none
    given). Such a deck's day is not known: it is not judged as a deck without a date, for the day
    of the check."""
    found = deck_date_text(metadata)
    if found is None or read_deck_date(found[1]) is not None:
        return None
    return found


def unread_date_reason(key: str, value: str) -> str:
    """Why a deck's date as written (:func:`unread_date`) names no day, and how to write one."""
    parts = value.split("; ")  # (DeckBuilder.set_metadata joins two different dates so)
    if len(parts) > 1 and all(read_deck_date(part) is not None for part in parts):
        quoted = " and ".join(repr(part) for part in parts)
        return f"it gives two different {key}s ({quoted}), so which day it is from is not known"
    two_ways = re.fullmatch(r"\s*(\d{1,2})([-/.])(\d{1,2})\2\d{2,4}\s*", value)
    reads_two_ways = (
        two_ways is not None
        and int(two_ways[1]) != int(two_ways[3])
        and max(int(two_ways[1]), int(two_ways[3])) <= 12
    )
    if _date_patterns().two_digit_year.match(value) is not None:
        either = ", and its day and month read either way" if reads_two_ways else ""
        return (
            f"its {key} {value!r} has a two-digit year, so its century is not known{either}:"
            " write it as YYYY-MM-DD, the year in full"
        )
    if reads_two_ways:
        return f"its {key} {value!r} reads two ways, day or month first: it is not a YYYY-MM-DD date"
    written = _written_day(value)
    day = _calendar_day(written) if written is not None else None
    if written is not None and day is None:  # read, but not a day: 2022-02-30, 31 April 2022
        return f"its {key} {value!r} is no day of the calendar"
    if written is not None and day is not None and written.weekday not in (None, day.weekday()):
        named = _WEEKDAYS[written.weekday]
        return (
            f"its {key} {value!r} names a {named}, but {day.isoformat()} is a {_WEEKDAYS[day.weekday()]}:"
            " which day is meant is not known"
        )
    return f"its {key} {value!r} is not a YYYY-MM-DD date"


def deck_date_text(metadata: Mapping[str, str]) -> tuple[str, str] | None:
    """The metadata key a deck's own date is read from and its value as written (a date or not),
    or None when it has none: what :func:`metadata_date` reads, and what the pandas long frame
    keeps of a deck in its ``date`` column. A deck that gives both a date and an event date naming
    different days (or one naming none) gives both, joined as two values of one key are
    (DeckBuilder.set_metadata): which day the deck is from is not known."""
    given = [(key, value) for key in DATE_KEYS if (value := metadata.get(key))]
    if not given:
        return None
    if len(given) > 1:
        days = {read_deck_date(value) for _, value in given}
        if len(days) > 1 or None in days:
            return given[0][0], "; ".join(value for _, value in given)
    return given[0]


def judged_day(metadata: Mapping[str, str], as_of: AsOf | None) -> tuple[dt.date | None, str]:
    """The day a deck with this metadata is judged for under the ``as_of`` setting, and where it
    came from: the day the setting names; else the deck's own date; else, unless each deck's own
    date was asked for, the day of the check. (Under ``AS_OF_DATA`` the card data's day decides
    legality alone: the rules of the game are still those of the deck's day.) None, and why, when
    the day is not known: the deck has no date and its own was asked for, or it gives a date that
    names no day for certain."""
    if isinstance(as_of, dt.date):
        return as_of, "the as_of setting"
    day, where = metadata_date(metadata)
    if day is not None or as_of == AS_OF_DECK or unread_date(metadata) is not None:
        return day, where
    return today(), "the day of the check: the deck has no date"


def deck_date_line(parsed: ParsedDeck) -> int:
    """The line that gives the deck's date (0: the file's structure gave it, or none)."""
    found = deck_date_text(parsed.metadata)
    return parsed.metadata_line(found[0]) if found is not None else 0
