"""Which cards may be the commander is dated: CR 903.3 lets a legendary Vehicle, or a legendary
Spacecraft with a power/toughness box, lead only since Edge of Eternities (its rules took effect on
2025-07-25, the set was released on 2025-08-01); before, it read "a legendary creature card". A deck
is judged by the wording of its day (--as-of, its own date, an event's date; the day of the check
without one), and where that day leaves the wording open the commander is not verified. The
engine, the lean batch checker (frames.validate) and the CLI give the same answers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from deckcheck import frames
from deckcheck.cards.records import card_from_record
from deckcheck.cards.store import CardStore
from deckcheck.decklist import parse_text
from deckcheck.engine import check_parsed
from deckcheck.findings import Finding
from deckcheck.format_spec import FormatSpec
from deckcheck.formats import get_format
from deckcheck.history import with_as_of
from deckcheck.rules.commander import commander_eligibility, leads_by_vehicle
from tests.cardfactory import face, record

COMMANDER, DUEL, BRAWL = get_format("commander"), get_format("duel"), get_format("brawl")
PAUPER_COMMANDER, OATHBREAKER = get_format("paupercommander"), get_format("oathbreaker")
LEGAL = {key: "legal" for key in ("commander", "duel", "historicbrawl", "paupercommander", "oathbreaker")}


def _legendary(name: str, type_line: str, text: str = "", **extra: Any) -> dict[str, Any]:
    return record(name, faces=[face(name, "{4}", type_line, text, **extra)], legal=LEGAL)


VEHICLE = "Sample Dreadnought"
SPACECRAFT = "Sample Cruiser"
NO_PT_SPACECRAFT = "Sample Outpost"
CREATURE = "Sample Warlord"
SAYS_SO = "Sample Engine"  # a Vehicle that says it can be your commander (as Shorikai, 2022)
DATA_SAYS_SO = "Sample Juggernaut"  # a Vehicle whose data leads (MTGJSON's leadership, 2026)
RECORDS = [
    _legendary(VEHICLE, "Legendary Artifact — Vehicle", "Crew 3", power="6", toughness="6"),
    _legendary(SPACECRAFT, "Legendary Artifact — Spacecraft", "Station", power="5", toughness="5"),
    _legendary(NO_PT_SPACECRAFT, "Legendary Artifact — Spacecraft", "Station"),
    _legendary(CREATURE, "Legendary Creature — Human Warrior", power="3", toughness="3"),
    _legendary(
        SAYS_SO, "Legendary Artifact — Vehicle", f"{SAYS_SO} can be your commander.", power="8", toughness="8"
    ),
    {
        **_legendary(DATA_SAYS_SO, "Legendary Artifact — Vehicle", power="4", toughness="4"),
        "leadership": {"commander": True},
    },
    record("Wastes", None, "Basic Land", "{T}: Add {C}.", legal=LEGAL),
]
BEFORE, BETWEEN, RELEASE, TODAY = "2024-06-01", "2025-07-28", "2025-08-01", "2026-01-15"


@pytest.fixture(autouse=True)
def _today(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DECKCHECK_TODAY", TODAY)


@pytest.fixture(scope="module")
def store() -> CardStore:
    return CardStore.from_records(RECORDS, "dated commander test cards")


def decklist(commander: str, *, date: str | None = None, size: int = 100) -> str:
    dated = f"// date: {date}\n" if date else ""
    return f"{dated}Commander\n1 {commander}\n\nDeck\n{size - 1} Wastes\n"


def eligibility(findings: list[Finding]) -> list[str]:
    """The codes of the findings on which cards may lead (DC301; DC015 naming commander eligibility)."""
    return [
        f.code
        for f in findings
        if f.code == "DC301" or (f.code == "DC015" and f.rule is not None and f.rule.startswith("CR 903.3"))
    ]


def engine(store: CardStore, text: str, spec: FormatSpec, as_of: str | None = None) -> list[Finding]:
    return check_parsed(parse_text(text, "deck.txt"), store, with_as_of(spec, as_of)).findings


# -- the card's verdict, and which verdicts depend on the day ----------------------------------------
@pytest.mark.parametrize(
    ("name", "leads", "by_vehicle"),
    [
        (VEHICLE, True, True),
        (SPACECRAFT, True, True),
        (NO_PT_SPACECRAFT, False, False),  # no power/toughness box: never a commander
        (CREATURE, True, False),  # a legendary creature leads by either wording
        (SAYS_SO, True, False),  # so does a card that says it can be your commander (903.3a)
        (DATA_SAYS_SO, True, True),  # data computed by today's rule vouches for no earlier day
    ],
)
def test_which_commanders_lead_only_since_edge_of_eternities(
    name: str, leads: bool, by_vehicle: bool
) -> None:
    found = card_from_record(next(r for r in RECORDS if r["name"] == name))
    assert (commander_eligibility(found, COMMANDER) is None) is leads
    assert leads_by_vehicle(found) is by_vehicle


# -- the engine, by the day the deck is judged for ----------------------------------------------------
@pytest.mark.parametrize(
    ("name", "as_of", "expected"),
    [
        (VEHICLE, BEFORE, ["DC301"]),
        (VEHICLE, "2025-07-24", ["DC301"]),  # the last day of the rules that read "legendary creature"
        (VEHICLE, "2025-07-25", ["DC015"]),  # from here to the release: which wording held is not known
        (VEHICLE, BETWEEN, ["DC015"]),
        (VEHICLE, RELEASE, []),
        (VEHICLE, TODAY, []),
        (VEHICLE, None, []),  # undated, no --as-of: the day of the check
        (SPACECRAFT, BEFORE, ["DC301"]),
        (SPACECRAFT, TODAY, []),
        (NO_PT_SPACECRAFT, BEFORE, ["DC301"]),
        (NO_PT_SPACECRAFT, TODAY, ["DC301"]),
        (CREATURE, BEFORE, []),
        (CREATURE, BETWEEN, []),
        (SAYS_SO, BEFORE, []),
        (DATA_SAYS_SO, BEFORE, ["DC301"]),
        (DATA_SAYS_SO, TODAY, []),
    ],
)
def test_commander_eligibility_as_of_a_day(
    store: CardStore, name: str, as_of: str | None, expected: list[str]
) -> None:
    assert eligibility(engine(store, decklist(name), COMMANDER, as_of)) == expected
    # the deck's own date judges it the same way
    dated = decklist(name, date=as_of) if as_of else decklist(name)
    assert eligibility(engine(store, dated, COMMANDER)) == expected


def test_the_reason_names_the_rule_as_it_stood(store: CardStore) -> None:
    (found,) = [f for f in engine(store, decklist(VEHICLE, date=BEFORE), COMMANDER) if f.code == "DC301"]
    assert found.card == VEHICLE and found.rule == "CR 903.3" and found.location.line == 3
    assert found.message.startswith(
        f"{VEHICLE} (Legendary Artifact — Vehicle) is not a legendary creature and"
    )
    assert f"as of {BEFORE} (the deck's date)" in found.message
    assert '"Each deck has a legendary creature card designated as its commander"' in found.message
    assert "since Edge of Eternities (2025-08-01)" in found.message


def test_a_day_the_deck_does_not_give_leaves_a_vehicle_commander_not_verified(store: CardStore) -> None:
    undated = engine(store, decklist(VEHICLE), COMMANDER, "deck")
    assert eligibility(undated) == ["DC015"]
    unread = engine(store, decklist(VEHICLE, date="06/01/2024"), COMMANDER)
    assert eligibility(unread) == ["DC015"]
    assert eligibility(engine(store, decklist(CREATURE), COMMANDER, "deck")) == []


@pytest.mark.parametrize(("date", "offered"), [(BEFORE, [CREATURE]), (None, [VEHICLE, CREATURE])])
def test_the_hint_of_a_deck_with_no_commander_marked_offers_what_could_lead_on_its_day(
    store: CardStore, date: str | None, offered: list[str]
) -> None:
    dated = f"// date: {date}\n" if date else ""
    text = f"{dated}1 {VEHICLE}\n1 {CREATURE}\n98 Wastes\n"
    (found,) = [f for f in engine(store, text, COMMANDER) if f.code == "DC105"]
    assert dict(found.data)["candidates"] == offered
    assert f"cards that could be the commander: {', '.join(offered)}" in found.message


@pytest.mark.parametrize(
    ("spec", "before", "today"),
    [
        (DUEL, ["DC301"], []),  # Duel Commander leads by CR 903.3 as Commander does
        # Brawl lets planeswalkers lead too; its rule of before the change is not in the reference
        (BRAWL, ["DC015"], []),
    ],
)
def test_other_legendary_commander_formats(
    store: CardStore, spec: FormatSpec, before: list[str], today: list[str]
) -> None:
    assert eligibility(engine(store, decklist(VEHICLE, date=BEFORE), spec)) == before
    assert eligibility(engine(store, decklist(VEHICLE, date=TODAY), spec)) == today
    assert eligibility(engine(store, decklist(CREATURE, date=BEFORE), spec)) == []


@pytest.mark.parametrize(("spec", "size"), [(PAUPER_COMMANDER, 100), (OATHBREAKER, 60)])
def test_formats_with_their_own_commander_rule_are_not_dated(
    store: CardStore, spec: FormatSpec, size: int
) -> None:
    """Pauper Commander's commander is a creature card (PDH 906.3), an Oathbreaker a planeswalker:
    neither rule changed with CR 903.3's, so a Vehicle is no commander there, whatever the day."""
    said = [
        [
            (f.code, f.message)
            for f in engine(store, decklist(VEHICLE, date=day, size=size), spec)
            if f.code == "DC301"
        ]
        for day in (BEFORE, TODAY)
    ]
    assert said[0] == said[1] and len(said[0]) == 1 and "Edge of Eternities" not in said[0][0][1]


