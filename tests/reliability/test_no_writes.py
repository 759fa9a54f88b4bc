"""Issue #8: the tool never writes to the user's decklists. `check`, `companions`, `cards info` and
`export` to standard output leave a tree of decklists (legal ones, ones with findings, unreadable
ones) byte-identical, with the same modification times and modes, and create nothing in it: not
even a file that is removed again (a directory's own mtime would change)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tests.reliability.conftest import LEGAL_MODERN, Invoke, Project, RunProcess
from tests.reliability.outcomes import TALLY

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "decklists"

Entry = tuple[str, int, int, bytes | str | None]  # kind, mode, mtime_ns, content / link target


def snapshot(root: Path) -> dict[str, Entry]:
    """Everything under ``root``: files (bytes), directories (their own mtime catches a file created
    and deleted again), symlinks (their target); modes and modification times of all."""
    found: dict[str, Entry] = {}
    for directory, dirs, files in os.walk(root):
        for name in [*dirs, *files]:
            path = Path(directory) / name
            info = path.lstat()
            key = str(path.relative_to(root))
            if stat.S_ISLNK(info.st_mode):
                found[key] = ("link", info.st_mode, info.st_mtime_ns, os.readlink(path))
            elif stat.S_ISDIR(info.st_mode):
                found[key] = ("dir", info.st_mode, info.st_mtime_ns, None)
            else:
                found[key] = ("file", info.st_mode, info.st_mtime_ns, path.read_bytes())
    top = root.stat()
    found["."] = ("dir", top.st_mode, top.st_mtime_ns, None)
    return found


@pytest.fixture
def tree(project: Project) -> Path:
    decks = project.root / "decks"
    project.write("decks/legal.txt", LEGAL_MODERN)
    project.write("decks/banned.txt", "4 Mox Opal\n56 Mountain\n")
    project.write("decks/unreadable-lines.txt", "4 Lightning Bolt\n0 Shock\n-1 Opt\n56 Mountain\n")
    project.write("decks/commander/krenko.txt", "Commander\n1 Krenko, Mob Boss\n\nDeck\n99 Mountain\n")
    project.write(
        "decks/companion.txt", "4 Shivan Dragon\n56 Mountain\n\nSideboard\n1 Lurrus of the Dream-Den\n"
    )
    project.write("decks/binary.txt", b"\x89PNG\r\n\x1a\n\x00\x00" * 50)
    project.write("decks/latin-1.txt", "4 Æther Vial\n56 Mountain\n".encode("latin-1"))
    project.write("decks/bomb.dek", '<?xml version="1.0"?>\n<!DOCTYPE Deck [<!ENTITY a "b">]>\n<Deck/>\n')
    project.write("decks/.hidden/skipped.txt", LEGAL_MODERN)
    for fixture in ("mtgo.dek", "cockatrice.cod", "deck.csv", "moxfield.json", "forge.dck", "xmage.dck"):
        project.write(f"decks/formats/{fixture}", (FIXTURES / fixture).read_bytes())
    read_only = project.write("decks/read-only.txt", LEGAL_MODERN)
    read_only.chmod(0o444)
    (decks / "link.txt").symlink_to("legal.txt")
    project.write(".deckcheck.toml", 'format = "modern"\n')
    # old modification times, so a rewrite within the same clock tick would still show
    for path in [*decks.rglob("*"), project.root / ".deckcheck.toml"]:
        if not path.is_symlink():
            os.utime(path, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
    os.utime(decks, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
    return decks


READ_ONLY_COMMANDS = [
    ["check", "decks"],
    ["check", "--strict", "-o", "json", "decks"],
    ["check", "-o", "github", "decks"],
    ["check", "-v", "decks/legal.txt", "decks/banned.txt", "decks/link.txt", "decks/read-only.txt"],
    ["check", "--exit-zero", "-f", "commander", "decks/commander"],
    ["check", "--input-format", "dek", "decks/formats/mtgo.dek"],
    ["companions", "decks"],
    ["companions", "-o", "json", "decks/companion.txt", "decks/formats"],
    ["cards", "info"],
    ["cards", "info", "-o", "json"],
    ["export", "decks/unreadable-lines.txt"],
    ["export", "decks/formats/mtgo.dek", "--to", "cod"],
    ["check", "--offline", "decks"],
]


@pytest.mark.parametrize("args", READ_ONLY_COMMANDS, ids=[" ".join(a) for a in READ_ONLY_COMMANDS])
def test_read_only_commands_never_write(
    args: list[str], tree: Path, project: Project, invoke: Invoke
) -> None:
    before = snapshot(project.root)
    result = invoke(args)
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert snapshot(project.root) == before
    TALLY.record("never writes", args[0] if args[0] != "cards" else "cards info", "tree unchanged")


def test_a_real_process_never_writes(tree: Path, project: Project, run_process: RunProcess) -> None:
    before = snapshot(project.root)
    for args in (["check", "decks"], ["companions", "decks"], ["cards", "info"]):
        done = run_process(args)
        assert done.returncode in (0, 1), done.stderr
        assert "Traceback" not in done.stderr
    assert snapshot(project.root) == before
    TALLY.record("never writes", "python -m deckcheck", "tree unchanged")


def test_the_snapshot_sees_a_file_created_and_removed(tree: Path, project: Project) -> None:
    """The check above can fail: a scratch file that is gone again still changes its directory."""
    before = snapshot(project.root)
    scratch = tree / "commander" / ".scratch"
    scratch.write_bytes(b"")
    scratch.unlink()
    assert snapshot(project.root) != before


def test_the_snapshot_sees_a_rewrite_with_the_same_bytes(tree: Path, project: Project) -> None:
    before = snapshot(project.root)
    legal = tree / "legal.txt"
    legal.write_bytes(legal.read_bytes())
    assert snapshot(project.root) != before
