"""Cards the data does not know: counts never shrink, and a rule that depends on an unknown card is
undetermined (never passed), while a rule known cards already break stays broken and a rule the
unknown card cannot touch stays decided. One deck of each kind per companion and per rule."""

from __future__ import annotations

import datetime as dt
import json

import pandas as pd
import pytest
from click.testing import CliRunner

from deckcheck import frames
from deckcheck.cards.store import CardStore
from deckcheck.cli import cli
from deckcheck.deck import Entry, ParsedDeck, Zone
from deckcheck.engine import Report, check_parsed
from deckcheck.findings import Severity
from deckcheck.formats import get_format
from deckcheck.rules.companions import CompanionResult

STORE = CardStore.bundled()
UNKNOWN = "Zzyzx, Card From The Future"  # no card has this name
MAIN, SIDE, COMMANDER = Zone.MAIN, Zone.SIDEBOARD, Zone.COMMANDER


def check(fmt: str, *entries: tuple[int, str, Zone]) -> Report:
    parsed = ParsedDeck("deck.txt", "plain")
    parsed.entries = [Entry(q, n, z, line=i + 1) for i, (q, n, z) in enumerate(entries)]
    return check_parsed(parsed, STORE, get_format(fmt))


def codes(report: Report) -> list[str]:
    return [f.code for f in report.findings]


def verdict(report: Report, companion: str) -> bool | None:
    return next(c.eligible for c in report.companions if c.companion.startswith(companion))


# (companion, known cards that break its condition) — Vintage, where all ten are legal
BREAKERS = {
    "Gyruda": [(4, "Lightning Bolt", MAIN)],  # odd mana value
    "Jegantha": [(4, "Counterspell", MAIN)],  # {U}{U}
    "Kaheera": [(4, "Grizzly Bears", MAIN)],  # a Bear
    "Keruga": [(4, "Lightning Bolt", MAIN)],  # mana value 1
    "Lurrus": [(4, "Colossal Dreadmaw", MAIN)],  # a 6-mana permanent
    "Lutri": [(2, "Lightning Bolt", MAIN)],  # two of one name
    "Obosh": [(4, "Grizzly Bears", MAIN)],  # even mana value
    "Umori": [(2, "Lightning Bolt", MAIN), (2, "Grizzly Bears", MAIN)],  # no shared card type
    "Zirda": [(4, "Grizzly Bears", MAIN)],  # no activated ability
}


@pytest.mark.parametrize("companion", sorted(BREAKERS))
def test_an_unknown_card_in_the_starting_deck_leaves_a_companion_undetermined(companion: str) -> None:
    unknown = (2, UNKNOWN, MAIN) if companion == "Lutri" else (1, UNKNOWN, MAIN)
    report = check("vintage", (60 - unknown[0], "Mountain", MAIN), unknown)
    result = next(c for c in report.companions if c.companion.startswith(companion))
    assert result.eligible is None
    assert [(b.card, b.line) for b in result.unresolved] == [(UNKNOWN, 2)]
    assert companion not in " ".join(report.eligible_companions())


@pytest.mark.parametrize("companion", sorted(BREAKERS))
def test_known_breakers_decide_no_whatever_the_unknown_card_is(companion: str) -> None:
    known = BREAKERS[companion]
    rest = 60 - 1 - sum(q for q, _, _ in known)
    report = check("vintage", *known, (rest, "Mountain", MAIN), (1, UNKNOWN, MAIN))
    result = next(c for c in report.companions if c.companion.startswith(companion))
    assert result.eligible is False
    assert result.breakers
    near = [f.code for f in report.findings if f.code == "DC413" and (f.card or "").startswith(companion)]
    if companion == "Lutri":  # one copy of an unknown name cannot break Lutri: the cut is enough
        assert result.near_miss and near
    else:  # the cut would qualify the known cards only: not offered as a near miss
        assert not result.near_miss and not near


@pytest.mark.parametrize("companion", sorted(BREAKERS))
def test_an_unknown_card_outside_the_starting_deck_decides_nothing(companion: str) -> None:
    report = check("vintage", (60, "Mountain", MAIN), (3, UNKNOWN, SIDE))
    assert verdict(report, companion) is True


def test_lutri_depends_on_a_new_name_only_where_it_is_written_twice() -> None:
    # a name the data does not know and whose did-you-mean names nothing in the deck (a card newer
    # than the data) is no card the deck holds, even beside cards of like names
    once = check("vintage", (1, "Counterspell", MAIN), (58, "Mountain", MAIN), (1, UNKNOWN, MAIN))
    assert STORE.resolve(UNKNOWN).suggestions == ()
    assert verdict(once, "Lutri") is True
    split = check("vintage", (58, "Mountain", MAIN), (1, UNKNOWN, MAIN), (1, UNKNOWN.upper(), MAIN))
    assert verdict(split, "Lutri") is None  # two lines, one name: a second copy


def lutri(report: Report) -> CompanionResult:
    return next(c for c in report.companions if c.companion.startswith("Lutri"))


def test_lutri_is_not_verified_where_an_unknown_name_may_be_a_card_of_the_deck() -> None:
    # DC010 offers Counterspell for "Counterspel": if it is that, the deck holds two of one name
    report = check("vintage", (1, "Counterspell", MAIN), (1, "Counterspel", MAIN), (58, "Island", MAIN))
    (typo,) = [f for f in report.findings if f.code == "DC010"]
    assert "did you mean: Counterspell?" in typo.message
    result = lutri(report)
    assert result.eligible is None and not result.breakers
    assert [(b.card, b.line) for b in result.unresolved] == [("Counterspel", 2)]
    assert "Counterspell" in result.unresolved[0].reason
    assert "Lutri, the Spellchaser" not in report.eligible_companions()
    # declared, its note names the name and the card it may be
    declared = check(
        "vintage",
        (1, "Counterspell", MAIN),
        (1, "Counterspel", MAIN),
        (58, "Island", MAIN),
        (1, "Lutri, the Spellchaser", SIDE),
    )
    (note,) = [f for f in declared.findings if f.code == "DC015" and f.card == "Lutri, the Spellchaser"]
    assert "Counterspel may be Counterspell, which the starting deck holds" in note.message
    assert "DC401" not in codes(declared) and "DC412" not in codes(declared)


def test_lutri_is_not_verified_where_two_unknown_names_may_be_one_card() -> None:
    report = check("vintage", (1, "Counterspel", MAIN), (1, "Countrspell", MAIN), (58, "Island", MAIN))
    assert (
        STORE.resolve("Counterspel").suggestions
        == STORE.resolve("Countrspell").suggestions
        == ("Counterspell",)
    )
    result = lutri(report)
    assert result.eligible is None
    assert [b.card for b in result.unresolved] == ["Counterspel", "Countrspell"]
    assert all("another name the data does not know" in b.reason for b in result.unresolved)


