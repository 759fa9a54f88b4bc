"""Legality as of a date: each format's legal sets, banned, restricted and individually legal cards as
they stood on that day (data/format_history.json, built by scripts/make_format_history.py from Forge's
dated format definitions).

A card is legal on a day when it is individually allowed, or any of its printings is in that day's
legal sets, and it is not banned; a restricted card is legal at one copy. Nothing here is guessed: a
day outside a format's history, a format without one, a deck without a date (when each deck's own date
was asked for) and a card whose record lists no printings are all reported as *not verified*.

The card's printings are the optional ``printings`` field of its record (MTGJSON set codes, filled by
``cards import`` from MTGJSON). No click, no pandas.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from deckcheck import bundled_file

# The as_of setting, a deck's date and the family's codes live in deckcheck.as_of, which every check
# imports; the setting's functions are named here too, for callers that read the history as well.
from deckcheck.as_of import AS_OF_DECK as AS_OF_DECK
from deckcheck.as_of import (
    HISTORY_NOT_COVERED,
    LEGALITY_AS_OF,
    NO_PRINTINGS,
    deck_date_line,
    metadata_date,
    parse_date,
    unread_date,
)
from deckcheck.as_of import parse_as_of as parse_as_of
from deckcheck.as_of import with_as_of as with_as_of
from deckcheck.cards.model import Card, printings_of
from deckcheck.cards.names import lookup_key
from deckcheck.deck import Deck, Placed
from deckcheck.decklist.events import played_on_magic_online
from deckcheck.errors import CardDataError
from deckcheck.findings import Finding, Location
from deckcheck.format_spec import FormatSpec
from deckcheck.unresolved import NOT_VERIFIED
from deckcheck.value import replace
from deckcheck.wording import counted


# -- the data ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FormatState:
    """A format as it stood from ``effective`` until its next change."""

    format: str
    effective: dt.date
    name: str  # Forge's name of the definition, e.g. "Modern (IKO)"
    sets: frozenset[str]
    banned: frozenset[str]  # lookup keys (deckcheck.cards.names.lookup_key)
    restricted: frozenset[str]
    additional: frozenset[str]


@dataclass(frozen=True, slots=True)
class FormatHistory:
    format: str
    covered_from: dt.date
    covered_until: dt.date
    note: str
    states: tuple[FormatState, ...]  # by effective date

    def covers(self, day: dt.date) -> bool:
        return self.covered_from <= day <= self.covered_until

    def state_at(self, day: dt.date) -> FormatState | None:
        """The state in force on ``day``; None outside the covered dates."""
        if not self.covers(day):
            return None
        current = None
        for state in self.states:
            if state.effective > day:
                break
            current = state
        return current


@dataclass(frozen=True, slots=True)
class History:
    formats: Mapping[str, FormatHistory]
    not_built: Mapping[str, str]  # format -> why it has no history
    notes: tuple[str, ...]
    missing: tuple[str, ...]

    def coverage(self, format_name: str) -> str:
        """One line on what the history holds for ``format_name``, for messages."""
        history = self.formats.get(format_name)
        if history is not None:
            return f"covers {history.covered_from} to {history.covered_until}"
        reason = self.not_built.get(format_name)
        return f"has none for this format ({reason})" if reason else "has none for this format"

    def format_read_for(self, spec: FormatSpec) -> str:
        """The format whose history judges ``spec`` on a day: its own, else that of the nearest format
        it extends with the same legality keys (FormatSpec.legality_bases: a house format extending
        Modern is Modern on the day, its own ban list aside). When none has one: the nearest the
        history says why it has none for, else the farthest, the format that set those keys."""
        candidates = (spec.name, *spec.legality_bases)
        for name in candidates:
            if name in self.formats:
                return name
        return next((name for name in candidates if name in self.not_built), candidates[-1])

    def of(self, spec: FormatSpec) -> FormatHistory | None:
        """The history that judges ``spec`` on a day (:meth:`format_read_for`); None when there is none."""
        return self.formats.get(self.format_read_for(spec))


def _history_named(spec: FormatSpec, format_name: str) -> str:
    """Which format's history judges ``spec`` (:meth:`History.format_read_for`), for messages: "" for
    its own, else the base it extends."""
    return "" if format_name == spec.name else f" of {format_name}, the format {spec.title} extends,"


def bundled_history_path() -> Path:
    """data/format_history.json (:func:`deckcheck.bundled_file`)."""
    return bundled_file("format_history.json")


def _day(value: Any, where: str) -> dt.date:
    day = parse_date(value) if isinstance(value, str) else None
    if day is None:
        raise CardDataError(f"{where}: {value!r} is not a YYYY-MM-DD date")
    return day


def _names(change: Mapping[str, Any], key: str, where: str) -> tuple[set[str], set[str]]:
    delta = change.get(key) or {}
    if not isinstance(delta, Mapping):
        raise CardDataError(f"{where}: {key!r} must be an object")
    out = []
    for part in ("add", "remove"):
        values = delta.get(part) or []
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise CardDataError(f"{where}: {key}.{part} must be a list of names")
        out.append(set(values))
    return out[0], out[1]


def history_from_json(payload: Any, where: str) -> History:
    """Read the history table (a list of dated changes per format) into states."""
    if not isinstance(payload, Mapping) or not isinstance(payload.get("formats"), Mapping):
        raise CardDataError(f"{where}: not a format history (no 'formats' object)")
    formats: dict[str, FormatHistory] = {}
    for name, entry in payload["formats"].items():
        here = f"{where}: {name}"
        if (
            not isinstance(entry, Mapping)
            or not isinstance(entry.get("changes"), list)
            or not entry["changes"]
        ):
            raise CardDataError(f"{here}: no changes")
        current: dict[str, set[str]] = {
            "sets": set(),
            "banned": set(),
            "restricted": set(),
            "additional": set(),
        }
        states: list[FormatState] = []
        for change in entry["changes"]:
            if not isinstance(change, Mapping):
                raise CardDataError(f"{here}: a change must be an object")
            effective = _day(change.get("effective"), here)
            if states and effective <= states[-1].effective:
                raise CardDataError(f"{here}: changes out of date order at {effective}")
            for key, values in current.items():
                added, removed = _names(change, key, f"{here} {effective}")
                values -= removed
                values |= added
            states.append(
                FormatState(
                    format=str(name),
                    effective=effective,
                    name=str(change.get("name") or ""),
                    sets=frozenset(current["sets"]),
                    banned=frozenset(lookup_key(n) for n in current["banned"]),
                    restricted=frozenset(lookup_key(n) for n in current["restricted"]),
                    additional=frozenset(lookup_key(n) for n in current["additional"]),
                )
            )
        covered_from = _day(entry.get("covered_from"), here)
        covered_until = _day(entry.get("covered_until"), here)
        if covered_from < states[0].effective or covered_until < covered_from:
            raise CardDataError(
                f"{here}: covered dates {covered_from}..{covered_until} do not fit its changes"
            )
        formats[str(name)] = FormatHistory(
            str(name), covered_from, covered_until, str(entry.get("note") or ""), tuple(states)
        )
    not_built = payload.get("not_built") or {}
    return History(
        formats=formats,
        not_built={str(k): str(v) for k, v in not_built.items()} if isinstance(not_built, Mapping) else {},
        notes=tuple(str(n) for n in payload.get("notes") or ()),
        missing=tuple(str(n) for n in payload.get("missing") or ()),
    )


@lru_cache(maxsize=4)
def load_history(path: Path | None = None) -> History:
    """The bundled history (or the one at ``path``)."""
    source = path or bundled_history_path()
    try:
        payload = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CardDataError(f"{source}: cannot read the format history: {exc}") from None
    return history_from_json(payload, str(source))


# -- one card, one day ---------------------------------------------------------------------------
def status_on(card: Card, state: FormatState) -> str | None:
    """legal | not_legal | banned | restricted in ``state``; None when the card's printings are unknown
    (and it is neither banned, restricted nor individually allowed, which needs no printings)."""
    keys = {lookup_key(name) for name in (card.name, *card.names)}
    if keys & state.banned:
        return "banned"
    printings = printings_of(card)
    in_pool = bool(keys & state.additional) or (
        printings is not None and not state.sets.isdisjoint(printings)
    )
    if keys & state.restricted:
        return "restricted"
    if in_pool:
        return "legal"
    return None if printings is None else "not_legal"


def _not_checked(spec: FormatSpec) -> str:
    """What is left unchecked when the history does not answer: all legality but the format's own
    ban list, which holds on any day."""
    if spec.extra_banned:
        return f"legality not checked beyond {spec.title}'s own banned list"
    return "legality not checked"


def deck_date(deck: Deck) -> tuple[dt.date | None, str]:
    """The deck's own date from its metadata, and where it came from (or why there is none)."""
    return metadata_date(deck.parsed.metadata if deck.parsed is not None else {})


