"""Config discovery ([tool.deckcheck] / .deckcheck.toml), per-path formats, the `// format:` header,
and the format precedence: --format > header > per-path > config default > automatic."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from deckcheck.config import Config, ConfigFinder, glob_matches, load_config, parse_table
from deckcheck.errors import ConfigError
from tests.cli.conftest import BANNED_MODERN, COMMANDER_DECK, LEGAL_MODERN, Invoke, Project

PER_PATH = """
[tool.deckcheck]
format = "modern"

[tool.deckcheck.per-path]
"decks/commander/**" = "commander"
"decks/pauper/*.txt" = "pauper"
"""


def header_lines(stdout: str) -> dict[str, str]:
    """deck path -> its header line (the text output's first line per deck)."""
    out = {}
    for line in stdout.splitlines():
        if ": format " in line:
            out[line.split(": format ")[0]] = line
    return out


def test_pyproject_found_upward_with_per_path(project: Project, invoke: Invoke) -> None:
    project.write("pyproject.toml", PER_PATH)
    project.write("decks/commander/krenko.txt", COMMANDER_DECK)
    project.write("decks/pauper/burn.txt", LEGAL_MODERN)
    project.write("decks/modern/burn.txt", LEGAL_MODERN)
    result = invoke(["check", "decks"])
    headers = header_lines(result.stdout)
    assert "format commander (per-path 'decks/commander/**' in" in headers["decks/commander/krenko.txt"]
    assert "format pauper (per-path 'decks/pauper/*.txt'" in headers["decks/pauper/burn.txt"]
    assert "format modern (format in" in headers["decks/modern/burn.txt"]
    assert "pyproject.toml [tool.deckcheck])" in headers["decks/modern/burn.txt"]
    assert result.exit_code == 0, result.output


def test_per_path_is_relative_to_the_config_not_the_working_directory(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    project.write("pyproject.toml", PER_PATH)
    project.write("decks/commander/krenko.txt", COMMANDER_DECK)
    monkeypatch.chdir(project.root / "decks")
    result = invoke(["check", "commander/krenko.txt"])
    assert "format commander (per-path" in result.stdout


def test_last_matching_glob_wins(project: Project, invoke: Invoke) -> None:
    project.write(
        ".deckcheck.toml",
        'per_path = {"decks/**" = "legacy", "decks/edh/**" = "commander"}\n',
    )
    project.write("decks/edh/a.txt", COMMANDER_DECK)
    project.write("decks/b.txt", LEGAL_MODERN)
    headers = header_lines(invoke(["check", "decks"]).stdout)
    assert "format commander" in headers["decks/edh/a.txt"]
    assert "format legacy" in headers["decks/b.txt"]


def test_header_comment_beats_config_and_format_option_beats_header(project: Project, invoke: Invoke) -> None:
    project.write("pyproject.toml", PER_PATH)
    project.write("decks/commander/legacy.txt", "// format: legacy\n" + LEGAL_MODERN)
    result = invoke(["check", "decks/commander/legacy.txt"])
    assert "format legacy (declared in the file)" in result.stdout
    forced = invoke(["check", "--format", "vintage", "decks/commander/legacy.txt"])
    assert "format vintage (--format)" in forced.stdout


def test_header_with_unknown_format_is_exit_2(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", "// format: tribal-wars\n" + LEGAL_MODERN)
    project.write("other.txt", BANNED_MODERN)
    result = invoke(["check", "deck.txt", "other.txt"])
    assert result.exit_code == 2
    assert (
        "deck.txt:1: DC006 the decklist declares format 'tribal-wars', which is not a known format"
        in result.stdout
    )
    assert "valid formats:" in result.stdout
    # every other file is still checked
    assert "other.txt: format generic-constructed" in result.stdout


def test_deckcheck_toml_wins_over_pyproject_in_the_same_directory(project: Project, invoke: Invoke) -> None:
    project.write("pyproject.toml", '[tool.deckcheck]\nformat = "legacy"\n')
    project.write(".deckcheck.toml", 'format = "pauper"\n')
    project.write("deck.txt", LEGAL_MODERN)
    assert "format pauper (format in" in invoke(["check", "deck.txt"]).stdout


def test_pyproject_without_table_is_passed_over(project: Project, invoke: Invoke) -> None:
    project.write("pyproject.toml", '[tool.deckcheck]\nformat = "legacy"\n')
    project.write("sub/pyproject.toml", '[project]\nname = "x"\n')
    project.write("sub/deck.txt", LEGAL_MODERN)
    assert "format legacy (format in" in invoke(["check", "sub/deck.txt"]).stdout


def test_nearest_config_wins(project: Project, invoke: Invoke) -> None:
    project.write("pyproject.toml", '[tool.deckcheck]\nformat = "legacy"\n')
    project.write("sub/.deckcheck.toml", 'format = "pauper"\n')
    project.write("sub/deck.txt", LEGAL_MODERN)
    project.write("deck.txt", LEGAL_MODERN)
    headers = header_lines(invoke(["check", "sub/deck.txt", "deck.txt"]).stdout)
    assert "format pauper" in headers["sub/deck.txt"]
    assert "format legacy" in headers["deck.txt"]


def test_discovery_stops_at_the_repository_root(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.deckcheck]\nformat = "legacy"\n')
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "decks").mkdir()
    assert ConfigFinder().for_file(repo / "decks" / "a.txt").path is None
    assert ConfigFinder().for_file(tmp_path / "a.txt").format == "legacy"


# -- exclude --------------------------------------------------------------------------------------
def test_exclude_skips_what_a_folder_run_finds_and_says_so(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A decklist repository's odd files (a list of every card name, an archive of old decks) are
    kept out of folder runs by `exclude`: skipped and counted, never checked, never dropped unsaid.
    A glob matches a file's path or a folder above it, relative to the config's folder."""
    project.write(".deckcheck.toml", 'format = "modern"\nexclude = ["lib/**", "archive", "*.bak.txt"]\n')
    project.write("decks/burn.txt", LEGAL_MODERN)
    project.write("decks/archive/2019/old.txt", BANNED_MODERN)  # any folder named archive
    project.write("decks/burn.bak.txt", BANNED_MODERN)
    project.write("lib/valid_card_names.txt", "Lightning Bolt\nBlack Lotus\n" * 100)
    result = invoke(["check", "."])
    assert result.exit_code == 0, result.output
    assert "1 deck checked: 1 legal" in result.stdout
    assert "3 files skipped (excluded; -v lists them)" in result.stdout.splitlines()[-1]
    verbose = invoke(["check", "-v", "."]).stdout
    for path, glob in (
        ("decks/archive/2019/old.txt", "archive"),
        ("decks/burn.bak.txt", "*.bak.txt"),
        ("lib/valid_card_names.txt", "lib/**"),
    ):
        assert f"{path}: skipped: excluded by '{glob}' in " in verbose, verbose
    assert "3 files skipped (excluded)" in verbose.splitlines()[-1]
    # from another folder: the globs stay relative to the config's folder
    monkeypatch.chdir(project.root / "decks")
    inside = invoke(["check", "."])
    assert inside.exit_code == 0 and "2 files skipped (excluded" in inside.stdout, inside.output
    monkeypatch.chdir(project.root)
    # a file named explicitly is checked; --force-exclude (or the config's force_exclude) skips it
    named = invoke(["check", "decks/burn.bak.txt"])
    assert named.exit_code == 1 and "DC201" in named.stdout
    forced = invoke(["check", "--force-exclude", "decks/burn.bak.txt"])
    assert forced.exit_code == 0 and "1 file skipped (excluded" in forced.stdout
    project.write(".deckcheck.toml", 'format = "modern"\nexclude = ["*.bak.txt"]\nforce-exclude = true\n')
    assert invoke(["check", "decks/burn.bak.txt"]).exit_code == 0
    # JSON: the skipped file and why
    document = json.loads(invoke(["check", "-o", "json", "."]).stdout)
    assert [s["path"] for s in document["skipped"]] == ["decks/burn.bak.txt"]
    assert document["skipped"][0]["reason"].startswith("excluded by '*.bak.txt' in ")


def test_force_exclude_selects_named_files_as_a_folder_run_does(project: Project, invoke: Invoke) -> None:
    """pre-commit names every file its `files:` pattern matches (`files: ^decks/`): under
    --force-exclude a README, an image or a JSON file that is no deck is skipped and counted, as in
    a folder run, not checked as a decklist; a decklist named so is checked."""
    project.write("decks/burn.txt", LEGAL_MODERN)
    project.write("decks/banned.txt", BANNED_MODERN)
    project.write("decks/README.md", "These are my decks for the 2026 season.\nAsk before copying.\n")
    project.write("decks/meta.json", '{"season": 2026, "players": ["a", "b"]}')
    (project.root / "decks" / "art.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    named = ["decks/burn.txt", "decks/README.md", "decks/meta.json", "decks/art.png"]
    plain = invoke(["check", "--format", "modern", *named])
    assert plain.exit_code == 1 and "DC001" in plain.stdout, plain.output  # named: each one checked
    forced = invoke(["check", "--force-exclude", "--format", "modern", *named])
    assert forced.exit_code == 0, forced.output
    assert "1 deck checked: 1 legal" in forced.stdout and "3 files skipped (not decklists" in forced.stdout
    verbose = invoke(["check", "--force-exclude", "-v", "--format", "modern", *named]).stdout
    assert "decks/art.png: skipped: not a decklist extension" in verbose, verbose
    assert "decks/meta.json: skipped: not a decklist" in verbose
    banned = invoke(["check", "--force-exclude", "--format", "modern", "decks/banned.txt"])
    assert banned.exit_code == 1 and "DC201" in banned.stdout


def test_exclude_from_the_command_line(project: Project, invoke: Invoke) -> None:
    project.write("decks/burn.txt", LEGAL_MODERN)
    project.write("decks/names/all.txt", BANNED_MODERN)
    project.write("decks/odd.txt", BANNED_MODERN)
    result = invoke(["check", "--format", "modern", "--exclude", "decks/names,odd.txt", "decks"])
    assert result.exit_code == 0 and "2 files skipped (excluded" in result.stdout, result.output
    mixed = invoke(["check", "-v", "--format", "modern", "--exclude", "odd.txt", "decks"])
    assert "decks/odd.txt: skipped: excluded by --exclude 'odd.txt'" in mixed.stdout
    companions = invoke(["companions", "--format", "modern", "--exclude", "decks/names/**", "decks"])
    assert "all.txt" not in companions.stdout and companions.exit_code == 0
    bad = invoke(["check", "--exclude", "[z-a]", "decks"])
    assert bad.exit_code == 2 and "--exclude: '[z-a]' is not a valid glob" in bad.stderr


def test_a_folder_run_with_both_kinds_of_skipped_files(project: Project, invoke: Invoke) -> None:
    project.write(".deckcheck.toml", 'format = "modern"\nexclude = ["old"]\n')
    project.write("decks/burn.txt", LEGAL_MODERN)
    project.write("decks/old/burn.txt", BANNED_MODERN)
    project.write("decks/requirements.txt", "numpy==1.26\npandas>=2\n")
    result = invoke(["check", "decks"])
    assert "2 files skipped (not decklists or excluded; -v lists them)" in result.stdout


def test_explicit_config_and_no_config(project: Project, invoke: Invoke) -> None:
    project.write("pyproject.toml", '[tool.deckcheck]\nformat = "legacy"\n')
    project.write("other.toml", 'format = "pauper"\n')
    project.write("deck.txt", LEGAL_MODERN)
    assert "format pauper" in invoke(["check", "--config", "other.toml", "deck.txt"]).stdout
    assert "format generic-constructed" in invoke(["check", "--no-config", "deck.txt"]).stdout
    both = invoke(["check", "--config", "other.toml", "--no-config", "deck.txt"])
    assert both.exit_code == 2
    missing = invoke(["check", "--config", "missing.toml", "deck.txt"])
    assert missing.exit_code == 2
    assert "missing.toml not found" in missing.stderr


def test_unknown_key_is_exit_2_naming_file_and_key(project: Project, invoke: Invoke) -> None:
    config = project.write("pyproject.toml", '[tool.deckcheck]\nformat = "modern"\nstirct = true\n')
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 2
    assert f"{config}:3: unknown key 'stirct' in [tool.deckcheck]" in result.stderr
    assert "did you mean 'strict'?" in result.stderr  # (as a formats file's unknown key says)
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("format = \n", ".deckcheck.toml:1: not valid TOML: Invalid value (column 10)"),
        (
            "strict = true\nformat = 'modern'\nformat = 'pauper'\n",
            ".deckcheck.toml:3: not valid TOML: Cannot overwrite",
        ),
        ("format = 'modern\n", '.deckcheck.toml: not valid TOML: Expected "\'" (at end of document)'),
        ("strict = 'yes'\n", "'strict' must be true or false"),
        ("format = 3\n", "'format' must be a string (a format name), not 3"),
        ("select = 5\n", "'select' must be a string or a list of strings"),
        ("per_path = 'commander'\n", "'per_path' must be a table"),
        ("[per-path]\n'a/**' = 1\n", "per-path 'a/**' must name a format"),
        ("format = 'modrn'\n", "unknown format 'modrn'"),
        ("[per-path]\n'*.txt' = 'edh2'\n", "per-path '*.txt': unknown format 'edh2'"),
        ("input-format = 'word'\n", "unknown input format 'word'"),
        ("formats = ['missing-formats.toml']\n", "missing-formats.toml not found"),
        ("exclude = 3\n", "'exclude' must be a glob or a list of globs"),
        ("exclude = ['[z-a]']\n", "exclude '[z-a]' is not a valid glob"),
        ("force_exclude = 'yes'\n", "'force_exclude' must be true or false"),
    ],
)
def test_bad_config_values_are_exit_2(project: Project, invoke: Invoke, text: str, expected: str) -> None:
    project.write(".deckcheck.toml", text)
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 2, result.output
    assert expected in result.stderr
    assert ".deckcheck.toml" in result.stderr
    assert "Traceback" not in result.output


def test_user_formats_file_from_config(project: Project, invoke: Invoke) -> None:
    project.write("formats/house.toml", '[house]\nextends = "constructed"\ntitle = "House"\nmin_main = 20\n')
    project.write(".deckcheck.toml", 'formats = ["formats/house.toml"]\nformat = "house"\n')
    project.write("deck.txt", "4 Mox Opal\n16 Mountain\n")
    result = invoke(["check", "deck.txt"])
    assert "format house (format in" in result.stdout
    assert result.exit_code == 0, result.output
    assert "house" in invoke(["formats"]).stdout


def test_card_db_from_config_is_relative_to_it(
    project: Project, invoke: Invoke, cards_json: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DECKCHECK_CARD_DB")
    (project.root / "data").mkdir()
    (project.root / "data" / "mine.json").write_bytes(cards_json.read_bytes())
    project.write(".deckcheck.toml", 'card_db = "data/mine.json"\nformat = "modern"\n')
    project.write("decks/deck.txt", LEGAL_MODERN)
    result = invoke(["check", "-o", "json", "decks/deck.txt"])
    assert result.exit_code == 0, result.output
    assert "mine.json" in result.stdout


@pytest.mark.parametrize(
    "config_file, text, line",
    [
        (".deckcheck.toml", '# the house store\nformat = "modern"\ncard_db = "data/gone.sqlite"\n', 3),
        ("pyproject.toml", '[project]\nname = "x"\n\n[tool.deckcheck]\ncard-db = "data/gone.sqlite"\n', 5),
    ],
)
def test_a_card_db_that_is_not_there_names_the_config_line_that_set_it(
    config_file: str, text: str, line: int, project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The error named the missing store alone: which config (of those found upwards) set it, and
    where, was left to guess. `check` and `cards info` read the same store and say the same; a
    store chosen by --card-db or $DECKCHECK_CARD_DB is no config's fault."""
    monkeypatch.delenv("DECKCHECK_CARD_DB")
    project.write(config_file, text)
    project.write("deck.txt", LEGAL_MODERN)
    store = project.root / "data" / "gone.sqlite"
    for args in (["check", "deck.txt"], ["cards", "info"], ["cards", "info", "Lightning Bolt"]):
        result = invoke(args)
        assert result.exit_code == 2, result.output
        where = f"{project.root / config_file}:{line}"
        assert f"{where}: 'card_db': card store {store} not found" in result.stderr
    given = invoke(["check", "--card-db", str(store), "deck.txt"])
    assert given.exit_code == 2 and f"error: card store {store} not found" in given.stderr
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(store))
    environment = invoke(["check", "deck.txt"])
    assert environment.exit_code == 2 and f"error: card store {store} not found" in environment.stderr


def test_parse_table_normalises_keys_and_values(tmp_path: Path) -> None:
    path = tmp_path / ".deckcheck.toml"
    config = parse_table(
        {
            "input-format": "arena",
            "select": "DC1, DC2",
            "ignore": ["DC403,DC412"],
            "card-db": "c.sqlite",
            "formats": "f.toml",
            "per-path": {"a/**": "commander"},
        },
        path,
    )
    assert config == Config(
        path=path,
        input_format="arena",
        select=("DC1", "DC2"),
        ignore=("DC403", "DC412"),
        card_db=tmp_path / "c.sqlite",
        formats=(tmp_path / "f.toml",),
        per_path=(("a/**", "commander"),),
    )
    with pytest.raises(ConfigError, match="given twice"):
        parse_table({"input-format": "arena", "input_format": "mtgo"}, path)


def test_load_config_requires_the_table_in_pyproject(tmp_path: Path) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text("[project]\nname = 'x'\n")
    with pytest.raises(ConfigError, match=r"no \[tool\.deckcheck\] table"):
        load_config(path)


def test_finder_caches_per_directory(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    config = tmp_path / ".deckcheck.toml"
    config.write_text('format = "modern"\n')
    finder = ConfigFinder()
    assert finder.for_file(tmp_path / "a" / "b" / "x.txt").format == "modern"
    config.write_text('format = "legacy"\n')  # cached: not read again within the run
    assert finder.for_file(tmp_path / "a" / "y.txt").format == "modern"
    assert ConfigFinder().for_file(tmp_path / "a" / "y.txt").format == "legacy"


@pytest.mark.parametrize(
    ("glob", "path", "matches"),
    [
        ("decks/commander/**", "decks/commander/a.txt", True),
        ("decks/commander/**", "decks/commander/deep/a.txt", True),
        ("decks/commander/**", "decks/modern/a.txt", False),
        ("decks/commander/", "decks/commander/a.txt", True),
        ("decks/*.txt", "decks/a.txt", True),
        ("decks/*.txt", "decks/sub/a.txt", False),
        ("*.dck", "a/b/c.dck", True),
        ("*.dck", "c.dck", True),
        ("**/edh/*", "edh/a.txt", True),
        ("**/edh/*", "x/y/edh/a.txt", True),
        ("/top.txt", "top.txt", True),
        ("/top.txt", "sub/top.txt", False),
        ("./decks/?.txt", "decks/a.txt", True),
        ("decks/[!a]*.txt", "decks/a.txt", False),
        ("decks/[!a]*.txt", "decks/b.txt", True),
    ],
)
def test_glob_matching(glob: str, path: str, matches: bool) -> None:
    assert glob_matches(glob, path) is matches


def test_per_path_lookup_outside_the_config_tree(tmp_path: Path) -> None:
    config = Config(path=tmp_path / "conf" / ".deckcheck.toml", per_path=(("**", "modern"),))
    assert config.format_for_path(tmp_path / "conf" / "x.txt") == ("modern", "**")
    assert config.format_for_path(tmp_path / "elsewhere" / "x.txt") is None


def test_banned_deck_fails_under_config_format(project: Project, invoke: Invoke) -> None:
    project.write(".deckcheck.toml", 'format = "modern"\n')
    project.write("deck.txt", BANNED_MODERN)
    assert invoke(["check", "deck.txt"]).exit_code == 1


def test_glob_cost_is_linear_in_the_path() -> None:
    """Repeated ``**/`` against a deep path: a backtracking regex took about a minute here
    (benchmarks/bench_inputs.py measures it); the answers themselves are checked."""
    deep = "/".join(["d"] * 200)
    assert glob_matches("**/" * 30 + "x.txt", deep + "/y.txt") is False
    assert glob_matches("**/" * 30 + "x.txt", deep + "/x.txt") is True
    assert glob_matches("**/" * 30 + "d/*.txt", deep + "/x.txt") is True


def test_character_classes_stay_in_one_segment() -> None:
    assert glob_matches("a[!x]b", "a/b") is False
    assert glob_matches("a[!x]b", "ayb") is True
    assert glob_matches("decks/[a-c]*.txt", "decks/b1.txt") is True


@pytest.mark.parametrize(
    ("glob", "reason"),
    [("decks/[z-a]*.txt", "the range z-a in 'decks/[z-a]*.txt' runs backwards"), ("[]x", "is empty")],
)
def test_an_invalid_glob_is_a_config_error(tmp_path: Path, glob: str, reason: str) -> None:
    config = tmp_path / ".deckcheck.toml"
    config.write_text(f'[per-path]\n"{glob}" = "modern"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=re.escape(reason)) as caught:
        load_config(config)
    assert f"per-path '{glob}' is not a valid glob" in caught.value.message
    assert str(config) in caught.value.message


def test_a_session_remembers_configs_by_folder_as_the_finder_finds_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session.config_for remembers the config of each folder a run names files in: whatever way a
    path is written, and after the working directory changes, it is the config the finder gives."""
    from deckcheck.session import CheckOptions, Session

    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "c").mkdir()
    (tmp_path / "a" / ".deckcheck.toml").write_text('format = "pauper"\n', encoding="utf-8")
    (tmp_path / "c" / ".deckcheck.toml").write_text('format = "legacy"\n', encoding="utf-8")
    (tmp_path / ".git").mkdir()  # (the search stops at a repository's root)
    items = ["x.txt", "./x.txt", "b/x.txt", "b//y.txt", "../c/x.txt", "../a/b/../x.txt", "b/.", "b/", ""]
    session = Session(CheckOptions())
    for folder in ("a", "c", "a"):
        monkeypatch.chdir(tmp_path / folder)
        for item in [*items, str(tmp_path / "a" / "b" / "z.txt"), str(tmp_path / "c" / "z.txt")]:
            expected = ConfigFinder().for_file(Path(item))
            assert session.config_for(item) == expected, (folder, item)
    assert {ConfigFinder().for_file(Path(i)).format for i in items} == {"legacy", "pauper", None}


def test_an_absolute_path_needs_no_working_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run started in a folder since deleted still finds the config of a file named absolutely."""
    from deckcheck.session import CheckOptions, Session

    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / ".deckcheck.toml").write_text('format = "pauper"\n', encoding="utf-8")
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    assert Session(CheckOptions()).config_for(str(tmp_path / "decks" / "burn.txt")).format == "pauper"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("format = 'modren'\n", "'format': unknown format 'modren'"),
        ("[per-path]\n'*.txt' = 'modren'\n", "per-path '*.txt': unknown format 'modren'"),
        ("formats = ['missing.toml']\n", "missing.toml not found"),
        ("formats = ['broken.toml']\n", "broken.toml:1 is not valid TOML: Expected ']'"),
    ],
)
@pytest.mark.parametrize("output", ["json", "text", "github"])
def test_a_bad_config_of_a_later_folder_stops_the_run_before_any_output(
    project: Project, invoke: Invoke, text: str, expected: str, output: str
) -> None:
    """Regression: a config's format names were read when its first deck was checked, so the
    output of the decks before it had started: half a JSON document, then the error."""
    project.write("decks/a/deck.txt", LEGAL_MODERN)
    project.write("decks/b/deck.txt", LEGAL_MODERN)
    project.write("decks/b/broken.toml", "[x\n")
    project.write("decks/b/.deckcheck.toml", text)
    result = invoke(["check", "-o", output, "decks"])
    assert result.exit_code == 2, result.output
    assert expected in result.stderr
    assert result.stdout == ""


def test_a_bad_day_of_the_check_stops_the_run_before_any_output(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    project.write("decks/a.txt", LEGAL_MODERN)  # no format: written without reading the day
    project.write("decks/b.txt", "// format: modern\n" + LEGAL_MODERN)
    monkeypatch.setenv("DECKCHECK_TODAY", "junk")
    result = invoke(["check", "-o", "json", "decks"])
    assert result.exit_code == 2, result.output
    assert "DECKCHECK_TODAY: 'junk' is not a date (YYYY-MM-DD)" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("strict = 'yes'\n", ":2: 'strict' must be true or false, not 'yes'"),
        ('require-format = "no"  # why not\n', ":2: 'require-format' must be true or false, not \"no\""),
        ("format = 3\n", ":2: 'format' must be a string (a format name), not 3"),
        ("ignore = [1]\n", ":2: 'ignore' must be a string or a list of strings, not [1]"),
        ("ignore = [\n  1,\n]\n", ":2: 'ignore' must be a string or a list of strings, not [1]"),
        ("as_of = 10:00:00\n", ":2: 'as_of' must be a date YYYY-MM-DD, 'deck' or 'data', not 10:00:00"),
        ("as_of = true\n", ":2: 'as_of' must be a date YYYY-MM-DD, 'deck' or 'data', not true"),
        (
            "as_of = '2024-13-01'\n",
            ":2: 'as_of' must be a date YYYY-MM-DD, 'deck' or 'data', not '2024-13-01'",
        ),
        ("[per-path]\n'*.txt' = 1\n", ":3: per-path '*.txt' must name a format (a string), not 1"),
        ("exclude = ['[z-a]']\n", ":2: exclude '[z-a]' is not a valid glob"),
        ("stirct = true\n", ":2: unknown key 'stirct' in config"),
        # a key set by a table header had no line: pyproject.toml's table copied as it was
        ('[tool.deckcheck]\nformat = "modern"\n', ":2: unknown key 'tool' in config"),
        ("[rules.x]\nformat = 'modern'\n", ":2: unknown key 'rules' in config"),
        # found wrong once in use: a format or code no registry knows, a formats file not there
        ("format = 'modrn'\n", ":2: 'format': unknown format 'modrn'"),
        ("strict = true\n[per-path]\n'*.txt' = 'edh2'\n", ":4: per-path '*.txt': unknown format 'edh2'"),
        ("per_path = { '*.dek' = 'modern', '*.txt' = 'edh2' }\n", ":2: per-path '*.txt': unknown format"),
        ("input-format = 'word'\n", ":2: 'input_format': unknown input format 'word'"),
        ("select = ['DC1', 'DC999']\n", ":2: 'select': unknown code 'DC999'"),
        ("ignore = [\n  'DC1',\n  'nope',\n]\n", ":4: 'ignore': unknown code 'nope'"),
        ("ignore = 'DC1, nope'\n", ":2: 'ignore': unknown code 'nope'"),
        ("formats = [\n  'missing.toml',\n]\n", ":3: formats file "),
        ("exclude = [\n  'archive',\n  '[z-a]',\n]\n", ":4: exclude '[z-a]' is not a valid glob"),
        ("[per-path]\n'[z-a]' = 'modern'\n", ":3: per-path '[z-a]' is not a valid glob"),
    ],
)
def test_a_bad_config_value_is_named_by_its_line_and_as_written(
    project: Project, invoke: Invoke, text: str, expected: str
) -> None:
    """Regression: messages named no line and showed Python's words (`not str`, `not a list`,
    `datetime.time(10, 0)`, `True`)."""
    config = project.write(".deckcheck.toml", "# the team's settings\n" + text)
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 2, result.output
    assert f"deckcheck: error: {config}{expected}" in result.stderr


