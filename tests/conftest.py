"""Shared fixtures. Real-world data lives in ../shared/realdata and is never copied into the repository."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from deckcheck.cards.store import CardStore

REPO = Path(__file__).resolve().parent.parent
REALDATA = Path(os.environ.get("DECKCHECK_REALDATA", REPO.parent / "shared" / "realdata"))
ATOMIC_CARDS = REALDATA / "AtomicCards-2022-04-25.json.gz"


@pytest.fixture(scope="session")
def realdata() -> Path:
    """Path to ../shared/realdata, or skip the test when it is not there (a clean clone elsewhere)."""
    if not REALDATA.is_dir():
        pytest.skip(f"real data not present at {REALDATA}")
    return REALDATA


@pytest.fixture(scope="session")
def atomic_cards_path(realdata: Path) -> Path:
    if not ATOMIC_CARDS.is_file():
        pytest.skip(f"{ATOMIC_CARDS} not present")
    return ATOMIC_CARDS


# The day every test runs on, whatever the calendar says (deckcheck.as_of.today): the test card
# stores describe 2026-01-01 and the bundled set 2026-10-01, so no verdict changes as their data ages
# past deckcheck.as_of.DATA_AGE_LIMIT_DAYS. Tests of that rule set the day themselves.
TEST_TODAY = "2026-02-01"


@pytest.fixture(autouse=True, scope="session")
def _fixed_today() -> Iterator[None]:
    # (for the whole session: module-scoped fixtures that check decks run before any function's)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DECKCHECK_TODAY", TEST_TODAY)
        yield


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never read or write the user's real card store or HTTP cache from a test."""
    cache = tmp_path_factory.mktemp("deckcheck-cache")
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(cache))
    monkeypatch.setenv("DECKCHECK_SCRYFALL_API", "http://127.0.0.1:9/unreachable-in-tests")


@pytest.fixture(scope="session")
def atomic_records(atomic_cards_path: Path) -> list[dict[str, Any]]:
    """Every real card as our record, converted once per test session (it takes seconds)."""
    from deckcheck.cards.mtgjson import load_atomic_cards, records_from_atomic_cards

    return list(records_from_atomic_cards(load_atomic_cards(atomic_cards_path)))


@pytest.fixture(scope="session")
def real_store(atomic_records: list[dict[str, Any]]) -> CardStore:
    """An in-memory store of the real April 2022 card data."""
    from deckcheck.cards.store import CardStore

    return CardStore.from_records(atomic_records, "MTGJSON AtomicCards 2022-04-25")
