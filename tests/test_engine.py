"""Engine: name resolution findings and how findings name the cards the user wrote."""

from __future__ import annotations

import datetime as dt

import pytest

from deckcheck.cards.nondeck import MELD_RESULT, NonDeckCard
from deckcheck.cards.store import CardStore
from deckcheck.deck import Entry, ParsedDeck, Zone
from deckcheck.engine import Report, check_deck, resolve_deck
from deckcheck.findings import Severity
from deckcheck.formats import get_format
from tests.cardfactory import record

STORE = CardStore.from_records(
    [
        record(
            "Lightning Bolt",
            "{R}",
            "Instant",
            "Lightning Bolt deals 3 damage to any target.",
            identity=["R"],
            legal={"modern": "legal", "vintage": "legal"},
            printed_names={"de": ["Blitzschlag"]},
        ),
        record("Mountain", None, "Basic Land — Mountain", identity=["R"], legal={"modern": "legal"}),
        record("Twin A", "{1}", "Artifact", printed_names={"xx": ["Zwilling"]}),
        record("Twin B", "{2}", "Artifact", printed_names={"xx": ["Zwilling"]}),
        record("Lurrus of the Dream-Den", "{3}{W/B}{W/B}", "Legendary Creature — Cat Nightmare"),
    ]
)


def parsed(*entries: tuple[int, str, Zone]) -> ParsedDeck:
    deck = ParsedDeck("deck.txt", "plain")
    deck.entries = [Entry(q, n, z, line=i + 1) for i, (q, n, z) in enumerate(entries)]
    return deck


def test_unknown_and_ambiguous_names_are_errors_with_lines() -> None:
    deck, findings = resolve_deck(
        parsed((4, "Lightning Blot", Zone.MAIN), (1, "Zwilling", Zone.MAIN), (20, "Mountain", Zone.MAIN)),
        STORE,
    )
    by_code = {f.code: f for f in findings}
    assert by_code["DC010"].location.line == 1
    assert "did you mean: Lightning Bolt" in by_code["DC010"].message
    assert by_code["DC011"].location.line == 2
    assert "Twin A" in by_code["DC011"].message and "Twin B" in by_code["DC011"].message
    assert [c.card.name for c in deck.cards] == ["Mountain"]


def test_unknown_and_ambiguous_names_in_the_maybeboard_are_warnings() -> None:
    """No rule counts the maybeboard: its names the data does not know, or knows twice, are DC016
    warnings (DC010's and DC011's messages) and leave the deck's verdict to the zones that count."""
    deck, findings = resolve_deck(
        parsed(
            (60, "Mountain", Zone.MAIN),
            (4, "Lightning Blot", Zone.MAYBEBOARD),
            (1, "Zwilling", Zone.MAYBEBOARD),
        ),
        STORE,
    )
    assert [(f.code, f.severity.name, f.location.line) for f in findings] == [
        ("DC016", "WARNING", 2),
        ("DC016", "WARNING", 3),
    ]
    typo, twins = findings
    assert "did you mean: Lightning Bolt" in typo.message and dict(typo.data)["match"] == "unknown"
    assert "Twin A" in twins.message and dict(twins.data)["match"] == "ambiguous"
    assert all(f.message.endswith("it is in the maybeboard, which no rule counts") for f in findings)
    assert [e.name for e in deck.unresolved] == ["Lightning Blot", "Zwilling"]  # kept, as written
    report = check_deck(deck, get_format("modern"), prior_findings=findings)
    assert report.status == "legal" and report.unknown_cards == 0 and report.verified


def test_a_stray_localized_name_in_the_maybeboard_is_a_warning() -> None:
    english = [(1, "Mountain", Zone.MAIN)] * 12 + [(48, "Mountain", Zone.MAIN)]
    deck, findings = resolve_deck(parsed(*english, (1, "Blitzschlag", Zone.MAYBEBOARD)), STORE)
    (warning,) = findings
    assert warning.code == "DC016" and dict(warning.data)["printed_name_of"] == "Lightning Bolt"
    assert check_deck(deck, get_format("modern"), prior_findings=findings).status == "legal"


def test_suggestions_can_be_turned_off_for_batches() -> None:
    _, findings = resolve_deck(parsed((4, "Lightning Blot", Zone.MAIN)), STORE, suggest=False)
    assert "did you mean" not in findings[0].message