def test_lutri_reads_no_land_nor_sideboard_card_in_a_did_you_mean() -> None:
    # "Islnd" may be Island: a land, which Lutri does not count
    land = check("vintage", (1, "Islnd", MAIN), (1, "Counterspell", MAIN), (58, "Island", MAIN))
    assert STORE.resolve("Islnd").suggestions == ("Island",)
    assert verdict(land, "Lutri") is True
    # the sideboard is not the starting deck: neither a card there nor an unknown name there counts
    aside = check("vintage", (1, "Counterspel", MAIN), (59, "Island", MAIN), (1, "Counterspell", SIDE))
    assert verdict(aside, "Lutri") is True
    both = check("vintage", (1, "Counterspell", MAIN), (59, "Island", MAIN), (1, "Counterspel", SIDE))
    assert verdict(both, "Lutri") is True


def test_lutri_reads_a_printed_name_typed_without_its_accents() -> None:
    # "Relampago" is no card, but Lightning Bolt's Spanish printed name "Relámpago" without its
    # accent: DC010 offers it, and if it is that, the deck holds two of one name
    report = check("vintage", (1, "Lightning Bolt", MAIN), (1, "Relampago", MAIN), (58, "Mountain", MAIN))
    assert STORE.resolve("Relampago").suggestions == ()  # no likely spelling besides
    (typo,) = [f for f in report.findings if f.code == "DC010"]
    assert "did you mean: Relámpago (Lightning Bolt)?" in typo.message
    result = lutri(report)
    assert result.eligible is None and not result.breakers
    assert [(b.card, b.line) for b in result.unresolved] == [("Relampago", 2)]
    assert "may be Lightning Bolt, which the starting deck holds" in result.unresolved[0].reason
    # ... or the card another name the data does not know may be
    shared = check("vintage", (1, "Relampago", MAIN), (1, "Lightning Blot", MAIN), (58, "Mountain", MAIN))
    assert [b.card for b in lutri(shared).unresolved] == ["Relampago", "Lightning Blot"]
    assert lutri(shared).eligible is None
    # the card it offers is not in the starting deck, or is a land ("Ile": Island's French "Île"):
    # Lutri is decided as before
    elsewhere = check("vintage", (1, "Relampago", MAIN), (1, "Counterspell", MAIN), (58, "Island", MAIN))
    assert verdict(elsewhere, "Lutri") is True
    aside = check("vintage", (1, "Relampago", MAIN), (59, "Mountain", MAIN), (1, "Lightning Bolt", SIDE))
    assert verdict(aside, "Lutri") is True
    land = check("vintage", (1, "Ile", MAIN), (1, "Counterspell", MAIN), (58, "Island", MAIN))
    assert "did you mean: Île (Island)" in next(f.message for f in land.findings if f.code == "DC010")
    assert verdict(land, "Lutri") is True


def test_lutri_reads_the_commander_in_a_did_you_mean() -> None:
    # the commander is part of the starting deck: a name that may be it leaves Lutri open where
    # Lutri may be a companion (freeform) ...
    deck = [(1, "Atreus, Impulsive Son", COMMANDER), (1, "Atreus Impulsive So", MAIN), (98, "Island", MAIN)]
    assert STORE.resolve("Atreus Impulsive So").suggestions == ("Atreus, Impulsive Son",)
    result = lutri(check("freeform", *deck))
    assert result.eligible is None
    assert [(b.card, b.line) for b in result.unresolved] == [("Atreus Impulsive So", 2)]
    assert "Atreus, Impulsive Son" in result.unresolved[0].reason
    new = check("freeform", (1, "Atreus, Impulsive Son", COMMANDER), (1, UNKNOWN, MAIN), (98, "Island", MAIN))
    assert verdict(new, "Lutri") is True
    # ... and changes nothing where Lutri is banned as a companion whatever the deck holds
    banned = lutri(check("commander", *deck))
    assert banned.eligible is False and banned.unresolved == ()


def test_umori_is_undetermined_when_the_known_cards_share_a_type() -> None:
    report = check("vintage", (4, "Grizzly Bears", MAIN), (55, "Forest", MAIN), (1, UNKNOWN, MAIN))
    assert verdict(report, "Umori") is None


def test_yorion_counts_unknown_cards_and_is_always_decided() -> None:
    enough = check("vintage", (76, "Mountain", MAIN), (4, UNKNOWN, MAIN))
    assert verdict(enough, "Yorion") is True
    short = check("vintage", (75, "Mountain", MAIN), (4, UNKNOWN, MAIN))
    yorion = next(c for c in short.companions if c.companion.startswith("Yorion"))
    assert yorion.eligible is False and yorion.add == 1
    assert "79 cards" in yorion.note


def test_a_declared_companion_that_depends_on_an_unknown_card_is_not_verified_not_an_error() -> None:
    report = check("vintage", (59, "Mountain", MAIN), (1, UNKNOWN, MAIN), (1, "Obosh, the Preypiercer", SIDE))
    assert "DC412" not in codes(report) and "DC401" not in codes(report)
    (note,) = [f for f in report.findings if f.code == "DC015" and f.card == "Obosh, the Preypiercer"]
    assert UNKNOWN in note.message and "line 2" in note.message


# -- construction rules ---------------------------------------------------------------------------
def test_sizes_count_unknown_cards_by_their_written_quantity() -> None:
    full = check("modern", (56, "Mountain", MAIN), (4, UNKNOWN, MAIN))
    assert "DC101" not in codes(full)
    short = check("modern", (50, "Mountain", MAIN), (4, UNKNOWN, MAIN))
    (small,) = [f for f in short.findings if f.code == "DC101"]
    assert "54 cards" in small.message
    sideboard = check("modern", (60, "Mountain", MAIN), (14, "Lightning Bolt", SIDE), (2, UNKNOWN, SIDE))
    assert "DC103" in codes(sideboard)


def test_copies_of_an_unknown_card_over_the_limit_are_undetermined() -> None:
    over = check("modern", (55, "Mountain", MAIN), (5, UNKNOWN, MAIN))
    assert "DC104" not in codes(over)
    (open_,) = [f for f in over.findings if f.code == "DC015" and f.card == UNKNOWN]
    assert "5 copies" in open_.message
    # across two lines written two ways
    split = check("modern", (55, "Mountain", MAIN), (3, UNKNOWN, MAIN), (2, UNKNOWN.lower(), SIDE))
    assert [f for f in split.findings if f.code == "DC015" and f.card == UNKNOWN]
    known = check("modern", (51, "Mountain", MAIN), (5, "Lightning Bolt", MAIN), (4, UNKNOWN, MAIN))
    assert "DC104" in codes(known)
    within = check("modern", (56, "Mountain", MAIN), (4, UNKNOWN, MAIN))
    assert not [f for f in within.findings if f.code == "DC015" and f.card == UNKNOWN]


# -- a line with no count whose name matches no card: one card, or none ---------------------------
# "Ramp" on a line of its own may be a card the data does not know, or a section word the reader
# does not know: read as 1 copy (DC003), it is 1 card or none, and a count it decides is not verified.
def open_rules(report: Report) -> list[str]:
    return [f.rule or "" for f in report.findings if f.code == "DC015" and "legality" not in (f.rule or "")]


COMMANDER_DECK = "Commander\n1 Kenrith, the Returned King\n\nDeck\nRamp\n1 Sol Ring\n{forests} Forest\n"


