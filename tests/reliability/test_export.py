"""`deckcheck export`: any input format out through the writers, to stdout by default; --output-file and
--in-place write through a temporary file and a rename, never leave part of a file, and refuse to
drop lines that could not be read unless --allow-loss says so (--force only replaces an existing
--output-file)."""

from __future__ import annotations

import dataclasses
import errno
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import pytest

import deckcheck.atomic
import deckcheck.cli
import deckcheck.decklist.writers
import deckcheck.export
from deckcheck.cards.store import bundled_cards_path
from deckcheck.cli import EXPORT_FORMATS
from deckcheck.deck import ParsedDeck, Zone
from deckcheck.decklist import INPUT_FORMATS, WRITERS, parse_file, parse_text
from deckcheck.export import entries_not_written, plan_export
from tests.reliability.conftest import LEGAL_MODERN, Invoke, Project
from tests.reliability.outcomes import TALLY

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "decklists"
WITH_PROBLEMS = "4 Lightning Bolt\n0 Shock\n56 Mountain\n1 " + "A" * 400 + "\n"  # lines 2 and 4 unreadable
WITH_MAYBEBOARD = "Deck\n4 Lightning Bolt\n56 Mountain\n\nMaybeboard\n1 Shivan Dragon\n"


def snapshot(directory: Path) -> dict[str, tuple[bytes, int, int]]:
    """Every file under ``directory`` (hidden ones too): bytes, mtime and mode."""
    found = {}
    for path in sorted(directory.rglob("*")):
        if path.is_file() and not path.is_symlink():
            info = path.stat()
            found[str(path.relative_to(directory))] = (path.read_bytes(), info.st_mtime_ns, info.st_mode)
    return found


def temporary_files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def card_count(deck: ParsedDeck, to: str | None = None) -> int:
    """The cards of ``deck``, or those the ``to`` writer writes (not a maybeboard it has no place
    for, nor a zone that is not part of the deck where it cannot name one)."""
    dropped = {id(e) for e in entries_not_written(deck, to)} if to is not None else set()
    return sum(e.quantity for e in deck.entries if id(e) not in dropped)


def test_export_formats_are_the_writers() -> None:
    assert tuple(WRITERS) == EXPORT_FORMATS
    assert set(EXPORT_FORMATS) <= set(INPUT_FORMATS)


# -- standard output ------------------------------------------------------------------------------
FIXTURE_FILES = sorted(p.name for p in FIXTURES.iterdir() if p.is_file() and p.suffix != ".html")


@pytest.mark.parametrize("to", EXPORT_FORMATS)
@pytest.mark.parametrize("fixture", FIXTURE_FILES)
def test_every_fixture_exports_to_every_format(
    fixture: str, to: str, project: Project, invoke: Invoke
) -> None:
    source = project.write(fixture, (FIXTURES / fixture).read_bytes())
    before = snapshot(project.root)
    result = invoke(["export", fixture, "--to", to])
    assert "Traceback" not in result.output
    original = parse_file(source)
    losses = plan_export(original, to).losses
    if card_count(original, to) < card_count(original) or any(
        p.severity == "error" for p in original.problems
    ):
        assert losses
    assert result.exit_code == (1 if losses else 0), result.stderr
    for loss in losses:
        assert f"{loss.text(fixture)} (not written)" in result.stderr
    back = parse_text(result.stdout, "<export>", to)
    assert card_count(back) == card_count(original, to)
    assert not [p for p in back.problems if p.severity == "error"]
    assert snapshot(project.root) == before  # stdout only: nothing written
    TALLY.record("export", "fixture x format to stdout", f"exit {result.exit_code}")


def test_default_format_is_the_input_format_or_arena(project: Project, invoke: Invoke) -> None:
    project.write("mtgo.txt", (FIXTURES / "mtgo_sideboard_header.txt").read_bytes())
    project.write("plain.dec", (FIXTURES / "plain.dec").read_bytes())
    mtgo = invoke(["export", "mtgo.txt"])
    assert mtgo.stdout == WRITERS["mtgo"](parse_file(project.root / "mtgo.txt"))
    plain = invoke(["export", "plain.dec"])
    assert plain.stdout == WRITERS["arena"](parse_file(project.root / "plain.dec"))


def test_standard_input(invoke: Invoke, project: Project) -> None:
    result = invoke(["export", "-", "--to", "csv"], input=LEGAL_MODERN.encode("utf-16"))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1:] == ["4,Lightning Bolt,main,,,,", "56,Mountain,main,,,,"]


