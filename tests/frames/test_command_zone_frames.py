"""The pandas API reads the command zone as the engine does: a Commander list written the MTGO or
XMage way (commander and companion in the sideboard) gives the same companion table from
companion_table (vectorised over the long frame) as from validate (the engine's rows)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from deckcheck import frames

LAYOUTS = Path(__file__).resolve().parents[1] / "fixtures" / "layouts"
DECKS = Path(__file__).resolve().parents[2] / "data" / "decks"


@pytest.mark.parametrize("fmt", ["commander", "duel", "legacy"])
def test_companion_table_agrees_with_validate_on_sideboard_command_zones(fmt: str) -> None:
    paths = [str(p) for p in sorted(LAYOUTS.glob("*")) if p.suffix in (".txt", ".dck", ".dek")]
    paths += [str(DECKS / "commander-kenrith.txt"), str(DECKS / "modern-keruga.txt")]
    engine = frames.validate(paths, format=fmt).companions.reset_index(drop=True)
    table = frames.companion_table(paths, format=fmt).reset_index(drop=True)
    pd.testing.assert_frame_equal(table, engine[list(table.columns)], check_dtype=False)


def test_companion_table_declares_the_companion_read_from_the_sideboard() -> None:
    path = str(LAYOUTS / "mtgo-duel-commander.txt")
    table = frames.companion_table([path], format="duel")
    declared = table[table["declared"]]
    assert declared["companion"].astype(str).tolist() == ["Jegantha, the Wellspring"]
    assert declared["eligible"].tolist() == [True]
