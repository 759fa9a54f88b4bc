"""--as-of on the command line, ``as_of`` in the config and ``as_of=`` in frames: the option reaches
the legality rule and the output says which day was used."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deckcheck.cli import cli
from tests.cardfactory import face, record

RECORDS = [
    record("Mox Opal", "{0}", "Legendary Artifact", legal={"modern": "legal"}, printings=["SOM"]),
    record(
        "Lurrus of the Dream-Den",
        "{1}{W/B}{W/B}",
        "Legendary Creature — Cat Nightmare",
        legal={"modern": "banned"},
        printings=["IKO"],
    ),
    {
        "name": "Mountain",
        "layout": "normal",
        "faces": [face("Mountain", None, "Basic Land — Mountain", "({T}: Add {R}.)")],
        "color_identity": ["R"],
        "legalities": {"modern": "legal"},
        "printings": ["LEA", "M10"],
    },
]
OPAL = "4 Mox Opal\n56 Mountain\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cards = tmp_path / "cards.json"
    cards.write_text(
        json.dumps({"meta": {"source": "as-of tests", "updated_at": "2026-01-01"}, "cards": RECORDS}),
        encoding="utf-8",
    )
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    monkeypatch.chdir(root)
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(cards))
    return root


def run(*args: str) -> Any:
    return CliRunner().invoke(cli, ["check", *args], catch_exceptions=False)


def findings(result: Any) -> list[dict[str, Any]]:
    return [f for deck in json.loads(result.output)["decks"] for f in deck["findings"]]


def test_cli_as_of_a_day(project: Path) -> None:
    (project / "opal.txt").write_text(OPAL, encoding="utf-8")
    today = run("--format", "modern", "opal.txt")
    assert today.exit_code == 0, today.output
    dated = run("--format", "modern", "--as-of", "2020-06-01", "opal.txt")
    assert dated.exit_code == 1
    assert "legality as of 2020-06-01" in dated.output  # the header says which day
    assert "Mox Opal is banned in Modern (as of 2020-06-01)" in dated.output
    as_json = run("--format", "modern", "--as-of", "2020-06-01", "-o", "json", "opal.txt")
    note = next(f for f in findings(as_json) if f["code"] == "DC205")
    assert note["data"]["as_of"] == "2020-06-01" and note["data"]["effective"] == "2020-04-24"


def test_cli_as_of_each_decks_date(project: Path) -> None:
    (project / "old.txt").write_text("// date: 2019-12-01\n" + OPAL, encoding="utf-8")
    (project / "new.txt").write_text("// date: 2020-02-01\n" + OPAL, encoding="utf-8")
    (project / "none.txt").write_text(OPAL, encoding="utf-8")
    result = run("--format", "modern", "--as-of", "deck", "-o", "json", "old.txt", "new.txt", "none.txt")
    by_path = {
        Path(d["path"]).name: {f["code"] for f in d["findings"]} for d in json.loads(result.output)["decks"]
    }
    assert "DC201" not in by_path["old.txt"] and "DC201" in by_path["new.txt"]
    assert "DC206" in by_path["none.txt"] and "DC201" not in by_path["none.txt"]


def test_as_of_changes_nothing_in_a_format_without_legality(project: Path) -> None:
    """Regression: Limited has no ban list, yet --as-of left Lurrus's own legality "not known
    (DC206, DC207)", codes never given, and the legal deck not verified (exit 1)."""
    (project / "lim.txt").write_text(
        "20 Mountain\n20 Mox Opal\n\nSideboard\n1 Lurrus of the Dream-Den\n", encoding="utf-8"
    )
    for as_of in ("2020-06-01", "deck", "2030-01-01"):
        result = run("--format", "limited", "--as-of", as_of, "lim.txt")
        assert result.exit_code == 0, (as_of, result.output)
        assert "DC015" not in result.output, as_of


def test_config_as_of(project: Path) -> None:
    (project / "opal.txt").write_text(OPAL, encoding="utf-8")
    (project / ".deckcheck.toml").write_text('format = "modern"\nas_of = "2020-06-01"\n', encoding="utf-8")
    result = run("opal.txt")
    assert result.exit_code == 1 and "legality as of 2020-06-01" in result.output
    # the command line wins over the config
    assert run("--as-of", "2019-12-01", "opal.txt").exit_code == 0


