"""GitHub Actions output (annotations, escaping, job summary) and the other commands:
companions, formats, rules, cards update/import/info."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from deckcheck.findings import Finding, Location, Severity, all_codes
from deckcheck.reporters import escape_data, escape_property, github_annotation
from tests.cli.conftest import BANNED_MODERN, LEGAL_MODERN, WARNING_MODERN, Invoke, Project
from tests.httpserver import LocalHTTPServer, ScryfallMirror


# -- github -----------------------------------------------------------------------------------------
def test_escaping_follows_actions_toolkit() -> None:
    assert escape_data("50% off\r\nnext: a,b") == "50%25 off%0D%0Anext: a,b"
    assert escape_property("dir:a,b%\n") == "dir%3Aa%2Cb%25%0A"


def test_annotation_shape() -> None:
    all_codes()  # the slugs live in the rule modules
    finding = Finding(
        "DC201", "Mox Opal is banned\nin Modern: 100%", Severity.ERROR, Location("decks/a,b:c.txt", 3, "main")
    )
    assert github_annotation(finding) == (
        "::error file=decks/a%2Cb%3Ac.txt,line=3,title=DC201 banned::Mox Opal is banned%0Ain Modern: 100%25"
    )
    whole_deck = Finding("DC101", "too small", Severity.ERROR, Location("a.txt", 0))
    assert github_annotation(whole_deck) == "::error file=a.txt,title=DC101 main-deck-too-small::too small"


def test_github_output(project: Project, invoke: Invoke) -> None:
    project.write("banned.txt", BANNED_MODERN)
    project.write("warn.txt", WARNING_MODERN)
    result = invoke(["check", "-f", "modern", "-o", "github", "banned.txt", "warn.txt"])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("::error file=banned.txt,line=1,title=DC201 banned::Mox Opal is banned")
    assert lines[1].startswith("::warning file=warn.txt,line=5,title=DC412 ")
    assert not any(line.startswith("::notice") for line in lines)  # info only with -v
    verbose = invoke(["check", "-f", "modern", "-o", "github", "-v", "banned.txt"])
    assert any(line.startswith("::notice file=banned.txt") for line in verbose.stdout.splitlines())


def test_github_step_summary(project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    summary = project.root / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    project.write("banned.txt", BANNED_MODERN)
    project.write("legal.txt", LEGAL_MODERN)
    result = invoke(["check", "-f", "modern", "-o", "github", "banned.txt", "legal.txt"])
    assert result.exit_code == 1
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n## deckcheck\n")  # appended, not overwritten
    assert "| banned.txt | modern | fails | 1 | 0 |" in text
    assert "| legal.txt | modern | legal | 0 | 0 |" in text
    assert "| banned.txt | 1 | DC201 | error | Mox Opal is banned in Modern" in text


def test_text_output_without_step_summary_writes_none(project: Project, invoke: Invoke) -> None:
    project.write("banned.txt", BANNED_MODERN)
    invoke(["check", "-f", "modern", "banned.txt"])
    assert not (project.root / "summary.md").exists()


# -- companions ---------------------------------------------------------------------------------------
def test_companions_table(project: Project, invoke: Invoke) -> None:
    project.write("warn.txt", WARNING_MODERN)
    result = invoke(["companions", "-f", "modern", "warn.txt"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("warn.txt: format modern (--format); eligible companions: ")
    assert lines[1].split() == ["companion", "eligible", "declared", "breakers", "fix", "details"]
    rows = {line[:26].strip(): line for line in lines[2:]}
    assert len(rows) == 10
    lurrus = rows["Lurrus of the Dream-Den"].split()
    # breakers counts breaking entries (one line of 4 Shivan Dragon), as JSON's `breakers` list does;
    # the fix says how many copies to change: replace, as cutting them leaves 56 of Modern's 60
    assert lurrus[4:9] == ["no", "yes", "1", "replace", "4"]
    assert "Shivan Dragon (line 1): permanent card with mana value 6" in rows["Lurrus of the Dream-Den"]
    assert "add 20" in rows["Yorion, Sky Nomad"]


def test_companions_json(project: Project, invoke: Invoke) -> None:
    project.write("warn.txt", WARNING_MODERN)
    result = invoke(["companions", "-f", "modern", "-o", "json", "warn.txt", "-"], input=LEGAL_MODERN)
    document = json.loads(result.stdout)
    assert [d["path"] for d in document["decks"]] == ["warn.txt", "<stdin>"]
    warn = document["decks"][0]
    assert len(warn["companions"]) == 10
    assert "Lurrus of the Dream-Den" not in warn["eligible"]
    assert {f["code"][:3] for f in warn["findings"]} <= {"DC0", "DC4"}


def test_companions_errors_are_exit_2(project: Project, invoke: Invoke) -> None:
    assert invoke(["companions", "missing.txt"]).exit_code == 2
    assert invoke(["companions"]).exit_code == 2


# -- formats, rules -----------------------------------------------------------------------------------
def test_formats(invoke: Invoke, project: Project) -> None:
    result = invoke(["formats"])
    assert result.exit_code == 0
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()[1:]}
    assert rows["modern"][2:] == ["60+", "15", "4", "-", "modern"]
    assert rows["commander"][1:] == ["Commander", "100", "0", "1", "yes", "commander"]
    assert rows["oathbreaker"][1:] == ["Oathbreaker", "60", "0", "1", "yes", "oathbreaker"]
    as_json = json.loads(invoke(["formats", "-o", "json"]).stdout)
    modern = next(f for f in as_json if f["name"] == "modern")
    assert modern["max_main"] is None and modern["copy_limit"] == 4 and modern["legality_keys"] == ["modern"]


def test_rules(invoke: Invoke) -> None:
    result = invoke(["rules"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["code", "slug", "severity", "description"]
    banned = next(line for line in lines if line.startswith("DC201"))
    assert banned.split()[1:3] == ["banned", "error"]
    records = json.loads(invoke(["rules", "-o", "json"]).stdout)
    codes = [r["code"] for r in records]
    assert codes == sorted(codes) and "DC010" in codes and "DC401" in codes
    assert all(set(r) == {"code", "slug", "severity", "severities", "doc"} for r in records)
    assert all(r["severities"][0] == r["severity"] for r in records)


def test_rules_lists_every_severity_a_check_reports(project: Project, invoke: Invoke) -> None:
    """`deckcheck rules` is where a reader of the output looks a code up: a note (a section that is
    no part of the deck) or a warning (a line of the maybeboard not read) of a code whose default is
    more severe is listed there too, in text and JSON."""
    project.write(
        "deck.txt",
        f"// format: modern\n{LEGAL_MODERN}\nTokens\n1 Goblin\n\nMaybeboard\n99999999999999999999 Mountain\n",
    )
    (deck,) = json.loads(invoke(["check", "-o", "json", "deck.txt"]).stdout)["decks"]
    reported = {(f["code"], f["severity"]) for f in deck["findings"]}
    assert {("DC003", "info"), ("DC002", "warning")} <= reported
    listed = {r["code"]: r["severities"] for r in json.loads(invoke(["rules", "-o", "json"]).stdout)}
    assert all(severity in listed[code] for code, severity in reported), reported
    rows = {line.split()[0]: line for line in invoke(["rules"]).stdout.splitlines()[1:]}
    assert rows["DC003"].split()[1:4] == ["suspicious-line", "warning,", "info"]


# -- cards -----------------------------------------------------------------------------------------
def test_cards_info(project: Project, invoke: Invoke, cards_json: Path) -> None:
    result = invoke(["cards", "info"])
    assert result.exit_code == 0
    assert f"store       {cards_json}" in result.stdout
    assert "$DECKCHECK_CARD_DB" in result.stdout
    assert "records     10" in result.stdout
    assert "source      cli-tests" in result.stdout
    info = json.loads(invoke(["cards", "info", "-o", "json"]).stdout)
    assert info["records"] == 10 and info["meta"]["updated_at"] == "2026-01-01"


def _store_with_planes(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI tests' cards, and two cards no deck can hold, as a JSON card file keeps them."""
    from tests.cli.cards import RECORDS

    non_deck = [
        {"name": "Chaotic Aether", "kind": "phenomenon", "type_line": "Phenomenon"},
        {"name": "Ertai", "kind": "vanguard", "type_line": "Vanguard"},
    ]
    meta = {"source": "cli-tests", "updated_at": "2026-01-01"}
    path = project.write(
        "cards.json", json.dumps({"meta": meta, "cards": RECORDS, "non_deck_cards": non_deck})
    )
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(path))


