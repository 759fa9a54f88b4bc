"""The vectorised companion table reads every deck as the engine reads it.

``frames.companion_table`` and ``frames.companion_breakers`` go through the long frame of
``load_decks``; ``frames.validate`` hands each deck to the engine. Where the engine's reading of a
deck depends on more than its lines one by one (a commander named in a comment, a stray localized
name, a number that leads a card's name, a sideboard read as the command zone, lines not read),
the long frame must carry it and the table must read it the same way: the tests below hold both
paths, and validate on the long frame, to validate on the files."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from deckcheck import frames
from deckcheck.cards.nondeck import NonDeckCard, meld_result
from deckcheck.cards.store import CardStore
from deckcheck.format_spec import FormatSpec
from deckcheck.formats import get_format
from tests.cardfactory import record
from tests.companions import cards as test_cards

TABLE = ["deck_id", "companion", "eligible", "declared", "breakers", "cut", "add", "near_miss"]


@pytest.fixture(scope="module")
def store() -> CardStore:
    extra = [
        record("1996 World Champion", "{W}{U}{B}{R}{G}", "Creature — Legend", identity=list("WUBRG")),
        record("Test Stray Dragon", "{4}{R}{R}", "Creature — Dragon", printed_names={"fr": ["Dragon égaré"]}),
        record("Backup Plan", None, "Conspiracy", legal={"vintage": "banned"}),
    ]
    planes = [
        NonDeckCard("Akoum", "plane", "Plane — Zendikar"),
        meld_result("Chittering Host", "Creature — Eldrazi Horror", ("Graf Rats", "Midnight Scavengers")),
    ]
    return CardStore.from_records([*test_cards.RECORDS, *extra], "companion test cards", non_deck=planes)


def write(folder: Path, files: dict[str, str]) -> list[str]:
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return [str(folder / name) for name in files]


def as_validate(paths: list[str], spec: FormatSpec, store: CardStore) -> pd.DataFrame:
    """The companion table of every path to the same answer, checked against validate's: the
    vectorised table and breakers of the files and of their long frame, and validate of the long
    frame. Returns validate's companions frame."""
    results = frames.validate(paths, format=spec, store=store, breakers=True)
    expected = results.companions[TABLE]
    assert results.breakers is not None
    expected_breakers = results.breakers.drop(columns="reason")
    long = frames.load_decks(paths, store=store)
    for source in (paths, long):
        table = frames.companion_table(source, format=spec, store=store)
        pd.testing.assert_frame_equal(table, expected)
        breakers = frames.companion_breakers(source, format=spec, store=store)
        pd.testing.assert_frame_equal(breakers.astype(str), expected_breakers.astype(str))
    pd.testing.assert_frame_equal(frames.validate(long, format=spec, store=store).companions[TABLE], expected)
    return expected


def cell(table: pd.DataFrame, deck: str, companion: str, column: str) -> object:
    rows = table[
        (table["deck_id"].str.endswith(deck)) & (table["companion"].astype(str).str.startswith(companion))
    ]
    (value,) = rows[column].tolist()
    return None if pd.isna(value) else value


# A Commander list with its commander among the 100 cards: Teysa Karlov (mana value 4) breaks
# Lurrus's condition.
TEYSA_MAIN = '    <card number="1" name="Teysa Karlov"/>\n    <card number="1" name="Savannah Lions"/>\n'
COCKATRICE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n  <deckname>Teysa</deckname>\n'
    "  <comments>CDR: Teysa Karlov\nColors: WB</comments>\n"
    f'  <zone name="main">\n{TEYSA_MAIN}    <card number="49" name="Plains"/>\n'
    '    <card number="49" name="Swamp"/>\n  </zone>\n</cockatrice_deck>\n'
)
COMMENTED = "// Commander: Teysa Karlov\n1 Teysa Karlov\n1 Savannah Lions\n49 Plains\n49 Swamp\n"