def test_findings_name_the_card_as_written_with_oracle_name_beside() -> None:
    deck, resolution = resolve_deck(parsed((5, "Blitzschlag", Zone.MAIN), (55, "Mountain", Zone.MAIN)), STORE)
    assert [f.code for f in resolution] == ["DC014"]
    report = check_deck(deck, get_format("modern"), prior_findings=resolution)
    copies = [f for f in report.findings if f.code == "DC104"]
    assert copies, report.findings
    assert "Blitzschlag [Lightning Bolt]" in copies[0].message
    assert copies[0].card == "Lightning Bolt"


def test_a_stray_localized_name_is_not_read_as_that_card() -> None:
    """One German name among many English ones is more likely not that card at all (real lists:
    a "Commander" line in a Cockatrice list, the French name of Destined // Lead; "Infestation", an
    English card newer than the 2022 data and the French name of Infest). It stays unresolved, so
    no rule is decided or failed on the guess, and its DC010 names the card it would be."""
    english = [(1, "Mountain", Zone.MAIN)] * 12 + [(45, "Mountain", Zone.MAIN)]  # (60 cards in all)
    written = parsed(
        (1, "Lightning Blot", Zone.MAIN), (1, "Blitzschlag", Zone.MAIN), *english, (1, "Zzz", Zone.MAIN)
    )
    deck, findings = resolve_deck(written, STORE)
    assert [e.name for e in deck.unresolved] == ["Lightning Blot", "Blitzschlag", "Zzz"]  # in list order
    assert len(deck.cards) == 13 and not [f for f in findings if f.code == "DC014"]
    (error,) = [f for f in findings if f.code == "DC010" and f.card == "Blitzschlag"]
    assert error.location.line == 2 and dict(error.data)["suggestions"] == ["Lightning Bolt"]
    assert (
        "printed name of 'Lightning Bolt' in de" in error.message
        and "write 'Lightning Bolt'" in error.message
    )
    report = check_deck(deck, get_format("modern"), prior_findings=findings)
    assert report.status == "not verified" and report.unknown_cards == 3


def test_a_mixed_translation_keeps_localized_names_as_info() -> None:
    """A translation that fell back to English where names were unknown: its localized names are meant."""
    mixed = [(1, "Blitzschlag", Zone.MAIN)] * 3 + [(1, "Mountain", Zone.MAIN)] * 12
    _, findings = resolve_deck(parsed(*mixed), STORE)
    assert {f.severity.name for f in findings if f.code == "DC014"} == {"INFO"}


def test_a_localized_list_keeps_localized_names_as_info() -> None:
    _, findings = resolve_deck(parsed((4, "Blitzschlag", Zone.MAIN)), STORE)
    assert [f.severity.name for f in findings if f.code == "DC014"] == ["INFO"]


def test_a_companion_banned_in_the_format_is_never_suggested_as_a_near_miss() -> None:
    """Regression: companion_findings judged near misses without the store, so a Modern deck was told
    "cut 4 Kitchen Finks and the deck qualifies for Lurrus" although Lurrus is banned in Modern. The
    bundled data has Lurrus banned in Modern and legal in Vintage."""
    from deckcheck.decklist import parse_text
    from deckcheck.engine import check_parsed

    store = CardStore.bundled()
    text = "4 Kitchen Finks\n2 Grizzly Bears\n54 Forest\n"

    def lurrus_near_misses(format_name: str) -> list[str]:
        report = check_parsed(parse_text(text, "deck.txt"), store, get_format(format_name))
        lurrus = "Lurrus of the Dream-Den"
        return [f.message for f in report.findings if f.code == "DC413" and f.card == lurrus]

    assert lurrus_near_misses("modern") == []
    assert lurrus_near_misses("vintage") == [
        "replace 4 Kitchen Finks (cutting leaves 56 cards, below the minimum of 60) and the deck qualifies "
        "for Lurrus of the Dream-Den: 1 card (4 copies) breaks it: 4 Kitchen Finks (line 1: permanent card "
        "with mana value 3)"
    ]


def test_a_client_spelling_resolves_with_a_note_not_an_error() -> None:
    deck, findings = resolve_deck(parsed((1, "Lurrus of the Dream Den", Zone.SIDEBOARD)), STORE)
    assert [c.card.name for c in deck.cards] == ["Lurrus of the Dream-Den"]
    assert [(f.code, str(f.severity)) for f in findings] == [("DC012", "info")]
    assert findings[0].message == (
        "'Lurrus of the Dream Den' read as 'Lurrus of the Dream-Den' (punctuation and spaces ignored)"
    )
    # The note keeps its own wording: the oracle name is not replaced by the written one in it.
    report = check_deck(deck, get_format("vintage"), prior_findings=findings)
    assert findings[0] in report.findings


