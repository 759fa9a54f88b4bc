"""Which files a run checks: the FILES arguments expanded (``-`` is standard input, a directory
stands for the decklist files under it). No click here: warnings go to the caller's ``warn``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from deckcheck.errors import InputError
from deckcheck.session import STDIN

# A directory argument expands to the files under it (recursively, hidden folders skipped) with
# one of these extensions.
DECKLIST_EXTENSIONS = frozenset({".txt", ".dec", ".dek", ".dck", ".cod", ".mwdeck", ".csv", ".json", ".mtga"})


def expand_inputs(arguments: Sequence[str], warn: Callable[[str], None]) -> list[str]:
    """Decklist paths from FILES arguments: ``-`` is stdin, a directory expands to its decklist files
    (recursively, sorted, hidden folders and files skipped). A missing path is an InputError."""
    found: list[str] = []
    seen: set[str] = set()

    def add(item: str) -> None:
        key = item if item == STDIN else os.path.normpath(os.path.abspath(item))
        if key not in seen:
            seen.add(key)
            found.append(item)

    for argument in arguments:
        if argument == STDIN:
            add(STDIN)
            continue
        path = Path(argument)
        if path.is_dir():
            files = _decklists_under(path)
            if not files:
                warn(
                    f"deckcheck: warning: {argument}: no decklist files "
                    f"({', '.join(sorted(DECKLIST_EXTENSIONS))}) in this directory"
                )
            for file in files:
                add(file)
        elif path.exists():
            add(argument)
        else:
            try:  # a dangling link or a link loop: say which, as the OS does
                os.stat(argument)
                reason = "no such file or directory"
            except OSError as exc:
                reason = exc.strerror or "no such file or directory"
            raise InputError(f"{argument}: {reason.lower()}")
    return found


def _decklists_under(directory: Path) -> list[str]:
    files: list[str] = []
    for root, dirs, names in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if not name.startswith(".") and os.path.splitext(name)[1].lower() in DECKLIST_EXTENSIONS:
                files.append(os.path.join(root, name))
    return files