@pytest.mark.parametrize(("name", "text"), [("teysa.cod", COCKATRICE), ("teysa.txt", COMMENTED)])
def test_a_commander_named_by_a_comment_is_the_command_zone(
    tmp_path: Path, store: CardStore, name: str, text: str
) -> None:
    """A Cockatrice ``CDR:`` comment, or a ``// Commander:`` line, names the commander of a list
    with no Commander section: the engine reads that card as the command zone, so the table does
    too (the long frame keeps the name in its declared_commander column)."""
    paths = write(tmp_path, {name: text})
    table = as_validate(paths, test_cards.COMMANDER, store)
    # the commander breaks Lurrus's condition, and a commander is no card to cut
    assert cell(table, name, "Lurrus", "breakers") == 1 and cell(table, name, "Lurrus", "cut") == 0
    assert cell(table, name, "Lurrus", "near_miss") is False
    long = frames.load_decks(paths, store=store)
    assert long["declared_commander"].astype(str).unique().tolist() == ["Teysa Karlov"]
    # outside a Commander format the comment decides nothing: Teysa is one of the main deck's cards
    modern = as_validate(paths, test_cards.MODERN, store)
    assert cell(modern, name, "Lurrus", "cut") == 1


def test_the_breakers_name_the_zone_the_engine_reads_a_sideboard_card_in(
    tmp_path: Path, store: CardStore
) -> None:
    """A Commander list written the MTGO way, its commander in the sideboard: the card is checked
    in the command zone, and its breaker rows say so, as validate's do."""
    paths = write(
        tmp_path, {"mtgo.txt": "1 Savannah Lions\n49 Plains\n49 Swamp\n\nSideboard\n1 Teysa Karlov\n"}
    )
    as_validate(paths, test_cards.COMMANDER, store)
    breakers = frames.companion_breakers(paths, format=test_cards.COMMANDER, store=store)
    teysa = breakers[breakers["card"] == "Teysa Karlov"]
    assert set(teysa["zone"].astype(str)) == {"commander"}


# More than ten English names (lines) and one French one: the French name is a stray, not read as
# its card (engine.resolve_deck), so what it would break is not known.
ENGLISH = "".join(
    f"1 {name}\n"
    for name in (
        "Lightning Bolt",
        "Counterspell",
        "Thoughtseize",
        "Savannah Lions",
        "Steppe Lynx",
        "Memnite",
        "Ornithopter",
        "Taiga",
        "Ancient Den",
        "Great Furnace",
        "Ancient Tomb",
    )
)


def test_a_stray_localized_name_is_not_read_as_its_card(tmp_path: Path, store: CardStore) -> None:
    paths = write(tmp_path, {"stray.txt": f"{ENGLISH}1 Dragon égaré\n48 Mountain\n"})
    table = as_validate(paths, test_cards.MODERN, store)
    # the dragon (mana value 6) would break Lurrus's condition; unread as a card, it leaves it open
    assert cell(table, "stray.txt", "Lurrus", "breakers") == 0
    assert cell(table, "stray.txt", "Lurrus", "eligible") is None
    long = frames.load_decks(paths, store=store)
    stray = long[long["written"] == "Dragon égaré"]
    assert stray["card"].isna().all()


def test_a_number_that_leads_a_cards_name_is_part_of_the_name(tmp_path: Path, store: CardStore) -> None:
    """A list without counts writes "1996 World Champion": one copy of that card (engine.resolve_deck),
    not 1,996 copies of an unknown "World Champion"."""
    paths = write(tmp_path, {"countless.txt": "Lightning Bolt\n1996 World Champion\n" + "Mountain\n" * 58})
    table = as_validate(paths, test_cards.MODERN, store)
    # the champion's mana value (5) breaks Gyruda's condition: known, not open
    assert cell(table, "countless.txt", "Gyruda", "eligible") is False
    assert cell(table, "countless.txt", "Gyruda", "breakers") == 2  # the bolt and the champion
    assert cell(table, "countless.txt", "Yorion", "add") == 20  # 60 cards, not 2,055
    long = frames.load_decks(paths, store=store)
    champion = long[long["card"] == "1996 World Champion"]
    assert champion["qty"].tolist() == [1] and champion["written"].tolist() == ["1996 World Champion"]


@pytest.mark.parametrize("written", ["Akoum", "akoum", "Chittering Host"])
def test_a_plane_in_the_main_deck_is_read_outside_the_deck(
    tmp_path: Path, store: CardStore, written: str
) -> None:
    """A plane (or a meld result) listed among the main deck's cards (DC018): the engine reads the
    line outside the deck, so the starting deck is the other 56 cards, every one known; the table
    must not count the plane as an unknown card of the deck (which would leave every condition open
    and call the deck 60 cards). The long frame keeps the line where the list writes it, so that
    validate of the frame reports the same error."""
    paths = write(tmp_path, {"plane.txt": f"4 Lightning Bolt\n52 Mountain\n4 {written}\n"})
    table = as_validate(paths, test_cards.MODERN, store)
    assert cell(table, "plane.txt", "Lurrus", "eligible") is True
    assert cell(table, "plane.txt", "Yorion", "add") == 24  # 56 cards in the deck: 80 needs 24 more
    long = frames.load_decks(paths, store=store)
    plane = long[long["written"] == written]
    assert plane["card"].isna().all() and plane["zone"].astype(str).tolist() == ["main"]
    codes = frames.validate(long, format=test_cards.MODERN, store=store).findings["code"].tolist()
    assert "DC018" in codes and "DC010" not in codes


