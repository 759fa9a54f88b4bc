"""Which files a folder run finds: linked folders are followed (once), and a folder that cannot
be read or a named pipe is reported as not checked, never dropped without a word."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

import pytest

from tests.cli.conftest import BANNED_MODERN, LEGAL_MODERN, Invoke, Project


def test_a_linked_folder_is_followed(project: Project, invoke: Invoke) -> None:
    """Regression: os.walk without followlinks dropped a linked folder of decks without a word."""
    project.write("decks/a.txt", LEGAL_MODERN)
    project.write("shared/banned.txt", BANNED_MODERN)
    os.symlink(project.root / "shared", project.root / "decks" / "shared")
    result = invoke(["check", "-f", "modern", "-o", "json", "decks"])
    assert result.exit_code == 1, result.output
    paths = [deck["path"] for deck in json.loads(result.stdout)["decks"]]
    assert paths == ["decks/a.txt", "decks/shared/banned.txt"]


def test_a_folder_reached_twice_through_links_is_searched_once(project: Project, invoke: Invoke) -> None:
    """A link to a folder above it (a loop) or a second name of a folder: each deck is checked
    once, under its real path, and a note says why the link was not followed."""
    project.write("decks/2024/a.txt", BANNED_MODERN)
    os.symlink("2024", project.root / "decks" / "current")  # sorts after 2024, found second anyway
    os.symlink("..", project.root / "decks" / "2024" / "up")
    os.symlink("../decks/2024", project.root / "decks" / "a-link")  # sorts first: the real path wins
    result = invoke(["check", "-f", "modern", "-o", "json", "decks"])
    assert result.exit_code == 1, result.output
    assert [deck["path"] for deck in json.loads(result.stdout)["decks"]] == ["decks/2024/a.txt"]
    for link in ("decks/current", "decks/2024/up", "decks/a-link"):
        assert f"deckcheck: note: {link}: a folder already searched" in result.stderr


def _unreadable(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """os.scandir refuses ``folder`` as it would a folder without read permission (tests may run
    as root, whom chmod does not stop)."""
    scandir = os.scandir

    def refusing(path: str) -> object:
        if os.path.realpath(path) == os.path.realpath(folder):
            raise PermissionError(13, "Permission denied", path)
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)


def test_an_unreadable_folder_is_a_file_not_checked(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: os.walk without onerror dropped a folder it could not read, and the run said
    every deck was fine (exit 0)."""
    project.write("decks/a.txt", LEGAL_MODERN)
    project.write("decks/locked/b.txt", BANNED_MODERN)
    _unreadable(monkeypatch, project.root / "decks" / "locked")
    text = invoke(["check", "-f", "modern", "decks"])
    assert text.exit_code == 2, text.output
    assert (
        "decks/locked: DC001 cannot read the folder: Permission denied; the decklists in it were not "
        "checked" in text.stdout
    )
    assert "1 file could not be checked" in text.stdout
    document = json.loads(invoke(["check", "-f", "modern", "-o", "json", "decks"]).stdout)
    assert [failure["path"] for failure in document["not_checked"]] == ["decks/locked"]
    assert [deck["path"] for deck in document["decks"]] == ["decks/a.txt"]
    # the folder named itself: the same, and no "no decklist files" warning
    named = invoke(["check", "-f", "modern", "decks/locked"])
    assert named.exit_code == 2 and "decks/locked: DC001 cannot read the folder" in named.stdout
    assert "no decklist files" not in named.stderr


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any folder")
def test_a_folder_without_read_permission_is_a_file_not_checked(project: Project, invoke: Invoke) -> None:
    project.write("decks/a.txt", LEGAL_MODERN)
    locked = project.write("decks/locked/b.txt", BANNED_MODERN).parent
    locked.chmod(0)
    try:
        result = invoke(["check", "-f", "modern", "decks"])
    finally:
        locked.chmod(0o755)
    assert result.exit_code == 2, result.output
    assert "decks/locked: DC001 cannot read the folder: Permission denied" in result.stdout


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX named pipes")
def test_a_named_pipe_in_a_folder_is_a_file_not_checked_in_every_output(
    project: Project, invoke: Invoke
) -> None:
    """Regression: a named pipe found in a folder was a warning on stderr alone: the summary, the
    JSON document and the GitHub log said nothing of it, and the run exit 0. It is not read (it
    could wait for ever), so, like a folder that cannot be read, it is a file not checked."""
    project.write("decks/a.txt", LEGAL_MODERN)
    project.write("decks/notes.txt", "Try more removal\n")
    os.mkfifo(project.root / "decks" / "pipe.txt")  # nobody ever writes to it
    reason = "a named pipe: not read in a folder run"
    text = invoke(["check", "-f", "modern", "decks"])
    assert text.exit_code == 2, text.output
    assert f"decks/pipe.txt: DC001 {reason}" in text.stdout
    assert "1 file could not be checked; 1 file skipped (not a decklist;" in text.stdout
    document = json.loads(invoke(["check", "-f", "modern", "-o", "json", "decks"]).stdout)
    assert [failure["path"] for failure in document["not_checked"]] == ["decks/pipe.txt"]
    assert [skipped["path"] for skipped in document["skipped"]] == ["decks/notes.txt"]
    assert (document["summary"]["not_checked"], document["summary"]["skipped"]) == (1, 1)
    github = invoke(["check", "-f", "modern", "-o", "github", "decks"])
    assert github.exit_code == 2
    assert "::error file=decks/pipe.txt,title=DC001 unreadable-file::" + reason in github.stdout
    # an exclude glob passes over a pipe as it does any file found in a folder
    excluded = invoke(["check", "-f", "modern", "--exclude", "pipe.txt", "-o", "json", "decks"])
    assert excluded.exit_code == 0, excluded.output
    document = json.loads(excluded.stdout)
    assert document["not_checked"] == []
    assert [skipped["path"] for skipped in document["skipped"]] == ["decks/notes.txt", "decks/pipe.txt"]


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="needs UNIX sockets")
def test_a_socket_found_in_a_folder_is_worded_as_one_named(project: Project, invoke: Invoke) -> None:
    """A device or a socket is no file to check, found in a folder (deckcheck.discovery) or named
    (the readers): one reason, not two wordings of it."""
    project.write("decks/a.txt", LEGAL_MODERN)
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(project.root / "decks" / "socket.txt"))
        found = invoke(["check", "-f", "modern", "-o", "json", "decks"])
        named = invoke(["check", "-f", "modern", "-o", "json", "decks/socket.txt"])
    reasons = [
        [
            finding["message"]
            for failure in json.loads(result.stdout)["not_checked"]
            for finding in failure["findings"]
        ]
        for result in (found, named)
    ]
    assert reasons == [["not a regular file; nothing to check"]] * 2, (found.output, named.output)


