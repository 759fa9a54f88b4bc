"""The code stays ruff- and mypy-clean (both are in the test extras, so CI enforces it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
LINTED = ("deckcheck", "tests", "benchmarks", "fuzz", "notebooks", "scripts")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=REPO, capture_output=True, text=True, check=False
    )


def _not_ours(cache: Path) -> bool:
    return cache.exists() and not os.access(cache, os.W_OK)


def test_ruff_clean() -> None:
    if shutil.which("ruff") is None and _run("ruff", "--version").returncode != 0:
        pytest.skip("ruff is not installed (it is in the test extras)")
    # a checkout another user ran ruff in: its cache is theirs
    no_cache = ["--no-cache"] if _not_ours(REPO / ".ruff_cache") else []
    result = _run("ruff", "check", *no_cache, *LINTED)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_clean() -> None:
    """`ruff format --check`, which the contributing rules ask for beside `ruff check`."""
    if shutil.which("ruff") is None and _run("ruff", "--version").returncode != 0:
        pytest.skip("ruff is not installed (it is in the test extras)")
    no_cache = ["--no-cache"] if _not_ours(REPO / ".ruff_cache") else []
    result = _run("ruff", "format", "--check", *no_cache, *LINTED)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_clean(tmp_path: Path) -> None:
    if _run("mypy", "--version").returncode != 0:
        pytest.skip("mypy is not installed (it is in the test extras)")
    # a checkout another user ran mypy in: its cache is theirs, so keep ours elsewhere
    where = ["--cache-dir", str(tmp_path / "mypy")] if _not_ours(REPO / ".mypy_cache") else []
    result = _run("mypy", *where, "deckcheck")
    assert result.returncode == 0, result.stdout + result.stderr