def test_a_conspiracy_in_the_main_deck_is_read_outside_the_deck(tmp_path: Path, store: CardStore) -> None:
    """A conspiracy card can't be included in a deck (CR 315.3): the engine reads a main-deck line
    naming one outside the deck (DC018), so the starting deck is the other 59 cards; the table must
    not count the conspiracy among them (Yorion's add, Umori's card types)."""
    paths = write(tmp_path, {"plan.txt": "1 Backup Plan\n4 Lightning Bolt\n55 Mountain\n"})
    table = as_validate(paths, test_cards.MODERN, store)
    assert cell(table, "plan.txt", "Yorion", "add") == 21  # 59 cards in the deck: 80 needs 21 more
    assert cell(table, "plan.txt", "Umori", "eligible") is True  # every nonland card an instant
    long = frames.load_decks(paths, store=store)
    plan = long[long["written"] == "Backup Plan"]
    assert plan["zone"].astype(str).tolist() == ["main"]  # as the list writes it


def test_a_file_with_no_entries_keeps_its_deck_in_the_long_frame(tmp_path: Path, store: CardStore) -> None:
    """Files named one by one that hold no card line (binary, empty, a JSON that is no deck): the
    CLI and validate report each ("not verified"); the long frame keeps each deck as one row with
    no name and no copies, so validate and the companion table of the frame judge the same decks."""
    paths = write(
        tmp_path,
        {"empty.txt": "", "other.json": '{"a": 1}\n', "whole.txt": "4 Lightning Bolt\n56 Mountain\n"},
    )
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\x00\x01\x02 not text")
    paths.insert(0, str(binary))
    as_validate(paths, test_cards.MODERN, store)
    long = frames.load_decks(paths, store=store)
    assert long["deck_id"].astype(str).unique().tolist() == paths
    placeholders = long[long["written"].isna()]
    assert placeholders["deck_id"].astype(str).tolist() == paths[:3]
    assert (placeholders["qty"] == 0).all() and placeholders["card"].isna().all()
    by_file = frames.validate(paths, format=test_cards.MODERN, store=store)
    by_frame = frames.validate(long, format=test_cards.MODERN, store=store)
    columns = ["deck_id", "legal", "errors", "warnings", "main_count"]
    pd.testing.assert_frame_equal(by_frame.summary[columns], by_file.summary[columns])
    assert by_frame.summary["legal"].isna().tolist()[:3] == [True, True, True]
    codes = by_frame.findings.groupby("deck_id", sort=False)["code"].first().tolist()[:3]
    assert codes == ["DC001", "DC005", "DC001"]


def test_a_deck_read_in_part_meets_no_condition_for_certain(tmp_path: Path, store: CardStore) -> None:
    """A line of the main deck not read (DC002): the engine calls no companion's condition met and
    offers no cut (the lines not read may break it too); the table must not be surer."""
    text = "4 Lightning Bolt\n56 Mountain\n99999999999999999999 Mountain\n"
    paths = write(tmp_path, {"part.txt": text, "whole.txt": "4 Lightning Bolt\n56 Mountain\n"})
    table = as_validate(paths, test_cards.MODERN, store)
    assert cell(table, "whole.txt", "Lurrus", "eligible") is True
    assert cell(table, "part.txt", "Lurrus", "eligible") is None
    assert cell(table, "whole.txt", "Gyruda", "cut") == 4
    assert (
        cell(table, "part.txt", "Gyruda", "cut") == 0 and cell(table, "part.txt", "Gyruda", "breakers") == 1
    )
    assert (
        cell(table, "part.txt", "Yorion", "add") == 0
        and cell(table, "part.txt", "Yorion", "eligible") is None
    )
    long = frames.load_decks(paths, store=store)
    unread = long.groupby("deck_id", sort=False, observed=True)["unread"].first()
    assert unread.iloc[0] == "1 line not read (DC002)" and pd.isna(unread.iloc[1])


