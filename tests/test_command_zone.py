"""The command zone as MTGO, XMage and Cockatrice write it: the sideboard (or a CDR: comment) of a
Commander deck read as its command zone and companion, when exactly one reading fits."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from deckcheck.cards.store import CardStore
from deckcheck.command_zone import place
from deckcheck.deck import Deck, Zone
from deckcheck.decklist import parse_file, parse_text
from deckcheck.engine import Report, check_deck, check_parsed
from deckcheck.formats import get_format

LAYOUTS = Path(__file__).resolve().parent / "fixtures" / "layouts"
DECKS = Path(__file__).resolve().parents[1] / "data" / "decks"
STORE = CardStore.bundled()
KENRITH, JEGANTHA = "Kenrith, the Returned King", "Jegantha, the Wellspring"


def kenrith_main() -> list[str]:
    """The 99 of the Kenrith example deck, as card lines."""
    lines = (DECKS / "commander-kenrith.txt").read_text(encoding="utf-8").splitlines()
    start = lines.index("Deck")
    return [line for line in lines[start + 1 :] if line.strip()]


def without_sol_ring() -> list[str]:
    """98 cards."""
    return [line for line in kenrith_main() if line != "1 Sol Ring"]


def check(text: str, fmt: str = "commander", path: str = "<deck>") -> Report:
    return check_parsed(parse_text(text, path), STORE, get_format(fmt))


def zone_of(report: Report) -> dict[str, set[Zone]]:
    zones: dict[str, set[Zone]] = {}
    for dc in report.deck.cards:
        zones.setdefault(dc.card.name, set()).add(dc.zone)
    return zones


def codes(report: Report) -> list[str]:
    return [f.code for f in report.findings]


# -- real layouts -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["mtgo-commander.txt", "mtgo-commander.dek"])
def test_mtgo_commander_export_reads_its_sideboard_as_the_command_zone(name: str) -> None:
    parsed = parse_file(LAYOUTS / name)
    report = check_parsed(parsed, STORE, get_format("commander"))
    assert report.legal, [f.message for f in report.errors]
    assert zone_of(report)[KENRITH] == {Zone.COMMANDER}
    assert not {"DC103", "DC105", "DC306"} & set(codes(report))
    [note] = [f for f in report.findings if f.code == "DC106"]
    assert note.message == (
        f"read the sideboard as the command zone, as MTGO writes it: {KENRITH} as the commander"
    )
    written = next(e for e in parsed.entries if e.name == KENRITH)
    assert written.zone is Zone.SIDEBOARD  # the parser reads the file as written
    assert (note.location.line, note.location.section) == (written.line, "sideboard")
    # counts "as written" follow the zones the deck was checked in
    assert report.parsed.count(Zone.COMMANDER) == 1 and report.parsed.count(Zone.SIDEBOARD) == 0


def test_mtgo_duel_commander_list_with_commander_and_companion_in_the_sideboard() -> None:
    report = check_parsed(parse_file(LAYOUTS / "mtgo-duel-commander.txt"), STORE, get_format("duel"))
    assert report.legal, [f.message for f in report.errors]
    zones = zone_of(report)
    assert zones[KENRITH] == {Zone.COMMANDER} and zones[JEGANTHA] == {Zone.COMPANION}
    assert [c.companion for c in report.companions if c.declared] == [JEGANTHA]
    assert report.eligible_companions() == [JEGANTHA]
    [note] = [f for f in report.findings if f.code == "DC106"]
    assert note.message.endswith(f"{KENRITH} as the commander, {JEGANTHA} as the companion")


def test_xmage_commander_deck_with_sb_lines_and_a_long_layout_line() -> None:
    parsed = parse_file(LAYOUTS / "xmage-commander.dck")
    layout = [r for r in parsed.lines if r.text.startswith("LAYOUT MAIN")]
    assert len(layout[0].text) > 1000  # read as metadata, not refused as a too-long line
    assert parsed.input_format == "xmage" and parsed.problems == []
    report = check_parsed(parsed, STORE, get_format("commander"))
    assert report.legal, [f.message for f in report.errors]
    zones = zone_of(report)
    assert zones[KENRITH] == {Zone.COMMANDER} and zones[JEGANTHA] == {Zone.COMPANION}
    assert "as XMage writes it" in next(f.message for f in report.findings if f.code == "DC106")


def test_cockatrice_cdr_comment_names_the_commander_in_the_main_zone() -> None:
    parsed = parse_file(LAYOUTS / "cockatrice-commander.cod")
    assert parsed.declared_format == "commander" and parsed.metadata["commander"] == KENRITH
    report = check_parsed(parsed, STORE, get_format("commander"))
    assert report.legal, [f.message for f in report.errors]
    assert zone_of(report)[KENRITH] == {Zone.COMMANDER}
    [note] = [f for f in report.findings if f.code == "DC106"]
    assert (
        note.message
        == f"read {KENRITH} as the commander, as the list's comments name it (CDR: or commander:)"
    )


def test_cockatrice_partners_in_the_side_zone_both_named() -> None:
    parsed = parse_file(LAYOUTS / "cockatrice-partners.cod")
    assert parsed.metadata["commander"] == "Thrasios, Triton Hero; Tymna the Weaver"
    report = check_parsed(parsed, STORE, get_format("commander"))
    assert report.legal, [f.message for f in report.errors]
    assert report.deck.count(Zone.COMMANDER) == 2 and report.deck.count(Zone.SIDEBOARD) == 0


# -- what a sideboard can be read as ------------------------------------------------------------
def mtgo(main: list[str], sideboard: list[str]) -> str:
    return "\n".join(main) + "\n\n" + "\n".join(sideboard) + "\n"


def test_partner_pair_in_the_sideboard() -> None:
    lines = (DECKS / "commander-partners.txt").read_text(encoding="utf-8").splitlines()
    main = [line for line in lines[lines.index("Deck") + 1 :] if line.strip()]
    report = check(mtgo(main, ["1 Thrasios, Triton Hero", "1 Tymna the Weaver"]))
    assert report.legal, [f.message for f in report.errors]
    assert report.deck.count(Zone.COMMANDER) == 2


def test_two_readings_stay_one_dc105_naming_both() -> None:
    # Lurrus and Kaheera are both legendary creatures with companion: either could lead.
    report = check(mtgo(kenrith_main(), ["1 Lurrus of the Dream-Den", "1 Kaheera, the Orphanguard"]))
    assert "DC106" not in codes(report)
    [ambiguous] = [f for f in report.findings if f.code == "DC105"]
    assert "could be the command zone in 2 ways" in ambiguous.message
    assert "Lurrus of the Dream-Den as the commander, Kaheera, the Orphanguard as the companion" in (
        ambiguous.message
    )
    assert "Kaheera, the Orphanguard as the commander, Lurrus of the Dream-Den as the companion" in (
        ambiguous.message
    )
    assert dict(ambiguous.data)["candidates"] == ["Lurrus of the Dream-Den", "Kaheera, the Orphanguard"]
    assert report.deck.count(Zone.SIDEBOARD) == 2  # as written


def test_two_readings_leave_the_deck_not_verified_not_illegal() -> None:
    # Each reading makes the deck 100 cards with no sideboard: the size and sideboard findings hold
    # of the list as written only, which no reading is.
    report = check(mtgo(["99 Plains"], [f"1 {JEGANTHA}", "1 Kaheera, the Orphanguard"]))
    assert not {"DC103", "DC306"} & set(codes(report)), [f.message for f in report.errors]
    assert "DC105" in codes(report)
    assert report.status == "not verified" and report.legal is None
    # what is true under every reading stays: a banned card in the 99
    banned = check(
        mtgo(["98 Plains", "1 Dockside Extortionist"], [f"1 {JEGANTHA}", "1 Kaheera, the Orphanguard"])
    )
    assert "DC201" in codes(banned) and not {"DC103", "DC306"} & set(codes(banned))
    assert banned.status == "illegal"


def test_a_real_sideboard_is_not_a_command_zone() -> None:
    main = kenrith_main()[:85]
    side = [*kenrith_main()[85:], f"1 {KENRITH}"]
    report = check(mtgo(main, side))
    assert "DC106" not in codes(report)
    assert report.deck.count(Zone.COMMANDER) == 0
    [generic] = [f for f in report.findings if f.code == "DC105"]
    assert "no commander marked" in generic.message and KENRITH in generic.message


def test_a_reading_must_make_the_deck_its_size() -> None:
    report = check(mtgo(without_sol_ring(), [f"1 {KENRITH}"]))  # 98 + 1
    assert report.deck.count(Zone.COMMANDER) == 0 and "DC106" not in codes(report)
    assert "DC105" in codes(report)


def test_an_ineligible_card_is_no_commander() -> None:
    report = check(mtgo(kenrith_main(), ["1 Lightning Bolt"]))
    assert report.deck.count(Zone.COMMANDER) == 0 and "DC106" not in codes(report)


def test_cards_under_a_commander_header_are_never_moved() -> None:
    text = (
        "Commander\n1 Sol Ring\n\nDeck\n"
        + "\n".join(line for line in kenrith_main() if line != "1 Sol Ring")
        + f"\n1 Lightning Greaves\n\nSideboard\n1 {KENRITH}\n"
    )
    report = check(text)
    zones = zone_of(report)
    assert zones["Sol Ring"] == {Zone.COMMANDER} and zones[KENRITH] == {Zone.SIDEBOARD}
    assert "DC301" in codes(report) and "DC106" not in codes(report)


def test_with_a_commander_section_a_lone_companion_in_the_sideboard_is_the_companion() -> None:
    text = f"Commander\n1 {KENRITH}\n\nDeck\n" + "\n".join(kenrith_main()) + f"\n\nSideboard\n1 {JEGANTHA}\n"
    report = check(text)
    assert report.legal, [f.message for f in report.errors]
    assert zone_of(report)[JEGANTHA] == {Zone.COMPANION}
    assert "DC403" not in codes(report)
    [note] = [f for f in report.findings if f.code == "DC106"]
    assert report.parsed.input_format == "arena"
    assert note.message == (
        f"read the sideboard as the command zone, as MTGO and XMage write it: {JEGANTHA} as the companion"
    )


def _counted(lines: list[str]) -> list[tuple[int, str]]:
    return [(int(count), name) for count, _, name in (line.partition(" ") for line in lines)]


def _tappedout() -> str:
    rows = "".join(f"<li>{n}x <a>{name}</a></li>" for n, name in _counted(kenrith_main()))
    board = (
        f"<h3>Commander (1)</h3><ul><li>1x <a>{KENRITH}</a></li></ul>"
        f"<h3>Main</h3><ul>{rows}</ul><h3>Sideboard (1)</h3><ul><li>1x <a>{JEGANTHA}</a></li></ul>"
    )
    return json.dumps({"title": "Kenrith", "board": board})


def _tcgplayer() -> str:
    cards = {"1": {"name": KENRITH}, "2": {"name": JEGANTHA}}
    main = []
    for index, (n, name) in enumerate(_counted(kenrith_main()), start=10):
        cards[str(index)] = {"name": name}
        main.append({"cardID": index, "quantity": n})
    sub_decks = {
        "commandzone": [{"cardID": 1, "quantity": 1}],
        "maindeck": main,
        "sideboard": [{"cardID": 2, "quantity": 1}],
    }
    return json.dumps({"result": {"deck": {"name": "Kenrith", "subDecks": sub_decks}, "cards": cards}})


def _scryfall_csv() -> str:
    rows = [f'commanders,1,"{KENRITH}"'] + [f'nonlands,{n},"{name}"' for n, name in _counted(kenrith_main())]
    return "section,count,name\n" + "\n".join([*rows, f'outside,1,"{JEGANTHA}"']) + "\n"


@pytest.mark.parametrize(
    ("text", "path", "source"),
    [
        (_tappedout, "deck.json", "as TappedOut writes it"),
        (_tcgplayer, "deck.json", "as TCGplayer writes it"),
        (_scryfall_csv, "deck.csv", "as Scryfall's deck CSV writes it (its section outside the game)"),
    ],
    ids=["tappedout", "tcgplayer", "scryfall-csv"],
)
def test_the_note_names_the_source_that_keeps_the_companion_in_the_sideboard(
    text: Callable[[], str], path: str, source: str
) -> None:
    report = check(text(), path=path)
    assert report.legal, [f.message for f in report.errors]
    assert zone_of(report)[JEGANTHA] == {Zone.COMPANION}
    [note] = [f for f in report.findings if f.code == "DC106"]
    assert note.message == f"read the sideboard as the command zone, {source}: {JEGANTHA} as the companion"


def test_an_unknown_sideboard_card_is_not_read_as_anything() -> None:
    report = check(mtgo(kenrith_main(), [f"1 {KENRITH}", "1 Not A Real Card Name"]))
    assert report.deck.count(Zone.COMMANDER) == 0 and "DC106" not in codes(report)
    assert "DC010" in codes(report)


def test_formats_without_a_command_zone_keep_the_sideboard() -> None:
    report = check(mtgo(kenrith_main(), [f"1 {KENRITH}"]), fmt="legacy")
    assert zone_of(report)[KENRITH] == {Zone.SIDEBOARD} and "DC106" not in codes(report)


def test_place_works_on_a_deck_built_from_cards() -> None:
    """The pandas API builds decks without a parsed decklist; the placement applies there too."""
    main = [(int(q), STORE.get(n), Zone.MAIN) for q, n in (line.split(" ", 1) for line in kenrith_main())]
    cards = [(q, c, z) for q, c, z in main if c is not None]
    kenrith = STORE.get(KENRITH)
    assert kenrith is not None and sum(q for q, _, _ in cards) == 99
    deck = Deck.from_cards([*cards, (1, kenrith, Zone.SIDEBOARD)])
    placement = place(deck, get_format("commander"))
    assert placement.moved and placement.deck.count(Zone.COMMANDER) == 1
    assert check_deck(deck, get_format("commander")).legal


def test_commander_comments_name_partners_even_when_one_is_unknown() -> None:
    """``# commander:`` lines (as deckcheck writes XMage lists) name the commanders; a named card
    that does not resolve is still the commander, so the deck keeps its size and the companion
    reading still sees 100 cards."""
    text = "# commander: Thrasios, Triton Hero\n# commander: Tymna the Unheard Of\n" + mtgo(
        without_sol_ring(), ["1 Thrasios, Triton Hero", "1 Tymna the Unheard Of", f"1 {JEGANTHA}"]
    )
    parsed = parse_text(text)
    assert parsed.metadata["commander"] == "Thrasios, Triton Hero; Tymna the Unheard Of"
    report = check_parsed(parsed, STORE, get_format("commander"))
    assert report.parsed.count(Zone.COMMANDER) == 2 and report.parsed.count(Zone.SIDEBOARD) == 0
    assert zone_of(report)[JEGANTHA] == {Zone.COMPANION}
    assert "DC010" in codes(report)


def test_a_comment_naming_a_card_not_in_the_list_decides_nothing() -> None:
    text = "// commander: Atraxa, Praetors' Voice\n" + "\n".join(kenrith_main()) + f"\n1 {KENRITH}\n"
    report = check(text)
    assert report.deck.count(Zone.COMMANDER) == 0 and "DC106" not in codes(report)
    assert "DC105" in codes(report)


def test_a_comment_with_a_misspelt_commander_is_named_in_the_finding() -> None:
    """The finding said "no commander marked ... Mark it with a 'Commander' section", though the
    list's comment names one, misspelt: it now quotes the comment and the card likely meant."""
    text = "// commander: Kenrith, the Returnd King\n" + "\n".join(kenrith_main()) + f"\n1 {KENRITH}\n"
    report = check(text)
    [finding] = [f for f in report.findings if f.code == "DC105"]
    assert finding.message.startswith(
        "a 100-card singleton deck whose comment names 'Kenrith, the Returnd King' as the commander, "
        f"but no card listed once in the deck or sideboard has that name (did you mean {KENRITH}?): "
    )
    assert "Correct the comment, or mark it with a 'Commander' section" in finding.message
    assert report.status == "not verified"
    far = check(text.replace("Kenrith, the Returnd King", "Atraxa, Praetors' Voice"))
    [finding] = [f for f in far.findings if f.code == "DC105"]
    assert """whose comment names "Atraxa, Praetors' Voice" as the commander""" in finding.message
    assert "did you mean" not in finding.message


