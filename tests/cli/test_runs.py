"""Runs that never abort on one file, folder runs that check decklists only, and no deck called
legal without a format."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import BANNED_MODERN, COMMANDER_DECK, LEGAL_MODERN, Invoke, Project

REPO = Path(__file__).resolve().parents[2]
PIONEER_LIST = (REPO / "data" / "decks" / "pioneer-lurrus-illegal.txt").read_text(encoding="utf-8")
COCKATRICE_CDR = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
    <deckname>Krenko</deckname>
    <comments>Format: CDR</comments>
    <zone name="main">
        <card number="4" name="Lightning Bolt"/>
        <card number="56" name="Mountain"/>
    </zone>
</cockatrice_deck>
"""


@pytest.fixture
def bundled_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(REPO / "data" / "cards.json"))


# -- one file does not stop the run -------------------------------------------------------------
def test_an_unknown_declared_format_is_reported_on_its_file_and_the_others_are_checked(
    project: Project, invoke: Invoke
) -> None:
    """Regression: a Cockatrice deck saying `Format: CDR` ended the run with one line and no
    result for any other file."""
    project.write("krenko.cod", COCKATRICE_CDR)
    project.write("banned.txt", BANNED_MODERN)
    project.write("legal.txt", LEGAL_MODERN)
    result = invoke(["check", "-q", "krenko.cod", "banned.txt", "legal.txt"])
    assert result.exit_code == 2
    # quoted as the file writes it, on the line of the comment that declares it
    assert (
        "krenko.cod:4: DC006 the decklist declares format 'CDR', which is not a known format" in result.stdout
    )
    # no convention makes CDR Commander (nor Duel Commander): not read as it, but offered
    assert "(did you mean 'commander'? valid formats: " in result.stdout
    assert result.stdout.splitlines()[-1].startswith("2 decks checked")
    assert "1 file could not be checked" in result.stdout
    document = json.loads(invoke(["check", "-o", "json", "krenko.cod", "legal.txt"]).stdout)
    assert [d["path"] for d in document["decks"]] == ["legal.txt"]
    assert document["not_checked"][0]["path"] == "krenko.cod"
    assert document["not_checked"][0]["findings"][0]["code"] == "DC006"
    assert document["summary"]["not_checked"] == 1 and document["summary"]["exit_code"] == 2