def test_bad_as_of_values_are_usage_and_config_errors(project: Path) -> None:
    (project / "opal.txt").write_text(OPAL, encoding="utf-8")
    result = run("--format", "modern", "--as-of", "last year", "opal.txt")
    assert result.exit_code == 2 and "--as-of" in result.output and "not a date" in result.output
    (project / ".deckcheck.toml").write_text('as_of = "2020-02-30"\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "opal.txt"])
    assert result.exit_code == 2 and "as_of" in result.output


def test_frames_as_of(project: Path) -> None:
    pytest.importorskip("pandas")
    from deckcheck import frames
    from deckcheck.cards.store import open_store

    store = open_store(Path(str(project.parent / "cards.json")))
    decks = {"old": "// date: 2019-12-01\n" + OPAL, "new": "// date: 2020-02-01\n" + OPAL}
    import pandas as pd

    source = pd.Series(decks)
    today = frames.validate(source, format="modern", store=store)
    assert not (today.findings["code"] == "DC201").any()
    dated = frames.validate(source, format="modern", store=store, as_of="deck")
    banned = dated.findings[dated.findings["code"] == "DC201"]
    assert banned["deck_id"].tolist() == ["new"]
    assert set(dated.findings.loc[dated.findings["code"] == "DC205", "deck_id"]) == {"old", "new"}
    fixed = frames.validate(source, format="modern", store=store, as_of="2019-12-01")
    assert not (fixed.findings["code"] == "DC201").any()
    with pytest.raises(ValueError, match="not a date"):
        frames.validate(source, format="modern", store=store, as_of="someday")


# Consider was printed in Odyssey, then again in Innistrad: Midnight Hunt (2021-09-24), which
# joined Pioneer: card data of 2021-01-01 lists no printing that makes it Pioneer-legal.
OLD_DATA = [
    record("Consider", "{U}", "Instant", legal={"pioneer": "not_legal"}, printings=["ODY"]),
    record("Island", None, "Basic Land — Island", legal={"pioneer": "legal"}, printings=["LEA", "KLD"]),
    record("Lurrus of the Dream-Den", "{1}{W/B}{W/B}", "Legendary Creature — Cat", printings=["IKO"]),
    # (a printing outside Pioneer only: not legal there by what this data knows)
    record("Umori, the Collector", "{2}{B/G}{B/G}{B/G}", "Legendary Creature — Ooze", printings=["PLIST"]),
]
CONSIDER = "// format: pioneer\n4 Consider\n56 Island\n"


@pytest.fixture
def old_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cards = tmp_path / "old-cards.json"
    cards.write_text(json.dumps({"meta": {"updated_at": "2021-01-01"}, "cards": OLD_DATA}), encoding="utf-8")
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    monkeypatch.chdir(root)
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(cards))
    (root / "consider.txt").write_text(CONSIDER, encoding="utf-8")
    return cards


def test_a_day_after_the_card_data_does_not_call_a_card_not_legal_by_printings_it_may_lack(
    old_data: Path,
) -> None:
    """As of 2022-05-01 the card data of 2021-01-01 cannot say Consider is not legal in Pioneer: nine
    sets joined Pioneer since, Midnight Hunt reprinted it. Not verified, naming the sets; on the
    data's own day the printings it lists decide."""
    later = run("--as-of", "2022-05-01", "-o", "json", "consider.txt")
    found = findings(later)
    assert not [f for f in found if f["code"] == "DC202"], later.output
    (note,) = [f for f in found if f["code"] == "DC015"]
    assert note["data"]["cards"] == ["Consider"] and "MID" in note["data"]["sets"]
    assert f"but {len(note['data']['sets'])} sets joined Pioneer after it (" in note["message"]
    assert later.exit_code == 1  # not verified is not a pass
    # a ban needs no printing: Lurrus, banned in Pioneer from 2022-03-07, is not offered as companion
    offered = [f for f in found if f["code"] == "DC410"]
    assert not [f for f in offered if "Lurrus" in f["message"]]
    # Umori, not legal by the printings the data knows: its own legality is not known (DC015)
    (umori,) = [c for c in json.loads(later.output)["decks"][0]["companions"] if "Umori" in c["companion"]]
    assert umori["eligible"] is None and "not known (DC015)" in " ".join(umori["placement"])
    same_day = findings(run("--as-of", "2021-01-01", "-o", "json", "consider.txt"))
    assert [f["card"] for f in same_day if f["code"] == "DC202"] == ["Consider"]