def test_cards_info_names_what_a_name_is(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    _store_with_planes(project, monkeypatch)
    result = invoke(["cards", "info", "Chaotic Aether", "lightning bolt", "Ertai"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split()[:5] == ["name", "in", "the", "card", "data"]
    assert lines[1].split(None, 2)[2] == (
        "Chaotic Aether: a phenomenon card (Planechase), not a card a deck can hold (CR 100.2, 312.1); "
        "list it under a Planes section, kept outside the deck"
    )
    assert "Lightning Bolt: Instant (matched by normalized name)" in lines[2]
    assert "Ertai: a vanguard card (Vanguard)" in lines[3]
    found = json.loads(invoke(["cards", "info", "-o", "json", "Ertai", "Lightnig Bolt"]).stdout)
    ertai, typo = found["names"]
    assert (ertai["found"], ertai["kind"], ertai["rule"]) == ("non_deck", "vanguard", "CR 100.2, 313.1")
    assert typo["found"] == "unknown" and typo["suggestions"] == ["Lightning Bolt"]
    assert invoke(["cards", "info", "Lightnig Bolt"]).exit_code == 1  # a name of no card


@pytest.mark.parametrize("name", ["", "   "])
def test_cards_info_of_an_empty_name_says_it_is_empty(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """An empty name names no card; "newer than the data? run `deckcheck cards update`" would send
    the user after card data that cannot help."""
    _store_with_planes(project, monkeypatch)
    result = invoke(["cards", "info", "-o", "json", name])
    assert result.exit_code == 1
    (found,) = json.loads(result.stdout)["names"]
    assert found["found"] == "unknown" and found["text"] == "an empty name names no card"


def test_cards_info_says_which_candidate_no_deck_can_hold(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Karn" is a Vanguard card's name and the short name of the Karn legends: ambiguous, and the
    candidate no deck can hold is said to be one, as a check's DC011 says it."""
    from tests.cardfactory import record
    from tests.cli.cards import RECORDS

    legend = record("Ertai, Wizard Adept", "{2}{U}", "Legendary Creature — Human Wizard", identity=["U"])
    non_deck = [{"name": "Ertai", "kind": "vanguard", "type_line": "Vanguard"}]
    path = project.write("cards.json", json.dumps({"cards": [*RECORDS, legend], "non_deck_cards": non_deck}))
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(path))
    result = invoke(["cards", "info", "Ertai"])
    assert result.exit_code == 1  # several cards
    assert result.stdout.splitlines()[1].split(None, 1)[1] == (
        "matches several cards: Ertai, Wizard Adept, and Ertai, a vanguard card (Vanguard) no deck can "
        "hold (CR 100.2, 313.1)"
    )


def test_a_plane_in_a_deck_is_named_not_unknown(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    _store_with_planes(project, monkeypatch)
    project.write("deck.txt", "4 Lightning Bolt\n55 Mountain\n1 Chaotic Aether\n")
    result = invoke(["check", "-f", "modern", "deck.txt"])
    assert result.exit_code == 1
    assert "deck.txt:3: DC018 'Chaotic Aether' is a phenomenon card (Planechase)" in result.stdout
    assert "DC010" not in result.stdout and "cards update" not in result.stdout
    assert "DC101 the main deck has 59 cards" in result.stdout


def test_cards_info_says_how_old_the_card_data_is(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-04-01")  # (the test store describes 2026-01-01)
    assert "age         describes 2026-01-01, 90 days ago\n" in invoke(["cards", "info"]).stdout
    info = json.loads(invoke(["cards", "info", "-o", "json"]).stdout)
    assert info["data_date"] == "2026-01-01" and info["age_days"] == 90
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-04-02")
    older = invoke(["cards", "info"]).stdout
    assert "describes 2026-01-01, 91 days ago: more than 90, so decks with no date are not verified" in older
    assert "`deckcheck cards update`" in older


def test_a_day_of_the_check_before_the_card_datas_own_is_said_plainly(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Card data of a later day than today (a clock set back, or DECKCHECK_TODAY) is taken as
    current, and `cards info` says so, not that it is "-31 days" old."""
    monkeypatch.setenv("DECKCHECK_TODAY", "2025-12-01")  # (the test store describes 2026-01-01)
    info = invoke(["cards", "info"]).stdout
    assert (
        "describes 2026-01-01, 31 days after today (2025-12-01): decks with no date are judged by it" in info
    )
    assert "-31" not in info and "days ago" not in info
    assert json.loads(invoke(["cards", "info", "-o", "json"]).stdout)["age_days"] == -31
    project.write("deck.txt", LEGAL_MODERN)
    assert invoke(["check", "-f", "modern", "deck.txt"]).stdout.startswith(
        "deck.txt: format modern (--format); 60 main: legal"
    )


def test_cards_info_bundled(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DECKCHECK_CARD_DB", raising=False)
    info = json.loads(invoke(["cards", "info", "-o", "json"]).stdout)
    assert info["chosen_by"].startswith("bundled")
    assert info["records"] > 0


def test_cards_info_corrupt_store(project: Project, invoke: Invoke) -> None:
    store = project.root / "bad.sqlite"
    store.write_bytes(b"garbage" * 200)
    result = invoke(["cards", "info", "--card-db", str(store)])
    assert result.exit_code == 2
    assert "unreadable" in result.stderr and "Traceback" not in result.output


ATOMIC = {
    "meta": {"date": "2026-01-01", "version": "5.2.0"},
    "data": {
        name: [
            {
                "name": name,
                "layout": "normal",
                "manaCost": cost,
                "manaValue": value,
                "type": type_line,
                "types": [type_line.split(" — ")[0].split()[-1]],
                "supertypes": supertypes,
                "subtypes": subtypes,
                "text": text,
                "colors": colours,
                "colorIdentity": colours,
                "legalities": {"modern": "Legal", "legacy": "Legal"},
                "printings": ["TST"],
                "foreignData": [],
            }
        ]
        for name, cost, value, type_line, supertypes, subtypes, text, colours in [
            (
                "Lightning Bolt",
                "{R}",
                1.0,
                "Instant",
                [],
                [],
                "Lightning Bolt deals 3 damage to any target.",
                ["R"],
            ),
            ("Mountain", None, 0.0, "Basic Land — Mountain", ["Basic"], ["Mountain"], "({T}: Add {R}.)", []),
        ]
    },
}


def test_cards_import_then_check(project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DECKCHECK_CARD_DB")
    atomic = project.root / "AtomicCards.json.gz"
    atomic.write_bytes(gzip.compress(json.dumps(ATOMIC).encode()))
    store = project.root / "store" / "cards.sqlite"
    result = invoke(["cards", "import", str(atomic), "--card-db", str(store)])
    assert result.exit_code == 0, result.output
    assert "wrote 2 cards from mtgjson" in result.stdout
    project.write("deck.txt", LEGAL_MODERN)
    assert invoke(["check", "-f", "modern", "--card-db", str(store), "deck.txt"]).exit_code == 0
    info = json.loads(invoke(["cards", "info", "--card-db", str(store), "-o", "json"]).stdout)
    assert info["meta"]["source"] == "mtgjson" and info["records"] == 2


def test_the_cards_commands_count_one_card_in_the_singular(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: a store of one card was "1 cards" in `cards import` and `cards update --offline`."""
    monkeypatch.delenv("DECKCHECK_CARD_DB")
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-01-02")  # (the day after the data's own)
    bolt = {"meta": ATOMIC["meta"], "data": {"Lightning Bolt": ATOMIC["data"]["Lightning Bolt"]}}
    atomic = project.root / "AtomicCards.json.gz"
    atomic.write_bytes(gzip.compress(json.dumps(bolt).encode()))
    store = str(project.root / "store" / "cards.sqlite")
    imported = invoke(["cards", "import", str(atomic), "--card-db", store])
    assert imported.exit_code == 0, imported.output
    assert "wrote 1 card from mtgjson" in imported.stdout
    offline = invoke(["cards", "update", "--offline", "--card-db", store])
    assert offline.stdout.startswith(f"offline: {store} has 1 card from mtgjson")
    info = invoke(["cards", "info", "--card-db", store]).stdout
    assert "describes 2026-01-01, 1 day ago" in info
    assert "0 names of planes, schemes, Vanguard cards and meld results kept" in info


def test_cards_import_default_store_is_used_by_check(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DECKCHECK_CARD_DB")
    atomic = project.root / "AtomicCards.json"
    atomic.write_text(json.dumps(ATOMIC), encoding="utf-8")
    assert invoke(["cards", "import", str(atomic)]).exit_code == 0
    info = json.loads(invoke(["cards", "info", "-o", "json"]).stdout)
    assert info["chosen_by"] == "local store" and info["records"] == 2


def test_cards_import_refuses_an_older_file_unless_allowed(project: Project, invoke: Invoke) -> None:
    """As `cards update` does: card data older than the store's would drop bans the store knows:
    exit 2, both days and the way on named, the store as it was; --allow-downgrade takes it and
    says what it replaced."""
    store = project.root / "store" / "cards.sqlite"
    newer = project.root / "AtomicCards-newer.json"
    newer.write_text(json.dumps(ATOMIC | {"meta": {"date": "2023-06-01", "version": "5"}}), encoding="utf-8")
    assert invoke(["cards", "import", str(newer), "--card-db", str(store)]).exit_code == 0
    before = store.read_bytes()
    older = project.root / "AtomicCards-older.json"
    older.write_text(json.dumps(ATOMIC | {"meta": {"date": "2022-04-25", "version": "5"}}), encoding="utf-8")
    refused = invoke(["cards", "import", str(older), "--card-db", str(store)])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert (
        f"deckcheck: error: {older}: card data of 2022-04-25, older than the card data in the store "
        "(2023-06-01); the store was not replaced" in refused.stderr
    )
    assert "`deckcheck cards import FILE --allow-downgrade`" in refused.stderr
    assert store.read_bytes() == before
    # a day given with --data-date is the data's day: older is refused the same way
    dated = invoke(["cards", "import", str(newer), "--card-db", str(store), "--data-date", "2023-05-31"])
    assert dated.exit_code == 2 and "card data of 2023-05-31, older than" in dated.stderr
    taken = invoke(["cards", "import", str(older), "--allow-downgrade", "--card-db", str(store)])
    assert taken.exit_code == 0, taken.output
    assert (
        "note: the store's card data of 2023-06-01 was replaced with an older file, of 2022-04-25 "
        "(--allow-downgrade)" in taken.stdout
    )
    info = json.loads(invoke(["cards", "info", "--card-db", str(store), "-o", "json"]).stdout)
    assert info["data_date"] == "2022-04-25"


def test_cards_import_bad_file(project: Project, invoke: Invoke) -> None:
    bad = project.write("AtomicCards.json", '{"meta": {}}')
    result = invoke(["cards", "import", str(bad), "--card-db", str(project.root / "c.sqlite")])
    assert result.exit_code == 2
    assert "not an MTGJSON AtomicCards file" in result.stderr
    missing = invoke(["cards", "import", "nope.json.gz", "--card-db", str(project.root / "c.sqlite")])
    assert missing.exit_code == 2 and "file not found" in missing.stderr
    as_json = invoke(["cards", "import", str(bad), "--card-db", str(project.root / "c.json")])
    assert as_json.exit_code == 2 and "SQLite" in as_json.stderr


def test_cards_import_refuses_a_card_without_a_type_line(project: Project, invoke: Invoke) -> None:
    """A card without a type line is a card-data error naming the file and the card (exit 2):
    nothing is imported, and the store keeps the cards it had."""
    store = project.root / "c.sqlite"
    good = project.write("good.json", json.dumps(ATOMIC))
    assert invoke(["cards", "import", str(good), "--card-db", str(store)]).exit_code == 0
    broken = json.loads(json.dumps(ATOMIC))
    del broken["data"]["Lightning Bolt"][0]["type"]
    bad = project.write("AtomicCards.json", json.dumps(broken))
    result = invoke(["cards", "import", str(bad), "--card-db", str(store)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "AtomicCards.json: card 'Lightning Bolt': it has no type line" in result.stderr
    info = json.loads(invoke(["cards", "info", "--card-db", str(store), "-o", "json"]).stdout)
    assert info["records"] == 2 and "good.json" in info["meta"]["file"]


@pytest.fixture
def mirror() -> Iterator[ScryfallMirror]:
    with LocalHTTPServer() as server:
        yield ScryfallMirror(server)


def test_cards_update_from_a_local_scryfall(
    project: Project, invoke: Invoke, mirror: ScryfallMirror, monkeypatch: pytest.MonkeyPatch
) -> None:
    mirror.publish()
    monkeypatch.setenv("DECKCHECK_SCRYFALL_API", mirror.api_base)
    store = project.root / "cache" / "cards.sqlite"
    first = invoke(["cards", "update", "--card-db", str(store)])
    assert first.exit_code == 0, first.output
    assert "wrote 10 cards from scryfall" in first.stdout
    again = invoke(["cards", "update", "--card-db", str(store)])
    assert "is up to date" in again.stdout
    offline = invoke(["cards", "update", "--offline", "--card-db", str(store)])
    assert offline.exit_code == 0
    assert offline.stdout.startswith(f"offline: {store} has 10 cards from scryfall")


def test_cards_update_refuses_an_older_build_unless_allowed(
    project: Project, invoke: Invoke, mirror: ScryfallMirror, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older build than the store's card data would drop bans the store knows: exit 2, both
    days and the way on named, the store as it was; --force (ask now) does not take it,
    --allow-downgrade does, and says what it replaced."""
    mirror.publish()
    monkeypatch.setenv("DECKCHECK_SCRYFALL_API", mirror.api_base)
    store = project.root / "cache" / "cards.sqlite"
    assert invoke(["cards", "update", "--card-db", str(store)]).exit_code == 0
    before = store.read_bytes()
    mirror.publish(updated_at="2025-01-01T09:00:00.000+00:00")
    refused = invoke(["cards", "update", "--force", "--card-db", str(store)])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert "build of 2025-01-01, older than the card data in the store (2026-" in refused.stderr
    assert "`deckcheck cards update --allow-downgrade`" in refused.stderr
    assert store.read_bytes() == before
    taken = invoke(["cards", "update", "--allow-downgrade", "--card-db", str(store)])
    assert taken.exit_code == 0, taken.output
    assert (
        "note: the store's card data of 2026-" in taken.stdout
        and "older build, of 2025-01-01" in taken.stdout
    )


def test_cards_update_network_failure_is_exit_2(project: Project, invoke: Invoke) -> None:
    # tests/conftest.py points DECKCHECK_SCRYFALL_API at a closed port on 127.0.0.1
    result = invoke(["cards", "update", "--card-db", str(project.root / "c.sqlite")])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert result.stderr.startswith("deckcheck: error:")


def test_cards_update_offline_without_store(project: Project, invoke: Invoke) -> None:
    result = invoke(["cards", "update", "--offline", "--card-db", str(project.root / "none.sqlite")])
    assert result.exit_code == 2
    assert "offline: there is no card store" in result.stderr


def test_progress_only_when_enabled() -> None:
    import io

    from deckcheck.cli import StderrProgress

    quiet = io.StringIO()
    StderrProgress(quiet, enabled=False)("download", 10, 100)
    assert quiet.getvalue() == ""
    shown = io.StringIO()
    progress = StderrProgress(shown, enabled=True)
    progress("bulk-data", 0, None)
    progress("download", 2_000_000, 4_000_000)
    progress("download", 4_000_000, 4_000_000)
    progress("convert", 38_000, 38_000)
    progress.close()
    text = shown.getvalue()
    assert "asking for the bulk file list" in text
    assert "downloading 4.0 MB of 4.0 MB (100%)" in text
    assert "converting 38,000 cards" in text
    assert text.endswith("\n")


def test_cards_import_names_the_day_of_a_file_without_one(
    project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file without a readable meta.date is refused (exit 2, the file and --data-date named);
    --data-date names the day, and `cards info` shows it and the data's age."""
    monkeypatch.delenv("DECKCHECK_CARD_DB")
    atomic = project.root / "AtomicCards.json"
    atomic.write_text(json.dumps({"meta": {"date": "yesterday"}, "data": ATOMIC["data"]}), encoding="utf-8")
    store = project.root / "store" / "cards.sqlite"
    refused = invoke(["cards", "import", str(atomic), "--card-db", str(store)])
    assert refused.exit_code == 2 and not store.exists()
    assert (
        str(atomic) in refused.stderr
        and "--data-date" in refused.stderr
        and "Traceback" not in refused.stderr
    )
    bad_day = invoke(["cards", "import", str(atomic), "--card-db", str(store), "--data-date", "soon"])
    assert bad_day.exit_code == 2 and "--data-date" in bad_day.stderr and not store.exists()
    named = invoke(["cards", "import", str(atomic), "--card-db", str(store), "--data-date", "2026-01-01"])
    assert named.exit_code == 0, named.output
    info = json.loads(invoke(["cards", "info", "--card-db", str(store), "-o", "json"]).stdout)
    assert info["data_date"] == "2026-01-01" and info["age_days"] == 31


@pytest.mark.parametrize("output", ["text", "github"])
def test_skipped_files_are_listed_with_their_names_escaped(
    project: Project, invoke: Invoke, output: str
) -> None:
    """Regression: -v wrote a skipped file's name raw: a name holding a line break and
    '::error ...' started a workflow command of its own, an ESC steered the terminal. And in
    GitHub output -v did not list the skipped files the summary line said it lists."""
    project.write("decks/deck.txt", LEGAL_MODERN)
    project.write("decks/evil\n::error file=y::pwned.txt", "Try more removal.\nAsk about it.\n")
    project.write("decks/\x1b[31mred.txt", "Try more removal.\nAsk about it.\n")
    project.write("decks/latin1-\udce9.txt", "Try more removal.\nAsk about it.\n")  # (byte 0xe9)
    result = invoke(["check", "-f", "modern", "-v", "-o", output, "decks"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert not any(line.startswith("::error") for line in lines), lines
    assert "\x1b" not in result.stdout
    prefix = "deckcheck: " if output == "github" else ""
    assert f"{prefix}decks/evil\\x0a::error file=y::pwned.txt: skipped: not a decklist" in result.stdout
    assert f"{prefix}decks/\\x1b[31mred.txt: skipped: not a decklist" in result.stdout
    assert f"{prefix}decks/latin1-\\xe9.txt: skipped: not a decklist" in result.stdout
    assert "3 files skipped (not decklists)" in lines[-1]