def test_a_line_with_no_count_that_names_no_card_does_not_make_a_deck_the_wrong_size() -> None:
    report = check_text(COMMANDER_DECK.format(forests=98), "commander")  # 100 or 101 cards
    assert "DC306" not in codes(report)
    (size,) = [f for f in report.findings if f.rule == "Commander deck size"]
    assert size.code == "DC015" and size.location.line == 5
    assert "100 or 101" in size.message and "Ramp (line 5) has no count" in size.message
    assert report.status == "not verified"
    # one card short or not: a pass that depends on it is not verified either
    short = check_text(COMMANDER_DECK.format(forests=97), "commander")  # 99 or 100
    assert "DC306" not in codes(short) and open_rules(short) == ["Commander deck size"]
    # broken either way: the error stands, and nothing is left open
    over = check_text(COMMANDER_DECK.format(forests=99), "commander")  # 101 or 102
    assert "DC306" in codes(over) and open_rules(over) == []
    # written with a count, the name is a card the data does not know: counted, as before
    counted = check_text(COMMANDER_DECK.format(forests=98).replace("Ramp", "1 Ramp"), "commander")
    assert "DC306" in codes(counted) and open_rules(counted) == []


def test_an_exact_size_inside_the_open_range_is_not_an_error() -> None:
    # 99 to 101: too few if neither line is a card, too many if both are, right if one is
    text = COMMANDER_DECK.format(forests=97).replace("Ramp", "Ramp\nDraw")
    report = check_text(text, "commander")
    assert "DC306" not in codes(report)
    (size,) = [f for f in report.findings if f.rule == "Commander deck size"]
    assert "99 to 101" in size.message


def test_a_sideboard_over_the_limit_only_by_such_a_line_is_not_verified() -> None:
    text = "4 Lightning Bolt\n56 Mountain\n\nSideboard\n15 Island\nNotes\n"
    report = check_text(text, "modern")
    assert "DC103" not in codes(report) and open_rules(report) == ["Modern sideboard size"]
    (size,) = [f for f in report.findings if f.rule == "Modern sideboard size"]
    assert "15 or 16 cards" in size.message
    over = check_text(text.replace("15 Island", "16 Island"), "modern")
    assert "DC103" in codes(over) and open_rules(over) == []


def test_a_minimum_met_only_by_such_a_line_is_not_verified() -> None:
    report = check_text("4 Lightning Bolt\n55 Mountain\nRamp\n", "modern")
    assert "DC101" not in codes(report) and open_rules(report) == ["Modern deck size"]
    assert report.status == "not verified" and report.legal is None
    # a line with no count that names a card is that card: nothing is open
    known = check_text("4 Lightning Bolt\n55 Mountain\nIsland\n", "modern")
    assert open_rules(known) == [] and known.status == "legal"


def test_a_list_with_no_counts_gets_one_finding_per_rule_it_leaves_open() -> None:
    # a Commander list written one name per line: its unknown names are most likely cards, but
    # whether it has 100 cards still depends on them, and one finding says so for them all
    names = ["Kenrith, the Returned King", "Sol Ring", "Ramp", "Card Draw", *["Forest"] * 96]
    text = "Commander\n" + "\n\nDeck\n".join([names[0], "\n".join(names[1:])]) + "\n"
    report = check_text(text, "commander")  # 100 read, 98 to 100 if either is no card
    assert "DC306" not in codes(report)
    assert open_rules(report) == ["Commander deck size"]
    (size,) = [f for f in report.findings if f.rule == "Commander deck size"]
    assert "98 to 100" in size.message and "Ramp (line 6), Card Draw (line 7) have no count" in size.message
    assert report.status == "not verified"


def test_a_commander_count_over_the_limit_only_by_such_a_line_is_not_verified() -> None:
    text = "Commander\nKenrith, the Returned King\nRamp\nTymna the Weaver\n\nDeck\n1 Sol Ring\n97 Forest\n"
    report = check_text(text, "commander")
    assert "DC303" not in codes(report)
    assert "number of commanders (CR 702.124g)" in open_rules(report)
    three = check_text(text.replace("Ramp", "Ramp\nThrasios, Triton Hero"), "commander")
    assert "DC303" in codes(three)  # three known commanders, whatever Ramp is


def test_yorions_count_that_depends_on_such_a_line_is_undetermined() -> None:
    # 79 or 80 cards: Yorion needs 80, so whether the deck qualifies depends on the line
    text = "4 Lightning Bolt\n75 Mountain\nRamp\n\nCompanion\n1 Yorion, Sky Nomad\n"
    report = check_text(text, "vintage")
    yorion = next(c for c in report.companions if c.companion.startswith("Yorion"))
    assert yorion.eligible is None and yorion.add == 0 and not yorion.near_miss
    assert [(b.card, b.line) for b in yorion.unresolved] == [("Ramp", 3)]
    (note,) = [f for f in report.findings if f.code == "DC015" and f.card == "Yorion, Sky Nomad"]
    assert "79 or 80 cards" in note.message and "Ramp (line 3) has no count" in note.message
    assert not [f for f in report.findings if f.code.startswith("DC4") and f.card == "Yorion, Sky Nomad"]
    # 78 or 79: short either way, by 1 or 2 cards: not eligible, and no near miss that may not qualify
    short = check_text(text.replace("75 Mountain", "74 Mountain"), "vintage")
    yorion = next(c for c in short.companions if c.companion.startswith("Yorion"))
    assert yorion.eligible is False and yorion.add == 1 and not yorion.near_miss
    assert "78 or 79 cards" in yorion.note and "add 1 or 2" in yorion.note
    # the companions table: the count and the line it depends on in the details, the cards to add
    # only in the fix
    from deckcheck.reporters import COMPANION_HEADERS, companion_row

    cells = companion_row(yorion, short.deck.starting_count(), short.format)
    row = dict(zip(COMPANION_HEADERS, cells, strict=True))
    assert row["fix"] == "add 1"
    assert row["details"].startswith(
        "the starting deck has 78 or 79 cards; Yorion needs 80 (60 + 20); Ramp (line 3)"
    )
    assert "add 1" not in row["details"]
    # 80 or 81, or the line written with a count: decided
    assert verdict(check_text(text.replace("75 Mountain", "76 Mountain"), "vintage"), "Yorion") is True
    assert verdict(check_text(text.replace("Ramp", "1 Ramp"), "vintage"), "Yorion") is True


def test_lutri_is_not_decided_by_such_a_line() -> None:
    # a name no card matches is no known card's: one such line is at most 1 copy; two are open
    # whatever they are (a line that is no card only takes a copy away)
    once = check_text("1 Lightning Bolt\n59 Mountain\nRamp\n", "vintage")
    assert verdict(once, "Lutri") is True
    twice = check_text("1 Lightning Bolt\n58 Mountain\nRamp\nRamp\n", "vintage")
    assert verdict(twice, "Lutri") is None


