"""Export is lossless or says so: for every example deck, every fixture decklist and every writer,
checking the written decklist gives what checking the source gives (format, zones, findings apart
from notes about how the input was read, companion table), unless the export declared a loss."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards.store import CardStore
from deckcheck.deck import ParsedDeck, Zone, zone_tag
from deckcheck.decklist import WRITERS, parse_file, parse_text
from deckcheck.engine import Report, check_parsed
from deckcheck.export import plan_export, read_back_problem
from deckcheck.format_spec import FormatSpec
from deckcheck.formats import get_format, load_registry

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"
SOURCES = sorted(
    [p for p in (REPO / "data" / "decks").rglob("*") if p.is_file()]
    + [
        p
        for directory in ("decklists", "layouts")
        for p in (FIXTURES / directory).glob("*")
        if p.is_file() and p.suffix != ".html"
    ]
)
# Notes about how the input was read (a face name, a merged companion, a sideboard read as the
# command zone): they describe the source file, not the deck.
INPUT_NOTES = ("DC0", "DC106")


@functools.cache
def store() -> CardStore:
    return CardStore.bundled()


def format_of(parsed: ParsedDeck) -> FormatSpec:
    """What `deckcheck check` picks without --format or a config: the declared format, else
    Commander for a deck with a commander, else the first constructed default."""
    registry = load_registry()
    if parsed.declared_format:
        return get_format(parsed.declared_format, registry)
    if parsed.count(Zone.COMMANDER):
        return registry["commander"]
    return next(registry[name] for name in ("constructed", "freeform") if name in registry)


# Where a card is, as messages say it: "line 12" where the format has lines, "in main" where not.
_LINES = re.compile(
    r"\blines? \d+(?:(?:, | and | to |-)\d+)*|\bin (?:main|sideboard|commander|companion|maybeboard)\b"
)


def _without_lines(message: str) -> str:
    """A message without its line references (a list without lines says none)."""
    text = _LINES.sub("line #", message)
    return re.sub(r"\s*\(line #\)|line #: |\bat line #", "", text)


def known_format(parsed: ParsedDeck) -> bool:
    return parsed.declared_format is None or parsed.declared_format in load_registry()


def outcome(report: Report) -> dict[str, Any]:
    """What a check says about the deck; line numbers (which change with the layout) left out."""
    findings = Counter(
        (f.code, f.severity, _without_lines(f.message), f.card)
        for f in report.findings
        if not f.code.startswith(INPUT_NOTES)
    )
    zones = Counter((dc.zone, dc.card.name) for dc in report.deck.cards for _ in range(dc.quantity))
    companions = [(c.companion, c.eligible, c.declared, len(c.breakers)) for c in report.companions]
    return {"format": report.format.name, "zones": zones, "findings": findings, "companions": companions}


def checked(parsed: ParsedDeck) -> dict[str, Any]:
    return outcome(check_parsed(parsed, store(), format_of(parsed)))


@pytest.mark.parametrize("to", sorted(WRITERS))
@pytest.mark.parametrize("source", SOURCES, ids=lambda p: str(p.relative_to(REPO)))
def test_export_checks_the_same_or_declares_the_loss(source: Path, to: str) -> None:
    parsed = parse_file(source)
    plan = plan_export(parsed, to)
    back = parse_text(plan.text, f"<{to}>")  # told apart by content, as `deckcheck check` does
    if plan.losses:
        # A declared loss: the output still holds every card it says it does.
        assert sum(e.quantity for e in back.entries) == plan.cards
        return
    assert checked(back) == checked(parsed)


def test_a_commander_deck_written_for_mtgo_reads_back_with_its_format() -> None:
    """The export the issue started from: a legal Commander deck written for MTGO is the 99, then
    the commander and companion in the sideboard; with its format it checks the same."""
    parsed = parse_file(REPO / "data" / "decks" / "commander-kenrith.txt")
    plan = plan_export(parsed, "mtgo")
    assert plan.losses  # MTGO keeps no format declaration: said, not silent
    back = parse_text(plan.text, "<mtgo>", "mtgo")
    spec = get_format("commander")
    before = check_parsed(parsed, store(), spec)
    after = check_parsed(back, store(), spec)
    assert outcome(after) == outcome(before)
    assert [f.code for f in after.findings if f.code == "DC106"] == ["DC106"]
    assert after.legal


def test_every_writer_keeps_what_it_says_it_keeps() -> None:
    """The writers that keep the format declaration and comments (XMage ``#`` lines, Forge
    [metadata], Cockatrice <comments>) give them back to the parser."""
    parsed = parse_file(REPO / "data" / "decks" / "modern-burn.txt")
    for to in ("xmage", "forge", "cod"):
        plan = plan_export(parsed, to)
        assert plan.losses == (), to
        back = parse_text(plan.text, f"<{to}>", to)
        assert back.declared_format == "modern", to
        assert "a legal 60-card Modern deck" in plan.text, to
    for to in ("arena", "mtgo", "moxfield", "dek", "csv"):
        lost = [loss.message for loss in plan_export(parsed, to).losses]
        assert any("format declaration (modern)" in m for m in lost), to
        assert any("a legal 60-card Modern deck" in m for m in lost), to


REAL_DIRECTORIES = ("xmage_importer", "jlawrence11_cockatrice-decks", "mtg-parser-exports")


@pytest.mark.realdata
def test_real_decklists_export_the_same_or_declare_the_loss(realdata: Path) -> None:
    """Third-party files (XMage's importer samples, Cockatrice Commander decks with CDR: comments,
    site exports) through every writer."""
    roots = [realdata / "decks" / name for name in REAL_DIRECTORIES]
    files = sorted(p for root in roots if root.is_dir() for p in root.rglob("*") if p.is_file())
    files = [p for p in files if p.suffix not in (".md", ".html", ".draft")]
    if not files:
        pytest.skip("no real decklists")
    checked_pairs = 0
    for source in files:
        parsed = parse_file(source)
        if not parsed.entries or not known_format(parsed):
            continue  # `deckcheck check` refuses an unknown declared format ("Format: CDR")
        before = checked(parsed)
        for to in sorted(WRITERS):
            plan = plan_export(parsed, to)
            # (a name this format cannot carry, "@#$NOT A REAL CARD NAME@#$", is a loss, not written)
            assert read_back_problem(plan) is None, (source, to)
            back = parse_text(plan.text, f"<{to}>")
            if plan.losses:
                assert sum(e.quantity for e in back.entries) == plan.cards, (source, to)
                continue
            assert checked(back) == before, (source, to)
            checked_pairs += 1
    assert checked_pairs > 0


def test_cockatrice_fields_survive_a_cockatrice_round_trip() -> None:
    parsed = parse_file(FIXTURES / "layouts" / "cockatrice-commander.cod")
    plan = plan_export(parsed, "cod")
    assert plan.losses == ()
    back = parse_text(plan.text, "<cod>")
    assert back.declared_format == parsed.declared_format == "commander"
    for key in ("name", "commander", "banner card"):
        assert back.metadata[key] == parsed.metadata[key], key
    assert "Colors: WUBRG" in back.metadata["comments"]
    arena = [loss.message for loss in plan_export(parsed, "arena").losses]
    assert any("banner card 'Kenrith, the Returned King'" in m for m in arena)


URO = (  # a 2020 Modern list with Uro, banned since 2021-02-15
    "// format: modern\n// date: 2020-06-01\n4 Uro, Titan of Nature's Wrath\n4 Mystic Sanctuary\n"
    "4 Opt\n4 Growth Spiral\n4 Ice-Fang Coatl\n4 Brazen Borrower\n4 Cryptic Command\n"
    "4 Force of Negation\n4 Remand\n12 Island\n12 Forest\n"
)


@pytest.mark.parametrize("to", ["forge", "cod", "xmage"])
def test_the_deck_date_is_kept_where_the_client_has_a_field(to: str) -> None:
    """A Forge or Cockatrice export wrote the date as a comment that was never read back as the
    deck's date: the 2020 list, "not verified" (card data newer than the deck), then checked as
    "banned"."""
    parsed = parse_text(URO, "uro.txt")
    plan = plan_export(parsed, to)
    assert plan.losses == ()
    assert read_back_problem(plan) is None
    back = parse_text(plan.text, f"<{to}>")
    assert back.metadata["date"] == "2020-06-01"
    assert back.declared_format == "modern"
    assert checked(back) == checked(parsed)


@pytest.mark.parametrize("to", ["arena", "mtgo", "moxfield", "dek", "csv"])
def test_the_deck_date_is_listed_as_lost_where_the_client_has_no_field(to: str) -> None:
    lost = [(loss.line, loss.message) for loss in plan_export(parse_text(URO, "uro.txt"), to).losses]
    assert any(line == 2 and message.startswith("the deck's date (2020-06-01)") for line, message in lost)


def test_the_read_back_check_compares_the_date_and_format(monkeypatch: pytest.MonkeyPatch) -> None:
    """A writer that drops the date or the format declaration is caught before anything is written."""
    parsed = parse_text(URO, "uro.txt")
    forge = WRITERS["forge"]
    monkeypatch.setitem(WRITERS, "forge", lambda deck: forge(deck).replace("Date=2020-06-01\n", ""))
    assert read_back_problem(plan_export(parsed, "forge")) == "date None instead of 2020-06-01"
    monkeypatch.setitem(WRITERS, "forge", lambda deck: forge(deck).replace("Format=modern\n", ""))
    assert read_back_problem(plan_export(parsed, "forge")) == "format declaration None instead of 'modern'"


def test_the_read_back_check_names_a_line_the_reader_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    """An output that reads back every card but also a line its reader refuses is caught, and the
    reason is that line, not a count of cards equal to the one expected ("60 cards instead of 60")."""
    parsed = parse_text(URO, "uro.txt")
    forge = WRITERS["forge"]
    monkeypatch.setitem(WRITERS, "forge", lambda deck: forge(deck) + "0 Shock\n")
    plan = plan_export(parsed, "forge")
    line = plan.text.count("\n")
    assert read_back_problem(plan) == f"line {line}: count is 0"


FOIL_CSV = (
    "Count,Name,Section,Set,Collector Number,Foil,Tags\n"
    '4,Lightning Bolt,main,2XM,129,foil,"burn,removal"\n56,Mountain,main,,,,\n'
)
# What each client cannot hold of that printed, foil, tagged line.
FIELDS_LOST = {
    "arena": {"foil flag", "tags"},
    "mtgo": {"set code", "collector number", "foil flag", "tags"},
    "moxfield": set(),
    "forge": {"collector number", "tags"},
    "xmage": {"foil flag", "tags"},
    "cod": {"foil flag", "tags"},
    "dek": {"set code", "collector number", "foil flag", "tags"},
    "csv": set(),
}


@pytest.mark.parametrize("to", sorted(WRITERS))
def test_printing_foil_and_tags_are_kept_or_listed_as_lost(to: str) -> None:
    """Set code, collector number, foil flag and tags were dropped without a word (exit 0, and
    --in-place rewrote without --force): each kind the client cannot hold is listed, with its
    lines, and each kind it can holds reads back."""
    plan = plan_export(parse_text(FOIL_CSV, "foil.csv"), to)
    lost = {
        kind
        for loss in plan.losses
        for kind in ("set code", "collector number", "foil flag", "tags")
        if loss.message.startswith(f"the {kind} of 1 card line (line 2): ")
    }
    assert lost == FIELDS_LOST[to]
    assert len(plan.losses) == len(lost)
    bolt = parse_text(plan.text, f"<{to}>", to).entries[0]
    kept = {
        "set code": bolt.set_code == "2XM",
        "collector number": bolt.collector_number == "129",
        "foil flag": bolt.foil,
        "tags": bolt.tags == ("burn", "removal"),
    }
    assert {kind for kind, held in kept.items() if not held} == FIELDS_LOST[to]


EXTRA_ZONES_CSV = (
    "Count,Name,Section,Set,Collector Number,Foil,Tags\n"
    "1,Frodo,main,,,,\n"
    '1,"Frodo, Adventurous Hobbit",maybeboard,LTC,82,foil,extra:display commander\n'
    "1,Because I Have Willed It,maybeboard,,,,extra:scheme deck\n"
    "1,Treasure,maybeboard,,,,extra:tokens\n"
)


def test_moxfield_keeps_zones_whose_names_have_spaces() -> None:
    """Moxfield output wrote `#extra:display commander`, which reads back as a card named
    "Frodo, ... *F* #extra:display commander" (136 of 2,901 real lists). Such a zone is now a
    section the reader sends to the same zone."""
    parsed = parse_text(EXTRA_ZONES_CSV, "extra.csv")
    plan = plan_export(parsed, "moxfield")
    assert plan.losses == ()
    assert read_back_problem(plan) is None
    back = parse_text(plan.text, "<moxfield>", "moxfield")
    assert [(e.name, zone_tag(e), e.foil, e.set_code) for e in back.entries] == [
        (e.name, zone_tag(e), e.foil, e.set_code) for e in parsed.entries
    ]


def test_moxfield_lists_tags_and_zones_it_cannot_write() -> None:
    parsed = parse_text(
        "Count,Name,Section,Set,Collector Number,Foil,Tags\n"
        '4,Lightning Bolt,main,,,,"card draw,burn"\n1,Shock,maybeboard,,,,extra:my pile\n',
        "tags.csv",
    )
    plan = plan_export(parsed, "moxfield")
    assert [(loss.line, loss.message.split(":")[0]) for loss in plan.losses] == [
        (2, "the tags of 1 card line (line 2)"),
        (3, "zone 'my pile' (line 3)"),
    ]
    assert read_back_problem(plan) is None
    back = parse_text(plan.text, "<moxfield>", "moxfield")
    assert [(e.name, e.zone, e.tags) for e in back.entries] == [
        ("Lightning Bolt", Zone.MAIN, ("burn",)),
        ("Shock", Zone.MAYBEBOARD, ()),
    ]


def test_the_read_back_check_compares_names_and_zones() -> None:
    """An output that damages a name or moves a card is caught, not only one that loses a card.
    (The output is damaged after planning: a writer that damaged it would damage the probes of
    names_not_held too, and the name would be listed as lost.)"""
    parsed = parse_text(EXTRA_ZONES_CSV, "extra.csv")
    plan = plan_export(parsed, "moxfield")
    assert read_back_problem(plan) is None
    damaged = dataclasses.replace(plan, text=plan.text.replace("*F*", "*F* #a b"))
    assert read_back_problem(damaged) == (
        "1 'Frodo, Adventurous Hobbit' (maybeboard) missing; "
        "1 'Frodo, Adventurous Hobbit (LTC) 82 *F* #a b' (maybeboard) read"
    )
    moved = dataclasses.replace(plan, text=plan.text.replace("1 Frodo\n", "SIDEBOARD:\n1 Frodo\n"))
    assert read_back_problem(moved) == "1 'Frodo' (main) missing; 1 'Frodo' (sideboard) read"


COD_WITH_NOTES = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
    <deckname>Burn</deckname>
    <comments>Sideboard
Name: Bob
Author: me</comments>
    <zone name="main">
        <card number="4" name="Lightning Bolt"/>
    </zone>
</cockatrice_deck>
"""


