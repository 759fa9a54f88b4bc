"""frames.validate with no format resolves each deck's format as `deckcheck check` does, and gives
the CLI's findings deck by deck: over the repository's decklists and the real ones."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from deckcheck import frames
from deckcheck import reporters as rep
from deckcheck.cards.store import CardStore
from deckcheck.discovery import decklists_under, expand_inputs
from deckcheck.session import CheckOptions, Session

REPO = Path(__file__).resolve().parents[2]
SAMPLE = 150  # decks of a large real folder checked both ways (every file: ~20 minutes)


def cli_records(paths: list[str], store: CardStore, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """What `deckcheck check -o json PATHS` writes per file (its deck records and the files it
    could not check), with ``store`` as the card data."""
    monkeypatch.setattr(Session, "store", lambda self, config: store)
    session = Session(CheckOptions())
    for outcome in session.check_all(expand_inputs(paths, lambda message: None)):
        if isinstance(outcome, rep.DeckResult):
            yield rep.deck_record(outcome)
        elif isinstance(outcome, rep.FileNotChecked):
            yield rep.not_checked_record(outcome)


def _file_of(path: str) -> str:
    if "#" in path and not Path(path).exists():
        return path.rsplit("#", 1)[0]
    return path


def finding_key(code: str, severity: str, line: int, message: str) -> tuple[str, str, int, str]:
    return (code, severity, line, message)


def assert_same_as_the_cli(paths: list[str], store: CardStore, monkeypatch: pytest.MonkeyPatch) -> int:
    records = list(cli_records(paths, store, monkeypatch))
    if not records:  # a folder of files that are not decklists (the CLI skips them all)
        return 0
    # the files the CLI checked (an event document's decks are FILE#player: the file once)
    decks = list(dict.fromkeys(_file_of(r["path"]) for r in records))
    results = frames.validate(decks, store=store, progress=False)
    summary = results.summary.set_index("deck_id")
    findings = {deck_id: group for deck_id, group in results.findings.groupby("deck_id", sort=False)}
    for record in records:
        path = record["path"]
        row = summary.loc[path]
        if "format" in record:  # checked
            if record["format_source"].startswith("inferred") and not any(record["counts"].values()):
                # nothing read to infer a shape from: the CLI names the shape it checked the deck
                # in, "(no format given)"; the summary says no format
                assert pd.isna(row["format"]) and pd.isna(row["format_source"]), path
            else:
                want = (record["format"], record["format_source"])
                assert (row["format"], row["format_source"]) == want, path
            legal = None if pd.isna(row["legal"]) else bool(row["legal"])
            assert (legal, int(row["errors"]), int(row["warnings"])) == (
                record["legal"],
                record["errors"],
                record["warnings"],
            ), path
        else:  # not checked: no format, and the one finding that says why
            assert pd.isna(row["format"]) and pd.isna(row["legal"]), path
        group = findings.get(path)
        got = (
            []
            if group is None
            else [
                finding_key(f.code, str(f.severity), 0 if pd.isna(f.line) else int(f.line), f.message)
                for f in group.itertuples()
            ]
        )
        want = [finding_key(f["code"], f["severity"], f["line"], f["message"]) for f in record["findings"]]
        assert got == want, path
    return len(records)


def test_frames_validate_agrees_with_the_cli_on_the_repository_decklists(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = CardStore.bundled()
    checked = assert_same_as_the_cli([str(REPO / "data" / "decks")], store, monkeypatch)
    assert checked >= 13


def test_frames_validate_resolves_formats_like_the_cli(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every source of a format: declared, per-path config, config format, inferred shapes, an
    unknown declared format (not checked), and require_format."""
    (tmp_path / ".git").mkdir()
    decks = tmp_path / "decks"
    (decks / "edh").mkdir(parents=True)
    (decks / "declared.txt").write_text("// format: modern\n4 Mox Opal\n56 Mountain\n", encoding="utf-8")
    (decks / "edh" / "krenko.txt").write_text("Commander\n1 Krenko, Mob Boss\n\nDeck\n99 Mountain\n", "utf-8")
    (decks / "plain.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    (decks / "sealed.txt").write_text("4 Lightning Bolt\n36 Mountain\n", encoding="utf-8")
    (decks / "odd.txt").write_text("// format: tribal wars\n4 Lightning Bolt\n56 Mountain\n", "utf-8")
    (tmp_path / ".deckcheck.toml").write_text('[per-path]\n"decks/edh/**" = "commander"\n', "utf-8")
    monkeypatch.chdir(tmp_path)
    store = CardStore.bundled()
    assert_same_as_the_cli(["decks"], store, monkeypatch)
    summary = frames.validate("decks", store=store).summary.set_index("deck_id")
    assert pd.isna(summary.loc["odd.txt", "format_source"])  # not checked: no format, so no source
    assert summary["format_source"].dropna().to_dict() == {
        "declared.txt": "declared in the file",
        "edh/krenko.txt": f"per-path 'decks/edh/**' in {tmp_path / '.deckcheck.toml'}",
        "plain.txt": "inferred: no format given",
        "sealed.txt": "inferred: 40 cards, a limited deck",
    }
    (tmp_path / ".deckcheck.toml").write_text('format = "legacy"\nrequire_format = true\n', "utf-8")
    assert_same_as_the_cli(["decks"], store, monkeypatch)
    assert (
        frames.validate("decks", store=store).summary.set_index("deck_id").loc["plain.txt", "format"]
        == "legacy"
    )
    given = frames.validate("decks", format="modern", store=store).summary
    assert set(given["format_source"]) == {frames.FORMAT_GIVEN} and set(given["format"]) == {"modern"}


def test_a_configs_select_and_ignore_choose_what_the_cli_reports_not_what_frames_hold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The config's format applies to both; its ``ignore`` only to what the CLI reports (README:
    the frames hold every finding, ``legal`` judged by every rule)."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "banned.txt").write_text("4 Gitaxian Probe\n56 Mountain\n", encoding="utf-8")
    (tmp_path / ".deckcheck.toml").write_text('format = "modern"\nignore = ["dc201"]\n', "utf-8")
    monkeypatch.chdir(tmp_path)
    store = CardStore.bundled()
    (record,) = cli_records(["banned.txt"], store, monkeypatch)
    assert record["legal"] is True and "DC201" not in {f["code"] for f in record["findings"]}
    results = frames.validate(["banned.txt"], store=store, progress=False)
    assert list(results.summary["format"]) == ["modern"] and list(results.summary["legal"]) == [False]
    assert "DC201" in set(results.findings["code"])


