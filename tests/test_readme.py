"""Every example in the README runs as shown: the TOML configs are valid configs that do what the
text says, the shell commands run (the deckcheck ones, through the CLI), the console transcript
prints what it shows, the pre-commit arguments are accepted, and the Python runs."""

from __future__ import annotations

import copy
import datetime as dt
import json
import re
import shlex
import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from deckcheck.cli import cli
from deckcheck.config import load_config

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```(\w*)\n(.*?)^```", README, flags=re.MULTILINE | re.DOTALL)
# Shell commands of the Quick start that are not deckcheck's (they build the environment).
SETUP = re.compile(r"^(python3 -m venv \.venv|\.venv/bin/pip install \S+|\.venv/bin/python -m pytest)$")


def blocks(language: str) -> list[str]:
    found = [body for tag, body in BLOCKS if tag == language]
    assert found, f"the README has no {language} example"
    return found


def test_every_code_block_says_what_it_is() -> None:
    assert all(tag in ("console", "sh", "text", "toml", "yaml", "python") for tag, _ in BLOCKS), [
        tag for tag, _ in BLOCKS
    ]


def run(args: list[str], cwd: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.chdir(cwd)
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    return result.exit_code, result.stdout


def deckcheck_args(command: str) -> list[str] | None:
    words = shlex.split(command)
    if words and (words[0] == "deckcheck" or words[0].endswith("/bin/deckcheck")):
        return words[1:]
    return None


def test_the_console_transcript(monkeypatch: pytest.MonkeyPatch) -> None:
    for body in blocks("console"):
        commands = re.split(r"^\$ ", body, flags=re.MULTILINE)[1:]
        for command in commands:
            line, _, shown = command.partition("\n")
            args = deckcheck_args(line)
            assert args is not None, line
            _, out = run(args, REPO, monkeypatch)
            assert out == shown, line


def test_the_quick_start_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    (quick_start, *_) = blocks("sh")
    ran = 0
    for line in quick_start.splitlines():
        for segment in (part.strip() for part in line.split("&&")):
            args = deckcheck_args(segment)
            if args is None:
                assert SETUP.match(segment), segment
                continue
            code, out = run(args, REPO, monkeypatch)
            # "checks the 13 example decks ... Six are illegal on purpose, so it ... exits 1"
            assert code == 1, out
            assert out.splitlines()[-1].startswith("13 decks checked: 7 legal, 6 illegal"), out
            ran += 1
    assert ran == 1


def test_the_quick_start_is_two_commands_and_ci_runs_the_second_verbatim() -> None:
    """The README says `.ci/run` "runs exactly this line": its last command is the test line."""
    (quick_start, *_) = blocks("sh")
    lines = quick_start.splitlines()
    assert len(lines) == 2 and "deckcheck check data/decks/" in lines[0], lines
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == lines[1]
    assert "set -euo pipefail" in ci  # a failing step fails the run


def test_what_it_says_of_the_bundled_card_data_age(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README names the bundled set's day and the first day its legalities no longer vouch
    for; both follow the data and the age limit, and from that day on eight of the examples read
    "not verified", as it says (the day before, the Quick start's figures hold)."""
    from deckcheck.as_of import DATA_AGE_LIMIT_DAYS

    said = re.search(r"The bundled card set describes (\S+): from (\S+) on,", " ".join(README.split()))
    assert said is not None, "the README no longer says how old the bundled card set is"
    meta = json.loads((REPO / "data" / "cards.json").read_text(encoding="utf-8"))["meta"]
    assert said[1] == meta["oracle_as_of"]
    first_stale = dt.date.fromisoformat(meta["oracle_as_of"]) + dt.timedelta(days=DATA_AGE_LIMIT_DAYS + 1)
    assert said[2] == first_stale.isoformat()
    quick_start = re.search(r"run on (\S+) or later, eight are \"not verified\"", " ".join(README.split()))
    assert quick_start is not None and quick_start[1] == said[2]
    assert f"more than {DATA_AGE_LIMIT_DAYS} days older" in " ".join(README.split())
    monkeypatch.setenv("DECKCHECK_TODAY", said[2])
    code, out = run(["check", "data/decks/"], REPO, monkeypatch)
    assert code == 1 and out.splitlines()[-1].startswith(
        "13 decks checked: 1 legal, 4 illegal, 8 not verified"
    )
    monkeypatch.setenv("DECKCHECK_TODAY", (first_stale - dt.timedelta(days=1)).isoformat())
    assert (
        run(["check", "data/decks/"], REPO, monkeypatch)[1]
        .splitlines()[-1]
        .startswith("13 decks checked: 7 legal, 6 illegal")
    )


def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    for relative in ("decks/commander/edh.txt", "decks/pauper/pile.txt", "decks/other.txt"):
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("index", range(len([t for t, _ in BLOCKS if t == "toml"])))
def test_the_config_examples(index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = blocks("toml")[index]
    data = tomllib.loads(text)
    root = project(tmp_path)
    name = "pyproject.toml" if "tool" in data else ".deckcheck.toml"
    (root / name).write_text(text, encoding="utf-8")
    config = load_config(root / name)
    assert config.format == "modern" and config.ignore == ("DC012",)
    code, out = run(["check", "-o", "json", "decks"], root, monkeypatch)
    assert code in (0, 1), out
    sources = {d["path"]: (d["format"], d["format_source"]) for d in json.loads(out)["decks"]}
    assert sources["decks/commander/edh.txt"][0] == "commander"
    assert sources["decks/pauper/pile.txt"][0] == "pauper"
    assert sources["decks/other.txt"][0] == "modern"


def test_the_pre_commit_example(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (example,) = blocks("yaml")
    (hook,) = yaml.safe_load(example)["repos"][0]["hooks"]
    assert hook["id"] == "deckcheck"
    root = project(tmp_path)
    shutil.copytree(REPO / "data" / "decks", root / "decks" / "examples")
    files = sorted(str(p.relative_to(root)) for p in (root / "decks" / "examples").rglob("*.txt"))
    assert all(re.search(hook["files"], f) for f in files)
    code, out = run(["check", *hook["args"], *files], root, monkeypatch)
    assert code == 1 and "DC021" not in out, out  # the examples name their format
    code, out = run(["check", *hook["args"], "decks/other.txt"], root, monkeypatch)
    assert code == 1 and "decks/other.txt: DC021" in out, out  # this one does not


def test_the_python_example(monkeypatch: pytest.MonkeyPatch) -> None:
    (example,) = blocks("python")
    monkeypatch.chdir(REPO)
    namespace: dict[str, object] = {}
    exec(compile(example, "README.md", "exec"), namespace)
    results = namespace["results"]
    assert set(results.summary["format_source"]) == {"declared in the file"}  # type: ignore[attr-defined]
    assert len(namespace["table"]) == 13 * 10  # type: ignore[arg-type]


def test_the_decklist_extensions_it_lists() -> None:
    """The README and `check --help` list the extensions a folder run reads: all of them."""
    from deckcheck.discovery import DECKLIST_EXTENSIONS

    said = re.search(r"files with a decklist extension \(([^)]*)\)", " ".join(README.split()))
    assert said is not None, "the README no longer lists the decklist extensions"
    assert set(re.findall(r"`(\.\w+)`", said[1])) == DECKLIST_EXTENSIONS
    help_text = " ".join(CliRunner().invoke(cli, ["check", "--help"]).stdout.split())
    listed = re.search(r"files ending in (.*?) whose content", help_text)
    assert listed is not None, "`check --help` no longer lists the decklist extensions"
    assert set(listed[1].replace(" or ", " ").split()) == DECKLIST_EXTENSIONS


def test_the_usage_block_names_real_commands_and_options() -> None:
    """Every command and option the Usage block shows is one the CLI has, on that command."""
    import click

    (usage,) = blocks("text")
    command: click.Command | None = None
    checked = 0
    for line in usage.splitlines():
        shown = line.split("#")[0]
        if shown.startswith("deckcheck "):
            command = cli
            for word in shown.split()[1:]:
                if isinstance(command, click.Group) and word in command.commands:
                    command = command.commands[word]
        assert command is not None, line
        options = {o for param in command.params for o in (*param.opts, *param.secondary_opts)}
        for option in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", shown):
            assert option in options, f"{command.name} has no {option} ({line.strip()})"
            checked += 1
    assert checked > 10, "the Usage block shows hardly an option"


def test_the_usage_block_shows_every_option_of_check() -> None:
    """A tournament player reads the Usage block, not `--help`: it shows every option `check` has
    (`--strict` stands for `--no-strict`, `--require-format` for `--no-require-format`; `-h` aside)."""
    import click

    (usage,) = blocks("text")
    check = cli.commands["check"]
    shown = set(
        re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", " ".join(line.split("#")[0] for line in usage.splitlines()))
    )
    options = [param for param in check.params if isinstance(param, click.Option) and param.name != "help"]
    assert [option.name for option in options if not set(option.opts) & shown] == []


def test_the_real_card_data_it_quotes(atomic_records: list[dict[str, object]]) -> None:
    """The README's DC010 example and the JSON schema's `label` name a store imported from the
    April 2022 AtomicCards: the card count they quote is that file's."""
    schema = (REPO / "docs" / "json-schema.md").read_text(encoding="utf-8")
    label = r"MTGJSON 2022-04-25, ([\d,]+) cards"
    quoted = {count for text in (README, schema) for count in re.findall(label, text)}
    assert quoted == {f"{len(atomic_records):,}"}


def test_it_names_every_config_key() -> None:
    """Every key a config may set is named in the README's Configuration section."""
    from deckcheck.config import Config

    section = README.split("**Configuration**", 1)[1].split("\n## ", 1)[0]
    in_examples: set[str] = set()
    for block in blocks("toml"):
        data = tomllib.loads(block)
        in_examples.update(data.get("tool", {}).get("deckcheck", data))
    in_text = set(re.findall(r"`([a-z_-]+)`", section))
    named = {key.replace("-", "_") for key in in_examples | in_text}
    keys = [field for field in Config.FIELDS if field != "path"]
    assert [key for key in keys if key not in named] == []


def test_the_event_columns_of_the_summary(tmp_path: Path) -> None:
    """The summary of event files has the event's columns the README names, and no others."""
    from deckcheck import frames
    from tests.decklist.test_events import cache_event, mtgo_event

    said = re.search(
        r"the summary of event files has (.*?) columns \(text\) and (.*?) \(nullable integers",
        " ".join(README.split()),
    )
    assert said is not None, "the README no longer names the summary's event columns"
    words = re.sub(r"\b(with|or|and)\b|[()`]", ",", f"{said[1]}, {said[2]}")
    named = {word.strip() for word in words.split(",") if word.strip()}
    (tmp_path / "mtgo.json").write_text(json.dumps(mtgo_event()), encoding="utf-8")
    (tmp_path / "cache.json").write_text(json.dumps(cache_event()), encoding="utf-8")
    (tmp_path / "burn.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    plain = frames.validate(tmp_path / "burn.txt").summary.columns
    events = frames.validate(tmp_path).summary.columns
    assert set(events) - set(plain) == named


def verdict_reasons() -> list[str]:
    """The reasons the README's "Reading the verdict" table explains, as it spells them (N, FORMAT
    and NAME stand for what a deck's verdict fills in)."""
    section = README.split("**Reading the verdict.**", 1)[1].split("\nExit codes of", 1)[0]
    first_cells = re.findall(r"^\| (.*?) \|", section, flags=re.MULTILINE)
    return [reason for cell in first_cells for reason in re.findall(r"`([^`]+)`", cell)]


def reason_pattern(shown: str) -> re.Pattern[str]:
    parts = re.split(r"\b(N|FORMAT|NAME)\b", shown)
    literal = [re.sub(r"(\w)s\b", r"\1s?", re.escape(part)) for part in parts[::2]]  # 1 card, 2 cards
    holes = [r"[\d,]+" if hole == "N" else ".+" for hole in parts[1::2]]
    return re.compile("".join(a + b for a, b in zip(literal, [*holes, ""], strict=True)))


def test_every_verdict_reason_it_explains_is_one_a_deck_gets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each "not verified: WHY" the README explains is one a deck gets, and each deck below, one of
    every kind of reason there is, gets one the README explains."""
    bundled = json.loads((REPO / "data" / "cards.json").read_text(encoding="utf-8"))

    def card_file(name: str, meta: dict[str, str], change: Callable[[list[dict[str, Any]]], None]) -> str:
        cards = copy.deepcopy(bundled["cards"])
        change(cards)
        (tmp_path / name).write_text(json.dumps({"meta": meta, "cards": cards}), encoding="utf-8")
        return name

    def odd_cards(cards: list[dict[str, Any]]) -> None:
        """Lightning Bolt with no Old School legality (printed in its sets); a companion whose
        condition deckcheck does not know."""
        (bolt,) = [card for card in cards if card["name"] == "Lightning Bolt"]
        del bolt["legalities"]["oldschool"]
        (lurrus,) = [card for card in cards if card["name"] == "Lurrus of the Dream-Den"]
        odd = copy.deepcopy(lurrus)
        odd["name"] = odd["faces"][0]["name"] = "Quirk, the Odd"
        odd["faces"][0]["oracle_text"] = "Companion — Each card in your starting deck has a funny name."
        cards.append(odd)

    burn = "4 Lightning Bolt\n56 Mountain\n"
    commander = (REPO / "data" / "decks" / "commander-kenrith.txt").read_text(encoding="utf-8")
    unmarked = [line for line in commander.splitlines() if re.match(r"1 (?!Jegantha)", line)]
    decks = {
        "unknown.txt": "// format: modern\n4 Notacard of Nowhere\n56 Mountain\n",
        "no-format.txt": burn,
        "dated-later.txt": f"// format: modern\n// date: 2099-01-01\n{burn}",
        "dated-earlier.txt": f"// format: modern\n// date: 2019-06-01\n{burn}",
        "date-two-ways.txt": f"// format: modern\n// date: 06/01/2019\n{burn}",
        "line-not-read.txt": f"// format: modern\n{burn}1 https://example.com/deck\n",
        "binary.txt": "\x00\x01binary\x00",
        "empty.txt": "",
        "no-commander-marked.txt": "// format: commander\n" + "\n".join(unmarked) + "\n",
        "old-school.txt": f"// format: oldschool\n{burn}",
        "odd-companion.txt": "// format: modern\n60 Mountain\nCompanion\n1 Quirk, the Odd\n",
    }
    for name, text in decks.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    data_day = bundled["meta"]["oracle_as_of"]
    stale_day = (dt.date.fromisoformat(data_day) + dt.timedelta(days=1000)).isoformat()
    undated = card_file("undated.json", {"source": "written by hand"}, lambda cards: None)
    odd = card_file("odd.json", bundled["meta"], odd_cards)
    runs = [
        (data_day, sorted(decks.keys() - {"old-school.txt", "odd-companion.txt"})),
        (stale_day, ["--format", "modern", "no-format.txt"]),  # card data too old for today
        (data_day, ["--card-db", undated, "--format", "modern", "no-format.txt"]),
        (data_day, ["--card-db", odd, "old-school.txt", "odd-companion.txt"]),
    ]
    reasons: dict[str, str] = {}
    for number, (today, args) in enumerate(runs):
        monkeypatch.setenv("DECKCHECK_TODAY", today)
        _, out = run(["check", "-o", "json", "--no-config", *args], tmp_path, monkeypatch)
        for deck in json.loads(out)["decks"]:
            assert deck["legal"] is not True, deck["path"]
            reasons[f"{deck['path']} (run {number})"] = deck["unverified_reason"]
    assert len(reasons) == len(decks) + 2
    patterns = [reason_pattern(shown) for shown in verdict_reasons()]
    assert len(patterns) > 10, "the README no longer explains the verdicts"
    unexplained = {deck: why for deck, why in reasons.items() if not any(p.fullmatch(why) for p in patterns)}
    assert unexplained == {}
    never_given = [p.pattern for p in patterns if not any(p.fullmatch(why) for why in reasons.values())]
    assert never_given == []


def test_the_exit_codes_it_lists(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The exit codes the README gives `check` (one item each), `companions`, `export` and `cards
    info NAME`, on decks of each kind."""
    items = README.split("Exit codes of `deckcheck check`:", 1)[1].split("\n\n`deckcheck companions`", 1)[0]
    listed = re.findall(r"^- `(\d)`: ", items, re.MULTILINE)
    assert listed == ["0", "1", "2"]
    decks = REPO / "data" / "decks"
    (tmp_path / "no-format.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    (tmp_path / "unknown.txt").write_text(
        "// format: modern\n4 Notacard of Nowhere\n56 Mountain\n", encoding="utf-8"
    )
    legal, illegal = str(decks / "modern-burn.txt"), str(decks / "pioneer-lurrus-illegal.txt")
    expected = {
        ("check", legal): 0,
        ("check", "no-format.txt"): 0,
        ("check", "--strict", "no-format.txt"): 1,
        ("check", "--require-format", "no-format.txt"): 1,
        ("check", "unknown.txt"): 1,
        ("check", illegal): 1,
        ("check", "--exit-zero", illegal): 0,
        ("check", "--exit-zero", legal, "missing.txt"): 2,
        ("companions", illegal): 0,
        ("companions", "unknown.txt"): 0,
        ("companions", "missing.txt"): 2,
        ("export", "--to", "mtgo", legal): 1,  # its comments and format line are lost, and listed
        ("export", "--to", "arena", "missing.txt"): 2,
        ("cards", "info", "Lightning Bolt"): 0,
        ("cards", "info", "Notacard of Nowhere"): 1,
    }
    got = {args: run(list(args), tmp_path, monkeypatch)[0] for args in expected}
    assert got == expected


def test_what_it_says_of_missing_text_in_the_frames(tmp_path: Path) -> None:
    """ "Missing text is missing (`isna()`; pandas 3's `str` columns show it as `NaN`...)": a deck
    declaring a format deckcheck does not know has no `format` or `format_source`, and no text
    column of the summary holds "" for what is missing."""
    import pandas as pd

    from deckcheck import frames

    said = " ".join(README.split())
    assert "Missing text is missing (`isna()`; pandas 3's `str` columns show it as `NaN`" in said
    (tmp_path / "burn.txt").write_text("// format: modern\n4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    (tmp_path / "typo.txt").write_text("// format: modrn\n4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    summary = frames.validate(tmp_path).summary.set_index("deck_id")
    assert summary.loc["typo.txt", ["format", "format_source"]].isna().all()
    text = summary.select_dtypes(include=["object", "string"])
    assert {"format", "format_source", "commander", "companion"} <= set(text.columns)
    assert not text.eq("").any().any()
    if int(pd.__version__.split(".")[0]) >= 3:
        assert "NaN" in repr(summary.loc[["typo.txt"], ["format"]])


def test_it_names_every_environment_variable_deckcheck_reads() -> None:
    """The Environment paragraph names every variable the package reads: each DECKCHECK_ name
    the source spells, NO_COLOR and GitHub's step summary."""
    paragraph = README.split("\nEnvironment: ", 1)[1].split("\n\n", 1)[0]
    named = set(re.findall(r"`([A-Z_]+)(?:=[^`]*)?`", paragraph))
    source = " ".join(path.read_text(encoding="utf-8") for path in (REPO / "deckcheck").rglob("*.py"))
    read = set(re.findall(r"\"(DECKCHECK_[A-Z_]+|NO_COLOR|GITHUB_[A-Z_]+)\"", source))
    assert len(read) >= 6 and read == named


def test_the_ages_it_quotes() -> None:
    """How long Scryfall's list of bulk files is reused, and how old card data may be before undated
    decks are not verified (said again in the pre-commit section), are the code's."""
    from deckcheck.as_of import DATA_AGE_LIMIT_DAYS
    from deckcheck.cards.scryfall import DESCRIPTOR_MAX_AGE

    said = " ".join(README.split())
    hours = int(DESCRIPTOR_MAX_AGE.total_seconds() // 3600)
    assert f"Scryfall's list of bulk files is reused for up to {hours} hours" in said
    pre_commit = " ".join(README.split("## pre-commit", 1)[1].split("\n## ", 1)[0].split())
    assert f"Once that card data is more than {DATA_AGE_LIMIT_DAYS} days old" in pre_commit


def test_the_companion_table_it_describes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Usage block's words for the companions table: its eligible column holds yes, no and ?,
    and its fix column cut, replace, add and another commander, as the reporter writes them."""
    (usage,) = blocks("text")
    said = " ".join(line.split("#", 1)[1] for line in usage.splitlines() if "#" in line)
    assert "eligible (yes, no, ? = not verified)" in " ".join(said.split())
    for fix in ("cut N copies", "replace N", "add N for Yorion", "another commander"):
        assert fix in " ".join(said.split()), fix
    (tmp_path / "burn.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    _, out = run(
        ["companions", "burn.txt", str(REPO / "data" / "decks" / "modern-keruga.txt")], tmp_path, monkeypatch
    )
    column = None
    eligible: set[str] = set()
    for line in out.splitlines():
        if line.startswith("companion "):
            column = line.index("eligible")
        elif column is not None and line[:1].isupper():  # a companion's row
            eligible.add(line[column:].split()[0])
        else:  # the next deck's heading, or the blank line before it
            column = None
    assert eligible == {"yes", "no", "?"}
    assert re.search(r"\breplace \d+", out) and re.search(r"\badd 20\b", out)


def test_the_severities_it_gives_codes() -> None:
    """Where the README calls a code's finding an error, a warning or a note (info), the code is
    declared with that severity."""
    from deckcheck.findings import all_codes

    text = " ".join(README.split())
    word = r"(error|warning|note|info)"
    pairs = re.findall(rf"{word} \(?`(DC\d{{3}})`", text)
    pairs += [(severity, code) for code, severity in re.findall(rf"`(DC\d{{3}})`,? (?:a )?{word}\b", text)]
    codes = all_codes()
    wrong = [
        (code, said)
        for said, code in pairs
        if {"note": "info"}.get(said, said) not in {str(s) for s in codes[code].severities}
    ]
    assert len(pairs) >= 8 and wrong == []


def test_the_config_errors_it_quotes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The exit codes' examples of a config's errors, `.deckcheck.toml:LINE: ...`, are what a
    config with that line gets (the key at fault; a TOML syntax error)."""
    quoted = re.findall(r"`\.deckcheck\.toml:(\d+): ([^`]+)`", " ".join(README.split()))
    assert len(quoted) == 2, quoted
    configs = {
        "'format': unknown format 'modrn'": 'strict = false\nignore = []\nformat = "modrn"\n',
        "not valid TOML: Invalid value (column 10)": "strict = false\nformat = \n",
    }
    (tmp_path / ".git").mkdir()
    (tmp_path / "burn.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    for line, message in quoted:
        (tmp_path / ".deckcheck.toml").write_text(configs[message], encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        result = CliRunner().invoke(cli, ["check", "burn.txt"])
        assert result.exit_code == 2
        assert f".deckcheck.toml:{line}: {message}" in result.stderr


def test_every_frames_function_it_names_exists() -> None:
    from deckcheck import frames

    named = set(re.findall(r"\bframes\.(\w+)\b(?!\.)", README)) - {"py"}  # (frames.py, the module)
    assert (
        len(named) >= 6
        and [name for name in sorted(named) if not callable(getattr(frames, name, None))] == []
    )