def test_a_cockatrice_comment_that_merely_starts_with_commander_names_no_one() -> None:
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
        "    <comments>Commanders are fun\nFormat: EDH</comments>\n"
        '    <zone name="main">\n        <card number="1" name="Sol Ring"/>\n    </zone>\n'
        "</cockatrice_deck>\n"
    )
    parsed = parse_text(text)
    assert "commander" not in parsed.metadata and parsed.declared_format == "commander"


def test_the_modules_that_name_dc105_without_loading_the_commander_rules_name_it_right() -> None:
    """engine and command_zone write DC105 as a literal (importing rules.commander would load the
    Commander rules on every check): both must be the code the rules define."""
    from deckcheck import command_zone, engine
    from deckcheck.rules.commander import AMBIGUOUS_ZONES

    assert AMBIGUOUS_ZONES.code == command_zone.AMBIGUOUS_ZONES_CODE
    assert AMBIGUOUS_ZONES.code in engine.UNCHECKED_CODES


# -- Oathbreaker: XMage writes the Oathbreaker and its Signature Spell in the sideboard ------------------
def test_an_xmage_oathbreaker_deck_reads_its_sideboard_as_the_command_zone() -> None:
    text = (
        "1 [C16:1] Shock\n57 [M21:1] Mountain\n"
        "SB: 1 [C16:1] Daretti, Scrap Savant\nSB: 1 [M10:1] Lightning Bolt\n"
    )
    report = check(text, "oathbreaker", "oath.dck")
    assert report.legal, [f.message for f in report.errors]
    zones = zone_of(report)
    assert zones["Daretti, Scrap Savant"] == zones["Lightning Bolt"] == {Zone.COMMANDER}
    [note] = [f for f in report.findings if f.code == "DC106"]
    assert note.message == (
        "read the sideboard as the command zone, as XMage writes it: Daretti, Scrap Savant as the "
        "Oathbreaker, Lightning Bolt as the Signature Spell"
    )


