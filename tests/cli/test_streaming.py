"""Folder runs stream their output: what `deckcheck check` and `deckcheck companions` write as
they go equals the whole run rendered at once (text, JSON and GitHub output, the job summary
included), in the order the files were given, and no result is kept once it is written."""

from __future__ import annotations

import io
import json
import os
import sys
import weakref
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from deckcheck import cli
from deckcheck import reporters as rep
from deckcheck.discovery import expand_inputs
from deckcheck.engine import UNCHECKED_CODES
from deckcheck.findings import Severity
from deckcheck.session import CheckOptions, Session
from deckcheck.wording import counted
from tests.cli.conftest import BANNED_MODERN, COMMANDER_DECK, LEGAL_MODERN, WARNING_MODERN, Invoke, Project

UNKNOWN_CARD_MODERN = "// format: modern\n4 Lightning Bolt\n4 Quite Unheard-of Card\n52 Mountain\n"


# -- the whole-run rendering the streamed output must equal ------------------------------------------
# What the reporters wrote before they streamed: every result of the run held, then rendered.
def whole_run_summary(run: rep.RunResult) -> str:
    decks = run.decks
    statuses = [d.report.status for d in decks]
    unverified = statuses.count("not verified")
    errors = [f for d in decks for f in d.report.errors]
    unchecked = sum(1 for f in errors if f.code in UNCHECKED_CODES)
    if unchecked:  # errors that leave rules unchecked (an empty list, an unknown card) apart
        leave = (
            f"{counted(unchecked, 'error')} that {'leaves' if unchecked == 1 else 'leave'} rules unchecked"
        )
        breaking = len(errors) - unchecked
        breaks = f"{counted(breaking, 'error')} that {'breaks' if breaking == 1 else 'break'} a rule, "
        errors_said = (breaks if breaking else "") + leave
    else:
        errors_said = counted(len(errors), "error")
    line = (
        f"{counted(len(decks), 'deck')} checked: {statuses.count('legal'):,} legal, "
        f"{statuses.count('illegal'):,} illegal"
        + (f", {unverified:,} not verified" if unverified else "")
        + f" ({errors_said}, {counted(sum(len(d.report.warnings) for d in decks), 'warning')})"
    )
    strict_failures = sum(1 for d in decks if d.failed and not d.report.errors and not d.report.undetermined)
    if strict_failures:
        line += f"; {strict_failures:,} failing on warnings (--strict)"
    infos = sum(1 for d in decks for f in d.report.findings if f.severity is Severity.INFO)
    if infos and not run.verbose:
        line += f"; {counted(infos, 'note')} hidden (-v shows them)"
    if run.not_checked:
        line += f"; {counted(len(run.not_checked), 'file')} could not be checked"
    if run.skipped:
        excluded = sum(1 for skipped in run.skipped if skipped.excluded)
        why = {0: "not decklists", len(run.skipped): "excluded"}.get(excluded, "not decklists or excluded")
        why = "not a decklist" if why == "not decklists" and len(run.skipped) == 1 else why
        line += f"; {counted(len(run.skipped), 'file')} skipped ({why}" + (
            ")" if run.verbose else "; -v lists them)"
        )
    return line


def whole_run_text(run: rep.RunResult) -> str:
    lines = []
    for result in run.decks:
        if not run.quiet:
            lines.append(rep.deck_header(result))
        shown = rep.visible(result.report.findings, run.verbose)
        lines += [rep.finding_line(f) for f in shown]
        why = rep.unexplained_verdict(result, shown) if run.quiet else None
        if why is not None:
            lines.append(rep.verdict_line(result, why))
    lines += [rep.finding_line(failure.finding) for failure in run.not_checked]
    if run.verbose:
        lines += [rep.skipped_line(skipped) for skipped in run.skipped]
    return "\n".join([*lines, whole_run_summary(run)]) + "\n"


