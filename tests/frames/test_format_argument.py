"""A ``format=`` that names no format is the caller's error, said before any deck is checked: a
ValueError naming the deck and the value, never an internal AttributeError or TypeError, and never
a ConfigError halfway through a run."""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from deckcheck import batch, frames
from deckcheck.cards.store import CardStore
from deckcheck.errors import ConfigError
from deckcheck.formats import get_format

DECK = "4 Lightning Bolt\n56 Mountain\n"
DECKS = pd.Series({"a": DECK, "b": DECK})
FUNCTIONS = (frames.validate, frames.companion_table, frames.companion_breakers)


@pytest.fixture(scope="module")
def bundled() -> CardStore:
    return CardStore.bundled()


@pytest.mark.parametrize(
    ("format", "message"),
    [
        (
            pd.Series({"a": "pauper", "b": None}, dtype=object),
            r"no format given for deck 'b' \(its format is None\)",
        ),
        (
            pd.Series({"a": "pauper", "b": float("nan")}),
            r"no format given for deck 'b' \(its format is nan\)",
        ),
        ({"a": None, "b": "modern"}, r"no format given for deck 'a' \(its format is None\)"),
        ({"a": pd.NA, "b": "modern"}, r"no format given for deck 'a' \(its format is <NA>\)"),
        ({"a": "  ", "b": "modern"}, r"no format given for deck 'a' \(its format is '  '\)"),
        ({"a": "modern", "b": 5}, r"deck 'b': its format 5 is int, not a format name"),
        ({"a": "modern", "b": "nonsense"}, r"deck 'b': unknown format 'nonsense' \(.*valid formats: "),
        ({"a": "modern"}, r"no format given for deck 'b'"),
        (5, r"format= is one format .*; got int 5"),
        (["modern"], r"format= is one format .*; got list \['modern'\]"),
    ],
)
def test_a_bad_format_is_a_value_error_naming_the_deck(bundled: CardStore, format: Any, message: str) -> None:
    for function in FUNCTIONS:
        with pytest.raises(ValueError, match=message):
            function(DECKS, format=format, store=bundled)


def test_a_bad_format_is_refused_before_any_deck_is_checked(
    bundled: CardStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked: list[object] = []
    check_texts = batch.check_texts

    def spy(*args: Any, **kwargs: Any) -> Any:
        checked.append(args)
        return check_texts(*args, **kwargs)

    monkeypatch.setattr(batch, "check_texts", spy)
    with pytest.raises(ValueError, match="deck 'b'"):
        frames.validate(DECKS, format={"a": "modern", "b": "nonsense"}, store=bundled)
    assert checked == []


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (["pauper", None], r"no format given for deck 'b'"),
        (["pauper", "nonsense"], r"deck 'b': unknown format 'nonsense'"),
        (["pauper", 7], r"deck 'b': its format 7 is int"),
    ],
)
def test_a_bad_format_column_is_a_value_error_naming_the_deck(values: list[Any], message: str) -> None:
    partition = DECKS.to_frame("text")
    partition["fmt"] = pd.Series(values, index=partition.index, dtype=object)
    for table in ("summary", "companions", "entries"):
        with pytest.raises(ValueError, match=message):
            frames.validate_partition(partition, format_column="fmt", table=table)


def test_partition_functions_check_format(bundled: CardStore) -> None:
    with pytest.raises(ValueError, match="got int 5"):
        frames.validate_partition(DECKS.to_frame("text"), format=5)  # type: ignore[arg-type]
    long = frames.load_decks(DECKS, store=bundled)
    with pytest.raises(ValueError, match=r"no format given for deck 'a'"):
        frames.companion_partition(long, format={"a": None})  # type: ignore[arg-type]


def test_good_formats_still_work(bundled: CardStore) -> None:
    by_deck = frames.validate(DECKS, format=pd.Series({"a": "Modern", "b": "pauper"}), store=bundled)
    assert by_deck.summary["format"].tolist() == ["modern", "pauper"]
    table = frames.companion_table(DECKS, format={"a": "modern", "b": "pauper"}, store=bundled)
    pd.testing.assert_frame_equal(table, by_deck.companions[table.columns.tolist()])


def test_a_partition_with_a_deck_id_column_takes_each_decks_format_from_its_row() -> None:
    """Regression: the format column was keyed by the partition's index while the text was keyed by
    its deck_id column, so every deck got "no format given"."""
    partition = pd.DataFrame(
        {"deck_id": ["burn", "jund"], "text": [DECK, DECK], "fmt": ["modern", "legacy"]},
        index=pd.RangeIndex(10, 12),
    )
    summary = frames.validate_partition(partition, format_column="fmt")
    assert summary[["deck_id", "format"]].values.tolist() == [["burn", "modern"], ["jund", "legacy"]]


def test_a_name_of_a_format_deckcheck_does_not_check_gets_the_same_advice_everywhere(
    bundled: CardStore,
) -> None:
    """format= for every deck, a deck's format in a mapping or a partition's column, the batch
    workers' lookup, a deck's declaration: each says what get_format says of "Vintage Cube" (a cube
    deck, to check as 'limited'; tests/formats/test_format_names.py has its words), never the
    spelling guess 'vintage'."""
    with pytest.raises(ConfigError) as raised:
        get_format("Vintage Cube")
    hint = raised.value.hint
    assert hint is not None and "check it as 'limited'" in hint
    for function in FUNCTIONS:
        with pytest.raises(ConfigError) as raised:
            function(DECKS, format="Vintage Cube", store=bundled)
        assert (raised.value.message, raised.value.hint) == ("unknown format 'Vintage Cube'", hint)
        with pytest.raises(ValueError) as value_error:
            function(DECKS, format={"a": "modern", "b": "Vintage Cube"}, store=bundled)
        assert str(value_error.value) == f"deck 'b': unknown format 'Vintage Cube' ({hint})"
    partition = DECKS.to_frame("text")
    partition["fmt"] = ["modern", "Vintage Cube"]
    with pytest.raises(ValueError) as value_error:
        frames.validate_partition(partition, format_column="fmt")
    assert str(value_error.value) == f"deck 'b': unknown format 'Vintage Cube' ({hint})"
    with pytest.raises(ConfigError) as raised:
        batch.as_spec("Vintage Cube")
    assert raised.value.hint == hint
    declared = pd.Series({"cube": "Format: Vintage Cube\n" + DECK})
    findings = frames.validate(declared, store=bundled).findings
    [message] = findings.loc[findings["code"] == "DC006", "message"]
    assert message.startswith("the decklist declares format 'Vintage Cube', which is not a known format")
    assert message.endswith(f" ({hint})")