def test_a_declared_format_names_its_line(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", "4 Lightning Bolt\n// format: tribal wars\n56 Mountain\n")
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 2
    assert "deck.txt:2: DC006" in result.stdout


def test_a_missing_file_among_the_arguments_does_not_stop_the_others(
    project: Project, invoke: Invoke
) -> None:
    project.write("banned.txt", BANNED_MODERN)
    result = invoke(["check", "-f", "modern", "gone.txt", "banned.txt"])
    assert result.exit_code == 2  # 2 wins over the findings' 1
    assert "gone.txt: DC001 no such file or directory" in result.stdout
    assert "banned.txt:1: DC201" in result.stdout
    github = invoke(["check", "-f", "modern", "-o", "github", "gone.txt", "banned.txt"])
    assert "::error file=gone.txt,title=DC001 unreadable-file::no such file or directory" in github.stdout


def test_exit_zero_never_hides_a_file_that_was_not_checked(project: Project, invoke: Invoke) -> None:
    project.write("banned.txt", BANNED_MODERN)
    assert invoke(["check", "-f", "modern", "--exit-zero", "banned.txt"]).exit_code == 0
    assert invoke(["check", "-f", "modern", "--exit-zero", "banned.txt", "gone.txt"]).exit_code == 2


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_a_file_that_is_not_a_regular_file_is_not_read(project: Project, invoke: Invoke) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    result = invoke(["check", "-f", "modern", "/dev/null", "legal.txt"])
    assert result.exit_code == 2
    assert "/dev/null: DC001 not a regular file; nothing to check" in result.stdout
    assert "legal.txt: format modern" in result.stdout


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_file_is_not_checked(project: Project, invoke: Invoke) -> None:
    locked = project.write("locked.txt", LEGAL_MODERN)
    locked.chmod(0)
    try:
        result = invoke(["check", "-f", "modern", "locked.txt"])
    finally:
        locked.chmod(0o644)
    assert result.exit_code == 2
    assert "locked.txt: DC001 cannot read the file: Permission denied" in result.stdout


def test_companions_reports_a_file_it_could_not_check(project: Project, invoke: Invoke) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    result = invoke(["companions", "-f", "modern", "legal.txt", "gone.txt"])
    assert result.exit_code == 2
    assert "legal.txt: format modern" in result.stdout
    assert "gone.txt: DC001 no such file or directory" in result.stdout


# -- folder runs check decklists only -----------------------------------------------------------
def test_a_folder_run_skips_files_that_are_not_decklists(project: Project, invoke: Invoke) -> None:
    """Regression: requirements.txt, notes, CSV and JSON that are not decks each got errors."""
    project.write("repo/decks/burn.txt", LEGAL_MODERN)
    project.write("repo/decks/banned.dec", BANNED_MODERN)
    project.write("repo/requirements.txt", "pandas>=2.0\nnumpy==1.26\nclick\n")
    project.write("repo/notes.txt", "Ideas for the next event\n\nTry more removal, maybe cut two bolts?\n")
    project.write("repo/prices.csv", "date,price\n2024-01-01,3\n")
    project.write("repo/package.json", '{"name": "site", "version": "1.0.0"}\n')
    project.write("repo/cover.jpg.json", '{"width": 640, "height": 480}\n')
    result = invoke(["check", "-f", "modern", "-q", "repo"])
    assert result.exit_code == 1  # the banned deck; nothing from the other files
    lines = result.stdout.splitlines()
    assert [line for line in lines if ": DC" in line] == [
        "repo/decks/banned.dec:1: DC201 Mox Opal is banned in Modern (line 1)"
    ]
    assert lines[-1].startswith("2 decks checked")
    assert "5 files skipped (not decklists; -v lists them)" in lines[-1]
    verbose = invoke(["check", "-f", "modern", "-q", "-v", "repo"])
    skipped = [line for line in verbose.stdout.splitlines() if ": skipped: " in line]
    assert [line.split(":")[0] for line in skipped] == [
        "repo/cover.jpg.json",
        "repo/notes.txt",
        "repo/package.json",
        "repo/prices.csv",
        "repo/requirements.txt",
    ]
    document = json.loads(invoke(["check", "-f", "modern", "-o", "json", "repo"]).stdout)
    assert document["summary"]["skipped"] == 5 and len(document["skipped"]) == 5
    # named explicitly (as pre-commit passes files), a file is always checked
    explicit = invoke(["check", "-f", "modern", "repo/requirements.txt"])
    assert explicit.exit_code == 1 and "repo/requirements.txt:1: DC002" in explicit.stdout


def test_a_file_that_declares_its_format_is_a_decklist(project: Project, invoke: Invoke) -> None:
    """Regression: count-less names the data does not know (cards newer than it) read as "not
    cards", so a folder run and the pre-commit hook skipped the list, exit 0, though it names its
    format; checked by name it was "not verified"."""
    newer = "// format: modern\nOrcish Bowmasters\nSheoldred, the Apocalypse\nThe One Ring\nWrenn and Seven\n"
    project.write("decks/new.txt", newer)
    for args in (["decks"], ["--force-exclude", "decks/new.txt"]):
        result = invoke(["check", "-q", *args])
        assert result.exit_code == 1, (args, result.output)
        assert "decks/new.txt:2: DC010 unknown card 'Orcish Bowmasters'" in result.stdout, args
        assert "skipped" not in result.stdout, args


def test_a_folder_run_checks_every_decklist_extension_frames_reads(project: Project, invoke: Invoke) -> None:
    """Regression: the CLI's extension list lacked .o8d and .deck, which frames.load_decks read."""
    from deckcheck import batch

    octgn = (REPO / "tests" / "fixtures" / "decklists" / "octgn.o8d").read_text(encoding="utf-8")
    project.write("decks/octgn.o8d", octgn)
    project.write("decks/plain.deck", LEGAL_MODERN)
    result = invoke(["check", "-f", "modern", "-o", "json", "decks"])
    checked = sorted(d["path"] for d in json.loads(result.stdout)["decks"])
    assert checked == ["decks/octgn.o8d", "decks/plain.deck"]
    assert sorted(deck_id for deck_id, _, _ in batch.deck_paths(project.root / "decks")) == [
        "octgn.o8d",
        "plain.deck",
    ]


# -- no silent "legal" ---------------------------------------------------------------------------
def test_a_list_without_a_format_is_never_called_legal(
    project: Project, invoke: Invoke, bundled_cards: None
) -> None:
    """Regression: without a `// format:` line a Pioneer list with a banned Lurrus and five Thraben
    Inspectors passed as freeform."""
    project.write("deck.txt", PIONEER_LIST.replace("// format: pioneer\n", ""))
    result = invoke(["check", "deck.txt"])
    assert result.exit_code == 1
    assert "format generic-constructed (inferred: no format given)" in result.stdout
    assert "DC104 5 copies of Thraben Inspector" in result.stdout
    assert "DC020 [warning] no format given" in result.stdout
    assert "legality and ban lists were not checked" in result.stdout
    required = invoke(["check", "--require-format", "deck.txt"])
    assert required.exit_code == 1
    assert "deck.txt: DC021 no format given and one is required" in required.stdout
    assert "DC020" not in required.stdout


def test_a_companion_is_not_offered_without_a_format(project: Project, invoke: Invoke) -> None:
    """Regression: with no format named, a sideboard Lurrus whose condition the deck meets was
    offered as one it can reveal (DC410) and shown eligible, though legality was not checked
    (Lurrus is banned in Legacy and Pioneer): it is not verified, saying how to name the format."""
    project.write("burn.txt", "4 Lightning Bolt\n56 Mountain\n\nSideboard\n1 Lurrus of the Dream-Den\n")
    result = invoke(["check", "-v", "burn.txt"])
    assert "DC410" not in result.stdout
    assert (
        "burn.txt:5: DC015 [warning] whether the deck can reveal Lurrus of the Dream-Den as companion not "
        "verified: no format given: whether Lurrus is legal is not checked; name the format with --format"
    ) in result.stdout

    def lurrus_row(*args: str) -> str:
        out = invoke(["companions", *args, "burn.txt"]).stdout
        return next(line for line in out.splitlines() if line.startswith("Lurrus of the Dream-Den "))

    assert re.match(r"Lurrus of the Dream-Den +\? +yes ", lurrus_row())
    assert re.match(r"Lurrus of the Dream-Den +yes +yes ", lurrus_row("-f", "modern"))


def test_require_format_in_the_config(project: Project, invoke: Invoke) -> None:
    project.write("legal.txt", LEGAL_MODERN)
    assert invoke(["check", "legal.txt"]).exit_code == 0  # a warning only
    assert invoke(["check", "--strict", "legal.txt"]).exit_code == 1
    project.write(".deckcheck.toml", "require_format = true\n")
    required = invoke(["check", "legal.txt"])
    assert required.exit_code == 1 and "DC021" in required.stdout
    assert invoke(["check", "--no-require-format", "legal.txt"]).exit_code == 0
    assert invoke(["check", "-f", "modern", "legal.txt"]).exit_code == 0  # a format given: fine
    project.write(".deckcheck.toml", "require_format = 'yes'\n")
    bad = invoke(["check", "legal.txt"])
    assert bad.exit_code == 2 and "'require_format' must be true or false" in bad.stderr


@pytest.mark.parametrize("content", ["", "\n\n  \n", "// just a comment\n"])
def test_an_empty_decklist_is_an_error(project: Project, invoke: Invoke, content: str) -> None:
    project.write("empty.txt", content)
    for args, source in ((["check", "empty.txt"], None), (["check", "-"], content)):
        result = invoke([*args, "-f", "modern"], input=source)
        assert result.exit_code == 1, (args, result.output)
        assert "DC005 no card lines in the file" in result.stdout
    assert invoke(["check", "empty.txt"]).exit_code == 1  # no format either: still an error


def test_the_family_is_inferred_from_the_deck(project: Project, invoke: Invoke) -> None:
    project.write("edh.txt", COMMANDER_DECK)
    project.write("hundred.txt", "1 Lightning Bolt\n1 Mox Opal\n98 Mountain\n")
    project.write("sealed.txt", "4 Lightning Bolt\n36 Mountain\n")
    project.write("small.txt", "4 Lightning Bolt\n20 Mountain\n")
    result = invoke(["check", "edh.txt", "hundred.txt", "sealed.txt", "small.txt"])
    out = result.stdout
    assert "edh.txt: format generic-commander (inferred: the deck has a commander)" in out
    assert "hundred.txt: format generic-commander (inferred: a 100-card singleton deck)" in out
    assert "hundred.txt: DC105" in out  # no commander marked: reported, not guessed
    assert "sealed.txt: format generic-limited (inferred: 40 cards, a limited deck)" in out
    assert "small.txt: format generic-constructed (inferred: no format given)" in out
    assert "small.txt: DC101 the main deck has 24 cards" in out


def test_a_deck_with_a_commander_and_60_cards_in_all_has_the_brawl_shape(
    project: Project, invoke: Invoke, bundled_cards: None
) -> None:
    """Brawl decks are 60 cards with the commander (CR 903.12): with no format given, such a list
    is not failed for not being 100 cards, and a planeswalker may lead it; any other size with a
    commander is the Commander shape."""
    project.write("brawl.txt", "Commander\n1 Ugin, the Ineffable\n\nDeck\n59 Wastes\n")
    project.write("edh.txt", "Commander\n1 Ugin, the Ineffable\n\nDeck\n99 Wastes\n")
    project.write("sixty-one.txt", "Commander\n1 Kenrith, the Returned King\n\nDeck\n60 Plains\n")
    result = invoke(["check", "brawl.txt", "edh.txt", "sixty-one.txt"])
    lines = result.stdout.splitlines()
    brawl = [line for line in lines if line.startswith("brawl.txt")]
    assert brawl[0].startswith(
        "brawl.txt: format generic-brawl (inferred: the deck has a commander, 60 cards in all, "
        "Brawl's size); 59 main, 1 commander: not verified: no format given"
    ), brawl
    assert not [line for line in brawl if "DC306" in line or "DC301" in line]
    assert any(
        line.startswith("edh.txt: format generic-commander (inferred: the deck has a commander)")
        for line in lines
    )
    assert any(line.startswith("edh.txt:2: DC301") for line in lines)  # Ugin leads no Commander deck
    assert "sixty-one.txt: DC306 Commander (no format given) decks have exactly 100 cards" in result.stdout


OATHBREAKER_LIST = (
    "Oathbreaker\n1 Daretti, Scrap Savant\n\nSignature Spell\n1 Lightning Bolt\n\n"
    "Deck\n1 Shock\n1 Blasphemous Act\n56 Mountain\n"
)


def test_an_oathbreaker_list_with_no_format_is_not_failed_as_brawl(
    project: Project, invoke: Invoke, bundled_cards: None
) -> None:
    """A 60-card list with an Oathbreaker and a Signature Spell is Brawl's size, but an instant in the
    command zone leads no Commander-family deck: it is checked in the Oathbreaker shape (not verified,
    no format given), not failed for a Signature Spell that is no legendary creature."""
    project.write("oath.txt", OATHBREAKER_LIST)
    result = invoke(["check", "oath.txt"])
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "oath.txt: format generic-oathbreaker (inferred: its command zone holds a Signature Spell (an "
        "instant or sorcery card)); 58 main, 2 commander: not verified: no format given (1 warning)"
    ), lines
    assert not [line for line in lines if "DC301" in line or "DC302" in line or "DC306" in line]
    assert result.exit_code == 0
    assert invoke(["check", "--format", "oathbreaker", "oath.txt"]).stdout.splitlines()[0] == (
        "oath.txt: format oathbreaker (--format); 58 main, 2 commander: legal"
    )
    # checked as asked: Lightning Bolt is no commander
    asked = invoke(["check", "--format", "commander", "oath.txt"]).stdout
    assert "oath.txt:5: DC301 Lightning Bolt is not legendary (Instant)" in asked


