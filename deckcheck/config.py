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
    require_format = false            # a deck with no format is an error, not a warning
    card_db = "cards.sqlite"          # card store, relative to the config file
    formats = ["my-formats.toml"]     # extra format registries, relative to the config file
    exclude = ["lib/**", "archive"]   # files a folder run skips (see below)
    force_exclude = false             # skip them even when named explicitly (the pre-commit hook does)
    [tool.deckcheck.per-path]         # or: per_path = {"decks/commander/**" = "commander"}
    "decks/commander/**" = "commander"

Per-path globs are matched against the file's path relative to the config file's directory, with
``/`` separators: ``*``, ``?`` and ``[...]`` stay inside one path segment, ``**`` spans segments (``a/**`` is
everything under ``a``, ``**/x.txt`` is ``x.txt`` in any folder), and a glob without ``/`` matches the
file name in any folder (``*.dck``). When several globs match, the last one listed wins (as in
``.gitattributes``), so put general globs first and specific ones after. A glob that cannot mean
anything (an empty ``[]`` or a reversed range such as ``[z-a]``) is a config error.

``exclude`` globs are matched the same way against a file's path and each folder above it (as in
``.gitignore``): ``archive`` skips every folder named so and what it holds, ``lib/**`` the folder
``lib`` next to the config, ``*.bak.txt`` such files anywhere. A file found in a folder that an
exclude glob matches is skipped and counted (``-v`` lists it); a file named on the command line is
checked all the same unless ``force_exclude`` (``--force-exclude``) is set, as it is for the hook,
to which pre-commit names every file.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from deckcheck.errors import ConfigError, InputError
from deckcheck.toml_lines import item_line, key_line, syntax_error_where
from deckcheck.value import Value

PYPROJECT = "pyproject.toml"
DECKCHECK_TOML = ".deckcheck.toml"

_KEYS = (
    "format",
    "input_format",
    "select",
    "ignore",
    "strict",
    "require_format",
    "card_db",
    "formats",
    "per_path",
    "as_of",
    "exclude",
    "force_exclude",
)


class Config(Value):
    """One config file's settings (or the empty config when there is none)."""

    FIELDS = ("path", *_KEYS)  # the file it came from, then what a config file can set
    __slots__ = FIELDS

    def __init__(
        self,
        path: Path | None = None,
        format: str | None = None,
        input_format: str | None = None,
        select: tuple[str, ...] = (),
        ignore: tuple[str, ...] = (),
        strict: bool = False,
        require_format: bool = False,
        card_db: Path | None = None,
        formats: tuple[Path, ...] = (),
        per_path: tuple[tuple[str, str], ...] = (),
        as_of: dt.date | str | None = None,
        exclude: tuple[str, ...] = (),
        force_exclude: bool = False,
    ) -> None:
        self.path: Final = path  # the file these settings came from; None = no config file
        self.format: Final = format
        self.input_format: Final = input_format
        self.select: Final = select
        self.ignore: Final = ignore
        self.strict: Final = strict
        self.require_format: Final = require_format
        self.card_db: Final = card_db  # absolute (made so relative to the config file)
        self.formats: Final = formats  # absolute
        self.per_path: Final = per_path  # (glob, format) in file order
        self.as_of: Final = as_of  # legality as of a day, or "deck" (deckcheck.as_of)
        self.exclude: Final = exclude  # globs of files a folder run skips (excluded_by)
        self.force_exclude: Final = force_exclude  # ... files named explicitly too

    @property
    def root(self) -> Path | None:
        """The directory per-path globs are relative to."""
        return None if self.path is None else self.path.parent

    @property
    def label(self) -> str:
        if self.path is None:
            return "no config file"
        return f"{self.path} [tool.deckcheck]" if self.path.name == PYPROJECT else str(self.path)

    def _relative(self, file: Path) -> str | None:
        """``file``'s ``/``-separated path relative to the config's folder (what globs match)."""
        root = self.root
        if root is None:
            return None
        try:
            # (os.path.realpath: Path.resolve raises on a link loop, which is reported when read)
            return Path(os.path.realpath(file)).relative_to(os.path.realpath(root)).as_posix()
        except ValueError:  # a file outside the config's tree (only with --config)
            return None

    def format_for_path(self, file: Path) -> tuple[str, str] | None:
        """The per-path format for ``file`` and the glob that chose it, or None."""
        relative = self._relative(file) if self.per_path else None
        if relative is None:
            return None
        chosen: tuple[str, str] | None = None
        for glob, format_name in self.per_path:
            if glob_matches(glob, relative):
                chosen = (format_name, glob)
        return chosen

    def excluding_glob(self, file: Path) -> str | None:
        """The ``exclude`` glob that matches ``file`` (or a folder above it), or None."""
        relative = self._relative(file) if self.exclude else None
        return None if relative is None else excluded_by(self.exclude, relative)


EMPTY = Config()


def exclude_advice(config: Config, file: Path) -> str:
    """What to do (``write exclude = [...] in ...``) to keep ``file`` out of folder runs and the
    pre-commit hook, in the config's own words: the exclude glob that names it (its path from the
    config's folder, its ``*?[`` written as ``[*]``) and where it goes: ``config``'s file, or a new
    ``.deckcheck.toml`` in the repository's root (the folder holding ``.git``; else the working
    directory, if the file is under it; else the file's own folder), where the search for a config
    from the file finds it."""
    file = _normal(file)
    relative = config._relative(file) if config.path is not None else None
    if config.path is not None and relative is not None:
        where = _shown(config.path)
        if config.path.name == PYPROJECT:
            where = f"{where} under [tool.deckcheck]"
        glob = _toml_string(_literal_glob(relative))
        if config.exclude:  # (a second `exclude =` would be a TOML error)
            return f"add {glob} to the exclude list in {where}"
        return f"write exclude = [{glob}] in {where}"
    if config.path is not None:  # (--config naming a file whose tree this file is not in)
        return f"pass --exclude {_literal_glob(os.path.relpath(file))!r}"
    root = _repository_root(file.parent)
    if root is None:
        cwd = Path(os.getcwd())
        root = cwd if cwd in file.parents else file.parent
    glob = _toml_string(_literal_glob(file.relative_to(root).as_posix()))
    return f"write exclude = [{glob}] in a new {_shown(root / DECKCHECK_TOML)}"


def _literal_glob(path: str) -> str:
    """A glob that matches ``path`` as written: a ``*``, ``?`` or ``[`` of a name in brackets."""
    return "".join(f"[{char}]" if char in "*?[" else char for char in path)


def _toml_string(text: str) -> str:
    """``text`` as a TOML basic string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _shown(path: Path) -> str:
    """``path`` from the working directory when it is under it (``.deckcheck.toml``), else as is."""
    cwd = Path(os.getcwd())
    return path.relative_to(cwd).as_posix() if cwd in path.parents else str(path)


def _repository_root(folder: Path) -> Path | None:
    """The folder holding ``.git`` at or above ``folder``, where the search for a config stops."""
    return next((current for current in (folder, *folder.parents) if _is_repository_root(current)), None)


def _is_repository_root(folder: Path) -> bool:
    """Whether ``folder`` holds ``.git``: the search for a config (ConfigFinder) stops there, and an
    exclude advice (exclude_advice) writes a new config there, where that search finds it."""
    return os.path.exists(folder / ".git")


# -- globs ------------------------------------------------------------------------------------------
# A glob is matched by simulating all its positions at once over the path (a small NFA), so a match
# costs (glob length) x (path length) steps whatever the glob: a backtracking regex took seconds
# for a glob of repeated "**/" against a deep path.
_LITERAL, _ONE, _STAR, _ANY, _DIRS, _CLASS = range(6)