def test_a_name_with_a_slash_of_its_own_is_its_card_name_not_a_normalized_one() -> None:
    """Summon: Choco/Mog is one card whose name holds a single slash (Forge's importer special-cases
    "Summon:" names for it). The readers write any slash as a face separator ("Fire/Ice" is
    "Fire // Ice"), and the name still resolves; a list that writes the card's own name gets no note
    that it was read as another spelling, and findings name it as the card data does."""
    from deckcheck.decklist import parse_text
    from deckcheck.engine import check_parsed

    choco = "Summon: Choco/Mog"
    store = CardStore.from_records(
        [
            record(choco, "{2}{W}", "Enchantment Creature — Saga Bird Moogle", legal={"modern": "legal"}),
            record("Plains", None, "Basic Land — Plains", identity=["W"], legal={"modern": "legal"}),
        ]
    )
    for written in (choco, "Summon: Choco // Mog"):
        report = check_parsed(
            parse_text(f"5 {written}\n55 Plains\n", "deck.txt"), store, get_format("modern")
        )
        assert [f.code for f in report.findings if f.code.startswith("DC01")] == [], written
        (copies,) = [f for f in report.findings if f.code == "DC104"]
        assert copies.card == choco and copies.message.startswith(f"5 copies of {choco} across"), (
            copies.message
        )
    # Written in other letters it is still a spelling the note names.
    report = check_parsed(
        parse_text("4 summon: choco/mog\n56 Plains\n", "deck.txt"), store, get_format("modern")
    )
    (note,) = [f for f in report.findings if f.code == "DC012"]
    assert note.card == choco and note.message.endswith(f"read as '{choco}'")


def test_accents_written_as_separate_marks_are_named_in_the_note() -> None:
    """Regression: "u" and a combining circumflex print as "û": the note read "'Lim-Dûl's Vault'
    read as 'Lim-Dûl's Vault'", two names that look the same."""
    store = CardStore.from_records([record("Lim-D\u00fbl's Vault", "{U}{B}", "Instant")])
    decomposed = "Lim-Du\u0302l's Vault"
    deck, findings = resolve_deck(parsed((1, decomposed, Zone.MAIN)), store)
    assert [c.card.name for c in deck.cards] == ["Lim-D\u00fbl's Vault"]
    assert findings[0].message.endswith("(its accents written as separate marks)")
    _, folded = resolve_deck(parsed((1, "Lim-Dul's Vault", Zone.MAIN)), store)
    assert "separate marks" not in folded[0].message


def test_unknown_card_message_names_the_card_data() -> None:
    _, findings = resolve_deck(
        parsed((4, "Orcish Bowmasters", Zone.MAIN), (4, "Lightning Blot", Zone.MAIN)), STORE
    )
    newer, typo = findings
    assert newer.message == (
        "unknown card 'Orcish Bowmasters': not in the card data (<records>, 5 cards): "
        "newer than the data? run `deckcheck cards update`"
    )
    assert typo.message == (
        "unknown card 'Lightning Blot' (did you mean: Lightning Bolt?): not in the card data "
        "(<records>, 5 cards)"
    )
    assert dict(newer.data) == {"suggestions": [], "card_data": "<records>, 5 cards"}


def test_unknown_card_message_on_the_bundled_sample_set_leaves_the_advice_to_the_run() -> None:
    bundled = CardStore.bundled()
    _, findings = resolve_deck(parsed((4, "Orcish Bowmasters", Zone.MAIN)), bundled)
    assert findings[0].message == (
        f"unknown card 'Orcish Bowmasters': not in the card data (bundled sample set, {len(bundled)} cards)"
    )


def test_a_legend_with_another_epithet_is_said_to_be_maybe_newer_too() -> None:
    store = CardStore.from_records(
        [record("Teyo, the Shieldmage", "{2}{W}", "Legendary Planeswalker — Teyo")]
    )
    _, findings = resolve_deck(parsed((1, "Teyo, Aegis Adept", Zone.MAIN)), store)
    assert findings[0].message == (
        "unknown card 'Teyo, Aegis Adept': not in the card data (<records>, 1 card): newer than the "
        "data? run `deckcheck cards update`; or did you mean: Teyo, the Shieldmage?"
    )
    assert dict(findings[0].data)["suggestions"] == ["Teyo, the Shieldmage"]


NUMBERED = CardStore.from_records(
    [
        record("+2 Mace", "{1}{W}", "Artifact — Equipment", legal={"legacy": "legal"}),
        record("1996 World Champion", "{W}{U}{B}{R}{G}", "Creature — Legend", legal={"legacy": "banned"}),
        record("Lightning Bolt", "{R}", "Instant", identity=["R"], legal={"legacy": "legal"}),
        record("Mountain", None, "Basic Land — Mountain", identity=["R"], legal={"legacy": "legal"}),
    ]
)


