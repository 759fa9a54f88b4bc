"""Fixtures for the reliability tests: a project folder with its own small card set (through
$DECKCHECK_CARD_DB), the CLI in-process (CliRunner) and as a real process, and the outcome table
printed at the end of the run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from deckcheck.cli import cli
from tests.cli.cards import RECORDS
from tests.reliability.outcomes import TALLY

REPO = Path(__file__).resolve().parents[2]
LEGAL_MODERN = "4 Lightning Bolt\n56 Mountain\n"

# Accented names, so a file in another encoding is only "read correctly" if the accents survive.
ACCENTED = [
    {
        "name": name,
        "layout": "normal",
        "faces": [{"name": name, "mana_cost": "{1}", "type_line": "Artifact", "oracle_text": ""}],
        "color_identity": [],
        "keywords": [],
        "legalities": {"modern": "legal", "legacy": "legal", "vintage": "legal"},
    }
    for name in ("Lim-Dûl's Vault", "Æther Vial", "Juzám Djinn")
]


@dataclass
class Project:
    root: Path

    def write(self, relative: str, content: str | bytes) -> Path:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return path


@pytest.fixture(scope="session")
def cards_json(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("reliability-cards") / "cards.json"
    payload = {
        "meta": {"source": "reliability-tests", "updated_at": "2026-01-01"},
        "cards": [*RECORDS, *ACCENTED],
    }
    path.write_text(json.dumps(payload, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def project(tmp_path: Path, cards_json: Path, monkeypatch: pytest.MonkeyPatch) -> Project:
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)  # config discovery stops here
    monkeypatch.chdir(root)
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(cards_json))
    for name in ("GITHUB_STEP_SUMMARY", "NO_COLOR", "DECKCHECK_DEBUG"):
        monkeypatch.delenv(name, raising=False)
    return Project(root)


Invoke = Callable[..., Result]


@pytest.fixture
def invoke() -> Invoke:
    def run(args: Sequence[str], input: bytes | str | None = None) -> Result:
        return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)

    return run


RunProcess = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def run_process(project: Project) -> RunProcess:
    """``python -m deckcheck ARGS`` in the project folder, output decoded leniently."""

    def run(args: Sequence[str], **env: str) -> subprocess.CompletedProcess[str]:
        environment = {**os.environ, **env}
        environment.pop("NO_COLOR", None)
        environment["PYTHONPATH"] = os.pathsep.join([str(REPO), environment.get("PYTHONPATH", "")])
        return subprocess.run(
            [sys.executable, "-m", "deckcheck", *args],
            cwd=project.root,
            capture_output=True,
            env=environment,
            timeout=300,
            text=True,
            encoding="utf-8",
            errors="backslashreplace",
        )

    return run


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    lines = TALLY.lines()
    if lines:
        terminalreporter.section("deckcheck reliability: inputs tried and outcomes")
        for line in lines:
            terminalreporter.write_line(line)
