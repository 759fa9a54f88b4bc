"""The format registry (data/formats.toml) and the deck-construction rules every format shares.

A format is data (:class:`~deckcheck.format_spec.FormatSpec`); :func:`check_deck` reads only its
fields. Covered here: deck and sideboard sizes, copy limits (with the oracle-text overrides of
CR 113.6n), banned / not legal / restricted cards, and the Commander rules of CR 903 and 702.124
(commander eligibility, partner pairs, colour identity, 903.5d, singleton, Brawl's colourless
commander). Companion *conditions* live in :mod:`deckcheck.companions`; a companion card still counts
here towards the sideboard and the copy limit in non-Commander formats (CR 702.139a: it starts
the game in the sideboard).

Every violation is reported (not just the first), with the card, its line(s) and the rule.
"""

from __future__ import annotations

import difflib
import itertools
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from deckcheck import unresolved as unres
from deckcheck.cards.mana import sort_colours
from deckcheck.cards.model import BASIC_LAND_MANA, Card, strip_reminder_text
from deckcheck.cards.names import lookup_key
from deckcheck.deck import Deck, DeckCard, Entry, Placed, Zone
from deckcheck.errors import ConfigError
from deckcheck.findings import Finding, Location, Severity, define
from deckcheck.format_spec import FormatSpec

# -- finding codes ------------------------------------------------------------------------------
MAIN_TOO_SMALL = define(
    "DC101", "main-deck-too-small", Severity.ERROR, "The main deck has fewer cards than the format's minimum."
)
MAIN_TOO_LARGE = define(
    "DC102", "main-deck-too-large", Severity.ERROR, "The main deck has more cards than the format's maximum."
)
SIDEBOARD_TOO_LARGE = define(
    "DC103",
    "sideboard-too-large",
    Severity.ERROR,
    "The sideboard (with the companion, outside Commander) has more cards than allowed; nothing is trimmed.",
)
TOO_MANY_COPIES = define(
    "DC104",
    "too-many-copies",
    Severity.ERROR,
    "More copies of a card (by English name, deck + sideboard) than allowed.",
)
AMBIGUOUS_ZONES = define(
    "DC105",
    "ambiguous-zones",
    Severity.ERROR,
    "The deck's zones don't fit the format (no commander marked, or a commander in a format without one).",
)
BANNED = define("DC201", "banned", Severity.ERROR, "A card banned in the format.")
NOT_LEGAL = define("DC202", "not-legal", Severity.ERROR, "A card that is not legal in the format.")
RESTRICTED = define(
    "DC203",
    "restricted",
    Severity.ERROR,
    "More than one copy of a restricted card (deck + sideboard combined).",
)
NO_LEGALITY_DATA = define(
    "DC204",
    "no-legality-data",
    Severity.ERROR,
    "No card of the deck has legality data for the format: the card data predates it; legality not checked.",
)
# what a card's legality in the format can be reported as (card data older than a deck withholds them)
LEGALITY_CODES = frozenset({BANNED.code, NOT_LEGAL.code, RESTRICTED.code, NO_LEGALITY_DATA.code})
NOT_A_COMMANDER = define(
    "DC301", "not-a-commander", Severity.ERROR, "A card in the command zone that can't be a commander."
)
PAIR_NOT_ALLOWED = define(
    "DC302",
    "commander-pair-not-allowed",
    Severity.ERROR,
    "Two commanders whose partner abilities don't pair them.",
)
TOO_MANY_COMMANDERS = define(
    "DC303", "too-many-commanders", Severity.ERROR, "More commanders than the format allows."
)
COLOUR_IDENTITY = define(
    "DC304",
    "colour-identity",
    Severity.ERROR,
    "A card whose colour identity is outside the commander's (CR 903.5c).",
)
BASIC_TYPE_MANA = define(
    "DC305",
    "basic-land-type-mana",
    Severity.ERROR,
    "A card with a basic land type whose mana is outside the commander's identity (CR 903.5d).",
)
COMMANDER_DECK_SIZE = define(
    "DC306",
    "commander-deck-size",
    Severity.ERROR,
    "A Commander-family deck not of the exact size (commanders included).",
)
SINGLETON = define(
    "DC307",
    "singleton",
    Severity.ERROR,
    "More than one card with the same English name in a singleton format.",
)
COLOURLESS_BASICS = define(
    "DC308",
    "colourless-commander-basics",
    Severity.ERROR,
    "Brawl's colourless-commander exception allows basic lands of one basic land type only.",
)
CHOSEN_COLOUR = define(
    "DC309",
    "chosen-colour",
    Severity.INFO,
    "A commander that is a colour chosen before the game (CR 903.4b): the colour deckcheck assumed.",
)

UNLIMITED = "unlimited"
ALL_ZONES = (Zone.COMMANDER, Zone.COMPANION, Zone.MAIN, Zone.SIDEBOARD)  # the maybeboard never counts


# -- the registry -------------------------------------------------------------------------------
def bundled_formats_path() -> Path:
    """data/formats.toml: inside the wheel (deckcheck/_bundled) or, from a source tree, ../data."""
    packaged = resources.files("deckcheck") / "_bundled" / "formats.toml"
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[1] / "data" / "formats.toml"


_STR, _BOOL, _INT, _LIMIT, _NAMES = (
    "text",
    "true/false",
    "a whole number",
    "a whole number or 'unlimited'",
    "a list of names",
)
TABLE_KEYS: dict[str, str] = {
    "title": _STR,
    "description": _STR,
    "extends": _STR,
    "abstract": _BOOL,
    "legality_key": _STR,
    "legality_keys": _NAMES,
    "min_main": _INT,
    "max_main": _LIMIT,
    "sideboard_max": _LIMIT,
    "copy_limit": _LIMIT,
    "commander": _BOOL,
    "max_commanders": _INT,
    "planeswalker_commanders": _BOOL,
    "colourless_basic_exception": _BOOL,
    "companion_bans": _NAMES,
    "extra_banned": _NAMES,
    "restricted_means": _STR,
    "aliases": _NAMES,
}
RESTRICTED_MEANINGS = ("one-copy", "not-as-commander", "commander-only")
_NOT_INHERITED = ("extends", "abstract")
_OWN_ONLY = ("aliases",)  # a format's own names: an extending format does not inherit them


@dataclass(slots=True)
class _Table:
    values: dict[str, Any]
    origin: Path  # the last file that set any of the table's keys


def _check_value(path: Path, table: str, key: str, value: Any) -> Any:
    kind = TABLE_KEYS[key]

    def fail() -> ConfigError:
        return ConfigError(
            f"{path}: [{table}] {key} must be {kind}, got {value!r}",
            hint="see data/formats.toml for the keys",
        )

    if kind == _STR:
        if not isinstance(value, str):
            raise fail()
        return value.strip()
    if kind == _BOOL:
        if not isinstance(value, bool):
            raise fail()
        return value
    if kind in (_INT, _LIMIT):
        if kind == _LIMIT and isinstance(value, str) and value.strip().lower() == UNLIMITED:
            return None
        if type(value) is not int or value < 0:
            raise fail()
        return value
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise fail()
    return [v.strip() for v in value]