def test_a_name_that_starts_with_a_number_is_read_whole_when_no_count_is_given() -> None:
    """Real lists without counts write "1996 World Champion" and "+2 Mace": the reader takes the
    number for a count (1,996 copies of "World Champion", which no card is). When the rest names
    no card and the whole line names one, it is one copy of that card, and a DC003 warning says
    so; a line with its own count, or a number before a name that is no such card, stays as read."""
    from deckcheck.decklist import parse_text
    from deckcheck.engine import check_parsed

    text = "Lightning Bolt\n1996 World Champion\n+2 Mace\n2 +2 Mace\n2 Mace\n55 Mountain\n"
    report = check_parsed(parse_text(text, "deck.txt"), NUMBERED, get_format("legacy"))
    read = [(e.quantity, e.name) for e in report.parsed.entries]
    assert read == [
        (1, "Lightning Bolt"),
        (1, "1996 World Champion"),
        (1, "+2 Mace"),
        (2, "+2 Mace"),
        (2, "Mace"),
        (55, "Mountain"),
    ]
    assert [e.name for e in report.deck.unresolved] == ["Mace"]
    notes = [f for f in report.findings if f.code == "DC003" and f.card]
    assert [(f.location.line, f.card) for f in notes] == [(2, "1996 World Champion"), (3, "+2 Mace")]
    assert "not 1,996 copies of 'World Champion'" in notes[0].message
    assert "not 2 copies of 'Mace'" in notes[1].message
    assert [f.card for f in report.findings if f.code == "DC201"] == [
        "1996 World Champion"
    ]  # checked as itself
    assert not [f for f in report.findings if f.code == "DC104"]  # three +2 Mace: within 4


def test_a_face_name_note_says_each_name_once() -> None:
    """Regression: the note of a name that matched one face was itself renamed to the written
    form, and read "'Murderous Rider' is a face of 'Murderous Rider [Murderous Rider // Swift End]'"."""
    from deckcheck.decklist import parse_text
    from deckcheck.engine import check_parsed
    from tests.cardfactory import face

    store = CardStore.from_records(
        [
            record(
                "Murderous Rider // Swift End",
                layout="adventure",
                faces=[
                    face("Murderous Rider", "{1}{B}{B}", "Creature — Zombie Knight"),
                    face("Swift End", "{1}{B}{B}", "Instant — Adventure"),
                ],
                legal={"modern": "banned"},
            ),
            record("Swamp", None, "Basic Land — Swamp", legal={"modern": "legal"}),
        ]
    )
    report = check_parsed(
        parse_text("4 Murderous Rider\n56 Swamp\n", "deck.txt"), store, get_format("modern")
    )
    (note,) = [f for f in report.findings if f.code == "DC013"]
    assert note.message == "'Murderous Rider' is a face of 'Murderous Rider // Swift End'"
    (banned,) = [f for f in report.findings if f.code == "DC201"]  # other findings: as written
    assert banned.message.startswith("Murderous Rider [Murderous Rider // Swift End] is banned")


COMPANION_STORE = CardStore.from_records(
    [
        record("Mountain", None, "Basic Land — Mountain", identity=["R"], legal={"modern": "legal"}),
        record(
            "Zyx, the Unheard",
            "{2}{R}",
            "Legendary Creature — Elemental",
            "Companion — Each card in your starting deck has a name of an even number of letters.",
            identity=["R"],
            legal={"modern": "legal"},
        ),
    ]
)


def test_what_leaves_a_deck_undecided_stays_undecided_whatever_is_reported() -> None:
    """An empty decklist, no format where one is required, a declared companion whose ability
    deckcheck does not know: each leaves the deck not verified (and failing: undetermined), the
    finding reported or left out by select/ignore (then kept in Report.ignored_undecided)."""
    from deckcheck.decklist import parse_text
    from deckcheck.engine import check_parsed

    modern = get_format("modern")
    empty = parse_text("// format: modern\n// nothing here\n", "empty.txt")
    for select, ignore in (((), ()), (("DC1",), ()), (("DC2",), ()), ((), ("DC005",)), ((), ("DC0",))):
        report = check_parsed(empty, STORE, modern, select=select, ignore=ignore)
        assert (report.status, report.legal, report.undetermined) == ("not verified", None, True), (
            select,
            ignore,
        )
    no_format = parse_text("4 Lightning Bolt\n56 Mountain\n", "deck.txt")
    for select, ignore in (((), ()), (("DC2",), ()), ((), ("DC021",))):
        report = check_parsed(no_format, STORE, None, require_format=True, select=select, ignore=ignore)
        assert (report.status, report.undetermined) == ("not verified", True), (select, ignore)
    # no format required: not verified, but not undecided (it fails only by its DC020, under strict)
    report = check_parsed(no_format, STORE, None)
    assert (report.status, report.undetermined) == ("not verified", False)
    companion = parse_text("// format: modern\n60 Mountain\n\nCompanion\n1 Zyx, the Unheard\n", "deck.txt")
    for ignore in ((), ("DC409",)):
        report = check_parsed(companion, COMPANION_STORE, modern, ignore=ignore)
        assert (report.status, report.undetermined) == ("not verified", True), ignore
        assert [f.code for f in [*report.findings, *report.ignored_undecided] if f.code == "DC409"] == [
            "DC409"
        ]


