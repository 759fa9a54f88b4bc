"""Which files a run checks: the FILES arguments expanded (``-`` is standard input, a directory
stands for the decklist files under it), and whether a file found in a directory is a decklist
at all. No click here: warnings go to the caller's ``warn``.

A file named explicitly (as pre-commit passes them) is always checked, and a missing one is
reported on that file by the session; so are a directory named that holds no decklist file and a
glob pattern the shell passed as written (deckcheck expands no patterns). A directory stands for
its files with a decklist extension (:data:`DECKLIST_EXTENSIONS`, the one list the CLI and
:mod:`deckcheck.frames` share); such a file is then checked only if its content reads as a
decklist (:func:`not_a_decklist`), so a folder's
``requirements.txt``, notes, CSV or JSON that are not decks are skipped and counted, not failed.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from deckcheck.wording import NOT_A_REGULAR_FILE, counted

if TYPE_CHECKING:
    from deckcheck.cards.store import CardStore
    from deckcheck.deck import ParsedDeck

STDIN = "-"
# Every decklist format deckcheck reads has one of these extensions (formats are told apart by
# content; these only pick candidates out of a directory).
DECKLIST_EXTENSIONS = frozenset(
    {".txt", ".dec", ".dek", ".dck", ".cod", ".mwdeck", ".o8d", ".json", ".csv", ".mtga", ".deck"}
)
# Those that the files of other tools in a repository often have too (package.json, a data
# export): the pre-commit hook's default `files` pattern takes every other decklist extension
# (.pre-commit-hooks.yaml; tests/cli/test_hook_manifest.py keeps the two in step).
COMMON_ELSEWHERE = frozenset({".json", ".csv"})


class Item:
    """One file to check: ``path`` as given (or ``-``); ``explicit`` False for a file found in a
    directory, which is checked only if it reads as a decklist; ``problem``: why it cannot be
    checked (a folder that cannot be searched or holds no decklist file, a pattern the shell did not
    expand, a named pipe or device found in a folder): it is then reported as a file not checked.
    (A plain class: a dataclass would compile its methods in every run.)"""

    __slots__ = ("explicit", "path", "problem")

    def __init__(self, path: str, explicit: bool = True, problem: str | None = None) -> None:
        self.path: Final = path
        self.explicit: Final = explicit
        self.problem: Final = problem


def expand_inputs(arguments: Sequence[str], warn: Callable[[str], None]) -> list[Item]:
    """The files FILES arguments stand for, each once, in order: ``-`` is stdin, a directory
    expands to its files with a decklist extension (recursively, sorted, hidden folders and
    files skipped; :func:`found_under`), and a folder in it that cannot be read, or a named pipe
    or device in it, to an item whose ``problem`` says so, as does a directory that holds no such
    file and a glob pattern that names no file (:func:`unexpanded_pattern`); anything else is
    checked as given (a missing one is reported on it)."""
    found: list[Item] = []
    seen: dict[str, int] = {}  # each file's place in ``found``

    def add(item: str, explicit: bool, problem: str | None = None) -> None:
        key = item if item == STDIN else os.path.normpath(os.path.abspath(item))
        place = seen.get(key)
        if place is None:
            seen[key] = len(found)
            found.append(Item(item, explicit, problem))
        elif explicit and not found[place].explicit:
            # named as well as found in a folder named before it: checked as a named file is
            found[place] = Item(item, explicit=True)

    for argument in arguments:
        # (os.path.isdir, not Path.is_dir: a name too long or otherwise unusable is no folder, and
        # is then reported on as a file that cannot be read)
        if argument != STDIN and os.path.isdir(argument):
            nothing = True
            for path, problem in found_under(Path(argument), warn):
                add(path, explicit=False, problem=problem)
                nothing = False
            if nothing:  # (a folder named to be checked: one left empty, or the wrong one, fails the run)
                extensions = ", ".join(sorted(DECKLIST_EXTENSIONS))
                add(argument, explicit=True, problem=f"no decklist files ({extensions}) in this folder")
        else:
            add(argument, explicit=True, problem=unexpanded_pattern(argument))
    return found


def unexpanded_pattern(argument: str) -> str | None:
    """Why an argument that names no file and is written as a glob pattern (``decks/*.dek``, as
    a shell passes a pattern that matches nothing, or one quoted) cannot be checked; None for any
    other argument (a missing file is reported when it is read)."""
    if argument == STDIN or not any(magic in argument for magic in "*?[") or os.path.lexists(argument):
        return None
    import glob

    matches = len(glob.glob(argument, recursive=True))
    if not matches:
        return "no such file or directory, and no file matches it as a pattern"
    return (
        "no such file or directory: a pattern the shell did not expand (it matches "
        f"{counted(matches, 'file')}); deckcheck reads files and folders, not patterns: "
        "leave it unquoted, or name the folder"
    )


def has_decklist_extension(name: str) -> bool:
    """Whether a file of this name is one a directory run reads (:data:`DECKLIST_EXTENSIONS`)."""
    return os.path.splitext(name)[1].lower() in DECKLIST_EXTENSIONS


def decklists_under(directory: Path, warn: Callable[[str], None] | None = None) -> list[Path]:
    """The files below ``directory`` with a decklist extension that are read (:func:`found_under`;
    folders that cannot be read, named pipes and devices are left out)."""
    return [Path(path) for path, problem in found_under(directory, warn) if problem is None]


def found_under(
    directory: Path, warn: Callable[[str], None] | None = None
) -> Iterator[tuple[str, str | None]]:
    """``(path, None)`` for each file below ``directory`` with a decklist extension, sorted,
    hidden files and folders skipped, and ``(path, why)`` for a folder that cannot be read (its
    decklists are not checked, and the run must say so) and for a file with a decklist extension
    that is not read (a named pipe, a device).

    Only regular files (or links to them) are read: a named pipe or a device found in a folder
    would block the run or never end, so it is not read, and the run reports it as not checked
    (given by name, a pipe is read). A linked folder is followed, as pytest follows one, after the
    real folders (so a file is found under its real path when it has one); a link to a folder
    already searched (a loop, or a second name of a folder) is not followed again, with a note
    through ``warn``."""
    searched: set[str] = set()  # the real paths of the folders searched
    links: list[str] = []  # linked folders met, followed after the real ones
    yield from _search(os.fspath(directory), searched, links, warn)
    while links:
        yield from _search(links.pop(0), searched, links, warn)


def _search(
    folder: str, searched: set[str], links: list[str], warn: Callable[[str], None] | None
) -> Iterator[tuple[str, str | None]]:
    """The decklist files of ``folder`` and of the real folders below it (:func:`found_under`);
    the linked folders met are added to ``links``."""
    real = os.path.realpath(folder)
    if real in searched:  # (through a link: a loop, or a second name of a folder)
        if warn is not None:
            warn(
                f"deckcheck: note: {folder}: a folder already searched ({real}); its decklists are "
                "checked there, not again"
            )
        return
    searched.add(real)
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        yield folder, f"cannot read the folder: {reason}; the decklists in it were not checked"
        return
    folders: list[str] = []
    for entry in entries:
        if entry.name.startswith("."):
            continue
        path = entry.name if folder == "." else entry.path  # (as pathlib writes them: "a.txt", not "./a.txt")
        try:
            is_folder = entry.is_dir()
            is_link = is_folder and entry.is_symlink()
        except OSError:  # (a link that cannot be followed: reported on when read, if a decklist)
            is_folder = is_link = False
        if is_link:
            links.append(path)
        elif is_folder:
            folders.append(path)
        elif has_decklist_extension(entry.name):
            yield path, _not_readable_why(entry)
    for sub in folders:
        yield from _search(sub, searched, links, warn)


def _not_readable_why(entry: os.DirEntry[str]) -> str | None:
    """Why a file found in a folder is not read (None: a regular file, or a link to one; a dangling
    link or one that cannot be followed is reported on when read). Reading a named pipe could wait
    for ever (nothing may ever write to it), and a device never end, so neither is read: as it could
    hold a deck, the run reports it as a file not checked, as it does a folder it cannot read."""
    try:
        if entry.is_file():
            return None
        mode = entry.stat().st_mode
    except OSError:
        return None
    if stat.S_ISFIFO(mode):
        return "a named pipe: not read in a folder run (it could wait for ever); name it to read it"
    return NOT_A_REGULAR_FILE  # (a device or a socket)


# The reason of a file an exclude glob skipped starts so (Session.excluded).
EXCLUDED = "excluded by"


def skipped_why(skipped: int, excluded: int) -> str:
    """What a run's ``skipped`` files (``excluded`` of them by an exclude glob) were, in a summary."""
    if excluded == skipped:
        return "excluded"
    if excluded:
        return "not decklists or excluded"
    return "not a decklist" if skipped == 1 else "not decklists"


def not_a_decklist(parsed: ParsedDeck, store: CardStore) -> str | None:
    """Why a file found in a directory is not a decklist (None: it is one, check it).

    A decklist has card lines, and more lines that read as cards than lines that do not: a line
    counts as a card when it read without a doubt (a count and a name) or when its name is a card.
    So a requirements file ("numpy==1.26"), notes ("Try more removal") or a CSV of something else
    are skipped, while a deck with a few broken lines is checked and its lines reported. A file
    that declares its format (``// format: modern``) says it is a decklist: checked, whatever its
    names (count-less names of cards newer than the data must not pass the hook unseen), and so
    does one with nothing written in it (an emptied deck fails too), unless its name is one other
    tools give their files (:func:`empty_file_named_elsewhere`)."""
    from deckcheck.decklist._base import UNREADABLE

    whole_file = [p for p in parsed.problems if p.line <= 0 and p.code == UNREADABLE]
    if whole_file:
        message = whole_file[0].message  # (some say "...: not a decklist" themselves)
        return message if "not a decklist" in message else f"not a decklist: {message}"
    if parsed.declared_format is not None:  # (even with no card line: an emptied deck fails)
        return None
    if nothing_written(parsed):
        # a deck emptied by mistake sooner than notes: checked, DC005 fails it (the session says
        # which exclude glob keeps out a file kept empty on purpose), unless its name is another
        # tool's: an empty requirements.txt beside the decks is no deck
        return empty_file_named_elsewhere(parsed.path)
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


def nothing_written(parsed: ParsedDeck) -> bool:
    """Whether a file has nothing written in it: 0 bytes, or blank lines only (no comment, no
    format declared, no card)."""
    from deckcheck.deck import LineKind

    return (
        not parsed.entries
        and parsed.declared_format is None
        and all(record.kind is LineKind.BLANK for record in parsed.lines)
    )


# The text files other tools keep beside the decks (pip's requirements and constraints, a licence,
# a changelog, a readme, notes): the pre-commit hook's `exclude` leaves out most of them before
# deckcheck runs (tests/cli/test_hook_manifest.py keeps that list within this one).
_OTHER_TOOLS_TEXT_FILE = (
    r"(?i)(requirements|constraints)[^/]*\.txt"
    r"|(license|licence|notice|authors|changelog|robots|cmakelists|readme|notes|todo)\.txt"
)


def empty_file_named_elsewhere(path: str) -> str | None:
    """Why an empty file found beside the decks is no deck, from its name alone (None: its name
    could be a deck's, and an empty deck fails): a name other tools give their text files
    (``requirements.txt``, ``notes.txt``: :data:`_OTHER_TOOLS_TEXT_FILE`), or a ``.json`` or
    ``.csv`` file (:data:`COMMON_ELSEWHERE`), which other tools write too."""
    import re

    name = os.path.basename(path)
    if re.fullmatch(_OTHER_TOOLS_TEXT_FILE, name):
        return f"empty, and {name} is a name other tools give their files, not a deck"
    extension = os.path.splitext(name)[1].lower()
    if extension in COMMON_ELSEWHERE:
        return f"empty, and a {extension} file is as likely another tool's as a deck"
    return None