class _Token:
    # A plain class: a dataclass would compile its methods in every process that reads a config.
    __slots__ = ("char", "kind", "members", "negate")

    def __init__(
        self,
        kind: int,
        char: str = "",  # _LITERAL
        negate: bool = False,  # _CLASS
        members: tuple[tuple[str, str], ...] = (),  # _CLASS: (first, last) ranges
    ) -> None:
        self.kind = kind
        self.char = char
        self.negate = negate
        self.members = members

    def takes(self, char: str) -> bool:
        """Whether this token consumes ``char`` (the repeating tokens stay where they are)."""
        if self.kind == _LITERAL:
            return char == self.char
        if self.kind in (_ONE, _STAR):
            return char != "/"
        if self.kind == _CLASS:
            inside = any(first <= char <= last for first, last in self.members)
            return inside != self.negate and char != "/"
        return True  # _ANY, _DIRS


class GlobError(ValueError):
    """A per-path glob that cannot mean anything: an empty or reversed character class."""


def _class_members(body: str, glob: str) -> tuple[bool, tuple[tuple[str, str], ...]]:
    negate = body[:1] in ("!", "^")
    if negate:
        body = body[1:]
    if not body:
        raise GlobError(f"the character class in {glob!r} is empty")
    members: list[tuple[str, str]] = []
    i = 0
    while i < len(body):
        if i + 2 < len(body) and body[i + 1] == "-":
            first, last = body[i], body[i + 2]
            if first > last:
                raise GlobError(f"the range {first}-{last} in {glob!r} runs backwards (write {last}-{first})")
            members.append((first, last))
            i += 3
        else:
            members.append((body[i], body[i]))
            i += 1
    return negate, tuple(members)