def test_a_date_that_names_no_day_is_no_day_to_judge_for() -> None:
    """engine.legality_out_of_date: a deck's date that names no day for certain is not taken as no
    date (judged for today): the day is not known, even by card records a program handed in as
    current; a date written year first, with a note after it, or with its month named, is the
    deck's day."""
    from deckcheck.engine import legality_out_of_date

    modern = get_format("modern")
    assert legality_out_of_date({}, modern, STORE) is None  # (records handed in: taken as current)
    for written in ("06/01/2019", "2020-02-30", "31 June 2019", "2019-06-01; 2019-07-01"):
        age = legality_out_of_date({"date": written}, modern, STORE)
        assert age is not None and age.deck_day is None and age.written == written, written
    bundled = CardStore.bundled()  # (describes 2026-10-01: a deck of 2019 is of another day)
    for written in ("2019-06-01 (GP Barcelona)", "2019/06/01", "2019-06-01T10:00:00Z", "June 1, 2019"):
        age = legality_out_of_date({"date": written}, modern, bundled)
        assert age is not None and age.deck_day == dt.date(2019, 6, 1), written


# -- cards no deck can hold: planes, phenomena, schemes, Vanguard, meld results ----------------------
NON_DECK_STORE = CardStore.from_records(
    [
        record("Mountain", None, "Basic Land — Mountain", identity=["R"], legal={"modern": "legal"}),
        record(
            "Lightning Bolt",
            "{R}",
            "Instant",
            identity=["R"],
            legal={"modern": "legal", "commander": "legal"},
        ),
        record(
            "Krenko, Mob Boss",
            "{2}{R}{R}",
            "Legendary Creature — Goblin Warrior",
            identity=["R"],
            legal={"commander": "legal"},
        ),
        # a meld pair: each a card a deck holds
        *(
            record(name, "{1}{B}", "Creature — Rat", layout="meld", identity=["B"], legal={"modern": "legal"})
            for name in ("Graf Rats", "Midnight Scavengers")
        ),
    ],
    non_deck=[
        NonDeckCard("Chaotic Aether", "phenomenon", "Phenomenon"),
        NonDeckCard("Akoum", "plane", "Plane — Zendikar"),
        NonDeckCard("Ertai", "vanguard", "Vanguard"),
        NonDeckCard("All in Good Time", "scheme", "Scheme"),
        NonDeckCard(
            "Chittering Host", MELD_RESULT, "Creature — Eldrazi Horror", ("Graf Rats", "Midnight Scavengers")
        ),
        NonDeckCard("Hanweir, the Writhing Township", MELD_RESULT, "Legendary Creature — Eldrazi Ooze"),
    ],
)


def check_text(text: str, format_name: str = "modern") -> Report:
    from deckcheck.decklist import parse_text
    from deckcheck.engine import check_parsed

    return check_parsed(parse_text(text, "deck.txt"), NON_DECK_STORE, get_format(format_name))


