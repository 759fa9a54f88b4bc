"""The format registry: data/formats.toml, presets with `extends`, user files, clear config errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.errors import ConfigError
from deckcheck.formats import bundled_formats_path, get_format, load_registry

CONSTRUCTED = (
    "standard", "pioneer", "explorer", "modern", "legacy", "vintage", "pauper", "historic", "timeless",
    "alchemy", "premodern", "oldschool", "penny",
)  # fmt: skip
COMMANDER_FAMILY = ("commander", "duel", "paupercommander", "brawl", "historicbrawl", "standardbrawl")


def write(tmp_path: Path, text: str, name: str = "formats.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_bundled_file_is_the_source_tree_copy() -> None:
    assert bundled_formats_path().is_file()
    assert bundled_formats_path().name == "formats.toml"


@pytest.mark.parametrize("name", CONSTRUCTED)
def test_constructed_formats_are_60_15_4_with_their_own_key(name: str) -> None:
    spec = get_format(name)
    assert (spec.min_main, spec.max_main, spec.sideboard_max, spec.copy_limit) == (60, None, 15, 4)
    assert spec.legality_key == name
    assert not spec.commander


@pytest.mark.parametrize("name", COMMANDER_FAMILY)
def test_commander_family_is_singleton_with_commanders(name: str) -> None:
    spec = get_format(name)
    assert spec.commander and spec.copy_limit == 1 and spec.fixed_size
    assert spec.sideboard_max == 0  # 903.5e: Commander games do not use sideboards


def test_presets_are_not_selectable() -> None:
    registry = load_registry()
    assert "constructed" not in registry and "commander-family" not in registry
    with pytest.raises(ConfigError):
        get_format("constructed")


def test_commander_and_brawl_details() -> None:
    commander = get_format("commander")
    assert (commander.min_main, commander.max_main, commander.max_commanders) == (100, 100, 2)
    assert commander.companion_bans == frozenset({"Lutri, the Spellchaser"})
    assert not commander.colourless_basic_exception and not commander.planeswalker_commanders
    brawl, standard_brawl = get_format("brawl"), get_format("standardbrawl")
    assert brawl.min_main == 100 and standard_brawl.min_main == standard_brawl.max_main == 60
    assert brawl.colourless_basic_exception and brawl.planeswalker_commanders
    # two commanders: not known whether Brawl allows them (a pair is not verified)
    assert commander.commander_pairs_known
    for spec in (brawl, get_format("historicbrawl"), standard_brawl):
        assert (spec.max_commanders, spec.commander_pairs_known) == (2, False), spec.name
    # Key aliases: pre-2024 data calls Arena Brawl "historicbrawl" and Standard Brawl "brawl".
    assert brawl.legality_candidates == ("historicbrawl", "brawl")
    assert standard_brawl.legality_candidates == ("standardbrawl", "brawl")


def test_which_cards_lead() -> None:
    """Commander's rule (CR 903.3) everywhere but Pauper Commander, whose commander is an uncommon
    creature (PDH 906.3), with the data's "restricted" read as legal only as the commander."""
    for name in ("commander", "duel", "brawl", "standardbrawl"):
        assert get_format(name).commander_cards == "legendary", name
    assert get_format("modern").commander_cards == "legendary"
    pdh = get_format("pdh")
    assert pdh.commander_cards == "uncommon-creature" and pdh.restricted_means == "commander-only"
    assert not pdh.planeswalker_commanders


def test_limited_and_freeform_have_no_copy_limit_or_legality() -> None:
    limited = get_format("limited")
    assert (limited.min_main, limited.copy_limit, limited.sideboard_max, limited.legality_key) == (
        40,
        None,
        None,
        None,
    )
    assert limited.is_limited
    assert get_format("freeform").min_main == 0


def test_get_format_ignores_case_spaces_and_dashes() -> None:
    assert get_format("Standard Brawl").name == "standardbrawl"
    assert get_format("  MODERN ").name == "modern"
    assert get_format("pauper-commander").name == "paupercommander"