# -- the lean batch checker and the CLI give the engine's answers ---------------------------------------
def _write(folder: Path, decks: dict[str, str]) -> list[str]:
    for name, text in decks.items():
        (folder / name).write_text(text, encoding="utf-8")
    return sorted(str(folder / name) for name in decks)


DECKS = {
    "vehicle-2024.txt": decklist(VEHICLE, date=BEFORE),
    "vehicle-between.txt": decklist(VEHICLE, date=BETWEEN),
    "vehicle-today.txt": decklist(VEHICLE, date=TODAY),
    "vehicle-undated.txt": decklist(VEHICLE),
    "spacecraft-2024.txt": decklist(SPACECRAFT, date=BEFORE),
    "creature-2024.txt": decklist(CREATURE, date=BEFORE),
}


@pytest.mark.parametrize("as_of", [None, BEFORE])
def test_validate_gives_the_engines_answers(store: CardStore, tmp_path: Path, as_of: str | None) -> None:
    """The files, and their long frame (whose ``date`` column carries each deck's date)."""
    paths = _write(tmp_path, DECKS)
    results = frames.validate(paths, format=COMMANDER, store=store, as_of=as_of)
    long = frames.validate(frames.load_decks(paths, store=store), format=COMMANDER, store=store, as_of=as_of)
    for path in paths:
        expected = check_parsed(parse_text(Path(path).read_text(), path), store, with_as_of(COMMANDER, as_of))
        for found in (results.findings, long.findings):
            rows = found[found["deck_id"] == path]
            got = [
                code
                for code, rule in zip(rows["code"], rows["rule"], strict=True)
                if code == "DC301" or (code == "DC015" and str(rule).startswith("CR 903.3"))
            ]
            assert got == eligibility(expected.findings), path
    if as_of is None:  # (the answers themselves: test_commander_eligibility_as_of_a_day)
        verdicts = results.summary.set_index("deck_id")["legal"]
        assert verdicts[str(tmp_path / "vehicle-2024.txt")] == False  # noqa: E712 (a nullable column)
        assert verdicts[str(tmp_path / "vehicle-undated.txt")] == True  # noqa: E712


