"""The pre-commit manifest: the fields pre-commit needs, and a files pattern that takes decklists."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cli import cli
from deckcheck.discovery import COMMON_ELSEWHERE, DECKLIST_EXTENSIONS, empty_file_named_elsewhere
from tests.cli.conftest import BANNED_MODERN, LEGAL_MODERN, Invoke, Project

MANIFEST = Path(__file__).resolve().parents[2] / ".pre-commit-hooks.yaml"


def hook() -> dict[str, Any]:
    yaml = pytest.importorskip("yaml", reason="PyYAML comes with pre-commit (test extras)")
    hooks = yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))
    assert isinstance(hooks, list) and len(hooks) == 1
    entry: dict[str, Any] = hooks[0]
    return entry


def test_required_fields() -> None:
    entry = hook()
    assert entry["id"] == "deckcheck"
    assert entry["language"] == "python"
    assert entry["require_serial"] is True
    assert entry["entry"] == "deckcheck check --force-exclude"  # (the config's exclude globs apply)
    program, command, option = shlex.split(entry["entry"])
    assert program == "deckcheck" and command in cli.commands
    assert option in {o for param in cli.commands[command].params for o in param.opts}


@pytest.mark.parametrize(
    ("path", "taken"),
    [
        ("decks/burn.txt", True),
        ("decks/Burn.DEK", True),
        ("edh/krenko.dck", True),
        ("a.cod", True),
        ("a.mwDeck", True),
        ("arena.mtga", True),
        ("old.dec", True),
        ("octgn/deck.o8d", True),
        ("lists/burn.deck", True),
        ("requirements.txt", False),
        ("requirements-dev.txt", False),
        ("docs/LICENSE.txt", False),
        ("setup.py", False),
        ("package.json", False),  # .json / .csv: too common elsewhere; add them with `files:`
    ],
)
def test_files_pattern(path: str, taken: bool) -> None:
    entry = hook()
    matched = re.search(entry["files"], path) is not None and re.search(entry["exclude"], path) is None
    assert matched is taken


def test_pattern_extensions_are_those_a_directory_expands_to() -> None:
    """Regression: the pattern left out .o8d and .deck, which a folder run reads: it is every
    decklist extension but those other tools' files have too (added with `files:`)."""
    extensions = re.search(r"\\\.\(([^)]*)\)", hook()["files"])
    assert extensions is not None
    assert {f".{e}" for e in extensions.group(1).split("|")} == DECKLIST_EXTENSIONS - COMMON_ELSEWHERE
    for extension in DECKLIST_EXTENSIONS - COMMON_ELSEWHERE:
        assert re.search(hook()["files"], f"decks/deck{extension.upper()}") is not None, extension


def test_every_name_the_manifest_excludes_is_one_a_folder_run_skips_when_empty() -> None:
    """The manifest's `exclude` keeps other tools' text files (requirements.txt, LICENSE.txt) from
    the hook; a folder run, or a hook whose `exclude` a user replaced, skips them when empty by
    discovery's own list, which must hold every name the manifest's does."""
    names = re.search(r"\(\^\|/\)\(([^)]*)\)", hook()["exclude"])
    assert names is not None
    for name in names.group(1).split("|"):
        for written in (name.replace("[^/]*", ""), name.replace("[^/]*", "-dev").upper()):
            assert empty_file_named_elsewhere(f"decks/{written}.txt") is not None, written


def test_a_file_whose_name_starts_with_a_dash_is_read_as_a_file(project: Project, invoke: Invoke) -> None:
    """Regression: pre-commit runs entry, args, then the file names: `-fmodern.txt` at the root of
    the repository was read as `-f modern.txt`. The manifest's args end the options (`--`)."""
    entry = hook()
    project.write("-fmodern.txt", "// format: modern\n" + BANNED_MODERN)
    project.write("legal.txt", "// format: modern\n" + LEGAL_MODERN)
    command = [*shlex.split(entry["entry"]), *entry.get("args", [])]
    result = invoke([*command[1:], "-fmodern.txt", "legal.txt"])  # (as pre-commit calls it)
    assert result.exit_code == 1, result.output
    assert "-fmodern.txt:2: DC201 Mox Opal is banned in Modern" in result.stdout