@lru_cache(maxsize=256)
def compile_glob(glob: str) -> tuple[_Token, ...]:
    """The tokens of a per-path glob; a GlobError for one that cannot mean anything."""
    pattern = glob.strip()
    # A glob with a "/" before its end is anchored at the config directory; one without (e.g.
    # "*.dck") matches a file name in any folder, as in .gitignore.
    anchored = pattern.startswith("/") or "/" in pattern.rstrip("/")
    pattern = pattern.removeprefix("./").lstrip("/")
    if pattern.endswith("/"):  # "decks/commander/" means everything under it
        pattern += "**"
    tokens: list[_Token] = [] if anchored else [_Token(_DIRS)]
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if pattern.startswith("**/", i):
            tokens.append(_Token(_DIRS))  # any folders, or none
            i += 3
        elif pattern.startswith("**", i):
            tokens.append(_Token(_ANY))
            i += 2
        elif char == "*":
            tokens.append(_Token(_STAR))
            i += 1
        elif char == "?":
            tokens.append(_Token(_ONE))
            i += 1
        elif char == "[" and (end := pattern.find("]", i + 1)) != -1:
            negate, members = _class_members(pattern[i + 1 : end], glob)
            tokens.append(_Token(_CLASS, negate=negate, members=members))
            i = end + 1
        else:  # a "[" without its "]" is itself
            tokens.append(_Token(_LITERAL, char))
            i += 1
    return tuple(tokens)


def check_glob(glob: str) -> str | None:
    """Why a per-path glob is invalid, or None when it is fine."""
    try:
        compile_glob(glob)
    except GlobError as exc:
        return str(exc)
    return None


def _closure(tokens: Sequence[_Token], states: Iterable[int]) -> set[int]:
    """The states plus those reached without consuming a character (a repeat may match nothing).
    State ``i`` is "at token i"; ``~i`` is "inside the folders of a ``**/`` at token i" (past its
    start, so it can only end with a "/")."""
    found: set[int] = set()
    for state in states:
        while state not in found:
            found.add(state)
            if 0 <= state < len(tokens) and tokens[state].kind in (_STAR, _ANY, _DIRS):
                state += 1
            else:
                break
    return found


def glob_matches(glob: str, relative_path: str) -> bool:
    """Does a per-path glob match a ``/``-separated path relative to the config directory? An
    invalid glob matches nothing (the config that holds it is refused when it is read)."""
    try:
        tokens = compile_glob(glob)
    except GlobError:
        return False
    states = _closure(tokens, [0])
    end = len(tokens)
    for char in relative_path:
        following: list[int] = []
        for state in states:
            if state < 0:  # inside a "**/": any character, and a "/" may end it
                following.append(state)
                if char == "/":
                    following.append(~state + 1)
                continue
            if state == end:
                continue
            token = tokens[state]
            if token.kind == _DIRS:
                following.append(~state)
                if char == "/":
                    following.append(state + 1)
            elif token.kind in (_STAR, _ANY):
                if token.takes(char):
                    following.append(state)
            elif token.takes(char):
                following.append(state + 1)
        if not following:
            return False
        states = _closure(tokens, following)
    return end in states


def excluded_by(globs: Sequence[str], relative_path: str) -> str | None:
    """The first of ``globs`` that matches the ``/``-separated ``relative_path`` or one of the folders
    above it (``a``, ``a/b`` for ``a/b/c.txt``), as .gitignore excludes what a folder holds; None
    when none does."""
    parts = relative_path.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    for glob in globs:
        if any(glob_matches(glob, prefix) for prefix in prefixes):
            return glob
    return None


# -- reading a file ---------------------------------------------------------------------------------
def _fail(path: Path, message: str) -> ConfigError:
    return ConfigError(f"{path}: {message}")


