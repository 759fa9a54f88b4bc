"""Configuration: ``[tool.deckcheck]`` in pyproject.toml, or the same keys at the top level of
``.deckcheck.toml``, discovered by walking up from each decklist's directory.

In each directory ``.deckcheck.toml`` is looked for first, then a ``pyproject.toml`` that *has* a
``[tool.deckcheck]`` table (one without it is passed over). The walk stops at the first config found,
at a directory holding ``.git`` (the repository root), or at the file-system root. Results are cached
per directory, so a run over a thousand files in one folder reads its config once.

Keys (``-`` and ``_`` are interchangeable)::

    format = "modern"                 # default format for files no other rule names
    input_format = "auto"             # decklist parser (see `deckcheck check --help`)
    select = ["DC1", "DC2"]           # code prefixes (or slugs) to report; a string "DC1,DC2" works too
    ignore = ["DC403"]
    strict = false                    # warnings fail the run too
    card_db = "cards.sqlite"          # card store, relative to the config file
    formats = ["my-formats.toml"]     # extra format registries, relative to the config file
    [tool.deckcheck.per-path]         # or: per_path = {"decks/commander/**" = "commander"}
    "decks/commander/**" = "commander"

Per-path globs are matched against the file's path relative to the config file's directory, with
``/`` separators: ``*`` and ``?`` stay inside one path segment, ``**`` spans segments (``a/**`` is
everything under ``a``, ``**/x.txt`` is ``x.txt`` in any folder), and a glob without ``/`` matches the
file name in any folder (``*.dck``). When several globs match, the last one listed wins (as in
``.gitattributes``), so put general globs first and specific ones after.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckcheck.errors import ConfigError

PYPROJECT = "pyproject.toml"
DECKCHECK_TOML = ".deckcheck.toml"

_KEYS = ("format", "input_format", "select", "ignore", "strict", "card_db", "formats", "per_path", "as_of")


@dataclass(frozen=True, slots=True)
class Config:
    """One config file's settings (or the empty config when there is none)."""

    path: Path | None = None  # the file these settings came from; None = no config file
    format: str | None = None
    input_format: str | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    strict: bool = False
    card_db: Path | None = None  # absolute (made so relative to the config file)
    formats: tuple[Path, ...] = ()  # absolute
    per_path: tuple[tuple[str, str], ...] = ()  # (glob, format) in file order
    as_of: dt.date | str | None = None  # legality as of a day, or "deck" (deckcheck.history)

    @property
    def root(self) -> Path | None:
        """The directory per-path globs are relative to."""
        return None if self.path is None else self.path.parent

    @property
    def label(self) -> str:
        if self.path is None:
            return "no config file"
        return f"{self.path} [tool.deckcheck]" if self.path.name == PYPROJECT else str(self.path)

    def format_for_path(self, file: Path) -> tuple[str, str] | None:
        """The per-path format for ``file`` and the glob that chose it, or None."""
        root = self.root
        if root is None or not self.per_path:
            return None
        try:
            relative = file.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:  # a file outside the config's tree (only with --config)
            return None
        chosen: tuple[str, str] | None = None
        for glob, format_name in self.per_path:
            if glob_matches(glob, relative):
                chosen = (format_name, glob)
        return chosen


EMPTY = Config()


# -- globs ------------------------------------------------------------------------------------------
@lru_cache(maxsize=256)
def _glob_regex(glob: str) -> re.Pattern[str]:
    pattern = glob.strip()
    # A glob with a "/" before its end is anchored at the config directory; one without (e.g.
    # "*.dck") matches a file name in any folder, as in .gitignore.
    anchored = pattern.startswith("/") or "/" in pattern.rstrip("/")
    pattern = pattern.removeprefix("./").lstrip("/")
    if pattern.endswith("/"):  # "decks/commander/" means everything under it
        pattern += "**"
    out: list[str] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif char == "*":
            out.append("[^/]*")
            i += 1
        elif char == "?":
            out.append("[^/]")
            i += 1
        elif char == "[":
            end = pattern.find("]", i + 1)
            if end == -1:
                out.append(re.escape(char))
                i += 1
            else:
                body = pattern[i + 1 : end]
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append(f"[{body.replace(chr(92), chr(92) * 2)}]")
                i = end + 1
        else:
            out.append(re.escape(char))
            i += 1
    body = "".join(out)
    return re.compile(body if anchored else f"(?:.*/)?{body}")


def glob_matches(glob: str, relative_path: str) -> bool:
    """Does a per-path glob match a ``/``-separated path relative to the config directory?"""
    try:
        return _glob_regex(glob).fullmatch(relative_path) is not None
    except re.error:
        return False


# -- reading a file ---------------------------------------------------------------------------------
def _fail(path: Path, message: str) -> ConfigError:
    return ConfigError(f"{path}: {message}")