def test_a_plane_in_the_main_deck_is_an_error_naming_what_it_is_not_an_unknown_card() -> None:
    """A phenomenon is a card the data knows, and no deck can hold it (CR 100.2): the deck breaks
    its rules (illegal), with no "unknown card" and no advice to update the card data; the line is
    read as outside the deck, so the deck is judged by its other 59 cards."""
    report = check_text("56 Mountain\n3 Lightning Bolt\n1 Chaotic Aether\n")
    (error,) = [f for f in report.findings if f.code == "DC018"]
    assert error.severity is Severity.ERROR and error.card == "Chaotic Aether"
    assert (error.location.line, error.location.section) == (3, "main")
    assert error.message.startswith(
        "'Chaotic Aether' is a phenomenon card (Planechase), not a card a deck can hold (CR 100.2, 312.1"
    )
    assert "list it under a Planes section" in error.message and "not counted" in error.message
    assert error.rule == "CR 100.2, 312.1"
    assert dict(error.data) == {
        "kind": "phenomenon",
        "variant": "Planechase",
        "type_line": "Phenomenon",
        "section": "Planes",
    }
    assert not any(f.code in ("DC010", "DC015", "DC016") for f in report.findings)
    assert not any("cards update" in f.message for f in report.findings)
    assert report.status == "illegal" and report.legal is False
    assert report.unknown_cards == 0 and not report.deck.unresolved_counted()
    assert [f.code for f in report.findings if f.code == "DC101"] == ["DC101"]  # 59 cards of the deck
    assert report.parsed.count(Zone.MAIN) == 59 and report.parsed.count(Zone.MAYBEBOARD) == 1
    assert check_text("57 Mountain\n3 Lightning Bolt\n").status == "legal"  # (the deck without it)
    # card data built before such cards were kept by name (or from card records alone) cannot say
    # what the name is: it stays unknown, and the deck not verified (never passed, never failed)
    from deckcheck.decklist import parse_text
    from deckcheck.engine import check_parsed

    store = CardStore.from_records(
        [record("Mountain", None, "Basic Land — Mountain", legal={"modern": "legal"})]
    )
    older = check_parsed(
        parse_text("59 Mountain\n1 Chaotic Aether\n", "deck.txt"), store, get_format("modern")
    )
    assert [f.code for f in older.findings if f.severity is Severity.ERROR] == ["DC010"]
    assert older.status == "not verified"


@pytest.mark.parametrize(
    ("text", "line", "zone", "start"),
    [
        (
            "60 Mountain\n\nSideboard\n1 akoum\n",
            4,
            "sideboard",
            "'akoum' (Akoum) is a plane card (Planechase)",
        ),
        (
            "Commander\n1 Ertai\n\nDeck\n99 Mountain\n",
            2,
            "commander",
            "'Ertai' is a vanguard card (Vanguard), not a card a deck can hold (CR 100.2, 313.1",
        ),
        ("60 Mountain\n1 All in Good Time\n", 2, "main", "'All in Good Time' is a scheme card (Archenemy)"),
    ],
)
def test_every_zone_that_counts_holds_no_such_card(text: str, line: int, zone: str, start: str) -> None:
    report = check_text(text, "commander" if "Commander" in text else "modern")
    (error,) = [f for f in report.findings if f.code == "DC018"]
    assert (error.location.line, error.location.section) == (line, zone)
    assert error.message.startswith(start) and error.severity is Severity.ERROR
    assert report.status == "illegal" and report.unknown_cards == 0


def test_a_plane_in_the_maybeboard_is_a_note() -> None:
    report = check_text("57 Mountain\n3 Lightning Bolt\n\nMaybeboard\n1 Chaotic Aether\n")
    (note,) = [f for f in report.findings if f.code == "DC018"]
    assert note.severity is Severity.INFO and note.location.section == "maybeboard"
    assert note.message == (
        "'Chaotic Aether' is a phenomenon card (Planechase), not a card a deck can hold; it is in the "
        "maybeboard, which no rule counts"
    )
    assert not any(f.code == "DC016" for f in report.findings)
    assert report.status == "legal"
    # in a Planes section nothing changes: its names are not looked up (one DC017 note)
    report = check_text("57 Mountain\n3 Lightning Bolt\n\nPlanes\n1 Chaotic Aether\n1 Akoum\n")
    assert [f.code for f in report.findings if f.code.startswith("DC01")] == ["DC017"]
    assert report.status == "legal"


