"""The format registry: data/formats.toml (and any extra formats files) read into
:class:`~deckcheck.format_spec.FormatSpec` values by name, with inheritance (``extends``) and
aliases, every value checked as it is read. The rules that read a format's fields are in
:mod:`deckcheck.rules`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckcheck import bundled_file
from deckcheck.errors import ConfigError
from deckcheck.format_spec import (
    COMMANDER_CARDS,
    LEGENDARY_COMMANDERS,
    UNCOMMON_CREATURE_COMMANDERS,
    FormatSpec,
)
from deckcheck.toml_lines import syntax_error_where

UNLIMITED = "unlimited"
MAX_NUMBER = 1_000_000  # the largest deck size, sideboard, copy limit... a format table may set


# -- the registry -------------------------------------------------------------------------------
def bundled_formats_path() -> Path:
    """data/formats.toml (:func:`deckcheck.bundled_file`)."""
    return bundled_file("formats.toml")


_STR, _BOOL, _INT, _LIMIT, _NAMES, _SET_CODES = (
    "text",
    "true/false",
    "a whole number",
    "a whole number or 'unlimited'",
    "a list of names",
    "a list of set codes",
)
TABLE_KEYS: dict[str, str] = {
    "title": _STR,
    "description": _STR,
    "extends": _STR,
    "abstract": _BOOL,
    "legality_key": _STR,
    "legality_keys": _NAMES,
    "min_main": _INT,
    "rules_min_main": _INT,
    "max_main": _LIMIT,
    "sideboard_max": _LIMIT,
    "copy_limit": _LIMIT,
    "commander": _BOOL,
    "max_commanders": _INT,
    "commander_pairs_known": _BOOL,
    "commander_pairs_reason": _STR,
    "planeswalker_commanders": _BOOL,
    "commander_cards": _STR,
    "colourless_basic_exception": _BOOL,
    "companion_bans": _NAMES,
    "companions": _BOOL,
    "extra_banned": _NAMES,
    "restricted_means": _STR,
    "aliases": _NAMES,
    "pool_sets": _SET_CODES,
    "pool_cards": _NAMES,
}
RESTRICTED_MEANINGS = ("one-copy", "not-as-commander", "commander-only")
_NOT_INHERITED = ("extends", "abstract")
_OWN_ONLY = ("aliases", "title")  # a format's own names: an extending format is not called by them


def _where(path: Path, table: str | None, key: str | None = None) -> str:
    """``path:line`` for an error in a formats file: the line of ``key`` in the format ``table``
    (a top-level key when ``table`` is None), else of the table's header; read again from the
    file (errors only). ``path`` alone when neither is found (a dotted key, a file changed since)."""
    from deckcheck.toml_lines import key_line, table_line

    try:
        lines = path.read_bytes().decode("utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError):
        return str(path)
    line = None if key is None else key_line(lines, {() if table is None else (table,)}, (key,))
    if line is None and table is not None:
        line = table_line(lines, (table,))
    return str(path) if line is None else f"{path}:{line}"


class _Table:
    # A plain class: a dataclass would compile its methods in every process that reads formats.
    __slots__ = ("origin", "values")

    def __init__(self, values: dict[str, Any], origin: Path) -> None:
        self.values = values
        self.origin = origin  # the last file that set any of the table's keys


def _check_value(path: Path, table: str, key: str, value: Any) -> Any:
    kind = TABLE_KEYS[key]

    def fail() -> ConfigError:
        return ConfigError(
            f"{_where(path, table, key)}: [{table}] {key} must be {kind}, got {value!r}",
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
        if value > MAX_NUMBER:  # (the batch path's arrays hold 64-bit numbers, and no deck is near)
            raise ConfigError(
                f"{_where(path, table, key)}: [{table}] {key} must be at most {MAX_NUMBER:,}, got {value:,}",
                hint="write 'unlimited' for no limit" if kind == _LIMIT else None,
            )
        return value
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise fail()
    return [v.strip() for v in value]


def _read_toml(path: Path, what: str = "format file") -> dict[str, Any]:
    try:
        with open(path, "rb") as handle:
            # A UTF-8 byte order mark, which some editors write, is allowed, as in a config file.
            return tomllib.loads(handle.read().decode("utf-8-sig"))
    except FileNotFoundError:
        raise ConfigError(f"{what} {path} not found") from None
    except IsADirectoryError:
        raise ConfigError(f"{what} {path} is a directory") from None
    except OSError as exc:
        raise ConfigError(f"{what} {path} can't be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{what} {path} is not UTF-8 text: {exc.reason}") from None
    except tomllib.TOMLDecodeError as exc:
        line, why = syntax_error_where(exc)
        raise ConfigError(
            f"{what} {path}{'' if line is None else f':{line}'} is not valid TOML: {why}"
        ) from None
    except RecursionError:
        raise ConfigError(f"{what} {path}: its TOML is nested too deeply to read") from None


def _read_tables(path: Path) -> dict[str, dict[str, Any]]:
    document = _read_toml(path)
    tables: dict[str, dict[str, Any]] = {}
    for name, raw in document.items():
        if not name.strip():
            raise ConfigError(
                f"{_where(path, name)}: a format table with no name ([{name!r}]) cannot be chosen; name it"
            )
        if not isinstance(raw, dict):
            raise ConfigError(
                f"{_where(path, None, name)}: top-level key {name!r} is not a table; write each format as "
                f"[{name}] with its keys"
            )
        table: dict[str, Any] = {}
        for key, value in raw.items():
            if key not in TABLE_KEYS:
                import difflib  # for the error only: a check that reads valid formats never needs it

                close = difflib.get_close_matches(key, list(TABLE_KEYS), n=1)
                hint = f"did you mean {close[0]!r}?" if close else f"known keys: {', '.join(TABLE_KEYS)}"
                raise ConfigError(f"{_where(path, name, key)}: [{name}] unknown key {key!r}", hint=hint)
            table[key] = _check_value(path, name, key, value)
        if table.get("restricted_means", RESTRICTED_MEANINGS[0]) not in RESTRICTED_MEANINGS:
            where = _where(path, name, "restricted_means")
            raise ConfigError(
                f"{where}: [{name}] restricted_means must be one of {', '.join(RESTRICTED_MEANINGS)}, "
                f"got {table['restricted_means']!r}"
            )
        if table.get("commander_cards", LEGENDARY_COMMANDERS) not in COMMANDER_CARDS:
            where = _where(path, name, "commander_cards")
            raise ConfigError(
                f"{where}: [{name}] commander_cards must be one of {', '.join(COMMANDER_CARDS)}, "
                f"got {table['commander_cards']!r}"
            )
        if "legality_key" in table and "legality_keys" in table:
            where = _where(path, name, "legality_keys")
            raise ConfigError(f"{where}: [{name}] sets both legality_key and legality_keys; use one")
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
                f"{_where(table.origin, name, 'extends')}: [{name}] extends unknown format {parent!r}",
                hint=f"known: {known}",
            )
        if parent in chain or parent == name:
            cycle = " -> ".join((*chain, name, parent))
            where = _where(table.origin, name, "extends")
            raise ConfigError(f"{where}: [{name}] extends itself in a cycle: {cycle}")
        inherited = _resolve(parent, tables, (*chain, name))
        values.update({k: v for k, v in inherited.items() if k not in _OWN_ONLY})
    values.update({k: v for k, v in table.values.items() if k not in _NOT_INHERITED})
    return values


def _legality_bases(
    name: str, tables: Mapping[str, _Table], resolved: Mapping[str, Mapping[str, Any]]
) -> tuple[str, ...]:
    """The formats ``name`` extends, nearest first, while they read its legality keys
    (FormatSpec.legality_bases); none for a format without legality keys."""
    keys = list(resolved[name].get("legality_keys", ()))
    bases: list[str] = []
    parent = tables[name].values.get("extends")
    while keys and parent is not None and list(resolved[parent].get("legality_keys", ())) == keys:
        bases.append(parent)
        parent = tables[parent].values.get("extends")
    return tuple(bases)


def _spec(
    name: str, values: Mapping[str, Any], origin: Path, legality_bases: tuple[str, ...] = ()
) -> FormatSpec:
    if "min_main" not in values:
        raise ConfigError(
            f"{_where(origin, name)}: [{name}] has no min_main",
            hint='set min_main or extend a preset (extends = "constructed")',
        )
    min_main: int = values["min_main"]
    max_main: int | None = values.get("max_main")
    if max_main is not None and max_main < min_main:
        where = _where(origin, name, "max_main")
        raise ConfigError(f"{where}: [{name}] max_main ({max_main}) is below min_main ({min_main})")
    copy_limit: int | None = values.get("copy_limit", 4)
    if copy_limit == 0:
        where = _where(origin, name, "copy_limit")
        raise ConfigError(f"{where}: [{name}] copy_limit must be at least 1 (or 'unlimited')")
    max_commanders: int = values.get("max_commanders", 2)
    if max_commanders < 1:
        where = _where(origin, name, "max_commanders")
        raise ConfigError(f"{where}: [{name}] max_commanders must be at least 1")
    pairs_known: bool = values.get("commander_pairs_known", True)
    if not pairs_known and max_commanders < 2:
        where = _where(origin, name, "max_commanders")
        raise ConfigError(
            f"{where}: [{name}] max_commanders = {max_commanders} allows no second commander, but "
            "commander_pairs_known = false leaves a pair not verified",
            hint="set max_commanders = 2, or commander_pairs_known = true for one commander only",
        )
    keys = tuple(values.get("legality_keys", ()))
    commander_cards: str = values.get("commander_cards", LEGENDARY_COMMANDERS)
    restricted_means: str = values.get("restricted_means", RESTRICTED_MEANINGS[0])
    planeswalkers: bool = values.get("planeswalker_commanders", False)
    if commander_cards == UNCOMMON_CREATURE_COMMANDERS:
        # the card data tells an uncommon printing only by the format's "restricted" (legal only as the
        # commander): read any other way, the rarity rule could not be checked
        if restricted_means != "commander-only":
            where = _where(origin, name, "restricted_means")
            raise ConfigError(
                f'{where}: [{name}] commander_cards = "{commander_cards}" needs restricted_means = '
                f'"commander-only" (how the card data marks a card printed at uncommon), '
                f"got {restricted_means!r}"
            )
        if planeswalkers:
            where = _where(origin, name, "planeswalker_commanders")
            raise ConfigError(
                f"{where}: [{name}] planeswalker_commanders is a rule for legendary commanders; with "
                f'commander_cards = "{commander_cards}" only creature cards lead: set it to false'
            )
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
        commander_pairs_known=pairs_known,
        commander_pairs_reason=values.get("commander_pairs_reason", ""),
        planeswalker_commanders=planeswalkers,
        colourless_basic_exception=values.get("colourless_basic_exception", False),
        companion_bans=frozenset(values.get("companion_bans", ())),
        extra_banned=frozenset(values.get("extra_banned", ())),
        description=values.get("description", ""),
        restricted_means=restricted_means,
        aliases=tuple(values.get("aliases", ())),
        rules_min_main=values.get("rules_min_main"),
        commander_cards=commander_cards,
        companions=values.get("companions", True),
        legality_bases=legality_bases,
        # set codes as MTGJSON writes them (a card's printings): "lea" is LEA
        pool_sets=frozenset(code.upper() for code in values.get("pool_sets", ())),
        pool_cards=frozenset(values.get("pool_cards", ())),
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
    resolved = {name: _resolve(name, tables) for name in tables}
    registry: dict[str, FormatSpec] = {}
    for name, table in tables.items():
        spec = _spec(name, resolved[name], table.origin, _legality_bases(name, tables, resolved))
        if not table.values.get("abstract", False):
            registry[name] = spec
    if not registry:
        raise ConfigError(f"no formats defined in {', '.join(map(str, paths))}")
    _check_names_distinct(registry, tables)
    return registry


def _check_names_distinct(registry: Mapping[str, FormatSpec], tables: Mapping[str, _Table]) -> None:
    """Every format's name and aliases select it alone (get_format folds case, spaces, '-' and
    '_'): a table named as another format or alias (``[edh]``, ``[Modern]``) could never be chosen."""
    owner: dict[str, tuple[str, str]] = {}  # folded name -> (format, the name or alias as written)
    for name, spec in registry.items():
        for written in (name, *spec.aliases):
            key = _registry_key(written)
            other = owner.get(key)
            if other is not None and other[0] != name:
                first, first_written = other
                said = (
                    f"alias {first_written!r} of format {first!r}"
                    if first_written != first
                    else f"name of format {first!r}"
                )
                what = "name" if written == name else "alias"
                where = _where(tables[name].origin, name, None if written == name else "aliases")
                raise ConfigError(
                    f"{where}: [{name}] the {what} {written!r} is already the {said} (names are compared "
                    "ignoring case, spaces, '-' and '_'): one of them could never be chosen",
                    hint=f"name the format otherwise, or write [{first}] to change {first!r}",
                )
            owner.setdefault(key, (name, written))


def _registry_key(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", name.strip().casefold())


def get_format(name: str, registry: Mapping[str, FormatSpec] | None = None) -> FormatSpec:
    """The format named ``name`` or one of its aliases (``edh``), case, spaces, '-' and '_' ignored:
    "Standard Brawl" = standardbrawl; a ConfigError (:func:`unknown_format`) for any other name."""
    formats = load_registry() if registry is None else registry
    spec = find_format(name, formats)
    if spec is None:
        raise unknown_format(name, formats)
    return spec


def find_format(name: str, formats: Mapping[str, FormatSpec]) -> FormatSpec | None:
    """The format named ``name`` or one of its aliases, as :func:`get_format` finds it; None when
    ``formats`` has none (a caller that words the error itself: :func:`unknown_format`)."""
    key = _known_key(_registry_key(name), formats)
    return None if key is None else formats[key]


def _known_key(wanted: str, formats: Mapping[str, FormatSpec]) -> str | None:
    """The key of the format whose name or alias is ``wanted`` (folded: :func:`_registry_key`)."""
    for key, spec in formats.items():
        if _registry_key(key) == wanted or wanted in {_registry_key(a) for a in spec.aliases}:
            return key
    return None


def unknown_format(name: str, formats: Mapping[str, FormatSpec], written: str | None = None) -> ConfigError:
    """The error for a format name ``formats`` does not know: what the name is and what to check
    such a deck as when data/format_names.toml knows it, else the formats it may misspell or
    abbreviate; then the valid names. ``written``: the name as the user wrote it when ``name`` is
    it as read (a decklist's "Vintage Cube" declaration is read as "vintagecube")."""
    wanted = _registry_key(name)
    shown = name if written is None else written
    likely = _likely_formats(wanted, formats)
    hint = _several_formats_advice(shown, wanted, formats)
    if hint is None:
        hint = _other_format_advice(shown, wanted, formats, likely)
    if hint is None:
        hint = f"did you mean {_either(likely)}? " if likely else ""
    return ConfigError(f"unknown format {shown!r}", hint=f"{hint}valid formats: {', '.join(sorted(formats))}")


def _several_formats_advice(name: str, wanted: str, formats: Mapping[str, FormatSpec]) -> str | None:
    """For a name whose parts parted by '/' name two or more known formats ("Modern / Pioneer"):
    a deck is checked by one format's rules at a time, so the user names which. None otherwise
    ("Pauper / Cube" names one known format: the rest is another name's advice)."""
    if "/" not in wanted:
        return None
    named = [key for key in dict.fromkeys(_known_key(part, formats) for part in wanted.split("/")) if key]
    if len(named) < 2:
        return None
    return (
        f"{name.strip()!r} names {len(named)} formats ({' and '.join(named)}): a deck is checked by "
        f"one format's rules at a time; name the one to check it in (--format {named[0]}). "
    )


# -- names of formats deckcheck does not check ----------------------------------------------------
def bundled_format_names_path() -> Path:
    """data/format_names.toml: what names of formats deckcheck does not know mean, and what to
    check such a deck as instead (:func:`deckcheck.bundled_file`)."""
    return bundled_file("format_names.toml")


class OtherFormatName:
    """One entry of data/format_names.toml: the names it matches (folded, :func:`_registry_key`),
    what such a format is, and the format deckcheck checks such a deck by ("" for none)."""

    __slots__ = ("check_as", "contains", "means")

    def __init__(self, contains: tuple[str, ...], means: str, check_as: str) -> None:
        self.contains = contains
        self.means = means
        self.check_as = check_as

    def matches(self, wanted: str) -> bool:
        """Whether the folded unknown name ``wanted`` contains one of this entry's names."""
        return any(name in wanted for name in self.contains)


_NAME_ENTRY_KEYS = ("contains", "means", "check_as")


@lru_cache(maxsize=4)
def other_format_names(path: Path | None = None) -> tuple[OtherFormatName, ...]:
    """data/format_names.toml's entries (or ``path``'s), in order: read only when a format name is
    unknown, so a check of a known format never opens the file."""
    path = bundled_format_names_path() if path is None else path
    document = _read_toml(path, "format names file")
    entries = document.get("name", [])
    if not isinstance(entries, list) or set(document) - {"name"}:
        keys = ", ".join(map(repr, document))
        raise ConfigError(f"{path}: expected only [[name]] tables, got {keys}")
    read: list[OtherFormatName] = []
    for number, entry in enumerate(entries, 1):
        where = f"{path}: [[name]] #{number}"
        if not isinstance(entry, dict) or set(entry) - set(_NAME_ENTRY_KEYS):
            keys = ", ".join(map(repr, entry)) if isinstance(entry, dict) else repr(entry)
            raise ConfigError(f"{where} may have only the keys {', '.join(_NAME_ENTRY_KEYS)}, got {keys}")
        contains, means, check_as = (entry.get(key) for key in _NAME_ENTRY_KEYS)
        if (
            not isinstance(contains, list)
            or not contains
            or not all(isinstance(n, str) and n.strip() for n in contains)
        ):
            raise ConfigError(f"{where}: contains must be {_NAMES} (the names it explains), got {contains!r}")
        if not isinstance(means, str) or not means.strip():
            raise ConfigError(f"{where}: means must be text (what such a format is), got {means!r}")
        if check_as is not None and not isinstance(check_as, str):
            raise ConfigError(f"{where}: check_as must be a format name, got {check_as!r}")
        folded = tuple(_registry_key(name) for name in contains)
        read.append(OtherFormatName(folded, means.strip(), (check_as or "").strip()))
    return tuple(read)


def _other_format_advice(
    name: str, wanted: str, formats: Mapping[str, FormatSpec], likely: Sequence[str]
) -> str | None:
    """What the unknown format ``name`` (folded: ``wanted``) is when data/format_names.toml knows
    it, and what deckcheck can check such a deck as instead, or that it checks none; the formats
    its spelling is close to (``likely``) are named as not its rules, never offered. None when no
    entry matches: the spelling guess stands ("modrn": did you mean 'modern'?)."""
    entry = next((entry for entry in other_format_names() if entry.matches(wanted)), None)
    if entry is None:
        return None
    check_as = entry.check_as if entry.check_as in formats else ""
    not_its_rules = list(dict.fromkeys(f"{formats[key].title}'s" for key in likely if key != check_as))
    others = " or ".join(not_its_rules)
    if check_as:
        advice = f"check it as {check_as!r}" + (f", not by {others} rules" if others else "")
    else:
        advice = "deckcheck does not check it" + (f", and its rules are not {others}" if others else "")
    return f"{name.strip()!r} is {entry.means}; {advice}. "


def _likely_formats(wanted: str, formats: Mapping[str, FormatSpec], most: int = 3) -> list[str]:
    """The formats an unknown name (folded, :func:`_registry_key`) likely meant: the one whose name
    or alias is spelled closest to it ("modrn", "ehd" for edh), then those it may abbreviate, the
    same first letter and its letters in order ("cdr", "cmdr": commander; "std": standard and
    standardbrawl). A guess only: an abbreviation is never read as a format (Cockatrice users write
    "Format: CDR", which some mean as Commander, but no convention says so)."""
    import difflib  # for the error only: a check of a known format never needs it

    spellings = {
        _registry_key(written): key for key, spec in formats.items() for written in (key, *spec.aliases)
    }
    close = [spellings[s] for s in difflib.get_close_matches(wanted, spellings, n=1)]
    shortened = [
        key
        for spelled, key in spellings.items()
        if len(wanted) >= 2 and spelled[0] == wanted[0] and _in_order(wanted, spelled)
    ]
    return list(dict.fromkeys([*close, *shortened]))[:most]


def _in_order(letters: str, word: str) -> bool:
    """Every one of ``letters`` is in ``word``, in that order (not necessarily side by side)."""
    rest = iter(word)
    return all(letter in rest for letter in letters)


def _either(names: Sequence[str]) -> str:
    """``'a'``, ``'a' or 'b'``, ``'a', 'b' or 'c'``."""
    quoted = [repr(name) for name in names]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