def test_legality_is_undetermined_with_an_unknown_card_but_known_bans_stay() -> None:
    open_ = check("modern", (56, "Mountain", MAIN), (4, UNKNOWN, MAIN))
    assert [f.rule for f in open_.findings if f.code == "DC015"] == ["Modern legality"]
    assert open_.status == "not verified" and open_.legal is None
    banned = check("vintage", (55, "Mountain", MAIN), (4, UNKNOWN, MAIN), (2, "Black Lotus", MAIN))
    assert "DC203" in codes(banned) and banned.status == "illegal" and banned.legal is False
    limited = check("limited", (36, "Mountain", MAIN), (4, UNKNOWN, MAIN))
    assert "DC015" not in codes(limited)  # no legality to check, no copy limit


def test_an_unknown_commander_is_still_the_commander() -> None:
    report = check("commander", (1, UNKNOWN, COMMANDER), (99, "Mountain", MAIN))
    assert "DC105" not in codes(report) and "DC306" not in codes(report)
    rules = {f.rule for f in report.findings if f.code == "DC015"}
    assert {"commander eligibility (CR 903.3)", "colour identity (CR 903.4)"} <= rules
    assert report.status == "not verified"


def test_each_unknown_commander_names_the_other_commanders_it_was_not_checked_with() -> None:
    other = "Yxzzy, Another Future Card"
    report = check(
        "commander",
        (1, "Tymna the Weaver", COMMANDER),
        (1, UNKNOWN, COMMANDER),
        (1, UNKNOWN.lower(), COMMANDER),  # the same card, written otherwise: one group
        (1, other, COMMANDER),
        (96, "Plains", MAIN),
    )
    eligibility = {f.card: f.message for f in report.findings if f.rule == "commander eligibility (CR 903.3)"}
    assert set(eligibility) == {UNKNOWN, other}
    assert eligibility[UNKNOWN].endswith(f"together with Tymna the Weaver, {other}")
    assert eligibility[other].endswith(f"together with Tymna the Weaver, {UNKNOWN}, {UNKNOWN.lower()}")


def test_an_unknown_partner_leaves_identity_undetermined_not_broken() -> None:
    report = check(
        "commander",
        (1, "Tymna the Weaver", COMMANDER),
        (1, UNKNOWN, COMMANDER),
        (1, "Lightning Bolt", MAIN),
        (97, "Plains", MAIN),
    )
    assert "DC304" not in codes(report)
    (open_,) = [f for f in report.findings if f.code == "DC015" and "identity" in (f.rule or "")]
    assert "Lightning Bolt" in open_.message
    # without the unknown partner the same card is an error
    known = check(
        "commander", (1, "Tymna the Weaver", COMMANDER), (1, "Lightning Bolt", MAIN), (98, "Plains", MAIN)
    )
    assert "DC304" in codes(known)


def test_an_unknown_card_in_a_five_colour_deck_cannot_break_identity() -> None:
    report = check(
        "commander", (1, "Golos, Tireless Pilgrim", COMMANDER), (1, UNKNOWN, MAIN), (98, "Wastes", MAIN)
    )
    identity = [f for f in report.findings if f.code == "DC015" and "identity" in (f.rule or "")]
    if STORE.get("Golos, Tireless Pilgrim").color_identity == frozenset("WUBRG"):  # type: ignore[union-attr]
        assert not identity
    else:
        assert identity


def test_singleton_copies_of_an_unknown_card_are_undetermined() -> None:
    report = check(
        "commander", (1, "Golos, Tireless Pilgrim", COMMANDER), (2, UNKNOWN, MAIN), (97, "Wastes", MAIN)
    )
    assert "DC307" not in codes(report)
    assert [
        f
        for f in report.findings
        if f.code == "DC015" and f.card == UNKNOWN and "singleton" in (f.rule or "")
    ]


# -- what the layers show ------------------------------------------------------------------------------
DECK_TEXT = f"// format: vintage\n59 Mountain\n1 {UNKNOWN}\n"


