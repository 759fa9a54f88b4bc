"""What a deck says of itself (its date, its format) reaches every path of the pandas API.

``frames.validate`` judges a deck's companions for the deck's own date (engine.legality_out_of_date),
and checks it in the format it declares; the vectorised companion table and breakers, and the long
frame of ``load_decks``, must give the same answers as validate on the same decks."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from deckcheck import frames
from deckcheck.cards.store import CardStore

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "data" / "decks"

# the bundled card data describes 2026-10-01: a deck of 2019 is of another day
DATED = "// format: modern\n// date: 2019-06-01\n4 Lightning Bolt\n56 Mountain\n"
UNDATED = "// format: modern\n4 Lightning Bolt\n56 Mountain\n"
SAME_DAY = "// format: modern\n// date: 2026-10-01\n4 Lightning Bolt\n56 Mountain\n"


@pytest.fixture(scope="module")
def bundled() -> CardStore:
    return CardStore.bundled()


def eligible(table: pd.DataFrame) -> dict[tuple[object, str], bool | None]:
    """(deck, companion) -> eligible (None: <NA>, undetermined)."""
    rows = zip(table["deck_id"], table["companion"], table["eligible"], strict=True)
    return {
        (deck_id, str(companion)): None if pd.isna(value) else bool(value)
        for deck_id, companion, value in rows
    }


def test_companion_table_judges_a_deck_for_its_own_date(bundled: CardStore) -> None:
    decks = pd.Series({"dated": DATED, "undated": UNDATED, "same day": SAME_DAY})
    expected = frames.validate(decks, store=bundled).companions
    # the card data does not vouch for 2019: a companion card's own legality is not known there
    assert eligible(expected)[("dated", "Kaheera, the Orphanguard")] is None
    assert eligible(expected)[("undated", "Kaheera, the Orphanguard")] is True
    table = frames.companion_table(decks, store=bundled)
    pd.testing.assert_frame_equal(table, expected[table.columns.tolist()])
    for source in (decks, frames.load_decks(decks, store=bundled)):
        given = frames.companion_table(source, format="modern", store=bundled)
        pd.testing.assert_frame_equal(given, expected[table.columns.tolist()])


def test_an_undated_deck_is_judged_for_the_day_of_the_check(
    bundled: CardStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # more than 90 days after the card data's day: an undated deck's legality is not vouched for
    monkeypatch.setenv("DECKCHECK_TODAY", "2027-06-01")
    decks = pd.Series({"undated": UNDATED, "same day": SAME_DAY})
    expected = frames.validate(decks, store=bundled).companions
    assert eligible(expected)[("undated", "Kaheera, the Orphanguard")] is None
    assert eligible(expected)[("same day", "Kaheera, the Orphanguard")] is True
    table = frames.companion_table(decks, store=bundled)
    pd.testing.assert_frame_equal(table, expected[table.columns.tolist()])


def test_the_long_frame_keeps_each_decks_date(bundled: CardStore) -> None:
    decks = pd.Series({"dated": DATED, "undated": UNDATED})
    long = frames.load_decks(decks, store=bundled)
    dates = long.groupby("deck_id", sort=False)["date"].first()
    assert dates["dated"] == "2019-06-01" and pd.isna(dates["undated"])
    assert isinstance(long["date"].dtype, pd.CategoricalDtype)
    # validate on the long frame judges each deck for its date, as validate on the text does
    on_text = frames.validate(decks, format="modern", store=bundled)
    on_long = frames.validate(long, format="modern", store=bundled)
    pd.testing.assert_frame_equal(on_long.companions, on_text.companions)
    assert on_long.summary["legal"].tolist() == on_text.summary["legal"].tolist()
    # the breakers do not depend on the day, and are the same rows either way
    breakers = frames.validate(decks, format="modern", store=bundled, breakers=True).breakers
    assert breakers is not None
    pd.testing.assert_frame_equal(
        frames.companion_breakers(long, format="modern", store=bundled).astype(str),
        breakers.drop(columns="reason").astype(str),
    )


def test_a_date_that_names_no_day_is_judged_for_no_day(
    bundled: CardStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """06/01/2019 reads two ways: the deck is not judged for the day of the check, as an undated
    one is (on the card data's own day, legal), but for no day: not verified, and a companion card's
    own legality is not known, on every path (the text, the long frame, the companion table)."""
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-10-01")  # (the bundled data's day)
    unread = "// format: modern\n// date: 06/01/2019\n4 Lightning Bolt\n56 Mountain\n"
    decks = pd.Series({"unread": unread, "undated": UNDATED})
    validated = frames.validate(decks, store=bundled)
    legal = validated.summary.set_index("deck_id")["legal"]
    assert pd.isna(legal["unread"]) and bool(legal["undated"])
    notes = validated.findings[validated.findings["code"] == "DC015"]
    assert notes["deck_id"].tolist() == ["unread"] and notes["line"].tolist() == [2]
    assert eligible(validated.companions)[("unread", "Kaheera, the Orphanguard")] is None
    table = frames.companion_table(decks, store=bundled)
    pd.testing.assert_frame_equal(table, validated.companions[table.columns.tolist()])
    long = frames.load_decks(decks, store=bundled)
    on_long = frames.validate(long, format="modern", store=bundled)
    assert pd.isna(on_long.summary.set_index("deck_id")["legal"]["unread"])


def test_a_deck_with_two_dates_in_a_long_frame_is_an_error(bundled: CardStore) -> None:
    long = frames.load_decks(pd.Series({"d": DATED}), store=bundled)
    long["date"] = long["date"].cat.add_categories(["2020-01-01"])
    long.loc[long.index[-1], "date"] = "2020-01-01"
    with pytest.raises(ValueError, match="deck 'd' has rows with different date values"):
        frames.companion_table(long, format="modern", store=bundled)


DECLARING = ("pioneer-lurrus-illegal.txt", "legacy-zirda-companion.txt", "modern-keruga.txt")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Three decks that declare their formats (Lurrus is banned in Pioneer, Zirda in Legacy)."""
    for name in DECLARING:
        (tmp_path / name).write_bytes((EXAMPLES / name).read_bytes())
    return tmp_path


def test_the_long_frame_keeps_each_decks_declared_format(bundled: CardStore, folder: Path) -> None:
    long = frames.load_decks(folder, store=bundled)
    # format=None on the long frame: each deck in the format it declares, as on the folder
    on_folder = frames.validate(folder, store=bundled)
    on_long = frames.validate(long, store=bundled)
    columns = ["deck_id", "format", "format_source", "legal"]
    pd.testing.assert_frame_equal(on_long.summary[columns], on_folder.summary[columns])
    assert not on_long.summary.set_index("deck_id").loc["pioneer-lurrus-illegal.txt", "legal"]
    assert "DC201" in set(on_long.findings["code"])
    pd.testing.assert_frame_equal(on_long.companions, on_folder.companions)
    table = frames.companion_table(long, store=bundled)
    pd.testing.assert_frame_equal(table, frames.companion_table(folder, store=bundled))
    pd.testing.assert_frame_equal(table, on_folder.companions[table.columns.tolist()])
    assert eligible(table)[("pioneer-lurrus-illegal.txt", "Lurrus of the Dream-Den")] is False
    breakers = frames.companion_breakers(long, store=bundled)
    pd.testing.assert_frame_equal(breakers, frames.companion_breakers(folder, store=bundled))
    declared = long.groupby("deck_id", sort=False, observed=True)["declared_format"].first()
    assert declared.to_dict() == {
        "legacy-zirda-companion.txt": "legacy",
        "modern-keruga.txt": "modern",
        "pioneer-lurrus-illegal.txt": "pioneer",
    }


def test_a_long_frame_deck_declaring_an_unknown_format_is_not_checked(
    bundled: CardStore, folder: Path
) -> None:
    """Such a deck has no companion row, as in validate, and the others keep theirs: one odd file
    of a corpus once made companion_table and companion_breakers raise for the whole corpus."""
    (folder / "odd.txt").write_text(
        "// format: tribalwars\n4 Lightning Bolt\n56 Mountain\n", encoding="utf-8"
    )
    long = frames.load_decks(folder, store=bundled)
    for function in (frames.companion_table, frames.companion_breakers):
        for source in (folder, long):
            with pytest.warns(UserWarning, match=r"1 deck not checked .*attrs\['not_checked'\]"):
                table = function(source, store=bundled)
            assert "odd.txt" not in set(table["deck_id"])
            assert set(table["deck_id"]) >= {"modern-keruga.txt", "pioneer-lurrus-illegal.txt"}
            [(deck_id, why)] = table.attrs["not_checked"]
            assert deck_id == "odd.txt" and "declares format 'tribalwars'" in why
    results = frames.validate(long, store=bundled)
    odd = results.findings[results.findings["deck_id"] == "odd.txt"]
    assert odd["code"].tolist() == ["DC006"]
    assert results.summary.loc[results.summary["deck_id"] == "odd.txt", "legal"].isna().all()


def test_partition_entries_keep_the_declarations(bundled: CardStore) -> None:
    decks = pd.Series({"dated": DATED, "odd": "// Format: Commander / EDH\n1 Sol Ring\n"})
    long = frames.load_decks(decks, store=bundled)
    entries = frames.validate_partition(decks.to_frame("text"), format="modern", table="entries")
    pd.testing.assert_frame_equal(entries.astype(str), long.astype(str))
    assert long.groupby("deck_id", sort=False)["declared_format"].first().tolist() == ["modern", "commander"]
