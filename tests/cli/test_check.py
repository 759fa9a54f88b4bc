"""`deckcheck check`: exit codes, --strict, --select/--ignore, stdin, directories, errors."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.cli.conftest import (
    BANNED_MODERN,
    COMMANDER_DECK,
    LEGAL_MODERN,
    WARNING_MODERN,
    Invoke,
    Project,
)


def test_clean_deck_exits_0(project: Project, invoke: Invoke) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    result = invoke(["check", "--format", "modern", "legal.txt"])
    assert result.exit_code == 0, result.output
    assert "legal.txt: format modern (--format); 60 main: legal" in result.stdout
    assert "1 deck checked: 1 legal, 0 illegal (0 errors, 0 warnings)" in result.stdout.splitlines()[-1]


def test_error_findings_exit_1_with_path_line_code(project: Project, invoke: Invoke) -> None:
    project.write("banned.txt", BANNED_MODERN)
    result = invoke(["check", "-f", "modern", "banned.txt"])
    assert result.exit_code == 1
    assert "banned.txt:1: DC201 Mox Opal is banned in Modern" in result.stdout
    assert "1 deck checked: 0 legal, 1 illegal (1 error, 0 warnings)" in result.stdout


def test_summary_over_several_decks(project: Project, invoke: Invoke) -> None:
    project.write("a.txt", LEGAL_MODERN)
    project.write("b.txt", BANNED_MODERN)
    project.write("c.txt", "4 Mox Opal\n4 Mox Opal\n20 Mountain\n")
    result = invoke(["check", "-f", "modern", "a.txt", "b.txt", "c.txt"])
    assert result.exit_code == 1
    last = result.stdout.splitlines()[-1]
    assert last.startswith("3 decks checked: 1 legal, 2 illegal (")


def test_warnings_pass_unless_strict(project: Project, invoke: Invoke) -> None:
    project.write("warn.txt", WARNING_MODERN)
    relaxed = invoke(["check", "-f", "modern", "warn.txt"])
    assert relaxed.exit_code == 0
    assert "warn.txt:5: DC412 [warning]" in relaxed.stdout
    strict = invoke(["check", "-f", "modern", "--strict", "warn.txt"])
    assert strict.exit_code == 1
    assert "failing on warnings (--strict)" in strict.stdout


def test_strict_from_config_and_no_strict_override(project: Project, invoke: Invoke) -> None:
    project.write("warn.txt", WARNING_MODERN)
    project.write(".deckcheck.toml", 'format = "modern"\nstrict = true\n')
    assert invoke(["check", "warn.txt"]).exit_code == 1
    assert invoke(["check", "--no-strict", "warn.txt"]).exit_code == 0


def test_exit_zero(project: Project, invoke: Invoke) -> None:
    project.write("banned.txt", BANNED_MODERN)
    assert invoke(["check", "-f", "modern", "--exit-zero", "banned.txt"]).exit_code == 0


def test_ignore_and_select_by_prefix_and_slug(project: Project, invoke: Invoke) -> None:
    project.write("banned.txt", BANNED_MODERN)
    assert invoke(["check", "-f", "modern", "--ignore", "DC201", "banned.txt"]).exit_code == 0
    assert invoke(["check", "-f", "modern", "--ignore", "DC2", "banned.txt"]).exit_code == 0
    assert invoke(["check", "-f", "modern", "--ignore", "banned", "banned.txt"]).exit_code == 0
    assert invoke(["check", "-f", "modern", "--ignore", "Banned", "banned.txt"]).exit_code == 0
    assert invoke(["check", "-f", "modern", "--select", "DC1,DC3", "banned.txt"]).exit_code == 0
    selected = invoke(["check", "-f", "modern", "--select", "DC0", "--select", "dc2", "banned.txt"])
    assert selected.exit_code == 1
    assert "DC201" in selected.stdout


def test_unknown_select_code_is_a_usage_error(project: Project, invoke: Invoke) -> None:
    project.write("banned.txt", BANNED_MODERN)
    result = invoke(["check", "-f", "modern", "--select", "DC7", "banned.txt"])
    assert result.exit_code == 2
    assert "unknown code 'DC7'" in result.stderr
    assert "Traceback" not in result.output
    assert invoke(["check", "-f", "modern", "--ignore", "XYZ", "banned.txt"]).exit_code == 2


def test_config_select_and_ignore(project: Project, invoke: Invoke) -> None:
    project.write("banned.txt", BANNED_MODERN)
    project.write("pyproject.toml", '[tool.deckcheck]\nformat = "modern"\nignore = ["DC201"]\n')
    assert invoke(["check", "banned.txt"]).exit_code == 0
    project.write("pyproject.toml", '[tool.deckcheck]\nformat = "modern"\nselect = "DC3"\n')
    assert invoke(["check", "banned.txt"]).exit_code == 0
    # --select replaces the config's select
    assert invoke(["check", "--select", "DC2", "banned.txt"]).exit_code == 1
    project.write("pyproject.toml", '[tool.deckcheck]\nformat = "modern"\nignore = ["DC77"]\n')
    bad = invoke(["check", "banned.txt"])
    assert bad.exit_code == 2
    assert "pyproject.toml" in bad.stderr and "'ignore'" in bad.stderr and "DC77" in bad.stderr


def test_info_findings_only_with_verbose(project: Project, invoke: Invoke) -> None:
    project.write("legal.txt", "4 lightning bolt\n56 Mountain\n")  # DC012: matched after folding case
    quiet = invoke(["check", "-f", "modern", "legal.txt"])
    assert "DC012" not in quiet.stdout
    assert "hidden (-v shows them)" in quiet.stdout
    verbose = invoke(["check", "-f", "modern", "-v", "legal.txt"])
    assert "legal.txt:1: DC012 [info] 'lightning bolt' read as 'Lightning Bolt'" in verbose.stdout
    assert verbose.exit_code == 0


def test_quiet_drops_deck_headers(project: Project, invoke: Invoke) -> None:
    project.write("banned.txt", BANNED_MODERN)
    lines = invoke(["check", "-f", "modern", "-q", "banned.txt"]).stdout.splitlines()
    assert lines[0].startswith("banned.txt:1: DC201")
    assert len(lines) == 2


def test_stdin(project: Project, invoke: Invoke) -> None:
    result = invoke(["check", "-f", "modern", "-"], input=BANNED_MODERN.encode())
    assert result.exit_code == 1
    assert "<stdin>:1: DC201" in result.stdout
    clean = invoke(["check", "-f", "modern", "-"], input=LEGAL_MODERN.encode("utf-16"))
    assert clean.exit_code == 0, clean.output


def test_stdin_uses_the_config_of_the_working_directory(project: Project, invoke: Invoke) -> None:
    project.write(".deckcheck.toml", 'format = "modern"\n')
    result = invoke(["check", "-"], input=BANNED_MODERN.encode())
    assert result.exit_code == 1
    assert "format modern (format in" in result.stdout


def test_directory_expands_to_decklists(project: Project, invoke: Invoke) -> None:
    project.write("decks/a.txt", LEGAL_MODERN)
    project.write("decks/sub/b.dek", "<Deck></Deck>")
    project.write("decks/sub/c.dck", BANNED_MODERN)
    project.write("decks/notes.md", "not a deck")
    project.write("decks/.hidden/d.txt", BANNED_MODERN)
    project.write("decks/.e.txt", BANNED_MODERN)  # a hidden file is not searched either, nor counted
    result = invoke(["check", "-f", "modern", "-q", "--select", "DC2", "decks"])
    # b.dek holds no card: found in a directory, it is skipped and counted, not failed
    assert result.stdout.splitlines()[-1].startswith("2 decks checked")
    assert "1 file skipped (not a decklist; -v lists them)" in result.stdout
    assert "c.dck:1: DC201" in result.stdout
    assert ".hidden" not in result.stdout and ".e.txt" not in result.stdout
    verbose = invoke(["check", "-f", "modern", "-q", "-v", "--select", "DC2", "decks"])
    assert "decks/sub/b.dek: skipped: no card lines" in verbose.stdout
    # named explicitly, the same file is checked: an empty decklist is an error
    explicit = invoke(["check", "-f", "modern", "decks/sub/b.dek"])
    assert explicit.exit_code == 1 and "DC005" in explicit.stdout


def test_missing_file_is_exit_2_without_traceback(project: Project, invoke: Invoke) -> None:
    result = invoke(["check", "nope.txt"])
    assert result.exit_code == 2
    assert "nope.txt: DC001 no such file or directory" in result.stdout
    assert "Traceback" not in result.output


def test_no_files_is_a_usage_error(project: Project, invoke: Invoke) -> None:
    result = invoke(["check"])
    assert result.exit_code == 2
    assert "no decklist given" in result.stderr


def test_unknown_format_lists_the_valid_ones(project: Project, invoke: Invoke) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    result = invoke(["check", "--format", "modrn", "legal.txt"])
    assert result.exit_code == 2
    assert "unknown format 'modrn'" in result.stderr
    assert "did you mean 'modern'" in result.stderr
    assert "commander" in result.stderr and "pauper" in result.stderr


def test_unknown_input_format(project: Project, invoke: Invoke) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    result = invoke(["check", "--input-format", "word", "legal.txt"])
    assert result.exit_code == 2
    assert "unknown input format 'word'" in result.stderr
    assert "arena" in result.stderr


def test_forced_input_format(project: Project, invoke: Invoke) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    result = invoke(["check", "-f", "modern", "--input-format", "arena", "-o", "json", "legal.txt"])
    assert result.exit_code == 0
    assert '"input_format": "arena"' in result.stdout


def test_list_input_formats(invoke: Invoke) -> None:
    result = invoke(["check", "--list-input-formats"])
    assert result.exit_code == 0
    assert "arena" in result.stdout and "mtgo" in result.stdout


def test_automatic_format(project: Project, invoke: Invoke) -> None:
    project.write("edh.txt", COMMANDER_DECK)
    project.write("pile.txt", BANNED_MODERN)
    result = invoke(["check", "edh.txt", "pile.txt"])
    assert "edh.txt: format generic-commander (inferred: the deck has a commander)" in result.stdout
    assert "pile.txt: format generic-constructed (inferred: no format given)" in result.stdout
    # never silently legal: a warning says what was not checked (exit 0 without --strict)
    assert "pile.txt: DC020 [warning] no format given" in result.stdout
    assert "legality and ban lists were not checked" in result.stdout
    assert result.exit_code == 0


def test_card_db_option_and_missing_store(project: Project, invoke: Invoke, cards_json: Path) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    assert invoke(["check", "-f", "modern", "--card-db", str(cards_json), "legal.txt"]).exit_code == 0
    missing = invoke(["check", "-f", "modern", "--card-db", "none.sqlite", "legal.txt"])
    assert missing.exit_code == 2
    assert "card store none.sqlite not found" in missing.stderr


@pytest.mark.parametrize("content", [b"this is not sqlite at all" * 100, b""])
def test_corrupt_card_store_is_exit_2(project: Project, invoke: Invoke, content: bytes) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    store = project.root / "cards.sqlite"
    store.write_bytes(content)
    result = invoke(["check", "-f", "modern", "--card-db", str(store), "legal.txt"])
    assert result.exit_code == 2
    assert "card store" in result.stderr
    assert "hint: rebuild it" in result.stderr
    assert "Traceback" not in result.output


def test_store_with_wrong_schema_is_exit_2(project: Project, invoke: Invoke) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    store = project.root / "cards.sqlite"
    db = sqlite3.connect(store)
    db.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    db.execute("INSERT INTO meta VALUES ('schema_version', '999')")
    db.commit()
    db.close()
    result = invoke(["check", "-f", "modern", "--card-db", str(store), "legal.txt"])
    assert result.exit_code == 2
    assert "schema" in result.stderr


def test_corrupt_json_card_data_is_exit_2(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    broken = project.write("cards.json", '{"cards": [ {"name": ')
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(broken))
    result = invoke(["check", "-f", "modern", "legal.txt"])
    assert result.exit_code == 2
    assert "not valid JSON" in result.stderr


def test_unexpected_exception_is_internal_error_exit_2(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    import deckcheck.engine

    def explode(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(deckcheck.engine, "check_parsed", explode)
    project.write("legal.txt", LEGAL_MODERN)
    result = invoke(["check", "-f", "modern", "legal.txt"])
    assert result.exit_code == 2
    assert "internal error: RuntimeError: boom" in result.stderr
    assert "Traceback" not in result.stderr
    monkeypatch.setenv("DECKCHECK_DEBUG", "1")
    debug = invoke(["check", "-f", "modern", "legal.txt"])
    assert debug.exit_code == 2
    assert "Traceback" in debug.stderr


def test_unreadable_deck_is_a_finding_not_a_crash(project: Project, invoke: Invoke) -> None:
    (project.root / "binary.txt").write_bytes(b"\x00\x01\x02" * 50)
    result = invoke(["check", "-f", "modern", "binary.txt"])
    assert result.exit_code == 1
    assert "binary.txt: DC001" in result.stdout


def test_color_only_when_asked_or_a_terminal(project: Project, invoke: Invoke) -> None:
    project.write("banned.txt", BANNED_MODERN)
    plain = invoke(["check", "-f", "modern", "banned.txt"])
    assert "\x1b[" not in plain.stdout
    coloured = invoke(["check", "-f", "modern", "--color", "banned.txt"])
    assert "\x1b[31;1mDC201\x1b[0m" in coloured.stdout


def test_version_and_help(invoke: Invoke) -> None:
    assert invoke(["--version"]).exit_code == 0
    assert "check" in invoke(["--help"]).stdout
    bad = invoke(["check", "--no-such-option"])
    assert bad.exit_code == 2
    assert "No such option" in bad.stderr


@pytest.mark.parametrize(
    ("command", "option"),
    [
        ("check", "--format"),
        ("check", "--as-of"),
        ("check", "--input-format"),
        ("companions", "--format"),
        ("companions", "--as-of"),
        ("export", "--input-format"),
    ],
)
@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_option_value_is_a_usage_error(
    project: Project, invoke: Invoke, command: str, option: str, value: str
) -> None:
    """Regression: `--format ''` (an unset shell variable) was read as no --format, and the deck
    was checked in another format without a word."""
    project.write("banned.txt", BANNED_MODERN)
    result = invoke([command, option, value, "banned.txt"])
    assert result.exit_code == 2, result.output
    assert f"{option} is empty" in result.stderr
    assert f"or omit {option}" in result.stderr


def test_a_header_count_that_differs_is_a_warning_naming_its_line(project: Project, invoke: Invoke) -> None:
    """ "Deck (61)" over 60 cards: a card line was probably lost. The cards read are the cards
    checked: the deck stays legal, with a warning at the header's line naming both counts (and
    fails the run only under --strict, as any warning)."""
    project.write("counted.txt", f"// Burn\nDeck (61)\n{LEGAL_MODERN}")
    result = invoke(["check", "-f", "modern", "counted.txt"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "counted.txt: format modern (--format); 60 main: legal, 1 warning"
    assert lines[1].startswith(
        "counted.txt:2: DC007 [warning] the header 'Deck (61)' gives 61 cards, but 60 were read under it"
    )
    assert invoke(["check", "-f", "modern", "--strict", "counted.txt"]).exit_code == 1
    document = json.loads(invoke(["check", "-f", "modern", "-o", "json", "counted.txt"]).stdout)
    (deck,) = document["decks"]
    assert (deck["legal"], deck["status"], deck["counts"]["main"]) == (True, "legal", 60)
    (finding,) = [f for f in deck["findings"] if f["severity"] != "info"]
    assert (finding["code"], finding["severity"], finding["line"]) == ("DC007", "warning", 2)
    project.write("held.txt", f"// Burn\nDeck (60)\n{LEGAL_MODERN}")
    assert "DC007" not in invoke(["check", "-f", "modern", "held.txt"]).stdout
