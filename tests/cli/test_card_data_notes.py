"""What the card data is: DC010 names it (source, date, size), and a run on the bundled sample set
says once, not once per card, that it is a sample and how to build the full card store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckcheck.cards.mtgjson import import_atomic_cards
from deckcheck.cards.store import CardStore, bundled_cards_path
from tests.cli.conftest import Invoke, Project

UNKNOWN = "4 Lightning Bolt\n4 Orcish Bowmasters\n4 Lightning Blot\n48 Mountain\n"


def _note_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "sample of" in line]


def test_unknown_card_names_the_card_data_and_how_to_update(project: Project, invoke: Invoke) -> None:
    project.write("deck.txt", UNKNOWN)
    result = invoke(["check", "-f", "modern", "deck.txt"])
    assert result.exit_code == 1
    assert (
        "deck.txt:2: DC010 unknown card 'Orcish Bowmasters': not in the card data (cli-tests "
        "2026-01-01, " in result.stdout
    )
    assert "newer than the data? run `deckcheck cards update`" in result.stdout
    # A likely typo gets its suggestion instead of the advice to update.
    typo = next(line for line in result.stdout.splitlines() if "DC010 unknown card 'Lightning Blot'" in line)
    assert "(did you mean: Lightning Bolt?)" in typo and "cards update" not in typo
    assert _note_lines(result.stderr) == []  # not the sample set: no sample note


def test_bundled_sample_set_is_named_once_per_run(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DECKCHECK_CARD_DB")
    size = len(CardStore.from_json(bundled_cards_path()))
    for name in ("a.txt", "b.txt"):
        project.write(name, UNKNOWN)
    result = invoke(["check", "-f", "modern", "a.txt", "b.txt"])
    unknown = [line for line in result.stdout.splitlines() if " DC010 " in line]
    assert len(unknown) == 4
    assert all(f"(bundled sample set, {size} cards)" in line for line in unknown)
    assert not any("cards update" in line for line in unknown)  # said once below, not per line
    notes = _note_lines(result.stderr)
    assert len(notes) == 1
    assert f"4 names matched no card: the bundled card set is a sample of {size} cards" in notes[0]
    assert "`deckcheck cards update`" in notes[0] and "`deckcheck cards import" in notes[0]


def test_bundled_sample_note_only_when_a_card_is_missing(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DECKCHECK_CARD_DB")
    project.write("deck.txt", "4 Lightning Bolt\n56 Mountain\n")
    result = invoke(["check", "-f", "modern", "deck.txt"])
    assert _note_lines(result.stderr) == []


def test_bundled_sample_note_in_json_and_companions(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DECKCHECK_CARD_DB")
    project.write("deck.txt", UNKNOWN)
    document = json.loads(invoke(["check", "-f", "modern", "-o", "json", "deck.txt"]).stdout)
    assert document["card_data"]["sample"] is True
    assert document["card_data"]["label"].startswith("bundled sample set, ")
    finding = next(f for f in document["decks"][0]["findings"] if f["code"] == "DC010")
    assert finding["data"]["card_data"] == document["card_data"]["label"]
    companions = invoke(["companions", "-f", "modern", "deck.txt"])
    assert len(_note_lines(companions.stderr)) == 1


def test_cards_info_shows_what_the_data_is(project: Project, invoke: Invoke) -> None:
    result = invoke(["cards", "info"])
    assert result.exit_code == 0
    assert "cli-tests 2026-01-01, " in result.stdout


def test_cards_info_counts_the_sets_the_data_knows(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sets of the card data's printings (some hundreds): counted in the table, listed in JSON."""
    monkeypatch.delenv("DECKCHECK_CARD_DB")  # (the bundled set: the sets of April 2022)
    listed = json.loads(bundled_cards_path().read_text(encoding="utf-8"))["meta"]["set_codes"]
    table = invoke(["cards", "info"])
    assert f"{len(listed.split())} sets its printings name (--output json lists them)" in table.stdout
    assert listed not in table.stdout
    assert json.loads(invoke(["cards", "info", "--output", "json"]).stdout)["meta"]["set_codes"] == listed


def test_an_imported_store_is_labelled_mtgjson_with_its_date(tmp_path: Path) -> None:
    root = tmp_path
    atomic = root / "AtomicCards.json"
    atomic.write_text(
        json.dumps(
            {
                "meta": {"date": "2022-04-25", "version": "5.2.0"},
                "data": {
                    "Lightning Bolt": [
                        {
                            "name": "Lightning Bolt",
                            "manaCost": "{R}",
                            "type": "Instant",
                            "types": ["Instant"],
                            "text": "Lightning Bolt deals 3 damage to any target.",
                            "colors": ["R"],
                            "colorIdentity": ["R"],
                            "layout": "normal",
                            "legalities": {"modern": "Legal"},
                            "manaValue": 1.0,
                        }
                    ]
                },
            }
        ),
        encoding="utf-8",
    )
    store_path = root / "cards.sqlite"
    import_atomic_cards(atomic, store_path)
    store = CardStore.open(store_path)
    assert store.data_label() == "MTGJSON 2022-04-25, 1 card"
    assert not store.is_sample
