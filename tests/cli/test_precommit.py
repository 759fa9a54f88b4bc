"""The pre-commit hook, for real: install it from (a committed copy of) this repository into a
temporary git repo, and show that it blocks a commit of an illegal deck and lets a legal one through.

pre-commit builds the hook's environment with `pip install .`, which needs the package index
(allowed while environments are installed, as on pre-commit.ci); when pip cannot reach an index the
test skips and says so. The hook itself then runs offline, on the bundled card set.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
COPY_IGNORED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "venv",
    "__pycache__",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    "*.egg-info",
    "build",
    "dist",
    ".hypothesis",
    ".ipynb_checkpoints",
)
NO_INDEX_SIGNS = (
    "Could not find a version that satisfies",
    "No matching distribution found",
    "Failed to establish a new connection",
    "Temporary failure in name resolution",
    "Network is unreachable",
    "ProxyError",
    "Max retries exceeded",
    "getaddrinfo failed",
)
INSTALL_TIMEOUT = 1500  # the first install downloads pandas and friends

pytestmark = pytest.mark.slow


def _git_env(tmp: Path) -> dict[str, str]:
    gitconfig = tmp / "gitconfig"
    gitconfig.write_text(
        "[user]\n\tname = deckcheck tests\n\temail = tests@example.invalid\n"
        "[commit]\n\tgpgsign = false\n[init]\n\tdefaultBranch = main\n",
        encoding="utf-8",
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT", "DECKCHECK_"))}
    env.update(
        GIT_CONFIG_GLOBAL=str(gitconfig),
        GIT_CONFIG_NOSYSTEM="1",
        PRE_COMMIT_HOME=str(tmp / "pre-commit-home"),
        # an empty cache: the hook must work from the bundled card set, offline
        DECKCHECK_CACHE_DIR=str(tmp / "deckcheck-cache"),
        DECKCHECK_SCRYFALL_API="http://127.0.0.1:9/no-network-for-hooks",
        # the suite's day (tests/conftest.py): the bundled set's verdicts do not age with the calendar
        DECKCHECK_TODAY=os.environ["DECKCHECK_TODAY"],
        PRE_COMMIT_COLOR="never",
    )
    return env


def _run(
    args: list[str], cwd: Path, env: dict[str, str], timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def _git(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    result = _run(["git", *args], cwd, env)
    assert result.returncode == 0, f"git {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}"
    return result


def test_hook_blocks_an_illegal_deck_and_passes_a_legal_one(tmp_path: Path) -> None:
    pytest.importorskip("pre_commit", reason="pre-commit is not installed (it is in the test extras)")
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    env = _git_env(tmp_path)

    # pre-commit clones the hook repository at a revision: give it a committed copy of this tree.
    hook_repo = tmp_path / "deckcheck-hook"
    shutil.copytree(REPO, hook_repo, ignore=COPY_IGNORED)
    _git(hook_repo, env, "init", "-q")
    _git(hook_repo, env, "add", "-A")
    _git(hook_repo, env, "commit", "-q", "-m", "deckcheck snapshot for the hook test")
    revision = _git(hook_repo, env, "rev-parse", "HEAD").stdout.strip()

    project = tmp_path / "decks-repo"
    project.mkdir()
    _git(project, env, "init", "-q")
    (project / ".pre-commit-config.yaml").write_text(
        "repos:\n"
        f"- repo: {hook_repo.as_posix()}\n"
        f"  rev: {revision}\n"
        "  hooks:\n"
        "  - id: deckcheck\n"
        "    args: [--format, modern]\n",
        encoding="utf-8",
    )
    pre_commit = [sys.executable, "-m", "pre_commit"]
    installed = _run([*pre_commit, "install"], project, env)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    environment = _run([*pre_commit, "install-hooks"], project, env, timeout=INSTALL_TIMEOUT)
    if environment.returncode != 0:
        log_file = Path(env["PRE_COMMIT_HOME"]) / "pre-commit.log"
        log = log_file.read_text(encoding="utf-8", errors="replace") if log_file.exists() else ""
        text = environment.stdout + environment.stderr + log
        if any(sign in text for sign in NO_INDEX_SIGNS):
            pytest.skip("pip could not reach a package index to build the hook environment")
        pytest.fail(f"pre-commit install-hooks failed:\n{text}")
    _git(project, env, "add", ".pre-commit-config.yaml")

    decks = project / "decks"
    decks.mkdir()
    (decks / "illegal.txt").write_text("// format: modern\n40 Mountain\n", encoding="utf-8")
    _git(project, env, "add", "decks/illegal.txt")
    blocked = _run(["git", "commit", "-m", "an illegal deck"], project, env)
    output = blocked.stdout + blocked.stderr
    assert blocked.returncode != 0, output
    assert "deckcheck" in output and "Failed" in output
    assert "decks/illegal.txt: DC101" in output
    assert (
        _run(["git", "rev-parse", "--verify", "-q", "HEAD"], project, env).returncode != 0
    )  # no commit made

    _git(project, env, "rm", "-q", "--cached", "decks/illegal.txt")
    (decks / "illegal.txt").unlink()
    (decks / "legal.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    _git(project, env, "add", "decks/legal.txt")
    passed = _run(["git", "commit", "-m", "a legal deck"], project, env)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "deckcheck" in passed.stderr + passed.stdout and "Passed" in passed.stderr + passed.stdout
    committed = _git(project, env, "show", "--name-only", "--format=", "HEAD").stdout.split()
    assert committed == [".pre-commit-config.yaml", "decks/legal.txt"]

    # the repository's exclude globs apply to the files pre-commit names (the hook's --force-exclude)
    (project / ".deckcheck.toml").write_text('exclude = ["lib/**"]\n', encoding="utf-8")
    (project / "lib").mkdir()
    (project / "lib" / "names.txt").write_text("// format: modern\n40 Mountain\n", encoding="utf-8")
    _git(project, env, "add", ".deckcheck.toml", "lib/names.txt")
    skipped = _run(["git", "commit", "-m", "a card list that is no deck"], project, env)
    assert skipped.returncode == 0, skipped.stdout + skipped.stderr