def test_xmage_does_not_write_a_comment_that_reads_back_as_something_else() -> None:
    """XMage's `# Sideboard` read back as a section header (the main deck became the sideboard)
    and `# Name: Bob` as the deck's name: such a comment is listed as lost, not written."""
    plan = plan_export(parse_text(COD_WITH_NOTES, "notes.cod"), "xmage")
    assert [loss.message.split(":")[0] for loss in plan.losses] == ["comment 'Sideboard'", "comment 'Name"]
    assert read_back_problem(plan) is None
    back = parse_text(plan.text, "<xmage>", "xmage")
    assert back.name == "Burn"
    assert [(e.zone, e.name) for e in back.entries] == [(Zone.MAIN, "Lightning Bolt")]
    assert back.metadata.get("author") == "me"


def test_cockatrice_does_not_write_a_comment_that_reads_back_as_a_commander() -> None:
    """A `// Commander: X` comment in a list with a Commander section was written into `<comments>`,
    where Cockatrice's reader takes it for a second commander."""
    parsed = parse_text("Commander\n1 Kenrith, the Returned King\n// Commander: Sol Ring\nDeck\n1 Sol Ring\n")
    plan = plan_export(parsed, "cod")
    assert any(loss.message.startswith("comment 'Commander: Sol Ring'") for loss in plan.losses)
    back = parse_text(plan.text, "<cod>", "cod")
    assert back.metadata["commander"] == "Kenrith, the Returned King"


