"""The pandas API takes a card store as a CardStore or as a path, as ``--card-db`` names one."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from deckcheck import frames
from deckcheck.cards.store import CardStore, bundled_cards_path, open_store
from deckcheck.errors import CardDataError

DECKS = pd.Series(
    ["4 Lightning Bolt\n56 Mountain\n", "4 Lightning Bolt\n4 Unknown Card Name\n52 Mountain\n"],
    index=pd.Index(["burn", "odd"], dtype="str"),
)


@pytest.mark.parametrize("as_text", [True, False])
def test_a_store_path_gives_what_the_opened_store_gives(as_text: bool) -> None:
    path = bundled_cards_path()
    given = str(path) if as_text else path
    expected = frames.validate(DECKS, format="modern", store=CardStore.open(path), progress=False)
    got = frames.validate(DECKS, format="modern", store=given, progress=False)
    pd.testing.assert_frame_equal(got.summary, expected.summary)
    pd.testing.assert_frame_equal(got.findings, expected.findings)
    table = frames.companion_table(DECKS, format="modern", store=given)
    pd.testing.assert_frame_equal(table, expected.companions[table.columns.tolist()])
    long = frames.load_decks(DECKS, store=given)
    assert set(long["card"].dropna()) == {"Lightning Bolt", "Mountain"}


def test_a_store_that_cannot_be_opened_or_is_no_store_is_a_clear_error(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-store.sqlite"
    with pytest.raises(CardDataError, match="not found"):
        frames.validate(DECKS, format="modern", store=str(missing), progress=False)
    with pytest.raises(TypeError, match="store: a CardStore, a card store's path or None, not int"):
        frames.validate(DECKS, format="modern", store=42, progress=False)  # type: ignore[arg-type]


def test_open_store_takes_a_path_as_text() -> None:
    assert len(open_store(str(bundled_cards_path()))) == len(CardStore.open(bundled_cards_path()))