def day_for(deck: Deck, spec: FormatSpec) -> tuple[dt.date | None, str]:
    """The day ``deck`` is checked as of under ``spec`` and where it came from (None: no usable date)."""
    if isinstance(spec.as_of, dt.date):
        return spec.as_of, "as_of"
    return deck_date(deck)


# The history's dates are tabletop dates. Magic Online has applied a change on its own date, which
# Wizards announced beside the tabletop one: up to 9 days earlier (2017-01-11 for the Modern bans
# effective 2017-01-20; since 2019 the day of the announcement, e.g. 2019-11-18 for 2019-11-22) and
# up to 11 days later (2011-10-12 for 2011-10-01; 2013-05-13 for 2013-05-03; 2015 and 2016: 5 days).
# For a deck from a Magic Online event, a card whose status that many days away differs is not known.
MTGO_EARLIER_DAYS: Final = 9
MTGO_LATER_DAYS: Final = 11


@dataclass(frozen=True, slots=True)
class OnlineState:
    """A state Magic Online may have been in on a deck's day while the tabletop state was another:
    ``state`` from ``change`` on (a change it applied early), or, until ``change`` (one it applied
    late), the state before it."""

    state: FormatState
    change: dt.date
    early: bool

    def describe(self, tabletop: str | None, online: str | None) -> str:
        """The card's status around the change, for messages ("banned from 2017-01-20")."""
        if self.early:
            return f"{online or 'unknown'} from {self.change}"
        return f"{tabletop or 'unknown'} from {self.change}, {online or 'unknown'} before"