def test_a_copied_pyproject_table_says_how_to_write_deckcheck_toml(project: Project, invoke: Invoke) -> None:
    project.write(".deckcheck.toml", '[tool.deckcheck]\nformat = "modern"\n')
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 2
    hint = "hint: .deckcheck.toml sets the keys at the top level: drop the [tool.deckcheck] header"
    assert hint in result.stderr


@pytest.mark.parametrize("text", ["[tool]\n\ndeckcheck = 3\n", "[[tool.deckcheck]]\n\n[tool]\nx = 1\n"])
@pytest.mark.parametrize("explicit", [False, True])
def test_a_tool_deckcheck_that_is_no_table_is_named_by_its_line(
    project: Project, invoke: Invoke, text: str, explicit: bool
) -> None:
    config = project.write("pyproject.toml", text)
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", *(["--config", "pyproject.toml"] if explicit else []), "deck.txt"])
    assert result.exit_code == 2
    line = 3 if text.startswith("[tool]") else 1
    assert f"{config}:{line}: [tool.deckcheck] must be a table" in result.stderr


def test_a_key_of_pyproject_is_named_by_its_line(project: Project, invoke: Invoke) -> None:
    config = project.write("pyproject.toml", "[project]\nstrict = 1\n\n[tool.deckcheck]\nstrict = 2\n")
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", "deck.txt"])
    assert f"{config}:5: 'strict' must be true or false, not 2" in result.stderr


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "[tool.ruff]\nselect = ['E']\n\n[tool.deckcheck]\nselect = ['DC999']\n",
            ":5: 'select': unknown code",
        ),
        ("[tool.deckcheck]\nformat = 'modrn'\n[tool.other]\nformat = 'y'\n", ":2: 'format': unknown format"),
        ("[tool.deckcheck.per-path]\n'*.txt' = 'edh2'\n[tool.deckcheck]\n", ":2: per-path '*.txt': unknown"),
        # a dotted key: no line of its own is found, and the file alone is named, not a wrong line
        ("[tool]\ndeckcheck.format = 'modrn'\n", " [tool.deckcheck]: 'format': unknown format 'modrn'"),
    ],
)
def test_a_value_of_pyproject_found_wrong_in_use_is_named_by_its_line(
    project: Project, invoke: Invoke, text: str, expected: str
) -> None:
    config = project.write("pyproject.toml", text)
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 2, result.output
    assert f"deckcheck: error: {config}{expected}" in result.stderr


