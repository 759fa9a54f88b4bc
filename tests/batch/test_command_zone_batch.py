"""The lean batch checker and the engine agree on Commander decks written as MTGO and XMage write
them (the commander and companion in the sideboard): the lean checker hands such decks to the
engine, whose placement reads the sideboard as the command zone."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck import batch
from deckcheck.cards.store import CardStore
from tests.batch.test_fast_equivalence import assert_same_rows, context_for, fresh_bundled_store
from tests.companions import cards as companion_cards

REPO = Path(__file__).resolve().parents[2]
LAYOUTS = REPO / "tests" / "fixtures" / "layouts"
KENRITH_LINES = (REPO / "data" / "decks" / "commander-kenrith.txt").read_text(encoding="utf-8").splitlines()
MAIN = [line for line in KENRITH_LINES[KENRITH_LINES.index("Deck") + 1 :] if line.strip()]


def layout(sideboard: list[str], main: list[str] = MAIN) -> str:
    return "\n".join(main) + "\n\n" + "\n".join(sideboard) + "\n"


DECKS = {
    "mtgo-commander": (LAYOUTS / "mtgo-commander.txt").read_text(encoding="utf-8"),
    "mtgo-duel": (LAYOUTS / "mtgo-duel-commander.txt").read_text(encoding="utf-8"),
    "xmage": (LAYOUTS / "xmage-commander.dck").read_text(encoding="utf-8"),
    "companion-only": "Commander\n1 Kenrith, the Returned King\n\nDeck\n"
    + "\n".join(MAIN)
    + "\n\nSideboard\n1 Jegantha, the Wellspring\n",
    "ambiguous": layout(["1 Lurrus of the Dream-Den", "1 Kaheera, the Orphanguard"]),
    "real-sideboard": layout([*MAIN[85:], "1 Kenrith, the Returned King"], MAIN[:85]),
    "too-small": layout(["1 Kenrith, the Returned King"], [line for line in MAIN if line != "1 Sol Ring"]),
}


@pytest.mark.parametrize("fmt", ["commander", "duel", "brawl", "legacy"])
def test_sideboard_command_zone_rows_are_the_engines(fmt: str) -> None:
    items = list(DECKS.items())
    rows = assert_same_rows(items, context_for(fresh_bundled_store(), fmt))
    summary = {row["deck_id"]: row for row in rows.summary.rows()}
    placed = batch.as_spec(fmt).commander
    for deck_id in ("mtgo-commander", "mtgo-duel", "xmage"):
        row = summary[deck_id]
        assert row["commander"] == ("Kenrith, the Returned King" if placed else None), deck_id
        assert row["sideboard_count"] == (0 if placed else 1 + (deck_id != "mtgo-commander")), deck_id
    assert summary["ambiguous"]["commander"] is None and summary["real-sideboard"]["commander"] is None


def test_a_companion_ability_the_ten_do_not_have_is_read_as_the_engine_reads_it() -> None:
    """A card whose companion ability is none of the ten (Lutri, Pauper Otter, a 2024 playtest card)
    alone in the sideboard of a Commander deck that names its commander: the engine's placement
    reads it as the companion (DC106), whose condition it cannot check (DC409); the lean checker
    hands the deck to the engine as it does for the ten."""
    otter = companion_cards.BY_NAME["Lutri, Pauper Otter"]
    store = CardStore.from_records([*fresh_bundled_store().records(), otter], "bundled cards and one more")
    text = DECKS["companion-only"].replace("Jegantha, the Wellspring", otter["name"])
    rows = assert_same_rows([("otter", text)], context_for(store, "commander"))
    codes = {(row["code"], row["section"]) for row in rows.findings.rows()}
    assert {("DC106", "sideboard"), ("DC409", "companion")} <= codes