COCKATRICE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n<deckname>wip</deckname>\n'
    '<comments>CDR: {named}</comments>\n<zone name="main">\n'
    '<card number="1" name="Kenrith, the Returned King"/>\n<card number="{plains}" name="Plains"/>\n'
    "</zone>\n</cockatrice_deck>\n"
)


def test_a_comment_that_names_the_commander_makes_a_commander_deck(
    project: Project, invoke: Invoke, bundled_cards: None
) -> None:
    """A Cockatrice list whose CDR: comment names one of its cards is a Commander-family deck with
    no format given too (its size picks Commander or Brawl); the card is read as the commander. A
    comment naming no card of the list decides nothing."""
    named = "Kenrith, the Returned King"
    project.write("wip.cod", COCKATRICE.format(named=named, plains=82))
    project.write("brawl.cod", COCKATRICE.format(named=named, plains=59))
    project.write("other.cod", COCKATRICE.format(named="Golos, Tireless Pilgrim", plains=82))
    out = invoke(["check", "-v", "wip.cod", "brawl.cod", "other.cod"]).stdout
    assert (
        "wip.cod: format generic-commander (inferred: its comments name its commander (CDR: or commander:)); "
        "82 main, 1 commander" in out
    )
    assert (
        "wip.cod: DC306 Commander (no format given) decks have exactly 100 cards including the "
        "commander(s); this one has 83" in out
    )
    assert f"DC106 [info] read {named} as the commander" in out
    assert (
        "brawl.cod: format generic-brawl (inferred: its comments name its commander (CDR: or "
        "commander:), 60 cards in all" in out
    )
    assert "other.cod: format generic-constructed (inferred: no format given); 83 main" in out