def test_lines_that_cannot_be_read_are_listed_on_stderr(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", WITH_PROBLEMS)
    result = invoke(["export", "deck.txt", "--to", "mtgo"])
    assert result.exit_code == 1
    assert result.stdout == "4 Lightning Bolt\n56 Mountain\n"
    assert "deck.txt:2: DC002 count is 0 (not written)" in result.stderr
    assert "deck.txt:4: DC002 card name too long" in result.stderr


def test_a_command_zone_the_target_lacks_is_said_lost(project: Project, invoke: Invoke) -> None:
    """The commander and companion are written in MTGO's sideboard: what is lost is their place,
    and the warning says that, not that the card is "written in the sideboard ... (not written)"."""
    edh = "Commander\n1 Krenko, Mob Boss\n\nCompanion\n1 Lurrus of the Dream-Den\n\nDeck\n99 Mountain\n"
    project.write("edh.txt", edh)
    result = invoke(["export", "edh.txt", "--to", "mtgo"])
    assert result.exit_code == 1
    assert result.stdout.endswith("Sideboard\n1 Krenko, Mob Boss\n1 Lurrus of the Dream-Den\n")
    warnings = [line for line in result.stderr.splitlines() if line.startswith("deckcheck: warning:")]
    assert [line.split(": ", 3)[3].split(":")[0] for line in warnings] == [
        "1 Krenko, Mob Boss as the commander",
        "1 Lurrus of the Dream-Den as the companion",
    ]
    assert all("the card is written in the sideboard" in line for line in warnings)


# -- --output-file ----------------------------------------------------------------------------------
def test_output_file_is_written_with_usual_permissions(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", LEGAL_MODERN)
    old_umask = os.umask(0o022)
    try:
        result = invoke(["export", "deck.txt", "--to", "dek", "--output-file", "deck.dek"])
    finally:
        os.umask(old_umask)
    assert result.exit_code == 0, result.output
    assert "wrote 60 cards in dek form to deck.dek" in result.stderr
    written = project.root / "deck.dek"
    assert written.read_text(encoding="utf-8") == WRITERS["dek"](parse_file(project.root / "deck.txt"))
    assert stat.S_IMODE(written.stat().st_mode) == 0o644
    assert temporary_files(project.root) == []


def test_output_file_is_not_replaced_without_force(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", LEGAL_MODERN)
    other = project.write("other.txt", "1 Island\n")
    before = snapshot(project.root)
    refused = invoke(["export", "deck.txt", "--output-file", "other.txt"])
    assert refused.exit_code == 2
    assert "--output-file other.txt: the file exists; not replaced" in refused.stderr
    assert "--force" in refused.stderr
    assert snapshot(project.root) == before
    forced = invoke(["export", "deck.txt", "--output-file", "other.txt", "--force", "--to", "arena"])
    assert forced.exit_code == 0
    assert other.read_text(encoding="utf-8") == "Deck\n4 Lightning Bolt\n56 Mountain\n"


def test_force_replaces_a_file_and_drops_nothing(project: Project, invoke: Invoke) -> None:
    """--force meant both "replace the file" and "drop what the target loses": a user replacing
    the decklist itself (--output-file of its own name, or --in-place) with --force lost its
    comments without being asked about them. --force now only replaces; --allow-loss drops."""
    deck = project.write("deck.dec", "4 Lightning Bolt\n// a note\n56 Mountain\n")
    before = snapshot(project.root)
    for args in (["--output-file", "deck.dec", "--force"], ["--in-place", "--force"]):
        refused = invoke(["export", "deck.dec", "--to", "arena", *args])
        assert refused.exit_code == 2, (args, refused.output)
        assert "deck.dec:2: comment 'a note': MTG Arena decklists have no comments" in refused.stderr
        assert "add --allow-loss to drop them (--force only replaces an existing --output-file)" in (
            refused.stderr
        )
        assert snapshot(project.root) == before
    dropped = invoke(
        ["export", "deck.dec", "--to", "arena", "--output-file", "deck.dec", "--force", "--allow-loss"]
    )
    assert dropped.exit_code == 1, dropped.output
    assert deck.read_text(encoding="utf-8") == "Deck\n4 Lightning Bolt\n56 Mountain\n"


def test_an_output_that_would_not_read_back_the_same_needs_allow_loss(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A writer bug that would change the deck (a card missing on reading back): nothing written,
    whatever --force says; --allow-loss writes it, says so and exits 1 (it wrote it silently,
    exit 0, with --force)."""
    project.write("deck.txt", LEGAL_MODERN)
    project.write("out.txt", "the previous export\n")
    mtgo = WRITERS["mtgo"]
    monkeypatch.setitem(WRITERS, "mtgo", lambda deck: mtgo(deck).replace("4 Lightning Bolt\n", ""))
    before = snapshot(project.root)
    refused = invoke(["export", "deck.txt", "--to", "mtgo", "--output-file", "out.txt", "--force"])
    assert refused.exit_code == 2, refused.output
    assert (
        "would not read back the same" in refused.stderr and "--allow-loss writes it anyway" in refused.stderr
    )
    assert snapshot(project.root) == before
    written = invoke(
        ["export", "deck.txt", "--to", "mtgo", "--output-file", "out.txt", "--force", "--allow-loss"]
    )
    assert written.exit_code == 1, written.output
    assert "the mtgo decklist does not read back the same (" in written.stderr
    assert "Lightning Bolt" not in (project.root / "out.txt").read_text(encoding="utf-8")


def test_output_file_that_is_the_input_points_to_in_place(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", LEGAL_MODERN)
    before = snapshot(project.root)
    result = invoke(["export", "deck.txt", "--output-file", "./deck.txt"])
    assert result.exit_code == 2
    assert "is the decklist being read" in result.stderr and "--in-place" in result.stderr
    assert snapshot(project.root) == before


def test_output_into_a_directory_or_nowhere(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", LEGAL_MODERN)
    (project.root / "folder").mkdir()
    into_folder = invoke(["export", "deck.txt", "--output-file", "folder"])
    assert into_folder.exit_code == 2 and "folder" in into_folder.stderr
    nowhere = invoke(["export", "deck.txt", "--output-file", "missing/deck.txt"])
    assert nowhere.exit_code == 2
    assert "the directory missing does not exist" in nowhere.stderr
    assert not (project.root / "missing").exists()


def test_output_file_with_unreadable_lines_is_written_and_says_so(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", WITH_PROBLEMS)
    result = invoke(["export", "deck.txt", "--output-file", "clean.txt"])
    assert result.exit_code == 1
    assert "deck.txt:2: DC002 count is 0 (not written)" in result.stderr
    assert (project.root / "clean.txt").read_text(encoding="utf-8") == "4 Lightning Bolt\n56 Mountain\n"


# -- --in-place -----------------------------------------------------------------------------------------
def test_in_place_rewrites_keeping_permissions(project: Project, invoke: Invoke) -> None:
    deck = project.write("deck.dec", "4 Lightning Bolt\n// a note\n56 Mountain\n")
    deck.chmod(0o640)
    before = snapshot(project.root)
    refused = invoke(["export", "deck.dec", "--in-place", "--to", "arena"])
    assert refused.exit_code == 2  # Arena decklists have no comments: the note would be lost
    assert "deck.dec:2: comment 'a note': MTG Arena decklists have no comments" in refused.stderr
    assert snapshot(project.root) == before
    result = invoke(["export", "deck.dec", "--in-place", "--to", "arena", "--allow-loss"])
    assert result.exit_code == 1, result.output
    assert deck.read_text(encoding="utf-8") == "Deck\n4 Lightning Bolt\n56 Mountain\n"
    assert stat.S_IMODE(deck.stat().st_mode) == 0o640
    assert "deck.dec:2: comment 'a note': MTG Arena decklists have no comments (not written)" in result.stderr
    assert temporary_files(project.root) == []


def test_in_place_keeps_comments_and_format_where_the_client_has_a_field(
    project: Project, invoke: Invoke
) -> None:
    """The issue's case: rewriting pioneer-lurrus-illegal.txt in place dropped its `// format:` line
    and comments, exit 0, and the deck then checked as freeform."""
    deck = project.write("deck.dck", "// format: modern\n// burn\n4 Lightning Bolt\n56 Mountain\n")
    result = invoke(["export", "deck.dck", "--in-place", "--to", "xmage"])
    assert result.exit_code == 0, result.output
    text = deck.read_text(encoding="utf-8")
    assert text == "# format: modern\n# burn\n4 Lightning Bolt\n56 Mountain\n"
    assert parse_text(text).declared_format == "modern"


def test_in_place_through_a_symlink_keeps_the_link(project: Project, invoke: Invoke) -> None:
    real = project.write("real/deck.txt", "4 Lightning Bolt\n56 Mountain\n")
    link = project.root / "link.txt"
    link.symlink_to(real)
    result = invoke(["export", "link.txt", "--in-place", "--to", "arena"])
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "Deck\n4 Lightning Bolt\n56 Mountain\n"


def test_in_place_with_nothing_to_change_does_not_touch_the_file(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", "Deck\n4 Lightning Bolt\n56 Mountain\n")
    before = snapshot(project.root)
    result = invoke(["export", "deck.txt", "--in-place"])
    assert result.exit_code == 0
    assert "already in arena form; not rewritten" in result.stderr
    assert snapshot(project.root) == before


def test_in_place_refuses_to_drop_unreadable_lines(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", WITH_PROBLEMS)
    before = snapshot(project.root)
    refused = invoke(["export", "deck.txt", "--in-place"])
    assert refused.exit_code == 2
    assert "deck.txt: not rewritten: the rewrite would lose 2 lines:" in refused.stderr
    assert "  deck.txt:2: DC002 count is 0" in refused.stderr
    assert "  deck.txt:4: DC002 card name too long" in refused.stderr
    assert "--allow-loss" in refused.stderr
    assert snapshot(project.root) == before
    TALLY.record("export", "in-place with unreadable lines", "refused, exit 2, file untouched")

    forced = invoke(["export", "deck.txt", "--in-place", "--allow-loss"])
    assert forced.exit_code == 1
    assert "deck.txt:2: DC002 count is 0 (not written)" in forced.stderr
    # rewritten in its own (MTGO) format, without the two lines
    assert (project.root / "deck.txt").read_text(encoding="utf-8") == "4 Lightning Bolt\n56 Mountain\n"


def test_in_place_refuses_to_drop_a_maybeboard(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", WITH_MAYBEBOARD)
    before = snapshot(project.root)
    refused = invoke(["export", "deck.txt", "--in-place", "--to", "mtgo"])
    assert refused.exit_code == 2
    assert "deck.txt:6: 1 Shivan Dragon: the mtgo format has no maybeboard" in refused.stderr
    assert snapshot(project.root) == before
    kept = invoke(["export", "deck.txt", "--in-place", "--to", "moxfield"])  # moxfield has one
    assert kept.exit_code == 0
    assert "MAYBEBOARD:\n1 Shivan Dragon" in (project.root / "deck.txt").read_text(encoding="utf-8")


def test_in_place_of_a_format_deckcheck_cannot_write_needs_to(project: Project, invoke: Invoke) -> None:
    project.write("deck.o8d", (FIXTURES / "octgn.o8d").read_bytes())
    before = snapshot(project.root)
    result = invoke(["export", "deck.o8d", "--in-place"])
    assert result.exit_code == 2
    assert "deck.o8d is a o8d decklist, which deckcheck cannot write" in result.stderr
    assert snapshot(project.root) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["export", "-", "--in-place"], "standard input cannot be rewritten"),
        (["export", "deck.txt", "--in-place", "--output-file", "x.txt"], "cannot be used together"),
        (["export", "deck.txt", "--input-format", "nosuch"], "unknown input format 'nosuch'"),
        (["export", "deck.txt", "--to", "nosuch"], "Invalid value for '-t' / '--to'"),
    ],
)
def test_usage_errors(args: list[str], message: str, project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", LEGAL_MODERN)
    before = snapshot(project.root)
    result = invoke(args, input=b"")
    assert result.exit_code == 2
    assert message in result.stderr
    assert snapshot(project.root) == before


# -- input that is not a decklist -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("binary.txt", "binary.txt: nothing to export: binary file (contains NUL bytes)"),
        ("missing.txt", "missing.txt: nothing to export: cannot read the file: No such file or directory"),
        ("folder", "folder: is a directory"),
        ("loop.txt", "loop.txt: nothing to export: cannot read the file: Too many levels of symbolic links"),
        ("bomb.dek", "bomb.dek: nothing to export: line 2: XML refused"),  # the <!DOCTYPE> line
    ],
)
def test_unreadable_input_writes_nothing(name: str, reason: str, project: Project, invoke: Invoke) -> None:
    project.write("binary.txt", b"\x00\x01\x02" * 100)
    project.write("bomb.dek", '<?xml version="1.0"?>\n<!DOCTYPE Deck [<!ENTITY a "b">]>\n<Deck/>\n')
    (project.root / "folder").mkdir()
    (project.root / "loop.txt").symlink_to("loop.txt")
    before = snapshot(project.root)
    for args in (
        ["export", name],
        ["export", name, "--output-file", "out.txt"],
        ["export", name, "--in-place"],
    ):
        result = invoke(args)
        assert result.exit_code == 2, (args, result.output)
        assert reason in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.output
        assert snapshot(project.root) == before
    TALLY.record("export", "unreadable input", "nothing written, exit 2 (x3 destinations)")


# -- failures while writing: the destination is never left half-written -----------------------------------
@pytest.fixture(params=["in-place", "--output-file --force"])
def destination(request: pytest.FixtureRequest, project: Project) -> Iterator[tuple[list[str], Path]]:
    """A decklist and the arguments that write over an existing file, with enough text for many
    write chunks."""
    source = project.write("deck.dec", "".join(f"1 Card Number {i}\n" for i in range(2000)))
    if request.param == "in-place":
        yield ["export", "deck.dec", "--in-place", "--to", "arena"], source
    else:
        target = project.write("out.txt", "the previous export\n")
        yield ["export", "deck.dec", "--output-file", "out.txt", "--force", "--to", "arena"], target


def test_a_writer_that_raises_leaves_the_destination(
    destination: tuple[list[str], Path], project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    args, _ = destination
    before = snapshot(project.root)

    def broken(deck: ParsedDeck) -> str:
        raise RuntimeError("writer bug")

    monkeypatch.setitem(WRITERS, "arena", broken)
    result = invoke(args)
    assert result.exit_code == 2
    assert "internal error: RuntimeError: writer bug" in result.stderr
    assert snapshot(project.root) == before
    TALLY.record("fault", "export: writer raises", "destination unchanged, exit 2")


def test_a_write_cut_off_midway_leaves_the_destination(
    destination: tuple[list[str], Path], project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    args, target = destination
    before = snapshot(project.root)
    seen: list[tuple[Path, int]] = []

    def disk_full(handle: BinaryIO, data: bytes) -> None:
        handle.write(data[: len(data) // 2])
        handle.flush()
        seen.extend((p, p.stat().st_size) for p in target.parent.iterdir() if p.name.endswith(".tmp"))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(deckcheck.atomic, "write_chunks", disk_full)
    shown = args[args.index("--output-file") + 1] if "--output-file" in args else "deck.dec"
    result = invoke(args)
    assert result.exit_code == 2
    assert f"cannot write {shown}: No space left on device" in result.stderr
    assert "was not changed" in result.stderr
    ((temp, size),) = seen  # a partial temporary file existed, next to the destination
    assert temp.name.startswith(f".{target.name}.") and size > 0
    assert not temp.exists()
    assert snapshot(project.root) == before
    TALLY.record("fault", "export: disk full mid-write", "destination unchanged, temp removed, exit 2")


def test_a_failed_rename_leaves_the_destination(
    destination: tuple[list[str], Path], project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    args, _ = destination
    before = snapshot(project.root)

    def refuse(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(os, "replace", refuse)  # the os module deckcheck.atomic uses
    result = invoke(args)
    assert result.exit_code == 2
    assert "Permission denied" in result.stderr and "was not changed" in result.stderr
    monkeypatch.undo()
    assert snapshot(project.root) == before
    TALLY.record("fault", "export: rename fails", "destination unchanged, temp removed, exit 2")


def test_an_interrupt_midway_leaves_the_destination(
    destination: tuple[list[str], Path], project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    args, _ = destination
    before = snapshot(project.root)

    def interrupted(handle: BinaryIO, data: bytes) -> None:
        handle.write(data[:100])
        raise KeyboardInterrupt

    monkeypatch.setattr(deckcheck.atomic, "write_chunks", interrupted)
    result = invoke(args)
    assert result.exit_code == 130
    assert snapshot(project.root) == before
    TALLY.record("fault", "export: Ctrl-C mid-write", "destination unchanged, temp removed, exit 130")


def test_a_commander_deck_exported_for_mtgo_checks_legal_again(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """deckcheck could not read back its own MTGO export of a legal Commander deck (the commander
    is a sideboard card there): DC103 + DC105 + DC306. With the format given it checks legal."""
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(bundled_cards_path()))
    source = Path(__file__).resolve().parents[2] / "data" / "decks" / "commander-kenrith.txt"
    project.write("kenrith.txt", source.read_bytes())
    exported = invoke(["export", "kenrith.txt", "--to", "mtgo", "--output-file", "kenrith-mtgo.txt"])
    assert exported.exit_code == 1  # MTGO keeps no format declaration: listed as lost
    assert "the format declaration (commander)" in exported.stderr
    checked = invoke(["check", "--format", "commander", "-v", "kenrith-mtgo.txt"])
    assert checked.exit_code == 0, checked.output
    assert "99 main, 1 commander, 1 companion: legal" in checked.stdout
    assert "DC106" in checked.stdout


@pytest.mark.parametrize("to", ["forge", "cod", "xmage"])
def test_a_dated_deck_checks_the_same_after_export(
    to: str, project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: a 2020 Modern list exported for Forge or Cockatrice lost its date (exit 0,
    nothing listed), and the export then checked as banned (DC201) where the source is not verified
    (card data newer than the deck)."""
    # (the bundled card set has a date, and Lurrus, banned in Modern in 2024)
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(bundled_cards_path()))
    project.write(
        "lurrus.txt", "// format: modern\n// date: 2020-06-01\n4 Lurrus of the Dream-Den\n56 Island\n"
    )
    exported = invoke(["export", "lurrus.txt", "--to", to, "--output-file", "lurrus.out"])
    assert exported.exit_code == 0, exported.stderr
    source = invoke(["check", "lurrus.txt"])
    back = invoke(["check", "lurrus.out", "--input-format", to])
    verdict = "60 main: not verified: card data newer than the deck"
    assert verdict in source.stdout and "DC201" not in source.stdout
    assert verdict in back.stdout and "DC201" not in back.stdout
    assert back.exit_code == source.exit_code


def test_in_place_refuses_to_drop_printings_foil_and_tags(project: Project, invoke: Invoke) -> None:
    """`export foil.csv --to mtgo --in-place` rewrote the file without its set code, collector
    number, foil flag and tags, exit 0, without being asked to drop them."""
    deck = project.write(
        "foil.csv",
        "Count,Name,Section,Set,Collector Number,Foil,Tags\n"
        '4,Lightning Bolt,main,2XM,129,foil,"burn,removal"\n56,Mountain,main,,,,\n',
    )
    before = snapshot(project.root)
    refused = invoke(["export", "foil.csv", "--to", "mtgo", "--in-place"])
    assert refused.exit_code == 2
    assert "foil.csv:2: the set code of 1 card line (line 2): MTGO decklists have no field" in refused.stderr
    assert snapshot(project.root) == before
    forced = invoke(["export", "foil.csv", "--to", "mtgo", "--in-place", "--allow-loss"])
    assert forced.exit_code == 1
    assert "foil.csv:2: the foil flag of 1 card line (line 2)" in forced.stderr
    assert deck.read_text(encoding="utf-8") == "4 Lightning Bolt\n56 Mountain\n"


# What the text reader keeps of a card line besides its printing, foil flag and tags: a variant
# (MTGGoldfish), an etched finish, a proxy, alter or signed mark; Forge's art index below.
WITH_DETAILS = (
    "36 Mountain <A> [UNH]\n"
    "4 Lightning Bolt [etched]\n"
    "4 Sol Ring [C21:263] [proxy]\n"
    "4 Shock (M19) 156 *A*\n"
    "4 Counterspell [signed]\n"
    "8 Island [nonfoil]\n"
    "4 Lightning Bolt (M10) 146 *F*\n"
)
DETAIL_LOSSES = {
    "variant": 1,
    "etched finish": 2,
    "proxy mark": 3,
    "alter mark": 4,
    "signed mark": 5,
}


@pytest.mark.parametrize("to", EXPORT_FORMATS)
def test_card_line_details_no_writer_writes_are_listed_as_lost(to: str) -> None:
    """A variant, an etched finish, a proxy, alter or signed mark: the reader keeps them, no writer
    writes them, so every target lists each kind as lost, with its line. None is invented: a
    non-foil mark is what a line without a finish reads as, and a plain foil card (line 7) loses
    only what the target has no field for."""
    plan = plan_export(parse_text(WITH_DETAILS, "deck.txt"), to)
    for label, line in DETAIL_LOSSES.items():
        found = [loss for loss in plan.losses if loss.message.startswith(f"the {label} of 1 card line")]
        assert [loss.line for loss in found] == [line], (label, plan.losses)
        assert f"deckcheck does not write it in {deckcheck.export._CLIENT[to]} decklists" in found[0].message
    details = [loss for loss in plan.losses if "deckcheck does not write it" in loss.message]
    assert len(details) == len(DETAIL_LOSSES), plan.losses  # (none for lines 6 and 7)


def test_in_place_refuses_to_drop_card_line_details(project: Project, invoke: Invoke) -> None:
    """`export deck.txt --in-place --to mtgo` of an MTGGoldfish list rewrote it without its variants (`<A>`),
    etched finishes and proxy marks, exit 0, nothing listed; a Forge list rewritten as Forge lost
    its art indexes the same way."""
    project.write("deck.txt", WITH_DETAILS)
    forge = project.write(
        "deck.dck", "[metadata]\nName=Burn\n[Main]\n4 Lightning Bolt|M10|2\n56 Mountain|UNH\n"
    )
    before = snapshot(project.root)
    refused = invoke(["export", "deck.txt", "--in-place", "--to", "mtgo"])
    assert refused.exit_code == 2, refused.output
    assert "deck.txt:1: the variant of 1 card line (line 1)" in refused.stderr
    assert "deck.txt:2: the etched finish of 1 card line (line 2)" in refused.stderr
    refused = invoke(["export", "deck.dck", "--in-place"])
    assert refused.exit_code == 2, refused.output
    assert "deck.dck:4: the art index of 1 card line (line 4): deckcheck does not write it" in refused.stderr
    assert snapshot(project.root) == before
    forced = invoke(["export", "deck.dck", "--in-place", "--allow-loss"])
    assert forced.exit_code == 1, forced.output
    assert "the art index of 1 card line (line 4)" in forced.stderr
    assert forge.read_text(encoding="utf-8").endswith("[Main]\n4 Lightning Bolt|M10\n56 Mountain|UNH\n")


def test_arena_lists_zones_that_are_not_part_of_the_deck(project: Project, invoke: Invoke) -> None:
    """Cockatrice tokens exported for Arena became plain Maybeboard cards, unlisted: their names
    were then looked up (DC016, and --strict failed)."""
    project.write(
        "tok.cod",
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
        "<comments>Format: modern</comments>\n"
        '<zone name="main"><card number="4" name="Lightning Bolt"/>'
        '<card number="56" name="Mountain"/></zone>\n'
        '<zone name="tokens"><card number="3" name="Goblin"/><card number="1" name="Treasure"/></zone>\n'
        "</cockatrice_deck>\n",
    )
    result = invoke(["export", "tok.cod", "--to", "arena", "--output-file", "tok.arena"])
    assert result.exit_code == 1
    assert "tok.cod:5: zone 'tokens', 4 cards (line 5): MTG Arena decklists have no section" in result.stderr
    assert (project.root / "tok.arena").read_text(encoding="utf-8") == "Deck\n4 Lightning Bolt\n56 Mountain\n"
    checked = invoke(["check", "--strict", "--format", "modern", "tok.arena"])
    assert "DC016" not in checked.stdout


def _read_only_for_the_test(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """``path`` made read-only, and seen so by os.access even as root (who may write anything:
    what is tested is that export asks, as `>` would fail for anyone else)."""
    path.chmod(0o444)
    real_access = os.access

    def access(target: object, mode: int, **kwargs: object) -> bool:
        if mode & os.W_OK and os.path.realpath(str(target)) == os.path.realpath(path):
            return False
        return real_access(target, mode, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)


@pytest.mark.parametrize(
    "args",
    [
        ["export", "ro.txt", "--to", "cod", "--in-place", "--allow-loss"],
        ["export", "deck.txt", "--to", "cod", "--output-file", "ro.txt", "--force"],
    ],
    ids=["in-place", "output-file"],
)
def test_a_read_only_decklist_is_not_replaced(
    args: list[str], project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`chmod 444 ro.txt; export ro.txt --to cod --in-place` replaced the file: the atomic rename
    needs only the directory to be writable."""
    project.write("deck.txt", LEGAL_MODERN)
    read_only = project.write("ro.txt", "4 Shock\n56 Mountain\n")
    _read_only_for_the_test(monkeypatch, read_only)
    before = snapshot(project.root)
    result = invoke(args)
    assert result.exit_code == 2, result.output
    assert "ro.txt: the file is read-only; not replaced" in result.stderr
    assert snapshot(project.root) == before
    assert temporary_files(project.root) == []


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root may write any file")
def test_a_read_only_decklist_is_not_replaced_for_real(project: Project, invoke: Invoke) -> None:
    read_only = project.write("ro.txt", "4 Shock\n56 Mountain\n")
    read_only.chmod(0o444)
    result = invoke(["export", "ro.txt", "--to", "cod", "--in-place"])
    assert result.exit_code == 2
    assert read_only.read_text(encoding="utf-8") == "4 Shock\n56 Mountain\n"


def test_a_list_with_only_a_maybeboard_lists_the_maybeboard_as_lost(project: Project, invoke: Invoke) -> None:
    """It said "would not read back the same (0 cards instead of 0; no card lines in the file)
    ... please report this decklist"."""
    project.write("mb.txt", "Deck\n\nMaybeboard\n4 Island\n")
    result = invoke(["export", "mb.txt", "--to", "mtgo"])
    assert result.exit_code == 1, result.stderr
    assert "mb.txt:4: 4 Island: the mtgo format has no maybeboard (not written)" in result.stderr
    assert "report" not in result.stderr
    assert result.stdout == ""


def test_a_deck_name_with_a_line_break_is_written_on_one_line(project: Project, invoke: Invoke) -> None:
    """A Cockatrice <deckname> with a line break put the break into Arena's `Name` line, where
    the rest of the name reads as a line of the deck."""
    project.write(
        "named.cod",
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
        "<deckname>Mono Red\nBurn</deckname>\n"
        '<zone name="main"><card number="4" name="Lightning Bolt"/>'
        '<card number="56" name="Mountain"/></zone>\n</cockatrice_deck>\n',
    )
    result = invoke(["export", "named.cod", "--to", "arena"])
    assert result.stdout == "About\nName Mono Red Burn\n\nDeck\n4 Lightning Bolt\n56 Mountain\n"
    assert result.exit_code == 1
    assert "the deck name 'Mono Red\\nBurn' is written as 'Mono Red Burn'" in result.stderr


# -- names a target cannot hold ------------------------------------------------------------------------
# Names an MTGO .dek (XML) file may carry, and what a text line naming them reads back as: no card,
# or the name less what the text reader takes for a printing, a foil mark, a tag or a split.
TEXT_READS_OTHERWISE = {
    "@#$NOT A REAL CARD NAME@#$": "no card",
    "Lightning Bolt (M10) 146": "'Lightning Bolt'",
    "Lightning Bolt *F*": "'Lightning Bolt'",
    "Lightning Bolt #burn": "'Lightning Bolt'",
    "[M10] Lightning Bolt": "'Lightning Bolt'",
    "Lightning Bolt|M10": "'Lightning Bolt'",
}
# Names whose text line reads back as themselves: a leading count-like word, a split card's "//", a
# trailing number.
TEXT_HOLDS = (
    "3 Blind Mice",
    "x Marks the Spot",
    "Fire // Ice",
    "Who // What // When // Where // Why",
    "Bolt 3",
)
TEXT_TARGETS = ("arena", "mtgo", "moxfield", "forge", "xmage")


def dek_of(names: list[str]) -> str:
    quoted = map(deckcheck.decklist.writers.quoteattr, names)
    cards = "".join(f'  <Cards Quantity="2" Sideboard="false" Name={name} />\n' for name in quoted)
    return f'<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n{cards}</Deck>\n'


@pytest.mark.parametrize("to", EXPORT_FORMATS)
def test_a_name_the_target_cannot_hold_is_a_loss_not_a_bad_read_back(to: str) -> None:
    """`export x.dek --to mtgo` of a name the text reader reads otherwise (the xmage importer's
    "@#$NOT A REAL CARD NAME@#$") stopped on the read-back check, "please report this decklist":
    each such name is a loss naming its line and what its line would read back as, its lines are
    not written, and the rest reads back the same. XML and CSV hold every one of them."""
    names = [*TEXT_READS_OTHERWISE, *TEXT_HOLDS]
    parsed = parse_text(dek_of(names), "deck.dek", "dek")
    assert [e.name for e in parsed.entries] == names  # (the .dek reader keeps each as written)
    plan = plan_export(parsed, to)
    assert deckcheck.export.read_back_problem(plan) is None
    lost = {loss.line: loss.message for loss in plan.losses}
    expected = TEXT_READS_OTHERWISE if to in TEXT_TARGETS else {}
    for entry in parsed.entries:
        if entry.name in expected:
            message = lost.get(entry.line, "")
            assert message.startswith(f"2 cards named {entry.name!r} (line {entry.line}): "), plan.losses
            assert f"cannot hold the name: its card line would read back as {expected[entry.name]}" in message
        else:
            assert entry.line not in lost, plan.losses
    assert plan.cards == 2 * (len(names) - len(expected))
    assert {name for _, name, _ in plan.holds} == set(names) - set(expected)


def test_a_name_the_target_cannot_hold_follows_the_loss_rules(project: Project, invoke: Invoke) -> None:
    """Refused --in-place naming the line, the name and why; written without it with --allow-loss
    or to standard output (exit 1); never the "please report" of a read-back failure."""
    source = project.write("deck.dek", dek_of(["Lightning Bolt", "@#$NOT A REAL CARD NAME@#$"]))
    before = snapshot(project.root)
    refused = invoke(["export", "deck.dek", "--to", "mtgo", "--in-place"])
    assert refused.exit_code == 2, refused.output
    assert "deck.dek:4: 2 cards named '@#$NOT A REAL CARD NAME@#$' (line 4): MTGO decklists cannot hold" in (
        refused.stderr
    )
    assert snapshot(project.root) == before
    for result in (
        invoke(["export", "deck.dek", "--to", "mtgo"]),
        invoke(["export", "deck.dek", "--to", "mtgo", "--in-place", "--allow-loss"]),
    ):
        assert result.exit_code == 1, result.output
        assert "cannot hold the name" in result.stderr and "please report" not in result.stderr
    assert source.read_text(encoding="utf-8") == "2 Lightning Bolt\n"


@pytest.mark.parametrize("to", sorted(EXPORT_FORMATS))
def test_counts_in_other_digits_are_exported_in_0_to_9(to: str, project: Project, invoke: Invoke) -> None:
    """The readers take a count in Arabic-Indic or fullwidth digits (with a note): an export writes
    it in 0-9, which every client reads, and reads back as the same deck."""
    project.write("deck.txt", "٤ Lightning Bolt\n５６ Mountain\n\nSideboard\nIsland x１５\n")
    result = invoke(["export", "deck.txt", "--to", to, "--output-file", f"out.{to}"])
    assert result.exit_code == 0, result.output
    written = (project.root / f"out.{to}").read_text(encoding="utf-8")
    assert not any(c.isdigit() and not c.isascii() for c in written), written
    again = parse_file(project.root / f"out.{to}")
    assert sorted((e.quantity, e.name) for e in again.entries) == [
        (4, "Lightning Bolt"),
        (15, "Island"),
        (56, "Mountain"),
    ]
    assert not again.problems, again.problems


# Names that read back as themselves on a bare card line, and otherwise with what the line writes
# after them: Forge's "Name+|SET" reads "Name #+|SET" as "Name" with the tag "+|SET".
NAME_END_JOINS = "Lightning Bolt #"
PRINTED_CSV = (
    "Count,Name,Section,Set,Collector Number,Foil,Tags\n"
    f"2,{NAME_END_JOINS},main,M10,146,foil,\n"
    "4,Shock,main,M10,,,\n"
    "1,Duress,sideboard,,,,\n"
)


@pytest.mark.parametrize("to", EXPORT_FORMATS)
def test_a_name_whose_end_joins_its_line_s_printing_is_a_loss(to: str) -> None:
    """A name probed bare read back as itself, so its Forge line, which writes the foil mark and
    set code after it, failed the read-back check ("please report this decklist"). The probe
    writes each name as its lines are written: a loss naming the line and what it reads back as;
    every other target holds it."""
    parsed = parse_text(PRINTED_CSV, "printed.csv")
    assert parsed.entries[0].name == NAME_END_JOINS
    plan = plan_export(parsed, to)
    assert deckcheck.export.read_back_problem(plan) is None
    lost = [loss.message for loss in plan.losses if loss.line == 2]
    if to == "forge":
        assert lost == [
            f"2 cards named {NAME_END_JOINS!r} (line 2): Forge decklists cannot hold the name: its card line "
            "would read back as 'Lightning Bolt'"
        ]
        assert NAME_END_JOINS not in plan.text
    else:
        assert not any("cannot hold the name" in message for message in lost), lost
        assert (Zone.MAIN, NAME_END_JOINS, 2) in plan.holds


@pytest.mark.parametrize("to", EXPORT_FORMATS)
def test_a_commander_name_its_comment_line_would_part_is_a_loss(to: str) -> None:
    """XMage's `# commander:` and Cockatrice's `CDR:` line name the commander kept in the sideboard;
    a ";" in the name read back as two commanders, silently (the read-back check did not compare
    them). The line is not written and the loss says what it would name; the card is written. The
    read-back check compares the commanders the comments name."""
    deck = "Commander\n1 Ad;Hoc Captain\nDeck\n99 Island\n"
    plan = plan_export(parse_text(deck, "deck.txt"), to)
    assert deckcheck.export.read_back_problem(plan) is None
    lost = [loss.message for loss in plan.losses if "comment line naming the commander" in loss.message]
    if to in ("xmage", "cod"):
        client = {"xmage": "XMage", "cod": "Cockatrice"}[to]
        assert lost == [
            f"the {client} comment line naming the commander 'Ad;Hoc Captain', which would read back as "
            "naming 'Ad' and 'Hoc Captain' (the card itself is written)"
        ]
        assert [loss.line for loss in plan.losses if loss.message in lost] == [2]
    else:
        assert lost == []
    back = parse_text(plan.text, "back", to)
    assert back.commented_commanders() == []
    assert "Ad;Hoc Captain" in {entry.name for entry in back.entries}
    named = plan_export(parse_text("Commander\n1 Sol Ring\nDeck\n99 Island\n", "deck.txt"), to)
    assert named.commanders == (("Sol Ring",) if to in ("xmage", "cod") else ())
    assert deckcheck.export.read_back_problem(dataclasses.replace(named, commanders=())) == (
        "commanders named ['Sol Ring'] instead of []" if to in ("xmage", "cod") else None
    )


def test_a_name_that_changes_the_next_line_is_a_loss_naming_both(monkeypatch: pytest.MonkeyPatch) -> None:
    """No writer of today writes a card line that changes how the next one reads (each starts with its
    count, which no header, comment or metadata line does). A writer that did, here one that writes
    a card named Sideboard without its count, a header moving the cards after it: the probe's card
    line after each name catches it, and the loss names the name, its lines and what the line after
    it would read back as, not the read-back check's "please report this decklist"."""
    mtgo = WRITERS["mtgo"]
    monkeypatch.setitem(
        WRITERS, "mtgo", lambda deck: re.sub(r"^\d+ (Sideboard)$", r"\1", mtgo(deck), flags=re.MULTILINE)
    )
    plan = plan_export(parse_text("2 Sideboard\n4 Lightning Bolt\n54 Mountain\n", "deck.txt"), "mtgo")
    assert deckcheck.export.read_back_problem(plan) is None
    assert [loss.message for loss in plan.losses] == [
        "2 cards named 'Sideboard' (line 1): MTGO decklists cannot hold the name: its card line would read "
        "back as no card, and the card line after it as 'Next Card' in the sideboard"
    ]
    assert plan.text == "4 Lightning Bolt\n54 Mountain\n"