@pytest.mark.parametrize("command", ["check", "companions"])
def test_a_named_folder_with_no_decklist_file_fails_the_run_beside_other_files(
    project: Project, invoke: Invoke, command: str
) -> None:
    """Regression: a folder named with other files and holding no decklist file (emptied, or the
    wrong one) was a warning on stderr, and the run exit 0 on the other files' verdicts."""
    project.write("decks/a.txt", LEGAL_MODERN)
    project.write("archive/notes.md", "not a deck")
    result = invoke([command, "-f", "modern", "archive", "decks"])
    assert result.exit_code == 2, result.output
    assert "archive: DC001 no decklist files (.cod, .csv, " in result.stdout
    alone = invoke([command, "-f", "modern", "archive"])
    assert alone.exit_code == 2 and "archive: DC001 no decklist files" in alone.stdout


@pytest.mark.parametrize(
    ("pattern", "reason"),
    [
        ("decks/*.dek", "no such file or directory, and no file matches it as a pattern"),
        ("decks/*.txt", "no such file or directory: a pattern the shell did not expand (it matches 2 files)"),
        (
            "decks/**/[ab].txt",
            "no such file or directory: a pattern the shell did not expand (it matches 2 files)",
        ),
    ],
)
def test_a_pattern_the_shell_passed_as_written_says_so(
    project: Project, invoke: Invoke, pattern: str, reason: str
) -> None:
    """`deckcheck check 'decks/*.dek'`: the shell passes a pattern it cannot match (or one quoted)
    as written; deckcheck names it and says it is a pattern, not only that no such file exists."""
    project.write("decks/a.txt", LEGAL_MODERN)
    project.write("decks/b.txt", LEGAL_MODERN)
    result = invoke(["check", "-f", "modern", pattern, "decks/a.txt"])
    assert result.exit_code == 2, result.output
    assert f"{pattern}: DC001 {reason}" in result.stdout
    assert "decks/a.txt: format modern" in result.stdout
    # a file whose name holds those characters is a file
    project.write("odd[1].txt", LEGAL_MODERN)
    assert invoke(["check", "-f", "modern", "odd[1].txt"]).exit_code == 0


def test_the_hook_naming_no_decklist_file_still_passes(project: Project, invoke: Invoke) -> None:
    """pre-commit names only the files a commit changes: one that is no decklist, skipped, is fine."""
    project.write("requirements-dev.txt", "numpy==1.26\n")
    result = invoke(["check", "--force-exclude", "--", "requirements-dev.txt"])
    assert result.exit_code == 0, result.output