def _mtgo_states(deck: Deck, history: FormatHistory, day: dt.date) -> list[OnlineState]:
    """The states Magic Online may have been in on ``day`` besides the tabletop one, for a deck played
    there (a Magic Online event document's, or one whose decklist says so: decklist.events.PLAYED_ON);
    none for any other deck. A change it applied late leaves the earlier ban lists in force, and the
    sets of both (a set it released late is not in an online deck; one that rotated out late was
    still legal there)."""
    if deck.parsed is None or not played_on_magic_online(deck.parsed.metadata):
        return []
    first = day - dt.timedelta(days=MTGO_LATER_DAYS)
    last = day + dt.timedelta(days=MTGO_EARLIER_DAYS)
    found: list[OnlineState] = []
    for before, state in zip(history.states, history.states[1:], strict=False):
        if first < state.effective <= day:
            late = dataclasses.replace(before, sets=before.sets | state.sets)
            found.append(OnlineState(late, state.effective, early=False))
    found.extend(OnlineState(s, s.effective, early=True) for s in history.states if day < s.effective <= last)
    return found


def _online_beyond(deck: Deck, history: FormatHistory, day: dt.date) -> str | None:
    """For a deck played on Magic Online (as :func:`_mtgo_states`), why the history cannot say what
    Magic Online had in force on ``day``: a change it applied late may have a tabletop date before
    the history starts, or one it applied early a date after the history ends (either way, of a
    state the history does not hold). None when the days around ``day`` are covered."""
    if deck.parsed is None or not played_on_magic_online(deck.parsed.metadata):
        return None
    if day - dt.timedelta(days=MTGO_LATER_DAYS) < history.covered_from:
        return (
            f"Magic Online, where this deck was played, has applied a change up to {MTGO_LATER_DAYS} days "
            f"after its tabletop date, and the history starts on {history.covered_from}: what was in force "
            "before that is not in it"
        )
    if day + dt.timedelta(days=MTGO_EARLIER_DAYS) > history.covered_until:
        return (
            f"Magic Online, where this deck was played, has applied a change up to {MTGO_EARLIER_DAYS} days "
            f"before its tabletop date, and the history ends on {history.covered_until}: a change after "
            "that is not in it"
        )
    return None


