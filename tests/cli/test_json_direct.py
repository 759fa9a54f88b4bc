"""`deckcheck check -o json` writes each deck's record straight from its result (reporters.deck_json)
instead of building the dicts of ``deck_record`` and writing them: the text must be byte for byte
what those dicts give through the reporter's writer, and parse to exactly them, for every kind of
deck (companions eligible, not, undetermined; unknown cards; Commander; no format; names a terminal
would obey) and any companion result or finding."""

from __future__ import annotations

import enum
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck import reporters as rep
from deckcheck.cards.store import CardStore
from deckcheck.discovery import decklists_under, expand_inputs
from deckcheck.findings import Finding, Location, Severity, all_codes
from deckcheck.rules.companions import Breaker, CompanionResult
from deckcheck.session import CheckOptions, Session
from tests.cli.conftest import BANNED_MODERN, COMMANDER_DECK, LEGAL_MODERN, WARNING_MODERN, Project

REPO = Path(__file__).resolve().parents[2]
ITEM = " " * 8  # where a deck record's findings and companions sit in the document
REAL_SAMPLE = 120  # real decklists checked per format, spread evenly over the folders


def written_from_dicts(result: rep.DeckResult) -> str:
    """The deck's text as the reporter wrote it before: the record's dicts through its writer."""
    return rep._json_item(rep.deck_record(result), "    ")


def assert_written_as_the_dicts(result: rep.DeckResult) -> None:
    text = rep.deck_json(result)
    assert text == written_from_dicts(result), result.report.path
    # and, read back, exactly the record (lists for the tuples, as any JSON reader gets them)
    assert json.loads(text) == json.loads(json.dumps(rep.deck_record(result)))


def results(paths: list[str], options: CheckOptions | None = None) -> Iterator[rep.DeckResult]:
    session = Session(options or CheckOptions())
    for item in expand_inputs(paths, lambda message: None):
        for outcome in session.check(item.path, explicit=item.explicit):
            if isinstance(outcome, rep.DeckResult):
                yield outcome