def test_inferred_shapes_say_their_minimum_deck_size_is_not_known() -> None:
    from deckcheck.formats import get_format
    from deckcheck.inference import SHAPES

    assert all(shape.inferred and not shape.min_main_known and shape.legality_key is None for shape in SHAPES)
    assert get_format("modern").min_main_known and not get_format("modern").inferred


def test_yorion_without_a_known_minimum_deck_size_is_undetermined(
    project: Project, invoke: Invoke, bundled_cards: None
) -> None:
    """Regression: `deckcheck companions` on a 60-card list with no format called Yorion eligible
    (freeform's minimum 0 + 20). With no format the minimum is not known, so neither "eligible"
    nor "not eligible" is true."""
    project.write("deck.txt", "4 Lightning Bolt\n56 Mountain\n")
    document = json.loads(invoke(["companions", "-o", "json", "deck.txt"]).stdout)
    (yorion,) = [c for c in document["decks"][0]["companions"] if c["companion"] == "Yorion, Sky Nomad"]
    assert yorion["eligible"] is None and not yorion["near_miss"]
    assert "minimum deck size" in yorion["note"]
    table = invoke(["companions", "deck.txt"]).stdout
    assert next(line for line in table.splitlines() if line.startswith("Yorion")).split()[3] == "?"