def _changing(card: Card, status: str | None, online: Sequence[OnlineState]) -> str | None:
    """How ``card``'s status differs in the first of ``online`` where it is not ``status``, if any."""
    for candidate in online:
        other = status_on(card, candidate.state)
        if other != status:
            return candidate.describe(status, other)
    return None


def dated_status(
    card: Card,
    deck: Deck,
    spec: FormatSpec,
    history: History | None = None,
    printings_complete: bool = True,
) -> str | None:
    """``card``'s status as of the day ``deck`` is checked on under ``spec``; None when that is not
    known (no date, a day the history does not cover, no printings, not legal by printings that
    are not ``printings_complete``: sets joined the format after the card data's day,
    :func:`sets_joined_since`; a Magic Online deck within the days Magic Online may have applied a
    change of the card's status on another date)."""
    day, _ = day_for(deck, spec)
    format_history = (history or load_history()).of(spec)
    state = format_history.state_at(day) if format_history is not None and day is not None else None
    if state is None or format_history is None or day is None:
        return None
    if _online_beyond(deck, format_history, day) is not None:
        return None
    status = status_on(card, state)
    if status == "not_legal" and not printings_complete:
        return None
    return None if _changing(card, status, _mtgo_states(deck, format_history, day)) else status


def sets_joined_since(
    deck: Deck, spec: FormatSpec, card_data_day: dt.date | None, history: History | None = None
) -> tuple[str, ...]:
    """The sets of the format on the day ``deck`` is judged for under ``spec`` that joined it after
    ``card_data_day``, the day the card data describes (None: data handed in by code, whose
    printings are taken as complete; ``datetime.date.min``: data that says no day). The card
    data's printings may lack these sets: a card it finds in none of the day's sets may have been
    printed in one of them, so "not legal" is not known (banned, restricted and legal are: they
    need no printing the data lacks). Empty when the history does not answer for the day."""
    day, _ = day_for(deck, spec)
    format_history = (history or load_history()).of(spec)
    if card_data_day is None or day is None or format_history is None or card_data_day >= day:
        return ()
    state = format_history.state_at(day)
    if state is None:
        return ()
    known = format_history.state_at(card_data_day)
    earlier = known.sets if known is not None else frozenset()  # (a day before the history: none known)
    return tuple(sorted(state.sets - earlier))


LegalityBuilder = Callable[[str, str, Sequence[Placed], str, str, FormatSpec], Finding | None]


