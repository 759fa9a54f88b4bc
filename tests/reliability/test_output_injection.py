"""Names are shown, never obeyed: a file name, a card name (from a decklist or from card data) or a
config value with control characters in it cannot start a GitHub workflow command, move the
cursor, set the terminal title or ring the bell, in any output. JSON keeps the exact text."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from deckcheck import reporters
from deckcheck.cards.mtgjson import import_atomic_cards
from deckcheck.cards.store import CardStore
from deckcheck.reporters import escape_lines, escape_text, json_text
from tests.reliability.conftest import LEGAL_MODERN, Invoke, Project

INJECTED = "deck\n::error file=PWNED.txt,line=1::owned.txt"
TERMINAL = "deck\x1b]0;title\x07\x1b[2J\x9b31m.txt"
# Whatever a terminal or the Actions runner would act on: C0 controls except the line break
# ending each line, DEL, C1 controls, bidi overrides.
RAW_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def commands(output: str) -> list[str]:
    """Lines the Actions runner reads as workflow commands (it trims leading white space)."""
    return [line for line in output.splitlines() if line.lstrip().startswith("::")]


def legacy_commands(output: str) -> list[str]:
    """Lines the runner reads as the older form of a workflow command ("##[" anywhere in a line),
    when the line is not one of the "::" form (which the runner reads first)."""
    return [line for line in output.splitlines() if "##[" in line and not line.lstrip().startswith("::")]


ANNOTATION_PARTS = re.compile(r"::(error|warning|notice) file=([^,:]*)(?:,line=\d+)?,title=[^:]*::")


def annotated_files(output: str) -> list[str]:
    """The file property of each annotation, decoded as the runner decodes it."""
    files = []
    for line in commands(output):
        match = ANNOTATION_PARTS.match(line)
        assert match is not None, line  # every command line is an annotation deckcheck meant
        encoded = match[2]
        for escaped, char in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
            encoded = encoded.replace(escaped, char)
        files.append(encoded)
    return files


def test_escape_text_shows_controls() -> None:
    assert escape_text("a\nb\x1b[31m\x07\x9b\u202e\udcff") == "a\\x0ab\\x1b[31m\\x07\\x9b\\u202e\\xff"
    assert escape_text("Lim-Dûl's Vault 稲妻") == "Lim-Dûl's Vault 稲妻"
    assert escape_text(escape_text("x\ny")) == escape_text("x\ny")  # escaping twice changes nothing
    assert escape_lines("a\r\nb\x1b") == "a\r\nb\\x1b"


def test_printable_text_skips_the_scan_safely() -> None:
    """escape_text and escape_lines return printable text unscanned: right only while no character
    their scans escape is printable. Checked over every code point."""
    scans = (
        (escape_text, reporters._unsafe()),
        (escape_lines, reporters._unsafe_keeping_lines()),
    )
    for code in range(0x110000):
        char = chr(code)
        for escape, scan in scans:
            assert escape(char) == scan.sub(reporters._escape_char, char), hex(code)


def test_json_text_is_exact_and_inert() -> None:
    value = {"path": "a\x1b\x9b\u2028\u202e\udcff.txt"}
    text = json_text(value)
    assert not RAW_CONTROL.search(text) and "\u2028" not in text
    assert json.loads(text) == value
    text.encode("utf-8")  # a lone surrogate is escaped, so the text can be written


@pytest.mark.parametrize("output", ["text", "github"])
def test_newline_in_file_name_is_no_workflow_command(project: Project, invoke: Invoke, output: str) -> None:
    project.write(INJECTED, "4 Lightning Bolt\n4 Mox Opal\n52 Mountain\n")  # one banned card
    result = invoke(["check", "-f", "modern", "--no-color", "-o", output, INJECTED])
    assert result.exit_code == 1
    found = commands(result.stdout + result.stderr)
    if output == "text":
        assert found == []
        assert "deck\\x0a::error file=PWNED.txt" in result.stdout
    else:  # exactly the one real annotation, its file property percent-encoded
        assert len(found) == 1
        assert found[0].startswith("::error file=deck%0A%3A%3Aerror file=PWNED.txt%2Cline=1%3A%3Aowned.txt,")


@pytest.mark.parametrize("output", ["text", "github"])
def test_terminal_sequences_in_file_name_are_escaped(project: Project, invoke: Invoke, output: str) -> None:
    project.write(TERMINAL, "4 Lightning Bolt\n4 Mox Opal\n52 Mountain\n")
    result = invoke(["check", "-f", "modern", "--no-color", "-o", output, TERMINAL])
    assert result.exit_code == 1
    assert not RAW_CONTROL.search(result.stdout + result.stderr)
    assert "deck\\x1b]0;title\\x07\\x1b[2J\\x9b31m.txt" in result.stdout


def test_json_output_keeps_the_exact_name(project: Project, invoke: Invoke) -> None:
    project.write(TERMINAL, LEGAL_MODERN)
    result = invoke(["check", "-f", "modern", "-o", "json", TERMINAL])
    assert result.exit_code == 0
    assert not RAW_CONTROL.search(result.stdout)
    assert json.loads(result.stdout)["decks"][0]["path"] == TERMINAL


def test_card_name_in_a_decklist_is_never_raw(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", "4 Lightning\x1b[2J Bolt\n4 Shock\u202e\x9b\n52 Mountain\n")
    result = invoke(["check", "-f", "modern", "--no-color", "deck.txt"])
    assert result.exit_code == 1
    assert not RAW_CONTROL.search(result.stdout + result.stderr)


def test_card_names_from_card_data_are_escaped(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A JSON card file is used as it is; what it says is still only shown (in findings and in
    "did you mean" suggestions)."""
    hostile = "Lightning Bolt\x1b]0;owned\x07"
    record = {
        "name": hostile,
        "layout": "normal",
        "faces": [{"name": hostile, "mana_cost": "{R}", "type_line": "Instant", "oracle_text": ""}],
        "color_identity": ["R"],
        "keywords": [],
        "legalities": {"modern": "banned"},
    }
    cards = project.write("cards.json", json.dumps({"cards": [record]}))
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(cards))
    project.write("deck.txt", "4 Lightning Bolt\n")
    # a decklist line cannot carry the control characters (the parser removes them, DC003); one
    # that matches the card's name with punctuation ignored names the card as the data spells it
    project.write("exact.txt", "4 Lightning Bolt 0 owned\n")
    result = invoke(["check", "-f", "modern", "--no-color", "deck.txt", "exact.txt"])
    assert result.exit_code == 1
    assert not RAW_CONTROL.search(result.stdout + result.stderr)
    assert "Lightning Bolt\\x1b]0;owned\\x07" in result.stdout
    companions = invoke(["companions", "-f", "modern", "--no-color", "exact.txt"])
    assert not RAW_CONTROL.search(companions.stdout + companions.stderr)