@pytest.mark.parametrize("to", ["xmage", "cod", "forge", "arena"])
@pytest.mark.parametrize(
    "source",
    [
        "// Format: commander\n// Commander: atraxa, praetors' voice\n"
        "1 Atraxa, Praetors' Voice *CMDR*\n1 Sol Ring\n",
        "// Format: commander\nCommander\n1 Atraxa, Praetors' Voice\nDeck\n1 Sol Ring\n"
        "// Commander: Atraxa, Praetors' Voice\n",
    ],
)
def test_a_commander_both_marked_and_named_in_a_comment_is_no_loss(to: str, source: str) -> None:
    """`// Commander: X` beside X marked `*CMDR*` (or in a Commander section) was listed as a lost
    comment (exit 1), though the output names X as its commander: the comment says what the marked
    commander says, and is written once, as the commander."""
    plan = plan_export(parse_text(source, "both.txt"), to)
    assert [loss.message for loss in plan.losses if "format declaration" not in loss.message] == []
    assert read_back_problem(plan) is None
    back = parse_text(plan.text, f"<{to}>", to)
    if to in ("xmage", "cod"):
        assert back.commented_commanders() == ["Atraxa, Praetors' Voice"]
    else:
        assert [e.name for e in back.zone(Zone.COMMANDER)] == ["Atraxa, Praetors' Voice"]


