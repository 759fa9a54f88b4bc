"""A fact that is missing never reads as a pass, whatever the run reports: a deck's date that names
no day for certain, an empty decklist, no format where one is required, a companion ability
deckcheck does not know. Each leaves the deck "not verified", and ignoring or deselecting the
finding that says so (--select/--ignore) decides nothing: the deck stays not verified, fails the
run, and every output says why (the text verdict, a GitHub annotation, the JSON)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.cli.cards import RECORDS, _legal, _record
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
        ("midsummer 2019", "its date 'midsummer 2019' is not a YYYY-MM-DD date"),
        ("1 Jun 19", "its date '1 Jun 19' has a two-digit year"),
        ("31 June 2019", "its date '31 June 2019' is no day of the calendar"),
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


@pytest.mark.parametrize(
    "written", ["2019-06-01 (GP Barcelona)", "2019/06/01", "2019-6-1", "June 1, 2019", "1 Jun 2019"]
)
def test_a_date_that_names_one_day_is_the_deck_s_day(project: Project, invoke: Invoke, written: str) -> None:
    """Year, month, day is the only order that starts with the year, and a month named in English
    is no number to take for a day: such a date, or one with a note after it, names the deck's day,
    which the card data does not describe."""
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


# -- an empty decklist -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "options",
    [[], ["--select", "DC1"], ["--select", "DC2"], ["--ignore", "DC005"], ["--ignore", "DC0"]],
    ids=["reported", "select-DC1", "select-DC2", "ignore-DC005", "ignore-DC0"],
)
def test_an_empty_decklist_is_never_legal(project: Project, invoke: Invoke, options: list[str]) -> None:
    project.write("empty.txt", "// format: modern\n// nothing here\n")
    result = invoke(["check", *options, "empty.txt"])
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert "0 main: not verified: the decklist has no card lines (DC005)" in lines[0]
    assert lines[-1].startswith("1 deck checked: 0 legal, 0 illegal, 1 not verified")
    deck = _deck(invoke(["check", "-o", "json", *options, "empty.txt"]))
    assert deck["legal"] is None and deck["failed"] is True
    assert [f["code"] for f in deck["findings"]] == ([] if options else ["DC005"])


# -- no format where one is required -------------------------------------------------------------------
@pytest.mark.parametrize(
    "options",
    [
        ["--require-format"],
        ["--require-format", "--select", "DC2"],
        ["--require-format", "--ignore", "DC021"],
    ],
    ids=["reported", "select-DC2", "ignore-DC021"],
)
def test_a_required_format_missing_fails_whatever_is_reported(
    project: Project, invoke: Invoke, options: list[str]
) -> None:
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", *options, "deck.txt"])
    assert result.exit_code == 1, result.output
    assert "60 main: not verified: no format given" in result.stdout.splitlines()[0]
    deck = _deck(invoke(["check", "-o", "json", *options, "deck.txt"]))
    assert deck["failed"] is True and deck["legal"] is None and deck["status"] == "not verified"
    assert ("DC021" in [f["code"] for f in deck["findings"]]) == (options == ["--require-format"])
    assert invoke(["check", *options[1:], "deck.txt"]).exit_code == 0  # (not required: it passes)


def test_a_required_format_in_the_config_is_not_ignored_away(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", LEGAL_MODERN)
    project.write(".deckcheck.toml", 'require_format = true\nignore = ["DC021"]\n')
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 1, result.output
    assert "not verified: no format given (finding ignored: DC021)" in result.stdout


# -- a companion ability deckcheck does not know ---------------------------------------------------------
@pytest.fixture
def made_up_companion(project: Project, monkeypatch: pytest.MonkeyPatch) -> str:
    """Card data with a companion whose condition is none of the ten deckcheck knows."""
    name = "Zyx, the Unheard"
    record = _record(
        name,
        "{2}{R}",
        "Legendary Creature — Elemental",
        "Companion — Each card in your starting deck has a name of an even number of letters.\nHaste",
        ["R"],
        _legal(),
    )
    cards = project.root / "cards-with-zyx.json"
    meta = {"source": "cli-tests", "updated_at": "2026-01-01"}
    cards.write_text(json.dumps({"meta": meta, "cards": [*RECORDS, record]}), encoding="utf-8")
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(cards))
    return name


@pytest.mark.parametrize("options", [[], ["--ignore", "DC409"], ["--select", "DC2"]])
def test_a_companion_deckcheck_cannot_check_leaves_the_deck_not_verified(
    project: Project, invoke: Invoke, made_up_companion: str, options: list[str]
) -> None:
    project.write("deck.txt", f"// format: modern\n{LEGAL_MODERN}\nCompanion\n1 {made_up_companion}\n")
    result = invoke(["check", *options, "deck.txt"])
    assert result.exit_code == 1, result.output
    assert f"not verified: companion ability not known ({made_up_companion})" in result.stdout.splitlines()[0]
    deck = _deck(invoke(["check", "-o", "json", *options, "deck.txt"]))
    assert deck["legal"] is None and deck["failed"] is True
    unchecked = [(f["card"], f["line"]) for f in deck["findings"] if f["code"] == "DC409"]
    assert unchecked == ([] if options else [(made_up_companion, 6)])


# -- the reporters say why ---------------------------------------------------------------------------
def test_github_annotates_a_deck_left_undecided_by_an_ignored_finding(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-06-01")  # (151 days after the test card data)
    project.write("deck.txt", f"// format: modern\n{LEGAL_MODERN}")
    summary = project.root / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = invoke(["check", "-o", "github", "--ignore", "DC015", "deck.txt"])
    assert result.exit_code == 1, result.output
    (annotation,) = [line for line in result.stdout.splitlines() if line.startswith("::")]
    assert annotation.startswith(
        "::error file=deck.txt,title=deckcheck not verified::not verified: card data 151 days old "
        "(finding ignored: DC015): Modern legality not verified"
    )
    assert "| deck.txt |  | - | error | not verified: card data 151 days old" in summary.read_text("utf-8")
    # reported, the finding is the annotation; an inferred format that passes gets none
    reported = invoke(["check", "-o", "github", "deck.txt"]).stdout
    assert [line.split(",")[0] for line in reported.splitlines() if line.startswith("::")] == [
        "::warning file=deck.txt"
    ]
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-02-01")
    project.write("nofmt.txt", LEGAL_MODERN)
    inferred = invoke(["check", "-o", "github", "--ignore", "DC020", "nofmt.txt"])
    assert inferred.exit_code == 0 and not [
        line for line in inferred.stdout.splitlines() if line.startswith("::")
    ]


@pytest.mark.parametrize("options", [["--ignore", "DC015"], ["--select", "DC2"]], ids=["ignore", "select"])
def test_quiet_text_names_a_deck_left_undecided_by_an_ignored_finding(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch, options: list[str]
) -> None:
    """-q drops the deck headers, which carry the verdict: a deck that fails the run though no
    finding shown says so (the one that did was left out) still gets a line naming it and why, as
    GitHub output gives it an annotation. A deck that passes, or whose finding is shown, gets none."""
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-06-01")  # (151 days after the test card data)
    project.write("deck.txt", f"// format: modern\n{LEGAL_MODERN}")
    result = invoke(["check", "-q", *options, "deck.txt"])
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("deck.txt: not verified: card data 151 days old (finding ignored: DC015)")
    assert len(lines) == 2 and lines[1].startswith("1 deck checked: 0 legal, 0 illegal, 1 not verified")
    reported = invoke(["check", "-q", "deck.txt"]).stdout.splitlines()
    assert [line.split(" ")[:2] for line in reported[:-1]] == [["deck.txt:", "DC015"]]
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-02-01")
    project.write("nofmt.txt", LEGAL_MODERN)
    inferred = invoke(["check", "-q", "--ignore", "DC020", "nofmt.txt"])
    assert inferred.exit_code == 0 and len(inferred.stdout.splitlines()) == 1


def test_json_gives_the_ignored_finding_behind_a_not_verified_deck(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-06-01")
    project.write("deck.txt", f"// format: modern\n{LEGAL_MODERN}")
    result = invoke(["check", "-o", "json", "--ignore", "DC015", "deck.txt"])
    deck = _deck(result)
    assert deck["status"] == "not verified" and deck["failed"] is True
    assert [f for f in deck["findings"] if f["code"] == "DC015" or f["severity"] != "info"] == []
    (ignored,) = deck["ignored_undecided"]
    assert ignored["code"] == "DC015" and ignored["data"]["data_age_days"] == 151
    assert deck["unverified_reason"] == "card data 151 days old (finding ignored: DC015)"
    assert deck["errors"] == deck["warnings"] == 0  # (what was left out is not counted)
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-02-01")
    legal = _deck(invoke(["check", "-o", "json", "deck.txt"]))
    assert legal["unverified_reason"] is None and legal["ignored_undecided"] == []


@pytest.mark.parametrize(
    ("text", "options", "code", "reason"),
    [
        (
            "// format: modern\n// nothing here\n",
            ["--ignore", "DC005"],
            "DC005",
            "the decklist has no card lines (DC005)",
        ),
        (
            LEGAL_MODERN,
            ["--require-format", "--select", "DC2"],
            "DC021",
            "no format given (finding ignored: DC021)",
        ),
        (
            f"// format: modern\n// date: 06/01/2019\n{LEGAL_MODERN}",
            ["--ignore", "DC015"],
            "DC015",
            "the deck's date is not known (finding ignored: DC015)",
        ),
    ],
    ids=["empty", "no-format", "no-day"],
)
def test_json_names_the_ignored_finding_of_every_kind(
    project: Project, invoke: Invoke, text: str, options: list[str], code: str, reason: str
) -> None:
    project.write("deck.txt", text)
    deck = _deck(invoke(["check", "-o", "json", *options, "deck.txt"]))
    assert [f["code"] for f in deck["ignored_undecided"]] == [code]
    assert deck["unverified_reason"] == reason and deck["legal"] is None and deck["failed"] is True


def test_the_json_of_a_deck_with_ignored_findings_is_written_as_its_record(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deckcheck import reporters as rep
    from deckcheck.session import CheckOptions
    from tests.cli.test_json_direct import assert_written_as_the_dicts, results

    monkeypatch.setenv("DECKCHECK_TODAY", "2026-06-01")
    project.write("deck.txt", f"// format: modern\n// date: 06/01/2019\n{BANNED_MODERN}")
    [result] = results(["deck.txt"], CheckOptions(ignore=("DC015",)))
    assert [f.code for f in result.report.ignored_undecided] == ["DC015"]
    assert_written_as_the_dicts(result)
    written = json.loads(rep.deck_json(result))
    assert [f["code"] for f in written["ignored_undecided"]] == ["DC015"]
    assert written["unverified_reason"] == "the deck's date is not known (finding ignored: DC015)"
