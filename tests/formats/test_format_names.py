"""Names of formats deckcheck does not check (data/format_names.toml): an unknown format name that
names another format is told what that format is and what to check such a deck as, never offered
the rules of the known format its spelling is close to ("Vintage Cube" is not Vintage)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.errors import ConfigError
from deckcheck.formats import (
    _registry_key,
    bundled_format_names_path,
    get_format,
    load_registry,
    other_format_names,
)

CUBE = (
    "a cube deck: drafted from a cube, at least 40 cards, as many copies as the pool holds "
    "(Limited, CR 100.2b)"
)
HIGHLANDER = (
    "a singleton constructed format of at least 100 cards, no commander and no sideboard, with a points "
    "list of its own beside Vintage's banned list"
)


def advice(name: str) -> str:
    """The hint for an unknown format name, without the list of valid names that ends every such hint."""
    with pytest.raises(ConfigError) as raised:
        get_format(name)
    assert raised.value.message == f"unknown format {name!r}"
    hint = raised.value.hint
    assert hint is not None and "valid formats: " in hint
    return hint.split("valid formats: ")[0]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Vintage Cube", f"'Vintage Cube' is {CUBE}; check it as 'limited', not by Vintage's rules. "),
        ("pauper-cube", f"'pauper-cube' is {CUBE}; check it as 'limited', not by Pauper's rules. "),
        ("Arena Cube", f"'Arena Cube' is {CUBE}; check it as 'limited'. "),
        (
            "Canadian Highlander",
            f"'Canadian Highlander' is {HIGHLANDER}; deckcheck does not check it, and its rules are not "
            "Commander's. ",
        ),
        (
            "Commander Cube",
            "'Commander Cube' is Commander Draft: a drafted deck of at least 60 cards including a commander "
            "(CR 903.13f); deckcheck does not check it, and its rules are not Commander's. ",
        ),
        (
            "Tiny Leaders",
            "'Tiny Leaders' is a Commander variant of its own: exactly 50 cards including the commander, "
            "every card of mana value 3 or less, its own banned list; deckcheck does not check it. ",
        ),
        (
            "French Commander",
            "'French Commander' is Duel Commander's former name; check it as 'duel', not by "
            "Commander's rules. ",
        ),
    ],
)
def test_a_name_of_another_format_is_told_what_it_is_and_what_to_check_it_as(
    name: str, expected: str
) -> None:
    """Regression: the spelling guess offered 'vintage' for "Vintage Cube", 'pauper' for "Pauper
    Cube" and 'commander' for "Canadian Highlander", "Commander Cube" and "French Commander"."""
    assert advice(name) == expected


def test_a_misspelt_format_still_gets_its_spelling_guess() -> None:
    assert advice("modrn") == "did you mean 'modern'? "
    assert advice("Vintge") == "did you mean 'vintage'? "


@pytest.mark.parametrize(
    ("name", "format"),
    [
        ("Vintage", "vintage"),
        ("Pauper", "pauper"),
        ("Limited", "limited"),
        ("Duel Commander", "duel"),
        ("Elder Dragon Highlander", "commander"),  # Commander's alias, though it says "Highlander"
        ("Pauper EDH", "paupercommander"),
    ],
)
def test_a_known_format_is_found_as_before(name: str, format: str) -> None:
    assert get_format(name) is load_registry()[format]


def test_a_formats_file_of_ones_own_can_name_a_format_so(tmp_path: Path) -> None:
    """A format the registry knows is found before any entry is read: an entry only explains a name."""
    extra = tmp_path / "formats.toml"
    extra.write_text('[vintagecube]\nextends = "limited"\ntitle = "Vintage Cube"\n', encoding="utf-8")
    assert get_format("Vintage Cube", load_registry(extra)).name == "vintagecube"


def test_every_entry_can_match_and_checks_as_a_bundled_format() -> None:
    """Each entry's names: none is a known format's name or alias (every unknown name containing it
    would be explained away: "vintage" would catch "Vintge Cube" and "Vintage Old School"), and
    each is matched first by its own entry (entries are tried in order); check_as is a format."""
    registry = load_registry()
    known = {_registry_key(written) for key, spec in registry.items() for written in (key, *spec.aliases)}
    entries = other_format_names()
    assert entries
    for entry in entries:
        assert not set(entry.contains) & known, entry.contains
        for name in entry.contains:
            assert next(e for e in entries if e.matches(name)) is entry, name
        assert entry.check_as == "" or entry.check_as in registry, entry.check_as


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "[[name]]\nmeans = 'x'\n",
            "[[name]] #1: contains must be a list of names (the names it explains), got None",
        ),
        (
            "[[name]]\ncontains = []\nmeans = 'x'\n",
            "contains must be a list of names (the names it explains), got []",
        ),
        ("[[name]]\ncontains = ['a', ' ']\nmeans = 'x'\n", "contains must be a list of names"),
        (
            "[[name]]\ncontains = 'a'\nmeans = 'x'\n",
            "[[name]] #1: contains must be a list of names (the names it explains), got 'a'",
        ),
        ("[[name]]\ncontains = ['a']\n", "[[name]] #1: means must be text (what such a format is), got None"),
        ("[[name]]\ncontains = ['a']\nmeans = ' '\n", "[[name]] #1: means must be text"),
        ("[[name]]\ncontains = ['a']\nmeans = 'x'\ncheck_as = 1\n", "check_as must be a format name, got 1"),
        ("[[name]]\ncontains = ['a']\nmeans = 'x'\nmean = 'y'\n", "may have only the keys contains, means"),
        ("name = 3\n", "expected only [[name]] tables"),
        ("[cube]\nmeans = 'x'\n", "expected only [[name]] tables, got 'cube'"),
        ("[[name]\n", "is not valid TOML"),
    ],
)
def test_a_damaged_names_file_is_a_config_error_naming_it(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "format_names.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as raised:
        other_format_names(path)
    assert str(path) in raised.value.message and expected in raised.value.message


def test_the_names_file_is_bundled() -> None:
    assert bundled_format_names_path().name == "format_names.toml" and bundled_format_names_path().is_file()


@pytest.mark.parametrize(
    ("declared", "read_as"),
    [
        ("Commander / EDH", "commander"),
        ("EDH/Commander", "commander"),
        ("Pauper EDH / PDH", "paupercommander"),
        ("Modern", "modern"),
        ("Pauper / Cube", "pauper/cube"),
        ("Modern / Pioneer", "modern/pioneer"),
        ("Commander / Legacy", "commander/legacy"),
    ],
)
def test_a_declaration_with_parts_is_one_format_only_when_they_agree(declared: str, read_as: str) -> None:
    from deckcheck.decklist._base import normalize_format_name

    assert normalize_format_name(declared) == read_as


def test_a_name_of_two_known_formats_is_told_to_choose_one() -> None:
    assert advice("Standard/Historic") == (
        "'Standard/Historic' names 2 formats (standard and historic): a deck is checked by one format's "
        "rules at a time; name the one to check it in (--format standard). "
    )
    # one known part and a cube: the cube's advice, not the known part's rules
    assert advice("Legacy / Cube").startswith(f"'Legacy / Cube' is {CUBE}; check it as 'limited'")
