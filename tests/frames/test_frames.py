"""The pandas API: sources, the long frame, validate's tidy frames, and their agreement with a
single-deck check."""

from __future__ import annotations

import io
from pathlib import Path

import pandas as pd
import pytest

from deckcheck import batch, frames
from deckcheck.cards.store import CardStore
from deckcheck.engine import check_file
from deckcheck.formats import get_format
from deckcheck.progress import ProgressBar

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "data" / "decks"
CORPUS = REPO / "data" / "corpus"
BURN = EXAMPLES / "modern-burn.txt"

FINDING_COLUMNS = [
    "deck_id",
    "path",
    "code",
    "slug",
    "severity",
    "message",
    "card",
    "line",
    "section",
    "rule",
]


@pytest.fixture(scope="module")
def store() -> CardStore:
    return CardStore.bundled()


def texts(*paths: Path) -> pd.Series:
    return pd.Series({p.name: p.read_text(encoding="utf-8") for p in paths}, name="text")


# -- load_decks ------------------------------------------------------------------------------
def test_long_frame_columns_and_types(store: CardStore) -> None:
    decks = frames.load_decks(BURN, store=store)
    assert list(decks.columns) == list(batch.ENTRY_COLUMNS + batch.CARD_COLUMNS)
    assert decks["deck_id"].unique().tolist() == [str(BURN)]
    bolt = decks[decks["card"] == "Lightning Bolt"].iloc[0]
    assert (bolt["zone"], bolt["qty"], bolt["mana_value"], bolt["colour_identity"]) == ("main", 4, 1, "R")
    assert bolt["card_types"] == "Instant" and not bolt["is_permanent"] and not bolt["is_land"]
    assert decks.loc[decks["zone"] == "main", "qty"].sum() == 60
    assert decks.loc[decks["zone"] == "sideboard", "qty"].sum() == 15
    assert isinstance(decks["zone"].dtype, pd.CategoricalDtype)
    assert str(decks["line"].dtype) == "Int64" and decks["line"].notna().all()


def test_a_store_with_facts_gives_the_same_long_frame_and_companion_table(
    store: CardStore, tmp_path: Path
) -> None:
    """Over a store that keeps per-card facts (as `cards import` builds it), exact names take their
    card columns from the facts without reading the card; every other name is resolved as before.
    The frames are the same either way."""
    import json

    from deckcheck.card_facts import facts_builder
    from deckcheck.cards.store import bundled_cards_path, write_store

    records = json.loads(bundled_cards_path().read_text(encoding="utf-8"))["cards"]
    path = tmp_path / "cards.sqlite"
    write_store(records, path, meta={"source": "test", "updated_at": "2026-01-01"}, facts=facts_builder())
    with_facts = CardStore.open(path)
    odd = pd.Series({"odd": "4 lightning bolt\n4 Lightnig Bolt\n2 Fire/Ice\n50 Mountain\n"})
    sources = pd.concat([texts(*sorted(CORPUS.rglob("*.txt"))), odd])
    expected = frames.load_decks(sources, store=store)
    got = frames.load_decks(sources, store=with_facts)
    pd.testing.assert_frame_equal(got, expected)
    pd.testing.assert_frame_equal(
        frames.companion_table(got, format="modern", store=with_facts),
        frames.companion_table(expected, format="modern", store=store),
    )