def test_an_error_in_a_user_formats_file_names_its_line(project: Project, invoke: Invoke) -> None:
    project.write(".deckcheck.toml", "formats = ['formats/ours.toml']\n")
    ours = project.write("formats/ours.toml", '[cube]\nextends = "limited"\n\nsideboard_max = "all"\n')
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 2, result.output
    assert f"deckcheck: error: {ours}:4: [cube] sideboard_max must be" in result.stderr


def test_options_say_they_are_options(project: Project, invoke: Invoke) -> None:
    """A value given on the command line has no file or line: the option is named instead."""
    project.write("deck.txt", LEGAL_MODERN)
    for option, value, expected in (
        ("--select", "DC999", "--select: unknown code 'DC999'"),
        ("--format", "modrn", "--format: unknown format 'modrn'"),
        ("--input-format", "word", "--input-format: unknown input format 'word'"),
    ):
        result = invoke(["check", option, value, "deck.txt"])
        assert result.exit_code == 2, result.output
        assert expected in result.stderr


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("format = ''\n", "'format' is empty"),
        ("as_of = ''\n", "'as_of' is empty"),
        ("card_db = ' '\n", "'card_db' is empty"),
    ],
)
def test_an_empty_config_value_is_an_error(
    project: Project, invoke: Invoke, text: str, expected: str
) -> None:
    """Regression: `as_of = ""` read as not given: legality of today, silently."""
    config = project.write(".deckcheck.toml", text)
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 2, result.output
    assert f"{config}:1: {expected}" in result.stderr
    assert "or remove the key" in result.stderr