def test_text_and_json_say_not_verified(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "deck.txt"
    path.write_text(DECK_TEXT, encoding="utf-8")
    runner = CliRunner()
    text = runner.invoke(cli, ["check", str(path)])
    assert text.exit_code == 1
    assert "not verified: 1 unknown card" in text.output
    assert "60 main" in text.output and " legal" not in text.output.split("\n")[0]
    table = runner.invoke(cli, ["companions", str(path)])
    obosh = next(line for line in table.output.splitlines() if line.startswith("Obosh"))
    assert obosh.split()[3] == "?"
    assert "not verified: " in table.output and "Obosh, the Preypiercer" in table.output
    # ignoring the unknown-card findings does not make the deck pass
    ignored = runner.invoke(cli, ["check", "--ignore", "DC010,DC015", str(path)])
    assert ignored.exit_code == 1 and "not verified: 1 unknown card" in ignored.output
    document = json.loads(runner.invoke(cli, ["check", "--output", "json", str(path)]).output)
    deck = document["decks"][0]
    assert deck["legal"] is None and deck["status"] == "not verified" and deck["unknown_cards"] == 1
    obosh_record = next(c for c in deck["companions"] if c["companion"].startswith("Obosh"))
    assert obosh_record["eligible"] is None
    assert [u["card"] for u in obosh_record["unresolved"]] == [UNKNOWN]
    assert document["summary"]["not_verified"] == 1


def test_a_misspelt_duplicate_leaves_lutri_open_in_the_cli_and_frames(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "deck.txt"
    path.write_text("// format: vintage\n1 Counterspell\n1 Counterspel\n58 Island\n", encoding="utf-8")
    runner = CliRunner()
    table = runner.invoke(cli, ["companions", str(path)])
    row = next(line for line in table.output.splitlines() if line.startswith("Lutri"))
    assert row.split()[3] == "?"
    assert "Counterspel may be Counterspell, which the starting deck holds" in row
    document = json.loads(runner.invoke(cli, ["check", "--output", "json", str(path)]).output)
    record = next(c for c in document["decks"][0]["companions"] if c["companion"].startswith("Lutri"))
    assert record["eligible"] is None and [u["card"] for u in record["unresolved"]] == ["Counterspel"]
    (tmp_path / "new.txt").write_text(f"1 Counterspell\n1 {UNKNOWN}\n58 Island\n", encoding="utf-8")
    tables = frames.validate(tmp_path, format="vintage")
    vectorised = frames.companion_table(tmp_path, format="vintage")
    for companions in (tables.companions, vectorised):
        lutri_rows = companions[companions["companion"].str.startswith("Lutri")]
        eligible = dict(
            zip(
                lutri_rows["deck_id"].map(lambda p: str(p).rsplit("/", 1)[-1]),
                lutri_rows["eligible"],
                strict=True,
            )
        )
        assert pd.isna(eligible["deck.txt"]) and bool(eligible["new.txt"])


def test_frames_use_nullable_booleans_and_the_vectorised_table_agrees(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a.txt").write_text(DECK_TEXT, encoding="utf-8")
    (tmp_path / "b.txt").write_text("60 Mountain\n", encoding="utf-8")
    (tmp_path / "c.txt").write_text(f"56 Plains\n4 Lightning Bolt\n2 {UNKNOWN}\n", encoding="utf-8")
    tables = frames.validate(tmp_path, format="vintage")
    summary = tables.summary.set_index("path")
    assert summary["legal"].dtype == "boolean"
    legal = dict(zip(summary.index.map(lambda p: p.rsplit("/", 1)[-1]), summary["legal"], strict=True))
    assert pd.isna(legal["a.txt"]) and bool(legal["b.txt"]) and not pd.isna(legal["b.txt"])
    assert summary["unknown_cards"].tolist() == [1, 0, 2]
    vectorised = frames.companion_table(tmp_path, format="vintage")
    assert vectorised["eligible"].dtype == "boolean"
    pd.testing.assert_frame_equal(
        vectorised.reset_index(drop=True),
        tables.companions.reset_index(drop=True),
        check_categorical=False,
    )
    assert vectorised["eligible"].isna().sum() > 0


# -- card data of another day than the deck's----------------------------------------------------------------
def test_a_deck_dated_after_the_card_data_is_not_judged_by_older_legalities(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data_day = STORE.meta["oracle_as_of"][:10]
    later = f"{int(data_day[:4]) + 1}{data_day[4:]}"
    path = tmp_path / "deck.txt"
    path.write_text(f"// format: modern\n// date: {later}\n4 Lightning Bolt\n1 Black Lotus\n55 Mountain\n")
    document = json.loads(CliRunner().invoke(cli, ["check", "--output", "json", str(path)]).output)
    deck = document["decks"][0]
    codes = [f["code"] for f in deck["findings"]]
    assert "DC202" not in codes and deck["status"] == "not verified" and deck["legal"] is None
    (note,) = [f for f in deck["findings"] if f["code"] == "DC015"]
    assert note["data"]["deck_date"] == later and note["data"]["card_data_date"] == data_day
    assert [w["card"] for w in note["data"]["withheld"]] == ["Black Lotus"]  # named, not dropped
    assert "Black Lotus" in note["message"] and "deckcheck cards update" in note["message"]
    text = CliRunner().invoke(cli, ["check", str(path)])
    assert text.exit_code == 1 and "not verified: card data older than the deck" in text.output
    # the same deck dated the data's own day is judged by it
    path.write_text(f"// format: modern\n// date: {data_day}\n4 Lightning Bolt\n1 Black Lotus\n55 Mountain\n")
    again = CliRunner().invoke(cli, ["check", str(path)])
    assert "DC202" in again.output and "not verified" not in again.output


def test_a_deck_dated_before_the_card_data_is_not_judged_by_later_legalities(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The data's legalities describe its own day: a deck from a year before may be charged with a
    ban that came later (a 2019 Modern list is not "banned" for the Uro that Modern banned in 2021).
    It is not verified, and says how to judge it (--as-of deck, --as-of data)."""
    data_day = STORE.meta["oracle_as_of"][:10]
    earlier = f"{int(data_day[:4]) - 1}{data_day[4:]}"
    path = tmp_path / "deck.txt"
    path.write_text(f"// format: modern\n// date: {earlier}\n4 Lightning Bolt\n1 Black Lotus\n55 Mountain\n")
    document = json.loads(CliRunner().invoke(cli, ["check", "--output", "json", str(path)]).output)
    deck = document["decks"][0]
    assert "DC202" not in [f["code"] for f in deck["findings"]] and deck["status"] == "not verified"
    (note,) = [f for f in deck["findings"] if f["code"] == "DC015"]
    assert note["data"]["deck_date"] == earlier and note["data"]["card_data_date"] == data_day
    assert [w["card"] for w in note["data"]["withheld"]] == ["Black Lotus"]
    assert "before the day the card data describes" in note["message"] and "--as-of deck" in note["message"]
    text = CliRunner().invoke(cli, ["check", str(path)])
    assert text.exit_code == 1 and "not verified: card data newer than the deck" in text.output
    judged = CliRunner().invoke(cli, ["check", "--as-of", "data", str(path)])
    assert "DC202" in judged.output and "not verified" not in judged.output


def _days_after_the_data(days: int) -> str:
    return (dt.date.fromisoformat(STORE.meta["oracle_as_of"][:10]) + dt.timedelta(days=days)).isoformat()


def test_an_undated_deck_checked_long_after_the_card_data_is_not_verified(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """No date: the deck is judged for today. Card data up to 90 days old judges it; older data
    does not vouch for today's bans and legal sets: a clean deck is not "legal" and a banned card
    is withheld and named, never a pass and never a verdict from stale legalities."""
    clean, banned = tmp_path / "clean.txt", tmp_path / "banned.txt"
    clean.write_text("// format: modern\n4 Lightning Bolt\n56 Mountain\n")
    banned.write_text("// format: modern\n4 Lightning Bolt\n1 Black Lotus\n55 Mountain\n")
    monkeypatch.setenv("DECKCHECK_TODAY", _days_after_the_data(90))
    fresh = CliRunner().invoke(cli, ["check", str(clean), str(banned)])
    assert fresh.output.splitlines()[-1].startswith("2 decks checked: 1 legal, 1 illegal"), fresh.output
    assert "DC202" in fresh.output and "DC015" not in fresh.output
    monkeypatch.setenv("DECKCHECK_TODAY", _days_after_the_data(91))
    document = json.loads(CliRunner().invoke(cli, ["check", "-o", "json", str(clean), str(banned)]).output)
    for deck, withheld in zip(document["decks"], ([], ["Black Lotus"]), strict=True):
        codes = [f["code"] for f in deck["findings"]]
        assert deck["status"] == "not verified" and deck["legal"] is None and "DC202" not in codes
        (note,) = [f for f in deck["findings"] if f["code"] == "DC015"]
        assert note["data"]["checked_for"] == _days_after_the_data(91) and note["data"]["data_age_days"] == 91
        assert note["data"]["card_data_date"] == STORE.meta["oracle_as_of"][:10]
        assert [w["card"] for w in note["data"]["withheld"]] == withheld
        assert "91 days before today" in note["message"] and "deckcheck cards update" in note["message"]
        assert "--as-of data" in note["message"] and all(card in note["message"] for card in withheld)
    text = CliRunner().invoke(cli, ["check", str(clean)])
    assert text.exit_code == 1 and "not verified: card data 91 days old" in text.output.splitlines()[0]
    # a deck that says its date is judged for that day: by the data on the data's own day
    dated = clean.read_text()
    clean.write_text(f"// date: {_days_after_the_data(0)}\n" + dated)
    assert CliRunner().invoke(cli, ["check", str(clean)]).exit_code == 0
    clean.write_text(f"// date: {_days_after_the_data(-1)}\n" + dated)  # (not on the day before it)
    assert "card data newer than the deck" in CliRunner().invoke(cli, ["check", str(clean)]).output


def test_ignoring_a_not_verified_finding_decides_nothing(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """--ignore DC015 hides the note that the card data is too old for the day, but the deck's
    legality is still not known: not verified, exit 1, the verdict naming the ignored code. Ignoring
    a broken rule's code is the user's choice of rules: the deck is judged by the others."""
    monkeypatch.setenv("DECKCHECK_TODAY", _days_after_the_data(151))
    path = tmp_path / "deck.txt"
    path.write_text("// format: modern\n4 Lightning Bolt\n56 Mountain\n")
    ignored = CliRunner().invoke(cli, ["check", "--ignore", "DC015", str(path)])
    assert ignored.exit_code == 1, ignored.output
    assert "not verified: card data 151 days old (finding ignored: DC015)" in ignored.output
    assert "DC015" not in ignored.output.split("(finding ignored")[1].split("\n", 1)[1]  # not reported
    document = json.loads(
        CliRunner().invoke(cli, ["check", "-o", "json", "--select", "DC2", str(path)]).output
    )
    assert document["decks"][0]["status"] == "not verified" and document["decks"][0]["legal"] is None
    monkeypatch.setenv("DECKCHECK_TODAY", _days_after_the_data(0))
    path.write_text("// format: modern\n4 Lightning Bolt\n1 Black Lotus\n55 Mountain\n")
    casual = CliRunner().invoke(cli, ["check", "--ignore", "DC202", str(path)])
    assert casual.exit_code == 0 and "1 legal" in casual.output.splitlines()[-1]


def test_as_of_data_judges_by_the_card_data_however_old(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("DECKCHECK_TODAY", _days_after_the_data(1_000))
    path = tmp_path / "deck.txt"
    dated = f"// date: {_days_after_the_data(500)}\n"
    path.write_text(f"// format: modern\n{dated}4 Lightning Bolt\n56 Mountain\n")
    result = CliRunner().invoke(cli, ["check", "--as-of", "data", "-o", "json", str(path)])
    (deck,) = json.loads(result.output)["decks"]
    assert result.exit_code == 0 and deck["status"] == "legal"
    assert not [f for f in deck["findings"] if f["code"] in ("DC015", "DC205", "DC206")]
    assert deck["format_source"] == "declared in the file; legality as of the card data's own day"
    assert CliRunner().invoke(cli, ["check", str(path)]).exit_code == 1  # (dated after the data)
    (tmp_path / ".deckcheck.toml").write_text('as_of = "data"\n')
    assert CliRunner().invoke(cli, ["check", str(path)]).exit_code == 0
    summary = frames.validate([str(path)], as_of="data").summary
    assert bool(summary["legal"].iloc[0]) and not pd.isna(summary["legal"].iloc[0])


def test_a_companion_is_not_offered_on_card_data_too_old_for_the_day(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """Card data too old for the day an undated deck is judged for does not say whether a companion
    card is legal (Yorion, printed in 2020, was banned in Modern in October 2022): the condition met, the
    companion is "not verified", never "could be your companion"; a broken condition stays broken."""
    path = tmp_path / "deck.txt"
    path.write_text("// format: modern\n60 Mountain\nSideboard\n1 Kaheera, the Orphanguard\n")
    monkeypatch.setenv("DECKCHECK_TODAY", _days_after_the_data(90))
    fresh = CliRunner().invoke(cli, ["companions", "-o", "json", str(path)])
    (record,) = json.loads(fresh.output)["decks"]
    assert "Kaheera, the Orphanguard" in record["eligible"]
    assert "Lurrus of the Dream-Den" not in record["eligible"]  # banned in Modern, the data says
    monkeypatch.setenv("DECKCHECK_TODAY", _days_after_the_data(91))
    stale = CliRunner().invoke(cli, ["companions", "-o", "json", str(path)])
    (record,) = json.loads(stale.output)["decks"]
    assert record["eligible"] == []
    results = {c["companion"]: c for c in record["companions"]}
    for name in ("Kaheera, the Orphanguard", "Lurrus of the Dream-Den", "Gyruda, Doom of Depths"):
        assert results[name]["eligible"] is None and results[name]["unresolved"] == [], name
        short = name.split(",")[0].split(" of ")[0]
        assert f"{short}'s own legality in Modern is not known" in " ".join(results[name]["placement"])
    assert results["Yorion, Sky Nomad"]["eligible"] is False  # 60 cards: the condition decides
    assert not any("legality" in text for text in results["Yorion, Sky Nomad"]["placement"])
    check = CliRunner().invoke(cli, ["check", "-o", "json", str(path)])
    (deck,) = json.loads(check.output)["decks"]
    assert deck["status"] == "not verified" and not [c for c in deck["companions"] if c["eligible"]]
    (note,) = [f for f in deck["findings"] if f["card"] == "Kaheera, the Orphanguard"]
    assert (
        note["code"] == "DC015"
        and note["line"] == 4
        and "own legality in Modern is not known" in note["message"]
    )
    table = CliRunner().invoke(cli, ["companions", str(path)])
    assert "eligible companions: none; not verified: " in table.output
    # judged by the data's own day on purpose: offered as the data says
    by_data = CliRunner().invoke(cli, ["companions", "--as-of", "data", "-o", "json", str(path)])
    assert "Kaheera, the Orphanguard" in json.loads(by_data.output)["decks"][0]["eligible"]
    # the batch API says the same, and so does its vectorised companion table
    results_frame = frames.validate([str(path)])
    kaheera = results_frame.companions[results_frame.companions["companion"] == "Kaheera, the Orphanguard"]
    assert pd.isna(kaheera["eligible"].iloc[0])
    long = frames.load_decks([str(path)])
    vectorised = frames.companion_table(long, format="modern")
    assert pd.isna(vectorised.loc[vectorised["companion"] == "Kaheera, the Orphanguard", "eligible"].iloc[0])


def test_a_day_given_as_today_must_be_a_date(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "deck.txt"
    path.write_text("// format: modern\n4 Lightning Bolt\n56 Mountain\n")
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-13-01")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "DECKCHECK_TODAY: '2026-13-01' is not a date (YYYY-MM-DD)" in result.output


def test_commander_rules_known_cards_break_stay_broken() -> None:
    # identity: the commanders are known, one card outside them, one card unknown
    identity = check(
        "commander",
        (1, "Tymna the Weaver", COMMANDER),
        (1, "Lightning Bolt", MAIN),
        (1, UNKNOWN, MAIN),
        (97, "Plains", MAIN),
    )
    assert "DC304" in codes(identity)  # Bolt is outside, whatever the unknown card is
    assert [f for f in identity.findings if f.code == "DC015" and "identity" in (f.rule or "")]
    # singleton: two known copies break it; one copy of an unknown card cannot
    singleton = check(
        "commander",
        (1, "Golos, Tireless Pilgrim", COMMANDER),
        (2, "Lightning Bolt", MAIN),
        (1, UNKNOWN, MAIN),
        (96, "Wastes", MAIN),
    )
    assert "DC307" in codes(singleton)
    assert not [f for f in singleton.findings if f.code == "DC015" and "singleton" in (f.rule or "")]
    # eligibility: a known card that can never be a commander, beside an unknown partner
    eligibility = check(
        "commander", (1, "Grizzly Bears", COMMANDER), (1, UNKNOWN, COMMANDER), (98, "Forest", MAIN)
    )
    assert "DC301" in codes(eligibility) and eligibility.status == "illegal"
    assert "DC306" not in codes(eligibility)  # 100 cards with the unknown partner


def test_a_fully_known_deck_has_no_undetermined_rule() -> None:
    report = check("modern", (4, "Lightning Bolt", MAIN), (56, "Mountain", MAIN))
    assert "DC015" not in codes(report) and report.status == "legal" and report.legal is True
    assert all(c.eligible is not None and not c.unresolved for c in report.companions)


def test_a_date_the_history_does_not_cover_is_not_verified_not_illegal(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """DC206 says legality could not be checked on that day: the deck is not verified, and never
    "illegal" on the strength of a rule nobody could check."""
    path = tmp_path / "deck.txt"
    path.write_text("// format: pauper\n// date: 2021-06-01\n4 Lightning Bolt\n56 Mountain\n")
    document = json.loads(
        CliRunner().invoke(cli, ["check", "--as-of", "deck", "-o", "json", str(path)]).output
    )
    deck = document["decks"][0]
    assert "DC206" in [f["code"] for f in deck["findings"]]
    assert deck["status"] == "not verified" and deck["legal"] is None
    text = CliRunner().invoke(cli, ["check", "--as-of", "deck", str(path)]).output
    assert "not verified: 1 rule could not be checked" in text.splitlines()[0]


def test_no_legality_data_means_not_verified_not_illegal() -> None:
    """DC204 says the card data has no legality for the format at all: nothing was checked."""
    from deckcheck.value import replace

    spec = replace(get_format("modern"), legality_key="a-format-no-card-lists", legality_keys=())
    parsed = ParsedDeck("deck.txt", "plain")
    parsed.entries = [Entry(60, "Mountain", MAIN, line=1)]
    report = check_parsed(parsed, STORE, spec)
    assert "DC204" in codes(report)
    assert report.status == "not verified" and report.legal is None


# -- names in zones no rule counts ----------------------------------------------------------------------
# The maybeboard (a maybeboard or considering section, and any zone that is not part of the deck)
# counts toward no rule, so a name there that the card data does not know leaves nothing undecided:
# it is reported (a typo is worth telling), never an error, and the verdict is the counted zones'.
MAYBEBOARD_TEXT = (
    f"// format: modern\nDeck\n56 Plains\n4 Thraben Inspector\n\nMaybeboard\n1 {UNKNOWN}\n1 Lightnig Bolt\n"
)


TOKENS_COD = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
    <deckname>Young Pyro</deckname>
    <comments></comments>
    <zone name="main">
        <card number="4" name="Young Pyromancer"/>
        <card number="56" name="Mountain"/>
    </zone>
    <zone name="side">
        <card number="2" name="Duress"/>
    </zone>
    <zone name="tokens">
        <card number="1" name="Elemental"/>
        <card number="2" name="Lightning Bolt"/>
    </zone>
</cockatrice_deck>
"""


def check_text(text: str, fmt: str = "modern") -> Report:
    from deckcheck.decklist import parse_text

    return check_parsed(parse_text(text, "deck.txt"), STORE, get_format(fmt))


def test_an_unknown_name_in_the_maybeboard_is_a_warning_that_decides_nothing() -> None:
    report = check_text(MAYBEBOARD_TEXT)
    assert report.status == "legal" and report.legal is True and report.verified
    assert report.unknown_cards == 0 and not report.errors
    unknown = [f for f in report.findings if f.code == "DC016"]
    assert [(f.card, f.location.line, f.location.section) for f in unknown] == [
        (UNKNOWN, 7, "maybeboard"),
        ("Lightnig Bolt", 8, "maybeboard"),
    ]
    assert all(f.severity is Severity.WARNING for f in unknown)
    typo = unknown[1]
    assert "did you mean: Lightning Bolt" in typo.message and "maybeboard" in typo.message
    assert dict(typo.data)["suggestions"] == ["Lightning Bolt"] and dict(typo.data)["match"] == "unknown"
    assert not {"DC010", "DC011", "DC015"} & set(codes(report))


def test_an_unknown_name_in_the_main_deck_still_withholds_the_verdict() -> None:
    report = check_text(MAYBEBOARD_TEXT.replace("56 Plains", f"55 Plains\n1 {UNKNOWN}"))
    assert report.status == "not verified" and report.legal is None
    assert report.unknown_cards == 1  # the main deck's copy; the maybeboard's decides nothing
    assert [(f.code, f.location.section) for f in report.findings if f.card == UNKNOWN] == [
        ("DC010", "main"),
        ("DC016", "maybeboard"),
    ]
    assert "DC015" in codes(report)


def test_the_names_of_a_tokens_zone_are_noted_once_not_looked_up() -> None:
    """Tokens are not in the card data (nor cards of the deck): a Cockatrice deck that lists its
    tokens is judged by its deck and sideboard, with one note for the zone."""
    report = check_text(TOKENS_COD)
    assert report.parsed.input_format == "cod"
    assert report.status == "legal" and report.unknown_cards == 0 and not report.errors
    (note,) = [f for f in report.findings if f.code == "DC017"]
    assert note.severity is Severity.INFO
    assert note.message == (
        "zone 'tokens': 2 names not checked against the card data (tokens are not cards of the deck)"
    )
    assert (note.location.line, note.location.section) == (13, "maybeboard")
    assert [u["card"] for u in dict(note.data)["unchecked"]] == ["Elemental", "Lightning Bolt"]
    assert not {"DC010", "DC016", "DC012"} & set(codes(report))  # (not looked up, even a card's name)
    assert report.deck.count(Zone.MAYBEBOARD) == 3  # kept and counted as written, by no rule


@pytest.mark.parametrize(
    ("section", "kind"),
    [
        ("Tokens\n1 Elemental\n1 Treasure", "tokens"),
        ("Planar Deck\n1 Stensia\n1 Academy at Tolaria West", "planes"),
        ("Scheme Deck\n1 All in Good Time\n1 Behold the Power of Destruction", "schemes"),
    ],
)
def test_every_zone_that_holds_no_cards_of_the_data_is_noted_once(section: str, kind: str) -> None:
    report = check_text(f"// format: modern\nDeck\n60 Mountain\n\n{section}\n")
    assert report.status == "legal"
    (note,) = [f for f in report.findings if f.code == "DC017"]
    assert f"2 names not checked against the card data ({kind} are not cards of the deck)" in note.message


def test_a_line_marked_as_a_token_is_not_looked_up() -> None:
    report = check_text("// format: modern\n60 Mountain\n1 Elemental [token]\n")
    assert report.status == "legal"
    (note,) = [f for f in report.findings if f.code == "DC017"]
    assert note.message.startswith("lines marked as tokens: 1 name not checked")


def test_an_extra_zone_of_cards_is_looked_up_as_the_maybeboard_is() -> None:
    """A zone that is not part of the deck but holds cards (a precon's display commander,
    conspiracies, attractions) is looked up: a name the data does not know is DC016."""
    report = check_text("// format: modern\nDeck\n60 Mountain\n\nDisplay Commander\n1 Lightnig Bolt\n")
    assert report.status == "legal"
    assert [f.code for f in report.findings if f.card == "Lightnig Bolt"] == ["DC016"]
    assert "DC017" not in codes(report)


def test_maybeboard_names_in_text_and_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "maybe.txt"
    path.write_text(MAYBEBOARD_TEXT, encoding="utf-8")
    runner = CliRunner()
    text = runner.invoke(cli, ["check", str(path)])
    assert text.exit_code == 0, text.output
    summary = next(line for line in text.output.splitlines() if ": format modern" in line)
    assert summary.endswith("; 60 main: legal, 2 warnings")
    assert "note: 2 names matched no card: the bundled card set is a sample" in text.output
    assert "DC016 [warning] unknown card 'Lightnig Bolt' (did you mean: Lightning Bolt?)" in text.output
    assert "not verified" not in text.output
    assert runner.invoke(cli, ["check", "--strict", str(path)]).exit_code == 1
    document = json.loads(runner.invoke(cli, ["check", "-o", "json", str(path)]).output)
    (maybe,) = document["decks"]
    assert (maybe["status"], maybe["legal"], maybe["unknown_cards"]) == ("legal", True, 0)
    assert maybe["counts"]["maybeboard"] == 2 and maybe["warnings"] == 2 and maybe["errors"] == 0
    typo = next(f for f in maybe["findings"] if f["card"] == "Lightnig Bolt")
    assert (typo["code"], typo["slug"], typo["severity"]) == ("DC016", "uncounted-unknown-card", "warning")
    assert typo["data"]["match"] == "unknown" and typo["data"]["suggestions"] == ["Lightning Bolt"]
    assert document["summary"]["legal"] == 1 and document["summary"]["exit_code"] == 0


def test_a_cockatrice_deck_that_lists_its_tokens_in_text_and_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "tokens.cod"
    path.write_text(TOKENS_COD.replace("<comments>", "<comments>format: modern"), encoding="utf-8")
    runner = CliRunner()
    text = runner.invoke(cli, ["check", str(path)])
    assert text.exit_code == 0, text.output
    summary = next(line for line in text.output.splitlines() if ": format modern" in line)
    assert summary.endswith("; 60 main, 2 sideboard: legal")
    assert "DC010" not in text.output and "matched no card" not in text.output
    document = json.loads(runner.invoke(cli, ["check", "-o", "json", str(path)]).output)
    (tokens,) = document["decks"]
    assert (tokens["status"], tokens["legal"], tokens["unknown_cards"]) == ("legal", True, 0)
    assert tokens["counts"]["maybeboard"] == 3 and tokens["errors"] == tokens["warnings"] == 0
    note = next(f for f in tokens["findings"] if f["code"] == "DC017")
    assert (note["severity"], note["slug"], note["line"]) == ("info", "unchecked-zone", 13)
    assert (note["data"]["zone"], note["data"]["holds"]) == ("tokens", "tokens")
    assert [u["card"] for u in note["data"]["unchecked"]] == ["Elemental", "Lightning Bolt"]


def test_frames_judge_a_deck_by_the_zones_that_count(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a.txt").write_text(MAYBEBOARD_TEXT, encoding="utf-8")
    (tmp_path / "b.cod").write_text(TOKENS_COD, encoding="utf-8")
    (tmp_path / "c.txt").write_text(MAYBEBOARD_TEXT.replace("56 Plains", f"55 Plains\n1 {UNKNOWN}"))
    tables = frames.validate(tmp_path, format="modern")
    summary = tables.summary.set_index(tables.summary["path"].map(lambda p: p.rsplit("/", 1)[-1]))
    legal = summary["legal"].to_dict()
    assert legal["a.txt"] is True and legal["b.cod"] is True and pd.isna(legal["c.txt"])
    assert summary["unknown_cards"].to_dict() == {"a.txt": 0, "b.cod": 0, "c.txt": 1}
    codes_of = tables.findings.groupby(tables.findings["path"].map(lambda p: p.rsplit("/", 1)[-1]))["code"]
    found = {path: set(group) for path, group in codes_of}
    assert "DC016" in found["a.txt"] and "DC010" not in found["a.txt"]
    assert "DC017" in found["b.cod"] and "DC010" not in found["b.cod"]
    assert {"DC010", "DC016"} <= found["c.txt"]


def test_card_data_of_unknown_date_vouches_for_no_day(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """A store that does not say which day it describes (built by an older deckcheck from a file
    without a date, or a JSON file of records) cannot say whether today's bans are in it: its
    legalities are withheld as for data too old, by the engine and by the lean batch path alike.
    Records handed in by code (CardStore.from_records) are taken as current."""
    from deckcheck import card_facts
    from deckcheck.cards.store import write_store

    records = list(STORE.records())
    built = tmp_path / "cards.sqlite"
    write_store(
        records,
        built,
        meta={"source": "mtgjson", "updated_at": "yesterday"},
        facts=card_facts.facts_builder(),
    )
    as_json = tmp_path / "cards.json"
    as_json.write_text(json.dumps({"meta": {"source": "mine"}, "cards": records}), encoding="utf-8")
    clean, banned = tmp_path / "clean.txt", tmp_path / "banned.txt"
    clean.write_text("// format: modern\n4 Lightning Bolt\n56 Mountain\n")
    banned.write_text("// format: modern\n4 Lightning Bolt\n1 Black Lotus\n55 Mountain\n")
    for store in (built, as_json):
        monkeypatch.setenv("DECKCHECK_CARD_DB", str(store))
        text = CliRunner().invoke(cli, ["check", str(clean)])
        assert text.exit_code == 1 and "not verified: card data of unknown date" in text.output, text.output
        document = json.loads(
            CliRunner().invoke(cli, ["check", "-o", "json", str(clean), str(banned)]).output
        )
        for deck, withheld in zip(document["decks"], ([], ["Black Lotus"]), strict=True):
            assert deck["status"] == "not verified" and deck["legal"] is None
            (note,) = [f for f in deck["findings"] if f["code"] == "DC015"]
            assert note["data"]["card_data_date"] is None
            assert [w["card"] for w in note["data"]["withheld"]] == withheld
            assert (
                "does not say which day it describes" in note["message"] and "--data-date" in note["message"]
            )
        # the lean batch path (the built store has stored facts) says the same
        summary = frames.validate([str(clean), str(banned)], store=CardStore.open(store)).summary
        assert summary["legal"].isna().all(), summary
        # judged by the card data as it is, on purpose
        assert CliRunner().invoke(cli, ["check", "--as-of", "data", str(clean)]).exit_code == 0
        info = CliRunner().invoke(cli, ["cards", "info"])
        assert "date unknown" in info.output, info.output
        assert (
            json.loads(CliRunner().invoke(cli, ["cards", "info", "-o", "json"]).output)["data_date"] is None
        )
    in_memory = CardStore.from_records(records)
    parsed = ParsedDeck("deck.txt", "plain")
    parsed.entries = [Entry(4, "Lightning Bolt", MAIN, line=1), Entry(56, "Mountain", MAIN, line=2)]
    assert check_parsed(parsed, in_memory, get_format("modern")).status == "legal"