def test_an_mtgo_commander_export_without_a_format_is_read_as_commander(
    project: Project, invoke: Invoke, bundled_cards: None
) -> None:
    """MTGO writes the 99 and, after a blank line, the commander as the sideboard: with no format
    given, the deck is inferred to be a Commander deck and the sideboard read as its command zone,
    not checked as a 99-card constructed deck with a sideboard."""
    layouts = Path(__file__).resolve().parents[1] / "fixtures" / "layouts"
    project.write("deck.txt", (layouts / "mtgo-commander.txt").read_text(encoding="utf-8"))
    result = invoke(["check", "-v", "deck.txt"])
    header = result.stdout.splitlines()[0]
    assert (
        "generic-commander" in header and "as MTGO writes a Commander deck with its commander there" in header
    )
    assert "99 main, 1 commander" in header
    assert "DC106" in result.stdout and "DC105" not in result.stdout


def test_an_mtgo_layout_with_two_possible_commanders_is_not_verified(
    project: Project, invoke: Invoke, bundled_cards: None
) -> None:
    """Two sideboard cards that could each lead: neither reading is guessed, and what only the list
    as written breaks (a sideboard, 99 cards and no commander) is not reported against it."""
    project.write("deck.txt", "99 Plains\n\n1 Jegantha, the Wellspring\n1 Kaheera, the Orphanguard\n")
    for args in (["--format", "commander"], []):
        result = invoke(["check", *args, "deck.txt"])
        assert "DC105" in result.stdout and "not verified" in result.stdout.splitlines()[0]
        assert "DC103" not in result.stdout and "DC306" not in result.stdout


def test_a_file_that_declares_its_format_but_holds_no_card_is_checked(
    project: Project, invoke: Invoke
) -> None:
    """Regression: a decklist that declares its format but whose card lines were all deleted was
    skipped as "no card lines" by a folder run and by the hook (--force-exclude), exit 0: a commit
    that emptied a deck passed."""
    project.write("decks/empty.txt", "// format: modern\n// nothing here\n")
    for args in (["decks"], ["--force-exclude", "decks/empty.txt"]):
        result = invoke(["check", "-v", *args])
        assert result.exit_code == 1, (args, result.output)
        assert "decks/empty.txt: DC005 no card lines in the file" in result.stdout, args
        assert "skipped" not in result.stdout, args