def test_an_event_of_2024_judges_its_vehicle_commander_by_that_day(store: CardStore, tmp_path: Path) -> None:
    """An MTGO Duel Commander event document of 2024, its commander in the sideboard as MTGO writes it."""
    event = {
        "Tournament": {"Date": "2024-06-01T18:00:00Z", "Name": "Duel Commander Challenge"},
        "Decks": [
            {
                "Player": "alice",
                "Mainboard": [{"Count": 99, "CardName": "Wastes"}],
                "Sideboard": [{"Count": 1, "CardName": VEHICLE}],
            },
            {
                "Player": "bob",
                "Mainboard": [{"Count": 99, "CardName": "Wastes"}],
                "Sideboard": [{"Count": 1, "CardName": CREATURE}],
            },
        ],
    }
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event), encoding="utf-8")
    results = frames.validate([str(path)], format=DUEL, store=store)
    rows = results.findings
    alice = rows[rows["deck_id"].str.endswith("#alice")]
    bob = rows[rows["deck_id"].str.endswith("#bob")]
    assert list(alice.loc[alice["code"] == "DC301", "card"]) == [VEHICLE]
    assert "as of 2024-06-01 (the deck's date)" in alice.loc[alice["code"] == "DC301", "message"].iloc[0]
    assert "DC301" not in set(bob["code"])