def _read_tables(path: Path) -> dict[str, dict[str, Any]]:
    try:
        with open(path, "rb") as handle:
            document = tomllib.load(handle)
    except FileNotFoundError:
        raise ConfigError(f"format file {path} not found") from None
    except IsADirectoryError:
        raise ConfigError(f"format file {path} is a directory") from None
    except OSError as exc:
        raise ConfigError(f"format file {path} can't be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"format file {path} is not UTF-8 text: {exc.reason}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"format file {path} is not valid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(f"format file {path}: its TOML is nested too deeply to be a format table") from None
    tables: dict[str, dict[str, Any]] = {}
    for name, raw in document.items():
        if not isinstance(raw, dict):
            raise ConfigError(
                f"{path}: top-level key {name!r} is not a table; write each format as [{name}] with its keys"
            )
        table: dict[str, Any] = {}
        for key, value in raw.items():
            if key not in TABLE_KEYS:
                close = difflib.get_close_matches(key, list(TABLE_KEYS), n=1)
                hint = f"did you mean {close[0]!r}?" if close else f"known keys: {', '.join(TABLE_KEYS)}"
                raise ConfigError(f"{path}: [{name}] unknown key {key!r}", hint=hint)
            table[key] = _check_value(path, name, key, value)
        if table.get("restricted_means", RESTRICTED_MEANINGS[0]) not in RESTRICTED_MEANINGS:
            raise ConfigError(
                f"{path}: [{name}] restricted_means must be one of {', '.join(RESTRICTED_MEANINGS)}, "
                f"got {table['restricted_means']!r}"
            )
        if "legality_key" in table and "legality_keys" in table:
            raise ConfigError(f"{path}: [{name}] sets both legality_key and legality_keys; use one")
        # One form from here on: a later file's legality_key replaces an inherited list and vice versa.
        if "legality_key" in table:
            key_text = table.pop("legality_key")
            table["legality_keys"] = [key_text] if key_text else []
        tables[str(name)] = table
    return tables


def _resolve(name: str, tables: Mapping[str, _Table], chain: tuple[str, ...] = ()) -> dict[str, Any]:
    table = tables[name]
    parent = table.values.get("extends")
    values: dict[str, Any] = {}
    if parent is not None:
        if parent not in tables:
            known = ", ".join(sorted(tables))
            raise ConfigError(
                f"{table.origin}: [{name}] extends unknown format {parent!r}", hint=f"known: {known}"
            )
        if parent in chain or parent == name:
            cycle = " -> ".join((*chain, name, parent))
            raise ConfigError(f"{table.origin}: [{name}] extends itself in a cycle: {cycle}")
        inherited = _resolve(parent, tables, (*chain, name))
        values.update({k: v for k, v in inherited.items() if k not in _OWN_ONLY})
    values.update({k: v for k, v in table.values.items() if k not in _NOT_INHERITED})
    return values


def _spec(name: str, values: Mapping[str, Any], origin: Path) -> FormatSpec:
    if "min_main" not in values:
        raise ConfigError(
            f"{origin}: [{name}] has no min_main",
            hint='set min_main or extend a preset (extends = "constructed")',
        )
    min_main: int = values["min_main"]
    max_main: int | None = values.get("max_main")
    if max_main is not None and max_main < min_main:
        raise ConfigError(f"{origin}: [{name}] max_main ({max_main}) is below min_main ({min_main})")
    copy_limit: int | None = values.get("copy_limit", 4)
    if copy_limit == 0:
        raise ConfigError(f"{origin}: [{name}] copy_limit must be at least 1 (or 'unlimited')")
    max_commanders: int = values.get("max_commanders", 2)
    if max_commanders < 1:
        raise ConfigError(f"{origin}: [{name}] max_commanders must be at least 1")
    keys = tuple(values.get("legality_keys", ()))
    return FormatSpec(
        name=name,
        title=values.get("title") or name.title(),
        legality_key=keys[0] if keys else None,
        legality_keys=keys,
        min_main=min_main,
        max_main=max_main,
        sideboard_max=values.get("sideboard_max", 15),
        copy_limit=copy_limit,
        commander=values.get("commander", False),
        max_commanders=max_commanders,
        planeswalker_commanders=values.get("planeswalker_commanders", False),
        colourless_basic_exception=values.get("colourless_basic_exception", False),
        companion_bans=frozenset(values.get("companion_bans", ())),
        extra_banned=frozenset(values.get("extra_banned", ())),
        description=values.get("description", ""),
        restricted_means=values.get("restricted_means", RESTRICTED_MEANINGS[0]),
        aliases=tuple(values.get("aliases", ())),
    )


def load_registry(extra_paths: Sequence[Path] | Path | None = ()) -> dict[str, FormatSpec]:
    """The bundled formats, then each extra TOML file in order. A table in a later file with an
    existing name changes only the keys it sets; a new table may extend any format or preset."""
    if extra_paths is None:
        extra_paths = ()
    elif isinstance(extra_paths, Path | str):
        extra_paths = (Path(extra_paths),)
    paths = (bundled_formats_path(), *(Path(p) for p in extra_paths))
    return dict(_build_registry(tuple((path, _stamp(path)) for path in paths)))


def _stamp(path: Path) -> tuple[int, int] | None:
    """Modification time and size, so an edited file is read again."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


@lru_cache(maxsize=16)
def _build_registry(stamped: tuple[tuple[Path, tuple[int, int] | None], ...]) -> dict[str, FormatSpec]:
    paths = [path for path, _ in stamped]
    tables: dict[str, _Table] = {}
    for path in paths:
        for name, values in _read_tables(path).items():
            if name in tables:
                tables[name].values.update(values)
                tables[name].origin = path
            else:
                tables[name] = _Table(dict(values), path)
    registry: dict[str, FormatSpec] = {}
    for name, table in tables.items():
        spec = _spec(name, _resolve(name, tables), table.origin)
        if not table.values.get("abstract", False):
            registry[name] = spec
    if not registry:
        raise ConfigError(f"no formats defined in {', '.join(map(str, paths))}")
    return registry


def _registry_key(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", name.strip().casefold())


def get_format(name: str, registry: Mapping[str, FormatSpec] | None = None) -> FormatSpec:
    """The format named ``name`` or one of its aliases (``edh``), case, spaces, '-' and '_' ignored:
    "Standard Brawl" = standardbrawl."""
    formats = load_registry() if registry is None else registry
    wanted = _registry_key(name)
    for key, spec in formats.items():
        if _registry_key(key) == wanted or wanted in {_registry_key(a) for a in spec.aliases}:
            return spec
    close = difflib.get_close_matches(wanted, [_registry_key(k) for k in formats], n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    raise ConfigError(f"unknown format {name!r}", hint=f"{hint}valid formats: {', '.join(sorted(formats))}")


# -- small helpers --------------------------------------------------------------------------------
def _identity_text(colours: Iterable[str]) -> str:
    ordered = sort_colours(frozenset(colours))
    return "".join(ordered) if ordered else "colourless"


def _lines_text(cards: Sequence[Placed]) -> str:
    lines = sorted({c.line for c in cards if c.line > 0})
    if not lines:
        zones = sorted({str(c.zone) for c in cards})
        return "in " + ", ".join(zones)
    return ("line " if len(lines) == 1 else "lines ") + ", ".join(map(str, lines))


def _where(deck: Deck, card: DeckCard) -> Location:
    return _placed_at(deck.path, card)


def _placed_at(path: str, entry: Placed) -> Location:
    return Location(path, entry.line, str(entry.zone))


def _first_placed(entries: Sequence[Placed]) -> Placed:
    return min(entries, key=lambda c: c.line)


def _deck_where(deck: Deck, zone: Zone | None = None) -> Location:
    return Location(deck.path, 0, None if zone is None else str(zone))


def _label(card: DeckCard) -> str:
    """The oracle name. (The engine shows the name as written beside it, for every rule alike:
    engine._with_written_names.)"""
    return card.card.name


def _group(cards: Iterable[DeckCard]) -> dict[str, list[DeckCard]]:
    """Entries by English (oracle) name, in deck order: CR 100.2a / 903.5b count by English name."""
    groups: dict[str, list[DeckCard]] = {}
    for deck_card in cards:
        groups.setdefault(deck_card.card.name, []).append(deck_card)
    return groups


def _cards_in(deck: Deck, zones: Iterable[Zone]) -> list[DeckCard]:
    wanted = set(zones)
    return [c for c in deck.cards if c.zone in wanted]


def _text(card: Card) -> str:
    return strip_reminder_text(card.oracle_text)


# -- copy limits (CR 100.2a, 903.5b, 113.6n) -------------------------------------------------------
_NUMBER_WORDS = {
    word: value
    for value, word in enumerate(
        (
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        )
    )
}
_DECK_LIMIT_RE = re.compile(
    r"\bA deck can have (?P<amount>any number of|up to (?P<count>\w+)|only (?P<only>one|\d+)) cards? named "
    r"(?P<name>[^.\n]+?)\.?(?:\n|$|\.\s)",
    re.IGNORECASE,
)


def _number(word: str) -> int | None:
    word = word.casefold()
    if word.isdigit():
        return int(word)
    return _NUMBER_WORDS.get(word)


_DECK_LIMITS: dict[str, tuple[Card, tuple[bool, int | None]]] = {}


def oracle_deck_limit(card: Card) -> tuple[bool, int | None]:
    """The card's own deck-construction override (CR 113.6n), from its oracle text:
    (True, None) for "any number of cards named …", (True, 7) for "up to seven", (True, 1) for
    "only one"; (False, None) when the card has none. The sentence must name the card itself.
    Cached per card (checked by identity, so two card sets never mix): batches ask per deck."""
    hit = _DECK_LIMITS.get(card.name)
    if hit is not None and hit[0] is card:
        return hit[1]
    if len(_DECK_LIMITS) > 200_000:
        _DECK_LIMITS.clear()
    result = _oracle_deck_limit(card)
    _DECK_LIMITS[card.name] = (card, result)
    return result


def _oracle_deck_limit(card: Card) -> tuple[bool, int | None]:
    if "a deck can have" not in card.oracle_text.casefold():
        return False, None
    own_names = {lookup_key(n) for n in (card.name, *card.face_names, *card.names)}
    for match in _DECK_LIMIT_RE.finditer(_text(card)):
        if lookup_key(match.group("name").strip()) not in own_names:
            continue
        if match.group("amount").casefold() == "any number of":
            return True, None
        amount = _number(match.group("count") or match.group("only") or "")
        if amount is not None:
            return True, amount
    return False, None


def copy_limit_for(card: Card, spec: FormatSpec) -> int | None:
    """How many copies of ``card`` a deck of this format may hold (None = any number).

    Basic lands (the supertype: snow basics and Wastes too) are exempt (100.2a, 903.5b); a card's
    own "A deck can have …" sentence replaces the format's limit (113.6n). Restricted cards are
    handled with the card's legality (:data:`RESTRICTED`), not here.
    """
    return copy_limit_of(card.is_basic_land, oracle_deck_limit(card), spec)


def copy_limit_of(is_basic_land: bool, own_limit: tuple[bool, int | None], spec: FormatSpec) -> int | None:
    """:func:`copy_limit_for` from a card's facts: whether it is a basic land, and its own "A deck
    can have ..." sentence (found, number) as :func:`oracle_deck_limit` reads it."""
    if spec.copy_limit is None or is_basic_land:
        return None
    found, limit = own_limit
    return limit if found else spec.copy_limit


def copy_zones(spec: FormatSpec) -> tuple[Zone, ...]:
    """Where copies are counted: deck and sideboard (CR 100.2a), the 100 in Commander (903.5b)."""
    return (Zone.MAIN, Zone.COMMANDER) if spec.commander else ALL_ZONES


def sideboard_zones(spec: FormatSpec) -> tuple[Zone, ...]:
    """What the format counts as sideboard: a companion is a sideboard card (CR 702.139a) except in
    Commander, where it sits outside the game and there is no sideboard (903.5e)."""
    return (Zone.SIDEBOARD,) if spec.commander else (Zone.SIDEBOARD, Zone.COMPANION)


# -- legality -------------------------------------------------------------------------------------
def legality_key_for(deck: Deck, spec: FormatSpec) -> str | None:
    """The legality key to read for this deck: the first of the format's aliases that any card of the
    deck lists (card data sources renamed keys; MTGJSON leaves out formats a card is not legal in, so
    one card is not enough to tell, but a whole deck, basics included, is). None = no card has any."""
    present = {key for c in _cards_in(deck, ALL_ZONES) for key, _ in c.card.legalities}
    for key in spec.legality_candidates:
        if key in present:
            return key
    return None


def _check_legality(deck: Deck, spec: FormatSpec) -> list[Finding]:
    if not spec.legality_candidates:
        return []
    cards = _cards_in(deck, ALL_ZONES)
    unknown = deck.unresolved_in(*ALL_ZONES)
    findings: list[Finding] = []
    if unknown:
        findings.append(
            unres.not_verified(
                deck.path, f"{spec.title} legality", unknown, unres.unknown_cards_text(unknown)
            )
        )
    if not cards:
        return findings
    if spec.as_of is not None:  # the format's history on a day, not today's legalities
        from deckcheck.history import dated_legality_findings

        return [*dated_legality_findings(deck, spec, _group(cards), legality_finding), *findings]
    key = legality_key_for(deck, spec)
    if key is None:
        return [no_legality_data_finding(deck.path, spec), *findings]
    for name, group in _group(cards).items():
        status = legality_status(name, group[0].card.legality(key), spec)
        finding = legality_finding(deck.path, name, group, status, key, spec)
        if finding is not None:
            findings.append(finding)
    return findings


def legality_status(name: str, listed: str, spec: FormatSpec) -> str:
    """A card's status in the format: what the card data lists (``listed``), unless the format's
    own list bans it (bans the card data may not know yet)."""
    return "banned" if name in spec.extra_banned else listed


def no_legality_data_finding(path: str, spec: FormatSpec) -> Finding:
    """No card of the deck at ``path`` lists any of the format's legality keys."""
    keys = " / ".join(repr(k) for k in spec.legality_candidates)
    return NO_LEGALITY_DATA(
        f"no card in this deck has {spec.title} legality data ({keys}) in the card data, which "
        f"probably predates the format: {spec.title} legality was not checked",
        location=Location(path, 0, None),
        rule=f"{spec.title} card pool",
        data={"legality_keys": list(spec.legality_candidates)},
    )


def legality_finding(
    path: str, name: str, group: Sequence[Placed], status: str, key: str, spec: FormatSpec
) -> Finding | None:
    """The finding for a card of this legality ``status`` (under legality ``key``; "banned" for the
    format's extra bans), whose entries of the deck at ``path`` are ``group``; None when legal."""
    count = sum(c.quantity for c in group)
    where = _placed_at(path, group[0])
    facts = {"legality_key": key, "status": status, "lines": [c.line for c in group], "count": count}
    if status == "banned":
        return BANNED(
            f"{name} is banned in {spec.title} ({_lines_text(group)})",
            location=where,
            card=name,
            rule=f"{spec.title} banned list",
            data=facts,
        )
    if status == "not_legal":
        return NOT_LEGAL(
            f"{name} is not legal in {spec.title} ({_lines_text(group)})",
            location=where,
            card=name,
            rule=f"{spec.title} card pool",
            data=facts,
        )
    if status == "restricted" and spec.restricted_means == "not-as-commander":
        as_commander = [c for c in group if c.zone is Zone.COMMANDER]
        if not as_commander:
            return None
        return BANNED(
            f"{name} is banned as a commander in {spec.title} (it may only be in "
            f"the deck) ({_lines_text(as_commander)})",
            location=_placed_at(path, as_commander[0]),
            card=name,
            rule=f"{spec.title} banned-as-commander list",
            data={**facts, "status": "banned_as_commander"},
        )
    if status == "restricted" and spec.restricted_means == "commander-only":
        outside = [c for c in group if c.zone is not Zone.COMMANDER]
        if not outside:
            return None
        return NOT_LEGAL(
            f"{name} is legal in {spec.title} only as the commander ({_lines_text(outside)})",
            location=_placed_at(path, outside[0]),
            card=name,
            rule=f"{spec.title} card pool",
            data={**facts, "status": "commander_only"},
        )
    if status == "restricted" and count > 1:
        return RESTRICTED(
            f"{name} is restricted in {spec.title}: at most 1 copy across deck and "
            f"sideboard, found {count} ({_lines_text(group)})",
            location=where,
            card=name,
            rule=f"{spec.title} restricted list",
            data={**facts, "limit": 1},
        )
    return None


# -- sizes and zones --------------------------------------------------------------------------------
def _check_zones(deck: Deck, spec: FormatSpec) -> list[Finding]:
    commanders = deck.zone(Zone.COMMANDER)
    unknown_commanders = deck.unresolved_in(Zone.COMMANDER)
    if spec.commander and not commanders and not unknown_commanders:
        main = deck.zone(Zone.MAIN)
        size = deck.count(Zone.MAIN)
        singleton = all(
            sum(c.quantity for c in group) == 1
            for group in _group(main).values()
            if copy_limit_for(group[0].card, spec) is not None
        )
        shape = f"a {size}-card singleton deck" if singleton else f"a {size}-card deck"
        candidates = [
            c.card.name
            for c in _cards_in(deck, (Zone.MAIN, Zone.SIDEBOARD, Zone.COMPANION))
            if commander_eligibility(c.card, spec) is None
        ]
        hint = ""
        if candidates:
            shown = ", ".join(dict.fromkeys(candidates[:6]))
            more = f" and {len(candidates) - 6} more" if len(candidates) > 6 else ""
            hint = f"; cards that could be the commander: {shown}{more}"
        return [
            AMBIGUOUS_ZONES(
                f"{shape} with no commander marked: {spec.title} needs its commander in the command zone "
                f"(CR 903.3) and deckcheck does not guess which card it is, so colour identity and commander "
                f"rules were not checked. Mark it with a 'Commander' section or a *CMDR* marker{hint}",
                location=_deck_where(deck),
                rule="CR 903.3",
                data={"candidates": list(dict.fromkeys(candidates))},
            )
        ]
    if not spec.commander and (commanders or unknown_commanders):
        marked = [c.card.name for c in commanders] + [e.name for e in unknown_commanders]
        names = ", ".join(dict.fromkeys(marked))
        first = _first_placed([*commanders, *unknown_commanders])
        return [
            AMBIGUOUS_ZONES(
                f"{names} {'is' if len(marked) == 1 else 'are'} marked as commander, but {spec.title} "
                f"has no commander: counted as main-deck cards. Check it with a Commander format, or list "
                f"{'it' if len(marked) == 1 else 'them'} in the deck",
                location=_placed_at(deck.path, first),
                card=marked[0],
                rule="CR 903.3",
            )
        ]
    return []


def _check_sizes(deck: Deck, spec: FormatSpec) -> list[Finding]:
    # every entry counts by its written quantity, resolved or not: sizes never shrink
    zones = sideboard_zones(spec)
    sideboard: list[Placed] = [*_cards_in(deck, zones), *deck.unresolved_in(*zones)]
    sideboard.sort(key=lambda c: c.line)
    return size_findings(
        deck.path,
        spec,
        deck.count(Zone.MAIN),
        deck.count(Zone.COMMANDER),
        deck.count(Zone.COMPANION),
        sum(c.quantity for c in sideboard),
        lambda: sideboard,
    )


def size_findings(
    path: str,
    spec: FormatSpec,
    main: int,
    commanders: int,
    companions: int,
    sideboard_count: int,
    sideboard: Callable[[], Sequence[Placed]],
) -> list[Finding]:
    """Deck-size findings for the deck at ``path`` from its zone counts (``sideboard_count``: the
    cards the format counts as sideboard); ``sideboard`` gives those entries, asked for only when
    there are too many."""
    findings: list[Finding] = []
    total = main + commanders
    broken = size_problems(spec, total, sideboard_count)
    if not broken:
        return findings
    if spec.commander:
        wanted = (
            f"exactly {spec.min_main}"
            if spec.fixed_size
            else f"at least {spec.min_main}" + (f" and at most {spec.max_main}" if spec.max_main else "")
        )
        if "commander-size" in broken:
            note = " (a companion is outside the deck and not counted)" if companions else ""
            findings.append(
                COMMANDER_DECK_SIZE(
                    f"{spec.title} decks have {wanted} cards including the commander(s); this one has "
                    f"{total} ({main} in the deck + {commanders} commander{'' if commanders == 1 else 's'})"
                    f"{note}",
                    location=Location(path, 0, str(Zone.MAIN)),
                    rule="CR 903.5a",
                    data={
                        "count": total,
                        "main": main,
                        "commanders": commanders,
                        "min": spec.min_main,
                        "max": spec.max_main,
                    },
                )
            )
    else:
        # A commander zone in a non-commander format is reported by _check_zones and counted here.
        rule = "CR 100.2b" if spec.is_limited else "CR 100.2a"
        if "too-small" in broken:
            findings.append(
                MAIN_TOO_SMALL(
                    f"the main deck has {total} cards; {spec.title} needs at least {spec.min_main}",
                    location=Location(path, 0, str(Zone.MAIN)),
                    rule=rule,
                    data={"count": total, "min": spec.min_main},
                )
            )
        if "too-large" in broken:
            findings.append(
                MAIN_TOO_LARGE(
                    f"the main deck has {total} cards; {spec.title} allows at most {spec.max_main}",
                    location=Location(path, 0, str(Zone.MAIN)),
                    rule=f"{spec.title} deck size",
                    data={"count": total, "max": spec.max_main},
                )
            )
    if "sideboard" in broken and spec.sideboard_max is not None:
        count = sideboard_count
        entries = sideboard()
        companion_note = ""
        if not spec.commander and companions:
            companion_note = f" ({count - companions} + the companion, which is a sideboard card)"
        if spec.sideboard_max == 0:
            allowed = f"{spec.title} decks have no sideboard"
        else:
            allowed = f"{spec.title} allows at most {spec.sideboard_max}"
        findings.append(
            SIDEBOARD_TOO_LARGE(
                f"the sideboard has {count} card{'s' if count != 1 else ''}{companion_note}; {allowed}. "
                "Every card is still checked: nothing was dropped",
                location=_placed_at(path, entries[0]),
                rule="CR 903.5e" if spec.commander else "CR 100.4a",
                data={"count": count, "max": spec.sideboard_max, "lines": [c.line for c in entries]},
            )
        )
    return findings


def size_problems(spec: FormatSpec, total: int, sideboard_count: int) -> list[str]:
    """The deck-size rules zone counts break (``total``: main deck and commanders; ``sideboard_count``:
    what the format counts as sideboard): "commander-size", "too-small", "too-large", "sideboard".
    Empty for a deck of the right size: what a batch asks of every deck before building messages."""
    broken: list[str] = []
    too_large = spec.max_main is not None and total > spec.max_main
    if spec.commander:
        if total < spec.min_main or too_large:
            broken.append("commander-size")
    else:
        if total < spec.min_main:
            broken.append("too-small")
        if too_large:
            broken.append("too-large")
    if spec.sideboard_max is not None and sideboard_count > spec.sideboard_max:
        broken.append("sideboard")
    return broken


def _check_copies(deck: Deck, spec: FormatSpec, restricted: set[str]) -> list[Finding]:
    if spec.copy_limit is None:
        return []
    zones = copy_zones(spec)
    findings: list[Finding] = []
    for name, group in _group(_cards_in(deck, zones)).items():
        if name in restricted:
            continue  # one finding per card: the restricted-list one is stricter
        limit = copy_limit_for(group[0].card, spec)
        count = sum(c.quantity for c in group)
        if limit is None or count <= limit:
            continue
        own = oracle_deck_limit(group[0].card)[0]
        findings.append(copies_finding(deck.path, name, group, count, limit, own, spec))
    for entries in unres.by_written_name(deck.unresolved_in(*zones)).values():
        count = unres.copies(entries)
        if count > spec.copy_limit:
            findings.append(unknown_copies_finding(deck.path, entries, count, spec))
    return findings


def unknown_copies_finding(path: str, entries: Sequence[Entry], count: int, spec: FormatSpec) -> Finding:
    """More copies of an unknown card than the format allows of most cards: whether that is legal
    depends on the card (a basic land, or "a deck can have any number"), so it is not verified."""
    limit = spec.copy_limit
    rule = f"{spec.title} singleton rule" if limit == 1 else f"{spec.title} {limit}-copy limit"
    scope = "" if spec.commander else " across deck and sideboard"
    return unres.not_verified(
        path,
        rule,
        entries,
        f"{count} copies of {entries[0].name}{scope} ({_lines_text(entries)}): allowed only if it is a "
        "basic land or its own text allows more, and it is not in the card data",
        card=entries[0].name,
    )


def copies_finding(
    path: str, name: str, group: Sequence[Placed], count: int, limit: int, own: bool, spec: FormatSpec
) -> Finding:
    """The finding for ``count`` copies of a card over its ``limit`` (``own``: the limit is the
    card's own "A deck can have ..." sentence), its entries of the deck at ``path`` being ``group``."""
    facts = {"count": count, "limit": limit, "lines": [c.line for c in group]}
    where = _placed_at(path, group[0])
    if spec.copy_limit == 1 and limit == 1:
        return SINGLETON(
            f"{name} appears {count} times ({_lines_text(group)}); {spec.title} decks "
            "may hold one copy of each card other than basic lands",
            location=where,
            card=name,
            rule="CR 903.5b" if spec.commander else f"{spec.title} singleton rule",
            data=facts,
        )
    reason = "its own text allows" if own else f"{spec.title} allows"
    scope = "" if spec.commander else " across deck and sideboard"
    code = SINGLETON if spec.commander else TOO_MANY_COPIES
    return code(
        f"{count} copies of {name}{scope} ({_lines_text(group)}); {reason} at most {limit}",
        location=where,
        card=name,
        rule="CR 113.6n" if own else ("CR 903.5b" if spec.commander else "CR 100.2a, 100.4a"),
        data=facts,
    )


# -- commanders: eligibility and pairs (CR 903.3, 702.124) ----------------------------------------
_CAN_BE_COMMANDER_RE = re.compile(r"\bcan be your commander\b", re.IGNORECASE)
_CHOSEN_COLOUR_RE = re.compile(r"\bchoose a colou?r before the game begins\b", re.IGNORECASE)
_TIME_LORD_DOCTOR = frozenset({"Time Lord", "Doctor"})


@dataclass(frozen=True, slots=True)
class PartnerAbilities:
    """The partner abilities of a card (CR 702.124a), parsed from its oracle text: Scryfall's
    ``keywords`` does not tell the variants apart."""

    partner: bool = False
    partner_with: tuple[str, ...] = ()
    partner_texts: tuple[str, ...] = ()  # "Friends forever", "Character select", ... (702.124i)
    choose_background: bool = False
    doctors_companion: bool = False

    @property
    def any(self) -> bool:
        return bool(
            self.partner
            or self.partner_with
            or self.partner_texts
            or self.choose_background
            or self.doctors_companion
        )

    def describe(self) -> str:
        parts = []
        if self.partner:
            parts.append("Partner")
        parts += [f"Partner with {n}" for n in self.partner_with]
        parts += [f"Partner—{t}" for t in self.partner_texts]
        if self.choose_background:
            parts.append("Choose a Background")
        if self.doctors_companion:
            parts.append("Doctor's companion")
        return " and ".join(parts) if parts else "no partner ability"


_PARTNER_WITH_RE = re.compile(r"^partner with\s+(.+?)\.?$", re.IGNORECASE)
_PARTNER_TEXT_RE = re.compile(r"^partner\s*(?:—|–|--|-)\s*(.+?)\.?$", re.IGNORECASE)


def partner_abilities(card: Card) -> PartnerAbilities:
    partner = choose_background = doctors_companion = False
    partner_with: list[str] = []
    texts: list[str] = []
    for raw_line in _text(card).splitlines():
        line = raw_line.strip()
        if not line:
            continue
        with_match = _PARTNER_WITH_RE.match(line)
        if with_match:  # a name may hold commas, so this line is not a keyword list
            partner_with.append(with_match.group(1).strip())
            continue
        text_match = _PARTNER_TEXT_RE.match(line)
        if text_match:
            texts.append(text_match.group(1).strip().capitalize())
            continue
        for item in (i.strip().rstrip(".").casefold() for i in line.split(",")):
            if item == "partner":
                partner = True
            elif item == "friends forever":  # CR25's form of "Partner—Friends forever"
                texts.append("Friends forever")
            elif item == "choose a background":
                choose_background = True
            elif item in ("doctor's companion", "doctor’s companion"):
                doctors_companion = True
    return PartnerAbilities(
        partner, tuple(partner_with), tuple(dict.fromkeys(texts)), choose_background, doctors_companion
    )


def is_background(card: Card) -> bool:
    """A legendary Background enchantment card (702.124k)."""
    types = card.deck_types
    return types.is_legendary and "Enchantment" in types.types and "Background" in types.subtypes


def is_time_lord_doctor(card: Card) -> bool:
    """A legendary Time Lord Doctor creature card with no other creature types (702.124m)."""
    types = card.deck_types
    return (
        types.is_legendary
        and types.is_creature
        and frozenset(types.subtypes) == _TIME_LORD_DOCTOR
        and not card.is_changeling
    )


def _has_pt(card: Card) -> bool:
    front = card.deck_faces[0]
    return front.power is not None and front.toughness is not None


def commander_eligibility(card: Card, spec: FormatSpec) -> str | None:
    """None when the card can be a commander on its own; else why not. CR 903.3 (2026 wording): a
    legendary creature card, a legendary Vehicle card, or a legendary Spacecraft card with power and
    toughness; or a card that says it "can be your commander" (903.3a). Brawl also allows any
    legendary planeswalker. A Background is a commander only beside "Choose a Background"."""
    types = card.deck_types
    if _CAN_BE_COMMANDER_RE.search(_text(card)) or card.can_lead("commander") is True:
        return None
    if not types.is_legendary:
        return f"{card.name} is not legendary ({types.text or 'no type line'})"
    if types.is_creature:  # incl. Grist: a creature card off the battlefield (Card.deck_types)
        return None
    if "Vehicle" in types.subtypes:
        return None
    if "Spacecraft" in types.subtypes:
        if _has_pt(card):
            return None
        return f"{card.name} is a Spacecraft without power and toughness (CR 903.3c)"
    if spec.planeswalker_commanders and "Planeswalker" in types.types:
        return None
    if is_background(card):
        return (
            f"{card.name} is a Background: it can be a commander only beside a commander with "
            "Choose a Background (CR 702.124k)"
        )
    what = "legendary creature or planeswalker" if spec.planeswalker_commanders else "legendary creature"
    return (
        f"{card.name} ({types.text}) is not a {what}, Vehicle or Spacecraft and doesn't say it "
        "can be your commander"
    )


def _pair_ok(a: Card, pa: PartnerAbilities, b: Card, pb: PartnerAbilities) -> bool:
    if pa.partner and pb.partner:
        return True
    if any(lookup_key(n) == lookup_key(b.name) for n in pa.partner_with) and any(
        lookup_key(n) == lookup_key(a.name) for n in pb.partner_with
    ):
        return True
    if set(pa.partner_texts) & set(pb.partner_texts):
        return True
    if (pa.choose_background and is_background(b)) or (pb.choose_background and is_background(a)):
        return True
    return bool(
        (pa.doctors_companion and is_time_lord_doctor(b)) or (pb.doctors_companion and is_time_lord_doctor(a))
    )


def pair_problem(a: Card, b: Card) -> tuple[str, str] | None:
    """None when ``a`` and ``b`` may be commanders together; else (reason, rule)."""
    pa, pb = partner_abilities(a), partner_abilities(b)
    if _pair_ok(a, pa, b, pb):
        return None
    reasons: list[str] = []
    rule = "CR 702.124"
    for x, px, y in ((a, pa, b), (b, pb, a)):
        for named in px.partner_with:
            if lookup_key(named) != lookup_key(y.name):
                reasons.append(f"{x.name} has Partner with {named}, so it pairs only with {named}")
                rule = "CR 702.124j"
            elif not any(lookup_key(n) == lookup_key(x.name) for n in partner_abilities(y).partner_with):
                reasons.append(f"{x.name} names {y.name}, but {y.name} has no Partner with {x.name}")
                rule = "CR 702.124j"
    if pa.partner_texts and pb.partner_texts:
        reasons.append(
            f"{a.name} has {pa.describe()} and {b.name} has {pb.describe()}: only the same Partner—[text] "
            "ability pairs"
        )
        rule = "CR 702.124i"
    for x, px, y in ((a, pa, b), (b, pb, a)):
        if is_background(y) and not px.choose_background:
            reasons.append(f"{y.name} is a Background, which joins only a commander with Choose a Background")
            rule = "CR 702.124k"
        if px.choose_background and not is_background(y):
            reasons.append(f"{x.name} has Choose a Background, but {y.name} is not a legendary Background")
            rule = "CR 702.124k"
        if px.doctors_companion and not is_time_lord_doctor(y):
            reasons.append(
                f"{x.name} has Doctor's companion, which pairs only with a legendary Time Lord Doctor "
                f"creature with no other creature types ({y.name} is {y.deck_types.text})"
            )
            rule = "CR 702.124m"
    if not reasons:
        if pa.any and pb.any:
            reasons.append(
                f"{a.name} has {pa.describe()} and {b.name} has {pb.describe()}: "
                "partner abilities can't be mixed"
            )
            rule = "CR 702.124f"
        else:
            for x, px in ((a, pa), (b, pb)):
                if not px.any and not is_background(x) and not is_time_lord_doctor(x):
                    reasons.append(f"{x.name} has no partner ability")
            if not reasons:
                reasons.append(f"{a.name} has {pa.describe()} and {b.name} has {pb.describe()}")
            rule = "CR 702.124a"
    return "; ".join(dict.fromkeys(reasons)), rule


def _check_commanders(deck: Deck, spec: FormatSpec) -> list[Finding]:
    entries = deck.zone(Zone.COMMANDER)
    unknown = deck.unresolved_in(Zone.COMMANDER)
    if not entries and not unknown:
        return []
    findings: list[Finding] = []
    count = deck.count(Zone.COMMANDER)
    if count > spec.max_commanders:
        names = ", ".join([*(_label(c) for c in entries), *(e.name for e in unknown)])
        allowed = "one commander" if spec.max_commanders == 1 else f"at most {spec.max_commanders} commanders"
        findings.append(
            TOO_MANY_COMMANDERS(
                f"{count} commanders ({names}); {spec.title} allows {allowed}",
                location=_placed_at(deck.path, _first_placed([*entries, *unknown])),
                rule="CR 702.124g" if spec.max_commanders == 2 else f"{spec.title} deck construction",
                data={"count": count, "max": spec.max_commanders},
            )
        )
    distinct = list(_group(entries).values())
    pair = len(distinct) == 2 and count == 2 and spec.max_commanders >= 2
    for group in distinct:
        card = group[0].card
        problem = commander_eligibility(card, spec)
        if problem is None:
            continue
        other = (
            distinct[1][0].card if pair and group is distinct[0] else (distinct[0][0].card if pair else None)
        )
        if (other is not None or unknown) and is_background(card):
            continue  # half of a pair: legal with Choose a Background, else the pair finding explains
        findings.append(
            NOT_A_COMMANDER(
                problem,
                location=_where(deck, group[0]),
                card=card.name,
                rule="CR 903.3",
                data={"line": group[0].line},
            )
        )
    if pair:
        a, b = distinct[0][0], distinct[1][0]
        problem_rule = pair_problem(a.card, b.card)
        if problem_rule is not None:
            reason, rule = problem_rule
            findings.append(
                PAIR_NOT_ALLOWED(
                    f"{a.card.name} and {b.card.name} can't be commanders together: {reason}",
                    location=_where(deck, b),
                    card=b.card.name,
                    rule=rule,
                    data={"commanders": [a.card.name, b.card.name]},
                )
            )
    for written in unres.by_written_name(unknown).values():
        # by identity: an entry equal to one of the group has its name, so it is in the group
        # (a list with hundreds of unknown commander entries stays linear per group)
        mine = {id(e) for e in written}
        others = [c.card.name for c in entries] + [e.name for e in unknown if id(e) not in mine]
        pairing = f", nor whether it can be a commander together with {', '.join(others)}" if others else ""
        findings.append(
            unres.not_verified(
                deck.path,
                "commander eligibility (CR 903.3)",
                written,
                f"{unres.unknown_cards_text(written)}: counted as the commander, but whether it can be "
                f"your commander was not checked{pairing}",
                card=written[0].name,
            )
        )
    return findings


# -- colour identity (CR 903.4, 903.5c/d) ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class IdentityChoice:
    """The commanders' combined colour identity, with the colours assumed for "choose a colour"
    commanders (903.4b: the chosen colour is part of the identity; the data shows none)."""

    base: frozenset[str]
    assumed: tuple[tuple[str, str | None], ...]  # (commander name, colour assumed or None)
    wanted: frozenset[str] = frozenset()  # colours the deck's cards have beyond ``base``

    @property
    def identity(self) -> frozenset[str]:
        return self.base | {c for _, c in self.assumed if c}


def _choose_colours(
    base: frozenset[str], choosers: Sequence[str], needs: Sequence[frozenset[str]]
) -> IdentityChoice:
    wanted = frozenset().union(*needs) - base if needs else frozenset()
    if not choosers:
        return IdentityChoice(base, (), wanted)
    options = sort_colours(wanted)
    best: tuple[str, ...] = ()
    best_fits = sum(1 for n in needs if n <= base)
    for size in range(1, min(len(choosers), len(options)) + 1):
        for combo in itertools.combinations(options, size):
            fits = sum(1 for n in needs if n <= base | set(combo))
            if fits > best_fits:
                best, best_fits = combo, fits
    assumed = [(name, best[i] if i < len(best) else None) for i, name in enumerate(choosers)]
    return IdentityChoice(base, tuple(assumed), wanted)


def identity_choice(deck: Deck) -> IdentityChoice:
    commanders = deck.zone(Zone.COMMANDER)
    base = frozenset().union(*(c.card.color_identity for c in commanders)) if commanders else frozenset()
    choosers = [c.card.name for c in commanders if chooses_colour(c.card)]
    needs = [c.card.color_identity for c in _cards_in(deck, (Zone.MAIN, Zone.COMPANION))]
    return _choose_colours(base, choosers, needs)


def chooses_colour(card: Card) -> bool:
    """A commander whose colour is chosen before the game (CR 903.4b)."""
    return bool(_CHOSEN_COLOUR_RE.search(_text(card)))


def basic_land_types(card: Card) -> frozenset[str]:
    """The card's basic land types (any face): each makes one colour of mana (CR 903.5d)."""
    return _basic_land_types(card)


def commander_identity(deck: Deck) -> frozenset[str]:
    """The combined colour identity of the deck's commanders (702.124c: partners' identities are
    united), including the colour assumed for a "choose a colour before the game begins" commander."""
    return identity_choice(deck).identity


def _basic_land_types(card: Card) -> frozenset[str]:
    return frozenset(t for face in card.faces for t in face.type_line.subtypes if t in BASIC_LAND_MANA)


def _colourless_basics(
    deck: Deck, spec: FormatSpec, identity: frozenset[str]
) -> tuple[set[str], list[Finding]]:
    """Brawl: a colourless commander may run basic lands of one basic land type. Returns the basic
    land names allowed that way (the type with the most cards) and findings for the other types."""
    if identity or not spec.colourless_basic_exception:
        return set(), []
    basics = [c for c in deck.zone(Zone.MAIN) if c.card.is_basic_land and c.card.color_identity]
    by_type: dict[str, list[DeckCard]] = {}
    for deck_card in basics:
        for land_type in sorted(_basic_land_types(deck_card.card)):
            by_type.setdefault(land_type, []).append(deck_card)
    if not by_type:
        return set(), []
    order = list(BASIC_LAND_MANA)  # ties go to WUBRG order

    def weight(land_type: str) -> tuple[int, int]:
        return sum(c.quantity for c in by_type[land_type]), -order.index(land_type)

    chosen = max(by_type, key=weight)
    allowed = {c.card.name for c in by_type[chosen]}
    findings = []
    for land_type, group in by_type.items():
        if land_type == chosen:
            continue
        for name, cards in _group(c for c in group if c.card.name not in allowed).items():
            findings.append(
                COLOURLESS_BASICS(
                    f"{_label(cards[0])} ({_lines_text(cards)}): with a colourless commander, {spec.title} "
                    f"allows basic lands of one basic land type only; deckcheck took {chosen} (the most "
                    "common), so this basic is outside the commander's colour identity",
                    location=_where(deck, cards[0]),
                    card=name,
                    rule=f"{spec.title} colourless-commander rule",
                    data={"chosen_type": chosen, "type": land_type},
                )
            )
    return allowed, findings


def identity_findings(
    path: str,
    name: str,
    group: Sequence[Placed],
    card_identity: frozenset[str],
    land_types: frozenset[str],
    is_basic_land: bool,
    identity: frozenset[str],
    spec: FormatSpec,
) -> list[Finding]:
    """A main-deck card's colour-identity findings (CR 903.5c, 903.5d) against the commanders'
    ``identity``: its entries of the deck at ``path`` are ``group``, ``land_types`` its basic land
    types."""
    findings: list[Finding] = []
    where = _placed_at(path, group[0])
    outside = card_identity - identity
    if outside:
        note = ""
        if not identity and is_basic_land and not spec.colourless_basic_exception:
            note = " (the colourless-commander basic land exception is a Brawl rule)"
        findings.append(
            COLOUR_IDENTITY(
                f"{name} has colour identity {_identity_text(card_identity)}, outside "
                f"the commander's identity {_identity_text(identity)} ({_lines_text(group)}){note}",
                location=where,
                card=name,
                rule="CR 903.5c",
                data={
                    "card_identity": list(sort_colours(card_identity)),
                    "commander_identity": list(sort_colours(identity)),
                },
            )
        )
    beyond = frozenset(BASIC_LAND_MANA[t] for t in land_types) - identity
    if beyond and not (outside and beyond <= card_identity):
        types = ", ".join(sorted(land_types))
        findings.append(
            BASIC_TYPE_MANA(
                f"{name} has the basic land type {types}, so it can produce "
                f"{_identity_text(beyond)} mana, outside the commander's identity {_identity_text(identity)} "
                f"({_lines_text(group)})",
                location=where,
                card=name,
                rule="CR 903.5d",
                data={
                    "mana": list(sort_colours(beyond)),
                    "commander_identity": list(sort_colours(identity)),
                },
            )
        )
    return findings


_ALL_COLOURS = frozenset("WUBRG")


def _check_identity(deck: Deck, spec: FormatSpec) -> list[Finding]:
    commanders = deck.zone(Zone.COMMANDER)
    unknown_commanders = deck.unresolved_in(Zone.COMMANDER)
    if not commanders:
        if not unknown_commanders:
            return []
        return [
            unres.not_verified(
                deck.path,
                "colour identity (CR 903.4)",
                unknown_commanders,
                f"the commander, {unres.unknown_cards_text(unknown_commanders)}: no card's colour identity "
                "was checked",
            )
        ]
    findings: list[Finding] = []
    choice = identity_choice(deck)
    identity = choice.identity
    # a commander the data does not know may widen the identity: a card outside the known part is
    # undetermined, not an error
    partial = bool(unknown_commanders) and identity != _ALL_COLOURS
    outside_known: list[Entry] = []
    for name, colour in choice.assumed:
        if colour:
            what = f"assumed {colour}, the colour the deck needs"
        elif choice.wanted - choice.identity:
            what = "no one colour brings more of the deck's cards inside the identity, so none was assumed"
        else:
            what = "no extra colour is needed"
        findings.append(
            CHOSEN_COLOUR(
                f"{name} is a colour chosen before the game (CR 903.4b): {what}; commander identity "
                f"{_identity_text(identity)}",
                location=_where(deck, next(c for c in commanders if c.card.name == name)),
                card=name,
                rule="CR 903.4b",
                data={"colour": colour, "identity": list(sort_colours(identity))},
            )
        )
    allowed_basics, basic_findings = (set(), []) if partial else _colourless_basics(deck, spec, identity)
    findings.extend(basic_findings)
    reported = {f.card for f in basic_findings}
    for name, group in _group(deck.zone(Zone.MAIN)).items():
        card = group[0].card
        if name in allowed_basics or name in reported:
            continue
        found = identity_findings(
            deck.path,
            name,
            group,
            card.color_identity,
            _basic_land_types(card),
            card.is_basic_land,
            identity,
            spec,
        )
        if found and partial:
            outside_known += [c.entry for c in group]
        else:
            findings += found
    if outside_known:
        findings.append(
            unres.not_verified(
                deck.path,
                "colour identity (CR 903.4)",
                outside_known,
                f"{unres.entries_text(outside_known)} {'is' if len(outside_known) == 1 else 'are'} outside "
                f"the identity {_identity_text(identity)} of the commanders the card data knows, and the "
                f"commander {unres.unknown_cards_text(unknown_commanders)}",
            )
        )
    unknown_cards = deck.unresolved_in(Zone.MAIN)
    if unknown_cards and identity != _ALL_COLOURS:
        findings.append(
            unres.not_verified(
                deck.path,
                "colour identity (CR 903.4)",
                unknown_cards,
                f"{unres.unknown_cards_text(unknown_cards)}: whether "
                f"{'it is' if unres.copies(unknown_cards) == 1 else 'they are'} inside the commander's "
                f"identity {_identity_text(identity)} was not checked",
            )
        )
    return findings


# -- everything ------------------------------------------------------------------------------------
def check_deck(deck: Deck, spec: FormatSpec) -> list[Finding]:
    """Every construction, legality and Commander finding for ``deck`` in ``spec`` (companion
    conditions excepted: :mod:`deckcheck.companions`)."""
    findings = _check_zones(deck, spec)
    findings += _check_sizes(deck, spec)
    legality = _check_legality(deck, spec)
    restricted = {f.card for f in legality if f.code == RESTRICTED.code and f.card}
    findings += _check_copies(deck, spec, restricted)
    findings += legality
    if spec.commander:
        findings += _check_commanders(deck, spec)
        findings += _check_identity(deck, spec)
    return findings
