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
# over 12 (``13/04/2022``, ``04/13/2022``: 13 is no month) or both are the same; an English month
# name or its three-letter abbreviation (``April 3, 2022``, ``3 Apr 2022``). A time may follow
# (``2026-08-09T18:00:00Z``), or a note (``2019-06-01 (GP Barcelona)``) that names no other date.
# ``06/01/2019`` reads two ways, a month name in another of a dozen languages more: deckcheck does
# not guess which day the deck is from (metadata_date says why).
_MONTHS: Final = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
_MONTH_NUMBERS: Final = {
    **{name: number for number, name in enumerate(_MONTHS, 1)},
    **{name[:3]: number for number, name in enumerate(_MONTHS, 1)},
}


class _DatePatterns(NamedTuple):
    year_first: re.Pattern[str]
    numeric: re.Pattern[str]  # day and month in either order, then a four-digit year
    month_first: re.Pattern[str]  # April 3, 2022
    day_first: re.Pattern[str]  # 3 April 2022
    time: re.Pattern[str]
    other_date: re.Pattern[str]


@cache
def _date_patterns() -> _DatePatterns:
    month = rf"\b({'|'.join(_MONTH_NUMBERS)})\b\.?"
    day = r"(?<!\d)(\d{1,2})(?:st|nd|rd|th)?"
    month_first = rf"{month}\s+{day},?\s+(\d{{4}})(?!\d)"
    day_first = rf"{day}(?:\s+of)?\s+{month},?\s+(\d{{4}})(?!\d)"
    return _DatePatterns(
        year_first=re.compile(r"^\s*(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d./-])"),
        numeric=re.compile(r"^\s*(\d{1,2})([-/.])(\d{1,2})\2(\d{4})(?![\d./-])"),
        month_first=re.compile(rf"^\s*{month_first}", re.IGNORECASE),
        day_first=re.compile(rf"^\s*{day_first}", re.IGNORECASE),
        time=re.compile(r"^[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?"),
        other_date=re.compile(
            rf"\d{{1,4}}\s*[-/.]\s*\d{{1,2}}\s*[-/.]\s*\d{{1,4}}|{month_first}|{day_first}", re.IGNORECASE
        ),
    )


def _written_day(text: str) -> tuple[int, int, int] | None:
    """The year, month and day a deck's date as written names for certain (see above), not yet
    checked against the calendar; None when it names none."""
    patterns = _date_patterns()
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
        parts = _named_month(match[3], match[1], match[2])
    elif (match := patterns.day_first.match(text)) is not None:
        parts = _named_month(match[3], match[2], match[1])
    if match is None:
        return None
    rest = text[match.end() :]
    rest = rest[time.end() :] if (time := patterns.time.match(rest)) is not None else rest
    if rest.strip() and (rest[0].isalnum() or patterns.other_date.search(rest)):
        return None  # "2019-06-01x", or a second date: which is the deck's is not known
    return parts


def _named_month(year: str, month: str, day: str) -> tuple[int, int, int]:
    return int(year), _MONTH_NUMBERS[month.lower()], int(day)


def read_deck_date(text: str) -> dt.date | None:
    """The day a deck's own date (a ``// date:`` line, an event's date) names, or None when it names
    no day for certain (see :func:`metadata_date`): year first (``2019-06-01``, ``2019/06/01``),
    day and month in the one order a part over 12 allows (``13/04/2022``), or with an English month
    name (``April 3, 2022``, ``3 Apr 2022``); a time after it, or a note after it that holds no
    other date."""
    parts = _written_day(text)
    if parts is None:
        return None
    try:
        return dt.date(*parts)
    except ValueError:
        return None


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
    month or day first, ``06/01/2019``, which reads two ways; a month name; a day not in the
    calendar; two different dates), or None (a date read, or none given). Such a deck's day is not
    known: it is not judged as a deck without a date, for the day of the check."""
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
    if (
        two_ways is not None
        and int(two_ways[1]) != int(two_ways[3])
        and max(int(two_ways[1]), int(two_ways[3])) <= 12
    ):
        return f"its {key} {value!r} reads two ways, day or month first: it is not a YYYY-MM-DD date"
    if _written_day(value) is not None:  # read, but not a day: 2022-02-30, 31 April 2022
        return f"its {key} {value!r} is no day of the calendar"
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