def test_printings_of_an_earlier_day_than_the_card_data_are_read_as_of_theirs(old_data: Path) -> None:
    """Card data of 2026 whose printings are those of 2021-01-01 (``printings_as_of``, as the bundled
    set's are of April 2022) cannot say Consider is not legal in Pioneer on 2022-05-01 either."""
    meta = {"updated_at": "2026-01-01", "printings_as_of": "2021-01-01"}
    old_data.write_text(json.dumps({"meta": meta, "cards": OLD_DATA}), encoding="utf-8")
    found = findings(run("--as-of", "2022-05-01", "-o", "json", "consider.txt"))
    assert not [f for f in found if f["code"] == "DC202"]
    (note,) = [f for f in found if f["code"] == "DC015"]
    assert note["data"]["cards"] == ["Consider"] and "card data of 2021-01-01" in note["message"]


def test_frames_agree_on_a_day_after_the_card_data(old_data: Path) -> None:
    pytest.importorskip("pandas")
    import pandas as pd

    from deckcheck import frames
    from deckcheck.cards.store import open_store

    result = frames.validate(pd.Series({"d": CONSIDER}), store=open_store(old_data), as_of="2022-05-01")
    codes = set(result.findings["code"])
    assert "DC202" not in codes and "DC015" in codes


def test_a_long_frame_keeps_that_an_event_deck_was_played_on_magic_online(tmp_path: Path) -> None:
    """validate() on the long frame of a Magic Online event answers as on the file: Second Sunrise,
    banned in Modern from 2013-05-03 in tabletop play and from 2013-05-13 on Magic Online, is not
    verified in a deck of its event of 2013-05-05 (the frame lost where the deck was played, and
    called it banned)."""
    pytest.importorskip("pandas")
    from deckcheck import frames
    from deckcheck.cards.store import CardStore

    store = CardStore.from_records(
        [
            record("Second Sunrise", "{1}{W}{W}", "Instant", printings=["MRD"]),
            record("Plains", None, "Basic Land — Plains", printings=["LEA", "M10"]),
        ]
    )
    event = tmp_path / "modern-challenge.json"
    deck = {"Player": "p1", "Result": "1st Place", "Sideboard": []}
    deck["Mainboard"] = [{"Count": 4, "CardName": "Second Sunrise"}, {"Count": 56, "CardName": "Plains"}]
    document = {"Tournament": {"Date": "2013-05-05T00:00:00Z", "Name": "Modern Challenge"}, "Decks": [deck]}
    event.write_text(json.dumps(document), encoding="utf-8")
    from_file = frames.validate(event, store=store, as_of="deck")
    long = frames.load_decks(event, store=store)
    assert set(long["played_on"]) == {"Magic Online"}
    from_frame = frames.validate(long, store=store, as_of="deck")
    for result in (from_file, from_frame):
        codes = set(result.findings["code"])
        assert "DC015" in codes and "DC201" not in codes


# A house format extending Modern: on a day, Modern's history, and its own list on every day
HOUSE_FORMATS = '[house]\nextends = "modern"\ntitle = "House"\nextra_banned = ["Lurrus of the Dream-Den"]\n'
LURRUS_DECK = "60 Mountain\n\nCompanion\n1 Lurrus of the Dream-Den\n"