def test_a_deck_the_engine_checks_over_facts_builds_no_card(tmp_path: Path) -> None:
    """A deck the lean path hands to the engine (three commanders, one of them unknown) is checked
    through the store's facts: its summary row names the commanders without reading their cards."""
    import json

    from deckcheck.card_facts import facts_builder
    from deckcheck.cards.store import bundled_cards_path, write_store
    from deckcheck.rules.companions import COMPANIONS

    records = json.loads(bundled_cards_path().read_text(encoding="utf-8"))["cards"]
    path = tmp_path / "cards.sqlite"
    write_store(records, path, meta={"source": "test", "updated_at": "2026-01-01"}, facts=facts_builder())
    with_facts = CardStore.open(path)
    text = "Commander\n1 Raised by Giants\n1 Lightning Bolt\n1 Not A Card In Any Set\n\nDeck\n97 Mountain\n"
    results = frames.validate(
        pd.Series({"crowd": text}), format="commander", store=with_facts, progress=False
    )
    assert set(with_facts._cards) <= {rule.name for rule in COMPANIONS}
    assert results.summary.loc[0, "commander"] == "Raised by Giants + Lightning Bolt"


def test_missing_decklists_are_empty_and_other_values_are_refused(store: CardStore) -> None:
    """Regression: pd.NA became the text "<NA>" (read as XML: "root element <NA> is not an MTGO
    <Deck>") and bytes their repr ("b'4 Lightning Bolt\\n'", refused line by line)."""
    missing = pd.Series({"none": None, "nan": float("nan"), "na": pd.NA}, dtype=object)
    result = frames.validate(missing, format="modern", store=store, progress=False)
    assert result.findings.groupby("deck_id")["code"].apply(list).to_dict() == {
        "na": ["DC005"],
        "nan": ["DC005"],
        "none": ["DC005"],
    }
    for value, kind in ((b"4 Lightning Bolt\n", "bytes"), (4, "int")):
        with pytest.raises(ValueError, match=f"deck 'odd': its decklist is {kind}"):
            frames.validate(
                pd.Series({"odd": value}, dtype=object), format="modern", store=store, progress=False
            )


def test_an_empty_decklist_is_not_verified(store: CardStore) -> None:
    """An empty decklist is never legal (DC005): nothing was read to judge, so its legal is <NA>, as
    ``deckcheck check`` reads it."""
    result = frames.validate(
        pd.Series({"empty": "// format: modern\n// no cards\n"}), store=store, progress=False
    )
    assert pd.isna(result.summary.loc[0, "legal"])
    assert result.findings["code"].tolist() == ["DC005"]