@pytest.mark.parametrize("to", ["xmage", "cod"])
def test_a_comment_naming_another_commander_than_the_marked_one_is_lost(to: str) -> None:
    """The checker goes by the marked commander; written as a commander line too, the comment would
    read back as a second, different commander. So it is listed as lost, not dropped unsaid."""
    source = "// Format: commander\n// Commander: Sol Ring\n1 Atraxa, Praetors' Voice *CMDR*\n1 Sol Ring\n"
    plan = plan_export(parse_text(source, "other.txt"), to)
    assert [(loss.line, loss.message.split(":")[0]) for loss in plan.losses] == [(2, "comment 'Commander")]
    assert read_back_problem(plan) is None
    assert parse_text(plan.text, f"<{to}>", to).commented_commanders() == ["Atraxa, Praetors' Voice"]


@pytest.mark.parametrize("to", ["xmage", "cod"])
def test_a_commander_named_in_a_comment_is_written_once(to: str) -> None:
    """`// CDR: Sol Ring` was written both as the commander field and as a comment: read back, the
    deck named its commander twice."""
    plan = plan_export(parse_text("// CDR: Sol Ring\n// Creator: me\n1 Sol Ring\n", "cdr.txt"), to)
    assert plan.losses == ()
    back = parse_text(plan.text, f"<{to}>", to)
    assert back.metadata["commander"] == "Sol Ring"