def test_a_config_with_a_byte_order_mark_is_read(project: Project, invoke: Invoke) -> None:
    """Regression: a UTF-8 BOM (some Windows editors write one) was 'Invalid statement (at line 1,
    column 1)'; decklists with one are read."""
    (project.root / ".deckcheck.toml").write_bytes(b"\xef\xbb\xbfformat = 'modern'\n")
    project.write("deck.txt", BANNED_MODERN)
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 1, result.output
    assert "format modern (format in" in result.stdout


def test_a_config_is_named_by_its_normal_path(project: Project, invoke: Invoke) -> None:
    """Regression: `deckcheck check r/decks/../decks/x.txt` named the config
    `.../r/decks/../.deckcheck.toml`, and looked for one in the wrong folders after it."""
    project.write("r/.deckcheck.toml", "strict = 'yes'\n")
    project.write("r/decks/deck.txt", LEGAL_MODERN)
    result = invoke(["check", "r/decks/../decks/deck.txt"])
    assert result.exit_code == 2
    assert f"deckcheck: error: {project.root / 'r' / '.deckcheck.toml'}:1: 'strict'" in result.stderr


def test_exclude_with_an_absolute_path(project: Project, invoke: Invoke, tmp_path: Path) -> None:
    """Regression: an absolute --exclude path was matched as a glob relative to the working
    directory, and silently matched nothing."""
    project.write("decks/deck.txt", LEGAL_MODERN)
    project.write("decks/old/banned.txt", BANNED_MODERN)
    inside = invoke(["check", "-f", "modern", "--exclude", str(project.root / "decks" / "old"), "decks"])
    assert inside.exit_code == 0, inside.output
    assert "1 file skipped (excluded" in inside.stdout
    outside = invoke(["check", "-f", "modern", "--exclude", str(tmp_path), "decks"])
    assert outside.exit_code == 2
    assert (
        f"--exclude: '{tmp_path}' is outside the working directory, so it can match nothing" in outside.stderr
    )
    # a glob anchored at the working directory, as in .gitignore, is still one
    anchored = invoke(["check", "-f", "modern", "--exclude", "/decks/old", "decks"])
    assert anchored.exit_code == 0 and "1 file skipped (excluded" in anchored.stdout


