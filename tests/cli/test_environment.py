"""Problems of the environment, not of a deck: a name too long, a folder that cannot be searched,
a job summary file that cannot be opened, an output that cannot be written. Each is a clear
message naming what failed (and, for one file, a DC001 on it while the others are checked), never
an internal error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import BANNED_MODERN, LEGAL_MODERN, Invoke, Project

REPO = Path(__file__).resolve().parents[2]
TOO_LONG = "a" * 300  # longer than any file system's longest name (255 bytes)


def test_a_file_name_too_long_is_reported_on_it(project: Project, invoke: Invoke) -> None:
    project.write("banned.txt", BANNED_MODERN)
    result = invoke(["check", "-f", "modern", "banned.txt", f"{TOO_LONG}.txt"])
    assert result.exit_code == 2, result.output
    assert f"{TOO_LONG}.txt: DC001 file name too long" in result.stdout
    assert "banned.txt:1: DC201" in result.stdout  # the other file is still checked
    assert "internal error" not in result.output


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["-c", f"{TOO_LONG}.toml"], f"config file {TOO_LONG}.toml: File name too long"),
        (["--card-db", f"{TOO_LONG}.sqlite"], f"card store {TOO_LONG}.sqlite: File name too long"),
    ],
)
def test_a_setting_whose_file_name_is_too_long_is_a_clear_error(
    project: Project, invoke: Invoke, args: list[str], expected: str
) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    result = invoke(["check", *args, "legal.txt"])
    assert result.exit_code == 2, result.output
    assert f"deckcheck: error: {expected}" in result.stderr
    assert "internal error" not in result.output


def test_a_link_loop_is_reported_on_it_under_a_config_with_globs(project: Project, invoke: Invoke) -> None:
    """Regression: matching the config's globs resolved the path, and Path.resolve raises on a
    link loop: an internal error instead of DC001 on the file."""
    project.write(".deckcheck.toml", 'exclude = ["old"]\n[per-path]\n"*.txt" = "modern"\n')
    os.symlink("loop.txt", project.root / "loop.txt")
    for args in (["loop.txt"], ["--force-exclude", "loop.txt"], ["."]):
        result = invoke(["check", *args])
        assert result.exit_code == 2, (args, result.output)
        assert "loop.txt: DC001 too many levels of symbolic links" in result.stdout, args


def test_a_folder_where_no_config_can_be_looked_for_is_reported_on_its_files(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    locked = project.write("locked/deck.txt", LEGAL_MODERN).parent
    is_file = Path.is_file

    def refusing(path: Path) -> bool:
        if path.parent == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return is_file(path)

    monkeypatch.setattr(Path, "is_file", refusing)
    result = invoke(["check", "-f", "modern", "legal.txt", "locked/deck.txt"])
    assert result.exit_code == 2, result.output
    assert (
        f"locked/deck.txt: DC001 cannot look for a config file in {locked}: Permission denied"
        in result.stdout
    )
    assert "1 deck checked: 1 legal" in result.stdout


def test_a_job_summary_that_cannot_be_opened_is_a_warning(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: GITHUB_STEP_SUMMARY naming a file that cannot be opened was an internal error,
    and the run's annotations were lost."""
    project.write("banned.txt", BANNED_MODERN)
    missing = project.root / "no-such-folder" / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(missing))
    result = invoke(["check", "-f", "modern", "-o", "github", "banned.txt"])
    assert result.exit_code == 1, result.output
    assert result.stdout.startswith("::error file=banned.txt,line=1,")
    assert (
        f"deckcheck: warning: GITHUB_STEP_SUMMARY {missing}: cannot open the file (No such file or "
        "directory); no job summary is written" in result.stderr
    )


def _run(args: list[str], cwd: Path, **options: object) -> subprocess.CompletedProcess[bytes]:
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "deckcheck", *args],
        cwd=cwd,
        stderr=subprocess.PIPE,
        env=environment,
        timeout=120,
        **options,
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("command", [["check", "-f", "modern"], ["companions"], ["export"]])
def test_an_output_that_cannot_be_written_is_a_clear_error(project: Project, command: list[str]) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    with open("/dev/full", "w") as full:
        result = _run([*command, "legal.txt"], project.root, stdout=full)
    assert result.returncode == 2, result.stderr
    assert result.stderr.splitlines()[-1] == b"deckcheck: error: cannot write output: No space left on device"
    assert b"internal error" not in result.stderr and b"Exception ignored" not in result.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="closes a POSIX file descriptor")
def test_a_closed_standard_output_is_a_clear_error(project: Project) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    result = _run(
        ["check", "legal.txt"], project.root, stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(1)
    )
    assert result.returncode == 2, result.stderr
    assert (
        result.stderr.splitlines()[-1] == b"deckcheck: error: cannot write output: standard output is closed"
    )