def dated_legality_findings(
    deck: Deck,
    spec: FormatSpec,
    groups: Mapping[str, Sequence[Any]],
    build: LegalityBuilder,
    history: History | None = None,
    card_data_day: dt.date | None = None,
) -> list[Finding]:
    """The legality findings of ``deck`` (cards grouped by name, as the format rules group them) as of
    ``spec.as_of``: ``build`` (the format rules' legality finding) for each card's status on that day,
    a note of the day used, and "not verified" findings for whatever the history cannot answer (with
    ``card_data_day``, the day the card data describes: a card not legal by its printings while sets
    joined the format after that day, :func:`sets_joined_since`). The history read is the format's own
    or its base's (:meth:`History.format_read_for`). The format's own ban list (``extra_banned``) holds
    on every day, whatever the history says: the format rules judge its cards, not this, and leave
    them out of ``groups``."""
    assert spec.as_of is not None
    history = history or load_history()
    where = Location(deck.path, 0, None)
    day, origin = day_for(deck, spec)
    if day is None:
        # (a date written that names no day for certain is named at its line, as the engine names it)
        unread = unread_date(deck.parsed.metadata) if deck.parsed is not None else None
        fix = "write the date as YYYY-MM-DD" if unread is not None else "add a date"
        if unread is not None and deck.parsed is not None:
            where = Location(deck.path, deck_date_line(deck.parsed), None)
        return [
            HISTORY_NOT_COVERED(
                f"{spec.title} legality as of the deck's date was asked for, but {origin}: "
                f"{_not_checked(spec)} ({fix}, or give one with --as-of YYYY-MM-DD)",
                location=where,
                rule=f"{spec.title} history",
            )
        ]
    read = history.format_read_for(spec)

    def not_covered(where_played: str, why: str) -> list[Finding]:
        """DC206 for the day the deck has: the history read does not answer for it, ``why``."""
        return [
            HISTORY_NOT_COVERED(
                f"{spec.title} legality as of {day} ({origin}){where_played} cannot be checked: {why}; "
                f"{_not_checked(spec)}",
                location=where,
                rule=f"{spec.title} history",
                data={"as_of": day.isoformat(), "source": origin, "history": read},
            )
        ]

    format_history = history.formats.get(read)
    state = format_history.state_at(day) if format_history is not None else None
    if state is None or format_history is None:
        covers = f"deckcheck's format history{_history_named(spec, read)} {history.coverage(read)}"
        return not_covered("", covers)
    beyond = _online_beyond(deck, format_history, day)
    if beyond is not None:
        return not_covered(" on Magic Online", beyond)
    dated = replace(spec, title=f"{spec.title} (as of {day})")
    facts: dict[str, Any] = {
        "as_of": day.isoformat(),
        "source": origin,
        "effective": state.effective.isoformat(),
        "history": read,
    }
    # a day named for the run wins over the deck's own date: say so when they differ
    own_day, own_source = deck_date(deck) if origin == "as_of" else (None, "")
    other = ""
    if own_day is not None and own_day != day:
        other = f"; {own_source} {own_day} is not the day judged"
        facts["deck_date"] = own_day.isoformat()
    # where the day's lists came from: the format's own history or its base's, and its own ban list
    based = "" if read == spec.name else f"as {read}, the format it extends, was "
    own = ""
    if spec.extra_banned:
        facts["extra_banned"] = sorted(spec.extra_banned)
        own = f", with {spec.title}'s own banned list, which holds on any day"
    defined = f"{based or 'as '}defined from {state.effective} ({state.name or 'format history'}){own}"
    findings = [
        LEGALITY_AS_OF(
            f"legality as of {day} ({origin}{other}): {spec.title} {defined}",
            location=where,
            rule=f"{spec.title} history",
            data=facts,
        )
    ]
    unverified: list[str] = []
    joined = sets_joined_since(deck, spec, card_data_day, history)
    printed_since: list[str] = []  # not legal by the printings the data knows; it may lack some
    online = _mtgo_states(deck, format_history, day)
    changing: list[tuple[str, str]] = []  # (card, its status on Magic Online, and until or from when)
    for name, group in groups.items():
        status = status_on(group[0].card, state)
        if status is None:
            unverified.append(name)
            continue
        if status == "not_legal" and joined:
            printed_since.append(name)
            continue
        online_status = _changing(group[0].card, status, online)
        if online_status is not None:
            changing.append((name, online_status))
            continue
        finding = build(deck.path, name, group, status, f"history:{day.isoformat()}", dated)
        if finding is not None:
            findings.append(finding)
    if changing:
        findings.append(
            NOT_VERIFIED(
                f"{spec.title} legality as of {day} not verified for "
                f"{', '.join(f'{name} ({then})' for name, then in changing)}: the history's "
                f"dates are tabletop dates, and Magic Online, where this deck was played, has applied a "
                f"change up to {MTGO_EARLIER_DAYS} days earlier or {MTGO_LATER_DAYS} days later",
                location=where,
                rule=f"{spec.title} history",
                data={"as_of": day.isoformat(), "cards": [name for name, _ in changing]},
            )
        )
    if printed_since:
        assert card_data_day is not None
        undated = card_data_day == dt.date.min
        data = "card data that says no day" if undated else f"card data of {card_data_day}"
        findings.append(
            NOT_VERIFIED(
                f"{spec.title} legality as of {day} not verified for {', '.join(printed_since)}: not legal "
                f"by the printings the {data} lists, but {counted(len(joined), 'set')} joined {spec.title} "
                f"after it ({', '.join(joined[:8])}{', ...' if len(joined) > 8 else ''}), and a printing "
                f"there would make them legal (import newer card data with 'deckcheck cards import')",
                location=where,
                rule=f"{spec.title} card pool",
                data={"as_of": day.isoformat(), "cards": printed_since, "sets": list(joined)},
            )
        )
    if unverified:
        findings.append(
            NO_PRINTINGS(
                f"{spec.title} legality as of {day} not verified for {counted(len(unverified), 'card')} "
                f"whose card data lists no printings: {', '.join(unverified)} (import MTGJSON data with "
                f"'deckcheck cards import', which records printings)",
                location=where,
                rule=f"{spec.title} card pool",
                data={"cards": unverified, "as_of": day.isoformat()},
            )
        )
    return findings
