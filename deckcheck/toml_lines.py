"""Where a TOML file sets a key, for error messages: tomllib gives a document's values, not their
lines. A small locator over the text, line by line: a table header (``[a.b]``, ``[[a]]``) opens a
table, and a line ``key = ...`` (the key bare, "quoted" or 'quoted') sets a key of it. What it
cannot see (a dotted key, a key inside an inline table, a line of a multi-line string that looks
like a key or a header) it does not find, and the caller names the file alone: never a wrong line
on purpose, at worst none."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

Table = tuple[str, ...]  # a table's dotted name, part by part; () is the top level

_HEADER = re.compile(r"\s*\[\[?(?P<name>[^\[\]]*)\]\]?\s*(?:#.*)?")
_NAME_PART = re.compile(
    r"\s*(?:\"(?P<double>(?:[^\"\\]|\\.)*)\"|'(?P<single>[^']*)'|(?P<bare>[A-Za-z0-9_-]+))\s*"
)


def header_table(line: str) -> Table | None:
    """The table a header line opens (``[tool.deckcheck]`` -> ("tool", "deckcheck")), or None when
    the line is no header."""
    match = _HEADER.fullmatch(line)
    if match is None:
        return None
    name = match["name"]
    parts: list[str] = []
    position = 0
    while True:
        part = _NAME_PART.match(name, position)
        if part is None:
            return None
        parts.append(part["double"] if part["double"] is not None else part["single"] or part["bare"])
        position = part.end()
        if position == len(name):
            return tuple(parts)
        if name[position] != ".":
            return None
        position += 1


def table_line(lines: Sequence[str], table: Table) -> int | None:
    """The 1-based line of ``table``'s header, or None."""
    for number, line in enumerate(lines, 1):
        if "[" in line and header_table(line) == table:
            return number
    return None


def key_line(lines: Sequence[str], tables: Collection[Table], keys: Collection[str]) -> int | None:
    """The 1-based line that sets one of ``keys`` (spellings of one key) in one of ``tables``
    (spellings of one table, or a table and the subtables that may hold the key), or None. A
    header that opens the key as a table of its own (``[house.rules]`` sets ``rules`` of
    ``house``; ``[tool.deckcheck]`` sets ``tool`` at the top level) sets it too."""
    pattern = re.compile(r"\s*(?:" + "|".join(rf"{k}|\"{k}\"|'{k}'" for k in map(re.escape, keys)) + r")\s*=")
    current: Table = ()
    for number, line in enumerate(lines, 1):
        opened = header_table(line) if line.lstrip().startswith("[") else None
        if opened is not None:
            current = opened
            if any(len(opened) > len(t) and opened[: len(t)] == t and opened[len(t)] in keys for t in tables):
                return number
        elif current in tables and pattern.match(line):
            return number
    return None


def item_line(lines: Sequence[str], first: int, item: str) -> int:
    """The line, from the 1-based ``first`` on, of the value set there (an array or inline table
    over several lines) that holds ``item``; ``first`` when none does."""
    depth = 0
    for number in range(first, len(lines) + 1):
        line = lines[number - 1]
        text = line.split("=", 1)[1] if number == first and "=" in line else line
        if item in text:
            return number
        depth += text.count("[") + text.count("{") - text.count("]") - text.count("}")
        if depth <= 0:
            break
    return first


_AT_LINE = re.compile(r"\s*\(at line (?P<line>\d+), column (?P<column>\d+)\)$")


def syntax_error_where(error: ValueError) -> tuple[int | None, str]:
    """The 1-based line of a tomllib syntax error and its message without it (``Invalid value
    (column 10)``), so that the file's error reads ``path:2: ...`` as every other config error
    does; no line when the error names none (``at end of document``)."""
    message = str(error)
    found = _AT_LINE.search(message)
    if found is None:
        return None, message
    return int(found["line"]), f"{message[: found.start()]} (column {found['column']})"
