"""`--output json` matches the key tables in docs/json-schema.md, and its key set is stable."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from deckcheck.reporters import SCHEMA_VERSION
from tests.cli.conftest import BANNED_MODERN, COMMANDER_DECK, WARNING_MODERN, Invoke, Project

DOC = Path(__file__).resolve().parents[2] / "docs" / "json-schema.md"
OPTIONAL = {"findings": {"data"}}  # keys documented as present only when there is something to say


def documented_keys() -> dict[str, set[str]]:
    """Section name -> the keys its table lists (first column, in backticks)."""
    sections: dict[str, set[str]] = {}
    current = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^## (.+)$", line)
        if heading:
            title = heading.group(1).strip()
            current = {
                "Top level": "top",
                "`decks[]`": "decks",
                "`decks[].findings[]` (`Finding.to_record()`)": "findings",
                "`decks[].companions[]`": "companions",
                "`summary`": "summary",
            }.get(title)
            continue
        row = re.match(r"^\| `([a-z_]+)` \|", line)
        if current and row:
            sections.setdefault(current, set()).add(row.group(1))
    return sections


def run_json(project: Project, invoke: Invoke) -> dict[str, Any]:
    project.write("banned.txt", BANNED_MODERN)
    project.write("warn.txt", WARNING_MODERN)
    project.write("edh.txt", COMMANDER_DECK)
    project.write("unknown.txt", "4 Lightning Bolt\n4 Lightning Blot\n52 Mountain\n")
    result = invoke(
        ["check", "-f", "modern", "-o", "json", "banned.txt", "warn.txt", "edh.txt", "unknown.txt"]
    )
    assert result.exit_code == 1
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def test_every_documented_section_is_parsed() -> None:
    assert set(documented_keys()) == {"top", "decks", "findings", "companions", "summary"}


def test_output_keys_match_the_documented_schema(project: Project, invoke: Invoke) -> None:
    document = run_json(project, invoke)
    docs = documented_keys()
    assert set(document) == docs["top"]
    assert document["schema_version"] == SCHEMA_VERSION == 2
    assert document["tool"]["name"] == "deckcheck"
    assert set(document["card_data"]) == {"description", "label", "sample", "records", "meta"}
    assert isinstance(document["card_data"]["sample"], bool)
    assert set(document["summary"]) == docs["summary"]
    assert len(document["decks"]) == 4
    findings_seen: list[dict[str, Any]] = []
    for deck in document["decks"]:
        assert set(deck) == docs["decks"]
        assert set(deck["counts"]) == {"main", "sideboard", "commander", "companion", "maybeboard"}
        assert len(deck["companions"]) == 10
        for companion in deck["companions"]:
            assert set(companion) == docs["companions"]
            for breaker in companion["breakers"]:
                assert set(breaker) == {"card", "line", "zone", "quantity", "reason"}
            for cut in companion["cut"]:
                assert set(cut) == {"card", "copies"}
        findings_seen.extend(deck["findings"])
    required = docs["findings"] - OPTIONAL["findings"]
    for finding in findings_seen:
        assert required <= set(finding) <= docs["findings"]
    assert any("data" in f for f in findings_seen)  # DC010 carries suggestions


def test_json_values(project: Project, invoke: Invoke) -> None:
    document = run_json(project, invoke)
    banned, warn, edh, unknown = document["decks"]
    assert banned["path"] == "banned.txt"
    assert banned["format"] == "modern" and banned["format_source"] == "--format"
    assert banned["legal"] is False and banned["failed"] is True
    assert banned["counts"]["main"] == 60
    errors = [f for f in banned["findings"] if f["severity"] == "error"]
    assert errors[0]["code"] == "DC201" and errors[0]["line"] == 1 and errors[0]["card"] == "Mox Opal"
    assert warn["legal"] is True and warn["failed"] is False and warn["warnings"] == 1
    lurrus = next(c for c in warn["companions"] if c["companion"] == "Lurrus of the Dream-Den")
    assert lurrus["declared"] is True and lurrus["eligible"] is False
    assert lurrus["breakers"][0]["card"] == "Shivan Dragon" and lurrus["breakers"][0]["line"] == 1
    assert lurrus["cut"] == [{"card": "Shivan Dragon", "copies": 4}]
    assert edh["counts"]["commander"] == 1
    dc010 = next(f for f in unknown["findings"] if f["code"] == "DC010")
    assert dc010["data"]["suggestions"] == ["Lightning Bolt"]
    # info findings are always in the JSON (text hides them without -v)
    assert (
        document["summary"]["infos"]
        == sum(1 for d in document["decks"] for f in d["findings"] if f["severity"] == "info")
        > 0
    )
    assert document["summary"]["exit_code"] == 1
    assert document["summary"]["decks"] == 4 and document["summary"]["with_errors"] == 1
    # a Commander list checked as Modern: its zones do not fit the format (DC105), and deckcheck does
    # not guess what was meant, so the deck is not verified rather than illegal
    assert edh["status"] == "not verified" and "DC105" in {f["code"] for f in edh["findings"]}
    # the misspelt line still counts (60 cards: no size error); legality depends on it
    assert unknown["legal"] is None and unknown["status"] == "not verified" and unknown["unknown_cards"] == 4
    assert "DC101" not in {f["code"] for f in unknown["findings"]}
    assert document["summary"]["not_verified"] == 2


def test_json_under_exit_zero_still_reports_what_the_exit_code_would_be(
    project: Project, invoke: Invoke
) -> None:
    project.write("banned.txt", BANNED_MODERN)
    result = invoke(["check", "-f", "modern", "-o", "json", "--exit-zero", "banned.txt"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["summary"]["exit_code"] == 1


def test_json_stdout_is_only_json(project: Project, invoke: Invoke) -> None:
    project.write("pile.txt", BANNED_MODERN)  # automatic format: the note goes to stderr
    result = invoke(["check", "-o", "json", "pile.txt"])
    json.loads(result.stdout)


def test_the_example_document_has_every_documented_key() -> None:
    """The page's example is a whole document: every key "always present" is in it."""
    text = DOC.read_text(encoding="utf-8")
    example = json.loads(re.search(r"^```json\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)[1])  # type: ignore[index]
    docs = documented_keys()
    assert set(example) == docs["top"] and set(example["summary"]) == docs["summary"]
    (deck,) = example["decks"]
    assert set(deck) == docs["decks"]
    assert all(set(companion) == docs["companions"] for companion in deck["companions"])
    assert all(docs["findings"] - OPTIONAL["findings"] <= set(f) for f in deck["findings"])


def test_cards_info_keys_are_the_documented_ones(project: Project, invoke: Invoke) -> None:
    said = re.search(r"- `cards info`: `\{([^}]*)\}`", DOC.read_text(encoding="utf-8"))
    assert said is not None, "the page no longer lists the keys of `cards info --output json`"
    result = invoke(["cards", "info", "-o", "json"])
    assert result.exit_code == 0, result.output
    keys = set(json.loads(result.stdout)) - {
        "data_date",
        "age_days",
        "non_deck_cards",
    }  # documented as sometimes
    assert keys == {key.strip() for key in said[1].split(",")}


def test_an_event_decks_metadata_keys_are_the_documented_ones(project: Project, invoke: Invoke) -> None:
    """The `metadata` row lists the keys a deck of an event document has (MTGO's decklist JSON
    and the MTGODecklistCache archive), together."""
    from tests.decklist.test_events import cache_event, mtgo_event

    text = DOC.read_text(encoding="utf-8")
    row = re.search(r"^\| `metadata` \|.*for a deck of an event document (.*) \|$", text, flags=re.MULTILINE)
    assert row is not None, "the `metadata` row no longer lists an event deck's keys"
    documented = set(re.findall(r"`([^`]+)`", re.sub(r"\([^)]*\)", "", row[1])))  # (values in parentheses)
    project.write("mtgo.json", json.dumps(mtgo_event()))
    project.write("cache.json", json.dumps(cache_event()))
    result = invoke(["check", "-o", "json", "mtgo.json", "cache.json"])
    decks = json.loads(result.stdout)["decks"]
    assert len(decks) > 4
    assert set().union(*(deck["metadata"] for deck in decks)) == documented
    # and their paths take the forms the `path` row lists
    path_row = re.search(r"^\| `path` \|(.*)\|$", text, flags=re.MULTILINE)
    assert path_row is not None
    numbered = set(re.findall(r"`FILE#(\w+)-N`", path_row[1]))
    seen = {re.sub(r"-\d+$", "", deck["path"].partition("#")[2]) for deck in decks}
    players = {deck["metadata"]["player"] for deck in decks if "player" in deck["metadata"]}
    assert seen - players == numbered


def test_the_legal_row_names_every_code_that_leaves_a_deck_undecided() -> None:
    """`legal` is null by the findings the engine reads as "a rule was not decided": all named."""
    from deckcheck.engine import UNCHECKED_CODES, UNDECIDED_CODES

    text = DOC.read_text(encoding="utf-8")
    row = re.search(r"^\| `legal` \| boolean or null \|(.*)\|$", text, re.MULTILINE)
    assert row is not None, "the page no longer explains `legal`"
    named = set(re.findall(r"`(DC\d{3})`", row[1]))
    assert sorted((UNCHECKED_CODES | UNDECIDED_CODES) - named) == []