def test_error_messages_escape_names(project: Project, invoke: Invoke) -> None:
    missing = invoke(["check", INJECTED])
    assert missing.exit_code == 2
    assert commands(missing.stdout + missing.stderr) == []
    assert "deck\\x0a::error" in missing.stdout + missing.stderr  # reported on the file, escaped
    project.write("deck.txt", LEGAL_MODERN)
    usage = invoke(["export", "deck.txt", "--output-file", "nowhere/\x1b[2Jout.txt"])
    assert usage.exit_code == 2
    assert not RAW_CONTROL.search(usage.stdout + usage.stderr)


def test_export_loss_lines_stay_one_line_each(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", "4 Lightning Bolt\n\x01\x01\x01 ::error file=X::y\n56 Mountain\n")
    result = invoke(["export", "--in-place", "deck.txt"])
    assert result.exit_code == 2
    assert "not rewritten: the rewrite would lose 1 line:" in result.stderr
    assert commands(result.stdout + result.stderr) == []
    assert not RAW_CONTROL.search(result.stderr)


def test_config_values_are_escaped(project: Project, invoke: Invoke) -> None:
    project.write("pyproject.toml", '[tool.deckcheck]\nformat = "modern\\u001b[2J"\n')
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", "--no-color", "deck.txt"])
    assert result.exit_code == 2
    assert "modern\\x1b[2J" in result.stderr
    assert not RAW_CONTROL.search(result.stdout + result.stderr)


def atomic(name: str, **extra: object) -> dict[str, object]:
    return {
        "name": name,
        "layout": "normal",
        "manaCost": "{R}",
        "type": "Instant",
        "types": ["Instant"],
        "colors": ["R"],
        "colorIdentity": ["R"],
        "legalities": {"modern": "Legal"},
        "foreignData": [],
        **extra,
    }


def test_cards_import_skips_names_with_control_characters(tmp_path: Path) -> None:
    payload = {
        "meta": {"date": "2022-04-25", "version": "5"},
        "data": {
            "Lightning Bolt": [
                atomic(
                    "Lightning Bolt",
                    foreignData=[
                        {"language": "German", "name": "Blitz\x1bschlag"},
                        {"language": "French", "name": "Foudre"},
                    ],
                )
            ],
            "Evil\x1b]0;x\x07": [atomic("Evil\x1b]0;x\x07")],
        },
    }
    source = tmp_path / "AtomicCards.json.gz"
    source.write_bytes(gzip.compress(json.dumps(payload).encode()))
    store_path = tmp_path / "cards.sqlite"
    result = import_atomic_cards(source, store_path)
    assert result.records == 1
    assert result.skipped == {"control characters in the name": 1}
    assert "control characters in the name 1" in result.summary()
    stored = next(iter(CardStore.open(store_path).records()))
    assert stored["name"] == "Lightning Bolt"
    assert stored["printed_names"] == {"fr": ["Foudre"]}


COMMAND_NAMED = "::error file=x::pwned.txt"  # a file name that would start a workflow command
INDENTED_COMMAND = " ::warning::lists"  # a folder: the runner skips the space before "::"


def test_shown_path_and_line_start() -> None:
    assert reporters.shown_path(COMMAND_NAMED) == "./::error file=x::pwned.txt"
    assert reporters.shown_path(" ::x/a.txt") == "./ ::x/a.txt"
    assert reporters.shown_path("\u00a0::x.txt") == "./\u00a0::x.txt"  # any white space
    assert reporters.shown_path("\u200b::x.txt") == "./\u200b::x.txt"  # or what does not show
    assert reporters.shown_path("\n::x.txt") == "\\x0a::x.txt"  # (escaped: starts no line)
    assert reporters.shown_path("decks/a::b.txt") == "decks/a::b.txt"
    assert reporters.shown_path("/abs/::x.txt") == "/abs/::x.txt"
    assert reporters.line_start("::add-mask::x") == "\\x3a:add-mask::x"
    assert reporters.line_start("  ::x") == "  \\x3a:x"
    assert reporters.line_start("Fire // Ice") == "Fire // Ice"
    assert escape_text("a ##[add-mask]b ###[c") == "a ##\\x5badd-mask]b ###\\x5bc"
    assert escape_text(escape_text("##[x")) == escape_text("##[x")


@pytest.mark.parametrize("output", ["text", "github"])
def test_a_file_named_as_a_command_starts_none(project: Project, invoke: Invoke, output: str) -> None:
    project.write(COMMAND_NAMED, "4 Lightning Bolt\n4 Mox Opal\n52 Mountain\n")
    project.write(f"{INDENTED_COMMAND}/deck.txt", "4 Lightning Bolt\n4 Mox Opal\n52 Mountain\n")
    project.write(f"{INDENTED_COMMAND}/::notes.txt", "Try more removal\n")  # skipped, listed with -v
    result = invoke(["check", "-f", "modern", "--no-color", "-v", "-o", output, "."])
    assert result.exit_code == 1
    both = result.stdout + result.stderr
    if output == "text":
        assert commands(both) == []
        assert "./::error file=x::pwned.txt:2: DC201" in result.stdout
        assert f"./{INDENTED_COMMAND}/deck.txt: format modern" in result.stdout
        assert f"./{INDENTED_COMMAND}/::notes.txt: skipped" in result.stdout
    else:  # only deckcheck's own annotations, each on the exact file
        assert sorted(set(annotated_files(both))) == [f"{INDENTED_COMMAND}/deck.txt", COMMAND_NAMED]
        assert f"deckcheck: ./{INDENTED_COMMAND}/::notes.txt: skipped" in result.stdout
    companions = invoke(["companions", "-f", "modern", "--no-color", COMMAND_NAMED])
    assert commands(companions.stdout + companions.stderr) == []
    assert companions.stdout.startswith("./::error file=x::pwned.txt: format modern")


@pytest.mark.parametrize("output", ["text", "github", "json"])
def test_a_legacy_workflow_command_in_a_name_is_not_obeyed(
    project: Project, invoke: Invoke, output: str
) -> None:
    """The runner obeys "##[add-mask]x" anywhere in a line: in a message, in JSON's strings."""
    name = "##[add-mask]Mountain.txt"
    project.write(name, "4 ##[stop-commands]Bolt\n4 Mox Opal\n52 Mountain\n")
    result = invoke(["check", "-f", "modern", "--no-color", "-o", output, name])
    assert result.exit_code == 1
    both = result.stdout + result.stderr
    assert legacy_commands(both) == []
    if output == "json":  # the exact names for a JSON reader
        deck = json.loads(result.stdout)["decks"][0]
        assert deck["path"] == name
        assert any("##[stop-commands]Bolt" in f["message"] for f in deck["findings"])
    elif output == "text":
        assert "##\\x5bstop-commands]Bolt" in result.stdout
    else:  # an annotation carries the exact text (the runner reads it as an annotation first)
        assert annotated_files(both) and set(annotated_files(both)) == {name}
        assert any("##[stop-commands]Bolt" in line for line in commands(both))


def test_names_at_the_start_of_table_rows_and_error_details(project: Project, invoke: Invoke) -> None:
    project.write("formats.toml", '["::add-mask::x"]\nextends = "modern"\n')
    project.write(".deckcheck.toml", 'formats = ["formats.toml"]\n')
    listed = invoke(["formats"])
    assert listed.exit_code == 0
    assert commands(listed.stdout) == [] and "\\x3a:add-mask::x" in listed.stdout
    looked_up = invoke(["cards", "info", "::warning::x", " ::warning::y"])
    assert commands(looked_up.stdout + looked_up.stderr) == []
    # the lines an in-place export would lose are listed as detail lines, each starting with the file
    project.write("::deck.txt", "4 Lightning Bolt\n\x01\x01\x01 ::error file=X::y\n56 Mountain\n")
    refused = invoke(["export", "--in-place", "::deck.txt"])
    assert refused.exit_code == 2
    assert commands(refused.stdout + refused.stderr) == []
    assert "\n  ./::deck.txt:2: " in refused.stderr