@pytest.mark.realdata
def test_real_commander_lists_read_as_the_engine_reads_them(
    realdata: Path, real_store: CardStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Real lists the table once read otherwise: Cockatrice Commander decks whose commander a CDR:
    comment names (and one with a stray "Commander" line), and an MTGO list with its commander in
    the sideboard; in Commander, on the card data's own day."""
    monkeypatch.setenv("DECKCHECK_TODAY", "2022-04-25")
    decks = realdata / "decks"
    paths = sorted(str(p) for p in (decks / "jlawrence11_cockatrice-decks").rglob("edh*.cod"))
    paths.append(str(decks / "bluelovers_mtg-decklist-parser" / "example" / "Deck - Sharuum.dek"))
    if not all(Path(p).is_file() for p in paths) or len(paths) < 10:
        pytest.skip("the real Commander lists are absent")
    as_validate(paths, get_format("commander"), real_store)
    named = frames.load_decks(paths, store=real_store).groupby("deck_id", observed=True)["declared_commander"]
    assert named.first().notna().sum() >= 20


# A line with no count whose name matches no card: 1 card, or none if it is no card line at all.
NO_COUNT = {
    "open.txt": "4 Lightning Bolt\n75 Mountain\nRamp\n",  # 79 or 80 cards: Yorion needs 80
    "short.txt": "4 Lightning Bolt\n74 Mountain\nRamp\n",  # 78 or 79: short either way
    "enough.txt": "4 Lightning Bolt\n76 Mountain\nRamp\n",  # 80 or 81: enough either way
    "counted.txt": "4 Lightning Bolt\n75 Mountain\n1 Ramp\n",  # 80: a card the data does not know
    "size.txt": "4 Lightning Bolt\n55 Mountain\nRamp\n",  # 59 or 60: the deck size is open
}


def test_a_line_with_no_count_that_names_no_card_is_judged_as_in_its_file(
    tmp_path: Path, store: CardStore
) -> None:
    """'Ramp' on a line of its own may be a card the data does not know or no card line at all
    (unresolved.uncertain_copies). The long frame keeps that its line wrote no count (its
    ``count_written`` column), so validate and the companion table of the frame judge the deck as
    its file: Yorion's count of 79 or 80 cards is undetermined; of 78 or 79 it falls short either
    way, but by how many is not known (no near miss); and a deck size it decides is not verified."""
    paths = write(tmp_path, NO_COUNT)
    table = as_validate(paths, test_cards.MODERN, store)
    yorion = {
        name: (cell(table, name, "Yorion", "eligible"), cell(table, name, "Yorion", "add"))
        for name in NO_COUNT
    }
    assert yorion == {
        "open.txt": (None, 0),
        "short.txt": (False, 1),
        "enough.txt": (True, 0),
        "counted.txt": (True, 0),
        "size.txt": (False, 20),
    }
    assert cell(table, "short.txt", "Yorion", "near_miss") is False
    long = frames.load_decks(paths, store=store)
    no_count = long.loc[~long["count_written"], ["deck_id", "written"]]
    assert [(Path(str(d)).name, w) for d, w in no_count.itertuples(index=False)] == [
        (name, "Ramp") for name in NO_COUNT if name != "counted.txt"
    ]
    by_file = frames.validate(paths, format=test_cards.MODERN, store=store)
    by_frame = frames.validate(long, format=test_cards.MODERN, store=store)
    columns = ["deck_id", "legal", "errors", "main_count"]
    pd.testing.assert_frame_equal(by_frame.summary[columns], by_file.summary[columns])
    rules = by_frame.findings.loc[by_frame.findings["deck_id"].str.endswith("size.txt"), ["code", "rule"]]
    assert ("DC015", "Modern deck size") in set(rules.itertuples(index=False)) and "DC101" not in set(
        rules["code"]
    )
    # a frame built without the column: every line wrote its count, so Ramp is a card
    written = long.drop(columns="count_written")
    table = frames.companion_table(written, format=test_cards.MODERN, store=store)
    assert cell(table, "open.txt", "Yorion", "eligible") is True
    assert cell(table, "short.txt", "Yorion", "near_miss") is True
    sizes = frames.validate(written, format=test_cards.MODERN, store=store).findings
    assert "Modern deck size" not in set(sizes.loc[sizes["deck_id"].str.endswith("size.txt"), "rule"])