def test_a_meld_result_is_no_card_of_the_deck_and_its_meld_cards_are() -> None:
    """A meld result is the melded back faces of two meld cards (CR 712.4), not a card: named in
    the deck it is an error naming the two cards a deck holds instead (the deck illegal, never
    passed as a card), read as if in the maybeboard (no section holds it); its meld cards are cards."""
    report = check_text("56 Mountain\n3 Lightning Bolt\n1 Chittering Host\n")
    (error,) = [f for f in report.findings if f.code == "DC018"]
    assert (error.severity, error.card, error.location.line) == (Severity.ERROR, "Chittering Host", 3)
    assert error.message == (
        "'Chittering Host' is the melded back face of Graf Rats and Midnight Scavengers, not a card a deck "
        "can hold (CR 712.4, 712.8a: a meld pair's back faces are used only once melded, on the "
        "battlefield): a deck holds those two cards, not their meld; it is not counted as a card of the deck"
    )
    assert error.rule == "CR 712.4, 712.8a" and "section" not in error.message
    assert dict(error.data) == {
        "kind": "meld result",
        "type_line": "Creature — Eldrazi Horror",
        "parts": ["Graf Rats", "Midnight Scavengers"],
    }
    assert report.status == "illegal" and report.unknown_cards == 0
    assert report.parsed.count(Zone.MAIN) == 59 and report.parsed.count(Zone.MAYBEBOARD) == 1
    (outside,) = [e for e in report.parsed.entries if e.zone is Zone.MAYBEBOARD]
    assert outside.name == "Chittering Host" and outside.tags == ()  # (no section: not a zone of its own)
    assert check_text("58 Mountain\n1 Graf Rats\n1 Midnight Scavengers\n").status == "legal"
    maybe = check_text("57 Mountain\n3 Lightning Bolt\n\nMaybeboard\n1 chittering host\n")
    (note,) = [f for f in maybe.findings if f.code == "DC018"]
    assert note.severity is Severity.INFO and maybe.status == "legal"
    assert note.message.startswith("'chittering host' (Chittering Host) is the melded back face of Graf Rats")
    # card data that names no meld cards for it: said so, not invented
    unnamed = check_text("59 Mountain\n1 Hanweir, the Writhing Township\n")
    (error,) = [f for f in unnamed.findings if f.code == "DC018"]
    assert "is the melded back face of a meld pair, not a card a deck can hold" in error.message
    assert "a deck holds the cards of its meld pair, not their meld" in error.message
    assert unnamed.status == "illegal"


# The Vanguard card "Karn" is also the short name of the Karn legends: a list writing "Karn" means
# one of them as likely (CR 100.2 keeps the Vanguard card out of every deck).
KARN_STORE = CardStore.from_records(
    [
        record("Mountain", None, "Basic Land — Mountain", identity=["R"], legal={"modern": "legal"}),
        record("Karn Liberated", "{7}", "Legendary Planeswalker — Karn", legal={"modern": "legal"}),
        record("Karn, Scion of Urza", "{4}", "Legendary Planeswalker — Karn", legal={"modern": "legal"}),
        record("Karn's Bastion", None, "Land", legal={"modern": "legal"}),  # (not the name, a word of it)
        record("Oracle of Mul Daya", "{3}{G}", "Creature — Elf Shaman", legal={"modern": "legal"}),
    ],
    non_deck=[NonDeckCard("Karn", "vanguard", "Vanguard"), NonDeckCard("Oracle", "vanguard", "Vanguard")],
)


def test_a_card_no_deck_holds_that_is_a_legends_short_name_is_ambiguous() -> None:
    """ "Karn" names the Vanguard card exactly, and is how a list writes a Karn planeswalker: the
    line is DC011 naming both (the deck not verified), never a confident DC018 (illegal)."""
    from deckcheck.decklist import parse_text
    from deckcheck.engine import check_parsed

    def check(text: str) -> Report:
        return check_parsed(parse_text(text, "deck.txt"), KARN_STORE, get_format("modern"))

    report = check("56 Mountain\n4 karn\n")
    assert not any(f.code == "DC018" for f in report.findings)
    (error,) = [f for f in report.findings if f.code == "DC011"]
    assert error.location.line == 2 and error.card == "karn"
    assert error.message == (
        "'karn' matches several cards: Karn Liberated, Karn, Scion of Urza, and Karn, a vanguard card "
        "(Vanguard) no deck can hold (CR 100.2, 313.1); write the full name"
    )
    assert report.status == "not verified" and report.unknown_cards == 4
    resolution = KARN_STORE.resolve("Karn")
    assert resolution.match == "ambiguous" and resolution.card is None
    assert resolution.suggestions == ("Karn Liberated", "Karn, Scion of Urza", "Karn")
    # in the maybeboard a warning that decides nothing; under Vanguard not looked up at all
    maybe = check("60 Mountain\n\nMaybeboard\n1 Karn\n")
    assert [f.code for f in maybe.findings if f.code.startswith("DC01")] == ["DC016"]
    assert maybe.status == "legal"
    section = check("60 Mountain\n\nVanguard\n1 Karn\n")
    assert [f.code for f in section.findings if f.code.startswith("DC01")] == ["DC017"]
    # a name only a nonlegendary card begins with is no legend's short name: the Vanguard card
    oracle = check("56 Mountain\n4 Oracle\n")
    assert [f.code for f in oracle.findings if f.code.startswith("DC01")] == ["DC018"]
    assert oracle.status == "illegal"


