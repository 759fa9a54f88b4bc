"""Which files a run checks: the FILES arguments expanded (``-`` is standard input, a directory
stands for the decklist files under it), and whether a file found in a directory is a decklist
at all. No click here: warnings go to the caller's ``warn``.

A file named explicitly (as pre-commit passes them) is always checked, and a missing one is
reported on that file by the session. A directory stands for its files with a decklist extension
(:data:`DECKLIST_EXTENSIONS`, the one list the CLI and :mod:`deckcheck.frames` share); such a file
is then checked only if its content reads as a decklist (:func:`not_a_decklist`), so a folder's
``requirements.txt``, notes, CSV or JSON that are not decks are skipped and counted, not failed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from deckcheck.cards.store import CardStore
    from deckcheck.deck import ParsedDeck

STDIN = "-"
# Every decklist format deckcheck reads has one of these extensions (formats are told apart by
# content; these only pick candidates out of a directory).
DECKLIST_EXTENSIONS = frozenset(
    {".txt", ".dec", ".dek", ".dck", ".cod", ".mwdeck", ".o8d", ".json", ".csv", ".mtga", ".deck"}
)


class Item:
    """One file to check: ``path`` as given (or ``-``); ``explicit`` False for a file found in a
    directory, which is checked only if it reads as a decklist. (A plain class: a dataclass would
    compile its methods in every run.)"""

    __slots__ = ("explicit", "path")

    def __init__(self, path: str, explicit: bool = True) -> None:
        self.path: Final = path
        self.explicit: Final = explicit


def expand_inputs(arguments: Sequence[str], warn: Callable[[str], None]) -> list[Item]:
    """The files FILES arguments stand for, each once, in order: ``-`` is stdin, a directory
    expands to its files with a decklist extension (recursively, sorted, hidden folders and
    files skipped); anything else is checked as given (a missing one is reported on it)."""
    found: list[Item] = []
    seen: dict[str, int] = {}  # each file's place in ``found``

    def add(item: str, explicit: bool) -> None:
        key = item if item == STDIN else os.path.normpath(os.path.abspath(item))
        place = seen.get(key)
        if place is None:
            seen[key] = len(found)
            found.append(Item(item, explicit))
        elif explicit and not found[place].explicit:
            # named as well as found in a folder named before it: checked as a named file is
            found[place] = Item(item, explicit=True)

    for argument in arguments:
        if argument != STDIN and Path(argument).is_dir():
            files = decklists_under(Path(argument), warn)
            if not files:
                warn(
                    f"deckcheck: warning: {argument}: no decklist files "
                    f"({', '.join(sorted(DECKLIST_EXTENSIONS))}) in this directory"
                )
            for file in files:
                add(os.fspath(file), explicit=False)
        else:
            add(argument, explicit=True)
    return found


def has_decklist_extension(name: str) -> bool:
    """Whether a file of this name is one a directory run reads (:data:`DECKLIST_EXTENSIONS`)."""
    return os.path.splitext(name)[1].lower() in DECKLIST_EXTENSIONS


def decklists_under(directory: Path, warn: Callable[[str], None] | None = None) -> list[Path]:
    """The files below ``directory`` with a decklist extension, sorted, hidden ones skipped. Only
    regular files (or links to them): a FIFO or a device found in a folder would block the run or
    never end, so it is skipped, with a warning through ``warn`` (given by name, it is read)."""
    files: list[Path] = []
    for root, dirs, names in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if not name.startswith(".") and has_decklist_extension(name):
                path = Path(root) / name
                if path.is_file() or not path.exists():  # (a dangling link: reported on it later)
                    files.append(path)
                elif warn is not None:
                    warn(f"deckcheck: warning: {path}: not a regular file (a FIFO or a device); skipped")
    return files


# The reason of a file an exclude glob skipped starts so (Session.excluded).
EXCLUDED = "excluded by"


def skipped_why(skipped: int, excluded: int) -> str:
    """What a run's ``skipped`` files (``excluded`` of them by an exclude glob) were, in a summary."""
    if excluded == skipped:
        return "excluded"
    return "not decklists or excluded" if excluded else "not decklists"


def not_a_decklist(parsed: ParsedDeck, store: CardStore) -> str | None:
    """Why a file found in a directory is not a decklist (None: it is one, check it).

    A decklist has card lines, and more lines that read as cards than lines that do not: a line
    counts as a card when it read without a doubt (a count and a name) or when its name is a card.
    So a requirements file ("numpy==1.26"), notes ("Try more removal") or a CSV of something else
    are skipped, while a deck with a few broken lines is checked and its lines reported. A file
    that declares its format (``// format: modern``) says it is a decklist: checked, whatever its
    names (count-less names of cards newer than the data must not pass the hook unseen)."""
    from deckcheck.decklist._base import UNREADABLE

    whole_file = [p for p in parsed.problems if p.line <= 0 and p.code == UNREADABLE]
    if whole_file:
        return f"not a decklist: {whole_file[0].message}"
    if parsed.declared_format is not None:  # (even with no card line: an emptied deck fails)
        return None
    if not parsed.entries:
        return "no card lines"
    doubtful = {p.line for p in parsed.problems if p.line > 0 and p.severity != "info"}
    card_lines: set[int] = set()
    cards = 0
    for entry in parsed.entries:
        if entry.line not in doubtful or store.resolve(entry.name, suggest=False).card is not None:
            cards += 1
            card_lines.add(entry.line)
    not_cards = len(doubtful - card_lines)
    if cards and cards >= not_cards:
        return None
    return f"not a decklist: {not_cards} of {not_cards + cards} lines do not read as cards"