def whole_run_github(run: rep.RunResult) -> tuple[str, str]:
    """(the annotations and summary line, the Markdown job summary)."""
    shown = [(d.report.path, f) for d in run.decks for f in rep.visible(d.report.findings, run.verbose)]
    shown += [(failure.path, failure.finding) for failure in run.not_checked]
    annotations = [rep.github_annotation(f) for _, f in shown]
    markdown = ["## deckcheck", "", whole_run_summary(run), ""]
    markdown += ["| deck | format | result | errors | warnings |", "| --- | --- | --- | ---: | ---: |"]
    for result in run.decks:
        report = result.report
        verdict = "fails" if result.failed else report.status
        markdown.append(
            f"| {rep._cell(report.path)} | {rep._cell(report.format.name)} | {verdict} | "
            f"{len(report.errors)} | {len(report.warnings)} |"
        )
    markdown += [f"| {rep._cell(failure.path)} | - | not checked | 1 | 0 |" for failure in run.not_checked]
    if shown:
        markdown += ["", "| file | line | code | severity | message |", "| --- | ---: | --- | --- | --- |"]
        for _, finding in shown:
            line = str(finding.location.line) if finding.location.line > 0 else ""
            markdown.append(
                f"| {rep._cell(finding.location.path)} | {line} | {finding.code} | {finding.severity} | "
                f"{rep._cell(finding.message)} |"
            )
    skipped = [rep.github_skipped_line(skipped) for skipped in run.skipped] if run.verbose else []
    return "\n".join([*annotations, *skipped, whole_run_summary(run)]) + "\n", "\n".join(markdown) + "\n"


def whole_run(
    files: list[str], *, verbose: bool = False, quiet: bool = False, strict: bool | None = None
) -> rep.RunResult:
    session = Session(CheckOptions(strict=strict))
    outcomes = list(cli.iter_outcomes(session, expand_inputs(files, lambda message: None)))
    return rep.RunResult(
        [o for o in outcomes if isinstance(o, rep.DeckResult)],
        session.card_data(),
        verbose=verbose,
        quiet=quiet,
        not_checked=[o for o in outcomes if isinstance(o, rep.FileNotChecked)],
        skipped=[o for o in outcomes if isinstance(o, rep.FileSkipped)],
    )


# -- a folder of every kind of outcome -------------------------------------------------------------------
@pytest.fixture
def mixed(project: Project) -> list[str]:
    """The FILES of a run over legal, illegal, warned, not verified (an unknown card; no format
    given) and commander decks, a file that cannot be read, one declaring an unknown format and
    one that is not a decklist; given out of sorted order, a folder between two files."""
    project.write("decks/a-legal.txt", "// format: modern\n" + LEGAL_MODERN)
    project.write("decks/b-banned.txt", "// format: modern\n" + BANNED_MODERN)
    project.write("decks/c-warned.txt", "// format: modern\n" + WARNING_MODERN)
    project.write("decks/d-unknown-card.txt", UNKNOWN_CARD_MODERN)
    project.write("decks/e-no-format.txt", LEGAL_MODERN)
    project.write("decks/edh/krenko.txt", "// format: commander\n" + COMMANDER_DECK)
    project.write("decks/f-odd-format.txt", "// format: tribal wars\n" + LEGAL_MODERN)
    project.write("decks/notes.txt", "Try more removal next week.\nAsk about the sideboard.\n")
    if hasattr(os, "symlink") and sys.platform != "win32":
        os.symlink(project.root / "decks" / "gone.txt", project.root / "decks" / "g-dangling.txt")
    project.write("z-first.txt", "// format: modern\n" + BANNED_MODERN)
    project.write("m-last.txt", "// format: modern\n" + WARNING_MODERN)
    return ["z-first.txt", "decks", "missing.txt", "m-last.txt"]


def test_the_mixed_folder_has_every_kind_of_outcome(mixed: list[str]) -> None:
    run = whole_run(mixed, verbose=True)
    statuses = {d.report.status for d in run.decks}
    assert {"legal", "illegal", "not verified"} <= statuses
    assert len(run.not_checked) >= 2 and run.skipped
    assert any(f.severity is Severity.WARNING for d in run.decks for f in d.report.findings)