@pytest.mark.parametrize(
    ("to", "set_code", "number"),
    [("forge", "A|1", ""), ("moxfield", "M21", "*F*"), ("moxfield", "M21", "#1")],
)
def test_the_read_back_check_compares_the_printing(to: str, set_code: str, number: str) -> None:
    """Forge's `Opt|A|1` read back with set A, Moxfield's `Opt (M21) *F*` as a foil with no collector
    number: the read-back check compared zones, names and counts only, so the export said nothing."""
    csv = f"Count,Name,Section,Set,Collector Number,Foil,Tags\n1,Opt,main,{set_code},{number},,\n"
    problem = read_back_problem(plan_export(parse_text(csv, "printing.csv"), to))
    assert problem is not None and problem.startswith("'Opt' (main) read back as set ")


def test_the_read_back_check_compares_the_deck_name(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = parse_text(COD_WITH_NOTES, "notes.cod")
    assert read_back_problem(plan_export(parsed, "forge")) is None
    forge = WRITERS["forge"]
    monkeypatch.setitem(WRITERS, "forge", lambda deck: forge(deck).replace("Name=Burn", "Name=Bu"))
    assert read_back_problem(plan_export(parsed, "forge")) == "deck name 'Bu' instead of 'Burn'"


@pytest.mark.parametrize("to", sorted(WRITERS))
def test_a_line_with_no_count_is_listed_as_lost(to: str) -> None:
    """`Brainstorm` (no count) was written `1 Brainstorm` with exit 0: a line with no count that
    names no known card may be a note, which leaves a deck size "not verified"; written with a
    count it is 1 card, and the size is decided."""
    plan = plan_export(parse_text("4 Lightning Bolt\nSideboard notes\n", "counts.txt", "mtgo"), to)
    assert [(loss.line, loss.message.split(":")[0]) for loss in plan.losses] == [
        (2, "1 card line with no count (line 2)")
    ]
    assert read_back_problem(plan) is None


@pytest.mark.parametrize("to", ["arena", "moxfield", "csv"])
def test_a_companion_with_more_copies_in_the_sideboard_reads_back(to: str) -> None:
    """Companion Lurrus and 2 more in the sideboard were written `Companion 1` and `Sideboard 2`,
    which reads back as 1 in the sideboard (the reader takes the companion's copy off it): the
    export refused, "please report this decklist"."""
    source = "Companion\n1 Lurrus of the Dream-Den\n\nDeck\n4 Lightning Bolt\n\nSideboard\n"
    parsed = parse_text(source + "1 Lurrus of the Dream-Den\n2 Lurrus of the Dream-Den\n", "lurrus.txt")
    assert parsed.count(Zone.SIDEBOARD) == 2
    plan = plan_export(parsed, to)
    assert plan.losses == ()
    assert read_back_problem(plan) is None
    back = parse_text(plan.text, f"<{to}>", to)
    assert (back.count(Zone.COMPANION), back.count(Zone.SIDEBOARD)) == (1, 2)


def test_a_zone_not_part_of_the_deck_is_named_in_its_loss() -> None:
    """Cockatrice's tokens zone, exported to a format with no maybeboard, was listed as "1 Soldier:
    the xmage format has no maybeboard", though the source has no maybeboard."""
    parsed = parse_text(
        '<?xml version="1.0"?><cockatrice_deck version="1"><zone name="main">'
        '<card number="4" name="Lightning Bolt"/></zone><zone name="tokens"><card number="1" name="Soldier"/>'
        "</zone></cockatrice_deck>",
        "tokens.cod",
    )
    assert [loss.message for loss in plan_export(parsed, "xmage").losses] == [
        "1 Soldier: the xmage format has no section for zone 'tokens'"
    ]


def test_cockatrices_tokens_zone_survives_a_cockatrice_round_trip() -> None:
    """Regression: a .cod exported to .cod lost its tokens zone (listed as lost, exit 1), though
    Cockatrice has that zone. Tokens (a tokens zone, a line marked as a token) are written there and
    read back as the same; a zone Cockatrice does not have (planes) is still listed as lost."""
    parsed = parse_text(
        '<?xml version="1.0"?><cockatrice_deck version="1"><zone name="main">'
        '<card number="4" name="Lightning Bolt"/></zone><zone name="side"><card number="2" name="Duress"/>'
        '</zone><zone name="tokens"><card number="3" name="Goblin"/><card number="1" name="Treasure" '
        'setShortName="M19"/></zone><zone name="planes"><card number="1" name="Akoum"/></zone>'
        "</cockatrice_deck>",
        "tokens.cod",
    )
    plan = plan_export(parsed, "cod")
    lost = ["1 Akoum: the cod format has no section for zone 'planes'"]
    assert [loss.message for loss in plan.losses] == lost
    assert read_back_problem(plan) is None
    back = parse_text(plan.text, "<cod>", "cod")
    kept = [(e.quantity, e.name, e.zone, zone_tag(e), e.set_code) for e in back.entries]
    assert kept == [(e.quantity, e.name, e.zone, zone_tag(e), e.set_code) for e in parsed.entries][:4]
    assert plan_export(back, "cod").text == plan.text
    marked = parse_text("4 Lightning Bolt\n1 Goblin [token]\n", "marked.txt")
    assert zone_tag(marked.entries[1]) == "token"
    written = plan_export(marked, "cod")
    assert written.losses == () and read_back_problem(written) is None
    assert '<zone name="tokens">\n        <card number="1" name="Goblin"/>' in written.text


MOXFIELD_BODY = (
    '{"name": "Boros Burn", "format": "modern", "description": "Fast burn.\\r\\nFormat: legacy later",'
    ' "createdByUser": {"userName": "alice"}, "publicUrl": "https://moxfield.com/decks/abc",'
    ' "boards": {"mainboard": {"cards": {"x": {"quantity": 4, "card": {"name": "Lightning Bolt"}}}}}}'
)


def test_a_moxfield_description_is_read_and_carried_as_comments_or_listed_as_lost() -> None:
    """Regression: a Moxfield deck's description, author and address were not read: not in the
    deck's metadata, and an export dropped the description without a word. It is the deck's notes:
    written as comments where the target has them, a line that would read back as a field listed
    as lost, and every line listed as lost where the target has no comments."""
    parsed = parse_text(MOXFIELD_BODY, "mox.json")
    assert (parsed.name, parsed.declared_format) == ("Boros Burn", "modern")
    assert {key: parsed.metadata.get(key) for key in ("description", "author", "url")} == {
        "description": "Fast burn.\r\nFormat: legacy later",
        "author": "alice",
        "url": "https://moxfield.com/decks/abc",
    }
    cod = plan_export(parsed, "cod")
    assert "Fast burn." in parse_text(cod.text, "<cod>", "cod").metadata["comments"]
    (lost,) = cod.losses
    assert lost.message.startswith("comment 'Format: legacy later': Cockatrice would read it back as")
    assert read_back_problem(cod) is None
    arena = [loss.message for loss in plan_export(parsed, "arena").losses]
    assert "comment 'Fast burn.': MTG Arena decklists have no comments" in arena
