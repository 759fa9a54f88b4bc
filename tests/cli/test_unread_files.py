"""A file not read in full (DC001: binary, an XML or JSON error, not a decklist), a line of it not
read (DC002) or a file with no card line (DC005): the deck as read is not the deck as written. A
rule finding the lost cards could undo is withheld (a size below the minimum would be a failure
invented from the lines that were lost); one they cannot (a banned card, too many copies) stays.
No companion's condition is called met, nor Yorion's count missed; a card that was read and
breaks a condition still breaks it. Such a deck is "not verified" unless a finding that stays
makes it illegal; an empty file is an error of its own, and not verified too."""

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
        "cut.dek: format modern (--format); 24 main: not verified: the file was not read in full (DC001) "
        "(1 error, 0 warnings)"
    )
    assert lines[1].startswith("cut.dek:5: DC001 XML error")
    assert "DC101" not in result.stdout  # 24 cards read of a list that may hold 60
    assert "DC410" not in result.stdout and "DC413" not in result.stdout
    assert lines[-1] == (
        "1 deck checked: 0 legal, 0 illegal, 1 not verified (1 error that leaves rules unchecked, 0 warnings)"
    )


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
    assert lines[0].endswith("0 main: not verified: the file was not read (DC001) (1 error, 0 warnings)")
    assert lines[1].startswith("deck.txt: DC001 binary file")
    assert len(lines) == 3  # no size rule, no companion called possible


def test_a_page_named_with_no_format_is_not_verified_for_not_being_read(
    project: Project, invoke: Invoke
) -> None:
    """A web page named on the command line (no format given either): the deck header names the
    reason it is no deck (DC001), not the format it would have been checked in."""
    project.write("deck.html", "<!DOCTYPE html><html><body><div>4 Lightning Bolt</div></body></html>\n")
    lines = invoke(["check", "deck.html"]).stdout.splitlines()
    assert lines[0].endswith("0 main: not verified: the file was not read (DC001) (1 error, 0 warnings)")
    assert lines[1].startswith("deck.html:1: DC001 not a decklist (HTML page)")


def test_an_empty_file_is_an_error_of_its_own(project: Project, invoke: Invoke) -> None:
    """Nothing was read, so nothing is judged: not verified, and an error (DC005) that fails the run."""
    project.write("empty.txt", "// a title, no cards\n\n")
    result = invoke(["check", "--format", "modern", "-v", "empty.txt"])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [
        "empty.txt: format modern (--format); 0 main: not verified: the decklist has no card lines (DC005) "
        "(1 error, 0 warnings)",
        "empty.txt: DC005 no card lines in the file",
        "1 deck checked: 0 legal, 0 illegal, 1 not verified (1 error that leaves rules unchecked, "
        "0 warnings)",
    ]


def test_a_line_not_read_leaves_the_deck_not_verified(project: Project, invoke: Invoke) -> None:
    """The line's four cards are missing: the 56 read are not "too few", and the companions the
    rest meets are not "eligible" (a Giant might break them)."""
    project.write("deck.txt", "4 Shivan Dragon <3\n4 Lightning Bolt\n52 Mountain\n")
    result = invoke(["check", "--format", "modern", "-v", "deck.txt"])
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "deck.txt: format modern (--format); 56 main: not verified: 1 line not read (DC002) "
        "(1 error, 0 warnings)"
    )
    assert lines[1].startswith("deck.txt:1: DC002 ")
    assert len(lines) == 3  # no DC101, no DC410
    table = invoke(["companions", "--format", "modern", "-o", "json", "deck.txt"])
    assert json.loads(table.stdout)["decks"][0]["eligible"] == []


def test_what_the_lost_lines_cannot_undo_stays(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", "4 Shivan Dragon <3\n4 Mox Opal\n5 Lightning Bolt\n20 Mountain\n")
    result = invoke(["check", "--format", "modern", "deck.txt"])
    assert result.exit_code == 1, result.output
    codes = [line.split()[1] for line in result.stdout.splitlines()[1:-1]]
    assert codes == ["DC002", "DC201", "DC104"]  # (no DC101: 29 cards read of 33 or more)
    assert "; not verified: 1 line not read (DC002)" in result.stdout.splitlines()[0]
    assert result.stdout.splitlines()[-1].startswith("1 deck checked: 0 legal, 1 illegal")


def test_a_line_of_the_maybeboard_not_read_leaves_the_deck_judged(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", "4 Lightning Bolt\n52 Mountain\n\nMaybeboard\n1 Shivan Dragon <3\n")
    result = invoke(["check", "--format", "modern", "deck.txt"])
    assert "DC101 the main deck has 56 cards" in result.stdout
    project.write("legal.txt", "4 Lightning Bolt\n56 Mountain\n\nMaybeboard\n1 Shivan Dragon <3\n")
    result = invoke(["check", "--format", "modern", "legal.txt"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:2] == [
        "legal.txt: format modern (--format); 60 main: legal, 1 warning",
        "legal.txt:5: DC002 [warning] 'Shivan Dragon <3' is not a card name (unexpected '<') "
        "(in the maybeboard, which no rule counts)",
    ]
