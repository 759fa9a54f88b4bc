"""A deck's date that names no day for certain (06/01/2019 reads two ways, a day not in the
calendar, two different dates) is not taken for the day of the check: the day the deck is judged
for is not known, so its legality is not verified, at the date's line. A date written year first,
with a note after it or not, is the deck's day."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.cli.conftest import BANNED_MODERN, LEGAL_MODERN, Invoke, Project

# (the test card data describes 2026-01-01 and lists Mox Opal as banned in Modern; the tests run on
# 2026-02-01, so an undated deck is judged by it)


def _deck(result: Any) -> dict[str, Any]:
    (deck,) = json.loads(result.stdout)["decks"]
    return dict(deck)


# -- a deck's date -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("written", "why"),
    [
        ("06/01/2019", "its date '06/01/2019' reads two ways, day or month first"),
        ("June 1, 2019", "its date 'June 1, 2019' is not a YYYY-MM-DD date"),
        ("2020-02-30", "its date '2020-02-30' is no day of the calendar"),
        ("1.6.2019", "its date '1.6.2019' reads two ways, day or month first"),
    ],
)
def test_a_date_that_names_no_day_leaves_the_legality_not_verified(
    project: Project, invoke: Invoke, written: str, why: str
) -> None:
    """An old list is not charged with a ban that came after it, nor passed for today: its day is
    not known, so its legality findings are withheld (named) and the deck is not verified, at the
    date's line, saying how to write the date."""
    project.write("banned.txt", f"// format: modern\n// date: {written}\n{BANNED_MODERN}")
    result = invoke(["check", "banned.txt"])
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert lines[0].endswith("; 60 main: not verified: the deck's date is not known (1 warning)"), lines[0]
    assert "DC201" not in result.stdout  # (Mox Opal, banned in the data's day, withheld and named)
    assert lines[1].startswith("banned.txt:2: DC015 [warning] Modern legality not verified: the day the deck")
    assert why in lines[1] and "Mox Opal" in lines[1] and "YYYY-MM-DD" in lines[1]
    project.write("legal.txt", f"// format: modern\n// date: {written}\n{LEGAL_MODERN}")
    legal = invoke(["check", "-o", "json", "legal.txt"])
    deck = _deck(legal)
    assert legal.exit_code == 1 and deck["status"] == "not verified" and deck["legal"] is None
    (note,) = [f for f in deck["findings"] if f["severity"] != "info"]
    assert note["code"] == "DC015" and note["line"] == 2
    assert note["data"]["date_as_written"] == written and note["data"]["card_data_date"] == "2026-01-01"
    assert "not verified: the deck's date is not known" in invoke(["check", "legal.txt"]).stdout


def test_two_different_dates_leave_the_day_not_known(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", f"// format: modern\n// date: 2026-01-01\n{BANNED_MODERN}// date: 2019-06-01\n")
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 1 and "DC201" not in result.stdout, result.output
    assert "deck.txt:5: DC003 [warning] a second date '2019-06-01' differs" in result.stdout
    assert "it gives two different dates ('2026-01-01' and '2019-06-01')" in result.stdout


@pytest.mark.parametrize("written", ["2019-06-01 (GP Barcelona)", "2019/06/01", "2019-6-1"])
def test_a_date_written_year_first_is_the_deck_s_day(project: Project, invoke: Invoke, written: str) -> None:
    """Year, month, day is the only order that starts with the year: such a date, or one with a
    note after it, names the deck's day, which the card data does not describe."""
    project.write("deck.txt", f"// format: modern\n// date: {written}\n{BANNED_MODERN}")
    result = invoke(["check", "-o", "json", "deck.txt"])
    deck = _deck(result)
    assert deck["status"] == "not verified"
    assert "not verified: card data newer than the deck" in invoke(["check", "deck.txt"]).stdout
    (note,) = [f for f in deck["findings"] if f["code"] == "DC015"]
    assert note["data"]["deck_date"] == "2019-06-01"
    assert [w["card"] for w in note["data"]["withheld"]] == ["Mox Opal"]


def test_as_of_deck_names_the_date_it_cannot_read(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", f"// format: modern\n// date: 06/01/2019\n{LEGAL_MODERN}")
    result = invoke(["check", "--as-of", "deck", "deck.txt"])
    assert result.exit_code == 1, result.output
    (line,) = [line for line in result.stdout.splitlines() if "DC206" in line]
    assert line.startswith(
        "deck.txt:2: DC206 Modern legality as of the deck's date was asked for, but its date"
    )
    assert "(write the date as YYYY-MM-DD, or give one with --as-of YYYY-MM-DD)" in line