def test_an_empty_file_in_a_directory_is_failed_or_skipped_as_the_cli_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An emptied deck in a folder fails with the CLI's DC005, which names the exclude glob that
    keeps it out; an empty requirements.txt is skipped, with the CLI's reason."""
    (tmp_path / ".git").mkdir()
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "burn.txt").write_text("// format: modern\n4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    (decks / "emptied.txt").write_text("\n", encoding="utf-8")
    (decks / "requirements.txt").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    store = CardStore.bundled()
    monkeypatch.setattr(Session, "store", lambda self, config: store)
    session = Session(CheckOptions())
    said: dict[str, str] = {}
    for item in expand_inputs(["decks"], lambda message: None):
        for outcome in session.check(item.path, explicit=item.explicit):
            if isinstance(outcome, rep.FileSkipped):
                said[outcome.path] = outcome.reason
            elif isinstance(outcome, rep.DeckResult):
                said.update(
                    (outcome.report.path, f.message) for f in outcome.report.findings if f.code == "DC005"
                )
    assert 'write exclude = ["decks/emptied.txt"] in a new .deckcheck.toml' in said["decks/emptied.txt"]
    with pytest.warns(UserWarning, match=r"1 file skipped \(not a decklist\)"):
        results = frames.validate("decks", store=store, progress=False)
    got = dict(results.skipped.itertuples(index=False, name=None))
    path_of = dict(zip(results.summary["deck_id"], results.summary["path"], strict=True))
    for row in results.findings.itertuples():
        if row.code == "DC005":
            got[path_of[row.deck_id]] = row.message
    assert got == said


def test_a_directory_holds_the_decks_the_cli_checks_and_skips_the_files_it_skips(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder's files that are no decklists (a requirements file, notes) and those its config
    excludes are skipped by frames as by `deckcheck check DIR`, with the same reasons, and listed
    (Results.skipped, the long frame's attrs) with a warning: never checked as "illegal decks" that
    skew an analyst's legal share, never dropped unsaid."""
    (tmp_path / ".git").mkdir()
    decks = tmp_path / "decks"
    (decks / "archive").mkdir(parents=True)
    (decks / "burn.txt").write_text("// format: modern\n4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    (decks / "sealed.txt").write_text("4 Lightning Bolt\n36 Mountain\n", encoding="utf-8")
    (decks / "requirements.txt").write_text("numpy==1.26\npandas>=2\n", encoding="utf-8")
    (decks / "notes.txt").write_text("Try more removal\nSide out the Bolts\n", encoding="utf-8")
    (decks / "archive" / "old.txt").write_text("// format: modern\n4 Mox Opal\n56 Mountain\n", "utf-8")
    (tmp_path / ".deckcheck.toml").write_text('exclude = ["archive"]\n', "utf-8")
    monkeypatch.chdir(tmp_path)
    store = CardStore.bundled()
    monkeypatch.setattr(Session, "store", lambda self, config: store)
    session = Session(CheckOptions())
    checked, skipped = [], []
    for item in expand_inputs(["decks"], lambda message: None):
        for outcome in session.check(item.path, explicit=item.explicit):
            if isinstance(outcome, rep.FileSkipped):
                skipped.append((outcome.path, outcome.reason))
            else:
                checked.append(
                    outcome.path if isinstance(outcome, rep.FileNotChecked) else outcome.report.path
                )
    assert sorted(checked) == ["decks/burn.txt", "decks/sealed.txt"]
    assert len(skipped) == 3 and any(reason.startswith("excluded by 'archive'") for _, reason in skipped)
    with pytest.warns(UserWarning, match=r"3 files skipped \(not decklists or excluded\): Results.skipped"):
        results = frames.validate("decks", store=store, progress=False)
    assert sorted(results.summary["path"]) == sorted(checked)
    assert sorted(results.skipped.itertuples(index=False, name=None)) == sorted(skipped)
    with pytest.warns(UserWarning, match="attrs"):
        long = frames.load_decks("decks", store=store, progress=False)
    assert sorted(long["path"].unique()) == sorted(checked)
    assert sorted(long.attrs["skipped"]) == sorted(skipped)
    # paths named one by one are all read, as the CLI checks files named explicitly
    named = frames.validate([str(decks / "notes.txt"), str(decks / "burn.txt")], store=store, progress=False)
    assert len(named.summary) == 2 and named.skipped.empty


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads every file")
def test_a_file_of_a_directory_that_cannot_be_read_is_reported_not_skipped(tmp_path: Path) -> None:
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "burn.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    locked = decks / "locked.txt"
    locked.write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    locked.chmod(0)
    try:
        results = frames.validate(decks, format="modern", store=CardStore.bundled(), progress=False)
    finally:
        locked.chmod(0o644)
    assert results.skipped.empty
    codes = results.findings.loc[results.findings["deck_id"] == "locked.txt", "code"].tolist()
    assert "DC001" in codes


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX named pipes")
def test_a_named_pipe_in_a_directory_is_reported_as_the_cli_reports_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: a named pipe in a directory source was a warning alone, in no frame. It is not
    read (it could wait for ever): a deck that could not be read (DC001, legal <NA>), with the
    reason the CLI gives it as a file not checked; excluded, it is skipped as any file is."""
    (tmp_path / ".git").mkdir()
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "burn.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    os.mkfifo(decks / "pipe.txt")  # nobody ever writes to it
    monkeypatch.chdir(tmp_path)
    store = CardStore.bundled()
    cli = {record["path"]: record for record in cli_records(["decks"], store, monkeypatch)}
    assert [finding["code"] for finding in cli["decks/pipe.txt"]["findings"]] == ["DC001"]
    results = frames.validate("decks", format="modern", store=store, progress=False)
    assert results.skipped.empty
    pipe = results.findings[results.findings["deck_id"] == "pipe.txt"]
    reason = cli["decks/pipe.txt"]["findings"][0]["message"]
    assert pipe[["code", "message"]].values.tolist() == [["DC001", reason]]
    not_verified = results.summary.set_index("deck_id")["legal"].isna()
    assert not_verified.to_dict() == {"burn.txt": False, "pipe.txt": True}
    long = frames.load_decks("decks", store=store, progress=False)
    assert long.loc[long["deck_id"] == "pipe.txt", "unread"].tolist() == ["the file was not read (DC001)"]
    (tmp_path / ".deckcheck.toml").write_text('exclude = ["pipe.txt"]\n', "utf-8")
    with pytest.warns(UserWarning, match="1 file skipped"):
        excluded = frames.validate("decks", format="modern", store=store, progress=False)
    assert excluded.skipped["path"].tolist() == ["decks/pipe.txt"]
    assert excluded.summary["deck_id"].tolist() == ["burn.txt"]


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="needs /dev/null")
@pytest.mark.parametrize("input_format", [None, "mtgo"])
def test_a_device_named_is_not_a_regular_file_as_the_cli_says(
    input_format: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: frames.validate(["/dev/null"]) read the device as an empty decklist (DC005)
    where `deckcheck check /dev/null` says it is no file to check; both say the CLI's reason now,
    whatever the input format, and load_decks says the deck was not read."""
    store = CardStore.bundled()
    cli = list(cli_records(["/dev/null"], store, monkeypatch))
    [(code, reason)] = [(f["code"], f["message"]) for f in cli[0]["findings"]]
    assert (code, reason) == ("DC001", "not a regular file; nothing to check")
    results = frames.validate(["/dev/null"], input_format=input_format, store=store, progress=False)
    assert results.findings[["code", "message"]].values.tolist() == [[code, reason]]
    assert results.summary["legal"].isna().tolist() == [True]
    long = frames.load_decks(["/dev/null"], input_format=input_format, store=store, progress=False)
    assert long["unread"].tolist() == ["the file was not read (DC001)"]


@pytest.mark.parametrize(
    "folder",
    [
        "bluelovers_mtg-decklist-parser",
        "jlawrence11_cockatrice-decks",
        "mtg-parser-exports",
        "mtgo_events",
        "rationelis_mtg-decks",
        "taw_magic-preconstructed-decks",
        "xmage_importer",
    ],
)
def test_frames_validate_agrees_with_the_cli_on_the_real_decklists(
    folder: str, realdata: Path, real_store: CardStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = realdata / "decks" / folder
    if not root.is_dir():
        pytest.skip(f"{root} is absent")
    files = decklists_under(root)
    if len(files) > SAMPLE:  # a big folder: an even sample of it, named explicitly
        assert_same_as_the_cli([str(f) for f in files[:: len(files) // SAMPLE]], real_store, monkeypatch)
    else:
        assert_same_as_the_cli([str(root)], real_store, monkeypatch)


def test_companion_table_without_a_format_agrees_with_validate(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    for deck in (REPO / "data" / "decks").glob("*.txt"):
        (tmp_path / deck.name).write_text(deck.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "plain.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    (tmp_path / "edh.txt").write_text("Commander\n1 Krenko, Mob Boss\n\nDeck\n99 Mountain\n", "utf-8")
    store = CardStore.bundled()
    expected = frames.validate(str(tmp_path), store=store).companions
    table = frames.companion_table(str(tmp_path), store=store)
    pd.testing.assert_frame_equal(table.reset_index(drop=True), expected.reset_index(drop=True))
    (tmp_path / "odd.txt").write_text("// format: tribal wars\n4 Lightning Bolt\n", encoding="utf-8")
    with pytest.warns(UserWarning, match=r"1 deck not checked"):
        table = frames.companion_table(str(tmp_path), store=store)
    expected = frames.validate(str(tmp_path), store=store).companions
    pd.testing.assert_frame_equal(table.reset_index(drop=True), expected.reset_index(drop=True))
    assert [deck_id for deck_id, _ in table.attrs["not_checked"]] == ["odd.txt"]


def test_a_house_format_judged_as_of_each_decks_date_agrees_with_the_cli(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A user's formats judged by each deck's own date (the config's as_of): House reads Modern's
    history (Ponder banned in 2019 and 2021; nothing answered before 2011 or without a date),
    Pile extends Commander, which has none; the cards each bans are banned on every day. The frames
    give the CLI's findings, deck by deck."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "formats.toml").write_text(
        '[house]\nextends = "modern"\nextra_banned = ["Lightning Bolt", "Lurrus of the Dream-Den"]\n\n'
        '[pile]\nextends = "commander"\nextra_banned = ["Sol Ring"]\n',
        encoding="utf-8",
    )
    config = 'formats = ["formats.toml"]\nformat = "house"\nas_of = "deck"\n\n[per-path]\n"pile*" = "pile"\n'
    (tmp_path / ".deckcheck.toml").write_text(config, encoding="utf-8")
    deck = "4 Lightning Bolt\n4 Ponder\n52 Mountain\n\nCompanion\n1 Lurrus of the Dream-Den\n"
    for name, date in (("y2021", "2021-06-01"), ("y2019", "2019-12-01"), ("y2010", "2010-01-01")):
        (tmp_path / f"{name}.txt").write_text(f"// date: {date}\n{deck}", encoding="utf-8")
    (tmp_path / "undated.txt").write_text(deck, encoding="utf-8")
    (tmp_path / "pile.txt").write_text(
        "// date: 2021-06-01\nCommander\n1 Koma, Cosmos Serpent\n\nDeck\n1 Sol Ring\n98 Island\n", "utf-8"
    )
    monkeypatch.chdir(tmp_path)
    store = CardStore.bundled()
    assert assert_same_as_the_cli(["."], store, monkeypatch) == 5
    found = frames.validate(".", store=store).findings
    banned = found[found["code"] == "DC201"].groupby("deck_id")["card"].agg(lambda cards: sorted(cards))
    own = ["Lightning Bolt", "Lurrus of the Dream-Den"]
    assert banned.to_dict() == {
        "y2021.txt": [*own, "Ponder"],
        "y2019.txt": [*own, "Ponder"],
        "y2010.txt": own,
        "undated.txt": own,
        "pile.txt": ["Sol Ring"],
    }
    day = found[found["code"].isin(["DC205", "DC206"])].set_index("deck_id")["code"].to_dict()
    assert day == {
        "y2021.txt": "DC205",
        "y2019.txt": "DC205",
        "y2010.txt": "DC206",
        "undated.txt": "DC206",
        "pile.txt": "DC206",
    }


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_directory_holds_the_decks_the_cli_finds_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`frames.validate(DIR)` checks the files `deckcheck check DIR` checks: a linked folder's too."""
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "a.txt").write_text("// format: modern\n4 Lightning Bolt\n56 Mountain\n", "utf-8")
    top = tmp_path / "top"
    top.mkdir()
    (top / "b.txt").write_text("// format: modern\n4 Mox Opal\n56 Mountain\n", "utf-8")
    (top / "linked").symlink_to(tmp_path / "real", target_is_directory=True)
    store = CardStore.bundled()
    checked = [record["path"] for record in cli_records([str(top)], store, monkeypatch)]
    assert sorted(checked) == sorted([str(top / "b.txt"), str(top / "linked" / "a.txt")])
    results = frames.validate(top, store=store, progress=False)
    assert sorted(results.summary["path"]) == sorted(checked)