def _read_toml(path: Path) -> dict[str, Any]:
    import tomllib  # only when there is a file to read: start-up time matters for one-deck checks

    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise _fail(path, f"not valid TOML ({exc})") from None
    except UnicodeDecodeError as exc:
        raise _fail(path, f"not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise _fail(path, f"cannot read ({exc.strerror or exc})") from None


def _string_list(path: Path, key: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        items = value.split(",")
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        items = [part for v in value for part in v.split(",")]
    else:
        raise _fail(path, f"'{key}' must be a string or a list of strings, not {_kind(value)}")
    return tuple(item.strip() for item in items if item.strip())


def _kind(value: Any) -> str:
    return {bool: "true/false", int: "a number", float: "a number", list: "a list", dict: "a table"}.get(
        type(value), type(value).__name__
    )


def _string(path: Path, key: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail(path, f"'{key}' must be a non-empty string, not {_kind(value)}")
    return value.strip()


def parse_table(table: Mapping[str, Any], path: Path) -> Config:
    """Validate one ``[tool.deckcheck]`` table (or ``.deckcheck.toml`` top level)."""
    where = "[tool.deckcheck]" if path.name == PYPROJECT else "config"
    values: dict[str, Any] = {}
    for raw_key, value in table.items():
        key = raw_key.replace("-", "_")
        if key not in _KEYS:
            known = ", ".join(k.replace("_", "-") if k == "per_path" else k for k in _KEYS)
            raise ConfigError(f"{path}: unknown key '{raw_key}' in {where}", hint=f"known keys: {known}")
        if key in values:
            raise _fail(path, f"'{raw_key}' is given twice (as '-' and '_' spellings)")
        values[key] = value
    root = path.parent
    strict = values.get("strict", False)
    if not isinstance(strict, bool):
        raise _fail(path, f"'strict' must be true or false, not {_kind(strict)}")
    per_path_table = values.get("per_path", {})
    if not isinstance(per_path_table, dict):
        raise _fail(path, f"'per-path' must be a table of glob = format, not {_kind(per_path_table)}")
    per_path: list[tuple[str, str]] = []
    for glob, format_name in per_path_table.items():
        if not isinstance(format_name, str) or not format_name.strip():
            raise _fail(path, f"per-path '{glob}' must name a format (a string), not {_kind(format_name)}")
        per_path.append((glob, format_name.strip()))
    card_db = values.get("card_db")
    formats = values.get("formats")
    as_of = values.get("as_of")
    if as_of is not None:
        from deckcheck.history import parse_as_of

        as_of = parse_as_of(as_of, f"{path}: 'as_of'")
    return Config(
        path=path,
        format=_string(path, "format", values["format"]) if "format" in values else None,
        input_format=_string(path, "input_format", values["input_format"])
        if "input_format" in values
        else None,
        select=_string_list(path, "select", values["select"]) if "select" in values else (),
        ignore=_string_list(path, "ignore", values["ignore"]) if "ignore" in values else (),
        strict=strict,
        card_db=(root / _string(path, "card_db", card_db)) if card_db is not None else None,
        formats=tuple(root / p for p in _string_list(path, "formats", formats))
        if formats is not None
        else (),
        per_path=tuple(per_path),
        as_of=as_of,
    )


def load_config(path: Path) -> Config:
    """Read an explicit config file (``--config``): a pyproject.toml must have [tool.deckcheck]."""
    if not path.is_file():
        raise ConfigError(f"config file {path} not found" if not path.exists() else f"{path} is not a file")
    data = _read_toml(path)
    if path.name == PYPROJECT:
        table = data.get("tool", {}).get("deckcheck") if isinstance(data.get("tool"), dict) else None
        if table is None:
            raise _fail(path, "has no [tool.deckcheck] table")
    else:
        table = data
    if not isinstance(table, dict):
        raise _fail(path, "[tool.deckcheck] must be a table")
    return parse_table(table, path.absolute())


def _config_in(directory: Path) -> Config | None:
    candidate = directory / DECKCHECK_TOML
    if candidate.is_file():
        return parse_table(_read_toml(candidate), candidate)
    candidate = directory / PYPROJECT
    if candidate.is_file():
        data = _read_toml(candidate)
        tool = data.get("tool")
        if isinstance(tool, dict) and "deckcheck" in tool:
            table = tool["deckcheck"]
            if not isinstance(table, dict):
                raise _fail(candidate, "[tool.deckcheck] must be a table")
            return parse_table(table, candidate)
    return None


class ConfigFinder:
    """Finds the config for a file by walking up from its directory; caches every directory seen."""

    def __init__(self, explicit: Config | None = None) -> None:
        self.explicit = explicit
        self._by_dir: dict[Path, Config] = {}

    def for_file(self, file: Path) -> Config:
        if self.explicit is not None:
            return self.explicit
        return self.for_directory(file.absolute().parent)

    def for_directory(self, directory: Path) -> Config:
        if self.explicit is not None:
            return self.explicit
        visited: list[Path] = []
        found: Config = EMPTY
        current = directory.absolute()
        while True:
            cached = self._by_dir.get(current)
            if cached is not None:
                found = cached
                break
            visited.append(current)
            config = _config_in(current)
            if config is not None:
                found = config
                break
            if (current / ".git").exists() or current.parent == current:
                break
            current = current.parent
        for seen in visited:
            self._by_dir[seen] = found
        return found


def merge_codes(config_codes: Iterable[str], cli_codes: Iterable[str]) -> tuple[str, ...]:
    """Comma-separated option values, flattened; CLI values first, duplicates dropped."""
    merged: list[str] = []
    for value in (*cli_codes, *config_codes):
        for part in value.split(","):
            part = part.strip()
            if part and part not in merged:
                merged.append(part)
    return tuple(merged)