def test_unknown_format_lists_the_valid_names() -> None:
    with pytest.raises(ConfigError) as raised:
        get_format("modrn")
    text = str(raised.value)
    assert "unknown format 'modrn'" in text and "modern" in text and "commander" in text


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("CDR", "'commander'"),  # Cockatrice users' "Format: CDR": no convention makes it an alias
        ("cmdr", "'commander'"),
        ("EHD", "'commander'"),  # an alias misspelt names the format it stands for
        ("pauperedhh", "'paupercommander'"),
        ("Commandr", "'commander'"),
        ("modrn", "'modern'"),
        ("oath", "'oathbreaker'"),
        ("std", "'standard' or 'standardbrawl'"),
    ],
)
def test_an_unknown_format_suggests_the_formats_it_may_misspell_or_abbreviate(
    written: str, meant: str
) -> None:
    """Regression: only format names were compared, and only by spelling: "CDR", "EHD" (edh) and
    "oath" had no suggestion, and "pauperedhh" was offered 'pauper'."""
    with pytest.raises(ConfigError) as raised:
        get_format(written)
    assert raised.value.hint is not None
    assert raised.value.hint.startswith(f"did you mean {meant}? valid formats: "), raised.value.hint


def test_an_unknown_format_like_no_other_gets_no_guess() -> None:
    for written in ("1v1", "L", "xyz"):
        with pytest.raises(ConfigError) as raised:
            get_format(written)
        assert raised.value.hint is not None and raised.value.hint.startswith("valid formats: "), written


