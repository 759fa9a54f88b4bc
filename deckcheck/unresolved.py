"""Undetermined rules: what a deck's unresolved entries (names the card data does not know) leave
open. Every entry counts toward sizes, copies and singleton by its written quantity, resolved or
not; a rule whose outcome depends on an unresolved card's characteristics is *undetermined*: never
passed, and never failed on the cards that are known unless they already break it. The one finding
code for an undetermined rule lives here, so every rule family says it the same way."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from typing import NamedTuple, Protocol, TypeVar

from deckcheck.as_of import AS_OF_DATA, DATA_AGE_LIMIT_DAYS
from deckcheck.cards.names import lookup_key, loose_key
from deckcheck.findings import Finding, Location, Severity, define

NOT_VERIFIED = define(
    "DC015",
    "not-verified",
    Severity.WARNING,
    "A rule that could not be decided: it depends on cards the card data does not know, or on what the "
    "data does not record (card data of another day than the deck's, a deck's date that names no day for "
    "certain, a Magic Online deck in the days before a change, a Pauper Commander commander's uncommon "
    "printing, the legality of a card the data lists none for where a format's card pool of sets and "
    "cards may hold it), or on a format rule the sources do not settle (a pair of commanders in Brawl).",
)


class Written(Protocol):
    """An entry as written (an Entry, a companion result's unresolved Breaker, or the lean batch
    checker's entries)."""

    @property
    def quantity(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def zone(self) -> object: ...


class Uncounted(Written, Protocol):
    """An entry as written that says whether its line gave a count (deck.Entry.count_given)."""

    @property
    def count_given(self) -> bool: ...


_U = TypeVar("_U", bound=Uncounted)


def uncertain_copies(entries: Iterable[_U]) -> list[_U]:
    """The unresolved ``entries`` whose line gave no count (read as 1 copy, DC003): such a line is 1
    card if it names one the data does not know (a typo, a card newer than the data), and none if
    it is no card line at all (a section word the reader does not know, a note). A count-based
    rule (a deck or sideboard size, the number of commanders) whose verdict differs between the
    two is not verified; one that holds or breaks either way is decided."""
    return [e for e in entries if not e.count_given]


def uncertain_text(entries: Sequence[Written]) -> str:
    """Why ``entries`` (:func:`uncertain_copies`) leave a count open, and how to settle it."""
    one = len(entries) == 1
    shown = ", ".join(e.name + (f" (line {e.line})" if e.line else "") for e in entries[:3])
    more = f" and {len(entries) - 3} more" if len(entries) > 3 else ""
    return (
        f"{shown}{more} {'has' if one else 'have'} no count and {'is' if one else 'are'} not in "
        f"the card data: a line that names a card is 1 copy, one that is no card line (a section name, a "
        f"note) is none. Write {'its count' if one else 'their counts'}, or remove a line that names no card"
    )


def count_range(low: int, high: int) -> str:
    """``100 or 101``, ``99 to 101``: a count that uncertain copies leave open."""
    return f"{low:,} or {high:,}" if high == low + 1 else f"{low:,} to {high:,}"


def entries_text(entries: Sequence[Written], limit: int = 3) -> str:
    """``4 Orcish Bowmasters (line 5), 1 Cut Down (line 9) and 2 more``."""
    shown = [f"{e.quantity} {e.name}" + (f" (line {e.line})" if e.line else "") for e in entries[:limit]]
    more = len(entries) - limit
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def unknown_cards_text(entries: Sequence[Written]) -> str:
    """``4 Orcish Bowmasters (line 5) is not in the card data`` / ``... are not in the card data``."""
    copies = sum(e.quantity for e in entries)
    return f"{entries_text(entries)} {'is' if copies == 1 else 'are'} not in the card data"


def not_verified(
    path: str, rule: str, entries: Sequence[Written], why: str, *, card: str | None = None
) -> Finding:
    """The finding for a rule left undetermined by ``entries``: "{rule} not verified: {why}"."""
    first = entries[0]
    return NOT_VERIFIED(
        f"{rule} not verified: {why}",
        location=Location(path, first.line, str(first.zone)),
        card=card,
        rule=rule,
        data={"unresolved": unresolved_data(entries)},
    )


def unresolved_data(entries: Iterable[Written]) -> list[dict[str, object]]:
    """A finding's machine-readable list of the unresolved entries it depends on."""
    return [{"card": e.name, "quantity": e.quantity, "line": e.line, "zone": str(e.zone)} for e in entries]


_W = TypeVar("_W", bound=Written)


def by_written_name(entries: Iterable[_W]) -> dict[str, list[_W]]:
    """Unresolved entries grouped by the name as written, folded (case, accents, punctuation) so
    "orcish bowmasters" and "Orcish Bow-masters" are one card for copy counts."""
    groups: dict[str, list[_W]] = {}
    for entry in entries:
        groups.setdefault(written_key(entry.name), []).append(entry)
    return groups


@functools.lru_cache(maxsize=1 << 14)  # (an unknown name is grouped again by every rule that reports it)
def written_key(name: str) -> str:
    """The key unknown names are told apart by: folded, punctuation dropped."""
    return loose_key(name) or lookup_key(name)


def copies(entries: Iterable[Written]) -> int:
    return sum(e.quantity for e in entries)


# -- card data of another day than the deck's----------------------------------------------------------------
class DataAge(NamedTuple):
    """Why a deck's legality is not judged by its card data: the day it is judged for (its own date,
    or the day of the check when it has none; None: the deck gives a date that names no day for
    certain, as_of.unread_date, so the day is not known), the day the data describes (None: the
    data does not say, so it vouches for no day), where the former came from (or why it is not
    known), and whether the deck had no date of its own. ``written`` is the date as the deck writes
    it when it names no day, ``line`` the line that gives it (0: not known)."""

    deck_day: dt.date | None
    data_day: dt.date | None
    where: str
    undated: bool = False
    written: str = ""
    line: int = 0


def stale_legality(
    path: str, title: str, findings: Sequence[Finding], by_card_data: Callable[[Finding], bool], age: DataAge
) -> list[Finding]:
    """``findings`` with the legality ones the card data decides (``by_card_data``) withheld for a
    deck judged for a day its card data does not vouch for: the data's legalities describe
    ``age.data_day``; by ``age.deck_day`` bans, unbans and new printings may have changed them, so
    the format's legality is not verified (the withheld cards are named, nothing is dropped unsaid)."""
    decided = [by_card_data(f) for f in findings]
    withheld = list(compress(findings, decided))
    listed = [f.card for f in withheld if f.card]
    named = f"; the data lists as banned, restricted or not legal: {', '.join(listed[:5])}" if listed else ""
    more = f" and {len(listed) - 5} more" if len(listed) > 5 else ""
    data_day = None if age.data_day is None else age.data_day.isoformat()
    data: dict[str, object] = {"card_data_date": data_day}
    if age.deck_day is None:
        line = f" (line {age.line})" if age.line else ""
        described = "does not say which day it describes" if data_day is None else f"describes {data_day}"
        message = (
            f"{title} legality not verified: the day the deck is from is not known{line}: {age.where}. "
            f"Its bans and legal sets are those of that day, and the card data {described}{named}{more}. "
            "Write the deck's date as YYYY-MM-DD (`// date: YYYY-MM-DD`), or judge the deck as of a "
            f"day you name with --as-of YYYY-MM-DD, or by the card data's day with --as-of {AS_OF_DATA}"
        )
        data["date_as_written"] = age.written
    else:
        message = _dated_message(title, age, data, named + more)
    data["withheld"] = [{"code": f.code, "card": f.card, "line": f.location.line} for f in withheld]
    # (age.line: the line of a date that names no day; 0 otherwise)
    note = NOT_VERIFIED(message, location=Location(path, age.line, None), rule=f"{title} legality", data=data)
    return [*(f for f, by_data in zip(findings, decided, strict=True) if not by_data), note]


def _dated_message(title: str, age: DataAge, data: dict[str, object], withheld: str) -> str:
    """The note's message for a deck judged for a known day (its date's, or today's), filling in
    ``data`` (checked_for, data_age_days, deck_date)."""
    assert age.deck_day is not None
    deck_day = age.deck_day.isoformat()
    data_day = None if age.data_day is None else age.data_day.isoformat()
    if age.data_day is None:
        judged = f"today ({deck_day}; the deck has no date)" if age.undated else f"{deck_day} ({age.where})"
        message = (
            f"{title} legality not verified: the card data does not say which day it describes, so it "
            f"does not vouch for the bans and legal sets of {judged}{withheld}. Run `deckcheck cards "
            "update`, or `deckcheck cards import FILE --data-date YYYY-MM-DD` naming the data's day, for "
            f"dated card data, or judge the deck by the card data as it is with --as-of {AS_OF_DATA}"
        )
        if age.undated:
            data["checked_for"] = deck_day
    elif age.undated:
        days = (age.deck_day - age.data_day).days
        message = (
            f"{title} legality not verified: the card data describes {data_day}, {days:,} days before "
            f"today ({deck_day}), and {age.where}, so it is judged for today; card data more "
            f"than {DATA_AGE_LIMIT_DAYS} days old does not vouch for today's bans and legal "
            f"sets{withheld}. Run `deckcheck cards update` for current legality, or judge the deck "
            f"by the card data's own day with --as-of {AS_OF_DATA}"
        )
        data.update(checked_for=deck_day, data_age_days=days)
    elif age.deck_day > age.data_day:
        message = (
            f"{title} legality not verified: the card data describes {data_day}, the deck is from "
            f"{deck_day} ({age.where}), and bans and printings may have changed since{withheld}. "
            "Run `deckcheck cards update` for current legality, or check with --as-of deck against the "
            "format's history"
        )
    else:
        message = (
            f"{title} legality not verified: the deck is from {deck_day} ({age.where}), before the day "
            f"the card data describes ({data_day}), whose bans, unbans and legal sets may not have been "
            f"in force yet{withheld}. Check with --as-of deck to judge it by the format's history on "
            f"its own day, or with --as-of {AS_OF_DATA} to judge it by the card data's day"
        )
    if not age.undated:
        data["deck_date"] = deck_day
    return message