# -- whole decks ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("format_name", [None, "modern", "commander", "legacy"])
def test_the_repository_decklists_are_written_as_the_dicts(
    format_name: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bundled card set's decklists: companions met and broken (Keruga, Lurrus, Zirda), Commander
    and partners, localized lists (names outside ASCII), limited."""
    monkeypatch.delenv("DECKCHECK_CARD_DB", raising=False)
    checked = list(results([str(REPO / "data" / "decks")], CheckOptions(format_name=format_name)))
    assert len(checked) >= 13
    assert any(c.eligible for r in checked for c in r.report.companions)
    for result in checked:
        assert_written_as_the_dicts(result)


UNKNOWN_CARDS = "// format: modern\n4 Lightning Bolt\n4 Quite Unheard-of Card\n52 Mountain\n"
# a name and metadata a terminal would obey (ESC, a bidi override, a line separator, DEL, C1)
HOSTILE = (
    "// name: \x1b[31mRed\u202e deck\u2028two\n// format: modern\n"
    "4 Lightning Bolt\x7f\n4 Bolt\u0085 of \u2066Doom\n52 Mountain\n"
)


@pytest.mark.parametrize(
    ("name", "text", "strict"),
    [
        ("legal-inferred.txt", LEGAL_MODERN, None),  # no format: inferred, not verified
        ("banned.txt", "// format: modern\n" + BANNED_MODERN, None),
        ("warned-strict.txt", "// format: modern\n" + WARNING_MODERN, True),
        ("unknown-cards.txt", UNKNOWN_CARDS, None),
        ("commander.txt", "// format: commander\n" + COMMANDER_DECK, None),
        ("hostile-\u202e-Æther.txt", HOSTILE, None),
        ("empty.txt", "// format: modern\n", None),
    ],
)
def test_decks_of_every_kind_are_written_as_the_dicts(
    project: Project, name: str, text: str, strict: bool | None
) -> None:
    project.write(name, text)
    [result] = results([name], CheckOptions(strict=strict))
    if text == UNKNOWN_CARDS:  # companions the unknown card might break: not verified
        assert any(c.eligible is None and c.unresolved for c in result.report.companions)
    assert_written_as_the_dicts(result)


@pytest.mark.realdata
@pytest.mark.parametrize("format_name", [None, "modern", "commander"])
def test_real_decklists_are_written_as_the_dicts(
    format_name: str | None, realdata: Path, real_store: CardStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Real lists on the real card data: unknown cards, breakers by the dozen, event documents."""
    files = decklists_under(realdata / "decks")
    sample = [str(path) for path in files[:: max(1, len(files) // REAL_SAMPLE)]]
    monkeypatch.setattr(Session, "store", lambda self, config: real_store)
    checked = list(results(sample, CheckOptions(format_name=format_name)))
    assert len(checked) >= REAL_SAMPLE // 2
    for result in checked:
        assert_written_as_the_dicts(result)


# -- any companion result and finding -------------------------------------------------------------------
def written_inert(text: str) -> str:
    return rep._inert_json(text)  # (deck_json escapes the deck's text once, the pieces with it)


texts = st.text(max_size=12)
breakers = st.builds(Breaker, texts, st.integers(0, 500), texts, st.integers(1, 99), texts)
companion_results = st.builds(
    CompanionResult,
    companion=texts,
    eligible=st.sampled_from([True, False, None]),
    breakers=st.lists(breakers, max_size=4).map(tuple),
    cut=st.lists(st.tuples(texts, st.integers(1, 4)), max_size=3).map(tuple),
    add=st.integers(0, 40),
    note=texts,
    declared=st.booleans(),
    placement=st.lists(texts, max_size=3).map(tuple),
    unresolved=st.lists(breakers, max_size=3).map(tuple),
)


@settings(max_examples=300, deadline=None)
@given(companion_results)
def test_any_companion_result_is_written_as_its_record(result: CompanionResult) -> None:
    expected = rep._json_item(rep.companion_record(result), ITEM)
    assert written_inert(rep._companion_json(result)) == expected
    assert written_inert(rep._companion_json_once(result)) == expected


class Zone(enum.StrEnum):
    MAIN = "main"


scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), texts)
data_values = st.recursive(
    st.one_of(scalars, st.just(Zone.MAIN)),
    lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.lists(children, max_size=3).map(tuple),
        st.dictionaries(texts, children, max_size=3),
        st.dictionaries(st.integers(), children, min_size=1, max_size=2),  # keys json converts
    ),
    max_leaves=12,
)
findings = st.builds(
    Finding,
    code=st.sampled_from(sorted(all_codes())),
    message=texts,
    severity=st.sampled_from(list(Severity)),
    location=st.builds(Location, texts, st.integers(0, 300), st.none() | texts),
    card=st.none() | texts,
    rule=st.none() | texts,
    data=st.dictionaries(texts, data_values, max_size=4).map(lambda d: tuple(sorted(d.items()))),
)


@settings(max_examples=300, deadline=None)
@given(findings)
def test_any_finding_is_written_as_its_record(finding: Finding) -> None:
    assert written_inert(rep._finding_json(finding)) == rep._json_item(finding.to_record(), ITEM)


def test_equal_companion_results_of_two_decks_are_written_alike_and_unhashable_ones_still_written() -> None:
    def result() -> CompanionResult:
        return CompanionResult(
            "Gyruda, Doom of Depths", False, (Breaker("Goblin Guide", 4, "main", 4, "odd"),)
        )

    first, second = result(), result()
    assert first is not second
    assert rep._companion_json_once(first) is rep._companion_json_once(second)
    listed: Any = [Breaker("Goblin Guide", 4, "main", 4, "odd")]
    unhashable = CompanionResult("Gyruda, Doom of Depths", False, listed)
    assert rep._companion_json_once(unhashable) == rep._json_item(rep.companion_record(unhashable), ITEM)
