"""The companion tables' formats when none is given: each deck's as ``validate`` chooses it.

``companion_table`` and ``companion_breakers`` with ``format=None`` choose each deck's format as
it is read (declared, the config's per-path globs and format, else the shape inferred from the deck
as the engine reads it), and leave out a deck that declares a format deckcheck does not know. Each
way to give the decks (texts, a folder, the long frame) must give validate's rows."""

from __future__ import annotations

import warnings
from pathlib import Path

import pandas as pd
import pytest

from deckcheck import frames
from deckcheck.cards.store import CardStore
from deckcheck.inference import COMMANDER_SHAPE, CONSTRUCTED_SHAPE, with_known_formats

LURRUS = "Lurrus of the Dream-Den"
# No format given: the shape each is inferred in, and what Lurrus (W/B, permanents of mana value
# 2 or less) is there: outside a red commander's colour identity; met but its legality unchecked in
# the constructed shape; eligible in Limited's, which has no ban list.
DECKS = {
    "commander": "Commander\n1 Krenko, Mob Boss\n\nDeck\n99 Mountain\n\nCompanion\n1 " + LURRUS + "\n",
    "mtgo layout": "99 Mountain\n\nSideboard\n1 Krenko, Mob Boss\n",
    "named commander": "// Commander: Krenko, Mob Boss\n1 Krenko, Mob Boss\n99 Mountain\n",
    "brawl": "Commander\n1 Krenko, Mob Boss\n\nDeck\n59 Mountain\n",
    "constructed": "4 Lightning Bolt\n56 Mountain\n\nSideboard\n1 " + LURRUS + "\n",
    "limited": "4 Lightning Bolt\n36 Mountain\n\nSideboard\n1 " + LURRUS + "\n",
    "declared": "// format: modern\n4 Kitchen Finks\n56 Forest\n\nSideboard\n1 " + LURRUS + "\n",
    "unknown": "// format: tribal wars\n4 Lightning Bolt\n56 Mountain\n",
}
SHAPES = {
    "commander": "generic-commander",
    "mtgo layout": "generic-commander",
    "named commander": "generic-commander",
    "brawl": "generic-brawl",
    "constructed": "generic-constructed",
    "limited": "generic-limited",
    "declared": "modern",
}


COMMANDERS = {"commander", "mtgo layout", "named commander", "brawl"}


def differing(table: pd.DataFrame, other: pd.DataFrame) -> set[object]:
    """The decks of ``other`` whose rows differ from their rows in ``table``."""
    rows = {tuple(map(str, row)) for row in table.itertuples(index=False)}
    return {row[0] for row in other.itertuples(index=False) if tuple(map(str, row)) not in rows}


@pytest.fixture(scope="module")
def bundled() -> CardStore:
    return CardStore.bundled()


def tables(source: frames.Source, store: CardStore) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The companion table and breakers of ``source`` (format=None), each saying it left out the
    deck of an unknown format."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = frames.companion_table(source, store=store)
        breakers = frames.companion_breakers(source, store=store)
    assert sum("1 deck not checked" in str(w.message) for w in caught) == 2
    return table, breakers


def test_each_way_to_give_the_decks_gives_validates_rows(bundled: CardStore, tmp_path: Path) -> None:
    texts = pd.Series(DECKS)
    for name, text in DECKS.items():
        (tmp_path / f"{name}.txt").write_text(text, encoding="utf-8")
    validated = frames.validate(texts, store=bundled, breakers=True)
    summary = validated.summary.set_index("deck_id")
    assert summary["format"].dropna().to_dict() == SHAPES
    # (a cheaper guess would show: every deck's table differs in the other family's shape)
    plain = texts.drop(["declared", "unknown"])
    for shape, decks in (
        (CONSTRUCTED_SHAPE, COMMANDERS | {"limited"}),
        (COMMANDER_SHAPE, {"constructed", "limited"}),
    ):
        assert (
            differing(
                validated.companions,
                frames.companion_table(plain, format=with_known_formats(shape), store=bundled),
            )
            == decks
        )
    assert validated.breakers is not None
    expected_breakers = validated.breakers.drop(columns="reason")
    why = summary.loc["unknown"]
    assert pd.isna(why["format"])
    for source in (texts, frames.load_decks(texts, store=bundled), tmp_path):
        table, breakers = tables(source, bundled)
        if isinstance(source, Path):  # (a folder's decks are its files)
            table["deck_id"] = table["deck_id"].str.removesuffix(".txt")
            breakers["deck_id"] = breakers["deck_id"].str.removesuffix(".txt")
        pd.testing.assert_frame_equal(
            table.sort_values(["deck_id", "companion"]).reset_index(drop=True),
            validated.companions.sort_values(["deck_id", "companion"]).reset_index(drop=True),
            check_dtype=False,
            check_categorical=False,
        )
        pd.testing.assert_frame_equal(
            breakers.sort_values(["deck_id", "companion", "card"]).reset_index(drop=True).astype(str),
            expected_breakers.sort_values(["deck_id", "companion", "card"])
            .reset_index(drop=True)
            .astype(str),
        )
        ((deck_id, message),) = table.attrs["not_checked"]
        assert str(deck_id).removesuffix(".txt") == "unknown"
        findings = frames.validate(source, store=bundled).findings
        assert [message] == findings[findings["code"] == "DC006"]["message"].tolist()


def test_a_configs_per_path_format_chooses_the_table_of_each_file(
    bundled: CardStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deck under the config's per-path glob is in that format (Pioneer, which bans Lurrus), the
    same list elsewhere in the inferred shape (Limited, which has no ban list: eligible)."""
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-10-01")  # (the bundled card data's day)
    (tmp_path / ".git").mkdir()
    (tmp_path / "edh").mkdir()
    sealed = "4 Lightning Bolt\n36 Mountain\n\nSideboard\n1 " + LURRUS + "\n"
    (tmp_path / "edh" / "krenko.txt").write_text(sealed, encoding="utf-8")
    (tmp_path / "krenko.txt").write_text(sealed, encoding="utf-8")
    (tmp_path / ".deckcheck.toml").write_text('[per-path]\n"edh/**" = "pioneer"\n', "utf-8")
    monkeypatch.chdir(tmp_path)
    validated = frames.validate(".", store=bundled)
    assert validated.summary.set_index("deck_id")["format"].to_dict() == {
        "edh/krenko.txt": "pioneer",
        "krenko.txt": "generic-limited",
    }
    table = frames.companion_table(".", store=bundled)
    pd.testing.assert_frame_equal(table, validated.companions)
    lurrus = table[table["companion"] == LURRUS].set_index("deck_id")["eligible"]
    assert lurrus.to_dict() == {"edh/krenko.txt": False, "krenko.txt": True}
    # the texts are not files: the working directory's config has no path to match, both inferred
    texts = pd.Series({"edh": sealed, "plain": sealed})
    on_texts = frames.companion_table(texts, store=bundled)
    assert on_texts[on_texts["companion"] == LURRUS]["eligible"].tolist() == [True, True]