def test_a_deck_with_no_format_named_and_none_to_read_has_no_format(
    store: CardStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: with no format= given, a file not read (binary, missing) or a list with no card
    lines had the format ``generic-constructed``, "inferred: no format given", the shape the engine
    checks such a deck in, while a deck declaring an unknown format had none: no one named a format
    for either and there was nothing to infer one from. Both are "no format" now (format and
    format_source <NA>, legal <NA>), so grouping by format counts no file not read as a deck of a
    shape; a format given names the format of every deck."""
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "binary.txt").write_bytes(b"4 Lightning Bolt\x00\x01\x02\n")
    (tmp_path / "empty.txt").write_text("// just a note\n", encoding="utf-8")
    (tmp_path / "odd.txt").write_text("// format: tribal wars\n4 Lightning Bolt\n", encoding="utf-8")
    (tmp_path / "burn.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    names = ["binary.txt", "empty.txt", "missing.txt", "odd.txt", "burn.txt"]
    summary = frames.validate(names, store=store, progress=False).summary.set_index("deck_id")
    no_format = ["binary.txt", "empty.txt", "missing.txt", "odd.txt"]
    assert summary["format"].isna().to_dict() == {name: name in no_format for name in names}
    assert summary["format_source"].isna().to_dict() == {name: name in no_format for name in names}
    assert summary.loc["burn.txt", ["format", "format_source"]].tolist() == [
        "generic-constructed",
        "inferred: no format given",
    ]
    assert summary.loc[no_format, "legal"].isna().all()
    given = frames.validate(names, format="modern", store=store, progress=False).summary
    assert set(given["format"]) == {"modern"} and set(given["format_source"]) == {frames.FORMAT_GIVEN}


def test_empty_text_is_missing_in_every_table(store: CardStore, tmp_path: Path) -> None:
    """Regression: ``eligible_companions`` was "" for a deck no companion is eligible for, and
    ``format_source`` "" for a deck not checked, where every other text column says nothing with
    <NA>: ``.isna()``, ``.fillna()`` and ``.str`` methods then answered differently per column.
    Every text column of every table is of one string dtype, missing as <NA>."""
    (tmp_path / "odd.txt").write_text("// format: tribal wars\n4 Lightning Bolt\n", encoding="utf-8")
    sources = [*sorted(EXAMPLES.glob("*.txt")), tmp_path / "odd.txt", tmp_path / "missing.txt"]
    results = frames.validate(sources, store=store, breakers=True, progress=False)
    summary = results.summary
    none_eligible = summary["n_eligible"] == 0
    assert none_eligible.any() and summary.loc[none_eligible, "eligible_companions"].isna().all()
    assert summary.loc[~none_eligible, "eligible_companions"].notna().all()
    text_dtype = summary["name"].dtype
    for table in ("findings", "summary", "metadata", "breakers", "skipped"):
        frame = getattr(results, table)
        for column in frame.columns:
            values = frame[column]
            if pd.api.types.is_string_dtype(values.dtype) or values.dtype == object:
                assert values.dtype == text_dtype, (table, column)
                assert not values.eq("").any(), (table, column)


def test_a_json_deck_with_a_lone_surrogate_is_validated(store: CardStore, tmp_path: Path) -> None:
    """A JSON escape of half a character (``\\ud800``) in a deck's name once stopped validate:
    pandas' string columns cannot hold a lone surrogate. The reader removes it and says so."""
    fixture = Path(__file__).parent.parent / "fixtures" / "decklists" / "archidekt.json"
    path = tmp_path / "deck.json"
    path.write_text(fixture.read_text().replace('"Giada Angels"', '"\\ud800Giada Angels"'))
    result = frames.validate([path], store=store, progress=False)
    assert result.summary["name"].tolist() == ["Giada Angels"]
    said = result.findings[result.findings["code"] == "DC003"]
    assert said["message"].str.contains("surrogate").any() and 2 in said["line"].tolist()


def test_unknown_names_keep_a_row(store: CardStore) -> None:
    decks = frames.load_decks(pd.Series({7: "4 Lightning Bolt\n2 Lightnig Bolt\n"}), store=store)
    assert decks["deck_id"].tolist() == [7, 7]
    assert decks["written"].tolist() == ["Lightning Bolt", "Lightnig Bolt"]
    assert decks["card"].isna().tolist() == [False, True]
    assert decks["mana_value"].isna().tolist() == [False, True]


def test_sources_agree(store: CardStore, tmp_path: Path) -> None:
    """A directory, a list of paths, a Series and a DataFrame of text give the same entries."""
    paths = sorted(EXAMPLES.glob("*.txt"))
    (tmp_path / "notes.md").write_text("# not a deck\n")  # a directory source reads decklist files only
    (tmp_path / "decks").mkdir()
    for p in paths:
        (tmp_path / "decks" / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    by_dir = frames.load_decks(tmp_path, store=store)
    by_list = frames.load_decks(paths, store=store)
    series = texts(*paths)
    by_series = frames.load_decks(series, store=store)
    by_frame = frames.load_decks(series.rename_axis("deck_id").reset_index(), store=store)
    assert by_dir["deck_id"].unique().tolist() == [f"decks/{p.name}" for p in paths]
    columns = ["zone", "card", "written", "qty", "line"]
    for other in (by_list, by_series, by_frame):
        pd.testing.assert_frame_equal(
            by_dir[columns].astype(str).reset_index(drop=True),
            other[columns].astype(str).reset_index(drop=True),
        )


def test_card_columns_are_computed_once_per_card(store: CardStore, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = batch.facts_of

    def counting(card):  # type: ignore[no-untyped-def]
        calls.append(card.name)
        return real(card)

    monkeypatch.setattr(batch, "facts_of", counting)
    fresh = CardStore.from_records(
        [c.record for c in store.all_cards()], "a fresh store: no card row cached yet"
    )
    decks = frames.load_decks(CORPUS, store=fresh)
    assert sorted(calls) == sorted(decks["card"].dropna().unique())
    frames.companion_table(decks, format="modern", store=fresh)
    frames.validate(CORPUS / "modern", format="modern", store=fresh)
    assert len(calls) == len(set(calls))  # later batches over the same store reuse the rows


# -- validate -------------------------------------------------------------------------------------
@pytest.mark.parametrize("format_name", ["modern", "legacy", "vintage", "commander", "limited"])
def test_findings_are_those_of_a_single_check(store: CardStore, format_name: str) -> None:
    """The batch runs the engine itself: every deck's findings equal `deckcheck check`'s."""
    paths = sorted(EXAMPLES.glob("*.txt"))
    results = frames.validate(paths, format=format_name, store=store)
    spec = get_format(format_name)
    for path in paths:
        report = check_file(path, store, spec)
        got = results.findings[results.findings["deck_id"] == str(path)]
        assert got["code"].tolist() == [f.code for f in report.findings]
        assert got["message"].tolist() == [f.message for f in report.findings]
        assert got["line"].fillna(0).tolist() == [f.location.line for f in report.findings]
        summary = results.summary.set_index("deck_id").loc[str(path)]
        assert (None if pd.isna(summary["legal"]) else bool(summary["legal"])) == report.legal
        assert summary["errors"] == len(report.errors)
        companions = results.companions[results.companions["deck_id"] == str(path)]
        eligible = [None if pd.isna(v) else bool(v) for v in companions["eligible"]]  # NA: undetermined
        assert eligible == [r.eligible for r in report.companions]
        assert companions["breakers"].tolist() == [len(r.breakers) for r in report.companions]


def test_result_frames_have_fixed_columns_and_types(store: CardStore) -> None:
    results = frames.validate(texts(*EXAMPLES.glob("*.txt")), format="modern", store=store, breakers=True)
    assert list(results.findings.columns) == FINDING_COLUMNS
    assert list(results.companions.columns) == list(batch.COMPANION_COLUMNS)
    summary_columns = list(batch.SUMMARY_COLUMNS)
    summary_columns.insert(summary_columns.index("format") + 1, "format_source")
    assert list(results.summary.columns) == summary_columns
    assert set(results.summary["format_source"]) == {frames.FORMAT_GIVEN}
    assert results.breakers is not None and list(results.breakers.columns) == list(batch.BREAKER_COLUMNS)
    assert results.findings["severity"].dtype == frames.SEVERITY_DTYPE
    assert results.findings["severity"].cat.ordered
    assert str(results.findings["line"].dtype) == "Int64"
    lines = results.findings["line"]
    assert lines.isna().any() and (lines.dropna() > 0).all()  # line 0 (the whole deck) is <NA>
    assert results.companions["companion"].dtype == frames.COMPANION_DTYPE
    assert len(results.companions) == 10 * len(results.summary)


def test_empty_batch_still_has_columns(store: CardStore, tmp_path: Path) -> None:
    results = frames.validate(tmp_path, format="modern", store=store)
    assert results.findings.empty and list(results.findings.columns) == FINDING_COLUMNS
    assert results.findings.groupby("code").size().empty
    assert results.breakers is None
    assert frames.load_decks(tmp_path, store=store).empty


def test_validating_the_long_frame(store: CardStore) -> None:
    """Resolving `written` again gives the same findings, parse problems included (the frame's
    ``problems`` column keeps them)."""
    series = texts(*sorted(EXAMPLES.glob("*.txt")))
    series["typo.txt"] = "Deck\n4 Lightnig Bolt\n56 Mountain\n"
    series["header.txt"] = "Deck (61)\n4 Lightning Bolt\n55 Mountain\nReserve\n"
    # (a section outside the deck the batch reader takes: its DC003 note travels in the frame too)
    series["display.txt"] = "Deck\n4 Lightning Bolt\n56 Mountain\n\nDisplay Commander\n1 Lightning Bolt\n"
    direct = frames.validate(series, format="modern", store=store)
    long = frames.load_decks(series, store=store)
    again = frames.validate(long, format="modern", store=store)
    columns = ["deck_id", "code", "severity", "message", "card", "line", "section"]
    pd.testing.assert_frame_equal(
        direct.findings[columns].reset_index(drop=True), again.findings[columns].reset_index(drop=True)
    )
    pd.testing.assert_frame_equal(direct.companions, again.companions)
    assert {"DC003", "DC007", "DC010"} <= set(again.findings["code"])
    assert "DC003" in set(again.findings.loc[again.findings["deck_id"] == "display.txt", "code"])


@pytest.mark.parametrize(
    ("format_name", "unread_line", "engine_checks"),
    [("modern", "", 0), (None, "", 1), ("modern", "99999999999999999999 Mountain\n", 1)],
    ids=["lean checker", "engine", "read in part"],
)
def test_the_long_frame_keeps_each_decks_parse_findings(
    store: CardStore,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    format_name: str | None,
    unread_line: str,
    engine_checks: int,
) -> None:
    """Headers' counts that differ (DC007), a line with no count (DC003), a line not read (DC002):
    the reader's findings reach validate from the long frame as from the file, whichever checks the
    deck (the lean checker in a given format; the engine when it infers the deck's shape or the
    deck was read in part)."""
    path = tmp_path / "warned.txt"
    path.write_text(
        f"Deck (61)\n3 Lightning Bolt\nLightning Bolt\n56 Mountain\n{unread_line}\nSideboard (3)\n2 Duress\n",
        encoding="utf-8",
    )
    from_file = frames.validate(path, format=format_name, store=store)
    long = frames.load_decks(path, store=store)
    assert long["problems"].nunique() == 1
    checked = batch.check_parsed
    engine_calls: list[object] = []

    def spied(parsed: object, *args: object, **kwargs: object) -> object:
        engine_calls.append(parsed)
        return checked(parsed, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "check_parsed", spied)
    from_frame = frames.validate(long, format=format_name, store=store)
    assert len(engine_calls) == engine_checks
    parse = from_file.findings[from_file.findings["code"].str.match("DC00[237]")]
    assert sorted(parse["code"]) == sorted(["DC003", "DC007", "DC007"] + ["DC002"] * bool(unread_line))
    columns = ["code", "severity", "message", "line", "section"]
    pd.testing.assert_frame_equal(
        from_file.findings[columns].reset_index(drop=True),
        from_frame.findings[columns].reset_index(drop=True),
    )
    pd.testing.assert_frame_equal(from_file.summary, from_frame.summary)


def test_a_problems_value_that_is_no_list_of_problems_is_refused(store: CardStore) -> None:
    long = frames.load_decks(pd.Series({"d": "Deck (61)\n4 Lightning Bolt\n56 Mountain\n"}), store=store)
    long["problems"] = "line 1: a warning"
    with pytest.raises(ValueError, match="deck 'd': its problems value is not a JSON list"):
        frames.validate(long, format="modern", store=store)


def test_per_deck_formats(store: CardStore) -> None:
    paths = {p.name: p for p in EXAMPLES.glob("*.txt")}
    series = texts(*paths.values())
    chosen = pd.Series({name: name.split("-")[0] for name in series.index})
    results = frames.validate(series, format=chosen, store=store)
    assert dict(zip(results.summary["deck_id"], results.summary["format"], strict=True)) == chosen.to_dict()
    for name in ("commander-kenrith.txt", "modern-burn.txt"):
        alone = frames.validate(series[[name]], format=chosen[name], store=store)
        got = results.findings[results.findings["deck_id"] == name].reset_index(drop=True)
        pd.testing.assert_frame_equal(got, alone.findings)
    with pytest.raises(ValueError, match="no format given for deck"):
        frames.validate(series, format={"modern-burn.txt": "modern"}, store=store)


def test_chunks_give_the_same_frames(store: CardStore, monkeypatch: pytest.MonkeyPatch) -> None:
    series = texts(*sorted(CORPUS.rglob("*.txt")))
    whole = frames.validate(series, format="legacy", store=store, breakers=True)
    monkeypatch.setattr(frames, "CHUNK_DECKS", 4)
    chunked = frames.validate(series, format="legacy", store=store, breakers=True)
    for name in ("findings", "companions", "summary", "metadata", "breakers"):
        pd.testing.assert_frame_equal(getattr(whole, name), getattr(chunked, name))


def test_breakers_frame_matches_the_vectorised_one(store: CardStore) -> None:
    decks = frames.load_decks(CORPUS, store=store)
    results = frames.validate(decks, format="modern", store=store, breakers=True)
    assert results.breakers is not None
    vectorised = frames.companion_breakers(decks, format="modern", store=store)
    columns = ["deck_id", "companion", "card", "qty", "zone", "line"]
    pd.testing.assert_frame_equal(
        results.breakers[columns].astype({"card": str}), vectorised[columns].astype({"card": str})
    )


def test_metadata_is_tidy(store: CardStore) -> None:
    results = frames.validate(CORPUS / "vintage", format="vintage", store=store)
    archetypes = results.metadata[results.metadata["key"] == "archetype"]
    assert set(archetypes["value"]) == {"Lurrus Shops"}
    assert results.summary["name"].str.startswith("Lurrus Shops").all()


def test_bad_sources_are_clear_errors(store: CardStore) -> None:
    with pytest.raises(ValueError, match="no 'text' column"):
        frames.validate(pd.DataFrame({"deck": ["x"]}), format="modern", store=store)
    with pytest.raises(ValueError, match="missing"):
        frames.validate(pd.DataFrame({"card": ["Island"], "qty": [1]}), format="modern", store=store)


def test_missing_text_is_an_empty_deck(store: CardStore) -> None:
    results = frames.validate(pd.Series({"a": None, "b": "60 Island\n"}), format="modern", store=store)
    assert results.summary.set_index("deck_id")["main_count"].to_dict() == {"a": 0, "b": 60}


# -- progress ---------------------------------------------------------------------------------------
class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal() -> None:
    quiet = io.StringIO()
    with ProgressBar(1000, "checking decks", stream=quiet, every=10) as bar:
        for _ in range(1000):
            bar(1)
    assert quiet.getvalue() == "" and bar.done == 1000
    loud = FakeTerminal()
    with ProgressBar(1000, "checking decks", stream=loud, every=10) as bar:
        for _ in range(1000):
            bar(1)
    assert "checking decks" in loud.getvalue() and "1000/1000" in loud.getvalue()


def test_progress_without_a_total_counts_decks_in_words() -> None:
    """With no total the line counts the decks read: "1 deck", "2 decks"."""
    for done, shown in ((1, "reading decks: 1 deck\x1b[K"), (2, "reading decks: 2 decks\x1b[K")):
        terminal = FakeTerminal()
        with ProgressBar(None, "reading decks", stream=terminal, every=1) as bar:
            bar(done)
        drawn = {line for line in terminal.getvalue().replace("\n", "\r").split("\r") if line}
        assert drawn == {shown}


def test_progress_can_be_forced(store: CardStore, capsys: pytest.CaptureFixture[str]) -> None:
    frames.validate(BURN, format="modern", store=store, progress=True)
    assert "checking decks" in capsys.readouterr().err
    frames.validate(BURN, format="modern", store=store)
    assert capsys.readouterr().err == ""  # pytest's stderr is not a terminal


def test_accessor(store: CardStore) -> None:
    decks = frames.load_decks(EXAMPLES, store=store)
    pd.testing.assert_frame_equal(
        decks.deckcheck.companion_table(format="legacy", store=store),
        frames.companion_table(decks, format="legacy", store=store),
    )
    by_text = texts(BURN).rename_axis("deck_id").reset_index()
    assert by_text.deckcheck.validate(format="modern", store=store).summary["legal"].tolist() == [True]


def test_partition_tables(store: CardStore) -> None:
    """validate_partition (what map_partitions runs) gives the in-memory frames, and meta() their shape."""
    series = texts(*sorted(EXAMPLES.glob("*.txt")))
    whole = frames.validate(series, format="modern", store=store, breakers=True)
    partition = series.to_frame()
    for table in ("findings", "companions", "summary", "metadata", "breakers"):
        got = frames.validate_partition(partition, format="modern", table=table)
        assert list(frames.meta(table).columns) == list(got.columns)
        assert frames.meta(table).dtypes.drop("deck_id").equals(got.dtypes.drop("deck_id"))
        want = getattr(whole, table)
        if table == "summary":  # every event column, <NA> for lists without event metadata
            undeclared = [column for column in frames.EVENT_COLUMNS if column not in want.columns]
            assert undeclared and got[undeclared].isna().all().all()
            got = got.drop(columns=undeclared)
        pd.testing.assert_frame_equal(got, want)
    entries = frames.validate_partition(partition, format="modern", table="entries")
    long = frames.load_decks(series, store=store)
    pd.testing.assert_frame_equal(entries.astype(str), long.astype(str))
    assert list(frames.meta("entries").columns) == list(long.columns)
    with pytest.raises(ValueError, match="format_column"):
        frames.validate_partition(partition, table="summary")


def test_a_header_count_that_differs_is_a_finding_row_and_changes_no_verdict(store: CardStore) -> None:
    """ "Deck (61)" over 60 cards: a DC007 row at the header's line (the batch reader leaves that text
    to parse_text, which reports it); the deck is judged on the cards read, as "Deck (60)" is."""
    cards = "4 Lightning Bolt\n56 Mountain\n"
    decks = pd.Series({"off": f"Deck (61)\n{cards}", "held": f"Deck (60)\n{cards}"})
    result = frames.validate(decks, format="modern", store=store, progress=False)
    rows = result.findings[result.findings["severity"] != "info"]
    assert rows[["deck_id", "code", "severity", "line", "section"]].values.tolist() == [
        ["off", "DC007", "warning", 1, "main"]
    ]
    assert rows["message"].iloc[0].startswith("the header 'Deck (61)' gives 61 cards, but 60 were read")
    assert result.summary.set_index("deck_id")["legal"].to_dict() == {"off": True, "held": True}


def test_a_section_outside_the_deck_read_by_the_batch_reader_keeps_its_note(store: CardStore) -> None:
    """The batch reader takes a list with a Display Commander section (its cards the maybeboard's,
    a DC003 note): the note is in the long frame's problems, in a chunk read at once as deck by deck."""
    display = "Deck\n4 Lightning Bolt\n56 Mountain\n\nDisplay Commander\n1 Lightning Bolt\n"
    for series in (
        pd.Series({"display": display, "plain": "Deck\n4 Lightning Bolt\n56 Mountain\n"}),
        pd.Series({"display": display, "typo": "Deck\n4 Lightnig Bolt\n56 Mountain\n"}),
    ):
        long = frames.load_decks(series, store=store)
        problems = long.groupby("deck_id", observed=True)["problems"].first()
        assert "DC003" in str(problems["display"]) and "Display Commander" in str(problems["display"])
        found = frames.validate(long, format="modern", store=store).findings
        assert list(found.loc[found["deck_id"] == "display", "code"]).count("DC003") == 1