def _read_toml(path: Path) -> tuple[dict[str, Any], str]:
    """The TOML document of a config file, and its text (to find the line of a key). A UTF-8
    byte order mark, which some editors write, is allowed, as it is in decklists."""
    import tomllib  # only when there is a file to read: start-up time matters for one-deck checks

    try:
        with open(path, "rb") as handle:
            text = handle.read().decode("utf-8-sig")
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        line, why = syntax_error_where(exc)
        where = str(path) if line is None else f"{path}:{line}"
        raise ConfigError(f"{where}: not valid TOML: {why}") from None
    except RecursionError:
        raise _fail(path, "its TOML is nested too deeply to be a configuration") from None
    except UnicodeDecodeError as exc:
        raise _fail(path, f"not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise _fail(path, f"cannot read ({exc.strerror or exc})") from None


# What each key must be, in the words of an error message.
_BOOLEAN = "true or false"
_DAY = "a date YYYY-MM-DD, 'deck' or 'data'"


class _Source:
    """A config table being read: its file, and the file's text to find the line of a key and the
    value as written there, for error messages (``path:line: 'key' must be ..., not 'yes'``)."""

    def __init__(self, path: Path, text: str | None) -> None:
        self.path = path
        self.lines = [] if text is None else text.splitlines()
        table = ("tool", "deckcheck") if path.name == PYPROJECT else ()
        self.table = {table}
        self.per_path = {(*table, "per-path"), (*table, "per_path")}

    def line_of(self, key: str) -> int | None:
        """The 1-based line that sets ``key`` (as spelled in the file; bare or quoted), or None."""
        return key_line(self.lines, self.table, (key,))

    def line_of_value(self, key: str, item: str | None = None) -> int | None:
        """The line that sets ``key`` however it is spelled (``input-format``, ``input_format``),
        or, with ``item``, the line of ``key``'s value that holds it (a code of a list written
        over several lines); for ``per_path``, the line of the glob ``item``."""
        spellings = (key, key.replace("_", "-"))
        if key == "per_path" and item is not None:
            line = key_line(self.lines, self.per_path, (item,))
            if line is not None:
                return line
        line = key_line(self.lines, self.table, spellings)
        return line if line is None or item is None else item_line(self.lines, line, item)

    def fail(self, key: str | None, message: str, hint: str | None = None) -> ConfigError:
        line = None if key is None else self.line_of(key)
        return self.fail_at(line, message, hint)

    def fail_at(self, line: int | None, message: str, hint: str | None = None) -> ConfigError:
        where = f"{self.path}:{line}" if line is not None else str(self.path)
        return ConfigError(f"{where}: {message}", hint=hint)

    def written(self, line: int | None, value: Any) -> str:
        """``value`` as the file writes it on the ``line`` that sets it (``'yes'``, ``10:00:00``),
        else in TOML spelling; shortened when long."""
        shown = None
        if line is not None:
            raw = self.lines[line - 1].split("=", 1)[1].strip()
            if raw[:1] in ('"', "'"):  # a string: to its closing quote, not a comment after it
                end = raw.find(raw[0], 1)
                raw = raw[: end + 1] if end > 0 else raw
            else:
                raw = raw.split("#", 1)[0].strip()
            if raw and (raw[0] not in "[{" or _balanced(raw)):
                shown = raw
        if shown is None:
            shown = _toml_text(value)
        return shown if len(shown) <= 60 else shown[:57] + "..."

    def must_be(self, key: str, words: str, value: Any) -> ConfigError:
        line = self.line_of(key)
        return self.fail_at(line, f"'{key}' must be {words}, not {self.written(line, value)}")


def _balanced(text: str) -> bool:
    """Whether an array or inline table written on one line closes there."""
    return text.count("[") == text.count("]") and text.count("{") == text.count("}")


def _toml_text(value: Any) -> str:
    """A value as TOML writes it: true, 3, "text", [1, 2], 2024-01-31, 10:00:00."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        import json

        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return str(value)


def _string_list(source: _Source, key: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        items = value.split(",")
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        items = [part for v in value for part in v.split(",")]
    else:
        raise source.must_be(key, "a string or a list of strings", value)
    return tuple(item.strip() for item in items if item.strip())


def _glob_list(source: _Source, key: str, value: Any) -> tuple[str, ...]:
    """A glob or a list of globs (not split at commas: "[,;]" is one glob)."""
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
        raise source.must_be(key, "a glob or a list of globs (strings)", value)
    return tuple(item.strip() for item in items if item.strip())


def _valid_glob(source: _Source, key: str, glob: str) -> None:
    """``key``: per_path (``glob`` is one of its keys) or exclude (one of its values)."""
    problem = check_glob(glob)
    if problem is not None:
        raise source.fail_at(
            source.line_of_value(key, glob),
            f"{key.replace('_', '-')} '{glob}' is not a valid glob: {problem}",
            hint="globs use * and ? within a folder, ** across folders, [abc], [a-z] and [!a]",
        )


def _string(source: _Source, key: str, value: Any, what: str) -> str:
    """A non-empty string: ``what`` names it in the message (``a format name``)."""
    if not isinstance(value, str):
        raise source.must_be(key, f"a string ({what})", value)
    if not value.strip():
        raise source.fail(key, f"'{key}' is empty", hint=f"give {what}, or remove the key")
    return value.strip()


def _boolean(source: _Source, values: Mapping[str, Any], key: str, spelled: Mapping[str, str]) -> bool:
    value = values.get(key, False)
    if not isinstance(value, bool):
        raise source.must_be(spelled[key], _BOOLEAN, value)
    return value


def parse_table(table: Mapping[str, Any], path: Path, text: str | None = None) -> Config:
    """Validate one ``[tool.deckcheck]`` table (or ``.deckcheck.toml`` top level); ``text``, the
    file's text, gives messages the line of the key at fault."""
    source = _Source(path, text)
    where = "[tool.deckcheck]" if path.name == PYPROJECT else "config"
    values: dict[str, Any] = {}
    spelled: dict[str, str] = {}  # each key as the file spells it (require-format, require_format)
    for raw_key, value in table.items():
        key = raw_key.replace("-", "_")
        if key not in _KEYS:
            import difflib  # for the error only: a valid config never needs it

            spelled_as = {k: k.replace("_", "-") if k == "per_path" else k for k in _KEYS}
            if raw_key == "tool" and path.name == DECKCHECK_TOML:  # pyproject.toml's table, copied
                hint = f"{DECKCHECK_TOML} sets the keys at the top level: drop the [tool.deckcheck] header"
            else:
                close = difflib.get_close_matches(key, list(_KEYS), n=1)
                hint = f"did you mean '{spelled_as[close[0]]}'? " if close else ""
                hint += f"known keys: {', '.join(spelled_as.values())}"
            raise source.fail(raw_key, f"unknown key '{raw_key}' in {where}", hint=hint)
        if key in values:
            raise source.fail(raw_key, f"'{raw_key}' is given twice (as '-' and '_' spellings)")
        values[key] = value
        spelled[key] = raw_key
    root = path.parent
    strict = _boolean(source, values, "strict", spelled)
    require_format = _boolean(source, values, "require_format", spelled)
    force_exclude = _boolean(source, values, "force_exclude", spelled)
    per_path_table = values.get("per_path", {})
    if not isinstance(per_path_table, dict):
        raise source.must_be(spelled["per_path"], "a table of glob = format", per_path_table)
    per_path: list[tuple[str, str]] = []
    for glob, format_name in per_path_table.items():
        if not isinstance(format_name, str) or not format_name.strip():
            line = source.line_of_value("per_path", glob)
            shown = source.written(line, format_name)
            raise source.fail_at(line, f"per-path '{glob}' must name a format (a string), not {shown}")
        _valid_glob(source, "per_path", glob)
        per_path.append((glob, format_name.strip()))
    exclude = _glob_list(source, spelled["exclude"], values["exclude"]) if "exclude" in values else ()
    for glob in exclude:
        _valid_glob(source, "exclude", glob)
    formats = values.get("formats")
    as_of = values.get("as_of")
    if as_of is not None:
        from deckcheck.as_of import parse_as_of

        if isinstance(as_of, str) and not as_of.strip():
            raise source.fail(spelled["as_of"], "'as_of' is empty", hint=f"give {_DAY}, or remove the key")
        try:
            as_of = parse_as_of(as_of)
        except ConfigError:  # (also a time, a number, true)
            raise source.must_be(spelled["as_of"], _DAY, as_of) from None

    def string(key: str, what: str) -> str | None:
        return _string(source, spelled[key], values[key], what) if key in values else None

    card_db_name = string("card_db", "a card store's file")
    return Config(
        path=path,
        format=string("format", "a format name"),
        input_format=string("input_format", "a decklist format"),
        select=_string_list(source, spelled["select"], values["select"]) if "select" in values else (),
        ignore=_string_list(source, spelled["ignore"], values["ignore"]) if "ignore" in values else (),
        strict=strict,
        require_format=require_format,
        card_db=(root / card_db_name) if card_db_name is not None else None,
        formats=tuple(root / p for p in _string_list(source, spelled["formats"], formats))
        if formats is not None
        else (),
        per_path=tuple(per_path),
        as_of=as_of,
        exclude=exclude,
        force_exclude=force_exclude,
    )


def config_error(
    config: Config, key: str, message: str, *, item: str | None = None, hint: str | None = None
) -> ConfigError:
    """A ConfigError for a value of ``config`` found wrong once in use (a format or a finding code
    no registry knows, a formats file that is not there): ``path:line: message``, at
    :func:`config_location`."""
    if config.path is None:
        return ConfigError(message, hint=hint)
    return ConfigError(f"{config_location(config, key, item)}: {message}", hint=hint)


def config_location(config: Config, key: str, item: str | None = None) -> str:
    """Where ``config`` sets ``key``, for a message: ``path:line``, the line that sets it (or, with
    ``item``, the line of its value holding it: a code in a list, a per-path glob), found in the
    file read again. When the line cannot be found (a dotted key, a file changed since), the file
    alone; "no config file" for the empty config."""
    if config.path is None:
        return config.label
    try:
        text = config.path.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        text = None
    line = _Source(config.path, text).line_of_value(key, item)
    return config.label if line is None else f"{config.path}:{line}"


def _normal(path: Path) -> Path:
    """``path`` absolute, with no ``..`` or ``.`` in it (a config is shown by this path)."""
    return Path(os.path.abspath(path))


def load_config(path: Path) -> Config:
    """Read an explicit config file (``--config``): a pyproject.toml must have [tool.deckcheck]."""
    try:
        is_file = path.is_file()
        exists = is_file or path.exists()
    except OSError as exc:  # (a name too long, a folder that cannot be searched)
        raise ConfigError(f"config file {path}: {exc.strerror or type(exc).__name__}") from None
    if not is_file:
        raise ConfigError(f"config file {path} not found" if not exists else f"{path} is not a file")
    path = _normal(path)
    data, text = _read_toml(path)
    if path.name == PYPROJECT:
        table = data.get("tool", {}).get("deckcheck") if isinstance(data.get("tool"), dict) else None
        if table is None:
            raise _fail(path, "has no [tool.deckcheck] table")
    else:
        table = data
    if not isinstance(table, dict):
        raise _not_a_table(path, text)
    return parse_table(table, path, text)


def _not_a_table(path: Path, text: str) -> ConfigError:
    line = key_line(text.splitlines(), {("tool",)}, ("deckcheck",))
    where = str(path) if line is None else f"{path}:{line}"
    return ConfigError(f"{where}: [tool.deckcheck] must be a table")


def _is_file(candidate: Path) -> bool:
    """Whether a config file is there; an InputError when the folder cannot be searched (the
    files in it cannot be read either: each is reported as not checked)."""
    try:
        return candidate.is_file()
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InputError(f"cannot look for a config file in {candidate.parent}: {reason}") from None


def _config_in(directory: Path) -> Config | None:
    candidate = directory / DECKCHECK_TOML
    if _is_file(candidate):
        data, text = _read_toml(candidate)
        return parse_table(data, candidate, text)
    candidate = directory / PYPROJECT
    if _is_file(candidate):
        data, text = _read_toml(candidate)
        tool = data.get("tool")
        if isinstance(tool, dict) and "deckcheck" in tool:
            table = tool["deckcheck"]
            if not isinstance(table, dict):
                raise _not_a_table(candidate, text)
            return parse_table(table, candidate, text)
    return None


class ConfigFinder:
    """Finds the config for a file by walking up from its directory; caches every directory seen."""

    def __init__(self, explicit: Config | None = None) -> None:
        self.explicit = explicit
        self._by_dir: dict[Path, Config] = {}

    def for_file(self, file: Path) -> Config:
        if self.explicit is not None:
            return self.explicit
        return self.for_directory(_normal(file).parent)

    def for_directory(self, directory: Path) -> Config:
        if self.explicit is not None:
            return self.explicit
        visited: list[Path] = []
        found: Config = EMPTY
        current = _normal(directory)
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
            if _is_repository_root(current) or current.parent == current:
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