HOUSE_FORMATS = """
[house]
extends = "constructed"
title = "House"
min_main = 20
extra_banned = ["Lightning Bolt", "Lurrus of the Dream-Den"]

[kitchen]
extends = "modern"
title = "Kitchen"
extra_banned = ["Lightning Bolt"]
"""


def test_a_user_format_with_no_legality_key_applies_its_own_ban_list(
    project: Project, invoke: Invoke
) -> None:
    # A house format names no card data legality key: its own list is all it bans by, card and companion.
    project.write("formats.toml", HOUSE_FORMATS)
    project.write(".deckcheck.toml", 'formats = ["formats.toml"]\nformat = "house"\n')
    project.write("deck.txt", "4 Lightning Bolt\n16 Mountain\n\nCompanion\n1 Lurrus of the Dream-Den\n")
    result = invoke(["check", "-o", "json", "deck.txt"])
    assert result.exit_code == 1, result.output
    deck = json.loads(result.stdout)["decks"][0]
    banned = {f["card"] for f in deck["findings"] if f["code"] == "DC201"}
    assert banned == {"Lightning Bolt", "Lurrus of the Dream-Den"}
    assert deck["legal"] is False
    lurrus = next(c for c in deck["companions"] if c["companion"] == "Lurrus of the Dream-Den")
    assert lurrus["eligible"] is False