@pytest.mark.parametrize("flags", [[], ["-q"], ["-v"], ["-q", "-v"], ["--strict"]])
def test_streamed_text_equals_the_whole_run_rendering(
    mixed: list[str], invoke: Invoke, flags: list[str]
) -> None:
    result = invoke(["check", *flags, "--no-color", *mixed])
    strict = True if "--strict" in flags else None
    expected = whole_run(mixed, verbose="-v" in flags, quiet="-q" in flags, strict=strict)
    if strict:
        assert "failing on warnings (--strict)" in whole_run_summary(expected)
    assert result.stdout == whole_run_text(expected)
    assert result.exit_code == expected.exit_code == 2


@pytest.mark.parametrize("flags", [[], ["-v"]])
def test_streamed_json_is_the_whole_run_document_byte_for_byte(
    mixed: list[str], invoke: Invoke, flags: list[str]
) -> None:
    result = invoke(["check", "-o", "json", *flags, *mixed])
    expected = whole_run(mixed)
    assert result.stdout == rep.json_text(rep.json_document(expected)) + "\n"
    document = json.loads(result.stdout)
    assert list(document) == [
        "schema_version",
        "tool",
        "card_data",
        "decks",
        "not_checked",
        "skipped",
        "summary",
    ]
    assert document["summary"]["decks"] == len(expected.decks) and document["summary"]["exit_code"] == 2


def test_streamed_json_of_a_run_without_decks(project: Project, invoke: Invoke) -> None:
    """No deck (one file not checked): the card data is the store opened for it, as before."""
    project.write("odd.txt", "// format: tribal wars\n" + LEGAL_MODERN)
    result = invoke(["check", "-o", "json", "odd.txt", "missing.txt"])
    expected = whole_run(["odd.txt", "missing.txt"])
    assert not expected.decks and expected.card_data
    assert result.stdout == rep.json_text(rep.json_document(expected)) + "\n"
    empty = rep.RunResult(card_data={"description": "none"})
    out = io.StringIO()
    rep.write_json(empty, out)
    assert out.getvalue() == rep.json_text(rep.json_document(empty)) + "\n"