def test_the_cli_judges_the_commander_as_of_the_day_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from deckcheck.cli import cli

    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps({"meta": {"updated_at": TODAY}, "cards": RECORDS}), encoding="utf-8")
    (tmp_path / ".git").mkdir()
    deck = tmp_path / "deck.txt"
    deck.write_text(decklist(VEHICLE), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(cards))

    def run(*args: str) -> dict[str, Any]:
        result = CliRunner().invoke(
            cli, ["check", "--format", "commander", "--output", "json", *args, str(deck)]
        )
        return json.loads(result.output)

    def codes(report: dict[str, Any]) -> list[str]:
        return [f["code"] for d in report["decks"] for f in d["findings"] if f["code"] == "DC301"]

    assert codes(run("--as-of", BEFORE)) == ["DC301"]
    assert codes(run("--as-of", TODAY)) == []
    today = run()
    assert codes(today) == [] and today["decks"][0]["legal"] is True


def test_a_deck_not_verified_only_by_the_dated_rule_says_which_rule_and_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """MTGO's layout (the commander in the sideboard) read on a day the wording is not known: the one
    reading stands, its commander not verified, and the verdict names the rule and the day."""
    from click.testing import CliRunner

    from deckcheck.cli import cli

    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps({"meta": {"updated_at": TODAY}, "cards": RECORDS}), encoding="utf-8")
    (tmp_path / ".git").mkdir()
    deck = tmp_path / "deck.txt"
    deck.write_text(f"// date: {BETWEEN}\n99 Wastes\n\nSideboard\n1 {VEHICLE}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(cards))
    args = ["check", "--format", "commander", "--as-of", "data", "--output", "json", str(deck)]
    (report,) = json.loads(CliRunner().invoke(cli, args).output)["decks"]
    assert report["counts"]["commander"] == 1 and report["status"] == "not verified"
    assert sorted(f["code"] for f in report["findings"]) == ["DC015", "DC106"]
    why = f"whether {VEHICLE} may be the commander (CR 903.3) as of {BETWEEN} is not known"
    assert report["unverified_reason"] == why
    text = CliRunner().invoke(cli, [*args[:-3], str(deck)]).output
    assert f"not verified: {why}" in text
