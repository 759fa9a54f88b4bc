"""A file not read in full (DC001: binary, an XML or JSON error, not a decklist) or with no card
line (DC005) holds no deck to judge: the deck as read is not the deck as written. No format rule
is run on it (a size below the minimum would be a failure invented from the lines that were
lost), and no companion's condition is called met, nor Yorion's count missed; a card that was
read and breaks a condition still breaks it. A file not read in full is "not verified"; an empty
one is an error of its own."""

from __future__ import annotations

import json

from tests.cli.conftest import Invoke, Project

# An MTGO .dek cut off in its third card: 20 Mountain and 4 Shivan Dragon are read, the rest is lost.
CUT_DEK = """<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Cards CatID="1" Quantity="20" Sideboard="false" Name="Mountain" />
  <Cards CatID="2" Quantity="4" Sideboard="false" Name="Shivan Dragon" />
  <Cards CatID="3" Quantity="4" Sideboard="false" Name="Lightning Bo
"""
# The same with 4 Lightning Bolt read instead: a near miss for several companions, were it whole.
CUT_DEK_BOLTS = CUT_DEK.replace("Shivan Dragon", "Lightning Bolt")


def test_a_file_cut_off_is_not_verified_and_no_size_rule_judges_what_was_read(
    project: Project, invoke: Invoke
) -> None:
    project.write("cut.dek", CUT_DEK)
    result = invoke(["check", "--format", "modern", "-v", "cut.dek"])
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "cut.dek: format modern (--format); 24 main: not verified: the file was not read in full "
        "(1 error, 0 warnings)"
    )
    assert lines[1].startswith("cut.dek:5: DC001 XML error")
    assert "DC101" not in result.stdout  # 24 cards read of a list that may hold 60
    assert "DC410" not in result.stdout and "DC413" not in result.stdout
    assert lines[-1] == "1 deck checked: 0 legal, 0 with errors, 1 not verified (1 error, 0 warnings)"


def test_companions_of_a_file_cut_off(project: Project, invoke: Invoke) -> None:
    project.write("cut.dek", CUT_DEK)
    result = invoke(["companions", "--format", "modern", "-o", "json", "cut.dek"])
    deck = json.loads(result.stdout)["decks"][0]
    by_name = {c["companion"]: c for c in deck["companions"]}
    assert deck["eligible"] == []
    # a card that was read breaks Lurrus whatever the rest holds
    lurrus = by_name["Lurrus of the Dream-Den"]
    assert lurrus["eligible"] is False
    assert [b["card"] for b in lurrus["breakers"]] == ["Shivan Dragon"]
    # what the read cards meet, the lines not read may break; what Yorion's count misses, they may hold
    met_by_what_was_read = ("Gyruda, Doom of Depths", "Keruga, the Macrosage", "Umori, the Collector")
    for name in (*met_by_what_was_read, "Yorion, Sky Nomad"):
        companion = by_name[name]
        assert companion["eligible"] is None, name
        assert companion["add"] == 0, name
        assert any("the file was not read in full (DC001)" in text for text in companion["placement"]), name


def test_no_cut_is_offered_on_a_file_cut_off(project: Project, invoke: Invoke) -> None:
    project.write("cut.dek", CUT_DEK_BOLTS)
    result = invoke(["companions", "--format", "modern", "-o", "json", "cut.dek"])
    deck = json.loads(result.stdout)["decks"][0]
    gyruda = next(c for c in deck["companions"] if c["companion"] == "Gyruda, Doom of Depths")
    assert gyruda["eligible"] is False  # Lightning Bolt's mana value is odd
    assert gyruda["cut"] == []  # cutting the Bolts need not qualify the deck the file holds
    assert not any(f["code"] == "DC413" for f in deck["findings"])


def test_a_binary_file_gets_its_reason_alone(project: Project, invoke: Invoke) -> None:
    (project.root / "deck.txt").write_bytes(b"4 Lightning Bolt\n\x00\x01\x02" * 50)
    result = invoke(["check", "--format", "modern", "-v", "deck.txt"])
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert lines[0].endswith("0 main: not verified: the file was not read in full (1 error, 0 warnings)")
    assert lines[1].startswith("deck.txt: DC001 binary file")
    assert len(lines) == 3  # no size rule, no companion called possible


def test_an_empty_file_is_an_error_of_its_own(project: Project, invoke: Invoke) -> None:
    project.write("empty.txt", "// a title, no cards\n\n")
    result = invoke(["check", "--format", "modern", "-v", "empty.txt"])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [
        "empty.txt: format modern (--format); 0 main: 1 error",
        "empty.txt: DC005 no card lines in the file",
        "1 deck checked: 0 legal, 1 with errors (1 error, 0 warnings)",
    ]