def test_a_list_of_cards_no_deck_holds_reads_a_legends_short_name_as_one() -> None:
    """Regression: a headerless list of Vanguard cards only gave DC011 for "Karn" (a legend's short
    name too). In a list that holds no card a deck can hold, it is the Vanguard card: DC018 says
    what it is, names the legends it is also the short name of, and keeps it outside the deck."""
    from deckcheck.decklist import parse_text
    from deckcheck.engine import check_parsed

    report = check_parsed(parse_text("Oracle\nKarn\n", "deck.txt"), KARN_STORE, get_format("modern"))
    assert not any(f.code == "DC011" for f in report.findings)
    oracle, karn = [f for f in report.findings if f.code == "DC018"]
    assert karn.location.line == 2 and karn.card == "Karn"
    assert karn.message.startswith("'Karn' is a vanguard card (Vanguard), not a card a deck can hold")
    assert karn.message.endswith(
        "(so read in a list that holds no card a deck can hold, though it is also the short name of "
        "Karn Liberated, Karn, Scion of Urza: write the full name if you meant one)"
    )
    assert "short name" not in oracle.message
    assert report.deck.starting_count() == 0 and report.unknown_cards == 0
    # beside one card a deck can hold (even in the maybeboard) it stays ambiguous
    mixed = check_parsed(
        parse_text("Karn\n\nMaybeboard\n1 Mountain\n", "deck.txt"), KARN_STORE, get_format("modern")
    )
    assert [f.code for f in mixed.findings if f.code in ("DC011", "DC018")] == ["DC011"]


CONSPIRACY_STORE = CardStore.from_records(
    [
        record("Mountain", None, "Basic Land — Mountain", identity=["R"], legal={"vintage": "legal"}),
        record("Lightning Bolt", "{R}", "Instant", identity=["R"], legal={"vintage": "legal"}),
        record("Backup Plan", None, "Conspiracy", legal={"vintage": "banned"}),
    ]
)


@pytest.mark.parametrize("format_name", ["limited", "freeform", "vintage"])
def test_a_conspiracy_in_the_main_deck_is_no_card_of_the_deck(format_name: str) -> None:
    """CR 315.3: a conspiracy card can't be included in a deck (from the sideboard it may start the
    game in the command zone, 315.2): in the main deck it is an error in every format, and the line
    is read outside the deck, so it counts toward no size."""
    from deckcheck.decklist import parse_text
    from deckcheck.engine import check_parsed

    def check(text: str) -> Report:
        return check_parsed(parse_text(text, "deck.txt"), CONSPIRACY_STORE, get_format(format_name))

    size = 40 if format_name != "vintage" else 60
    report = check(f"{size - 4} Mountain\n3 Lightning Bolt\n1 Backup Plan\n")
    (error,) = [f for f in report.findings if f.code == "DC018"]
    assert (error.location.line, error.location.section, error.card) == (3, "main", "Backup Plan")
    assert error.severity is Severity.ERROR and error.rule == "CR 315.3"
    assert error.message.startswith("'Backup Plan' is a conspiracy card, which can't be included in a deck")
    assert "kept in the sideboard" in error.message
    assert report.status == "illegal"
    assert report.parsed.count(Zone.MAIN) == size - 1 and report.parsed.count(Zone.MAYBEBOARD) == 1
    assert ("DC101" in [f.code for f in report.findings]) is (format_name != "freeform")
    assert not any(f.code.startswith("DC2") for f in report.findings)  # (no legality of a card outside)
    # as the companion, too; in the sideboard and the maybeboard it is where the rules keep it
    companion = check(f"{size} Mountain\n\nCompanion\n1 Backup Plan\n")
    assert [f.code for f in companion.findings if f.code == "DC018"] == ["DC018"]
    for kept in (
        f"{size} Mountain\n\nSideboard\n1 Backup Plan\n",
        f"{size} Mountain\n\nMaybeboard\n1 Backup Plan\n",
    ):
        assert not any(f.code == "DC018" for f in check(kept).findings)
    if format_name != "vintage":
        assert check(f"{size} Mountain\n\nSideboard\n1 Backup Plan\n").status == "legal"


@pytest.mark.parametrize("format_name", ["commander", "oathbreaker", "brawl", "modern"])
def test_an_empty_decklist_says_only_that_it_is_empty(format_name: str) -> None:
    """A file with no card lines is DC005 and not verified; a rule's word on its zero cards ("a
    0-card singleton deck with no commander marked", DC105) would send the player looking for a
    commander that is not the problem."""
    from deckcheck.decklist import parse_text
    from deckcheck.engine import check_parsed

    empty = parse_text("// nothing here\n", "empty.txt")
    report = check_parsed(empty, STORE, get_format(format_name))
    assert [f.code for f in report.findings] == ["DC005"]
    assert (report.status, report.legal) == ("not verified", None)