def test_an_emptied_decklist_fails_the_hook_unless_an_exclude_glob_skips_it(
    project: Project, invoke: Invoke
) -> None:
    """Regression: a deck file emptied by mistake (0 bytes, or blank lines only) was skipped as "no
    card lines" by a folder run and by the hook (--force-exclude), exit 0: the commit that emptied it
    passed. Notes with no card line are still skipped, and so is an empty file the config excludes."""
    project.write("decks/emptied.txt", "")
    project.write("decks/blank.dek", "\n  \n")
    project.write("decks/notes.txt", "// ideas for the next version\n")
    for args in (["decks"], ["--force-exclude", "decks/emptied.txt", "decks/blank.dek", "decks/notes.txt"]):
        result = invoke(["check", "-v", "-f", "modern", *args])
        assert result.exit_code == 1, (args, result.output)
        for path in ("decks/emptied.txt", "decks/blank.dek"):
            assert f"{path}: DC005 no card lines in the file" in result.stdout, (args, path)
        assert "decks/notes.txt: skipped: no card lines" in result.stdout, args
    project.write(".deckcheck.toml", 'exclude = ["decks/emptied.txt", "decks/blank.dek"]\n')
    result = invoke(["check", "-v", "--force-exclude", "decks/emptied.txt", "decks/blank.dek"])
    assert result.exit_code == 0, result.output
    assert "DC005" not in result.stdout and "2 files skipped (excluded)" in result.stdout


def test_an_empty_file_named_as_other_tools_name_theirs_is_skipped_and_listed(
    project: Project, invoke: Invoke
) -> None:
    """Regression: a folder with a deck and an empty requirements.txt, notes.txt or package.json
    failed the run (DC005) once empty files were checked: an empty file tells nothing by its
    content, and those names say it is another tool's. It is skipped and listed, in a folder run
    and in the hook (--force-exclude); an empty file a deck could be named as still fails."""
    project.write("decks/burn.txt", LEGAL_MODERN)
    empty = ["decks/requirements.txt", "decks/requirements-dev.txt", "decks/NOTES.txt", "decks/package.json"]
    for path in empty:
        project.write(path, "")
    for args in (["decks"], ["--force-exclude", "decks/burn.txt", *empty]):
        result = invoke(["check", "-v", "-f", "modern", *args])
        assert result.exit_code == 0, (args, result.output)
        assert "DC005" not in result.stdout, args
        for path in empty:
            assert f"{path}: skipped: empty, and " in result.stdout, (args, path)
        assert "4 files skipped (not decklists)" in result.stdout, args
    project.write("decks/sideboard.txt", "\n")
    result = invoke(["check", "-f", "modern", "decks"])
    assert result.exit_code == 1 and "decks/sideboard.txt: DC005" in result.stdout, result.output


@pytest.mark.parametrize(
    ("config", "file", "advice"),
    [
        (None, "decks/blank.dek", 'write exclude = ["decks/blank.dek"] in a new .deckcheck.toml'),
        (
            ("pyproject.toml", "[tool.deckcheck]\nstrict = false\n"),
            "decks/a*b[1].txt",
            'write exclude = ["decks/a[*]b[[]1].txt"] in pyproject.toml under [tool.deckcheck]',
        ),
        (
            ("decks/.deckcheck.toml", 'exclude = ["old/**"]\n'),
            "decks/blank.dek",
            'add "blank.dek" to the exclude list in decks/.deckcheck.toml',
        ),
    ],
)
def test_an_empty_decklist_says_which_exclude_glob_keeps_it_out(
    project: Project, invoke: Invoke, config: tuple[str, str] | None, file: str, advice: str
) -> None:
    """Regression: an empty file found in a folder (or named to the hook) failed with "no card
    lines in the file" alone, leaving the maintainer of a placeholder kept empty on purpose to find
    out how to keep it out. Its DC005 names the exclude glob that matches it, in the config's form
    and the config it goes in; following the advice makes the run pass. A file named without
    --force-exclude, which no exclude glob keeps out, is not given it."""
    if config is not None:
        project.write(*config)
    project.write(file, "")
    for args in (["decks"], ["--force-exclude", file]):
        result = invoke(["check", "-f", "modern", *args])
        assert result.exit_code == 1, (args, result.output)
        said = f"{file}: DC005 no card lines in the file (the file is empty; if it is no deck, {advice}"
        assert f"{said} to keep it out)" in result.stdout, args
    result = invoke(["check", "-f", "modern", file])
    assert result.exit_code == 1 and "DC005 no card lines in the file\n" in result.stdout, result.output
    glob = advice.split('"')[1]
    if config is None:
        project.write(".deckcheck.toml", f'exclude = ["{glob}"]\n')
    elif advice.startswith("add"):
        project.write(config[0], config[1].replace('"old/**"', f'"old/**", "{glob}"'))
    else:
        project.write(config[0], config[1] + f'exclude = ["{glob}"]\n')
    for args in (["decks"], ["--force-exclude", file]):
        result = invoke(["check", "-v", "-f", "modern", *args])
        assert "DC005" not in result.stdout and f"{file}: skipped: excluded by" in result.stdout, (
            result.output
        )


