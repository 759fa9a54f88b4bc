"""Fixtures for the CLI tests: a small card set of our own (tests/cli/cards.py) used through
$DECKCHECK_CARD_DB, decklists written into a temporary project (with a .git folder, so config
discovery never walks above it), and a CliRunner helper."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from deckcheck.cli import cli
from tests.cli.cards import write_cards

LEGAL_MODERN = "4 Lightning Bolt\n56 Mountain\n"
BANNED_MODERN = "4 Mox Opal\n56 Mountain\n"  # Mox Opal is banned in Modern (line 1)
# A sideboard Lurrus the deck cannot reveal (Shivan Dragon has mana value 6): a warning, DC412.
WARNING_MODERN = "4 Shivan Dragon\n56 Mountain\n\nSideboard\n1 Lurrus of the Dream-Den\n"
COMMANDER_DECK = "Commander\n1 Krenko, Mob Boss\n\nDeck\n99 Mountain\n"


@dataclass
class Project:
    root: Path

    def write(self, relative: str, text: str) -> Path:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path


@pytest.fixture
def cards_json(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_cards(tmp_path_factory.mktemp("cards") / "cards.json")


@pytest.fixture
def project(tmp_path: Path, cards_json: Path, monkeypatch: pytest.MonkeyPatch) -> Project:
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    monkeypatch.chdir(root)
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(cards_json))
    for name in ("GITHUB_STEP_SUMMARY", "NO_COLOR", "DECKCHECK_DEBUG"):
        monkeypatch.delenv(name, raising=False)
    return Project(root)


Invoke = Callable[..., Result]


@pytest.fixture
def invoke() -> Invoke:
    def run(args: Sequence[str], input: bytes | str | None = None, **kwargs: object) -> Result:
        return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False, **kwargs)  # type: ignore[arg-type]

    return run