def test_an_xmage_oathbreaker_deck_with_no_format_is_checked_as_oathbreaker() -> None:
    """No format given: 58 cards and an Oathbreaker and its Signature Spell in the sideboard are no
    limited deck (the Limited shape passed them, identity unchecked) but XMage's Oathbreaker layout:
    the Oathbreaker shape, its sideboard read as the command zone, the Signature Spell held to the
    Oathbreaker's colour identity (DC304). A sideboard of two planeswalkers is no such layout."""
    side = "SB: 1 [C16:1] Daretti, Scrap Savant\nSB: 1 [M10:1] {spell}\n"
    main = "1 [C16:1] Shock\n57 [M21:1] Mountain\n"
    report = check_parsed(parse_text(main + side.format(spell="Lightning Bolt"), "oath.dck"), STORE, None)
    assert report.format.name == "generic-oathbreaker" and report.status == "not verified"
    assert "as XMage writes an Oathbreaker deck" in report.inferred_because
    assert zone_of(report)["Lightning Bolt"] == {Zone.COMMANDER} and "DC106" in codes(report)
    blue = check_parsed(parse_text(main + side.format(spell="Counterspell"), "oath.dck"), STORE, None)
    assert blue.format.name == "generic-oathbreaker" and blue.status == "illegal"
    (outside,) = [f for f in blue.findings if f.code == "DC304"]
    assert outside.card == "Counterspell" and "outside the Oathbreaker's identity R" in outside.message
    walkers = "SB: 1 Daretti, Scrap Savant\nSB: 1 Nahiri, the Lithomancer\n"
    assert check_parsed(parse_text(main + walkers, "oath.dck"), STORE, None).format.name == "generic-limited"


def test_an_oathbreaker_sideboard_that_is_no_command_zone_is_kept() -> None:
    """Two planeswalkers and no Signature Spell, or a size other than 60: no reading."""
    for side in (
        "SB: 1 Daretti, Scrap Savant\nSB: 1 Nahiri, the Lithomancer\n",
        "SB: 1 Daretti, Scrap Savant\n",
    ):
        report = check(f"1 Shock\n57 Mountain\n{side}", "oathbreaker", "oath.dck")
        assert not [f for f in report.findings if f.code == "DC106"]
        assert "DC105" in codes(report)
