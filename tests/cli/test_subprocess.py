"""`python -m deckcheck` as a real process: exit codes, plain output when piped, colour in a
terminal, and a check path that never imports pandas or requests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import BANNED_MODERN, LEGAL_MODERN, Project

REPO = Path(__file__).resolve().parents[2]


def run(
    args: list[str], cwd: Path, stdin: bytes | None = None, **env: str
) -> subprocess.CompletedProcess[bytes]:
    environment = {**os.environ, **env}
    environment.pop("NO_COLOR", None)
    environment["PYTHONPATH"] = os.pathsep.join([str(REPO), environment.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, "-m", "deckcheck", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        env=environment,
        timeout=120,
    )


def test_exit_codes_and_plain_piped_output(project: Project) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    project.write("banned.txt", BANNED_MODERN)
    clean = run(["check", "-f", "modern", "legal.txt"], project.root)
    assert clean.returncode == 0, clean.stderr
    findings = run(["check", "-f", "modern", "legal.txt", "banned.txt"], project.root)
    assert findings.returncode == 1
    assert b"banned.txt:1: DC201 Mox Opal is banned in Modern" in findings.stdout
    assert b"\x1b[" not in findings.stdout + findings.stderr
    usage = run(["check", "-f", "nosuchformat", "legal.txt"], project.root)
    assert usage.returncode == 2
    assert b"unknown format 'nosuchformat'" in usage.stderr
    assert b"Traceback" not in usage.stderr


def test_stdin_in_a_pipe(project: Project) -> None:
    result = run(["check", "-f", "modern", "-"], project.root, stdin=BANNED_MODERN.encode())
    assert result.returncode == 1
    assert result.stdout.startswith(b"<stdin>: format modern")


def test_missing_file_and_corrupt_store(project: Project) -> None:
    missing = run(["check", "missing.txt"], project.root)
    assert missing.returncode == 2
    assert missing.stdout.startswith(b"missing.txt: DC001 no such file")
    (project.root / "bad.sqlite").write_bytes(b"\x00garbage" * 100)
    project.write("legal.txt", LEGAL_MODERN)
    corrupt = run(["check", "legal.txt"], project.root, DECKCHECK_CARD_DB=str(project.root / "bad.sqlite"))
    assert corrupt.returncode == 2
    assert b"is unreadable" in corrupt.stderr and b"Traceback" not in corrupt.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_colour_in_a_terminal(project: Project) -> None:
    import pty

    project.write("banned.txt", BANNED_MODERN)
    leader, follower = pty.openpty()
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    environment.pop("NO_COLOR", None)
    try:
        process = subprocess.run(
            [sys.executable, "-m", "deckcheck", "check", "-f", "modern", "banned.txt"],
            cwd=project.root,
            stdout=follower,
            stderr=subprocess.PIPE,
            env=environment,
            timeout=120,
        )
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(leader)
    output = b"".join(chunks)
    assert process.returncode == 1
    assert b"\x1b[31;1mDC201\x1b[0m" in output
    no_colour = run(["check", "-f", "modern", "--no-color", "banned.txt"], project.root)
    assert b"\x1b[" not in no_colour.stdout


def test_check_path_imports_neither_pandas_nor_requests(project: Project) -> None:
    project.write("banned.txt", BANNED_MODERN)
    code = (
        "import sys\n"
        "from deckcheck.cli import cli\n"
        "code = cli.main(['check', '-f', 'modern', 'banned.txt', '-o', 'json'], standalone_mode=False)\n"
        "heavy = sorted(m for m in ('pandas', 'requests', 'requests_cache', 'numpy') if m in sys.modules)\n"
        "print('HEAVY', heavy, file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=project.root, capture_output=True, env=environment, timeout=120
    )
    assert result.returncode == 1, result.stderr
    assert b"HEAVY []" in result.stderr