def test_a_user_formats_own_ban_list_holds_whatever_day_the_card_data_describes(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Card data too old for the day withholds what the data lists (DC015), not the format file's own bans.
    monkeypatch.setenv("DECKCHECK_TODAY", "2030-01-01")
    project.write("formats.toml", HOUSE_FORMATS)
    project.write(".deckcheck.toml", 'formats = ["formats.toml"]\nformat = "kitchen"\n')
    project.write("deck.txt", LEGAL_MODERN)
    result = invoke(["check", "-o", "json", "deck.txt"])
    assert result.exit_code == 1, result.output
    findings = json.loads(result.stdout)["decks"][0]["findings"]
    assert [f["card"] for f in findings if f["code"] == "DC201"] == ["Lightning Bolt"]
    stale = next(f for f in findings if f["code"] == "DC015")
    assert stale["data"]["withheld"] == []


def test_cards_commands_use_the_store_a_check_here_would(
    project: Project, invoke: Invoke, cards_json: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`cards info` shows "the card store a check would use", and DC015 says `cards update` brings
    it up to date: in a folder whose config names a card_db, both must mean that store, not the
    local one (which the checks here never read)."""
    monkeypatch.delenv("DECKCHECK_CARD_DB")
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))  # no local store there
    (project.root / "data").mkdir()
    mine = project.root / "data" / "mine.json"
    mine.write_bytes(cards_json.read_bytes())
    project.write(".deckcheck.toml", 'card_db = "data/mine.json"\n')
    (project.root / "decks").mkdir()
    monkeypatch.chdir(project.root / "decks")  # (the config is found upwards, as for a check)

    info = invoke(["cards", "info", "-o", "json"])
    assert info.exit_code == 0, info.output
    shown = json.loads(info.stdout)
    assert shown["description"] == str(mine)
    assert shown["chosen_by"] == f"card_db in {project.root / '.deckcheck.toml'}"
    assert invoke(["cards", "info", "Lightning Bolt"]).exit_code == 0  # (a card of mine.json)

    # --no-config, or --card-db, chooses as a check's would
    assert json.loads(invoke(["cards", "info", "--no-config", "-o", "json"]).stdout)["sample"] is True
    # a store is built where the config says (here a JSON file: refused, naming what chose it)
    built = invoke(["cards", "import", str(tmp_path / "AtomicCards.json")])
    assert built.exit_code == 2
    assert f"{mine}: a card store is built as SQLite" in built.stderr
    assert "card_db in" in built.stderr and ".deckcheck.toml" in built.stderr
