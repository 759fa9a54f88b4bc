"""Card stores of a test's records in both backends, so a localized-name rule is tested on each."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.store import CardStore, write_store

BACKENDS = ["memory", "sqlite"]


def store_of(
    records: Sequence[Mapping[str, Any]], request: pytest.FixtureRequest, tmp_path: Path
) -> CardStore:
    """The records as an in-memory store or as a store file, by the fixture's param (BACKENDS)."""
    if request.param == "memory":
        return CardStore.from_records(records)
    write_store(records, tmp_path / "cards.sqlite", meta={"source": "test"})
    return CardStore.open(tmp_path / "cards.sqlite")