def test_a_file_named_after_its_folder_is_checked_as_a_named_file(project: Project, invoke: Invoke) -> None:
    """Regression: `deckcheck check decks decks/x.txt` skipped x.txt (found first in the folder,
    where it does not read as a decklist or an exclude glob matches it), while `deckcheck check
    decks/x.txt decks` checked it: a file named explicitly is checked all the same."""
    project.write(".deckcheck.toml", 'exclude = ["*.bak.txt"]\n')
    project.write("decks/empty.dek", "<Deck></Deck>")
    project.write("decks/old.bak.txt", BANNED_MODERN)
    for named in ("decks/empty.dek", "decks/old.bak.txt"):
        for args in (["decks", named], [named, "decks"]):
            result = invoke(["check", "-f", "modern", "-o", "json", *args])
            document = json.loads(result.stdout)
            assert [d["path"] for d in document["decks"]] == [named], (args, result.output)
            assert result.exit_code == 1, (args, result.output)


def test_a_binary_file_in_a_folder_is_skipped_in_plain_words(project: Project, invoke: Invoke) -> None:
    """Regression: the reason read 'not a decklist: binary file (contains NUL bytes): not a
    decklist'."""
    project.write("decks/deck.txt", LEGAL_MODERN)
    (project.root / "decks" / "image.txt").write_bytes(b"\x89PNG\x00\x00\x00\rIHDR")
    result = invoke(["check", "-f", "modern", "-v", "decks"])
    line = next(line for line in result.stdout.splitlines() if "image.txt" in line)
    assert line == "decks/image.txt: skipped: binary file (contains NUL bytes): not a decklist"


@pytest.mark.parametrize("command", ["check", "companions"])
def test_a_folder_run_that_checks_no_deck_is_exit_2(project: Project, invoke: Invoke, command: str) -> None:
    """Regression: a folder with no decklist file was exit 2, one whose files were all skipped
    (no decklists) exit 0: both checked nothing, and a CI job pointed at the wrong folder passed.
    A skipped file named explicitly (the hook names a README beside the decks) stays exit 0."""
    project.write("empty/notes.md", "not a deck")
    project.write("notes/todo.txt", "Try more removal next week.\nAsk about the sideboard.\n")
    nothing = invoke([command, "empty"])
    assert nothing.exit_code == 2, nothing.output
    skipped = invoke([command, "notes"])
    assert skipped.exit_code == 2, skipped.output
    assert (
        "deckcheck: error: no deck was checked: the 1 file found was skipped (not a decklist"
        in skipped.stderr
    )
    assert "(not decklists" not in skipped.stderr
    assert invoke([command, "--force-exclude", "notes/todo.txt"]).exit_code == 0
    project.write("notes/deck.txt", LEGAL_MODERN)
    assert invoke([command, "-f", "modern", "notes"]).exit_code == 0


@pytest.mark.skipif(not os.path.isdir("/dev/fd"), reason="no /dev/fd here")
@pytest.mark.parametrize("force_exclude", [[], ["--force-exclude"]])
def test_a_pipe_is_checked_under_the_working_directory_config(
    project: Project, invoke: Invoke, force_exclude: list[str]
) -> None:
    """Regression: `deckcheck check <(curl ...)` looked for a config in /dev/fd rather than the
    working directory, and --force-exclude skipped the pipe as a file without a decklist
    extension."""
    project.write(".deckcheck.toml", 'format = "modern"\n')
    read, write = os.pipe()
    try:
        os.write(write, BANNED_MODERN.encode())
        os.close(write)
        result = invoke(["check", *force_exclude, f"/dev/fd/{read}"])
    finally:
        os.close(read)
    assert result.exit_code == 1, result.output
    assert f"/dev/fd/{read}: format modern (format in {project.root / '.deckcheck.toml'})" in result.stdout
    assert f"/dev/fd/{read}:1: DC201" in result.stdout