@pytest.mark.parametrize("flags", [[], ["-v"]])
@pytest.mark.parametrize("in_memory", [True, False], ids=["in-memory", "spilled-to-disk"])
def test_streamed_github_output_and_job_summary_equal_the_whole_run_rendering(
    mixed: list[str],
    invoke: Invoke,
    flags: list[str],
    in_memory: bool,
    project: Project,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if not in_memory:  # every deferred line past the first goes through the temporary file
        monkeypatch.setattr(rep._Deferred, "MEMORY", 1)
    summary = project.root / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = invoke(["check", "-o", "github", *flags, *mixed])
    expected = whole_run(mixed, verbose="-v" in flags)
    annotations, markdown = whole_run_github(expected)
    assert result.stdout == annotations
    assert summary.read_text(encoding="utf-8") == "earlier step\n" + markdown
    assert result.exit_code == 2


def test_output_follows_the_order_the_files_were_given(mixed: list[str], invoke: Invoke) -> None:
    """Results come in the order of the FILES arguments, a folder's files sorted in place (the
    order discovery yields, no sort over the results): streaming them as they come is that order."""
    document = json.loads(invoke(["check", "-o", "json", *mixed]).stdout)
    given = [item.path for item in expand_inputs(mixed, lambda message: None)]
    paths = [deck["path"] for deck in document["decks"]]
    assert paths == [path for path in given if path in paths]
    assert paths[0] == "z-first.txt" and paths[-1] == "m-last.txt" and paths != sorted(paths)
    assert [entry["path"] for entry in document["not_checked"]] == [
        path for path in given if path in {e["path"] for e in document["not_checked"]}
    ]


# -- nothing kept ---------------------------------------------------------------------------------------
class _Tracked(rep.DeckResult):
    """A DeckResult that can be referenced weakly (the real one has slots only)."""

    live: ClassVar[list[weakref.ref[Any]]] = []
    most: ClassVar[int] = 0  # the most results alive when another one is made
    made: ClassVar[int] = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cls = type(self)
        alive = [ref for ref in cls.live if ref() is not None]
        cls.most = max(cls.most, len(alive))
        cls.made += 1
        cls.live = [*alive, weakref.ref(self)]


@pytest.fixture
def tracked(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[_Tracked]]:
    _Tracked.live, _Tracked.most, _Tracked.made = [], 0, 0
    monkeypatch.setattr(rep, "DeckResult", _Tracked)
    yield _Tracked


@pytest.mark.parametrize("output", ["text", "json"])
def test_streamed_companions_equal_the_whole_run_rendering(
    mixed: list[str], invoke: Invoke, output: str
) -> None:
    result = invoke(["companions", "--no-color", "-o", output, *mixed])
    run = whole_run(mixed)
    assert run.decks and run.not_checked
    if output == "json":
        expected = rep.json_text(rep.companions_document(run.decks, run.card_data, run.not_checked)) + "\n"
    else:
        blocks = io.StringIO()
        rep.write_companions_text(run.decks, blocks)
        expected = blocks.getvalue() + "".join(rep.finding_line(f.finding) + "\n" for f in run.not_checked)
    assert result.stdout == expected
    assert result.exit_code == 2  # files that could not be checked


def test_companions_of_no_deck_is_still_a_document(project: Project, invoke: Invoke) -> None:
    result = invoke(["companions", "-o", "json", "missing.txt"])
    document = json.loads(result.stdout)
    assert document["decks"] == [] and len(document["not_checked"]) == 1
    assert result.exit_code == 2


@pytest.mark.parametrize(
    "command",
    [
        ["check", "-o", "text"],
        ["check", "-o", "json"],
        ["check", "-o", "github"],
        ["companions", "-o", "text"],
        ["companions", "-o", "json"],
    ],
)
def test_a_folder_run_keeps_no_result_it_has_written(
    project: Project,
    invoke: Invoke,
    tracked: type[_Tracked],
    command: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(project.root / "summary.md"))
    for index in range(40):
        project.write(
            f"decks/{index:02d}.txt", "// format: modern\n" + (LEGAL_MODERN, BANNED_MODERN)[index % 2]
        )
    result = invoke([*command, "decks"])
    assert result.exit_code == (1 if command[0] == "check" else 0)
    assert tracked.made == 40
    # When each result is made, the earlier ones are gone but for the one just written.
    assert tracked.most <= 1


@pytest.mark.parametrize("output", ["text", "json", "github"])
def test_a_config_that_cannot_be_used_stops_the_run_before_any_output(
    project: Project, invoke: Invoke, output: str
) -> None:
    """The configs and card stores of every file are read before the first file is checked: a
    config error found late in the run does not leave half a report (or half a JSON document)."""
    project.write("a/legal.txt", "// format: modern\n" + LEGAL_MODERN)
    project.write("z/legal.txt", "// format: modern\n" + LEGAL_MODERN)
    project.write("z/.deckcheck.toml", "format = 3\n")
    result = invoke(["check", "-o", output, "a", "z"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "z/.deckcheck.toml:1: 'format' must be a string (a format name), not 3" in result.stderr


@pytest.mark.parametrize("stdout_is_tty", [False, True])
def test_the_progress_bar_only_when_the_results_go_elsewhere(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch, stdout_is_tty: bool
) -> None:
    """The results are written as they come: in a terminal they show the progress, and a bar
    redrawn on the same screen would cut into their lines."""
    for name in ("a.txt", "b.txt"):
        project.write(name, "// format: modern\n" + LEGAL_MODERN)
    monkeypatch.setattr(cli, "_stderr_is_tty", lambda: True)
    monkeypatch.setattr(cli, "_stdout_is_tty", lambda: stdout_is_tty)
    result = invoke(["check", "a.txt", "b.txt"])
    assert result.exit_code == 0
    assert result.stdout.startswith("a.txt: format modern")
    assert ("checking" in result.stderr) is not stdout_is_tty
