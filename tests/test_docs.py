"""docs/ARCHITECTURE.md's table of code ranges names every finding code there is, and no other."""

from __future__ import annotations

import re
from pathlib import Path

from deckcheck.findings import all_codes

REPO = Path(__file__).resolve().parents[1]
ARCHITECTURE = (REPO / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")


def test_the_code_ranges_name_every_code() -> None:
    named: set[str] = set()
    rows = re.findall(r"^\| DC(\d)xx \| (.*) \|$", ARCHITECTURE, flags=re.MULTILINE)
    assert rows, "ARCHITECTURE.md no longer has its table of code ranges"
    for hundred, text in rows:
        for first, last in re.findall(r"\b(\d{3})(?:[–-](\d{3}))?\b", text):
            assert first[0] == hundred, f"DC{hundred}xx names {first}"
            named.update(f"DC{n:03d}" for n in range(int(first), int(last or first) + 1))
    assert named == set(all_codes())


def test_load_decks_lists_its_columns() -> None:
    """`frames.load_decks`'s docstring names its columns, in order."""
    from deckcheck import frames

    doc = " ".join((frames.load_decks.__doc__ or "").split())
    said = re.search(r"Columns: (.*?)\. The entries", doc)
    assert said is not None, "load_decks no longer lists its columns"
    text = said[1]
    while "(" in text:  # what a column holds, in parentheses (some nested), is not a column
        text = re.sub(r"\([^()]*\)", "", text)
    listed = [word.strip().removeprefix("then ") for word in text.split(",")]
    assert listed == list(frames.load_decks(REPO / "data" / "decks" / "modern-burn.txt").columns)


def test_every_code_the_docs_name_exists() -> None:
    documents = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md")), REPO / "data" / "formats.toml"]
    codes = set(all_codes())
    for document in documents:
        named = set(re.findall(r"\bDC\d{3}\b", document.read_text(encoding="utf-8")))
        assert named <= codes, f"{document.name} names {sorted(named - codes)}"


def test_the_module_tree_names_every_module() -> None:
    """The module tree names every module of the package, of `cards/` and of `rules/` (the
    decklist readers are described together), and no module that is not there."""
    tree = re.search(r"^```\ndeckcheck/\n(.*?)^```", ARCHITECTURE, flags=re.MULTILINE | re.DOTALL)
    assert tree is not None, "ARCHITECTURE.md no longer has its module tree"
    named: set[str] = set()
    folder = ""
    for line in tree[1].splitlines():
        entry = re.match(r"^( {2}| {4})(\w+\.py|\w+/)(?:\s|$)", line)  # a module or folder, not its text
        if entry is None:
            continue
        if entry[2].endswith("/"):
            folder = entry[2]
        else:
            named.add(folder + entry[2] if len(entry[1]) > 2 else entry[2])
    package = REPO / "deckcheck"
    modules = {
        path.relative_to(package).as_posix()
        for pattern in ("*.py", "cards/*.py", "rules/*.py")
        for path in package.glob(pattern)
        if path.name not in ("__init__.py", "__main__.py") or path.parent.name == "rules"
    }
    assert named == modules


def test_the_card_attributes_it_lists_exist() -> None:
    """Every `card.NAME` of "Deck-zone characteristics" is an attribute of a Card."""
    from deckcheck.cards.store import CardStore

    card = CardStore.bundled().card("Fire // Ice")
    assert card is not None
    section = ARCHITECTURE.split("## Deck-zone characteristics", 1)[1].split("\n## ", 1)[0]
    names = re.findall(r"`card\.(\w+)", section)
    assert len(names) > 10, "the section no longer lists the card's attributes"
    assert [name for name in names if not hasattr(card, name)] == []


def test_the_card_record_example_is_a_card() -> None:
    """The card record shown (its comments taken out) is one `card_from_record` accepts."""
    import json

    from deckcheck.cards.records import card_from_record

    example = re.search(r"^```json\n(.*?)^```", ARCHITECTURE, flags=re.MULTILINE | re.DOTALL)
    assert example is not None, "ARCHITECTURE.md no longer shows a card record"
    record = json.loads(re.sub(r"\s{2,}//.*$", "", example[1], flags=re.MULTILINE))
    card = card_from_record(record)
    assert card.name == "Fire // Ice" and card.color_identity == frozenset("RU")
    assert card.legality("modern") == "legal" and card.legality("vintage") == "not_legal"


def test_the_formats_file_header_lists_every_key() -> None:
    """data/formats.toml's header (the README sends authors of formats files there) lists every key
    a format table may set, and no other."""
    from deckcheck.formats import TABLE_KEYS

    header = (REPO / "data" / "formats.toml").read_text(encoding="utf-8").split("# -- presets", 1)[0]
    listed = {
        key for pair in re.findall(r"^#   (\w+)(?:, (\w+))?", header, re.MULTILINE) for key in pair if key
    }
    assert listed == set(TABLE_KEYS)


def test_every_option_the_docs_spell_exists() -> None:
    """An option in a code span of the README or docs/ is one of deckcheck's commands (or, in
    format-history.md, of scripts/make_format_history.py, which that page documents)."""
    import click

    from deckcheck.cli import cli

    options: set[str] = set()
    commands: list[click.Command] = [cli]
    while commands:
        command = commands.pop()
        options.update(o for param in command.params for o in (*param.opts, *param.secondary_opts))
        if isinstance(command, click.Group):
            commands.extend(command.commands.values())
    script = (REPO / "scripts" / "make_format_history.py").read_text(encoding="utf-8")
    for document in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        spans = re.findall(r"`([^`\n]+)`", document.read_text(encoding="utf-8"))
        spelt = {option for span in spans for option in re.findall(r"(?<![\w-])(--[a-z][\w-]*)", span)}
        unknown = {
            o for o in spelt - options if document.name != "format-history.md" or f'"{o}"' not in script
        }
        assert unknown == set(), f"{document.name} spells {sorted(unknown)}"


def test_no_file_for_users_names_a_path_of_one_machine() -> None:
    """The README, docs, benchmarks, notebooks, scripts and the package speak to any user: no path of
    the machine they were written on (a scratch folder in /tmp, a home in /root, a checkout in /work)."""
    patterns = ("*.md", "*.py", "*.ipynb", "*.toml", "*.yaml")
    files = [REPO / "README.md", REPO / ".pre-commit-hooks.yaml", REPO / "pyproject.toml"]
    for folder in ("benchmarks", "deckcheck", "docs", "fuzz", "notebooks", "scripts", "data"):
        files += [path for pattern in patterns for path in (REPO / folder).rglob(pattern)]
    machine_path = re.compile(r"(?<![\w.~-])/(?:work|tmp|root)\b")
    named = {
        str(path.relative_to(REPO)): found
        for path in files
        if (found := machine_path.findall(path.read_text(encoding="utf-8")))
    }
    assert len(files) > 50 and named == {}


def test_the_benchmark_commands_name_options_the_scripts_have() -> None:
    """Every `bench_X.py --option` benchmarks/README.md shows (in a command block or in the text)
    is an option that script's parser declares."""
    benchmarks = REPO / "benchmarks"
    declared = {
        path.name: set(re.findall(r'add_argument\(\s*"(--[\w-]+)"', path.read_text(encoding="utf-8")))
        for path in benchmarks.glob("bench_*.py")
    }
    text = (benchmarks / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"(bench_\w+\.py)((?:\s+--?[\w-]+(?:\s+(?!--)[^\s`|#]+)*)*)", text)
    unknown = [
        (script, option)
        for script, arguments in commands
        for option in re.findall(r"(?<![\w-])(--[\w-]+)", arguments)
        if option not in declared.get(script, set())
    ]
    assert len(commands) > 20 and unknown == []
