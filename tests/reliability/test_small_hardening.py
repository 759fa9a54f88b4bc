"""Small hostile-input fixes: a FIFO inside a folder, export into a FIFO or over a hard-linked
file, Python's own advice in a finding, CJK text in UTF-16 without a byte-order mark."""

from __future__ import annotations

import builtins
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from deckcheck.decklist import parse_bytes
from tests.reliability.conftest import LEGAL_MODERN, REPO, Invoke, Project

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX named pipes")


@needs_fifo
def test_a_fifo_inside_a_folder_is_not_read(project: Project) -> None:
    project.write("decks/legal.txt", LEGAL_MODERN)
    os.mkfifo(project.root / "decks" / "pipe.txt")  # nobody ever writes to it
    done = subprocess.run(
        [sys.executable, "-m", "deckcheck", "check", "-f", "modern", "decks"],
        cwd=project.root,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=120,  # reading the FIFO would block for ever
    )
    assert done.returncode == 2, done.stderr  # not read, so not checked (tests/cli/test_discovery.py)
    assert "decks/pipe.txt: DC001 a named pipe: not read in a folder run" in done.stdout
    assert "1 deck checked" in done.stdout


@needs_fifo
def test_export_into_a_fifo_writes_into_it(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", LEGAL_MODERN)
    fifo = project.root / "out.txt"
    os.mkfifo(fifo)
    received: list[str] = []

    def read() -> None:
        with fifo.open(encoding="utf-8") as pipe:
            received.append(pipe.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    result = invoke(["export", "deck.txt", "--to", "mtgo", "--output-file", str(fifo), "--force"])
    reader.join(timeout=30)
    assert result.exit_code == 0, result.stderr
    assert fifo.is_fifo()  # not replaced by a regular file
    assert received == ["4 Lightning Bolt\n56 Mountain\n"]
    assert "(not a regular file)" in result.stderr


@pytest.mark.skipif(not hasattr(os, "link"), reason="needs hard links")
def test_in_place_export_says_what_happens_to_hard_links(project: Project, invoke: Invoke) -> None:
    deck = project.write("deck.txt", "4x Lightning Bolt\n56x Mountain\n")
    other = project.root / "linked.txt"
    os.link(deck, other)
    before = other.read_bytes()
    result = invoke(["export", "--in-place", "--to", "mtgo", "deck.txt"])
    assert result.exit_code == 0, result.stderr
    assert "deck.txt had 1 other hard link; it keeps the previous decklist" in result.stderr
    assert other.read_bytes() == before and deck.read_bytes() != before


def test_a_huge_number_gets_our_reason_not_pythons_advice(project: Project, invoke: Invoke) -> None:
    body = '{"main": [\n  {"quantity": ' + "9" * 5000 + ', "name": "Mountain"}\n]}\n'
    project.write("deck.json", body)
    result = invoke(["check", "-f", "modern", "--no-color", "deck.json"])
    assert result.exit_code == 1
    assert "set_int_max_str_digits" not in result.stdout + result.stderr
    assert "a number at line 2 has 5,000 digits (more than 4,300)" in result.stdout


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_cjk_decklist_in_utf16_without_a_bom(encoding: str) -> None:
    text = "4 稲妻\n4 渦まく知識\n4 思案\n48 山\n\n사이드보드\n2 번개\n"
    deck = parse_bytes(text.encode(encoding), "deck.txt")
    assert [e.name for e in deck.entries][:4] == ["稲妻", "渦まく知識", "思案", "山"]
    assert deck.metadata["encoding"] == encoding
    assert any(f"read as {encoding.upper()}" in p.message for p in deck.problems)


def test_binary_with_nuls_on_one_side_is_still_binary() -> None:
    data = bytes(range(1, 256)) * 8  # no NULs at all, then NULs only at odd offsets
    data = b"".join(bytes([b, 0]) if b < 0x20 else bytes([b, 0x07]) for b in data)
    deck = parse_bytes(data, "blob.txt")
    assert not deck.entries
    assert any("binary" in p.message or "control" in p.message for p in deck.problems)


def test_json_output_of_a_fifo_not_read_is_still_json(project: Project, invoke: Invoke) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs POSIX named pipes")
    project.write("decks/legal.txt", LEGAL_MODERN)
    os.mkfifo(project.root / "decks" / "pipe.txt")
    result = invoke(["check", "-f", "modern", "-o", "json", "decks"])
    assert result.exit_code == 2
    document = json.loads(result.stdout)
    assert [d["path"] for d in document["decks"]] == [str(Path("decks") / "legal.txt")]
    assert [f["path"] for f in document["not_checked"]] == [str(Path("decks") / "pipe.txt")]


def test_an_unreadable_file_is_a_finding_for_every_user(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What an ordinary user gets for a file without read permission, whoever runs the test: the
    permission check and the failing open are those a non-root user meets (the hostile-input table
    checks the real thing when the suite runs as one)."""
    locked = project.write("locked.txt", LEGAL_MODERN)
    real_access, real_open = os.access, Path.open

    def access(path: object, mode: int, *args: object, **kwargs: object) -> bool:
        if Path(str(path)).name == "locked.txt":
            return False
        return real_access(path, mode, *args, **kwargs)  # type: ignore[arg-type]

    def open_(self: Path, *args: object, **kwargs: object) -> object:
        if self.name == "locked.txt":
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)  # type: ignore[call-overload]

    real_builtin_open = builtins.open

    def builtin_open(file: object, *args: object, **kwargs: object) -> object:
        if Path(str(file)).name == "locked.txt":
            raise PermissionError(13, "Permission denied", str(file))
        return real_builtin_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(os, "access", access)
    monkeypatch.setattr(Path, "open", open_)
    monkeypatch.setattr(builtins, "open", builtin_open)
    # a file that cannot be read is reported on it, and the run exits 2 (it could not be checked)
    result = invoke(["check", "-f", "modern", "--no-color", locked.name])
    assert result.exit_code == 2, result.output
    assert "locked.txt: DC001 cannot read the file: Permission denied" in result.stdout
    companions = invoke(["companions", "-f", "modern", "--no-color", locked.name])
    assert companions.exit_code == 2 and "cannot read the file: Permission denied" in companions.stdout
    exported = invoke(["export", locked.name])
    assert exported.exit_code == 2 and "cannot read the file: Permission denied" in exported.stderr


needs_fd_names = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc/self/fd")


@needs_fd_names
@pytest.mark.parametrize("name", ["/dev/stdout", "/proc/self/fd/1", "/dev/stderr", "/dev/fd/{fd}"])
def test_export_into_a_descriptor_name_writes_into_the_stream(
    name: str, project: Project, tmp_path: Path
) -> None:
    """`export mb.txt --output-file /dev/stdout --force >> log` replaced log (its earlier lines
    gone, a new inode): the name was resolved to the file behind the stream, which was then
    renamed over. It is written into, after what the shell's `>>` kept, as `>>` would."""
    project.write("deck.txt", LEGAL_MODERN)
    log = tmp_path / "log.txt"
    log.write_text("earlier line\n", encoding="utf-8")
    inode = log.stat().st_ino
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    with log.open("ab") as stream:
        fd = stream.fileno()
        to_stdout = name in ("/dev/stdout", "/proc/self/fd/1")
        export = ["export", "deck.txt", "--to", "mtgo", "--force", "--output-file", name.format(fd=fd)]
        done = subprocess.run(
            [sys.executable, "-m", "deckcheck", *export],
            cwd=project.root,
            env=environment,
            stdin=subprocess.DEVNULL,
            stdout=stream if to_stdout else subprocess.PIPE,
            stderr=stream if name == "/dev/stderr" else subprocess.PIPE,
            pass_fds=(fd,),
            timeout=300,
        )
    assert done.returncode == 0, done.stderr
    assert log.stat().st_ino == inode  # the same file, not a new one renamed over it
    text = log.read_text(encoding="utf-8")
    assert text.startswith("earlier line\n4 Lightning Bolt\n56 Mountain\n"), text