@pytest.fixture
def house(project: Path) -> Path:
    """The project with a House format (its config names it and judges each deck by its own date),
    a deck of 2021-06-01 (Modern's history covers it: Lurrus legal in Modern then, Mox Opal banned),
    one of 2010-01-01 (before the history) and one with no date."""
    (project / "formats.toml").write_text(HOUSE_FORMATS, encoding="utf-8")
    (project / ".deckcheck.toml").write_text(
        'formats = ["formats.toml"]\nformat = "house"\nas_of = "deck"\n', encoding="utf-8"
    )
    (project / "covered.txt").write_text("// date: 2021-06-01\n4 Mox Opal\n" + LURRUS_DECK, encoding="utf-8")
    (project / "early.txt").write_text("// date: 2010-01-01\n4 Mox Opal\n" + LURRUS_DECK, encoding="utf-8")
    (project / "undated.txt").write_text("4 Mox Opal\n" + LURRUS_DECK, encoding="utf-8")
    return project


HOUSE_DECKS = ("covered.txt", "early.txt", "undated.txt")


def test_cli_a_house_format_on_a_day(house: Path) -> None:
    """check (text and JSON) and companions: the deck of a covered day is judged by Modern's lists
    of the day (Mox Opal banned), and Lurrus, House's own ban, is banned on every day, never "not
    verified"; where Modern's history does not answer, the rest stays not checked (DC206)."""
    text = run("covered.txt")
    assert text.exit_code == 1
    assert "Mox Opal is banned in House (as of 2021-06-01)" in text.output
    assert "Lurrus of the Dream-Den is banned in House (line" in text.output
    result = run("-o", "json", *HOUSE_DECKS)
    decks = {Path(d["path"]).name: d for d in json.loads(result.output)["decks"]}
    for name, deck in decks.items():
        codes = {f["code"]: f for f in deck["findings"]}
        lurrus = next(
            f for f in deck["findings"] if f["code"] == "DC201" and f["card"] == "Lurrus of the Dream-Den"
        )
        assert lurrus["data"]["own_list"] is True, name
        (companion,) = [c for c in deck["companions"] if c["companion"] == "Lurrus of the Dream-Den"]
        assert companion["eligible"] is False, name
        assert not any("not known" in p for p in companion["placement"]), name
        if name == "covered.txt":
            assert codes["DC205"]["data"]["history"] == "modern" and "DC206" not in codes
            assert codes["DC205"]["data"]["extra_banned"] == ["Lurrus of the Dream-Den"]
        else:
            assert "DC205" not in codes and "DC206" in codes, name
            if name == "early.txt":
                assert codes["DC206"]["data"]["history"] == "modern"
                assert "covers 2011-05-19 to 2022-06-02" in codes["DC206"]["message"]
            assert not [f for f in deck["findings"] if f["card"] == "Mox Opal"], name
        assert deck["legal"] is False, name  # (banned by House's list, whatever else is not known)
    companions = CliRunner().invoke(cli, ["companions", "early.txt"], catch_exceptions=False)
    line = next(row for row in companions.output.splitlines() if row.startswith("Lurrus"))
    assert " no " in line and "Lurrus is banned in House" in line


def test_frames_a_house_format_on_a_day(house: Path) -> None:
    """frames.validate gives the CLI's findings for the house format's dated decks."""
    pytest.importorskip("pandas")
    from deckcheck import frames

    result = run("-o", "json", *HOUSE_DECKS)
    want = {
        Path(d["path"]).name: sorted((f["code"], f["card"] or "", f["message"]) for f in d["findings"])
        for d in json.loads(result.output)["decks"]
    }
    found = frames.validate(list(HOUSE_DECKS), as_of="deck").findings
    got: dict[str, list[tuple[str, str, str]]] = {}
    for row in found.itertuples():
        card = "" if not isinstance(row.card, str) else row.card
        got.setdefault(Path(str(row.deck_id)).name, []).append((row.code, card, row.message))
    assert {name: sorted(rows) for name, rows in got.items()} == want
    companions = frames.validate(list(HOUSE_DECKS), as_of="deck").companions
    lurrus = companions[companions["companion"] == "Lurrus of the Dream-Den"]
    assert len(lurrus) == 3 and lurrus["eligible"].eq(False).fillna(False).all()  # (never <NA>)
