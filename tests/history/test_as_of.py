"""Legality as of a date (deckcheck.history): dated facts of the rules reference, the data's coverage,
and the hook in the format rules."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from deckcheck.as_of import read_deck_date
from deckcheck.cards.model import Card
from deckcheck.deck import Deck, DeckCard, Entry, ParsedDeck, Zone
from deckcheck.decklist.events import MAGIC_ONLINE, PLAYED_ON
from deckcheck.errors import CardDataError, ConfigError
from deckcheck.formats import get_format
from deckcheck.history import (
    AS_OF_DECK,
    History,
    history_from_json,
    load_history,
    parse_as_of,
    status_on,
    with_as_of,
)
from deckcheck.rules import check_deck
from deckcheck.value import replace
from tests.cardfactory import card

D = dt.date.fromisoformat
MAIN, SIDE = Zone.MAIN, Zone.SIDEBOARD


def printed(name: str, *sets: str, type_line: str = "Creature — Bear", **extra: Any) -> Card:
    return card(name, "{1}", type_line, printings=list(sets), **extra)


ISLAND = printed("Island", "LEA", "M10", "SNC", type_line="Basic Land — Island")
LURRUS = printed("Lurrus of the Dream-Den", "IKO", type_line="Legendary Creature — Cat Nightmare")
MOX_OPAL = printed("Mox Opal", "SOM", type_line="Legendary Artifact")
OKO = printed("Oko, Thief of Crowns", "ELD", type_line="Legendary Planeswalker — Oko")
ASTROLABE = printed("Arcum's Astrolabe", "MH1", type_line="Snow Artifact")
URO = printed("Uro, Titan of Nature's Wrath", "THB", type_line="Legendary Creature — Elder Giant")
HOGAAK = printed("Hogaak, Arisen Necropolis", "MH1")
BLACK_LOTUS = printed("Black Lotus", "LEA", "LEB", "2ED", type_line="Artifact")


def state(fmt: str, day: str) -> Any:
    found = load_history().formats[fmt].state_at(D(day))
    assert found is not None, f"{fmt} {day} not covered"
    return found


@pytest.mark.parametrize(
    ("fmt", "card_", "before", "from_"),
    [
        # rules reference: Lurrus banned in Modern and Pioneer on 2022-03-07
        ("modern", LURRUS, "2022-03-06", "2022-03-07"),
        ("pioneer", LURRUS, "2022-03-06", "2022-03-07"),
        # Mox Opal and Oko banned in Modern from 2020-01-14, Arcum's Astrolabe from 2020-07-13
        ("modern", MOX_OPAL, "2020-01-13", "2020-01-14"),
        ("modern", OKO, "2020-01-13", "2020-01-14"),
        ("modern", ASTROLABE, "2020-07-12", "2020-07-13"),
        ("modern", URO, "2021-02-14", "2021-02-15"),
        ("modern", HOGAAK, "2019-08-29", "2019-08-30"),
    ],
)
def test_dated_bans(fmt: str, card_: Card, before: str, from_: str) -> None:
    assert status_on(card_, state(fmt, before)) == "legal"
    assert status_on(card_, state(fmt, from_)) == "banned"


def test_a_card_is_not_legal_before_its_set_joins_the_format() -> None:
    assert status_on(LURRUS, state("modern", "2020-04-23")) == "not_legal"  # IKO: 2020-04-24
    assert status_on(LURRUS, state("modern", "2020-04-24")) == "legal"


ZIRDA = printed("Zirda, the Dawnwaker", "IKO", type_line="Legendary Creature — Elemental Fox")


@pytest.mark.parametrize(
    ("fmt", "card_", "day", "status"),
    [
        # rules reference: Lurrus and Zirda banned in Legacy on 2020-05-18
        ("legacy", LURRUS, "2020-05-17", "legal"),
        ("legacy", LURRUS, "2020-05-18", "banned"),
        ("legacy", ZIRDA, "2020-05-17", "legal"),
        ("legacy", ZIRDA, "2020-05-18", "banned"),
        # Vintage: Lurrus banned 2020-05-18, unbanned 2021-02-15, never restricted
        ("vintage", LURRUS, "2020-05-17", "legal"),
        ("vintage", LURRUS, "2020-05-18", "banned"),
        ("vintage", LURRUS, "2021-02-14", "banned"),
        ("vintage", LURRUS, "2021-02-15", "legal"),
    ],
)
def test_dated_legacy_and_vintage_facts(fmt: str, card_: Card, day: str, status: str) -> None:
    assert status_on(card_, state(fmt, day)) == status


def test_changes_forge_records_late_are_dated_by_their_announcement() -> None:
    """Forge's Legacy file of 2019-11-15 does not ban Wrenn and Six, its next (THB, 2020-01-24)
    does; the announcement of 2019-11-18 made it banned in tabletop play from 2019-11-22, and so
    does the data (the generator's ANNOUNCED step), as Narset's restriction in Vintage.
    Underworld Breach is banned from 2020-03-10."""
    wrenn = printed("Wrenn and Six", "MH1", type_line="Legendary Planeswalker — Wrenn")
    narset = printed("Narset, Parter of Veils", "WAR", type_line="Legendary Planeswalker — Narset")
    breach = printed("Underworld Breach", "THB", type_line="Enchantment")
    assert status_on(wrenn, state("legacy", "2019-11-21")) == "legal"
    assert status_on(wrenn, state("legacy", "2019-11-22")) == "banned"
    assert status_on(wrenn, state("legacy", "2020-01-24")) == "banned"
    assert status_on(narset, state("vintage", "2019-11-21")) == "legal"
    assert status_on(narset, state("vintage", "2019-11-22")) == "restricted"
    assert status_on(breach, state("legacy", "2020-03-09")) == "legal"
    assert status_on(breach, state("legacy", "2020-03-10")) == "banned"


def test_standard_rotates_and_bans() -> None:
    assert status_on(URO, state("standard", "2020-09-27")) == "legal"
    assert status_on(URO, state("standard", "2020-09-28")) == "banned"
    # Ikoria leaves Standard with Innistrad: Midnight Hunt (2021-09-24)
    assert status_on(LURRUS, state("standard", "2021-09-23")) == "legal"
    assert status_on(LURRUS, state("standard", "2021-09-24")) == "not_legal"


def test_legacy_and_vintage_as_of_2022() -> None:
    assert status_on(LURRUS, state("legacy", "2022-04-25")) == "banned"  # banned there 2020-05-18
    assert status_on(LURRUS, state("vintage", "2022-04-25")) == "legal"  # unbanned 2021-02-15
    assert status_on(BLACK_LOTUS, state("vintage", "2022-04-25")) == "restricted"
    assert status_on(BLACK_LOTUS, state("legacy", "2022-04-25")) == "banned"


def test_any_printing_in_the_legal_sets_is_enough() -> None:
    reprinted = printed("Old Bear", "LEA", "M10")  # M10 is Modern-legal, LEA is not
    assert status_on(reprinted, state("modern", "2020-01-01")) == "legal"
    assert status_on(printed("Older Bear", "LEA"), state("modern", "2020-01-01")) == "not_legal"


def test_forge_set_codes_are_translated_and_corrected() -> None:
    # Forge writes Conflux as CFX; MTGJSON's printings say CON.
    assert status_on(printed("Conflux Bear", "CON"), state("modern", "2020-01-01")) == "legal"
    # Time Spiral Remastered is not in Modern (its bonus sheet is not Modern-legal).
    assert status_on(printed("Timeshifted Bear", "TSR"), state("modern", "2021-06-01")) == "not_legal"


def test_unknown_printings_are_not_guessed() -> None:
    assert status_on(card("Mystery Bear", "{1}", "Creature — Bear"), state("modern", "2020-01-01")) is None
    # a banned card needs no printings to be banned
    assert status_on(card("Mox Opal", "{0}", "Legendary Artifact"), state("modern", "2020-02-01")) == "banned"


@pytest.mark.parametrize(
    ("fmt", "day"),
    [
        ("modern", "2011-05-18"),
        ("modern", "2022-06-03"),
        ("legacy", "2019-11-14"),
        ("standard", "2020-01-23"),
        ("pauper", "2020-01-01"),
    ],
)
def test_dates_outside_the_history_are_not_answered(fmt: str, day: str) -> None:
    history = load_history()
    format_history = history.formats.get(fmt)
    assert format_history is None or format_history.state_at(D(day)) is None


def test_the_data_says_what_is_missing() -> None:
    history = load_history()
    assert "pauper" in history.not_built and "rarity" in history.not_built["pauper"]
    assert any("Standard" in line for line in history.missing)
    assert "before 2019-11-15 is missing" in history.formats["legacy"].note


# -- parsing the setting -------------------------------------------------------------------------
def test_parse_as_of() -> None:
    assert parse_as_of(None) is None and parse_as_of("") is None
    assert parse_as_of("2020-06-01") == D("2020-06-01")
    assert parse_as_of("2026-08-09T18:00:00Z") == D("2026-08-09")
    assert parse_as_of(" Deck ") == AS_OF_DECK
    assert parse_as_of(D("2020-06-01")) == D("2020-06-01")
    with pytest.raises(ConfigError, match="not a date"):
        parse_as_of("2020-13-01")
    with pytest.raises(ConfigError, match="not a date"):
        parse_as_of("yesterday")


def test_a_malformed_history_is_a_card_data_error(tmp_path: Path) -> None:
    good = {
        "formats": {"modern": {"covered_from": "2020-01-01", "covered_until": "2020-12-31", "changes": []}}
    }
    with pytest.raises(CardDataError, match="no changes"):
        history_from_json(good, "x.json")
    bad_order = {
        "formats": {
            "m": {
                "covered_from": "2020-01-01",
                "covered_until": "2020-12-31",
                "changes": [{"effective": "2020-02-01"}, {"effective": "2020-01-01"}],
            }
        }
    }
    with pytest.raises(CardDataError, match="out of date order"):
        history_from_json(bad_order, "x.json")
    path = tmp_path / "h.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CardDataError, match="cannot read the format history"):
        load_history(path)


# -- through the format rules --------------------------------------------------------------------
def deck(*items: tuple[int, Card, Zone], metadata: dict[str, str] | None = None) -> Deck:
    cards = [DeckCard(Entry(q, c.name, z, line=i), c) for i, (q, c, z) in enumerate(items, 1)]
    parsed = ParsedDeck("event.json", "test", metadata=dict(metadata or {}))
    return Deck("event.json", cards, parsed)


MODERN = get_format("modern")


def codes(findings: list[Any]) -> list[str]:
    return sorted(f.code for f in findings)


def test_mox_opal_in_2020_is_banned_though_todays_data_says_legal() -> None:
    opal = replace(MOX_OPAL, legalities=(("modern", "legal"),))
    d = deck((56, ISLAND, MAIN), (4, opal, MAIN))
    assert "DC201" not in codes(check_deck(d, MODERN))  # today's legality
    found = check_deck(d, with_as_of(MODERN, "2020-06-01"))
    banned = [f for f in found if f.code == "DC201"]
    assert len(banned) == 1 and banned[0].card == "Mox Opal"
    assert "banned in Modern (as of 2020-06-01)" in banned[0].message
    note = next(f for f in found if f.code == "DC205")
    assert "2020-06-01" in note.message and dict(note.data)["effective"] == "2020-04-24"


def test_lurrus_in_2021_is_legal_though_todays_data_says_banned() -> None:
    lurrus = replace(LURRUS, legalities=(("modern", "banned"),))
    d = deck((59, ISLAND, MAIN), (1, lurrus, SIDE))
    assert "DC201" in codes(check_deck(d, MODERN))
    assert "DC201" not in codes(check_deck(d, with_as_of(MODERN, "2021-06-01")))


def test_each_deck_can_use_its_own_date() -> None:
    d = deck((56, ISLAND, MAIN), (4, MOX_OPAL, MAIN), metadata={"date": "2019-12-01"})
    found = check_deck(d, with_as_of(MODERN, AS_OF_DECK))
    assert "DC201" not in codes(found)
    assert "the deck's date" in next(f for f in found if f.code == "DC205").message
    d.parsed.metadata["date"] = "2020-02-01"  # type: ignore[union-attr]
    assert "DC201" in codes(check_deck(d, with_as_of(MODERN, AS_OF_DECK)))


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("April 3, 2022", "2022-04-03"),
        ("3 April 2022", "2022-04-03"),
        ("Apr 3 2022", "2022-04-03"),
        ("apr. 3rd, 2022 (FNM)", "2022-04-03"),
        ("04/13/2022", "2022-04-13"),  # 13 is no month: month first
        ("13/04/2022", "2022-04-13"),
        ("13.04.2022", "2022-04-13"),
        ("05/05/2022", "2022-05-05"),  # either order, the same day
        ("Sept 3, 2021", "2021-09-03"),
        ("3 Sept. 2021", "2021-09-03"),
        ("April 3rd, 2022", "2022-04-03"),
        ("3rd April 2022", "2022-04-03"),
        ("3rd of April, 2022", "2022-04-03"),
        ("Sunday, April 3, 2022", "2022-04-03"),  # the weekday is that day's
        ("Sun 3 Apr 2022", "2022-04-03"),
        ("Sun, 3 Apr 2022 (FNM)", "2022-04-03"),
        ("3 avril 2022", "2022-04-03"),
        ("1er avril 2022", "2022-04-01"),
        ("dimanche 3 avril 2022", "2022-04-03"),
        ("3 août 2021", "2021-08-03"),
        ("3 aout 2021", "2021-08-03"),  # accents left out
        ("3. April 2022", "2022-04-03"),
        ("Donnerstag, 3. März 2022", "2022-03-03"),
        ("3 de abril de 2022", "2022-04-03"),
        ("domingo, 3 de abril de 2022", "2022-04-03"),
        ("1º de abril de 2022", "2022-04-01"),
        ("3 aprile 2022", "2022-04-03"),
        ("3 de março de 2022", "2022-03-03"),
        ("3 dic 2021", "2021-12-03"),
    ],
)
def test_a_date_written_otherwise_that_names_one_day_is_read(written: str, day: str) -> None:
    """A month named in English, French, German, Spanish, Italian or Portuguese (abbreviated, after
    an ordinal, after that day's weekday), or day and month where one is over 12 (with a four-digit
    year), name one day: the note shows the day read and the date as written."""
    d = deck((60, ISLAND, MAIN), metadata={"date": written})
    found = [f for f in check_deck(d, with_as_of(MODERN, AS_OF_DECK)) if f.code.startswith("DC2")]
    assert codes(found) == ["DC205"], [f.message for f in found]
    assert f"legality as of {day} (the deck's date {written!r})" in found[0].message
    assert dict(found[0].data)["as_of"] == day


def test_every_month_and_weekday_name_is_read_as_its_own() -> None:
    """No word of the month and weekday tables names two ("mar", "set", "out" are one month's in
    every language that has them), with its accents or without."""
    from deckcheck.as_of import _MONTH_WORDS, _WEEKDAY_WORDS, _folded_word

    for month, words in enumerate(_MONTH_WORDS, 1):
        for word in words.split():
            for form in (word, _folded_word(word), word.upper()):
                assert read_deck_date(f"3 {form} 2021") == dt.date(2021, month, 3), form
    monday = dt.date(2022, 4, 4)
    for weekday, words in enumerate(_WEEKDAY_WORDS):
        day = monday + dt.timedelta(days=weekday)
        for word in words.split():
            assert read_deck_date(f"{word.title()}, {day.isoformat()}") == day, word
            assert read_deck_date(f"{word}, {(day + dt.timedelta(days=1)).isoformat()}") is None, word


@pytest.mark.parametrize(
    "written", ["2022-04-03T12:00:00Z", "2022-04-03 18:30", "2022-04-03T23:59:59.5+02:00 (FNM)"]
)
def test_a_year_first_date_with_a_time_is_its_day(written: str) -> None:
    assert read_deck_date(written) == dt.date(2022, 4, 3)


TWO_DIGIT_YEAR = "has a two-digit year, so its century is not known"


@pytest.mark.parametrize(
    ("written", "why"),
    [
        ("03/04/2022", "reads two ways, day or month first"),
        ("03.04.2022", "reads two ways, day or month first"),
        ("13/04/22", f"{TWO_DIGIT_YEAR}: write it as YYYY-MM-DD"),
        ("3 Apr 22", f"{TWO_DIGIT_YEAR}: write it as YYYY-MM-DD"),
        ("Apr 3 '22", f"{TWO_DIGIT_YEAR}: write it as YYYY-MM-DD"),
        ("3 de abril de 22", f"{TWO_DIGIT_YEAR}: write it as YYYY-MM-DD"),
        ("4/3/22", f"{TWO_DIGIT_YEAR}, and its day and month read either way"),
        ("Monday, April 3, 2022", "names a Monday, but 2022-04-03 is a Sunday: which day is meant"),
        ("3 Apro 2022", "is not a YYYY-MM-DD date"),  # no month's name
        ("3 avril 2022 - 5 avril 2022", "is not a YYYY-MM-DD date"),  # two days
        ("April 3, 2022 - April 5, 2022", "is not a YYYY-MM-DD date"),  # two days
        ("2022-02-30", "is no day of the calendar"),
        ("31 April 2022", "is no day of the calendar"),
        ("02/30/2022", "is no day of the calendar"),
    ],
)
def test_a_date_that_names_no_one_day_is_not_read(written: str, why: str) -> None:
    d = deck((60, ISLAND, MAIN), metadata={"date": written})
    found = [f for f in check_deck(d, with_as_of(MODERN, AS_OF_DECK)) if f.code.startswith("DC2")]
    assert codes(found) == ["DC206"], [f.message for f in found]
    assert f"its date {written!r} {why}" in found[0].message


def test_a_companion_is_not_offered_where_the_history_does_not_answer() -> None:
    """Under --as-of the companion card's own legality is the history's: banned, legal, or, on a
    day the history does not cover, not known, so a condition the deck meets is undetermined."""
    from deckcheck.rules.companions import evaluate

    d = deck((60, ISLAND, MAIN))

    def lurrus(day: str) -> Any:
        results = evaluate(d, with_as_of(MODERN, day), {LURRUS.name: LURRUS}.get)
        return next(r for r in results if r.companion == LURRUS.name)

    assert lurrus("2021-06-01").eligible is True
    assert lurrus("2022-03-07").eligible is False  # banned in Modern that day
    uncovered = lurrus("2024-01-01")
    assert uncovered.eligible is None
    assert any("history does not answer" in p for p in uncovered.placement)


def test_a_deck_without_a_date_is_not_verified() -> None:
    d = deck((60, ISLAND, MAIN))
    found = [f for f in check_deck(d, with_as_of(MODERN, AS_OF_DECK)) if f.code.startswith("DC2")]
    assert codes(found) == ["DC206"] and "no date" in found[0].message
    d.parsed.metadata["date"] = "soon"  # type: ignore[union-attr]
    found = [f for f in check_deck(d, with_as_of(MODERN, AS_OF_DECK)) if f.code.startswith("DC2")]
    assert codes(found) == ["DC206"] and "'soon'" in found[0].message


def test_an_uncovered_date_is_a_clear_error() -> None:
    d = deck((60, ISLAND, MAIN))
    found = check_deck(d, with_as_of(MODERN, "2024-01-01"))
    error = next(f for f in found if f.code == "DC206")
    assert "2011-05-19 to 2022-06-02" in error.message and error.severity.name == "ERROR"
    pauper = next(
        f for f in check_deck(d, with_as_of(get_format("pauper"), "2020-01-01")) if f.code == "DC206"
    )
    assert "none for this format" in pauper.message


def test_cards_without_printings_are_listed_as_not_verified() -> None:
    bare = card("Bare Bear", "{1}", "Creature — Bear", legal={"modern": "legal"})
    d = deck((56, ISLAND, MAIN), (4, bare, MAIN))
    found = check_deck(d, with_as_of(MODERN, "2021-01-01"))
    unverified = next(f for f in found if f.code == "DC207")
    assert dict(unverified.data)["cards"] == ["Bare Bear"]
    assert "not verified for 1 card whose card data lists no printings: Bare Bear" in unverified.message
    assert not any(f.code in {"DC201", "DC202"} for f in found)


def test_restricted_cards_on_a_date_allow_one_copy() -> None:
    vintage = with_as_of(get_format("vintage"), "2022-03-01")
    assert "DC203" not in codes(check_deck(deck((59, ISLAND, MAIN), (1, BLACK_LOTUS, MAIN)), vintage))
    assert "DC203" in codes(check_deck(deck((58, ISLAND, MAIN), (2, BLACK_LOTUS, MAIN)), vintage))


def test_the_bundled_history_is_what_the_generator_writes() -> None:
    """The committed table parses, and every format's states are in date order inside its coverage."""
    raw = json.loads(Path(__file__).resolve().parents[2].joinpath("data", "format_history.json").read_text())
    history: History = history_from_json(raw, "data/format_history.json")
    assert set(history.formats) == {"standard", "modern", "pioneer", "legacy", "vintage"}
    for fmt in history.formats.values():
        assert fmt.states[0].effective == fmt.covered_from


def test_a_record_with_malformed_printings_is_rejected() -> None:
    with pytest.raises(CardDataError, match="printings"):
        card("Bad Bear", "{1}", "Creature — Bear", printings="M10")
    with pytest.raises(CardDataError, match="set codes"):
        card("Bad Bear", "{1}", "Creature — Bear", printings=["M10", 3])


def _generator() -> Any:
    import importlib.util
    import sys

    path = Path(__file__).resolve().parents[2] / "scripts" / "make_format_history.py"
    spec = importlib.util.spec_from_file_location("make_format_history", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def test_the_generator_dates_late_changes_by_their_announcement() -> None:
    """The generator's last step moves a ban Forge records with the next set to its announcement's
    date, and applying it again changes nothing (the committed file went through it)."""
    generator = _generator()
    formats = {
        "legacy": {
            "note": "Legacy.",
            "changes": [
                {"effective": "2019-11-15", "name": "Legacy (GN2)", "sets": {"add": ["MH1"]}},
                {"effective": "2020-01-24", "name": "Legacy (THB)", "banned": {"add": ["Wrenn and Six"]}},
            ],
        }
    }
    generator.apply_announced(formats)
    once = json.dumps(formats, sort_keys=True)
    changes = formats["legacy"]["changes"]
    assert [c["effective"] for c in changes] == ["2019-11-15", "2019-11-22", "2020-01-24"]
    assert changes[1] == {
        "effective": "2019-11-22",
        "name": "Legacy (2019-11-22)",
        "banned": {"add": ["Wrenn and Six"]},
    }
    assert "banned" not in changes[2]
    assert "Wrenn and Six (banned) from 2019-11-22" in formats["legacy"]["note"]
    generator.apply_announced(formats)
    assert json.dumps(formats, sort_keys=True) == once
    committed = json.loads(
        Path(__file__)
        .resolve()
        .parents[2]
        .joinpath("data", "format_history.json")
        .read_text(encoding="utf-8")
    )
    before = json.dumps(committed, sort_keys=True)
    generator.apply_announced(committed["formats"])
    assert json.dumps(committed, sort_keys=True) == before


def test_a_magic_online_deck_in_the_days_before_a_change_is_not_verified() -> None:
    """The history's dates are tabletop dates; Magic Online applies a ban on the day it is announced
    (Felidar Guardian: banned in Pioneer from 2019-11-08 in tabletop play, announced 2019-11-04).
    An event deck of 2019-11-06 is not verified for it; a paper list of that day is legal; from the
    tabletop date on, the event deck's Felidar Guardian is banned."""
    felidar = printed("Felidar Guardian", "AER")
    pioneer = with_as_of(get_format("pioneer"), AS_OF_DECK)

    def findings(input_format: str, day: str) -> list[Any]:
        cards = [DeckCard(Entry(4, felidar.name, MAIN, line=1), felidar)]
        cards.append(DeckCard(Entry(56, ISLAND.name, MAIN, line=2), ISLAND))
        played = {PLAYED_ON: MAGIC_ONLINE} if input_format == "event" else {}
        parsed = ParsedDeck("deck", input_format, metadata={"date": day, **played})
        return check_deck(Deck("deck", cards, parsed), pioneer)

    event = findings("event", "2019-11-06")
    (note,) = [f for f in event if f.code == "DC015"]
    assert "Felidar Guardian (banned from 2019-11-08)" in note.message and "Magic Online" in note.message
    assert "DC201" not in codes(event)
    assert "DC201" not in codes(findings("text", "2019-11-06")) and "DC015" not in codes(
        findings("text", "2019-11-06")
    )
    assert "DC201" in codes(findings("event", "2019-11-20"))  # (12 days after: in force online too)
    # four days after the history starts: what Magic Online had in force may be older than it
    assert "DC015" not in codes(findings("event", "2019-10-25"))
    assert "DC206" in codes(findings("event", "2019-10-25")) and "DC206" not in codes(
        findings("text", "2019-10-25")
    )


def _modern_event_findings(card_: Card, day: str) -> list[Any]:
    cards = [DeckCard(Entry(4, card_.name, MAIN, line=1), card_)]
    cards.append(DeckCard(Entry(56, ISLAND.name, MAIN, line=2), ISLAND))
    parsed = ParsedDeck("deck", "event", metadata={"date": day, PLAYED_ON: MAGIC_ONLINE})
    return check_deck(Deck("deck", cards, parsed), with_as_of(MODERN, AS_OF_DECK))


def test_a_magic_online_deck_in_the_days_after_a_change_magic_online_applied_late_is_not_verified() -> None:
    """Second Sunrise: banned in Modern from 2013-05-03 in tabletop play, on Magic Online from
    2013-05-13 (the announcement of 2013-04-22 gives both): an event deck of 2013-05-05 is not
    charged with a ban Magic Online had not applied; from 12 days after, it is."""
    sunrise = printed("Second Sunrise", "MRD", type_line="Instant")
    early = _modern_event_findings(sunrise, "2013-05-05")
    (note,) = [f for f in early if f.code == "DC015"]
    assert "Second Sunrise (banned from 2013-05-03, legal before)" in note.message
    assert "DC201" not in codes(early)
    assert "DC201" in codes(_modern_event_findings(sunrise, "2013-05-15"))


def test_a_magic_online_deck_nine_days_before_a_tabletop_change_is_not_verified() -> None:
    """Gitaxian Probe: banned in Modern from 2017-01-20 in tabletop play, on Magic Online from
    2017-01-11 (nine days earlier): an event deck of 2017-01-12 is not called legal."""
    probe = printed("Gitaxian Probe", "NPH", type_line="Sorcery")
    (note,) = [f for f in _modern_event_findings(probe, "2017-01-12") if f.code == "DC015"]
    assert "Gitaxian Probe (banned from 2017-01-20)" in note.message
    assert "DC015" not in codes(_modern_event_findings(probe, "2017-01-05"))


@pytest.mark.parametrize("fmt", ["legacy", "vintage"])
def test_a_magic_online_deck_of_the_history_s_first_or_last_days_is_not_verified(fmt: str) -> None:
    """Legacy's and Vintage's history starts on 2019-11-15 and ends on 2022-06-02. A change Magic
    Online applied up to 11 days late may date from before the start, one it applied up to 9 days
    early from after the end: an event deck of those days is not checked (DC206), not passed; a paper
    list of the same day is, and so is an event deck 11 days after the start, 9 before the end."""
    spec = with_as_of(get_format(fmt), AS_OF_DECK)

    def findings(day: str, *, online: bool = True) -> list[Any]:
        played = {PLAYED_ON: MAGIC_ONLINE} if online else {}
        return check_deck(deck((4, OKO, MAIN), (56, ISLAND, MAIN), metadata={"date": day, **played}), spec)

    for day in ("2019-11-15", "2019-11-25", "2022-05-25", "2022-06-02"):
        found = findings(day)
        (note,) = [f for f in found if f.code == "DC206"]
        assert "on Magic Online cannot be checked" in note.message, day
        assert "DC205" not in codes(found), day
        assert "DC206" not in codes(findings(day, online=False)), day
    assert "starts on 2019-11-15" in next(f for f in findings("2019-11-25") if f.code == "DC206").message
    assert "ends on 2022-06-02" in next(f for f in findings("2022-05-25") if f.code == "DC206").message
    for day in ("2019-11-26", "2022-05-24"):
        assert "DC206" not in codes(findings(day)) and "DC205" in codes(findings(day)), day
    # a card's own dated status, which the companions read, is not known either
    from deckcheck.history import dated_status

    online = deck((56, ISLAND, MAIN), metadata={"date": "2019-11-20", PLAYED_ON: MAGIC_ONLINE})
    paper = deck((56, ISLAND, MAIN), metadata={"date": "2019-11-20"})
    assert dated_status(ISLAND, online, spec) is None and dated_status(ISLAND, paper, spec) == "legal"


def test_a_set_magic_online_released_late_leaves_a_magic_online_deck_verified() -> None:
    """A card of a set that joined Modern days before the deck is legal online too (an online deck
    holds it only once Magic Online released it): a set's joining alone puts nothing in doubt."""
    lurrus = _modern_event_findings(LURRUS, "2020-04-28")  # IKO: 2020-04-24
    assert "DC015" not in codes(lurrus) and "DC202" not in codes(lurrus)


def test_a_day_named_for_the_run_says_the_deck_s_own_date_it_did_not_use() -> None:
    """--as-of 2019-08-30 judges a list dated 2019-08-29 (Hogaak banned in between) as of the day
    named, and says the deck's own date was not the day judged; with the same day it says nothing."""
    d = deck((4, HOGAAK, MAIN), (56, ISLAND, MAIN), metadata={"date": "2019-08-29"})
    (note,) = [f for f in check_deck(d, with_as_of(MODERN, "2019-08-30")) if f.code == "DC205"]
    assert "the deck's date 2019-08-29 is not the day judged" in note.message
    assert dict(note.data)["deck_date"] == "2019-08-29"
    (same,) = [f for f in check_deck(d, with_as_of(MODERN, "2019-08-29")) if f.code == "DC205"]
    assert "not the day judged" not in same.message and "deck_date" not in dict(same.data)


def test_a_text_decklist_that_says_it_was_played_on_magic_online_is_judged_so() -> None:
    """`// played on: Magic Online` in a text list is what an event document's decks say: the same
    allowance for Magic Online's own dates (Second Sunrise, 2013-05-05)."""
    from deckcheck.decklist import parse_text

    sunrise = printed("Second Sunrise", "MRD", type_line="Instant")
    for played_on, code in (("// played on: Magic Online\n", "DC015"), ("", "DC201")):
        parsed = parse_text(f"// date: 2013-05-05\n{played_on}4 Second Sunrise\n56 Island\n")
        cards = [DeckCard(e, sunrise if e.name == sunrise.name else ISLAND) for e in parsed.entries]
        found = check_deck(Deck("deck", cards, parsed), with_as_of(MODERN, AS_OF_DECK))
        assert code in codes(found), played_on
