"""Every place the command line reports an unknown format gives the same advice for a name of a
format deckcheck does not check (data/format_names.toml): --format, a config's format and per-path
formats, a decklist's format declaration."""

from __future__ import annotations

from tests.cli.conftest import LEGAL_MODERN, Invoke, Project

CUBE_ADVICE = (
    "'Vintage Cube' is a cube deck: drafted from a cube, at least 40 cards, as many copies as the pool "
    "holds (Limited, CR 100.2b); check it as 'limited', not by Vintage's rules. valid formats: "
)
HIGHLANDER_ADVICE = (
    "'Canadian Highlander' is a singleton constructed format of at least 100 cards, no commander and no "
    "sideboard, with a points list of its own beside Vintage's banned list; deckcheck does not check it, "
    "and its rules are not Commander's. valid formats: "
)


def test_format_option(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", "--format", "Vintage Cube", "deck.txt"])
    assert result.exit_code == 2
    assert "--format: unknown format 'Vintage Cube'\nhint: " + CUBE_ADVICE in result.stderr
    assert "did you mean" not in result.stderr


def test_config_format_and_per_path_format(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", LEGAL_MODERN)
    project.write(".deckcheck.toml", "format = 'Canadian Highlander'\n")
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 2
    assert (
        ".deckcheck.toml:1: 'format': unknown format 'Canadian Highlander'\nhint: " + HIGHLANDER_ADVICE
        in (result.stderr)
    )
    project.write(".deckcheck.toml", "[per-path]\n'*.txt' = 'Vintage Cube'\n")
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 2
    assert "per-path '*.txt': unknown format 'Vintage Cube'\nhint: " + CUBE_ADVICE in result.stderr


def test_a_decklists_declaration_is_named_as_written(project: Project, invoke: Invoke) -> None:
    project.write("cube.txt", "Format: Vintage Cube\n" + LEGAL_MODERN)
    result = invoke(["check", "cube.txt"])
    assert result.exit_code == 2
    assert (
        "cube.txt:1: DC006 the decklist declares format 'Vintage Cube', which is not a known format: the "
        "file was not checked; correct the declaration, or name the format to check it in (--format) ("
        + CUBE_ADVICE
    ) in result.stdout


def test_a_declaration_naming_two_formats_is_checked_by_neither(project: Project, invoke: Invoke) -> None:
    # "Pauper / Cube" was read as its first part, and the cube deck checked by Pauper's rules
    project.write("cube.txt", "// Format: Pauper / Cube\n" + LEGAL_MODERN)
    result = invoke(["check", "cube.txt"])
    assert result.exit_code == 2
    assert (
        "cube.txt:1: DC006 the decklist declares format 'Pauper / Cube', which is not a known format"
        in result.stdout
    )
    assert "'Pauper / Cube' is a cube deck" in result.stdout and "not by Pauper's rules" in result.stdout
    project.write("both.txt", "// Format: Modern / Pioneer\n" + LEGAL_MODERN)
    result = invoke(["check", "both.txt"])
    assert result.exit_code == 2
    assert (
        "'Modern / Pioneer' names 2 formats (modern and pioneer): a deck is checked by one format's rules at "
        "a time; name the one to check it in (--format modern)."
    ) in result.stdout
    # parts that name one format are that format, as deck sites write Commander's
    project.write("edh.txt", "// Format: Commander / EDH\n" + LEGAL_MODERN)
    result = invoke(["check", "edh.txt"])
    assert "format commander (declared in the file)" in result.stdout