def test_user_file_adds_a_format_extending_a_preset_and_changes_one(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
        [tinyleaders]
        extends = "commander"
        title = "Tiny Leaders"
        min_main = 50
        max_main = 50

        [modern]
        extra_banned = ["Lightning Bolt"]
        """,
    )
    registry = load_registry([path])
    tiny = get_format("tinyleaders", registry)
    assert (tiny.title, tiny.min_main, tiny.legality_key, tiny.commander) == (
        "Tiny Leaders",
        50,
        "commander",
        True,
    )
    assert tiny.companion_bans == frozenset({"Lutri, the Spellchaser"})  # inherited
    modern = registry["modern"]
    assert modern.extra_banned == frozenset({"Lightning Bolt"}) and modern.min_main == 60
    assert load_registry(path)["modern"].extra_banned == modern.extra_banned  # a single Path works too
    assert not load_registry()["modern"].extra_banned  # the bundled registry is unchanged


def test_a_format_extending_another_is_called_by_its_own_name(tmp_path: Path) -> None:
    # "Lightning Bolt is banned in Modern" would name the wrong format (and a ban Modern does not have).
    path = tmp_path / "house.toml"
    path.write_text('[kitchen]\nextends = "modern"\nextra_banned = ["Lightning Bolt"]\n', encoding="utf-8")
    registry = load_registry([path])
    kitchen = registry["kitchen"]
    assert kitchen.title == "Kitchen" and kitchen.legality_key == "modern"
    assert registry["modern"].title == "Modern"


@pytest.mark.parametrize(
    ("tables", "line", "clash"),
    [
        (
            '[edh]\nextends = "commander"\n',
            1,
            "the name 'edh' is already the alias 'edh' of format 'commander'",
        ),
        ('[Modern]\nextends = "modern"\n', 1, "the name 'Modern' is already the name of format 'modern'"),
        (
            '[kitchen]\nextends = "modern"\naliases = ["c-edh"]\n',
            3,
            "the alias 'c-edh' is already the alias 'cedh'",
        ),
    ],
)
def test_a_format_named_as_another_one_could_never_be_chosen(
    tmp_path: Path, tables: str, line: int, clash: str
) -> None:
    # get_format folds case, spaces, '-' and '_' and finds the bundled format first: the user's
    # table would be listed by `deckcheck formats` and never used.
    path = tmp_path / "mine.toml"
    path.write_text(tables, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_registry([path])
    assert caught.value.message.startswith(f"{path}:{line}: ") and clash in caught.value.message


def test_legality_key_in_a_later_file_replaces_the_aliases(tmp_path: Path) -> None:
    path = write(tmp_path, '[brawl]\nlegality_key = "brawl"\n')
    assert load_registry([path])["brawl"].legality_candidates == ("brawl",)
    path = write(tmp_path, '[modern]\nlegality_key = ""\n', "none.toml")
    assert load_registry([path])["modern"].legality_key is None


def test_unlimited_values(tmp_path: Path) -> None:
    path = write(tmp_path, '[cube]\nextends = "limited"\nsideboard_max = 30\ncopy_limit = "Unlimited"\n')
    cube = load_registry([path])["cube"]
    assert cube.sideboard_max == 30 and cube.copy_limit is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[modern]\nmin_mian = 40\n", "[modern] unknown key 'min_mian'"),
        ('[modern]\nmin_main = "sixty"\n', "[modern] min_main must be a whole number"),
        ("[modern]\nmin_main = -1\n", "[modern] min_main must be a whole number"),
        ('[modern]\ncommander = "yes"\n', "[modern] commander must be true/false"),
        ('[modern]\nextra_banned = "Lightning Bolt"\n', "[modern] extra_banned must be a list of names"),
        ("[modern]\nmax_main = 40\n", "max_main (40) is below min_main (60)"),
        ("[modern]\ncopy_limit = 0\n", "copy_limit must be at least 1"),
        ('[x]\nextends = "nosuch"\n', "[x] extends unknown format 'nosuch'"),
        ('[a]\nextends = "b"\n[b]\nextends = "a"\n', "cycle"),
        ('[x]\ntitle = "No size"\n', "[x] has no min_main"),
        (
            '[modern]\nlegality_key = "modern"\nlegality_keys = ["modern"]\n',
            "sets both legality_key and legality_keys",
        ),
        (
            '[paupercommander]\ncommander_cards = "common"\n',
            "[paupercommander] commander_cards must be one of legendary, uncommon-creature, oathbreaker, "
            "got 'common'",
        ),
        (
            '[x]\nextends = "commander"\ncommander_cards = "uncommon-creature"\n',
            '[x] commander_cards = "uncommon-creature" needs restricted_means = "commander-only"',
        ),
        (
            '[x]\nextends = "paupercommander"\nplaneswalker_commanders = true\n',
            "[x] planeswalker_commanders is a rule for legendary commanders",
        ),
        ("modern = 3\n", "top-level key 'modern' is not a table"),
        ("[modern\n", "is not valid TOML"),
    ],
)
def test_bad_user_files_name_the_file_and_the_key(tmp_path: Path, text: str, expected: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as raised:
        load_registry([path])
    message = str(raised.value)
    assert str(path) in message
    assert expected in message


@pytest.mark.parametrize(
    ("text", "line", "expected"),
    [
        ("[modern]\nmin_mian = 40\n", 3, "[modern] unknown key 'min_mian'"),
        ('[modern]\ntitle = "M"\n\nmin_main = "sixty"\n', 5, "[modern] min_main must be a whole number"),
        ('["my format"]\nextends = "modern"\n\ncommander = "yes"\n', 5, "[my format] commander must be"),
        ('[x]\ntitle = "X"\nextends = "nosuch"\n', 4, "[x] extends unknown format 'nosuch'"),
        ('[a]\nextends = "b"\n[b]\nextends = "a"\n', 5, "[b] extends itself in a cycle"),
        ('[x]\ntitle = "No size"\n', 2, "[x] has no min_main"),  # the table's header
        ("[modern]\n\nmax_main = 40\n", 4, "[modern] max_main (40) is below min_main (60)"),
        ("[x]\nextends = 'modern'\ncopy_limit = 0\n", 4, "[x] copy_limit must be at least 1"),
        ('[x]\nextends = "commander"\nmax_commanders = 0\n', 4, "[x] max_commanders must be at least 1"),
        ('[x]\nextends = "brawl"\nmax_commanders = 1\n', 4, "[x] max_commanders = 1 allows no second"),
        ('[m]\nextends = "modern"\nrestricted_means = "x"\n', 4, "[m] restricted_means must be one of"),
        ('[modern]\nlegality_key = "modern"\nlegality_keys = []\n', 4, "[modern] sets both legality_key and"),
        ("title = 'x'\n", 2, "top-level key 'title' is not a table"),
        # a number past 64 bits once stopped frames.validate (OverflowError in numpy)
        ("[x]\nextends = 'modern'\nmin_main = 99999999999999999999\n", 4, "[x] min_main must be at most"),
        ("[x]\nextends = 'modern'\ncopy_limit = 1000001\n", 4, "[x] copy_limit must be at most 1,000,000"),
        ('[""]\nextends = "modern"\n', 2, "a format table with no name"),
        ('[x]\nextends = "modern"\n[x.rules]\nmin_main = 3\n', 4, "[x] unknown key 'rules'"),
        ('[" "]\nextends = "modern"\n', 2, "a format table with no name"),
    ],
)
def test_bad_user_files_name_the_line(tmp_path: Path, text: str, line: int, expected: str) -> None:
    """Regression: errors in a formats file named the file alone."""
    path = write(tmp_path, "# our formats\n" + text)
    with pytest.raises(ConfigError) as raised:
        load_registry([path])
    assert raised.value.message.startswith(f"{path}:{line}: {expected}")


def test_a_key_the_locator_cannot_see_names_the_table(tmp_path: Path) -> None:
    """A dotted key has no line the locator reads as its own: the table's header is named."""
    path = write(tmp_path, "# ours\n[x]\nextends = 'modern'\nmin_main = 60\n[y]\nrules.min_main = 3\n")
    with pytest.raises(ConfigError) as raised:
        load_registry([path])
    assert raised.value.message.startswith(f"{path}:5: [y] unknown key 'rules'")


def test_unknown_key_suggests_the_right_one(tmp_path: Path) -> None:
    path = write(tmp_path, "[modern]\nsideboard_size = 10\n")
    with pytest.raises(ConfigError) as raised:
        load_registry([path])
    assert raised.value.hint is not None and "sideboard_max" in raised.value.hint


def test_missing_and_non_toml_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not found"):
        load_registry([tmp_path / "absent.toml"])
    with pytest.raises(ConfigError, match="is a directory"):
        load_registry([tmp_path])
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00[x]")
    with pytest.raises(ConfigError, match=str(binary).replace("\\", "\\\\")):
        load_registry([binary])


def test_an_edited_file_is_read_again(tmp_path: Path) -> None:
    path = write(tmp_path, '[modern]\nextra_banned = ["Counterspell"]\n')
    assert load_registry([path])["modern"].extra_banned == frozenset({"Counterspell"})
    path.write_text('[modern]\nextra_banned = ["Lightning Bolt", "Brainstorm"]\n', encoding="utf-8")
    assert load_registry([path])["modern"].extra_banned == frozenset({"Lightning Bolt", "Brainstorm"})


def test_registry_is_a_fresh_dict_each_time() -> None:
    first = load_registry()
    first.pop("modern")
    assert "modern" in load_registry()


@pytest.mark.parametrize(
    ("alias", "name"), [("EDH", "commander"), ("pdh", "paupercommander"), ("Duel Commander", "duel")]
)
def test_get_format_accepts_aliases(alias: str, name: str) -> None:
    assert get_format(alias).name == name


def test_a_user_file_may_start_with_a_byte_order_mark(tmp_path: Path) -> None:
    """As a config file may: some editors write one, and it cannot be seen."""
    path = tmp_path / "formats.toml"
    path.write_bytes('[house]\nextends = "modern"\ncopy_limit = 1000000\n'.encode("utf-8-sig"))
    assert load_registry([path])["house"].copy_limit == 1_000_000
